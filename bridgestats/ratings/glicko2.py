"""Glicko-2 ratings: Glickman's rating-period update, vectorised, and board forecasts with it.

:func:`glicko2_period` is one rating period of the Glicko-2 system for every player at
once, as in Glickman's "Example of the Glicko-2 system" [1]_ (steps 1-8, Illinois
iteration for the volatility); :func:`glicko2_forecast` rates a board log with it, one
period per ``round``, and predicts every board from the ratings held before its period.

References
----------
.. [1] M. E. Glickman, "Example of the Glicko-2 system", Boston University, 2013
   (glicko.net/glicko/glicko2.pdf): the algorithm, steps 1-8, and the worked example of
   a 1500/200 player against 1400/30, 1550/100 and 1700/300.
.. [2] Bridge Club Live, "PPI" page (bridgeclublive.com): the pair expectation
   (a + b − c − d)/2 + 50 that the pair ratings here mirror.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import as_finite_array, check_number, check_whole, fail
from ._boardlog import check_board_log
from .lpr import MAX_RATING

# Bounds of the deviations, volatilities and τ, far outside what a rating scheme uses
# (RD 350 for an unrated player, σ 0.06, τ 0.3-1.2 in [1]); they keep exp(), ln σ² and
# the squares and quotients of the iteration of step 5 finite.
MIN_RD, MAX_RD = 1.0, 10_000.0
MIN_VOLATILITY, MAX_VOLATILITY = 1e-6, 1.0
MIN_TAU, MAX_TAU = 0.01, 10.0


def _check_range(values, name: str, low: float, high: float, *, low_open=False, allow_empty=False):
    arr = as_finite_array(values, name, allow_empty=allow_empty).ravel()
    bad = (arr <= low if low_open else arr < low) | (arr > high)
    if bad.any():
        opening = "(" if low_open else "["
        raise fail(name, f"numbers in {opening}{low:g}, {high:g}]", arr[bad][0])
    return arr


__all__ = ["GLICKO_SCALE", "glicko2_forecast", "glicko2_period"]

#: Glickman's conversion between the Glicko scale (1500, 350) and the Glicko-2 scale
#: (μ = (r − 1500)/173.7178, φ = RD/173.7178), step 2 of [1]_.
GLICKO_SCALE = 173.7178
_CENTRE = 1500.0
_EPSILON = 1e-6  # the convergence tolerance ε of step 5, as in [1]


def _g(phi):
    """g(φ) = 1/√(1 + 3φ²/π²), step 3 of [1]."""
    return 1.0 / np.sqrt(1.0 + 3.0 * phi**2 / math.pi**2)


def glicko2_period(rating, rd, volatility, *, player, opponent_rating, opponent_rd, score, tau=0.5):
    """One Glicko-2 rating period for every player at once.

    Parameters
    ----------
    rating, rd, volatility : array_like
        Each player's rating r (within ±10000), rating deviation RD (Glicko scale, in
        1-10000) and volatility σ (in 1e-6 to 1) before the period, one of each per player.
    player : array_like of int
        For each game of the period, the index of the player it rates (0 to
        ``len(rating) - 1``); a player may have any number of games, or none.
    opponent_rating, opponent_rd : array_like
        For each game, the opponent's rating (within ±10000) and RD (in 1-10000).
    score : array_like
        For each game, the player's score, 0-1 (fractional scores allowed).
    tau : float
        The system constant τ, which constrains the change of volatility (0.3-1.2 in
        [1]_; accepted in 0.01-10).

    Returns
    -------
    rating, rd, volatility : ndarray
        After the period. A player without games keeps r and σ and has
        φ' = √(φ² + σ²) (step 6 applied alone, as [1]_ prescribes).

    Notes
    -----
    On the Glicko-2 scale μ = (r − 1500)/173.7178, φ = RD/173.7178 [1]_: with
    g(φ) = 1/√(1 + 3φ²/π²) and E_j = 1/(1 + exp(−g(φ_j)(μ − μ_j))),

        v = 1 / Σ g(φ_j)² E_j (1 − E_j),     Δ = v Σ g(φ_j)(s_j − E_j);

    the new volatility σ' = exp(A/2) where A is the root of

        f(x) = e^x (Δ² − φ² − v − e^x) / (2 (φ² + v + e^x)²) − (x − ln σ²)/τ²,

    found by the Illinois iteration of step 5 to ε = 10⁻⁶ (all players at once, each
    stopping when its own bracket is narrower than ε); then φ* = √(φ² + σ'²),
    φ' = 1/√(1/φ*² + 1/v) and μ' = μ + φ'² Σ g(φ_j)(s_j − E_j).

    f has φ² where Glickman writes φ² (step 5.1); the ``glicko2`` package (2.1.0,
    ``Player._f``) has μ² there, so the two differ in σ' when μ ≠ 0 (tests in
    ``tests/test_ratings_glicko2.py``).

    References
    ----------
    .. [1] Glickman (2013), steps 1-8.

    Examples
    --------
    Glickman's worked example [1]_: 1500/200/0.06 against 1400/30 (won), 1550/100 (lost)
    and 1700/300 (lost), τ = 0.5, gives r' = 1464.06, RD' = 151.52 and σ' = 0.05999. The
    paper converts its rounded μ' = −0.2069 (173.7178 × −0.2069 + 1500 = 1464.06), where
    the unrounded μ' = −0.20694 gives 1464.05; and its σ' is 0.059996 cut to five decimals.

    >>> r, rd, vol = glicko2_period([1500.0], [200.0], [0.06], player=[0, 0, 0],
    ...                             opponent_rating=[1400, 1550, 1700],
    ...                             opponent_rd=[30, 100, 300], score=[1, 0, 0])
    >>> round(float(r[0]), 2), round(float(rd[0]), 2), round(float(vol[0]), 6)
    (1464.05, 151.52, 0.059996)
    """
    r = _check_range(rating, "rating", -MAX_RATING, MAX_RATING)
    rd = _check_range(rd, "rd", MIN_RD, MAX_RD)
    sigma = _check_range(volatility, "volatility", MIN_VOLATILITY, MAX_VOLATILITY)
    n = r.size
    if rd.shape != (n,) or sigma.shape != (n,):
        raise fail("rd, volatility", f"one value per player ({n})", (rd.size, sigma.size))
    who = check_whole(player, "player", minimum=0, maximum=n - 1).ravel()
    opp_r = _check_range(
        opponent_rating, "opponent_rating", -MAX_RATING, MAX_RATING, allow_empty=True
    )
    opp_rd = _check_range(opponent_rd, "opponent_rd", MIN_RD, MAX_RD, allow_empty=True)
    s = as_finite_array(score, "score", allow_empty=True).ravel()
    if not opp_r.size == opp_rd.size == s.size == who.size:
        raise fail(
            "opponent_rating, opponent_rd, score",
            f"one value per game ({who.size})",
            (opp_r.size, opp_rd.size, s.size),
        )
    if np.any((s < 0) | (s > 1)):
        raise fail("score", "in 0-1", s[(s < 0) | (s > 1)][0])
    tau = check_number(tau, "tau", low=MIN_TAU, high=MAX_TAU)
    # step 2: the Glicko-2 scale
    mu, phi = (r - _CENTRE) / GLICKO_SCALE, rd / GLICKO_SCALE
    mu_j, phi_j = (opp_r - _CENTRE) / GLICKO_SCALE, opp_rd / GLICKO_SCALE
    # steps 3-4: v and Δ, summed per player
    g_j = _g(phi_j)
    e_j = 1.0 / (1.0 + np.exp(-g_j * (mu[who] - mu_j)))
    info = np.bincount(who, weights=g_j**2 * e_j * (1.0 - e_j), minlength=n)
    gain = np.bincount(who, weights=g_j * (s - e_j), minlength=n)
    played = np.bincount(who, minlength=n) > 0
    new_mu, new_phi, new_sigma = mu.copy(), np.sqrt(phi**2 + sigma**2), sigma.copy()
    if played.any():
        v = 1.0 / info[played]
        delta = v * gain[played]
        sig = _new_volatility(phi[played], sigma[played], v, delta, tau)  # step 5
        phi_star = np.sqrt(phi[played] ** 2 + sig**2)  # step 6
        phi_new = 1.0 / np.sqrt(1.0 / phi_star**2 + 1.0 / v)  # step 7
        new_mu[played] = mu[played] + phi_new**2 * gain[played]
        new_phi[played] = phi_new
        new_sigma[played] = sig
    # step 8: back to the Glicko scale
    return _CENTRE + GLICKO_SCALE * new_mu, GLICKO_SCALE * new_phi, new_sigma


def _new_volatility(phi, sigma, v, delta, tau):
    """Step 5 of [1] for arrays of players: the Illinois iteration on f, vectorised."""
    a = np.log(sigma**2)
    phi2, delta2 = phi**2, delta**2

    def f(x, rows):
        ex = np.exp(x)
        return (
            ex
            * (delta2[rows] - phi2[rows] - v[rows] - ex)
            / (2.0 * (phi2[rows] + v[rows] + ex) ** 2)
            - (x - a[rows]) / tau**2
        )

    every = np.arange(a.size)
    big = delta2 > phi2 + v
    upper = np.empty_like(a)
    upper[big] = np.log(np.where(big, delta2 - phi2 - v, 1.0)[big])
    k = np.ones_like(a)
    rows = np.flatnonzero(~big)
    while rows.size:  # B = a − kτ for the first k = 1, 2, ... with f(a − kτ) >= 0
        low = f(a[rows] - k[rows] * tau, rows) < 0
        upper[rows[~low]] = a[rows[~low]] - k[rows[~low]] * tau
        rows = rows[low]
        k[rows] += 1.0
    lo, hi = a.copy(), upper
    f_lo, f_hi = f(lo, every), f(hi, every)
    rows = np.flatnonzero(np.abs(hi - lo) > _EPSILON)
    while rows.size:
        c = lo[rows] + (lo[rows] - hi[rows]) * f_lo[rows] / (f_hi[rows] - f_lo[rows])
        f_c = f(c, rows)
        swap = f_c * f_hi[rows] <= 0
        lo[rows[swap]], f_lo[rows[swap]] = hi[rows[swap]], f_hi[rows[swap]]
        f_lo[rows[~swap]] /= 2.0
        hi[rows], f_hi[rows] = c, f_c
        rows = rows[np.abs(hi[rows] - lo[rows]) > _EPSILON]
    return np.exp(lo / 2.0)


def glicko2_forecast(log, *, initial_rd=350.0, volatility=0.06, tau=0.5):
    """Predict each board of ``log`` from Glicko-2 ratings updated once per ``round``.

    Parameters
    ----------
    log : pandas.DataFrame
        A board log: columns ``round`` (each distinct round is a rating period, taken in
        order), ``board``, ``north``, ``south``, ``east``, ``west`` (player ids) and
        ``pct_ns`` (North-South's percentage, 0-100).
    initial_rd : float
        Starting rating deviation (Glicko scale, 350 for an unrated player; in 1-10000).
    volatility : float
        Starting volatility σ, in 1e-6 to 1.
    tau : float
        The system constant τ, in 0.01-10.

    Returns
    -------
    predictions : ndarray
        Predicted North-South percentage of each row of ``log`` (in the frame's order).
    ratings : pandas.DataFrame
        Per player (index): ``rating``, ``rd`` and ``volatility`` at the end.

    Notes
    -----
    Board results are fractional scores S = pct_ns/100. A pair plays as the mean of its
    players: for player a (partner b, opponents c, d) the board is a game against a virtual
    opponent of rating (c + d)/2 − (b − a)/2, so that the difference is the pairs'
    (a + b)/2 − (c + d)/2 as in the PPI [2]_, and of deviation √((φb² + φc² + φd²)/4).
    North-South are predicted, with all four players' deviations,
    E = 1/(1 + exp(−g(φ)·(μ_NS − μ_EW))), g(φ) = 1/√(1 + 3φ²/π²),
    φ² = (φN² + φS² + φE² + φW²)/4 on the Glicko-2 scale [1]_. Each period updates every
    player at once by :func:`glicko2_period`; players absent from a period have their
    deviation widened (step 6).

    Examples
    --------
    >>> log = pd.DataFrame({"round": [1, 2], "board": [1, 1], "north": ["a", "a"],
    ...                     "south": ["b", "b"], "east": ["c", "c"], "west": ["d", "d"],
    ...                     "pct_ns": [70.0, 60.0]})
    >>> pred, ratings = glicko2_forecast(log)
    >>> bool(pred[0] == 50.0 and pred[1] > 50.0)
    True
    """
    initial_rd = check_number(initial_rd, "initial_rd", low=MIN_RD, high=MAX_RD)
    volatility = check_number(volatility, "volatility", low=MIN_VOLATILITY, high=MAX_VOLATILITY)
    tau = check_number(tau, "tau", low=MIN_TAU, high=MAX_TAU)
    frame, ids, index, order = check_board_log(log)
    rating = np.full(ids.size, _CENTRE)
    rd = np.full(ids.size, initial_rd)
    sigma = np.full(ids.size, volatility)
    score = frame["pct_ns"].to_numpy() / 100.0
    rounds = frame["round"].to_numpy()
    starts = np.flatnonzero(np.r_[True, rounds[1:] != rounds[:-1]])
    ends = np.r_[starts[1:], len(frame)]
    pred_sorted = np.empty(len(frame))
    for lo, hi in zip(starts, ends, strict=True):  # one rating period per round
        mu = (rating - _CENTRE) / GLICKO_SCALE
        phi = rd / GLICKO_SCALE
        seats = index[lo:hi]
        diff = (mu[seats[:, 0]] + mu[seats[:, 1]] - mu[seats[:, 2]] - mu[seats[:, 3]]) / 2.0
        phi2 = (phi[seats] ** 2).sum(axis=1) / 4.0
        pred_sorted[lo:hi] = 1.0 / (1.0 + np.exp(-_g(np.sqrt(phi2)) * diff))
        games = _period_games(rating, rd, seats, score[lo:hi])
        rating, rd, sigma = glicko2_period(rating, rd, sigma, tau=tau, **games)
    predictions = np.empty_like(pred_sorted)
    predictions[order] = pred_sorted
    ratings = pd.DataFrame({"rating": rating, "rd": rd, "volatility": sigma}, index=ids)
    return 100.0 * predictions, ratings


# each seat's partner and opponents (column indices of a row's four seats) and its side
_ROLES = ((0, 1, 2, 3, False), (1, 0, 2, 3, False), (2, 3, 0, 1, True), (3, 2, 0, 1, True))


def _period_games(rating, rd, seats, score):
    """The period's games, four per board (one per seat, virtual opponents as documented)."""
    player, opponent, spread, result = [], [], [], []
    for me, partner, c, d, east_west in _ROLES:
        a, b = seats[:, me], seats[:, partner]
        player.append(a)
        opponent.append(
            (rating[seats[:, c]] + rating[seats[:, d]]) / 2.0 - (rating[b] - rating[a]) / 2.0
        )
        spread.append(np.sqrt((rd[b] ** 2 + rd[seats[:, c]] ** 2 + rd[seats[:, d]] ** 2) / 4.0))
        result.append(1.0 - score if east_west else score)
    return {
        "player": np.concatenate(player),
        "opponent_rating": np.concatenate(opponent),
        "opponent_rd": np.concatenate(spread),
        "score": np.concatenate(result),
    }
