"""The committee's tribunal: what each VP scale and pairing rule does to who wins.

Three simulated events, each overridable (:data:`EVENTS`): a round robin of 22 teams with
16-board matches (the World championships' format), a Swiss teams of 60 teams over 8
rounds of 8 boards, and a Swiss pairs of 128 pairs over 10 rounds of 8 boards. Each is
played many times over (:func:`bridgestats.sim.events.simulate_events`) under every
candidate scale (:func:`candidate_scales`) and, for the Swiss events, every pairing rule
(:data:`bridgestats.sim.events.PAIRINGS`), and measured by
:mod:`bridgestats.sim.measures` (:func:`compare_scales`): P(strongest wins), P(the
strongest k qualify), Kendall's τ, each outcome's share by round, each with its Monte
Carlo standard error, and every scale against one reference scale (WBF 2013 continuous
for teams, ``ebu_2006`` for pairs) paired by simulated event, Holm-adjusted, with a verdict
that two seeds cannot turn from "differs" into "not distinguishable" except by a rare
chance (:func:`scale_verdicts`, :data:`VERDICT_MARGIN`); the pairing rules of a Swiss
event compared in the same way, on one scale (:func:`compare_pairings`); then the exact
breakage and shooting incentive
(:func:`scale_breakage`, :func:`scale_shooting`), the summary a report saves
(:func:`headline`) and conclusions computed from the numbers (:func:`conclusions`).

The strength spreads of the simulated fields are :mod:`bridgestats.studies.strength`'s.

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §3-5, §8
   (pairing methods), §11 (Brighton 2005, Table 7; the Swiss pairs scales of Table 8).
.. [2] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
   Scoring Panel", World Bridge Federation, 2013 (worldbridge.org).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.special import ndtri as norm_ppf

from .._validate import check_choice, check_flag, check_int, check_number, check_rng, fail
from ..errors import BridgestatsError
from ..fit import StrengthSpread
from ..sigma import form_sigma, sigma_teams_spread
from ..sim.events import PAIRINGS, as_scale, simulate_events, simulation_fingerprint
from ..sim.measures import (
    breakage,
    event_measures,
    event_outcomes,
    paired_differences,
    shooting_incentive,
    summarise_outcomes,
)
from ..vp import SWISS_PAIRS_TABLES, gaussian_scale, named_scale

__all__ = [
    "EVENTS",
    "VERDICT_MARGIN",
    "candidate_scales",
    "compare_pairings",
    "compare_scales",
    "conclusions",
    "headline",
    "scale_breakage",
    "scale_shooting",
    "scale_verdicts",
]

#: The three events of the report and their defaults (each overridable in
#: :func:`compare_scales`): entrants, rounds (None: a full round robin), boards per match,
#: format and board model of :func:`~bridgestats.sim.events.simulate_events`, and the
#: qualifiers ``top_k`` of ``p_top_k`` (4 from the round robin, as to semi-finals; 2 from a
#: Swiss, where the chance that the top k are exactly the k strongest falls fast with k).
EVENTS = {
    "round robin": {
        "n_entrants": 22,
        "n_rounds": None,
        "n_boards": 16,
        "event_format": "round_robin",
        "board": "swings",
        "top_k": 4,
    },
    "Swiss teams": {
        "n_entrants": 60,
        "n_rounds": 8,
        "n_boards": 8,
        "event_format": "swiss",
        "board": "swings",
        "top_k": 2,
    },
    "Swiss pairs": {
        "n_entrants": 128,
        "n_rounds": 10,
        "n_boards": 8,
        "event_format": "swiss",
        "board": "pairs",
        "top_k": 2,
    },
}


def _team_sigma(n_boards: int, spread: StrengthSpread | None) -> float:
    """σ(n) of the K(n) model: the evidence's (one source for every report) by default."""
    if spread is None:
        return form_sigma("teams", n_boards).sigma
    return float(sigma_teams_spread(n_boards, k=spread.k, delta=spread.delta))


