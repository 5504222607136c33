"""An event file scored: per board, the ranking, team matches and the agreement check.

Part of :mod:`bridgestats.apps.score`: :func:`score_event` and its :class:`EventScore`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from ..._validate import check_choice, check_frame, check_number, fail
from ...conventions import check_conventions, conventions_of
from ...errors import BridgestatsError
from ...scoring import METHODS
from .adjusted import _printed
from .agreement import _PRINTED, agreement, assigned_lines
from .boards import board_scores
from .detect import declared_method
from .frame import _sources, _take_in
from .ranking import event_ranking, pair_ranking
from .standings import compare_standings
from .teams import team_matches, team_ranking

__all__ = ["EventScore", "score_event", "score_files"]


@dataclass(frozen=True)
class EventScore:
    """An event scored (see :func:`score_event`).

    Attributes
    ----------
    method : str
        ``"mp"``, ``"butler"``, ``"cross_imps"`` or ``"teams"``.
    method_source : str
        Where the method came from (``"declared: IMP;Cross"``, ``"chosen"``, ...).
    boards : pandas.DataFrame
        Per result (:func:`board_scores`); for teams, per board (the swings).
    ranking : pandas.DataFrame
        Pairs (:func:`pair_ranking`) or teams (:func:`team_ranking`).
    matches : pandas.DataFrame or None
        Teams: :func:`team_matches`.
    agreement : pandas.DataFrame
        :func:`agreement`'s summary (empty when the file printed no scores).
    mismatches : pandas.DataFrame
        :func:`agreement`'s disagreeing results.
    notes : dict
        Counts: results read, scored, skipped by reason, pairs unranked, boards unpaired.
    ranking_agreement : pandas.DataFrame or None
        :func:`ranking_agreement` of the ranking with the printed standings (``printed``
        of :func:`score_event`), its disagreeing pairs in ``attrs["mismatches"]``.
    conventions : str
        The id of the scoring program's conventions the event was scored by
        (:data:`bridgestats.conventions.CONVENTIONS`).
    """

    method: str
    method_source: str
    boards: pd.DataFrame
    ranking: pd.DataFrame
    matches: pd.DataFrame | None
    agreement: pd.DataFrame
    mismatches: pd.DataFrame
    notes: dict = field(default_factory=dict)
    ranking_agreement: pd.DataFrame | None = None
    conventions: str = "neuberg"


def _no_match(frame: pd.DataFrame, summary: dict) -> str:
    """Why the team method found no two-room match: the rooms the records name and the
    records unpaired by reason."""
    rooms = frame["room"].value_counts() if "room" in frame else pd.Series(dtype="int64")
    said = ", ".join(f"{v} {k}" for k, v in rooms.items()) or "none named"
    teams = "no team names" if "home_team" not in frame or frame["home_team"].isna().all() else ""
    unpaired = ", ".join(f"{v} {k}" for k, v in summary.get("unpaired", {}).items() if v)
    return (
        f"no two-room team match in {_sources(frame)}: no board pairs an open-room with a "
        f"closed-room result (rooms: {said}"
        + (f"; {teams}" if teams else "")
        + ")"
        + (f"; unpaired: {unpaired}" if unpaired else "")
        + "; score it as pairs (--method mp, butler or cross-imps)"
    )


def _best_per_beat(frame, **options) -> tuple[int, pd.DataFrame | None]:
    """1 or 2 matchpoints per result beaten: whichever more printed matchpoints agree with
    (2 on a tie, and when nothing is printed), and its :func:`board_scores` (None when
    nothing is printed: nothing was scored to choose). When 2 agree with every printed
    line, 1 cannot do better and is not tried."""
    printed = [c for c, comp in _PRINTED["mp"] if comp == "mp_ns" and _printed(frame, c)]
    if not printed:
        return 2, None
    best, best_agree, best_scores = 2, -1, None
    for per_beat in (2, 1):
        s = board_scores(frame, method="mp", per_beat=per_beat, **options)
        summary, _ = agreement(frame, s, method="mp")
        rows = summary["computed"] == "mp_ns"
        agree = int(summary.loc[rows, "agree"].sum())
        if agree > best_agree:
            best, best_agree, best_scores = per_beat, agree, s
        if agree == int(summary.loc[rows, "compared"].sum()):
            break
    return best, best_scores


def score_event(
    frame,
    *,
    method=None,
    per_beat=None,
    ascherman=False,
    neuberg=None,
    datum=None,
    trim=None,
    cross_sum=False,
    decimals=None,
    scale="wbf",
    k=None,
    scale_file=None,
    printed=None,
    conventions=None,
    method_source=None,
    rank_over="section",
) -> EventScore:
    """Score an event read from a file: per board, the ranking, and the agreement check.

    Parameters
    ----------
    frame : pandas.DataFrame
        From :func:`bridgestats.io.read_results`.
    method : {"mp", "butler", "cross_imps", "teams"} or None, keyword-only
        ``None``: the file's own (:func:`declared_method`).
    per_beat : {1, 2} or None, keyword-only
        Matchpoints per result beaten; ``None``: the one the printed matchpoints agree
        with more often (2 when none are printed).
    ascherman, neuberg, datum, trim, cross_sum : keyword-only
        See :func:`board_scores`.
    decimals : int or None, keyword-only
        Pairs: see :func:`pair_ranking`; ``None``: the ``conventions``' board rounding.
    scale, k, scale_file : keyword-only
        Teams: see :func:`team_matches`.
    printed : pandas.DataFrame or None, keyword-only
        Pairs: the standings the file printed (``pair`` and any of ``total``, ``pct``,
        ``place``; ``event`` too when the file holds several), compared with the ranking
        (:func:`ranking_agreement`). A printed total agrees either as the sum of the
        pair's boards or scaled to the most boards any pair of the section played
        (Compscore prints ``TOTAL_SCORE`` of a pair that sat out a round scaled so:
        124.0 on 26 of 27 boards is 128.77): as the ``conventions`` say (their
        ``total``), or whichever more totals agree with where they do not; named in
        ``notes["printed total"]``; the file's names of the figures (``attrs["names"]``:
        ``TOTAL_SCORE``, ``Rank``) in ``notes["printed names"]``.
    conventions : Conventions, str or None, keyword-only
        The scoring program's conventions (:data:`bridgestats.conventions.CONVENTIONS`, by id);
        ``None``: those of the program the file names (USEBIO ``PROGRAM_NAME``, PBN
        ``Generator``; :func:`bridgestats.conventions.conventions_of`), Neuberg's where it names
        none. Their id is ``EventScore.conventions``, why they were chosen
        ``notes["conventions"]``.
    method_source : str or None, keyword-only
        Where a given ``method`` came from, when the caller found it (the second value
        of :func:`declared_method`); ``None``: ``"chosen"``.
    rank_over : {"section", "event"}, keyword-only
        ``"section"``: the pairs of each section ranked (:func:`pair_ranking`);
        ``"event"``: the pairs over all segments and both directions by IMPs per board
        (:func:`event_ranking`), at Butler or cross-IMPs (Butler where the file declares
        another method and ``method`` is not given). The printed standings are then not
        compared (they rank sections).

    Returns
    -------
    EventScore

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "", "board": [1, 1],
    ...                   "pair_ns": ["1", "2"], "pair_ew": ["3", "4"],
    ...                   "score_ns": [420.0, 450.0], "Scoring": "MP"})
    >>> e = score_event(f)
    >>> e.method, e.ranking["place_text"].tolist()
    ('mp', ['1', '2', '1', '2'])
    """
    frame = _take_in(frame)
    check_choice(rank_over, "rank_over", RANK_OVER)
    if conventions is None:
        conv, notes_conv = conventions_of(_programs(frame))
    else:
        conv, notes_conv = check_conventions(conventions), "chosen"
    if method is None:
        method, source = _for_ranking(*declared_method(frame, conventions=conv), rank_over)
    else:
        check_choice(method, "method", (*METHODS, "teams"))
        source = "chosen" if method_source is None else str(method_source)
        if rank_over == "event" and method not in _EVENT_METHODS:
            raise fail("method", "butler or cross_imps with rank_over='event'", method)
    if per_beat is not None:
        per_beat = check_number(per_beat, "per_beat", low=0, low_open=True)
    skipped = {}
    if "skip_reason" in frame:
        skipped = {str(k): int(v) for k, v in frame["skip_reason"].value_counts().items()}
    notes = {"results": len(frame), "skipped": skipped, "conventions": notes_conv}
    date = _one_value(frame, ("Date", "DATE"))  # PBN and Bridgemate Date, USEBIO DATE
    if date:
        notes["date"] = date
    if method == "teams":
        matches = team_matches(frame, scale=scale, k=k, scale_file=scale_file)
        if matches.empty:
            raise BridgestatsError(_no_match(frame, matches.attrs["summary"]))
        summary = dict(matches.attrs["summary"])
        boards = summary.pop("boards")
        notes.update(summary)
        ranking = team_ranking(matches)
        agree, bad = agreement(frame, None, method="teams")
        return EventScore(
            method, source, boards, ranking, matches, agree, bad, notes, conventions=conv.id
        )
    options = {"ascherman": ascherman, "neuberg": neuberg, "conventions": conv}
    boards = None
    if method == "mp" and per_beat is None:  # the chosen one's scores are kept, not redone
        per_beat, boards = _best_per_beat(frame, **options)
        notes["per_beat"] = per_beat
    boards_per_beat = 2 if per_beat is None else per_beat
    if boards is None:
        boards = board_scores(
            frame,
            method=method,
            per_beat=boards_per_beat,
            datum=datum,
            trim=trim,
            cross_sum=cross_sum,
            **options,
        )
    if method == "mp" and not ascherman:
        assigned = assigned_lines(
            frame, boards, per_beat=boards_per_beat, neuberg=neuberg, conventions=conv
        )
        if assigned:
            boards = board_scores(
                frame,
                method="mp",
                per_beat=boards_per_beat,
                neuberg=neuberg,
                assigned=assigned,
                conventions=conv,
            )
            notes["assigned"] = len(assigned)
    notes.update(boards.attrs["summary"])
    left = boards["skip_reason"].dropna()
    notes["skipped"] = {str(k): int(v) for k, v in left.value_counts().items()}
    decimals = conv.board_decimals if decimals is None else decimals
    if rank_over == "event":
        ranking = event_ranking(boards)
        notes["event ranking"] = dict(ranking.attrs["summary"])
        printed = None  # printed standings rank sections, not the event's pairs
    else:
        ranking = pair_ranking(boards, decimals=decimals)
        notes.update(ranking.attrs["summary"])
    agree, bad = agreement(frame, boards, method=method)
    versus = None
    if printed is not None:
        versus, notes["printed total"] = compare_standings(ranking, printed, total=conv.total)
        notes["printed names"] = dict(printed.attrs.get("names", {}))
        if "pair ids" in versus.attrs:
            notes["printed pair ids"] = versus.attrs["pair ids"]
    return EventScore(
        method, source, boards, ranking, None, agree, bad, notes, versus, conventions=conv.id
    )


#: What a ranking covers (``rank_over`` of :func:`score_event`).
RANK_OVER = ("section", "event")
_EVENT_METHODS = ("butler", "cross_imps")


def _for_ranking(method: str, source: str, rank_over: str) -> tuple[str, str]:
    """The method found for a file, or Butler for an event ranking of a file that
    declares no IMP method (said in its source)."""
    if rank_over != "event" or method in _EVENT_METHODS:
        return method, source
    said = "an event ranking counts IMPs a board: Butler by default"
    if source.startswith("declared: "):
        said += f" (the file declares {source.removeprefix('declared: ')})"
    return "butler", said


def _one_value(frame: pd.DataFrame, columns) -> str | None:
    """The one value the first of ``columns`` the frame has holds (blank and PBN's ``?``
    aside), as printed; None where none or several."""
    for col in columns:
        if col in frame:
            values = {str(v).strip() for v in frame[col].dropna()} - {"", "?"}
            return values.pop() if len(values) == 1 else None
    return None


def _programs(frame: pd.DataFrame) -> list:
    """The scoring programs a frame's file names (USEBIO ``PROGRAM_NAME``, PBN
    ``Generator``), most records first."""
    names = []
    for col in ("PROGRAM_NAME", "Generator"):
        if col in frame:
            names += list(frame[col].dropna().astype(str).value_counts().index)
    return names


def score_files(frame, *, method=None, conventions=None, standings=None, **options) -> list:
    """Each file of a frame scored on its own: its own method, conventions and standings.

    Parameters
    ----------
    frame : pandas.DataFrame
        From :func:`bridgestats.io.read_results`, one file or a folder of them (its
        ``source`` names each file).
    method, conventions : keyword-only
        As for :func:`score_event`; ``None``: each file's own (:func:`declared_method`,
        :func:`bridgestats.conventions.conventions_of`), so that a folder of Butler and
        matchpoint sessions is scored session by session.
    standings : callable or None, keyword-only
        ``standings(source, method)``: the standings the file printed, or None
        (:func:`~.standings.printed_standings` on the file's path).
    **options
        The other keywords of :func:`score_event`.

    Returns
    -------
    list of EventScore
        One per file, in the order the frame holds them. A file with nothing to score
        raises, naming it (:func:`score_event`).
    """
    check_frame(frame, "frame", ("board", "score_ns"))
    if "source" in frame and frame["source"].nunique(dropna=False) > 1:
        parts = [part for _, part in frame.groupby("source", sort=False, dropna=False)]
    else:
        parts = [frame]
    out = []
    for part in parts:
        conv = check_conventions(conventions) if conventions is not None else None
        if conv is None:
            conv, _ = conventions_of(_programs(part))
        found = None
        if method is None:
            part_in = _take_in(part)
            rank_over = options.get("rank_over", "section")
            got, found = _for_ranking(*declared_method(part_in, conventions=conv), rank_over)
        else:
            got = method
        source = str(part["source"].iat[0]) if "source" in part and len(part) else ""
        printed = standings(source, got) if standings is not None else None
        out.append(
            score_event(
                part,
                method=got,
                method_source=found,
                conventions=conventions,
                printed=printed,
                **options,
            )
        )
    return out
