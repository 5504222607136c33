"""How well the PPI predicts the next board against Elo and Glicko-2 in a simulated club
(:func:`forecast_comparison`), and which rating forecasts best, only where the intervals say
so (:func:`best_forecast`).

The simulations run :func:`bridgestats.sim.simulate`; the ratings are
:mod:`bridgestats.ratings`.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.stats import norm

from .._validate import check_choice, check_frame, check_int, check_number, check_rng, fail
from ..ratings.elo import elo_forecast
from ..ratings.forecast import forecast_scores
from ..ratings.glicko2 import glicko2_forecast
from ..ratings.ppi import rate_log
from ..sim.club import MAX_PLAYERS, STRENGTH_SD, board_log, simulate

__all__ = ["best_forecast", "forecast_comparison"]


def best_forecast(table, *, measure="skill", confidence=0.95):
    """The rating that forecasts best, only where the intervals say so.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`forecast_comparison` (columns ``system``, ``<measure>``, ``<measure>_se``);
        the ``truth`` row, the best any rating can do, is left out.
    measure : {"skill", "spearman"}
        Higher is better for both.
    confidence : float
        Level of each system's interval (0.5-0.9999).

    Returns
    -------
    tuple of (str or None, str)
        The best system, or None when its interval overlaps the runner-up's, and a
        sentence saying which and by how much.

    Examples
    --------
    >>> t = pd.DataFrame({"system": ["ppi", "elo", "truth"], "skill": [0.10, 0.05, 0.2],
    ...                   "skill_se": [0.01, 0.01, 0.01]})
    >>> best_forecast(t)[0]
    'ppi'
    >>> best_forecast(t.assign(skill_se=0.02))[0] is None
    True
    """
    measure = check_choice(measure, "measure", ("skill", "spearman"))
    check_frame(table, "table", ["system", measure, f"{measure}_se"])
    confidence = check_number(confidence, "confidence", low=0.5, high=0.9999)
    rows = table[table["system"] != "truth"].sort_values(measure, ascending=False)
    if len(rows) < 2:
        raise fail("table", "at least two rating systems besides truth", len(rows))
    z = float(norm.ppf(0.5 + confidence / 2))
    first, second = rows.iloc[0], rows.iloc[1]
    lo_first = first[measure] - z * first[f"{measure}_se"]
    hi_second = second[measure] + z * second[f"{measure}_se"]
    pct = f"{100 * confidence:g} %"
    if lo_first > hi_second:
        return first["system"], (
            f"best {measure}: {first['system']} ({first[measure]:.4f}), above "
            f"{second['system']} ({second[measure]:.4f}) with {pct} intervals apart"
        )
    return None, (
        f"no best {measure}: {first['system']} ({first[measure]:.4f}) and "
        f"{second['system']} ({second[measure]:.4f}) are within each other's {pct} intervals"
    )


def forecast_comparison(*, n_players=160, n_months=8, activity=300.0, elo_k_factor=2.0, rng=None):
    """How well the PPI, Elo and Glicko-2 predict the next board, in a simulated club.

    Parameters
    ----------
    n_players : int
        Players of the club (8-10000), all newcomers at the start, true strengths
        50 + :data:`~bridgestats.sim.STRENGTH_SD`·N(0, 1).
    n_months : int
        Months simulated (pick-up partners, 30 sessions of 12 boards a month).
    activity : float
        Boards each player plays per three months.
    elo_k_factor : float
        The Elo rating's K (2: about the PPI's m = 350, see
        :func:`~bridgestats.ratings.elo.elo_forecast`).
    rng : None, int or numpy.random.Generator
        Source of randomness: the strengths, then the simulation.

    Returns
    -------
    pandas.DataFrame
        One row per system (``ppi``: :func:`~bridgestats.ratings.ppi.rate_log`'s
        expectation; ``elo``; ``glicko2``, one rating period per session; ``truth``, the
        model's own expectation, the best any rating can do): ``system``, and over the
        second half of the run (boards dated on or after the middle board's month)
        ``mse``, ``mse_se``, ``brier``, ``skill``, ``skill_se``, ``bias`` (as in
        :func:`~bridgestats.ratings.forecast.forecast_scores`), then ``spearman``, the rank
        correlation of the final ratings with the true strengths, and ``spearman_se``.

    Notes
    -----
    The standard errors treat the scored boards as independent (the board noise, sd about
    30 %, dominates the ratings' own errors): mse_se = sd(e)/√n with e the squared
    errors; skill = 1 − mse/base (base the mean squared deviation from 50 %), by the
    delta method se = sd(e/base − mse·b/base²)/√n with b the squared deviations. The
    Spearman correlation's is Bonett and Wright's (2000),
    (1 − ρ²)·√((1 + ρ²/2)/(n − 3)) over n players.

    Examples
    --------
    >>> table = forecast_comparison(n_players=40, n_months=2, rng=1)
    >>> table["system"].tolist()
    ['ppi', 'elo', 'glicko2', 'truth']
    >>> float(table.set_index("system").loc["truth", "spearman"])
    1.0
    """
    n_players = check_int(n_players, "n_players", minimum=8, maximum=MAX_PLAYERS)
    n_months = check_int(n_months, "n_months", minimum=1)
    gen = check_rng(rng)
    club = 50 + STRENGTH_SD * gen.standard_normal(n_players)
    sim = simulate(club, activity, n_months=n_months, record=True, rng=gen)
    log = board_log(sim)
    rated = rate_log(log)
    elo_pred, elo_ratings = elo_forecast(log, k_factor=elo_k_factor)
    glicko_pred, glicko_ratings = glicko2_forecast(log)
    predictions = {
        "ppi": rated.expected_ns,
        "elo": elo_pred,
        "glicko2": glicko_pred,
        "truth": log["expected_ns"].to_numpy(),
    }
    strength = pd.Series(club)
    final = {
        "ppi": rated.ratings.set_index("player")["ppi"],
        "elo": elo_ratings,
        "glicko2": glicko_ratings["rating"],
        "truth": strength,
    }
    late = (log["date"] >= log["date"].iloc[len(log) // 2]).to_numpy()
    actual = log["pct_ns"].to_numpy()[late]
    second_half = forecast_scores(actual, {k: v[late] for k, v in predictions.items()})
    ranks = forecast_scores(log["pct_ns"], predictions, ratings=final, strength=strength)
    table = second_half.set_index("system").join(ranks.set_index("system")["spearman"])
    dev2 = (actual - 50.0) ** 2
    base = dev2.mean()
    n = actual.size
    for name, pred in predictions.items():
        err2 = (pred[late] - actual) ** 2
        table.loc[name, "mse_se"] = err2.std(ddof=1) / math.sqrt(n)
        influence = err2 / base - err2.mean() * dev2 / base**2
        table.loc[name, "skill_se"] = influence.std(ddof=1) / math.sqrt(n)
    rho = table["spearman"].to_numpy()
    table["spearman_se"] = (1 - rho**2) * np.sqrt((1 + rho**2 / 2) / (n_players - 3))
    columns = ["mse", "mse_se", "brier", "skill", "skill_se", "bias", "spearman", "spearman_se"]
    return table[columns].reset_index()
