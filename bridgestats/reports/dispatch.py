"""Running the jobs: here, ``jobs`` processes at once, or on a Dask cluster.

Locally a pool of ``jobs`` worker processes (spawned: fresh interpreters) executes the
runs, each worker one notebook at a time, so runs executing at once never share a process
or an event loop; a run starts when a worker is free. On Dask (``scheduler``) each run is
a task that executes the notebook in a process of its own
(:func:`~bridgestats.reports.execute.run_in_process`) in a scratch folder on the worker and
sends its files back, so the workers need bridgestats and its data but no file system
shared with the client.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
import sys
import tempfile
from collections.abc import Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from ..errors import BridgestatsError
from .execute import run_in_process, run_logged
from .jobs import Job, Outcome
from .provenance import now

__all__ = ["dispatch", "execute_remote", "log"]


def log(message: str) -> None:
    """One progress line ``[reports] ...`` on stderr (above the progress bar, if any); a
    line that cannot be written (the terminal closed) is dropped, never stops the batch's
    clean-up."""
    from tqdm import tqdm

    try:
        tqdm.write(f"[reports] {message}", file=sys.stderr)
    except (OSError, ValueError):  # a hung-up terminal (EIO), a closed stream: the batch goes on
        pass


def dispatch(
    jobs_by_name: Mapping[str, Job], *, jobs: int = 1, scheduler=None
) -> Iterator[tuple[str, Outcome]]:
    """Yield ``(name, outcome)`` as the runs finish, ``jobs`` at a time or on Dask."""
    from tqdm import tqdm

    with tqdm(
        total=len(jobs_by_name),
        desc="reports",
        unit="run",
        file=sys.stderr,
        # one run shows papermill's own bar (cells) instead
        disable=not sys.stderr.isatty() or len(jobs_by_name) < 2,
    ) as bar:
        runs = (
            _dask(jobs_by_name, scheduler) if scheduler is not None else _local(jobs_by_name, jobs)
        )
        for name, outcome in runs:
            yield name, outcome
            bar.update()


def _local(jobs_by_name: Mapping[str, Job], jobs: int):
    """At most ``jobs`` runs at once, each in a worker process of its own (spawned: a fresh
    interpreter, which imports papermill once and then runs one notebook at a time)."""
    pending = list(jobs_by_name.items())
    running: dict = {}
    _tracker_survives_hangup()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )
    try:
        while pending or running:
            while pending and len(running) < jobs:  # a worker is free: the run starts now
                name, job = pending.pop(0)
                log(f"start {name}")
                started = now()
                try:
                    running[pool.submit(run_logged, job)] = (name, started)
                except BrokenProcessPool as exc:  # a worker died earlier
                    yield name, _died(exc, started)
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                name, started = running.pop(future)
                try:
                    yield name, future.result()
                except BrokenProcessPool as exc:  # the worker died during the run
                    yield name, _died(exc, started)
    except BaseException:  # Ctrl-C, or the batch stopped: end the running notebooks now
        for process in list((pool._processes or {}).values()):
            process.kill()  # its kernel ends by itself when its parent goes (ipykernel)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _tracker_survives_hangup() -> None:
    """Start multiprocessing's resource tracker (the process that removes the pool's
    semaphores) with SIGHUP ignored, as it ignores SIGINT and SIGTERM itself: a closed
    terminal signals every process of the batch's group, and a tracker killed by it would
    leave the batch's semaphores to leak (and print its tracebacks) while the batch stops
    cleanly. SIGHUP is ignored only while the tracker starts (an ignored signal is kept
    across ``exec``); a tracker already running is left as it is."""
    if not hasattr(signal, "SIGHUP"):  # pragma: no cover - Windows
        return
    from multiprocessing import resource_tracker

    try:
        previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    except ValueError:  # not the main thread: leave the tracker to start as it does
        return
    try:
        resource_tracker.ensure_running()
    finally:
        signal.signal(signal.SIGHUP, previous)


def _worker_init(parent: int) -> None:
    """A pool worker leaves Ctrl-C, SIGTERM and SIGHUP to the batch (which ends it), and
    dies with the batch.

    A stop that signals every process of the batch (``systemctl stop``: a SIGTERM to the
    whole control group) would otherwise kill the worker before the batch handles its own
    SIGTERM: the run would be recorded as failed (a ``<run>.failed/`` folder replacing the
    previous one) instead of stopped. So the worker lets SIGTERM pass (a handler that does
    nothing; the batch kills the workers when it stops, see :func:`_local`, and a kernel
    ends when its worker does). A handler, not ``SIG_IGN``: a handler does not survive
    ``exec``, so the kernel, and what a notebook starts (a ``multiprocessing.Pool``, whose
    ``terminate`` sends SIGTERM), keep the default. On Linux the worker asks to be killed
    when the batch's process dies (``prctl`` ``PR_SET_PDEATHSIG``), so a ``kill -9`` of the
    batch leaves no notebook running; elsewhere an orphaned worker finishes its current run
    and exits.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):  # SIGHUP: a closed terminal signals the whole group
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _left_to_the_batch)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - no usable libc
            pass
    if os.getppid() != parent:  # the batch died before the request took effect
        os._exit(1)


