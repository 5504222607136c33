"""The standard-deviation models against Probst's worked numbers ("On VP Scales", §3-5, §10, §11).

Tolerances: Probst prints his figures to 2 decimals (σ 18.38, 23.22, 38.73, 67.68 %, ...),
so a computed value must agree to half a unit of the last printed digit (0.005), unless
stated otherwise at the assertion.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgestats.errors import BridgestatsError
from bridgestats.sigma import (
    FORMS,
    form_sigma,
    k_from_sigma,
    sigma_aggregate,
    sigma_butler_online,
    sigma_cross_imps,
    sigma_swiss_pairs,
    sigma_teams,
    swiss_pairs_top_percent,
)
from bridgestats.vp import gaussian_z, sigma_from_top

PRINTED = 0.005  # half a unit in the article's second decimal


# --- §3 teams and cross-IMPs ---------------------------------------------------------------


def test_teams_8_boards_std_dev_18_38():
    # §3: "K=6.5, C=1, R=2 and n=8 (Std dev=18.38)"
    assert abs(sigma_teams(8) - 18.38) < PRINTED
    assert abs(sigma_cross_imps(8, comparisons=1, n_results=2) - 18.38) < PRINTED


def test_teams_32_boards_20_0_about_61_imps():
    # §3: "for a match of 32 boards ... the 20-0 score will be about 60 imps, the ratio of
    # sqrt(32) to sqrt(8) (actually 61 imps ...)": 1.668 σ rounds to 61, and twice the
    # 8-board White Book 30 is 60.
    assert round(1.668 * sigma_teams(32)) == 61
    assert sigma_teams(32) / sigma_teams(8) == pytest.approx(2.0, rel=1e-12)


def test_white_book_k_6_25_gives_20_0_of_29_5():
    # §3: "K=6.25 which gives a 20-0 of 29.5" (article's 1.668, printed to one decimal)
    assert abs(1.668 * sigma_teams(8, k=6.25) - 29.5) < 0.05


def test_cross_imped_teams_of_eight_85_imps():
    # §3: "multiply the Teams-of-4 imps by 2 x sqrt(2) and you get 85 imps is a 20-0 win"
    # (Probst scales the White Book's 30-IMP 20-0, so 30 × 2√2 = 84.85 → 85).
    ratio = sigma_cross_imps(8, comparisons=4, n_results=4) / sigma_teams(8)
    assert ratio == pytest.approx(2 * math.sqrt(2), rel=1e-12)
    assert round(30 * ratio) == 85
    assert sigma_cross_imps(8, comparisons=4, n_results=4) == pytest.approx(52.0, rel=1e-12)


# --- §5 online Butler ------------------------------------------------------------------------


def test_butler_online_15_boards_15_tables():
    # §5: "1.2 x 7 x sqrt(15 x 14 / 30) + 1 = 23.22 and a 20-0 score of 38.73"
    s = sigma_butler_online(15, n_tables=15)
    assert abs(s - 23.22) < PRINTED
    # Probst multiplies his rounded σ (23.22 × 1.668 = 38.731); the unrounded σ gives 38.738
    assert abs(1.668 * round(float(s), 2) - 38.73) < PRINTED
    # ... with the exact quantile z₉ = 1.66839 and the unrounded σ the 20-0 moves by
    # 0.0004·23.22 + 0.0043·1.668 = 0.017, hence 0.02
    assert abs(gaussian_z(20)[-1] * s - 38.73) < 0.02


def test_teams_15_boards_normal_20_0_42():
    # §5: "6.5 x sqrt(15) = 25.17 and we can multiply by 1.668 to get the 20-0 score = 42.00"
    assert abs(sigma_teams(15) - 25.17) < PRINTED
    # 25.17 × 1.668 = 41.98: the article's "42.00" is 0.02 off its own product, hence 0.025
    assert abs(1.668 * sigma_teams(15) - 42.00) < 0.025


def test_butler_without_shooting_and_with_negative_vps():
    # §5: with negative VPs "we can remove my 1 imp adjustment"
    assert sigma_butler_online(15, n_tables=15, shooting=0) == pytest.approx(
        1.2 * 7 * math.sqrt(15 * 14 / 30), rel=1e-12
    )


# --- §4, §11 Swiss pairs -----------------------------------------------------------------------


def test_swiss_pairs_top_four_boards_75():
    # §4: "a 4-board match would have a 20-0 of 75%"
    assert swiss_pairs_top_percent(4) == pytest.approx(75.0, abs=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "printed", "tol"),
    [
        ({}, 67.68, PRINTED),  # §4 and §11: normal scoring, 21 results
        ({"n_results": 63}, 67.39, PRINTED),  # §11: 63 results, "50+ (61/124)/sqrt(8)"
        # §11 prints 67.27 for 50 + 100·(41/84)/√8 = 67.257: the article's figure is
        # 0.013 high (its own formula), so the tolerance here is 0.015.
        ({"ascherman": True}, 67.27, 0.015),
    ],
)
def test_swiss_pairs_top_8_boards(kwargs, printed, tol):
    assert abs(swiss_pairs_top_percent(8, **kwargs) - printed) < tol


def test_swiss_pairs_top_closed_forms():
    # the article's three formulas, exactly
    n = np.array([4, 7, 8, 9, 12])
    assert np.allclose(swiss_pairs_top_percent(n), 50 + 50 / np.sqrt(n), rtol=0, atol=1e-12)
    assert np.allclose(
        swiss_pairs_top_percent(n, ascherman=True), 50 + 100 * (41 / 84) / np.sqrt(n), atol=1e-12
    )
    assert np.allclose(
        swiss_pairs_top_percent(n, n_results=63), 50 + 100 * (61 / 124) / np.sqrt(n), atol=1e-12
    )


def test_swiss_pairs_ordering_and_limit():
    # §11: 63 results lie between 21 results and Ascherman, "with larger fields we will tend
    # towards the Ascherman figure which is the limit for an infinite sized field"
    a = swiss_pairs_top_percent(8, ascherman=True)
    assert a < swiss_pairs_top_percent(8, n_results=63) < swiss_pairs_top_percent(8)
    assert swiss_pairs_top_percent(8, n_results=1e9) == pytest.approx(a, abs=1e-6)


def test_swiss_pairs_ascherman_42_results_tied_top():
    # §11: with 42 results "a top of 83 against an average of 42 would be 20-0 and a tied
    # top of 82 against an average of 42 would also be 20-0": 2 results share the top
    # outcome; the two tied tops score (2·40 + 1 + 1)/(2·42) = 82/84 in Ascherman terms.
    assert swiss_pairs_top_percent(1, ascherman=True) == pytest.approx(50 + 50 * 82 / 84)


def test_swiss_pairs_sigma_from_top_10_598():
    # §4: "a standard deviation for the 8 board match of 50/(1.668 x sqrt(8)) = 10.598";
    # the exact z₉ = 1.66839 makes it 10.596 (0.0004 relative: tolerance 0.003)
    s = sigma_from_top(swiss_pairs_top_percent(8), centre=50)
    assert abs(s - 10.598) < 0.003


def test_swiss_pairs_ascherman_sigma_10_35():
    # Table 8: "A'man 2006 STD=10.35%" is the σ of the article's 67.27 % 20-0 (17.27/1.668)
    assert abs(sigma_from_top(67.27, centre=50) - 10.35) < PRINTED
    # from the formula's 67.257 it is 10.343: the article's 0.013-high 20-0 moves σ by 0.008
    s = sigma_from_top(swiss_pairs_top_percent(8, ascherman=True), centre=50)
    assert abs(s - 10.35) < 0.01


def test_swiss_pairs_random_draw_32_95():
    # §11: "11.65 x sqrt (8) = 32.95%"
    assert abs(k_from_sigma(11.65, 8, percent=True) - 32.95) < PRINTED
    assert sigma_swiss_pairs(8, k=11.65 * math.sqrt(8)) == pytest.approx(11.65, rel=1e-12)


def test_brighton_sigma_from_63_result_top():
    # §11: the White Book's 65.99 % 20-0 "is 15.99/17.39 x 1.668, or 1.534 STDs" when the
    # 20-0 should be 67.39 %
    s = sigma_from_top(swiss_pairs_top_percent(8, n_results=63), centre=50)
    assert abs(15.99 / s - 1.534) < 0.0005


# --- §10 aggregate ---------------------------------------------------------------------------


def test_sheffield_k_365():
    # §10: "we can compute K as 1790/sqrt(24) = 365"
    assert round(float(k_from_sigma(1790, 24))) == 365
    assert sigma_aggregate(24, k=k_from_sigma(1790, 24)) == pytest.approx(1790, rel=1e-12)


# --- forms, vectorisation, validation --------------------------------------------------------


def _probst(form, n_boards, **options):
    return form_sigma(form, n_boards, source="probst", **options).sigma


def test_form_sigma_dispatch():
    """Probst's model of each form at his default K (source="probst")."""
    assert _probst("teams", 8) == sigma_teams(8)
    assert _probst("cross_imps", 8) == sigma_cross_imps(8, comparisons=4, n_results=4)
    assert _probst("butler_online", 15, n_tables=15) == sigma_butler_online(15, n_tables=15)
    assert _probst("swiss_pairs", 8) == pytest.approx(11.65, abs=PRINTED)
    assert _probst("aggregate", 24) == pytest.approx(365 * math.sqrt(24))
    # face-to-face Butler: Probst's §5 model with the face-to-face K 6.5 (7 is online's)
    assert _probst("butler", 15, n_tables=15) == sigma_butler_online(15, n_tables=15, k=6.5)
    assert set(FORMS) == {
        "teams",
        "cross_imps",
        "butler",
        "butler_online",
        "swiss_pairs",
        "aggregate",
    }


