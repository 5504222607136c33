"""Do VP outcomes occur as often as the Gaussian model says? The counts of ``vp_frequencies``.

An equal-probability VP scale is built so that between equal sides every outcome is equally
likely; the report sets observed outcome counts against the counts a normal margin expects.
Three sections, each a function returning what the page shows and says:

- :func:`round_frequencies`: an event's matches by round (a
  :class:`~bridgestats.studies.rounds.RoundCounts`: Brighton 2005's Table 7, or a
  committee's own events read by :func:`bridgestats.studies.committee.round_counts`) against
  a Gaussian expectation, pooled, by half and round by round;
- :func:`sheffield_frequencies`: the Sheffield league's 418 aggregate matches (Probst's
  Table 6) against the 12-0 design (shipped data only);
- :func:`team_frequencies`: team matches (the archive's margins, or a committee's team
  matches) on a Gaussian scale of the teams σ(n) and on the WBF 2013 discrete scale;

and :func:`frequency_findings` corrects every test by Holm's procedure and words the
conclusions. Which Gaussian expectation: Brighton's counts are tested against Probst's
model (σ from the 20-0 margin of a field of ``n_results``, §11) and beside it the σ its
2004 scale was built for; a committee's events against the σ the scale they were scored on
was built for (its own σ, :func:`bridgestats.vp.fit_scale_sigma`: the σ at which its
outcomes are equally likely) and beside it the σ fitted to their counts (or Probst's model
when the committee gives its fields' ``n_results``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .. import datasets, fit, sigma, vp
from .._validate import check_int, fail
from ..names import display_name
from .rounds import RoundCounts

__all__ = [
    "RoundFrequencies",
    "SheffieldFrequencies",
    "TeamFrequencies",
    "frequency_findings",
    "frequency_summary",
    "report_inputs",
    "round_frequencies",
    "sheffield_frequencies",
    "team_frequencies",
]

SHEFFIELD = "seeds/sheffield_aggregate_bands"


def _result(vp_winner) -> str:
    """Winner's VPs as a result: 13 gives ``"13-7"``."""
    return f"{int(vp_winner)}-{20 - int(vp_winner)}"


