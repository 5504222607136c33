"""Shared fixtures: the real-results archive, skipped cleanly when it is absent."""

from __future__ import annotations

import pytest

from bridgestats.paths import shared_data_dir


@pytest.fixture(scope="session")
def shared_data():
    """Path of ``../shared/data``; tests using it skip when the folder is absent."""
    path = shared_data_dir()
    if path is None:
        pytest.skip("../shared/data is absent: the real-results tests need the archive")
    return path
