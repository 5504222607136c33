"""The Gaussian model's exact likelihood with drift (bridgestats.ratings.gaussian_mixed):
against a dense multivariate normal written out from the model's covariance, against the
static model's exact likelihood at drift 0, and the recovery test: logs drawn from the
model with known skill, partnership and drift sds are fitted, the sds come back inside
their profile intervals, and their mean over logs is the truth within the simulation's own
standard error (where the diagonal filter's is not)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.ratings import gaussian_mixed
from bridgestats.ratings.gaussian import (
    GaussianModel,
    fit_gaussian_model,
    simulate_gaussian_sessions,
)
from bridgestats.ratings.gaussian_exact import static_log_likelihood
from bridgestats.ratings.gaussian_mixed import (
    fit_mixed_model,
    mixed_log_likelihood,
    mixed_profile_likelihood,
)

TRUE = GaussianModel(skill_sd=4.0, partnership_sd=2.0, drift_sd=1.5, board_sd=28.0, session_sd=3.0)
#: 48 players in circles of 4 (3 partners each), 24 dates of 10 rounds, 4 dates a year:
#: 2,880 sessions of 8 to 24 boards over six years, as the real log groups an event's
#: rounds on one date.
DESIGN = {
    "n_circles": 12,
    "circle_size": 4,
    "n_rounds": 240,
    "rounds_per_date": 10,
    "rounds_per_year": 40,
    "n_boards": [8, 12, 16, 24],
}
TERMS = ("skill_sd", "partnership_sd", "drift_sd")


def _dense(sessions, model):
    """y ~ N(50, V) with V written out term by term: Cov(θ(t), θ(s)) = sd² + drift_sd²·
    (min(t, s) − t₀) for a player (or partnership) first seen at t₀, and the noise."""
    t = (sessions["date"].astype("datetime64[ns]") - np.datetime64("2001-01-01")).dt.days
    t = t.to_numpy() / 365.25
    rows = []
    for row in sessions.itertuples():
        terms = [
            (("player", getattr(row, s)), c)
            for s, c in (("north", 0.5), ("south", 0.5), ("east", -0.5), ("west", -0.5))
        ]
        terms += [
            (("pair", frozenset((row.north, row.south))), 1.0),
            (("pair", frozenset((row.east, row.west))), -1.0),
        ]
        rows.append(terms)
    first = {}
    for i, terms in enumerate(rows):
        for key, _ in terms:
            first.setdefault(key, t[i])
    n = len(sessions)
    v = np.diag(model.board_sd**2 / sessions["n_boards"].to_numpy() + model.session_sd**2)
    for i in range(n):
        for j in range(n):
            for key_i, c_i in rows[i]:
                for key_j, c_j in rows[j]:
                    if key_i == key_j:
                        sd = model.skill_sd if key_i[0] == "player" else model.partnership_sd
                        walk = model.drift_sd**2 * (min(t[i], t[j]) - first[key_i])
                        v[i, j] += c_i * c_j * (sd**2 + walk)
    return stats.multivariate_normal(np.full(n, 50.0), v).logpdf(sessions["pct_ns"])


MODELS = [
    TRUE,
    GaussianModel(2.5, 0.7, 3.0, 20.0, 1.0),
    GaussianModel(3.0, 0.0, 2.0, 25.0, 0.0),
    GaussianModel(0.0, 1.0, 2.0, 25.0, 1.0),
    GaussianModel(3.0, 1.0, 0.0, 25.0, 2.0),
]


@pytest.mark.parametrize("flops", [0.0, 1e12], ids=["equations", "filter"])
def test_exact_likelihood_is_the_dense_normal(monkeypatch, flops):
    # 24 sessions over 4 dates; both computations (the mixed-model equations, and the
    # filter with the full covariance by date) against the dense normal, including sds of
    # 0 (a term that starts at 0 and drifts). Tolerance 1e-10 relative: a 24-dimensional
    # Cholesky in double precision.
    monkeypatch.setattr(gaussian_mixed, "_FILTER_FLOPS", flops)
    sim = simulate_gaussian_sessions(
        TRUE, n_circles=2, circle_size=4, n_rounds=12, rounds_per_date=3, n_boards=[8, 16], rng=5
    )
    assert sim["date"].nunique() == 4
    for model in MODELS:
        assert mixed_log_likelihood(sim, model=model) == pytest.approx(
            _dense(sim, model), rel=1e-10
        )


@pytest.mark.parametrize("flops", [0.0, 1e12], ids=["equations", "filter"])
def test_without_drift_it_is_the_static_likelihood(monkeypatch, flops):
    # gaussian_exact builds its design independently (one column per player and pair)
    monkeypatch.setattr(gaussian_mixed, "_FILTER_FLOPS", flops)
    sim = simulate_gaussian_sessions(
        TRUE, n_circles=3, circle_size=4, n_rounds=40, rounds_per_date=10, rng=6
    )
    for model in (GaussianModel(3.0, 1.0, 0.0, 25.0, 2.0), GaussianModel(4.0, 0.0, 0.0, 30.0, 0.5)):
        assert mixed_log_likelihood(sim, model=model) == pytest.approx(
            static_log_likelihood(sim, model=model), rel=1e-10
        )


def test_continuous_at_zero():
    # an sd going to 0 scales the design's columns, never a precision: no jump at the bound
    sim = simulate_gaussian_sessions(
        TRUE, n_circles=3, circle_size=4, n_rounds=40, rounds_per_date=10, rng=7
    )
    for name in TERMS:
        at = {
            n: getattr(TRUE, n)
            for n in ("skill_sd", "partnership_sd", "drift_sd", "board_sd", "session_sd")
        }
        zero = mixed_log_likelihood(sim, model=GaussianModel(**{**at, name: 0.0}))
        near = mixed_log_likelihood(sim, model=GaussianModel(**{**at, name: 1e-5}))
        assert abs(near - zero) < 1e-6, name


def test_until_drops_the_later_sessions():
    sim = simulate_gaussian_sessions(
        TRUE, n_circles=2, circle_size=4, n_rounds=12, rounds_per_date=3, n_boards=[8, 16], rng=5
    )
    cut = sorted(sim["date"].unique())[2]
    early = sim[sim["date"] < cut]
    assert mixed_log_likelihood(sim, model=TRUE, until=cut) == pytest.approx(
        _dense(early, TRUE), rel=1e-10
    )


@pytest.fixture(scope="module")
def fits():
    """Eight logs of DESIGN drawn from TRUE (rng 1-8), each fitted by the exact likelihood
    and by the diagonal filter's."""
    out = []
    for seed in range(1, 9):
        sim = simulate_gaussian_sessions(TRUE, rng=seed, **DESIGN)
        out.append((sim, fit_mixed_model(sim), fit_gaussian_model(sim)))
    return out


