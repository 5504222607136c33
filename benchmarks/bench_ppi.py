"""PPI simulator throughput: player-board updates per second, compiled against plain Python.

Three runs in one process:

- the simulator of club play (``bridgestats.sim.club``) with its compiled kernel
  ``_simulate_month`` (numba), which takes one ``ClubState``: schedule, board model,
  updates, k and w bookkeeping, month by month draws;
- the same driver with the plain-Python kernel ``reference_month`` (the tests' oracle,
  ``tests/_oracles.py``);
- a bare plain-Python loop of the formula alone (``reference_update`` with k and w
  counters) over the table-boards of a recorded run: the cheapest Python baseline.

Goal: at least 5e7 updates per second on one core for the compiled simulator.

Then the half-life study's runs (``studies.ppi.shock_response``: a baseline and one run per
shocked player, all from one seed), CPU time: each run drawing its months' numbers and
making its boards' percentages, against the runs sharing them (``simulate(..., draws=[])``:
drawn and made once by the baseline; issue 33).
"""

from __future__ import annotations

import time

import numpy as np

from benchmarks._timing import best_time_result, load_oracles
from bridgestats.sim import club

_ORACLES = load_oracles()
reference_month, reference_update = _ORACLES.reference_month, _ORACLES.reference_update


def _population(n_players, rng):
    return 50 + club.STRENGTH_SD * np.random.default_rng(rng).standard_normal(n_players)


def _rate(kernel, strength, n_months, repeats):
    best, sim = best_time_result(
        lambda: club._simulate(
            strength,
            416.0,
            n_months=n_months,
            sessions_per_month=30,
            n_boards=12,
            boards_per_round=2,
            partnership="pickup",
            board_sd=club.EVEN_TABLE_SD,
            initial_ppi=strength,
            initial_k=10_000,
            history=416.0,
            shocked=None,
            shock_month=0,
            shock_pct=25.0,
            track=None,
            rng=1,
            kernel=kernel,
        ),
        repeats,
    )
    return sim.n_updates / best, sim.n_updates, best


def _bare_python_loop(log, n_players):
    """Plain-Python updates of a recorded table-board sequence: formula plus k and w only."""
    seats = log[["north", "south", "east", "west"]].to_numpy().tolist()
    pct = log["pct_ns"].tolist()
    month = log["month"].tolist()
    ppi_now = [50.0] * n_players
    k = [10_000] * n_players
    w = [416.0] * n_players
    start = time.perf_counter()
    for (pn, ps, pe, pw), p, _m in zip(seats, pct, month, strict=True):
        an, as_, ae, aw = ppi_now[pn], ppi_now[ps], ppi_now[pe], ppi_now[pw]
        ppi_now[pn] = reference_update(an, p, as_, ae, aw, k[pn], w[pn])
        ppi_now[ps] = reference_update(as_, p, an, ae, aw, k[ps], w[ps])
        ppi_now[pe] = reference_update(ae, 100 - p, aw, an, as_, k[pe], w[pe])
        ppi_now[pw] = reference_update(aw, 100 - p, ae, an, as_, k[pw], w[pw])
        k[pn] += 1
        k[ps] += 1
        k[pe] += 1
        k[pw] += 1
    seconds = time.perf_counter() - start
    return 4 * len(seats) / seconds, 4 * len(seats), seconds


def _shared_draws(n_shocked, repeats):
    """A baseline and ``n_shocked`` shocked runs from one seed (the half-life study at the
    page's activity, fixed partners, 300 players, 11 months), each drawing its numbers
    against all sharing the baseline's: CPU seconds of each, interleaved."""
    strength = _population(300, 3)
    opts = dict(
        n_months=11, partnership="fixed", initial_ppi=strength, initial_k=10_000, history=416.0
    )

    def runs(draws):
        for player in [None, *range(0, 2 * n_shocked, 2)]:
            shocked, track = ([player], [player]) if player is not None else (None, None)
            club.simulate(strength, 416.0, rng=9, shocked=shocked, track=track, draws=draws, **opts)

    plain, shared = float("inf"), float("inf")
    for _ in range(repeats):
        start = time.process_time()
        runs(None)
        plain = min(plain, time.process_time() - start)
        start = time.process_time()
        runs([])
        shared = min(shared, time.process_time() - start)
    print(
        f"   half-life runs  : {plain:5.2f} s CPU drawing each run, {shared:5.2f} s sharing "
        f"the draws ({n_shocked + 1} runs): {plain / shared:4.2f} x"
    )
    return plain / shared


def run(quick: bool = False) -> dict:
    """Print and return the throughputs (updates per second) and their ratio."""
    n_fast, months_fast = (1000, 6) if quick else (5000, 24)
    n_slow, months_slow = (100, 1) if quick else (300, 2)
    club.simulate(_population(40, 0), 300, n_months=1, rng=0)  # compile outside the timing
    fast, fast_n, fast_s = _rate(club._simulate_month, _population(n_fast, 0), months_fast, 3)
    slow, slow_n, slow_s = _rate(reference_month, _population(n_slow, 0), months_slow, 1)
    print(
        f"   numba simulator : {fast / 1e6:7.1f} M player-board updates/s "
        f"({fast_n:,} updates, {n_fast} players x {months_fast} months, {fast_s:.2f} s)"
    )
    print(
        f"   plain Python    : {slow / 1e6:7.2f} M player-board updates/s "
        f"({slow_n:,} updates, {n_slow} players x {months_slow} months, {slow_s:.2f} s)"
    )
    recorded = club.simulate(
        _population(n_slow * 4, 1), 416.0, n_months=months_slow, record=True, rng=2
    )
    bare, bare_n, bare_s = _bare_python_loop(recorded.log, n_slow * 4)
    print(
        f"   bare Python loop: {bare / 1e6:7.2f} M player-board updates/s "
        f"({bare_n:,} updates, formula and k only, {bare_s:.2f} s)"
    )
    print(
        f"   ratios          : {fast / slow:7.0f} x the Python simulator, "
        f"{fast / bare:5.0f} x the bare loop  (goal >= 5e7/s: "
        f"{'met' if fast >= 5e7 else 'NOT met'})"
    )
    shared = _shared_draws(8 if quick else 40, 1 if quick else 2)
    return {"numba": fast, "python": slow, "bare": bare, "ratio": fast / slow, "draws": shared}


if __name__ == "__main__":
    run()
