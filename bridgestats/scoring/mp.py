"""Matchpoints of one board: matchpoints and percentages (Ascherman's too), and Neuberg's
factoring of a board played fewer times.

Every function is vectorised: numpy arrays in, the same shape out, no Python loop per
result.

References
----------
.. [1] Funbridge, "Frequently asked questions", funbridge.com (scoring: matchpoint
   percentages with ties).
.. [2] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"); §11
   "Fixing Washington VPs" (Ascherman's matchpoints).
.. [3] M. Bavin, "The Neuberg formula: match-pointing boards with an unequal number of
   scores", English Bridge Union, Laws & Ethics articles (ebu.co.uk).
"""

from __future__ import annotations

import numpy as np

from .._validate import as_finite_array, check_flag, check_number, check_whole, fail
from ._one_board import _board

__all__ = ["matchpoints", "mp_percent", "neuberg"]


def _beaten_and_tied(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each result: how many results it beats, and how many it ties (itself included).

    One stable argsort; runs of equal scores in sorted order give both counts.
    """
    n = x.size
    order = np.argsort(x, kind="stable")
    s = x[order]
    new_run = np.empty(n, dtype=bool)
    new_run[0] = True
    np.not_equal(s[1:], s[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    sizes = np.diff(np.append(starts, n))
    run = np.cumsum(new_run) - 1
    below = np.empty(n, dtype=np.int64)
    tied = np.empty(n, dtype=np.int64)
    below[order] = starts[run]
    tied[order] = sizes[run]
    return below, tied


def matchpoints(scores, *, per_beat=2, ascherman=False):
    """Matchpoints of each result of one board.

    Parameters
    ----------
    scores : array_like
        The results of one board, all from the same direction (e.g. ``score_ns``).
    per_beat : float, keyword-only
        Points per result beaten (2 in Europe, 1 in the ACBL), a number > 0; a tie scores
        half of it.
    ascherman : bool, keyword-only
        Also compare each result with itself (a tie worth ``per_beat/2``), as Ascherman
        proposed (Probst §11): the top of 21 results is then 41 and the bottom 1.

    Returns
    -------
    numpy.ndarray
        Matchpoints (float), in the order of ``scores``.

    Notes
    -----
    With :math:`b_i` results below result i and :math:`t_i` others equal to it,

    .. math:: \\mathrm{MP}_i = p\\,b_i + \\tfrac{p}{2}\\,t_i
              \\;(+\\tfrac{p}{2} \\text{ with Ascherman}),

    p = ``per_beat``. The total over a board of n results is :math:`p\\,n(n-1)/2`.
    Computed from one stable argsort: runs of equal scores in sorted order give
    :math:`b_i` (the run's start) and :math:`t_i + 1` (its length), O(n log n).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "Example of how MP
       score is calculated".
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §11 "Fixing
       Washington VPs", "Adjustment 1: Field size and Ascherman".

    Examples
    --------
    Funbridge's 9 results, 1 point per result beaten (8, 5.5, 2.5, 1 and 0 points):

    >>> matchpoints([650, 620, 620, 620, 620, 170, 170, 140, 110], per_beat=1)
    array([8. , 5.5, 5.5, 5.5, 5.5, 2.5, 2.5, 1. , 0. ])

    Probst's 21 results with Ascherman: a top is 41, a bottom 1, the average 21:

    >>> mp = matchpoints(range(21), ascherman=True)
    >>> float(mp.max()), float(mp.min()), float(mp.mean())
    (41.0, 1.0, 21.0)
    """
    per_beat = _per_beat(per_beat)
    ascherman = check_flag(ascherman, "ascherman")
    x = _board(scores)
    below, tied = _beaten_and_tied(x)
    mp = per_beat * below + per_beat / 2 * (tied - 1)
    return mp + per_beat / 2 if ascherman else mp


def mp_percent(scores, *, ascherman=False):
    """Matchpoint percentage of each result of one board.

    Parameters
    ----------
    scores : array_like
        The results of one board, all from the same direction.
    ascherman : bool, keyword-only
        Use Ascherman's percentage (each result also compared with itself).

    Returns
    -------
    numpy.ndarray
        Percentages (float, 0-100; Ascherman strictly inside (0, 100)).

    Notes
    -----
    In 2-per-beat units, with MP the ordinary matchpoints of a result on a board of n:

    .. math:: \\% = 100\\,\\frac{\\mathrm{MP}}{2(n-1)}, \\qquad
              \\%_{\\mathrm{Ascherman}} = 100\\,\\frac{\\mathrm{MP} + 1}{2n}.

    A board with a single result has no comparison: the ordinary percentage is then
    defined as 50 (the Ascherman formula gives 50 for n = 1 as well).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "How this percentage is
       calculated".
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §11,
       "Adjustment 1: Field size and Ascherman": with 21 results a top is 41/42.

    Examples
    --------
    >>> mp_percent([650, 620, 620, 620, 620, 170, 170, 140, 110])
    array([100.  ,  68.75,  68.75,  68.75,  68.75,  31.25,  31.25,  12.5 ,   0.  ])
    >>> round(float(mp_percent(range(21), ascherman=True).max()), 4)  # 41/42
    97.619
    """
    ascherman = check_flag(ascherman, "ascherman")
    x = _board(scores)
    n = x.size
    mp = matchpoints(x, per_beat=2, ascherman=ascherman)
    if ascherman:
        return 100.0 * mp / (2 * n)
    if n == 1:
        return np.full(1, 50.0)
    return 100.0 * mp / (2 * (n - 1))


def neuberg(mp, n_results, n_expected, *, per_beat=2):
    """Factor matchpoints scored on a board of ``n_results`` to ``n_expected`` results.

    Parameters
    ----------
    mp : array_like
        Matchpoints scored on the board (``per_beat`` per result beaten).
    n_results : array_like of int
        A: the number of results on the board (at least 1).
    n_expected : array_like of int
        E: the number of results the board should have had (at least 1).
    per_beat : float, keyword-only
        The matchpoint unit of ``mp`` (and of the answer), a number > 0.

    Returns
    -------
    numpy.ndarray or numpy.float64
        Factored matchpoints, broadcast shape.

    Raises
    ------
    BridgestatsError
        When ``mp`` is outside 0 .. ``per_beat``·(A − 1), the matchpoints a board of A
        results can give, or A or E is not a whole number >= 1.

    Notes
    -----
    In 2-per-beat units (Neuberg's formula [1]_):

    .. math:: M' = (M + 1)\\,\\frac{E}{A} - 1,

    in general units :math:`M' = (M + p/2)\\,E/A - p/2`, so with ACBL's 1-per-beat
    matchpoints :math:`M' = (M + \\tfrac12)\\,E/A - \\tfrac12`. The formula assumes each
    missing result would have fallen like the ones present; it is exact when the field is
    replicated (the same A results each played E/A times). No special rule for small A is
    applied: a lone result (A = 1, M = 0) becomes exactly an average, p(E − 1)/2.

    References
    ----------
    .. [1] M. Bavin, "The Neuberg formula: match-pointing boards with an unequal number of
       scores", English Bridge Union, Laws & Ethics articles (ebu.co.uk): each of the A
       results is counted E/A times, so a lone top on a board of 10 results expected 11
       scores 19.9 of 20.

    Examples
    --------
    A top on a board played 9 times, factored to 13 results (2 per beat):

    >>> float(neuberg(16, 9, 13))
    23.555555555555557
    >>> float(neuberg(0, 1, 13))  # a lone result: average of 24
    12.0
    """
    per_beat = _per_beat(per_beat)
    m = as_finite_array(mp, "mp")
    a = check_whole(n_results, "n_results", minimum=1)
    e = check_whole(n_expected, "n_expected", minimum=1)
    top = per_beat * (a - 1)
    outside = (m < 0) | (m > top * (1 + 1e-12))
    if np.any(outside):
        m_b, top_b = np.broadcast_arrays(m, top)
        i = np.flatnonzero(outside.ravel())[0]
        allowed = f"in 0-{top_b.ravel()[i]:g}, the top of the board: per_beat·(n_results − 1)"
        raise fail("mp", allowed, m_b.ravel()[i])
    out = (m + per_beat / 2) * e / a - per_beat / 2
    return out[()] if np.ndim(out) == 0 else out


def _per_beat(per_beat) -> float:
    """Matchpoints per result beaten: one number > 0."""
    return check_number(per_beat, "per_beat", low=0, low_open=True)
