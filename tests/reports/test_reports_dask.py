"""``--scheduler``: the same runs on a Dask cluster (here a small LocalCluster)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bridgestats.reports import run_reports

distributed = pytest.importorskip("distributed")

NB = Path(__file__).parent / "notebooks"


def test_runs_go_to_the_dask_scheduler_and_their_files_come_back(tmp_path):
    cfg = tmp_path / "reports.toml"
    cfg.write_text(
        f"""
        [[report]]
        name = "tiny"
        notebook = "{NB.as_posix()}/tiny.ipynb"
        parameters = {{ make_figure = true, n = 6 }}
        [[report]]
        name = "boom"
        notebook = "{NB.as_posix()}/tiny.ipynb"
        parameters = {{ fail = true }}
        """
    )
    out = tmp_path / "reports"
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        results = run_reports(cfg, reports_dir=out, scheduler=cluster.scheduler_address)
        with distributed.Client(cluster) as client:  # the tasks ran on the cluster
            assert client.run_on_scheduler(
                lambda dask_scheduler: sorted(
                    k for k in dask_scheduler.task_prefixes if k.startswith("report")
                )
            ) == ["report-boom", "report-tiny"]
    assert [r.status for r in results] == ["ok", "failed"]
    folder = out / "tiny"
    for name in ("tiny.ipynb", "tiny.html", "summary.json", "run.json", "figures/draws.png"):
        assert (folder / name).is_file(), name
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["n"] == 6 and summary["executable"] == sys.executable
    # on the worker the kernel ran in a scratch folder, not in reports/
    assert Path(summary["cwd"]).name == "run" and Path(summary["cwd"]).parent != out
    record = json.loads((folder / "run.json").read_text())
    assert record["durations"]["kernel_start_s"] > 0 and record["status"] == "ok"
    failed = out / "boom.failed"
    assert "deliberate failure" in (failed / "tiny.html").read_text()
    assert json.loads((failed / "run.json").read_text())["status"] == "failed"
    assert "boom.failed/tiny.html" in (out / "index.html").read_text()
