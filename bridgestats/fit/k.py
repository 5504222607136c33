"""K, the per-board standard deviation of IMP swings (σ = K·√n): from swings, from an IMP
histogram, and from match margins (with the intra-match variance inflation).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3 and §7.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from .._validate import (
    as_finite_array,
    check_int,
    check_positive,
    check_rng,
    fail,
)
from ..errors import BridgestatsError
from ._common import (
    MAX_N_BOOT,
    MAX_SWING,
    _check_confidence,
    _check_counts,
    _cluster_bootstrap,
    _cluster_codes,
    _percentile_bootstrap,
    _percentile_ci,
    _root_ratio,
)

# --------------------------------------------------------------------------- K: board swings


@dataclass(frozen=True)
class KEstimate:
    """Result of :func:`estimate_k` / :func:`estimate_k_from_counts`.

    Attributes
    ----------
    k : float
        Per-board standard deviation of IMP swings about zero, √(Σx²/N).
    ci : tuple of float
        ``(low, high)`` interval at level ``confidence``.
    se : float
        Standard error (bootstrap SD, or delta method for counts).
    n : int
        Number of swings (boards).
    n_clusters : int
        Number of resampled units (matches; equals ``n`` without clusters).
    confidence : float
        Level of ``ci``.
    method : str
        ``"cluster-bootstrap"``, ``"bootstrap"`` (every swing its own unit) or ``"delta"``.
    """

    k: float
    ci: tuple[float, float]
    se: float
    n: int
    n_clusters: int
    confidence: float
    method: str


def estimate_k(swings, *, cluster=None, confidence=0.90, n_boot=2000, rng=None):
    """K, the per-board standard deviation of IMP swings, with a cluster-bootstrap interval.

    Parameters
    ----------
    swings : array_like
        IMP swing of each board (one team's side of a head-to-head comparison): finite
        numbers within ±:data:`MAX_SWING` (10⁶).
    cluster : array_like, optional
        A label per swing (the match it belongs to). Boards of one match share the teams'
        strengths and are not independent, so the interval resamples whole matches.
        Without it every swing is resampled on its own (interval too narrow if the boards
        are in fact grouped).
    confidence : float, default 0.90
        Level of the percentile-bootstrap interval, strictly between 0 and 1.
    n_boot : int, default 2000
        Bootstrap replicates, 10 to :data:`MAX_N_BOOT` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed (an integer >= 0) or generator (reproducible when given); anything else is
        refused.

    Returns
    -------
    KEstimate

    Notes
    -----
    ``K = √(Σ x²/N)``, the raw second moment about zero, not the sample SD about the mean:
    the sign of a swing only says which team is listed first, the model σ = K·√n is for a
    margin about zero [1]_, and any mean difference between the teams is part of what a VP
    scale faces (Probst: "higher values in this range preferred when contestants are not
    equally matched"). The bootstrap resamples clusters with replacement and recomputes
    ``√(Σ_c S_c / Σ_c n_c)`` from per-cluster sums of squares S_c and board counts n_c.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3
       (σ = K·√n, K = 6.5 "the standard deviation for a 1-board match", believed 6.0-7.0).

    Examples
    --------
    K is the root mean square about zero: four +6 swings give 6, not a sample SD of 0.

    >>> print(f"{estimate_k([6, 6, 6, 6], rng=1).k:.3f}")
    6.000
    >>> print(f"{estimate_k([6, -6, 12, 0], rng=1).k:.3f}")
    7.348
    """
    x = as_finite_array(swings, "swings").ravel()
    if np.any(np.abs(x) > MAX_SWING):
        raise fail("swings", f"numbers in ±{MAX_SWING:g}", float(x[np.abs(x) > MAX_SWING][0]))
    conf = _check_confidence(confidence)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=MAX_N_BOOT)
    rng = check_rng(rng)
    if cluster is None:
        codes = np.arange(x.size)
        method = "bootstrap"
    else:
        codes = _cluster_codes(cluster, x.size)
        method = "cluster-bootstrap"
    sums = np.column_stack([np.bincount(codes, weights=x**2), np.bincount(codes).astype(float)])
    k = float(np.sqrt(sums[:, 0].sum() / x.size))
    ci, se = _percentile_bootstrap(sums, _root_ratio, n_boot=n_boot, rng=rng, confidence=conf)
    return KEstimate(
        k=k,
        ci=ci,
        se=se,
        n=int(x.size),
        n_clusters=int(sums.shape[0]),
        confidence=conf,
        method=method,
    )


def estimate_k_from_counts(imps, counts, *, confidence=0.90):
    """K from a histogram of IMP swings (IMP value → number of boards).

    Parameters
    ----------
    imps : array_like
        IMP values (e.g. the ``imps`` column of ``data/derived/swing_counts.csv``).
    counts : array_like
        Number of boards with each value (≥ 0, not all 0).
    confidence : float, default 0.90
        Level of the interval, strictly between 0 and 1.

    Returns
    -------
    KEstimate
        ``method == "delta"``; ``n_clusters == n``.

    Notes
    -----
    With m₂ = Σc·x²/N and m₄ = Σc·x⁴/N, ``K = √m₂`` and the interval is
    ``√(m₂ ± z·√((m₄ − m₂²)/N))`` (normal approximation for the mean of x², whose
    variance is m₄ − m₂²), ``se = √((m₄ − m₂²)/N)/(2K)``. A histogram has lost which
    match each board came from, so the boards are treated as independent: the interval
    is then too narrow when swings within a match are correlated (compare
    :func:`estimate_k` with ``cluster=`` and :func:`estimate_k_from_matches`).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3.

    Examples
    --------
    >>> est = estimate_k_from_counts([0, 6, 12], [3, 2, 1])
    >>> print(f"{est.k:.3f} n={est.n}")
    6.000 n=6
    """
    x = as_finite_array(imps, "imps").ravel()
    c = _check_counts(as_finite_array(counts, "counts").ravel(), "counts")
    if c.size != x.size:
        raise fail("counts", f"one count per IMP value ({x.size})", given=f"{c.size} counts")
    conf = _check_confidence(confidence)
    n = c.sum()
    m2 = np.sum(c * x**2) / n
    m4 = np.sum(c * x**4) / n
    if m2 <= 0:
        raise BridgestatsError("counts: every swing is 0, K is 0 and has no interval")
    se_m2 = np.sqrt(max(m4 - m2**2, 0.0) / n)
    z = stats.norm.ppf(0.5 + conf / 2)
    k = np.sqrt(m2)
    return KEstimate(
        k=float(k),
        ci=(float(np.sqrt(max(m2 - z * se_m2, 0.0))), float(np.sqrt(m2 + z * se_m2))),
        se=float(se_m2 / (2 * k)),
        n=round(float(n)),
        n_clusters=round(float(n)),
        confidence=conf,
        method="delta",
    )


# --------------------------------------------------------------------------- K: match margins


@dataclass(frozen=True)
class MatchK:
    """Result of :func:`estimate_k_from_matches`.

    Attributes
    ----------
    k_match : float
        √(Σ m²/Σ n) from the match margins m over n boards.
    k_match_ci : tuple of float
        Its cluster (match) bootstrap interval.
    k_board, k_board_ci : float or None, tuple or None
        √(Σ S/Σ n) from the per-match sums of squared board swings S (``sum_sq``), and its
        interval; ``None`` without ``sum_sq``.
    inflation, inflation_ci : float or None, tuple or None
        Variance-inflation ratio k_match²/k_board² = Σ m²/Σ S (1 when the boards of a match
        are uncorrelated) and its interval; ``None`` without ``sum_sq``.
    rho, rho_ci : float or None, tuple or None
        Intra-match correlation of board swings implied by the inflation (see Notes); the
        interval uses the bootstrap replicates that hold a match of two or more boards.
    n_matches, n_boards : int
        Matches and boards used.
    confidence : float
        Level of the intervals.
    """

    k_match: float
    k_match_ci: tuple[float, float]
    k_board: float | None
    k_board_ci: tuple[float, float] | None
    inflation: float | None
    inflation_ci: tuple[float, float] | None
    rho: float | None
    rho_ci: tuple[float, float] | None
    n_matches: int
    n_boards: int
    confidence: float


def _match_stats(tot: np.ndarray) -> np.ndarray:
    """Columns of tot: Σm², Σn, ΣS, Σn(n−1) → k_match, k_board, inflation, rho."""
    m2, n, s, nn1 = tot[:, 0], tot[:, 1], tot[:, 2], tot[:, 3]
    k2_board = s / n
    with np.errstate(divide="ignore", invalid="ignore"):
        rho = (m2 - k2_board * n) / (k2_board * nn1)
        inflation = m2 / s
    rho = np.where(nn1 > 0, rho, np.nan)  # no pair of boards in one match: ρ undefined
    return np.column_stack([np.sqrt(m2 / n), np.sqrt(k2_board), inflation, rho])


def estimate_k_from_matches(
    margins, n_boards, *, sum_sq=None, confidence=0.90, n_boot=2000, rng=None
):
    """K from match margins, and how much the boards of a match move together.

    Parameters
    ----------
    margins : array_like
        IMP margin of each match (``imp_margin``).
    n_boards : array_like
        Boards in each match (≥ 1).
    sum_sq : array_like, optional
        Σ of the squared board swings of each match (``sum_sq_imps``), ≥ 0. With it the
        per-board K, the variance-inflation ratio and the intra-match correlation are
        estimated on the same matches.
    confidence : float, default 0.90
        Level of the intervals (percentile bootstrap over matches), strictly between 0 and 1.
    n_boot : int, default 2000
        Bootstrap replicates, 10 to :data:`MAX_N_BOOT` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed (an integer >= 0) or generator (reproducible when given); anything else is
        refused.

    Returns
    -------
    MatchK

    Notes
    -----
    Under σ = K·√n [1]_ each margin has E[m²] = n·K², so the pooled estimate is
    ``K_match = √(Σm²/Σn)`` (a match of n boards weighs n). From the board swings,
    ``K_board = √(ΣS/Σn)``. If the swings of one match have common correlation ρ (the
    teams' difference in strength is shared by every board), then
    ``E[m²] = n·K²·(1 + (n − 1)ρ)``, so ``inflation = Σm²/ΣS`` exceeds 1 and
    ``ρ̂ = (Σm² − K_board²·Σn) / (K_board²·Σn(n − 1))``. This is why match-level K (what a
    VP scale faces) exceeds per-board K on real two-room data.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3 and §10
       (K from match results: Sheffield 1790/√24 = 365).

    Examples
    --------
    Probst §10: a σ of 1790 points over 24 boards is K = 1790/√24:

    >>> res = estimate_k_from_matches([1790, -1790], [24, 24], rng=0)
    >>> print(f"{res.k_match:.1f}")
    365.4
    """
    m = as_finite_array(margins, "margins").ravel()
    n = check_positive(n_boards, "n_boards").ravel()
    if n.size != m.size:
        raise fail("n_boards", f"one entry per margin ({m.size})", given=f"{n.size} entries")
    conf = _check_confidence(confidence)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=MAX_N_BOOT)
    rng = check_rng(rng)
    if sum_sq is None:
        s = np.ones_like(m)  # placeholder column, its statistics are discarded below
    else:
        s = check_positive(sum_sq, "sum_sq", allow_zero=True).ravel()
        if s.size != m.size:
            raise fail("sum_sq", f"one entry per margin ({m.size})", given=f"{s.size} entries")
        if s.sum() <= 0:
            raise BridgestatsError("sum_sq: all 0, so the per-board K is 0")
    if np.sum(m**2) <= 0:
        raise BridgestatsError("margins: all 0, so K is 0 and has no interval")
    sums = np.column_stack([m**2, n, s, n * (n - 1)])
    point = _match_stats(sums.sum(axis=0, keepdims=True))[0]
    reps = _cluster_bootstrap(sums, _match_stats, n_boot=n_boot, rng=rng)
    ci = _percentile_ci(reps, conf)
    pair = lambda j: (float(ci[0, j]), float(ci[1, j]))  # noqa: E731
    with_board = sum_sq is not None
    rho_ok = with_board and sums[:, 3].sum() > 0
    return MatchK(
        k_match=float(point[0]),
        k_match_ci=pair(0),
        k_board=float(point[1]) if with_board else None,
        k_board_ci=pair(1) if with_board else None,
        inflation=float(point[2]) if with_board else None,
        inflation_ci=pair(2) if with_board else None,
        rho=float(point[3]) if rho_ok else None,
        rho_ci=pair(3) if rho_ok else None,
        n_matches=int(m.size),
        n_boards=round(float(n.sum())),
        confidence=conf,
    )
