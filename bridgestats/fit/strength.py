"""The strength spread of a field from match margins: σ²(n) = nK² + n²δ² when sides differ.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3 and §7.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validate import (
    as_finite_array,
    check_int,
    check_rng,
    check_whole,
    fail,
)
from ..errors import BridgestatsError
from ._common import (
    MAX_N_BOOT,
    MAX_SWING,
    _check_confidence,
    _cluster_bootstrap,
    _cluster_codes,
    _percentile_ci,
)

# --------------------------------------------------------------------------- strength spread


@dataclass(frozen=True)
class StrengthSpread:
    """Result of :func:`fit_strength_spread`: ``k`` and ``delta`` (IMPs per board) with their
    cluster-bootstrap intervals ``k_ci``, ``delta_ci`` at ``confidence``; ``n_matches`` and
    ``n_clusters`` (the resampled units)."""

    k: float
    k_ci: tuple[float, float]
    delta: float
    delta_ci: tuple[float, float]
    n_matches: int
    n_clusters: int
    confidence: float


def _spread_ml(tot: np.ndarray, lengths: np.ndarray, n_iter: int = 50) -> np.ndarray:
    """ML (K, δ) by Fisher scoring from per-length totals ``[Σm² | count]`` (one row each)."""
    s, c = np.split(tot, 2, axis=1)
    x = np.stack([lengths, lengths**2], axis=1)  # σ²(n) = (n, n²) · (K², δ²)
    a0 = (s / lengths).sum(axis=1) / c.sum(axis=1)  # K² when δ = 0
    theta = np.column_stack([a0, np.zeros_like(a0)])
    for _ in range(n_iter):  # weighted LS of m² on (n, n²), weights count/σ⁴(n)
        v2 = np.maximum(theta @ x.T, 1e-9) ** 2
        (p, q), (_, r) = np.einsum("bj,jp,jq->pqb", c / v2, x, x)
        y = (s / v2) @ x
        det = p * r - q * q
        ok = det > 1e-12 * p * r  # one match length only: δ not identified, kept at 0
        with np.errstate(divide="ignore", invalid="ignore"):
            step = np.column_stack([r * y[:, 0] - q * y[:, 1], p * y[:, 1] - q * y[:, 0]])
            theta = np.where(ok[:, None], step / det[:, None], theta)
    theta = np.where(theta[:, 1:] < 0, np.column_stack([a0, 0 * a0]), theta)  # δ² >= 0
    return np.sqrt(np.clip(theta, 0, None))


def fit_strength_spread(margins, n_boards, *, cluster=None, confidence=0.90, n_boot=2000, rng=None):
    """Per-board K and the spread δ of the sides' per-board edge, from match margins.

    Parameters
    ----------
    margins, n_boards : array_like
        IMP margin (within ±:data:`MAX_SWING`) and boards (whole, 1-10,000) of each match
        (``imp_margin``, ``n_boards``).
    cluster : array_like, optional
        A label per match (its event or series): the bootstrap resamples whole clusters;
        by default each match.
    confidence : float, default 0.90
        Level of the percentile intervals.
    n_boot : int, default 2000
        Bootstrap replicates, 10 to :data:`MAX_N_BOOT` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed or generator.

    Returns
    -------
    StrengthSpread

    Notes
    -----
    A match of n boards between sides whose per-board edge is e has margin
    nE + X₁ + ... + Xₙ, the X board swings of sd K; with e of sd δ over the matches,
    m ~ N(0, σ²(n)) and

    .. math:: \\sigma^2(n) = nK^2 + n^2\\delta^2

    (the sign of m only says which side is listed first, so the mean is 0). K² and δ² are
    the Gaussian maximum-likelihood estimates, δ² >= 0 (at the boundary K² = mean(m²/n)),
    found by Fisher scoring: weighted least squares of m² on (n, n²) with weights 1/σ⁴(n),
    iterated. δ is the sd of the difference of two sides' strengths: for strengths of sd τ
    met at random, δ = τ√2. Probst's σ = K√n is the case δ = 0 [1]_.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3 and §10.

    Examples
    --------
    >>> g = np.random.default_rng(0)
    >>> n = np.repeat([8, 16, 32, 64], 2000)
    >>> m = g.normal(0, np.sqrt(n * 6.0**2 + n**2 * 1.0**2))
    >>> r = fit_strength_spread(m, n, n_boot=200, rng=1)
    >>> print(f"K {r.k:.2f}, delta {r.delta:.2f}")
    K 5.91, delta 1.03
    """
    m = as_finite_array(margins, "margins").ravel()
    if np.abs(m).max() > MAX_SWING:
        raise fail("margins", f"IMP margins within ±{MAX_SWING:g}", float(np.abs(m).max()))
    n = check_whole(n_boards, "n_boards", minimum=1, maximum=10_000).astype(float).ravel()
    if n.size != m.size:
        raise fail("n_boards", f"one entry per margin ({m.size})", given=f"{n.size} entries")
    conf = _check_confidence(confidence)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=MAX_N_BOOT)
    rng = check_rng(rng)
    codes = np.arange(m.size) if cluster is None else _cluster_codes(cluster, m.size)
    if np.sum(m**2) <= 0:
        raise BridgestatsError("margins: all 0, so K is 0 and has no interval")
    lengths, j = np.unique(n, return_inverse=True)
    sums = np.zeros((codes.max() + 1, 2 * lengths.size))
    np.add.at(sums, (codes, j), m**2)
    np.add.at(sums, (codes, lengths.size + j), 1.0)
    k, delta = _spread_ml(sums.sum(axis=0, keepdims=True), lengths)[0]
    ci = _percentile_ci(
        _cluster_bootstrap(sums, lambda t: _spread_ml(t, lengths), n_boot=n_boot, rng=rng), conf
    )
    return StrengthSpread(
        float(k),
        (float(ci[0, 0]), float(ci[1, 0])),
        float(delta),
        (float(ci[0, 1]), float(ci[1, 1])),
        int(m.size),
        int(sums.shape[0]),
        conf,
    )
