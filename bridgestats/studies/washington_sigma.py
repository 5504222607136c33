"""The σ behind Swiss pairs VP scales (the ``washington_sigma`` report): Brighton 2005, or a
committee's events, fitted by maximum likelihood, in one result with the report's findings
as a tidy frame.

:func:`washington_sigma` fits σ to the events' VP counts over the whole event, the
random-draw rounds, each half and each round (:mod:`.brighton`), tests the halves and the
rounds, checks a normal margin's fit and sets the fitted scale beside the published ones: a
:class:`WashingtonReport`, with the tables a report shows (tidy frames, their columns
documented), its sections' sentences and :meth:`WashingtonReport.findings`. The figure
drawn from it is :func:`bridgestats.figures.sigma_by_round_figure`.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §11 (with
   Jonathan Cooke's estimate) and Tables 7-8.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import fit, vp
from ..names import and_list, display_name
from . import brighton, committee
from .estimates import PRINTED

__all__ = ["HEADLINE", "SUBSETS", "WashingtonReport", "vp_result", "washington_sigma"]

#: The pooled subsets of the rounds, as a sentence names them.
SUBSETS = {
    "all": "the whole event",
    "random_draw": "the random-draw rounds",
    "first_half": "the first half",
    "second_half": "the second half",
}

#: The summary keys the index shows first.
HEADLINE = [
    "sigma_all",
    "sigma_all_ci",
    "sigma_rounds_1_2",
    "sigma_rounds_1_2_ci",
    "halves_lr_p",
    "rounds_heterogeneity_p",
    "cooke_tail_sigma",
]

# the section of each conclusion (by its place; the others are the Conclusions'), and the
# lines that answer the report's question (what σ the event implies, against the scale it
# was scored on and Cooke's figure; which scale fits)
_SECTIONS = {
    1: "σ round by round",
    4: "Do the halves differ? Do the rounds?",
    5: "The random-draw rounds",
}
_HEADLINES = {0, 5, 7}


def vp_result(winner_vp: int) -> str:
    """A VP outcome of a 20-VP scale by the winner's VPs: "13-7".

    >>> vp_result(13), vp_result(10)
    ('13-7', '10-10')
    """
    return f"{winner_vp}-{20 - winner_vp}"


@dataclass(frozen=True)
class WashingtonReport:
    """Every fit and test of the ``washington_sigma`` report (:func:`washington_sigma`).

    Attributes
    ----------
    counts : RoundCounts
        The events' VP counts by round (:func:`.committee.round_counts`).
    published : dict
        The published scales drawn beside the fitted σ, by id (the scale scored on among
        them).
    fits : pandas.DataFrame
        :func:`.brighton.brighton_sigma`: σ by subset and by round.
    random_draw : RandomDraw
        σ of the random-draw rounds from every count and from the 20-0s alone
        (:func:`.committee.random_draw_sigma`).
    tests, rounds_vs_rest : pandas.DataFrame
        :func:`.brighton.brighton_tests`: the halves and the rounds, each round against
        the rest (Holm-adjusted).
    fit_all : object
        The σ of every match pooled (:func:`bridgestats.fit.fit_sigma_binned`).
    gof_fitted, gof_built : object
        :func:`bridgestats.fit.frequency_test` of the pooled counts at the fitted σ and at
        the σ the scale was built for.
    built_for : float
        The σ the scale scored on was built for (its least-squares σ).
    confidence, alpha : float
        The intervals' level and the tests'.
    cooke_rounds : list of int
        The random-draw rounds.
    files : list or None
        The committee's files (None: Brighton 2005).

    Examples
    --------
    >>> r = washington_sigma()
    >>> print(r.findings()["text"].iloc[0])
    All 3,598 matches: σ = 10.97 % (90%: 10.73-11.21), above the 9.59 % the Washington \
