"""The entry point of a run's own process: ``python -m bridgestats.reports.worker RESULT``.

It imports what a run needs, then reads one pickled :class:`~bridgestats.reports.jobs.Job`
from stdin (an empty stdin: an unused worker, it exits), sends its own output and its
kernel's to the run's ``kernel.log`` (papermill's cell bar, when asked for, stays on the
batch's terminal), executes the job (:func:`bridgestats.reports.execute.execute`) and
writes the pickled :class:`~bridgestats.reports.jobs.Outcome` to the file ``RESULT``.
Only :class:`bridgestats.reports.execute.Worker` starts it.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

# imported before the job arrives, while the dispatcher's previous run executes
import jupyter_client.manager  # noqa: F401
import nbconvert  # noqa: F401
import papermill  # noqa: F401

from .execute import KERNEL_LOG, execute


def main(argv: list[str] | None = None) -> int:
    """Run the job on stdin; write its outcome to ``argv[0]``; return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    data = sys.stdin.buffer.read()
    if not data:
        return 0
    job = pickle.loads(data)
    terminal = os.dup(2)
    with open(Path(job.folder) / KERNEL_LOG, "ab") as log:  # the kernel inherits fds 1, 2
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
    if job.progress_bar:
        sys.stderr = os.fdopen(terminal, "w")
    outcome = execute(job)
    Path(argv[0]).write_bytes(pickle.dumps(outcome))
    return 0


if __name__ == "__main__":
    sys.exit(main())
