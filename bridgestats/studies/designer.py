"""What the designer's recommended scale does: simulated events and the real qualifiers.

The VP scale designer (``notebooks/vp_scale_designer.ipynb``) opens with the scale to print
(:func:`bridgestats.studies.sigma_evidence.recommendation`). This module says what that
scale does beside the alternatives a committee would consider in the same unit:

- :func:`simulated_comparison`: P(strongest wins) and the share of 20-0s in simulated
  events of the form (:mod:`bridgestats.sim.events`), every scale scored on the same
  simulated events (common random numbers), each alternative against the recommended scale
  paired event by event with its standard error and a Holm-adjusted p-value;
- :func:`real_qualifier_changes`: how many qualifiers of the 51 real round robins
  (:mod:`bridgestats.studies.rescore`) the recommended rule would have changed, teams only;
- :func:`designer_findings`: the recommendation's sentences, one finding each.

The simulated event of each form
--------------------------------
The board model is the one its σ(n) comes from (:func:`bridgestats.sigma.form_sigma`):

- teams of four: the measured board swings (``board="swings"``), strengths drawn with sd
  δ/√2 IMPs per board (δ of the K(n) model is the sd of the difference of two sides'
  edges, Probst's σ²(n) = nK² + n²δ²);
- face-to-face Butler and cross-IMPed teams of eight: their σ(n) is the teams σ(n) times a
  factor f (B·√((T−1)/(2T)), √(C·R/2)), so the simulation plays normal boards of sd f·K
  with strengths of sd f·δ/√2: the margin's σ²(n) = f²(nK² + n²δ²), the form's σ;
- Swiss pairs: normal board percentages (``board="pairs"``) of sd k with strengths of sd τ
  (the one strength fit, :func:`~.sigma_evidence.swiss_pairs_strength`);
- aggregate: its σ (Probst's Sheffield figure) has no strength term, so there is no
  strongest side to find: not simulated.

Each is a Swiss of :data:`SIM_EVENTS`'s size paired by score (the teams and pairs events of
:data:`bridgestats.studies.scales.EVENTS`). P(strongest wins) is the share of events the
strongest entrant wins; its Monte Carlo SE is √(p(1 − p)/E).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import check_choice, check_int, check_number, fail
from ..names import display_name
from ..sigma import FORMS, FormTable, evidence_inputs, form_sigma
from ..sim.measures import event_measures
from ..vp import event_scale, gaussian_scale, named_scale, scale_from_thresholds, scale_sigma
from .scales import EVENTS
from .sigma_evidence import EVIDENCE_FORMS, conditions_sigma

__all__ = [
    "DESIGNER_SCALE",
    "SIM_EVENTS",
    "UNITS",
    "comparison_bound",
    "designer_findings",
    "designer_scale",
    "designer_sigma",
    "evidence_table",
    "input_datasets",
    "not_simulated_reason",
    "real_qualifier_changes",
    "simulated_comparison",
    "simulated_measures",
    "simulated_model",
]

#: The simulated event of each form: a Swiss paired by score, of the size of the
#: tribunal's Swiss teams and Swiss pairs (:data:`bridgestats.studies.scales.EVENTS`), and
#: its qualifiers ``top_k``.
SIM_EVENTS = {
    form: {key: EVENTS[event][key] for key in ("n_entrants", "n_rounds", "top_k")}
    for form, event in (
        ("teams", "Swiss teams"),
        ("butler", "Swiss teams"),
        ("cross_imps", "Swiss teams"),
        ("swiss_pairs", "Swiss pairs"),
    )
}
#: The recommended scale's name in the comparisons (the reference every other is paired with).
DESIGNER_SCALE = "recommended"
#: The historical Swiss pairs scales a committee could print instead (Probst, Table 8).
_PAIRS_ALTERNATIVES = ("ebu_2006", "washington_2004", "random_draw")
_NOT_SIMULATED = {
    "aggregate": "aggregate's σ (Probst's Sheffield figure) has no strength term, so a "
    "simulated event has no strongest side to find",
}


def _title(form) -> str:
    """The form's display name with a capital, to open a sentence or a title."""
    name = display_name("form", form)
    return name[:1].upper() + name[1:]


