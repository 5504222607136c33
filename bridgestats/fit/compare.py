"""Do groups of VP counts share one σ? Likelihood-ratio tests of the binned normal model across
groups (halves, rounds, events), one group against the rest, and Holm's correction for the
many p-values that gives.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §11
   (Brighton 2005, Table 7).
.. [2] S. Holm, "A simple sequentially rejective multiple test procedure", Scandinavian
   Journal of Statistics 6 (1979), 65-70.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from .._validate import as_finite_array, fail
from .vp_counts import fit_sigma_groups

__all__ = ["SigmaLRTest", "holm", "sigma_lr_test", "sigma_one_vs_rest"]


def holm(p_values):
    """Holm's step-down adjusted p-values (family-wise error rate).

    Parameters
    ----------
    p_values : array_like
        One p-value per test, each in [0, 1].

    Returns
    -------
    numpy.ndarray
        Adjusted p-values, same order and shape as ``p_values``: reject test i at level α
        when its adjusted p-value is ≤ α, and the chance of any false rejection is at most α.

    Notes
    -----
    With the m p-values sorted, p₍₁₎ ≤ ... ≤ p₍ₘ₎, the adjusted value of the j-th is
    ``max_{i ≤ j} min(1, (m − i + 1)·p₍ᵢ₎)`` [1]_ (the running maximum keeps the order;
    tied p-values get one value, whichever order they sort in). The tests hold it to
    statsmodels' ``multipletests(method="holm")``, which this does not call: that function
    runs a full garbage collection on every call (statsmodels 0.15), some 86 ms each in a
    process holding a study's simulations, 2.8 s of the compare_scales report's 53 s.

    References
    ----------
    .. [1] S. Holm, "A simple sequentially rejective multiple test procedure",
       Scandinavian Journal of Statistics 6 (1979), 65-70.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.06, 0.06]
    """
    p = as_finite_array(p_values, "p_values")
    if np.any((p < 0) | (p > 1)):
        raise fail("p_values", "p-values in [0, 1]", p[(p < 0) | (p > 1)][0].item())
    flat = p.ravel()
    m = flat.size
    order = np.argsort(flat, kind="stable")
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * flat[order]))
    return adjusted.reshape(p.shape)


@dataclass(frozen=True)
class SigmaLRTest:
    """Result of :func:`sigma_lr_test`.

    Attributes
    ----------
    statistic : float
        G² = 2(Σ_g ℓ_g(σ̂_g) − ℓ(σ̂)): each group its own σ against one σ for all.
    df : int
        Groups − 1.
    p_value : float
        Upper tail of χ²(df) at ``statistic``.
    sigma_pooled : float
        The one σ of the null hypothesis (the fit of the pooled counts).
    groups : pandas.DataFrame
        :func:`~bridgestats.fit.fit_sigma_groups` of the groups (``n``, ``sigma``,
        ``ci_low``, ``ci_high``, ``se``, ``loglik``).
    """

    statistic: float
    df: int
    p_value: float
    sigma_pooled: float
    groups: pd.DataFrame


def _as_table(counts) -> tuple[np.ndarray, pd.Index | None]:
    index = counts.index if isinstance(counts, pd.DataFrame) else None
    arr = as_finite_array(counts, "counts")
    if arr.ndim != 2 or arr.shape[0] < 2:
        raise fail(
            "counts", "two-dimensional with two or more groups (rows)", given=f"shape {arr.shape}"
        )
    return arr, index


def sigma_lr_test(counts, thresholds, *, confidence=0.90):
    """Likelihood-ratio test that every group's VP counts come from one σ.

    Parameters
    ----------
    counts : array_like or pandas.DataFrame, shape (G, m + 1), G >= 2
        One row of outcome counts per group, central outcome first (as
        :func:`~bridgestats.fit.fit_sigma_groups`).
    thresholds : array_like, shape (m,)
        The scale's thresholds (margins at which the winner's VP steps up).
    confidence : float, default 0.90
        Level of the groups' profile intervals (reported in ``groups``; the test does not
        depend on it).

    Returns
    -------
    SigmaLRTest

    Notes
    -----
    Under H₀ every group has the same σ; the log-likelihood of the groups at a common σ is
    that of the pooled counts, so ``G² = 2(Σ_g ℓ̂_g − ℓ̂_pooled)`` with G − 1 degrees of
    freedom (Wilks). This compares the groups directly: two 90 % intervals can overlap
    while the difference is significant at 5 %, and vice versa.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 (the halves of Brighton 2005).

    Examples
    --------
    Brighton 2005, rounds 1-7 against 8-14 (Probst Table 7), on the 2004 scale:

    >>> halves = [[77, 146, 145, 145, 175, 148, 146, 140, 179, 201, 297],
    ...           [67, 165, 130, 152, 171, 166, 162, 177, 183, 211, 215]]
    >>> pct = [50.57, 51.73, 52.90, 54.13, 55.43, 56.83, 58.40, 60.23, 62.55, 65.99]
    >>> r = sigma_lr_test(halves, np.array(pct) - 50)
    >>> print(f"G2 = {r.statistic:.2f} on {r.df} df, p = {r.p_value:.1e}")
    G2 = 10.99 on 1 df, p = 9.2e-04
    """
    arr, index = _as_table(counts)
    groups = fit_sigma_groups(pd.DataFrame(arr, index=index), thresholds, confidence=confidence)
    pooled = fit_sigma_groups(arr.sum(axis=0, keepdims=True), thresholds, confidence=confidence)
    stat = max(2.0 * (groups["loglik"].sum() - pooled["loglik"].iloc[0]), 0.0)
    df = arr.shape[0] - 1
    return SigmaLRTest(
        statistic=float(stat),
        df=int(df),
        p_value=float(stats.chi2.sf(stat, df)),
        sigma_pooled=float(pooled["sigma"].iloc[0]),
        groups=groups,
    )


def sigma_one_vs_rest(counts, thresholds, *, confidence=0.90):
    """Each group's σ against the σ of all the other groups, with Holm-adjusted p-values.

    Parameters
    ----------
    counts : array_like or pandas.DataFrame, shape (G, m + 1), G >= 2
        As :func:`sigma_lr_test`.
    thresholds : array_like, shape (m,)
        As :func:`sigma_lr_test`.
    confidence : float, default 0.90
        Level of the σ intervals shown.

    Returns
    -------
    pandas.DataFrame
        One row per group (the DataFrame's index, or 0..G−1): ``n``, ``sigma``,
        ``ci_low``, ``ci_high`` (the group's own fit), ``sigma_rest`` (the fit of the other
        groups pooled), ``statistic`` (G² on 1 df of :func:`sigma_lr_test` of the group
        against the rest), ``p_value`` and ``p_holm`` (:func:`holm` over the G tests).

    Notes
    -----
    G tests at once: read ``p_holm`` (family-wise error rate), not ``p_value``, to say
    that some group differs from the rest. The tests are not independent (each group is
    in the others' "rest"); Holm's procedure needs no independence.

    Examples
    --------
    Brighton 2005 rounds 1-2 against rounds 8-14 (Probst Table 7), on the 2004 scale:

    >>> t = [0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99]
    >>> rows = [[23, 43, 39, 43, 38, 48, 50, 42, 40, 58, 90],
    ...         [67, 165, 130, 152, 171, 166, 162, 177, 183, 211, 215]]
    >>> r = sigma_one_vs_rest(rows, t)
    >>> print(r[["sigma", "sigma_rest", "statistic", "p_holm"]].round(3).to_string())
        sigma  sigma_rest  statistic  p_holm
    0  11.656      10.494      6.919   0.017
    1  10.494      11.656      6.919   0.017
    """
    arr, index = _as_table(counts)
    own = fit_sigma_groups(arr, thresholds, confidence=confidence)
    rest = fit_sigma_groups(arr.sum(axis=0) - arr, thresholds, confidence=confidence)
    pooled = fit_sigma_groups(arr.sum(axis=0, keepdims=True), thresholds, confidence=confidence)
    stat = np.maximum(2.0 * (own["loglik"] + rest["loglik"] - pooled["loglik"].iloc[0]), 0.0)
    p = stats.chi2.sf(stat, 1)
    out = own[["n", "sigma", "ci_low", "ci_high"]].copy()
    out["sigma_rest"] = rest["sigma"].to_numpy()
    out["statistic"] = stat.to_numpy()
    out["p_value"] = p
    out["p_holm"] = holm(p)
    if index is not None:
        out.index = index
    return out
