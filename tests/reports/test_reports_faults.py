"""The batch runner under faults: two batches at once, Ctrl-C, ``kill -9``, closed pipes.

Each test runs the command line as a real process (``python -m bridgestats.cli``) on the
tiny notebook, whose ``sleep_s`` parameter keeps a run busy while the test acts on it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.reports.folder import KERNELS_DIR, LOCK_NAME, clean_leftovers, locked

ROOT = Path(__file__).resolve().parents[2]
NB = Path(__file__).parent / "notebooks"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and flock")


def _config(folder: Path, sleep_s: float) -> Path:
    path = folder / f"reports-{sleep_s:g}.toml"
    path.write_text(
        f'[[report]]\nname = "tiny"\nnotebook = "{(NB / "tiny.ipynb").as_posix()}"\n'
        f"parameters = {{ sleep_s = {sleep_s} }}\n"
    )
    return path


def _command(config: Path, out: Path, *more: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "bridgestats.cli",
        "reports",
        "--config",
        str(config),
        "--reports-dir",
        str(out),
        *more,
    ]


def _env() -> dict:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }


def _as_in_a_terminal() -> None:
    """Ctrl-C as a terminal's foreground job has it: a test run started in the background
    by a shell (``cmd &``) inherits SIGINT ignored, and so would the batch (Python keeps an
    ignored SIGINT), which then cannot be interrupted: the Ctrl-C tests hung 60 s."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(config: Path, out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        _command(config, out),
        env=_env(),
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_as_in_a_terminal,
    )


def _run(config: Path, out: Path, *more: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        _command(config, out, *more), env=_env(), capture_output=True, text=True, timeout=120
    )


