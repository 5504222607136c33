"""The exception types of bridgestats.

Bad input raises :class:`BridgestatsError`, a :class:`ValueError` subclass whose message
names the argument, what is allowed and what was given (the checks that write it are in
:mod:`bridgestats._validate`); a file that cannot be read raises :class:`ParseError`, which
also names the file and the record. Never ``assert`` for validation, never a silent NaN.
"""

from __future__ import annotations

__all__ = ["BridgestatsError", "ParseError"]


class BridgestatsError(ValueError):
    """Bad input to a bridgestats function: the message names the argument and the rule."""


class ParseError(BridgestatsError):
    """A file that cannot be read: the message names the file, the record (line) and why."""

    def __init__(self, source, record, reason: str):
        self.source = str(source)
        self.record = record
        self.reason = reason
        where = f"{self.source}, line {record}" if record is not None else self.source
        super().__init__(f"{where}: {reason}")
