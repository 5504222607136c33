"""The shipped real round robins' matches (data/derived/rescored_matches.csv).

Always: the shipped file's invariants, i.e. the structure every round robin must have,
which the reconstruction does not assume (it only applies the seating rule): every two
teams of an event meet exactly once, never twice in a round, a match's IMPs at most 24
a board scored, and the counts data/derived/README.md states. With the archive
(``shared`` mark): the script's output equals the shipped file.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.derive.teams import MATCH_COLUMNS as COLUMNS
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
    assert len(teams.drop_duplicates()) == 947
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
        side = pd.concat(
            [
                m[["round", "team_a"]].set_axis(["r", "t"], axis=1),
                m[["round", "team_b"]].set_axis(["r", "t"], axis=1),
            ]
        )
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


# --- against the WBF's published standings (Bali 2013, the first championships on the
# WBF 2013 continuous scale): teams found by one surname of their published rosters
_OPEN = {
    "USA1": "BATHURST",
    "Italy": "BOCCHI",
    "Monaco": "HELGEMO",
    "Poland": "BALICKI",
    "Netherlands": "BRINK",
    "England": "ROBSON",
    "China": "LIAN",
    "Canada": "GARTAGANIS",
    "USA2": "FLEISHER",
    "Japan": "FURUTA",
    "Argentina": "LAMBARDI",
}
_WOMEN = {
    "Netherlands": "PASMAN",
    "USA1": "SANBORN",
    "Poland": "SARNIAK",
    "China": "FENG",
    "USA2": "MEYERS",
    "Turkey": "KURANOGLU",
    "France": "CRONIER",
    "England": "DHONDY",
    "Japan": "NISHIDA",
}


def _wbf_standings(m, last_round=None):
    from bridgestats.vp import wbf_vp

    if last_round is not None:
        m = m[m["round"] <= last_round]
    margin = (m["imps_a"] - m["imps_b"]).to_numpy()
    won = wbf_vp(abs(margin), 16)
    vp_a = np.where(margin >= 0, won, 20 - won)
    parts = [
        pd.Series(vp_a, index=m["team_a"].to_numpy()),
        pd.Series(20 - vp_a, index=m["team_b"].to_numpy()),
    ]
    return pd.concat(parts).groupby(level=0).sum().sort_values(ascending=False)


def _find(standings, surname):
    hit = [t for t in standings.index if surname in t.split(" / ")]
    assert len(hit) == 1, surname
    return hit[0]


def test_bali_2013_round_robin_order_as_published(shipped):
    """The round robins' final order as the WBF published it (reported by the Neapolitan
    Bridge Club, "Bali 2013: The Undergraduates", 2013): Bermuda Bowl USA1, Italy, Monaco,
    Poland, Netherlands, England, China, Canada (qualified), USA2 9th, Japan 11th; Venice
    Cup Netherlands, USA1, Poland, China, USA2, Turkey, France, England, Japan 9th. Both
    orders come out of the reconstructed matches exactly."""
    for event, teams, order in (
        (
            "2013-World/Men",
            _OPEN,
            [
                "USA1",
                "Italy",
                "Monaco",
                "Poland",
                "Netherlands",
                "England",
                "China",
                "Canada",
                "USA2",
            ],
        ),
        (
            "2013-World/Women",
            _WOMEN,
            [
                "Netherlands",
                "USA1",
                "Poland",
                "China",
                "USA2",
                "Turkey",
                "France",
                "England",
                "Japan",
            ],
        ),
    ):
        s = _wbf_standings(shipped[shipped["event"] == event])
        assert list(s.index[: len(order)]) == [_find(s, teams[c]) for c in order], event
    s = _wbf_standings(shipped[shipped["event"] == "2013-World/Men"])
    assert list(s.index).index(_find(s, _OPEN["Japan"])) == 10  # 11th


def test_bali_2013_after_three_rounds_as_published(shipped):
    """The WBF Daily Bulletin's standings after round 3 (17 September 2013, reprinted by
    csbnews.org, "Bali 2013: What happened on September 17th"). Eight of the twelve totals
    printed come out to the hundredth of a VP (rounding: 0.005); four do not, and the
    disagreement is stated, not tuned away: Italy 42.42 here against 42.55 and Monaco
    41.67 against 40.72 (their matches have every table: a board result of the files
    differs from the one the WBF scored, for a reason the files do not show), and in the
    Venice Cup USA2 48.34 against 48.10 and France 41.91 against 42.15: one IMP of their
    round-3 match (43-30 here), 0.24 VP either way."""
    men = _wbf_standings(shipped[shipped["event"] == "2013-World/Men"], last_round=3)
    women = _wbf_standings(shipped[shipped["event"] == "2013-World/Women"], last_round=3)
    exact = [
        (men, _OPEN, "Argentina", 46.20),
        (men, _OPEN, "Canada", 44.44),
        (men, _OPEN, "Japan", 34.96),
        (men, _OPEN, "China", 33.65),
        (men, _OPEN, "USA1", 33.10),
        (women, _WOMEN, "Poland", 40.47),
        (women, _WOMEN, "USA1", 36.55),
        (women, _WOMEN, "England", 35.82),
    ]
    for s, teams, country, vp in exact:
        assert s[_find(s, teams[country])] == pytest.approx(vp, abs=0.005), country
    off = [
        (men, _OPEN, "Italy", 42.55, 42.42),
        (men, _OPEN, "Monaco", 40.72, 41.67),
        (women, _WOMEN, "USA2", 48.10, 48.34),
        (women, _WOMEN, "France", 42.15, 41.91),
    ]
    for s, teams, country, printed, here in off:
        assert s[_find(s, teams[country])] == pytest.approx(here, abs=0.005), country
        assert abs(here - printed) < 1.0
