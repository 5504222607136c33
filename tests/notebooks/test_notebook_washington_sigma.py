"""Run notebooks/washington_sigma.ipynb with papermill and check the figures it saves.

Reference values: Probst §11 (Cooke: 11.73 %, 90 % interval 11.04-12.55, rounds 1-2) and
independent calls of bridgestats.fit on the shipped Table 7.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import optimize, stats
from statsmodels.stats.multitest import multipletests

from bridgestats import datasets
from bridgestats.fit import fit_sigma_binned

THRESHOLDS_2004 = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])


def _table():
    df = datasets.load("seeds/brighton_2005_vp_counts")
    return df.pivot(index="round", columns="vp_winner", values="count")


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("washington_sigma")


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    """One run: Cooke's rounds 1-2 at 90 % (the article's setting) and a first half of
    rounds 1-4 instead of 1-7, so that a parameter visibly reaches the figures."""
    folder = tmp_path_factory.mktemp("washington")
    return run_notebook("washington_sigma", folder, first_half_last_round=4), folder


def test_run_reproduces_the_article(summary):
    """Rounds 1-2 ML σ = 11.66 (10.99-12.39) next to Cooke's 11.73; the 20-0-only
    estimator reproduces Cooke's interval to the printed 0.01; pooled σ 10.97 (tolerance
    0.005: two-decimal figures, values as in tests/test_fit.py)."""
    s, folder = summary
    assert (folder / "figures" / "sigma_by_round.png").stat().st_size > 10_000
    assert s["n_matches"] == 3598
    assert s["sigma_rounds_1_2"] == pytest.approx(11.66, abs=0.005)
    assert s["sigma_rounds_1_2_ci"] == pytest.approx([10.99, 12.39], abs=0.005)
    assert s["cooke_tail_ci"] == pytest.approx([11.04, 12.55], abs=0.005)
    assert s["sigma_all"] == pytest.approx(10.97, abs=0.005)
    assert len(s["sigma_by_round"]) == 14
    assert s["sigma_by_round"][7] == pytest.approx(9.38, abs=0.005)  # round 8
    assert s["scale_sigma_built_for"] == pytest.approx(9.59, abs=0.01)
    assert s["p_fitted"] > 0.1 and s["chi2_built_for"] > 100
    # the fitted scale is Gaussian at σ(rounds 1-2): its 20-0 starts at 50 + z₉·σ
    assert s["fitted_scale_rounds_1_2"][-1] == pytest.approx(
        50 + 1.668391 * s["sigma_rounds_1_2"], abs=1e-4
    )
    assert set(s["_inputs"]) == {
        "seeds/brighton_2005_vp_counts",
        "seeds/swiss_pairs_scales",
        "seeds/probst_printed_figures",
    }
    assert s["sigma_source"].startswith("seeds/brighton_2005_vp_counts")


def _loglik(counts):
    """max over σ of Σ n_k log p_k(σ), from scipy's normal cdf (independent of bridgestats)."""
    edges = np.r_[0.0, THRESHOLDS_2004, np.inf]

    def negll(log_s):
        return -np.sum(counts * np.log(2 * np.diff(stats.norm.cdf(edges / np.exp(log_s)))))

    return -optimize.minimize_scalar(
        negll, bounds=(0, 4), method="bounded", options={"xatol": 1e-10}
    ).fun


