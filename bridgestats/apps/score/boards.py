"""Each table result scored against the other results of its board.

Part of :mod:`bridgestats.apps.score`: :func:`board_scores` (matchpoints with Neuberg's
factoring or Ascherman's percentage, Butler IMPs against a datum, cross-IMPs), artificial
adjusted scores credited by Law 12C2 or as the file printed them.

References
----------
.. [1] "USEBIO - Universal Standard for the Exchange of Bridge Information Online", EBU,
   versions 1.2/1.3 (``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``).
.. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §11 (Ascherman).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._validate import check_choice, check_flag, check_frame, check_int, check_number, fail
from ...conventions import check_conventions
from ...scoring import DATUMS, METHODS, score_board_results
from .adjusted import _AVERAGE_IMPS, _adjusted_lines, _printed_pair
from .frame import _KEYS, _SECTION, _bare, _key_text, _partnership

__all__ = ["board_scores"]


def board_scores(
    frame,
    *,
    method="mp",
    per_beat=2,
    ascherman=False,
    neuberg=None,
    datum=None,
    trim=None,
    cross_sum=False,
    assigned=None,
    conventions=None,
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
        ``event``, ``segment``) had, by the ``conventions``' rule (Neuberg's formula,
        :func:`bridgestats.scoring.neuberg`, as Compscore, EBUScore and ACBLscore do;
        ScoreBridge's missing results as ties). ``None`` (the default): True, except
        with ``ascherman``. ``False``: a board is factored only to its own lines (its
        results and its artificial scores).
    datum : {"mean", "trimmed", "rounded"} or None, keyword-only
        The Butler datum (:data:`bridgestats.scoring.DATUMS`, see
        :func:`bridgestats.scoring.butler_datum`); ``None``: the ``conventions``'.
    trim : float or None, keyword-only
        For ``"trimmed"``: the fraction dropped at each end (at least one result when
        there are 3 or more); ``None``: the ``conventions``'.
    cross_sum : bool, keyword-only
        Cross-IMPs summed over the comparisons, instead of averaged over them.
    assigned : dict or None, keyword-only
        Rows (positions in ``frame``) the file credited with other figures than their
        table score earns: ``{row: False}`` takes the result out of its board's field
        and credits the printed figures; ``{row: True}`` keeps it in the field (the
        others are scored against it) and credits the printed figures to it alone.
        :func:`score_event` finds them (:func:`assigned_lines`).
    conventions : Conventions, str or None, keyword-only
        A scoring program's conventions (:data:`bridgestats.conventions.CONVENTIONS`, by id): its
        factoring rule, Butler datum and IMP gaps. ``None``: Neuberg's
        (:data:`bridgestats.conventions.DEFAULT`).

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
    conv = check_conventions(conventions)
    datum = conv.datum if datum is None else check_choice(datum, "datum", DATUMS)
    trim = conv.trim if trim is None else trim
    ascherman = check_flag(ascherman, "ascherman")
    neuberg = (not ascherman) if neuberg is None else check_flag(neuberg, "neuberg")
    if assigned is not None and not isinstance(assigned, dict):
        raise fail("assigned", "a dict {row: stays in the field} or None", assigned)
    cross_sum = check_flag(cross_sum, "cross_sum")
    per_beat = check_number(per_beat, "per_beat", low=0, low_open=True)
    if neuberg and ascherman:
        raise fail("neuberg", "False with ascherman=True (Ascherman needs no factoring)", True)
    out = pd.DataFrame(index=frame.index)
    for col in (
        "source",
        "record",
        "event",
        "segment",
        "board",
        "pair_ns",
        "pair_ew",
        "contract",
        "declarer",
        "tricks",
        "score_ns",
        "skip_reason",
    ):
        out[col] = frame[col] if col in frame else None
    for col in ("north", "east", "south", "west"):  # the players, where the file names them
        if col in frame and frame[col].notna().any():
            out[col] = frame[col]
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
        gaps=conv.gaps,
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
            mp = np.asarray(conv.factor(raw, n, expected, per_beat=per_beat), dtype=float)
            top_all = per_beat * np.maximum(expected_all - 1.0, 0.0)
            top_own = per_beat * np.maximum(own - 1.0, 0.0)
            mp_own = np.full(n_rows, np.nan)
            mp_own[ok_arr] = conv.factor(raw, n, own[ok_arr], per_beat=per_beat)
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
        results = {
            "mp_ns": mp_ns,
            "mp_ew": mp_ew,
            "top": top_all,
            "pct_ns": pct_ns,
            "pct_ew": pct_ew,
            "n_expected": expected_all,
        }
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