(2004) scale was built for.
    """

    counts: object
    published: dict
    fits: pd.DataFrame
    random_draw: object
    tests: pd.DataFrame
    rounds_vs_rest: pd.DataFrame
    fit_all: object
    gof_fitted: object
    gof_built: object
    built_for: float
    confidence: float
    alpha: float
    cooke_rounds: list
    files: list | None = None

    @property
    def level(self) -> str:
        """The intervals' level as a table's header says it ("90%")."""
        return f"{self.confidence:.0%}"

    @property
    def rounds_text(self) -> str:
        """The random-draw rounds in words ("1 and 2")."""
        return and_list(self.cooke_rounds)

    @property
    def group_fits(self) -> pd.DataFrame:
        """σ of the pooled subsets (index ``all``, ``random_draw``, ``first_half``,
        ``second_half``)."""
        return self.fits.loc[["all", "random_draw", "first_half", "second_half"]]

    @property
    def by_round(self) -> pd.DataFrame:
        """σ of each round (index ``round``)."""
        table = self.counts.by_round
        return self.fits.loc[[f"round_{r}" for r in table.index]].set_axis(table.index)

    @property
    def scale_sigmas(self) -> dict:
        """Each published scale's least-squares σ, by id."""
        return {n: vp.fit_scale_sigma(s).sigma for n, s in self.published.items()}

    @property
    def inputs(self) -> list:
        """The files the report read (data set names or paths)."""
        return [*self.counts.read_from, PRINTED] if self.files is None else list(self.files)

    # ------------------------------------------------------------------ the sections' words

    def data_sentence(self) -> str:
        """The matches, the rounds, the scale they were scored on and its thresholds."""
        c = self.counts
        agree = (
            f" ({c.vp_agree:,} of the {c.vp_printed:,} VPs the files print agree)"
            if c.vp_printed
            else ""
        )
        return (
            f"{int(c.by_round.to_numpy().sum()):,} matches in {len(c.by_round)} rounds, scored "
            f"on the {c.scale_name} scale; the thresholds, in {c.unit} above {c.centre:g}: "
            + ", ".join(f"{t:.2f}" for t in c.thresholds)
            + agree
            + "."
        )

    def source_sentence(self) -> str:
        """Where the σ fits come from."""
        return f"Source: {self.fits['source'].iloc[0]}."

    def tests_sentence(self) -> str:
        """The likelihood-ratio tests of one σ for both halves and for all rounds."""
        h, r = self.tests.loc["halves"], self.tests.loc["rounds"]
        return (
            f"One σ for both halves against a σ each: G² = {h.statistic:.2f} on {h.df} df, "
            f"p = {h.p_value:.2g}. One σ for all {len(self.counts.by_round)} rounds against a σ "
            f"each: G² = {r.statistic:.2f} on {r.df} df, p = {r.p_value:.3g}. Each round "
            "against the others:"
        )

    def fit_sentence(self) -> str:
        """χ² and G of a normal margin at the fitted σ and at the scale's own σ."""
        f, g, b = self.gof_fitted, self.gof_built, self.built_for
        return (
            f"At the fitted σ = {self.fit_all.sigma:.2f}: X² = {f.chi2:.1f} on {f.df} df, p = "
            f"{f.p_chi2:.3f}; G = {f.g:.1f}, p = {f.p_g:.3f}. At the scale's own σ = {b:.2f}: "
            f"X² = {g.chi2:.1f} on {g.df} df, p = {g.p_chi2:.2g}."
        )

    # ------------------------------------------------------------------ the tables

    def counts_table(self) -> pd.DataFrame:
        """Matches by round (``round``) and VP outcome (a column per winner's VPs)."""
        return self.counts.by_round.reset_index()

    def subsets_table(self) -> pd.DataFrame:
        """σ of the pooled subsets, each named in words (``subset``), with ``rounds``,
        ``n``, ``sigma``, ``ci_low``, ``ci_high``, ``se``."""
        return self.group_fits.reset_index().replace({"subset": SUBSETS})

    def goodness_table(self) -> pd.DataFrame:
        """The pooled counts against a normal margin: ``result`` (the VP outcome),
        ``observed``, ``expected_fitted`` and ``residual_fitted`` (at the fitted σ),
        ``expected_built_for`` and ``residual_built_for`` (at the scale's own σ; adjusted
        residuals)."""
        table = self.counts.by_round
        return pd.DataFrame(
            {
                "result": [vp_result(v) for v in table.columns],
                "observed": table.sum().to_numpy(),
                "expected_fitted": self.fit_all.expected,
                "residual_fitted": self.gof_fitted.residuals,
                "expected_built_for": self.gof_built.expected,
                "residual_built_for": self.gof_built.residuals,
            }
        )

    def fitted_scales(self) -> dict:
        """The equal-probability Gaussian scales at the σ of the random-draw rounds
        (``fitted_rounds_1_2``) and of the whole event (``fitted_all``)."""
        g, centre = self.group_fits, self.counts.centre
        return {
            "fitted_rounds_1_2": vp.gaussian_scale(
                sigma=float(g.loc["random_draw", "sigma"]), centre=centre
            ),
            "fitted_all": vp.gaussian_scale(sigma=float(g.loc["all", "sigma"]), centre=centre),
        }

    def scales_table(self) -> pd.DataFrame:
        """Each scale's threshold (the winner's margin) of every VP result, side by side:
        ``result``, a column per published scale (by id) and per fitted scale
        (:meth:`fitted_scales`), and a last row of each scale's σ."""
        fitted, centre = self.fitted_scales(), self.counts.centre
        side = pd.DataFrame(
            {
                name: centre + np.asarray(s.thresholds)
                for name, s in {**self.published, **fitted}.items()
            },
            index=pd.Index(range(11, 21), name="vp_winner"),
        )
        sigmas = pd.Series(
            {**self.scale_sigmas, **{n: s.sigma for n, s in fitted.items()}}, name="sigma"
        )
        shown = pd.concat([side, sigmas.to_frame().T]).astype(float)
        results = [vp_result(v) for v in side.index] + [f"σ ({self.counts.unit})"]
        shown.insert(0, "result", results)
        return shown

    def scale_columns(self) -> dict:
        """The headers of :meth:`scales_table`: each scale by its name."""
        return {
            "result": "VP result",
            **{n: display_name("scale", n) for n in self.published},
            "fitted_rounds_1_2": f"Gaussian at σ of rounds {self.rounds_text}",
            "fitted_all": "Gaussian at σ of the whole event",
        }

    # ------------------------------------------------------------------ the conclusions

    def findings(self) -> pd.DataFrame:
        """The report's conclusions as a tidy frame: ``text`` (one sentence, each stating
        the subsets it holds for), ``section``, ``key`` (None) and ``headline`` (what σ the
        event implies against the scale it was scored on; Cooke's figure; which scale
        fits)."""
        lines = [line.replace(" %", self.counts.margin_unit) for line in self._lines()]
        return pd.DataFrame(
            [
                {
                    "text": line,
                    "section": _SECTIONS.get(i, "Conclusions"),
                    "key": None,
                    "headline": i in _HEADLINES,
                }
                for i, line in enumerate(lines)
            ],
            columns=["text", "section", "key", "headline"],
        )

    def _lines(self) -> list[str]:
        g, by_round, b, alpha = self.group_fits, self.by_round, self.built_for, self.alpha
        every, first, second = g.loc["all"], g.loc["first_half"], g.loc["second_half"]
        halves, rounds = self.tests.loc["halves"], self.tests.loc["rounds"]
        n_rounds = len(self.counts.by_round)
        above = by_round.index[by_round.ci_low > b].tolist()
        below = by_round.index[by_round.sigma < b].tolist()
        covers = by_round.index[(by_round.ci_low <= b) & (b <= by_round.ci_high)].tolist()
        subsets_above = [
            f"{SUBSETS[n]} (rounds {g.loc[n, 'rounds']})" for n in g.index if g.loc[n, "ci_low"] > b
        ]
        sigmas = self.scale_sigmas
        closest = min(sigmas, key=lambda n: abs(sigmas[n] - every.sigma))
        inside = [
            display_name("scale", n)
            for n, s in sigmas.items()
            if every.ci_low <= s <= every.ci_high
        ]
        holm = self.rounds_vs_rest.index[self.rounds_vs_rest.p_holm < alpha].tolist()
        fit_word = "fits" if self.gof_fitted.p_chi2 > alpha else "does not fit"
        built_word = "fits" if self.gof_built.p_chi2 > alpha else "does not"
        if halves.p_value < alpha:
            halves_line = (
                f"The halves differ: first {first.sigma:.2f} % ({first.ci_low:.2f}-"
                f"{first.ci_high:.2f}), second {second.sigma:.2f} % ({second.ci_low:.2f}-"
                f"{second.ci_high:.2f}), likelihood-ratio G² = {halves.statistic:.2f}, p = "
                f"{halves.p_value:.2g}."
            )
        else:
            halves_line = (
                f"No difference between the halves is shown at the {alpha:g} level: first "
                f"{first.sigma:.2f} % ({first.ci_low:.2f}-{first.ci_high:.2f}), second "
                f"{second.sigma:.2f} % ({second.ci_low:.2f}-{second.ci_high:.2f}), G² = "
                f"{halves.statistic:.2f}, p = {halves.p_value:.2g}."
            )
        heterogeneous = (
            f"heterogeneous at the {alpha:g} level"
            if rounds.p_value < alpha
            else f"no heterogeneity shown at the {alpha:g} level"
        )
        return [
            f"All {int(every.n):,} matches: σ = {every.sigma:.2f} % ({self.level}: "
            f"{every.ci_low:.2f}-{every.ci_high:.2f}), "
            f"{'above' if every.sigma > b else 'below'} the {b:.2f} % the "
            f"{self.counts.scale_name} scale was built for.",
            f"The intervals of {and_list(subsets_above, empty='no pooled subset')} lie wholly "
            f"above {b:.2f} %, as do those of {len(above)} of {len(by_round)} rounds "
            f"(rounds {and_list(above)}).",
            (
                f"Not every round: σ is below {b:.2f} % in round {and_list(below)}"
                if below
                else f"σ is above {b:.2f} % in every round"
            )
            + f", and the interval includes {b:.2f} % in round {and_list(covers)}.",
            halves_line,
            f"Rounds: one σ for all {n_rounds} against a σ each gives G² = "
            f"{rounds.statistic:.1f} on {rounds.df} df, p = {rounds.p_value:.3g} "
            f"({heterogeneous}), and against the rest after Holm's correction for {n_rounds} "
            f"tests round {and_list(holm)} differ{'s' if len(holm) == 1 else ''} at {alpha:g}.",
            self.random_draw.sentence,
            f"At the fitted σ a normal margin {fit_word} the pooled counts (χ² p = "
            f"{self.gof_fitted.p_chi2:.3f}); at the scale's own σ it {built_word} (p = "
            f"{self.gof_built.p_chi2:.2g}).",
            f"Of the published scales, {display_name('scale', closest)} (σ ≈ "
            f"{sigmas[closest]:.2f} %) is closest to the whole event's σ; inside its interval: "
            f"{and_list(inside)}.",
            committee.interval_verdict(
                "σ of all rounds",
                (every.ci_low, every.ci_high),
                {display_name("scale", n): s for n, s in sigmas.items()},
                unit=self.counts.margin_unit,
            ),
        ]

    def summary(self) -> dict:
        """The report's ``summary.json``."""
        g, by_round, c = self.group_fits, self.by_round, self.counts
        every, first, second, ml_12 = (
            g.loc["all"],
            g.loc["first_half"],
            g.loc["second_half"],
            g.loc["random_draw"],
        )
        halves, rounds, rest = (
            self.tests.loc["halves"],
            self.tests.loc["rounds"],
            self.rounds_vs_rest,
        )
        sigmas = self.scale_sigmas
        tail = self.random_draw.tail
        return {
            "sigma_all": every.sigma,
            "sigma_all_ci": [every.ci_low, every.ci_high],
            "sigma_rounds_1_2": ml_12.sigma,
            "sigma_rounds_1_2_ci": [ml_12.ci_low, ml_12.ci_high],
            "sigma_first_half": first.sigma,
            "sigma_first_half_ci": [first.ci_low, first.ci_high],
            "sigma_second_half": second.sigma,
            "sigma_second_half_ci": [second.ci_low, second.ci_high],
            "sigma_by_round": by_round.sigma.to_list(),
            "sigma_by_round_ci": by_round[["ci_low", "ci_high"]].to_numpy().tolist(),
            "sigma_source": self.fits["source"].iloc[0],
            "halves_lr_statistic": halves.statistic,
            "halves_lr_p": halves.p_value,
            "rounds_heterogeneity_statistic": rounds.statistic,
            "rounds_heterogeneity_df": int(rounds.df),
            "rounds_heterogeneity_p": rounds.p_value,
            "rounds_vs_rest_p": rest.p_value.to_list(),
            "rounds_vs_rest_p_holm": rest.p_holm.to_list(),
            "rounds_differing_holm": rest.index[rest.p_holm < self.alpha].tolist(),
            "rounds_below_built_for": by_round.index[by_round.sigma < self.built_for].tolist(),
            "alpha": self.alpha,
            "cooke_tail_sigma": tail.sigma,
            "cooke_tail_ci": list(tail.ci),
            "scale_sigma_built_for": self.built_for,
            "chi2_fitted": self.gof_fitted.chi2,
            "p_fitted": self.gof_fitted.p_chi2,
            "chi2_built_for": self.gof_built.chi2,
            "n_matches": int(every.n),
            "cooke_rounds": self.cooke_rounds,
            "confidence": self.confidence,
            "closest_published": min(sigmas, key=lambda n: abs(sigmas[n] - every.sigma)),
            "fitted_scale_rounds_1_2": self.scales_table()["fitted_rounds_1_2"].iloc[:-1].to_list(),
            "scale_scored_on": c.scale_id,
            "unit": c.unit,
            "n_boards": c.n_boards,
            "read": None
            if c.read_statement is None
            else c.read_statement.table.to_dict(orient="records"),
        }


