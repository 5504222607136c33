"""The committee's answer on the PPI (bridgestats.studies.ppi_decision): its m scaled by a
grid of factors, scored out of sample, the verdict and its sentence.

The figures are checked against an independent computation (each factor's forecasts from
rate_log directly, the RMSE and slope by numpy, the event bootstrap as a loop of resampled
events), the direction against simulated clubs whose skills drift at a known rate, and the
verdict against two bootstrap seeds on the shipped log.
"""

from __future__ import annotations

import importlib
import math

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.errors import BridgestatsError
from bridgestats.ratings.gaussian import GaussianModel
from bridgestats.ratings.ppi import rate_log
from bridgestats.ratings.sessionlog import board_rows, check_session_log, first_boards
from bridgestats.studies.ppi_decision import (
    PARAMETER,
    VERDICTS,
    half_life_boards,
    m_rule,
    ppi_calibration_sentence,
    ppi_decision,
)
from bridgestats.studies.ratings_real import compare_systems, session_predictions
from bridgestats.studies.ratings_real_sim import simulated_sessions

UNTIL = "2001-04-01"
# the module (its name is also its function's, which bridgestats.studies exports)
pd_module = importlib.import_module("bridgestats.studies.ppi_decision")


@pytest.fixture(scope="module")
def club():
    """A simulated club over 8 months, each month an event (the scored months 4-8 give 5
    events to resample)."""
    sim = simulated_sessions(n_players=60, n_months=8, rng=4)
    return sim.assign(event="month " + sim["date"].str[:7])


@pytest.fixture(scope="module")
def decided(club):
    return ppi_decision(club, until=UNTIL, factors=(0.5, 1, 2, 4), n_boot=400, rng=7)


def test_the_figures_against_an_independent_computation(club, decided):
    table, _ = decided
    frame = check_session_log(club)
    pct = frame["pct_ns"].to_numpy()
    scored = (frame["date"] >= UNTIL).to_numpy()
    events = frame.loc[scored, "event"].to_numpy()
    for row in table.itertuples():
        # the forecasts straight from the engine, every m times the factor
        pred = rate_log(board_rows(frame), m_scale=row.factor).expected_ns[first_boards(frame)]
        err = pred - pct
        assert row.rmse == pytest.approx(math.sqrt(np.mean(err[scored] ** 2)), abs=1e-12)
        assert row.rmse_fit == pytest.approx(math.sqrt(np.mean(err[~scored] ** 2)), abs=1e-12)
        slope = np.polyfit(pred[scored] - 50, pct[scored] - 50, 1)[0]
        assert row.calibration_slope == pytest.approx(slope, abs=1e-9)
        assert row.regular_m == 600 * row.factor
    # the bootstrap, resample by resample: the same draws of events (one row of integers
    # per resample, as boot_weights makes them) and the RMSEs of the sessions drawn
    gen = np.random.default_rng(7)
    names = pd.unique(events)
    draws = gen.integers(0, names.size, size=(400, names.size))
    preds = {
        f: rate_log(board_rows(frame), m_scale=f).expected_ns[first_boards(frame)][scored]
        for f in table["factor"]
    }
    y = pct[scored]
    boot = {f: [] for f in preds}
    for draw in draws:
        rows = np.concatenate([np.flatnonzero(events == names[i]) for i in draw])
        for f, p in preds.items():
            boot[f].append(math.sqrt(np.mean((p[rows] - y[rows]) ** 2)))
    level = 1 - 0.1 / 3  # Bonferroni: 3 factors against 1 at 90 % jointly
    for row in table.itertuples():
        gains = np.array(boot[1.0]) - np.array(boot[row.factor])
        lo, hi = np.quantile(gains, [(1 - level) / 2, 1 - (1 - level) / 2])
        assert (row.gain_ci_low, row.gain_ci_high) == pytest.approx((lo, hi), abs=1e-9)
        assert row.gain == pytest.approx(table["rmse"].iloc[1] - row.rmse, abs=1e-12)
        r_lo, r_hi = np.quantile(boot[row.factor], [0.05, 0.95])
        assert (row.rmse_ci_low, row.rmse_ci_high) == pytest.approx((r_lo, r_hi), abs=1e-9)
        best = table.loc[table["best"], "factor"].iloc[0]
        behind = np.array(boot[row.factor]) - np.array(boot[best])
        assert row.behind_best == pytest.approx(row.rmse - table["rmse"].min(), abs=1e-12)
        assert row.as_good_as_best == (np.quantile(behind, (1 - level) / 2) <= 0)
    assert table["gain_level"].eq(level).all()
    assert table["n_clusters"].eq(names.size).all() and table["n_sessions"].eq(scored.sum()).all()


