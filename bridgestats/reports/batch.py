"""The batch: check every run, execute them, put each run's folder in place, write the index.

Failures are contained: each run is written to a temporary folder ``.<run>.tmp-XXXX``
under the reports folder and moved into place only when it succeeded; a failed run's
partial output (the executed notebook shows the error) goes to ``<run>.failed/`` and the
previous good ``<run>/`` stays. Temporary folders left by an interrupted batch are
reported, not removed (another batch may be using them).
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from .. import paths
from .._validate import check_flag, check_int
from ..errors import BridgestatsError
from .config import ReportConfig, RunSpec, expand_runs, load_config
from .dispatch import dispatch, log
from .index import write_index
from .jobs import Job, Outcome, RunResult
from .parameters import check_parameters, notebook_title
from .provenance import git_state, package_version, read_json, run_record, sha256

__all__ = ["run_reports"]

# the temporary folders of _job and _replace_dir: .<run>.tmp-XXXX, .<run>.old-XXXX
_LEFTOVER_RE = re.compile(r"^\..+\.(?:tmp|old)-[^.]+$")


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

    Every parameter name is checked before anything runs. A failing run does not stop the
    others; check ``RunResult.status``. ``reports/index.html`` is rewritten at the end.
    """
    cfg = config if isinstance(config, ReportConfig) else load_config(config)
    jobs = check_int(jobs, "jobs", minimum=1)
    show_code = check_flag(show_code, "show_code")
    specs = expand_runs(cfg, only=only, params=params)
    merged = {
        s.name: check_parameters(s.notebook, s.overrides, run=s.name)
        for s in specs
        if not s.missing
    }
    root = Path(paths.reports_dir() if reports_dir is None else reports_dir).resolve()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BridgestatsError(
            f"reports_dir: cannot create the folder {str(root)!r} ({exc.strerror or exc})"
        ) from exc
    stale = sorted(p.name for p in root.iterdir() if p.is_dir() and _LEFTOVER_RE.match(p.name))
    if stale:  # a killed batch leaves these; one running now may be using them
        log(
            f"{len(stale)} temporary folder(s) in {root} left by an interrupted batch (not"
            f" removed, another batch may be running): {', '.join(stale)}"
        )
    runnable = [s for s in specs if not s.missing]
    bar = len(runnable) == 1 and jobs == 1 and scheduler is None and sys.stderr.isatty()
    context = {"version": package_version(), "git": git_state(), "show_code": show_code}
    jobs_by_name = {
        s.name: _job(s, root, timeout=cfg.timeout, parameters=merged[s.name], **context)
        for s in runnable
    }
    if bar:  # one run: papermill's bar over its cells
        (name,) = jobs_by_name
        jobs_by_name[name] = dataclasses.replace(jobs_by_name[name], progress_bar=True)
    results: dict[str, RunResult] = {}
    for spec in specs:
        if spec.missing:
            log(f"missing {spec.name}: {spec.notebook} does not exist yet")
            results[spec.name] = RunResult(spec.name, spec.report, "missing", None)
    by_name = {s.name: s for s in specs}
    try:
        for name, outcome in dispatch(jobs_by_name, jobs=jobs, scheduler=scheduler):
            result = _finish(by_name[name], jobs_by_name[name], outcome, root)
            results[name] = result
            took = result.record["durations"]["total_s"]
            tail = f": {result.error}" if result.error else ""
            done = sum(r.status != "missing" for r in results.values())
            log(f"{result.status:6s} {name} ({took:.1f} s) [{done}/{len(runnable)}]{tail}")
    finally:  # interrupted: leave no temporary folders behind
        for job in jobs_by_name.values():
            shutil.rmtree(job.folder, ignore_errors=True)
    ordered = [results[s.name] for s in specs]
    write_index(root, config=cfg, results=ordered)
    return ordered


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
