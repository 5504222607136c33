"""Goodness of fit of observed VP outcome counts: Pearson χ², likelihood-ratio G, adjusted
residuals, and a Monte Carlo p-value when expected counts are small."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from .._validate import (
    as_finite_array,
    check_flag,
    check_int,
    check_positive,
    check_rng,
    check_whole,
    fail,
)
from ._common import _SIM_CHUNK, MAX_N_SIM, _check_counts

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
    d = obs / exp - 1.0
    chi2 = np.sum(exp * d * d, axis=-1)  # (O - E)²/E without squaring O - E (no overflow)
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
    with np.errstate(over="ignore"):  # a total beyond floats is refused just below
        obs = _check_counts(observed, "observed")
        exp = as_finite_array(expected, "expected")
        if exp.shape != obs.shape:
            raise fail("expected", f"the shape of observed {obs.shape}", given=f"shape {exp.shape}")
        for arr, name in ((obs, "observed"), (exp, "expected")):
            if not np.isfinite(arr.sum()):
                raise fail(name, "counts whose total is a finite number", given=str(arr.tolist()))
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
    # 1 - p_i as the other bands' share, summed without them (not 1 - exp/total, which
    # rounds to 0 when one band holds nearly every count: a NaN residual beside finite G)
    others = np.where(np.eye(exp.size, dtype=bool), 0.0, exp).sum(axis=1)
    adjusted = (obs - exp) / np.sqrt(exp * (others / total))
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