def test_factor_one_is_the_catalogue_ppi_as_compare_systems_scores_it(club, decided):
    table, _ = decided
    predictions = session_predictions(
        club, until=UNTIL, model=GaussianModel(), player_mean_boards=100
    )  # nothing to fit: the PPI's
    scores = compare_systems(predictions, since=UNTIL, n_boot=50, rng=1)
    t = scores.set_index(["system", "metric"])["value"]
    page = table[table["factor"] == 1].iloc[0]
    assert page["rmse"] == pytest.approx(t[("ppi", "rmse")], abs=1e-12)
    assert page["calibration_slope"] == pytest.approx(t[("ppi", "calibration_slope")], abs=1e-9)
    assert page["explained_share"] == pytest.approx(t[("ppi", "explained_share")], abs=1e-9)
    # without the boards' variances there is no noise floor, so no share
    table, decision = ppi_decision(
        club.drop(columns="pct_ns_var"), until=UNTIL, factors=(1, 2), n_boot=100, rng=1
    )
    assert table["explained_share"].isna().all() and "explainable" not in decision["sentence"]
    assert page["gain"] == 0 and page["gain_ci_low"] == 0 and page["gain_ci_high"] == 0


def test_the_table_and_the_decision(decided):
    table, decision = decided
    assert list(decision) == ["verdict", "parameter", "value", "gain", "gain_ci", "sentence"]
    assert decision["parameter"] == PARAMETER == "m, the PPI's weighting"
    assert decision["verdict"] in VERDICTS
    best = table[table["best"]].iloc[0]
    assert best["rmse"] == table["rmse"].min() and table["best"].sum() == 1
    assert decision["value"] == {"factor": best["factor"], "m_rule": decision["value"]["m_rule"]}
    assert decision["value"]["m_rule"].startswith(m_rule(best["factor"]))
    assert decision["gain"] == best["gain"]
    assert decision["gain_ci"] == [best["gain_ci_low"], best["gain_ci_high"]]
    # the Bonferroni interval is wider than the RMSE's own level would give it
    assert (table["gain_level"] > 0.9).all()
    assert table["half_life_boards"].is_monotonic_increasing
    assert table["calibration_slope"].dtype == float


def _table(rmse, gain_ci, factors=(0.25, 0.5, 1.0, 2.0, 4.0, 8.0), slopes=None):
    """A table as ppi_decision makes it, with chosen RMSEs and gain intervals."""
    rmse = np.asarray(rmse, float)
    one = factors.index(1.0)
    slopes = np.linspace(0.3, 1.8, len(factors)) if slopes is None else slopes
    return pd.DataFrame(
        {
            "factor": factors,
            "half_life_boards": half_life_boards(600 * np.array(factors)),
            "rmse": rmse,
            "gain": rmse[one] - rmse,
            "gain_ci_low": [lo for lo, _ in gain_ci],
            "gain_ci_high": [hi for _, hi in gain_ci],
            "calibration_slope": slopes,
            "calibration_slope_ci_low": np.asarray(slopes) - 0.05,
            "calibration_slope_ci_high": np.asarray(slopes) + 0.05,
            "explained_share": np.nan,
            "best": rmse == rmse.min(),
            "as_good_as_best": rmse == rmse.min(),
            "n_sessions": 13_248,
            "bootstrap_unit": "event",
        }
    )


