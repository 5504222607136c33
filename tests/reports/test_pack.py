"""The committee pack's parts and page (bridgestats.reports.pack), without a browser: what
goes in, in which order, escaped; the booklet page is written and the batch is told in one
line when no browser prints the PDF (issue 33, item 3). The printed PDF itself is checked in
test_pdf.py (headless Chromium)."""

from __future__ import annotations

import json

import pytest
from markupsafe import Markup

from bridgestats.names import GLOSSARY
from bridgestats.reports import browser, pack
from bridgestats.reports.folder import claim


def fake_reports(root, runs):
    """A reports folder of ``runs`` (name -> title) as the runner leaves it: each run's
    run.json and its page, whose body names the run."""
    root.mkdir(parents=True, exist_ok=True)
    claim(root)
    for name, title in runs.items():
        (root / name).mkdir()
        (root / name / "run.json").write_text(
            json.dumps({"notebook": f"{name}.ipynb", "title": title})
        )
        (root / name / f"{name}.html").write_text(
            f"<html><head><style>p.{name} {{ color: black }}</style><script>alert(1)"
            f"</script></head><body><h1>{title}</h1><p class='{name}'>body of {name}</p>"
            "<script>alert(2)</script></body></html>"
        )
    return root


def test_parts_in_order_brief_then_booklet_then_the_rest_then_the_glossary(tmp_path):
    root = fake_reports(
        tmp_path / "r", {"rederive_k": "K", "committee_brief": "Brief", "swiss_events": "Swiss"}
    )
    parts = pack.pack_parts(root, ["rederive_k", "committee_brief", "missing_run", "swiss_events"])
    assert [p.title for p in parts] == [
        "Brief",
        "The booklet of VP scales",
        "K",
        "Swiss",
        "Glossary",
    ]
    assert "body of rederive_k" in parts[2].body and "alert" not in parts[2].body  # no scripts
    assert parts[2].styles == ("p.rederive_k { color: black }",)
    assert all(term in parts[-1].body for term in ("Neuberg", "PPI"))
    assert len(GLOSSARY) >= 20


def test_without_a_brief_the_booklet_opens_the_pack(tmp_path):
    root = fake_reports(tmp_path / "r", {"rederive_k": "K"})
    assert [p.title for p in pack.pack_parts(root, ["rederive_k"])][:2] == [
        "The booklet of VP scales",
        "K",
    ]


def test_the_page_escapes_titles_and_numbers_the_contents(tmp_path):
    parts = [pack.Part("<img src=x onerror=alert(1)>", "pack-x", Markup("<p>y</p>"), (), 7)]
    page = pack.pack_html(parts)
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "page 7" in page and "Part 1: &lt;img" in page
    assert "counter(page)" in page and "counter(pages)" in page  # a number on every page


def test_without_a_browser_the_booklet_is_written_and_the_pack_is_said(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGESTATS_CHROMIUM", "no-such-chromium")
    assert browser.find_browser() is None
    root = fake_reports(tmp_path / "r", {"rederive_k": "K"})
    pdf, said = pack.write_pack(root, ["rederive_k"])
    assert pdf is None and "\n" not in said and said.startswith("committee pack: not printed")
    assert "<title>VP scales: the booklet</title>" in (root / "booklet.html").read_text()
    assert not (root / pack.PACK_PDF).exists()


def test_a_pack_the_runner_did_not_write_is_not_replaced(tmp_path):
    from bridgestats.errors import BridgestatsError

    root = fake_reports(tmp_path / "r", {"rederive_k": "K"})
    (root / pack.PACK_PDF).write_bytes(b"%PDF- somebody's own")
    with pytest.raises(BridgestatsError, match="was not written by the runner"):
        pack.write_pack(root, ["rederive_k"])
    assert (root / pack.PACK_PDF).read_bytes() == b"%PDF- somebody's own"
