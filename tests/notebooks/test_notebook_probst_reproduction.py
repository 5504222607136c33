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
    assert set(items[0]) == {"item", "section", "printed", "computed", "exact", "status"}
    statuses = (
        "reproduced",
        "rounding slip",
        "refuted",
        "error in the article",
        "not reproducible",
    )
    counts = {s: sum(i["status"] == s for i in items) for s in statuses}
    # the counts follow from the statuses, and are these
    assert (
        summary["counts"]
        == counts
        == {
            "reproduced": 60,
            "rounding slip": 1,
            "refuted": 0,
            "error in the article": 3,
            "not reproducible": 2,
        }
    )
    assert summary["n_items"] == 66
    assert counts["reproduced"] == summary["n_reproduced"] == 60
    assert counts["rounding slip"] == summary["n_rounding_slips"] == 1
    assert counts["refuted"] == summary["n_refuted"] == 0
    assert counts["error in the article"] == summary["n_article_errors"] == 3
    assert counts["not reproducible"] == summary["n_not_reproducible"] == 2
    assert sum(counts.values()) == len(items)
    by_item = {i["item"]: i for i in items}
    assert by_item["top_ascherman"]["printed"] == "67.27"
    assert by_item["top_ascherman"]["status"] == "rounding slip"
    assert by_item["cooke_sigma"]["status"] == "not reproducible"


def test_figures_from_printed_inputs_are_shown_both_ways(summary):
    rows = {r["item"]: r for r in summary["from_printed_inputs"]}
    assert set(rows) == {
        "teams_of_8_20_0",
        "swiss_pairs_sigma_8",
        "butler_online_20_0",
        "ascherman_sigma",
    }
    both = {item: (round(r["computed"], 3), round(r["exact"], 3)) for item, r in rows.items()}
    assert both == {
        "teams_of_8_20_0": (84.853, 86.756),  # 30 × 2√2, and 1.66839 × 6.5 × √64
        "swiss_pairs_sigma_8": (10.598, 10.596),
        "butler_online_20_0": (38.731, 38.747),  # 1.668 × 23.22, and unrounded
        "ascherman_sigma": (11.649, 11.638),  # 11.73 × 17.27/17.39, and from 67.257/67.393
    }


def test_findings_in_words(summary):
    findings = summary["_findings"]
    assert findings[0]["headline"]
    assert f"{summary['n_reproduced']} reproduce" in findings[0]["text"]
    assert "1 is a rounding slip, 0 are refuted, 3 are errors" in findings[0]["text"]
    assert "2 cannot be reproduced" in findings[0]["text"]
    not_reproduced = summary["n_items"] - summary["n_reproduced"]
    assert len(findings) == 1 + len(summary["from_printed_inputs"]) + not_reproduced
    assert any("86.76 from unrounded inputs" in f["text"] for f in findings)
    # issue 33: "What does not reproduce" listed four reproduced items; they have a section
    # of their own, each with its status
    wrong = [f["text"] for f in findings if f["section"] == "What does not reproduce"]
    assert len(wrong) == not_reproduced and not any(": reproduced," in t for t in wrong)
    rounded = [
        f["text"] for f in findings if f["section"] == "Computed from the article's rounded figures"
    ]
    assert len(rounded) == len(summary["from_printed_inputs"])
    assert sum(": reproduced," in t for t in rounded) == 4


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("probst_reproduction")


def test_findings_name_each_item_as_the_article_does(summary):
    """Items by section, table and the article's own words, not by their ids
    (table_3_cum); one sentence each (bridgestats.notebook.findings_problems)."""
    assert "_findings_problems" not in summary
    texts = [f["text"] for f in summary["_findings"]]
    assert not any(item["item"] in text for item in summary["items"] for text in texts)
    assert any(t.startswith("§2, Table 3, “Table 3: cumulative % column") for t in texts)
    assert all(t.endswith(".") for t in texts)
