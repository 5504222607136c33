"""The event simulator: teams and pairs events played, scored and ranked many times over.

An event is ``n_entrants`` entrants with true strengths playing ``n_rounds`` matches of
``n_boards`` boards, paired by a rule of :mod:`bridgestats.sim.pairing` (a round robin, or
a Swiss draw: random, by score, seeded, or on the standings one round late), each match
margin turned into VPs by a :class:`~bridgestats.vpscale.VPScale`, and the standings ranked
by a stated rule.
:func:`simulate_events` plays many such events in one compiled kernel;
:mod:`bridgestats.sim.measures` turns them into the measures a scoring committee asks for.

The board and match model
-------------------------
Entrant i has a true strength ``s_i``, in the margin's unit per board: IMPs per board for
teams, matchpoint percentage points per board for pairs. In a match of n boards between
i and j, i's edge on each board is ``s_i − s_j``, and each board adds a swing that is
symmetric about 0:

- ``board="swings"``: the project's measured per-board swings (``derived/swing_counts``:
  37,099 boards of the archive's Bermuda Bowl, Olympiad, European, US, Dutch and
  Cavendish matches, pooled over series and decades; the sign there is only which team
  sat North-South, so the distribution is symmetrised), heavy-tailed (31 % of boards are
  flat, 20 % swing 10 IMPs or more; K = 6.13 IMPs, kurtosis 3.3);
- ``board="gaussian"``: a normal per-board swing with standard deviation ``k`` IMPs
  (6.5 by default, Probst's K for teams);
- ``board="pairs"``: Swiss pairs, a normal per-board percentage with standard deviation
  ``k`` % (32.95 by default, :func:`bridgestats.sigma.sigma_swiss_pairs`); the match
  margin is the pair's match percentage minus 50 (the unit of the Swiss pairs scales),
  the mean of its board percentages, not clipped to 0-100.

So an IMP match margin is ``n (s_i − s_j) + X₁ + ... + Xₙ`` and a pairs margin is
``(s_i − s_j) + (Z₁ + ... + Zₙ)/n``. The sum of the n board swings is drawn in one step
from its exact distribution: the n-fold convolution of the board distribution for
``"swings"`` (:func:`match_swing_distribution`), a normal with σ = K√n (K/√n for pairs)
otherwise. Between sides whose edges δ = s_i − s_j have spread ``sd(δ)`` the margins then
spread as

.. math:: \\sigma^2(n) = nK^2 + n^2\\,\\mathrm{sd}(\\delta)^2

(for strengths drawn with ``strength_sd`` τ and sides met at random, sd(δ) = τ√2; pairing
by score brings closer sides together).

Standings and ties
------------------
Standings rank by score (VPs), then by total margin (IMPs or MP %), both compared to a
millionth (so that float noise in a sum of 2-decimal VPs cannot split a tie), then by a lot
drawn for each entrant before the event (the one use of chance in the ranking). A bye scores
``bye_score`` (by default the scale's draw: 10 VPs on a 20-VP scale) and a margin of 0.

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §3-5
   (σ = K√n), §8 (pairing methods), §11 (Swiss pairs σ).
.. [2] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
   Scoring Panel", World Bridge Federation, 2013 (worldbridge.org).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from bridgestats._jit import njit
from bridgestats._validate import (
    as_finite_array,
    check_choice,
    check_flag,
    check_int,
    check_number,
    fail,
)
from bridgestats.scales import NAMED_SCALES, named_scale
from bridgestats.sim.pairing import MAX_STEPS, _circle_pairs, _pair_ordered_into
from bridgestats.vpscale import VPScale

__all__ = [
    "EVENT_FORMATS",
    "PAIRINGS",
    "EventResults",
    "as_scorer",
    "match_swing_distribution",
    "simulate_events",
    "swing_distribution",
]

#: The event formats of :func:`simulate_events`.
EVENT_FORMATS = ("swiss", "round_robin")
#: The Swiss pairing rules: (first round, later rounds, standings one round late).
PAIRINGS = {
    "random": ("random", "random", False),
    "score": ("random", "score", False),
    "seeded": ("seeded", "score", False),
    "late": ("random", "score", True),
}
_BOARDS = ("swings", "gaussian", "pairs")
_DEFAULT_K = {"gaussian": 6.5, "pairs": 32.95}


# --- the board model ------------------------------------------------------------------------


def swing_distribution():
    """The per-board IMP swing distribution of the shipped swing counts, symmetrised.

    Returns
    -------
    imps : ndarray of int
        Swings −24..24.
    probability : ndarray of float
        Their probabilities, summing to 1, with ``p(x) = p(−x)``.

    Notes
    -----
    ``derived/swing_counts`` counts each board's swing to the team sitting North-South in
    the open room, a labelling and not a strength, so the two signs are pooled:
    p(x) = (c(x) + c(−x)) / 2N over all series and decades (N = 37,099 boards).

    Examples
    --------
    >>> imps, p = swing_distribution()
    >>> round(float(p[imps == 0][0]), 3), round(float(np.sqrt(p @ imps**2)), 2)
    (0.314, 6.13)
    """
    from bridgestats import datasets  # here: the simulator runs without pandas until asked

    counts = datasets.load("derived/swing_counts").groupby("imps")["count"].sum()
    imps = counts.index.to_numpy(dtype=np.int64)
    c = counts.to_numpy(dtype=float)
    if not np.array_equal(imps, -imps[::-1]):  # pragma: no cover - the shipped file's shape
        raise fail("derived/swing_counts", "IMP values symmetric about 0", imps)
    c = 0.5 * (c + c[::-1])
    return imps, c / c.sum()


def match_swing_distribution(n_boards):
    """Distribution of the sum of ``n_boards`` independent board swings (shipped counts).

    Parameters
    ----------
    n_boards : int
        Boards in the match (1-200).

    Returns
    -------
    imps : ndarray of int
        Match swings −24n..24n.
    probability : ndarray of float
        Their probabilities: the n-fold convolution of :func:`swing_distribution`.

    Examples
    --------
    >>> imps, p = match_swing_distribution(8)
    >>> imps[[0, -1]].tolist(), round(float(np.sqrt(p @ imps**2.0)), 2)  # σ = K√8
    ([-192, 192], 17.34)
    """
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    imps, p = swing_distribution()
    total = p
    for _ in range(n - 1):
        total = np.convolve(total, p)
    total = np.clip(total, 0.0, None)
    lo = n * int(imps[0])
    return np.arange(lo, -lo + 1, dtype=np.int64), total / total.sum()


@dataclass(frozen=True)
class _MatchDraw:
    """How the kernel draws one match's swing: a table (inverse CDF) or a normal."""

    table: bool
    support: np.ndarray
    cdf: np.ndarray
    sd: float
    edge_mult: float
    unit: str


