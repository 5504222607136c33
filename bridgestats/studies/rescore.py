"""Real round robins re-scored: what each candidate scale does to who qualifies.

The matches of 51 real team round robins (``data/derived/rescored_matches.csv``: teams
reconstructed from the seating of the VALET full fields by
:func:`bridgestats.derive.reconstruct_teams`) are scored again under every candidate scale of
:func:`bridgestats.studies.scales.candidate_scales` (:func:`rescore_events`), and the
qualifiers under each scale are compared with those under the scale the event was played
under (:func:`qualifier_changes`).

The scale played
----------------
The WBF 2013 continuous scale from 2013 on (:data:`NEW_SCALE_FROM`) in the World
championships. Before 2013 the WBF played a discrete 25-point scale (15-15 for a tie, 25-5
at the blitz margin and 25-0 beyond it, as glossaries and the 2012-13 debate describe it).
Its published tables were not found for this project (neither the project's sources nor
the public pages searched print them), so it is not among the scales, and for the events
before 2013 the changes are counted against the WBF 2013 continuous scale too: they say
what each scale changes against the new WBF scale, not against the one played
(:func:`baseline_scale` says which, event by event; for the European championships and the
leagues the files do not say which scale was played at all).

Qualifiers
----------
The World championships' round robins (Bermuda Bowl, Venice Cup) send the top 8 to the
quarter-finals. For every other event the files do not say how many went on (to a
final, to the next world championship, or stayed up in a league), so 8 is used there too,
and :func:`n_qualifiers` says so event by event.

Ties
----
Standings are by score, then by IMP differential over the event, then by team name (a
fixed order that stands for the lot); events' own tie-breaks (head-to-head results, then
a quotient) are not modelled. Ties on score
matter most under win/draw/loss (scores in whole points), so each row says whether its
team is tied on score across the qualifying line (``tied_at_cut``) or for first
(``tied_for_first``), and :func:`qualifier_changes` gives, besides the count under the
IMP-differential order, its range over every order of the tied teams (``count_low``,
``count_high``), under the scale and under the baseline alike.

Matches the files hold no table of (three, between the teams of Israel and Lebanon in
round 1 of the 2008, 2010 and 2014 European Women's championships) score for neither team
under every scale.

References
----------
.. [1] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013.
.. [2] S. Hein, VALET (github.com/valet-bridge/valet): the full fields, scraped from the
   organisers' result pages.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .. import datasets
from .._validate import check_frame, check_int, fail
from ..derive.teams import MATCH_COLUMNS
from .scales import candidate_scales

__all__ = [
    "DEFAULT_QUALIFIERS",
    "NEW_SCALE_FROM",
    "RESCORED_COLUMNS",
    "baseline_scale",
    "conclusions",
    "event_name",
    "n_qualifiers",
    "qualifier_changes",
    "qualifier_swaps",
    "rescore_events",
    "scale_label",
]

#: The year from which the WBF continuous scale was played (the 2013 Bali championships).
NEW_SCALE_FROM = 2013
#: Qualifiers where the files do not say (as the World championships' quarter-finals).
DEFAULT_QUALIFIERS = 8
#: Columns of :func:`rescore_events`.
RESCORED_COLUMNS = (
    "event",
    "scale",
    "team",
    "rank",
    "score",
    "qualified",
    "tied_at_cut",
    "tied_for_first",
)
#: The columns :func:`qualifier_changes` needs.
_NEEDED = ("event", "scale", "team", "rank", "score", "qualified")
_BASELINE = "WBF 2013 continuous"


def scale_label(name: str) -> str:
    """A candidate scale's name without its board count or σ, the same for every event.

    Examples
    --------
    >>> scale_label("WBF 2013 continuous, 16 boards"), scale_label("Gaussian 20-0, σ 27.6")
    ('WBF 2013 continuous', 'Gaussian 20-0')
    """
    return re.sub(r", (σ [\d.]+|\d+ boards)$", "", str(name))


def n_qualifiers(event) -> tuple[int, str]:
    """How many of an event's teams qualify here, and why that number.

    Examples
    --------
    >>> n_qualifiers("2009-World/Men")
    (8, 'World championship round robin: the top 8 go to the quarter-finals')
    >>> n_qualifiers("2008-Euro/Men/A")[1]
    'not in the files (a final, the next world championship or the league table): 8 used'
    """
    if re.match(r"^\d{4}-World/", str(event)):
        return 8, "World championship round robin: the top 8 go to the quarter-finals"
    return DEFAULT_QUALIFIERS, (
        "not in the files (a final, the next world championship or the league table): "
        f"{DEFAULT_QUALIFIERS} used"
    )


def baseline_scale(event) -> tuple[str, str, bool]:
    """The scale the changes are counted against, what it stands for, and whether the event
    is known to have been played under it.

    Examples
    --------
    >>> baseline_scale("2013-World/Men")
    ('WBF 2013 continuous', 'the scale played (WBF 2013 continuous, from 2013)', True)
    >>> baseline_scale("2014-Polish-League")[2], baseline_scale("2009-World/Men")[2]
    (False, False)
    """
    text = str(event)
    year = int(text[:4])
    if year >= NEW_SCALE_FROM and re.match(r"^\d{4}-World/", text):
        return _BASELINE, "the scale played (WBF 2013 continuous, from 2013)", True
    if year >= NEW_SCALE_FROM:
        return (
            _BASELINE,
            (
                "WBF 2013 continuous, the WBF's scale from 2013 (the scale this event played is "
                "not in the files)"
            ),
            False,
        )
    return (
        _BASELINE,
        (
            "not the scale played (the WBF 25-point scale of before 2013, whose published table "
            "was not found): WBF 2013 continuous"
        ),
        False,
    )


def _load(matches):
    if matches is None:
        return datasets.load("derived/rescored_matches")
    check_frame(matches, "matches", MATCH_COLUMNS)
    return matches


def rescore_events(matches=None, *, spread=None, n_qualify=None) -> pd.DataFrame:
    """Every event's standings under every candidate scale.

    Parameters
    ----------
    matches : pandas.DataFrame, optional
        Matches as ``data/derived/rescored_matches.csv`` (the shipped file by default).
    spread : StrengthSpread, optional, keyword-only
        The K and δ that set the Gaussian scales' σ (:func:`~bridgestats.studies.scales.
        candidate_scales`); by default its default, the σ(n) of
        :func:`bridgestats.sigma.form_sigma` that every report uses.
    n_qualify : int, optional, keyword-only
        Qualifiers in every event (:func:`n_qualifiers` by default).

    Returns
    -------
    pandas.DataFrame
        One row per event, scale and team (:data:`RESCORED_COLUMNS`): ``event``, ``scale``
        (:func:`scale_label` of the candidate scale for the event's boards per match),
        ``team``, ``rank`` (1 = first, ties broken by IMP differential, then team name),
        ``score`` (VPs, or points for win/draw/loss, or the IMP differential),
        ``qualified`` (rank <= the event's qualifiers), ``tied_at_cut`` (the team's score
        is that of the last qualifier and of the first team out: the tie-break decides
        whether it qualifies) and ``tied_for_first`` (its score is the top score, which
        two or more teams share).

    Notes
    -----
    A match's margin is ``imps_a - imps_b`` over its boards scored (or the frame's
    ``margin`` column, where it has one: a Swiss pairs match's MP %); the scale is the one
    for the event's boards per match (boards not scored are not re-weighted). The scales are
    :func:`~bridgestats.studies.scales.candidate_scales` of the event's ``kind`` column
    (``"round robin"`` without one; ``"Swiss pairs"`` for a committee's Swiss pairs). A
    Swiss event is re-scored on its own pairings: who met whom under another scale's
    standings is not simulated.

    Examples
    --------
    >>> m = pd.DataFrame({"event": "2013-X", "round": [1, 2, 3], "team_a": ["A", "A", "B"],
    ...     "team_b": ["B", "C", "C"], "boards": 16, "boards_scored": 16,
    ...     "imps_a": [40, 10, 30], "imps_b": [10, 30, 29], "missing_tables": 0,
    ...     "ambiguous_tables": 0})
    >>> r = rescore_events(m, n_qualify=1)

    Each team won one match (2 points each on win/draw/loss): the IMP differential decides,
    C +19, A +10, B -29. On the WBF scale (16 boards) C leads too: a 20-IMP win and a 1-IMP
    loss are worth more than A's 30-IMP win and 20-IMP loss:

    >>> r[r.scale == "win/draw/loss"][["team", "rank", "score", "qualified", "tied_at_cut"]]
       team  rank  score  qualified  tied_at_cut
    12    C     1    2.0       True         True
    13    A     2    2.0      False         True
    14    B     3    2.0      False         True
    >>> r[r.scale == "WBF 2013 continuous"][["team", "rank", "score"]]
      team  rank  score
    6    C     1  24.69
    7    A     2  21.73
    8    B     3  13.58
    """
    m = _load(matches)
    if n_qualify is not None:
        n_qualify = check_int(n_qualify, "n_qualify", minimum=1)
    out = []
    for event, em in m.groupby("event", sort=True):
        boards = int(em["boards"].max())
        k = n_qualify if n_qualify is not None else n_qualifiers(event)[0]
        kind = str(em["kind"].iloc[0]) if "kind" in em else "round robin"
        margin = (em["margin"] if "margin" in em else em["imps_a"] - em["imps_b"]).to_numpy(
            dtype=float
        )
        codes, names = pd.factorize(
            np.concatenate([em["team_a"].to_numpy(), em["team_b"].to_numpy()]), sort=True
        )
        diff = np.bincount(codes, weights=np.concatenate([margin, -margin]))
        n = len(names)
        for scale in candidate_scales(kind, n_boards=boards, spread=spread):
            pts = np.concatenate([scale.vp(margin), scale.vp(-margin)]).astype(float)
            score = np.round(np.bincount(codes, weights=pts, minlength=n), 6)
            order = np.lexsort((np.arange(n), -np.round(diff, 6), -score))  # names sorted
            rank = np.empty(n, dtype=np.int64)
            rank[order] = np.arange(1, n + 1)
            ranked = score[order]
            at_cut = k < n and ranked[k - 1] == ranked[k]
            out.append(
                pd.DataFrame(
                    {
                        "event": event,
                        "scale": scale_label(scale.name),
                        "team": np.asarray(names, dtype=object)[order],
                        "rank": rank[order],
                        "score": ranked,
                        "qualified": rank[order] <= k,
                        "tied_at_cut": at_cut & (ranked == ranked[k - 1]),
                        "tied_for_first": (n > 1 and ranked[0] == ranked[1])
                        & (ranked == ranked[0]),
                    }
                )
            )
    if not out:
        raise fail("matches", "at least one match", given="an empty frame")
    return pd.concat(out, ignore_index=True)


def _overlap_range(qual_s, tied_s, qual_b, tied_b) -> tuple[int, int]:
    """The fewest and most teams that qualify under both of two standings, over every
    order of each standings' teams tied at the cut.

    Each standings' qualifiers are its sure ones (qualified, not tied) and r of its g tied
    teams, any r; the teams fall in nine classes by (sure, tied, out) under each, and the
    overlap is counted over every split of the two choices among the classes.
    """
    s_sure, s_tied = qual_s & ~tied_s, tied_s
    b_sure, b_tied = qual_b & ~tied_b, tied_b
    r_s, r_b = int((qual_s & tied_s).sum()), int((qual_b & tied_b).sum())
    fixed = int((s_sure & b_sure).sum())
    ts_bs, ts_bt = int((s_tied & b_sure).sum()), int((s_tied & b_tied).sum())
    ts_bo = int((s_tied & ~qual_b & ~b_tied).sum())
    tb_ss = int((b_tied & s_sure).sum())
    tb_so = int((b_tied & ~qual_s & ~s_tied).sum())
    lo, hi = None, None
    for a1 in range(min(ts_bs, r_s) + 1):  # tied under the scale, sure under the baseline
        for a2 in range(min(ts_bt, r_s - a1) + 1):  # tied under both
            if r_s - a1 - a2 > ts_bo:
                continue
            for b1 in range(min(tb_ss, r_b) + 1):  # tied under the baseline, sure under scale
                for b2 in range(min(ts_bt, r_b - b1) + 1):
                    if r_b - b1 - b2 > tb_so:
                        continue
                    both = range(max(0, a2 + b2 - ts_bt), min(a2, b2) + 1)
                    for v in (fixed + a1 + b1 + both.start, fixed + a1 + b1 + both.stop - 1):
                        lo = v if lo is None else min(lo, v)
                        hi = v if hi is None else max(hi, v)
    return lo, hi


def qualifier_changes(rescored, *, baselines=None) -> pd.DataFrame:
    """How many qualifiers each scale changes against the event's baseline scale.

    Parameters
    ----------
    rescored : pandas.DataFrame
        The frame of :func:`rescore_events`.
    baselines : dict, optional, keyword-only
        Event → ``(scale, note, played)`` as :func:`baseline_scale` returns it (a
        committee's events: the scale each was scored on); :func:`baseline_scale` by default.

    Returns
    -------
    pandas.DataFrame
        One row per event and scale: ``event``, ``scale``, ``count`` (teams that qualify
        under the scale and not under the baseline: as many drop out), ``winner_changed``
        (the first place differs), ``baseline`` (:func:`baseline_scale`'s note) and
        ``baseline_played`` (the event is known to have played the baseline scale: the
        World championships from 2013), ``count_low`` and ``count_high`` (the fewest and
        most qualifiers changed over every order of the teams tied on score at the cut,
        under the scale and under the baseline: ``count`` is one of them, under the
        IMP-differential order) and ``tied_at_cut`` (teams tied across the line under the
        scale). Without the ``tied_at_cut`` column (a frame of an older
        :func:`rescore_events`), the range is the count.

    Examples
    --------
    >>> r = pd.DataFrame({"event": "2013-X", "scale": ["WBF 2013 continuous"] * 3 + ["w"] * 3,
    ...     "team": list("ABCABC"), "rank": [1, 2, 3, 2, 1, 3], "score": 0.0,
    ...     "qualified": [True, False, False, False, True, False]})
    >>> qualifier_changes(r)[["scale", "count", "winner_changed"]]
                     scale  count  winner_changed
    0  WBF 2013 continuous      0           False
    1                    w      1            True

    Under ``w`` A and B tie for the one place: the change is 0 or 1 by the tie-break.

    >>> r["tied_at_cut"] = [False] * 3 + [True, True, False]
    >>> qualifier_changes(r)[["scale", "count", "count_low", "count_high"]]
                     scale  count  count_low  count_high
    0  WBF 2013 continuous      0          0           0
    1                    w      1          0           1
    """
    check_frame(rescored, "rescored", _NEEDED)
    events = pd.unique(rescored["event"])
    base = {e: (baselines or {}).get(e) or baseline_scale(e) for e in events}
    want = rescored["event"].map({e: b[0] for e, b in base.items()})
    b = rescored[rescored["scale"] == want]
    missing = sorted(set(events) - set(b["event"]))
    if missing:
        raise fail("rescored", "the baseline scale's rows for every event", missing[0])
    b = b[["event", "team", "rank", "qualified"]].rename(
        columns={"rank": "rank_base", "qualified": "qualified_base"}
    )
    r = rescored.merge(b, on=["event", "team"], how="left", validate="many_to_one")
    r["gained"] = r["qualified"] & ~r["qualified_base"].astype(bool)
    r["first_moved"] = (r["rank"] == 1) & (r["rank_base"] != 1)
    out = r.groupby(["event", "scale"], sort=True).agg(
        count=("gained", "sum"), winner_changed=("first_moved", "any")
    )
    out = out.reset_index()
    out["count"] = out["count"].astype(np.int64)
    out["winner_changed"] = out["winner_changed"].astype(bool)
    out["baseline_scale"] = out["event"].map({e: v[0] for e, v in base.items()})
    out["baseline"] = out["event"].map({e: v[1] for e, v in base.items()})
    out["baseline_played"] = out["event"].map({e: v[2] for e, v in base.items()})
    tied = r["tied_at_cut"].astype(bool) if "tied_at_cut" in r else pd.Series(False, r.index)
    r = r.assign(tied=tied)
    tied_base = r.loc[r["scale"] == r["event"].map({e: b[0] for e, b in base.items()})]
    tied_base = tied_base.set_index(["event", "team"])["tied"]
    r["tied_base"] = tied_base.reindex(pd.MultiIndex.from_frame(r[["event", "team"]])).to_numpy()
    lows, highs, n_tied = [], [], []
    for (_, _), g in r.groupby(["event", "scale"], sort=True):
        k = int(g["qualified"].sum())
        lo, hi = _overlap_range(
            g["qualified"].to_numpy(bool),
            g["tied"].to_numpy(bool),
            g["qualified_base"].to_numpy(bool),
            g["tied_base"].to_numpy(bool),
        )
        lows.append(k - hi)
        highs.append(k - lo)
        n_tied.append(int(g["tied"].sum()))
    out["count_low"] = np.asarray(lows, dtype=np.int64)
    out["count_high"] = np.asarray(highs, dtype=np.int64)
    out["tied_at_cut"] = np.asarray(n_tied, dtype=np.int64)
    return out[
        [
            "event",
            "scale",
            "count",
            "winner_changed",
            "baseline",
            "baseline_played",
            "count_low",
            "count_high",
            "tied_at_cut",
            "baseline_scale",
        ]
    ]


_EVENT_KINDS = {
    "World": "World championships",
    "Euro": "European championships",
    "Mind": "World Mind Sports Games",
}
_WORLD = {"Men": "Bermuda Bowl", "Women": "Venice Cup"}
_SERIES = {"Men": "open", "Women": "women", "Seniors": "seniors"}


def event_name(event) -> str:
    """What a reader sees for an event of ``derived/rescored_matches`` (its folder id).

    Examples
    --------
    >>> event_name("2013-World/Men"), event_name("2008-Euro/Men/A")
    ('Bermuda Bowl 2013', 'European championships 2008, open, group A')
    >>> event_name("2009-18_Bundesliga/3a"), event_name("2014-Polish-League")
    ('Bundesliga, division 3a', 'Polish League 2014')
    """
    text = str(event)
    m = re.match(r"^(\d{4})-(World|Euro|Mind)/(Men|Women|Seniors)(?:/(\w+))?$", text)
    if m:
        year, kind, series, group = m.groups()
        if kind == "World" and series in _WORLD and group is None:
            return f"{_WORLD[series]} {year}"
        name = f"{_EVENT_KINDS[kind]} {year}, {_SERIES[series]}"
        return name + (f", group {group}" if group else "")
    m = re.match(r"^\d{4}-\d{2}_Bundesliga/(\w+)$", text)
    if m:
        return f"Bundesliga, division {m.group(1)}"
    m = re.match(r"^(\d{4})-Polish-League$", text)
    if m:
        return f"Polish League {m.group(1)}"
    return text.replace("_", " ").replace("/", ", ")


def qualifier_swaps(rescored, *, baselines=None) -> pd.DataFrame:
    """Which teams each scale would have put in and out of each event's qualifiers.

    Parameters
    ----------
    rescored : pandas.DataFrame
        The frame of :func:`rescore_events`.
    baselines : dict, optional, keyword-only
        As :func:`qualifier_changes`.

    Returns
    -------
    pandas.DataFrame
        One row per event and scale whose qualifiers differ from the baseline's
        (:func:`baseline_scale`, under the IMP-differential tie-break): ``event``,
        ``event_name`` (:func:`event_name`), ``scale``, ``teams_in`` (qualify under the
        scale, not under the baseline) and ``teams_out`` (the reverse), each the teams'
        names joined by "; " in the scale's order, ``tied_at_cut`` (a team in or out is
        tied on score across the line under the scale or the baseline: the tie-break
        decides it) and ``n_changed``.

    Examples
    --------
    >>> r = pd.DataFrame({"event": "2013-X", "scale": ["WBF 2013 continuous"] * 3 + ["w"] * 3,
    ...     "team": list("ABCABC"), "rank": [1, 2, 3, 2, 3, 1], "score": 0.0,
    ...     "qualified": [True, True, False, False, True, True], "tied_at_cut": False})
    >>> qualifier_swaps(r)[["scale", "teams_in", "teams_out", "n_changed"]]
      scale teams_in teams_out  n_changed
    0     w        C         A          1
    """
    check_frame(rescored, "rescored", _NEEDED)
    base = {
        e: ((baselines or {}).get(e) or baseline_scale(e))[0] for e in pd.unique(rescored["event"])
    }
    r = rescored.assign(is_base=rescored["scale"] == rescored["event"].map(base))
    tied = r["tied_at_cut"].astype(bool) if "tied_at_cut" in r else pd.Series(False, r.index)
    r = r.assign(tied=tied)
    b = r[r["is_base"]].set_index(["event", "team"])
    rows = []
    for (event, scale), g in r[~r["is_base"]].groupby(["event", "scale"], sort=True):
        g = g.sort_values("rank")
        qb = b.loc[event, "qualified"].reindex(g["team"]).to_numpy(bool)
        tb = b.loc[event, "tied"].reindex(g["team"]).to_numpy(bool)
        q = g["qualified"].to_numpy(bool)
        into, out = q & ~qb, ~q & qb
        if not into.any():
            continue
        teams = g["team"].to_numpy()
        rows.append(
            {
                "event": event,
                "event_name": event_name(event),
                "scale": scale,
                "teams_in": "; ".join(teams[into]),
                "teams_out": "; ".join(teams[out]),
                "tied_at_cut": bool((g["tied"].to_numpy(bool) | tb)[into | out].any()),
                "n_changed": int(into.sum()),
            }
        )
    columns = ["event", "event_name", "scale", "teams_in", "teams_out", "tied_at_cut", "n_changed"]
    return pd.DataFrame(rows, columns=columns)


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _played(changes) -> str:
    """The baseline scale's name, or the baselines' when the events differ."""
    if "baseline_scale" not in changes:
        return _BASELINE
    names = list(pd.unique(changes.loc[changes["baseline_played"].astype(bool), "baseline_scale"]))
    return _and(names) if names else _BASELINE


def conclusions(changes, *, n_qualify=None) -> list[str]:
    """Sentences computed from :func:`qualifier_changes`: what re-scoring changed.

    Parameters
    ----------
    changes : pandas.DataFrame
        The frame of :func:`qualifier_changes`.
    n_qualify : int, optional
        The qualifiers of every event, as :func:`rescore_events` was given them (None: each
        event's :func:`n_qualifiers`).

    Returns
    -------
    list of str
        One sentence per scale other than the baseline (events with a qualifier changed,
        qualifiers changed in all, winners changed, most in one event; with
        ``count_low`` and ``count_high``, the range of events changed over every order of
        the teams tied on score at the cut), each naming the baseline it counts against,
        how many of the events did not play it, and the cut (issue 33: "changes the
        qualifiers of 5 of the 51 events" said neither), then one on the events known to
        have been played under the baseline scale (``baseline_played``).

    Examples
    --------
    >>> c = pd.DataFrame({"event": ["2013-A", "2013-A", "2005-B", "2005-B"],
    ...     "scale": ["WBF 2013 continuous", "win/draw/loss"] * 2, "count": [0, 2, 0, 0],
    ...     "winner_changed": [False, True, False, False], "baseline": "",
    ...     "baseline_played": [True, True, False, False]})
    >>> import textwrap
    >>> for line in conclusions(c):
    ...     print(textwrap.fill(line, 80))
    win/draw/loss changes the qualifiers of 1 of the 2 events, 2 qualifiers in all,
    and the winner of 1 event, against WBF 2013 continuous re-applied to every event
    (a scale 1 of the 2 did not play), the top 8 of each qualifying.
    Of the 1 event played under the WBF 2013 continuous scale, the qualifiers would
    have changed in 1 under win/draw/loss, and the winner in 1 under win/draw/loss.
    """
    check_frame(
        changes, "changes", ("event", "scale", "count", "winner_changed", "baseline_played")
    )
    n_events = changes["event"].nunique()

    def events(n: int) -> str:  # "no event", "1 event", "3 events"
        return "no event" if n == 0 else f"{n:,} event{'' if n == 1 else 's'}"

    def winners(n: int) -> str:
        return "no event's winner" if n == 0 else f"the winner of {events(n)}"

    event_played = changes.groupby("event")["baseline_played"].apply(lambda x: bool(x.any()))
    n_not = int((~event_played).sum())
    bases = (
        list(pd.unique(changes["baseline_scale"])) if "baseline_scale" in changes else [_BASELINE]
    )
    base = bases[0] if len(bases) == 1 else "each event's own scale"
    against = f"against {base}" + (
        " re-applied to every event (a scale "
        + ("none of them" if n_not == n_events else f"{n_not} of the {n_events}")
        + " did not play)"
        if n_not
        else ", the scale every one of them played"
    )
    cuts = sorted(
        {
            int(n_qualify) if n_qualify is not None else n_qualifiers(e)[0]
            for e in event_played.index
        }
    )
    cut = f"the top {cuts[0]}" if len(cuts) == 1 else f"the top {cuts[0]} to {cuts[-1]}"
    out = []
    played = changes["baseline_scale"] if "baseline_scale" in changes else _BASELINE
    others = changes[changes["scale"] != played]
    for scale, c in others.groupby("scale", sort=False):
        hit = c[c["count"] > 0]
        tie = ""
        if {"count_low", "count_high"} <= set(c):
            lo, hi = int((c["count_low"] > 0).sum()), int((c["count_high"] > 0).sum())
            if (lo, hi) != (len(hit), len(hit)):
                tie = f" ({lo} to {hi} as the ties at the cut fall)"
        out.append(
            f"{scale} changes the qualifiers of {len(hit)} of the {events(n_events)}{tie}, "
            f"{int(c['count'].sum())} qualifiers in all, and "
            f"{winners(int(c['winner_changed'].sum()))}, {against}, {cut} of each qualifying."
        )
    new = others[others["baseline_played"].astype(bool)]
    n_new = new["event"].nunique()
    if n_new:
        by = new.groupby("scale", sort=False)
        moved = by["count"].apply(lambda x: int((x > 0).sum()))
        won = by["winner_changed"].apply(lambda x: int(x.astype(bool).sum()))
        quals = _and([f"{'none' if n == 0 else n} under {scale}" for scale, n in moved.items()])
        changed = [f"{n} under {scale}" for scale, n in won.items() if n]
        wins = (
            "in none under any scale"
            if not changed
            else "in "
            + _and(changed)
            + (" and in none under the others" if (won == 0).any() else "")
        )
        out.append(
            f"Of the {events(n_new)} played under the {_played(changes)} scale, the "
            f"qualifiers would have changed in {quals}, and the winner {wins}."
        )
    return out
