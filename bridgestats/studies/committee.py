"""The evidence reports on a committee's own events: the frames each report needs from ``files``.

Every evidence report takes ``files`` (files and folders, read once by
:func:`bridgestats.derive.read_committee`; ``None`` keeps the shipped data) and turns what
they hold into the frames it works on with one function here:

- :func:`round_counts`: the matches of a committee's Swiss pairs (or teams) events as
  rounds × VP outcome on the scale they were scored on (:func:`scored_on` finds it from
  the VPs the file gives), the shape of Brighton 2005's Table 7 that
  :func:`bridgestats.studies.brighton.brighton_sigma` and ``brighton_tests`` fit
  (``washington_sigma``, ``vp_frequencies``);
- :func:`rescore_matches`: the committee's round robins and Swiss events in the shape of
  ``data/derived/rescored_matches`` with the scale each was scored on, for
  :func:`bridgestats.studies.rescore.rescore_events` (``compare_scales``);
- :func:`board_spreads`: the spreads of the committee's full-field boards (``butler_scales``);
- :func:`rating_log`: a session log of the committee's pairs sessions, players by their
  number where the file gives one, else by name (``ratings_real``).

Each result carries the :class:`~bridgestats.derive.ReadStatement` of what it read, and
:func:`interval_verdict` says in words whether an interval is narrow enough to decide
between the published figures it is set against.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_choice, fail
from ..derive.committee import CommitteeResults, ReadStatement, read_committee, read_statement
from ..names import display_name
from ..vp import NAMED_SCALES, VPScale, named_scale
from .brighton import brighton_round_counts
from .rounds import RoundCounts, random_draw_sigma, sigma_tests, subset_sigma

__all__ = [
    "DEFAULT_SCALES",
    "BoardSpreads",
    "RatingLog",
    "RescoreInput",
    "RoundCounts",
    "as_committee",
    "board_spreads",
    "interval_verdict",
    "random_draw_sigma",
    "rating_log",
    "read_for",
    "rescore_input",
    "round_counts",
    "scored_on",
    "sigma_tests",
    "subset_sigma",
    "team_swings",
]

#: The scale a form's events are taken as scored on when the file gives no VPs: the WBF
#: 2013 discrete scale for team matches, the EBU's 2006 table for Swiss pairs.
DEFAULT_SCALES = {"teams": "wbf_discrete", "swiss_pairs": "ebu_2006"}
#: The named 20-0 scales a form's VPs are matched against (:func:`scored_on`).
_CANDIDATES = {
    "teams": ("wbf_discrete", "wbf"),
    "swiss_pairs": (
        "ebu_2006",
        "washington_2004",
        "ascherman_2006",
        "random_draw",
        "triangular_2003",
    ),
}


def as_committee(files, *, progress: bool = True) -> CommitteeResults | None:
    """``files`` read by :func:`~bridgestats.derive.read_committee`, or a
    :class:`~bridgestats.derive.CommitteeResults` already read, as it is; None (the
    shipped data) stays None."""
    if files is None or isinstance(files, CommitteeResults):
        return files
    return read_committee(files, progress=progress)


def read_for(files, uses) -> ReadStatement | None:
    """What a report read of ``files`` (:func:`~bridgestats.derive.read_statement` for the
    :data:`~bridgestats.derive.HOLDS` ids it ``uses``), or None for the shipped data.

    >>> read_for(None, "teams_matches") is None
    True
    >>> read_for(_demo_committee(), "teams_matches").sentence[:43]
    'Read 1 file: 4 team matches of 1 event in r'
    """
    c = as_committee(files)
    return None if c is None else read_statement(c, uses)


def scored_on(matches: pd.DataFrame, scale=None, *, form: str, n_boards: int):
    """The scale a form's matches were scored on, and how many of their VPs it gives.

    Parameters
    ----------
    matches : pandas.DataFrame
        Usable matches of one form (:meth:`~bridgestats.derive.CommitteeResults.matches_for`).
    scale : str, path or VPScale, optional
        The scale, when the committee names it: an id of
        :data:`bridgestats.vp.NAMED_SCALES`, a scale CSV (a path ending ``.csv``, read by
        :func:`bridgestats.io.read_scale_csv`) or a VPScale. By
        default the named scale of :data:`_CANDIDATES` that gives the most of the VPs the
        file prints (the first, :data:`DEFAULT_SCALES`, when it prints none).
    form : {"teams", "swiss_pairs"}, keyword-only
    n_boards : int, keyword-only
        Boards per match (for the WBF scales).

    Returns
    -------
    scale : VPScale
    scale_id : str
        Its id, or ``"given"`` for a VPScale given.
    agree : int
        Matches whose printed ``vp_home`` the scale gives (to 0.01 VP).
    printed : int
        Matches that print VPs.

    Examples
    --------
    >>> m = pd.DataFrame({"margin": [0.5, 3.0, -12.0], "vp_home": [10.0, 12.0, 2.0]})
    >>> s, sid, agree, printed = scored_on(m, form="swiss_pairs", n_boards=8)
    >>> sid, agree, printed
    ('ebu_2006', 3, 3)
    """
    check_choice(form, "form", tuple(_CANDIDATES))
    printed_vp = matches["vp_home"].to_numpy(dtype=float)
    has = np.isfinite(printed_vp)
    margin = matches["margin"].to_numpy(dtype=float)

    def agree(s: VPScale) -> int:
        if s.raw or not has.any():
            return 0
        return int(np.sum(np.abs(s.vp(margin[has]) - printed_vp[has]) < 0.005))

    if isinstance(scale, str | os.PathLike) and str(scale).lower().endswith(".csv"):
        from ..io import read_scale_csv

        scale = dataclasses.replace(read_scale_csv(scale), name=f"the scale of {Path(scale).name}")
    if isinstance(scale, VPScale):
        return scale, "given", agree(scale), int(has.sum())
    if scale is not None:
        check_choice(scale, "scale", tuple(NAMED_SCALES))
        s = named_scale(scale, n_boards=n_boards)
        return s, scale, agree(s), int(has.sum())
    best = None
    for sid in _CANDIDATES[form]:
        s = named_scale(sid, n_boards=n_boards)
        n = agree(s)
        if best is None or n > best[2]:
            best = (s, sid, n)
    return best[0], best[1], best[2], int(has.sum())


def _demo_committee() -> CommitteeResults:
    """A tiny committee of three team matches, for the examples."""
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp())
    (folder / "league.csv").write_text(
        "event,round,home,visitors,boards,imps_home,imps_visitors\n"
        "League,1,A,B,16,40,12\nLeague,1,C,D,16,3,20\nLeague,2,A,C,16,25,25\n"
        "League,2,B,D,16,31,7\n"
    )
    return read_committee(folder)


def round_counts(files, *, scale=None, form=None, report="washington_sigma") -> RoundCounts:
    """A committee's Swiss pairs (or teams) events as rounds × VP outcome.

    Parameters
    ----------
    files : list of paths, CommitteeResults, or None
        The committee's files (read by :func:`~bridgestats.derive.read_committee`); None:
        the shipped Brighton 2005 counts (Probst's Table 7, scored on the 2004 scale).
    scale : str or VPScale, optional
        The scale they were scored on (:func:`scored_on`: found from the VPs the file
        prints when not given).
    form : {"swiss_pairs", "teams"}, optional
        Which matches: Swiss pairs where the files hold any, else team matches.
    report : str, keyword-only
        The report asking (named in a refusal).

    Returns
    -------
    RoundCounts

    Raises
    ------
    BridgestatsError
        No match of the form (one sentence naming the files), or no match with a round.

    Notes
    -----
    A match's outcome is the band of the scale its margin falls in (``VPScale.outcome``),
    whoever won, so the counts are of the winner's VPs as in Probst's Table 7. Matches are
    of one length: those whose boards differ from the most common count are left out and
    counted. The WBF continuous scale is counted on its discrete version (:attr:`RoundCounts.
    binned_on`): a σ fit needs bands with matches in them.

    Examples
    --------
    >>> counts = round_counts(_demo_committee(), report="demo")
    >>> counts.scale_id, counts.n_boards, counts.by_round.shape
    ('wbf_discrete', 16, (2, 11))
    >>> counts.by_round.loc[1].to_dict()[16], counts.by_round.loc[2].to_dict()[10]
    (1, 1)
    """
    if files is None:
        return brighton_round_counts()
    c = as_committee(files)
    if form is None:
        forms = [f for f in ("swiss_pairs", "teams") if f in set(c.matches["form"])]
        usable = c.matches[c.matches["skip_reason"].isna()]
        present = [f for f in forms if (usable["form"] == f).any()]
        form = present[0] if present else "swiss_pairs"
    check_choice(form, "form", ("swiss_pairs", "teams"))
    m = c.matches_for(report, forms=[form])
    left_out = {}
    lengths = m["boards"].value_counts()
    n_boards = int(lengths.index[0])
    other = m["boards"] != n_boards
    if other.any():
        left_out["other number of boards"] = int(other.sum())
    no_round = m["round"].isna() & ~other
    if no_round.any():
        left_out["no round"] = int(no_round.sum())
    m = m[~other & ~no_round]
    if m.empty:
        raise fail("files", f"{report}: matches with a round number", "none")
    s, sid, agree, printed = scored_on(m, scale, form=form, n_boards=n_boards)
    binned = named_scale("wbf_discrete", n_boards=n_boards) if sid == "wbf" else s
    if binned.raw or binned.max_vp != 20 or binned.negative:
        raise fail("scale", "a 20-0 scale without negative VPs (its outcomes are counted)", sid)
    outcome = binned.outcome(m["margin"].to_numpy(dtype=float))
    vps = [int(v) if float(v).is_integer() else float(v) for v in binned.vp_winner]
    rounds = m["round"].astype(int).to_numpy()
    table = pd.crosstab(
        pd.Series(rounds, name="round"), pd.Series(np.asarray(vps)[outcome], name="vp_winner")
    )
    table = table.reindex(columns=vps, fill_value=0)
    events = list(pd.unique(m["event"]))
    name = events[0] if len(events) == 1 else f"{len(events)} events"
    unit = "IMPs" if form == "teams" else "MP %"
    return RoundCounts(
        by_round=table,
        thresholds=np.asarray(binned.thresholds, dtype=float),
        scale=s,
        scale_id=sid,
        binned_on=binned,
        binned_id="wbf_discrete" if sid == "wbf" else sid,
        form=form,
        unit=unit,
        n_boards=n_boards,
        name=name,
        vp_agree=agree,
        vp_printed=printed,
        left_out=left_out,
        read_statement=read_statement(c, _FORM_USES[form]),
        source=(
            f"the committee's files ({len(m):,} matches of {n_boards} boards) counted on "
            f"the {binned.name or sid} scale's bands: ML σ of the binned normal margin, "
            "profile-likelihood interval"
        ),
        read_from=c.given,
    )


@dataclass(frozen=True)
class RescoreInput:
    """The events ``compare_scales`` re-scores: the shipped championships or a committee's.

    Attributes
    ----------
    matches : pandas.DataFrame
        The columns of ``data/derived/rescored_matches`` (``event``, ``round``, ``team_a``,
        ``team_b``, ``boards``, ``boards_scored``, ``imps_a``, ``imps_b``,
        ``missing_tables``, ``ambiguous_tables``); a committee's also ``margin`` and
        ``kind`` (``"round robin"`` for team matches, ``"Swiss pairs"``): the input of
        :func:`bridgestats.studies.rescore.rescore_events`.
    baselines : dict or None
        Event → ``(scale, note, played)``: the scale each committee event was scored on
        (:func:`scored_on`), against which the changes are counted; None: the shipped
        events' :func:`~bridgestats.studies.rescore.baseline_scale`.
    read_statement : ReadStatement or None
        What was read.
    read_from : tuple of str
        The data set or files.
    """

    matches: pd.DataFrame
    baselines: dict | None
    read_statement: ReadStatement | None
    read_from: tuple[str, ...]

    def baseline(self, event) -> tuple[str, str, bool]:
        """The baseline of one event (as :func:`~bridgestats.studies.rescore.baseline_scale`)."""
        from .rescore import baseline_scale

        return (self.baselines or {}).get(event) or baseline_scale(event)


_KIND = {"teams": "round robin", "swiss_pairs": "Swiss pairs"}
_FORM_USES = {"teams": "teams_matches", "swiss_pairs": "swiss_pairs_rounds"}


def rescore_input(files=None, *, scale=None, report="compare_scales") -> RescoreInput:
    """A committee's round robins and Swiss events, ready to re-score under every scale.

    Parameters
    ----------
    files : list of paths, CommitteeResults, or None
        The committee's files; None: the shipped 51 championship round robins
        (``data/derived/rescored_matches``).
    scale : str, optional
        The id of the scale the events were scored on, for every event; by default each
        event's is found from the VPs its matches print (:func:`scored_on`).
    report : str, keyword-only
        The report asking (named in a refusal).

    Returns
    -------
    RescoreInput

    Notes
    -----
    The sides are the file's ``home`` and ``visitors``; a team match's margin is in IMPs,
    a Swiss pairs match's in MP % (:func:`bridgestats.io.read_match_results`). Each
    event is re-scored with the boards of its longest match.

    Examples
    --------
    >>> r = rescore_input(_demo_committee(), report="demo")
    >>> print(r.matches[["event", "team_a", "team_b", "margin", "kind"]].head(2).to_string())
        event team_a team_b  margin         kind
    0  League      A      B    28.0  round robin
    1  League      C      D   -17.0  round robin
    >>> r.baseline("League")
    ('WBF 2013 discrete', 'the scale scored on (WBF 2013 (whole VPs), the default: the files \
print no VPs)', True)
    """
    from .. import datasets
    from .rescore import scale_label

    if files is None:
        name = "derived/rescored_matches"
        return RescoreInput(datasets.load(name), None, None, (name,))
    c = as_committee(files)
    m = c.matches_for(report, forms=["teams", "swiss_pairs"])
    frames, baselines = [], {}
    for event, em in m.groupby("event", sort=True):
        forms = set(em["form"])
        if len(forms) > 1:
            raise fail(
                "files", f"one form per event ({event!r} has team and pairs matches)", sorted(forms)
            )
        form = forms.pop()
        n_boards = int(em["boards"].max())
        s, sid, agree, printed = scored_on(em, scale, form=form, n_boards=n_boards)
        how = (
            "from the files"
            if printed and agree == printed
            else f"{agree:,} of its {printed:,} printed VPs agree"
            if printed
            else "the default: the files print no VPs"
        )
        shown = display_name("scale", sid) if sid in NAMED_SCALES else s.name
        baselines[event] = (scale_label(s.name), f"the scale scored on ({shown}, {how})", True)
        frames.append(
            pd.DataFrame(
                {
                    "event": event,
                    "round": em["round"].to_numpy(),
                    "team_a": em["home"].to_numpy(),
                    "team_b": em["visitors"].to_numpy(),
                    "boards": em["boards"].to_numpy(dtype=np.int64),
                    "boards_scored": em["boards"].to_numpy(dtype=np.int64),
                    "imps_a": em["score_home"].to_numpy(dtype=float),
                    "imps_b": em["score_visitors"].to_numpy(dtype=float),
                    "missing_tables": 0,
                    "ambiguous_tables": 0,
                    "margin": em["margin"].to_numpy(dtype=float),
                    "kind": _KIND[form],
                }
            )
        )
    return RescoreInput(
        matches=pd.concat(frames, ignore_index=True),
        baselines=baselines,
        read_statement=read_statement(c, ["teams_matches", "swiss_pairs_rounds"]),
        read_from=c.given,
    )


@dataclass(frozen=True)
class BoardSpreads:
    """Per board of a committee's full fields, the spreads the Butler factor is measured on.

    Attributes
    ----------
    spreads : pandas.DataFrame or None
        The columns of ``data/derived/fullfield_board_spreads`` (``event``, ``round``,
        ``board``, ``n_tables``, ``score_sd``, ``butler_imps_sd_mean``,
        ``butler_imps_sd_trimmed``, ``cross_imps_rms``); None: the shipped file.
    read_statement : ReadStatement or None
    read_from : tuple of str
    """

    spreads: pd.DataFrame | None
    read_statement: ReadStatement | None
    read_from: tuple[str, ...]


def board_spreads(files=None, *, report="butler_scales") -> BoardSpreads:
    """The Butler and cross-IMP spreads of every board of a committee's pairs sessions.

    Parameters
    ----------
    files : list of paths, CommitteeResults, or None
        The committee's files; their pairs sessions (boards played at 3 tables or more,
        :meth:`~bridgestats.derive.CommitteeResults.sessions_for`). None: the shipped
        spreads of the VALET championship fields.
    report : str, keyword-only
        The report asking (named in a refusal).

    Returns
    -------
    BoardSpreads

    Notes
    -----
    Each board's tables (:func:`bridgestats.io.field_results`) give its spreads by
    :func:`bridgestats.fit.field_spreads`, against the plain mean and the trimmed datum, as
    ``scripts/derive_archive_figures.py`` derives the shipped file.
    """
    from ..fit import field_spreads
    from ..io import field_results

    if files is None:
        return BoardSpreads(None, None, ("derived/fullfield_board_spreads",))
    c = as_committee(files)
    fields = field_results(c.sessions_for(report))
    scores = fields["scores"].tolist()
    mean = field_spreads(scores, datum="mean")
    trimmed = field_spreads(scores, datum="trimmed")
    spreads = pd.DataFrame(
        {
            "event": fields["event"].to_numpy(),
            "round": fields["round"].to_numpy(),
            "board": fields["board"].to_numpy(),
            "n_tables": mean["n_tables"].to_numpy(),
            "score_sd": mean["score_sd"].to_numpy(),
            "butler_imps_sd_mean": mean["butler_imps_sd"].to_numpy(),
            "butler_imps_sd_trimmed": trimmed["butler_imps_sd"].to_numpy(),
            "cross_imps_rms": mean["cross_imps_rms"].to_numpy(),
        }
    )
    return BoardSpreads(spreads, read_statement(c, "pairs_sessions"), c.given)


def team_swings(files, *, report="rederive_k") -> tuple[pd.DataFrame, ReadStatement]:
    """The paired boards of a committee's two-room team matches, and what was read.

    Parameters
    ----------
    files : list of paths, or CommitteeResults
        The committee's files: table results whose two rooms pair
        (:func:`bridgestats.io.team_board_swings`; a match results CSV gives no board).
    report : str, keyword-only
        The report asking (named in a refusal).

    Returns
    -------
    swings : pandas.DataFrame
        :func:`bridgestats.io.team_board_swings` of the files' table results.
    read_statement : ReadStatement

    Raises
    ------
    BridgestatsError
        No board pairs: one sentence naming each file and what it holds.
    """
    if files is None:
        raise fail("files", "the committee's files (a list of files and folders)", files)
    c = as_committee(files)
    if c.swings.empty:
        raise c._refuse(report, ["teams_matches"])
    return c.swings, read_statement(c, "teams_matches")


def interval_verdict(what: str, ci, references: dict, *, unit: str = "") -> str:
    """Whether an interval decides between the published figures it is set against.

    Parameters
    ----------
    what : str
        The estimate, as the sentence names it (``"σ of all rounds"``).
    ci : (float, float)
        Its interval.
    references : dict
        Name → figure (the σ each published scale was built for).
    unit : str, keyword-only
        Printed after the numbers (``" %"``).

    Returns
    -------
    str
        One sentence: which figures the interval holds, and whether that decides: none
        (the data rule them all out), one (the data pick it), or two or more (the interval
        is too wide to decide between them: more matches are needed).

    Examples
    --------
    >>> interval_verdict("σ of all rounds", (10.2, 11.4), {"EBU 2006": 11.0,
    ...                  "Washington (2004)": 9.59, "random draw": 11.65}, unit=" %")[-83:]
    'EBU 2006 (11.00 %) alone of the published figures: the sample decides between them.'
    >>> interval_verdict("σ of round 1", (8.0, 13.0), {"a": 9.0, "b": 12.0})
    'σ of round 1 (8.00-13.00) holds a (9.00) and b (12.00): too wide to decide between them.'
    """
    lo, hi = float(ci[0]), float(ci[1])
    inside = [(n, v) for n, v in references.items() if lo <= float(v) <= hi]
    shown = [f"{n} ({float(v):.2f}{unit})" for n, v in inside]
    head = f"{what} ({lo:.2f}-{hi:.2f}{unit})"
    if not inside:
        return f"{head} holds none of the published figures: the sample rules them all out."
    if len(inside) == 1:
        return (
            f"{head} holds {shown[0]} alone of the published figures: the sample decides "
            "between them."
        )
    listed = ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"{head} holds {listed}: too wide to decide between them."


#: The date the shipped rating log is fitted before (its systems are scored from it on).
SHIPPED_UNTIL = "2010-01-01"


@dataclass(frozen=True)
class RatingLog:
    """The session log ``ratings_real`` rates: the shipped championships or a committee's
    pairs sessions.

    Attributes
    ----------
    sessions : pandas.DataFrame
        :func:`bridgestats.derive.rating_sessions`' log (one row per table and round; a
        committee's club session is one round: its files give no rounds).
    players : pandas.DataFrame
        :func:`bridgestats.derive.rating_players` of it.
    until : str
        The ISO date every system is fitted before and scored from.
    read_statement : ReadStatement or None
        What was read of the files, with the table results left out of the log by reason
        (None for the shipped log).
    read_from : tuple of str
        The data set or the files.
    """

    sessions: pd.DataFrame
    players: pd.DataFrame
    until: str
    read_statement: ReadStatement | None
    read_from: tuple[str, ...]

    def sentence(self) -> str:
        """Sessions, table results, events, players and the split, in one sentence."""
        s, p = self.sessions, self.players
        before = int((pd.to_datetime(s["date"]) < pd.Timestamp(self.until)).sum())
        return (
            f"{len(s):,} sessions, {int(s['n_boards'].sum()):,} table results (boards), "
            f"{s['event'].nunique():,} events, {len(p):,} players, "
            f"{int((p['n_championships'] >= 2).sum()):,} of them in two or more "
            f"{'championships' if self.read_statement is None else 'files'}; fitted on "
            f"the {before:,} sessions before {self.until} and "
            f"scored on the {len(s) - before:,} from it on."
        )


def rating_log(files=None, *, until=None, max_sessions=0, report="ratings_real") -> RatingLog:
    """The session log of a committee's pairs sessions, or the shipped championships'.

    Parameters
    ----------
    files : list of paths, CommitteeResults, or None
        The committee's files: their pairs sessions (full fields,
        :meth:`~bridgestats.derive.CommitteeResults.sessions_for`) scored board by board
        against the field (:func:`bridgestats.derive.committee_board_log`: players by their
        number where the file gives one, else by name); None: the shipped log
        ``derived/rating_sessions`` (22,130 championship sessions).
    until : str, optional
        The date to fit before and score from; None: 2010-01-01 for the shipped log, the
        date of the middle session of the files (the first date with half the sessions
        before it).
    max_sessions : int, keyword-only
        Keep the first ``max_sessions`` sessions (0: all).
    report : str, keyword-only
        The report asking (named in a refusal).

    Returns
    -------
    RatingLog

    Raises
    ------
    BridgestatsError
        The files hold no pairs session (one sentence naming them), none that can be dated,
        or sessions on one date only (nothing to fit before and score after); ``until``
        with no session before it or none from it on.

    Examples
    --------
    >>> log = rating_log(max_sessions=100)
    >>> len(log.sessions), log.until, log.read_statement is None
    (100, '2010-01-01', True)
    """
    from .. import datasets
    from .._validate import check_int
    from ..derive import committee_board_log, rating_players, rating_sessions

    keep = check_int(max_sessions, "max_sessions", minimum=0)
    c = as_committee(files)
    if c is None:
        name = "derived/rating_sessions"
        sessions = datasets.load(name)
        sessions = sessions.iloc[:keep] if keep else sessions
        return RatingLog(sessions, rating_players(sessions), until or SHIPPED_UNTIL, None, (name,))
    board_log = committee_board_log(c.sessions_for(report))
    sessions = rating_sessions(board_log)
    sessions = sessions.iloc[:keep].reset_index(drop=True) if keep else sessions
    dates = pd.to_datetime(sessions["date"])
    if dates.nunique() < 2:
        raise fail(
            "files",
            f"{report}: pairs sessions on two or more dates (fitted before one, scored after it)",
            f"{dates.nunique()} date(s)",
        )
    if until is None:
        until = str(dates.iloc[len(dates) // 2].date())
        if pd.Timestamp(until) <= dates.iloc[0]:  # the middle session on the first date
            until = str(dates[dates > dates.iloc[0]].iloc[0].date())
    cut = pd.Timestamp(until)
    if not (dates < cut).any() or not (dates >= cut).any():
        raise fail(
            "until",
            f"a date with sessions before and after it ({dates.iloc[0].date()} "
            f"to {dates.iloc[-1].date()})",
            until,
        )
    read = read_statement(c, "pairs_sessions")
    dropped = board_log.attrs["summary"]["dropped"]
    rows = [
        {"what": "table results", "status": f"not rated: {reason}", "count": n, "where": ""}
        for reason, n in dropped.items()
        if n
    ]
    if rows:
        read = ReadStatement(
            read.sentence, pd.concat([read.table, pd.DataFrame(rows)], ignore_index=True)
        )
    return RatingLog(sessions, rating_players(sessions), str(until), read, c.given)
