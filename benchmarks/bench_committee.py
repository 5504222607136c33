"""Read a committee's folder of 1,000 club sessions: the goal of issue 36, under a minute.

The sessions are copies of a real club session (``../shared/data/usebio/mp_pairs_howell.xml``,
a Compscore3 matchpoint pairs of 24 boards and 161 table results), each under its own
event name and date, written to a temporary folder (100 with ``quick``). The folder is
read by :func:`bridgestats.derive.read_committee` (every file through its reader, sorted
into pairs sessions and team matches, the files' and skipped rows' tables) and, as the
baseline timed in the same process, by :func:`bridgestats.io.read_results` (the readers
alone, one call): the ratio is what the committee's way in costs over reading the files.
Each side is the best of three runs (one with ``quick``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks._timing import best_time_result as _best
from bridgestats.derive import read_committee
from bridgestats.io import read_results
from bridgestats.paths import shared_data_dir

GOAL_SECONDS = 60.0


def _folder(root: Path, n: int) -> Path | None:
    shared = shared_data_dir()
    if shared is None:
        return None
    text = (shared / "usebio" / "mp_pairs_howell.xml").read_text()
    for i in range(n):
        day = f"{1 + i % 28:02d}/{1 + (i // 28) % 12:02d}/{2020 + i // 336}"
        session = text.replace("EL Wed 10.00am Open (27-Jul-22)", f"Club session {i + 1}")
        (root / f"session_{i:04d}.xml").write_text(session.replace("27/07/2022", day))
    return root


def run(quick: bool = False) -> dict:
    n = 100 if quick else 1000
    repeat = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        folder = _folder(Path(tmp), n)
        if folder is None:
            print("   ../shared/data is absent: nothing to benchmark")
            return {}
        t_committee, committee = _best(lambda: read_committee(folder), repeat)
        t_read, frame = _best(lambda: read_results(folder), repeat)
    sessions = committee.sessions_for("benchmark")
    print(
        f"   read_committee: {n} club sessions, {len(sessions):,} table results of pairs "
        f"sessions in {t_committee:.1f} s (goal: under {GOAL_SECONDS:.0f} s for 1,000: "
        f"{'met' if n < 1000 or t_committee < GOAL_SECONDS else 'NOT met'})"
    )
    print(
        f"   baseline read_results (the readers alone): {len(frame):,} table results in "
        f"{t_read:.1f} s; ratio {t_committee / t_read:.2f}"
    )
    return {"seconds": t_committee, "baseline_seconds": t_read, "n_sessions": n}


if __name__ == "__main__":
    run()
