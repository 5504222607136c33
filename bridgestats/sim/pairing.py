"""Pairing the rounds of an event: the round robin's circle method and the Swiss draw.

The compiled kernels here are what :func:`bridgestats.sim.events.simulate_events` calls
once per round; :func:`round_robin_schedule` and :func:`pair_in_order` are their Python
faces, for a reader (or a test) to see one round's pairings.

An odd field gets a *phantom* entrant, index ``n``: whoever meets it has the bye. The
phantom counts as "met" by everyone who has had a bye, so the rule "no repeat meetings
while any are avoidable" also gives "no second bye while avoidable", and a single search
handles both.

The Swiss draw is **top-down pairing with backtracking** over an ordered list (the
standings, or a random order for a random draw): the highest unpaired entrant meets the
nearest one below it that it has not met; when the entrants left cannot all be paired
that way, the last choice is undone and the next candidate tried. It is what a scorer
does by hand (the EBU's and most clubs' Swiss rule: the leader plays the next-placed
side it has not met), so the pairings are the ones an event would make, and it is a
depth-first search for the lexicographically first perfect matching of the "not yet
met" graph in standing order. In a Swiss of a few rounds in a large field the first
descent almost always succeeds (a 64-entrant field after 7 rounds leaves everyone ≥ 56
possible opponents), so the cost is O(n) per round in practice; a maximum-weight
matching (Edmonds' blossom algorithm, O(n³)) would also minimise the total standings
distance but pairs differently from the rule events use, and networkx, which provides
it, is not a dependency. The search is capped at ``max_steps`` pairings tried; past the
cap (or when no repeat-free pairing exists, e.g. more rounds than opponents) repeats are
allowed and the list is paired top-down in order.
"""

from __future__ import annotations

import numpy as np

from bridgestats._jit import njit
from bridgestats._validate import check_int, check_whole, fail

__all__ = ["pair_in_order", "round_robin_schedule"]

#: Default cap on the pairings tried by one round's search (see the module docstring).
MAX_STEPS = 100_000


@njit(cache=True)
def _pair_ordered(order, met, max_steps, out_a, out_b):
    """Top-down pairing with backtracking of the entrants in ``order`` (positions).

    ``order`` is an even-length array of entrant indices, best first; ``met[i, j]`` is
    True when i and j may not meet again. Writes the pairs (entrant indices, the higher
    placed first) into ``out_a``/``out_b`` and returns the number of repeats it had to
    allow (0 unless the search failed or hit ``max_steps``).
    """
    m = order.shape[0]
    half = m // 2
    paired = np.empty(m, dtype=np.bool_)
    pos_a = np.empty(half, dtype=np.int64)
    pos_b = np.empty(half, dtype=np.int64)
    return _pair_ordered_into(order, met, max_steps, out_a, out_b, paired, pos_a, pos_b)


@njit(cache=True)
def _pair_ordered_into(order, met, max_steps, out_a, out_b, paired, pos_a, pos_b):
    """:func:`_pair_ordered` with its scratch arrays given (``paired``: m, ``pos_a``,
    ``pos_b``: m // 2), so that a simulation's loop allocates nothing."""
    m = order.shape[0]
    half = m // 2
    paired[:m] = False
    depth = 0
    a = 0
    start = 1
    steps = 0
    ok = True
    while depth < half:
        b = start
        while b < m and (paired[b] or met[order[a], order[b]]):
            b += 1
        if b < m:
            pos_a[depth] = a
            pos_b[depth] = b
            paired[a] = True
            paired[b] = True
            depth += 1
            steps += 1
            if depth == half:
                break
            while paired[a]:
                a += 1
            start = a + 1
        else:
            if depth == 0 or steps >= max_steps:
                ok = False
                break
            depth -= 1
            a = pos_a[depth]
            paired[a] = False
            paired[pos_b[depth]] = False
            start = pos_b[depth] + 1
    repeats = 0
    if not ok:  # repeats unavoidable (or the search capped): pair neighbours in order
        for k in range(half):
            pos_a[k] = 2 * k
            pos_b[k] = 2 * k + 1
            if met[order[2 * k], order[2 * k + 1]]:
                repeats += 1
    for k in range(half):
        out_a[k] = order[pos_a[k]]
        out_b[k] = order[pos_b[k]]
    return repeats


