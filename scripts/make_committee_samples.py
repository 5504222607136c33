"""Write the sample committee files shipped in data/committee/ (the match results CSV).

Run: ``.venv/bin/python scripts/make_committee_samples.py`` (writes
``data/committee/teams_matches.csv`` and ``data/committee/swiss_pairs_rounds.csv``;
deterministic). ``data/README.md`` documents both and the CSV's columns;
``tests/derive/test_committee_samples.py`` runs this script's functions again and compares.

- ``teams_matches.csv``: a real event, the 2013 Bermuda Bowl round robin (22 teams, 21
  rounds of 16 boards), every match as shipped in ``data/derived/rescored_matches.csv``
  (teams reconstructed from the seating of the VALET full field, named by their players'
  surnames), with the VPs of the WBF 2013 continuous scale it was played on.
- ``swiss_pairs_rounds.csv``: a simulated club Swiss pairs, one round a week
  (:func:`bridgestats.sim.matches.simulate_match_results`): 64 pairs, 10 rounds of 8
  boards, a random first round then by score, per-board sd k and strength spread τ the
  evidence's Swiss pairs fit (``data/derived/sigma_evidence_inputs.csv``: ``pairs_k``,
  ``strength_sd``), scored on the EBU 2006 table, seed 2026.
"""

from __future__ import annotations

import pandas as pd

from bridgestats import datasets
from bridgestats.paths import data_dir
from bridgestats.sim.matches import simulate_match_results
from bridgestats.vp import named_scale

SEED = 2026
TEAMS_EVENT = "2013-World/Men"


def teams_matches() -> pd.DataFrame:
    """The 2013 Bermuda Bowl round robin in the match results CSV's columns."""
    m = datasets.load("derived/rescored_matches")
    m = m[m["event"] == TEAMS_EVENT].reset_index(drop=True)
    scale = named_scale("wbf", n_boards=int(m["boards"].max()))
    margin = (m["imps_a"] - m["imps_b"]).to_numpy(dtype=float)
    return pd.DataFrame(
        {
            "event": "Bermuda Bowl 2013, round robin",
            "round": m["round"],
            "home": m["team_a"],
            "visitors": m["team_b"],
            "boards": m["boards"],
            "imps_home": m["imps_a"],
            "imps_visitors": m["imps_b"],
            "vp_home": scale.vp(margin),
            "vp_visitors": scale.vp(-margin),
        }
    )


def swiss_pairs_rounds() -> pd.DataFrame:
    """The simulated club Swiss pairs."""
    inputs = datasets.load("derived/sigma_evidence_inputs").set_index("input")["value"]
    return simulate_match_results(
        64,
        n_rounds=10,
        n_boards=8,
        form="swiss_pairs",
        pairing="score",
        k=float(inputs["pairs_k"]),
        strength_sd=float(inputs["strength_sd"]),
        scale="ebu_2006",
        event="Simulated club Swiss pairs",
        first_date="2025-03-01",
        rng=SEED,
    )


def main() -> None:
    out = data_dir() / "committee"
    out.mkdir(exist_ok=True)
    teams_matches().to_csv(out / "teams_matches.csv", index=False)
    swiss_pairs_rounds().to_csv(out / "swiss_pairs_rounds.csv", index=False)


if __name__ == "__main__":
    main()
