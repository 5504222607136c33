"""Hostile input to the report runner and the printer, third pass (issue 34).

- Run names fit a file name with the runner's temporary suffix: a ``name`` too long is
  refused when the configuration is read, naming the report; a name derived from grid
  values too long (a value of 300 characters) is shortened with a hash of the whole, which
  keeps runs apart. Before: ``internal error: OSError: [Errno 36] File name too long``.
- A browser that hangs (``BRIDGESTATS_CHROMIUM`` naming a program that never ends) is
  stopped after the timeout with every process it started, in one line; before, the
  command failed with an internal ``TimeoutExpired`` and left the browser's child running.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.reports import browser, expand_runs, load_config
from bridgestats.reports.config import MAX_RUN_NAME, run_name

TINY = Path(__file__).parent / "notebooks" / "tiny.ipynb"


def _config(tmp_path, body: str) -> Path:
    path = tmp_path / "reports.toml"
    path.write_text(body.replace("TINY", str(TINY)))
    return path


# --------------------------------------------------------------------------- run names


def test_a_name_too_long_for_its_temporary_folder_is_refused_naming_the_report(tmp_path):
    name = "n" * (MAX_RUN_NAME + 4)  # 245: the case
    path = _config(tmp_path, f'[[report]]\nname = "{name}"\nnotebook = "TINY"\n')
    with pytest.raises(BridgestatsError) as info:
        load_config(path)
    said = str(info.value)
    assert f"report 1 ('{name}')" in said
    assert f"'name' must be at most {MAX_RUN_NAME} characters" in said and "got 245" in said


def test_the_longest_name_allowed_fits_with_every_suffix_the_runner_adds(tmp_path):
    name = "n" * MAX_RUN_NAME
    path = _config(tmp_path, f'[[report]]\nname = "{name}"\nnotebook = "TINY"\n')
    (run,) = expand_runs(load_config(path))
    for made in (f".{run.name}.tmp-abcdefgh", f".{run.name}.old-abcdefgh", f"{run.name}.failed"):
        (tmp_path / made).mkdir()  # the file system takes it (255 bytes at most)


def test_names_from_long_grid_values_are_shortened_and_kept_apart(tmp_path):
    long_a, long_b = "x" * 300, "x" * 299 + "y"  # alike in their first 230 characters
    path = _config(
        tmp_path,
        f'[[report]]\nname = "tiny"\nnotebook = "TINY"\n'
        f'grid = {{ label = ["{long_a}", "{long_b}", "short"] }}\n',
    )
    runs = expand_runs(load_config(path))
    names = [r.name for r in runs]
    assert names[2] == "tiny__label-short"  # a short name is as before
    assert len(set(names)) == 3
    for run in runs[:2]:
        assert len(run.name) == MAX_RUN_NAME and run.name.startswith("tiny__label-xxx")
        (tmp_path / f".{run.name}.tmp-abcdefgh").mkdir()
    assert [r.overrides["label"] for r in runs[:2]] == [long_a, long_b]
    # --only takes the shortened name
    (only,) = expand_runs(load_config(path), only=[names[1]])
    assert only.overrides["label"] == long_b


def test_run_name_is_the_same_for_the_same_values():
    chosen = {"label": "z" * 400, "n": 3}
    assert run_name("tiny", chosen) == run_name("tiny", dict(chosen))
    assert run_name("tiny", chosen) != run_name("tiny", {**chosen, "n": 4})


# --------------------------------------------------------------------------- a hung browser


def _state(pid: int) -> str | None:
    """A process's state letter (``Z``: a zombie, dead), None when it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


@pytest.fixture
def hung_browser(tmp_path, monkeypatch):
    """A 'browser' that starts a child and never ends; the child's pid in a file."""
    pids = tmp_path / "child.pid"
    script = tmp_path / "hung-chromium"
    script.write_text(f"#!/bin/sh\nsleep 600 &\necho $! > {pids}\nsleep 600\n")
    script.chmod(0o755)
    monkeypatch.setenv("BRIDGESTATS_CHROMIUM", str(script))
    return pids


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
def test_a_hung_browser_is_stopped_with_its_children(tmp_path, hung_browser):
    page = tmp_path / "page.html"
    page.write_text("<p>x</p>")
    start = time.perf_counter()
    with pytest.raises(BridgestatsError, match=r"^PDF: .* did not finish within 1 s; stopped"):
        browser.print_pdf(page, tmp_path / "page.pdf", timeout=1)
    assert time.perf_counter() - start < 10
    child = int(hung_browser.read_text())
    for _ in range(50):  # killed at once; its new parent reaps it soon after
        if _state(child) in (None, "Z"):
            break
        time.sleep(0.1)
    assert _state(child) in (None, "Z"), f"the browser's child {child} still runs"


def test_the_booklet_with_a_hung_browser_is_one_line(capsys, monkeypatch, hung_browser):
    import functools

    from bridgestats.cli import main

    monkeypatch.setattr(browser, "print_pdf", functools.partial(browser.print_pdf, timeout=1))
    code = main(["scale", "--booklet", "--format", "pdf"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "internal error" not in err
    assert "did not finish within 1 s" in err


# --------------------------------------------------------------------------- refused early


@pytest.mark.parametrize("scheduler", ["nosuch://x", "not an address"])
def test_a_refused_scheduler_leaves_no_reports_folder(tmp_path, scheduler):
    from bridgestats.reports import run_reports

    path = _config(tmp_path, '[[report]]\nname = "tiny"\nnotebook = "TINY"\n')
    out = tmp_path / "out"
    with pytest.raises(BridgestatsError, match=r"^scheduler: cannot connect to "):
        run_reports(path, reports_dir=out, scheduler=scheduler)
    assert not out.exists()  # before: made and marked .bridgestats-reports


def test_an_empty_reports_dir_is_refused_not_the_working_folder(tmp_path, monkeypatch):
    from bridgestats.reports import run_reports

    monkeypatch.chdir(tmp_path)
    path = _config(tmp_path, '[[report]]\nname = "tiny"\nnotebook = "TINY"\n')
    with pytest.raises(BridgestatsError, match=r"^reports_dir: must be a folder, not an empty"):
        run_reports(path, reports_dir="")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports.toml"]