def _wait_for_kernel(out: Path, proc: subprocess.Popen, *, timeout: float = 60) -> Path:
    """Wait until the run's kernel is up (its connection file is in the folder)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        files = list((out / KERNELS_DIR).glob("kernel-*.json"))
        if files:
            time.sleep(1.5)  # the kernel is executing the cells
            return files[0]
        time.sleep(0.2)
    raise AssertionError("the run's kernel did not start")


def _leftovers(out: Path) -> list[str]:
    kernels = (
        sorted(p.name for p in (out / KERNELS_DIR).glob("*"))
        if (out / KERNELS_DIR).is_dir()
        else []
    )
    return sorted(p.name for p in out.glob(".tiny.*")) + kernels


@pytest.fixture(scope="module")
def _good_once(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("good")
    out = folder / "out"
    done = _run(_config(folder, 0), out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def good(_good_once, tmp_path) -> Path:
    """A reports folder holding one good report of ``tiny`` (made by a first batch, once
    per module, and copied: the folder names no absolute path of its own, its marker
    holds the pages' hashes, so a copy is what the batch would have left there)."""
    out = tmp_path / "out"
    shutil.copytree(_good_once, out, symlinks=True)
    return out


def test_a_second_batch_on_the_same_folder_is_refused_and_the_first_completes(tmp_path):
    out = tmp_path / "out"
    # the first batch's cell sleeps 12 s: a second process starting on a loaded 2-core
    # machine (imports of 2-4 s) must still find it running (4 s was not always enough)
    first = _start(_config(tmp_path, 12), out)
    try:
        _wait_for_kernel(out, first)
        second = _run(_config(tmp_path, 0), out)
    finally:
        _, stderr = first.communicate(timeout=120)
    assert second.returncode == 2
    assert second.stderr.count("\n") == 1 and "Traceback" not in second.stderr
    assert second.stderr.startswith(
        f"bridgestats reports: error: reports_dir: another batch is running in {str(out)!r}"
        f" (process {first.pid}, started "
    )
    assert "wait for it to end or use another --reports-dir" in second.stderr
    assert first.returncode == 0, stderr
    assert "removed" not in stderr  # the first batch's folders were never taken as stale
    record = json.loads((out / "tiny" / "run.json").read_text())
    assert record["status"] == "ok" and record["overrides"] == {"sleep_s": 12}
    assert _leftovers(out) == []
    assert not (out / LOCK_NAME).exists()  # released: the next batch runs
    assert _run(_config(tmp_path, 0), out).returncode == 0


def test_ctrl_c_stops_the_batch_keeps_the_last_good_report_and_exits_130(good, tmp_path):
    before = (good / "tiny" / "run.json").read_text()
    proc = _start(_config(tmp_path, 60), good)
    _wait_for_kernel(good, proc)
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert time.monotonic() - t0 < 20  # the 60 s cell is not waited for
    assert proc.returncode == 130
    assert "Traceback" not in stderr
    assert stderr.endswith(
        "[reports] interrupted: stopped tiny (0 of 1 finished; previous reports kept)\n"
        "bridgestats reports: interrupted\n"
    ), stderr
    assert stderr.count("\n") <= 4  # start, interrupted, the verdict (and no more)
    assert (good / "tiny" / "run.json").read_text() == before
    assert json.loads(before)["overrides"] == {"sleep_s": 0}
    assert not (good / "tiny.failed").exists()
    assert _leftovers(good) == []
    assert "tiny" in (good / "index.html").read_text()


def test_after_kill_9_the_next_batch_removes_the_leftovers_and_says_which(good, tmp_path):
    proc = _start(_config(tmp_path, 60), good)
    kernel_file = _wait_for_kernel(good, proc)
    tmp_folders = sorted(p.name for p in good.glob(".tiny.tmp-*"))
    assert len(tmp_folders) == 1
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    assert _leftovers(good) == [*tmp_folders, kernel_file.name]  # what kill -9 leaves
    again = _run(_config(tmp_path, 0), good)
    assert again.returncode == 0, again.stderr
    assert (
        f"[reports] removed 2 leftover(s) of a killed batch in {good}:"
        f" {tmp_folders[0]}, {KERNELS_DIR}/{kernel_file.name}\n"
    ) in again.stderr
    assert _leftovers(good) == []


def test_an_old_folder_caught_between_two_renames_is_put_back(tmp_path):
    (tmp_path / ".tiny.old-x1abcdef").mkdir()
    (tmp_path / ".tiny.old-x1abcdef" / "run.json").write_text("{}")
    (tmp_path / ".other.old-x2_bcdef").mkdir()  # other/ exists: the old copy is stale
    (tmp_path / "other").mkdir()
    (tmp_path / ".tiny.tmp-x3bcdefg").mkdir()
    (tmp_path / ".hidden").mkdir()  # not the runner's: kept
    (tmp_path / ".vim.old-bak").mkdir()  # not a name mkdtemp makes: kept
    assert clean_leftovers(tmp_path) == [
        ".other.old-x2_bcdef",
        ".tiny.old-x1abcdef (restored as tiny)",
        ".tiny.tmp-x3bcdefg",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".hidden",
        ".vim.old-bak",
        "other",
        "tiny",
    ]
    assert (tmp_path / "tiny" / "run.json").is_file()


def test_the_lock_is_refused_in_the_same_process_and_released_after(tmp_path):
    with locked(tmp_path) as have_lock:
        assert have_lock
        assert f"process {os.getpid()}, started " in (tmp_path / LOCK_NAME).read_text()
        with pytest.raises(BridgestatsError, match="another batch is running"):
            with locked(tmp_path):
                pass
    assert not (tmp_path / LOCK_NAME).exists()
    with locked(tmp_path):
        pass


def test_list_into_a_closed_pipe_or_a_full_disk_is_one_line_and_nonzero(tmp_path):
    config = _config(tmp_path, 0)
    read, write = os.pipe()
    os.close(read)  # the reader went away before anything was written (| head -1)
    try:
        proc = subprocess.run(
            _command(config, tmp_path / "out", "--list"),
            env=_env(),
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)
    assert proc.returncode == 2
    assert proc.stderr == "bridgestats reports: error: standard output closed early\n"
    if Path("/dev/full").exists():
        with open("/dev/full", "w") as full:
            proc = subprocess.run(
                _command(config, tmp_path / "out", "--list"),
                env=_env(),
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=60,
            )
        assert proc.returncode == 2
        assert proc.stderr == (
            "bridgestats reports: error: standard output: could not write the list"
            " (No space left on device)\n"
        )
    assert not (tmp_path / "out").exists()  # --list runs nothing


# --------------------------------------------------------------------------- ownership (issue 26)


def _tree(root: Path) -> dict:
    """Every entry below ``root`` with its bytes (folders as None)."""
    return {
        p.relative_to(root).as_posix(): None if p.is_dir() else p.read_bytes()
        for p in sorted(root.rglob("*"))
    }


def _cli(*argv) -> tuple[int, str]:
    import contextlib
    import io

    from bridgestats.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, err.getvalue()


def _home_like(root: Path) -> Path:
    """A user's folder: things the old runner removed or replaced as its own."""
    (root / ".vim.old-bak").mkdir(parents=True)
    (root / ".vim.old-bak" / "session.vim").write_text("set nu\n")
    (root / ".kernels").mkdir()
    (root / ".kernels" / "notes.txt").write_text("mine\n")
    (root / "index.html").write_text("<h1>my home page</h1>\n")
    (root / "findings.html").write_text("<p>my findings</p>\n")
    (root / ".cfg.tmp-x").mkdir()
    return root


@pytest.mark.parametrize("how", ["--reports-dir", "BRIDGESTATS_REPORTS"])
def test_a_users_folder_is_refused_and_left_as_it_was(tmp_path, monkeypatch, how):
    home = _home_like(tmp_path / "home")
    before = _tree(home)
    config = _config(tmp_path, 0)
    if how == "BRIDGESTATS_REPORTS":
        monkeypatch.setenv("BRIDGESTATS_REPORTS", str(home))
        code, err = _cli("reports", "--config", config)
    else:
        code, err = _cli("reports", "--config", config, "--reports-dir", home)
    assert code == 2
    assert err == (
        f"bridgestats reports: error: reports_dir: {str(home)!r} is not a reports folder: it"
        " holds 5 entries the runner did not write ('.cfg.tmp-x', '.kernels', '.vim.old-bak',"
        " ...); give a new or empty folder, or one a batch wrote (it has .bridgestats-reports)\n"
    )
    assert _tree(home) == before  # no marker, no lock, nothing removed


def test_clean_leftovers_removes_only_names_the_runner_makes(tmp_path):
    home = _home_like(tmp_path / "home")
    kernel = home / KERNELS_DIR / "kernel-0f0e0d0c-1b2a-4c3d-8e9f-a0b1c2d3e4f5.json"
    kernel.write_text("{}")
    assert clean_leftovers(home) == [f"{KERNELS_DIR}/{kernel.name}"]
    assert (home / ".vim.old-bak" / "session.vim").is_file()
    assert (home / ".kernels" / "notes.txt").is_file() and (home / ".cfg.tmp-x").is_dir()


def test_an_earlier_batchs_folder_is_adopted_and_marked(tmp_path):
    from bridgestats.reports.folder import MARKER_NAME, claim, page_is_ours

    old = tmp_path / "reports"
    (old / "tiny").mkdir(parents=True)
    (old / "tiny" / "run.json").write_text("{}")
    (old / "tiny.failed").mkdir()
    (old / "tiny.failed" / "run.json").write_text("{}")
    (old / "index.html").write_text("<html><title>bridgestats reports</title></html>")
    (old / ".tiny.tmp-abcd1234").mkdir()
    (old / KERNELS_DIR).mkdir()
    (old / KERNELS_DIR / "kernel-0f0e0d0c-1b2a-4c3d-8e9f-a0b1c2d3e4f5.json").write_text("{}")
    assert claim(old) == "adopted"
    marker = json.loads((old / MARKER_NAME).read_text())
    assert set(marker["pages"]) == {"index.html"} and page_is_ours(old, "index.html")
    assert claim(old) is None  # marked: nothing to do
    (old / "index.html").write_text("<p>edited by hand</p>")
    assert not page_is_ours(old, "index.html")  # the runner will not replace it
    new = tmp_path / "new"
    new.mkdir()
    assert claim(new) == "marked" and (new / MARKER_NAME).is_file()


def test_a_page_or_run_folder_the_runner_did_not_write_is_refused_before_running(tmp_path):
    from bridgestats.reports.folder import claim

    out = tmp_path / "out"
    out.mkdir()
    claim(out)
    config = _config(tmp_path, 0)
    for page in ("index.html", "findings.html"):
        (out / page).write_text("<h1>someone's page</h1>\n")
        code, err = _cli("reports", "--config", config, "--reports-dir", out)
        assert code == 2 and err.count("\n") == 1
        assert f"{str(out / page)!r} was not written by the runner" in err
        assert (out / page).read_text() == "<h1>someone's page</h1>\n"
        (out / page).unlink()
    (out / "tiny").mkdir()
    (out / "tiny" / "thesis.tex").write_text("years of work\n")
    code, err = _cli("reports", "--config", config, "--reports-dir", out)
    assert code == 2 and f"{str(out / 'tiny')!r} is not a run folder the runner wrote" in err
    assert (out / "tiny" / "thesis.tex").read_text() == "years of work\n"


def test_a_lock_or_marker_that_is_a_symlink_is_never_written_through(tmp_path):
    """A ``.lock`` or ``.bridgestats-reports`` pointing at a user's file: the runner opened
    (and wrote the first bytes of) the one, and rewrote the other whole, through the link."""
    from bridgestats.reports.folder import MARKER_NAME, claim

    victim = tmp_path / "bashrc"
    victim.write_text("export PATH=~/bin:$PATH\n")
    out = tmp_path / "out"
    out.mkdir()
    claim(out)
    (out / LOCK_NAME).symlink_to(victim)
    with pytest.raises(BridgestatsError, match=r"cannot open the lock file .*\.lock"):
        with locked(out):
            pass
    (out / LOCK_NAME).unlink()
    (out / MARKER_NAME).unlink()
    (out / MARKER_NAME).symlink_to(victim)
    code, err = _cli("reports", "--config", _config(tmp_path, 0), "--reports-dir", out)
    assert code == 2 and f"{str(out)!r} is not a reports folder" in err
    assert f"'{MARKER_NAME}'" in err
    assert victim.read_text() == "export PATH=~/bin:$PATH\n"


def test_a_run_named_findings_html_is_refused(tmp_path):
    from bridgestats.reports import load_config

    path = tmp_path / "reports.toml"
    path.write_text('[[report]]\nname = "Findings.html"\nnotebook = "x.ipynb"\n')
    with pytest.raises(BridgestatsError, match=r"'name' 'Findings\.html' is reserved"):
        load_config(path)


def test_sigterm_is_handled_like_ctrl_c_and_the_index_says_the_run_was_stopped(good, tmp_path):
    before = (good / "tiny" / "run.json").read_text()
    proc = _start(_config(tmp_path, 60), good)
    kernel_file = _wait_for_kernel(good, proc)
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert time.monotonic() - t0 < 20  # the 60 s cell is not waited for
    assert proc.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in stderr
    assert stderr.endswith(
        "[reports] stopped by SIGTERM: stopped tiny (0 of 1 finished; previous reports kept)\n"
        "bridgestats reports: stopped (SIGTERM)\n"
    ), stderr
    assert (good / "tiny" / "run.json").read_text() == before
    assert _leftovers(good) == [] and not kernel_file.exists()  # its key is gone too
    assert not (good / LOCK_NAME).exists()
    page = (good / "index.html").read_text()
    assert 'class="status stopped"' in page
    assert "stopped by SIGTERM before it finished" in page
    assert 'href="tiny/tiny.html"' in page  # the previous good report is still linked


def _descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (its pool workers, their kernels), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _ignores_sigterm(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    mask = int(next(ln for ln in status.splitlines() if ln.startswith("SigIgn:")).split()[1], 16)
    return bool(mask & (1 << (signal.SIGTERM - 1)))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_stop_reaching_the_workers_before_the_batch_is_a_stop_not_a_failure(good, tmp_path):
    """``systemctl stop`` signals every process of the batch; when the pool worker gets
    SIGTERM before the batch does, the run is still 'stopped' (once a 'failed' run: the
    worker died, ``tiny.failed/`` was written, exit 1). The kernel keeps SIGTERM's default
    (what a notebook starts must still be stoppable by it)."""
    before = (good / "tiny" / "run.json").read_text()
    proc = _start(_config(tmp_path, 60), good)
    _wait_for_kernel(good, proc)
    below = _descendants(proc.pid)
    kernels = [pid for pid in below if "ipykernel" in _cmdline(pid)]
    assert len(kernels) == 1 and len(below) >= 2, [_cmdline(pid) for pid in below]
    assert not _ignores_sigterm(kernels[0])
    for pid in below:  # the worker (and multiprocessing's tracker) first
        if pid not in kernels:
            os.kill(pid, signal.SIGTERM)
    time.sleep(2)  # a worker that died would have made the batch record a failure by now
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGTERM)
    os.kill(kernels[0], signal.SIGTERM)  # with the batch: the rest of the control group
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert stderr.endswith(
        "[reports] stopped by SIGTERM: stopped tiny (0 of 1 finished; previous reports kept)\n"
        "bridgestats reports: stopped (SIGTERM)\n"
    ), stderr
    assert not (good / "tiny.failed").exists()
    assert (good / "tiny" / "run.json").read_text() == before
    assert 'class="status stopped"' in (good / "index.html").read_text()
    assert _leftovers(good) == [] and not (good / LOCK_NAME).exists()
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in below) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in below if _alive(pid)]


