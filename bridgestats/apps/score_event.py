"""Scoring an event file: each result's score, the ranking, team matches and their VPs, and
how all of it agrees with the figures the file printed.

The study behind ``bridgestats score FILE``. It takes a tidy frame from
:func:`bridgestats.io.read_results` and scores it with the package's own formulas
(:func:`bridgestats.scoring.score_board_results` and :func:`~bridgestats.scoring.neuberg`
for pairs, :func:`bridgestats.io.team_board_swings` for two-room teams,
:mod:`bridgestats.vp` for Victory Points); nothing is re-derived here.

- :func:`declared_method`: the method the file declares (PBN ``Scoring``, USEBIO
  ``EVENT_TYPE``/``SCORING_METHOD``, two rooms of a team match, ACBL matchpoints);
- :func:`board_scores`: one row per table result with its matchpoints (Neuberg for
  boards played fewer times, Ascherman's percentage) or Butler IMPs (datum: mean,
  trimmed, rounded) or cross-IMPs;
- :func:`pair_ranking`: the pairs' totals, percentages or IMPs and places (ties shared),
  each direction of a Mitchell ranked apart;
- :func:`team_matches` and :func:`team_ranking`: each two-room match's IMPs and VPs on a
  chosen scale (WBF 2013 continuous or discrete, a Gaussian scale with a given K, or a
  scale read by :func:`read_scale_csv`);
- :func:`agreement`: where the file printed its own scores, how many agree with the
  computed ones, and which do not; :func:`ranking_agreement` likewise for printed
  standings (totals, percentages, places);
- :func:`score_event`: all of them at once, in an :class:`EventScore`.

References
----------
.. [1] "Portable Bridge Notation", version 2.1 (Tis Veugen et al.), §3.4 and §4.2 (the
   ``Scoring`` tag, ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage``) and §5 (``ScoreTable``
   columns ``MP_NS``, ``IMP_NS``, ``Percentage_NS``).
.. [2] "USEBIO - Universal Standard for the Exchange of Bridge Information Online", EBU,
   versions 1.2/1.3 (``EVENT_TYPE``, ``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``,
   ``NS_CROSS_IMP_POINTS``, ``BOARD_AVERAGE``).
.. [3] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
   Scoring Panel", World Bridge Federation, 2013.
.. [4] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §2-3 (Gaussian
   scales, σ = K√n for teams), §11 (Ascherman).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .._validate import check_choice, check_flag, check_frame, check_int, check_number, fail
from ..errors import BridgestatsError
from ..io import team_board_swings
from ..scoring import DATUMS, METHODS, score_board_results
from ..scoring import neuberg as _neuberg
from ..vp import team_scales
from ._adjusted import (
    _AVERAGE_IMPS,
    _adjusted_lines,
    _for_pairing,
    _printed,
    _printed_numbers,
    _printed_pair,
    _team_board_credits,
    adjusted_split,
)

if TYPE_CHECKING:  # the VP scales (and scipy.special) load only when teams are scored
    from ..vp import VPScale

__all__ = [
    "EventScore",
    "adjusted_split",
    "agreement",
    "assigned_lines",
    "board_scores",
    "declared_method",
    "pair_ranking",
    "ranking_agreement",
    "read_scale_csv",
    "score_event",
    "team_matches",
    "team_ranking",
]

# The pairs scoring methods and the Butler datum rules are those of bridgestats.scoring
# (METHODS, DATUMS); "teams" is the two-room team method of score_event.

_KEYS = ["source", "event", "segment", "board"]
_SECTION = ["source", "event", "segment"]


# --------------------------------------------------------------------------- the method


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


def declared_method(frame) -> tuple[str, str]:
    """The scoring method a file declares, and where that was read.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame from :func:`bridgestats.io.read_results`.

    Returns
    -------
    tuple of (str, str)
        The method (``"mp"``, ``"butler"``, ``"cross_imps"`` or ``"teams"``) and how it was
        found: ``"declared: <text>"`` (the most common ``Scoring``, USEBIO
        ``SCORING_METHOD``/``EVENT_TYPE`` value), ``"two-room team matches"``,
        ``"printed matchpoints"`` or ``"nothing declared: matchpoints"``.

    Notes
    -----
    A declared ``IMP`` is two-room teams when most scorable records pair as the two rooms
    of a match (:func:`bridgestats.io.team_board_swings`), else Butler pairs. ``Chicago``,
    ``Rubber`` and other values that are not a duplicate method count as undeclared.

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
        if top == "imps":
            top = "teams" if _is_team_file(frame) else "butler"
        return top, f"declared: {text}"
    if _is_team_file(frame):
        return "teams", "two-room team matches"
    if any(_printed(frame, c) for c in ("mp_ns", "MP_NS", "NS_MATCH_POINTS", "ScoreMP")):
        return "mp", "printed matchpoints"
    return "mp", "nothing declared: matchpoints"


# --------------------------------------------------------------------------- per board


def _key_text(values: pd.Series) -> pd.Series:
    """A key column as text for grouping; missing as ``""``."""
    v = values.astype("object")
    return v.where(v.notna(), "").astype(str)


