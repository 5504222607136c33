"""Display names: what a reader sees in place of an id (one table, used everywhere).

Every report, the booklet and the command line show a data set, a series of matches, a
VP scale or an event form by the name in these tables, never by its id
(``seeds/ebu_swiss_pairs_7_9``, ``bb``, ``wbf_discrete``, ``swiss_pairs``). An id with no
entry is shown as itself with ``_`` and ``-`` read as spaces, so a new id still reads, and
``tests/test_names.py`` checks that every shipped data set has an entry (the forms' names
are their catalogue's, :data:`bridgestats.sigma.FORMS`; the booklet's sections and their
names are read from the forms' and the named scales' catalogues, :func:`booklet_sections`).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from ._views import CatalogueView
from .errors import BridgestatsError
from .sigma import FORMS as CATALOGUE
from .sigma import FormTable
from .vp import NAMED_SCALES, SCALE_NAMES

__all__ = [
    "COLUMNS",
    "DATASETS",
    "FORMS",
    "GLOSSARY",
    "KINDS",
    "METHODS",
    "SCALES",
    "SECTIONS",
    "SERIES",
    "TERMS",
    "Section",
    "and_list",
    "booklet_sections",
    "counted",
    "display_name",
    "plus_minus",
    "readable",
    "series_label",
]

#: The data sets shipped in ``data/`` (the ids of :func:`bridgestats.datasets.names`).
DATASETS = {
    "committee/swiss_pairs_rounds": "a committee's Swiss pairs rounds: sample (simulated)",
    "committee/teams_matches": "a committee's team matches: sample (Bermuda Bowl 2013)",
    "derived/fullfield_board_spreads": "full-field board spreads (derived)",
    "derived/gaussian_profile_curve": "Gaussian rating model, exact profile curves (derived)",
    "derived/gaussian_profile_intervals": "Gaussian rating model, exact fit (derived)",
    "derived/match_margins": "team-match margins, 1955-2011 (derived)",
    "derived/rating_sessions": "club rating sessions (derived)",
    "derived/rescored_matches": "real events re-scored under each VP scale (derived)",
    "derived/sigma_evidence_inputs": "the evidence's σ inputs: K, δ, τ, B (derived)",
    "derived/swing_counts": "board-swing counts (derived)",
    "derived/swiss_pairs_strength_curve": "Swiss pairs strength fit, simulated curve (derived)",
    "derived/valet_per_pair": "VALET's own per-pair Butler and cross-IMPs (derived)",
    "seeds/brighton_2005_vp_counts": "Brighton 2005 Swiss pairs: VP results",
    "seeds/ebu_swiss_pairs_7_9": "EBU Swiss pairs, 7-9 boards a match",
    "seeds/probst_figures": "Probst's figures",
    "seeds/probst_printed_figures": "Probst's figures as printed",
    "seeds/probst_table_cells": "Probst's table cells",
    "seeds/sheffield_aggregate_bands": "Sheffield aggregate scoring bands",
    "seeds/swiss_pairs_scales": "Swiss pairs VP scales",
}

#: The series of team matches in ``derived/match_margins`` (its ``series`` column).
SERIES = {
    "bb": "Bermuda Bowl",
    "ca": "Cavendish Invitational",
    "dt": "Dutch Teams",
    "ec": "European Championships",
    "ol": "World Team Olympiad",
    "sg": "Spingold",
    "us": "US Championships",
    "vb": "Vanderbilt",
}

#: VP scales by their ids: each named scale's entry names it (:data:`bridgestats.vp.SCALE_NAMES`,
#: read from :data:`bridgestats.vp.NAMED_SCALES`, and the Gaussian scales).
SCALES = SCALE_NAMES

#: Event forms: each form's ``name`` in the catalogue :data:`bridgestats.sigma.FORMS`.
FORMS = FormTable("name")


class Section(NamedTuple):
    """One section of the booklet of VP scales: a form's Gaussian scales, with or without
    Pomfrey's five negative VPs, or a named scale marked for printing."""

    id: str  #: the form's or the named scale's id, ``_negative`` added for negative VPs
    form: str | None  #: an id of :data:`bridgestats.sigma.FORMS` (None for a named scale)
    scale: str | None  #: an id of :data:`bridgestats.vp.NAMED_SCALES` (None for a form)
    negative: int  #: the negative VPs of the form's scales (0 or 5)
    name: str  #: what a reader sees


