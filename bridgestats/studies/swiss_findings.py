"""The Swiss events report's findings: its summary figures and its sentences, made from
Brighton 2005's 20-0s (:mod:`bridgestats.studies.swiss`) and late entry
(:mod:`bridgestats.studies.late_entry`); :func:`swiss_events` runs them all in one
:class:`SwissReport`, with the tables the report shows (tidy frames, their columns
documented) and its findings as a tidy frame. Its figures are in
:mod:`bridgestats.figures.swiss`.

A gap is called real beyond 2 SE; each sentence names the :func:`summary_figures` key
that holds its number.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..names import plus_minus
from .late_entry import PROBST_SESSIONS, late_entry, late_entry_verdict
from .sigma_evidence import PAIRS_CURVE, swiss_pairs_fit, swiss_pairs_strength
from .swiss import (
    _HALVES,
    ARTICLE,
    HALF_NAMES,
    PAIRING_NAMES,
    STEP_CAUSES,
    _real,
    brighton_difference,
    brighton_observed,
    brighton_simulation,
    brighton_step_test,
    brighton_verdict,
    equal_probability_sigma,
    twenty_zeros,
)

__all__ = ["HEADLINE", "SwissReport", "conclusions", "summary_figures", "swiss_events"]

#: The summary keys the index shows first (the ``swiss_events`` report).
HEADLINE = [
    "brighton_verdict",
    "brighton_fit_strength_sd",
    "brighton_fit_sigma_equal_pairs",
    "late_entry_verdict",
]


def _band(row) -> dict:
    return {
        "mean": float(row["mean"]),
        "se": float(row["se"]),
        "band_90": {"low": float(row["band_low"]), "high": float(row["band_high"])},
        "observed": int(row["observed"]),
    }


def summary_figures(
    by_half,
    sigmas,
    overall,
    *,
    fit=None,
    pairing="score",
    n_sessions=None,
    rule="2006",
    difference=None,
    step=None,
):
    """The report's summary: the Brighton 20-0s, the σ's and the late-entry headline figures.

    Parameters
    ----------
    by_half : DataFrame
        :func:`~bridgestats.studies.swiss.twenty_zeros`'s second frame.
    sigmas : DataFrame
        :func:`~bridgestats.studies.swiss.equal_probability_sigma`.
    overall : DataFrame
        :func:`~bridgestats.studies.late_entry.late_entry`'s second frame.
    fit : PairsStrength, optional
        The strength fit (:func:`bridgestats.studies.strength.pairs_strength_spread`).
    pairing : str, optional
        The rule whose figures are the headline (Brighton's: ``"score"``).
    n_sessions : int, optional
        The late-entry size of the headline: by default Probst's case, 6 sessions (§12:
        "assume 6"; entries 14, 29, 45, 62), where the 2005 and 2006 rules differ; the
        largest simulated if 6 was not. (At 8 sessions the two rules coincide.)
    rule : str, optional
        The entry rule of the headline.
    difference : DataFrame, optional
        :func:`~bridgestats.studies.swiss.brighton_difference`.
    step : dict, optional
        :func:`~bridgestats.studies.swiss.brighton_step_test`.

    Returns
    -------
    dict
        ``brighton_sim_20_0_first_half``, ``..._second_half``, ``..._difference`` (each
        ``{mean, se, band_90: {low, high}, observed}``), the same for the random draw under
        ``brighton_random_draw_20_0_...``, ``brighton_fit_sigma_equal_pairs``,
        ``brighton_fit_strength_sd``, ``brighton_equal_probability_sigma`` (half ->
        criterion -> σ, observed and simulated by score), and the ``late_entry_...``
        figures of the headline size and rule; with ``difference``,
        ``brighton_difference_single_event`` (point -> {strength_sd, mean, se, sd,
        band_90, observed, z, p_at_least}); with ``step``, ``brighton_step_test`` (its
        figures, without ``by_round``) and ``brighton_step_causes``
        (:data:`~bridgestats.studies.swiss.STEP_CAUSES`).
    """
    h = by_half.set_index(["pairing", "half"])
    out = {}
    if (pairing, "difference") in h.index:
        out["brighton_verdict"] = brighton_verdict(by_half, pairing=pairing)
    for half in (*_HALVES, "difference"):
        if (pairing, half) in h.index:
            out[f"brighton_sim_20_0_{half}"] = _band(h.loc[(pairing, half)])
        if ("random", half) in h.index:
            out[f"brighton_random_draw_20_0_{half}"] = _band(h.loc[("random", half)])
    if fit is not None:
        out["brighton_fit_sigma_equal_pairs"] = float(fit.sigma_equal)
        out["brighton_fit_strength_sd"] = float(fit.strength_sd)
        out["brighton_fit_strength_sd_ci"] = [float(x) for x in fit.strength_sd_ci]
        out["brighton_fit_k"] = float(fit.k)
    if difference is not None:
        out["brighton_difference_single_event"] = {
            r.point: {
                "strength_sd": float(r.strength_sd),
                "mean": float(r.mean),
                "se": float(r.se),
                "sd": float(r.sd),
                "band_90": {"low": float(r.band_low), "high": float(r.band_high)},
                "observed": int(r.observed),
                "z": float(r.z),
                "p_at_least": float(r.p_at_least),
            }
            for r in difference.itertuples()
        }
    if step is not None:
        out["brighton_step_test"] = {k: v for k, v in step.items() if k != "by_round"}
        out["brighton_step_causes"] = list(STEP_CAUSES)
    eq = {}
    for _, row in sigmas.iterrows():
        if row["source"] == "observed":
            key = f"observed {row['criterion']}"
        elif row["pairing"] == pairing:
            key = f"simulated {row['criterion']}"
        else:
            continue
        eq.setdefault(row["half"], {})[key] = {"sigma": float(row["sigma"]), "se": float(row["se"])}
    out["brighton_equal_probability_sigma"] = eq
    out["brighton_article_predicted_per_half"] = ARTICLE["predicted_per_half"]
    o = overall[overall["rule"] == rule]
    if len(o):
        if n_sessions is not None:
            size = int(n_sessions)
        elif (o["n_sessions"] == PROBST_SESSIONS).any():
            size = PROBST_SESSIONS
        else:
            size = int(o["n_sessions"].max())
        row = o[o["n_sessions"] == size].iloc[0]
        out.update(
            {
                "late_entry_n_sessions": size,
                "late_entry_rule": rule,
                "late_entry_scale": row["scale"],
                "late_entry_scores": list(row["entry_scores"]),
                "late_entry_percentile_gap": {
                    "mean": float(row["gap"]),
                    "se": float(row["gap_se"]),
                },
                "late_entry_p_late_wins": {"mean": row["p_late_wins"], "se": row["p_late_wins_se"]},
                "late_entry_p_late_wins_counterfactual": {
                    "mean": row["p_late_wins_counterfactual"],
                    "se": row["p_late_wins_counterfactual_se"],
                },
                "late_entry_last_table_at_entry": float(row["last_table_at_entry"]),
                "late_entry_last_p_top_two_tables": float(row["last_p_top_two_tables"]),
                "late_entry_verdict": late_entry_verdict(row),
            }
        )
        out["late_entry_by_rule"] = {
            r.rule: {
                "scale": r.scale,
                "entry_scores": list(r.entry_scores),
                "percentile_gap": {"mean": float(r.gap), "se": float(r.gap_se)},
                "p_late_wins": {"mean": float(r.p_late_wins), "se": float(r.p_late_wins_se)},
                "p_late_wins_counterfactual": {
                    "mean": float(r.p_late_wins_counterfactual),
                    "se": float(r.p_late_wins_counterfactual_se),
                },
                "verdict": late_entry_verdict(pd.Series(r._asdict())),
            }
            for r in overall[overall["n_sessions"] == size].itertuples()
        }
        out["late_entry_gap_by_size"] = {
            f"{int(r.n_sessions)} sessions, rule {r.rule}": {"mean": r.gap, "se": r.gap_se}
            for r in overall.itertuples()
        }
    return out


def conclusions(
    by_half,
    sigmas,
    by_entry,
    overall,
    *,
    pairing="score",
    difference=None,
    step=None,
    n_sessions=None,
    rule="2006",
):
    """The report's findings, each one sentence computed from the figures (a gap is called
    real beyond 2 SE), the headline ones marked.

    Parameters
    ----------
    by_half, sigmas, by_entry, overall : DataFrame
        From :func:`~bridgestats.studies.swiss.twenty_zeros`,
        :func:`~bridgestats.studies.swiss.equal_probability_sigma` and
        :func:`~bridgestats.studies.late_entry.late_entry` (``by_entry`` is not read: the
        sentences use ``overall``).
    pairing : str, optional
        Brighton's rule (``"score"``).
    difference : DataFrame, optional
        :func:`~bridgestats.studies.swiss.brighton_difference`: the observed difference is
        then set against one event's spread and τ's interval, not read as a fixed share.
    step : dict, optional
        :func:`~bridgestats.studies.swiss.brighton_step_test`.
    n_sessions, rule : optional
        The late-entry size and rule of the headline, as :func:`summary_figures` picks them
        (Probst's 6 sessions by default, rule 2006).

    Returns
    -------
    list of dict
        ``{"text", "key", "headline"}``: one sentence, the :func:`summary_figures` key that
        holds its number, and whether it answers the report's questions (the Brighton
        verdict and the late-entry verdict of the headline size and rule).
    """
    h = by_half.set_index(["pairing", "half"])
    out = []

    def add(text, key, headline=False):
        out.append({"text": text, "key": key, "headline": headline})

    f, s2, d = (h.loc[(pairing, x)] for x in ("first_half", "second_half", "difference"))
    obs = float(d["observed"])
    where = "inside" if d["band_low"] <= obs <= d["band_high"] else "outside"
    verdict = (
        f"pairing by score {brighton_verdict(by_half, pairing=pairing)} Brighton's fall"
        if ("random", "difference") in h.index
        else "Brighton's fall"
    )
    add(
        f"Paired by score, the simulated Brighton has {plus_minus(f['mean'], f['se'], 0)} 20-0s "
        f"in rounds 1-7 and {plus_minus(s2['mean'], s2['se'], 0)} in rounds 8-14 against the "
        "observed "
        f"{f['observed']:.0f} and {s2['observed']:.0f}, so {verdict} of {obs:.0f}, which is "
        f"{where} the band of single simulated events ({d['band_low']:.0f} to "
        f"{d['band_high']:.0f}, expected {plus_minus(d['mean'], d['se'], 1)}).",
        "brighton_verdict",
        headline=True,
    )
    if difference is not None:
        dd = difference.set_index("point")
        fitp, low, high = dd.loc["fit"], dd.loc["low"], dd.loc["high"]
        add(
            f"The observed {obs:.0f} is one event's difference, not a fixed quantity: under the "
            f"fitted model one event's difference has an sd of {fitp['sd']:.0f} about its "
            f"expectation of {plus_minus(fitp['mean'], fitp['se'], 1)} (the observed is "
            f"{fitp['z']:.1f} sd above it, reached by {fitp['p_at_least']:.1%} of simulated "
            f"events), and τ's interval ({low['strength_sd']:.2f}-{high['strength_sd']:.2f} %) "
            f"moves the expectation from {low['mean']:.0f} to {high['mean']:.0f}.",
            "brighton_difference_single_event",
        )
    if ("random", "difference") in h.index:
        r = h.loc[("random", "difference")]
        real = _real(r["mean"], r["se"])
        add(
            f"Under a random draw every round the halves differ by "
            f"{plus_minus(r['mean'], r['se'], 1)} 20-0s (90 % of events {r['band_low']:.0f} to "
            f"{r['band_high']:.0f}), "
            + (
                "a difference beyond 2 SE, which a random draw should not make."
                if real
                else "no real difference, as a random draw should give."
            ),
            "brighton_random_draw_20_0_difference",
        )
    if ("random", "first_half") in h.index:
        rf, rs = h.loc[("random", "first_half")], h.loc[("random", "second_half")]
        add(
            f"§11's {ARTICLE['predicted_per_half']} 20-0s per half assume equal pairs; with the "
            f"fitted strength spread a random draw every round would give "
            f"{plus_minus(rf['mean'], rf['se'], 0)} and {plus_minus(rs['mean'], rs['se'], 0)}, "
            "and pairing by score brings "
            f"the second half down to {h.loc[(pairing, 'second_half'), 'mean']:.0f}.",
            "brighton_random_draw_20_0_first_half",
        )
    first_obs = h.loc[(pairing, "first_half")]
    if not first_obs["band_low"] <= first_obs["observed"] <= first_obs["band_high"]:
        add(
            f"The observed first half ({first_obs['observed']:.0f}) is outside the simulated "
            f"band ({first_obs['band_low']:.0f}-{first_obs['band_high']:.0f}), so the model fitted "
            "to round 1 and rounds 8-14 has too few 20-0s in rounds 2-7.",
            "brighton_sim_20_0_first_half",
        )
    if step is not None:
        add(
            f"By round, a step at round 8 (two levels) leaves X² = {step['x2_step']:.1f} on "
            f"{step['df']} df (p = {step['p_step']:.2f}) and the smooth sorting model paired by "
            f"score X² = {step['x2_smooth']:.1f} (p = {step['p_smooth']:.2f}), a gain of "
            f"{step['gain']:.1f} that {step['p_gain']:.1%} ± {step['p_gain_se']:.1%} of "
            f"{step['n_events']} events simulated under the smooth model reach, so "
            + (
                "the step fits beyond what sorting by score gives"
                if step["p_gain"] + 2 * step["p_gain_se"] < 0.05
                else "the data do not separate a step from the smooth sorting"
            )
            + ", and a step at the half could come from other things than the pairing: "
            + "; ".join(STEP_CAUSES)
            + ".",
            "brighton_step_test",
        )
    s = sigmas.set_index(["source", "half", "criterion"])
    obs_f, obs_s = (
        s.loc[("observed", "first_half", "ML normal")],
        s.loc[("observed", "second_half", "ML normal")],
    )
    add(
        f"The equal-probability σ (ML normal on Brighton's counts) is {obs_f['sigma']:.2f} % "
        f"({obs_f['ci_low']:.2f}-{obs_f['ci_high']:.2f}) in rounds 1-7 and {obs_s['sigma']:.2f} % "
        f"({obs_s['ci_low']:.2f}-{obs_s['ci_high']:.2f}) in rounds 8-14, against the 9.59 % the "
        "2004 scale was built for, so the scale was too narrow in both halves.",
        "brighton_equal_probability_sigma",
    )
    sim = sigmas[
        (sigmas.source == "simulated")
        & (sigmas.pairing == pairing)
        & (sigmas.criterion == "flattest")
    ].set_index("half")
    if len(sim) == 2:
        add(
            f"In the simulated event paired by score the flattest σ is "
            f"{plus_minus(sim.loc['first_half', 'sigma'], sim.loc['first_half', 'se'], 2)} % in "
            "the first half and "
            f"{plus_minus(sim.loc['second_half', 'sigma'], sim.loc['second_half', 'se'], 2)} % "
            "in the second.",
            "brighton_equal_probability_sigma",
        )
    o = overall[overall["rule"] == rule]
    size = None
    if len(o):
        size = (
            int(n_sessions)
            if n_sessions is not None
            else PROBST_SESSIONS
            if (o["n_sessions"] == PROBST_SESSIONS).any()
            else int(o["n_sessions"].max())
        )
    for _, row in overall.iterrows():
        verdict = late_entry_verdict(row)
        row = pd.Series(row)
        head = row.rule == rule and int(row.n_sessions) == size
        # one sentence: the entry scores, the last entrants' tables are in the table
        add(
            f"With {row.n_sessions} sessions and the {row.rule} entry rule, late entrants "
            f"finish {plus_minus(abs(row.gap), row.gap_se, 1)} percentile points "
            f"{'above' if row.gap >= 0 else 'below'} where they would finish playing every "
            f"round, and a late entrant wins the Swiss in "
            f"{plus_minus(100 * row.p_late_wins, 100 * row.p_late_wins_se, 0)} % of events against "
            f"{100 * row.p_late_wins_counterfactual:.0f} % had they played every round: the "
            f"entry score {verdict}.",
            "late_entry_verdict" if head else "late_entry_gap_by_size",
            headline=head,
        )
    return out


@dataclass(frozen=True)
class SwissReport:
    """Everything the ``swiss_events`` report shows (:func:`swiss_events`).

    Attributes
    ----------
    observed_rounds, observed_halves : pandas.DataFrame
        :func:`.swiss.brighton_observed`: Brighton's 20-0s by round and by half.
    fit : object
        The Swiss pairs fit (:func:`.sigma_evidence.swiss_pairs_fit`).
    strength : dict
        :func:`.sigma_evidence.swiss_pairs_strength` (τ, k, its Monte Carlo SE).
    sim : object
        :func:`.swiss.brighton_simulation` under each pairing rule.
    by_round, by_half : pandas.DataFrame
        :func:`.swiss.twenty_zeros` of it.
    difference : pandas.DataFrame
        :func:`.swiss.brighton_difference` at τ and its interval's ends.
    step : dict
        :func:`.swiss.brighton_step_test`.
    sigmas : pandas.DataFrame
        :func:`.swiss.equal_probability_sigma`.
    by_entry, overall, finishes : pandas.DataFrame
        :func:`.late_entry.late_entry`.
    parameters : dict
        ``confidence``, ``n_events``, ``late_events``, ``late_rules``,
        ``late_sessions``, ``late_headline_sessions``.
    """

    observed_rounds: pd.DataFrame
    observed_halves: pd.DataFrame
    fit: object
    strength: dict
    sim: object
    by_round: pd.DataFrame
    by_half: pd.DataFrame
    difference: pd.DataFrame
    step: dict
    sigmas: pd.DataFrame
    by_entry: pd.DataFrame
    overall: pd.DataFrame
    finishes: pd.DataFrame
    parameters: dict

    @property
    def headline_sessions(self) -> int | None:
        """The late-entry size heading the summary, where it was simulated."""
        p = self.parameters
        return (
            p["late_headline_sessions"]
            if p["late_headline_sessions"] in p["late_sessions"]
            else None
        )

    @property
    def inputs(self) -> list[str]:
        """The data sets the report read."""
        return ["seeds/brighton_2005_vp_counts", "seeds/swiss_pairs_scales", PAIRS_CURVE]

    # ------------------------------------------------------------------ the sections' words

    def fit_sentence(self) -> str:
        """Round 1's and rounds 8-14's σ, the strength sd τ and the equal-pairs σ."""
        f, s = self.fit, self.strength
        return (
            f"Round 1 σ {f.round1_sigma:.2f} %, rounds 8-14 σ {f.second_half_sigma:.2f} %: "
            f"strength sd τ = {f.strength_sd:.2f} % ({s['confidence']:.0%}: "
            f"{f.strength_sd_ci[0]:.2f}-{f.strength_sd_ci[1]:.2f}, Monte Carlo SE "
            f"{s['strength_sd_mc_se']:.2f}), equal-pairs σ {f.sigma_equal:.2f} % over 8 boards "
            f"(per board {f.k:.2f} %)."
        )

    def step_sentence(self) -> str:
        """X² of the step and of the smooth model, and how often the gain is reached."""
        s = self.step
        return (
            f"X² of the step {s['x2_step']:.1f} and of the smooth model "
            f"{s['x2_smooth']:.1f} on {s['df']} df: a gain of {s['gain']:.1f}, reached by "
            f"{s['p_gain']:.1%} of {s['n_events']} simulated events."
        )

    # ------------------------------------------------------------------ the tables

    def observed_table(self) -> pd.DataFrame:
        """Brighton's 20-0s by half (Table 7 against §11's prose), the halves by name."""
        t = self.observed_halves
        return t.assign(half=t["half"].map(HALF_NAMES))

    def halves_table(self) -> pd.DataFrame:
        """The simulated 20-0s by half, the pairing rules and halves by name."""
        t = self.by_half
        return t.assign(pairing=t["pairing"].map(PAIRING_NAMES), half=t["half"].map(HALF_NAMES))

    def difference_table(self) -> pd.DataFrame:
        """:attr:`difference`, each τ point in words."""
        points = {"low": "interval's low end", "fit": "fitted", "high": "interval's high end"}
        return self.difference.assign(point=self.difference["point"].map(points))

    def sigmas_table(self) -> pd.DataFrame:
        """:attr:`sigmas` with the counts' source and the halves in words, and ``interval``
        as text (the fit's, or ± 1.645 SE of the simulation)."""
        s = self.sigmas
        source = np.where(
            s["source"] == "observed",
            "Brighton",
            "simulated, " + s["pairing"].map(PAIRING_NAMES).fillna(""),
        )
        ends = zip(s["ci_low"], s["ci_high"], s["se"], strict=True)
        interval = [
            f"{lo:.2f}-{hi:.2f}" if lo == lo else f"± {1.645 * se:.2f} (Monte Carlo)"
            for lo, hi, se in ends
        ]
        return s.assign(source=source, half=s["half"].map(HALF_NAMES), interval=interval)

    def late_table(self) -> pd.DataFrame:
        """:attr:`overall` with the entry scores as text."""
        o = self.overall
        return o.assign(entry_scores=o["entry_scores"].map(lambda s: ", ".join(map(str, s))))

    # ------------------------------------------------------------------ the findings

    def findings(self) -> pd.DataFrame:
        """The report's conclusions as a tidy frame (:func:`conclusions`' sentences, all in
        its Conclusions section)."""
        rule = self.parameters["late_rules"][-1]
        said = conclusions(
            self.by_half,
            self.sigmas,
            self.by_entry,
            self.overall,
            difference=self.difference,
            step=self.step,
            n_sessions=self.headline_sessions,
            rule=rule,
        )
        return pd.DataFrame(
            [
                {
                    "text": f["text"],
                    "section": "Conclusions",
                    "key": f["key"],
                    "headline": f["headline"],
                }
                for f in said
            ],
            columns=["text", "section", "key", "headline"],
        )

    def summary(self) -> dict:
        """The report's ``summary.json``: :func:`summary_figures` and the fit's inputs."""
        p, f, s = self.parameters, self.fit, self.strength
        return {
            **summary_figures(
                self.by_half,
                self.sigmas,
                self.overall,
                fit=f,
                n_sessions=self.headline_sessions,
                rule=p["late_rules"][-1],
                difference=self.difference,
                step=self.step,
            ),
            "n_events": p["n_events"],
            "late_events": p["late_events"],
            "brighton_observed_20_0": self.observed_halves.set_index("half")["n_20_0"].to_dict(),
            "brighton_observed_agrees_with_article": bool(self.observed_halves["agrees"].all()),
            "brighton_round1_sigma": f.round1_sigma,
            "brighton_fit_strength_sd_mc_se": s["strength_sd_mc_se"],
            "pairs_strength_sd": s["strength_sd"],
            "pairs_k": s["k"],
            "brighton_second_half_sigma": f.second_half_sigma,
        }


def swiss_events(
    *,
    rng=None,
    n_events=300,
    pairings=("random", "score"),
    confidence=0.90,
    late_sessions=(6, 7, 8),
    late_rules=("2005", "2006"),
    late_boards=18,
    late_scale_sigma_8=None,
    late_events=200,
    late_headline_sessions=6,
) -> SwissReport:
    """The ``swiss_events`` report: Brighton 2005's 20-0s simulated, and late entry.

    Parameters
    ----------
    rng : int or numpy.random.Generator, optional
        One seed for every simulation (each starts from it).
    n_events : int, default 300
        Simulated Brightons per pairing rule.
    pairings : sequence of str
        Pairing rules compared (Brighton's: ``"score"``).
    confidence : float, default 0.90
        Coverage of the bands and level of the intervals.
    late_sessions : sequence of int
        Knock-out sizes: S sessions, 2^S pairs, S - 1 Swiss rounds.
    late_rules : sequence of str
        Entry rules of Probst §12 (the last heads the summary).
    late_boards : int, default 18
        Boards per knock-out and Swiss match.
    late_scale_sigma_8 : float, optional
        None: each rule on its year's scale; a σ: every rule on one Gaussian scale.
    late_events : int, default 200
        Simulated knock-outs per size and rule.
    late_headline_sessions : int, default 6
        The size heading the summary (Probst's case).

    Returns
    -------
    SwissReport
    """
    observed_rounds, observed_halves = brighton_observed()
    fit = swiss_pairs_fit()
    sim = brighton_simulation(
        strength_sd=fit.strength_sd, k=fit.k, pairings=list(pairings), n_events=n_events, rng=rng
    )
    by_round, by_half = twenty_zeros(sim, confidence=confidence)
    by_entry, overall, finishes = late_entry(
        n_sessions=list(late_sessions),
        rules=list(late_rules),
        n_boards=late_boards,
        k=fit.k,
        strength_sd=fit.strength_sd,
        scale_sigma_8=late_scale_sigma_8,
        n_events=late_events,
        rng=rng,
    )
    return SwissReport(
        observed_rounds=observed_rounds,
        observed_halves=observed_halves,
        fit=fit,
        strength=swiss_pairs_strength(),
        sim=sim,
        by_round=by_round,
        by_half=by_half,
        difference=brighton_difference(fit, n_events=n_events, confidence=confidence, rng=rng),
        step=brighton_step_test(sim),
        sigmas=equal_probability_sigma(sim, confidence=confidence),
        by_entry=by_entry,
        overall=overall,
        finishes=finishes,
        parameters={
            "confidence": confidence,
            "n_events": n_events,
            "late_events": late_events,
            "late_rules": list(late_rules),
            "late_sessions": list(late_sessions),
            "late_headline_sessions": late_headline_sessions,
        },
    )
