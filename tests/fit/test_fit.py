"""bridgestats.fit against Probst's figures, independent implementations and simulations.

Sources: J. Probst, "On VP Scales" (c. 2006) (§2 Tables 2-3, §10 Table 6, §11 Tables
7-8 and Cooke's estimate); the shipped seed tables in ``data/seeds/``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.tools.numdiff import approx_hess1

from bridgestats import datasets
from bridgestats.errors import BridgestatsError
from bridgestats.fit import (
    band_probabilities,
    butler_factor,
    estimate_k,
    estimate_k_from_counts,
    estimate_k_from_matches,
    field_spreads,
    fit_sigma_binned,
    fit_sigma_groups,
    fit_sigma_tail,
    frequency_test,
    outcome_index,
)
from bridgestats.scoring import butler_imps, imps

# Probst Table 2: the 20-0 scale in standard deviations (interpolated z).
Z_TABLE2 = np.array([0.059, 0.180, 0.303, 0.431, 0.566, 0.712, 0.876, 1.068, 1.309, 1.668])
# Probst Table 3: the extension to negative VPs (20-(-1) .. 20-(-5) start at these z).
Z_TABLE3 = np.array([1.981, 2.074, 2.189, 2.344, 2.592])


@pytest.fixture(scope="module")
def brighton():
    """Table 7 as an (11 VP × 14 round) array, and the 2004 scale's thresholds (MP % − 50)."""
    df = datasets.load("seeds/brighton_2005_vp_counts")
    table = df.pivot(index="vp_winner", columns="round", values="count").to_numpy()
    t8 = datasets.load("seeds/swiss_pairs_scales")
    w04 = t8[(t8.scale == "washington_2004") & (t8.vp_winner > 10)]
    return table, w04.threshold_pct.to_numpy() - 50


def _simulate_counts(rng, sigma, thresholds, n):
    """Reference binning: margin → outcome index (t_k <= |m| goes up)."""
    margins = np.abs(rng.normal(0.0, sigma, size=n))
    return np.bincount(
        np.searchsorted(thresholds, margins, side="right"), minlength=thresholds.size + 1
    )


def _reference_loglik(counts, thresholds, sigma):
    """Independent log-likelihood: a plain loop over bands with scipy's normal CDF."""
    edges = [0.0, *thresholds, math.inf]
    total = 0.0
    for k, c in enumerate(counts):
        p = 2 * (stats.norm.cdf(edges[k + 1] / sigma) - stats.norm.cdf(edges[k] / sigma))
        if c:
            total += c * math.log(p)
    return total


# --------------------------------------------------------------------------- band model


def test_band_probabilities_equal_probability_at_table2():
    """Table 2's z make every outcome 1/21 (10-10) or 2/21; tolerance 0.002 absolute on
    21·p because Probst's z were interpolated in a printed table (Probst §2)."""
    p = band_probabilities(Z_TABLE2, sigma=1.0)
    np.testing.assert_allclose(p * 21, [1] + [2] * 10, atol=0.002 * 21)
    exact = stats.norm.ppf(0.5 + (2 * np.arange(10) + 1) / 42)
    np.testing.assert_allclose(
        band_probabilities(exact, sigma=1.0) * 21, [1] + [2] * 10, rtol=1e-12
    )


def test_band_probabilities_negative_vps_table3():
    """Table 3 (Pomfrey): 20-0 keeps half of the whitewash probability (1/21), and
    20-(-1)..20-(-5) share the other half equally (1/105 each). Tolerance 0.0008 absolute:
    the z are interpolated to 3 decimals (a z error of 0.001 moves p by about φ(2)·0.002)."""
    p = band_probabilities(np.concatenate([Z_TABLE2, Z_TABLE3]), sigma=1.0)
    assert p.size == 16
    np.testing.assert_allclose(p[10], 1 / 21, atol=0.0008)
    np.testing.assert_allclose(p[11:], 1 / 105, atol=0.0008)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(0.01, 10), min_size=1, max_size=15),
    st.floats(0.05, 100),
)
def test_band_probabilities_invariants(steps, sigma):
    t = np.cumsum(steps)  # positive and strictly increasing, gaps of at least 0.01
    p = band_probabilities(t, sigma=sigma)
    assert np.all(p >= 0)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    # a larger σ moves mass outwards: P(|X| >= t_k) increases for every k
    tail_small = np.cumsum(p[::-1])[::-1][1:]
    tail_big = np.cumsum(band_probabilities(t, sigma=sigma * 1.1)[::-1])[::-1][1:]
    assert np.all(tail_big >= tail_small - 1e-12)
    # scale equivariance: thresholds and σ in another unit give the same probabilities
    np.testing.assert_allclose(band_probabilities(t * 7.0, sigma=sigma * 7.0), p, atol=1e-12)