def test_likelihood_ratio_tests(summary):
    """Halves (rounds 1-4 against 5-14 in this run) and rounds: G² from a scipy likelihood,
    p from scipy.stats.chi2 (tolerance 1e-4 on G²: the optimiser's); Holm against
    statsmodels (1e-12)."""
    s, _ = summary
    table = _table().to_numpy()
    first, second = table[:4].sum(axis=0), table[4:].sum(axis=0)
    g2 = 2 * (_loglik(first) + _loglik(second) - _loglik(table.sum(axis=0)))
    assert s["halves_lr_statistic"] == pytest.approx(g2, abs=1e-4)
    assert s["halves_lr_p"] == pytest.approx(stats.chi2.sf(g2, 1), rel=1e-3)
    g13 = 2 * (sum(_loglik(r) for r in table) - _loglik(table.sum(axis=0)))
    assert s["rounds_heterogeneity_statistic"] == pytest.approx(g13, abs=1e-4)
    assert s["rounds_heterogeneity_p"] == pytest.approx(stats.chi2.sf(g13, 13), rel=1e-3)
    holm = multipletests(s["rounds_vs_rest_p"], method="holm")[1]
    np.testing.assert_allclose(s["rounds_vs_rest_p_holm"], holm, atol=1e-12)
    # the findings the conclusions state, with the default rounds: only round 8 stands out,
    # and its σ is below the 9.59 the 2004 scale was built for
    assert s["rounds_differing_holm"] == [8]
    assert s["rounds_below_built_for"] == [8]
    assert s["closest_published"] == "ebu_2006"


def test_parameters_are_used(summary):
    """first_half_last_round=4: the halves are rounds 1-4 and 5-14 (checked against
    direct fit_sigma_binned calls; relative tolerance 1e-6)."""
    s, _ = summary
    table = _table()
    first = fit_sigma_binned(table.loc[:4].sum(), THRESHOLDS_2004)
    second = fit_sigma_binned(table.loc[5:].sum(), THRESHOLDS_2004)
    assert s["sigma_first_half"] == pytest.approx(first.sigma, rel=1e-6)
    assert s["sigma_first_half_ci"] == pytest.approx(list(first.ci), rel=1e-6)
    assert s["sigma_second_half"] == pytest.approx(second.sigma, rel=1e-6)
    assert s["confidence"] == 0.90 and s["cooke_rounds"] == [1, 2]


def test_findings_read_as_sentences_with_names(summary):
    """Each finding one sentence (bridgestats.notebook.findings_problems), the headline ones
    those that answer the question, and names, not ids or list reprs, in the text."""
    s, _ = summary
    assert "_findings_problems" not in s
    heads = [f["text"] for f in s["_findings"] if f["headline"]]
    assert len(heads) == 3 and heads[0].startswith("All 3,598 matches: σ = 10.97 %")
    assert "Cooke" in heads[1] and "EBU (2006)" in heads[2]
    text = " ".join(f["text"] for f in s["_findings"])
    assert "washington_2004" not in text and "[1, 2]" not in text and "ebu_2006" not in text


@pytest.fixture(scope="module")
def own(run_notebook, tmp_path_factory):
    """One run on a committee's file: a simulated Swiss pairs of equal pairs (64 pairs, 10
    rounds of 8 boards, paired by score), whose σ is known: 32.95/√8 = 11.65 %."""
    from bridgestats.sim.matches import simulate_match_results

    folder = tmp_path_factory.mktemp("washington_own")
    event = simulate_match_results(64, n_rounds=10, n_boards=8, rng=36, event="Club Swiss")
    event.to_csv(folder / "swiss.csv", index=False)
    path = str(folder / "swiss.csv")
    return run_notebook("washington_sigma", folder, files=[path]), event.attrs["sigma"], path


def test_on_a_committee_s_file_the_known_sigma_is_recovered(own):
    s, sigma, path = own
    assert s["n_matches"] == 320 and len(s["sigma_by_round"]) == 10
    assert s["sigma_all_ci"][0] < sigma < s["sigma_all_ci"][1]
    assert s["scale_scored_on"] == "ebu_2006" and s["unit"] == "MP %"  # found from the VPs
    assert s["sigma_source"].startswith("the committee's files (320 matches of 8 boards)")
    read = {r["status"]: r["count"] for r in s["read"]}
    assert read == {"read": 1, "used": 320}
    assert s["halves_lr_p"] > 0.001  # equal pairs: no real difference between the halves
    assert any("σ of all rounds" in f["text"] for f in s["_findings"])
    assert list(s["_inputs"]) == [path]
    # Cooke's printed figure is Brighton's: a committee's event is not set beside it
    text = " ".join(f["text"] for f in s["_findings"])
    assert "Cooke" not in text and "Rounds 1 and 2: σ = " in text
