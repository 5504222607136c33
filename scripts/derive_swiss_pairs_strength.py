"""Derive data/derived/swiss_pairs_strength_curve.csv: the Swiss pairs strength fit's curve.

Run: ``.venv/bin/python scripts/derive_swiss_pairs_strength.py`` (about 20 s; deterministic:
one seed). It runs :func:`bridgestats.studies.strength.pairs_strength_spread` with
:data:`bridgestats.studies.sigma_evidence.PAIRS_FIT` (the grid of τ, events per τ and seed
every report uses) on ``seeds/brighton_2005_vp_counts`` and writes its simulated curve, one
row per τ, with the fit's parameters and the SHA-256 of the Brighton counts it was
simulated for. The crossing of the curve with Brighton's second half (τ, its interval, k)
takes no simulation: :func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength` computes
it from this file in every process instead of re-simulating. ``data/derived/README.md``
documents the file; ``tests/test_derived_data.py`` checks it against a fresh fit (slow) and
its provenance columns against the current seed file and parameters.
"""

from __future__ import annotations

import sys

from bridgestats import datasets
from bridgestats.paths import data_dir
from bridgestats.studies.sigma_evidence import PAIRS_FIT, PAIRS_FIT_INPUT
from bridgestats.studies.strength import pairs_strength_spread


def derive():
    """The curve with its provenance columns, as shipped."""
    fit = pairs_strength_spread(**PAIRS_FIT)
    return fit.curve.assign(
        n_events=PAIRS_FIT["n_events"],
        rng=PAIRS_FIT["rng"],
        input_sha256=datasets.sha256(PAIRS_FIT_INPUT),
    )


def main() -> int:
    path = data_dir() / "derived" / "swiss_pairs_strength_curve.csv"
    frame = derive()
    # floats as Python's repr (pandas' default): they read back bit for bit
    frame.to_csv(path, index=False, lineterminator="\n")
    print(f"{path}: {len(frame)} rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
