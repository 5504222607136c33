"""Ratings tested on real players (the ``ratings_real`` report) in one result, with the
report's findings as a tidy frame.

:func:`ratings_report` rates a session log (the shipped championships or a committee's
pairs sessions, :func:`.committee.rating_log`) by every system of the catalogue and runs
the studies of :mod:`.ratings_real` and :mod:`.ratings_real_claims` on it, in the order
their random numbers are drawn: a :class:`RatingsReport` holds them, with the tables a
report shows (tidy frames, their columns documented), its sections' sentences and
:meth:`RatingsReport.findings` (:func:`.ratings_words.ratings_findings`' sentences in the
report's sections). The figures drawn from it are in :mod:`bridgestats.figures`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import committee
from .ratings_identification import gaussian_identification
from .ratings_real import calibration, compare_systems, reliability, session_predictions
from .ratings_real_claims import _LprLog, partnership_bonus, ppi_bands, settling
from .ratings_words import SYSTEM_NAMES, ratings_findings, summary_figures

__all__ = ["HEADLINE", "PARAMETER_NAMES", "SECTIONS", "RatingsReport", "ratings_report"]

#: The report's sections (its notebook's headings), by the short name the findings use.
SECTIONS = {
    "predict": "Every system predicts every session before it is played",
    "identified": "Is the Gaussian model identified?",
    "calibration": "Calibration",
    "claims": "The PPI page's pick-up claim, and the LPR's limiting tests",
    "band": "The band a real player's PPI varies in",
    "settle": "How many boards before a newcomer's rating settles?",
}

#: The summary keys the index shows first.
HEADLINE = ["ppi_verdict", "best_system", "partnership_sd_multi_partner", "pickup_bonus_pct"]

#: The Gaussian model's sds as a table or an axis names them.
PARAMETER_NAMES = {
    "skill_sd": "skill sd",
    "partnership_sd": "partnership sd",
    "drift_sd": "drift sd (per √year)",
    "board_sd": "board sd",
    "session_sd": "session sd",
}

#: The coverage levels of the Gaussian model's predictive intervals checked.
COVERAGE_LEVELS = (0.5, 0.8, 0.9, 0.95, 0.99)

_MEASURES = {
    "rmse": "RMSE",
    "rmse_vs_elo": "RMSE − Elo's",
    "rmse_vs_player_mean": "RMSE − player mean's",
}
_CALIBRATION = {
    "calibration_slope": "slope",
    "calibration_intercept": "intercept (%)",
    "concordance": "concordance",
    "log_score": "log score (nats)",
    "coverage_90": "inside the 90 % interval",
}


@dataclass(frozen=True)
class RatingsReport:
    """Everything the ``ratings_real`` report shows (:func:`ratings_report`).

    Attributes
    ----------
    log : RatingLog
        The sessions rated (:func:`.committee.rating_log`).
    predictions : pandas.DataFrame
        :func:`.ratings_real.session_predictions`.
    comparison : pandas.DataFrame
        :func:`.ratings_real.compare_systems` (long: ``system``, ``metric``, ``value``,
        ``ci_low``, ``ci_high``, ``n_sessions``).
    coverage, diagram : pandas.DataFrame
        :func:`.ratings_real.calibration` and :func:`.ratings_real.reliability`.
    identification, curve : pandas.DataFrame
        :func:`.ratings_identification.gaussian_identification`: the sds and their profile curves.
    settle : pandas.DataFrame
        :func:`.ratings_real_claims.settling`.
    bonus : pandas.DataFrame
        :func:`.ratings_real_claims.partnership_bonus`.
    lpr_by_k : pandas.DataFrame
        :func:`.ratings_real_claims.lpr_rates`.
    band_widths : pandas.DataFrame
        :func:`.ratings_real_claims.ppi_bands`.
    figures : dict
        :func:`.ratings_words.summary_figures`.
    parameters : dict
        The report's parameters the findings and the summary name (``level``,
        ``elo_k_factor``, ``settle_tolerance``, ``settle_min_boards``, ``seed``).
    """

    log: object
    predictions: pd.DataFrame
    comparison: pd.DataFrame
    coverage: pd.DataFrame
    diagram: pd.DataFrame
    identification: pd.DataFrame
    curve: pd.DataFrame
    settle: pd.DataFrame
    bonus: pd.DataFrame
    lpr_by_k: pd.DataFrame
    band_widths: pd.DataFrame
    figures: dict
    parameters: dict

    @property
    def until(self) -> str:
        return self.log.until

    @property
    def model(self):
        """The Gaussian forecaster's fitted parameters."""
        return self.predictions.attrs["model"]

    @property
    def n_scored(self) -> int:
        """Sessions scored (from :attr:`until` on)."""
        return int(self.comparison["n_sessions"].iloc[0])

    @property
    def pct(self) -> str:
        """The intervals' level as a header says it ("90 %")."""
        return f"{round(100 * self.parameters['level'])} %"

    @property
    def band_share(self) -> float | None:
        """The share of players whose PPI band is within the page's 3 to 5 %."""
        return (
            float(self.band_widths["band"].between(3, 5).mean()) if len(self.band_widths) else None
        )

    # ------------------------------------------------------------------ the sections' words

    def scored_sentence(self) -> str:
        """The sessions scored, and the player-mean baseline's shrinkage."""
        u = self.until
        return (
            f"Scored on the {self.n_scored:,} sessions from {u}; the player-mean baseline "
            f"shrinks by c = {self.predictions.attrs['player_mean_boards']:.0f} boards (fitted "
            f"before {u})."
        )

    def bands_sentence(self) -> str | None:
        """The PPI bands' median and quartiles, and the share within 3 to 5 % (None
        without a player measured)."""
        if not len(self.band_widths):
            return None
        q = self.band_widths["band"].quantile([0.25, 0.5, 0.75])
        return (
            f"{len(self.band_widths):,} players: median band {q[0.5]:.2f} % (quartiles "
            f"{q[0.25]:.2f} to {q[0.75]:.2f} %); {100 * self.band_share:.0f} % of them lie "
            "within the page's 3 to 5 %."
        )

    # ------------------------------------------------------------------ the tables

    def partners_table(self) -> pd.DataFrame:
        """Players by how many partners they had in the log: ``partners``, ``players``."""
        partners = self.log.players["n_partners"].value_counts().sort_index()
        return partners.rename_axis("partners").reset_index(name="players")

    def systems_table(self) -> pd.DataFrame:
        """One row per system (by name, in the catalogue's order), a column per metric of
        :attr:`comparison` (``rmse``, ``rmse_board``, ``explained_share``,
        ``rmse_vs_player_mean``, ``rmse_vs_elo``, ``rmse_vs_ppi`` ...)."""
        wide = self.comparison.pivot(index="system", columns="metric", values="value")
        wide = wide.reindex([s for s in SYSTEM_NAMES if s in wide.index]).reset_index()
        wide["system"] = wide["system"].map(SYSTEM_NAMES)
        return wide

    def intervals_table(self) -> pd.DataFrame:
        """The RMSE of each system and its differences from the player mean's and Elo's,
        with their intervals: ``system`` and ``metric`` in words, ``value``, ``ci_low``,
        ``ci_high``."""
        c = self.comparison
        rows = c[c["metric"].isin(list(_MEASURES))]
        rows = rows[rows["system"] != rows["metric"].str.removeprefix("rmse_vs_")]
        return rows.assign(
            system=rows["system"].map(SYSTEM_NAMES), metric=rows["metric"].map(_MEASURES)
        )

    def calibration_table(self) -> pd.DataFrame:
        """Each system's calibration slope and intercept, concordance, log score and
        coverage of the 90 % interval, with their intervals (as :meth:`intervals_table`)."""
        c = self.comparison
        rows = c[c["metric"].isin(list(_CALIBRATION))]
        return rows.assign(
            system=rows["system"].map(SYSTEM_NAMES), metric=rows["metric"].map(_CALIBRATION)
        )

    def identification_table(self) -> pd.DataFrame:
        """:attr:`identification` with each sd and the sessions counted in words."""
        t = self.identification
        kinds = {"all": "all", "multi_partner": "multi-partner sides"}
        return t.assign(
            parameter=t["parameter"].map(PARAMETER_NAMES), sessions=t["sessions"].map(kinds)
        )

    def settling_table(self) -> pd.DataFrame:
        """:attr:`settle` with each system by its name."""
        return self.settle.assign(system=self.settle["system"].map(SYSTEM_NAMES))

    def lpr_table(self) -> pd.DataFrame:
        """:attr:`lpr_by_k` with the tests' rates in %."""
        t = self.lpr_by_k
        return t.assign(test1_rate=100 * t["test1_rate"], test2_rate=100 * t["test2_rate"])

    # ------------------------------------------------------------------ the conclusions

    def findings(self) -> pd.DataFrame:
        """The report's conclusions as a tidy frame: ``text``, ``section`` (of
        :data:`SECTIONS`), ``key`` and ``headline``, the sentences of
        :func:`.ratings_words.ratings_findings` (the first is the verdict on the PPI)."""
        p = self.parameters
        said = ratings_findings(
            self.figures,
            self.settle,
            self.band_widths,
            self.log.players,
            n_scored=self.n_scored,
            level=p["level"],
            elo_k_factor=p["elo_k_factor"],
            settle_tolerance=p["settle_tolerance"],
            settle_min_boards=p["settle_min_boards"],
            forecaster=vars(self.model),
        )
        return pd.DataFrame(
            [
                {
                    "text": f["text"],
                    "section": SECTIONS[f["section"]],
                    "key": f["key"],
                    "headline": f["headline"],
                }
                for f in said
            ],
            columns=["text", "section", "key", "headline"],
        )

    def summary(self) -> dict:
        """The report's ``summary.json``."""
        s, players, bands, read = (
            self.log.sessions,
            self.log.players,
            self.band_widths,
            self.log.read_statement,
        )
        return {
            "n_sessions": len(s),
            "n_scored_sessions": self.n_scored,
            "n_boards": int(s["n_boards"].sum()),
            "n_players": len(players),
            "n_players_two_or_more_championships": int((players["n_championships"] >= 2).sum()),
            **self.figures,
            "ppi_band_median": float(bands["band"].median()) if len(bands) else None,
            "ppi_band_share_3_5": self.band_share,
            "n_band_players": len(bands),
            "gaussian_fit": vars(self.model),
            "lpr_rates_by_k": self.lpr_by_k.to_dict(orient="records"),
            "player_mean_boards": float(self.predictions.attrs["player_mean_boards"]),
            "ppi_verdict": self.findings()["text"].iloc[0],
            "comparison": self.comparison.to_dict(orient="records"),
            "calibration": self.coverage.to_dict(orient="records"),
            "reliability": self.diagram.to_dict(orient="records"),
            "profile_likelihood": self.curve.to_dict(orient="records"),
            "settling": self.settle.set_index("system").to_dict(orient="index"),
            "seed": self.parameters["seed"],
            "fit_until": self.until,
            "read": None if read is None else read.table.to_dict(orient="records"),
        }


