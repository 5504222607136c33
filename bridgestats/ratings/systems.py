"""Every rating system behind one interface: a session log in, a forecast out.

A **session log** is a frame in time order, one row per table and round (two pairs
meeting for ``n_boards`` boards): ``date``, ``round``, ``north``, ``south``, ``east``,
``west`` (player ids), ``n_boards``, ``pct_ns`` (North-South's mean percentage, 0-100)
and, if present, ``event``; :func:`bridgestats.derive.rating_sessions` makes one from real
results. A **rating system** is an object with

- ``name`` (str): its key in :data:`SYSTEMS`;
- ``fit(sessions, *, until=None)``: a copy with the parameters the system estimates
  (if any) fitted on the sessions dated before ``until`` (all when ``None``); systems
  whose parameters are fixed by their definition return themselves;
- ``forecast(sessions)``: a frame, one row per session in the log's order, with ``mean``
  (North-South's predicted session %, made from the sessions before it only) and ``sd``
  (the predictive sd, NaN for a system that gives only a point forecast).

The catalogue :data:`SYSTEMS` holds one of each, with its defaults, in the order of every
table; :func:`rating_system` makes one with other parameters. To add a system: write a
frozen dataclass with those three members (its module beside this one) and add it here.

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings).
.. [2] M. E. Glickman, "Example of the Glicko-2 system", Boston University, 2013
   (glicko.net).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Protocol, runtime_checkable

import numpy as np
import pandas as pd

from .._validate import check_number, fail
from .elo import elo_forecast
from .gaussian import GaussianModel, fit_gaussian_model, gaussian_forecast
from .glicko2 import glicko2_forecast
from .player_mean import fit_player_mean, player_mean_forecast
from .ppi import check_m_scale, expected_ns_by_m_scale, rate_log
from .sessionlog import board_rows, check_session_log, first_boards

__all__ = [
    "SYSTEMS",
    "Elo",
    "Flat",
    "Gaussian",
    "Glicko2",
    "PlayerMean",
    "Ppi",
    "RatingSystem",
    "ppi_forecasts",
    "rating_system",
]


@runtime_checkable
class RatingSystem(Protocol):
    """What every system of :data:`SYSTEMS` is (see the module docstring)."""

    name: str

    def fit(self, sessions, *, until=None) -> RatingSystem: ...

    def forecast(self, sessions) -> pd.DataFrame: ...


def _point(mean) -> pd.DataFrame:
    return pd.DataFrame({"mean": np.asarray(mean, float), "sd": np.nan})


@dataclass(frozen=True)
class Flat:
    """Always 50 %: the forecast that knows nothing."""

    name: str = "flat"

    def fit(self, sessions, *, until=None):
        check_session_log(sessions)
        return self

    def forecast(self, sessions):
        return _point(np.full(len(check_session_log(sessions)), 50.0))


@dataclass(frozen=True)
class PlayerMean:
    """Each player's own running mean side-%, shrunk toward 50 % by ``shrink_boards``
    (:func:`~bridgestats.ratings.player_mean.player_mean_forecast`); ``fit`` chooses it."""

    shrink_boards: float = 100.0
    name: str = "player_mean"

    def fit(self, sessions, *, until=None):
        return replace(self, shrink_boards=fit_player_mean(sessions, until=until))

    def forecast(self, sessions):
        return _point(player_mean_forecast(sessions, shrink_boards=self.shrink_boards))


class _BoardSystem:
    """A system that rates boards: each session is given as ``n_boards`` boards at its mean
    %, and the session's forecast is the one made for its first board."""

    def fit(self, sessions, *, until=None):
        check_session_log(sessions)
        return self  # the parameters are the system's definition, not tuned on the log

    def forecast(self, sessions):
        frame = check_session_log(sessions)
        return _point(self._boards(board_rows(frame))[first_boards(frame)])


@dataclass(frozen=True)
class Ppi(_BoardSystem):
    """Bridge Club Live's PPI exactly as its page defines it [1]_
    (:func:`~bridgestats.ratings.ppi.rate_log`), every player a newcomer at 50 %, its
    weighting m times ``m_scale`` (1, the default: the page's m; above 1 the PPI forgets
    more slowly, below 1 faster; :func:`~bridgestats.ratings.ppi.weighting`)."""

    m_scale: float = 1.0
    name: str = "ppi"

    def __post_init__(self):
        check_m_scale(self.m_scale)

    def _boards(self, boards):
        return rate_log(boards, m_scale=self.m_scale).expected_ns


