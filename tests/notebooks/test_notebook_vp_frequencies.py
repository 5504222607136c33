"""Run notebooks/vp_frequencies.ipynb with papermill and check the figures it saves.

References: Probst §11 (449 20-0s expected of 3598, 512 observed, 297 + 215; 225 per half),
§10 Table 6 (Sheffield, recomputed by hand here), and independent recomputation of the team
match counts with bridgestats.vp (one scale object per match, a plain loop).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
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


@pytest.fixture(scope="module")
def own(run_notebook, tmp_path_factory):
    """One run on a committee's files: the two samples of data/committee (the simulated club
    Swiss pairs, scored on the EBU 2006 table, and the real Bermuda Bowl 2013 round robin)."""
    files = [
        str(datasets.path("committee/swiss_pairs_rounds")),
        str(datasets.path("committee/teams_matches")),
    ]
    folder = tmp_path_factory.mktemp("vp_frequencies_own")
    return run_notebook("vp_frequencies", folder, files=files, n_boot=20), files, folder


def test_a_committee_s_outcomes_against_its_scale_s_gaussian_expectation(own):
    """The Swiss pairs' VP outcomes counted here from the CSV on the EBU 2006 thresholds
    (exact), the scale's own σ the EBU's published 11 % (the table is the Gaussian scale at
    σ = 11 %: tolerance 0.01, the table's two-decimal thresholds), and X² against the normal
    band probabilities at that σ recomputed with scipy (relative 1e-9)."""
    s, files, _ = own
    swiss = pd.read_csv(files[0])
    t = np.asarray(vp.named_scale("ebu_2006", n_boards=8).thresholds)
    margin = (swiss["pct_home"] - 50).abs().to_numpy()
    observed = np.bincount((margin[:, None] >= t[None, :]).sum(axis=1), minlength=11)
    assert s["brighton_observed_20_0"] == observed[-1] == sum(s["brighton_observed_20_0_by_round"])
    assert s["scale_scored_on"] == "ebu_2006" and s["event"] == "Simulated club Swiss pairs"
    assert s["brighton_sigma_model"] == pytest.approx(11.0, abs=0.01)
    sigma = s["brighton_sigma_model"]
    edges = np.r_[0.0, t, np.inf]
    p = 2 * np.diff(stats.norm.cdf(edges / sigma))
    expected = len(swiss) * p
    assert s["brighton_expected_20_0"] == pytest.approx(expected[-1], rel=1e-9)
    x2 = float(np.sum((observed - expected) ** 2 / expected))
    assert s["brighton_chi2"] == pytest.approx(x2, rel=1e-9)
    assert s["brighton_p"] == pytest.approx(stats.chi2.sf(x2, 10), rel=1e-6)
    first = swiss[swiss["round"] <= 5]  # the middle of 10 rounds
    assert s["brighton_observed_20_0_first_half"] == int(
        np.sum((first["pct_home"] - 50).abs() >= t[-1])
    )


def test_a_committee_s_team_matches_and_what_was_read(own):
    """The Bermuda Bowl's 231 matches on the WBF discrete scale counted one by one, equal
    probability's X² by hand; the page says first what it read (both files, 320 + 231
    matches counted from the CSVs), and Sheffield and the archive's K are not the files'."""
    s, files, _ = own
    teams = pd.read_csv(files[1])
    wbf = np.zeros(11, int)
    for margin in (teams["imps_home"] - teams["imps_visitors"]).abs():
        wbf[int(vp.wbf_scale(16).vp(margin)) - 10] += 1
    np.testing.assert_array_equal(s["teams_wbf_observed"], wbf)
    equal = len(teams) * np.array([1] + [2] * 10) / 21
    assert s["teams_wbf_equal_chi2"] == pytest.approx(float(np.sum((wbf - equal) ** 2 / equal)))
    assert s["teams_n_matches"] == len(teams) == 231
    read = {(r["what"], r["status"]): r["count"] for r in s["read"]}
    assert read == {("files", "read"): 2, ("matches", "used"): 320 + 231}
    for key in ("sheffield_chi2", "sheffield_p", "teams_k_match", "probst_top_pct"):
        assert s[key] is None
    assert set(s["_inputs"]) == set(files)
    text = " ".join(f["text"] for f in s["_findings"])
    assert "Brighton" not in text and "Probst" not in text and "Sheffield" not in text
    assert "too wide to decide" in text  # 320 matches cannot tell the Table 8 scales apart
    assert "its p-values are approximate" in text  # 32 matches a round
    heads = [f["text"] for f in s["_findings"] if f["headline"]]
    assert heads[0].startswith("Simulated club Swiss pairs saw ")
    assert "team matches of Bermuda Bowl 2013, round robin (16 boards" in heads[2]
