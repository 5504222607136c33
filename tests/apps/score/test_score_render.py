"""The results page (``bridgestats.apps.score.render``, ``bridgestats score``): what a club
publishes, in the order it reads it, in Markdown, HTML, CSV and JSON.

The page's figures are those of the scorer (tested against hand-worked boards and the
programs' printed figures elsewhere); here: the title is the event and its date as the
file gives them, the ranking comes first with the players' names, then the boards one
traveller each, then the agreement and diagnostics; JSON is one object per file; CSV one
table; and every name read from the file is text in every format.
"""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from reports.test_hostile_pages import _live, _text  # tests/ is on the path

from bridgestats.cli import main

IMG = "<img src=x onerror=alert(1)>"
LINK = "[click](javascript:alert(3))"


def _rendered(markdown: str) -> str:
    """Markdown as a renderer that trusts raw HTML renders it (nbconvert's own filter)."""
    from nbconvert.filters.markdown import markdown2html_mistune

    return markdown2html_mistune(markdown)


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _pairs_pbn(path, *, event="Club pairs", north=IMG, south=LINK, date="2026.01.19"):
    """Two boards of a two-table Mitchell; pair NS 1 named by the test."""
    lines = [
        ("1", "None", "1", "5", "N", "4S", "10"),
        ("1", "None", "2", "6", "N", "4S", "9"),
        ("2", "NS", "1", "6", "E", "2H", "8"),
        ("2", "NS", "2", "5", "N", "1NT", "7"),
    ]
    text = ""
    for board, vul, ns, ew, declarer, contract, result in lines:
        names = (north, south) if ns == "1" else ("Cy", "Di")
        text += (
            f'[Event "{event}"]\n[Date "{date}"]\n[Board "{board}"]\n[Vulnerable "{vul}"]\n'
            f'[Scoring "MP"]\n[Declarer "{declarer}"]\n[Contract "{contract}"]\n'
            f'[Result "{result}"]\n[North "{names[0]}"]\n[South "{names[1]}"]\n'
            f'[East "Eve"]\n[West "Fay {ew}"]\n[PairId_NS "{ns}"]\n[PairId_EW "{ew}"]\n\n'
        )
    path.write_text(text, encoding="utf-8")
    return path


def test_the_page_reads_title_ranking_boards_then_diagnostics(capsys, tmp_path):
    pbn = _pairs_pbn(tmp_path / "club.pbn", north="Ann", south="Bob")
    code, md, err = _run(capsys, "score", pbn)
    assert code == 0 and err == ""
    assert md.startswith("# Club pairs, 2026.01.19\n\nScored by matchpoints\n\n## Ranking\n")
    order = [
        md.index(s)
        for s in (
            "## Ranking",
            "## Boards",
            "### Board 1",
            "### Board 2",
            "## Agreement and diagnostics",
            "- method: ",
        )
    ]
    assert order == sorted(order)
    assert "| NS | Ann & Bob | Ann - Bob | 2 |" in md  # the pair and its players, seated
    code, page, _ = _run(capsys, "score", pbn, "--format", "html")
    assert "<title>Club pairs, 2026.01.19</title>" in page
    assert "<h1>Club pairs, 2026.01.19</h1>" in page
    assert page.count('<section class="board"') == 2
    sections = [page.index(s) for s in ('id="ranking"', 'id="boards"', 'id="diagnostics"')]
    assert sections == sorted(sections)


def test_json_is_one_object_per_file_and_a_list_for_a_folder(capsys, tmp_path):
    one = _pairs_pbn(tmp_path / "a.pbn", north="Ann", south="Bob")
    code, out, err = _run(capsys, "score", one, "--format", "json")
    assert code == 0 and "method: matchpoints" in err  # the lines on standard error
    data = json.loads(out)
    assert list(data) == [
        "source",
        "event",
        "date",
        "method",
        "conventions",
        "ranking",
        "boards",
        "agreement",
        "mismatches",
        "notes",
    ]
    assert (data["event"], data["date"], data["method"]) == ("Club pairs", "2026.01.19", "mp")
    assert data["conventions"] == "neuberg" and len(data["boards"]) == 4
    ns = [r for r in data["ranking"] if r["direction"] == "NS"]
    assert {r["players"] for r in ns} == {"Ann - Bob", "Cy - Di"}
    assert all(isinstance(line, str) for line in data["notes"])
    _pairs_pbn(tmp_path / "b.pbn", event="Club pairs II")
    code, out, _ = _run(capsys, "score", tmp_path, "--format", "json")
    files = json.loads(out)
    assert [f["source"] for f in files] == ["a.pbn", "b.pbn"]
    assert [f["event"] for f in files] == ["Club pairs", "Club pairs II"]
    code, _, err = _run(capsys, "score", one, "--format", "json", "--table", "boards")
    assert code == 2 and "--table: must be all with --format json" in err


def test_csv_is_one_table(capsys, tmp_path):
    pbn = _pairs_pbn(tmp_path / "club.pbn", north="Ann", south="Bob")
    _, out, _ = _run(capsys, "score", pbn, "--format", "csv")
    ranking = pd.read_csv(io.StringIO(out))
    assert {"pair", "players", "total", "pct", "place"} <= set(ranking.columns)
    _, out, _ = _run(capsys, "score", pbn, "--format", "csv", "--table", "boards")
    assert len(pd.read_csv(io.StringIO(out))) == 4


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_names_read_from_the_file_are_text_on_the_page(capsys, tmp_path, fmt):
    pbn = _pairs_pbn(tmp_path / "club.pbn", event=f"{IMG} \u202ecup")
    code, out, err = _run(capsys, "score", pbn, "--format", fmt)
    assert code == 0, err
    page = _rendered(out) if fmt == "markdown" else out
    assert _live(page) == []
    text = _text(page)
    assert f"{IMG} - {LINK}" in text  # the players, in the ranking, as the file spells them
    assert f"{IMG} cup" in text and "\u202e" not in out  # the title, without bidi controls


def test_names_in_json_are_data(capsys, tmp_path):
    pbn = _pairs_pbn(tmp_path / "club.pbn", south=f"\u202e{LINK}")
    code, out, _ = _run(capsys, "score", pbn, "--format", "json")
    assert code == 0
    data = json.loads(out)
    players = {r["players"] for r in data["ranking"]}
    assert f"{IMG} - {LINK}" in players and "\u202e" not in out


def test_the_bridgemate_session_as_a_club_publishes_it(capsys, shared_data):
    bws = shared_data / "bridgemate" / "club_pairs_2026-01-19.bws"
    code, page, _ = _run(capsys, "score", bws, "--format", "html")
    assert code == 0
    assert "<title>Bridge game, 2026-01-19</title>" in page
    assert page.count('<section class="board"') == 27  # a traveller per board played
    ranking = page[page.index('id="ranking"') : page.index('id="boards"')]
    # NS 9 and EW 8 head their directions (60.19 %, 63.52 %), each by its two players
    assert "<td>Player 00345 - Player 07470</td>" in ranking
    assert "<td>Player 01575 - P13189xxx</td>" in ranking
    code, out, _ = _run(capsys, "score", bws, "--format", "json")
    data = json.loads(out)
    assert (data["event"], data["date"]) == ("Bridge game", "2026-01-19")
    assert len(data["ranking"]) == 22 and len(data["boards"]) == 297
