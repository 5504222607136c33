"""The event simulator: teams and pairs events played, scored and ranked many times over.

An event is ``n_entrants`` entrants with true strengths playing ``n_rounds`` matches of
``n_boards`` boards, paired by a rule of :mod:`bridgestats.sim.pairing` (a round robin, or
a Swiss draw: random, by score, seeded, or on the standings one round late), each match
margin turned into VPs by a :class:`~bridgestats.vp.VPScale`, and the standings ranked
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
import hashlib
import math
import pickle
from dataclasses import dataclass
from typing import NamedTuple

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
from bridgestats.sigma import FORMS
from bridgestats.sim.pairing import MAX_STEPS, _circle_pairs, _pair_ordered_into
from bridgestats.vp import NAMED_SCALES, VPScale, named_scale

__all__ = [
    "EVENT_FORMATS",
    "PAIRINGS",
    "EventResults",
    "as_scale",
    "match_swing_distribution",
    "simulate_events",
    "simulation_fingerprint",
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
#: Each board model's default per-board K: Probst's, from the forms catalogue (teams of four
#: for the IMP model, Swiss pairs for the MP % one).
_DEFAULT_K = {"gaussian": FORMS["teams"].k, "pairs": FORMS["swiss_pairs"].k}


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


def _match_draw(board: str, k, n_boards: int):
    """The kernel's board model (a :class:`_Board`) and the margin's unit."""
    if board == "swings":
        if k is not None:
            raise fail("k", "None with board='swings' (the shipped swings fix K)", k)
        imps, p = match_swing_distribution(n_boards)
        cdf = np.cumsum(p)
        cdf[-1] = 1.0
        return _Board(True, imps.astype(float), cdf, 0.0, float(n_boards)), "IMPs"
    k = _DEFAULT_K[board] if k is None else check_number(k, "k", low=0, low_open=True)
    empty = np.zeros(1)
    if board == "gaussian":
        return _Board(False, empty, empty, k * math.sqrt(n_boards), float(n_boards)), "IMPs"
    return _Board(False, empty, empty, k / math.sqrt(n_boards), 1.0), "MP %"


# --- scales ---------------------------------------------------------------------------------


def as_scale(scale, *, n_boards) -> VPScale:
    """The :class:`~bridgestats.vp.VPScale` a simulation scores its matches by.

    Parameters
    ----------
    scale : VPScale or str
        A scale, or the id of a named scale of :data:`bridgestats.vp.NAMED_SCALES`
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
    >>> as_scale("wbf_discrete", n_boards=8).name
    'WBF 2013 discrete, 8 boards'
    >>> from bridgestats.vp import gaussian_scale
    >>> s = as_scale(gaussian_scale(sigma=18.38, negative=5, unit="IMPs"), n_boards=8)
    >>> s.name, s.vp([0, 30, -60]).tolist()
    ('Gaussian 20-0, σ 18.38, 5 negative', [10, 19, -5])
    """
    if isinstance(scale, VPScale):
        if scale.name:
            return scale
        name = (
            f"Gaussian {scale.max_vp}-0, σ {scale.sigma:g}"
            + (f", {scale.negative} negative" if scale.negative else "")
            if scale.sigma is not None
            else f"{scale.max_vp}-0 table"
        )
        return dataclasses.replace(scale, name=name)
    if not isinstance(scale, str):
        raise fail("scale", "a VPScale or the id of a named scale", type(scale).__name__)
    check_choice(scale, "scale", tuple(NAMED_SCALES))
    return named_scale(scale, n_boards=n_boards)


# --- the kernel -------------------------------------------------------------------------------


class _Board(NamedTuple):
    """How the kernel draws one match's swing: from a table (inverse CDF) or a normal."""

    table: bool  # True: swing = support[first k with cdf[k] > u]; False: sd * z
    support: np.ndarray
    cdf: np.ndarray
    sd: float
    edge_mult: float  # the margin's edge: edge_mult * (s_i - s_j)


