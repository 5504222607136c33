"""Hostile input, second pass (issue 26): what the commands write never destroys what a user
owns, and never carries a live spreadsheet formula.

- ``--out`` naming an input (the same path, a symlink or hard link to it, a file of a folder
  input, the ``--scale-file``) is refused before anything is read or written;
- a failed write (a full disk, a file-size limit) leaves the previous ``--out`` file as it
  was and no temporary file behind;
- CSV text cells that begin with ``=``, ``+``, ``-``, ``@``, tab or carriage return are
  prefixed with a single quote (OWASP's rule); numbers stay numbers.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import subprocess
import sys

import pandas as pd
import pytest
from apps.test_score_event import MITCHELL_PBN
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli_score import _run  # tests/ is on the path (rootdir conftest)

from bridgestats import _output
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError
from bridgestats.paths import project_root

EVIL = "=cmd|' /C calc'!A0"


@pytest.fixture
def club_pbn(tmp_path):
    path = tmp_path / "club.pbn"
    path.write_text(MITCHELL_PBN)
    return path


@pytest.fixture
def teams_pbn(tmp_path):
    text = ""
    for room, contract, result in (("Open", "4H", "10"), ("Closed", "4HX", "9")):
        text += (
            f'[Event "Teams"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "IMP"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
            f'[HomeTeam "Lions"]\n[VisitTeam "Bears"]\n[Room "{room}"]\n[Stage "1"]\n\n'
        )
    path = tmp_path / "teams.pbn"
    path.write_text(text)
    return path


# --------------------------------------------------------------------------- out == input


def _refused_over(capsys, victim, *argv):
    before = victim.read_bytes()
    code, _, err = _run(capsys, *argv)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "--out: must not be an input file" in err and "would be overwritten" in err
    assert victim.read_bytes() == before
    return err


@pytest.mark.parametrize("command", ["read", "score"])
def test_out_naming_the_input_is_refused_and_the_input_kept(capsys, club_pbn, command):
    _refused_over(capsys, club_pbn, command, club_pbn, "--out", club_pbn)


@pytest.mark.parametrize("command", ["read", "score"])
def test_out_through_a_symlink_a_hard_link_or_another_spelling(capsys, club_pbn, command):
    link = club_pbn.parent / "link.pbn"
    link.symlink_to(club_pbn)
    hard = club_pbn.parent / "hard.csv"
    os.link(club_pbn, hard)
    spelt = club_pbn.parent / "." / ".." / club_pbn.parent.name / club_pbn.name
    for out in (link, hard, spelt):
        _refused_over(capsys, club_pbn, command, club_pbn, "--out", out)
    # the input given through the link, the output as the file itself
    _refused_over(capsys, club_pbn, command, link, "--out", club_pbn)


@pytest.mark.parametrize("command", ["read", "score"])
def test_out_naming_a_file_of_a_folder_input(capsys, tmp_path, command):
    folder = tmp_path / "event"
    (folder / "session2").mkdir(parents=True)
    victim = folder / "session2" / "b.pbn"
    victim.write_text(MITCHELL_PBN)
    err = _refused_over(capsys, victim, command, folder, "--out", victim)
    assert f"(in {str(folder)!r})" in err


def test_out_naming_the_scale_file(capsys, teams_pbn, tmp_path):
    scale = tmp_path / "scale.csv"
    assert main(["scale", "--wbf", "--boards", "1", "--discrete", "--format", "csv"]) == 0
    scale.write_text(capsys.readouterr().out)
    _refused_over(capsys, scale, "score", teams_pbn, "--scale-file", scale, "--out", scale)


def test_html_over_a_usebio_file_is_refused(capsys, tmp_path):
    usebio = tmp_path / "event.xml"
    usebio.write_text(
        '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD>'
        "<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        "<TRICKS>10</TRICKS></TRAVELLER_LINE></BOARD></EVENT></USEBIO>\n"
    )
    code, _, err = _run(capsys, "score", usebio, "--format", "html")
    assert code == 0, err  # the file scores: the refusal below is for --out alone
    _refused_over(capsys, usebio, "score", usebio, "--format", "html", "--out", usebio)


def test_out_a_folder_is_refused(capsys, club_pbn, tmp_path):
    code, _, err = _run(capsys, "read", club_pbn, "--out", tmp_path)
    assert code == 2 and "--out: must be a file, not a folder" in err


def test_a_new_out_file_beside_the_input_is_written(capsys, club_pbn):
    out = club_pbn.parent / "club.csv"
    code, _, err = _run(capsys, "read", club_pbn, "--out", out)
    assert code == 0, err
    assert len(pd.read_csv(out)) == 8
    # and again over itself (an output, not an input): replaced whole
    code, _, err = _run(capsys, "read", club_pbn, "--out", out)
    assert code == 0, err
    assert len(pd.read_csv(out)) == 8


# --------------------------------------------------------------------------- atomic writes


def _no_temporaries(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_failed_write_keeps_the_previous_file(capsys, club_pbn, monkeypatch):
    out = club_pbn.parent / "club.csv"
    out.write_text("the previous good file\n")
    out.chmod(0o640)
    real_open = builtins.open

    class FullDisk:  # half of the text reaches the disk, then ENOSPC
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            self.handle.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name):
            return getattr(self.handle, name)

    def opener(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return FullDisk(handle) if "w" in mode else handle

    monkeypatch.setattr(builtins, "open", opener)
    code, _, err = _run(capsys, "read", club_pbn, "--out", out)
    monkeypatch.undo()
    assert code == 2
    assert err == (
        f"bridgestats read: error: {out}: could not write the frame (No space left on device)\n"
    )
    assert out.read_text() == "the previous good file\n"
    assert _no_temporaries(out.parent) == []
    # a good write keeps the file's permissions
    assert main(["read", str(club_pbn), "--out", str(out)]) == 0
    assert oct(out.stat().st_mode & 0o777) == oct(0o640)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_file_size_limit_in_a_real_process_keeps_the_previous_file(tmp_path):
    """RLIMIT_FSIZE: the kernel refuses (EFBIG) the write that would pass 300 bytes."""
    src = tmp_path / "club.pbn"
    src.write_text(MITCHELL_PBN)
    out = tmp_path / "club.csv"
    out.write_text("the previous good file\n")
    code = (
        "import resource, signal, sys;"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN);"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300));"
        "from bridgestats.cli import main;"
        f"sys.exit(main(['read', {str(src)!r}, '--out', {str(out)!r}]))"
    )
    env = {**os.environ, "PYTHONPATH": str(project_root())}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert "could not write the frame (File too large)" in done.stderr
    assert "Traceback" not in done.stderr
    assert out.read_text() == "the previous good file\n"
    assert _no_temporaries(tmp_path) == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_kill_during_the_write_keeps_the_previous_file(tmp_path):
    """The process killed (``kill -9``) after the text is written and before the rename:
    the previous ``--out`` is whole; what is left is a hidden ``.tmp`` beside it, never a
    half-written file under the output's name."""
    src = tmp_path / "club.pbn"
    src.write_text(MITCHELL_PBN)
    out = tmp_path / "club.csv"
    out.write_text("the previous good file\n")
    code = (
        "import os, signal, sys;"
        "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL);"
        "from bridgestats.cli import main;"
        f"sys.exit(main(['read', {str(src)!r}, '--out', {str(out)!r}]))"
    )
    env = {**os.environ, "PYTHONPATH": str(project_root())}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=60)
    assert done.returncode == -9
    assert out.read_text() == "the previous good file\n"
    (left,) = _no_temporaries(tmp_path)
    assert left.startswith(".club.csv.") and len(pd.read_csv(tmp_path / left)) == 8


