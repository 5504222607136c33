"""VPScale behaviour: vp(), probabilities, frames, exports, fitting, validation, invariants.

The published tables themselves are walked in ``test_tables.py`` (Probst) and
``test_wbf.py`` (WBF 2013).
"""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats
from scipy.special import ndtr

from bridgestats.errors import BridgestatsError
from bridgestats.sigma import form_sigma, sigma_teams
from bridgestats.vp import (
    VPScale,
    event_scale,
    fit_scale_sigma,
    gaussian_scale,
    gaussian_z,
    scale_from_thresholds,
    sigma_from_top,
)

# Probst Table 8 (EBU 2006 column): the EBU 7-9 board Swiss pairs table (winner's %)
EBU_7_9 = [50.65, 51.98, 53.33, 54.74, 56.23, 57.83, 59.64, 61.75, 64.40, 68.35]


# --- vp() ---------------------------------------------------------------------------------


def test_vp_teams_8_boards_both_sides():
    scale = gaussian_scale(sigma=sigma_teams(8), negative=5)
    # thresholds 1.10 3.31 ... 30.67 36.41 ... 47.66 (Tables 4-5)
    margins = np.array([0, 1, 2, 30, 31, 36, 37, 47, 48, 200])
    assert scale.vp(margins).tolist() == [10, 10, 11, 19, 20, 20, 20, 20, 20, 20]
    assert scale.vp(-margins).tolist() == [10, 10, 9, 1, 0, 0, -1, -4, -5, -5]


def test_vp_at_threshold_earns_the_step():
    scale = scale_from_thresholds(EBU_7_9, centre=50)
    t = np.asarray(scale.thresholds)
    assert np.all(scale.vp(t) == np.arange(11, 21))
    assert np.all(scale.vp(t - 1e-6) == np.arange(10, 20))
    assert np.all(scale.vp(-t) == np.arange(9, -1, -1))


def test_vp_shape_and_scalar():
    scale = gaussian_scale(sigma=10)
    assert np.ndim(scale.vp(3.0)) == 0
    assert scale.vp(np.zeros((2, 3))).shape == (2, 3)


def test_mp_percent_convention():
    # the margin of a Swiss pairs scale is the winner's % minus 50
    scale = scale_from_thresholds(EBU_7_9, centre=50)
    assert scale.thresholds[0] == pytest.approx(0.65)
    # 64.40 % starts 19-1; 64.40 - 50 and 35.60 - 50 differ from ±14.4 in the last bit,
    # and vp() compares margins rounded to 1e-9 so both sides land in the same band
    assert scale.vp(np.array([64.40, 35.60, 64.39, 35.61]) - 50).tolist() == [19, 1, 18, 2]


# --- probabilities ---------------------------------------------------------------------------


def test_probabilities_for_another_sigma_match_monte_carlo_free_formula():
    # outcome probabilities by scipy.stats.norm (an independent route) for a σ that is not
    # the scale's own
    scale = gaussian_scale(sigma=11.0)
    s = 12.5
    edges = np.concatenate([[0], scale.thresholds, [np.inf]])
    one_side = stats.norm.cdf(edges[1:], scale=s) - stats.norm.cdf(edges[:-1], scale=s)
    expected = 2 * one_side
    assert np.allclose(scale.probabilities(sigma=s), expected, atol=1e-14)
    assert scale.probabilities(sigma=s).sum() == pytest.approx(1.0, abs=1e-14)


def test_probabilities_need_a_sigma_for_published_tables():
    scale = scale_from_thresholds(EBU_7_9, centre=50)
    with pytest.raises(BridgestatsError, match="sigma"):
        scale.probabilities()
    # the EBU table's thresholds sit within 0.007 % of σ = 11's; each band edge moving by
    # 0.007 moves a band's probability by at most 2 · 2 · φ(0) · 0.007 / 11 = 0.001
    assert scale.probabilities(sigma=11.0) == pytest.approx(np.r_[1, [2] * 10] / 21, abs=1e-3)