def ppi_forecasts(sessions, m_scales) -> np.ndarray:
    """The PPI's forecasts of a session log under several factors on its m at once.

    Column j is ``Ppi(m_scale=m_scales[j]).forecast(sessions)["mean"]``, bit for bit; the
    log is checked and expanded to boards once for all factors
    (:func:`~bridgestats.ratings.ppi.expected_ns_by_m_scale`).

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (:mod:`bridgestats.ratings.sessionlog`).
    m_scales : sequence of float
        Factors on the page's m (:func:`~bridgestats.ratings.ppi.check_m_scale`).

    Returns
    -------
    numpy.ndarray
        Shape (sessions, factors): North-South's predicted session %.

    Examples
    --------
    >>> log = pd.DataFrame({"date": ["2024-03-04", "2024-03-05"], "round": 1,
    ...                     "north": "N", "south": "S", "east": "E", "west": "W",
    ...                     "n_boards": 2, "pct_ns": 60.0})
    >>> f = ppi_forecasts(log, [1.0, 0.5])  # four newcomers; m is 30 (15 at half)
    >>> f.round(2).tolist()
    [[50.0, 50.0], [51.29, 52.49]]
    >>> bool((f[:, 1] == Ppi(m_scale=0.5).forecast(log)["mean"]).all())
    True
    """
    frame = check_session_log(sessions)
    return expected_ns_by_m_scale(board_rows(frame), m_scales)[first_boards(frame)]


@dataclass(frozen=True)
class Elo(_BoardSystem):
    """Elo per board (:func:`~bridgestats.ratings.elo.elo_forecast`) with K ``k_factor``."""

    k_factor: float = 2.0
    name: str = "elo"

    def __post_init__(self):
        check_number(self.k_factor, "k_factor", low=0, high=400, low_open=True)

    def _boards(self, boards):
        return elo_forecast(boards, k_factor=self.k_factor)[0]


@dataclass(frozen=True)
class Glicko2(_BoardSystem):
    """Glicko-2 [2]_ (:func:`~bridgestats.ratings.glicko2.glicko2_forecast`), one rating
    period per round of an event, at Glickman's defaults."""

    initial_rd: float = 350.0
    volatility: float = 0.06
    tau: float = 0.5
    name: str = "glicko2"

    def _boards(self, boards):
        return glicko2_forecast(
            boards, initial_rd=self.initial_rd, volatility=self.volatility, tau=self.tau
        )[0]


@dataclass(frozen=True)
class Gaussian:
    """The partnership-aware Gaussian model filtered through time
    (:func:`~bridgestats.ratings.gaussian.gaussian_forecast`); ``fit`` finds its sds by
    maximum likelihood (:func:`~bridgestats.ratings.gaussian.fit_gaussian_model`)."""

    model: GaussianModel = field(default_factory=GaussianModel)
    name: str = "gaussian"

    def __post_init__(self):
        if not isinstance(self.model, GaussianModel):
            raise fail("model", "a GaussianModel", type(self.model).__name__)

    def fit(self, sessions, *, until=None):
        return replace(self, model=fit_gaussian_model(sessions, until=until))

    def forecast(self, sessions):
        return gaussian_forecast(sessions, model=self.model)


#: The catalogue: every system at its defaults, in the order of every table.
SYSTEMS = MappingProxyType(
    {s.name: s for s in (Flat(), PlayerMean(), Ppi(), Elo(), Glicko2(), Gaussian())}
)


def rating_system(name, **params):
    """The system ``name`` of :data:`SYSTEMS` with other parameters.

    Examples
    --------
    >>> rating_system("elo", k_factor=4.0)
    Elo(k_factor=4.0, name='elo')
    >>> rating_system("ppi", m_scale=2.0)   # the PPI forgetting half as fast
    Ppi(m_scale=2.0, name='ppi')
    >>> sorted(SYSTEMS) == sorted(["flat", "player_mean", "ppi", "elo", "glicko2", "gaussian"])
    True
    >>> all(isinstance(s, RatingSystem) for s in SYSTEMS.values())
    True
    """
    if name not in SYSTEMS:
        raise fail("name", f"a system among {list(SYSTEMS)}", name)
    base = SYSTEMS[name]
    allowed = [f.name for f in fields(base) if f.name != "name"]
    for key in params:
        if key not in allowed:
            raise fail(key, f"a parameter of {name!r}: one of {allowed}", key)
    return replace(base, **params)
