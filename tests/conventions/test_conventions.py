"""The scoring programs' conventions: one catalogue, each rule worked by hand (issue 35).

Outside sources: Neuberg's formula (M. Bavin, EBU) and Compscore3's printed figures
(``../shared/data/usebio``, skipped without the archive); ScoreBridge's rule as issue 35
states it (no ScoreBridge file is in the archive, so it is checked by hand here, not
against ScoreBridge's own output); VALET's datum and rounding as its source code has
them (``src/hand/Hand.cpp``, ``src/scoring.cpp``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

import bridgestats.io as bio
from bridgestats import conventions as conv
from bridgestats.apps.score import board_scores, score_event
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError


def _section(boards):
    """boards: {board: [score_ns, ...]}, one section, pairs numbered per line."""
    rows = [(b, s) for b, scores in boards.items() for s in scores]
    return pd.DataFrame(
        {
            "source": "s.pbn",
            "event": "E",
            "segment": "",
            "board": [b for b, _ in rows],
            "pair_ns": [str(i + 1) for i in range(len(rows))],
            "pair_ew": [str(i + 101) for i in range(len(rows))],
            "score_ns": np.asarray([s for _, s in rows], dtype=float),
        }
    )


# board 1 played 5 times (the section's most), board 2 four times: 450, 420, 420, 400
# matchpointed among themselves (2 per beat, top 6): 6, 3, 3, 0
SHORT = _section({1: [100, 200, 300, 400, 500], 2: [450, 420, 420, 400]})


def test_neuberg_and_scorebridge_factor_a_short_board_by_hand():
    short = SHORT["board"] == 2
    # Neuberg: (M + 1)·5/4 − 1 -> 7.75, 4, 4, 0.25 on a top of 8
    neuberg = board_scores(SHORT, conventions="neuberg")[short]
    assert neuberg["mp_ns"].tolist() == [7.75, 4.0, 4.0, 0.25]
    # ScoreBridge: the missing result a tie with each pair, +1 on a two-per-beat top
    tied = board_scores(SHORT, conventions="scorebridge")[short]
    assert tied["mp_ns"].tolist() == [7.0, 4.0, 4.0, 1.0]
    assert set(tied["top"]) == set(neuberg["top"]) == {8.0}
    # both give the field the board's average, 4 a result
    assert tied["mp_ns"].mean() == neuberg["mp_ns"].mean() == 4.0


def test_the_rules_are_the_catalogue_s_functions():
    assert conv.FACTORING["neuberg"](6, 4, 5) == 7.75
    assert conv.FACTORING["tied"](6, 4, 5) == 7.0
    assert conv.FACTORING["tied"](6, 4, 5, credit=0.0) == 6.0  # nothing for a missing one
    c = conv.CONVENTIONS["scorebridge"]
    assert c.factor(6, 4, 5) == conv.tied_factoring(6, 4, 5, credit=c.missing_credit)


def test_valet_s_datum_is_the_mean_and_its_differences_are_rounded_to_10():
    # scores 0 and 28: VALET's datum is their mean, 14; 14 rounds to 10 (0 IMPs) where
    # the default reading of the gap (above 10 is the next band) gives 1 IMP
    f = _section({1: [0, 28]})
    valet = board_scores(f, method="butler", conventions="valet")
    assert valet["datum"].tolist() == [14.0, 14.0]
    assert valet["imps_ns"].tolist() == [0.0, 0.0]
    plain = board_scores(f, method="butler", datum="mean")
    assert plain["imps_ns"].tolist() == [-1.0, 1.0]
    # an explicit datum overrides the conventions'
    assert board_scores(f, method="butler", conventions="valet", datum="rounded")[
        "datum"
    ].tolist() == [10.0, 10.0]


def test_the_program_a_file_names_chooses_its_conventions():
    assert conv.conventions_of(["Compscore3"]) == (
        conv.CONVENTIONS["compscore"],
        "the file names Compscore3",
    )
    assert conv.conventions_of(["ScoreBridge 7.2"])[0].id == "scorebridge"
    assert conv.conventions_of(["Pianola"]) == (
        conv.DEFAULT,
        "the file names Pianola, not in the catalogue",
    )
    assert conv.conventions_of([None, ""]) == (conv.DEFAULT, "no program named")
    f = SHORT.assign(PROGRAM_NAME="ScoreBridge")
    e = score_event(f)
    assert e.conventions == "scorebridge" and e.notes["conventions"] == "the file names ScoreBridge"
    assert score_event(f, conventions="neuberg").conventions == "neuberg"
    with pytest.raises(BridgestatsError, match="conventions: must be one of"):
        score_event(f, conventions="scorebridge7")


def test_every_entry_is_valid_and_a_bad_one_is_refused():
    for key, c in conv.CONVENTIONS.items():
        assert key == c.id and c.name and c.source
        assert c.factoring in conv.FACTORING
    with pytest.raises(BridgestatsError, match="factoring"):
        conv.Conventions("x", "X", factoring="cubic")


def test_a_new_program_is_one_entry_and_the_command_line_offers_it(monkeypatch, tmp_path, capsys):
    mine = conv.Conventions(
        "my_program", "My program", programs=("myprog",), factoring="tied", source="a test"
    )
    monkeypatch.setitem(conv.CONVENTIONS, "my_program", mine)
    path = tmp_path / "s.pbn"  # one board, two tables, written by "MyProg 2"
    path.write_text(
        '[Event "E"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Generator "MyProg 2"]\n'
        '[North "A"]\n[South "B"]\n[East "C"]\n[West "D"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'
        '[Event "E"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Generator "MyProg 2"]\n'
        '[North "E"]\n[South "F"]\n[East "G"]\n[West "H"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "9"]\n'
    )
    assert score_event(bio.read_results(path)).conventions == "my_program"
    assert main(["score", str(path), "--conventions", "my-program"]) == 0
    out = capsys.readouterr().out
    assert "- conventions: My program (chosen with --conventions)" in out


@pytest.mark.shared
def test_compscore_files_are_scored_by_compscore_s_conventions(shared_data):
    # the Compscore3 agreement before the catalogue: 161 of 161 lines, 12 of 12 totals,
    # percentages and places; Butler 140 of 140 lines and datums, 8 of 8 totals
    path = shared_data / "usebio" / "mp_pairs_howell.xml"
    from bridgestats.apps.score import printed_standings

    e = score_event(bio.read_results(path), printed=printed_standings(path, "mp"))
    assert e.conventions == "compscore"
    assert e.notes["conventions"] == "the file names Compscore3"
    assert e.agreement[["compared", "agree"]].values.tolist() == [[161, 161]]
    assert e.ranking_agreement[["compared", "agree"]].values.tolist() == [[12, 12]] * 3
    assert e.notes["printed total"] == "scaled to the section's most boards"
    # scored by ScoreBridge's rule instead, the factored board no longer agrees
    other = score_event(bio.read_results(path), conventions="scorebridge")
    assert other.agreement["agree"].tolist() == [157]


def test_conventions_are_frozen_facts():
    c = conv.CONVENTIONS["compscore"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.factoring = "tied"


def test_the_catalogue_takes_every_datum_rule_of_scoring_and_no_other():
    from bridgestats.scoring import DATUMS

    for datum in DATUMS:  # the catalogue's own list (read without pandas) is scoring's
        assert conv.Conventions("x", "X", datum=datum).datum == datum
    with pytest.raises(BridgestatsError, match=r"^datum: must be one of"):
        conv.Conventions("x", "X", datum="median")


def test_valet_s_datum_is_cut_to_whole_points_toward_zero():
    # VALET's datum is C++ integer division, sum / n: 0, 0 and 25 give 8 (8.33 cut);
    # 0, 0 and -25 give -8 (-8.33 cut toward zero), not -9
    f = _section({1: [0, 0, 25], 2: [0, 0, -25]})
    valet = board_scores(f, method="butler", conventions="valet")
    assert valet["datum"].tolist() == [8.0, 8.0, 8.0, -8.0, -8.0, -8.0]