def candidate_scales(event, *, n_boards=None, spread=None):
    """The scales compared on an event, as :class:`~bridgestats.vp.VPScale` s.

    Parameters
    ----------
    event : {"round robin", "Swiss teams", "Swiss pairs"}
        The event (:data:`EVENTS`).
    n_boards : int, optional
        Boards per match (the event's default otherwise).
    spread : StrengthSpread, optional
        For the teams events, the fitted K and δ that set the Gaussian scales' σ (by
        default those of :func:`bridgestats.sigma.form_sigma`,
        the σ every report and the booklet use; only the point estimates are used).

    Returns
    -------
    list of VPScale
        Teams: the Gaussian equal-probability 20-0 scale at σ = √(nK² + n²δ²) (the spread
        of the archive's matches of n boards), the same with 5 negative VPs (Pomfrey's
        rule, Probst §2), the WBF 2013 continuous and discrete scales, win/draw/loss and
        the raw IMP differential. Pairs: the five historical Swiss pairs scales of Probst's
        Table 8 and the raw MP % differential.

    Examples
    --------
    >>> [s.name for s in candidate_scales("Swiss pairs")][:2]
    ['Swiss pairs triangular (2003)', 'Swiss pairs Washington (2004)']
    """
    check_choice(event, "event", tuple(EVENTS))
    nb = (
        EVENTS[event]["n_boards"]
        if n_boards is None
        else check_int(n_boards, "n_boards", minimum=1, maximum=200)
    )
    if event == "Swiss pairs":
        return [named_scale(name) for name in SWISS_PAIRS_TABLES] + [named_scale("mp", n_boards=nb)]
    if spread is not None and not isinstance(spread, StrengthSpread):
        raise fail("spread", "a StrengthSpread (bridgestats.fit.fit_strength_spread)", spread)
    sigma = _team_sigma(nb, spread)
    gauss = [
        gaussian_scale(
            sigma=sigma,
            negative=neg,
            unit="IMPs",
            name=(f"Gaussian 20-0{' with 5 negative' if neg else ''}, σ {sigma:.1f}"),
        )
        for neg in (0, 5)
    ]
    return gauss + [named_scale(s, n_boards=nb) for s in ("wbf", "wbf_discrete", "wdl", "imps")]


def compare_scales(
    event,
    *,
    scales=None,
    pairings=None,
    strength_sd,
    n_events=2000,
    top_k=None,
    reference=None,
    return_outcomes=False,
    rng=None,
    **overrides,
):
    """Every measure of :mod:`bridgestats.sim.measures`, scale by scale and rule by rule.

    Parameters
    ----------
    event : {"round robin", "Swiss teams", "Swiss pairs"}
        The event (:data:`EVENTS`).
    scales : sequence of VPScale or str, optional
        The scales (:func:`candidate_scales` by default, with the default spread).
    pairings : sequence of str, optional
        Swiss pairing rules (all of :data:`~bridgestats.sim.events.PAIRINGS` by default);
        ignored for a round robin.
    strength_sd : float
        The entrants' strength sd (IMPs per board, or MP % for pairs).
    n_events : int, optional
        Events simulated per scale and rule.
    top_k : int, optional
        Qualifiers for ``p_top_k`` (the event's ``top_k`` by default).
    reference : VPScale or str, optional
        The one scale every other is compared with, event by event: one of ``scales``
        (or its name). By default the WBF 2013 continuous scale for teams (the scale the
        World championships play) and ``ebu_2006`` for Swiss pairs (the EBU's Gaussian
        scale at σ = 11 %, Probst §11), if among the scales; the first scale otherwise.
    return_outcomes : bool, optional
        Also return every run's :func:`~bridgestats.sim.measures.event_outcomes` (for
        :func:`compare_pairings`' ``known``).
    rng : int or numpy.random.Generator, optional
        One seed is drawn and used for every scale and rule: they meet the same strengths,
        lots and boards (common random numbers).
    **overrides
        ``n_entrants``, ``n_rounds``, ``n_boards``, ``board``, ``k`` or ``event_format``
        replacing the event's defaults.

    Returns
    -------
    DataFrame
        The frames of :func:`~bridgestats.sim.measures.event_measures` stacked, with
        ``event`` first; columns ``event``, ``scale``, ``pairing``, ``measure``,
        ``round``, ``k``, ``outcome``, ``value``, ``se``, ``n_events``, ``reference``,
        ``p_value``, ``p_holm``. The rows of measure ``"<measure>_vs_reference"`` are the
        paired differences scale − reference (``value``, paired ``se``), their p-values
        Holm-adjusted over the scales of one event, rule and measure. With
        ``return_outcomes``, a pair: this frame and the list of every run's outcomes.

    Examples
    --------
    >>> m = compare_scales("Swiss teams", scales=["wbf", "wdl"], pairings=["score"],
    ...                    strength_sd=0.47, n_events=50, n_entrants=16, n_rounds=4, rng=1)
    >>> p = m.query("measure == 'p_strongest_wins'")[["scale", "value", "se"]]
    >>> print(p.round(2).to_string(index=False))
                           scale  value   se
    WBF 2013 continuous, 8 boards   0.20 0.06
                    win/draw/loss   0.18 0.05
    """
    check_choice(event, "event", tuple(EVENTS))
    unknown = set(overrides) - {"n_entrants", "n_rounds", "n_boards", "board", "k", "event_format"}
    if unknown:
        raise fail(
            "overrides", "n_entrants, n_rounds, n_boards, board, k or event_format", sorted(unknown)
        )
    spec = {**EVENTS[event], **overrides}
    default_k = spec.pop("top_k")
    top_k = min(default_k, spec["n_entrants"] - 1) if top_k is None else top_k
    sd = check_number(strength_sd, "strength_sd", low=0)
    chosen = candidate_scales(event, n_boards=spec["n_boards"]) if scales is None else scales
    ref = _reference_index(chosen, reference, spec["n_boards"])
    if spec["event_format"] == "round_robin":
        rules = ["score"]  # unused by a round robin
    else:
        rules = list(PAIRINGS) if pairings is None else list(pairings)
        for p in rules:
            check_choice(p, "pairings", tuple(PAIRINGS))
    seed = int(check_rng(rng).integers(2**63))
    frames, outcomes = [], []
    for p in rules:
        frame, per_run = event_measures(
            scales=chosen,
            pairing=p,
            strength_sd=sd,
            n_events=n_events,
            top_k=top_k,
            reference=ref,
            return_outcomes=True,
            rng=seed,
            **spec,
        )
        frames.append(frame)
        outcomes += per_run
    out = pd.concat(frames, ignore_index=True)
    out.insert(0, "event", event)
    return (out, outcomes) if check_flag(return_outcomes, "return_outcomes") else out


