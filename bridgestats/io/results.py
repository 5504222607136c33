"""Read result files of any supported format into one tidy frame, each by its reader.

The readers are one table, :data:`READERS`: one :class:`Reader` entry per format, saying
which file names it reads, how a file is confirmed to be its own (``sniff``) and which
function reads it. :func:`read_results` knows no format but through that table, so a new
format is one new reader module (raw columns in, :func:`~bridgestats.io.finish` out) and
one new entry here (see ``CONTRIBUTING.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .._validate import check_flag, fail
from ._records import LoadSummary, _expand_counted, _matches

__all__ = ["READERS", "Reader", "read_results", "reader_for"]


@dataclass(frozen=True)
class Reader:
    """One file format :func:`read_results` reads.

    Attributes
    ----------
    name : str
        The format's id (``"pbn"``).
    patterns : tuple of str
        File-name patterns of the format, matched whatever the case (``"*.pbn"``,
        ``"scores*.txt"``).
    read : callable
        ``read(paths, *, strict)``: the reader, returning the tidy frame of
        :mod:`bridgestats.io` with its :class:`~bridgestats.io.LoadSummary`.
    sniff : callable or None
        ``sniff(path)`` for a file whose name matched: ``None`` when the file is the
        format's, else the reason it is not (shown in the error); ``None`` here reads every
        matching file.
    wanted : str
        What a file of the format is, for the message naming the allowed files.
    in_folders : bool
        Whether a folder is searched for the format's files (``False``: read only when
        named, for suffixes as common as ``*.csv``).
    """

    name: str
    patterns: tuple[str, ...]
    read: Callable[..., pd.DataFrame]
    sniff: Callable[[Path], str | None] | None = None
    wanted: str = ""
    in_folders: bool = True

    def __post_init__(self):
        if not self.patterns or not all(isinstance(p, str) and p for p in self.patterns):
            raise fail("patterns", "a non-empty tuple of file-name patterns", self.patterns)
        if not callable(self.read):
            raise fail("read", "a reader function read(paths, *, strict)", self.read)
        if not self.wanted:
            object.__setattr__(self, "wanted", " or ".join(self.patterns))


def _on_call(module: str, name: str) -> Callable[..., pd.DataFrame]:
    """The reader ``name`` of ``bridgestats.io.<module>``, imported at its first call: a
    command reading one format imports that format's module only."""

    def read(paths, *, strict: bool = False) -> pd.DataFrame:
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)(
            paths, strict=strict
        )

    read.__name__ = read.__qualname__ = name
    read.__doc__ = f"``bridgestats.io.{name}``, imported at its first call."
    return read


_read_pbn = _on_call("pbn", "read_pbn")
_read_lin = _on_call("lin", "read_lin")


def _read_valet(paths, *, strict: bool = False) -> pd.DataFrame:
    """``bridgestats.io.read_valet`` with the players' names from the names file beside
    each score file, where there is one (imported at its first call)."""
    from .valet import read_valet

    return read_valet(paths, names="beside", strict=strict)


_read_acbl = _on_call("acbl", "read_acbl_travellers")
_read_usebio = _on_call("usebio", "read_usebio")
_read_bws = _on_call("bws", "read_bws")


def _bws_header(path: Path) -> str | None:
    from .bws import _bws_header as sniff

    return sniff(path)


def _usebio_root(path: Path) -> str | None:
    from .usebio import _root_tag

    root = _root_tag(path)
    if root == "USEBIO":
        return None
    return f"root <{root}>" if root else "no XML element found: not XML?"


#: Every format :func:`read_results` reads, tried in this order (the first whose patterns
#: match a file's name reads it).
READERS = (
    Reader("pbn", ("*.pbn", "*.pbn.gz"), _read_pbn, wanted="*.pbn, *.pbn.gz"),
    Reader("lin", ("*.lin",), _read_lin),
    Reader("valet", ("scores*.txt", "scores*.txt.gz"), _read_valet, wanted="scores*.txt[.gz]"),
    Reader("acbl", ("*.csv",), _read_acbl, wanted="a traveller *.csv", in_folders=False),
    Reader(
        "usebio",
        ("*.xml", "*.xml.gz"),
        _read_usebio,
        sniff=_usebio_root,
        wanted="an *.xml file whose root element is <USEBIO>",
    ),
    Reader(
        "bws",
        ("*.bws",),
        _read_bws,
        sniff=_bws_header,
        wanted="a Bridgemate *.bws (an Access database)",
    ),
)


