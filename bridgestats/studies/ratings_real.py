"""Ratings tested on real players: every system predicts each session from what came before.

The session log (``data/derived/rating_sessions.csv``, made by
:func:`bridgestats.io.rating_sessions`: one row per table and round of real championships
and leagues) is rated in time order by the PPI (:func:`bridgestats.ratings.ppi.rate_log`),
Elo (:func:`bridgestats.ratings.elo.elo_forecast`, per board), Glicko-2
(:func:`bridgestats.ratings.glicko2.glicko2_forecast`, one rating period per round) and a
partnership-aware Gaussian model filtered through time (:func:`gaussian_forecast`, the
model of Notes there). :func:`session_predictions` gives every system's forecast of every
session, made before the session is played; :func:`compare_systems` scores them on the
same sessions with bootstrap intervals; :func:`simulated_sessions` makes a session log from
the club simulator (:mod:`bridgestats.sim`), whose true expectations are the floor any
rating can reach.

Vocabulary (in addition to the package's): ``session`` one table in one round (two pairs
meeting for ``n_boards`` boards); ``period`` the rating period, one round of one event;
``system`` a rating scheme (``ppi``, ``elo``, ``glicko2``, ``gaussian``, and ``flat``,
always 50 %).

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the formula, k and w.
.. [2] M. E. Glickman, "Example of the Glicko-2 system", Boston University, 2013
   (glicko.net).
.. [3] R. E. Kalman, "A new approach to linear filtering and prediction problems",
   *Journal of Basic Engineering* 82(1), 1960: the filter, here with a diagonal state
   covariance (assumed-density filtering, as in Glickman's and TrueSkill's updates).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import optimize, stats

from .._jit import njit
from .._validate import check_column_range, check_frame, check_int, check_number, fail
from ..ratings.elo import elo_forecast
from ..ratings.glicko2 import glicko2_forecast
from ..ratings.lpr import limit_change, performance_rating
from ..ratings.ppi import rate_log
from ..sim import STRENGTH_SD, simulate

__all__ = [
    "BOOTSTRAP_UNITS",
    "SYSTEMS",
    "GaussianModel",
    "calibration",
    "compare_systems",
    "fit_gaussian_model",
    "fit_player_mean",
    "gaussian_forecast",
    "lpr_periods",
    "lpr_rates",
    "partnership_bonus",
    "player_mean_forecast",
    "ppi_bands",
    "ppi_verdict",
    "session_predictions",
    "settling",
    "simulated_sessions",
    "summary_figures",
]

#: The systems compared, in the order of every table.
SYSTEMS = ("flat", "player_mean", "ppi", "elo", "glicko2", "gaussian")
#: The units :func:`compare_systems` and :func:`partnership_bonus` can resample.
BOOTSTRAP_UNITS = ("event", "period", "session")
_SEATS = ("north", "south", "east", "west")
_COLUMNS = ("date", "round", *_SEATS, "n_boards", "pct_ns")
_Z90 = stats.norm.ppf(0.95)  # the 90 % central interval is ± 1.645 sd
_DAYS_PER_YEAR = 365.25


@dataclass(frozen=True)
class GaussianModel:
    """The parameters of :func:`gaussian_forecast` (all in percentage points of a session).

    Attributes
    ----------
    skill_sd : float
        Prior sd of a newcomer's skill (on the PPI scale: a pair's expectation moves by half
        of each player's skill).
    partnership_sd : float
        Prior sd of a partnership's own term (what the pair scores beyond its players'
        skills); the prior mean is 0, so the term is shrunk towards zero.
    drift_sd : float
        Sd per √year of a skill's random walk (and of a partnership term's).
    board_sd : float
        Sd of one board's percentage about the session's expectation.
    session_sd : float
        Sd of a session's own deviation (common to its boards: form, the opponents' day).
    """

    skill_sd: float = 4.0
    partnership_sd: float = 2.0
    drift_sd: float = 1.0
    board_sd: float = 28.0
    session_sd: float = 3.0


def _session_frame(sessions) -> pd.DataFrame:
    check_frame(sessions, "sessions", _COLUMNS, allow_empty=False)
    frame = sessions.reset_index(drop=True)
    check_column_range(frame, "pct_ns", "sessions", low=0, high=100)
    dates = pd.to_datetime(frame["date"], errors="coerce")
    if dates.isna().any():
        raise fail("sessions.date", "dates", frame["date"][dates.isna()].iloc[0])
    if not dates.is_monotonic_increasing:
        raise fail(
            "sessions", "rows in time order (sorted by date)", "a date earlier than the row before"
        )
    n_boards = frame["n_boards"].to_numpy()
    if (n_boards < 1).any():
        raise fail("sessions.n_boards", ">= 1", int(n_boards.min()))
    event = frame["event"] if "event" in frame else pd.Series("", index=frame.index)
    rounds = pd.to_numeric(frame["round"], errors="coerce").to_numpy(float)
    if np.isnan(rounds).any():
        raise fail("sessions.round", "numbers", frame["round"][np.isnan(rounds)].iloc[0])
    same = (dates.to_numpy()[1:] == dates.to_numpy()[:-1]) & (
        event.to_numpy()[1:] == event.to_numpy()[:-1]
    )
    if (same & (rounds[1:] < rounds[:-1])).any():
        raise fail("sessions", "rows in time order (rounds of an event in order)",
                   "a round before the round above it")  # fmt: skip
    # a rating period is one round of one event, numbered in order of first appearance
    key = pd.Series(list(zip(dates, event.astype(str), frame["round"], strict=True)))
    period = pd.factorize(key)[0]
    if (np.diff(period) < 0).any():
        raise fail("sessions", "each round's tables together (sorted by date, event, round)",
                   "a round whose rows are apart")  # fmt: skip
    return frame.assign(date=dates, period=period)


def _player_index(frame):
    ids = pd.unique(frame[list(_SEATS)].to_numpy().ravel())
    index = np.column_stack([pd.Index(ids).get_indexer(frame[s].to_numpy()) for s in _SEATS])
    return ids, index


def _pair_index(frame):
    """A partnership id per side: the two players, in either seat."""
    ns = np.sort(frame[["north", "south"]].astype(str).to_numpy(), axis=1)
    ew = np.sort(frame[["east", "west"]].astype(str).to_numpy(), axis=1)
    keys = np.concatenate([ns[:, 0] + "\x1f" + ns[:, 1], ew[:, 0] + "\x1f" + ew[:, 1]])
    codes, uniques = pd.factorize(keys)
    n = len(frame)
    return np.column_stack([codes[:n], codes[n:]]), uniques.size


def gaussian_forecast(sessions, *, model=GaussianModel()):
    """Predict each session from a partnership-aware Gaussian model filtered through time.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (columns ``date``, ``round``, ``north``, ``south``,
        ``east``, ``west``, ``n_boards``, ``pct_ns``; ``event`` if present), as
        :func:`bridgestats.io.rating_sessions` makes it.
    model : GaussianModel
        The parameters (see :func:`fit_gaussian_model`).

    Returns
    -------
    pandas.DataFrame
        Per session (in the log's order): ``mean`` and ``sd`` of North-South's predicted
        session percentage, made before the session.

    Notes
    -----
    The model, with every player i a skill θ_i and every partnership (the two players,
    either seat) a term π, both in percentage points:

        pct_NS = 50 + (θ_N + θ_S − θ_E − θ_W)/2 + π_NS − π_EW + e,
        e ~ N(0, board_sd²/n_boards + session_sd²),

    the PPI's expectation [1]_ plus what a partnership scores beyond its players. A
    newcomer's θ is N(0, skill_sd²), a new partnership's π is N(0, partnership_sd²) (its
    mean 0 shrinks the partnership term towards zero until the pair's results move it);
    between a player's (or a pair's) sessions θ and π take a random-walk step of variance
    drift_sd² per year. Each session is a linear-Gaussian observation of its six terms,
    so its predictive distribution is N(m, S) with m = 50 + c·μ and S = Σ c_j² v_j + R
    (c = ±½ for the players, ±1 for the partnerships, R the noise variance) and the
    update is the Kalman filter's [3]_: μ_j += c_j v_j (y − m)/S, v_j −= c_j² v_j²/S. The
    state covariance is kept diagonal (the correlations an observation creates between its
    six terms are dropped, as Glicko [2]_ drops them), so the filter is exact for each
    session given independent priors and an approximation over many. Sessions of one round
    involve different players, so rating them one after another uses nothing of the round.

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"] * 2, "round": [1, 2], "north": "a",
    ...     "south": "b", "east": ["c", "e"], "west": ["d", "f"], "n_boards": 16,
    ...     "pct_ns": [60.0, 55.0]})
    >>> gaussian_forecast(s).round(2)
        mean    sd
    0  50.00  9.06
    1  51.46  9.02

    The first session: S = ¼·4·4² + 2·2² + 28²/16 + 3² = 82; its 10 % above 50 moves a and
    b by ½·16·10/82 = 0.98 each and their partnership by 4·10/82 = 0.49, so the second is
    predicted at 50 + 0.98 + 0.49 = 51.46.
    """
    if not isinstance(model, GaussianModel):
        raise fail("model", "a GaussianModel", type(model).__name__)
    frame = _session_frame(sessions)
    mean, var, _ = _gaussian_run(frame, model)
    return pd.DataFrame({"mean": mean, "sd": np.sqrt(var)})


def _gaussian_inputs(frame):
    """The filter's arrays: seat and partnership indices, outcomes, boards, years."""
    ids, seats = _player_index(frame)
    pairs, n_pairs = _pair_index(frame)
    years = (frame["date"] - frame["date"].iloc[0]).dt.days.to_numpy() / _DAYS_PER_YEAR
    y = frame["pct_ns"].to_numpy(float)
    return seats, pairs, y, frame["n_boards"].to_numpy(float), years, ids.size, n_pairs


