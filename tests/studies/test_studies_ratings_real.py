"""Ratings tested on real players (bridgestats.studies.ratings_real and its _claims and _sim
modules): a simulated log where the truth is known, the no-look-ahead rule, and the shipped
log of real sessions."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from _oracles import plain_lpr_periods

from bridgestats import datasets
from bridgestats.errors import BridgestatsError
from bridgestats.ratings import (
    SYSTEMS,
    GaussianModel,
    fit_gaussian_model,
    gaussian_forecast,
    player_mean_forecast,
)
from bridgestats.ratings.gaussian import SD_NAMES, simulate_gaussian_sessions
from bridgestats.ratings.gaussian_mixed import mixed_log_likelihood, mixed_profile_likelihood
from bridgestats.ratings.glicko2 import glicko2_forecast
from bridgestats.ratings.lpr import limit_change
from bridgestats.studies.ratings_identification import IDENTIFICATION, gaussian_identification
from bridgestats.studies.ratings_real import (
    calibration,
    compare_systems,
    reliability,
    session_predictions,
)
from bridgestats.studies.ratings_real_claims import (
    _LprLog,
    lpr_periods,
    lpr_rates,
    partnership_bonus,
    ppi_bands,
    settling,
)
from bridgestats.studies.ratings_real_sim import simulated_sessions
from bridgestats.studies.ratings_words import best_system_sentence, ppi_verdict, summary_figures


@pytest.fixture(scope="module")
def simulated():
    sessions = simulated_sessions(n_players=120, n_months=6, rng=1)
    predictions = session_predictions(sessions)
    return sessions, predictions, compare_systems(predictions, n_boot=200, unit="period", rng=2)


def _value(table, system, metric):
    return table.set_index(["system", "metric"]).loc[(system, metric), "value"]


def test_the_truth_is_the_floor(simulated):
    _, _, table = simulated
    floor = _value(table, "truth", "rmse")
    # the model's own expectation leaves only the board noise: sd 29.5 over 8 boards
    assert floor == pytest.approx(29.5 / math.sqrt(8), rel=0.05)
    for system in SYSTEMS:
        assert _value(table, system, "rmse") > floor, system
    # every rating learns something in six months of fixed partnerships
    for system in ("ppi", "elo", "gaussian"):
        assert _value(table, system, "rmse") < _value(table, "flat", "rmse"), system


def _slope(predictions, system):
    """The slope of the actual session % regressed on a system's forecast, about 50 %."""
    d = predictions[f"pred_{system}"].to_numpy(float) - 50.0
    return float(np.sum(d * (predictions["pct_ns"].to_numpy(float) - 50.0)) / np.sum(d * d))


def test_glicko2_forecasts_are_over_dispersed(simulated):
    # the property session_predictions documents: Glicko-2 at Glickman's defaults spreads
    # its forecasts too widely (measured 0.455 here), the truth's slope is 1 (1.007)
    sessions, predictions, _ = simulated
    assert _slope(predictions, "truth") == pytest.approx(1.0, abs=0.1)
    assert _slope(predictions, "glicko2") < 0.6
    assert _slope(predictions, "gaussian") > 0.8
    # and a smaller volatility per period makes them less so (measured 0.556): the scale of
    # its uncertainties, not the data, drives the spread
    boards = sessions.loc[sessions.index.repeat(sessions["n_boards"])].reset_index(drop=True)
    boards["board"] = np.arange(len(boards))
    first = np.r_[0, np.cumsum(sessions["n_boards"].to_numpy())[:-1]]
    shipped, _ = glicko2_forecast(boards)
    np.testing.assert_allclose(shipped[first], predictions["pred_glicko2"])
    calm, _ = glicko2_forecast(boards, volatility=0.006)
    assert (
        _slope(predictions.assign(pred_glicko2=calm[first]), "glicko2")
        > _slope(predictions, "glicko2") + 0.05
    )


