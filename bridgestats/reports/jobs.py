"""What a run is asked to do (:class:`Job`), what it did (:class:`Outcome`), and what the
batch returns for it (:class:`RunResult`).

Jobs and outcomes are frozen dataclasses of plain values: they pickle, so they travel to a
run's own process and to a Dask worker and back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

__all__ = ["Job", "Outcome", "RunResult"]


@dataclasses.dataclass(frozen=True)
class Job:
    """One run to execute: the notebook, where to write it, and what to record about it.

    ``folder`` is the run's (temporary) folder, the kernel's working directory;
    ``overrides`` are the parameters passed to papermill, ``parameters`` the notebook's
    defaults merged with them; ``version`` and ``git`` describe the batch's bridgestats.
    ``notebook_source`` carries the notebook's text to a Dask worker (None locally).
    """

    name: str
    notebook: str
    folder: str
    title: str = ""
    notebook_sha256: str = ""
    overrides: Mapping = dataclasses.field(default_factory=dict)
    parameters: Mapping = dataclasses.field(default_factory=dict)
    version: str = ""
    git: Mapping = dataclasses.field(default_factory=dict)
    show_code: bool = False
    progress_bar: bool = False
    timeout: float | None = None
    notebook_source: str | None = None

    @property
    def output_name(self) -> str:
        """The executed notebook's file name in ``folder`` (the source's name)."""
        return Path(self.notebook).name


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one execution did; never an exception.

    ``status`` is ``"ok"`` or ``"failed"`` (with ``error``); times are ISO 8601 in UTC with
    milliseconds; durations are seconds: papermill's call, the kernel start and the cells
    (from papermill's metadata), the HTML export, and ``process_s`` the wall time of the run
    in its process (with the process's start and imports when it was started for this run,
    or its worker's first run). ``python`` and ``bridgestats_version`` are those of the
    process that ran the kernel.
    """

    status: str
    started: str
    ended: str
    error: str | None = None
    papermill_s: float = 0.0
    kernel_start_s: float | None = None
    execute_s: float | None = None
    html_s: float | None = None
    process_s: float | None = None
    python: str | None = None
    bridgestats_version: str | None = None


@dataclasses.dataclass(frozen=True)
class RunResult:
    """What one run did. ``folder`` is where its output is (None for a missing notebook).

    ``status`` is ``"ok"``, ``"failed"`` or ``"missing"``; ``record`` is the run.json
    content (empty for a missing notebook).
    """

    name: str
    report: str
    status: str
    folder: Path | None
    error: str | None = None
    summary: dict = dataclasses.field(default_factory=dict)
    record: dict = dataclasses.field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when the run succeeded (a missing notebook is not ok, but not a failure)."""
        return self.status == "ok"
