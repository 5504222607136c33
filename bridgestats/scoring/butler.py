"""Butler scoring of one board: the datum (mean, trimmed, rounded, whole) and the IMPs
against it.

References
----------
.. [1] Funbridge, "Frequently asked questions", funbridge.com (IMPs against an average).
.. [2] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3 and
   §5 (Butler IMPs against a datum).
"""

from __future__ import annotations

import numpy as np

from .._validate import check_choice, check_number, fail
from ..errors import BridgestatsError
from ._one_board import _board
from .imp_table import imps

__all__ = ["DATUMS", "butler_datum", "butler_imps"]

#: The Butler datum rules (see :func:`butler_datum`): ``"trimmed"`` (drop ``trim`` of each
#: end, round to 10), ``"mean"`` (the plain mean), ``"rounded"`` (the mean rounded to 10:
#: ``"trimmed"`` with nothing dropped), ``"whole"`` (the mean cut to whole points toward
#: zero, as VALET's integer division does).
DATUMS = ("trimmed", "mean", "rounded", "whole")


def _datum_rule(datum: str, trim):
    """A named datum rule as ``(rule, trim)`` with ``rule`` "mean", "whole" or "trimmed"."""
    check_choice(datum, "datum", DATUMS)
    if datum == "rounded":
        return "trimmed", 0.0
    return datum, trim


def _round_to_10(x):
    """Round to the nearest 10, halves away from zero (so the datum of -s is -datum(s))."""
    return np.sign(x) * np.floor(np.abs(x) / 10 + 0.5) * 10


def _trim(trim) -> float:
    """The fraction of a board's results dropped at each end: one number in [0, 0.5)."""
    return check_number(trim, "trim", low=0, high=0.5, high_open=True)


def _trim_count(n, trim):
    """Results dropped at each end: ``floor(trim * n)``, at least 1 when n >= 3 and trim > 0."""
    k = np.floor(trim * n + 1e-9).astype(np.int64)
    return np.where((n >= 3) & (trim > 0), np.maximum(k, 1), 0)


def butler_datum(scores, *, datum="trimmed", trim=0.1):
    """The datum a board's results are IMPed against in Butler scoring.

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    datum : {"trimmed", "mean", "rounded", "whole"} or float, keyword-only
        ``"mean"``: the plain average (Funbridge). ``"trimmed"``: drop the ``k`` highest and
        ``k`` lowest results, average the rest and round to the nearest 10 (halves away
        from zero). ``"rounded"``: the mean rounded to the nearest 10 (``"trimmed"`` with
        ``trim=0``; ``trim`` is then not used). ``"whole"``: the mean cut to whole points
        toward zero, the integer division ``sum / n`` of VALET [3]_ (413.33 is 413, −7/2 is
        −3). A number: that datum, used as given (:data:`DATUMS`).
    trim : float, keyword-only
        In [0, 0.5). For ``"trimmed"``: the fraction dropped at each end,
        ``k = floor(trim·n)`` but at least 1 when there are 3 or more results (none for 1
        or 2 results); ``trim=0`` drops nothing (the rounded mean).

    Returns
    -------
    float

    Notes
    -----
    The sources say only that the datum is "the average of the field" (Probst §3: Butler
    IMPs against "the datum"; Funbridge: the average score). Dropping the top and bottom
    results and rounding to 10 is common club practice, but none of the sources cited here
    fixes how many are dropped; ``trim=0.1`` (10 % each end, at least one)
    is this package's default, not a cited rule: set ``trim`` to your scorer's convention.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), datum example.
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §3 and §5
       (Butler IMPs against a datum).
    .. [3] S. Hein, VALET (github.com/valet-bridge/valet, Apache-2.0), ``Hand::GetDatum``
       and ``average`` (``sum / static_cast<int>(n)``, C++ integer division); with it
       VALET's own per-pair Butler output (``datum.txt``) of the 2005 Bermuda Bowl's
       round robin is reproduced for all 69 pairs (``tests/apps/test_score_event_ranking.py``).

    Examples
    --------
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="mean")
    413.3333333333333
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="whole")
    413.0
    >>> butler_datum([-50, 43], datum="whole")  # -7/2 = -3.5, cut toward zero
    -3.0
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110])  # drop 650 and 110
    420.0
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="rounded")
    410.0
    """
    x = _board(scores)
    if isinstance(datum, str):
        datum, trim = _datum_rule(datum, trim)
        if datum == "mean":
            return float(x.mean())
        if datum == "whole":
            return float(np.trunc(x.sum() / x.size))
        trim = _trim(trim)
        k = int(_trim_count(np.int64(x.size), trim))
        kept = np.sort(x)[k : x.size - k]
        return float(_round_to_10(kept.mean()))
    if isinstance(datum, np.ndarray) and datum.ndim == 0:
        datum = datum[()]
    try:
        return check_number(datum, "datum")
    except BridgestatsError:
        raise fail("datum", f"one of {DATUMS} or one finite number", datum) from None


def butler_imps(scores, *, datum="trimmed", trim=0.1, gaps="upper"):
    """IMPs of each result of one board against the board's datum (Butler scoring).

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    datum, trim : keyword-only
        How the datum is found, see :func:`butler_datum` (which returns it).
    gaps : {"upper", "midpoint"}, keyword-only
        The IMP gap rule, see :func:`imps`.

    Returns
    -------
    numpy.ndarray
        IMPs (int64) of each result: ``imps(score - datum)``.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), datum example: against an
       average of 205, +630 and +660 both score 10 IMPs.

    Examples
    --------
    >>> butler_imps([630, 660, -100], datum=205)
    array([10, 10, -7])
    """
    x = _board(scores)
    return np.atleast_1d(imps(x - butler_datum(x, datum=datum, trim=trim), gaps=gaps))


def _group_datum(x, g, n_by_group, *, datum, trim) -> np.ndarray:
    """The Butler datum of every group at once (same rules as :func:`butler_datum`)."""
    n_groups = n_by_group.size
    if not isinstance(datum, str):
        return np.full(n_groups, butler_datum([0.0], datum=datum))
    datum, trim = _datum_rule(datum, trim)
    sums = np.bincount(g, weights=x, minlength=n_groups)
    if datum in ("mean", "whole"):
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = sums / n_by_group
        return np.trunc(mean) if datum == "whole" else mean
    trim = _trim(trim)
    order = np.lexsort((x, g))
    pos = np.empty_like(order)
    starts = np.concatenate([[0], np.cumsum(n_by_group)[:-1]])
    pos[order] = np.arange(order.size) - starts[g[order]]
    k = _trim_count(n_by_group, trim)[g]
    keep = (pos >= k) & (pos < n_by_group[g] - k)
    kept_sum = np.bincount(g[keep], weights=x[keep], minlength=n_groups)
    kept_n = np.bincount(g[keep], minlength=n_groups)
    with np.errstate(invalid="ignore", divide="ignore"):
        return _round_to_10(kept_sum / kept_n)
