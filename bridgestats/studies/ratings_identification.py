"""The Gaussian rating model's sds on real players, with profile-likelihood intervals.

:func:`gaussian_identification` fits the exact likelihood of skill, drift, partnership,
board and session noise (:mod:`bridgestats.ratings.gaussian_mixed`) on the sessions before
a date, with each sd's profile interval; the fit costs about 30 CPU-minutes, so it ships in
``data/derived/gaussian_profile_{intervals,curve}.csv`` and is used when the log's hash
(:func:`log_digest`) and the arguments match (:data:`IDENTIFICATION`).

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the formula, k and w.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import math

import pandas as pd

from .. import datasets
from .._validate import fail
from ..ratings.gaussian import (  # GaussianModel: the doctests' model
    SD_NAMES,
    GaussianModel,  # noqa: F401
    multi_partner_sessions,
)
from ..ratings.gaussian_mixed import (
    fit_mixed_model,
    mixed_log_likelihood,
    mixed_profile_likelihood,
)
from ..ratings.sessionlog import before_mask, check_session_log

__all__ = [
    "IDENTIFICATION",
    "PROFILE_CURVE",
    "PROFILE_INTERVALS",
    "gaussian_identification",
    "log_digest",
]

IDENTIFICATION = {"until": "2010-01-01", "level": 0.9, "n_grid": 3}
PROFILE_INTERVALS = "derived/gaussian_profile_intervals"
PROFILE_CURVE = "derived/gaussian_profile_curve"


def gaussian_identification(sessions, *, until=None, level=0.9, n_grid=3, shipped=True, n_jobs=1):
    """The Gaussian model's sds by their exact likelihood, each with its profile interval,
    and the partnership sd again on the sessions where a partnership is told from its players.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log.
    until : str or None
        Only the sessions before ``until`` are fitted (the report's fitting window).
    level : float
        Coverage of the profile intervals.
    n_grid : int
        Points of each profile curve besides the interval's search (see
        :func:`~bridgestats.ratings.gaussian_mixed.mixed_profile_likelihood`).
    shipped : bool
        Take the figures shipped in ``data/derived`` when they were derived from this very
        log with these arguments (the report's: :data:`IDENTIFICATION`); otherwise, or when
        False, compute them.
    n_jobs : int
        Processes the profiles are computed in (one sd each).

    Returns
    -------
    intervals : pandas.DataFrame
        One row per sd (``sessions`` ``"all"``) and one more, ``partnership_sd`` over the
        ``"multi_partner"`` sessions: ``parameter``, ``estimate``, ``ci_low``, ``ci_high``,
        ``at_bound``, ``n_sessions``, ``log_likelihood`` (the maximum), ``sessions``.
    curve : pandas.DataFrame
        The profile curves (``parameter``, ``value``, ``deviance``, ``sessions``).

    Notes
    -----
    The likelihood is the exact one (:mod:`bridgestats.ratings.gaussian_mixed`), with the
    full covariance the forecasting filter drops, so that the fitted sds are the model's
    and not the diagonal filter's (which returns about 0.8-0.9 of a true skill or drift sd
    on logs drawn from the model: tests/ratings/test_ratings_gaussian.py). A player seen
    with a single partner shows only θ_a/2 + θ_b/2 + π_ab, so the partnership sd is fitted
    again on the sessions with a side whose two players were each seen with two or more
    partners before ``until``
    (:func:`~bridgestats.ratings.gaussian.multi_partner_sessions`): the model's exact
    likelihood of those sessions alone.

    Examples
    --------
    >>> from bridgestats.ratings.gaussian import simulate_gaussian_sessions
    >>> sim = simulate_gaussian_sessions(GaussianModel(), n_circles=4, circle_size=4,
    ...                                  n_rounds=40, rounds_per_date=20, rng=1)
    >>> ci, curve = gaussian_identification(sim, n_grid=2)
    >>> ci["parameter"].tolist()[-1], ci["sessions"].tolist()[-1]
    ('partnership_sd', 'multi_partner')
    """
    frame = check_session_log(sessions)
    digest = log_digest(frame)
    if shipped:
        found = _shipped_identification(digest, until, level, n_grid)
        if found is not None:
            return found
    counted = multi_partner_sessions(frame, until=until)
    if not (counted & before_mask(frame, until)).any():
        raise fail("sessions", "a session with a side whose players had other partners", 0)
    jobs = [("all", name) for name in SD_NAMES] + [("multi_partner", "partnership_sd")]
    logs = {"all": frame, "multi_partner": frame[counted]}
    models = {kind: fit_mixed_model(log, until=until) for kind, log in logs.items()}
    args = [(logs[kind], models[kind], until, name, level, n_grid) for kind, name in jobs]
    if n_jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(min(n_jobs, len(jobs))) as pool:
            done = list(pool.map(_profile_one, args))
    else:
        done = [_profile_one(a) for a in args]
    intervals = pd.concat(
        [
            ci.assign(log_likelihood=ll, sessions=kind)
            for (kind, _), (ci, _, ll) in zip(jobs, done, strict=True)
        ],
        ignore_index=True,
    )
    curves = pd.concat(
        [curve.assign(sessions=kind) for (kind, _), (_, curve, _) in zip(jobs, done, strict=True)],
        ignore_index=True,
    )
    return intervals, curves


def _profile_one(args):
    """One sd's exact profile: (interval, curve, maximum log-likelihood)."""
    log, model, until, name, level, n_grid = args
    ci, curve = mixed_profile_likelihood(
        log, model=model, until=until, sds=[name], level=level, n_grid=n_grid
    )
    return ci, curve, mixed_log_likelihood(log, model=model, until=until)


def log_digest(frame) -> str:
    """SHA-256 of a session log's content (the columns every system reads), in hex.

    Examples
    --------
    >>> s = pd.DataFrame({"date": ["2005-09-01"], "round": [1], "north": "a", "south": "b",
    ...     "east": "c", "west": "d", "n_boards": 16, "pct_ns": [50.0]})
    >>> len(log_digest(s)), log_digest(s) == log_digest(s.assign(pct_ns=60.0))
    (64, False)
    """
    frame = check_session_log(frame)
    cols = ["date", "round", "north", "south", "east", "west", "n_boards", "pct_ns"]
    cols += ["event"] if "event" in frame else []
    hashed = pd.util.hash_pandas_object(frame[cols].astype(str), index=False).to_numpy()
    return hashlib.sha256(hashed.tobytes()).hexdigest()


def _shipped_identification(digest, until, level, n_grid):
    """The shipped figures when they were derived from this log with these arguments."""
    if {"until": until, "level": level, "n_grid": n_grid} != IDENTIFICATION:
        return None
    intervals, curve = datasets.load(PROFILE_INTERVALS), datasets.load(PROFILE_CURVE)
    drop = [*IDENTIFICATION, "log_digest"]
    stored = {tuple(r) for f in (intervals, curve) for r in f[drop].itertuples(index=False)}
    if stored == {(*IDENTIFICATION.values(), digest)}:
        intervals = intervals.drop(columns=drop)
        intervals["ci_high"] = intervals["ci_high"].fillna(math.inf)
        return intervals, curve.drop(columns=drop)
    if digest == log_digest(datasets.load("derived/rating_sessions")):
        raise fail(
            PROFILE_INTERVALS,
            "figures derived from the shipped log as it is now "
            "(run scripts/derive_gaussian_identification.py)",
            "another log's",
        )
    return None
