"""The WBF 2013 IMP-to-VP scales: the continuous curve and its discrete 0-20 version.

References
----------
.. [1] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013
   (worldbridge.org): the continuous scale and its discrete 0-20 version.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .._validate import check_broadcast, check_flag, check_whole
from .scale import MAX_BOARDS, VPScale, _n_boards

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["wbf_scale", "wbf_table", "wbf_vp"]


# the golden-ratio conjugate of the WBF formula (the WBF Scoring Panel's 2013 technical
# report, reference [2] of the module docstring)
_TAU = (math.sqrt(5.0) - 1.0) / 2.0


def _wbf_x(n_boards: float) -> float:
    return 15.0 * math.sqrt(n_boards)


def _wbf_curve(imp_margin, n_boards: float) -> np.ndarray:
    """The winner's VP on the unrounded WBF curve, capped at 20."""
    x = _wbf_x(n_boards)
    v = 10.0 + 10.0 * (1.0 - _TAU ** (3.0 * imp_margin / x)) / (1.0 - _TAU**3)
    return np.minimum(v, 20.0)


def _wbf_hundredths(n_boards: float) -> np.ndarray:
    """Winner's VPs in hundredths for IMP margins 0, 1, ... up to the first 20.00.

    Half-up rounding to 2 decimals, then the concavity correction: while some IMP is
    worth more than the one before it (d[m+1] > d[m], with d[m] = c[m+1] − c[m]), add 0.01
    to the value between them, at margin m + 1. The
    curve reaches 20 at ceil(15√N); for some N (e.g. 111) the value one IMP earlier
    already rounds to 20.00, and the table stops there.
    """
    top = math.ceil(_wbf_x(n_boards))
    v = _wbf_curve(np.arange(top + 1, dtype=float), n_boards)
    c = np.floor(v * 100.0 + 0.5 + 1e-9).astype(np.int64)
    while True:
        d = np.diff(c)
        bad = np.flatnonzero(d[1:] > d[:-1])
        if bad.size == 0:
            return c[: int(np.argmax(c == 2000)) + 1]
        c[bad + 1] += 1


def _wbf_discrete_uppers(n_boards: float) -> np.ndarray:
    """Upper IMP margins u0..u9 of the discrete bands 10, ..., 19 (see :func:`wbf_vp`)."""
    x = _wbf_x(n_boards)
    v = np.arange(10.5, 20.0, 1.0)
    # inverse of the curve at half VPs, floored
    u = np.floor(
        x / 3.0 * np.log(1.0 - (v - 10.0) * (1.0 - _TAU**3) / 10.0) / np.log(_TAU) + 1e-9
    ).astype(np.int64)
    while True:
        if u[1] - u[0] < 2 * u[0] + 1 and u[0] > 0:
            u[0] -= 1
            continue
        widths = np.diff(u)  # band j + 1 holds widths[j] margins
        narrower = np.flatnonzero(widths[1:] < widths[:-1])
        if narrower.size == 0:
            return u
        u[narrower[0] + 1] -= 1


def wbf_vp(imp_margin, n_boards, *, discrete=False):
    """VPs on the WBF 2013 scale for whole-IMP margins (negative: the losing side).

    Parameters
    ----------
    imp_margin : int or array_like
        Match margins in whole IMPs, from the side whose VPs are wanted.
    n_boards : int or array_like
        Boards in the match, whole numbers 1 to :data:`MAX_BOARDS` (500); broadcast against
        ``imp_margin`` (shapes that do not broadcast raise, naming both).
    discrete : bool, optional
        The 0-20 whole-VP version instead of the 2-decimal one.

    Returns
    -------
    float or ndarray
        VPs (2 decimals, or whole VPs with ``discrete=True``); the two sides sum to 20.

    Notes
    -----
    With τ = (√5 − 1)/2 and X = 15√N, the winner of an M-IMP match gets [1]_

    .. math:: V = 10 + 10\\,\\frac{1 - \\tau^{3M/X}}{1 - \\tau^3}, \\quad V \\le 20

    and the loser 20 − V. The published tables round V half-up to 2 decimals, then add
    0.01 wherever the next IMP would be worth more than the previous one, until the
    table is concave. The discrete version's band upper ends are the curve's inverse at
    10.5, 11.5, ..., 19.5, floored, then widened from the bottom until no band is
    narrower than the one below it (the 10-10 band holding 2·u₀ + 1 margins).

    References
    ----------
    .. [1] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF
       IMP to VP Scales: Technical Report of the WBF Scoring Panel", World Bridge
       Federation, 2013 (worldbridge.org): the continuous scale, its rounding and
       concavity correction, and the discrete 0-20 scale; the 8-board values of the
       published tables are the doctest.

    Examples
    --------
    >>> wbf_vp([1, 10, 40, 43, -10], 8).tolist()
    [10.44, 13.78, 19.74, 20.0, 6.22]
    >>> wbf_vp([0, 3, 4, 16, 17, 38, 39], 8, discrete=True).tolist()
    [10, 11, 12, 15, 16, 19, 20]
    """
    m = check_whole(imp_margin, "imp_margin")  # the WBF tables are for whole IMPs
    n = check_whole(n_boards, "n_boards", minimum=1, maximum=MAX_BOARDS)
    discrete = check_flag(discrete, "discrete")
    m, n = check_broadcast(imp_margin=m, n_boards=n)
    if m.size == 0:  # no results: no tables to build
        return np.zeros(m.shape, dtype=np.int64 if discrete else float)
    # one lookup table per distinct board count (winner's VPs, in hundredths, for margins
    # 0 ... the first 20.00), concatenated, then one vectorised lookup for all results
    boards, which = np.unique(n, return_inverse=True)
    tables = [_wbf_winner_table(int(nb), discrete) for nb in boards]
    sizes = np.array([t.size for t in tables])
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    flat = np.concatenate(tables)
    which = which.reshape(m.shape)
    a = np.minimum(np.abs(m), sizes[which] - 1)
    win = flat[offsets[which] + a]
    out = np.where(m >= 0, win, 2000 - win)
    out = out // 100 if discrete else out / 100.0
    return out[()] if out.ndim == 0 else out


