"""The ``bridgestats`` command.

``bridgestats scale ...``    print a VP scale for an event (see ``bridgestats scale -h``)
``bridgestats reports ...``  run the evidence notebooks into HTML reports

Bad arguments get a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from .errors import BridgestatsError

__all__ = ["main"]


# --- bridgestats scale -------------------------------------------------------------------


def _add_scale(sub) -> None:
    p = sub.add_parser("scale", help="print a Victory Point scale for an event")
    p.set_defaults(func=_run_scale)


def _run_scale(args) -> int:
    raise BridgestatsError("scale: not available yet")


# --- bridgestats reports -----------------------------------------------------------------


_REPORTS_EPILOG = """examples:
  bridgestats reports                               run every report in notebooks/reports.toml
  bridgestats reports --list                        show the runs and their parameters
  bridgestats reports --only washington_sigma -p n_boards=12
  bridgestats reports --jobs 2 --show-code
  bridgestats reports --scheduler tcp://10.0.0.5:8786   run on a Dask cluster

exit status: 0 all runs ok (missing notebooks only reported), 1 some run failed,
2 bad arguments or configuration (nothing was run)."""


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
    p.add_argument("--list", action="store_true", help="list the runs and their parameters")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler")
    p.set_defaults(func=_run_reports)


def _run_reports(args) -> int:
    from pathlib import Path

    from . import paths, reports

    params = dict(reports.parse_param(text) for text in args.param)
    config = reports.load_config(args.config)
    if args.list:
        return _list_reports(reports, config, only=args.only, params=params)
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
    print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"; see {index}", file=sys.stderr)
    return 1 if counts["failed"] else 0


def _list_reports(reports, config, *, only, params) -> int:
    """Print each run, its notebook and its parameters (defaults, overrides marked *)."""
    for run in reports.expand_runs(config, only=only, params=params):
        if run.missing:
            print(f"{run.name}  [{run.notebook.name}: missing]")
            continue
        merged = reports.check_parameters(run.notebook, run.overrides, run=run.name)
        print(f"{run.name}  [{run.notebook.name}]")
        for name, value in merged.items():
            mark = "*" if name in run.overrides else " "
            print(f"  {mark} {name} = {value!r}")
    return 0


# --- entry point ---------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bridgestats", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    _add_scale(sub)
    _add_reports(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BridgestatsError as exc:
        print(f"bridgestats {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
