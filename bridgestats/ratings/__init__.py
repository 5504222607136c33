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
  (:func:`forecast_scores`);
- :mod:`~bridgestats.ratings.gaussian`: a partnership-aware Gaussian model of session
  percentages filtered through time (:class:`GaussianModel`, :func:`gaussian_forecast`),
  fitted by maximum likelihood (:func:`fit_gaussian_model`) with each sd's profile
  likelihood (:func:`profile_likelihood`), and a log drawn from it
  (:func:`simulate_gaussian_sessions`);
- :mod:`~bridgestats.ratings.gaussian_mixed`: the model's exact likelihood, drift
  included, as a linear mixed model (:func:`mixed_log_likelihood`,
  :func:`fit_mixed_model`, :func:`mixed_profile_likelihood`): the estimator of its sds,
  which the diagonal filter's likelihood biases;
- :mod:`~bridgestats.ratings.gaussian_exact`: the model without drift by its exact
  likelihood (:func:`static_log_likelihood`, :func:`fit_static_model`): an independent
  check of the drift-free case;
- :mod:`~bridgestats.ratings.player_mean`: the baseline, each player's own shrunk running
  mean (:func:`player_mean_forecast`, :func:`fit_player_mean`);
- :mod:`~bridgestats.ratings.systems`: every system above behind one interface, a
  session log in and a forecast out (:class:`RatingSystem`, the catalogue
  :data:`SYSTEMS`, :func:`rating_system`). A new system goes there.

The simulator that plays a club's boards for them is :mod:`bridgestats.sim`; the studies of
the PPI page's claims are :mod:`bridgestats.studies`.
"""

from .elo import elo_forecast
from .forecast import forecast_scores
from .gaussian import (
    GaussianModel,
    fit_gaussian_model,
    gaussian_forecast,
    multi_partner_sessions,
    profile_likelihood,
    simulate_gaussian_sessions,
)
from .gaussian_exact import fit_static_model, static_log_likelihood
from .gaussian_mixed import fit_mixed_model, mixed_log_likelihood, mixed_profile_likelihood
from .glicko2 import glicko2_forecast, glicko2_period
from .lpr import expected_score, limit_change, performance_rating
from .player_mean import fit_player_mean, player_mean_forecast
from .ppi import RatingRun, displayed, expected_pct, rate_log, update, weighting
from .systems import SYSTEMS, RatingSystem, rating_system

__all__ = [
    "SYSTEMS",
    "GaussianModel",
    "RatingRun",
    "RatingSystem",
    "displayed",
    "elo_forecast",
    "expected_pct",
    "expected_score",
    "fit_gaussian_model",
    "fit_mixed_model",
    "fit_player_mean",
    "fit_static_model",
    "forecast_scores",
    "gaussian_forecast",
    "glicko2_forecast",
    "glicko2_period",
    "limit_change",
    "mixed_log_likelihood",
    "mixed_profile_likelihood",
    "multi_partner_sessions",
    "performance_rating",
    "player_mean_forecast",
    "profile_likelihood",
    "rate_log",
    "rating_system",
    "simulate_gaussian_sessions",
    "static_log_likelihood",
    "update",
    "weighting",
]
