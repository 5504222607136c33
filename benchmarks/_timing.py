"""The benchmarks' timing helpers: the best wall-clock or CPU time of a few repeats, and
the tests' plain reference implementations the benchmarks time their fast paths against.

Run the benchmarks as modules (``python -m benchmarks`` or ``python -m
benchmarks.bench_scoring``) so that ``benchmarks`` is importable.
"""

from __future__ import annotations

import importlib.util
import time

from bridgestats.paths import project_root

__all__ = ["best_cpu", "best_time", "best_time_result", "load_oracles"]


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


def best_cpu(fn, repeat: int = 3) -> float:
    """The shortest of ``repeat`` CPU times (``time.process_time``, this process) of
    ``fn()``, in seconds: less moved by other processes on a shared machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def load_oracles():
    """``tests/_oracles.py`` (the plain reference implementations), loaded by its path:
    ``tests`` is a folder, not a package."""
    spec = importlib.util.spec_from_file_location(
        "_oracles", project_root() / "tests" / "_oracles.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
