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

from bridgestats import datasets, fit, vp
from bridgestats.names import display_name
from bridgestats.sigma import evidence_inputs, form_sigma

T2004 = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])
EBU = datasets.load("seeds/ebu_swiss_pairs_7_9").threshold_pct.to_numpy() - 50
EBU_NAME = display_name("dataset", "seeds/ebu_swiss_pairs_7_9")  # the page shows names, not ids


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
    return run_notebook("vp_scale_designer", folder, n_events=200), folder


def test_swiss_pairs_default_is_the_forms_one_sigma(swiss_default):
    """Issue 33: the designer's default is the form's one σ (bridgestats.sigma.form_sigma,
    pairs met at random: 11.31 %), the σ of the booklet and `bridgestats scale`, not the
    whole event's 10.97 %; the EBU table under it."""
    summary, folder = swiss_default
    one = form_sigma("swiss_pairs", 8)
    assert summary["sigma"] == pytest.approx(one.sigma, rel=1e-12)
    assert summary["sigma"] == pytest.approx(11.31, abs=0.005)
    assert summary["sigma_ci"] == pytest.approx(list(one.sigma_ci), rel=1e-12)
    assert summary["sigma_source"] == one.source
    assert summary["conditions"] is None
    # the EBU table's fitted σ: 11.00, printed to 2 decimals
    assert summary["fitted_sigma_published"] == pytest.approx(11.00, abs=0.005)
    assert summary["published_residual_max"] < 0.01  # printed thresholds round to 0.005 + z
    # the EBU table's expected 20-0 share at the whole-event σ, from scipy
    ebu = summary["frequencies"][EBU_NAME]
    assert ebu[-1] == pytest.approx(2 * stats.norm.sf(EBU[-1] / summary["sigma"]), rel=1e-9)
    assert ebu[0] == pytest.approx(1 - 2 * stats.norm.sf(EBU[0] / summary["sigma"]), rel=1e-9)
    assert sum(ebu) == pytest.approx(1.0)
    design = summary["frequencies"]["recommended"]
    np.testing.assert_allclose(design, np.r_[1, [2] * 10] / 21, atol=1e-9)  # MP %: continuous
    lo, hi = summary["top_frequency_at_ci"][EBU_NAME]
    assert lo < ebu[-1] < hi
    evidence = {r["estimate"]: r for r in summary["evidence"]}
    random_draw = "σ of 8 boards, the random-draw rounds (1-2): pairs of any strength meet"
    assert evidence[random_draw]["value"] == pytest.approx(11.66, abs=0.005)  # Probst §11
    assert summary["wbf_20_from"] is None and summary["centre"] == 50.0
    assert set(summary["_inputs"]) == {
        "seeds/ebu_swiss_pairs_7_9",
        "seeds/brighton_2005_vp_counts",
        "seeds/swiss_pairs_scales",
    }
    assert (folder / "figures" / "outcome_frequencies.png").stat().st_size > 1000
    assert (folder / "figures" / "sensitivity.png").stat().st_size > 1000


def test_sensitivity_and_boards_on_one_table(swiss_default):
    """The EBU 7-9 table over 7, 8, 9 boards at the evidence's σ(n) = √(σ₈² + k²(1/n − 1/8))
    (issue 21: not σ₈·√(8/n)), and over 0.85-1.15 σ: 20-0 shares from scipy (1e-9)."""
    summary, _ = swiss_default
    s8 = summary["sigma"]
    k = evidence_inputs()["pairs_k"]
    rows = {r["n_boards"]: r for r in summary["boards_on_table"]}
    for n in (7, 8, 9):
        sig = np.sqrt(s8**2 + k**2 * (1 / n - 1 / 8))
        assert rows[n]["sigma"] == pytest.approx(sig, rel=1e-12)
        assert rows[n]["p_top"] == pytest.approx(2 * stats.norm.sf(EBU[-1] / sig), rel=1e-9)
    # Probst §11: "an enormous variance on 20-0's" between 7 and 9 boards
    assert rows[7]["p_top"] > 1.3 * rows[9]["p_top"]
    sens = [r for r in summary["sensitivity"] if r["scale"] == EBU_NAME]
    assert [round(r["sigma"] / s8, 2) for r in sens] == [0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15]
    for r in sens:
        assert r["p_top"] == pytest.approx(2 * stats.norm.sf(EBU[-1] / r["sigma"]), rel=1e-9)