def _match_draw(board: str, k, n_boards: int) -> _MatchDraw:
    if board == "swings":
        if k is not None:
            raise fail("k", "None with board='swings' (the shipped swings fix K)", k)
        imps, p = match_swing_distribution(n_boards)
        cdf = np.cumsum(p)
        cdf[-1] = 1.0
        return _MatchDraw(True, imps.astype(float), cdf, 0.0, float(n_boards), "IMPs")
    k = _DEFAULT_K[board] if k is None else check_number(k, "k", low=0, low_open=True)
    empty = np.zeros(1)
    if board == "gaussian":
        return _MatchDraw(False, empty, empty, k * math.sqrt(n_boards), float(n_boards), "IMPs")
    return _MatchDraw(False, empty, empty, k / math.sqrt(n_boards), 1.0, "MP %")


# --- scorers ---------------------------------------------------------------------------------


def as_scorer(scorer, *, n_boards) -> VPScale:
    """The :class:`~bridgestats.vpscale.VPScale` a simulation scores its matches by.

    Parameters
    ----------
    scorer : VPScale or str
        A scale, or the id of a named scale of :data:`bridgestats.scales.NAMED_SCALES`
        (``"wbf"``, ``"wbf_discrete"``, ``"wdl"``, ``"imps"``, ``"mp"``, the Swiss pairs
        tables).
    n_boards : int
        Boards per match (for the WBF scales).

    Returns
    -------
    VPScale
        With a name (a scale without one is named from its σ or its size).

    Examples
    --------
    >>> as_scorer("wbf_discrete", n_boards=8).name
    'WBF 2013 discrete, 8 boards'
    >>> from bridgestats.vpscale import gaussian_scale
    >>> s = as_scorer(gaussian_scale(sigma=18.38, negative=5, unit="IMPs"), n_boards=8)
    >>> s.name, s.vp([0, 30, -60]).tolist()
    ('Gaussian 20-0, sigma 18.38, 5 negative', [10, 19, -5])
    """
    if isinstance(scorer, VPScale):
        if scorer.name:
            return scorer
        name = (
            f"Gaussian {scorer.max_vp}-0, sigma {scorer.sigma:g}"
            + (f", {scorer.negative} negative" if scorer.negative else "")
            if scorer.sigma is not None
            else f"{scorer.max_vp}-0 table"
        )
        return dataclasses.replace(scorer, name=name)
    if not isinstance(scorer, str):
        raise fail("scorer", "a VPScale or the id of a named scale", type(scorer).__name__)
    check_choice(scorer, "scorer", tuple(NAMED_SCALES))
    return named_scale(scorer, n_boards=n_boards)


