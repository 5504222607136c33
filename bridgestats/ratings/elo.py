"""Elo-style ratings of pairs' board percentages, updated board by board.

The comparison asked of the PPI (:mod:`bridgestats.ratings.ppi`): how well does a rating
predict the next board's percentage? :func:`elo_forecast` reads a board log (columns
``round``, ``board``, ``north``, ``south``, ``east``, ``west``, ``pct_ns``; rows taken in
``round`` order, keeping the frame's order within a round), predicts every board from the
ratings held before it and then updates. :mod:`bridgestats.ratings.glicko2` does the same
with Glicko-2, and :func:`bridgestats.ratings.forecast.forecast_scores` scores them.

References
----------
.. [1] A. E. Elo, *The Rating of Chessplayers, Past and Present*, 1978: the logistic
   expected score with 400 points per factor 10 of the odds.
.. [2] Bridge Club Live, "PPI" page (bridgeclublive.com): the pair expectation
   (a + b − c − d)/2 + 50 that the team ratings here mirror.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._jit import njit
from .._validate import check_number
from ._boardlog import check_board_log
from .lpr import MAX_RATING

__all__ = ["elo_forecast"]


def elo_forecast(log, *, k_factor=2.0, scale=400.0, initial=1500.0):
    """Predict each board of ``log`` from Elo-style player ratings, updated board by board.

    Parameters
    ----------
    log : pandas.DataFrame
        A board log (see the module docstring).
    k_factor : float
        Rating points per unit of (result − expectation), the result being pct_ns/100;
        in (0, 400].
    scale : float
        Points per factor 10 in the odds (400 as in chess); in [1, 10000].
    initial : float
        Every player's starting rating, within ±10000.

    Returns
    -------
    predictions : ndarray
        Predicted North-South percentage of each row of ``log`` (in the frame's order).
    ratings : pandas.Series
        Final rating of each player, indexed by player id.

    Notes
    -----
    A pair's rating is its players' mean, as in the PPI's expectation [2]_; North-South
    expect E = 1/(1 + 10^(−(R_NS − R_EW)/scale)) [1]_ and score S = pct_ns/100; each
    North-South player gains K·(S − E) and each East-West player loses as much. Near 50 %
    one PPI point is 16/ln 10 = 6.95 Elo points (scale 400), so K = 695/m mirrors a PPI
    weighting m: K = 1.16 is the PPI's m = 600, and K = 2 (the default) its m = 350.

    Examples
    --------
    >>> log = pd.DataFrame({"round": [1, 2], "board": [1, 1], "north": ["a", "a"],
    ...                     "south": ["b", "b"], "east": ["c", "c"], "west": ["d", "d"],
    ...                     "pct_ns": [70.0, 60.0]})
    >>> pred, ratings = elo_forecast(log, k_factor=10)
    >>> pred.round(3).tolist(), ratings.round(1).tolist()
    ([50.0, 50.576], [1502.9, 1502.9, 1497.1, 1497.1])
    """
    k_factor = check_number(k_factor, "k_factor", low=0, high=400, low_open=True)
    scale = check_number(scale, "scale", low=1, high=MAX_RATING)
    initial = check_number(initial, "initial", low=-MAX_RATING, high=MAX_RATING)
    return _elo_run(check_board_log(log), k_factor, scale, initial)


def _elo_run(checked, k_factor, scale=400.0, initial=1500.0):
    """:func:`elo_forecast` of a log already checked (``check_board_log``'s result), its
    arguments checked: for a caller rating one log at several K, which checks it once."""
    frame, ids, index, order = checked
    ratings = np.full(ids.size, initial)
    pred_sorted = _elo_kernel(index, frame["pct_ns"].to_numpy() / 100.0, ratings, k_factor, scale)
    predictions = np.empty_like(pred_sorted)
    predictions[order] = pred_sorted
    return 100.0 * predictions, pd.Series(ratings, index=ids, name="elo")


@njit(cache=True)
def _elo_kernel(index, score, ratings, k_factor, scale):
    """Sequential Elo over rows (compiled: each row needs the ratings the rows before left)."""
    n = index.shape[0]
    out = np.empty(n)
    for r in range(n):
        n_, s_, e_, w_ = index[r, 0], index[r, 1], index[r, 2], index[r, 3]
        diff = (ratings[n_] + ratings[s_] - ratings[e_] - ratings[w_]) / 2.0
        expected = 1.0 / (1.0 + 10.0 ** (-diff / scale))
        out[r] = expected
        step = k_factor * (score[r] - expected)
        ratings[n_] += step
        ratings[s_] += step
        ratings[e_] -= step
        ratings[w_] -= step
    return out
