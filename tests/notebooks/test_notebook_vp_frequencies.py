"""Run notebooks/vp_frequencies.ipynb with papermill and check the figures it saves.

References: Probst §11 (449 20-0s expected of 3598, 512 observed, 297 + 215; 225 per half),
§10 Table 6 (Sheffield, recomputed by hand here), and independent recomputation of the team
match counts with bridgestats.vp (one scale object per match, a plain loop).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bridgestats import datasets, vp
from bridgestats.sigma import evidence_inputs

MIN_BOARDS = 12


@pytest.fixture(scope="module")
def run(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("vp_frequencies")
    return run_notebook("vp_frequencies", folder, min_boards=MIN_BOARDS, n_boot=50), folder


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("vp_frequencies")


def test_brighton_20_0s(run):
    """Probst: 449 expected (3598 × 0.125 = 449.75, truncated), 512 observed, 297 and 215 by
    half against 225 each. Exact normal tails give 450.1 and 225.05: tolerance 0.5 match."""
    s, folder = run
    assert s["brighton_expected_20_0"] == pytest.approx(449.75, abs=0.5)
    assert s["brighton_observed_20_0"] == 512
    assert s["brighton_expected_20_0_half"] == pytest.approx(225, abs=0.5)
    assert s["brighton_observed_20_0_first_half"] == 297
    assert s["brighton_observed_20_0_second_half"] == 215
    # σ = (50 + 100·(61/124)/√8 − 50)/Φ⁻¹(1/2 + 19/42): computed, not typed (Probst's 67.39/1.668)
    top = 100 * (61 / 124) / np.sqrt(8)
    assert s["brighton_sigma_model"] == pytest.approx(top / stats.norm.ppf(0.5 + 19 / 42), rel=1e-9)
    assert round(s["probst_top_pct"], 2) == 67.39 and round(s["probst_top_z"], 3) == 1.668
    assert sum(s["brighton_observed_20_0_by_round"]) == 512
    # the excess is the first half's: rejected there, not in the second half
    assert s["brighton_first_half_p"] < 0.001 < 0.05 < s["brighton_second_half_p"]
    assert s["brighton_20_0_residual"] > 3
    for name in (
        "brighton_residuals_by_half",
        "brighton_20_0_by_round",
        "team_matches_vp_frequencies",
    ):
        assert (folder / "figures" / f"{name}.png").stat().st_size > 10_000


def test_sheffield(run):
    """Table 6 against 418/13 × (1, 2, ..., 2), computed here by hand (tolerance 1e-9)."""
    s, _ = run
    observed = np.array([41, 66, 52, 62, 74, 60, 63])
    expected = 418 / 13 * np.array([1, 2, 2, 2, 2, 2, 2])
    x2 = float(np.sum((observed - expected) ** 2 / expected))
    assert s["sheffield_chi2"] == pytest.approx(x2, abs=1e-9)
    assert s["sheffield_df"] == 6
    assert s["sheffield_p"] == pytest.approx(stats.chi2.sf(x2, 6), abs=1e-9)
    assert s["sheffield_p_df5"] == pytest.approx(stats.chi2.sf(x2, 5), abs=1e-9)
    assert s["sheffield_chi2"] == pytest.approx(6.69, abs=0.005)


def test_team_matches(run):
    """Recompute the team figures with one VPScale per match (loop reference) at the teams
    σ(n) = √(nK² + n²δ²) of every scale (issue 33: the σ the booklet prints, not a third K),
    computed here from the evidence's K and δ, on matches of at least MIN_BOARDS boards;
    counts must agree exactly."""
    s, _ = run
    m = datasets.load("derived/match_margins")
    m = m[m.n_boards.between(MIN_BOARDS, 32)]
    k = math.sqrt((m.imp_margin**2).sum() / m.n_boards.sum())
    assert s["teams_n_matches"] == len(m)
    assert s["teams_k_match"] == pytest.approx(k, rel=1e-12)
    assert s["teams_k_used"] is None
    ev = evidence_inputs()

    def sigma_n(n):
        return math.sqrt(n * ev["k"] ** 2 + n**2 * ev["delta"] ** 2)

    for row in s["form_sigmas"]:
        assert row["sigma"] == pytest.approx(sigma_n(row["n_boards"]), rel=1e-12)
    gauss = np.zeros(11, int)
    wbf = np.zeros(11, int)
    for margin, n in zip(m.imp_margin, m.n_boards, strict=True):
        won = vp.gaussian_scale(sigma=sigma_n(n)).vp(abs(margin))
        gauss[int(won) - 10] += 1
        wbf[int(vp.wbf_scale(int(n)).vp(abs(margin))) - 10] += 1
    np.testing.assert_array_equal(s["teams_gaussian_observed"], gauss)
    np.testing.assert_array_equal(s["teams_wbf_observed"], wbf)
    equal = len(m) * np.array([1] + [2] * 10) / 21
    x2_wbf = float(np.sum((wbf - equal) ** 2 / equal))
    assert s["teams_wbf_equal_chi2"] == pytest.approx(x2_wbf, rel=1e-9)
    assert s["teams_wbf_equal_p"] == pytest.approx(stats.chi2.sf(x2_wbf, 10), rel=1e-6)
    x2_g = float(np.sum((gauss - equal) ** 2 / equal))
    assert s["teams_gaussian_equal_chi2"] == pytest.approx(x2_g, rel=1e-9)
    # the findings: WBF is far from equal probability, the Gaussian scale is not
    assert s["teams_wbf_equal_p"] < 1e-10
    assert s["teams_gaussian_equal_p"] > 0.05
    assert s["teams_wbf_model_p"] > 0.05
    assert 6.0 < s["teams_k_board"] < s["teams_k_match"] < 7.0
    assert "matches of 12-32 boards" in s["teams_k_source"]


def test_one_match_k_with_rederive_k():
    """The default team-match K is k_estimates.k_match(8, 32): rederive_k's k_match."""
    from bridgestats.studies import k_estimates

    m = datasets.load("derived/match_margins")
    t = m[m.n_boards.between(8, 32)]
    k = k_estimates.k_match(n_boot=10, rng=0).k
    assert k == pytest.approx(math.sqrt((t.imp_margin**2).sum() / t.n_boards.sum()), rel=1e-12)


