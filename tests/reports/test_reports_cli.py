"""``bridgestats reports``: the command line over the batch runner (tiny test notebooks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgestats.cli import main

NB = Path(__file__).parent / "notebooks"

CONFIG = """
allow_missing = true
[[report]]
name = "tiny"
notebook = "@NB/tiny.ipynb"
[[report]]
name = "grid"
notebook = "@NB/empty.ipynb"
grid = { seed = [1, 2] }
[[report]]
name = "boom"
notebook = "@NB/tiny.ipynb"
parameters = { fail = true }
[[report]]
name = "later"
notebook = "later.ipynb"
"""


@pytest.fixture
def config(tmp_path) -> Path:
    path = tmp_path / "reports.toml"
    path.write_text(CONFIG.replace("@NB", NB.as_posix()))
    return path


def test_list_shows_runs_parameters_and_missing_notebooks(config, capsys):
    assert main(["reports", "--config", str(config), "--list"]) == 0
    out = capsys.readouterr().out
    assert "tiny  [tiny.ipynb]\n    n = 3\n" in out
    assert "boom  [tiny.ipynb]" in out and "  * fail = True" in out  # overridden vs default
    assert "grid__seed-1  [empty.ipynb]\n  * seed = 1\n" in out and "grid__seed-2" in out
    assert "later  [later.ipynb: missing]" in out
    assert main(["reports", "--config", str(config), "--list", "--only", "tiny", "-p", "n=9"]) == 0
    out = capsys.readouterr().out
    assert "  * n = 9" in out and "    seed = 1" in out and "grid" not in out


def test_only_and_param_run_a_subset_with_code_shown(config, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["reports", "--config", str(config), "--reports-dir", str(out)]
    status = main([*argv, "--only", "tiny", "-p", "n=5", "-p", "label=cli run", "--show-code"])
    assert status == 0
    summary = json.loads((out / "tiny" / "summary.json").read_text())
    assert summary["n"] == 5 and summary["label"] == "cli run"
    assert not (out / "grid__seed-1").exists()  # --only
    assert "default_rng" in (out / "tiny" / "tiny.html").read_text()  # --show-code
    err = capsys.readouterr().err
    assert "[reports] start tiny" in err and "[reports] ok     tiny" in err
    assert "1 ok, 0 failed, 0 missing" in err


def test_a_failing_run_gives_exit_status_1_and_the_other_runs_complete(config, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["reports", "--config", str(config), "--reports-dir", str(out), "--jobs", "2"]
    assert main(argv) == 1
    assert (out / "boom.failed" / "tiny.ipynb").is_file()
    for name in ("tiny", "grid__seed-1", "grid__seed-2"):
        assert json.loads((out / name / "run.json").read_text())["status"] == "ok"
    err = capsys.readouterr().err
    assert "3 ok, 1 failed, 1 missing" in err
    assert "[reports] failed boom" in err and "deliberate failure" in err
    assert "[reports] missing later" in err


def test_a_misspelt_parameter_is_exit_status_2_and_nothing_runs(config, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["reports", "--config", str(config), "--reports-dir", str(out), "--only", "tiny"]
    assert main([*argv, "-p", "sede=3"]) == 2
    err = capsys.readouterr().err
    assert "bridgestats reports: error: run 'tiny': unknown parameter 'sede'" in err
    assert "did you mean 'seed'" in err
    assert not out.exists()


def test_bad_arguments_are_one_line_errors(config, tmp_path, capsys):
    base = ["reports", "--config", str(config), "--reports-dir", str(tmp_path / "o")]
    assert main([*base, "--only", "tinyy"]) == 2
    assert "did you mean 'tiny'" in capsys.readouterr().err
    assert main([*base, "-p", "novalue"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err
    assert main([*base, "--jobs", "0"]) == 2
    assert "jobs: must be an integer >= 1; got 0" in capsys.readouterr().err
    assert main(["reports", "--config", str(tmp_path / "none.toml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_reports_dir_that_is_a_file_is_a_one_line_error(config, tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    argv = ["reports", "--config", str(config), "--reports-dir", str(blocker), "--only", "tiny"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "reports_dir: cannot create the folder" in err and "a-file" in err


def test_an_unreachable_scheduler_is_a_one_line_error_and_leaves_no_folders(
    config, tmp_path, capsys
):
    import dask
    import distributed  # noqa: F401  (its config defaults must exist before dask.config.set)

    out = tmp_path / "out"
    argv = ["reports", "--config", str(config), "--reports-dir", str(out), "--only", "tiny"]
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main([*argv, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "bridgestats reports: error: scheduler: cannot connect to 'tcp://127.0.0.1:1'" in err
    assert main([*argv, "--scheduler", "nosuch://x"]) == 2
    assert "unknown address scheme" in capsys.readouterr().err
    # refused before the reports folder is made (issue 34: it was left behind, marked)
    assert not out.exists()


def test_folders_left_by_a_killed_batch_are_removed_and_reported(config, tmp_path, capsys):
    out = tmp_path / "out"
    (out / ".tiny.tmp-k1ll3d_a").mkdir(parents=True)  # what a killed batch leaves behind
    (out / ".kernels").mkdir()
    dead = "kernel-0f0e0d0c-1b2a-4c3d-8e9f-a0b1c2d3e4f5.json"
    (out / ".kernels" / dead).write_text("{}")
    argv = ["reports", "--config", str(config), "--reports-dir", str(out)]
    assert main([*argv, "--only", "grid__seed-1"]) == 0
    err = capsys.readouterr().err
    assert (
        f"[reports] removed 2 leftover(s) of a killed batch in {out}:"
        f" .tiny.tmp-k1ll3d_a, .kernels/{dead}\n"
    ) in err
    listed = sorted(p.name for p in out.iterdir())
    assert listed == [".bridgestats-reports", "findings.html", "grid__seed-1", "index.html"]
    assert ".tiny" not in (out / "index.html").read_text()


def test_list_shows_the_types_and_help_comments_of_the_parameters_cell(capsys, tmp_path):
    assert main(["reports", "--list", "--only", "washington_sigma"]) == 0
    out = capsys.readouterr().out
    assert (
        "    cooke_rounds: list[int] = [1, 2]  # the random-draw rounds Cooke fitted his σ on\n"
        in out
    )
    # a cell without types or comments lists its names and values only
    nb = tmp_path / "bare.ipynb"
    nb.write_text(
        '{"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Bare"},'
        ' {"cell_type": "code", "execution_count": null, "metadata": {"tags": ["parameters"]},'
        ' "outputs": [], "source": "confidence = 0.9"}],'
        ' "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",'
        ' "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}'
    )
    config = tmp_path / "reports.toml"
    config.write_text('[[report]]\nname = "bare"\nnotebook = "bare.ipynb"\n')
    assert main(["reports", "--config", str(config), "--list"]) == 0
    assert "    confidence = 0.9\n" in capsys.readouterr().out
