"""What a scoring committee asks of simulated events, each with its Monte Carlo error.

:func:`summarise_events` turns one :class:`~bridgestats.sim.events.EventResults` into a
tidy frame of measures; :func:`event_measures` simulates the same events under several
scorers (one seed, so the scorers meet the same strengths, lots and boards) and stacks
their frames.

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
    the standings are the strengths' order; :func:`scipy.stats.kendalltau`), events with
    equal strengths left out. SE: the standard deviation over events / √E.
``outcome_share``
    The share of a round's matches (the bye not counted) ending in each outcome of the
    scale (``outcome``: its label, ``11-9`` counting 9-11 too), by ``round`` (1, 2, ...)
    and over all rounds (``round`` missing). SE: the standard deviation over events of
    the event's share / √E, so that matches of one event are not taken as independent.
    Not given for a raw-margin scorer.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from bridgestats._validate import check_int, fail
from bridgestats.sim.events import EventResults, as_scorer, simulate_events
from bridgestats.sim.pairing import MAX_STEPS

__all__ = ["COLUMNS", "event_measures", "summarise_events"]

#: The columns of the measures frame.
COLUMNS = ["scorer", "measure", "round", "k", "outcome", "value", "se", "n_events"]


def _share(hits: np.ndarray) -> tuple[float, float]:
    p = float(hits.mean())
    return p, float(np.sqrt(p * (1.0 - p) / hits.size))


def _mean_se(x: np.ndarray) -> tuple[float, float]:
    se = float(x.std(ddof=1) / np.sqrt(x.size)) if x.size > 1 else float("nan")
    return float(x.mean()), se


def summarise_events(results, *, top_k=None):
    """The measures of simulated events, with their Monte Carlo standard errors.

    Parameters
    ----------
    results : EventResults
        From :func:`~bridgestats.sim.events.simulate_events`.
    top_k : int, optional
        Qualifiers for ``p_top_k`` (1 to n_entrants − 1); by default ``n_entrants // 4``
        (at least 1).

    Returns
    -------
    DataFrame
        Columns ``scorer`` (the scorer's name), ``measure`` (see the module docstring),
        ``round`` (Int64: 1, 2, ... for ``outcome_share`` by round, missing otherwise),
        ``k`` (Int64: the qualifiers of ``p_top_k``), ``outcome`` (the outcome's label for
        ``outcome_share``), ``value``, ``se`` (its Monte Carlo standard error) and
        ``n_events`` (the events it is measured on).

    Examples
    --------
    Eight teams 1 IMP a board apart, all-play-all: the strongest wins 71 % of 100 events.

    >>> from bridgestats.sim.events import simulate_events
    >>> res = simulate_events(8, event_format="round-robin", strength=np.arange(8.0),
    ...                       n_events=100, rng=1)
    >>> m = summarise_events(res, top_k=2).set_index("measure")
    >>> m.loc["p_strongest_wins", ["value", "se"]].astype(float).round(3).tolist()
    [0.71, 0.045]
    """
    if not isinstance(results, EventResults):
        raise fail("results", "an EventResults", type(results).__name__)
    n_events, n = results.rank.shape
    k = max(1, n // 4) if top_k is None else check_int(top_k, "top_k", minimum=1, maximum=n - 1)
    s = results.strength
    rows = []

    def add(measure, value, se, used, *, rnd=pd.NA, kk=pd.NA, outcome=None):
        rows.append((results.scorer.name, measure, rnd, kk, outcome, value, se, used))

    ranked = np.sort(s, axis=1)[:, ::-1]
    unique_best = ranked[:, 0] > ranked[:, 1]
    if unique_best.any():
        best = s.argmax(axis=1)
        won = results.rank[np.arange(n_events), best] == 1
        add("p_strongest_wins", *_share(won[unique_best]), int(unique_best.sum()))
    separated = ranked[:, k - 1] > ranked[:, k]
    if separated.any():
        strongest = np.argsort(-s, axis=1, kind="stable")[:, :k]
        top = np.argsort(results.rank, axis=1)[:, :k]
        same = np.sort(strongest, axis=1) == np.sort(top, axis=1)
        hits = same.all(axis=1)
        add("p_top_k", *_share(hits[separated]), int(separated.sum()), kk=k)
    varied = ranked[:, 0] > ranked[:, -1]
    if varied.any():
        taus = np.array(
            [stats.kendalltau(s[e], -results.rank[e]).statistic for e in np.flatnonzero(varied)]
        )
        add("kendall_tau", *_mean_se(taus), int(varied.sum()))
    if not results.scorer.raw:
        counts = results.outcome_counts.astype(float)  # (events, rounds, outcomes)
        per_round = counts.sum(axis=2, keepdims=True)
        share = counts / per_round
        pooled = counts.sum(axis=1) / per_round.sum(axis=1)
        for j, label in enumerate(results.scorer.labels):
            for r in range(share.shape[1]):
                add("outcome_share", *_mean_se(share[:, r, j]), n_events, rnd=r + 1,
                    outcome=label)  # fmt: skip
            add("outcome_share", *_mean_se(pooled[:, j]), n_events, outcome=label)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.astype({"round": "Int64", "k": "Int64", "outcome": "string", "n_events": "int64"})


def event_measures(
    n_entrants,
    *,
    scorers=("wbf",),
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
    rng=None,
):
    """Simulate the same events under each scorer and measure them.

    Parameters
    ----------
    n_entrants : int
        Teams or pairs.
    scorers : sequence of Scorer, VPScale or str, optional
        The candidate scales (:func:`~bridgestats.sim.events.as_scorer`).
    n_rounds, n_boards, event_format, pairing, board, k, strength, strength_sd, n_events, \
bye_score, max_steps
        As :func:`~bridgestats.sim.events.simulate_events`.
    top_k : int, optional
        Qualifiers, as :func:`summarise_events`.
    rng : int or numpy.random.Generator, optional
        One seed is drawn from it and every scorer's events use that seed: the scorers
        are compared on common random numbers (the same strengths, lots and board draws).

    Returns
    -------
    DataFrame
        The frames of :func:`summarise_events`, one per scorer, stacked, with the
        pairing rule added as a column ``pairing``.

    Examples
    --------
    A 12-team round robin of 8-board matches, strengths 0.5 IMPs a board apart at
    random: how often does the strongest team win under the WBF scale and W/D/L?

    >>> m = event_measures(12, scorers=["wbf", "wdl"], event_format="round-robin",
    ...                    strength_sd=0.5, n_events=400, rng=7)
    >>> p = m.query("measure == 'p_strongest_wins'")[["scorer", "value", "se"]]
    >>> print(p.round(3).to_string(index=False))
                           scorer  value    se
    WBF 2013 continuous, 8 boards  0.340 0.024
                    win/draw/loss  0.322 0.023
    """
    if isinstance(scorers, str) or not hasattr(scorers, "__iter__"):
        raise fail("scorers", "a sequence of scorers, scales or names", scorers)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    chosen = [as_scorer(sc, n_boards=nb) for sc in scorers]
    if not chosen:
        raise fail("scorers", "one or more scorers", scorers)
    seed = int(np.random.default_rng(rng).integers(2**63))
    frames = []
    for sc in chosen:
        res = simulate_events(
            n_entrants, n_rounds=n_rounds, n_boards=nb, event_format=event_format,
            pairing=pairing, board=board, k=k, scorer=sc, strength=strength,
            strength_sd=strength_sd, n_events=n_events, bye_score=bye_score,
            max_steps=max_steps, rng=seed,
        )  # fmt: skip
        frames.append(summarise_events(res, top_k=top_k))
    out = pd.concat(frames, ignore_index=True)
    out.insert(1, "pairing", pairing if event_format == "swiss" else "round-robin")
    return out
