"""The Dutch LPR (list performance rating) and the two limiting tests on a rating change.

At the end of a rating period a player's accumulated change ``change`` (Rtt) is checked
against the performance rating of the period (the LPR): :func:`performance_rating` finds the
LPR (:func:`performance_ratings` of many periods at once), :func:`limit_change` applies the
two tests and returns the new rating (Rn).

References
----------
.. [1] "LPR en limiteringen", the page on the LPR (lijst prestatie rating) and its limiting
   tests of the Nederlandse Bridge Bond's rating scheme (in Dutch).
"""

from __future__ import annotations

import numpy as np
from scipy import optimize

from .._validate import as_finite_array, check_broadcast, check_number, fail
from ..errors import BridgestatsError

__all__ = [
    "MAX_RATING",
    "expected_score",
    "limit_change",
    "performance_rating",
    "performance_ratings",
]

# Logistic Elo curve, 400 points per factor 10 in the odds: the curve that reproduces the
# page's example (2.5/3 against 1919, 1864, 1946 -> 2191.47, printed 2191). The normal curve
# with sigma = 200*sqrt(2) gives 2185.3 and the FIDE dp table (p = 0.83 -> dp = 273 on the
# mean 1909.7) gives 2183, so neither is the page's curve; see tests/test_ratings_lpr.py.
_ELO_SCALE = 400.0
# A rating is searched for within this distance of the opponents' ratings; at 0 % or 100 %
# (before the fictitious draw is added) no finite rating exists, so the bracket is finite.
_BRACKET = 4000.0
# Ratings (and a period's change) are numbers within this distance of 0: every rating
# scheme here lives in 0-3000 or so, and 10^(d/400) stays far from overflow for the
# differences d such ratings make (at most 2 * 10000 + _BRACKET).
MAX_RATING = 10_000.0


def _check_ratings(values, name: str) -> np.ndarray:
    """Finite ratings within ±MAX_RATING, as an array."""
    arr = as_finite_array(values, name)
    bad = np.abs(arr) > MAX_RATING
    if bad.any():
        raise fail(name, f"ratings in -{MAX_RATING:g} to {MAX_RATING:g}", arr[bad].ravel()[0])
    return arr


def expected_score(rating, opponent_ratings):
    """Expected score of ``rating`` against each of ``opponent_ratings`` (logistic Elo, 400).

    Parameters
    ----------
    rating : float or array_like
        The player's rating (within ±10000, :data:`MAX_RATING`).
    opponent_ratings : array_like
        Opponents' ratings (within ±10000; shapes broadcasting against ``rating``).

    Returns
    -------
    ndarray
        E = 1 / (1 + 10^(-(rating - opponent) / 400)), between 0 and 1.

    Notes
    -----
    The page [1]_ does not name its curve ("de berekening van LPR is complex"); the
    logistic curve with scale 400 is the one that reproduces its example.

    References
    ----------
    .. [1] "LPR en limiteringen" (Nederlandse Bridge Bond, in Dutch), the example of player A.

    Examples
    --------
    >>> float(expected_score(2000, 2000))
    0.5
    >>> round(float(expected_score(2400, 2000)), 4)
    0.9091
    """
    rating = _check_ratings(rating, "rating")
    opponents = _check_ratings(opponent_ratings, "opponent_ratings")
    rating, opponents = check_broadcast(rating=rating, opponent_ratings=opponents)
    return 1.0 / (1.0 + 10.0 ** (-(rating - opponents) / _ELO_SCALE))


