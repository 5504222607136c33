"""Executing one run: papermill in the run's own process, then the HTML page.

:func:`run_logged` executes a job in a process that runs one notebook at a time (a worker
of the dispatcher's process pool; on Dask, :func:`run_in_process` starts one,
``python -m bridgestats.reports.worker``). In that process :func:`execute` runs
papermill with the run's folder as the working directory and exports the executed notebook
as ``<notebook>.html`` (code hidden unless ``show_code``), ending with the run's provenance.
Runs executing at once never share a process (nor an event loop); whatever the process
and its kernel print while a run executes goes to ``kernel.log`` in the run's folder (kept
only when not empty).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..errors import BridgestatsError
from ..names import readable
from .folder import KERNELS_DIR
from .jobs import Job, Outcome
from .provenance import KERNEL_NAME, now, package_version, read_json, timings
from .render import TEMPLATES, render

__all__ = [
    "KERNEL_LOG",
    "KERNEL_NAME",
    "execute",
    "export_html",
    "inert_markdown_html",
    "kernel_manager_class",
    "run_in_process",
    "run_logged",
]

KERNEL_LOG = "kernel.log"
_MATH_RE = re.compile(r"\$[^$\n]+\$|\\\(|\\\[|\\begin\{")


def run_logged(job: Job) -> Outcome:
    """Execute ``job`` in this process, its output and its kernel's going to ``kernel.log``.

    Called in a process that runs one notebook at a time (a worker of the dispatcher's
    process pool, or :mod:`bridgestats.reports.worker`): while the run executes, this
    process's file descriptors 1 and 2, which the kernel inherits, are the run's
    ``kernel.log``; papermill's cell bar, when ``job.progress_bar``, stays on the former
    stderr. ``process_s`` is the wall time of the whole call.
    """
    t0 = time.perf_counter()
    log_path = Path(job.folder) / KERNEL_LOG
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    stderr = sys.stderr
    try:
        with open(log_path, "ab") as log:
            os.dup2(log.fileno(), 1)
            os.dup2(log.fileno(), 2)
        if job.progress_bar:
            sys.stderr = os.fdopen(os.dup(saved[1]), "w")
        outcome = execute(job)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        if sys.stderr is not stderr:
            sys.stderr.close()
            sys.stderr = stderr
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])
    if log_path.is_file() and log_path.stat().st_size == 0:
        log_path.unlink()
    return dataclasses.replace(outcome, process_s=time.perf_counter() - t0)


def run_in_process(job: Job) -> Outcome:
    """Execute ``job`` in a new process, ``python -m bridgestats.reports.worker``.

    For a Dask worker, whose process runs several tasks at once in threads (its file
    descriptors cannot be one run's log). Never raises: a process that dies gives a failed
    outcome.
    """
    handle, result = tempfile.mkstemp(prefix="bridgestats-run-", suffix=".pickle")
    os.close(handle)
    # -P: the worker imports bridgestats as the kernel does, not from the working directory
    command = [sys.executable, "-P", "-m", "bridgestats.reports.worker", result]
    started, t0 = now(), time.perf_counter()
    try:
        proc = subprocess.run(command, input=pickle.dumps(job), check=False)
        data = Path(result).read_bytes()
    finally:
        Path(result).unlink(missing_ok=True)
    if proc.returncode == 0 and data:
        outcome = pickle.loads(data)
    else:  # before it had its log, its traceback went to the batch's stderr
        log = Path(job.folder) / KERNEL_LOG
        where = KERNEL_LOG if log.is_file() else "the batch's stderr"
        outcome = Outcome(
            status="failed",
            started=started,
            ended=now(),
            error=f"the run's process exited with status {proc.returncode} (see {where})",
        )
    # the whole process: interpreter start and imports included
    return dataclasses.replace(outcome, process_s=time.perf_counter() - t0)


def kernel_manager_class(connection_dir):
    """An AsyncKernelManager whose kernel ``KERNEL_NAME`` is ipykernel on ``sys.executable``.

    The reports must run on this interpreter, the one that has bridgestats and its data.
    The kernel has the project's name (``"bridgestats"``, which the notebooks' metadata
    names too), not ``python3``, and its spec is made here, never looked up: a kernelspec
    of either name that a user or another environment installed (``jupyter kernelspec
    list``) cannot stand in for it, and the runner needs none installed (``make`` installs
    one only so that Jupyter opens the notebooks on the project's interpreter). The
    kernel's connection file goes in ``connection_dir`` (the reports folder's
    ``.kernels/``), not the system's temporary folder, so that the files of kernels killed
    with their batch are found and removed by the next batch
    (:func:`bridgestats.reports.folder.clean_leftovers`).

    Parameters
    ----------
    connection_dir : path
        Folder for the kernels' connection files (made when the first kernel starts).

    Returns
    -------
    type
        A subclass of ``jupyter_client.manager.AsyncKernelManager``: pass it as papermill's
        ``kernel_manager_class``, with ``kernel_name=KERNEL_NAME``.
    """
    import uuid

    import zmq
    from ipykernel.kernelspec import get_kernel_dict
    from jupyter_client.kernelspec import KernelSpec
    from jupyter_client.manager import AsyncKernelManager
    from traitlets import default

    connection_dir = Path(connection_dir)

    class ThisPythonKernelManager(AsyncKernelManager):
        @default("transport_encryption")
        def _encrypt_when_possible(self):
            # CurveZMQ between runner and kernel when libzmq has it (the kernel warns otherwise)
            return "auto" if zmq.has("curve") else "disabled"

        @default("connection_file")
        def _connection_file_in_the_reports_folder(self):
            connection_dir.mkdir(exist_ok=True)
            return str(connection_dir / f"kernel-{uuid.uuid4()}.json")

        @property
        def kernel_spec(self):
            if self._kernel_spec is None and self.kernel_name == KERNEL_NAME:
                self._kernel_spec = KernelSpec(resource_dir="", **get_kernel_dict())
            return super().kernel_spec

    return ThisPythonKernelManager


def execute(job: Job) -> Outcome:
    """Execute ``job`` here, into ``job.folder``; return what happened (never raises).

    Called in the run's own process (:mod:`bridgestats.reports.worker`): papermill changes
    this process's working directory to the run's folder while the notebook runs.
    """
    import papermill
    from papermill.exceptions import PapermillExecutionError

    folder = Path(job.folder)
    output = folder / job.output_name
    started, status, error = now(), "ok", None
    t0 = time.perf_counter()
    try:
        papermill.execute_notebook(
            job.notebook,
            str(output),
            parameters=dict(job.overrides),
            kernel_name=KERNEL_NAME,
            progress_bar=job.progress_bar,
            execution_timeout=job.timeout,
            interrupt_on_timeout=True,
            cwd=str(folder),
            kernel_manager_class=kernel_manager_class(folder.parent / KERNELS_DIR),
        )
    except PapermillExecutionError as exc:
        error = f"{exc.ename}: {exc.evalue} (cell [{exc.exec_count}])"
        # interrupt_on_timeout: the cell ends in KeyboardInterrupt, or (on a loaded machine,
        # when the interrupt lands before the kernel reports the cell's error) in a bare
        # CellExecutionError with no message, past the timeout
        bare = exc.ename == "CellExecutionError" and not str(exc.evalue).strip()
        late = time.perf_counter() - t0 >= (job.timeout or math.inf)
        if job.timeout and (exc.ename == "KeyboardInterrupt" or (bare and late)):
            error = f"cell [{exc.exec_count}] timed out after {job.timeout:g} s (interrupted)"
        status = "failed"
    except Exception as exc:  # kernel died, timeout, ...: the run fails, the batch goes on
        status, error = "failed", f"{type(exc).__name__}: {exc}"
    outcome = Outcome(
        status=status,
        started=started,
        ended=started,
        error=error,
        papermill_s=time.perf_counter() - t0,
        python=sys.executable,  # the kernel's interpreter: see kernel_manager_class
        bridgestats_version=package_version(),  # as installed where the kernel runs
    )
    if output.is_file():
        try:
            outcome = dataclasses.replace(outcome, **timings(json.loads(output.read_text())))
        except (OSError, json.JSONDecodeError, ValueError):
            pass
        t1 = time.perf_counter()
        try:
            title = f"{job.title or job.name} ({job.name})"
            about = about_html(job, outcome, read_json(folder / "summary.json"))
            export_html(output, show_code=job.show_code, title=title, about=about)
        except Exception as exc:
            if outcome.status == "ok":
                outcome = dataclasses.replace(
                    outcome, status="failed", error=f"HTML export failed: {exc}"
                )
        outcome = dataclasses.replace(outcome, html_s=time.perf_counter() - t1)
    elif outcome.status == "ok":
        outcome = dataclasses.replace(
            outcome, status="failed", error="papermill wrote no executed notebook"
        )
    if outcome.status == "ok" and not (folder / "summary.json").is_file():
        outcome = dataclasses.replace(
            outcome,
            status="failed",
            error="the notebook wrote no summary.json (bridgestats.notebook.save_summary)",
        )
    return dataclasses.replace(outcome, ended=now())


def about_html(job: Job, outcome: Outcome, summary: dict) -> str:
    """The provenance block at the end of a report: what this page was made from."""
    git = job.git or {}
    rev = (git.get("revision") or "unknown") + (
        " (uncommitted changes)" if git.get("dirty") else ""
    )
    inputs = summary.get("_inputs") or {}
    failure = f" ({outcome.error})" if outcome.error else ""
    seed = job.parameters.get("seed")
    seed = "none: the notebook takes no seed" if seed is None else in_words(seed)
    rows = [
        ("run", f"{job.name}: {outcome.status}{failure}"),
        ("notebook", f"{Path(job.notebook).name}, SHA-256 {job.notebook_sha256}"),
        *parameter_rows(job),
        ("seed", seed),
        ("bridgestats", f"{job.version}, git {rev}"),
        ("inputs", "; ".join(f"{readable(k)}: SHA-256 {v}" for k, v in inputs.items()) or "none"),
        ("started", outcome.started),
    ]
    return render("about.html.j2", rows=rows)


def parameter_rows(job: Job) -> list[tuple[str, str]]:
    """The run's parameters as the provenance block shows them: each under what its
    notebook's help comment says it is (its name, spaced, when it has none), its value in
    words, "set for this run" when the run set it (the seed has a row of its own)."""
    from .parameters import inspect_parameters

    try:
        helps = {name: p.help for name, p in inspect_parameters(job.notebook).items()}
    except BridgestatsError:  # a notebook that cannot be read: the names stand in
        helps = {}
    rows = [
        (
            helps.get(name) or name.replace("_", " "),
            in_words(value) + (" (set for this run)" if name in job.overrides else ""),
        )
        for name, value in job.parameters.items()
        if name != "seed"  # a row of its own
    ]
    return [("parameters", "none")] if not rows else rows


def in_words(value) -> str:
    """A parameter's value as a reader writes it, not as Python does: no quotes, brackets
    or ``None``; scale and data set ids read as their names.

    >>> in_words(None), in_words(True), in_words("washington_2004"), in_words(0.9)
    ('none', 'yes', 'Washington (2004)', '0.9')
    >>> in_words([1.0, 4.0, 8.0]), in_words(["random", "score"]), in_words([])
    ('1, 4 and 8', 'random and score', 'none')
    >>> in_words({"teams": 8})
    'teams: 8'
    """
    from ..names import readable

    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}" if value != int(value) or abs(value) >= 1e15 else str(int(value))
    if isinstance(value, (list, tuple)):
        items = [in_words(v) for v in value]
        if not items:
            return "none"
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
    if isinstance(value, dict):
        return "; ".join(f"{readable(str(k))}: {in_words(v)}" for k, v in value.items())
    return readable(str(value))


def _has_math(nb) -> bool:
    for cell in nb.cells:
        if cell.cell_type == "markdown" and _MATH_RE.search(cell.source):
            return True
        for output in cell.get("outputs", []):
            if "text/latex" in output.get("data", {}):
                return True
    return False


def inert_markdown_html(source: str) -> str:
    """A cell's Markdown output as HTML, with any raw HTML in it shown as text and links of
    harmful schemes (``javascript:``, ``vbscript:``, ``data:``) cut: the filter of the report
    pages' Markdown outputs (``report.html.j2``).

    nbconvert's own filter passes raw HTML through, as a notebook's author may write it; the
    outputs of ``show_markdown`` carry names read from files, which it already makes inert
    (:func:`bridgestats.notebook.inert_markdown`), and this is the second line of defence.

    >>> print(inert_markdown_html("**6** <img src=x onerror=f()> &lt; [a](javascript:f())"))
    <p><strong>6</strong> &lt;img src=x onerror=f()&gt; &lt; <a href="#harmful-link">a</a></p>
    """
    from nbconvert.filters.markdown_mistune import MarkdownWithMath

    renderer = _inert_renderer()(escape=False, allow_harmful_protocols=False)
    return MarkdownWithMath(renderer=renderer).render(source).rstrip("\n")


@functools.cache
def _inert_renderer():
    """nbconvert's Markdown renderer with raw HTML (inline and block) shown as text; text
    keeps its character references (mistune's own ``escape=True`` would show ``&lt;`` as
    written)."""
    import html

    from nbconvert.filters.markdown_mistune import IPythonRenderer

    class InertRenderer(IPythonRenderer):
        def inline_html(self, html_text: str) -> str:
            return html.escape(html_text, quote=False)

        def block_html(self, html_text: str) -> str:
            return f"<p>{html.escape(html_text.strip(), quote=False)}</p>\n"

    return InertRenderer


def export_html(notebook_path, *, show_code: bool, title: str = "", about: str = "") -> Path:
    """Render an executed notebook as ``<same name>.html`` (code hidden unless asked).

    The page is nbconvert's lab template without remote scripts (``report.html.j2``), the
    cells' Markdown outputs rendered by :func:`inert_markdown_html`; ``about`` is HTML
    appended at its end (the run's provenance).
    """
    import nbformat
    from nbconvert import HTMLExporter

    notebook_path = Path(notebook_path)
    exporter = HTMLExporter(
        extra_template_paths=[str(TEMPLATES)],
        template_file="report.html.j2",
        exclude_input=not show_code,
        exclude_input_prompt=not show_code,
        exclude_output_prompt=not show_code,
        embed_images=True,
        filters={"bridgestats_inert_markdown": inert_markdown_html},
    )
    nb = nbformat.read(notebook_path, as_version=4)
    resources = {
        "bridgestats_math": _has_math(nb),
        "bridgestats_about": about,
        "metadata": {"name": title or notebook_path.stem},
    }
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    out = notebook_path.with_suffix(".html")
    out.write_text(body, encoding="utf-8")
    return out
