"""The tidy schema shared by every loader, the load summary, and the common finishing steps.

Every reader builds a frame of raw columns (strings as printed, one row per table result),
then calls :func:`finish`, which normalises contracts, derives scores vectorised over the
whole frame with :mod:`bridgestats.scoring`, records why any row cannot be scored, attaches
the :class:`LoadSummary` and applies ``strict``.
"""

from __future__ import annotations

import fnmatch
import gzip
import io
import itertools
import os
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import fail
from ..errors import BridgestatsError, ParseError
from ..scoring import STRAINS, parse_contract
from ..scoring.contracts import _contract_points

__all__ = [
    "COLUMNS",
    "SKIP_REASONS",
    "LoadSummary",
    "ParseError",
    "finish",
    "summary_of",
]

#: The tidy columns every loader returns, in this order (extra printed columns follow).
COLUMNS = (
    "source",
    "record",
    "event",
    "segment",
    "board",
    "room",
    "table",
    "pair_ns",
    "pair_ew",
    "home_team",
    "visit_team",
    "north",
    "east",
    "south",
    "west",
    "contract",
    "level",
    "strain",
    "doubled",
    "declarer",
    "tricks",
    "vulnerable",
    "score_ns",
    "skip_reason",
)

#: Why a record cannot be scored (the values of ``skip_reason``; missing when scorable).
SKIP_REASONS = {
    "no board": "the board number is missing or not an integer >= 1",
    "no contract": "no contract was printed (or '?')",
    "unknown contract": "the contract text is not a bridge contract",
    "no declarer": "a contract other than Pass without a declarer N/E/S/W",
    "no result": "the number of tricks is missing or not an integer",
    "impossible result": (
        "tricks outside 0..13, or a result the format cannot print (an ACBL made of 1 or 2 "
        "on a 3-level contract: a made contract has at least its level over book)"
    ),
    "no vulnerability": "vulnerability missing and not derivable",
    "not played": "the traveller marks the board not played (NP) or late play (LP)",
    "adjusted score": (
        "an artificial adjusted score (Ave, Ave+, Ave-; a PBN table element marked ^): "
        "no contract result"
    ),
    "malformed tag": "a tag line of the record is not a tag pair (a missing closing quote?)",
}

_VUL_NORMAL = {
    "none": "None",
    "love": "None",
    "-": "None",
    "o": "None",
    "0": "None",
    "ns": "NS",
    "n": "NS",
    "ew": "EW",
    "e": "EW",
    "all": "All",
    "both": "All",
    "b": "All",
}

# Vulnerability of boards 1..16 (then repeating): the standard duplicate cycle (Laws of
# Duplicate Bridge 2017, Law 2).
_VUL_CYCLE = np.array(
    "None NS EW All NS EW All None EW All None NS All None NS EW".split(),
    dtype=object,
)
_DEALER_CYCLE = np.array(["N", "E", "S", "W"], dtype=object)

_REDOUBLE_R = re.compile(r"^([1-7]\s*(?:NT|[CDHSN]))\s*R$", re.IGNORECASE)
# A passed-out board as exports spell it besides PBN's "Pass" (PBN 2.1 §3.4.14): "PAS"
# (Dutch, Polish and Scandinavian scoring programs), "Passe" (French), "Passed".
_PASS_SPELLINGS = re.compile(r"^(?:pas|passe|passed)$", re.IGNORECASE)


@dataclass(frozen=True)
class LoadSummary:
    """What a loader read: counts of files, records, scorable records, skips by reason.

    Attributes
    ----------
    files : int
        Files read.
    records : int
        Table results found (rows of the frame, nothing dropped).
    scorable : int
        Rows with a ``score_ns`` (passed-out boards included).
    skipped : dict
        Rows without a score, by ``skip_reason``.
    printed_scores : int
        Rows where the file printed its own score and ``score_ns`` could be computed.
    score_mismatches : int
        Of those, rows where the printed score differs from the computed one.
    notes : dict
        Counts of repairs made while reading (e.g. vulnerability taken from the board
        number because the file left it empty): nothing is changed silently. Every
        reader also counts here impossible pairings, kept and scored: a pair listed twice
        on one board, and a pair playing itself (``NS x v EW x`` in a Howell); the
        readers' ``strict`` refuses them.
    files_found : int
        Files the path named or its folders held (searched recursively, hidden files left
        out), read or not: ``files_found - files`` of them were passed over because their
        names are not of the reader's formats (suffixes match whatever their case).
    """

    files: int
    records: int
    scorable: int
    skipped: dict = field(default_factory=dict)
    printed_scores: int = 0
    score_mismatches: int = 0
    notes: dict = field(default_factory=dict)
    files_found: int = 0

    def as_dict(self) -> dict:
        """The summary as plain JSON-able types."""
        return {
            "files": self.files,
            "records": self.records,
            "scorable": self.scorable,
            "skipped": dict(self.skipped),
            "printed_scores": self.printed_scores,
            "score_mismatches": self.score_mismatches,
            "notes": dict(self.notes),
            "files_found": self.files_found,
        }


