"""PBN tables (PBN 2.1 §5): a table's column specification and cells, and the
``ScoreTable`` lines expanded into table results, for :mod:`bridgestats.io.pbn`.

A ``ScoreTable`` (§5.9) gives, under one board, the results of the other tables: each line
becomes a row of the tidy frame, sharing the board's and the event's tags. The tables of
one file with one column specification are read as one block of cells, so the work is done
once per column, not once per board; each column is factorized once for its uses.
"""

from __future__ import annotations

import itertools
import re
import shlex

import numpy as np
import pandas as pd

from ._records import (
    RELATIVE_RESULT,
    ParseError,
    _by_value,
    _factorized,
    _line_numbers,
    _whole_parts,
)

# An item of a column specification, [+|-]Name[\width[L|R]] (PBN 2.1 §5.2).
_COLSPEC = re.compile(r"^([+-]?)(\w+)(?:\\(\d+)([LR]?))?$")
# ScoreTable column (lower case) -> frame column; other columns keep their printed names.
_TABLE_COLUMNS = {
    "table": "table",
    "round": "Round",
    "section": "Section",
    "pairid_ns": "pair_ns",
    "pairid_ew": "pair_ew",
    "contract": "contract_text",
    "declarer": "declarer",
    "result": "tricks",
}
# Columns of a board's record that its ScoreTable lines (other tables' results) share.
_SHARED_BY_TABLE = {
    "source",
    "event",
    "segment",
    "board",
    "vulnerable",
    "Dealer",
    "Deal",
    "Site",
    "Date",
    "Stage",
    "Round",
    "Section",
    "Scoring",
}
# A ScoreTable line stands for at most this many tables (no field is larger; a bigger
# Multiplicity is a misprint, not a field to repeat).
_MAX_MULTIPLICITY = 10_000
# A table's column specification names at most this many columns: PBN 2.1 §5.9-5.10 define
# some twenty; more is not a results table (a hostile file of 100,000 columns is refused).
_MAX_COLUMNS = 1_000
# A Result given with the side that took the tricks (PBN 2.1 §3.4.15).
_SIDE_RESULT = re.compile(r"^(NS|EW)\s*(\d{1,2})(?:\s+(NS|EW)\s*(\d{1,2}))?$", re.IGNORECASE)


def _in_file_order(frame: dict, expanded: dict, order: dict) -> dict:
    """The records' columns and the score-table rows' columns as one set of columns, rows
    in file order (by file, then line). A column only the table rows have (a table's own
    ``MP_NS``...) is missing (NaN) on the records' rows, as :func:`pandas.concat` makes
    it: a number column stays a float column.
    """
    n = len(frame["source"])
    # "tricks" is the readers' own (the records' text, the tables' numbers), not output
    if n == 0 and all(frame[c].dtype == expanded[c].dtype for c in frame if c != "tricks"):
        # every record was a score table's: its rows are the frame, and a whole-number
        # column only the tables have is a float column, as beside records' rows
        out = {
            c: v.astype(float) if c not in frame and v.dtype.kind in "iu" else v
            for c, v in expanded.items()
        }
    else:
        out = {}
        for c in dict.fromkeys([*frame, *expanded]):
            b = expanded[c]
            a = frame.get(c)
            if a is None:  # NaN, as pandas.concat fills a column one part lacks
                a = np.full(n, np.nan, dtype=float if b.dtype.kind in "iuf" else object)
            out[c] = np.concatenate([a, b])
    if len(order) == 1:  # one file: its rows in order of their lines
        by_file = np.zeros(len(out["source"]), dtype=np.int64)
    else:
        by_file = _by_value(out["source"], order.get).astype(np.int64)
    key = by_file * (int(out["record"].max(initial=0)) + 1) + out["record"]
    if (key[1:] >= key[:-1]).all():  # in order already (tables in file order, no records)
        return out
    rows = np.lexsort((out["record"], by_file))  # stable: ties keep records before tables
    return {c: v[rows] for c, v in out.items()}


