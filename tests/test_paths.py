"""Where the package looks for its folders, in the repository and installed (the installed
case for real, from a built wheel, is tests/test_wheel.py; here the package's folder is
moved into a fake repository or a fake ``site-packages``)."""

from __future__ import annotations

import pytest

from bridgestats import paths


@pytest.fixture
def clean_env(monkeypatch):
    for var in ("BRIDGESTATS_DATA", "BRIDGESTATS_REPORTS", "BRIDGESTATS_SHARED"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def _package_in(monkeypatch, root):
    package = root / "bridgestats"
    package.mkdir(parents=True)
    monkeypatch.setattr(paths, "_PACKAGE", package)
    return package


def test_this_test_runs_in_the_repository():
    assert paths.in_checkout()
    assert paths.data_dir() == paths.project_root() / "data"
    assert (paths.notebooks_dir() / "reports.toml").is_file()


def test_in_a_repository_the_top_level_folders(clean_env, tmp_path):
    repo = tmp_path / "repo"
    _package_in(clean_env, repo)
    for folder in ("data", "notebooks"):
        (repo / folder).mkdir()
    (repo / "pyproject.toml").write_text("")
    (tmp_path / "shared" / "data").mkdir(parents=True)
    clean_env.chdir(tmp_path)
    assert paths.in_checkout()
    assert paths.data_dir() == repo / "data"
    assert paths.notebooks_dir() == repo / "notebooks"
    assert paths.reports_dir() == repo / "reports"
    assert paths.shared_data_dir() == tmp_path / "shared" / "data"


def test_installed_the_package_copies_and_the_working_directory(clean_env, tmp_path):
    site = tmp_path / "site-packages"
    package = _package_in(clean_env, site)
    # a folder beside site-packages called shared/data is not the archive
    (tmp_path / "shared" / "data").mkdir(parents=True)
    work = tmp_path / "work"
    work.mkdir()
    clean_env.chdir(work)
    assert not paths.in_checkout()
    assert paths.data_dir() == package / "_data"
    assert paths.notebooks_dir() == package / "_notebooks"
    assert paths.reports_dir() == work / "reports"
    assert paths.shared_data_dir() is None
    # the environment still decides
    clean_env.setenv("BRIDGESTATS_SHARED", str(tmp_path / "shared" / "data"))
    clean_env.setenv("BRIDGESTATS_REPORTS", str(tmp_path / "out"))
    clean_env.setenv("BRIDGESTATS_DATA", str(tmp_path / "mydata"))
    assert paths.shared_data_dir() == tmp_path / "shared" / "data"
    assert paths.reports_dir() == tmp_path / "out"
    assert paths.data_dir() == tmp_path / "mydata"


def test_a_pyproject_alone_does_not_make_a_repository(clean_env, tmp_path):
    site = tmp_path / "site-packages"
    _package_in(clean_env, site)
    (site / "pyproject.toml").write_text("")  # some other project's file
    assert not paths.in_checkout()
