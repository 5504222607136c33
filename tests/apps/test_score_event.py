"""bridgestats.apps.score: an event file scored, checked two ways.

1. Small files written here whose every figure is worked by hand in the comments (so the
   tests run without the archive): matchpoints 2 per result beaten, Neuberg, Ascherman,
   the Butler datum rules, cross-IMPs, the ranking of a Mitchell and a Howell, team
   matches and their VPs.
2. The archive's real files (``../shared/data``, skipped when absent): the scorers' own
   printed figures, which nobody here wrote -- the ACBL club travellers' matchpoints and
   pair standings, the per-table IMPs of the 2021 online team qualifier (endplay's
   ``example2.pbn``) and, once the USEBIO reader is merged, Compscore3's Butler IMPs,
   datum and cross-IMPs. The counts asserted are the ones measured on those files.

Tolerance: a computed figure agrees with a printed one within half a unit of its last
printed digit (the printed figure is the computed one rounded), plus 1e-9 for float sums.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import bridgestats.io as bio
from bridgestats.apps.score import (
    agreement,
    board_scores,
    declared_method,
    pair_ranking,
    ranking_agreement,
    score_event,
    team_matches,
    team_ranking,
)
from bridgestats.errors import BridgestatsError
from bridgestats.vp import event_scale, wbf_vp

# --------------------------------------------------------------------------- inline files

SPEC = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;"
    "MP_NS\\4R;MP_EW\\4R;Percentage_NS\\6R"
)

# Board 1: 450 > 420 > 400 > -50, 2 per beat: 6, 4, 2, 0 (top 6); % = 100 MP / 6.
# Board 2: 90 > -110 = -110 > -140: 6, 3, 3, 0; the scorer printed 1.0 for the -140
# (a deliberate disagreement) and the right percentage.
MITCHELL_PBN = f"""[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[ScoreTable "{SPEC}"]
 1  5 4S   N 10   420  4.0  2.0  66.67
 2  6 4S   N  9   -50  0.0  6.0   0.00
 3  7 3NT  S  9   400  2.0  4.0  33.33
 4  8 4S   N 11   450  6.0  0.0 100.00

[Event "Club pairs"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "MP"]
[Declarer "E"]
[Contract "2H"]
[Result "8"]
[ScoreTable "{SPEC}"]
 1  6 2H   E  8  -110  3.0  3.0  50.00
 2  7 2H   E  8  -110  3.0  3.0  50.00
 3  8 1NT  N  7    90  6.0  0.0 100.00
 4  5 2H   E  9  -140  1.0  6.0   0.00
"""


@pytest.fixture
def mitchell(tmp_path):
    path = tmp_path / "club.pbn"
    path.write_text(MITCHELL_PBN)
    return bio.read_results(path)


def test_the_declared_method_is_read_from_the_file(mitchell):
    assert declared_method(mitchell) == ("mp", "declared: MP")
    f = mitchell.assign(Scoring="IMP;Cross")
    assert declared_method(f) == ("cross_imps", "declared: IMP;Cross")
    # USEBIO: the event type says more than the scoring method (IMPS)
    f = mitchell.drop(columns="Scoring").assign(EVENT_TYPE="CROSS_IMP", SCORING_METHOD="IMPS")
    assert declared_method(f)[0] == "cross_imps"
    f = mitchell.drop(columns="Scoring").assign(EVENT_TYPE="BUTLER_PAIRS")
    assert declared_method(f)[0] == "butler"
    f = mitchell.drop(columns="Scoring").assign(EVENT_TYPE="SWISS_PAIRS", SCORING_METHOD="IMPS")
    assert declared_method(f) == ("butler", "declared: IMPS")  # "PAIRS" names no method
    f = mitchell.drop(columns="Scoring").assign(EVENT_TYPE="MP_PAIRS")
    assert declared_method(f) == ("mp", "declared: MP_PAIRS")
    # "IMP" on a pairs field (no rooms, no teams) is Butler
    assert declared_method(mitchell.assign(Scoring="IMP"))[0] == "butler"
    f = mitchell.drop(columns="Scoring")
    assert declared_method(f) == ("mp", "printed matchpoints")  # the ScoreTable's MP_NS
    f = f.drop(columns=["MP_NS", "ScoreMP"])
    assert declared_method(f) == ("mp", "nothing declared: matchpoints")


def test_matchpoints_by_hand_and_the_printed_ones(mitchell):
    e = score_event(mitchell)
    assert e.method == "mp" and e.notes["per_beat"] == 2  # 2 per beat agrees more
    b = e.boards
    assert b["mp_ns"].tolist() == [4, 0, 2, 6, 3, 3, 6, 0]
    assert b["top"].tolist() == [6.0] * 8
    np.testing.assert_allclose(b["pct_ns"], [200 / 3, 0, 100 / 3, 100, 50, 50, 100, 0])
    got = e.agreement.set_index("printed")
    assert got.loc["MP_NS", ["compared", "agree", "disagree"]].tolist() == [8, 7, 1]
    assert got.loc["Percentage_NS", ["compared", "agree", "disagree"]].tolist() == [8, 8, 0]
    bad = e.mismatches
    assert bad[["printed", "board", "printed_value", "computed_value"]].values.tolist() == [
        ["MP_NS", 2, 1.0, 0.0]
    ]


# One record per table (no ScoreTable), each with its own printed ScoreMP and
# ScorePercentage (PBN 2.1 §4.2), given for either side or both. Five results, 2 per beat,
# top 8: 450 > 420 > 400 > -50 > -100 score 8, 6, 4, 2, 0 (100, 75, 50, 25, 0 %).
# East-West's figure is the rest of the top (MPs) or of 100 (%), not North-South's negated
# as an IMP swing is: "EW 6" is North-South's 2, "EW 0.00" their 100 %.
_TABLE_RECORD = """[Event "Club pairs"]
[Board "1"]
[Scoring "MP"]
[Declarer "{0}"]
[Contract "{1}"]
[Result "{2}"]
[Score "{3}"]
[ScoreMP "{4}"]
[ScorePercentage "{5}"]

"""
_TABLES = [
    ("N", "4S", "10", "NS 420", "NS 6", "NS 75.00"),
    ("N", "4S", "9", "EW 50", "EW 6", "EW 75"),  # NS 2 and 25 %
    ("S", "3NT", "9", "NS 400", "NS 4 EW 4", "NS 50.00 EW 50.00"),
    ("N", "4S", "11", "NS 450", "EW 0", "EW 0.00"),  # NS 8 and 100 %
    ("N", "4S", "8", "EW 100", "NS 1", "EW 90"),  # misprints: NS 0 and 0 %, not 1 and 10
]


# A ScoreTable printing both sides' percentages (PBN 2.1 §5.9 Percentage_NS and
# Percentage_EW, as Ruter's exports write them): board 1 of MITCHELL_PBN, top 6;
# East-West's percentage is 100 less North-South's; 60 for the -50 line is a misprint (100).
_BOTH_SIDES = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;"
    "Percentage_NS\\6R;Percentage_EW\\6R"
)
BOTH_SIDES_PBN = f"""[Event "Club pairs"]
[Board "1"]
[Scoring "MP"]
[ScoreTable "{_BOTH_SIDES}"]
 1  5 4S   N 10   420  66.67  33.33
 2  6 4S   N  9   -50   0.00  60.00
 3  7 3NT  S  9   400  33.33  66.67
 4  8 4S   N 11   450 100.00   0.00
"""


def test_a_score_table_s_east_west_percentages_are_compared(tmp_path):
    path = tmp_path / "both.pbn"
    path.write_text(BOTH_SIDES_PBN)
    e = score_event(bio.read_results(path))
    got = e.agreement.set_index("printed")[["compared", "agree", "disagree"]]
    assert got.loc["Percentage_NS"].tolist() == [4, 4, 0]
    assert got.loc["Percentage_EW"].tolist() == [4, 3, 1]
    bad = e.mismatches[["printed", "printed_value", "computed_value"]].values.tolist()
    assert bad == [["Percentage_EW", 60.0, 100.0]]


def test_per_table_score_mp_and_score_percentage_are_compared_for_either_side(tmp_path):
    path = tmp_path / "tables.pbn"
    path.write_text("".join(_TABLE_RECORD.format(*t) for t in _TABLES))
    e = score_event(bio.read_results(path))
    assert e.boards["mp_ns"].tolist() == [6, 2, 4, 8, 0]
    assert e.boards["top"].tolist() == [8.0] * 5
    got = e.agreement.set_index("printed")[["compared", "agree", "disagree"]]
    assert got.loc["ScoreMP"].tolist() == [5, 4, 1]
    assert got.loc["ScorePercentage"].tolist() == [5, 4, 1]
    bad = e.mismatches[["printed", "printed_value", "computed_value"]].values.tolist()
    assert bad == [["ScoreMP", 1.0, 0.0], ["ScorePercentage", 10.0, 0.0]]


def test_a_mitchell_ranks_each_direction_apart(mitchell):
    r = score_event(mitchell).ranking
    # NS: pair 3 = 2 + 6 = 8 of 12, pair 1 = 4 + 3 = 7, pair 4 = 6 + 0, pair 2 = 0 + 3
    ns = r[r.direction == "NS"]
    assert ns["pair"].tolist() == ["3", "1", "4", "2"]
    assert ns["total"].tolist() == [8, 7, 6, 3]
    np.testing.assert_allclose(ns["pct"], [800 / 12, 700 / 12, 50, 25])
    # EW: pair 6 = 6 + 3 = 9, pair 5 = 2 + 6 = 8, pair 7 = 4 + 3 = 7, pair 8 = 0 + 0
    ew = r[r.direction == "EW"]
    assert ew["pair"].tolist() == ["6", "5", "7", "8"]
    assert ew["total"].tolist() == [9, 8, 7, 0]
    assert ew["place_text"].tolist() == ["1", "2", "3", "4"]


def _field(scores, board=1, **extra):
    n = len(scores)
    return pd.DataFrame(
        {
            "source": "f",
            "event": "E",
            "segment": "",
            "board": board,
            "score_ns": np.asarray(scores, dtype=float),
            "record": np.arange(n),
            **extra,
        }
    )


def test_a_howell_ranks_all_pairs_together_with_shared_places():
    # two boards, four pairs sitting both ways, no pair meeting itself
    f = pd.concat(
        [
            _field([420, 420], board=1, pair_ns=["1", "2"], pair_ew=["3", "4"]),
            _field([100, -100], board=2, pair_ns=["3", "4"], pair_ew=["1", "2"]),
        ],
        ignore_index=True,
    )
    r = pair_ranking(board_scores(f))
    assert set(r["direction"]) == {""}
    # board 1: 1 and 2 tie (1 each), 3 and 4 tie (1 each); board 2: NS 3 beats NS 4,
    # so EW 2 (against 4) gets 2 and EW 1 gets 0
    got = dict(zip(r["pair"], r["total"], strict=True))
    assert got == {"1": 1.0, "2": 3.0, "3": 3.0, "4": 1.0}
    places = dict(zip(r["pair"], r["place_text"], strict=True))
    assert places == {"2": "1=", "3": "1=", "1": "3=", "4": "3="}


def test_without_pair_numbers_the_players_name_the_pairs():
    # a team event's full field (VALET): Ann & Bob sit NS at one table, EW at the other
    f = pd.concat(
        [
            _field(
                [420, 450],
                board=1,
                north=["Ann", "Cy"],
                south=["Bob", "Di"],
                east=["Ed", "Bob"],
                west=["Flo", "Ann"],
            ),
            _field(
                [-100, 50],
                board=2,
                north=["Bob", "Ed"],
                south=["Ann", "Flo"],
                east=["Cy", "Gus"],
                west=["Di", "Hal"],
            ),
        ],
        ignore_index=True,
    )
    b = board_scores(f, method="butler", datum="mean")
    assert b["pair_ns"].tolist() == ["Ann & Bob", "Cy & Di", "Ann & Bob", "Ed & Flo"]
    r = pair_ranking(b)
    # board 1: datum 435, -15 and +15 -> -1 and +1 (15 is past the 0-10 band); board 2:
    # datum -25, -75 -> -2 and +75 -> +2. Ann & Bob: -1 (NS) - 1 (EW against Cy & Di's
    # +1) - 2 (NS) = -4; Cy & Di 1 + 2; Ed & Flo 1 + 2; Gus & Hal -2
    got = dict(zip(r["pair"], r["total"], strict=True))
    assert got == {"Ann & Bob": -4, "Cy & Di": 3, "Ed & Flo": 3, "Gus & Hal": -2}
    assert set(r["direction"]) == {""}  # they sat both ways: one ranking


def test_a_pair_with_nothing_to_compare_has_no_place():
    # board 1 was played once (a top of 0: no percentage), board 2 twice
    f = pd.concat(
        [
            _field([420], board=1, pair_ns=["9"], pair_ew=["8"]),
            _field([100, -100], board=2, pair_ns=["1", "2"], pair_ew=["3", "4"]),
        ],
        ignore_index=True,
    )
    r = pair_ranking(board_scores(f, neuberg=False))
    ns = r[r.direction == "NS"]
    assert ns["pair"].tolist() == ["1", "2", "9"]
    assert ns["place"].tolist()[:2] == [1, 2] and pd.isna(ns["place"].iat[2])
    assert ns["place_text"].tolist() == ["1", "2", ""]


def test_ranking_agreement_reads_printed_places_and_adjustments():
    ranking = pd.DataFrame({"pair": ["1", "2", "3"], "total": [10.0, 7.0, 7.0], "place": [1, 2, 2]})
    # pair 3 was fined 2.5 (printed 4.5 = 7 - 2.5) and printed third; pair 4 is not ranked
    printed = pd.DataFrame(
        {
            "pair": ["1", "2", "3", "4"],
            "total": ["10.0", "7", "4.5", "0"],
            "place": ["1", "2=", "3", "4"],
            "penalty": [0, 0, -2.5, 0],
        }
    )
    plain = ranking_agreement(ranking, printed)
    assert plain[["figure", "compared", "agree"]].values.tolist() == [
        ["total", 3, 2],
        ["place", 3, 2],
    ]
    assert plain.attrs["unmatched"] == 1  # pair 4 is not in the ranking
    fined = ranking_agreement(ranking, printed, adjust="penalty")
    assert fined.loc[fined.figure == "total", "agree"].tolist() == [3]
    bad = fined.attrs["mismatches"]
    # places as text: pair 3 printed 3rd, computed 2nd with pair 2 (a shared place, 2=)
    assert bad[["pair", "figure", "printed_value", "computed_value"]].values.tolist() == [
        ["3", "place", "3", "2="]
    ]


def test_ranking_agreement_compares_the_mark_of_a_shared_place():
    # USEBIO prints a shared place "6=" (Compscore); where the file marks shared places,
    # a pair printed "6=" and computed 6th alone disagrees, and the other way round
    ranking = pd.DataFrame(
        {"pair": ["1", "2", "3", "4"], "total": [9.0, 8.0, 8.0, 5.0], "place": [1, 2, 2, 4]}
    )
    printed = pd.DataFrame({"pair": ["1", "2", "3", "4"], "place": ["1=", "2=", "2", "4"]})
    got = ranking_agreement(ranking, printed)
    assert got[["figure", "compared", "agree"]].values.tolist() == [["place", 4, 2]]
    bad = got.attrs["mismatches"]
    assert bad[["pair", "printed_value", "computed_value"]].values.tolist() == [
        ["1", "1=", "1"],
        ["3", "2", "2="],
    ]
    # PBN 2.1 §5.10: Rank is "the best rank in case of ties", a number without a mark:
    # the tied pairs 2 and 3 both printed 2 agree, and pair 4 is 4th (not 3rd)
    rank = pd.DataFrame({"pair": ["1", "2", "3", "4"], "place": [1.0, 2.0, 2.0, 4.0]})
    assert ranking_agreement(ranking, rank)["agree"].tolist() == [4]
    # pair_ranking's own labels are used: by section, ties within a section only
    two = ranking.assign(event=["A", "A", "B", "B"], place=[1, 2, 1, 2])
    labels = ranking_agreement(
        two, printed.assign(event=["A", "A", "B", "B"]), on=["event", "pair"]
    )
    assert labels.attrs["mismatches"]["computed_value"].tolist() == ["1", "2", "1", "2"]


def test_neuberg_factors_a_board_played_fewer_times():
    # board 1 played 4 times, board 2 three times: E = 4. Board 2's 100, 50, -50 have
    # 4, 2, 0 MPs of 4; Neuberg: (M + 1) 4/3 - 1 = 17/3, 3, 1/3 of a top of 6.
    f = pd.concat([_field([1, 2, 3, 4], board=1), _field([100, 50, -50], board=2)])
    b = board_scores(f, neuberg=True)
    two = b[b.board == 2]
    np.testing.assert_allclose(two["mp_ns"], [17 / 3, 3, 1 / 3])
    np.testing.assert_allclose(two["mp_ns"] + two["mp_ew"], 6)
    np.testing.assert_allclose(two["pct_ns"], [100 * 17 / 18, 50, 100 / 18])
    assert two["n_expected"].tolist() == [4, 4, 4]
    # ACBL's 1 per beat: (M + 1/2) 4/3 - 1/2
    b1 = board_scores(f, neuberg=True, per_beat=1)
    np.testing.assert_allclose(b1.loc[b1.board == 2, "mp_ns"], [17 / 6, 1.5, 1 / 6])


def test_ascherman_percentages():
    # 650 > 620 = 620 > 170: MP 6, 3, 3, 0 of 2 per beat; Ascherman 100 (MP + 1) / (2n)
    b = board_scores(_field([650, 620, 620, 170]), ascherman=True)
    np.testing.assert_allclose(b["pct_ns"], [87.5, 50, 50, 12.5])
    with pytest.raises(BridgestatsError, match="neuberg"):
        board_scores(_field([1, 2]), ascherman=True, neuberg=True)


def test_the_butler_datum_rules():
    f = _field([420, 420, 450, -50, 400])
    # trimmed (10 %, at least one each end): drop 450 and -50, mean 413.3 -> 410
    t = board_scores(f, method="butler")
    assert t["datum"].iat[0] == 410
    assert t["imps_ns"].tolist() == [0, 0, 1, -10, 0]
    # rounded: the mean 328 rounded to 330: +90 3, +90 3, +120 3, -380 -9, +70 2
    r = board_scores(f, method="butler", datum="rounded")
    assert r["datum"].iat[0] == 330
    assert r["imps_ns"].tolist() == [3, 3, 3, -9, 2]
    m = board_scores(f, method="butler", datum="mean")
    assert m["datum"].iat[0] == pytest.approx(328)
    assert (t["imps_ew"] == -t["imps_ns"]).all()


def test_a_usebio_shaped_frame_is_scored_and_checked():
    # the columns a USEBIO reader keeps under the standard's names (text, as in the XML);
    # trimmed datum of 420, 400, -50, 170: drop 420 and -50, (400 + 170)/2 = 285 -> 290;
    # +130 4, +110 3, -340 -8, -120 -3 (the scorer's 3 for the second is a deliberate slip)
    f = _field(
        [420, 400, -50, 170],
        pair_ns=["1", "2", "3", "4"],
        pair_ew=["5", "6", "7", "8"],
        EVENT_TYPE="BUTLER_PAIRS",
        SCORING_METHOD="IMPS",
        BOARD_AVERAGE="290",
        NS_BUTLER_POINTS=["4", "2", "-8", "-3"],
    )
    e = score_event(f)
    assert (e.method, e.method_source) == ("butler", "declared: BUTLER_PAIRS")
    got = e.agreement.set_index("printed")
    assert got.loc["NS_BUTLER_POINTS", ["compared", "agree"]].tolist() == [4, 3]
    assert got.loc["BOARD_AVERAGE", ["compared", "agree"]].tolist() == [4, 4]
    assert e.mismatches[["record", "printed_value", "computed_value"]].values.tolist() == [
        [1, 2.0, 3.0]
    ]


def test_cross_imps_average_and_sum():
    # scoring.cross_imps' worked example: 600, 630, -100 -> sums 11, 13, -24
    f = _field([600, 630, -100])
    assert board_scores(f, method="cross_imps")["imps_ns"].tolist() == [5.5, 6.5, -12]
    assert board_scores(f, method="cross_imps", cross_sum=True)["imps_ns"].tolist() == [
        11,
        13,
        -24,
    ]


def test_unscorable_rows_are_kept_and_counted():
    f = _field([420, np.nan, 400], skip_reason=[None, "not played", None])
    b = board_scores(f)
    assert len(b) == 3
    assert b.attrs["summary"] == {"results": 3, "scored": 2, "adjusted": 0, "not scored": 1}
    assert b["mp_ns"].isna().tolist() == [False, True, False]
    assert b["n_results"].tolist()[::2] == [2, 2]


def test_a_lone_result_is_not_compared_with_its_printed_score():
    # one table of a pairs event: its printed cross-IMPs were scored against a field
    # that is not in the file
    f = _field([420], ScoreIMP=["NS -106"])
    summary, bad = agreement(f, board_scores(f, method="cross_imps"), method="cross_imps")
    assert summary[["compared", "not_compared"]].values.tolist() == [[0, 1]]
    assert bad.empty


def test_printed_figures_are_read_as_the_standard_writes_them():
    f = _field([0, 10, 20], ScoreIMP=["NS 4 EW -4", "EW 3", "2,5"])
    s = pd.DataFrame({"imps_ns": [4.0, -3.0, 2.5], "n_results": 3})
    summary, _ = agreement(f, s, method="cross_imps")
    assert summary[["compared", "agree"]].values.tolist() == [[3, 3]]


# --------------------------------------------------------------------------- teams


def _match(rows):
    """rows: (board, room, home, visit, score_ns); records numbered 1, 2, ..."""
    b, room, home, visit, score = zip(*rows, strict=True)
    return pd.DataFrame(
        {
            "source": "m",
            "record": np.arange(1, len(rows) + 1),
            "event": "Teams",
            "segment": "1",
            "board": list(b),
            "room": list(room),
            "home_team": list(home),
            "visit_team": list(visit),
            "score_ns": np.asarray(score, dtype=float),
            "skip_reason": None,
        }
    )


TEAMS = _match(
    [
        (1, "open", "Lions", "Bears", 620),  # + 720: 12 IMPs to Lions
        (1, "closed", "Lions", "Bears", -100),
        (2, "open", "Lions", "Bears", -50),  # - 160: 4 IMPs to Bears
        (2, "closed", "Lions", "Bears", 110),
    ]
)


def test_a_team_match_by_hand():
    m = team_matches(TEAMS)
    columns = ["team_a", "team_b", "n_boards", "imps_a", "imps_b", "imp_margin"]
    assert m[columns].values.tolist() == [["Bears", "Lions", 2, 4, 12, -8]]
    assert m["vp_b"].iat[0] == wbf_vp(8, 2) and m["vp_a"].iat[0] == wbf_vp(-8, 2)
    d = team_matches(TEAMS, scale="wbf_discrete")
    assert d["vp_a"].iat[0] + d["vp_b"].iat[0] == 20
    assert d["vp_b"].iat[0] == wbf_vp(8, 2, discrete=True)
    g = team_matches(TEAMS, scale="gaussian", k=6.5)
    assert g["vp_b"].iat[0] == event_scale("teams", 2, k=6.5).vp(8)
    r = team_ranking(m)
    assert r["team"].tolist() == ["Lions", "Bears"]
    assert r["place"].tolist() == [1, 2]


def _adjusted_room(frame, row, text, score_imp=None):
    """``frame`` with record ``row`` an artificial adjusted score written ``text``."""
    f = frame.copy()
    f["SCORE"] = None
    f.loc[row, ["score_ns", "skip_reason", "SCORE"]] = [np.nan, "adjusted score", text]
    if score_imp is not None:
        f["ScoreIMP"] = None
        f.loc[row, "ScoreIMP"] = score_imp
    return f


def test_an_artificial_score_in_a_team_match_is_three_imps():
    # Law 86A (S. Hudson, seed: "for teams of 4, head to head A+ is 3 imps"): the board
    # is scored by the adjusted table alone, +3 to average plus, -3 to average minus,
    # each side by its own share. Board 1: 12 to Lions; board 2 open room (Lions NS)
    # A6040: Lions +3, Bears -3, the closed room's 110 does not count
    m = team_matches(_adjusted_room(TEAMS, 2, "A6040"))
    columns = ["team_a", "team_b", "imps_a", "imps_b", "imp_margin", "imp_margin_b", "adjusted"]
    assert m[columns].values.tolist() == [["Bears", "Lions", 0, 15, -15, 15, 1]]
    assert m["vp_b"].iat[0] == wbf_vp(15, 2) and m["vp_a"].iat[0] == wbf_vp(-15, 2)
    boards = m.attrs["summary"]["boards"]
    assert boards["adjusted"].isna().tolist() == [True, False]
    assert boards["adjusted"].iat[1] == (
        "open room A6040: Law 86A: average plus +3, average 0, average minus -3"
        " (Lions +3, Bears -3 IMPs)"
    )
    # A6060 in the closed room, where Bears sit North-South: both sides +3 (it does not
    # balance): Lions' net 12 + 3 = 15, Bears' -12 + 3 = -9, each VP on its own net
    m = team_matches(_adjusted_room(TEAMS, 3, "A6060"))
    assert m[columns].values.tolist() == [["Bears", "Lions", 3, 15, -9, 15, 1]]
    assert m["vp_a"].iat[0] == wbf_vp(-9, 2) and m["vp_b"].iat[0] == wbf_vp(15, 2)
    # A5050: 0 each; board 2 no longer 4 to Bears
    m = team_matches(_adjusted_room(TEAMS, 2, "A5050"))
    assert m[["imps_a", "imps_b", "imp_margin"]].values.tolist() == [[0, 12, -12]]
    # what the file states: the adjusted table's printed ScoreIMP (North-South's), here
    # Lions (NS in the open room) 2
    m = team_matches(_adjusted_room(TEAMS, 2, "ADJ", score_imp="2"))
    assert m[["imps_a", "imps_b", "imp_margin", "imp_margin_b"]].values.tolist() == [
        [0, 14, -14, 14]
    ]
    assert (
        m.attrs["summary"]["boards"]["adjusted"]
        .iat[1]
        .startswith("open room ADJ: as printed (ScoreIMP)")
    )
    # an adjusted record with neither a split nor printed IMPs stays unscored (counted)
    m = team_matches(_adjusted_room(TEAMS, 2, "ADJ"))
    assert m[["n_boards", "adjusted"]].values.tolist() == [[1, 0]]
    assert m.attrs["summary"]["unpaired"]["not scorable"] == 1


def test_teams_whose_home_and_visit_swap_between_the_tables():
    # some files name the table's North-South team as the home team (endplay's example2)
    f = _match(
        [
            (1, None, "Lions", "Bears", 620),
            (1, None, "Bears", "Lions", -100),
            (2, None, "Bears", "Lions", 110),
            (2, None, "Lions", "Bears", -50),
        ]
    )
    m = team_matches(f)
    assert len(m) == 1
    # board 1: Lions NS at the first table, +720 -> 12 to Lions; board 2: Bears NS first,
    # 110 - (-50) = 160 -> 4 to Bears
    assert m[["team_a", "imps_a", "imps_b"]].values.tolist() == [["Bears", 4, 12]]


def test_the_printed_team_imps_are_checked_table_by_table():
    f = TEAMS.assign(ScoreIMP=["NS 12 EW -12", "NS -12 EW 12", "NS -4 EW 4", "NS 3 EW -3"])
    e = score_event(f)
    assert e.method == "teams"
    assert e.agreement[["compared", "agree", "disagree"]].values.tolist() == [[4, 3, 1]]
    assert e.mismatches[["record", "printed_value", "computed_value"]].values.tolist() == [
        [4, 3.0, 4.0]
    ]


def test_bad_options_name_the_argument():
    with pytest.raises(BridgestatsError, match=r"^method: must be"):
        board_scores(_field([1, 2]), method="swiss")
    with pytest.raises(BridgestatsError, match=r"^datum: must be"):
        board_scores(_field([1, 2]), method="butler", datum="median")
    with pytest.raises(BridgestatsError, match=r"^ascherman: must be True or False"):
        board_scores(_field([1, 2]), ascherman="no")
    with pytest.raises(BridgestatsError, match=r"^k: must be given only with scale='gaussian'"):
        team_matches(TEAMS, k=6.5)
    with pytest.raises(BridgestatsError, match=r"^scale_file: must be"):
        team_matches(TEAMS, scale="file")
    with pytest.raises(BridgestatsError, match=r"^decimals: must be"):
        pair_ranking(board_scores(_field([1, 2])), decimals=-1)
    with pytest.raises(BridgestatsError, match=r"^method: must be"):
        score_event(_field([1, 2]), method="chicago")
    with pytest.raises(BridgestatsError, match=r"^per_beat: must be"):
        score_event(_field([1, 2]), per_beat=True)
    with pytest.raises(BridgestatsError, match=r"^k: must be"):
        team_matches(TEAMS, scale="gaussian", k=-1)
    with pytest.raises(BridgestatsError, match=r"^frame: must be"):
        score_event(None)
    with pytest.raises(BridgestatsError, match=r"^trim: must be"):
        board_scores(_field([1, 2, 3]), method="butler", trim=0.7)
    with pytest.raises(BridgestatsError, match=r"^frame: score_ns: must be numbers or missing"):
        board_scores(_field([1, 2]).astype({"score_ns": object}).assign(score_ns=["1", "x"]))
    with pytest.raises(BridgestatsError, match=r"^scores: must be"):
        pair_ranking(pd.DataFrame({"board": [1]}))


# --------------------------------------------------------------------------- real files


@pytest.fixture(scope="module")
def club(shared_data):
    path = shared_data / "club-matchpoints" / "travellers.csv"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return bio.read_results(path)


@pytest.mark.shared
def test_acbl_club_matchpoints_agree_with_the_printed_ones(club):
    plain = score_event(club, neuberg=False)
    assert plain.method == "mp" and plain.notes["per_beat"] == 1  # ACBL: 1 per beat
    row = plain.agreement.set_index("printed").loc["mp_ns"]
    # 55 printed matchpoints belong to results the reader could not score (no contract,
    # not played); the 9 artificial scores (Ave-) are credited as printed, the rest are
    # compared (before adjusted lines were scored: 29,012 compared, 64 not)
    assert (row.compared, row.not_compared) == (29_021, 55)
    # 92.8 %: boards played as often as the section's most; one line (an ACBL result
    # credited an average, 50/50 of the top, the others scored without it) is found by
    # assigned_lines and read as printed: 15 lines of its board agree then
    assert plain.notes["assigned"] == 1
    assert row.agree == 26_934
    factored = score_event(club).agreement.set_index("printed").loc["mp_ns"]
    # Neuberg to the section's most lines (the default): 28,047 of 29,021 (96.6 %; 28,019
    # before the adjusted lines counted among the board's lines). The rest: boards
    # scored across two sections, a recap whose columns are not matchpoints, fouled
    # boards (see tests/test_scoring_realdata.py for those classes)
    assert factored.agree == 28_047


@pytest.mark.shared
def test_acbl_pair_percentages_agree_with_the_printed_standings(club, shared_data):
    standings = pd.read_csv(
        shared_data / "club-matchpoints" / "pair_standings.csv",
        dtype={"pair": str, "section": str},
    )
    standings["section"] = standings["section"].fillna("")
    e = score_event(club, decimals=2)
    both = standings.merge(
        e.ranking,
        left_on=["session", "section", "direction", "pair"],
        right_on=["event", "segment", "direction", "pair"],
        suffixes=("_printed", ""),
    )
    mp = both[both.scoring == "MP"]
    # the standings list sections whose travellers the recap does not hold: 1,909 of
    # the 2,553 matchpoint rows are pairs of a section that is in the travellers
    assert len(mp) == 1_909
    agree = (mp.pct_printed - mp.pct).abs() <= 0.005 + 1e-9
    # 1,514 of 1,909 (79.3 %; 1,482 before the artificial scores and the one assigned
    # line were credited); without rounding each board to two decimals first, 1,447
    assert agree.sum() == 1_514
    # in sections where every board's matchpoints agree and no pair was adjusted,
    # 1,457 of 1,518 (1,425 of 1,488 before the artificial scores and the assigned line
    # were credited: that line's section is now clean): the rest are pairs with an
    # artificial (Ave) or unscored board
    bad_sections = set(
        zip(
            *club.loc[club.record.isin(e.mismatches.record), ["event", "segment"]].values.T,
            strict=True,
        )
    )
    clean = ~pd.Series(
        [(s, c) in bad_sections for s, c in zip(mp.session, mp.section, strict=True)],
        index=mp.index,
    ) & (mp.adjust.fillna(0) == 0)
    assert (clean.sum(), (agree & clean).sum()) == (1_518, 1_457)
    # places: the printed standings are in place order within a section and direction
    top = mp[agree].groupby(["session", "section", "direction"]).head(1)
    assert (top.place >= 1).all()


@pytest.mark.shared
def test_acbl_imp_pairs_standings_are_averaged_cross_imps(club, shared_data):
    # the two IMP-scored sessions print no per-board IMPs, only the pairs' totals: they
    # are cross-IMPs averaged over the comparisons (not Butler), plus the printed
    # adjustment (a procedural penalty)
    standings = pd.read_csv(
        shared_data / "club-matchpoints" / "pair_standings.csv",
        dtype={"pair": str, "section": str},
    )
    standings = standings[standings.scoring == "IMP"]
    sessions = standings.session.unique()
    assert len(standings) == 38 and len(sessions) == 2
    e = score_event(club[club.event.isin(sessions)], method="cross_imps")
    ranking = e.ranking.assign(pair=e.ranking.pair.str.lstrip("B"))  # "B7": section B
    both = standings.merge(
        ranking,
        left_on=["session", "section", "direction", "pair"],
        right_on=["event", "segment", "direction", "pair"],
    )
    assert len(both) == 38
    agree = (both.score - (both.total + both.adjust)).abs() <= 0.005 + 1e-9
    assert agree.sum() == 38  # 35 without the adjustment (3 pairs were adjusted)
    assert ((both.score - both.total).abs() <= 0.005 + 1e-9).sum() == 35
    # the standings are printed in place order: the places agree as well
    printed_place = both.groupby(["session", "direction"]).cumcount() + 1
    assert (printed_place == both.place).all()
    # the same through ranking_agreement
    printed = standings.drop(columns="event")  # the title line; the session is the event
    printed = printed.rename(columns={"session": "event", "section": "segment"})
    printed = printed.assign(total=printed.score, place=printed_place.to_numpy())
    check = ranking_agreement(
        ranking, printed, on=("event", "segment", "direction", "pair"), adjust="adjust"
    )
    assert check[["figure", "pairs", "agree"]].values.tolist() == [
        ["total", 38, 38],
        ["place", 38, 38],
    ]
    # Butler totals (whole IMPs on every datum rule) agree with none of the 38
    for datum in ("trimmed", "mean", "rounded"):
        r = score_event(club[club.event.isin(sessions)], method="butler", datum=datum).ranking
        b = standings.merge(
            r.assign(pair=r.pair.str.lstrip("B")),
            left_on=["session", "section", "direction", "pair"],
            right_on=["event", "segment", "direction", "pair"],
        )
        assert ((b.score - (b.total + b.adjust)).abs() <= 0.005 + 1e-9).sum() == 0, datum


@pytest.mark.shared
def test_the_online_team_qualifier_imps_agree_table_by_table(shared_data):
    path = shared_data / "endplay-pbn" / "example2.pbn"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    e = score_event(bio.read_results(path))
    assert (e.method, e.method_source) == ("teams", "declared: IMP")
    # 15 matches of 10 boards (one board of one match has a single table)
    assert len(e.matches) == 15
    assert sorted(e.matches.n_boards.tolist()) == [9] + [10] * 14
    row = e.agreement.iloc[0]
    # every printed "ScoreIMP NS x EW -x" of the 298 paired tables is the board's swing
    assert (row.printed, row.compared, row.agree, row.not_compared) == ("ScoreIMP", 298, 298, 1)
    # VPs: WBF 2013 for the match's boards, the two sides summing to 20
    np.testing.assert_allclose(e.matches.vp_a + e.matches.vp_b, 20)
    assert len(e.ranking) == 30


def _usebio(shared_data, name):
    if not hasattr(bio, "read_usebio"):
        pytest.skip("bridgestats.io has no read_usebio yet")
    path = shared_data / "usebio" / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return bio.read_results(path)


@pytest.mark.shared
def test_compscore_butler_imps_and_datum_are_reproduced(shared_data):
    frame = _usebio(shared_data, "butler_howell.xml")
    e = score_event(frame)
    assert e.method == "butler"
    got = e.agreement.set_index("printed")
    # Compscore3's datum drops the top and the bottom of the 4 results and rounds the
    # mean of the other two to 10 (the trimmed default); measured with a plain XML parse
    # of the file: all 35 datums and all 140 Butler IMPs agree
    assert got.loc["BOARD_AVERAGE", ["compared", "agree"]].tolist() == [140, 140]
    assert got.loc["NS_BUTLER_POINTS", ["compared", "agree"]].tolist() == [140, 140]
    assert set(e.ranking.direction) == {""}  # a Howell: one ranking


@pytest.mark.shared
def test_compscore_cross_imps_are_reproduced(shared_data):
    frame = _usebio(shared_data, "cross_imp_howell.xml")
    e = score_event(frame)
    assert e.method == "cross_imps"
    got = e.agreement.set_index("printed")
    # averaged over the 3 comparisons, printed to 2 decimals: all 108 agree
    assert got.loc["NS_CROSS_IMP_POINTS", ["compared", "agree"]].tolist() == [108, 108]


# --- adjusted scores (Law 12C2) and factoring by default


def _adjusted_board(scores, adjusted, board=1):
    """A board of real results plus artificial scores written as USEBIO does (A6040)."""
    real = _field(scores, board=board, skip_reason=None, SCORE=[f"{v:g}" for v in scores])
    art = _field(
        [np.nan] * len(adjusted), board=board, skip_reason="adjusted score", SCORE=adjusted
    )
    return pd.concat([real, art], ignore_index=True)


def test_an_artificial_score_credits_each_side_its_share_and_factors_the_others():
    # Law 12C2: average plus at least 60 %, average minus at most 40 %, the two sides'
    # shares need not balance. 4 results and one A6040: 5 lines, a top of 8. The four
    # results matchpointed among themselves (6, 4, 2, 0 of 6) and factored by Neuberg
    # from 4 to 5: (M + 1) 5/4 - 1 = 7.75, 5.25, 2.75, 0.25; the A6040 line 4.8 and 3.2
    f = _adjusted_board([420, 400, 170, -50], ["A6040"])
    b = board_scores(f)
    assert b["top"].tolist() == [8.0] * 5
    assert b["mp_ns"].tolist() == pytest.approx([7.75, 5.25, 2.75, 0.25, 4.8])
    assert b["mp_ew"].iat[4] == pytest.approx(3.2)
    assert b["adjusted"].iat[4].startswith("A6040: 60% and 40%")
    assert b["adjusted"].iloc[:4].isna().all()
    assert b.attrs["summary"] == {"results": 5, "scored": 5, "adjusted": 1, "not scored": 0}
    # A6060 and A4040 do not balance: 4.8 each, 3.2 each
    b = board_scores(_adjusted_board([420, 400, 170, -50], ["A6060"]))
    assert (b["mp_ns"].iat[4], b["mp_ew"].iat[4]) == pytest.approx((4.8, 4.8))
    b = board_scores(_adjusted_board([420, 400, 170, -50], ["A4040"]))
    assert (b["pct_ns"].iat[4], b["pct_ew"].iat[4]) == pytest.approx((40.0, 40.0))


def test_artificial_scores_at_imps_are_three_imps_either_way():
    # Law 86A: average plus +3 IMPs, average minus -3; the datum is the real results'
    f = _adjusted_board([420, 400, 170, -50], ["A6040", "A5050", "A4040"])
    b = board_scores(f, method="butler", datum="mean")
    assert b["imps_ns"].iloc[4:].tolist() == [3.0, 0.0, -3.0]
    assert b["imps_ew"].iloc[4:].tolist() == [-3.0, 0.0, -3.0]
    assert b["datum"].iloc[:4].tolist() == [235.0] * 4 and b["datum"].iloc[4:].isna().all()


def test_the_split_texts_of_adjusted_scores():
    from bridgestats.apps.score import adjusted_split

    assert adjusted_split("A6040") == (60.0, 40.0)
    assert adjusted_split("a5050") == (50.0, 50.0)
    assert adjusted_split("60/60") == (60.0, 60.0)
    assert adjusted_split("Ave+") == (60.0, 40.0)
    assert adjusted_split("40%") == (40.0, 60.0)
    assert adjusted_split("A60") == (60.0, 40.0)
    assert adjusted_split("420") is None and adjusted_split(None) is None
    assert adjusted_split("A120") is None  # no share above 100 %


def test_factoring_is_the_default_and_can_be_turned_off():
    # board 1 played 4 times, board 2 three: by default board 2 is factored to 4
    f = pd.concat(
        [_field([420, 400, 170, -50], board=1), _field([100, 50, -50], board=2)], ignore_index=True
    )
    factored = board_scores(f)
    assert factored["mp_ns"].iloc[4:].tolist() == pytest.approx([17 / 3, 3, 1 / 3])
    plain = board_scores(f, neuberg=False)
    assert plain["mp_ns"].iloc[4:].tolist() == [4.0, 2.0, 0.0]
    assert board_scores(f, ascherman=True)["top"].iat[4] == 6.0  # Ascherman: no factoring


@pytest.mark.shared
def test_the_compscore_howell_is_reproduced_line_by_line_and_pair_by_pair(shared_data):
    from bridgestats.io.usebio import read_usebio_participants

    path = shared_data / "usebio" / "mp_pairs_howell.xml"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    f = bio.read_results(path)
    e = score_event(f)
    # every printed line: board 26's A5050 (5 and 5 of 10) and its five results factored
    # from 5 to 6; board 12 (5 results, no artificial score) printed on its own top of 8
    row = e.agreement.set_index("printed").loc["NS_MATCH_POINTS"]
    assert (row.compared, row.agree, row.not_compared) == (161, 161, 0)
    a = e.boards[e.boards["adjusted"].notna()]
    assert a["board"].tolist() == [26] and a["mp_ns"].tolist() == [5.0]
    # the pairs: percentages and places as printed; totals as printed for the pairs that
    # played all 27 boards; pairs 1 and 3 (26 boards) are printed scaled by 27/26
    printed = read_usebio_participants(path).rename(columns={"number": "pair"})
    both = e.ranking.merge(printed, on="pair", suffixes=("", "_printed"))
    assert len(both) == 12
    assert ((both["pct"] - both["PERCENTAGE"]).abs() <= 0.005).all()
    assert (both["place_text"] == both["PLACE"]).all()
    full = both["total"] * 27 / both["n_boards"]
    assert ((full - both["TOTAL_SCORE"]).abs() <= 0.005).all()
    assert sorted(both.loc[both["n_boards"] < 27, "pair"]) == ["1", "3"]


def test_a_result_the_file_credited_an_average_is_read_as_printed():
    # four results; the director gave the 420 table 50/50 (4 and 4 on a top of 8, as
    # printed) and the other three were matchpointed without it (4, 2, 0 of 4) and
    # factored from 3 to 5: (M + 1) 5/3 - 1 = 7 1/3, 4, 2/3
    f = _field(
        [420, 400, 170, -50],
        pair_ns=["1", "2", "3", "4"],
        pair_ew=["5", "6", "7", "8"],
        NS_MATCH_POINTS=["4", "7.33", "4", "0.67"],
        EW_MATCH_POINTS=["4", "0.67", "4", "7.33"],
    )
    f = pd.concat([f, _field([100, 90, 80, 70, 60], board=2)], ignore_index=True)
    e = score_event(f, per_beat=2)
    assert e.notes["assigned"] == 1
    b = e.boards
    assert b["adjusted"].iat[0].startswith("table score 420 set aside: 4 and 4 MPs as printed")
    assert b["mp_ns"].iloc[:4].tolist() == pytest.approx([4, 22 / 3, 4, 2 / 3])
    row = e.agreement.set_index("printed").loc["NS_MATCH_POINTS"]
    assert (row.compared, row.agree) == (4, 4)
