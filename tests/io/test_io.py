"""Unit tests of bridgestats.io on small hand-written files (fast; no archive needed).

Expected scores are Law 77 values checked by hand and against Funbridge's "Frequently asked
questions" worked example (3NT vulnerable: 9 tricks +600, 10 tricks +630, 8 tricks -100);
scores are exact integers, so every comparison is exact.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgestats.errors import BridgestatsError
from bridgestats.io import (
    COLUMNS,
    SKIP_REASONS,
    LoadSummary,
    ParseError,
    field_results,
    match_margins,
    read_acbl_travellers,
    read_lin,
    read_pbn,
    read_valet,
    summary_of,
    team_board_swings,
)
from bridgestats.io._records import _vulnerable_from_board

# Two rooms of board 1 and board 2, "#" for repeated tags, a passed-out board, a brace
# comment holding a blank line, a board with its result missing, and a second-table
# record that omits every unchanged tag (the rpbridge.net export quirk).
PBN_TEAMS = """\
% PBN 2.1
% EXPORT
[Event "Test Teams"]
[Stage "R1"]
[HomeTeam "Alpha"]
[VisitTeam "Beta"]
[Board "1"]
[North "n1"]
[East "e1"]
[South "s1"]
[West "w1"]
[Dealer "N"]
[Vulnerable "All"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Room "Open"]
[Declarer "S"]
[Contract "3NT"]
[Result "10"]
[Score "NS 630"]

[Event "#"]
[Stage "#"]
[HomeTeam "#"]
[VisitTeam "#"]
[Board "#"]
[North "n2"]
[East "e2"]
[South "s2"]
[West "w2"]
[Dealer "#"]
[Vulnerable "#"]
[Deal "#"]
[Room "Closed"]
[Declarer "N"]
[Contract "3NT"]
[Result "8"]
{A comment

with a blank line inside}
[Score "NS -100"]

[Event "Test Teams"]
[Stage "R1"]
[HomeTeam "Alpha"]
[VisitTeam "Beta"]
[Board "2"]
[Vulnerable "NS"]
[Room "Open"]
[Declarer ""]
[Contract "Pass"]
[Result ""]

[Board "2"]
[Room "Closed"]
[Declarer "E"]
[Contract "4SX"]
[Result "10"]
[Score "+590"]