def board_scores(
    frame,
    *,
    method="mp",
    per_beat=2,
    ascherman=False,
    neuberg=None,
    datum="trimmed",
    trim=0.1,
    cross_sum=False,
    assigned=None,
) -> pd.DataFrame:
    """Score every table result against the other results of its board.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame (:func:`bridgestats.io.read_results`): the results sharing ``source``,
        ``event``, ``segment`` and ``board`` are one board's field.
    method : {"mp", "butler", "cross_imps"}, keyword-only
        Matchpoints, Butler IMPs against a datum, or cross-IMPs.
    per_beat : float, keyword-only
        Matchpoints per result beaten (2 in Europe, 1 in the ACBL).
    ascherman : bool, keyword-only
        Ascherman's matchpoints (each result also compared with itself; Probst §11).
    neuberg : bool or None, keyword-only
        Factor each board to the most lines any board of its section (``source``,
        ``event``, ``segment``) had, by Neuberg's formula
        (:func:`bridgestats.scoring.neuberg`), as Compscore, EBUScore and ACBLscore do.
        ``None`` (the default): True, except with ``ascherman``. ``False``: a board is
        factored only to its own lines (its results and its artificial scores).
    datum : {"mean", "trimmed", "rounded"}, keyword-only
        The Butler datum (:data:`bridgestats.scoring.DATUMS`, see
        :func:`bridgestats.scoring.butler_datum`).
    trim : float, keyword-only
        For ``"trimmed"``: the fraction dropped at each end (at least one result when
        there are 3 or more).
    cross_sum : bool, keyword-only
        Cross-IMPs summed over the comparisons, instead of averaged over them.
    assigned : dict or None, keyword-only
        Rows (positions in ``frame``) the file credited with other figures than their
        table score earns: ``{row: False}`` takes the result out of its board's field
        and credits the printed figures; ``{row: True}`` keeps it in the field (the
        others are scored against it) and credits the printed figures to it alone.
        :func:`score_event` finds them (:func:`assigned_lines`).

    Returns
    -------
    pandas.DataFrame
        One row per row of ``frame``, in its order: ``source``, ``record``, ``event``,
        ``segment``, ``board``, ``pair_ns``, ``pair_ew`` (the printed pair numbers, else
        the partnership's two players, ``"A & B"``, where both are named), ``contract``,
        ``declarer``, ``tricks``, ``score_ns``, ``skip_reason``, ``n_results`` (the
        scorable results on the board) and the scores: ``"mp"``: ``mp_ns``, ``mp_ew``,
        ``top`` (the board's top), ``pct_ns``, ``pct_ew`` (and ``n_expected`` with
        ``neuberg``); ``"butler"``: ``datum``, ``imps_ns``, ``imps_ew``;
        ``"cross_imps"``: ``imps_ns``, ``imps_ew``; ``adjusted``: for an adjusted line,
        how it was scored (else ``None``).
        A row that cannot be scored keeps its ``skip_reason`` and missing scores;
        ``attrs["summary"]`` counts ``results``, ``scored`` (adjusted lines included),
        ``adjusted`` and ``not scored``.

    Notes
    -----
    **Adjusted scores.** A line the reader skipped as ``"adjusted score"`` is an artificial
    adjusted score (Law 12C2 of the Laws of Duplicate Bridge 2017: average minus at most
    40 % of the available matchpoints, average 50 %, average plus at least 60 %; the two
    sides' shares need not balance). Its text gives each side's share
    (:func:`adjusted_split`: USEBIO ``A6040``, ``A6060``); where the text names one
    side's share only (``Ave-``, ``60%``; an ACBL line) or none, the figures the file
    printed for the line are credited, else the other side gets the rest. At matchpoints each side
    is credited its share of the board's top; the board's other results are matchpointed
    among themselves and factored by Neuberg's formula to the board's lines (or, by
    default, to the most lines of any board in the section), so that a board of 6 lines
    with one artificial score has a top of 10 and its 5 results are factored from 5 to 6.
    At IMPs (Butler, cross-IMPs) an artificial score is +3 IMPs for average plus, 0 for
    average, -3 for average minus (Law 86A; each side by its own share), unless the file
    printed the line's IMPs; it takes no part in the datum or the comparisons.

    Examples
    --------
    Funbridge's nine results (1 per result beaten):

    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "", "board": 1,
    ...                   "score_ns": [650, 620, 620, 620, 620, 170, 170, 140, 110.0]})
    >>> board_scores(f, per_beat=1)["mp_ns"].tolist()
    [8.0, 5.5, 5.5, 5.5, 5.5, 2.5, 2.5, 1.0, 0.0]
    """
    check_frame(frame, "frame", ("board", "score_ns"))
    frame = _bare(frame).reset_index(drop=True)
    check_choice(method, "method", METHODS)
    check_choice(datum, "datum", DATUMS)
    ascherman = check_flag(ascherman, "ascherman")
    neuberg = (not ascherman) if neuberg is None else check_flag(neuberg, "neuberg")
    if assigned is not None and not isinstance(assigned, dict):
        raise fail("assigned", "a dict {row: stays in the field} or None", assigned)
    cross_sum = check_flag(cross_sum, "cross_sum")
    per_beat = check_number(per_beat, "per_beat", low=0, low_open=True)
    if neuberg and ascherman:
        raise fail("neuberg", "False with ascherman=True (Ascherman needs no factoring)", True)
    out = pd.DataFrame(index=frame.index)
    for col in ("source", "record", "event", "segment", "board", "pair_ns", "pair_ew",
                "contract", "declarer", "tricks", "score_ns", "skip_reason"):  # fmt: skip
        out[col] = frame[col] if col in frame else None
    # no pair numbers (a VALET or LIN table): the partnership's players, where named
    for side, (a, b) in (("ns", ("north", "south")), ("ew", ("east", "west"))):
        if a in frame and b in frame:
            named = _partnership(frame[a], frame[b])
            out[f"pair_{side}"] = out[f"pair_{side}"].where(out[f"pair_{side}"].notna(), named)
    keys = pd.DataFrame({k: _key_text(out[k]) for k in _KEYS}, index=frame.index)
    ok = out["score_ns"].notna() & out["board"].notna()
    if "skip_reason" in frame:
        ok &= frame["skip_reason"].isna()
    values = out.loc[ok, "score_ns"]
    numbers = pd.to_numeric(values, errors="coerce")
    if numbers.isna().any():  # text where a score should be
        raise fail("frame: score_ns", "numbers or missing", values[numbers.isna()].iat[0])
    # the adjusted lines: artificial scores, and results the file scored otherwise
    n_rows = len(frame)
    lines = _adjusted_lines(frame)
    kind_printed = "mp" if method == "mp" else "imps"
    p_ns, p_ew, p_col = _printed_pair(frame, kind_printed)
    if method == "mp" and not p_col:
        pct_ns, pct_ew, p_col = _printed_pair(frame, "pct")
        p_ns, p_ew = -pct_ns, -pct_ew  # negative: percentages, turned into MPs below
    share = lines[["share_ns", "share_ew"]].to_numpy(dtype=float)
    text = lines["text"].to_numpy(dtype=object, copy=True)
    has_printed = ~np.isnan(p_ns) & ~np.isnan(p_ew)
    adj = (lines["adjusted"].to_numpy(dtype=bool) & out["board"].notna().to_numpy()) & (
        ~np.isnan(share[:, 0]) | has_printed
    )
    # a text naming one side's share (Ave-, A60, 60%) yields to the printed figures
    one_sided = ~lines["both_sides"].to_numpy(dtype=bool)
    use_printed = adj & (np.isnan(share[:, 0]) | (one_sided & has_printed))
    in_field = np.zeros(n_rows, dtype=bool)  # scored with the others, credited as printed
    for pos, stays in (assigned or {}).items():
        pos = check_int(pos, "assigned: row", minimum=0, maximum=n_rows - 1)
        if not has_printed[pos]:
            raise fail("assigned", "rows whose matchpoints or IMPs the file printed", pos)
        if stays:
            in_field[pos] = True
        else:
            ok.iloc[pos], adj[pos] = False, True
        use_printed[pos] = True
        score = out["score_ns"].iat[pos]
        text[pos] = (
            "table score "
            + ("" if pd.isna(score) else f"{score:g} ")
            + ("kept in the field" if stays else "set aside")
        )
    ok_arr = ok.to_numpy(dtype=bool)
    work = keys[ok_arr].assign(score_ns=pd.to_numeric(out.loc[ok, "score_ns"]))
    scored = score_board_results(
        work,
        method=method,
        board=_KEYS,
        per_beat=per_beat,
        ascherman=ascherman,
        datum=datum,
        trim=trim,
    )
    counted = ok_arr | adj
    field_ = keys[counted].assign(real=ok_arr[counted].astype(int))
    board_g = field_.groupby(_KEYS, sort=False)
    n_lines = board_g["real"].transform("size").to_numpy()
    n_real_all = np.zeros(n_rows, dtype=np.int64)
    n_real_all[counted] = board_g["real"].transform("sum").to_numpy()
    expected_all = np.zeros(n_rows, dtype=float)
    if neuberg:
        section = field_.assign(lines=n_lines).groupby(_SECTION, sort=False)["lines"]
        expected_all[counted] = section.transform("max").to_numpy()
    else:
        expected_all[counted] = n_lines
    n = scored["n_results"].to_numpy()
    results = {}
    if method == "mp":
        mp = scored["mp_ns"].to_numpy(dtype=float)
        if ascherman:
            expected_all[counted] = n_real_all[counted]
            top_all = per_beat * expected_all
        else:
            expected = expected_all[ok_arr]
            own = np.zeros(n_rows, dtype=float)
            own[counted] = n_lines
            raw = mp
            mp = np.asarray(_neuberg(raw, n, expected, per_beat=per_beat), dtype=float)
            top_all = per_beat * np.maximum(expected_all - 1.0, 0.0)
            top_own = per_beat * np.maximum(own - 1.0, 0.0)
            mp_own = np.full(n_rows, np.nan)
            mp_own[ok_arr] = _neuberg(raw, n, own[ok_arr], per_beat=per_beat)
            law_own = adj & ~use_printed
            mp_own[law_own] = share[law_own, 0] / 100.0 * top_own[law_own]
        mp_ns, mp_ew = np.full(n_rows, np.nan), np.full(n_rows, np.nan)
        mp_ns[ok_arr], mp_ew[ok_arr] = mp, top_all[ok_arr] - mp
        law = adj & ~use_printed
        mp_ns[law], mp_ew[law] = (share[law] / 100.0 * top_all[law, None]).T
        shown = use_printed | in_field
        printed_mp = np.where(p_ns < 0, -p_ns / 100.0 * top_all, p_ns)  # a percentage: of the top
        printed_ew = np.where(p_ew < 0, -p_ew / 100.0 * top_all, p_ew)
        mp_ns[shown], mp_ew[shown] = printed_mp[shown], printed_ew[shown]
        with np.errstate(invalid="ignore", divide="ignore"):
            safe = np.where(top_all > 0, top_all, 1.0)
            pct_ns = np.where(top_all > 0, 100.0 * mp_ns / safe, 50.0)
            pct_ew = np.where(top_all > 0, 100.0 * mp_ew / safe, 50.0)
        results = {"mp_ns": mp_ns, "mp_ew": mp_ew, "top": top_all, "pct_ns": pct_ns,
                   "pct_ew": pct_ew, "n_expected": expected_all}  # fmt: skip
        if not ascherman:  # the board on its own lines' top, as a traveller may print it
            mp_own[use_printed | in_field] = mp_ns[use_printed | in_field]
            results.update({"mp_ns_own": mp_own, "top_own": top_own})
        how = [
            f"{t}: {s[0]:g}% and {s[1]:g}% of the top of {tp:g} (Law 12C2)"
            if not u
            else f"{t}: {a:g} and {b:g} MPs as printed ({p_col})"
            for t, s, tp, u, a, b in zip(
                text, share, top_all, use_printed | in_field, mp_ns, mp_ew, strict=True
            )
        ]
    else:
        if method == "cross_imps" and cross_sum:
            comparisons = np.maximum(n - 1, 0)
            scored["imps_ns"] = scored["imps_ns"] * comparisons
            scored["imps_ew"] = scored["imps_ew"] * comparisons
        imps_ns, imps_ew = np.full(n_rows, np.nan), np.full(n_rows, np.nan)
        imps_ns[ok_arr] = scored["imps_ns"].to_numpy(dtype=float)
        imps_ew[ok_arr] = scored["imps_ew"].to_numpy(dtype=float)
        law = adj & ~use_printed
        imps_ns[law], imps_ew[law] = (_AVERAGE_IMPS * np.sign(share[law] - 50.0)).T
        shown = use_printed | in_field
        imps_ns[shown], imps_ew[shown] = p_ns[shown], p_ew[shown]
        if method == "butler":
            d = np.full(n_rows, np.nan)
            d[ok_arr] = scored["datum"].to_numpy(dtype=float)
            results["datum"] = d
        results.update({"imps_ns": imps_ns, "imps_ew": imps_ew})
        how = [
            f"{t}: {a:+g} and {b:+g} IMPs (average plus +3, average minus -3)"
            if not u
            else f"{t}: {a:+g} and {b:+g} IMPs as printed ({p_col})"
            for t, u, a, b in zip(text, use_printed | in_field, imps_ns, imps_ew, strict=True)
        ]
    n_all = np.zeros(n_rows, dtype=np.int64)
    n_all[ok_arr] = n
    n_all[adj] = n_real_all[adj]
    out["n_results"] = pd.array([pd.NA] * n_rows, dtype="Int64")
    out.loc[counted, "n_results"] = n_all[counted]
    for col, v in results.items():
        out[col] = np.where(counted, v, np.nan)
    marked = adj | in_field
    out["adjusted"] = np.where(marked, np.asarray(how, dtype=object), None)
    out.loc[adj, "skip_reason"] = None
    out = out.reset_index(drop=True)
    out.attrs["summary"] = {
        "results": len(out),
        "scored": int(counted.sum()),
        "adjusted": int(marked.sum()),
        "not scored": int((~counted).sum()),
    }
    return out