def booklet_sections() -> tuple[Section, ...]:
    """The sections of the booklet of VP scales, in print order, read from the catalogues
    at each call: every form of :data:`bridgestats.sigma.FORMS` whose evidence measures its
    σ (an ``evidence`` σ(n)), without and with Pomfrey's five negative VPs, in catalogue
    order; then every named scale of :data:`bridgestats.vp.NAMED_SCALES` that has a
    ``booklet`` print spec, in catalogue order. A form is named by its catalogue name and
    unit, a scale by its entry's name (and the board counts of a table made for a few).

    >>> [s.id for s in booklet_sections()][:3]
    ['teams', 'teams_negative', 'cross_imps']
    >>> booklet_sections()[1].name
    'Teams of four (IMPs), with negative VPs'
    >>> [s.name for s in booklet_sections() if s.scale][-1]
    'EBU (2006), 7-9 boards'
    """
    out = []
    for form in CATALOGUE.values():
        if form.evidence is None:
            continue
        name = f"{form.name[:1].upper()}{form.name[1:]} ({form.unit})"
        out.append(Section(form.id, form.id, None, 0, name))
        out.append(Section(f"{form.id}_negative", form.id, None, 5, f"{name}, with negative VPs"))
    for scale in NAMED_SCALES.values():
        if scale.booklet is None:
            continue
        name = scale.name
        boards = scale.booklet.boards
        if boards:
            name += f", {min(boards)}-{max(boards)} boards"
        out.append(Section(scale.id, None, scale.id, 0, name))
    ids = [s.id for s in out]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise BridgestatsError(
            f"booklet sections: each id once, not {twice} twice (a named "
            "scale's id is a form's, or ends in _negative)"
        )
    return tuple(out)


#: The sections of the VP-scale booklet, id -> display name, in print order
#: (:func:`booklet_sections`; :data:`bridgestats.apps.booklet.SECTIONS`).
SECTIONS = CatalogueView(lambda: {s.id: s.name for s in booklet_sections()})

#: Scoring methods (:data:`bridgestats.scoring.METHODS`, and ``"teams"``, the two-room
#: team matches of :func:`bridgestats.apps.score.score_event`).
METHODS = {
    "mp": "matchpoints",
    "butler": "Butler IMPs",
    "cross_imps": "cross-IMPs",
    "teams": "teams of four",
}

#: Column headers: what a reader sees above a column of the package's frames (the scored
#: event of :mod:`bridgestats.apps.score`, a VP scale's table). CSV keeps the
#: column ids: it is read by programs.
COLUMNS = {
    # a scored event: where each result is
    "source": "file",
    "record": "record",
    "event": "event",
    "segment": "segment",
    "repeat": "repeat",
    "board": "board",
    "direction": "direction",
    # a result and its score
    "pair_ns": "NS pair",
    "pair_ew": "EW pair",
    "contract": "contract",
    "declarer": "declarer",
    "tricks": "tricks",
    "score_ns": "NS score",
    "skip_reason": "not scored because",
    "n_results": "results",
    "n_expected": "factored to",
    "mp_ns": "NS matchpoints",
    "mp_ew": "EW matchpoints",
    "top": "top",
    "pct_ns": "NS %",
    "pct_ew": "EW %",
    "mp_ns_own": "NS matchpoints, own top",
    "top_own": "own top",
    "datum": "datum",
    "imps_ns": "NS IMPs",
    "imps_ew": "EW IMPs",
    "adjusted": "adjusted score",
    # the ranking
    "pair": "pair",
    "players": "players",
    "per_board": "IMPs per board",
    "team": "team",
    "n_boards": "boards",
    "n_matches": "matches",
    "total": "total",
    "pct": "%",
    "place": "place",
    "average": "average per board",
    "imps_for": "IMPs won",
    "imps_against": "IMPs lost",
    "vp": "VPs",
    # team matches
    "team_a": "team A",
    "team_b": "team B",
    "imps_a": "IMPs A",
    "imps_b": "IMPs B",
    "imp_margin": "IMP margin",
    "imp_margin_b": "IMP margin B",
    "vp_a": "VPs A",
    "vp_b": "VPs B",
    # the printed figures checked
    "printed": "printed",
    "computed": "computed",
    "compared": "compared",
    "agree": "agree",
    "disagree": "disagree",
    "not_compared": "not compared",
    "printed_value": "printed value",
    "computed_value": "computed value",
    "figure": "figure",
    "pairs": "pairs",
    # a VP scale
    "vp_winner": "winner's VPs",
    "vp_loser": "loser's VPs",
    "margin_from": "margin from",
    "margin_to": "margin to",
    "probability": "probability",
}

