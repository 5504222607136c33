"""Butler and cross-IMP scales: the Butler factor, the spread of Butler totals, the scale.

What the data can and cannot test: this module tests Probst's model for *online* Butler
with *face-to-face* championship full fields re-scored as Butler IMPs. It can measure the
Butler factor B and set the equal-pairs σ against the real spread of face-to-face Butler
totals; it cannot test what the model adds for online play (the K of 7, the shooting IMP,
the incomplete barometer). The excess of the totals' variance over the equal-pairs model
(:attr:`ButlerSpread.excess_variance_share`, about 22 %) is what that model leaves
unexplained, not shown to be differences in strength: boards correlated within a round, the
trimmed datum or the IMP scale's curvature could contribute, and these data do not separate
them.

Probst's §5-6 (J. Probst, "On VP Scales", c. 2006, reproduced on bridgeguys.com) builds a
VP scale for Butler IMPs from the teams model σ = K√n: Butler IMPs overstate head-to-head
IMPs by a factor B ("between 1.18 and 1.2, let's call it 6/5"), a result is compared with
C = T − 1 others of T tables, so a pair's Butler total over n boards has

    σ = B·K·√(n·C/(2T)) (+ 1 IMP online, for shooting on the last board),

23.22 IMPs for his 15-board, 15-table online event (20-0 at 1.668σ = 38.7). Cross-IMPed
teams of eight follow Pomfrey's √(C·R) rule, σ = K·√(n·C·R/2).

This module measures B on the shipped real full fields (:func:`butler_factors`), sets the
model against the spread of real Butler session totals (:func:`butler_session_spread`),
recomputes Probst's worked examples (:func:`probst_butler_examples`) and gives the scale for
an event from the measured B and K (:func:`butler_scale`). The data are
``data/derived/fullfield_board_spreads.csv`` (per board: the Butler IMP SD with the plain
and the trimmed datum, the cross-IMP RMS, the tables) and
``data/derived/rating_sessions.csv`` (per table and round: the pair's Butler total, trimmed
datum), both derived from the VALET full fields of World and European championships.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import datasets
from .._validate import check_flag, check_int, check_number, check_rng
from ..fit import butler_factor, estimate_k_from_counts
from ..sigma import form_sigma, sigma_butler_online, sigma_cross_imps, sigma_teams
from ..vp import VPScale, event_scale, gaussian_scale, gaussian_z
from .committee import board_spreads

__all__ = [
    "DATUM_NAMES",
    "HEADLINE",
    "SCALE_NAMES",
    "ButlerReport",
    "ButlerSpread",
    "butler_factors",
    "butler_report",
    "butler_scale",
    "butler_session_spread",
    "event_butler_scales",
    "event_scale_sentence",
    "probst_butler_examples",
]

_DATUM_COLUMNS = {"mean": "butler_imps_sd_mean", "trimmed": "butler_imps_sd_trimmed"}


def butler_factors(*, confidence=0.90, n_boot=2000, rng=None, spreads=None) -> pd.DataFrame:
    """The Butler factor B on the shipped full fields, with the plain and the trimmed datum.

    Or on a committee's own full fields with ``spreads``.

    Parameters
    ----------
    confidence : float
        Level of the bootstrap intervals (boards resampled).
    n_boot : int
        Bootstrap replicates.
    rng : None, int or numpy.random.Generator
    spreads : pandas.DataFrame, optional
        Per-board spreads in the columns of ``data/derived/fullfield_board_spreads`` (a
        committee's: :func:`bridgestats.studies.committee.board_spreads`); the shipped file
        by default.

    Returns
    -------
    pandas.DataFrame
        One row per datum (``"mean"``: the plain average, Probst's; ``"trimmed"``: top and
        bottom dropped, rounded to 10, :func:`bridgestats.scoring.butler_datum`): ``datum``,
        ``b``, ``ci_low``, ``ci_high``, ``se``, ``n_boards``.

    Examples
    --------
    >>> t = butler_factors(n_boot=50, rng=1).set_index("datum")
    >>> t["b"].round(3).to_dict()
    {'mean': 1.189, 'trimmed': 1.158}
    """
    gen = check_rng(rng)
    if spreads is None:
        spreads = datasets.load("derived/fullfield_board_spreads")
    rows = []
    for datum, column in _DATUM_COLUMNS.items():
        fit = butler_factor(
            spreads[column],
            spreads["cross_imps_rms"],
            spreads["n_tables"],
            confidence=confidence,
            n_boot=n_boot,
            rng=gen,
        )
        rows.append((datum, fit.b, fit.ci[0], fit.ci[1], fit.se, fit.n_boards))
    return pd.DataFrame(rows, columns=["datum", "b", "ci_low", "ci_high", "se", "n_boards"])


@dataclass(frozen=True)
class ButlerSpread:
    """The spread of real Butler session totals against Probst's model
    (:func:`butler_session_spread`).

    Attributes
    ----------
    groups : pandas.DataFrame
        One row per event and round: ``event``, ``round``, ``n_tables`` (T),
        ``n_boards`` (mean boards per table), ``k`` (the boards' own K: the RMS of their
        cross-IMP RMS), ``observed_sd`` (SD of the tables' Butler totals, NS side),
        ``model_sd`` (B·K·√(n(T − 1)/(2T)), face to face: no shooting IMP) and ``ratio``.
    b : float
        The B used (trimmed datum, as the session totals).
    ratio, ratio_ci : float, tuple
        Median ratio observed/model over the groups and its bootstrap interval (whole
        events resampled: the rounds of one event share its field).
    excess_variance_share, excess_variance_share_ci : float, tuple
        Share of the observed variance the equal-pairs model does not explain,
        1 − Σ model²/Σ observed², and its interval: an excess over that model, which
        differences in strength between pairs would give but which is not shown to be
        strength (between-board correlation, the datum, the IMP scale's curvature could
        add to it; these data do not separate them).
    n_groups, n_sessions, n_events : int
        Rounds, table results and events used.
    confidence : float
    """

    groups: pd.DataFrame
    b: float
    ratio: float
    ratio_ci: tuple
    excess_variance_share: float
    excess_variance_share_ci: tuple
    n_groups: int
    n_sessions: int
    n_events: int
    confidence: float


def butler_session_spread(*, min_tables=8, confidence=0.90, n_boot=2000, rng=None):
    """Real Butler session totals against Probst's σ = B·K·√(n·C/(2T)).

    Parameters
    ----------
    min_tables : int
        Rounds with fewer tables are left out (a spread over few tables is noisy), 3-1000.
    confidence : float
        Level of the bootstrap intervals.
    n_boot : int
        Bootstrap replicates (10 to 10⁶).
    rng : None, int or numpy.random.Generator

    Returns
    -------
    ButlerSpread

    Notes
    -----
    Each round of a full field is a group: T tables played the same boards, each pair's
    Butler total over its n boards is a session (``rating_sessions.csv``). Under Probst's
    model, pairs of equal strength and independent boards, the totals' SD is
    B·K·√(n(T − 1)/(2T)) with this round's own K (from ``fullfield_board_spreads.csv``)
    and the trimmed-datum B measured on all boards. The observed SD exceeds the model's;
    the ratio says by how much a Butler scale built on the equal-pairs σ is too narrow for a
    face-to-face championship field. Differences in strength would give such an excess, but
    so could boards correlated within a round: the excess is not shown to be strength. The
    fields are face to face, so nothing here tests the online terms of Probst's model.

    Examples
    --------
    >>> s = butler_session_spread(n_boot=50, rng=1)
    >>> s.n_groups > 900, 1.0 < s.ratio < 1.6
    (True, True)
    """
    min_tables = check_int(min_tables, "min_tables", minimum=3, maximum=1000)
    confidence = check_number(confidence, "confidence", low=0.5, high=0.9999)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=1_000_000)
    gen = check_rng(rng)
    b = float(butler_factors(n_boot=10, rng=0).set_index("datum").loc["trimmed", "b"])
    sessions = datasets.load("derived/rating_sessions")
    spreads = datasets.load("derived/fullfield_board_spreads")
    k = (
        spreads.assign(k2=spreads["cross_imps_rms"] ** 2)
        .groupby(["event", "round"])["k2"]
        .mean()
        .pow(0.5)
        .rename("k")
    )
    groups = sessions.groupby(["event", "round"]).agg(
        n_tables=("butler_imps_ns", "size"),
        n_boards=("n_boards", "mean"),
        observed_sd=("butler_imps_ns", lambda x: float(np.std(x, ddof=1))),
    )
    groups = groups.join(k, how="inner")
    groups = groups[groups["n_tables"] >= min_tables].reset_index()
    t = groups["n_tables"].to_numpy(dtype=float)
    groups["model_sd"] = b * groups["k"] * np.sqrt(groups["n_boards"] * (t - 1) / (2 * t))
    groups["ratio"] = groups["observed_sd"] / groups["model_sd"]
    ratio = groups["ratio"].to_numpy()
    obs2, mod2 = groups["observed_sd"].to_numpy() ** 2, groups["model_sd"].to_numpy() ** 2
    # cluster bootstrap: whole events resampled (rounds of one event share its field)
    events = groups["event"].to_numpy()
    labels, codes = np.unique(events, return_inverse=True)
    members = [np.flatnonzero(codes == i) for i in range(len(labels))]
    boot_ratio = np.empty(n_boot)
    boot_share = np.empty(n_boot)
    for i in range(n_boot):
        pick = np.concatenate([members[j] for j in gen.integers(0, len(labels), len(labels))])
        boot_ratio[i] = np.median(ratio[pick])
        boot_share[i] = 1.0 - mod2[pick].sum() / obs2[pick].sum()
    tail = (1 - confidence) / 2
    q = [tail, 1 - tail]
    return ButlerSpread(
        groups=groups,
        b=b,
        ratio=float(np.median(ratio)),
        ratio_ci=tuple(float(v) for v in np.quantile(boot_ratio, q)),
        excess_variance_share=float(1.0 - mod2.sum() / obs2.sum()),
        excess_variance_share_ci=tuple(float(v) for v in np.quantile(boot_share, q)),
        n_groups=len(groups),
        n_sessions=int(groups["n_tables"].sum()),
        n_events=len(labels),
        confidence=confidence,
    )


def probst_butler_examples(*, b=None, k=None) -> pd.DataFrame:
    """Probst's Butler and cross-IMP worked examples, recomputed, beside the measured model.

    Parameters
    ----------
    b, k : float, optional
        The measured B and K for the face-to-face rows (omitted: those rows are left out).

    Returns
    -------
    pandas.DataFrame
        One row per example: ``example``, ``n_boards``, ``tables``, ``sigma`` (IMPs),
        ``top`` (the 20-0 threshold, 1.66839σ), ``printed_sigma`` and ``printed_top`` (the
        article's figures, where it prints them) and ``model`` (the formula).

    Examples
    --------
    >>> t = probst_butler_examples().set_index("example")
    >>> t.loc["online Butler, Probst", ["sigma", "top"]].round(2).tolist()
    [23.22, 38.75]
    >>> round(float(t.loc["cross-IMP teams of eight", "top"]), 1)
    86.8
    """
    top = float(gaussian_z(20)[-1])
    printed = (
        datasets.load("seeds/probst_figures", dtype={"printed": str})
        .set_index("item")["printed"]
        .astype(float)
    )
    rows = [
        (
            "teams of four, Probst",
            15,
            2,
            float(sigma_teams(15)),
            printed["teams_15_sigma"],
            printed["teams_15_20_0"],
            "K√n, K = 6.5",
        ),
        (
            "online Butler, Probst",
            15,
            15,
            float(sigma_butler_online(15, n_tables=15)),
            printed["butler_online_sigma"],
            printed["butler_online_20_0"],
            "B·K·√(n(T−1)/(2T)) + 1, B = 1.2, K = 7",
        ),
        (
            "cross-IMP teams of eight",
            8,
            4,
            float(sigma_cross_imps(8, comparisons=4, n_results=4)),
            np.nan,
            printed["teams_of_8_20_0"],
            "K√(nCR/2), C = R = 4, K = 6.5",
        ),
    ]
    if b is not None and k is not None:
        b = check_number(b, "b", low=0.5, high=3.0)
        k = check_number(k, "k", low=0.5, high=50.0)
        for boards, tables in ((15, 15), (8, 12), (16, 20), (24, 30)):
            sigma = float(sigma_butler_online(boards, n_tables=tables, k=k, b=b, shooting=0.0))
            rows.append(
                (
                    f"face-to-face Butler, measured ({boards} boards, {tables} tables)",
                    boards,
                    tables,
                    sigma,
                    np.nan,
                    np.nan,
                    f"B·K·√(n(T−1)/(2T)), B = {b:.3f}, K = {k:.2f}",
                )
            )
    frame = pd.DataFrame(
        rows,
        columns=["example", "n_boards", "tables", "sigma", "printed_sigma", "printed_top", "model"],
    )
    frame.insert(4, "top", top * frame["sigma"])
    return frame


def butler_scale(n_boards, *, n_tables, b, k, inflation=1.0, online=False, negative=0) -> VPScale:
    """The 20-0 Butler scale for an event, from a measured B and K.

    Parameters
    ----------
    n_boards : int
        Boards each pair plays (1-500).
    n_tables : int
        Tables in play T (a result is compared with T − 1 others), 2-1000.
    b, k : float
        The Butler factor and the per-board K (e.g. :func:`butler_factors`, the K of
        :mod:`bridgestats.fit`).
    inflation : float
        Factor on σ for a field of unequal pairs (1: Probst's equal pairs; the ratio of
        :func:`butler_session_spread` for a championship-like field), 1-3.
    online : bool
        Add Probst's 1 IMP for shooting on the last board of an online event.
    negative : int
        Negative-VP steps (0-2000).

    Returns
    -------
    VPScale
        IMPs, thresholds at σ·z.

    Examples
    --------
    >>> s = butler_scale(15, n_tables=15, b=1.2, k=7.0, online=True)
    >>> round(float(s.thresholds[-1]), 2)
    38.75
    """
    n_boards = check_int(n_boards, "n_boards", minimum=1, maximum=500)
    n_tables = check_int(n_tables, "n_tables", minimum=2, maximum=1000)
    inflation = check_number(inflation, "inflation", low=1.0, high=3.0)
    online = check_flag(online, "online")
    base = float(sigma_butler_online(n_boards, n_tables=n_tables, k=k, b=b, shooting=0.0))
    sigma = base * inflation + (1.0 if online else 0.0)
    return gaussian_scale(
        20,
        sigma=sigma,
        negative=negative,
        unit="IMPs",
        name=f"Butler, {n_boards} boards, {n_tables} tables",
    )


def event_butler_scales(n_boards, *, n_tables, b, k, inflation, online=False, negative=0):
    """The scale to print for a Butler event, beside Probst's model on the measured B and K.

    Parameters
    ----------
    n_boards, n_tables : int
        Boards each pair plays, tables in play.
    b, k : float
        The measured Butler factor and per-board K of Probst's equal-pairs model.
    inflation : float
        The measured spread of real Butler totals over that model (a championship field).
    online : bool
        Add Probst's 1 IMP for shooting online to every σ.
    negative : int
        Negative-VP steps.

    Returns
    -------
    pandas.DataFrame
        One row per scale: ``scale`` (``"print"``: the form's one σ,
        :func:`bridgestats.sigma.form_sigma` for face-to-face Butler, as the booklet, the
        designer and ``bridgestats scale --form butler`` print it; ``"equal_pairs"`` and
        ``"championship_field"``: :func:`butler_scale`, Probst's model on ``b`` and ``k``,
        equal pairs and widened by ``inflation``), ``sigma``, ``top_from`` (the whole IMP
        margin the 20-0 starts at), ``source``; ``attrs["scales"]`` maps each to its
        :class:`~bridgestats.vp.VPScale`.

    Examples
    --------
    >>> t = event_butler_scales(16, n_tables=20, b=1.158, k=6.02, inflation=1.107)
    >>> t.set_index("scale")["top_from"].to_dict()
    {'print': 36, 'equal_pairs': 33, 'championship_field': 36}
    """
    online = check_flag(online, "online")
    src = form_sigma("butler", n_boards, n_tables=n_tables)
    shooting = 1.0 if online else 0.0
    printed = event_scale("butler", n_boards, sigma=src.sigma + shooting, negative=negative)
    equal = butler_scale(n_boards, n_tables=n_tables, b=b, k=k, online=online, negative=negative)
    field = butler_scale(
        n_boards, n_tables=n_tables, b=b, k=k, online=online, negative=negative, inflation=inflation
    )
    online_text = " + 1 IMP for shooting online (Probst §5)" if online else ""
    sources = {
        "print": src.source + online_text,
        "equal_pairs": f"Probst's model B·K·√(n(T−1)/(2T)) on the measured B {b:.3f} and K "
        f"{k:.3f}, equal pairs{online_text}",
        "championship_field": f"the same widened by the measured {inflation:.3f} of real "
        f"Butler totals{online_text}",
    }
    scales = {"print": printed, "equal_pairs": equal, "championship_field": field}
    rows = [
        {
            "scale": name,
            "sigma": float(sc.sigma),
            "top_from": int(np.ceil(sc.thresholds[int(sc.max_vp) // 2 - 1] - 1e-9)),
            "source": sources[name],
        }
        for name, sc in scales.items()
    ]
    out = pd.DataFrame(rows)
    out.attrs["scales"] = scales
    return out


def event_scale_sentence(scales, *, n_boards, n_tables) -> str:
    """The finding for :func:`event_butler_scales`: where the printed scale starts its 20-0,
    with the deliberately other σs beside it, named.

    Examples
    --------
    >>> t = event_butler_scales(16, n_tables=20, b=1.158, k=6.02, inflation=1.107)
    >>> print(event_scale_sentence(t, n_boards=16, n_tables=20))  # doctest: +NORMALIZE_WHITESPACE
    For 16 boards and 20 tables print the scale whose 20-0 starts at 36 IMPs (σ 21.04 IMPs,
    the booklet's); Probst's equal-pairs model on the measured B and K would start it at 33
    IMPs, and widened for a championship field at 36.
    """
    t = scales.set_index("scale")
    p, e, f = (t.loc[name] for name in ("print", "equal_pairs", "championship_field"))
    return (
        f"For {n_boards} boards and {n_tables} tables print the scale whose 20-0 starts at "
        f"{int(p.top_from)} IMPs (σ {p.sigma:.2f} IMPs, the booklet's); Probst's equal-pairs "
        f"model on the measured B and K would start it at {int(e.top_from)} IMPs, and widened "
        f"for a championship field at {int(f.top_from)}."
    )


# --------------------------------------------------------------------------- the report

#: The ``butler_scales`` report's datum rules, as its table names them.
DATUM_NAMES = {
    "mean": "the plain average (Probst's)",
    "trimmed": "top and bottom dropped, rounded to 10",
}

#: The ``butler_scales`` report's scales, as its table names them.
SCALE_NAMES = {
    "print": "to print (the form's σ, as the booklet)",
    "equal_pairs": "Probst's model, equal pairs",
    "championship_field": "Probst's model, a championship field",
}

#: The summary keys the ``butler_scales`` report's index shows first.
HEADLINE = ["butler_factor_mean", "butler_factor_trimmed", "totals_ratio"]

_SECTIONS = (
    "The Butler factor B on real full fields",
    "Probst's equal-pairs σ against real Butler totals",
    "Probst's examples and Pomfrey's cross-IMP rule",
    "The scale for this event",
)


@dataclass(frozen=True)
class ButlerReport:
    """Everything the ``butler_scales`` report shows (:func:`butler_report`).

    Attributes
    ----------
    own : BoardSpreads
        The boards measured (:func:`.committee.board_spreads`: the shipped full fields or a
        committee's sessions).
    factors : pandas.DataFrame
        :func:`butler_factors`.
    spread : ButlerSpread
        :func:`butler_session_spread`.
    k_est : KEstimate
        K per board from the shipped counts of board swings.
    examples : pandas.DataFrame
        :func:`probst_butler_examples` on the measured B (trimmed datum) and K.
    scales : pandas.DataFrame
        :func:`event_butler_scales` for the event (its VPScales in ``attrs["scales"]``).
    parameters : dict
        ``level``, ``n_boards``, ``tables``, ``online``, ``negative``, ``seed``.
    """

    own: object
    factors: pd.DataFrame
    spread: ButlerSpread
    k_est: object
    examples: pd.DataFrame
    scales: pd.DataFrame
    parameters: dict

    @property
    def pct(self) -> str:
        """The intervals' level as a header says it ("90 %")."""
        return f"{100 * self.parameters['level']:g} %"

    @property
    def inputs(self) -> list[str]:
        """The files and data sets the report read."""
        return [
            *self.own.read_from,
            "derived/rating_sessions",
            "derived/swing_counts",
            "seeds/probst_figures",
        ]

    # ------------------------------------------------------------------ the sections' words

    def spread_sentence(self) -> str:
        """The rounds measured, the observed/model ratio and the variance left unexplained."""
        s, pct = self.spread, self.pct
        return (
            f"{s.n_groups:,} rounds of {s.n_events} events ({s.n_sessions:,} table results): "
            f"observed/model median **{s.ratio:.3f}** ({pct}: {s.ratio_ci[0]:.3f}-"
            f"{s.ratio_ci[1]:.3f}); the model leaves {100 * s.excess_variance_share:.1f} % "
            f"({100 * s.excess_variance_share_ci[0]:.1f}-"
            f"{100 * s.excess_variance_share_ci[1]:.1f} %) of the variance unexplained."
        )

    def k_sentence(self) -> str:
        """K per board from the shipped counts of board swings."""
        k = self.k_est
        return f"K per board: {k.k:.3f} IMPs ({self.pct}: {k.ci[0]:.3f}-{k.ci[1]:.3f})."

    # ------------------------------------------------------------------ the tables

    def factors_table(self) -> pd.DataFrame:
        """:attr:`factors` with each datum rule in words."""
        return self.factors.replace({"datum": DATUM_NAMES})

    def scales_table(self) -> pd.DataFrame:
        """:attr:`scales` with each scale in words."""
        return self.scales.assign(scale=self.scales["scale"].map(SCALE_NAMES))

    def thresholds_table(self) -> pd.DataFrame:
        """The Butler total from which each VP result starts on each scale: ``VPs from``,
        then the scale to print (whole IMPs), equal pairs and a championship field (IMPs,
        to 0.1)."""
        built, negative = self.scales.attrs["scales"], self.parameters["negative"]
        vps = [f"{10 + i}-{10 - i}" for i in range(1, 11)]
        vps += [f"20-{-j}" for j in range(1, negative + 1)]
        return pd.DataFrame(
            {
                "VPs from": vps,
                "to print (IMPs)": built["print"].integer_ranges()["margin_from"].to_numpy()[1:],
                "equal pairs (IMPs)": np.round(built["equal_pairs"].thresholds, 1),
                "championship field (IMPs)": np.round(built["championship_field"].thresholds, 1),
            }
        )

    # ------------------------------------------------------------------ the conclusions

    def conclusions(self) -> list[str]:
        """The report's four conclusions: B against Probst's printed range, the totals'
        spread against the equal-pairs σ, Pomfrey's rule against Probst's printed 20-0, and
        the scale for the event (:func:`event_scale_sentence`)."""
        printed = datasets.load("seeds/probst_figures").set_index("item").loc["butler_factor"]
        lo = round(float(printed["printed"]) - float(printed["tolerance"]), 2)
        hi = round(float(printed["printed"]) + float(printed["tolerance"]), 2)
        f, s, pct = self.factors.set_index("datum"), self.spread, self.pct
        holds = "holds for the plain datum." if lo <= f.loc["mean", "b"] <= hi else "does not hold."
        t8 = self.examples.set_index("example").loc["cross-IMP teams of eight"]
        p = self.parameters
        return [
            f"B on {int(f.loc['mean', 'n_boards']):,} real boards is {f.loc['mean', 'b']:.3f} "
            f"with the plain datum ({pct}: {f.loc['mean', 'ci_low']:.3f}-"
            f"{f.loc['mean', 'ci_high']:.3f}) and {f.loc['trimmed', 'b']:.3f} trimmed "
            f"({f.loc['trimmed', 'ci_low']:.3f}-{f.loc['trimmed', 'ci_high']:.3f}), so Probst's "
            f"'between {lo:g} and {hi:g}' {holds}",
            f"Real Butler totals spread {s.ratio:.3f} times Probst's equal-pairs σ "
            f"({s.ratio_ci[0]:.3f}-{s.ratio_ci[1]:.3f}): {100 * s.excess_variance_share:.0f} % "
            "of their variance is an excess over the equal-pairs model, not shown to be "
            "differences in strength (face-to-face fields re-scored as Butler: the online terms "
            "of the model are not tested).",
            f"Pomfrey's rule gives cross-IMP teams of eight over 8 boards σ = {t8['sigma']:.0f} "
            f"IMPs and a 20-0 at {t8['top']:.1f} IMPs, where Probst printed "
            f"{t8['printed_top']:.0f}: the White Book's 20-0 of 30 IMPs times 2√2, not the "
            "formula's.",
            event_scale_sentence(self.scales, n_boards=p["n_boards"], n_tables=p["tables"]),
        ]

    def findings(self) -> pd.DataFrame:
        """:meth:`conclusions` as a tidy frame: each in the section that shows it, with its
        summary key; all but Pomfrey's rule are headlines."""
        keys = ("butler_factor_mean", "totals_ratio", "examples", "scale")
        heads = (True, True, False, True)
        return pd.DataFrame(
            list(zip(self.conclusions(), _SECTIONS, keys, heads, strict=True)),
            columns=["text", "section", "key", "headline"],
        )

    def summary(self) -> dict:
        """The report's ``summary.json``."""
        f, s, p = self.factors.set_index("datum"), self.spread, self.parameters
        built = self.scales.attrs["scales"]
        to_print, equal, mixed = built["print"], built["equal_pairs"], built["championship_field"]
        return {
            "butler_factor_mean": float(f.loc["mean", "b"]),
            "butler_factor_mean_ci": [
                float(f.loc["mean", "ci_low"]),
                float(f.loc["mean", "ci_high"]),
            ],
            "butler_factor_trimmed": float(f.loc["trimmed", "b"]),
            "butler_factor_trimmed_ci": [
                float(f.loc["trimmed", "ci_low"]),
                float(f.loc["trimmed", "ci_high"]),
            ],
            "n_boards_measured": int(f.loc["mean", "n_boards"]),
            "totals_ratio": s.ratio,
            "totals_ratio_ci": list(s.ratio_ci),
            "totals_excess_variance_share": s.excess_variance_share,
            "totals_excess_variance_share_ci": list(s.excess_variance_share_ci),
            "data_scope": {
                "tests": "Probst's online-Butler model with face-to-face championship full "
                "fields re-scored as Butler IMPs: B and the spread of Butler totals",
                "cannot_test": "the online terms (K = 7, the shooting IMP, incomplete "
                "barometers); that the excess over the equal-pairs model is strength",
            },
            "n_rounds": s.n_groups,
            "n_events": s.n_events,
            "k_per_board": float(self.k_est.k),
            "k_source": "data/derived/swing_counts.csv, fit.estimate_k_from_counts",
            "examples": self.examples.to_dict(orient="records"),
            "scale": {
                "form": "butler",
                "n_boards": p["n_boards"],
                "tables": p["tables"],
                "online": p["online"],
                "sigma": to_print.sigma,
                "thresholds": list(to_print.thresholds),
                "top_from": int(self.scales.set_index("scale").at["print", "top_from"]),
                "sigma_equal": equal.sigma,
                "sigma_field": mixed.sigma,
                "thresholds_equal": list(equal.thresholds),
                "thresholds_field": list(mixed.thresholds),
            },
            "seed": p["seed"],
        }


def butler_report(
    files=None,
    *,
    rng=None,
    n_boot=2000,
    level=0.90,
    n_boards=16,
    n_tables=20,
    online=False,
    negative=0,
) -> ButlerReport:
    """The ``butler_scales`` report: B, the spread of Butler totals, Probst's examples and
    the scale for an event.

    Parameters
    ----------
    files : list of paths, optional
        A committee's pairs sessions (their boards measure B); None: the championships.
    rng : int or numpy.random.Generator, optional
        Seeds every bootstrap (one generator: B's, then the totals'); an integer is
        recorded as the summary's ``seed``.
    n_boot : int, default 2000
        Bootstrap replicates.
    level : float, default 0.90
        Level of every interval.
    n_boards, n_tables : int, default 16 and 20
        Boards each pair plays in the event to print a scale for, and the tables in play.
    online : bool, default False
        Add Probst's 1 IMP for shooting online.
    negative : int, default 0
        Negative-VP steps of the printed scale.

    Returns
    -------
    ButlerReport
    """
    seed = rng if isinstance(rng, int) else None
    rng = np.random.default_rng(rng)
    own = board_spreads(files)
    factors = butler_factors(confidence=level, n_boot=n_boot, rng=rng, spreads=own.spreads)
    spread = butler_session_spread(confidence=level, n_boot=n_boot, rng=rng)
    swings = datasets.load("derived/swing_counts").groupby("imps")["count"].sum()
    k_est = estimate_k_from_counts(swings.index.to_numpy(), swings.to_numpy(), confidence=level)
    b_trim = float(factors.set_index("datum").loc["trimmed", "b"])
    return ButlerReport(
        own=own,
        factors=factors,
        spread=spread,
        k_est=k_est,
        examples=probst_butler_examples(b=b_trim, k=k_est.k),
        scales=event_butler_scales(
            n_boards,
            n_tables=n_tables,
            b=b_trim,
            k=k_est.k,
            inflation=spread.ratio,
            online=online,
            negative=negative,
        ),
        parameters={
            "level": level,
            "n_boards": n_boards,
            "tables": n_tables,
            "online": online,
            "negative": negative,
            "seed": seed,
        },
    )
