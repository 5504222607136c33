"""Rating the real session log: board updates per second for each system, against plain Python.

Every system of :data:`bridgestats.ratings.SYSTEMS` rates the shipped log of real
sessions (``data/derived/rating_sessions.csv``: 22,130 sessions, 373,087 boards), end to
end through its public function (checks and bookkeeping included): the PPI
(:func:`~bridgestats.ratings.ppi.rate_log`, numba kernel), Elo
(:func:`~bridgestats.ratings.elo.elo_forecast`, numba kernel), Glicko-2
(:func:`~bridgestats.ratings.glicko2.glicko2_forecast`, vectorised by rating period) and
the Gaussian model (:func:`~bridgestats.ratings.gaussian.gaussian_forecast`, numba
kernel, one update per session covering its boards). The baseline, in the same run, is a
plain-Python loop of Elo's board update over the same boards: the cheapest rating in pure
Python; Elo's compiled kernel alone is timed too, which shows what the public functions'
checks and frames cost. Goal: the whole log rates in seconds.

Then three fast paths of the ``ratings_real`` report (issue 33), each against its plain
version in the same run, as CPU time: the rating periods of the checked session log
numbered from the codes of date, event and round (the whole check, against factorizing
the rows' tuples alone); the seats coded by one ``pd.factorize``
(:func:`~bridgestats.ratings.sessionlog.player_index`, also in the board log's check)
against ``pd.unique`` and four ``get_indexer``; the LPR's tables at the report's four K
from one preparation (``studies.ratings_real_claims._LprLog``: the player-events numbered
on the sessions, shared across K) against :func:`lpr_periods` called once per K.

Then the committee's decision on the PPI
(:func:`~bridgestats.studies.ppi_decision.ppi_decision`: the PPI over the whole log at six
factors on m, scored from 2010 with 2,000 event resamples), wall and CPU time: it runs
inside a report, so the goal is under 20 s.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from benchmarks._timing import best_cpu, best_time, best_time_result, load_oracles
from bridgestats import datasets
from bridgestats.ratings import elo as elo_module
from bridgestats.ratings import sessionlog
from bridgestats.ratings._boardlog import check_board_log
from bridgestats.ratings.elo import elo_forecast
from bridgestats.ratings.gaussian import gaussian_forecast
from bridgestats.ratings.glicko2 import glicko2_forecast
from bridgestats.ratings.ppi import rate_log
from bridgestats.studies.ppi_decision import ppi_decision
from bridgestats.studies.ratings_real_claims import _LprLog


def _plain_python_elo(boards, k_factor=2.0, scale=400.0):
    """Elo board by board in plain Python: the baseline (same formula as the kernel)."""
    seats = boards[["north", "south", "east", "west"]].to_numpy().tolist()
    score = (boards["pct_ns"] / 100.0).tolist()
    ratings: dict = {}
    start = time.perf_counter()
    for (n, s, e, w), sc in zip(seats, score, strict=True):
        rn, rs = ratings.get(n, 1500.0), ratings.get(s, 1500.0)
        re, rw = ratings.get(e, 1500.0), ratings.get(w, 1500.0)
        expected = 1.0 / (1.0 + 10.0 ** (-((rn + rs - re - rw) / 2.0) / scale))
        step = k_factor * (sc - expected)
        ratings[n], ratings[s] = rn + step, rs + step
        ratings[e], ratings[w] = re - step, rw - step
    return time.perf_counter() - start


_ORACLES = load_oracles()


def _plain_player_index(frame):
    """The seats' ids and indices as ``player_index`` made them before one factorize."""
    ids = pd.unique(frame[list(sessionlog.SEATS)].to_numpy().ravel())
    return ids, np.column_stack(
        [pd.Index(ids).get_indexer(frame[s].to_numpy()) for s in sessionlog.SEATS]
    )


def _plain_periods(sessions):
    """The rating periods as ``check_session_log`` numbered them before: the rows'
    (date, event, round) tuples factorized."""
    dates = pd.to_datetime(sessions["date"])
    event = sessions["event"].astype(str)
    return pd.factorize(pd.Series(list(zip(dates, event, sessions["round"], strict=True))))[0]


def _fast_paths(sessions, boards, repeats):
    """The report's fast paths against their plain versions, CPU time, interleaved."""
    ks = [1.0, 2.0, 4.0, 8.0]
    pairs = {
        "rating periods (check_session_log)": (
            lambda: _plain_periods(sessions),
            lambda: sessionlog.check_session_log(sessions),
        ),
        "seat codes (player_index, boards)": (
            lambda: _plain_player_index(boards),
            lambda: sessionlog.player_index(boards),
        ),
        "LPR tables at K 2 and 1, 2, 4, 8": (
            lambda: [_ORACLES.plain_lpr_periods(sessions, k) for k in [2.0, *ks]],
            lambda: _LprLog(sessions).rates([2.0, *ks]),
        ),
    }
    for name, (plain, fast) in pairs.items():
        before, after = float("inf"), float("inf")
        for _ in range(repeats):
            before, after = min(before, best_cpu(plain, 1)), min(after, best_cpu(fast, 1))
        print(f"{name:34s} {before:6.2f} s CPU plain, {after:6.2f} s fast: {before / after:5.1f} x")


def run(quick: bool = False) -> None:
    sessions = datasets.load("derived/rating_sessions")
    if quick:
        sessions = sessions.iloc[:3000]
    frame = sessionlog.check_session_log(sessions)
    boards = sessionlog.board_rows(frame)
    n = len(boards)
    print(f"{len(sessions)} sessions, {n} boards")
    # compile the kernels first (numba), so that the times are the runs'
    small = boards.iloc[:200]
    rate_log(small), elo_forecast(small), gaussian_forecast(frame.iloc[:20])
    repeats = 1 if quick else 2
    python = _plain_python_elo(boards)
    print(f"plain-Python Elo loop: {n / python:12,.0f} boards/s ({python:.2f} s)")
    systems = {
        "ppi (rate_log)": lambda: rate_log(boards),
        "elo (elo_forecast)": lambda: elo_forecast(boards),
        "glicko2 (glicko2_forecast)": lambda: glicko2_forecast(boards),
        "gaussian (gaussian_forecast)": lambda: gaussian_forecast(frame),
    }
    _, ids, index, _ = check_board_log(boards)
    score = boards["pct_ns"].to_numpy() / 100.0
    systems["elo kernel alone (_elo_kernel)"] = lambda: elo_module._elo_kernel(
        index, score, np.full(ids.size, 1500.0), 2.0, 400.0
    )
    for name, fn in systems.items():
        seconds = best_time(fn, repeats)
        print(
            f"{name:32s} {n / seconds:12,.0f} boards/s ({seconds:.2f} s), "
            f"{python / seconds:6.1f} x the plain-Python Elo loop"
        )
    _fast_paths(sessions, boards, repeats)
    until = str(frame["date"].iloc[len(frame) // 2].date()) if quick else "2010-01-01"
    cpu = time.process_time()
    seconds, (table, _) = best_time_result(lambda: ppi_decision(sessions, until=until, rng=1), 1)
    print(
        f"ppi_decision ({len(table)} factors, from {until}): {seconds:.2f} s wall, "
        f"{time.process_time() - cpu:.2f} s CPU"
    )


if __name__ == "__main__":
    run()
