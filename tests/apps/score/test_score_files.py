"""Real result files no one here wrote, scored without an internal error (issue 35).

Each failure was first seen on a real file of ``../shared/data`` (the tests that read
one skip without the archive) and is also pinned on a small file written here:

- team matches whose boards name no teams (Cavendish 2000: Room tags, no HomeTeam) are
  two sides per match, "home" (North-South in the open room) and "visitors", never one
  nameless ranking row holding both;
- a file with no scorable result says why, naming the file: records that carry a score
  but no result (Cavendish 1998), a file of deals only (the Bridgemate session's hand
  record);
- a PBN score table that prints ``MP_NS`` without ``MP_EW`` (no file of the archive
  prints a ``ScoreTable``: written here);
- ``--method teams`` on a file whose records are all in the open room (Cavendish 1999)
  is refused by name, and the default says why it matchpoints.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import bridgestats.io as bio
from bridgestats.apps.score import declared_method, score_event, team_matches, team_ranking
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _match(rows, *, home=None, visit=None):
    """rows: (segment, board, room, score_ns); records numbered 1, 2, ..."""
    seg, b, room, score = zip(*rows, strict=True)
    return pd.DataFrame(
        {
            "source": "m.pbn",
            "record": np.arange(1, len(rows) + 1),
            "event": "Teams",
            "segment": list(seg),
            "board": list(b),
            "room": list(room),
            "home_team": home,
            "visit_team": visit,
            "score_ns": np.asarray(score, dtype=float),
            "skip_reason": None,
        }
    )


# two matches, no team names: R1 board 1 +720 (12 IMPs to the open room's NS), board 2
# -160 (4 IMPs to the other side); R2 board 1 +30 (1 IMP)
NAMELESS = _match(
    [
        ("R1", 1, "open", 620),
        ("R1", 1, "closed", -100),
        ("R1", 2, "open", -50),
        ("R1", 2, "closed", 110),
        ("R2", 1, "open", 450),
        ("R2", 1, "closed", 420),
    ]
)


def test_a_match_without_team_names_has_two_sides_home_and_visitors():
    one = NAMELESS[NAMELESS["segment"] == "R1"]
    m = team_matches(one)
    got = m[["team_a", "team_b", "imps_a", "imps_b", "imp_margin"]].values.tolist()
    assert got == [["home", "visitors", 12, 4, 8]]
    assert m.attrs["summary"]["nameless matches"] == 1
    r = team_ranking(m)
    assert r["team"].tolist() == ["home", "visitors"]
    assert r["n_matches"].tolist() == [1, 1]


def test_nameless_sides_of_different_matches_are_not_one_team():
    m = team_matches(NAMELESS)
    assert m[["team_a", "team_b"]].values.tolist() == [
        ["home (R1)", "visitors (R1)"],
        ["home (R2)", "visitors (R2)"],
    ]
    r = team_ranking(m)
    assert len(r) == 4 and set(r["n_matches"]) == {1}
    assert m.attrs["summary"]["nameless matches"] == 2


def test_named_teams_are_kept_as_the_file_names_them():
    named = NAMELESS.assign(home_team="Lions", visit_team="Bears")
    assert team_matches(named).attrs["summary"]["nameless matches"] == 0
    assert set(team_ranking(team_matches(named))["team"]) == {"Lions", "Bears"}


@pytest.mark.shared
def test_cavendish_2000_teams_are_two_sides_of_each_match(shared_data):
    # 295 records with Room tags and no HomeTeam/VisitTeam: 9 matches (R1-R9); main
    # printed one ranking row of 18 matches, 303-303 IMPs and 180 VPs
    path = shared_data / "teams-pbn" / "pbn" / "ca" / "Cavendish-2000.pbn.gz"
    e = score_event(bio.read_results(path))
    assert e.method == "teams" and len(e.matches) == 9
    assert len(e.ranking) == 18 and set(e.ranking["n_matches"]) == {1}
    r1 = e.matches.set_index("segment").loc["R1"]
    assert (r1["team_a"], r1["team_b"], r1["imps_a"], r1["imps_b"]) == (
        "home (R1)",
        "visitors (R1)",
        0,
        27,
    )
    assert e.notes["nameless matches"] == 9


# --------------------------------------------------------------------------- nothing to score


def test_records_with_a_score_and_no_result_are_named_not_an_internal_error():
    f = pd.DataFrame(
        {
            "source": "s.pbn",
            "event": "E",
            "segment": "",
            "board": [1, 2],
            "score_ns": np.nan,
            "score_ns_printed": [140.0, -50.0],
            "skip_reason": "no result",
        }
    )
    with pytest.raises(BridgestatsError, match=r"no scorable result in s\.pbn: 2 records carry"):
        score_event(f)


@pytest.mark.shared
def test_real_files_with_nothing_to_score_say_why(capsys, shared_data):
    cases = {
        shared_data / "teams-pbn" / "pbn" / "ca" / "Cavendish-1998.pbn.gz": (
            "no scorable result in Cavendish-1998.pbn.gz: 110 records carry a score but no result"
        ),
        shared_data / "bridgemate" / "club_pairs_2026-01-19_hands.pbn": (
            "no scorable result in club_pairs_2026-01-19_hands.pbn: a file of deals only (36 deals"
        ),
    }
    for path, said in cases.items():
        code, out, err = _run(capsys, "score", path)
        assert code == 2 and out == ""
        assert said in err and "internal error" not in err


# --------------------------------------------------------------------------- printed tables

# A score table printing North-South's matchpoints only (PBN 2.1 §5: every column is
# optional). 4S by N: 10, 11, 9 (3NT) and 10 tricks: NS scores 420, 450, 400, 420 on a
# top of 6 (2 per beat): 450 -> 6, 420 and 420 -> 3 each, 400 -> 0. Printed: 4, 6, 2, 3.
SCORE_TABLE_NS_ONLY = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;MP_NS\\4R"]
 1  5 4S    N 10    4
 2  6 4S    N 11    6
 3  7 3NT   N  9    2
 4  8 4S    N 10    3
"""


def test_a_score_table_without_east_west_matchpoints_is_compared(capsys, tmp_path):
    path = tmp_path / "ns_only.pbn"
    path.write_text(SCORE_TABLE_NS_ONLY)
    e = score_event(bio.read_results(path))
    row = e.agreement.set_index("printed").loc["MP_NS"]
    assert (row["compared"], row["agree"]) == (4, 2)  # 6 and 3 agree; 4 and 2 do not
    code, out, _err = _run(capsys, "score", path)
    assert code == 0 and "printed MP_NS: 2 of 4 agree" in out


# --------------------------------------------------------------------------- rooms all "open"


def test_the_team_method_without_a_two_room_board_is_refused_by_name():
    f = _match([("1", 1, "open", 620), ("1", 2, "open", -100)])
    with pytest.raises(BridgestatsError, match=r"no two-room team match in m\.pbn.*2 open"):
        score_event(f, method="teams")
    method, source = declared_method(f)
    assert method == "mp" and "all 2 records in the open room" in source


@pytest.mark.shared
def test_cavendish_1999_all_open_rooms(capsys, shared_data):
    path = shared_data / "teams-pbn" / "pbn" / "ca" / "Cavendish-1999.pbn.gz"
    code, out, err = _run(capsys, "score", path, "--method", "teams")
    assert code == 2 and "internal error" not in err
    assert "no two-room team match in Cavendish-1999.pbn.gz" in err
    assert "rooms: 191 open" in err
    code, out, err = _run(capsys, "score", path)
    assert code == 0
    assert "all 191 records in the open room, so no two-room team matches" in out