# --------------------------------------------------------------------------- ranking


def _partnership(first: pd.Series, second: pd.Series) -> pd.Series:
    """Two players' names as one pair id, ``"A & B"`` in alphabetical order (whoever sat
    North); missing unless both are named."""
    a, b = _key_text(first).str.strip(), _key_text(second).str.strip()
    low, high = a.where(a <= b, b), b.where(a <= b, a)
    return (low + " & " + high).where((a != "") & (b != ""), None)


def _places(values: pd.Series, groups: list[pd.Series]) -> tuple[pd.Series, pd.Series]:
    """Place (1 = best, ties share the better place) and its label (``"3="`` when tied).

    A missing value (a pair none of whose boards could be compared) has no place: ``<NA>``
    and an empty label, after every placed one.
    """
    frame = pd.DataFrame({"v": values.to_numpy(dtype=float)}, index=values.index)
    for i, g in enumerate(groups):
        frame[f"g{i}"] = g.to_numpy()
    by = [f"g{i}" for i in range(len(groups))]
    ranked = frame.groupby(by, sort=False)["v"] if by else frame["v"]
    rank = ranked.rank(method="min", ascending=False)  # NaN stays NaN
    placed = rank.notna().to_numpy()
    key = frame[by].astype(str).agg("\x1f".join, axis=1) if by else pd.Series("", frame.index)
    key = key + "\x1e" + rank.astype(str)
    tied = (key.map(key.value_counts()) > 1).to_numpy() & placed
    place = rank.astype("Int64")
    text = np.where(placed, rank.fillna(0).astype(np.int64).astype(str), "")
    label = pd.Series(np.char.add(text.astype(str), np.where(tied, "=", "")), index=frame.index)
    return place, label