# --------------------------------------------------------------------------- ML fit


def test_fit_matches_independent_likelihood(brighton):
    """The ML σ maximises an independently coded likelihood (scipy's bounded search on the
    loop reference; tolerance 1e-4 % on σ, far below the 0.7 % standard error)."""
    table, t = brighton
    counts = table[:, :2].sum(axis=1)
    fit = fit_sigma_binned(counts, t)
    from scipy.optimize import minimize_scalar

    ref = minimize_scalar(
        lambda s: -_reference_loglik(counts, t, s),
        bounds=(5, 20),
        method="bounded",
        options={"xatol": 1e-9},
    )
    assert fit.sigma == pytest.approx(ref.x, abs=1e-4)
    assert fit.loglik == pytest.approx(_reference_loglik(counts, t, fit.sigma), abs=1e-8)
    assert fit.expected.sum() == pytest.approx(514)
    # profile interval ends: 2Δℓ equals the χ²₁ 90 % quantile (2.7055) at both ends.
    for end in fit.ci:
        drop = 2 * (fit.loglik - _reference_loglik(counts, t, end))
        assert drop == pytest.approx(stats.chi2.ppf(0.90, 1), abs=1e-6)
    # observed information against statsmodels' numerical Hessian (relative 1e-4).
    hess = approx_hess1(np.array([fit.sigma]), lambda s: _reference_loglik(counts, t, s[0]))
    assert fit.se == pytest.approx(1 / math.sqrt(-hess[0, 0]), rel=1e-4)


def test_simulation_recovery_and_coverage():
    """Draw 1000 samples of 514 matches at σ = 11.73 % on the 2004 scale (the rounds 1-2
    setting); the 90 % profile interval must cover σ in 90 % ± 3 binomial SDs
    (SD = √(0.9·0.1/1000) = 0.0095, tolerance 0.028), σ̂'s mean must be within 3 standard
    errors of the mean of σ, and the reported se within 10 % of σ̂'s spread (the SD of 1000
    draws is itself uncertain by about 2.2 %, and se is an asymptotic figure)."""
    rng = np.random.default_rng(20050917)
    t = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])
    sigma, reps = 11.73, 1000
    counts = np.array([_simulate_counts(rng, sigma, t, 514) for _ in range(reps)])
    fits = fit_sigma_groups(counts, t)
    covered = np.mean((fits.ci_low <= sigma) & (sigma <= fits.ci_high))
    assert abs(covered - 0.90) <= 3 * math.sqrt(0.09 / reps)
    assert abs(fits.sigma.mean() - sigma) <= 3 * fits.sigma.std(ddof=1) / math.sqrt(reps)
    assert fits.se.mean() == pytest.approx(fits.sigma.std(ddof=1), rel=0.10)
    # the vectorised fit equals the one-sample fit row by row (relative 1e-9)
    for row in (0, 17, 999):
        one = fit_sigma_binned(counts[row], t)
        assert fits.sigma[row] == pytest.approx(one.sigma, rel=1e-9)
        assert fits.ci_high[row] == pytest.approx(one.ci[1], rel=1e-9)


def test_simulation_recovery_negative_vp_and_12_0_scales():
    """Other scales: a 20-0 scale with 5 negative steps (16 outcomes) on IMPs at σ = 18.38
    (K = 6.5, 8 boards: Probst §3), and the Sheffield 12-0 scale at σ = 1790. 400 draws of
    400 matches each; coverage within 3 binomial SDs (0.045) of 0.90."""
    rng = np.random.default_rng(7)
    z21 = np.concatenate([Z_TABLE2, Z_TABLE3])
    z13 = stats.norm.ppf(0.5 + (2 * np.arange(6) + 1) / 26)
    for sigma, t in [(18.38, z21 * 18.38), (1790.0, z13 * 1790.0)]:
        counts = np.array([_simulate_counts(rng, sigma, t, 400) for _ in range(400)])
        fits = fit_sigma_groups(counts, t)
        covered = np.mean((fits.ci_low <= sigma) & (sigma <= fits.ci_high))
        assert abs(covered - 0.90) <= 3 * math.sqrt(0.09 / 400), (sigma, covered)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 60), min_size=11, max_size=11).filter(
        lambda c: sum(c) > 0 and c[0] < sum(c) and c[-1] < sum(c)
    ),
    st.floats(0.01, 1000),
)
def test_fit_is_scale_equivariant(counts, scale):
    """Thresholds in another unit (IMPs, %, points) give σ in that unit (relative 1e-6)."""
    fit = fit_sigma_binned(counts, Z_TABLE2)
    scaled = fit_sigma_binned(counts, Z_TABLE2 * scale)
    assert scaled.sigma == pytest.approx(fit.sigma * scale, rel=1e-6)
    assert scaled.ci[1] == pytest.approx(fit.ci[1] * scale, rel=1e-6)
    assert fit.ci[0] < fit.sigma < fit.ci[1]


