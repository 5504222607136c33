"""read_pbn on the features of PBN 2.1 that real exports use (issue 14).

Each test is built from the text of the standard, "Portable Bridge Notation", version 2.1
(Tis Veugen et al., 2007): §3.4.13 (``Declarer "^S"``), §3.4.15 (``Result "NS 7"``,
``"^9"``), §4.8 (``#`` and ``##``), §5.2 (``^`` artificial table elements), §5.9
(``ScoreTable`` and its ``Multiplicity`` column). The fields are worked by hand in the
comments (the matchpoints by the §4.2.3 rule, 2 per lower score and 1 per equal one; the
IMPs by the WBF table); contract scores are Law 77 values. Where ``../shared/data`` holds a
case, a test reads it and skips when the folder is absent. Scores and matchpoints are exact;
printed percentages and IMP averages carry two decimals, so they are compared to within
half a unit of the last printed digit (0.005), no looser.
"""

from __future__ import annotations

import gc
import math
import re

import numpy as np
import pytest

from bridgestats.fit import field_spreads
from bridgestats.io import ParseError, field_results, read_pbn, read_pbn_totals, summary_of
from bridgestats.io.results import read_results
from bridgestats.scoring import score_board_results

PRINTED = 0.005  # half a unit of the printed second decimal

# --------------------------------------------------------------------------- Multiplicity

# A club board of 8 tables written as 5 ScoreTable lines (§5.9 "Multiplicity: the
# multiplicity of the score"). Nobody vulnerable. NS scores: 450 x1, 420 x3, 400 x2, 300 x1,
# -50 x1 (4S=, 4S+1, 3NT=, 4HX by E two down, 4S one down).
# Matchpoints (top 2·7 = 14): 450 beats 7 -> 14; 420 beats 4 and ties 2 -> 8+2 = 10;
# 400 beats 2, ties 1 -> 4+1 = 5; 300 beats 1 -> 2; -50 -> 0 (sum 14+30+10+2+0 = 56 = 8·7).
# Percentages 100·MP/14: 100, 71.43, 35.71, 14.29, 0.
# Cross-IMPs over the 7 comparisons (Scoring "Cross2"):
#   450: 3·imps(30)=3, 2·imps(50)=4, imps(150)=4, imps(500)=11 -> 22/7 = 3.14
#   420: imps(-30)=-1, 2·imps(20)=2, imps(120)=3, imps(470)=10 -> 14/7 = 2.00
#   400: imps(-50)=-2, 3·imps(-20)=-3, imps(100)=3, imps(450)=10 -> 8/7 = 1.14
#   300: -4, 3·(-3), 2·(-3), imps(350)=8 -> -11/7 = -1.57
#   -50: -11, 3·(-10), 2·(-10), -8 -> -69/7 = -9.86   (the sums add to 0)
# Counted once per line (5 "tables") every one of these figures would differ.
MULTIPLICITY = """\
% PBN 2.1
[Event "Club Pairs"]
[Site "Clubhouse"]
[Date "2024.03.01"]
[Board "7"]
[North "Own N"]
[East "Own E"]
[South "Own S"]
[West "Own W"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "MP;Cross2"]
[Room "Open"]
[HomeTeam "Home"]
[Table "3"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[Score "NS 420"]
[ScoreMP "NS 10"]
[ScoreIMP "NS 2.00"]
[ScorePercentage "NS 71.43"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\4R;\
Score_EW\\4R;MP_NS\\2R;MP_EW\\2R;Percentage_NS\\6R;IMP_NS\\5R;Multiplicity\\1R"]
 -  - 4S   N 11  450    - 14  0 100.00  3.14 1
 -  - 4S   N 10  420    - 10  4  71.43  2.00 3
 -  - 3NT  N  9  400    -  5  9  35.71  1.14 2
 -  - 4HX  E  8  300    -  2 12  14.29 -1.57 1
 -  - 4S   N  9    -   50  0 14   0.00 -9.86 1
"""


@pytest.fixture()
def multiplicity(tmp_path, write_file):
    return read_pbn(write_file(tmp_path / "club.pbn", MULTIPLICITY))