def _wbf_winner_table(n_boards: int, discrete: bool) -> np.ndarray:
    """Winner's VPs in hundredths for whole margins 0, 1, ... up to the first 20 VPs."""
    if not discrete:
        return _wbf_hundredths(float(n_boards))
    u = _wbf_discrete_uppers(float(n_boards))
    return 100 * (10 + np.searchsorted(u, np.arange(u[-1] + 2), side="left"))


def wbf_scale(n_boards, *, discrete=True) -> VPScale:
    """The WBF 2013 scale for ``n_boards`` as a :class:`VPScale`: discrete 0-20 or continuous.

    Parameters
    ----------
    n_boards : int
        Boards in the match, a whole number 1 to :data:`MAX_BOARDS` (500).
    discrete : bool, keyword-only
        The whole-VP 0-20 scale (the default); ``False``: the continuous scale's
        2-decimal VPs (one outcome per distinct VP score, in :attr:`VPScale.vp_table`).

    Returns
    -------
    VPScale
        Discrete: thresholds u₀ + 1, ..., u₉ + 1, the first IMP margin of each band 11,
        ..., 20 (see :func:`wbf_vp` for the band rule). Continuous: a threshold at each
        whole IMP margin where the winner's VPs change (1, 2, ... up to the first 20.00).
        ``unit="IMPs"``, ``step=1``: margins are whole IMPs, and one earns an outcome when
        it reaches its threshold.

    References
    ----------
    .. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
       Scoring Panel", World Bridge Federation, 2013 (worldbridge.org): the discrete 0-20
       scale (8 boards: 0 → 10, 1-3 → 11, ..., 31-38 → 19, 39+ → 20) and the continuous
       one (8 boards: 1 IMP 10.44, 10 IMPs 13.78, 20.00 from 43).

    Examples
    --------
    >>> wbf_scale(8).thresholds
    (1.0, 4.0, 7.0, 10.0, 13.0, 17.0, 21.0, 26.0, 31.0, 39.0)
    >>> s = wbf_scale(8, discrete=False)
    >>> len(s.labels), s.labels[:2], s.vp([1, 10, -10, 43]).tolist()
    (44, ['10-10', '10.44-9.56'], [10.44, 13.78, 6.22, 20.0])
    """
    nb = _n_boards(n_boards)
    if not check_flag(discrete, "discrete"):
        win = _wbf_hundredths(float(nb))
        keep = np.concatenate([[0], np.flatnonzero(np.diff(win) != 0) + 1])
        w = win[keep]
        return VPScale(
            tuple(float(m) for m in keep[1:]),
            unit="IMPs",
            step=1,
            name=f"WBF 2013 continuous, {nb} boards",
            vp_table=tuple((x / 100.0, (2000 - x) / 100.0) for x in w.tolist()),
        )
    u = _wbf_discrete_uppers(float(nb))
    return VPScale(
        tuple((u + 1).astype(float)),
        unit="IMPs",
        step=1,
        name=f"WBF 2013 discrete, {nb} boards",
    )


def wbf_table(n_boards, *, discrete=False) -> pd.DataFrame:
    """The WBF 2013 scale for ``n_boards`` as a frame.

    Parameters
    ----------
    n_boards : int
        Boards in the match, a whole number 1 to :data:`MAX_BOARDS` (500).
    discrete : bool, optional
        The whole-VP 0-20 version (band ranges) instead of the 2-decimal table.

    Returns
    -------
    DataFrame
        Continuous: one row per whole-IMP margin from 0 to the first with 20.00
        (ceil(15√N), or one less when that already rounds to 20.00),
        columns ``imp_margin``, ``vp_winner``, ``vp_loser``. Discrete: the
        :meth:`VPScale.integer_ranges` of :func:`wbf_scale`.

    Notes
    -----
    The formula, rounding and concavity correction are those of :func:`wbf_vp`.

    References
    ----------
    .. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
       Scoring Panel", World Bridge Federation, 2013 (worldbridge.org) (8 boards: 1 IMP
       10.44, 10 IMPs 13.78, 40 IMPs 19.74, 20.00 from 43).

    Examples
    --------
    >>> wbf_table(8).tail(2)
        imp_margin  vp_winner  vp_loser
    42          42      19.95      0.05
    43          43      20.00      0.00
    """
    if check_flag(discrete, "discrete"):
        return wbf_scale(n_boards).integer_ranges()
    import pandas as pd

    nb = _n_boards(n_boards)
    c = _wbf_hundredths(float(nb))
    return pd.DataFrame(
        {"imp_margin": np.arange(c.size), "vp_winner": c / 100.0, "vp_loser": (2000 - c) / 100.0}
    )
