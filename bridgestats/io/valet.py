"""Read the VALET pipe format: every table of every round of a full-field event."""

from __future__ import annotations

import csv
import io
import re

import numpy as np
import pandas as pd

from .._validate import check_flag, fail
from ._records import (
    ParseError,
    _dealer_from_board,
    _decoding_notes,
    _expand,
    _read_text,
    _to_int,
    _vulnerable_from_board,
    finish,
)

__all__ = ["read_valet"]

_FIELDS = [
    "round",
    "board",
    "north",
    "east",
    "south",
    "west",
    "contract_text",
    "declarer",
    "tricks",
]
_LINE = re.compile(r"^[^|\n]*(?:\|[^|\n]*){8,9}$")


def read_valet(path, *, names=None, strict: bool = False) -> pd.DataFrame:
    """Read VALET ``scores*.txt`` files into the tidy frame, one row per table result.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        File(s) to read, plain or gzip; a directory is searched recursively for
        ``scores*.txt`` and ``scores*.txt.gz``.
    names : str, Path, list of paths, dict, "beside" or None, keyword-only
        Player names: a ``names*.txt`` file (``id|name`` per line), a folder or list of
        them, or a mapping from id to name. Ids are numbers local to each file, so with
        several names files each score file takes the one beside it (``scoresA.txt``
        reads ``namesA.txt``, else its folder's ``names.txt``); a score file without one
        is an error. ``"beside"``: each score file takes the names file beside it where
        there is one and keeps its ids where there is none (counted in the summary's
        notes). ``None`` keeps the printed player ids in ``north`` ... ``west``.
    strict : bool, keyword-only
        Raise on the first record that cannot be scored.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io` (``segment`` is the round, ``event`` the
        folder the file is in, e.g. ``2009-World/Men``), plus ``Dealer`` and ``lead`` (the
        opening lead when printed). ``frame.attrs["summary"]`` is the
        :class:`~bridgestats.io.LoadSummary`.

    Notes
    -----
    One line per table result, ``|``-separated, 9 or 10 fields::

        round|board|North|East|South|West|contract|declarer|tricks[|lead]

    VALET does not quote fields: a ``"`` is a character of its field (which then fails
    its own check, e.g. ``"3N`` is an unknown contract, and is counted), never the start of
    a quoted string. An empty file gives no rows and a note in the summary.

    ``contract`` is ``3N``, ``4H``, ``5DX`` or ``P`` (passed out); ``tricks`` are the
    tricks taken by declarer. The file stores neither vulnerability nor dealer: both come
    from the board number by the standard 16-board cycle (Law 2), an assumption the
    format forces. Rows are in file order; ``table`` is missing (the format has no table
    number).

    References
    ----------
    .. [1] S. Hein, VALET (github.com/valet-bridge/valet), ``src/parse.cpp``; the
       project's development archive has format notes
       (``../shared/data/valet-fullfield/PROVENANCE.md``, not redistributed).

    Examples
    --------
    The first two lines of the archive's ``2005-World/Men/scores.txt`` (board 1: nobody
    vulnerable; 4H by West with 12 tricks is +480 to East-West):

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.txt"
    >>> _ = path.write_text("1|1|107|47|86|92|4H|W|12|CQ\\n1|1|110|4|53|1|4H|E|12|C6\\n")
    >>> read_valet(path)[["segment", "board", "contract", "vulnerable", "score_ns", "lead"]]
      segment  board contract vulnerable  score_ns lead
    0       1      1       4H       None    -480.0   CQ
    1       1      1       4H       None    -480.0   C6
    """
    strict = check_flag(strict, "strict")
    files = _expand(path, ("scores*.txt", "scores*.txt.gz"))
    notes = {}
    if isinstance(names, str) and names == "beside":
        lookups = [_names_beside(f) for f in files]
        unnamed = sum(lookup is None for lookup in lookups)
        if unnamed:
            notes["score files without a names file beside them (player ids kept)"] = unnamed
    else:
        lookups = _lookups(names, files)
    parts = [_read_one(f) for f in files]
    empty = sum(len(part) == 0 for part in parts)
    if empty:
        notes["files without a result line (empty)"] = empty
    notes.update(_decoding_notes(files))
    if lookups is not None:
        for part, lookup in zip(parts, lookups, strict=True):
            if lookup is None:
                continue
            for seat in ("north", "east", "south", "west"):
                ids = part[seat]
                part[seat] = ids.map(lookup).where(lambda s: s.notna(), ids)
    raw = pd.concat(parts, ignore_index=True)
    board = _to_int(raw["board"])
    known = (board >= 1).fillna(False).to_numpy()
    vul = np.full(len(raw), None, dtype=object)
    vul[known] = _vulnerable_from_board(board[known].astype(np.int64))
    raw["vulnerable"] = vul
    dealer = np.full(len(raw), None, dtype=object)
    dealer[known] = _dealer_from_board(board[known].astype(np.int64))
    raw["Dealer"] = dealer
    return finish(
        raw, files=len(files), strict=strict, extra_columns=["Dealer", "lead"], notes=notes
    )