def _separate_directions(side: pd.DataFrame) -> pd.Series:
    """Per section: True when North-South and East-West are ranked apart (a Mitchell).

    A section is a Mitchell when some pair meets a pair of the same number (NS 5 v EW 5)
    or the North-South and East-West numbers do not overlap at all; a Howell's pairs sit
    both ways, so their numbers overlap and no pair meets itself.
    """
    g = side.groupby(_SECTION, sort=False)
    same = g.apply(lambda s: bool((s["pair_ns"] == s["pair_ew"]).any()), include_groups=False)
    overlap = g.apply(lambda s: bool(set(s["pair_ns"]) & set(s["pair_ew"])), include_groups=False)
    return same | ~overlap


def pair_ranking(scores, *, decimals=None) -> pd.DataFrame:
    """The ranking of the pairs of each section, from :func:`board_scores`.

    Parameters
    ----------
    scores : pandas.DataFrame
        From :func:`board_scores` (rows with ``pair_ns`` and ``pair_ew``).
    decimals : int or None, keyword-only
        Round each board's score to this many decimals before adding them up, as a
        scorer does that totals its printed figures (ACBLscore totals matchpoints printed
        to two decimals); ``None`` adds the exact scores.

    Returns
    -------
    pandas.DataFrame
        One row per pair and section, best first: ``source``, ``event``, ``segment``,
        ``direction`` (``"NS"``/``"EW"`` in a Mitchell, where each direction is ranked
        apart, ``""`` in a Howell), ``pair``, ``n_boards`` (boards scored), then for
        matchpoints ``total`` (Σ MP), ``top`` (Σ of the boards' tops) and ``pct``
        (100 ``total``/``top``), for IMPs ``total`` (Σ IMPs) and ``average`` (per board);
        ``place`` (1 = best; tied pairs share the better place) and ``place_text``
        (``"3="`` for a shared place). Pairs rank by ``pct`` at matchpoints, by
        ``total`` at IMPs. Rows without pair numbers are not ranked (counted in
        ``attrs["summary"]["no pair"]``).

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "", "board": [1, 1, 2, 2],
    ...                   "pair_ns": ["1", "2", "1", "2"], "pair_ew": ["3", "4", "4", "3"],
    ...                   "score_ns": [420.0, 450.0, -100.0, -100.0]})
    >>> r = pair_ranking(board_scores(f))
    >>> print(r[["direction", "pair", "total", "pct", "place_text"]].to_string(index=False))
    direction pair  total  pct place_text
           NS    2    3.0 75.0          1
           NS    1    1.0 25.0          2
           EW    3    3.0 75.0          1
           EW    4    1.0 25.0          2
    """
    check_frame(scores, "scores", ("board",))
    if decimals is not None:
        decimals = check_int(decimals, "decimals", minimum=0, maximum=6)
    mp = "mp_ns" in scores
    if not mp and "imps_ns" not in scores:
        raise fail("scores", "a frame from board_scores (mp_ns or imps_ns)", list(scores.columns))
    scored = scores[scores["n_results"].notna()] if "n_results" in scores else scores
    has_pairs = scored["pair_ns"].notna() & scored["pair_ew"].notna()
    s = scored[has_pairs].copy()
    for k in _SECTION:
        s[k] = _key_text(s[k])
    s["pair_ns"], s["pair_ew"] = _key_text(s["pair_ns"]), _key_text(s["pair_ew"])
    value = "mp" if mp else "imps"
    sides = []
    for side in ("ns", "ew"):
        part = s[_SECTION].copy()
        part["direction"] = side.upper()
        part["pair"] = s[f"pair_{side}"]
        part["value"] = s[f"{value}_{side}"].to_numpy(dtype=float)
        if decimals is not None:
            part["value"] = part["value"].round(decimals)
        part["top"] = s["top"].to_numpy(dtype=float) if mp else np.nan
        sides.append(part)
    long = pd.concat(sides, ignore_index=True)
    columns = [*_SECTION, "direction", "pair", "n_boards", "total"]
    columns += ["top", "pct"] if mp else ["average"]
    columns += ["place", "place_text"]
    if long.empty:
        out = pd.DataFrame(columns=columns)
    else:
        apart = _separate_directions(s)
        sec = pd.MultiIndex.from_frame(long[_SECTION])
        long.loc[~apart.reindex(sec).to_numpy(), "direction"] = ""
        g = long.groupby([*_SECTION, "direction", "pair"], sort=False)
        out = g.agg(n_boards=("value", "size"), total=("value", "sum"), top=("top", "sum"))
        out = out.reset_index()
        if mp:
            out["pct"] = 100.0 * out["total"] / out["top"].where(out["top"] > 0)
            rank_by = out["pct"]
        else:
            out = out.drop(columns="top")
            out["average"] = out["total"] / out["n_boards"]
            rank_by = out["total"]
        groups = [out[k] for k in [*_SECTION, "direction"]]
        out["place"], out["place_text"] = _places(rank_by.round(9), groups)
        order = out[_SECTION].drop_duplicates()
        order["sec"] = np.arange(len(order))
        out = out.merge(order, on=_SECTION, how="left")
        out["dir_order"] = out["direction"].map({"NS": 0, "": 0, "EW": 1})
        out = out.sort_values(["sec", "dir_order", "place"], kind="stable")
        out = out[columns].reset_index(drop=True)
    out.attrs["summary"] = {"no pair": int((~has_pairs).sum())}
    return out


