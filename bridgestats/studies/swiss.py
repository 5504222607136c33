"""Swiss pairs events (Probst §8, §11): Brighton 2005's 20-0s, simulated and tested.

Brighton 2005 (§11)
-------------------
Probst's Table 7 counts the VPs of the Brighton 2005 Swiss pairs: 14 rounds of 257
head-to-head 8-board matches (514 pairs), a random first round and then paired by score,
scored on the 2004 White Book scale (σ = 9.59 %, Table 8). It had 297 20-0s in rounds 1-7
and 215 in rounds 8-14, against 225 in each half predicted by a model of equal pairs.
:func:`brighton_simulation` plays that event many times over
(:func:`~bridgestats.sim.events.simulate_events`, the pairs board model) with the strength
spread τ and the equal-pairs σ₀ fitted to the same counts
(:func:`bridgestats.studies.strength.pairs_strength_spread`: σ₁² = σ₀² + 2τ² from round 1,
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

Late entry into a Swiss after a knock-out (§12) is :mod:`bridgestats.studies.late_entry`;
the Swiss events report's figures and sentences from both are
:mod:`bridgestats.studies.swiss_findings`.

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §8
   (pairing methods), §11 (Brighton 2005, Tables 7-8).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import chi2

from .. import datasets
from .._validate import check_choice, check_int, check_number, check_rng, fail
from ..fit import fit_sigma_binned, fit_sigma_tail
from ..sim.events import PAIRINGS, simulate_events
from ..sim.swiss import refined_scale
from ..vp import gaussian_z, named_scale

__all__ = [
    "ARTICLE",
    "BRIGHTON",
    "HALF_NAMES",
    "PAIRING_NAMES",
    "STEP_CAUSES",
    "BrightonSimulation",
    "brighton_difference",
    "brighton_observed",
    "brighton_simulation",
    "brighton_step_test",
    "brighton_verdict",
    "equal_probability_sigma",
    "twenty_zeros",
]

#: Brighton 2005 as §11 describes it (the Swiss pairs simulated by :func:`brighton_simulation`).
BRIGHTON = {
    "n_entrants": 514,
    "n_rounds": 14,
    "n_boards": 8,
    "scale": "washington_2004",
    "first_half": (1, 7),
    "second_half": (8, 14),
}
#: The figures of §11's prose: 20-0s observed in each half and in all, and predicted per half.
ARTICLE = {"first_half": 297, "second_half": 215, "all": 512, "predicted_per_half": 225}
_HALVES = ("first_half", "second_half")
#: What a reader sees for the halves of :func:`twenty_zeros` and the pairing rules.
HALF_NAMES = {
    "first_half": "rounds 1-7",
    "second_half": "rounds 8-14",
    "all": "all rounds",
    "difference": "difference (1-7 minus 8-14)",
}
PAIRING_NAMES = {
    "random": "random draw",
    "score": "by score",
    "seeded": "seeded, then by score",
    "late": "by score, one round late",
}
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
    event = tuple(BRIGHTON[key] for key in ("n_entrants", "n_rounds", "n_boards", "scale"))
    runs = [
        _brighton_rule(rule, tau, kk, e, h, seed, *event, BRIGHTON["first_half"][1])
        for rule in rules
    ]
    counts, margins, edges = zip(*runs, strict=True)
    return BrightonSimulation(
        np.stack(counts), np.stack(margins), edges[0].copy(), rules, tau, kk, seed
    )


@functools.lru_cache(maxsize=8)
def _brighton_rule(
    rule, tau, k, n_events, step, seed, n_entrants, n_rounds, n_boards, scale, n_half
):
    """One pairing rule's simulated Brighton (:func:`brighton_simulation`): the matches by
    event, round and 2004 VPs, the margins' histogram by half and its bins' edges, arrays
    that cannot be written to.

    A module-level cache of a pure function of immutable arguments (every input of the
    simulation, the seed an int, is in its key; at most 8 runs of a few MB are kept): the
    swiss_events report asks for the same run twice, in :func:`brighton_simulation` and in
    :func:`brighton_difference`'s fitted row on one seed, 0.4 s of its 6 s.
    """
    fine, coarse = refined_scale(scale, step=step, top=60.0)
    res = simulate_events(
        n_entrants,
        n_rounds=n_rounds,
        n_boards=n_boards,
        board="pairs",
        k=k,
        scale=fine,
        strength_sd=tau,
        pairing=rule,
        n_events=n_events,
        rng=seed,
    )
    oc = res.outcome_counts
    folded = np.zeros((*oc.shape[:2], len(named_scale(scale).vp_winner)), int)
    np.add.at(folded, (slice(None), slice(None), coarse), oc)  # fine bins -> 2004 VPs
    margins = np.stack([oc[:, :n_half].sum(axis=1), oc[:, n_half:].sum(axis=1)], 1)
    edges = np.concatenate([[0.0], fine.thresholds])
    for a in (folded, margins, edges):
        a.flags.writeable = False
    return folded, margins, edges


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
            rows_r.append(
                {
                    "pairing": rule,
                    "round": r + 1,
                    **_summary_row(tz[:, r], conf),
                    "observed": int(obs_round["n_20_0"].iloc[r]),
                }
            )
        halves = {
            "first_half": tz[:, :n_half].sum(axis=1),
            "second_half": tz[:, n_half:].sum(axis=1),
        }
        halves["difference"] = halves["first_half"] - halves["second_half"]
        for name, x in halves.items():
            rows_h.append(
                {
                    "pairing": rule,
                    "half": name,
                    **_summary_row(x, conf),
                    "observed": observed[name],
                    "n_events": int(x.size),
                }
            )
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
        :func:`bridgestats.studies.strength.pairs_strength_spread` (τ, its interval, σ₁, k).
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
        sim = brighton_simulation(strength_sd=tau, k=k, pairings=(pairing,), n_events=e, rng=seed)
        tz = sim.counts[0, :, :, -1]
        d = (tz[:, :n_half].sum(axis=1) - tz[:, n_half:].sum(axis=1)).astype(float)
        row = _summary_row(d, conf)
        sd = float(d.std(ddof=1))
        rows.append(
            {
                "point": point,
                "strength_sd": tau,
                "k": k,
                **row,
                "sd": sd,
                "observed": observed,
                "z": (observed - row["mean"]) / sd,
                "p_at_least": float(np.mean(d >= observed)),
            }
        )
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
    step = np.where(
        np.arange(observed.size) < n_half, observed[:n_half].mean(), observed[n_half:].mean()
    )
    return {
        "x2_smooth": x2_smooth,
        "x2_step": x2_step,
        "df": int(df),
        "p_smooth": float(chi2.sf(x2_smooth, df)),
        "p_step": float(chi2.sf(x2_step, df)),
        "gain": gain,
        "p_gain": p_gain,
        "p_gain_se": math.sqrt(max(p_gain * (1 - p_gain), 1 / tz.shape[0]) / tz.shape[0]),
        "x2_smooth_sim_p": float(np.mean(sim_smooth >= x2_smooth)),
        "n_events": int(tz.shape[0]),
        "by_round": {
            int(r + 1): {
                "observed": int(observed[r]),
                "smooth": float(smooth[r]),
                "step": float(step[r]),
            }
            for r in range(observed.size)
        },
    }


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
                    rows.append(
                        (
                            "simulated",
                            rule,
                            half,
                            crit,
                            float(x.mean()),
                            se,
                            np.nan,
                            np.nan,
                            int(x.size),
                        )
                    )
    out = pd.DataFrame(
        rows,
        columns=[
            "source",
            "pairing",
            "half",
            "criterion",
            "sigma",
            "se",
            "ci_low",
            "ci_high",
            "n_events",
        ],
    )
    out["n_events"] = out["n_events"].astype("Int64")
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