def _printed_scale(sigma, *, unit, centre, max_vp, name):
    """The Gaussian scale as printed: whole-IMP band starts, for margins rounded to the whole
    IMP (as the catalogue's WBF scales, :mod:`bridgestats.vp`), MP % to two decimals."""
    scale = gaussian_scale(
        max_vp, sigma=sigma, centre=centre, unit=unit, name=name, step=1 if unit == "IMPs" else None
    )
    if unit != "IMPs":
        return scale
    starts = scale.integer_ranges()["margin_from"].to_numpy(dtype=float)[1:]
    return scale_from_thresholds(starts - 0.5, max_vp=max_vp, unit=unit, name=name)


def _source(form, n_boards, *, n_tables=15, conditions=None, ascherman=False):
    """The form's σ (:func:`bridgestats.sigma.form_sigma`), or for Swiss pairs with stated
    ``conditions`` Brighton's σ for them (:func:`~.sigma_evidence.conditions_sigma`)."""
    if conditions is None:
        return form_sigma(form, n_boards, n_tables=n_tables)
    if form != "swiss_pairs":
        raise fail("conditions", "None unless form is 'swiss_pairs'", conditions)
    return conditions_sigma(n_boards, conditions, ascherman=ascherman)


def simulated_model(form, n_boards, *, n_tables=15):
    """The simulator's board model and strengths for ``form`` at the form's σ(n) (see the
    module docstring): keywords of :func:`bridgestats.sim.measures.event_measures`."""
    ev = evidence_inputs()
    if form == "swiss_pairs":
        return {"board": "pairs", "k": ev["pairs_k"], "strength_sd": ev["strength_sd"]}
    teams = form_sigma("teams", n_boards).sigma
    f = form_sigma(form, n_boards, n_tables=n_tables).sigma / teams
    if form == "teams":
        return {"board": "swings", "k": None, "strength_sd": ev["delta"] / math.sqrt(2)}
    return {
        "board": "gaussian",
        "k": f * ev["k"],
        "strength_sd": f * ev["delta"] / math.sqrt(2),
        "factor": f,
    }


def simulated_measures(form, n_boards, scales, *, n_tables=15, n_events=2000, rng=None):
    """The measures of ``scales`` on the same simulated events of ``form`` (its
    :data:`SIM_EVENTS` Swiss paired by score, at :func:`simulated_model`), the first scale
    the reference: the frame of :func:`bridgestats.sim.measures.event_measures`. The one
    simulated event of a form behind the designer and the committee brief."""
    model = simulated_model(form, n_boards, n_tables=n_tables)
    spec = SIM_EVENTS[form]
    return event_measures(
        spec["n_entrants"],
        scales=scales,
        n_rounds=spec["n_rounds"],
        n_boards=n_boards,
        event_format="swiss",
        pairing="score",
        board=model["board"],
        k=model["k"],
        strength_sd=model["strength_sd"],
        n_events=n_events,
        top_k=spec["top_k"],
        reference=0,
        rng=rng,
    )


