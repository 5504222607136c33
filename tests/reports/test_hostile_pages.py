"""Hostile input, third pass (issue 34): no stranger's file writes into a report page.

Names read from a file (events, teams, players, sections) reach the pages through
``show_markdown``/``show_findings`` (Markdown outputs), ``show_table`` (HTML tables) and the
findings. Each is shown as text: no tag, no attribute, no link of the name's making is live
in the page nbconvert exports, and Unicode's bidirectional controls are dropped. The fast
tests put ``show_markdown``'s output through the batch's own exporter
(:func:`bridgestats.reports.execute.export_html`); the slow one runs the issue's case
end to end (a PBN's ``[Event "<img ...>"]`` through ``bridgestats reports``).
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import nbformat
import pytest

from bridgestats import notebook
from bridgestats.reports.execute import export_html, inert_markdown_html

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "</title><script>alert(2)</script>"
LINK = "[click](javascript:alert(3))"
AUTOLINK = "<javascript:alert(4)>"
ENTITY = "&lt;img src=x onerror=alert(5)&gt;"  # decoded by a careless reader into a tag
BIDI = "\u202eAlpha\u2066"
HOSTILE = [IMG, SCRIPT, LINK, AUTOLINK, ENTITY, BIDI]


class _Tags(HTMLParser):
    """The live elements of a page: each start tag with its attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def _live(page: str) -> list[str]:
    """What in ``page`` would act: a script, an event handler, a javascript: link, an img
    of the names' making."""
    parser = _Tags()
    parser.feed(page)
    found = []
    for tag, attrs in parser.tags:
        if tag == "script":
            found.append("<script>")
        found += [f"<{tag} {name}=...>" for name in attrs if name.lower().startswith("on")]
        for name in ("href", "src"):
            value = (attrs.get(name) or "").strip().lower()
            if value.startswith(("javascript:", "vbscript:")) or (tag == "img" and value == "x"):
                found.append(f"<{tag} {name}={value!r}>")
    return found


def _text(page: str) -> str:
    parser = _Tags()
    parser.feed(page)
    return "".join(parser.text)


def _markdown_output(monkeypatch, call) -> dict:
    """The display data of ``call()`` (``show_markdown`` or ``show_findings``), as a kernel
    would record it in the executed notebook."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append(obj))
    call()
    (obj,) = shown
    return {"text/markdown": obj._repr_markdown_(), "text/plain": repr(obj)}


def _page(tmp_path, outputs) -> str:
    """``outputs`` (display data) in one code cell, exported as the batch exports a run."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "bridgestats", "display_name": "bridgestats"}
    cell = nbformat.v4.new_code_cell("...")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data) for data in outputs]
    nb.cells = [nbformat.v4.new_markdown_cell("# The report"), cell]
    path = tmp_path / "page.ipynb"
    nbformat.write(nb, path)
    return export_html(path, show_code=False, title="hostile").read_text(encoding="utf-8")


def test_names_in_findings_and_markdown_are_text_on_the_page(monkeypatch, tmp_path):
    lines = [f"K of a series ranges from 7.25 ({name}) to 7.30 (Beta)." for name in HOSTILE]
    findings = _markdown_output(monkeypatch, lambda: notebook.show_findings(lines))
    prose = _markdown_output(
        monkeypatch,
        lambda: notebook.show_markdown(f"Read **{len(HOSTILE)}** events: " + "; ".join(HOSTILE)),
    )
    page = _page(tmp_path, [findings, prose])
    assert _live(page) == []
    text = _text(page)
    for name in (IMG, SCRIPT, LINK, AUTOLINK, "Alpha"):  # shown as written
        assert f"({name}) to 7.30" in text
        assert name in text.split("events: ", 1)[1]
    assert "\u202e" not in page and "\u2066" not in page
    assert "<strong>6</strong>" in page  # the package's own Markdown stays Markdown