_CI = [(-1, -0.8), (-0.4, -0.3), (0, 0), (0.15, 0.22), (0.14, 0.28), (0.01, 0.22)]


@pytest.mark.parametrize(
    ("rmse", "ci", "verdict", "factor", "edge"),
    [
        ([8.7, 8.2, 7.8, 7.6, 7.58, 7.66], _CI, "too fast", 4.0, False),
        # the same best, its interval reaching 0: no change supported
        (
            [8.7, 8.2, 7.8, 7.6, 7.58, 7.66],
            [*_CI[:4], (-0.01, 0.28), _CI[5]],
            VERDICTS[2],
            4.0,
            False,
        ),
        (
            [7.7, 7.6, 7.8, 7.9, 8.0, 8.1],
            [(0.0, 0.2), (0.1, 0.3), (0, 0), *_CI[3:]],
            "too slow",
            0.5,
            False,
        ),
        (
            [7.5, 7.6, 7.8, 7.9, 8.0, 8.1],
            [(0.2, 0.4), (0.1, 0.3), (0, 0), *_CI[3:]],
            "too slow",
            0.25,
            True,
        ),
        ([8.7, 8.2, 7.8, 7.7, 7.6, 7.5], _CI, "too fast", 8.0, True),
        ([8.7, 8.2, 7.5, 7.6, 7.7, 7.8], _CI, VERDICTS[2], 1.0, False),
    ],
)
def test_verdicts_and_the_grid_edge(rmse, ci, verdict, factor, edge):
    decision = pd_module._decision(_table(rmse, ci), level=0.9, since="2010-01-01")
    assert decision["verdict"] == verdict
    assert decision["value"]["factor"] == factor
    sentence = decision["sentence"]
    # one sentence: one full stop, at the end
    assert sentence.endswith(".") and sentence.count(". ") == 0 and "\n" not in sentence
    assert "13,248 sessions from 2010-01-01" in sentence
    assert "(90 % intervals for all 5 factors against the page's m at once, resampling " in (
        sentence
    )
    said = {"largest factor tried" in sentence, "smallest factor tried" in sentence}
    assert (True in said) == edge
    assert ("tried" in decision["value"]["m_rule"]) == edge
    if verdict == "too fast":
        assert sentence.startswith(f"The PPI forgets too fast: with m × {factor:g} (")
        lo, hi = decision["gain_ci"]
        assert f"lower RMSE per session ({lo:+.3f} to {hi:+.3f}) over 13,248" in sentence
    elif verdict == "too slow":
        assert sentence.startswith(f"The PPI forgets too slowly: with m × {factor:g} (")
    else:
        assert sentence.startswith("The PPI's forgetting is about right")


def test_factors_as_good_as_the_best_are_named():
    table = _table([8.7, 8.2, 7.8, 7.6, 7.58, 7.66], _CI)
    decision = pd_module._decision(table, level=0.9, since="2010-01-01")
    assert "about as well" not in decision["sentence"]
    table.loc[table["factor"].isin([2.0, 8.0]), "as_good_as_best"] = True
    sentence = pd_module._decision(table, level=0.9, since="2010-01-01")["sentence"]
    assert ", and m × 2 and × 8 do about as well (90 % intervals" in sentence
    table.loc[table["factor"] == 8.0, "as_good_as_best"] = False
    sentence = pd_module._decision(table, level=0.9, since="2010-01-01")["sentence"]
    assert ", and m × 2 does about as well (90 % intervals" in sentence


def test_one_at_the_end_of_the_grid_is_said():
    table = _table([7.5, 7.6, 7.7], [(0, 0), (-0.2, -0.05), (-0.3, -0.1)], factors=(1.0, 2.0, 4.0))
    decision = pd_module._decision(table, level=0.9, since="2010-01-01")
    assert decision["verdict"] == VERDICTS[2]
    assert "the other side of 1 is untested" in decision["sentence"]


