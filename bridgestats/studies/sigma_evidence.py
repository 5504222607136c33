"""The evidence's σ inputs, fitted; the Swiss pairs σ of stated conditions; the scale to print.

The σ of an n-board match of each form is :func:`bridgestats.sigma.form_sigma`, on inputs
fitted once and shipped (:func:`bridgestats.sigma.evidence_inputs` reads them). This module
fits them (:func:`fit_evidence_inputs`, run by ``scripts/derive_sigma_evidence_inputs.py``):
K and δ from within the archive's 2,124 matches of 12-32 boards
(:func:`~.k_growth.delta_within_match`, :data:`TEAMS_FIT`), the one Swiss pairs strength
fit (:func:`swiss_pairs_strength`), the measured Butler factor and Probst's Sheffield
aggregate σ. :func:`conditions_sigma` is the Swiss pairs σ for stated conditions of use of
Brighton's rounds, through the same :func:`~bridgestats.sigma.form_sigma`;
:func:`recommendation` is the scale to print at the form's σ.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §10,
   §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from scipy import stats

from .._validate import check_choice, fail
from ..names import display_name
from ..sigma import (
    BUTLER_FIT,
    CONFIDENCE,
    EVIDENCE_FORMS,
    PAIRS_CURVE,
    PAIRS_FIT,
    PAIRS_FIT_INPUT,
    TEAMS_FIT,
    SigmaSource,
    event_form,
    evidence_inputs,
    form_sigma,
    k_from_sigma,
)
from .brighton import brighton_sigma, swiss_pairs_sigma
from .estimates import CONDITIONS, COUNTS, printed, printed_figures
from .k_growth import delta_within_match

__all__ = [
    "EVIDENCE_FORMS",
    "PAIRS_CURVE",
    "PAIRS_FIT",
    "PAIRS_FIT_INPUT",
    "TEAMS_FIT",
    "SigmaSource",
    "check_comparable",
    "column_unit",
    "conditions_sigma",
    "fit_evidence_inputs",
    "recommendation",
    "swiss_pairs_fit",
    "swiss_pairs_strength",
    "teams_model",
    "within_match_model",
]

# --------------------------------------------------------------------------- one σ(n) per form

#: The level of every interval the evidence carries (:data:`bridgestats.sigma.CONFIDENCE`).
_CONFIDENCE = CONFIDENCE

_CACHE: dict = {}


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
    :func:`bridgestats.studies.strength.pairs_strength_spread` with :data:`PAIRS_FIT`,
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
    from .strength import pairs_strength_from_curve, pairs_strength_spread  # loads the simulator

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
        "strength_sd": tau,
        "strength_sd_ci": ci,
        "strength_sd_mc_se": mc_se,
        "k": p.k,
        "sigma_8": p.round1_sigma,
        "sigma_8_ci": (float(r1.ci_low), float(r1.ci_high)),
        "confidence": p.confidence,
        "source": f"{COUNTS}: σ₁ of round 1 (a random draw) and τ matched to rounds 8-14 by "
        f"simulating the event ({PAIRS_FIT['n_events']} simulated events per τ, seed "
        f"{PAIRS_FIT['rng']}); k = √(σ₁² − 2τ²)·√8",
    }
    _CACHE[key] = out
    return dict(out)


def swiss_pairs_fit():
    """:func:`swiss_pairs_strength` as the :class:`~.strength.PairsStrength` the Swiss studies
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
    made = {
        "strength_sds": tuple(float(v) for v in c["strength_sd"]),
        "n_events": sorted(set(c["n_events"].tolist())),
        "rng": sorted(set(c["rng"].tolist())),
        "input_sha256": sorted(set(c["input_sha256"])),
    }
    want = {
        "strength_sds": tuple(float(v) for v in PAIRS_FIT["strength_sds"]),
        "n_events": [PAIRS_FIT["n_events"]],
        "rng": [PAIRS_FIT["rng"]],
        "input_sha256": [datasets.sha256(PAIRS_FIT_INPUT)],
    }
    for name, value in want.items():
        if made[name] != value:
            raise fail(
                PAIRS_CURVE,
                f"a curve simulated with {name} {value} (PAIRS_FIT and "
                f"{PAIRS_FIT_INPUT}; run scripts/derive_swiss_pairs_strength.py)",
                made[name],
            )
    return c