#: The scales a comparison is made against by default, by the start of their names.
_REFERENCES = ("WBF 2013 continuous", "Swiss pairs EBU (2006)")


def _reference_index(scales, reference, n_boards: int) -> int:
    """The position of ``reference`` among ``scales`` (see :func:`compare_scales`)."""
    if isinstance(scales, str) or not hasattr(scales, "__iter__"):
        raise fail("scales", "a sequence of VP scales or names of scales", scales)
    names = [as_scale(sc, n_boards=n_boards).name for sc in scales]
    if reference is None:
        hits = [i for i, n in enumerate(names) if n.startswith(_REFERENCES)]
        return hits[0] if hits else 0
    try:
        want = reference if reference in names else as_scale(reference, n_boards=n_boards).name
    except BridgestatsError:
        want = None
    if want not in names:
        raise fail("reference", f"one of the scales ({', '.join(names)})", want)
    return names.index(want)


def scale_breakage(event, *, scales=None, n_boards=None):
    """:func:`~bridgestats.sim.measures.breakage` of an event's scales, with ``event``.

    For Swiss pairs the margin steps are 1 MP % (the scales' unit), not 1 IMP. An added
    column ``value_vp20`` puts ``value`` on a 20-VP match (× 10 for win/draw/loss's 2
    points; as is for a raw differential), so scales of different totals compare.

    Examples
    --------
    >>> b = scale_breakage("Swiss teams", scales=["wbf"])
    >>> b.loc[b.margin == 0, "value"].round(2).tolist()
    [0.44]
    """
    check_choice(event, "event", tuple(EVENTS))
    nb = EVENTS[event]["n_boards"] if n_boards is None else n_boards
    chosen = candidate_scales(event, n_boards=nb) if scales is None else scales
    top = 25 if event == "Swiss pairs" else None  # 20-0 from 15.99 % on Washington 2004
    out = breakage(chosen, n_boards=nb, max_margin=top)
    out.insert(0, "event", event)
    out["value_vp20"] = out.value * _vp20(chosen, nb, out.scale)
    return out


def scale_shooting(event, *, scales=None, n_boards=None, boards_left=(1, 2, 4)):
    """:func:`~bridgestats.sim.measures.shooting_incentive` of a teams event's scales.

    Parameters
    ----------
    event : {"round robin", "Swiss teams"}
        A teams event (the shooting incentive is computed over the shipped IMP swings;
        the simulator has no model of a pair's gamble on MP % boards).
    scales : sequence, optional
        The scales (:func:`candidate_scales` by default).
    n_boards : int, optional
        Boards per match (the event's default).
    boards_left : sequence of int, optional
        Boards still to play when the side behind decides to shoot.

    Returns
    -------
    DataFrame
        The frames stacked, with ``event`` first and ``gain_vp20``: ``gain`` on a 20-VP
        match (× 10 for win/draw/loss; as is for the raw IMP differential, where it is 0).

    Examples
    --------
    >>> s = scale_shooting("Swiss teams", scales=["imps"], boards_left=[1])
    >>> float(s.gain.abs().max())
    0.0
    """
    check_choice(event, "event", ("round robin", "Swiss teams"))
    nb = EVENTS[event]["n_boards"] if n_boards is None else n_boards
    chosen = candidate_scales(event, n_boards=nb) if scales is None else scales
    frames = [shooting_incentive(chosen, n_boards=nb, boards_left=b) for b in boards_left]
    out = pd.concat(frames, ignore_index=True)
    out.insert(0, "event", event)
    out["gain_vp20"] = out.gain * _vp20(chosen, nb, out.scale)
    return out