def _left_to_the_batch(_signum, _frame) -> None:
    """A pool worker's SIGTERM handler: nothing (see :func:`_worker_init`)."""


def _died(exc: BaseException, started: str) -> Outcome:
    error = f"the run's process died ({type(exc).__name__}: {exc}; see kernel.log)"
    return Outcome("failed", started, now(), error)


def execute_remote(job: Job) -> tuple[Outcome, dict[str, bytes]]:
    """Dask task: execute ``job`` in a scratch folder on the worker; return its files' bytes.

    The client writes them into the run's folder (see :func:`dispatch`).
    """
    with tempfile.TemporaryDirectory(prefix="bridgestats-run-") as scratch:
        scratch = Path(scratch)
        notebook = scratch / "input" / job.output_name
        notebook.parent.mkdir()
        notebook.write_text(job.notebook_source)
        folder = scratch / "run"
        folder.mkdir()
        here = dataclasses.replace(
            job, notebook=str(notebook), folder=str(folder), notebook_source=None
        )
        log(f"start {job.name}")
        outcome = run_in_process(here)
        files = {
            p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*"))
            if p.is_file()
        }
    return outcome, files


def connect(scheduler):
    """A ``distributed.Client`` of the scheduler address ``scheduler`` (a client is
    returned as given). An unreachable scheduler or a string that is no address raises a
    one-line :class:`BridgestatsError`: the batch connects before it writes anything."""
    from distributed import Client

    if isinstance(scheduler, Client):
        return scheduler
    try:
        return Client(scheduler)
    except (OSError, ValueError, TypeError) as exc:  # unreachable, or not an address
        raise BridgestatsError(
            f"scheduler: cannot connect to {scheduler!r}: {type(exc).__name__}: {exc}"
        ) from exc


def _dask(jobs_by_name: Mapping[str, Job], scheduler):
    from distributed import as_completed as dask_completed

    client = connect(scheduler)
    try:
        futures = {}
        for name, job in jobs_by_name.items():
            remote = dataclasses.replace(job, notebook_source=Path(job.notebook).read_text())
            futures[client.submit(execute_remote, remote, key=f"report-{name}", pure=False)] = name
        log(f"submitted {len(futures)} run(s) to {client.scheduler.address}")
        for future in dask_completed(futures):
            name = futures[future]
            try:
                outcome, files = future.result()
            except Exception as exc:  # the worker itself died
                stamp = now()
                error = f"dask: {type(exc).__name__}: {exc}"
                outcome, files = Outcome("failed", stamp, stamp, error), {}
            folder = Path(jobs_by_name[name].folder)
            for rel, data in files.items():
                target = folder / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            yield name, outcome
    finally:
        if client is not scheduler:
            client.close()
