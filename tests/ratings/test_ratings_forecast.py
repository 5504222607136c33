"""Elo-style and Glicko-2 forecasts of boards (bridgestats.ratings), their scores, and how the
PPI compares on simulation and on a real field."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgestats.errors import BridgestatsError
from bridgestats.ratings import elo, forecast, glicko2, ppi
from bridgestats.ratings._boardlog import check_board_log
from bridgestats.ratings.sessionlog import player_index
from bridgestats.sim import STRENGTH_SD, board_log, simulate


def _random_log(rng, n_rows=300, n_players=12, n_rounds=20):
    seats = np.array([rng.choice(n_players, size=4, replace=False) for _ in range(n_rows)])
    return pd.DataFrame(
        {
            "round": np.sort(rng.integers(0, n_rounds, size=n_rows)),
            "board": np.arange(n_rows),
            "north": seats[:, 0],
            "south": seats[:, 1],
            "east": seats[:, 2],
            "west": seats[:, 3],
            "pct_ns": rng.uniform(0, 100, size=n_rows),
        }
    )


def _reference_elo(log, k_factor, scale=400.0, initial=1500.0):
    """Plain-Python Elo of pairs (test oracle): mean ratings, logistic, ±K(S − E)."""
    r = {}
    out = []
    for row in log.sort_values("round", kind="stable").itertuples():
        ns, ew = (row.north, row.south), (row.east, row.west)
        for pl in ns + ew:
            r.setdefault(pl, initial)
        diff = (r[ns[0]] + r[ns[1]]) / 2 - (r[ew[0]] + r[ew[1]]) / 2
        e = 1 / (1 + 10 ** (-diff / scale))
        out.append((row.Index, 100 * e))
        step = k_factor * (row.pct_ns / 100 - e)
        for pl in ns:
            r[pl] += step
        for pl in ew:
            r[pl] -= step
    out.sort()
    return np.array([p for _, p in out]), r


def test_elo_matches_reference():
    log = _random_log(np.random.default_rng(3))
    # shuffle within the frame: predictions come back in the frame's order
    log = log.sample(frac=1.0, random_state=1)
    pred, ratings = elo.elo_forecast(log, k_factor=3.0)
    ref_pred, ref_ratings = _reference_elo(log.reset_index(drop=True), 3.0)
    # same arithmetic in another order: 1e-9 points / % is far below any formula error
    np.testing.assert_allclose(pred, ref_pred, rtol=0, atol=1e-9)
    for pl, value in ref_ratings.items():
        assert ratings[pl] == pytest.approx(value, abs=1e-9)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.1, 40.0))
def test_elo_is_zero_sum(seed, k_factor):
    log = _random_log(np.random.default_rng(seed), n_rows=50)
    _, ratings = elo.elo_forecast(log, k_factor=k_factor)
    assert ratings.sum() == pytest.approx(1500.0 * len(ratings), abs=1e-8)


def test_elo_k_mirrors_ppi_weighting():
    # near 50 %, 1 PPI point = 16/ln 10 Elo points: K = 695/m gives the same first step
    k = 1600 / math.log(10) / 600
    log = pd.DataFrame(
        {
            "round": [1],
            "board": [1],
            "north": ["a"],
            "south": ["b"],
            "east": ["c"],
            "west": ["d"],
            "pct_ns": [51.0],
        }
    )
    _, ratings = elo.elo_forecast(log, k_factor=k)
    ppi_step = float(ppi.update(50, 51, 50, 50, 50, k=5000, w=416)) - 50  # 1/600 %
    elo_step = ratings["a"] - 1500
    # in PPI points: 1 Elo point = ln 10/16 % at 50 %; linearisation exact to first order
    assert elo_step * math.log(10) / 16 == pytest.approx(ppi_step, rel=1e-12)


def test_glicko2_forecast_direction_and_symmetry():
    log = pd.DataFrame(
        {
            "round": [1, 1, 2],
            "board": [1, 2, 3],
            "north": ["a", "a", "a"],
            "south": ["b", "b", "b"],
            "east": ["c", "c", "c"],
            "west": ["d", "d", "d"],
            "pct_ns": [80.0, 70.0, 50.0],
        }
    )
    pred, ratings = glicko2.glicko2_forecast(log)
    # round 1 is predicted from the starting ratings: 50 %; round 2 after NS did well
    np.testing.assert_allclose(pred[:2], 50.0)
    assert pred[2] > 55.0
    # partners with the same history move together; the pairs mirror each other
    assert ratings.loc["a", "rating"] == pytest.approx(ratings.loc["b", "rating"], abs=1e-9)
    assert ratings.loc["a", "rating"] - 1500 == pytest.approx(
        1500 - ratings.loc["c", "rating"], abs=1e-6
    )


def test_forecast_scores_by_hand():
    table = forecast.forecast_scores([30.0, 70.0], {"x": [40.0, 50.0]})
    # errors 10 and -20: mse 250, Brier 0.025; always-50 mse 400: skill 1 - 250/400
    row = table.iloc[0]
    assert row["mse"] == 250.0 and row["brier"] == 0.025
    assert row["skill"] == pytest.approx(0.375) and row["bias"] == -5.0


def test_rounds_printed_as_text_are_taken_in_numeric_order():
    # read_valet's segment is text: "10" must come after "2", as it does for numbers
    log = pd.DataFrame(
        {
            "round": [1, 2, 10],
            "board": 1,
            "north": "a",
            "south": "b",
            "east": "c",
            "west": "d",
            "pct_ns": [70.0, 60.0, 40.0],
        }
    )
    as_text = log.assign(round=["1", "2", "10"])
    for predict in (elo.elo_forecast, glicko2.glicko2_forecast):
        np.testing.assert_array_equal(predict(as_text)[0], predict(log)[0])
    with pytest.raises(BridgestatsError, match=r"row 0: round 'R1' is not a number"):
        elo.elo_forecast(log.assign(round=["R1", "R2", "R10"]))


def test_bad_inputs():
    log = _random_log(np.random.default_rng(1), n_rows=5)
    with pytest.raises(BridgestatsError, match=r"missing column\(s\) \['round'\]"):
        elo.elo_forecast(log.drop(columns="round"))
    bad = log.copy()
    bad.loc[2, "pct_ns"] = -1
    with pytest.raises(BridgestatsError, match=r"row 2: pct_ns: .* 0-100; got -1\.0"):
        glicko2.glicko2_forecast(bad)
    with pytest.raises(BridgestatsError, match="predictions\\['x'\\]: 1 values for 2 boards"):
        forecast.forecast_scores([40.0, 60.0], {"x": [50.0]})
    with pytest.raises(BridgestatsError, match="every board is 50 %"):
        forecast.forecast_scores([50.0, 50.0], {"x": [50.0, 50.0]})


@pytest.mark.parametrize("kind", ["text", "int"])
def test_seat_indices_are_pd_unique_and_get_indexer(kind):
    """The board log's check and sessionlog.player_index code the seats with one
    pd.factorize (issue 33: 2.5x faster on the real log); the ids and indices are what
    pd.unique and get_indexer give, and a missing or repeated player is refused at its row."""
    seats = ["north", "south", "east", "west"]
    log = _random_log(np.random.default_rng(3), n_rows=200)
    if kind == "text":
        log[seats] = log[seats].map(lambda p: f"player {p}")
    shuffled = log.sample(frac=1, random_state=1)  # rounds out of order: the check sorts
    frame, ids, index, _ = check_board_log(shuffled)
    plain_ids = pd.unique(shuffled[seats].to_numpy().ravel())
    np.testing.assert_array_equal(ids, plain_ids)
    plain = np.column_stack([pd.Index(plain_ids).get_indexer(frame[s]) for s in seats])
    np.testing.assert_array_equal(index, plain)
    ids, index = player_index(log)
    np.testing.assert_array_equal(ids, pd.unique(log[seats].to_numpy().ravel()))
    np.testing.assert_array_equal(ids[index], log[seats].to_numpy())
    for row, seat, value in ((7, "east", None), (9, "west", log["north"].iloc[9])):
        bad = log.astype({seat: object})
        bad.loc[row, seat] = value
        with pytest.raises(BridgestatsError, match=f"row {row}: needs four different players"):
            check_board_log(bad)


@pytest.fixture(scope="module")
def simulated():
    rng = np.random.default_rng(12)
    strength = 50 + STRENGTH_SD * rng.standard_normal(120)
    sim = simulate(strength, 300, n_months=6, record=True, rng=rng)
    return board_log(sim), pd.Series(strength)


def test_ppi_predicts_about_as_well_as_the_truth_allows(simulated):
    log, strength = simulated
    run = ppi.rate_log(log)
    preds = {
        "ppi": run.boards["expected"].to_numpy()[0::4],
        "elo": elo.elo_forecast(log, k_factor=2.0)[0],
        "truth": log["expected_ns"].to_numpy(),
        "flat": np.full(len(log), 50.0),
    }
    ratings = {"ppi": run.ratings.set_index("player")["ppi"], "truth": strength}
    late = (log["date"] >= log["date"].iloc[len(log) // 2]).to_numpy()
    table = forecast.forecast_scores(
        log["pct_ns"][late], {k: v[late] for k, v in preds.items()}
    ).set_index("system")
    full = forecast.forecast_scores(log["pct_ns"], preds, ratings=ratings, strength=strength)
    full = full.set_index("system")
    # the board noise (sd ≈ 30 %) dominates: even the truth explains ~4 % of the variance;
    # after three months the PPI gets more than half of that, and ranks players like truth
    assert 0.02 < table.loc["truth", "skill"] < 0.07
    assert table.loc["ppi", "skill"] > 0.5 * table.loc["truth", "skill"]
    assert table.loc["flat", "skill"] == 0.0
    assert full.loc["ppi", "spearman"] > 0.85 and full.loc["truth", "spearman"] == 1.0
    # the PPI's expectation is the simulated model's own form: it is unbiased
    assert abs(table.loc["ppi", "bias"]) < 0.5


@pytest.mark.shared
def test_forecasts_on_a_real_full_field(shared_data):
    # 2008 European Women's teams (VALET archive): every table of every round, each board
    # matchpointed across the whole field (ties split), 11,957 table results
    read_valet = pytest.importorskip("bridgestats.io").read_valet
    f = read_valet(shared_data / "valet-fullfield" / "2008-Euro" / "Women" / "scores.txt.gz")
    f = f[f["score_ns"].notna() & f["skip_reason"].isna()]
    g = f.groupby(["segment", "board"])["score_ns"]
    n = g.transform("size")
    pct = 100 * (g.rank(method="average") - 1) / (n - 1)
    keep = (n > 1).to_numpy()
    log = (
        pd.DataFrame(
            {
                "date": "2008-06-14",
                "round": f["segment"].astype(int),
                "board": f["board"],
                "north": f["north"],
                "south": f["south"],
                "east": f["east"],
                "west": f["west"],
                "pct_ns": pct,
            }
        )[keep]
        .sort_values("round", kind="stable")
        .reset_index(drop=True)
    )
    assert len(log) == 11_957
    # the per-board spread of a full championship field: 28.0 %, near 100/√12 = 28.9 %
    # less ties, and below the club figure sim.BOARD_SD = 30.15 % (small fields)
    assert log["pct_ns"].std() == pytest.approx(28.0, abs=0.05)
    run = ppi.rate_log(log)
    preds = {
        "ppi": run.boards["expected"].to_numpy()[0::4],
        "elo": elo.elo_forecast(log, k_factor=2.0)[0],
        "glicko2": glicko2.glicko2_forecast(log)[0],
    }
    late = (log["round"] > log["round"].max() / 2).to_numpy()
    table = forecast.forecast_scores(log["pct_ns"][late], {k: v[late] for k, v in preds.items()})
    skill = table.set_index("system")["skill"]
    # measured (reported): PPI 0.0085, Elo (K = 2) 0.0090, Glicko-2 0.0008; deterministic
    # given the file, so 1e-4 only absorbs float summation order
    assert skill["ppi"] == pytest.approx(0.0085, abs=1e-4)
    assert skill["elo"] == pytest.approx(0.0090, abs=1e-4)
    assert skill["glicko2"] == pytest.approx(0.0008, abs=1e-4)