def _tables(text: str | None, pattern: re.Pattern) -> list[tuple[str, str, int]]:
    """Each table of ``pattern`` in a scanned text: its column spec, its body, its tag line.

    The body runs from the end of the tag to the next tag (or the end of the text); the
    line is that of the tag pair in the file (``text`` starts with an added newline).
    """
    if text is None:
        return []
    found = list(pattern.finditer(text))
    if not found:
        return []
    lines = _line_numbers(text, np.array([m.start() for m in found], dtype=np.int64)) - 1
    out = []
    for m, line in zip(found, lines, strict=True):
        stop = text.find("\n[", m.end())
        out.append((m.group(1), text[m.end() : stop if stop >= 0 else len(text)], int(line)))
    return out


def _table_columns(file, tag: str, spec: str, line: int, *, reserved=()) -> list[str]:
    r"""Column names of a table's column specification (PBN 2.1 §5.2).

    ``spec`` is ``;``-separated items ``[+|-]Name[\width[L|R]]``: an optional sort order
    (``+`` descending, ``-`` ascending), the name, and an optional minimum width with its
    alignment. A malformed item, a name given twice, one of ``reserved`` (names the
    caller uses for its own columns) or more than :data:`_MAX_COLUMNS` items raises
    :class:`ParseError`.

    >>> _table_columns("f.pbn", "TotalScoreTable", "+Rank\\2R;PairId;Names\\20L", 3)
    ['Rank', 'PairId', 'Names']
    """
    items = spec.split(";")
    if len(items) > _MAX_COLUMNS:
        reason = f"{tag}: {len(items)} columns, more than the {_MAX_COLUMNS} a table may have"
        raise ParseError(file, line, reason)
    names: list[str] = []
    seen: set[str] = set()  # a set: a spec of 100,000 columns is checked in linear time
    reserved = set(reserved)
    for item in items:
        m = _COLSPEC.match(item.strip())
        if not m:
            shown = item if len(item) <= 40 else item[:37] + "..."
            raise ParseError(file, line, f"{tag}: bad column spec {shown!r}")
        name = m.group(2)
        if name in seen:
            raise ParseError(file, line, f"{tag}: column {name!r} named twice")
        if name in reserved:
            raise ParseError(file, line, f"{tag}: column {name!r} is a reserved name")
        seen.add(name)
        names.append(name)
    return names


def _table_cells(file, tag: str, spec: str, body: str, line: int, *, reserved=()):
    r"""Column names, rows of cells and the line of each row of one table (PBN 2.1 §5.1-5.2).

    One row per text line (the export format), ending at a blank line or the next tag;
    ``%`` and ``;`` lines are comments. Cells are separated by blanks; a string token in
    double quotes may hold blanks (``"Ann Bee"``; a single quote is an ordinary
    character); ``-`` (an irrelevant element) is an empty cell, returned as ``None``. A
    row whose cell count differs from the column spec raises :class:`ParseError` naming
    the file and the row's line. The rows come as a 2-D object array (row by column).

    >>> names, rows, lines = _table_cells("f.pbn", "TotalScoreTable", "Rank;Names\\12L;TotalMP",
    ...                                   '\n 1 "Ann O\'Hara"  61.5\n 2 -  -', 7)
    >>> names, rows.tolist(), lines
    (['Rank', 'Names', 'TotalMP'], [['1', "Ann O'Hara", '61.5'], ['2', None, None]], [8, 9])
    """
    names = _table_columns(file, tag, spec, line, reserved=reserved)
    rows, lines = _table_rows(file, tag, len(names), body, line)
    return names, _cell_array(rows, len(names)), lines


