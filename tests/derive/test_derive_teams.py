"""Teams and matches reconstructed from the seating (bridgestats.derive.teams).

The synthetic events are built here with known teams, schedule and scores; the IMPs of each
match are recomputed by hand from the WBF IMP table's printed bands (20-40 -> 1, 50-80 ->
2, ..., 400-420... as bridgestats.scoring.imps is itself tested against the table), so a
wrong pairing of tables or a wrong sign fails. The real-data tests check the World
championships' structure (22 teams, 21 rounds, each pair of teams meeting once), which the
files do not state and the reconstruction does not assume.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bridgestats.derive import read_fullfield
from bridgestats.derive.teams import (
    event_key,
    reconstruct_teams,
    round_robin_checks,
    surname,
    team_name,
)
from bridgestats.errors import BridgestatsError

SCORES = np.array([-800, -620, -420, -100, -50, 0, 110, 140, 420, 450, 620, 1430])


def _schedule(n):
    """Circle-method round robin: n - 1 rounds of n / 2 matches."""
    teams = list(range(n))
    out = []
    for _ in range(n - 1):
        out.append([(teams[i], teams[n - 1 - i]) for i in range(n // 2)])
        teams = [teams[0], teams[-1], *teams[1:-1]]
    return out


def synthetic_event(n_teams=6, n_boards=3, *, rng=0, fixed_pairs=False):
    """A round robin of 6-player teams (surnames T<team>p<k>), every table, NS scores.

    Returns the tidy frame and the expected matches (team_a, team_b, round, imps won each).
    """
    gen = np.random.default_rng(rng)
    rows, expected = [], []
    players = {t: [f"T{t}P{k} Given" for k in range(6)] for t in range(n_teams)}
    for r, matches in enumerate(_schedule(n_teams), start=1):
        for home, away in matches:
            seats = {}
            for t in (home, away):
                p = players[t]
                if fixed_pairs:
                    pairs = [(p[0], p[1]), (p[2], p[3]), (p[4], p[5])]
                    order = gen.permutation(3)[:2]
                else:  # partnerships rotate: any two disjoint pairs of the six
                    perm = gen.permutation(6)
                    pairs = [(p[perm[0]], p[perm[1]]), (p[perm[2]], p[perm[3]])]
                    order = [0, 1]
                seats[t] = (pairs[order[0]], pairs[order[1]])
            won = {home: 0, away: 0}
            for b in range(1, n_boards + 1):
                s1, s2 = gen.choice(SCORES, 2)
                (hn, hs), (he, hw) = seats[home]
                (an, as_), (ae, aw) = seats[away]
                rows.append((r, b, hn, ae, hs, aw, float(s1)))  # home NS at table 1
                rows.append((r, b, an, he, as_, hw, float(s2)))  # away NS at table 2
                imp = _imps_by_hand(s1 - s2)
                won[home if imp > 0 else away] += abs(imp)
            expected.append((r, home, away, won[home], won[away]))
    frame = pd.DataFrame(
        rows, columns=["segment", "board", "north", "east", "south", "west", "score_ns"]
    )
    frame["segment"] = frame["segment"].astype(str)
    frame.insert(0, "source", "Syn/Men/scores.txt")
    return frame, expected, players


_BANDS = [
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
]


def _imps_by_hand(diff):
    n = sum(abs(diff) >= lo for lo in _BANDS)
    return int(np.sign(diff)) * n


def _name(players):
    return " / ".join(sorted(p.split()[0] for p in players))


@pytest.mark.parametrize("fixed_pairs", [False, True])
def test_synthetic_round_robin_recovered(fixed_pairs):
    frame, expected, players = synthetic_event(fixed_pairs=fixed_pairs, rng=3)
    teams, matches = reconstruct_teams(frame)
    names = {t: _name(p) for t, p in players.items()}
    if fixed_pairs:  # a pair that never played is not seen: name the ones that played
        played = set(frame[["north", "south", "east", "west"]].to_numpy().ravel())
        names = {t: _name([x for x in p if x in played]) for t, p in players.items()}
    assert sorted(teams["team"]) == sorted(names.values())
    assert len(matches) == len(expected) == 15
    got = matches.set_index(["round", "team_a", "team_b"])
    for r, home, away, w_home, w_away in expected:
        a, b = sorted([names[home], names[away]])
        row = got.loc[(r, a, b)]
        want = (w_home, w_away) if names[home] == a else (w_away, w_home)
        assert (row["imps_a"], row["imps_b"]) == want
        assert row["boards"] == row["boards_scored"] == 3
    checks = round_robin_checks(matches, teams=teams)
    assert checks.loc["Syn/Men", "complete"]
    assert checks.loc["Syn/Men", "meetings_per_pair"] == "1"
    assert checks.loc["Syn/Men", "boards_not_scored"] == 0


def test_missing_table_is_counted_and_its_board_not_scored():
    frame, _, _ = synthetic_event(rng=5)
    drop = frame.index[(frame["segment"] == "2") & (frame["board"] == 2)][0]
    lost = frame.loc[drop]
    _, matches = reconstruct_teams(frame.drop(index=drop))
    hit = matches[(matches["round"] == 2) & (matches["missing_tables"] > 0)]
    assert len(hit) == 1 and hit["missing_tables"].item() == 1
    assert hit["boards_scored"].item() == 2 and hit["boards"].item() == 3
    assert surname(lost["north"]) in hit["team_a"].item() + hit["team_b"].item()
    checks = round_robin_checks(matches)
    assert checks.loc["Syn/Men", "missing_tables"] == 1
    assert checks.loc["Syn/Men", "boards_not_scored"] == 1
    assert checks.loc["Syn/Men", "complete"]  # every pair still met once


def test_player_seated_twice_is_left_out_and_counted():
    frame, _, _ = synthetic_event(rng=7)
    i = frame.index[(frame["segment"] == "1") & (frame["board"] == 1)]
    bad = frame.copy()
    bad.loc[i[0], "north"] = bad.loc[i[2], "north"]  # one id printed at two tables
    teams, matches = reconstruct_teams(bad)
    assert matches.attrs["summary"]["Syn/Men"]["seated_twice"] == 2
    assert len(teams) == 6
    assert round_robin_checks(matches).loc["Syn/Men", "complete"]


def test_a_walkover_shows_as_a_pair_never_met():
    frame, _, _ = synthetic_event(rng=9)
    one = frame[(frame["segment"] == "1")].iloc[:6]  # one match: 2 tables x 3 boards
    _, matches = reconstruct_teams(frame.drop(index=one.index))
    checks = round_robin_checks(matches)
    assert checks.loc["Syn/Men", "pairs_never_met"] == 1
    assert not checks.loc["Syn/Men", "complete"]


def test_names_and_keys():
    assert event_key("2012-Euro/Men/scoresB.txt.gz") == "2012-Euro/Men/B"
    keys = event_key(["2009-18_Bundesliga/scores3a.txt.gz"]).tolist()
    assert keys == ["2009-18_Bundesliga/3a"]
    assert surname("DE WIJS Simon") == "DE WIJS"
    assert surname("Dr. Regine Neuhauser-Riess") == "Neuhauser-Riess"
    assert team_name(["B b", "A a"]) == "a / b"


def test_bad_frame_names_the_argument():
    with pytest.raises(BridgestatsError, match="frame"):
        reconstruct_teams(pd.DataFrame({"north": ["x"]}))
    with pytest.raises(BridgestatsError, match="matches"):
        round_robin_checks(pd.DataFrame({"event": ["x"]}))


@pytest.fixture(scope="module")
def world_2009(shared_data):
    frame = read_fullfield(shared_data / "valet-fullfield" / "2009-World")
    return reconstruct_teams(frame)


def test_real_world_championships_2009(world_2009):
    teams, matches = world_2009
    checks = round_robin_checks(matches, teams=teams)
    for event in ("2009-World/Men", "2009-World/Women"):
        row = checks.loc[event]
        # 22 tables per board and 21 rounds of 16 boards: a 22-team round robin
        assert (row["n_entrants"], row["n_rounds"], row["n_matches"]) == (22, 21, 231)
        assert row["boards"] == "16" and row["meetings_per_pair"] == "1"
        assert row["complete"] and row["missing_tables"] == 0
    # every team has 4-6 players; two rosters as the WBF's 2009 Bermuda Bowl pages list
    # them (USA 2, the winners, and Italy): three partnerships each, joined by the seating
    assert teams["n_players"].between(4, 6).all()
    men = set(teams.loc[teams["event"] == "2009-World/Men", "team"])
    assert "HAMMAN / KATZ / MAHMOOD / MECKSTROTH / NICKELL / RODWELL" in men
    assert "DUBOIN / FANTONI / LAURIA / NUNES / SEMENTA / VERSACE" in men
    # a match's IMPs are the sum of its boards': each side's total is at most 24 per board
    assert (matches[["imps_a", "imps_b"]].max(axis=1) <= 24 * matches["boards"]).all()