# --------------------------------------------------------------------------- teams


def read_scale_csv(path) -> VPScale:
    """Read a VP scale from a CSV file, as ``bridgestats scale --format csv`` writes one.

    Parameters
    ----------
    path : str or Path
        A CSV with the columns ``vp_winner``, ``vp_loser`` and ``margin_from``, one row per
        outcome, the central outcome (a tie) first: an outcome is earned when the margin
        reaches its ``margin_from``.

    Returns
    -------
    VPScale
        With the file's thresholds (the ``margin_from`` of every outcome after the
        first), ``max_vp`` (winner plus loser of the tie) and ``negative`` (outcomes
        whose loser gets below 0).

    Raises
    ------
    BridgestatsError
        Naming the file when it cannot be read or its table is not a scale.
    """
    from ..vp import VPScale

    p = Path(path)
    try:
        table = pd.read_csv(p)
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        raise BridgestatsError(f"{p}: cannot read the scale ({exc})") from None
    need = ("vp_winner", "vp_loser", "margin_from")
    missing = [c for c in need if c not in table]
    if missing or len(table) < 2:
        raise BridgestatsError(
            f"{p}: a scale needs the columns vp_winner, vp_loser, margin_from and two or more "
            f"rows (as `bridgestats scale --format csv` writes); got {list(table.columns)}"
        )
    try:
        win = table["vp_winner"].to_numpy(dtype=float)
        lose = table["vp_loser"].to_numpy(dtype=float)
        margins = table["margin_from"].to_numpy(dtype=float)
        return VPScale(
            tuple(margins[1:]),
            max_vp=int(win[0] + lose[0]),
            negative=int((lose < 0).sum()),
            unit="IMPs",
            name=p.name,
        )
    except (BridgestatsError, ValueError, TypeError) as exc:
        raise BridgestatsError(f"{p}: not a VP scale: {exc}") from None


def _vps(margin, n_boards, *, scale, k, scale_file):
    """VPs of the side with ``margin`` over ``n_boards`` (arrays) on the chosen scale."""
    from ..vp import event_scale, named_scale

    margin = np.asarray(margin, dtype=float)
    n_boards = np.asarray(n_boards, dtype=np.int64)
    out = np.empty(margin.shape, dtype=float)
    for n in np.unique(n_boards):
        if scale == "file":
            s = scale_file
        elif scale == "gaussian":
            s = event_scale("teams", int(n), k=k)
        else:
            s = named_scale(scale, n_boards=int(n))
        at = n_boards == n
        out[at] = s.vp(margin[at])
    return out


