"""Citations that work anywhere: no shipped file names a machine path or a seed file.

A reader of a docstring, a notebook or a README has the repository, not the development
machine: a reference names its source as the reader can find it (author, title, year,
publisher or address, and the repository's copy in ``data/seeds/`` where there is one), not
``/work/...`` and not the hashed file name of a seed document (``001_<16 hex digits>.txt``).
A file may still tell developers where the development archive is, relative to the
repository (``../shared/data``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What is scanned: the package, the notebooks, the data and its READMEs, the scripts and
#: the top-level README (every file below the folders that is text).
SCANNED = ("bridgestats", "notebooks", "data", "scripts", "README.md")

#: A path on a development machine: /work/, /farm/ or /tmp/ not preceded by a word
#: character or a dot (so ``../shared/data`` and ``a/tmp/b`` do not count).
MACHINE_PATH = re.compile(r"(?:^|[^\w.])/(?:work|farm|tmp)/", re.MULTILINE)
#: A seed document cited by its hashed file name, or as "seed 001" / "seed ``001...``".
SEED_FILE = re.compile(r"\b00[0-4]_[0-9a-f]{16}\b|\bseed (?:``)?00[0-4]\b")


def _files() -> list[str]:
    found = []
    for name in SCANNED:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for p in paths:
            parts = set(p.relative_to(ROOT).parts)
            if parts & {"__pycache__", ".ipynb_checkpoints"} or p.suffix == ".pyc":
                continue
            found.append(p.relative_to(ROOT).as_posix())
    return found


FILES = _files()


def _problems(text: str) -> list[str]:
    """The offending snippets of ``text``, with their line numbers."""
    out = []
    for pattern, what in ((MACHINE_PATH, "machine path"), (SEED_FILE, "seed file name")):
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            snippet = text[max(m.start() - 20, 0) : m.end() + 20].replace("\n", " ")
            out.append(f"line {line}: {what}: ...{snippet}...")
    return out


def test_the_scan_sees_the_files_it_should():
    # a scan that found nothing would pass vacuously
    for expected in (
        "README.md",
        "bridgestats/vp/scale.py",
        "bridgestats/io/pbn.py",
        "notebooks/vp_scale_designer.ipynb",
        "data/seeds/README.md",
        "scripts/derive_archive_figures.py",
    ):
        assert expected in FILES


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("see ``/work/shared/seeds/000_6f3cc6fccc91b47e.txt``", True),
        ('"/tmp/x.csv"', True),
        ("path /farm/data/", True),
        ("seed ``001_d1e63a5d90e05b9a.txt``", True),
        ("Probst (seed 001): Table 5", True),
        ("reads ``../shared/data`` via paths", False),
        ("a/tmp/b and x.tmp/ are no machine paths", False),
        ('Probst, "On VP Scales" (c. 2006), §3', False),
        ("seed = 2026, rng seed 0", False),
    ],
)
def test_the_patterns(text, bad):
    assert bool(_problems(text)) is bad


@pytest.mark.parametrize(
    "name",
    FILES,
)
def test_no_machine_path_and_no_seed_file_name(name):
    text = (ROOT / name).read_bytes().decode("utf-8", errors="replace")  # every file, no skip
    problems = _problems(text)
    assert not problems, f"{name}:\n" + "\n".join(problems)