# --- the kernel -------------------------------------------------------------------------------


@njit(cache=True)
def _before(i, j, key1, key2, lot):
    """Does entrant i rank above j: key1, then key2 (both higher first), then the lot."""
    if key1[i] != key1[j]:
        return key1[i] > key1[j]
    if key2[i] != key2[j]:
        return key2[i] > key2[j]
    return lot[i] < lot[j]


@njit(cache=True)
def _round_keys(vp, mg, key1, key2):
    """The ranking keys: totals in millionths, so that float noise cannot split a tie.

    (10.44 + 13.78 and 13.78 + 10.44 need not be the same float; both are 24.22 VPs.)
    """
    for i in range(vp.shape[0]):
        key1[i] = np.rint(vp[i] * 1e6)
        key2[i] = np.rint(mg[i] * 1e6)


@njit(cache=True)
def _sort_standings(order, key1, key2, lot):
    """Sort ``order`` in place into the standings (the ranking is a strict total order)."""
    _sort_standings_into(order, key1, key2, lot, np.empty(2 * order.shape[0], np.int64))


_RUN = 8  # the merge sort's first runs, sorted by insertion
_RANK_MAX = 128  # fields up to this size are sorted by counting (see _sort_standings_into)


@njit(cache=True)
def _count_standings(order, key1, key2, lot, buf):
    """``order`` as the standings: places by counting on ``key1``, then ties sorted.

    An entrant's block starts at #{j : key1[j] > key1[i]}, n² comparisons without a branch
    (which the compiler vectorises, and for a field up to about a hundred is faster than
    any sort: the comparisons of shuffled standings are what a processor cannot predict);
    entrants level on ``key1`` fill their block in index order and are then sorted by
    insertion on :func:`_before` (blocks are small: a few level scores).
    """
    n = key1.shape[0]
    start = buf[:n]
    filled = buf[n : 2 * n]
    for i in range(n):
        a = key1[i]
        above = 0
        for j in range(n):
            above += key1[j] > a
        start[i] = above
        filled[i] = 0
    for i in range(n):
        s0 = start[i]
        order[s0 + filled[s0]] = i
        filled[s0] += 1
    for s0 in range(n):
        for p in range(s0 + 1, s0 + filled[s0]):
            x = order[p]
            q = p
            while q > s0 and _before(x, order[q - 1], key1, key2, lot):
                order[q] = order[q - 1]
                q -= 1
            order[q] = x


