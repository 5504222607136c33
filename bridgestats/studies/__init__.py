"""Studies: the analyses the reports show, as functions returning tidy frames.

- :mod:`~bridgestats.studies.ppi`: the claims of Bridge Club Live's PPI page tested by
  simulation and by the formula (:func:`shock_response`, :func:`half_lives`,
  :func:`half_life_table`, :func:`stationary_wander`, :func:`newcomer_claim`,
  :func:`newcomer_trajectory`); :mod:`~bridgestats.studies.ppi_claims`: the page's claims
  beside the measured figures (:func:`page_claims`); :mod:`~bridgestats.studies.ppi_forecast`:
  how well the PPI predicts against Elo and Glicko-2 (:func:`forecast_comparison`,
  :func:`best_forecast`);
- :mod:`~bridgestats.studies.ratings_real`: every rating system of the catalogue
  (:data:`bridgestats.ratings.SYSTEMS`) tested on real players, each session predicted
  from what came before (:func:`session_predictions`, :func:`compare_systems`,
  :func:`calibration`, :func:`reliability`), the Gaussian model's sds with their profile
  intervals (:func:`gaussian_identification`), the report's figures
  (:func:`summary_figures`) and its verdict on the PPI (:func:`ppi_verdict`);
  :mod:`~bridgestats.studies.ratings_real_claims`: the page's pick-up and band claims
  (:func:`partnership_bonus`, :func:`ppi_bands`), how fast a newcomer's rating settles
  (:func:`settling`), the LPR's limiting tests (:func:`lpr_periods`, :func:`lpr_rates`);
  :mod:`~bridgestats.studies.ratings_real_sim`: a simulated log whose truth is known
  (:func:`simulated_sessions`);
  :mod:`~bridgestats.studies.ppi_decision`: the committee's answer on the PPI, whether it
  forgets too fast or too slow, its m scaled by a grid of factors and scored out of sample
  (:func:`ppi_decision`), and what its calibration slope means for players
  (:func:`ppi_calibration_sentence`);
- :mod:`~bridgestats.studies.butler`: Butler and cross-IMP scales: B on real full fields,
  Probst's equal-pairs σ against real Butler totals, his examples, the scale for an event
  (names stay under the module);
- the estimates the reports use, each naming its ``source`` (names stay under their
  modules): :mod:`~bridgestats.studies.estimates` (the shipped data sets, the
  :class:`~bridgestats.studies.estimates.Estimate` type, Probst's printed figures),
  :mod:`~bridgestats.studies.k_estimates` (K per board, by series, between series, per
  match), :mod:`~bridgestats.studies.k_growth` (the K(n) model σ²(n) = nK² + n²δ² by series
  and by match length, δ within matches), :mod:`~bridgestats.studies.brighton` (the
  Brighton σ by subset with its likelihood-ratio tests, the σ for a Swiss pairs scale's
  conditions of use) and :mod:`~bridgestats.studies.frequencies` (each outcome's share
  under a σ); :mod:`~bridgestats.studies.outcomes` sets observed VP outcomes (Brighton's,
  Sheffield's, real team matches', a committee's own) against that share (the
  ``vp_frequencies`` report; names stay under the module);
- :mod:`~bridgestats.studies.sigma_evidence`: one σ(n) per form from that evidence, with
  its interval and source, for every scale a report or the booklet prints
  (:func:`bridgestats.sigma.form_sigma`; names stay under the module);
- :mod:`~bridgestats.studies.probst`: every table and worked figure of Probst's article,
  printed against computed, with a status (:func:`probst_items`);
- :mod:`~bridgestats.studies.scales`: the committee's tribunal, candidate VP scales and
  pairing rules side by side on simulated round robins, Swiss teams and Swiss pairs, with
  strength spreads fitted to the shipped data by :mod:`~bridgestats.studies.strength`
  (names stay under the modules);
- :mod:`~bridgestats.studies.rescore`: real round robins (the shipped
  ``derived/rescored_matches``) re-scored under every candidate scale
  (:func:`rescore_events`) and the qualifiers each scale changes
  (:func:`qualifier_changes`).
- :mod:`~bridgestats.studies.committee`: every evidence report on a committee's own
  ``files``: its Swiss pairs and team matches as rounds × VP outcome on the scale they were
  scored on (:func:`~bridgestats.studies.committee.round_counts`), σ by subset and its
  likelihood-ratio tests (``subset_sigma``, ``sigma_tests``, Brighton 2005's by default),
  and whether an interval decides between published figures (``interval_verdict``; names
  stay under the module);
- :mod:`~bridgestats.studies.swiss`: Probst's Swiss pairs questions, Brighton 2005's 20-0s
  by half simulated under a random draw and by score, the equal-probability σ of each half;
  :mod:`~bridgestats.studies.late_entry`: late entry into a Swiss after a knock-out;
  :mod:`~bridgestats.studies.swiss_findings`: the Swiss events report's figures and
  sentences from both, and the report's result (``swiss_events``; names stay under the
  modules).
- each report's result, one call of its notebook: its tables, its sections' sentences, its
  summary and its findings as a frame (``text``, ``section``, ``key``, ``headline``), made
  and tested here: :mod:`~bridgestats.studies.rederive_k`,
  :mod:`~bridgestats.studies.compare_scales`, :mod:`~bridgestats.studies.washington_sigma`,
  :mod:`~bridgestats.studies.ratings_real_report`, :mod:`~bridgestats.studies.ppi_report`,
  :mod:`~bridgestats.studies.designer_report`, ``swiss_findings.swiss_events`` and
  ``butler.butler_report`` (names stay under the modules).

The applications built on them (scoring an event, the booklet) are in
:mod:`bridgestats.apps`.

Studies sit above the ratings (:mod:`bridgestats.ratings`) and the simulators
(:mod:`bridgestats.sim`); every Monte Carlo figure they return carries its standard error.
"""

