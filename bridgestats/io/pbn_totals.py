"""Read the ``TotalScoreTable`` sections of PBN files (PBN 2.1 §5.10): the session totals,
one row per entry (pair), behind the tags in force where each table stands.

The file is tokenised as :func:`bridgestats.io.read_pbn` tokenises it (its tags resolved
the same way), and the table's cells are read as a ``ScoreTable``'s
(:mod:`bridgestats.io._pbn_tables`).
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .._validate import check_flag
from ._pbn_tables import _table_cells, _tables
from ._records import ParseError, _expand
from .pbn import _PATTERNS, _scan, _tag_frame

__all__ = ["read_pbn_totals"]

_TOTAL_SCORE_TABLE = re.compile(r'\[TotalScoreTable\s+"([^"\n]*)"\s*\]', re.IGNORECASE)
# TotalScoreTable (PBN 2.1 §5.10): the predefined columns that hold numbers (lower case);
# PairId and Names are text; a column the file adds is numeric when all its cells are.
_TOTAL_NUMERIC = {
    "rank",
    "totalscore",
    "totalimp",
    "totalmp",
    "totalpercentage",
    "meanscore",
    "meanimp",
    "meanmp",
    "meanpercentage",
    "nrboards",
    "multiplicity",
}
_TOTAL_TEXT = {"pairid", "names"}
# The identifying columns of read_pbn_totals, before the table's own columns.
_TOTAL_IDS = (
    "source",
    "record",
    "event",
    "segment",
    "section",
    "date",
    "table_name",
    "table_record",
    "artificial",
)


def read_pbn_totals(path, *, strict: bool = False) -> pd.DataFrame:
    r"""Read the ``TotalScoreTable`` sections of PBN files: one row per entry (pair).

    Session totals are not table results, so they get their own frame rather than rows
    of :func:`~bridgestats.io.read_pbn`'s tidy schema.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        File(s) to read (plain or gzip); a directory is searched recursively for
        ``*.pbn`` and ``*.pbn.gz``.
    strict : bool, optional
        Raise :class:`~bridgestats.io.ParseError` on the first cell of a predefined
        numeric column (``Rank``, ``TotalMP``, ``TotalPercentage``, ...) that is not a
        number, instead of keeping that column as printed text and counting it in
        ``frame.attrs["notes"]``.

    Returns
    -------
    pandas.DataFrame
        One row per table row, in file order, with

        ================  ===========================================================
        ``source``        the file (its path below the directory given, else its name)
        ``record``        line number of the row
        ``event``         the ``Event`` tag in force (``#`` and omitted tags resolved
                          as in :func:`~bridgestats.io.read_pbn`)
        ``segment``       ``Stage`` in force, else ``Round``
        ``section``       ``Section`` in force
        ``date``          ``Date`` in force
        ``table_name``    ``"TotalScoreTable"``
        ``table_record``  line number of the table's tag pair (one value per table)
        ``artificial``    True when a cell of the row is an artificial score (``^``)
        ================  ===========================================================

        followed by the table's columns under their printed names (``Rank``,
        ``PairId``, ``Names``, ``TotalMP``, ``TotalPercentage``, ...; columns of every
        table read, missing in rows of tables that do not print them).
        ``frame.attrs["notes"]`` counts what was noticed while reading (columns kept as
        text, files without a ``TotalScoreTable``).

    Notes
    -----
    * Of the tables of PBN 2.1 §5 (``ActionTable``, ``AuctionTimeTable``,
      ``InstantScoreTable``, ``PlayTimeTable``, ``ScoreTable``, ``TotalScoreTable``),
      only ``TotalScoreTable`` (§5.10) holds totals. ``ScoreTable`` rows are table
      results (:func:`~bridgestats.io.read_pbn`); ``InstantScoreTable`` maps score ranges
      to IMPs and percentages (a lookup table, not results); ``OptimumResultTable`` is a
      double-dummy table, not a score table. None of these is read here.
    * The column specification and the cells are read as for a ``ScoreTable`` (§5.1-5.2):
      ``[+|-]Name[\width[L|R]]`` items separated by ``;``, one row per line, cells
      separated by blanks, ``"..."`` strings may hold blanks, ``-`` (irrelevant) and
      ``?`` (unknown) are empty cells, ``^`` before a number marks an artificial score
      (the number is kept, ``artificial`` is set). A malformed specification, a column
      named twice or named like an identifying column, an unclosed string, or a row whose
      cell count differs from the specification raises :class:`~bridgestats.io.ParseError`
      naming the file and the line, whatever ``strict``.
    * ``PairId`` and ``Names`` stay text (a ``PairId`` matches ``pair_ns``/``pair_ew``
      of a ``ScoreTable`` read by :func:`~bridgestats.io.read_pbn`); the predefined
      numeric columns are numbers; a column the file adds is numeric when every cell is a
      number, else text as printed.

    References
    ----------
    .. [1] Portable Bridge Notation, version 2.1 (2007), sections 5.1 (section data),
       5.2 (tables), 5.9 (``ScoreTable``) and 5.10 (``TotalScoreTable``, its predefined
       columns ``Rank``, ``PairId``, ``Names``, ``TotalScore``, ``TotalIMP``,
       ``TotalMP``, ``TotalPercentage``, ``MeanScore``, ``MeanIMP``, ``MeanMP``,
       ``MeanPercentage``, ``NrBoards``, ``Multiplicity``).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "totals.pbn"
    >>> _ = path.write_text('[Event "Club Pairs"]\n'
    ...                     '[TotalScoreTable "Rank\\2R;PairId\\2R;TotalMP\\5R;Names\\20L"]\n'
    ...                     ' 1  3  61.5 "Ann Bee - Cat Dee"\n'
    ...                     ' 2  1 ^50.0 -\n')
    >>> read_pbn_totals(path)[["record", "event", "Rank", "PairId", "TotalMP", "Names",
    ...                        "artificial"]]
       record       event  Rank PairId  TotalMP              Names  artificial
    0       3  Club Pairs     1      3     61.5  Ann Bee - Cat Dee       False
    1       4  Club Pairs     2      1     50.0               None        True
    """
    strict = check_flag(strict, "strict")
    files = _expand(path, _PATTERNS)
    scans = [_scan(f) for f in files]
    tags, _, offset = _tag_frame(scans)
    parts, without = [], 0
    for s, o in zip(scans, offset, strict=True):
        found = _tables(s["text"], _TOTAL_SCORE_TABLE)
        without += not found
        for spec, body, line in found:
            names, rows, lines = _table_cells(
                s["file"], "TotalScoreTable", spec, body, line, reserved=_TOTAL_IDS
            )
            rec = tags.iloc[int(o + np.searchsorted(s["lines"], line, side="right") - 1)]
            parts.append(_total_part(rec, names, rows, lines, line))
    notes = {}
    if without:
        notes["files without a TotalScoreTable"] = without
    if not parts:
        frame = pd.DataFrame({c: pd.Series(dtype=object) for c in _TOTAL_IDS})
        frame["artificial"] = frame["artificial"].astype(bool)
        frame.attrs["notes"] = notes
        return frame
    frame = pd.concat(parts, ignore_index=True)
    frame, kept = _total_values(frame, strict=strict)
    frame.attrs["notes"] = {**notes, **kept}
    return frame


def _total_part(rec: pd.Series, names, rows, lines, line: int) -> pd.DataFrame:
    """One ``TotalScoreTable`` as raw cells, behind the tags in force at its record."""
    n = len(rows)
    segment = rec["Stage"] if rec["Stage"] is not None else rec["Round"]
    ids = {
        "source": np.full(n, rec["source"], dtype=object),
        "record": np.asarray(lines, dtype=np.int64),
        "event": np.full(n, rec["event"], dtype=object),
        "segment": np.full(n, segment, dtype=object),
        "section": np.full(n, rec["Section"], dtype=object),
        "date": np.full(n, rec["Date"], dtype=object),
        "table_name": np.full(n, "TotalScoreTable", dtype=object),
        "table_record": np.full(n, line, dtype=np.int64),
        "artificial": np.zeros(n, dtype=bool),
    }
    cells = np.array(rows, dtype=object).reshape(n, len(names))
    return pd.DataFrame({**ids, **{name: cells[:, k] for k, name in enumerate(names)}})


def _total_values(frame: pd.DataFrame, *, strict: bool) -> tuple[pd.DataFrame, dict]:
    """Empty, artificial and numeric cells of the printed columns of a totals frame.

    ``?`` becomes missing, ``^`` before a number is dropped (the row is marked
    ``artificial``), and each column becomes numeric where it is numeric (see
    :func:`read_pbn_totals`). Returns the frame and the notes on columns kept as text.

    >>> raw = pd.DataFrame({"source": ["f.pbn"] * 3, "record": [5, 6, 7],
    ...                     "artificial": False, "Rank": ["1", "2", "3"],
    ...                     "PairId": ["7", "12", "3"], "TotalIMP": ["12.5", "^-3", "?"]})
    >>> out, kept = _total_values(raw, strict=False)
    >>> out["TotalIMP"].tolist(), out["PairId"].tolist(), out["artificial"].tolist()
    ([12.5, -3.0, nan], ['7', '12', '3'], [False, True, False])
    """
    frame = frame.copy()
    kept = {}
    artificial = frame["artificial"].to_numpy(dtype=bool, copy=True)
    for name in [c for c in frame.columns if c not in _TOTAL_IDS]:
        cells = frame[name].astype(object)
        cells = cells.where(cells.notna() & (cells != "?"), None)
        text = cells.where(cells.notna(), "").astype(str)
        caret = text.str.startswith("^")
        art = caret & pd.to_numeric(text.str[1:].where(caret), errors="coerce").notna()
        cells = cells.where(~art, text.str[1:])
        artificial |= art.to_numpy()
        if name.lower() in _TOTAL_TEXT:
            frame[name] = cells
            continue
        num = pd.to_numeric(cells, errors="coerce")
        bad = (cells.notna() & num.isna()).to_numpy()
        if not bad.any():
            frame[name] = num
            continue
        if name.lower() in _TOTAL_NUMERIC:
            i = int(np.flatnonzero(bad)[0])
            reason = f"TotalScoreTable column {name}: {cells.iat[i]!r} is not a number"
            if strict:
                raise ParseError(frame["source"].iat[i], int(frame["record"].iat[i]), reason)
            kept[f"{name} kept as text: cells that are not numbers"] = int(bad.sum())
        frame[name] = cells
    frame["artificial"] = artificial
    return frame, kept
