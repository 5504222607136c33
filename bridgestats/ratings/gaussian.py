"""A partnership-aware Gaussian rating model of session percentages, filtered through time.

:func:`gaussian_forecast` predicts each session of a session log (see
:mod:`bridgestats.ratings.systems`) from the sessions before it with a diagonal Kalman
filter; :func:`fit_gaussian_model` finds the five sds of :class:`GaussianModel` by maximum
likelihood, :func:`profile_likelihood` gives each sd's profile likelihood and interval,
:func:`multi_partner_sessions` picks the sessions in which a partnership's own term can be
told from its players' skills, and :func:`simulate_gaussian_sessions` draws a log from the
model itself. The filter's likelihood is that of the forecaster, whose sds it tunes; the
model's own sds, unbiased, are estimated by its exact likelihood
(:mod:`bridgestats.ratings.gaussian_mixed`).

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the pair expectation
   (a + b − c − d)/2 + 50.
.. [2] M. E. Glickman, "Parameter estimation in large dynamic paired comparison
   experiments", *Applied Statistics* 48(3), 1999: skills as random walks, a diagonal
   approximate filter.
.. [3] R. E. Kalman, "A new approach to linear filtering and prediction problems",
   *Journal of Basic Engineering* 82(1), 1960.
.. [4] Y. Pawitan, *In All Likelihood*, Oxford, 2001, ch. 2.9 and 3.4: the profile
   likelihood and its interval {θ : 2(ℓ̂ − ℓ_p(θ)) ≤ χ²₁(level)}.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

import numpy as np
import pandas as pd
from scipy import optimize

from .._jit import njit
from .._validate import check_int, check_number, check_rng, fail
from ._profile import profile_intervals
from .sessionlog import (
    SEATS,
    before_mask,
    check_session_log,
    pair_index,
    player_index,
    years,
)

__all__ = [
    "SD_NAMES",
    "GaussianModel",
    "fit_gaussian_model",
    "fit_variances",
    "gaussian_forecast",
    "gaussian_log_likelihood",
    "multi_partner_sessions",
    "profile_likelihood",
    "simulate_gaussian_sessions",
]


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

    def __post_init__(self):
        for f in fields(self):
            check_number(getattr(self, f.name), f.name, low=0, high=100)
        if self.board_sd <= 0 and self.session_sd <= 0:
            raise fail("board_sd", "> 0 when session_sd is 0 (a session needs some noise)", 0)


#: The five sds of :class:`GaussianModel`, in its order.
SD_NAMES = tuple(f.name for f in fields(GaussianModel))


def gaussian_forecast(sessions, *, model=GaussianModel()):
    """Predict each session from a partnership-aware Gaussian model filtered through time.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (columns ``date``, ``round``, ``north``, ``south``,
        ``east``, ``west``, ``n_boards``, ``pct_ns``; ``event`` if present), as
        :func:`bridgestats.derive.rating_sessions` makes it.
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
    drift_sd² per year [2]_. Each session is a linear-Gaussian observation of its six
    terms, so its predictive distribution is N(m, S) with m = 50 + c·μ and S = Σ c_j² v_j + R
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
    model = _check_model(model)
    frame = check_session_log(sessions)
    mean, var, _ = _run(_inputs(frame), model)
    return pd.DataFrame({"mean": mean, "sd": np.sqrt(var)})


def gaussian_skills(sessions, *, model=GaussianModel()) -> np.ndarray:
    """Each seat's posterior skill θ after each session: an (n_sessions, 4) array (N, S, E, W).

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"], "round": [1], "north": "a", "south": "b",
    ...     "east": "c", "west": "d", "n_boards": 16, "pct_ns": [60.0]})
    >>> gaussian_skills(s).round(2).tolist()
    [[0.98, 0.98, -0.98, -0.98]]
    """
    model = _check_model(model)
    frame = check_session_log(sessions)
    return _run(_inputs(frame), model)[2]


