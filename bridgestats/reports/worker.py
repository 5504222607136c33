"""The entry point of a run's own process: ``python -m bridgestats.reports.worker RESULT``.

It reads one pickled :class:`~bridgestats.reports.jobs.Job` from stdin, executes it with
:func:`bridgestats.reports.execute.run_logged` (its output and its kernel's go to the run's
``kernel.log``) and writes the pickled :class:`~bridgestats.reports.jobs.Outcome` to the
file ``RESULT``. :func:`bridgestats.reports.execute.run_in_process` starts it (for Dask).
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from .execute import run_logged


def main(argv: list[str] | None = None) -> int:
    """Run the job on stdin; write its outcome to ``argv[0]``; return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    job = pickle.loads(sys.stdin.buffer.read())
    outcome = run_logged(job)
    Path(argv[0]).write_bytes(pickle.dumps(outcome))
    return 0


if __name__ == "__main__":
    sys.exit(main())
