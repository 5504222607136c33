"""What every ``bridgestats`` command shares: ids as the command line spells them, and
writing to standard output or a file.

Part of :mod:`bridgestats.cli`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .._output import encodable, write_text_atomic
from ..errors import BridgestatsError

# --- package ids on the command line -----------------------------------------------------
# The package spells every id with underscores ("cross_imps", "swiss_pairs", "wbf_discrete");
# the command line spells them with hyphens. _option_id, _shown_id and _Ids are the one
# place that translates: every option choosing an id takes choices=_Ids(...), type=_option_id.


def _option_id(text: str) -> str:
    """The package id a command-line word names: ``cross-imps`` is ``cross_imps``."""
    return text.replace("-", "_")


def _shown_id(name: str) -> str:
    """A package id as the command line spells it: ``cross_imps`` is ``cross-imps``."""
    return str(name).replace("_", "-")


class _Ids(tuple):
    """The choices of an option as the command line spells them (help and errors show
    ``cross-imps``), holding the package's ids (``"cross_imps" in choices``)."""

    def __new__(cls, ids):
        return super().__new__(cls, (_shown_id(i) for i in ids))

    def __contains__(self, value) -> bool:
        return tuple.__contains__(self, _shown_id(value))


class _Later(Sequence):
    """Choices read from the package at their first use, not when the parser is built: a
    catalogue that lives in a module importing pandas (``bridgestats.scoring.METHODS``)
    stays its one copy, and ``bridgestats scale`` never loads it. argparse reads an
    option's choices only to check a value given or to print help (the option needs a
    ``metavar``, else building the parser reads them for the usage line)."""

    def __init__(self, load):
        self._load, self._ids = load, None

    def _got(self) -> _Ids:
        if self._ids is None:
            self._ids = _Ids(self._load())
        return self._ids

    def __getitem__(self, i):
        return self._got()[i]

    def __len__(self) -> int:
        return len(self._got())

    def __contains__(self, value) -> bool:
        return value in self._got()


def _methods() -> tuple:
    from ..scoring import METHODS

    return (*METHODS, "teams")  # and team matches, bridgestats.apps.score's


def _datums() -> tuple:
    from ..scoring import DATUMS

    return DATUMS


def _write_out(text: str, *, what: str = "the table", form: str = "text", hint=None) -> None:
    """Write ``text`` to standard output and flush it, so that a full disk is reported here.

    A write that fails (``> /dev/full``: no space left on device) raises a
    :class:`BridgestatsError` naming standard output and the system's reason; a closed pipe
    (``| head -1``) raises :class:`BrokenPipeError`, which :func:`main` handles. Text
    standard output's encoding cannot carry is handled by ``_output.encodable`` (``form``:
    ``"csv"``, ``"html"`` or other text; ``hint``: the option that writes a file).
    """
    errors = getattr(sys.stderr, "errors", None)
    text, note = encodable(text, sys.stdout, what=what, form=form, hint=hint, errors=errors)
    if note:
        print(f"bridgestats: note: {note}", file=sys.stderr)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _silence_stdout()  # the unwritten buffer must not fail again at exit
        reason = exc.strerror or type(exc).__name__
        raise BridgestatsError(f"standard output: could not write {what} ({reason})") from None


def _silence_stdout() -> None:
    """Point standard output at the null device (the Python documentation's recipe for a
    closed pipe, "Note on SIGPIPE" in the signal module): the interpreter's own flush at
    exit then has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (a test's capture)
        pass


def _emit(text: str, out: str | None, *, what: str, form: str = "text") -> None:
    """Write ``text`` to the file ``out`` (atomically: see :mod:`bridgestats._output`), or
    to standard output (``form``, CSV, HTML or other text, for ``_output.encodable``)."""
    if out is None:
        _write_out(text, what=what, form=form, hint="--out FILE")
        return
    write_text_atomic(out, text, what=what)  # all or nothing: the previous file survives