[Event "Test Teams"]
[Board "3"]
[Vulnerable "None"]
[Room "Open"]
[Declarer "W"]
[Contract "2H"]
[Result ""]
"""

# PBN 2.1 §5.5 ScoreTable: column spec with widths, "-" empty cells, a quoted name with
# a blank, a result relative to the contract, an adjusted score without a contract.
_SPEC = (
    "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;Names_NS\\12L"
)
PBN_SCORE_TABLE = """\
% PBN 2.1
[Event "Club Pairs"]
[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[ScoreTable "@SPEC@"]
 1  1 11 4S    N 10    620      -  5.0 "Ann Bee"
 2  2 12 4S    N  =    620      -  5.0 Cat
 3  3 13 3NT   S  8      -    100  1.0 -
 4  4 14 -     -  -    A60      -  3.0 Dan
 5  5 15 Pass  -  -      0      -  2.0 Eve

[Event "Club Pairs"]
[Board "6"]
[Vulnerable "EW"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R"]
 1 11 2H    E  9      -
""".replace("@SPEC@", _SPEC)


@pytest.fixture()
def teams_pbn(tmp_path, write_file):
    return write_file(tmp_path / "teams.pbn", PBN_TEAMS)


# --------------------------------------------------------------------------- PBN


def test_pbn_schema_and_scores(teams_pbn):
    df = read_pbn(teams_pbn)
    assert list(df.columns[: len(COLUMNS)]) == list(COLUMNS)
    assert len(df) == 5
    # Funbridge FAQ: 3NT vulnerable +630 with 10 tricks, -100 with 8 tricks.
    assert df["score_ns"].iloc[:2].tolist() == [630.0, -100.0]
    # passed out: scorable, 0; 4SX by East making 10 tricks, not vulnerable: EW +590
    assert df["contract"].iloc[2] == "Pass" and df["score_ns"].iloc[2] == 0.0
    assert df["contract"].iloc[3] == "4SX" and df["score_ns"].iloc[3] == -590.0
    # missing result: kept, not scored, reason given
    assert np.isnan(df["score_ns"].iloc[4]) and df["skip_reason"].iloc[4] == "no result"


def test_pbn_hash_and_inheritance(teams_pbn):
    df = read_pbn(teams_pbn)
    closed = df.iloc[1]
    # "#" copies the previous record's value
    assert (closed["event"], closed["segment"], closed["board"]) == ("Test Teams", "R1", 1)
    assert closed["vulnerable"] == "All" and closed["home_team"] == "Alpha"
    # the record that omits unchanged tags inherits board, vulnerability, event, teams
    quirk = df.iloc[3]
    assert (quirk["board"], quirk["vulnerable"], quirk["home_team"]) == (2, "NS", "Alpha")
    assert quirk["room"] == "closed"
    # ... but never a result tag: the passed-out record before it had no Score
    assert np.isnan(df["score_ns_printed"].iloc[2])
    # the passed-out board 2 omits Deal: it must not take board 1's deal
    assert df["Deal"].iloc[0] == df["Deal"].iloc[1] and pd.isna(df["Deal"].iloc[2])
    # inherited: board 2 closed (board, event, teams ...), board 3 (stage, teams)
    assert summary_of(df).notes["records that inherited board or match tags"] == 2


def test_pbn_records_and_lines(teams_pbn):
    df = read_pbn(teams_pbn)
    lines = teams_pbn.read_text().split("\n")
    for rec in df["record"]:
        assert lines[rec - 1].startswith("[")  # the record's first tag line
    assert df["record"].tolist() == [3, 21, 42, 53, 60]


def test_pbn_printed_scores(teams_pbn):
    df = read_pbn(teams_pbn)
    # "+590" bare: declarer's (East's) score, so -590 for North-South
    assert df["score_ns_printed"].iloc[3] == -590.0
    s = summary_of(df)
    assert (s.printed_scores, s.score_mismatches) == (3, 0)


def test_pbn_summary(teams_pbn):
    s = read_pbn(teams_pbn).attrs["summary"]
    assert isinstance(s, LoadSummary)
    assert (s.files, s.records, s.scorable, s.skipped) == (1, 5, 4, {"no result": 1})
    assert s.as_dict()["skipped"] == {"no result": 1}
    assert set(s.skipped) <= set(SKIP_REASONS)


def test_pbn_gzip_equals_plain(tmp_path, teams_pbn, write_file):
    gz = write_file(tmp_path / "teams.pbn.gz", PBN_TEAMS, gz=True)
    plain, packed = read_pbn(teams_pbn), read_pbn(gz)
    pd.testing.assert_frame_equal(plain.drop(columns="source"), packed.drop(columns="source"))


def test_pbn_directory_and_list(tmp_path, write_file):
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    write_file(sub / "x.pbn", PBN_TEAMS)
    write_file(tmp_path / "y.pbn.gz", PBN_TEAMS, gz=True)
    df = read_pbn(tmp_path)
    assert sorted(df["source"].unique()) == ["a/b/x.pbn", "y.pbn.gz"]
    assert summary_of(df).files == 2 and len(df) == 10
    assert len(read_pbn([sub / "x.pbn", tmp_path / "y.pbn.gz"])) == 10


def test_pbn_strict_names_file_and_line(teams_pbn):
    with pytest.raises(ParseError, match=r"teams\.pbn, line 60: no result"):
        read_pbn(teams_pbn, strict=True)


def test_pbn_not_a_pbn_file(tmp_path, write_file):
    bad = write_file(tmp_path / "bad.pbn", "this is not PBN\n")
    with pytest.raises(ParseError, match=r"bad\.pbn: no PBN tag pairs"):
        read_pbn(bad)
    with pytest.raises(
        BridgestatsError, match=r"^path: must be an existing file or folder; got .*missing\.pbn$"
    ):
        read_pbn(tmp_path / "missing.pbn")


def test_pbn_score_table_expanded(tmp_path, write_file):
    df = read_pbn(write_file(tmp_path / "pairs.pbn", PBN_SCORE_TABLE))
    assert len(df) == 6
    b5 = df[df["board"] == 5]
    assert b5["pair_ns"].tolist() == ["1", "2", "3", "4", "5"]
    assert b5["contract"].fillna("-").tolist() == ["4S", "4S", "3N", "-", "Pass"]
    # "=" is relative to the contract: 4S= is 10 tricks
    assert b5["tricks"].tolist()[:3] == [10, 10, 8]
    # 4S by N vulnerable making 10: +620; 3NT by S vulnerable, 8 tricks: -100
    assert b5["score_ns"].tolist()[:3] == [620.0, 620.0, -100.0]
    assert b5["score_ns_printed"].tolist()[:3] == [620.0, 620.0, -100.0]
    # "A60" with no contract: an adjusted score, kept and counted
    assert b5["skip_reason"].iloc[3] == "adjusted score"
    assert b5["MP_NS"].tolist() == [5.0, 5.0, 1.0, 3.0, 2.0]
    assert b5["Names_NS"].fillna("-").tolist() == ["Ann Bee", "Cat", "-", "Dan", "Eve"]
    # each row's record is its own line in the file
    lines = PBN_SCORE_TABLE.split("\n")
    assert [lines[r - 1].split()[0] for r in b5["record"]] == ["1", "2", "3", "4", "5"]
    b6 = df[df["board"] == 6].iloc[0]
    assert (b6["declarer"], b6["tricks"], b6["vulnerable"], b6["score_ns"]) == ("E", 9, "EW", -140)
    s = summary_of(df)
    assert (s.records, s.scorable, s.skipped) == (6, 5, {"adjusted score": 1})


def test_pbn_score_table_agrees_with_endplay(tmp_path, write_file):
    """endplay's PBN parser (an independent implementation) reads the same table cells."""
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    text = PBN_SCORE_TABLE.replace('"Ann Bee"', "Ann")  # endplay splits cells on blanks
    path = write_file(tmp_path / "pairs.pbn", text)
    ours = read_pbn(path)
    with open(path) as fh:
        boards = endplay_pbn.load(fh)
    rows = boards[0].info["ScoreTable"]["rows"]
    theirs = pd.DataFrame(
        rows, columns=[c["name"] for c in boards[0].info["ScoreTable"]["headers"]]
    )
    b5 = ours[ours["board"] == 5]
    assert b5["pair_ew"].tolist() == theirs["PairId_EW"].tolist()
    assert b5["MP_NS"].tolist() == theirs["MP_NS"].astype(float).tolist()


def test_pbn_score_table_bad_row(tmp_path, write_file):
    text = PBN_SCORE_TABLE.replace(" 2  2 12 4S    N  =    620      -  5.0 Cat", " 2  2 12 4S")
    with pytest.raises(ParseError, match=r"line 9: ScoreTable row has 4 cells"):
        read_pbn(write_file(tmp_path / "bad.pbn", text))


# --------------------------------------------------------------------------- LIN

# A two-board segment: board 1 both rooms (one by claim, one played out in full), board 2
# open room only in qx (the closed room only in the rs header).
LIN = (
    "vg|Test Final,Segment 1 of 2,I,1,2,Alpha,0,Beta,3|\n"
    "rs|3NS=,3NN-1,4HE+1,4HEx-1|\n"
    "pn|s1,w1,n1,e1,s2,w2,n2,e2|\n"
    "qx|o1|md|3SAKQHAKQDAKQCAKQJ,S2345H2345D2345C2,S6789H6789D6789C3,STJHTJDTJC456789T|"
    "sv|b|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|h2|mc|9|pg||\n"
    "qx|c1|md|3SAKQHAKQDAKQCAKQJ,S2345H2345D2345C2,S6789H6789D6789C3,STJHTJDTJC456789T|"
    "sv|b|mb|p|mb|1N!|mb|p|mb|3N|mb|p|mb|p|mb|p|"
    + "".join(f"pc|{c}|" for c in ["SA", "S2", "S6", "ST"] * 13)
    + "pg||\n"
    "qx|o2|md|4S2H2D2C2,S3H3D3C3,S4H4D4C4,S5H5D5C5|sv|n|mb|1H|mb|p|mb|4H|"
    "mb|p|mb|p|mb|p|mc|11|pg||\n"
)


def test_lin_reads_both_rooms(tmp_path, write_file):
    df = read_lin(write_file(tmp_path / "m.lin", LIN))
    assert len(df) == 4
    o1, c1, o2, c2 = (df.iloc[i] for i in range(4))
    # dealer North (md|3...): 1N by North, 3N by South, so North declares; claim of 9
    assert (o1["contract"], o1["declarer"], o1["tricks"], o1["tricks_from"]) == (
        "3N",
        "N",
        9,
        "claim",
    )
    assert o1["score_ns"] == 600.0 and (o1["north"], o1["south"]) == ("n1", "s1")
    assert o1["Dealer"] == "N" and o1["vulnerable"] == "All"
    # closed: East opened 1N (alert mark ignored), West raised: East declares; South leads
    # the ace of spades every trick and wins all 13, so East took 0: 3NT vul -9 = -900
    assert (c1["declarer"], c1["tricks"], c1["tricks_from"]) == ("E", 0, "play")
    assert c1["score_ns"] == 900.0 and c1["north"] == "n2" and c1["room"] == "closed"
    assert (o2["contract"], o2["declarer"], o2["tricks"], o2["vulnerable"]) == ("4H", "E", 11, "NS")
    # closed room of board 2 from the rs header only (4HEx-1); board 2 is NS vulnerable
    assert (c2["contract"], c2["tricks"], c2["tricks_from"], c2["vulnerable"]) == (
        "4HX",
        9,
        "rs",
        "NS",
    )
    assert c2["score_ns"] == 100.0
    # printed rs results: 3NS= (+600) and 4HE+1 (-450) agree; 3NN-1 (-100) does not
    assert df["score_ns_printed"].tolist() == [600.0, -100.0, -450.0, 100.0]
    assert summary_of(df).score_mismatches == 1
    assert (o1["carry_home"], o1["carry_visit"]) == (0, 3)
    s = summary_of(df)
    assert s.notes == {"tables only in the rs header (no qx record): result from rs": 1}


def test_lin_no_commands(tmp_path, write_file):
    with pytest.raises(ParseError, match="no LIN commands"):
        read_lin(write_file(tmp_path / "x.lin", "hello\n"))


# --------------------------------------------------------------------------- VALET

VALET = "1|1|101|102|103|104|3N|S|10|H4\n1|1|105|106|107|108|4S|E|9\n1|2|101|102|103|104|P|||\n"


def test_valet_rows_and_vulnerability(tmp_path, write_file):
    (tmp_path / "2009-World" / "Men").mkdir(parents=True)
    path = write_file(tmp_path / "2009-World" / "Men" / "scores.txt", VALET)
    names = write_file(tmp_path / "2009-World" / "Men" / "names.txt", "101|Ann\n103|Bob\n")
    df = read_valet(path, names=names)
    assert df["event"].tolist() == ["2009-World/Men"] * 3
    assert df["segment"].tolist() == ["1", "1", "1"]
    assert df["north"].tolist()[0] == "Ann" and df["east"].tolist()[0] == "102"
    # board 1 nobody vulnerable: 3NT+1 by S = +430; 4S-1 by E = +50 to NS; board 2 passed
    assert df["score_ns"].tolist() == [430.0, 50.0, 0.0]
    assert df["lead"].fillna("").tolist() == ["H4", "", ""]
    assert df["vulnerable"].tolist() == ["None", "None", "NS"]
    assert df["Dealer"].tolist() == ["N", "N", "E"]


def test_valet_names_folder_keeps_ids_per_file(tmp_path, write_file):
    """Ids are local to each file: id 101 is Ann in group A and Cy in group B (the
    archive's 2008-Euro/Men/scoresA.txt and scoresB.txt each count from 1)."""
    men = tmp_path / "2008-Euro" / "Men"
    write_file(men / "scoresA.txt", VALET)
    write_file(men / "scoresB.txt", VALET)
    write_file(men / "namesA.txt", "101|Ann\n")
    write_file(men / "namesB.txt", "101|Cy\n")
    women = tmp_path / "2008-Euro" / "Women"
    write_file(women / "scores.txt", VALET)
    write_file(women / "names.txt", "101|Di\n")
    df = read_valet(tmp_path, names=tmp_path)
    first = df.groupby("source")["north"].first()
    assert first.to_dict() == {
        "2008-Euro/Men/scoresA.txt": "Ann",
        "2008-Euro/Men/scoresB.txt": "Cy",
        "2008-Euro/Women/scores.txt": "Di",
    }
    write_file(tmp_path / "Other" / "scores.txt", VALET)  # no names file beside it
    with pytest.raises(BridgestatsError, match="names: must be a names file beside"):
        read_valet(tmp_path, names=tmp_path)


def test_valet_bad_line_names_file_and_line(tmp_path, write_file):
    path = write_file(tmp_path / "scores.txt", VALET + "1|3|1|2|3\n")
    with pytest.raises(ParseError, match=r"scores\.txt, line 4: expected 9 or 10"):
        read_valet(path)


def test_vulnerability_cycle_law_2():
    """Law 2's table: boards 1-16 (None NS EW All NS EW All None EW All None NS All None NS
    EW), repeating every 16 boards."""
    law2 = "None NS EW All NS EW All None EW All None NS All None NS EW".split()
    assert _vulnerable_from_board(np.arange(1, 17)).tolist() == law2
    assert _vulnerable_from_board(np.arange(17, 33)).tolist() == law2


# --------------------------------------------------------------------------- ACBL

ACBL = """\
session,section,board,vul,contract,declarer,made,score_ns,score_ew,mp_ns,mp_ew,pair_ns,pair_ew
2017-01-09/recap_b_20170109.html,,1,None,3NT,S,4,430,,10.50,1.50,5,9
2017-01-09/recap_b_20170109.html,,1,None,4S,E,-2,100,,8.00,4.00,6,8
2017-01-09/recap_b_20170109.html,,2,NS,2 HX,N,2,670F,,11.00,1.00,7,10
2017-01-09/recap_b_20170109.html,,2,NS,NP,,,Ave+,Ave-,7.20,4.80,2,3
2017-01-09/recap_b_20170109.html,,2,NS,,,,Ave-,Ave+,4.80,7.20,4,1
2017-01-09/recap_b_20170109.html,,3,EW,Pass,,,Pass,,6.00,6.00,3,1
2017-01-09/recap_b_20170109.html,,3,EW,1NT,W,1,,140,2.00,10.00,1,11
"""


def test_acbl_travellers(tmp_path, write_file):
    df = read_acbl_travellers(write_file(tmp_path / "travellers.csv", ACBL))
    assert df["segment"].unique().tolist() == ["B"]  # the letter in recap_b_...
    # made is relative to book: 3NT made 4 = 10 tricks (+430); 4S -2 = 8 tricks (+100 NS)
    assert df["tricks"].tolist()[:3] == [10, 8, 8]
    assert df["score_ns"].tolist()[:3] == [430.0, 100.0, 670.0]
    assert df["score_flag"].fillna("").tolist() == ["", "", "F", "Ave+", "Ave-", "", ""]
    assert df["skip_reason"].fillna("").tolist()[3:5] == ["not played", "adjusted score"]
    # 1NT by W vulnerable making 7 tricks: EW +90; the file printed 140 to EW: a mismatch
    assert df["score_ns"].iloc[6] == -90.0 and df["score_ns_printed"].iloc[6] == -140.0
    s = summary_of(df)
    assert (s.records, s.scorable, s.printed_scores, s.score_mismatches) == (7, 5, 5, 1)
    assert df["mp_ns"].tolist()[0] == 10.5 and df["record"].tolist()[0] == 2


def test_acbl_wrong_header(tmp_path, write_file):
    with pytest.raises(ParseError, match=r"line 1: expected the header"):
        read_acbl_travellers(write_file(tmp_path / "travellers.csv", "a,b\n1,2\n"))


# --------------------------------------------------------------------------- frames


def _frame(rows):
    cols = ["source", "event", "segment", "board", "room", "home_team", "visit_team"]
    df = pd.DataFrame(rows, columns=[*cols, "score_ns"])
    df["record"] = np.arange(1, len(df) + 1)
    df["skip_reason"] = None
    return df


def test_swings_pair_rooms_and_sign():
    f = _frame(
        [
            ["f", "E", "1", 1, "open", "A", "B", 620.0],
            ["f", "E", "1", 1, "closed", "A", "B", -100.0],
            ["f", "E", "1", 2, "closed", "A", "B", 50.0],  # closed listed first
            ["f", "E", "1", 2, "open", "A", "B", -420.0],
            ["f", "E", "1", 3, "open", "A", "B", 110.0],  # no partner
        ]
    )
    sw = team_board_swings(f)
    # +620 and +100 to the open-room NS team: 720 -> 12 IMPs; -420 - 50 = -470 -> -10
    assert sw["imps"].tolist() == [12, -10]
    assert sw["score_diff"].tolist() == [720.0, -470.0]
    assert sw.attrs["summary"]["unpaired"] == {
        "not scorable": 0,
        "no room or teams": 0,
        "no partner": 1,
        "different deals": 0,
    }
    mm = match_margins(sw)
    assert mm[["n_boards", "imp_margin", "sum_sq_imps"]].values.tolist() == [[2, 2, 244]]


def test_swings_unknown_rooms_swapped_teams():
    """endplay example2 layout: no Room tag, the other table lists the teams swapped."""
    f = _frame(
        [
            ["f", "E", "1", 7, None, "A", "B", 140.0],
            ["f", "E", "1", 7, None, "C", "D", 0.0],
            ["f", "E", "1", 7, None, "B", "A", -100.0],
            ["f", "E", "1", 7, None, "D", "C", 0.0],
        ]
    )
    sw = team_board_swings(f)
    assert sw["record_open"].tolist() == [1, 2] and sw["record_closed"].tolist() == [3, 4]
    assert sw["imps"].tolist() == [6, 0]


def test_swings_repeated_boards_split_matches():
    rows = []
    for seg_boards in ([600.0, -100.0], [-50.0, -50.0]):
        rows += [["f", "E", None, 1, "open", "A", "B", seg_boards[0]]]
        rows += [["f", "E", None, 1, "closed", "A", "B", seg_boards[1]]]
    sw = team_board_swings(_frame(rows))
    assert sw["match"].str.endswith((" #1", " #2")).all() and sw["match"].nunique() == 2
    assert sw["imps"].tolist() == [12, 0]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-30, 30), st.integers(-30, 30), st.booleans()),
        min_size=1,
        max_size=20,
    )
)
def test_swings_invariants(boards):
    """Swapping the rooms negates every swing (IMP antisymmetry); every record is either
    in a pair or counted as unpaired."""
    rows, swapped = [], []
    for b, (s1, s2, drop) in enumerate(boards, start=1):
        one = ["f", "E", "1", b, "open", "A", "B", s1 * 10.0]
        two = ["f", "E", "1", b, "closed", "A", "B", s2 * 10.0]
        rows += [one] if drop else [one, two]
        swapped += (
            [[*one[:4], "closed", *one[5:]]]
            if drop
            else [
                [*one[:4], "closed", *one[5:]],
                [*two[:4], "open", *two[5:]],
            ]
        )
    a, b = team_board_swings(_frame(rows)), team_board_swings(_frame(swapped))
    assert (a["imps"].to_numpy() == -b["imps"].to_numpy()).all()
    s = a.attrs["summary"]
    assert 2 * s["paired_boards"] + sum(s["unpaired"].values()) == s["records"]


