"""Hostile input, third pass (issue 34): what the commands write from a stranger's file.

- ``score``'s Markdown (its default format) and HTML show every name read from the file
  (teams, the event line, players, USEBIO's decoded text) as text: rendered by a Markdown
  renderer that passes raw HTML through (as nbconvert's and GitHub's do for trusted text),
  no tag, attribute or link of the file's making is live;
- Unicode's bidirectional controls in names are dropped from Markdown, HTML and CSV.
"""

from __future__ import annotations

import pytest
from reports.test_hostile_pages import AUTOLINK, IMG, LINK, SCRIPT, _live, _text
from test_cli_score import _run  # tests/ is on the path (rootdir conftest)

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
