"""The population simulator of club play (bridgestats.sim.club): the compiled kernel against
the plain-Python oracle (tests/_oracles.py), the board model, and the argument checks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _oracles import reference_month
from scipy import integrate, special, stats

from bridgestats.errors import BridgestatsError
from bridgestats.sim import club


def _run(kernel, **kw):
    return club._simulate(
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
        board_sd=club.EVEN_TABLE_SD,
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
    fast = _run(club._simulate_month, **_options(partnership))
    slow = _run(reference_month, **_options(partnership))
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


@pytest.mark.parametrize("partnership", ["pickup", "fixed"])
def test_kernel_matches_reference_with_drifting_strengths(partnership):
    # the drift is the driver's (between months): both kernels play the same strengths
    fast = _run(club._simulate_month, **_options(partnership, drift_sd=6.0))
    slow = _run(reference_month, **_options(partnership, drift_sd=6.0))
    np.testing.assert_array_equal(fast.monthly_strength, slow.monthly_strength)
    np.testing.assert_allclose(fast.ppi, slow.ppi, rtol=0, atol=1e-7)  # as above
    np.testing.assert_allclose(fast.log["expected_ns"], slow.log["expected_ns"], atol=1e-9)


def test_drift_steps_have_the_sd_asked_for():
    # 2,000 players x 23 monthly steps: the steps' sd is drift_sd/sqrt(12); its relative
    # standard error is 1/sqrt(2 x 46,000) = 0.33 %, so 1.5 % is over 4 standard errors
    sim = club.simulate(np.full(2000, 50.0), 0.0, n_months=24, drift_sd=3.0, rng=6)
    steps = np.diff(sim.monthly_strength, axis=0)
    assert steps.std() == pytest.approx(3.0 / math.sqrt(12), rel=0.015)
    assert abs(steps.mean()) < 4 * 3.0 / math.sqrt(12) / math.sqrt(steps.size)
    # month 0 is played at the strengths given, and the strengths returned are those
    np.testing.assert_array_equal(sim.monthly_strength[0], 50.0)
    np.testing.assert_array_equal(sim.strength, 50.0)
    # each month's expectation in the log is the strengths of that month
    rec = club.simulate(
        50 + 6 * np.random.default_rng(1).standard_normal(40),
        300,
        n_months=3,
        drift_sd=20.0,
        record=True,
        rng=2,
    )
    log = rec.log
    s = rec.monthly_strength[log["month"].to_numpy()]
    rows = np.arange(len(log))
    mu = (
        50
        + (
            s[rows, log["north"]]
            + s[rows, log["south"]]
            - s[rows, log["east"]]
            - s[rows, log["west"]]
        )
        / 2
    )
    np.testing.assert_allclose(log["expected_ns"], np.clip(mu, 1, 99), atol=1e-9)


def test_no_drift_draws_nothing():
    # drift_sd = 0 (the default) leaves a seed's run as it was, strengths fixed
    a = club.simulate(np.full(30, 50.0), 300, n_months=3, rng=3)
    b = club.simulate(np.full(30, 50.0), 300, n_months=3, drift_sd=0.0, rng=3)
    np.testing.assert_array_equal(a.ppi, b.ppi)
    np.testing.assert_array_equal(a.monthly_strength, np.full((3, 30), 50.0))
    c = club.simulate(np.full(30, 50.0), 300, n_months=3, drift_sd=1.0, rng=3)
    np.testing.assert_array_equal(a.monthly[0], c.monthly[0])  # the first month is the same
    assert not np.array_equal(a.ppi, c.ppi)


def test_reproducible_from_seed():
    a = club.simulate(np.full(30, 50.0), 300, n_months=2, rng=3)
    b = club.simulate(np.full(30, 50.0), 300, n_months=2, rng=3)
    c = club.simulate(np.full(30, 50.0), 300, n_months=2, rng=4)
    np.testing.assert_array_equal(a.ppi, b.ppi)
    assert not np.array_equal(a.ppi, c.ppi)


@pytest.mark.parametrize("partnership", ["pickup", "fixed"])
def test_shared_draws_give_the_runs_drawn_afresh(partnership):
    """Runs from one seed sharing their months' draws (issue 33: the half-life study's 81
    runs per activity drew the same numbers 81 times, and made the same board percentages
    from them) are the runs that draw them, bit for bit: the baseline that fills the list,
    a shocked run and a shorter run that read its draws and board percentages, and a run
    of other strengths that reads the draws only."""
    opts = {**_options(partnership, shocked=None), "rng": 7}
    other = opts["strength"][::-1].copy()
    draws = []
    for over in (
        {},
        {"shocked": [4], "shock_month": 1},
        {"n_months": 3, "track": [4]},
        {"strength": other, "shocked": [1]},
    ):
        fresh = club.simulate(**{**opts, **over})
        shared = club.simulate(**{**opts, **over}, draws=draws)
        assert len(draws) == opts["n_months"]
        np.testing.assert_array_equal(shared.ppi, fresh.ppi)
        np.testing.assert_array_equal(shared.monthly, fresh.monthly)
        assert shared.trace.equals(fresh.trace) and shared.log.equals(fresh.log)
    with pytest.raises(BridgestatsError, match="draws"):  # another seed
        club.simulate(**{**opts, "rng": 8}, draws=draws)
    with pytest.raises(BridgestatsError, match="draws"):  # another schedule
        club.simulate(**{**opts, "activity": 100.0}, draws=draws)
    with pytest.raises(BridgestatsError, match="draws"):  # months beyond those drawn
        club.simulate(**{**opts, "n_months": 6}, draws=draws)
    for over in ({"drift_sd": 1.0}, {"rng": np.random.default_rng(7)}, {"rng": None}):
        with pytest.raises(BridgestatsError, match="draws"):
            club.simulate(**{**opts, **over}, draws=[])


def test_k_and_w_bookkeeping():
    sim = club.simulate(
        np.full(40, 50.0), 300, n_months=4, initial_k=97, history=90, track=[0], rng=2
    )  # history <= initial_k: the boards of the three months before are among them
    np.testing.assert_array_equal(sim.k, 97 + sim.monthly_boards.sum(axis=0))
    tr = sim.trace
    assert tr["k"].is_monotonic_increasing and tr["k"].iloc[-1] == sim.k[0]


def test_activity_gives_boards_per_quarter():
    # expected boards per three months are `activity` less the sit-outs (odd player or
    # odd pair out); with ~150 present a session that is < 2 %, so 4 % is the tolerance
    sim = club.simulate(np.full(400, 50.0), 416, n_months=6, rng=8)
    per_quarter = sim.monthly_boards.sum(axis=0).mean() / 2
    assert per_quarter == pytest.approx(416, rel=0.04)
    assert per_quarter < 416


def test_ndtri_against_scipy():
    p = np.linspace(0.01, 0.99, 981)
    ours = np.array([club._ndtri(x) for x in p])
    # Acklam's approximation: relative error below 1.15e-9
    np.testing.assert_allclose(ours, special.ndtri(p), rtol=2e-9, atol=1e-12)


def test_board_sd_formula_against_quadrature():
    for tau in (0.5, 1.0, 1.0409, 2.0):
        var = integrate.quad(
            lambda z, t=tau: (stats.norm.cdf(t * z) - 0.5) ** 2 * stats.norm.pdf(z), -12, 12
        )[0]
        assert float(club.board_sd_of(tau)) == pytest.approx(100 * math.sqrt(var), rel=1e-8)
    assert float(club.board_sd_of(club._tau_of(29.5))) == pytest.approx(29.5, rel=1e-12)


def test_board_model_mean_and_spread():
    rng = np.random.default_rng(0)
    z = rng.standard_normal(400_000)
    tau = club._tau_of(club.EVEN_TABLE_SD)
    root = math.sqrt(1 + tau**2)
    for mu in (50.0, 60.0, 35.0):
        p = np.array([club._board_pct(club._board_eta(mu, root), tau, x) for x in z[:100_000]])
        # E[p] = mu exactly; Monte Carlo standard error 0.3/√1e5·100 ≈ 0.09: tolerance 0.4
        assert p.mean() == pytest.approx(mu, abs=0.4)
        assert p.min() >= 0 and p.max() <= 100
        if mu == 50.0:
            assert p.std() == pytest.approx(club.EVEN_TABLE_SD, abs=0.3)


def test_pooled_spread_matches_real_data_figure():
    # a population with strength sd STRENGTH_SD at random tables: pooled sd of the board %
    # should be the measured BOARD_SD (30.15 %); Monte Carlo se ≈ 0.07 with 1e5 draws, and the
    # calibration sqrt(30.15² − 6²) ignores the model's curvature: tolerance 0.4
    rng = np.random.default_rng(1)
    n = 100_000
    s = 50 + club.STRENGTH_SD * rng.standard_normal((n, 4))
    mu = 50 + (s[:, 0] + s[:, 1] - s[:, 2] - s[:, 3]) / 2
    tau = club._tau_of(club.EVEN_TABLE_SD)
    root = math.sqrt(1 + tau**2)
    z = rng.standard_normal(n)
    pairs = zip(mu, z, strict=True)
    p = np.array([club._board_pct(club._board_eta(m, root), tau, x) for m, x in pairs])
    assert p.std() == pytest.approx(club.BOARD_SD, abs=0.4)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"partnership": "mixed"}, "partnership: must be one of"),
        ({"n_boards": 7}, "n_boards: must be a multiple of boards_per_round"),
        ({"board_sd": 55}, r"board_sd: must be a number in \(0, 50\); got 55"),
        ({"record": "yes"}, "record: must be True or False"),
        ({"track": [99]}, "track: must be player indices 0-9"),
        ({"n_months": 0}, "n_months: must be an integer in 1-1200"),
        ({"drift_sd": -1.0}, r"drift_sd: must be a number >= 0; got -1\.0"),
    ],
)
def test_simulate_rejects_bad_input(kwargs, match):
    with pytest.raises(BridgestatsError, match=match):
        club.simulate(np.full(10, 50.0), 100, **kwargs)


def test_activity_above_what_is_offered():
    allowed = r"activity: must be boards per three months in 0-360 .*; got 5000\.0"
    with pytest.raises(BridgestatsError, match=allowed):
        club.simulate(np.full(10, 50.0), 5000, sessions_per_month=10, n_boards=12)


def test_fixed_needs_even_players():
    with pytest.raises(BridgestatsError, match="even number of players"):
        club.simulate(np.full(9, 50.0), 100, partnership="fixed")


def test_kernel_state_is_one_named_structure():
    # the compiled kernel takes one ClubState; its fields are the simulator's whole state
    assert club._simulate_month.py_func.__code__.co_argcount == 1
    assert len(club.ClubState._fields) == 27


def test_board_log_needs_a_recorded_run():
    sim = club.simulate(np.full(8, 50.0), 100, n_months=1, rng=1)
    with pytest.raises(BridgestatsError, match="sim: must be a Simulation made with record=True"):
        club.board_log(sim)
    with pytest.raises(BridgestatsError, match="got 'dict'"):
        club.board_log({})