def _vp20(scales, n_boards: int, names: pd.Series) -> np.ndarray:
    """The factor 10 / draw that puts a score on a 20-VP match (win/draw/loss's 2 points
    total: × 10); 1 for a raw differential (no total)."""
    draw = {s.name: s.draw for s in (as_scale(x, n_boards=n_boards) for x in scales)}
    return names.map(lambda n: 10.0 / draw[n] if draw[n] > 0 else 1.0).to_numpy(float)


def _headline_rows(measures: pd.DataFrame, measure: str) -> pd.DataFrame:
    rows = measures[(measures.measure == measure) & measures.pairing.isin(["round_robin", "score"])]
    return rows.assign(key=rows.event + ": " + rows.scale)


def _check_measures(measures) -> None:
    if not isinstance(measures, pd.DataFrame) or "event" not in measures:
        raise fail("measures", "a compare_scales frame", type(measures).__name__)


#: How far |z| must lie beyond the simultaneous threshold for a verdict, in standard errors
#: of the difference (:func:`scale_verdicts`).
VERDICT_MARGIN = 1.5


def _verdicts(frame: pd.DataFrame, family: list[str], alpha: float) -> pd.DataFrame:
    """``z``, ``differs``, ``z_critical``, ``close_call`` and ``verdict`` of paired
    differences (columns ``diff``, ``se_paired``, ``p_holm``), family by family."""
    se = frame.se_paired.astype(float)
    d = frame["diff"].astype(float)
    z = np.where(se > 0, d / se.where(se > 0), np.where(d == 0, 0.0, np.sign(d) * np.inf))
    size = frame.groupby(family, sort=False)["diff"].transform("size").to_numpy(float)
    out = frame.assign(
        z=z,
        differs=frame.p_holm.astype(float) < alpha,
        z_critical=norm_ppf(1 - alpha / (2 * size)),
    )
    gap = out.z.abs() - out.z_critical
    out = out.assign(close_call=gap.abs() < VERDICT_MARGIN)
    return out.assign(
        verdict=np.where(
            out.close_call, "unresolved", np.where(gap > 0, "differs", "not distinguishable")
        )
    )


def scale_verdicts(measures, *, alpha=0.05):
    """Each scale against the reference, paired by simulated event, and the verdict.

    Parameters
    ----------
    measures : DataFrame
        :func:`compare_scales` frames, concatenated.
    alpha : float, optional
        The family-wise error rate (Holm's p-values and the simultaneous threshold, over
        the scales compared with the reference on one event, rule and measure).

    Returns
    -------
    DataFrame
        One row per event, pairing rule, measure and scale other than the reference:
        ``event``, ``pairing``, ``measure`` (``p_strongest_wins``, ``p_top_k``,
        ``kendall_tau``), ``scale``, ``reference``, ``diff`` (scale − reference), ``se_paired``,
        ``z``, ``p_holm``, ``differs`` (``p_holm < alpha``), ``z_critical``, ``close_call``
        and ``verdict``: ``z_critical`` is the simultaneous (Bonferroni) threshold of the
        family's m comparisons, Φ⁻¹(1 − α/(2m)); ``close_call`` is True when |z| is within
        :data:`VERDICT_MARGIN` of it; ``verdict`` is ``"unresolved"`` then,
        ``"differs"`` beyond it and ``"not distinguishable"`` below it.

    Notes
    -----
    The verdict is meant not to flip between seeds. Holm's step thresholds move with the
    order of the family's p-values, itself random, so the threshold here is the fixed
    simultaneous one (the designer's bound takes the same intervals); and a verdict is
    given only where |z| is :data:`VERDICT_MARGIN` (1.5) standard errors from it. Two
    independent runs give z₁, z₂ ~ N(μ, 1) for the same true standardised difference μ;
    one says "differs" and the other "not distinguishable" only if they fall on either side
    of a band 3 wide, with probability at most 2Φ(−1.5)² = 0.9 % (μ on the threshold), and
    far less for a difference away from it. "differs" implies ``p_holm < alpha`` and
    "not distinguishable" ``p_holm >= alpha``; the Holm test can reject inside the band,
    where the verdict is open. Over ten seeds at 2,000 round robins and 10,000 of each
    Swiss, the earlier rule (Holm's step thresholds, a margin of 1) turned 3 of the 45
    comparisons from "differs" into "not distinguishable" between some two seeds, this
    rule none; at the report's sizes (4,000 and 20,000), over seeds 1-4, none of the 63
    (the pairing rules' too) flips (``scripts/check_scale_verdicts.py`` repeats the check).

    Examples
    --------
    >>> m = compare_scales("Swiss teams", scales=["wbf", "imps"], pairings=["score"],
    ...                    strength_sd=0.47, n_events=40, n_entrants=16, n_rounds=4, rng=1)
    >>> v = scale_verdicts(m)
    >>> v[["measure", "scale", "reference"]].iloc[0].tolist()
    ['p_strongest_wins', 'IMPs differential', 'WBF 2013 continuous, 8 boards']
    """
    _check_measures(measures)
    a = check_number(alpha, "alpha", low=0, high=1, low_open=True, high_open=True)
    cols = [
        "event",
        "pairing",
        "measure",
        "scale",
        "reference",
        "diff",
        "se_paired",
        "z",
        "p_holm",
        "differs",
        "z_critical",
        "close_call",
        "verdict",
    ]
    if "reference" not in measures:
        return pd.DataFrame(columns=cols)
    rows = measures[measures.measure.str.endswith("_vs_reference")]
    out = rows.assign(
        measure=rows.measure.str.removesuffix("_vs_reference"),
        diff=rows.value.astype(float),
        se_paired=rows.se.astype(float),
    )
    out = _verdicts(out, ["event", "pairing", "measure"], a)
    return out[cols].reset_index(drop=True)


