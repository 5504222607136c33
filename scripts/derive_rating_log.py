"""Derive the session log of real players shipped as data/derived/rating_sessions.csv.

Run: ``.venv/bin/python scripts/derive_rating_log.py`` (reads ``../shared/data/valet-fullfield``
via :func:`bridgestats.paths.shared_data_dir`, writes ``data/derived/rating_sessions.csv``;
deterministic, no randomness). ``data/derived/README.md`` documents the file;
``tests/test_derived_data.py`` re-derives it and compares.
"""

from __future__ import annotations

import sys

import pandas as pd

from bridgestats.derive import rating_board_log, rating_players, rating_sessions, read_fullfield
from bridgestats.paths import data_dir, shared_data_dir

FLOAT_FORMAT = "%.10g"


def derive(shared) -> pd.DataFrame:
    """The session log, from the archive folder ``shared`` (its ``attrs["summary"]`` counts
    every table result left out, by reason)."""
    frame = read_fullfield(shared / "valet-fullfield")
    return rating_sessions(rating_board_log(frame))


def main() -> int:
    shared = shared_data_dir()
    if shared is None:
        print("../shared/data is absent: nothing to derive from", file=sys.stderr)
        return 1
    sessions = derive(shared)
    path = data_dir() / "derived" / "rating_sessions.csv"
    sessions.to_csv(path, index=False, float_format=FLOAT_FORMAT, lineterminator="\n")
    summary = sessions.attrs["summary"]
    players = rating_players(sessions)
    print(f"{path}: {len(sessions)} sessions, {sessions['n_boards'].sum()} table results")
    print(f"table results read {summary['records'] + summary['dropped']['duplicate file']}, "
          f"left out by reason {summary['dropped']}")  # fmt: skip
    print(
        f"players {len(players)}, in 2 or more championships "
        f"{int((players['n_championships'] >= 2).sum())}, partners per player "
        f"{players['n_partners'].value_counts().sort_index().to_dict()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