#: Other ids a page may name in running text, a table cell or a figure: the measures and
#: pairing rules of :mod:`bridgestats.studies.scales`, a Holm-adjusted p-value's column.
TERMS = {
    "p_strongest_wins": "P(strongest wins)",
    "p_top_k": "P(the strongest k qualify)",
    "kendall_tau": "Kendall's τ",
    "outcome_share": "share of each outcome",
    "round_robin": "round robin",
    "p_holm": "Holm p",
}

#: The terms a committee meets on the pages, each in words (the committee pack's glossary).
GLOSSARY = {
    "IMP": "International Match Point: a board's score difference turned into 0-24 points by "
    "the WBF table, so that one big swing cannot outweigh many small ones.",
    "matchpoints (MP %)": "each result scores 2 for every result it beats and 1 for every "
    "tie on the same board; a pair's percentage is its matchpoints out of the most possible.",
    "Neuberg": "the formula that scales a board played fewer times up to the full field: "
    "((M + 1)·E/A) − 1 in two-per-beat units, A results on the board and E expected.",
    "Butler": "pairs scoring in IMPs against a datum, the board's average result (often after "
    "dropping the top and bottom results).",
    "cross-IMPs": "pairs or teams scoring in which every result is IMPed against every other "
    "result on the board, scaled by the number of comparisons.",
    "Swiss pairs": "an event of head-to-head pairs matches, each scored by the two pairs' "
    "matchpoint percentages over the boards of the match and turned into Victory Points; each "
    "round pairs sides with similar scores so far.",
    "VP (Victory Points)": "the points a match margin is turned into by a VP scale; on a 20-0 "
    "scale the two sides share 20, from 10-10 for a tie to 20-0 for a big win.",
    "VP scale": "the table from match margin to Victory Points; an equal-probability "
    "(Gaussian) scale makes every result from 20-0 to 0-20 equally likely between equal sides.",
    "σ (sigma)": "the standard deviation of a match margin between sides of equal strength, "
    "in the margin's unit: a scale's band edges are σ times the normal quantiles.",
    "K": "the standard deviation of one board's swing in IMPs; σ = K·√n for a match of n "
    "independent boards between equal sides.",
    "δ (delta)": "the spread of the per-board edge between two sides; it makes a long match "
    "spread more than K·√n: σ(n)² = nK² + n²δ².",
    "τ (tau)": "the spread of the pairs' true strengths in a Swiss pairs field, in MP %.",
    "B (Butler factor)": "how much more Butler IMPs spread than head-to-head IMPs (about 1.16 "
    "with the trimmed datum).",
    "negative VPs": "Pomfrey's extra bands below 0 for the loser of a very large margin "
    "(20-(−1) down to 20-(−5)), to answer shooting.",
    "WBF 2013 scale": "the World Bridge Federation's continuous IMP-to-VP scale from 2013, in "
    "VPs to two decimals, and its whole-VP version.",
    "P(strongest wins)": "the share of simulated events the strongest side wins, each scale "
    "scored on the same simulated events.",
    "Holm, Bonferroni": "corrections that keep the chance of any false alarm at the stated "
    "level when many comparisons are tested together.",
    "PPI": "Bridge Club Live's Past Performance Indicator, a player's rating in %, moved after "
    "every board by the result against expectation divided by a weighting m.",
    "m (PPI weighting)": "the PPI's divisor: 30 for a newcomer, the boards played up to 300, "
    "then set by recent activity up to 600; a larger m forgets more slowly.",
    "Elo": "a rating moved after each board by K times the result minus the expected result.",
    "LPR": "the Dutch list performance rating: the rating at which a player's expected score "
    "equals the actual one.",
    "Gaussian model": "the project's rating model of skill, its drift, partnerships and "
    "session noise, fitted by maximum likelihood.",
    "RMSE": "root mean squared error of forecasts: lower predicts better.",
    "90 % interval": "a range that holds the true value in 90 % of repetitions of the "
    "measurement (bootstrap or profile likelihood).",
    "standard error (SE)": "the spread of an estimate over repetitions; a Monte Carlo figure "
    "carries the SE of its simulation.",
}

KINDS = {
    "dataset": DATASETS,
    "series": SERIES,
    "scale": SCALES,
    "form": FORMS,
    "section": SECTIONS,
    "method": METHODS,
    "column": COLUMNS,
    "term": TERMS,
}