def test_multiplicity_lines_become_the_whole_field(multiplicity):
    df = multiplicity
    assert len(df) == 8
    assert df["score_ns"].tolist() == [450.0, 420.0, 420.0, 420.0, 400.0, 400.0, 300.0, -50.0]
    assert df["record"].tolist() == [25, 26, 26, 26, 27, 27, 28, 29]  # each row's own line
    s = summary_of(df)
    assert (s.records, s.scorable, s.printed_scores, s.score_mismatches) == (8, 8, 8, 0)
    key = "ScoreTable lines standing for several tables (Multiplicity): rows added"
    assert s.notes == {key: 3}


def test_multiplicity_reproduces_the_printed_matchpoints_and_percentages(multiplicity):
    df = multiplicity
    mp = score_board_results(df, method="mp")
    assert mp["n_results"].tolist() == [8] * 8
    assert mp["mp_ns"].tolist() == df["MP_NS"].tolist()  # exact: whole matchpoints
    assert mp["mp_ew"].tolist() == df["MP_EW"].tolist()
    assert np.abs(mp["pct_ns"] - df["Percentage_NS"]).max() < PRINTED
    # the guard: one row per line (the old reading) gives other matchpoints
    once = df.drop_duplicates("record")
    assert score_board_results(once, method="mp")["mp_ns"].tolist() != once["MP_NS"].tolist()


def test_multiplicity_reproduces_the_printed_cross_imps(multiplicity):
    cross = score_board_results(multiplicity, method="cross_imps")
    assert np.abs(cross["imps_ns"] - multiplicity["IMP_NS"]).max() < PRINTED


def test_multiplicity_field_statistics_see_eight_tables(multiplicity):
    """field_results and the Butler/cross-IMP spreads of fit: the hand-worked field.

    Unordered pairs and their IMPs: 450-420 3x1, 450-400 2x2, 450-300 1x4, 450-(-50) 1x11,
    420-400 6x1, 420-300 3x3, 420-(-50) 3x10, 400-300 2x3, 400-(-50) 2x10, 300-(-50) 1x8
    (28 pairs): sum of squares 763, over the 56 ordered pairs 1526/56. Butler against the
    mean, 2760/8 = 345: IMPs 3, 2 (x3), 2 (x2), -2, -9, sum of squares 114 over 8 tables.
    """
    fields = field_results(multiplicity)
    assert fields["n_tables"].tolist() == [8]
    spread = field_spreads(fields["scores"], datum="mean")
    assert spread["n_tables"].tolist() == [8]
    assert spread["cross_imps_rms"].iloc[0] == pytest.approx(math.sqrt(1526 / 56), rel=1e-12)
    assert spread["butler_imps_sd"].iloc[0] == pytest.approx(math.sqrt(114 / 8), rel=1e-12)
    butler = score_board_results(multiplicity, method="butler", datum="mean")
    assert butler["datum"].iloc[0] == 345.0
    assert butler["imps_ns"].tolist() == [3, 2, 2, 2, 2, 2, -2, -9]


@pytest.mark.parametrize("cell", ["x", "0", "2.5", "-3", "100000"])
def test_a_bad_multiplicity_counts_once_or_raises_under_strict(tmp_path, write_file, cell):
    text = MULTIPLICITY.replace("  71.43  2.00 3\n", f"  71.43  2.00 {cell}\n")
    path = write_file(tmp_path / "bad.pbn", text)
    df = read_pbn(path)
    assert len(df) == 6  # the bad line once, the 3NT line twice
    key = "ScoreTable Multiplicity cells not a whole number 1-10000, read as 1"
    assert summary_of(df).notes[key] == 1
    with pytest.raises(ParseError, match=r"^bad\.pbn, line 26: ScoreTable Multiplicity "):
        read_pbn(path, strict=True)


def test_a_missing_multiplicity_is_one_table(tmp_path, write_file):
    text = MULTIPLICITY.replace("  71.43  2.00 3\n", "  71.43  2.00 -\n")
    df = read_pbn(write_file(tmp_path / "m.pbn", text))
    assert len(df) == 6 and summary_of(df).scorable == 6


# --------------------------------------------------------------------------- table lines