def test_gaussian_model_is_calibrated_on_its_own_kind_of_data(simulated):
    _, predictions, table = simulated
    # 2,190 sessions: a binomial sd of 0.6 %, so 0.87-0.93 is about five sd either side
    assert 0.87 < _value(table, "gaussian", "coverage_90") < 0.93
    # the fitted noise of a session is the simulator's: 29.5/sqrt(8) = 10.4 %
    model = predictions.attrs["model"]
    noise = math.sqrt(model.board_sd**2 / 8 + model.session_sd**2)
    assert noise == pytest.approx(29.5 / math.sqrt(8), rel=0.1)
    assert _value(table, "gaussian", "rmse_vs_ppi") < 0


def test_intervals_bracket_the_values(simulated):
    table = simulated[2]
    assert (table["ci_low"] <= table["value"] + 1e-12).all()
    assert (table["value"] <= table["ci_high"] + 1e-12).all()
    assert set(table["metric"]) == {
        "rmse",
        "rmse_board",
        "rmse_vs_ppi",
        "rmse_vs_elo",
        "rmse_vs_player_mean",
        "log_score",
        "coverage_90",
        "calibration_slope",
        "calibration_intercept",
        "concordance",
        "explained_share",
    }
    # a board's error adds the spread of the session's boards: sd 29.5 % at an even table
    for system in ("truth", "ppi"):
        assert _value(table, system, "rmse_board") == pytest.approx(29.5, rel=0.05)
    ppi_vs_ppi = table[(table["system"] == "ppi") & (table["metric"] == "rmse_vs_ppi")]
    assert ppi_vs_ppi[["value", "ci_low", "ci_high"]].to_numpy().tolist() == [[0, 0, 0]]


def test_no_look_ahead():
    """Changing the results of the later half changes no forecast of the earlier half."""
    sessions = simulated_sessions(n_players=40, n_months=2, rng=5)
    model = GaussianModel()
    # every fitted parameter fitted on the first month only (the point forecasts' spread too)
    early = {"model": model, "player_mean_boards": 100.0, "until": "2001-01-02"}
    before = session_predictions(sessions, **early)
    half = len(sessions) // 2
    # the first session of the second half's round: every row from its round on changes
    cut = int(np.flatnonzero(sessions["round"].to_numpy() == sessions["round"].iloc[half])[0])
    changed = sessions.copy()
    changed.loc[cut:, "pct_ns"] = 100.0 - changed.loc[cut:, "pct_ns"]
    after = session_predictions(changed, **early)
    columns = [c for c in before.columns if c.startswith(("pred_", "sd_"))]
    pd.testing.assert_frame_equal(before.loc[: cut - 1, columns], after.loc[: cut - 1, columns])
    assert not np.allclose(before.loc[cut:, "pred_gaussian"], after.loc[cut:, "pred_gaussian"])


def test_bad_input_is_refused():
    sessions = simulated_sessions(n_players=24, n_months=2, rng=2)
    with pytest.raises(BridgestatsError, match="sessions: must be rows in time order"):
        gaussian_forecast(sessions.iloc[::-1])
    one_month = sessions[sessions["date"] == sessions["date"].iloc[0]]
    with pytest.raises(BridgestatsError, match="rounds of an event in order"):
        gaussian_forecast(one_month.iloc[::-1])
    with pytest.raises(BridgestatsError, match="model: must be a GaussianModel"):
        gaussian_forecast(sessions, model={"skill_sd": 4})
    with pytest.raises(BridgestatsError, match="until"):
        fit_gaussian_model(sessions, until="1990-01-01")
    with pytest.raises(BridgestatsError, match="n_boot"):
        compare_systems(session_predictions(sessions, model=GaussianModel()), n_boot=1)


@pytest.fixture(scope="module")
def real():
    sessions = datasets.load("derived/rating_sessions")
    predictions = session_predictions(sessions, until="2010-01-01")
    return predictions, compare_systems(predictions, since="2010-01-01", n_boot=300, rng=2026)