def test_vectorised_shapes():
    n = np.array([[4, 8], [16, 32]])
    out = sigma_teams(n)
    assert out.shape == (2, 2)
    assert np.allclose(out, 6.5 * np.sqrt(n))
    assert np.ndim(sigma_teams(8)) == 0
    assert sigma_butler_online(np.array([8, 15]), n_tables=np.array([10, 15])).shape == (2,)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: sigma_teams(0), "n_boards: must be > 0; got 0"),
        (lambda: sigma_teams(8, k=-1), "k: must be > 0"),
        (lambda: sigma_teams(float("nan")), "n_boards: must be finite"),
        (lambda: sigma_cross_imps(8, comparisons=0, n_results=4), "comparisons"),
        (lambda: sigma_butler_online(8, n_tables=1), "^n_tables: must be >= 2; got 1$"),
        (lambda: sigma_butler_online(8, n_tables=5, shooting=-1), "shooting: must be >= 0"),
        (lambda: swiss_pairs_top_percent(8, n_results=20), "^n_results: must be >= 21; got 20$"),
        (
            lambda: swiss_pairs_top_percent(8, max_vp=7),
            r"^max_vp: must be even \(an N-0 scale has N/2 steps\); got 7$",
        ),
        (lambda: k_from_sigma(-3, 8), "sigma: must be > 0"),
        (lambda: form_sigma("rubber", 8), "form: must be one of"),
        (
            lambda: form_sigma("butler_online", 8, source="probst"),
            "^n_tables: must be a number of tables for form",
        ),
        (
            lambda: form_sigma("teams", 8, source="probst", n_tables=9),
            "^n_tables: must be None unless form is 'butler' or 'butler_online'; got 9$",
        ),
        (lambda: swiss_pairs_top_percent(8, max_vp=20.5), "^max_vp: must be an integer >= 2"),
        (lambda: swiss_pairs_top_percent(8, max_vp=True), "^max_vp: must be an integer >= 2"),
        (lambda: swiss_pairs_top_percent(8, ascherman="no"), "^ascherman: must be True or"),
        (lambda: k_from_sigma(3, 8, percent="yes"), "^percent: must be True or False; got 'yes'"),
    ],
)
def test_bad_input_names_the_argument(call, fragment):
    with pytest.raises(BridgestatsError, match=fragment):
        call()


