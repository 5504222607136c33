"""PDF for the committee: ``bridgestats scale --booklet --format pdf`` and
``bridgestats reports --pdf`` print through headless Chromium, and say clearly when it is
not installed (before any report runs)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess

import pytest

from bridgestats.cli import main
from bridgestats.reports import browser


@pytest.mark.parametrize(
    "argv",
    [
        ["scale", "--booklet", "--format", "pdf"],
        ["reports", "--pdf", "--only", "washington_sigma", "--reports-dir", "{tmp}"],
    ],
)
def test_without_the_browser_pdf_is_refused_by_name_before_any_work(
    argv, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("BRIDGESTATS_CHROMIUM", "no-such-chromium")
    assert browser.find_browser() is None
    code = main([a.format(tmp=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code != 0
    assert "PDF needs headless Chromium, which is not installed" in err and "chromium" in err
    assert list(tmp_path.iterdir()) == []  # no report ran


def test_one_scale_is_not_printed_to_pdf(capsys):
    assert main(["scale", "--boards", "8", "--format", "pdf"]) != 0
    assert "pdf is for --booklet" in capsys.readouterr().err


@pytest.mark.skipif(browser.find_browser() is None, reason="needs headless Chromium (chromium)")
@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="needs pdfinfo (poppler-utils)")
def test_the_booklet_as_an_a4_pdf(tmp_path, capsysbinary):
    assert main(["scale", "--booklet", "--format", "pdf"]) == 0
    pdf = tmp_path / "booklet.pdf"
    pdf.write_bytes(capsysbinary.readouterr().out)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert "(A4)" in info
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "WBF 2013 (continuous)" in text and "VPs \\ boards" in text  # names.SECTIONS


@pytest.mark.skipif(browser.find_browser() is None, reason="needs headless Chromium (chromium)")
def test_the_committee_pack_numbers_every_page_and_its_contents(tmp_path):
    """Issue 33, item 3: the pack is A4, carries 'page N of M' on every page, and its
    contents give the page each part starts on (read back from the PDF with pypdf)."""
    from pypdf import PdfReader
    from test_pack import fake_reports  # tests/reports is on the path

    from bridgestats.reports import pack

    root = fake_reports(tmp_path / "r", {"committee_brief": "The brief", "rederive_k": "K"})
    pdf, said = pack.write_pack(root, ["committee_brief", "rederive_k"])
    assert pdf == root / pack.PACK_PDF and said.startswith("committee pack: committee_pack.pdf")
    reader = PdfReader(str(pdf))
    texts = [page.extract_text() for page in reader.pages]
    n = len(texts)
    for i, text in enumerate(texts, start=1):
        assert f"page {i} of {n}" in text, i
        width, height = (
            float(reader.pages[i - 1].mediabox.width),
            float(reader.pages[i - 1].mediabox.height),
        )
        assert (round(width), round(height)) == (595, 842)  # A4 in points
    contents = texts[1]
    titles = ["The brief", "The booklet of VP scales", "K", "Glossary"]
    for k, title in enumerate(titles, start=1):
        first = next(i for i, t in enumerate(texts, start=1) if f"Part {k}:" in t)
        assert f"{title}" in contents and f"page {first}" in contents
    assert "bridgestats" in texts[0] and "git revision" in texts[0]
    # a bookmark per part, at the page the contents give it
    marks = [(o.title, reader.get_destination_page_number(o) + 1) for o in reader.outline]
    assert [t for t, _ in marks] == titles
    assert all(f"page {p}" in contents for _, p in marks)
    assert not list(root.glob(".committee_pack.tmp-*"))  # no temporary folder left


def test_the_pack_finds_its_parts_by_the_pdfs_destinations_as_by_their_text(tmp_path):
    """The start pages read from Chromium's named destinations (cheap: no page is parsed)
    are the pages on which each part's title line "Part N:" is printed (the text search,
    kept for a PDF without destinations), on a print of the pack."""
    from pypdf import PdfReader
    from test_pack import fake_reports  # tests/reports is on the path

    from bridgestats.reports import pack
    from bridgestats.reports.browser import print_pdf

    runs = ["committee_brief", "rederive_k", "washington_sigma"]
    root = fake_reports(tmp_path / "r", dict(zip(runs, ["The brief", "K", "σ"], strict=True)))
    parts = pack.pack_parts(root, runs)
    page = tmp_path / "pack.html"
    page.write_text(pack.pack_html(parts), encoding="utf-8")
    reader = PdfReader(str(print_pdf(page, tmp_path / "pack.pdf")))
    by_destination = pack._destination_pages(reader)
    assert all(p.anchor in by_destination for p in parts)
    texts = [p.extract_text() for p in reader.pages]
    by_text = [
        next(i for i, t in enumerate(texts, 1) if f"Part {k}:" in t)
        for k in range(1, len(parts) + 1)
    ]
    assert [by_destination[p.anchor] for p in parts] == by_text
    assert pack._start_pages(reader, parts) == by_text
    # without destinations the text is searched
    renamed = [dataclasses.replace(p, anchor=p.anchor + "-x") for p in parts]
    assert pack._start_pages(reader, renamed) == by_text