def ratings_report(
    files=None,
    *,
    rng=None,
    fit_until=None,
    max_sessions=0,
    n_boot=1000,
    level=0.9,
    bootstrap_unit="event",
    elo_k_factor=2.0,
    lpr_k_factors=(1.0, 4.0, 8.0),
    profile_grid=3,
    settled_boards=100,
    new_partnership_boards=100,
    band_boards=300,
    settle_tolerance=1.0,
    settle_min_boards=600,
) -> RatingsReport:
    """Every study of the ``ratings_real`` report on the shipped log or on files.

    Parameters
    ----------
    files : list of paths, optional
        A committee's pairs sessions; None: the shipped championships.
    rng : int or numpy.random.Generator, optional
        Seeds the bootstrap resampling (one generator, drawn from by the comparison of the
        systems, then by the pick-up claim); an integer is recorded as the summary's
        ``seed``.
    fit_until : str, optional
        Fitted before it, scored from it; None: 2010-01-01, or the files' middle session.
    max_sessions : int, default 0
        Rate only the first ``max_sessions`` sessions (0: the whole log).
    n_boot : int, default 1000
        Bootstrap resamples for every interval.
    level : float, default 0.9
        Coverage of the bootstrap and profile intervals.
    bootstrap_unit : {"event", "period", "session"}
        What the bootstrap resamples.
    elo_k_factor : float, default 2.0
        Elo's K per board.
    lpr_k_factors : sequence of float
        Further Elo K for the LPR tests' rates.
    profile_grid : int, default 3
        Points of each profile-likelihood curve.
    settled_boards, new_partnership_boards : int, default 100
        The pick-up claim's sessions (four players with this many boards) and its new
        partnerships (fewer boards together).
    band_boards : int, default 300
        The PPI band counts a player's PPIs after this many boards, over as many more.
    settle_tolerance : float, default 1.0
        A rating has settled within this many % of its final value.
    settle_min_boards : int, default 600
        Settling is measured on players with this many boards.

    Returns
    -------
    RatingsReport
    """
    seed = rng if isinstance(rng, int) else None
    rng = np.random.default_rng(rng)
    log = committee.rating_log(files, until=fit_until, max_sessions=max_sessions)
    sessions, until = log.sessions, log.until
    predictions = session_predictions(sessions, elo_k_factor=elo_k_factor, until=until)
    comparison = compare_systems(
        predictions, since=until, n_boot=n_boot, level=level, unit=bootstrap_unit, rng=rng
    )
    coverage = calibration(predictions, since=until, levels=list(COVERAGE_LEVELS))
    diagram = reliability(predictions, since=until)
    ident, curve = gaussian_identification(sessions, until=until, level=level, n_grid=profile_grid)
    settle = settling(
        sessions,
        model=predictions.attrs["model"],
        elo_k_factor=elo_k_factor,
        tolerance=settle_tolerance,
        min_boards=settle_min_boards,
    )
    bonus = partnership_bonus(
        sessions,
        predictions,
        settled=settled_boards,
        new_below=new_partnership_boards,
        n_boot=n_boot,
        level=level,
        unit=bootstrap_unit,
        rng=rng,
    )
    lpr = _LprLog(sessions)  # the LPR's tables at every K from one preparation
    periods = lpr.periods(elo_k_factor)
    return RatingsReport(
        log=log,
        predictions=predictions,
        comparison=comparison,
        coverage=coverage,
        diagram=diagram,
        identification=ident,
        curve=curve,
        settle=settle,
        bonus=bonus,
        lpr_by_k=lpr.rates(sorted({elo_k_factor, *lpr_k_factors})),
        band_widths=ppi_bands(sessions, burn_in=band_boards, min_boards=band_boards),
        figures=summary_figures(comparison, bonus, periods, identification=ident),
        parameters={
            "level": level,
            "elo_k_factor": elo_k_factor,
            "settle_tolerance": settle_tolerance,
            "settle_min_boards": settle_min_boards,
            "seed": seed,
        },
    )