@njit(cache=True)
def _circle_pairs(slots, r, out_a, out_b):
    """Round ``r`` (0-based) of the circle method on ``m`` slots holding ``slots``.

    Slot 0 stays, the others turn one place per round; slot i plays slot m - 1 - i.
    """
    m = slots.shape[0]
    for i in range(m // 2):
        j = m - 1 - i
        si = 0 if i == 0 else 1 + (i - 1 + r) % (m - 1)
        sj = 1 + (j - 1 + r) % (m - 1)
        out_a[i] = slots[si]
        out_b[i] = slots[sj]


def round_robin_schedule(n_entrants):
    """The all-play-all schedule of ``n_entrants`` by the circle method.

    Parameters
    ----------
    n_entrants : int
        Entrants (>= 2). An odd field gets a bye each round (opponent ``-1``).

    Returns
    -------
    ndarray of int, shape (n_rounds, n_entrants)
        ``schedule[r, i]`` is the opponent of entrant ``i`` in round ``r`` (``-1``: the
        bye); ``n_rounds`` is ``n_entrants - 1`` (even field) or ``n_entrants`` (odd).

    Notes
    -----
    The circle (Berger) method: place the ``m`` entrants (``m`` even, with a phantom for an
    odd field) on slots 0..m-1; in round r slot 0 stays and every other slot moves one
    place round the circle; slot i plays slot m - 1 - i. Every pair of slots meets exactly
    once in m - 1 rounds.

    Examples
    --------
    >>> round_robin_schedule(4)
    array([[3, 2, 1, 0],
           [1, 0, 3, 2],
           [2, 3, 0, 1]])
    >>> round_robin_schedule(3)[0]
    array([-1,  2,  1])
    """
    n = check_int(n_entrants, "n_entrants", minimum=2)
    m = n + n % 2
    slots = np.arange(m, dtype=np.int64)
    out = np.empty((m - 1, n), dtype=np.int64)
    a = np.empty(m // 2, dtype=np.int64)
    b = np.empty(m // 2, dtype=np.int64)
    for r in range(m - 1):
        _circle_pairs(slots, r, a, b)
        for x, y in zip(a, b, strict=True):
            if x < n:
                out[r, x] = y if y < n else -1
            if y < n:
                out[r, y] = x if x < n else -1
    return out


def pair_in_order(order, *, met=None, max_steps=MAX_STEPS):
    """One Swiss round: pair ``order`` top-down, avoiding repeat meetings while possible.

    Parameters
    ----------
    order : array_like of int
        The entrants 0..n-1, each once, best placed first (the standings, or a random
        order for a random draw). For an odd field the phantom entrant ``n`` (the bye) is
        added at the bottom.
    met : array_like of bool, shape (n + n % 2, n + n % 2), optional
        ``met[i, j]`` True when i and j have met (``met[i, n]``: i has had the bye). By
        default nobody has met.
    max_steps : int, optional
        Cap on the pairings the search tries (see the module docstring).

    Returns
    -------
    pairs : ndarray of int, shape (m // 2, 2)
        One row per table, the higher placed entrant first; ``-1`` for the bye.
    repeats : int
        Repeat meetings (or second byes) it had to allow: 0 unless none could be avoided
        or the search was capped.

    Examples
    --------
    The leader has met the second, so plays the third; the second plays the fourth:

    >>> met = np.zeros((4, 4), dtype=bool)
    >>> met[0, 1] = met[1, 0] = True
    >>> pairs, repeats = pair_in_order([0, 1, 2, 3], met=met)
    >>> pairs.tolist(), repeats
    ([[0, 2], [1, 3]], 0)
    """
    o = check_whole(order, "order", minimum=0).ravel()
    n_real = int(o.size)
    if n_real < 2 or not np.array_equal(np.sort(o), np.arange(n_real)):
        raise fail("order", "each of the entrants 0..n-1 once (n >= 2)", order)
    m = n_real + n_real % 2
    if m > n_real:
        o = np.append(o, n_real)  # the phantom: its opponent has the bye
    if met is None:
        met_arr = np.zeros((m, m), dtype=bool)
    else:
        met_arr = np.asarray(met)
        if met_arr.dtype != bool or met_arr.shape != (m, m):
            raise fail("met", f"a boolean array of shape ({m}, {m})", met)
    steps = check_int(max_steps, "max_steps", minimum=1)
    a = np.empty(m // 2, dtype=np.int64)
    b = np.empty(m // 2, dtype=np.int64)
    repeats = _pair_ordered(o.astype(np.int64), met_arr, steps, a, b)
    pairs = np.stack([a, b], axis=1)
    pairs[pairs >= n_real] = -1
    return pairs, int(repeats)
