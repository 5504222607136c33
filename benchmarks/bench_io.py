"""Parse the two-room PBN archive into the tidy frame: throughput, and the ratio against
endplay's PBN parser (``endplay.parsers.pbn.loads``) on the same files in the same run.

Both sides include the gzip decompression of each file; endplay builds Board objects
(no scores), bridgestats builds the scored frame. endplay cannot read some archive files
(it raises on an empty ``Declarer`` or a ``{`` inside a play section): the ratio is taken
on the files it reads, and the failures are listed. Each side's time is the best of
three runs (one with ``quick``).
"""

from __future__ import annotations

import gzip
import time

from benchmarks._timing import best_time_result as _best
from bridgestats.io import read_pbn, summary_of, team_board_swings
from bridgestats.paths import shared_data_dir


def _files(quick: bool):
    shared = shared_data_dir()
    if shared is None:
        return None
    files = sorted((shared / "teams-pbn" / "pbn").rglob("*.pbn.gz"))
    return files[::15] if quick else files


def _endplay(files):
    from endplay.parsers import pbn

    ok, failed, boards = [], [], 0
    start = time.perf_counter()
    for f in files:  # the baseline: endplay's parser, one file at a time
        text = gzip.decompress(f.read_bytes()).decode("utf-8", errors="replace")
        try:
            boards += len(pbn.loads(text))
            ok.append(f)
        except Exception as exc:  # endplay raises assorted errors on archive quirks
            failed.append((f.name, f"{type(exc).__name__}: {str(exc)[:60]}"))
    return time.perf_counter() - start, ok, failed, boards


def run(quick: bool = False) -> dict:
    files = _files(quick)
    if files is None:
        print("   ../shared/data is absent: nothing to benchmark")
        return {}
    mb = sum(len(gzip.decompress(f.read_bytes())) for f in files) / 1e6
    repeat = 1 if quick else 3
    t_all, frame = _best(lambda: read_pbn(files), repeat)
    n = summary_of(frame).records
    t_pair, swings = _best(lambda: team_board_swings(frame), repeat)
    print(f"   bridgestats read_pbn: {len(files)} files, {mb:.1f} MB, {n} records in {t_all:.2f} s")
    print(f"     {mb / t_all:.1f} MB/s, {n / t_all:,.0f} records/s")
    print(f"   team_board_swings: {len(swings)} boards in {t_pair:.2f} s")

    t_end, (_, ok, failed, boards) = _best(lambda: _endplay(files), repeat)
    t_ours, same = _best(lambda: read_pbn(ok), repeat)
    mb_ok = sum(len(gzip.decompress(f.read_bytes())) for f in ok) / 1e6
    print(f"   endplay pbn.loads: {len(ok)} of {len(files)} files, {boards} boards, {t_end:.2f} s")
    print(f"     (bridgestats reads {summary_of(same).records} records from those files)")
    for name, why in failed:
        print(f"     failed {name}: {why}")
    ratio = t_end / t_ours
    print(
        f"   same {len(ok)} files ({mb_ok:.1f} MB): bridgestats {t_ours:.2f} s "
        f"({mb_ok / t_ours:.1f} MB/s), endplay {t_end:.2f} s ({mb_ok / t_end:.1f} MB/s): "
        f"bridgestats is {ratio:.1f}x faster"
    )
    return {"mb_per_s": mb / t_all, "records_per_s": n / t_all, "ratio_vs_endplay": ratio}


if __name__ == "__main__":
    run()