def test_the_exporter_shows_raw_html_of_a_markdown_output_as_text(tmp_path):
    # the second line of defence: Markdown output that was never made inert
    raw = {"text/markdown": f"- {IMG}\n- {SCRIPT}\n- {LINK}\n\n<div onclick=alert(6)>x</div>\n"}
    page = _page(tmp_path, [raw])
    assert _live(page) == []
    assert IMG in _text(page) and "alert(6)" in _text(page)
    assert "<li>" in page  # the list is still a list


def test_links_only_to_the_files_named(monkeypatch):
    out = _markdown_output(
        monkeypatch,
        lambda: notebook.show_markdown(
            f"Every standing: [rescored_events.csv](rescored_events.csv); team {LINK}",
            links=["rescored_events.csv"],
        ),
    )
    html = inert_markdown_html(out["text/markdown"])
    assert '<a href="rescored_events.csv">rescored_events.csv</a>' in html
    assert html.count("<a ") == 1  # the team's brackets read as brackets
    assert _live(html) == [] and LINK in _text(html)


def test_code_spans_keep_their_text_and_tables_their_cells(monkeypatch):
    out = _markdown_output(
        monkeypatch,
        lambda: notebook.show_markdown(f"`a<b` and\n\n| team | VPs |\n|---|---|\n| {IMG} | 12 |"),
    )
    html = inert_markdown_html(out["text/markdown"])
    assert "<code>a&lt;b</code>" in html and "<table>" in html
    assert _live(html) == [] and IMG in _text(html)


def test_tables_and_findings_drop_bidirectional_controls():
    import pandas as pd

    table = notebook.table_html(pd.DataFrame({"team\u202e": [BIDI, IMG], "vp": [12.0, 8.0]}))
    assert "\u202e" not in table and "\u2066" not in table and "Alpha" in table
    assert _live(table) == []
    item = notebook.finding(f"The winner is {BIDI}.", section="s")
    assert item["text"] == "The winner is Alpha."


# --------------------------------------------------------------------------- end to end


def _hostile_event_pbn(path, event: str) -> None:
    """Eight team matches of 16 boards (two rooms each), all of the event ``event``."""
    rng = random.Random(1)
    records = []
    for match in range(8):
        for board in range(1, 17):
            for room in ("Open", "Closed"):
                contract = rng.choice(["4H", "3NT", "2S", "4S", "1NT", "5D", "3H"])
                tricks = int(contract[0]) + 6 + rng.choice([-2, -1, 0, 0, 1])
                records.append(
                    f'[Event "{event}"]\n[Board "{board}"]\n[Vulnerable "None"]\n'
                    f'[Scoring "IMP"]\n[Declarer "{rng.choice("NESW")}"]\n'
                    f'[Contract "{contract}"]\n[Result "{tricks}"]\n[HomeTeam "Home{match}"]\n'
                    f'[VisitTeam "Visit{match}"]\n[Room "{room}"]\n[Round "{match + 1}"]\n\n'
                )
    path.write_text("".join(records))


def test_an_event_name_from_a_pbn_is_text_in_every_page(tmp_path, capsys):
    from bridgestats.cli import main

    pbn = tmp_path / "x.pbn"
    _hostile_event_pbn(pbn, IMG)
    reports = tmp_path / "reports"
    code = main(
        [
            "reports",
            "--only",
            "rederive_k",
            "-p",
            f'files=["{pbn}"]',
            "-p",
            "min_group_matches=1",
            "-p",
            "n_boot=50",
            "--reports-dir",
            str(reports),
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    pages = [reports / "rederive_k" / "rederive_k.html", reports / "findings.html"]
    pages.append(reports / "index.html")
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert _live(html) == [], page.name
    report = _text(pages[0].read_text(encoding="utf-8"))
    assert "ranges from" in report and f"({IMG}) to" in report  # shown as the file spells it


@pytest.mark.parametrize("name", HOSTILE)
def test_inert_markdown_leaves_nothing_live(name):
    html = inert_markdown_html(notebook.inert_markdown(f"- event {name} (**{name}**)"))
    assert _live(html) == []
    assert "\u202e" not in html