def within_match_model(within, *, confidence=CONFIDENCE):
    """The K(n) model of a within-match fit: what every teams scale's σ(n) is built on.

    Parameters
    ----------
    within : pandas.DataFrame
        :func:`~.k_growth.delta_within_match`'s frame (its first row, ``"all"``, is used).
    confidence : float
        The level its intervals were fitted at.

    Returns
    -------
    KModel
        K and δ with their intervals, ``sigma(n)`` and ``k_at(n)``, so that a report shows
        the model every scale uses with the calls it used for the margins-only likelihood.
    """
    from .k_growth import KModel

    row = within.iloc[0]
    return KModel(
        k=float(row.k),
        k_ci=(float(row.k_ci_low), float(row.k_ci_high)),
        delta=float(row.delta),
        delta_ci=(float(row.delta_ci_low), float(row.delta_ci_high)),
        n_matches=int(row.n_matches),
        n_clusters=int(row.n_files),
        confidence=confidence,
        source=f"{row.n_matches:,} matches in {row.n_files} files of {row.source}",
    )


def teams_model():
    """K and δ of σ(n)² = nK² + n²δ² behind every teams scale (:data:`TEAMS_FIT`).

    Returns
    -------
    KModel
        The within-match estimate over the shipped matches of 12-32 boards
        (:func:`~.k_growth.delta_within_match`, the ``"all"`` row) as a
        :class:`~.k_growth.KModel` (:func:`within_match_model`); computed once per process.

    Examples
    --------
    >>> m = teams_model()
    >>> print(f"K {m.k:.2f} ({m.k_ci[0]:.2f}-{m.k_ci[1]:.2f}), delta {m.delta:.2f} "
    ...       f"({m.delta_ci[0]:.2f}-{m.delta_ci[1]:.2f}), sigma(16) {m.sigma(16):.2f}")
    K 6.09 (6.04-6.14), delta 0.63 (0.49-0.75), sigma(16) 26.37
    """
    if "teams" in _CACHE:
        return _CACHE["teams"]
    fit = {key: v for key, v in TEAMS_FIT.items() if key != "estimator"}
    model = within_match_model(delta_within_match(confidence=_CONFIDENCE, **fit))
    _CACHE["teams"] = model
    return model