def test_score_table_lines_do_not_take_the_records_own_tags(multiplicity):
    """The lines are other tables' results (§5.9): the board record's players, room,
    teams, table and printed scores are its own, the board and event tags are shared."""
    df = multiplicity
    for col in ["north", "east", "south", "west", "room", "home_team", "table"]:
        assert df[col].isna().all(), col
    for col in ["Score", "ScoreIMP", "ScoreMP", "ScorePercentage"]:
        assert df[col].isna().all(), col
    assert set(df["event"]) == {"Club Pairs"} and set(df["Site"]) == {"Clubhouse"}
    assert set(df["Date"]) == {"2024.03.01"} and set(df["Dealer"]) == {"S"}
    assert set(df["vulnerable"]) == {"None"} and set(df["Scoring"]) == {"MP;Cross2"}
    assert df["Deal"].str.startswith("N:AKQJ").all() and (df["board"] == 7).all()
    # each line's own contract, declarer and result, not the record's 4S by N making 10
    assert df["contract"].tolist()[-2:] == ["4HX", "4S"]
    assert df["declarer"].tolist()[-2:] == ["E", "N"] and df["tricks"].tolist()[-2:] == [8, 9]


# A table without a Contract column (§5.9: "any subset is possible"): the results are
# known by their score. Board 6, EW vulnerable. Four results 620, 620, 170, -100 and two
# artificial ones: ^50 (an average awarded, §5.2) and A60. Matchpoints over the four real
# results (top 6): 620 beats 2, ties 1 -> 5 = 83.33 %; 170 -> 2 = 33.33 %; -100 -> 0.
NO_CONTRACT = """\
[Event "Club Pairs"]
[Board "6"]
[Vulnerable "EW"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\5R;Score_EW\\5R;Percentage_NS\\6R"]
 1  2   620     -  83.33
 3  4   620     -  83.33
 5  6   170     -  33.33
 7  8     -   100   0.00
 9 10     -     - ^50.00
11 12   A60     -  60.00
"""


def test_a_table_without_contracts_gives_real_results(tmp_path, write_file):
    path = write_file(tmp_path / "scores.pbn", NO_CONTRACT)
    df = read_pbn(path)
    assert df["score_ns"].tolist()[:4] == [620.0, 620.0, 170.0, -100.0]
    assert df["skip_reason"].iloc[:4].isna().all()
    assert df["skip_reason"].tolist()[4:] == ["adjusted score", "adjusted score"]
    assert df["contract"].isna().all() and df["declarer"].isna().all()
    assert df["Percentage_NS"].tolist()[4] == 50.0  # the artificial number is kept
    s = summary_of(df)
    assert (s.scorable, s.skipped) == (4, {"adjusted score": 2})
    assert s.printed_scores == 0  # a given score is not compared with itself
    key = "ScoreTable lines without a Contract column, scored by their printed score"
    assert s.notes[key] == 4
    real = df[df["skip_reason"].isna()]
    pct = score_board_results(real, method="mp")["pct_ns"]
    assert np.abs(pct - real["Percentage_NS"]).max() < PRINTED
    with pytest.raises(ParseError, match=r"^scores\.pbn, line 9: adjusted score$"):
        read_pbn(path, strict=True)
    only_real = NO_CONTRACT.replace(" 9 10     -     - ^50.00\n11 12   A60     -  60.00\n", "")
    assert (
        summary_of(read_pbn(write_file(tmp_path / "r.pbn", only_real), strict=True)).scorable == 4
    )


def test_artificial_scores_in_a_table_with_contracts_are_adjusted(tmp_path, write_file):
    """§5.2: "^" before a table element marks an artificial score (here an awarded
    percentage on the 3NT line, two tables): adjusted, the number kept."""
    text = MULTIPLICITY.replace("  9  35.71  1.14 2", "  9 ^35.71  1.14 2")
    df = read_pbn(write_file(tmp_path / "a.pbn", text))
    assert df["skip_reason"].tolist()[4:6] == ["adjusted score"] * 2
    assert df["Percentage_NS"].tolist()[4] == 35.71


# --------------------------------------------------------------------------- results


def _board(declarer, contract, result, vulnerable="None", board=1):
    return (
        f'[Board "{board}"]\n[Vulnerable "{vulnerable}"]\n[Declarer "{declarer}"]\n'
        f'[Contract "{contract}"]\n[Result "{result}"]\n'
    )


