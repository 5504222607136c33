"""The event simulator: pairing invariants."""

from __future__ import annotations

import numpy as np
import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.sim.pairing import pair_in_order, round_robin_schedule

# --- pairing --------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 14))
def test_round_robin_meets_everyone_once(n):
    sched = round_robin_schedule(n)
    assert sched.shape == (n - 1 + n % 2, n)
    for i in range(n):
        opponents = [o for o in sched[:, i] if o >= 0]
        assert sorted(opponents) == [j for j in range(n) if j != i]
        assert (sched[:, i] == -1).sum() == n % 2  # one bye each in an odd field
    for r in range(sched.shape[0]):
        row = sched[r]
        assert all(row[o] == i for i, o in enumerate(row) if o >= 0)
        assert (row == -1).sum() == n % 2


def test_pair_in_order_backtracks_when_top_down_fails():
    met = np.zeros((4, 4), dtype=bool)
    met[2, 3] = met[3, 2] = True  # 1 v 2 then leaves 3 v 4, who have met
    pairs, repeats = pair_in_order([0, 1, 2, 3], met=met)
    assert pairs.tolist() == [[0, 2], [1, 3]] and repeats == 0


def test_pair_in_order_allows_repeats_only_when_unavoidable():
    met = ~np.eye(4, dtype=bool)
    pairs, repeats = pair_in_order([3, 2, 1, 0], met=met)
    assert pairs.tolist() == [[3, 2], [1, 0]] and repeats == 2


def test_pair_in_order_gives_the_bye_to_the_lowest_without_one():
    met = np.zeros((6, 6), dtype=bool)
    met[4, 5] = met[5, 4] = True  # entrant 4 has had the bye (5 is the phantom)
    pairs, repeats = pair_in_order([0, 1, 2, 3, 4], met=met)
    assert repeats == 0 and [3, -1] in pairs.tolist() and [2, 4] in pairs.tolist()


def test_pair_in_order_pairs_a_thousand_quickly():
    import time

    rng = np.random.default_rng(5)
    n = 1000
    met = np.zeros((n, n), dtype=bool)
    order = rng.permutation(n)
    pair_in_order(order, met=met)  # compile
    for _ in range(10):  # ten rounds of history
        pairs, _ = pair_in_order(rng.permutation(n), met=met)
        met[pairs[:, 0], pairs[:, 1]] = met[pairs[:, 1], pairs[:, 0]] = True
    start = time.perf_counter()
    pairs, repeats = pair_in_order(order, met=met)
    assert time.perf_counter() - start < 0.05 and repeats == 0
    assert sorted(pairs.ravel().tolist()) == list(range(n))


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"order": [0, 0, 1]}, "order"),
        ({"order": [0]}, "order"),
        ({"order": [0, 1], "met": np.zeros((3, 3), dtype=bool)}, "met"),
        ({"order": [0, 1], "met": np.zeros((2, 2))}, "met"),
        ({"order": [0, 1], "max_steps": 0}, "max_steps"),
    ],
)
def test_pair_in_order_rejects_bad_arguments(kwargs, name):
    order = kwargs.pop("order")
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        pair_in_order(order, **kwargs)


def test_round_robin_schedule_rejects_one_entrant():
    with pytest.raises(BridgestatsError, match=r"^n_entrants: "):
        round_robin_schedule(1)