def fit_evidence_inputs():
    """The inputs of every form's σ(n), each fitted to the shipped data (a few seconds).

    What ``scripts/derive_sigma_evidence_inputs.py`` writes to
    ``data/derived/sigma_evidence_inputs.csv``, which every report, the booklet, the
    designer and ``bridgestats scale`` read (:func:`bridgestats.sigma.evidence_inputs`;
    ``tests/datasets/test_derived_data.py`` compares the two).

    Returns
    -------
    dict
        ``k``, ``k_ci``, ``delta``, ``delta_ci`` (:data:`TEAMS_FIT`: the within-match
        estimator on the 12-32-board matches, 2,000 file resamples, seed 2026), ``k_source``;
        ``pairs_k``, ``strength_sd``,
        ``strength_sd_ci``, ``sigma_pairs_8``, ``sigma_pairs_8_ci``, ``pairs_source``
        (:func:`swiss_pairs_strength`); ``b``, ``b_ci``, ``b_source`` (the trimmed-datum
        Butler factor, :func:`bridgestats.studies.butler.butler_factors` with
        :data:`bridgestats.sigma.BUTLER_FIT`); ``aggregate_k`` and ``aggregate_source``
        (Probst's Sheffield σ = 1790 over 24 boards); ``confidence``.
    """
    if "inputs" in _CACHE:
        return dict(_CACHE["inputs"])
    from .butler import butler_factors

    model = teams_model()
    pairs = swiss_pairs_strength()
    if pairs["confidence"] != _CONFIDENCE:
        raise fail("PAIRS_FIT", f"a fit at confidence {_CONFIDENCE}", pairs["confidence"])
    b = butler_factors(
        confidence=_CONFIDENCE, n_boot=BUTLER_FIT["n_boot"], rng=BUTLER_FIT["rng"]
    ).set_index("datum")
    b = b.loc[BUTLER_FIT["datum"]]
    sheffield = printed("sheffield_sigma")
    sheffield_n = int(printed_figures().loc["sheffield_sigma", "n_boards"])
    out = {
        "k": model.k,
        "k_ci": model.k_ci,
        "delta": model.delta,
        "delta_ci": model.delta_ci,
        "k_source": model.source,
        "pairs_k": pairs["k"],
        "strength_sd": pairs["strength_sd"],
        "strength_sd_ci": pairs["strength_sd_ci"],
        "sigma_pairs_8": pairs["sigma_8"],
        "sigma_pairs_8_ci": pairs["sigma_8_ci"],
        "pairs_source": pairs["source"],
        "b": float(b.b),
        "b_ci": (float(b.ci_low), float(b.ci_high)),
        "b_source": f"the trimmed-datum Butler factor of {int(b.n_boards):,} real boards "
        "(derived/fullfield_board_spreads)",
        "aggregate_k": float(k_from_sigma(sheffield.value, sheffield_n)),
        "aggregate_source": f"Probst's Sheffield σ = {sheffield.value:g} points over "
        f"{sheffield_n} boards ({sheffield.source})",
        "confidence": _CONFIDENCE,
    }
    _CACHE["inputs"] = out
    return dict(out)


def conditions_sigma(n_boards, conditions, *, ascherman=False) -> SigmaSource:
    """σ of an n-board Swiss pairs match for stated conditions of use of Brighton's rounds.

    :func:`bridgestats.sigma.form_sigma` with Brighton's σ₈ of those rounds
    (:func:`~.brighton.swiss_pairs_sigma`) in place of the model's σ₈ of pairs met at random,
    carried to n boards keeping the equal-pairs k: the designer's alternatives to the
    evidence's σ, each named by its conditions beside its figure.

    Parameters
    ----------
    n_boards : int
    conditions : str
        One of :data:`~.estimates.CONDITIONS`.
    ascherman : bool
        The event is scored with Ascherman's variant (:func:`~.brighton.swiss_pairs_sigma`'s
        correction of σ₈).

    Returns
    -------
    SigmaSource

    Examples
    --------
    >>> s = conditions_sigma(8, "whole_event")
    >>> print(f"{s.sigma:.2f} ({s.sigma_ci[0]:.2f}-{s.sigma_ci[1]:.2f}) {s.unit}")
    10.97 (10.73-11.21) MP %
    """
    check_choice(conditions, "conditions", tuple(CONDITIONS))
    ev = evidence_inputs()
    e = swiss_pairs_sigma(conditions, ascherman=ascherman)
    src = form_sigma(
        "swiss_pairs",
        n_boards,
        inputs={"sigma_pairs_8": e.value, "sigma_pairs_8_ci": e.ci, "pairs_k": ev["pairs_k"]},
    )
    source = (
        f"σ₈ {e.value:.2f} % for {CONDITIONS[conditions]}"
        f"{', scored with Ascherman' if ascherman else ''} (Brighton 2005's rounds), "
        f"carried to n boards as √(σ₈² + k²(1/n − 1/8)), "
        f"k {ev['pairs_k']:.2f} %: {ev['pairs_source']}"
    )
    return dataclasses.replace(src, source=source)


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
        raise fail(
            what,
            f"a scale in {unit}, the form's unit (a scale in {other_unit} "
            "measures another margin and cannot be compared)",
            other_unit,
        )