@pytest.mark.parametrize(
    ("declarer", "contract", "result", "vulnerable", "tricks", "score"),
    [
        ("N", "4S", "NS 10", "None", 10, 420),  # declarer's side: its own count
        ("W", "3NT", "NS 4", "NS", 9, -400),  # the defenders' 4: declarer took 9
        ("E", "4HX", "EW 8", "EW", 8, 500),  # two down doubled, vulnerable
        ("S", "2S", "EW 5 NS 8", "EW", 8, 110),  # both sides given (§3.4.15)
        ("W", "1NT", "NS 6 EW 7", "None", 7, -90),
        ("N", "3NT", "ns 9", "All", 9, 600),  # import format: lower case allowed (§3.11)
    ],
)
def test_result_with_the_side_that_took_the_tricks(
    tmp_path, write_file, declarer, contract, result, vulnerable, tricks, score
):
    df = read_pbn(write_file(tmp_path / "r.pbn", _board(declarer, contract, result, vulnerable)))
    assert df["tricks"].tolist() == [tricks] and df["score_ns"].tolist() == [score]
    assert summary_of(df).skipped == {}


def test_a_side_stated_result_needs_a_declarer(tmp_path, write_file):
    df = read_pbn(write_file(tmp_path / "r.pbn", _board("", "4S", "NS 10")))
    assert df["skip_reason"].tolist() == ["no declarer"]


def test_irregularity_marker_keeps_the_value_and_marks_the_record(tmp_path, write_file):
    """§3.4.13: "^S", declarer and dummy swapped; §3.4.15: "^9", a result that differs
    from the tricks won. 4H by S, 9 tricks, nobody vulnerable: -50."""
    text = _board("^S", "4H", "^9") + "\n" + _board("N", "4S", "^NS 10", board=2)
    text += "\n" + _board("E", "3NT", "9", board=3)
    path = write_file(tmp_path / "i.pbn", text)
    df = read_pbn(path, strict=True)  # irregular records are scored: strict passes
    assert df["declarer"].tolist() == ["S", "N", "E"] and df["tricks"].tolist() == [9, 10, 9]
    assert df["score_ns"].tolist() == [-50.0, 420.0, -400.0]
    assert df["irregular"].tolist() == [True, True, False] and df["irregular"].dtype == bool
    key = "records marked irregular (^ before the declarer or the result), value kept"
    assert summary_of(df).notes == {key: 2}


def test_irregularity_marker_in_a_score_table(tmp_path, write_file):
    text = MULTIPLICITY.replace(" -  - 4HX  E  8  300", " -  - 4HX ^E  8  300")
    text = text.replace(" -  - 4S   N  9    -", " -  - 4S   N ^9    -")
    df = read_pbn(write_file(tmp_path / "t.pbn", text))
    assert df["irregular"].tolist() == [False] * 6 + [True, True]
    assert df["score_ns"].tolist()[-2:] == [300.0, -50.0]


# --------------------------------------------------------------------------- inheritance


def test_header_values_with_double_hash(tmp_path, write_file):
    """§4.8: "##text" is text, used in all subsequent games; a header value may be
    redefined midway; "#" still copies the previous game's value."""
    text = (
        '[Event "##OKbridge Tournament"]\n[North "##Robot"]\n'
        + _board("N", "4S", "10")
        + "\n"
        + _board("N", "4S", "10", board=2)
        + '\n[Event "Second Session"]\n'
        + _board("N", "4S", "10", board=3)
        + "\n"
        + _board("N", "4S", "10", board=4)
        + '\n[Event "#"]\n[North "Human"]\n'
        + _board("N", "4S", "10", board=5)
    )
    path = write_file(tmp_path / "h.pbn", text)
    df = read_pbn(path)
    assert df["event"].tolist() == ["OKbridge Tournament"] * 2 + ["Second Session"] * 3
    assert df["north"].tolist() == ["Robot"] * 4 + ["Human"]
    assert not df["event"].str.contains("#").any()
    totals = read_pbn_totals(path)  # no totals, but the same tag reading: no error
    assert len(totals) == 0


def test_double_hash_does_not_cross_files(tmp_path, write_file):
    a = write_file(tmp_path / "a.pbn", '[North "##Robot"]\n' + _board("N", "4S", "10"))
    b = write_file(tmp_path / "b.pbn", _board("N", "4S", "10"))
    assert read_pbn([a, b])["north"].fillna("-").tolist() == ["Robot", "-"]


def test_double_hash_on_a_result_tag_only_loses_the_prefix(tmp_path, write_file):
    """§4.8 forbids # and ## for Declarer and Contract: the value is read, not inherited."""
    text = _board("##N", "##4S", "10") + "\n" + '[Board "2"]\n[Vulnerable "None"]\n'
    df = read_pbn(write_file(tmp_path / "d.pbn", text))
    assert df["contract"].fillna("-").tolist() == ["4S", "-"]
    assert df["declarer"].fillna("-").tolist() == ["N", "-"]


