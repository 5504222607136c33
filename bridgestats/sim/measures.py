"""What a scoring committee asks of a scale: simulated events, breakage and shooting.

:func:`summarise_events` turns one :class:`~bridgestats.sim.events.EventResults` into a
tidy frame of measures, each with its Monte Carlo standard error; :func:`event_measures`
simulates the same events under several scales (one seed, so the scales meet the same
strengths, lots and boards) and stacks their frames. :func:`breakage` (what one more IMP
is worth at each margin) and :func:`shooting_incentive` (what a side behind gains by
doubling the variance of the boards left) are exact expectations over the board model,
with no Monte Carlo error.

The measures (``measure`` column)
---------------------------------
``p_strongest_wins``
    The share of events won by the entrant of highest true strength (events where that
    entrant is not unique are left out). SE: the binomial √(p(1 − p)/E), 0 when p is 0 or
    1 (then 3/E bounds the true share at 95 %, the rule of three).
``p_top_k``
    The share of events whose top ``k`` finishers are the ``k`` strongest entrants, in any
    order (qualification; events where the k-th and (k+1)-th strengths tie are left out).
    SE as above.
``kendall_tau``
    The mean over events of Kendall's τ-b between true strength and final standing (1:
    the standings are the strengths' order; :func:`kendall_tau_b`, all events at once, the
    values of :func:`scipy.stats.kendalltau`), events with equal strengths left out. SE:
    the standard deviation over events / √E.
``outcome_share``
    The share of a round's matches (the bye not counted) ending in each outcome of the
    scale (``outcome``: its label, ``11-9`` counting 9-11 too), by ``round`` (1, 2, ...)
    and over all rounds (``round`` missing). SE: the standard deviation over events of
    the event's share / √E, so that matches of one event are not taken as independent.
    Not given for a raw-margin scale.

Paired differences (:func:`event_outcomes`, :func:`paired_differences`)
-----------------------------------------------------------------------
Every scale is scored on the same simulated events (common random numbers), so a
difference between two scales is measured event by event: d_e = x_e(scale) −
x_e(reference) for the per-event outcome x (1 or 0 for the two shares, τ-b for Kendall's
τ), its mean over the events where both are defined, and the paired SE sd(d)/√E. The
correlation between the two scales' outcomes makes it smaller than the SE of two
independent estimates, √(se₁² + se₂²). :func:`event_measures` with ``reference=`` adds
these rows (``measure`` ``"<measure>_vs_reference"``) with the two-sided normal p-value of
d̄/SE and its Holm adjustment over the scales compared with the reference.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.special import ndtr

from bridgestats._jit import njit
from bridgestats._validate import (
    as_finite_array,
    check_choice,
    check_flag,
    check_int,
    check_number,
    fail,
)
from bridgestats.fit import holm
from bridgestats.sim.events import (
    _DEFAULT_K,
    EventResults,
    as_scale,
    match_swing_distribution,
    simulate_events,
)
from bridgestats.sim.pairing import MAX_STEPS

__all__ = [
    "COLUMNS",
    "DIFFERENCE_COLUMNS",
    "PAIRED_MEASURES",
    "breakage",
    "event_measures",
    "event_outcomes",
    "expected_score",
    "kendall_tau_b",
    "paired_differences",
    "shooting_incentive",
    "summarise_events",
    "summarise_outcomes",
]

#: The columns of the measures frame.
COLUMNS = ["scale", "measure", "round", "k", "outcome", "value", "se", "n_events"]
#: The per-event measures of :func:`event_outcomes`, compared by :func:`paired_differences`.
PAIRED_MEASURES = ("p_strongest_wins", "p_top_k", "kendall_tau")
#: The columns of :func:`paired_differences`.
DIFFERENCE_COLUMNS = [
    "measure",
    "scale",
    "reference",
    "k",
    "diff",
    "se_paired",
    "z",
    "p_value",
    "p_holm",
    "n_events",
]


def _share(hits: np.ndarray) -> tuple[float, float]:
    p = float(hits.mean())
    return p, float(np.sqrt(p * (1.0 - p) / hits.size))


def _mean_se(x: np.ndarray) -> tuple[float, float]:
    se = float(x.std(ddof=1) / np.sqrt(x.size)) if x.size > 1 else float("nan")
    return float(x.mean()), se


@njit(cache=True)
def _tau_b_rows(x, y, out):
    """τ-b of each row pair by its definition: S = C − D = Σ_{i<j} sign(Δx)·sign(Δy) and the
    pairs tied in x and in y, counted over the n(n − 1)/2 pairs (a few hundred to a few
    thousand for an event's field: faster than sorting, and exact in integers)."""
    n_rows, n = x.shape
    tot = n * (n - 1) // 2
    for e in range(n_rows):
        s = 0
        xtie = 0
        ytie = 0
        for i in range(n):
            for j in range(i + 1, n):
                dx = np.int64(x[e, i] > x[e, j]) - np.int64(x[e, i] < x[e, j])
                dy = np.int64(y[e, i] > y[e, j]) - np.int64(y[e, i] < y[e, j])
                s += dx * dy
                xtie += dx == 0
                ytie += dy == 0
        if xtie == tot or ytie == tot:
            out[e] = np.nan
        else:  # scipy's expression (scipy.stats.kendalltau), so the values are scipy's
            out[e] = min(1.0, max(-1.0, s / math.sqrt(tot - xtie) / math.sqrt(tot - ytie)))


def kendall_tau_b(x, y):
    """Kendall's τ-b between the rows of ``x`` and ``y``, every row at once.

    Parameters
    ----------
    x, y : array_like, shape (..., n)
        Finite numbers, ties allowed; τ is taken along the last axis (n >= 2), row by row.

    Returns
    -------
    float or ndarray, shape (...)
        τ-b of each row; NaN where a row of ``x`` or of ``y`` is constant.

    Notes
    -----
    With C concordant and D discordant pairs among the n(n − 1)/2 pairs of a row, n₁ pairs
    tied in x and n₂ tied in y,

    .. math:: \\tau_b = \\frac{C - D}{\\sqrt{(n_0 - n_1)(n_0 - n_2)}},
              \\qquad n_0 = n(n - 1)/2

    [1]_. C − D, n₁ and n₂ are counted over the pairs, exact integers, in a compiled loop
    over the rows, and τ-b ends with the floating-point operations of
    :func:`scipy.stats.kendalltau`, so the values are scipy's. Counting the pairs is
    O(n²) where scipy sorts (Knight's O(n log n) method), but an event's field is small:
    for 20,000 rows of 64 it takes 0.05 s, where scipy called row by row takes seconds and
    the vectorised NumPy count of every pair (an n × n sign matrix per row) 0.8 s. Knight's
    method compiled alike takes 1.3-3.6x as long on fields of 128 down to 22 (the
    reports'), and wins only from a few hundred (``benchmarks/bench_sim.py``).

    References
    ----------
    .. [1] M. G. Kendall, "The treatment of ties in ranking problems", Biometrika 33 (1945),
       239-251.

    Examples
    --------
    scipy's own example (``scipy.stats.kendalltau``), then two rows at once:

    >>> round(float(kendall_tau_b([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])), 6)
    -0.471405
    >>> kendall_tau_b([[1, 2, 3], [1, 1, 2]], [[1, 2, 3], [3, 2, 1]]).round(4).tolist()
    [1.0, -0.8165]
    """
    xa = as_finite_array(x, "x").astype(float)
    ya = as_finite_array(y, "y").astype(float)
    if xa.ndim == 0 or xa.shape != ya.shape:
        raise fail("y", f"an array of the shape of x {xa.shape}", ya.shape)
    if xa.shape[-1] < 2:
        raise fail("x", "2 or more numbers along the last axis", xa.shape)
    n = xa.shape[-1]
    out = _tau_b(xa.reshape(-1, n), ya.reshape(-1, n)).reshape(xa.shape[:-1])
    return out[()] if out.ndim == 0 else out


def _tau_b(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """:func:`kendall_tau_b` of the rows of two checked 2-D float arrays."""
    out = np.empty(x.shape[0])
    _tau_b_rows(np.ascontiguousarray(x), np.ascontiguousarray(y), out)
    return out


def _means_ses(x: np.ndarray):
    """:func:`_mean_se` of every column ``x[:, ...]`` (events along the first axis)."""
    n = x.shape[0]
    se = x.std(axis=0, ddof=1) / np.sqrt(n) if n > 1 else np.full(x.shape[1:], np.nan)
    return x.mean(axis=0), se


def _top_k(results, top_k) -> int:
    if not isinstance(results, EventResults):
        raise fail("results", "an EventResults", type(results).__name__)
    n = results.rank.shape[1]
    return max(1, n // 4) if top_k is None else check_int(top_k, "top_k", minimum=1, maximum=n - 1)


def event_outcomes(results, *, top_k=None):
    """Each simulated event's own outcome on the per-event measures.

    Parameters
    ----------
    results : EventResults
        From :func:`~bridgestats.sim.events.simulate_events`.
    top_k : int, optional
        Qualifiers for ``p_top_k``, as :func:`summarise_events`.

    Returns
    -------
    DataFrame
        One row per simulated event, in the order simulated: ``sim`` (0, 1, ...),
        ``p_strongest_wins`` (1.0 if the strongest entrant won, 0.0 if not, NaN when the
        strongest is not unique), ``p_top_k`` (1.0 if the top ``k`` finishers are the ``k``
        strongest, NaN when the k-th and (k+1)-th strengths tie) and ``kendall_tau`` (τ-b
        between strength and standing, NaN when all strengths are equal); the means of
        these columns are :func:`summarise_events`' values. Attribute ``attrs["k"]``: k.

    Examples
    --------
    >>> from bridgestats.sim.events import simulate_events
    >>> res = simulate_events(8, event_format="round_robin", strength=np.arange(8.0),
    ...                       n_events=3, rng=1)
    >>> event_outcomes(res, top_k=2).p_strongest_wins.tolist()
    [0.0, 1.0, 1.0]
    """
    k = _top_k(results, top_k)
    s = results.strength
    n_events, n = s.shape
    # the strengths' order statistics that matter (the 1st, 2nd, k-th and (k+1)-th
    # strongest), in place after one partial sort; column n - j holds the j-th strongest
    ranked = np.partition(s, np.unique([n - k - 1, n - k, n - 2]), axis=1)
    won = np.full(n_events, np.nan)
    unique_best = ranked[:, -1] > ranked[:, -2]
    best = s.argmax(axis=1)
    won[unique_best] = results.rank[np.arange(n_events), best][unique_best] == 1
    top = np.full(n_events, np.nan)
    separated = ranked[:, n - k] > ranked[:, n - k - 1]
    if separated.any():
        # where the k-th strength is above the (k+1)-th, the k strongest are those at or
        # above it, and the top k finishers are places 1 to k (places are 1, ..., n)
        strongest = s[separated] >= ranked[separated, n - k, None]
        finishers = results.rank[separated] <= k
        top[separated] = (strongest == finishers).all(axis=1)
    tau = np.full(n_events, np.nan)
    varied = ranked[:, -1] > s.min(axis=1)
    if varied.any():
        tau[varied] = _tau_b(s[varied], -results.rank[varied].astype(float))
    out = pd.DataFrame(
        {"sim": np.arange(n_events), "p_strongest_wins": won, "p_top_k": top, "kendall_tau": tau}
    )
    out.attrs["k"] = k
    out.attrs["fingerprint"] = results.fingerprint
    return out


def summarise_outcomes(outcomes):
    """The per-event measures' rows of :func:`summarise_events`, from their outcomes.

    Parameters
    ----------
    outcomes : DataFrame
        An :func:`event_outcomes` frame.

    Returns
    -------
    DataFrame
        One row per measure of :data:`PAIRED_MEASURES` defined in some event: ``measure``,
        ``k`` (Int64, ``p_top_k``'s), ``value``, ``se`` and ``n_events``, as
        :func:`summarise_events` gives them.

    Examples
    --------
    >>> o = pd.DataFrame({"sim": [0, 1, 2, 3], "p_strongest_wins": [1.0, 1, 0, 1],
    ...                   "p_top_k": np.nan, "kendall_tau": [0.5, 0.4, 0.3, 0.6]})
    >>> print(summarise_outcomes(o).to_string(index=False))
             measure    k  value       se  n_events
    p_strongest_wins <NA>   0.75 0.216506         4
         kendall_tau <NA>   0.45 0.064550         4
    """
    if not isinstance(outcomes, pd.DataFrame) or not set(PAIRED_MEASURES) <= set(outcomes):
        raise fail("outcomes", "an event_outcomes frame", type(outcomes).__name__)
    frame = pd.DataFrame(
        _paired_rows(outcomes), columns=["measure", "k", "value", "se", "n_events"]
    )
    return frame.astype({"k": "Int64", "n_events": "int64"})


def _paired_rows(outcomes) -> list:
    """(measure, k, value, se, n_events) of each measure of :data:`PAIRED_MEASURES`."""
    rows = []
    for measure in PAIRED_MEASURES:
        x = outcomes[measure].dropna().to_numpy()
        if x.size:
            value, se = _mean_se(x) if measure == "kendall_tau" else _share(x)
            kk = outcomes.attrs.get("k", pd.NA) if measure == "p_top_k" else pd.NA
            rows.append((measure, kk, value, se, int(x.size)))
    return rows


def summarise_events(results, *, top_k=None, outcomes=None):
    """The measures of simulated events, with their Monte Carlo standard errors.

    Parameters
    ----------
    results : EventResults
        From :func:`~bridgestats.sim.events.simulate_events`.
    top_k : int, optional
        Qualifiers for ``p_top_k`` (1 to n_entrants − 1); by default ``n_entrants // 4``
        (at least 1).
    outcomes : DataFrame, optional
        ``event_outcomes(results, top_k=top_k)`` when the caller has already made it (to
        pair the events with another scale's, as :func:`event_measures` does): it is not
        made twice. Its events and k must be those of ``results`` and ``top_k``.

    Returns
    -------
    DataFrame
        Columns ``scale`` (the scale's name), ``measure`` (see the module docstring),
        ``round`` (Int64: 1, 2, ... for ``outcome_share`` by round, missing otherwise),
        ``k`` (Int64: the qualifiers of ``p_top_k``), ``outcome`` (the outcome's label for
        ``outcome_share``), ``value``, ``se`` (its Monte Carlo standard error) and
        ``n_events`` (the events it is measured on).

    Examples
    --------
    Eight teams 1 IMP a board apart, all-play-all: the strongest wins 71 % of 100 events.

    >>> from bridgestats.sim.events import simulate_events
    >>> res = simulate_events(8, event_format="round_robin", strength=np.arange(8.0),
    ...                       n_events=100, rng=1)
    >>> m = summarise_events(res, top_k=2).set_index("measure")
    >>> m.loc["p_strongest_wins", ["value", "se"]].astype(float).round(3).tolist()
    [0.71, 0.045]
    """
    if outcomes is None:
        per_event = event_outcomes(results, top_k=top_k)
    else:
        k = _top_k(results, top_k)
        if (
            not isinstance(outcomes, pd.DataFrame)
            or len(outcomes) != results.n_events
            or outcomes.attrs.get("k") != k
            or not set(PAIRED_MEASURES) <= set(outcomes)
        ):
            raise fail(
                "outcomes",
                f"event_outcomes of these {results.n_events} events with k = {k}",
                type(outcomes).__name__,
            )
        per_event = outcomes
    n_events = len(per_event)
    rows = []

    def add(measure, value, se, used, *, rnd=pd.NA, kk=pd.NA, outcome=None):
        rows.append((results.scale.name, measure, rnd, kk, outcome, value, se, used))

    for measure, kk, value, se, used in _paired_rows(per_event):
        add(measure, value, se, used, kk=kk)
    if not results.scale.raw:
        counts = results.outcome_counts.astype(float)  # (events, rounds, outcomes)
        per_round = counts.sum(axis=2, keepdims=True)
        share = counts / per_round
        pooled = counts.sum(axis=1) / per_round.sum(axis=1)
        # every (round, outcome) column at once: means and SEs over the events
        by_round = _means_ses(share)  # (rounds, outcomes)
        overall = _means_ses(pooled)  # (outcomes,)
        for j, label in enumerate(results.scale.labels):
            for r in range(share.shape[1]):
                add(
                    "outcome_share",
                    by_round[0][r, j],
                    by_round[1][r, j],
                    n_events,
                    rnd=r + 1,
                    outcome=label,
                )
            add("outcome_share", overall[0][j], overall[1][j], n_events, outcome=label)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.astype({"round": "Int64", "k": "Int64", "outcome": "string", "n_events": "int64"})


def paired_differences(outcomes, *, names, reference=0):
    """Each scale against one reference scale, paired by simulated event.

    Parameters
    ----------
    outcomes : sequence of DataFrame
        One :func:`event_outcomes` frame per scale, all of the same simulated events
        (one seed: common random numbers).
    names : sequence of str
        The scales' names, one per frame.
    reference : int, optional
        The position of the reference scale in ``outcomes``.

    Returns
    -------
    DataFrame
        One row per measure of :data:`PAIRED_MEASURES` and scale other than the reference
        (columns :data:`DIFFERENCE_COLUMNS`): ``diff`` the mean over the events of
        x_e(scale) − x_e(reference), on the events where both are defined
        (``n_events``); ``se_paired`` sd(d_e)/√E (ddof 1); ``z`` = diff/se_paired;
        ``p_value`` two-sided normal; ``p_holm`` Holm's adjustment over the scales of one
        measure (:func:`bridgestats.fit.holm`). Where d_e is the same in every event
        (se 0), z is 0 with p 1 if d is 0, ±inf with p 0 otherwise.

    Notes
    -----
    With E independent events and d_e their paired differences, d̄ is asymptotically
    normal with variance Var(d)/E, estimated by the sample variance; the p-values are those
    of a z test of E[d] = 0, fine at the thousands of events a report simulates.

    Examples
    --------
    >>> a = pd.DataFrame({"sim": [0, 1, 2, 3], "p_strongest_wins": [1.0, 1, 0, 1],
    ...                   "p_top_k": np.nan, "kendall_tau": [0.5, 0.4, 0.3, 0.6]})
    >>> b = a.assign(p_strongest_wins=[1.0, 0, 0, 0], kendall_tau=[0.4, 0.4, 0.1, 0.5])
    >>> d = paired_differences([a, b], names=["A", "B"])
    >>> print(d[["measure", "scale", "diff", "se_paired"]].round(3).to_string(index=False))
             measure scale  diff  se_paired
    p_strongest_wins      B  -0.5      0.289
         kendall_tau      B  -0.1      0.041
    """
    frames = list(outcomes)
    labels = list(names)
    if len(frames) < 2 or len(labels) != len(frames):
        raise fail(
            "names", f"one name per outcomes frame, 2 or more ({len(frames)} frames)", labels
        )
    ref = check_int(reference, "reference", minimum=0, maximum=len(frames) - 1)
    n = len(frames[ref])
    for f in frames:
        if not isinstance(f, pd.DataFrame) or len(f) != n or not set(PAIRED_MEASURES) <= set(f):
            raise fail("outcomes", f"event_outcomes frames of the same {n} events", type(f))
    rows = []
    for measure in PAIRED_MEASURES:
        base = frames[ref][measure].to_numpy(float)
        family = []
        for i, f in enumerate(frames):
            if i == ref:
                continue
            d = f[measure].to_numpy(float) - base
            d = d[~np.isnan(d)]
            if d.size < 2:
                continue
            diff = float(d.mean())
            se = float(d.std(ddof=1) / math.sqrt(d.size))
            if se > 0:
                z = diff / se
            else:
                z = 0.0 if diff == 0 else math.copysign(math.inf, diff)
            p = float(2 * ndtr(-abs(z)))
            kk = f.attrs.get("k", pd.NA) if measure == "p_top_k" else pd.NA
            family.append([measure, labels[i], labels[ref], kk, diff, se, z, p, np.nan, d.size])
        if family:
            adjusted = holm([r[7] for r in family])
            for r, q in zip(family, adjusted, strict=True):
                r[8] = float(q)
            rows.extend(family)
    out = pd.DataFrame(rows, columns=DIFFERENCE_COLUMNS)
    return out.astype({"k": "Int64", "n_events": "int64"})


def event_measures(
    n_entrants,
    *,
    scales=("wbf",),
    n_rounds=None,
    n_boards=8,
    event_format="swiss",
    pairing="score",
    board="swings",
    k=None,
    strength=None,
    strength_sd=0.0,
    n_events=1000,
    top_k=None,
    bye_score=None,
    max_steps=MAX_STEPS,
    reference=None,
    return_outcomes=False,
    rng=None,
):
    """Simulate the same events under each scale and measure them.

    Parameters
    ----------
    n_entrants : int
        Teams or pairs.
    scales : sequence of VPScale or str, optional
        The candidate scales (:func:`~bridgestats.sim.events.as_scale`).
    n_rounds, n_boards, event_format, pairing, board, k, strength, strength_sd, n_events, \
bye_score, max_steps
        As :func:`~bridgestats.sim.events.simulate_events`.
    top_k : int, optional
        Qualifiers, as :func:`summarise_events`.
    reference : int, optional
        The position in ``scales`` of a reference scale: every other scale's
        per-event measures are then compared with it, event by event
        (:func:`paired_differences`).
    return_outcomes : bool, optional
        Also return each scale's :func:`event_outcomes` (their ``attrs["fingerprint"]``
        names the run, :func:`~bridgestats.sim.events.simulation_fingerprint`).
    rng : int or numpy.random.Generator, optional
        One seed is drawn from it and every scale's events use that seed: the scales
        are compared on common random numbers (the same strengths, lots and board draws).

    Returns
    -------
    DataFrame
        The frames of :func:`summarise_events`, one per scale, stacked, with the
        pairing rule added as a column ``pairing``. With ``reference``, also one row per
        measure of :data:`PAIRED_MEASURES` and other scale, ``measure``
        ``"<measure>_vs_reference"``: ``value`` the paired difference (scale − reference),
        ``se`` its paired SE, ``n_events`` the events both define, and three more
        columns (missing on the other rows): ``reference`` (its name), ``p_value`` and
        ``p_holm``. With ``return_outcomes``, a pair: this frame and the list of the
        scales' :func:`event_outcomes` frames, in the order of ``scales``.

    Examples
    --------
    A 12-team round robin of 8-board matches, strengths 0.5 IMPs a board apart at
    random: how often does the strongest team win under the WBF scale and W/D/L?

    >>> m = event_measures(12, scales=["wbf", "wdl"], event_format="round_robin",
    ...                    strength_sd=0.5, n_events=400, rng=7)
    >>> p = m.query("measure == 'p_strongest_wins'")[["scale", "value", "se"]]
    >>> print(p.round(3).to_string(index=False))
                           scale  value    se
    WBF 2013 continuous, 8 boards  0.340 0.024
                    win/draw/loss  0.322 0.023
    """
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    chosen = _scales(scales, nb)
    ref = (
        None
        if reference is None
        else check_int(reference, "reference", minimum=0, maximum=len(chosen) - 1)
    )
    seed = int(np.random.default_rng(rng).integers(2**63))
    frames, per_event = [], []
    for sc in chosen:
        res = simulate_events(
            n_entrants,
            n_rounds=n_rounds,
            n_boards=nb,
            event_format=event_format,
            pairing=pairing,
            board=board,
            k=k,
            scale=sc,
            strength=strength,
            strength_sd=strength_sd,
            n_events=n_events,
            bye_score=bye_score,
            max_steps=max_steps,
            rng=seed,
        )
        per_event.append(event_outcomes(res, top_k=top_k))
        frames.append(summarise_events(res, top_k=top_k, outcomes=per_event[-1]))
    if ref is not None and len(chosen) > 1:
        d = paired_differences(per_event, names=[sc.name for sc in chosen], reference=ref)
        frames.append(
            pd.DataFrame(
                {
                    "scale": d.scale,
                    "measure": d.measure + "_vs_reference",
                    "round": pd.NA,
                    "k": d.k,
                    "outcome": None,
                    "value": d["diff"],
                    "se": d.se_paired,
                    "n_events": d.n_events,
                    "reference": d.reference,
                    "p_value": d.p_value,
                    "p_holm": d.p_holm,
                }
            ).astype({"round": "Int64", "outcome": "string"})
        )
    out = pd.concat(frames, ignore_index=True)
    out.insert(1, "pairing", pairing if event_format == "swiss" else "round_robin")
    return (out, per_event) if check_flag(return_outcomes, "return_outcomes") else out


# --- breakage and the shooting incentive (exact expectations) --------------------------------


def _normal_step_mean(sc, mean: np.ndarray, sd: float) -> np.ndarray:
    """E[score(mean + sd·Z)] for a step scale, Z standard normal, exactly (by Φ)."""
    if sc.raw:
        return mean.astype(float)
    t = np.asarray(sc.thresholds)
    edges = np.concatenate([[0.0], t, [np.inf]])  # outcome j holds |x| in [edges j, j+1)
    mu = mean[..., None]
    up = ndtr((edges[1:] - mu) / sd) - ndtr((edges[:-1] - mu) / sd)  # x in [e_j, e_j+1)
    down = ndtr((-edges[:-1] - mu) / sd) - ndtr((-edges[1:] - mu) / sd)  # x in (-e_j+1, -e_j]
    return up @ np.asarray(sc.vp_winner, float) + down @ np.asarray(sc.vp_loser, float)


def expected_score(
    scale, margin, *, n_boards=8, boards_left=1, board="swings", k=None, variance_factor=1.0
):
    """The expected final score of a side ``margin`` up with ``boards_left`` boards to play.

    Parameters
    ----------
    scale : VPScale or str
        The scale (:func:`~bridgestats.sim.events.as_scale`), for ``n_boards``-board
        matches.
    margin : float or array_like
        The side's margin so far, in IMPs (negative: behind).
    n_boards : int, optional
        Boards in the match (for the scale).
    boards_left : int, optional
        Boards still to play (1 to ``n_boards``).
    board : {"swings", "gaussian"}, optional
        The board model of :mod:`bridgestats.sim.events` for the boards left (between
        equal sides: no edge).
    k : float, optional
        Per-board sd for ``"gaussian"`` (6.5 IMPs by default).
    variance_factor : {1, 2}, optional
        2: the side shoots, doubling the variance of the swing to come (see
        :func:`shooting_incentive`).

    Returns
    -------
    float or ndarray
        E[score(margin + S)], S the swing of the boards left.

    Examples
    --------
    A side 5 IMPs down with one board left, on the WBF continuous scale:

    >>> round(float(expected_score("wbf", -5)), 3)
    8.116
    """
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    sc = as_scale(scale, n_boards=nb)
    left = check_int(boards_left, "boards_left", minimum=1, maximum=nb)
    check_choice(board, "board", ("swings", "gaussian"))
    factor = check_int(variance_factor, "variance_factor", minimum=1, maximum=2)
    m = as_finite_array(margin, "margin")
    if board == "swings":
        if k is not None:
            raise fail("k", "None with board='swings' (the shipped swings fix K)", k)
        # doubling the variance of a sum of b board swings: the sum of 2b board swings
        imps, p = match_swing_distribution(left * factor)
        keep = p > 1e-15
        out = sc.vp(m[..., None] + imps[keep]) @ p[keep] / p[keep].sum()
    else:
        kk = _DEFAULT_K["gaussian"] if k is None else check_number(k, "k", low=0, low_open=True)
        out = _normal_step_mean(sc, m, kk * np.sqrt(left * factor))
    return out[()] if np.ndim(out) == 0 else out


def _scales(scales, nb):
    if isinstance(scales, str) or not hasattr(scales, "__iter__"):
        raise fail("scales", "a sequence of VP scales or names of scales", scales)
    chosen = [as_scale(sc, n_boards=nb) for sc in scales]
    if not chosen:
        raise fail("scales", "one or more scales", scales)
    return chosen


def breakage(scales, *, n_boards=8, max_margin=None):
    """What one more IMP is worth at each whole-IMP margin, under each scale.

    Parameters
    ----------
    scales : sequence of VPScale or str
        The scales (:func:`~bridgestats.sim.events.as_scale`).
    n_boards : int, optional
        Boards per match (for the WBF scales).
    max_margin : int, optional
        The largest margin shown (by default 15√n, where the WBF scale reaches 20).

    Returns
    -------
    DataFrame
        One row per scale and margin m = 0, 1, ..., ``max_margin``: ``scale``,
        ``margin``, ``score`` (the side ahead's score at m), ``value`` (score(m + 1) −
        score(m): what the IMP from m to m + 1 earns the side; the side behind loses it or
        less with negative VPs) and ``value_behind`` (score(−m) − score(−m − 1)).

    Notes
    -----
    On a step scale most IMPs are worth nothing and a few a whole VP (the breakage the
    WBF's continuous scale set out to remove: "every IMP counts"); on the continuous scale
    each IMP is worth 0.44 VP near 0 falling to 0.05 near the top [1]_.

    References
    ----------
    .. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
       Scoring Panel", World Bridge Federation, 2013 (worldbridge.org).

    Examples
    --------
    >>> b = breakage(["wbf", "wbf_discrete"], max_margin=3)
    >>> b.pivot(index="margin", columns="scale", values="value").round(2)
    scale  WBF 2013 continuous, 8 boards  WBF 2013 discrete, 8 boards
    margin
    0                                0.44                          1.0
    1                                0.42                          0.0
    2                                0.41                          0.0
    3                                0.40                          1.0
    """
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    top = (
        int(np.ceil(15 * np.sqrt(nb)))
        if max_margin is None
        else check_int(max_margin, "max_margin", minimum=1)
    )
    m = np.arange(top + 1, dtype=float)
    rows = []
    for sc in _scales(scales, nb):
        rows.append(
            pd.DataFrame(
                {
                    "scale": sc.name,
                    "margin": m.astype(np.int64),
                    "score": sc.vp(m),
                    "value": sc.vp(m + 1) - sc.vp(m),
                    "value_behind": sc.vp(-m) - sc.vp(-m - 1),
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def shooting_incentive(
    scales, *, n_boards=8, boards_left=1, board="swings", k=None, max_deficit=None
):
    """The expected VP gain of a side behind from doubling the variance of the boards left.

    Parameters
    ----------
    scales : sequence of VPScale or str
        The scales.
    n_boards : int, optional
        Boards per match.
    boards_left : int, optional
        Boards still to play when the side decides to shoot.
    board : {"swings", "gaussian"}, optional
        The board model of the boards left (between equal sides).
    k : float, optional
        Per-board sd for ``"gaussian"``.
    max_deficit : int, optional
        The largest deficit shown (by default 15√n).

    Returns
    -------
    DataFrame
        One row per scale and deficit m = 0, 1, ... IMPs: ``scale``, ``deficit``,
        ``boards_left``, ``expected_score`` (E[score(−m + S)] playing normally),
        ``expected_score_shooting`` (with the variance of S doubled) and ``gain`` (their
        difference: > 0 where shooting pays).

    Notes
    -----
    S is the swing of the ``boards_left`` boards between equal sides; shooting doubles its
    variance and keeps its mean at 0. With the shipped swings, the doubled swing is the
    sum of twice as many board swings (it stays in whole IMPs and keeps the measured
    shape); with Gaussian boards it is normal with σ = K√(2b). The expectations are exact
    sums over the swing distribution (or normal integrals), with no Monte Carlo error.
    On a raw IMP differential the gain is 0 at every deficit: variance alone earns nothing.

    Examples
    --------
    Ten IMPs down with a board to go, shooting is worth 0.15 VP on the WBF continuous
    scale and nothing on the IMP differential:

    >>> s = shooting_incentive(["wbf", "imps"], max_deficit=10)
    >>> print(s[s.deficit == 10][["scale", "gain"]].round(3).to_string(index=False))
                           scale  gain
    WBF 2013 continuous, 8 boards 0.154
                IMPs differential 0.000
    """
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    top = (
        int(np.ceil(15 * np.sqrt(nb)))
        if max_deficit is None
        else check_int(max_deficit, "max_deficit", minimum=0)
    )
    m = -np.arange(top + 1, dtype=float)
    rows = []
    for sc in _scales(scales, nb):
        plain, shoot = (
            expected_score(
                sc, m, n_boards=nb, boards_left=boards_left, board=board, k=k, variance_factor=f
            )
            for f in (1, 2)
        )
        rows.append(
            pd.DataFrame(
                {
                    "scale": sc.name,
                    "deficit": np.arange(top + 1),
                    "boards_left": boards_left,
                    "expected_score": plain,
                    "expected_score_shooting": shoot,
                    "gain": shoot - plain,
                }
            )
        )
    return pd.concat(rows, ignore_index=True)