def summary_of(frame: pd.DataFrame) -> LoadSummary:
    """The :class:`LoadSummary` a loader attached to ``frame`` (``frame.attrs["summary"]``)."""
    summary = frame.attrs.get("summary")
    if not isinstance(summary, LoadSummary):
        raise fail("frame", "a frame made by a bridgestats.io loader", given="no load summary")
    return summary


# --------------------------------------------------------------------------- files


class _File:
    """A file to read and the name it is reported under (``source``)."""

    def __init__(self, path: Path, name: str):
        self.path = path
        self.name = name
        self.cp1252 = False  # set by _read_text: not UTF-8, read as Windows-1252
        self.undefined = 0  # bytes Windows-1252 leaves undefined, read as U+FFFD

    def __str__(self) -> str:
        return self.name


def _expand(path, patterns: tuple[str, ...]) -> list[_File]:
    """A path, a list of paths, or a directory (searched recursively for ``patterns``).

    The files of :func:`_expand_counted`, without the count of files found.
    """
    return _expand_counted(path, patterns)[0]


def _matches(name: str, patterns: tuple[str, ...]) -> bool:
    """Whether a file name matches one of ``patterns``, whatever the case of either.

    >>> _matches("R1.PBN.gz", ("*.pbn", "*.pbn.gz")), _matches("r1.txt", ("*.pbn",))
    (True, False)
    """
    low = name.lower()
    return any(fnmatch.fnmatchcase(low, pat.lower()) for pat in patterns)


def _expand_counted(path, patterns: tuple[str, ...], *, passed=None) -> tuple[list[_File], int]:
    """The files to read of a path, a list of paths, or directories, and the files found.

    A directory is searched recursively for files whose names match ``patterns`` whatever
    the case (``*.pbn`` finds ``R1.PBN``, ``r2.Pbn`` and ``r3.PBN.GZ``; exporters on
    Windows write upper-case suffixes). A file found in a directory is named by its path
    relative to that directory (``bb/bb-2009.pbn.gz``); a file given directly by its file
    name. The count is of every file given or found below the directories (hidden files,
    whose name or folder starts with ``.``, left out), read or not: with the files read it
    tells how many were passed over as not of the reader's formats. An entry of a folder
    whose name matches but that is no regular file (a named pipe, a device or a link to
    one, a broken link, a socket: reading it could block or never end) is never opened;
    when ``passed`` is a list, each is appended to it as ``"<path below the folder> (<what
    it is>)"`` (given by name, it is refused).
    """
    allowed = "a file, a folder or a list of them (str or os.PathLike)"
    if isinstance(path, str | os.PathLike | _File):
        items = [path]
    elif isinstance(path, Iterable) and not isinstance(path, bytes | bytearray | Mapping):
        items = list(path)
    else:  # None, a number, bytes: not a path
        raise fail("path", allowed, path)
    if not items:
        raise fail("path", allowed, path)
    files: list[_File] = []
    found = 0
    for item in items:
        if isinstance(item, _File):
            files.append(item)
            found += 1
            continue
        if not isinstance(item, str | os.PathLike):
            raise fail("path", allowed, item)
        if not os.fspath(item):  # Path("") is the working folder: never read it unasked
            raise fail("path", allowed + ", not an empty path", given="''")
        p = Path(item)
        try:
            is_dir, is_file = p.is_dir(), p.is_file()
        except OSError as exc:  # a name too long, a permission refused on the way
            shown = str(p) if len(str(p)) <= 80 else str(p)[:77] + "..."
            given = f"{shown} ({exc.strerror})"
            raise fail("path", "an existing file or folder", given=given) from None
        if is_dir:
            every = []
            for f in sorted(p.rglob("*")):
                if any(part.startswith(".") for part in f.relative_to(p).parts):
                    continue
                if f.is_file():
                    every.append(f)
                elif passed is not None and _matches(f.name, patterns) and not f.is_dir():
                    passed.append(f"{f.relative_to(p).as_posix()} ({_not_a_file(f)})")
            chosen = [f for f in every if _matches(f.name, patterns)]
            if not chosen:
                raise fail(
                    "path",
                    f"a folder holding {' or '.join(patterns)} files (any case)",
                    given=f"{p} ({len(every)} other files)",
                )
            found += len(every)
            files.extend(_File(f, f.relative_to(p).as_posix()) for f in chosen)
        elif is_file:
            files.append(_File(p, p.name))
            found += 1
        elif p.exists():  # a named pipe, a device, a socket: reading it could block forever
            raise fail("path", "a regular file or a folder", given=f"{p} ({_not_a_file(p)})")
        else:
            raise fail("path", "an existing file or folder", given=str(p))
    return files, found