def test_probabilities_with_rng_simulation_agree():
    # a simulated field of 200 000 equal matches (seeded): frequencies within 5 standard
    # errors (sqrt(p(1-p)/n) ≤ 0.0011) of the computed probabilities
    rng = np.random.default_rng(20260)
    scale = gaussian_scale(sigma=18.38, negative=5)
    margins = rng.normal(0.0, 18.38, size=200_000)
    vps = scale.vp(margins)
    losers = scale.vp(-margins)
    # outcome index: number of thresholds reached by |margin|
    j = np.searchsorted(np.asarray(scale.thresholds), np.abs(margins), side="right")
    freq = np.bincount(j, minlength=16) / margins.size
    p = scale.probabilities()
    se = np.sqrt(p * (1 - p) / margins.size)
    assert np.all(np.abs(freq - p) < 5 * se)
    assert np.all(vps + losers == 20 - np.maximum(j - 10, 0))


# --- frames and exports -----------------------------------------------------------------------


def test_to_frame_columns():
    frame = gaussian_scale(sigma=11, centre=50, unit="MP %").to_frame()
    assert list(frame.columns) == [
        "vp_winner",
        "vp_loser",
        "margin_from",
        "margin_to",
        "probability",
        "score_from",
        "score_to",
    ]
    assert frame["probability"].sum() == pytest.approx(1.0)
    assert frame["margin_to"].iloc[-1] == np.inf
    assert (frame["vp_winner"] + frame["vp_loser"]).eq(20).all()
    assert np.allclose(frame["score_from"].iloc[1:].round(2), EBU_7_9, atol=0.01)
    no_sigma = scale_from_thresholds(EBU_7_9, centre=50).to_frame()
    assert "probability" not in no_sigma.columns


def test_integer_ranges_negative_and_step():
    ir = gaussian_scale(sigma=sigma_teams(8), negative=5).integer_ranges()
    assert ir["margin_from"].tolist() == [0, 2, 4, 6, 8, 11, 14, 17, 20, 25, 31, 37, 39, 41, 44, 48]
    assert ir["vp_loser"].tolist()[-1] == -5
    assert str(ir["margin_to"].dtype) == "Int64"
    with pytest.raises(BridgestatsError, match="step"):
        gaussian_scale(sigma=5).integer_ranges(step=0)


def test_integer_band_probabilities_by_simulation():
    # whole-IMP margins: round a seeded normal sample to whole IMPs and count the bands
    rng = np.random.default_rng(7)
    scale = gaussian_scale(sigma=sigma_teams(8), negative=5)
    ir = scale.integer_ranges()
    m = np.round(rng.normal(0, scale.sigma, size=200_000))
    j = np.searchsorted(ir["margin_from"].to_numpy(dtype=float)[1:], np.abs(m), side="right")
    freq = np.bincount(j, minlength=len(ir)) / m.size
    p = ir["probability"].to_numpy()
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.all(np.abs(freq - p) < 5 * np.sqrt(p * (1 - p) / m.size))


def test_integer_ranges_empty_band_is_visible():
    # σ = 1 IMP: several thresholds fall between the same whole IMPs
    ir = gaussian_scale(sigma=1.0).integer_ranges()
    empty = ir["margin_to"].iloc[:-1] < ir["margin_from"].iloc[:-1]
    assert empty.any()
    md = gaussian_scale(sigma=1.0, unit="IMPs").to_markdown(step=1)
    assert "none" in md


def test_to_csv_round_trips():
    scale = gaussian_scale(sigma=18.38, negative=5, unit="IMPs")
    back = pd.read_csv(io.StringIO(scale.to_csv()))
    pd.testing.assert_frame_equal(back, scale.to_frame(), check_dtype=False)
    back = pd.read_csv(io.StringIO(scale.to_csv(step=1)))
    assert back["margin_from"].tolist() == scale.integer_ranges()["margin_from"].tolist()


def test_to_markdown_swiss_pairs_table():
    md = event_scale("swiss_pairs", 8, sigma=11).to_markdown()
    lines = md.strip().splitlines()
    assert lines[0].startswith("**Swiss pairs, 8 boards, σ 11 MP %**")
    assert lines[2] == "| VPs | MP % | probability % |"
    assert lines[4] == "| 10-10 | 50.00-50.66 | 4.76 |"
    assert lines[-1] == "| 20-0 | 68.35+ | 9.52 |"
    assert len(lines) == 2 + 2 + 11


