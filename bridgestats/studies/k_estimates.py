"""K, the standard deviation of a board's swing, from real team matches.

Teams (``derived/match_margins``, 2,330 two-room matches of 37,099 boards):

- :func:`k_per_board`: K = √(Σ swing²/boards), matches resampled;
- :func:`k_per_board_by`: the same within each series (or series-decade);
- :func:`k_match`: the match-level K, √(Σ margin²/Σ boards), and the variance inflation
  (the one "match K" every report uses);
- :func:`k_between_series`: a random-effects K whose interval carries the between-series
  spread that the pooled interval leaves out [2]_ [3]_.

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

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from .. import datasets
from .._validate import (
    check_choice,
    check_frame,
    check_int,
    check_number,
    check_rng,
    fail,
)
from ..fit import (
    estimate_k_from_matches,
)
from .estimates import (
    MATCHES,
    Estimate,
)

__all__ = [
    "KBetween",
    "MatchLevelK",
    "k_between_series",
    "k_match",
    "k_per_board",
    "k_per_board_by",
]


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
    r = estimate_k_from_matches(
        m.imp_margin,
        m.n_boards,
        sum_sq=m.sum_sq_imps,
        confidence=confidence,
        n_boot=n_boot,
        rng=rng,
    )
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


def k_per_board_by(
    *, by="series", margins=None, min_matches=1, confidence=0.90, n_boot=2000, rng=None
):
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
    z = stats.norm.ppf(
        0.5
        + check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True) / 2
    )
    rows, dropped = [], 0
    for name, grp in m.groupby(col):
        if len(grp) < min_matches:
            dropped += 1
            continue
        r = estimate_k_from_matches(
            grp.imp_margin,
            grp.n_boards,
            sum_sq=grp.sum_sq_imps,
            confidence=confidence,
            n_boot=n_boot,
            rng=g,
        )
        rows.append(
            {
                "group": name,
                "n_matches": r.n_matches,
                "n_boards": r.n_boards,
                "n_files": int(grp.file.nunique()),
                "k": r.k_board,
                "ci_low": r.k_board_ci[0],
                "ci_high": r.k_board_ci[1],
                "se": (r.k_board_ci[1] - r.k_board_ci[0]) / (2 * z),
            }
        )
    if not rows:  # say what the data lack, rather than return a frame with no columns
        most = int(m.groupby(col).size().max()) if len(m) else 0
        raise fail(
            "margins",
            f"at least one {col} with {min_matches} or more matches (min_matches)",
            given=f"{m[col].nunique()} {col}(s) with at most {most} match(es) each",
        )
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


def k_between_series(
    *, by="series", margins=None, min_matches=1, confidence=0.90, n_boot=2000, rng=None
):
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
    groups = k_per_board_by(
        by=by, margins=margins, min_matches=min_matches, confidence=conf, n_boot=n_boot, rng=g
    )
    pooled = k_per_board(margins=margins, confidence=conf, n_boot=n_boot, rng=g)
    k_g, se_g = groups["k"].to_numpy(), groups["se"].to_numpy()
    n_g = k_g.size
    if n_g < 3 or np.any(se_g <= 0):
        raise fail(
            "by",
            "groups of which three or more have a K with an interval",
            given=f"{n_g} group(s) {groups['group'].tolist()}",
        )
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


def k_match(*, min_boards=8, max_boards=32, margins=None, confidence=0.90, n_boot=2000, rng=None):
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
        raise fail("min_boards", f"a range of lengths that holds matches; none of {lo}-{hi}", lo)
    r = estimate_k_from_matches(
        m.imp_margin,
        m.n_boards,
        sum_sq=m.sum_sq_imps,
        confidence=confidence,
        n_boot=n_boot,
        rng=rng,
    )
    return MatchLevelK(
        k=r.k_match,
        ci=r.k_match_ci,
        k_board=r.k_board,
        k_board_ci=r.k_board_ci,
        inflation=r.inflation,
        inflation_ci=r.inflation_ci,
        rho=r.rho,
        n_matches=r.n_matches,
        n_boards=r.n_boards,
        min_boards=lo,
        max_boards=hi,
        confidence=r.confidence,
        source=f"{data}, matches of {lo}-{hi} boards: √(Σ match margin² / Σ boards), "
        "percentile bootstrap resampling matches",
    )