def _not_a_file(p: Path) -> str:
    """What a path that is not a regular file (nor a folder) is, in words.

    >>> _not_a_file(Path("/dev/null")), _not_a_file(Path("/no/such"))
    ('a device', 'a broken link or missing')
    """
    try:
        kind = (
            "a named pipe"
            if p.is_fifo()
            else "a device"
            if p.is_char_device() or p.is_block_device()
            else "a socket"
            if p.is_socket()
            else None
        )
    except OSError:
        kind = None
    if kind is None:
        return "a broken link or missing" if not p.exists() else "not a file"
    return f"a link to {kind}" if p.is_symlink() else kind


_WIDE_BOMS = {
    b"\xff\xfe\x00\x00": "UTF-32 (little-endian)",
    b"\x00\x00\xfe\xff": "UTF-32 (big-endian)",
    b"\xff\xfe": "UTF-16 (little-endian)",
    b"\xfe\xff": "UTF-16 (big-endian)",
}


#: The most bytes a reader takes from one file, after gunzipping (1 GiB): the largest file
#: of the development archive is some 6 MB, a million-board PBN some 250 MB. Set the
#: environment variable ``BRIDGESTATS_MAX_FILE_MB`` (a whole number of megabytes) to
#: change it; a file above it is refused, never read into memory whole.
MAX_FILE_BYTES = 1 << 30


def _max_file_bytes() -> int:
    """:data:`MAX_FILE_BYTES`, or ``BRIDGESTATS_MAX_FILE_MB`` megabytes when that is set."""
    value = os.environ.get("BRIDGESTATS_MAX_FILE_MB", "").strip()
    if not value:
        return MAX_FILE_BYTES
    if not value.isdigit() or int(value) < 1:
        raise fail("BRIDGESTATS_MAX_FILE_MB", "a whole number of megabytes >= 1", value)
    return int(value) << 20


