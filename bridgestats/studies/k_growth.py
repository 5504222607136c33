"""How K grows with the match's length: σ²(n) = nK² + n²δ², fitted and measured.

- :func:`k_model`, :func:`k_model_table`: σ²(n) = nK² + n²δ² on the margins alone, all and
  by series, with cluster-bootstrap intervals (files resampled) and a flag on groups whose
  interval cannot be trusted;
- :func:`delta_within_match`: δ measured within each match (the figures every scale uses);
- :func:`k_by_match_length`, :func:`k_by_length_within_series`,
  :func:`k_growth_within_series`: the match-level K within bands of match length;
- :func:`implied_scales`: what the estimates mean for 8-, 12-, 16- and 32-board scales.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3, §10
   and §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._validate import (
    as_finite_array,
    check_choice,
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
from ..vp import gaussian_z, wbf_table
from .estimates import (
    BANDS,
    printed,
)
from .k_estimates import _matches, k_per_board

__all__ = [
    "KModel",
    "delta_within_match",
    "implied_scales",
    "k_by_length_within_series",
    "k_by_match_length",
    "k_growth_within_series",
    "k_model",
    "k_model_table",
]


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
    r = fit_strength_spread(
        m.imp_margin, m.n_boards, cluster=m.file, confidence=confidence, n_boot=n_boot, rng=rng
    )
    which = "every match" if series is None else f"series {series}"
    return KModel(
        **dataclasses.asdict(r),
        source=f"{data} ({which}): Gaussian ML of σ²(n) = nK² + n²δ² on the match margins, "
        "percentile bootstrap resampling files",
    )


def k_model_table(
    *,
    confidence=0.90,
    n_boot=2000,
    rng=None,
    min_matches=100,
    min_files=10,
    min_length_ratio=1.25,
    length_matches=20,
):
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
        fitted = k_model(
            series=None if name == "all" else name, confidence=confidence, n_boot=n_boot, rng=g
        )
        counts = grp.n_boards.value_counts()
        common = counts.index[counts >= length_matches]
        ratio = float(common.max() / common.min()) if len(common) else 1.0
        reasons = []
        if len(grp) < min_matches:
            reasons.append(f"{len(grp)} matches < {min_matches}")
        if fitted.n_clusters < min_files:
            reasons.append(f"{fitted.n_clusters} files < {min_files}")
        if ratio < min_length_ratio:
            reasons.append(f"common lengths {sorted(common.tolist())} too alike to part K from δ")
        if fitted.k_ci[0] <= 0:
            reasons.append("K's interval reaches 0")
        rows.append(
            {
                "group": name,
                "n_matches": fitted.n_matches,
                "n_files": fitted.n_clusters,
                "length_ratio": ratio,
                "k": fitted.k,
                "k_ci_low": fitted.k_ci[0],
                "k_ci_high": fitted.k_ci[1],
                "delta": fitted.delta,
                "delta_ci_low": fitted.delta_ci[0],
                "delta_ci_high": fitted.delta_ci[1],
                "k_16": fitted.k_at(16),
                "flag": "; ".join(reasons),
                "source": fitted.source,
            }
        )
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


def delta_within_match(
    *,
    min_boards=12,
    max_boards=32,
    margins=None,
    confidence=0.90,
    n_boot=2000,
    rng=None,
    min_files=10,
):
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
    m = m.assign(cross=m.imp_margin.astype(float) ** 2 - m.sum_sq_imps, pairs=n * (n - 1), boards=n)
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
        rows.append(
            {
                "group": name,
                "n_matches": len(grp),
                "n_files": grp.file.nunique(),
                "delta2": float(d2),
                "delta": float(np.sqrt(max(d2, 0.0))),
                "delta_ci_low": _percentile(delta_b, level)[0],
                "delta_ci_high": _percentile(delta_b, level)[1],
                "k": float(np.sqrt(max(ms - max(d2, 0.0), 0.0))),
                "k_ci_low": _percentile(k_b, level)[0],
                "k_ci_high": _percentile(k_b, level)[1],
                "k_board": float(np.sqrt(ms)),
                "flag": "" if grp.file.nunique() >= few else f"{grp.file.nunique()} files < {few}",
                "source": f"{data} ({name}, {lo}-{hi} boards): within-match δ² = "
                "Σ(m² − Σx²)/Σn(n − 1), percentile bootstrap resampling files",
            }
        )
    return pd.DataFrame(rows)


def k_by_length_within_series(
    *, bands=BANDS, margins=None, min_matches=20, confidence=0.90, n_boot=2000, rng=None
):
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
            rows.append(
                {
                    "series": series,
                    "band": _band_label(lo, hi),
                    "n_matches": len(grp),
                    "n_files": grp.file.nunique(),
                    "mean_boards": float(grp.boards.mean()),
                    "k_match": float(np.sqrt(tot[0] / tot[2])),
                    "ci_low": ci[0],
                    "ci_high": ci[1],
                    "k_board": float(np.sqrt(tot[1] / tot[2])),
                    "inflation": float(tot[0] / tot[1]),
                }
            )
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
        rows.append(
            {
                "series": series,
                "short_band": short.band,
                "short_k": float(short.k_match),
                "long_band": long.band,
                "long_k": float(long.k_match),
                "direction": direction,
            }
        )
    return pd.DataFrame(
        rows, columns=["series", "short_band", "short_k", "long_band", "long_k", "direction"]
    )


def _band_label(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo}+"
    if lo == 1:
        return f"≤{hi}"
    return f"{lo}-{hi}" if hi != lo else f"{lo}"


def k_by_match_length(
    *, bands=BANDS, margins=None, confidence=0.90, n_boot=2000, rng=None, model=None, min_matches=50
):
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
        r = estimate_k_from_matches(
            grp.imp_margin,
            grp.n_boards,
            sum_sq=grp.sum_sq_imps,
            confidence=confidence,
            n_boot=n_boot,
            rng=g,
        )
        n = grp.n_boards.to_numpy(dtype=float)
        rows.append(
            {
                "band": _band_label(lo, hi),
                "min_boards": lo,
                "max_boards": hi,
                "n_matches": r.n_matches,
                "n_boards": r.n_boards,
                "mean_boards": n.mean(),
                "k_match": r.k_match,
                "ci_low": r.k_match_ci[0],
                "ci_high": r.k_match_ci[1],
                "k_board": r.k_board,
                "inflation": r.inflation,
                "k_model": float(np.sqrt(np.sum(model.sigma(n) ** 2) / n.sum())),
                "flag": f"{r.n_matches} matches < {min_matches}"
                if r.n_matches < min_matches
                else "",
            }
        )
    if not rows:
        raise fail("bands", "bands of which one or more hold matches", bands)
    out = pd.DataFrame(rows)
    out["source"] = (
        f"{data} by match length: √(Σ match margin² / Σ boards), matches "
        f"resampled; the K(n) model from {model.source.split(':')[0]}"
    )
    out.attrs["empty_bands"] = empty
    return out


def implied_scales(
    *, n_boards=(8, 12, 16, 32), model=None, k_board=None, confidence=0.90, n_boot=2000, rng=None
):
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
    return pd.DataFrame(
        {
            "n_boards": n.astype(int),
            "k_model": sigma_model / np.sqrt(n),
            "sigma_model": sigma_model,
            "top_model": z_top * sigma_model,
            "sigma_per_board": kb.value * np.sqrt(n),
            "top_per_board": z_top * kb.value * np.sqrt(n),
            "sigma_probst": probst * np.sqrt(n),
            "top_probst": z_top * probst * np.sqrt(n),
            "wbf_20_from": [int(wbf_table(int(x))["imp_margin"].iloc[-1]) for x in n],
            "source": f"K(n): {model.source}; per-board K: {kb.source}",
        }
    )
