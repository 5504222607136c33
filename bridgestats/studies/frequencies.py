"""What a VP scale does under the evidence: each outcome's share at a σ, over a range of σ.

:func:`outcome_frequencies` (the expected share of each outcome at a σ) and
:func:`sensitivity` (the same over a range of σ, with the top outcome's share).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3, §10
   and §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from .._validate import (
    as_finite_array,
    check_number,
    fail,
)
from ..vp import VPScale

__all__ = [
    "outcome_frequencies",
    "sensitivity",
]


# --------------------------------------------------------------------------- scales under σ


def _check_scales(scales) -> dict:
    if not isinstance(scales, dict) or not scales:
        raise fail("scales", "a non-empty dict of name -> VPScale", scales)
    for name, scale in scales.items():
        if not isinstance(scale, VPScale):
            raise fail("scales", "VPScale values", given=f"{name!r}: {type(scale).__name__}")
    return scales


def _frequencies(scale: VPScale, sigma) -> np.ndarray:
    """Outcome probabilities at σ (array (s,) → (s, outcomes)); whole-unit scales with the
    continuity correction of :meth:`VPScale.integer_ranges` (a band starts at ⌈t/step⌉·step,
    so a normal margin rounded to the step reaches it from ⌈t/step⌉·step − step/2)."""
    t = np.asarray(scale.thresholds, dtype=float)
    if scale.step:
        t = np.ceil(t / scale.step - 1e-9) * scale.step - scale.step / 2
    sig = np.atleast_1d(np.asarray(sigma, dtype=float))
    upper = stats.norm.sf(t[None, :] / sig[:, None])  # P(margin >= t), one side
    tail = np.column_stack([np.full(sig.size, 0.5), upper, np.zeros(sig.size)])
    return 2 * (tail[:, :-1] - tail[:, 1:])  # the tie: 2(½ − P(m >= t₀)) = 1 − 2·P(m >= t₀)


def outcome_frequencies(scales, *, sigma):
    """The expected share of each outcome of each scale between equal sides at one σ.

    Parameters
    ----------
    scales : dict of str -> VPScale
        The scales (a Gaussian design, a published table, the WBF discrete scale ...), in
        the margin's unit; a scale with a ``step`` (whole IMPs) is read as printed in whole
        units (continuity correction).
    sigma : float
        σ of the match margin (> 0), in the same unit.

    Returns
    -------
    pandas.DataFrame
        One row per scale and outcome (central first): ``scale``, ``outcome`` (label),
        ``vp_winner``, ``probability`` (both signs folded), ``equal_share`` (what an
        equal-probability scale gives that outcome: 1/(N + 1) for the tie, 2/(N + 1) for
        the others; NaN for a scale with negative VPs) and ``ratio`` (probability over
        equal share).

    Examples
    --------
    The EBU 7-9 board table at σ = 11 % (the σ it was built for): every outcome near its share.

    >>> from bridgestats import datasets
    >>> from bridgestats.vp import scale_from_thresholds
    >>> ebu = scale_from_thresholds(datasets.load("seeds/ebu_swiss_pairs_7_9").threshold_pct,
    ...                             centre=50)
    >>> f = outcome_frequencies({"ebu": ebu}, sigma=11.0)
    >>> print(f.ratio.round(2).tolist())
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """
    scales = _check_scales(scales)
    sig = check_number(sigma, "sigma", low=0, low_open=True)
    rows = []
    for name, scale in scales.items():
        p = _frequencies(scale, sig)[0]
        share = np.r_[1.0, np.full(len(scale.thresholds), 2.0)] / (scale.max_vp + 1)
        if scale.negative:
            share = np.full(p.size, np.nan)
        rows.append(
            pd.DataFrame(
                {
                    "scale": name,
                    "outcome": scale.labels,
                    "vp_winner": scale.vp_winner,
                    "probability": p,
                    "equal_share": share,
                    "ratio": p / share,
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def sensitivity(scales, *, sigmas):
    """How each scale's outcome shares move over a range of σ: the 20-0, the 10-10, the
    band furthest from its share.

    Parameters
    ----------
    scales : dict of str -> VPScale
        As :func:`outcome_frequencies` (20-0-type scales without negative VPs).
    sigmas : array_like
        The σ values (> 0).

    Returns
    -------
    pandas.DataFrame
        One row per scale and σ: ``scale``, ``sigma``, ``p_top`` (the top outcome, e.g.
        20-0), ``p_tie`` (10-10), ``top_ratio`` (p_top over its equal share),
        ``worst_outcome`` and ``worst_ratio`` (the outcome whose probability is furthest,
        in ratio, from its equal share, and that ratio).

    Examples
    --------
    >>> from bridgestats.vp import gaussian_scale
    >>> t = sensitivity({"sigma 11": gaussian_scale(sigma=11.0)}, sigmas=[9.59, 11.0, 12.0])
    >>> print(t[["sigma", "p_top", "top_ratio"]].round(3).to_string(index=False))
     sigma  p_top  top_ratio
      9.59  0.056      0.584
     11.00  0.095      1.000
     12.00  0.126      1.325
    """
    scales = _check_scales(scales)
    sig = as_finite_array(sigmas, "sigmas").ravel()
    if np.any(sig <= 0):
        raise fail("sigmas", "positive numbers", float(sig[sig <= 0][0]))
    rows = []
    for name, scale in scales.items():
        if scale.negative:
            raise fail("scales", "scales without negative VPs", given=f"{name!r}")
        p = _frequencies(scale, sig)
        share = np.r_[1.0, np.full(len(scale.thresholds), 2.0)] / (scale.max_vp + 1)
        ratio = p / share
        worst = np.argmax(np.abs(np.log(np.maximum(ratio, 1e-300))), axis=1)
        rows.append(
            pd.DataFrame(
                {
                    "scale": name,
                    "sigma": sig,
                    "p_top": p[:, -1],
                    "p_tie": p[:, 0],
                    "top_ratio": ratio[:, -1],
                    "worst_outcome": np.asarray(scale.labels)[worst],
                    "worst_ratio": ratio[np.arange(sig.size), worst],
                }
            )
        )
    return pd.concat(rows, ignore_index=True)
