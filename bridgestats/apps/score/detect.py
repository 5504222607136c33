"""The scoring method a result file declares, or that its columns and shape show.

Part of :mod:`bridgestats.apps.score`: :func:`declared_method` reads PBN ``Scoring``,
USEBIO ``EVENT_TYPE``/``SCORING_METHOD``, the two rooms of a team match, printed
matchpoints, and printed IMPs (a ``ScoreTable``'s ``IMP_NS``, ``ScoreIMP``): where a file
prints each line's IMPs and says no more than "IMP" (OKbridge's ``##IMP`` pairs) or
nothing, the method is the one, Butler or cross-IMPs, whose IMPs agree with more of them.

References
----------
.. [1] "Portable Bridge Notation", version 2.1 (Tis Veugen et al.), §3.4 (``Scoring``:
   ``IMP``, ``MP``, ``Butler``, ``Cross``), §5 (``ScoreTable`` ``IMP_NS``).
"""

from __future__ import annotations

import pandas as pd

from ..._validate import check_frame
from ...io import team_board_swings
from .adjusted import _printed
from .agreement import agreement
from .boards import board_scores

#: Printed per-line IMPs a pairs file may carry (PBN ScoreTable, per-table tags).
_PRINTED_IMPS = ("IMP_NS", "ScoreIMP")

__all__ = ["declared_method"]


def _declared(frame: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Per row: the declared scoring text that names a method, and that method.

    The columns are tried in order, each row taking the first that names a method:
    USEBIO's ``EVENT_TYPE`` (``CROSS_IMP``, ``BUTLER_PAIRS``) says more than its
    ``SCORING_METHOD`` (``IMPS``), and a bare ``PAIRS`` says nothing of the method.
    """
    names = {c.lower(): c for c in frame.columns}
    text = pd.Series("", index=frame.index, dtype=object)
    method = pd.Series(None, index=frame.index, dtype=object)
    for name in ("event_type", "scoring", "scoring_method"):
        if name in names:
            col = frame[names[name]].astype("object")
            t = col.where(col.notna(), "").astype(str).str.strip()
            m = t.map(_method_of_text)
            take = method.isna() & m.notna()
            text, method = text.where(~take, t), method.where(~take, m)
    return text, method


def _method_of_text(text: str) -> str | None:
    t = text.lower().replace("-", "_").replace(" ", "_")
    if "cross" in t:
        return "cross_imps"
    if "butler" in t:
        return "butler"
    if "team" in t:
        return "teams"
    if "imp" in t:
        return "imps"  # teams when the file holds two-room matches, else Butler
    if "mp" in t or "match" in t:
        return "mp"
    return None


def _is_team_file(frame: pd.DataFrame) -> bool:
    """Most scorable records pair as the two rooms of team matches."""
    need = ("source", "event", "segment", "board", "room", "home_team", "visit_team")
    if any(c not in frame for c in need) or len(frame) == 0:
        return False
    if not (frame["room"].notna().any() or frame["home_team"].notna().any()):
        return False
    swings = team_board_swings(frame)
    return 2 * len(swings) >= 0.5 * max(int(frame["score_ns"].notna().sum()), 1)


def declared_method(frame, *, conventions=None) -> tuple[str, str]:
    """The scoring method a file declares, or shows, and the rule that chose it.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame from :func:`bridgestats.io.read_results`.
    conventions : Conventions, str or None, keyword-only
        The conventions (Butler datum) Butler IMPs are computed by when printed IMPs
        choose the method (:func:`board_scores`).

    Returns
    -------
    tuple of (str, str)
        The method (``"mp"``, ``"butler"``, ``"cross_imps"`` or ``"teams"``) and how it was
        found: ``"declared: <text>"`` (the most common ``Scoring``, USEBIO
        ``SCORING_METHOD``/``EVENT_TYPE`` value), ``"two-room team matches"``,
        ``"printed IMP_NS: cross-IMPs agree with 9 of 9 lines, Butler with 1"`` (after
        ``"declared: IMP; "`` where the file said only that), ``"printed matchpoints"``
        or ``"nothing declared: matchpoints"`` (saying so where every record names one
        room).

    Notes
    -----
    A declared ``IMP`` is two-room teams when most scorable records pair as the two rooms
    of a match (:func:`bridgestats.io.team_board_swings`); else, where the file prints
    each line's IMPs, whichever of Butler (the ``conventions``' datum) and cross-IMPs
    agrees with more of them (Butler on a tie), else Butler pairs. A file that declares
    nothing is read the same way from its printed IMPs. ``Chicago``, ``Rubber`` and
    other values that are not a duplicate method count as undeclared.

    Examples
    --------
    >>> f = pd.DataFrame({"board": [1, 1], "score_ns": [420.0, 450.0],
    ...                   "Scoring": ["IMP;Cross", "#"]})
    >>> declared_method(f)
    ('cross_imps', 'declared: IMP;Cross')
    """
    check_frame(frame, "frame")
    texts, methods = _declared(frame)
    methods = methods.dropna()
    if len(methods):
        top = methods.value_counts().index[0]
        text = texts[methods.index][methods == top].value_counts().index[0]
        if top != "imps":
            return top, f"declared: {text}"
        if _is_team_file(frame):
            return "teams", f"declared: {text}"
        inferred = _by_printed_imps(frame, conventions)
        if inferred is None:
            return "butler", f"declared: {text}"
        return inferred[0], f"declared: {text}; {inferred[1]}"
    if _is_team_file(frame):
        return "teams", "two-room team matches"
    if any(_printed(frame, c) for c in ("mp_ns", "MP_NS", "NS_MATCH_POINTS", "ScoreMP")):
        return "mp", "printed matchpoints"
    inferred = _by_printed_imps(frame, conventions)
    if inferred is not None:
        return inferred
    return "mp", "nothing declared: matchpoints" + _one_room(frame)


def _by_printed_imps(frame: pd.DataFrame, conventions) -> tuple[str, str] | None:
    """Butler or cross-IMPs, whichever agrees with more of the IMPs the file printed for
    its lines (Butler on a tie), and the words that say so; None when it prints none
    (or none can be compared: lone results)."""
    printed = [c for c in _PRINTED_IMPS if _printed(frame, c)]
    if not printed or "score_ns" not in frame or "board" not in frame:
        return None
    agree = {}
    for method in ("butler", "cross_imps"):
        scores = board_scores(frame, method=method, conventions=conventions)
        summary, _ = agreement(frame, scores, method=method)
        rows = summary[summary["printed"].isin(printed)]
        agree[method] = (int(rows["agree"].sum()), int(rows["compared"].sum()))
    n = agree["butler"][1]
    if n == 0:
        return None
    best = "cross_imps" if agree["cross_imps"][0] > agree["butler"][0] else "butler"
    other = "butler" if best == "cross_imps" else "cross_imps"
    said = {"butler": "Butler", "cross_imps": "cross-IMPs"}
    return best, (
        f"printed {printed[0]}: {said[best]} agree with {agree[best][0]:,} of {n:,} lines, "
        f"{said[other]} with {agree[other][0]:,}"
    )


def _one_room(frame: pd.DataFrame) -> str:
    """Where every record names the same room (Cavendish 1999: 191 records, all "Open"),
    the words that say the file is not two-room teams although it names rooms."""
    if "room" not in frame or frame["room"].isna().all():
        return ""
    rooms = frame["room"].dropna().unique()
    if len(rooms) != 1:
        return ""
    return (
        f"; all {int(frame['room'].notna().sum())} records in the {rooms[0]} room,"
        " so no two-room team matches"
    )
