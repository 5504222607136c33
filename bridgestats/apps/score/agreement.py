"""How the computed scores agree with the figures the file printed.

Part of :mod:`bridgestats.apps.score`: :func:`agreement` per result (PBN ``ScoreTable``
``MP_NS``/``IMP_NS``/``Percentage_NS``, ``ScoreMP``, ``ScoreIMP``; ACBL ``mp_ns``; USEBIO
``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``, ``BOARD_AVERAGE``),
:func:`ranking_agreement` per pair of the printed standings, and :func:`assigned_lines`
(results the file credited otherwise than their table score earns).

References
----------
.. [1] "Portable Bridge Notation", version 2.1 (Tis Veugen et al.), §3.4 and §4.2 (the
   ``Scoring`` tag, ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage``) and §5 (``ScoreTable``
   columns ``MP_NS``, ``IMP_NS``, ``Percentage_NS``).
.. [2] "USEBIO - Universal Standard for the Exchange of Bridge Information Online", EBU,
   versions 1.2/1.3 (``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``,
   ``BOARD_AVERAGE``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._validate import check_choice, check_frame
from ...io import team_board_swings
from ...scoring import METHODS
from .adjusted import _printed_numbers
from .boards import board_scores
from .frame import _KEYS, _SECTION, _bare, _key_text

__all__ = ["agreement", "assigned_lines", "ranking_agreement"]


_PRINTED = {
    "mp": [
        ("MP_NS", "mp_ns"),
        ("ScoreMP", "mp_ns"),
        ("mp_ns", "mp_ns"),
        ("NS_MATCH_POINTS", "mp_ns"),
        ("Percentage_NS", "pct_ns"),
        ("Percentage_EW", "pct_ew"),
        ("ScorePercentage", "pct_ns"),
    ],
    "butler": [
        ("IMP_NS", "imps_ns"),
        ("ScoreIMP", "imps_ns"),
        ("NS_BUTLER_POINTS", "imps_ns"),
        ("BOARD_AVERAGE", "datum"),
    ],
    "cross_imps": [
        ("IMP_NS", "imps_ns"),
        ("ScoreIMP", "imps_ns"),
        ("NS_CROSS_IMP_POINTS", "imps_ns"),
    ],
}


def agreement(frame, scores, *, method) -> tuple[pd.DataFrame, pd.DataFrame]:
    """How the computed scores agree with the figures the file printed for each result.

    Parameters
    ----------
    frame : pandas.DataFrame
        The tidy frame as read (its printed columns: PBN ``ScoreTable`` ``MP_NS``,
        ``IMP_NS``, ``Percentage_NS``, ``Percentage_EW``, PBN ``ScoreMP``, ``ScoreIMP``,
        ``ScorePercentage``, ACBL ``mp_ns``, USEBIO ``NS_MATCH_POINTS``,
        ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``, ``BOARD_AVERAGE``).
    scores : pandas.DataFrame
        From :func:`board_scores` on ``frame`` (same rows, same order); for
        ``method="teams"`` the ``attrs["summary"]["boards"]``-carrying frame of
        :func:`team_matches` is not needed: the swings are recomputed.
    method : {"mp", "butler", "cross_imps", "teams"}, keyword-only
        What ``scores`` holds.

    Returns
    -------
    (pandas.DataFrame, pandas.DataFrame)
        ``summary``: one row per printed figure found: ``printed`` (its column),
        ``computed`` (the column compared), ``compared`` (results with both), ``agree``,
        ``disagree``, ``not_compared`` (printed but not scored here, or not a number).
        ``mismatches``: one row per disagreeing result: ``printed`` (the column),
        ``source``, ``record``, ``board``, ``pair_ns``, ``pair_ew`` (as :func:`board_scores`
        names them: printed numbers, else the players), ``printed_value``,
        ``computed_value``.

    Notes
    -----
    A computed value agrees when it is within half a unit of the last digit the printed
    column shows (``"56.25"``: 0.005; a column of ``"4"`` and ``"9.8"``: 0.05 for both),
    plus 10⁻⁹ for floating-point sums: the printed figure is the computed one rounded to
    the file's precision. A result alone on its board in the file
    is not compared (its field was scored elsewhere: a file holding one table of a
    pairs event, such as the Cavendish pairs' per-table ``ScoreIMP``). For two-room teams
    (``method="teams"``) the per-table ``ScoreIMP`` is compared with the board's swing,
    plus for the first room's table and minus for the second's.
    """
    check_frame(frame, "frame")
    check_choice(method, "method", (*METHODS, "teams"))
    frame = _bare(frame)
    rows, bad = [], []
    # who sat where, for the mismatch table: the scored pairs (numbers, else the players)
    who = scores if scores is not None and "pair_ns" in scores else frame
    if method == "teams":
        pairs = _team_printed(frame)
    else:
        pairs = []
        for printed, computed in _PRINTED[method]:
            if printed in frame and computed in scores:
                calc = scores[computed]
                if computed == "mp_ns" and "mp_ns_own" in scores:
                    own = _on_own_top(frame, scores, printed)
                    calc = calc.where(~own, scores["mp_ns_own"])
                if "n_results" in scores:  # a lone result: its field is not in the file
                    calc = calc.where(scores["n_results"].fillna(0).to_numpy() >= 2)
                pairs.append((printed, computed, frame[printed], calc))
    for printed, computed, shown, calc in pairs:
        ew_of = None  # East-West's figure: North-South's negated (IMPs), or the rest
        if printed == "ScorePercentage":  # of 100
            ew_of = 100.0
        elif printed == "ScoreMP" and "top" in scores:  # of the board's top
            ew_of = scores["top"].to_numpy(dtype=float)
        value, half = _printed_numbers(
            shown.reset_index(drop=True), ew_of=ew_of, by=_column(frame, "source")
        )
        calc = pd.to_numeric(calc.reset_index(drop=True), errors="coerce").to_numpy(float)
        present = (
            shown.reset_index(drop=True).notna().to_numpy()
            & (shown.reset_index(drop=True).astype(str).str.strip() != "").to_numpy()
        )
        both = ~np.isnan(value) & ~np.isnan(calc)
        if not present.any():
            continue
        ok = both & (np.abs(value - calc) <= half + 1e-9)
        rows.append(
            {
                "printed": printed,
                "computed": computed,
                "compared": int(both.sum()),
                "agree": int(ok.sum()),
                "disagree": int((both & ~ok).sum()),
                "not_compared": int((present & ~both).sum()),
            }
        )
        idx = np.flatnonzero(both & ~ok)
        bad.append(
            pd.DataFrame(
                {
                    "printed": printed,
                    **{c: _column(frame, c)[idx] for c in ("source", "record", "board")},
                    **{c: _column(who, c)[idx] for c in ("pair_ns", "pair_ew")},
                    "printed_value": value[idx],
                    "computed_value": calc[idx],
                }
            )
        )
    summary = pd.DataFrame(
        rows, columns=["printed", "computed", "compared", "agree", "disagree", "not_compared"]
    )
    columns = [
        "printed",
        "source",
        "record",
        "board",
        "pair_ns",
        "pair_ew",
        "printed_value",
        "computed_value",
    ]
    mismatches = pd.concat(bad, ignore_index=True) if bad else pd.DataFrame(columns=columns)
    return summary, mismatches


_EW_OF = {"NS_MATCH_POINTS": "EW_MATCH_POINTS", "MP_NS": "MP_EW", "mp_ns": "mp_ew"}


def _on_own_top(frame: pd.DataFrame, scores: pd.DataFrame, printed: str) -> np.ndarray:
    """Per result: True where its board's printed line matchpoints are on the board's
    own top (the top of its own lines, not factored to the section's most).

    Compscore prints a board played fewer times on its own top (5 results: a top of 8)
    and factors it only in the totals; a board with an artificial score is printed
    factored to its lines. The printed top of a board is the largest sum of a line's
    North-South and East-West matchpoints.
    """
    ew = _EW_OF.get(printed)
    if ew is None or ew not in frame:
        return np.zeros(len(scores), dtype=bool)
    ns_v = _printed_numbers(frame[printed].reset_index(drop=True))[0]
    ew_v = _printed_numbers(frame[ew].reset_index(drop=True))[0]
    keys = pd.DataFrame({k: _key_text(scores[k]) for k in _KEYS})
    shown = keys.assign(sum=ns_v + ew_v).groupby(_KEYS, sort=False)["sum"].transform("max")
    top = scores["top"].to_numpy(dtype=float)
    own = scores["top_own"].to_numpy(dtype=float)
    shown = shown.to_numpy(dtype=float)
    return (np.abs(shown - own) < 1e-6) & (np.abs(shown - top) > 1e-6)


def _column(frame: pd.DataFrame, name: str) -> np.ndarray:
    """``frame[name]`` as an object array (``None`` where the frame has no such column)."""
    if name in frame:
        return frame[name].to_numpy(dtype=object)
    return np.full(len(frame), None, dtype=object)


def ranking_agreement(ranking, printed, *, on=("pair",), adjust=None) -> pd.DataFrame:
    """Compare a computed ranking with printed standings, pair by pair.

    Parameters
    ----------
    ranking : pandas.DataFrame
        From :func:`pair_ranking` (``total``, ``place``, and ``pct`` at matchpoints).
    printed : pandas.DataFrame
        The printed standings: the ``on`` columns, and any of ``total``, ``pct`` and
        ``place`` as printed (numbers, or text such as ``"56.25"``; a place may read
        ``"3="``).
    on : sequence of str, keyword-only
        The columns naming a pair in both frames (e.g. ``("event", "segment",
        "direction", "pair")``).
    adjust : str or None, keyword-only
        A column of ``printed`` holding adjustments (procedural penalties) that the
        printed ``total`` includes: they are added to the computed total first.

    Returns
    -------
    pandas.DataFrame
        One row per figure compared: ``figure`` (``total``, ``pct``, ``place``),
        ``pairs`` (pairs in both frames), ``compared``, ``agree``, ``disagree``;
        ``attrs["mismatches"]`` holds the disagreeing pairs (the ``on`` columns, ``figure``,
        ``printed_value``, ``computed_value``: numbers for totals and percentages, places
        as text, ``"6="`` when shared), ``attrs["unmatched"]`` how many printed pairs
        the ranking does not hold and, when it holds none of them, ``attrs["why"]``
        (nothing was compared: the ids on each side). Totals and percentages agree within
        half a unit of their column's last printed digit (as :func:`agreement`), places
        exactly; where the printed places mark a shared place (``"6="``, USEBIO), the mark
        is compared too (a pair printed ``6=`` and computed 6th alone disagrees), else the
        number alone (PBN ``Rank``: the best rank of the tied pairs).

    Examples
    --------
    >>> r = pd.DataFrame({"pair": ["1", "2"], "total": [35.428571, -1.285714],
    ...                   "place": [1, 2]})
    >>> p = pd.DataFrame({"pair": ["1", "2"], "total": ["35.43", "-1.29"],
    ...                   "place": ["1", "2"]})
    >>> ranking_agreement(r, p)[["figure", "compared", "agree"]].values.tolist()
    [['total', 2, 2], ['place', 2, 2]]

    A shared place printed ``2=`` where the ranking places the pair 2nd alone:

    >>> p["place"] = ["1", "2="]
    >>> ranking_agreement(r, p).attrs["mismatches"][["figure", "printed_value",
    ...                                               "computed_value"]].values.tolist()
    [['place', '2=', '2']]
    """
    on = [on] if isinstance(on, str) else list(on)
    check_frame(ranking, "ranking", (*on, "total", "place"))
    check_frame(printed, "printed", on)
    if adjust is not None:
        check_frame(printed, "printed", (adjust,))
    ranking = _bare(ranking)
    if "place" in printed:
        ranking["place_label"] = _place_labels(ranking, [c for c in on if c != "pair"])
    both = _bare(printed).merge(ranking, on=on, suffixes=("_printed", ""))
    rows, bad = [], []
    for figure in ("total", "pct", "place"):
        if figure not in printed or figure not in ranking:
            continue
        shown = both[f"{figure}_printed"]
        if figure == "place":
            shown = _key_text(shown).str.strip()
            shared = shown.str.endswith("=")
            shown = shown.str.rstrip("=")
        value, half = _printed_numbers(shown)
        calc = pd.to_numeric(both[figure], errors="coerce").to_numpy(dtype=float)
        if figure == "total" and adjust is not None:
            calc = calc + pd.to_numeric(both[adjust], errors="coerce").fillna(0).to_numpy()
        if figure == "place":
            half = np.zeros_like(half)
        ok_both = ~np.isnan(value) & ~np.isnan(calc)
        ok = ok_both & (np.abs(value - calc) <= half + 1e-9)
        if figure == "place":
            label = both["place_label"].to_numpy(dtype=object)
            if shared.any():  # the file marks shared places: the mark must agree too
                ok &= shared.to_numpy() == np.char.endswith(label.astype(str), "=")
            whole = np.isfinite(value) & (value == np.round(value))
            text = np.where(whole, np.round(np.nan_to_num(value)).astype(np.int64), 0).astype(str)
            value = np.where(whole, np.char.add(text, np.where(shared, "=", "")), shown)
            value, calc = value.astype(object), label
        rows.append(
            {
                "figure": figure,
                "pairs": len(both),
                "compared": int(ok_both.sum()),
                "agree": int(ok.sum()),
                "disagree": int((ok_both & ~ok).sum()),
            }
        )
        idx = np.flatnonzero(ok_both & ~ok)
        part = both.iloc[idx][on].reset_index(drop=True)
        bad.append(part.assign(figure=figure, printed_value=value[idx], computed_value=calc[idx]))
    out = pd.DataFrame(rows, columns=["figure", "pairs", "compared", "agree", "disagree"])
    out.attrs["mismatches"] = pd.concat(bad, ignore_index=True) if bad else pd.DataFrame()
    out.attrs["unmatched"] = int(len(printed) - len(both))
    if len(printed) and not len(both):
        out.attrs["why"] = _why_unmatched(ranking, printed, on)
    return out


def _why_unmatched(ranking: pd.DataFrame, printed: pd.DataFrame, on: list) -> str:
    """Why no printed pair is a pair of the ranking, naming a few of each side's ids."""

    def ids(frame: pd.DataFrame) -> str:
        keys = frame[on].astype("object").where(frame[on].notna(), "").astype(str)
        shown = list(dict.fromkeys(keys.agg(" ".join, axis=1).str.strip()))
        return ", ".join(shown[:3]) + (", ..." if len(shown) > 3 else "")

    named = " and ".join(on)
    return (
        f"none of the {len(printed)} printed pairs is a ranked pair by {named}: "
        f"printed {ids(printed)}; ranked {ids(ranking)}"
    )


def _place_labels(ranking: pd.DataFrame, groups: list[str]) -> np.ndarray:
    """Each ranked pair's place as text, ``"6="`` when shared: :func:`pair_ranking`'s
    ``place_text``, else the place with ``=`` where two pairs of a group share it."""
    if "place_text" in ranking:
        return _key_text(ranking["place_text"]).to_numpy(dtype=object)
    place = pd.to_numeric(ranking["place"], errors="coerce")
    keys = [_key_text(ranking[g]) for g in groups if g in ranking]
    shared = place.groupby([*keys, place]).transform("size") > 1 if keys else None
    if shared is None:
        shared = place.map(place.value_counts()) > 1
    text = place.map(lambda v: "" if pd.isna(v) else str(int(v)))
    return (text + np.where(shared & place.notna(), "=", "")).to_numpy(dtype=object)


def _team_printed(frame: pd.DataFrame):
    """(``ScoreIMP``, the table's swing) for the records of paired team boards."""
    if "ScoreIMP" not in frame:
        return []
    swings = team_board_swings(frame)
    table_imps = pd.Series(np.nan, index=range(len(frame)))
    if "record" in frame and len(swings):
        position = pd.Series(np.arange(len(frame)), index=_record_key(frame))
        first = position.reindex(_record_key(swings, "record_open")).to_numpy()
        second = position.reindex(_record_key(swings, "record_closed")).to_numpy()
        imps = swings["imps"].to_numpy(dtype=float)
        table_imps.iloc[first] = imps
        table_imps.iloc[second] = -imps
    return [("ScoreIMP", "board swing", frame["ScoreIMP"], table_imps)]


def _record_key(frame: pd.DataFrame, column: str = "record") -> pd.Index:
    return pd.Index(_key_text(frame["source"]) + "\x1e" + _key_text(frame[column]))


def assigned_lines(
    frame, scores, *, per_beat=2, neuberg=None, max_tries=200, conventions=None
) -> dict:
    """The results the file credited with other matchpoints than their table score earns.

    Parameters
    ----------
    frame : pandas.DataFrame
        The tidy frame, with printed line matchpoints (USEBIO ``NS_MATCH_POINTS`` and
        ``EW_MATCH_POINTS``, PBN ``MP_NS``/``MP_EW``, ACBL ``mp_ns``/``mp_ew``).
    scores : pandas.DataFrame
        :func:`board_scores` of ``frame`` (matchpoints).
    per_beat, neuberg, conventions : keyword-only
        As given to :func:`board_scores`.
    max_tries : int, keyword-only
        At most this many boards are tried.

    Returns
    -------
    dict
        ``{row: stays in the field}`` for :func:`board_scores`' ``assigned``: on a board
        whose printed lines disagree, a disagreeing line that, credited as printed and
        taken out of the board's field (``False``) or left in it (``True``), makes every
        printed line of the board agree (a result the director scored 50/50 while the
        others were factored without it). Boards no single line explains are left as
        they are (their lines stay listed as disagreeing).
    """
    _, bad = agreement(frame, scores, method="mp")
    bad = bad[bad["printed"].isin([ns for ns, ew in _EW_OF.items() if ew in frame])]
    if bad.empty:  # nothing disagrees, or no East-West figure to read a board's top from
        return {}
    frame = _bare(frame).reset_index(drop=True)
    keys = pd.DataFrame({k: _key_text(scores[k]) for k in _KEYS})
    record = _key_text(scores["source"]) + "\x1e" + _key_text(scores["record"])
    wrong = set(_key_text(bad["source"]) + "\x1e" + _key_text(bad["record"]))
    is_wrong = record.isin(wrong).to_numpy(copy=True)
    # only a line credited an average (40, 50 or 60 % of the board's printed top a side)
    ns_col = bad["printed"].iat[0]
    ns_v = _printed_numbers(frame[ns_col].reset_index(drop=True))[0]
    ew_v = _printed_numbers(frame[_EW_OF[ns_col]].reset_index(drop=True))[0]
    shown_top = keys.assign(t=ns_v + ew_v).groupby(_KEYS, sort=False)["t"].transform("max")
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = 100.0 * np.stack([ns_v, ew_v]) / shown_top.to_numpy(dtype=float)
    average = np.isin(np.round(shares, 6), (40.0, 50.0, 60.0)).all(axis=0)
    is_wrong &= average
    board_id = keys.astype(str).agg("\x1f".join, axis=1).to_numpy()
    found = {}
    for bid in list(dict.fromkeys(board_id[is_wrong]))[:max_tries]:
        rows = np.flatnonzero(board_id == bid)
        section = (keys[_SECTION] == keys.loc[rows[0], _SECTION]).all(axis=1).to_numpy()
        part = frame[section]
        where = {pos: i for i, pos in enumerate(np.flatnonzero(section))}
        for pos in rows[is_wrong[rows]]:
            for stays in (False, True):
                trial = board_scores(
                    part,
                    per_beat=per_beat,
                    neuberg=neuberg,
                    assigned={where[pos]: stays},
                    conventions=conventions,
                )
                _, b2 = agreement(part, trial, method="mp")
                local = b2["record"].astype(str).isin(frame.loc[rows, "record"].astype(str))
                if not local.any():
                    found[int(pos)] = stays
                    break
            if int(pos) in found:
                break
    return found
