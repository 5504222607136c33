"""How fast Bridge Club Live's PPI forgets (the ``ppi_half_life`` report) in one result,
with the report's findings as a tidy frame.

:func:`ppi_report` runs the simulations of the PPI page's claims (the half-life of one bad
session, the wander of a regular's PPI, the newcomer) and the forecast comparison, in the
order they draw from one seeded generator, and tests the page's claims: a
:class:`PPIReport` holds them, with the tables a report shows (tidy frames, their columns
documented), its sections' sentences and :meth:`PPIReport.findings`. The figures drawn
from it are in :mod:`bridgestats.figures`.

References
----------
.. [1] Bridge Club Live, "PPI" ratings page, bridgeclublive.com (Information > Bridge >
   Ratings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..names import plus_minus
from .ppi import (
    PAGE_ACTIVITY,
    half_life_frame,
    half_lives,
    newcomer_claim,
    newcomer_trajectory,
    stationary_wander,
)
from .ppi_claims import page_claims
from .ppi_forecast import best_forecast, forecast_comparison

__all__ = ["HEADLINE", "PARTNERS", "SYSTEMS", "PPIReport", "claim_sentence", "ppi_report"]

#: The summary keys the index shows first.
HEADLINE = [
    "half_life_boards_fixed",
    "half_life_boards_pickup",
    "newcomer_after_12_boards",
    "wander_band",
]

#: The partnerships, as a sentence names them.
PARTNERS = {"fixed": "a fixed partnership", "pickup": "pick-up partners"}

#: The forecasting systems, as a table names them.
SYSTEMS = {
    "ppi": "PPI",
    "elo": "Elo (pairs)",
    "glicko2": "Glicko-2",
    "truth": "the truth (the model's expectation)",
}

_SHOCK = "One bad session: how fast does it fade?"


def claim_sentence(claim, *, finding=False) -> str:
    """One of the page's claims (``claim``, a row of :func:`.ppi_claims.page_claims`) in a
    sentence: its verdict and the measured figure with its 95 % interval (without one where
    the figure is exact). ``finding``: the report's finding, where a misprint reads "the page's
    slip" and an exact figure carries no interval.

    >>> import types
    >>> row = types.SimpleNamespace(condition="a fixed partnership", page_figure="3 months",
    ...     verdict="confirmed", measured=2.95, measured_se=0.05, measured_lo=2.85,
    ...     measured_hi=3.05, note="")
    >>> claim_sentence(row)
    "For a fixed partnership, the page's “3 months” is confirmed: measured 2.95 (95 %: 2.85-3.05)."
    >>> row.measured_se, row.verdict = 0, "page's slip"
    >>> claim_sentence(row, finding=True)
    "For a fixed partnership, the page's “3 months” is the page's slip: measured 2.95."
    """
    verdict, interval = claim.verdict, f" (95 %: {claim.measured_lo:.4g}-{claim.measured_hi:.4g})"
    if finding:
        verdict = {"page's slip": "the page's slip"}.get(verdict, verdict)
        interval = "" if claim.measured_se == 0 else interval
    note = f" ({claim.note})" if claim.note else ""
    return (
        f"For {claim.condition}, the page's “{claim.page_figure}” is {verdict}: measured "
        f"{claim.measured:.4g}{interval}{note}."
    )


@dataclass(frozen=True)
class PPIReport:
    """Everything the ``ppi_half_life`` report shows (:func:`ppi_report`).

    Attributes
    ----------
    half_lives : dict
        :func:`.ppi.half_lives`: a :class:`~.ppi.HalfLife` per (activity, partnership).
    wander : dict
        :func:`.ppi.stationary_wander` at the page's activity, by partnership.
    newcomer, newcomer_held : float
        :func:`.ppi.newcomer_claim` with the whole table rated, and with the others held.
    trajectory : pandas.DataFrame
        :func:`.ppi.newcomer_trajectory`.
    claims : pandas.DataFrame
        :func:`.ppi_claims.page_claims`.
    forecast : pandas.DataFrame
        :func:`.ppi_forecast.forecast_comparison`, indexed by ``system``.
    parameters : dict
        ``seed``, ``newcomer_strengths``, ``newcomer_per_strength``.
    """

    half_lives: dict
    wander: dict
    newcomer: float
    newcomer_held: float
    trajectory: pd.DataFrame
    claims: pd.DataFrame
    forecast: pd.DataFrame
    parameters: dict

    @property
    def at_page(self) -> dict:
        """The half-lives at the page's activity, by partnership."""
        return {part: self.half_lives[PAGE_ACTIVITY, part] for part in ("fixed", "pickup")}

    @property
    def best(self) -> tuple[str, str]:
        """The best forecaster's id, and the sentence that says so with the systems by
        name."""
        best, sentence = best_forecast(self.forecast.reset_index())
        for key, name in SYSTEMS.items():  # the sentence names the systems by their ids
            sentence = sentence.replace(f"{key} (", f"{name} (")
        return best, sentence

    # ------------------------------------------------------------------ the tables

    def half_life_table(self) -> pd.DataFrame:
        """:func:`.ppi.half_life_frame` with the partnerships in words."""
        return half_life_frame(self.half_lives).replace({"partnership": {"pickup": "pick-up"}})

    def half_life_note(self) -> str:
        """The note under the half-life table: the players shocked and those never back."""
        t = half_life_frame(self.half_lives)
        return (
            f"{int(t['n_shocked'].sum()):,} shocked players in all, "
            f"{int(t['n_unreached'].sum())} of them never back to half the effect; ± is the "
            "Monte Carlo standard error, 5 % and 95 % the range over the shocked players."
        )

    def trajectory_table(self) -> pd.DataFrame:
        """:attr:`trajectory` at 50, 100, 200, 400 and 800 boards."""
        t = self.trajectory
        return t[t["boards"].isin([50, 100, 200, 400, 800])]

    def forecast_table(self) -> pd.DataFrame:
        """:attr:`forecast` with each system by its name (:data:`SYSTEMS`)."""
        return self.forecast.reset_index().replace({"system": SYSTEMS})

    # ------------------------------------------------------------------ the sections' words

    def half_life_sentences(self) -> list[str]:
        """The half-life at the page's activity, one sentence per partnership."""
        return [
            f"With {PARTNERS[part]}: half-life {plus_minus(hl.boards, hl.boards_se, 0)} boards "
            f"({hl.boards_interval[0]:.0f}-{hl.boards_interval[1]:.0f}), {hl.months:.2f} ± "
            f"{hl.months_se:.2f} months ({hl.months_interval[0]:.2f}-"
            f"{hl.months_interval[1]:.2f}); theory {hl.theory_boards:.0f} boards, "
            f"{hl.theory_months:.2f} months."
            for part, hl in self.at_page.items()
        ]

    def half_life_title(self) -> str:
        return f"At the page's {PAGE_ACTIVITY:g} boards per three months"

    def wander_sentences(self) -> list[str]:
        """The band a regular's PPI wanders in, one sentence per partnership."""
        return [
            f"With {PARTNERS[part]}: band {wd.band:.2f} ± {wd.band_se:.2f} % "
            f"({wd.band_interval[0]:.2f}-{wd.band_interval[1]:.2f}), sd {wd.sd:.2f} ± "
            f"{wd.sd_se:.2f} %, theory sd {wd.theory_sd:.2f} %."
            for part, wd in self.wander.items()
        ]

    def newcomer_sentence(self) -> str:
        """The page's newcomer example, with the others held and with the table rated."""
        return (
            f"A newcomer after 12 boards at 40 %: {self.newcomer_held:.2f} % with the "
            f"others held at 50 %, {self.newcomer:.2f} % with the whole table rated."
        )

    def conclusions(self) -> list[str]:
        """The Conclusions section's sentences: the half-lives, the page's three months,
        the wander, the newcomer, the forecasts, then each of the page's claims."""
        fx, pu = self.at_page["fixed"], self.at_page["pickup"]
        wp, wf, f = self.wander["pickup"], self.wander["fixed"], self.forecast
        skill = {s: f"{f.loc[s, 'skill']:.4f}" for s in SYSTEMS}
        se = {s: f"{f.loc[s, 'skill_se']:.4f}" for s in ("ppi", "elo", "glicko2")}
        return [
            f"At {PAGE_ACTIVITY:g} boards per three months (m = {fx.m:.0f}) one bad session "
            f"halves after {plus_minus(fx.boards, fx.boards_se, 0)} boards = {fx.months:.2f} ± "
            f"{fx.months_se:.2f} months in a fixed partnership, but after "
            f"{plus_minus(pu.boards, pu.boards_se, 0)} boards = {pu.months:.2f} ± "
            f"{pu.months_se:.2f} months with pick-up partners.",
            'The page\'s "halving every three months" is the fixed-partnership figure '
            f"(600 ln 2 = {600 * math.log(2):.1f} boards): a partner who shares the deficit "
            "doubles the correction.",
            f"A regular's PPI wanders in a 95 % band of {wp.band:.2f} ± {wp.band_se:.2f} % "
            f"(pick-up) or {wf.band:.2f} ± {wf.band_se:.2f} % (fixed).",
            f"A newcomer at 40 % over 12 boards ends at {self.newcomer_held:.2f} % with the "
            f"table held at 50 % ({self.newcomer:.2f} % with the table rated too).",
            f"Forecasts over the second half: skill {skill['ppi']} ± {se['ppi']} (PPI), "
            f"{skill['elo']} ± {se['elo']} (Elo), {skill['glicko2']} ± {se['glicko2']} "
            f"(Glicko-2) against {skill['truth']} for the truth; {self.best[1]}.",
            *(claim_sentence(row) for row in self.claims.itertuples()),
        ]

    # ------------------------------------------------------------------ the findings

    def findings(self) -> pd.DataFrame:
        """The report's findings as a tidy frame: ``text``, ``section``, ``key`` (its
        summary key) and ``headline`` (the half-lives, the wander, the newcomer)."""
        fx, pu = self.at_page["fixed"], self.at_page["pickup"]
        wp, wf = self.wander["pickup"], self.wander["fixed"]
        rows = [
            (
                f"One bad session at {PAGE_ACTIVITY:g} boards a quarter halves after "
                f"{fx.months:.2f} ± {fx.months_se:.2f} months "
                f"({plus_minus(fx.boards, fx.boards_se, 0)} boards) in a fixed partnership.",
                _SHOCK,
                "half_life_months_fixed",
                True,
            ),
            (
                f"With pick-up partners it halves after {pu.months:.2f} ± {pu.months_se:.2f} "
                f"months ({plus_minus(pu.boards, pu.boards_se, 0)} boards): twice as long.",
                _SHOCK,
                "half_life_months_pickup",
                True,
            ),
            (
                f"A regular's PPI wanders in a 95 % band of {wp.band:.2f} ± {wp.band_se:.2f} % "
                f"(pick-up partners; {wf.band:.2f} ± {wf.band_se:.2f} % in a fixed partnership).",
                "How far does a regular player's PPI wander?",
                "wander_band",
                True,
            ),
            (
                f"A newcomer at 40 % over 12 boards drops to {self.newcomer_held:.2f} % "
                f"(table held at 50 %; {self.newcomer:.2f} % with the table rated too).",
                "Newcomers",
                "newcomer_after_12_boards_held",
                True,
            ),
            (
                f"Forecasting the next board: {self.best[1]}.",
                "Beyond the page: how well does the PPI predict?",
                "best_forecast",
                False,
            ),
            *(
                (claim_sentence(row, finding=True), "The page's claims", "claims", False)
                for row in self.claims.itertuples()
            ),
        ]
        return pd.DataFrame(rows, columns=["text", "section", "key", "headline"])

    def summary(self) -> dict:
        """The report's ``summary.json``."""
        fx, pu, w = self.at_page["fixed"], self.at_page["pickup"], self.wander
        return {
            "page_activity": PAGE_ACTIVITY,
            "half_life_boards_fixed": fx.boards,
            "half_life_boards_fixed_se": fx.boards_se,
            "half_life_boards_pickup": pu.boards,
            "half_life_boards_pickup_se": pu.boards_se,
            "half_life_months_fixed": fx.months,
            "half_life_months_fixed_se": fx.months_se,
            "half_life_months_pickup": pu.months,
            "half_life_months_pickup_se": pu.months_se,
            "newcomer_after_12_boards": self.newcomer,
            "newcomer_after_12_boards_held": self.newcomer_held,
            "wander_band": w["pickup"].band,
            "wander_band_se": w["pickup"].band_se,
            "wander_band_fixed": w["fixed"].band,
            "wander_band_fixed_se": w["fixed"].band_se,
            "best_forecast": self.best[0],
            "half_life_table": half_life_frame(self.half_lives).to_dict(orient="records"),
            "claims": self.claims.to_dict(orient="records"),
            "forecast": self.forecast.to_dict(orient="index"),
            "seed": self.parameters["seed"],
        }