def display_name(kind: str, key: str) -> str:
    """The name a reader sees for ``key``, a ``kind`` of id ("dataset", "series", "scale",
    "form", "section" of the booklet, "method", "column"); an id with no entry reads as
    itself, ``_``/``-`` as spaces.

    >>> display_name("series", "bb"), display_name("form", "swiss_pairs")
    ('Bermuda Bowl', 'Swiss pairs')
    >>> display_name("method", "cross_imps"), display_name("column", "not_compared")
    ('cross-IMPs', 'not compared')
    >>> display_name("scale", "gauss_12"), display_name("dataset", "seeds/ebu_swiss_pairs_7_9")
    ('gauss 12', 'EBU Swiss pairs, 7-9 boards a match')
    """
    if kind not in KINDS:
        raise BridgestatsError(f"kind: one of {', '.join(KINDS)}, not {kind!r}")
    key = str(key)
    return KINDS[kind].get(key) or key.replace("_", " ").replace("-", " ").strip()


@functools.cache
def _ids() -> re.Pattern:
    """Data set ids, the scale ids that cannot be words ("washington_2004",
    "wbf_discrete") and the other terms, as whole tokens: not inside a path
    ("data/seeds/x.csv") or a word."""
    ids = list(DATASETS) + [k for k in SCALES if "_" in k or "-" in k] + list(TERMS)
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w/.-])({alternatives})(?![\w/-]|\.\w)")


def readable(text: str) -> str:
    """``text`` with every data set id, every scale id that is not a plain word and every
    term of :data:`TERMS` replaced by its display name (the source strings of the
    estimates name their data by id; the comparisons of scales their measures).

    >>> readable("seeds/brighton_2005_vp_counts on the washington_2004 thresholds")
    'Brighton 2005 Swiss pairs: VP results on the Washington (2004) thresholds'
    >>> readable("see data/seeds/probst_figures.csv, `wbf` and the mp column")
    'see data/seeds/probst_figures.csv, `wbf` and the mp column'
    >>> readable("round_robin, kendall_tau (p_holm 0.91)")
    "round robin, Kendall's τ (Holm p 0.91)"
    """

    def name(match: re.Match) -> str:
        token = match.group(1)
        return DATASETS.get(token) or SCALES.get(token) or TERMS[token]

    return _ids().sub(name, str(text))


def series_label(group) -> str:
    """A group of matches named by its series code ("bb", "bb 1950s") with the series'
    name in place of the code; anything else as it is.

    >>> series_label("bb 1950s"), series_label("us"), series_label("all")
    ('Bermuda Bowl 1950s', 'US Championships', 'all')
    """
    code, _, rest = str(group).partition(" ")
    if code not in SERIES:
        return str(group)
    return f"{SERIES[code]} {rest}".strip()


def plus_minus(value, se, digits: int) -> str:
    """A figure with its standard error as a reader writes it: "2.96 ± 0.06", both to
    ``digits`` decimals, and more where the error would round to nothing. "413 ± 0" says
    the error is zero; it is not: 0.18 boards is "413.2 ± 0.2". A missing error (None,
    NaN) leaves the figure alone, and so does an error of exactly 0 (an exact figure).

    >>> plus_minus(2.9612, 0.0571, 2), plus_minus(413.24, 0.18, 0), plus_minus(0.5581, 0.0004, 3)
    ('2.96 ± 0.06', '413.2 ± 0.2', '0.5581 ± 0.0004')
    >>> plus_minus(297.2, 1.04, 0), plus_minus(6.5, None, 1), plus_minus(7.0, 0.0, 1)
    ('297 ± 1', '6.5', '7.0')
    """
    import math

    if se is None or not math.isfinite(float(se)) or float(se) == 0:
        return f"{value:.{digits}f}"
    se = float(se)
    d = digits
    while round(se, d) == 0 and d < digits + 6:
        d += 1
    return f"{value:.{d}f} ± {se:.{d}f}"


def and_list(items, *, empty: str = "none") -> str:
    """Items as running text: "1, 2 and 3" (not a list repr ``[1, 2, 3]``); ``empty``
    when there are none.

    >>> and_list([1, 2, 3]), and_list(["Bermuda Bowl"]), and_list([])
    ('1, 2 and 3', 'Bermuda Bowl', 'none')
    """
    items = [str(i) for i in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def counted(n, word: str, plural: str | None = None) -> str:
    """``n`` and the word, in the plural unless ``n`` is 1: "1 board", "3 boards", "0
    groups" (never "board(s)").

    >>> counted(1, "board"), counted(3, "board"), counted(2, "match", "matches")
    ('1 board', '3 boards', '2 matches')
    """
    n = int(n)
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"
