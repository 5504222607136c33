"""The scoring methods (:data:`METHODS`) and :func:`score_board_results`, which scores a
whole frame of table results, board by board, by any of them.

A new scoring method is its id in :data:`METHODS` and its branch here, beside the
formulas for one board (:mod:`~bridgestats.scoring.mp`, :mod:`~bridgestats.scoring.butler`,
:mod:`~bridgestats.scoring.cross`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_choice, check_flag, check_frame, check_number, fail
from ..errors import BridgestatsError
from .butler import _group_datum
from .cross import cross_imps
from .imp_table import GAP_RULES, imps
from .mp import _per_beat

__all__ = ["METHODS", "score_board_results"]

#: The scoring methods of :func:`score_board_results`.
METHODS = ("mp", "butler", "cross_imps")


def _group_keys(frame: pd.DataFrame, board) -> list[str]:
    keys = [board] if isinstance(board, str) else list(board)
    missing = [k for k in keys if k not in frame.columns]
    if not keys or missing:
        raise fail("board", "one or more columns of the frame", board)
    for key in keys:  # a list or dict is not a board key (grouping would fail on it)
        try:
            pd.factorize(frame[key])
        except TypeError:
            raise fail(
                f"board: column {key!r}", "hashable keys (numbers or text)", given="a list or dict"
            ) from None
    na = frame[keys].isna().any(axis=1)
    if na.any():
        row = frame.index[na.argmax()]
        raise fail(f"board: row {row!r}", "a board key", tuple(frame.loc[row, keys]))
    return keys


def _played_mask(frame: pd.DataFrame, score: str, unplayed) -> np.ndarray:
    """Which rows were played; NaN scores must be marked unplayed, and only they."""
    if score not in frame.columns:
        raise fail("score", "a column of the frame", score)
    values = pd.to_numeric(frame[score], errors="coerce")
    text_bad = values.isna() & frame[score].notna()
    if frame[score].dtype.kind == "O":  # numeric text ("420") is not a number either
        text_bad |= frame[score].map(lambda v: isinstance(v, str | bytes))
    if text_bad.any():
        row = frame.index[text_bad.argmax()]
        raise fail(f"score: row {row!r}", "a number", frame[score][row])
    if np.isinf(values).any():
        row = frame.index[np.isinf(values).argmax()]
        raise fail(f"score: row {row!r}", "a finite number", frame[score][row])
    missing = values.isna().to_numpy()
    if unplayed is None:
        marked = np.zeros(len(frame), dtype=bool)
    else:
        if unplayed not in frame.columns:
            raise fail("unplayed", "a column of the frame, or None", unplayed)
        marked = _flag_column(frame, unplayed)
    bad = missing & ~marked
    if bad.any():
        raise BridgestatsError(
            f"score: row {frame.index[bad.argmax()]!r} has no score and is not marked "
            f"unplayed (pass unplayed=<column of booleans> to score unplayed rows)"
        )
    both = marked & ~missing
    if both.any():
        raise BridgestatsError(
            f"unplayed: row {frame.index[both.argmax()]!r} is marked unplayed but has a score"
        )
    return ~missing


def _flag_column(frame: pd.DataFrame, column: str) -> np.ndarray:
    """A column of flags as a bool array: True/False (or 1/0); a missing entry is False.

    A string such as ``"no"`` raises rather than counting as true.
    """
    values = frame[column]
    flags = values.isin([True, False]) | values.isna()  # 1 == True and 0 == False as well
    if not flags.all():
        row = frame.index[(~flags).argmax()]
        raise fail(f"unplayed: row {row!r}", "True or False", values[row])
    return (values.notna() & values.eq(True)).to_numpy()


def score_board_results(
    frame,
    *,
    method="mp",
    board="board",
    score="score_ns",
    unplayed=None,
    per_beat=2,
    ascherman=False,
    datum="trimmed",
    trim=0.1,
    gaps="upper",
    unplayed_pct=25.0,
    unplayed_imps=-6.0,
) -> pd.DataFrame:
    """Score every result of a traveller frame (many boards) in one call.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per table result.
    method : {"mp", "butler", "cross_imps"}, keyword-only
        Matchpoints (:func:`matchpoints`, :func:`mp_percent`), IMPs against the datum
        (:func:`butler_imps`) or averaged cross-IMPs (:func:`cross_imps`).
    board : str or list of str, keyword-only
        The column(s) identifying a board's results (e.g. ``["session", "section",
        "board"]``): results are only compared within the same key.
    score : str, keyword-only
        The column of North-South scores.
    unplayed : str or None, keyword-only
        A boolean column marking unplayed results; their score must be missing (NaN).
        Any other missing score raises.
    per_beat, ascherman : keyword-only
        For ``"mp"``, see :func:`matchpoints`.
    datum, trim : keyword-only
        For ``"butler"``, see :func:`butler_datum`.
    gaps : {"upper", "midpoint"}, keyword-only
        For the IMP methods, see :func:`imps`.
    unplayed_pct, unplayed_imps : float, keyword-only
        What each side of an unplayed row scores: 25 % at matchpoints, −6 IMPs at IMPs
        (Funbridge's rule for deals not played); finite numbers.

    Returns
    -------
    pandas.DataFrame
        Indexed like ``frame``. Always ``n_results`` (played results on the row's board).
        ``"mp"``: ``mp_ns``, ``mp_ew`` (matchpoints, ``per_beat`` units), ``pct_ns``,
        ``pct_ew``. ``"butler"``: ``datum`` (NaN only on a board with no played result,
        for a trimmed or mean datum), ``imps_ns``, ``imps_ew``. ``"cross_imps"``:
        ``imps_ns``, ``imps_ew`` (averaged over the n − 1 comparisons). East-West's score
        is the mirror of North-South's (``pct_ew = 100 − pct_ns``, ``imps_ew = −imps_ns``)
        except on unplayed rows, where both sides get the unplayed score (and ``mp_*``
        the matching share of the board's top).

    Notes
    -----
    Matchpoints come from the average rank r of a result among the n played results of its
    board (pandas ``groupby().rank``): MP = p(r − 1), % = 100 (r − 1)/(n − 1) (50 when
    n = 1), Ascherman's % = 100 (r − ½)/n. The trimmed Butler datum uses the within-board
    order (``groupby().cumcount``), so neither method loops in Python; cross-IMPs call
    :func:`cross_imps` once per board.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com): matchpoints, IMPs against the
       average, "25% for non-played deals", "-6 IMPs for non-played deals".

    Examples
    --------
    >>> f = pd.DataFrame({"board": [1, 1, 1, 2, 2],
    ...                   "score_ns": [420, 420, -50, 100, float("nan")],
    ...                   "np": [False, False, False, False, True]})
    >>> score_board_results(f, unplayed="np")[["pct_ns", "pct_ew", "n_results"]]
       pct_ns  pct_ew  n_results
    0    75.0    25.0          3
    1    75.0    25.0          3
    2     0.0   100.0          3
    3    50.0    50.0          1
    4    25.0    25.0          1
    """
    check_frame(frame, "frame")
    check_choice(method, "method", METHODS)
    check_choice(gaps, "gaps", GAP_RULES)
    ascherman = check_flag(ascherman, "ascherman")
    unplayed_pct = check_number(unplayed_pct, "unplayed_pct")
    unplayed_imps = check_number(unplayed_imps, "unplayed_imps")
    keys = _group_keys(frame, board)
    played = _played_mask(frame, score, unplayed)
    gid = frame.groupby(keys, sort=False, dropna=False).ngroup().to_numpy()
    x = pd.Series(pd.to_numeric(frame[score], errors="coerce").to_numpy(float)[played])
    g = gid[played]
    n_by_group = np.bincount(g, minlength=gid.max() + 1 if gid.size else 0)
    n = n_by_group[gid]
    out = pd.DataFrame(index=frame.index)
    out["n_results"] = n
    if method == "mp":
        per_beat = _per_beat(per_beat)
        r = x.groupby(g).rank(method="average").to_numpy()
        n_p = n_by_group[g]
        if ascherman:
            pct = 100.0 * (r - 0.5) / n_p
            top = per_beat * n_p
            mp = per_beat * (r - 0.5)
        else:
            pct = np.where(n_p > 1, 100.0 * (r - 1) / np.maximum(n_p - 1, 1), 50.0)
            top = per_beat * (n_p - 1)
            mp = per_beat * (r - 1)
        base_top = (per_beat * n) if ascherman else (per_beat * np.maximum(n - 1, 0))
        out["mp_ns"] = base_top * unplayed_pct / 100.0
        out["mp_ew"] = out["mp_ns"].to_numpy()
        out.loc[played, "mp_ns"] = mp
        out.loc[played, "mp_ew"] = top - mp
        out["pct_ns"] = float(unplayed_pct)
        out["pct_ew"] = float(unplayed_pct)
        out.loc[played, "pct_ns"] = pct
        out.loc[played, "pct_ew"] = 100.0 - pct
        return out
    if method == "butler":
        dat = _group_datum(x.to_numpy(), g, n_by_group, datum=datum, trim=trim)
        out["datum"] = dat[gid]  # NaN only on a board where no result was played
        swing = imps(x.to_numpy() - dat[g], gaps=gaps).astype(float)
    else:
        swing = (
            x.groupby(g)
            .transform(lambda s: cross_imps(s.to_numpy(), gaps=gaps))
            .to_numpy(dtype=float)
        )
    out["imps_ns"] = float(unplayed_imps)
    out["imps_ew"] = float(unplayed_imps)
    out.loc[played, "imps_ns"] = swing
    out.loc[played, "imps_ew"] = -swing
    return out
