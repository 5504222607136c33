"""Several runs at once start longest first (by the folder's last batch), and the pages keep
the configuration's order (issue 33: the default batch's longest report, started last, ended
``--jobs 2`` 25 s later than it needed to)."""

from __future__ import annotations

import json
from pathlib import Path

from bridgestats.reports import batch, run_reports
from bridgestats.reports.jobs import Outcome

NB = Path(__file__).parent / "notebooks"


def _config(folder: Path, names) -> Path:
    path = folder / "reports.toml"
    path.write_text(
        "".join(
            f'[[report]]\nname = "{n}"\nnotebook = "{(NB / "tiny.ipynb").as_posix()}"\n'
            for n in names
        )
    )
    return path


def _started(monkeypatch, config, out, *, jobs) -> list[str]:
    seen = []

    def record(jobs_by_name, **_kwargs):  # runs nothing: says each run went well
        seen.extend(jobs_by_name)
        for name in jobs_by_name:
            yield name, Outcome("ok", "2026-12-06T00:00:00.000Z", "2026-12-06T00:00:01.000Z")

    monkeypatch.setattr(batch, "dispatch", record)
    results = run_reports(config, jobs=jobs, reports_dir=out)
    assert [r.name for r in results] == ["short", "long", "middle", "new"]  # the pages' order
    return seen


def test_longest_first_by_the_last_batch_and_new_runs_before_them(tmp_path, monkeypatch):
    config = _config(tmp_path, ["short", "long", "middle", "new"])
    out = tmp_path / "out"
    assert _started(monkeypatch, config, out, jobs=2) == ["short", "long", "middle", "new"]
    for name, took in (("short", 3.0), ("long", 54.0), ("middle", 14.0)):
        record = json.loads((out / name / "run.json").read_text())
        record["durations"]["total_s"] = took
        (out / name / "run.json").write_text(json.dumps(record))
    (out / "new").rename(out / "gone")  # a run without a record of its time
    assert _started(monkeypatch, config, out, jobs=2) == ["new", "long", "middle", "short"]
    # one at a time: the configuration's order, as the log reads
    assert _started(monkeypatch, config, out, jobs=1) == ["short", "long", "middle", "new"]