@njit(cache=True)
def _sort_standings_into(order, key1, key2, lot, buf):
    """Sort ``order`` (a permutation of 0..n-1) in place by :func:`_before`.

    ``buf``: int64 scratch of length 2n. Up to 128 entrants, :func:`_count_standings`;
    beyond, a merge sort: runs of 8 sorted by insertion, then merged pairwise (a merge of
    two runs already in order is a copy). The ranking being a strict total order, both
    give the same standings (a full tie, which lots make all but impossible, goes to the
    lower index, as in a stable sort from 0..n-1).
    """
    if order.shape[0] <= _RANK_MAX:
        _count_standings(order, key1, key2, lot, buf)
        return
    for i in range(order.shape[0]):
        order[i] = i
    n = order.shape[0]
    for lo in range(0, n, _RUN):
        hi = min(lo + _RUN, n)
        for p in range(lo + 1, hi):
            x = order[p]
            q = p
            while q > lo and _before(x, order[q - 1], key1, key2, lot):
                order[q] = order[q - 1]
                q -= 1
            order[q] = x
    src = order
    dst = buf[: order.shape[0]]
    swapped = False
    width = _RUN
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            if mid == hi or not _before(src[mid], src[mid - 1], key1, key2, lot):
                dst[lo:hi] = src[lo:hi]  # already in order
                continue
            i = lo
            j = mid
            k = lo
            while i < mid and j < hi:
                if _before(src[j], src[i], key1, key2, lot):
                    dst[k] = src[j]
                    j += 1
                else:
                    dst[k] = src[i]
                    i += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                dst[k] = src[j]
                j += 1
                k += 1
        src, dst = dst, src
        swapped = not swapped
        width *= 2
    if swapped:
        order[:] = src


@njit(cache=True)
def _key_order(key, neg_key, no_key, place, out, buf):
    """``out[:] = argsort(key)``, stable (a tie goes to the lower place)."""
    for i in range(key.shape[0]):
        neg_key[i] = -key[i]
    _sort_standings_into(out, neg_key, no_key, place, buf)