from .ppi import (
    PAGE_ACTIVITY,
    HalfLife,
    Wander,
    half_life_frame,
    half_life_table,
    half_lives,
    newcomer_claim,
    newcomer_trajectory,
    shock_response,
    stationary_wander,
)
from .ppi_claims import VERDICTS, page_claims
from .ppi_decision import ppi_calibration_sentence, ppi_decision
from .ppi_forecast import best_forecast, forecast_comparison
from .probst import probst_items
from .ratings_identification import gaussian_identification
from .ratings_real import calibration, compare_systems, reliability, session_predictions
from .ratings_real_claims import lpr_periods, lpr_rates, partnership_bonus, ppi_bands, settling
from .ratings_real_sim import simulated_sessions
from .ratings_words import (
    best_system_sentence,
    identification_sentences,
    ppi_verdict,
    ratings_findings,
    summary_figures,
    versus,
)
from .rescore import qualifier_changes, rescore_events

__all__ = [
    "PAGE_ACTIVITY",
    "VERDICTS",
    "HalfLife",
    "Wander",
    "best_forecast",
    "best_system_sentence",
    "calibration",
    "compare_systems",
    "forecast_comparison",
    "gaussian_identification",
    "half_life_frame",
    "half_life_table",
    "half_lives",
    "identification_sentences",
    "lpr_periods",
    "lpr_rates",
    "newcomer_claim",
    "newcomer_trajectory",
    "page_claims",
    "partnership_bonus",
    "ppi_bands",
    "ppi_calibration_sentence",
    "ppi_decision",
    "ppi_verdict",
    "probst_items",
    "qualifier_changes",
    "ratings_findings",
    "reliability",
    "rescore_events",
    "session_predictions",
    "settling",
    "shock_response",
    "simulated_sessions",
    "stationary_wander",
    "summary_figures",
    "versus",
]
