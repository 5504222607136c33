"""The pairs' standings a result file printed, for :func:`~.score_event.score_event`.

Part of :mod:`bridgestats.apps.score_event` (split out for the size of a room):
:func:`printed_standings` reads the ranking a scoring program wrote into the file beside
the results: USEBIO ``PAIR`` (``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE``) and PBN
``TotalScoreTable`` (``PairId``, ``TotalMP``/``TotalIMP``, ``TotalPercentage``,
``Rank``).

References
----------
.. [1] "Portable Bridge Notation", version 2.1 (Tis Veugen et al.), §5.10
   ``TotalScoreTable``: ``Rank`` is "rank order of score; or best rank in case of ties",
   ``TotalMP``/``TotalIMP``/``TotalScore`` the cumulative MatchPoints/IMPs/scores,
   ``TotalPercentage`` the cumulative percentage, ``MeanPercentage`` its mean per game.
.. [2] "USEBIO - Universal Standard for the Exchange of Bridge Information Online", EBU,
   version 1.2 (``PARTICIPANTS``/``PAIR``: ``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE``).
"""

from __future__ import annotations

import os.path

import pandas as pd

from ..errors import BridgestatsError

__all__ = ["printed_standings"]

#: The standings' columns, as :func:`~bridgestats.apps.score_event.ranking_agreement` reads them.
COLUMNS = ["event", "direction", "pair", "total", "pct", "place"]

# PBN TotalScoreTable: the column that holds a pair's total, by method (the first printed
# is taken; TotalScoreMP is not in PBN 2.1 but real exports write it for TotalMP)
_PBN_TOTAL = {
    "mp": ("TotalMP", "TotalScoreMP"),
    "butler": ("TotalIMP", "TotalScoreIMP"),
    "cross-imps": ("TotalIMP", "TotalScoreIMP"),
}
_DIRECTIONS = {"N": "NS", "NS": "NS", "N-S": "NS", "E": "EW", "EW": "EW", "E-W": "EW"}


def printed_standings(path, method: str) -> pd.DataFrame | None:
    """The pairs' standings ``path`` printed, or None (a teams event, a folder, a file
    that prints none, or one that cannot be read for them).

    Parameters
    ----------
    path : str or Path
        The result file scored.
    method : str
        The method scored (``"mp"``, ``"butler"``, ``"cross-imps"``, ``"teams"``): which
        printed total is the pairs' (PBN ``TotalMP`` at matchpoints, ``TotalIMP`` at IMPs).

    Returns
    -------
    pandas.DataFrame or None
        :data:`COLUMNS`: ``event``, ``direction`` (``"NS"``/``"EW"`` where the file says,
        else ``""``), ``pair``, ``total``, ``pct``, ``place`` as printed (a USEBIO place
        reads ``"6="`` when tied; a PBN ``Rank`` is the best rank of the tied pairs,
        without a mark). ``attrs["names"]`` maps ``total``, ``pct`` and ``place`` to the
        file's own names of the figures (``TOTAL_SCORE``, ``TotalMP``, ``Rank``, ...).

    Notes
    -----
    PBN 2.1 calls ``TotalPercentage`` the "cumulative value of percentage": a table whose
    ``TotalPercentage`` exceeds 100 prints a sum of board percentages, and then
    ``MeanPercentage`` (the session's percentage) is compared instead, when printed.
    """
    if method == "teams" or not os.path.isfile(path):
        return None
    name = os.path.basename(str(path)).lower()
    try:
        if name.endswith((".pbn", ".pbn.gz")):
            return _pbn(path, method)
        return _usebio(path)
    except (BridgestatsError, OSError, ValueError):
        return None


def _usebio(path) -> pd.DataFrame | None:
    from ..io.usebio import _root_tag, read_usebio_participants

    if _root_tag(path) != "USEBIO":
        return None
    p = read_usebio_participants(path)
    p = p[p["kind"].astype(str).str.upper() == "PAIR"] if "kind" in p else p
    shown = ["TOTAL_SCORE", "PERCENTAGE", "PLACE"]
    if p.empty or not set(shown) <= set(p) or p[shown].isna().all().all():
        return None
    p = p.drop(columns=["place"], errors="ignore")  # the number; PLACE as printed ("6=")
    p = p.rename(
        columns={"number": "pair", "TOTAL_SCORE": "total", "PERCENTAGE": "pct", "PLACE": "place"}
    )
    names = {"total": "TOTAL_SCORE", "pct": "PERCENTAGE", "place": "PLACE"}
    return _shown(p.assign(direction=""), names)


def _pbn(path, method: str) -> pd.DataFrame | None:
    from ..io import read_pbn_totals

    t = read_pbn_totals(path)
    if t.empty or "PairId" not in t:
        return None
    out = pd.DataFrame({"event": t["event"], "pair": t["PairId"]})
    direction = t["Direction"] if "Direction" in t else pd.Series("", index=t.index)
    out["direction"] = direction.astype("object").map(
        lambda d: _DIRECTIONS.get(str(d).strip().upper(), "") if isinstance(d, str) else ""
    )
    total = next((c for c in _PBN_TOTAL.get(method, ()) if c in t), None)
    out["total"] = t[total] if total is not None else None
    pct = None
    if "TotalPercentage" in t:
        values = pd.to_numeric(t["TotalPercentage"], errors="coerce")
        pct = "TotalPercentage" if not (values > 100).any() else None
    if pct is None and "MeanPercentage" in t:
        pct = "MeanPercentage"
    out["pct"] = t[pct] if pct is not None else None
    out["place"] = t["Rank"] if "Rank" in t else None
    return _shown(out, {"total": total, "pct": pct, "place": "Rank"})


def _shown(frame: pd.DataFrame, names: dict) -> pd.DataFrame | None:
    """The :data:`COLUMNS` of ``frame`` without the figures it does not print (None when
    it prints none), the file's names of the figures in ``attrs["names"]``."""
    figures = [c for c in ("total", "pct", "place") if frame[c].notna().any()]
    if not figures:
        return None
    out = frame[[*COLUMNS[:3], *figures]].reset_index(drop=True)
    out.attrs["names"] = {f: names[f] for f in figures}
    return out