def _read_bytes(file) -> bytes:
    """The bytes of a plain or gzip file (sniffed by its magic bytes), gunzipped.

    Unreadable files, anything but a regular file, corrupt or truncated gzip data, and a
    file larger than :data:`MAX_FILE_BYTES` (before or after gunzipping, decompressed in
    chunks up to that cap) raise :class:`ParseError` naming the file.
    """
    path = file.path if isinstance(file, _File) else Path(file)
    limit = _max_file_bytes()
    too_big = f"larger than the limit of {limit >> 20} MB (BRIDGESTATS_MAX_FILE_MB sets another)"
    try:
        if not path.is_file():
            raise ParseError(file, None, "not a regular file (a device, a pipe or a folder)")
        if path.stat().st_size > limit:
            raise ParseError(file, None, too_big)
        raw = path.read_bytes()
    except OSError as exc:
        raise ParseError(file, None, f"cannot be read ({exc.strerror or exc})") from exc
    if raw[:2] == b"\x1f\x8b":
        try:
            chunks, size = [], 0
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as gz:
                while size <= limit:  # in chunks of 16 MB, never far past the cap
                    chunk = gz.read(16 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    size += len(chunk)
            raw = b"".join(chunks)
        except EOFError as exc:
            raise ParseError(file, None, "truncated gzip file (it ends before its data)") from exc
        except (OSError, zlib.error) as exc:
            raise ParseError(file, None, f"corrupt gzip data ({exc})") from exc
        if size > limit:
            raise ParseError(file, None, f"gunzipped, {too_big}")
    return raw


_CR_LINE_END = re.compile(r"\r+\n")


def _read_text(file: _File) -> str:
    """The text of a plain or gzip file (sniffed by its magic bytes), UTF-8 or else cp1252.

    A file in UTF-16 or UTF-32 (a byte-order mark, or NUL bytes, which no text in the
    supported formats holds) raises :class:`ParseError` naming the likely encoding, rather
    than being read as cp1252 mojibake that holds no records.
    """
    raw = _read_bytes(file)
    for bom, name in _WIDE_BOMS.items():  # the UTF-32 marks first: they start like UTF-16's
        if raw.startswith(bom):
            raise ParseError(
                file, None, f"the file is {name} text (byte-order mark): save it as UTF-8"
            )
    nul = raw.find(b"\x00", 0, 1 << 16)
    if nul >= 0:
        head = raw[:256]
        # UTF-16 of ASCII text puts a NUL in every other byte (odd ones little-endian)
        wide = max(head[0::2].count(0), head[1::2].count(0)) >= len(head) // 4
        why = (
            "likely UTF-16 text without a byte-order mark; save it as UTF-8"
            if wide
            else "not a text file"
        )
        raise ParseError(file, raw.count(b"\n", 0, nul) + 1, f"holds NUL bytes: {why}")
    if raw[:3] == b"\xef\xbb\xbf":
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
        if isinstance(file, _File):  # said in the summary (_decoding_notes), never silent
            file.cp1252 = True
            file.undefined = text.count("\ufffd")
    if "\r" not in text:
        return text
    # CRLF, and the CR CR LF of a file whose CRLF was converted again (a Windows copy of a
    # Windows file): one line end each, never a blank line between every two lines
    return _CR_LINE_END.sub("\n", text).replace("\r", "\n")


def _decoding_notes(files) -> dict[str, int]:
    """The summary's notes on how :func:`_read_text` decoded ``files``: how many were not
    UTF-8 and were read as Windows-1252 (the Western code page of older scoring programs),
    and how many of their bytes that code page leaves undefined (0x81, 0x8D, 0x8F, 0x90,
    0x9D), read as U+FFFD."""
    notes = {}
    legacy = [f for f in files if getattr(f, "cp1252", False)]
    if legacy:
        notes["files not UTF-8, read as Windows-1252 (cp1252)"] = len(legacy)
    undefined = sum(f.undefined for f in legacy)
    if undefined:
        notes["bytes undefined in Windows-1252, read as U+FFFD"] = undefined
    return notes


def _line_numbers(text: str, offsets) -> np.ndarray:
    r"""1-based line number of each character offset in ``text``: the newlines between
    consecutive offsets, in order, counted by :meth:`str.count` and added up.

    >>> _line_numbers("a\nb\n\nc", [0, 2, 4, 5, 1]).tolist()
    [1, 2, 3, 4, 1]
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    order = np.argsort(offsets, kind="stable")
    bounds = [0, *offsets[order].tolist()]
    between = [text.count("\n", a, b) for a, b in itertools.pairwise(bounds)]
    lines = np.empty(offsets.size, dtype=np.int64)
    lines[order] = 1 + np.cumsum(between, dtype=np.int64)
    return lines


# --------------------------------------------------------------------------- normalising


def _factorized(values) -> tuple[np.ndarray, np.ndarray]:
    """Codes and distinct values of ``values`` by :func:`pandas.factorize` (missing ones
    coded -1), for work done once per distinct value: a loader's columns hold few (4
    declarers, 14 trick counts). ``values`` may be such a pair already (a column
    factorized once for several uses)."""
    if isinstance(values, tuple):  # factorized already: (codes, uniques)
        return values
    arr = values.to_numpy(dtype=object) if isinstance(values, pd.Series) else values
    return pd.factorize(np.asarray(arr, dtype=object), use_na_sentinel=True)


def _by_value(values, fn, missing=None) -> np.ndarray:
    """``fn`` of each value, called once per distinct value; ``missing`` where NA.

    >>> _by_value(pd.Series(["a", "b", "a", None]), str.upper, missing="-").tolist()
    ['A', 'B', 'A', '-']
    """
    codes, uniques = _factorized(values)
    mapped = np.empty(len(uniques) + 1, dtype=object)
    mapped[:-1] = [fn(u) for u in uniques]
    mapped[-1] = missing  # code -1
    return mapped[codes]


def _seat(value) -> str | None:
    """A declarer's seat ``N``/``E``/``S``/``W`` (any case, blanks around), else None."""
    seat = str(value).strip().upper()
    return seat if seat in ("N", "E", "S", "W") else None


def _vulnerable_from_board(board) -> np.ndarray:
    """Vulnerability of each board number by the standard 16-board cycle.

    >>> _vulnerable_from_board([1, 2, 3, 4, 16, 17]).tolist()
    ['None', 'NS', 'EW', 'All', 'EW', 'None']
    """
    b = np.asarray(board, dtype=np.int64)
    return _VUL_CYCLE[(b - 1) % 16]


def _dealer_from_board(board) -> np.ndarray:
    """Dealer of each board number (N, E, S, W repeating from board 1).

    >>> _dealer_from_board([1, 2, 3, 4, 5]).tolist()
    ['N', 'E', 'S', 'W', 'N']
    """
    b = np.asarray(board, dtype=np.int64)
    return _DEALER_CYCLE[(b - 1) % 4]