def recommendation(
    form, n_boards, *, n_tables=15, conditions=None, ascherman=False, max_vp=20, off=0.15
):
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
        Swiss pairs: None (the form's σ, :func:`bridgestats.sigma.form_sigma`: pairs met at
        random, as Probst §11 asks of a scale) or stated conditions of use
        (:func:`conditions_sigma`), a deliberately other σ the page names.
    ascherman : bool
        Swiss pairs with ``conditions``: as :func:`conditions_sigma`.
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
        ``sentence``; and ``scale``, the :class:`~bridgestats.vp.VPScale` (the same
        as the booklet's for the same inputs).

    Examples
    --------
    >>> r = recommendation("teams", 32)
    >>> print(r["sentence"][:92])
    Teams of four, 32 boards: print the Gaussian 20-0 scale at σ = 39.93 IMPs (90%: 37.63-42.11)
    >>> round(r["p_20_0"], 3), round(r["p_20_0_off"]["high"], 3)
    (0.096, 0.148)
    """
    from ..vp import gaussian_scale
    from .frequencies import sensitivity

    check_choice(form, "form", tuple(EVIDENCE_FORMS))
    if conditions is not None:
        if form != "swiss_pairs":
            raise fail("conditions", "None unless form is 'swiss_pairs'", conditions)
        src = conditions_sigma(n_boards, conditions, ascherman=ascherman)
    else:
        src = form_sigma(form, n_boards, n_tables=n_tables)
    entry = event_form(form)
    centre = entry.centre
    scale = gaussian_scale(max_vp, sigma=src.sigma, centre=centre, unit=src.unit)
    printed_scale = gaussian_scale(
        max_vp, sigma=src.sigma, centre=centre, unit=src.unit, step=entry.step
    )
    sig = [src.sigma, src.sigma * (1 - off), src.sigma * (1 + off), *(src.sigma_ci or ())]
    p = sensitivity({"scale": printed_scale}, sigmas=sig)["p_top"].to_numpy()
    if printed_scale.step:
        ranges = printed_scale.integer_ranges()
        top_from = f"{int(ranges['margin_from'].iloc[-1])} {src.unit}"
    else:
        top_from = f"{centre + scale.thresholds[-1]:.2f} %"
    ci = (
        ""
        if src.sigma_ci is None
        else (f" ({src.confidence:.0%}: {src.sigma_ci[0]:.2f}-{src.sigma_ci[1]:.2f})")
    )
    name = display_name("form", form)
    # whose 20-0 share the sentence gives: the matches σ is of (pairs met at random for the
    # form's σ; the stated conditions' matches otherwise, and pairs met at random beside them)
    among = (
        "between sides met at random"
        if conditions is None
        else (f"in the matches of {CONDITIONS[conditions].split(':')[0]}")
    )
    random_too = ""
    if conditions is not None:
        at_random = form_sigma(form, n_boards, n_tables=n_tables).sigma
        p_random = sensitivity({"scale": printed_scale}, sigmas=[at_random])["p_top"].iloc[0]
        random_too = (
            f"; between sides met at random (σ {at_random:.2f} {src.unit}) {100 * p_random:.1f} %"
        )
    sentence = (
        f"{name[:1].upper()}{name[1:]}, {src.n_boards} boards: print the Gaussian {max_vp}-0 "
        f"scale at σ = "
        f"{src.sigma:.2f} {src.unit}{ci}, {max_vp}-0 from {top_from}; {among} "
        f"{100 * p[0]:.1f} % of matches are {max_vp}-0 (design {200 / (max_vp + 1):.1f} "
        f"%), {100 * p[1]:.1f} % if σ is {off:.0%} smaller and {100 * p[2]:.1f} % if "
        f"{off:.0%} larger{random_too}. σ from: {src.source}."
    )
    return {
        "form": form,
        "n_boards": src.n_boards,
        "unit": src.unit,
        "sigma": src.sigma,
        "sigma_ci": None if src.sigma_ci is None else list(src.sigma_ci),
        "sigma_source": src.source,
        "thresholds": [float(t) for t in scale.thresholds],
        "p_20_0": float(p[0]),
        "p_20_0_off": {"low": float(p[1]), "high": float(p[2])},
        "p_20_0_at_ci": None if src.sigma_ci is None else [float(p[3]), float(p[4])],
        "sentence": sentence,
        "scale": scale,
    }


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