def test_m_rule_in_words():
    assert m_rule(1).startswith("the page's m: 30 below 30 boards, k from 30 to 300 boards")
    assert m_rule(0.5) == (
        "m × 0.5 the page's rule: 15 below 30 boards, 0.5k from 30 to 300 boards, then 150, w "
        "or 300 by the boards w of the last three months, halved below 46 %"
    )
    assert "then 2,400, 16w or 4,800" in m_rule(8)
    # the half-life of a board's weight: (1 - 1/m)^h = 1/2
    for m in (150, 600, 4800):
        h = float(half_life_boards(m))
        assert (1 - 1 / m) ** h == pytest.approx(0.5, abs=1e-12)
    # for large m it is m ln 2 - (ln 2)/2 + O(1/m): 415.54 boards at the page's 600
    assert float(half_life_boards(600)) == pytest.approx(599.5 * math.log(2), abs=0.001)


def test_the_calibration_sentence():
    table = _table(
        [8.7, 8.2, 7.8, 7.6, 7.58, 7.66], _CI, slopes=[0.32, 0.44, 0.60, 0.81, 1.15, 1.77]
    )
    said = ppi_calibration_sentence(table)
    assert said.startswith("The page's PPI has a calibration slope of 0.60 (90 %: 0.55 to 0.65)")
    assert "scores on average 3.0 % above, so its forecasts are too extreme, because" in said
    assert said.endswith("with m × 4, the best factor, the slope is 1.15.")
    # a slope that does not rise with m explains nothing about forgetting
    flat = table.assign(calibration_slope=[0.7, 0.5, 0.60, 0.55, 0.65, 0.6])
    assert "because" not in ppi_calibration_sentence(flat)
    timid = table.assign(
        calibration_slope=[0.9, 1.1, 1.3, 1.5, 1.7, 1.9],
        calibration_slope_ci_low=1.2,
        calibration_slope_ci_high=1.4,
    )
    assert "too timid, because each session moves a rating too little" in (
        ppi_calibration_sentence(timid)
    )
    fine = table.assign(calibration_slope_ci_low=0.9, calibration_slope_ci_high=1.1)
    assert "a slope of 1 is inside" in ppi_calibration_sentence(fine)
    with pytest.raises(BridgestatsError, match="table: must be ppi_decision's table"):
        ppi_calibration_sentence(table.drop(columns="best"))
    with pytest.raises(BridgestatsError, match="a row at factor 1"):
        ppi_calibration_sentence(table[table["factor"] != 1])


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"factors": (0.5, 2)}, r"factors: must be two or more factors, 1 \(the page's m\)"),
        ({"factors": (1,)}, "factors: must be two or more factors"),
        ({"factors": (1, 2, 2)}, "factors: must be distinct factors"),
        ({"factors": (1, 0.05)}, r"factors: must be a number in 1/15-1,000,000 \(a factor"),
        ({"factors": (1, "2")}, "factors: must be a number in 1/15-1,000,000"),
        ({"factors": 2}, "factors: must be a sequence of factors"),
        ({"n_boot": 50}, "n_boot: must be an integer >= 100"),
        ({"level": 1.0}, r"level: must be a number in \(0, 1\)"),
        ({"unit": "table"}, "unit: must be one of"),
        ({"until": None}, "until: must be a date splitting the log"),
        ({"until": "1990-01-01"}, "until: must be a date after the log's first session"),
        ({"until": "2099-01-01"}, "until: must be a date on or before the log's last session"),
    ],
)
def test_bad_input_is_refused(club, kwargs, match):
    args = {"until": UNTIL, "factors": (1, 2), "n_boot": 100, **kwargs}
    with pytest.raises(BridgestatsError, match=match):
        ppi_decision(club, **args)


def test_one_event_cannot_be_resampled(club):
    with pytest.raises(BridgestatsError, match="unit: must be a unit with at least 2 values"):
        ppi_decision(club.assign(event="one"), until=UNTIL, factors=(1, 2), n_boot=100)


