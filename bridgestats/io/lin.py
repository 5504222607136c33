"""Read BBO vugraph LIN files (both rooms of a team match) into the tidy frame."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .._validate import check_flag
from ..errors import BridgestatsError
from ..scoring import contract_score, parse_contract
from ._records import (
    ParseError,
    _decoding_notes,
    _expand,
    _line_numbers,
    _read_text,
    _vulnerable_from_board,
    finish,
)

__all__ = ["read_lin"]

# A LIN token is a two-letter command and its value: ``mb|1N|``.
_TOKEN = re.compile(r"([A-Za-z]{2})\|([^|]*)\|")
_SEATS = "NESW"
# md| dealer digit: 1 South, 2 West, 3 North, 4 East.
_DEALER = {"1": "S", "2": "W", "3": "N", "4": "E"}
_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_RANKS = {r: i for i, r in enumerate("23456789TJQKA")}
_BID = re.compile(r"^([1-7])([CDHSN])", re.IGNORECASE)


def read_lin(path, *, strict: bool = False) -> pd.DataFrame:
    """Read BBO vugraph LIN files into the tidy frame, one row per table result.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        File(s) to read; a directory is searched recursively for ``*.lin``.
    strict : bool, keyword-only
        Raise on the first record that cannot be scored.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io`: ``event`` and ``segment`` from the ``vg``
        header, ``home_team``/``visit_team`` its first and second team (the first sits
        North-South in the open room), ``room`` ``"open"``/``"closed"`` from ``qx|o1|``/
        ``qx|c1|``, players from ``pn``. Extra columns: ``Dealer``, ``rs`` (the result
        the header's ``rs`` list prints for this table, e.g. ``4SN-1``), ``tricks_from``
        (``"claim"``, ``"play"`` or ``"rs"``), ``score_ns_printed`` (the score of the
        ``rs`` result) and ``carry_home``/``carry_visit`` (the ``vg`` carry-over IMPs).
        ``frame.attrs["summary"]`` is the :class:`~bridgestats.io.LoadSummary`.

    Notes
    -----
    * Contract and declarer from the auction (``mb``): the last bid, doubled/redoubled by
      a later ``d``/``r``; declarer is the first of the declaring side to name the strain.
      Four passes give ``Pass``. Alert marks (``!``) are ignored.
    * Tricks: a claim ``mc|n|`` is declarer's total; otherwise the played cards (``pc``)
      are run trick by trick (highest trump, else highest card of the suit led wins; the
      opening leader is declarer's left-hand opponent). When neither completes the deal
      the ``rs`` result is used and counted in the summary's ``notes``.
    * ``rs`` lists the results as open 1, closed 1, open 2, closed 2, ... for the boards
      ``first..last`` of the ``vg`` header.
    * A deal without ``qx`` (BBO's hand-viewer LIN, ``pn|S,W,N,E|md|...|ah|Board 5|...``,
      one or more hands a file) is one table result: board number from ``ah``, players
      from the ``pn`` before it, ``room`` unknown. A file with no deal and no ``rs``
      result raises :class:`~bridgestats.io.ParseError`.

    References
    ----------
    .. [1] Bridge Base Online's LIN format, as BBO writes it in its vugraph archive
       (bridgebase.com, "Vugraph Archives"; BBO publishes no specification): the
       vugraph files 29837-29849 of the 2013 Spingold final are the examples. The
       project's development archive (``../shared/data/teams-pbn/PROVENANCE.md``, not
       redistributed) notes the commands under "Format".

    Examples
    --------
    Board 1 of the 2013 Spingold final (``29837.lin``), open room: North (dealer 3 is
    North) bids 1NT, South transfers, North ends in 4S and claims 9 tricks (``rs``:
    ``4SN-1``):

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "29837.lin"
    >>> _ = path.write_text(
    ...     "vg|2013 Spingold Final ,Segment 1 of 4,I,1,16,Grue,0,Bridge24,0|\\n"
    ...     "rs|4SN-1,1NN+2|\\npn|Moss,Nowosadzki,Grue,Kalita,Gawel,Amoils,Jagniewski,Morgan|\\n"
    ...     "qx|o1|md|3SQT753HDA765CAT85,S6HJT82DK832CJ642,SK84HAQ753DQT4CQ7,"
    ...     "SAJ92HK964DJ9CK93|sv|o|mb|1N|mb|p|mb|2H|mb|p|mb|2S|mb|p|mb|2N!|mb|p|"
    ...     "mb|3S!|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|h4|mc|9|pg||\\n")
    >>> df = read_lin(path)
    >>> df[["board", "room", "contract", "declarer", "tricks", "score_ns", "rs"]]
       board    room contract declarer  tricks  score_ns     rs
    0      1    open       4S        N       9     -50.0  4SN-1
    1      1  closed       1N        N       9     150.0  1NN+2
    """
    strict = check_flag(strict, "strict")
    files = _expand(path, ("*.lin",))
    rows = []
    for file in files:
        rows.extend(_read_one(file))
    raw = pd.DataFrame(rows)
    notes = {}
    rs_only = (raw["tricks_from"] == "rs") & raw["Dealer"].isna()
    from_rs = int((raw["tricks_from"] == "rs").sum() - rs_only.sum())
    if from_rs:
        notes["tricks taken from the rs header (play incomplete, no claim)"] = from_rs
    if rs_only.any():
        notes["tables only in the rs header (no qx record): result from rs"] = int(rs_only.sum())
    raw["score_ns_printed"] = _rs_scores(raw["rs"], raw["vulnerable"])
    notes.update(_decoding_notes(files))
    return finish(
        raw,
        files=len(files),
        strict=strict,
        extra_columns=["Dealer", "rs", "tricks_from", "carry_home", "carry_visit"],
        printed_score=raw["score_ns_printed"],
        notes=notes,
    )


def _read_one(file) -> list[dict]:
    text = _read_text(file)
    tokens = [(m.start(), m.group(1).lower(), m.group(2)) for m in _TOKEN.finditer(text)]
    if not tokens:
        raise ParseError(file, None, "no LIN commands (xx|value|) found")
    lines = _line_numbers(text, np.array([t[0] for t in tokens]))
    rs_line = next((ln for (_, cmd, _), ln in zip(tokens, lines, strict=True) if cmd == "rs"), 1)
    header = {"event": None, "segment": None, "home": None, "visit": None, "carry": (None, None)}
    results: list[str] = []
    first_board = None
    players: list[str] = []
    boards = []
    current = None
    for (_, cmd, value), line in zip(tokens, lines, strict=True):  # a state machine over commands
        if cmd == "vg":
            f = value.split(",")
            if len(f) < 9:
                raise ParseError(file, line, f"vg header has {len(f)} fields, expected 9")
            header = {
                "event": f[0].strip(),
                "segment": f[1].strip(),
                "home": f[5].strip(),
                "visit": f[7].strip(),
                "carry": (_num(f[6]), _num(f[8])),
            }
            first_board = _num(f[3]) if f[3].strip().isdigit() else None
        elif cmd == "rs":
            results = value.split(",")
        elif cmd == "pn":
            names = [n.strip() for n in value.split(",")]
            if current is None or not current["qx"]:
                players = names  # the header's, or the next hand's (hand-viewer LIN)
            else:
                current["pn"] = names
        elif cmd == "md" and (current is None or (not current["qx"] and current["md"])):
            # a deal without qx|..|: BBO hand-viewer LIN (pn|..|md|..|ah|Board n|...),
            # one board per md, room unknown, board number from ah
            current = _new_board(int(line), None, None, qx=False)
            current["md"], current["pn"] = value, players
            boards.append(current)
        elif cmd == "qx":
            m = re.match(r"^([oc])(\d+)", value.strip(), re.IGNORECASE)
            if not m:
                raise ParseError(file, line, f"qx value {value!r} is not o<board> or c<board>")
            room = "open" if m.group(1).lower() == "o" else "closed"
            current = _new_board(int(line), room, _num(m.group(2)), qx=True)
            boards.append(current)
        elif current is None:
            continue
        elif cmd == "md":
            current["md"] = value
        elif cmd == "ah" and current["board"] is None:
            m = re.match(r"^\s*board\s+(\d+)\s*$", value, re.IGNORECASE)
            current["board"] = _num(m.group(1)) if m else None
        elif cmd == "sv":
            current["sv"] = value
        elif cmd == "mb":
            current["bids"].append(value.replace("!", "").strip().upper())
        elif cmd == "pc":
            current["cards"].append(value.strip().upper())
        elif cmd == "mc":
            current["claim"] = _num(value)
    rows = [_board_row(file, b, header, players, results, first_board) for b in boards]
    rows += _rs_only_rows(file, rows, header, players, results, first_board, rs_line)
    if not rows:
        raise ParseError(file, None, "no boards: neither qx|..| nor md|..| records, no rs results")
    return rows


def _new_board(line: int, room, board, *, qx: bool) -> dict:
    """The state of one table's record while its commands are read."""
    return {
        "line": line,
        "room": room,
        "board": board,
        "qx": qx,
        "bids": [],
        "cards": [],
        "claim": None,
        "md": None,
        "sv": None,
        "pn": None,
    }


def _rs_only_rows(file, rows, header, players, results, first_board, line) -> list[dict]:
    """Records for the tables the ``rs`` header lists but no ``qx`` block shows.

    Vugraph operators sometimes miss a table; the header still prints its result. Such a
    record has the contract, declarer and tricks of the ``rs`` entry, the vulnerability of
    the board number's standard cycle, ``tricks_from = "rs"`` and the ``rs`` line number.
    """
    if first_board is None:
        return []
    seen = {(r["board"], r["room"]) for r in rows}
    extra = []
    for k, text in enumerate(results):  # one entry per table of the segment
        board, room = first_board + k // 2, ("open", "closed")[k % 2]
        if (board, room) in seen or not text.strip():
            continue
        try:
            c = _rs_contract(text)
        except BridgestatsError:
            c = None
        passed = c is not None and c.level == 0
        b = _new_board(int(line), room, board, qx=True)
        row = _board_row(file, b, header, players, results, first_board)
        row["contract_text"] = None if c is None else ("Pass" if passed else text)
        row["declarer"] = None if c is None or passed else c.declarer
        row["tricks"] = None if c is None or passed else _rs_tricks(text)
        row["tricks_from"] = "rs"
        row["vulnerable"] = _vulnerable_from_board([board])[0]
        row["contract_text"] = (
            None if c is None else "Pass" if passed else f"{c.level}{c.strain}{'X' * c.doubled}"
        )
        extra.append(row)
    return extra


# LIN numbers (boards, claims, carry-overs) beyond this are no numbers of a bridge event
# (a hostile 25-digit board number would not fit the frame's 64-bit integers).
_MAX_NUMBER = 2**53


def _num(text):
    """A LIN field as an ``int``, or None when it is not a whole number below
    :data:`_MAX_NUMBER` in size.

    >>> _num(" 12 "), _num("x"), _num("9" * 25)
    (12, None, None)
    """
    text = str(text).strip()
    if len(text) > 20:
        return None
    try:
        number = int(text)
    except ValueError:
        return None
    return number if abs(number) < _MAX_NUMBER else None


def _board_row(file, b, header, players, results, first_board) -> dict:
    md = b["md"] or ""
    dealer = _DEALER.get(md[:1])
    names = b["pn"] or players
    offset = 4 if b["room"] == "closed" else 0  # pn: S, W, N, E of open, then closed
    seat_names = dict.fromkeys("SWNE")
    if len(names) >= offset + 4:
        seat_names = dict(zip("SWNE", names[offset : offset + 4], strict=True))
    contract, declarer, doubled = _auction(b["bids"], dealer)
    rs = None
    if first_board is not None and results and b["board"] is not None and b["room"]:
        k = 2 * (b["board"] - first_board) + (0 if b["room"] == "open" else 1)
        if 0 <= k < len(results) and results[k].strip():
            rs = results[k].strip()
    tricks, source = None, None
    if contract == "Pass":
        source = "auction"
    elif contract is not None and declarer is not None:
        if b["claim"] is not None:
            tricks, source = b["claim"], "claim"
        else:
            tricks = _played_tricks(b["cards"], declarer, contract[1])
            source = "play" if tricks is not None else None
    if tricks is None and contract not in (None, "Pass") and rs is not None:
        tricks, source = _rs_tricks(rs), "rs"
    return {
        "source": file.name,
        "record": b["line"],
        "event": header["event"],
        "segment": header["segment"],
        "board": b["board"],
        "room": b["room"],
        "home_team": header["home"],
        "visit_team": header["visit"],
        "north": seat_names["N"],
        "east": seat_names["E"],
        "south": seat_names["S"],
        "west": seat_names["W"],
        "contract_text": None if contract is None else contract + "X" * doubled,
        "declarer": declarer,
        "tricks": tricks,
        "vulnerable": _VUL.get((b["sv"] or "").strip().lower()),
        "Dealer": dealer,
        "rs": rs,
        "tricks_from": source,
        "carry_home": header["carry"][0],
        "carry_visit": header["carry"][1],
    }


def _auction(bids: list[str], dealer: str | None):
    """(contract without doubles, declarer, doubled) from a LIN auction; ("Pass", None, 0).

    >>> _auction(["1N", "P", "3N", "P", "P", "D", "P", "P", "P"], "N")
    ('3N', 'N', 1)
    >>> _auction(["P", "P", "P", "P"], "E")
    ('Pass', None, 0)
    """
    if not bids or dealer is None:
        return None, None, 0
    start = _SEATS.index(dealer)
    last, last_seat, doubled = None, None, 0
    first_named = {}
    for i, bid in enumerate(bids):
        seat = _SEATS[(start + i) % 4]
        m = _BID.match(bid)
        if m:
            last, last_seat, doubled = m.group(1) + m.group(2).upper(), seat, 0
            side = seat in "NS"
            first_named.setdefault((side, last[1]), seat)
        elif bid in ("D", "X", "DBL"):
            doubled = 1
        elif bid in ("R", "XX", "RDBL"):
            doubled = 2
    if last is None:
        return ("Pass", None, 0) if len(bids) >= 4 else (None, None, 0)
    return last, first_named[(last_seat in "NS", last[1])], doubled


def _played_tricks(cards: list[str], declarer: str, strain: str) -> int | None:
    """Tricks won by declarer's side in a complete play record (52 cards), else None.

    >>> deal = ["SA", "S2", "S3", "S4"] * 13  # each trick led by the winner of the last
    >>> _played_tricks(deal, "S", "N")  # West leads and wins every trick
    0
    """
    cards = [c for c in cards if len(c) >= 2]
    if len(cards) != 52:
        return None
    leader = (_SEATS.index(declarer) + 1) % 4
    won = 0
    for t in range(13):  # trick by trick: the winner leads the next
        trick = cards[4 * t : 4 * t + 4]
        suits = [c[0] for c in trick]
        ranks = [_RANKS.get(c[1], -1) for c in trick]
        trump = [i for i in range(4) if suits[i] == strain]
        pool = trump if trump else [i for i in range(4) if suits[i] == suits[0]]
        best = max(pool, key=lambda i: ranks[i])
        leader = (leader + best) % 4
        won += _SEATS[leader] in (("N", "S") if declarer in "NS" else ("E", "W"))
    return won


_RS = re.compile(r"^([1-7][CDHSN])([NESW])([xX]{0,2})(.*)$", re.IGNORECASE)


def _rs_contract(rs: str):
    """Parse an ``rs`` result (``4SN-1``, ``5DWx=``: doubles after the declarer).

    >>> _rs_contract("5DWx=")
    Contract(level=5, strain='D', doubled=1, declarer='W', result=0)
    """
    m = _RS.match(rs.strip())
    text = f"{m.group(1)}{m.group(3).upper()}{m.group(2)}{m.group(4)}" if m else rs.strip()
    return parse_contract(text)


def _rs_tricks(rs: str) -> int | None:
    try:
        c = _rs_contract(rs)
    except BridgestatsError:
        return None
    if c.level == 0 or c.result is None:
        return None
    return c.level + 6 + c.result


def _rs_scores(rs: pd.Series, vulnerable: pd.Series) -> np.ndarray:
    """North-South's score of each ``rs`` result (``4SN-1``), NaN where none was printed."""
    out = np.full(len(rs), np.nan)
    for i, (text, vul) in enumerate(zip(rs, vulnerable, strict=True)):  # a few per file
        if not isinstance(text, str) or vul is None:
            continue
        try:
            c = _rs_contract(text)
        except BridgestatsError:
            continue
        if c.level == 0:
            out[i] = 0.0
            continue
        if c.declarer is None or c.result is None:
            continue
        ns = c.declarer in "NS"
        decl_vul = vul in ("All", "NS") if ns else vul in ("All", "EW")
        pts = int(contract_score(c.level, c.strain, c.doubled, c.level + 6 + c.result, decl_vul))
        out[i] = pts if ns else -pts
    return out