def _gaussian_run(frame, model, inputs=None):
    inputs = _gaussian_inputs(frame) if inputs is None else inputs
    return _gaussian_kernel(
        *inputs, model.skill_sd**2, model.partnership_sd**2, model.drift_sd**2,
        model.board_sd**2, model.session_sd**2,
    )  # fmt: skip


@njit(cache=True)
def _gaussian_kernel(seats, pairs, y, n_boards, years, n_players, n_pairs, v0, w0, q, b2, s2):
    """The diagonal Kalman filter of :func:`gaussian_forecast`, session by session."""
    mu = np.zeros(n_players)
    var = np.full(n_players, v0)
    last = np.full(n_players, np.nan)
    pmu = np.zeros(n_pairs)
    pvar = np.full(n_pairs, w0)
    plast = np.full(n_pairs, np.nan)
    n = y.size
    mean = np.empty(n)
    total = np.empty(n)
    post = np.empty((n, 4))
    coef = np.array([0.5, 0.5, -0.5, -0.5])
    pcoef = np.array([1.0, -1.0])
    for r in range(n):
        t = years[r]
        m = 50.0
        s = b2 / n_boards[r] + s2
        for j in range(4):
            i = seats[r, j]
            if not np.isnan(last[i]):
                var[i] += q * (t - last[i])
            last[i] = t
            m += coef[j] * mu[i]
            s += coef[j] ** 2 * var[i]
        for j in range(2):
            p = pairs[r, j]
            if not np.isnan(plast[p]):
                pvar[p] += q * (t - plast[p])
            plast[p] = t
            m += pcoef[j] * pmu[p]
            s += pvar[p]
        mean[r] = m
        total[r] = s
        resid = y[r] - m
        for j in range(4):
            i = seats[r, j]
            gain = coef[j] * var[i] / s
            mu[i] += gain * resid
            var[i] -= gain * coef[j] * var[i]
            post[r, j] = mu[i]
        for j in range(2):
            p = pairs[r, j]
            gain = pcoef[j] * pvar[p] / s
            pmu[p] += gain * resid
            pvar[p] -= gain * pcoef[j] * pvar[p]
    return mean, total, post


def fit_gaussian_model(sessions, *, until=None):
    """The :class:`GaussianModel` that maximises the predictive log-likelihood of a log.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    until : str or None
        Only sessions dated before ``until`` count in the likelihood (the filter still runs
        over them in order); ``None`` counts them all. Fit on an early part and score on
        the rest to keep the comparison out of sample in the parameters too.

    Returns
    -------
    GaussianModel

    Notes
    -----
    The one-step-ahead log-likelihood Σ log N(y_s; m_s, S_s) of the filter is maximised
    over the logarithms of the five sds by Nelder-Mead (scipy), from the defaults of
    :class:`GaussianModel`; each log-sd is kept within [−12, 6] (an sd the data do not want
    ends near e⁻¹² ≈ 6·10⁻⁶, in effect 0).

    Examples
    --------
    >>> sim = simulated_sessions(n_players=40, n_months=3, rng=1)
    >>> model = fit_gaussian_model(sim)
    >>> 20 < model.board_sd < 40
    True
    """
    frame = _session_frame(sessions)
    mask = np.ones(len(frame), dtype=bool)
    if until is not None:
        mask = (frame["date"] < pd.Timestamp(until)).to_numpy()
        if not mask.any():
            raise fail("until", "a date after the log's first session", until)
    y = frame["pct_ns"].to_numpy(float)[mask]
    start = np.log(np.array([4.0, 2.0, 1.0, 28.0, 3.0]))
    inputs = _gaussian_inputs(frame)

    def loss(log_sd):
        model = GaussianModel(*np.exp(np.clip(log_sd, -12.0, 6.0)))
        mean, var, _ = _gaussian_run(frame, model, inputs)
        m, v = mean[mask], var[mask]
        return 0.5 * float(np.sum(np.log(2 * math.pi * v) + (y - m) ** 2 / v))

    best = optimize.minimize(loss, start, method="Nelder-Mead",
                             options={"xatol": 1e-3, "fatol": 1e-3, "maxiter": 600})  # fmt: skip
    return GaussianModel(*(float(v) for v in np.exp(np.clip(best.x, -12.0, 6.0))))


def _player_mean_parts(frame):
    """Each seat's boards and summed side-% deviation from 50 (board-weighted) before the row."""
    _, seats = _player_index(frame)
    n = frame["n_boards"].to_numpy(float)
    dev = frame["pct_ns"].to_numpy(float) - 50.0
    side = np.column_stack([dev, dev, -dev, -dev]) * n[:, None]
    long = pd.DataFrame({"id": seats.ravel(), "w": np.repeat(n, 4), "s": side.ravel()})
    g = long.groupby("id", sort=False)
    boards = (g["w"].cumsum() - long["w"]).to_numpy().reshape(seats.shape)
    summed = (g["s"].cumsum() - long["s"]).to_numpy().reshape(seats.shape)
    return boards, summed


def _player_mean_from(parts, shrink_boards):
    boards, summed = parts
    denom = boards + shrink_boards
    theta = np.divide(summed, denom, out=np.zeros_like(summed), where=denom > 0)
    return 50.0 + theta @ np.array([0.5, 0.5, -0.5, -0.5])


def player_mean_forecast(sessions, *, shrink_boards=100.0):
    """Predict each session from each player's own running mean side-percentage.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (as for :func:`gaussian_forecast`).
    shrink_boards : float
        c: a player's mean is shrunk toward 50 % as if they had also played c boards at
        50 % (see :func:`fit_player_mean`).

    Returns
    -------
    numpy.ndarray
        North-South's predicted session %, one per session, made before the session.

    Notes
    -----
    The baseline a referee asks for: a player's estimate is θ = Σ n_s (p_s − 50)/(Σ n_s + c)
    over their past sessions s (n_s boards, p_s their side's %), and a session is predicted
    at 50 + (θ_N + θ_S − θ_E − θ_W)/2, the PPI's expectation [1]_ with a player's plain
    shrunk mean in place of the PPI. Nothing about opponents or partners is adjusted for.

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"] * 2, "round": [1, 2], "north": "a",
    ...     "south": "b", "east": ["c", "e"], "west": ["d", "f"], "n_boards": 20,
    ...     "pct_ns": [60.0, 55.0]})
    >>> player_mean_forecast(s, shrink_boards=20).tolist()
    [50.0, 55.0]

    (a and b: 20 boards at +10 shrunk by 20 boards at 0 give θ = 5 each, so 50 + 10/2.)
    """
    frame = _session_frame(sessions)
    shrink_boards = check_number(shrink_boards, "shrink_boards", low=0)
    return _player_mean_from(_player_mean_parts(frame), shrink_boards)