def simulated_comparison(
    form, n_boards, *, n_tables=15, conditions=None, max_vp=20, off=0.15, n_events=2000, rng=None
):
    """The recommended scale against the alternatives, on the same simulated events.

    Parameters
    ----------
    form : str
        One of :data:`~.sigma_evidence.EVIDENCE_FORMS`.
    n_boards : int
    n_tables, conditions, max_vp
        As :func:`~.sigma_evidence.recommendation` (the recommended scale's σ).
    off : float
        The alternatives include the Gaussian scales at σ·(1 − off) and σ·(1 + off): a
        scale built on a σ that far off.
    n_events : int
        Simulated events (every scale plays the same ones).
    rng : int or numpy.random.Generator, optional

    Returns
    -------
    pandas.DataFrame or None
        One row per scale, the recommended first: ``scale``, ``p_strongest_wins`` and
        ``se``, ``p_20_0`` (the share of matches that are 20-0, pooled over rounds; missing
        for a scale without a 20-0) and ``p_20_0_se``, ``diff`` (its P(strongest wins)
        minus the recommended's, paired by event), ``se_paired`` and ``p_holm`` (Holm over
        the alternatives; missing on the recommended's row). ``attrs``: ``n_events``,
        ``event`` (a description), ``model``. None for a form not simulated
        (:func:`not_simulated_reason`).

    Examples
    --------
    >>> t = simulated_comparison("teams", 8, n_events=200, rng=1)
    >>> t["scale"].tolist()[:3]
    ['recommended', 'WBF 2013 continuous', 'WBF 2013 whole VPs']
    """
    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    off = check_number(off, "off", low=0.01, high=0.5)
    e = check_int(n_events, "n_events", minimum=50, maximum=100_000)
    if form in _NOT_SIMULATED:
        return None
    src = _source(form, n, n_tables=n_tables, conditions=conditions)
    centre = 50.0 if src.unit == "MP %" else 0.0
    printed = {
        DESIGNER_SCALE: src.sigma,
        f"σ {100 * off:.0f} % smaller": src.sigma * (1 - off),
        f"σ {100 * off:.0f} % larger": src.sigma * (1 + off),
    }
    gauss = [
        _printed_scale(s, unit=src.unit, centre=centre, max_vp=max_vp, name=name)
        for name, s in printed.items()
    ]
    if form == "swiss_pairs":
        names = [display_name("scale", s) for s in _PAIRS_ALTERNATIVES]
        others = [named_scale(s) for s in _PAIRS_ALTERNATIVES]
    else:
        names = ["WBF 2013 continuous", "WBF 2013 whole VPs", "win-draw-loss"]
        others = [named_scale(s, n_boards=n) for s in ("wbf", "wbf_discrete", "wdl")]
    scales = [gauss[0], *others, *gauss[1:]]
    labels = [DESIGNER_SCALE, *names, *list(printed)[1:]]
    model, spec = simulated_model(form, n, n_tables=n_tables), SIM_EVENTS[form]
    m = simulated_measures(form, n, scales, n_tables=n_tables, n_events=e, rng=rng)
    by_name = dict(zip([s.name for s in scales], labels, strict=True))
    m = m.assign(scale=m["scale"].map(by_name))
    win = m[m["measure"] == "p_strongest_wins"].set_index("scale")
    vs = m[m["measure"] == "p_strongest_wins_vs_reference"].set_index("scale")
    top = m[
        (m["measure"] == "outcome_share") & m["round"].isna() & (m["outcome"] == f"{max_vp}-0")
    ].set_index("scale")
    rows = []
    for name in labels:
        rows.append(
            {
                "scale": name,
                "p_strongest_wins": float(win.at[name, "value"]),
                "se": float(win.at[name, "se"]),
                "p_20_0": float(top.at[name, "value"]) if name in top.index else np.nan,
                "p_20_0_se": float(top.at[name, "se"]) if name in top.index else np.nan,
                "diff": float(vs.at[name, "value"]) if name in vs.index else np.nan,
                "se_paired": float(vs.at[name, "se"]) if name in vs.index else np.nan,
                "p_holm": float(vs.at[name, "p_holm"]) if name in vs.index else np.nan,
            }
        )
    out = pd.DataFrame(rows)
    what = "pairs" if form == "swiss_pairs" else "teams"
    out.attrs.update(
        n_events=e,
        event=f"{e:,} simulated Swiss events of {spec['n_entrants']} {what}, "
        f"{spec['n_rounds']} rounds of {n} boards paired by score",
        model={
            k: (None if v is None else float(v)) if k != "board" else v for k, v in model.items()
        },
    )
    return out


def not_simulated_reason(form) -> str | None:
    """Why ``form``'s scale is not simulated (None: it is)."""
    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    return _NOT_SIMULATED.get(form)


