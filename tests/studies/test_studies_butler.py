"""studies.butler: B on the shipped full fields, Butler totals against Probst's model."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgestats import datasets
from bridgestats.errors import BridgestatsError
from bridgestats.studies import butler as bt


def test_butler_factors_match_the_article_range_for_the_plain_datum():
    t = bt.butler_factors(n_boot=100, rng=1).set_index("datum")
    # Probst §5: "between 1.18 and 1.2" (his datum is the plain average)
    assert 1.18 <= t.loc["mean", "b"] <= 1.20
    assert t.loc["trimmed", "b"] < t.loc["mean", "b"]  # trimming pulls the datum in
    assert (t["ci_low"] < t["b"]).all() and (t["b"] < t["ci_high"]).all()
    assert (t["n_boards"] == len(datasets.load("derived/fullfield_board_spreads"))).all()


def test_session_spread_model_by_hand():
    s = bt.butler_session_spread(n_boot=50, rng=2)
    g = s.groups
    # one round recomputed from the shipped files with plain numpy
    sessions = datasets.load("derived/rating_sessions")
    spreads = datasets.load("derived/fullfield_board_spreads")
    row = g.iloc[0]
    mine = sessions[(sessions["event"] == row["event"]) & (sessions["round"] == row["round"])]
    boards = spreads[(spreads["event"] == row["event"]) & (spreads["round"] == row["round"])]
    k = math.sqrt(float(np.mean(boards["cross_imps_rms"] ** 2)))
    t, n = len(mine), float(mine["n_boards"].mean())
    assert row["n_tables"] == t
    assert row["observed_sd"] == pytest.approx(float(np.std(mine["butler_imps_ns"], ddof=1)))
    assert row["model_sd"] == pytest.approx(s.b * k * math.sqrt(n * (t - 1) / (2 * t)))
    # the real totals spread wider than equal pairs would: strength differences
    assert s.ratio_ci[0] < s.ratio < s.ratio_ci[1]
    assert s.ratio > 1.0 and 0 < s.excess_variance_share < 1
    assert (g["n_tables"] >= 8).all() and s.n_sessions == g["n_tables"].sum()
    with pytest.raises(BridgestatsError, match="min_tables: must be"):
        bt.butler_session_spread(min_tables=1)


def test_probst_examples_and_scale():
    t = bt.probst_butler_examples(b=1.16, k=6.1).set_index("example")
    online = t.loc["online Butler, Probst"]
    assert online["sigma"] == pytest.approx(1.2 * 7 * math.sqrt(15 * 14 / 30) + 1)
    assert online["printed_sigma"] == 23.22 and online["printed_top"] == 38.73
    assert t.loc["cross-IMP teams of eight", "sigma"] == pytest.approx(6.5 * 8)
    f2f = t.loc["face-to-face Butler, measured (15 boards, 15 tables)"]
    assert f2f["sigma"] == pytest.approx(1.16 * 6.1 * math.sqrt(15 * 14 / 30))
    scale = bt.butler_scale(16, n_tables=20, b=1.16, k=6.1, inflation=1.1, negative=5)
    sigma = 1.16 * 6.1 * math.sqrt(16 * 19 / 40) * 1.1
    assert scale.sigma == pytest.approx(sigma) and len(scale.thresholds) == 15
    assert scale.thresholds[9] == pytest.approx(1.6683912 * sigma, rel=1e-6)
    with pytest.raises(BridgestatsError, match="online: must be"):
        bt.butler_scale(16, n_tables=20, b=1.16, k=6.1, online="yes")
    with pytest.raises(BridgestatsError, match="inflation: must be"):
        bt.butler_scale(16, n_tables=20, b=1.16, k=6.1, inflation=0.5)
