"""Simulators of bridge play, for the studies of ratings and scoring.

- :mod:`~bridgestats.sim.club`: the population simulator of club play rated by the PPI
  (:func:`simulate`, :class:`Simulation`, :func:`board_log`), compiled with numba, with the
  calibration constants :data:`BOARD_SD`, :data:`STRENGTH_SD` and :data:`EVEN_TABLE_SD`;
- :mod:`~bridgestats.sim.events`: the event simulator (round robins, Swiss teams and
  Swiss pairs, any scale as a :class:`~bridgestats.vp.VPScale`), played many times
  over in one compiled kernel (:func:`~bridgestats.sim.events.simulate_events`);
- :mod:`~bridgestats.sim.pairing`: the round robin's circle method and the Swiss draw
  (top-down pairing with backtracking);
- :mod:`~bridgestats.sim.measures`: what a committee asks of a scale, with Monte Carlo
  standard errors (who wins, qualification, Kendall's τ, outcome shares by round) and the
  exact breakage and shooting incentive;
- :mod:`~bridgestats.sim.sweep`: those measures over a grid of settings (scales x pairing
  rules x strength spreads x rounds x boards x formats), one task per cell seeded from one
  root seed by the cell's place (:func:`~bridgestats.sim.sweep.run_sweep`), run here or on
  a ``dask.distributed`` client with the same results.

The event simulator's names stay under their modules (``from bridgestats.sim.events import
simulate_events``), so that importing the club simulator does not compile the event kernels.
"""

from .club import (
    BOARD_SD,
    EVEN_TABLE_SD,
    STRENGTH_SD,
    ClubState,
    Simulation,
    board_log,
    board_sd_of,
    simulate,
)

__all__ = [
    "BOARD_SD",
    "EVEN_TABLE_SD",
    "STRENGTH_SD",
    "ClubState",
    "Simulation",
    "board_log",
    "board_sd_of",
    "simulate",
]