@njit(cache=True)
def _simulate_kernel(
    strength,
    lot,
    keys,
    noise,
    table,
    support,
    cdf,
    sd,
    edge_mult,
    thresholds,
    win,
    lose,
    raw,
    bye_score,
    round_robin,
    first_seeded,
    later_score,
    lag,
    max_steps,
    vp_out,
    margin_out,
    rank_out,
    opp_out,
    counts_out,
    repeats_out,
):
    n_events, n = strength.shape
    n_rounds = noise.shape[1]
    m = n + n % 2
    half = m // 2
    keep_opp = opp_out.shape[0] == n_events
    # a guide table for the inverse-CDF draw: guide[g] = #{k : cdf[k] <= g / n_guide}, so
    # the search for u starts a place or so from the answer (searchsorted "right"); four
    # cells per support point, so that the search seldom moves (a move the processor
    # cannot predict costs more than the table)
    n_guide = 4 * cdf.shape[0]
    top = cdf.shape[0] - 1
    guide = np.searchsorted(cdf, np.arange(n_guide) / n_guide, side="right")
    # and one for the scale: cells of width step over [0, t_max), 16 per outcome, each
    # holding the outcome at its left end; a margin's outcome is then at most a step or
    # two from its cell's
    n_t = thresholds.shape[0]
    n_cells = 16 * n_t
    step = thresholds[n_t - 1] / n_cells if n_t else 1.0
    cells = np.searchsorted(thresholds, np.arange(n_cells + 1) * step, side="right")
    # the loser's scores then the winner's: a side's score is picked without a branch
    scores = np.concatenate((lose, win))
    n_out = n_t + 1
    vp = np.zeros(n)
    mg = np.zeros(n)
    vp_lag = np.zeros(n)
    mg_lag = np.zeros(n)
    zeros = np.zeros(n)
    key1 = np.empty(n)
    key2 = np.empty(n)
    met = np.zeros((m, m), dtype=np.bool_)
    order = np.arange(n)  # any order: the standings are a strict total order
    listed = np.empty(m, dtype=np.int64)
    slots = np.empty(m, dtype=np.int64)
    pa = np.empty(half, dtype=np.int64)
    pb = np.empty(half, dtype=np.int64)
    # scratch: the sorts' buffer, the random draw's keys (a place's key, negated: lower
    # key first, then lower place, as a stable argsort) and the pairing search's
    buf = np.empty(2 * m, dtype=np.int64)
    neg_key = np.empty(m)
    no_key = np.zeros(m)
    place = np.arange(m).astype(np.float64)
    paired = np.empty(m, dtype=np.bool_)
    pos_a = np.empty(half, dtype=np.int64)
    pos_b = np.empty(half, dtype=np.int64)
    for e in range(n_events):
        s = strength[e]
        lt = lot[e]
        vp[:] = 0.0
        mg[:] = 0.0
        vp_lag[:] = 0.0
        mg_lag[:] = 0.0
        met[:, :] = False
        repeats = 0
        for r in range(n_rounds):
            if round_robin:
                if r == 0:
                    _key_order(keys[e, 0], neg_key, no_key, place, slots, buf)
                _circle_pairs(slots, r, pa, pb)
            elif r == 0 and first_seeded:
                _sort_standings_into(order, s, zeros, lt, buf[: 2 * n])
                h = n // 2
                for t in range(h):
                    pa[t] = order[t]
                    pb[t] = order[t + h]
                if n % 2:
                    pa[h] = order[n - 1]
                    pb[h] = n
            else:
                if r == 0 or not later_score:
                    kr = keys[e, r if keys.shape[1] > 1 else 0]
                    _key_order(kr, neg_key, no_key, place, listed, buf)
                else:
                    if lag:
                        _round_keys(vp_lag, mg_lag, key1, key2)
                    else:
                        _round_keys(vp, mg, key1, key2)
                    _sort_standings_into(order, key1, key2, lt, buf[: 2 * n])
                    listed[:n] = order
                    if n % 2:
                        listed[n] = n
                repeats += _pair_ordered_into(listed, met, max_steps, pa, pb, paired,
                                              pos_a, pos_b)  # fmt: skip
            if lag:
                vp_lag[:] = vp
                mg_lag[:] = mg
            for t in range(half):
                a = pa[t]
                b = pb[t]
                if a == n or b == n:
                    x = b if a == n else a
                    vp[x] += bye_score
                    met[x, n] = True
                    met[n, x] = True
                    if keep_opp:
                        opp_out[e, r, x] = -1
                    continue
                if table:
                    u = noise[e, r, t]
                    k = guide[int(u * n_guide)]  # then the first k with cdf[k] > u
                    while k < top and cdf[k] <= u:
                        k += 1
                    while k > 0 and cdf[k - 1] > u:  # (were u * n_guide rounded up)
                        k -= 1
                    swing = support[k]
                else:
                    swing = sd * noise[e, r, t]
                margin = swing + edge_mult * (s[a] - s[b])
                if raw:
                    va = margin
                    vb = -margin
                else:
                    x = np.rint(abs(margin) * 1e9) / 1e9
                    if n_t == 0 or x >= thresholds[n_t - 1]:
                        j = n_t
                    else:  # #{k : t_k <= x}, from the cell's count, corrected both ways
                        j = cells[min(int(x / step), n_cells)]
                        while j < n_t and thresholds[j] <= x:
                            j += 1
                        while j > 0 and thresholds[j - 1] > x:
                            j -= 1
                    counts_out[e, r, j] += 1
                    # the side ahead (or level) scores win[j], the side behind lose[j]
                    va = scores[j + n_out * np.int64(margin >= 0)]
                    vb = scores[j + n_out * np.int64(margin <= 0)]
                vp[a] += va
                vp[b] += vb
                mg[a] += margin
                mg[b] -= margin
                met[a, b] = True
                met[b, a] = True
                if keep_opp:
                    opp_out[e, r, a] = b
                    opp_out[e, r, b] = a
        _round_keys(vp, mg, key1, key2)
        _sort_standings_into(order, key1, key2, lt, buf[: 2 * n])
        for p in range(n):
            rank_out[e, order[p]] = p + 1
        vp_out[e] = vp
        margin_out[e] = mg
        repeats_out[e] = repeats


