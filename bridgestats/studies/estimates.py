"""One source for every estimate the reports use: K, the K(n) model and the Brighton σ.

Every function here computes from the data the project ships and says so: its result names
its ``source`` (the data set and the method), so that a report can print which estimate it
used and two reports cannot use two different figures for one quantity.

Teams (``derived/match_margins``, 2,330 two-room matches of 37,099 boards):

- :func:`k_per_board`: K = √(Σ swing²/boards), matches resampled;
- :func:`k_per_board_by`: the same within each series (or series-decade);
- :func:`k_match`: the match-level K, √(Σ margin²/Σ boards), and the variance inflation
  (the one "match K" every report uses);
- :func:`k_between_series`: a random-effects K whose interval carries the between-series
  spread that the pooled interval leaves out;
- :func:`k_model`, :func:`k_model_table`: σ²(n) = nK² + n²δ², all and by series, with
  cluster-bootstrap intervals (files resampled) and a flag on groups whose interval cannot
  be trusted;
- :func:`k_by_match_length`: the match-level K within bands of match length;
- :func:`implied_scales`: what the estimates mean for 8-, 12-, 16- and 32-board scales.

Swiss pairs (Probst's Table 7, ``seeds/brighton_2005_vp_counts``, scored on the 2004 scale
of Table 8, ``seeds/swiss_pairs_scales``):

- :func:`brighton_counts`: the table and the thresholds it was scored on;
- :func:`brighton_sigma`: σ of all rounds, the random-draw rounds, each half, each round;
- :func:`brighton_tests`: likelihood-ratio tests of the halves and of the 14 rounds, and
  each round against the rest with Holm-adjusted p-values;
- :func:`swiss_pairs_sigma`: the σ for stated conditions of use (whole event, random-draw
  rounds, late Swiss rounds; optionally corrected for Ascherman scoring).

What a scale does under the evidence: :func:`outcome_frequencies` (the expected share of each
outcome at a σ) and :func:`sensitivity` (the same over a range of σ).

Printed figures (``seeds/probst_printed_figures``): :func:`printed_figures`, and
:func:`printed` for one of them, as an :class:`Estimate` like the others.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3, §10
   and §11; the project ships its tables and printed figures in ``data/seeds/``.
.. [2] R. DerSimonian and N. Laird, "Meta-analysis in clinical trials", Controlled Clinical
   Trials 7 (1986), 177-188.
.. [3] J. P. T. Higgins, S. G. Thompson and D. J. Spiegelhalter, "A re-evaluation of
   random-effects meta-analysis", Journal of the Royal Statistical Society A 172 (2009),
   137-159 (the prediction interval).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from .. import datasets
from .._validate import (
    as_finite_array,
    check_choice,
    check_flag,
    check_frame,
    check_int,
    check_number,
    check_rng,
    fail,
)
from ..fit import (
    StrengthSpread,
    estimate_k_from_matches,
    fit_strength_spread,
)
from ..sigma import swiss_pairs_top_percent
from ..vp import VPScale, gaussian_z, named_scale, scale_from_thresholds, wbf_table
from .rounds import RoundCounts, sigma_tests, subset_sigma

__all__ = [
    "BANDS",
    "CONDITIONS",
    "COUNTS",
    "MATCHES",
    "PRINTED",
    "SCALES",
    "SCORED_ON",
    "Estimate",
    "KBetween",
    "KModel",
    "MatchLevelK",
    "brighton_counts",
    "brighton_sigma",
    "brighton_tests",
    "delta_within_match",
    "implied_scales",
    "k_between_series",
    "k_by_length_within_series",
    "k_by_match_length",
    "k_growth_within_series",
    "k_match",
    "k_model",
    "k_model_table",
    "k_per_board",
    "k_per_board_by",
    "outcome_frequencies",
    "printed",
    "printed_figures",
    "sensitivity",
    "swiss_pairs_sigma",
]

#: The shipped data sets behind the estimates.
MATCHES = "derived/match_margins"
COUNTS = "seeds/brighton_2005_vp_counts"
SCALES = "seeds/swiss_pairs_scales"
PRINTED = "seeds/probst_printed_figures"
#: The scale Brighton 2005 was scored on (Probst §11).
SCORED_ON = "washington_2004"
#: Bands of match length (boards, inclusive; None: no upper end) of
#: :func:`k_by_match_length`: the archive's matches cluster at 15-16 boards (1,541 of 2,330)
#: with 19-20 next (356); ≤10 holds 67 one-board "matches" (boards whose segment could
#: not be rebuilt) and the Cavendish's short matches, 21+ the untagged finals.
BANDS = ((1, 10), (11, 14), (15, 16), (17, 20), (21, None))
#: Conditions of use of a Swiss pairs scale and the Brighton rounds whose σ fits them
#: (:func:`swiss_pairs_sigma`).
CONDITIONS = {
    "whole_event": "all 14 rounds: random draws first, then pairs of like score",
    "random_draw": "the random-draw rounds (1-2): pairs of any strength meet",
    "swiss_rounds": "the second half (rounds 8-14): pairs sorted by score meet",
}


@dataclass(frozen=True)
class Estimate:
    """One estimate, with its interval and where it comes from.

    Attributes
    ----------
    name : str
        What is estimated (``"k_per_board"``, ``"sigma_whole_event"`` ...).
    value : float
    ci : tuple of float or None
        Interval at ``confidence`` (None when the source gives none).
    confidence : float or None
    n : int
        Observations behind it (boards, matches), as ``n_unit`` says.
    n_unit : str
    unit : str
        Unit of ``value`` (``"IMPs per board"``, ``"MP %"``).
    source : str
        The data set and the method, for a report to print.
    """

    name: str
    value: float
    ci: tuple[float, float] | None
    confidence: float | None
    n: int
    n_unit: str
    unit: str
    source: str


# --------------------------------------------------------------------------- teams: K


def _matches(margins=None) -> tuple[pd.DataFrame, str]:
    """The match frame and its name in a ``source``: the shipped margins, or ``margins``
    (columns ``imp_margin``, ``n_boards``, ``sum_sq_imps``; files resampled by ``file``,
    else by ``event``, else each match on its own)."""
    if margins is None:
        m, name = datasets.load(MATCHES), MATCHES
        m["file"] = m["match"].str.split("|").str[0]
    else:
        cols = ("imp_margin", "n_boards", "sum_sq_imps")
        m = check_frame(margins, "margins", cols, allow_empty=False).copy()
        name = "the given margins"
        if "file" not in m:
            m["file"] = m["event"] if "event" in m else np.arange(len(m))
    if "series" in m and "year" in m:
        m["decade"] = m["series"] + " " + (m["year"] // 10 * 10).astype(str) + "s"
    return m, name


def k_per_board(*, margins=None, confidence=0.90, n_boot=2000, rng=None):
    """K per board over all shipped matches: √(Σ swing² / Σ boards), matches resampled.

    Parameters
    ----------
    margins : pandas.DataFrame, optional
        Matches to use instead of the shipped ones: columns ``imp_margin``, ``n_boards``,
        ``sum_sq_imps`` (as :func:`bridgestats.io.match_margins` gives them).
    confidence, n_boot, rng
        As :func:`bridgestats.fit.estimate_k_from_matches`.

    Returns
    -------
    Estimate
        ``n`` is the number of boards (37,099).

    Notes
    -----
    The interval resamples matches, so it holds the sampling error within this archive
    only; the series differ by more than it allows (:func:`k_between_series`).

    Examples
    --------
    >>> e = k_per_board(n_boot=200, rng=1)
    >>> print(f"{e.value:.2f} {e.unit} from {e.n:,} boards")
    6.13 IMPs per board from 37,099 boards
    """
    m, data = _matches(margins)
    r = estimate_k_from_matches(m.imp_margin, m.n_boards, sum_sq=m.sum_sq_imps,
                                confidence=confidence, n_boot=n_boot, rng=rng)  # fmt: skip
    return Estimate(
        name="k_per_board",
        value=float(r.k_board),
        ci=r.k_board_ci,
        confidence=r.confidence,
        n=r.n_boards,
        n_unit="boards",
        unit="IMPs per board",
        source=f"{data}: √(Σ board swing² / Σ boards) over {r.n_matches:,} matches, "
        "percentile bootstrap resampling matches",
    )


def _group_column(by, m: pd.DataFrame) -> str:
    return check_choice(by, "by", [c for c in ("series", "decade", "group", "event") if c in m])


def k_per_board_by(*, by="series", margins=None, min_matches=1, confidence=0.90, n_boot=2000,
                   rng=None):  # fmt: skip
    """K per board within each series (or series-decade) of the shipped matches.

    Parameters
    ----------
    by : {"series", "decade"}
        ``"series"``: the event series (``bb`` Bermuda Bowl, ``us`` US trials ...);
        ``"decade"``: series and decade (``"bb 1950s"``); with ``margins``, also
        ``"group"`` or ``"event"`` where the frame has that column.
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    min_matches : int, default 1
        Groups with fewer matches are left out (their count is in ``attrs["dropped"]``).
    confidence, n_boot, rng
        As :func:`bridgestats.fit.estimate_k_from_matches` (one generator runs through
        the groups in order).

    Returns
    -------
    pandas.DataFrame
        One row per group: ``group``, ``n_matches``, ``n_boards``, ``n_files``, ``k``,
        ``ci_low``, ``ci_high``, ``se`` (half the interval's width over the normal quantile
        of ``confidence``), ``source``.

    Examples
    --------
    >>> t = k_per_board_by(n_boot=100, rng=1)
    >>> print(t[["group", "n_matches", "k"]].round(2).to_string(index=False))
    group  n_matches    k
       bb        521 6.24
       ca         41 6.09
       dt         66 6.03
       ec        411 6.33
       ol        197 6.07
       sg        288 5.95
       us        582 6.06
       vb        224 5.97
    """
    m, data = _matches(margins)
    col = _group_column(by, m)
    min_matches = check_int(min_matches, "min_matches", minimum=1)
    g = check_rng(rng)
    z = stats.norm.ppf(0.5 + check_number(confidence, "confidence", low=0, high=1,
                                          low_open=True, high_open=True) / 2)  # fmt: skip
    rows, dropped = [], 0
    for name, grp in m.groupby(col):
        if len(grp) < min_matches:
            dropped += 1
            continue
        r = estimate_k_from_matches(grp.imp_margin, grp.n_boards, sum_sq=grp.sum_sq_imps,
                                    confidence=confidence, n_boot=n_boot, rng=g)  # fmt: skip
        rows.append({
            "group": name, "n_matches": r.n_matches, "n_boards": r.n_boards,
            "n_files": int(grp.file.nunique()), "k": r.k_board, "ci_low": r.k_board_ci[0],
            "ci_high": r.k_board_ci[1], "se": (r.k_board_ci[1] - r.k_board_ci[0]) / (2 * z),
        })  # fmt: skip
    if not rows:  # say what the data lack, rather than return a frame with no columns
        most = int(m.groupby(col).size().max()) if len(m) else 0
        raise fail("margins", f"at least one {col} with {min_matches} or more matches "
                   "(min_matches)", given=f"{m[col].nunique()} {col}(s) with at most {most} "
                   "match(es) each")  # fmt: skip
    out = pd.DataFrame(rows)
    out["source"] = f"{data} by {col}: √(Σ board swing² / Σ boards), matches resampled"
    out.attrs["dropped"] = dropped
    return out


@dataclass(frozen=True)
class KBetween:
    """Result of :func:`k_between_series`: a random-effects K over the series.

    Attributes
    ----------
    k : float
        The random-effects mean of the groups' K (DerSimonian-Laird weights).
    ci : tuple of float
        Its interval: carries the between-group spread τ.
    prediction : tuple of float
        Where the K of a new series (another event, another field) is expected to lie:
        k ± t_{G−2}·√(τ² + se²).
    tau : float
        Between-group standard deviation of K (IMPs per board).
    i2 : float
        Share of the spread of the groups' K that is between groups (0-1).
    q, q_p : float
        Cochran's Q and its χ²(G − 1) p-value (H₀: one K for every group).
    n_groups : int
    pooled, pooled_ci : float, tuple of float
        The pooled K and its within-archive interval (:func:`k_per_board`), for contrast.
    groups : pandas.DataFrame
        :func:`k_per_board_by`, the input.
    confidence : float
    source : str
    """

    k: float
    ci: tuple[float, float]
    prediction: tuple[float, float]
    tau: float
    i2: float
    q: float
    q_p: float
    n_groups: int
    pooled: float
    pooled_ci: tuple[float, float]
    groups: pd.DataFrame
    confidence: float
    source: str


def k_between_series(*, by="series", margins=None, min_matches=1, confidence=0.90,
                     n_boot=2000, rng=None):  # fmt: skip
    """K per board with an interval that includes the spread between series.

    Parameters
    ----------
    by, margins, min_matches, confidence, n_boot, rng
        As :func:`k_per_board_by` (the groups; three or more are needed).

    Returns
    -------
    KBetween

    Notes
    -----
    The pooled interval of :func:`k_per_board` treats the 2,330 matches as draws from one
    population; the series (different fields, eras and dealing) differ by more than that
    allows, so it understates how well K is known for an event outside this archive. The
    random-effects model K_g = K + u_g + e_g, u_g ~ N(0, τ²), e_g ~ N(0, se_g²), is fitted
    by DerSimonian-Laird [1]_: with w_g = 1/se_g², Q = Σ w_g (K_g − K̄_w)², τ² =
    max(0, (Q − (G − 1)) / (Σw − Σw²/Σw)), weights w*_g = 1/(se_g² + τ²) give K and se(K) =
    1/√Σw* (computed by statsmodels' ``combine_effects``). The interval is K ± z·se(K);
    the prediction interval for a new group's K is K ± t_{G−2}·√(τ² + se(K)²) [2]_.
    I² = max(0, (Q − (G − 1))/Q).

    References
    ----------
    .. [1] R. DerSimonian and N. Laird, "Meta-analysis in clinical trials", Controlled
       Clinical Trials 7 (1986), 177-188.
    .. [2] J. P. T. Higgins, S. G. Thompson and D. J. Spiegelhalter, "A re-evaluation of
       random-effects meta-analysis", JRSS A 172 (2009), 137-159.

    Examples
    --------
    >>> r = k_between_series(n_boot=200, rng=1)
    >>> print(f"{r.k:.2f} ({r.ci[0]:.2f}-{r.ci[1]:.2f}) over {r.n_groups} series; "
    ...       f"pooled {r.pooled_ci[0]:.2f}-{r.pooled_ci[1]:.2f}")
    6.10 (6.01-6.20) over 8 series; pooled 6.09-6.17
    """
    conf = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    g = check_rng(rng)
    groups = k_per_board_by(by=by, margins=margins, min_matches=min_matches, confidence=conf,
                            n_boot=n_boot, rng=g)  # fmt: skip
    pooled = k_per_board(margins=margins, confidence=conf, n_boot=n_boot, rng=g)
    k_g, se_g = groups["k"].to_numpy(), groups["se"].to_numpy()
    n_g = k_g.size
    if n_g < 3 or np.any(se_g <= 0):
        raise fail("by", "groups of which three or more have a K with an interval",
                   given=f"{n_g} group(s) {groups['group'].tolist()}")  # fmt: skip
    k_re, se_re, tau2, q = _dersimonian_laird(k_g, se_g)
    z = stats.norm.ppf(0.5 + conf / 2)
    t = stats.t.ppf(0.5 + conf / 2, n_g - 2) if n_g > 2 else np.inf
    half_pred = t * np.sqrt(tau2 + se_re**2)  # as in [2]
    return KBetween(
        k=k_re,
        ci=(k_re - z * se_re, k_re + z * se_re),
        prediction=(float(k_re - half_pred), float(k_re + half_pred)),
        tau=float(np.sqrt(tau2)),
        i2=float(max(0.0, (q - (n_g - 1)) / q)) if q > 0 else 0.0,
        q=q,
        q_p=float(stats.chi2.sf(q, n_g - 1)),
        n_groups=int(n_g),
        pooled=pooled.value,
        pooled_ci=pooled.ci,
        groups=groups,
        confidence=conf,
        source=f"{groups['source'].iloc[0].split(' by ')[0]}: K per board of each {by} "
        "(matches resampled), DerSimonian-Laird random-effects mean",
    )


def _dersimonian_laird(effects, ses):
    """DerSimonian-Laird random effects of ``effects`` with standard errors ``ses``:
    ``(mean, se, tau2, q)``, by statsmodels' ``combine_effects(method_re="dl")``.

    statsmodels leaves the moment estimate of τ² as it comes, negative when Q < G − 1;
    DerSimonian and Laird truncate it at 0, where the random-effects mean is the
    fixed-effect one, and so does this.
    """
    from statsmodels.stats.meta_analysis import combine_effects  # heavy: only when used

    ses = np.asarray(ses, dtype=float)
    with np.errstate(invalid="ignore"):  # its sd from a negative τ², discarded below
        res = combine_effects(np.asarray(effects, dtype=float), ses**2, method_re="dl")
    tau2 = max(0.0, float(res.tau2))  # as in [1] of k_between_series
    if tau2 == 0.0:
        return float(res.mean_effect_fe), float(res.sd_eff_w_fe), 0.0, float(res.q)
    return float(res.mean_effect_re), float(res.sd_eff_w_re), tau2, float(res.q)


@dataclass(frozen=True)
class MatchLevelK:
    """Result of :func:`k_match`.

    Attributes
    ----------
    k, ci : float, tuple of float
        √(Σ margin²/Σ boards) and its interval (matches resampled).
    k_board, k_board_ci : float, tuple of float
        √(Σ swing²/Σ boards) on the same matches.
    inflation, inflation_ci : float, tuple of float
        k²/k_board²: 1 when the boards of a match are independent.
    rho : float or None
        The intra-match correlation of board swings that the inflation implies.
    n_matches, n_boards, min_boards, max_boards : int
        Matches and boards used, and the match lengths kept (inclusive).
    confidence : float
    source : str
    """

    k: float
    ci: tuple[float, float]
    k_board: float
    k_board_ci: tuple[float, float]
    inflation: float
    inflation_ci: tuple[float, float]
    rho: float | None
    n_matches: int
    n_boards: int
    min_boards: int
    max_boards: int
    confidence: float
    source: str


def k_match(*, min_boards=8, max_boards=32, margins=None, confidence=0.90, n_boot=2000,
            rng=None):  # fmt: skip
    """The match-level K of matches of ``min_boards`` to ``max_boards`` boards.

    Parameters
    ----------
    min_boards, max_boards : int, default 8 and 32
        The match lengths kept (inclusive): the archive's shorter "matches" are boards
        whose segment could not be rebuilt, its longer ones whole finals.
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    confidence, n_boot, rng
        As :func:`bridgestats.fit.estimate_k_from_matches`.

    Returns
    -------
    MatchLevelK

    Notes
    -----
    One pooled K over matches of many lengths: the K(n) model (:func:`k_model`) says the
    K a scale needs grows with the length, so this is an average over the lengths the
    archive holds (mostly 15-16 boards; :func:`k_by_match_length`).

    Examples
    --------
    >>> r = k_match(n_boot=200, rng=1)
    >>> print(f"{r.k:.3f} over {r.n_matches:,} matches of {r.min_boards}-{r.max_boards} boards")
    6.612 over 2,227 matches of 8-32 boards
    """
    lo = check_int(min_boards, "min_boards", minimum=1)
    hi = check_int(max_boards, "max_boards", minimum=lo)
    m, data = _matches(margins)
    m = m[m.n_boards.between(lo, hi)]
    if m.empty:
        raise fail("min_boards", f"a range of lengths that holds matches; none of {lo}-{hi}",
                   lo)  # fmt: skip
    r = estimate_k_from_matches(m.imp_margin, m.n_boards, sum_sq=m.sum_sq_imps,
                                confidence=confidence, n_boot=n_boot, rng=rng)  # fmt: skip
    return MatchLevelK(
        k=r.k_match, ci=r.k_match_ci, k_board=r.k_board, k_board_ci=r.k_board_ci,
        inflation=r.inflation, inflation_ci=r.inflation_ci, rho=r.rho,
        n_matches=r.n_matches, n_boards=r.n_boards, min_boards=lo, max_boards=hi,
        confidence=r.confidence,
        source=f"{data}, matches of {lo}-{hi} boards: √(Σ match margin² / Σ boards), "
        "percentile bootstrap resampling matches",
    )  # fmt: skip


# --------------------------------------------------------------------------- teams: K(n)


@dataclass(frozen=True)
class KModel(StrengthSpread):
    """The K(n) model σ²(n) = nK² + n²δ² fitted to match margins: the fit of
    :func:`~bridgestats.fit.fit_strength_spread` and the data it was fitted to.

    Attributes
    ----------
    k, k_ci, delta, delta_ci : float, tuple of float
        K and δ (IMPs per board) with cluster-bootstrap intervals.
    n_matches, n_clusters : int
        Matches and resampled files.
    confidence : float
    source : str
    """

    source: str

    def sigma(self, n_boards):
        """σ(n) = √(nK² + n²δ²), IMPs, of an n-board match (scalar or array)."""
        n = as_finite_array(n_boards, "n_boards")
        if np.any(n <= 0):
            raise fail("n_boards", "positive numbers of boards", n[n <= 0].ravel()[0].item())
        out = np.sqrt(n * self.k**2 + n**2 * self.delta**2)
        return float(out) if out.ndim == 0 else out

    def k_at(self, n_boards):
        """The K a σ = K·√n scale needs at n boards: σ(n)/√n = √(K² + nδ²)."""
        return self.sigma(n_boards) / np.sqrt(np.asarray(n_boards, dtype=float))


def k_model(*, series=None, margins=None, confidence=0.90, n_boot=2000, rng=None):
    """Fit σ²(n) = nK² + n²δ² to the shipped match margins (all, or one series).

    Parameters
    ----------
    series : str, optional
        One series (``"bb"``, ``"us"`` ...); None: every match.
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    confidence, n_boot, rng
        As :func:`bridgestats.fit.fit_strength_spread`.

    Returns
    -------
    KModel
        The bootstrap resamples whole files (an event's matches share its teams).

    Examples
    --------
    >>> m = k_model(n_boot=200, rng=1)
    >>> print(f"K {m.k:.2f}, delta {m.delta:.2f}; sigma(16) {m.sigma(16):.2f} IMPs")
    K 6.02, delta 0.67; sigma(16) 26.34 IMPs
    """
    m, data = _matches(margins)
    if series is not None:
        check_choice(series, "series", sorted(m.series.unique()) if "series" in m else [])
        m = m[m.series == series]
    r = fit_strength_spread(m.imp_margin, m.n_boards, cluster=m.file, confidence=confidence,
                            n_boot=n_boot, rng=rng)  # fmt: skip
    which = "every match" if series is None else f"series {series}"
    return KModel(
        **dataclasses.asdict(r),
        source=f"{data} ({which}): Gaussian ML of σ²(n) = nK² + n²δ² on the match margins, "
        "percentile bootstrap resampling files",
    )


def k_model_table(*, confidence=0.90, n_boot=2000, rng=None, min_matches=100, min_files=10,
                  min_length_ratio=1.25, length_matches=20):  # fmt: skip
    """:func:`k_model` for every match and for each series, with a flag on weak groups.

    Parameters
    ----------
    confidence, n_boot, rng
        As :func:`k_model` (one generator runs through the groups in order).
    min_matches : int, default 100
        Fewest matches for a group's interval to be trusted.
    min_files : int, default 10
        Fewest files (the resampled clusters): a percentile bootstrap over a handful of
        clusters cannot reach its nominal coverage.
    min_length_ratio : float, default 1.25
        K and δ are told apart only by matches of different lengths (σ²(n)/n = K² + nδ²):
        a group needs two match lengths, each with at least ``length_matches`` matches,
        the longer at least this many times the shorter (16 and 20 boards: 1.25).
    length_matches : int, default 20
        Matches a length needs to count for ``min_length_ratio``.

    Returns
    -------
    pandas.DataFrame
        One row per group (``"all"`` first, then the series): ``group``, ``n_matches``,
        ``n_files``, ``length_ratio`` (longest over shortest length with
        ``length_matches`` matches or more; 1 with a single such length),
        ``k``, ``k_ci_low``, ``k_ci_high``, ``delta``, ``delta_ci_low``, ``delta_ci_high``,
        ``k_16`` (σ(16)/4, the K a 16-board scale needs), ``flag`` (empty, or why the
        interval is not to be trusted: too few matches or files, lengths too alike, or
        K's interval reaching 0, where δ took the whole variance) and ``source``.
    """
    min_matches = check_int(min_matches, "min_matches", minimum=1)
    min_files = check_int(min_files, "min_files", minimum=1)
    min_length_ratio = check_number(min_length_ratio, "min_length_ratio", low=1)
    length_matches = check_int(length_matches, "length_matches", minimum=1)
    g = check_rng(rng)
    m, _ = _matches()
    rows = []
    for name in ["all", *sorted(m.series.unique())]:
        grp = m if name == "all" else m[m.series == name]
        fitted = k_model(series=None if name == "all" else name, confidence=confidence,
                         n_boot=n_boot, rng=g)  # fmt: skip
        counts = grp.n_boards.value_counts()
        common = counts.index[counts >= length_matches]
        ratio = float(common.max() / common.min()) if len(common) else 1.0
        reasons = []
        if len(grp) < min_matches:
            reasons.append(f"{len(grp)} matches < {min_matches}")
        if fitted.n_clusters < min_files:
            reasons.append(f"{fitted.n_clusters} files < {min_files}")
        if ratio < min_length_ratio:
            reasons.append(f"common lengths {sorted(common.tolist())} too alike to part K "
                           "from δ")  # fmt: skip
        if fitted.k_ci[0] <= 0:
            reasons.append("K's interval reaches 0")
        rows.append({
            "group": name, "n_matches": fitted.n_matches, "n_files": fitted.n_clusters,
            "length_ratio": ratio, "k": fitted.k, "k_ci_low": fitted.k_ci[0],
            "k_ci_high": fitted.k_ci[1], "delta": fitted.delta,
            "delta_ci_low": fitted.delta_ci[0], "delta_ci_high": fitted.delta_ci[1],
            "k_16": fitted.k_at(16), "flag": "; ".join(reasons), "source": fitted.source,
        })  # fmt: skip
    return pd.DataFrame(rows)


def _file_bootstrap(m: pd.DataFrame, columns, n_boot: int, g) -> tuple[np.ndarray, np.ndarray]:
    """The sums of ``columns`` over the matches, and over ``n_boot`` resamples of whole
    files (``file``): shapes (c,) and (n_boot, c)."""
    per_file = m.groupby("file", sort=True)[list(columns)].sum().to_numpy(float)
    f = per_file.shape[0]
    draws = g.multinomial(f, np.full(f, 1.0 / f), size=n_boot)  # files drawn, with repeats
    return per_file.sum(axis=0), draws @ per_file


def _percentile(x: np.ndarray, confidence: float) -> tuple[float, float]:
    lo, hi = np.nanquantile(x, [(1 - confidence) / 2, (1 + confidence) / 2])
    return float(lo), float(hi)


def delta_within_match(*, min_boards=12, max_boards=32, margins=None, confidence=0.90,
                       n_boot=2000, rng=None, min_files=10):  # fmt: skip
    """δ from within matches: the margin against the sum of squared board swings.

    Parameters
    ----------
    min_boards, max_boards : int, optional
        The match lengths counted (inclusive; by default the archive's 2,124 genuine
        matches of 12-32 boards: shorter "matches" are single boards or short Cavendish
        rounds, longer ones untagged finals).
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    confidence, n_boot, rng
        Level, replicates and seed of the percentile bootstrap, which resamples whole
        files (events) within each group; one generator runs through the groups in order.
    min_files : int, optional
        Groups of fewer files are flagged: a percentile bootstrap over a handful of
        clusters falls short of its nominal coverage.

    Returns
    -------
    pandas.DataFrame
        One row for every match (``group`` ``"all"``) and one per series: ``group``,
        ``n_matches``, ``n_files``, ``delta2`` (the estimate of δ², negative when the
        margins spread less than independent boards would), ``delta`` (√max(δ², 0)),
        ``delta_ci_low``, ``delta_ci_high``, ``k`` (√(Σx²/Σn − δ²): the sd of a board
        between sides of equal strength), ``k_ci_low``, ``k_ci_high``, ``k_board``
        (√(Σx²/Σn), the per-board root mean square, = √(K² + δ²)), ``flag`` (empty, or
        why the interval is not to be trusted) and ``source``.

    Notes
    -----
    A match of n boards between sides whose per-board edge is e has board swings
    x_i = e + ε_i, the ε_i independent given e with sd K, and e of mean square δ² over
    the matches. Then E[m²] = n²δ² + nK² for the margin m = Σx_i and E[Σx_i²] = nδ² + nK²,
    so

    .. math:: E[m^2 - \\textstyle\\sum_i x_i^2] = n(n - 1)\\,\\delta^2,

    and K² cancels: δ² = Σ(m² − Σx²) / Σn(n − 1) over the matches, unbiased under the
    model whatever the distribution of e and ε (no normality), and identified by each
    match on its own, not by the spread of lengths as the margins-only likelihood of
    :func:`k_model` is. The matches of one event share its teams, so the interval
    resamples files. It assumes that the boards of a match are exchangeable given the
    edge (no within-match drift of the edge).

    Examples
    --------
    >>> d = delta_within_match(n_boot=200, rng=1)
    >>> print(d[["group", "n_matches", "delta", "k", "k_board"]].iloc[:1].round(2)
    ...       .to_string(index=False))
    group  n_matches  delta    k  k_board
      all       2124   0.63 6.09     6.12
    """
    lo = check_int(min_boards, "min_boards", minimum=1)
    hi = check_int(max_boards, "max_boards", minimum=lo)
    level = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    b = check_int(n_boot, "n_boot", minimum=10)
    few = check_int(min_files, "min_files", minimum=1)
    g = check_rng(rng)
    m, data = _matches(margins)
    m = m[m.n_boards.between(lo, hi)]
    if m.empty:
        raise fail("min_boards", f"a range of lengths holding matches ({lo}-{hi}: none)", lo)
    n = m.n_boards.astype(float)
    m = m.assign(cross=m.imp_margin.astype(float) ** 2 - m.sum_sq_imps, pairs=n * (n - 1),
                 boards=n)  # fmt: skip
    groups = [("all", m)]
    if "series" in m:
        groups += [(str(k), v) for k, v in m.groupby("series", sort=True)]
    rows = []
    for name, grp in groups:
        tot, boot = _file_bootstrap(grp, ["cross", "pairs", "sum_sq_imps", "boards"], b, g)

        def est(t):
            with np.errstate(invalid="ignore", divide="ignore"):
                d2 = t[..., 0] / t[..., 1]
                return d2, t[..., 2] / t[..., 3]

        d2, ms = est(tot)
        d2_b, ms_b = est(boot)
        delta_b = np.sqrt(np.clip(d2_b, 0, None))
        k_b = np.sqrt(np.clip(ms_b - np.clip(d2_b, 0, None), 0, None))
        rows.append({
            "group": name, "n_matches": len(grp), "n_files": grp.file.nunique(),
            "delta2": float(d2), "delta": float(np.sqrt(max(d2, 0.0))),
            "delta_ci_low": _percentile(delta_b, level)[0],
            "delta_ci_high": _percentile(delta_b, level)[1],
            "k": float(np.sqrt(max(ms - max(d2, 0.0), 0.0))),
            "k_ci_low": _percentile(k_b, level)[0], "k_ci_high": _percentile(k_b, level)[1],
            "k_board": float(np.sqrt(ms)),
            "flag": "" if grp.file.nunique() >= few else f"{grp.file.nunique()} files < {few}",
            "source": f"{data} ({name}, {lo}-{hi} boards): within-match δ² = "
            "Σ(m² − Σx²)/Σn(n − 1), percentile bootstrap resampling files",
        })  # fmt: skip
    return pd.DataFrame(rows)


def k_by_length_within_series(*, bands=BANDS, margins=None, min_matches=20, confidence=0.90,
                              n_boot=2000, rng=None):  # fmt: skip
    """The match-level K by band of match length, series by series.

    Parameters
    ----------
    bands : sequence of (int, int or None)
        As :func:`k_by_match_length`.
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    min_matches : int, optional
        Series-bands with fewer matches are left out (counted in ``attrs["dropped"]``).
    confidence, n_boot, rng
        As :func:`delta_within_match` (files resampled within each series and band).

    Returns
    -------
    pandas.DataFrame
        One row per series and band with ``min_matches`` matches or more: ``series``,
        ``band``, ``n_matches``, ``n_files``, ``mean_boards``, ``k_match`` (√(Σm²/Σn)),
        ``ci_low``, ``ci_high``, ``k_board`` (√(Σx²/Σn) on the same matches) and
        ``inflation`` (k_match²/k_board²: 1 + (n − 1)δ²/(K² + δ²) for n-board matches).

    Notes
    -----
    Pooled over the series, K by length mixes length with the kind of event (17-20 boards
    are mostly European round robins, 15-16 mostly US knock-outs); within one series the
    field is alike, so a K that grows with n there is the strength term n²δ², not the mix.

    Examples
    --------
    >>> t = k_by_length_within_series(n_boot=100, rng=1)
    >>> print(t.query("series == 'bb'")[["band", "n_matches", "k_match"]].round(2)
    ...       .to_string(index=False))
     band  n_matches  k_match
    15-16        412     6.62
    17-20         51     6.31
      21+         33     7.56
    """
    min_matches = check_int(min_matches, "min_matches", minimum=1)
    level = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    b = check_int(n_boot, "n_boot", minimum=10)
    g = check_rng(rng)
    try:
        bands = [(int(lo), None if hi is None else int(hi)) for lo, hi in bands]
    except (TypeError, ValueError):
        raise fail("bands", "pairs (min_boards, max_boards or None)", bands) from None
    m, data = _matches(margins)
    if "series" not in m:
        raise fail("margins", "a frame with a series column", sorted(m.columns))
    m = m.assign(m2=m.imp_margin.astype(float) ** 2, boards=m.n_boards.astype(float))
    rows, dropped = [], 0
    for series, sm in m.groupby("series", sort=True):
        for lo, hi in bands:
            grp = sm[(sm.n_boards >= lo) & ((sm.n_boards <= hi) if hi is not None else True)]
            if len(grp) < min_matches:
                dropped += int(len(grp) > 0)
                continue
            tot, boot = _file_bootstrap(grp, ["m2", "sum_sq_imps", "boards"], b, g)
            ci = _percentile(np.sqrt(boot[:, 0] / boot[:, 2]), level)
            rows.append({
                "series": series, "band": _band_label(lo, hi), "n_matches": len(grp),
                "n_files": grp.file.nunique(), "mean_boards": float(grp.boards.mean()),
                "k_match": float(np.sqrt(tot[0] / tot[2])), "ci_low": ci[0], "ci_high": ci[1],
                "k_board": float(np.sqrt(tot[1] / tot[2])),
                "inflation": float(tot[0] / tot[1]),
            })  # fmt: skip
    out = pd.DataFrame(rows)
    out.attrs["dropped"] = dropped
    out.attrs["source"] = f"{data}: √(Σm²/Σn) by series and band, files resampled"
    return out


def k_growth_within_series(table):
    """Within each series, the K from margins of its longest band against its shortest.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`k_by_length_within_series`.

    Returns
    -------
    pandas.DataFrame
        One row per series with two bands or more: ``series``, ``short_band``,
        ``short_k``, ``long_band``, ``long_k`` (the bands of smallest and largest
        ``mean_boards``) and ``direction``: ``"higher"`` when the long band's interval lies
        above the short band's, ``"lower"`` when below, ``"overlapping"`` otherwise.

    Examples
    --------
    >>> t = pd.DataFrame({"series": ["a", "a", "b"], "band": ["11-14", "15-16", "15-16"],
    ...                   "mean_boards": [13.0, 16.0, 16.0], "k_match": [5.4, 6.4, 6.1],
    ...                   "ci_low": [4.8, 6.2, 5.7], "ci_high": [5.8, 6.7, 6.5]})
    >>> g = k_growth_within_series(t)
    >>> g[["series", "short_band", "long_band", "direction"]].values.tolist()
    [['a', '11-14', '15-16', 'higher']]
    """
    need = ("series", "band", "mean_boards", "k_match", "ci_low", "ci_high")
    if not isinstance(table, pd.DataFrame) or any(c not in table for c in need):
        raise fail("table", f"a frame with columns {', '.join(need)}", type(table).__name__)
    rows = []
    for series, grp in table.groupby("series", sort=False):
        if len(grp) < 2:
            continue
        short = grp.loc[grp.mean_boards.idxmin()]
        long = grp.loc[grp.mean_boards.idxmax()]
        if long.ci_low > short.ci_high:
            direction = "higher"
        elif long.ci_high < short.ci_low:
            direction = "lower"
        else:
            direction = "overlapping"
        rows.append({"series": series, "short_band": short.band, "short_k": float(short.k_match),
                     "long_band": long.band, "long_k": float(long.k_match),
                     "direction": direction})  # fmt: skip
    return pd.DataFrame(rows, columns=["series", "short_band", "short_k", "long_band", "long_k",
                                       "direction"])  # fmt: skip


def _band_label(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo}+"
    if lo == 1:
        return f"≤{hi}"
    return f"{lo}-{hi}" if hi != lo else f"{lo}"


def k_by_match_length(*, bands=BANDS, margins=None, confidence=0.90, n_boot=2000, rng=None,
                      model=None, min_matches=50):  # fmt: skip
    """The match-level K within bands of match length, against the K(n) model.

    Parameters
    ----------
    bands : sequence of (int, int or None)
        Inclusive board ranges; None as the upper end: no limit (default :data:`BANDS`).
        A band that holds no match is left out (counted in ``attrs["empty_bands"]``).
    margins : pandas.DataFrame, optional
        As :func:`k_per_board`.
    confidence, n_boot, rng
        As :func:`bridgestats.fit.estimate_k_from_matches` (matches resampled; one
        generator runs through the bands in order).
    model : KModel, optional
        The K(n) model to set beside each band (default: :func:`k_model` with the same
        ``confidence``, ``n_boot`` and generator).
    min_matches : int, default 50
        Bands with fewer matches are flagged (their interval is wide and its coverage,
        from a percentile bootstrap of a few dozen matches, uncertain).

    Returns
    -------
    pandas.DataFrame
        One row per band: ``band`` (label), ``min_boards``, ``max_boards`` (None: open),
        ``n_matches``, ``n_boards``, ``mean_boards`` (boards per match, match-weighted),
        ``k_match`` (√(Σm²/Σn)), ``ci_low``, ``ci_high``, ``k_board`` (√(ΣS/Σn) on the same
        matches), ``inflation`` (k_match²/k_board²), ``k_model`` (√(Σσ²(n)/Σn) of the
        model over the band's matches: what the model predicts for ``k_match``), ``flag``
        and ``source``.

    Examples
    --------
    >>> t = k_by_match_length(n_boot=100, rng=1)
    >>> print(t[["band", "n_matches", "k_match", "inflation"]].round(2).to_string(index=False))
     band  n_matches  k_match  inflation
      ≤10        177     6.92       1.24
    11-14        207     6.09       0.94
    15-16       1541     6.46       1.13
    17-20        366     7.22       1.34
      21+         39     7.36       1.41
    """
    g = check_rng(rng)
    min_matches = check_int(min_matches, "min_matches", minimum=1)
    try:
        bands = [(int(lo), None if hi is None else int(hi)) for lo, hi in bands]
    except (TypeError, ValueError):
        raise fail("bands", "pairs (min_boards, max_boards or None)", bands) from None
    if not bands or any(lo < 1 or (hi is not None and hi < lo) for lo, hi in bands):
        raise fail("bands", "pairs with 1 <= min_boards <= max_boards", bands)
    if model is None:
        model = k_model(margins=margins, confidence=confidence, n_boot=n_boot, rng=g)
    elif not isinstance(model, KModel):
        raise fail("model", "a KModel (from k_model) or None", model)
    m, data = _matches(margins)
    rows, empty = [], []
    for lo, hi in bands:
        grp = m[(m.n_boards >= lo) & ((m.n_boards <= hi) if hi is not None else True)]
        if grp.empty:
            empty.append(_band_label(lo, hi))
            continue
        r = estimate_k_from_matches(grp.imp_margin, grp.n_boards, sum_sq=grp.sum_sq_imps,
                                    confidence=confidence, n_boot=n_boot, rng=g)  # fmt: skip
        n = grp.n_boards.to_numpy(dtype=float)
        rows.append({
            "band": _band_label(lo, hi), "min_boards": lo, "max_boards": hi,
            "n_matches": r.n_matches, "n_boards": r.n_boards, "mean_boards": n.mean(),
            "k_match": r.k_match, "ci_low": r.k_match_ci[0], "ci_high": r.k_match_ci[1],
            "k_board": r.k_board, "inflation": r.inflation,
            "k_model": float(np.sqrt(np.sum(model.sigma(n) ** 2) / n.sum())),
            "flag": f"{r.n_matches} matches < {min_matches}" if r.n_matches < min_matches
            else "",
        })  # fmt: skip
    if not rows:
        raise fail("bands", "bands of which one or more hold matches", bands)
    out = pd.DataFrame(rows)
    out["source"] = (f"{data} by match length: √(Σ match margin² / Σ boards), matches "
                     f"resampled; the K(n) model from {model.source.split(':')[0]}")  # fmt: skip
    out.attrs["empty_bands"] = empty
    return out


def implied_scales(*, n_boards=(8, 12, 16, 32), model=None, k_board=None, confidence=0.90,
                   n_boot=2000, rng=None):  # fmt: skip
    """What the estimates imply for the 20-0 of teams scales of several lengths.

    Parameters
    ----------
    n_boards : sequence of int, default (8, 12, 16, 32)
        Match lengths.
    model : KModel, optional
        Default :func:`k_model`.
    k_board : Estimate, optional
        Default :func:`k_per_board`.
    confidence, n_boot, rng
        For the defaults.

    Returns
    -------
    pandas.DataFrame
        One row per length: ``n_boards``; ``k_model`` (σ(n)/√n of the K(n) model),
        ``sigma_model`` and ``top_model`` (the equal-probability 20-0 scale's 20-0 margin,
        Φ⁻¹(1/2 + 19/42)·σ); ``sigma_per_board`` and ``top_per_board`` (σ = K√n with the
        per-board K: boards independent); ``sigma_probst`` and ``top_probst`` (K = 6.5,
        Probst §3); ``wbf_20_from`` (the margin at which the WBF 2013 scale gives 20.00);
        ``source``.

    Examples
    --------
    >>> t = implied_scales(n_boot=100, rng=1)
    >>> print(t[["n_boards", "k_model", "top_model", "top_per_board", "wbf_20_from"]]
    ...       .round(1).to_string(index=False))
     n_boards  k_model  top_model  top_per_board  wbf_20_from
            8      6.3       29.8           28.9           43
           12      6.4       37.3           35.4           52
           16      6.6       44.0           40.9           60
           32      7.1       67.1           57.9           85
    """
    g = check_rng(rng)
    n = np.asarray([check_int(x, "n_boards", minimum=1, maximum=500) for x in n_boards], float)
    model = k_model(confidence=confidence, n_boot=n_boot, rng=g) if model is None else model
    kb = k_per_board(confidence=confidence, n_boot=n_boot, rng=g) if k_board is None else k_board
    z_top = gaussian_z(20)[-1]
    probst = printed("k_manning").value
    sigma_model = model.sigma(n)
    return pd.DataFrame({
        "n_boards": n.astype(int), "k_model": sigma_model / np.sqrt(n),
        "sigma_model": sigma_model, "top_model": z_top * sigma_model,
        "sigma_per_board": kb.value * np.sqrt(n), "top_per_board": z_top * kb.value * np.sqrt(n),
        "sigma_probst": probst * np.sqrt(n), "top_probst": z_top * probst * np.sqrt(n),
        "wbf_20_from": [int(wbf_table(int(x))["imp_margin"].iloc[-1]) for x in n],
        "source": f"K(n): {model.source}; per-board K: {kb.source}",
    })  # fmt: skip


# --------------------------------------------------------------------------- Swiss pairs: σ


def brighton_counts():
    """Probst's Table 7 as rounds × winner's VP, and the thresholds it was scored on.

    Returns
    -------
    table : pandas.DataFrame
        Index ``round`` (1-14), columns ``vp_winner`` (10-20), counts of matches.
    thresholds : numpy.ndarray
        The 2004 scale's thresholds as margins above 50 % (Table 8, ``washington_2004``).

    Examples
    --------
    >>> table, t = brighton_counts()
    >>> int(table.to_numpy().sum()), t[-1].round(2)
    (3598, np.float64(15.99))
    """
    counts = datasets.load(COUNTS)
    table = counts.pivot(index="round", columns="vp_winner", values="count")
    rows = datasets.load(SCALES).query("scale == @SCORED_ON and vp_winner > 10")
    played = scale_from_thresholds(rows.threshold_pct, centre=50, name=SCORED_ON, unit="MP %")
    return table, np.asarray(played.thresholds, dtype=float)


def brighton_round_counts() -> RoundCounts:
    """Brighton 2005 (Probst's Table 7) as a :class:`~bridgestats.studies.rounds.RoundCounts`:
    14 rounds × winner's VP, scored on the 2004 scale (the shipped data of ``washington_sigma``).

    >>> brighton_round_counts().by_round.shape
    (14, 11)
    """
    table, t = brighton_counts()
    played = named_scale(SCORED_ON)
    return RoundCounts(
        by_round=table, thresholds=t, scale=played, scale_id=SCORED_ON, binned_on=played,
        binned_id=SCORED_ON, form="swiss_pairs", unit="MP %", n_boards=8,
        name="Brighton 2005 Swiss pairs",
        source=(f"{COUNTS} on the {SCORED_ON} thresholds ({SCALES}): ML σ of the binned "
                "normal margin, profile-likelihood interval"),
        read_from=(COUNTS, SCALES, PRINTED), printed=printed("cooke_random_draw_sigma"),
    )  # fmt: skip


def brighton_sigma(*, confidence=0.90, first_half_last_round=7, random_draw_rounds=(1, 2),
                   counts=None):  # fmt: skip
    """σ (MP % of an 8-board match) of Brighton 2005 by subset: all, halves, each round.

    The same for a committee's own events with ``counts``.

    Parameters
    ----------
    confidence : float, default 0.90
        Level of the profile-likelihood intervals.
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round, 7 of Brighton's 14).
    random_draw_rounds : sequence of int, default (1, 2)
        The random-draw rounds (Cooke's, Probst §11).
    counts : RoundCounts, optional
        A committee's rounds × outcomes (:func:`bridgestats.studies.committee.round_counts`).

    Returns
    -------
    pandas.DataFrame
        Index ``subset`` (``all``, ``random_draw``, ``first_half``, ``second_half``,
        ``round_1`` ... ``round_14``), columns ``rounds`` (text), ``n``, ``sigma``,
        ``ci_low``, ``ci_high``, ``se``, ``loglik``, ``source``.

    Examples
    --------
    >>> s = brighton_sigma()
    >>> print(s.loc[["all", "random_draw", "round_8"], ["n", "sigma"]].round(2).to_string())
                    n  sigma
    subset
    all          3598  10.97
    random_draw   514  11.66
    round_8       257   9.38
    """
    counts = brighton_round_counts() if counts is None else counts
    return subset_sigma(counts, confidence=confidence, random_draw_rounds=random_draw_rounds,
                        first_half_last_round=first_half_last_round)  # fmt: skip


def brighton_tests(*, first_half_last_round=7, confidence=0.90, counts=None):
    """Likelihood-ratio tests of Brighton's σ: the halves, the 14 rounds, each round vs rest.

    The same for a committee's own events with ``counts``.

    Parameters
    ----------
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round).
    confidence : float, default 0.90
        Level of the σ intervals in ``rounds``.
    counts : RoundCounts, optional
        A committee's rounds × outcomes (as :func:`brighton_sigma`).

    Returns
    -------
    tests : pandas.DataFrame
        Index ``test`` (``halves``, ``rounds``): ``statistic`` (G²), ``df``, ``p_value``,
        ``sigma_pooled``, ``source``.
    rounds : pandas.DataFrame
        :func:`bridgestats.fit.sigma_one_vs_rest` of the 14 rounds (index ``round``):
        each round's σ against the other 13 rounds', ``p_value`` and ``p_holm``.

    Examples
    --------
    >>> tests, rounds = brighton_tests()
    >>> print(tests[["statistic", "df", "p_value"]].round(4).to_string())
            statistic  df  p_value
    test
    halves    10.9916   1   0.0009
    rounds    22.3932  13   0.0496
    """
    counts = brighton_round_counts() if counts is None else counts
    return sigma_tests(counts, first_half_last_round=first_half_last_round,
                       confidence=confidence)  # fmt: skip


def swiss_pairs_sigma(conditions="whole_event", *, ascherman=False, n_results=None,
                      confidence=0.90):  # fmt: skip
    """The σ of an 8-board Swiss pairs match for stated conditions of use, from Brighton.

    Parameters
    ----------
    conditions : {"whole_event", "random_draw", "swiss_rounds"}
        Which matches the scale is to treat as equally likely to give each outcome
        (:data:`CONDITIONS`): all rounds of a multi-round Swiss (random draws first, then
        pairs of like score), the random-draw rounds only (a one-day event, the first
        rounds), or the late rounds, where the Swiss has sorted the field.
    ascherman : bool, default False
        Correct for Ascherman scoring, which removes the field-size effect: σ times
        (P_A − 50)/(P_R − 50), P_A the Ascherman 20-0 and P_R the normal-scoring 20-0 for
        ``n_results`` results (:func:`bridgestats.sigma.swiss_pairs_top_percent`).
    n_results : int, optional
        Results per board behind Brighton's normal scoring; default the article's 63
        (``seeds/probst_printed_figures``, ``brighton_field_tables``).
    confidence : float, default 0.90

    Returns
    -------
    Estimate
        ``n`` is the number of matches.

    Notes
    -----
    Probst (§11): a scale should "behave 'normally' on a random draw such as we have in
    round 1 & 2, and where 20-0's become progressively tougher as the event progresses";
    so the random-draw σ (Cooke's 11.73, "about 11.65%" after Ascherman) if every round is
    to be hard on mismatches; the whole-event σ if every outcome is to be equally frequent
    over the event the scale is used for; the EBU settled on 11 %.

    Examples
    --------
    >>> e = swiss_pairs_sigma("random_draw", ascherman=True)
    >>> print(f"{e.value:.2f} ({e.ci[0]:.2f}-{e.ci[1]:.2f}) {e.unit}, {e.n} matches")
    11.57 (10.90-12.29) MP %, 514 matches
    """
    check_choice(conditions, "conditions", tuple(CONDITIONS))
    ascherman = check_flag(ascherman, "ascherman")
    subset = {"whole_event": "all", "random_draw": "random_draw",
              "swiss_rounds": "second_half"}[conditions]  # fmt: skip
    row = brighton_sigma(confidence=confidence).loc[subset]
    ratio, how = 1.0, ""
    if ascherman:
        size = printed("brighton_field_tables").value if n_results is None else n_results
        size = check_int(size, "n_results", minimum=21)
        ratio = float((swiss_pairs_top_percent(8, ascherman=True) - 50)
                      / (swiss_pairs_top_percent(8, n_results=size) - 50))  # fmt: skip
        how = f", × {ratio:.4f} for Ascherman scoring (field of {size})"
    return Estimate(
        name=f"sigma_{conditions}" + ("_ascherman" if ascherman else ""),
        value=float(row.sigma) * ratio,
        ci=(float(row.ci_low) * ratio, float(row.ci_high) * ratio),
        confidence=float(confidence),
        n=int(row.n),
        n_unit="matches",
        unit="MP %",
        source=f"{COUNTS}, rounds {row.rounds} ({CONDITIONS[conditions]}): {row.source}{how}",
    )


# --------------------------------------------------------------------------- scales under σ


def _check_scales(scales) -> dict:
    if not isinstance(scales, dict) or not scales:
        raise fail("scales", "a non-empty dict of name -> VPScale", scales)
    for name, scale in scales.items():
        if not isinstance(scale, VPScale):
            raise fail("scales", "VPScale values", given=f"{name!r}: {type(scale).__name__}")
    return scales


def _frequencies(scale: VPScale, sigma) -> np.ndarray:
    """Outcome probabilities at σ (array (s,) → (s, outcomes)); whole-unit scales with the
    continuity correction of :meth:`VPScale.integer_ranges` (a band starts at ⌈t/step⌉·step,
    so a normal margin rounded to the step reaches it from ⌈t/step⌉·step − step/2)."""
    t = np.asarray(scale.thresholds, dtype=float)
    if scale.step:
        t = np.ceil(t / scale.step - 1e-9) * scale.step - scale.step / 2
    sig = np.atleast_1d(np.asarray(sigma, dtype=float))
    upper = stats.norm.sf(t[None, :] / sig[:, None])  # P(margin >= t), one side
    tail = np.column_stack([np.full(sig.size, 0.5), upper, np.zeros(sig.size)])
    return 2 * (tail[:, :-1] - tail[:, 1:])  # the tie: 2(½ − P(m >= t₀)) = 1 − 2·P(m >= t₀)


def outcome_frequencies(scales, *, sigma):
    """The expected share of each outcome of each scale between equal sides at one σ.

    Parameters
    ----------
    scales : dict of str -> VPScale
        The scales (a Gaussian design, a published table, the WBF discrete scale ...), in
        the margin's unit; a scale with a ``step`` (whole IMPs) is read as printed in whole
        units (continuity correction).
    sigma : float
        σ of the match margin (> 0), in the same unit.

    Returns
    -------
    pandas.DataFrame
        One row per scale and outcome (central first): ``scale``, ``outcome`` (label),
        ``vp_winner``, ``probability`` (both signs folded), ``equal_share`` (what an
        equal-probability scale gives that outcome: 1/(N + 1) for the tie, 2/(N + 1) for
        the others; NaN for a scale with negative VPs) and ``ratio`` (probability over
        equal share).

    Examples
    --------
    The EBU 7-9 board table at σ = 11 % (the σ it was built for): every outcome near its share.

    >>> from bridgestats import datasets
    >>> ebu = scale_from_thresholds(datasets.load("seeds/ebu_swiss_pairs_7_9").threshold_pct,
    ...                             centre=50)
    >>> f = outcome_frequencies({"ebu": ebu}, sigma=11.0)
    >>> print(f.ratio.round(2).tolist())
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """
    scales = _check_scales(scales)
    sig = check_number(sigma, "sigma", low=0, low_open=True)
    rows = []
    for name, scale in scales.items():
        p = _frequencies(scale, sig)[0]
        share = np.r_[1.0, np.full(len(scale.thresholds), 2.0)] / (scale.max_vp + 1)
        if scale.negative:
            share = np.full(p.size, np.nan)
        rows.append(pd.DataFrame({
            "scale": name, "outcome": scale.labels, "vp_winner": scale.vp_winner,
            "probability": p, "equal_share": share, "ratio": p / share,
        }))  # fmt: skip
    return pd.concat(rows, ignore_index=True)


def sensitivity(scales, *, sigmas):
    """How each scale's outcome shares move over a range of σ: the 20-0, the 10-10, the
    band furthest from its share.

    Parameters
    ----------
    scales : dict of str -> VPScale
        As :func:`outcome_frequencies` (20-0-type scales without negative VPs).
    sigmas : array_like
        The σ values (> 0).

    Returns
    -------
    pandas.DataFrame
        One row per scale and σ: ``scale``, ``sigma``, ``p_top`` (the top outcome, e.g.
        20-0), ``p_tie`` (10-10), ``top_ratio`` (p_top over its equal share),
        ``worst_outcome`` and ``worst_ratio`` (the outcome whose probability is furthest,
        in ratio, from its equal share, and that ratio).

    Examples
    --------
    >>> from bridgestats.vp import gaussian_scale
    >>> t = sensitivity({"sigma 11": gaussian_scale(sigma=11.0)}, sigmas=[9.59, 11.0, 12.0])
    >>> print(t[["sigma", "p_top", "top_ratio"]].round(3).to_string(index=False))
     sigma  p_top  top_ratio
      9.59  0.056      0.584
     11.00  0.095      1.000
     12.00  0.126      1.325
    """
    scales = _check_scales(scales)
    sig = as_finite_array(sigmas, "sigmas").ravel()
    if np.any(sig <= 0):
        raise fail("sigmas", "positive numbers", float(sig[sig <= 0][0]))
    rows = []
    for name, scale in scales.items():
        if scale.negative:
            raise fail("scales", "scales without negative VPs", given=f"{name!r}")
        p = _frequencies(scale, sig)
        share = np.r_[1.0, np.full(len(scale.thresholds), 2.0)] / (scale.max_vp + 1)
        ratio = p / share
        worst = np.argmax(np.abs(np.log(np.maximum(ratio, 1e-300))), axis=1)
        rows.append(pd.DataFrame({
            "scale": name, "sigma": sig, "p_top": p[:, -1], "p_tie": p[:, 0],
            "top_ratio": ratio[:, -1], "worst_outcome": np.asarray(scale.labels)[worst],
            "worst_ratio": ratio[np.arange(sig.size), worst],
        }))  # fmt: skip
    return pd.concat(rows, ignore_index=True)


# --------------------------------------------------------------------------- printed figures


def printed_figures():
    """The single figures Probst's article prints (``seeds/probst_printed_figures``).

    Returns
    -------
    pandas.DataFrame
        Index ``figure``; the seed's columns (its README), and ``label``, who (what),
        as a table names the figure: "John Manning (for round robins)".
    """
    table = datasets.load(PRINTED, dtype={"printed": str}).set_index("figure")
    return table.assign(label=table["who"] + " (" + table["what"] + ")")


def printed(figure):
    """One printed figure as an :class:`Estimate` (its range as ``ci`` where printed).

    Parameters
    ----------
    figure : str
        A name of the ``figure`` column of ``seeds/probst_printed_figures``
        (``"cooke_random_draw_sigma"``, ``"k_manning"``, ``"sheffield_sigma"`` ...).

    Returns
    -------
    Estimate
        ``value`` as printed; ``ci`` the printed interval or range (None where there is
        none), ``confidence`` its level where the article states one; ``n`` is 1.

    Examples
    --------
    >>> e = printed("cooke_random_draw_sigma")
    >>> print(e.value, e.ci, e.confidence, e.source)
    11.73 (11.04, 12.55) 0.9 seeds/probst_printed_figures: Jonathan Cooke, as printed in Probst §11
    """
    table = printed_figures()
    row = table.loc[check_choice(figure, "figure", list(table.index))]
    has_range = pd.notna(row.range_low)
    return Estimate(
        name=figure,
        value=float(row.value),
        ci=(float(row.range_low), float(row.range_high)) if has_range else None,
        confidence=None if pd.isna(row.confidence) else float(row.confidence),
        n=1,
        n_unit="printed figure",
        unit=row.unit,
        source=f"{PRINTED}: {row.who}, as printed in Probst §{row.section}",
    )