# --------------------------------------------------------------------------- one line, exit 2


def _typed_notebook(folder: Path) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x: float = 1.0  # a finite number\nn: int = 2")
    cell.metadata["tags"] = ["parameters"]
    nb.cells = [cell, nbformat.v4.new_code_cell("print(x * n)")]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "typed.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("NaN", "parameter x of notebook typed.ipynb: must be float; got 'NaN'"),
        ("1e999", "parameter x of notebook typed.ipynb: must be float; got inf"),
        ("-Infinity", "parameter x of notebook typed.ipynb: must be float; got '-Infinity'"),
        ("[" * 3000 + "]" * 3000, "param: x: the value is nested too deeply"),
        # an int beyond floats: once an internal OverflowError of the float check
        ("9" * 400, "parameter x of notebook typed.ipynb: must be float; got 99999"),
        ("-" + "9" * 400, "parameter x of notebook typed.ipynb: must be float; got -9999"),
    ],
)
def test_absurd_parameter_values_are_one_line(tmp_path, value, message):
    nb = _typed_notebook(tmp_path)
    config = tmp_path / "typed.toml"
    config.write_text(f'[[report]]\nname = "typed"\nnotebook = "{nb.as_posix()}"\n')
    code, err = _cli("reports", "--config", config, "-p", f"x={value}", "--list")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert message in err