def real_qualifier_changes(form, *, rescored=None):
    """How many qualifiers of the 51 real round robins the recommended rule would change.

    Parameters
    ----------
    form : str
        One of :data:`~.sigma_evidence.EVIDENCE_FORMS`; only ``"teams"`` applies (the real
        events are teams-of-four round robins).
    rescored : pandas.DataFrame, optional
        :func:`~.rescore.rescore_events`' frame (computed from the shipped matches if None).

    Returns
    -------
    dict
        ``applicable`` (bool) and ``reason``; for teams ``events`` (51), ``baseline``
        (the scale the changes are counted against), and ``scales``, one row per scale
        (``scale``, ``count`` under the event's IMP-differential tie-break, ``count_low``
        and ``count_high`` over every order of the teams tied at the cut, ``events_changed``
        events where any qualifier changes), the recommended rule first as
        :data:`DESIGNER_SCALE`: the Gaussian 20-0 scale at each event's own length, σ(n)
        from the same evidence (:func:`~.scales.candidate_scales`).
    """
    from .rescore import qualifier_changes, rescore_events

    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    if form != "teams":
        return {
            "applicable": False,
            "reason": "the 51 real events re-scored are teams-of-four round robins, so "
            f"none of them tests a scale for {display_name('form', form)}",
        }
    r = rescore_events() if rescored is None else rescored
    q = qualifier_changes(r)
    q = q.assign(changed=q["count"] > 0)
    g = q.groupby("scale", sort=False).agg(
        count=("count", "sum"),
        count_low=("count_low", "sum"),
        count_high=("count_high", "sum"),
        events_changed=("changed", "sum"),
    )
    baseline = "WBF 2013 continuous"
    keep = {
        "Gaussian 20-0": DESIGNER_SCALE,
        "WBF 2013 discrete": "WBF 2013 whole VPs",
        "win/draw/loss": "win-draw-loss",
        "Gaussian 20-0 with 5 negative": "recommended, 5 negative VPs",
    }
    rows = g.loc[[k for k in keep if k in g.index]].reset_index()
    rows["scale"] = rows["scale"].map(keep)
    n_events = int(q["event"].nunique())
    played = q.drop_duplicates("event")["baseline_played"].astype(bool)
    return {
        "applicable": True,
        "reason": f"{n_events} real round robins (derived/rescored_matches), each re-scored "
        f"at its own length; changes counted against the {baseline} scale, which "
        f"{int(played.sum())} of them played (the others' own scale is not shipped)",
        "events": n_events,
        "baseline": baseline,
        "scales": rows.astype({c: "int64" for c in rows.columns if c != "scale"}),
    }


def _pct(p: float) -> str:
    return f"{100 * p:.1f} %"


def comparison_bound(sim, *, alpha=0.05) -> float:
    """How far from the recommended scale any alternative's P(strongest wins) can lie.

    The largest |diff| + z·se_paired over the alternatives of :func:`simulated_comparison`,
    z the two-sided Bonferroni quantile for their number (simultaneous ``1 − alpha``
    intervals). The designer states this bound rather than which alternatives "differ":
    the differences are of the order of their paired SE even at 16,000 events, so the set
    that passes a test changes with the seed (seeds 1 and 2 at 16,000 teams events of 8
    boards: win-draw-loss −1.1 (SE 0.34) and −0.8 (0.34), WBF whole VPs −0.0 and +1.0),
    while the bound moves only by the noise of its estimate.

    Examples
    --------
    >>> sim = pd.DataFrame({"diff": [np.nan, 0.01, -0.02], "se_paired": [np.nan, 0.005, 0.005]})
    >>> round(comparison_bound(sim), 4)   # 0.02 + 2.2414 × 0.005
    0.0312
    """
    from scipy.special import ndtri

    alpha = check_number(alpha, "alpha", low=0, high=0.5, low_open=True)
    rest = sim.iloc[1:]
    z = float(ndtri(1 - alpha / (2 * len(rest))))
    return float((rest["diff"].abs() + z * rest["se_paired"]).max())


