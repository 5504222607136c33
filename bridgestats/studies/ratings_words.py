"""The ratings report's figures and words: what its numbers say, in sentences made here.

:func:`summary_figures` gathers the report's headline figures; :func:`ppi_verdict`,
:func:`identification_sentences`, :func:`versus`, :func:`best_system_sentence` and
:func:`ratings_findings` make its sentences (a difference called material only against the
noise floor, :data:`MATERIAL_SHARE`).

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the formula, k and w.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_frame, fail
from ..ratings.gaussian import (  # GaussianModel: the doctests' model
    GaussianModel,  # noqa: F401
)

__all__ = [
    "MATERIAL_SHARE",
    "SYSTEM_NAMES",
    "best_system_sentence",
    "identification_sentences",
    "ppi_verdict",
    "ratings_findings",
    "summary_figures",
    "versus",
]


def summary_figures(comparison, bonus, periods, identification=None):
    """The report's summary keys from :func:`compare_systems`, :func:`partnership_bonus`,
    :func:`lpr_periods` and (optionally) :func:`gaussian_identification`'s intervals.

    Returns
    -------
    dict
        ``systems`` (name -> ``rmse``, ``rmse_ci`` [low, high], ``coverage_90``, None
        for a system without a predictive distribution, and ``rmse_board``,
        ``rmse_board_ci`` where the comparison has them; and each of
        ``calibration_slope``, ``calibration_intercept``, ``concordance``,
        ``explained_share``, ``log_score``, ``rmse_vs_ppi``, ``rmse_vs_elo``,
        ``rmse_vs_player_mean`` with its ``_ci`` where the comparison has it, the slope and
        concordance None for ``flat``), ``best_system`` (lowest RMSE,
        the simulation's truth left out), ``noise_floor_rmse`` (+ ``_ci``) and
        ``bootstrap_unit`` where the comparison has them, ``pickup_bonus_pct`` and
        ``pickup_bonus_pct_ci``
        (the established partnerships' bonus over new ones), ``lpr_test1_rate`` and
        ``lpr_test2_rate`` (shares of the player-periods where each test intervenes) and
        ``n_lpr_periods``; with ``identification``, ``gaussian_model`` (each sd's
        ``estimate`` and profile ``ci`` [low, high], ``at_bound``) and
        ``partnership_sd_multi_partner`` (+ ``_ci``, ``n_multi_partner_sessions``).

    Examples
    --------
    >>> c = pd.DataFrame({"system": ["ppi", "elo"], "metric": "rmse", "value": [8.0, 7.5],
    ...                   "ci_low": [7.9, 7.4], "ci_high": [8.1, 7.6]})
    >>> b = pd.DataFrame({"partnership": ["bonus"], "residual": [0.1], "ci_low": [-0.1],
    ...                   "ci_high": [0.3]})
    >>> p = pd.DataFrame({"outcome": ["passed", "test1", "test2", "passed"]})
    >>> s = summary_figures(c, b, p)
    >>> s["best_system"], s["systems"]["elo"]["rmse_ci"], s["lpr_test1_rate"]
    ('elo', [7.4, 7.6], 0.25)
    >>> s["systems"]["elo"]["calibration_slope"] is None  # not in this comparison
    True
    """
    check_frame(comparison, "comparison", ("system", "metric", "value", "ci_low", "ci_high"))
    check_frame(bonus, "bonus", ("partnership", "residual", "ci_low", "ci_high"))
    check_frame(periods, "periods", ("outcome",))
    t = comparison.set_index(["system", "metric"])
    systems = {}
    for system in pd.unique(comparison["system"]):
        if system == "noise_floor":
            continue
        row = t.loc[(system, "rmse")]
        cover = t["value"].get((system, "coverage_90"))
        systems[system] = {
            "rmse": float(row["value"]),
            "rmse_ci": [float(row["ci_low"]), float(row["ci_high"])],
            "coverage_90": None if cover is None else float(cover),
        }
        for metric in _SUMMARY_METRICS:
            if (system, metric) in t.index:
                m = t.loc[(system, metric)]
                systems[system][metric] = float(m["value"])
                systems[system][f"{metric}_ci"] = [float(m["ci_low"]), float(m["ci_high"])]
            elif metric in ("calibration_slope", "concordance"):
                systems[system][metric] = None  # flat: no forecast to regress on or to rank
                systems[system][f"{metric}_ci"] = None
    rated = {k: v["rmse"] for k, v in systems.items() if k != "truth"}
    b = bonus.set_index("partnership").loc["bonus"]
    outcome = periods["outcome"]
    out = {
        "systems": systems,
        "best_system": min(rated, key=rated.get),
        "pickup_bonus_pct": float(b["residual"]),
        "pickup_bonus_pct_ci": [float(b["ci_low"]), float(b["ci_high"])],
        "lpr_test1_rate": float(np.mean(outcome == "test1")),
        "lpr_test2_rate": float(np.mean(outcome == "test2")),
        "n_lpr_periods": len(periods),
    }
    if ("noise_floor", "rmse") in t.index:
        noise = t.loc[("noise_floor", "rmse")]
        out["noise_floor_rmse"] = float(noise["value"])
        out["noise_floor_rmse_ci"] = [float(noise["ci_low"]), float(noise["ci_high"])]
    if "bootstrap_unit" in comparison:
        out["bootstrap_unit"] = str(comparison["bootstrap_unit"].iloc[0])
    if identification is not None:
        check_frame(
            identification,
            "identification",
            ("parameter", "estimate", "ci_low", "ci_high", "sessions"),
        )
        rows = identification.set_index(["sessions", "parameter"])
        out["gaussian_model"] = {
            name: {
                "estimate": float(r["estimate"]),
                "ci": [float(r["ci_low"]), _finite_or_none(r["ci_high"])],
                "at_bound": bool(r["estimate"] <= 0),
            }
            for (kind, name), r in rows.iterrows()
            if kind == "all"
        }
        if ("multi_partner", "partnership_sd") in rows.index:
            r = rows.loc[("multi_partner", "partnership_sd")]
            out["partnership_sd_multi_partner"] = float(r["estimate"])
            out["partnership_sd_multi_partner_ci"] = [
                float(r["ci_low"]),
                _finite_or_none(r["ci_high"]),
            ]
            out["n_multi_partner_sessions"] = int(r["n_sessions"])
    return out


def _finite_or_none(value):
    return float(value) if np.isfinite(value) else None


#: The metrics :func:`summary_figures` carries per system (each with its ``_ci``).
_SUMMARY_METRICS = (
    "rmse_board",
    "calibration_slope",
    "calibration_intercept",
    "concordance",
    "explained_share",
    "log_score",
    "rmse_vs_ppi",
    "rmse_vs_elo",
    "rmse_vs_player_mean",
)


def ppi_verdict(figures, *, level=0.9):
    """The verdict on the PPI in one sentence, from :func:`summary_figures`.

    Parameters
    ----------
    figures : dict
        :func:`summary_figures`'s output (its ``systems.ppi`` with ``rmse_vs_elo`` and
        ``rmse_vs_player_mean`` and their ``_ci``).
    level : float
        The intervals' coverage, for the sentence.

    Returns
    -------
    str

    Examples
    --------
    >>> f = {"systems": {"ppi": {"rmse_vs_elo": 0.2, "rmse_vs_elo_ci": [0.1, 0.3],
    ...      "rmse_vs_player_mean": 0.1, "rmse_vs_player_mean_ci": [-0.1, 0.3]},
    ...      "elo": {"rmse": 7.5}, "player_mean": {"rmse": 7.5}},
    ...      "noise_floor_rmse": 7.0, "bootstrap_unit": "event"}
    >>> ppi_verdict(f).split(" (")[0]
    'The PPI predicts worse than Elo by +0.200 % RMSE per session'
    >>> "and ties a player's own running mean (+0.100 %" in ppi_verdict(f)
    True
    """
    if not isinstance(figures, dict) or "ppi" not in figures.get("systems", {}):
        raise fail("figures", "summary_figures' output with a 'ppi' system", type(figures).__name__)
    ppi = figures["systems"]["ppi"]
    parts = []
    for ref, name in (("elo", "Elo"), ("player_mean", "a player's own running mean")):
        d, (lo, hi) = ppi[f"rmse_vs_{ref}"], ppi[f"rmse_vs_{ref}_ci"]
        word = _compared(figures, ref, d, lo, hi)
        verdict = {
            "worse": "predicts worse than",
            "better": "beats",
            "tie": "ties",
            "immaterial": "is within an immaterial margin of",
        }[word]
        parts.append((verdict, name, d, lo, hi))
    pct = round(100 * level)
    unit = figures.get("bootstrap_unit", "session")
    (v1, n1, d1, l1, h1), (v2, n2, d2, l2, h2) = parts
    first = f"The PPI {v1} {n1} by {d1:+.3f} % RMSE per session ({pct} %: {l1:+.3f} to {h1:+.3f})"
    if v1 == "ties":
        first = f"The PPI ties {n1} ({d1:+.3f} % RMSE per session, {pct} %: {l1:+.3f} to {h1:+.3f})"
    return (
        f"{first} and {v2} {n2} ({d2:+.3f} %, {l2:+.3f} to {h2:+.3f}; intervals resample {unit}s)."
    )


def identification_sentences(figures, *, level=0.9, forecaster=None):
    """What the identified Gaussian fit says of partnerships and of drift, one sentence each.

    Parameters
    ----------
    figures : dict
        :func:`summary_figures`'s output with ``gaussian_model`` and
        ``partnership_sd_multi_partner`` (from :func:`gaussian_identification`).
    level : float
        The intervals' coverage, for the sentences.
    forecaster : dict, optional
        The sds of the Gaussian model that forecasts (fitted by its filter's own
        likelihood: ``drift_sd``): the drift sentence then names both fits, the one that
        forecasts and the exact likelihood's, which are not the same fit (issue 33: the
        forecasts came from a model whose skills do not drift while the drift reported,
        0.29, came from the other).

    Returns
    -------
    dict
        ``partnership`` and ``drift``: a sentence each.

    Examples
    --------
    >>> f = {"gaussian_model": {"drift_sd": {"estimate": 0.0, "ci": [0.0, 0.31]}},
    ...      "partnership_sd_multi_partner": 0.0, "partnership_sd_multi_partner_ci": [0.0, 0.41],
    ...      "n_multi_partner_sessions": 3169}
    >>> identification_sentences(f)["partnership"][:60]
    'Where a partnership can be told from its players (3,169 sess'
    >>> print(identification_sentences(f, forecaster={"drift_sd": 0.0})["drift"])
    ... # doctest: +NORMALIZE_WHITESPACE
    The forecasts come from the Gaussian model fitted by its filter's own likelihood, whose
    skills do not drift (drift sd 0.00 % per √year); fitted by the exact likelihood, skills
    drift by 0.00 % per √year (90 % profile interval 0.00 to 0.31): the data do not tell it
    from none, so the forecaster's fixed skills are consistent with them.
    """
    if not isinstance(figures, dict) or "partnership_sd_multi_partner" not in figures:
        raise fail(
            "figures", "summary_figures' output with an identification", type(figures).__name__
        )
    pct = round(100 * level)
    est = figures["partnership_sd_multi_partner"]
    lo, hi = figures["partnership_sd_multi_partner_ci"]
    n = figures["n_multi_partner_sessions"]
    top = "no upper limit" if hi is None else f"{hi:.2f} %"
    where = (
        f"Where a partnership can be told from its players ({n:,} sessions with a side "
        "whose two players also played with others, fitted by the model's exact "
        "likelihood)"
    )
    if lo > 0:
        partnership = (
            f"{where}, a partnership's own term has sd {est:.2f} % ({pct} % profile "
            f"interval {lo:.2f} to {top}): partnerships differ beyond their "
            "players' skills."
        )
    else:
        partnership = (
            f"{where}, the fitted partnership sd is {est:.2f} % ({pct} % profile "
            f"interval {lo:.2f} to {top}), so a partnership adds at most about "
            f"{top} sd to its players' skills."
        )
    d = figures["gaussian_model"]["drift_sd"]
    (dlo, dhi), dest = d["ci"], d["estimate"]
    dtop = "no upper limit" if dhi is None else f"{dhi:.2f}"
    moves = "skills move over the years" if dlo > 0 else "the data do not tell it from none"
    drift = (
        f"By the model's exact likelihood skills drift by {dest:.2f} % per √year ({pct} % "
        f"profile interval {dlo:.2f} to {dtop}): {moves}."
    )
    if forecaster is not None:
        fd = float(forecaster["drift_sd"])
        inside = dlo <= fd <= (np.inf if dhi is None else dhi)
        how = "whose skills do not drift" if fd == 0 else "whose skills drift"
        agree = (
            (
                "so the forecaster's fixed skills are consistent with them"
                if fd == 0
                else "so the forecaster's drift is consistent with them"
            )
            if inside
            else "so the forecaster's drift is outside the exact fit's interval"
        )
        drift = (
            f"The forecasts come from the Gaussian model fitted by its filter's own "
            f"likelihood, {how} (drift sd {fd:.2f} % per √year); fitted by the exact "
            f"likelihood, skills drift by {dest:.2f} % per √year ({pct} % profile interval "
            f"{dlo:.2f} to {dtop}): {moves}, {agree}."
        )
    return {"partnership": partnership, "drift": drift}


#: A difference in RMSE matters when it is at least this share of the distance between the
#: reference's RMSE and the noise floor: of what any forecast could still gain over the
#: reference (issue 33: the Gaussian model "beat" a player's running mean by 0.018 %, 0.2 %
#: of the error and 4 % of that distance).
MATERIAL_SHARE = 0.1


def _compared(figures, ref, d, lo, hi) -> str:
    """``"better"``, ``"worse"``, ``"tie"`` (the interval holds 0) or ``"immaterial"`` (it
    does not, but the difference is below :data:`MATERIAL_SHARE` of the reference's distance
    from the noise floor)."""
    if lo <= 0 <= hi:
        return "tie"
    try:
        gap = figures["systems"][ref]["rmse"] - figures["noise_floor_rmse"]
    except (KeyError, TypeError):
        raise fail(
            "figures",
            f"summary_figures' output with {ref}'s rmse and the noise floor",
            type(figures).__name__,
        ) from None
    if abs(d) < MATERIAL_SHARE * gap:
        return "immaterial"
    return "better" if hi < 0 else "worse"


def versus(figures, system, ref, *, level=0.9):
    """How ``system``'s RMSE compares with ``ref``'s, as words: (verdict, difference).

    The verdict is "beats" or "loses to" only when the interval of the difference excludes
    0 and the difference matters: at least :data:`MATERIAL_SHARE` of what separates
    ``ref`` from the noise floor; a smaller one is "differs immaterially from".

    Examples
    --------
    >>> f = {"systems": {"gaussian": {"rmse_vs_elo": -0.016, "rmse_vs_elo_ci": [-0.035, -0.001]},
    ...      "elo": {"rmse": 7.547}}, "noise_floor_rmse": 7.088}
    >>> versus(f, "gaussian", "elo")
    ('differs immaterially from', '-0.016 % (90 %: -0.035 to -0.001)')
    >>> f["systems"]["gaussian"]["rmse_vs_elo"] = -0.2
    >>> versus(f, "gaussian", "elo")[0]
    'beats'
    """
    try:
        row = figures["systems"][system]
        d, (lo, hi) = row[f"rmse_vs_{ref}"], row[f"rmse_vs_{ref}_ci"]
    except (KeyError, TypeError):
        raise fail(
            "figures",
            f"summary_figures' output with {system}'s rmse_vs_{ref}",
            type(figures).__name__,
        ) from None
    words = {
        "better": "beats",
        "worse": "loses to",
        "tie": "ties",
        "immaterial": "differs immaterially from",
    }
    verdict = words[_compared(figures, ref, d, lo, hi)]
    return verdict, f"{d:+.3f} % ({round(100 * level)} %: {lo:+.3f} to {hi:+.3f})"


def best_system_sentence(figures, *, n_scored, level=0.9):
    """The best forecaster against the two baselines a rating must beat (a player's own
    running mean, Elo), in one sentence: its lead called material or not against the noise
    floor (:data:`MATERIAL_SHARE`), each difference with its interval, its share of the
    error and of the baseline's distance from the floor.

    Examples
    --------
    >>> f = {"best_system": "gaussian", "noise_floor_rmse": 7.088, "systems": {
    ...     "gaussian": {"rmse": 7.531, "rmse_vs_player_mean": -0.018,
    ...                  "rmse_vs_player_mean_ci": [-0.030, -0.006], "rmse_vs_elo": -0.016,
    ...                  "rmse_vs_elo_ci": [-0.034, -0.001]},
    ...     "player_mean": {"rmse": 7.549}, "elo": {"rmse": 7.547}}}
    >>> print(best_system_sentence(f, n_scored=13248))  # doctest: +NORMALIZE_WHITESPACE
    The Gaussian model has the lowest out-of-sample RMSE (7.531 % per session over 13,248
    sessions), but its lead is immaterial: 0.018 % below a player's own running mean (90 %:
    0.006 to 0.030; 0.2 % of its RMSE, 4 % of its distance from the noise floor of 7.088 %)
    and 0.016 % below Elo (0.001 to 0.034; 0.2 %, 3 %).
    """
    best = figures["best_system"]
    names = {
        "gaussian": "the Gaussian model",
        "player_mean": "a player's own running mean",
        "elo": "Elo",
        "ppi": "the PPI",
        "glicko2": "Glicko-2",
        "flat": "always 50 %",
    }
    floor = figures["noise_floor_rmse"]
    top = figures["systems"][best]
    name = names.get(best, best)
    refs = [r for r in ("player_mean", "elo") if r != best]
    parts, words = [], []
    for i, ref in enumerate(refs):
        d, (lo, hi) = top[f"rmse_vs_{ref}"], top[f"rmse_vs_{ref}_ci"]
        words.append(_compared(figures, ref, d, lo, hi))
        rmse = figures["systems"][ref]["rmse"]
        share, of_gap = 100 * abs(d) / rmse, 100 * abs(d) / (rmse - floor)
        side = "below" if d < 0 else "above"
        if i == 0:
            detail = (
                f"{round(100 * level)} %: {abs(hi):.3f} to {abs(lo):.3f}; {share:.1f} % of "
                f"its RMSE, {of_gap:.0f} % of its distance from the noise floor of "
                f"{floor:.3f} %"
            )
        else:
            detail = f"{abs(hi):.3f} to {abs(lo):.3f}; {share:.1f} %, {of_gap:.0f} %"
        if lo <= 0 <= hi:  # the interval crosses 0: given as signed figures
            detail = detail.replace(f"{abs(hi):.3f} to {abs(lo):.3f}", f"{lo:+.3f} to {hi:+.3f}")
        parts.append(f"{abs(d):.3f} % {side} {names.get(ref, ref)} ({detail})")
    lead = (
        "but its lead is immaterial"
        if all(w in ("immaterial", "tie") for w in words)
        else "and its lead matters"
        if all(w == "better" for w in words)
        else "and its lead matters against one of them only"
    )
    return (
        f"{name[0].upper() + name[1:]} has the lowest out-of-sample RMSE "
        f"({top['rmse']:.3f} % per session over {n_scored:,} sessions), {lead}: "
        + " and ".join(parts)
        + "."
    )


#: The systems as a page names them.
SYSTEM_NAMES = {
    "flat": "always 50 %",
    "player_mean": "player mean",
    "ppi": "PPI",
    "elo": "Elo",
    "glicko2": "Glicko-2",
    "gaussian": "Gaussian model",
    "noise_floor": "noise floor",
}


def ratings_findings(
    figures,
    settle,
    bands,
    players,
    *,
    n_scored,
    level=0.9,
    elo_k_factor=2.0,
    settle_tolerance=1.0,
    settle_min_boards=600,
    forecaster=None,
):
    """The ``ratings_real`` report's findings, each one sentence, and what each says of its
    sample (an interval too wide to decide, a figure the log is too short to measure).

    Parameters
    ----------
    figures : dict
        :func:`summary_figures` with the identification.
    settle : pandas.DataFrame
        :func:`~bridgestats.studies.ratings_real_claims.settling`.
    bands : pandas.DataFrame
        :func:`~bridgestats.studies.ratings_real_claims.ppi_bands`.
    players : pandas.DataFrame
        :func:`bridgestats.derive.rating_players` of the log.
    n_scored : int, keyword-only
        Sessions scored.
    level, elo_k_factor, settle_tolerance, settle_min_boards : keyword-only
        The report's parameters, for the sentences.
    forecaster : dict, optional, keyword-only
        The forecasting filter's fitted sds (:func:`identification_sentences`).

    Returns
    -------
    list of dict
        ``text``, ``section`` (``"predict"``, ``"identified"``, ``"calibration"``,
        ``"claims"``, ``"band"``, ``"settle"``), ``key`` (the summary key it states) and
        ``headline``.

    Notes
    -----
    The best system is named as the comparison finds it (:func:`best_system_sentence`).
    The shares of the explainable variance are said only where the noise floor lies
    below every system's RMSE (sessions of a few boards can put it above: then the share is
    not defined and the sentence says so). The pick-up claim is set against the page's 2 %:
    not seen (the interval below 2), consistent (above 0 and reaching 2), or too wide to
    decide (holding both 0 and 2). Settling is said for the systems that have players of
    ``settle_min_boards`` boards, else that the log has none.

    Examples
    --------
    >>> row = {"explained_share": 0.2, "calibration_slope": 1.0, "coverage_90": 0.9,
    ...        "rmse_vs_elo": -0.1, "rmse_vs_elo_ci": [-0.2, 0.0], "rmse_vs_player_mean": 0.0,
    ...        "rmse_vs_player_mean_ci": [-0.1, 0.1]}
    >>> rmse = {"flat": 9.0, "player_mean": 8.1, "ppi": 8.2, "elo": 8.3, "glicko2": 9.5,
    ...         "gaussian": 8.0}
    >>> f = {"systems": {k: {**row, "rmse": r} for k, r in rmse.items()},
    ...      "best_system": "gaussian", "noise_floor_rmse": 6.9, "bootstrap_unit": "event",
    ...      "partnership_sd_multi_partner": 0.5, "partnership_sd_multi_partner_ci": [0.0, 1.2],
    ...      "n_multi_partner_sessions": 40, "gaussian_model": {"drift_sd": {"estimate": 0.3,
    ...      "ci": [0.0, 0.9]}}, "pickup_bonus_pct": 0.4, "pickup_bonus_pct_ci": [-0.5, 2.5],
    ...      "lpr_test1_rate": 0.01, "lpr_test2_rate": 0.0, "n_lpr_periods": 50}
    >>> settle = pd.DataFrame({"system": ["ppi"], "n_players": [0], "median_boards": [np.nan]})
    >>> said = ratings_findings(f, settle, pd.DataFrame({"band": []}),
    ...                         pd.DataFrame({"n_boards": [144]}), n_scored=100)
    >>> [s["key"] for s in said if s["headline"]]
    ['ppi_verdict', 'best_system', 'partnership_sd_multi_partner', 'pickup_bonus_pct']
    >>> said[7]["text"][-40:]
    'rval holds 0 and 2 %, too wide to decide'
    >>> said[-1]["text"][:38]
    'No player has the 600 boards settling '
    """
    pct = round(100 * level)
    names = SYSTEM_NAMES
    systems = figures["systems"]
    best = figures["best_system"]
    top = systems[best]
    out = []

    def add(text, section, key, headline=False):
        out.append({"text": text, "section": section, "key": key, "headline": headline})

    add(ppi_verdict(figures, level=level), "predict", "ppi_verdict", True)
    add(
        best_system_sentence(figures, n_scored=n_scored, level=level),
        "predict",
        "best_system",
        True,
    )
    share = {k: systems[k]["explained_share"] for k in ("player_mean", "elo", "gaussian")}
    floor = figures["noise_floor_rmse"]
    if floor < min(r["rmse"] for r in systems.values()) and max(share.values()) <= 1:
        add(
            f"Against the noise floor of {floor:.3f} % the player mean, Elo and the Gaussian "
            f"model explain {100 * share['player_mean']:.0f} %, {100 * share['elo']:.0f} % "
            f"and {100 * share['gaussian']:.0f} % of the explainable variance",
            "predict",
            "systems",
        )
    else:
        add(
            f"The noise floor ({floor:.3f} %) is not below every system's RMSE (the best "
            f"{top['rmse']:.3f} %): sessions this short leave no explainable variance to "
            "share out, so the shares are not said",
            "predict",
            "systems",
        )
    said = identification_sentences(figures, level=level, forecaster=forecaster)
    add(said["partnership"], "identified", "partnership_sd_multi_partner", True)
    add(said["drift"], "identified", "gaussian_model")
    slope = {k: r["calibration_slope"] for k, r in systems.items()}
    add(
        f"Calibration slopes of actual on predicted: Elo {slope['elo']:.2f}, the Gaussian model "
        f"{slope['gaussian']:.2f}, the PPI {slope['ppi']:.2f} and Glicko-2 "
        f"{slope['glicko2']:.2f} (1 is calibrated, above 1 timid)",
        "calibration",
        "systems",
    )
    add(
        f"The Gaussian model's {pct} % predictive intervals hold "
        f"{100 * systems['gaussian']['coverage_90']:.1f} % of the sessions",
        "calibration",
        "systems",
    )
    lo, hi = figures["pickup_bonus_pct_ci"]
    seen = (
        "is not seen"
        if hi < 2
        else "is consistent with the data"
        if lo > 0
        else "can be neither seen nor ruled out: the interval holds 0 and 2 %, too wide to decide"
    )
    add(
        f"Pick-up claim: established partnerships beat their PPIs by "
        f"{figures['pickup_bonus_pct']:+.2f} % more than new ones ({pct} %: {lo:+.2f} to "
        f"{hi:+.2f}), so the page's 2 % {seen}",
        "claims",
        "pickup_bonus_pct",
        True,
    )
    add(
        f"At Elo K = {elo_k_factor:g} the LPR's limiting test 1 intervenes in "
        f"{100 * figures['lpr_test1_rate']:.2f} % and test 2 in "
        f"{100 * figures['lpr_test2_rate']:.2f} % of {figures['n_lpr_periods']:,} player-events",
        "claims",
        "lpr_test1_rate",
    )
    if len(bands):
        in_band = float(bands["band"].between(3, 5).mean())
        add(
            f"A real player's PPI band has median {bands['band'].median():.2f} % over "
            f"{len(bands):,} players, {100 * in_band:.0f} % of them within the page's 3 to 5 %",
            "band",
            "ppi_band_median",
        )
    measured = settle[settle["n_players"] > 0]
    for row in measured.itertuples():
        add(
            f"{names[row.system]}: a newcomer's rating settles within {settle_tolerance:g} % "
            f"after {row.median_boards:.0f} boards (median of {row.n_players:,} players)",
            "settle",
            "settling",
        )
    if measured.empty:
        most = int(players["n_boards"].max()) if len(players) else 0
        add(
            f"No player has the {settle_min_boards:,} boards settling is measured on (the most "
            f"is {most:,}): the log is too short to say when a newcomer's rating settles",
            "settle",
            "settling",
        )
    return out
