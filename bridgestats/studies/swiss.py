"""Swiss pairs events (Probst §8, §11, §12): Brighton 2005's 20-0s and late entry.

Brighton 2005 (§11)
-------------------
Probst's Table 7 counts the VPs of the Brighton 2005 Swiss pairs: 14 rounds of 257
head-to-head 8-board matches (514 pairs), a random first round and then paired by score,
scored on the 2004 White Book scale (σ = 9.59 %, Table 8). It had 297 20-0s in rounds 1-7
and 215 in rounds 8-14, against 225 in each half predicted by a model of equal pairs.
:func:`brighton_simulation` plays that event many times over
(:func:`~bridgestats.sim.events.simulate_events`, the pairs board model) with the strength
spread τ and the equal-pairs σ₀ fitted to the same counts
(:func:`bridgestats.studies.scales.pairs_strength_spread`: σ₁² = σ₀² + 2τ² from round 1,
τ from rounds 8-14), under a random draw every round and paired by score, on one seed.
:func:`twenty_zeros` gives the simulated 20-0s by round and by half (mean over events, a
90 % band of single events and the mean's Monte Carlo SE) against the observed;
:func:`equal_probability_sigma` the σ of an equal-probability scale for each half.

Equal probability
-----------------
A Gaussian 20-0 scale at σ has thresholds σ·z_k (:func:`bridgestats.vp.gaussian_z`);
it is *equal-probability* for a set of matches when its 21 outcomes occur equally often
(10-10 1/21 of the matches, each other winner's score 2/21). Two criteria are computed on
the simulated margins (the histogram kept by :func:`bridgestats.sim.swiss.refined_scale`,
0.1 % bins): ``flattest``, the σ minimising Pearson's χ² distance
Σ (p_k(σ) − d_k)²/d_k between the outcome shares p_k and the design shares d_k; and
``20-0 share``, the σ at which the 20-0 share alone is 2/21. Each is computed per
simulated event and averaged (SE over events). For the real event only the 2004 scale's
11 counts exist, so its σ per half is the maximum-likelihood σ of a zero-mean normal
margin (:func:`bridgestats.fit.fit_sigma_binned`, ``ML normal``: the σ that would make the
counts flat if the margins were normal) and the 20-0-share σ
(:func:`bridgestats.fit.fit_sigma_tail`).

Late entry (§12)
----------------
:func:`late_entry` simulates Bridge Club Live's knock-out with its subsidiary Swiss
(:func:`bridgestats.sim.swiss.simulate_ko_swiss`; the reading of §12 is stated there) with
the late-entry scores of :func:`bridgestats.sim.swiss.entry_scores`, and the same knock-outs
with a counterfactual Swiss in which every pair plays every round from 0. A late entrant's
finish percentile against its own counterfactual finish (same pair, same field) says
whether the entry score over- or under-rewards the rounds missed.

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §8
   (pairing methods), §11 (Brighton 2005, Tables 7-8), §12 (late round entry).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import chi2

from .. import datasets
from .._validate import check_choice, check_int, check_number, check_rng, fail
from ..fit import fit_sigma_binned, fit_sigma_tail
from ..names import plus_minus
from ..sim.events import PAIRINGS, simulate_events
from ..sim.swiss import (
    ENTRY_RULES,
    carry_factor,
    refined_scale,
    rule_scale,
    simulate_ko_swiss,
)
from ..vp import gaussian_scale, gaussian_z, named_scale

__all__ = [
    "ARTICLE",
    "BRIGHTON",
    "HALF_NAMES",
    "PAIRING_NAMES",
    "PROBST_SESSIONS",
    "STEP_CAUSES",
    "BrightonSimulation",
    "brighton_difference",
    "brighton_observed",
    "brighton_simulation",
    "brighton_step_test",
    "brighton_verdict",
    "conclusions",
    "equal_probability_sigma",
    "late_entry",
    "late_entry_verdict",
    "summary_figures",
    "twenty_zeros",
]

#: Probst's late-entry case (§12, "assume 6" sessions: entries 14, 29, 45, 62), the headline.
PROBST_SESSIONS = 6
#: Brighton 2005 as §11 describes it (the Swiss pairs simulated by :func:`brighton_simulation`).
BRIGHTON = {
    "n_entrants": 514, "n_rounds": 14, "n_boards": 8, "scale": "washington_2004",
    "first_half": (1, 7), "second_half": (8, 14),
}  # fmt: skip
#: The figures of §11's prose: 20-0s observed in each half and in all, and predicted per half.
ARTICLE = {"first_half": 297, "second_half": 215, "all": 512, "predicted_per_half": 225}
_HALVES = ("first_half", "second_half")
#: What a reader sees for the halves of :func:`twenty_zeros` and the pairing rules.
HALF_NAMES = {"first_half": "rounds 1-7", "second_half": "rounds 8-14", "all": "all rounds",
              "difference": "difference (1-7 minus 8-14)"}  # fmt: skip
PAIRING_NAMES = {"random": "random draw", "score": "by score", "seeded": "seeded, then by score",
                 "late": "by score, one round late"}  # fmt: skip
_DESIGN = np.array([1.0] + [2.0] * 10) / 21.0  # 10-10, 11-9, ..., 20-0: equal probability
_Z = gaussian_z(20)  # the 10 thresholds of the Gaussian 20-0 scale, in σ
_SIGMA_GRID = np.arange(6.0, 18.0, 0.05)  # then refined by 0.001 around the best


def _half_of(rounds) -> np.ndarray:
    r = np.asarray(rounds)
    return np.where(r <= BRIGHTON["first_half"][1], "first_half", "second_half")


def brighton_observed():
    """Brighton 2005's VP counts (Probst Table 7) by round, and its 20-0s by half.

    Returns
    -------
    by_round : DataFrame
        One row per round: ``round`` (1-14), ``half`` (``first_half``: rounds 1-7,
        ``second_half``: 8-14), ``n_matches`` and ``n_20_0`` (matches won 20-0).
    by_half : DataFrame
        One row per half and one for the event (``half == "all"``): ``n_matches``,
        ``n_20_0``, ``article`` (the count §11's prose gives: 297, 215, 512) and ``agrees``
        (the table's sum equals the prose's figure).

    Examples
    --------
    >>> _, halves = brighton_observed()
    >>> halves[["half", "n_20_0", "article", "agrees"]].values.tolist()
    [['first_half', 297, 297, True], ['second_half', 215, 215, True], ['all', 512, 512, True]]
    """
    df = datasets.load("seeds/brighton_2005_vp_counts")
    by_round = df.groupby("round", as_index=False).agg(n_matches=("count", "sum"))
    top = df[df["vp_winner"] == 20].set_index("round")["count"]
    by_round["n_20_0"] = by_round["round"].map(top).fillna(0).astype(int)
    by_round.insert(1, "half", _half_of(by_round["round"]))
    sums = by_round.groupby("half")[["n_matches", "n_20_0"]].sum().loc[list(_HALVES)]
    sums.loc["all"] = sums.sum()
    by_half = sums.reset_index()
    by_half["article"] = by_half["half"].map(ARTICLE).astype(int)
    by_half["agrees"] = by_half["n_20_0"] == by_half["article"]
    return by_round, by_half


@dataclass(frozen=True)
class BrightonSimulation:
    """Simulated Brighton 2005s (:func:`brighton_simulation`).

    Attributes
    ----------
    counts : ndarray of int, shape (n_pairings, n_events, 14, 11)
        Matches by pairing rule, event, round and winner's VP on the 2004 scale (10..20).
    margins : ndarray of int, shape (n_pairings, n_events, 2, n_bins)
        Histogram of |margin| (MP %) by half: bin j holds ``edges[j] <= |m| < edges[j+1]``.
    edges : ndarray
        The bins' lower edges (the last bin is open).
    pairings : tuple of str
        The pairing rules (:data:`bridgestats.sim.events.PAIRINGS`).
    strength_sd, k : float
        τ (MP %) and the per-board σ (%) simulated.
    seed : int
        The seed every pairing rule was simulated with.
    """

    counts: np.ndarray
    margins: np.ndarray
    edges: np.ndarray
    pairings: tuple[str, ...]
    strength_sd: float
    k: float
    seed: int

    @property
    def n_events(self) -> int:
        """Events simulated per pairing rule."""
        return int(self.counts.shape[1])


def brighton_simulation(
    *, strength_sd, k, pairings=("random", "score"), n_events=200, step=0.1, rng=None
):
    """Simulate Brighton 2005 (514 pairs, 14 rounds of 8 boards, the 2004 scale).

    Parameters
    ----------
    strength_sd : float
        τ, the sd of the pairs' strengths (MP % per match; >= 0).
    k : float
        The per-board σ of equal pairs (%; > 0): σ₀√8.
    pairings : sequence of str, optional
        Pairing rules (:data:`bridgestats.sim.events.PAIRINGS`), each simulated on the same
        seed (the same strengths and boards, paired differently).
    n_events : int, optional
        Events per rule (1-100000).
    step : float, optional
        Width (MP %) of the margin histogram's bins (0.01-1).
    rng : int or numpy.random.Generator, optional

    Returns
    -------
    BrightonSimulation

    Examples
    --------
    >>> sim = brighton_simulation(strength_sd=0.0, k=9.59 * 8**0.5, n_events=2, rng=1)
    >>> sim.counts.shape, int(sim.counts[0, 0].sum()) == 14 * 257
    ((2, 2, 14, 11), True)
    """
    tau = check_number(strength_sd, "strength_sd", low=0, high=30)
    kk = check_number(k, "k", low=0, low_open=True, high=200)
    rules = tuple(pairings) if not isinstance(pairings, str) else (pairings,)
    if not rules:
        raise fail("pairings", "one or more pairing rules", pairings)
    for rule in rules:
        check_choice(rule, "pairings", tuple(PAIRINGS))
    e = check_int(n_events, "n_events", minimum=1, maximum=100_000)
    h = check_number(step, "step", low=0.01, high=1.0)
    seed = int(check_rng(rng).integers(2**63))
    fine, coarse = refined_scale(BRIGHTON["scale"], step=h, top=60.0)
    edges = np.concatenate([[0.0], fine.thresholds])
    n_half = BRIGHTON["first_half"][1]
    counts, margins = [], []
    for rule in rules:
        res = simulate_events(
            BRIGHTON["n_entrants"],
            n_rounds=BRIGHTON["n_rounds"],
            n_boards=BRIGHTON["n_boards"],
            board="pairs",
            k=kk,
            scale=fine,
            strength_sd=tau,
            pairing=rule,
            n_events=e,
            rng=seed,
        )
        oc = res.outcome_counts
        folded = np.zeros((*oc.shape[:2], len(named_scale(BRIGHTON["scale"]).vp_winner)), int)
        np.add.at(folded, (slice(None), slice(None), coarse), oc)  # fine bins -> 2004 VPs
        counts.append(folded)
        margins.append(np.stack([oc[:, :n_half].sum(axis=1), oc[:, n_half:].sum(axis=1)], 1))
    return BrightonSimulation(np.stack(counts), np.stack(margins), edges, rules, tau, kk, seed)


def _summary_row(x: np.ndarray, confidence: float) -> dict:
    lo, hi = np.quantile(x, [(1 - confidence) / 2, (1 + confidence) / 2])
    se = float(x.std(ddof=1) / math.sqrt(x.size)) if x.size > 1 else float("nan")
    return {"mean": float(x.mean()), "se": se, "band_low": float(lo), "band_high": float(hi)}


def twenty_zeros(sim, *, confidence=0.90):
    """Simulated 20-0s by round and by half against Brighton's, with bands and SEs.

    Parameters
    ----------
    sim : BrightonSimulation
    confidence : float, optional
        Coverage of the band of single events (the central 90 % by default).

    Returns
    -------
    by_round : DataFrame
        ``pairing``, ``round`` (1-14), ``mean`` (20-0s over events), ``se`` (its Monte
        Carlo SE, sd/√E), ``band_low``, ``band_high`` (quantiles of single events),
        ``observed`` (Brighton's count).
    by_half : DataFrame
        The same by ``half``: ``first_half``, ``second_half`` and ``difference`` (first
        minus second, per event), with ``n_events``.

    Examples
    --------
    >>> sim = brighton_simulation(strength_sd=0.0, k=9.59 * 8**0.5, n_events=3, rng=1)
    >>> by_half = twenty_zeros(sim)[1]
    >>> by_half.loc[by_half.half == "difference", "observed"].tolist()
    [82, 82]
    """
    if not isinstance(sim, BrightonSimulation):
        raise fail("sim", "a BrightonSimulation", type(sim).__name__)
    conf = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    obs_round, obs_half = brighton_observed()
    obs = obs_half.set_index("half")["n_20_0"]
    observed = {"first_half": int(obs["first_half"]), "second_half": int(obs["second_half"])}
    observed["difference"] = observed["first_half"] - observed["second_half"]
    n_half = BRIGHTON["first_half"][1]
    rows_r, rows_h = [], []
    for i, rule in enumerate(sim.pairings):
        tz = sim.counts[i, :, :, -1]  # (events, rounds) 20-0s
        for r in range(tz.shape[1]):
            rows_r.append({"pairing": rule, "round": r + 1, **_summary_row(tz[:, r], conf),
                           "observed": int(obs_round["n_20_0"].iloc[r])})  # fmt: skip
        halves = {
            "first_half": tz[:, :n_half].sum(axis=1),
            "second_half": tz[:, n_half:].sum(axis=1),
        }
        halves["difference"] = halves["first_half"] - halves["second_half"]
        for name, x in halves.items():
            rows_h.append({"pairing": rule, "half": name, **_summary_row(x, conf),
                           "observed": observed[name], "n_events": int(x.size)})  # fmt: skip
    return pd.DataFrame(rows_r), pd.DataFrame(rows_h)


def brighton_difference(fit, *, n_events=200, pairing="score", confidence=0.90, rng=None):
    """Brighton's observed fall in 20-0s against one simulated event's, over τ's interval.

    The observed first-minus-second-half difference (297 − 215 = 82) is one event's: under
    the fitted model a single event's difference varies (sd about 21), so the share of it
    "explained" by pairing is not known to better than that spread. This simulates the
    event paired by ``pairing`` at the fitted τ and at the ends of its interval, each end
    with its own σ₀ = √(σ₁² − 2τ²) (round 1's σ held fixed, as the fit does), all on one
    seed (common random numbers: the same strengths and boards). With an int ``rng`` the
    fitted τ's row is that of :func:`brighton_simulation` on the same seed.

    Parameters
    ----------
    fit : PairsStrength
        :func:`bridgestats.studies.scales.pairs_strength_spread` (τ, its interval, σ₁, k).
    n_events : int, optional
        Events per τ (2-100000).
    pairing : str, optional
        The pairing rule (Brighton's: ``"score"``).
    confidence : float, optional
        Coverage of the band of single events.
    rng : int or numpy.random.Generator, optional

    Returns
    -------
    DataFrame
        One row per τ (``point``: ``"low"``, ``"fit"``, ``"high"``): ``strength_sd``,
        ``k``, ``mean`` (expected difference), ``se`` (its Monte Carlo SE), ``sd`` (a single
        event's), ``band_low``, ``band_high``, ``observed`` (82), ``z`` ((observed − mean)
        / sd) and ``p_at_least`` (share of single events with a difference at least the
        observed).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> fit = SimpleNamespace(strength_sd=4.0, strength_sd_ci=(3.2, 4.4), round1_sigma=11.3,
    ...                       k=(11.3**2 - 2 * 4.0**2) ** 0.5 * 8**0.5)
    >>> d = brighton_difference(fit, n_events=20, rng=1)
    >>> d["point"].tolist(), d["observed"].tolist()
    (['low', 'fit', 'high'], [82, 82, 82])
    """
    e = check_int(n_events, "n_events", minimum=2, maximum=100_000)
    check_choice(pairing, "pairing", tuple(PAIRINGS))
    conf = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    # an int seed is passed on as given, so that the fitted τ's row is the event
    # brighton_simulation(strength_sd=fit.strength_sd, k=fit.k, rng=seed) plays: one value
    direct = isinstance(rng, int | np.integer) and not isinstance(rng, bool)
    seed = rng if direct else int(check_rng(rng).integers(2**63))
    s1 = check_number(fit.round1_sigma, "fit.round1_sigma", low=0, low_open=True, high=100)
    lo, hi = (float(x) for x in fit.strength_sd_ci)
    _, obs_half = brighton_observed()
    obs = obs_half.set_index("half")["n_20_0"]
    observed = int(obs["first_half"] - obs["second_half"])
    n_half = BRIGHTON["first_half"][1]
    rows = []
    for point, tau in (("low", lo), ("fit", float(fit.strength_sd)), ("high", hi)):
        tau = check_number(tau, "fit.strength_sd", low=0, high=30)
        if 2 * tau**2 >= s1**2:
            raise fail("fit", f"τ below σ₁/√2 = {s1 / math.sqrt(2):.2f} (σ₀² > 0)", tau)
        if point == "fit":
            k = float(fit.k)
        else:
            k = math.sqrt(s1**2 - 2 * tau**2) * math.sqrt(BRIGHTON["n_boards"])
        sim = brighton_simulation(strength_sd=tau, k=k, pairings=(pairing,), n_events=e,
                                  rng=seed)  # fmt: skip
        tz = sim.counts[0, :, :, -1]
        d = (tz[:, :n_half].sum(axis=1) - tz[:, n_half:].sum(axis=1)).astype(float)
        row = _summary_row(d, conf)
        sd = float(d.std(ddof=1))
        rows.append({
            "point": point, "strength_sd": tau, "k": k, **row, "sd": sd,
            "observed": observed, "z": (observed - row["mean"]) / sd,
            "p_at_least": float(np.mean(d >= observed)),
        })  # fmt: skip
    return pd.DataFrame(rows)


def _x2_step(counts: np.ndarray, n_half: int) -> np.ndarray:
    """Pearson's X² of per-round counts (rows: events) against their own two half means."""
    first, second = counts[:, :n_half], counts[:, n_half:]
    out = np.zeros(counts.shape[0])
    for part in (first, second):
        level = part.mean(axis=1, keepdims=True)
        out += ((part - level) ** 2 / level).sum(axis=1)
    return out


def brighton_step_test(sim, *, pairing="score"):
    """A step at round 8 against the smooth sorting model, on Brighton's 20-0s by round.

    Two models of the 14 rounds' 20-0 counts, each with two parameters: the *smooth*
    sorting model (the simulated mean by round under ``pairing``, with τ and σ₀ fitted)
    and a *step* (one level for rounds 1-7 and one for 8-14, the observed half means).
    Pearson's X² of the observed counts against each, on 14 − 2 = 12 df, and the gain
    X²_smooth − X²_step calibrated by simulation: the same gain computed on every
    simulated event (which follows the smooth model by construction) gives its
    distribution when the smooth model is true.

    Parameters
    ----------
    sim : BrightonSimulation
    pairing : str, optional
        The rule whose mean is the smooth model (Brighton's: ``"score"``).

    Returns
    -------
    dict
        ``x2_smooth``, ``x2_step`` (observed), ``df`` (12), ``p_smooth``, ``p_step``
        (χ²₁₂ upper tails), ``gain`` (x2_smooth − x2_step), ``p_gain`` (share of simulated
        events whose gain is at least the observed) and ``p_gain_se`` (its binomial SE),
        ``x2_smooth_sim_p`` (share of simulated events whose X² against the model's mean
        is at least the observed, a check of the χ² approximation), ``n_events``,
        ``by_round`` (round -> {observed, smooth, step}).

    Examples
    --------
    >>> sim = brighton_simulation(strength_sd=4.0, k=27.6, n_events=20, rng=1)
    >>> t = brighton_step_test(sim)
    >>> t["df"], t["x2_step"] < t["x2_smooth"]
    (12, True)
    """
    if not isinstance(sim, BrightonSimulation):
        raise fail("sim", "a BrightonSimulation", type(sim).__name__)
    check_choice(pairing, "pairing", sim.pairings)
    obs_round, _ = brighton_observed()
    observed = obs_round["n_20_0"].to_numpy(dtype=float)
    n_half = BRIGHTON["first_half"][1]
    tz = sim.counts[sim.pairings.index(pairing), :, :, -1].astype(float)
    smooth = tz.mean(axis=0)
    df = observed.size - 2
    x2_smooth = float(((observed - smooth) ** 2 / smooth).sum())
    x2_step = float(_x2_step(observed[None, :], n_half)[0])
    sim_smooth = ((tz - smooth) ** 2 / smooth).sum(axis=1)
    sim_gain = sim_smooth - _x2_step(tz, n_half)
    gain = x2_smooth - x2_step
    p_gain = float(np.mean(sim_gain >= gain))
    step = np.where(np.arange(observed.size) < n_half, observed[:n_half].mean(),
                    observed[n_half:].mean())  # fmt: skip
    return {
        "x2_smooth": x2_smooth, "x2_step": x2_step, "df": int(df),
        "p_smooth": float(chi2.sf(x2_smooth, df)), "p_step": float(chi2.sf(x2_step, df)),
        "gain": gain, "p_gain": p_gain,
        "p_gain_se": math.sqrt(max(p_gain * (1 - p_gain), 1 / tz.shape[0]) / tz.shape[0]),
        "x2_smooth_sim_p": float(np.mean(sim_smooth >= x2_smooth)),
        "n_events": int(tz.shape[0]),
        "by_round": {int(r + 1): {"observed": int(observed[r]), "smooth": float(smooth[r]),
                                  "step": float(step[r])} for r in range(observed.size)},
    }  # fmt: skip


#: What besides sorting by score could make a step at the half (the event's second day):
#: the report says these in words; Table 7 cannot tell them apart.
STEP_CAUSES = (
    "a change of movement or pairing at the half (a re-seeding, or a different draw "
    "for the second day)",
    "a change of field (pairs withdrawing or entering between days, though every round "
    "has 257 matches)",
    "a change of scale or scoring at the half (a different VP table, or Ascherman or "
    "another matchpoint rule, in the scoring program)",
    "a change of boards (a different dealing or set of boards for the second day)",
    "the transcription (Table 7 counted from a fan-fold listing, one half at a time)",
)


def _chi2(sigmas: np.ndarray, knots: np.ndarray, cdf: np.ndarray) -> np.ndarray:
    """Pearson's distance of the outcome shares of Gaussian 20-0 scales at ``sigmas`` from
    the design shares, for margins whose |m| has the (piecewise linear) ``cdf``."""
    f = np.interp(sigmas[:, None] * _Z[None, :], knots, cdf)  # P(|m| < t_k)
    ones = np.ones((sigmas.size, 1))
    p = np.diff(np.concatenate([0 * ones, f, ones], axis=1), axis=1)
    return ((p - _DESIGN) ** 2 / _DESIGN).sum(axis=1)


def _flattest(hist: np.ndarray, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``hist`` (margin histograms): the flattest σ and the 20-0-share σ."""
    total = hist.sum(axis=1, keepdims=True)
    cdf = np.concatenate([np.zeros((hist.shape[0], 1)), np.cumsum(hist, axis=1)], 1) / total
    knots = np.append(edges, edges[-1] + 1.0)  # P(|m| < knots[j]) = cdf[j] (last: open bin)
    flat, tail = np.empty(hist.shape[0]), np.empty(hist.shape[0])
    for i in range(hist.shape[0]):
        best = _SIGMA_GRID[np.argmin(_chi2(_SIGMA_GRID, knots, cdf[i]))]  # coarse, then fine
        fine = best + np.arange(-0.1, 0.1 + 1e-9, 0.001)
        flat[i] = fine[np.argmin(_chi2(fine, knots, cdf[i]))]
        q = np.interp(1.0 - _DESIGN[-1], cdf[i], knots)  # |m| quantile at 1 − 2/21
        tail[i] = q / _Z[-1]
    return flat, tail


def equal_probability_sigma(sim=None, *, confidence=0.90):
    """The σ of the equal-probability 20-0 scale for each half, observed and simulated.

    Parameters
    ----------
    sim : BrightonSimulation, optional
        Simulated events; without them only Brighton's own figures are returned.
    confidence : float, optional
        Level of the observed fits' intervals.

    Returns
    -------
    DataFrame
        ``source`` (``observed`` or ``simulated``), ``pairing`` (the rule; ``None`` for the
        observed), ``half``, ``criterion`` (``ML normal``, ``20-0 share``, ``flattest``: see
        the module docstring), ``sigma`` (MP %), ``se`` (the fit's SE for the observed; the
        Monte Carlo SE of the mean over events for the simulated), ``ci_low``, ``ci_high``
        (the observed fits' intervals) and ``n_events``.

    Examples
    --------
    >>> eq = equal_probability_sigma()
    >>> eq[["half", "criterion"]].values.tolist()[:2]
    [['first_half', 'ML normal'], ['first_half', '20-0 share']]
    >>> eq["sigma"].round(2).tolist()
    [11.46, 11.52, 10.49, 10.27]
    """
    conf = check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)
    df = datasets.load("seeds/brighton_2005_vp_counts")
    t = np.asarray(named_scale(BRIGHTON["scale"]).thresholds)
    rows = []
    for half in _HALVES:
        sel = df[_half_of(df["round"]) == half]
        c = sel.groupby("vp_winner")["count"].sum().sort_index().to_numpy()
        for crit, f in (
            ("ML normal", fit_sigma_binned(c, t, confidence=conf)),
            ("20-0 share", fit_sigma_tail(int(c[-1]), int(c.sum()), float(t[-1]), confidence=conf)),
        ):
            rows.append(("observed", None, half, crit, f.sigma, f.se, *f.ci, pd.NA))
    if sim is not None:
        if not isinstance(sim, BrightonSimulation):
            raise fail("sim", "a BrightonSimulation", type(sim).__name__)
        for i, rule in enumerate(sim.pairings):
            for h, half in enumerate(_HALVES):
                flat, tail = _flattest(sim.margins[i, :, h], sim.edges)
                for crit, x in (("flattest", flat), ("20-0 share", tail)):
                    se = float(x.std(ddof=1) / math.sqrt(x.size)) if x.size > 1 else float("nan")
                    rows.append(("simulated", rule, half, crit, float(x.mean()), se,
                                 np.nan, np.nan, int(x.size)))  # fmt: skip
    out = pd.DataFrame(rows, columns=["source", "pairing", "half", "criterion", "sigma", "se",
                                      "ci_low", "ci_high", "n_events"])  # fmt: skip
    out["n_events"] = out["n_events"].astype("Int64")
    return out


def _scale_for(n_boards: int, sigma_8: float, k: float, strength_sd: float):
    """The Gaussian 20-0 scale of σ₈ at 8 boards carried to n boards by the field's
    σ(n)/σ(8), the rule every carried scale follows (:func:`~bridgestats.sim.swiss.carry_factor`).
    """
    sigma = sigma_8 * carry_factor(n_boards, k=k, strength_sd=strength_sd)
    return gaussian_scale(sigma=sigma, unit="MP %", name=f"Gaussian 20-0, σ {sigma:.2f} %")


def late_entry(
    *,
    n_sessions=(6, 7, 8),
    rules=ENTRY_RULES,
    n_boards=18,
    k=None,
    strength_sd=None,
    scale_sigma_8=None,
    n_events=200,
    rng=None,
):
    """Late entrants' finish in the Swiss after a knock-out, against the counterfactual.

    Parameters
    ----------
    n_sessions : sequence of int, optional
        Event sizes S (2-10): a knock-out of 2^S pairs, a Swiss of S − 1 rounds.
    rules : sequence of str, optional
        Entry rules (:data:`bridgestats.sim.swiss.ENTRY_RULES`).
    n_boards : int, optional
        Boards per match (18 at BCL).
    k, strength_sd : float, optional
        Per-board σ of equal pairs (%) and the pairs' strength sd τ (MP %); None (the
        default): the one Swiss pairs fit every report uses
        (:func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength`, Brighton 2005).
    scale_sigma_8 : float, optional
        None (the default): each rule on the scale it was played on
        (:func:`bridgestats.sim.swiss.rule_scale`): rule 2005 on the 2004 White Book
        table, rule 2006 on the EBU 2006 scale ("the new VP scale" §12 says BCL used, 11 %
        for 8 boards), each carried to n_boards by the field's σ(n)/σ(8), σ²(n) = k²/n +
        2τ² (:func:`bridgestats.sim.swiss.carry_factor`). A number σ₈: every rule on the
        Gaussian 20-0 scale at σ₈·σ(n)/σ(8), carried by the same rule.
    n_events : int, optional
        Events per size and rule (1-100000).
    rng : int or numpy.random.Generator, optional
        One seed for every size and rule: each rule and the counterfactual of one size
        play the same knock-outs.

    Returns
    -------
    by_entry : DataFrame
        One row per size, rule and rounds missed (``missed`` 0..S − 2): ``n_sessions``,
        ``rule``, ``missed``, ``entry_score``, ``pairs`` (per event), ``strength`` (their
        mean strength), ``percentile`` (mean finish percentile, 100 = winner) and its
        ``percentile_se``, ``counterfactual`` (the same pairs' percentile in the Swiss
        everyone plays from 0) and ``counterfactual_se``, ``gap`` (percentile minus
        counterfactual, paired pair by pair) and ``gap_se``, ``table_at_entry`` (mean table
        of the first match), ``p_top_two_tables`` (share starting on table 1 or 2),
        ``p_wins`` (share of events the Swiss is won by a pair that missed that many rounds)
        and ``p_wins_counterfactual``.
    overall : DataFrame
        One row per size and rule: ``n_sessions``, ``rule``, ``scale`` (the Swiss's
        scale, by name), ``n_swiss``, ``entry_scores``
        (a tuple), ``gap`` and ``gap_se`` (over all late entrants, missed >= 1, each event's
        mean), ``p_late_wins`` and ``p_late_wins_counterfactual`` (the Swiss won by a late
        entrant) with their binomial SEs, ``last_table_at_entry`` and
        ``last_p_top_two_tables`` (the last entrants), ``repeats`` (pairings the search
        could not make as asked, late and counterfactual Swiss together: 0 expected),
        ``n_events``.
    finishes : DataFrame
        Every late entrant's finish (missed >= 1): ``n_sessions``, ``rule`` (an entry
        rule, or ``counterfactual`` for the same pair in the Swiss everyone plays from 0),
        ``scale``, ``event``, ``missed``, ``percentile``.

    Notes
    -----
    All SEs are over events (the pairs of one event are not independent): a figure's SE
    is the sd over events of its per-event value / √E. The counterfactual of a rule is
    played on that rule's scale, on the same knock-outs.

    Examples
    --------
    >>> by_entry, overall, _ = late_entry(n_sessions=[4], rules=["2006"], n_events=5, rng=1)
    >>> by_entry[["missed", "entry_score", "pairs"]].values.tolist()
    [[0, 0, 8], [1, 16, 4], [2, 33, 2]]
    """
    sizes = [check_int(s, "n_sessions", minimum=2, maximum=10) for s in np.ravel(n_sessions)]
    rule_list = [rules] if isinstance(rules, str) else list(rules)
    if not sizes:
        raise fail("n_sessions", "one or more event sizes", n_sessions)
    if not rule_list:
        raise fail("rules", "one or more entry rules", rules)
    for rule in rule_list:
        check_choice(rule, "rules", ENTRY_RULES)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    if k is None or strength_sd is None:
        from .sigma_evidence import swiss_pairs_strength

        fit = swiss_pairs_strength()
        k = fit["k"] if k is None else k
        strength_sd = fit["strength_sd"] if strength_sd is None else strength_sd
    kk = check_number(k, "k", low=0, low_open=True, high=200)
    tau = check_number(strength_sd, "strength_sd", low=0, high=30)
    if scale_sigma_8 is None:
        scales = {rule: rule_scale(rule, nb, k=kk, strength_sd=tau) for rule in rule_list}
    else:
        s8 = check_number(scale_sigma_8, "scale_sigma_8", low=0, low_open=True, high=100)
        scales = dict.fromkeys(rule_list, _scale_for(nb, s8, kk, tau))
    e = check_int(n_events, "n_events", minimum=1, maximum=100_000)
    seed = int(check_rng(rng).integers(2**63))
    common = dict(n_boards=nb, k=kk, strength_sd=tau, n_events=e, rng=seed)
    rows_e, rows_o, fin = [], [], []
    for s in sizes:
        cfs = {}  # the counterfactual on each scale (the same knock-outs: one seed)
        for rule in rule_list:
            name = scales[rule].name
            if name not in cfs:
                cf = simulate_ko_swiss(s, late_entry=False, scale=scales[rule], **common)
                ev, who = np.nonzero(cf.entry_round >= 1)
                fin.append(pd.DataFrame({"n_sessions": s, "rule": "counterfactual",
                                         "scale": name, "event": ev,
                                         "missed": cf.entry_round[ev, who],
                                         "percentile": cf.percentile[ev, who]}))  # fmt: skip
                cfs[name] = cf
        for rule in rule_list:
            cf = cfs[scales[rule].name]
            cf_pct = cf.percentile
            cf_winner = cf.entry_round[cf.rank == 1].reshape(e)
            ev, who = np.nonzero(cf.entry_round >= 1)
            r = simulate_ko_swiss(s, entry=rule, scale=scales[rule], **common)
            pct = r.percentile
            winner = r.entry_round[r.rank == 1].reshape(e)
            fin.append(pd.DataFrame({"n_sessions": s, "rule": rule,
                                     "scale": scales[rule].name, "event": ev,
                                     "missed": r.entry_round[ev, who],
                                     "percentile": pct[ev, who]}))  # fmt: skip
            for m in range(s - 1):
                sel = r.entry_round == m
                per = sel.sum(axis=1)[0]
                p_ev = np.nanmean(np.where(sel, pct, np.nan), axis=1)
                c_ev = np.nanmean(np.where(sel, cf_pct, np.nan), axis=1)
                g_ev = p_ev - c_ev
                tab = np.where(sel, r.table_at_entry, 0)
                rows_e.append({
                    "n_sessions": s, "rule": rule, "missed": m, "entry_score": int(r.entry[m]),
                    "pairs": int(per), "strength": float(r.strength[sel].mean()),
                    "percentile": p_ev.mean(), "percentile_se": _se(p_ev),
                    "counterfactual": c_ev.mean(), "counterfactual_se": _se(c_ev),
                    "gap": g_ev.mean(), "gap_se": _se(g_ev),
                    "table_at_entry": float(tab.sum() / sel.sum()),
                    "p_top_two_tables": float(((tab >= 1) & (tab <= 2)).sum() / sel.sum()),
                    "p_wins": float(np.mean(winner == m)),
                    "p_wins_counterfactual": float(np.mean(cf_winner == m)),
                })  # fmt: skip
            late = r.entry_round >= 1
            g_all = np.nanmean(np.where(late, pct - cf_pct, np.nan), axis=1)
            last = r.entry_round == s - 2
            tab_last = np.where(last, r.table_at_entry, 0)
            pw, pwc = float(np.mean(winner >= 1)), float(np.mean(cf_winner >= 1))
            rows_o.append({
                "n_sessions": s, "rule": rule, "scale": scales[rule].name,
                "n_swiss": r.n_swiss,
                "entry_scores": tuple(int(x) for x in r.entry),
                "gap": g_all.mean(), "gap_se": _se(g_all),
                "p_late_wins": pw, "p_late_wins_se": math.sqrt(pw * (1 - pw) / e),
                "p_late_wins_counterfactual": pwc,
                "p_late_wins_counterfactual_se": math.sqrt(pwc * (1 - pwc) / e),
                "last_table_at_entry": float(tab_last.sum() / last.sum()),
                "last_p_top_two_tables": float(((tab_last >= 1) & (tab_last <= 2)).sum()
                                               / last.sum()),
                "repeats": int(r.repeats.sum() + cf.repeats.sum()),
                "n_events": e,
            })  # fmt: skip
    return pd.DataFrame(rows_e), pd.DataFrame(rows_o), pd.concat(fin, ignore_index=True)


def _se(x: np.ndarray) -> float:
    return float(x.std(ddof=1) / math.sqrt(x.size)) if x.size > 1 else float("nan")


def _band(row) -> dict:
    return {
        "mean": float(row["mean"]),
        "se": float(row["se"]),
        "band_90": {"low": float(row["band_low"]), "high": float(row["band_high"])},
        "observed": int(row["observed"]),
    }


def summary_figures(by_half, sigmas, overall, *, fit=None, pairing="score", n_sessions=None,
                    rule="2006", difference=None, step=None):  # fmt: skip
    """The report's summary: the Brighton 20-0s, the σ's and the late-entry headline figures.

    Parameters
    ----------
    by_half : DataFrame
        :func:`twenty_zeros`'s second frame.
    sigmas : DataFrame
        :func:`equal_probability_sigma`.
    overall : DataFrame
        :func:`late_entry`'s second frame.
    fit : PairsStrength, optional
        The strength fit (:func:`bridgestats.studies.scales.pairs_strength_spread`).
    pairing : str, optional
        The rule whose figures are the headline (Brighton's: ``"score"``).
    n_sessions : int, optional
        The late-entry size of the headline: by default Probst's case, 6 sessions (§12:
        "assume 6"; entries 14, 29, 45, 62), where the 2005 and 2006 rules differ; the
        largest simulated if 6 was not. (At 8 sessions the two rules coincide.)
    rule : str, optional
        The entry rule of the headline.
    difference : DataFrame, optional
        :func:`brighton_difference`.
    step : dict, optional
        :func:`brighton_step_test`.

    Returns
    -------
    dict
        ``brighton_sim_20_0_first_half``, ``..._second_half``, ``..._difference`` (each
        ``{mean, se, band_90: {low, high}, observed}``), the same for the random draw under
        ``brighton_random_draw_20_0_...``, ``brighton_fit_sigma_equal_pairs``,
        ``brighton_fit_strength_sd``, ``brighton_equal_probability_sigma`` (half ->
        criterion -> σ, observed and simulated by score), and the ``late_entry_...``
        figures of the headline size and rule; with ``difference``,
        ``brighton_difference_single_event`` (point -> {strength_sd, mean, se, sd,
        band_90, observed, z, p_at_least}); with ``step``, ``brighton_step_test`` (its
        figures, without ``by_round``) and ``brighton_step_causes`` (:data:`STEP_CAUSES`).
    """
    h = by_half.set_index(["pairing", "half"])
    out = {}
    if (pairing, "difference") in h.index:
        out["brighton_verdict"] = brighton_verdict(by_half, pairing=pairing)
    for half in (*_HALVES, "difference"):
        if (pairing, half) in h.index:
            out[f"brighton_sim_20_0_{half}"] = _band(h.loc[(pairing, half)])
        if ("random", half) in h.index:
            out[f"brighton_random_draw_20_0_{half}"] = _band(h.loc[("random", half)])
    if fit is not None:
        out["brighton_fit_sigma_equal_pairs"] = float(fit.sigma_equal)
        out["brighton_fit_strength_sd"] = float(fit.strength_sd)
        out["brighton_fit_strength_sd_ci"] = [float(x) for x in fit.strength_sd_ci]
        out["brighton_fit_k"] = float(fit.k)
    if difference is not None:
        out["brighton_difference_single_event"] = {
            r.point: {
                "strength_sd": float(r.strength_sd), "mean": float(r.mean), "se": float(r.se),
                "sd": float(r.sd), "band_90": {"low": float(r.band_low),
                                               "high": float(r.band_high)},
                "observed": int(r.observed), "z": float(r.z), "p_at_least": float(r.p_at_least),
            }
            for r in difference.itertuples()
        }  # fmt: skip
    if step is not None:
        out["brighton_step_test"] = {k: v for k, v in step.items() if k != "by_round"}
        out["brighton_step_causes"] = list(STEP_CAUSES)
    eq = {}
    for _, row in sigmas.iterrows():
        if row["source"] == "observed":
            key = f"observed {row['criterion']}"
        elif row["pairing"] == pairing:
            key = f"simulated {row['criterion']}"
        else:
            continue
        eq.setdefault(row["half"], {})[key] = {"sigma": float(row["sigma"]), "se": float(row["se"])}
    out["brighton_equal_probability_sigma"] = eq
    out["brighton_article_predicted_per_half"] = ARTICLE["predicted_per_half"]
    o = overall[overall["rule"] == rule]
    if len(o):
        if n_sessions is not None:
            size = int(n_sessions)
        elif (o["n_sessions"] == PROBST_SESSIONS).any():
            size = PROBST_SESSIONS
        else:
            size = int(o["n_sessions"].max())
        row = o[o["n_sessions"] == size].iloc[0]
        out.update({
            "late_entry_n_sessions": size,
            "late_entry_rule": rule,
            "late_entry_scale": row["scale"],
            "late_entry_scores": list(row["entry_scores"]),
            "late_entry_percentile_gap": {"mean": float(row["gap"]), "se": float(row["gap_se"])},
            "late_entry_p_late_wins": {"mean": row["p_late_wins"], "se": row["p_late_wins_se"]},
            "late_entry_p_late_wins_counterfactual": {
                "mean": row["p_late_wins_counterfactual"],
                "se": row["p_late_wins_counterfactual_se"],
            },
            "late_entry_last_table_at_entry": float(row["last_table_at_entry"]),
            "late_entry_last_p_top_two_tables": float(row["last_p_top_two_tables"]),
            "late_entry_verdict": late_entry_verdict(row),
        })  # fmt: skip
        out["late_entry_by_rule"] = {
            r.rule: {
                "scale": r.scale, "entry_scores": list(r.entry_scores),
                "percentile_gap": {"mean": float(r.gap), "se": float(r.gap_se)},
                "p_late_wins": {"mean": float(r.p_late_wins), "se": float(r.p_late_wins_se)},
                "p_late_wins_counterfactual": {
                    "mean": float(r.p_late_wins_counterfactual),
                    "se": float(r.p_late_wins_counterfactual_se),
                },
                "verdict": late_entry_verdict(pd.Series(r._asdict())),
            }
            for r in overall[overall["n_sessions"] == size].itertuples()
        }  # fmt: skip
        out["late_entry_gap_by_size"] = {
            f"{int(r.n_sessions)} sessions, rule {r.rule}": {"mean": r.gap, "se": r.gap_se}
            for r in overall.itertuples()
        }
    return out


def _real(diff: float, se: float) -> bool:
    return abs(diff) > 2 * se


def brighton_verdict(by_half, *, pairing="score"):
    """Does pairing by score explain Brighton's fall in 20-0s? One of three verdicts.

    Parameters
    ----------
    by_half : DataFrame
        :func:`twenty_zeros`'s second frame, with ``pairing`` and ``"random"`` rows.
    pairing : str, optional
        Brighton's rule.

    Returns
    -------
    str
        ``"explains"``: the observed first-minus-second-half difference lies in the 90 %
        band of single simulated events paired by score and outside the random draw's;
        ``"explains part of"``: pairing by score makes a difference beyond 2 SE of the random
        draw's (SE of the difference of the two means) but the observed one is outside its
        band; ``"does not explain"`` otherwise.
    """
    h = by_half.set_index(["pairing", "half"])
    d, r = h.loc[(pairing, "difference")], h.loc[("random", "difference")]
    obs = float(d["observed"])
    in_score = d["band_low"] <= obs <= d["band_high"]
    in_random = r["band_low"] <= obs <= r["band_high"]
    made = _real(d["mean"] - r["mean"], math.hypot(d["se"], r["se"])) and d["mean"] > r["mean"]
    if in_score and not in_random:
        return "explains"
    return "explains part of" if made else "does not explain"


def late_entry_verdict(row):
    """What the entry scores do to late entrants: a row of :func:`late_entry`'s ``overall``.

    Returns
    -------
    str
        ``"<A> the rounds missed on average but <B> them at the top"``, or ``"<A> the
        rounds missed, on average and at the top"`` when the two agree, A and B each
        "over-rewards", "under-rewards" or "neither over- nor under-rewards": A from the
        percentile gap (beyond 2 SE), B from P(a late entrant wins) against the
        counterfactual (beyond 2 SE of the difference). The two can part: late entrants
        lifted on average (most of them) while fewer of them win than would playing every
        round (issue 33: "over-rewards the rounds missed; late entrants win less often"
        read as a contradiction).

    Examples
    --------
    >>> row = {"gap": 1.6, "gap_se": 0.3, "p_late_wins": 0.48, "p_late_wins_se": 0.04,
    ...        "p_late_wins_counterfactual": 0.79, "p_late_wins_counterfactual_se": 0.03}
    >>> late_entry_verdict(row)
    'over-rewards the rounds missed on average but under-rewards them at the top'
    >>> late_entry_verdict({**row, "p_late_wins": 0.95})
    'over-rewards the rounds missed, on average and at the top'
    """
    gap, se = float(row["gap"]), float(row["gap_se"])
    dw = float(row["p_late_wins"] - row["p_late_wins_counterfactual"])
    sw = math.hypot(float(row["p_late_wins_se"]), float(row["p_late_wins_counterfactual_se"]))
    average, top = (
        "over-rewards" if x > 2 * e else "under-rewards" if x < -2 * e
        else "neither over- nor under-rewards"
        for x, e in ((gap, se), (dw, sw))
    )  # fmt: skip
    if average == top:
        return f"{average} the rounds missed, on average and at the top"
    return f"{average} the rounds missed on average but {top} them at the top"


def conclusions(by_half, sigmas, by_entry, overall, *, pairing="score", difference=None,
                step=None, n_sessions=None, rule="2006"):  # fmt: skip
    """The report's findings, each one sentence computed from the figures (a gap is called
    real beyond 2 SE), the headline ones marked.

    Parameters
    ----------
    by_half, sigmas, by_entry, overall : DataFrame
        From :func:`twenty_zeros`, :func:`equal_probability_sigma` and :func:`late_entry`
        (``by_entry`` is not read: the sentences use ``overall``).
    pairing : str, optional
        Brighton's rule (``"score"``).
    difference : DataFrame, optional
        :func:`brighton_difference`: the observed difference is then set against one
        event's spread and τ's interval, not read as a fixed share.
    step : dict, optional
        :func:`brighton_step_test`.
    n_sessions, rule : optional
        The late-entry size and rule of the headline, as :func:`summary_figures` picks them
        (Probst's 6 sessions by default, rule 2006).

    Returns
    -------
    list of dict
        ``{"text", "key", "headline"}``: one sentence, the :func:`summary_figures` key that
        holds its number, and whether it answers the report's questions (the Brighton
        verdict and the late-entry verdict of the headline size and rule).
    """
    h = by_half.set_index(["pairing", "half"])
    out = []

    def add(text, key, headline=False):
        out.append({"text": text, "key": key, "headline": headline})

    f, s2, d = (h.loc[(pairing, x)] for x in ("first_half", "second_half", "difference"))
    obs = float(d["observed"])
    where = "inside" if d["band_low"] <= obs <= d["band_high"] else "outside"
    verdict = (
        f"pairing by score {brighton_verdict(by_half, pairing=pairing)} Brighton's fall"
        if ("random", "difference") in h.index else "Brighton's fall"
    )  # fmt: skip
    add(
        f"Paired by score, the simulated Brighton has {plus_minus(f['mean'], f['se'], 0)} 20-0s "
        f"in rounds 1-7 and {plus_minus(s2['mean'], s2['se'], 0)} in rounds 8-14 against the "
        "observed "
        f"{f['observed']:.0f} and {s2['observed']:.0f}, so {verdict} of {obs:.0f}, which is "
        f"{where} the band of single simulated events ({d['band_low']:.0f} to "
        f"{d['band_high']:.0f}, expected {plus_minus(d['mean'], d['se'], 1)}).",
        "brighton_verdict",
        headline=True,
    )  # fmt: skip
    if difference is not None:
        dd = difference.set_index("point")
        fitp, low, high = dd.loc["fit"], dd.loc["low"], dd.loc["high"]
        add(
            f"The observed {obs:.0f} is one event's difference, not a fixed quantity: under the "
            f"fitted model one event's difference has an sd of {fitp['sd']:.0f} about its "
            f"expectation of {plus_minus(fitp['mean'], fitp['se'], 1)} (the observed is "
            f"{fitp['z']:.1f} sd above it, reached by {fitp['p_at_least']:.1%} of simulated "
            f"events), and τ's interval ({low['strength_sd']:.2f}-{high['strength_sd']:.2f} %) "
            f"moves the expectation from {low['mean']:.0f} to {high['mean']:.0f}.",
            "brighton_difference_single_event",
        )
    if ("random", "difference") in h.index:
        r = h.loc[("random", "difference")]
        real = _real(r["mean"], r["se"])
        add(
            f"Under a random draw every round the halves differ by "
            f"{plus_minus(r['mean'], r['se'], 1)} 20-0s (90 % of events {r['band_low']:.0f} to "
            f"{r['band_high']:.0f}), "
            + ("a difference beyond 2 SE, which a random draw should not make."
               if real else "no real difference, as a random draw should give."),
            "brighton_random_draw_20_0_difference",
        )  # fmt: skip
    if ("random", "first_half") in h.index:
        rf, rs = h.loc[("random", "first_half")], h.loc[("random", "second_half")]
        add(
            f"§11's {ARTICLE['predicted_per_half']} 20-0s per half assume equal pairs; with the "
            f"fitted strength spread a random draw every round would give "
            f"{plus_minus(rf['mean'], rf['se'], 0)} and {plus_minus(rs['mean'], rs['se'], 0)}, "
            "and pairing by score brings "
            f"the second half down to {h.loc[(pairing, 'second_half'), 'mean']:.0f}.",
            "brighton_random_draw_20_0_first_half",
        )
    first_obs = h.loc[(pairing, "first_half")]
    if not first_obs["band_low"] <= first_obs["observed"] <= first_obs["band_high"]:
        add(
            f"The observed first half ({first_obs['observed']:.0f}) is outside the simulated "
            f"band ({first_obs['band_low']:.0f}-{first_obs['band_high']:.0f}), so the model fitted "
            "to round 1 and rounds 8-14 has too few 20-0s in rounds 2-7.",
            "brighton_sim_20_0_first_half",
        )
    if step is not None:
        add(
            f"By round, a step at round 8 (two levels) leaves X² = {step['x2_step']:.1f} on "
            f"{step['df']} df (p = {step['p_step']:.2f}) and the smooth sorting model paired by "
            f"score X² = {step['x2_smooth']:.1f} (p = {step['p_smooth']:.2f}), a gain of "
            f"{step['gain']:.1f} that {step['p_gain']:.1%} ± {step['p_gain_se']:.1%} of "
            f"{step['n_events']} events simulated under the smooth model reach, so "
            + ("the step fits beyond what sorting by score gives"
               if step["p_gain"] + 2 * step["p_gain_se"] < 0.05
               else "the data do not separate a step from the smooth sorting")
            + ", and a step at the half could come from other things than the pairing: "
            + "; ".join(STEP_CAUSES) + ".",
            "brighton_step_test",
        )  # fmt: skip
    s = sigmas.set_index(["source", "half", "criterion"])
    obs_f, obs_s = (
        s.loc[("observed", "first_half", "ML normal")],
        s.loc[("observed", "second_half", "ML normal")],
    )
    add(
        f"The equal-probability σ (ML normal on Brighton's counts) is {obs_f['sigma']:.2f} % "
        f"({obs_f['ci_low']:.2f}-{obs_f['ci_high']:.2f}) in rounds 1-7 and {obs_s['sigma']:.2f} % "
        f"({obs_s['ci_low']:.2f}-{obs_s['ci_high']:.2f}) in rounds 8-14, against the 9.59 % the "
        "2004 scale was built for, so the scale was too narrow in both halves.",
        "brighton_equal_probability_sigma",
    )
    sim = sigmas[(sigmas.source == "simulated") & (sigmas.pairing == pairing)
                 & (sigmas.criterion == "flattest")].set_index("half")  # fmt: skip
    if len(sim) == 2:
        add(
            f"In the simulated event paired by score the flattest σ is "
            f"{plus_minus(sim.loc['first_half', 'sigma'], sim.loc['first_half', 'se'], 2)} % in "
            "the first half and "
            f"{plus_minus(sim.loc['second_half', 'sigma'], sim.loc['second_half', 'se'], 2)} % "
            "in the second.",
            "brighton_equal_probability_sigma",
        )
    o = overall[overall["rule"] == rule]
    size = None
    if len(o):
        size = (int(n_sessions) if n_sessions is not None
                else PROBST_SESSIONS if (o["n_sessions"] == PROBST_SESSIONS).any()
                else int(o["n_sessions"].max()))  # fmt: skip
    for _, row in overall.iterrows():
        verdict = late_entry_verdict(row)
        row = pd.Series(row)
        head = row.rule == rule and int(row.n_sessions) == size
        # one sentence: the entry scores, the last entrants' tables are in the table
        add(
            f"With {row.n_sessions} sessions and the {row.rule} entry rule, late entrants "
            f"finish {plus_minus(abs(row.gap), row.gap_se, 1)} percentile points "
            f"{'above' if row.gap >= 0 else 'below'} where they would finish playing every "
            f"round, and a late entrant wins the Swiss in "
            f"{plus_minus(100 * row.p_late_wins, 100 * row.p_late_wins_se, 0)} % of events against "
            f"{100 * row.p_late_wins_counterfactual:.0f} % had they played every round: the "
            f"entry score {verdict}.",
            "late_entry_verdict" if head else "late_entry_gap_by_size",
            headline=head,
        )
    return out