# --- invariants ----------------------------------------------------------------------------

boards = st.floats(min_value=1, max_value=200, allow_nan=False)
kvals = st.floats(min_value=0.1, max_value=1000, allow_nan=False)


@given(n=boards, k=kvals)
def test_sigma_models_round_trip_k(n, k):
    assert k_from_sigma(sigma_teams(n, k=k), n) == pytest.approx(k, rel=1e-12)
    assert k_from_sigma(sigma_swiss_pairs(n, k=k), n, percent=True) == pytest.approx(k, rel=1e-12)
    # Pomfrey: teams of four are the cross-IMP model with C = 1, R = 2
    assert sigma_cross_imps(n, comparisons=1, n_results=2, k=k) == pytest.approx(
        sigma_teams(n, k=k), rel=1e-12
    )


@given(n=boards, t=st.integers(min_value=2, max_value=500))
def test_butler_increases_with_boards_and_tables(n, t):
    s = sigma_butler_online(n, n_tables=t)
    assert sigma_butler_online(n + 1, n_tables=t) > s
    assert sigma_butler_online(n, n_tables=t + 1) > s


@given(n=boards, r=st.integers(min_value=21, max_value=10_000))
def test_swiss_top_between_ascherman_and_21(n, r):
    # field size moves the 20-0 between the Ascherman limit and the 21-result figure
    top = swiss_pairs_top_percent(n, n_results=r)
    lo = swiss_pairs_top_percent(n, ascherman=True)
    hi = swiss_pairs_top_percent(n)
    assert lo - 1e-12 <= top <= hi + 1e-12


