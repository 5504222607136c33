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


def _add_reports(sub) -> None:
    p = sub.add_parser("reports", help="run the evidence notebooks into HTML reports")
    p.set_defaults(func=_run_reports)


def _run_reports(args) -> int:
    raise BridgestatsError("reports: not available yet")


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