def test_field_results():
    f = pd.DataFrame(
        {
            "source": "s",
            "event": "E",
            "segment": [1, 1, 1, 2],
            "board": [1, 1, 1, 1],
            "score_ns": [420.0, -50.0, np.nan, 100.0],
            "skip_reason": [None, None, "no result", None],
        }
    )
    fr = field_results(f)
    assert fr["n_tables"].tolist() == [2, 1]
    assert fr["scores"].iloc[0].tolist() == [420.0, -50.0]
    assert fr.attrs["summary"] == {"records": 4, "not scorable": 1}


def test_frames_check_columns():
    with pytest.raises(BridgestatsError, match="missing column"):
        team_board_swings(pd.DataFrame({"board": [1]}))
    with pytest.raises(BridgestatsError, match="must be a pandas DataFrame"):
        field_results([1, 2])


def test_read_results_dispatches_by_name(tmp_path, write_file):
    from bridgestats.io import read_results

    (tmp_path / "v").mkdir()
    write_file(tmp_path / "v" / "scores.txt", VALET)
    write_file(tmp_path / "m.lin", LIN)
    write_file(tmp_path / "t.pbn.gz", PBN_TEAMS, gz=True)
    df = read_results(tmp_path)
    assert df.groupby("source").size().to_dict() == {"m.lin": 4, "t.pbn.gz": 5, "v/scores.txt": 3}
    s = summary_of(df)
    assert (s.files, s.records, s.scorable) == (3, 12, 11)
    assert s.skipped == {"no result": 1} and s.printed_scores == 7
    with pytest.raises(
        BridgestatsError,
        match=r"^path: must be files whose name tells the format: .*; got 'x\.xls'$",
    ):
        read_results(write_file(tmp_path / "x.xls", "?"))