def _table_rows(file, tag: str, width: int, body: str, line: int) -> tuple[list, list]:
    """The rows of one table (lists of cells, ``-`` not yet replaced) and their lines:
    the reading of :func:`_table_cells` for a table of ``width`` columns."""
    texts = body.split("\n")[1:]
    if not any(c in body for c in '"%;'):  # no strings, no comments: most tables
        try:
            texts = texts[: texts.index("")]  # the table ends at a blank line
        except ValueError:
            pass
        rows = list(map(str.split, texts))
        if set(map(len, rows)) <= {width}:  # every row whole (none blank): the common case
            return rows, list(range(line + 1, line + 1 + len(rows)))
        ends = next((k for k, r in enumerate(rows) if not r), len(rows))  # or a blank one
        rows = rows[:ends]
        if all(len(r) == width for r in rows):
            return rows, list(range(line + 1, line + 1 + ends))
    rows, lines = [], []
    for k, text in enumerate(texts, start=1):
        cells = text.split() if '"' not in text else None
        if cells == [] or (cells is None and not text.strip()):
            break
        if text.lstrip()[:1] in ("%", ";"):
            continue
        if cells is None:
            try:
                cells = _split_cells(text)
            except ValueError as exc:
                raise ParseError(file, line + k, f"{tag} row: {exc}") from exc
        if len(cells) != width:
            raise ParseError(
                file,
                line + k,
                f"{tag} row has {len(cells)} cells, the column spec names {width}",
            )
        rows.append(cells)
        lines.append(line + k)
    return rows, lines


def _cell_array(rows: list, width: int) -> np.ndarray:
    """Rows of table cells as a 2-D object array, ``-`` (an irrelevant element) as None."""
    count = len(rows) * width
    cells = np.fromiter(itertools.chain.from_iterable(rows), dtype=object, count=count)
    cells[cells == "-"] = None
    return cells.reshape(len(rows), width)


def _split_cells(text: str) -> list[str]:
    """The cells of one table row: blank-separated tokens, ``"..."`` strings kept whole."""
    if '"' not in text:  # most rows: no string token, so the blanks alone separate cells
        return text.split()
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'  # PBN strings are double-quoted only
    lexer.commenters = ""
    return list(lexer)


