"""PDF for the committee: ``bridgestats scale --booklet --format pdf`` and
``bridgestats reports --pdf`` print through headless Chromium, and say clearly when it is
not installed (before any report runs)."""

from __future__ import annotations

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
def test_without_the_browser_pdf_is_refused_by_name_before_any_work(argv, tmp_path, monkeypatch,
                                                                    capsys):  # fmt: skip
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