def _parse_texts(texts: pd.Series) -> pd.DataFrame:
    """Normalised ``contract`` ("4SX", "3N", "Pass"), ``level``, ``strain``, ``doubled``.

    Each distinct text is parsed once by :func:`bridgestats.scoring.parse_contract`; a
    trailing ``R`` (redoubled, as some exports write it) is read as ``XX``. Texts that are
    not contracts give missing values. ``PAS``, ``Passe`` and ``Passed`` (any case) are a
    passed-out board, as exports write it.

    >>> texts = pd.Series(["3NT", "4 SX", "2dr", "pass", "PAS", "8S", None])
    >>> _parse_texts(texts)["contract"].tolist()
    ['3N', '4SX', '2DXX', 'Pass', 'Pass', None, None]
    """
    names = ["contract", "level", "strain", "doubled"]
    return pd.DataFrame(dict(zip(names, _parsed_columns(texts), strict=True)), dtype=object)


def _parsed_columns(texts) -> tuple[np.ndarray, ...]:
    """The four columns of :func:`_parse_texts` as object arrays (``texts`` may also be
    the ``(codes, uniques)`` of :func:`_factorized`)."""
    codes, uniques = _factorized(texts)
    rows = []
    for u in uniques:  # one parse per distinct contract text, not per record
        t = _REDOUBLE_R.sub(r"\1XX", str(u).strip())
        t = _PASS_SPELLINGS.sub("Pass", t)
        try:
            c = parse_contract(t)
        except BridgestatsError:
            rows.append((None, None, None, None))
            continue
        if c.level == 0:
            rows.append(("Pass", 0, None, 0))
        else:
            name = f"{c.level}{c.strain}{'X' * c.doubled}"
            rows.append((name, c.level, c.strain, c.doubled))
    rows.append((None, None, None, None))  # the NA code -1 picks this row
    table = np.empty((len(rows), 4), dtype=object)
    table[:] = rows
    return tuple(table[codes, k] for k in range(4))


def _parsed_arrays(texts):
    """The columns of :func:`_parsed_columns`, ``level`` and ``doubled`` as int64, the mask
    of the texts that are not contracts and the strain codes of
    :func:`bridgestats.scoring.contracts._strain_codes` (-1 without a strain), each worked out once
    per distinct text: ``(contract, level, strain, doubled, na, strain_code)``."""
    codes, uniques = _factorized(texts)
    every = np.append(np.arange(len(uniques)), -1)  # each distinct text, then "missing"
    u_cleaned, u_level, u_strain, u_doubled = _parsed_columns((every, uniques))
    na = u_cleaned == None  # noqa: E711  (None exactly where the text is not a contract)
    level = np.where(na, 0, u_level).astype(np.int64)
    doubled = np.where(na, 0, u_doubled).astype(np.int64)
    strain_code = np.array([STRAINS.index(x) if x else -1 for x in u_strain], dtype=np.int64)
    return (
        u_cleaned[codes],
        level[codes],
        u_strain[codes],
        doubled[codes],
        na[codes],
        strain_code[codes],
    )


#: Largest whole number a loader reads from a file (2⁵³, exact in a float): a board number,
#: a trick count or a round beyond it ("1e400", twenty nines) is not a number, not an int64
#: wrapped around to −2⁶³.
_MAX_WHOLE = 2**53


def _to_int(values: pd.Series) -> pd.Series:
    """Integers where the text is a whole number (at most 2⁵³ in size), NA elsewhere (Int64).

    >>> _to_int(pd.Series(["10", "10.5", "x", None, 7, "1e400", "-inf"])).tolist()
    [10, <NA>, <NA>, <NA>, 7, <NA>, <NA>]
    """
    whole, bad = _whole_parts(values)
    return pd.Series(pd.arrays.IntegerArray(whole, bad), index=values.index)


def _whole_parts(values) -> tuple[np.ndarray, np.ndarray]:
    """The values and the mask of :func:`_to_int` (int64, and True where not a whole
    number), for a Series or an array.

    >>> _whole_parts(np.array([10.0, 10.5, np.nan, -3.0]))[1].tolist()
    [False, True, True, False]
    """
    codes, uniques = _factorized(values)  # once per distinct value
    whole = np.zeros(len(uniques) + 1, dtype=np.int64)
    bad = np.ones(len(uniques) + 1, dtype=bool)  # the last entry: code -1, missing
    for k, u in enumerate(uniques):
        w = _whole(u)
        if w is not None:
            whole[k], bad[k] = w, False
    return whole[codes], bad[codes]


_DIGITS = re.compile(r"[+-]?\d{1,16}")


