"""The batch: check every run, execute them, put each run's folder in place, write the index.

Failures are contained: each run is written to a temporary folder ``.<run>.tmp-XXXX``
under the reports folder and moved into place only when it succeeded; a failed run's
partial output (the executed notebook shows the error) goes to ``<run>.failed/`` and the
previous good ``<run>/`` stays.

The reports folder must be the runner's (:func:`~bridgestats.reports.folder.claim`: new,
empty, marked, or holding only what an earlier batch wrote); anything else is refused
before a run starts, and so is a run whose folder or an index page is not the runner's.
One batch at a time: the batch holds the reports folder's lock
(:func:`~bridgestats.reports.folder.locked`), so the temporary folders and kernel
connection files it finds there were left by a killed batch; it removes them and says so.
Ctrl-C stops the batch: the running notebooks are stopped, their temporary folders
removed, the previous good reports kept, the index rewritten (the stopped runs marked
"stopped"), and a line says which runs were stopped; then :class:`KeyboardInterrupt` goes
on to the caller. SIGTERM and SIGHUP (a closed terminal) are handled the same way, raising
:class:`Stopped`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import paths
from .._validate import check_flag, check_int
from ..errors import BridgestatsError
from .config import ReportConfig, RunSpec, expand_runs, load_config
from .dispatch import connect, dispatch, log
from .folder import (
    FILES,
    MARKER_NAME,
    PAGES,
    check_run_folders,
    claim,
    clean_leftovers,
    locked,
    page_is_ours,
    remove_kernel_files,
)
from .index import write_index
from .jobs import Job, Outcome, RunResult
from .pack import write_pack
from .parameters import check_parameters, notebook_title, resolve_paths
from .provenance import git_state, package_version, read_json, run_record, sha256

__all__ = ["STOP_SIGNALS", "Stopped", "run_reports"]


def run_reports(
    config=None,
    *,
    only=(),
    params=None,
    jobs: int = 1,
    reports_dir=None,
    scheduler=None,
    show_code: bool = False,
) -> list[RunResult]:
    """Run the configured reports; return one :class:`RunResult` per run, in config order.

    Parameters
    ----------
    config : path or ReportConfig, optional
        The configuration (default ``notebooks/reports.toml``).
    only : sequence of str
        Report or run names to run (default: all).
    params : dict
        Parameter overrides for every selected run (the command line's ``-p``).
    jobs : int
        Runs executed at once (each in its own process, with its own kernel).
    reports_dir : path, optional
        Output folder (default :func:`bridgestats.paths.reports_dir`).
    scheduler : str or distributed.Client, optional
        A Dask scheduler address (or client): the runs execute on its workers.
    show_code : bool
        Show the code cells in the HTML reports.

    Every parameter name is checked, the paths of the user's files (``files``, a
    ``files_scale`` CSV) made absolute against the working folder and checked to exist
    (:func:`~bridgestats.reports.parameters.resolve_paths`: a report runs in its own folder),
    and a scheduler connected to, before anything is written (an empty ``reports_dir`` is
    refused, never taken as the working folder). A failing run does not stop the others;
    check ``RunResult.status``.
    ``reports/index.html`` is rewritten at the end.
    """
    if reports_dir is not None and not str(reports_dir):  # Path("") is the working folder
        raise BridgestatsError("reports_dir: must be a folder, not an empty path; got ''")
    cfg = config if isinstance(config, ReportConfig) else load_config(config)
    jobs = check_int(jobs, "jobs", minimum=1)
    show_code = check_flag(show_code, "show_code")
    specs = expand_runs(cfg, only=only, params=params)
    merged = {
        s.name: check_parameters(s.notebook, s.overrides, run=s.name)
        for s in specs
        if not s.missing
    }
    # the user's relative paths resolved here, where the batch was started: papermill gets
    # the overrides, run.json records them and the merged parameters
    specs = [
        s if s.missing else dataclasses.replace(s, overrides=resolve_paths(s.overrides, run=s.name))
        for s in specs
    ]
    merged = {s.name: {**merged[s.name], **s.overrides} for s in specs if not s.missing}
    if scheduler is None or not merged:
        return _run_in(cfg, specs, merged, reports_dir, jobs, scheduler, show_code)
    client = connect(scheduler)  # a scheduler refused before a folder is made or marked
    try:
        return _run_in(cfg, specs, merged, reports_dir, jobs, client, show_code)
    finally:
        if client is not scheduler:
            client.close()


def _run_in(cfg, specs, merged, reports_dir, jobs, scheduler, show_code) -> list[RunResult]:
    """The batch in its reports folder: the folder made and claimed, its lock held."""
    root = Path(paths.reports_dir() if reports_dir is None else reports_dir)
    try:
        root = root.resolve()
        root.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        raise BridgestatsError(
            f"reports_dir: cannot create the folder {str(root)!r}"
            f" ({getattr(exc, 'strerror', None) or exc})"
        ) from exc
    how = claim(root)  # refuses a folder that holds what the runner did not write
    if how == "adopted":
        log(f"adopted {root} (written by an earlier batch): marked with {MARKER_NAME}")
    check_run_folders(root, merged)
    for page in (*PAGES, *FILES):
        if not page_is_ours(root, page):
            raise BridgestatsError(
                f"reports_dir: {str(root / page)!r} was not written by the runner (or was"
                " changed since); move it away, the batch would replace it"
            )
    with _terminate_as_interrupt(), locked(root) as have_lock:
        if have_lock:
            removed = clean_leftovers(root)
            if removed:  # provably stale: no other batch holds the lock
                log(
                    f"removed {len(removed)} leftover(s) of a killed batch in {root}:"
                    f" {', '.join(removed)}"
                )
        else:  # pragma: no cover - no fcntl (Windows)
            log(f"no lock on {root} (not available here): run one batch at a time")
        return _run_locked(
            cfg, specs, merged, root, jobs=jobs, scheduler=scheduler, show_code=show_code
        )


def _run_locked(cfg, specs, merged, root: Path, *, jobs, scheduler, **context) -> list[RunResult]:
    """The batch proper, run while holding the folder's lock."""
    runnable = [s for s in specs if not s.missing]
    bar = len(runnable) == 1 and jobs == 1 and scheduler is None and sys.stderr.isatty()
    context.update(version=package_version(), git=git_state())
    jobs_by_name: dict[str, Job] = {}
    results: dict[str, RunResult] = {}
    by_name = {s.name: s for s in specs}
    runs = None
    try:
        for s in runnable:
            jobs_by_name[s.name] = _job(
                s, root, timeout=cfg.timeout, parameters=merged[s.name], **context
            )
        if bar:  # one run: papermill's bar over its cells
            (name,) = jobs_by_name
            jobs_by_name[name] = dataclasses.replace(jobs_by_name[name], progress_bar=True)
        for spec in specs:
            if spec.missing:
                log(f"missing {spec.name}: {spec.notebook} does not exist yet")
                results[spec.name] = RunResult(spec.name, spec.report, "missing", None)
        if jobs > 1 or scheduler is not None:  # the longest first: the batch ends sooner
            jobs_by_name = {n: jobs_by_name[n] for n in start_order(jobs_by_name, root)}
        runs = dispatch(jobs_by_name, jobs=jobs, scheduler=scheduler)
        for name, outcome in runs:
            with _interrupt_deferred():  # a run's folder is moved into place whole, or not
                result = _finish(by_name[name], jobs_by_name[name], outcome, root)
            results[name] = result
            took = result.record["durations"]["total_s"]
            tail = f": {result.error}" if result.error else ""
            done = sum(r.status != "missing" for r in results.values())
            log(f"{result.status:6s} {name} ({took:.1f} s) [{done}/{len(runnable)}]{tail}")
    except KeyboardInterrupt as exc:
        if runs is not None:
            runs.close()  # stops the running notebooks (their processes are ended)
        stopped = [n for n in jobs_by_name if n not in results]
        finished = sum(r.status != "missing" for r in results.values())
        how = f"stopped by {exc}" if isinstance(exc, Stopped) else "interrupted"
        log(
            f"{how}: stopped {', '.join(stopped) or 'no run'}"
            f" ({finished} of {len(runnable)} finished; previous reports kept)"
        )
        said = f"{how} before it finished (the previous report, if any, is kept)"
        marks = [RunResult(n, by_name[n].report, "stopped", None, said) for n in stopped]
        with _interrupt_deferred():
            _cleanup(jobs_by_name, root)
            write_index(root, config=cfg, results=[*results.values(), *marks])
        raise
    except OSError as exc:  # a full disk, the folder removed or made read-only mid-batch
        done = ", ".join(results) or "none"
        raise BridgestatsError(
            f"reports_dir: could not write in {str(root)!r} ({exc.strerror or exc}); the batch"
            f" stopped (runs put in place: {done}; the others' previous reports kept)"
        ) from None
    finally:  # interrupted: leave no temporary folders behind
        if runs is not None:
            runs.close()
        _cleanup(jobs_by_name, root)
    ordered = [results[s.name] for s in specs]
    with _interrupt_deferred():
        every_run = {s.name for s in specs} == {
            s.name for s in expand_runs(dataclasses.replace(cfg, allow_missing=True))
        }
        if cfg.pack and every_run:  # a batch of some runs leaves the last pack as it was
            _write_pack(root, cfg)
        write_index(root, config=cfg, results=ordered)
    return ordered


