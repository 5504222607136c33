"""Estimators and goodness-of-fit tests for the standard-deviation models of match results.

Statistics layer: every function takes arrays (or columns of a frame) and returns a small
frozen result dataclass with intervals; nothing reads files and nothing prints. The rooms:
:mod:`.vp_counts` (σ from VP counts), :mod:`.gof` (goodness of fit), :mod:`.k` (K from
swings and margins), :mod:`.strength` (the strength spread), :mod:`.butler` (the Butler
factor), :mod:`.compare` (σ across groups) and :mod:`._common` (what they share); every
name is re-exported here.

- :func:`fit_sigma_binned`: maximum-likelihood σ of a zero-mean normal match margin from
  counts of VP outcomes (interval-censored margins), with a profile-likelihood interval
  (:func:`fit_sigma_groups` for many groups at once, as a tidy frame);
  :func:`fit_sigma_tail` the one-band (20-0 proportion) estimator that reproduces Jonathan
  Cooke's Brighton interval; :func:`band_probabilities` the model behind both.
- :func:`frequency_test`: Pearson χ² and likelihood-ratio G of observed against expected
  counts, adjusted residuals, a Monte Carlo p-value when expected counts are small.
- :func:`estimate_k`, :func:`estimate_k_from_counts`, :func:`estimate_k_from_matches`: the
  per-board standard deviation K of IMP swings (σ = K·√n), from swings, from an IMP
  histogram, and from match margins (with the intra-match variance inflation).
- :func:`fit_strength_spread`: K and the spread δ of the per-board edge between sides from
  match margins of several lengths, σ²(n) = nK² + n²δ².
- :func:`butler_factor`: the ratio B of Butler IMPs (against a datum) to head-to-head IMPs
  on the same boards, in the sense of Probst's σ = B·K·√(n·C/(2R)), from per-board spreads
  (:func:`field_spreads` computes them from full-field score arrays).
- :func:`sigma_lr_test` and :func:`sigma_one_vs_rest`: likelihood-ratio tests that groups
  of VP counts (halves, rounds) share one σ; :func:`holm` adjusts many p-values.
- :func:`outcome_index` and :func:`band_probabilities`: which VP band a margin falls in and
  how likely each band is under the normal model (one scale per match allowed).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"); the
   project ships its Tables 6-8 in ``data/seeds/``.
"""

from ._common import MAX_N_BOOT, MAX_N_SIM, MAX_SWING
from .butler import ButlerFactor, butler_factor, field_spreads
from .compare import SigmaLRTest, holm, sigma_lr_test, sigma_one_vs_rest
from .gof import FrequencyTest, frequency_test
from .k import KEstimate, MatchK, estimate_k, estimate_k_from_counts, estimate_k_from_matches
from .strength import StrengthSpread, fit_strength_spread
from .vp_counts import (
    SigmaFit,
    band_probabilities,
    fit_sigma_binned,
    fit_sigma_groups,
    fit_sigma_tail,
    outcome_index,
)

__all__ = [
    "MAX_N_BOOT",
    "MAX_N_SIM",
    "MAX_SWING",
    "ButlerFactor",
    "FrequencyTest",
    "KEstimate",
    "MatchK",
    "SigmaFit",
    "SigmaLRTest",
    "StrengthSpread",
    "band_probabilities",
    "butler_factor",
    "estimate_k",
    "estimate_k_from_counts",
    "estimate_k_from_matches",
    "field_spreads",
    "fit_sigma_binned",
    "fit_sigma_groups",
    "fit_sigma_tail",
    "fit_strength_spread",
    "frequency_test",
    "holm",
    "outcome_index",
    "sigma_lr_test",
    "sigma_one_vs_rest",
]
