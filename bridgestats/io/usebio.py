"""Read USEBIO (the EBU's results XML, versions 1.2 and 1.3) into the tidy frame.

USEBIO is what EBUScore, Compscore, Pianola, Bridgewebs and other scoring programs upload:
one ``<USEBIO>`` root, an ``<EVENT EVENT_TYPE="...">`` holding the ``<PARTICIPANTS>`` (pairs,
teams or players, each with the scorer's ``TOTAL_SCORE`` and ``PLACE``) and the boards, each
``<BOARD>`` a traveller of ``<TRAVELLER_LINE>`` elements. Boards may sit directly in the
event, or inside ``<SESSION>``/``<SECTION>`` or a team ``<MATCH>``; a ``<HANDSET>`` holds the
hands. The file is parsed by the standard library's expat parser into an
:mod:`xml.etree.ElementTree` tree (line numbers kept), without fetching the DTD it names.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.parsers import expat

import numpy as np
import pandas as pd

from .._validate import check_flag
from ._records import ParseError, _expand, _read_bytes, _to_int, _vulnerable_from_board, finish

__all__ = ["EVENT_TYPES", "read_usebio", "read_usebio_participants"]

_PATTERNS = ("*.xml", "*.xml.gz", "*.XML")

#: The USEBIO event types this reader knows (``EVENT_TYPE`` of ``<EVENT>``): pairs at
#: matchpoints, Butler or cross-IMPs, Swiss and aggregate forms, teams and individuals.
#: Any other type is read all the same, and the load summary's notes name it.
EVENT_TYPES = (
    "MP_PAIRS",
    "BUTLER_PAIRS",
    "CROSS_IMP",
    "CROSS_IMPS",
    "AGGREGATE",
    "SWISS_PAIRS",
    "SWISS_PAIRS_CROSS_IMPS",
    "SWISS_PAIRS_BUTLER_IMPS",
    "SWISS_TEAMS",
    "TEAMS_OF_FOUR",
    "TEAMS",
    "KO",
    "INDIVIDUAL",
    "PAIRS",
)

_VERSIONS = ("1.2", "1.3")

# Traveller-line elements read into the tidy columns; every other child of a traveller
# line is kept under its own USEBIO name (the scorer's figures: NS_MATCH_POINTS, ...).
_LINE_TIDY = {
    "NS_PAIR_NUMBER": "pair_ns",
    "EW_PAIR_NUMBER": "pair_ew",
    "CONTRACT": "contract_text",
    "PLAYED_BY": "declarer",
    "TRICKS": "tricks",
    "TABLE_NUMBER": "table",
}
# Individual events: each seat's player number.
_SEAT_PLAYER = {
    "N_PLAYER_NUMBER": "north",
    "E_PLAYER_NUMBER": "east",
    "S_PLAYER_NUMBER": "south",
    "W_PLAYER_NUMBER": "west",
}
# Event-level elements repeated on every row (missing when the file leaves them out).
_EVENT_COLUMNS = (
    "EVENT_TYPE",
    "SCORING_METHOD",
    "BOARD_SCORING_METHOD",
    "MATCH_SCORING_METHOD",
    "PROGRAM_NAME",
    "DATE",
)
# The players' numbers of each seat (their NATIONAL_ID_NUMBER, else club number).
_PLAYER_IDS = ("north_id", "east_id", "south_id", "west_id")
# Contracts that say the board was not played at that table.
_NOT_PLAYED = {"NP", "NOT PLAYED", "NOTPLAYED", "LP"}
_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_SEATS.update({seat: seat for seat in "NESW"})


def read_usebio(path, *, strict: bool = False) -> pd.DataFrame:
    """Read USEBIO XML result files into the tidy frame, one row per traveller line.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        USEBIO file(s), plain or gzip; a directory is searched recursively for ``*.xml``
        and ``*.xml.gz``.
    strict : bool, keyword-only
        Raise on the first traveller line that cannot be scored.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io`: ``event`` is the ``EVENT_DESCRIPTION`` (else
        ``TITLE``); ``segment`` the session/section (``"1/A"``) or the team match's round
        where the file nests boards so, else missing; ``pair_ns``/``pair_ew`` the pair
        numbers as printed (``"3"`` in a Howell, ``"1NS"``/``"1EW"`` in a Mitchell);
        ``north``/``south`` the NS pair's players and ``east``/``west`` the EW pair's, in
        the order the participants list gives them (USEBIO does not say who sat where);
        ``north_id`` ... ``west_id`` the same players' numbers: their
        ``NATIONAL_ID_NUMBER`` as printed, else their ``CLUB_ID_NUMBER`` as ``"club <n>"``
        (missing when the file gives neither, and for an individual event's players);
        ``home_team``/``visit_team`` a match's ``TEAM``/``OPPOSING_TEAM`` (its other
        figures, ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE`` ..., as printed). Then the
        scorer's own figures under their USEBIO names: ``EVENT_TYPE``,
        ``SCORING_METHOD``, ``BOARD_SCORING_METHOD``, ``MATCH_SCORING_METHOD``,
        ``PROGRAM_NAME``, ``DATE`` (every row; missing when not in the file), the board's
        ``BOARD_AVERAGE`` (the Butler datum, float) and other board figures, every other
        element of the traveller line (``SCORE`` as printed, ``LEAD``,
        ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS``, ``NS_BUTLER_POINTS``,
        ``NS_CROSS_IMP_POINTS`` ... whatever the file holds; elements ending ``_POINTS``
        as floats), ``Deal`` (the ``HANDSET`` hands as a PBN deal, ``N:`` first) and
        ``score_ns_printed`` (the printed ``SCORE``, North-South's side).
        ``frame.attrs["summary"]`` is the :class:`~bridgestats.io.LoadSummary`.

    Notes
    -----
    ``score_ns`` is computed from ``CONTRACT``, ``PLAYED_BY``, ``TRICKS`` and the
    vulnerability; USEBIO travellers do not state the vulnerability, so unless a board
    or its hand record gives ``VULNERABILITY`` it comes from the board number by the
    standard 16-board cycle (Law 2), and the summary's notes count those rows. A line
    with no contract and a ``SCORE`` that is not a number (``A60``, ``60%``, ``AVE+``) is
    kept and skipped as ``"adjusted score"``; ``NP`` as ``"not played"``. The pairs'
    and teams' totals and places are read by :func:`read_usebio_participants`.

    An event type outside :data:`EVENT_TYPES` is read the same way, its travellers in
    full, and the notes say which type it was; so does a ``Version`` other than 1.2 or
    1.3. A file that is not well-formed XML, or whose root is not ``<USEBIO>``, raises
    :class:`~bridgestats.io.ParseError` naming the file, the line, the element open
    there and why. Entity declarations are refused (a defence against entity-expansion
    attacks); the DTD the file names is never fetched, so an entity other than XML's own
    five (``&uuml;``, ``&x;``) is refused whether or not the file has a ``DOCTYPE`` (never
    dropped from the text). So are elements nested more than :data:`_MAX_DEPTH` deep and
    an encoding Python does not know.

    Compscore3 (the two club sessions of the project's development archive, Butler and
    cross-IMP Howells with 4 results per board) prints as ``BOARD_AVERAGE`` the mean of
    the results left after dropping the highest and the lowest, rounded to the nearest 10
    with halves away from zero: :func:`bridgestats.scoring.butler_datum` with
    ``datum="trimmed"`` (any ``trim`` in (0, 0.5) drops one result at each end of 4)
    reproduces all 35 boards, the plain mean 1, the mean rounded to 10 3, the trimmed
    mean unrounded 18. Its cross-IMPs are :func:`bridgestats.scoring.cross_imps`
    averaged over the n − 1 comparisons, printed to 2 decimals (all 108 lines), and a
    pair's ``TOTAL_SCORE`` is the sum of the unrounded averages, rounded to 2 decimals.
    (``tests/test_io_usebio.py`` checks each of these.)

    References
    ----------
    .. [1] English Bridge Union, "USEBIO - Universal Standard for the Exchange of Bridge
       Information Online", versions 1.2 and 1.3 (2018), usebio.org.

    Examples
    --------
    A Mitchell pairs traveller (board 1, nobody vulnerable; 4S by South making 10 tricks is
    +420 to North-South):

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.xml"
    >>> _ = path.write_text(
    ...     '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS>'
    ...     "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME>"
    ...     "</PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>"
    ...     "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
    ...     "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>"
    ...     "<CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS>"
    ...     "<SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS>"
    ...     "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
    >>> df = read_usebio(path)
    >>> df[["pair_ns", "north", "south", "contract", "score_ns", "NS_MATCH_POINTS"]]
      pair_ns north south contract  score_ns  NS_MATCH_POINTS
    0     1NS   Ann   Bob       4S     420.0              2.0
    """
    strict = check_flag(strict, "strict")
    files = _expand(path, _PATTERNS)
    parts: list[pd.DataFrame] = []
    notes: dict[str, int] = {}
    for f in files:
        frame, file_notes = _read_one(f, strict=strict)
        parts.append(frame)
        for k, v in file_notes.items():
            notes[k] = notes.get(k, 0) + v
    raw = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    fixed = ["source", "record", "event", "segment", "board", "table", "pair_ns", "pair_ew"]
    fixed += ["home_team", "visit_team", "north", "east", "south", "west"]
    fixed += ["contract_text", "declarer", "tricks", "vulnerable", "preset_reason"]
    fixed += ["score_ns_printed"]
    for col in [*fixed, *_EVENT_COLUMNS]:
        if col not in raw.columns:
            raw[col] = None
    for col in _PLAYER_IDS:
        if col not in raw.columns:
            raw[col] = None
    rest = [c for c in raw.columns if c not in (*fixed, *_EVENT_COLUMNS, *_PLAYER_IDS)]
    extra = [*_PLAYER_IDS, *_EVENT_COLUMNS, *rest]
    return finish(
        raw,
        files=len(files),
        strict=strict,
        extra_columns=extra,
        printed_score=pd.to_numeric(raw["score_ns_printed"], errors="coerce").astype(float),
        notes=notes,
        preset_reason=raw["preset_reason"],
    )


def read_usebio_participants(path) -> pd.DataFrame:
    """The pairs, teams or players of USEBIO files, with the scorer's totals and places.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        As for :func:`read_usebio`.

    Returns
    -------
    pandas.DataFrame
        One row per participant, in file order: ``source``, ``record`` (the line where it
        starts), ``event``, ``segment`` (as in :func:`read_usebio`), ``EVENT_TYPE``,
        ``kind`` (``"pair"``, ``"team"`` or ``"player"``), ``number`` (``PAIR_NUMBER``,
        ``TEAM_NUMBER``/``TEAM_ID`` or ``PLAYER_NUMBER`` as printed, e.g. ``"1NS"``),
        ``direction`` (``DIRECTION``: ``NS``/``EW`` in a Mitchell, else missing),
        ``name`` (a team's ``TEAM_NAME``, a player's name), ``players`` (the player names
        joined by ``" & "``), ``n_players``, ``TOTAL_SCORE`` and ``PERCENTAGE`` (floats,
        NaN when not printed), ``PLACE`` as printed (``"3="`` for a tie), ``place`` (its
        number, ``Int64``) and ``tied`` (the place carried ``=``), then every other simple
        element of the participant under its USEBIO name, as text
        (``MASTER_POINTS_AWARDED`` ...).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.xml"
    >>> _ = path.write_text(
    ...     '<USEBIO Version="1.2"><EVENT EVENT_TYPE="BUTLER_PAIRS"><PARTICIPANTS>'
    ...     "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>-5.00</TOTAL_SCORE>"
    ...     "<PLACE>2=</PLACE><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER>"
    ...     "<PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>"
    ...     "</PARTICIPANTS></EVENT></USEBIO>")
    >>> read_usebio_participants(path)[["number", "players", "TOTAL_SCORE", "place", "tied"]]
      number    players  TOTAL_SCORE  place  tied
    0      1  Ann & Bob         -5.0      2  True
    """
    files = _expand(path, _PATTERNS)
    rows: list[dict] = []
    for f in files:
        doc = _parse(f)
        for event, ctx in _events(doc):
            for part_el, seg in _participant_blocks(event):
                for kind, el in _participants(part_el):
                    rows.append(_participant_row(f, doc, el, kind, ctx, seg))
    base = ["source", "record", "event", "segment", "EVENT_TYPE", "kind", "number"]
    base += ["direction", "name", "players", "n_players", "TOTAL_SCORE", "PERCENTAGE"]
    base += ["PLACE", "place", "tied"]
    out = pd.DataFrame(rows)
    for col in base:
        if col not in out.columns:
            out[col] = None
    out = out[base + [c for c in out.columns if c not in base]]
    for col in ("TOTAL_SCORE", "PERCENTAGE"):
        out[col] = pd.to_numeric(out[col], errors="coerce").astype(float)
    place_text = out["PLACE"].astype("object").where(out["PLACE"].notna(), "").astype(str)
    out["place"] = _to_int(place_text.str.strip().str.rstrip("=").str.strip())
    out["tied"] = place_text.str.strip().str.endswith("=")
    out["n_players"] = out["n_players"].astype("Int64")
    out["record"] = out["record"].astype("Int64")
    return out


# --------------------------------------------------------------------------- parsing


# Elements nested deeper than this are refused: USEBIO nests a traveller line some eight
# deep (USEBIO, EVENT, SESSION, SECTION, BOARD, TRAVELLER_LINE, ...); the walks over
# sessions and sections recurse, so a hostile file must not reach Python's stack limit.
_MAX_DEPTH = 100
# The sniffer reads at most this much of a file looking for its root element (a long
# comment or DOCTYPE may come first); a file without one so far is not taken as USEBIO.
_SNIFF_LIMIT = 16 << 20


class _Doc:
    """A parsed file: its root element and the line where each element starts."""

    def __init__(self, root: ET.Element, lines: dict[int, int]):
        self.root = root
        self._lines = lines

    def line(self, element: ET.Element) -> int | None:
        return self._lines.get(id(element))


def _parse(file) -> _Doc:
    """Parse one file with expat into an ElementTree, keeping each element's start line."""
    raw = _read_bytes(file)
    builder = ET.TreeBuilder()
    lines: dict[int, int] = {}
    stack: list[tuple[str, int]] = []
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def start(tag, attrs):
        line = parser.CurrentLineNumber
        if len(stack) >= _MAX_DEPTH:
            raise ParseError(
                file, line, f"elements nested deeper than {_MAX_DEPTH} (at <{tag}>): refused"
            )
        element = builder.start(tag, attrs)
        lines[id(element)] = line
        stack.append((tag, line))

    def end(tag):
        builder.end(tag)
        stack.pop()

    def entity(name, *_):
        raise ParseError(file, parser.CurrentLineNumber, f"entity declaration {name!r} refused")

    def skipped(name, _is_parameter):  # an entity no declaration defines (behind a DOCTYPE)
        raise ParseError(
            file, parser.CurrentLineNumber, f"undefined entity &{name}; (not XML's own five)"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = entity
    parser.SkippedEntityHandler = skipped
    try:
        parser.Parse(raw, True)
    except LookupError as exc:  # <?xml encoding="klingon"?>
        raise ParseError(file, 1, f"declares an encoding Python does not know ({exc})") from None
    except expat.ExpatError as exc:
        reason = expat.errors.messages.get(exc.code, str(exc))
        where = f" inside <{stack[-1][0]}> (opened at line {stack[-1][1]})" if stack else ""
        if exc.code == expat.errors.codes[expat.errors.XML_ERROR_INVALID_TOKEN]:
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                where += " (the file is not UTF-8: does it declare its encoding?)"
        raise ParseError(
            file, exc.lineno, f"not well-formed XML: {reason} at column {exc.offset + 1}{where}"
        ) from None
    root = builder.close()
    if root.tag != "USEBIO":
        raise ParseError(file, lines.get(id(root)), f"not a USEBIO file: the root is <{root.tag}>")
    return _Doc(root, lines)


class _Found(Exception):
    """Raised by the sniffing parser at the first element (its tag in ``args[0]``)."""


def _root_tag(path) -> str | None:
    """The root element's tag of an XML file (plain or gzip), or None when it is not XML.

    Only the start of the file is parsed, in 64 KB chunks up to the first element (and at
    most :data:`_SNIFF_LIMIT`), so sniffing a folder of large files is cheap. A gzip file
    cut short before its root element raises :class:`ParseError` saying it is truncated.
    """
    parser = expat.ParserCreate()

    def start(tag, attrs):
        raise _Found(tag)

    parser.StartElementHandler = start
    try:
        with open(path, "rb") as fh:
            gz = fh.read(2) == b"\x1f\x8b"
        opener = gzip.open if gz else open
        with opener(path, "rb") as fh:
            read = 0
            while read < _SNIFF_LIMIT:
                chunk = fh.read(1 << 16)
                read += len(chunk)
                parser.Parse(chunk, not chunk)
                if not chunk:
                    break
    except _Found as found:
        return found.args[0]
    except EOFError as exc:
        name = Path(path).name
        raise ParseError(name, None, "truncated gzip file (it ends before its data)") from exc
    except LookupError as exc:
        name = Path(path).name
        raise ParseError(name, 1, f"declares an encoding Python does not know ({exc})") from None
    except (OSError, expat.ExpatError):
        return None
    return None


def _text(element: ET.Element | None, tag: str | None = None):
    """Stripped text of ``element`` (or of its child ``tag``); None when absent or empty."""
    if element is not None and tag is not None:
        element = element.find(tag)
    if element is None or element.text is None:
        return None
    text = element.text.strip()
    return text or None


def _leaf_items(element: ET.Element):
    """(tag, text) of the children of ``element`` that hold no elements themselves."""
    for child in element:
        if len(child) == 0:
            yield child.tag, _text(child)


def _events(doc: _Doc):
    """Each ``<EVENT>`` with its context: name, type and the event-level columns."""
    for event in doc.root.iter("EVENT"):
        ctx = {"event": _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")}
        ctx["EVENT_TYPE"] = (event.get("EVENT_TYPE") or "").strip() or None
        for col in _EVENT_COLUMNS[1:]:
            ctx[col] = _text(event, col)
        yield event, ctx


def _label(element: ET.Element, tags: tuple[str, ...], ordinal: int) -> str:
    for tag in tags:
        value = element.get(tag) or _text(element, tag)
        if value:
            return value
    return str(ordinal)


def _blocks(event: ET.Element):
    """The boards of an event, each with its segment and match: ``(board, segment, match)``.

    Boards sit in the event, in its sessions/sections, or in team matches (whose
    ``ROUND_NUMBER`` is the segment); the ``HANDSET`` boards hold hands, not results.
    """

    def walk(element, segment, match):
        n_session = n_section = 0
        for child in element:
            if child.tag == "BOARD":
                yield child, segment, match
            elif child.tag == "SESSION":
                n_session += 1
                label = _label(child, ("SESSION_NUMBER", "SESSION_ID", "NAME"), n_session)
                yield from walk(child, label, match)
            elif child.tag == "SECTION":
                n_section += 1
                label = _label(child, ("SECTION_ID", "SECTION_NAME", "NAME"), n_section)
                yield from walk(child, f"{segment}/{label}" if segment else label, match)
            elif child.tag == "MATCH":
                yield from walk(child, _text(child, "ROUND_NUMBER") or segment, child)

    yield from walk(event, None, None)


def _participant_blocks(event: ET.Element):
    """Every ``<PARTICIPANTS>`` of an event with its segment (as :func:`_blocks` names it)."""

    def walk(element, segment):
        n_session = n_section = 0
        for child in element:
            if child.tag == "PARTICIPANTS":
                yield child, segment
            elif child.tag == "SESSION":
                n_session += 1
                label = _label(child, ("SESSION_NUMBER", "SESSION_ID", "NAME"), n_session)
                yield from walk(child, label)
            elif child.tag == "SECTION":
                n_section += 1
                label = _label(child, ("SECTION_ID", "SECTION_NAME", "NAME"), n_section)
                yield from walk(child, f"{segment}/{label}" if segment else label)

    yield from walk(event, None)


def _participants(block: ET.Element):
    for child in block:
        if child.tag in ("PAIR", "TEAM", "PLAYER"):
            yield child.tag.lower(), child


def _player_names(element: ET.Element) -> list[str]:
    """Names of the players of a pair or team, in file order (a team's pairs' too)."""
    return [name for name, _ in _players_of(element)]


def _players_of(element: ET.Element) -> list[tuple[str, str | None]]:
    """Each named player of a pair or team, in file order: their name and their number
    (:func:`_player_number`)."""
    out = []
    for player in element.iter("PLAYER"):
        if player is element:
            continue
        name = _text(player, "PLAYER_NAME")
        if name is not None:
            out.append((name, _player_number(player)))
    return out


def _player_number(player: ET.Element) -> str | None:
    """A player's number as the file prints it: the ``NATIONAL_ID_NUMBER``, else the
    ``CLUB_ID_NUMBER`` (their membership number in the club) as ``"club <n>"``, else None."""
    national = _text(player, "NATIONAL_ID_NUMBER")
    if national:
        return national.strip()
    club = _text(player, "CLUB_ID_NUMBER")
    return f"club {club.strip()}" if club else None


def _participant_row(file, doc, el, kind, ctx, segment) -> dict:
    row = {"source": file.name, "record": doc.line(el), "event": ctx["event"]}
    row["segment"] = segment
    row["EVENT_TYPE"] = ctx["EVENT_TYPE"]
    row["kind"] = kind
    if kind == "pair":
        number = _text(el, "PAIR_NUMBER")
        name = None
    elif kind == "team":
        number = el.get("TEAM_NUMBER") or el.get("TEAM_ID") or _text(el, "TEAM_NUMBER")
        number = number or _text(el, "TEAM_ID")
        name = el.get("TEAM_NAME") or _text(el, "TEAM_NAME")
    else:
        number = _text(el, "PLAYER_NUMBER")
        name = _text(el, "PLAYER_NAME")
    players = [name] if kind == "player" and name else _player_names(el)
    row["number"] = number
    row["direction"] = _text(el, "DIRECTION")
    row["name"] = name
    row["players"] = " & ".join(players) if players else None
    row["n_players"] = len(players)
    for tag, value in _leaf_items(el):
        if tag not in ("PAIR_NUMBER", "DIRECTION", "TEAM_NAME", "PLAYER_NAME", "TEAM_NUMBER"):
            row.setdefault(tag, value)
    return row


def _pair_key(number) -> str:
    return re.sub(r"\s+", "", str(number)).upper()


def _roster(event: ET.Element) -> tuple[dict[str, list], dict[str, str]]:
    """Pair number -> its players (name, number), and player number -> name (individual
    events)."""
    pairs: dict[str, list] = {}
    players: dict[str, str] = {}
    for block, _ in _participant_blocks(event):
        for pair in block.iter("PAIR"):
            number = _text(pair, "PAIR_NUMBER")
            if number is None:
                continue
            names = _players_of(pair)
            key = _pair_key(number)
            pairs.setdefault(key, names)
            direction = _text(pair, "DIRECTION")
            if direction and not key.endswith(("NS", "EW")):
                pairs.setdefault(key + _pair_key(direction), names)
        for player in block.iter("PLAYER"):
            number = _text(player, "PLAYER_NUMBER")
            name = _text(player, "PLAYER_NAME")
            if number is not None and name is not None:
                players.setdefault(_pair_key(number), name)
    return pairs, players


def _lookup(pairs, number, side):
    if number is None:
        return None
    key = _pair_key(number)
    # a Mitchell may number both directions from 1: "1" on the NS side is pair 1NS
    return pairs.get(key + side) or pairs.get(key)


def _deals(doc: _Doc) -> tuple[dict[int, str], dict[int, str]]:
    """Board number -> PBN deal (``N:`` first) and -> vulnerability, from the HANDSET."""
    deals: dict[int, str] = {}
    vul: dict[int, str] = {}
    for handset in doc.root.iter("HANDSET"):
        for board in handset.iter("BOARD"):
            number = _text(board, "BOARD_NUMBER")
            if number is None or not number.isdigit():
                continue
            b = int(number)
            if _text(board, "VULNERABILITY"):
                vul[b] = _text(board, "VULNERABILITY")
            hands = {}
            for hand in board.iter("HAND"):
                seat = _SEATS.get((_text(hand, "DIRECTION") or "").upper())
                if seat:
                    suits = [_text(hand, s) or "" for s in ("SPADES", "HEARTS", "DIAMONDS")]
                    hands[seat] = ".".join([*suits, _text(hand, "CLUBS") or ""])
            if len(hands) == 4:
                deals[b] = "N:" + " ".join(hands[s] for s in "NESW")
    return deals, vul


_BOARD_TWICE = "BOARD elements repeating a board number of their section (lines kept)"


def _read_one(file, *, strict: bool = False) -> tuple[pd.DataFrame, dict[str, int]]:
    doc = _parse(file)
    notes: dict[str, int] = {}
    version = (doc.root.get("Version") or "").strip()
    if version not in _VERSIONS:
        key = f"USEBIO version {version or '(none)'!s}, read as 1.2/1.3"
        notes[key] = notes.get(key, 0) + 1
    deals, hand_vul = _deals(doc)
    rows: list[dict] = []
    for event, ctx in _events(doc):
        etype = ctx["EVENT_TYPE"]
        if etype not in EVENT_TYPES:
            key = f"event type {etype or '(none)'} not known to the reader (travellers read)"
            notes[key] = notes.get(key, 0) + 1
        pairs, players = _roster(event)
        seen: set = set()  # (segment, match, number) of the boards read so far
        for board, segment, match in _blocks(event):
            number = _text(board, "BOARD_NUMBER")
            where = (segment, id(match), (number or "").strip())
            if where in seen:  # one traveller written twice, or two boards misnumbered
                if strict:
                    raise ParseError(file, doc.line(board), _BOARD_TWICE)
                notes[_BOARD_TWICE] = notes.get(_BOARD_TWICE, 0) + 1
            seen.add(where)
            board_cols = {}
            for tag, value in _leaf_items(board):
                if tag not in ("BOARD_NUMBER",):
                    board_cols[tag] = value
            for line in board.iter("TRAVELLER_LINE"):
                rows.append(
                    _line_row(
                        file, doc, line, ctx, segment, match, number, board_cols, pairs, players
                    )
                )
    frame = pd.DataFrame(rows)
    if frame.empty:
        notes["files without a traveller line"] = notes.get("files without a traveller line", 0) + 1
        return frame, notes
    for col in frame.columns:
        if col.endswith("_POINTS") or col == "BOARD_AVERAGE":
            text = frame[col]
            num = pd.to_numeric(text, errors="coerce")
            bad = int((num.isna() & text.notna()).sum())
            if bad:
                key = f"{col}: printed values that are not numbers (kept as NaN)"
                notes[key] = notes.get(key, 0) + bad
            frame[col] = num.astype(float)
    board_no = _to_int(frame["board"])
    known = (board_no >= 1).fillna(False).to_numpy()
    numbers = [int(b) if k else None for b, k in zip(board_no.fillna(0), known, strict=True)]
    if "VULNERABILITY" in frame:
        vul = frame["VULNERABILITY"].to_numpy(dtype=object)
    else:
        vul = np.full(len(frame), None, dtype=object)
    from_hands = np.array([hand_vul.get(b) for b in numbers], dtype=object)
    vul = np.where(pd.isna(vul), from_hands, vul)
    derive = known & pd.isna(vul)
    if derive.any():
        vul[derive] = _vulnerable_from_board(board_no[derive].astype(np.int64))
        key = "vulnerability from the board number (not stated in the file)"
        notes[key] = notes.get(key, 0) + int(derive.sum())
    frame["vulnerable"] = vul
    frame["Deal"] = [deals.get(b) for b in numbers]
    return frame, notes


def _line_row(file, doc, line, ctx, segment, match, number, board_cols, pairs, players):
    row = {"source": file.name, "record": doc.line(line), "event": ctx["event"]}
    row["segment"] = segment
    row["board"] = number
    if match is not None:
        row["home_team"] = _text(match, "TEAM")
        row["visit_team"] = _text(match, "OPPOSING_TEAM")
        for tag, value in _leaf_items(match):
            if tag not in ("TEAM", "OPPOSING_TEAM", "ROUND_NUMBER"):
                row[tag] = value  # the match's own figures: TEAM_SCORE, ...
    for col in _EVENT_COLUMNS:
        row[col] = ctx[col]
    row.update(board_cols)
    figures = {}
    for tag, value in _leaf_items(line):
        if tag in _LINE_TIDY:
            row[_LINE_TIDY[tag]] = value
        elif tag in _SEAT_PLAYER:
            row[_SEAT_PLAYER[tag]] = players.get(_pair_key(value)) if value else None
            figures[tag] = value
        else:
            figures[tag] = value
    ns = _lookup(pairs, row.get("pair_ns"), "NS") or []
    ew = _lookup(pairs, row.get("pair_ew"), "EW") or []
    for seat, named, i in (("north", ns, 0), ("south", ns, 1), ("east", ew, 0), ("west", ew, 1)):
        if row.get(seat) is None:
            row[seat] = named[i][0] if len(named) > i else None
            row[f"{seat}_id"] = named[i][1] if len(named) > i else None
    row.update(figures)
    contract = (row.get("contract_text") or "").upper()
    score = figures.get("SCORE")
    if score is None and figures.get("NS_SCORE") is not None:
        score = figures["NS_SCORE"]
    if score is None and figures.get("EW_SCORE") is not None and _NUMBER.match(figures["EW_SCORE"]):
        score = str(-float(figures["EW_SCORE"]))
    printed = float(score) if score is not None and _NUMBER.match(score) else np.nan
    row["score_ns_printed"] = printed
    reason = None
    if contract in _NOT_PLAYED:
        reason = "not played"
    elif not contract and score is not None and np.isnan(printed):
        reason = "adjusted score"
    row["preset_reason"] = reason
    return row
