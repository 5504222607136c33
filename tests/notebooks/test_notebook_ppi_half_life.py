"""Run notebooks/ppi_half_life.ipynb with small parameters and check its summary's values."""

from __future__ import annotations

import math

import pytest


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("ppi_half_life")
    summary = run_notebook(
        "ppi_half_life",
        tmp_path,
        seed=7,
        activities=[416.0],
        n_players=60,
        n_shocked=4,
        wander_players=40,
        wander_months=48,
        newcomer_strengths=[45.0, 55.0],
        newcomer_per_strength=4,
        newcomer_months=3,
        compare_players=60,
        compare_months=3,
        compare_activity=300.0,
    )
    assert (tmp_path / "figures" / "half_life.png").is_file()
    assert (tmp_path / "figures" / "newcomers.png").is_file()
    return summary


def test_half_lives(summary):
    # theory 415.5 (fixed) and 831.4 (pick-up) boards at m = 600; with only 4 shocked players
    # the median may sit 10 % off
    assert summary["half_life_boards_fixed"] == pytest.approx(415.5, rel=0.10)
    assert summary["half_life_boards_pickup"] == pytest.approx(831.4, rel=0.10)
    assert summary["half_life_months_fixed"] == pytest.approx(3.0, abs=0.6)
    assert summary["page_activity"] == 416.0
    for key in ("boards_fixed", "boards_pickup", "months_fixed", "months_pickup"):
        assert summary[f"half_life_{key}_se"] > 0
    (row,) = [r for r in summary["half_life_table"] if r["partnership"] == "fixed"]
    assert row["m"] == 600 and row["activity"] == 416


def test_newcomer_and_wander(summary):
    # rate_log of the page's example: 46.39587 (five decimals)
    assert summary["newcomer_after_12_boards"] == pytest.approx(46.39587, abs=1e-5)
    # the table held at 50 %: 30 + 20·(59/60)^12
    assert summary["newcomer_after_12_boards_held"] == pytest.approx(46.34704, abs=1e-5)
    # 48 months observed is about 5 time constants (1200 boards): the band comes out
    # narrower than the stationary 4.7 %, still several %
    assert 2.0 < summary["wander_band"] < 6.0
    assert summary["wander_band_fixed"] < summary["wander_band"]


def test_claims(summary):
    # the claims are saved as the records of page_claims' tidy frame, one per claim
    claims = {c["claim"]: c for c in summary["claims"]}
    assert len(claims) == len(summary["claims"]) == 8
    top = claims["top_or_bottom_0_08"]
    assert top["measured"] == pytest.approx(50 / 600, abs=1e-12)
    assert top["measured_se"] == 0.0 and top["verdict"] == "confirmed"
    assert "approximately 0.08%" in top["statement"]
    assert claims["board_share_0_0167"]["verdict"] == "page's slip"
    assert claims["newcomer_46"]["measured"] == summary["newcomer_after_12_boards_held"]
    fixed, pickup = claims["half_life_fixed"], claims["half_life_pickup"]
    # 4 shocked players: the fixed half-life's interval may straddle 3.5 months (undecided);
    # the pick-up one (about 6 months) lies clear of it
    assert fixed["verdict"] in {"confirmed", "undecided"} and pickup["verdict"] == "refuted"
    assert pickup["measured"] > 1.5 * fixed["measured"]
    assert fixed["measured"] == summary["half_life_months_fixed"]
    assert claims["wander_band"]["measured"] == summary["wander_band"]
    # simulated figures carry a Monte Carlo standard error (4 shocked players: Maritz-Jarrett)
    assert all(claims[c]["measured_se"] > 0 for c in ("half_life_fixed", "wander_band"))
    assert all(math.isfinite(c["measured"]) for c in claims.values())


def test_forecast(summary):
    forecast = summary["forecast"]
    assert set(forecast) == {"ppi", "elo", "glicko2", "truth"}
    assert forecast["truth"]["spearman"] == 1.0
    # 60 players over 3 months: about 2,000 boards in the second half, so skills are
    # noisy (±0.01); the true expectation still beats always-50 %, and the PPI ranks players
    assert forecast["truth"]["skill"] > 0.0
    assert forecast["ppi"]["spearman"] > 0.6
    for result in forecast.values():
        assert -0.05 < result["skill"] < 0.10
        assert result["brier"] == pytest.approx(result["mse"] / 1e4)
        # about 2,000 boards: the skill's standard error is sd(influence)/√2000, of the
        # order of 0.01 for the ratings and smaller for the truth (its errors are the board
        # noise alone): positive, and below 0.05
        assert 0 < result["skill_se"] < 0.05


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("ppi_half_life")


def test_findings_in_words(summary):
    # four headline sentences for the index, one per claim for findings.html, each with its
    # number (the section links are checked by the run_notebook fixture)
    findings = summary["_findings"]
    assert sum(f["headline"] for f in findings) == 4
    assert sum(f["section"] == "The page's claims" for f in findings) == len(summary["claims"])
    first = findings[0]["text"]
    assert f"{summary['half_life_months_fixed']:.2f} ±" in first and "fixed partnership" in first
    assert any("page's slip" in f["text"] and "1/600 = 0.167 %" in f["text"] for f in findings)


def test_findings_are_sentences_without_ids(summary):
    """One sentence each (bridgestats.notebook.findings_problems), ending as one; the
    claims by what the page says, not by their ids; the systems by name."""
    assert "_findings_problems" not in summary
    texts = [f["text"] for f in summary["_findings"]]
    assert all(t.endswith(".") for t in texts)
    assert not any(c["claim"] in t for c in summary["claims"] for t in texts)
    forecast = next(t for t in texts if t.startswith("Forecasting"))
    assert "ppi (" not in forecast and "elo (" not in forecast