def _expand_tables(
    tables: list, frame: dict, *, strict: bool, notes: dict, caret=True, unknown=True
):
    """The rows of every ``ScoreTable`` (PBN 2.1 §5.9), one row per table of the field.

    ``tables`` holds ``(file, names, rows, lines, record)`` for each table with rows;
    ``frame`` the columns of the records (a dict of arrays), indexed by ``record``. All
    tables are read as one block of cells (a column a table lacks is absent on its rows),
    so the work is done once per column, not once per table.

    The lines are other tables' results: they share the board's and the event's tags
    (:data:`_SHARED_BY_TABLE`) and take none of the record's own (players, room, teams,
    table, its contract and result, its printed ``Score``/``ScoreIMP``/... tags). A line
    with ``Multiplicity`` k stands for k tables with that result and becomes k rows, so
    every scoring function sees the whole field. ``^`` before a ``Contract``, ``Declarer``
    or ``Result`` cell marks an irregularity (the value is kept, ``irregular`` set); ``^``
    before a number in any other column marks an artificial score (the row is an
    ``"adjusted score"``, the number kept in its column). A table without a ``Contract``
    column gives results known by their printed ``Score_NS``/``Score_EW``, which becomes
    their score (``score_given``). Counts go to ``notes``. Returns the rows' columns (a
    dict of arrays) and the table's own columns kept under their names.
    ``caret=False`` says that no file read holds a ``^`` (the search is skipped),
    ``unknown=False`` that no table holds a ``?`` (an unknown element).
    """
    columns: dict[str, list] = {}  # frame column or printed name -> cells of each table
    printed: dict[str, None] = {}
    sizes, recs, lines, files, with_contract = [], [], [], [], []
    for k, (_, names, rows, row_lines, rec) in enumerate(tables):
        n = len(rows)
        cells = rows  # a 2-D object array (row by column)
        for j, name in enumerate(names):
            key = _TABLE_COLUMNS.get(name.lower())
            if key is None:
                key = name
                printed[name] = None
            columns.setdefault(key, [None] * k)  # absent from the tables before this one
            if len(columns[key]) == k:
                columns[key].append(cells[:, j])
        for parts in columns.values():
            if len(parts) == k:  # a column this table does not have
                parts.append(None)
        sizes.append(n)
        recs.append(rec)  # each row's record (a block of tables holds several)
        lines.append(np.asarray(row_lines, dtype=np.int64))
        files.append(np.full(n, k, dtype=np.int64))
        with_contract.append(
            np.full(n, "contract_text" in columns and columns["contract_text"][k] is not None)
        )
    n_rows = sum(sizes)
    rec = np.concatenate(recs)
    table_of = np.concatenate(files)

    def block(parts):  # one column's cells over all tables, and where a table lacks it
        if all(p is not None for p in parts):  # every table has the column: most files
            return np.concatenate(parts), np.zeros(n_rows, dtype=bool)
        cells = np.concatenate(
            [
                p if p is not None else np.full(m, None, dtype=object)
                for p, m in zip(parts, sizes, strict=True)
            ]
        )
        lacking = [p is None for p in parts]
        return cells, np.repeat(np.array(lacking, dtype=bool), sizes)

    # the records' columns in their order: the shared ones taken from each row's record,
    # the rest missing; columns given a value below are only placed here (not filled)
    later = {"record", "preset_reason", "irregular", "score_given", "score_ns_printed"}
    later |= set(columns) - _SHARED_BY_TABLE
    out = {
        c: v[rec]
        if c in _SHARED_BY_TABLE
        else None
        if c in later
        else np.full(n_rows, None, dtype=object)
        for c, v in frame.items()
    }
    out["record"] = np.concatenate(lines)
    out["preset_reason"] = np.full(n_rows, None, dtype=object)
    irregular = np.zeros(n_rows, dtype=bool)
    artificial = np.zeros(n_rows, dtype=bool)
    raw = {}  # the printed columns' cells as text, before they become numbers
    numbers = {}  # the printed columns' cells as numbers: (missing, float)
    for key, parts in columns.items():
        cells, absent = block(parts)
        if unknown:
            cells[cells == "?"] = None  # "?": an unknown element
        if not caret:
            pass
        elif key in ("contract_text", "declarer", "tricks"):
            cells, marked = _irregular(cells)
            irregular |= marked
        else:
            cells, marked = _artificial(cells)
            artificial |= marked
        if key in printed:
            raw[key] = cells
            out[key], numbers[key] = _numeric_column(cells)
        elif key in _SHARED_BY_TABLE:  # Round, Section: the table's value where it has one
            out[key] = np.where(absent, out[key], cells)
        else:
            out[key] = cells
    if "Round" in columns:
        segment = out["segment"]
        out["segment"] = np.where(segment == None, out["Round"], segment)  # noqa: E711
    printed_tricks = out["tricks"]
    by_tricks = _factorized(printed_tricks)  # each column factorized once for its uses
    by_contract = _factorized(out["contract_text"])
    tricks = _side_tricks(by_tricks, out["declarer"], printed_tricks)
    out["tricks"] = _table_tricks(by_tricks if tricks is printed_tricks else tricks, by_contract)
    out["irregular"] = irregular
    ns_missing, ns_num = _printed_numbers(numbers, n_rows, "score_ns")
    ew_missing, ew_num = _printed_numbers(numbers, n_rows, "score_ew")
    score = np.where(np.isnan(ns_num), -ew_num, ns_num)
    has_score = ~ns_missing | ~ew_missing
    with_contract = np.concatenate(with_contract)
    no_contract = _by_value(by_contract, lambda v: not str(v).strip(), missing=True)
    no_contract = no_contract.astype(bool)
    # with a Contract column, a score without a contract is adjusted; without one, a score
    # that is no number (A60) is adjusted and a number is the result's score
    adjusted = artificial | np.where(
        with_contract, no_contract & has_score, has_score & np.isnan(score)
    )
    given = ~with_contract & ~adjusted & ~np.isnan(score)
    if given.any():
        key = "ScoreTable lines without a Contract column, scored by their printed score"
        notes[key] = notes.get(key, 0) + int(given.sum())
    out["score_given"] = np.where(given, score, np.nan)
    out["score_ns_printed"] = np.where(adjusted, np.nan, score)
    out["preset_reason"][adjusted] = "adjusted score"
    mult = _printed_cells(raw, n_rows, "multiplicity")
    times = _multiplicity(mult, out["record"], table_of, tables, strict=strict, notes=notes)
    if times is not None:
        repeat = np.repeat(np.arange(n_rows), times)
        out = {c: v[repeat] for c, v in out.items()}
        _unnamed_copies(
            out,
            repeat,
            strict=strict,
            notes=notes,
            files=[t[0] for t in tables],
            table_of=table_of[repeat],
        )
    return out, list(printed)