def compare_pairings(
    event,
    *,
    scale=None,
    pairings=None,
    reference="score",
    strength_sd,
    n_events=2000,
    top_k=None,
    alpha=0.05,
    known=(),
    rng=None,
    **overrides,
):
    """The pairing rules of a Swiss event, each against one rule, on one scale, paired by
    simulated event.

    Parameters
    ----------
    event : {"Swiss teams", "Swiss pairs"}
        A Swiss event (:data:`EVENTS`).
    scale : VPScale or str, optional
        The scale every rule is scored on (by default the event's reference scale of
        :func:`compare_scales`: WBF 2013 continuous for teams, ``ebu_2006`` for pairs).
    pairings : sequence of str, optional
        The rules (all of :data:`~bridgestats.sim.events.PAIRINGS` by default); must
        include ``reference``.
    reference : str, optional
        The rule every other is compared with.
    strength_sd, n_events, top_k, rng, **overrides
        As :func:`compare_scales`; with the same ``rng``, ``n_events`` and sizes, a rule's
        events are those :func:`compare_scales` simulates for it.
    alpha : float, optional
        As :func:`scale_verdicts`, over the rules compared with the reference.
    known : sequence of DataFrame, optional
        :func:`~bridgestats.sim.measures.event_outcomes` frames already at hand (e.g.
        :func:`compare_scales`' with ``return_outcomes=True`` and the same ``rng``): a rule
        whose run is among them (the same
        :func:`~bridgestats.sim.events.simulation_fingerprint`) is not simulated again.

    Returns
    -------
    DataFrame
        One row per rule and measure of :data:`~bridgestats.sim.measures.PAIRED_MEASURES`:
        ``event``, ``scale``, ``pairing``, ``measure``, ``value``, ``se``, ``n_events``
        (the rule's own figure, as :func:`compare_scales`), ``reference`` (the rule),
        ``diff`` (rule − reference, event by event), ``se_paired``, ``p_holm``, ``z``,
        ``z_critical``, ``close_call`` and ``verdict`` (as :func:`scale_verdicts`; missing
        on the reference's rows).

    Notes
    -----
    The rules run on one seed draw the same strengths, lots and table numbers event by
    event (:func:`~bridgestats.sim.events.simulate_events`): event e under a random draw
    and event e paired by score hold the same sides, so the difference is taken event by
    event and its SE is sd(d)/√E, as between scales. Only the draws differ, and with them
    who meets whom and so which table number falls to which match.

    Examples
    --------
    >>> d = compare_pairings("Swiss teams", pairings=["score", "random"], strength_sd=0.47,
    ...                      n_events=200, n_entrants=16, n_rounds=4, rng=1)
    >>> d[["pairing", "measure", "reference"]].iloc[3].tolist()
    ['random', 'p_strongest_wins', 'score']
    """
    check_choice(event, "event", ("Swiss teams", "Swiss pairs"))
    unknown = set(overrides) - {"n_entrants", "n_rounds", "n_boards", "board", "k"}
    if unknown:
        raise fail("overrides", "n_entrants, n_rounds, n_boards, board or k", sorted(unknown))
    spec = {**EVENTS[event], **overrides}
    default_k = spec.pop("top_k")
    top_k = min(default_k, spec["n_entrants"] - 1) if top_k is None else top_k
    sd = check_number(strength_sd, "strength_sd", low=0)
    a = check_number(alpha, "alpha", low=0, high=1, low_open=True, high_open=True)
    rules = list(PAIRINGS) if pairings is None else list(pairings)
    for p in rules:
        check_choice(p, "pairings", tuple(PAIRINGS))
    if reference not in rules or len(set(rules)) != len(rules) or len(rules) < 2:
        raise fail("pairings", f"two or more distinct rules, {reference!r} among them", rules)
    if scale is None:
        cands = candidate_scales(event, n_boards=spec["n_boards"])
        sc = cands[_reference_index(cands, None, spec["n_boards"])]
    else:
        sc = as_scale(scale, n_boards=spec["n_boards"])
    # the seed compare_scales hands a rule's simulation (through event_measures)
    seed = int(np.random.default_rng(int(check_rng(rng).integers(2**63))).integers(2**63))
    figures, outcomes = [], []
    if isinstance(known, pd.DataFrame) or not all(isinstance(f, pd.DataFrame) for f in known):
        raise fail("known", "a sequence of event_outcomes frames", type(known).__name__)
    at_hand = {f.attrs.get("fingerprint"): f for f in known if f.attrs.get("k") == top_k}
    at_hand.pop(None, None)
    for p in rules:
        run = dict(pairing=p, scale=sc, strength_sd=sd, n_events=n_events, rng=seed, **spec)
        per_event = at_hand.get(simulation_fingerprint(**run))
        if per_event is None:
            per_event = event_outcomes(simulate_events(**run), top_k=top_k)
        outcomes.append(per_event)
        figures.append(summarise_outcomes(per_event).assign(pairing=p))
    d = paired_differences(outcomes, names=rules, reference=rules.index(reference))
    d = d.rename(columns={"scale": "pairing"}).assign(event=event)
    d = _verdicts(d, ["event", "measure"], a)
    own = pd.concat(figures, ignore_index=True)
    out = own[["pairing", "measure", "value", "se", "n_events"]].merge(
        d[
            [
                "pairing",
                "measure",
                "reference",
                "diff",
                "se_paired",
                "p_holm",
                "z",
                "z_critical",
                "close_call",
                "verdict",
            ]
        ],
        on=["pairing", "measure"],
        how="left",
    )
    out.insert(0, "scale", sc.name)
    out.insert(0, "event", event)
    return out