def fit_player_mean(sessions, *, until=None):
    """The shrinkage c (boards) of :func:`player_mean_forecast` with the lowest RMSE.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    until : str or None
        Only sessions dated before ``until`` count (as in :func:`fit_gaussian_model`).

    Returns
    -------
    float
        c, searched over [0, 10⁵] boards (bounded scalar search on log(1 + c)).

    Examples
    --------
    >>> sim = simulated_sessions(n_players=40, n_months=3, rng=1)
    >>> 0 < fit_player_mean(sim) < 1e5
    True
    """
    frame = _session_frame(sessions)
    mask = np.ones(len(frame), dtype=bool)
    if until is not None:
        mask = (frame["date"] < pd.Timestamp(until)).to_numpy()
        if not mask.any():
            raise fail("until", "a date after the log's first session", until)
    parts = _player_mean_parts(frame)
    y = frame["pct_ns"].to_numpy(float)[mask]

    def mse(log_c):
        pred = _player_mean_from(parts, math.expm1(log_c))[mask]
        return float(np.mean((y - pred) ** 2))

    best = optimize.minimize_scalar(mse, bounds=(0.0, math.log1p(1e5)), method="bounded",
                                    options={"xatol": 1e-3})  # fmt: skip
    return float(math.expm1(best.x))


def _cluster_codes(frame, unit):
    """A cluster code per row for the bootstrap: its event, its period, or itself."""
    if unit not in BOOTSTRAP_UNITS:
        raise fail("unit", f"one of {BOOTSTRAP_UNITS}", unit)
    if unit == "session":
        return np.arange(len(frame))
    if unit not in frame:
        raise fail("predictions", f"a column {unit!r} to resample by", "none")
    codes = pd.factorize(frame[unit].astype(str) if unit == "event" else frame[unit])[0]
    if codes.max() < 1:
        raise fail("unit", f"a unit with at least 2 values in the scored rows ({unit!r} has 1)",
                   unit)  # fmt: skip
    return codes


def _boot_weights(codes, n_boot, gen):
    """(n_boot, n_clusters) counts: how often each cluster is drawn in each resample."""
    k = int(codes.max()) + 1
    draws = gen.integers(0, k, size=(n_boot, k)) + k * np.arange(n_boot)[:, None]
    return np.bincount(draws.ravel(), minlength=n_boot * k).reshape(n_boot, k).astype(float)


def _sums(codes, values, k):
    return np.bincount(codes, weights=values, minlength=k)


def _board_rows(frame) -> pd.DataFrame:
    """Each session's boards as rows of a board log, every board at the session's mean %."""
    reps = frame["n_boards"].to_numpy(dtype=np.int64)
    idx = np.repeat(np.arange(len(frame)), reps)
    boards = frame.iloc[idx]
    return pd.DataFrame(
        {
            "date": boards["date"].to_numpy(),
            "round": boards["period"].to_numpy(),
            "board": np.arange(idx.size),
            **{s: boards[s].to_numpy() for s in _SEATS},
            "pct_ns": boards["pct_ns"].to_numpy(float),
        }
    )


def session_predictions(sessions, *, elo_k_factor=2.0, model=None, until=None,
                        player_mean_boards=None):  # fmt: skip
    """Every system's forecast of every session, each made before the session.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (see :func:`gaussian_forecast`).
    elo_k_factor : float
        Elo's K per board (:func:`~bridgestats.ratings.elo.elo_forecast`).
    model : GaussianModel or None
        The Gaussian model's parameters; ``None`` fits them by :func:`fit_gaussian_model`
        on the sessions before ``until`` (on all of them when ``until`` is ``None``).
    until : str or None
        See ``model`` and ``player_mean_boards``.
    player_mean_boards : float or None
        The player-mean baseline's shrinkage c (:func:`player_mean_forecast`); ``None``
        fits it by :func:`fit_player_mean` on the sessions before ``until``.

    Returns
    -------
    pandas.DataFrame
        One row per session: ``date``, ``period`` (round of an event, in order),
        ``n_boards``, ``pct_ns`` (the outcome), ``pct_ns_var`` when ``sessions`` has it
        (the boards' variance about the session's mean), and per system ``pred_<system>`` (the
        predicted North-South %), plus ``sd_gaussian`` (the Gaussian model's predictive
        sd), and ``event`` when ``sessions`` has it. ``attrs["model"]`` is the Gaussian model
        used, ``attrs["player_mean_boards"]`` the baseline's c.

    Notes
    -----
    The PPI, Elo and Glicko-2 rate boards; each session is given to them as ``n_boards``
    boards at the session's mean percentage (the shipped log keeps sessions, not boards),
    and a session's forecast is the one they make for its first board, from the ratings
    before the session:

    - ``ppi``: :func:`~bridgestats.ratings.ppi.rate_log` exactly as the page defines it
      [1]_, every player a newcomer at 50 % at the log's start, k and w counted from the
      log by the sessions' dates;
    - ``elo``: :func:`~bridgestats.ratings.elo.elo_forecast`, updated board by board;
    - ``glicko2``: :func:`~bridgestats.ratings.glicko2.glicko2_forecast`, one rating
      period per round of an event [2]_, at Glickman's defaults (RD 350 for a newcomer,
      volatility σ = 0.06 per period, τ = 0.5). Measured, its forecasts are too widely
      spread rather than wrong: on the shipped log, scored from 2010 as the report does
      (12,529 sessions), its RMSE is 9.005 % against flat's 8.041 % and Elo's 7.575 %; its
      forecasts' sd about 50 is 6.2 % (Elo's 2.6 %), and the actual % regressed on the
      predicted has slope 0.29 (Elo's 1.03). On :func:`simulated_sessions` (120 players,
      12 months, ``rng=1``) the truth's slope is 1.01 and Glicko-2's 0.52. The cause is
      the scale of its uncertainties, not the implementation nor the periods: on the board
      logistic the skill of bridge players spreads by about 30-37 rating points (the sd of
      the log's final ratings is 32; the simulator's true expectations imply 37), while a
      newcomer's RD is 350 and σ adds 10 points in quadrature per period (a round: 978 in
      the log's 13.7 years), so a player's RD stays near the whole spread of skill (30 for
      one who plays every period; median 54 at the end of the simulation) and each session
      moves the ratings by a large part of its residual, which is mostly board noise. One
      period per board instead of per round changes nothing (8.812 % against 8.855 % over
      all sessions); pairs as sums of their players instead of means (16.70 %) and a
      player's rating counted at its weight ½ in the update (10.72 %) are worse; σ = 0.006
      alone gives 8.163 %, RD 35 alone 8.809 %, both 7.602 % with slope 0.84 (and 10.69 %
      on the simulation, the truth 10.46 %): shown as diagnosis only, the report keeps
      Glickman's defaults;
    - ``gaussian``: :func:`gaussian_forecast`;
    - ``player_mean``: :func:`player_mean_forecast`, each player's own shrunk running mean;
    - ``flat``: 50 %, the forecast that knows nothing.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=40, n_months=2, rng=3)
    >>> pred = session_predictions(sim, model=GaussianModel())
    >>> [c[5:] for c in pred.columns if c.startswith("pred_")]
    ['flat', 'player_mean', 'ppi', 'elo', 'glicko2', 'gaussian', 'truth']
    """
    frame = _session_frame(sessions)
    elo_k_factor = check_number(elo_k_factor, "elo_k_factor", low=0, low_open=True)
    if model is None:
        model = fit_gaussian_model(frame, until=until)
    elif not isinstance(model, GaussianModel):
        raise fail("model", "a GaussianModel or None", type(model).__name__)
    if player_mean_boards is None:
        player_mean_boards = fit_player_mean(frame, until=until)
    player_mean_boards = check_number(player_mean_boards, "player_mean_boards", low=0)
    boards = _board_rows(frame)
    first = np.concatenate([[0], np.cumsum(frame["n_boards"].to_numpy())[:-1]])
    ppi = rate_log(boards).boards["expected"].to_numpy()[0::4]
    elo, _ = elo_forecast(boards, k_factor=elo_k_factor)
    glicko, _ = glicko2_forecast(boards)
    gauss = gaussian_forecast(frame, model=model)
    out = pd.DataFrame(
        {
            "date": frame["date"].to_numpy(),
            "period": frame["period"].to_numpy(),
            "n_boards": frame["n_boards"].to_numpy(),
            "pct_ns": frame["pct_ns"].to_numpy(float),
            "pred_flat": 50.0,
            "pred_player_mean": _player_mean_from(_player_mean_parts(frame), player_mean_boards),
            "pred_ppi": ppi[first],
            "pred_elo": elo[first],
            "pred_glicko2": glicko[first],
            "pred_gaussian": gauss["mean"].to_numpy(),
            "sd_gaussian": gauss["sd"].to_numpy(),
        }
    )
    if "pct_ns_var" in frame:
        out.insert(4, "pct_ns_var", frame["pct_ns_var"].to_numpy(float))
    if "truth" in frame:
        out["pred_truth"] = frame["truth"].to_numpy(float)
    if "event" in frame:
        out["event"] = frame["event"].astype(str).to_numpy()
    out.attrs["model"] = model
    out.attrs["player_mean_boards"] = player_mean_boards
    return out