def test_real_players_baselines(real):
    """Issue 25's referee figures: the player-mean baseline, the noise floor, the shares."""
    predictions, table = real
    t = table.set_index(["system", "metric"])["value"]
    # c fitted on pre-2010 sessions only (the referee's grid gave 100; the optimum is flat)
    assert 100 < predictions.attrs["player_mean_boards"] < 150
    # The referee's figures (player-mean 7.575, Elo 7.575, Gaussian 7.555 on 12,529
    # sessions) were reproduced here with the Bundesliga season dated 2009; dated by its
    # source (2015/16: bridgestats.derive.ratinglog.SEASON_DATES) its 719 sessions are scored
    # too, and on the 13,248: player-mean 7.549, Elo 7.547, Gaussian 7.531
    assert t[("player_mean", "rmse")] == pytest.approx(7.549, abs=0.003)
    assert t[("elo", "rmse")] == pytest.approx(7.547, abs=0.001)
    assert t[("gaussian", "rmse")] == pytest.approx(7.531, abs=0.001)
    # the referee's noise floor √mean(var/n) (6.85 % then, 6.842 % now) divides var by n,
    # so the floor is √mean(var/(n - 1)) = 7.088 % (see the simulated truth)
    scored = predictions[predictions["date"] >= "2010-01-01"]
    issue_floor = math.sqrt((scored["pct_ns_var"] / scored["n_boards"]).mean())
    assert issue_floor == pytest.approx(6.842, abs=0.001)
    assert t[("noise_floor", "rmse")] == pytest.approx(7.088, abs=0.001)
    # and so the systems capture 50-53 % of the explainable variance, not the referee's 41-43
    for system in ("player_mean", "elo", "gaussian"):
        assert 0.50 < t[(system, "explained_share")] < 0.535, system
    assert t[("ppi", "explained_share")] == pytest.approx(0.237, abs=0.002)
    ci = table.set_index(["system", "metric"])
    # event-clustered: the Gaussian model's lead over Elo survives (referee: -0.037 to -0.005)
    lo, hi = ci.loc[("gaussian", "rmse_vs_elo"), ["ci_low", "ci_high"]]
    assert -0.045 < lo < hi < 0
    # Elo and the player mean are not told apart; the PPI loses to both
    assert (
        ci.loc[("elo", "rmse_vs_player_mean"), "ci_low"]
        < 0
        < ci.loc[("elo", "rmse_vs_player_mean"), "ci_high"]
    )
    assert ci.loc[("ppi", "rmse_vs_player_mean"), "ci_low"] > 0
    # calibration: Elo's slope 1.04 (the Notes of session_predictions), Glicko-2's 0.28
    assert t[("elo", "calibration_slope")] == pytest.approx(1.036, abs=0.005)
    assert t[("glicko2", "calibration_slope")] == pytest.approx(0.275, abs=0.01)
    assert 0.6 < t[("gaussian", "concordance")] < 0.64
    # log scores (nats per session): every system has one; the Gaussian model's is the best,
    # Glicko-2's worse than flat's, and the point forecasts' fitted spreads cover about 90 %
    logs = {s: t[(s, "log_score")] for s in SYSTEMS}
    assert max(logs, key=logs.get) == "gaussian"
    assert logs["glicko2"] < logs["flat"]
    for system in SYSTEMS:
        assert 0.88 < t[(system, "coverage_90")] < 0.92, system
    # resampling events widens the intervals against resampling sessions
    by_session = compare_systems(
        predictions, since="2010-01-01", n_boot=300, unit="session", rng=2026
    ).set_index(["system", "metric"])
    for system in ("ppi", "gaussian"):
        wide = ci.loc[(system, "rmse"), "ci_high"] - ci.loc[(system, "rmse"), "ci_low"]
        narrow = (
            by_session.loc[(system, "rmse"), "ci_high"] - by_session.loc[(system, "rmse"), "ci_low"]
        )
        assert wide > 1.5 * narrow, system