def _read_one(file) -> pd.DataFrame:
    text = _read_text(file)
    lines = text.split("\n")
    keep = [i for i, line in enumerate(lines) if line.strip()]
    bad = [i for i in keep if not _LINE.match(lines[i])]
    if bad:
        i = bad[0]
        count = lines[i].count("|") + 1
        raise ParseError(file, i + 1, f"expected 9 or 10 '|'-separated fields, found {count}")
    body = "\n".join(lines[i] for i in keep)
    if not keep:  # an empty file: no lines, and pandas would refuse the empty text
        frame = pd.DataFrame({c: pd.Series(dtype=object) for c in [*_FIELDS, "lead"]})
    else:
        # quoting off: VALET does not quote, so a '"' is a character of its field (which
        # then fails its own check and is counted), never the start of a quoted string
        # that swallows the '|' and line ends after it
        frame = pd.read_csv(
            io.StringIO(body),
            sep="|",
            header=None,
            names=[*_FIELDS, "lead"],
            dtype=str,
            keep_default_na=False,
            na_values=[""],
            quoting=csv.QUOTE_NONE,
        )
    frame["contract_text"] = frame["contract_text"].str.strip()
    frame.insert(0, "record", np.asarray(keep, dtype=np.int64) + 1)
    frame.insert(0, "source", file.name)
    frame["event"] = _event_name(file)
    frame["segment"] = frame["round"]
    return frame.drop(columns=["round"])


def _event_name(file) -> str:
    """The folder(s) naming the event: ``.../2009-World/Men/scores.txt`` -> ``2009-World/Men``."""
    parent = file.path.parent
    if parent.name in ("Men", "Women", "Seniors", "Open", "Mixed") or parent.parent.name.endswith(
        "Open"
    ):
        return f"{parent.parent.name}/{parent.name}"
    return parent.name


def _lookups(names, files):
    """One id -> name mapping per score file (ids are local to each file), or None."""
    if names is None:
        return None
    if isinstance(names, dict):
        lookup = _names(names)
        return [lookup] * len(files)
    found = _expand(names, ("names*.txt", "names*.txt.gz"))
    if len(found) == 1:
        lookup = _names(found[0])
        return [lookup] * len(files)
    by_path = {f.path.resolve(): f for f in found}
    out, cache = [], {}
    for scores in files:
        folder = scores.path.parent.resolve()
        stem = scores.path.name.split(".")[0].replace("scores", "names", 1)
        match = [
            by_path[p]
            for p in sorted(by_path)
            if p.parent == folder and p.name.split(".")[0] == stem
        ]
        match = match or [
            by_path[p]
            for p in sorted(by_path)
            if p.parent == folder and p.name.split(".")[0] == "names"
        ]
        if not match:
            raise fail(
                "names",
                f"a names file beside each score file (none for {scores.name})",
                given=f"{len(found)} names files",
            )
        key = match[0].path.resolve()
        if key not in cache:
            cache[key] = _names(match[0])
        out.append(cache[key])
    return out


def _names_beside(scores) -> dict | None:
    """The names of a score file's players from the names file beside it (``scoresA.txt``:
    ``namesA.txt``, else ``names.txt``; each plain or gzip), or None when there is none."""
    folder = scores.path.parent
    stem = scores.path.name.split(".")[0].replace("scores", "names", 1)
    for name in dict.fromkeys((stem, "names")):
        for suffix in (".txt", ".txt.gz"):
            path = folder / f"{name}{suffix}"
            if path.is_file():
                return _names(path)
    return None


def _names(names):
    """Player id -> name from a ``names*.txt`` file or a mapping."""
    if names is None:
        return None
    if isinstance(names, dict):
        return {str(k): str(v) for k, v in names.items()}
    lookup = {}
    files = _expand(names, ("names*.txt", "names*.txt.gz"))
    for file in files:
        for i, line in enumerate(_read_text(file).split("\n"), start=1):
            if not line.strip():
                continue
            pid, sep, name = line.partition("|")
            if not sep:
                raise ParseError(file, i, "expected 'id|name'")
            lookup[pid.strip()] = name.strip()
    return lookup
