"""Run ``notebooks/vp_scale_designer.ipynb`` with papermill and check the values it saves.

Expected values: the EBU 7-9 board Swiss pairs table is the Gaussian scale with σ = 11 %
(Probst Table 8, the EBU 2006 column), Probst's random-draw σ for 8 boards is 11.65 % (§11), the
8-board teams σ is 18.38 IMPs with a 20-0 at 30.7 (Table 4) and the WBF 8-board scale
reaches 20.00 at 43 IMPs (the WBF Scoring Panel's 2013 technical report). The defaults from
the evidence are checked against direct fits (bridgestats.fit on the shipped data) and the
outcome frequencies against scipy's normal distribution.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from bridgestats import datasets, fit, vpscale

T2004 = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])
EBU = datasets.load("seeds/ebu_swiss_pairs_7_9").threshold_pct.to_numpy() - 50


def _brighton(rounds=None):
    df = datasets.load("seeds/brighton_2005_vp_counts")
    t = df.pivot(index="round", columns="vp_winner", values="count")
    return (t if rounds is None else t.loc[rounds]).sum()


def test_notebook_is_committed_clean(check_notebook_clean):
    nb = check_notebook_clean("vp_scale_designer")
    assert nb.cells[0].source.startswith("# ")


@pytest.fixture(scope="module")
def swiss_default(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("designer")
    return run_notebook("vp_scale_designer", folder, n_boot=50), folder


def test_swiss_pairs_default_is_the_whole_event_sigma(swiss_default):
    """σ of all 14 Brighton rounds (washington_sigma's 10.97), and the EBU table under it."""
    summary, folder = swiss_default
    direct = fit.fit_sigma_binned(_brighton(), T2004)
    assert summary["sigma"] == pytest.approx(direct.sigma, rel=1e-9)
    assert summary["sigma"] == pytest.approx(10.97, abs=0.005)
    assert summary["sigma_ci"] == pytest.approx(list(direct.ci), rel=1e-9)
    assert summary["sigma_source"].startswith("seeds/brighton_2005_vp_counts, rounds 1-14")
    assert "σ·√8" in summary["k_source"] and summary["conditions"] == "whole_event"
    # the EBU table's fitted σ: 11.00, printed to 2 decimals
    assert summary["fitted_sigma_published"] == pytest.approx(11.00, abs=0.005)
    assert summary["published_residual_max"] < 0.01  # printed thresholds round to 0.005 + z
    # the EBU table's expected 20-0 share at the whole-event σ, from scipy
    ebu = summary["frequencies"]["seeds/ebu_swiss_pairs_7_9"]
    assert ebu[-1] == pytest.approx(2 * stats.norm.sf(EBU[-1] / summary["sigma"]), rel=1e-9)
    assert ebu[0] == pytest.approx(1 - 2 * stats.norm.sf(EBU[0] / summary["sigma"]), rel=1e-9)
    assert sum(ebu) == pytest.approx(1.0)
    design = summary["frequencies"]["recommended (as printed)"]
    np.testing.assert_allclose(design, np.r_[1, [2] * 10] / 21, atol=1e-9)  # MP %: continuous
    lo, hi = summary["top_frequency_at_ci"]["seeds/ebu_swiss_pairs_7_9"]
    assert lo < ebu[-1] < hi
    evidence = {(r["conditions"], r["ascherman"]): r for r in summary["evidence"]}
    assert evidence[("random_draw", False)]["sigma"] == pytest.approx(11.66, abs=0.005)
    assert summary["wbf_20_from"] is None and summary["centre"] == 50.0
    assert set(summary["_inputs"]) == {
        "seeds/ebu_swiss_pairs_7_9",
        "seeds/brighton_2005_vp_counts",
        "seeds/swiss_pairs_scales",
    }
    assert (folder / "figures" / "outcome_frequencies.png").stat().st_size > 1000
    assert (folder / "figures" / "sensitivity.png").stat().st_size > 1000


def test_sensitivity_and_boards_on_one_table(swiss_default):
    """The EBU 7-9 table over 7, 8, 9 boards at σ₈·√(8/n), and over 0.85-1.15 σ: 20-0 shares
    from scipy (1e-9)."""
    summary, _ = swiss_default
    s8 = summary["sigma"]
    rows = {r["n_boards"]: r for r in summary["boards_on_table"]}
    for n in (7, 8, 9):
        sig = s8 * np.sqrt(8 / n)
        assert rows[n]["sigma"] == pytest.approx(sig, rel=1e-12)
        assert rows[n]["p_top"] == pytest.approx(2 * stats.norm.sf(EBU[-1] / sig), rel=1e-9)
    # Probst §11: "an enormous variance on 20-0's" between 7 and 9 boards
    assert rows[7]["p_top"] > 1.3 * rows[9]["p_top"]
    sens = [r for r in summary["sensitivity"] if r["scale"] == "seeds/ebu_swiss_pairs_7_9"]
    assert [round(r["sigma"] / s8, 2) for r in sens] == [0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15]
    for r in sens:
        assert r["p_top"] == pytest.approx(2 * stats.norm.sf(EBU[-1] / r["sigma"]), rel=1e-9)


def test_swiss_pairs_random_draw_with_ascherman_and_12_boards(run_notebook):
    """Rounds 1-2, Ascherman ratio (41/84)/(61/124) (Probst §11), scaled by √(8/12)."""
    summary = run_notebook(
        "vp_scale_designer", conditions="random_draw", ascherman=True, n_boards=12,
        published=None, n_boot=50,
    )  # fmt: skip
    ratio = (41 / 84) / (61 / 124)
    direct = fit.fit_sigma_binned(_brighton([1, 2]), T2004).sigma
    assert summary["sigma"] == pytest.approx(direct * ratio * np.sqrt(8 / 12), rel=1e-9)
    assert "rounds 1, 2" in summary["sigma_source"] and "Ascherman" in summary["sigma_source"]


def test_swiss_pairs_explicit_k(run_notebook, tmp_path):
    summary = run_notebook(
        "vp_scale_designer", tmp_path, form="swiss_pairs", n_boards=8, negative=0, k=32.95
    )
    # σ = 32.95/√8 = 11.65 (Probst §11), printed to 2 decimals
    assert summary["sigma"] == pytest.approx(11.65, abs=0.005)
    assert summary["sigma_source"] == "parameter k" and summary["sigma_ci"] is None
    # thresholds are margins (winner's % − 50); the 20-0 of Table 8's random-draw column is
    # 69.43 %, within 0.001·σ + 0.005 = 0.017 (exact vs printed quantile, printing)
    assert len(summary["thresholds"]) == 10
    assert abs(50 + summary["thresholds"][-1] - 69.43) < 0.017
    assert summary["thresholds_negative"] == summary["thresholds"]
    assert list(summary["_inputs"]) == ["seeds/ebu_swiss_pairs_7_9"]


def test_teams_default_is_the_k_model_at_the_length(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="teams", n_boards=16, published=None, n_boot=50
    )
    m = datasets.load("derived/match_margins")
    m = m[m.n_boards.between(12, 32)]  # the within-match K and δ (sigma_evidence.TEAMS_FIT)
    d2 = (m.imp_margin**2 - m.sum_sq_imps).sum() / (m.n_boards * (m.n_boards - 1)).sum()
    k2 = m.sum_sq_imps.sum() / m.n_boards.sum() - d2
    assert summary["sigma"] == pytest.approx(np.sqrt(16 * k2 + 256 * d2), rel=1e-9)
    assert summary["sigma_source"].startswith("σ(n) = √(nK² + n²δ²) at n = 16")
    assert "derived/match_margins" in summary["k_source"]
    assert summary["wbf_20_from"] == 60
    # the WBF discrete scale's expected shares at this σ, whole IMPs (continuity ½)
    w = np.asarray(vpscale.wbf_scale(16).thresholds) - 0.5
    wbf = summary["frequencies"]["WBF 2013 discrete"]
    assert wbf[-1] == pytest.approx(2 * stats.norm.sf(w[-1] / summary["sigma"]), rel=1e-9)
    assert wbf[0] == pytest.approx(1 - 2 * stats.norm.sf(w[0] / summary["sigma"]), rel=1e-9)
    assert summary["_inputs"].keys() == {"derived/match_margins"}


def test_teams_with_negative_vps_and_wbf(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="teams", n_boards=8, negative=5, published=None, k=6.5
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
        "vp_scale_designer", form="swiss_pairs", n_boards=8, field_size=63, published=None
    )
    # §11: 20-0 at 67.39 % for 63 results
    assert 50 + summary["thresholds"][-1] == pytest.approx(67.39, abs=0.005)
    assert summary["sigma_source"].startswith("field model for 63 results")


def test_recommendation_comes_first_and_matches_the_booklet(swiss_default):
    """The first section is the recommendation, from studies.sigma_evidence (the booklet's
    source): σ of the conditions of use (whole event) carried to the length, its interval
    and source, the thresholds and the 20-0 share."""
    from bridgestats.studies import sigma_evidence

    summary, _ = swiss_default
    rec = summary["recommendation"]
    want = sigma_evidence.recommendation("swiss_pairs", 8, conditions="whole_event")
    assert rec["form"] == "swiss_pairs" and rec["n_boards"] == 8
    assert rec["sigma"] == pytest.approx(want["sigma"], rel=1e-12)
    assert rec["sigma"] == pytest.approx(10.97, abs=0.005)  # washington_sigma's whole event
    assert rec["sigma_ci"] == pytest.approx(want["sigma_ci"], rel=1e-12)
    assert rec["thresholds"] == pytest.approx(want["thresholds"], rel=1e-12)
    assert rec["p_20_0"] == pytest.approx(2 / 21, rel=1e-9)  # MP %: continuous, equal share
    off = summary["recommendation_p_20_0_off"]
    assert off["low"] < rec["p_20_0"] < off["high"]
    assert summary["published_refused"] is None
    assert summary["_findings"][0]["text"].startswith("Swiss pairs of 8 boards: print")


def test_teams_refuses_the_mp_table_and_recommends_the_k_model(run_notebook):
    """Issue 21: `-p form=teams -p n_boards=8` compared its IMP scale with the EBU Swiss
    pairs table in MP % ("σ = 58.53 IMPs"); the comparison is now refused, said so."""
    from bridgestats.studies import sigma_evidence

    summary = run_notebook("vp_scale_designer", form="teams", n_boards=8, n_boot=50)
    assert "must be a scale in IMPs" in summary["published_refused"]
    assert summary["fitted_sigma_published"] is None
    assert "seeds/ebu_swiss_pairs_7_9" not in summary["frequencies"]
    rec = summary["recommendation"]
    assert rec["sigma"] == pytest.approx(sigma_evidence.form_sigma_evidence("teams", 8).sigma)
    assert rec["sigma"] == pytest.approx(summary["sigma"], rel=1e-12)  # one σ in the report