class _Scoring(NamedTuple):
    """The scale as the kernel reads it, and the bye's score."""

    thresholds: np.ndarray
    win: np.ndarray  # the side ahead's VPs in each outcome (central first)
    lose: np.ndarray  # the side behind's
    raw: bool  # score the margin itself
    bye_score: float


class _Rules(NamedTuple):
    """The event's format and pairing rule."""

    round_robin: bool
    first_seeded: bool  # Swiss round 1: top half against bottom half by true strength
    later_score: bool  # Swiss rounds 2, 3, ...: by score (else a random draw)
    lag: bool  # by score on the standings one round late
    max_steps: int


class _Drawn(NamedTuple):
    """The random inputs of a block of events (see :func:`_draw`)."""

    strength: np.ndarray  # (events, n)
    lot: np.ndarray  # (events, n): the last tie-break, lower first
    keys: np.ndarray  # (events, random rounds, m): a random draw lists places by key
    noise: np.ndarray  # (events, rounds, m / 2): one number per table


class _Out(NamedTuple):
    """The kernel's outputs, filled in place (``opponents`` has 0 rows unless kept)."""

    score: np.ndarray
    margin: np.ndarray
    rank: np.ndarray
    opponents: np.ndarray
    counts: np.ndarray
    repeats: np.ndarray


_COUNTED = 128  # fields up to this size are ordered by counting (see _order)

# The kernel's two fast paths, the guide table of _swing_index and the counting order of
# _order, each giving exactly its plain version's answer, are kept because
# benchmarks/bench_sim.py shows a report's user waiting for them: its output says "kept:"
# with the figures, timed against the plain version it names. (A third, a table of cells
# for a margin's outcome on the scale, saved 1-3 % of the compare_scales report's kernel
# time and was replaced by np.searchsorted.)


@njit(cache=True)
def _guide_table(cdf):
    """The guide table of :func:`_swing_index`: ``guide[g] = #{k : cdf[k] <= g / G}`` for
    ``G = 4 len(cdf)`` cells, four per support point, so that the search seldom moves (a
    move the processor cannot predict costs more than the table)."""
    n_guide = 4 * cdf.shape[0]
    return np.searchsorted(cdf, np.arange(n_guide) / n_guide, side="right")


@njit(cache=True, inline="always")
def _swing_index(cdf, guide, u):
    """The inverse-CDF draw of a table's swing: the first ``k`` with ``cdf[k] > u`` (``u`` in
    [0, 1), ``cdf[-1] = 1``), which is ``np.searchsorted(cdf, u, side="right")``.

    Fast path: the search starts at ``u``'s guide cell (:func:`_guide_table`), a place or so
    from the answer, and walks to it; with the plain binary search of ``np.searchsorted``
    the kernel takes 1.2-1.4x as long on a Swiss teams of 64, and the compare_scales
    report's Swiss teams about 1.5 s more (benchmarks/bench_sim.py).
    """
    top = cdf.shape[0] - 1
    k = guide[int(u * guide.shape[0])]
    while k < top and cdf[k] <= u:
        k += 1
    while k > 0 and cdf[k - 1] > u:  # (were u * G rounded up)
        k -= 1
    return k


@njit(cache=True)
def _order(hi, lo):
    """The indices ordered by ``hi``, then by ``lo``, both higher first (``lo`` has no ties,
    so the order is a strict total order).

    Fast path: up to 128 entries by counting, an entry's place being the number of entries
    ranked above it (n² comparisons without a branch); larger fields by the two stable sorts
    of numba's ``np.argsort``, the plain version, with which the kernel takes 2.0-2.3x as
    long on a Swiss teams of 64 and the compare_scales report's Swiss simulations about
    11 s more (benchmarks/bench_sim.py).
    """
    n = hi.shape[0]
    if n > _COUNTED:
        by_lo = np.argsort(-lo, kind="mergesort")
        return by_lo[np.argsort(-hi[by_lo], kind="mergesort")]
    order = np.empty(n, dtype=np.int64)
    for i in range(n):
        above = 0
        for j in range(n):
            above += (hi[j] > hi[i]) | (hi[j] == hi[i]) & (lo[j] > lo[i])
        order[above] = i
    return order