def test_swiss_pairs_random_draw_with_ascherman_and_12_boards(run_notebook):
    """Rounds 1-2, Ascherman ratio (41/84)/(61/124) (Probst §11), carried to 12 boards as
    √(σ₈² + k²(1/12 − 1/8)) with the one fit's k (issue 21: not σ₈·√(8/12))."""
    summary = run_notebook(
        "vp_scale_designer",
        conditions="random_draw",
        ascherman=True,
        n_boards=12,
        published=None,
        n_events=100,
    )
    ratio = (41 / 84) / (61 / 124)
    s8 = fit.fit_sigma_binned(_brighton([1, 2]), T2004).sigma * ratio
    k = evidence_inputs()["pairs_k"]
    assert summary["sigma"] == pytest.approx(np.sqrt(s8**2 + k**2 * (1 / 12 - 1 / 8)), rel=1e-9)
    assert "random-draw rounds" in summary["sigma_source"]
    assert "Ascherman" in summary["sigma_source"]
    assert summary["recommendation"]["sigma"] == summary["sigma"]  # one σ in the report


def test_swiss_pairs_explicit_k(run_notebook, tmp_path):
    summary = run_notebook(
        "vp_scale_designer",
        tmp_path,
        form="swiss_pairs",
        n_boards=8,
        negative=0,
        k=32.95,
        n_events=100,
    )
    # σ = 32.95/√8 = 11.65 (Probst §11), printed to 2 decimals
    assert summary["sigma"] == pytest.approx(11.65, abs=0.005)
    assert summary["sigma_source"].startswith("parameter k, by Probst's model (σ = K/√n")
    assert summary["sigma_ci"] is None
    # thresholds are margins (winner's % − 50); the 20-0 of Table 8's random-draw column is
    # 69.43 %, within 0.001·σ + 0.005 = 0.017 (exact vs printed quantile, printing)
    assert len(summary["thresholds"]) == 10
    assert abs(50 + summary["thresholds"][-1] - 69.43) < 0.017
    assert summary["thresholds_negative"] == summary["thresholds"]
    assert list(summary["_inputs"]) == ["seeds/ebu_swiss_pairs_7_9"]


def test_teams_default_is_the_k_model_at_the_length(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="teams", n_boards=16, published=None, n_events=100
    )
    m = datasets.load("derived/match_margins")
    m = m[m.n_boards.between(12, 32)]  # the within-match K and δ (sigma_evidence.TEAMS_FIT)
    d2 = (m.imp_margin**2 - m.sum_sq_imps).sum() / (m.n_boards * (m.n_boards - 1)).sum()
    k2 = m.sum_sq_imps.sum() / m.n_boards.sum() - d2
    assert summary["sigma"] == pytest.approx(np.sqrt(16 * k2 + 256 * d2), rel=1e-9)
    assert summary["sigma_source"].startswith("σ(n) = √(nK² + n²δ²)")
    assert "derived/match_margins" in summary["sigma_source"]
    assert summary["wbf_20_from"] == 60
    # the WBF discrete scale's expected shares at this σ, whole IMPs (continuity ½)
    w = np.asarray(vp.wbf_scale(16).thresholds) - 0.5
    wbf = summary["frequencies"]["WBF 2013 whole VPs"]
    assert wbf[-1] == pytest.approx(2 * stats.norm.sf(w[-1] / summary["sigma"]), rel=1e-9)
    assert wbf[0] == pytest.approx(1 - 2 * stats.norm.sf(w[0] / summary["sigma"]), rel=1e-9)
    assert summary["_inputs"].keys() == {
        "derived/match_margins",
        "derived/swing_counts",
        "derived/rescored_matches",
    }
    # the real round robins: the Gaussian rule against WBF 2013, with the tie-break range
    q = {r["scale"]: r for r in summary["qualifier_changes"]["scales"]}
    assert q["recommended"]["count_low"] <= q["recommended"]["count"]
    assert q["recommended"]["count"] <= q["recommended"]["count_high"]
    assert summary["simulation"]["n_events"] == 100


def test_teams_with_negative_vps_and_wbf(run_notebook):
    summary = run_notebook(
        "vp_scale_designer",
        form="teams",
        n_boards=8,
        negative=5,
        published=None,
        k=6.5,
        n_events=100,
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
        "vp_scale_designer",
        form="swiss_pairs",
        n_boards=8,
        field_size=63,
        published=None,
        n_events=100,
    )
    # §11: 20-0 at 67.39 % for 63 results
    assert 50 + summary["thresholds"][-1] == pytest.approx(67.39, abs=0.005)
    assert summary["sigma_source"].startswith("field model for 63 results")