def performance_rating(score, opponent_ratings, *, own_rating=None):
    """The LPR: the rating at which the expected total score equals the actual total.

    Parameters
    ----------
    score : float
        Total score over the period, between 0 and ``len(opponent_ratings)`` (1 per win,
        ½ per draw).
    opponent_ratings : array_like
        Ratings of the opponents met in the period, one per game (one or more, each within
        ±10000, :data:`MAX_RATING`).
    own_rating : float, optional
        The player's current rating, one number within ±10000. Required when ``score`` is
        0 % or 100 %: then one fictitious draw against oneself (against ``own_rating``) is
        added, as the page says,
        "omdat anders de LPR niet is te berekenen" (otherwise no LPR exists).

    Returns
    -------
    float
        The LPR R, solving sum_i E(R - r_i) = score (Brent's method, to 1e-9 points).

    Raises
    ------
    BridgestatsError
        If ``score`` is not one number in [0, n] (or so near 0 or n, short of them, that
        the LPR would lie more than 4000 points beyond the opponents), the ratings are
        empty, not finite or out of range, ``own_rating`` is not one number, or the score
        is 0 % or 100 % and ``own_rating`` is missing.

    Notes
    -----
    The expected score of one game is the logistic Elo curve
    E(d) = 1 / (1 + 10^(-d/400)), d = R - r_i. The LPR solves

        sum_i E(R - r_i) = score

    whose left side increases strictly in R, so the root is unique. The page gives no curve;
    this one reproduces its example (2191.47 -> 2191), the normal curve with σ = 200·√2
    gives 2185 and the FIDE table 2183.

    References
    ----------
    .. [1] "LPR en limiteringen" (Nederlandse Bridge Bond, in Dutch): definition of the LPR,
       the fictitious draw at 0 % or 100 %, and the example of player A.

    Examples
    --------
    The page's example: 2.5 out of 3 against 1919, 1864 and 1946 gives 2191.

    >>> round(performance_rating(2.5, [1919, 1864, 1946]))
    2191
    >>> round(performance_rating(3, [1919, 1864, 1946], own_rating=2000))
    2275
    """
    opponents = _check_ratings(opponent_ratings, "opponent_ratings").ravel()
    if own_rating is not None:
        own_rating = check_number(own_rating, "own_rating", low=-MAX_RATING, high=MAX_RATING)
    score = as_finite_array(score, "score")
    if score.size != 1:
        raise BridgestatsError("score: must be one number, the period's total")
    score = float(score.ravel()[0])
    n_games = opponents.size
    if not 0.0 <= score <= n_games:
        raise BridgestatsError(
            f"score: must be between 0 and the number of games ({n_games}), got {score}"
        )
    if score in (0.0, float(n_games)):
        if own_rating is None:
            raise BridgestatsError(
                f"own_rating: required when score is {score:g} of {n_games} (0 % or 100 %): "
                "the fictitious draw against oneself needs the player's current rating"
            )
        opponents = np.append(opponents, own_rating)  # the fictitious draw, as in [1]
        score += 0.5
    lo = opponents.min() - _BRACKET
    hi = opponents.max() + _BRACKET
    if not _expected_total(lo, opponents) < score < _expected_total(hi, opponents):
        raise BridgestatsError(
            f"score: {score:g} of {opponents.size} is so near 0 % or 100 % that the LPR"
            f" would lie more than {_BRACKET:g} points beyond every opponent's rating"
        )
    return float(
        optimize.brentq(
            lambda r: _expected_total(r, opponents) - score, lo, hi, xtol=1e-9, rtol=1e-15
        )
    )