@njit(cache=True)
def _standings(vp, mg, lot_rank, one_key):
    """The entrants in standings order: by score (VPs), then by total margin, then by lot.

    Scores and margins are compared in millionths, so that float noise cannot split a tie
    (10.44 + 13.78 and 13.78 + 10.44 need not be the same float; both are 24.22 VPs).
    ``lot_rank`` is each entrant's place (0, 1, ...) in the draw of lots. With ``one_key``
    (every |margin| · n below 4·10⁹, so that the key is below 2⁵²) the margin and the lot
    make one exact key, margin in millionths · n − lot place; otherwise three stable sorts.
    """
    n = vp.shape[0]
    key1 = np.rint(vp * 1e6)
    if one_key:
        return _order(key1, np.rint(mg * 1e6) * n - lot_rank)
    key2 = np.rint(mg * 1e6)
    by_lot = np.argsort(lot_rank, kind="mergesort")
    by_margin = by_lot[np.argsort(-key2[by_lot], kind="mergesort")]
    return by_margin[np.argsort(-key1[by_margin], kind="mergesort")]


@njit(cache=True)
def _simulate_kernel(drawn, board, scoring, rules, out):
    """Play, score and rank the events of ``drawn`` into ``out`` (see the namedtuples)."""
    # unpacked once: an array read from a tuple in a loop costs a reference count each time
    strength, lot, keys, noise = drawn
    table, support, cdf, sd, edge_mult = board
    thresholds, win, lose, raw, bye_score = scoring
    round_robin, first_seeded, later_score, lag, max_steps = rules
    score_out, margin_out, rank_out, opp_out, counts_out, repeats_out = out
    n_events, n = strength.shape
    n_rounds = noise.shape[1]
    m = n + n % 2
    half = m // 2
    keep_opp = opp_out.shape[0] == n_events
    guide = _guide_table(cdf)  # a fast path: see _swing_index
    n_t = thresholds.shape[0]
    # the loser's scores then the winner's: a side's score is picked without a branch
    scores = np.concatenate((lose, win))
    widest = np.abs(support).max()  # the widest swing of a table
    n_out = n_t + 1
    vp = np.zeros(n)
    mg = np.zeros(n)
    vp_lag = np.zeros(n)
    mg_lag = np.zeros(n)
    met = np.zeros((m, m), dtype=np.bool_)
    by_index = -np.arange(m).astype(np.float64)  # a second key: the lower index first
    lot_rank = np.empty(n)
    listed = np.empty(m, dtype=np.int64)
    slots = np.empty(m, dtype=np.int64)
    pa = np.empty(half, dtype=np.int64)
    pb = np.empty(half, dtype=np.int64)
    # the pairing search's scratch
    paired = np.empty(m, dtype=np.bool_)
    pos_a = np.empty(half, dtype=np.int64)
    pos_b = np.empty(half, dtype=np.int64)
    for e in range(n_events):
        s = strength[e]
        lot_rank[_order(-lot[e], by_index[:n])] = np.arange(n)  # the lower lot first
        # no total margin can pass n_rounds times the largest match margin
        biggest = widest if table else sd * np.abs(noise[e]).max()
        biggest += edge_mult * (s.max() - s.min())
        one_key = n_rounds * biggest * n < 4e9
        vp[:] = 0.0
        mg[:] = 0.0
        vp_lag[:] = 0.0
        mg_lag[:] = 0.0
        met[:, :] = False
        repeats = 0
        for r in range(n_rounds):
            if round_robin:
                if r == 0:  # the places drawn at random, then the circle method
                    slots[:] = _order(-keys[e, 0], by_index)
                _circle_pairs(slots, r, pa, pb)
            elif r == 0 and first_seeded:
                seeds = _order(s, -lot_rank)
                h = n // 2
                pa[:h] = seeds[:h]
                pb[:h] = seeds[h : 2 * h]
                if n % 2:
                    pa[h] = seeds[n - 1]
                    pb[h] = n
            else:
                if r == 0 or not later_score:  # a random draw
                    listed[:] = _order(-keys[e, r if keys.shape[1] > 1 else 0], by_index)
                else:
                    if lag:
                        listed[:n] = _standings(vp_lag, mg_lag, lot_rank, one_key)
                    else:
                        listed[:n] = _standings(vp, mg, lot_rank, one_key)
                    if n % 2:
                        listed[n] = n
                repeats += _pair_ordered_into(listed, met, max_steps, pa, pb, paired, pos_a, pos_b)
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
                    swing = support[_swing_index(cdf, guide, noise[e, r, t])]
                else:
                    swing = sd * noise[e, r, t]
                margin = swing + edge_mult * (s[a] - s[b])
                if raw:
                    va = margin
                    vb = -margin
                else:
                    x = np.rint(abs(margin) * 1e9) / 1e9
                    j = np.searchsorted(thresholds, x, side="right")  # #{k : t_k <= x}
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
        rank = rank_out[e]
        rank[_standings(vp, mg, lot_rank, one_key)] = np.arange(1, n + 1)
        score_out[e] = vp
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
        Final scores (VPs, or the differential for a raw scale).
    margin : ndarray, shape (n_events, n_entrants)
        Total margins (IMPs or MP %): the first tie-break.
    rank : ndarray of int, shape (n_events, n_entrants)
        Final places, 1 = the winner (ties broken by margin, then the lot).
    outcome_counts : ndarray of int, shape (n_events, n_rounds, n_outcomes)
        Matches of each round ending in each outcome of the scale (central first; the
        bye not counted); zero columns for a raw scale.
    opponents : ndarray of int, shape (n_events, n_rounds, n_entrants) or None
        Each entrant's opponent by round (``-1``: the bye), with ``keep_pairings=True``.
    repeats : ndarray of int, shape (n_events,)
        Repeat meetings (or second byes) that could not be avoided (see
        :mod:`bridgestats.sim.pairing`).
    scale : VPScale
        How the margins were scored.
    fingerprint : str or None
        Equal for two runs of the same events (the same kernel inputs, events and integer
        seed), so that a caller may reuse one run's measures for the other; None when
        ``rng`` was not an integer.
    """

    strength: np.ndarray
    score: np.ndarray
    margin: np.ndarray
    rank: np.ndarray
    outcome_counts: np.ndarray
    opponents: np.ndarray | None
    repeats: np.ndarray
    scale: VPScale
    fingerprint: str | None = None

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
    scale="wbf",
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
        Per-board standard deviation (IMPs, or % for pairs); by default Probst's K of
        the form in :data:`bridgestats.sigma.FORMS` (teams 6.5 IMPs, Swiss pairs 32.95 %);
        not used with ``"swings"``.
    scale : VPScale or str, optional
        How a margin scores (:func:`as_scale`): the WBF continuous scale by default. A
        scale whose unit is known must match the board model's (IMPs for ``"swings"``
        and ``"gaussian"``, MP % for ``"pairs"``).
    strength : array_like, optional
        True strengths, one per entrant (per-board edge units), the same in every event.
    strength_sd : float, optional
        Otherwise strengths are drawn afresh for each event, normal with this sd
        (0: equal sides).
    n_events : int, optional
        Events to simulate (>= 1).
    bye_score : float, optional
        The score of a bye (by default the scale's draw,
        :attr:`bridgestats.vp.VPScale.draw`).
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
    them, so the same ``rng`` gives the same events whatever the scale: scales compared
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
        n_entrants,
        n_rounds=n_rounds,
        n_boards=n_boards,
        event_format=event_format,
        pairing=pairing,
        board=board,
        k=k,
        scale=scale,
        strength=strength,
        strength_sd=strength_sd,
        bye_score=bye_score,
        max_steps=max_steps,
    )
    e_total = check_int(n_events, "n_events", minimum=1)
    keep = check_flag(keep_pairings, "keep_pairings")
    gen = np.random.default_rng(rng)
    n, rounds = plan.n_entrants, plan.n_rounds
    chunk = max(1, min(e_total, 2**21 // (rounds * (n + 1))))
    strength = np.empty((e_total, n))
    out = _Out(
        score=np.empty((e_total, n)),
        margin=np.empty((e_total, n)),
        rank=np.empty((e_total, n), dtype=np.int64),
        opponents=np.zeros((e_total if keep else 0, rounds, n), dtype=np.int64),
        counts=np.zeros((e_total, rounds, plan.n_outcomes), dtype=np.int64),
        repeats=np.empty(e_total, dtype=np.int64),
    )
    side = _side_stream(gen) if plan.random_rounds > 1 else None
    for start in range(0, e_total, chunk):
        rows = slice(start, min(start + chunk, e_total))
        drawn = _draw(plan, gen, rows.stop - start, side)
        strength[rows] = drawn.strength
        block = _Out(*(o[rows] if o.shape[0] else o for o in out))
        _simulate_kernel(drawn, plan.board, plan.scoring, plan.rules, block)
    return EventResults(
        strength=strength,
        score=out.score,
        margin=out.margin,
        rank=out.rank,
        outcome_counts=out.counts,
        opponents=out.opponents if keep else None,
        repeats=out.repeats,
        scale=plan.scale,
        fingerprint=_fingerprint(plan, e_total, rng),
    )


def simulation_fingerprint(
    n_entrants,
    *,
    n_rounds=None,
    n_boards=8,
    event_format="swiss",
    pairing="score",
    board="swings",
    k=None,
    scale="wbf",
    strength=None,
    strength_sd=0.0,
    n_events=1,
    bye_score=None,
    max_steps=MAX_STEPS,
    rng=None,
):
    """The :attr:`EventResults.fingerprint` that :func:`simulate_events` with these
    arguments gives, without simulating: a caller holding a run with this fingerprint
    holds these events.

    Parameters
    ----------
    n_entrants, n_rounds, n_boards, event_format, pairing, board, k, scale, strength, \
