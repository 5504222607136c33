"""Hostile input, third pass (issue 34): what the commands write from a stranger's file.

- ``score``'s Markdown (its default format) and HTML show every name read from the file
  (teams, the event line, players, USEBIO's decoded text) as text: rendered by a Markdown
  renderer that passes raw HTML through (as nbconvert's and GitHub's do for trusted text),
  no tag, attribute or link of the file's making is live;
- Unicode's bidirectional controls in names are dropped from Markdown, HTML and CSV.
"""

from __future__ import annotations

import numpy as np
import pytest
from reports.test_hostile_pages import AUTOLINK, IMG, LINK, SCRIPT, _live, _text
from test_cli_score import _run  # tests/ is on the path (rootdir conftest)

from bridgestats.errors import BridgestatsError

BIDI_TEAM = "\u202eAlpha\u2066"


def _teams_pbn(path, *, home=IMG, visit=LINK, event=SCRIPT, north="Ann"):
    text = ""
    for room, contract, result in (("Open", "4H", "10"), ("Closed", "4HX", "9")):
        text += (
            f'[Event "{event}"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "IMP"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
            f'[HomeTeam "{home}"]\n[VisitTeam "{visit}"]\n[Room "{room}"]\n[Stage "1"]\n'
            f'[North "{north}"]\n\n'
        )
    path.write_text(text, encoding="utf-8")
    return path


def _rendered(markdown: str) -> str:
    """Markdown as a renderer that trusts raw HTML renders it (nbconvert's own filter)."""
    from nbconvert.filters.markdown import markdown2html_mistune

    return markdown2html_mistune(markdown)


def test_score_markdown_shows_names_as_text(capsys, tmp_path):
    pbn = _teams_pbn(tmp_path / "teams.pbn")
    code, out, err = _run(capsys, "score", pbn)
    assert code == 0, err
    page = _rendered(out)
    assert _live(page) == []
    text = _text(page)
    for name in (IMG, LINK, SCRIPT):  # each reads as the file spells it
        assert name in text
    assert "| 1 | 11 | 0 | 18.55 | 1 |" in out  # the table is still a table


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_score_of_a_usebio_event_whose_description_decodes_to_a_tag(capsys, tmp_path, fmt):
    usebio = tmp_path / "event.xml"
    usebio.write_text(
        '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        "<EVENT_DESCRIPTION>&lt;img src=x onerror=alert(1)&gt; [a](javascript:alert(3)) "
        "&lt;javascript:alert(4)&gt;</EVENT_DESCRIPTION><BOARD>"
        "<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        "<TRICKS>10</TRICKS></TRAVELLER_LINE><TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        "<TRICKS>9</TRICKS></TRAVELLER_LINE></BOARD></EVENT></USEBIO>\n"
    )
    code, out, err = _run(capsys, "score", usebio, "--format", fmt)
    assert code == 0, err
    page = _rendered(out) if fmt == "markdown" else out
    assert _live(page) == []
    assert f"event: {IMG} [a](javascript:alert(3)) {AUTOLINK}" in _text(page)


def test_score_html_shows_names_as_text(capsys, tmp_path):
    pbn = _teams_pbn(tmp_path / "teams.pbn")
    code, out, err = _run(capsys, "score", pbn, "--format", "html")
    assert code == 0, err
    assert _live(out) == []
    assert IMG in _text(out) and SCRIPT in _text(out)


@pytest.mark.parametrize("fmt", ["markdown", "html", "csv"])
def test_bidi_controls_are_dropped_from_score_outputs(capsys, tmp_path, fmt):
    pbn = _teams_pbn(tmp_path / "teams.pbn", home=BIDI_TEAM, event="Club \u202ecup")
    code, out, err = _run(capsys, "score", pbn, "--format", fmt)
    assert code == 0, err
    for control in ("\u202e", "\u2066"):
        assert control not in out and control not in err
    assert "Alpha" in out and "Club cup" in out + err


def test_bidi_controls_are_dropped_from_read_csv(capsys, tmp_path):
    pbn = _teams_pbn(tmp_path / "teams.pbn", home=BIDI_TEAM, north="\u200fBob\u061c")
    code, out, err = _run(capsys, "read", pbn)
    assert code == 0, err
    assert "\u202e" not in out and "\u200f" not in out and "\u061c" not in out
    assert "Alpha" in out


# --------------------------------------------------------------------------- stdout not UTF-8

