"""The one place that resolves the project's folders.

Nothing else in bridgestats builds a path from ``__file__`` or the working directory.
Environment variables override the defaults (useful on clusters and in CI):

``BRIDGESTATS_DATA``     the shipped data folder (default ``<project>/data``)
``BRIDGESTATS_REPORTS``  where reports are written (default ``<project>/reports``)
``BRIDGESTATS_SHARED``   the development archive (default ``<project>/../shared/data``)
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "data_dir",
    "notebooks_dir",
    "project_root",
    "reports_dir",
    "shared_data_dir",
]


def project_root() -> Path:
    """The repository root: the folder holding ``pyproject.toml`` above this package."""
    return Path(__file__).resolve().parent.parent


def _from_env(var: str, default: Path) -> Path:
    value = os.environ.get(var)
    return Path(value).resolve() if value else default


def data_dir() -> Path:
    """The shipped data (seed tables and derived figures)."""
    return _from_env("BRIDGESTATS_DATA", project_root() / "data")


def notebooks_dir() -> Path:
    """The parameterised notebooks."""
    return project_root() / "notebooks"


def reports_dir() -> Path:
    """Where the batch run writes its reports (generated, not committed)."""
    return _from_env("BRIDGESTATS_REPORTS", project_root() / "reports")


def shared_data_dir() -> Path | None:
    """The real-results archive used in development, or ``None`` when it is absent."""
    path = _from_env("BRIDGESTATS_SHARED", project_root().parent / "shared" / "data")
    return path if path.is_dir() else None