# --- the strength-spread models: teams K(n) and Swiss pairs k²/n + 2τ² -----------------------


def test_teams_spread_is_probst_with_equal_sides_and_the_fit_of_the_margins():
    from bridgestats.sigma import sigma_teams_spread

    # δ = 0 is Probst §3's σ = K√n (18.38 at 8 boards)
    assert abs(sigma_teams_spread(8, k=6.5, delta=0) - 18.38) < PRINTED
    # Against the fit's own formula (an independent implementation: KModel.sigma)
    from bridgestats.fit import StrengthSpread
    from bridgestats.studies.k_growth import KModel

    model = KModel(
        **vars(StrengthSpread(6.02, (5.9, 6.1), 0.67, (0.5, 0.8), 1, 1, 0.9)), source="x"
    )
    n = np.array([1, 8, 16, 32, 64])
    np.testing.assert_allclose(
        sigma_teams_spread(n, k=6.02, delta=0.67), model.sigma(n), rtol=1e-12
    )


def test_teams_spread_recovers_simulated_margins():
    """Margins simulated as nE + X₁..Xₙ (E ~ N(0, δ²), X ~ N(0, K²)): their sd is σ(n).

    200,000 matches per length: the sd's relative SE is 1/√(2·200,000) = 0.16 %, so 1 %
    is over 6 SEs."""
    from bridgestats.sigma import sigma_teams_spread

    g = np.random.default_rng(21)
    for n in (4, 16, 64):
        e = g.normal(0, 0.8, 200_000)
        m = n * e + g.normal(0, 6.0, (200_000, n)).sum(axis=1)
        assert m.std() == pytest.approx(float(sigma_teams_spread(n, k=6.0, delta=0.8)), rel=0.01)


def test_swiss_pairs_spread_against_the_pairs_simulator():
    """The pairs board model of bridgestats.sim.events, two pairs of strength sd τ met at
    random: the round's margin sd is √(k²/n + 2τ²). 20,000 matches: relative SE 0.5 %;
    3 % is 6 SEs."""
    from bridgestats.sigma import sigma_swiss_pairs_spread
    from bridgestats.sim import events as ev

    for n, tau in ((4, 4.0), (32, 4.0)):
        res = ev.simulate_events(
            2,
            event_format="round_robin",
            board="pairs",
            scale="mp",
            n_boards=n,
            k=27.0,
            strength_sd=tau,
            n_events=20_000,
            rng=12,
        )
        want = float(sigma_swiss_pairs_spread(n, k=27.0, strength_sd=tau))
        assert res.margin[:, 0].std() == pytest.approx(want, rel=0.03)
    # τ = 0 is Probst §11's 11.65 % from k = 32.95
    assert abs(sigma_swiss_pairs_spread(8, k=32.95, strength_sd=0) - 11.65) < PRINTED


@given(n=boards, n0=boards, k=st.floats(1, 40), tau=st.floats(0, 8))
def test_carry_is_the_spread_model_between_lengths(n, n0, k, tau):
    from bridgestats.sigma import sigma_swiss_pairs_spread, swiss_pairs_carry

    at_n0 = sigma_swiss_pairs_spread(n0, k=k, strength_sd=tau)
    carried = swiss_pairs_carry(at_n0, n, k=k, from_boards=n0)
    assert carried == pytest.approx(sigma_swiss_pairs_spread(n, k=k, strength_sd=tau), rel=1e-9)


def test_carry_with_no_strength_term_is_probst_root_n():
    from bridgestats.sigma import swiss_pairs_carry

    # k = σ₈√8: the whole σ is luck, so the carry is Probst's σ₈·√(8/n)
    for n in (4, 18, 32):
        assert swiss_pairs_carry(11.0, n, k=11 * math.sqrt(8)) == pytest.approx(
            11 * math.sqrt(8 / n), rel=1e-9
        )


def test_spread_models_bad_input():
    from bridgestats.sigma import sigma_swiss_pairs_spread, sigma_teams_spread, swiss_pairs_carry

    with pytest.raises(BridgestatsError, match=r"^delta: must be >= 0"):
        sigma_teams_spread(8, k=6, delta=-1)
    with pytest.raises(BridgestatsError, match=r"^strength_sd: must be >= 0"):
        sigma_swiss_pairs_spread(8, k=30, strength_sd=-1)
    with pytest.raises(BridgestatsError, match=r"^sigma: must be >= the luck term"):
        swiss_pairs_carry(9.0, 18, k=32.95)  # 32.95/√8 = 11.65 > 9