_STRAINS = ["C", "D", "H", "S", "NT"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 7),  # level
            st.sampled_from(_STRAINS),
            st.sampled_from(["", "X", "XX"]),
            st.sampled_from("NESW"),
            st.integers(0, 13),  # tricks
            st.sampled_from(["None", "NS", "EW", "All"]),
            st.booleans(),  # write "#" for the event tag
        ),
        min_size=1,
        max_size=12,
    )
)
def test_pbn_round_trip(tmp_path_factory, records):
    """Whatever PBN records are written, read_pbn gives back each field, and the score is
    contract_score's from declarer's side (sign flipped for East-West)."""
    from bridgestats.scoring import contract_score

    text = []
    for i, (level, strain, dbl, decl, tricks, vul, hashed) in enumerate(records):
        event = "#" if hashed and i > 0 else "Round robin"
        text.append(
            f'[Event "{event}"]\n[Board "{i + 1}"]\n[Vulnerable "{vul}"]\n'
            f'[Declarer "{decl}"]\n[Contract "{level}{strain}{dbl}"]\n[Result "{tricks}"]\n'
        )
    path = tmp_path_factory.mktemp("rt") / "rt.pbn"
    path.write_text("\n".join(text))
    df = read_pbn(path)
    assert len(df) == len(records) and (df["event"] == "Round robin").all()
    for row, (level, strain, dbl, decl, tricks, vul, _) in zip(
        df.itertuples(), records, strict=True
    ):
        assert row.contract == f"{level}{strain[0]}{dbl}"
        assert (row.level, row.doubled, row.declarer, row.tricks) == (level, len(dbl), decl, tricks)
        assert row.vulnerable == vul
        side_vul = vul == "All" or (vul == ("NS" if decl in "NS" else "EW"))
        pts = int(contract_score(level, strain, len(dbl), tricks, side_vul))
        assert row.score_ns == (pts if decl in "NS" else -pts)


