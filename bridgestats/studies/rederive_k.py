"""The re-derivation of K (the ``rederive_k`` report): every estimate of a board's swing in
one result, with the report's findings as a tidy frame.

:func:`rederive_k` runs the package's estimators of K and δ (:mod:`.k_estimates`,
:mod:`.k_growth`) on the shipped two-room matches or on a committee's files, and returns a
:class:`KReport`: the estimates, the tables a report shows (tidy frames, their columns
documented), the sentences of each section and :meth:`KReport.findings`, the report's
conclusions, each made here and tested (``tests/studies/test_studies_rederive_k.py``).
The figures drawn from it are in :mod:`bridgestats.figures`.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3 and
   §10; the project ships its printed figures in ``data/seeds/``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from .. import datasets, fit, io, sigma, vp
from ..names import and_list, counted, series_label
from . import committee, k_estimates, k_growth, sigma_evidence
from .estimates import MATCHES, PRINTED, printed, printed_figures

__all__ = ["HEADLINE", "SECTIONS", "KReport", "published_label", "rederive_k"]

#: The report's sections (its notebook's headings), by the short name the findings use.
SECTIONS = {
    "board": "K per board",
    "groups": "By series and decade",
    "between": "Between series: where the pooled interval understates the uncertainty",
    "match": "Whole matches: K from margins, and the variance inflation",
    "length": "K as a function of match length: σ²(n) = nK² + n²δ²",
    "within": "δ from within matches",
    "published": "Against the published values, and what K means for a VP scale",
}

#: The summary keys the index shows first.
HEADLINE = [
    "k_per_board",
    "k_per_board_ci",
    "k_between_series_ci",
    "k_within_match",
    "delta_within_match",
    "k_match",
    "vif",
    "n_boards",
]


def published_label(entry) -> str:
    """A published K as a legend or a table names it: who and what for, its value, and the
    fraction as printed (Bavin's 20/3) where it was printed as one.

    ``entry`` is a row of :func:`.estimates.printed_figures` (``label``, ``value``,
    ``printed``).

    >>> t = printed_figures()
    >>> published_label(t.loc["k_bavin"].rename("k_bavin")), published_label(t.loc["k_manning"])
    ('Max Bavin (used for a long time): 6.67 (20/3)', 'John Manning (for the EBU scales, \
believed 6.0-7.0): 6.5')
    """
    printed = f" ({entry.printed})" if "/" in str(entry.printed) else ""
    return f"{entry.label}: {entry.value:.3g}{printed}"


@dataclass(frozen=True)
class KReport:
    """Every estimate of the ``rederive_k`` report (:func:`rederive_k`).

    Attributes
    ----------
    frame : pandas.DataFrame
        The matches measured: :data:`~.estimates.MATCHES` or the files' match margins.
    given : pandas.DataFrame or None
        The files' margins handed to the estimators (None: they read the shipped ones).
    read_statement : ReadStatement or None
        What was read from the files.
    per_swing : KEstimate or None
        K from the files' board swings (:func:`bridgestats.fit.estimate_k`).
    board : Estimate
        K per board (:func:`.k_estimates.k_per_board`).
    by_group : pandas.DataFrame
        K per board by series and decade (:func:`.k_estimates.k_per_board_by`).
    between : KBetween or None
        The random-effects K over the series (None with fewer than three).
    match_k : MatchLevelK
        K from match margins and the variance inflation.
    model : KModel
        The K(n) likelihood on the margins of every match (:func:`.k_growth.k_model`).
    by_length : pandas.DataFrame
        K from margins by band of match length (:func:`.k_growth.k_by_match_length`).
    length_in_series, model_table : pandas.DataFrame or None
        The same within each series, and the K(n) model fitted to each series alone
        (shipped matches only).
    within : pandas.DataFrame
        δ and K within matches, all and by series (:func:`.k_growth.delta_within_match`).
    scale_model : KModel
        The within-match model every teams scale is built on.
    implied : pandas.DataFrame
        What the estimates imply for teams scales (:func:`.k_growth.implied_scales`).
    candidates : pandas.DataFrame
        Each candidate K against this data's intervals and the 20-0 it gives:
        :meth:`published_table`.
    k_sheffield : float
        Probst's Sheffield σ as a K in points per board.
    confidence : float
    parameters : dict
        The report's other parameters (the match lengths counted, ``vp_n_boards``,
        ``min_group_matches``).

    Examples
    --------
    >>> r = rederive_k(n_boot=20, rng=1)
    >>> print(r.board_sentence())  # doctest: +ELLIPSIS
    K per board = **6.130 IMPs**, 90% interval 6.102-6.179 (37,099 boards). Source: ...
    >>> r.findings()["section"].iloc[0], bool(r.findings()["headline"].iloc[0])
    ('K per board', True)
    """

    frame: pd.DataFrame
    given: pd.DataFrame | None
    read_statement: object
    per_swing: object
    board: object
    by_group: pd.DataFrame
    between: object
    match_k: object
    model: object
    by_length: pd.DataFrame
    length_in_series: pd.DataFrame | None
    model_table: pd.DataFrame | None
    within: pd.DataFrame
    scale_model: object
    implied: pd.DataFrame
    candidates: pd.DataFrame
    k_sheffield: float
    sheffield: object
    sheffield_n_boards: int
    confidence: float
    parameters: dict

    # ------------------------------------------------------------------ what was measured

    @property
    def series_by(self) -> str:
        """The column that names a series: ``series`` (shipped) or ``event`` (files)."""
        return "event" if self.given is not None else "series"

    @property
    def level(self) -> str:
        """The intervals' level as a table's header says it ("90%")."""
        return f"{self.confidence:.0%}"

    @property
    def n_matches(self) -> int:
        return len(self.frame)

    @property
    def n_boards(self) -> int:
        return int(self.frame["n_boards"].sum())

    @property
    def inputs(self) -> list:
        """The files the report read (data set names or paths)."""
        if self.given is not None:
            return list(self.parameters["files"])
        return [MATCHES, PRINTED]

    @property
    def within_all(self):
        """The within-match fit over every match (the first row of :attr:`within`)."""
        return self.within.iloc[0]

    @property
    def published(self) -> pd.DataFrame:
        """The published values of K (Probst §3), as :func:`.estimates.printed_figures`."""
        return printed_figures().query("unit == 'IMPs per board'")

    # ------------------------------------------------------------------ the sections' words

    def swing_sentence(self) -> str | None:
        """K from the files' board swings (None on the shipped margins)."""
        s = self.per_swing
        if s is None:
            return None
        return (
            f"K from the swings (`fit.estimate_k`): {s.k:.3f} IMPs ({s.ci[0]:.3f}-{s.ci[1]:.3f})."
        )

    def count_sentence(self) -> str:
        """The matches and boards measured, before the table of series."""
        return f"{self.n_matches:,} matches, {self.n_boards:,} boards:"

    def board_sentence(self) -> str:
        """K per board with its interval and source."""
        b = self.board
        return (
            f"K per board = **{b.value:.3f} IMPs**, {self.level} interval {b.ci[0]:.3f}-"
            f"{b.ci[1]:.3f} ({b.n:,} boards). Source: {b.source}."
        )

    def groups_sentence(self) -> str:
        """How many series-decade groups were left out for too few matches."""
        dropped, least = self.by_group.attrs["dropped"], self.parameters["min_group_matches"]
        if dropped:
            return f"{counted(dropped, 'group')} with fewer than {least} matches left out."
        return f"Every group has {least} matches or more."

    def between_sentence(self) -> str:
        """The random-effects K over the series and the K of a new series."""
        b = self.between
        if b is None:
            n = self.frame[self.series_by].nunique()
            return f"{counted(n, 'group')}: no between-group interval."
        return (
            f"Pooled K {b.pooled:.3f} ({b.pooled_ci[0]:.3f}-{b.pooled_ci[1]:.3f}); "
            f"random effects over {b.n_groups} series **{b.k:.3f}** "
            f"({b.ci[0]:.3f}-{b.ci[1]:.3f}); the K of a new series: "
            f"{b.prediction[0]:.3f}-{b.prediction[1]:.3f}. Between-series sd "
            f"τ = {b.tau:.3f}, I² = {b.i2:.0%}, Cochran's Q = {b.q:.1f} on "
            f"{b.n_groups - 1} df, p = {b.q_p:.2g}.\n\nSource: {b.source}."
        )

    def match_sentence(self) -> str:
        """The intra-match correlation and the match-level K's source."""
        m = self.match_k
        rho = f"Intra-match correlation ρ = {m.rho:.4f}. " if m.rho is not None else ""
        return f"{rho}Source: {m.source}."

    def model_sentence(self) -> str:
        """The K(n) likelihood's K and δ, then the length bands without a match."""
        m, empty = self.model, self.by_length.attrs["empty_bands"]
        return (
            f"K = **{m.k:.3f}** ({m.k_ci[0]:.3f}-{m.k_ci[1]:.3f}), δ = **{m.delta:.3f}** "
            f"({m.delta_ci[0]:.3f}-{m.delta_ci[1]:.3f}) IMPs per board, {m.n_matches:,} "
            f"matches, {m.n_clusters} files resampled. Source: {m.source}.\n\n"
            f"Bands without a match: {and_list(empty) if empty else 'none'}."
        )

    def within_sentence(self) -> str:
        """δ and K within matches over every match."""
        w, p = self.within_all, self.parameters
        return (
            f"Within matches of {p['delta_min_boards']}-{p['delta_max_boards']} boards: "
            f"δ = **{w.delta:.3f}** ({w.delta_ci_low:.3f}-{w.delta_ci_high:.3f}), K = "
            f"{w.k:.3f} ({w.k_ci_low:.3f}-{w.k_ci_high:.3f}), per-board rms {w.k_board:.3f}, "
            f"over {w.n_matches:,} matches in {w.n_files} files. Source: {w.source}."
        )

    def sheffield_sentence(self) -> str:
        """Probst's Sheffield σ as a K in points."""
        s = self.sheffield
        return (
            f"Sheffield: K = {s.value:.0f}/√{self.sheffield_n_boards} = "
            f"{self.k_sheffield:.1f} points. Source: {s.source}."
        )

    # ------------------------------------------------------------------ the tables

    def series_table(self) -> pd.DataFrame:
        """Matches and boards per series: ``series`` (or ``event``, by name), ``size``
        (matches), ``sum`` (boards)."""
        col = self.series_by
        t = self.frame.groupby(col)["n_boards"].agg(["size", "sum"]).reset_index()
        return t.assign(**{col: t[col].map(series_label)})

    def group_table(self) -> pd.DataFrame:
        """:attr:`by_group` with each group by its series' name."""
        return self.by_group.assign(group=self.by_group["group"].map(series_label))

    def match_table(self) -> pd.DataFrame:
        """The match-level estimates: ``what``, ``value``, ``low``, ``high``."""
        m = self.match_k
        return pd.DataFrame(
            [
                ("K from margins (IMPs)", m.k, *m.ci),
                ("K per board (IMPs)", m.k_board, *m.k_board_ci),
                ("variance-inflation ratio", m.inflation, *m.inflation_ci),
            ],
            columns=["what", "value", "low", "high"],
        )

    def length_in_series_table(self) -> pd.DataFrame | None:
        """:attr:`length_in_series` with each series by its name (None on files)."""
        t = self.length_in_series
        return None if t is None else t.assign(series=t["series"].map(series_label))

    def model_by_series_table(self) -> pd.DataFrame | None:
        """:attr:`model_table` with each series by its name and its flag in words."""
        t = self.model_table
        if t is None:
            return None
        flag = t["flag"].str.replace(r"\[(\d+), (\d+)\]", r"\1 and \2", regex=True)
        return t.assign(group=t["group"].map(series_label), flag=flag)

    def within_table(self) -> pd.DataFrame:
        """:attr:`within` with each series by its name."""
        return self.within.assign(group=self.within["group"].map(series_label))

    def published_table(self) -> pd.DataFrame:
        """:attr:`candidates`: one row per candidate K, this data's first (``source``,
        ``label``, ``k``; ``inside_interval``, ``inside_match_interval`` and
        ``inside_new_series``, whether it lies inside the per-board, the from-margins and
        the new-series interval (None without series); ``sigma`` and ``top_margin``, the σ
        of ``vp_n_boards`` boards and where an equal-probability 20-0 scale starts its
        20-0)."""
        return self.candidates

    # ------------------------------------------------------------------ the conclusions

    def findings(self) -> pd.DataFrame:
        """The report's conclusions as a tidy frame: ``text`` (one sentence), ``section``
        (the heading that shows it, of :data:`SECTIONS`), ``key`` (None) and ``headline``
        (the lines that answer the report's question: how big K is, how well it is known,
        how it grows with the length, what it means for a scale)."""
        return pd.DataFrame(
            [
                {"text": text, "section": SECTIONS[where], "key": None, "headline": head}
                for text, where, head in self._lines()
            ],
            columns=["text", "section", "key", "headline"],
        )

    def _lines(self):
        p, board, m, level = self.parameters, self.board, self.match_k, self.level
        comparison, implied, bands = self.candidates, self.implied, self.by_length
        top_board, top_match, top_model = comparison["top_margin"].iloc[:3]
        rows = comparison.iloc[3:]
        closest = rows.loc[(rows["k"] - board.value).abs().idxmin(), "label"]
        by_group = self.by_group
        low, high = by_group.loc[[by_group.k.idxmin(), by_group.k.idxmax()], "group"]
        yield (
            f"Per board, K = {board.value:.2f} IMPs ({level} interval {board.ci[0]:.2f}-"
            f"{board.ci[1]:.2f}) over {self.n_boards:,} boards in {self.n_matches:,} matches, "
            f"and the published value closest to it is {closest} (published values inside "
            f"its interval: {and_list(rows.loc[rows.inside_interval, 'label'])}).",
            "board",
            True,
        )
        yield (
            f"K of a series and decade ranges from {by_group.k.min():.2f} "
            f"({series_label(low)}) to {by_group.k.max():.2f} ({series_label(high)}).",
            "groups",
            False,
        )
        b = self.between
        if b is not None:
            if b.q_p < 1 - self.confidence:
                text = (
                    f"The series differ by more than their sampling error (Cochran's Q p = "
                    f"{b.q_p:.2g}, between-series sd {b.tau:.2f}), so the pooled interval "
                    "understates how well K is known beyond this archive: with the spread "
                    f"between series it is {b.ci[0]:.2f}-{b.ci[1]:.2f}, and another series' K "
                    f"is expected in {b.prediction[0]:.2f}-{b.prediction[1]:.2f}."
                )
            else:
                text = (
                    f"The series are consistent with one K (Cochran's Q p = {b.q_p:.2g}, "
                    f"between-series sd {b.tau:.2f}), so the pooled interval stands."
                )
            yield text, "between", True
        yield (
            f"Whole matches spread more than independent boards would: K from margins of "
            f"{p['min_match_boards']}-{p['max_match_boards']} boards is {m.k:.2f} "
            f"({m.ci[0]:.2f}-{m.ci[1]:.2f}), a variance inflation of {m.inflation:.2f}, and the "
            f"published values inside its interval are "
            f"{and_list(rows.loc[rows.inside_match_interval, 'label'])}.",
            "match",
            False,
        )
        if self.length_in_series is not None:
            yield self._growth_line(), "length", False
        s = self.scale_model
        grows = bool(s.delta_ci[0] > 0)
        yield (
            f"Margins grow as σ²(n) = nK² + n²δ² with K = {s.k:.2f} ({s.k_ci[0]:.2f}-"
            f"{s.k_ci[1]:.2f}) and δ = {s.delta:.2f} ({s.delta_ci[0]:.2f}-{s.delta_ci[1]:.2f}), "
            f"measured within matches of {p['delta_min_boards']}-{p['delta_max_boards']} "
            "boards; "
            + (
                "δ's interval excludes 0, so the K a scale needs grows with the match length: "
                if grows
                else "δ's interval reaches 0, so growth with length is not established here: "
            )
            + and_list(f"{r.n_boards} boards {r.k_model:.2f}" for r in implied.itertuples())
            + ".",
            "length",
            True,
        )
        outside = [r.band for r in bands.itertuples() if not r.ci_low <= r.k_model <= r.ci_high]
        where = (
            f"the {and_list(outside)} band{'s' if len(outside) > 1 else ''}"
            if outside
            else "no band"
        )
        yield (
            "K from margins by length band is "
            + "; ".join(
                f"{r.band} boards {r.k_match:.2f} ({r.ci_low:.2f}-{r.ci_high:.2f}, model "
                f"{r.k_model:.2f}" + (f", flag: {r.flag}" if r.flag else "") + ")"
                for r in bands.itertuples()
            )
            + f", and the model's K falls outside the band's interval for {where}.",
            "length",
            False,
        )
        if self.model_table is not None:
            t = self.model_table
            flagged = and_list(t.loc[t.flag != "", "group"].map(series_label))
            yield (
                f"Fitted to one series alone, K and δ cannot be trusted for {flagged} (too "
                "few matches or files, or match lengths too alike to part K from δ): the "
                "K(n) model is a property of the pooled archive.",
                "length",
                False,
            )
        n = p["vp_n_boards"]
        yield (
            f"For {n}-board matches the scale every report prints (K(n) within matches, σ "
            f"{s.sigma(n):.2f} IMPs) starts its 20-0 at {top_model:.1f} IMPs; the per-board K "
            f"alone would start it at {top_board:.1f} and K from margins at {top_match:.1f}.",
            "published",
            True,
        )
        w, model = self.within_all, self.model
        yield (
            f"Within matches of {p['delta_min_boards']}-{p['delta_max_boards']} boards δ = "
            f"{w.delta:.2f} ({w.delta_ci_low:.2f}-{w.delta_ci_high:.2f}) and K = {w.k:.2f} "
            f"({w.k_ci_low:.2f}-{w.k_ci_high:.2f}), the figures the scales use, against δ "
            f"{model.delta:.2f} and K {model.k:.2f} from the K(n) likelihood on the margins "
            "of every match (which parts K from δ by the spread of match lengths alone, and "
            "is not used).",
            "within",
            False,
        )
        by_series = self.within.iloc[1:]
        if len(by_series):
            trusted = by_series[by_series.flag == ""]
            lo, hi = by_series.delta.idxmin(), by_series.delta.idxmax()
            yield (
                f"By series δ ranges from {by_series.delta.min():.2f} "
                f"({series_label(by_series.loc[lo, 'group'])}) to {by_series.delta.max():.2f} "
                f"({series_label(by_series.loc[hi, 'group'])}), with intervals trusted for "
                f"{and_list(trusted.group.map(series_label))}.",
                "within",
                False,
            )

    def _growth_line(self) -> str:
        growth = k_growth.k_growth_within_series(self.length_in_series)
        parts = []
        for direction, verb in (("higher", "higher"), ("lower", "lower"), ("overlapping", "")):
            sel = growth[growth["direction"] == direction]
            named = "; ".join(
                f"{series_label(r.series)} {r.short_k:.2f} at {r.short_band} "
                f"boards, {r.long_k:.2f} at {r.long_band}"
                for r in sel.itertuples()
            )
            what = f"{verb} in {len(sel)}" if verb else f"the intervals overlap in {len(sel)}"
            parts.append(what + (f" ({named})" if named else ""))
        return (
            "Within one series (where length does not go with the kind of event), K from "
            "margins of the series' longest band against its shortest, the intervals apart, is "
            f"{parts[0]} of the {len(growth)} series with two bands or more, {parts[1]}, and "
            f"{parts[2]}."
        )

    # ------------------------------------------------------------------ the summary

    def summary(self) -> dict:
        """The report's ``summary.json`` (its keys are the report's, documented in its
        notebook's test)."""
        b, m, model, w, s = (
            self.between,
            self.match_k,
            self.model,
            self.within_all,
            self.scale_model,
        )
        by_series, bands, implied = self.within.iloc[1:], self.by_length, self.implied
        top_board, top_match, top_model = self.candidates["top_margin"].iloc[:3]
        return {
            "k_per_board": self.board.value,
            "k_per_board_ci": list(self.board.ci),
            "k_per_board_source": self.board.source,
            "k_between_series": None if b is None else b.k,
            "k_between_series_ci": None if b is None else list(b.ci),
            "k_new_series_interval": None if b is None else list(b.prediction),
            "k_series_tau": None if b is None else b.tau,
            "k_series_q_p": None if b is None else b.q_p,
            "k_match": m.k,
            "k_match_ci": list(m.ci),
            "k_match_source": m.source,
            "n_boards": self.n_boards,
            "n_matches": self.n_matches,
            "vif": m.inflation,
            "vif_ci": list(m.inflation_ci),
            "rho": m.rho,
            "k_model_k": model.k,
            "k_model_k_ci": list(model.k_ci),
            "k_model_delta": model.delta,
            "k_model_delta_ci": list(model.delta_ci),
            "k_model_source": model.source,
            "delta_within_match": float(w.delta),
            "delta_within_match_ci": [float(w.delta_ci_low), float(w.delta_ci_high)],
            "k_within_match": float(w.k),
            "k_within_match_ci": [float(w.k_ci_low), float(w.k_ci_high)],
            "delta_by_series": {
                r.group: [r.delta, r.delta_ci_low, r.delta_ci_high] for r in by_series.itertuples()
            },
            "delta_by_series_flags": {r.group: r.flag for r in by_series.itertuples() if r.flag},
            "delta_used_by_scales": "within_match",
            "k_by_length_within_series": None
            if self.length_in_series is None
            else self.length_in_series.to_dict(orient="records"),
            "k_by_match_length": dict(zip(bands.band, bands.k_match, strict=True)),
            "k_by_match_length_ci": {r.band: [r.ci_low, r.ci_high] for r in bands.itertuples()},
            "k_by_match_length_flags": {r.band: r.flag for r in bands.itertuples() if r.flag},
            "k_model_by_series": None
            if self.model_table is None
            else self.model_table.drop(columns="source").to_dict(orient="records"),
            "implied_scales": implied.drop(columns="source").to_dict(orient="records"),
            "scale_model": {
                "k": s.k,
                "k_ci": list(s.k_ci),
                "delta": s.delta,
                "delta_ci": list(s.delta_ci),
                "source": s.source,
            },
            "form_sigmas": [
                {
                    "form": "teams",
                    "n_boards": int(r.n_boards),
                    "sigma": float(r.sigma_model),
                    "top_margin": float(r.top_model),
                }
                for r in implied.itertuples()
            ],
            "k_sheffield_points": self.k_sheffield,
            "top_margin_per_board_k": top_board,
            "top_margin_match_k": top_match,
            "top_margin_k_model": top_model,
            "vp_n_boards": self.parameters["vp_n_boards"],
            "k_by_group": self.by_group.drop(columns="source").to_dict(orient="records"),
            "published": self.candidates.to_dict(orient="records"),
        }