_NAMES = '[Event "Müller Cup σ"]\n'


def _mp_pbn(path):
    records = [
        f'{_NAMES}[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP"]\n[Declarer "N"]\n'
        f'[Contract "4S"]\n[Result "{result}"]\n[North "{north}"]\n'
        for result, north in (("10", "Müller"), ("9", "Ärger"))
    ]
    path.write_text("\n".join(records), encoding="utf-8")
    return path


def _narrow_stdout(monkeypatch, encoding):
    """Standard output in ``encoding`` (strict, as Python sets it from
    ``PYTHONIOENCODING``), standard error as Python sets it (backslashreplace)."""
    import io
    import sys

    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    return raw, err


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_markdown_to_a_narrow_stdout_is_escaped_and_said(monkeypatch, tmp_path, encoding):
    from bridgestats.cli import main

    pbn = _mp_pbn(tmp_path / "club.pbn")
    raw, err = _narrow_stdout(monkeypatch, encoding)
    assert main(["score", str(pbn)]) == 0, err.getvalue()
    out = raw.getvalue().decode(encoding)
    assert "Cup \\u03c3" in out  # σ is in none of the three
    assert ("M\\xfcller" in out) == (encoding == "ascii")
    note = err.getvalue()
    assert note.count("\n") == 1 and "cannot show" in note and "--out FILE writes UTF-8" in note


@pytest.mark.parametrize("command", [["read"], ["score", "--format", "csv"]])
def test_csv_to_a_narrow_stdout_is_refused_in_one_line(monkeypatch, tmp_path, command):
    from bridgestats.cli import main

    pbn = _mp_pbn(tmp_path / "club.pbn")
    raw, err = _narrow_stdout(monkeypatch, "ascii")
    assert main([command[0], str(pbn), *command[1:]]) == 2
    said = err.getvalue()
    assert said.count("\n") == 1 and "Traceback" not in said and "internal error" not in said
    assert "encoding (ascii) cannot write" in said and "--out FILE (UTF-8)" in said
    assert raw.getvalue() == b""
    # --out writes UTF-8 whatever standard output's encoding
    out = tmp_path / "out.csv"
    raw, err = _narrow_stdout(monkeypatch, "ascii")
    assert main([command[0], str(pbn), *command[1:], "--out", str(out)]) == 0
    assert "Müller" in out.read_text(encoding="utf-8")


def test_html_to_a_narrow_stdout_is_ascii_with_references(monkeypatch, tmp_path):
    from bridgestats.cli import main

    pbn = _mp_pbn(tmp_path / "club.pbn")
    raw, _ = _narrow_stdout(monkeypatch, "latin-1")
    assert main(["score", str(pbn), "--format", "html"]) == 0
    page = raw.getvalue()
    assert page.isascii() and b"M&#252;ller Cup &#963;" in page


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_real_process_with_pythonioencoding(tmp_path, encoding):
    import os
    import subprocess
    import sys

    from bridgestats.paths import project_root

    pbn = _mp_pbn(tmp_path / "club.pbn")
    env = {**os.environ, "PYTHONPATH": str(project_root()), "PYTHONIOENCODING": encoding}
    for argv, code in ((["score", str(pbn)], 0), (["read", str(pbn)], 2)):
        done = subprocess.run(
            [sys.executable, "-m", "bridgestats.cli", *argv],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=env,
            timeout=120,
        )
        err = done.stderr.decode(encoding)
        assert done.returncode == code, err
        assert "UnicodeEncodeError" not in err and err.count("\n") == 1


# --------------------------------------------------------------------------- messages


def test_every_record_skipped_names_the_file_and_why(capsys, tmp_path):
    pbn = tmp_path / "nine.pbn"
    pbn.write_text(
        '[Event "E"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP"]\n[Declarer "N"]\n'
        '[Contract "9NT"]\n[Result "10"]\n'
    )
    code, out, err = _run(capsys, "score", pbn)
    assert code == 2 and out == ""
    assert err == (  # the score package's own rule (issue 35), which the issue asked for
        "bridgestats score: error: no scorable result in nine.pbn: every record was skipped:"
        " 1 unknown contract\n"
    )