def start_order(names, root: Path) -> list[str]:
    """The order runs start in when several run at once: the longest in the folder's last
    batch first (its ``run.json`` records the run's total time), and a run without a time
    (new, or its record unreadable) before them all, in the order given. The pages keep the
    configuration's order.

    Started last, the default batch's longest report (compare_scales, 54 s of 154) ended
    ``--jobs 2`` at 104 s; started first, the two workers end together.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> for name, took in (("a", 5.0), ("b", 50.0)):
    ...     (root / name).mkdir()
    ...     _ = (root / name / "run.json").write_text(json.dumps({"durations": {"total_s": took}}))
    >>> start_order(["a", "b", "new"], root)
    ['new', 'b', 'a']
    """

    def last(name) -> float:
        try:
            took = read_json(root / name / "run.json")["durations"]["total_s"]
            return float(took) if took is not None else float("inf")
        except (OSError, KeyError, TypeError, ValueError):
            return float("inf")

    return sorted(names, key=last, reverse=True)  # stable: ties keep the order given


def _write_pack(root: Path, cfg) -> None:
    """The booklet page and the committee pack (:func:`~bridgestats.reports.pack.write_pack`)
    of every run on disk, in the configuration's order; a pack that cannot be printed is
    said in one line and does not fail the batch (the reports are written)."""
    names = [s.name for s in expand_runs(dataclasses.replace(cfg, allow_missing=True))]
    try:
        _pdf, said = write_pack(root, names)
    except (BridgestatsError, subprocess.TimeoutExpired) as exc:
        said = f"committee pack: not printed ({exc})"
    log(said)