@dataclass(frozen=True)
class RoundFrequencies:
    """An event's VP outcomes against a Gaussian expectation, pooled, by half and by round.

    Attributes
    ----------
    counts : RoundCounts
        The rounds × outcomes tested.
    model, other : str
        The expectation tested (``"Probst's model"``, ``"the scale's own σ"``) and the one
        shown beside it (``"the scale's own σ"``, ``"the σ fitted to these matches"``).
    sigma, other_sigma : float
        Their σ (the counts' unit).
    probabilities : numpy.ndarray
        Each outcome's probability under ``model`` (central first).
    pooled, pooled_other : FrequencyTest
        All rounds' counts against ``model`` and against ``other`` (one parameter fitted
        when ``other`` is fitted to the counts).
    halves : pandas.DataFrame
        Rows ``first_half``, ``second_half``: their counts.
    half_tests : dict
        Half → FrequencyTest against ``model``.
    by_round : pandas.DataFrame
        Index ``round``: ``observed_20_0``, ``expected_20_0``, ``chi2``, ``p_chi2``,
        ``p_holm`` (Holm over the rounds), ``residual_20_0``.
    first_half_last_round : int
    top_pct, top_z : float or None
        Probst's model: the 20-0's first margin and its z (None for another model).
    n_results : int or None
        Results per board of Probst's model.
    """

    counts: RoundCounts
    model: str
    sigma: float
    other: str
    other_sigma: float
    probabilities: np.ndarray
    pooled: object
    pooled_other: object
    halves: pd.DataFrame
    half_tests: dict
    by_round: pd.DataFrame
    first_half_last_round: int
    top_pct: float | None = None
    top_z: float | None = None
    n_results: int | None = None

    @property
    def n(self) -> int:
        """Matches counted."""
        return int(self.counts.by_round.to_numpy().sum())

    @property
    def pooled_counts(self) -> pd.Series:
        return self.counts.by_round.sum()

    @property
    def is_brighton(self) -> bool:
        """The shipped Brighton 2005 counts (no files read)."""
        return self.counts.read_statement is None

    @property
    def half_names(self) -> dict:
        last = int(self.counts.by_round.index.max())
        k = self.first_half_last_round
        return {
            "first_half": f"first half (rounds 1-{k})",
            "second_half": f"second half (rounds {k + 1}-{last})",
        }

    @property
    def half_expected_20_0(self) -> np.ndarray:
        """Expected 20-0s of each half under ``model``."""
        return self.halves.sum(axis=1).to_numpy() * self.probabilities[-1]

    def model_sentence(self) -> str:
        """What the expectation is, in one sentence (the section's first line)."""
        c, u = self.counts, self.counts.margin_unit
        if self.top_pct is not None:
            own = (
                "the σ fitted to these matches"
                if "fitted" in self.other
                else (f"the {c.scale_name} scale itself")
            )
            return (
                f"Probst's model: the 20-0 starts at {self.top_pct:.3f} % for "
                f"{self.n_results} results, z = {self.top_z:.4f}, so σ = "
                f"{self.sigma:.3f} % ({own} is σ ≈ {self.other_sigma:.2f} %)."
            )
        return (
            f"{c.name}: {self.n:,} matches of {c.n_boards} boards scored on the "
            f"{c.scale_name} scale, whose own σ (at which its outcomes are equally likely) "
            f"is {self.sigma:.2f}{u}; the σ fitted to these matches is "
            f"{self.other_sigma:.2f}{u}."
        )

    def sample_sentence(self, *, confidence=0.90) -> str:
        """Whether the matches are enough to tell the published scales' σ apart: the fitted
        σ's interval against them (:func:`bridgestats.studies.committee.interval_verdict`)."""
        from .committee import interval_verdict

        c = self.counts
        f = fit.fit_sigma_binned(self.pooled_counts, c.thresholds, confidence=confidence)
        refs = {
            display_name("scale", i) if i != "given" else (s.name or "the scale given"): float(
                vp.fit_scale_sigma(s).sigma
            )
            for i, s in c.published().items()
        }
        return interval_verdict(f"σ of all {self.n:,} matches", f.ci, refs, unit=c.margin_unit)

    @property
    def min_round_expected(self) -> float:
        """The smallest expected count of a band in a round (χ²'s rule of thumb wants 5)."""
        return float(self.counts.by_round.sum(axis=1).min() * self.probabilities.min())

    def outcome_table(self) -> pd.DataFrame:
        """Per outcome: observed, expected and adjusted residual under both expectations."""
        pooled = self.pooled_counts
        return pd.DataFrame(
            {
                "result": [_result(v) for v in pooled.index],
                "observed": pooled.to_numpy(),
                "expected_model": self.pooled.expected,
                "residual_model": self.pooled.residuals,
                "expected_other": self.pooled_other.expected,
                "residual_other": self.pooled_other.residuals,
            }
        )

    def outcome_columns(self) -> dict:
        return {
            "result": "VP result",
            "observed": "matches",
            "expected_model": f"expected, {self.model}",
            "residual_model": "its residual",
            "expected_other": f"expected at {self.other}",
            "residual_other": "its residual",
        }

    def tests_sentence(self) -> str:
        """X², G, df and p against both expectations."""
        return (
            "; ".join(
                f"Against {label}: X² = {g.chi2:.1f}, G = {g.g:.1f} on {g.df} df, "
                f"p = {g.p_chi2:.2g} (G: {g.p_g:.2g})"
                for label, g in [(self.model, self.pooled), (self.other, self.pooled_other)]
            )
            + "."
        )

    def top_table(self) -> pd.DataFrame:
        """The 20-0s of the whole event and of each half, with the χ² of all counts."""
        halves = self.halves
        name = "the whole event" if self.is_brighton else f"{self.counts.name}, all rounds"
        tests = list(self.half_tests.values())
        return pd.DataFrame(
            {
                "part": [name, *(self.half_names[h] for h in halves.index)],
                "matches": [self.n, *halves.sum(axis=1)],
                "observed_20_0": [int(self.pooled_counts.iloc[-1]), *halves.iloc[:, -1]],
                "expected_20_0": [self.n * self.probabilities[-1], *self.half_expected_20_0],
                "residual_20_0": [self.pooled.residuals[-1], *(t.residuals[-1] for t in tests)],
                "chi2": [self.pooled.chi2, *(t.chi2 for t in tests)],
                "p_chi2": [self.pooled.p_chi2, *(t.p_chi2 for t in tests)],
            }
        )

    def tests(self) -> list[dict]:
        """Every test of the section: ``family``, ``test`` (its words), ``p``."""
        family = "Brighton" if self.is_brighton else self.counts.name
        model = self.model
        out = [{"family": family, "test": f"all rounds against {model}", "p": self.pooled.p_chi2}]
        out += [
            {"family": family, "test": f"{self.half_names[h]} against {model}", "p": t.p_chi2}
            for h, t in self.half_tests.items()
        ]
        out += [
            {"family": f"{family} rounds", "test": f"round {r} against {model}", "p": p}
            for r, p in self.by_round["p_chi2"].items()
        ]
        return out


