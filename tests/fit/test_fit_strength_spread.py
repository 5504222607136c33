"""fit.fit_strength_spread: K and the strength spread δ from match margins (σ² = nK² + n²δ²).

Checks: recovery of known K and δ from simulated margins (within stated error), the point
estimate against a direct numerical maximisation of the same Gaussian likelihood (scipy), the
boundary δ = 0, bad input, and the shipped match margins (figures printed).
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import optimize

from bridgestats import datasets, fit
from bridgestats.errors import BridgestatsError


def _simulate(k, delta, n_matches, *, rng, lengths=(8, 12, 16, 24, 32, 48, 64)):
    g = np.random.default_rng(rng)
    n = g.choice(lengths, size=n_matches)
    edge = delta * g.standard_normal(n_matches)  # the sides' per-board edge, sd δ
    m = n * edge + k * np.sqrt(n) * g.standard_normal(n_matches)
    return m, n


@pytest.mark.parametrize(("k", "delta"), [(6.0, 0.7), (6.5, 1.5), (5.0, 0.0)])
def test_recovers_known_k_and_delta(k, delta):
    """6,000 matches: the ML estimates fall within 4 of their bootstrap SEs of the truth (an
    SE from the interval's width / 3.29 at 90 %), and the 90 % intervals are not absurd."""
    m, n = _simulate(k, delta, 6000, rng=11)
    r = fit.fit_strength_spread(m, n, n_boot=300, rng=3)
    se_k = (r.k_ci[1] - r.k_ci[0]) / 3.29
    se_d = (r.delta_ci[1] - r.delta_ci[0]) / 3.29
    assert abs(r.k - k) < 4 * se_k and se_k < 0.25
    assert abs(r.delta - delta) < 4 * se_d + 0.05 and se_d < 0.2
    assert r.k_ci[0] <= r.k <= r.k_ci[1] and r.delta_ci[0] <= r.delta <= r.delta_ci[1]
    assert r.n_matches == 6000 and r.n_clusters == 6000 and r.confidence == 0.90


def test_interval_coverage_clustered():
    """The cluster bootstrap covers the true values in most of 40 replications (90 %
    intervals: expect 36; fail below 30, which has probability < 0.2 % if coverage is 90 %)."""
    hits_k = hits_d = 0
    for rep in range(40):
        m, n = _simulate(6.0, 0.8, 1500, rng=100 + rep)
        r = fit.fit_strength_spread(m, n, cluster=np.arange(1500) // 15, n_boot=200, rng=rep)
        hits_k += r.k_ci[0] <= 6.0 <= r.k_ci[1]
        hits_d += r.delta_ci[0] <= 0.8 <= r.delta_ci[1]
    assert hits_k >= 30 and hits_d >= 30


def test_equals_direct_maximum_likelihood():
    """The Fisher-scoring point estimate equals scipy's maximisation of the likelihood."""
    m, n = _simulate(6.2, 0.9, 3000, rng=5)
    r = fit.fit_strength_spread(m, n, n_boot=10, rng=0)

    def nll(p):
        v = n * p[0] + n**2 * p[1]
        return 0.5 * np.sum(np.log(v) + m**2 / v)

    best = optimize.minimize(nll, [30.0, 0.5], bounds=[(1e-6, None), (0, None)], tol=1e-12)
    assert r.k == pytest.approx(np.sqrt(best.x[0]), rel=1e-4)
    assert r.delta == pytest.approx(np.sqrt(best.x[1]), rel=1e-3)


def test_boundary_and_one_length():
    """Margins tighter than K√n at every length: δ is 0 and K² = mean(m²/n); one match
    length only: δ is not identified and is kept at 0."""
    n = np.repeat([8, 32], 4)
    m = np.sqrt(n) * np.array([5, -5, 5, -5, 1, -1, 1, -1])
    r = fit.fit_strength_spread(m, n, n_boot=20, rng=0)
    assert r.delta == 0.0
    assert r.k == pytest.approx(np.sqrt(np.mean(m**2 / n)))
    r1 = fit.fit_strength_spread([10, -20, 5], [16, 16, 16], n_boot=20, rng=0)
    assert r1.delta == 0.0 and r1.k == pytest.approx(np.sqrt(525 / 48))


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"margins": [1, 2], "n_boards": [8]}, "n_boards"),
        ({"margins": [1, np.nan], "n_boards": [8, 8]}, "margins"),
        ({"margins": [1, 2], "n_boards": [8, 0]}, "n_boards"),
        ({"margins": [0, 0], "n_boards": [8, 8]}, "margins"),
        ({"margins": [1, 2], "n_boards": [8, 8], "cluster": ["a"]}, "cluster"),
        ({"margins": [1, 2], "n_boards": [8, 8], "confidence": 1.5}, "confidence"),
        ({"margins": [1, 2], "n_boards": [8, 8], "n_boot": 2}, "n_boot"),
        ({"margins": [1, 2], "n_boards": [8, 8], "n_boot": 10**7}, "n_boot"),
        ({"margins": [1, 2], "n_boards": [8, 8], "rng": "x"}, "rng"),
        ({"margins": [1e300, 2], "n_boards": [8, 8]}, "margins"),
        ({"margins": ["1", "2"], "n_boards": [8, 8]}, "margins"),
        ({"margins": [1, 2], "n_boards": [8, 8.5]}, "n_boards"),
        ({"margins": [1, 2], "n_boards": [8, 1e300]}, "n_boards"),
    ],
)
def test_bad_input(kwargs, name):
    with pytest.raises(BridgestatsError, match=name):
        fit.fit_strength_spread(**kwargs)


def test_shipped_match_margins():
    """The archive's 2,330 matches, clustered by file (event): K close to the per-board 6.13 of
    the swing counts (which holds the edge too: E[x²] = K² + δ², so √(K² + δ²) is checked
    against 6.13 within 0.3), δ > 0 with an interval that excludes 0 at 90 %."""
    mm = datasets.load("derived/match_margins")
    r = fit.fit_strength_spread(
        mm.imp_margin, mm.n_boards, cluster=mm.match.str.split("|").str[0], rng=2026
    )
    print(
        f"\nK = {r.k:.3f} IMPs/board (90 % {r.k_ci[0]:.3f}-{r.k_ci[1]:.3f}), "
        f"delta = {r.delta:.3f} (90 % {r.delta_ci[0]:.3f}-{r.delta_ci[1]:.3f}), "
        f"{r.n_matches} matches, {r.n_clusters} files"
    )
    assert r.n_matches == 2330 and r.n_clusters == mm.match.str.split("|").str[0].nunique()
    assert abs(np.hypot(r.k, r.delta) - 6.13) < 0.3
    assert r.k_ci[0] < 6.13 < r.k_ci[1]
    assert 0 < r.delta_ci[0] <= r.delta <= r.delta_ci[1] < 2