# --------------------------------------------------------------------------- Probst's Brighton


def test_probst_expected_20_0s(brighton):
    """§11: 67.39 % is 1.668σ, so 65.99 % is 15.99/17.39 × 1.668 = 1.534σ, "93.75 % in the
    Gauss tables", so 12.5 % of matches are expected 20-0: 3598 × 0.125 = 449.75, printed
    as 449 (truncated), and 1799 × 0.125 = 224.9 ≈ 225 per half. Exact Φ at
    z = 1.53369 gives 12.51 %, 450.1 matches: tolerance 0.5 match against 449.75 (Probst's
    z to 3 decimals and Φ from a 5-digit table)."""
    table, t = brighton
    sigma = 17.39 / 1.668
    assert 15.99 / 17.39 * 1.668 == pytest.approx(1.534, abs=5e-4)
    assert stats.norm.cdf(1.534) == pytest.approx(0.9375, abs=5e-5)
    p_top = band_probabilities(t, sigma=sigma)[-1]
    assert 3598 * p_top == pytest.approx(449.75, abs=0.5)
    assert math.floor(3598 * 0.125) == 449
    assert 1799 * p_top == pytest.approx(225, abs=0.5)
    assert table[-1].sum() == 512
    assert table[-1, :7].sum() == 297 and table[-1, 7:].sum() == 215


def test_cooke_rounds_1_2(brighton):
    """Cooke: σ = 11.73 % (90 % CI 11.04-12.55) from rounds 1-2.

    What reproduces it: the 20-0 proportion alone (90 of 514 at 65.99 %) with a Wald
    interval gives 11.04-12.55 exactly to the printed 0.01 (tolerance 0.005: rounding),
    but a point of 11.79, not 11.73. The full-data ML fit gives 11.66 (10.99-12.39): within
    0.07 of Cooke's point and inside his interval; it coincides with Probst's
    Ascherman-corrected 11.65 by accident. We could not find a method giving 11.73."""
    table, t = brighton
    counts = table[:, :2].sum(axis=1)
    assert counts.sum() == 514 and counts[-1] == 90
    tail = fit_sigma_tail(int(counts[-1]), int(counts.sum()), t[-1])
    assert tail.ci[0] == pytest.approx(11.04, abs=0.005)
    assert tail.ci[1] == pytest.approx(12.55, abs=0.005)
    assert tail.sigma == pytest.approx(11.79, abs=0.005)
    ml = fit_sigma_binned(counts, t)
    assert ml.sigma == pytest.approx(11.66, abs=0.005)
    assert ml.ci == pytest.approx((10.99, 12.39), abs=0.005)
    assert 11.04 < ml.sigma < 12.55
    assert abs(ml.sigma - 11.73) < ml.se  # Cooke's point is within one se of the ML fit
    # the tail estimator is the ML fit of the two-band data (same point, relative 1e-6)
    two_band = fit_sigma_binned([counts[:-1].sum(), counts[-1]], t[-1:])
    assert two_band.sigma == pytest.approx(tail.sigma, rel=1e-6)


def test_brighton_halves_and_rounds(brighton):
    """Per half and per round fits on the 2004 scale. The first half (random draw and
    early mismatches) has a larger σ than the second, and their 90 % intervals do not
    overlap (11.11-11.83 against 10.18-10.82): Probst's "fewer 20-0s in the 2nd half"."""
    table, t = brighton
    first = fit_sigma_binned(table[:, :7].sum(axis=1), t)
    second = fit_sigma_binned(table[:, 7:].sum(axis=1), t)
    # the figures quoted above, checked against the independent likelihood (scipy's
    # bounded search on the loop reference, 1e-4 as in test_fit_matches_independent_...)
    from scipy.optimize import minimize_scalar

    for fit, half in [(first, table[:, :7].sum(axis=1)), (second, table[:, 7:].sum(axis=1))]:
        ref = minimize_scalar(
            lambda s, c=half: -_reference_loglik(c, t, s),
            bounds=(5, 20),
            method="bounded",
            options={"xatol": 1e-9},
        )
        assert fit.sigma == pytest.approx(ref.x, abs=1e-4)
    assert first.sigma == pytest.approx(11.46, abs=0.005)
    assert second.sigma == pytest.approx(10.49, abs=0.005)
    assert first.ci[0] > second.ci[1]
    every = fit_sigma_groups(table.T, t)
    assert (every.n == 257).all()
    sig = every.sigma.to_numpy()
    assert np.all((sig > 9) & (sig < 13))
    assert np.argmin(sig) == 7  # round 8 (20 20-0s only) is the outlier, σ = 9.38
    # all rounds: σ ≈ 10.97, far above the 9.59 the 2004 scale was built for
    pooled = fit_sigma_binned(table.sum(axis=1), t)
    assert pooled.ci[0] > 9.59


