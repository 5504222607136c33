"""The PPI population simulator: compiled kernel against the plain-Python oracle, the board
model, and the page's claims by simulation (seed 000_6f3cc6fccc91b47e.txt)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import integrate, special, stats

from bridgestats import ppi
from bridgestats.errors import BridgestatsError


def _run(kernel, **kw):
    return ppi._simulate(
        kw.pop("strength"), kw.pop("activity"), rng=kw.pop("rng"), kernel=kernel, **kw
    )


def _options(partnership, **over):
    rng = np.random.default_rng(11)
    n = 24
    opts = dict(
        strength=50 + 6 * rng.standard_normal(n),
        activity=rng.choice([60.0, 150.0, 300.0], size=n),
        n_months=5,
        sessions_per_month=10,
        n_boards=12,
        boards_per_round=2,
        partnership=partnership,
        board_sd=ppi.EVEN_TABLE_SD,
        # a mix of newcomers (k < 30 then m = k) and regulars; PPIs on both sides of 46
        initial_ppi=np.where(np.arange(n) % 3 == 0, 50.0, 40 + 20 * rng.random(n)),
        initial_k=np.where(np.arange(n) % 3 == 0, 0.0, 5000.0),
        history=np.where(np.arange(n) % 3 == 0, 0.0, rng.choice([100.0, 200.0, 400.0], size=n)),
        shocked=[1, 4],
        shock_month=2,
        shock_pct=20.0,
        track=[0, 1, 4, 7],
        record=True,
        rng=5,
    )
    opts.update(over)
    return opts


@pytest.mark.parametrize("partnership", ["pickup", "fixed"])
def test_kernel_matches_plain_python_reference(partnership):
    fast = _run(ppi._simulate_month, **_options(partnership))
    slow = _run(ppi._reference_month, **_options(partnership))
    assert fast.n_updates == slow.n_updates > 0
    # Tolerance 1e-7 %: the kernel's Φ⁻¹ (Acklam, relative error < 1.15e-9) and fastmath
    # reordering against the standard library's NormalDist in the reference move a board %
    # by < 1e-8 and a PPI by far less; a schedule or formula error moves it by > 1e-3.
    np.testing.assert_allclose(fast.ppi, slow.ppi, rtol=0, atol=1e-7)
    np.testing.assert_allclose(fast.monthly, slow.monthly, rtol=0, atol=1e-7)
    np.testing.assert_array_equal(fast.k, slow.k)
    np.testing.assert_array_equal(fast.monthly_boards, slow.monthly_boards)
    assert fast.trace[["player", "month", "session", "k"]].equals(
        slow.trace[["player", "month", "session", "k"]]
    )
    np.testing.assert_allclose(fast.trace["ppi"], slow.trace["ppi"], rtol=0, atol=1e-7)
    cols = ["month", "session", "round", "north", "south", "east", "west"]
    assert fast.log[cols].equals(slow.log[cols]) and len(fast.log) == fast.n_updates // 4
    np.testing.assert_allclose(fast.log["pct_ns"], slow.log["pct_ns"], rtol=0, atol=1e-6)
    np.testing.assert_allclose(fast.log["expected_ns"], slow.log["expected_ns"], atol=1e-9)
    # the shock was applied: shocked players' sessions at 20 % / 80 % appear in the log
    assert (fast.log["pct_ns"].isin([20.0, 80.0])).any()


def test_reproducible_from_seed():
    a = ppi.simulate(np.full(30, 50.0), 300, n_months=2, rng=3)
    b = ppi.simulate(np.full(30, 50.0), 300, n_months=2, rng=3)
    c = ppi.simulate(np.full(30, 50.0), 300, n_months=2, rng=4)
    np.testing.assert_array_equal(a.ppi, b.ppi)
    assert not np.array_equal(a.ppi, c.ppi)


def test_k_and_w_bookkeeping():
    sim = ppi.simulate(
        np.full(40, 50.0), 300, n_months=4, initial_k=7, history=90, track=[0], rng=2
    )
    np.testing.assert_array_equal(sim.k, 7 + sim.monthly_boards.sum(axis=0))
    tr = sim.trace
    assert tr["k"].is_monotonic_increasing and tr["k"].iloc[-1] == sim.k[0]


def test_activity_gives_boards_per_quarter():
    # expected boards per three months are `activity` less the sit-outs (odd player or
    # odd pair out); with ~150 present a session that is < 2 %, so 4 % is the tolerance
    sim = ppi.simulate(np.full(400, 50.0), 416, n_months=6, rng=8)
    per_quarter = sim.monthly_boards.sum(axis=0).mean() / 2
    assert per_quarter == pytest.approx(416, rel=0.04)
    assert per_quarter < 416


def test_ndtri_against_scipy():
    p = np.linspace(0.01, 0.99, 981)
    ours = np.array([ppi._ndtri(x) for x in p])
    # Acklam's approximation: relative error below 1.15e-9
    np.testing.assert_allclose(ours, special.ndtri(p), rtol=2e-9, atol=1e-12)


def test_board_sd_formula_against_quadrature():
    for tau in (0.5, 1.0, 1.0409, 2.0):
        var = integrate.quad(
            lambda z, t=tau: (stats.norm.cdf(t * z) - 0.5) ** 2 * stats.norm.pdf(z), -12, 12
        )[0]
        assert float(ppi.board_sd_of(tau)) == pytest.approx(100 * math.sqrt(var), rel=1e-8)
    assert float(ppi.board_sd_of(ppi._tau_of(29.5))) == pytest.approx(29.5, rel=1e-12)


def test_board_model_mean_and_spread():
    rng = np.random.default_rng(0)
    z = rng.standard_normal(400_000)
    tau = ppi._tau_of(ppi.EVEN_TABLE_SD)
    root = math.sqrt(1 + tau**2)
    for mu in (50.0, 60.0, 35.0):
        p = np.array([ppi._board_pct(ppi._board_eta(mu, root), tau, x) for x in z[:100_000]])
        # E[p] = mu exactly; Monte Carlo standard error 0.3/√1e5·100 ≈ 0.09: tolerance 0.4
        assert p.mean() == pytest.approx(mu, abs=0.4)
        assert p.min() >= 0 and p.max() <= 100
        if mu == 50.0:
            assert p.std() == pytest.approx(ppi.EVEN_TABLE_SD, abs=0.3)


def test_pooled_spread_matches_real_data_figure():
    # a population with strength sd STRENGTH_SD at random tables: pooled sd of the board %
    # should be the measured BOARD_SD (30.15 %); Monte Carlo se ≈ 0.07 with 1e5 draws, and the
    # calibration sqrt(30.15² − 6²) ignores the model's curvature: tolerance 0.4
    rng = np.random.default_rng(1)
    n = 100_000
    s = 50 + ppi.STRENGTH_SD * rng.standard_normal((n, 4))
    mu = 50 + (s[:, 0] + s[:, 1] - s[:, 2] - s[:, 3]) / 2
    tau = ppi._tau_of(ppi.EVEN_TABLE_SD)
    root = math.sqrt(1 + tau**2)
    z = rng.standard_normal(n)
    pairs = zip(mu, z, strict=True)
    p = np.array([ppi._board_pct(ppi._board_eta(m, root), tau, x) for m, x in pairs])
    assert p.std() == pytest.approx(ppi.BOARD_SD, abs=0.4)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"partnership": "mixed"}, "partnership: must be one of"),
        ({"n_boards": 7}, "n_boards: must be a multiple of boards_per_round"),
        ({"board_sd": 55}, "board_sd: must be below 50"),
        ({"track": [99]}, "track: must be player indices"),
        ({"n_months": 0}, "n_months: must be an integer >= 1"),
    ],
)
def test_simulate_rejects_bad_input(kwargs, match):
    with pytest.raises(BridgestatsError, match=match):
        ppi.simulate(np.full(10, 50.0), 100, **kwargs)


def test_activity_above_what_is_offered():
    with pytest.raises(BridgestatsError, match="activity: boards per three months"):
        ppi.simulate(np.full(10, 50.0), 5000, sessions_per_month=10, n_boards=12)


def test_fixed_needs_even_players():
    with pytest.raises(BridgestatsError, match="even number of players"):
        ppi.simulate(np.full(9, 50.0), 100, partnership="fixed")


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