def test_recommendation_comes_first_and_matches_the_booklet(swiss_default):
    """The first section is the recommendation (studies.sigma_evidence.recommendation) at
    the form's one σ, the booklet's: its interval and source, the thresholds and the 20-0
    share."""
    from bridgestats.studies import sigma_evidence

    summary, _ = swiss_default
    rec = summary["recommendation"]
    want = sigma_evidence.recommendation("swiss_pairs", 8)
    assert rec["form"] == "swiss_pairs" and rec["n_boards"] == 8
    assert rec["sigma"] == pytest.approx(want["sigma"], rel=1e-12)
    assert rec["sigma"] == pytest.approx(form_sigma("swiss_pairs", 8).sigma, rel=1e-12)
    assert rec["sigma_ci"] == pytest.approx(want["sigma_ci"], rel=1e-12)
    assert rec["thresholds"] == pytest.approx(want["thresholds"], rel=1e-12)
    assert rec["p_20_0"] == pytest.approx(2 / 21, rel=1e-9)  # MP %: continuous, equal share
    off = summary["recommendation_p_20_0_off"]
    assert off["low"] < rec["p_20_0"] < off["high"]
    assert summary["published_refused"] is None
    assert summary["_findings"][0]["text"].startswith("Swiss pairs, 8 boards: print")


def test_teams_refuses_the_mp_table_and_recommends_the_k_model(run_notebook):
    """Issue 21: `-p form=teams -p n_boards=8` compared its IMP scale with the EBU Swiss
    pairs table in MP % ("σ = 58.53 IMPs"); the comparison is now refused, said so."""
    summary = run_notebook("vp_scale_designer", form="teams", n_boards=8, n_events=100)
    assert "must be a scale in IMPs" in summary["published_refused"]
    assert summary["fitted_sigma_published"] is None
    assert EBU_NAME not in summary["frequencies"]
    rec = summary["recommendation"]
    assert rec["sigma"] == pytest.approx(form_sigma("teams", 8).sigma)
    assert rec["sigma"] == pytest.approx(summary["sigma"], rel=1e-12)  # one σ in the report


@pytest.mark.parametrize(
    ("form", "n_boards", "wbf_20_from"),
    [("butler", 8, 43), ("cross_imps", 16, 60), ("aggregate", 24, None)],
)
def test_every_form_a_committee_prints(run_notebook, form, n_boards, wbf_20_from):
    """Issue 21 item 3: face-to-face Butler (it failed in the later cells), cross-IMPed
    teams of eight and aggregate run to the end, with the evidence's σ throughout, the
    simulation where the form has a strongest side and the real events only for teams."""
    summary = run_notebook("vp_scale_designer", form=form, n_boards=n_boards, n_events=100)
    want = form_sigma(form, n_boards)
    assert summary["sigma"] == pytest.approx(want.sigma, rel=1e-12)
    assert summary["recommendation"]["sigma"] == summary["sigma"]
    assert summary["sigma_ci"] == pytest.approx(list(want.sigma_ci) if want.sigma_ci else None)
    assert summary["wbf_20_from"] == wbf_20_from
    assert "must be a scale in" in summary["published_refused"]  # the EBU table is MP %
    assert not summary["qualifier_changes"]["applicable"]
    if form == "aggregate":
        assert summary["simulation"] is None
        assert "strength term" in summary["simulation_not_applicable"]
        assert summary["unit"] == "points"
    else:
        scales = [r["scale"] for r in summary["simulation"]["scales"]]
        assert scales[0] == "recommended" and "WBF 2013 continuous" in scales
    headline = [f["text"] for f in summary["_findings"] if f["headline"]]
    # the scale and its 20-0 share, and P(strongest wins) where simulated; that no real
    # event tests the form is said, not headlined (it answers nothing; issue 22)
    answered = 2 + (summary["simulation"] is not None)
    assert len(headline) == answered and all(t.count(". ") == 0 for t in headline)
    untested = [f for f in summary["_findings"] if f["text"].startswith("No real event")]
    assert len(untested) == 1 and not untested[0]["headline"]


def test_butler_online_has_no_evidence_and_needs_tables(run_notebook):
    summary = run_notebook(
        "vp_scale_designer", form="butler_online", n_boards=8, tables=6, published=None
    )
    assert summary["recommendation"] is None and summary["simulation"] is None
    # Probst's online Butler model: B·K·√(n(T−1)/(2T)) + shooting, K 7, B 1.2, 1 IMP
    sigma = 1.2 * 7.0 * np.sqrt(8 * 5 / 12) + 1.0
    assert summary["sigma"] == pytest.approx(sigma, rel=1e-9)
