"""Read a Bridgemate scoring database (``.BWS``): the results the table devices sent, the
movement and the players.

A ``.BWS`` file is a Microsoft Access (Jet 4) database that the club's scoring program
writes before the session (the movement, the player database) and the Bridgemate server
fills while it is played (each result as the table's device sent it) [1]_. Three of its
tables are read:

- ``ReceivedData``: one row per result entered (section, table, round, board, the two
  pairs, declarer's seat ``NS/EW``, ``Contract`` such as ``4 S x`` or ``PASS``,
  ``Result`` as ``=``, ``+2`` or ``-1`` against the contract, ``LeadCard``, ``Remarks``,
  ``Erased``). A result erased at the table (``Erased`` true: corrected, or entered on a
  wrong board) is left out and counted in the load summary;
- ``RoundData``: the movement, one row per section, table and round (the pairs North-South
  and East-West and the boards ``LowBoard``-``HighBoard``): :func:`read_bws_movement`;
- ``PlayerNumbers``: the player numbers and names entered at each table and seat, from a
  round on (round 0: the start): :func:`read_bws_players`, each tied to its pair through
  the movement.

``Section`` gives each section's letter, ``Session`` the event's name and date. A BWS holds
no vulnerability, no deal and no score: vulnerability comes from the hand record when one
is given (``hands=``, a PBN of the session's deals), else from the board number by the
standard cycle (Law 2), and the summary says which.

Which Access reader, and why
----------------------------
PyPI's ``access-parser`` (Claroty, Apache-2.0; 0.0.6, January 2025): pure Python on
``construct``, so ``pip install bridgestats`` reads a BWS on any machine, and a folder of
sessions is read in one process without a program started per table. Debian's
``mdbtools`` (``mdb-export``) is the older and more widely used reader, but it is a C
program outside PyPI: every user and CI would need a system package and a subprocess per
table. Both read the archive's session alike: 297 ``ReceivedData`` rows, field for field
(``tests/io/test_io_bws.py`` compares them where ``mdb-export`` is installed).
``access-parser`` 0.0.6 reads the ``MSysObjects`` properties of every table at opening,
for the formats of money columns, and logs an error for each property chunk it cannot
read (some 40 for a Bridgemate file); a BWS has no money column, so this reader skips that
step rather than silence the library's logger, which would change
the process's logging for everyone.

References
----------
.. [1] Bridge Systems BV, "Bridgemate developer's guide" (document revision 49, 2018):
   the tables ``Session``, ``Section``, ``RoundData``, ``ReceivedData`` and
   ``PlayerNumbers`` and their fields.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_flag, fail
from ._records import (
    ParseError,
    _expand,
    _max_file_bytes,
    _parse_texts,
    _vulnerable_from_board,
    finish,
)

__all__ = ["read_bws", "read_bws_movement", "read_bws_players"]

_PATTERNS = ("*.bws",)

#: The first bytes of an Access database: a page header, then the engine's name [1].
_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")

#: Texts of a board not played or scored by the director, in ``Contract`` or ``Remarks``.
_NOT_PLAYED = re.compile(r"not\s*played|no\s*play|^\s*np\s*$", re.IGNORECASE)
_ARBITRAL = re.compile(r"arbitral|adjust|average|^\s*av[e+-]", re.IGNORECASE)

_ERASED = "results erased at the table (Erased), left out"
_VUL_BOARD = "vulnerability from the board number (a BWS holds none)"
_VUL_HANDS = "vulnerability from the hand record"
_VUL_DIFFER = "boards whose hand record's vulnerability is not the board number's"
_NO_HANDS = "boards not in the hand record"
_OFF_MOVEMENT = "results whose pairs or board are not the movement's for their table and round"
_NO_MOVEMENT = "files without a movement (RoundData): players not tied to pairs"


def _bws_header(path: Path) -> str | None:
    """``None`` when ``path`` starts like an Access database, else why not (for
    :class:`~bridgestats.io.Reader`'s ``sniff``)."""
    try:
        with open(path, "rb") as f:
            head = f.read(32)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if any(head[4:].startswith(m) for m in _MAGIC):
        return None
    return "not an Access database: no 'Standard Jet DB' header"


def _database(file):
    """The opened database of ``file``: its size and header checked first, and anything
    the Access reader raises on a damaged file turned into a :class:`ParseError` naming
    the file."""
    path = file.path
    try:
        if not path.is_file():
            raise ParseError(file, None, "not a regular file (a device, a pipe or a folder)")
        size = path.stat().st_size
    except OSError as exc:
        raise ParseError(file, None, f"cannot be read ({exc.strerror or exc})") from exc
    limit = _max_file_bytes()
    if size > limit:
        raise ParseError(
            file,
            None,
            f"larger than the limit of {limit >> 20} MB (BRIDGESTATS_MAX_FILE_MB sets another)",
        )
    why = _bws_header(path)
    if why is not None:
        raise ParseError(file, None, why)
    try:
        return _access_database(str(path))
    except Exception as exc:  # a third-party parser of a stranger's file: any failure
        raise ParseError(file, None, f"not a readable Access database ({_said(exc)})") from None


def _said(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text[:120]}" if text else type(exc).__name__


def _access_database(path: str):
    """The database at ``path``, opened by ``access_parser`` (imported at the first BWS
    read) without the ``MSysObjects`` properties: money formats, none in a BWS, whose
    reading logs an error per property chunk that version 0.0.6 cannot read."""
    from access_parser import AccessParser

    class Database(AccessParser):
        def parse_msys_table(self):
            return {}

    return Database(path)


def _table(db, file, name: str, *, required: bool = False) -> pd.DataFrame | None:
    """One table of the database as a frame of its columns (empty table: no rows);
    ``None`` when the database has no such table (an error when ``required``)."""
    if name not in db.catalog:
        if required:
            found = ", ".join(sorted(t for t in db.catalog if not t.startswith("MSys")))
            raise ParseError(
                file, None, f"no {name} table: not a Bridgemate scoring database (tables: {found})"
            )
        return None
    try:
        columns = db.parse_table(name)
    except Exception as exc:  # a damaged page of a stranger's file
        raise ParseError(file, None, f"table {name} cannot be read ({_said(exc)})") from None
    data = {str(k): list(v) if not isinstance(v, str) else [] for k, v in columns.items()}
    lengths = {len(v) for v in data.values()}
    if len(lengths) > 1:
        raise ParseError(file, None, f"table {name}: its columns hold different numbers of rows")
    return pd.DataFrame(data)


def _need(frame: pd.DataFrame, file, name: str, columns) -> None:
    missing = [c for c in columns if c not in frame]
    if missing:
        raise ParseError(file, None, f"table {name} has no column {', '.join(missing)}")


def _whole(values: pd.Series) -> pd.Series:
    """Whole numbers of a database column (Int64), missing where not one."""
    return pd.to_numeric(values, errors="coerce").round().astype("Int64")


def _text(values: pd.Series) -> pd.Series:
    """A text column stripped (Access pads fixed-width text), missing where empty."""
    out = values.map(lambda v: v.strip() if isinstance(v, str) else v)
    return out.where(out.map(lambda v: isinstance(v, str) and v != ""), None)


def _sections(db, file) -> dict:
    """Section id -> its letter (``Section.Letter``), the id as text where none."""
    section = _table(db, file, "Section")
    if section is None or "ID" not in section or "Letter" not in section:
        return {}
    letters = _text(section["Letter"])
    pairs = zip(_whole(section["ID"]), letters, strict=True)
    return {int(i): str(letter) for i, letter in pairs if i is not pd.NA and letter is not None}


def _session(db, file) -> tuple[str | None, str | None]:
    """The session's name and date (``Session.Name``, ``Session.Date`` as YYYY-MM-DD)."""
    session = _table(db, file, "Session")
    if session is None or len(session) == 0:
        return None, None
    name = _text(session["Name"]).iat[0] if "Name" in session else None
    date = None
    if "Date" in session and isinstance(session["Date"].iat[0], str):
        date = session["Date"].iat[0].strip()[:10] or None
    return name, date


def _movement(db, file, sections: dict) -> pd.DataFrame | None:
    rounds = _table(db, file, "RoundData")
    if rounds is None:
        return None
    wanted = ["Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"]
    _need(rounds, file, "RoundData", wanted)
    out = pd.DataFrame({c: _whole(rounds[c]) for c in wanted})
    out.columns = ["section_id", "table", "round", "pair_ns", "pair_ew", "low_board", "high_board"]
    out.insert(0, "section", out["section_id"].map(lambda i: sections.get(i, str(i))))
    return out


def _players(db, file, movement: pd.DataFrame | None, sections: dict) -> pd.DataFrame | None:
    numbers = _table(db, file, "PlayerNumbers")
    if numbers is None:
        return None
    _need(numbers, file, "PlayerNumbers", ["Section", "Table", "Round", "Direction", "Number"])
    out = pd.DataFrame(
        {
            "section_id": _whole(numbers["Section"]),
            "table": _whole(numbers["Table"]),
            "round": _whole(numbers["Round"]),
            "direction": _text(numbers["Direction"]).str.upper(),
            "number": _text(numbers["Number"].astype(str)),
            "name": _text(numbers["Name"]) if "Name" in numbers else None,
        }
    )
    out.insert(0, "section", out["section_id"].map(lambda i: sections.get(i, str(i))))
    out["pair"] = None
    if movement is not None and len(out):
        # the pair in that seat: the movement's at that table in that round (round 0, the
        # start, is the first round)
        at = out.assign(round=out["round"].clip(lower=1))
        seated = at.merge(movement, on=["section_id", "table", "round"], how="left")
        ns = seated["direction"].isin(["N", "S"]).to_numpy()
        pair = np.where(ns, seated["pair_ns"].astype(object), seated["pair_ew"].astype(object))
        out["pair"] = [None if p is None or p is pd.NA else str(int(p)) for p in pair]
    return out


def _open(path):
    """Each BWS file of ``path`` with its database, sections, movement and players."""
    out = []
    for file in _expand(path, _PATTERNS):
        db = _database(file)
        sections = _sections(db, file)
        movement = _movement(db, file, sections)
        players = _players(db, file, movement, sections)
        out.append((file, db, sections, movement, players))
    return out


def read_bws_movement(path) -> pd.DataFrame:
    """The movement of Bridgemate ``.BWS`` files (``RoundData``): who plays where and what.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        ``*.bws`` file(s); a directory is searched recursively.

    Returns
    -------
    pandas.DataFrame
        One row per section, table and round: ``source``, ``section`` (its letter),
        ``table``, ``round``, ``pair_ns``, ``pair_ew`` (pair numbers), ``low_board`` and
        ``high_board`` (the boards played there in that round). A file without
        ``RoundData`` gives no rows.

    Examples
    --------
    >>> read_bws_movement("session.xls")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: path: must be an existing file or folder; got session.xls
    """
    parts = []
    for file, _db, _sections, movement, _players in _open(path):
        if movement is not None:
            parts.append(movement.drop(columns="section_id").assign(source=file.name))
    columns = [
        "source",
        "section",
        "table",
        "round",
        "pair_ns",
        "pair_ew",
        "low_board",
        "high_board",
    ]
    if not parts:
        return pd.DataFrame(columns=columns)
    return pd.concat(parts, ignore_index=True)[columns]


def read_bws_players(path) -> pd.DataFrame:
    """The players of Bridgemate ``.BWS`` files (``PlayerNumbers``), tied to their pairs.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        ``*.bws`` file(s); a directory is searched recursively.

    Returns
    -------
    pandas.DataFrame
        One row per player entered: ``source``, ``section`` (its letter), ``table``,
        ``round`` (from which round on; 0 is the start of the session), ``direction``
        (``N``, ``E``, ``S``, ``W``), ``number`` (the player number as entered, text),
        ``name`` (stripped; missing where the club's database had none) and ``pair`` (the
        pair that sat there in that round, by the movement: ``RoundData``'s ``NSPair``
        for North and South, ``EWPair`` for East and West; missing without a movement).

    Examples
    --------
    >>> read_bws_players([])
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: path: must be a file, a folder or a list of them \
(str or os.PathLike); got [] (none)
    """
    parts = []
    for file, _db, _sections, _movement, players in _open(path):
        if players is not None:
            parts.append(players.drop(columns="section_id").assign(source=file.name))
    columns = ["source", "section", "table", "round", "direction", "number", "name", "pair"]
    if not parts:
        return pd.DataFrame(columns=columns)
    return pd.concat(parts, ignore_index=True)[columns]


def read_bws(path, *, hands=None, strict: bool = False) -> pd.DataFrame:
    """Read Bridgemate ``.BWS`` files into the tidy frame, one row per result entered.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        ``*.bws`` file(s) (an Access database, see the module's introduction); a directory
        is searched recursively for ``*.bws``.
    hands : str, Path or None, keyword-only
        The session's hand record (a PBN of its deals, results or none): each board's
        ``Vulnerable``, ``Dealer`` and ``Deal`` are taken from it. ``None``: vulnerability
        and dealer from the board number by the standard cycle (Law 2), said in the
        summary's notes.
    strict : bool, keyword-only
        Raise on the first result that cannot be scored.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io`, ``record`` being the result's
        ``ReceivedData`` ``ID``; ``event`` is the session's name, ``segment`` the section's
        letter, ``table``, ``pair_ns`` and ``pair_ew`` as entered, ``north`` ... ``west``
        the players' names (their number where the club's database gave no name; missing
        where none was entered). Then ``round``, ``lead`` (the lead card where entered),
        ``Remarks``, ``Date`` (the session's, YYYY-MM-DD), ``Dealer`` and, with a hand
        record, ``Deal``. ``frame.attrs["summary"]`` is the
        :class:`~bridgestats.io.LoadSummary`; its notes count the erased results left out,
        where the vulnerability came from, and results off the movement.

    Notes
    -----
    ``Result`` is read against the contract by the one rule of every reader
    (:func:`~bridgestats.io.finish`): ``=`` is level + 6 tricks, ``+n`` level + 6 + n,
    ``-n`` level + 6 − n (counted in the notes); an empty one is no result. ``PASS`` is a
    passed-out board. A
    ``Contract`` or ``Remarks`` saying the board was not played is skipped as ``"not
    played"``, one naming an arbitral or average score as ``"adjusted score"``.

    Examples
    --------
    >>> read_bws("session.xls")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: path: must be an existing file or folder; got session.xls
    """
    strict = check_flag(strict, "strict")
    boards = _hand_record(hands)
    parts, notes = [], {}
    for file, db, sections, movement, players in _open(path):
        received = _table(db, file, "ReceivedData", required=True)
        _need(
            received,
            file,
            "ReceivedData",
            [
                "ID",
                "Section",
                "Table",
                "Round",
                "Board",
                "PairNS",
                "PairEW",
                "NS/EW",
                "Contract",
                "Result",
            ],
        )
        if "Erased" in received:
            erased = received["Erased"].map(lambda v: v is True or v == 1).to_numpy(dtype=bool)
            if erased.any():
                notes[_ERASED] = notes.get(_ERASED, 0) + int(erased.sum())
            received = received[~erased].reset_index(drop=True)
        event, date = _session(db, file)
        part = _results(received, file, sections, event, date)
        _check_movement(part, movement, notes)
        _name_players(part, players, movement, notes)
        parts.append(part)
    raw = pd.concat(parts, ignore_index=True)
    _vulnerability(raw, boards, notes)
    preset = raw.pop("preset_reason")
    return finish(
        raw,
        files=len(parts),
        strict=strict,
        extra_columns=[
            c for c in ("round", "lead", "Remarks", "Date", "Dealer", "Deal") if c in raw
        ],
        notes=notes,
        preset_reason=preset,
    )


def _results(received, file, sections, event, date) -> pd.DataFrame:
    """The raw columns of one file's results (see :func:`read_bws`)."""
    section_id = _whole(received["Section"])
    contract = _text(received["Contract"].astype(object))
    result = received["Result"].map(lambda v: v if isinstance(v, str) else "")
    remarks = (
        _text(received["Remarks"]) if "Remarks" in received else pd.Series(None, received.index)
    )
    level = _parse_texts(contract)["level"]
    said = contract.fillna("") + " " + remarks.fillna("")
    preset = np.where(
        said.str.contains(_NOT_PLAYED),
        "not played",
        np.where(level.isna() & said.str.contains(_ARBITRAL), "adjusted score", None),
    )
    out = pd.DataFrame(
        {
            "source": file.name,
            "record": _whole(received["ID"]),
            "event": event,
            "segment": section_id.map(lambda i: sections.get(i, "" if i is pd.NA else str(i))),
            "section_id": section_id,
            "board": _whole(received["Board"]),
            "table": _whole(received["Table"]).astype(str).replace("<NA>", None),
            "round": _whole(received["Round"]),
            "pair_ns": _whole(received["PairNS"]).astype(str).replace("<NA>", None),
            "pair_ew": _whole(received["PairEW"]).astype(str).replace("<NA>", None),
            "contract_text": contract,
            "declarer": _text(received["NS/EW"].astype(object)),
            "tricks": result,  # "=", "+2", "-1": against the contract, finish's one rule
            "lead": _text(received["LeadCard"]) if "LeadCard" in received else None,
            "Remarks": remarks,
            "Date": date,
            "preset_reason": preset,
        }
    )
    return out


def _check_movement(part: pd.DataFrame, movement, notes: dict) -> None:
    """Count results whose pairs or board differ from the movement at their table and round."""
    if movement is None:
        return
    table = pd.to_numeric(part["table"], errors="coerce").astype("Int64")
    keyed = pd.DataFrame(
        {"section_id": part["section_id"], "table": table, "round": part["round"]}
    ).merge(movement, on=["section_id", "table", "round"], how="left")
    board = part["board"].to_numpy(dtype=float, na_value=np.nan)
    low = keyed["low_board"].to_numpy(dtype=float, na_value=np.nan)
    high = keyed["high_board"].to_numpy(dtype=float, na_value=np.nan)
    same_ns = part["pair_ns"].to_numpy(dtype=object) == keyed["pair_ns"].astype(str).to_numpy()
    same_ew = part["pair_ew"].to_numpy(dtype=object) == keyed["pair_ew"].astype(str).to_numpy()
    with np.errstate(invalid="ignore"):
        inside = (board >= low) & (board <= high)
    off = int((~(same_ns & same_ew & inside)).sum())
    if off:
        notes[_OFF_MOVEMENT] = notes.get(_OFF_MOVEMENT, 0) + off


def _name_players(part: pd.DataFrame, players, movement, notes: dict) -> None:
    """``north`` ... ``west`` of each result: the players of its pairs, each seat's the
    latest entered at or before its round (the name, else the number)."""
    for seat in ("north", "east", "south", "west"):
        part[seat] = None
    if players is None or len(players) == 0:
        return
    if movement is None:  # no movement: a seat cannot be tied to a pair
        notes[_NO_MOVEMENT] = notes.get(_NO_MOVEMENT, 0) + 1
        return
    same = movement["pair_ns"] == movement["pair_ew"]
    movement_sections = movement.loc[same.fillna(False).astype(bool), "section_id"].unique()
    known = players.dropna(subset=["pair"]).copy()
    # a Mitchell numbers each direction apart (NS 8 and EW 8 are two pairs): its pairs
    # are told apart by direction; a Howell's pair keeps its number both ways
    apart = set(movement_sections)
    known["side"] = np.where(
        known["section_id"].isin(apart) & known["direction"].isin(["E", "W"]), "EW", ""
    )
    known.loc[known["section_id"].isin(apart) & known["direction"].isin(["N", "S"]), "side"] = "NS"
    known["who"] = known["name"].where(known["name"].notna(), known["number"])
    # the first and second player of a pair: North or East, South or West
    known["slot"] = known["direction"].map({"N": 0, "E": 0, "S": 1, "W": 1})
    known["since"] = known["round"].fillna(0).astype(int)
    known = known.sort_values("since", kind="stable")
    entries: dict = {}
    for row in known.itertuples(index=False):
        key = (row.section_id, row.side, row.pair, row.slot)
        entries.setdefault(key, []).append((row.since, row.who))
    rounds = part["round"].fillna(0).astype(int).to_numpy()
    for side, seats in (("NS", ("north", "south")), ("EW", ("east", "west"))):
        pairs = part[f"pair_{side.lower()}"]
        for slot, seat in enumerate(seats):
            names = []
            for sec, pair, rnd in zip(part["section_id"], pairs, rounds, strict=True):
                key = (sec, side if sec in apart else "", pair, slot)
                here = [w for f, w in entries.get(key, ()) if f <= rnd]
                names.append(here[-1] if here else None)
            part[seat] = names


def _hand_record(hands) -> dict | None:
    """Board -> (vulnerable, dealer, deal) of the hand record ``hands`` (a PBN), or None."""
    if hands is None:
        return None
    from .pbn import read_pbn

    deals = read_pbn(hands)
    has = deals["board"].notna()
    if "Deal" in deals:
        has &= deals["Deal"].notna() | deals["vulnerable"].notna()
    if not has.any():
        raise fail(
            "hands", "a PBN hand record holding the session's deals (none found)", str(hands)
        )
    out = {}
    for row in deals.dropna(subset=["board"]).itertuples(index=False):
        b = int(row.board)
        if b not in out:
            out[b] = (row.vulnerable, getattr(row, "Dealer", None), getattr(row, "Deal", None))
    return out


def _vulnerability(raw: pd.DataFrame, boards: dict | None, notes: dict) -> None:
    """``vulnerable``, ``Dealer`` (and ``Deal``) of each result: the hand record's where it
    holds the board, else the board number's; counted in ``notes``."""
    board = raw["board"]
    known = board.notna().to_numpy()
    vul = np.full(len(raw), None, dtype=object)
    numbers = board[known].astype(np.int64).to_numpy()
    vul[known] = _vulnerable_from_board(numbers)
    dealer = np.full(len(raw), None, dtype=object)
    dealer[known] = np.array(["N", "E", "S", "W"], dtype=object)[(numbers - 1) % 4]
    if boards is None:
        notes[_VUL_BOARD] = int(known.sum())
    else:
        deal = np.full(len(raw), None, dtype=object)
        listed = np.array(
            [known[i] and int(board.iat[i]) in boards for i in range(len(raw))], dtype=bool
        )
        differ = set()
        for i in np.flatnonzero(listed):
            b = int(board.iat[i])
            v, d, hand = boards[b]
            if v is not None and v != vul[i]:
                differ.add(b)
            vul[i] = v if v is not None else vul[i]
            dealer[i] = d if isinstance(d, str) and d else dealer[i]
            deal[i] = hand
        raw["Deal"] = deal
        notes[_VUL_HANDS] = int(listed.sum())
        if differ:
            notes[_VUL_DIFFER] = len(differ)
        missing = {int(b) for b, on in zip(board[known], listed[known], strict=True) if not on}
        if missing:
            notes[_NO_HANDS] = len(missing)
            notes[_VUL_BOARD] = int((known & ~listed).sum())
    raw["vulnerable"] = vul
    raw["Dealer"] = dealer
