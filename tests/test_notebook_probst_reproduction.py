"""Run notebooks/probst_reproduction.ipynb and check its summary."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("probst_reproduction")
    summary = run_notebook("probst_reproduction", folder)
    assert (folder / "figures" / "status_by_section.png").is_file()
    return summary


def test_items_are_listed_with_their_status(summary):
    items = summary["items"]
    assert len(items) == summary["n_items"] > 60
    assert set(items[0]) == {"item", "section", "printed", "computed", "status"}
    counts = {s: sum(i["status"] == s for i in items) for s in
              ("reproduced", "refuted", "error in the seed", "not reproducible")}  # fmt: skip
    assert counts["reproduced"] == summary["n_reproduced"]
    assert counts["refuted"] == summary["n_refuted"]
    assert counts["error in the seed"] == summary["n_seed_errors"]
    assert sum(counts.values()) == len(items)
    by_item = {i["item"]: i for i in items}
    assert by_item["top_ascherman"]["printed"] == "67.27"
    assert by_item["top_ascherman"]["status"] == "refuted"


def test_findings_in_words(summary):
    findings = summary["_findings"]
    assert findings[0]["headline"]
    assert f"{summary['n_reproduced']} reproduce" in findings[0]["text"]
    not_reproduced = summary["n_items"] - summary["n_reproduced"]
    assert len(findings) == 1 + not_reproduced


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("probst_reproduction")
