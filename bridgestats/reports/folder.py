"""The reports folder: one batch at a time (a lock), and what a killed batch left behind.

A batch holds an exclusive lock on ``<reports>/.lock`` (``fcntl.flock``) from before it
makes its first temporary folder until the index is written; a second batch started on the
same folder is refused at once with the first one's process id and start time. Refusing,
rather than waiting, because a batch takes minutes and a command that silently waits for
another looks hung; whoever started it can rerun it when the first is done. The lock is
the kernel's: it goes when its process ends, however it ends (``kill -9`` included), so a
stale lock file never blocks a later batch. Where ``fcntl`` does not exist (Windows) no
lock is taken and the batch says so. The lock file is removed when the batch ends
(a batch that opened it just before then finds it gone and opens a new one).

While it holds the lock a batch knows that nothing else is writing the folder, so the
runner's temporary folders (``.<run>.tmp-XXXXXXXX``, ``.<run>.old-XXXXXXXX``, the eight
characters :func:`tempfile.mkdtemp` draws) and kernel connection files
(``.kernels/kernel-<uuid>.json``) found there were left by a batch that was killed:
:func:`clean_leftovers` removes them (an ``.old`` folder whose run folder is missing is
the last good report, caught between two renames: it is put back instead). Nothing else
is removed: a name the runner's own patterns cannot produce (``.vim.old-bak/``, a user's
file in ``.kernels/``) is left alone.

The folder is the runner's only when it says so: :func:`claim` marks a folder the runner
creates, or finds empty, with the file ``.bridgestats-reports``, and refuses a non-empty
folder without it (``--reports-dir ~`` deletes nothing). A folder written by a batch from
before the marker existed is adopted when it holds only what the runner writes (run
folders with their ``run.json``, the index pages, the lock, temporary folders and kernel
files). The marker records the SHA-256 of the ``index.html`` and ``findings.html`` the
runner wrote (:func:`page_is_ours`, :func:`record_page`), so a page put there by someone
else is never replaced.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

from .._output import write_text_atomic
from ..errors import BridgestatsError

__all__ = [
    "FILES",
    "KERNELS_DIR",
    "LOCK_NAME",
    "MARKER_NAME",
    "PAGES",
    "check_run_folders",
    "claim",
    "clean_leftovers",
    "locked",
    "page_is_ours",
    "record_page",
    "remove_kernel_files",
]

LOCK_NAME = ".lock"
KERNELS_DIR = ".kernels"  # the kernels' connection files (see execute.kernel_manager_class)
MARKER_NAME = ".bridgestats-reports"
#: The pages the runner writes, and a line each of them holds.
PAGES = {
    "index.html": "<title>bridgestats reports</title>",
    "findings.html": "<title>bridgestats findings</title>",
    "booklet.html": "<title>VP scales: the booklet</title>",
}
#: The files the runner writes besides the pages (recorded in the marker like them).
FILES = ("committee_pack.pdf",)

# a run name (config._NAME_RE) and the eight characters tempfile.mkdtemp appends to the
# prefixes of batch._job and batch._replace_dir: .<run>.tmp-XXXXXXXX, .<run>.old-XXXXXXXX
_RUN = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
_LEFTOVER_RE = re.compile(rf"^\.(?P<run>{_RUN})\.(?P<kind>tmp|old)-[a-z0-9_]{{8}}$")
_RUN_FOLDER_RE = re.compile(rf"^{_RUN}$")
# execute.kernel_manager_class: kernel-<uuid4>.json
_KERNEL_FILE_RE = re.compile(
    r"^kernel-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$"
)
_MARKER_NOTE = (
    "This folder is written by `bridgestats reports`, which may replace or remove here:"
    " <run>/ and <run>.failed/ folders holding run.json, index.html, findings.html,"
    " booklet.html and committee_pack.pdf (when they are its own, see 'pages'),"
    " .<run>.tmp-XXXXXXXX/ and .<run>.old-XXXXXXXX/ folders, .lock and"
    " .kernels/kernel-<uuid>.json. Nothing else is touched."
)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None


@contextlib.contextmanager
def locked(root: Path):
    """Hold the exclusive lock of the reports folder ``root`` (refused if another holds it).

    Raises :class:`~bridgestats.errors.BridgestatsError` naming the folder and the batch
    holding it. Yields ``True`` when locked, ``False`` where locks are not available.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield False
        return
    path = Path(root) / LOCK_NAME
    while True:
        try:
            # never through a symlink: .lock -> ~/.bashrc would have its start overwritten
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise BridgestatsError(
                f"reports_dir: cannot open the lock file {str(path)!r} ({exc.strerror or exc})"
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "unknown"
            os.close(fd)
            raise BridgestatsError(
                f"reports_dir: another batch is running in {str(root)!r} ({holder});"
                " wait for it to end or use another --reports-dir"
            ) from None
        try:  # the holder before us may have removed the file we opened: then open anew
            if os.stat(path).st_ino == os.fstat(fd).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    try:
        started = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        os.pwrite(fd, f"process {os.getpid()}, started {started}\n".encode(), 0)
        yield True
    finally:
        with contextlib.suppress(OSError):
            path.unlink()  # while still holding it (see the inode check above)
        os.close(fd)  # releases the lock


def clean_leftovers(root: Path) -> list[str]:
    """Remove what killed batches left in ``root``; return the names removed or restored.

    Call only while holding :func:`locked`: then no live batch owns them. A restored
    ``.old`` folder is listed as ``"<name> (restored as <run>)"``.
    """
    root = Path(root)
    done = []
    for path in sorted(root.iterdir()):
        match = _LEFTOVER_RE.match(path.name)
        if match is None or not path.is_dir() or path.is_symlink():
            continue
        final = root / match["run"]
        if match["kind"] == "old" and not final.exists() and (path / "run.json").is_file():
            path.rename(final)
            done.append(f"{path.name} (restored as {final.name})")
            continue
        shutil.rmtree(path, ignore_errors=True)
        done.append(path.name)
    done += remove_kernel_files(root)
    return done


def _marker(root: Path) -> dict | None:
    """The marker's content (``{}`` when unreadable), None when the folder has none (a
    symlink is none: the marker is rewritten, which would replace the file it points to)."""
    path = Path(root) / MARKER_NAME
    if path.is_symlink() or not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_marker(root: Path, pages: dict) -> None:
    text = json.dumps({"by": "bridgestats reports", "note": _MARKER_NOTE, "pages": pages}, indent=2)
    write_text_atomic(Path(root) / MARKER_NAME, text + "\n", what="the folder's marker")


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _legacy_page(path: Path) -> bool:
    """A page a batch from before the marker wrote (it holds the template's title line)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    line = PAGES.get(path.name)
    return line is not None and path.is_file() and not path.is_symlink() and line in head


def _runner_made(path: Path) -> bool:
    """Whether ``path`` (an entry of the reports folder) is a name the runner writes, with
    the content it writes there."""
    name = path.name
    if path.is_symlink():
        return False
    if name in (LOCK_NAME, MARKER_NAME):
        return path.is_file()
    if name in PAGES:
        return _legacy_page(path)
    if name == KERNELS_DIR:
        return path.is_dir() and all(_KERNEL_FILE_RE.match(p.name) for p in path.iterdir())
    if not path.is_dir():
        return False
    if _LEFTOVER_RE.match(name):
        return True
    return bool(_RUN_FOLDER_RE.match(name)) and (path / "run.json").is_file()


def claim(root: Path) -> str | None:
    """Make sure the reports folder ``root`` is the runner's; return how it became so.

    Returns None when it is already marked, ``"marked"`` when it was empty (or new) and is
    now marked, ``"adopted"`` when it held only what the runner writes (a folder written
    before the marker existed) and is now marked. Raises
    :class:`~bridgestats.errors.BridgestatsError` naming a few of the foreign entries when
    it holds anything else, so that nothing of a user's is removed or replaced.
    """
    root = Path(root)
    marker = _marker(root)
    if marker is not None:
        return None
    try:
        entries = sorted(root.iterdir())
    except OSError as exc:
        raise BridgestatsError(
            f"reports_dir: cannot list the folder {str(root)!r} ({exc.strerror or exc})"
        ) from None
    foreign = [p.name for p in entries if not _runner_made(p)]
    if foreign:
        shown = ", ".join(repr(n) for n in foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        raise BridgestatsError(
            f"reports_dir: {str(root)!r} is not a reports folder: it holds {len(foreign)}"
            f" entr{'y' if len(foreign) == 1 else 'ies'} the runner did not write ({shown});"
            f" give a new or empty folder, or one a batch wrote (it has {MARKER_NAME})"
        )
    pages = {n: _sha256(root / n) for n in PAGES if (root / n).is_file()}
    _write_marker(root, pages)
    return "adopted" if entries else "marked"


def page_is_ours(root: Path, name: str) -> bool:
    """Whether the runner may write the page ``root/name``: it does not exist, or it is the
    one the runner last wrote (its SHA-256 is the marker's), or, in a folder without a
    marker, it is a page the runner wrote (see :func:`claim`)."""
    path = Path(root) / name
    if not path.exists() and not path.is_symlink():
        return True
    marker = _marker(root)
    if marker is None:
        return _legacy_page(path)
    pages = marker.get("pages") if isinstance(marker.get("pages"), dict) else {}
    return (
        path.is_file()
        and not path.is_symlink()
        and pages.get(name) is not None
        and pages.get(name) == _sha256(path)
    )


def record_page(root: Path, name: str) -> None:
    """Record in the marker (when the folder has one) the SHA-256 of the page just written."""
    marker = _marker(root)
    if marker is None:
        return
    pages = marker.get("pages") if isinstance(marker.get("pages"), dict) else {}
    _write_marker(root, {**pages, name: _sha256(Path(root) / name)})


def check_run_folders(root: Path, names) -> None:
    """Refuse, before anything runs, a run whose ``<run>/`` or ``<run>.failed/`` exists and
    is not a run folder (a folder with ``run.json``): the batch would replace it."""
    root = Path(root)
    for name in names:
        for path in (root / name, root / f"{name}.failed"):
            if (path.exists() or path.is_symlink()) and not (
                path.is_dir() and not path.is_symlink() and (path / "run.json").is_file()
            ):
                raise BridgestatsError(
                    f"reports_dir: {str(path)!r} is not a run folder the runner wrote"
                    f" (no run.json); run {name!r} would replace it: move it away"
                )


def remove_kernel_files(root: Path) -> list[str]:
    """Remove the kernels' connection files (only names the runner gives them) and then
    ``.kernels/`` if it is empty; return the names removed."""
    kernels = Path(root) / KERNELS_DIR
    done = []
    if not kernels.is_dir() or kernels.is_symlink():
        return done
    for path in sorted(kernels.iterdir()):
        if _KERNEL_FILE_RE.match(path.name) and path.is_file():
            with contextlib.suppress(OSError):
                path.unlink()
                done.append(f"{KERNELS_DIR}/{path.name}")
    with contextlib.suppress(OSError):
        kernels.rmdir()  # only when empty
    return done
