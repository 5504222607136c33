"""The benchmarks' one timing helper: best wall-clock time of a few repeats.

Run the benchmarks as modules (``python -m benchmarks`` or ``python -m
benchmarks.bench_scoring``) so that ``benchmarks`` is importable.
"""

from __future__ import annotations

import time

__all__ = ["best_time", "best_time_result"]


def best_time_result(fn, repeat: int = 3):
    """Call ``fn()`` ``repeat`` times; return the shortest time (s) and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def best_time(fn, repeat: int = 3) -> float:
    """The shortest of ``repeat`` wall-clock times of ``fn()``, in seconds."""
    return best_time_result(fn, repeat)[0]