def designer_findings(rec, sim=None, qualifiers=None, *, off=0.15, alpha=0.05):
    """The recommendation's findings, one sentence each, in the order the page shows them.

    Parameters
    ----------
    rec : dict
        :func:`~.sigma_evidence.recommendation`.
    sim : pandas.DataFrame or None
        :func:`simulated_comparison` (None: the form is not simulated).
    qualifiers : dict or None
        :func:`real_qualifier_changes`.
    off, alpha : float
        The σ error considered, and one minus the simultaneous level of the intervals
        (:func:`comparison_bound`).

    Returns
    -------
    list of str
        The scale to print; its 20-0 share and how it moves if σ is ``off``; P(strongest
        wins) against the alternatives; the real qualifiers it changes (or why none).
    """
    form, n, unit = rec["form"], rec["n_boards"], rec["unit"]
    ci = (
        ""
        if rec["sigma_ci"] is None
        else (f" (90 % interval {rec['sigma_ci'][0]:.2f}-{rec['sigma_ci'][1]:.2f})")
    )
    scale = rec["scale"]
    if unit == "MP %":
        top = f"{scale.centre + scale.thresholds[-1]:.2f} %"
    else:
        step = 10 if unit == "points" else 1
        starts = scale.integer_ranges(step=step)["margin_from"]
        top = f"{int(starts.iloc[-1])} {unit}"
    lines = [
        f"{_title(form)}, {n} boards: print the Gaussian 20-0 scale at σ = "
        f"{rec['sigma']:.2f} {unit}{ci}, 20-0 from {top}.",
        f"Between sides met at random {_pct(rec['p_20_0'])} of matches are 20-0 (the design "
        f"{_pct(2 / 21)}), {_pct(rec['p_20_0_off']['low'])} if the true σ is {100 * off:.0f} % "
        f"smaller and {_pct(rec['p_20_0_off']['high'])} if it is {100 * off:.0f} % larger.",
    ]
    if sim is None:
        lines.append(f"P(strongest wins) is not simulated: {not_simulated_reason(form)}.")
    else:
        head = sim.iloc[0]
        others = sim.iloc[1:]
        parts = ", ".join(
            f"{r.scale} {100 * r.diff:+.1f} percentage points (paired SE {100 * r.se_paired:.1f})"
            for r in others.itertuples()
        )
        bound = comparison_bound(sim, alpha=alpha)
        lines.append(
            f"In {sim.attrs['event']} the strongest wins {_pct(head.p_strongest_wins)} (SE "
            f"{100 * head.se:.1f}) under it, the alternatives on the same events {parts}; "
            f"with simultaneous {100 * (1 - alpha):.0f} % intervals every alternative lies "
            f"within {100 * bound:.1f} percentage points of it."
        )
    if qualifiers is None or not qualifiers["applicable"]:
        reason = "not computed" if qualifiers is None else qualifiers["reason"]
        lines.append(f"No real event re-scored tests this scale: {reason}.")
    else:
        s = qualifiers["scales"].set_index("scale")
        mine = s.loc[DESIGNER_SCALE]
        rest = "; ".join(
            f"{name} {r['count']} ({r['count_low']}-{r['count_high']})"
            for name, r in s.drop(index=DESIGNER_SCALE).iterrows()
        )
        lines.append(
            f"Re-scored at each event's own length, the rule changes {mine['count']} "
            f"qualifiers ({mine['count_low']}-{mine['count_high']} over the orders of teams "
            f"tied at the cut) in {mine['events_changed']} of {qualifiers['events']} real "
            f"round robins against the {qualifiers['baseline']} scale (others: {rest})."
        )
    return lines