def test_to_markdown_teams_whole_imps():
    md = event_scale("teams", 8, source="probst", negative=5).to_markdown()
    # Probst's K = 6.5, whole-IMP bands with the continuity correction: 10-10 is
    # |margin| < 1.5 IMPs,
    # 2Φ(1.5/18.38) − 1 = 6.50 % against the design's 4.76 %
    assert "| 10-10 | 0-1 | 6.50 |" in md
    assert "| 20-0 | 31-36 | 5.00 |" in md
    assert "| 20-(-5) | 48+ | 0.98 |" in md
    probst = event_scale("teams", 8, source="probst", negative=5)
    assert "| 20-(-5) | 47.67+ | 0.95 |" in probst.to_markdown(step=0)


def test_to_html_has_caption_and_rows():
    out = event_scale("aggregate", 24, sigma=1790, max_vp=12).to_html()
    assert "<caption>Aggregate scoring, 24 boards, σ 1790 points</caption>" in out  # Table 6
    assert out.count("<tr>") == 7  # the body rows (the header row carries a style)
    assert "2560+" in out and "0-170" in out


# --- fitting --------------------------------------------------------------------------------


def test_fit_ebu_swiss_pairs_sigma_11():
    fit = fit_scale_sigma(EBU_7_9, centre=50)
    assert abs(fit.sigma - 11.00) < 0.005  # printed to 2 decimals
    assert np.max(np.abs(fit.residuals)) < 0.01
    assert fit.rms == pytest.approx(np.sqrt(np.mean(fit.residuals**2)))
    from_scale = fit_scale_sigma(scale_from_thresholds(EBU_7_9, centre=50))
    assert from_scale.sigma == pytest.approx(fit.sigma, rel=1e-12)


def test_fit_frame_and_labels():
    scale = gaussian_scale(sigma=4.0, negative=2)
    assert scale.labels[:2] == ["10-10", "11-9"] and scale.labels[-1] == "20-(-2)"
    frame = fit_scale_sigma(np.array(scale.thresholds) + 50, negative=2, centre=50).to_frame()
    assert frame["vp_loser"].tolist() == list(range(9, -3, -1))
    assert np.allclose(frame["published"], frame["fitted"])
    assert np.allclose(frame["residual"], 0, atol=1e-12)


def test_fit_matches_numerical_least_squares():
    # independent route: scipy's least squares through the origin
    from scipy.optimize import minimize_scalar

    t = np.array(EBU_7_9) - 50
    z = gaussian_z(20)
    best = minimize_scalar(lambda s: np.sum((t - s * z) ** 2), bounds=(1, 50), method="bounded")
    assert fit_scale_sigma(t).sigma == pytest.approx(best.x, abs=1e-5)


def test_fit_errors():
    with pytest.raises(BridgestatsError, match="thresholds"):
        fit_scale_sigma([1, 2, 3])
    with pytest.raises(BridgestatsError, match="above the centre"):
        fit_scale_sigma(np.array(EBU_7_9) - 100, centre=0)


# --- construction and validation --------------------------------------------------------------


