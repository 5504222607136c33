"""``bridgestats reports``: the evidence notebooks run into HTML reports.

Part of :mod:`bridgestats.cli`.
"""

from __future__ import annotations

import argparse
import sys

from ._common import _write_out
from .scale import _need_browser

_REPORTS_EPILOG = """examples:
  bridgestats reports                               run every report in notebooks/reports.toml
  bridgestats reports --list                        show the runs and their parameters
  bridgestats reports --only washington_sigma -p n_boards=12
  bridgestats reports --jobs 2 --show-code
  bridgestats reports --scheduler tcp://10.0.0.5:8786   run on a Dask cluster

exit status: 0 all runs ok (missing notebooks only reported), 1 some run failed,
2 bad arguments or configuration, or another batch is running in the folder (nothing was
run), 130 interrupted (Ctrl-C: the running notebooks are stopped, earlier reports kept),
143 stopped by SIGTERM and 129 by SIGHUP, a closed terminal (both handled as Ctrl-C)."""


def _add_reports(sub) -> None:
    p = sub.add_parser(
        "reports",
        help="run the evidence notebooks into HTML reports",
        description="Execute the notebooks listed in the configuration with papermill and "
        "write reports/<run>/ (executed notebook, HTML, summary.json, figures, run.json) "
        "and reports/index.html.",
        epilog=_REPORTS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", metavar="FILE", help="default notebooks/reports.toml")
    p.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="run only this report or run"
    )
    p.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a notebook parameter (Python/JSON literal, else a string); repeatable",
    )
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="runs at once (1)")
    p.add_argument("--reports-dir", metavar="DIR", help="output folder (default reports/)")
    p.add_argument("--show-code", action="store_true", help="show code cells in the HTML")
    p.add_argument(
        "--pdf",
        action="store_true",
        help="also print each report to <report>.pdf (A4, through headless Chromium)",
    )
    p.add_argument("--list", action="store_true", help="list the runs and their parameters")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler")
    p.set_defaults(func=_run_reports)


def _run_reports(args) -> int:
    from pathlib import Path

    from .. import paths, reports

    params = dict(reports.parse_param(text) for text in args.param)
    config = reports.load_config(args.config)
    if args.list:
        return _list_reports(reports, config, only=args.only, params=params)
    if args.pdf:
        _need_browser("--pdf")
    results = reports.run_reports(
        config,
        only=args.only,
        params=params,
        jobs=args.jobs,
        reports_dir=args.reports_dir,
        scheduler=args.scheduler,
        show_code=args.show_code,
    )
    counts = {s: sum(r.status == s for r in results) for s in ("ok", "failed", "missing")}
    index = Path(args.reports_dir or paths.reports_dir()) / "index.html"
    for result in results:  # findings of more than one sentence, or no headline (issue 22)
        summary = Path(result.folder or "") / "summary.json"
        if result.status == "ok" and result.folder is not None and summary.is_file():
            for problem in reports.findings_problems(summary):
                print(f"[reports] warn   {result.name}: {problem}", file=sys.stderr)
    if args.pdf:
        from ..reports import browser

        for result in results:
            if result.status == "ok" and result.folder is not None:
                for page in sorted(Path(result.folder).glob("*.html")):
                    pdf = browser.print_pdf(page, page.with_suffix(".pdf"))
                    print(f"[reports] pdf    {pdf}", file=sys.stderr)
    print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"; see {index}", file=sys.stderr)
    return 1 if counts["failed"] else 0


def _list_reports(reports, config, *, only, params) -> int:
    """Print each run, its notebook and its parameters (defaults, overrides marked *), with
    the type and help comment the parameters cell gives them (written at once, so that a
    closed pipe or a full disk is reported: see :func:`_write_out`)."""
    lines = []
    for run in reports.expand_runs(config, only=only, params=params):
        if run.missing:
            lines.append(f"{run.name}  [{run.notebook.name}: missing]")
            continue
        merged = reports.check_parameters(run.notebook, run.overrides, run=run.name)
        declared = reports.inspect_parameters(run.notebook)
        lines.append(f"{run.name}  [{run.notebook.name}]")
        for name, value in merged.items():
            mark = "*" if name in run.overrides else " "
            kind = f": {declared[name].type}" if declared[name].type else ""
            comment = f"  # {declared[name].help}" if declared[name].help else ""
            lines.append(f"  {mark} {name}{kind} = {value!r}{comment}")
    _write_out("".join(line + "\n" for line in lines), what="the list")
    return 0