def evidence_table(form, n_boards, *, n_tables=15, conditions=None, ascherman=False):
    """The inputs of the form's σ(n) and the σ they give, one row each, for the page.

    Returns
    -------
    pandas.DataFrame
        ``estimate``, ``value``, ``ci_low``, ``ci_high`` (missing where the input has no
        interval), ``unit``, ``source`` (a footnote number's text). For Swiss pairs one row
        per condition of use of Brighton's σ₈ (and with Ascherman's variant), each carried
        to ``n_boards``.

    Examples
    --------
    >>> evidence_table("teams", 8)["estimate"].tolist()
    ['K per board', 'δ (strength spread)', 'σ of an 8-board match']
    """
    from .estimates import CONDITIONS

    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    ev = evidence_inputs()
    rows = []

    def add(estimate, value, ci, unit, source):
        lo, hi = (np.nan, np.nan) if ci is None else ci
        rows.append(
            {
                "estimate": estimate,
                "value": float(value),
                "ci_low": float(lo),
                "ci_high": float(hi),
                "unit": unit,
                "source": source,
            }
        )

    if form == "swiss_pairs":
        add(
            "τ (strength spread)",
            ev["strength_sd"],
            ev["strength_sd_ci"],
            "MP %",
            ev["pairs_source"],
        )
        add("k per board (equal pairs)", ev["pairs_k"], None, "MP %", ev["pairs_source"])
        for c, what in [(None, "pairs met at random (the model)"), *CONDITIONS.items()]:
            for a in (False, True) if c is not None else (False,):
                s = _source(form, n, conditions=c, ascherman=a)
                label = f"σ of {n} boards, {what}" + (", Ascherman" if a else "")
                add(label, s.sigma, s.sigma_ci, "MP %", s.source)
    else:
        s = form_sigma(form, n, n_tables=n_tables)
        if form == "aggregate":
            add("K per board", ev["aggregate_k"], None, "points", ev["aggregate_source"])
        else:
            add("K per board", ev["k"], ev["k_ci"], "IMPs", ev["k_source"])
            add("δ (strength spread)", ev["delta"], ev["delta_ci"], "IMPs", ev["k_source"])
        if form == "butler":
            add("B (Butler factor)", ev["b"], ev["b_ci"], "", ev["b_source"])
        add(
            f"σ of {'a' if n != 8 else 'an'} {n}-board match", s.sigma, s.sigma_ci, s.unit, s.source
        )
    return pd.DataFrame(rows)


#: The units of every form the designer takes: every form of the catalogue
#: (:data:`bridgestats.sigma.FORMS`; those the evidence does not measure take Probst's model).
UNITS = FormTable("unit")


def designer_scale(form, n_boards, sigma, *, max_vp=20, negative=0):
    """The Gaussian scale of ``form`` at ``sigma``, as it is printed (the page's table).

    :func:`bridgestats.vp.event_scale` with the match σ: the scale ``bridgestats scale``
    and the booklet print for the same form, length and σ.

    Examples
    --------
    >>> s = designer_scale("butler", 8, 14.12)
    >>> s.name, s.unit, s.step, int(s.integer_ranges()["margin_from"].iloc[-1])
    ('Face-to-face Butler pairs, 8 boards, σ 14.12 IMPs', 'IMPs', 1, 24)
    """
    check_choice(form, "form", tuple(UNITS))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    return event_scale(form, n, sigma=sigma, max_vp=max_vp, negative=negative)