# --------------------------------------------------------------------------- contracts


@pytest.mark.parametrize("text", ["PAS", "Pas", "pas", "Passe", "Passed", "Pass", "AP"])
def test_passed_out_as_exports_write_it(tmp_path, write_file, text):
    df = read_pbn(write_file(tmp_path / "p.pbn", _board("", text, "")))
    assert df["contract"].tolist() == ["Pass"] and df["score_ns"].tolist() == [0.0]


def test_real_contract_spellings_all_read(shared_data):
    """Every Contract tag value of the shared PBN files is a contract the reader knows
    (a survey before this change found none unread either: 117 distinct spellings)."""
    df = read_pbn([shared_data / "teams-pbn" / "pbn", shared_data / "endplay-pbn"])
    s = summary_of(df)
    assert "unknown contract" not in s.skipped
    assert (s.files, s.files_found) == (106, 108)  # endplay-pbn's PROVENANCE.md, inventory


# --------------------------------------------------------------------------- empty table


def test_an_empty_score_table_keeps_the_boards_own_result(tmp_path, write_file):
    text = _board("N", "4S", "10") + '[ScoreTable "PairId_NS;PairId_EW;Contract;Result"]\n'
    df = read_pbn(write_file(tmp_path / "e.pbn", text))
    assert df["score_ns"].tolist() == [420.0]
    assert summary_of(df).notes["ScoreTables without a row (no table results for their board)"] == 1


# --------------------------------------------------------------------------- folders


def test_folder_finds_every_case_of_suffix(tmp_path, write_file):
    names = ["a.pbn", "b.PBN", "c.Pbn", "sub/d.PBN.gz", "e.pbn.GZ"]
    for k, name in enumerate(names):
        write_file(
            tmp_path / "f" / name, _board("N", "4S", "10", board=k + 1), gz="gz" in name.lower()
        )
    write_file(tmp_path / "f" / "readme.txt", "not a result file\n")
    write_file(tmp_path / "f" / ".hidden.pbn", _board("N", "4S", "10"))
    df = read_pbn(tmp_path / "f")
    assert sorted(df["board"].tolist()) == [1, 2, 3, 4, 5]
    s = summary_of(df)
    assert (s.files, s.files_found) == (5, 6)
    assert s.as_dict()["files_found"] == 6
    r = read_results(tmp_path / "f")
    assert (summary_of(r).files, summary_of(r).files_found, len(r)) == (5, 6, 5)


def test_folder_without_results_says_how_many_other_files(tmp_path, write_file):
    write_file(tmp_path / "g" / "readme.txt", "x\n")
    with pytest.raises(Exception, match=re.escape("(any case); got ") + r".*\(1 other files\)"):
        read_pbn(tmp_path / "g")


def test_real_file_under_an_upper_case_suffix(tmp_path, shared_data):
    real = sorted((shared_data / "teams-pbn" / "pbn").rglob("*.pbn.gz"))[0]
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "COPY.PBN.GZ").symlink_to(real)
    ours = read_pbn(tmp_path / "h")
    direct = read_pbn(real)
    assert summary_of(ours).files == 1 and len(ours) == len(direct) > 0
    assert ours["score_ns"].equals(direct["score_ns"])


def test_reading_leaves_the_garbage_collector_alone(tmp_path):
    """A library changes no process-wide state (issue 24): the collector stays on while a
    file is read, and runs as usual (the old reader switched it off for the whole process
    while it read, and no collection ran)."""
    rows = "".join(f"{k} {k + 100} 3NT N 9 - - - -\n" for k in range(1, 51))
    spec = "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"
    text = "".join(
        f'[Board "{b}"]\n[Vulnerable "None"]\n[ScoreTable "{spec}"]\n{rows}\n' for b in range(1, 41)
    )
    path = tmp_path / "club.pbn"
    path.write_text(text)
    seen = []

    def callback(phase, info):
        if phase == "start":
            seen.append(gc.isenabled())

    assert gc.isenabled()
    gc.callbacks.append(callback)
    try:
        frame = read_pbn(path)
    finally:
        gc.callbacks.remove(callback)
    assert len(frame) == 40 * 50
    assert seen and all(seen)  # collections ran, with the collector on
    assert gc.isenabled()
