"""The batch runner: execute the evidence notebooks into HTML reports (``make reports``).

The batch is configured in ``notebooks/reports.toml``: each ``[[report]]`` entry names a
notebook, its parameters and optionally a parameter ``grid`` that expands into several runs.
Every run executes with papermill in a worker process (a notebook at a time) and a kernel
running this interpreter, with the run's folder as the kernel's working directory, and leaves in
``reports/<run>/``:

- the executed notebook and its HTML rendering (code hidden unless ``show_code``);
- ``summary.json`` and ``figures/``, written by the notebook itself through
  :mod:`bridgestats.notebook`;
- ``run.json``: package version, git revision (and whether the tree was dirty), parameters
  (notebook defaults merged with the overrides), seed, SHA-256 of the notebook and of its
  inputs, start and end times, durations (kernel start, execution, HTML export, the run's
  process) and status.

``reports/index.html`` lists every run with its headline figures, status, time and links.
Each HTML report ends with the same provenance ("About this report"); whatever the run's
process and its kernel print goes to ``kernel.log`` in the run's folder (kept only when
not empty).

Runs execute one at a time, ``jobs`` at a time (in as many worker processes: runs
executing at once never share a process or an event loop), or on a Dask cluster
(``scheduler``, each run in a process started for it): there each run executes in a
scratch folder on the worker and its files are sent back, so the workers need bridgestats
and its data but no shared disk.

Failures are contained: each run is written to a temporary folder under ``reports/`` and
moved into place only when it succeeded; a failed run's partial output (the executed
notebook shows the error) goes to ``reports/<run>.failed/`` and the previous good
``reports/<run>/`` stays. Parameter names are checked against each notebook's
``parameters`` cell before anything runs. One batch at a time holds the reports folder
(a second one is refused; see :mod:`~bridgestats.reports.folder`), removes what killed
batches left there, and on Ctrl-C stops the running notebooks and keeps the previous
reports.

The rooms: :mod:`~bridgestats.reports.config` (the configuration file and its runs),
:mod:`~bridgestats.reports.parameters` (a notebook's parameters cell),
:mod:`~bridgestats.reports.jobs` (jobs and outcomes, frozen dataclasses that pickle),
:mod:`~bridgestats.reports.execute` and :mod:`~bridgestats.reports.worker` (one run in a
process), :mod:`~bridgestats.reports.dispatch` (a process pool or Dask),
:mod:`~bridgestats.reports.provenance` (``run.json``),
:mod:`~bridgestats.reports.folder` (the folder's lock and leftovers),
:mod:`~bridgestats.reports.batch` (:func:`run_reports`), :mod:`~bridgestats.reports.index` and
:mod:`~bridgestats.reports.render` (the page templates in ``templates/``).

Configuration file
------------------
.. code-block:: toml

    allow_missing = false       # true: a listed notebook that does not exist is reported
                                # as "missing" instead of being an error
    timeout = 1800              # optional: seconds a cell may run before its run fails

    [[report]]
    name = "washington_sigma"   # run name: letters, digits, "_", "-", "."
                                # (not index.html, which the runner writes)
    notebook = "washington_sigma.ipynb"   # relative to the configuration file
    description = "..."         # optional, shown in the index
    parameters = { n_boards = 8 }         # optional overrides of the notebook's defaults
    grid = { seed = [1, 2, 3] }           # optional: one run per combination,
                                          # named washington_sigma__seed-1, ...
"""

from __future__ import annotations

from .batch import run_reports
from .config import (
    ReportConfig,
    ReportEntry,
    RunSpec,
    default_config_path,
    expand_runs,
    load_config,
)
from .index import findings_problems, write_index
from .jobs import RunResult
from .parameters import (
    check_parameters,
    inspect_parameters,
    notebook_parameters,
    notebook_title,
    parse_param,
    parse_type,
    resolve_paths,
    value_matches,
)

__all__ = [
    "ReportConfig",
    "ReportEntry",
    "RunResult",
    "RunSpec",
    "check_parameters",
    "default_config_path",
    "expand_runs",
    "findings_problems",
    "inspect_parameters",
    "load_config",
    "notebook_parameters",
    "notebook_title",
    "parse_param",
    "parse_type",
    "resolve_paths",
    "run_reports",
    "value_matches",
    "write_index",
]
