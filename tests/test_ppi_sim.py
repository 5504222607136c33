"""The PPI page's claims by simulation (bridgestats.ppi's studies, moving to studies/)."""

from __future__ import annotations

import math

import pytest

from bridgestats import ppi

# --- the page's claims by simulation ------------------------------------------------------


@pytest.fixture(scope="module")
def half_lives():
    return {
        part: ppi.shock_response(
            activity=416, partnership=part, n_players=120, n_shocked=10, rng=21
        )
        for part in ("fixed", "pickup")
    }


def test_half_life_theory():
    # ln 2 / -ln(1 - c/600): 415.5 boards (c = 1) and 831.4 boards (c = 1/2); at 416/3 a month
    assert 600 * math.log(2) == pytest.approx(415.9, abs=0.05)  # why the page says 416
    hl = ppi.shock_response(activity=416, partnership="fixed", n_players=40, n_shocked=2, rng=1)
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
        wd = ppi.stationary_wander(activity=416, partnership=part, n_players=60, n_months=96, rng=4)
        # the player's sd agrees with the AR(1) approximation to 15 % (finite window, the
        # partner's and opponents' own errors)
        assert wd.sd == pytest.approx(wd.theory_sd, rel=0.15)
        assert lo <= wd.band <= hi


def test_newcomer_claim_and_trajectory():
    assert ppi.newcomer_claim() == pytest.approx(46.40, abs=0.01)
    tr = ppi.newcomer_trajectory(
        strengths=(40.0, 60.0), n_per_strength=10, n_regulars=100, n_months=8, rng=2
    )
    weak = tr[tr["strength"] == 40.0].set_index("boards")["mean"]
    strong = tr[tr["strength"] == 60.0].set_index("boards")["mean"]
    assert weak.loc[0] == strong.loc[0] == 50.0
    # after 400 boards both have gone most of the way to their strength
    assert weak.loc[400] < 44 and strong.loc[400] > 56


def test_page_claims_verdicts():
    claims = ppi.page_claims(
        newcomer=46.4, half_life_fixed_months=2.9, half_life_pickup_months=6.1, wander_band=4.6
    )
    verdicts = {k: v["verdict"] for k, v in claims.items()}
    assert verdicts == {
        "newcomer at 40 % over 12 boards drops to about 46 %": "confirmed",
        "top or bottom moves a regular by about 0.08 %": "confirmed",
        "one board is a sixth of one percent of the PPI": "confirmed",
        "one board is 0.0167 % of the PPI": "refuted",
        "416 boards a quarter halves every 3 months (fixed partnership)": "confirmed",
        "416 boards a quarter halves every 3 months (pick-up partners)": "refuted",
        "PPIs wander in a band of about 3-5 %": "confirmed",
    }