def _player_mean_loop(sessions, c):
    """An independent player-mean forecast: dictionaries, one session at a time."""
    boards, summed, out = {}, {}, []
    for row in sessions.itertuples():
        theta = {}
        for seat in ("north", "south", "east", "west"):
            p = getattr(row, seat)
            n = boards.get(p, 0.0)
            theta[seat] = summed.get(p, 0.0) / (n + c) if n + c > 0 else 0.0
        out.append(50 + (theta["north"] + theta["south"] - theta["east"] - theta["west"]) / 2)
        for seat, sign in (("north", 1), ("south", 1), ("east", -1), ("west", -1)):
            p = getattr(row, seat)
            boards[p] = boards.get(p, 0.0) + row.n_boards
            summed[p] = summed.get(p, 0.0) + sign * row.n_boards * (row.pct_ns - 50)
    return np.array(out)


def test_player_mean_matches_a_loop():
    sessions = simulated_sessions(n_players=40, n_months=3, rng=5)
    for c in (0.0, 37.5, 400.0):
        np.testing.assert_allclose(
            player_mean_forecast(sessions, shrink_boards=c),
            _player_mean_loop(sessions, c),
            rtol=0,
            atol=1e-9,
        )
    with pytest.raises(BridgestatsError, match="shrink_boards"):
        player_mean_forecast(sessions, shrink_boards=-1)


def test_calibration_of_the_truth(simulated):
    # the simulator's own expectations: slope 1 (within its interval), all the explainable
    _, _, table = simulated
    t = table.set_index(["system", "metric"])
    lo, hi = t.loc[("truth", "calibration_slope"), ["ci_low", "ci_high"]]
    assert lo < 1 < hi
    lo, hi = t.loc[("truth", "explained_share"), ["ci_low", "ci_high"]]
    assert lo < 1 < hi
    # the floor with var/n instead of var/(n - 1) would leave the truth far short of it
    sessions = simulated[0]
    floor_n = (sessions["pct_ns_var"] / sessions["n_boards"]).mean()
    flat, truth = (t.loc[(s, "rmse"), "value"] ** 2 for s in ("flat", "truth"))
    assert (flat - truth) / (flat - floor_n) < lo
    assert ("flat", "calibration_slope") not in t.index  # no forecast spread to regress on
    assert set(table["bootstrap_unit"]) == {"period"}
    with pytest.raises(BridgestatsError, match="unit"):
        compare_systems(simulated[1], n_boot=20)  # the simulated log is one event
    with pytest.raises(BridgestatsError, match="unit"):
        compare_systems(simulated[1], n_boot=20, unit="board")


def test_real_players(real):
    """The figures of the comparison on the shipped log (fitted before 2010, scored after)."""
    predictions, table = real
    assert len(predictions) == 22_130
    assert set(table["n_sessions"]) == {13_248}
    t = table.set_index(["system", "metric"])
    # per board, the board's own spread (sd about 27.9 %) dominates every system's error
    assert t.loc[("ppi", "rmse_board"), "value"] == pytest.approx(27.997, abs=0.01)
    assert t.loc[("gaussian", "rmse_board"), "value"] < t.loc[("ppi", "rmse_board"), "value"]
    # the PPI learns something: it beats always predicting 50 % out of sample
    assert t.loc[("flat", "rmse_vs_ppi"), "ci_low"] > 0
    # the Gaussian model beats the PPI, its interval excluding zero, and covers what it claims
    assert t.loc[("gaussian", "rmse_vs_ppi"), "ci_high"] < 0
    assert 0.88 < t.loc[("gaussian", "coverage_90"), "value"] < 0.92
    # the fitted model: skill sd about 3.4 %, board sd about 27 %, and the partnership and
    # drift sds exactly on the bound 0 (a variance fitted from 0 up, not an sd clipped)
    model = predictions.attrs["model"]
    assert model.skill_sd == pytest.approx(3.43, abs=0.05)
    assert model.board_sd == pytest.approx(27.31, abs=0.2)
    assert model.partnership_sd == 0.0 and model.drift_sd == 0.0
    # and it beats Elo too, by little: its interval excludes zero
    assert t.loc[("gaussian", "rmse_vs_elo"), "ci_high"] < 0
    cal = calibration(predictions, since="2010-01-01").set_index("level")["coverage"]
    assert cal.to_numpy() == pytest.approx([0.5, 0.8, 0.9, 0.95], abs=0.02)


