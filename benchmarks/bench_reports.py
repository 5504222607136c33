"""The batch run: how long the default reports take and where the time goes.

Runs the default batch (``notebooks/reports.toml``; ``quick=True``: the tiny test notebooks)
into a temporary reports folder, once with one job and then again with two (in the same
folder, as a user's second batch: the longest runs of the first start first), and prints for each
run the kernel start, the execution, the HTML export, the rest (kernel shutdown, papermill's
bookkeeping), the total, and the time of the run in its worker process ("proc": for the
first run of each worker it includes the worker's imports of papermill and nbconvert), and
ratios against an empty-notebook baseline run after a warm-up (the fixed cost of a batch
of one run: its worker process, kernel start, ``import bridgestats``, papermill, HTML
export). Then, for the default batch, the committee pack alone (the booklet page and the two
Chromium prints of :func:`bridgestats.reports.pack.write_pack`) on the reports just written.
Target (issue 33): the full default batch with the committee brief and the pack in at most
75 s with ``--jobs 2`` on a quiet 2-core machine.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bridgestats.paths import project_root
from bridgestats.reports import load_config, run_reports

TEST_NOTEBOOKS = project_root() / "tests" / "reports" / "notebooks"
BUDGET_S = 75.0


def _write_config(folder: Path, entries: str) -> Path:
    path = folder / "reports.toml"
    path.write_text(entries.replace("@NB", TEST_NOTEBOOKS.as_posix()))
    return path


def _timed(config, *, jobs: int, folder: Path):
    start = time.perf_counter()
    results = run_reports(config, jobs=jobs, reports_dir=folder)
    return results, time.perf_counter() - start


def _fmt(value) -> str:
    return f"{value:6.2f}" if isinstance(value, (int, float)) else "     -"


def _table(results) -> None:
    head = "".join(f"{h:>7s}" for h in ("kernel", "exec", "html", "other", "total", "proc"))
    print(f"   {'run (seconds)':28s} {'status':7s}{head}")
    for r in results:
        d = r.record.get("durations", {})
        parts = [d.get(k) for k in ("kernel_start_s", "execute_s", "html_s")]
        other = d["total_s"] - sum(p or 0.0 for p in parts) if d else None
        cells = "".join(
            f" {_fmt(v)}" for v in [*parts, other, d.get("total_s"), d.get("process_s")]
        )
        print(f"   {r.name:28s} {r.status:7s}{cells}")


def run(quick: bool = False) -> dict:
    """Run the benchmark and print its figures; return them (seconds)."""
    with tempfile.TemporaryDirectory(prefix="bench-reports-") as tmp:
        tmp = Path(tmp)
        baseline_cfg = _write_config(
            tmp, '[[report]]\nname = "empty"\nnotebook = "@NB/empty.ipynb"\n'
        )
        _timed(baseline_cfg, jobs=1, folder=tmp / "warm-up")  # imports papermill, nbconvert
        repeats = sorted(
            (_timed(baseline_cfg, jobs=1, folder=tmp / f"baseline{i}") for i in range(3)),
            key=lambda pair: pair[1],
        )
        base_results, base_s = repeats[1]  # the median of three
        b = base_results[0].record["durations"]
        print(
            f"   baseline (empty notebook, median of 3): {base_s:.2f} s wall = kernel start "
            f"{b['kernel_start_s']:.2f} + execution {b['execute_s']:.2f} + HTML "
            f"{b['html_s']:.2f} + other (kernel shutdown, papermill, bookkeeping)"
        )
        if quick:
            (tmp / "quick").mkdir()
            config = _write_config(
                tmp / "quick",
                '[[report]]\nname = "tiny"\nnotebook = "@NB/tiny.ipynb"\n'
                "parameters = { make_figure = true }\n"
                '[[report]]\nname = "grid"\nnotebook = "@NB/empty.ipynb"\n'
                "grid = { seed = [1, 2, 3] }\n",
            )
        else:
            config = load_config()
        figures = {"baseline_s": base_s}
        for jobs in (1, 2):
            # both batches in one folder, as a user's second batch: --jobs 2 starts the
            # longest runs of the first first (reports.batch.start_order)
            results, total = _timed(config, jobs=jobs, folder=tmp / "batch")
            ran = [r for r in results if r.status != "missing"]
            missing = [r.name for r in results if r.status == "missing"]
            print(f"== {'quick' if quick else 'default'} batch, --jobs {jobs}:")
            _table(results)
            if missing:
                print(f"   not yet written (missing): {', '.join(missing)}")
            failed = [r.name for r in ran if r.status == "failed"]
            if failed:
                print(f"   FAILED: {', '.join(failed)}")
            parts = {
                k: sum((r.record["durations"].get(k) or 0.0) for r in ran)
                for k in ("kernel_start_s", "execute_s", "html_s")
            }
            print(
                f"   total {total:.1f} s for {len(ran)} run(s)"
                f" ({len(ran) / total:.2f} runs/s); summed over runs: kernel start "
                f"{parts['kernel_start_s']:.1f} s, execution {parts['execute_s']:.1f} s, "
                f"HTML {parts['html_s']:.1f} s"
            )
            if ran:
                print(
                    f"   ratio to the empty-notebook baseline: {total / base_s:.1f}x the batch,"
                    f" {total / len(ran) / base_s:.1f}x per run"
                )
            if not quick:
                verdict = "within" if total < BUDGET_S else "OVER"
                print(f"   {verdict} the {BUDGET_S:.0f} s budget")
            figures[f"jobs{jobs}_s"] = total
        if figures.get("jobs2_s"):
            print(f"   speed-up with --jobs 2: {figures['jobs1_s'] / figures['jobs2_s']:.2f}x")
        if not quick:
            from bridgestats.reports.pack import write_pack

            start = time.perf_counter()
            _pdf, said = write_pack(tmp / "batch", [r.name for r in results])
            figures["pack_s"] = time.perf_counter() - start
            print(
                f"   the committee pack alone: {figures['pack_s']:.1f} s ({said}), part of the"
                f" --jobs 2 batch's {figures.get('jobs2_s', float('nan')):.1f} s"
            )
    return figures


if __name__ == "__main__":  # pragma: no cover
    run()