# --------------------------------------------------------------------------- tests of fit


def test_sheffield_chi_square():
    """Table 6: 418 matches against the equal-probability 12-0 scale at σ = 1790.
    Reference values by hand (loop below); p from χ²(6). Tolerance 1e-9."""
    df = datasets.load("seeds/sheffield_aggregate_bands")
    observed = df.observed.to_numpy()
    z13 = stats.norm.ppf(0.5 + (2 * np.arange(6) + 1) / 26)
    expected = 418 * band_probabilities(z13 * 1790, sigma=1790)
    np.testing.assert_allclose(expected, 418 / 13 * np.array([1, 2, 2, 2, 2, 2, 2]))
    res = frequency_test(observed, expected)
    x2 = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    g = 2 * sum(o * math.log(o / e) for o, e in zip(observed, expected, strict=True))
    assert res.chi2 == pytest.approx(x2, abs=1e-9)
    assert res.chi2 == pytest.approx(6.69, abs=0.005)
    assert res.g == pytest.approx(g, abs=1e-9)
    assert res.df == 6
    assert res.p_chi2 == pytest.approx(stats.chi2.sf(x2, 6), abs=1e-12)
    assert res.p_chi2 == pytest.approx(0.350, abs=0.0005)
    assert res.p_chi2_mc is None  # every expected count is above 5
    # squares of the Pearson residuals sum to X²; no band stands out ("I think it looks
    # ok"): every adjusted residual is within ±2, the 6-6 excess (41 vs 32.2) is +1.62.
    assert np.sum(res.pearson_residuals**2) == pytest.approx(x2)
    assert np.all(np.abs(res.residuals) < 2)
    assert res.residuals[0] == pytest.approx((41 - 418 / 13) / math.sqrt(418 / 13 * 12 / 13))


def test_frequency_test_monte_carlo():
    """Small expected counts switch on the Monte Carlo p-value; it is reproducible from
    rng, and on a large sample agrees with the χ² p-value within 4 Monte Carlo SDs."""
    obs = np.array([3, 1, 0, 4, 2])
    exp = np.full(5, 2.0)
    a = frequency_test(obs, exp, rng=5)
    b = frequency_test(obs, exp, rng=5)
    assert a.n_sim == 20_000 and a.p_chi2_mc == b.p_chi2_mc and a.p_g_mc == b.p_g_mc
    assert 0 < a.p_chi2_mc <= 1
    big_obs = np.array([520, 480, 1040, 960])
    big_exp = np.array([500.0, 500.0, 1000.0, 1000.0])
    res = frequency_test(big_obs, big_exp, monte_carlo=True, n_sim=20_000, rng=11)
    mc_sd = math.sqrt(res.p_chi2 * (1 - res.p_chi2) / 20_000)
    assert res.p_chi2_mc == pytest.approx(res.p_chi2, abs=4 * mc_sd + 1e-4)
    # exact multinomial p-value by enumeration for a tiny case (independent reference)
    obs = np.array([4, 0, 1])
    probs = np.array([0.5, 0.25, 0.25])
    exp = 5 * probs
    x2_obs = np.sum((obs - exp) ** 2 / exp)
    exact = 0.0
    for i in range(6):
        for j in range(6 - i):
            o = np.array([i, j, 5 - i - j])
            pmf = stats.multinomial.pmf(o, 5, probs)
            if np.sum((o - exp) ** 2 / exp) >= x2_obs - 1e-12:
                exact += pmf
    res = frequency_test(obs, exp, n_sim=40_000, rng=3)
    assert res.p_chi2_mc == pytest.approx(exact, abs=4 * math.sqrt(exact * (1 - exact) / 40_000))