def team_matches(frame, *, scale="wbf", k=None, scale_file=None) -> pd.DataFrame:
    """Each two-room match: the teams, the IMPs each won, the margin and the VPs.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame of team matches (:func:`bridgestats.io.read_results`); the rooms are
        paired by :func:`bridgestats.io.team_board_swings`.
    scale : {"wbf", "wbf_discrete", "gaussian", "file"}, keyword-only
        A named team scale (:func:`bridgestats.vp.team_scales`: the WBF 2013 scale, 2
        decimals or whole VPs), a Gaussian 20-0 scale with σ = K√n
        (:func:`bridgestats.vp.event_scale`, form ``"teams"``), or the
        :class:`~bridgestats.vp.VPScale` given as ``scale_file``.
    k : float, keyword-only
        The per-board K of the Gaussian scale (``None``: the model's default).
    scale_file : VPScale, keyword-only
        For ``scale="file"`` (e.g. from :func:`read_scale_csv`).

    Returns
    -------
    pandas.DataFrame
        One row per match in file order: ``source``, ``event``, ``segment``, ``team_a``,
        ``team_b`` (in alphabetical order), ``n_boards``, ``imps_a``, ``imps_b`` (the IMPs
        each side won), ``imp_margin`` (``team_a``'s net: ``imps_a - imps_b``),
        ``imp_margin_b`` (``team_b``'s net: ``-imp_margin``, except where an artificial
        adjusted score does not balance, A6060 or A4040), ``adjusted`` (boards with an
        artificial adjusted score), ``vp_a``, ``vp_b`` (each on its own net). The swings'
        own summary (boards paired, records unpaired by reason) is in
        ``attrs["summary"]``, with ``"boards"`` (the swings, one per board: each team's
        IMPs on it in ``imps_a`` and ``imps_b``, and ``adjusted``: how an adjusted board
        was scored) and ``"adjusted"`` (how many boards).

    Notes
    -----
    On each paired board the team North-South in the first room (the open room where it
    is named; its record's ``home_team``) gains the board's swing; the teams of a match
    are the same whichever sat North-South first (some files name the table's
    North-South team as the home team, so home and visit swap between the rooms).

    A room whose result is an artificial adjusted score (``A6040``, ``Ave+``; Law 12C2)
    scores the board for both teams by Law 86A: +3 IMPs to a side credited average plus,
    0 for average, -3 for average minus, each side by its own share; the other room's
    result does not count. Where the file printed the adjusted table's ``ScoreIMP``, that
    is what the board scores (what the file states).

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "1", "board": [1, 1, 2, 2],
    ...                   "room": ["open", "closed"] * 2, "home_team": "A", "visit_team": "B",
    ...                   "score_ns": [620.0, -100.0, -50.0, 110.0], "skip_reason": None,
    ...                   "record": [1, 9, 17, 25]})
    >>> team_matches(f)[["team_a", "team_b", "imps_a", "imps_b", "vp_a", "vp_b"]]
      team_a team_b  imps_a  imps_b  vp_a  vp_b
    0      A      B      12       4  15.5   4.5
    """
    check_frame(frame, "frame")
    check_choice(scale, "scale", (*team_scales(), "gaussian", "file"))
    if k is not None:
        k = check_number(k, "k", low=0, low_open=True)
        if scale != "gaussian":
            raise fail("k", "given only with scale='gaussian'", k)
    from ..vp import VPScale

    if scale == "file" and not isinstance(scale_file, VPScale):
        raise fail("scale_file", "a VPScale (read_scale_csv) with scale='file'", scale_file)
    paired, usable, lines = _for_pairing(frame)  # artificial scores pair like results
    swings = team_board_swings(paired)
    credit_home, credit_visit, how = _team_board_credits(paired, swings, usable, lines)
    home, visit = _key_text(swings["home_team"]), _key_text(swings["visit_team"])
    a = np.where(home <= visit, home, visit)
    b = np.where(home <= visit, visit, home)
    first = home == a
    repeat = swings["match"].str.extract(r" (#\d+)$")[0].fillna("")
    sw = pd.DataFrame(
        {
            "source": _key_text(swings["source"]),
            "event": _key_text(swings["event"]),
            "segment": _key_text(swings["segment"]),
            "repeat": repeat.to_numpy(),
            "team_a": a,
            "team_b": b,
            "board": swings["board"].to_numpy(),
            "imps_a": _whole(np.where(first, credit_home, credit_visit)),
            "imps_b": _whole(np.where(first, credit_visit, credit_home)),
            "adjusted": np.asarray(how, dtype=object),
        }
    )
    keys = ["source", "event", "segment", "repeat", "team_a", "team_b"]
    g = sw.groupby(keys, sort=False)
    out = g.agg(
        n_boards=("board", "size"),
        imps_a=("imps_a", lambda x: x.clip(lower=0).sum()),
        imps_b=("imps_b", lambda x: x.clip(lower=0).sum()),
        imp_margin=("imps_a", "sum"),
        imp_margin_b=("imps_b", "sum"),
        adjusted=("adjusted", "count"),
    ).reset_index()
    for col in ("imps_a", "imps_b", "imp_margin", "imp_margin_b"):
        out[col] = _whole(out[col].to_numpy())
    out["segment"] = out["segment"] + np.where(out["repeat"] != "", " " + out["repeat"], "")
    out = out.drop(columns="repeat")
    order = ["source", "event", "segment", "team_a", "team_b", "n_boards", "imps_a", "imps_b",
             "imp_margin", "imp_margin_b", "adjusted"]  # fmt: skip
    out = out[order]
    margin, n = out["imp_margin"].to_numpy(), out["n_boards"].to_numpy()
    if len(out):
        out["vp_a"] = _vps(margin, n, scale=scale, k=k, scale_file=scale_file)
        out["vp_b"] = _vps(out["imp_margin_b"].to_numpy(), n, scale=scale, k=k,
                           scale_file=scale_file)  # fmt: skip
    else:
        out["vp_a"] = out["vp_b"] = pd.Series(dtype=float)
    out.attrs["summary"] = {
        **swings.attrs["summary"],
        "boards": sw,
        "adjusted": int(sw["adjusted"].notna().sum()),
    }
    return out


def _whole(values: np.ndarray) -> np.ndarray:
    """IMPs as integers where all are whole (a played board's are), else as floats."""
    v = np.asarray(values, dtype=float)
    return v.astype(np.int64) if np.all(v == np.round(v)) else v


