"""bridgestats.fit.compare: the likelihood-ratio tests of one σ across groups, and Holm.

References: Holm's step-down rule written out here as a loop over the sorted p-values
(holm itself calls statsmodels' ``multipletests(method="holm")``; to 1e-12: the same
arithmetic) and a worked four-test example by hand, a plain scipy maximum likelihood (normal cdf,
bounded scalar minimiser) for the LR statistic (to 1e-5: the optimiser's tolerance on σ
enters the log-likelihood quadratically), ``scipy.stats.chi2`` for its p-value, and
simulation for the test's size and power (every rate with its Monte Carlo standard error).
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import optimize, stats
from statsmodels.stats.multitest import multipletests

from bridgestats import datasets, fit
from bridgestats.errors import BridgestatsError

T2004 = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])


def _table():
    df = datasets.load("seeds/brighton_2005_vp_counts")
    return df.pivot(index="round", columns="vp_winner", values="count")


def _loglik_scipy(counts, t):
    """max over σ of Σ n_k log p_k(σ), written from the normal cdf directly."""
    edges = np.r_[0.0, t, np.inf]

    def negll(log_s):
        s = np.exp(log_s)
        p = 2 * (stats.norm.cdf(edges[1:] / s) - stats.norm.cdf(edges[:-1] / s))
        return -np.sum(counts * np.log(p))

    res = optimize.minimize_scalar(
        negll, bounds=(0.0, 4.0), method="bounded", options={"xatol": 1e-10}
    )
    return -res.fun


def _holm_by_hand(p):
    """Holm (1979): the j-th smallest p-value times (m − j + 1), capped at 1, never below
    the adjusted value before it; written as a loop, independently of statsmodels."""
    order = sorted(range(len(p)), key=lambda i: p[i])
    out, running = [0.0] * len(p), 0.0
    for j, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - j) * p[i]))
        out[i] = running
    return out


@pytest.mark.parametrize("seed", range(5))
def test_holm_matches_the_step_down_rule_and_statsmodels(seed):
    g = np.random.default_rng(seed)
    p = np.r_[g.uniform(0, 1, 12), g.uniform(0, 0.01, 5), [0.02, 0.02]]  # ties too
    g.shuffle(p)
    np.testing.assert_allclose(fit.holm(p), _holm_by_hand(p.tolist()), rtol=0, atol=1e-12)
    np.testing.assert_allclose(fit.holm(p), multipletests(p, method="holm")[1], atol=1e-12)


def test_holm_by_hand_on_four_tests():
    # sorted 0.005, 0.01, 0.03, 0.04: x4 = 0.02, x3 = 0.03, x2 = 0.06, x1 = 0.04 -> 0.06
    assert fit.holm([0.01, 0.04, 0.03, 0.005]).round(12).tolist() == [0.03, 0.06, 0.06, 0.02]
    assert fit.holm(np.array([[0.01, 0.04], [0.03, 0.005]])).shape == (2, 2)
    with pytest.raises(BridgestatsError, match="p_values: must be one or more numbers"):
        fit.holm([])


def test_holm_runs_no_garbage_collection(monkeypatch):
    # statsmodels' multipletests runs gc.collect() on every call: 2.8 s of compare_scales
    import gc

    def collect(*_args):
        raise AssertionError("a full garbage collection")

    monkeypatch.setattr(gc, "collect", collect)
    assert fit.holm([0.01, 0.04, 0.03]).round(12).tolist() == [0.03, 0.06, 0.06]


def test_holm_edge_cases():
    assert fit.holm([0.3]).tolist() == [0.3]
    assert fit.holm([1.0, 1.0]).tolist() == [1.0, 1.0]
    with pytest.raises(BridgestatsError, match="p_values"):
        fit.holm([0.1, 1.5])
    with pytest.raises(BridgestatsError, match="p_values"):
        fit.holm([np.nan])


def test_lr_statistic_against_scipy():
    table = _table()
    halves = np.array([table.loc[:7].sum(), table.loc[8:].sum()])
    r = fit.sigma_lr_test(halves, T2004)
    ll = [_loglik_scipy(h, T2004) for h in halves]
    stat = 2 * (sum(ll) - _loglik_scipy(halves.sum(axis=0), T2004))
    assert r.statistic == pytest.approx(stat, abs=1e-5)
    assert r.df == 1
    assert r.p_value == pytest.approx(stats.chi2.sf(stat, 1), rel=1e-4)
    assert r.sigma_pooled == pytest.approx(10.97, abs=0.005)  # tests/test_fit.py's value
    rounds = fit.sigma_lr_test(table, T2004)
    assert rounds.df == 13
    stat13 = 2 * (
        sum(_loglik_scipy(row, T2004) for row in table.to_numpy())
        - _loglik_scipy(table.to_numpy().sum(axis=0), T2004)
    )
    assert rounds.statistic == pytest.approx(stat13, abs=1e-4)
    assert list(rounds.groups.index) == list(range(1, 15))


def test_one_vs_rest_is_the_two_group_test():
    table = _table()
    r = fit.sigma_one_vs_rest(table, T2004)
    for rnd in (1, 8, 14):
        pair = np.array([table.loc[rnd], table.drop(index=rnd).sum()])
        direct = fit.sigma_lr_test(pair, T2004)
        assert r.loc[rnd, "statistic"] == pytest.approx(direct.statistic, rel=1e-9)
        assert r.loc[rnd, "p_value"] == pytest.approx(direct.p_value, rel=1e-9)
        assert r.loc[rnd, "sigma_rest"] == pytest.approx(direct.groups["sigma"].iloc[1], rel=1e-9)
    np.testing.assert_allclose(r.p_holm, multipletests(r.p_value, method="holm")[1], atol=1e-12)


def _simulate(sigmas, n, rng):
    """VP counts of groups of n matches each with normal margins of the given σ."""
    return np.array([rng.multinomial(n, fit.band_probabilities(T2004, sigma=s)) for s in sigmas])


def test_size_and_power_by_simulation():
    """Equal σ: rejection rate at 5 % within 3 MC standard errors of 0.05 (n_rep 400: se
    0.011). σ 11 against 10, 1,800 matches each (Brighton's halves): power near 1."""
    g = np.random.default_rng(2026)
    n_rep = 400
    p_null = np.array(
        [fit.sigma_lr_test(_simulate([10.5, 10.5], 1800, g), T2004).p_value for _ in range(n_rep)]
    )
    rate = np.mean(p_null < 0.05)
    se = np.sqrt(0.05 * 0.95 / n_rep)
    assert abs(rate - 0.05) < 3 * se, (rate, se)
    # the p-values are uniform under H0 (Kolmogorov-Smirnov at 1 %)
    assert stats.kstest(p_null, "uniform").pvalue > 0.01
    p_alt = np.array(
        [fit.sigma_lr_test(_simulate([11.0, 10.0], 1800, g), T2004).p_value for _ in range(60)]
    )
    assert np.mean(p_alt < 0.05) > 0.9


def test_bad_input_names_counts():
    with pytest.raises(BridgestatsError, match="counts"):
        fit.sigma_lr_test([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]], T2004)
    with pytest.raises(BridgestatsError, match="counts"):
        fit.sigma_one_vs_rest([1, 2, 3], T2004)