def test_write_text_atomic_writes_through_a_symlink_and_into_devices(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    _output.write_text_atomic(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    _output.write_text_atomic(os.devnull, "nothing")  # not renamed over
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
    with pytest.raises(BridgestatsError, match=r"could not write the output \(a folder\)"):
        _output.write_text_atomic(tmp_path, "x")
    with pytest.raises(BridgestatsError, match="No such file or directory"):
        _output.write_text_atomic(tmp_path / "nope" / "x.csv", "x")
    assert _no_temporaries(tmp_path) == []


# --------------------------------------------------------------------------- formula injection


@pytest.fixture
def evil_pbn(tmp_path):
    text = MITCHELL_PBN.replace(
        '[Event "Club pairs"]\n[Board "1"]', f'[Event "{EVIL}"]\n[Board "1"]'
    )
    text = text.replace('[Event "Club pairs"]\n[Board "2"]', '[Event "@SUM(1+1)"]\n[Board "2"]')
    path = tmp_path / "evil.pbn"
    path.write_text(text)
    return path


def _cells(text):
    return [cell for line in text.splitlines() for cell in line.split(",")]


def test_read_csv_neutralises_formulas_and_keeps_negative_numbers(capsys, evil_pbn):
    code, out, err = _run(capsys, "read", evil_pbn)
    assert code == 0, err
    cells = _cells(out)
    assert "'" + EVIL in cells and "'@SUM(1+1)" in cells
    for cell in cells:
        if cell.startswith(_output.FORMULA_STARTS):
            float(cell)  # only a number (a negative score) may start so: it cannot run
    frame = pd.read_csv(io.StringIO(out))
    assert frame["score_ns"].tolist() == [420, -50, 400, 450, -110, -110, 90, -140]
    assert pd.api.types.is_float_dtype(frame["score_ns"])


def test_score_csv_neutralises_formulas_in_every_table(capsys, evil_pbn):
    code, out, err = _run(capsys, "score", evil_pbn, "--format", "csv")
    assert code == 0, err
    cells = _cells(out)
    assert "'" + EVIL in cells and EVIL not in cells
    assert "'@SUM(1+1)" in cells and "@SUM(1+1)" not in cells
    code, out, _ = _run(capsys, "score", evil_pbn, "--format", "csv", "--table", "boards")
    boards = pd.read_csv(io.StringIO(out))
    assert (boards["score_ns"] < 0).any()  # negative scores are numbers, not quoted text


_text = st.text(alphabet=st.sampled_from("=+-@\t\r'a1. ,\"|!"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_text, st.integers(-(10**6), 10**6), st.floats(-1e6, 1e6)), max_size=8))
def test_no_written_text_cell_starts_a_formula(values):
    frame = pd.DataFrame({"x": pd.Series(values, dtype=object)})
    for value in _output.csv_safe_frame(frame)["x"]:
        if isinstance(value, str) and value.startswith(_output.FORMULA_STARTS):
            float(value)  # only a plain number may start with + or -: it cannot run
        elif isinstance(value, str):
            quoted = value[1:] in values and value[1:].startswith(_output.FORMULA_STARTS)
            assert value in values or (value.startswith("'") and quoted)
        else:
            assert value in values or value != value  # numbers unchanged


# --------------------------------------------------------------------------- the README


def test_readme_states_the_limits_the_code_has():
    """README's "Limits and safety" says each limit as the code has it (issue 26: the size
    limit and the environment variables were only in docstrings)."""
    from bridgestats._validate import K_RANGE
    from bridgestats.io._pbn_tables import _MAX_COLUMNS
    from bridgestats.io._records import MAX_FILE_BYTES
    from bridgestats.io.usebio import _MAX_DEPTH
    from bridgestats.reports.config import MAX_RUNS

    readme = (project_root() / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Limits and safety", 1)[1].split("\n## ", 1)[0]
    said = " ".join(section.split())  # the line breaks of the Markdown source aside
    shown = {"\t": "a tab", "\r": "a carriage return"}
    starts = ", ".join(shown.get(c, f"`{c}`") for c in _output.FORMULA_STARTS)
    for phrase in (
        f"begins with {starts.replace(', a carriage', ' or a carriage')} gets a leading `'`",
        f"at most {MAX_FILE_BYTES >> 30} GiB from one file",
        f"(default {MAX_FILE_BYTES >> 20})",
        f"more than {_MAX_COLUMNS:,} columns",
        f"nested more than {_MAX_DEPTH} deep",
        f"at most {MAX_RUNS:,} runs",
        f"`--k` is in [{K_RANGE[0]:g}, {K_RANGE[1]:g}]",
        "`--strict`",
        ".bridgestats-reports",
    ):
        assert phrase in said, phrase
    import re

    package = (project_root() / "bridgestats").rglob("*.py")
    source = "".join(p.read_text(encoding="utf-8") for p in package)
    used = set(re.findall(r"BRIDGESTATS_[A-Z_]+", source))  # every variable the package reads
    assert used and all(f"`{name}`" in section for name in used), used
