"""The strength spreads of the simulated fields, fitted to the shipped data: teams from
the archive's match margins, Swiss pairs from Probst's Brighton 2005 counts.

Teams: the strength spread is fitted to the shipped match margins
(:func:`team_strength_spread`, :func:`bridgestats.fit.fit_strength_spread`): σ²(n) =
nK² + n²δ² gives δ, the spread of the edge between two sides that met; for strengths
of sd τ met at random, δ = τ√2, so the teams' ``strength_sd`` is δ/√2. The archive's
matches are those of championship fields (Bermuda Bowls, trials, Olympiads, European
championships ...): a club or congress field is likely wider.

Pairs: :func:`pairs_strength_spread` fits the pairs' spread τ and the per-board σ of equal
pairs to Probst's Brighton 2005 counts (Table 7, the Swiss pairs of 14 rounds of 257
8-board matches scored on the Washington 2004 scale): round 1 is a random draw, so its
margins have σ₁² = σ₀² + 2τ² (σ₀ the match σ of equal pairs); simulating the event for each
τ (with σ₀ from σ₁) and matching the σ of rounds 8-14, paired by score, gives τ. Only the
second half's sampling error is carried into τ's interval (σ₁ is taken as known), and the
first half does not fit the model (its σ, 11.5 %, is above round 1's: Probst §11's
excess of 20-0s), so the figure is an estimate under a stated model, not a measurement.

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §11
   (Brighton 2005, Table 7; the Washington 2004 scale of Table 8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import datasets
from .._validate import as_finite_array, check_int, check_rng, fail
from ..fit import fit_sigma_binned, fit_strength_spread
from ..sim.events import simulate_events
from ..vp import named_scale

__all__ = [
    "PairsStrength",
    "pairs_strength_from_curve",
    "pairs_strength_spread",
    "team_strength_spread",
]

#: Brighton 2005 as Probst §11 describes it: the event :func:`pairs_strength_spread` simulates.
_BRIGHTON = {"n_entrants": 514, "n_rounds": 14, "n_boards": 8, "scale": "washington_2004"}


def team_strength_spread(*, confidence=0.90, n_boot=2000, rng=None):
    """K and the strength spread δ of the shipped match margins, clustered by file.

    Parameters
    ----------
    confidence, n_boot, rng
        As :func:`bridgestats.fit.fit_strength_spread`.

    Returns
    -------
    StrengthSpread
        Over the 2,330 matches of ``derived/match_margins``, the bootstrap resampling
        whole files (events: a Bermuda Bowl, a Spingold, ...) since the matches of one event
        share its teams.

    Examples
    --------
    >>> r = team_strength_spread(n_boot=200, rng=1)
    >>> print(f"K {r.k:.2f}, delta {r.delta:.2f}, {r.n_clusters} files")
    K 6.02, delta 0.67, 99 files
    """
    mm = datasets.load("derived/match_margins")
    return fit_strength_spread(
        mm.imp_margin,
        mm.n_boards,
        cluster=mm.match.str.split("|").str[0],
        confidence=confidence,
        n_boot=n_boot,
        rng=rng,
    )


@dataclass(frozen=True)
class PairsStrength:
    """Result of :func:`pairs_strength_spread` (MP %).

    Attributes
    ----------
    strength_sd : float
        τ, the sd of the pairs' true strengths (MP % per match).
    strength_sd_ci : tuple of float
        τ at the ends of the interval of the second half's σ (``confidence``), with
        ``round1_sigma`` held fixed.
    sigma_equal : float
        σ₀ = √(σ₁² − 2τ²), the match σ of equal pairs over 8 boards.
    k : float
        σ₀√8, the per-board σ (``k`` of the ``"pairs"`` board model).
    round1_sigma, second_half_sigma : float
        σ fitted to Brighton's round 1 and rounds 8-14 (:func:`~bridgestats.fit.fit_sigma_binned`).
    second_half_ci : tuple of float
        The interval of ``second_half_sigma``.
    curve : DataFrame
        One row per τ tried: ``strength_sd``, ``sigma_equal``, ``sim_second_half_sigma``
        (σ fitted to the simulated rounds 8-14) and its ``se``.
    confidence : float
    """

    strength_sd: float
    strength_sd_ci: tuple[float, float]
    sigma_equal: float
    k: float
    round1_sigma: float
    second_half_sigma: float
    second_half_ci: tuple[float, float]
    curve: pd.DataFrame
    confidence: float


def _crossing(x: np.ndarray, y: np.ndarray, target: float) -> float:
    """x where the decreasing curve y(x) reaches target (linear between grid points; the
    grid's end when the target lies beyond it)."""
    order = np.argsort(y)
    return float(np.interp(target, y[order], x[order]))


def pairs_strength_spread(
    *, strength_sds=(0, 1, 2, 3, 4, 5, 6), n_events=6, confidence=0.90, rng=None
):
    """Fit the Swiss pairs' strength spread τ to Brighton 2005 (Probst Table 7).

    Parameters
    ----------
    strength_sds : sequence of float, optional
        The grid of τ (MP %) simulated; each below σ₁/√2.
    n_events : int, optional
        Brighton-sized events simulated per τ (514 pairs, 14 rounds of 8 boards, random
        first round then by score, on the Washington 2004 scale).
    confidence : float, optional
        Level of the σ intervals.
    rng : int or numpy.random.Generator, optional
        One seed for every τ (common random numbers).

    Returns
    -------
    PairsStrength

    Notes
    -----
    Round 1 (a random draw) gives σ₁; for each τ the equal-pairs σ is
    σ₀(τ) = √(σ₁² − 2τ²), the event is simulated with per-board σ σ₀√8 and strengths of sd
    τ, and σ is fitted to the simulated counts of rounds 8-14 as to the real ones. Pairing
    by score brings closer pairs together, so that σ falls as τ grows; τ is where it meets
    the observed second-half σ. The simulated σ's SE treats the matches as independent.

    Examples
    --------
    >>> p = pairs_strength_spread(strength_sds=(3, 4, 5), n_events=2, rng=1)
    >>> print(f"tau {p.strength_sd:.1f} %, equal pairs sigma {p.sigma_equal:.1f} %")
    tau 4.2 %, equal pairs sigma 9.7 %
    """
    grid = as_finite_array(strength_sds, "strength_sds").ravel()
    e = check_int(n_events, "n_events", minimum=1)
    s1 = _brighton_fits(confidence)[0].sigma
    if grid.size < 2 or np.any(grid < 0) or np.any(2 * grid**2 >= s1**2):
        raise fail(
            "strength_sds", f"two or more values in [0, {s1 / math.sqrt(2):.2f})", strength_sds
        )
    seed = int(check_rng(rng).integers(2**63))
    scale = named_scale(_BRIGHTON["scale"])
    t = np.asarray(scale.thresholds)
    rows = []
    for tau in grid:
        s0 = math.sqrt(s1**2 - 2 * tau**2)
        res = simulate_events(
            _BRIGHTON["n_entrants"],
            n_rounds=_BRIGHTON["n_rounds"],
            n_boards=_BRIGHTON["n_boards"],
            board="pairs",
            k=s0 * math.sqrt(8),
            scale=scale,
            strength_sd=tau,
            pairing="score",
            n_events=e,
            rng=seed,
        )
        f = fit_sigma_binned(res.outcome_counts[:, 7:].sum(axis=(0, 1)), t)
        rows.append((tau, s0, f.sigma, f.se))
    curve = pd.DataFrame(
        rows, columns=["strength_sd", "sigma_equal", "sim_second_half_sigma", "se"]
    )
    return pairs_strength_from_curve(curve, confidence=confidence)


#: The columns of a simulated curve (:attr:`PairsStrength.curve`).
_CURVE_COLUMNS = ("strength_sd", "sigma_equal", "sim_second_half_sigma", "se")


def _brighton_fits(confidence):
    """σ fitted to Brighton's round 1 and to its rounds 8-14 (Washington 2004 bands)."""
    t = np.asarray(named_scale(_BRIGHTON["scale"]).thresholds)
    counts = (
        datasets.load("seeds/brighton_2005_vp_counts")
        .pivot(index="round", columns="vp_winner", values="count")
        .to_numpy()
    )
    first = fit_sigma_binned(counts[0], t, confidence=confidence)
    late = fit_sigma_binned(counts[7:].sum(axis=0), t, confidence=confidence)
    return first, late


def pairs_strength_from_curve(curve, *, confidence=0.90):
    """τ where a simulated curve of the second half's σ meets Brighton's (no simulation).

    Parameters
    ----------
    curve : pandas.DataFrame
        :attr:`PairsStrength.curve` of :func:`pairs_strength_spread` (columns
        ``strength_sd``, ``sigma_equal``, ``sim_second_half_sigma``, ``se``; two rows or
        more), e.g. the shipped ``derived/swiss_pairs_strength_curve``.
    confidence : float, optional
        Level of the σ intervals.

    Returns
    -------
    PairsStrength
        As :func:`pairs_strength_spread` with the same curve: the simulation is the slow
        part, the crossing is computed here.
    """
    if not isinstance(curve, pd.DataFrame) or any(c not in curve for c in _CURVE_COLUMNS):
        raise fail(
            "curve", f"a DataFrame with columns {', '.join(_CURVE_COLUMNS)}", type(curve).__name__
        )
    if len(curve) < 2:
        raise fail("curve", "two or more strength sds", len(curve))
    curve = curve[list(_CURVE_COLUMNS)].reset_index(drop=True)
    first, late = _brighton_fits(confidence)
    s1 = first.sigma
    x, y = curve.strength_sd.to_numpy(float), curve.sim_second_half_sigma.to_numpy(float)
    tau = _crossing(x, y, late.sigma)
    ends = sorted(_crossing(x, y, v) for v in late.ci)
    s0 = math.sqrt(s1**2 - 2 * tau**2)
    return PairsStrength(
        tau,
        (ends[0], ends[1]),
        s0,
        s0 * math.sqrt(8),
        s1,
        late.sigma,
        late.ci,
        curve,
        late.confidence,
    )
