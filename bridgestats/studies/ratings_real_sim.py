"""A session log from the club simulator, whose true expectations are known.

:func:`simulated_sessions` plays a club's boards with :func:`bridgestats.sim.simulate` and
keeps them as a session log (:mod:`bridgestats.ratings.sessionlog`) with each session's
true expectation, the floor any rating can reach.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_int
from ..ratings.sessionlog import SEATS
from ..sim import STRENGTH_SD, simulate

__all__ = ["simulated_sessions"]


def simulated_sessions(
    *,
    n_players=120,
    n_months=6,
    boards_per_round=8,
    activity=300.0,
    partnership="fixed",
    drift_sd=0.0,
    rng=None,
):
    """A session log from the club simulator, with each session's true expectation.

    Parameters
    ----------
    n_players : int
        Players of the club, true strengths 50 + :data:`~bridgestats.sim.STRENGTH_SD`·N(0, 1).
    n_months : int
        Months simulated.
    boards_per_round : int
        Boards a table plays before the movement (the session's ``n_boards``); a session
        of the simulator has 2 rounds.
    activity : float
        Boards each player plays per three months.
    partnership : {"fixed", "pickup"}
        As in :func:`bridgestats.sim.simulate`.
    drift_sd : float
        How fast the true strengths drift, in % per √year (a random-walk step each month,
        as in :func:`bridgestats.sim.simulate`; 0: fixed strengths).
    rng : None, int or numpy.random.Generator
        Source of randomness: the strengths, then the simulation.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`bridgestats.derive.rating_sessions` (``event`` ``"sim"``,
        ``date`` the first of the simulated month, ``round`` the round over the run, player
        ids ``p0``, ``p1``, ...) plus ``truth``: the model's expected session percentage
        (the mean of its boards' expectations, at the strengths of its month), the forecast
        no rating can beat on average.

    Examples
    --------
    >>> s = simulated_sessions(n_players=24, n_months=1, rng=2)
    >>> s.columns.tolist()[:8]
    ['event', 'date', 'round', 'north', 'south', 'east', 'west', 'n_boards']
    >>> bool((s["n_boards"] == 8).all())
    True
    """
    n_players = check_int(n_players, "n_players", minimum=8)
    boards_per_round = check_int(boards_per_round, "boards_per_round", minimum=1)
    gen = np.random.default_rng(rng)
    strength = 50 + STRENGTH_SD * gen.standard_normal(n_players)
    sim = simulate(
        strength,
        activity,
        n_months=n_months,
        n_boards=2 * boards_per_round,
        boards_per_round=boards_per_round,
        partnership=partnership,
        record=True,
        drift_sd=drift_sd,
        rng=gen,
    )
    log = sim.log
    names = np.array([f"p{i}" for i in range(n_players)], dtype=object)
    keys = ["month", "round", *SEATS]
    g = log.groupby(keys, sort=False)
    out = g.agg(
        n_boards=("pct_ns", "size"),
        pct_ns=("pct_ns", "mean"),
        pct_ns_var=("pct_ns", lambda x: float(np.var(x))),
        truth=("expected_ns", "mean"),
    ).reset_index()
    n_rounds = int(log["round"].max()) + 1
    start = pd.Timestamp("2001-01-01")
    dates = [start + pd.DateOffset(months=int(m)) for m in out["month"]]
    return pd.DataFrame(
        {
            "event": "sim",
            "date": pd.DatetimeIndex(dates).strftime("%Y-%m-%d"),
            "round": out["month"].to_numpy() * n_rounds + out["round"].to_numpy(),
            **{s: names[out[s].to_numpy()] for s in SEATS},
            "n_boards": out["n_boards"].to_numpy(),
            "pct_ns": out["pct_ns"].to_numpy(),
            "pct_ns_var": out["pct_ns_var"].to_numpy(),
            "butler_imps_ns": np.nan,
            "truth": out["truth"].to_numpy(),
        }
    )
