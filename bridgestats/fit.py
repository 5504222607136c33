"""Estimators and goodness-of-fit tests for the standard-deviation models of match results.

Statistics layer: every function takes arrays (or columns of a frame) and returns a small
frozen result dataclass with intervals; nothing reads files and nothing prints.

- :func:`fit_sigma_binned`: maximum-likelihood σ of a zero-mean normal match margin from
  counts of VP outcomes (interval-censored margins), with a profile-likelihood interval
  (:func:`fit_sigma_groups` for many groups at once, as a tidy frame);
  :func:`fit_sigma_tail` the one-band (20-0 proportion) estimator that reproduces Jonathan
  Cooke's Brighton interval; :func:`band_probabilities` the model behind both.
- :func:`frequency_test`: Pearson χ² and likelihood-ratio G of observed against expected
  counts, adjusted residuals, a Monte Carlo p-value when expected counts are small.
- :func:`estimate_k`, :func:`estimate_k_from_counts`, :func:`estimate_k_from_matches`: the
  per-board standard deviation K of IMP swings (σ = K·√n), from swings, from an IMP
  histogram, and from match margins (with the intra-match variance inflation).
- :func:`butler_factor`: the ratio B of Butler IMPs (against a datum) to head-to-head IMPs
  on the same boards, in the sense of Probst's σ = B·K·√(n·C/(2R)), from per-board spreads
  (:func:`field_spreads` computes them from full-field score arrays).
- :func:`outcome_index` and :func:`band_probabilities`: which VP band a margin falls in and
  how likely each band is under the normal model (one scale per match allowed).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"); the
   project ships its Tables 6-8 in ``data/seeds/``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import special, stats

from ._validate import (
    as_array,
    as_finite_array,
    check_choice,
    check_flag,
    check_int,
    check_number,
    check_positive,
    check_rng,
    check_whole,
    fail,
)
from .errors import BridgestatsError
from .scoring import imps as _imps
from .scoring import score_board_results as _score_board_results

__all__ = [
    "MAX_N_BOOT",
    "MAX_N_SIM",
    "MAX_SWING",
    "ButlerFactor",
    "FrequencyTest",
    "KEstimate",
    "MatchK",
    "SigmaFit",
    "StrengthSpread",
    "band_probabilities",
    "butler_factor",
    "estimate_k",
    "estimate_k_from_counts",
    "estimate_k_from_matches",
    "field_spreads",
    "fit_sigma_binned",
    "fit_sigma_groups",
    "fit_sigma_tail",
    "fit_strength_spread",
    "frequency_test",
    "outcome_index",
]

_SQRT2 = np.sqrt(2.0)

#: Most Monte Carlo draws :func:`frequency_test` makes (``n_sim``). 10⁶ puts the Monte Carlo
#: standard error of a p-value near 0.05 at 0.0002, far below any decision it serves; the
#: draws are made in chunks of :data:`_SIM_CHUNK` rows, so memory stays near 100 MB for 100
#: bands, and a million draws take seconds, not hours (10¹² would ask for 22 TiB).
MAX_N_SIM = 1_000_000
_SIM_CHUNK = 100_000
#: Most bootstrap replicates of :func:`estimate_k`, :func:`estimate_k_from_matches` and
#: :func:`butler_factor` (``n_boot``): 10⁶ replicates fix a 90% percentile interval's ends
#: to well under 1% of its width; their statistics (a few floats each) fit in memory.
MAX_N_BOOT = 1_000_000
#: Largest swing :func:`estimate_k` takes (in absolute value): an IMP swing is at most 24 per
#: board; 10⁶ leaves room for other units while every Σx² stays finite (1e300 overflowed).
MAX_SWING = 1e6


# --------------------------------------------------------------------------- validation


def _scalar(value):
    """A 0-d array (or a one-element one) as its scalar; anything else unchanged."""
    if isinstance(value, np.ndarray) and value.size == 1:
        return value.reshape(()).item()
    return value


def _check_confidence(confidence) -> float:
    """A confidence level: one number strictly between 0 and 1."""
    return check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)


def _check_counts(counts, name: str = "counts") -> np.ndarray:
    """Counts of observations per band: a 1-D array of numbers >= 0, not all 0."""
    arr = check_positive(counts, name, allow_zero=True)
    if arr.ndim != 1:
        raise fail(name, "one-dimensional", given=f"shape {arr.shape}")
    if arr.sum() <= 0:
        raise fail(name, "counts holding at least one observation", arr.tolist())
    return arr


#: What a scale's thresholds must be, as the messages say it.
_THRESHOLDS_RULE = "positive, strictly increasing margins (the winner's VP steps up at each)"


def _check_thresholds(thresholds) -> np.ndarray:
    """One scale's thresholds: a 1-D array of positive, strictly increasing margins."""
    t = as_finite_array(thresholds, "thresholds")
    if t.ndim != 1:
        raise fail("thresholds", "one-dimensional", given=f"shape {t.shape}")
    if t[0] <= 0 or np.any(np.diff(t) <= 0):
        raise fail("thresholds", _THRESHOLDS_RULE, t.tolist())
    return t


# --------------------------------------------------------------------------- the binned model


