"""From the tidy frame to the shapes the statistics need: board swings, match margins, and
the full-field results of each board."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_frame, check_whole, fail
from ..scoring import imps

__all__ = ["field_results", "match_margins", "team_board_swings"]

_NEEDED = ("source", "event", "segment", "board", "room", "home_team", "visit_team", "score_ns")


def _check_scores(frame: pd.DataFrame, name: str, column: str = "score_ns") -> None:
    """Raise unless ``frame[column]`` holds finite numbers or missing values (never text)."""
    values = frame[column]
    if values.dtype.kind not in "biuf":  # an object column: numbers and NA only
        text = values.map(lambda v: not (v is None or isinstance(v, int | float | np.number)))
        bad = (text & values.notna()).to_numpy()
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise fail(f"{name}: row {row}: {column}", "a number or missing", values.iat[row])
    num = pd.to_numeric(values, errors="coerce").to_numpy(dtype=float)
    inf = np.isinf(num)
    if inf.any():
        row = int(np.flatnonzero(inf)[0])
        raise fail(f"{name}: row {row}: {column}", "a finite number or missing", num[row])


def _check_keys(frame: pd.DataFrame, name: str, columns) -> None:
    """Raise unless every value of the key ``columns`` is hashable (a list is not a key)."""
    for column in columns:
        try:
            pd.factorize(frame[column])
        except TypeError:
            raise fail(
                f"{name}: {column}", "hashable values (numbers or text)", given="a list or dict"
            ) from None


def _key(values: pd.Series) -> pd.Series:
    """A column as strings for grouping, missing values as ``""``."""
    return values.astype("object").where(values.notna(), "").astype(str)


def team_board_swings(frame: pd.DataFrame) -> pd.DataFrame:
    """Pair the two rooms of each board of a team match into one row per board.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame from a :mod:`bridgestats.io` reader (``read_pbn``, ``read_lin``).

    Returns
    -------
    pandas.DataFrame
        One row per paired board: ``match``, ``source``, ``event``, ``segment``,
        ``board``, ``home_team``, ``visit_team`` (as printed at the open-room table),
        ``score_ns_open``, ``score_ns_closed``, ``score_diff`` (open minus closed),
        ``imps`` (``imps(score_diff)``: the swing to the team sitting North-South in the
        open room), ``record_open``, ``record_closed``. ``swings.attrs["summary"]`` holds
        ``records``, ``paired_boards`` and ``unpaired`` (records by reason: ``"not
        scorable"``, ``"no room or teams"`` (nothing says which tables met, as in a
        VALET full field), ``"no partner"``, ``"different deals"``).

    Notes
    -----
    Two records are the two rooms of a board when they share the file, ``event``,
    ``segment``, the two teams (in either order: some files swap home and visit between
    the tables) and the board number. Within such a group the k-th open-room record is
    paired with the k-th closed-room record in file order (so a final whose segments
    were not tagged, and reuse board numbers, still pairs segment by segment); where the
    room is unknown, consecutive records pair and the first counts as the open room. When
    both records print a ``Deal``, the deals must agree. Records left over then pair
    when they share the file, the teams, the board and the printed deal, and their rooms
    are known (files whose two rooms carry different segment tags). Two adjacent records
    of different matches that play the same deal are never paired with each other.

    ``match`` names the match: file, event, segment and teams, plus ``#k`` when board
    numbers repeat within it (an untagged segment).

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "1", "board": [1, 1],
    ...                   "room": ["open", "closed"], "home_team": "A", "visit_team": "B",
    ...                   "score_ns": [620.0, -100.0], "skip_reason": None, "record": [1, 9]})
    >>> team_board_swings(f)[["board", "score_diff", "imps"]]
       board  score_diff  imps
    0      1       720.0    12
    """
    check_frame(frame, "frame", _NEEDED)
    _check_scores(frame, "frame")
    _check_keys(frame, "frame", [c for c in _NEEDED if c != "score_ns"])
    n_all = len(frame)
    ok = frame["score_ns"].notna() & frame["board"].notna()
    if "skip_reason" in frame:
        ok &= frame["skip_reason"].isna()
    room_or_teams = frame["room"].isin(["open", "closed"]) | frame["home_team"].notna()
    anonymous = ok & ~room_or_teams  # e.g. a full field: which tables met is not known
    ok &= room_or_teams
    f = frame.loc[ok].reset_index(drop=True)
    home, visit = _key(f["home_team"]), _key(f["visit_team"])
    teams = np.where(home <= visit, home + "\x1f" + visit, visit + "\x1f" + home)
    key = pd.Series(
        _key(f["source"])
        + "\x1e"
        + _key(f["event"])
        + "\x1e"
        + _key(f["segment"])
        + "\x1e"
        + teams
        + "\x1e"
        + _key(f["board"])
    )
    room = f["room"].astype("object")
    side = np.select([room == "open", room == "closed"], [0, 1], -1)
    deal = _key(f["Deal"]) if "Deal" in f else pd.Series("", index=f.index)

    near = _key(f["source"]) + "\x1e" + _key(f["board"])
    first, second = _adjacent_pairs(key, near, side, deal, pd.Series(teams))
    left = np.ones(len(f), dtype=bool)
    left[first] = left[second] = False
    more_first, more_second, refused = _grouped_pairs(key, side, deal, left)
    left[more_first] = left[more_second] = left[refused] = False
    # rooms of one board whose segment tags disagree (EC-2004: "Round 4" and "Segm.1/1"
    # for one match): the same file, teams, board and printed deal, rooms known
    same_deal = pd.Series(
        _key(f["source"]) + "\x1e" + teams + "\x1e" + _key(f["board"]) + "\x1e" + deal
    )
    left &= (side >= 0) & (deal != "").to_numpy() & (teams != "\x1f")
    last_first, last_second, _ = _grouped_pairs(same_deal, side, deal, left)
    a = np.concatenate([first, more_first, last_first])
    b = np.concatenate([second, more_second, last_second])
    flip = side[a] == 1  # a closed-room record listed first: swap
    op, cl = np.where(flip, b, a), np.where(flip, a, b)
    order = np.argsort(np.minimum(op, cl), kind="stable")
    op, cl = op[order], cl[order]

    # counted from the records themselves (not as a remainder), so that the summary's
    # records = 2 x paired + unpaired also checks that no record is in two pairs
    used = np.bincount(np.concatenate([op, cl]), minlength=len(f)) > 0
    refused_rows = np.zeros(len(f), dtype=bool)
    refused_rows[refused] = True
    o, c = f.iloc[op], f.iloc[cl]
    kk = pd.Series(key.to_numpy()[op])
    repeat = kk.groupby(kk).cumcount().to_numpy()
    base = (
        _key(o["source"]).to_numpy()
        + "|"
        + _key(o["event"]).to_numpy()
        + "|"
        + _key(o["segment"]).to_numpy()
        + "|"
        + _key(o["home_team"]).to_numpy()
        + " v "
        + _key(o["visit_team"]).to_numpy()
    )
    base = pd.Series(base)
    repeats = pd.Series(repeat).groupby(base).transform("max").to_numpy() > 0
    match = np.where(repeats, base + " #" + pd.Series(repeat + 1).astype(str), base)
    diff = o["score_ns"].to_numpy(dtype=float) - c["score_ns"].to_numpy(dtype=float)
    out = pd.DataFrame(
        {
            "match": match,
            "source": o["source"].to_numpy(),
            "event": o["event"].to_numpy(),
            "segment": o["segment"].to_numpy(),
            "board": o["board"].to_numpy(),
            "home_team": o["home_team"].to_numpy(),
            "visit_team": o["visit_team"].to_numpy(),
            "score_ns_open": o["score_ns"].to_numpy(dtype=float),
            "score_ns_closed": c["score_ns"].to_numpy(dtype=float),
            "score_diff": diff,
            "imps": np.asarray(imps(diff), dtype=np.int64).reshape(-1),
            "record_open": o["record"].to_numpy() if "record" in o else None,
            "record_closed": c["record"].to_numpy() if "record" in c else None,
        }
    )
    out.attrs["summary"] = {
        "records": n_all,
        "paired_boards": len(out),
        "unpaired": {
            "not scorable": int(n_all - ok.sum() - anonymous.sum()),
            "no room or teams": int(anonymous.sum()),
            "no partner": int((~used & ~refused_rows).sum()),
            "different deals": int(refused_rows.sum()),
        },
    }
    return out


def _adjacent_pairs(
    key: pd.Series, near: pd.Series, side: np.ndarray, deal: pd.Series, teams: pd.Series
):
    """Consecutive records that are the two rooms of one board (the usual file layout).

    Record i pairs with i + 1 when they share the whole key (and their deals do not
    differ) and their rooms differ or neither is known. Records whose rooms are known and
    differ also pair when they print the same deal of the same board of the same file:
    team and segment tags are then not needed (some files print them on one room only),
    but two records that both name their teams, differently, are two matches playing
    the same deal and do not pair this way. Along a run of such links every other one is
    taken.
    """
    n = len(key)
    if n < 2:
        return np.array([], dtype=np.int64), np.array([], dtype=np.int64)
    k, d, b = key.to_numpy(), deal.to_numpy(), near.to_numpy()
    t = teams.to_numpy()
    named = t != "\x1f"  # at least one team printed
    other_match = named[:-1] & named[1:] & (t[:-1] != t[1:])
    known = (side[:-1] >= 0) & (side[1:] >= 0) & (side[:-1] != side[1:])
    unknown = (side[:-1] < 0) & (side[1:] < 0)
    same_deal = (b[:-1] == b[1:]) & (d[:-1] != "") & (d[:-1] == d[1:]) & ~other_match
    deals = (d[:-1] == "") | (d[1:] == "") | (d[:-1] == d[1:])
    same_key = (k[:-1] == k[1:]) & deals
    link = np.append((known & (same_deal | same_key)) | (unknown & same_key), False)
    idx = np.arange(n)
    starts = link & ~np.r_[False, link[:-1]]
    run_start = np.maximum.accumulate(np.where(starts, idx, 0))
    take = link & ((idx - run_start) % 2 == 0)
    first = np.flatnonzero(take)
    return first, first + 1


def _grouped_pairs(key: pd.Series, side: np.ndarray, deal: pd.Series, left: np.ndarray):
    """Pair the records left over by :func:`_adjacent_pairs` within their key.

    The k-th open-room record pairs with the k-th closed-room one; where the room is
    unknown, the (2k)-th with the (2k+1)-th. Returns the pairs and the rows of the
    candidate pairs refused because their deals differ.
    """
    idx = np.flatnonzero(left)
    if idx.size == 0:
        empty = np.array([], dtype=np.int64)
        return empty, empty, empty
    k = pd.Series(key.to_numpy()[idx])
    s = side[idx]
    lane = np.where(s >= 0, s, 2)
    nth = pd.DataFrame({"k": k, "lane": lane}).groupby(["k", "lane"]).cumcount().to_numpy()
    unknown = s < 0
    slot = np.where(unknown, nth // 2, nth)
    role = np.where(unknown, nth % 2, s)
    t = pd.DataFrame({"k": k, "slot": slot, "known": ~unknown, "row": idx})
    a = t[role == 0].drop(columns=[])
    b = t[role == 1]
    m = a.merge(b, on=["k", "slot", "known"], suffixes=("_a", "_b"))
    d = deal.to_numpy()
    da, db = d[m["row_a"].to_numpy()], d[m["row_b"].to_numpy()]
    good = (da == "") | (db == "") | (da == db)
    ra, rb = m["row_a"].to_numpy(), m["row_b"].to_numpy()
    return ra[good], rb[good], np.concatenate([ra[~good], rb[~good]]).astype(np.int64)


def match_margins(swings: pd.DataFrame) -> pd.DataFrame:
    """Per match: boards played, the IMP margin and the sum of squared board swings.

    Parameters
    ----------
    swings : pandas.DataFrame
        From :func:`team_board_swings`.

    Returns
    -------
    pandas.DataFrame
        One row per ``match`` (in order of first appearance): ``match``, ``event``,
        ``segment``, ``n_boards``, ``imp_margin`` (Σ imps, to the team North-South in
        the open room) and ``sum_sq_imps`` (Σ imps², so the per-board K can be
        re-derived from the margins alone).

    Examples
    --------
    >>> s = pd.DataFrame({"match": ["a", "a", "b"], "event": "E", "segment": "1",
    ...                   "imps": [3, -10, 5]})
    >>> match_margins(s)
      match event segment  n_boards  imp_margin  sum_sq_imps
    0     a     E       1         2          -7          109
    1     b     E       1         1           5           25
    """
    check_frame(swings, "swings", ("match", "event", "segment", "imps"))
    _check_keys(swings, "swings", ("match", "event", "segment"))
    x = check_whole(swings["imps"].to_numpy(), "swings: imps")
    g = pd.DataFrame({"match": swings["match"], "imps": x, "sq": x * x})
    agg = g.groupby("match", sort=False).agg(
        n_boards=("imps", "size"), imp_margin=("imps", "sum"), sum_sq_imps=("sq", "sum")
    )
    first = swings.drop_duplicates("match").set_index("match")[["event", "segment"]]
    out = first.join(agg).reset_index()
    return out[["match", "event", "segment", "n_boards", "imp_margin", "sum_sq_imps"]]


def field_results(frame: pd.DataFrame) -> pd.DataFrame:
    """Per board of a full-field event: every table's North-South score.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame (e.g. from :func:`~bridgestats.io.read_valet`), where the tables
        that share ``source``, ``event``, ``segment`` (the round) and ``board`` played
        the same deal.

    Returns
    -------
    pandas.DataFrame
        One row per board: ``source``, ``event``, ``round`` (the ``segment``), ``board``,
        ``n_tables`` (scorable results) and ``scores`` (a float array of ``score_ns``, in
        file order), for Butler and cross-IMP work (the input of
        :func:`bridgestats.fit.field_spreads`). Unscorable records are left out and
        counted in ``attrs["summary"]["not scorable"]``.

    Examples
    --------
    >>> f = pd.DataFrame({"source": "s", "event": "E", "segment": 1, "board": [1, 1, 2],
    ...                   "score_ns": [420.0, -50.0, 110.0], "skip_reason": None})
    >>> field_results(f)[["round", "board", "n_tables"]]
       round  board  n_tables
    0      1      1         2
    1      1      2         1
    """
    check_frame(frame, "frame", ("source", "event", "segment", "board", "score_ns"))
    _check_scores(frame, "frame")
    _check_keys(frame, "frame", ("source", "event", "segment", "board"))
    ok = frame["score_ns"].notna() & frame["board"].notna()
    if "skip_reason" in frame:
        ok &= frame["skip_reason"].isna()
    f = frame.loc[ok, ["source", "event", "segment", "board", "score_ns"]]
    keys = ["source", "event", "segment", "board"]
    grouped = f.groupby(keys, sort=False, dropna=False)["score_ns"]
    out = grouped.agg(lambda s: s.to_numpy(dtype=float)).rename("scores").reset_index()
    out["n_tables"] = out["scores"].map(len).astype(np.int64)
    out = out.rename(columns={"segment": "round"})
    out = out[["source", "event", "round", "board", "n_tables", "scores"]]
    out.attrs["summary"] = {"records": len(frame), "not scorable": int((~ok).sum())}
    return out
