"""Run ``notebooks/vp_scale_designer.ipynb`` with papermill and check the values it saves.

Expected values: the EBU 7-9 board Swiss pairs table is the Gaussian scale with σ = 11 %
(Probst Table 8, the EBU 2006 column), Probst's random-draw σ for 8 boards is 11.65 % (§11), the
8-board teams σ is 18.38 IMPs with a 20-0 at 30.7 (Table 4) and the WBF 8-board scale
reaches 20.00 at 43 IMPs (the WBF Scoring Panel's 2013 technical report).
"""

from __future__ import annotations

import pytest


def test_notebook_is_committed_clean(check_notebook_clean):
    nb = check_notebook_clean("vp_scale_designer")
    assert nb.cells[0].source.startswith("# ")


def test_swiss_pairs_against_ebu_table(run_notebook, tmp_path):
    summary = run_notebook(
        "vp_scale_designer", tmp_path, form="swiss-pairs", n_boards=8, negative=0
    )
    # σ = 32.95/√8 = 11.65 (Probst §11), printed to 2 decimals
    assert summary["sigma"] == pytest.approx(11.65, abs=0.005)
    # the EBU table's fitted σ: 11.00, printed to 2 decimals
    assert summary["fitted_sigma_published"] == pytest.approx(11.00, abs=0.005)
    assert summary["published_residual_max"] < 0.01  # printed thresholds round to 0.005 + z
    assert summary["wbf_20_from"] is None
    assert summary["centre"] == 50.0
    # thresholds are margins (winner's % − 50); the 20-0 of Table 8's random-draw column is
    # 69.43 %, within 0.001·σ + 0.005 = 0.017 (exact vs printed quantile, printing)
    assert len(summary["thresholds"]) == 10
    assert abs(50 + summary["thresholds"][-1] - 69.43) < 0.017
    assert summary["thresholds_negative"] == summary["thresholds"]
    assert list(summary["_inputs"]) == ["seeds/ebu_swiss_pairs_7_9"]
    assert (tmp_path / "figures" / "outcome_frequencies.png").stat().st_size > 1000


def test_teams_with_negative_vps_and_wbf(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="teams", n_boards=8, negative=5, published=None
    )
    assert summary["sigma"] == pytest.approx(18.38, abs=0.005)  # Table 4
    assert summary["thresholds"][-1] == pytest.approx(30.7, abs=0.05)  # Table 4, one decimal
    # Table 5 computed ranges: the last negative step at 47.7 (one decimal)
    assert summary["thresholds_negative"][-1] == pytest.approx(47.7, abs=0.05)
    assert summary["wbf_20_from"] == 43
    assert summary["fitted_sigma_published"] is None
    assert summary["_inputs"] == {}


def test_swiss_pairs_field_size(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="swiss-pairs", n_boards=8, field_size=63, published=None
    )
    # §11: 20-0 at 67.39 % for 63 results
    assert 50 + summary["thresholds"][-1] == pytest.approx(67.39, abs=0.005)