def test_brighton_goodness_of_fit(brighton):
    """All 3598 matches: against the scale's own σ = 9.59 % the counts are far off (X² =
    131.7, 20-0 adjusted residual +9.6); against Probst's model σ = 17.39/1.668 they still
    reject (X² = 25.6, p = 0.004, 20-0 residual +3.1); at the fitted σ = 10.97 a normal
    fits (X² = 10.5 on 9 df, p = 0.31). Tolerances: 0.05 on X², 0.05 on residuals
    (values read off this implementation, cross-checked against the hand loop above)."""
    table, t = brighton
    counts = table.sum(axis=1)
    own = frequency_test(counts, 3598 * band_probabilities(t, sigma=9.59))
    assert own.chi2 == pytest.approx(131.67, abs=0.05) and own.df == 10
    assert own.residuals[-1] == pytest.approx(9.57, abs=0.05)
    probst = frequency_test(counts, 3598 * band_probabilities(t, sigma=17.39 / 1.668))
    assert probst.chi2 == pytest.approx(25.63, abs=0.05)
    assert probst.p_chi2 == pytest.approx(stats.chi2.sf(probst.chi2, 10))
    assert probst.p_chi2 < 0.01 and probst.residuals[-1] > 3
    fit = fit_sigma_binned(counts, t)
    res = frequency_test(counts, fit.expected, fitted_params=1)
    assert res.df == 9
    assert res.p_chi2 == pytest.approx(stats.chi2.sf(res.chi2, 9))
    assert res.chi2 == pytest.approx(10.48, abs=0.05)
    assert res.p_chi2 > 0.1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: fit_sigma_binned([1, -1, 2], [1, 2]), "^counts: must be >= 0; got -1$"),
        (
            lambda: fit_sigma_binned([1, 1, 2], [2, 1]),
            r"^thresholds: must be positive, strictly .*; got \[2.0, 1.0\]$",
        ),
        (
            lambda: fit_sigma_binned([1, 1, 2], [0, 1]),
            r"^thresholds: must be positive, strictly .*; got \[0.0, 1.0\]$",
        ),
        (
            lambda: fit_sigma_binned([1, 1], [1, 2]),
            r"^counts: must be one more entry than thresholds, 3 \(central outcome first\); "
            r"got \[1.0, 1.0\]$",
        ),
        (lambda: fit_sigma_binned([5, 0, 0], [1, 2]), "all observations are in the central"),
        (lambda: fit_sigma_binned([0, 0, 5], [1, 2]), "all observations are in the top"),
        (
            lambda: fit_sigma_binned([0, 0, 0], [1, 2]),
            r"^counts: must be counts holding at least one observation; got \[0.0, 0.0, 0.0\]$",
        ),
        (
            lambda: fit_sigma_binned([1, 1, 1], [1, 2], confidence=1.5),
            r"^confidence: must be a number in \(0, 1\); got 1.5$",
        ),
        (lambda: fit_sigma_binned([1, np.nan, 1], [1, 2]), "counts: must be finite"),
        (lambda: fit_sigma_groups([[1, 1, 1], [0, 0, 3]], [1, 2]), r"counts \(row 1\): all"),
        (
            lambda: fit_sigma_groups([1, 1, 1], [1, 2]),
            r"^counts: must be two-dimensional \(groups × outcomes\); got shape \(3,\)$",
        ),
        (
            lambda: frequency_test([1, 2], [1, 1]),
            "^expected: must be counts summing to the observed total 3 .*; got a sum of 2$",
        ),
        (lambda: frequency_test([1, 2], [0, 3]), "^expected: must be > 0; got 0$"),
        (
            lambda: frequency_test([1, 2, 3], [2, 2, 2], fitted_params=2),
            r"^fitted_params: must be at most 1 .*; got 2$",
        ),
        (
            lambda: fit_sigma_tail(0, 10, 15.0),
            "^n_top: must be strictly between 0 and n = 10 .*; got 0$",
        ),
        (
            lambda: estimate_k_from_counts([1, 2], [1]),
            r"^counts: must be one count per IMP value \(2\); got 1 counts$",
        ),
        (
            lambda: estimate_k([1, 2, 3], cluster=[1, 2]),
            r"^cluster: must be one label per swing \(3\); got 2 labels$",
        ),
        (lambda: estimate_k_from_matches([1, 2], [8, 0]), "n_boards: must be > 0"),
        (lambda: butler_factor([1.0], [1.0], [1]), "^n_tables: must be whole numbers >= 2; got 1$"),
    ],
)
def test_bad_input_raises_domain_error(call, message):
    with pytest.raises(BridgestatsError, match=message):
        call()


def test_interior_single_band_is_identifiable():
    """All counts in one interior band: the ML σ is the one that makes the band likeliest,
    max over σ of 2[Φ(b/σ) − Φ(a/σ)], i.e. σ² = (b² − a²)/(2 ln(b/a))."""
    fit = fit_sigma_binned([0, 10, 0], [1.0, 2.0])
    assert fit.sigma == pytest.approx(math.sqrt(3 / (2 * math.log(2))), rel=1e-6)


# --------------------------------------------------------------------------- K


def _clustered_swings(rng, n_matches, n_boards, k, rho):
    """Swings with per-board variance k² and intra-match correlation rho (a shared normal
    team effect of variance rho·k² plus independent noise)."""
    team = rng.normal(0, k * math.sqrt(rho), size=(n_matches, 1))
    noise = rng.normal(0, k * math.sqrt(1 - rho), size=(n_matches, n_boards))
    return team + noise