def team_ranking(matches) -> pd.DataFrame:
    """The teams ranked by their VPs over the matches of each event.

    Parameters
    ----------
    matches : pandas.DataFrame
        From :func:`team_matches`.

    Returns
    -------
    pandas.DataFrame
        One row per team and ``source``/``event``, best first: ``source``, ``event``,
        ``team``, ``n_matches``, ``imps_for``, ``imps_against``, ``vp`` (Σ VPs),
        ``place`` and ``place_text`` (ties share the better place, ``"3="``).
    """
    check_frame(matches, "matches", ("team_a", "team_b", "vp_a", "vp_b"))
    sides = []
    for me, them in (("a", "b"), ("b", "a")):
        sides.append(
            pd.DataFrame(
                {
                    "source": matches["source"].to_numpy(),
                    "event": matches["event"].to_numpy(),
                    "team": matches[f"team_{me}"].to_numpy(),
                    "imps_for": matches[f"imps_{me}"].to_numpy(),
                    "imps_against": matches[f"imps_{them}"].to_numpy(),
                    "vp": matches[f"vp_{me}"].to_numpy(),
                }
            )
        )
    long = pd.concat(sides, ignore_index=True)
    g = long.groupby(["source", "event", "team"], sort=False)
    out = g.agg(
        n_matches=("vp", "size"),
        imps_for=("imps_for", "sum"),
        imps_against=("imps_against", "sum"),
        vp=("vp", "sum"),
    ).reset_index()
    out["place"], out["place_text"] = _places(out["vp"].round(9), [out["source"], out["event"]])
    out = out.sort_values(["source", "event", "place"], kind="stable").reset_index(drop=True)
    return out


# --------------------------------------------------------------------------- agreement