# --- the driver -------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventResults:
    """The simulated events of :func:`simulate_events` (one row per event).

    Attributes
    ----------
    strength : ndarray, shape (n_events, n_entrants)
        True strengths (margin unit per board).
    score : ndarray, shape (n_events, n_entrants)
        Final scores (VPs, or the differential for a raw scorer).
    margin : ndarray, shape (n_events, n_entrants)
        Total margins (IMPs or MP %): the first tie-break.
    rank : ndarray of int, shape (n_events, n_entrants)
        Final places, 1 = the winner (ties broken by margin, then the lot).
    outcome_counts : ndarray of int, shape (n_events, n_rounds, n_outcomes)
        Matches of each round ending in each outcome of the scorer (central first; the
        bye not counted); zero columns for a raw scorer.
    opponents : ndarray of int, shape (n_events, n_rounds, n_entrants) or None
        Each entrant's opponent by round (``-1``: the bye), with ``keep_pairings=True``.
    repeats : ndarray of int, shape (n_events,)
        Repeat meetings (or second byes) that could not be avoided (see
        :mod:`bridgestats.sim.pairing`).
    scorer : VPScale
        How the margins were scored.
    """

    strength: np.ndarray
    score: np.ndarray
    margin: np.ndarray
    rank: np.ndarray
    outcome_counts: np.ndarray
    opponents: np.ndarray | None
    repeats: np.ndarray
    scorer: VPScale

    @property
    def n_events(self) -> int:
        """The number of events simulated."""
        return int(self.rank.shape[0])


def _check_strength(strength, strength_sd, n: int):
    if strength is not None:
        if strength_sd != 0:
            raise fail("strength_sd", "0 when strength is given", strength_sd)
        s = as_finite_array(strength, "strength").ravel()
        if s.size != n:
            raise fail("strength", f"{n} numbers (one per entrant)", strength)
        return s, 0.0
    return None, check_number(strength_sd, "strength_sd", low=0)