@pytest.mark.parametrize("timeout", ["0.5", "0", "1e9", "true", '"60"'])
def test_a_timeout_nbclient_cannot_take_is_refused_at_check_time(tmp_path, timeout):
    from bridgestats.reports import load_config

    path = tmp_path / "reports.toml"
    path.write_text(f'timeout = {timeout}\n[[report]]\nname = "x"\nnotebook = "x.ipynb"\n')
    with pytest.raises(BridgestatsError, match="timeout must be a whole number of seconds"):
        load_config(path)


def test_a_grid_of_100000_runs_is_refused_at_once(tmp_path):
    from bridgestats.reports import expand_runs, load_config

    path = tmp_path / "reports.toml"
    axes = ", ".join(f"p{i} = [{', '.join(str(v) for v in range(10))}]" for i in range(5))
    path.write_text(
        'allow_missing = true\n[[report]]\nname = "big"\nnotebook = "x.ipynb"\n'
        f"grid = {{ {axes} }}\n"
    )
    assert path.stat().st_size < 4096
    t0 = time.perf_counter()
    with pytest.raises(BridgestatsError, match=r"expand to more than 5,000 runs .* gives 100,000"):
        expand_runs(load_config(path))
    assert time.perf_counter() - t0 < 1
    # a grid just under the limit lists, its notebook inspected once
    nb = _typed_notebook(tmp_path)
    path.write_text(
        f'[[report]]\nname = "mid"\nnotebook = "{nb.as_posix()}"\n'
        "grid = { n = [" + ", ".join(str(v) for v in range(2000)) + "] }\n"
    )
    from bridgestats.reports import parameters

    parameters._inspect_cached.cache_clear()
    t0 = time.perf_counter()
    code, err = _cli("reports", "--config", path, "--list")
    assert code == 0, err
    assert parameters._inspect_cached.cache_info().misses == 1
    assert time.perf_counter() - t0 < 30