def band_probabilities(thresholds, *, sigma):
    """Probability of each VP outcome when the margin is normal with mean 0 and SD ``sigma``.

    Parameters
    ----------
    thresholds : array_like, shape (m,) or (s, m)
        Positive, strictly increasing margins at which the winner's VP steps up (for a
        20-0 scale, the 10 margins starting 11-9 ... 20-0). A 2-D array gives one scale per
        row (e.g. one per match when matches differ in length), paired with ``sigma``.
    sigma : float or array_like
        Standard deviation of the margin, in the thresholds' unit. An array of shape
        ``(s,)`` gives one row per σ.

    Returns
    -------
    numpy.ndarray, shape (m + 1,) or (s, m + 1)
        Probabilities of the central outcome (10-10), then each winner's VP up to the top
        (20-0), both signs of the margin folded together; each row sums to 1.

    Notes
    -----
    With margin X ~ N(0, σ²), thresholds t₁..t_m, t₀ = 0 and t_{m+1} = ∞, outcome k has
    probability
    ``p_k = P(t_k ≤ |X| < t_{k+1}) = erf(t_{k+1}/(σ√2)) − erf(t_k/(σ√2))``, computed from
    ``erfc`` differences in the tail to keep precision. Every outcome except the central
    one collects both signs (11-9 and 9-11), which is why an equal-probability 20-0 scale
    gives 10-10 probability 1/21 and every other winner's VP 2/21 [1]_.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2 and Table 2.

    Examples
    --------
    Probst's Table 2 z values (standard deviations) give about 1/21 and 2/21:

    >>> z = [0.059, 0.180, 0.303, 0.431, 0.566, 0.712, 0.876, 1.068, 1.309, 1.668]
    >>> p = band_probabilities(z, sigma=1.0)
    >>> print(np.round(p * 21, 2))
    [0.99 2.   2.   2.   2.   2.   2.   2.   2.   2.   2.  ]
    """
    s = check_positive(sigma, "sigma")
    arr = as_finite_array(thresholds, "thresholds")
    if arr.ndim == 2:
        bad = (arr[:, 0] <= 0) | np.any(np.diff(arr, axis=1) <= 0, axis=1)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise fail(f"thresholds: row {row}", _THRESHOLDS_RULE, arr[row].tolist())
        if s.shape not in ((), (arr.shape[0],)):
            raise fail(
                "sigma",
                f"one number or one per row of thresholds ({arr.shape[0]})",
                given=f"shape {s.shape}",
            )
        return _band_probabilities(arr, s)
    return _band_probabilities(_check_thresholds(arr), s)


def outcome_index(margin, thresholds):
    """Which outcome each margin falls in: 0 for the central one (10-10), then up.

    Parameters
    ----------
    margin : array_like
        Match margins (either sign), in the thresholds' unit.
    thresholds : array_like, shape (m,) or (len(margin), m)
        Ascending margins at which the winner's VP steps up (one row per margin allowed).

    Returns
    -------
    numpy.ndarray of int
        The number of thresholds ``t`` with ``t <= |margin|``: the convention of
        :func:`fit_sigma_binned` and ``VPScale.thresholds`` (reaching a threshold steps up).

    Examples
    --------
    The WBF discrete scale for 8 boards (0 → 10, 1-3 → 11, ..., 39+ → 20; the WBF Scoring
    Panel's 2013 technical report, see :func:`bridgestats.vpscale.wbf_scale`):

    >>> outcome_index([0, 1, 3, -4, 38, 39], [1, 4, 7, 10, 13, 17, 21, 26, 31, 39])
    array([ 0,  1,  1,  2,  9, 10])
    """
    m = np.abs(as_finite_array(margin, "margin"))
    arr = as_finite_array(thresholds, "thresholds")
    if arr.ndim == 1:
        return np.searchsorted(_check_thresholds(arr), m, side="right")
    if arr.ndim != 2 or m.ndim != 1 or arr.shape[0] != m.size:
        raise fail(
            "thresholds", f"1-D or one row per margin ({m.size})", given=f"shape {arr.shape}"
        )
    return np.sum(arr <= m[:, None], axis=1)


def _band_probabilities(t: np.ndarray, sigma) -> np.ndarray:
    s = np.asarray(sigma, dtype=float)
    zeros = np.zeros((*t.shape[:-1], 1))
    inf = np.full((*t.shape[:-1], 1), np.inf)
    edges = np.concatenate([zeros, t, inf], axis=-1)
    if t.ndim == 2:
        z = edges / (np.broadcast_to(s, (t.shape[0],))[:, None] * _SQRT2)
    else:
        z = edges / (s[..., None] * _SQRT2)
    lo, hi = z[..., :-1], z[..., 1:]
    # erf difference near the centre, erfc difference in the tail (no cancellation).
    p = np.where(lo > 1.0, special.erfc(lo) - special.erfc(hi), special.erf(hi) - special.erf(lo))
    return np.clip(p, 0.0, None)


def _band_derivatives(t: np.ndarray, sigma: np.ndarray):
    """p_k(σ), dp_k/dσ and d²p_k/dσ² for the binned model (analytic), shape (G, K)."""
    s = np.asarray(sigma, dtype=float)[:, None]
    edges = np.concatenate([[0.0], t, [np.inf]])
    x = edges / s
    finite = np.isfinite(x)
    xf = np.where(finite, x, 0.0)
    phi = np.exp(-0.5 * xf**2) / np.sqrt(2 * np.pi)
    g = np.where(finite, xf * phi, 0.0)  # g(x) = x·φ(x), 0 at ∞
    dg = np.where(finite, phi * (1 - xf**2), 0.0)  # g'(x) = φ(x)(1 − x²)
    # p = 2[Φ(b/σ) − Φ(a/σ)];  p' = (2/σ)[g(a/σ) − g(b/σ)]
    big_g = g[:, :-1] - g[:, 1:]
    d_big_g = (-xf[:, :-1] * dg[:, :-1] + xf[:, 1:] * dg[:, 1:]) / s
    p = _band_probabilities(t, s[:, 0])
    dp = 2.0 / s * big_g
    d2p = -2.0 / s**2 * big_g + 2.0 / s * d_big_g
    return p, dp, d2p


_TINY = 1e-300  # floor for log p: a band with p below it and a count contributes -690·n


def _loglik(t: np.ndarray, counts: np.ndarray, sigma) -> np.ndarray:
    """ℓ for each row of ``counts`` (G, K) at the matching σ (G,) → (G,)."""
    logp = np.log(np.maximum(_band_probabilities(t, sigma), _TINY))
    return np.sum(counts * logp, axis=-1)


def _ell_du(t: np.ndarray, counts: np.ndarray, u: np.ndarray):
    """ℓ, dℓ/du, d²ℓ/du² and d²ℓ/dσ² per row at u = log σ (analytic; rows of ``counts``)."""
    sigma = np.exp(u)
    p, dp, d2p = _band_derivatives(t, sigma)
    used = counts > 0
    safe_p = np.where(used, np.maximum(p, _TINY), 1.0)
    ell = np.sum(np.where(used, counts * np.log(safe_p), 0.0), axis=1)
    d1 = np.sum(np.where(used, counts * dp / safe_p, 0.0), axis=1)
    d2 = np.sum(np.where(used, counts * (d2p / safe_p - (dp / safe_p) ** 2), 0.0), axis=1)
    return ell, sigma * d1, sigma * d1 + sigma**2 * d2, d2


