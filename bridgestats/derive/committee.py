"""A committee's own results, read once and sorted by what they hold.

A scoring committee brings its own events: a league's team matches, its Swiss pairs
weekends, its clubs' sessions. :func:`read_committee` takes its ``files`` (files and
folders, mixed formats) and reads each through :mod:`bridgestats.io`: the match results CSV
by :func:`~bridgestats.io.read_match_results`, every other file by the reader the
catalogue :data:`bridgestats.io.READERS` names for it (PBN, LIN, VALET, ACBL travellers,
USEBIO, and any reader added there). It then sorts what it read by what it holds
(:data:`HOLDS`):

- ``teams_matches``: team matches, from the CSV's ``imps_home``/``imps_visitors`` rows
  and from table results whose two rooms pair (:func:`~bridgestats.io.team_board_swings`);
- ``swiss_pairs_rounds``: Swiss pairs matches, from the CSV's ``pct_home``/``pct_visitors``;
- ``pairs_sessions``: full fields, table results of boards played at three tables or more
  that are not the two rooms of a team match (club pairs sessions, a Butler field, the
  VALET round robins' fields).

Nothing is dropped silently: a file that cannot be read is named with its reason, a row
that cannot be used is counted by file and reason (:attr:`CommitteeResults.skipped`), and a
report that finds nothing it can use refuses in one sentence naming the files
(:meth:`CommitteeResults.matches_for`, :meth:`CommitteeResults.sessions_for`).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_flag, fail
from ..errors import BridgestatsError, ParseError
from ..io import READERS, is_match_csv, read_match_results, reader_for, team_board_swings
from ..io._records import LoadSummary, _expand_counted, _File, _matches
from ..io.matches import MATCH_RESULT_COLUMNS

__all__ = [
    "HOLDS",
    "CommitteeResults",
    "ReadStatement",
    "read_committee",
    "read_statement",
]

#: What a committee's files can hold, each with the words a page uses for it.
HOLDS = {
    "teams_matches": "team matches",
    "swiss_pairs_rounds": "Swiss pairs rounds",
    "pairs_sessions": "pairs sessions",
}
_FORM_HOLDS = {"teams": "teams_matches", "swiss_pairs": "swiss_pairs_rounds"}
#: Most files read per call of a reader: a folder of hundreds is read in chunks (of a
#: twentieth of the files, 10 to this many), progress shown between them, and a chunk with
#: a file that cannot be read is read again file by file.
_CHUNK = 100
#: Fewest files for which progress is shown: a few files read in a moment.
_PROGRESS_FROM = 20
#: Fewest results on a board for it to be a full field (a pairs session's board).
MIN_FIELD = 3
_CSV = ("*.csv", "*.csv.gz")

#: Why a table result is in none of the frames (rows of :attr:`CommitteeResults.skipped`).
_TABLE_REASONS = {
    "not scorable": "the record cannot be scored (its skip_reason)",
    "no partner room or field": "neither the other room of a team match nor a field of "
    f"{MIN_FIELD} or more results on its board",
}


@dataclass(frozen=True)
class CommitteeResults:
    """What :func:`read_committee` read, sorted by what it holds.

    Attributes
    ----------
    matches : pandas.DataFrame
        Every match read, one row each (the columns of
        :data:`bridgestats.io.MATCH_RESULT_COLUMNS`; ``form`` ``"teams"`` or
        ``"swiss_pairs"``, ``skip_reason`` missing when usable): the CSV's rows and the
        team matches of table results (``source`` the file, ``record`` the first board's
        line, ``round`` the first whole number of the segment as printed, or missing).
    results : pandas.DataFrame
        Every table result read (the tidy frame of :mod:`bridgestats.io`), with ``holds``
        (``"teams_matches"``, ``"pairs_sessions"`` or missing) and ``date`` (ISO text,
        from the file's own date where it prints one).
    swings : pandas.DataFrame
        The paired boards of the team matches (:func:`~bridgestats.io.team_board_swings`).
    files : pandas.DataFrame
        One row per file given or found: ``source``, ``format`` (a reader's name,
        ``"match_csv"``, or missing when not read), ``holds`` (what it holds, ``", "``
        joined ids of :data:`HOLDS`), ``records`` (rows read) and ``reason`` (why it was
        not read, else missing).
    skipped : pandas.DataFrame
        What was not used, by file and reason: ``source``, ``what`` (``"file"``,
        ``"match"`` or ``"table result"``), ``reason``, ``count`` and ``first`` (the first
        line).
    """

    matches: pd.DataFrame
    results: pd.DataFrame
    swings: pd.DataFrame
    files: pd.DataFrame
    skipped: pd.DataFrame
    given: tuple[str, ...] = field(default=())

    def holds(self) -> list[str]:
        """The ids of :data:`HOLDS` present in the files, in :data:`HOLDS` order."""
        found = set()
        usable = self.matches[self.matches["skip_reason"].isna()]
        found.update(_FORM_HOLDS[f] for f in pd.unique(usable["form"]))
        if "holds" in self.results:
            found.update(h for h in pd.unique(self.results["holds"].dropna()))
        return [h for h in HOLDS if h in found]

    def _refuse(self, report: str, wanted: list[str]) -> BridgestatsError:
        words = " or ".join(HOLDS[w] for w in wanted)
        parts = []
        for row in self.files.itertuples():
            if isinstance(row.reason, str):
                parts.append(f"{row.source} was not read ({row.reason})")
            elif row.holds:
                held = " and ".join(HOLDS[h] for h in row.holds.split(", "))
                parts.append(f"{row.source} holds {held}")
            else:
                parts.append(f"{row.source} holds nothing usable")
        shown = _and(parts[:8]) + (f" and {len(parts) - 8} more files" if len(parts) > 8 else "")
        return BridgestatsError(f"files: {report} needs {words}, and none was found: {shown}.")

    def matches_for(self, report: str, forms=("swiss_pairs", "teams")) -> pd.DataFrame:
        """The usable matches of ``forms`` (form ids), or a refusal naming the files.

        Parameters
        ----------
        report : str
            The report asking (named in the refusal).
        forms : sequence of str
            ``"swiss_pairs"`` and/or ``"teams"``.

        Returns
        -------
        pandas.DataFrame
            The rows of :attr:`matches` without a ``skip_reason`` whose form is in
            ``forms``; ``attrs["holds"]`` the :data:`HOLDS` ids they are.

        Raises
        ------
        BridgestatsError
            When there is none: one sentence naming each file and what it holds instead.
        """
        m = self.matches
        out = m[m["skip_reason"].isna() & m["form"].isin(list(forms))].reset_index(drop=True)
        if out.empty:
            raise self._refuse(report, [_FORM_HOLDS[f] for f in forms])
        out.attrs["holds"] = [_FORM_HOLDS[f] for f in forms if (out["form"] == f).any()]
        return out

    def sessions_for(self, report: str) -> pd.DataFrame:
        """The table results of the pairs sessions (full fields), or a refusal naming the
        files.

        Returns
        -------
        pandas.DataFrame
            The rows of :attr:`results` whose ``holds`` is ``"pairs_sessions"``;
            ``attrs["holds"]`` ``["pairs_sessions"]``.

        Raises
        ------
        BridgestatsError
            When there is none: one sentence naming each file and what it holds instead.
        """
        r = self.results
        out = r[r["holds"] == "pairs_sessions"].reset_index(drop=True) if "holds" in r else r
        if out.empty:
            raise self._refuse(report, ["pairs_sessions"])
        out.attrs = {"holds": ["pairs_sessions"]}
        return out


@dataclass(frozen=True)
class ReadStatement:
    """What a report read of a committee's files: one sentence and its table of counts.

    Attributes
    ----------
    sentence : str
        What was read (files, events, matches or sessions, boards, the date range) and
        what was skipped, counted (the table says why).
    table : pandas.DataFrame
        One row per count: ``what`` (``"files"``, ``"matches"``, ``"table results"``),
        ``status`` (``"read"``, ``"used"``, ``"not read: <reason>"``, ``"skipped:
        <reason>"``, ``"not used by this report: <what it holds>"``), ``count`` and
        ``where`` (the files, with the first line for rows).
    """

    sentence: str
    table: pd.DataFrame


_MATCH_WORDS = {
    "teams": ("team match", "team matches"),
    "swiss_pairs": ("Swiss pairs match", "Swiss pairs matches"),
}
_WORDS = {
    "files": ("file", "files"),
    "matches": ("match", "matches"),
    "table results": ("table result", "table results"),
}


def _counted(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def _where(g: pd.DataFrame) -> str:
    """``a.csv (line 3), b.pbn (line 9)``: the files of some skipped rows, three at most."""
    shown = [
        f"{r.source} (line {r.first})" if pd.notna(r.first) else str(r.source)
        for r in g.head(3).itertuples()
    ]
    more = len(g) - 3
    return ", ".join(shown) + (f" and {more} more files" if more > 0 else "")


def read_statement(committee: CommitteeResults, uses) -> ReadStatement:
    """The first sentence of a report on a committee's files, and its table of counts.

    Parameters
    ----------
    committee : CommitteeResults
        From :func:`read_committee`.
    uses : str or sequence of str
        The :data:`HOLDS` ids the report uses (``"swiss_pairs_rounds"``,
        ``"teams_matches"``, ``"pairs_sessions"``); what the files hold besides is
        counted as not used by it.

    Returns
    -------
    ReadStatement

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "swiss.csv").write_text(
    ...     "event,round,home,visitors,boards,pct_home,pct_visitors,date\\n"
    ...     "Spring,1,A,B,8,61.5,38.5,2025-03-01\\nSpring,1,C,bye,8,,,2025-03-01\\n"
    ...     "Spring,2,A,C,8,45,55,2025-03-02\\n")
    >>> r = read_statement(read_committee(folder), "swiss_pairs_rounds")
    >>> import textwrap
    >>> print(textwrap.fill(r.sentence, 80))
    Read 1 file: 2 Swiss pairs matches of 1 event in rounds 1-2, 16 boards,
    2025-03-01 to 2025-03-02; skipped 1 match (by reason in the table).
    >>> r.table[["what", "status", "count"]]
          what        status  count
    0    files          read      1
    1  matches          used      2
    2  matches  skipped: bye      1
    """
    uses = [uses] if isinstance(uses, str) else list(uses)
    for u in uses:
        if u not in HOLDS:
            raise fail("uses", f"ids of HOLDS {list(HOLDS)}", u)
    rows = []
    files = committee.files
    read = files[files["reason"].isna()]
    rows.append({"what": "files", "status": "read", "count": len(read), "where": ""})
    for reason, g in files[files["reason"].notna()].groupby("reason", sort=False):
        rows.append(
            {
                "what": "files",
                "status": f"not read: {reason}",
                "count": len(g),
                "where": _where(g.assign(first=pd.NA)),
            }
        )
    parts = []
    dates: list[str] = []
    skipped = committee.skipped
    forms = [f for f, h in _FORM_HOLDS.items() if h in uses]
    m = committee.matches
    if forms:
        used = m[m["skip_reason"].isna() & m["form"].isin(forms)]
        for form in forms:
            u = used[used["form"] == form]
            if u.empty:
                continue
            rounds = u["round"].dropna()
            span = (
                ""
                if rounds.empty
                else (
                    f" in rounds {int(rounds.min())}-{int(rounds.max())}"
                    if rounds.min() != rounds.max()
                    else f" in round {int(rounds.min())}"
                )
            )
            parts.append(
                f"{_counted(len(u), *_MATCH_WORDS[form])} "
                f"of {_counted(u['event'].nunique(), 'event')}{span}, "
                f"{_counted(int(u['boards'].sum()), 'board')}"
            )
            dates += [d for d in u["date"].dropna()]
        rows.append({"what": "matches", "status": "used", "count": len(used), "where": ""})
        bad = skipped[(skipped["what"] == "match")]
        bad = bad[bad["source"].isin(m.loc[m["form"].isin(forms), "source"])]
        for reason, g in bad.groupby("reason", sort=False):
            rows.append(
                {
                    "what": "matches",
                    "status": f"skipped: {reason}",
                    "count": int(g["count"].sum()),
                    "where": _where(g),
                }
            )
    if "pairs_sessions" in uses and "holds" in committee.results:
        r = committee.results
        u = r[r["holds"] == "pairs_sessions"]
        if len(u):
            sessions = u.groupby(["source", "event"], sort=False, dropna=False).ngroups
            boards = u.groupby(
                ["source", "event", "segment", "board"], sort=False, dropna=False
            ).ngroups
            parts.append(
                f"{_counted(sessions, 'pairs session')} of {_counted(boards, 'board')} "
                f"({_counted(len(u), 'table result')})"
            )
            dates += [d for d in pd.unique(u["date"].dropna())]
        rows.append({"what": "table results", "status": "used", "count": len(u), "where": ""})
        bad = skipped[skipped["what"] == "table result"]
        for reason, g in bad.groupby("reason", sort=False):
            rows.append(
                {
                    "what": "table results",
                    "status": f"skipped: {reason}",
                    "count": int(g["count"].sum()),
                    "where": _where(g),
                }
            )
    others = [h for h in committee.holds() if h not in uses]
    for h in others:
        held = files[files["holds"].str.contains(h, regex=False)]
        rows.append(
            {
                "what": "files",
                "status": f"not used by this report: {HOLDS[h]}",
                "count": len(held),
                "where": _where(held.assign(first=pd.NA)),
            }
        )
    table = pd.DataFrame(rows, columns=["what", "status", "count", "where"])
    table["count"] = table["count"].astype(np.int64)
    span = ""
    if dates:
        lo, hi = min(dates), max(dates)
        span = f", {lo}" if lo == hi else f", {lo} to {hi}"
    what = "; ".join(parts) if parts else "nothing this report uses"
    sentence = f"Read {_counted(len(read), 'file')}: {what}{span}"
    gone = table[table["status"].str.startswith(("skipped", "not read"))]
    skipped_parts = [
        _counted(int(g["count"].sum()), *_WORDS[w]) for w, g in gone.groupby("what", sort=False)
    ]
    if skipped_parts:
        sentence += f"; skipped {_and(skipped_parts)} (by reason in the table)"
    unused = table[table["status"].str.startswith("not used")]
    if len(unused):
        n = int(unused["count"].sum())
        sentence += f"; {_counted(n, 'file')} {'holds' if n == 1 else 'hold'} only what this "
        sentence += "report does not use"
    return ReadStatement(sentence=sentence + ".", table=table)


def _and(items: list[str]) -> str:
    items = list(items)
    if not items:
        return "none"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Progress:
    """``reading: 300/1000 files, 4 s`` on standard error: rewritten in place on a terminal,
    otherwise one line at each tenth of the way (a notebook shows stderr as it comes)."""

    def __init__(self, total: int, shown: bool):
        self.total, self.done, self.start = total, 0, time.perf_counter()
        self.shown = shown and total >= _PROGRESS_FROM
        self.tty = sys.stderr.isatty()
        self.next_line = 0.1

    def update(self, n: int) -> None:
        self.done += n
        if not self.shown:
            return
        line = f"reading: {self.done}/{self.total} files, {time.perf_counter() - self.start:.0f} s"
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        elif self.done >= self.next_line * self.total or self.done == self.total:
            print(line, file=sys.stderr, flush=True)
            while self.next_line * self.total <= self.done:
                self.next_line += 0.1

    def close(self) -> None:
        if self.shown and self.tty:
            print(file=sys.stderr, flush=True)


def _read_chunked(read: Callable, group: list[_File], failed: dict, progress: _Progress):
    """``read`` over ``group`` in chunks; a chunk that raises is read again file by file,
    and each file that raises is recorded in ``failed`` with its reason."""
    frames = []
    size = min(_CHUNK, max(10, -(-progress.total // 20)))
    for start in range(0, len(group), size):
        chunk = group[start : start + size]
        try:
            frames.append(read(chunk))
        except ParseError:
            for f in chunk:
                try:
                    frames.append(read([f]))
                except ParseError as exc:
                    failed[f.name] = (
                        exc.reason if exc.record is None else (f"line {exc.record}: {exc.reason}")
                    )
        progress.update(len(chunk))
    return frames


_ISO = re.compile(r"(\d{4})[-./](\d{2})[-./](\d{2})")
_DMY = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")


def _one_date(text) -> str | None:
    """A day from the date a file prints: PBN ``2013.09.16``, ISO, or USEBIO ``27/07/2022``
    (day first), else an ISO date in the text (an ACBL session's folder)."""
    if not isinstance(text, str):
        return None
    s = text.strip()
    m = _DMY.match(s)
    if m:
        d, mo, y = m.groups()
        s = f"{y}-{int(mo):02d}-{int(d):02d}"
    else:
        m = _ISO.search(s)
        if not m:
            return None
        s = "-".join(m.groups())
    try:
        return pd.Timestamp(s).strftime("%Y-%m-%d")
    except ValueError:
        return None


def _dates(results: pd.DataFrame) -> np.ndarray:
    """Each table result's date (ISO text or None): the file's date column, else the
    event's or the file's name when it holds an ISO date."""
    out = np.full(len(results), None, dtype=object)
    for col in ("Date", "DATE", "event", "source"):
        if col not in results:
            continue
        values = results[col]
        mapping = {v: _one_date(v) for v in pd.unique(values.dropna())}
        found = values.map(mapping).to_numpy(dtype=object)
        missing = pd.isna(out)
        out[missing] = found[missing]
    return out


def _segment_round(segment: pd.Series) -> pd.Series:
    """The first whole number of each segment as printed ("Round 3" 3, "Segment 4 of 8" 4)."""
    text = segment.astype("object").where(segment.notna(), "").astype(str)
    return pd.to_numeric(text.str.extract(r"(\d+)", expand=False), errors="coerce").astype("Int64")


def _team_matches(swings: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """The team matches of paired boards, in the columns of the match results CSV."""
    if swings.empty:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in MATCH_RESULT_COLUMNS})
    imps = swings["imps"].to_numpy()
    s = swings.assign(plus=np.maximum(imps, 0), minus=np.maximum(-imps, 0))
    g = s.groupby("match", sort=False)
    first = g.first()
    out = pd.DataFrame(
        {
            "source": first["source"],
            "record": first["record_open"],
            "event": first["event"],
            "round": _segment_round(first["segment"]).to_numpy(),
            "home": first["home_team"],
            "visitors": first["visit_team"],
            "boards": g.size().astype("Int64"),
            "form": "teams",
            "unit": "IMPs",
            "score_home": g["plus"].sum().astype(float),
            "score_visitors": g["minus"].sum().astype(float),
            "margin": g["imps"].sum().astype(float),
            "vp_home": np.nan,
            "vp_visitors": np.nan,
        }
    ).reset_index(drop=True)
    date = dict(
        zip(zip(results["source"], results["record"], strict=True), results["date"], strict=True)
    )
    out["date"] = [date.get(k) for k in zip(out["source"], out["record"], strict=True)]
    out["skip_reason"] = None
    return out[list(MATCH_RESULT_COLUMNS)]


def _sort_results(results: pd.DataFrame, swings: pd.DataFrame) -> pd.DataFrame:
    """``holds`` of each table result: the two rooms of a team match, a full field, or none."""
    holds = np.full(len(results), None, dtype=object)
    if results.empty:
        return results.assign(holds=holds)
    key = pd.MultiIndex.from_arrays([results["source"], results["record"]])
    paired = (
        pd.MultiIndex.from_arrays(
            [
                np.concatenate([swings["source"], swings["source"]]),
                np.concatenate([swings["record_open"], swings["record_closed"]]),
            ]
        )
        if not swings.empty
        else pd.MultiIndex.from_arrays([[], []])
    )
    in_match = key.isin(paired)
    holds[in_match] = "teams_matches"
    ok = results["score_ns"].notna().to_numpy() & results["skip_reason"].isna().to_numpy()
    ok &= results["board"].notna().to_numpy() & ~in_match
    board = ["source", "event", "segment", "board"]
    size = (
        results.assign(_ok=ok)
        .groupby(board, sort=False, dropna=False)["_ok"]
        .transform("sum")
        .to_numpy()
    )
    holds[ok & (size >= MIN_FIELD)] = "pairs_sessions"
    return results.assign(holds=holds)


def read_committee(files, *, progress: bool = False) -> CommitteeResults:
    """Read a committee's result files and folders, each by its reader, sorted by what they hold.

    Parameters
    ----------
    files : str, Path, or list of them
        Files and folders (searched recursively): match results CSVs
        (:func:`~bridgestats.io.read_match_results`, told by their header) and any file
        a reader of :data:`bridgestats.io.READERS` reads (PBN, LIN, VALET ``scores*.txt``,
        USEBIO XML, ACBL traveller CSVs).
    progress : bool, keyword-only
        Files read so far, on standard error (see :class:`_Progress`).

    Returns
    -------
    CommitteeResults

    Raises
    ------
    BridgestatsError
        ``files`` is not a file, a folder or a list of them, or names a file or folder
        that does not exist. A file that cannot be read does not raise: it is named in
        :attr:`CommitteeResults.files` with its reason.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "league.csv").write_text(
    ...     "event,round,home,visitors,boards,imps_home,imps_visitors\\n"
    ...     "League,1,Ayr,Bute,16,40,12\\nLeague,1,Cork,Down,16,x,3\\n")
    >>> _ = (folder / "notes.txt").write_text("not results")
    >>> c = read_committee(folder)
    >>> c.holds(), len(c.matches_for("washington_sigma"))
    (['teams_matches'], 1)
    >>> c.skipped[["source", "what", "reason", "count", "first"]]
           source   what    reason  count  first
    0  league.csv  match  no score      1      3
    1   notes.txt   file  no reader for its name      1   <NA>
    """
    shown = check_flag(progress, "progress")
    found, _ = _expand_counted(files, ("*",))
    _unique_names(found)
    given = tuple(str(f) for f in (files if isinstance(files, list | tuple) else [files]))
    groups: dict[str, list[_File]] = {}
    readers = {r.name: r for r in READERS}
    not_read: dict[str, str] = {}
    for f in found:
        if _matches(f.name, _CSV) and is_match_csv(f.path):
            groups.setdefault("match_csv", []).append(f)
            continue
        if not any(_matches(f.name, r.patterns) for r in READERS):
            not_read[f.name] = "no reader for its name"
            continue
        try:
            reader = reader_for(f.path)
        except BridgestatsError as exc:
            not_read[f.name] = _short(str(exc))
            continue
        groups.setdefault(reader.name, []).append(f)
    bar = _Progress(sum(len(g) for g in groups.values()), shown)
    failed: dict[str, str] = {}
    table_frames, match_frames, fmt = [], [], {}
    try:
        for name, group in groups.items():
            for f in group:
                fmt[f.name] = name
            if name == "match_csv":
                match_frames += _read_chunked(read_match_results, group, failed, bar)
            else:
                read = readers[name].read
                table_frames += _read_chunked(lambda g, r=read: r(g), group, failed, bar)
    finally:
        bar.close()
    not_read.update(failed)
    results = _table_results(table_frames)
    swings = team_board_swings(results) if len(results) else _empty_swings()
    results = _sort_results(results, swings)
    csv_matches = (
        pd.concat(match_frames, ignore_index=True)
        if match_frames
        else pd.DataFrame({c: pd.Series(dtype=object) for c in MATCH_RESULT_COLUMNS})
    )
    parts = [p for p in (csv_matches, _team_matches(swings, results)) if len(p)]
    matches = (
        pd.concat(parts, ignore_index=True)
        if parts
        else pd.DataFrame({c: pd.Series(dtype=object) for c in MATCH_RESULT_COLUMNS})
    )
    for col in ("round", "boards", "record"):
        matches[col] = pd.to_numeric(matches[col]).astype("Int64")
    for col in ("score_home", "score_visitors", "margin", "vp_home", "vp_visitors"):
        matches[col] = pd.to_numeric(matches[col]).astype(float)
    return CommitteeResults(
        matches=matches,
        results=results,
        swings=swings,
        files=_files_table(found, fmt, not_read, matches, results),
        skipped=_skipped_table(not_read, matches, results),
        given=given,
    )


def _unique_names(found: list[_File]) -> None:
    """Name every file by its path below the folder the files share when two files would
    otherwise have one name (``a/scores.txt`` and ``b/scores.txt`` given as two folders):
    a board is its file's, so two files must never share a ``source``."""
    names = [f.name for f in found]
    if len(set(names)) == len(names):
        return
    parents = [f.path.resolve() for f in found]
    root = Path(os.path.commonpath([p.parent for p in parents]))
    for f, p in zip(found, parents, strict=True):
        f.name = p.relative_to(root).as_posix()


def _short(message: str) -> str:
    """A reader's refusal as a reason: ``path: must be X; got f (why)`` gives ``not X (why)``."""
    m = re.match(r"^path: must be (.*); got .*?(\(.*\))?$", message)
    return f"not {m.group(1)}" + (f" {m.group(2)}" if m.group(2) else "") if m else message


def _empty_swings() -> pd.DataFrame:
    cols = [
        "match",
        "source",
        "event",
        "segment",
        "board",
        "home_team",
        "visit_team",
        "score_ns_open",
        "score_ns_closed",
        "score_diff",
        "imps",
        "record_open",
        "record_closed",
    ]
    out = pd.DataFrame({c: pd.Series(dtype=object) for c in cols})
    out.attrs["summary"] = {"records": 0, "paired_boards": 0, "unpaired": {}}
    return out


def _table_results(frames: list[pd.DataFrame]) -> pd.DataFrame:
    if not frames:
        from ..io import COLUMNS

        out = pd.DataFrame({c: pd.Series(dtype=object) for c in COLUMNS})
        out["score_ns"] = out["score_ns"].astype(float)
        out.attrs["summary"] = LoadSummary(files=0, records=0, scorable=0)
        out["date"] = pd.Series(dtype=object)
        return out
    out = pd.concat(frames, ignore_index=True)
    out["date"] = _dates(out)
    return out


def _files_table(found, fmt, not_read, matches, results) -> pd.DataFrame:
    rows = []
    usable = matches[matches["skip_reason"].isna()]
    by_file = {}
    for src, form in zip(usable["source"], usable["form"], strict=True):
        by_file.setdefault(src, set()).add(_FORM_HOLDS[form])
    if "holds" in results:
        for src, h in zip(results["source"], results["holds"], strict=True):
            if isinstance(h, str):
                by_file.setdefault(src, set()).add(h)
    records = pd.concat([matches["source"], results["source"]]).value_counts()
    for f in found:
        held = by_file.get(f.name, set())
        rows.append(
            {
                "source": f.name,
                "format": fmt.get(f.name) if f.name not in not_read else None,
                "holds": ", ".join(h for h in HOLDS if h in held),
                "records": int(records.get(f.name, 0)),
                "reason": not_read.get(f.name),
            }
        )
    return pd.DataFrame(rows, columns=["source", "format", "holds", "records", "reason"])


def _skipped_table(not_read, matches, results) -> pd.DataFrame:
    rows = []
    bad = matches[matches["skip_reason"].notna()]
    for (src, reason), g in bad.groupby(["source", "skip_reason"], sort=False):
        rows.append(
            {
                "source": src,
                "what": "match",
                "reason": reason,
                "count": len(g),
                "first": int(g["record"].min()),
            }
        )
    if len(results):
        unscorable = results["skip_reason"].notna() | results["score_ns"].isna()
        reason = np.where(unscorable, "not scorable", "no partner room or field")
        left = results.assign(_why=reason)[results["holds"].isna()]
        for (src, why), g in left.groupby(["source", "_why"], sort=False):
            rows.append(
                {
                    "source": src,
                    "what": "table result",
                    "reason": why,
                    "count": len(g),
                    "first": int(g["record"].min()),
                }
            )
    for src, why in not_read.items():
        rows.append({"source": src, "what": "file", "reason": why, "count": 1, "first": None})
    out = pd.DataFrame(rows, columns=["source", "what", "reason", "count", "first"])
    out["first"] = out["first"].astype("Int64")
    out["count"] = out["count"].astype(np.int64)
    return out
