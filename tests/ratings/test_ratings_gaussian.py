"""The Gaussian rating model (bridgestats.ratings.gaussian): its filter against a dense
Kalman filter, its fit reaching values on and off the bound 0, the profile likelihood, and
what the diagonal filter's likelihood does to the sds of logs drawn from the model: the
noise sds come back within their intervals, the skill, drift and partnership sds with a
bias, measured here as a property of the forecaster (the model's own estimator, the
exact likelihood, is tested in test_ratings_gaussian_mixed.py)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.ratings.gaussian import (
    GaussianModel,
    fit_gaussian_model,
    gaussian_forecast,
    gaussian_log_likelihood,
    multi_partner_sessions,
    profile_likelihood,
    simulate_gaussian_sessions,
)

TRUE = GaussianModel(skill_sd=4.0, partnership_sd=2.0, drift_sd=1.0, board_sd=28.0, session_sd=3.0)
#: The diagonal filter's fitted/true sd on the two logs of ``recovered``: lowest and highest.
FILTER_BIAS = {"drift_sd": (0.82, 0.93), "skill_sd": (0.78, 0.91), "partnership_sd": (0.93, 1.22)}


def _dense_filter(sessions, model):
    """The exact Kalman filter of one session with independent priors, written out with
    full matrices: the diagonal filter must agree on a log where no term is seen twice."""
    means, sds = [], []
    for row in sessions.itertuples():
        prior = np.diag([model.skill_sd**2] * 4 + [model.partnership_sd**2] * 2)
        c = np.array([0.5, 0.5, -0.5, -0.5, 1.0, -1.0])
        noise = model.board_sd**2 / row.n_boards + model.session_sd**2
        means.append(50.0)
        sds.append(math.sqrt(c @ prior @ c + noise))
    return np.array(means), np.array(sds)


def test_filter_is_exact_for_unseen_terms():
    rows = [
        ("2005-01-01", r, f"n{r}", f"s{r}", f"e{r}", f"w{r}", 8 + r, 50.0 + r) for r in range(5)
    ]
    log = pd.DataFrame(
        rows, columns=["date", "round", "north", "south", "east", "west", "n_boards", "pct_ns"]
    )
    forecast = gaussian_forecast(log, model=TRUE)
    mean, sd = _dense_filter(log, TRUE)
    np.testing.assert_allclose(forecast["mean"], mean, rtol=0, atol=1e-12)
    np.testing.assert_allclose(forecast["sd"], sd, rtol=0, atol=1e-12)


def test_log_likelihood_is_the_sum_of_the_forecasts_densities():
    sim = simulate_gaussian_sessions(TRUE, n_circles=4, n_rounds=20, rng=3)
    f = gaussian_forecast(sim, model=TRUE)
    z = (sim["pct_ns"] - f["mean"]) / f["sd"]
    expected = float(np.sum(-0.5 * z**2 - np.log(f["sd"]) - 0.5 * math.log(2 * math.pi)))
    assert gaussian_log_likelihood(sim, model=TRUE) == pytest.approx(expected, rel=1e-12)


def test_the_fit_reaches_zero_and_leaves_it():
    # no partnership term and no drift in the truth: the fit finds 0 (the bound) for the
    # partnership sd and a clear value for the skill sd
    truth = GaussianModel(
        skill_sd=4.0, partnership_sd=0.0, drift_sd=0.0, board_sd=28.0, session_sd=3.0
    )
    sim = simulate_gaussian_sessions(
        truth, n_circles=5, circle_size=16, n_rounds=120, n_boards=[8, 12, 16, 24], rng=4
    )
    fit = fit_gaussian_model(sim)
    assert fit.partnership_sd < 0.5
    assert 3.0 < fit.skill_sd < 5.0
    # the same log with a partnership term of sd 3: the fit leaves the bound
    with_pairs = simulate_gaussian_sessions(
        GaussianModel(4.0, 3.0, 0.0, 28.0, 3.0),
        n_circles=5,
        circle_size=16,
        n_rounds=120,
        n_boards=[8, 12, 16, 24],
        rng=4,
    )
    assert fit_gaussian_model(with_pairs).partnership_sd > 2.0


def test_fixed_values_are_held():
    sim = simulate_gaussian_sessions(TRUE, n_circles=4, n_rounds=40, rng=5)
    fit = fit_gaussian_model(sim, held={"drift_sd": 0.0, "skill_sd": 2.5})
    assert fit.drift_sd == 0.0 and fit.skill_sd == 2.5
    with pytest.raises(BridgestatsError, match="held"):
        fit_gaussian_model(sim, held={"k": 1.0})


@pytest.fixture(scope="module")
def recovered():
    """Two logs drawn from TRUE (80 players, each with 15 partners, 6,000 sessions of 8 to
    24 boards over six years), fitted, with every sd's 90 % profile interval."""
    out = []
    for seed in (11, 12):
        sim = simulate_gaussian_sessions(
            TRUE, n_circles=5, circle_size=16, n_rounds=300, n_boards=[8, 12, 16, 24], rng=seed
        )
        ci, curve = profile_likelihood(sim, n_grid=4)
        out.append((ci.set_index("parameter"), curve))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["board_sd", "session_sd"])
