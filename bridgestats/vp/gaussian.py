"""Gaussian equal-probability VP scales: their z values, σ from a top margin, a table's σ.

Probst's scales: the N + 1 outcomes of an N-0 scale equally likely between equally matched
sides whose margin is normal with σ (§2), Pomfrey's negative VPs (§2), a σ read back from
where a published table starts its 20-0 (§4) or fitted to all its thresholds.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §2, §3,
   §10, §11, §13 and Tables 2-12; the project ships Tables 6-8 in ``data/seeds/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._validate import (
    as_finite_array,
    check_number,
    check_positive,
    fail,
)
from .scale import (
    MAX_SIGMA,
    VPScale,
    _even_max_vp,
    _negative,
    _normal_quantile,
    _one,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ScaleFit", "fit_scale_sigma", "gaussian_scale", "gaussian_z", "sigma_from_top"]


def _step_probabilities(max_vp: int, negative: int) -> np.ndarray:
    """One-sided cumulative probability from the mean at each threshold (in (0, 1/2))."""
    outcomes = max_vp + 1
    half = max_vp // 2
    p = (2.0 * np.arange(half) + 1.0) / (2.0 * outcomes)
    if negative:
        # Pomfrey: the top band keeps half its probability 1/(N+1); the other half is
        # split equally into the `negative` steps below it (Probst §2).
        j = np.arange(negative)
        extra = (0.5 + j / (2.0 * negative)) / outcomes
        p = np.concatenate([p, p[-1] + extra])
    return p


def gaussian_z(max_vp=20, *, negative=0):
    """Thresholds of the equal-probability N-0 scale in standard deviations.

    Parameters
    ----------
    max_vp : int, optional
        The VP total N (even, 2 to :data:`MAX_VP` = 2000): 20 for 20-0, 12 for 12-0, 4, 6, 8
        for Patton.
    negative : int, optional
        Negative-VP steps below 0 for the loser (Pomfrey's rule), 0 by default (0 to
        :data:`MAX_NEGATIVE` = 2000).

    Returns
    -------
    ndarray
        ``max_vp/2 + negative`` ascending z values.

    Notes
    -----
    The N + 1 outcomes N-0, ..., (N/2)-(N/2), ..., 0-N are equally likely between equally
    matched sides, so the central outcome covers |z| < z₀ and the k-th edge is [1]_

    .. math:: z_k = \\Phi^{-1}\\left(\\frac12 + \\frac{2k+1}{2(N+1)}\\right),
              \\quad k = 0, \\dots, N/2 - 1

    With ``negative`` = ν steps, the top band keeps half its probability and the other
    half is split equally:

    .. math:: z_{N/2 - 1 + j} = \\Phi^{-1}\\left(\\frac12 + \\frac{N-1}{2(N+1)}
              + \\frac{1}{N+1}\\left(\\frac12 + \\frac{j - 1}{2\\nu}\\right)\\right),
              \\quad j = 1, \\dots, \\nu

    Φ⁻¹ is the exact normal quantile (:meth:`statistics.NormalDist.inv_cdf`). Probst's printed
    values were interpolated linearly in a printed normal table (his Table 1) and written
    to three decimals, mostly rounded, some truncated, a few neither; they differ from
    these by up to 0.0007 in Table 2 and 0.0017 in Table 11 (0.763 against 0.7647).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2 and Tables 2 and 3; §10 (13-tiles);
       §13 (5-, 7- and 9-tiles).

    Examples
    --------
    Table 2 (0.059 0.180 0.303 0.431 0.566 0.712 0.876 1.068 1.309 1.668) and Table 3:

    >>> gaussian_z(20).round(3)
    array([0.06 , 0.18 , 0.303, 0.431, 0.566, 0.712, 0.876, 1.068, 1.309, 1.668])
    >>> gaussian_z(20, negative=5)[9:].round(3)
    array([1.668, 1.981, 2.074, 2.189, 2.345, 2.593])
    """
    m = _even_max_vp(max_vp)
    neg = _negative(negative)
    return _normal_quantile(0.5 + _step_probabilities(m, neg))


def sigma_from_top(top_margin, *, max_vp=20, centre=0.0):
    """The σ whose Gaussian scale starts its top outcome (20-0) at ``top_margin``.

    Parameters
    ----------
    top_margin : float or array_like
        Where the top outcome starts, in the scale's unit (e.g. 67.68 % with
        ``centre=50``).
    max_vp : int, optional
        The VP total (20).
    centre : float, optional
        The score of a tie (50 for matchpoint percentages, else 0).

    Returns
    -------
    float or ndarray
        σ = (top_margin − centre) / z_top.

    Notes
    -----
    .. math:: \\sigma = (P_{top} - c)/z_{N/2-1}, \\qquad z_9 = 1.668 \\text{ for 20-0}

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §4: "this gives a standard deviation
       for the 8 board match of 50/(1.668 x sqrt(8)) = 10.598".

    Examples
    --------
    The article divides by its printed 1.668 and gets 10.598; the exact z₉ = 1.66839
    gives 10.596:

    >>> float(sigma_from_top(50 + 50 / 8**0.5, centre=50))
    10.596
    """
    top = as_finite_array(top_margin, "top_margin") - check_number(_one(centre), "centre")
    check_positive(top, "top_margin - centre")
    z_top = gaussian_z(max_vp)[-1]
    s = top / z_top
    return s[()] if s.ndim == 0 else s


def gaussian_scale(
    max_vp=20, *, sigma=1.0, negative=0, centre=0.0, unit="margin", step=None, name=None
):
    """The equal-probability (Gaussian) N-0 scale for matches with margin σ.

    Parameters
    ----------
    max_vp : int, optional
        The VP total (even, 2 to :data:`MAX_VP`): 20, 12 (aggregate, §10), 4, 6, 8 (Patton,
        §13), ...
    sigma : float, optional
        σ of the match margin in its unit (1: the scale in standard deviations); > 0 and at
        most :data:`MAX_SIGMA` (10⁶).
    negative : int, optional
        Negative-VP steps (Pomfrey's rule, §2), 0 by default (at most :data:`MAX_NEGATIVE`).
    centre, unit, step, name : optional
        Stored on the :class:`VPScale` (see there).

    Returns
    -------
    VPScale
        Thresholds ``sigma * gaussian_z(max_vp, negative=negative)``.

    Notes
    -----
    .. math:: t_k = \\sigma\\,\\Phi^{-1}\\left(\\frac12 + \\frac{2k+1}{2(N+1)}\\right)

    (and the negative steps of :func:`gaussian_z`).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2-3 and Tables 2-5.

    Examples
    --------
    Table 4 (8 boards, K = 6.5, σ = 18.38): computed IMP range of 19-1 is 24.1-30.7:

    >>> from bridgestats.sigma import sigma_teams
    >>> np.round(gaussian_scale(sigma=sigma_teams(8)).thresholds[-2:], 1)
    array([24.1, 30.7])
    """
    s = check_number(_one(sigma), "sigma", low=0, high=MAX_SIGMA, low_open=True)
    z = gaussian_z(max_vp, negative=negative)
    return VPScale(
        tuple(s * z),
        max_vp=max_vp,
        negative=negative,
        sigma=s,
        centre=centre,
        unit=unit,
        step=step,
        name=name,
    )


@dataclass(frozen=True)
class ScaleFit:
    """Result of :func:`fit_scale_sigma`.

    Attributes
    ----------
    sigma : float
        The least-squares σ.
    residuals : ndarray
        Published threshold minus fitted threshold (``sigma * z``), relative to centre.
    z : ndarray
        The Gaussian scale's thresholds in σ units.
    rms : float
        Root mean square of the residuals.
    thresholds : ndarray
        The published thresholds, relative to ``centre``.
    max_vp, negative : int
        The table's VP total and negative steps.
    centre : float
        The score of a tie (50 for matchpoint %).
    """

    sigma: float
    residuals: np.ndarray
    z: np.ndarray
    rms: float
    thresholds: np.ndarray
    max_vp: int = 20
    negative: int = 0
    centre: float = 0.0

    def to_frame(self) -> pd.DataFrame:
        """One row per threshold: ``vp_winner``, ``vp_loser`` (of the outcome it starts),
        ``published`` and ``fitted`` (in displayed units, ``centre`` added) and
        ``residual`` (published − fitted)."""
        import pandas as pd

        j = np.arange(1, self.z.size + 1)
        half = self.max_vp // 2
        return pd.DataFrame(
            {
                "vp_winner": np.minimum(half + j, self.max_vp),
                "vp_loser": half - j,
                "published": self.centre + self.thresholds,
                "fitted": self.centre + self.sigma * self.z,
                "residual": self.residuals,
            }
        )


def fit_scale_sigma(thresholds, *, max_vp=20, negative=0, centre=0.0):
    """The σ of the Gaussian scale closest to a published threshold table.

    Parameters
    ----------
    thresholds : array_like or VPScale
        Published ascending thresholds (IMPs, points, or % with ``centre=50``).
    max_vp : int, optional
        The VP total of the table (20).
    negative : int, optional
        How many of the thresholds are negative-VP steps.
    centre : float, optional
        The score of a tie (50 for matchpoint % tables), subtracted first.

    Returns
    -------
    ScaleFit

    Notes
    -----
    The Gaussian thresholds are linear in σ, t_k = σ z_k, so least squares has the
    closed form

    .. math:: \\hat\\sigma = \\frac{\\sum_k z_k t_k}{\\sum_k z_k^2}

    For tables of whole-IMP band starts L, the continuous threshold lies in (L − 1, L]:
    pass ``L - 0.5`` for an unbiased fit.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 and Table 8 ("the STD of the 2004
       table is 9.59"; "Max settled on STD = 11%"; the EBU 2006 column, shipped as
       ``data/seeds/ebu_swiss_pairs_7_9.csv``).

    Examples
    --------
    The EBU Swiss pairs table for 7-9 boards:

    >>> fit = fit_scale_sigma([50.65, 51.98, 53.33, 54.74, 56.23, 57.83, 59.64, 61.75,
    ...                        64.40, 68.35], centre=50)
    >>> round(fit.sigma, 2), round(float(np.abs(fit.residuals).max()), 3)
    (11.0, 0.007)
    >>> fit.to_frame().round(3).tail(2)
       vp_winner  vp_loser  published  fitted  residual
    8         19         1      64.40  64.401    -0.001
    9         20         0      68.35  68.352    -0.002
    """
    if isinstance(thresholds, VPScale):
        scale = thresholds
        t = np.asarray(scale.thresholds)
        max_vp, negative, centre = scale.max_vp, scale.negative, scale.centre
    else:
        t = as_finite_array(thresholds, "thresholds").ravel() - check_number(_one(centre), "centre")
    z = gaussian_z(max_vp, negative=negative)
    if t.size != z.size:
        raise fail(
            "thresholds",
            f"{z.size} margins (a {max_vp}-0 scale with {negative} negative steps)",
            t.tolist(),
        )
    sigma = float(z @ t / (z @ z))
    if sigma <= 0:
        raise fail("thresholds", "above the centre (a fitted sigma > 0)", t.tolist())
    residuals = t - sigma * z
    rms = float(np.sqrt(np.mean(residuals**2)))
    return ScaleFit(sigma, residuals, z, rms, t, int(max_vp), int(negative), float(centre))