# A ScoreTable line's columns that name who sat there: a line standing for several tables
# (Multiplicity) gives them for one table only, so its copies do not repeat them.
_WHO = ("pair_ns", "pair_ew", "table", "north", "east", "south", "west")
_WHO_PRINTED = ("pairid", "names", "table", "player")
_NAMED_COPIES = (
    "ScoreTable lines with a Multiplicity that name their pairs: "
    "names kept on one row, not on the copies"
)


def _unnamed_copies(out: dict, repeat, *, strict: bool, notes: dict, files, table_of) -> None:
    """Blank the pair ids, table and names of the copies of a ``Multiplicity`` line.

    A line standing for k tables and naming its pairs (``PairId_NS``...) names one table's
    pairs: the k - 1 other rows keep the result (for matchpoints and datums) but not the
    names, so no pair is credited k boards. Counted in ``notes``; ``strict`` raises.
    """
    copy = np.zeros(repeat.size, dtype=bool)
    copy[1:] = repeat[1:] == repeat[:-1]
    if not copy.any():
        return
    who = [c for c in out if c in _WHO or str(c).lower().startswith(_WHO_PRINTED)]
    named = np.zeros(repeat.size, dtype=bool)
    for c in who:
        named |= ~pd.isna(out[c])
    # a line's every row, where the line names someone and stands for several tables
    first = np.flatnonzero(~copy)
    line_named = np.logical_or.reduceat(named, first) if first.size else named[:0]
    line_copied = np.logical_or.reduceat(copy, first) if first.size else copy[:0]
    bad = line_named & line_copied
    if not bad.any():
        return
    if strict:
        i = int(first[np.flatnonzero(bad)[0]])
        reason = "a ScoreTable line with a Multiplicity names its pairs (names one table only)"
        raise ParseError(files[int(table_of[i])], int(out["record"][i]), reason)
    notes[_NAMED_COPIES] = notes.get(_NAMED_COPIES, 0) + int(bad.sum())
    for c in who:
        values = np.asarray(out[c])
        values = values.astype(float if values.dtype.kind in "fiu" else object)
        values[copy] = np.nan if values.dtype.kind == "f" else None
        out[c] = values


def _printed_cells(raw: dict, n: int, lower: str) -> np.ndarray:
    """The cells (text) of the printed columns named ``lower`` in any case: one table may
    write ``Score_NS``, another ``SCORE_NS``."""
    cells = np.full(n, None, dtype=object)
    for name, values in raw.items():
        if name.lower() == lower:
            cells = np.where(pd.isna(cells), values, cells)
    return cells


def _multiplicity(cells: np.ndarray, lines, table_of, tables, *, strict: bool, notes: dict):
    """How many tables each ScoreTable line stands for (its ``Multiplicity``), or None.

    A missing cell is one table. A cell that is not a whole number from 1 to
    :data:`_MAX_MULTIPLICITY` raises :class:`ParseError` under ``strict`` (naming the
    file and the line); else the line counts once and the cell is counted in ``notes``,
    as are the rows added.
    """
    given = ~pd.isna(cells)
    if not given.any():
        return None
    times, not_whole = _whole_parts(cells)
    bad = given & (not_whole | (times < 1) | (times > _MAX_MULTIPLICITY))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        reason = (
            f"ScoreTable Multiplicity {cells[i]!r} is not a whole number "
            f"1-{_MAX_MULTIPLICITY} (the number of tables with this result)"
        )
        if strict:
            raise ParseError(tables[int(table_of[i])][0], int(lines[i]), reason)
        key = f"ScoreTable Multiplicity cells not a whole number 1-{_MAX_MULTIPLICITY}, read as 1"
        notes[key] = notes.get(key, 0) + int(bad.sum())
    times = np.where(bad | not_whole, 1, times)
    if (times > 1).any():
        key = "ScoreTable lines standing for several tables (Multiplicity): rows added"
        notes[key] = notes.get(key, 0) + int((times - 1).sum())
    return times