def test_recovery_within_the_intervals(recovered, name):
    # the noise sds come back inside their 90 % intervals, and the intervals are narrow
    # enough to fail: each excludes half and twice the truth
    truth = getattr(TRUE, name)
    for ci, _ in recovered:
        lo, hi = ci.loc[name, ["ci_low", "ci_high"]]
        assert lo <= truth <= hi, (name, lo, hi)
        assert 0.5 * truth < lo and hi < 2.0 * truth, (name, lo, hi)


@pytest.mark.slow
def test_recovery_of_the_terms_is_within_its_measured_bias(recovered):
    # The diagonal filter drops the correlations each session leaves between its players'
    # and partnerships' estimates, so the skill, drift and partnership sds are recovered
    # with a bias: measured on these two logs, fitted/true is 0.78-0.91 for the skill sd,
    # 0.82-0.93 for the drift sd and 0.93-1.22 for the partnership sd, and the 90 %
    # intervals hold the truth for all three in one log (rng 12) and for none in the other
    # (rng 11). The forecaster keeps the filter (one pass, fast); the report's sds come from
    # the exact likelihood (gaussian_mixed), which has no such bias.
    bias = FILTER_BIAS
    for ci, _ in recovered:
        for name, (low, high) in bias.items():
            ratio = ci.loc[name, "estimate"] / getattr(TRUE, name)
            assert low - 0.01 <= ratio <= high + 0.01, (name, ratio)
            assert ci.loc[name, "ci_low"] > 0, name  # each is told from 0
    held = [
        all(ci.loc[n, "ci_low"] <= getattr(TRUE, n) <= ci.loc[n, "ci_high"] for n in bias)
        for ci, _ in recovered
    ]
    assert held == [False, True]


@pytest.mark.slow
def test_profile_curve_is_zero_at_the_estimate(recovered):
    ci, curve = recovered[0]
    for name, g in curve.groupby("parameter"):
        est = ci.loc[name, "estimate"]
        at = g.loc[np.isclose(g["value"], est), "deviance"]
        assert (at.abs() < 1e-6).all(), name
        assert (g["deviance"] >= 0).all(), name
        # and it crosses the 90 % cut (2.706) above the estimate
        assert g["deviance"].max() > 2.706, name


def test_one_partner_players_are_not_counted():
    # fixed partnerships: every player has one partner, no session counts
    sim = simulate_gaussian_sessions(TRUE, n_circles=8, circle_size=2, n_rounds=10, rng=6)
    assert not multi_partner_sessions(sim).any()
    rotating = simulate_gaussian_sessions(TRUE, n_circles=4, circle_size=4, n_rounds=10, rng=6)
    assert multi_partner_sessions(rotating).all()
    with pytest.raises(BridgestatsError, match="counted"):
        fit_gaussian_model(sim, counted=multi_partner_sessions(sim))


def test_fixed_partnerships_confound_skill_and_partnership():
    # with one partner each, skill and partnership enter every session together: the fit
    # puts a pair's whole spread, √(4²/2 + 2²) = 3.46 %, on its partnership term and more
    # (measured 4.38 %, 90 % from 3.42), its interval far from the true 2 %: why the report
    # estimates the partnership sd on sides whose players also played with others
    sim = simulate_gaussian_sessions(
        GaussianModel(4.0, 2.0, 0.0, 28.0, 3.0),
        n_circles=20,
        circle_size=2,
        n_rounds=100,
        n_boards=[8, 16, 24],
        rng=8,
    )
    ci, _ = profile_likelihood(sim, sds=["partnership_sd"], n_grid=3)
    row = ci.iloc[0]
    assert row["estimate"] > math.sqrt(4.0**2 / 2 + 2.0**2) - 0.5
    assert row["ci_low"] > 2.0 + 1.0


def test_bad_input_is_refused():
    sim = simulate_gaussian_sessions(TRUE, n_circles=2, n_rounds=3, rng=1)
    with pytest.raises(BridgestatsError, match="skill_sd"):
        GaussianModel(skill_sd=-1.0)
    with pytest.raises(BridgestatsError, match="model: must be a GaussianModel"):
        gaussian_forecast(sim, model={"skill_sd": 4})
    with pytest.raises(BridgestatsError, match="until"):
        fit_gaussian_model(sim, until="1990-01-01")
    with pytest.raises(BridgestatsError, match="sds"):
        profile_likelihood(sim, sds=["k"])
    with pytest.raises(BridgestatsError, match="circle_size"):
        simulate_gaussian_sessions(TRUE, circle_size=3)
    with pytest.raises(BridgestatsError, match="n_boards"):
        simulate_gaussian_sessions(TRUE, n_boards=[])
