"""Simulators of bridge play, for the studies of ratings and scoring.

- :mod:`~bridgestats.sim.club`: the population simulator of club play rated by the PPI
  (:func:`simulate`, :class:`Simulation`, :func:`board_log`), compiled with numba, with the
  calibration constants :data:`BOARD_SD`, :data:`STRENGTH_SD` and :data:`EVEN_TABLE_SD`;
- :mod:`bridgestats.sim.events`: the event simulator (teams and pairs events scored
  board by board), when present.
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