def gaussian_log_likelihood(sessions, *, model=GaussianModel(), until=None, counted=None):
    """The filter's one-step-ahead log-likelihood Σ log N(y_s; m_s, S_s) of a log.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    model : GaussianModel
    until : str or None
        Only sessions dated before ``until`` count (the filter runs over all of them).
    counted : array_like of bool or None
        Further, only the sessions marked count (e.g. :func:`multi_partner_sessions`).

    Returns
    -------
    float

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"], "round": [1], "north": "a", "south": "b",
    ...     "east": "c", "west": "d", "n_boards": 16, "pct_ns": [50.0]})
    >>> round(gaussian_log_likelihood(s), 4) == round(-0.5 * math.log(2 * math.pi * 82), 4)
    True
    """
    model = _check_model(model)
    frame = check_session_log(sessions)
    mask = _mask(frame, until, counted)
    mean, var, _ = _run(_inputs(frame), model)
    y = frame["pct_ns"].to_numpy(float)[mask]
    return -_nll(mean[mask], var[mask], y)


def fit_gaussian_model(sessions, *, until=None, counted=None, held=None, start=None):
    """The :class:`GaussianModel` that maximises the predictive log-likelihood of a log.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    until : str or None
        Only sessions dated before ``until`` count in the likelihood (the filter still runs
        over them in order); ``None`` counts them all. Fit on an early part and score on
        the rest to keep the comparison out of sample in the parameters too.
    counted : array_like of bool or None
        Further, only the sessions marked ``True`` count (one per session).
    held : dict of str -> float or None
        sds held at the given values (names of :data:`SD_NAMES`); the others are fitted.
    start : GaussianModel or None
        Where the search starts (default :class:`GaussianModel`'s defaults).

    Returns
    -------
    GaussianModel
        ``attrs``-like extras are not kept; :func:`gaussian_log_likelihood` gives the
        maximum.

    Notes
    -----
    The one-step-ahead log-likelihood of the filter is maximised over the five variances
    (not the sds: at sd = 0 the likelihood's slope in the sd is always 0, in the variance
    it is not) by L-BFGS-B (scipy) with bounds at 0, each variance scaled by its start's
    square. A variance the data do not want reaches 0 exactly; one they do want is free to
    move away from it.

    Examples
    --------
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=6, n_rounds=60, rng=1)
    >>> model = fit_gaussian_model(sim)
    >>> 20 < model.board_sd < 40
    True
    """
    frame = check_session_log(sessions)
    mask = _mask(frame, until, counted)
    start = GaussianModel() if start is None else _check_model(start, "start")
    held = {} if held is None else dict(held)
    for name, value in held.items():
        if name not in SD_NAMES:
            raise fail("held", f"names among {SD_NAMES}", name)
        check_number(value, f"held[{name!r}]", low=0, high=100)
    return _fit(_inputs(frame), frame["pct_ns"].to_numpy(float), mask, start, held)[0]


def profile_likelihood(
    sessions, *, model=None, until=None, counted=None, sds=SD_NAMES, level=0.9, n_grid=9
):
    """Each sd's profile likelihood, and the interval it gives, around the maximum.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    model : GaussianModel or None
        The maximum (from :func:`fit_gaussian_model` with the same ``until`` and
        ``counted``); ``None`` fits it.
    until, counted
        As in :func:`fit_gaussian_model`.
    sds : sequence of str
        The sds profiled (names of :data:`SD_NAMES`).
    level : float
        Coverage of the intervals, in (0, 1).
    n_grid : int
        Values of each sd the curve is drawn at (besides those the interval's search adds).

    Returns
    -------
    intervals : pandas.DataFrame
        One row per sd: ``parameter``, ``estimate``, ``ci_low``, ``ci_high`` (the profile
        interval), ``at_bound`` (the estimate is 0, the bound) and ``n_sessions`` (those
        counted).
    curve : pandas.DataFrame
        ``parameter``, ``value`` (the sd held fixed), ``deviance`` (2(ℓ̂ − ℓ_p(value)),
        every other sd at its best for that value).

    Notes
    -----
    The profile likelihood of one sd is the likelihood maximised over the other four with
    that sd held; its interval is {sd : 2(ℓ̂ − ℓ_p(sd)) ≤ χ²₁(level)} [4]_ (2.706 at 90 %).
    At an estimate on the bound 0 the interval starts at 0 (the χ²₁ quantile then makes
    it conservative: the statistic is a 50:50 mixture of 0 and χ²₁ there). Each end is
    found by Brent's method on the deviance between the grid's points, to 10⁻³ of the sd.
    The likelihood is the diagonal filter's, an approximation (see
    :func:`gaussian_forecast`) that biases the skill, drift and partnership sds (on logs
    drawn from the model: tests/ratings/test_ratings_gaussian.py); the model's sds and
    their intervals come from its exact likelihood,
    :func:`bridgestats.ratings.gaussian_mixed.mixed_profile_likelihood`.

    Examples
    --------
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=6, n_rounds=60, rng=1)
    >>> ci, curve = profile_likelihood(sim, sds=["board_sd"], n_grid=3)
    >>> row = ci.iloc[0]
    >>> bool(row["ci_low"] < row["estimate"] < row["ci_high"])
    True
    """
    frame = check_session_log(sessions)
    mask = _mask(frame, until, counted)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    n_grid = check_int(n_grid, "n_grid", minimum=2)
    sds = list(sds)
    for name in sds:
        if name not in SD_NAMES:
            raise fail("sds", f"names among {SD_NAMES}", name)
    inputs = _inputs(frame)
    y = frame["pct_ns"].to_numpy(float)
    if model is None:
        model, best = _fit(inputs, y, mask, GaussianModel(), {})
    else:
        model = _check_model(model)
        mean, var, _ = _run(inputs, model)
        best = _nll(mean[mask], var[mask], y[mask])

    def refit(held, start):
        return _fit(inputs, y, mask, start, held)

    return profile_intervals(
        refit, model, best, sds=sds, level=level, n_grid=n_grid, n_sessions=int(mask.sum())
    )


