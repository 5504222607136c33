"""The data sets shipped in ``data/``: seed tables transcribed with provenance, and figures
derived from the real-results archive (the archive itself is not redistributed).

Every data set is a CSV file below :func:`bridgestats.paths.data_dir` (the repository's
``data/``, or its copy inside an installed package), named by its path without the
extension (``"seeds/brighton_2005"``); ``data/README.md`` states each file's source,
meaning and columns.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd

from ._validate import check_choice
from .errors import BridgestatsError
from .paths import data_dir

__all__ = ["load", "names", "path", "sha256"]


def names() -> list[str]:
    """All shipped data sets, sorted."""
    root = data_dir()
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.csv"))


def path(name: str) -> Path:
    """The file behind data set ``name``; an unknown name raises, listing the known ones.

    >>> path("seeds/brighton_2005_vp_counts").name
    'brighton_2005_vp_counts.csv'
    >>> path("seeds/brighton")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: name: must be one of 'committee/swiss_pairs_rounds', ...
    """
    check_choice(name, "name", names())  # also keeps a name from reaching outside data/
    return data_dir() / f"{name}.csv"


def load(name: str, **read_csv_kwargs) -> pd.DataFrame:
    """Read data set ``name`` as a DataFrame (extra keywords go to :func:`pandas.read_csv`).

    ``name`` must be one of :func:`names`; keywords that pandas refuses (``nrows="x"``, an
    unknown keyword) raise :class:`~bridgestats.errors.BridgestatsError` naming them.
    """
    file = path(name)
    try:
        return pd.read_csv(file, **read_csv_kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, BridgestatsError):
            raise
        shown = ", ".join(sorted(read_csv_kwargs)) or "(none)"
        raise BridgestatsError(
            f"read_csv_kwargs: must be options pandas.read_csv accepts for {name!r}; got "
            f"{shown} ({exc})"
        ) from exc


def sha256(name: str) -> str:
    """The SHA-256 of the file behind ``name`` (reports record it as an input hash)."""
    return hashlib.sha256(path(name).read_bytes()).hexdigest()