def headline(measures, *, pairings=None, alpha=0.05):
    """The summary of :func:`compare_scales` frames: the round robin and the Swiss events
    paired by score, keyed ``"<event>: <scale>"``.

    Parameters
    ----------
    measures : DataFrame
        One or more :func:`compare_scales` frames, concatenated.
    pairings : DataFrame, optional
        :func:`compare_pairings` frames, concatenated: adds ``pairing_differences``.
    alpha : float, optional
        As :func:`scale_verdicts`.

    Returns
    -------
    dict
        ``p_strongest_wins``, ``p_strongest_wins_se`` and ``kendall_tau`` (key -> value),
        ``n_events_simulated`` (every event simulated: per scale, rule and event),
        ``n_events_per_format`` (events simulated per scale, by event) and
        ``scale_differences``: one row per event, measure and scale other than the
        reference, {format, measure, scale, reference, diff, se_paired, p_holm} (paired by
        simulated event, Holm over the scales of one event and measure), with the
        ``verdict`` of :func:`scale_verdicts`. With ``pairings``, ``pairing_differences``:
        one row per event, measure and rule other than the reference rule, {format,
        measure, scale, pairing, reference, diff, se_paired, p_holm, verdict}.

    Examples
    --------
    >>> m = compare_scales("Swiss teams", scales=["wbf"], pairings=["score", "random"],
    ...                    strength_sd=0.47, n_events=40, n_entrants=16, n_rounds=4, rng=1)
    >>> h = headline(m)
    >>> list(h["p_strongest_wins"]), h["n_events_simulated"], h["n_events_per_format"]
    (['Swiss teams: WBF 2013 continuous, 8 boards'], 80, {'Swiss teams': 40})
    """
    _check_measures(measures)
    p = _headline_rows(measures, "p_strongest_wins")
    tau = _headline_rows(measures, "kendall_tau")
    runs = measures[measures.measure == "kendall_tau"]
    main = measures[measures.pairing.isin(["round_robin", "score"])]
    v = scale_verdicts(main, alpha=alpha)
    out = {
        "n_events_simulated": int(runs.n_events.sum()),
        "n_events_per_format": {
            str(e): int(n) for e, n in main.groupby("event", sort=False).n_events.max().items()
        },
        "p_strongest_wins": dict(zip(p.key, p.value.astype(float), strict=True)),
        "p_strongest_wins_se": dict(zip(p.key, p.se.astype(float), strict=True)),
        "kendall_tau": dict(zip(tau.key, tau.value.astype(float), strict=True)),
        "scale_differences": [
            {
                "format": r.event,
                "measure": r.measure,
                "scale": r.scale,
                "reference": r.reference,
                "diff": float(r.diff),
                "se_paired": float(r.se_paired),
                "p_holm": float(r.p_holm),
                "verdict": r.verdict,
            }
            for r in v.itertuples()
        ],
    }
    if pairings is not None:
        rows = pairings[pairings.reference.notna()]
        out["pairing_differences"] = [
            {
                "format": r.event,
                "measure": r.measure,
                "scale": r.scale,
                "pairing": r.pairing,
                "reference": r.reference,
                "diff": float(r.diff),
                "se_paired": float(r.se_paired),
                "p_holm": float(r.p_holm),
                "verdict": r.verdict,
            }
            for r in rows.itertuples()
        ]
    return out


