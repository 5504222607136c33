"""The ``bridgestats`` command.

``bridgestats scale ...``    print a VP scale for an event (see ``bridgestats scale -h``)
``bridgestats score FILE``   score an event file: per board, the ranking, the printed scores
``bridgestats read FILE``    write a result file's tidy frame as CSV
``bridgestats reports ...``  run the evidence notebooks into HTML reports

Bad arguments get a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys

from .._output import one_line
from .._validate import check_imp_sigma, check_int, check_k, fail
from ..errors import BridgestatsError
from ._common import _silence_stdout
from .runs import _add_reports
from .scale import _add_scale
from .score import _add_read, _add_score

__all__ = ["main"]

# --- entry point ---------------------------------------------------------------------------


def _parser():
    import argparse

    parser = argparse.ArgumentParser(prog="bridgestats", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    _add_scale(sub)
    _add_score(sub)
    _add_read(sub)
    _add_reports(sub)
    return parser


def _check_options(args) -> None:
    """The numeric options' values, checked once for every command (one rule each):
    ``--k`` in :data:`~bridgestats._validate.K_RANGE`, ``--tables`` a whole number >= 1
    (the model checks the rest), a file option a regular, non-empty path."""
    if getattr(args, "k", None) is not None:
        args.k = check_k(args.k, "--k")
    if _imps_sigma(args):  # σ of an IMP margin = K√n: held to --k's range
        check_imp_sigma(args.sigma, "--sigma", args.boards)
    for option, what in (("out", "a file, or - for standard output"), ("reports_dir", "a folder")):
        if getattr(args, option, None) == "":  # '' is no file (nor the working folder)
            raise fail(f"--{option.replace('_', '-')}", f"{what}, not an empty path", given="''")
    if getattr(args, "out", None) == "-":  # the usual spelling of standard output
        args.out = None
    if getattr(args, "tables", None) is not None:  # 2.7 is no number of tables (nor nan)
        check_int(args.tables, "--tables", minimum=1)
    if getattr(args, "file", None) is not None and not str(args.file):
        raise fail("FILE", "a result file or folder, not an empty path", args.file)
    scale_file = getattr(args, "scale_file", None)
    if scale_file is not None:
        try:
            regular = os.path.isfile(scale_file) and os.stat(scale_file).st_size <= 1 << 20
        except (OSError, ValueError):
            regular = False
        if not regular:
            allowed = "an existing regular CSV file of at most 1 MB"
            raise fail("--scale-file", allowed, scale_file[:80] or "''")


def _imps_sigma(args) -> bool:
    """Whether ``args`` give ``scale --sigma`` of an IMP form over a board count."""
    from ..sigma import FORMS  # the booklet's σ is MP %, aggregate's points

    if getattr(args, "sigma", None) is None or getattr(args, "booklet", False):
        return False
    form = FORMS.get(args.form or "teams")
    return (args.boards or 0) >= 1 and form is not None and form.unit == "IMPs"


def _standard_streams() -> bool:
    """Whether standard output and standard error exist (``>&-`` closes them: Python then
    sets them to None). Without standard error nothing can be said; without standard
    output, the error goes to standard error."""
    return sys.stdout is not None and sys.stderr is not None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Errors are one line on standard error and exit status 2, never a traceback: a
    :class:`BridgestatsError` says what to change; anything else is a bug, reported in one
    line naming it (set ``BRIDGESTATS_DEBUG=1`` to see the traceback).
    """
    if not _standard_streams():
        if sys.stderr is not None:
            print("bridgestats: error: standard output is closed", file=sys.stderr)
        return 2
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _check_options(args)
        return int(args.func(args) or 0)
    except BridgestatsError as exc:
        print(f"bridgestats {args.command}: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head -1``): say so once, no traceback
        _silence_stdout()
        print(f"bridgestats {args.command}: error: standard output closed early", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C: the batch said what it stopped; no traceback
        signum = getattr(exc, "signum", None)  # reports.batch.Stopped: SIGTERM, SIGHUP
        said = f"stopped ({exc})" if signum is not None else "interrupted"
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone (EIO)
            print(f"bridgestats {args.command}: {said}", file=sys.stderr)
        return 128 + signum if signum is not None else 130
    except (RecursionError, MemoryError) as exc:  # a hostile input the checks missed
        print(
            f"bridgestats {args.command}: error: input too large or too deeply nested "
            f"({type(exc).__name__})",
            file=sys.stderr,
        )
        return 2
    except Exception as exc:  # the boundary: a bug, said in one line (the traceback on demand)
        if os.environ.get("BRIDGESTATS_DEBUG"):
            raise
        text = one_line(str(exc))[:200]
        print(
            f"bridgestats {args.command}: internal error: {type(exc).__name__}: {text} "
            "(a bug: please report it; BRIDGESTATS_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 2
