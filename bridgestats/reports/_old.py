"""The report runner's execution, dispatch and index (being split into modules)."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import datetime as _dt
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from .. import paths
from ..errors import BridgestatsError
from .config import ReportConfig, RunSpec, expand_runs, load_config
from .parameters import check_parameters, notebook_title

KERNEL_NAME = "python3"
KERNEL_LOG = "kernel.log"
_STATUSES = ("ok", "failed", "missing", "not run")
# the temporary folders of _job and _replace_dir: .<run>.tmp-XXXX, .<run>.old-XXXX
_LEFTOVER_RE = re.compile(r"^\..+\.(?:tmp|old)-[^.]+$")


# --- provenance ----------------------------------------------------------------------------


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def _sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _git_state() -> dict:
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


def _package_version() -> str:
    import bridgestats  # the package itself, at call time (it imports nothing from here)

    return bridgestats.__version__


# --- execution (runs in a worker thread, or on a Dask worker) -----------------------------


def _kernel_manager_class():
    """An AsyncKernelManager whose ``python3`` kernel is ipykernel on ``sys.executable``.

    jupyter_client would otherwise take whichever ``python3`` kernelspec it finds first
    (a user's, another environment's); the reports must run on this interpreter.
    """
    import zmq
    from ipykernel.kernelspec import get_kernel_dict
    from jupyter_client.kernelspec import KernelSpec
    from jupyter_client.manager import AsyncKernelManager
    from traitlets import default

    class ThisPythonKernelManager(AsyncKernelManager):
        @default("transport_encryption")
        def _encrypt_when_possible(self):
            # CurveZMQ between runner and kernel when libzmq has it (the kernel warns otherwise)
            return "auto" if zmq.has("curve") else "disabled"

        @property
        def kernel_spec(self):
            if self._kernel_spec is None and self.kernel_name == KERNEL_NAME:
                self._kernel_spec = KernelSpec(resource_dir="", **get_kernel_dict())
            return super().kernel_spec

        async def _async_launch_kernel(self, kernel_cmd, **kw):
            # jupyter_client's documented hook for launching differently: the kernel
            # process's own output (its log, C-level prints) goes to <run>/kernel.log
            # instead of the batch's terminal
            if kw.get("cwd") and "stderr" not in kw:
                self._bridgestats_log = open(Path(kw["cwd"]) / KERNEL_LOG, "ab")
                kw.update(stdout=self._bridgestats_log, stderr=self._bridgestats_log)
            return await super()._async_launch_kernel(kernel_cmd, **kw)

        async def cleanup_resources(self, restart=False):
            await super().cleanup_resources(restart=restart)
            log = getattr(self, "_bridgestats_log", None)
            if log is not None and not restart:
                log.close()

    return ThisPythonKernelManager


def _seconds_between(a: str | None, b: str | None) -> float | None:
    if not a or not b:
        return None
    return (_dt.datetime.fromisoformat(b) - _dt.datetime.fromisoformat(a)).total_seconds()


def _timings(nb) -> dict:
    """Kernel start and execution time from papermill's notebook and cell metadata."""
    meta = nb.get("metadata", {}).get("papermill", {})
    cells = [c.get("metadata", {}).get("papermill", {}) for c in nb.get("cells", [])]
    starts = [c["start_time"] for c in cells if c.get("start_time")]
    ends = [c["end_time"] for c in cells if c.get("end_time")]
    return {
        "kernel_start_s": _seconds_between(meta.get("start_time"), starts[0] if starts else None),
        "execute_s": _seconds_between(starts[0], ends[-1]) if starts and ends else None,
    }