#: A result given against the contract rather than as tricks: ``=`` (made exactly), ``+n``
#: (n overtricks), ``-n`` (n down); read as ``level + 6 + n`` tricks by every reader (PBN
#: 2.1 §5.9 writes a ScoreTable's results so; a PBN ``Result`` tag, an ACBL ``made`` or a
#: VALET trick count so written reads the same).
RELATIVE_RESULT = re.compile(r"^\s*(?:=|[+-]\d{1,2})\s*$")
#: The summary's note counting them.
RELATIVE_NOTE = "results relative to the contract (=, +n, -n), read as tricks"


def relative_results(values) -> tuple[np.ndarray, np.ndarray]:
    """Where ``values`` (a result column as printed) give a result against the contract
    (:data:`RELATIVE_RESULT`), and the offset from the contract's tricks (0 elsewhere).

    The one rule of every reader: a trick count is unsigned; a signed value or ``=`` is
    relative to the contract (:func:`finish` reads it as ``level + 6 + offset``).

    >>> where, offset = relative_results(np.array(["10", "+1", "=", "-2", None, 9, "+100"],
    ...                                           dtype=object))
    >>> where.tolist(), offset.tolist()
    ([False, True, True, True, False, False, False], [0, 1, 0, -2, 0, 0, 0])
    """
    codes, uniques = _factorized(values)
    where = np.zeros(len(uniques) + 1, dtype=bool)  # the last entry: code -1, missing
    offset = np.zeros(len(uniques) + 1, dtype=np.int64)
    for k, u in enumerate(uniques):
        if isinstance(u, str) and RELATIVE_RESULT.match(u):
            text = u.strip()
            where[k], offset[k] = True, 0 if text == "=" else int(text)
    return where[codes], offset[codes]


def _whole(value) -> int | None:
    """A whole number of at most 2⁵³ in size, else None; text other than plain digits is
    read by pandas' number rules (``"10.0"`` is 10, ``"1e400"`` and ``"-inf"`` none)."""
    if isinstance(value, str) and _DIGITS.fullmatch(value):
        w = int(value)
    else:
        num = pd.to_numeric(value, errors="coerce")
        if isinstance(num, bool | np.bool_) or not np.isfinite(num) or num != round(num):
            return None
        w = int(num)
    return w if abs(w) <= _MAX_WHOLE else None


# --------------------------------------------------------------------------- finishing


