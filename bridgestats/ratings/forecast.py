"""Scoring board forecasts: mean squared error, Brier score, skill and rank correlation.

Any rating that predicts each board's North-South percentage before the board is played
(the PPI's ``expected`` column of :func:`bridgestats.ratings.ppi.rate_log`,
:func:`bridgestats.ratings.elo.elo_forecast`,
:func:`bridgestats.ratings.glicko2.glicko2_forecast`) is scored here against the outcome.

References
----------
.. [1] G. W. Brier, "Verification of forecasts expressed in terms of probability", *Monthly
   Weather Review* 78(1), 1950: the mean squared error of a probability forecast.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from scipy import stats

from .._validate import as_finite_array, fail
from ..errors import BridgestatsError

__all__ = ["forecast_scores"]


def forecast_scores(actual, predictions, *, ratings=None, strength=None):
    """Score board predictions: mean squared error, Brier score, skill, rank correlation.

    Parameters
    ----------
    actual : array_like
        Board percentages (0-100), not all 50.
    predictions : dict of str -> array_like
        Each system's predicted percentages (0-100), aligned with ``actual``.
    ratings : dict of str -> pandas.Series, optional
        Each system's final ratings, indexed by player id; with ``strength``, their
        Spearman correlation with the true strengths is reported.
    strength : pandas.Series, optional
        True strengths (simulation) indexed by player id.

    Returns
    -------
    pandas.DataFrame
        One row per system: ``system``, ``mse`` (in %²), ``brier`` (in fraction units,
        mse/10⁴), ``skill`` (1 − mse / mse of always predicting 50 %), ``bias`` (mean of
        prediction − actual, %) and, with ``strength``, ``spearman``.

    Notes
    -----
    The Brier score of a fractional outcome S ∈ [0, 1] and forecast E is (E − S)²; its mean
    is the MSE in fraction units [1]_. The skill score compares with the uninformed 50 %.

    Examples
    --------
    >>> forecast_scores([40.0, 60.0], {"perfect": [40.0, 60.0], "flat": [50.0, 50.0]})
        system    mse  brier  skill  bias
    0  perfect    0.0   0.00    1.0   0.0
    1     flat  100.0   0.01    0.0   0.0
    """
    actual = _check_pct(actual, "actual")
    if not isinstance(predictions, Mapping):
        raise fail("predictions", "a dict of system name -> predicted percentages", predictions)
    for name, value in (("ratings", ratings), ("strength", strength)):
        kind = Mapping if name == "ratings" else pd.Series
        if value is not None and not isinstance(value, kind):
            raise fail(
                name, "a dict of pandas.Series" if kind is Mapping else "a pandas.Series", value
            )
    base = np.mean((actual - 50.0) ** 2)
    if base == 0:
        raise BridgestatsError("actual: every board is 50 %; the skill score is undefined")
    rows = []
    for name, pred in predictions.items():
        pred = _check_pct(pred, f"predictions[{name!r}]")
        if pred.shape != actual.shape:
            raise BridgestatsError(
                f"predictions[{name!r}]: {pred.size} values for {actual.size} boards"
            )
        mse = float(np.mean((pred - actual) ** 2))
        row = {
            "system": name,
            "mse": mse,
            "brier": mse / 1e4,
            "skill": 1.0 - mse / base,
            "bias": float(np.mean(pred - actual)),
        }
        if strength is not None and ratings is not None and name in ratings:
            both = pd.concat(
                [ratings[name].rename("r"), strength.rename("s")], axis=1, join="inner"
            )
            row["spearman"] = float(stats.spearmanr(both["r"], both["s"]).statistic)
        rows.append(row)
    return pd.DataFrame(rows)


def _check_pct(values, name: str) -> np.ndarray:
    arr = as_finite_array(values, name).ravel()
    bad = (arr < 0) | (arr > 100)
    if bad.any():
        raise fail(name, "board percentages in 0-100", arr[bad][0])
    return arr
