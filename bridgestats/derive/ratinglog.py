"""A rating log from full-field results: every pair's board against the whole field, in time order.

:func:`read_fullfield` reads a folder of VALET score files with each file's own names file
(player ids are per file). :func:`rating_board_log` scores every table result of that frame
against the whole field of its board (matchpoint percentage across all tables, and Butler
IMPs against the field's datum) and puts the rows in time order with players linked across
events by :func:`normalise_name`; :func:`rating_sessions` aggregates it to one row per table
and round (a "session": the two pairs at a table meet for the whole round), the shape the
ratings of :mod:`bridgestats.ratings` are tested on and the file shipped as
``data/derived/rating_sessions.csv``.

Vocabulary (in addition to the package's): ``event`` the VALET folder and group
(``2008-Euro/Men/A`` from ``2008-Euro/Men/scoresA.txt``); ``date`` the event's date (see
:func:`event_date`); ``round`` the round as printed; ``session`` one table in one round;
``player`` a normalised name.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_frame, fail
from ..io.valet import _names, read_valet
from ..scoring import score_board_results

__all__ = [
    "DROP_REASONS",
    "EVENT_MONTHS",
    "FULLFIELD_DUPLICATES",
    "SEASON_DATES",
    "committee_board_log",
    "event_date",
    "normalise_name",
    "rating_board_log",
    "rating_players",
    "rating_sessions",
    "read_fullfield",
]

#: Score files of the VALET archive that concatenate other files of the folder (left out:
#: their tables would be counted twice): ``2009-18_Bundesliga/scores.txt`` repeats
#: ``scores1/2/3a/3b/3c.txt`` and ``2018-Open/BAMQ`` repeats ``BAMQ1`` + ``BAMQ2``.
FULLFIELD_DUPLICATES = ("2009-18_Bundesliga/scores.txt.gz", "2018-Open/BAMQ/scores.txt.gz")

#: Month of each championship series, keyed by the word after the year in the folder name.
#: The files carry no dates; the year is the folder's first four digits and the month is the
#: series' calendar: European team championships in June, the Olympiad (Istanbul 2004) in
#: October-November, the Bermuda Bowl and Venice Cup ("World") in September-October, the
#: World Mind Sports Games in October (Beijing 2008) and August (Lille 2012). The leagues
#: (Polish League) and ``2018-Open`` have no month that the folder tells: they are put at
#: July, the middle of their year (so after the June European championships and before the
#: autumn world championships of the same year). A folder whose season is known from its
#: source and differs from its name's year is dated by :data:`SEASON_DATES` instead.
EVENT_MONTHS = {
    "Euro": 6,
    "Istanbul": 10,
    "World": 9,
    "Mind": 9,
    "Polish": 7,
    "Bundesliga": 7,
    "Open": 7,
}
#: Folders dated by their source rather than by their name (issue 25). The folder
#: "2009-18 Bundesliga" holds one season, 2015/16: the VALET repository's
#: ``data/2009-18 Bundesliga/RUN`` makes ``scores.txt`` and ``scores1.txt`` ...
#: ``scores3c.txt`` from ``liga2016/*``, and its ``butler1.html`` (the first division's
#: Butler table, saved from bridge-verband.de as ``16_01_23_team_but_k1.html``, its
#: ``<meta name="date" content="2016-1-23">``, last scored "6.03.16") lists the same pairs
#: as the shipped ``names.txt`` (Klumpp - Marsal, Auken - Welland, ...). Neither file was
#: copied into the archive, whose score, names and pairs files carry no date. The season is
#: dated at January 2016, the month of that table; at the folder's "2009" it stood before
#: ratings_real's 2010 split with its 719 sessions, which belong after it.
SEASON_DATES = {"2009-18_Bundesliga": "2016-01-01"}
_MIND_MONTHS = {2008: 10, 2012: 8}  # Beijing 2008 October, Lille 2012 August

_SEATS = ("north", "south", "east", "west")
_SPECIAL = str.maketrans(
    {
        "ł": "l",
        "Ł": "l",
        "ø": "o",
        "Ø": "o",
        "æ": "ae",
        "Æ": "ae",
        "ß": "ss",
        "đ": "d",
        "Đ": "d",
        "ı": "i",
        "œ": "oe",
        "þ": "th",
    }
)
_PLACEHOLDER = re.compile(r"^N+\d*$")  # "NNN999": the 2018-Open files' unknown player
_TITLES = frozenset({"dr", "prof", "mr", "mrs", "ms", "jr", "sr"})

#: Reasons a table result of the frame is not in the rating log (counted in
#: ``attrs["summary"]["dropped"]``).
DROP_REASONS = (
    "duplicate file",
    "not scorable",
    "no date",
    "player not named",
    "player in two seats",
    "lone result on board",
)


def normalise_name(name):
    """A player's name as the key that links them across events.

    Parameters
    ----------
    name : str or array_like of str
        Names as printed (``"BAKKEREN Ton"``, ``"Ton Bakkeren"``, ``"Dr. Regine
        Neuhauser-Riess"``).

    Returns
    -------
    str or numpy.ndarray
        The key: letters folded to ASCII (accents dropped by Unicode NFKD; ł, ø, æ, ß, đ, ı,
        œ, þ spelt out), lower case, every other character a word break, titles (dr, prof,
        mr, mrs, ms, jr, sr) dropped, and the words sorted and joined by one space, so that
        "SURNAME Given" (the WBF and EBL pages) and "Given Surname" (the Bundesliga) give
        one key. Missing or empty names, and the placeholder ``"NNN999"`` that the
        ``2018-Open`` files print for a player they do not know, give ``""`` (not named).

    Notes
    -----
    Two players whose names fold to the same words are taken as one player, and one player
    spelt two ways (an initial in place of a given name, as the Polish League prints them,
    or a transliteration that differs between organisers) as two.

    Examples
    --------
    >>> normalise_name(["BAKKEREN Ton", "Ton Bakkeren", "A Guła", "Dr. Regine Neuhauser-Riess"])
    array(['bakkeren ton', 'bakkeren ton', 'a gula', 'neuhauser regine riess'], dtype=object)
    >>> normalise_name("ZMUDZIŃSKI Jacek"), normalise_name("NNN999")
    ('jacek zmudzinski', '')
    """
    if isinstance(name, str):
        return _normalise_one(name)
    values = pd.Series(name, dtype=object)
    keys = {v: _normalise_one(v) for v in pd.unique(values.dropna())}
    return values.map(keys).fillna("").to_numpy(dtype=object)


def _normalise_one(name, words=r"[^a-z]+") -> str:
    if not isinstance(name, str) or _PLACEHOLDER.match(name.strip()):
        return ""
    text = unicodedata.normalize("NFKD", name.translate(_SPECIAL))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    words = [w for w in re.split(words, text) if w and w not in _TITLES]
    return " ".join(sorted(words))


def event_date(event):
    """The date an event is placed at: the folder's year and its series' month.

    Parameters
    ----------
    event : str or array_like of str
        Event names of :func:`rating_board_log` (``"2008-Euro/Men/A"``).

    Returns
    -------
    pandas.Timestamp or pandas.DatetimeIndex
        The first day of the month :data:`EVENT_MONTHS` gives for the series in the year the
        folder name starts with, or the date :data:`SEASON_DATES` gives for the folder.

    Raises
    ------
    BridgestatsError
        If a name does not start with a year and a series of :data:`EVENT_MONTHS`.

    Examples
    --------
    >>> event_date("2008-Euro/Men/A"), event_date("2008-Mind/Women/G")
    (Timestamp('2008-06-01 00:00:00'), Timestamp('2008-10-01 00:00:00'))
    >>> event_date(["2012-Polish-League", "2009-18_Bundesliga/3a"]).strftime("%Y-%m").tolist()
    ['2012-07', '2016-01']
    """
    if isinstance(event, str):
        return pd.Timestamp(_date_one(event))
    values = pd.Series(event, dtype=object)
    dates = {e: _date_one(e) for e in pd.unique(values)}
    return pd.DatetimeIndex(values.map(dates))


def _date_one(event) -> str:
    folder = str(event).split("/")[0]
    if folder in SEASON_DATES:
        return SEASON_DATES[folder]
    match = re.match(r"^(\d{4})-(?:\d+_)?([A-Za-z]+)", str(event))
    word = match.group(2) if match else None
    if word not in EVENT_MONTHS:
        raise fail(
            "event", f"a name starting 'YYYY-<series>' with series in {sorted(EVENT_MONTHS)}", event
        )
    year = int(match.group(1))
    month = _MIND_MONTHS.get(year, EVENT_MONTHS[word]) if word == "Mind" else EVENT_MONTHS[word]
    return f"{year}-{month:02d}-01"


def read_fullfield(folder, *, exclude=FULLFIELD_DUPLICATES) -> pd.DataFrame:
    """Read a folder of VALET full-field results with each score file's own player names.

    Parameters
    ----------
    folder : str or Path
        A folder searched recursively for ``scores*.txt[.gz]``; beside each, its names file
        (``scoresA.txt`` reads ``namesA.txt``, else the folder's ``names.txt``, as the
        Bundesliga's five ``scores1.txt`` ... ``scores3c.txt`` share one).
    exclude : sequence of str, keyword-only
        Score files (paths below ``folder``) left out; by default the two concatenations of
        the archive (:data:`FULLFIELD_DUPLICATES`).

    Returns
    -------
    pandas.DataFrame
        :func:`~bridgestats.io.read_valet`'s frame of the files kept, player ids replaced by
        names (an id missing from its names file stays missing), and
        ``attrs["summary"]`` the reader's :class:`~bridgestats.io.LoadSummary` plus
        ``excluded`` (table results of the files left out) and ``unnamed`` (seats whose id is
        not in the names file).

    Notes
    -----
    Player ids are numbers local to each file (``2008-Euro/Men/scoresA.txt`` and
    ``scoresB.txt`` each count from 1), so the folder cannot be read with one names file.
    """
    root = Path(folder)
    frame = read_valet(root)
    summary = frame.attrs["summary"]
    excluded = frame["source"].isin(list(exclude))
    frame = frame.loc[~excluded].reset_index(drop=True)
    unnamed = 0
    for source, rows in frame.groupby("source", sort=False).groups.items():
        scores = root / source
        stem = scores.name.split(".")[0].replace("scores", "names", 1)
        candidates = sorted(scores.parent.glob(f"{stem}.txt*")) or sorted(
            scores.parent.glob("names.txt*")
        )
        if not candidates:
            raise fail("folder", f"a names file beside {source}", given=str(scores.parent))
        lookup = _names(candidates[0])
        for seat in _SEATS:
            named = frame.loc[rows, seat].map(lookup)
            unnamed += int(named.isna().sum())
            frame.loc[rows, seat] = named
    frame.attrs["summary"] = {
        "load": summary,
        "excluded": int(excluded.sum()),
        "unnamed": unnamed,
    }
    return frame


def rating_board_log(frame, *, datum="trimmed") -> pd.DataFrame:
    """Every table result scored against its board's whole field, players named, in time order.

    Parameters
    ----------
    frame : pandas.DataFrame
        The tidy frame of a full-field reader (:func:`read_fullfield`, or
        :func:`~bridgestats.io.read_valet` with names): the tables sharing ``source``,
        ``segment`` (the round) and ``board`` played the same deal; players in ``north`` ...
        ``west``.
    datum : {"trimmed", "mean"}, keyword-only
        The Butler datum (:func:`bridgestats.scoring.butler_datum`).

    Returns
    -------
    pandas.DataFrame
        One row per table result used, sorted by ``date``, ``event``, ``round``, ``board``
        (then file order): ``event``, ``date``, ``round`` (int), ``board``, ``north``,
        ``south``, ``east``, ``west`` (:func:`normalise_name` keys), ``n_tables`` (results on
        the board), ``pct_ns`` (North-South's matchpoint percentage against every other
        table of the board, ties half: 100·(rank − 1)/(n − 1)) and ``butler_imps_ns`` (IMPs
        against the field's datum). ``attrs["summary"]`` has ``records`` (rows of
        ``frame``), ``used`` and ``dropped`` (table results by reason, every reason of
        :data:`DROP_REASONS` listed; ``"duplicate file"`` and the unnamed seats come from
        :func:`read_fullfield`'s summary when present).

    Notes
    -----
    Results are compared only with results of the same deal (same file, round and board),
    after the unusable results are taken out: a result that cannot be scored, one with a
    seat whose player is not named or with one name in two seats, and a board left with a
    single result (no field to compare with). The date of an event is :func:`event_date`.

    Examples
    --------
    >>> f = pd.DataFrame({"source": "2005-World/Men/scores.txt", "event": "2005-World/Men",
    ...     "segment": "1", "board": [1, 1, 1], "score_ns": [420.0, 420.0, -50.0],
    ...     "north": ["A a", "C c", "E e"], "south": ["B b", "D d", "F f"],
    ...     "east": ["C c", "E e", "A a"], "west": ["D d", "F f", "B b"], "skip_reason": None})
    >>> rating_board_log(f)[["event", "north", "pct_ns", "butler_imps_ns"]]
                event north  pct_ns  butler_imps_ns
    0  2005-World/Men   a a    75.0             0.0
    1  2005-World/Men   c c    75.0             0.0
    2  2005-World/Men   e e     0.0           -10.0
    """
    check_frame(frame, "frame", ("source", "segment", "board", "score_ns", *_SEATS))
    keys = np.column_stack([normalise_name(frame[s]) for s in _SEATS])
    sources = pd.Series(pd.unique(frame["source"]), dtype=object)
    names = sources.str.replace(r"/?scores(\w*)\.txt(\.gz)?$", r"/\1", regex=True)
    event = frame["source"].map(dict(zip(sources, names.str.rstrip("/"), strict=True)))
    return _board_log(
        frame,
        keys,
        event=event.to_numpy(dtype=object),
        date=event_date,
        rounds=frame["segment"],
        datum=datum,
    )


def _board_log(frame, keys, *, event, date, rounds, datum, dated=None) -> pd.DataFrame:
    """The board log of ``frame`` with the players ``keys`` ((n, 4), "" not named), each
    row's ``event`` and ``rounds``, and ``date`` a function of the kept events (VALET) or
    each row's date (``dated`` says which rows have one)."""
    n_records = len(frame)
    upstream = frame.attrs.get("summary") if isinstance(frame.attrs.get("summary"), dict) else {}
    scorable = frame["score_ns"].notna().to_numpy() & frame["board"].notna().to_numpy()
    if "skip_reason" in frame:
        scorable &= frame["skip_reason"].isna().to_numpy()
    has_date = np.ones(len(frame), dtype=bool) if dated is None else np.asarray(dated, bool)
    named = (keys != "").all(axis=1)
    distinct = np.ones(len(frame), dtype=bool)
    for i in range(4):
        for j in range(i + 1, 4):
            distinct &= keys[:, i] != keys[:, j]
    ok = scorable & has_date & named & distinct
    f = frame.loc[ok, ["source", "segment", "board", "score_ns"]].reset_index(drop=True)
    seats, event = keys[ok], np.asarray(event, dtype=object)[ok]
    rounds = pd.Series(np.asarray(rounds, dtype=object)[ok])
    when = date if callable(date) else np.asarray(date, dtype=object)[ok]
    board_key = ["source", "segment", "board"]
    n_res = f.groupby(board_key, sort=False, dropna=False)["score_ns"].transform("size")
    alone = (n_res == 1).to_numpy()
    f, seats, event = f.loc[~alone].reset_index(drop=True), seats[~alone], event[~alone]
    rounds = rounds[~alone].reset_index(drop=True)
    if not callable(when):
        when = when[~alone]
    if f["segment"].isna().any():  # one session of a file: its boards' key needs no segment
        f["segment"] = f["segment"].astype(object).where(f["segment"].notna(), "")
    mp = score_board_results(f, method="mp", board=board_key)
    butler = score_board_results(f, method="butler", board=board_key, datum=datum)
    if callable(when):
        dates = when(event) if len(f) else pd.DatetimeIndex([])
    else:
        dates = pd.DatetimeIndex(pd.to_datetime(pd.Series(when, dtype=object)))
    log = pd.DataFrame(
        {
            "event": event,
            "date": dates,
            "round": pd.to_numeric(rounds).astype(np.int64),
            "board": f["board"].astype(np.int64),
            "north": seats[:, 0],
            "south": seats[:, 1],
            "east": seats[:, 2],
            "west": seats[:, 3],
            "n_tables": mp["n_results"].to_numpy(dtype=np.int64),
            "pct_ns": mp["pct_ns"].to_numpy(dtype=float),
            "butler_imps_ns": butler["imps_ns"].to_numpy(dtype=float),
        }
    )
    log = log.sort_values(["date", "event", "round", "board"], kind="stable")
    log = log.reset_index(drop=True)
    dropped = {
        "duplicate file": int(upstream.get("excluded", 0)),
        "not scorable": int((~scorable).sum()),
        "no date": int((scorable & ~has_date).sum()),
        "player not named": int((scorable & has_date & ~named).sum()),
        "player in two seats": int((scorable & has_date & named & ~distinct).sum()),
        "lone result on board": int(alone.sum()),
    }
    log.attrs["summary"] = {"records": n_records, "used": len(log), "dropped": dropped}
    return log


def committee_board_log(results, *, datum="trimmed") -> pd.DataFrame:
    """A committee's pairs sessions as a rating board log: players by number where the file
    gives one, else by name, in time order.

    Parameters
    ----------
    results : pandas.DataFrame
        Table results of full fields with each file's date: the pairs sessions of
        :func:`bridgestats.derive.read_committee` (``CommitteeResults.sessions_for``), or
        any reader's frame with a ``date`` column (ISO text, missing where unknown). The
        tables sharing ``source``, ``segment`` and ``board`` played the same deal.
    datum : {"trimmed", "mean"}, keyword-only
        The Butler datum (:func:`bridgestats.scoring.butler_datum`).

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`rating_board_log`. ``north`` ... ``west`` are the players'
        keys: ``"#<number>"`` where the file gives the player's number (``north_id`` ...
        ``west_id``: a USEBIO file's ``NATIONAL_ID_NUMBER``, else ``"club <n>"``), else
        their :func:`normalise_name` with its digits kept; ``event`` the session (the
        file, and ``/ <segment>`` where the file holds several sessions or sections);
        ``date`` the file's date; ``round`` 1 (a club session is one rating period: its
        files give no rounds).
        ``attrs["summary"]``: ``records``, ``used`` and ``dropped`` by reason
        (:data:`DROP_REASONS`; ``"no date"``: a file that prints no date cannot be put in
        time order).

    Notes
    -----
    A player numbered in one file and only named in another is two players, and two
    players of one name in files without numbers are one.

    Examples
    --------
    >>> r = pd.DataFrame({"source": "club.xml", "event": "Tuesday", "segment": None,
    ...     "board": [1, 1, 1], "score_ns": [420.0, 420.0, -50.0], "skip_reason": None,
    ...     "date": "2025-03-04", "north": ["Ann", "Cy", "Ed"], "south": ["Bo", "Di", "Flo"],
    ...     "east": ["Cy", "Ed", "Ann"], "west": ["Di", "Flo", "Bo"],
    ...     "north_id": ["101", None, "105"], "south_id": "x"})
    >>> committee_board_log(r.drop(columns="south_id"))[["event", "north", "south", "pct_ns"]]
          event north south  pct_ns
    0  club.xml  #101    bo    75.0
    1  club.xml    cy    di    75.0
    2  club.xml  #105   flo     0.0
    """
    check_frame(results, "results", ("source", "segment", "board", "score_ns", "date", *_SEATS))
    keys = np.column_stack([_player_keys(results, s) for s in _SEATS])
    segment = results["segment"].astype(object)
    several = results.assign(_s=segment.fillna("")).groupby("source")["_s"].transform("nunique")
    event = np.where(
        several.to_numpy() > 1,
        results["source"].astype(str) + " / " + segment.fillna("").astype(str),
        results["source"].astype(str),
    )
    dated = results["date"].notna().to_numpy()
    return _board_log(
        results,
        keys,
        event=event,
        date=results["date"].to_numpy(dtype=object),
        rounds=np.ones(len(results), dtype=np.int64),
        datum=datum,
        dated=dated,
    )


def _player_keys(results, seat: str) -> np.ndarray:
    """A seat's player keys: ``#<number>`` where the file gives one, else the name's key
    (:func:`normalise_name`'s, its digits kept: a club's files may name players "Pair 3
    North" or, anonymised, "PLAYER 001")."""
    values = results[seat].astype(object)
    keys = {v: _normalise_one(v, r"[^a-z0-9]+") for v in pd.unique(values.dropna())}
    names = values.map(keys).fillna("").to_numpy(dtype=object)
    column = f"{seat}_id"
    if column not in results:
        return names
    ids = results[column].astype(object)
    has = ids.notna().to_numpy() & (ids.astype(str).str.strip() != "").to_numpy()
    return np.where(has, "#" + ids.astype(str).str.strip(), names).astype(object)


def rating_sessions(board_log) -> pd.DataFrame:
    """One row per table and round: a pair's session against the pair it met for the round.

    Parameters
    ----------
    board_log : pandas.DataFrame
        From :func:`rating_board_log`.

    Returns
    -------
    pandas.DataFrame
        In time order (``date``, ``event``, ``round``, then the first board of the table):
        ``event``, ``date`` (ISO text), ``round``, ``north``, ``south``, ``east``, ``west``,
        ``n_boards`` (boards the four played together in the round), ``pct_ns`` (the mean
        of North-South's board percentages), ``pct_ns_var`` (their variance about that
        mean, dividing by ``n_boards``: with it a forecast's per-board squared error is
        ``(pct_ns − forecast)² + pct_ns_var`` for a forecast that is constant over the
        session) and ``butler_imps_ns`` (the sum of their Butler IMPs).
        ``attrs["summary"]`` is the board log's summary.

    Notes
    -----
    A table whose players change within a round (a substitution) gives one session per
    line-up. Nothing is dropped: ``n_boards`` summed over the sessions is the board log's
    length.

    Examples
    --------
    >>> b = pd.DataFrame({"event": "E", "date": pd.Timestamp("2005-09-01"), "round": 1,
    ...     "board": [1, 2], "north": "a", "south": "b", "east": "c", "west": "d",
    ...     "n_tables": 2, "pct_ns": [100.0, 50.0], "butler_imps_ns": [3.0, -1.0]})
    >>> rating_sessions(b)[["round", "n_boards", "pct_ns", "pct_ns_var", "butler_imps_ns"]]
       round  n_boards  pct_ns  pct_ns_var  butler_imps_ns
    0      1         2    75.0       625.0             2.0
    """
    check_frame(
        board_log,
        "board_log",
        ("event", "date", "round", "board", *_SEATS, "pct_ns", "butler_imps_ns"),
    )
    keys = ["date", "event", "round", *_SEATS]
    grouped = board_log.groupby(keys, sort=False)
    out = grouped.agg(
        n_boards=("pct_ns", "size"),
        pct_ns=("pct_ns", "mean"),
        pct_ns_var=("pct_ns", lambda x: float(np.var(x))),
        butler_imps_ns=("butler_imps_ns", "sum"),
        first_board=("board", "min"),
    ).reset_index()
    out = out.sort_values(["date", "event", "round", "first_board"], kind="stable")
    out["date"] = pd.to_datetime(out["date"]).dt.strftime("%Y-%m-%d")
    out = out[
        ["event", "date", "round", *_SEATS, "n_boards", "pct_ns", "pct_ns_var", "butler_imps_ns"]
    ]
    out = out.reset_index(drop=True)
    out.attrs["summary"] = board_log.attrs.get("summary")
    return out


def rating_players(sessions) -> pd.DataFrame:
    """Per player of a session log: sessions, boards, championships and partners.

    Parameters
    ----------
    sessions : pandas.DataFrame
        From :func:`rating_sessions` (or ``data/derived/rating_sessions.csv``).

    Returns
    -------
    pandas.DataFrame
        One row per player, sorted by player: ``player``, ``n_sessions``, ``n_boards``,
        ``n_events`` (distinct ``event`` values: a group of a championship, such as
        ``2008-Euro/Men/A``, or a stage, such as ``2018-Open/BAMQ1``, is one),
        ``n_championships`` (distinct folders the events are in: ``2008-Euro``,
        ``2009-18_Bundesliga``, ``2018-Open``), ``n_partners`` (distinct partners) and
        ``main_partner_share`` (the share of the player's boards played with their most
        frequent partner).

    Examples
    --------
    >>> s = pd.DataFrame({"event": ["2005-World/Men", "2006-Euro/Men"], "round": 1,
    ...     "north": "a", "south": ["b", "x"], "east": "c", "west": "d", "n_boards": [20, 10]})
    >>> rating_players(s).iloc[0]
    player                       a
    n_sessions                   2
    n_boards                    30
    n_events                     2
    n_championships              2
    n_partners                   2
    main_partner_share    0.666667
    Name: 0, dtype: object
    """
    check_frame(sessions, "sessions", ("event", *_SEATS, "n_boards"))
    partner = {"north": "south", "south": "north", "east": "west", "west": "east"}
    seat_rows = pd.concat(
        [
            pd.DataFrame(
                {
                    "player": sessions[s].to_numpy(),
                    "partner": sessions[p].to_numpy(),
                    "event": sessions["event"].to_numpy(),
                    "n_boards": sessions["n_boards"].to_numpy(),
                }
            )
            for s, p in partner.items()
        ],
        ignore_index=True,
    )
    seat_rows["championship"] = seat_rows["event"].astype(str).str.split("/").str[0]
    g = seat_rows.groupby("player")
    out = g.agg(
        n_sessions=("n_boards", "size"),
        n_boards=("n_boards", "sum"),
        n_events=("event", "nunique"),
        n_championships=("championship", "nunique"),
        n_partners=("partner", "nunique"),
    )
    with_partner = seat_rows.groupby(["player", "partner"])["n_boards"].sum()
    out["main_partner_share"] = with_partner.groupby(level=0).max() / out["n_boards"]
    return out.reset_index()
