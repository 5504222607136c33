"""Derive the real round robins' matches shipped as data/derived/rescored_matches.csv.

Run: ``.venv/bin/python scripts/derive_rescored_events.py`` (reads
``../shared/data/valet-fullfield`` via :func:`bridgestats.paths.shared_data_dir`, writes
``data/derived/rescored_matches.csv``; deterministic, no randomness). The teams and matches
are reconstructed from the seating by :func:`bridgestats.derive.reconstruct_teams` and checked
by :func:`bridgestats.derive.round_robin_checks`; ``data/derived/README.md`` documents the file
and ``tests/test_rescored_events.py`` re-derives it and compares.
"""

from __future__ import annotations

import sys

import pandas as pd

from bridgestats.derive import read_fullfield, reconstruct_teams, round_robin_checks
from bridgestats.paths import data_dir, shared_data_dir

#: Score files of the archive that are not re-scored, with the reason.
EXCLUDED = {
    "2018-Open": "not IMP round robins: board-a-match (BAMQ1, BAMQ2, BAMfinal) and a Swiss "
    "of 15 rounds of 10 boards over 78 tables (Open)",
    "2004-Istanbul-Olympiad": "seating misprinted: 1,812 of its 24,472 table results name a "
    "player who also sits at another table of the same board, and the seating does not "
    "resolve into 72 teams (77 classes, 91 team-rounds with two matches)",
    "2006-Euro/Men": "seating misprinted: 880 of its 21,120 table results print one "
    "match's line-up at both of its tables (11 matches whose two tables cannot be told "
    "apart, their other tables' players not named anywhere, 11 matches not found)",
}


def derive(shared) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The matches, teams and checks of every round robin kept, from the archive ``shared``."""
    frame = read_fullfield(shared / "valet-fullfield")
    keep = ~frame["event"].str.startswith(tuple(EXCLUDED))
    teams, matches = reconstruct_teams(frame.loc[keep])
    summary = matches.attrs["summary"]
    matches = matches.sort_values(["event", "round", "team_a"], kind="stable")
    matches = matches.reset_index(drop=True)
    teams = teams.sort_values(["event", "team"], kind="stable").reset_index(drop=True)
    checks = round_robin_checks(matches, teams=teams)
    matches.attrs["summary"] = summary
    return matches, teams, checks


def main() -> int:
    shared = shared_data_dir()
    if shared is None:
        print("../shared/data is absent: nothing to derive from", file=sys.stderr)
        return 1
    matches, teams, checks = derive(shared)
    path = data_dir() / "derived" / "rescored_matches.csv"
    matches.to_csv(path, index=False, lineterminator="\n")
    print(f"{path}: {len(matches)} matches of {matches['event'].nunique()} events, "
          f"{len(teams)} teams")  # fmt: skip
    with pd.option_context("display.width", 250, "display.max_columns", 20):
        print(checks.to_string())
        print(pd.DataFrame(matches.attrs["summary"]).T.sum().to_dict())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
