"""Start-up of the commands a scorer runs after every session, as whole processes.

- ``bridgestats score`` of a club session (``../shared/data/usebio/mp_pairs_howell.xml``,
  12 pairs, 27 boards; skipped when the archive is absent) and ``bridgestats scale`` of
  one table (teams, 8 boards, Markdown), each timed as a fresh ``python`` process (best of
  a few runs), beside ``python -c pass`` (the interpreter alone) and ``python -c "import
  pandas"`` (the one library ``score`` cannot do without: the readers return frames) timed
  in the same run, and ``bridgestats.io``'s ``read_results`` on top of pandas (the
  readers' package imports a reader at its first use). Each line gives the wall time, the
  process's own CPU time (user + system, from ``os.wait4``: what the load of other
  processes does not inflate) and both as a ratio to ``import pandas``; the machine's load
  average heads the output.
  Goal (issue 23): each under 1 s of wall time on a quiet machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from bridgestats.paths import shared_data_dir

_CLI = "from bridgestats.cli import main; raise SystemExit(main())"


def _timed(args: list[str], repeat: int) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system) of ``repeat`` runs of a fresh
    ``python`` with ``args``."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    wall = cpu = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        with subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL) as child:
            _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise RuntimeError(f"python {' '.join(args)}: exit status {child.returncode}")
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, usage.ru_utime + usage.ru_stime)
    return wall, cpu


def _line(name: str, got: tuple[float, float], pandas: tuple[float, float]) -> str:
    wall, cpu = got
    return (
        f"   {name}: {wall:.2f} s wall ({wall / pandas[0]:.2f}x pandas), "
        f"{cpu:.2f} s CPU ({cpu / pandas[1]:.2f}x pandas)"
    )


def run(quick: bool = False) -> None:
    repeat = 2 if quick else 5
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"   load average (1, 5, 15 min): {load} on {os.cpu_count()} CPUs; best of {repeat}")
    bare = _timed(["-c", "pass"], repeat)
    pandas = _timed(["-c", "import pandas"], repeat)
    print(_line("python -c pass", bare, pandas))
    print(_line("python -c 'import pandas'", pandas, pandas))
    # the readers' package on top of pandas: a reader is imported at its first use
    io = _timed(["-c", "import pandas; from bridgestats.io import read_results"], repeat)
    print(_line("python -c 'import pandas; from bridgestats.io import read_results'", io, pandas))
    scale = _timed(["-c", _CLI, "scale", "--form", "teams", "--boards", "8"], repeat)
    print(_line("bridgestats scale --form teams --boards 8", scale, pandas))
    data = shared_data_dir()
    session = data / "usebio" / "mp_pairs_howell.xml" if data is not None else None
    if session is None or not session.is_file():
        print("   bridgestats score: skipped (../shared/data/usebio/mp_pairs_howell.xml absent)")
        return
    score = _timed(["-c", _CLI, "score", str(session)], repeat)
    print(_line("bridgestats score mp_pairs_howell.xml", score, pandas))