def _irregular(values) -> tuple[np.ndarray, np.ndarray]:
    """Values with the irregularity marker ``^`` removed, and where it was (PBN 2.1 §3.4).

    ``"^S"`` is a declarer who swapped with dummy (§3.4.13), ``"^9"`` a result that
    differs from the tricks actually won (§3.4.15): the value after the caret is kept.
    Decided once per distinct value.

    >>> v, marked = _irregular(np.array(["^S", "N", None, " ^9"], dtype=object))
    >>> v.tolist(), marked.tolist()
    (['S', 'N', None, '9'], [True, False, False, True])
    """
    arr = np.asarray(values, dtype=object)
    codes, uniques = _factorized(arr)
    kept = [
        u.strip()[1:].strip() if isinstance(u, str) and u.strip()[:1] == "^" else None
        for u in uniques
    ]
    marks = np.array([k is not None for k in kept] + [False], dtype=bool)
    caret = marks[codes]
    if not caret.any():
        return arr, caret
    out = arr.copy()
    out[caret] = np.array([*kept, None], dtype=object)[codes][caret]
    return out, caret


def _artificial(values) -> tuple[np.ndarray, np.ndarray]:
    """Table cells with the artificial-score marker ``^`` before a number removed, and
    where it was (PBN 2.1 §5.2); a caret before text is left as printed. Decided once per
    distinct value.

    >>> v, marked = _artificial(np.array(["^50", "62.5", "^x", None], dtype=object))
    >>> v.tolist(), marked.tolist()
    (['50', '62.5', '^x', None], [True, False, False, False])
    """
    arr = np.asarray(values, dtype=object)
    codes, uniques = _factorized(arr)
    marked = [isinstance(u, str) and u.startswith("^") for u in uniques]
    if not any(marked):
        return arr, np.zeros(arr.size, dtype=bool)
    after = np.array(
        [u[1:] if m else None for u, m in zip(uniques, marked, strict=True)], dtype=object
    )
    number = ~pd.isna(pd.to_numeric(after, errors="coerce"))  # "^" before a number
    caret = np.append(number, False)[codes]
    if not caret.any():
        return arr, caret
    out = arr.copy()
    out[caret] = np.append(after, None)[codes][caret]
    return out, caret


def _side_tricks(result, declarer, values=None) -> np.ndarray:
    """Declarer's tricks from a ``Result`` given with the side that took them (§3.4.15).

    ``"NS 7"`` or ``"EW 10"`` name the side; ``"EW 3 NS 10"`` gives both. Declarer's side
    keeps its count, the other side's count k becomes 13 - k. A bare number (declarer's
    tricks) and anything else are returned as they are; without a declarer N/E/S/W a
    side-stated result stays missing. ``result`` may be given factorized, with its
    ``values`` (returned as they are when no side is stated).

    >>> _side_tricks(np.array(["NS 7", "EW 10", "EW 3 NS 10", "9", "NS 8"], dtype=object),
    ...              np.array(["N", "N", "S", "E", None], dtype=object)).tolist()
    [7, 3, 10, '9', None]
    """
    _, uniques = _factorized(result)
    if values is None:
        values = result
    arr = np.asarray(values, dtype=object)
    if not any(_SIDE_RESULT.match(str(u).strip()) for u in uniques):
        return values  # no side stated: the common case, decided once per distinct value
    series = pd.Series(arr, dtype=object)
    text = series.where(series.notna(), "").astype(str).str.strip()
    parts = text.str.extract(_SIDE_RESULT)
    stated = parts[0].notna().to_numpy()
    if not stated.any():
        return arr
    decl = pd.Series(np.asarray(declarer, dtype=object), dtype=object)
    decl = decl.where(decl.notna(), "").astype(str).str.strip()
    decl = decl.str.upper().to_numpy()
    side = np.where(np.isin(decl, ["N", "S"]), "NS", np.where(np.isin(decl, ["E", "W"]), "EW", ""))
    s1, s2 = parts[0].str.upper().to_numpy(), parts[2].str.upper().to_numpy()
    n1 = pd.to_numeric(parts[1]).to_numpy(dtype=float)
    n2 = pd.to_numeric(parts[3]).to_numpy(dtype=float)
    tricks = np.where(s1 == side, n1, np.where(s2 == side, n2, 13 - n1))
    tricks[side == ""] = np.nan
    out = arr.copy()
    out[stated] = [None if np.isnan(t) else int(t) for t in tricks[stated]]
    return out