def test_real_players_claims(real):
    predictions, table = real
    sessions = datasets.load("derived/rating_sessions")
    bonus = partnership_bonus(sessions, predictions, rng=2026).set_index("partnership")
    # the page's "about 2 %" for pick-up players is not seen between new and established
    # partnerships of championship players: the interval holds 0 and stays far below 2
    assert bonus.loc["bonus", "ci_low"] < 0 < bonus.loc["bonus", "ci_high"] < 1.0
    assert bonus.loc["new", "n_sides"] > 1000
    periods = lpr_periods(sessions)
    summary = summary_figures(table, bonus.reset_index(), periods)
    assert summary["best_system"] == "gaussian"
    assert set(summary["systems"]) == {"flat", "player_mean", "ppi", "elo", "glicko2", "gaussian"}
    assert summary["bootstrap_unit"] == "event"
    assert summary["systems"]["flat"]["calibration_slope"] is None
    # the verdict on the PPI: worse than Elo and than a player's own running mean
    verdict = ppi_verdict(summary)
    assert verdict.startswith("The PPI predicts worse than Elo by +0.244 %")
    assert "and predicts worse than a player's own running mean (+0.242 %" in verdict
    # issue 33: the Gaussian model's lead over a player's running mean (0.018 %) and Elo
    # (0.016 %), beyond 0 but a few % of their distance from the noise floor, is not "beats"
    best = best_system_sentence(summary, n_scored=13248)
    assert ", but its lead is immaterial: 0.018 % below a player's own running mean" in best
    assert "beats" not in best and "0.2 % of its RMSE" in best
    # the limiting tests seldom intervene ("Fortunately an intervention is seldom needed")
    assert 0 < summary["lpr_test1_rate"] < 0.02 and 0 < summary["lpr_test2_rate"] < 0.02


def _hand_log(pcts):
    """Pair a-b against a new pair in each session, then pair a-c (new) once."""
    rows = [
        ("E", "2005-09-01", i + 1, "a", "b", f"x{i}", f"y{i}", 20, p)
        for i, p in enumerate(pcts[:-1])
    ]
    rows.append(("E", "2005-09-01", len(pcts), "a", "c", "x9", "y9", 20, pcts[-1]))
    return pd.DataFrame(
        rows,
        columns=["event", "date", "round", "north", "south", "east", "west", "n_boards", "pct_ns"],
    )


def test_partnership_bonus_arithmetic():
    sessions = _hand_log([50.0, 60.0, 56.0, 40.0])
    # a made-up forecast, so that the residuals are known: 0, +6, +4, -12 to North-South
    predictions = pd.DataFrame({"pct_ns": sessions["pct_ns"], "pred_ppi": [50, 54, 52, 52.0]})
    table = partnership_bonus(
        sessions, predictions, settled=0, new_below=20, n_boot=20, unit="session", rng=1
    )
    t = table.set_index("partnership")
    # new sides: a-b in its first session (0), a-c (-12), and every East-West pair
    # (0, -6, -4, +12): mean -10/6; established: a-b in sessions 2 and 3 (+6, +4)
    assert t.loc["new", "n_sides"] == 6 and t.loc["established", "n_sides"] == 2
    assert t.loc["new", "residual"] == pytest.approx(-10 / 6)
    assert t.loc["established", "residual"] == pytest.approx(5.0)
    assert t.loc["bonus", "residual"] == pytest.approx(5.0 + 10 / 6)
    with pytest.raises(BridgestatsError, match="settled sessions"):
        partnership_bonus(sessions, predictions, settled=1000, n_boot=20, unit="session")