def test_estimate_k_recovers_and_clusters_widen():
    """1000 matches of 12 boards whose own SD varies (K·e^u, u ~ N(0, 0.3²), scaled so the
    overall K is 6.5): K within 3 bootstrap SEs of 6.5; the cluster-bootstrap interval is
    wider than the iid one. Squares of swings in one match correlate by
    (e^0.36 − 1)/(3e^0.36 − 1) = 0.131, a design effect 1 + 11·0.131 = 2.44 on the
    variance of Σx², so about √2.44 = 1.56 times wider; accept > 1.3."""
    rng = np.random.default_rng(65)
    u = rng.normal(0, 0.3, size=(1000, 1))
    x = 6.5 * math.exp(-0.09) * np.exp(u) * rng.normal(size=(1000, 12))
    cluster = np.repeat(np.arange(1000), 12)
    est = estimate_k(x.ravel(), cluster=cluster, rng=1, n_boot=1000)
    iid = estimate_k(x.ravel(), rng=1, n_boot=1000)
    assert est.k == iid.k
    assert abs(est.k - 6.5) < 3 * est.se
    assert est.n == 12000 and est.n_clusters == 1000 and est.method == "cluster-bootstrap"
    width = est.ci[1] - est.ci[0]
    assert width / (iid.ci[1] - iid.ci[0]) > 1.3
    # reproducible from rng
    assert estimate_k(x.ravel(), cluster=cluster, rng=1, n_boot=1000).ci == est.ci


def test_estimate_k_from_counts_agrees_with_swings():
    """The histogram form gives the same K (exactly) and a delta-method se within 10 % of
    the iid bootstrap se (2000 replicates: the bootstrap SD is uncertain by about 1.6 %)."""
    rng = np.random.default_rng(3)
    swings = np.round(rng.laplace(0, 4.5, size=5000))
    values, counts = np.unique(swings, return_counts=True)
    a = estimate_k_from_counts(values, counts)
    b = estimate_k(swings, rng=4, n_boot=2000)
    assert a.k == pytest.approx(b.k, rel=1e-12)
    assert a.se == pytest.approx(b.se, rel=0.10)
    assert a.ci[0] < a.k < a.ci[1]


def test_estimate_k_from_matches_recovers_inflation():
    """Simulated matches (K = 6.5, ρ = 0.08, 16 boards): K_board, the inflation Σm²/ΣS
    (truth 1 + 15·0.08 = 2.2) and ρ̂ (truth 0.08) each within two half-widths of its
    90 % interval (about 3.3 standard errors) of the truth."""
    rng = np.random.default_rng(16)
    x = _clustered_swings(rng, 3000, 16, 6.5, 0.08)
    res = estimate_k_from_matches(
        x.sum(axis=1), np.full(3000, 16), sum_sq=(x**2).sum(axis=1), rng=2, n_boot=1000
    )
    for point, ci, truth in [
        (res.k_board, res.k_board_ci, 6.5),
        (res.inflation, res.inflation_ci, 2.2),
        (res.rho, res.rho_ci, 0.08),
    ]:
        assert ci[0] < point < ci[1]
        assert abs(point - truth) < ci[1] - ci[0], (point, ci, truth)
    assert res.k_match == pytest.approx(6.5 * math.sqrt(2.2), rel=0.05)
    assert res.n_boards == 48000
    plain = estimate_k_from_matches(x.sum(axis=1), np.full(3000, 16), rng=2, n_boot=200)
    assert plain.k_board is None and plain.inflation is None and plain.rho is None
    assert plain.k_match == res.k_match


def test_butler_factor_linear_scale_is_one():
    """With 'IMPs' that are linear in points, the Butler SD is exactly the linear
    expectation K·√(C/(2R)), so B = 1. Boards simulated directly: results at R tables,
    Butler = result − mean of the board (datum), cross = all pairwise differences
    (tolerance 1e-9: the identity holds exactly for the sample moments)."""
    rng = np.random.default_rng(5)
    bsd, crm, r = [], [], []
    for n_tables in rng.integers(6, 40, size=60):
        s = rng.normal(0, 300, size=n_tables)
        butler = s - s.mean()
        diffs = s[:, None] - s[None, :]
        off = ~np.eye(n_tables, dtype=bool)
        bsd.append(np.sqrt(np.mean(butler**2)))
        crm.append(np.sqrt(np.mean(diffs[off] ** 2)))
        r.append(n_tables)
    res = butler_factor(bsd, crm, r, rng=0, n_boot=200)
    assert res.b == pytest.approx(1.0, abs=1e-9)
    assert res.ci[0] == pytest.approx(1.0, abs=1e-9)