def _probst(counts: RoundCounts, n_results) -> tuple[float, float, float, int]:
    """Probst's model (§11): σ from the 20-0's first margin for fields of ``n_results``."""
    from .estimates import printed

    n = int(printed("brighton_field_tables").value) if n_results is None else n_results
    n = check_int(n, "n_results", minimum=2)
    top = float(sigma.swiss_pairs_top_percent(counts.n_boards, n_results=n))
    z = float(vp.gaussian_z(20)[-1])
    return float(vp.sigma_from_top(top, centre=50)), top, z, n


def round_frequencies(counts, *, n_results=None, first_half_last_round=None):
    """An event's VP outcomes against a Gaussian expectation: pooled, by half, by round.

    Parameters
    ----------
    counts : RoundCounts
        :func:`bridgestats.studies.committee.round_counts` (None files: Brighton 2005).
    n_results : int, optional
        Results per board of Probst's Swiss pairs model (§11). Brighton's counts are tested
        against that model (None: the 63 he takes for Brighton); a committee's Swiss pairs
        against it only when given, otherwise against the σ of their scale.
    first_half_last_round : int, optional
        Last round of the first half (None: 7 for Brighton, the middle round otherwise).

    Returns
    -------
    RoundFrequencies

    Notes
    -----
    Expected counts are N times the band probabilities of a zero-mean normal margin at σ
    (:func:`bridgestats.fit.band_probabilities` on the thresholds the outcomes were counted
    on); the tests are Pearson's X² and G on k − 1 df (one fewer against the fitted σ),
    with adjusted residuals (:func:`bridgestats.fit.frequency_test`).

    Examples
    --------
    >>> from bridgestats.studies.brighton import brighton_round_counts
    >>> r = round_frequencies(brighton_round_counts())
    >>> r.model, round(r.sigma, 3), round(float(r.n * r.probabilities[-1]), 1)
    ("Probst's model", 10.425, 450.0)
    """
    if not isinstance(counts, RoundCounts):
        raise fail("counts", "a RoundCounts (studies.committee.round_counts)", counts)
    table = counts.by_round
    t = np.asarray(counts.thresholds, dtype=float)
    pooled = table.sum()
    n = int(pooled.sum())
    own = float(vp.fit_scale_sigma(counts.binned_on).sigma)
    brighton = counts.read_statement is None
    top = z = n_used = None
    if brighton or (n_results is not None and counts.form == "swiss_pairs"):
        model_sigma, top, z, n_used = _probst(counts, n_results)
        model = "Probst's model"
        if brighton:
            other, other_sigma, fitted = "the scale's own σ", own, 0
        else:
            other, fitted = "the σ fitted to these matches", 1
            other_sigma = float(fit.fit_sigma_binned(pooled, t).sigma)
    else:
        model, model_sigma = f"the {counts.scale_name} scale's own σ", own
        other, fitted = "the σ fitted to these matches", 1
        other_sigma = float(fit.fit_sigma_binned(pooled, t).sigma)
    p = fit.band_probabilities(t, sigma=model_sigma)
    p_other = fit.band_probabilities(t, sigma=other_sigma)
    last = int(table.index.max())
    if first_half_last_round is None:
        first_half_last_round = 7 if brighton else max(1, last // 2)
    k = check_int(first_half_last_round, "first_half_last_round", minimum=1, maximum=last - 1)
    halves = pd.DataFrame(
        {"first_half": table.loc[:k].sum(), "second_half": table.loc[k + 1 :].sum()}
    ).T
    half_tests = {h: fit.frequency_test(row, row.sum() * p) for h, row in halves.iterrows()}
    round_tests = [fit.frequency_test(row, row.sum() * p) for _, row in table.iterrows()]
    by_round = pd.DataFrame(
        {
            "observed_20_0": table.iloc[:, -1],
            "expected_20_0": table.sum(axis=1) * p[-1],
            "chi2": [r.chi2 for r in round_tests],
            "p_chi2": [r.p_chi2 for r in round_tests],
            "p_holm": fit.holm([r.p_chi2 for r in round_tests]),
            "residual_20_0": [r.residuals[-1] for r in round_tests],
        }
    )
    return RoundFrequencies(
        counts=counts,
        model=model,
        sigma=model_sigma,
        other=other,
        other_sigma=other_sigma,
        probabilities=p,
        pooled=fit.frequency_test(pooled, n * p),
        pooled_other=fit.frequency_test(pooled, n * p_other, fitted_params=fitted),
        halves=halves,
        half_tests=half_tests,
        by_round=by_round,
        first_half_last_round=k,
        top_pct=top,
        top_z=z,
        n_results=n_used,
    )


@dataclass(frozen=True)
class SheffieldFrequencies:
    """The Sheffield league (Probst's Table 6) against its 12-0 design, or why not shown.

    Attributes
    ----------
    applies : bool
        False on a committee's files (Sheffield is the shipped data's, not theirs).
    sentence : str
        The section's finding, or why the section does not apply.
    table : pandas.DataFrame
        Per outcome: ``vp``, ``observed``, ``expected``, ``residual``,
        ``expected_published`` (empty when it does not apply).
    test, published : FrequencyTest or None
        Against the design's thresholds and against the published whole-point ones.
    p_df5 : float or None
        The p-value with one df fewer (σ measured on the same matches).
    """

    applies: bool
    sentence: str
    table: pd.DataFrame
    test: object = None
    published: object = None
    p_df5: float | None = None


def sheffield_frequencies(files=None) -> SheffieldFrequencies:
    """The Sheffield league's 418 aggregate matches against the 12-0 scale's design.

    Parameters
    ----------
    files : optional
        A committee's files (a report on them): nothing is computed, and the sentence says
        why. None: the shipped Table 6.

    Returns
    -------
    SheffieldFrequencies

    Examples
    --------
    >>> s = sheffield_frequencies()
    >>> round(s.test.chi2, 2), s.test.df
    (6.69, 6)
    """
    if files is not None:
        return SheffieldFrequencies(
            False,
            "The Sheffield league (Probst's Table 6) is the "
            "shipped data's: a report on a committee's files leaves "
            "it out.",
            pd.DataFrame(),
        )
    from .estimates import printed

    sheffield = datasets.load(SHEFFIELD)
    s = printed("sheffield_sigma").value
    design = vp.gaussian_scale(12, sigma=s)
    n = int(sheffield.observed.sum())
    p_design = fit.band_probabilities(design.thresholds, sigma=s)
    # scores are multiples of 10: a band starts 5 points below its published first score
    p_published = fit.band_probabilities(sheffield.published_low.to_numpy()[1:] - 5.0, sigma=s)
    test = fit.frequency_test(sheffield.observed, n * p_design)
    published = fit.frequency_test(sheffield.observed, n * p_published)
    p_df5 = fit.frequency_test(sheffield.observed, n * p_design, fitted_params=1).p_chi2
    table = pd.DataFrame(
        {
            "vp": sheffield.vp_winner.astype(str) + "-" + sheffield.vp_loser.astype(str),
            "observed": sheffield.observed,
            "expected": n * p_design,
            "residual": test.residuals,
            "expected_published": n * p_published,
        }
    )
    sentence = (
        f"Sheffield: X² = {test.chi2:.2f}, G = {test.g:.2f} on {test.df} df, p = "
        f"{test.p_chi2:.3f} (G: {test.p_g:.3f}). σ = {s:g} was measured on these same {n} "
        f"matches: with one df less, p = {p_df5:.3f}; the true p lies between the two "
        f"(Chernoff-Lehmann). With the published thresholds: X² = {published.chi2:.2f}, "
        f"p = {published.p_chi2:.3f}."
    )
    return SheffieldFrequencies(True, sentence, table, test, published, p_df5)


@dataclass(frozen=True)
class TeamFrequencies:
    """Team matches on a Gaussian scale of the teams σ(n) and on the WBF discrete scale.

    Attributes
    ----------
    applies : bool
        False when a committee's files hold no team matches.
    name : str
        The matches (``"real team matches"``, or the committee's events).
    n_matches, n_boards_total : int
    min_boards, max_boards : int
    gaussian_observed, wbf_observed : numpy.ndarray
        Matches per winner's VP 10..20 on each scale.
    gaussian_expected, wbf_expected, equal : numpy.ndarray
        Expected under a normal margin at σ(n) (each match's band probabilities summed,
        thresholds − ½ for whole IMPs) and under equal probability.
    tests : dict
        ``gaussian_vs_model``, ``gaussian_vs_equal``, ``wbf_vs_model``, ``wbf_vs_equal``.
    sigma_used, sigma_words : str
        Which σ(n) (for a source line and for a sentence).
    form_sigmas : list of dict
        ``form``, ``n_boards``, ``sigma`` of each match length.
    k_teams : float or None
    k : MatchLevelK or None
        The match-level K of the archive's margins (rederive_k's; None on a committee's
        matches, whose board swings a match results CSV does not give).
    sentence : str
        The section's first line.
    """

    applies: bool
    name: str
    sentence: str
    n_matches: int = 0
    n_boards_total: int = 0
    min_boards: int = 0
    max_boards: int = 0
    gaussian_observed: np.ndarray = field(default_factory=lambda: np.zeros(0))
    gaussian_expected: np.ndarray = field(default_factory=lambda: np.zeros(0))
    wbf_observed: np.ndarray = field(default_factory=lambda: np.zeros(0))
    wbf_expected: np.ndarray = field(default_factory=lambda: np.zeros(0))
    equal: np.ndarray = field(default_factory=lambda: np.zeros(0))
    tests: dict = field(default_factory=dict)
    sigma_used: str = ""
    sigma_words: str = ""
    form_sigmas: list = field(default_factory=list)
    k_teams: float | None = None
    k: object = None

    @property
    def test_names(self) -> dict:
        w = display_name("scale", "wbf_discrete")
        return {
            "gaussian_vs_model": "Gaussian scale against normal margins",
            "gaussian_vs_equal": "Gaussian scale against equal probability",
            "wbf_vs_model": f"{w} against normal margins",
            "wbf_vs_equal": f"{w} against equal probability",
        }

    def table(self) -> pd.DataFrame:
        """Per outcome: both scales' matches and expectations, equal probability, residual."""
        return pd.DataFrame(
            {
                "result": [_result(v) for v in range(10, 21)],
                "gaussian_observed": self.gaussian_observed,
                "gaussian_expected": self.gaussian_expected,
                "wbf_observed": self.wbf_observed,
                "wbf_expected": self.wbf_expected,
                "equal_probability": self.equal,
                "wbf_residual_vs_equal": self.tests["wbf_vs_equal"].residuals,
            }
        )

    def tests_table(self) -> pd.DataFrame:
        return pd.DataFrame(
            [
                {
                    "test": self.test_names[k],
                    "chi2": t.chi2,
                    "g": t.g,
                    "df": t.df,
                    "p_chi2": t.p_chi2,
                    "p_g": t.p_g,
                }
                for k, t in self.tests.items()
            ]
        )


def _committee_margins(committee) -> pd.DataFrame:
    m = committee.matches
    m = m[m["skip_reason"].isna() & (m["form"] == "teams")]
    return pd.DataFrame(
        {
            "imp_margin": m["margin"].to_numpy(dtype=float),
            "n_boards": m["boards"].to_numpy(dtype=np.int64),
            "event": m["event"].to_numpy(),
        }
    )


def team_frequencies(
    files=None, *, min_boards=8, max_boards=32, k_teams=None, n_boot=1000, rng=None
):
    """Team matches' VP outcomes on a Gaussian scale and on the WBF 2013 discrete scale.

    Parameters
    ----------
    files : list of paths or CommitteeResults, optional
        A committee's files (read by :func:`bridgestats.derive.read_committee`): their team
        matches; None: the archive's two-room matches (``derived/match_margins``).
    min_boards, max_boards : int, keyword-only
        The match lengths kept.
    k_teams : float, optional, keyword-only
        K of a K√n scale; None: the teams σ(n) of every scale
        (:func:`bridgestats.sigma.form_sigma`).
    n_boot : int, keyword-only
        Bootstrap replicates of the archive's match-level K.
    rng : seed or Generator, keyword-only

    Returns
    -------
    TeamFrequencies
        ``applies`` False (and a sentence saying so) when the files hold no team match of
        ``min_boards``-``max_boards`` boards.

    Notes
    -----
    A Gaussian scale per match has integer thresholds ⌈σ·zₖ⌉ (the first whole margin of
    each VP); expected counts under a normal margin sum each match's band probabilities at
    thresholds − ½ (continuity correction for whole IMPs).
    """
    from .committee import as_committee
    from .estimates import MATCHES
    from .k_estimates import k_match

    committee = as_committee(files)
    lo = check_int(min_boards, "min_boards", minimum=1)
    hi = check_int(max_boards, "max_boards", minimum=lo)
    if committee is None:
        m, name = datasets.load(MATCHES), "real team matches"
    else:
        m = _committee_margins(committee)
        events = list(pd.unique(m["event"]))
        name = events[0] if len(events) == 1 else f"{len(events)} events' team matches"
    m = m[m.n_boards.between(lo, hi)]
    if committee is not None and m.empty:
        return TeamFrequencies(
            False,
            "the committee's team matches",
            f"The files hold no team match of {lo}-{hi} boards: this "
            "section does not apply to them.",
        )
    n_boards = m.n_boards.to_numpy()
    margin = m.imp_margin.to_numpy(dtype=float)
    k = (
        None
        if committee is not None
        else k_match(min_boards=lo, max_boards=hi, n_boot=n_boot, rng=rng)
    )
    if k_teams is None:  # the one teams σ(n) of every scale (bridgestats.sigma.form_sigma)
        sigma_match, fitted_k = sigma.form_sigmas("teams", n_boards), 2
        sigma_used = f"the teams σ(n) of every scale ({sigma.form_sigma('teams', 16).source})"
        sigma_words = "of every scale"
    else:
        sigma_match, fitted_k = float(k_teams) * np.sqrt(n_boards), 0
        sigma_used = f"σ = K√n with K = {float(k_teams):.3f} (parameter k_teams)"
        sigma_words = f"= {float(k_teams):.2f}√n"
    sigma_match = np.asarray(sigma_match, dtype=float)
    gauss_t = np.ceil(sigma_match[:, None] * np.asarray(vp.gaussian_z(20))[None, :])
    gauss_obs = np.bincount(fit.outcome_index(margin, gauss_t), minlength=11)
    gauss_exp = fit.band_probabilities(gauss_t - 0.5, sigma=sigma_match).sum(axis=0)
    sizes, which = np.unique(n_boards, return_inverse=True)
    wbf_t = np.array([vp.wbf_scale(int(s)).thresholds for s in sizes])[which]
    wbf_obs = np.bincount(vp.wbf_vp(np.abs(margin), n_boards, discrete=True) - 10, minlength=11)
    wbf_exp = fit.band_probabilities(wbf_t - 0.5, sigma=sigma_match).sum(axis=0)
    n = len(m)
    equal = n * np.array([1] + [2] * 10) / 21
    tests = {
        "gaussian_vs_model": fit.frequency_test(gauss_obs, gauss_exp, fitted_params=fitted_k),
        "gaussian_vs_equal": fit.frequency_test(gauss_obs, equal, fitted_params=fitted_k),
        "wbf_vs_model": fit.frequency_test(wbf_obs, wbf_exp, fitted_params=fitted_k),
        "wbf_vs_equal": fit.frequency_test(wbf_obs, equal),
    }
    head = f"{n:,} matches, {int(n_boards.sum()):,} boards"
    if k is not None:
        head += (
            f"; K (match level) = {k.k:.3f} ({k.ci[0]:.3f}-{k.ci[1]:.3f}), per board "
            f"{k.k_board:.3f} ({k.source})"
        )
    else:
        head = f"{name}: {head}"
    return TeamFrequencies(
        applies=True,
        name=name,
        sentence=f"{head}. The scales use {sigma_used}.",
        n_matches=n,
        n_boards_total=int(n_boards.sum()),
        min_boards=lo,
        max_boards=hi,
        gaussian_observed=gauss_obs,
        gaussian_expected=gauss_exp,
        wbf_observed=wbf_obs,
        wbf_expected=wbf_exp,
        equal=equal,
        tests=tests,
        sigma_used=sigma_used,
        sigma_words=sigma_words,
        k_teams=None if k_teams is None else float(k_teams),
        k=k,
        form_sigmas=[
            {"form": "teams", "n_boards": int(b), "sigma": float(s)}
            for b, s in sorted(set(zip(n_boards.tolist(), sigma_match.tolist(), strict=True)))
        ],
    )


def frequency_findings(rounds, sheffield, teams, *, alpha=0.05):
    """Every test with Holm's correction, and the report's conclusions in words.

    Parameters
    ----------
    rounds : RoundFrequencies
    sheffield : SheffieldFrequencies
    teams : TeamFrequencies
    alpha : float, keyword-only
        The family-wise level of the verdicts (after Holm over every test).

    Returns
    -------
    tests : pandas.DataFrame
        ``family``, ``test``, ``p``, ``p_holm_family``, ``p_holm_all``.
    lines : list of (str, str or None, bool)
        Each finding: its sentence, the section that shows it (a heading of the report;
        None: the conclusions) and whether it is a headline.
    """
    rows = list(rounds.tests())
    if sheffield.applies:
        rows.append(
            {
                "family": "Sheffield",
                "test": "the 12-0 scale against its design",
                "p": sheffield.test.p_chi2,
            }
        )
    if teams.applies:
        rows += [
            {"family": "team matches", "test": teams.test_names[k], "p": t.p_chi2}
            for k, t in teams.tests.items()
        ]
    tests = pd.DataFrame(rows)
    tests["p_holm_family"] = tests.groupby("family")["p"].transform(fit.holm)
    tests["p_holm_all"] = fit.holm(tests["p"])
    holm = tests.set_index("test")["p_holm_all"]

    def verdict(test: str) -> str:
        return "rejected" if holm[test] < alpha else "not rejected"

    r, model = rounds, rounds.model
    all_test, (h1, h2) = f"all rounds against {model}", list(r.half_names.values())
    halves_obs = r.halves.iloc[:, -1]
    e1, e2 = r.half_expected_20_0
    rejected = [x for x in r.by_round.index if verdict(f"round {x} against {model}") == "rejected"]
    against = (
        f"against {e1:.1f} each" if abs(e1 - e2) < 0.05 else (f"against {e1:.1f} and {e2:.1f}")
    )
    who = "Brighton" if r.is_brighton else r.counts.name
    printed = " (he printed 449)" if r.is_brighton else ""
    expects = "Probst's model expects" if model == "Probst's model" else f"{model} expects"
    lines = [
        (
            f"{len(tests)} tests were run, and each verdict is at level {alpha:g} after Holm's "
            "correction over all of them.",
            None,
            False,
        ),
        (
            f"{who} saw {int(r.pooled_counts.iloc[-1])} 20-0s where {expects} "
            f"{r.n * r.probabilities[-1]:.1f}{printed}: {int(halves_obs.iloc[0])} in the first "
            f"half and {int(halves_obs.iloc[1])} in the second, {against}.",
            "rounds",
            True,
        ),
        (
            f"{model[0].upper() + model[1:]} is {verdict(all_test)} on the pooled counts (Holm p "
            f"= {holm[all_test]:.2g}), {verdict(h1 + ' against ' + model)} in the first half "
            f"({holm[h1 + ' against ' + model]:.2g}) and {verdict(h2 + ' against ' + model)} in "
            f"the second ({holm[h2 + ' against ' + model]:.2g}), with an adjusted residual of "
            f"{r.pooled.residuals[-1]:.1f} in the 20-0 band.",
            "rounds",
            True,
        ),
        (
            (
                f"Taken one by one, round {_and(rejected)} {'is' if len(rejected) == 1 else 'are'} "
                f"rejected against {model}"
                if rejected
                else f"Taken one by one, no round is rejected against {model}"
            )
            + (
                f" (a round's smallest expected count is {r.min_round_expected:.1f}, under the 5 "
                "χ² wants: its p-values are approximate)."
                if r.min_round_expected < 5
                else "."
            ),
            "by round",
            False,
        ),
    ]
    if not r.is_brighton:
        lines.insert(3, (r.sample_sentence(), "rounds", False))
    if sheffield.applies:
        s, name = sheffield, "the 12-0 scale against its design"
        lines.append(
            (
                f"Sheffield: the 12-0 design is {verdict(name)} (Holm p = {holm[name]:.3f};"
                f" unadjusted p {s.test.p_chi2:.3f} on {s.test.df} df, {s.p_df5:.3f} with "
                "one df less for σ fitted on the same matches).",
                "sheffield",
                False,
            )
        )
    if teams.applies:
        t, names = teams, teams.test_names
        ge, we, wm = names["gaussian_vs_equal"], names["wbf_vs_equal"], names["wbf_vs_model"]
        wbf = display_name("scale", "wbf_discrete")
        lengths = sorted({row["n_boards"] for row in t.form_sigmas})
        played = f"{lengths[0]}" if len(lengths) == 1 else f"{lengths[0]}-{lengths[-1]}"
        matches = (
            f"real team matches of {t.min_boards}-{t.max_boards} boards (σ {t.sigma_words})"
            if t.k is not None
            else f"team matches of {t.name} ({played} boards, σ {t.sigma_words})"
        )
        lines.append(
            (
                f"In {t.n_matches:,} {matches} "
                f"equal probability is {verdict(ge)} for the "
                f"Gaussian scale (Holm p = {holm[ge]:.3f}) and {verdict(we)} for the "
                f"{wbf} scale (p = {holm[we]:.2g}).",
                "teams",
                True,
            )
        )
        lines.append(
            (
                f"The normal margins' own prediction for the {wbf} bands is "
                f"{verdict(wm)} (Holm p = {holm[wm]:.3f}).",
                "teams",
                False,
            )
        )
    return tests, lines


def _and(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def frequency_summary(rounds, sheffield, teams, tests, *, read=None, alpha=0.05) -> dict:
    """The report's summary: the same keys whatever the data, None where a section does not
    apply (Sheffield on a committee's files; team matches where the files hold none).

    The ``brighton_*`` keys are the rounds section's (Brighton 2005, or the committee's
    events: its ``brighton_sigma_model`` is the σ of the model tested), ``sheffield_*``
    Table 6's, ``teams_*`` the team matches'; ``tests`` is :func:`frequency_findings`'
    frame; ``read`` the :class:`~bridgestats.derive.ReadStatement` of the files (its
    table under ``read``; None for the shipped data); ``alpha`` the level of the verdicts.
    """
    r, s, t = rounds, sheffield, teams
    out = {
        "brighton_sigma_model": r.sigma,
        "brighton_expected_20_0": float(r.n * r.probabilities[-1]),
        "brighton_observed_20_0": int(r.pooled_counts.iloc[-1]),
        "brighton_expected_20_0_half": float(r.half_expected_20_0[0]),
        "brighton_observed_20_0_first_half": int(r.halves.iloc[0, -1]),
        "brighton_observed_20_0_second_half": int(r.halves.iloc[1, -1]),
        "brighton_chi2": r.pooled.chi2,
        "brighton_p": r.pooled.p_chi2,
        "brighton_first_half_p": r.half_tests["first_half"].p_chi2,
        "brighton_second_half_p": r.half_tests["second_half"].p_chi2,
        "brighton_20_0_residual": r.pooled.residuals[-1],
        "brighton_observed_20_0_by_round": r.by_round.observed_20_0.to_list(),
        "brighton_rounds_rejected_holm": [
            x
            for x in r.by_round.index
            if tests.set_index("test").loc[f"round {x} against {r.model}", "p_holm_all"] < alpha
        ],
        "model": r.model,
        "event": r.counts.name,
        "unit": r.counts.unit,
        "n_boards": r.counts.n_boards,
        "scale_scored_on": r.counts.scale_id,
        "probst_top_pct": r.top_pct,
        "probst_top_z": r.top_z,
        "n_tests": len(tests),
        "tests": tests.to_dict(orient="records"),
    }
    out["read"] = None if read is None else read.table.to_dict(orient="records")
    on = s.applies
    out.update(
        {
            "sheffield_chi2": s.test.chi2 if on else None,
            "sheffield_g": s.test.g if on else None,
            "sheffield_df": s.test.df if on else None,
            "sheffield_p": s.test.p_chi2 if on else None,
            "sheffield_p_df5": s.p_df5 if on else None,
            "sheffield_residuals": s.test.residuals if on else None,
        }
    )
    on, k = t.applies, t.k
    g_eq, w_eq = (t.tests.get("gaussian_vs_equal"), t.tests.get("wbf_vs_equal"))
    out.update(
        {
            "teams_n_matches": t.n_matches if on else None,
            "teams_k_match": k.k if k is not None else None,
            "teams_k_match_ci": list(k.ci) if k is not None else None,
            "teams_k_source": k.source if k is not None else None,
            "teams_k_board": k.k_board if k is not None else None,
            "teams_max_boards": t.max_boards if on else None,
            "teams_k_used": t.k_teams,
            "teams_sigma_used": t.sigma_used if on else None,
            "form_sigmas": t.form_sigmas if on else None,
            "teams_gaussian_observed": t.gaussian_observed if on else None,
            "teams_gaussian_equal_chi2": g_eq.chi2 if on else None,
            "teams_gaussian_equal_p": g_eq.p_chi2 if on else None,
            "teams_wbf_observed": t.wbf_observed if on else None,
            "teams_wbf_equal_chi2": w_eq.chi2 if on else None,
            "teams_wbf_equal_p": w_eq.p_chi2 if on else None,
            "teams_wbf_model_p": t.tests["wbf_vs_model"].p_chi2 if on else None,
        }
    )
    return out


def report_inputs(rounds, sheffield, teams) -> list[str]:
    """What the report read: the data sets of each section that applies, or the files."""
    from .estimates import MATCHES

    out = list(rounds.counts.read_from)
    if sheffield.applies:
        out.append(SHEFFIELD)
    if teams.k is not None:
        out.append(MATCHES)
    return out