def multi_partner_sessions(sessions, *, until=None, min_partners=2):
    """The sessions with a side whose two players each had at least ``min_partners`` partners.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (as for :func:`gaussian_forecast`).
    until : str or None
        Partners are counted over the sessions dated before ``until`` (all when ``None``).
    min_partners : int
        At least 2: a player who only ever played with one partner has a skill and a
        partnership term that only their sum of ever shows.

    Returns
    -------
    numpy.ndarray of bool
        One per session.

    Notes
    -----
    With one partner, θ_a/2 + θ_b/2 + π_ab is all the data say of a pair (θ and π enter
    every one of its sessions together), so the partnership sd is not identified by such
    pairs; a pair whose two players are also seen with others tells its own term from
    their skills. Counting only the sessions with such a side in the likelihood estimates
    the partnership sd where it is identified.

    Examples
    --------
    >>> s = pd.DataFrame({"date": "2005-09-01", "round": [1, 2], "north": ["a", "a"],
    ...     "south": ["b", "c"], "east": ["c", "x"], "west": ["d", "y"], "n_boards": 16,
    ...     "pct_ns": 50.0})
    >>> multi_partner_sessions(s).tolist()  # a played with b and c, c with d and a
    [False, True]
    """
    frame = check_session_log(sessions)
    min_partners = check_int(min_partners, "min_partners", minimum=2)
    window = frame[before_mask(frame, until)]
    sides = pd.concat(
        [
            window[["north", "south"]].set_axis(["player", "partner"], axis=1),
            window[["south", "north"]].set_axis(["player", "partner"], axis=1),
            window[["east", "west"]].set_axis(["player", "partner"], axis=1),
            window[["west", "east"]].set_axis(["player", "partner"], axis=1),
        ]
    )
    partners = sides.groupby("player")["partner"].nunique()
    enough = np.column_stack(
        [frame[s].map(partners).fillna(0).to_numpy() >= min_partners for s in SEATS]
    )
    return (enough[:, 0] & enough[:, 1]) | (enough[:, 2] & enough[:, 3])