def reader_for(path, readers=None) -> Reader:
    """The :class:`Reader` of one file, by its name and, where the reader asks, its content.

    ``readers`` defaults to :data:`READERS`, looked up at the call.

    Examples
    --------
    >>> reader_for("R1.PBN").name, reader_for("scores3.txt.gz").name
    ('pbn', 'valet')
    >>> reader_for("results.xls")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: path: must be files whose name tells the format: \
*.pbn, *.pbn.gz, *.lin, scores*.txt[.gz], a traveller *.csv, an *.xml file whose root \
element is <USEBIO> or a Bridgemate *.bws (an Access database); got 'results.xls'
    """
    path = Path(path)
    readers = READERS if readers is None else tuple(readers)
    for reader in readers:
        if _matches(path.name, reader.patterns):
            why = reader.sniff(path) if reader.sniff is not None else None
            if why is not None:
                raise fail("path", reader.wanted, f"{path.name} ({why})")
            return reader
    wanted = [r.wanted for r in readers]
    shown = ", ".join(wanted[:-1]) + f" or {wanted[-1]}" if len(wanted) > 1 else wanted[0]
    raise fail("path", f"files whose name tells the format: {shown}", path.name)


def read_results(path, *, strict: bool = False) -> pd.DataFrame:
    """Read PBN, LIN, VALET, ACBL traveller, USEBIO and Bridgemate files, each by its reader.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        Files (the format comes from the name, whatever its case, by :data:`READERS`:
        ``*.pbn``/``*.pbn.gz`` PBN, ``*.lin`` LIN, ``scores*.txt[.gz]`` VALET, ``*.csv``
        ACBL travellers, ``*.xml``/``*.xml.gz`` USEBIO when the root element is
        ``<USEBIO>``, ``*.bws`` Bridgemate when it is an Access database); a directory
        is searched recursively for the files of every reader
        with ``in_folders`` (all but the ``*.csv`` travellers; ``R1.PBN`` and ``r2.Pbn.gz``
        too).
    strict : bool, keyword-only
        Passed to every reader.

    Returns
    -------
    pandas.DataFrame
        The rows of every reader's frame in the order the files were given (the columns
        of :mod:`bridgestats.io`, plus each format's printed columns), with the summed
        :class:`~bridgestats.io.LoadSummary` in ``attrs["summary"]``; its ``files_found``
        counts every file given or found in the folders, so ``files_found - files`` were
        passed over as not of a supported format.

    Examples
    --------
    >>> read_results("results.xls")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: path: must be an existing file or folder; got results.xls
    """
    strict = check_flag(strict, "strict")
    searched = tuple(p for r in READERS if r.in_folders for p in r.patterns)
    passed: list[str] = []  # a named pipe, a link to /dev/zero, ... in a folder: not read
    files, found = _expand_counted(path, searched, passed=passed)
    groups: dict[Reader, list] = {}
    for f in files:
        groups.setdefault(reader_for(f.path), []).append(f)
    frames = [reader.read(group, strict=strict) for reader, group in groups.items()]
    summaries = [f.attrs["summary"] for f in frames]
    out = pd.concat(frames, ignore_index=True)
    notes = {}
    if passed:
        more = f" and {len(passed) - 3} more" if len(passed) > 3 else ""
        notes[f"entries passed over, not regular files: {', '.join(passed[:3])}{more}"] = len(
            passed
        )
    out.attrs["summary"] = _add(summaries, files_found=found, notes=notes)
    return out


def _add(summaries: list[LoadSummary], *, files_found: int, notes=None) -> LoadSummary:
    skipped: dict[str, int] = {}
    notes: dict[str, int] = dict(notes or {})
    for s in summaries:
        for k, v in s.skipped.items():
            skipped[k] = skipped.get(k, 0) + v
        for k, v in s.notes.items():
            notes[k] = notes.get(k, 0) + v
    return LoadSummary(
        files=sum(s.files for s in summaries),
        records=sum(s.records for s in summaries),
        scorable=sum(s.scorable for s in summaries),
        skipped=skipped,
        printed_scores=sum(s.printed_scores for s in summaries),
        score_mismatches=sum(s.score_mismatches for s in summaries),
        notes=notes,
        files_found=files_found,
    )