def ppi_report(
    *,
    rng=None,
    activities=(120.0, 240.0, 416.0, 600.0),
    n_players=300,
    n_shocked=80,
    wander_players=200,
    wander_months=120,
    newcomer_strengths=(40.0, 50.0, 60.0),
    newcomer_per_strength=30,
    newcomer_months=12,
    compare_players=160,
    compare_months=8,
    compare_activity=300.0,
) -> PPIReport:
    """The ``ppi_half_life`` report's simulations and the page's claims.

    Parameters
    ----------
    rng : int or numpy.random.Generator, optional
        One generator, drawn from in order by the half-lives, the wander (fixed, then
        pick-up), the newcomers and the forecast comparison; an integer is recorded as the
        summary's ``seed``.
    activities : sequence of float
        Boards per three months of the half-life runs (the page's 416 always runs).
    n_players, n_shocked : int
        Players in each simulated club, and those given one bad session.
    wander_players, wander_months : int
        Players observed for the wander band, and the months after a year's burn-in.
    newcomer_strengths : sequence of float
        True strengths (PPI %) of the simulated newcomers.
    newcomer_per_strength, newcomer_months : int
        Newcomers of each strength, and the months they are followed.
    compare_players, compare_months : int
        The club whose boards the ratings predict, and the months it plays.
    compare_activity : float
        Boards per three months in that club.

    Returns
    -------
    PPIReport
    """
    seed = rng if isinstance(rng, int) else None
    rng = np.random.default_rng(rng)
    runs = sorted(set(activities) | {PAGE_ACTIVITY})
    hls = half_lives(activities=runs, rng=rng, n_players=n_players, n_shocked=n_shocked)
    wander = {
        part: stationary_wander(
            activity=PAGE_ACTIVITY,
            partnership=part,
            n_players=wander_players,
            n_months=wander_months,
            rng=rng,
        )
        for part in ("fixed", "pickup")
    }
    newcomer = newcomer_claim()
    newcomer_held = newcomer_claim(others="held")
    trajectory = newcomer_trajectory(
        strengths=newcomer_strengths,
        n_per_strength=newcomer_per_strength,
        n_months=newcomer_months,
        rng=rng,
    )
    claims = page_claims(
        newcomer=newcomer,
        half_life_fixed=hls[PAGE_ACTIVITY, "fixed"],
        half_life_pickup=hls[PAGE_ACTIVITY, "pickup"],
        wander=wander["pickup"],
    )
    forecast = forecast_comparison(
        n_players=compare_players, n_months=compare_months, activity=compare_activity, rng=rng
    ).set_index("system")
    return PPIReport(
        half_lives=hls,
        wander=wander,
        newcomer=newcomer,
        newcomer_held=newcomer_held,
        trajectory=trajectory,
        claims=claims,
        forecast=forecast,
        parameters={
            "seed": seed,
            "newcomer_strengths": list(newcomer_strengths),
            "newcomer_per_strength": newcomer_per_strength,
        },
    )
