"""PPI simulator throughput: player-board updates per second, compiled against plain Python.

Both runs use the same driver (random draws month by month, k and w bookkeeping, shocks and
traces) and differ only in the per-month kernel: ``_simulate_month`` (numba) or
``_reference_month`` (plain Python, the tests' oracle). Goal: at least 5e7 updates per
second on one core for the compiled simulator.
"""

from __future__ import annotations

import time

import numpy as np

from bridgestats import ppi


def _population(n_players, rng):
    return 50 + ppi.STRENGTH_SD * np.random.default_rng(rng).standard_normal(n_players)


def _rate(kernel, strength, n_months, repeats):
    best, updates = float("inf"), 0
    for _ in range(repeats):
        start = time.perf_counter()
        sim = ppi._simulate(
            strength, 416.0, n_months=n_months, sessions_per_month=30, n_boards=12,
            boards_per_round=2, partnership="pickup", board_sd=ppi.EVEN_TABLE_SD,
            initial_ppi=strength, initial_k=10_000, history=416.0, shocked=None,
            shock_month=0, shock_pct=25.0, track=None, rng=1, kernel=kernel,
        )  # fmt: skip
        best = min(best, time.perf_counter() - start)
        updates = sim.n_updates
    return updates / best, updates, best


def run(quick: bool = False) -> dict:
    """Print and return the throughputs (updates per second) and their ratio."""
    n_fast, months_fast = (1000, 6) if quick else (5000, 24)
    n_slow, months_slow = (100, 1) if quick else (300, 2)
    ppi.simulate(_population(40, 0), 300, n_months=1, rng=0)  # compile outside the timing
    fast, fast_n, fast_s = _rate(ppi._simulate_month, _population(n_fast, 0), months_fast, 3)
    slow, slow_n, slow_s = _rate(ppi._reference_month, _population(n_slow, 0), months_slow, 1)
    print(
        f"   numba simulator : {fast / 1e6:7.1f} M player-board updates/s "
        f"({fast_n:,} updates, {n_fast} players x {months_fast} months, {fast_s:.2f} s)"
    )
    print(
        f"   plain Python    : {slow / 1e6:7.2f} M player-board updates/s "
        f"({slow_n:,} updates, {n_slow} players x {months_slow} months, {slow_s:.2f} s)"
    )
    print(f"   ratio           : {fast / slow:7.0f} x   (goal >= 5e7/s: "
          f"{'met' if fast >= 5e7 else 'NOT met'})")  # fmt: skip
    return {"numba": fast, "python": slow, "ratio": fast / slow}


if __name__ == "__main__":
    run()
