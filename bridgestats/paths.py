"""The one place that resolves the project's folders.

Nothing else in bridgestats builds a path from ``__file__`` or the working directory.
The package runs in one of two places, and the folders follow (:func:`in_checkout`):

- **in the repository** (a clone, or the editable install of ``make``): the shipped data
  and notebooks are the repository's top-level ``data/`` and ``notebooks/``, and reports
  go to its ``reports/``;
- **installed from a wheel**: the same files ship inside the package (``bridgestats/_data``
  and ``bridgestats/_notebooks``, mapped from those folders by ``pyproject.toml``), and
  reports go to ``reports/`` in the working directory, never into the installation.

Environment variables override the defaults (useful on clusters and in CI):

``BRIDGESTATS_DATA``     the shipped data folder
``BRIDGESTATS_REPORTS``  where reports are written
``BRIDGESTATS_SHARED``   the development archive (default, in the repository only:
                         ``<project>/../shared/data``)
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "data_dir",
    "in_checkout",
    "notebooks_dir",
    "project_root",
    "reports_dir",
    "shared_data_dir",
]

_PACKAGE = Path(__file__).resolve().parent


def project_root() -> Path:
    """The folder above this package: the repository root when :func:`in_checkout`.

    In an installed package it is the ``site-packages`` folder, which holds nothing of the
    project's besides the package: use :func:`data_dir`, :func:`notebooks_dir` and
    :func:`reports_dir`, which know the difference.
    """
    return _PACKAGE.parent


def in_checkout() -> bool:
    """True when the package is imported from the repository, not from an installed wheel.

    The repository is recognised by its ``pyproject.toml``, ``data/`` and ``notebooks/``
    beside the package; an installation has none of them.
    """
    root = project_root()
    return (
        (root / "pyproject.toml").is_file()
        and (root / "data").is_dir()
        and (root / "notebooks").is_dir()
    )


def _from_env(var: str, default: Path) -> Path:
    value = os.environ.get(var)
    return Path(value).resolve() if value else default


def data_dir() -> Path:
    """The shipped data (seed tables and derived figures): ``data/`` of the repository, or
    the copy the wheel installs in the package."""
    default = project_root() / "data" if in_checkout() else _PACKAGE / "_data"
    return _from_env("BRIDGESTATS_DATA", default)


def notebooks_dir() -> Path:
    """The parameterised notebooks and ``reports.toml``: ``notebooks/`` of the repository,
    or the copy the wheel installs in the package."""
    return project_root() / "notebooks" if in_checkout() else _PACKAGE / "_notebooks"


def reports_dir() -> Path:
    """Where the batch run writes its reports (generated, not committed): ``reports/`` of
    the repository, or, installed, ``reports/`` of the working directory at the call."""
    default = project_root() / "reports" if in_checkout() else Path.cwd() / "reports"
    return _from_env("BRIDGESTATS_REPORTS", default)


def shared_data_dir() -> Path | None:
    """The real-results archive used in development, or ``None`` when it is absent.

    Its default is beside the repository, so an installed package finds it only through
    ``BRIDGESTATS_SHARED``.
    """
    default = project_root().parent / "shared" / "data" if in_checkout() else None
    value = os.environ.get("BRIDGESTATS_SHARED")
    path = Path(value).resolve() if value else default
    return path if path is not None and path.is_dir() else None