#: Printed per-result figures, by method: (printed column, computed column). ScoreTable
#: columns first, then the per-table tags, ACBL and USEBIO names.
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
        ``source``, ``record``, ``board``, ``printed_value``, ``computed_value``.

    Notes
    -----
    A computed value agrees when it is within half a unit of the printed figure's last
    digit (``"56.25"``: 0.005; ``"4"``: 0.5), plus 10⁻⁹ for floating-point sums: the
    printed figure is the computed one rounded. A result alone on its board in the file
    is not compared (its field was scored elsewhere: a file holding one table of a
    pairs event, such as the Cavendish pairs' per-table ``ScoreIMP``). For two-room teams
    (``method="teams"``) the per-table ``ScoreIMP`` is compared with the board's swing,
    plus for the first room's table and minus for the second's.
    """
    check_frame(frame, "frame")
    check_choice(method, "method", (*METHODS, "teams"))
    frame = _bare(frame)
    rows, bad = [], []
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
        value, half = _printed_numbers(shown.reset_index(drop=True), ew_of=ew_of)
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
                    "printed_value": value[idx],
                    "computed_value": calc[idx],
                }
            )
        )
    summary = pd.DataFrame(
        rows, columns=["printed", "computed", "compared", "agree", "disagree", "not_compared"]
    )
    columns = ["printed", "source", "record", "board", "printed_value", "computed_value"]
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
        as text, ``"6="`` when shared) and ``attrs["unmatched"]`` how many printed pairs
        the ranking does not hold. Totals and percentages agree within half a unit of
        their last printed digit (as :func:`agreement`), places exactly; where the
        printed places mark a shared place (``"6="``, USEBIO), the mark is compared too
        (a pair printed ``6=`` and computed 6th alone disagrees), else the number alone
        (PBN ``Rank``: the best rank of the tied pairs).

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
    return out


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


# --------------------------------------------------------------------------- everything


@dataclass(frozen=True)
class EventScore:
    """An event scored (see :func:`score_event`).

    Attributes
    ----------
    method : str
        ``"mp"``, ``"butler"``, ``"cross_imps"`` or ``"teams"``.
    method_source : str
        Where the method came from (``"declared: IMP;Cross"``, ``"chosen"``, ...).
    boards : pandas.DataFrame
        Per result (:func:`board_scores`); for teams, per board (the swings).
    ranking : pandas.DataFrame
        Pairs (:func:`pair_ranking`) or teams (:func:`team_ranking`).
    matches : pandas.DataFrame or None
        Teams: :func:`team_matches`.
    agreement : pandas.DataFrame
        :func:`agreement`'s summary (empty when the file printed no scores).
    mismatches : pandas.DataFrame
        :func:`agreement`'s disagreeing results.
    notes : dict
        Counts: results read, scored, skipped by reason, pairs unranked, boards unpaired.
    ranking_agreement : pandas.DataFrame or None
        :func:`ranking_agreement` of the ranking with the printed standings (``printed``
        of :func:`score_event`), its disagreeing pairs in ``attrs["mismatches"]``.
    """

    method: str
    method_source: str
    boards: pd.DataFrame
    ranking: pd.DataFrame
    matches: pd.DataFrame | None
    agreement: pd.DataFrame
    mismatches: pd.DataFrame
    notes: dict = field(default_factory=dict)
    ranking_agreement: pd.DataFrame | None = None


def _bare(frame: pd.DataFrame) -> pd.DataFrame:
    """A shallow copy without ``attrs`` (pandas deep-copies them onto every column taken)."""
    out = frame.copy(deep=False)
    out.attrs = {}
    return out


def _best_per_beat(frame, **options) -> tuple[int, pd.DataFrame | None]:
    """1 or 2 matchpoints per result beaten: whichever more printed matchpoints agree with
    (2 on a tie, and when nothing is printed), and its :func:`board_scores` (None when
    nothing is printed: nothing was scored to choose). When 2 agree with every printed
    line, 1 cannot do better and is not tried."""
    printed = [c for c, comp in _PRINTED["mp"] if comp == "mp_ns" and _printed(frame, c)]
    if not printed:
        return 2, None
    best, best_agree, best_scores = 2, -1, None
    for per_beat in (2, 1):
        s = board_scores(frame, method="mp", per_beat=per_beat, **options)
        summary, _ = agreement(frame, s, method="mp")
        rows = summary["computed"] == "mp_ns"
        agree = int(summary.loc[rows, "agree"].sum())
        if agree > best_agree:
            best, best_agree, best_scores = per_beat, agree, s
        if agree == int(summary.loc[rows, "compared"].sum()):
            break
    return best, best_scores


def score_event(
    frame,
    *,
    method=None,
    per_beat=None,
    ascherman=False,
    neuberg=None,
    datum="trimmed",
    trim=0.1,
    cross_sum=False,
    decimals=None,
    scale="wbf",
    k=None,
    scale_file=None,
    printed=None,
) -> EventScore:
    """Score an event read from a file: per board, the ranking, and the agreement check.

    Parameters
    ----------
    frame : pandas.DataFrame
        From :func:`bridgestats.io.read_results`.
    method : {"mp", "butler", "cross_imps", "teams"} or None, keyword-only
        ``None``: the file's own (:func:`declared_method`).
    per_beat : {1, 2} or None, keyword-only
        Matchpoints per result beaten; ``None``: the one the printed matchpoints agree
        with more often (2 when none are printed).
    ascherman, neuberg, datum, trim, cross_sum : keyword-only
        See :func:`board_scores`.
    decimals : int or None, keyword-only
        Pairs: see :func:`pair_ranking`.
    scale, k, scale_file : keyword-only
        Teams: see :func:`team_matches`.
    printed : pandas.DataFrame or None, keyword-only
        Pairs: the standings the file printed (``pair`` and any of ``total``, ``pct``,
        ``place``; ``event`` too when the file holds several), compared with the ranking
        (:func:`ranking_agreement`). A printed total agrees either as the sum of the
        pair's boards or scaled to the most boards any pair of the section played
        (Compscore prints ``TOTAL_SCORE`` of a pair that sat out a round scaled so:
        124.0 on 26 of 27 boards is 128.77); whichever more totals agree with is kept,
        and named in ``notes["printed total"]``.

    Returns
    -------
    EventScore

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "", "board": [1, 1],
    ...                   "pair_ns": ["1", "2"], "pair_ew": ["3", "4"],
    ...                   "score_ns": [420.0, 450.0], "Scoring": "MP"})
    >>> e = score_event(f)
    >>> e.method, e.ranking["place_text"].tolist()
    ('mp', ['1', '2', '1', '2'])
    """
    check_frame(frame, "frame", ("board", "score_ns"))
    frame = _bare(frame)
    if method is None:
        method, source = declared_method(frame)
    else:
        check_choice(method, "method", (*METHODS, "teams"))
        source = "chosen"
    if per_beat is not None:
        per_beat = check_number(per_beat, "per_beat", low=0, low_open=True)
    skipped = {}
    if "skip_reason" in frame:
        skipped = {str(k): int(v) for k, v in frame["skip_reason"].value_counts().items()}
    notes = {"results": len(frame), "skipped": skipped}
    if method == "teams":
        matches = team_matches(frame, scale=scale, k=k, scale_file=scale_file)
        summary = dict(matches.attrs["summary"])
        boards = summary.pop("boards")
        notes.update(summary)
        ranking = team_ranking(matches)
        agree, bad = agreement(frame, None, method="teams")
        return EventScore(method, source, boards, ranking, matches, agree, bad, notes)
    options = {"ascherman": ascherman, "neuberg": neuberg}
    boards = None
    if method == "mp" and per_beat is None:  # the chosen one's scores are kept, not redone
        per_beat, boards = _best_per_beat(frame, **options)
        notes["per_beat"] = per_beat
    boards_per_beat = 2 if per_beat is None else per_beat
    if boards is None:
        boards = board_scores(
            frame,
            method=method,
            per_beat=boards_per_beat,
            datum=datum,
            trim=trim,
            cross_sum=cross_sum,
            **options,
        )
    if method == "mp" and not ascherman:
        assigned = assigned_lines(frame, boards, per_beat=boards_per_beat, neuberg=neuberg)
        if assigned:
            boards = board_scores(frame, method="mp", per_beat=boards_per_beat,
                                  neuberg=neuberg, assigned=assigned)  # fmt: skip
            notes["assigned"] = len(assigned)
    notes.update(boards.attrs["summary"])
    left = boards["skip_reason"].dropna()
    notes["skipped"] = {str(k): int(v) for k, v in left.value_counts().items()}
    ranking = pair_ranking(boards, decimals=decimals)
    notes.update(ranking.attrs["summary"])
    agree, bad = agreement(frame, boards, method=method)
    versus = None
    if printed is not None:
        from ._standings import compare_standings

        versus, notes["printed total"] = compare_standings(ranking, printed)
        if "pair ids" in versus.attrs:
            notes["printed pair ids"] = versus.attrs["pair ids"]
    return EventScore(method, source, boards, ranking, None, agree, bad, notes, versus)


def assigned_lines(frame, scores, *, per_beat=2, neuberg=None, max_tries=200) -> dict:
    """The results the file credited with other matchpoints than their table score earns.

    Parameters
    ----------
    frame : pandas.DataFrame
        The tidy frame, with printed line matchpoints (USEBIO ``NS_MATCH_POINTS`` and
        ``EW_MATCH_POINTS``, PBN ``MP_NS``/``MP_EW``, ACBL ``mp_ns``/``mp_ew``).
    scores : pandas.DataFrame
        :func:`board_scores` of ``frame`` (matchpoints).
    per_beat, neuberg : keyword-only
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
    bad = bad[bad["printed"].isin(list(_EW_OF))]
    if bad.empty:
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
                trial = board_scores(part, per_beat=per_beat, neuberg=neuberg,
                                     assigned={where[pos]: stays})  # fmt: skip
                _, b2 = agreement(part, trial, method="mp")
                local = b2["record"].astype(str).isin(frame.loc[rows, "record"].astype(str))
                if not local.any():
                    found[int(pos)] = stays
                    break
            if int(pos) in found:
                break
    return found