def simulate_gaussian_sessions(
    model,
    *,
    n_circles=20,
    circle_size=4,
    n_rounds=300,
    n_boards=16,
    rounds_per_year=50.0,
    rounds_per_date=1,
    rng=None,
):
    """A session log drawn from the model of :func:`gaussian_forecast` itself.

    Parameters
    ----------
    model : GaussianModel
        The sds the log is drawn with.
    n_circles : int
        Circles of players (at least 2) who partner each other: a player's partners are the
        others of their circle.
    circle_size : int
        Players per circle, even, at least 2: each has ``circle_size − 1`` partnerships (2:
        fixed partnerships, whose players' skills and partnership terms only the data's
        sums show).
    n_rounds : int
        Rounds; in each, every circle splits into pairs at random and the pairs of all the
        circles meet at random tables.
    n_boards : int or sequence of int
        Boards per session, or the numbers each session draws its boards from at random
        (varied boards tell the board sd from the session sd).
    rounds_per_year : float
        Rounds per year of the log (the drift's clock).
    rounds_per_date : int
        Consecutive rounds played on one date (an event's rounds, as the real log dates
        them): no drift between them.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    pandas.DataFrame
        A session log (``event`` ``"gaussian-sim"``, ``date``, ``round``, the seats,
        ``n_boards``, ``pct_ns``, ``truth``: the session's expectation).

    Notes
    -----
    Skills start N(0, skill_sd²) and partnership terms N(0, partnership_sd²); both take a
    random-walk step N(0, drift_sd²·Δt) between dates, Δt the dates' gap in days / 365.25
    (every player and pair, played or not: the filter's step over a gap is the sum of
    these); the rounds of one date share their values; a session's outcome is its
    expectation plus N(0, board_sd²/n_boards + session_sd²), clipped to 0-100 (a session
    log's range; at the default sds and 16 boards an outcome lies 5 sds inside it).

    Examples
    --------
    >>> s = simulate_gaussian_sessions(GaussianModel(), n_circles=2, n_rounds=3, rng=1)
    >>> len(s), s["north"].nunique() <= 8
    (6, True)
    """
    model = _check_model(model)
    n_circles = check_int(n_circles, "n_circles", minimum=2)
    circle_size = check_int(circle_size, "circle_size", minimum=2)
    if circle_size % 2:
        raise fail("circle_size", "an even number of players", circle_size)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1)
    choices = np.atleast_1d(np.asarray(n_boards))
    if choices.ndim != 1 or choices.size == 0 or not np.issubdtype(choices.dtype, np.integer):
        raise fail("n_boards", "a whole number of boards or a sequence of them", n_boards)
    choices = np.array([check_int(int(v), "n_boards", minimum=1) for v in choices])
    rounds_per_year = check_number(rounds_per_year, "rounds_per_year", low=0, low_open=True)
    rounds_per_date = check_int(rounds_per_date, "rounds_per_date", minimum=1)
    gen = check_rng(rng)
    n_players = circle_size * n_circles
    n_sides = n_players // 2
    if n_sides % 2:
        raise fail(
            "n_circles",
            "circles whose pairs fill whole tables (an even number of pairs)",
            n_circles,
        )
    pair_code = np.full((n_players, n_players), -1)
    for g in range(n_circles):
        members = range(circle_size * g, circle_size * (g + 1))
        for a in members:
            for b in members:
                if a < b:
                    pair_code[a, b] = pair_code[b, a] = pair_code.max() + 1
    n_pairs = int(pair_code.max()) + 1
    theta = model.skill_sd * gen.standard_normal(n_players)
    pi = model.partnership_sd * gen.standard_normal(n_pairs)
    offset = (circle_size * np.arange(n_circles))[:, None]
    start = pd.Timestamp("2001-01-01")
    tables = []
    days = 0
    for r in range(n_rounds):
        date = r // rounds_per_date
        if r and date != (r - 1) // rounds_per_date:
            before, days = days, round(365.25 * date * rounds_per_date / rounds_per_year)
            step = model.drift_sd * math.sqrt((days - before) / 365.25)
            theta = theta + step * gen.standard_normal(n_players)
            pi = pi + step * gen.standard_normal(n_pairs)
        order = gen.permuted(np.tile(np.arange(circle_size), (n_circles, 1)), axis=1) + offset
        pairs = order.reshape(-1, 2)[gen.permutation(n_sides)].reshape(-1, 4)
        ns, ew = pair_code[pairs[:, 0], pairs[:, 1]], pair_code[pairs[:, 2], pairs[:, 3]]
        truth = 50.0 + (theta[pairs] @ np.array([0.5, 0.5, -0.5, -0.5])) + pi[ns] - pi[ew]
        tables.append(
            pd.DataFrame(
                {
                    "date": start + pd.Timedelta(days=days),
                    "round": r + 1,
                    **{s: pairs[:, j] for j, s in enumerate(SEATS)},
                    "truth": truth,
                }
            )
        )
    out = pd.concat(tables, ignore_index=True)
    out["date"] = out["date"].dt.strftime("%Y-%m-%d")
    for s in SEATS:
        out[s] = "g" + out[s].astype(str)
    boards = choices[gen.integers(0, choices.size, size=len(out))]
    noise_sd = np.sqrt(model.board_sd**2 / boards + model.session_sd**2)
    out["n_boards"] = boards
    out["pct_ns"] = (out["truth"] + noise_sd * gen.standard_normal(len(out))).clip(0.0, 100.0)
    out.insert(0, "event", "gaussian-sim")
    return out[["event", "date", "round", *SEATS, "n_boards", "pct_ns", "truth"]]


