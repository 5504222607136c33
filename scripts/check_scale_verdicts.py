"""Repeat compare_scales' verdicts at the report's sizes under several seeds; list any flips.

Run: ``PYTHONPATH=$PWD .venv/bin/python scripts/check_scale_verdicts.py [SEED ...]`` (seeds
1, 2 and 3 by default; about a minute a seed on one core). It reads the sizes from the
parameters cell of ``notebooks/compare_scales.ipynb`` (its defaults, so the check follows
the report), simulates the three events as the notebook does (every candidate scale against
the reference scale, :func:`bridgestats.studies.scales.compare_scales` and
:func:`~bridgestats.studies.scales.scale_verdicts`; the Swiss events' pairing rules against
pairing by score, :func:`~bridgestats.studies.scales.compare_pairings`) once per seed, and
prints every verdict by seed (``D`` differs, ``n`` not distinguishable, ``?`` unresolved)
with its z, then the comparisons whose verdict is "differs" under one seed and "not
distinguishable" under another. Exit status 1 if there is one.

The developers' guide asks that a verdict drawn from a Monte Carlo figure not flip between
seeds; ``tests/studies/test_studies_scales.py`` checks the same at a size the suite affords.
"""

from __future__ import annotations

import ast
import json
import sys
import time

import numpy as np
import pandas as pd

from bridgestats.paths import project_root
from bridgestats.studies import scales, sigma_evidence

_SHORT = {"differs": "D", "not distinguishable": "n", "unresolved": "?"}


def notebook_defaults() -> dict:
    """The literals of the notebook's parameters cell."""
    nb = json.loads((project_root() / "notebooks" / "compare_scales.ipynb").read_text())
    cell = next(c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", []))
    out = {}
    for node in ast.parse("".join(cell["source"])).body:
        out[node.target.id] = ast.literal_eval(node.value)
    return out


def verdicts(seed: int, p: dict) -> pd.DataFrame:
    """Every verdict of the report's comparisons at one seed: ``kind`` (scale or pairing),
    ``format``, ``measure``, ``compared``, ``z``, ``verdict``."""
    spread = sigma_evidence.teams_model()
    tsd = spread.delta / np.sqrt(2)
    pairs = sigma_evidence.swiss_pairs_fit()
    events = {
        "round robin": dict(n_entrants=p["rr_teams"], n_boards=p["rr_boards"], strength_sd=tsd),
        "Swiss teams": dict(n_entrants=p["swiss_teams"], n_rounds=p["swiss_rounds"],
                            n_boards=p["swiss_boards"], strength_sd=tsd),
        "Swiss pairs": dict(n_entrants=p["pairs_pairs"], n_rounds=p["pairs_rounds"],
                            n_boards=p["pairs_boards"], strength_sd=pairs.strength_sd,
                            k=pairs.k),
    }  # fmt: skip
    frames, rules = [], []
    for event, spec in events.items():
        rr = event == "round robin"
        cands = scales.candidate_scales(event, n_boards=spec["n_boards"], spread=spread)
        n = p["n_events"] if rr else p["n_events_swiss"]
        frames.append(scales.compare_scales(event, scales=cands, pairings=["score"],
                                            n_events=n, rng=seed, **spec))  # fmt: skip
        if not rr:
            rules.append(scales.compare_pairings(event, n_events=n, rng=seed, **spec))
    v = scales.scale_verdicts(pd.concat(frames, ignore_index=True))
    r = pd.concat(rules, ignore_index=True)
    r = r[r.reference.notna()]
    return pd.concat([
        pd.DataFrame({"kind": "scale", "format": v.event, "measure": v.measure,
                      "compared": v.scale, "z": v.z, "verdict": v.verdict}),
        pd.DataFrame({"kind": "pairing", "format": r.event, "measure": r.measure,
                      "compared": r.pairing, "z": r.z, "verdict": r.verdict}),
    ], ignore_index=True)  # fmt: skip


def main(argv: list[str]) -> int:
    seeds = [int(a) for a in argv] or [1, 2, 3]
    p = notebook_defaults()
    print(f"sizes: round robin {p['n_events']:,} events, each Swiss {p['n_events_swiss']:,} "
          f"(per scale, and per pairing rule); seeds {seeds}")  # fmt: skip
    runs = []
    for seed in seeds:
        start = time.perf_counter()
        runs.append(verdicts(seed, p).assign(seed=seed))
        print(f"seed {seed}: {time.perf_counter() - start:.0f} s", flush=True)
    allv = pd.concat(runs, ignore_index=True)
    key = ["kind", "format", "measure", "compared"]
    table = allv.pivot_table(index=key, columns="seed", values="verdict", aggfunc="first",
                             sort=False).replace(_SHORT)  # fmt: skip
    z = allv.pivot_table(index=key, columns="seed", values="z", sort=False).round(2)
    shown = table.astype(str) + " (z " + z.astype(str) + ")"
    with pd.option_context("display.width", 250, "display.max_rows", 500,
                           "display.max_colwidth", 42):  # fmt: skip
        print(shown.to_string())
    flips = table[(table == "D").any(axis=1) & (table == "n").any(axis=1)]
    counts = allv.verdict.value_counts().to_dict()
    print(f"\n{len(table)} comparisons x {len(seeds)} seeds; verdicts {counts}")
    if len(flips):
        print(f"FLIPS ('differs' under one seed, 'not distinguishable' under another): "
              f"{len(flips)}")  # fmt: skip
        print(flips.to_string())
        return 1
    print("no comparison is 'differs' under one seed and 'not distinguishable' under another")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