def test_scale_is_immutable():
    scale = gaussian_scale(sigma=10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        scale.sigma = 3
    assert isinstance(scale.thresholds, tuple)


def test_patton_and_other_totals():
    for max_vp in (4, 6, 8, 12, 20, 30):
        scale = gaussian_scale(max_vp, sigma=10)
        assert len(scale.thresholds) == max_vp // 2
        assert scale.probabilities()[0] == pytest.approx(1 / (max_vp + 1))


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: gaussian_scale(7), "max_vp: must be even"),
        (lambda: gaussian_scale(0), "^max_vp: must be an integer in 2-2000; got 0$"),
        (lambda: gaussian_scale(20.5), "^max_vp: must be an integer in 2-2000; got 20.5$"),
        (lambda: gaussian_scale(True), "^max_vp: must be an integer in 2-2000; got True$"),
        (lambda: gaussian_scale("20"), "^max_vp: must be an integer in 2-2000; got '20'$"),
        (lambda: gaussian_scale(sigma=-1), r"^sigma: must be a number in \(0, 1e\+06\]; got -1$"),
        (
            lambda: gaussian_scale(sigma="11"),
            r"^sigma: must be a number in \(0, 1e\+06\]; got '11'$",
        ),
        (lambda: gaussian_scale(sigma=0), r"^sigma: must be a number in \(0, 1e\+06\]; got 0$"),
        (lambda: gaussian_scale(negative=-1), "^negative: must be an integer in 0-2000; got -1$"),
        (lambda: scale_from_thresholds([3, 2, 5, 6]), "strictly ascending"),
        (lambda: scale_from_thresholds([0, 2]), "must be > 0"),
        (
            lambda: scale_from_thresholds([1, 2, 3], negative=4),
            "^max_vp: must be an integer in 2-2000",
        ),
        (lambda: scale_from_thresholds([1, 2, 3], max_vp=5, negative=1), "max_vp: must be even"),
        (
            lambda: scale_from_thresholds([1, 2, 3], max_vp=20),
            r"^thresholds: must be 10 margins \(a 20-0 scale with 0 negative steps\); "
            r"got \[1.0, 2.0, 3.0\]$",
        ),
        (lambda: scale_from_thresholds([1, float("nan")]), "thresholds: must be finite"),
        (lambda: VPScale((1.0, 2.0), max_vp=4, step=0), "step"),
        (lambda: gaussian_scale(sigma=3).vp(float("inf")), "margin: must be finite"),
        (lambda: event_scale("rubber", 8), "form: must be one of"),
        (lambda: event_scale("teams", 0), r"^n_boards: must be an integer in 1-500; got 0$"),
        (
            lambda: event_scale("teams", 0, source="probst"),
            r"^n_boards: must be a number in \(0, 500\]; got 0$",
        ),
        (lambda: event_scale("teams", 8, ascherman="no"), "^ascherman: must be True or False"),
        (lambda: event_scale("teams", 8, negative=1.5), "^negative: must be an integer in 0-2000"),
        (lambda: event_scale("teams", 8, sigma=-2), r"sigma: must be a number in \(0, 1e\+06\]"),
        (lambda: sigma_from_top(40, centre=50), "top_margin - centre: must be > 0"),
        # one scale has one sigma: arrays once raised a bare TypeError from float()
        (
            lambda: gaussian_scale(sigma=[10, 11]),
            r"^sigma: must be a number in \(0, 1e\+06\]; got \[10, 11\]$",
        ),
        (lambda: gaussian_scale(sigma=3).probabilities(sigma=[3, 4]), "^sigma: must be a number"),
        (lambda: VPScale((1.0, 2.0), max_vp=4, sigma=[1, 2]), "^sigma: must be a number > 0"),
        (
            lambda: VPScale((1.0, 2.0), max_vp=4, centre=[0, 50]),
            r"^centre: must be a number; got \[0, 50\]$",
        ),
        (lambda: event_scale("teams", 8, k=[6, 7]), r"^k: must be a number; got \[6, 7\]$"),
        (
            lambda: event_scale("butler_online", 8, n_tables=[8, 9]),
            r"^n_tables: must be a number; got \[8, 9\]$",
        ),
    ],
)
def test_bad_input_names_the_argument(call, fragment):
    with pytest.raises(BridgestatsError, match=fragment):
        call()


def test_a_whole_float_is_an_integer():
    # the shared integer check: 20.0 (as read from a file) is 20; 20.5 and True are refused
    assert gaussian_scale(20.0, sigma=3) == gaussian_scale(20, sigma=3)
    assert gaussian_scale(np.int64(12), sigma=3).max_vp == 12


def test_event_scale_forms():
    """Probst's models through source="probst" (or his K given); the evidence's σ by default
    (the one σ of a form, bridgestats.sigma.form_sigma)."""
    assert event_scale("teams", 8, source="probst").sigma == pytest.approx(sigma_teams(8))
    assert event_scale("teams", 8, k=6.5).sigma == pytest.approx(sigma_teams(8))
    assert event_scale("teams", 8).sigma == pytest.approx(form_sigma("teams", 8).sigma)
    assert event_scale("teams", 8).step == 1
    assert event_scale("aggregate", 24).step == 10
    sp = event_scale("swiss_pairs", 8, source="probst")
    assert sp.centre == 50 and sp.unit == "MP %" and sp.step is None
    assert sp.sigma == pytest.approx(11.65, abs=0.005)
    assert event_scale("swiss_pairs", 8).sigma == pytest.approx(form_sigma("swiss_pairs", 8).sigma)
    # the evidence measures no σ for online Butler: Probst's model, B = 6/5, K = 7
    assert event_scale("butler_online", 15, n_tables=15).sigma == pytest.approx(23.224, abs=1e-3)
    with pytest.raises(BridgestatsError, match=r"^source: must be 'probst' or None with k"):
        event_scale("teams", 8, source="evidence", k=6.5)


