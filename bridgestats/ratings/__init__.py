"""Ratings of bridge players, each a room of its own; they import only the shared layer.

- :mod:`~bridgestats.ratings.ppi`: Bridge Club Live's PPI, the page's formula
  (:func:`weighting`, :func:`expected_pct`, :func:`update`, :func:`displayed`) and the
  rating engine over a dated board log (:func:`rate_log`, :class:`RatingRun`);
- :mod:`~bridgestats.ratings.lpr`: the Dutch LPR (:func:`performance_rating`) and the two
  limiting tests on a rating change (:func:`limit_change`);
- :mod:`~bridgestats.ratings.elo`: Elo-style ratings of pairs, board by board
  (:func:`elo_forecast`);
- :mod:`~bridgestats.ratings.glicko2`: Glickman's Glicko-2, vectorised
  (:func:`glicko2_period`) and over a board log (:func:`glicko2_forecast`);
- :mod:`~bridgestats.ratings.forecast`: scoring any rating's board forecasts
  (:func:`forecast_scores`).

The simulator that plays a club's boards for them is :mod:`bridgestats.sim`; the studies of
the PPI page's claims are :mod:`bridgestats.studies`.
"""

from .elo import elo_forecast
from .forecast import forecast_scores
from .glicko2 import glicko2_forecast, glicko2_period
from .lpr import expected_score, limit_change, performance_rating
from .ppi import RatingRun, displayed, expected_pct, rate_log, update, weighting

__all__ = [
    "RatingRun",
    "displayed",
    "elo_forecast",
    "expected_pct",
    "expected_score",
    "forecast_scores",
    "glicko2_forecast",
    "glicko2_period",
    "limit_change",
    "performance_rating",
    "rate_log",
    "update",
    "weighting",
]