def designer_sigma(
    form, n_boards, *, rec=None, k=None, sigma=None, n_tables=None, n_results=None, ascherman=False
):
    """The σ the designer's scale uses: a given ``sigma`` or ``k``, else the evidence.

    Parameters
    ----------
    form : str
        One of :data:`UNITS`.
    rec : dict, optional
        :func:`~.sigma_evidence.recommendation` (the evidence's σ, its interval, source).
    k, sigma : float, optional
        Probst's per-board K (through his model of the form, :func:`bridgestats.vp.scale_sigma`,
        as ``bridgestats scale --k``) or the match σ.
    n_tables : int, optional
        Butler tables (15 if None; ``"butler_online"`` needs them).
    n_results : int, optional
        Swiss pairs: σ from the normal-scoring 20-0 of that many results per board.
    ascherman : bool
        Swiss pairs with ``n_results``: the Ascherman 20-0 instead.

    Returns
    -------
    tuple
        (σ, interval or None, source).
    """
    check_choice(form, "form", tuple(UNITS))
    entry = FORMS[form]
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    if sigma is not None:
        return check_number(sigma, "sigma", low=1e-9), None, "parameter sigma"
    if n_results is not None and form != "swiss_pairs":
        raise fail("n_results", "None unless form is 'swiss_pairs'", n_results)
    if k is not None:
        k = check_number(k, "k", low=1e-9)
        if n_tables is None and "n_tables" in entry.options:
            n_tables = 15
    if n_results is not None or k is not None or rec is None:
        if rec is None and k is None and n_results is None and n_tables is None:
            if "n_tables" in entry.options:
                raise fail("n_tables", f"the tables in play for form {form!r}", n_tables)
        src = scale_sigma(form, n, k=k, n_tables=n_tables, n_results=n_results, ascherman=ascherman)
        if n_results is not None:
            return src.sigma, None, f"field model for {n_results} results per board (Probst §11)"
        if k is not None:
            return src.sigma, None, f"parameter k, by Probst's model ({entry.source})"
        tables = f", {n_tables} tables" if "n_tables" in entry.options else ""
        return src.sigma, None, f"Probst's model with its default K ({entry.source}){tables}"
    ci = None if rec["sigma_ci"] is None else tuple(rec["sigma_ci"])
    return float(rec["sigma"]), ci, rec["sigma_source"]


def boards_on_table(
    form,
    table,
    n_boards,
    boards,
    *,
    sigma,
    from_evidence=False,
    n_tables=15,
    conditions=None,
    ascherman=False,
):
    """One printed table played over several match lengths: its 20-0 and 10-10 shares.

    Parameters
    ----------
    form : str
        One of :data:`UNITS`.
    table : VPScale
        The scale printed (a published table, or the recommended one).
    n_boards : int
        The length ``sigma`` is for.
    boards : sequence of int
        The lengths played on the table.
    sigma : float
        σ at ``n_boards``.
    from_evidence : bool
        σ at each length from the evidence's σ(n) (:func:`bridgestats.sigma.
        form_sigma`, or the σ of ``conditions``, with ``n_tables``, ``ascherman``); otherwise
        Probst's rule: σ√(n/n₀) for totals, σ√(n₀/n) for percentages (no strength term).

    Returns
    -------
    pandas.DataFrame
        ``n_boards``, ``sigma``, ``p_top``, ``top_ratio``, ``p_tie``
        (:func:`~.frequencies.sensitivity` of the table at each σ).
    """
    from .frequencies import sensitivity

    check_choice(form, "form", tuple(UNITS))
    n0 = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    lengths = [check_int(n, "boards", minimum=1, maximum=500) for n in boards]
    if not lengths:
        raise fail("boards", "at least one match length", boards)
    if from_evidence:
        sig = [
            _source(form, n, n_tables=n_tables, conditions=conditions, ascherman=ascherman).sigma
            for n in lengths
        ]
    elif UNITS[form] == "MP %":
        sig = [sigma * math.sqrt(n0 / n) for n in lengths]
    else:
        sig = [sigma * math.sqrt(n / n0) for n in lengths]
    s = sensitivity({"table": table}, sigmas=sig)
    return pd.DataFrame(
        {
            "n_boards": lengths,
            "sigma": sig,
            "p_top": s["p_top"].to_numpy(),
            "top_ratio": s["top_ratio"].to_numpy(),
            "p_tie": s["p_tie"].to_numpy(),
        }
    )


def input_datasets(form, *, ascherman=False) -> list[str]:
    """The shipped data sets behind ``form``'s evidence, its simulation and its real events."""
    from .estimates import COUNTS, MATCHES, PRINTED, SCALES

    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    return {
        "teams": [MATCHES, "derived/swing_counts", "derived/rescored_matches"],
        "butler": [MATCHES, "derived/fullfield_board_spreads"],
        "cross_imps": [MATCHES],
        "swiss_pairs": [COUNTS, SCALES] + ([PRINTED] if ascherman else []),
        "aggregate": [PRINTED],
    }[form]
