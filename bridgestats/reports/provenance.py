"""What each report records about how it was made: ``run.json``.

A run's record holds the package version, the git revision and whether the tree had
uncommitted changes, the parameters (notebook defaults merged with the overrides) and seed,
the SHA-256 of the notebook and of its inputs (``summary.json``'s ``"_inputs"``, written by
:func:`bridgestats.notebook.save_summary`), the interpreter, start and end times and the
durations (kernel start, execution, HTML export, the run's process).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import subprocess
from pathlib import Path

from .. import paths
from .config import RunSpec
from .jobs import Job, Outcome

__all__ = [
    "git_state",
    "now",
    "package_version",
    "read_json",
    "run_record",
    "sha256",
    "timings",
]

#: The Jupyter kernel the reports run on, named for the project so that no one's ``python3``
#: kernel can stand in for it; the runner starts it on its own interpreter whether or not a
#: kernelspec of that name is installed (:func:`.execute.kernel_manager_class`).
KERNEL_NAME = "bridgestats"


def now() -> str:
    """The time as ISO 8601 in UTC with milliseconds (such times compare as strings)."""
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def sha256(path) -> str:
    """The SHA-256 of a file's bytes, in hexadecimal."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def read_json(path) -> dict:
    """The JSON object in ``path``, or ``{}`` when it is absent, not JSON, or JSON that is
    not an object (a ``summary.json`` holding a list: the index shows no figures for it)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # JSONDecodeError, bad UTF-8, deep nesting
        return {}
    return data if isinstance(data, dict) else {}


def git_state() -> dict:
    """``{"revision": <HEAD's hash>, "dirty": <tracked files changed>}`` of the project.

    Both are None when git or the repository is not there: an installed package asks no
    git (the folder above it is ``site-packages``, which may lie in someone else's
    repository).
    """
    if not paths.in_checkout():
        return {"revision": None, "dirty": None}
    root = paths.project_root()

    def git(*args):
        return subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, timeout=30
        )

    try:
        rev = git("rev-parse", "HEAD")
        status = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return {"revision": None, "dirty": None}
    if rev.returncode != 0:
        return {"revision": None, "dirty": None}
    return {"revision": rev.stdout.strip(), "dirty": bool(status.stdout.strip())}


def package_version() -> str:
    """The version of bridgestats as imported here."""
    import bridgestats  # the package itself, at call time (it imports nothing from here)

    return bridgestats.__version__


def _seconds_between(a: str | None, b: str | None) -> float | None:
    if not a or not b:
        return None
    return (_dt.datetime.fromisoformat(b) - _dt.datetime.fromisoformat(a)).total_seconds()


def timings(nb: dict) -> dict:
    """Kernel start and execution time from papermill's notebook and cell metadata.

    >>> meta = lambda s, e: {"metadata": {"papermill": {"start_time": s, "end_time": e}}}
    >>> nb = {"metadata": {"papermill": {"start_time": "2026-01-01T10:00:00"}},
    ...       "cells": [meta("2026-01-01T10:00:01", "2026-01-01T10:00:03")]}
    >>> timings(nb)
    {'kernel_start_s': 1.0, 'execute_s': 2.0}
    """
    meta = nb.get("metadata", {}).get("papermill", {})
    cells = [c.get("metadata", {}).get("papermill", {}) for c in nb.get("cells", [])]
    starts = [c["start_time"] for c in cells if c.get("start_time")]
    ends = [c["end_time"] for c in cells if c.get("end_time")]
    return {
        "kernel_start_s": _seconds_between(meta.get("start_time"), starts[0] if starts else None),
        "execute_s": _seconds_between(starts[0], ends[-1]) if starts and ends else None,
    }


def run_record(spec: RunSpec, job: Job, outcome: Outcome, folder: Path) -> dict:
    """The content of ``run.json`` for a run whose files are in ``folder``."""
    summary = read_json(folder / "summary.json")
    durations = {
        "total_s": outcome.papermill_s + (outcome.html_s or 0.0),
        "papermill_s": outcome.papermill_s,
        "kernel_start_s": outcome.kernel_start_s,
        "execute_s": outcome.execute_s,
        "html_s": outcome.html_s,
        "process_s": outcome.process_s,
    }
    return {
        "run": spec.name,
        "report": spec.report,
        "description": spec.description,
        "title": job.title,
        "status": outcome.status,
        "error": outcome.error,
        "notebook": spec.notebook.name,
        "notebook_sha256": job.notebook_sha256,
        "parameters": dict(job.parameters),
        "overrides": dict(spec.overrides),
        "seed": job.parameters.get("seed"),
        "inputs": summary.get("_inputs", {}),
        "bridgestats_version": outcome.bridgestats_version or job.version,
        "git": dict(job.git),
        "python": outcome.python,  # the kernel's interpreter
        "kernel": KERNEL_NAME,
        "started": outcome.started,
        "ended": outcome.ended,
        "durations": durations,
        "files": sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()),
    }