def _cleanup(jobs_by_name, root: Path) -> None:
    """Remove the batch's temporary folders and its kernels' connection files."""
    for job in jobs_by_name.values():
        shutil.rmtree(job.folder, ignore_errors=True)
    remove_kernel_files(root)  # a stopped run's kernel leaves its file (it ends by itself)


#: The signals that stop a batch as Ctrl-C does, besides SIGINT: SIGTERM (``timeout``,
#: ``systemctl stop``, a cancelled CI job) and SIGHUP (a closed terminal, a dropped ssh
#: session), where the platform has it.
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """The batch was stopped by a signal other than Ctrl-C (:data:`STOP_SIGNALS`: SIGTERM,
    SIGHUP), handled as Ctrl-C is; ``signum`` is the signal's number (the command line
    exits with 128 + it)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_stopped(signum, _frame):
    raise Stopped(signum)


@contextlib.contextmanager
def _terminate_as_interrupt():
    """While the batch runs, SIGTERM and SIGHUP (:data:`STOP_SIGNALS`) raise
    :class:`Stopped` (a KeyboardInterrupt), so the batch stops as on Ctrl-C: notebooks
    stopped, temporary folders, kernel files and the lock removed, the index rewritten.
    The previous handlers are put back after."""
    try:
        previous = {sig: signal.signal(sig, _raise_stopped) for sig in STOP_SIGNALS}
    except ValueError:  # not the main thread: the caller's process keeps its handling
        yield
        return
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def _interrupt_deferred():
    """Hold Ctrl-C (SIGINT), SIGTERM and SIGHUP until the block is done, then raise
    :class:`KeyboardInterrupt` (:class:`Stopped` for SIGTERM and SIGHUP)."""
    caught = []
    try:
        previous = {
            sig: signal.signal(sig, lambda signum, _: caught.append(signum))
            for sig in (signal.SIGINT, *STOP_SIGNALS)
        }
    except ValueError:  # not the main thread: signals go to the main thread anyway
        yield
        return
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    stops = [sig for sig in caught if sig in STOP_SIGNALS]
    if stops:
        raise Stopped(stops[0])
    if caught:
        raise KeyboardInterrupt


def _job(spec: RunSpec, root: Path, **fields) -> Job:
    """The run's job, with its temporary folder made under ``root``."""
    folder = Path(tempfile.mkdtemp(prefix=f".{spec.name}.tmp-", dir=root))
    folder.chmod(0o755)  # mkdtemp makes it private; reports are for reading
    return Job(
        name=spec.name,
        notebook=str(spec.notebook),
        folder=str(folder),
        title=notebook_title(spec.notebook),
        notebook_sha256=sha256(spec.notebook),
        overrides=dict(spec.overrides),
        **fields,
    )


def _finish(spec: RunSpec, job: Job, outcome: Outcome, root: Path) -> RunResult:
    """Write run.json into the temporary folder and move it into place."""
    tmp = Path(job.folder)
    record = run_record(spec, job, outcome, tmp)
    (tmp / "run.json").write_text(json.dumps(record, indent=2, default=str) + "\n")
    final = root / spec.name
    if outcome.status == "ok":
        _replace_dir(tmp, final, root)
        shutil.rmtree(root / f"{spec.name}.failed", ignore_errors=True)
    else:
        final = root / f"{spec.name}.failed"
        _replace_dir(tmp, final, root)
    summary = read_json(final / "summary.json")
    return RunResult(spec.name, spec.report, outcome.status, final, outcome.error, summary, record)


def _replace_dir(src: Path, dest: Path, root: Path) -> None:
    """Move ``src`` to ``dest``, replacing ``dest`` only after ``src`` is complete."""
    old = None
    if dest.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.old-", dir=root))
        old.rmdir()
        dest.rename(old)
    src.rename(dest)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
