"""Read result files of any supported format into one tidy frame."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from .._validate import check_flag, fail
from ._records import LoadSummary, _expand_counted
from .acbl import read_acbl_travellers
from .lin import read_lin
from .pbn import read_pbn
from .usebio import _root_tag, read_usebio
from .valet import read_valet

__all__ = ["read_results"]

# Matched whatever the case of the name (R1.PBN, R2.Pbn.gz, SCORES1.TXT).
_PATTERNS = ("*.pbn", "*.pbn.gz", "*.lin", "scores*.txt", "scores*.txt.gz")
_PATTERNS += ("*.xml", "*.xml.gz")  # USEBIO (read_usebio), when the root is <USEBIO>


def _format(path: Path) -> str:
    name = path.name.lower()
    if name.endswith((".pbn", ".pbn.gz")):
        return "pbn"
    if name.endswith(".lin"):
        return "lin"
    if name.startswith("scores") and name.endswith((".txt", ".txt.gz")):
        return "valet"
    if name.endswith(".csv"):
        return "acbl"
    if name.endswith((".xml", ".xml.gz")):
        root = _root_tag(path)
        if root == "USEBIO":
            return "usebio"
        found = f"root <{root}>" if root else "no XML element found: not XML?"
        raise fail("path", "an *.xml file whose root element is <USEBIO>", f"{path.name} ({found})")
    raise fail(
        "path",
        "files whose name tells the format: *.pbn, *.pbn.gz, *.lin, scores*.txt[.gz], a "
        "traveller *.csv or a USEBIO *.xml",
        path.name,
    )


def read_results(path, *, strict: bool = False) -> pd.DataFrame:
    """Read PBN, LIN, VALET, ACBL traveller and USEBIO files, each by its reader, into one frame.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        Files (the format comes from the name, whatever its case: ``*.pbn``/``*.pbn.gz``
        PBN, ``*.lin`` LIN, ``scores*.txt[.gz]`` VALET, ``*.csv`` ACBL travellers,
        ``*.xml``/``*.xml.gz`` USEBIO when the root element is ``<USEBIO>``); a directory is
        searched recursively for PBN, LIN, VALET and ``*.xml`` files (``R1.PBN`` and
        ``r2.Pbn.gz`` too).
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
    files, found = _expand_counted(path, _PATTERNS)
    readers = {"pbn": read_pbn, "lin": read_lin, "valet": read_valet, "acbl": read_acbl_travellers}
    readers["usebio"] = read_usebio
    groups: dict[str, list] = {}
    for f in files:
        groups.setdefault(_format(f.path), []).append(f)
    frames = [readers[fmt](group, strict=strict) for fmt, group in groups.items()]
    summaries = [f.attrs["summary"] for f in frames]
    out = pd.concat(frames, ignore_index=True)
    out.attrs["summary"] = _add(summaries, files_found=found)
    return out


def _add(summaries: list[LoadSummary], *, files_found: int) -> LoadSummary:
    skipped: dict[str, int] = {}
    notes: dict[str, int] = {}
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
