"""Run notebooks/butler_scales.ipynb with small parameters and check its summary."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("butler_scales")
    summary = run_notebook("butler_scales", folder, n_boot=50, n_boards=15, tables=15,
                           online=True, negative=3)  # fmt: skip
    assert (folder / "figures" / "butler_totals.png").is_file()
    return summary


def test_summary(summary):
    assert 1.18 <= summary["butler_factor_mean"] <= 1.20
    lo, hi = summary["butler_factor_trimmed_ci"]
    assert lo < summary["butler_factor_trimmed"] < hi
    assert summary["totals_ratio"] > 1.0 and summary["n_rounds"] > 900
    scale = summary["scale"]
    assert scale["n_boards"] == 15 and len(scale["thresholds_equal"]) == 13
    assert scale["sigma_field"] > scale["sigma_equal"]
    assert summary["k_source"].startswith("data/derived/swing_counts.csv")
    assert sum(f["headline"] for f in summary["_findings"]) == 3


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("butler_scales")
