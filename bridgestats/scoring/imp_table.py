"""IMPs: the WBF IMP table, its two readings of the gaps between printed bands, and
:func:`imps`, a score difference in IMPs.

References
----------
.. [1] Funbridge, "Frequently asked questions", funbridge.com (the IMP conversion
   table, the datum example).
"""

from __future__ import annotations

import numpy as np

from .._validate import as_finite_array, check_choice, fail

__all__ = ["GAP_RULES", "IMP_TABLE_LOWER", "IMP_TABLE_UPPER", "imps"]

#: Printed upper ends of the WBF IMP bands 0..23 (points); 4000 and more is 24 IMPs.
#: Funbridge, "Frequently asked questions" (funbridge.com), "Conversion table for IMP
#: scores"; the page prints 1,500-1,740 and 2,250-2,490 with full stops as thousands
#: separators.
IMP_TABLE_UPPER = np.array(
    [
        10,
        40,
        80,
        120,
        160,
        210,
        260,
        310,
        360,
        420,
        490,
        590,
        740,
        890,
        1090,
        1290,
        1490,
        1740,
        1990,
        2240,
        2490,
        2990,
        3490,
        3990,
    ],
    dtype=np.int64,
)
#: Printed lower ends of the IMP bands 0..24 (same source): 0, 20, 50, ..., 3500, 4000.
IMP_TABLE_LOWER = np.concatenate([[0], IMP_TABLE_UPPER + 10])
#: The rules for differences that fall between two printed bands (see :func:`imps`).
GAP_RULES = ("upper", "midpoint")
# "midpoint" boundaries: halfway between a band's printed upper end and the next lower end.
_IMP_MIDPOINTS = (IMP_TABLE_UPPER + IMP_TABLE_LOWER[1:]) / 2.0


def imps(score_diff, *, gaps="upper"):
    """Convert score differences (points) to IMPs by the WBF table.

    Parameters
    ----------
    score_diff : array_like
        Differences of two scores, in points (any sign; need not be multiples of 10): finite
        numbers, not text (``"30"`` is refused).
    gaps : {"upper", "midpoint"}, keyword-only
        Where a difference between two printed bands goes. ``"upper"``: a band's printed
        upper end is inclusive and anything above it belongs to the next band (Funbridge:
        425 → 10 IMPs). ``"midpoint"``: the boundary is halfway between a band's printed
        upper end and the next band's printed lower end (15, 45, 85, ..., 425, ..., 3995);
        a difference exactly on a midpoint goes to the **higher** band, i.e. the rule is
        "round |score_diff| to the nearest 10, halves up, then read the table".

    Returns
    -------
    numpy.ndarray or numpy.int64
        IMPs (int64), same shape as ``score_diff``; negative for negative differences.

    Notes
    -----
    With the printed upper ends :math:`u_0 < \\dots < u_{23}` (10, 40, ..., 3990),

    .. math:: \\mathrm{imps}(d) = \\operatorname{sign}(d)\\,\\#\\{k : u_k < |d|\\}

    for ``"upper"``, and with midpoints :math:`m_k = (u_k + u_k + 10)/2 = u_k + 5`,
    :math:`\\operatorname{sign}(d)\\,\\#\\{k : m_k \\le |d|\\}` for ``"midpoint"``. Both
    agree with the printed table on multiples of 10 and are antisymmetric,
    imps(−d) = −imps(d). The table is expanded once (by :func:`numpy.searchsorted`) into
    the IMPs of every integer difference −4000..4000; since the edges are integers, a
    float difference only needs its integer :math:`\\lceil |d| \\rceil` ("upper") or
    :math:`\\lfloor |d| \\rfloor` ("midpoint"), with its sign, to be looked up.

    The FAQ is not quite self-consistent: its datum example says 425 and 455 "fall within
    the same range: 420 -> 490 = 10 IMPs", while its table prints that band as 430-490.
    The ``"upper"`` rule is the reading that makes the example right (425 > 420 → 10).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "Conversion table for
       IMP scores" and the datum example.

    Examples
    --------
    Funbridge's examples: +630 against +600 is 1 IMP, −100 against +600 loses 12 IMPs,
    and 425 and 455 above a datum of 205 are both 10 IMPs:

    >>> imps([630 - 600, -100 - 600, 630 - 205, 660 - 205])
    array([  1, -12,  10,  10])
    >>> imps([425, 424], gaps="midpoint")
    array([10,  9])
    """
    check_choice(gaps, "gaps", GAP_RULES)
    d = _diff_array(score_diff)
    shape = d.shape
    d = d.reshape(-1)  # a view for contiguous input; keeps 0-d input an array
    if d.dtype.kind == "f":
        # the band edges are integers, so only one integer per difference matters:
        # "upper" counts edges u < |d|, i.e. u < ceil(|d|); "midpoint" edges m <= |d|,
        # i.e. m <= floor(|d|) (trunc keeps the sign)
        if gaps == "upper":
            idx = np.ceil(np.abs(d))
            np.copysign(idx, d, out=idx)
        else:
            idx = np.trunc(d)
        d = np.clip(idx, -_LUT_HALF, _LUT_HALF, out=idx).astype(np.intp)
    elif d.dtype.kind == "u":
        # clip before the cast: uint64 above 2**63 - 1 would wrap to a negative int64
        d = np.minimum(d.astype(np.uint64, copy=False), _LUT_HALF).astype(np.int64)
    else:
        d = np.clip(d.astype(np.int64, copy=False), -_LUT_HALF, _LUT_HALF)
    d += _LUT_HALF
    out = _IMP_LUT[gaps].take(d).reshape(shape)
    return out[()] if out.ndim == 0 else out


def _diff_array(score_diff) -> np.ndarray:
    """``score_diff`` as an int or float array; NaN/inf raise (checked by two reductions)."""
    try:
        d = np.asarray(score_diff)
        if d.dtype.kind == "c":
            raise TypeError("complex numbers are not score differences")
        if d.dtype.kind not in "iuf":  # text ("30") is refused, not read as a number
            d = as_finite_array(score_diff, "score_diff", allow_empty=True)
    except (TypeError, ValueError) as exc:
        raise fail("score_diff", "numbers", score_diff) from exc
    if d.dtype.kind == "f" and d.size and not (np.isfinite(d.min()) and np.isfinite(d.max())):
        as_finite_array(d, "score_diff")  # raises, naming the first NaN or inf and its position
    return d


def _imp_lookup(gaps: str) -> np.ndarray:
    """IMPs of every integer difference -4000..4000 (index n + 4000), by searchsorted."""
    n = np.arange(-_LUT_HALF, _LUT_HALF + 1)
    if gaps == "upper":
        band = np.searchsorted(IMP_TABLE_UPPER, np.abs(n), side="left")
    else:
        band = np.searchsorted(_IMP_MIDPOINTS, np.abs(n), side="right")
    return np.where(n < 0, -band, band).astype(np.int64)


_LUT_HALF = 4000  # 4000 and more is 24 IMPs under either rule
_IMP_LUT = {g: _imp_lookup(g) for g in GAP_RULES}
