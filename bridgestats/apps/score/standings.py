"""The pairs' standings a result file printed, for :func:`~.event.score_event`.

Part of :mod:`bridgestats.apps.score`:
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

from ..._validate import check_frame, fail
from ...errors import BridgestatsError
from .agreement import ranking_agreement
from .frame import _SECTION, _key_text

__all__ = ["compare_standings", "printed_standings", "read_standings_csv"]

#: The standings' columns, as :func:`~.agreement.ranking_agreement` reads them.
COLUMNS = ["event", "direction", "pair", "total", "pct", "place"]

# PBN TotalScoreTable: the column that holds a pair's total, by method (the first printed
# is taken; TotalScoreMP is not in PBN 2.1 but real exports write it for TotalMP)
_PBN_TOTAL = {
    "mp": ("TotalMP", "TotalScoreMP"),
    "butler": ("TotalIMP", "TotalScoreIMP"),
    "cross_imps": ("TotalIMP", "TotalScoreIMP"),
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
        The method scored (``"mp"``, ``"butler"``, ``"cross_imps"``, ``"teams"``): which
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
    from ...io.usebio import _root_tag, read_usebio_participants

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
    from ...io import read_pbn_totals

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


def read_standings_csv(path) -> pd.DataFrame:
    """Printed standings kept apart from the results (``bridgestats score --standings``).

    Parameters
    ----------
    path : str or Path
        A CSV with a ``pair`` column and any of ``total`` (or ``score``), ``pct``,
        ``place``; ``event`` (or ``session``), ``segment`` (or ``section``) and
        ``direction`` where they tell the pairs apart; ``adjust``: adjustments the
        printed total includes. The ACBL recaps' ``pair_standings.csv`` (``session``,
        ``event`` (the title line), ``section``, ``direction``, ``pair``, ``pct``,
        ``score``, ``adjust``) reads as it is: its ``session`` is the travellers' event.

    Returns
    -------
    pandas.DataFrame
        ``pair`` (text) and the columns named above, as :func:`compare_standings` reads
        them; ``attrs["names"]`` names the figures after the file (``pair_standings.csv
        pct``).
    """
    try:
        raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (OSError, ValueError) as exc:
        raise BridgestatsError(f"{path}: cannot be read as standings ({exc})") from None
    if "pair" not in raw:
        raise fail(f"{path}", "a CSV with a pair column", list(raw.columns))
    if "session" in raw:  # ACBL: the session is the event; the title line is not
        raw = raw.drop(columns="event", errors="ignore").rename(columns={"session": "event"})
    raw = raw.rename(columns={"section": "segment"})
    if "total" not in raw and "score" in raw:
        raw = raw.rename(columns={"score": "total"})
    keep = [
        c
        for c in ("event", "segment", "direction", "pair", "total", "pct", "place", "adjust")
        if c in raw
    ]
    out = raw[keep].replace("", None)
    if "adjust" in out:
        out["adjust"] = pd.to_numeric(out["adjust"], errors="coerce")
    name = os.path.basename(str(path))
    out.attrs["names"] = {f: f"{name} {f}" for f in ("total", "pct", "place") if f in out}
    return out


def compare_standings(ranking: pd.DataFrame, printed: pd.DataFrame, *, total="either"):
    """:func:`~.agreement.ranking_agreement` on the keys both frames hold, with the
    totals as the scoring program writes them (``total``: ``"summed"``, ``"scaled"`` to
    the section's most boards, or ``"either"``: whichever more printed totals agree
    with); a printed ``adjust`` (a penalty the total includes) is added."""
    check_frame(printed, "printed", ("pair",))
    on = ["event", "pair"] if "event" in printed and "event" in ranking else ["pair"]
    if on == ["event", "pair"] and not set(_key_text(printed["event"])) & set(
        _key_text(ranking["event"])
    ):
        on = ["pair"]
    printed = printed.assign(pair=_key_text(printed["pair"]))
    if "event" in on:
        printed = printed.assign(event=_key_text(printed["event"]))
    for key in ("segment", "direction"):  # sections, and a Mitchell's two directions
        if key in printed and key in ranking and (_key_text(printed[key]) != "").any():
            on = [*on[:-1], key, "pair"]
            printed = printed.assign(**{key: _key_text(printed[key])})
        else:
            printed = printed.drop(columns=key, errors="ignore")
    printed, n_sectioned = _section_ids(ranking, printed, on)
    adjust = "adjust" if "adjust" in printed else None
    most = ranking.groupby([*_SECTION, "direction"])["n_boards"].transform("max")
    scaled = ranking.assign(total=ranking["total"] * most / ranking["n_boards"])
    best, label = None, "summed"
    ways = {"summed": (ranking, "summed"), "scaled": (scaled, _SCALED)}
    for r, name in [ways[total]] if total in ways else ways.values():
        got = ranking_agreement(r, printed, on=on, adjust=adjust)
        agree = int(got.loc[got["figure"] == "total", "agree"].sum())
        if best is None or agree > int(best.loc[best["figure"] == "total", "agree"].sum()):
            best, label = got, name
    if n_sectioned:
        best.attrs["pair ids"] = (
            f"{n_sectioned} printed pair numbers matched as section and number"
            " (section B's pair 7 is the results' B7)"
        )
    return best, label


_SCALED = "scaled to the section's most boards"


def _section_ids(ranking: pd.DataFrame, printed: pd.DataFrame, on: list) -> tuple:
    """``printed`` with its pair numbers written as the results name the pairs, and how
    many were rewritten.

    A file may name a pair by its section's letter and its number where the standings
    print the section and the number apart: the ACBL travellers of a session of two or
    more sections write ``B7`` (ACBLscore's pair id), its recap's standings section
    ``B``, pair ``7``. A printed pair is rewritten only where the results hold no pair of
    its own number in that section (and direction) and do hold its section-and-number
    id, so files that print the same ids as their results are read as they are.
    """
    if "segment" not in on or not len(printed):
        return printed, 0
    have = pd.MultiIndex.from_frame(pd.DataFrame({c: _key_text(ranking[c]) for c in on}))
    bare = pd.MultiIndex.from_frame(printed[on])
    sectioned = printed[on].assign(pair=printed["segment"] + printed["pair"])
    joined = pd.MultiIndex.from_frame(sectioned)
    rewrite = ~bare.isin(have) & joined.isin(have) & (printed["segment"] != "").to_numpy()
    if not rewrite.any():
        return printed, 0
    out = printed.copy()
    out.loc[rewrite, "pair"] = sectioned.loc[rewrite, "pair"]
    return out, int(rewrite.sum())
