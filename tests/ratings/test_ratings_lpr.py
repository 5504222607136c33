"""Tests of bridgestats.ratings.lpr against the "LPR en limiteringen" page (its example of
player A) and its properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.ratings.lpr import (
    expected_score,
    limit_change,
    performance_rating,
    performance_ratings,
)

PAGE_OPPONENTS = [1919, 1864, 1946]


def test_page_example_gives_2191():
    # The page prints the LPR as a whole number; rounding to the nearest point is exact.
    assert round(performance_rating(2.5, PAGE_OPPONENTS)) == 2191


def test_which_curve_gives_the_page_example():
    # Independent root-finding by bisection (not scipy) for three candidate curves:
    # only the logistic Elo curve with scale 400 rounds to the page's 2191.
    def solve(curve):
        lo, hi = 1000.0, 4000.0
        for _ in range(200):
            mid = (lo + hi) / 2
            total = sum(curve(mid - r) for r in PAGE_OPPONENTS)
            lo, hi = (mid, hi) if total < 2.5 else (lo, mid)
        return lo

    logistic = solve(lambda d: 1 / (1 + 10 ** (-d / 400)))
    normal = solve(lambda d: stats.norm.cdf(d / (200 * math.sqrt(2))))
    # FIDE's dp table: p = 0.83 -> dp = 273 on the mean opponent rating.
    fide = np.mean(PAGE_OPPONENTS) + 273
    assert round(logistic) == 2191
    assert round(normal) == 2185
    assert round(fide) == 2183
    # our root to 1e-6 points of the independent bisection (both converge far below that)
    assert performance_rating(2.5, PAGE_OPPONENTS) == pytest.approx(logistic, abs=1e-6)


def test_expected_total_equals_score_at_the_lpr():
    rng = np.random.default_rng(1)
    opponents = rng.normal(1800, 150, size=9)
    r = performance_rating(6.0, opponents)
    # brentq's xtol is 1e-9 points; the slope of the total is below 9*ln10/1600 per point.
    assert expected_score(r, opponents).sum() == pytest.approx(6.0, abs=1e-9)


def test_half_score_against_equal_opponents_is_their_rating():
    assert performance_rating(2, [1700, 1700, 1700, 1700]) == pytest.approx(1700, abs=1e-8)


def test_perfect_score_adds_a_draw_against_oneself():
    # 3/3 plus a draw against 2000 is 3.5/4 against (1919, 1864, 1946, 2000).
    with_draw = performance_rating(3.5, [*PAGE_OPPONENTS, 2000])
    assert performance_rating(3, PAGE_OPPONENTS, own_rating=2000) == pytest.approx(with_draw)
    zero = performance_rating(0, PAGE_OPPONENTS, own_rating=1500)
    assert zero == pytest.approx(performance_rating(0.5, [*PAGE_OPPONENTS, 1500]))


@pytest.mark.parametrize("score", [0, 3])
def test_zero_or_full_score_needs_own_rating(score):
    with pytest.raises(BridgestatsError, match="own_rating"):
        performance_rating(score, PAGE_OPPONENTS)


@pytest.mark.parametrize("score", [-0.5, 3.5])
def test_score_out_of_range(score):
    with pytest.raises(BridgestatsError, match="score: must be between 0 and"):
        performance_rating(score, PAGE_OPPONENTS)


def test_score_must_be_one_number():
    with pytest.raises(BridgestatsError, match="score: must be one number"):
        performance_rating([1, 1.5], PAGE_OPPONENTS)


def test_bad_ratings():
    with pytest.raises(BridgestatsError, match="opponent_ratings"):
        performance_rating(1, [1800, float("nan")])
    with pytest.raises(BridgestatsError, match="opponent_ratings: must be one or more numbers"):
        performance_rating(0, [], own_rating=1800)


# --- limiting tests: each case of the page, then properties --------------------------------

CASES = [
    # (Rl, Rtt, LPR, Rn, why)
    (1800, 0.3, 1900, 1800, "Rtt rounds to zero"),
    (1800, -0.49, 1700, 1800, "Rtt rounds to zero"),
    (1800, 40, 1800.2, 1800, "LPR equals Rl"),
    (1800, 60, 1830, 1830, "test 1: rising beyond the LPR"),
    (1800, -60, 1770, 1770, "test 1: falling below the LPR"),
    (1800, 60, 1750, 1800, "test 2: rising while the LPR falls"),
    (1800, -60, 1850, 1800, "test 2: falling while the LPR rises"),
    (1800, 20, 1830, 1820, "passed"),
    (1800, -20, 1700, 1780, "passed"),
    (1800, 30, 1830, 1830, "exactly reaching the LPR passes"),
]


@pytest.mark.parametrize(("rl", "rtt", "lpr", "rn", "why"), CASES, ids=[c[4] for c in CASES])
def test_limit_cases(rl, rtt, lpr, rn, why):
    assert float(limit_change(rl, rtt, lpr)) == rn


def test_limit_change_vectorised():
    rl, rtt, lpr, rn, _ = (np.array(col) for col in zip(*CASES, strict=True))
    np.testing.assert_array_equal(limit_change(rl, rtt, lpr), rn.astype(float))


def test_limit_change_rejects_nan():
    with pytest.raises(BridgestatsError, match="lpr"):
        limit_change(1800, 10, float("nan"))


ratings = st.floats(1000, 2500, allow_nan=False)
changes = st.floats(-200, 200, allow_nan=False)


@given(ratings, changes, ratings)
def test_new_rating_between_last_and_target(rl, rtt, lpr):
    rn = float(limit_change(rl, rtt, lpr))
    assert min(rl, rl + rtt) <= rn <= max(rl, rl + rtt)


@given(ratings, changes, ratings)
def test_new_rating_is_one_of_three(rl, rtt, lpr):
    rn = float(limit_change(rl, rtt, lpr))
    assert rn in (rl, rl + rtt, lpr)


@given(ratings, changes, ratings)
def test_never_moves_against_the_lpr_nor_past_it(rl, rtt, lpr):
    rn = float(limit_change(rl, rtt, lpr))
    if rn != rl:
        # the rating moves toward the LPR and stops at it at the latest
        assert np.sign(rn - rl) == np.sign(lpr - rl)
        assert abs(rn - rl) <= abs(lpr - rl)


@given(ratings, changes, ratings)
def test_mirror_symmetry(rl, rtt, lpr):
    # mirror image: negating every distance from Rl gives the mirrored result
    rn = float(limit_change(rl, rtt, lpr))
    mirrored = float(limit_change(rl, -rtt, 2 * rl - lpr))
    assert mirrored == pytest.approx(2 * rl - rn, abs=1e-9)


def test_both_tests_reachable():
    # Under the literal reading test 2 could never fire; here both do.
    assert float(limit_change(1800, 60, 1830)) == 1830  # test 1
    assert float(limit_change(1800, 60, 1750)) == 1800  # test 2


opponent_lists = st.lists(st.floats(1200, 2400, allow_nan=False), min_size=2, max_size=9)


@given(opponent_lists, st.floats(0.05, 0.95), st.floats(-300, 300, allow_nan=False))
def test_lpr_shifts_with_the_opponents(opponents, share, shift):
    # the expected score depends on rating differences only: shifting every opponent by
    # c shifts the LPR by c (root found to 1e-9; 1e-6 allows for the float sums)
    score = share * len(opponents)
    base = performance_rating(score, opponents)
    moved = performance_rating(score, [r + shift for r in opponents])
    assert moved == pytest.approx(base + shift, abs=1e-6)


@given(opponent_lists, st.floats(0.05, 0.9))
def test_lpr_increases_with_the_score(opponents, share):
    n = len(opponents)
    assert performance_rating(share * n, opponents) < performance_rating(
        (share + 0.05) * n, opponents
    )


# --- performance_ratings: many periods at once, against performance_rating one by one --------


def test_many_periods_equal_one_at_a_time():
    # 2,000 periods of 1-59 games (69 scored 0 %, 59 scored 100 %: the fictitious draw),
    # the vectorised Newton against Brent's method period by period: both stop within
    # 1e-9 points of the root, so they agree within 2e-9 (seen: 2.5e-10)
    rng = np.random.default_rng(1)
    games = rng.integers(1, 60, 2000)
    period = np.repeat(np.arange(games.size), games)
    opponents = rng.normal(1500, 300, period.size)
    scores = np.array([rng.integers(0, 2 * g + 1) / 2 for g in games], dtype=float)
    own = rng.normal(1500, 300, games.size)
    assert (scores == 0).sum() > 20 and (scores == games).sum() > 20
    got = performance_ratings(scores, opponents, period, own_ratings=own)
    starts = np.r_[0, np.cumsum(games)[:-1]]
    want = [
        performance_rating(s, opponents[a : a + g], own_rating=o)
        for s, a, g, o in zip(scores, starts, games, own, strict=True)
    ]
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-9)


def test_many_periods_in_any_order():
    # games need not be grouped by period: the page's example split and shuffled
    period = np.array([1, 0, 1, 0, 0, 1])
    opponents = np.array([1919, 1919, 1864, 1864, 1946, 1946])
    got = performance_ratings([2.5, 2.5], opponents, period)
    np.testing.assert_allclose(got, performance_rating(2.5, [1919, 1864, 1946]), atol=2e-9)


@pytest.mark.parametrize(
    ("scores", "period", "kw", "match"),
    [
        ([1.0, 4.0], [0, 0, 1], {}, "scores: must be between 0 and the number of games, got 4"),
        ([1.0, 1.0], [0, 0, 0], {}, "periods: must be 0 to 1"),
        ([1.0, 1.0], [0.0, 0.0, 1.0], {}, "periods: must be whole numbers"),
        ([1.0, 0.0], [0, 0, 1], {}, r"own_ratings: required .* \(period 1: 0 of 1\)"),
        ([1.0, 0.0], [0, 0, 1], {"own_ratings": [1500]}, "own_ratings: must be one rating"),
        ([1.0, 1.0 - 1e-15], [0, 0, 1], {}, "is so near 0 % or 100 %"),
    ],
)
def test_many_periods_bad_input(scores, period, kw, match):
    with pytest.raises(BridgestatsError, match=match):
        performance_ratings(scores, [1500, 1600, 1700], period, **kw)
