"""Matchpoints, Ascherman, Neuberg, Butler and cross-IMPs on one board and on frames.

Outside sources: Funbridge's 9-result example ("Frequently asked questions", funbridge.com),
Probst §11's Ascherman figures ("On VP Scales"), scipy's trimmed mean, and naive pairwise
reference implementations written here (test-only Python loops). Matchpoints on
integer-valued inputs are sums of halves, so comparisons are exact; float results of
divisions use a relative tolerance of 1e-12 (rounding only).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.scoring import (
    butler_datum,
    butler_imps,
    cross_imps,
    imps,
    matchpoints,
    mp_percent,
    neuberg,
    score_board_results,
)

FUNBRIDGE = [650, 620, 620, 620, 620, 170, 170, 140, 110]
RTOL = 1e-12  # only floating-point rounding separates the two computations

# scores on a 10-point grid (real bridge scores) and arbitrary ones (datum differences)
bridge_scores = st.integers(min_value=-800, max_value=800).map(lambda v: 10 * v)
boards = st.lists(bridge_scores, min_size=1, max_size=40)
any_scores = st.lists(
    st.floats(min_value=-8000, max_value=8000, allow_nan=False), min_size=1, max_size=30
)


def _mp_reference(scores, per_beat=2):
    """Naive pairwise matchpoints (test-only loop)."""
    return np.array(
        [
            sum(per_beat if a > b else per_beat / 2 if a == b else 0 for b in scores) - per_beat / 2
            for a in scores
        ]
    )


# ----------------------------------------------------------------- matchpoints
def test_funbridge_nine_results():
    # Funbridge FAQ: 8, 5.5, 2.5, 1, 0 points out of 8 -> 100, 68.75, 31.25, 12.5, 0 %
    np.testing.assert_array_equal(
        matchpoints(FUNBRIDGE, per_beat=1), [8, 5.5, 5.5, 5.5, 5.5, 2.5, 2.5, 1, 0]
    )
    np.testing.assert_array_equal(
        mp_percent(FUNBRIDGE), [100, 68.75, 68.75, 68.75, 68.75, 31.25, 31.25, 12.5, 0]
    )
    np.testing.assert_array_equal(matchpoints(FUNBRIDGE), 2 * matchpoints(FUNBRIDGE, per_beat=1))


def test_probst_ascherman_figures():
    # Probst §11: 21 results, "a top is 41 (and a bottom is 1) against an average of 21"
    mp = matchpoints(np.arange(21) * 10, ascherman=True)
    assert (mp.max(), mp.min(), mp.mean()) == (41, 1, 21)
    # "with 42 results, a top of 83 against an average of 42 ... a tied top of 82"
    mp = matchpoints(np.arange(42) * 10, ascherman=True)
    assert (mp.max(), mp.mean()) == (83, 42)
    tied = np.r_[np.arange(40) * 10, 1000, 1000]
    assert matchpoints(tied, ascherman=True).max() == 82
    # 21 results: top = 41/42 = 97.62 %; "normal" top of 21 is 100 %
    assert mp_percent(np.arange(21), ascherman=True).max() == pytest.approx(100 * 41 / 42, RTOL)
    # 63 results, normal scoring: "122/124 represents 3 tied tops"
    three_tops = np.r_[np.arange(60), 99, 99, 99]
    assert mp_percent(three_tops).max() == pytest.approx(100 * 122 / 124, rel=RTOL)


def test_single_result_board_is_average():
    assert mp_percent([420]).tolist() == [50.0]
    assert mp_percent([420], ascherman=True).tolist() == [50.0]
    assert matchpoints([420]).tolist() == [0.0]


@given(boards, st.sampled_from([1, 2]))
def test_matchpoints_match_pairwise_reference(scores, per_beat):
    np.testing.assert_array_equal(
        matchpoints(scores, per_beat=per_beat), _mp_reference(scores, per_beat)
    )


@given(boards)
def test_matchpoint_total_is_n_n_minus_1(scores):
    n = len(scores)
    assert matchpoints(scores).sum() == n * (n - 1)
    assert matchpoints(scores, ascherman=True).sum() == n * n
    if n > 1:
        assert mp_percent(scores).mean() == pytest.approx(50, rel=RTOL)


@given(boards, st.randoms(use_true_random=False))
def test_matchpoints_invariant_under_reordering(scores, rnd):
    perm = list(range(len(scores)))
    rnd.shuffle(perm)
    shuffled = [scores[i] for i in perm]
    np.testing.assert_array_equal(matchpoints(shuffled), matchpoints(scores)[perm])


@given(boards)
def test_ascherman_percentages_inside_open_interval(scores):
    pct = mp_percent(scores, ascherman=True)
    assert np.all((pct > 0) & (pct < 100))
    assert pct.mean() == pytest.approx(50, rel=RTOL)


@given(boards)
def test_higher_score_never_fewer_matchpoints(scores):
    order = np.argsort(scores, kind="stable")
    assert np.all(np.diff(matchpoints(scores)[order]) >= 0)


def test_matchpoints_of_100000_results_in_milliseconds_shape():
    x = np.random.default_rng(1).integers(-100, 100, 100_000) * 10
    mp = matchpoints(x)
    assert mp.shape == x.shape and mp.sum() == 100_000 * 99_999


# ----------------------------------------------------------------- Neuberg
def test_neuberg_identity_and_lone_result():
    mp = matchpoints(FUNBRIDGE)
    np.testing.assert_allclose(neuberg(mp, 9, 9), mp, rtol=RTOL)
    assert neuberg(0, 1, 13) == 12  # average of a 13-result board, 2 per beat
    assert neuberg(0, 1, 13, per_beat=1) == 6


@given(boards, st.integers(min_value=2, max_value=5))
def test_neuberg_is_exact_when_the_field_is_replicated(scores, factor):
    # Every result played `factor` times: the replicated field's matchpoints are exactly
    # the Neuberg-factored ones (the assumption behind the formula holds exactly).
    replicated = matchpoints(np.repeat(scores, factor))[::factor]
    n = len(scores)
    np.testing.assert_allclose(neuberg(matchpoints(scores), n, n * factor), replicated, rtol=RTOL)
    np.testing.assert_allclose(
        neuberg(matchpoints(scores, per_beat=1), n, n * factor, per_beat=1),
        replicated / 2,
        rtol=RTOL,
    )


# ----------------------------------------------------------------- Butler
def test_funbridge_datum_example():
    # Funbridge FAQ: average 205; 630 -> 425, 660 -> 455, both 10 IMPs
    np.testing.assert_array_equal(butler_imps([630, 660], datum=205), [10, 10])
    # plain mean datum: Funbridge's own rule
    board = [630, 660, -100, 0, 50]
    assert butler_datum(board, datum="mean") == np.mean(board)
    np.testing.assert_array_equal(
        butler_imps(board, datum="mean"), imps(np.array(board) - np.mean(board))
    )


def test_trimmed_datum_rules():
    # 9 results: floor(0.9) = 0 -> at least one dropped each end: mean of 7 middle = 422.9 -> 420
    assert butler_datum(FUNBRIDGE) == 420
    # 1 or 2 results: nothing dropped; 2 results -> mean rounded
    assert butler_datum([430]) == 430
    assert butler_datum([420, -50]) == 190  # 185 rounds away from zero
    assert butler_datum([-420, 50]) == -190
    assert butler_datum([100, 200, 900]) == 200
    assert butler_datum([100, 200, 900], trim=0) == 400


@given(st.lists(bridge_scores, min_size=10, max_size=60), st.sampled_from([0.1, 0.2, 0.25]))
def test_trimmed_datum_matches_scipy_trim_mean(scores, trim):
    # scipy.stats.trim_mean cuts int(trim * n) at each end: our rule for n * trim >= 1
    expected = stats.trim_mean(scores, trim)
    expected = np.sign(expected) * np.floor(abs(expected) / 10 + 0.5) * 10
    assert butler_datum(scores, trim=trim) == expected


@given(boards, st.sampled_from(["trimmed", "mean"]), st.sampled_from(["upper", "midpoint"]))
def test_butler_antisymmetric(scores, datum, gaps):
    a = butler_imps(scores, datum=datum, gaps=gaps)
    b = butler_imps(-np.array(scores), datum=datum, gaps=gaps)
    np.testing.assert_array_equal(a, -b)


# ----------------------------------------------------------------- cross-IMPs
def _cross_reference(scores, gaps):
    x = np.asarray(scores, dtype=float)
    return np.array([sum(int(imps(a - b, gaps=gaps)) for b in x) for a in x], dtype=float)


def test_cross_imps_small_example():
    # 600 vs 630: -1; 600 vs -100: +12; 630 vs -100: +13 (730 in 600-740)
    np.testing.assert_array_equal(cross_imps([600, 630, -100], average=False), [11, 13, -24])
    np.testing.assert_array_equal(cross_imps([600, 630, -100]), [5.5, 6.5, -12])
    np.testing.assert_array_equal(cross_imps([420]), [0])


@settings(max_examples=60)
@given(st.one_of(boards, any_scores), st.sampled_from(["upper", "midpoint"]))
def test_cross_imps_match_pairwise_reference(scores, gaps):
    # the reference subtracts in floats; where a difference rounds (15 − 6.6e-276 is 15.0)
    # it can cross an IMP edge that the package's exact comparisons (x_j <= x_i − 15) do
    # not, so only scores whose pairwise differences are exact are compared
    assume(all(Fraction(a) - Fraction(b) == Fraction(a - b) for a in scores for b in scores))
    ref = _cross_reference(scores, gaps)
    got = cross_imps(scores, average=False, gaps=gaps)
    np.testing.assert_array_equal(got, ref)
    assert got.sum() == 0
    if len(scores) > 1:
        np.testing.assert_allclose(
            cross_imps(scores, gaps=gaps), ref / (len(scores) - 1), rtol=RTOL
        )


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: matchpoints([]), "scores"),
        (lambda: matchpoints([420, float("nan")]), "scores"),
        (lambda: mp_percent([]), "scores"),
        (lambda: mp_percent([[1, 2], [3, 4]]), "scores"),
        (lambda: matchpoints([1, 2], per_beat=0), "per_beat"),
        (lambda: butler_imps([]), "scores"),
        (lambda: butler_imps([1, float("nan")]), "scores"),
        (lambda: butler_imps([1, 2], datum="median"), "datum"),
        (lambda: butler_imps([1, 2], datum=float("nan")), "datum"),
        (lambda: butler_imps([1, 2], trim=0.5), "trim"),
        (lambda: butler_imps([1, 2, 3], trim="0.1"), "trim"),
        (lambda: butler_imps([1, 2, 3], trim=None), "trim"),
        (lambda: butler_imps([1, 2], gaps="nearest"), "gaps"),
        (lambda: cross_imps([]), "scores"),
        (lambda: cross_imps([1, 2], gaps="nearest"), "gaps"),
        (lambda: neuberg(10, 0, 13), "n_results"),
        (lambda: neuberg(10, 9, 1.5), "n_expected"),
        (lambda: neuberg(float("nan"), 9, 13), "mp"),
        # a board of 9 results gives 0..16 matchpoints (2 per beat), 0..8 (1 per beat)
        (lambda: neuberg(17, 9, 13), "mp"),
        (lambda: neuberg(-1, 9, 13), "mp"),
        (lambda: neuberg([8, 9], 9, 13, per_beat=1), "mp"),
    ],
)
def test_bad_input_names_argument(call, argument):
    with pytest.raises(BridgestatsError, match=f"^{argument}:"):
        call()


# ----------------------------------------------------------------- frames
def _random_frame(rng, n_boards=40):
    rows = []
    for b in range(n_boards):
        n = rng.integers(1, 15)
        for s in rng.integers(-30, 70, n) * 10:
            rows.append((b % 7, b, float(s)))
    return pd.DataFrame(rows, columns=["session", "board", "score_ns"])


@pytest.mark.parametrize("ascherman", [False, True])
def test_frame_mp_matches_per_board_functions(ascherman):
    f = _random_frame(np.random.default_rng(7))
    out = score_board_results(f, board=["session", "board"], ascherman=ascherman, per_beat=1)
    for _, idx in f.groupby(["session", "board"]).groups.items():  # test-only loop
        s = f.loc[idx, "score_ns"].to_numpy()
        np.testing.assert_allclose(
            out.loc[idx, "mp_ns"], matchpoints(s, per_beat=1, ascherman=ascherman), rtol=RTOL
        )
        np.testing.assert_allclose(
            out.loc[idx, "pct_ns"], mp_percent(s, ascherman=ascherman), rtol=RTOL, atol=1e-12
        )
        assert (out.loc[idx, "n_results"] == len(s)).all()
    np.testing.assert_allclose(out.pct_ns + out.pct_ew, 100, rtol=RTOL)


@pytest.mark.parametrize("datum", ["trimmed", "mean", 120])
@pytest.mark.parametrize("gaps", ["upper", "midpoint"])
def test_frame_butler_and_cross_match_per_board_functions(datum, gaps):
    f = _random_frame(np.random.default_rng(11))
    but = score_board_results(f, method="butler", datum=datum, gaps=gaps)
    # cross: 420 vs 420 = 0, 420 vs -50 = 470 -> 10; over 2 comparisons 5, 5, -10
    cross = score_board_results(f, method="cross_imps", gaps=gaps)
    for _, idx in f.groupby("board").groups.items():  # test-only loop
        s = f.loc[idx, "score_ns"].to_numpy()
        assert (but.loc[idx, "datum"] == butler_datum(s, datum=datum)).all()
        np.testing.assert_array_equal(
            but.loc[idx, "imps_ns"], butler_imps(s, datum=datum, gaps=gaps)
        )
        np.testing.assert_allclose(cross.loc[idx, "imps_ns"], cross_imps(s, gaps=gaps), rtol=RTOL)
    np.testing.assert_array_equal(but.imps_ew, -but.imps_ns)


def test_frame_unplayed_rules():
    f = pd.DataFrame(
        {
            "board": [1, 1, 1, 1, 2],
            "score_ns": [420, 420, -50, np.nan, np.nan],
            "np": [False, False, False, True, True],
        }
    )
    mp = score_board_results(f, unplayed="np")
    # played rows compared among the three played results only
    np.testing.assert_array_equal(mp.pct_ns, [75, 75, 0, 25, 25])
    np.testing.assert_array_equal(mp.pct_ew, [25, 25, 100, 25, 25])
    np.testing.assert_array_equal(mp.mp_ns, [3, 3, 0, 1, 0])  # 25 % of a top of 4
    np.testing.assert_array_equal(mp.n_results, [3, 3, 3, 3, 0])
    imp = score_board_results(f, method="butler", datum="mean", unplayed="np")
    # datum 790/3 = 263.3: 420 - 263.3 = 156.7 (130-160: 4), -50 - 263.3 = -313.3 (beyond
    # 310: 8 IMPs under the "upper" rule); unplayed rows -6
    np.testing.assert_array_equal(imp.imps_ns, [4, 4, -8, -6, -6])
    assert np.isnan(imp.datum.iloc[4])
    # cross: 420 vs 420 = 0, 420 vs -50 = 470 -> 10; over 2 comparisons 5, 5, -10
    cross = score_board_results(f, method="cross_imps", unplayed="np", unplayed_imps=-3)
    np.testing.assert_array_equal(cross.imps_ns, [5, 5, -10, -3, -3])


def test_frame_bad_input():
    f = pd.DataFrame({"board": [1, 1], "score_ns": [420, np.nan], "np": [False, False]})
    with pytest.raises(BridgestatsError, match=r"^score: row 1 has no score"):
        score_board_results(f)
    with pytest.raises(BridgestatsError, match=r"^score: row 1 has no score"):
        score_board_results(f, unplayed="np")
    g = f.assign(score_ns=[420, 400], np=[False, True])
    with pytest.raises(BridgestatsError, match=r"^unplayed: row 1 is marked unplayed"):
        score_board_results(g, unplayed="np")
    with pytest.raises(BridgestatsError, match=r"^method:"):
        score_board_results(g, method="ximps")
    with pytest.raises(BridgestatsError, match=r"^board:"):
        score_board_results(g, board="deal")
    with pytest.raises(BridgestatsError, match=r"^score:"):
        score_board_results(g.assign(score_ns=["420", "650F"]))
    with pytest.raises(BridgestatsError, match=r"^frame:"):
        score_board_results([1, 2])


def test_frame_butler_rejects_non_numeric_trim():
    """trim="0.1" once raised a bare TypeError from the comparison; it names the argument."""
    f = pd.DataFrame({"board": [1, 1, 1], "score_ns": [420, 400, -50]})
    for bad in ("0.1", None, True):
        with pytest.raises(BridgestatsError, match=r"^trim:"):
            score_board_results(f, method="butler", trim=bad)


def test_frame_unplayed_scores_must_be_numbers():
    """unplayed_pct=NaN once gave NaN percentages on unplayed rows, and a string a bare
    TypeError; both name the argument now."""
    f = pd.DataFrame({"board": [1, 1], "score_ns": [420.0, np.nan], "np": [False, True]})
    for kwargs, argument in [
        ({"unplayed_pct": float("nan")}, "unplayed_pct"),
        ({"unplayed_pct": "a quarter"}, "unplayed_pct"),
        ({"unplayed_pct": [25, 30]}, "unplayed_pct"),
        ({"method": "butler", "unplayed_imps": float("inf")}, "unplayed_imps"),
        ({"method": "cross_imps", "unplayed_imps": None}, "unplayed_imps"),
    ]:
        with pytest.raises(BridgestatsError, match=f"^{argument}:"):
            score_board_results(f, unplayed="np", **kwargs)
    ok = score_board_results(f, unplayed="np", unplayed_pct=np.int64(40))
    assert ok.pct_ns.tolist() == [50.0, 40.0]