def test_field_spreads_against_reference_loop():
    """field_spreads against a plain loop over boards and pairs with scoring.butler_imps and
    scoring.imps (exact: the same integers are squared and summed; tolerance 1e-9)."""
    rng = np.random.default_rng(9)
    boards = [np.round(rng.normal(100, 400, size=n) / 10) * 10 for n in (2, 3, 7, 22, 5, 40)]
    boards.append(np.array([620.0, 620.0, -100.0, 650.0]))
    for datum in ("mean", "trimmed"):
        got = field_spreads(boards, datum=datum)
        for b, scores in enumerate(boards):
            n = scores.size
            bi = butler_imps(scores, datum=datum)
            pairs = [imps(scores[i] - scores[j]) ** 2 for i in range(n) for j in range(n) if i != j]
            assert got.n_tables[b] == n
            assert got.butler_imps_sd[b] == pytest.approx(math.sqrt(np.mean(bi**2)), abs=1e-9)
            assert got.cross_imps_rms[b] == pytest.approx(math.sqrt(np.mean(pairs)), abs=1e-9)
            assert got.score_sd[b] == pytest.approx(np.std(scores), abs=1e-9)


def test_field_spreads_hand_computed_board():
    """Four tables: +620, +170, +620, −100. Pairs by hand: 450 -> 10 IMPs, 720 -> 12,
    270 -> 7, 0 -> 0; the 12 ordered pairs' squares sum to 1074, √(1074/12) = 9.4604;
    score SD √(Σ(s − 327.5)²/4) = 307.683 (points). Tolerance 5e-4: printed to 3 decimals."""
    got = field_spreads([[620.0, 170.0, 620.0, -100.0]])
    assert got.n_tables[0] == 4
    assert got.cross_imps_rms[0] == pytest.approx(math.sqrt(1074 / 12), abs=1e-12)
    assert got.cross_imps_rms[0] == pytest.approx(9.460, abs=5e-4)
    assert got.score_sd[0] == pytest.approx(307.683, abs=5e-4)


def test_field_spreads_rejects_lone_results():
    with pytest.raises(
        BridgestatsError, match=r"^scores: board 1: must be 2 or more results; got 1 result\(s\)$"
    ):
        field_spreads([[100, 200], [50]])


def test_band_probabilities_per_row_and_outcome_index():
    """2-D thresholds (one scale per match) give the same rows as 1-D calls (exact), and
    outcome_index follows the 'reaching a threshold steps up' rule of VPScale.vp, checked
    against bridgestats.vp on the WBF discrete scales (an independent implementation)."""
    from bridgestats import vp

    rows = np.array([Z_TABLE2 * 18.4, Z_TABLE2 * 26.0, Z_TABLE2 * 9.2])
    sig = np.array([18.4, 26.0, 9.2])
    got = band_probabilities(rows, sigma=sig)
    for r in range(3):
        np.testing.assert_allclose(got[r], band_probabilities(rows[r], sigma=sig[r]), rtol=1e-14)
    margins = np.arange(-60, 61)
    for n in (8, 12, 16, 32):
        scale = vp.wbf_scale(n)
        idx = outcome_index(margins, scale.thresholds)
        np.testing.assert_array_equal(10 + idx, vp.wbf_vp(np.abs(margins), n, discrete=True))
        per_row = np.tile(scale.thresholds, (margins.size, 1))
        np.testing.assert_array_equal(outcome_index(margins, per_row), idx)
    with pytest.raises(BridgestatsError, match="sigma: must be one number or one per row"):
        band_probabilities(rows, sigma=[1.0, 2.0])


def test_field_spreads_rejects_empty_and_non_numeric_boards():
    """An empty board is an error wherever it stands (a trailing one was once dropped
    silently, shortening the frame), and text names the board."""
    with pytest.raises(
        BridgestatsError, match=r"^scores: board 1: must be 2 or more results; got 0 result\(s\)$"
    ):
        field_spreads([[100, 200], []])
    with pytest.raises(BridgestatsError, match=r"scores \(board 1\): must be numbers"):
        field_spreads([[100, 200], ["a", "b"]])


def test_fit_sigma_tail_wald_ends_outside_0_1_map_to_0_and_inf():
    """1 of 5 and 4 of 5: the Wald interval p ± 1.645·√(p(1 − p)/5) leaves [0, 1]. Mapped
    through σ = t/Φ⁻¹(1 − q/2), q = 0 is σ = 0 and q = 1 is σ = ∞; the ends were once
    artefacts of clipping (0.426 from the smallest float, 1.3e16 from 1 − 1e-15). The
    inner ends are checked against scipy directly (relative 1e-12)."""
    z = stats.norm.ppf(0.95)
    low = fit_sigma_tail(1, 5, 15.99)
    assert low.ci[0] == 0.0
    hi_q = 0.2 + z * math.sqrt(0.2 * 0.8 / 5)
    assert low.ci[1] == pytest.approx(15.99 / stats.norm.isf(hi_q / 2), rel=1e-12)
    high = fit_sigma_tail(4, 5, 15.99)
    assert high.ci[1] == math.inf
    lo_q = 0.8 - z * math.sqrt(0.8 * 0.2 / 5)
    assert high.ci[0] == pytest.approx(15.99 / stats.norm.isf(lo_q / 2), rel=1e-12)