def rederive_k(
    files=None,
    *,
    confidence=0.90,
    n_boot=2000,
    rng=None,
    min_match_boards=8,
    max_match_boards=32,
    delta_min_boards=12,
    delta_max_boards=32,
    min_group_matches=5,
    vp_n_boards=8,
    scale_n_boards=(8, 12, 16, 32),
) -> KReport:
    """Every estimate of K (the ``rederive_k`` report's) on the shipped matches or on files.

    Parameters
    ----------
    files : list of paths, optional
        Result files and folders of two-room team matches (paired room by room, their
        events the groups); None: the shipped match margins (:data:`~.estimates.MATCHES`,
        by series and decade).
    confidence : float, default 0.90
        Level of every interval.
    n_boot : int, default 2000
        Bootstrap replicates per interval (whole matches or files resampled).
    rng : int or numpy.random.Generator, optional
        Seed of every bootstrap: each estimate starts from ``rng`` afresh, so each is
        reproducible on its own.
    min_match_boards, max_match_boards : int, default 8 and 32
        The matches counted for the match-level K.
    delta_min_boards, delta_max_boards : int, default 12 and 32
        The matches counted for δ within matches.
    min_group_matches : int, default 5
        Fewest matches for a series-decade group to get its own K.
    vp_n_boards : int, default 8
        Boards per match of the VP scales compared at each K.
    scale_n_boards : sequence of int, default (8, 12, 16, 32)
        Match lengths whose scales the K(n) model sets.

    Returns
    -------
    KReport

    Examples
    --------
    >>> r = rederive_k(n_boot=20, rng=1)
    >>> r.n_matches, r.n_boards, round(r.board.value, 2)
    (2330, 37099, 6.13)
    """
    kw = {"confidence": confidence, "n_boot": n_boot, "rng": rng}
    read = per_swing = None
    if files is None:
        given, group_by = None, "decade"
        frame = datasets.load(MATCHES)
    else:
        swings, read = committee.team_swings(files)
        given = frame = io.match_margins(swings)
        group_by = "event"
        per_swing = fit.estimate_k(swings["imps"], cluster=swings["match"], **kw)
    series_by = "event" if files is not None else "series"
    board = k_estimates.k_per_board(margins=given, **kw)
    by_group = k_estimates.k_per_board_by(
        by=group_by, margins=given, min_matches=min_group_matches, **kw
    )
    between = (
        k_estimates.k_between_series(by=series_by, margins=given, **kw)
        if frame[series_by].nunique() >= 3
        else None
    )
    match_k = k_estimates.k_match(
        min_boards=min_match_boards, max_boards=max_match_boards, margins=given, **kw
    )
    model = k_growth.k_model(margins=given, **kw)
    bands = k_growth.k_by_match_length(margins=given, model=model, **kw)
    length_in_series = k_growth.k_by_length_within_series(**kw) if files is None else None
    model_table = k_growth.k_model_table(**kw) if files is None else None
    within = k_growth.delta_within_match(
        min_boards=delta_min_boards, max_boards=delta_max_boards, margins=given, **kw
    )
    scale_model = sigma_evidence.within_match_model(within, confidence=confidence)
    implied = k_growth.implied_scales(n_boards=scale_n_boards, model=scale_model, k_board=board)
    sheffield = printed("sheffield_sigma")
    sheffield_n_boards = int(printed_figures().loc["sheffield_sigma", "n_boards"])
    comparison = _comparison(board, match_k, between, scale_model, vp_n_boards)
    return KReport(
        frame=frame,
        given=given,
        read_statement=read,
        per_swing=per_swing,
        board=board,
        by_group=by_group,
        between=between,
        match_k=match_k,
        model=model,
        by_length=bands,
        length_in_series=length_in_series,
        model_table=model_table,
        within=within,
        scale_model=scale_model,
        implied=implied,
        candidates=comparison,
        k_sheffield=float(sigma.k_from_sigma(sheffield.value, sheffield_n_boards)),
        sheffield=sheffield,
        sheffield_n_boards=sheffield_n_boards,
        confidence=confidence,
        parameters={
            "files": files,
            "min_match_boards": min_match_boards,
            "max_match_boards": max_match_boards,
            "delta_min_boards": delta_min_boards,
            "delta_max_boards": delta_max_boards,
            "min_group_matches": min_group_matches,
            "vp_n_boards": vp_n_boards,
        },
    )


def _comparison(board, match_k, between, scale_model, n_boards) -> pd.DataFrame:
    """Each candidate K (this data's three, then the published) against the intervals."""
    published = printed_figures().query("unit == 'IMPs per board'")
    candidates = {
        "this data: per board": board.value,
        "this data: from margins": match_k.k,
        f"this data: K(n) at {n_boards} boards": float(scale_model.k_at(n_boards)),
        **{row.Index: row.value for row in published.itertuples()},
    }
    labels = {row.Index: published_label(row) for row in published.itertuples()}
    rows = []
    for name, k in candidates.items():
        s = sigma.sigma_teams(n_boards, k=k)
        rows.append(
            {
                "source": name,
                "label": labels.get(name, name),
                "k": k,
                "inside_interval": board.ci[0] <= k <= board.ci[1],
                "inside_match_interval": match_k.ci[0] <= k <= match_k.ci[1],
                "inside_new_series": None
                if between is None
                else bool(between.prediction[0] <= k <= between.prediction[1]),
                "sigma": float(s),
                "top_margin": vp.gaussian_scale(sigma=s).thresholds[-1],
            }
        )
    return pd.DataFrame(rows)
