"""Print a page to an A4 PDF through headless Chromium (Debian's ``chromium``), when installed.

The same browser checks the pages in the tests (``tests/test_browser.py``); here it only
prints. :func:`find_browser` says where it is or None, and :func:`print_pdf` fails with a
:class:`~bridgestats.errors.BridgestatsError` naming the missing browser, so that the
command line can say clearly why no PDF was written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import BridgestatsError

__all__ = ["BROWSERS", "CHROMIUM_FLAGS", "find_browser", "print_pdf"]

#: The executables tried, in order (``BRIDGESTATS_CHROMIUM`` names another).
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")

#: Headless, with nothing fetched from the network and no first-run work.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


def find_browser() -> str | None:
    """The path of a Chromium to print with, or None."""
    named = os.environ.get("BRIDGESTATS_CHROMIUM")
    if named:
        return shutil.which(named)
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def print_pdf(page, pdf, *, timeout: float = 120) -> Path:
    """Print the HTML file ``page`` to ``pdf`` (A4, the page's own print styles, no browser
    header or footer) and return the PDF's path."""
    browser = find_browser()
    if browser is None:
        raise BridgestatsError(
            "PDF: needs headless Chromium, not found (tried "
            + ", ".join(BROWSERS)
            + "; on Debian: apt-get install chromium)"
        )
    page, pdf = Path(page).resolve(), Path(pdf).resolve()
    if not page.is_file():
        raise BridgestatsError(f"page: no such file {str(page)!r}")
    with tempfile.TemporaryDirectory(prefix="bridgestats-chromium-") as profile:
        command = [
            browser,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = (done.stderr or "").strip().splitlines()[-1:] or ["no output"]
        raise BridgestatsError(f"PDF: {browser} could not print {page.name}: {tail[0]}")
    return pdf