def _pct(v: float) -> str:
    return f"{100 * v:.1f} %"


def _se(v: float) -> str:
    """A standard error in %: one decimal, two where one would print 0.0."""
    return f"{100 * v:.{1 if 100 * v >= 0.05 else 2}f} %"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _verdict_clause(rows, name: str, alpha: float, what: str) -> str:
    """Which of ``rows`` (paired differences from the reference, with ``verdict``) differ,
    named with the difference in percentage points and its paired SE, and how many are
    unresolved or cannot be told apart, counted: one short clause a committee reads (the
    table of differences names them all; the conclusions' preamble gives the method and
    ``alpha``).

    >>> rows = pd.DataFrame({"scale": ["a", "b", "c"], "diff": [-0.053, 0.013, 0.0],
    ...                      "se_paired": [0.006, 0.005, 0.002],
    ...                      "verdict": ["differs", "unresolved", "not distinguishable"]})
    >>> print(_verdict_clause(rows, "scale", 0.05, "X"))  # doctest: +NORMALIZE_WHITESPACE
    against X, a (-5.3 ± 0.6 percentage points) differs, 1 scale is unresolved and 1 cannot
    be told from it
    """
    noun = "rule" if name == "pairing" else name
    if rows.empty:
        return ""
    differ = rows[rows.verdict == "differs"].sort_values("diff", ascending=False)
    named = [
        f"{getattr(r, name)} ({100 * r.diff:+.1f} ± {100 * r.se_paired:.1f} percentage points)"
        for r in differ.itertuples()
    ]
    groups = [
        f"{_and(named)} differ{'s' if len(named) == 1 else ''}" if named else f"no {noun} differs"
    ]
    n_open = int((rows.verdict == "unresolved").sum())
    if n_open:
        groups.append(f"{n_open} {noun}{' is' if n_open == 1 else 's are'} unresolved")
    n_same = int((rows.verdict == "not distinguishable").sum())
    if n_same:
        groups.append(f"{n_same} cannot be told from it")
    return f"against {what}, " + _and(groups)


def _rules_sentence(rows: pd.DataFrame, alpha: float) -> str:
    """The pairing rules of one event and measure (:func:`compare_pairings`) against the
    reference rule, on the same simulated events: the reference's figure, then the verdicts."""
    ref = rows[rows.reference.isna()].iloc[0]
    rest = rows[rows.reference.notna()]
    return (
        f"{_pct(ref.value)} ± {_se(ref.se)} paired {ref.pairing!r}; "
        + _verdict_clause(rest, "pairing", alpha, f"it on the same {int(ref.n_events):,} events")
        + "."
    )


def _scales_sentence(sel: pd.DataFrame, v: pd.DataFrame, alpha: float) -> str:
    """The highest and lowest figure over the scales, then each scale against the
    reference paired by simulated event (:func:`scale_verdicts`)."""
    rows = sel.sort_values("value", ascending=False)
    top, low = rows.iloc[0], rows.iloc[-1]
    out = (
        f"is highest under {top.scale} ({_pct(top.value)} ± {_se(top.se)}) and lowest "
        f"under {low.scale} ({_pct(low.value)} ± {_se(low.se)})"
    )
    if len(v):
        out += "; " + _verdict_clause(v, "scale", alpha, v.reference.iloc[0])
    return out + "."