def _session_terms(err, pct, sd):
    """Per session: the summands of every metric's numerator (each over the sessions' count)."""
    d_pred = err + pct - 50.0  # the forecast minus 50
    d_act = pct - 50.0
    valid = (d_pred != 0) & (d_act != 0)
    out = {
        "se": err**2, "x": d_pred, "y": d_act, "xx": d_pred**2, "xy": d_pred * d_act,
        "agree": (valid & (np.sign(d_pred) == np.sign(d_act))).astype(float),
        "valid": valid.astype(float),
    }  # fmt: skip
    if sd is not None:
        z = err / sd
        out["ls"] = -0.5 * z**2 - np.log(sd) - 0.5 * math.log(2 * math.pi)
        out["inside"] = (np.abs(z) <= _Z90).astype(float)
    return out


def _metrics_from(t, count, flat_mse=None, noise_var=None):
    """The metrics from summed terms (arrays of any shape, summed over sessions)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        mse = t["se"] / count
        sxx = t["xx"] - t["x"] ** 2 / count
        slope = (t["xy"] - t["x"] * t["y"] / count) / sxx
        out = {
            "rmse": np.sqrt(mse),
            "calibration_slope": np.where(sxx > 1e-9 * count, slope, np.nan),
            "calibration_intercept": np.where(sxx > 1e-9 * count,
                                              (t["y"] - slope * t["x"]) / count, np.nan),
            "concordance": t["agree"] / t["valid"],
        }  # fmt: skip
        if "ls" in t:
            out["log_score"] = t["ls"] / count
            out["coverage_90"] = t["inside"] / count
        if flat_mse is not None and noise_var is not None:
            out["explained_share"] = (flat_mse - mse) / (flat_mse - noise_var)
    return out


def compare_systems(predictions, *, since=None, n_boot=1000, level=0.9, unit="event",
                    rng=None):  # fmt: skip
    """Out-of-sample scores of every system on the same sessions, with bootstrap intervals.

    Parameters
    ----------
    predictions : pandas.DataFrame
        From :func:`session_predictions`.
    since : str or None
        Score only the sessions dated on or after ``since`` (e.g. the date a fitted model's
        ``until`` ended); ``None`` scores all.
    n_boot : int
        Bootstrap resamples.
    level : float
        Coverage of the bootstrap intervals (percentile method).
    unit : {"event", "period", "session"}
        What the bootstrap resamples: whole events (column ``event``), rounds of events
        (``period``) or single sessions. Sessions of one event share players and so are
        correlated; resampling events keeps that correlation in the intervals.
    rng : None, int or numpy.random.Generator
        Source of the resampling.

    Returns
    -------
    pandas.DataFrame
        Tidy, one row per system and metric: ``system``, ``metric``, ``value``, ``ci_low``,
        ``ci_high``, ``n_sessions`` and ``bootstrap_unit``. Metrics: ``rmse`` (the session
        percentage's root mean squared error); ``rmse_vs_ppi``, ``rmse_vs_elo`` and
        ``rmse_vs_player_mean`` (the system's RMSE minus that reference's on the same
        resample); ``calibration_slope`` and ``calibration_intercept`` (least squares of
        the actual % − 50 on the predicted % − 50: slope 1 and intercept 0 for a calibrated
        forecast, a slope above 1 for a timid one; none for ``flat``); ``concordance`` (the
        share of sessions, neither forecast nor outcome exactly 50 %, where the side
        predicted to score above 50 % does: the pair rated higher before the session
        scores the higher percentage in it); with ``pct_ns_var``, ``explained_share``
        ((MSE_flat − MSE)/(MSE_flat − noise²): the share of the explainable variance the
        system captures) and ``rmse_board`` (every board's percentage against its
        session's forecast); for the Gaussian model ``log_score`` (mean log predictive
        density) and ``coverage_90`` (share inside the central 90 % predictive interval).
        With ``pct_ns_var``, a row of system ``noise_floor``, metric ``rmse``:
        √mean(var/(n − 1)), the RMSE expected of a forecast that knew each session's
        expectation, where var is the variance of the session's n boards about their mean
        (divisor n, as the log stores it) and the boards are independent given it.

    Notes
    -----
    The per-board error of a forecast held over a session of n boards is, summed over the
    boards, n·(mean − forecast)² + n·var: the sessions' variances add the same amount to
    every system, so the board RMSE ranks systems by their board-weighted session errors.
    Every system is scored on the same sessions and every resample draws the same units
    for all systems, so differences are measured with their pairing. Every metric is a
    ratio of sums over sessions; a resample weights each unit by the times it is drawn.
    The noise floor divides by n − 1, not n: with var the boards' spread about their own
    mean, E[var] = σ²(n − 1)/n, so √mean(var/n) (6.853 % on the shipped log's sessions from
    2010) is low by about √((n − 1)/n); √mean(var/(n − 1)) gives 7.102 %. On
    :func:`simulated_sessions` (8-board sessions) the simulator's true expectations reach
    the n − 1 floor (an explained share near 1) and not the n one (0.63). A session of one
    board adds 0 to the floor.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=40, n_months=2, rng=3)
    >>> table = compare_systems(session_predictions(sim, model=GaussianModel()), n_boot=50,
    ...                         unit="period", rng=1)
    >>> sorted(table["metric"].unique())[:4]
    ['calibration_intercept', 'calibration_slope', 'concordance', 'coverage_90']
    >>> sorted(table["system"].unique())[:3]
    ['elo', 'flat', 'gaussian']
    """
    check_frame(predictions, "predictions",
                ("date", "n_boards", "pct_ns", "pred_ppi", "pred_elo", "sd_gaussian"))  # fmt: skip
    n_boot = check_int(n_boot, "n_boot", minimum=10)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    frame = predictions
    if since is not None:
        frame = frame[pd.to_datetime(frame["date"]) >= pd.Timestamp(since)]
        if frame.empty:
            raise fail("since", "a date on or before the last session", since)
    codes = _cluster_codes(frame, unit)
    k = int(codes.max()) + 1
    weights = _boot_weights(codes, n_boot, np.random.default_rng(rng))
    systems = [s for s in (*SYSTEMS, "truth") if f"pred_{s}" in frame]
    pct = frame["pct_ns"].to_numpy(float)
    n = pct.size
    count = _sums(codes, np.ones(n), k)
    count_point, count_boot = float(n), weights @ count
    has_var = "pct_ns_var" in frame
    noise = (None, None)
    if has_var:
        nb = frame["n_boards"].to_numpy(float)
        var = frame["pct_ns_var"].to_numpy(float)
        # the variance of a session's mean, from its boards' variance (divisor n) unbiased
        var_n = _sums(codes, np.divide(var, nb - 1, out=np.zeros(n), where=nb > 1), k)
        noise = (var_n.sum() / count_point, (weights @ var_n) / count_boot)
        within = _sums(codes, nb * frame["pct_ns_var"].to_numpy(float), k)
        nb_sum = _sums(codes, nb, k)
    flat_se = _sums(codes, (pct - 50.0) ** 2, k)
    flat_mse = (flat_se.sum() / count_point, (weights @ flat_se) / count_boot)
    alpha = (1.0 - level) / 2.0
    points, boots = {}, {}
    for system in systems:
        err = frame[f"pred_{system}"].to_numpy(float) - pct
        sd = frame["sd_gaussian"].to_numpy(float) if system == "gaussian" else None
        terms = {key: _sums(codes, v, k) for key, v in _session_terms(err, pct, sd).items()}
        point = _metrics_from({key: v.sum() for key, v in terms.items()}, count_point,
                              flat_mse[0], noise[0])  # fmt: skip
        boot = _metrics_from({key: weights @ v for key, v in terms.items()}, count_boot,
                             flat_mse[1], noise[1])  # fmt: skip
        if has_var:
            wse = _sums(codes, nb * err**2, k)
            point["rmse_board"] = np.sqrt((wse.sum() + within.sum()) / nb_sum.sum())
            boot["rmse_board"] = np.sqrt((weights @ (wse + within)) / (weights @ nb_sum))
        points[system], boots[system] = point, boot
    rows = []

    def add(system, metric, value, boot):
        if not np.isfinite(value):
            return
        lo, hi = np.nanquantile(boot, [alpha, 1.0 - alpha])
        rows.append({"system": system, "metric": metric, "value": float(value),
                     "ci_low": float(lo), "ci_high": float(hi), "n_sessions": n,
                     "bootstrap_unit": unit})  # fmt: skip

    for system in systems:
        point, boot = points[system], boots[system]
        for ref in ("ppi", "elo", "player_mean"):
            if ref in points:
                point[f"rmse_vs_{ref}"] = point["rmse"] - points[ref]["rmse"]
                boot[f"rmse_vs_{ref}"] = boot["rmse"] - boots[ref]["rmse"]
        for metric, value in point.items():
            add(system, metric, value, boot[metric])
    if has_var:
        add("noise_floor", "rmse", math.sqrt(noise[0]), np.sqrt(noise[1]))
    return pd.DataFrame(rows)


def simulated_sessions(*, n_players=120, n_months=6, boards_per_round=8, activity=300.0,
                       partnership="fixed", rng=None):  # fmt: skip
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
    rng : None, int or numpy.random.Generator
        Source of randomness: the strengths, then the simulation.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`bridgestats.io.rating_sessions` (``event`` ``"sim"``,
        ``date`` the first of the simulated month, ``round`` the round over the run, player
        ids ``p0``, ``p1``, ...) plus ``truth``: the model's expected session percentage
        (the mean of its boards' expectations), the forecast no rating can beat on average.

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
    sim = simulate(strength, activity, n_months=n_months, n_boards=2 * boards_per_round,
                   boards_per_round=boards_per_round, partnership=partnership, record=True,
                   rng=gen)  # fmt: skip
    log = sim.log
    names = np.array([f"p{i}" for i in range(n_players)], dtype=object)
    keys = ["month", "round", *_SEATS]
    g = log.groupby(keys, sort=False)
    out = g.agg(n_boards=("pct_ns", "size"), pct_ns=("pct_ns", "mean"),
                pct_ns_var=("pct_ns", lambda x: float(np.var(x))),
                truth=("expected_ns", "mean")).reset_index()  # fmt: skip
    n_rounds = int(log["round"].max()) + 1
    start = pd.Timestamp("2001-01-01")
    dates = [start + pd.DateOffset(months=int(m)) for m in out["month"]]
    return pd.DataFrame(
        {
            "event": "sim",
            "date": pd.DatetimeIndex(dates).strftime("%Y-%m-%d"),
            "round": out["month"].to_numpy() * n_rounds + out["round"].to_numpy(),
            **{s: names[out[s].to_numpy()] for s in _SEATS},
            "n_boards": out["n_boards"].to_numpy(),
            "pct_ns": out["pct_ns"].to_numpy(),
            "pct_ns_var": out["pct_ns_var"].to_numpy(),
            "butler_imps_ns": np.nan,
            "truth": out["truth"].to_numpy(),
        }
    )


def partnership_bonus(sessions, predictions, *, settled=100, new_below=100, n_boot=1000,
                      level=0.9, unit="event", rng=None):  # fmt: skip
    """The PPI page's pick-up claim on real players: how far established partnerships beat
    what their PPIs predict, compared with new ones.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    predictions : pandas.DataFrame
        :func:`session_predictions` of ``sessions`` (its ``pred_ppi``).
    settled : int
        Only sessions where each of the four players had played at least this many boards
        before count (their PPIs have moved from 50 %: the PPI's m is k below 300).
    new_below : int
        A side's partnership is *new* when the two had played fewer than this many boards
        together before the session, else *established* (counted from the log's past only).
    n_boot, level, unit, rng
        The bootstrap, as in :func:`compare_systems` (``unit`` what it resamples: events,
        rounds of events or sessions, each with both its sides).

    Returns
    -------
    pandas.DataFrame
        Rows ``new``, ``established`` and ``bonus`` (established minus new) in column
        ``partnership``, with ``n_sides`` (pair-sessions), ``residual`` (mean of the side's
        session % minus its PPI expectation, in %), ``ci_low``, ``ci_high``.

    Notes
    -----
    The page: "about 2% could be added to the figure of a member who plays mostly with
    pick-up partners for comparison with a member who plays mostly with a small number of
    regular partners" [1]_. If a regular partnership's understanding adds δ to what its
    players score together, their PPIs carry δ; with a new partner they fall short of the
    expectation (a + b − c − d)/2 + 50 by δ when both partners carry it. So the bonus, the
    established partnerships' mean residual minus the new ones', measures the page's
    figure on the pair's percentage. Each session gives two sides (North-South's residual
    and its negative); a session's two sides are resampled together, within its unit.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=40, n_months=3, partnership="pickup", rng=1)
    >>> pred = session_predictions(sim, model=GaussianModel())
    >>> table = partnership_bonus(sim, pred, settled=0, new_below=20, n_boot=50, unit="period",
    ...                           rng=1)
    >>> table["partnership"].tolist()
    ['new', 'established', 'bonus']
    """
    frame = _session_frame(sessions)
    check_frame(predictions, "predictions", ("pred_ppi", "pct_ns"))
    if len(predictions) != len(frame):
        raise fail("predictions", f"one row per session ({len(frame)})", len(predictions))
    settled = check_int(settled, "settled", minimum=0)
    new_below = check_int(new_below, "new_below", minimum=1)
    n_boot = check_int(n_boot, "n_boot", minimum=10)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    _, seats = _player_index(frame)
    pairs, _ = _pair_index(frame)
    n_boards = frame["n_boards"].to_numpy(np.int64)
    before_player = _boards_before(seats, n_boards)
    before_pair = _boards_before(pairs, n_boards)
    resid_ns = frame["pct_ns"].to_numpy(float) - predictions["pred_ppi"].to_numpy(float)
    keep = (before_player >= settled).all(axis=1)
    resid = np.column_stack([resid_ns, -resid_ns])[keep]
    established = (before_pair >= new_below)[keep]
    n = resid.shape[0]
    if n == 0 or established.all() or not established.any():
        raise fail("sessions", "settled sessions with both new and established partnerships",
                   f"{n} settled sessions")  # fmt: skip
    codes = _cluster_codes(frame[keep], unit)
    k = int(codes.max()) + 1
    weights = _boot_weights(codes, n_boot, np.random.default_rng(rng))
    weights = np.vstack([np.ones(k), weights])  # row 0: the sample itself
    sums = {name: weights @ _sums(codes, v, k) for name, v in (
        ("r_est", (resid * established).sum(axis=1)), ("n_est", established.sum(axis=1)),
        ("r_new", (resid * ~established).sum(axis=1)), ("n_new", (~established).sum(axis=1)),
    )}  # fmt: skip
    with np.errstate(invalid="ignore", divide="ignore"):  # a resample without one kind
        mean_est = sums["r_est"] / sums["n_est"]
        mean_new = sums["r_new"] / sums["n_new"]
    alpha = (1.0 - level) / 2.0
    rows = []
    for name, values, count in (
        ("new", mean_new, int((~established).sum())),
        ("established", mean_est, int(established.sum())),
        ("bonus", mean_est - mean_new, int(established.size)),
    ):
        lo, hi = np.nanquantile(values[1:], [alpha, 1.0 - alpha])
        rows.append({"partnership": name, "n_sides": count, "residual": float(values[0]),
                     "ci_low": float(lo), "ci_high": float(hi),
                     "bootstrap_unit": unit})  # fmt: skip
    return pd.DataFrame(rows)


def _boards_before(ids, n_boards):
    """For each row and column of ``ids``: that id's boards in the rows above."""
    flat = ids.ravel()
    weights = np.repeat(n_boards, ids.shape[1])
    frame = pd.DataFrame({"id": flat, "w": weights})
    after = frame.groupby("id", sort=False)["w"].cumsum().to_numpy()
    return (after - weights).reshape(ids.shape)


def _elo_trajectory(boards, k_factor):
    """Elo ratings of the four seats before each board, and each board's change to them."""
    expected, _ = elo_forecast(boards, k_factor=k_factor)
    ids, seats = _player_index(boards)
    score_ns = boards["pct_ns"].to_numpy(float) / 100.0
    step = k_factor * (score_ns - expected / 100.0)
    sign = np.array([1.0, 1.0, -1.0, -1.0])
    delta = step[:, None] * sign[None, :]
    after = 1500.0 + pd.Series(delta.ravel()).groupby(seats.ravel()).cumsum().to_numpy()
    before = (after - delta.ravel()).reshape(seats.shape)
    return ids, seats, before, delta, score_ns


def lpr_periods(sessions, *, k_factor=2.0):
    """The Dutch LPR's two limiting tests applied to each player's rating periods (events).

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    k_factor : float
        Elo's K per board (:func:`~bridgestats.ratings.elo.elo_forecast`): the game-by-game
        changes whose sum over a period is Rtt.

    Returns
    -------
    pandas.DataFrame
        One row per player and event: ``player``, ``event``, ``n_boards``,
        ``last_rating`` (Rl, the Elo rating before the event), ``change`` (Rtt, the sum of
        the board-by-board Elo changes in it), ``lpr`` (the performance rating of the
        event), ``new_rating`` (Rn, :func:`~bridgestats.ratings.lpr.limit_change`) and
        ``outcome``: ``"test1"`` (Rn set to the LPR), ``"test2"`` (Rn kept at Rl because
        the LPR points the other way), ``"unchanged"`` (Rtt rounds to 0 or the LPR equals
        Rl) or ``"passed"`` (Rn = Rl + Rtt).

    Notes
    -----
    Each board is a game of the player's pair against the opposing pair, scored pct/100,
    with the Elo expectation of :func:`~bridgestats.ratings.elo.elo_forecast` (pair
    ratings the means of their players', 400 points per factor 10). The LPR is the rating
    R of the player at which the expected total over the event equals the score, the
    partner and opponents at their ratings before each board:
    Σ 1/(1 + 10^(−(R − r_j)/800)) = score with r_j = c_j + d_j − b_j, which is
    :func:`~bridgestats.ratings.lpr.performance_rating` of the half-ratings r_j/2 (its
    400-point curve), doubled. The tests are the page's [4]_, in the reading of
    :func:`~bridgestats.ratings.lpr.limit_change`.

    References
    ----------
    .. [4] "LPR en limiteringen", the Dutch rating system's page on the LPR and its
       limiting tests (Nederlandse Bridge Bond, in Dutch).

    Examples
    --------
    >>> sim = simulated_sessions(n_players=24, n_months=2, rng=4)
    >>> periods = lpr_periods(sim.assign(event=sim["date"]))
    >>> sorted(set(periods["outcome"]) - {"passed", "unchanged", "test1", "test2"})
    []
    """
    frame = _session_frame(sessions)
    k_factor = check_number(k_factor, "k_factor", low=0, low_open=True)
    boards = _board_rows(frame)
    ids, seats, before, delta, score_ns = _elo_trajectory(boards, k_factor)
    partner = before[:, [1, 0, 3, 2]]
    opponents = before[:, [2, 2, 0, 0]] + before[:, [3, 3, 1, 1]]
    event = frame["event"].astype(str).to_numpy() if "event" in frame else np.full(len(frame), "")
    event = np.repeat(event, frame["n_boards"].to_numpy())
    long = pd.DataFrame({
        "player": ids[seats.ravel()],
        "event": np.repeat(event, 4),
        "before": before.ravel(),
        "delta": delta.ravel(),
        "score": np.column_stack([score_ns, score_ns, 1 - score_ns, 1 - score_ns]).ravel(),
        "r": (opponents - partner).ravel(),
    })  # fmt: skip
    rows = []
    for (player, ev), g in long.groupby(["player", "event"], sort=False):
        rl = float(g["before"].iloc[0])
        lpr = 2.0 * performance_rating(g["score"].sum(), g["r"].to_numpy() / 2.0,
                                       own_rating=rl / 2.0)  # fmt: skip
        rows.append((player, ev, len(g), rl, float(g["delta"].sum()), lpr))
    out = pd.DataFrame(rows, columns=["player", "event", "n_boards", "last_rating", "change",
                                      "lpr"])  # fmt: skip
    rl, rtt, lpr = (out[c].to_numpy() for c in ("last_rating", "change", "lpr"))
    new = limit_change(rl, rtt, lpr)
    out["new_rating"] = new
    moved = ~np.isclose(new, rl + rtt, rtol=0, atol=1e-9)
    unchanged = (np.abs(rtt) < 0.5) | (np.abs(lpr - rl) < 0.5)
    out["outcome"] = np.select(
        [moved & unchanged, moved & np.isclose(new, lpr, rtol=0, atol=1e-9), moved],
        ["unchanged", "test1", "test2"],
        default=np.where(unchanged, "unchanged", "passed"),
    )
    return out


def calibration(predictions, *, levels=(0.5, 0.8, 0.9, 0.95), since=None):
    """How often the Gaussian model's central predictive intervals hold the outcome.

    Parameters
    ----------
    predictions : pandas.DataFrame
        From :func:`session_predictions`.
    levels : sequence of float
        Nominal coverages of the central intervals, each in (0, 1).
    since : str or None
        Only sessions dated on or after ``since``.

    Returns
    -------
    pandas.DataFrame
        One row per level: ``level``, ``coverage`` (the share of sessions inside),
        ``coverage_se`` (binomial, √(c(1 − c)/n)) and ``n_sessions``.

    Examples
    --------
    >>> p = pd.DataFrame({"date": "2001-01-01", "pct_ns": [50.0, 60.0, 51.0, 80.0],
    ...                   "pred_gaussian": 50.0, "sd_gaussian": 10.0})
    >>> calibration(p, levels=[0.5, 0.9])[["level", "coverage"]]
       level  coverage
    0    0.5      0.50
    1    0.9      0.75
    """
    check_frame(predictions, "predictions", ("date", "pct_ns", "pred_gaussian", "sd_gaussian"))
    frame = predictions
    if since is not None:
        frame = frame[pd.to_datetime(frame["date"]) >= pd.Timestamp(since)]
    z = np.abs(frame["pct_ns"].to_numpy(float) - frame["pred_gaussian"].to_numpy(float))
    z = z / frame["sd_gaussian"].to_numpy(float)
    rows = []
    for level in levels:
        level = check_number(level, "levels", low=0, high=1, low_open=True, high_open=True)
        inside = float(np.mean(z <= stats.norm.ppf(0.5 + level / 2.0)))
        se = math.sqrt(inside * (1.0 - inside) / z.size)
        rows.append({"level": level, "coverage": inside, "coverage_se": se,
                     "n_sessions": z.size})  # fmt: skip
    return pd.DataFrame(rows)


def summary_figures(comparison, bonus, periods):
    """The report's summary keys from :func:`compare_systems`, :func:`partnership_bonus` and
    :func:`lpr_periods`.

    Returns
    -------
    dict
        ``systems`` (name -> ``rmse``, ``rmse_ci`` [low, high], ``coverage_90``, None
        for a system without a predictive distribution, and ``rmse_board``,
        ``rmse_board_ci`` where the comparison has them; and each of
        ``calibration_slope``, ``calibration_intercept``, ``concordance``,
        ``explained_share``, ``log_score``, ``rmse_vs_ppi``, ``rmse_vs_elo``,
        ``rmse_vs_player_mean`` with its ``_ci`` where the comparison has it, the slope and
        concordance None for ``flat``), ``best_system`` (lowest RMSE,
        the simulation's truth left out), ``noise_floor_rmse`` (+ ``_ci``) and
        ``bootstrap_unit`` where the comparison has them, ``pickup_bonus_pct`` and
        ``pickup_bonus_pct_ci``
        (the established partnerships' bonus over new ones), ``lpr_test1_rate`` and
        ``lpr_test2_rate`` (shares of the player-periods where each test intervenes) and
        ``n_lpr_periods``.

    Examples
    --------
    >>> c = pd.DataFrame({"system": ["ppi", "elo"], "metric": "rmse", "value": [8.0, 7.5],
    ...                   "ci_low": [7.9, 7.4], "ci_high": [8.1, 7.6]})
    >>> b = pd.DataFrame({"partnership": ["bonus"], "residual": [0.1], "ci_low": [-0.1],
    ...                   "ci_high": [0.3]})
    >>> p = pd.DataFrame({"outcome": ["passed", "test1", "test2", "passed"]})
    >>> s = summary_figures(c, b, p)
    >>> s["best_system"], s["systems"]["elo"]["rmse_ci"], s["lpr_test1_rate"]
    ('elo', [7.4, 7.6], 0.25)
    >>> s["systems"]["elo"]["calibration_slope"] is None  # not in this comparison
    True
    """
    check_frame(comparison, "comparison", ("system", "metric", "value", "ci_low", "ci_high"))
    check_frame(bonus, "bonus", ("partnership", "residual", "ci_low", "ci_high"))
    check_frame(periods, "periods", ("outcome",))
    t = comparison.set_index(["system", "metric"])
    systems = {}
    for system in pd.unique(comparison["system"]):
        if system == "noise_floor":
            continue
        row = t.loc[(system, "rmse")]
        cover = t["value"].get((system, "coverage_90"))
        systems[system] = {
            "rmse": float(row["value"]),
            "rmse_ci": [float(row["ci_low"]), float(row["ci_high"])],
            "coverage_90": None if cover is None else float(cover),
        }
        for metric in _SUMMARY_METRICS:
            if (system, metric) in t.index:
                m = t.loc[(system, metric)]
                systems[system][metric] = float(m["value"])
                systems[system][f"{metric}_ci"] = [float(m["ci_low"]), float(m["ci_high"])]
            elif metric in ("calibration_slope", "concordance"):
                systems[system][metric] = None  # flat: no forecast to regress on or to rank
                systems[system][f"{metric}_ci"] = None
    rated = {k: v["rmse"] for k, v in systems.items() if k != "truth"}
    b = bonus.set_index("partnership").loc["bonus"]
    outcome = periods["outcome"]
    out = {
        "systems": systems,
        "best_system": min(rated, key=rated.get),
        "pickup_bonus_pct": float(b["residual"]),
        "pickup_bonus_pct_ci": [float(b["ci_low"]), float(b["ci_high"])],
        "lpr_test1_rate": float(np.mean(outcome == "test1")),
        "lpr_test2_rate": float(np.mean(outcome == "test2")),
        "n_lpr_periods": len(periods),
    }
    if ("noise_floor", "rmse") in t.index:
        noise = t.loc[("noise_floor", "rmse")]
        out["noise_floor_rmse"] = float(noise["value"])
        out["noise_floor_rmse_ci"] = [float(noise["ci_low"]), float(noise["ci_high"])]
    if "bootstrap_unit" in comparison:
        out["bootstrap_unit"] = str(comparison["bootstrap_unit"].iloc[0])
    return out


#: The metrics :func:`summary_figures` carries per system (each with its ``_ci``).
_SUMMARY_METRICS = ("rmse_board", "calibration_slope", "calibration_intercept", "concordance",
                    "explained_share", "log_score", "rmse_vs_ppi", "rmse_vs_elo",
                    "rmse_vs_player_mean")  # fmt: skip


def ppi_bands(sessions, *, burn_in=300, min_boards=300):
    """The band each real player's PPI varies in: the page's "3 to 5%" claim.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    burn_in : int
        Boards a player's PPI needs before it counts (300: the PPI's m reaches its
        regular values, 300 to 600, once k exceeds 300).
    min_boards : int
        Boards after the burn-in a player needs to be measured.

    Returns
    -------
    pandas.DataFrame
        One row per player measured: ``player``, ``n_sessions`` and ``n_boards`` counted
        after the burn-in, ``band`` (the width of the central 95 % of the player's PPIs
        after each of those sessions, in %), ``sd`` (their standard deviation) and
        ``mean``.

    Notes
    -----
    The page: "It is expected that for most players, your PPI will tend to vary within a
    band of around 3 to 5% in the long term" [1]_. The PPI is :func:`rate_log`'s exactly
    as the page defines it, each session given as its boards at the session's mean %.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=24, n_months=6, rng=2)
    >>> bands = ppi_bands(sim, burn_in=100, min_boards=100)
    >>> bool((bands["band"] > 0).all())
    True
    """
    frame = _session_frame(sessions)
    burn_in = check_int(burn_in, "burn_in", minimum=0)
    min_boards = check_int(min_boards, "min_boards", minimum=1)
    boards = _board_rows(frame)
    run = rate_log(boards).boards
    last = np.cumsum(frame["n_boards"].to_numpy()) - 1  # each session's last board
    rows = np.concatenate([4 * last + s for s in range(4)])
    end = run.iloc[np.sort(rows)]
    end = end.assign(n=np.tile(frame["n_boards"].to_numpy(), 4)[np.argsort(rows)])
    end = end[end["k"] + 1 >= burn_in]
    g = end.groupby("player")
    out = g.agg(
        n_sessions=("ppi_after", "size"),
        n_boards=("n", "sum"),
        band=("ppi_after", lambda x: float(np.quantile(x, 0.975) - np.quantile(x, 0.025))),
        sd=("ppi_after", "std"),
        mean=("ppi_after", "mean"),
    ).reset_index()
    return out[out["n_boards"] >= min_boards].reset_index(drop=True)


#: Elo points per PPI point near 50 % (scale 400): 16/ln 10, as in
#: :func:`~bridgestats.ratings.elo.elo_forecast`.
_ELO_PER_PPI = 16.0 / math.log(10.0)


def settling(sessions, *, model=None, elo_k_factor=2.0, tolerance=1.0, min_boards=600):
    """How many boards a newcomer needs before each system's rating settles.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`); every player is a newcomer
        at their first session.
    model : GaussianModel or None
        The Gaussian model (``None``: :func:`fit_gaussian_model` on the whole log).
    elo_k_factor : float
        Elo's K per board.
    tolerance : float
        Settled means within this many % (on the PPI scale) of the player's rating at the
        end of the log, from then on.
    min_boards : int
        Players with fewer boards in the log are left out (their "later value" would be
        too close to their start).

    Returns
    -------
    pandas.DataFrame
        One row per system (``ppi``, ``elo``, ``gaussian``): ``system``, ``n_players``,
        ``median_boards``, ``q25_boards``, ``q75_boards`` (boards played when the rating
        settled, over the players) and ``median_total`` (their boards in the log).

    Notes
    -----
    A rating's value after each of the player's sessions is compared with its value after
    the player's last session; the rating has settled after the first session from which
    every later value stays within ``tolerance``. Ratings are put on the PPI's scale, the
    percentage a player adds to their pair's expectation times two: the PPI itself, the
    Gaussian model's skill θ + 50, and Elo's (rating − 1500)/6.95 + 50 (16/ln 10 = 6.95
    Elo points per PPI point near 50 %). Glicko-2 is left out: its forecast function does
    not return the ratings held between periods. A player's last value settles by
    definition, so the figure is bounded by the player's boards in the log: compare it
    with ``median_total``.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=24, n_months=4, rng=2)
    >>> settling(sim, model=GaussianModel(), min_boards=200)["system"].tolist()
    ['ppi', 'elo', 'gaussian']
    """
    frame = _session_frame(sessions)
    tolerance = check_number(tolerance, "tolerance", low=0, low_open=True)
    min_boards = check_int(min_boards, "min_boards", minimum=1)
    if model is None:
        model = fit_gaussian_model(frame)
    elif not isinstance(model, GaussianModel):
        raise fail("model", "a GaussianModel or None", type(model).__name__)
    n_boards = frame["n_boards"].to_numpy()
    last = np.cumsum(n_boards) - 1  # each session's last board
    boards = _board_rows(frame)
    ppi = rate_log(boards).boards["ppi_after"].to_numpy().reshape(-1, 4)[last]
    ids, seats, before, delta, _ = _elo_trajectory(boards, elo_k_factor)
    elo = 50.0 + ((before + delta) - 1500.0)[last] / _ELO_PER_PPI
    _, _, post = _gaussian_run(frame, model)
    players = ids[seats[last].ravel()]
    rows = []
    for system, values in (("ppi", ppi), ("elo", elo), ("gaussian", 50.0 + post)):
        long = pd.DataFrame({"player": players, "value": values.ravel(),
                             "n": np.repeat(n_boards, 4)})  # fmt: skip
        g = long.groupby("player", sort=False)
        long["boards"] = g["n"].cumsum()
        final = g["value"].transform("last")
        off = (long["value"] - final).abs()
        worst_after = off.iloc[::-1].groupby(long["player"].iloc[::-1]).cummax().iloc[::-1]
        long["settled"] = worst_after <= tolerance
        total = g["n"].transform("sum")
        kept = long[total >= min_boards]
        first = kept[kept["settled"]].groupby("player", sort=False)["boards"].first()
        totals = kept.groupby("player", sort=False)["n"].sum()
        rows.append({"system": system, "n_players": int(first.size),
                     "median_boards": float(first.median()),
                     "q25_boards": float(first.quantile(0.25)),
                     "q75_boards": float(first.quantile(0.75)),
                     "median_total": float(totals.median())})  # fmt: skip
    return pd.DataFrame(rows)


def ppi_verdict(figures, *, level=0.9):
    """The verdict on the PPI in one sentence, from :func:`summary_figures`.

    Parameters
    ----------
    figures : dict
        :func:`summary_figures`'s output (its ``systems.ppi`` with ``rmse_vs_elo`` and
        ``rmse_vs_player_mean`` and their ``_ci``).
    level : float
        The intervals' coverage, for the sentence.

    Returns
    -------
    str

    Examples
    --------
    >>> f = {"systems": {"ppi": {"rmse_vs_elo": 0.2, "rmse_vs_elo_ci": [0.1, 0.3],
    ...      "rmse_vs_player_mean": 0.1, "rmse_vs_player_mean_ci": [-0.1, 0.3]}},
    ...      "bootstrap_unit": "event"}
    >>> ppi_verdict(f).split(" (")[0]
    'The PPI predicts worse than Elo by +0.200 % RMSE per session'
    >>> "and ties a player's own running mean (+0.100 %" in ppi_verdict(f)
    True
    """
    if not isinstance(figures, dict) or "ppi" not in figures.get("systems", {}):
        raise fail("figures", "summary_figures' output with a 'ppi' system", type(figures).__name__)
    ppi = figures["systems"]["ppi"]
    parts = []
    for ref, name in (("elo", "Elo"), ("player_mean", "a player's own running mean")):
        d, (lo, hi) = ppi[f"rmse_vs_{ref}"], ppi[f"rmse_vs_{ref}_ci"]
        verdict = "predicts worse than" if lo > 0 else ("beats" if hi < 0 else "ties")
        parts.append((verdict, name, d, lo, hi))
    pct = round(100 * level)
    unit = figures.get("bootstrap_unit", "session")
    (v1, n1, d1, l1, h1), (v2, n2, d2, l2, h2) = parts
    first = f"The PPI {v1} {n1} by {d1:+.3f} % RMSE per session ({pct} %: {l1:+.3f} to {h1:+.3f})"
    if v1 == "ties":
        first = f"The PPI ties {n1} ({d1:+.3f} % RMSE per session, {pct} %: {l1:+.3f} to {h1:+.3f})"
    return (
        f"{first} and {v2} {n2} ({d2:+.3f} %, {l2:+.3f} to {h2:+.3f}; intervals resample {unit}s)."
    )


def lpr_rates(sessions, *, k_factors=(1.0, 2.0, 4.0, 8.0)):
    """How often each of the LPR's limiting tests intervenes, for several Elo K.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`lpr_periods`).
    k_factors : sequence of float
        Elo's K per board, each > 0.

    Returns
    -------
    pandas.DataFrame
        One row per K: ``k_factor``, ``n_periods`` (player-events), ``test1_rate`` and
        ``test2_rate`` (shares of the player-events where each test intervenes).

    Notes
    -----
    The rates depend on K: Rtt, the sum of an event's board-by-board changes, grows with K
    while the LPR does not, so the tests (which bound Rl + Rtt by the LPR) intervene more
    often for a larger K. On the shipped log: test 1 in 0.03 %, 0.52 %, 4.6 % and 19.1 %
    of 6,704 player-events for K = 1, 2, 4, 8; test 2 in 0, 0.64 %, 3.0 % and 7.2 %.

    Examples
    --------
    >>> sim = simulated_sessions(n_players=24, n_months=2, rng=4)
    >>> lpr_rates(sim.assign(event=sim["date"]), k_factors=[2, 8])["k_factor"].tolist()
    [2.0, 8.0]
    """
    if isinstance(k_factors, (str, bytes)) or not hasattr(k_factors, "__iter__"):
        raise fail("k_factors", "a sequence of numbers > 0", k_factors)
    ks = [check_number(k, "k_factors", low=0, low_open=True) for k in k_factors]
    if not ks:
        raise fail("k_factors", "at least one K", "an empty sequence")
    rows = []
    for k in ks:
        outcome = lpr_periods(sessions, k_factor=k)["outcome"]
        rows.append({"k_factor": float(k), "n_periods": int(outcome.size),
                     "test1_rate": float(np.mean(outcome == "test1")),
                     "test2_rate": float(np.mean(outcome == "test2"))})  # fmt: skip
    return pd.DataFrame(rows)
