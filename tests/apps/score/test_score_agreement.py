"""Agreement judged at the precision the file prints (issue 35): a column's decimals,
"not compared (why)" when no printed pair is a ranked one, the pairs of each mismatch."""

from __future__ import annotations

import pandas as pd
from apps.score.test_score_files import SCORE_TABLE_NS_ONLY  # tests/ is on the path

import bridgestats.io as bio
from bridgestats.apps.score import agreement, ranking_agreement, score_event
from bridgestats.apps.score.render import summary_lines


def test_a_printed_column_is_read_to_its_most_decimals():
    # Compscore prints a factored board to one decimal (9.8) and a whole board as "8":
    # "8" is 8.0 to one decimal, so a computed 8.3 disagrees with it (within half a unit
    # of the figure's own last digit, 0.5, it would have agreed)
    frame = pd.DataFrame(
        {"source": "a.xml", "board": [1, 2], "record": [1, 2], "NS_MATCH_POINTS": ["8", "9.8"]}
    )
    scores = pd.DataFrame({"mp_ns": [8.3, 9.84], "pair_ns": ["1", "2"], "pair_ew": ["3", "4"]})
    summary, bad = agreement(frame, scores, method="mp")
    assert summary[["compared", "agree", "disagree"]].values.tolist() == [[2, 1, 1]]
    assert bad[["board", "pair_ns", "pair_ew", "printed_value"]].values.tolist() == [
        [1, "1", "3", 8.0]
    ]
    # two files of a folder, each read at its own precision
    frame["source"] = ["a.xml", "b.xml"]
    assert agreement(frame, scores, method="mp")[0]["agree"].tolist() == [2]


def test_the_mismatch_table_names_the_pairs(tmp_path):
    path = tmp_path / "ns_only.pbn"
    path.write_text(SCORE_TABLE_NS_ONLY)
    e = score_event(bio.read_results(path))
    got = e.mismatches[["pair_ns", "pair_ew", "printed_value", "computed_value"]]
    assert got.values.tolist() == [["1", "5", 4.0, 3.0], ["3", "7", 2.0, 0.0]]


def test_a_printed_ranking_none_of_whose_pairs_is_ranked_is_not_compared():
    ranking = pd.DataFrame({"pair": ["1", "2"], "total": [3.0, 1.0], "place": [1, 2]})
    printed = pd.DataFrame(
        {"pair": ["Smith & Jones", "Brown & Green"], "total": ["3", "1"], "place": ["1", "2"]}
    )
    got = ranking_agreement(ranking, printed)
    assert got["compared"].tolist() == [0, 0]
    assert got.attrs["why"] == (
        "none of the 2 printed pairs is a ranked pair by pair: printed Smith & Jones, "
        "Brown & Green; ranked 1, 2"
    )


def test_the_summary_says_not_compared_and_never_0_of_0(tmp_path):
    f = pd.DataFrame(
        {
            "source": "x",
            "event": "E",
            "segment": "",
            "board": [1, 1],
            "pair_ns": ["1", "2"],
            "pair_ew": ["3", "4"],
            "score_ns": [420.0, 450.0],
            "Scoring": "MP",
        }
    )
    printed = pd.DataFrame({"pair": ["9", "10"], "total": ["2", "0"]})
    lines = summary_lines(score_event(f, printed=printed))
    ranking = [line for line in lines if line.startswith("printed ranking")]
    assert ranking == [
        "printed ranking: not compared (none of the 2 printed pairs is a ranked pair by pair:"
        " printed 9, 10; ranked 2, 1, 3, ...)"
    ]
    assert not any("0 of 0" in line for line in lines)


def test_figures_read_as_numbers_keep_the_decimals_they_were_printed_with():
    # USEBIO's NS_MATCH_POINTS are read as numbers: a board factored from 5 to 6 lines
    # printed to one decimal (4.3 for 4.333...) agrees; before, any number counted as
    # printed to two decimals, and such a line disagreed
    frame = pd.DataFrame(
        {
            "source": "a.xml",
            "board": [1, 1, 2],
            "record": [1, 2, 3],
            "NS_MATCH_POINTS": [4.3, 9.8, 8.0],
        }
    )
    scores = pd.DataFrame({"mp_ns": [13 / 3, 9.8, 8.06]})
    summary, bad = agreement(frame, scores, method="mp")
    assert summary[["compared", "agree"]].values.tolist() == [[3, 2]]
    assert bad["record"].tolist() == [3]  # 8.06 is not 8.0 printed to one decimal