def test_swings_refuse_anonymous_tables():
    """Without rooms or teams (a full field) nothing says which two tables met."""
    f = _frame([["f", "E", "1", 1, None, None, None, 420.0]] * 4)
    sw = team_board_swings(f)
    assert len(sw) == 0 and sw.attrs["summary"]["unpaired"]["no room or teams"] == 4


# BBO hand-viewer LIN: no vg/qx, one pn|md|ah block per hand (two hands here)
HAND_LIN = (
    "pn|s1,w1,n1,e1|st||md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|"
    "rh||ah|Board 5|sv|n|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|HA|mc|10|pg||\n"
    "pn|s2,w2,n2,e2|st||md|4S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|"
    "rh||ah|Board 6|sv|e|mb|p|mb|p|mb|p|mb|p|pg||\n"
)


def test_lin_hand_viewer_records_are_read_not_dropped(tmp_path, write_file):
    df = read_lin(write_file(tmp_path / "hands.lin", HAND_LIN))
    assert df["board"].tolist() == [5, 6]
    first, second = df.iloc[0], df.iloc[1]
    # md|3: North deals and opens 1N, raised to 3N; claim of 10 tricks, NS vulnerable: +630
    assert (first["contract"], first["declarer"], first["tricks"]) == ("3N", "N", 10)
    assert first["score_ns"] == 630.0 and first["vulnerable"] == "NS"
    # pn gives S, W, N, E of the hand that follows it
    seats = (first["south"], first["west"], first["north"], first["east"])
    assert seats == ("s1", "w1", "n1", "e1")
    assert (second["north"], second["contract"], second["score_ns"]) == ("n2", "Pass", 0.0)
    assert df["room"].isna().all()
    assert summary_of(df).records == 2 and summary_of(df).scorable == 2
    # read next to a vugraph file, nothing of either is lost
    both = read_lin([tmp_path / "hands.lin", write_file(tmp_path / "m.lin", LIN)])
    assert summary_of(both).records == 2 + 4


