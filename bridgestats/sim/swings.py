"""The shipped IMP swings as the event simulator's board model.

:func:`swing_distribution` is the per-board swing distribution of the shipped swing counts
(``derived/swing_counts``), symmetrised; :func:`match_swing_distribution` the distribution
of a match's total over n boards. :mod:`bridgestats.sim.events` draws a table's swing from
it with ``board="swings"`` (and re-exports both).
"""

from __future__ import annotations

import numpy as np

from bridgestats._validate import check_int, fail

__all__ = ["match_swing_distribution", "swing_distribution"]


def swing_distribution():
    """The per-board IMP swing distribution of the shipped swing counts, symmetrised.

    Returns
    -------
    imps : ndarray of int
        Swings −24..24.
    probability : ndarray of float
        Their probabilities, summing to 1, with ``p(x) = p(−x)``.

    Notes
    -----
    ``derived/swing_counts`` counts each board's swing to the team sitting North-South in
    the open room, a labelling and not a strength, so the two signs are pooled:
    p(x) = (c(x) + c(−x)) / 2N over all series and decades (N = 37,099 boards).

    Examples
    --------
    >>> imps, p = swing_distribution()
    >>> round(float(p[imps == 0][0]), 3), round(float(np.sqrt(p @ imps**2)), 2)
    (0.314, 6.13)
    """
    from bridgestats import datasets  # here: the simulator runs without pandas until asked

    counts = datasets.load("derived/swing_counts").groupby("imps")["count"].sum()
    imps = counts.index.to_numpy(dtype=np.int64)
    c = counts.to_numpy(dtype=float)
    if not np.array_equal(imps, -imps[::-1]):  # pragma: no cover - the shipped file's shape
        raise fail("derived/swing_counts", "IMP values symmetric about 0", imps)
    c = 0.5 * (c + c[::-1])
    return imps, c / c.sum()


def match_swing_distribution(n_boards):
    """Distribution of the sum of ``n_boards`` independent board swings (shipped counts).

    Parameters
    ----------
    n_boards : int
        Boards in the match (1-200).

    Returns
    -------
    imps : ndarray of int
        Match swings −24n..24n.
    probability : ndarray of float
        Their probabilities: the n-fold convolution of :func:`swing_distribution`.

    Examples
    --------
    >>> imps, p = match_swing_distribution(8)
    >>> imps[[0, -1]].tolist(), round(float(np.sqrt(p @ imps**2.0)), 2)  # σ = K√8
    ([-192, 192], 17.34)
    """
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    imps, p = swing_distribution()
    total = p
    for _ in range(n - 1):
        total = np.convolve(total, p)
    total = np.clip(total, 0.0, None)
    lo = n * int(imps[0])
    return np.arange(lo, -lo + 1, dtype=np.int64), total / total.sum()