def test_partnership_bonus_is_zero_where_partnerships_add_nothing():
    # the simulator has no partnership term: first sessions of fixed pairs against the rest
    sessions = simulated_sessions(n_players=120, n_months=6, rng=7)
    predictions = session_predictions(sessions, model=GaussianModel())
    table = partnership_bonus(sessions, predictions, settled=0, new_below=40, unit="period", rng=3)
    bonus = table.set_index("partnership").loc["bonus"]
    assert bonus["ci_low"] < 0 < bonus["ci_high"]


def test_lpr_periods_follow_limit_change():
    sessions = simulated_sessions(n_players=40, n_months=3, rng=8)
    sessions = sessions.assign(event=sessions["date"])  # a month is a rating period
    periods = lpr_periods(sessions, k_factor=8.0)
    assert periods["n_boards"].sum() == 4 * sessions["n_boards"].sum()
    expected = limit_change(periods["last_rating"], periods["change"], periods["lpr"])
    np.testing.assert_allclose(periods["new_rating"], expected)
    test1 = periods[periods["outcome"] == "test1"]
    assert (np.abs(test1["new_rating"] - test1["lpr"]) < 1e-9).all()
    test2 = periods[periods["outcome"] == "test2"]
    assert (np.sign(test2["change"]) != np.sign(test2["lpr"] - test2["last_rating"])).all()
    passed = periods[periods["outcome"] == "passed"]
    np.testing.assert_allclose(passed["new_rating"], passed["last_rating"] + passed["change"])
    # a player's first period starts at 1500 and the LPR agrees in sign with the change
    # for most periods (both follow the same results)
    agree = np.sign(periods["change"]) == np.sign(periods["lpr"] - periods["last_rating"])
    assert agree.mean() > 0.8


def test_ppi_band_on_real_players():
    """The page's "band of around 3 to 5%": measured on 771 real players with 300 boards after
    their first 300, the median band (central 95 % of their session-end PPIs) is 2.6 %."""
    bands = ppi_bands(datasets.load("derived/rating_sessions"))
    assert len(bands) == 771 and (bands["n_boards"] >= 300).all()
    assert bands["band"].median() == pytest.approx(2.63, abs=0.01)
    assert 0.2 < bands["band"].between(3, 5).mean() < 0.4
    # a PPI that wanders slowly over 40 sessions spans less than 2 x 1.96 sds: 3.4 here
    assert 2.5 < (bands["band"] / bands["sd"]).median() < 3.92


def test_ppi_band_widens_with_the_noise():
    sessions = simulated_sessions(n_players=60, n_months=6, rng=9)
    bands = ppi_bands(sessions, burn_in=100, min_boards=100)
    noisy = sessions.assign(pct_ns=(50 + 1.5 * (sessions["pct_ns"] - 50)).clip(0, 100))
    wider = ppi_bands(noisy, burn_in=100, min_boards=100)
    assert wider["band"].median() > bands["band"].median()


def test_settling_on_real_players(real):
    """Newcomers' boards before each rating stays within 1 % of its value at the end of the
    log: 747 players with 600 boards or more (median 964)."""
    predictions, _ = real
    table = settling(datasets.load("derived/rating_sessions"), model=predictions.attrs["model"])
    t = table.set_index("system")
    assert t["n_players"].tolist() == [747, 747, 747]
    assert (t["median_boards"] <= t["median_total"]).all()
    assert t.loc["ppi", "median_boards"] == pytest.approx(816, abs=1)
    # the filter, which knows how sure it is, settles sooner than the PPI and Elo
    assert t.loc["gaussian", "median_boards"] < t.loc["elo", "median_boards"]
    assert t.loc["gaussian", "median_boards"] < t.loc["ppi", "median_boards"]