# --- the machinery --------------------------------------------------------------------


def _check_model(model, name="model"):
    if not isinstance(model, GaussianModel):
        raise fail(name, "a GaussianModel", type(model).__name__)
    return model


def _mask(frame, until, counted):
    mask = before_mask(frame, until)
    if counted is not None:
        counted = np.asarray(counted)
        if counted.dtype != bool or counted.shape != (len(frame),):
            raise fail("counted", f"{len(frame)} booleans, one per session", counted.shape)
        mask = mask & counted
        if not mask.any():
            raise fail("counted", "at least one session counted (before until)", 0)
    return mask


def _inputs(frame):
    """The filter's arrays: seat and partnership indices, outcomes, boards, years."""
    ids, seats = player_index(frame)
    pairs, n_pairs = pair_index(frame)
    y = frame["pct_ns"].to_numpy(float)
    return seats, pairs, y, frame["n_boards"].to_numpy(float), years(frame), ids.size, n_pairs


def _run(inputs, model):
    return _kernel(
        *inputs,
        model.skill_sd**2,
        model.partnership_sd**2,
        model.drift_sd**2,
        model.board_sd**2,
        model.session_sd**2,
    )


def _nll(mean, var, y):
    return 0.5 * float(np.sum(np.log(2 * math.pi * var) + (y - mean) ** 2 / var))


def _fit(inputs, y, mask, start, fixed):
    """Maximum likelihood over the free variances; returns (model, negative log-lik)."""
    yy = y[mask]

    def nll(model):
        mean, var, _ = _run(inputs, model)
        return _nll(mean[mask], var[mask], yy)

    return fit_variances(nll, start, fixed)


def fit_variances(nll, start, fixed):
    """Maximum likelihood over the variances of :data:`SD_NAMES` not held in ``fixed``.

    The one optimiser of the Gaussian models (:mod:`.gaussian` and :mod:`.gaussian_mixed`):
    L-BFGS-B over the free variances, each in units of its default's square (at least 1),
    started at ``start``'s (at least 5 % of that unit's sd) and bounded to [0, 10⁴] units;
    the board sd stays above 10⁻³ so that the noise stays positive.

    Parameters
    ----------
    nll : callable
        The negative log-likelihood of a :class:`GaussianModel`.
    start : GaussianModel
        Where the search starts.
    fixed : dict
        The sds held, by name.

    Returns
    -------
    (GaussianModel, float)
        The fitted model and its negative log-likelihood.

    Examples
    --------
    >>> best, value = fit_variances(lambda m: (m.skill_sd - 3.0) ** 2, GaussianModel(),
    ...                             {n: 1.0 for n in SD_NAMES if n != "skill_sd"})
    >>> round(best.skill_sd, 3), round(value, 6)
    (3.0, 0.0)
    """
    free = [n for n in SD_NAMES if n not in fixed]
    scale = np.array([max(getattr(GaussianModel(), n), 1.0) ** 2 for n in free])

    def model_of(x):
        values = dict(fixed)
        values.update({n: math.sqrt(max(v, 0.0)) for n, v in zip(free, x * scale, strict=True)})
        values["board_sd"] = max(values["board_sd"], 1e-3)  # the noise stays positive
        return GaussianModel(**values)

    if not free:
        model = model_of(np.array([]))
        return model, nll(model)
    x0 = [
        max(getattr(start, n), 0.05 * math.sqrt(s)) ** 2 for n, s in zip(free, scale, strict=True)
    ]
    best = optimize.minimize(
        lambda x: nll(model_of(x)),
        np.array(x0) / scale,
        method="L-BFGS-B",
        bounds=[(0.0, 1e4 / s) for s in scale],
        options={"ftol": 1e-10, "gtol": 1e-5, "maxiter": 500},
    )
    return model_of(best.x), float(best.fun)


@njit(cache=True)
def _kernel(seats, pairs, y, n_boards, years, n_players, n_pairs, v0, w0, q, b2, s2):
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