def test_hand_edited_run_files_do_not_break_the_index(tmp_path):
    from bridgestats.reports import write_index

    for name, ended in (("a", "yesterday"), ("b", 12)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "run.json").write_text(json.dumps({"ended": ended}))
        (tmp_path / name / "summary.json").write_text("[1, 2, 3]")  # a list, not an object
    (tmp_path / "b.failed").mkdir()
    (tmp_path / "b.failed" / "run.json").write_text(json.dumps({"ended": "2026-01-01T00:00:00"}))
    page = write_index(tmp_path).read_text()
    assert "yesterday (not a time)" in page and 'class="status failed"' in page


def test_a_symlink_loop_or_an_index_folder_as_reports_dir_is_one_line(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    config = _config(tmp_path, 0)
    code, err = _cli("reports", "--config", config, "--reports-dir", loop / "reports")
    assert code == 2 and err.count("\n") == 1 and "reports_dir: cannot create the folder" in err
    out = tmp_path / "out"
    (out / "index.html").mkdir(parents=True)
    code, err = _cli("reports", "--config", config, "--reports-dir", out)
    assert code == 2 and err.count("\n") == 1
    assert "is not a reports folder" in err and "'index.html'" in err
    (out / "index.html").rmdir()
    from bridgestats.reports.folder import claim

    claim(out)
    (out / "index.html").mkdir()
    code, err = _cli("reports", "--config", config, "--reports-dir", out)
    assert code == 2 and "index.html' was not written by the runner" in err


def test_the_reports_folder_removed_mid_batch_is_one_line(tmp_path, monkeypatch):
    import shutil

    from bridgestats.reports import batch
    from bridgestats.reports.jobs import Outcome

    out = tmp_path / "out"

    def vanishing(jobs_by_name, **_kwargs):  # the folder goes while the run executes
        shutil.rmtree(out)
        for name in jobs_by_name:
            yield name, Outcome("ok", "2026-12-02T00:00:00.000Z", "2026-12-02T00:00:01.000Z")

    monkeypatch.setattr(batch, "dispatch", vanishing)
    code, err = _cli("reports", "--config", _config(tmp_path, 0), "--reports-dir", out)
    assert code == 2 and "Traceback" not in err
    assert err.endswith(
        f"bridgestats reports: error: reports_dir: could not write in {str(out)!r} (No such"
        " file or directory); the batch stopped (runs put in place: none; the others'"
        " previous reports kept)\n"
    ), err
    assert not out.exists()  # nothing made again: no half folder, no lock


def test_a_full_disk_during_the_batch_is_one_line_and_the_good_report_kept(
    good, tmp_path, monkeypatch
):
    import errno

    from bridgestats.reports import batch

    before = (good / "tiny" / "run.json").read_text()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(batch, "_replace_dir", full)
    code, err = _cli("reports", "--config", _config(tmp_path, 0), "--reports-dir", good)
    assert code == 2 and "Traceback" not in err
    assert err.endswith(
        f"bridgestats reports: error: reports_dir: could not write in {str(good)!r} (No space"
        " left on device); the batch stopped (runs put in place: none; the others' previous"
        " reports kept)\n"
    ), err
    assert (good / "tiny" / "run.json").read_text() == before
    assert _leftovers(good) == [] and not (good / LOCK_NAME).exists()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sighup_to_the_batchs_process_group_is_a_stop_like_sigterm(good, tmp_path):
    """A closed terminal (a dropped ssh session) sends SIGHUP to the batch and every
    process of its group (its pool workers, multiprocessing's tracker): the batch stops as
    on SIGTERM (issue 34). Before: killed at once, its lock, kernel and temporary folders
    left, the index not saying the run stopped, and 5 leaked semaphores."""
    before = (good / "tiny" / "run.json").read_text()
    proc = subprocess.Popen(
        _command(_config(tmp_path, 60), good),
        env=_env(),
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal's job is
    )
    kernel_file = _wait_for_kernel(good, proc)
    below = _descendants(proc.pid)
    os.killpg(proc.pid, signal.SIGHUP)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGHUP, stderr
    assert "Traceback" not in stderr and "leaked" not in stderr, stderr
    assert stderr.endswith(
        "[reports] stopped by SIGHUP: stopped tiny (0 of 1 finished; previous reports kept)\n"
        "bridgestats reports: stopped (SIGHUP)\n"
    ), stderr
    assert (good / "tiny" / "run.json").read_text() == before
    assert not (good / "tiny.failed").exists()
    assert _leftovers(good) == [] and not kernel_file.exists()
    assert not (good / LOCK_NAME).exists()
    page = (good / "index.html").read_text()
    assert "stopped by SIGHUP before it finished" in page
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in below) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [_cmdline(pid) for pid in below if _alive(pid)]