def _safe_newton(fn, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Vectorised root of ``fn`` (returning value, derivative) bracketed by [lo, hi]:
    Newton steps, replaced by bisection whenever they leave the bracket."""
    f_lo = fn(lo)[0]
    x = (lo + hi) / 2
    for _ in range(100):
        v, dv = fn(x)
        same = np.sign(v) == np.sign(f_lo)
        lo, f_lo, hi = np.where(same, x, lo), np.where(same, v, f_lo), np.where(same, hi, x)
        with np.errstate(divide="ignore", invalid="ignore"):
            step = x - v / dv
        inside = np.isfinite(step) & (step > np.minimum(lo, hi)) & (step < np.maximum(lo, hi))
        new = np.where(inside, step, (lo + hi) / 2)
        done = np.all(np.abs(new - x) < 1e-13)
        x = new
        if done:
            break
    return x


def _drop_from(t: np.ndarray, counts: np.ndarray, level: np.ndarray):
    """u ↦ (ℓ(u) − level, dℓ/du): the function whose roots are the interval ends."""

    def drop(u):
        ell, d1, _, _ = _ell_du(t, counts, u)
        return ell - level, d1

    return drop


def _fit_rows(t: np.ndarray, counts: np.ndarray, confidence: float):
    """Vectorised ML fit of every row of ``counts`` (G, K): σ̂, ℓ̂, interval ends, se, p.

    A 401-point grid over log σ (t₀/50 to 50·t_last) brackets each maximum and each
    interval end; safeguarded Newton steps on the score (for σ̂) and on ℓ − level (for the
    interval), all rows at once, refine them to about 1e-13 in log σ.
    """
    grid_u = np.linspace(np.log(t[0] / 50.0), np.log(t[-1] * 50.0), 401)
    logp = np.log(np.maximum(_band_probabilities(t, np.exp(grid_u)), _TINY))  # (S, K)
    ll_grid = counts @ logp.T  # (G, S)
    i = np.argmax(ll_grid, axis=1)
    if np.any((i == 0) | (i == grid_u.size - 1)):
        bad = int(np.flatnonzero((i == 0) | (i == grid_u.size - 1))[0])
        raise BridgestatsError(f"counts: σ of row {bad} is not identifiable (no interior maximum)")
    u_hat = _safe_newton(lambda u: _ell_du(t, counts, u)[1:3], grid_u[i - 1], grid_u[i + 1])
    ll, _, _, d2s = _ell_du(t, counts, u_hat)
    level = ll - stats.chi2.ppf(confidence, 1) / 2.0
    below = ll_grid < level[:, None]
    idx = np.arange(grid_u.size)
    lo_i = np.where(below & (idx < i[:, None]), idx, -1).max(axis=1)
    hi_i = np.where(below & (idx > i[:, None]), idx, grid_u.size).min(axis=1)
    if np.any(lo_i < 0) or np.any(hi_i >= grid_u.size):
        bad = int(np.flatnonzero((lo_i < 0) | (hi_i >= grid_u.size))[0])
        raise BridgestatsError(
            f"counts: the likelihood interval of row {bad} reaches beyond σ in "
            f"[{np.exp(grid_u[0]):.3g}, {np.exp(grid_u[-1]):.3g}]; too few observations"
        )
    lo = np.exp(_safe_newton(_drop_from(t, counts, level), grid_u[lo_i], u_hat))
    hi = np.exp(_safe_newton(_drop_from(t, counts, level), u_hat, grid_u[hi_i]))
    info = -d2s  # observed information in σ: −ℓ''(σ̂)
    se = np.where(info > 0, 1.0 / np.sqrt(np.where(info > 0, info, 1.0)), np.inf)
    sigma = np.exp(u_hat)
    return sigma, ll, lo, hi, se, _band_probabilities(t, sigma)


@dataclass(frozen=True)
class SigmaFit:
    """Result of :func:`fit_sigma_binned` / :func:`fit_sigma_tail`.

    Attributes
    ----------
    sigma : float
        Maximum-likelihood standard deviation of the match margin (thresholds' unit).
    ci : tuple of float
        ``(low, high)`` interval at level ``confidence``.
    se : float
        Standard error from the observed information, 1/√(−ℓ''(σ̂)).
    loglik : float
        Log-likelihood at σ̂ (multinomial, without the constant term).
    n : int
        Number of matches.
    expected : numpy.ndarray
        Expected counts per outcome at σ̂ (central outcome first), summing to ``n``.
    confidence : float
        Level of ``ci``.
    method : str
        How ``ci`` was built: ``"profile"`` (likelihood ratio) or ``"wald-proportion"``.
    """

    sigma: float
    ci: tuple[float, float]
    se: float
    loglik: float
    n: int
    expected: np.ndarray
    confidence: float
    method: str


def fit_sigma_binned(counts, thresholds, *, confidence=0.90):
    """Maximum-likelihood σ of a zero-mean normal margin from counts of VP outcomes.

    Parameters
    ----------
    counts : array_like, shape (m + 1,)
        Observed matches per outcome, central outcome first: for a 20-0 scale the counts of
        the winner's VP 10, 11, ..., 20 (11 counts). With negative VPs the outcomes beyond
        20-0 follow (20-(-1), ..., 20-(-5)), each with its own threshold.
    thresholds : array_like, shape (m,)
        Positive, strictly increasing margins at which the winner's VP steps up, in the
        margin's unit: outcome k holds margins ``thresholds[k-1] <= |margin| <
        thresholds[k]``. This is the convention of ``VPScale.thresholds`` in
        :mod:`bridgestats.vpscale`. For a scale on integer margins (IMPs, where "1-3 → 11"),
        pass the half-way points (0.5, 3.5, ...) as a continuity correction.
    confidence : float, default 0.90
        Level of the profile-likelihood interval, strictly between 0 and 1.

    Returns
    -------
    SigmaFit

    Raises
    ------
    BridgestatsError
        Negative counts, thresholds not positive and increasing, ``len(counts) !=
        len(thresholds) + 1``, no observations, or every count in the central band (σ̂ = 0)
        or in the open top band (σ̂ = ∞): then σ is not identifiable. (All counts in one
        interior band do identify σ: the σ that makes that band most likely.)

    Notes
    -----
    The log-likelihood of the folded, interval-censored normal is

    ``ℓ(σ) = Σ_k n_k · log p_k(σ)``, ``p_k(σ) = P(t_k ≤ |X| < t_{k+1})``, X ~ N(0, σ²)

    (see :func:`band_probabilities`), with t₁..t_m the thresholds, t₀ = 0, t_{m+1} = ∞. It
    is maximised over log σ: a grid brackets the maximum, safeguarded Newton steps with
    analytic derivatives refine it. The interval is the profile-likelihood set
    ``{σ : 2[ℓ(σ̂) − ℓ(σ)] ≤ χ²₁(confidence)}`` and ``se`` uses the analytic second
    derivative (observed information). The model is Probst's [1]_ (§2, §11): the scales are
    built so that equally matched sides produce every outcome equally often; a zero mean is
    the equal-strength assumption, and stronger-against-weaker matches inflate σ̂.

    Jonathan Cooke's σ for Brighton 2005 rounds 1-2 (11.73 %, 90 % interval 11.04-12.55,
    §11) is not this estimator: his interval is reproduced to the printed 0.01 by
    :func:`fit_sigma_tail` on the 20-0 count alone (whose point estimate is 11.79). This
    maximum-likelihood fit on all 11 counts gives 11.66 (10.99-12.39).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2 (Tables 2-3),
       §10 (Table 6), §11 (Tables 7-8 and Cooke's estimate).

    Examples
    --------
    Brighton 2005 (Table 7), rounds 1 and 2, scored on the 2004 scale (Table 8, σ = 9.59 %):

    >>> counts = [23, 43, 39, 43, 38, 48, 50, 42, 40, 58, 90]
    >>> pct = [50.57, 51.73, 52.90, 54.13, 55.43, 56.83, 58.40, 60.23, 62.55, 65.99]
    >>> fit = fit_sigma_binned(counts, np.array(pct) - 50)
    >>> print(f"{fit.sigma:.2f} ({fit.ci[0]:.2f}-{fit.ci[1]:.2f}), n = {fit.n}")
    11.66 (10.99-12.39), n = 514
    """
    n_k = _check_counts(counts)
    t = _check_thresholds(thresholds)
    conf = _check_confidence(confidence)
    if n_k.size != t.size + 1:
        raise fail(
            "counts",
            f"one more entry than thresholds, {t.size + 1} (central outcome first)",
            n_k.tolist(),
        )
    total = n_k.sum()
    _check_identifiable(n_k, "counts")
    sigma, ll, lo, hi, se, p = _fit_rows(t, n_k[None, :], conf)
    return SigmaFit(
        sigma=float(sigma[0]),
        ci=(float(lo[0]), float(hi[0])),
        se=float(se[0]),
        loglik=float(ll[0]),
        n=round(float(total)),
        expected=total * p[0],
        confidence=conf,
        method="profile",
    )


def fit_sigma_groups(counts, thresholds, *, confidence=0.90):
    """:func:`fit_sigma_binned` for many groups at once (rounds, halves, events).

    Parameters
    ----------
    counts : array_like or pandas.DataFrame, shape (G, m + 1)
        One row of outcome counts per group, central outcome first (the convention of
        :func:`fit_sigma_binned`). A DataFrame keeps its index as the group labels.
    thresholds : array_like, shape (m,)
        As in :func:`fit_sigma_binned`.
    confidence : float, default 0.90
        Level of the profile-likelihood intervals, strictly between 0 and 1.

    Returns
    -------
    pandas.DataFrame
        One row per group (index: the group labels, or 0..G−1) with columns ``n``,
        ``sigma``, ``ci_low``, ``ci_high``, ``se``, ``loglik``.

    Notes
    -----
    The same model and interval as :func:`fit_sigma_binned`; all groups are fitted
    together (vectorised over groups), about 30 times faster than a loop of single fits
    (``benchmarks/bench_fit.py``: 2,000 samples of 514 matches).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 Table 7 (shipped as
       ``data/seeds/brighton_2005_vp_counts.csv``).

    Examples
    --------
    Brighton 2005 (Table 7), first and second half (rounds 1-7 and 8-14):

    >>> halves = [[77, 146, 145, 145, 175, 148, 146, 140, 179, 201, 297],
    ...           [67, 165, 130, 152, 171, 166, 162, 177, 183, 211, 215]]
    >>> pct = [50.57, 51.73, 52.90, 54.13, 55.43, 56.83, 58.40, 60.23, 62.55, 65.99]
    >>> print(fit_sigma_groups(halves, np.array(pct) - 50).round(2).to_string())
          n  sigma  ci_low  ci_high    se   loglik
    0  1799  11.46   11.11    11.83  0.22 -4234.58
    1  1799  10.49   10.18    10.82  0.19 -4263.55
    """
    index = counts.index if isinstance(counts, pd.DataFrame) else None
    arr = as_finite_array(counts, "counts")
    if arr.ndim != 2:
        raise fail("counts", "two-dimensional (groups × outcomes)", given=f"shape {arr.shape}")
    t = _check_thresholds(thresholds)
    conf = _check_confidence(confidence)
    if arr.shape[1] != t.size + 1:
        raise fail(
            "counts",
            f"rows of one more entry than thresholds, {t.size + 1} (central outcome first)",
            given=f"{arr.shape[1]} columns",
        )
    totals = arr.sum(axis=1)
    bad = np.any(arr < 0, axis=1) | (totals <= 0) | (arr[:, 0] == totals) | (arr[:, -1] == totals)
    if bad.any():
        g = int(np.flatnonzero(bad)[0])
        row = _check_counts(arr[g], f"counts (row {g})")
        _check_identifiable(row, f"counts (row {g})")
    sigma, ll, lo, hi, se, _ = _fit_rows(t, arr, conf)
    return pd.DataFrame(
        {
            "n": arr.sum(axis=1).round().astype(int),
            "sigma": sigma,
            "ci_low": lo,
            "ci_high": hi,
            "se": se,
            "loglik": ll,
        },
        index=index,
    )


def _check_identifiable(n_k: np.ndarray, name: str) -> None:
    total = n_k.sum()
    if n_k[0] == total or n_k[-1] == total:
        band = "central" if n_k[0] == total else "top"
        raise BridgestatsError(
            f"{name}: all observations are in the {band} band, so σ is not identifiable "
            f"(its maximum-likelihood value is {'0' if band == 'central' else 'infinite'}); "
            "counts must fall in at least two bands or in an interior band"
        )


def fit_sigma_tail(n_top, n, threshold, *, confidence=0.90):
    """σ from the proportion of matches at or beyond one margin (e.g. the 20-0s).

    Parameters
    ----------
    n_top : int
        Matches whose winner's margin reached ``threshold`` (e.g. the 20-0 count).
    n : int
        All matches.
    threshold : float
        The margin (> 0) of the top outcome, in the margin's unit.
    confidence : float, default 0.90
        Level of the interval, strictly between 0 and 1.

    Returns
    -------
    SigmaFit
        ``method == "wald-proportion"``; ``expected`` holds the two counts (below, at or
        beyond ``threshold``) at σ̂.

    Notes
    -----
    With p̂ = n_top/n and P(|X| ≥ t) = 2(1 − Φ(t/σ)), the estimate is
    ``σ̂ = t / Φ⁻¹(1 − p̂/2)`` (this is also the maximum-likelihood σ of the two-band
    data). The interval maps the Wald interval of the proportion,
    ``p̂ ± z·√(p̂(1 − p̂)/n)``, through the same formula, and ``se`` is the delta-method
    standard error. Where the Wald interval of the proportion leaves [0, 1] (few matches
    or a proportion near 0 or 1), its end is clipped there, and the σ interval reaches
    0 or ``inf``. Applied to Brighton 2005 rounds 1-2 (90 20-0s in 514 matches at
    65.99 %) it reproduces Jonathan Cooke's 90 % interval 11.04-12.55 [1]_ to the printed
    two decimals, which is how we believe Cooke worked; his printed point estimate,
    11.73, is not reproduced (this gives 11.79; the full-data maximum-likelihood fit
    :func:`fit_sigma_binned` gives 11.66).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11
       ("Cooke's stats shows that the STD for a random draw 8 board match is 11.73% with
       a 90% confidence level that it lies between 11.04 and 12.55").

    Examples
    --------
    >>> fit = fit_sigma_tail(90, 514, 15.99)
    >>> print(f"{fit.sigma:.2f} ({fit.ci[0]:.2f}-{fit.ci[1]:.2f})")
    11.79 (11.04-12.55)
    """
    n = check_int(n, "n", minimum=1)
    n_top = check_int(n_top, "n_top", minimum=0)
    if not 0 < n_top < n:
        raise fail("n_top", f"strictly between 0 and n = {n} for σ to be identifiable", n_top)
    t = check_number(_scalar(threshold), "threshold", low=0, low_open=True)
    conf = _check_confidence(confidence)
    p = n_top / n
    z = stats.norm.ppf(0.5 + conf / 2)
    half = z * np.sqrt(p * (1 - p) / n)
    # σ = t / Φ⁻¹(1 − q/2) at the proportion and at both ends of its Wald interval; a
    # Wald end beyond [0, 1] maps to the limit σ = 0 (q = 0) or σ = ∞ (q = 1)
    q = np.array([p, max(p - half, 0.0), min(p + half, 1.0)])
    with np.errstate(divide="ignore"):
        sigma, lo, hi = t / stats.norm.isf(q / 2)
    x = t / sigma
    # dσ/dp = t / (2 φ(x) x²)   (from p = 2(1 − Φ(t/σ)))
    se = t / (2 * stats.norm.pdf(x) * x**2) * np.sqrt(p * (1 - p) / n)
    prob = np.array([1 - p, p])
    return SigmaFit(
        sigma=float(sigma),
        ci=(float(lo), float(hi)),
        se=float(se),
        loglik=float(n_top * np.log(p) + (n - n_top) * np.log1p(-p)),
        n=n,
        expected=n * prob,
        confidence=conf,
        method="wald-proportion",
    )


# --------------------------------------------------------------------------- goodness of fit


@dataclass(frozen=True)
class FrequencyTest:
    """Result of :func:`frequency_test`.

    Attributes
    ----------
    chi2, g : float
        Pearson's X² and the likelihood-ratio statistic G = 2 Σ O·ln(O/E).
    df : int
        Degrees of freedom: bands − 1 − ``fitted_params``.
    p_chi2, p_g : float
        Upper-tail χ²(df) p-values of ``chi2`` and ``g``.
    residuals : numpy.ndarray
        Adjusted (Haberman) standardised residuals (O − E)/√(E(1 − E/N)), approximately
        N(0, 1) per band under the null hypothesis when no parameter was fitted.
    pearson_residuals : numpy.ndarray
        (O − E)/√E; their squares sum to ``chi2``.
    observed, expected : numpy.ndarray
        The counts tested.
    p_chi2_mc, p_g_mc : float or None
        Monte Carlo p-values (multinomial draws at the expected proportions), computed when
        some expected count is below 5 or when asked for; ``None`` otherwise.
    n_sim : int
        Number of Monte Carlo draws (0 when none were made).
    """

    chi2: float
    g: float
    df: int
    p_chi2: float
    p_g: float
    residuals: np.ndarray
    pearson_residuals: np.ndarray
    observed: np.ndarray
    expected: np.ndarray
    p_chi2_mc: float | None
    p_g_mc: float | None
    n_sim: int


def _pearson_and_g(obs: np.ndarray, exp: np.ndarray):
    """X² and G along the last axis, G in the deviance form (each term >= 0; 0·log 0 = 0).

    ``O ln(O/E) − (O − E)`` is ``E·(r ln r − r + 1)`` with ``r = O/E``; for r near 1 that
    is computed as ``E·((1 + d)·log1p(d) − d)`` with ``d = r − 1``, accurate where the
    plain difference would cancel to rounding noise.
    """
    chi2 = np.sum((obs - exp) ** 2 / exp, axis=-1)
    d = obs / exp - 1.0
    series = d * d * (0.5 - d * (1 / 6 - d * (1 / 12 - d / 20)))  # |d| < 1e-3: to d⁵
    with np.errstate(divide="ignore", invalid="ignore"):
        direct = (1.0 + d) * np.log1p(d) - d
    terms = exp * np.where(np.abs(d) < 1e-3, series, np.where(obs > 0, direct, 1.0))
    return chi2, 2.0 * np.maximum(terms, 0.0).sum(axis=-1)


def frequency_test(
    observed, expected, *, fitted_params=0, monte_carlo=None, n_sim=20_000, rng=None
):
    """Pearson χ² and likelihood-ratio G test of observed band counts against expected.

    Parameters
    ----------
    observed : array_like, shape (k,)
        Observed counts per band (e.g. per VP outcome).
    expected : array_like, shape (k,)
        Expected counts (all > 0) with the same total as ``observed`` (relative tolerance
        1e-6), e.g. ``n * band_probabilities(thresholds, sigma=s)`` or ``fit.expected``.
        Within that tolerance they are rescaled to the observed total exactly before the
        statistics are computed (so a rounding difference never reaches SciPy's stricter
        1.5e-8 check, nor makes G negative).
    fitted_params : int, default 0
        Parameters estimated from these same counts (1 when ``expected`` comes from
        :func:`fit_sigma_binned` on ``observed``); they are subtracted from the degrees
        of freedom.
    monte_carlo : bool or None, default None
        Also compute Monte Carlo p-values; ``None`` does so when some expected count is
        below 5, where the χ² approximation is poor.
    n_sim : int, default 20000
        Monte Carlo draws, 1 to :data:`MAX_N_SIM` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed (an integer >= 0) or generator for the Monte Carlo draws (reproducible when
        given); anything else (``"x"``) is refused.

    Returns
    -------
    FrequencyTest

    Notes
    -----
    ``X² = Σ (O − E)²/E`` and ``G = 2 Σ O ln(O/E)``, both referred to χ² with
    ``k − 1 − fitted_params`` degrees of freedom (:func:`scipy.stats.chi2` survival
    function). G is computed in the deviance form ``2 Σ [O ln(O/E) − (O − E)]`` (equal to
    the above when the totals agree, which the rescaling makes them), whose every term is
    >= 0: the plain sum cancels catastrophically when counts are large (near 10³⁰ it came
    out negative, with a NaN p-value), the deviance form stays >= 0 and accurate.
    Residuals are adjusted: a multinomial count has variance N·p(1 − p), so
    ``r = (O − E)/√(E(1 − E/N))`` is standard normal per band (Agresti, *Categorical Data
    Analysis*, §2.4.5); with fitted parameters they are slightly conservative.
    The Monte Carlo p-value is ``(1 + #{T* ≥ T})/(1 + n_sim)`` over multinomial samples at
    the expected proportions; with ``fitted_params > 0`` it does not refit, and is then
    conservative (a refitted statistic would be smaller).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §10 Table 6
       (the Sheffield 418 matches "plugged back into the table as a check"; shipped as
       ``data/seeds/sheffield_aggregate_bands.csv``).

    Examples
    --------
    Sheffield (Table 6): 418 matches on the 12-0 scale built for σ = 1790; the scale is
    equal-probability, so 6-6 expects 418/13 and every other band 2·418/13:

    >>> observed = [41, 66, 52, 62, 74, 60, 63]
    >>> expected = 418 / 13 * np.array([1, 2, 2, 2, 2, 2, 2])
    >>> res = frequency_test(observed, expected)
    >>> print(f"X2 = {res.chi2:.2f}, df = {res.df}, p = {res.p_chi2:.3f}")
    X2 = 6.69, df = 6, p = 0.350
    """
    obs = _check_counts(observed, "observed")
    exp = as_finite_array(expected, "expected")
    if exp.shape != obs.shape:
        raise fail("expected", f"the shape of observed {obs.shape}", given=f"shape {exp.shape}")
    check_positive(exp, "expected")
    if not np.isclose(exp.sum(), obs.sum(), rtol=1e-6, atol=0):
        raise fail(
            "expected",
            f"counts summing to the observed total {obs.sum():g} (not probabilities)",
            given=f"a sum of {exp.sum():g}",
        )
    fitted = check_int(fitted_params, "fitted_params", minimum=0)
    df = obs.size - 1 - fitted
    if df < 1:
        raise fail(
            "fitted_params",
            f"at most {obs.size - 2} (one degree of freedom left with {obs.size} bands)",
            fitted_params,
        )
    if monte_carlo is not None:
        monte_carlo = check_flag(monte_carlo, "monte_carlo")
    sims = check_int(n_sim, "n_sim", minimum=1, maximum=MAX_N_SIM)
    gen = check_rng(rng)
    total = obs.sum()
    exp = exp * (total / exp.sum())  # the same total exactly (within 1e-6 it already was)
    chi2, g = (float(v) for v in _pearson_and_g(obs, exp))
    p_chi2, p_g = (float(stats.chi2.sf(v, df)) for v in (chi2, g))
    pearson = (obs - exp) / np.sqrt(exp)
    adjusted = (obs - exp) / np.sqrt(exp * (1 - exp / total))
    use_mc = bool(np.any(exp < 5)) if monte_carlo is None else bool(monte_carlo)
    p_chi2_mc = p_g_mc = None
    if use_mc:
        check_whole(obs, "observed")  # multinomial draws need whole-number counts
        # 1e-9 relative slack so that ties with the observed statistic count as "as extreme"
        ge_chi2 = ge_g = 0
        for start in range(0, sims, _SIM_CHUNK):  # chunks: memory stays bounded
            size = min(_SIM_CHUNK, sims - start)
            draws = gen.multinomial(int(total), exp / total, size=size).astype(float)
            chi2_sim, g_sim = _pearson_and_g(draws, exp)
            ge_chi2 += int(np.sum(chi2_sim >= chi2 * (1 - 1e-9)))
            ge_g += int(np.sum(g_sim >= g * (1 - 1e-9)))
        p_chi2_mc = float((1 + ge_chi2) / (1 + sims))
        p_g_mc = float((1 + ge_g) / (1 + sims))
    else:
        sims = 0
    return FrequencyTest(
        chi2=float(chi2),
        g=float(g),
        df=int(df),
        p_chi2=float(p_chi2),
        p_g=float(p_g),
        residuals=adjusted,
        pearson_residuals=pearson,
        observed=obs,
        expected=exp,
        p_chi2_mc=p_chi2_mc,
        p_g_mc=p_g_mc,
        n_sim=sims,
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


def _cluster_bootstrap(sums: np.ndarray, statistic, *, n_boot: int, rng) -> np.ndarray:
    """Percentile-bootstrap replicates of ``statistic`` resampling rows of ``sums``.

    ``sums`` holds per-cluster totals, shape (C, q); a resample draws C cluster indices
    with replacement and adds their rows. ``statistic`` maps totals of shape (b, q) to
    (b,) or (b, r). Indices are drawn in chunks of at most 2·10⁶ to bound memory.
    """
    gen = check_rng(rng)
    c = sums.shape[0]
    chunk = max(1, min(n_boot, 2_000_000 // c))
    reps = []
    done = 0
    while done < n_boot:
        b = min(chunk, n_boot - done)
        idx = gen.integers(0, c, size=(b, c))
        reps.append(statistic(sums[idx].sum(axis=1)))
        done += b
    return np.concatenate(reps, axis=0)


def _percentile_ci(reps: np.ndarray, confidence: float) -> np.ndarray:
    """Percentile interval per column, over the replicates where the statistic is defined:
    a resample can hold only units that leave it 0/0 (NaN), e.g. only boards whose
    results all agree (B) or only one-board matches (ρ); those replicates are left out."""
    a = (1 - confidence) / 2
    return np.nanquantile(reps, [a, 1 - a], axis=0)


def _percentile_bootstrap(sums: np.ndarray, statistic, *, n_boot: int, rng, confidence):
    """Percentile interval ``(lo, hi)`` and standard error (sd of the replicates, ddof 1) of
    a scalar ``statistic`` by :func:`_cluster_bootstrap` over the rows of ``sums``
    (replicates where the statistic is undefined left out, see :func:`_percentile_ci`)."""
    reps = _cluster_bootstrap(sums, statistic, n_boot=n_boot, rng=rng)
    lo, hi = _percentile_ci(reps, confidence)
    return (float(lo), float(hi)), float(np.nanstd(reps, ddof=1))


def _root_ratio(tot: np.ndarray) -> np.ndarray:
    """√(first column / second) of summed totals: K from (Σx², n), B from (Σ butler², Σ linear);
    NaN where both are 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sqrt(tot[:, 0] / tot[:, 1])


def _cluster_codes(cluster, n: int) -> np.ndarray:
    labels = as_array(cluster, "cluster", dtype=object).ravel()
    try:
        codes, _ = pd.factorize(labels, use_na_sentinel=True)
    except TypeError:  # an unhashable label
        raise fail("cluster", "hashable labels (numbers or text)", cluster) from None
    if codes.size != n:
        raise fail("cluster", f"one label per swing ({n})", given=f"{codes.size} labels")
    if np.any(codes < 0):
        pos = int(np.flatnonzero(codes < 0)[0])
        raise fail(f"cluster: position {pos}", "a label", np.ravel(cluster)[pos])
    return codes


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


# --------------------------------------------------------------------------- Butler factor


@dataclass(frozen=True)
class ButlerFactor:
    """Result of :func:`butler_factor`.

    Attributes
    ----------
    b : float
        The Butler (Bavin) factor B (Probst: between 1.18 and 1.2, "let's call it 6/5").
    ci : tuple of float
        Percentile-bootstrap interval over boards.
    se : float
        Bootstrap standard deviation.
    n_boards : int
        Boards used.
    confidence : float
        Level of ``ci``.
    """

    b: float
    ci: tuple[float, float]
    se: float
    n_boards: int
    confidence: float


def butler_factor(butler_sd, cross_rms, n_tables, *, confidence=0.90, n_boot=2000, rng=None):
    """The ratio B of Butler IMPs to head-to-head IMPs on the same boards (Probst's 6/5).

    Parameters
    ----------
    butler_sd : array_like
        Per board: the standard deviation over tables of the Butler IMPs (each result
        IMPed against the board's datum), e.g. ``butler_imps_sd`` of
        :func:`field_spreads`, or ``butler_imps_sd_mean`` (Probst's datum: B ≈ 1.189) or
        ``butler_imps_sd_trimmed`` (B ≈ 1.158) of
        ``data/derived/fullfield_board_spreads.csv``.
    cross_rms : array_like
        Per board: the root mean square of the head-to-head IMPs over all pairs of tables
        (the board's own K), e.g. ``cross_imps_rms``.
    n_tables : array_like
        Per board: tables (results) R; a Butler result is compared with C = R − 1 others.
    confidence : float, default 0.90
        Level of the percentile-bootstrap interval (boards resampled), strictly between 0 and 1.
    n_boot : int, default 2000
        Bootstrap replicates, 10 to :data:`MAX_N_BOOT` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed (an integer >= 0) or generator (reproducible when given); anything else is
        refused.

    Returns
    -------
    ButlerFactor

    Notes
    -----
    Probst's σ of an online Butler match is ``B·K·√(n·C/(2R))`` [1]_ (§5). In points, a
    result minus the mean of R results (own included) has variance σ²·C/R, a head-to-head
    difference 2σ², so on a linear scale the Butler SD per board would be
    ``K·√(C/(2R))``; B is what the concave IMP table adds (a difference split in two
    scores more than half the IMPs: Probst's +420/+50 example). Pooling boards by their
    variances,

    ``B = √( Σ_b butler_sd_b² / Σ_b cross_rms_b² · C_b/(2R_b) )``.

    Bavin's conversion "multiply Butler IMPs by 5/6 of √(2R/C)" is 1/B with B = 6/5.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §5 ("Butler
       imps overstates the number of imps compared with teams of 4 by a factor that is
       between 1.18 and 1.2, let's call it 6/5"; σ = B × K × √(n × C/(2 × R)) + 1).

    Examples
    --------
    A board whose Butler SD is 6/5 of the linear expectation K·√(C/(2R)):

    >>> b = butler_factor([1.2 * 7 * np.sqrt(14 / 30)], [7.0], [15], rng=0)
    >>> print(f"{b.b:.3f}")
    1.200
    """
    bsd = check_positive(butler_sd, "butler_sd", allow_zero=True).ravel()
    crm = check_positive(cross_rms, "cross_rms", allow_zero=True).ravel()
    r = check_whole(n_tables, "n_tables", minimum=2).ravel().astype(float)  # two results
    if not (bsd.size == crm.size == r.size):
        raise fail(
            "cross_rms, n_tables",
            f"one entry per board like butler_sd ({bsd.size})",
            given=f"{crm.size} and {r.size} entries",
        )
    conf = _check_confidence(confidence)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=MAX_N_BOOT)
    rng = check_rng(rng)
    linear = crm**2 * (r - 1) / (2 * r)
    if linear.sum() <= 0:
        raise BridgestatsError("cross_rms: all 0, so B is undefined")
    sums = np.column_stack([bsd**2, linear])
    b = float(_root_ratio(sums.sum(axis=0, keepdims=True))[0])
    ci, se = _percentile_bootstrap(sums, _root_ratio, n_boot=n_boot, rng=rng, confidence=conf)
    return ButlerFactor(
        b=b,
        ci=ci,
        se=se,
        n_boards=int(bsd.size),
        confidence=conf,
    )


def _flatten_boards(scores) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenated results, the board index of each and the results per board (boards
    kept in input order, empty ones included)."""
    if isinstance(scores, str | bytes) or not isinstance(scores, Iterable):
        raise fail("scores", "a sequence of arrays, one per board", scores)
    arrays = [
        as_finite_array(a, f"scores (board {i})", allow_empty=True).ravel()
        for i, a in enumerate(scores)
    ]
    if not arrays:
        raise fail("scores", "one or more boards", given="none")
    lengths = np.array([a.size for a in arrays])
    return np.concatenate(arrays), np.repeat(np.arange(lengths.size), lengths), lengths


def field_spreads(scores, *, datum="mean", trim=0.1, gaps="upper"):
    """Per board of a full field: the spread of scores, Butler IMPs and head-to-head IMPs.

    Parameters
    ----------
    scores : sequence of array_like
        One array of North-South scores per board, every table that played it (e.g. the
        ``scores`` column of :func:`bridgestats.io.field_results`). Each board needs at
        least 2 results.
    datum : {"mean", "trimmed"}, default "mean"
        The Butler datum (:func:`bridgestats.scoring.butler_datum`). ``"mean"`` (all
        results, own included) is the datum behind Probst's √(C/(2R)); ``"trimmed"`` the
        tournament practice (drop the top and bottom ``trim``, round to 10).
    trim : float, default 0.1
        For ``datum="trimmed"``, in [0, 0.5).
    gaps : {"upper", "midpoint"}, default "upper"
        IMP gap rule for differences that are not multiples of 10
        (:func:`bridgestats.scoring.imps`).

    Returns
    -------
    pandas.DataFrame
        One row per board, in input order: ``n_tables`` (R), ``score_sd`` (population SD
        of the scores, points), ``butler_imps_sd`` (root mean square about 0 of each
        result's IMPs against the datum), ``cross_imps_rms`` (root mean square of
        imps(s_i − s_j) over the R(R − 1) ordered pairs i ≠ j: the board's head-to-head
        K). The last three are the inputs of :func:`butler_factor`.

    See Also
    --------
    bridgestats.io.field_results : the ``scores`` of each board from a tidy frame.
        ``data/derived/fullfield_board_spreads.csv`` holds these columns for the VALET
        archive, the Butler IMPs against both datums (``scripts/derive_archive_figures.py``):
        the trimmed datum gives B ≈ 1.158, the plain mean B ≈ 1.189.

    Notes
    -----
    ``butler_imps_sd² = Σ_i imps(s_i − d)²/R`` and
    ``cross_imps_rms² = Σ_{i≠j} imps(s_i − s_j)²/(R(R − 1))``. Butler IMPs come from
    :func:`bridgestats.scoring.score_board_results` (vectorised over boards); the pairwise
    IMPs from :func:`bridgestats.scoring.imps` on padded blocks of boards sorted by size.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §5 "How do we create a Butler Imp VP scale?".
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com): IMPs against the average
       score (the ``"mean"`` datum).

    Examples
    --------
    Probst's §5 board: +420 at one table, +50 to East-West at the other: 10 IMPs
    head-to-head, but 6 IMPs each way against a datum in the middle (net 12).

    >>> print(field_spreads([[420, -50]]).to_string())
       n_tables  score_sd  butler_imps_sd  cross_imps_rms
    0         2     235.0             6.0            10.0
    """
    import pandas as pd

    check_choice(datum, "datum", ("mean", "trimmed"))
    values, board, n = _flatten_boards(scores)
    if np.any(n < 2):
        bad = int(np.flatnonzero(n < 2)[0])
        raise fail(f"scores: board {bad}", "2 or more results", given=f"{n[bad]} result(s)")
    mean = np.bincount(board, weights=values) / n
    score_sd = np.sqrt(np.bincount(board, weights=(values - mean[board]) ** 2) / n)
    frame = pd.DataFrame({"board": board, "score_ns": values})
    butler = _score_board_results(frame, method="butler", datum=datum, trim=trim, gaps=gaps)
    b_imps = butler["imps_ns"].to_numpy(dtype=float)
    butler_sd = np.sqrt(np.bincount(board, weights=b_imps**2) / n)
    cross_sq = _pairwise_imp_squares(values, board, n, gaps=gaps)
    return pd.DataFrame(
        {
            "n_tables": n,
            "score_sd": score_sd,
            "butler_imps_sd": butler_sd,
            "cross_imps_rms": np.sqrt(cross_sq / (n * (n - 1))),
        }
    )


def _pairwise_imp_squares(values, board, n, *, gaps) -> np.ndarray:
    """Σ_{i≠j} imps(s_i − s_j)² per board, on NaN-padded blocks of similar-sized boards."""
    order = np.argsort(n, kind="stable")
    starts = np.concatenate([[0], np.cumsum(n)])
    out = np.zeros(n.size)
    i = 0
    while i < order.size:  # one block of boards per pass, at most ~4·10⁶ pair cells
        rows = max(1, 4_000_000 // int(n[order[i:]].max() ** 2))
        block = order[i : i + rows]
        width = int(n[block].max())
        col = np.arange(width)
        idx = starts[block][:, None] + col[None, :]
        valid = col[None, :] < n[block][:, None]
        x = np.where(valid, values[np.where(valid, idx, 0)], 0.0)
        diff = x[:, :, None] - x[:, None, :]
        sq = _imps(diff, gaps=gaps).astype(float) ** 2
        pair_ok = valid[:, :, None] & valid[:, None, :]
        out[block] = np.sum(np.where(pair_ok, sq, 0.0), axis=(1, 2))
        i += rows
    return out


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


def fit_strength_spread(margins, n_boards, *, cluster=None, confidence=0.90, n_boot=2000,
                        rng=None):  # fmt: skip
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
    ci = _percentile_ci(_cluster_bootstrap(sums, lambda t: _spread_ml(t, lengths),
                                           n_boot=n_boot, rng=rng), conf)  # fmt: skip
    return StrengthSpread(float(k), (float(ci[0, 0]), float(ci[1, 0])), float(delta),
                          (float(ci[0, 1]), float(ci[1, 1])), int(m.size), int(sums.shape[0]),
                          conf)  # fmt: skip
