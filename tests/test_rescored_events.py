"""The shipped real round robins' matches (data/derived/rescored_matches.csv).

Always: the shipped file's invariants, i.e. the structure every round robin must have,
which the reconstruction does not assume (it only applies the seating rule): every two
teams of an event meet exactly once, never twice in a round, a match's IMPs at most 24
a board scored, and the counts data/derived/README.md states. With the archive
(``shared`` mark): the script's output equals the shipped file.
"""

from __future__ import annotations

import importlib.util

import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.io.teams import MATCH_COLUMNS as COLUMNS
from bridgestats.paths import project_root

#: The three matches the files hold no table of (README: round 1 of the European Women's
#: championships 2008, 2010 and 2014): each event has exactly one pair of teams that never met.
NOT_IN_FILES = {"2008-Euro/Women": 1, "2010-Euro/Women": 1, "2014-Euro/Women": 1}


@pytest.fixture(scope="module")
def shipped():
    return datasets.load("derived/rescored_matches")


def test_columns_and_documented_counts(shipped):
    assert list(shipped.columns) == list(COLUMNS)
    assert len(shipped) == 8_842 and shipped["event"].nunique() == 51
    teams = pd.concat(
        [
            shipped[["event", "team_a"]].set_axis(["event", "team"], axis=1),
            shipped[["event", "team_b"]].set_axis(["event", "team"], axis=1),
        ]
    )
    assert len(teams.drop_duplicates()) == 947  # fmt: skip
    assert shipped["missing_tables"].sum() == 130
    assert (shipped["boards"] - shipped["boards_scored"]).sum() == 137
    assert shipped["ambiguous_tables"].sum() == 0


def test_every_two_teams_meet_once(shipped):
    for event, m in shipped.groupby("event"):
        teams = sorted(set(m["team_a"]) | set(m["team_b"]))
        n = len(teams)
        pairs = m.groupby(["team_a", "team_b"]).size()
        assert (pairs == 1).all(), event
        assert n * (n - 1) // 2 - len(pairs) == NOT_IN_FILES.get(event, 0), event
        assert (m["team_a"] < m["team_b"]).all()
        side = pd.concat([m[["round", "team_a"]].set_axis(["r", "t"], axis=1),
                          m[["round", "team_b"]].set_axis(["r", "t"], axis=1)])  # fmt: skip
        assert not side.duplicated().any(), event  # never two matches in a round
        # a full round robin: n - 1 rounds (n even) or n rounds with one bye each (n odd)
        assert m["round"].nunique() == (n - 1 if n % 2 == 0 else n), event


def test_boards_and_imps_are_in_range(shipped):
    assert set(shipped["boards"]) <= {16, 20, 24, 32}
    assert (shipped.groupby("event")["boards"].nunique() == 1).all()
    assert (shipped["boards_scored"] <= shipped["boards"]).all()
    lost = shipped["boards"] - shipped["boards_scored"]
    assert (shipped["missing_tables"] <= lost).all()
    assert (shipped[["imps_a", "imps_b"]].max(axis=1) <= 24 * shipped["boards_scored"]).all()
    assert (shipped[["imps_a", "imps_b"]] >= 0).all().all()


def _load_script():
    path = project_root() / "scripts" / "derive_rescored_events.py"
    spec = importlib.util.spec_from_file_location("derive_rescored_events", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.shared
def test_rederive_from_archive(shared_data, shipped):
    matches, teams, checks = _load_script().derive(shared_data)
    pd.testing.assert_frame_equal(matches.reset_index(drop=True), shipped, check_dtype=False)
    assert len(teams) == 947 and teams["n_players"].between(4, 13).all()
    assert checks["complete"].sum() == 48  # all but the three events of NOT_IN_FILES
    assert set(checks.index[~checks["complete"]]) == set(NOT_IN_FILES)
    summary = pd.DataFrame(matches.attrs["summary"]).T
    assert summary["joins_refused"].sum() == 0 and summary["seated_twice"].sum() == 0
    assert summary["rows"].sum() == 315_800