def washington_sigma(
    files=None,
    *,
    files_scale=None,
    cooke_rounds=(1, 2),
    first_half_last_round=None,
    confidence=0.90,
    alpha=0.05,
    scales=("triangular_2003", "washington_2004", "ascherman_2006", "random_draw", "ebu_2006"),
) -> WashingtonReport:
    """The ``washington_sigma`` report's fits and tests, on Brighton 2005 or on files.

    Parameters
    ----------
    files : list of paths, optional
        A committee's result files of Swiss pairs (or team) events; None: Brighton 2005
        (Probst's Table 7).
    files_scale : str, optional
        Id of the scale the files were scored on; None: from their VPs.
    cooke_rounds : sequence of int, default (1, 2)
        The random-draw rounds (Cooke fitted his σ on them).
    first_half_last_round : int, optional
        Last round of the first half; None: the middle.
    confidence, alpha : float, default 0.90 and 0.05
        Level of every interval, and of the tests.
    scales : sequence of str
        Published scales drawn beside the fitted σ (the scale scored on is always among
        them; none of these: every published scale of the form).

    Returns
    -------
    WashingtonReport
    """
    counts = committee.round_counts(files, scale=files_scale)
    table, thresholds = counts.by_round, counts.thresholds
    published = counts.published(list(scales))
    cooke_rounds = list(cooke_rounds)
    fits = brighton.brighton_sigma(
        confidence=confidence,
        first_half_last_round=first_half_last_round,
        random_draw_rounds=cooke_rounds,
        counts=counts,
    )
    random_draw = committee.random_draw_sigma(
        counts, fits, random_draw_rounds=cooke_rounds, confidence=confidence
    )
    tests, rounds_vs_rest = brighton.brighton_tests(
        first_half_last_round=first_half_last_round, confidence=confidence, counts=counts
    )
    fit_all = fit.fit_sigma_binned(table.sum(), thresholds, confidence=confidence)
    built_for = vp.fit_scale_sigma(published[counts.binned_id]).sigma
    return WashingtonReport(
        counts=counts,
        published=published,
        fits=fits,
        random_draw=random_draw,
        tests=tests,
        rounds_vs_rest=rounds_vs_rest,
        fit_all=fit_all,
        gof_fitted=fit.frequency_test(table.sum(), fit_all.expected, fitted_params=1),
        gof_built=fit.frequency_test(
            table.sum(), fit_all.n * fit.band_probabilities(thresholds, sigma=built_for)
        ),
        built_for=built_for,
        confidence=confidence,
        alpha=alpha,
        cooke_rounds=cooke_rounds,
        files=None if files is None else list(files),
    )
