"""The first call of each family of compiled kernels, in a fresh process: compiled, then
loaded from numba's disk cache (:mod:`bridgestats._jit`).

Each family is one small call of its public entry point (the events simulator, the event
measures, the club simulator, the PPI engine, Elo, the Gaussian model of the real-players
study), timed in a fresh ``python`` process twice over one empty cache folder
(``NUMBA_CACHE_DIR``, set for these child processes only): the first process compiles
every kernel and writes the cache, the second loads it. The difference is what caching
saves every process (each notebook's kernel, each Dask worker, each test worker) after
the first. Goal: the cached first calls together under 1 s, and at least 5x less than
compiling.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import json, time
import numpy as np
t = time.perf_counter()
from bridgestats import _jit
from bridgestats.ratings import elo, ppi
from bridgestats.sim import club, events, measures
from bridgestats.ratings import gaussian
from bridgestats.studies import ratings_real_sim
out = {"import": time.perf_counter() - t}
made = {}
calls = {  # in this order: each call's inputs come from calls already timed
    "sim.club": lambda: made.setdefault("log", club.board_log(
        club.simulate(np.full(30, 50.0), 300, n_months=2, record=True, rng=3))),
    "ratings.ppi": lambda: ppi.rate_log(made["log"]),
    "ratings.elo": lambda: elo.elo_forecast(made["log"]),
    "ratings.gaussian": lambda: gaussian.gaussian_forecast(
        ratings_real_sim.simulated_sessions(n_players=40, n_months=2, rng=1)),
    "sim.events": lambda: made.setdefault(
        "events", events.simulate_events(8, n_rounds=2, n_events=4, rng=0)),
    "sim.measures": lambda: measures.summarise_events(made["events"]),
}
for name, call in calls.items():
    t = time.perf_counter()
    call()
    out[name] = time.perf_counter() - t
out["uncached"] = _jit.UNCACHED
print(json.dumps(out))
"""


def _child(cache_dir: str) -> dict:
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": cache_dir,
        "PYTHONPATH": os.pathsep.join(
            [str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]
        ),
    }
    done = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the timed child process failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(quick: bool = False) -> None:
    """Print each family's first call, compiled and cached (``quick``: the same; one pair
    of processes is already the smallest run)."""
    with tempfile.TemporaryDirectory(prefix="bridgestats-numba-") as cache_dir:
        cold = _child(cache_dir)
        warm = _child(cache_dir)
    print("   first call in a fresh process: compiled -> loaded from the disk cache")
    families = [k for k in cold if k not in ("import", "uncached")]
    for name in families:
        print(f"   {name:22s} {cold[name]:6.2f} s -> {warm[name]:5.2f} s")
    total_cold = sum(cold[k] for k in families)
    total_warm = sum(warm[k] for k in families)
    print(
        f"   all first calls: {total_cold:.2f} s compiled, {total_warm:.2f} s cached "
        f"({total_cold / total_warm:.0f}x; goal: cached < 1 s and >= 5x); "
        f"imports {cold['import']:.2f} s / {warm['import']:.2f} s"
    )
    if warm["uncached"]:
        print(f"   kernels without a disk cache: {', '.join(warm['uncached'])}")
