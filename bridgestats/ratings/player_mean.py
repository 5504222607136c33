"""The baseline a rating must beat: each player's own running mean side-percentage.

:func:`player_mean_forecast` predicts each session of a session log (see
:mod:`bridgestats.ratings.systems`) from the four players' shrunk means over their past
sessions; :func:`fit_player_mean` chooses the shrinkage on an early part of the log.

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the pair expectation
   (a + b − c − d)/2 + 50.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import optimize

from .._validate import check_number
from .sessionlog import before_mask, check_session_log, player_index

__all__ = ["fit_player_mean", "player_mean_forecast"]

_SIDE = np.array([0.5, 0.5, -0.5, -0.5])


def player_mean_forecast(sessions, *, shrink_boards=100.0):
    """Predict each session from each player's own running mean side-percentage.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (see :mod:`bridgestats.ratings.systems`).
    shrink_boards : float
        c: a player's mean is shrunk toward 50 % as if they had also played c boards at
        50 % (see :func:`fit_player_mean`).

    Returns
    -------
    numpy.ndarray
        North-South's predicted session %, one per session, made before the session.

    Notes
    -----
    A player's estimate is θ = Σ n_s (p_s − 50)/(Σ n_s + c) over their past sessions s (n_s
    boards, p_s their side's %), and a session is predicted at
    50 + (θ_N + θ_S − θ_E − θ_W)/2, the PPI's expectation [1]_ with a player's plain shrunk
    mean in place of the PPI. Nothing about opponents or partners is adjusted for.

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"] * 2, "round": [1, 2], "north": "a",
    ...     "south": "b", "east": ["c", "e"], "west": ["d", "f"], "n_boards": 20,
    ...     "pct_ns": [60.0, 55.0]})
    >>> player_mean_forecast(s, shrink_boards=20).tolist()
    [50.0, 55.0]

    (a and b: 20 boards at +10 shrunk by 20 boards at 0 give θ = 5 each, so 50 + 10/2.)
    """
    frame = check_session_log(sessions)
    shrink_boards = check_number(shrink_boards, "shrink_boards", low=0)
    return _from_parts(_parts(frame), shrink_boards)


def fit_player_mean(sessions, *, until=None):
    """The shrinkage c (boards) of :func:`player_mean_forecast` with the lowest RMSE.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`player_mean_forecast`).
    until : str or None
        Only sessions dated before ``until`` count (all when ``None``).

    Returns
    -------
    float
        c, searched over [0, 10⁵] boards (bounded scalar search on log(1 + c)).

    Examples
    --------
    >>> from bridgestats.ratings.gaussian import GaussianModel, simulate_gaussian_sessions
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=4, n_rounds=40, rng=1)
    >>> 0 < fit_player_mean(sim) < 1e5
    True
    """
    frame = check_session_log(sessions)
    mask = before_mask(frame, until)
    parts = _parts(frame)
    y = frame["pct_ns"].to_numpy(float)[mask]

    def mse(log_c):
        pred = _from_parts(parts, math.expm1(log_c))[mask]
        return float(np.mean((y - pred) ** 2))

    best = optimize.minimize_scalar(
        mse, bounds=(0.0, math.log1p(1e5)), method="bounded", options={"xatol": 1e-3}
    )
    return float(math.expm1(best.x))


def _parts(frame):
    """Each seat's boards and summed side-% deviation from 50 (board-weighted) before the row."""
    _, seats = player_index(frame)
    n = frame["n_boards"].to_numpy(float)
    dev = frame["pct_ns"].to_numpy(float) - 50.0
    side = np.column_stack([dev, dev, -dev, -dev]) * n[:, None]
    long = pd.DataFrame({"id": seats.ravel(), "w": np.repeat(n, 4), "s": side.ravel()})
    g = long.groupby("id", sort=False)
    boards = (g["w"].cumsum() - long["w"]).to_numpy().reshape(seats.shape)
    summed = (g["s"].cumsum() - long["s"]).to_numpy().reshape(seats.shape)
    return boards, summed


def _from_parts(parts, shrink_boards):
    boards, summed = parts
    denom = boards + shrink_boards
    theta = np.divide(summed, denom, out=np.zeros_like(summed), where=denom > 0)
    return 50.0 + theta @ _SIDE