def _numeric_column(values) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """A printed column as :func:`_maybe_numeric` gives it, and its cells as numbers:
    ``(missing, float)`` (NaN where a cell is missing or not a number), from one
    factorization."""
    arr = np.asarray(values, dtype=object)
    codes, uniques = _factorized(arr)
    num = pd.to_numeric(uniques, errors="coerce")
    floats = np.append(np.asarray(num, dtype=float), np.nan)[codes]
    missing = codes < 0
    if pd.isna(num).any():  # a cell that is not a number: the column stays text
        return arr, (missing, floats)
    if num.dtype.kind in "iu" and not missing.any():
        return num[codes], (missing, floats)
    return floats, (missing, floats)


def _maybe_numeric(values) -> np.ndarray:
    """A column of cells as numbers when every cell given is one (int64 when all are whole
    and none is missing, else float64, as :func:`pandas.to_numeric`), else as they are.

    >>> _maybe_numeric(np.array(["1", "2"], dtype=object)).dtype.name
    'int64'
    >>> _maybe_numeric(np.array(["1", None], dtype=object)).tolist()
    [1.0, nan]
    >>> _maybe_numeric(np.array(["1", "A60"], dtype=object)).tolist()
    ['1', 'A60']
    """
    return _numeric_column(values)[0]


def _printed_numbers(numbers: dict, n: int, lower: str) -> tuple[np.ndarray, np.ndarray]:
    """Where the printed columns named ``lower`` in any case give no cell, and the number
    of the first cell given (NaN if it is not a number): one table may write ``Score_NS``,
    another ``SCORE_NS``, as :func:`_printed_cells` reads their text.

    >>> cells = np.array(["110", None, "A60"], dtype=object)
    >>> _printed_numbers({"Score_NS": _numeric_column(cells)[1]}, 3, "score_ns")
    (array([False,  True, False]), array([110.,  nan,  nan]))
    """
    missing = np.ones(n, dtype=bool)
    value = np.full(n, np.nan)
    for name, (absent, floats) in numbers.items():
        if name.lower() == lower:
            take = missing & ~absent
            value[take] = floats[take]
            missing &= absent
    return missing, value


def _table_tricks(result, contract) -> np.ndarray:
    """Tricks from a ScoreTable ``Result``: a count, or ``=``/``+n``/``-n`` against the level
    (float, NaN where there is none).

    >>> _table_tricks(np.array(["10", "=", "+1", "-2", None], dtype=object),
    ...               np.array(["4S", "3NT", "2H", "4SX", "Pass"], dtype=object)).tolist()
    [10.0, 9.0, 9.0, 8.0, nan]
    """

    def parse(value):  # (tricks, relative offset): one of them, or neither
        text = str(value).strip()
        if RELATIVE_RESULT.match(text):  # the one rule of every reader
            return (np.nan, 0.0 if text == "=" else float(text))
        num = pd.to_numeric(text, errors="coerce")
        return (float(num), np.nan)

    def level(value):
        head = str(value).strip()[:1]
        return float(head) if head.isdigit() else np.nan

    codes, uniques = _factorized(result)
    parsed = [parse(u) for u in uniques] + [(np.nan, np.nan)]  # the last: code -1, missing
    absolute = np.array([p[0] for p in parsed], dtype=float)[codes]
    offset = np.array([p[1] for p in parsed], dtype=float)[codes]
    levels = _by_value(contract, level, missing=np.nan).astype(float)
    return np.where(np.isnan(offset), absolute, levels + 6 + offset)
