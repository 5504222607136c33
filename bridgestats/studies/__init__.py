"""Studies: the analyses the reports show, as functions returning tidy frames.

- :mod:`~bridgestats.studies.ppi`: the claims of Bridge Club Live's PPI page tested by
  simulation and by the formula (:func:`shock_response`, :func:`half_life_table`,
  :func:`stationary_wander`, :func:`newcomer_claim`, :func:`newcomer_trajectory`,
  :func:`page_claims`) and how well the PPI predicts against Elo and Glicko-2
  (:func:`forecast_comparison`);
- :mod:`~bridgestats.studies.ratings_real`: the ratings tested on real players, every
  session predicted from what came before (:func:`session_predictions`,
  :func:`compare_systems`), with a partnership-aware Gaussian model filtered through time
  (:func:`gaussian_forecast`, :func:`fit_gaussian_model`) and a simulated log whose truth
  is known (:func:`simulated_sessions`).

Studies sit above the ratings (:mod:`bridgestats.ratings`) and the simulators
(:mod:`bridgestats.sim`); every Monte Carlo figure they return carries its standard error.
"""

from .ppi import (
    HalfLife,
    Wander,
    forecast_comparison,
    half_life_table,
    newcomer_claim,
    newcomer_trajectory,
    page_claims,
    shock_response,
    stationary_wander,
)
from .ratings_real import (
    GaussianModel,
    compare_systems,
    fit_gaussian_model,
    gaussian_forecast,
    session_predictions,
    simulated_sessions,
)

__all__ = [
    "GaussianModel",
    "HalfLife",
    "Wander",
    "compare_systems",
    "fit_gaussian_model",
    "forecast_comparison",
    "gaussian_forecast",
    "half_life_table",
    "newcomer_claim",
    "newcomer_trajectory",
    "page_claims",
    "session_predictions",
    "shock_response",
    "simulated_sessions",
    "stationary_wander",
]
