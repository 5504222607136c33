"""Start-up of the commands a scorer runs after every session, as whole processes.

- ``bridgestats score`` of a club session (``../shared/data/usebio/mp_pairs_howell.xml``,
  12 pairs, 27 boards; skipped when the archive is absent) and ``bridgestats scale`` of
  one table (teams, 8 boards), each timed as a fresh ``python`` process (best of a few
  runs), beside ``python -c "import pandas"`` timed in the same run: the ratio says how
  much the command costs beyond the one library it cannot do without, whatever the
  machine's load. Goal: each under 1 s of wall time on a quiet machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from bridgestats.paths import shared_data_dir

_CLI = "from bridgestats.cli import main; raise SystemExit(main())"


def _wall(args: list[str], repeat: int) -> float:
    """Best wall time of ``repeat`` runs of a fresh ``python`` with ``args``."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, env=env, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def run(quick: bool = False) -> None:
    repeat = 2 if quick else 5
    pandas = _wall(["-c", "import pandas"], repeat)
    print(f"   python -c 'import pandas': {pandas:.2f} s (best of {repeat})")
    scale = _wall(["-c", _CLI, "scale", "--form", "teams", "--boards", "8"], repeat)
    print(
        f"   bridgestats scale --form teams --boards 8: {scale:.2f} s, {scale / pandas:.2f}x pandas"
    )
    data = shared_data_dir()
    session = data / "usebio" / "mp_pairs_howell.xml" if data is not None else None
    if session is None or not session.is_file():
        print("   bridgestats score: skipped (../shared/data/usebio/mp_pairs_howell.xml absent)")
        return
    score = _wall(["-c", _CLI, "score", str(session)], repeat)
    print(f"   bridgestats score mp_pairs_howell.xml: {score:.2f} s, {score / pandas:.2f}x pandas")
