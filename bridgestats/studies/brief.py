"""The committee brief: each question a scoring committee brings, answered once, from one source.

A committee asks which VP scale to publish for each form and length it runs, what changing
from the scale it uses now would change for players, and whether that change would have
changed who qualified. :func:`recommendations` answers for every form and length at once,
one row each: the recommended scale (the Gaussian equal-probability scale at the form's one
σ, :func:`bridgestats.sigma.form_sigma`, as the booklet, the designer and ``bridgestats
scale`` print it) beside the scale the committee uses now, in players' terms: where 20-0
starts, how often a match between equal sides ends 20-0, P(the strongest side wins) in the
same simulated events under both scales (paired, with its standard error) and, for teams, how
many qualifiers of 51 real championships it would have changed against which baseline.
:func:`wbf_statement` tests on those championships the WBF's claim that re-scoring past
events under a new scale changes "practically" nothing. :func:`recommendation_sentence` and
:func:`wbf_statement_sentence` are the brief's words, made and tested here.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys").
.. [2] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
from scipy.stats import norm

from .._validate import check_choice, check_int, check_number, fail
from ..names import display_name
from ..sigma import EVIDENCE_FORMS, event_form, form_sigma
from ..vp import NAMED_SCALES, VPScale, event_scale, named_scale
from .designer import not_simulated_reason, simulated_measures
from .frequencies import sensitivity
from .ppi_decision import ppi_calibration_sentence, ppi_decision
from .rescore import qualifier_changes, rescore_events
from .scales import VERDICT_MARGIN

__all__ = [
    "CURRENT",
    "DEFAULT_EVENTS",
    "SIMILAR_SHAPES",
    "brief_findings",
    "brief_table",
    "current_scale",
    "ppi_answer",
    "recommendation_sentence",
    "recommendations",
    "top_from",
    "wbf_statement",
    "wbf_statement_sentence",
]

#: The forms and lengths a committee runs, by default: teams of four over 8, 16 and 32
#: boards, Swiss pairs over 7, 8 and 10, face-to-face Butler over 16 and cross-IMPed teams
#: of eight over 8.
DEFAULT_EVENTS = (
    ("teams", 8),
    ("teams", 16),
    ("teams", 32),
    ("swiss_pairs", 7),
    ("swiss_pairs", 8),
    ("swiss_pairs", 10),
    ("butler", 16),
    ("cross_imps", 8),
)
#: The scale a committee uses now, by the margin's unit: WBF 2013 continuous for IMP forms
#: (the WBF's and the EBU's teams scale since 2013), the EBU's 2006 table for Swiss pairs.
CURRENT = {"IMPs": "wbf", "MP %": "ebu_2006"}
#: Pairs of re-scored scales of the same shape (one curve, continuous and in whole VPs);
#: every other pair of :func:`wbf_statement` differs in shape.
SIMILAR_SHAPES = (("WBF 2013 continuous", "WBF 2013 discrete"),)
#: The largest share of events whose qualifiers change for "practically nothing" to hold
#: (one event in twenty; the brief says which side of it each pair falls, with its count).
PRACTICALLY_NOTHING = 0.05
#: The forms and lengths whose sentences are the brief's headlines (where the committee runs
#: them).
_HEADLINES = (("teams", 8), ("swiss_pairs", 8))
#: The report that backs each answer.
_BACKING = {
    "sigma": "vp_scale_designer",
    "simulation": "compare_scales",
    "qualifiers": "compare_scales",
    "ppi": "ratings_real",
}


def current_scale(form, n_boards, current=None) -> VPScale | None:
    """The scale a committee uses now for ``form`` over ``n_boards`` boards.

    Parameters
    ----------
    form : str
        An id of :data:`bridgestats.sigma.FORMS`.
    n_boards : int
    current : str, VPScale or None
        A named scale's id (:data:`bridgestats.vp.NAMED_SCALES`), the path of a scale CSV
        (``*.csv``, as ``bridgestats scale --format csv`` writes one:
        :func:`bridgestats.io.read_scale_csv`; one table, used at every length), a scale,
        or None for :data:`CURRENT` of the form's unit (None again for a unit with no scale
        in common use: aggregate points).

    Examples
    --------
    >>> current_scale("teams", 8).name
    'WBF 2013 continuous, 8 boards'
    >>> current_scale("swiss_pairs", 8).name
    'Swiss pairs EBU (2006)'
    """
    unit = event_form(form).unit
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    if isinstance(current, VPScale):
        scale = current
    elif isinstance(current, str) and current.lower().endswith(".csv"):
        from ..io import read_scale_csv

        scale = read_scale_csv(current)
        current = scale
    else:
        name = CURRENT.get(unit) if current is None else current
        if name is None:
            return None
        check_choice(name, "current", tuple(NAMED_SCALES))
        scale = named_scale(name, n_boards=n)
    theirs = NAMED_SCALES[current].unit if isinstance(current, str) else scale.unit
    if theirs not in (unit, "margin"):
        raise fail(
            "current",
            f"a scale in {unit}, the unit of {display_name('form', form)}",
            f"a scale in {theirs}",
        )
    return scale


def top_from(scale: VPScale, unit: str) -> float:
    """Where a scale's top outcome (20-0) starts, as a committee reads it: the first whole
    IMP (or 10 points) that earns it, or the match percentage for MP %.

    Examples
    --------
    >>> top_from(current_scale("teams", 8), "IMPs"), top_from(event_scale("teams", 8), "IMPs")
    (43.0, 30.0)
    >>> round(top_from(current_scale("swiss_pairs", 8), "MP %"), 2)
    68.35
    """
    t = (
        float(scale.thresholds[-1])
        if not scale.negative
        else float(scale.thresholds[scale.max_vp // 2 - 1])
    )
    if unit == "MP %":
        return round(scale.centre + t, 10)
    step = scale.step or 1
    return float(math.ceil(round(t / step, 9)) * step)


def _as_played(scale: VPScale, step) -> VPScale:
    """``scale`` as it scores margins a simulation draws (not whole IMPs): a scale printed in
    whole steps (whole IMPs, 10 points) starts each band half a step below its printed
    margin, as a real margin rounded to the step reaches it (as the catalogue's WBF
    scales are made, :mod:`bridgestats.vp.catalogue`); a percentage scale is as it is.

    >>> s = _as_played(event_scale("teams", 8), 1)
    >>> s.thresholds[-1], float(s.vp(29.6)), float(s.vp(29.4))
    (29.5, 20.0, 19.0)
    """
    if step is None:
        return scale
    t = np.asarray(scale.thresholds, dtype=float)
    if scale.step is not None:  # continuous thresholds printed in whole steps
        t = scale.integer_ranges()["margin_from"].to_numpy(dtype=float)[1:]
    elif not np.allclose(t / step, np.round(t / step)):  # already for drawn margins
        return scale
    return dataclasses.replace(scale, thresholds=tuple(t - step / 2), step=None)


def _simulated(form, n_boards, scales, *, n_tables, n_events, rng):
    """P(strongest wins) of each scale on the same simulated events, the first the
    reference; None for a form with no strongest side."""
    if not_simulated_reason(form) is not None:
        return None
    m = simulated_measures(form, n_boards, scales, n_tables=n_tables, n_events=n_events, rng=rng)
    win = m[m["measure"] == "p_strongest_wins"].reset_index(drop=True)
    vs = m[m["measure"] == "p_strongest_wins_vs_reference"].reset_index(drop=True)
    return win, vs


def _real_changes(rescored, baselines) -> dict | None:
    """What the recommended teams scale (the Gaussian 20-0 at each event's own length)
    changes in real round robins: qualifiers (under the events' tie-break and over every
    order of the teams tied at the cut), events, and the baseline, in words; None when the
    events hold no team round robin."""
    q = qualifier_changes(rescored, baselines=baselines)
    g = q[q["scale"] == "Gaussian 20-0"]
    if g.empty:
        return None
    played = g.drop_duplicates("event")["baseline_played"].astype(bool)
    scales = pd.unique(g["baseline_scale"]) if "baseline_scale" in g else ["WBF 2013 continuous"]
    n = int(g["event"].nunique())
    if baselines is None:  # the shipped championships: WBF 2013 re-applied
        what = (
            f"against WBF 2013 continuous re-applied (a scale {n - int(played.sum())} of "
            f"the {n} did not play)"
        )
    else:
        what = "against the scale each was scored on (" + ", ".join(scales) + ")"
    return {
        "qualifier_changes": int(g["count"].sum()),
        "qualifier_changes_low": int(g["count_low"].sum()),
        "qualifier_changes_high": int(g["count_high"].sum()),
        "events_changed": int((g["count"] > 0).sum()),
        "n_real_events": n,
        "baseline": what,
    }


def recommendations(
    events=DEFAULT_EVENTS,
    *,
    current=None,
    n_tables=15,
    n_events=2000,
    alpha=0.05,
    rng=None,
    rescored=None,
    baselines=None,
    qualifiers=8,
) -> pd.DataFrame:
    """The recommended scale for each form and length, beside the scale in use now.

    Parameters
    ----------
    events : sequence of (form, n_boards)
        The forms (ids of :data:`bridgestats.sigma.EVIDENCE_FORMS`) and lengths the committee
        runs.
    current : dict, optional
        The scale in use now by unit (``{"IMPs": "wbf", "MP %": "ebu_2006"}``: a named
        scale's id or a :class:`~bridgestats.vp.VPScale`); :data:`CURRENT` where a unit is
        not given.
    n_tables : int
        Tables in play for Butler.
    n_events : int
        Simulated events per form and length (both scales play the same ones).
    alpha : float
        The family-wise error rate of the verdicts on P(strongest wins), over the forms and
        lengths simulated (Bonferroni's threshold, as :func:`~.scales.scale_verdicts`).
    rng : int or numpy.random.Generator, optional
        One seed per form and length is drawn from it.
    rescored : pandas.DataFrame, optional
        :func:`~.rescore.rescore_events`' frame: the shipped championships by default, or a
        committee's own events (:func:`~.committee.rescore_input`).
    baselines : dict, optional
        With a committee's ``rescored``: the scale each event was scored on
        (:attr:`~.committee.RescoreInput.baselines`), against which changes are counted.
    qualifiers : int
        How many qualify from each real event (the cut ``rescored`` was made with), for
        the words.

    Returns
    -------
    pandas.DataFrame
        One row per form and length, with columns ``form``, ``n_boards``, ``n_tables``,
        ``unit``; ``sigma``, ``sigma_ci_low``, ``sigma_ci_high``, ``sigma_source`` (the
        form's one σ); ``thresholds`` (the recommended scale's, continuous) and
        ``recommended_20_0_from`` (as printed); ``current_scale``,
        ``current_20_0_from``; ``p_20_0_equal`` and ``p_20_0_equal_current`` (the share
        of matches between equal sides that end 20-0, the margin normal at σ) and
        ``p_20_0_equal_ci_low``, ``p_20_0_equal_ci_high`` (the recommended scale's share at
        the ends of σ's interval);
        ``p_strongest_wins``, ``p_strongest_wins_current`` and their ``_se``,
        ``strongest_diff`` (recommended minus current, paired by event) and
        ``strongest_diff_se``, ``n_events`` and ``verdict`` (``"differs"``, ``"not
        distinguishable"`` or ``"unresolved"``: |z| against the Bonferroni threshold of the
        rows simulated, within :data:`~.scales.VERDICT_MARGIN` of it unresolved; missing
        where the form has no strongest side);
        ``qualifier_changes``, ``qualifier_changes_low``, ``qualifier_changes_high``,
        ``events_changed``, ``n_real_events``, ``baseline`` and ``qualifiers`` (teams only:
        the real round robins re-scored at their own lengths, the 51 championships or the
        committee's); ``report`` (the report that backs the row).

    Examples
    --------
    >>> r = recommendations([("teams", 8)], n_events=200, rng=1)
    >>> r[["form", "n_boards", "recommended_20_0_from", "current_20_0_from"]].to_dict("records")
    [{'form': 'teams', 'n_boards': 8, 'recommended_20_0_from': 30.0, 'current_20_0_from': 43.0}]
    """
    pairs = [
        (
            check_choice(f, "events", tuple(EVIDENCE_FORMS)),
            check_int(n, "n_boards", minimum=1, maximum=500),
        )
        for f, n in events
    ]
    if not pairs:
        raise fail("events", "at least one (form, n_boards)", list(events))
    n_events = check_int(n_events, "n_events", minimum=50, maximum=100_000)
    gen = np.random.default_rng(rng)
    current = {**CURRENT, **(current or {})}
    quals = None
    if rescored is None:
        rescored = rescore_events()
    rows = []
    for form, n in pairs:
        entry = event_form(form)
        src = form_sigma(form, n, n_tables=n_tables)
        rec = event_scale(form, n, sigma=src.sigma)
        now = current_scale(form, n, current.get(entry.unit))
        played = _as_played(rec, entry.step)
        compared = {"rec": played}
        if now is not None:
            now = _as_played(now, entry.step)
            compared["now"] = now
        p = sensitivity(compared, sigmas=[src.sigma]).set_index("scale")["p_top"]
        lo, hi = src.sigma_ci or (np.nan, np.nan)
        ends = (
            sensitivity({"rec": played}, sigmas=[lo, hi])["p_top"].tolist()
            if src.sigma_ci
            else [np.nan, np.nan]
        )
        row = {
            "form": form,
            "n_boards": n,
            "n_tables": n_tables if form == "butler" else None,
            "unit": entry.unit,
            "sigma": src.sigma,
            "sigma_ci_low": lo,
            "sigma_ci_high": hi,
            "sigma_source": src.source,
            "thresholds": [float(t) for t in rec.thresholds],
            "recommended_20_0_from": top_from(rec, entry.unit),
            "current_scale": None if now is None else now.name,
            "current_20_0_from": np.nan if now is None else top_from(now, entry.unit),
            "p_20_0_equal": float(p["rec"]),
            "p_20_0_equal_ci_low": float(min(ends)),
            "p_20_0_equal_ci_high": float(max(ends)),
            "p_20_0_equal_current": float(p["now"]) if now is not None else np.nan,
            "report": _BACKING["sigma"],
        }
        seed = int(gen.integers(2**32))
        sim = (
            None
            if now is None
            else _simulated(form, n, [played, now], n_tables=n_tables, n_events=n_events, rng=seed)
        )
        if sim is not None:
            win, vs = sim
            row.update(
                {
                    "p_strongest_wins": float(win["value"].iloc[0]),
                    "p_strongest_wins_se": float(win["se"].iloc[0]),
                    "p_strongest_wins_current": float(win["value"].iloc[1]),
                    "p_strongest_wins_current_se": float(win["se"].iloc[1]),
                    "strongest_diff": -float(vs["value"].iloc[0]),
                    "strongest_diff_se": float(vs["se"].iloc[0]),
                    "n_events": n_events,
                }
            )
        if form == "teams":
            if quals is None:
                quals = _real_changes(rescored, baselines) or {}
            if quals:
                row.update({**quals, "qualifiers": qualifiers})
        rows.append(row)
    out = pd.DataFrame(rows)
    if "strongest_diff" in out:
        m = int(out["strongest_diff"].notna().sum())
        z_critical = float(norm.ppf(1 - check_number(alpha, "alpha", low=1e-6, high=0.5) / (2 * m)))
        z = (out["strongest_diff"] / out["strongest_diff_se"]).abs()
        gap = z - z_critical
        verdict = np.where(
            gap.abs() < VERDICT_MARGIN,
            "unresolved",
            np.where(gap > 0, "differs", "not distinguishable"),
        )
        out["verdict"] = np.where(out["strongest_diff"].notna(), verdict, None)
    return out


def _num(x) -> str:
    return f"{x:g}" if float(x).is_integer() else f"{x:.2f}"


def _signed(x: float) -> str:
    """A difference to one decimal, with its sign (0.0 without one)."""
    return "0.0" if abs(x) < 0.05 else f"{x:+.1f}"


def recommendation_sentence(row) -> str:
    """One row of :func:`recommendations` in a committee's words.

    Examples
    --------
    >>> r = recommendations([("teams", 8)], n_events=200, rng=1).iloc[0]
    >>> print(recommendation_sentence(r)[:73])
    Teams of four, 8 boards: publish the Gaussian 20-0 scale at σ 17.95 IMPs
    >>> "20-0 from 30 IMPs, against 43 IMPs on WBF 2013 continuous" in recommendation_sentence(r)
    True
    """
    name = display_name("form", row["form"])
    unit = row["unit"]
    top = _num(row["recommended_20_0_from"]) + (" %" if unit == "MP %" else f" {unit}")
    now = _num(row["current_20_0_from"]) + (" %" if unit == "MP %" else f" {unit}")
    digits = 0 if unit == "points" else 2
    ci = (
        " (a printed figure: no interval)"
        if pd.isna(row["sigma_ci_low"])
        else f" (90 % interval {row['sigma_ci_low']:.2f}-{row['sigma_ci_high']:.2f})"
    )
    text = (
        f"{name[:1].upper()}{name[1:]}, {row['n_boards']} boards: publish the Gaussian 20-0 "
        f"scale at σ {row['sigma']:.{digits}f} {unit}{ci}, 20-0 from {top}"
    )
    if not isinstance(row["current_scale"], str):
        return text + (
            f", where {100 * row['p_20_0_equal']:.1f} % of matches between equal "
            "sides end 20-0 (no scale in common use to set beside it)."
        )
    share = f"{100 * row['p_20_0_equal']:.1f} %"
    if not pd.isna(row.get("p_20_0_equal_ci_low", np.nan)):
        share += (
            f" ({100 * row['p_20_0_equal_ci_low']:.1f}-"
            f"{100 * row['p_20_0_equal_ci_high']:.1f} % over σ's interval)"
        )
    text += (
        f", against {now} on {row['current_scale']}; between equal sides {share} of matches "
        f"end 20-0 on it, {100 * row['p_20_0_equal_current']:.1f} % on the scale now"
    )
    if not pd.isna(row.get("strongest_diff", np.nan)):
        d, se = 100 * row["strongest_diff"], 100 * row["strongest_diff_se"]
        verdict = {
            "not distinguishable": "cannot be told apart",
            "unresolved": "too close to call",
            "differs": "more often" if d > 0 else "less often",
        }[row["verdict"]]
        text += (
            f"; the strongest side wins a simulated event {100 * row['p_strongest_wins']:.1f} % "
            f"of the time on it and {100 * row['p_strongest_wins_current']:.1f} % on the scale "
            f"now ({_signed(d)} ± {se:.1f} percentage points, paired over {int(row['n_events']):,} "
            f"events: {verdict})"
        )
    if not pd.isna(row.get("qualifier_changes", np.nan)):
        lo, hi = int(row["qualifier_changes_low"]), int(row["qualifier_changes_high"])
        spread = "" if lo == hi else f", {lo}-{hi} as ties at the cut fall"
        n = int(row["n_real_events"])
        text += (
            f"; in {n} real round robin{'s' if n != 1 else ''} re-scored at their own lengths "
            f"it would have changed {int(row['qualifier_changes'])} qualifiers in "
            f"{int(row['events_changed'])} events{spread}, {row['baseline']}, the top "
            f"{int(row['qualifiers'])} qualifying"
        )
    return text + "."


def wbf_statement(rescored=None) -> pd.DataFrame:
    """Does re-scoring real championships under another scale change "practically" nothing?

    Every pair of re-scored scales is compared event by event: the teams that qualify
    under one and not the other, the teams whose place differs, and whether the leader
    differs. Pairs of the same shape (:data:`SIMILAR_SHAPES`) are told from pairs of
    different shape.

    Parameters
    ----------
    rescored : pandas.DataFrame, optional
        :func:`~.rescore.rescore_events`' frame: the shipped championships by default, or a
        committee's own events (:func:`~.committee.rescore_input`).
    baselines : dict, optional
        With a committee's ``rescored``: the scale each event was scored on
        (:attr:`~.committee.RescoreInput.baselines`), against which changes are counted.
    qualifiers : int
        How many qualify from each real event (the cut ``rescored`` was made with), for
        the words.

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``scale``, ``other``, ``shape`` (``"similar"`` or
        ``"different"``), ``n_events``, ``events_qualifiers_changed``,
        ``qualifiers_changed`` (teams in under one and out under the other, summed),
        ``places_changed`` (teams whose place differs, summed), ``leaders_changed``
        (events whose first place differs), ``share_events_changed`` and ``holds``
        (the share is at most :data:`PRACTICALLY_NOTHING`).

    Examples
    --------
    >>> w = wbf_statement()
    >>> w.loc[w["shape"] == "similar", ["scale", "other", "n_events"]].to_dict("records")
    [{'scale': 'WBF 2013 continuous', 'other': 'WBF 2013 discrete', 'n_events': 51}]
    """
    r = rescore_events() if rescored is None else rescored
    scales = [s for s in pd.unique(r["scale"])]
    wide = r.pivot_table(
        index=["event", "team"], columns="scale", values=["rank", "qualified"], aggfunc="first"
    )
    similar = {frozenset(p) for p in SIMILAR_SHAPES}
    rows = []
    for i, a in enumerate(scales):
        for b in scales[i + 1 :]:
            qa, qb = wide["qualified"][a].astype(bool), wide["qualified"][b].astype(bool)
            ra, rb = wide["rank"][a], wide["rank"][b]
            moves = {"in_out": qa & ~qb, "moved": ra != rb, "lead": (ra == 1) != (rb == 1)}
            by_event = pd.DataFrame(moves).groupby(level="event")
            agg = by_event.agg({"in_out": "sum", "moved": "sum", "lead": "any"})
            n = len(agg)
            changed = int((agg["in_out"] > 0).sum())
            rows.append(
                {
                    "scale": a,
                    "other": b,
                    "shape": "similar" if frozenset((a, b)) in similar else "different",
                    "n_events": n,
                    "events_qualifiers_changed": changed,
                    "qualifiers_changed": int(agg["in_out"].sum()),
                    "places_changed": int(agg["moved"].sum()),
                    "leaders_changed": int(agg["lead"].sum()),
                    "share_events_changed": changed / n,
                    "holds": changed / n <= PRACTICALLY_NOTHING,
                }
            )
    return pd.DataFrame(rows)


def wbf_statement_sentence(frame) -> str:
    """The verdict on the WBF's "practically nothing", from :func:`wbf_statement`.

    Examples
    --------
    >>> print(wbf_statement_sentence(wbf_statement())[:62])
    The WBF's claim that re-scoring past championships under a new
    """
    sim = frame[frame["shape"] == "similar"]
    diff = frame[frame["shape"] == "different"]
    n = int(frame["n_events"].max())

    def said(rows):
        return "; ".join(
            f"{r.scale} against {r.other}: qualifiers change in {r.events_qualifiers_changed} "
            f"of {_count(r.n_events, 'event')} ({_count(r.qualifiers_changed, 'team')}), "
            f"places in {r.places_changed}, the leader in {r.leaders_changed}"
            for r in rows.itertuples()
        )

    holds_similar = bool(sim["holds"].all()) if len(sim) else None
    n_diff_holds = int(diff["holds"].sum())
    verdict = (
        "holds between scales of the same shape"
        if holds_similar
        else "does not hold even between scales of the same shape"
    )
    if n * PRACTICALLY_NOTHING < 1:  # one change is already more than the claim allows
        verdict = f"cannot be tested on {_count(n, 'event')} (one change would exceed it)"
    similar = f" ({said(sim)})" if len(sim) else ""
    held = "none" if n_diff_holds == 0 else f"{n_diff_holds}"
    return (
        f"The WBF's claim that re-scoring past championships under a new scale changes "
        f"practically nothing (at most {PRACTICALLY_NOTHING:.0%} of events with a qualifier "
        f"changed) {verdict}{similar}; between scales of different shape it holds for {held} "
        f"of the {len(diff)} pairs, over {_count(n, 'real event')} re-scored at their own "
        f"lengths (the most changed: {said(diff.nlargest(1, 'events_qualifiers_changed'))})."
    )


def _count(n, noun: str) -> str:
    """``n`` and ``noun``, plural unless one.

    >>> _count(1, "event"), _count(3, "real event")
    ('1 event', '3 real events')
    """
    return f"{int(n):,} {noun}{'' if int(n) == 1 else 's'}"


def ppi_answer(sessions=None, *, until="2010-01-01", n_boot=2000, rng=None):
    """Does the PPI forget too fast or too slow? :func:`~.ppi_decision.ppi_decision` on the
    real players' session log (the ratings report's, ``derived/rating_sessions``), with
    the calibration sentence beside its answer.

    Returns
    -------
    tuple
        The factors' table (``m_scale``, ``rmse``, ``gain``, ``calibration_slope``,
        ``half_life_boards``, and the rest of :func:`~.ppi_decision.ppi_decision`'s
        columns) and the decision dict, whose ``sentence`` is followed by
        ``calibration_sentence``.
    """
    from .. import datasets

    log = datasets.load("derived/rating_sessions") if sessions is None else sessions
    table, decision = ppi_decision(log, until=until, n_boot=n_boot, rng=rng)
    decision = {**decision, "calibration_sentence": ppi_calibration_sentence(table)}
    return table.assign(m_scale=table["factor"]), decision


def brief_findings(table, statement, decision=None) -> pd.DataFrame:
    """The brief's findings as a tidy frame: ``text``, ``section``, ``key``, ``headline``.

    One sentence per form and length (:func:`recommendation_sentence`; key
    ``recommendations``), the headlines the 8-board teams and 8-board Swiss pairs rows where
    they are in ``table``, the verdict on the WBF's claim (:func:`wbf_statement_sentence`;
    key ``wbf_statement``) and, given ``decision`` (:func:`ppi_answer`'s), the PPI's
    answer and what its calibration means (key ``ppi_decision``): the keys are the brief's
    summary keys.
    """
    rows = []
    for r in table.itertuples(index=False):
        row = r._asdict()
        rows.append(
            {
                "text": recommendation_sentence(row),
                "section": "Which scale to publish",
                "key": "recommendations",
                "headline": (row["form"], row["n_boards"]) in _HEADLINES,
            }
        )
    rows.append(
        {
            "text": wbf_statement_sentence(statement),
            "section": "Would a new scale have changed who qualified?",
            "key": "wbf_statement",
            "headline": True,
        }
    )
    if decision is not None:
        pairs = ((decision["sentence"], True), (decision["calibration_sentence"], False))
        for text, head in pairs:
            rows.append(
                {
                    "text": text,
                    "section": "Does our PPI forget too fast or too slow?",
                    "key": "ppi_decision",
                    "headline": head,
                }
            )
    return pd.DataFrame(rows, columns=["text", "section", "key", "headline"])


#: The verdicts on P(strongest wins) in a table cell's words.
_VERDICT_WORDS = {
    "not distinguishable": "no difference",
    "unresolved": "too close to call",
    "differs": "differs",
}


def brief_table(table) -> pd.DataFrame:
    """:func:`recommendations` as the brief's table: forms by name, shares in %.

    Returns
    -------
    pandas.DataFrame
        ``form`` (its display name), ``n_boards``, ``sigma``, ``recommended_20_0_from``,
        ``current_20_0_from``, ``p_20_0_equal`` and ``p_20_0_equal_current`` (%),
        ``p_strongest_wins`` and ``p_strongest_wins_current`` (%), ``verdict`` (in words).

    Examples
    --------
    >>> t = brief_table(recommendations([("swiss_pairs", 8)], n_events=100, rng=1))
    >>> t[["form", "n_boards", "p_20_0_equal"]].round(1).to_dict("records")
    [{'form': 'Swiss pairs', 'n_boards': 8, 'p_20_0_equal': 9.5}]
    """
    out = pd.DataFrame(
        {
            "form": table["form"].map(lambda f: display_name("form", f)),
            "n_boards": table["n_boards"],
            "sigma": table["sigma"],
            "recommended_20_0_from": table["recommended_20_0_from"],
            "current_20_0_from": table["current_20_0_from"],
        }
    )
    for column in (
        "p_20_0_equal",
        "p_20_0_equal_current",
        "p_strongest_wins",
        "p_strongest_wins_current",
    ):
        out[column] = 100 * table[column] if column in table else np.nan
    verdict = table["verdict"] if "verdict" in table else pd.Series(None, index=table.index)
    out["verdict"] = verdict.map(lambda v: _VERDICT_WORDS.get(v, "") if isinstance(v, str) else "")
    return out