def test_settling_tolerance():
    sessions = simulated_sessions(n_players=40, n_months=4, rng=6)
    loose = settling(sessions, model=GaussianModel(), tolerance=5.0, min_boards=200)
    tight = settling(sessions, model=GaussianModel(), tolerance=0.5, min_boards=200)
    assert (loose["median_boards"] <= tight["median_boards"]).all()
    with pytest.raises(BridgestatsError, match="tolerance"):
        settling(sessions, model=GaussianModel(), tolerance=0)


@pytest.mark.parametrize("events", ["monthly", "none", "real"])
def test_lpr_periods_shared_across_k_equal_the_plain_construction(events):
    """lpr_periods numbers the player-events on the sessions and prepares them once for
    every K (issue 33: the report's five LPR tables took 8 s of its 17); the tables are the
    plain board-level construction's, bit for bit, whatever K is asked first (the board
    log checked once for every K's Elo)."""
    if events == "real":
        sessions = datasets.load("derived/rating_sessions").iloc[:3000]
    else:
        sessions = simulated_sessions(n_players=40, n_months=3, rng=8)
        if events == "monthly":
            sessions = sessions.assign(event=sessions["date"])
    shared = _LprLog(sessions)
    for k in (8.0, 2.0, 8.0):
        plain = plain_lpr_periods(sessions, k)
        got = shared.periods(k)
        pd.testing.assert_frame_equal(got[plain.columns], plain, check_exact=True)
        pd.testing.assert_frame_equal(lpr_periods(sessions, k_factor=k), got, check_exact=True)
    rates = lpr_rates(sessions, k_factors=[8.0, 2.0])
    pd.testing.assert_frame_equal(rates, shared.rates([8.0, 2.0]), check_exact=True)
    for k in (0.0, 401.0):  # Elo's K is refused as elo_forecast refuses it
        with pytest.raises(BridgestatsError, match="k_factor"):
            shared.periods(k)


def test_lpr_rates_are_lpr_periods_for_each_k():
    sessions = simulated_sessions(n_players=40, n_months=3, rng=8)
    sessions = sessions.assign(event=sessions["date"])
    rates = lpr_rates(sessions, k_factors=[2.0, 8.0]).set_index("k_factor")
    for k in (2.0, 8.0):
        outcome = lpr_periods(sessions, k_factor=k)["outcome"]
        assert rates.loc[k, "test1_rate"] == np.mean(outcome == "test1")
        assert rates.loc[k, "test2_rate"] == np.mean(outcome == "test2")
    with pytest.raises(BridgestatsError, match="k_factors"):
        lpr_rates(sessions, k_factors=[])
    with pytest.raises(BridgestatsError, match="k_factors"):
        lpr_rates(sessions, k_factors=[2.0, -1.0])


def test_point_forecasts_get_a_fitted_spread(simulated):
    # one board count (8): a + b/8 is the mean squared error of the fitting sessions
    _, predictions, _ = simulated
    for system in ("flat", "elo"):
        a, b = predictions.attrs["predictive_sd"][system]
        err = predictions[f"pred_{system}"] - predictions["pct_ns"]
        assert a + b / 8 == pytest.approx(float(np.mean(err**2)), rel=1e-6)
        np.testing.assert_allclose(predictions[f"sd_{system}"], math.sqrt(a + b / 8))
    assert "gaussian" not in predictions.attrs["predictive_sd"]  # it has its own