def performance_ratings(scores, opponent_ratings, periods, *, own_ratings=None):
    """The LPR of many periods at once: :func:`performance_rating` of each period.

    Parameters
    ----------
    scores : array_like
        Each period's total score, shape (n_periods,).
    opponent_ratings : array_like
        The opponent's rating in every game of every period, shape (n_games,), each within
        ±10000 (:data:`MAX_RATING`).
    periods : array_like of int
        The period of each game, 0 to n_periods − 1; every period has a game.
    own_ratings : array_like, optional
        Each period's current rating, shape (n_periods,): the fictitious draw of a period
        scored 0 % or 100 % is played against it (required for those periods).

    Returns
    -------
    numpy.ndarray
        The LPR of each period, as :func:`performance_rating` gives it (to 1e-9 points).

    Raises
    ------
    BridgestatsError
        As :func:`performance_rating`, naming the first period at fault; also if
        ``periods`` is not whole numbers 0 to n_periods − 1 covering every period.

    Notes
    -----
    Every period's root of Σ E(R − r_i) = score is found together: Newton's method on all
    periods at once, each step kept inside the period's bracket (a step that would leave
    it bisects it instead), until every step is below 1e-9 points. The left side increases
    strictly in R, so each root is the one :func:`performance_rating` finds by Brent's
    method; ``tests/ratings/test_ratings_lpr.py`` compares the two.

    Examples
    --------
    The page's example [1]_ and a period of three wins (with the fictitious draw):

    >>> lpr = performance_ratings([2.5, 3.0], [1919, 1864, 1946, 1919, 1864, 1946],
    ...                           [0, 0, 0, 1, 1, 1], own_ratings=[2000, 2000])
    >>> [round(x) for x in lpr]
    [2191, 2275]
    """
    scores = as_finite_array(scores, "scores").ravel()
    r = _check_ratings(opponent_ratings, "opponent_ratings").ravel()
    n = scores.size
    period = np.asarray(periods).ravel()
    if period.shape != r.shape or not np.issubdtype(period.dtype, np.integer):
        raise fail("periods", f"whole numbers, one per opponent rating ({r.size})", period.dtype)
    if n == 0 or period.min(initial=0) < 0 or period.max(initial=-1) != n - 1:
        raise fail("periods", f"0 to {n - 1}, one per period of scores", "other values")
    games = np.bincount(period, minlength=n).astype(float)
    if not games.all():
        raise fail("periods", "a game in every period", f"none in period {np.argmin(games)}")
    bad = (scores < 0) | (scores > games)
    if bad.any():
        i = int(np.argmax(bad))
        raise BridgestatsError(
            f"scores: must be between 0 and the number of games, got {scores[i]:g} of "
            f"{games[i]:g} in period {i}"
        )
    extra = ((scores == 0) | (scores == games)).astype(float)  # the fictitious draw
    own = np.zeros(n)
    if own_ratings is not None:
        own = _check_ratings(own_ratings, "own_ratings").ravel()
        if own.size != n:
            raise fail("own_ratings", f"one rating per period ({n})", own.size)
    elif extra.any():
        i = int(np.argmax(extra))
        raise BridgestatsError(
            f"own_ratings: required when a period's score is 0 % or 100 % (period {i}: "
            f"{scores[i]:g} of {games[i]:g}): the fictitious draw needs the player's rating"
        )
    target = scores + 0.5 * extra
    order = np.argsort(period, kind="stable")
    r, starts = r[order], np.r_[0, np.cumsum(games[:-1])].astype(np.intp)
    lo = np.minimum.reduceat(r, starts) - _BRACKET
    hi = np.maximum.reduceat(r, starts) + _BRACKET
    lo = np.where(extra > 0, np.minimum(lo, own - _BRACKET), lo)
    hi = np.where(extra > 0, np.maximum(hi, own + _BRACKET), hi)
    slope = np.log(10.0) / _ELO_SCALE

    repeat = games.astype(np.intp)

    def excess(x):  # Σ E − target, and its derivative in x, for every period
        e = 1.0 / (1.0 + 10.0 ** (-(np.repeat(x, repeat) - r) / _ELO_SCALE))
        e_own = 1.0 / (1.0 + 10.0 ** (-(x - own) / _ELO_SCALE))
        f = np.add.reduceat(e, starts) + extra * e_own - target
        d = slope * (np.add.reduceat(e * (1.0 - e), starts) + extra * e_own * (1.0 - e_own))
        return f, d

    f_lo, _ = excess(lo)
    f_hi, _ = excess(hi)
    bad = ~((f_lo < 0) & (f_hi > 0))
    if bad.any():
        i = int(np.argmax(bad))
        raise BridgestatsError(
            f"scores: {scores[i]:g} of {games[i]:g} in period {i} is so near 0 % or 100 % "
            f"that the LPR would lie more than {_BRACKET:g} points beyond every opponent's "
            "rating"
        )
    share = target / (games + extra)  # in (0, 1): the start, the logit of the mean share
    mean = (np.add.reduceat(r, starts) + extra * own) / (games + extra)
    x = np.clip(mean + _ELO_SCALE * np.log10(share / (1.0 - share)), lo, hi)
    for _ in range(200):
        f, d = excess(x)
        lo = np.where(f < 0, x, lo)
        hi = np.where(f > 0, x, hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            step = np.where(d > 0, x - f / d, np.nan)
        inside = (step >= lo) & (step <= hi)
        new = np.where(inside, step, 0.5 * (lo + hi))
        new = np.where(f == 0, x, new)
        done = np.abs(new - x) < 1e-9
        x = new
        if done.all():
            return x
    raise BridgestatsError("performance_ratings: Newton's method did not converge in 200 steps")


def _expected_total(rating: float, opponents: np.ndarray) -> float:
    return float(np.sum(1.0 / (1.0 + 10.0 ** (-(rating - opponents) / _ELO_SCALE))))


def limit_change(last_rating, change, lpr):
    """The new rating Rn after the page's two limiting tests on the period's change Rtt.

    Parameters
    ----------
    last_rating : float or array_like
        Rl, the rating at the start of the period (within ±10000, :data:`MAX_RATING`).
    change : float or array_like
        Rtt, the sum of the game-by-game rating changes over the period (within ±10000).
    lpr : float or array_like
        The period's performance rating (:func:`performance_rating`; within ±10000).

    The three broadcast together (else an error naming them).

    Returns
    -------
    ndarray
        Rn, broadcast over the three inputs.

    Notes
    -----
    The page [1]_, translated:

        First, to keep the rest simple, we check whether your own result rounds to zero
        (Rtt = 0), for then the rating stays the same, whatever the LPR says. Likewise your
        rating does not change if the LPR equals your last rating (LPR = Rl), which you had
        worked out yourself too. In both cases the new rating equals the last rating
        (Rn = Rl). Then come two tests, and if you pass them with flying colours your new
        rating is exactly what you computed (Rn = Rl + Rtt).

        Test 1 (LPR limit). If you think you will rise further than the LPR, or conversely
        fall deeper than the LPR, there is an intervention: in both cases the new rating
        becomes the LPR (Rn = LPR). Fortunately an intervention is seldom needed.

        Test 2 (Rl limit). If you passed the first test without intervention, test 2
        follows. If you want to rise (Rtt > 0) and the LPR wants to fall (LPR < Rl),
        something is wrong and there is an intervention; it also comes if you think you
        will fall (Rtt < 0) while the LPR rises. In both cases the compromise is that the
        rating stays the same (Rn = Rl).

    Read literally, test 1 ("rise further than the LPR") catches every rise with
    LPR < Rl, since then Rl + Rtt > Rl > LPR; test 2's rising case would never be reached
    (and symmetrically for falls). The reading implemented here, under which both tests
    apply, is that test 1 compares with the LPR only when the change and the LPR point the
    same way (the page's "if the LPR is above Rl you should rise"):

    - Rn = Rl if Rtt rounds to 0 (|Rtt| < 0.5) or the LPR equals Rl (|LPR − Rl| < 0.5,
      equal in whole rating points);
    - test 1: Rtt > 0, LPR > Rl and Rl + Rtt > LPR, or Rtt < 0, LPR < Rl and
      Rl + Rtt < LPR: Rn = LPR;
    - test 2: Rtt > 0 and LPR < Rl, or Rtt < 0 and LPR > Rl: Rn = Rl;
    - otherwise Rn = Rl + Rtt.

    So Rn always lies between Rl and Rl + Rtt, and never beyond the LPR on Rl's far side.

    References
    ----------
    .. [1] "LPR en limiteringen" (Nederlandse Bridge Bond, in Dutch), tests 1 and 2.

    Examples
    --------
    >>> limit_change(1800, 60, 1830)    # test 1: the rise overshoots the LPR
    array(1830.)
    >>> limit_change(1800, 60, 1750)    # test 2: rise against a falling LPR
    array(1800.)
    >>> limit_change(1800, 20, 1830)    # both tests passed
    array(1820.)
    >>> limit_change(1800, 0.4, 1900)   # the change rounds to zero
    array(1800.)
    """
    rl = _check_ratings(last_rating, "last_rating")
    rtt = _check_ratings(change, "change")
    lpr = _check_ratings(lpr, "lpr")
    rl, rtt, lpr = check_broadcast(last_rating=rl, change=rtt, lpr=lpr)
    target = rl + rtt
    unchanged = (np.abs(rtt) < 0.5) | (np.abs(lpr - rl) < 0.5)
    rising, falling = rtt > 0, rtt < 0
    lpr_up, lpr_down = lpr > rl, lpr < rl
    test1 = (rising & lpr_up & (target > lpr)) | (falling & lpr_down & (target < lpr))
    test2 = (rising & lpr_down) | (falling & lpr_up)
    return np.select([unchanged, test1, test2], [rl, lpr, rl], default=target).astype(float)