strength_sd, n_events, bye_score, max_steps, rng
        As :func:`simulate_events`.

    Returns
    -------
    str or None
        A hex digest of the kernel's inputs, the number of events and the seed; None when
        ``rng`` is not an integer (a generator's state moves as it is used).

    Examples
    --------
    >>> res = simulate_events(8, n_rounds=3, n_events=5, rng=1)
    >>> simulation_fingerprint(8, n_rounds=3, n_events=5, rng=1) == res.fingerprint
    True
    >>> simulation_fingerprint(8, n_rounds=3, n_events=5, rng=2) == res.fingerprint
    False
    """
    plan = _plan(
        n_entrants,
        n_rounds=n_rounds,
        n_boards=n_boards,
        event_format=event_format,
        pairing=pairing,
        board=board,
        k=k,
        scale=scale,
        strength=strength,
        strength_sd=strength_sd,
        bye_score=bye_score,
        max_steps=max_steps,
    )
    return _fingerprint(plan, check_int(n_events, "n_events", minimum=1), rng)


def _fingerprint(plan, n_events: int, rng) -> str | None:
    """The digest of everything that makes a run's events (the kernel's inputs, the number
    of events, the integer seed); None for a seed that is not an integer."""
    if isinstance(rng, bool) or not isinstance(rng, (int, np.integer)):
        return None
    p = plan
    inputs = (p.n_entrants, p.n_rounds, p.strength, p.strength_sd, p.random_rounds)
    inputs += (tuple(p.board), tuple(p.scoring), tuple(p.rules), n_events, int(rng))
    return hashlib.sha256(pickle.dumps(inputs)).hexdigest()


@dataclass(frozen=True)
class _Plan:
    """A validated event: its sizes, its scale and the kernel's fixed arguments.

    ``board``, ``scoring`` and ``rules`` are the kernel's arguments after the random ones;
    their fields are the keyword arguments of the tests' plain-Python reference.
    """

    n_entrants: int
    n_rounds: int
    strength: np.ndarray | None
    strength_sd: float
    random_rounds: int
    scale: VPScale
    board: _Board
    scoring: _Scoring
    rules: _Rules

    @property
    def n_outcomes(self) -> int:
        return 1 if self.scale.raw else len(self.scale.thresholds) + 1


def _plan(
    n_entrants,
    *,
    n_rounds,
    n_boards,
    event_format,
    pairing,
    board,
    k,
    scale,
    strength,
    strength_sd,
    bye_score,
    max_steps,
) -> _Plan:
    n = check_int(n_entrants, "n_entrants", minimum=2, maximum=1000)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    check_choice(event_format, "event_format", EVENT_FORMATS)
    check_choice(pairing, "pairing", tuple(PAIRINGS))
    check_choice(board, "board", _BOARDS)
    m = n + n % 2
    if event_format == "round_robin":
        rounds = (
            m - 1 if n_rounds is None else check_int(n_rounds, "n_rounds", minimum=1, maximum=m - 1)
        )
    else:
        if n_rounds is None:
            raise fail("n_rounds", "an integer in 1-100 for a Swiss", n_rounds)
        rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=100)
    model, unit = _match_draw(board, k, nb)
    sc = as_scale(scale, n_boards=nb)
    if sc.unit in ("IMPs", "MP %") and sc.unit != unit:
        raise fail("scale", f"a scale for {unit} margins with board={board!r}", sc.name)
    fixed, sd = _check_strength(strength, strength_sd, n)
    bye = sc.draw if bye_score is None else check_number(bye_score, "bye_score")
    steps = check_int(max_steps, "max_steps", minimum=1)
    first, later, lag = PAIRINGS[pairing]
    swiss = event_format == "swiss"
    scoring = _Scoring(
        thresholds=np.asarray(sc.thresholds, dtype=float),
        win=np.asarray(sc.vp_winner, dtype=float),
        lose=np.asarray(sc.vp_loser, dtype=float),
        raw=bool(sc.raw),
        bye_score=float(bye),
    )
    rules = _Rules(
        round_robin=not swiss,
        first_seeded=swiss and first == "seeded",
        later_score=swiss and later == "score",
        lag=swiss and lag,
        max_steps=steps,
    )
    random_rounds = rounds if (swiss and later == "random") else 1
    return _Plan(n, rounds, fixed, sd, random_rounds, sc, model, scoring, rules)


def _side_stream(gen):
    """The stream of a random draw's keys after round 1: ``gen``'s bit generator jumped
    far ahead (``jumped()``, taken without drawing from ``gen``), or a spawned child where
    the bit generator cannot jump."""
    bits = gen.bit_generator
    return np.random.Generator(bits.jumped()) if hasattr(bits, "jumped") else gen.spawn(1)[0]


def _draw(plan: _Plan, gen, n_events: int, side=None) -> _Drawn:
    """The random inputs of ``n_events`` events: strengths, lots, random-draw keys (one per
    place per random round) and one number per table per round.

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
    noise = gen.random(shape) if plan.board.table else gen.standard_normal(shape)
    if plan.random_rounds > 1:
        keys = np.concatenate([keys, side.random((n_events, plan.random_rounds - 1, m))], axis=1)
    return _Drawn(s, lot, keys, noise)