def test_multiplicity(run):
    """Holm over the 14 rounds and over all tests, checked against statsmodels (1e-12)."""
    from statsmodels.stats.multitest import multipletests

    s, _ = run
    tests = s["tests"]
    assert s["n_tests"] == len(tests) == 3 + 14 + 1 + 4
    p = [t["p"] for t in tests]
    np.testing.assert_allclose(
        [t["p_holm_all"] for t in tests], multipletests(p, method="holm")[1], atol=1e-12
    )
    rounds = [t for t in tests if t["family"] == "Brighton rounds"]
    np.testing.assert_allclose(
        [t["p_holm_family"] for t in rounds],
        multipletests([t["p"] for t in rounds], method="holm")[1],
        atol=1e-12,
    )


def test_findings_read_as_sentences_with_names(run):
    """Each finding one sentence (bridgestats.notebook.findings_problems); the headline
    ones answer the question (Brighton's 20-0s, the model's verdict, the team matches);
    scales by name."""
    s, folder = run
    assert "_findings_problems" not in s
    heads = [f["text"] for f in s["_findings"] if f["headline"]]
    assert len(heads) == 3 and heads[0].startswith("Brighton saw 512 20-0s")
    assert "WBF 2013 (whole VPs)" in heads[2]
    text = " ".join(f["text"] for f in s["_findings"])
    assert "wbf" not in text and "first_half" not in text
    assert (folder / "figures" / "team_matches_vp_frequencies.png").is_file()