def finish(
    raw,
    *,
    files: int,
    strict: bool,
    extra_columns: Iterable[str] = (),
    printed_score=None,
    notes: dict | None = None,
    preset_reason=None,
    given_score=None,
    files_found: int | None = None,
) -> pd.DataFrame:
    """A reader's last step: normalise, score and check its raw columns; attach the summary.

    Every reader of :mod:`bridgestats.io` parses its files into raw columns, strings as
    printed and one entry per table result, and returns ``finish(raw, ...)``: the tidy
    frame of :data:`COLUMNS` with :class:`LoadSummary` in ``attrs["summary"]``. A new
    reader needs only ``raw``, ``files`` and ``strict``; the other keywords carry what some
    formats print besides the contract.

    Parameters
    ----------
    raw : DataFrame or dict of equal-length arrays
        The schema's identifying columns (``source`` and ``record`` required; any of
        ``event``, ``segment``, ``board``, ``room``, ``table``, ``pair_ns`` ... present
        are kept) plus ``contract_text`` (as printed: ``"4SX"``, ``"3NT"``, ``"Pass"``),
        ``declarer`` (``N``/``E``/``S``/``W``, any case), ``tricks`` (numbers or text; a
        signed value or ``=`` is against the contract: :func:`relative_results`, counted
        in the notes as :data:`RELATIVE_NOTE`) and ``vulnerable`` (any spelling:
        ``"Both"``, ``"NS"``, ``"-"`` ...).
    files : int, keyword-only
        Files read, for the summary.
    strict : bool, keyword-only
        Raise :class:`ParseError` on the first unscorable record (or impossible pairing)
        instead of keeping it with its ``skip_reason``.
    extra_columns : iterable of str, keyword-only
        Columns of ``raw`` kept after the schema's, under their own names (what the
        file printed: PBN ``ScoreIMP``, ACBL ``mp_ns``).
    printed_score : array_like of float, keyword-only
        The file's own North-South score (NaN where not printed): kept as
        ``score_ns_printed`` and compared with the computed score in the summary.
    notes : dict, keyword-only
        Counts of repairs the reader made (``{"vulnerability from board number": 3}``).
    preset_reason : array_like, keyword-only
        A skip reason decided by the reader (``"not played"``), NA elsewhere.
    given_score : array_like of float, keyword-only
        A North-South score the file gives for a result it prints without a contract (a
        PBN ``ScoreTable`` without a ``Contract`` column): where it is a number (and no
        preset reason) the row is scorable with that score, its contract columns stay
        missing, and it is not counted among the printed scores compared.
    files_found : int, keyword-only
        Files given or found, read or not (default ``files``), for the summary.

    Returns
    -------
    DataFrame
        One row per entry of ``raw``, the columns of :data:`COLUMNS` then
        ``extra_columns`` (and ``score_ns_printed``), its :class:`LoadSummary` in
        ``attrs["summary"]``.

    Examples
    --------
    >>> out = finish({"source": ["a.txt"] * 2, "record": [1, 2], "board": [1, 1],
    ...               "contract_text": ["4S", "3NT"], "declarer": ["n", ""],
    ...               "tricks": ["10", 7], "vulnerable": ["None", "-"]},
    ...              files=1, strict=False)
    >>> out["score_ns"].tolist(), out["skip_reason"].tolist()
    ([420.0, nan], [nan, 'no declarer'])
    >>> summary_of(out).scorable, summary_of(out).skipped
    (1, {'no declarer': 1})
    """
    if isinstance(raw, pd.DataFrame):
        n = len(raw)
        raw = {c: raw[c].to_numpy() for c in raw.columns}
    else:
        n = len(raw["source"])
    cols: dict = {c: raw[c] for c in COLUMNS if c in raw}

    if "board" in raw:
        board, no_board = _whole_parts(raw["board"])
        no_board = no_board | (board < 1)  # boards are numbered from 1
    else:
        board, no_board = np.zeros(n, dtype=np.int64), np.ones(n, dtype=bool)

    codes, uniques = _factorized(raw["contract_text"])  # once, for both uses
    given_text = [str(u).strip() not in ("", "?") for u in uniques]
    has_text = np.array([*given_text, False], dtype=bool)[codes]
    cleaned, level, strain, doubled, not_contract, strain_code = _parsed_arrays((codes, uniques))
    declarer = _by_value(raw["declarer"], _seat)
    tricks, tricks_na = _whole_parts(raw["tricks"])
    relative, offset = relative_results(raw["tricks"])  # "=", "+1", "-2": one rule
    n_relative = int((relative & ~not_contract & (cleaned != "Pass")).sum())
    if relative.any():
        tricks = np.where(relative, level + 6 + offset, tricks)
        tricks_na = np.where(relative, not_contract, tricks_na)
    vul = _by_value(raw["vulnerable"], lambda v: _VUL_NORMAL.get(str(v).strip().lower()))

    has_preset = np.zeros(n, dtype=bool)
    if preset_reason is not None:
        preset = np.asarray(preset_reason, dtype=object)
        has_preset = ~pd.isna(preset)
    is_pass = cleaned == "Pass"

    given = np.zeros(n, dtype=bool)
    if given_score is not None:
        given_values = np.asarray(given_score, dtype=float)
        given = ~np.isnan(given_values) & ~has_preset

    # the first reason that applies, as a code into `why` (0: none), then as text
    why = [None, "no board"]
    code = np.where(no_board & ~has_preset, 1, 0).astype(np.int8)
    free = ~has_preset & ~given  # a given score needs a board, nothing else

    def _set(mask, reason):
        why.append(reason)
        code[(code == 0) & mask & free] = len(why) - 1

    _set(~has_text, "no contract")
    _set(not_contract, "unknown contract")
    _set(~is_pass & (declarer == None), "no declarer")  # noqa: E711
    _set(~is_pass & tricks_na, "no result")
    _set(~is_pass & ~tricks_na & ((tricks < 0) | (tricks > 13)), "impossible result")
    _set(~is_pass & (vul == None), "no vulnerability")  # noqa: E711
    reason = np.array(why, dtype=object)[code]
    if has_preset.any():
        reason[has_preset] = preset[has_preset]
    ok = (code == 0) & ~has_preset
    score = np.full(n, np.nan)
    play = ok & ~is_pass & ~given
    if play.any():
        decl = declarer[play]
        v = vul[play]
        decl_ns = (decl == "N") | (decl == "S")
        decl_vul = np.where(decl_ns, (v == "NS") | (v == "All"), (v == "EW") | (v == "All"))
        pts = _contract_points(
            level[play],
            strain_code[play],
            doubled[play],
            tricks[play],
            decl_vul,
        )
        score[play] = np.where(decl_ns, pts, -pts)
    score[ok & is_pass & ~given] = 0.0
    if given.any():
        score[ok & given] = given_values[ok & given]

    cols["board"] = pd.arrays.IntegerArray(board, no_board)
    cols["contract"] = cleaned
    cols["level"] = pd.arrays.IntegerArray(level, not_contract)
    cols["strain"] = strain
    cols["doubled"] = pd.arrays.IntegerArray(doubled, not_contract.copy())
    cols["declarer"] = np.where(is_pass, None, declarer)
    cols["tricks"] = pd.arrays.IntegerArray(tricks, tricks_na | is_pass)
    cols["vulnerable"] = vul
    cols["score_ns"] = score
    cols["skip_reason"] = reason
    data = {c: cols[c] if c in cols else np.full(n, None, dtype=object) for c in COLUMNS}
    for col in extra_columns:
        data[col] = raw[col]
    if printed_score is not None:
        ps = np.asarray(printed_score, dtype=float)
        data["score_ns_printed"] = ps
    out = pd.DataFrame(data, index=pd.RangeIndex(n), copy=False)  # the arrays are its own

    printed = 0
    mismatches = 0
    if printed_score is not None:
        both = ok & ~given & ~np.isnan(ps)
        printed = int(both.sum())
        mismatches = int((both & (ps != score)).sum())

    notes = dict(notes or {})
    if n_relative:
        notes[RELATIVE_NOTE] = notes.get(RELATIVE_NOTE, 0) + n_relative
    _pair_checks(out, notes, strict=strict)
    skipped = Counter(reason[~ok].tolist())
    summary = LoadSummary(
        files=files,
        records=n,
        scorable=int(ok.sum()),
        skipped={str(k): int(v) for k, v in sorted(skipped.items())},
        printed_scores=printed,
        score_mismatches=mismatches,
        notes=notes,
        files_found=files if files_found is None else int(files_found),
    )
    out.attrs["summary"] = summary
    if strict and not ok.all():
        first = int(np.flatnonzero(~ok)[0])
        raise ParseError(out["source"].iat[first], out["record"].iat[first], reason[first])
    return out