# nbconvert's lab template without its CDN scripts: require.js (only for widgets) and
# mermaid always go; MathJax stays only when the notebook has math to typeset.
_HTML_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_js_mathjax -%}
{%- if resources.bridgestats_math -%}{{ super() }}{%- endif -%}
{%- endblock html_head_js_mathjax -%}
{% block body_footer %}{{ resources.bridgestats_about }}{{ super() }}{% endblock body_footer %}
"""
_MATH_RE = re.compile(r"\$[^$\n]+\$|\\\(|\\\[|\\begin\{")


def _has_math(nb) -> bool:
    for cell in nb.cells:
        if cell.cell_type == "markdown" and _MATH_RE.search(cell.source):
            return True
        for output in cell.get("outputs", []):
            if "text/latex" in output.get("data", {}):
                return True
    return False


def _export_html(notebook_path: Path, *, show_code: bool, title: str = "", about: str = "") -> Path:
    """Render the executed notebook as ``<same name>.html`` (code hidden unless asked).

    ``about`` is HTML appended at the end of the page (the run's provenance).
    """
    import nbformat
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        extra_loaders=[DictLoader({"bridgestats_report.html.j2": _HTML_TEMPLATE})],
        template_file="bridgestats_report.html.j2",
        exclude_input=not show_code,
        exclude_input_prompt=not show_code,
        exclude_output_prompt=not show_code,
        embed_images=True,
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


def _in_own_event_loop(func, /, *args, **kwargs):
    """Call ``func`` in a fresh contextvars context with its own event loop, closed after.

    nbclient runs its coroutines on jupyter_core's per-context loop. Dask runs a task in a
    copy of its caller's context, so two tasks could share (and both try to run) one loop;
    a fresh context per run avoids that. Under an already running loop (a notebook calling
    run_reports), jupyter_core's own task runner is used and nothing is changed here.
    """
    from jupyter_core.utils import ensure_event_loop

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        return func(*args, **kwargs)

    def call():
        loop = ensure_event_loop()
        try:
            return func(*args, **kwargs)
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    return contextvars.Context().run(call)


def _about_html(job: dict, outcome: dict, summary: dict) -> str:
    """The provenance block at the end of a report: what this page was made from."""
    prov = job["provenance"]
    git = prov["git"]
    rev = (git["revision"] or "unknown") + (" (uncommitted changes)" if git["dirty"] else "")
    params = ", ".join(
        f"{k} = {v!r}" + (" (set)" if k in job["overrides"] else "")
        for k, v in prov["parameters"].items()
    )
    inputs = summary.get("_inputs") or {}
    rows = [
        (
            "run",
            f"{job['name']}: {outcome['status']}"
            + (f" ({outcome['error']})" if outcome["error"] else ""),
        ),
        ("notebook", f"{Path(job['notebook']).name}, SHA-256 {job['notebook_sha256']}"),
        ("parameters", params or "(none)"),
        ("seed", repr(prov["parameters"].get("seed"))),
        ("bridgestats", f"{prov['version']}, git {rev}"),
        ("inputs", "; ".join(f"{k}: SHA-256 {v}" for k, v in inputs.items()) or "(none)"),
        ("started", outcome["started"]),
    ]
    body = "".join(
        f'<tr><th style="text-align:left;padding-right:1em;vertical-align:top">'
        f"{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>"
        for k, v in rows
    )
    return (
        '<section style="margin:2em 1em;padding:0.6em 1em;border-top:1px solid #ccc;'
        'font:0.85em system-ui,sans-serif;color:#444;overflow-wrap:anywhere">'
        f'<h2 style="font-size:1.1em">About this report</h2><table>{body}</table></section>'
    )


def _execute(job: dict) -> dict:
    """Execute one run into ``job["folder"]``; return what happened (never raises)."""
    import papermill
    from papermill.exceptions import PapermillExecutionError

    folder = Path(job["folder"])
    output = folder / job["output_name"]
    outcome = {
        "status": "ok",
        "error": None,
        "started": _now(),
        "python": sys.executable,  # the kernel's interpreter: see _kernel_manager_class
        "bridgestats_version": _package_version(),  # as installed where the kernel runs
    }
    _log(f"start {job['name']}")
    t0 = time.perf_counter()
    try:
        _in_own_event_loop(
            papermill.execute_notebook,
            job["notebook"],
            str(output),
            parameters=job["overrides"],
            kernel_name=KERNEL_NAME,
            progress_bar=job["progress_bar"],
            execution_timeout=job["timeout"],
            interrupt_on_timeout=True,
            # the kernel's working directory, per kernel (papermill's cwd= would chdir the
            # whole process, which races between parallel runs)
            resources={"metadata": {"path": str(folder)}},
            kernel_manager_class=_kernel_manager_class(),
        )
    except PapermillExecutionError as exc:
        error = f"{exc.ename}: {exc.evalue} (cell [{exc.exec_count}])"
        if exc.ename == "KeyboardInterrupt" and job["timeout"]:  # interrupt_on_timeout
            error = f"cell [{exc.exec_count}] timed out after {job['timeout']:g} s (interrupted)"
        outcome.update(status="failed", error=error)
    except Exception as exc:  # kernel died, timeout, ...: the run fails, the batch goes on
        outcome.update(status="failed", error=f"{type(exc).__name__}: {exc}")
    outcome["papermill_s"] = time.perf_counter() - t0
    outcome.update(kernel_start_s=None, execute_s=None, html_s=None)
    if output.is_file():
        try:
            outcome.update(_timings(json.loads(output.read_text())))
        except (OSError, json.JSONDecodeError, ValueError):
            pass
        t1 = time.perf_counter()
        try:
            title = f"{job['title'] or job['name']} ({job['name']})"
            about = _about_html(job, outcome, _read_json(folder / "summary.json"))
            _export_html(output, show_code=job["show_code"], title=title, about=about)
        except Exception as exc:
            if outcome["status"] == "ok":
                outcome.update(status="failed", error=f"HTML export failed: {exc}")
        outcome["html_s"] = time.perf_counter() - t1
    elif outcome["status"] == "ok":
        outcome.update(status="failed", error="papermill wrote no executed notebook")
    log = folder / KERNEL_LOG
    if log.is_file() and log.stat().st_size == 0:
        log.unlink()
    if outcome["status"] == "ok" and not (folder / "summary.json").is_file():
        outcome.update(
            status="failed",
            error="the notebook wrote no summary.json (bridgestats.notebook.save_summary)",
        )
    outcome["ended"] = _now()
    return outcome


def _execute_remote(job: dict) -> tuple[dict, dict]:
    """Dask task: execute in a scratch folder on the worker and return the files' bytes.

    The client writes them into the run's folder, so the workers need bridgestats and its
    data but no file system shared with the client.
    """
    with tempfile.TemporaryDirectory(prefix="bridgestats-run-") as scratch:
        scratch = Path(scratch)
        notebook = scratch / "input" / Path(job["notebook"]).name
        notebook.parent.mkdir()
        notebook.write_text(job.pop("notebook_source"))
        folder = scratch / "run"
        folder.mkdir()
        outcome = _execute({**job, "notebook": str(notebook), "folder": str(folder)})
        files = {
            p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*"))
            if p.is_file()
        }
    return outcome, files


# --- results -------------------------------------------------------------------------------


@dataclasses.dataclass
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


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def _finish(spec: RunSpec, job: dict, outcome: dict, context: dict, root: Path) -> RunResult:
    """Write run.json into the temporary folder and move it into place."""
    tmp = Path(job["folder"])
    summary = _read_json(tmp / "summary.json")
    durations = {
        "total_s": outcome["papermill_s"] + (outcome["html_s"] or 0.0),
        "papermill_s": outcome["papermill_s"],
        "kernel_start_s": outcome["kernel_start_s"],
        "execute_s": outcome["execute_s"],
        "html_s": outcome["html_s"],
    }
    record = {
        "run": spec.name,
        "report": spec.report,
        "description": spec.description,
        "title": job["title"],
        "status": outcome["status"],
        "error": outcome["error"],
        "notebook": spec.notebook.name,
        "notebook_sha256": job["notebook_sha256"],
        "parameters": context["parameters"],
        "overrides": dict(spec.overrides),
        "seed": context["parameters"].get("seed"),
        "inputs": summary.get("_inputs", {}),
        "bridgestats_version": outcome.get("bridgestats_version", context["version"]),
        "git": context["git"],
        "python": outcome.get("python"),  # the kernel's interpreter (see _execute)
        "kernel": KERNEL_NAME,
        "started": outcome["started"],
        "ended": outcome["ended"],
        "durations": durations,
        "files": sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file()),
    }
    (tmp / "run.json").write_text(json.dumps(record, indent=2, default=str) + "\n")
    final = root / spec.name
    if outcome["status"] == "ok":
        _replace_dir(tmp, final, root)
        shutil.rmtree(root / f"{spec.name}.failed", ignore_errors=True)
    else:
        final = root / f"{spec.name}.failed"
        _replace_dir(tmp, final, root)
    return RunResult(
        spec.name, spec.report, outcome["status"], final, outcome["error"], summary, record
    )


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


# --- the batch ------------------------------------------------------------------------------


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
        Runs executed at once (each in its own kernel process).
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
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise BridgestatsError(f"jobs: must be a positive integer, got {jobs!r}")
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
        _log(
            f"{len(stale)} temporary folder(s) in {root} left by an interrupted batch (not"
            f" removed, another batch may be running): {', '.join(stale)}"
        )
    context = {"version": _package_version(), "git": _git_state()}
    runnable = [s for s in specs if not s.missing]
    jobs_by_name = {
        s.name: _job(s, root, show_code, cfg.timeout, {**context, "parameters": merged[s.name]})
        for s in runnable
    }
    if len(runnable) == 1 and jobs == 1 and scheduler is None and sys.stderr.isatty():
        jobs_by_name[runnable[0].name]["progress_bar"] = True
    results: dict[str, RunResult] = {}
    for spec in specs:
        if spec.missing:
            _log(f"missing {spec.name}: {spec.notebook} does not exist yet")
            results[spec.name] = RunResult(spec.name, spec.report, "missing", None)
    by_name = {s.name: s for s in specs}
    try:
        for name, outcome in _dispatch(jobs_by_name, jobs=jobs, scheduler=scheduler):
            spec = by_name[name]
            ctx = {**context, "parameters": merged[name]}
            result = _finish(spec, jobs_by_name[name], outcome, ctx, root)
            results[name] = result
            took = result.record["durations"]["total_s"]
            tail = f": {result.error}" if result.error else ""
            done = sum(r.status != "missing" for r in results.values())
            _log(f"{result.status:6s} {name} ({took:.1f} s) [{done}/{len(runnable)}]{tail}")
    finally:  # interrupted: leave no temporary folders behind
        for job in jobs_by_name.values():
            shutil.rmtree(job["folder"], ignore_errors=True)
    ordered = [results[s.name] for s in specs]
    write_index(root, config=cfg, results=ordered)
    return ordered


def _log(message: str) -> None:
    """One progress line on stderr (above the progress bar, when there is one)."""
    from tqdm import tqdm

    tqdm.write(f"[reports] {message}", file=sys.stderr)


def _job(spec: RunSpec, root: Path, show_code: bool, timeout, provenance: dict) -> dict:
    folder = Path(tempfile.mkdtemp(prefix=f".{spec.name}.tmp-", dir=root))
    folder.chmod(0o755)  # mkdtemp makes it private; reports are for reading
    return {
        "name": spec.name,
        "notebook": str(spec.notebook),
        "notebook_sha256": _sha256(spec.notebook),
        "title": notebook_title(spec.notebook),
        "output_name": spec.notebook.name,
        "folder": str(folder),
        "overrides": dict(spec.overrides),
        "show_code": show_code,
        "progress_bar": False,
        "timeout": timeout,
        "provenance": provenance,
    }


def _dispatch(jobs_by_name: dict, *, jobs: int, scheduler):
    """Yield ``(name, outcome)`` as runs finish: serially, in threads or on Dask."""
    from tqdm import tqdm

    with tqdm(
        total=len(jobs_by_name),
        desc="reports",
        unit="run",
        file=sys.stderr,
        # one run shows papermill's own bar (cells) instead
        disable=not sys.stderr.isatty() or len(jobs_by_name) < 2,
    ) as bar:
        if scheduler is not None:
            yield from _dispatch_dask(jobs_by_name, scheduler, bar)
        elif jobs == 1:
            for name, job in jobs_by_name.items():
                yield name, _execute(job)
                bar.update()
        else:
            with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="report") as pool:
                futures = {pool.submit(_execute, job): name for name, job in jobs_by_name.items()}
                for future in as_completed(futures):
                    yield futures[future], future.result()
                    bar.update()


def _dispatch_dask(jobs_by_name: dict, scheduler, bar):
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
            remote = {**job, "notebook_source": Path(job["notebook"]).read_text()}
            futures[client.submit(_execute_remote, remote, key=f"report-{name}", pure=False)] = name
        _log(f"submitted {len(futures)} run(s) to {client.scheduler.address}")
        for future in dask_completed(futures):
            name = futures[future]
            try:
                outcome, files = future.result()
            except Exception as exc:  # the worker itself died
                stamp = _now()
                outcome = {
                    "status": "failed",
                    "error": f"dask: {type(exc).__name__}: {exc}",
                    "started": stamp,
                    "ended": stamp,
                    "papermill_s": 0.0,
                    "kernel_start_s": None,
                    "execute_s": None,
                    "html_s": None,
                }
                files = {}
            folder = Path(jobs_by_name[name]["folder"])
            for rel, data in files.items():
                target = folder / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            yield name, outcome
            bar.update()
    finally:
        if client is not scheduler:
            client.close()


# --- the index -----------------------------------------------------------------------------


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
       max-width: 78em; padding: 0 1em; color: #1b1b1b; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
p.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.45em 0.6em; text-align: left;
         vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; white-space: nowrap; }
.status { font-weight: 600; padding: 0.1em 0.5em; border-radius: 0.3em; white-space: nowrap; }
.ok { background: #dcf5dc; color: #145214; }
.failed { background: #fbdcdc; color: #7a1010; }
.missing, .not-run { background: #eee; color: #555; }
dl { margin: 0; display: grid; grid-template-columns: max-content auto; gap: 0 0.8em; }
dt { color: #555; } dd { margin: 0; font-variant-numeric: tabular-nums; }
.error { color: #7a1010; font-family: monospace; font-size: 0.9em; }
.small { color: #555; font-size: 0.9em; }
"""


def _fmt(value) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        if len(value) <= 6 and all(isinstance(v, (int, float, str)) for v in value):
            return "[" + ", ".join(_fmt(v) for v in value) + "]"
        return f"[{len(value)} values]"
    if isinstance(value, dict):
        return f"{{{len(value)} keys}}"
    return str(value)


def _headline(summary: dict, *, limit: int = 8) -> str:
    """The summary's headline figures as a definition list.

    The keys named in ``"_headline"`` (see :func:`bridgestats.notebook.save_summary`), in
    that order; without them the first ``limit`` scalars, then short lists, in file order.
    """
    items = {k: v for k, v in summary.items() if not k.startswith("_")}
    shown = [k for k in summary.get("_headline") or [] if k in items]
    if not shown:
        shown = [k for k, v in items.items() if not isinstance(v, dict)]
        shown = sorted(shown, key=lambda k: isinstance(items[k], list))[:limit]  # scalars first
    if not shown:
        return ""
    rows = "".join(
        f"<dt>{html.escape(k)}</dt><dd>{html.escape(_fmt(items[k]))}</dd>" for k in shown
    )
    more = len(items) - len(shown)
    extra = f'<span class="small">and {more} more in summary.json</span>' if more > 0 else ""
    return f"<dl>{rows}</dl>{extra}"


def _link(root: Path, folder: Path | None, file: str, label: str) -> str:
    if folder is None or not (folder / file).exists():
        return ""
    href = html.escape((folder / file).relative_to(root).as_posix(), quote=True)
    return f'<a href="{href}">{html.escape(label)}</a>'


def _disk_state(root: Path, name: str) -> dict:
    good, failed = root / name, root / f"{name}.failed"
    return {
        "good": _read_json(good / "run.json") if (good / "run.json").is_file() else None,
        "failed": _read_json(failed / "run.json") if (failed / "run.json").is_file() else None,
    }


def _row(root: Path, name: str, *, report: str, missing: bool) -> dict:
    """One index row, from what is on disk: the latest attempt decides the status."""
    state = _disk_state(root, name)
    good, failed = state["good"], state["failed"]
    row = {
        "name": name,
        "report": report,
        "status": "not run",
        "record": {},
        "folder": None,
        "previous": None,
    }
    if failed is not None and (good is None or failed.get("ended", "") >= good.get("ended", "")):
        row.update(status="failed", record=failed, folder=root / f"{name}.failed")
        row["previous"] = root / name if good is not None else None
    elif good is not None:
        row.update(status="ok", record=good, folder=root / name)
    elif missing:
        row["status"] = "missing"
    return row


def write_index(root, *, config: ReportConfig | None = None, results=()) -> Path:
    """Write ``<root>/index.html`` listing every run: configured, just run, or on disk.

    Each row shows the run's status, headline figures (``summary.json``), parameters,
    end time and duration, and links to the HTML report, the executed notebook,
    ``summary.json``, ``run.json`` and the figures. The page is self-contained.
    """
    root = Path(root)
    rows: dict[str, dict] = {}
    if config is not None:
        for spec in expand_runs(dataclasses.replace(config, allow_missing=True)):
            rows[spec.name] = _row(root, spec.name, report=spec.report, missing=spec.missing)
    for result in results:
        rows[result.name] = _row(
            root, result.name, report=result.report, missing=result.status == "missing"
        )
    for run_json in sorted(root.glob("*/run.json")):
        name = run_json.parent.name.removesuffix(".failed")
        if name not in rows and not name.startswith("."):
            rows[name] = _row(
                root, name, report=_read_json(run_json).get("report", name), missing=False
            )
    body = "\n".join(_index_row(root, row) for row in rows.values())
    counts = {s: sum(r["status"] == s for r in rows.values()) for s in _STATUSES}
    tally = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    git = _git_state()
    rev = (git["revision"] or "unknown")[:12] + (" (dirty tree)" if git["dirty"] else "")
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bridgestats reports</title>
<style>{_CSS}</style>
</head>
<body>
<h1>bridgestats reports</h1>
<p class="meta">Index written {html.escape(_when(_now()))} by bridgestats
{html.escape(_package_version())}, git {html.escape(rev)}.
{len(rows)} run(s): {html.escape(tally)}.</p>
<table>
<thead><tr><th>run</th><th>status</th><th>headline figures</th><th>parameters</th>
<th>finished</th><th>time</th><th>files</th></tr></thead>
<tbody>
{body}
</tbody>
</table>
</body>
</html>
"""
    out = root / "index.html"
    out.write_text(page, encoding="utf-8")
    return out


def _when(stamp: str | None) -> str:
    """An ISO time as ``YYYY-MM-DD HH:MM:SS UTC`` ("" when absent)."""
    if not stamp:
        return ""
    when = _dt.datetime.fromisoformat(stamp).astimezone(_dt.UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S UTC")


def _index_row(root: Path, row: dict) -> str:
    record, folder = row["record"], row["folder"]
    status = row["status"]
    css = status.replace(" ", "-")
    name = html.escape(row["name"])
    desc = html.escape(record.get("description") or record.get("title") or "")
    title = f"<strong>{name}</strong>"
    if row["report"] != row["name"]:
        title += f'<br><span class="small">{html.escape(row["report"])}</span>'
    if desc:
        title += f'<br><span class="small">{desc}</span>'
    summary = _read_json(folder / "summary.json") if folder else {}
    figures = _headline(summary)
    if record.get("error"):
        figures = f'<div class="error">{html.escape(record["error"])}</div>' + figures
    params = record.get("overrides") or {}
    params_html = "<br>".join(
        f"{html.escape(k)} = {html.escape(_fmt(v))}" for k, v in params.items()
    )
    took = (record.get("durations") or {}).get("total_s")
    took_html = f"{took:.1f} s" if isinstance(took, (int, float)) else ""
    links = []
    if folder is not None:
        stem = Path(record.get("notebook", "")).stem
        links += [
            _link(root, folder, f"{stem}.html", "report"),
            _link(root, folder, f"{stem}.ipynb", "notebook"),
            _link(root, folder, "summary.json", "summary.json"),
            _link(root, folder, "run.json", "run.json"),
            _link(root, folder, KERNEL_LOG, "kernel log") if status == "failed" else "",
            *(
                _link(root, folder, f"figures/{png.name}", f"figure {png.stem}")
                for png in sorted((folder / "figures").glob("*.png"))
            ),
        ]
    if row["previous"] is not None:
        prev = _read_json(row["previous"] / "run.json")
        stem = Path(prev.get("notebook", "")).stem
        links.append(_link(root, row["previous"], f"{stem}.html", "previous good report"))
    links_html = " · ".join(link for link in links if link)
    return (
        f'<tr><td>{title}</td><td><span class="status {css}">{html.escape(status)}</span></td>'
        f"<td>{figures}</td><td>{params_html}</td>"
        f'<td class="num">{html.escape(_when(record.get("ended")))}</td>'
        f'<td class="num">{took_html}</td><td>{links_html}</td></tr>'
    )
