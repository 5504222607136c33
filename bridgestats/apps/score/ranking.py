"""The pairs ranked: totals, percentages or IMPs, and places with ties shared.

Part of :mod:`bridgestats.apps.score`: :func:`pair_ranking` (each section ranked apart,
each direction of a Mitchell apart), :func:`event_ranking` (an event's pairs over all its
segments and both directions, by IMPs per board, as a championship's organisers print
its Butler) and the places of any ranking.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._validate import check_frame, check_int, fail
from .frame import _SECTION, _key_text

__all__ = ["event_ranking", "pair_ranking"]


def _places(values: pd.Series, groups: list[pd.Series]) -> tuple[pd.Series, pd.Series]:
    """Place (1 = best, ties share the better place) and its label (``"3="`` when tied).

    A missing value (a pair none of whose boards could be compared) has no place: ``<NA>``
    and an empty label, after every placed one.
    """
    if len(values) == 0:
        return pd.Series([], dtype="Int64"), pd.Series([], dtype=object)
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
        apart, ``""`` in a Howell), ``pair``, ``players`` (where the file names them: the
        two as seated on the pair's first board, joined by ``" - "``), ``n_boards``
        (boards scored), then for
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
    >>> from bridgestats.apps.score import board_scores
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
    if len(out) and any(c in scored for c in ("north", "east", "south", "west")):
        out.insert(out.columns.get_loc("pair") + 1, "players", _players(s, out))
    out.attrs["summary"] = {"no pair": int((~has_pairs).sum())}
    return out


def _players(s: pd.DataFrame, out: pd.DataFrame) -> list:
    """Each ranked pair's two players, ``"North - South"`` (or ``"East - West"``) as the
    file names them on the pair's first board, joined by :data:`PAIR_JOIN`; None where the
    file names neither."""
    sides = []
    for side, (a, b) in (("ns", ("north", "south")), ("ew", ("east", "west"))):
        if a not in s or b not in s:
            continue
        first, second = _key_text(s[a]).str.strip(), _key_text(s[b]).str.strip()
        names = (first + PAIR_JOIN + second).where((first != "") | (second != ""), None)
        part = s[_SECTION].assign(direction=side.upper(), pair=s[f"pair_{side}"], players=names)
        sides.append(part.dropna(subset=["players"]))
    if not sides:
        return [None] * len(out)
    named = pd.concat(sides, ignore_index=True)
    keys = [*_SECTION, "pair"]
    by_pair = named.drop_duplicates(keys).set_index(keys)["players"]
    by_side = named.drop_duplicates([*keys, "direction"]).set_index([*keys, "direction"])
    found = []
    for row in out[[*keys, "direction"]].itertuples(index=False):
        key = tuple(row)
        if row.direction and key in by_side.index:  # a Mitchell: NS 8 is not EW 8
            found.append(by_side.loc[key, "players"])
        else:
            found.append(by_pair.get(key[:-1]))
    return found


#: How :func:`event_ranking` joins a pair's two players' names.
PAIR_JOIN = " - "


def _pair_names(first: pd.Series, second: pd.Series) -> pd.Series:
    """A partnership as its two players' names in alphabetical order joined by
    :data:`PAIR_JOIN` (whoever sat North), missing unless both are named."""
    a, b = _key_text(first).str.strip(), _key_text(second).str.strip()
    low, high = a.where(a <= b, b), b.where(a <= b, a)
    return (low + PAIR_JOIN + high).where((a != "") & (b != ""), None)


def event_ranking(scores) -> pd.DataFrame:
    """An event's pairs ranked over all its segments and both directions, by IMPs a board.

    The ranking a championship's organisers print for a Butler (or cross-IMP) event that
    runs over several sessions or rounds: each pair's IMPs on every board it played,
    North-South or East-West, in every segment, added up and divided by its boards.

    Parameters
    ----------
    scores : pandas.DataFrame
        From :func:`board_scores` at Butler or cross-IMPs (``imps_ns``, ``imps_ew``), with
        the players (``north`` ... ``west``) where the file names them.

    Returns
    -------
    pandas.DataFrame
        One row per pair and event (``source``, ``event``), best first: ``pair`` (its two
        players' names in alphabetical order joined by ``" - "``; where a result does not
        name both players, the pair's number as the file prints it, with its direction in
        an event that numbers each direction apart, a Mitchell), ``n_boards`` (results scored),
        ``total`` (Σ IMPs), ``per_board`` (``total / n_boards``), ``place`` and
        ``place_text`` (ties share the better place, ``"3="``), by ``per_board``.
        ``attrs["summary"]``: pairs by name and by number, segments, results not ranked.

    Examples
    --------
    Two rounds of one board at two tables (datum: the mean); Ann and Bob play
    North-South, then East-West. Round 1: +420 and +170 against 295 are ±125, 4 IMPs;
    round 2: −100 and +100 against 0, 3 IMPs:

    >>> from bridgestats.apps.score import board_scores
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": ["1", "1", "2", "2"],
    ...                   "board": 1, "score_ns": [420.0, 170.0, -100.0, 100.0],
    ...                   "north": ["Ann", "Eve", "Cy", "Gus"],
    ...                   "south": ["Bob", "Fay", "Di", "Hal"],
    ...                   "east": ["Cy", "Gus", "Ann", "Eve"],
    ...                   "west": ["Di", "Hal", "Bob", "Fay"]})
    >>> r = event_ranking(board_scores(f, method="butler", datum="mean"))
    >>> print(r[["pair", "n_boards", "total", "per_board", "place_text"]].to_string(index=False))
         pair  n_boards  total  per_board place_text
    Ann - Bob         2    7.0        3.5         1=
    Gus - Hal         2    7.0        3.5         1=
      Cy - Di         2   -7.0       -3.5         3=
    Eve - Fay         2   -7.0       -3.5         3=
    """
    check_frame(scores, "scores", ("board",))
    if "imps_ns" not in scores or "imps_ew" not in scores:
        raise fail(
            "scores",
            "a frame from board_scores at Butler or cross-IMPs (imps_ns, imps_ew)",
            list(scores.columns),
        )
    scored = scores[scores["imps_ns"].notna() & scores["imps_ew"].notna()]
    s = scored.copy()
    for k in _SECTION:
        s[k] = _key_text(s[k]) if k in s else ""
    for side in ("ns", "ew"):
        s[f"pair_{side}"] = _key_text(s[f"pair_{side}"]) if f"pair_{side}" in s else ""
    apart = pd.Series(False, index=s.index)
    if len(s):  # numbered by direction in any segment (a Mitchell): so in every one
        by_event = _separate_directions(s).groupby(level=["source", "event"]).any()
        ev = pd.MultiIndex.from_frame(s[["source", "event"]])
        apart = pd.Series(by_event.reindex(ev).to_numpy(dtype=bool), index=s.index)
    sides, by_number = [], 0
    for side, (a, b) in (("ns", ("north", "south")), ("ew", ("east", "west"))):
        names = _pair_names(s[a], s[b]) if a in s and b in s else pd.Series(None, index=s.index)
        number = s[f"pair_{side}"].where(~apart, side.upper() + " " + s[f"pair_{side}"])
        number = number.where(s[f"pair_{side}"] != "", None)
        by_number += int((names.isna() & number.notna()).sum())
        sides.append(
            pd.DataFrame(
                {
                    "source": s["source"],
                    "event": s["event"],
                    "pair": names.where(names.notna(), number),
                    "value": s[f"imps_{side}"].to_numpy(dtype=float),
                }
            )
        )
    long = pd.concat(sides, ignore_index=True)
    unranked = int(long["pair"].isna().sum())
    long = long.dropna(subset=["pair"])
    columns = ["source", "event", "pair", "n_boards", "total", "per_board", "place", "place_text"]
    if long.empty:
        out = pd.DataFrame(columns=columns)
    else:
        g = long.groupby(["source", "event", "pair"], sort=False)["value"]
        out = g.agg(n_boards="size", total="sum").reset_index()
        out["per_board"] = out["total"] / out["n_boards"]
        out["place"], out["place_text"] = _places(
            out["per_board"].round(9), [out["source"], out["event"]]
        )
        order = out[["source", "event"]].drop_duplicates()
        order["ev"] = np.arange(len(order))
        out = out.merge(order, on=["source", "event"], how="left")
        out = out.sort_values(["ev", "place", "pair"], kind="stable")
        out = out[columns].reset_index(drop=True)
    out.attrs["summary"] = {
        "pairs": len(out),
        "results by pair number": by_number,
        "segments": int(s[["source", "event", "segment"]].drop_duplicates().shape[0]),
        "sides not ranked": unranked,
    }
    return out
