"""One σ(n) per form, from the shipped evidence: what every scale a report prints uses.

:func:`form_sigma_evidence` gives the σ of an n-board match of each form a committee prints
(:data:`EVIDENCE_FORMS`) with its interval and source, from inputs fitted once per process
(:func:`evidence_inputs`): K and δ from within the archive's 2,124 matches of 12-32 boards
(:func:`~.estimates.delta_within_match`, :data:`TEAMS_FIT`), the one
Swiss pairs strength fit (:func:`swiss_pairs_strength`), the measured Butler factor and
Probst's Sheffield aggregate σ. :func:`form_sigma_from` is the formula per form on given
inputs (the booklet calls it with its sources, the designer through
:func:`form_sigma_evidence`: for the same inputs the two print the same table).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §10,
   §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from .._validate import check_choice, check_int, fail
from ..sigma import (
    k_from_sigma,
    sigma_aggregate,
    sigma_butler_online,
    sigma_cross_imps,
    sigma_teams_spread,
    swiss_pairs_carry,
)
from .estimates import (
    CONDITIONS,
    COUNTS,
    brighton_sigma,
    delta_within_match,
    printed,
    printed_figures,
    swiss_pairs_sigma,
)

__all__ = [
    "EVIDENCE_FORMS",
    "PAIRS_CURVE",
    "PAIRS_FIT",
    "PAIRS_FIT_INPUT",
    "TEAMS_FIT",
    "SigmaSource",
    "check_comparable",
    "column_unit",
    "evidence_inputs",
    "form_sigma_evidence",
    "form_sigma_from",
    "recommendation",
    "swiss_pairs_fit",
    "swiss_pairs_strength",
    "teams_model",
]

# --------------------------------------------------------------------------- one σ(n) per form

#: The one Swiss pairs strength fit every report uses (:func:`swiss_pairs_strength`):
#: :func:`bridgestats.studies.scales.pairs_strength_spread` on this grid of τ (MP %), this
#: many Brighton-sized events per τ and this seed. 40 events per τ make the Monte Carlo SE
#: of τ about 0.05 % (against a sampling half-width of about 0.5 %); it is carried into the
#: interval all the same. The simulated curve (about 20 s) is shipped as
#: ``derived/swiss_pairs_strength_curve`` (``scripts/derive_swiss_pairs_strength.py``).
PAIRS_FIT = {"strength_sds": (0.0, 1.0, 2.0, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0), "n_events": 40,
             "rng": 20260101}  # fmt: skip
#: The data set the Swiss pairs fit is simulated for (its SHA-256 is shipped with the curve).
PAIRS_FIT_INPUT = "seeds/brighton_2005_vp_counts"
#: The shipped simulated curve of :data:`PAIRS_FIT`.
PAIRS_CURVE = "derived/swiss_pairs_strength_curve"
#: The forms :func:`form_sigma_evidence` answers, and their units: teams of four (round
#: robin, Swiss, knock-out segments: one match model), Swiss pairs, face-to-face Butler
#: pairs, cross-IMPed teams of eight, aggregate (point-a-board totals) teams.
EVIDENCE_FORMS = {"teams": "IMPs", "swiss_pairs": "MP %", "butler": "IMPs",
                  "cross_imps": "IMPs", "aggregate": "points"}  # fmt: skip
#: The fit of K and δ behind every teams scale (:func:`evidence_inputs`): the within-match
#: estimator (:func:`~.estimates.delta_within_match`: δ² = Σ(m² − Σx²)/Σn(n − 1), K² =
#: Σx²/Σn − δ², each match identifying δ on its own) over the matches of 12-32 boards, its
#: interval resampling files. Not the margins-only likelihood of the K(n) model
#: (:func:`~.estimates.k_model`, K 6.02, δ 0.67), which parts K from δ by the spread of match
#: lengths alone and leans on 67 one-board pseudo-matches and 22 untagged finals of 33-100
#: boards (restricted to the 2,124 matches of 12-32 boards it gives K 3.98, δ 1.30: a K
#: below the per-board rms √(K² + δ²) = 6.12 of the same matches by far more than δ allows).
TEAMS_FIT = {"estimator": "within_match", "min_boards": 12, "max_boards": 32, "n_boot": 2000,
             "rng": 2026}  # fmt: skip
#: The level of every interval the evidence carries (the fits are run at it, not assumed).
_CONFIDENCE = 0.90

_CACHE: dict = {}


@dataclass(frozen=True)
class SigmaSource:
    """σ of an n-board match of one form, from the evidence, with where it came from.

    Attributes
    ----------
    form : str
        One of :data:`EVIDENCE_FORMS`.
    n_boards : int
    sigma : float
        σ of the match margin, in ``unit``.
    sigma_ci : tuple of float or None
        Interval at ``confidence`` (None when the model's inputs have none).
    confidence : float
    unit : str
    source : str
        The formula and the fits behind it, for a report to print.
    parameters : dict
        The model's inputs (``k``, ``delta``, ``strength_sd``, ``b``, ``tables`` ...).
    """

    form: str
    n_boards: int
    sigma: float
    sigma_ci: tuple[float, float] | None
    confidence: float
    unit: str
    source: str
    parameters: dict


def swiss_pairs_strength(*, fresh=False):
    """The one fit of the Swiss pairs' strength spread τ and equal-pairs k (Brighton 2005).

    Parameters
    ----------
    fresh : bool, optional
        False (every report): the crossing computed from the shipped simulated curve
        (:data:`PAIRS_CURVE`, checked against :data:`PAIRS_FIT` and the SHA-256 of
        :data:`PAIRS_FIT_INPUT`); True: simulate the curve again (about 20 s), which gives
        the same figures while the simulator is unchanged (``tests/test_derived_data.py``).

    Returns
    -------
    dict
        ``strength_sd`` (τ, MP %), ``strength_sd_ci`` (the sampling interval of the second
        half's σ, widened in quadrature by 1.645 Monte Carlo SEs of τ), ``strength_sd_mc_se``,
        ``k`` (per-board σ of equal pairs, MP %), ``sigma_8`` (round 1's σ, the σ of the
        model at 8 boards) with ``sigma_8_ci``, ``confidence`` and ``source``.

    Notes
    -----
    :func:`bridgestats.studies.scales.pairs_strength_spread` with :data:`PAIRS_FIT`,
    computed once per process. τ's Monte Carlo SE is the simulated σ's SE at the crossing
    divided by the slope of the simulated curve there (the delta method).

    Examples
    --------
    >>> f = swiss_pairs_strength()
    >>> print(f"tau {f['strength_sd']:.2f} ({f['strength_sd_ci'][0]:.2f}-"
    ...       f"{f['strength_sd_ci'][1]:.2f}), k {f['k']:.2f}, sigma_8 {f['sigma_8']:.2f}")
    tau 4.02 (3.39-4.44), k 27.63, sigma_8 11.31
    """
    key = "pairs_fresh" if fresh else "pairs"
    if key in _CACHE:
        return dict(_CACHE[key])
    from .scales import pairs_strength_from_curve, pairs_strength_spread  # scales imports us

    if fresh:
        p = pairs_strength_spread(**PAIRS_FIT, confidence=_CONFIDENCE)
    else:
        p = pairs_strength_from_curve(_shipped_curve(), confidence=_CONFIDENCE)
    c = p.curve
    x, y, se = (c[col].to_numpy() for col in ("strength_sd", "sim_second_half_sigma", "se"))
    i = int(np.clip(np.searchsorted(x, p.strength_sd) - 1, 0, x.size - 2))
    slope = (y[i + 1] - y[i]) / (x[i + 1] - x[i])
    se_sim = float(np.interp(p.strength_sd, x, se))
    mc_se = abs(se_sim / slope) if slope else float("nan")
    z = float(stats.norm.ppf(0.5 + p.confidence / 2))
    lo, hi = p.strength_sd_ci
    tau = p.strength_sd
    ci = (tau - math.hypot(tau - lo, z * mc_se), tau + math.hypot(hi - tau, z * mc_se))
    r1 = brighton_sigma(confidence=p.confidence).loc["round_1"]
    _CACHE[key + "_fit"] = dataclasses.replace(p, strength_sd_ci=ci)
    out = {
        "strength_sd": tau, "strength_sd_ci": ci, "strength_sd_mc_se": mc_se, "k": p.k,
        "sigma_8": p.round1_sigma, "sigma_8_ci": (float(r1.ci_low), float(r1.ci_high)),
        "confidence": p.confidence,
        "source": f"{COUNTS}: σ₁ of round 1 (a random draw) and τ matched to rounds 8-14 by "
        f"simulation (studies.scales.pairs_strength_spread, {PAIRS_FIT['n_events']} events "
        f"per τ, seed {PAIRS_FIT['rng']}); k = √(σ₁² − 2τ²)·√8",
    }  # fmt: skip
    _CACHE[key] = out
    return dict(out)


def swiss_pairs_fit():
    """:func:`swiss_pairs_strength` as the :class:`~.scales.PairsStrength` the Swiss studies
    take (``strength_sd``, ``k``, ``sigma_equal``, ``round1_sigma``, ``curve`` ...), its
    ``strength_sd_ci`` the interval that holds the fit's Monte Carlo error: one τ and one
    interval in every report.

    Examples
    --------
    >>> p = swiss_pairs_fit()
    >>> p.strength_sd == swiss_pairs_strength()["strength_sd"], round(p.sigma_equal, 2)
    (True, 9.77)
    """
    swiss_pairs_strength()
    return _CACHE["pairs_fit"]


def _shipped_curve():
    """The shipped curve of :data:`PAIRS_FIT`, refused when it was simulated for another
    grid, number of events, seed or Brighton file."""
    from .. import datasets

    c = datasets.load(PAIRS_CURVE)
    made = {"strength_sds": tuple(float(v) for v in c["strength_sd"]),
            "n_events": sorted(set(c["n_events"].tolist())),
            "rng": sorted(set(c["rng"].tolist())),
            "input_sha256": sorted(set(c["input_sha256"]))}  # fmt: skip
    want = {"strength_sds": tuple(float(v) for v in PAIRS_FIT["strength_sds"]),
            "n_events": [PAIRS_FIT["n_events"]], "rng": [PAIRS_FIT["rng"]],
            "input_sha256": [datasets.sha256(PAIRS_FIT_INPUT)]}  # fmt: skip
    for name, value in want.items():
        if made[name] != value:
            raise fail(PAIRS_CURVE, f"a curve simulated with {name} {value} (PAIRS_FIT and "
                       f"{PAIRS_FIT_INPUT}; run scripts/derive_swiss_pairs_strength.py)",
                       made[name])  # fmt: skip
    return c


def teams_model():
    """K and δ of σ(n)² = nK² + n²δ² behind every teams scale (:data:`TEAMS_FIT`).

    Returns
    -------
    KModel
        The within-match estimate over the shipped matches of 12-32 boards
        (:func:`~.estimates.delta_within_match`, the ``"all"`` row) as a
        :class:`~.estimates.KModel` (``sigma(n)``, ``k_at(n)``), so that a report that
        showed the K(n) likelihood's model shows this one with the same calls; computed
        once per process.

    Examples
    --------
    >>> m = teams_model()
    >>> print(f"K {m.k:.2f} ({m.k_ci[0]:.2f}-{m.k_ci[1]:.2f}), delta {m.delta:.2f} "
    ...       f"({m.delta_ci[0]:.2f}-{m.delta_ci[1]:.2f}), sigma(16) {m.sigma(16):.2f}")
    K 6.09 (6.04-6.14), delta 0.63 (0.49-0.75), sigma(16) 26.37
    """
    if "teams" in _CACHE:
        return _CACHE["teams"]
    from .estimates import KModel

    fit = {key: v for key, v in TEAMS_FIT.items() if key != "estimator"}
    row = delta_within_match(confidence=_CONFIDENCE, **fit).iloc[0]  # the "all" row
    model = KModel(
        k=float(row.k), k_ci=(float(row.k_ci_low), float(row.k_ci_high)),
        delta=float(row.delta), delta_ci=(float(row.delta_ci_low), float(row.delta_ci_high)),
        n_matches=int(row.n_matches), n_clusters=int(row.n_files), confidence=_CONFIDENCE,
        source=f"{row.n_matches} matches in {row.n_files} files of {row.source}",
    )  # fmt: skip
    _CACHE["teams"] = model
    return model


def evidence_inputs():
    """The inputs of every form's σ(n), each fitted once to the shipped data.

    Returns
    -------
    dict
        ``k``, ``k_ci``, ``delta``, ``delta_ci`` (:data:`TEAMS_FIT`: the within-match
        estimator on the 12-32-board matches, 2,000 file resamples, seed 2026), ``k_source``;
        ``pairs_k``, ``strength_sd``,
        ``strength_sd_ci``, ``sigma_pairs_8``, ``sigma_pairs_8_ci``, ``pairs_source``
        (:func:`swiss_pairs_strength`); ``b``, ``b_ci``, ``b_source`` (the trimmed-datum
        Butler factor, :func:`bridgestats.studies.butler.butler_factors`); ``aggregate_k``
        and ``aggregate_source`` (Probst's Sheffield σ = 1790 over 24 boards); ``confidence``.
    """
    if "inputs" in _CACHE:
        return dict(_CACHE["inputs"])
    from .butler import butler_factors

    model = teams_model()
    pairs = swiss_pairs_strength()
    if pairs["confidence"] != _CONFIDENCE:
        raise fail("PAIRS_FIT", f"a fit at confidence {_CONFIDENCE}", pairs["confidence"])
    b = butler_factors(confidence=_CONFIDENCE, n_boot=200, rng=0).set_index("datum")
    b = b.loc["trimmed"]
    sheffield = printed("sheffield_sigma")
    sheffield_n = int(printed_figures().loc["sheffield_sigma", "n_boards"])
    out = {
        "k": model.k, "k_ci": model.k_ci, "delta": model.delta, "delta_ci": model.delta_ci,
        "k_source": model.source,
        "pairs_k": pairs["k"], "strength_sd": pairs["strength_sd"],
        "strength_sd_ci": pairs["strength_sd_ci"], "sigma_pairs_8": pairs["sigma_8"],
        "sigma_pairs_8_ci": pairs["sigma_8_ci"], "pairs_source": pairs["source"],
        "b": float(b.b), "b_ci": (float(b.ci_low), float(b.ci_high)),
        "b_source": "trimmed-datum Butler factor of data/derived/fullfield_board_spreads.csv "
        "(studies.butler.butler_factors)",
        "aggregate_k": float(k_from_sigma(sheffield.value, sheffield_n)),
        "aggregate_source": f"Probst's Sheffield σ = {sheffield.value:g} points over "
        f"{sheffield_n} boards ({sheffield.source})",
        "confidence": _CONFIDENCE,
    }  # fmt: skip
    _CACHE["inputs"] = out
    return dict(out)


def form_sigma_from(form, n_boards, *, k, delta=0.0, sigma_pairs_8=None, pairs_k=None, b=None,
                    n_tables=15, aggregate_k=None):  # fmt: skip
    """σ of an n-board match of ``form`` from given inputs: the one formula per form.

    Parameters
    ----------
    form : str
        One of :data:`EVIDENCE_FORMS`.
    n_boards : int
    k, delta : float
        K and δ of σ(n)² = nK² + n²δ² (IMPs per board); δ = 0 is Probst's σ = K√n.
    sigma_pairs_8, pairs_k : float
        Swiss pairs: σ of an 8-board match between pairs met at random (MP %) and the
        per-board σ of equal pairs; ``pairs_k`` None: all of σ₈ is luck (σ₈·√(8/n)).
    b : float
        The Butler factor (``"butler"``).
    n_tables : int
        Tables in play (``"butler"``, >= 2).
    aggregate_k : float
        Per-board σ in points (``"aggregate"``).

    Returns
    -------
    float
        σ in the form's unit.

    Notes
    -----
    Teams: √(nK² + n²δ²) (:func:`bridgestats.sigma.sigma_teams_spread`). Swiss pairs:
    √(σ₈² + k²(1/n − 1/8)) (:func:`bridgestats.sigma.swiss_pairs_carry`), which with σ₈ of
    random draws is √(k²/n + 2τ²). Face-to-face Butler: B·K(n)·√(n(T−1)/(2T)) without
    shooting; cross-IMPed teams of eight: K(n)·√(n·C·R/2), C = R = 4 (Pomfrey); both with
    K(n) = √(K² + nδ²), the per-board K a σ = K√n scale needs at n boards. Aggregate: K√n.

    Examples
    --------
    >>> round(form_sigma_from("teams", 32, k=6.02, delta=0.67), 2)
    40.24
    >>> round(form_sigma_from("swiss_pairs", 8, k=6, sigma_pairs_8=11.0), 2)
    11.0
    """
    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    if form == "swiss_pairs":
        if sigma_pairs_8 is None:
            raise fail("sigma_pairs_8", "the σ of an 8-board Swiss pairs match", sigma_pairs_8)
        kp = sigma_pairs_8 * math.sqrt(8) if pairs_k is None else pairs_k
        return float(swiss_pairs_carry(sigma_pairs_8, n, k=kp))
    if form == "aggregate":
        if aggregate_k is None:
            raise fail("aggregate_k", "the per-board σ of aggregate scoring", aggregate_k)
        return float(sigma_aggregate(n, k=aggregate_k))
    teams = float(sigma_teams_spread(n, k=k, delta=delta))
    if form == "teams":
        return teams
    k_n = teams / math.sqrt(n)
    if form == "cross_imps":
        return float(sigma_cross_imps(n, comparisons=4, n_results=4, k=k_n))
    if b is None:
        raise fail("b", "the Butler factor for form 'butler'", b)
    return float(sigma_butler_online(n, n_tables=n_tables, k=k_n, b=b, shooting=0.0))


def form_sigma_evidence(form, n_boards, *, n_tables=15, conditions=None, ascherman=False):
    """σ of an n-board match of ``form`` from the shipped evidence: what every scale uses.

    Parameters
    ----------
    form : str
        One of :data:`EVIDENCE_FORMS`.
    n_boards : int
    n_tables : int
        Tables in play for ``"butler"``.
    conditions : str, optional
        Swiss pairs only: None (pairs met at random: the model's σ₈ from round 1) or one of
        :data:`CONDITIONS` (Brighton's σ for those rounds, :func:`swiss_pairs_sigma`,
        carried to n boards keeping its strength term).
    ascherman : bool
        Swiss pairs with ``conditions``: the event is scored with Ascherman's variant
        (:func:`~.estimates.swiss_pairs_sigma`'s correction of σ₈).

    Returns
    -------
    SigmaSource
        The interval is that of the inputs' corners (K and δ, σ₈ and τ, B at their
        interval ends; the largest and smallest σ): conservative, since the inputs'
        intervals are taken as independent and at their extremes together.

    Examples
    --------
    >>> s = form_sigma_evidence("teams", 8)
    >>> print(f"{s.sigma:.2f} ({s.sigma_ci[0]:.2f}-{s.sigma_ci[1]:.2f}) {s.unit}")
    17.95 (17.53-18.35) IMPs
    """
    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    n_tables = check_int(n_tables, "n_tables", minimum=2, maximum=1000)
    ev = evidence_inputs()
    kw = {"k": ev["k"], "delta": ev["delta"], "sigma_pairs_8": ev["sigma_pairs_8"],
          "pairs_k": ev["pairs_k"], "b": ev["b"], "n_tables": n_tables,
          "aggregate_k": ev["aggregate_k"]}  # fmt: skip
    ends = {"k": ev["k_ci"], "delta": ev["delta_ci"], "b": ev["b_ci"]}
    used = {"teams": ("k", "delta"), "cross_imps": ("k", "delta"), "butler": ("k", "delta", "b"),
            "swiss_pairs": (), "aggregate": ()}[form]  # fmt: skip
    alts = []
    for pick in np.ndindex(*(2,) * len(used)) if used else ():
        alts.append({**kw, **{name: ends[name][j] for name, j in zip(used, pick, strict=True)}})
    if form == "swiss_pairs" and conditions is None:  # σ₈ and τ's ends; k follows them
        alts = [{**kw, **alt} for alt in _pairs_ends(ev)]
    elif form == "swiss_pairs":
        e = swiss_pairs_sigma(conditions, ascherman=ascherman)
        kw["sigma_pairs_8"] = e.value
        alts = [{**kw, "sigma_pairs_8": end} for end in e.ci]
    sigma = form_sigma_from(form, n, **kw)
    corners = [form_sigma_from(form, n, **alt) for alt in alts]
    ci = (min(corners), max(corners)) if corners else None
    source = {
        "teams": f"σ(n) = √(nK² + n²δ²), K {ev['k']:.3f}, δ {ev['delta']:.3f}: {ev['k_source']}",
        "cross_imps": f"σ = K(n)·√(n·4·4/2), K(n) = √(K² + nδ²) (Pomfrey's rule on the K(n) "
        f"model), K {ev['k']:.3f}, δ {ev['delta']:.3f}: {ev['k_source']}",
        "butler": f"σ = B·K(n)·√(n(T−1)/(2T)), T = {n_tables}, K(n) = √(K² + nδ²), B "
        f"{ev['b']:.3f} ({ev['b_source']}); K {ev['k']:.3f}, δ {ev['delta']:.3f}: "
        f"{ev['k_source']}",
        "swiss_pairs": f"σ(n) = √(k²/n + 2τ²), k {ev['pairs_k']:.2f} %, τ "
        f"{ev['strength_sd']:.2f} %: {ev['pairs_source']}"
        if conditions is None else
        f"σ₈ {kw['sigma_pairs_8']:.2f} % for {CONDITIONS[conditions]}"
        f"{', scored with Ascherman' if ascherman else ''} (estimates.swiss_pairs_sigma), "
        f"carried to n boards as √(σ₈² + k²(1/n − 1/8)), "
        f"k {ev['pairs_k']:.2f} %: {ev['pairs_source']}",
        "aggregate": f"σ = K√n, K {ev['aggregate_k']:.1f} points: {ev['aggregate_source']}",
    }[form]  # fmt: skip
    params = {name: kw[name] for name in {
        "teams": ("k", "delta"), "cross_imps": ("k", "delta"), "butler": ("k", "delta", "b",
        "n_tables"), "swiss_pairs": ("sigma_pairs_8", "pairs_k"), "aggregate": ("aggregate_k",),
    }[form]}  # fmt: skip
    if form == "swiss_pairs":
        params["strength_sd"] = ev["strength_sd"]
    return SigmaSource(form, n, sigma, ci, ev["confidence"], EVIDENCE_FORMS[form], source, params)


def _pairs_ends(ev) -> list:
    """σ₈ and τ at their interval ends, as (σ₈, k) pairs: k = √(σ₈² − 2τ²)·√8."""
    out = []
    for s8 in ev["sigma_pairs_8_ci"]:
        for tau in ev["strength_sd_ci"]:
            out.append({"sigma_pairs_8": s8,
                        "pairs_k": math.sqrt(max(s8**2 - 2 * tau**2, 1e-9) * 8)})  # fmt: skip
    return out


#: The printing step of each form's margins (whole IMPs, 10 aggregate points; None: MP % to
#: two decimals), as :func:`bridgestats.vpscale.event_scale` prints them.
_STEP = {"IMPs": 1.0, "points": 10.0, "MP %": None}


def check_comparable(unit, other_unit, *, what="published"):
    """Refuse to compare a scale in ``unit`` with one in ``other_unit`` (MP % with IMPs).

    Examples
    --------
    >>> check_comparable("IMPs", "IMPs")
    >>> check_comparable("IMPs", "MP %")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: published: must be a scale in IMPs, ...; got 'MP %'
    """
    if unit != other_unit:
        raise fail(what, f"a scale in {unit}, the form's unit (a scale in {other_unit} "
                   "measures another margin and cannot be compared)", other_unit)  # fmt: skip


def recommendation(form, n_boards, *, n_tables=15, conditions=None, ascherman=False, max_vp=20,
                   off=0.15):  # fmt: skip
    """The scale to print for an event, from the evidence: the designer's first section.

    Parameters
    ----------
    form : str
        One of :data:`EVIDENCE_FORMS` (teams of four: round robin, Swiss or knock-out
        segments alike).
    n_boards : int
    n_tables : int
        Tables in play (``"butler"``).
    conditions : str, optional
        Swiss pairs: as :func:`form_sigma_evidence`.
    ascherman : bool
        Swiss pairs with ``conditions``: as :func:`form_sigma_evidence`.
    max_vp : int
        The scale's total (20).
    off : float
        How far σ may be off (0.15: the 20-0 share is also given at σ·0.85 and σ·1.15).

    Returns
    -------
    dict
        ``form``, ``n_boards``, ``unit``, ``sigma``, ``sigma_ci``, ``sigma_source``,
        ``thresholds`` (the equal-probability Gaussian scale's, continuous),
        ``p_20_0`` (the top outcome's share between sides met at random, as printed: whole
        IMPs reach a band from half an IMP below its start), ``p_20_0_off``
        ({"low": share at σ(1 − off), "high": at σ(1 + off)}), ``p_20_0_at_ci`` and
        ``sentence``; and ``scale``, the :class:`~bridgestats.vpscale.VPScale` (the same
        as the booklet's for the same inputs).

    Examples
    --------
    >>> r = recommendation("teams", 32)
    >>> print(r["sentence"][:80])
    Teams of 32 boards: print the Gaussian 20-0 scale at σ = 39.93 IMPs (90%: 37.63-
    >>> round(r["p_20_0"], 3), round(r["p_20_0_off"]["high"], 3)
    (0.096, 0.148)
    """
    from ..vpscale import gaussian_scale
    from .estimates import sensitivity

    src = form_sigma_evidence(
        form, n_boards, n_tables=n_tables, conditions=conditions, ascherman=ascherman
    )
    centre = 50.0 if src.unit == "MP %" else 0.0
    scale = gaussian_scale(max_vp, sigma=src.sigma, centre=centre, unit=src.unit)
    printed_scale = gaussian_scale(max_vp, sigma=src.sigma, centre=centre, unit=src.unit,
                                   step=_STEP[src.unit])  # fmt: skip
    sig = [src.sigma, src.sigma * (1 - off), src.sigma * (1 + off), *(src.sigma_ci or ())]
    p = sensitivity({"scale": printed_scale}, sigmas=sig)["p_top"].to_numpy()
    if printed_scale.step:
        ranges = printed_scale.integer_ranges()
        top_from = f"{int(ranges['margin_from'].iloc[-1])} {src.unit}"
    else:
        top_from = f"{centre + scale.thresholds[-1]:.2f} %"
    ci = "" if src.sigma_ci is None else (
        f" ({src.confidence:.0%}: {src.sigma_ci[0]:.2f}-{src.sigma_ci[1]:.2f})")  # fmt: skip
    name = {"teams": "Teams", "swiss_pairs": "Swiss pairs", "butler": "Face-to-face Butler",
            "cross_imps": "Cross-IMPed teams of eight", "aggregate": "Aggregate"}[form]  # fmt: skip
    sentence = (
        f"{name} of {src.n_boards} boards: print the Gaussian {max_vp}-0 scale at σ = "
        f"{src.sigma:.2f} {src.unit}{ci}, {max_vp}-0 from {top_from}; between sides met at "
        f"random {100 * p[0]:.1f} % of matches are {max_vp}-0 (design {200 / (max_vp + 1):.1f} "
        f"%), {100 * p[1]:.1f} % if σ is {off:.0%} smaller and {100 * p[2]:.1f} % if "
        f"{off:.0%} larger. σ from: {src.source}."
    )
    return {
        "form": form, "n_boards": src.n_boards, "unit": src.unit, "sigma": src.sigma,
        "sigma_ci": None if src.sigma_ci is None else list(src.sigma_ci),
        "sigma_source": src.source, "thresholds": [float(t) for t in scale.thresholds],
        "p_20_0": float(p[0]), "p_20_0_off": {"low": float(p[1]), "high": float(p[2])},
        "p_20_0_at_ci": None if src.sigma_ci is None else [float(p[3]), float(p[4])],
        "sentence": sentence, "scale": scale,
    }  # fmt: skip


def column_unit(column):
    """The unit of a published table's threshold column, from its name's suffix.

    ``*_pct``: MP %; ``*_imps`` or ``imp_*``: IMPs; ``*_points``: points.

    Examples
    --------
    >>> column_unit("threshold_pct"), column_unit("imp_margin")
    ('MP %', 'IMPs')
    """
    name = str(column).lower()
    if name.endswith("_pct"):
        return "MP %"
    if name.endswith("_imps") or name.startswith("imp_") or name == "imps":
        return "IMPs"
    if name.endswith("_points"):
        return "points"
    raise fail("published_column", "a column named *_pct, *_imps, imp_* or *_points", column)