def test_bootstrap_intervals_skip_undefined_replicates():
    """A resample with only one-board matches has no ρ, and one with only boards whose
    results agree has B = 0/0: those replicates once made the whole interval NaN. The
    interval now comes from the defined replicates; checked against a loop over the same
    resamples (same generator seed, so the same indices) with NaNs dropped by hand."""
    margins = np.array([3, -2, 5, 1, -4, 2, 6, -1, 0, 20], dtype=float)
    boards = np.array([1] * 9 + [8], dtype=float)
    sum_sq = np.array([9, 4, 25, 1, 16, 4, 36, 1, 0, 100], dtype=float)
    res = estimate_k_from_matches(margins, boards, sum_sq=sum_sq, n_boot=400, rng=3)
    assert all(np.isfinite(res.rho_ci)) and res.rho_ci[0] <= res.rho <= res.rho_ci[1]
    idx = np.random.default_rng(3).integers(0, 10, size=(400, 10))
    rhos = []
    for row in idx:  # reference: only resamples that contain the 8-board match define ρ
        m2, n, s = (margins[row] ** 2).sum(), boards[row].sum(), sum_sq[row].sum()
        nn1 = (boards[row] * (boards[row] - 1)).sum()
        if nn1 > 0:
            rhos.append((m2 - s) / (s / n * nn1))
    assert 0 < len(rhos) < 400
    np.testing.assert_allclose(res.rho_ci, np.quantile(rhos, [0.05, 0.95]), rtol=1e-12)
    b = butler_factor([6.0, 0.0, 0.0], [10.0, 0.0, 0.0], [2, 2, 2], rng=0)
    assert b.ci == (pytest.approx(1.2), pytest.approx(1.2)) and np.isfinite(b.se)


@pytest.mark.parametrize(("n_clusters", "n_columns"), [(1, 1), (7, 2), (18_080, 2), (300, 4)])
def test_resampled_totals_are_the_summed_resamples(n_clusters, n_columns):
    """The cluster bootstrap's totals, column by column as running sums (the fast path that
    takes the Butler factor's 2,000 resamples of 18,080 boards from 1.4 s to 0.5 s), are
    ``sums[idx].sum(axis=1)``, the plain expression: the same additions in the same order,
    so equal to the last bit on this NumPy; the tolerance, 1e-12 relative, allows a NumPy
    that sums the plain expression pairwise (18,080 terms: at most ~4e-12)."""
    from bridgestats.fit._common import _resampled_totals

    gen = np.random.default_rng(n_clusters)
    sums = gen.gamma(2.0, 30.0, size=(n_clusters, n_columns))
    idx = gen.integers(0, n_clusters, size=(64, n_clusters))
    plain = sums[idx].sum(axis=1)
    fast = _resampled_totals(np.ascontiguousarray(sums.T), idx)
    assert fast.shape == plain.shape == (64, n_columns)
    np.testing.assert_allclose(fast, plain, rtol=1e-12, atol=0)


def test_the_butler_factor_interval_is_the_plain_bootstraps():
    """End to end on the shipped boards: B's interval from the plain resampled sums over
    the same draws (chunks of 2·10⁶ // C resamples from one generator), to 1e-12."""
    spreads = datasets.load("derived/fullfield_board_spreads")
    got = butler_factor(
        spreads["butler_imps_sd_trimmed"],
        spreads["cross_imps_rms"],
        spreads["n_tables"],
        n_boot=300,
        rng=5,
    )
    r = spreads["n_tables"].to_numpy(float)
    linear = spreads["cross_imps_rms"].to_numpy(float) ** 2 * (r - 1) / (2 * r)
    sums = np.column_stack([spreads["butler_imps_sd_trimmed"].to_numpy(float) ** 2, linear])
    c = sums.shape[0]
    gen, reps, done = np.random.default_rng(5), [], 0
    while done < 300:
        b = min(2_000_000 // c, 300 - done)
        tot = sums[gen.integers(0, c, size=(b, c))].sum(axis=1)
        reps.append(np.sqrt(tot[:, 0] / tot[:, 1]))
        done += b
    reps = np.concatenate(reps)
    np.testing.assert_allclose(got.ci, np.quantile(reps, [0.05, 0.95]), rtol=1e-12)
    assert got.se == pytest.approx(float(np.std(reps, ddof=1)), rel=1e-12)