def test_lin_without_boards_names_the_file(tmp_path, write_file):
    with pytest.raises(ParseError, match=r"empty\.lin: no boards"):
        read_lin(write_file(tmp_path / "empty.lin", "vg|a,b,I,1,2,A,0,B,0|\n"))


def test_swings_never_pair_two_matches_that_play_the_same_deal():
    """EC-2004 layout: open room of one match next to the closed room of another (same
    deal: all matches play the same boards), and the two rooms of one match carry
    different segment tags ("Round 4" and "Segm.1/1"). Each match pairs with itself."""
    f = _frame(
        [
            ["f", "E", "Round 4", 1, "open", "Romania", "Norway", 120.0],
            ["f", "E", "Round 4", 1, "closed", "Denmark", "France", 120.0],
            ["f", "E", "Segm.1/1", 1, "open", "Denmark", "France", 620.0],
            ["f", "E", "Segm.1/1", 1, "closed", "Romania", "Norway", 90.0],
        ]
    )
    f["Deal"] = "N:AKQJ.AKQ.AKQ.AKQ - - -"
    sw = team_board_swings(f)
    pairs = sorted(zip(sw["record_open"], sw["record_closed"], strict=True))
    assert pairs == [(1, 4), (3, 2)]
    # Romania v Norway: 120 - 90 = 30 -> 1 IMP; Denmark v France: 620 - 120 = 500 -> 11
    assert dict(zip(sw["home_team"], sw["imps"], strict=True)) == {"Romania": 1, "Denmark": 11}
    assert sw.attrs["summary"]["unpaired"]["no partner"] == 0


