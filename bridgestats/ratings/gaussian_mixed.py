"""The Gaussian rating model by its exact likelihood, drift included: a linear mixed model.

The model of :func:`bridgestats.ratings.gaussian.gaussian_forecast` makes every session a
linear function of its players' skills and its partnerships' terms at the session's date
plus noise, and every skill and term a random walk through the dates. So a log is one
multivariate normal, y ~ N(50, V): a linear mixed model with crossed random effects that
drift. :func:`mixed_log_likelihood` computes its log-density exactly (the full covariance
that the diagonal filter of :func:`~bridgestats.ratings.gaussian.gaussian_forecast` drops),
:func:`fit_mixed_model` maximises it and :func:`mixed_profile_likelihood` gives each sd's
profile likelihood and interval. The forecaster stays the diagonal filter (one pass in
time order, fast); this module is the estimator of the model's sds.

References
----------
.. [1] C. R. Henderson, "Best linear unbiased estimation and prediction under a selection
   model", *Biometrics* 31(2), 1975: the mixed-model equations.
.. [2] D. A. Harville, "Maximum likelihood approaches to variance component estimation
   and to related problems", *JASA* 72(358), 1977.
.. [3] H. Rue and L. Held, *Gaussian Markov Random Fields*, Chapman & Hall, 2005,
   ch. 2-3: a random walk's tridiagonal precision; factorising Q + AᵀR⁻¹A.
.. [4] R. E. Kalman, "A new approach to linear filtering and prediction problems",
   *Journal of Basic Engineering* 82(1), 1960: the filter's prediction error
   decomposition of the likelihood.
.. [5] Y. Pawitan, *In All Likelihood*, Oxford, 2001, ch. 2.9 and 3.4: the profile
   likelihood and its interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import linalg, sparse
from scipy.sparse.linalg import splu

from .._validate import check_number, fail
from ._profile import profile_intervals
from .gaussian import SD_NAMES, GaussianModel, fit_variances
from .sessionlog import before_mask, check_session_log, pair_index, player_index, years

__all__ = ["fit_mixed_model", "mixed_log_likelihood", "mixed_profile_likelihood"]

_DENSE_UP_TO = 1500  # latent columns: a dense Cholesky factor is the faster below this
_FILTER_FLOPS = 3e8  # the date-blocked filter is used when its cost is below this


def mixed_log_likelihood(sessions, *, model=None, until=None):
    """The exact log-likelihood of a session log under the Gaussian model, drift included.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log (:mod:`bridgestats.ratings.sessionlog`).
    model : GaussianModel or None
        The five sds (``None``: :class:`GaussianModel`'s defaults).
    until : str or None
        Only the sessions dated before ``until`` (all when ``None``): the likelihood of the
        early part of the log, the later sessions unseen.

    Returns
    -------
    float

    Notes
    -----
    A player's skill at the dates they play, t₀ < t₁ < ... (years), is θ(t₀) ~ N(0,
    skill_sd²) and θ(t_k) = θ(t₀) + drift_sd·w(t_k), w a standard Brownian motion from
    w(t₀) = 0 (increments N(0, t_k − t_{k−1})); a partnership's term likewise with
    partnership_sd; a session is y = 50 + Σ c_j θ_j + e, c = ±½ for its four players and
    ±1 for its two partnerships at its date, e ~ N(0, R), R = board_sd²/n_boards +
    session_sd². The rounds of one date share their values (no drift between them).

    Two exact computations of the same density, whichever is the cheaper for the log:

    - the mixed-model equations [1]_ [2]_: with the latent vector z (the first values,
      standardised, and the walks w, whose precision P is tridiagonal and free of the
      parameters [3]_), y − 50 = B z + e with B the design times each column's sd, so
      V = R + B P⁻¹ Bᵀ and, with C = P + BᵀR⁻¹B, log|V| = log|R| − log|P| + log|C| and
      (y − 50)ᵀV⁻¹(y − 50) = rᵀR⁻¹r − bᵀC⁻¹b, b = BᵀR⁻¹r (Woodbury): one sparse
      factorisation of C. The sds scale B, never P, so C stays well conditioned as an sd
      goes to 0, and an sd of 0 removes its columns;
    - the Kalman filter [4]_ with the full covariance of every skill and term in play,
      all the sessions of one date conditioned on at once: log p(y) = Σ_dates log
      N(y_k; A_k m_k, A_k P_k A_kᵀ + R_k), a term entering the state at its first date
      and leaving it after its last; cheap for logs of many dates with few sessions each.

    At drift 0 the density is the static model's
    (:func:`bridgestats.ratings.gaussian_exact.static_log_likelihood`).

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"], "round": [1], "north": "a", "south": "b",
    ...     "east": "c", "west": "d", "n_boards": 16, "pct_ns": [50.0]})
    >>> round(mixed_log_likelihood(s), 4) == round(-0.5 * math.log(2 * math.pi * 82), 4)
    True
    """
    model = GaussianModel() if model is None else _check_model(model)
    return -_nll(_design_of(sessions, until), [getattr(model, n) for n in SD_NAMES])


def fit_mixed_model(sessions, *, until=None, held=None):
    """The :class:`GaussianModel` that maximises the exact likelihood of a log.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log.
    until : str or None
        As in :func:`mixed_log_likelihood`.
    held : dict of str -> float or None
        sds held at the given values (names of
        :data:`~bridgestats.ratings.gaussian.SD_NAMES`); the others are fitted.

    Returns
    -------
    GaussianModel

    Notes
    -----
    L-BFGS-B from :class:`GaussianModel`'s defaults over the free variances with bounds
    at 0 (each scaled by its default's square), as
    :func:`~bridgestats.ratings.gaussian.fit_gaussian_model` does over the filter's
    likelihood: a variance the data do not want reaches 0 exactly. The board sd
    is kept at or above 10⁻³ % (the noise stays positive).

    Examples
    --------
    >>> from bridgestats.ratings.gaussian import simulate_gaussian_sessions
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=4, n_rounds=40,
    ...                                  rounds_per_date=10, rng=1)
    >>> model = fit_mixed_model(sim)
    >>> 20 < model.board_sd < 40
    True
    """
    design = _design_of(sessions, until)
    return _fit(design, GaussianModel(), _check_held(held))[0]


def mixed_profile_likelihood(
    sessions, *, model=None, until=None, sds=SD_NAMES, level=0.9, n_grid=3
):
    """Each sd's exact profile likelihood, and the interval it gives, around the maximum.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log.
    model : GaussianModel or None
        The maximum (from :func:`fit_mixed_model` with the same ``until``); ``None`` fits
        it.
    until : str or None
        As in :func:`mixed_log_likelihood`.
    sds : sequence of str
        The sds profiled.
    level : float
        Coverage of the intervals, in (0, 1).
    n_grid : int
        Values of each sd the curve is drawn at (besides those the interval's search adds).

    Returns
    -------
    intervals, curve : pandas.DataFrame
        As :func:`~bridgestats.ratings.gaussian.profile_likelihood` returns them (one row
        per sd: ``parameter``, ``estimate``, ``ci_low``, ``ci_high``, ``at_bound``,
        ``n_sessions``; the curve's ``parameter``, ``value``, ``deviance``).

    Notes
    -----
    The interval is {sd : 2(ℓ̂ − ℓ_p(sd)) ≤ χ²₁(level)} [5]_, each end found by Brent's
    method to 10⁻³ of the sd, ℓ_p the exact likelihood maximised over the other sds
    (started from the maximum). At an estimate on the bound 0 the interval starts at 0.

    Examples
    --------
    >>> from bridgestats.ratings.gaussian import simulate_gaussian_sessions
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=4, n_rounds=40,
    ...                                  rounds_per_date=10, rng=1)
    >>> ci, curve = mixed_profile_likelihood(sim, sds=["board_sd"], n_grid=2)
    >>> row = ci.iloc[0]
    >>> bool(row["ci_low"] < row["estimate"] < row["ci_high"])
    True
    """
    design = _design_of(sessions, until)
    if model is None:
        model, best = _fit(design, GaussianModel(), {})
    else:
        model = _check_model(model)
        best = _nll(design, [getattr(model, n) for n in SD_NAMES])

    def refit(held, start):
        return _fit(design, start, held)

    return profile_intervals(
        refit, model, best, sds=sds, level=level, n_grid=n_grid, n_sessions=design.y.size
    )


# --- the machinery --------------------------------------------------------------------


@dataclass(frozen=True)
class _Block:
    """One kind of latent term (players' skills or partnerships' terms)."""

    index: np.ndarray  # sessions × slots: each slot's entity (0 .. n_entities − 1)
    coef: np.ndarray  # the slots' coefficients (±½ or ±1)
    first: sparse.csc_matrix  # sessions × entities: the coefficient of each first value
    walk: sparse.csc_matrix  # sessions × walk nodes: the coefficient of each w(t_k), k ≥ 1
    walk_precision: sparse.csc_matrix  # P of the walks (block tridiagonal, parameter-free)
    walk_log_det: float  # log|P⁻¹| = Σ log(t_k − t_{k−1})


@dataclass(frozen=True)
class _Design:
    players: _Block
    pairs: _Block
    y: np.ndarray  # pct_ns − 50
    n_boards: np.ndarray
    date: np.ndarray  # each session's date, 0, 1, ... in time order
    time: np.ndarray  # each date's time in years
    plans: dict = field(default_factory=dict)  # the filter's plan per (players, pairs) kept


def _check_model(model, name="model"):
    if not isinstance(model, GaussianModel):
        raise fail(name, "a GaussianModel", type(model).__name__)
    return model


def _check_held(held):
    held = {} if held is None else dict(held)
    for name, value in held.items():
        if name not in SD_NAMES:
            raise fail("held", f"names among {SD_NAMES}", name)
        check_number(value, f"held[{name!r}]", low=0, high=100)
    return held


def _design_of(sessions, until):
    frame = check_session_log(sessions)
    frame = frame[before_mask(frame, until)].reset_index(drop=True)
    _, seats = player_index(frame)
    pairs, _ = pair_index(frame)
    t = years(frame)
    date, time = pd.factorize(t, sort=True)
    blocks = [
        _block(seats, np.array([0.5, 0.5, -0.5, -0.5]), t),
        _block(pairs, np.array([1.0, -1.0]), t),
    ]
    y = frame["pct_ns"].to_numpy(float) - 50.0
    return _Design(*blocks, y, frame["n_boards"].to_numpy(float), date, np.asarray(time))


def _block(index, coef, t):
    """The latent columns of one kind of term: first values and random-walk nodes."""
    n, k = index.shape
    entity = index.ravel()
    time = np.repeat(t, k)
    row = np.repeat(np.arange(n), k)
    values = np.tile(coef, n)
    first = sparse.csc_matrix((values, (row, entity)), shape=(n, int(entity.max()) + 1))
    nodes = pd.DataFrame({"entity": entity, "time": time}).drop_duplicates()
    nodes = nodes.sort_values(["entity", "time"], kind="stable").reset_index(drop=True)
    rank = nodes.groupby("entity").cumcount().to_numpy()
    gap = nodes.groupby("entity")["time"].diff().to_numpy()
    walk = nodes[rank >= 1].reset_index(drop=True)
    gap, rank = gap[rank >= 1], rank[rank >= 1]
    code = pd.MultiIndex.from_frame(walk[["entity", "time"]]).get_indexer(
        pd.MultiIndex.from_arrays([entity, time])
    )
    seen = code >= 0  # a session on an entity's first date touches no walk node
    m = len(walk)
    walk_design = sparse.csc_matrix((values[seen], (row[seen], code[seen])), shape=(n, m))
    # w_k − w_{k−1} ~ N(0, gap_k), w_0 = 0: P = Dᵀ diag(1/gap) D, D the first differences
    chained = np.flatnonzero(rank >= 2)  # the previous node is a walk node (not w_0 = 0)
    diff = sparse.csc_matrix(
        (
            np.r_[np.ones(m), -np.ones(chained.size)],
            (np.r_[np.arange(m), chained], np.r_[np.arange(m), chained - 1]),
        ),
        shape=(m, m),
    )
    precision = (diff.T @ sparse.diags(1.0 / gap) @ diff).tocsc()
    return _Block(index, coef, first, walk_design, precision, float(np.sum(np.log(gap))))


def _nll(design, values):
    """−log-likelihood of a design at the five sds (SD_NAMES' order)."""
    skill, partnership, drift, board, session = (float(v) for v in values)
    board = max(board, 1e-3)
    kept = (skill > 0 or drift > 0, partnership > 0 or drift > 0)  # terms that vary
    plan = design.plans.get(kept)
    if plan is None:
        plan = design.plans[kept] = _plan(design, kept)
    r = board**2 / design.n_boards + session**2
    if plan is not None:
        return _nll_filter(design, plan, (skill**2, partnership**2), drift**2, r)
    return _nll_equations(design, (skill, partnership), drift, r)


def _nll_equations(design, sds, drift, r):
    """−log-likelihood by the mixed-model equations (see mixed_log_likelihood)."""
    y = design.y
    cols, priors, log_prior = [], [], 0.0
    for block, sd in zip((design.players, design.pairs), sds, strict=True):
        if sd > 0:
            cols.append(sd * block.first)
            priors.append(sparse.identity(block.first.shape[1], format="csc"))
        if drift > 0 and block.walk.shape[1]:
            cols.append(drift * block.walk)
            priors.append(block.walk_precision)
            log_prior += block.walk_log_det
    quad = float(np.sum(y * y / r))
    log_det = float(np.sum(np.log(r))) + log_prior
    if cols:
        b_design = sparse.hstack(cols, format="csc")
        weighted = sparse.diags(1.0 / r) @ b_design
        c = (sparse.block_diag(priors, format="csc") + b_design.T @ weighted).tocsc()
        b = weighted.T @ y
        if c.shape[0] <= _DENSE_UP_TO:
            factor = linalg.cho_factor(c.toarray(), lower=True)
            log_c = 2.0 * float(np.sum(np.log(np.diag(factor[0]))))
            solved = linalg.cho_solve(factor, b)
        else:
            lu = splu(
                c,
                permc_spec="MMD_AT_PLUS_A",
                diag_pivot_thresh=0.0,
                options={"SymmetricMode": True},
            )
            log_c = float(np.sum(np.log(np.abs(lu.U.diagonal()))))
            solved = lu.solve(b)
        log_det += log_c
        quad -= float(b @ solved)
    return 0.5 * (y.size * math.log(2 * math.pi) + log_det + quad)


def _plan(design, kept):
    """The date-blocked filter's bookkeeping, or None when the equations are the cheaper.

    Per date: which entries of the state carry over, the kinds of the terms entering, and
    the date's sessions' dense design on the state. A term (a player, or a partnership:
    numbered after the players) enters at its first date and leaves after its last.
    """
    parts, offset = [], 0
    for j, (block, keep) in enumerate(zip((design.players, design.pairs), kept, strict=True)):
        if keep:
            parts.append(
                (
                    block.index + offset,
                    np.broadcast_to(block.coef, block.index.shape),
                    np.full(block.index.shape, j),
                )
            )
        offset += block.first.shape[1]
    n_dates = design.time.size
    if not parts:  # no latent term: the sessions are independent
        parts.append(
            (
                np.zeros((design.y.size, 0), int),
                np.zeros((design.y.size, 0)),
                np.zeros((design.y.size, 0), int),
            )
        )
    index, coef, kind = (np.hstack([p[i] for p in parts]) for i in range(3))
    flat_dates = np.repeat(design.date, index.shape[1])
    firsts = pd.Series(flat_dates).groupby(index.ravel()).min()
    lasts = pd.Series(flat_dates).groupby(index.ravel()).max()
    kinds = pd.Series(kind.ravel()).groupby(index.ravel()).first()
    cost, plan, state = 0.0, [], np.zeros(0, int)
    for k in range(n_dates):
        carried = state[lasts.reindex(state).to_numpy() >= k]
        keep = np.searchsorted(state, carried)  # state stays sorted by entity
        entering = firsts.index[firsts.to_numpy() == k].to_numpy()
        state = np.concatenate([carried, entering])
        order = np.argsort(state, kind="stable")
        state = state[order]
        rows = np.flatnonzero(design.date == k)
        a = np.zeros((rows.size, state.size))
        position = np.searchsorted(state, index[rows])
        np.add.at(
            a,
            (np.repeat(np.arange(rows.size), index.shape[1]), position.ravel()),
            coef[rows].ravel(),
        )
        plan.append((keep, order, rows, a, kinds.reindex(entering).to_numpy(dtype=int)))
        d, n = state.size, rows.size
        cost += n**3 / 3 + n * n * d + 2 * n * d * d
        if cost > _FILTER_FLOPS:
            return None
    return plan


def _nll_filter(design, plan, first_vars, drift_var, r):
    """−log-likelihood by the Kalman filter with the full covariance, one date at a time."""
    y, time = design.y, design.time
    first_vars = np.asarray(first_vars, float)
    mean, cov = np.zeros(0), np.zeros((0, 0))
    total = 0.0
    for k, (keep, order, rows, a, entering) in enumerate(plan):
        mean, cov = mean[keep], cov[np.ix_(keep, keep)]
        if k and drift_var > 0:
            cov = cov + np.diag(np.full(keep.size, drift_var * (time[k] - time[k - 1])))
        m = entering.size
        mean = np.concatenate([mean, np.zeros(m)])[order]
        grown = np.zeros((keep.size + m, keep.size + m))
        grown[: keep.size, : keep.size] = cov
        grown[keep.size :, keep.size :] = np.diag(first_vars[entering]) if m else 0.0
        cov = grown[np.ix_(order, order)]
        spread = cov @ a.T  # P Aᵀ
        innovation = y[rows] - a @ mean
        factor = linalg.cho_factor(a @ spread + np.diag(r[rows]), lower=True)
        gain = linalg.cho_solve(factor, spread.T).T  # P Aᵀ S⁻¹
        total += 2.0 * float(np.sum(np.log(np.diag(factor[0])))) + float(
            innovation @ linalg.cho_solve(factor, innovation)
        )
        mean = mean + gain @ innovation
        cov = cov - gain @ spread.T
        cov = 0.5 * (cov + cov.T)
    return 0.5 * (y.size * math.log(2 * math.pi) + total)


def _fit(design, start, held):
    """Maximum likelihood over the free variances; returns (model, negative log-lik)."""
    return fit_variances(
        lambda model: _nll(design, [getattr(model, n) for n in SD_NAMES]), start, held
    )
