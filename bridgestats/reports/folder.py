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
runner's temporary folders (``.<run>.tmp-XXXX``, ``.<run>.old-XXXX``) and kernel
connection files (``.kernels/``) found there were left by a batch that was killed:
:func:`clean_leftovers` removes them (an ``.old`` folder whose run folder is missing is
the last good report, caught between two renames: it is put back instead).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
import shutil
from pathlib import Path

from ..errors import BridgestatsError

__all__ = ["KERNELS_DIR", "LOCK_NAME", "clean_leftovers", "locked"]

LOCK_NAME = ".lock"
KERNELS_DIR = ".kernels"  # the kernels' connection files (see execute.kernel_manager_class)

# the temporary folders of batch._job and batch._replace_dir: .<run>.tmp-XXXX, .<run>.old-XXXX
_LEFTOVER_RE = re.compile(r"^\.(?P<run>.+)\.(?P<kind>tmp|old)-[^.]+$")

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
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
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
        if match is None or not path.is_dir():
            continue
        final = root / match["run"]
        if match["kind"] == "old" and not final.exists() and (path / "run.json").is_file():
            path.rename(final)
            done.append(f"{path.name} (restored as {final.name})")
            continue
        shutil.rmtree(path, ignore_errors=True)
        done.append(path.name)
    kernels = root / KERNELS_DIR
    if kernels.is_dir():
        for path in sorted(kernels.iterdir()):
            with contextlib.suppress(OSError):
                path.unlink()
                done.append(f"{KERNELS_DIR}/{path.name}")
    return done
