"""The PPI page's claims by simulation (bridgestats.studies.ppi): half-lives, the band a PPI
wanders in, newcomers; the claims table (studies.ppi_claims) and the forecast comparison
(studies.ppi_forecast)."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from bridgestats import studies
from bridgestats.errors import BridgestatsError

# --- the page's claims by simulation ------------------------------------------------------


@pytest.fixture(scope="module")
def half_lives():
    return {
        part: studies.shock_response(
            activity=416, partnership=part, n_players=120, n_shocked=10, rng=21
        )
        for part in ("fixed", "pickup")
    }


def test_half_life_theory():
    # ln 2 / -ln(1 - c/600): 415.5 boards (c = 1) and 831.4 boards (c = 1/2); at 416/3 a month
    assert 600 * math.log(2) == pytest.approx(415.9, abs=0.05)  # why the page says 416
    hl = studies.shock_response(activity=416, partnership="fixed", n_players=40, n_shocked=2, rng=1)
    assert hl.theory_boards == pytest.approx(415.54, abs=0.01)
    assert hl.theory_months == pytest.approx(3.0, abs=0.01)


def test_half_life_fixed_partnership_is_three_months(half_lives):
    hl = half_lives["fixed"]
    # the population absorbs a little of the shock through opponents; 5 % on boards and
    # 0.4 month (the session granularity and the spread of w) are the tolerances
    assert hl.boards == pytest.approx(hl.theory_boards, rel=0.05)
    assert hl.months == pytest.approx(3.0, abs=0.4)
    assert hl.n_unreached == 0
    # ten players' boards over 13+ months: sampling spread about 3 %; sit-outs make it lower
    assert hl.boards_per_quarter == pytest.approx(416, rel=0.06)


def test_half_life_pickup_is_six_months_not_three(half_lives):
    hl = half_lives["pickup"]
    assert hl.boards == pytest.approx(hl.theory_boards, rel=0.07)
    assert hl.months == pytest.approx(6.0, abs=0.6)
    assert hl.months_interval[0] > 3.5  # the page's three months is refuted for pick-up
    response = hl.response.set_index("month")["effect"]
    assert response.loc[0] > response.loc[6]  # the effect fades


def test_wander_band():
    for part, lo, hi in (("pickup", 3.0, 5.5), ("fixed", 2.5, 4.0)):
        wd = studies.stationary_wander(
            activity=416, partnership=part, n_players=60, n_months=96, rng=4
        )
        # the player's sd agrees with the AR(1) approximation to 15 % (finite window, the
        # partner's and opponents' own errors)
        assert wd.sd == pytest.approx(wd.theory_sd, rel=0.15)
        assert lo <= wd.band <= hi


def test_newcomer_claim_and_trajectory():
    assert studies.newcomer_claim() == pytest.approx(46.40, abs=0.01)
    # others held at 50: the closed form 30 + 20·(59/60)^12 of the fixed point 30 % (m = 30
    # for a newcomer, the expectation carrying half the deviation)
    assert studies.newcomer_claim(others="held") == pytest.approx(
        30 + 20 * (59 / 60) ** 12, abs=1e-5
    )
    with pytest.raises(BridgestatsError, match="others: must be one of 'moving', 'held'"):
        studies.newcomer_claim(others="fixed")
    tr = studies.newcomer_trajectory(
        strengths=(40.0, 60.0), n_per_strength=10, n_regulars=100, n_months=8, rng=2
    )
    weak = tr[tr["strength"] == 40.0].set_index("boards")["mean"]
    strong = tr[tr["strength"] == 60.0].set_index("boards")["mean"]
    assert weak.loc[0] == strong.loc[0] == 50.0
    # after 400 boards both have gone most of the way to their strength
    assert weak.loc[400] < 44 and strong.loc[400] > 56


@pytest.fixture(scope="module")
def wander():
    return studies.stationary_wander(
        activity=416, partnership="pickup", n_players=60, n_months=96, rng=4
    )


def test_monte_carlo_figures_carry_standard_errors(half_lives, wander):
    hl = half_lives["fixed"]
    # Maritz-Jarrett se of a median of 10 half-lives spread over about ±10 %: a few % of it,
    # and never larger than the 5-95 % range the sample spans
    assert 0 < hl.months_se < hl.months_interval[1] - hl.months_interval[0]
    assert 0 < hl.boards_se < 0.2 * hl.boards
    assert 0 < hl.boards_per_quarter_se < 0.05 * hl.boards_per_quarter
    assert (hl.response["se"].iloc[1:] > 0).all()
    assert 0 < wander.band_se < 0.2 * wander.band and 0 < wander.sd_se < 0.2 * wander.sd
    # the se of a median shrinks like 1/√n: a tenfold sample gives about a third
    rng = np.random.default_rng(0)
    small = studies.ppi._median_se(rng.normal(size=100))
    large = studies.ppi._median_se(rng.normal(size=1000))
    # normal median se = 1.2533/√n: 0.125 and 0.040; Maritz-Jarrett within 25 %
    assert small == pytest.approx(1.2533 / 10, rel=0.25)
    assert large == pytest.approx(1.2533 / math.sqrt(1000), rel=0.25)


def _claims(half_lives, wander, /, **over):
    options = dict(
        newcomer=studies.newcomer_claim(),
        half_life_fixed=half_lives["fixed"],
        half_life_pickup=half_lives["pickup"],
        wander=wander,
    )
    options.update(over)
    return studies.page_claims(**options)


def test_page_claims_is_a_tidy_frame(half_lives, wander):
    claims = _claims(half_lives, wander)
    assert claims.columns.tolist() == [
        "claim",
        "statement",
        "condition",
        "page_figure",
        "low",
        "high",
        "measured",
        "measured_se",
        "measured_lo",
        "measured_hi",
        "verdict",
        "note",
    ]
    assert claims["claim"].is_unique and len(claims) == 8
    by_id = claims.set_index("claim")
    # the page's sentences, as printed
    assert "approximately 0.08%" in by_id.loc["top_or_bottom_0_08", "statement"]
    assert "(or 0.0167%)" in by_id.loc["board_share_0_0167", "statement"]
    # figures computed exactly from the formula have no Monte Carlo error; simulated ones do
    exact = [
        "newcomer_46",
        "newcomer_46_moving",
        "top_or_bottom_0_08",
        "board_share_sixth",
        "board_share_0_0167",
    ]
    assert (by_id.loc[exact, "measured_se"] == 0).all()
    simulated = ["half_life_fixed", "half_life_pickup", "wander_band"]
    assert (by_id.loc[simulated, "measured_se"] > 0).all()
    assert by_id.loc["half_life_fixed", "measured"] == half_lives["fixed"].months
    assert by_id.loc["half_life_fixed", "measured_se"] == half_lives["fixed"].months_se
    assert by_id.loc["wander_band", "measured_se"] == wander.band_se
    assert by_id.loc["top_or_bottom_0_08", "measured"] == pytest.approx(50 / 600, abs=1e-12)
    assert by_id.loc["newcomer_46", "measured"] == pytest.approx(46.35, abs=0.005)
    assert by_id.loc["newcomer_46_moving", "measured"] == pytest.approx(46.40, abs=0.005)
    # the interval is measured ± 1.96 se; a verdict is drawn from it, not from the point
    z = 1.959964
    half = z * claims["measured_se"]
    np.testing.assert_allclose(claims["measured_lo"], claims["measured"] - half)
    np.testing.assert_allclose(claims["measured_hi"], claims["measured"] + half)
    inside = (claims["low"] <= claims["measured_lo"]) & (claims["measured_hi"] <= claims["high"])
    slip = claims["verdict"] == "page's slip"
    assert inside[~slip].eq(claims.loc[~slip, "verdict"] == "confirmed").all()
    assert set(claims["verdict"]) <= set(studies.VERDICTS)
    # the page's 0.0167 % is its own slip for 1/600 = 0.167 %, said so
    assert slip.sum() == 1 and by_id.loc["board_share_0_0167", "verdict"] == "page's slip"
    assert "1/600 = 0.167 %" in by_id.loc["board_share_0_0167", "note"]


def test_page_claims_verdicts(half_lives, wander):
    claims = _claims(
        half_lives,
        wander,
        newcomer=46.4,
        half_life_fixed=dataclasses.replace(half_lives["fixed"], months=2.9, months_se=0.1),
        half_life_pickup=dataclasses.replace(half_lives["pickup"], months=6.1, months_se=0.1),
        wander=dataclasses.replace(wander, band=4.6, band_se=0.1),
    )
    verdicts = claims.set_index("claim")["verdict"].to_dict()
    assert verdicts == {
        "newcomer_46": "confirmed",
        "newcomer_46_moving": "confirmed",
        "top_or_bottom_0_08": "confirmed",
        "board_share_sixth": "confirmed",
        "board_share_0_0167": "page's slip",
        "half_life_fixed": "confirmed",
        "half_life_pickup": "refuted",
        "wander_band": "confirmed",
    }

    # the interval decides: with se 0.1 (±0.196), 3.30 months confirms, 3.40 straddles the
    # bound 3.5 (undecided), 3.70 refutes; a missing se is undecided
    def verdict(months, se=0.1):
        hl = dataclasses.replace(half_lives["fixed"], months=months, months_se=se)
        return (
            _claims(half_lives, wander, half_life_fixed=hl)
            .set_index("claim")
            .loc["half_life_fixed", "verdict"]
        )

    assert verdict(3.30) == "confirmed"
    assert verdict(3.40) == "undecided"
    assert verdict(3.70) == "refuted"
    assert verdict(3.0, se=math.nan) == "undecided"
    # exact figures (se 0): each end of the tolerance decides
    assert verdict(3.5, se=0.0) == "confirmed" and verdict(3.51, se=0.0) == "refuted"


def test_best_forecast_only_where_the_intervals_part():
    table = pd.DataFrame(
        {
            "system": ["ppi", "elo", "glicko2", "truth"],
            "skill": [0.070, 0.060, 0.020, 0.09],
            "skill_se": [0.002, 0.002, 0.002, 0.002],
        }
    )
    best, sentence = studies.best_forecast(table)
    assert best == "ppi" and "elo" in sentence  # 0.066 > 0.064: apart
    best, sentence = studies.best_forecast(table.assign(skill_se=0.003))
    assert best is None and sentence.startswith("no best skill")  # 0.0641 < 0.0659
    with pytest.raises(BridgestatsError, match="table: must have the columns"):
        studies.best_forecast(table.drop(columns="skill_se"))
    with pytest.raises(BridgestatsError, match="measure: must be one of"):
        studies.best_forecast(table, measure="mse")


def test_half_lives_feed_the_table_and_the_figures():
    hls = studies.half_lives(
        activities=[300.0, 416.0], partnerships=["fixed"], n_players=40, n_shocked=4, rng=1
    )
    table = studies.half_life_frame(hls)
    assert list(hls) == [(300.0, "fixed"), (416.0, "fixed")]
    row = table.set_index("activity").loc[416.0]
    # the table's row and the object quoted in the text are one simulation
    assert row["half_life_months"] == hls[416.0, "fixed"].months
    assert row["half_life_months_se"] == hls[416.0, "fixed"].months_se
    # the same seed through half_life_table gives the same frame
    pd.testing.assert_frame_equal(
        table,
        studies.half_life_table(
            activities=[300.0, 416.0], partnerships=["fixed"], n_players=40, n_shocked=4, rng=1
        ),
    )
    with pytest.raises(BridgestatsError, match="half_lives: must be a dict of HalfLife"):
        studies.half_life_frame([1.0])


def test_page_claims_rejects_bare_numbers(half_lives, wander):
    with pytest.raises(BridgestatsError, match="half_life_fixed: must be a HalfLife; got 'float'"):
        _claims(half_lives, wander, half_life_fixed=3.0)
    with pytest.raises(BridgestatsError, match="newcomer: must be a number"):
        _claims(half_lives, wander, newcomer="46")
    with pytest.raises(BridgestatsError, match="confidence: must be a number in"):
        _claims(half_lives, wander, confidence=1.5)


def test_forecast_comparison_is_tidy_with_standard_errors():
    table = studies.forecast_comparison(n_players=60, n_months=3, activity=300.0, rng=5)
    assert table["system"].tolist() == ["ppi", "elo", "glicko2", "truth"]
    assert table.columns.tolist() == [
        "system",
        "mse",
        "mse_se",
        "brier",
        "skill",
        "skill_se",
        "bias",
        "spearman",
        "spearman_se",
    ]
    row = table.set_index("system")
    assert row.loc["truth", "spearman"] == 1.0 and row.loc["truth", "spearman_se"] == 0.0
    np.testing.assert_allclose(table["brier"], table["mse"] / 1e4)
    # about 2,000 boards scored: mse (about 900 %²) has an se of a few %, the skill one of
    # about 0.01; the PPI ranks 60 players with rho > 0.6, se about 0.1
    assert (table["mse_se"] > 0).all() and (table["mse_se"] < 0.1 * table["mse"]).all()
    assert (table["skill_se"] > 0.002).all() and (table["skill_se"] < 0.03).all()
    assert row.loc["ppi", "spearman"] > 0.6 and 0 < row.loc["ppi", "spearman_se"] < 0.15


def test_forecast_comparison_uses_the_generator_in_place():
    # a Generator is used as given (not copied): the notebook's later draws depend on it
    gen = np.random.default_rng(9)
    a = studies.forecast_comparison(n_players=20, n_months=1, rng=gen)
    after = gen.random()
    gen2 = np.random.default_rng(9)
    b = studies.forecast_comparison(n_players=20, n_months=1, rng=gen2)
    assert after == gen2.random()
    pd.testing.assert_frame_equal(a, b)