def conclusions(measures, *, shooting=None, pairings=None, alpha=0.05):
    """Sentences computed from the figures of :func:`compare_scales` (and
    :func:`scale_shooting`), so that a change of parameters cannot leave them false.

    Parameters
    ----------
    measures : DataFrame
        :func:`compare_scales` frames, concatenated.
    shooting : DataFrame, optional
        :func:`scale_shooting` frames.
    pairings : DataFrame, optional
        :func:`compare_pairings` frames: one sentence per Swiss event comparing the rules
        event by event (without them the rules' figures are listed, not compared).
    alpha : float, optional
        As :func:`scale_verdicts`: a scale "differs" from the reference when its
        Holm-adjusted p-value, paired by simulated event, is below ``alpha``.

    Returns
    -------
    list of str

    Examples
    --------
    >>> m = compare_scales("Swiss teams", scales=["wbf", "imps"], pairings=["score"],
    ...                    strength_sd=0.47, n_events=40, n_entrants=16, n_rounds=4, rng=1)
    >>> print(conclusions(m)[0])  # doctest: +NORMALIZE_WHITESPACE
    Swiss teams, paired by score: P(strongest wins) is highest under IMPs differential
    (20.0 % ± 6.3 %) and lowest under WBF 2013 continuous, 8 boards (17.5 % ± 6.0 %);
    against WBF 2013 continuous, 8 boards, no scale differs and 1 cannot be told from it.
    """
    _check_measures(measures)
    verdicts = scale_verdicts(measures, alpha=alpha)
    out = []
    for event, rows in measures.groupby("event", sort=False):
        rr = (rows.pairing == "round_robin").all()
        base = rows if rr else rows[rows.pairing == "score"]
        label = event if rr else f"{event}, paired by score"
        for measure, what in (
            ("p_strongest_wins", "P(strongest wins)"),
            ("p_top_k", "P(the strongest k qualify)"),
        ):
            sel = base[base.measure == measure]
            v = verdicts[
                (verdicts.event == event)
                & (verdicts.measure == measure)
                & (verdicts.pairing == ("round_robin" if rr else "score"))
            ]
            if len(sel) > 1:
                k = "" if measure == "p_strongest_wins" else f" (k = {int(sel.k.iloc[0])})"
                out.append(f"{label}: {what}{k} {_scales_sentence(sel, v, alpha)}")
        wins = rows[rows.measure == "p_strongest_wins"]
        paired = (
            None
            if pairings is None
            else pairings[(pairings.event == event) & (pairings.measure == "p_strongest_wins")]
        )
        if paired is not None and len(paired) > 1:
            out.append(
                f"{event}, {paired.scale.iloc[0]}, by pairing rule: P(strongest wins) "
                f"{_rules_sentence(paired, alpha)}"
            )
        elif not rr and wins.pairing.nunique() > 1:  # the rules' figures, not compared
            ref = wins.scale[wins.scale.str.startswith(_REFERENCES)]
            first = (ref if len(ref) else wins.scale).iloc[0]
            sel = wins[wins.scale == first].sort_values("value", ascending=False)
            listed = "; ".join(
                f"{r.pairing} {_pct(r.value)} ± {_se(r.se)}" for r in sel.itertuples()
            )
            out.append(
                f"{event}, {first}, by pairing rule: P(strongest wins) {listed} (not "
                "compared here: compare_pairings compares the rules event by event)."
            )
        share = rows[
            (rows.measure == "outcome_share")
            & rows.scale.str.match(r"Gaussian 20-0,|Swiss pairs EBU \(2006\)")
            & (rows.outcome == "20-0")
            & rows["round"].notna()
        ]
        for pairing, sel in share.groupby("pairing", sort=False):
            first, last = sel.iloc[0], sel.iloc[-1]
            out.append(
                f"{event}{'' if rr else f', paired {pairing!r}'}, {sel.scale.iloc[0]}: the "
                f"20-0s (either way) are {_pct(first.value)} ± {_se(first.se)} of round "
                f"{int(first['round'])} and {_pct(last.value)} ± {_se(last.se)} of round "
                f"{int(last['round'])}, against {_pct(2 / 21)} were all 21 outcomes equally likely."
            )
    if shooting is not None:
        for (event, left), rows in shooting.groupby(["event", "boards_left"], sort=False):
            best = rows.loc[rows.groupby("scale", sort=False).gain_vp20.idxmax()]
            best = best.sort_values("gain_vp20", ascending=False)
            gain = [
                f"{r.scale} ({r.gain_vp20:.2f} VPs of 20 at {int(r.deficit)} IMPs down)"
                if r.gain_vp20 > 1e-9
                else f"{r.scale} (nothing at any deficit)"
                for r in best.itertuples()
            ]
            out.append(
                f"{event}, {int(left)} board{'' if left == 1 else 's'} left: shooting "
                "(doubling the variance) pays "
                f"most under {gain[0]}"
                + (f", then {gain[1]}" if len(gain) > 2 else "")
                + (f", and least under {gain[-1]}." if len(gain) > 1 else ".")
            )
    return out
