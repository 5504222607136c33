"""Studies: the analyses the reports show, as functions returning tidy frames.

- :mod:`~bridgestats.studies.ppi`: the claims of Bridge Club Live's PPI page tested by
  simulation and by the formula (:func:`shock_response`, :func:`half_life_table`,
  :func:`stationary_wander`, :func:`newcomer_claim`, :func:`newcomer_trajectory`,
  :func:`page_claims`) and how well the PPI predicts against Elo and Glicko-2
  (:func:`forecast_comparison`).
- :mod:`~bridgestats.studies.scales`: the committee's tribunal, candidate VP scales and
  pairing rules side by side on simulated round robins, Swiss teams and Swiss pairs, with
  strength spreads fitted to the shipped data (names stay under the module).

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

__all__ = [
    "HalfLife",
    "Wander",
    "forecast_comparison",
    "half_life_table",
    "newcomer_claim",
    "newcomer_trajectory",
    "page_claims",
    "shock_response",
    "stationary_wander",
]
