"""Cross-IMPs of one board: each result IMPed against every other.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3.
"""

from __future__ import annotations

import numpy as np

from .._validate import check_choice, check_flag
from ._one_board import _board
from .imp_table import _IMP_MIDPOINTS, GAP_RULES, IMP_TABLE_UPPER

__all__ = ["cross_imps"]


def _imp_edges(gaps):
    """Band edges and whether a difference equal to an edge is already in the next band."""
    check_choice(gaps, "gaps", GAP_RULES)
    if gaps == "upper":
        return IMP_TABLE_UPPER.astype(float), False
    return _IMP_MIDPOINTS, True


def _cross_imp_sums(x, gaps):
    """Σ_j imps(x_i − x_j) for every i, without forming the n² differences.

    imps(d) = Σ_k ([d > e_k] − [d < −e_k]) for "upper" (≥ / ≤ for "midpoint"), so the sum
    over j is Σ_k (#{x_j < x_i − e_k} − #{x_j > x_i + e_k}): 2 × 24 binary searches per
    result in the sorted scores, O(n log n).
    """
    edges, inclusive = _imp_edges(gaps)
    sorted_x = np.sort(x)
    shifts = edges[:, None]
    below_side, above_side = ("right", "left") if inclusive else ("left", "right")
    n_below = np.searchsorted(sorted_x, x[None, :] - shifts, side=below_side)
    n_above = x.size - np.searchsorted(sorted_x, x[None, :] + shifts, side=above_side)
    return (n_below - n_above).sum(axis=0)


def cross_imps(scores, *, average=True, gaps="upper"):
    """Cross-IMPs: each result IMPed against every other result of the board.

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    average : bool, keyword-only
        Divide each sum by the number of comparisons, n − 1 (a lone result scores 0).
    gaps : {"upper", "midpoint"}, keyword-only
        The IMP gap rule, see :func:`imps` (only matters for non-multiples of 10).

    Returns
    -------
    numpy.ndarray
        Summed IMPs (float) or their average over the n − 1 comparisons.

    Notes
    -----
    .. math:: X_i = \\sum_{j \\ne i} \\mathrm{imps}(s_i - s_j), \\qquad
              \\bar X_i = X_i / (n - 1).

    Evaluated without the n² differences: with band edges :math:`e_k`,
    :math:`X_i = \\sum_k (\\#\\{j: s_j < s_i - e_k\\} - \\#\\{j: s_j > s_i + e_k\\})`,
    counted by binary search in the sorted scores, O(24 n log n). The sums over a board add
    to zero (antisymmetry). Exact for integer scores (real ones); for non-integer scores
    the comparison :math:`s_j < s_i - e_k` can differ from rounding :math:`s_i - s_j`
    only within one floating-point ulp of a band edge.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §3
       (cross-IMPed teams of eight: each result against every other, 4 comparisons per
       board).
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com), IMP conversion table.

    Examples
    --------
    >>> cross_imps([600, 630, -100], average=False)
    array([ 11.,  13., -24.])
    """
    average = check_flag(average, "average")
    x = _board(scores)
    n = x.size
    sums = _cross_imp_sums(x, gaps).astype(float)
    if not average:
        return sums
    return sums / (n - 1) if n > 1 else np.zeros(1)
