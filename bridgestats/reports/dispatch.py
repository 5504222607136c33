"""Running the jobs: here, ``jobs`` processes at once, or on a Dask cluster.

Locally every run executes in its own process
(:func:`~bridgestats.reports.execute.run_in_process`); a pool of ``jobs`` threads only
starts those processes and waits for them. On Dask (``scheduler``) each run is a task that
executes the notebook, again in a process of its own, in a scratch folder on the worker
and sends its files back, so the workers need bridgestats and its data but no file system
shared with the client.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from ..errors import BridgestatsError
from .execute import Worker
from .jobs import Job, Outcome
from .provenance import now

__all__ = ["dispatch", "execute_remote", "log"]


def log(message: str) -> None:
    """One progress line ``[reports] ...`` on stderr (above the progress bar, if any)."""
    from tqdm import tqdm

    tqdm.write(f"[reports] {message}", file=sys.stderr)


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


def _started(job: Job, worker: Worker | None = None) -> Outcome:
    log(f"start {job.name}")
    return (worker or Worker()).run(job)


class _Workers:
    """Run processes handed out one per run, with one started ahead for the next run."""

    def __init__(self, runs: int):
        self._lock = threading.Lock()
        self._left = runs
        self._spare: Worker | None = None

    def take(self) -> Worker:
        with self._lock:
            worker, self._spare = self._spare or Worker(), None
            self._left -= 1
            if self._left > 0:  # it imports papermill and nbconvert while this run executes
                self._spare = Worker()
            return worker

    def close(self) -> None:
        with self._lock:
            if self._spare is not None:
                self._spare.close()
            self._spare, self._left = None, 0


def _local(jobs_by_name: Mapping[str, Job], jobs: int):
    workers = _Workers(len(jobs_by_name))
    if jobs == 1:  # one after the other, each reported before the next starts
        try:
            for name, job in jobs_by_name.items():
                yield name, _started(job, workers.take())
        finally:
            workers.close()
        return
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="report")
    try:
        futures = {
            pool.submit(lambda job: _started(job, workers.take()), job): name
            for name, job in jobs_by_name.items()
        }
        for future in as_completed(futures):
            yield futures[future], future.result()
    finally:  # interrupted: start no more runs, wait for the running ones to end
        pool.shutdown(wait=True, cancel_futures=True)
        workers.close()


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
        outcome = _started(here)
        files = {
            p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*"))
            if p.is_file()
        }
    return outcome, files


def _dask(jobs_by_name: Mapping[str, Job], scheduler):
    from distributed import Client
    from distributed import as_completed as dask_completed

    try:
        client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    except (OSError, ValueError, TypeError) as exc:  # unreachable, or not an address
        raise BridgestatsError(
            f"scheduler: cannot connect to {scheduler!r}: {type(exc).__name__}: {exc}"
        ) from exc
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