def test_every_acbl_line_skipped_names_the_file_and_why(capsys, tmp_path):
    csv = tmp_path / "travellers.csv"
    csv.write_text(
        "session,section,board,vul,contract,declarer,made,score_ns,score_ew,mp_ns,mp_ew,"
        "pair_ns,pair_ew\n"
        + "".join(f"s,,1,None,{c},N,4,,,,,{i},{i + 10}\n" for i, c in enumerate(["9NT", "4Q"]))
    )
    code, _, err = _run(capsys, "score", csv)
    assert code == 2 and err.count("\n") == 1 and "array(" not in err
    assert "no scorable result in travellers.csv: every record was skipped" in err
    assert "2 unknown contract" in err


def test_an_empty_list_is_shown_as_one_not_as_a_numpy_repr():
    # -p sensitivity_factors=[] reached frequencies.sensitivity as an empty array
    from bridgestats.studies import frequencies
    from bridgestats.vp import gaussian_scale

    with pytest.raises(BridgestatsError) as info:
        frequencies.sensitivity({"s": gaussian_scale(sigma=11.0)}, sigmas=np.asarray([]) * 11.0)
    assert str(info.value) == "sigmas: must be one or more numbers; got [] (none)"


def test_the_longest_legal_out_name_is_written(capsys, tmp_path):
    pbn = _mp_pbn(tmp_path / "club.pbn")
    out = tmp_path / ("o" * 250 + ".md")  # 253 bytes: legal; its temporary name was not
    code, _, err = _run(capsys, "score", pbn, "--out", out)
    assert code == 0, err
    assert "Müller" in out.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["club.pbn", out.name])


def test_out_dash_is_standard_output_and_out_empty_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pbn = _mp_pbn(tmp_path / "club.pbn")
    code, out, err = _run(capsys, "score", pbn, "--out", "-")
    assert code == 0 and out.startswith("# ") and not (tmp_path / "-").exists()
    code, out, err = _run(capsys, "read", pbn, "--out", "")
    assert code == 2 and out == ""
    assert err == (
        "bridgestats read: error: --out: must be a file, or - for standard output, not an"
        " empty path; got ''\n"
    )


def test_reports_dir_empty_is_refused_and_nothing_written(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(capsys, "reports", "--reports-dir", "", "--only", "rederive_k")
    assert code == 2
    assert err == (
        "bridgestats reports: error: --reports-dir: must be a folder, not an empty path; got ''\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_file_name_with_a_newline_keeps_the_error_on_one_line(capsys, tmp_path):
    bad = tmp_path / "a\nb.pbn"
    bad.write_text('[Event "E"]\n[Board "1"]\n[Contract "9NT"]\n[Declarer "N"]\n[Result "1"]\n')
    for given in (bad, tmp_path / "no\nsuch.pbn"):
        code, _, err = _run(capsys, "score", given)
        assert code == 2 and err.count("\n") == 1, err
        assert "a\\nb.pbn" in err or "no\\nsuch.pbn" in err


def test_a_folder_input_names_the_entries_it_passes_over(capsys, tmp_path):
    import os

    folder = tmp_path / "event"
    folder.mkdir()
    _mp_pbn(folder / "a.pbn")
    os.mkfifo(folder / "fifo.pbn")
    (folder / "zero.pbn").symlink_to("/dev/zero")
    code, _, err = _run(capsys, "read", folder)
    assert code == 0, err
    assert (
        "2 entries passed over, not regular files: fifo.pbn (a named pipe), zero.pbn"
        " (a link to a device)" in err
    )
    for alone, what in (("fifo.pbn", "a named pipe"), ("zero.pbn", "a link to a device")):
        code, _, err = _run(capsys, "read", folder / alone)
        assert code == 2 and f"({what})" in err


@pytest.mark.parametrize(
    ("argv", "ok"),
    [
        (["--boards", "8", "--sigma", "1e-9"], False),  # 1 IMP won 20-0
        (["--boards", "8", "--sigma", "1e9"], False),
        (["--boards", "8", "--sigma", "nan"], False),
        (["--boards", "8", "--sigma", "18"], True),
        (["--boards", "8", "--sigma", str(50 * 8**0.5)], True),  # K = 50, --k's top
        (["--form", "cross-imps", "--boards", "8", "--sigma", "0.001"], False),
        (["--form", "aggregate", "--boards", "24", "--sigma", "1790"], True),  # points
    ],
)
def test_scale_sigma_is_held_to_the_range_of_k(capsys, argv, ok):
    code, _, err = _run(capsys, "scale", *argv)
    assert (code == 0) == ok, err
    if not ok:
        assert err.count("\n") == 1 and "--sigma: must be a number in [" in err
        assert "as --k" in err