def test_swings_summary_counts_records_not_a_remainder(monkeypatch):
    """records = 2 x paired + unpaired is a check only if "no partner" is counted from the
    records: a record paired twice (here forced) must break the balance."""
    from bridgestats.io import frames

    f = _frame(
        [
            ["f", "E", "1", 1, "open", "A", "B", 620.0],
            ["f", "E", "1", 1, "closed", "A", "B", -100.0],
            ["f", "E", "1", 2, "open", "A", "B", 110.0],
        ]
    )
    s = team_board_swings(f).attrs["summary"]
    assert (s["paired_boards"], s["unpaired"]["no partner"]) == (1, 1)
    assert 2 * s["paired_boards"] + sum(s["unpaired"].values()) == s["records"]
    twice = (np.array([0, 0]), np.array([1, 1]))
    monkeypatch.setattr(frames, "_adjacent_pairs", lambda *args: twice)
    s = team_board_swings(f).attrs["summary"]
    assert s["paired_boards"] == 2 and s["unpaired"]["no partner"] == 1
    assert 2 * s["paired_boards"] + sum(s["unpaired"].values()) != s["records"]


def test_pbn_several_tags_on_one_line(tmp_path, write_file):
    """PBN's import format allows several tag pairs on a line: none may be lost (here the
    printed vulnerability All, not board 3's EW, and the contract and result)."""
    text = (
        '[Board "3"] [Vulnerable "All"]\n[Declarer "N"] [Contract "4S"][Result "10"]\n\n'
        '[Board "4"]\n[Vulnerable "None"] [Declarer "E"]\n[Contract "3NT"]  [Result "8"]\n'
    )
    df = read_pbn(write_file(tmp_path / "m.pbn", text))
    assert df["vulnerable"].tolist() == ["All", "None"]
    assert df["contract"].tolist() == ["4S", "3N"] and df["tricks"].tolist() == [10, 8]
    assert df["score_ns"].tolist() == [620.0, 50.0] and df["record"].tolist() == [1, 4]
    assert summary_of(df).notes == {} and summary_of(df).scorable == 2