@pytest.mark.parametrize(("drifts", "directions"), [((0.0, 8.0), ("too fast", "too slow"))])
def test_a_faster_drift_prefers_faster_forgetting(drifts, directions):
    """The outside check: clubs whose true skills drift at known rates (sim.club). Fixed
    skills want a long memory, fast-drifting ones a short one: the best factor falls as the
    drift rises, and the verdicts point each way (measured: drift 0, 2, 6, 10 % per √year
    gave best factors 2, 1, 0.5, 0.25 on 120 players over 24 months)."""
    best = []
    for drift, direction in zip(drifts, directions, strict=True):
        sim = simulated_sessions(n_players=120, n_months=24, drift_sd=drift, rng=5)
        _, decision = ppi_decision(sim, until="2002-01-01", n_boot=300, unit="period", rng=1)
        assert decision["verdict"] == direction, (drift, decision)
        best.append(decision["value"]["factor"])
    assert best[0] > 1 > best[1]


def test_the_verdict_does_not_flip_between_bootstrap_seeds(club):
    a = ppi_decision(club, until=UNTIL, factors=(0.5, 1, 2, 4), n_boot=400, rng=1)[1]
    b = ppi_decision(club, until=UNTIL, factors=(0.5, 1, 2, 4), n_boot=400, rng=2)[1]
    assert a["verdict"] == b["verdict"] and a["value"] == b["value"]


@pytest.fixture(scope="module")
def shipped():
    sessions = datasets.load("derived/rating_sessions")
    return sessions, ppi_decision(sessions, until="2010-01-01", rng=2026)


def test_the_shipped_log(shipped):
    """The committee's figures on the shipped log (13,248 sessions from 2010, 35 events):
    the page's m forgets too fast; m × 4 predicts best, 0.211 % RMSE better per session."""
    _, (table, decision) = shipped
    t = table.set_index("factor")
    # the PPI at factor 1 is the report's (ratings_real: 7.791 %, Elo + 0.244), slope 0.604
    assert t.loc[1.0, "rmse"] == pytest.approx(7.791, abs=0.001)
    assert t.loc[1.0, "calibration_slope"] == pytest.approx(0.604, abs=0.002)
    # measured: 8.714, 8.158, 7.791, 7.605, 7.580, 7.665 for 0.25 ... 8 (rate_log is exact
    # arithmetic on the shipped log; 0.001 covers a change of platform's last digits)
    expected = [8.714, 8.158, 7.791, 7.605, 7.580, 7.665]
    np.testing.assert_allclose(table["rmse"], expected, atol=0.001)
    assert decision["verdict"] == "too fast" and decision["value"]["factor"] == 4.0
    assert decision["gain"] == pytest.approx(0.211, abs=0.001)
    lo, hi = decision["gain_ci"]
    assert 0.10 < lo < 0.18 and 0.24 < hi < 0.32  # 0.137 to 0.278 at seed 2026
    # the slope rises through 1 as m grows: the forecasts' excess is the ratings' moves
    assert table["calibration_slope"].is_monotonic_increasing
    assert t.loc[2.0, "calibration_slope"] < 1 < t.loc[4.0, "calibration_slope"]
    assert decision["sentence"].startswith("The PPI forgets too fast: with m × 4 (a board counts")
    # the report's share for the PPI (0.237), and m x 4's nearly twice it
    assert t.loc[1.0, "explained_share"] == pytest.approx(0.237, abs=0.001)
    assert t.loc[4.0, "explained_share"] == pytest.approx(0.474, abs=0.002)
    assert (
        "capturing 47 % of the explainable variance instead of 24 %, and m × 2 does about "
        in (decision["sentence"])
    )
    # m x 2 is not told from m x 4 (0.025 % behind): the committee may take the smaller step
    assert t.loc[2.0, "as_good_as_best"] and not t.loc[8.0, "as_good_as_best"]
    said = ppi_calibration_sentence(table)
    assert "calibration slope of 0.60" in said and "too extreme, because" in said


def test_the_shipped_verdict_does_not_flip_between_bootstrap_seeds(shipped):
    sessions, (_, first) = shipped
    _, second = ppi_decision(sessions, until="2010-01-01", rng=7)
    assert second["verdict"] == first["verdict"] and second["value"] == first["value"]
    assert second["gain_ci"][0] > 0