def test_reliability_of_the_truth(simulated):
    _, predictions, _ = simulated
    table = reliability(predictions, n_bins=5)
    assert set(table["system"]) == {"player_mean", "ppi", "elo", "glicko2", "gaussian", "truth"}
    truth = table[table["system"] == "truth"]
    assert truth["n_sessions"].sum() == len(predictions)
    # the simulator's own expectations lie on the diagonal, within 3 standard errors
    off = (truth["mean_outcome"] - truth["mean_forecast"]).abs() / truth["outcome_se"]
    assert (off < 3).all()
    with pytest.raises(BridgestatsError, match="n_bins"):
        reliability(predictions, n_bins=1)


@pytest.mark.slow
def test_real_players_identification(real):
    """The Gaussian model's sds fitted before 2010 by its exact likelihood, with 90 % profile
    intervals (the shipped figures: the report's arguments on the shipped log)."""
    sessions = datasets.load("derived/rating_sessions")
    ci, curve = gaussian_identification(sessions, **IDENTIFICATION)
    t = ci.set_index(["sessions", "parameter"])
    # skill is identified: 3.78 % (3.57 to 4.00); the diagonal filter's 3.43 % (3.26 to
    # 3.61) is low, as on simulated logs
    lo, hi = t.loc[("all", "skill_sd"), ["ci_low", "ci_high"]]
    assert 3.5 < lo < 3.78 < hi < 4.1
    # drift leaves the bound 0 (0.29 % per √year, the filter's 0), but its interval holds
    # 0 (deviance 0.49 there) and ends at 0.56
    row = t.loc[("all", "drift_sd")]
    assert 0.2 < row["estimate"] < 0.4 and row["ci_low"] == 0.0 and 0.45 < row["ci_high"] < 0.7
    # the partnership sd sits on the bound 0, all sessions (to 0.49 %) and multi-partner
    # sessions (3,169 of the 8,882; to 0.65 %) alike
    row = t.loc[("all", "partnership_sd")]
    assert row["estimate"] == 0.0 and row["ci_low"] == 0.0 and 0.3 < row["ci_high"] < 0.7
    multi = t.loc[("multi_partner", "partnership_sd")]
    assert multi["n_sessions"] == 3169
    assert multi["estimate"] == 0.0 and 0.4 < multi["ci_high"] < 0.9
    summary = summary_figures(*_summary_inputs(real, sessions), identification=ci)
    assert summary["partnership_sd_multi_partner_ci"][1] == pytest.approx(multi["ci_high"])
    assert set(curve["parameter"]) == set(SYSTEMS["gaussian"].model.__dataclass_fields__)
    # the figures are the exact likelihood's: the shipped maximum is one (a fresh
    # evaluation at it gives the shipped log-likelihood)
    model = GaussianModel(**{n: float(t.loc[("all", n), "estimate"]) for n in SD_NAMES})
    assert mixed_log_likelihood(
        sessions, model=model, until=IDENTIFICATION["until"]
    ) == pytest.approx(t.loc[("all", "skill_sd"), "log_likelihood"], rel=1e-9)


def test_identification_computes_what_is_not_shipped():
    # a log other than the shipped one: the exact fit and profiles are computed, the same
    # as mixed_profile_likelihood's
    sim = simulate_gaussian_sessions(
        GaussianModel(), n_circles=4, circle_size=4, n_rounds=40, rounds_per_date=20, rng=1
    )
    ci, _ = gaussian_identification(sim, n_grid=2)
    direct, _ = mixed_profile_likelihood(sim, sds=["board_sd"], n_grid=2)
    row = ci.set_index(["sessions", "parameter"]).loc[("all", "board_sd")]
    assert row["ci_high"] == pytest.approx(direct["ci_high"].iloc[0], abs=2e-3)
    assert row["estimate"] == pytest.approx(direct["estimate"].iloc[0], rel=1e-6)


def _summary_inputs(real, sessions):
    predictions, table = real
    bonus = partnership_bonus(sessions, predictions, n_boot=50, rng=1)
    return table, bonus, lpr_periods(sessions)