_TWICE = "table results listing a pair twice on one board (duplicated lines?)"
_ITSELF = "table results where a pair plays itself (NS x v EW x in a Howell)"


def _pair_checks(out: pd.DataFrame, notes: dict, *, strict: bool) -> None:
    """Count (or under ``strict`` refuse) impossible pairings of a frame's table results.

    On one board of one section (``source``, ``event``, ``segment``), a pair plays once:
    a pair number met twice in one direction is a duplicated line (it would be credited
    with an extra board). A line ``NS x v EW x`` is a pair playing itself unless the
    section is a Mitchell (numbered by direction), which shows as some board where a
    number sits North-South on one line and East-West on another; in a Howell it cannot
    be. Rows are kept and scored; the counts go to ``notes`` (:data:`_TWICE`,
    :data:`_ITSELF`); under ``strict`` the first such row raises :class:`ParseError`.
    """
    ns, ew = out["pair_ns"].to_numpy(dtype=object), out["pair_ew"].to_numpy(dtype=object)
    has = ~pd.isna(ns) & ~pd.isna(ew) & out["board"].notna().to_numpy()
    if not has.any():
        return
    rows = np.flatnonzero(has)
    keys = ["source", "event", "segment", "board"]
    sub = pd.DataFrame(
        {k: out[k].to_numpy(dtype=object)[rows] for k in keys}
        | {"ns": [str(v).strip() for v in ns[rows]], "ew": [str(v).strip() for v in ew[rows]]}
    )
    sub[keys[:3]] = sub[keys[:3]].fillna("\x00")
    twice = np.array(
        sub.duplicated([*keys, "ns"], keep=False) | sub.duplicated([*keys, "ew"], keep=False),
        dtype=bool,
    )
    itself = np.array(sub["ns"] == sub["ew"], dtype=bool)
    if itself.any():  # a Mitchell's sections put a number on both sides on other lines
        sub["line"] = np.arange(len(sub))
        cross = sub[["line", *keys, "ns"]].merge(
            sub[["line", *keys, "ew"]], left_on=[*keys, "ns"], right_on=[*keys, "ew"]
        )
        cross = cross[cross["line_x"] != cross["line_y"]]
        mitchell = set(map(tuple, cross[keys[:3]].drop_duplicates().to_numpy().tolist()))
        section = list(map(tuple, sub[keys[:3]].to_numpy().tolist()))
        itself &= np.array([s not in mitchell for s in section], dtype=bool)
    for mask, key in ((twice, _TWICE), (itself, _ITSELF)):
        if not mask.any():
            continue
        if strict:
            first = int(rows[np.flatnonzero(mask)[0]])
            raise ParseError(out["source"].iat[first], out["record"].iat[first], key)
        notes[key] = notes.get(key, 0) + int(mask.sum())
