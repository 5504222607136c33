"""Run notebooks/ratings_real.ipynb on the first sessions of the shipped log and check its
summary's values."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("ratings_real")
    summary = run_notebook(
        "ratings_real",
        tmp_path,
        seed=3,
        fit_until="2006-01-01",
        max_sessions=4000,
        n_boot=100,
        settled_boards=40,
        new_partnership_boards=60,
        band_boards=150,
        settle_min_boards=200,
    )
    assert (tmp_path / "figures" / "calibration.png").is_file()
    assert (tmp_path / "figures" / "ppi_bands.png").is_file()
    return summary


def test_summary_keys(summary):
    # the keys issue 13 asks of the report
    for key in ("n_boards", "n_players", "systems", "best_system", "pickup_bonus_pct",
                "pickup_bonus_pct_ci", "lpr_test1_rate", "lpr_test2_rate"):  # fmt: skip
        assert key in summary, key
    assert summary["n_sessions"] == 4000
    assert set(summary["systems"]) == {"flat", "player_mean", "ppi", "elo", "glicko2", "gaussian"}
    assert summary["bootstrap_unit"] == "event"  # intervals resample whole events
    assert summary["_inputs"] and "derived/rating_sessions" in next(iter(summary["_inputs"]))


def test_systems(summary):
    systems = summary["systems"]
    for name, result in systems.items():
        lo, hi = result["rmse_ci"]
        assert lo <= result["rmse"] <= hi, name
        assert 5.0 < result["rmse"] < 12.0, name  # session % errors of a few %
        assert 25.0 < result["rmse_board"] < 31.0, name  # a board's own spread dominates
    assert systems["gaussian"]["coverage_90"] == pytest.approx(0.9, abs=0.05)
    assert systems["ppi"]["coverage_90"] is None
    assert summary["best_system"] == min(systems, key=lambda s: systems[s]["rmse"])
    # 2004-2005 sessions are already enough for the ratings to beat always-50 %
    assert systems["gaussian"]["rmse"] < systems["flat"]["rmse"]
    # the noise floor lies below every system, and the baselines are in the table
    assert summary["noise_floor_rmse"] < min(r["rmse"] for r in systems.values())
    assert systems["flat"]["explained_share"] == 0
    assert systems["flat"]["calibration_slope"] is None and systems["flat"]["concordance"] is None
    for name in ("player_mean", "ppi", "elo", "glicko2", "gaussian"):
        for key in ("calibration_slope", "concordance", "explained_share"):
            lo, hi = systems[name][f"{key}_ci"]
            assert lo <= systems[name][key] <= hi, (name, key)
        assert 0.5 < systems[name]["concordance"] < 0.7, name  # 62 % on the full log
    # the player-mean baseline's shrinkage, fitted before 2006
    assert 0 < summary["player_mean_boards"] < 1e5


def test_claims(summary):
    lo, hi = summary["pickup_bonus_pct_ci"]
    assert lo <= summary["pickup_bonus_pct"] <= hi
    assert 0 <= summary["lpr_test1_rate"] < 0.05 and 0 <= summary["lpr_test2_rate"] < 0.05
    # the tests' rates for several Elo K: the report's K among them, rising with K
    by_k = {row["k_factor"]: row for row in summary["lpr_rates_by_k"]}
    assert sorted(by_k) == [1.0, 2.0, 4.0, 8.0]
    assert by_k[2.0]["test1_rate"] == summary["lpr_test1_rate"]
    assert by_k[2.0]["test2_rate"] == summary["lpr_test2_rate"]
    rates = [by_k[k]["test1_rate"] + by_k[k]["test2_rate"] for k in sorted(by_k)]
    assert rates == sorted(rates) and rates[-1] > rates[0]
    # PPIs of real players over 150 boards after their first 150: a band of a few %
    assert summary["n_band_players"] > 50
    assert 0.5 < summary["ppi_band_median"] < 6.0
    assert 0 <= summary["ppi_band_share_3_5"] <= 1
    settling = summary["settling"]
    assert set(settling) == {"ppi", "elo", "gaussian"}
    for result in settling.values():
        assert 0 < result["median_boards"] <= result["median_total"]


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("ratings_real")


def test_findings_in_words(summary):
    # the headline sentences carry the numbers of the summary they come from
    findings = summary["_findings"]
    assert sum(f["headline"] for f in findings) == 3
    best = summary["best_system"]
    assert findings[0]["text"].startswith(f"Lowest out-of-sample RMSE per session: {best} (")
    assert f"{summary['systems'][best]['rmse']:.3f} %" in findings[0]["text"]
    assert any(f"{100 * summary['lpr_test1_rate']:.2f} %" in f["text"] for f in findings)
    assert any(f["text"] == summary["ppi_verdict"] for f in findings)
    ppi = summary["systems"]["ppi"]
    assert f"{ppi['rmse_vs_elo']:+.3f} % RMSE per session" in summary["ppi_verdict"]
    assert "intervals resample events" in summary["ppi_verdict"]
