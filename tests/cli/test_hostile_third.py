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
