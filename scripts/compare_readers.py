"""Compare the loaders of two revisions on the same files: every frame and summary equal?

A reader made faster must return what it returned before. This script reads the same
inputs with the loaders of a git revision (``--base``, default ``HEAD``) and with those of
the working tree, each in its own Python process, and compares the frames (values and
dtypes, :func:`pandas.testing.assert_frame_equal` with ``check_exact``), the load
summaries and the errors raised. The inputs are every PBN file of ``../shared/data``
(one call each, one call on a folder, one on a list of five), up to 60 LIN files, three
VALET folders, the USEBIO files, a generated file of ScoreTables and a set of PBN texts
written from the PBN 2.1 standard to exercise its corners (``#``/``##``, ``^``, games run
together, malformed tags, Multiplicity, tables without a Contract column), each read with
and without ``strict``.

Run from the repository: ``python scripts/compare_readers.py --base 66bcd05``. It prints
one line per difference and a count, and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# PBN texts from the PBN 2.1 standard's corners (tags §3, "#"/"##" §4.8, tables §5.9).
TEXTS = [
    '[Event "##OKbridge"]\n[Board "1"]\n[Vulnerable "None"]\n[Declarer "^S"]\n'
    '[Contract "4S"]\n[Result "^10"]\n\n[Board "2"]\n[Declarer "N"]\n[Contract "PAS"]\n'
    '[Result ""]\n\n[Board "3"]\n[Declarer "E"]\n[Contract "3NT"]\n[Result "NS 4"]\n'
    '[Score "EW 600"]\n',
    '[Event "E"]\n[Board "1"]\n[Vulnerable "All"]\n[Declarer "N"]\n[Contract "3NT"]\n'
    '[Result "9"]\n[Event "E"]\n[Board "2"]\n[Vulnerable "NS"]\n[Declarer "W"]\n'
    '[Contract "2HX"]\n[Result "7"]\n',
    '[Event "T"]\n[Board "5"]\n[Vulnerable "NS"]\n[Dealer "N"]\n[North "A"]\n'
    '[Contract "4H"]\n[Declarer "S"]\n[Result "10"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
    'Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;Multiplicity"]\n 1 2 4H S 10 620 - 3 2\n'
    " 3 4 ^3NT N = 600 - 1 1\n 5 6 - - - ^50 - 2 -\n 7 8 PAS - - 0 - 2 3\n\n"
    '[Board "6"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS"]\n'
    ' 1 2 110 - 60\n 3 4 - 100 40\n 5 6 A60 - 60\n\n[Board "7"]\n[Vulnerable "All"]\n'
    '[Declarer "W"]\n[Contract "1N"]\n[Result "7"]\n'
    '[ScoreTable "Table;Contract;Declarer;Result"]\n\n[Board "8]\n[Contract "1S"]\n',
    '% comment\n[Event "C"]\n[Site "S"]\n{ multi\nline [Board "9"] }\n[Board "1"]\n'
    '[Vulnerable ""]\n[Declarer "N"]\n[Contract "1SR"]\n[Result "7"]\n[Note "1:"x""]\n\n'
    '[Board "#"]\n[Declarer "S"]\n[Contract "7NTXX"]\n[Result "13"]\n[Board "1"]\n',
    '[Event "R"]\n[Board "1"]\n[Vulnerable "None"]\n[Round "3"]\n'
    '[ScoreTable "Round;Section;Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Score;'
    'IMP_NS"]\n 1 A 1 1 2 3NT N 9 400 ?\n 2 B 2 3 4 4S S +1 - -3.5\n'
    ' - - 3 5 6 2HX E -2 "x y" 2\n\n[Board "2"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Multiplicity"]\n'
    " 1 2 1NT N 7 x\n 3 4 1NT N 8 2\n 5 6 ^1NT ^S ^8 0\n",
    '[Board "1"]\n[Vulnerable "EW"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;'
    'Result;SCORE_NS;Score_EW;Percentage_NS"]\n% a comment\n 1 2 3NT N 9 400 - 55\n'
    ' 3 4 4S W 10 - 620 ^50\n\n[Board "2"][Vulnerable "NS"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n 1 2 3NT N 9\n'
    " 3 4 3NT S 10\n",
    '[Event "Y"]\n[Board "1"]\n[Vulnerable "NS"]\n[ScoreTable "PairId_NS;PairId_EW;'
    'Contract;Declarer;Result;MP_NS;MP_EW"]\n 1 2 4S N 10 2 0\n 3 4 4S N 9 0 2\n\n'
    '[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]\n'
    " 1 2 3NT E 10 1 1\n 3 4 3NT W 9 1 1\n",
    '[Event "##Club"]\n[Site "##Here"]\n[Board "1"]\n[Vulnerable "None"]\n[Declarer "N"]\n'
    '[Contract "1S"]\n[Result "7"]\n\n[Board "2"]\n[Vulnerable "NS"]\n[Declarer "S"]\n'
    '[Contract "2HX"]\n[Result "EW 6"]\n\n[Event "Other"]\n[Board "3"]\n'
    '[Vulnerable "EW"]\n[Declarer "W"]\n[Contract "Passe"]\n[Result ""]\n\n[Board "4"]\n'
    '[Declarer "x"]\n[Contract "9S"]\n[Result "15"]\n',
]


def _cases(shared: Path, folder: Path):
    """(name, zero-argument call) for every input, in one order for both sides."""
    from benchmarks.bench_io import _score_table_text
    from bridgestats.io import read_lin, read_pbn, read_usebio, read_valet

    pbn = sorted(p for p in shared.rglob("*") if p.name.lower().endswith((".pbn", ".pbn.gz")))
    for p in pbn:
        yield f"pbn {p.relative_to(shared)}", lambda p=p: read_pbn(p)
    yield "pbn folder teams-pbn/pbn/bb", lambda: read_pbn(shared / "teams-pbn" / "pbn" / "bb")
    yield "pbn list of five", lambda: read_pbn(pbn[:5])
    lin = sorted((shared / "teams-pbn" / "lin").rglob("*.lin"))[:40]
    lin += sorted((shared / "club-matchpoints" / "lin").rglob("*.lin"))[:20]
    for p in lin:
        yield f"lin {p.relative_to(shared)}", lambda p=p: read_lin(p)
    for d in sorted((shared / "valet-fullfield").iterdir())[:3]:
        if d.is_dir():
            yield f"valet {d.name}", lambda d=d: read_valet(d)
    for p in sorted((shared / "usebio").glob("*.xml")):
        yield f"usebio {p.name}", lambda p=p: read_usebio(p)
    generated = folder / "generated.pbn"
    generated.write_text(_score_table_text(40, 30))
    yield "pbn generated ScoreTables", lambda: read_pbn(generated)
    files = []
    for i, text in enumerate(TEXTS):
        f = folder / f"standard{i}.pbn"
        f.write_text(text)
        files.append(f)
        yield f"pbn standard text {i}", lambda f=f: read_pbn(f)
        yield f"pbn standard text {i} strict", lambda f=f: read_pbn(f, strict=True)
    yield "pbn all standard texts in one call", lambda: read_pbn([*files, generated])


def _dump(source: str, shared: str, out: str) -> None:
    """Read every input with the bridgestats found at ``source``; pickle the results."""
    sys.path[:0] = [source, str(ROOT)]
    import bridgestats

    assert Path(bridgestats.__file__).resolve().is_relative_to(Path(source).resolve())
    shared = Path(shared)
    got = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, call in _cases(shared, Path(folder)):
            try:
                frame = call()
                got[name] = ("frame", frame, frame.attrs.get("summary"))
            except Exception as exc:  # an error is a result too: both sides must agree
                got[name] = ("error", f"{type(exc).__name__}: {exc}", None)
    with open(out, "wb") as fh:
        pickle.dump(got, fh)


def _differences(base: dict, head: dict) -> list[str]:
    import pandas as pd

    out = []
    for name, (kind, value, summary) in base.items():
        kind2, value2, summary2 = head[name]
        if kind != kind2:
            out.append(f"{name}: {kind} before, {kind2} now")
        elif kind == "error" and value != value2:
            out.append(f"{name}: error {value!r} before, {value2!r} now")
        elif kind == "frame":
            try:
                pd.testing.assert_frame_equal(value, value2, check_exact=True)
            except AssertionError as exc:
                out.append(f"{name}: {' '.join(str(exc).split())[:300]}")
            if summary != summary2:
                out.append(f"{name}: summary {summary} before, {summary2} now")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD", help="git revision to compare against")
    parser.add_argument("--dump", nargs=3, help=argparse.SUPPRESS)  # SOURCE SHARED OUT
    args = parser.parse_args()
    if args.dump:
        _dump(*args.dump)
        return 0
    sys.path.insert(0, str(ROOT))
    from bridgestats.paths import shared_data_dir

    shared = shared_data_dir()
    if shared is None:
        print("../shared/data is absent: nothing to compare")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.base, "bridgestats"],
            check=True,
            capture_output=True,
        ).stdout
        (tmp / "base.tar").write_bytes(archive)
        with tarfile.open(tmp / "base.tar") as tar:
            tar.extractall(tmp / "base", filter="data")
        results = {}
        for side, source in (("base", tmp / "base"), ("head", ROOT)):
            out = tmp / f"{side}.pkl"
            cmd = [sys.executable, __file__, "--dump", str(source), str(shared), str(out)]
            subprocess.run(cmd, check=True)
            with open(out, "rb") as fh:
                results[side] = pickle.load(fh)
    found = _differences(results["base"], results["head"])
    for line in found:
        print(line)
    print(f"{len(results['base'])} inputs read by {args.base} and the working tree: ", end="")
    print(f"{len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
