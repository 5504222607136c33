"""The VP scale designer (the ``vp_scale_designer`` report) in one result, with the
report's findings as a tidy frame.

:func:`design` makes the scale an event should publish from the project's evidence
(:func:`.sigma_evidence.recommendation`, :mod:`.designer`), sets it beside the WBF 2013
scale and a published table, and measures what each does between equal sides and over a
range of σ: a :class:`DesignerReport` holds it all, with the tables a report shows (tidy
frames, their columns documented), its sections' sentences and
:meth:`DesignerReport.findings`. Its figures are in :mod:`bridgestats.figures.scales`.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §5, §11.
.. [2] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import datasets
from ..names import display_name
from ..vp import fit_scale_sigma, scale_from_thresholds, wbf_scale, wbf_table
from . import designer, frequencies, sigma_evidence

__all__ = ["HEADLINE", "DesignerReport", "design"]

#: The summary keys the index shows first.
HEADLINE = ["recommendation", "form", "n_boards", "sigma", "sigma_source", "top_score"]


@dataclass(frozen=True)
class DesignerReport:
    """Everything the ``vp_scale_designer`` report shows (:func:`design`).

    Attributes
    ----------
    form : str
        The event form (:data:`bridgestats.sigma.FORMS`).
    n_boards : int
    rec : dict or None
        :func:`.sigma_evidence.recommendation` (None: the project measures no σ for the
        form).
    sim : pandas.DataFrame or None
        :func:`.designer.simulated_comparison` (None where the form is not simulated).
    qualifiers : dict or None
        :func:`.designer.real_qualifier_changes`.
    evidence : pandas.DataFrame or None
        :func:`.designer.evidence_table`: the inputs of the form's σ(n).
    scale, scale_negative : VPScale
        The scale at the report's σ, without and with negative VPs.
    chain_ci : tuple or None
        σ's interval.
    sigma_source : str
        Where σ comes from.
    published_scale, published_fit : VPScale and ScaleFit, or None
        The published table as a scale, and its least-squares σ.
    published_refused : str or None
        Why the published table is not compared (another unit).
    compared : dict
        The scales whose outcome shares are compared (the recommended first).
    by_outcome : pandas.DataFrame
        Outcomes down (the recommended scale's labels), a column per compared scale:
        shares between equal sides at σ.
    ends, sens, lengths : pandas.DataFrame
        :func:`.frequencies.sensitivity` at σ's interval ends and over the factors, and
        :func:`.designer.boards_on_table`.
    parameters : dict
        The report's parameters the sentences and the summary name.
    """

    form: str
    n_boards: int
    rec: dict | None
    sim: pd.DataFrame | None
    qualifiers: dict | None
    evidence: pd.DataFrame | None
    scale: object
    scale_negative: object
    chain_ci: tuple | None
    sigma_source: str
    published_scale: object
    published_fit: object
    published_refused: str | None
    compared: dict
    by_outcome: pd.DataFrame
    ends: pd.DataFrame | None
    sens: pd.DataFrame
    lengths: pd.DataFrame
    parameters: dict

    @property
    def form_name(self) -> str:
        return display_name("form", self.form)

    @property
    def shown(self) -> str | None:
        """The published table compared (its data set id), or None."""
        return None if self.published_refused is not None else self.parameters["published"]

    @property
    def from_evidence(self) -> bool:
        """Whether the scale shown is the recommendation's."""
        return self.rec is not None and self.scale.sigma == self.rec["sigma"]

    @property
    def table_for(self):
        """The table played over several lengths: the published one, else the scale."""
        return self.published_scale if self.shown is not None else self.scale

    @property
    def wbf(self) -> pd.DataFrame | None:
        """The WBF 2013 table of the match's boards (IMP forms only)."""
        return wbf_table(self.n_boards) if self.scale.unit == "IMPs" else None

    @property
    def top(self) -> float:
        """The margin from which the scale gives its top score."""
        return self.scale.centre + self.scale.thresholds[-1]

    @property
    def rec_lines(self) -> list[str]:
        """The recommendation in sentences (:func:`.designer.designer_findings`)."""
        if self.rec is None:
            return []
        return designer.designer_findings(self.rec, self.sim, self.qualifiers)

    @property
    def inputs(self) -> list[str]:
        """The data sets the report read."""
        shown = [] if self.shown is None else [self.shown]
        p = self.parameters
        if (
            self.rec is not None
            and p["sigma"] is None
            and p["k"] is None
            and p["n_results"] is None
        ):
            return shown + designer.input_datasets(self.form, ascherman=p["ascherman"])
        return shown

    # ------------------------------------------------------------------ the sections' words

    def no_evidence_sentence(self) -> str:
        """Why there is no evidence-based recommendation (a form the project measures no σ
        for)."""
        return (
            f"No evidence-based recommendation for {self.form_name}: the project measures "
            "no σ for it, so the scale below uses the model's default (Probst §5)."
        )

    def printed_scale(self):
        """The recommended scale as printed (None without a recommendation)."""
        if self.rec is None:
            return None
        return designer.designer_scale(
            self.form, self.n_boards, self.rec["sigma"], max_vp=self.parameters["max_vp"]
        )

    def sim_note(self) -> str:
        """The note under the simulated comparison."""
        return (
            f"{self.sim.attrs['event']}; shares, not percentages. –: the recommended scale "
            "is the reference of the differences; win-draw-loss has no 20-0."
        )

    def qualifiers_note(self) -> str:
        """The note under the real qualifier changes."""
        return (
            "Fewest and most: over every order of the teams tied at the cut. "
            f"{self.qualifiers['reason']}."
        )

    def sources_markdown(self) -> str:
        """The evidence's sources as a numbered list, or why there is none."""
        if self.evidence is None:
            return f"{self.form_name}: no evidence is shipped for this form."
        sources = list(dict.fromkeys(self.evidence["source"]))
        return "Sources:\n\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(sources, 1))

    def sigma_sentence(self) -> str:
        """σ of the scale shown and where it comes from (and the recommendation's σ where
        they differ)."""
        s, rec = self.scale, self.rec
        other = (
            ""
            if rec is None or s.sigma == rec["sigma"]
            else f" (The recommendation above, from the evidence, is σ = {rec['sigma']:.3f}.)"
        )
        return (
            f"σ = {s.sigma:.3f} {s.unit} over {self.n_boards} boards; σ from: "
            f"{self.sigma_source}.{other}"
        )

    def scale_markdown(self) -> str:
        """The scale without negative VPs, or that it is the recommendation's."""
        if self.from_evidence:
            return "The scale without negative VPs is the recommendation's, printed above."
        return self.scale.to_markdown()

    def wbf_markdown(self) -> str:
        """The WBF 2013 continuous scale, or why it is not shown."""
        if self.wbf is not None:
            return wbf_scale(self.n_boards).to_markdown()
        return (
            f"Not shown: the WBF 2013 scales are for IMP margins, and a {self.form_name} "
            f"margin is in {self.scale.unit}."
        )

    def published_sentence(self) -> str:
        """The published table's fitted σ, or why it is not compared."""
        fit = self.published_fit
        if fit is not None:
            return (
                f"Fitted σ of {display_name('dataset', self.shown)}: {fit.sigma:.3f} "
                f"{self.scale.unit} (rms residual {fit.rms:.3f})."
            )
        if self.published_refused is not None:
            return f"Not compared: {self.published_refused}."
        return "No published table given (`published` is None)."

    def lengths_sentence(self) -> str:
        """The table played over several match lengths, before their table."""
        boards = ", ".join(map(str, self.parameters["boards_on_table"]))
        return f"{self.table_for.name} played over {boards} boards:"

    # ------------------------------------------------------------------ the tables

    def outcome_table(self) -> pd.DataFrame:
        """:attr:`by_outcome` in % of matches between equal sides (``outcome`` a column)."""
        return (100 * self.by_outcome).reset_index()

    # ------------------------------------------------------------------ the conclusions

    def conclusions(self) -> list[str]:
        """The Conclusions section's sentences: the scale shown (where it is not the
        recommendation's), its last negative step, each compared scale's shares against
        an equal-probability scale's, the published scale's σ, the WBF's 20.00 and the
        table played over several lengths."""
        s, neg, max_vp = self.scale, self.scale_negative, self.parameters["max_vp"]
        share = np.r_[1, np.full(max_vp // 2, 2)] / (max_vp + 1)
        lines = [
            f"With {self.parameters['negative']} negative VPs the last step is at "
            f"{neg.centre + neg.thresholds[-1]:.2f} {s.unit}."
        ]
        if not self.from_evidence:
            lines.insert(
                0,
                f"The scale shown uses σ = {s.sigma:.2f} {s.unit} "
                f"({self.sigma_source}), {max_vp}-0 from {self.top:.2f} {s.unit}.",
            )
        for name in self.compared:
            if name == "recommended":
                continue
            row = self.by_outcome[name]
            worst = (row / share).sub(1).abs().idxmax()
            lines.append(
                f"{name} under this σ gives 20-0 in {100 * row.iloc[-1]:.2f} % of matches "
                f"(equal share {100 * share[-1]:.2f} %) and 10-10 in {100 * row.iloc[0]:.2f} % "
                f"({100 * share[0]:.2f} %), furthest from its share at {worst} "
                f"({100 * row[worst]:.2f} %)."
            )
        if self.published_fit is not None:
            lines.append(
                f"{self.published_scale.name} is the Gaussian scale with σ = "
                f"{self.published_fit.sigma:.2f} {s.unit} (largest residual "
                f"{np.abs(self.published_fit.residuals).max():.3f})."
            )
        if self.wbf is not None:
            lines.append(
                "The WBF 2013 scale gives 20.00 VPs from "
                f"{int(self.wbf['imp_margin'].iloc[-1])} IMPs."
            )
        played = ", ".join(
            f"{r.n_boards} boards give {100 * r.p_top:.1f} % 20-0s ({r.top_ratio:.2f} × the share)"
            for r in self.lengths.itertuples()
        )
        lines.append(f"On one table ({self.table_for.name}) {played}.")
        return lines

    def findings(self) -> pd.DataFrame:
        """The report's findings as a tidy frame: the recommendation's sentences (headlines
        where they answer: a form the simulator or the real events do not test says so,
        but not among the headlines), then :meth:`conclusions`."""
        q = self.qualifiers
        answers = [True, True, self.sim is not None, bool(q and q["applicable"])]
        rows = [
            (line, "The recommendation", None, answered)
            for line, answered in zip(self.rec_lines, answers, strict=False)
        ]
        rows += [(line, "Conclusions", None, False) for line in self.conclusions()]
        return pd.DataFrame(rows, columns=["text", "section", "key", "headline"])

    def summary(self) -> dict:
        """The report's ``summary.json``."""
        rec, sim, q, fit, s, ends, wbf = (
            self.rec,
            self.sim,
            self.qualifiers,
            self.published_fit,
            self.scale,
            self.ends,
            self.wbf,
        )
        return {
            "recommendation": None
            if rec is None
            else {
                key: rec[key]
                for key in (
                    "form",
                    "n_boards",
                    "sigma",
                    "sigma_ci",
                    "sigma_source",
                    "thresholds",
                    "p_20_0",
                )
            },
            "recommendation_p_20_0_off": None if rec is None else rec["p_20_0_off"],
            "simulation": None
            if sim is None
            else {
                "event": sim.attrs["event"],
                "n_events": sim.attrs["n_events"],
                "model": sim.attrs["model"],
                "scales": sim.to_dict(orient="records"),
            },
            "simulation_not_applicable": designer.not_simulated_reason(self.form)
            if self.form in sigma_evidence.EVIDENCE_FORMS
            else None,
            "qualifier_changes": None
            if q is None
            else {
                "applicable": q["applicable"],
                "reason": q["reason"],
                "scales": None if not q["applicable"] else q["scales"].to_dict(orient="records"),
            },
            "published_refused": self.published_refused,
            "form": self.form,
            "n_boards": self.n_boards,
            "unit": s.unit,
            "centre": s.centre,
            "sigma": s.sigma,
            "sigma_ci": None if self.chain_ci is None else list(self.chain_ci),
            "sigma_source": self.sigma_source,
            "conditions": self.parameters["conditions"],
            "evidence": None if self.evidence is None else self.evidence.to_dict(orient="records"),
            "thresholds": s.thresholds,
            "thresholds_negative": self.scale_negative.thresholds,
            "top_score": self.top,
            "frequencies": {name: self.by_outcome[name].to_list() for name in self.compared},
            "top_frequency_at_ci": None
            if ends is None
            else {name: g["p_top"].to_list() for name, g in ends.groupby("scale", sort=False)},
            "fitted_sigma_published": None if fit is None else fit.sigma,
            "published_residual_max": None if fit is None else float(np.abs(fit.residuals).max()),
            "wbf_20_from": None if wbf is None else int(wbf["imp_margin"].iloc[-1]),
            "sensitivity": self.sens.to_dict(orient="records"),
            "boards_on_table": self.lengths.to_dict(orient="records"),
        }


def design(
    form="swiss_pairs",
    n_boards=8,
    *,
    k=None,
    sigma=None,
    conditions=None,
    ascherman=False,
    n_tables=None,
    n_results=None,
    max_vp=20,
    negative=5,
    published_id="seeds/ebu_swiss_pairs_7_9",
    published_column="threshold_pct",
    n_events=8000,
    rng=None,
    sensitivity_factors=(0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15),
    boards_on_table=(7, 8, 9),
) -> DesignerReport:
    """The scale an event should publish, and what it and the alternatives do.

    Parameters
    ----------
    form : str, default "swiss_pairs"
        The event form (:data:`bridgestats.sigma.FORMS`).
    n_boards : int, default 8
        Boards per match.
    k, sigma : float, optional
        The per-board σ in the form's unit, or a whole match's σ; None: from the evidence.
    conditions : str, optional
        Swiss pairs: the σ's conditions of use (None: the form's σ).
    ascherman : bool, default False
        Swiss pairs: the event is scored with Ascherman's variant.
    n_tables : int, optional
        Butler: tables in play (15 if None; online Butler needs it).
    n_results : int, optional
        Swiss pairs: results per board, for the field-size σ.
    max_vp, negative : int, default 20 and 5
        The winner's VPs for the largest margins, and the negative-VP steps of the second
        scale (Pomfrey).
    published_id : str, optional
        A shipped table to compare (its data set id); None: none.
    published_column : str
        The published table's column of thresholds.
    n_events : int, default 8000
        Simulated events (every scale plays the same ones).
    rng : int or numpy.random.Generator, optional
        Seed of the simulation.
    sensitivity_factors : sequence of float
        Multiples of σ tried.
    boards_on_table : sequence of int
        Match lengths played on one published table.

    Returns
    -------
    DesignerReport
    """
    evidence_form = form in sigma_evidence.EVIDENCE_FORMS
    swiss_conditions = conditions if form == "swiss_pairs" else None
    options = dict(n_tables=15 if n_tables is None else n_tables, conditions=swiss_conditions)
    rec = sim = qualifiers = evidence = None
    if evidence_form:
        rec = sigma_evidence.recommendation(
            form, n_boards, max_vp=max_vp, ascherman=ascherman and form == "swiss_pairs", **options
        )
        sim = designer.simulated_comparison(
            form, n_boards, max_vp=max_vp, n_events=n_events, rng=rng, **options
        )
        qualifiers = designer.real_qualifier_changes(form)
        evidence = designer.evidence_table(
            form, n_boards, n_tables=options["n_tables"], conditions=swiss_conditions
        )
    scale_sigma, chain_ci, sigma_source = designer.designer_sigma(
        form,
        n_boards,
        rec=rec,
        k=k,
        sigma=sigma,
        n_tables=n_tables,
        n_results=n_results,
        ascherman=ascherman,
    )
    scale = designer.designer_scale(form, n_boards, scale_sigma, max_vp=max_vp)
    scale_negative = designer.designer_scale(
        form, n_boards, scale_sigma, max_vp=max_vp, negative=negative
    )
    published_refused = published_scale = published_fit = None
    if published_id is not None:
        try:
            unit = sigma_evidence.column_unit(published_column)
            sigma_evidence.check_comparable(scale.unit, unit)
        except ValueError as error:  # MP % against IMPs: refused, and said so
            published_refused = str(error)
    if published_id is not None and published_refused is None:
        thresholds = datasets.load(published_id)[published_column].to_numpy()
        published_scale = scale_from_thresholds(
            thresholds,
            max_vp=max_vp,
            centre=scale.centre,
            unit=scale.unit,
            name=display_name("dataset", published_id),
        )
        published_fit = fit_scale_sigma(published_scale)
    compared = {"recommended": scale}
    if published_scale is not None:
        compared[published_scale.name] = published_scale
    if scale.unit == "IMPs" and max_vp == 20:
        compared["WBF 2013 whole VPs"] = wbf_scale(n_boards)
    shares = frequencies.outcome_frequencies(compared, sigma=scale.sigma)
    by_outcome = shares.pivot(index="outcome", columns="scale", values="probability")
    by_outcome = by_outcome.loc[scale.labels, list(compared)]
    ends = None if chain_ci is None else frequencies.sensitivity(compared, sigmas=list(chain_ci))
    sens = frequencies.sensitivity(compared, sigmas=scale.sigma * np.asarray(sensitivity_factors))
    table_for = published_scale if published_scale is not None else scale
    lengths = designer.boards_on_table(
        form,
        table_for,
        n_boards,
        list(boards_on_table),
        sigma=scale.sigma,
        from_evidence=rec is not None and scale.sigma == rec["sigma"],
        ascherman=ascherman,
        **options,
    )
    return DesignerReport(
        form=form,
        n_boards=n_boards,
        rec=rec,
        sim=sim,
        qualifiers=qualifiers,
        evidence=evidence,
        scale=scale,
        scale_negative=scale_negative,
        chain_ci=chain_ci,
        sigma_source=sigma_source,
        published_scale=published_scale,
        published_fit=published_fit,
        published_refused=published_refused,
        compared=compared,
        by_outcome=by_outcome,
        ends=ends,
        sens=sens,
        lengths=lengths,
        parameters={
            "k": k,
            "sigma": sigma,
            "n_results": n_results,
            "ascherman": ascherman,
            "max_vp": max_vp,
            "negative": negative,
            "published": published_id,
            "conditions": swiss_conditions,
            "boards_on_table": list(boards_on_table),
        },
    )