# --- hypothesis invariants -------------------------------------------------------------------

totals = st.integers(min_value=1, max_value=20).map(lambda h: 2 * h)
sigmas = st.floats(min_value=0.05, max_value=5000, allow_nan=False, allow_infinity=False)
negatives = st.integers(min_value=0, max_value=8)


@given(max_vp=totals, sigma=sigmas, negative=negatives)
def test_gaussian_scale_invariants(max_vp, sigma, negative):
    scale = gaussian_scale(max_vp, sigma=sigma, negative=negative)
    t = np.asarray(scale.thresholds)
    assert np.all(np.diff(t) > 0)
    # quantile round trip: Φ(t/σ) gives back the designed cumulative probabilities
    half = max_vp // 2
    n = max_vp + 1
    designed = (2 * np.arange(half) + 1) / (2 * n)
    if negative:
        designed = np.r_[designed, designed[-1] + (0.5 + np.arange(negative) / (2 * negative)) / n]
    assert np.allclose(ndtr(t / sigma) - 0.5, designed, rtol=1e-12, atol=1e-13)
    # probabilities of all outcomes sum to 1, equal 1/(N+1) (central), 2/(N+1) (others)
    p = scale.probabilities()
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert p[0] == pytest.approx(1 / n, abs=1e-9)
    assert np.allclose(p[1:half], 2 / n, atol=1e-9)
    if negative:
        assert p[half] == pytest.approx(1 / n, abs=1e-9)
        assert np.allclose(p[half + 1 :], 1 / (n * negative), atol=1e-9)
    # fitting the scale's own thresholds recovers σ with no residual
    fit = fit_scale_sigma(scale)
    assert fit.sigma == pytest.approx(sigma, rel=1e-12)
    assert np.max(np.abs(fit.residuals)) <= 1e-9 * sigma


@given(
    max_vp=totals,
    sigma=sigmas,
    negative=negatives,
    margins=st.lists(
        st.floats(min_value=-1e5, max_value=1e5, allow_nan=False), min_size=1, max_size=50
    ),
)
def test_vp_invariants(max_vp, sigma, negative, margins):
    scale = gaussian_scale(max_vp, sigma=sigma, negative=negative)
    m = np.sort(np.asarray(margins))
    v = scale.vp(m)
    assert np.all(np.diff(v) >= 0)  # monotone
    assert v.min() >= -negative and v.max() <= max_vp  # bounded
    both = v + scale.vp(-m)
    reached = np.searchsorted(np.asarray(scale.thresholds), np.abs(m), side="right")
    assert np.all(both == max_vp - np.maximum(reached - max_vp // 2, 0))  # sum to the total
    if negative == 0:
        assert np.all(both == max_vp)


@given(
    thresholds=st.lists(
        st.floats(min_value=0.01, max_value=1000, allow_nan=False),
        min_size=1,
        max_size=12,
        unique=True,
    ),
    centre=st.sampled_from([0.0, 50.0]),
)
def test_published_round_trip(thresholds, centre):
    t = np.sort(np.asarray(thresholds))
    if np.any(np.diff(t) <= 1e-9):
        return
    scale = scale_from_thresholds(t + centre, centre=centre)
    assert np.allclose(scale.thresholds, t, rtol=1e-9, atol=1e-9)
    assert scale.max_vp == 2 * t.size
    frame = scale.to_frame()
    assert np.allclose(frame["margin_from"].iloc[1:], t, atol=1e-9)


@given(sigma=sigmas, negative=negatives, step=st.sampled_from([1, 10]))
def test_integer_ranges_agree_with_vp(sigma, negative, step):
    scale = gaussian_scale(sigma=sigma, negative=negative)
    ir = scale.integer_ranges(step=step)
    frm = ir["margin_from"].to_numpy(dtype=float)
    top = frm[-1] + 3 * step
    m = np.arange(0, top + step, step, dtype=float)
    j = np.searchsorted(frm[1:], m, side="right")
    assert np.all(scale.vp(m) == ir["vp_winner"].to_numpy()[j])
    assert np.all(scale.vp(-m) == ir["vp_loser"].to_numpy()[j])
    assert ir["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert np.all(ir["probability"] >= 0)
