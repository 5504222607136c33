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
    header or footer) and return the PDF's path.

    The browser runs in a session (and process group) of its own: one that has not
    finished within ``timeout`` seconds is stopped whole, with every process it started
    (a hung browser leaves nothing behind), and a
    :class:`~bridgestats.errors.BridgestatsError` says so in one line.
    """
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
        returncode, stderr = _run_alone(
            command, timeout=timeout, what=f"{browser} printing {page.name}"
        )
    if returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = (stderr or "").strip().splitlines()[-1:] or ["no output"]
        raise BridgestatsError(f"PDF: {browser} could not print {page.name}: {tail[0]}")
    return pdf


def _run_alone(command, *, timeout: float, what: str) -> tuple[int, str]:
    """Run ``command`` in a new session (its own process group); its exit status and
    standard error. Past ``timeout`` seconds, or when this process is interrupted, the
    whole group is killed (SIGKILL) before the command is waited for, so no process it
    started outlives it; a timeout raises a one-line BridgestatsError naming ``what``."""
    proc = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    try:
        _, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise BridgestatsError(
            f"PDF: {what} did not finish within {timeout:g} s; stopped it and every process"
            " it started (a hung or misconfigured browser? BRIDGESTATS_CHROMIUM names it)"
        ) from None
    except BaseException:  # Ctrl-C, SIGTERM: the browser goes with us
        _kill_group(proc)
        raise
    return proc.returncode, stderr


def _kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the process group led by ``proc`` (still unreaped, so its id is not reused),
    then reap it; its pipes are abandoned after 5 s (a process that left the group)."""
    import signal

    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    try:
        proc.communicate(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a child that left the group
        proc.wait()