def simulate_events(
    n_entrants,
    *,
    n_rounds=None,
    n_boards=8,
    event_format="swiss",
    pairing="score",
    board="swings",
    k=None,
    scorer="wbf",
    strength=None,
    strength_sd=0.0,
    n_events=1,
    bye_score=None,
    keep_pairings=False,
    max_steps=MAX_STEPS,
    rng=None,
):
    """Simulate ``n_events`` events, each paired, played, scored and ranked.

    Parameters
    ----------
    n_entrants : int
        Teams or pairs (2-1000).
    n_rounds : int, optional
        Rounds (matches per entrant). A round robin plays everyone once by default
        (``n_entrants − 1`` rounds, or ``n_entrants`` with a bye each round for an odd
        field) and at most that; a Swiss needs it given (1-100).
    n_boards : int, optional
        Boards per match (1-200).
    event_format : {"swiss", "round_robin"}, optional
        A Swiss draw, or all-play-all by the circle method over a random draw of places.
    pairing : {"score", "random", "seeded", "late"}, optional
        Swiss only. ``"random"``: a random draw every round; ``"score"``: a random first
        round, then by score (neighbours in the standings); ``"seeded"``: the first round
        top half (by true strength) against bottom half, 1 v n/2 + 1, 2 v n/2 + 2, ...,
        then by score; ``"late"``: by score on the standings one round late (round r
        paired on the results of rounds 1..r − 2, as when the next round starts before
        the last is scored). Every rule avoids repeat meetings and second byes while
        possible (:mod:`bridgestats.sim.pairing`).
    board : {"swings", "gaussian", "pairs"}, optional
        The board model (see the module docstring): the shipped IMP swings, normal IMP
        swings with per-board sd ``k``, or Swiss pairs matchpoint percentages with
        per-board sd ``k``.
    k : float, optional
        Per-board standard deviation (IMPs, or % for pairs); 6.5 IMPs or 32.95 % by
        default; not used with ``"swings"``.
    scorer : VPScale or str, optional
        How a margin scores (:func:`as_scorer`): the WBF continuous scale by default. A
        scorer whose unit is known must match the board model's (IMPs for ``"swings"``
        and ``"gaussian"``, MP % for ``"pairs"``).
    strength : array_like, optional
        True strengths, one per entrant (per-board edge units), the same in every event.
    strength_sd : float, optional
        Otherwise strengths are drawn afresh for each event, normal with this sd
        (0: equal sides).
    n_events : int, optional
        Events to simulate (>= 1).
    bye_score : float, optional
        The score of a bye (by default the scorer's draw,
        :attr:`bridgestats.vpscale.VPScale.draw`).
    keep_pairings : bool, optional
        Keep every round's opponents (memory: n_events × n_rounds × n_entrants).
    max_steps : int, optional
        Cap on one round's pairing search (:mod:`bridgestats.sim.pairing`).
    rng : int or numpy.random.Generator, optional
        All randomness (strengths, lots, draws, boards) comes from it.

    Returns
    -------
    EventResults

    Notes
    -----
    The random numbers are drawn with NumPy in blocks of events (strengths, lots, the
    random-draw orders, one number per table per round) and the compiled kernel consumes
    them, so the same ``rng`` gives the same events whatever the scorer: scorers compared
    on one seed meet the same strengths, lots and boards (common random numbers), though
    pairing by score soon brings different sides together. So do pairing rules: they
    draw the same strengths, lots, first-round keys and table numbers from ``rng`` (a
    random draw's later rounds take their keys from a second stream, the generator
    jumped ahead), so that rules run on one seed can be compared event by event.

    Examples
    --------
    Sixteen teams 5 IMPs a board apart (40 IMPs a match) in a 6-round Swiss: the
    strongest (the last) nearly always wins:

    >>> res = simulate_events(16, n_rounds=6, strength=5.0 * np.arange(16), n_events=200,
    ...                       rng=1)
    >>> float(np.mean(res.rank[:, -1] == 1))
    0.995
    """
    plan = _plan(
        n_entrants, n_rounds=n_rounds, n_boards=n_boards, event_format=event_format,
        pairing=pairing, board=board, k=k, scorer=scorer, strength=strength,
        strength_sd=strength_sd, bye_score=bye_score, max_steps=max_steps,
    )  # fmt: skip
    e_total = check_int(n_events, "n_events", minimum=1)
    keep = check_flag(keep_pairings, "keep_pairings")
    gen = np.random.default_rng(rng)
    n, rounds = plan.n_entrants, plan.n_rounds
    chunk = max(1, min(e_total, 2**21 // (rounds * (n + 1))))
    strength = np.empty((e_total, n))
    out = (
        np.empty((e_total, n)),
        np.empty((e_total, n)),
        np.empty((e_total, n), dtype=np.int64),
        np.zeros((e_total if keep else 0, rounds, n), dtype=np.int64),
        np.zeros((e_total, rounds, plan.n_outcomes), dtype=np.int64),
        np.empty(e_total, dtype=np.int64),
    )
    side = _side_stream(gen) if plan.random_rounds > 1 else None
    for start in range(0, e_total, chunk):
        rows = slice(start, min(start + chunk, e_total))
        drawn = _draw(plan, gen, rows.stop - start, side)
        strength[rows] = drawn[0]
        _simulate_kernel(*drawn, *plan.kernel_args.values(),
                         *(o[rows] if o.shape[0] else o for o in out))  # fmt: skip
    return EventResults(
        strength=strength,
        score=out[0],
        margin=out[1],
        rank=out[2],
        outcome_counts=out[4],
        opponents=out[3] if keep else None,
        repeats=out[5],
        scorer=plan.scorer,
    )


@dataclass(frozen=True)
class _Plan:
    """A validated event: its sizes, its scorer and the kernel's fixed arguments.

    ``kernel_args`` holds the kernel's arguments after the random ones, in its order and
    under the keyword names of the tests' plain-Python reference.
    """

    n_entrants: int
    n_rounds: int
    strength: np.ndarray | None
    strength_sd: float
    random_rounds: int
    table: bool
    scorer: VPScale
    kernel_args: dict

    @property
    def n_outcomes(self) -> int:
        return 1 if self.scorer.raw else len(self.scorer.thresholds) + 1


def _plan(n_entrants, *, n_rounds, n_boards, event_format, pairing, board, k, scorer,
          strength, strength_sd, bye_score, max_steps) -> _Plan:  # fmt: skip
    n = check_int(n_entrants, "n_entrants", minimum=2, maximum=1000)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    check_choice(event_format, "event_format", EVENT_FORMATS)
    check_choice(pairing, "pairing", tuple(PAIRINGS))
    check_choice(board, "board", _BOARDS)
    m = n + n % 2
    if event_format == "round_robin":
        rounds = m - 1 if n_rounds is None else check_int(
            n_rounds, "n_rounds", minimum=1, maximum=m - 1)  # fmt: skip
    else:
        if n_rounds is None:
            raise fail("n_rounds", "an integer in 1-100 for a Swiss", n_rounds)
        rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=100)
    draw = _match_draw(board, k, nb)
    sc = as_scorer(scorer, n_boards=nb)
    if sc.unit in ("IMPs", "MP %") and sc.unit != draw.unit:
        raise fail("scorer", f"a scale for {draw.unit} margins with board={board!r}", sc.name)
    fixed, sd = _check_strength(strength, strength_sd, n)
    bye = sc.draw if bye_score is None else check_number(bye_score, "bye_score")
    steps = check_int(max_steps, "max_steps", minimum=1)
    first, later, lag = PAIRINGS[pairing]
    swiss = event_format == "swiss"
    args = {
        "table": draw.table,
        "support": draw.support,
        "cdf": draw.cdf,
        "sd": draw.sd,
        "edge_mult": draw.edge_mult,
        "thresholds": np.asarray(sc.thresholds, dtype=float),
        "win": np.asarray(sc.vp_winner, dtype=float),
        "lose": np.asarray(sc.vp_loser, dtype=float),
        "raw": sc.raw,
        "bye_score": bye,
        "round_robin": not swiss,
        "first_seeded": swiss and first == "seeded",
        "later_score": swiss and later == "score",
        "lag": swiss and lag,
        "max_steps": steps,
    }
    random_rounds = rounds if (swiss and later == "random") else 1
    return _Plan(n, rounds, fixed, sd, random_rounds, draw.table, sc, args)


def _side_stream(gen):
    """The stream of a random draw's keys after round 1: ``gen``'s bit generator jumped
    far ahead (``jumped()``, taken without drawing from ``gen``), or a spawned child where
    the bit generator cannot jump."""
    bits = gen.bit_generator
    return np.random.Generator(bits.jumped()) if hasattr(bits, "jumped") else gen.spawn(1)[0]


def _draw(plan: _Plan, gen, n_events: int, side=None):
    """The random inputs of ``n_events`` events, in the kernel's order: strengths, lots,
    random-draw keys (one per place per random round) and one number per table per round.

    ``gen`` gives every rule the same numbers in the same order (strengths, lots, round 1's
    keys, the tables' numbers), so that pairing rules run on one seed meet the same
    strengths and board numbers event by event, chunk after chunk (common random numbers);
    the keys of a random draw's later rounds come from ``side`` (:func:`_side_stream` of
    ``gen`` when not given)."""
    n, m, rounds = plan.n_entrants, plan.n_entrants + plan.n_entrants % 2, plan.n_rounds
    if plan.random_rounds > 1 and side is None:
        side = _side_stream(gen)
    if plan.strength is not None:
        s = np.broadcast_to(plan.strength, (n_events, n)).copy()
    else:
        s = plan.strength_sd * gen.standard_normal((n_events, n))
    lot = gen.random((n_events, n))
    keys = gen.random((n_events, 1, m))
    shape = (n_events, rounds, m // 2)
    noise = gen.random(shape) if plan.table else gen.standard_normal(shape)
    if plan.random_rounds > 1:
        keys = np.concatenate([keys, side.random((n_events, plan.random_rounds - 1, m))], axis=1)
    return s, lot, keys, noise