def test_pbn_games_run_together_are_split_and_counted(tmp_path, write_file):
    """A missing blank line runs two games together; the second game's Board tag (a new
    value) starts it, so it is split off and counted, not lost (issue 15); a tag repeated
    with the same value is a repeated line, kept once (PBN 2.1 §3.3)."""
    text = (
        '[Board "1"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n'
        '[Board "2"]\n[Vulnerable "NS"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'
        '[Board "3"]\n[Board "3"]\n[Vulnerable "EW"]\n[Declarer "N"]\n[Contract "4S"]\n'
        '[Result "10"]\n'
    )
    path = write_file(tmp_path / "m.pbn", text)
    df = read_pbn(path)
    assert df["board"].tolist() == [1, 2, 3] and df["score_ns"].tolist() == [420.0, 620.0, 420.0]
    assert df["record"].tolist() == [1, 6, 12]  # board 2 starts at its own Board tag
    assert df["vulnerable"].tolist() == ["None", "NS", "EW"]
    key = "games begun without a blank line before them, split at their first tag"
    assert summary_of(df).notes == {key: 1}
    with pytest.raises(ParseError, match=r"^m\.pbn, line 6: a game begins without the blank"):
        read_pbn(path, strict=True)


def test_read_results_names_valet_players_from_the_names_file_beside(tmp_path, write_file):
    named = tmp_path / "named"
    bare = tmp_path / "bare"
    named.mkdir(), bare.mkdir()
    line = "1|1|107|47|86|92|4H|W|12|CQ\n"
    write_file(named / "scoresA.txt", line)
    write_file(named / "namesA.txt", "107|ANN Ash\n47|BOB Birch\n86|CY Cole\n")
    write_file(bare / "scores.txt", line)
    from bridgestats.io import read_results

    df = read_results([named / "scoresA.txt", bare / "scores.txt"])
    # a name the file lacks (92) stays an id, as read_valet(names=...) keeps it
    assert df[["north", "east", "south", "west"]].values.tolist() == [
        ["ANN Ash", "BOB Birch", "CY Cole", "92"],
        ["107", "47", "86", "92"],
    ]
    notes = summary_of(df).notes
    assert notes == {"score files without a names file beside them (player ids kept)": 1}
