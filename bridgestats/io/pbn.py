"""Read PBN (Portable Bridge Notation 1.0/2.x) result files into the tidy frame.

One compiled regular expression finds every tag pair of a file; records are the runs of
tags between blank lines; columns are built with numpy from the tag arrays; the scores are
derived for the whole frame at once (see :mod:`bridgestats.io._records`). A file's
``TotalScoreTable`` (the session totals) is read by :mod:`bridgestats.io.pbn_totals`.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .._validate import check_flag
from ._pbn_tables import (
    _cell_array,
    _expand_tables,
    _in_file_order,
    _irregular,
    _side_tricks,
    _table_columns,
    _table_rows,
    _tables,
)
from ._records import (
    ParseError,
    _by_value,
    _decoding_notes,
    _expand_counted,
    _factorized,
    _line_numbers,
    _read_text,
    _vulnerable_from_board,
    _whole_parts,
    finish,
)

__all__ = ["read_pbn"]

# [Tag "value"]: PBN 2.1 §3.2; a value may hold escaped quotes (\").
_STRING_BODY = r'[^"\\\n]*(?:\\.[^"\\\n]*)*'
_TAG = re.compile(rf'\[(\w+)\s+"({_STRING_BODY})"\s*\]')
# The file's one tokeniser, a line at a time: at each line start, a blank (or
# whitespace-only) line, which separates games (PBN 2.1 §3.1); a tag pair (name, value)
# with any further tag pairs that follow it on its line (further: PBN's import format
# allows several on a line, read by _TAG); or a line that starts with "[" but is not a tag
# pair (bad: a missing closing quote, `[Board "2]`, or bracket; a malformed tag line,
# never silently passed over). Other lines (auction, play, tables, lines escaped with %)
# hold no tag.
_TOKEN = re.compile(
    rf'\n(?:[ \t]*(?=\n)|\[(?P<name>\w+)\s+"(?P<value>{_STRING_BODY})"\s*\]'
    rf'(?P<further>(?:[ \t]*\[\w+\s+"{_STRING_BODY}"\s*\])*)|(?P<bad>\[[^\n]*))'
)
# A complete tag line whose value holds unescaped quotes (`[Note "1:"cards""]`, seen in
# archive exports): read as the tag, its value running from the first quote to the last.
_INNER_QUOTES = re.compile(r'^\[(\w+)\s+"(.*)"\s*\][ \t]*$')
_BAD = "\x00malformed"  # the tag name a malformed tag line is recorded under
# Tags that open a game: met a second time in one record, they start the next game (two
# games written without the blank line between them, PBN 2.1 §3.1).
_OPENING = ("event", "board")
_SCORE_TABLE = re.compile(r'\[ScoreTable\s+"([^"\n]*)"\s*\]', re.IGNORECASE)
# A quoted string of a tag value or a table cell (PBN 2.1 §3.2: one line, \" escaped).
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')

# Tags read into the frame: tag (lower case) -> frame column.
_TAGS = {
    "event": "event",
    "site": "Site",
    "date": "Date",
    "stage": "Stage",
    "round": "Round",
    "section": "Section",
    "board": "board",
    "room": "room",
    "table": "table",
    "hometeam": "home_team",
    "visitteam": "visit_team",
    "north": "north",
    "east": "east",
    "south": "south",
    "west": "west",
    "dealer": "Dealer",
    "vulnerable": "vulnerable",
    "deal": "Deal",
    "scoring": "Scoring",
    "generator": "Generator",
    "declarer": "declarer",
    "contract": "contract_text",
    "result": "tricks",
    "score": "Score",
    "scoreimp": "ScoreIMP",
    "scoremp": "ScoreMP",
    "scorepercentage": "ScorePercentage",
}
# Tags that describe the board or the match, not one table's result: when a record omits
# one, it keeps the previous record's value (the rpbridge.net export quirk, and the
# HomeTeam/VisitTeam/Stage gaps of some archive files). Result tags never inherit.
_CONTEXT = {
    "event",
    "site",
    "date",
    "stage",
    "round",
    "section",
    "board",
    "hometeam",
    "visitteam",
    "scoring",
    "generator",
}
# Tags of the deal itself: inherited only from a record of the same board.
_BOARD_SCOPED = ("deal", "dealer", "vulnerable")
# Tags for which PBN 2.1 §4.8 forbids "#" and "##" (their values are the game's own): a
# "##" prefix is dropped but makes no header value that later games inherit.
_NO_HEADER = {"dealer", "vulnerable", "deal", "declarer", "contract", "result"}
# Tags present in a record that make it a table result (else it is a header record).
_RESULT_TAGS = ("contract", "result", "declarer", "deal", "board")
_EXTRA = (
    "irregular",
    "Site",
    "Date",
    "Stage",
    "Round",
    "Section",
    "Dealer",
    "Deal",
    "Scoring",
    "Generator",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
)
_PRINTED_SCORE = re.compile(r"^(NS|EW)?\s*([+-]?\d+)(?:\s+(?:NS|EW)\s*[+-]?\d+)?$", re.IGNORECASE)
# A Result tag given with the side that took the tricks somewhere in a file.
_SIDED = re.compile(r'\[Result\s+"\s*\^?\s*(?:NS|EW)', re.IGNORECASE)
_MISSING = "\x00"  # stands for "tag absent" while forward filling
_PATTERNS = ("*.pbn", "*.pbn.gz")  # matched whatever the case (R1.PBN, r2.Pbn.GZ)


def read_pbn(path, *, strict: bool = False) -> pd.DataFrame:
    """Read PBN files (plain or gzip) into the tidy frame, one row per table result.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        File(s) to read; a directory is searched recursively for ``*.pbn`` and
        ``*.pbn.gz`` whatever the case (``R1.PBN``, ``r2.Pbn.gz``); the summary's
        ``files_found`` counts every file it holds, read or not.
    strict : bool, optional
        Raise :class:`~bridgestats.io.ParseError` on the first record that cannot be
        scored (a malformed tag line, two games run together, an unclosed ``{`` comment,
        an adjusted score, a ``Multiplicity`` that is not a whole number) instead of
        counting it in the summary. Irregular records (``^``) are scored and do not raise.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io`, plus the printed tags ``Site``, ``Date``,
        ``Stage``, ``Round``, ``Section``, ``Dealer``, ``Deal``, ``Scoring``, ``Score``,
        ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage`` (as printed),
        ``score_ns_printed`` (the printed score from North-South's side), ``irregular``
        (bool: ``^`` before the declarer, contract or result) and, for rows expanded from
        a ``ScoreTable``, its columns under their own names (``MP_NS``,
        ``Percentage_NS``, ``IMP_NS``, ``Multiplicity``, ...).
        ``frame.attrs["summary"]`` is the :class:`~bridgestats.io.LoadSummary`.

    Notes
    -----
    * ``#`` as a tag value means "same as the previous game" (PBN 2.1 §4.8); it is
      resolved for every tag. ``##text`` means ``text``, to be used in all subsequent
      games: from there on, a game of the same file that omits the tag takes the value in
      force (the last one given; a header value can be redefined midway). The deal's and
      the result's own tags (§4.8 forbids ``#`` for them) only lose the prefix.
    * ``{comments}`` (PBN 2.1 §3.1) are removed outside quoted strings only: a brace in a
      value (``[Event "Pairs {heat 1}"]``) is text, and one opened in a value and closed
      in another swallows nothing. An opening brace never closed is left as text and
      counted in ``notes`` with its file and line; with ``strict`` it raises.
    * A tag pair starts a line or follows another tag pair on its line (the import
      format allows several on a line). A tag given twice in one record keeps its first
      value (PBN 2.1 §3.3); records where the values differ are counted in ``notes``.
    * A line that starts with ``[`` but is not a tag pair (``[Board "2]``: a missing
      closing quote or bracket) makes its record a table result skipped as
      ``"malformed tag"``, which inherits no tag (it might be the malformed one); with
      ``strict`` it raises :class:`~bridgestats.io.ParseError` naming the line. A whole
      tag line whose value holds unescaped quotes (``[Note "1:"cards""]``) is read, its
      value running to the last quote, and counted in ``notes``.
    * Two games without the blank line between them (an ``Event`` or ``Board`` tag met
      again in one record, not as a doubled line) are split at the second game's first
      tag and counted in ``notes``; with ``strict`` they raise.
    * A UTF-16 or UTF-32 file (byte-order mark or NUL bytes) raises, naming the encoding;
      ``path`` must be a path (``str`` or ``os.PathLike``) or a list of them: ``None``
      or a number raises. A ``ScoreTable`` without a row is counted in ``notes``; its
      record keeps its own result, if it printed one.
    * A record that omits a match tag (``Event``, ``Stage``, ``Round``, ``Board``,
      ``HomeTeam``, ``VisitTeam`` ...) inherits it from the previous record
      (rpbridge.net exports print only the tags that changed); ``Deal``, ``Dealer`` and
      ``Vulnerable`` are inherited only from a record of the same board. The summary's
      ``notes`` count these records. Result tags (``Contract``, ``Declarer``,
      ``Result``, ``Score``) never inherit.
    * A ``Vulnerable`` that is still empty or absent is taken from the board number
      (standard cycle) and counted in ``notes``.
    * ``Result`` is the number of tricks taken by declarer, or given with the side that
      took them (§3.4.15: ``"NS 7"``, ``"EW 10"``, ``"EW 3 NS 10"``), turned into
      declarer's tricks (the other side's k is 13 - k). A signed value or ``=`` (``"+1"``,
      ``"-2"``, ``"="``, not PBN 2.1 but written by some exports) is relative to the
      contract, as in a ``ScoreTable``: 4S with ``"+1"`` is 11 tricks (counted in
      ``notes``), never 1 trick. The irregularity marker ``^``
      (§3.4.13 ``"^S"``: declarer and dummy swapped; §3.4.15 ``"^9"``: a result that
      differs from the tricks won) is dropped, the value read and scored, and the record
      marked ``irregular`` (counted in ``notes``). The printed ``Score`` is read
      as ``"NS 420"``/``"EW 420"``; a bare number is declarer's score (all 828 bare
      scores of the archive agree with that reading).
    * ``Contract`` is read by :func:`bridgestats.scoring.parse_contract` (``3NT``, ``4Sx``,
      ``2DR``, ``Pass``, ``AP``...), and ``PAS``, ``Passe``, ``Passed`` as exports
      write a passed-out board.
    * ``TotalScoreTable`` (session totals per pair, not table results) is not part of
      this frame: :func:`~bridgestats.io.read_pbn_totals` reads it.
    * A ``ScoreTable`` (PBN 2.1 §5.9) is expanded into one row per table: its column
      specification ``Name\\widthAlign;...`` gives the column names, cells are separated by
      blanks (quoted strings may contain blanks), ``-`` and ``?`` are empty cells.
      Its lines are other tables' results: they keep the board's and the event's tags
      (``Event``, ``Site``, ``Date``, ``Stage``, ``Round``, ``Section``, ``Board``,
      ``Dealer``, ``Vulnerable``, ``Deal``, ``Scoring``), none of the record's own
      (players, room, teams, table, result, ``Score``, ``ScoreIMP``...). A line with
      ``Multiplicity`` k stands for k tables and becomes k rows (counted in ``notes``),
      so matchpoints, Butler and cross-IMPs see the whole field; when it names its pairs
      (``PairId_NS``, ``Table``, names), those are one table's: the k - 1 copies keep the
      result without them (counted in ``notes``; ``strict`` raises). ``Result`` in the
      table may be tricks (``10``) or relative to the contract (``=``, ``+1``, ``-2``).
      ``^`` before a number (§5.2, an artificial score such as ``^50``) makes the line an
      adjusted score; so does a score without a contract (``A60``, ``40%``) in a table
      with a ``Contract`` column. A table without one gives results by their score
      alone: a numeric ``Score_NS`` (or ``Score_EW``) is the line's ``score_ns`` (counted
      in ``notes``). ``Score_NS``/``Score_EW`` give ``score_ns_printed``.

    References
    ----------
    .. [1] Portable Bridge Notation, version 2.1 (Tis Veugen et al., 2007), sections 3
       (tags; 3.4.13 ``Declarer``, 3.4.15 ``Result``), 4.8 (``#`` and ``##``), 5.2
       (tables) and 5.9 (``ScoreTable``).
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com): 3NT vulnerable, 10
       tricks, +630.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "board.pbn"
    >>> _ = path.write_text('[Board "1"]\\n[Vulnerable "All"]\\n[Declarer "S"]\\n'
    ...                     '[Contract "3NT"]\\n[Result "10"]\\n\\n[Board "#"]\\n'
    ...                     '[Vulnerable "#"]\\n[Declarer "E"]\\n[Contract "4SX"]\\n'
    ...                     '[Result "9"]\\n')
    >>> read_pbn(path)[["board", "contract", "declarer", "tricks", "score_ns"]]
       board contract declarer  tricks  score_ns
    0      1       3N        S      10     630.0
    1      1      4SX        E       9     200.0
    """
    strict = check_flag(strict, "strict")
    files, found = _expand_counted(path, _PATTERNS)
    return _read(files, found, strict=strict)


def _read(files: list, found: int, *, strict: bool) -> pd.DataFrame:
    """:func:`read_pbn` of the files found."""
    raw, notes, table_columns = _build([_scan(f) for f in files], strict=strict)
    notes.update(_decoding_notes(files))
    raw["irregular"] = raw["irregular"].astype(bool)
    printed = set(table_columns)  # a set: a table may have many columns
    extra = [c for c in raw if c in _EXTRA or c in printed]
    return finish(
        raw,
        files=len(files),
        strict=strict,
        extra_columns=extra,
        printed_score=raw["score_ns_printed"].astype(float),
        notes=notes,
        preset_reason=raw["preset_reason"],
        given_score=raw["score_given"].astype(float),
        files_found=found,
    )


def _scan(file) -> dict:
    """Tokenise one file: tag names, values, record of each tag, first line of each record.

    The tags come from :func:`_tokens`, each with its blank-line block. The first line of
    each record (and of each malformed tag line) is counted from its offset by
    :func:`_line_numbers`. A record holding a second ``Event`` or ``Board`` tag is two
    games without the blank line between them: it is split at the second game's first tag
    (``splits`` counts them).
    """
    text = "\n" + _read_text(file)  # every line, the first too, starts after a newline
    unclosed = None
    if "{" in text:
        text, unclosed = _strip_comments(text)
    names, values, offset, block, inner = _tokens(text)
    if not names:
        raise ParseError(file, None, "no PBN tag pairs found")
    names, values = np.array(names, dtype=object), np.array(values, dtype=object)
    offset, block = np.array(offset, dtype=np.int64), np.array(block, dtype=np.int64)
    bad = names == _BAD  # the malformed tag lines
    split = _game_starts(block, names, values)
    starts = (np.diff(block, prepend=-1) != 0) | split  # a record's first tag
    line = np.zeros(len(names), dtype=np.int64)  # the line of each tag, where needed
    needed = starts | bad
    line[needed] = _line_numbers(text, offset[needed])
    has_table = "scoretable" in text.lower()
    return {
        "caret": "^" in text,
        "sided": _SIDED.search(text) is not None,
        "header": '"##' in text,
        "file": file,
        "names": names,
        "values": values,
        "record": np.cumsum(starts) - 1,
        "lines": line[starts],
        "split_lines": line[split],
        "bad_lines": line[bad],
        "inner_quotes": inner,
        "unclosed": unclosed,
        "text": text if has_table else None,
    }


def _tokens(text: str) -> tuple[list, list, list, list, int]:
    r"""The tag pairs of a text, in file order, from one pass of :data:`_TOKEN`.

    Returns each tag's name, value, line offset in ``text`` and blank-line block (the
    count of blank lines before it), and the count of tag lines read despite unescaped
    quotes in their value. Further tag pairs on a tag's line (read by :data:`_TAG`) share
    its offset. A malformed tag line is kept as a tag named :data:`_BAD` (its value the
    line), so its record is skipped with a reason, not read with a tag missing; a whole
    tag line whose value holds unescaped quotes (:data:`_INNER_QUOTES`) is read as its tag.

    >>> names, values, offset, block, inner = _tokens(
    ...     '\n[Board "1"][Dealer "N"]\n\n[Note "1:"x""]\n[Board "2]\n')
    >>> names, values[:3], inner
    (['Board', 'Dealer', 'Note', '\x00malformed'], ['1', 'N', '1:"x"'], 1)
    >>> offset, block
    ([0, 0, 25, 40], [0, 0, 1, 1])
    """
    names, values, offset, block = [], [], [], []
    blanks = inner = 0
    for m in _TOKEN.finditer(text):
        name, value, further, line = m.groups()
        if line is not None:  # a line starting with "[" that is no tag pair
            whole = _INNER_QUOTES.match(line)
            if whole is None:
                name, value = _BAD, line
            else:
                name, value = whole.groups()
                inner += 1
        elif name is None:  # a blank line: the next tags are another game's
            blanks += 1
            continue
        pairs = [(name, value), *_TAG.findall(further)] if further else [(name, value)]
        for name, value in pairs:
            names.append(name)
            values.append(value)
            offset.append(m.start())
            block.append(blanks)
    return names, values, offset, block, inner


def _strip_comments(text: str) -> tuple[str, int | None]:
    r"""``text`` without its ``{brace comments}``, and the line of an unclosed one (or None).

    PBN 2.1 §3.1: a comment runs from ``{`` to the next ``}`` and may span lines; a brace
    inside a quoted string (``[Event "Pairs {heat 1}"]``) is text, so the comments are
    found outside strings only (a string is one line: PBN 2.1 §3.2). Each comment becomes
    ``%`` and its lines ``%`` lines (escaped lines, never tags), so line numbers hold.
    An opening brace without a closing one is left as text: the caller reports its line
    (``text`` starts with the newline :func:`_scan` puts before the first line).

    >>> _strip_comments('\n[Event "A {x"]\n{note}[Site "y} B"]\n')
    ('\n[Event "A {x"]\n%[Site "y} B"]\n', None)
    >>> _strip_comments('\n[Board "1"]\n{ open\n[Board "2"]\n')[1]
    2
    """
    parts, pos = [], 0
    at = text.find("{")
    while at >= 0:
        line_start = max(text.rfind("\n", 0, at) + 1, pos)
        line_end = text.find("\n", at)
        inside = None
        for m in _STRING.finditer(text, line_start, len(text) if line_end < 0 else line_end):
            if m.start() >= at:
                break
            if m.end() > at:
                inside = m
                break
        if inside is not None:  # a brace in a quoted value: text
            at = text.find("{", inside.end())
            continue
        close = text.find("}", at + 1)
        if close < 0:
            parts.append(text[pos:])
            return "".join(parts), text.count("\n", 0, at)
        parts.append(text[pos:at])
        parts.append("%" + "\n%" * text.count("\n", at, close))
        pos = close + 1
        at = text.find("{", pos)
    parts.append(text[pos:])
    return "".join(parts), None


def _game_starts(block: np.ndarray, names, values: np.ndarray) -> np.ndarray:
    """Which tags open a new game inside a blank-line block (see :func:`_scan`).

    A tag of :data:`_OPENING` met when the current game already holds that tag starts the
    next game there, unless it repeats the tag just before it with the same value (a
    doubled line, which PBN 2.1 §3.3 ignores). The next game's Event may well repeat the
    first game's value, so the value alone does not decide. Files with a blank line between
    games (nearly all) are checked with one vectorised pass; only blocks holding a repeated
    opening tag are walked tag by tag. ``names`` may be given factorized.

    >>> _game_starts(np.array([0, 0, 0, 0, 0, 0, 1]),
    ...              np.array(["Event", "Board", "Board", "Contract", "Event", "Board", "Board"]),
    ...              np.array(["E", "1", "1", "4S", "E", "2", "3"])).tolist()
    [False, False, False, False, True, False, False]
    """
    split = np.zeros(block.size, dtype=bool)
    codes, uniques = _factorized(names)
    lowered = [u.lower() for u in uniques]
    opening = np.zeros(block.size, dtype=bool)
    for k, u in enumerate(lowered):
        if u in _OPENING:
            opening |= codes == k
    if not opening.any():
        return split
    low = np.array(lowered, dtype=object)[codes]
    # a block's opening tags, keyed (block, which tag): a key met twice is a repeated tag
    keys = np.sort(block[opening] * 2 + (low[opening] == "board"))
    repeated = np.unique(keys[1:][keys[1:] == keys[:-1]] // 2)
    for b in repeated:
        seen: set = set()
        previous = None
        for i in np.flatnonzero(block == b):
            here = (low[i], values[i])
            if low[i] in _OPENING and low[i] in seen and here != previous:
                split[i] = True
                seen = set()
            seen.add(low[i])
            previous = here
    return split


def _tag_frame(scans: list[dict]) -> tuple[pd.DataFrame, dict, np.ndarray]:
    """Every record of the scanned files with its tags resolved (``#`` and inheritance).

    Returns the frame (``source``, ``record`` and the columns of :data:`_TAGS`), which
    tags each record printed itself, and the index of each file's first record.
    """
    cols, present, offset, _, _ = _tag_columns(scans)
    return pd.DataFrame(cols, dtype=object), present, offset


def _tag_columns(scans: list[dict]):
    """The columns of :func:`_tag_frame` as a dict of object arrays, which tags each
    record printed itself, the index of each file's first record, the records giving a
    tag twice with different values, and each record's first malformed tag line (None
    where it has none)."""
    sizes = np.array([len(s["lines"]) for s in scans], dtype=np.int64)
    offset = np.cumsum(sizes) - sizes
    n_rec = int(sizes.sum())
    names = np.concatenate([s["names"] for s in scans])
    values = np.concatenate([s["values"] for s in scans])
    record = np.concatenate([s["record"] + o for s, o in zip(scans, offset, strict=True)])
    file_id = np.repeat(np.arange(len(scans)), sizes)
    codes, uniques = _factorized(names)
    by_tag: dict[str, list[int]] = {}  # tag (lower case) -> its codes (Board, BOARD, ...)
    for k, u in enumerate(uniques):
        by_tag.setdefault(u.lower(), []).append(k)
    header = any(s["header"] for s in scans)  # "##" values (PBN 2.1 §4.8) somewhere

    present, cols = {}, {}
    conflicting = np.zeros(n_rec, dtype=bool)  # a tag given twice with different values
    blank = np.full((len(_TAGS), n_rec), None, dtype=object)  # one allocation, a row a tag
    nowhere = np.zeros(n_rec, dtype=bool)
    for k, (tag, col) in enumerate(_TAGS.items()):
        arr = blank[k]
        hit = by_tag.get(tag)
        if hit is None:  # a tag no record gives: absent everywhere, nothing to resolve
            present[tag] = nowhere
            cols[col] = arr
            continue
        sel = codes == hit[0] if len(hit) == 1 else np.isin(codes, hit)
        idx = np.flatnonzero(sel)[::-1]  # reversed: the first repeat wins
        arr[record[idx]] = values[idx]
        conflicting[record[idx][values[idx] != arr[record[idx]]]] = True
        present[tag] = arr != None  # noqa: E711
        if header:
            arr = _header_values(arr, tag, file_id)
        cols[col] = _resolve(arr, inherit=tag in _CONTEXT, within=file_id)
    # a deal's own tags inherit only within the same board (a record of another board
    # that omits Deal has no deal, not the previous board's)
    board = cols["board"]
    missing = board == None  # noqa: E711  (tag values are text or None)
    # a new run where the board differs from the previous record's (a missing one differs
    # from everything, as in pandas' comparisons) or a new file begins
    new_board = np.ones(n_rec, dtype=bool)
    new_board[1:] = (board[1:] != board[:-1]) | missing[1:] | missing[:-1]
    new_board[1:] |= file_id[1:] != file_id[:-1]
    run = np.cumsum(new_board)
    for tag in _BOARD_SCOPED:
        col = _TAGS[tag]
        if present[tag] is nowhere:  # no record gives it: nothing to inherit
            continue
        first = _resolve(np.where(present[tag], cols[col], None), inherit=False, within=file_id)
        cols[col] = _resolve(first, inherit=True, within=run)
    malformed = np.full(n_rec, None, dtype=object)
    idx = np.flatnonzero(names == _BAD)[::-1]  # reversed: a record's first one wins
    malformed[record[idx]] = values[idx]
    head = {
        "source": np.array([s["file"].name for s in scans], dtype=object)[file_id],
        "record": np.concatenate([s["lines"] for s in scans]),
    }
    return head | cols, present, offset, conflicting, malformed


def _build(scans: list[dict], *, strict: bool = False) -> tuple[dict, dict, list]:
    """Raw columns for all scanned files (one pass over all their tags) as a dict of
    arrays, the notes, and the names of the score tables' own columns.

    A record holding a malformed tag line is a table result skipped as "malformed tag"
    (whatever else it holds); under ``strict`` the first malformed line, or the first game
    begun without a blank line before it, raises :class:`ParseError` instead.
    """
    if strict:
        _check_strict(scans)
    frame, present, offset, conflicting, malformed = _tag_columns(scans)
    n_rec = frame["record"].size
    malformed = malformed != None  # noqa: E711
    is_result = malformed.copy()
    for tag in _RESULT_TAGS:
        is_result |= present[tag]
    inherited = np.zeros(n_rec, dtype=bool)
    any_malformed = malformed.any()
    for tag in (*_CONTEXT, *_BOARD_SCOPED):
        if not present[tag].any():  # no record gives it: absent everywhere, none inherit
            continue
        inherited |= ~present[tag] & (frame[_TAGS[tag]] != None)  # noqa: E711
        if any_malformed:  # a malformed record inherits nothing: its tag may be the bad one
            frame[_TAGS[tag]] = np.where(malformed & ~present[tag], None, frame[_TAGS[tag]])
    inherited &= ~malformed

    stage = frame["Stage"]
    frame["segment"] = np.where(stage != None, stage, frame["Round"])  # noqa: E711
    if present["room"].any():  # "Open", "c", ... as "open" or "closed"
        frame["room"] = _by_value(frame["room"], _room_name)
    irregular = np.zeros(n_rec, dtype=bool)
    caret = any(s["caret"] for s in scans)  # a file without "^" needs no search for one
    for col in ("declarer", "tricks", "contract_text") if caret else ():  # "^S", "^9" (§3.4)
        frame[col], marked = _irregular(frame[col])
        irregular |= marked
    frame["irregular"] = irregular
    declarer = frame["declarer"]
    if caret or any(s["sided"] for s in scans):
        frame["tricks"] = _side_tricks(frame["tricks"], declarer)
    # "+1", "-2", "=": against the contract, as in a ScoreTable (§5.9), read by finish's
    # one rule for every reader (bridgestats.io._records.relative_results)
    frame["score_given"] = np.full(n_rec, np.nan)
    frame["score_ns_printed"] = _printed_score(frame["Score"], declarer)
    frame["preset_reason"] = np.where(malformed, "malformed tag", None)

    notes = {}
    for s in scans:
        if s["unclosed"] is not None:
            key = f"unclosed {{ comment (no closing brace), the rest read: {s['file']} line"
            notes[f"{key} {s['unclosed']}"] = 1
    inner = sum(s["inner_quotes"] for s in scans)
    if inner:
        notes["tag values holding unescaped quotes, read to the last quote"] = inner
    splits = sum(len(s["split_lines"]) for s in scans)
    if splits:
        notes["games begun without a blank line before them, split at their first tag"] = splits
    if conflicting.any():  # PBN 2.1 §3.3: a tag that already occurred is ignored
        key = "records giving a tag twice with different values: first kept (blank line missing?)"
        notes[key] = int(conflicting.sum())
    vul_empty = _by_value(frame["vulnerable"], lambda v: not str(v).strip(), missing=True)
    empty = np.flatnonzero(vul_empty.astype(bool))
    if empty.size:  # a Vulnerable still empty or absent: from the board number, if whole
        board_num, no_num = _whole_parts(frame["board"][empty])
        fix = ~no_num & (board_num >= 1)
        if fix.any():
            vul = frame["vulnerable"].copy()
            vul[empty[fix]] = _vulnerable_from_board(board_num[fix])
            frame["vulnerable"] = vul
            notes["vulnerable taken from the board number"] = int(fix.sum())

    tables = []
    empty_tables = 0
    has_table = np.zeros(n_rec, dtype=bool)
    own_result = present["contract"] | present["result"] | present["declarer"]
    specs: dict[str, list[str]] = {}  # a column spec is parsed once (most boards share one)
    unknown = False  # a "?" (an unknown element) in some table
    for s, o in zip(scans, offset, strict=True):
        found = _tables(s["text"], _SCORE_TABLE)  # one per board
        at = np.searchsorted(s["lines"], [line for _, _, line in found], side="right")
        for (spec, body, line), k in zip(found, at.tolist(), strict=True):
            rec = int(o + k - 1)
            names = specs.get(spec)
            if names is None:
                names = specs[spec] = _table_columns(s["file"], "ScoreTable", spec, line)
            rows, lines = _table_rows(s["file"], "ScoreTable", len(names), body, line)
            unknown = unknown or "?" in body
            if len(rows) == 0:  # an empty table: the record keeps its own result, if any
                empty_tables += 1
                has_table[rec] = not own_result[rec]
                continue
            has_table[rec] = True  # the table lists the record's own result among the rest
            if tables and tables[-1][0] is s["file"] and tables[-1][1] is names:
                group = tables[-1]  # the same file and columns as the table before: one block
                group[2].extend(rows)
                group[3].extend(lines)
                group[4].extend([rec] * len(rows))
            else:
                tables.append([s["file"], names, rows, lines, [rec] * len(rows)])
    tables = [
        (file, names, _cell_array(rows, len(names)), lines, np.array(recs, dtype=np.int64))
        for file, names, rows, lines, recs in tables
    ]
    expanded, table_columns = None, []
    if tables:
        expanded, table_columns = _expand_tables(
            tables, frame, strict=strict, notes=notes, caret=caret, unknown=unknown
        )
    if empty_tables:
        notes["ScoreTables without a row (no table results for their board)"] = empty_tables
    header = ~is_result & ~has_table
    if header.any():
        notes["records without board or result (headers), not table results"] = int(header.sum())
    if inherited[is_result].any():
        notes["records that inherited board or match tags"] = int(inherited[is_result].sum())
    keep = is_result & ~has_table
    if not keep.all():
        frame = {c: v[keep] for c, v in frame.items()}
    if frame["irregular"].any():
        key = "records marked irregular (^ before the declarer or the result), value kept"
        notes[key] = int(frame["irregular"].sum())
    if expanded is not None:
        order = {s["file"].name: i for i, s in enumerate(scans)}
        frame = _in_file_order(frame, expanded, order)
    return frame, notes, table_columns


def _check_strict(scans: list[dict]) -> None:
    """Raise on the first malformed tag line, game without a blank line before it, or
    unclosed ``{`` comment."""
    for s in scans:
        found = [(int(line), "bad") for line in s["bad_lines"][:1]]
        found += [(int(line), "split") for line in s["split_lines"][:1]]
        if s["unclosed"] is not None:
            found.append((s["unclosed"], "unclosed"))
        if not found:
            continue
        line, kind = min(found)
        if kind == "unclosed":
            reason = "a { comment is never closed (no } after it)"
        elif kind == "bad":
            text = s["values"][s["names"] == _BAD][0]
            shown = text if len(text) <= 40 else text[:37] + "..."
            reason = f"malformed tag line {shown!r} (a missing closing quote or bracket?)"
        else:
            reason = "a game begins without the blank line before it (a second Board or Event)"
        raise ParseError(s["file"], line, reason)


def _header_values(arr: np.ndarray, tag: str, file_id: np.ndarray) -> np.ndarray:
    """Resolve the ``##`` prefix of one tag's values (PBN 2.1 §4.8).

    ``"##text"`` gives the value ``text`` and says "use this text in all subsequent games":
    from that game on, a game of the same file that omits the tag takes the value in force
    (the last one given, with ``##`` or without: a header value may be redefined midway).
    Absent values to inherit are returned as ``"#"``, which :func:`_resolve` copies from
    the previous game. The tags for which the standard forbids ``#`` and ``##`` (the deal's
    and the result's own tags, :data:`_NO_HEADER`) only lose the prefix.

    >>> arr = np.array(["##OKbridge", None, "Club", None, None], dtype=object)
    >>> _header_values(arr, "event", np.array([0, 0, 0, 0, 1])).tolist()
    ['OKbridge', '#', 'Club', '#', None]
    """
    text = pd.Series(arr, dtype=object)
    header = text.str.startswith("##", na=False).to_numpy()
    if not header.any():
        return arr
    arr = arr.copy()
    arr[header] = text[header].str[2:].to_numpy()
    if tag in _NO_HEADER:
        return arr
    # games at or after a ## of their own file inherit the tag when they omit it
    after = pd.Series(header).groupby(file_id).cummax().to_numpy()
    arr[after & (arr == None)] = "#"  # noqa: E711
    return arr


def _resolve(arr: np.ndarray, *, inherit: bool, within):
    """Resolve "#" (and, when ``inherit``, an absent tag) from the previous record.

    ``within`` (run labels, e.g. the file) limits it to records with the same label.
    """
    hashed = arr == "#"
    absent = arr == None  # noqa: E711
    carry = hashed | absent if inherit else hashed
    if not carry.any():
        return arr
    if not inherit:  # an absent tag must stay absent, and a later "#" copies that absence
        arr = np.where(absent, _MISSING, arr)
    # forward fill within runs of equal labels (runs are contiguous: files, boards): each
    # record takes the last record before it that carries a value, if in its own run
    within = np.asarray(within)
    idx = np.arange(arr.size)
    last = np.maximum.accumulate(np.where(carry, -1, idx))
    same = (last >= 0) & (within[np.maximum(last, 0)] == within)
    filled = np.where(same, arr[np.maximum(last, 0)], None)
    filled[filled == _MISSING] = None
    return filled


def _room_name(value) -> str | None:
    """``open`` or ``closed`` from a printed ``Room`` (``Open``, ``c``, ...), else None."""
    low = str(value).strip().lower()
    return "open" if low.startswith("o") else "closed" if low.startswith("c") else None


def _printed_score(values, declarer) -> np.ndarray:
    """The printed ``Score`` tag as a North-South score.

    ``"NS 420"`` is 420 and ``"EW 420"`` is -420; a bare number is declarer's score
    (so ``"+110"`` with East declaring is -110 for North-South). The archive bears this
    out: of its 828 bare scores, all 828 agree with the contract's score read from
    declarer's side, only 406 when read from North-South's.

    Both sides may be given (PBN 2.1 §4.2.1, ``"NS 420 EW -420"``): the first is read.

    >>> _printed_score(pd.Series(["NS 420", "EW 420", "+110", None, "NS -50", "EW 50 NS -50"]),
    ...                pd.Series(["N", "W", "E", "S", "N", "N"])).tolist()
    [420.0, -420.0, -110.0, nan, -50.0, -50.0]
    """

    def parse(value):  # (side, points): side "NS", "EW" or "" (declarer's)
        m = _PRINTED_SCORE.match(str(value).strip())
        return ("", np.nan) if m is None else ((m.group(1) or "").upper(), float(m.group(2)))

    if pd.isna(np.asarray(values, dtype=object)).all():  # no record prints a Score
        return np.full(len(values), np.nan)
    codes, uniques = _factorized(values)
    parsed = [parse(u) for u in uniques] + [("", np.nan)]  # the last: code -1, missing
    side = np.array([p[0] for p in parsed], dtype=object)[codes]
    num = np.array([p[1] for p in parsed], dtype=float)[codes]
    decl_ew = _by_value(declarer, lambda d: d in ("E", "W", "e", "w"), missing=False)
    ew = (side == "EW") | ((side == "") & decl_ew.astype(bool))
    return num * np.where(ew, -1.0, 1.0)