@pytest.mark.slow
def test_recovery_is_unbiased_within_the_simulations_se(fits):
    # Over the eight logs, each sd's fitted/true ratio averages 1 within 3 of its own
    # standard errors (sd of the ratios / √8), and those SEs are small enough for the test
    # to fail (below 0.1). The diagonal filter's drift ratio, on the same logs, lies more
    # than 3 SEs below 1: the bias the exact likelihood removes.
    for name in TERMS:
        ratio = np.array([getattr(exact, name) for _, exact, _ in fits]) / getattr(TRUE, name)
        se = ratio.std(ddof=1) / math.sqrt(ratio.size)
        assert se < 0.1, (name, se)
        assert abs(ratio.mean() - 1.0) < 3 * se, (name, ratio.mean(), se)
    filtered = np.array([f.drift_sd for _, _, f in fits]) / TRUE.drift_sd
    assert filtered.mean() + 3 * filtered.std(ddof=1) / math.sqrt(filtered.size) < 1.0


@pytest.mark.slow
def test_recovery_within_the_profile_intervals(fits):
    # the first log: every true term sd inside its 90 % profile interval, and each interval
    # told from 0. The interval is {sd : 2(ℓ̂ − ℓ_p(sd)) ≤ χ²₁(0.9)}, so the truth lies in it
    # when the profile deviance at the truth is at most χ²₁(0.9), and 0 lies outside when
    # the deviance at 0 exceeds it: two refits per sd, not the interval's Brent search
    # (12 s of CPU against 55 s; on this log the searched intervals are skill 1.09-4.21,
    # partnership 1.23-2.89, drift 1.44-1.92, deviances at the truth 1.94, 0.00 and 1.47,
    # at 0 3.82, 10.0 and 159; mixed_profile_likelihood itself is tested below and in its
    # doctest). One log, not three: the eight fits above test the bias over seeds; logs 2
    # and 3 passed too when this was written (issue 25).
    sim, model, _ = fits[0]
    best = mixed_log_likelihood(sim, model=model)
    critical = stats.chi2.ppf(0.9, 1)
    for name in TERMS:
        deviance = {}
        for value in (getattr(TRUE, name), 0.0):
            held = fit_mixed_model(sim, held={name: value})
            deviance[value] = 2 * (best - mixed_log_likelihood(sim, model=held))
        assert deviance[getattr(TRUE, name)] <= critical, (name, deviance)
        assert deviance[0.0] > critical, (name, deviance)


def test_fixed_partnerships_leave_the_partnership_sd_unidentified():
    # one partner each: only skill_sd²/2 + partnership_sd² is seen, so the exact profile of
    # the partnership sd is flat from 0 to about √(4²/2 + 2²) = 3.46 %: its interval holds
    # 0 and the truth, where the diagonal filter's excludes both (test_ratings_gaussian)
    sim = simulate_gaussian_sessions(
        GaussianModel(4.0, 2.0, 0.0, 28.0, 3.0),
        n_circles=20,
        circle_size=2,
        n_rounds=40,
        rounds_per_date=10,
        n_boards=[8, 16, 24],
        rng=8,
    )
    ci, _ = mixed_profile_likelihood(sim, sds=["partnership_sd"], n_grid=2)
    row = ci.iloc[0]
    assert row["ci_low"] == 0.0 and row["ci_high"] > 2.0


def test_bad_input_is_refused():
    sim = simulate_gaussian_sessions(TRUE, n_circles=2, n_rounds=3, rng=1)
    with pytest.raises(BridgestatsError, match="model: must be a GaussianModel"):
        mixed_log_likelihood(sim, model={"skill_sd": 4})
    with pytest.raises(BridgestatsError, match="held"):
        fit_mixed_model(sim, held={"k": 1.0})
    with pytest.raises(BridgestatsError, match="until"):
        fit_mixed_model(sim, until="1990-01-01")
    with pytest.raises(BridgestatsError, match="sds"):
        mixed_profile_likelihood(sim, model=TRUE, sds=["k"])
    with pytest.raises(BridgestatsError, match="rounds_per_date"):
        simulate_gaussian_sessions(TRUE, rounds_per_date=0)
