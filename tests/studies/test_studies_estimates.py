"""bridgestats.studies.estimates: every estimate against something computed another way.

References: plain numpy sums on the shipped CSV (exact, 1e-9); a scipy maximum likelihood of
σ²(n) = nK² + n²δ² written from the normal density (1e-3 IMPs: the optimiser's tolerance);
statsmodels' DerSimonian-Laird ``combine_effects`` and ``multipletests`` (1e-9: the same
arithmetic), and DerSimonian-Laird written out from the paper (1e-9) and on the BCG vaccine
trials against the figures metafor's tests check against Stata's ``metan`` (to the 4
printed decimals); Probst's printed figures (Table 4's 30.7, §3's 61 IMPs for 32 boards, §11's
11.73, 11.04-12.55, 11.65, 67.39, 1.668, 10.598; DOMAIN's WBF 8-board 20.00 from 43) to
the printed digits.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import optimize, stats
from statsmodels.stats.meta_analysis import combine_effects
from statsmodels.stats.multitest import multipletests

from bridgestats import datasets, fit, sigma, vp
from bridgestats.errors import BridgestatsError
from bridgestats.studies import brighton, estimates, frequencies, k_estimates, k_growth

Z_TOP = stats.norm.ppf(0.5 + 19 / 42)


def _margins():
    m = datasets.load("derived/match_margins")
    m["file"] = m.match.str.split("|").str[0]
    return m


def test_k_per_board():
    m = _margins()
    e = k_estimates.k_per_board(n_boot=100, rng=1)
    assert e.value == pytest.approx(np.sqrt(m.sum_sq_imps.sum() / m.n_boards.sum()), abs=1e-9)
    assert round(e.value, 2) == 6.13  # the archive's PROVENANCE: 6.13
    assert e.ci[0] < e.value < e.ci[1] and e.n == 37_099 and e.n_unit == "boards"
    assert e.source.startswith("derived/match_margins")


def test_k_per_board_by_series_and_decade():
    m = _margins()
    t = k_estimates.k_per_board_by(n_boot=50, rng=1)
    direct = (m.groupby("series").sum_sq_imps.sum() / m.groupby("series").n_boards.sum()) ** 0.5
    np.testing.assert_allclose(t.set_index("group").k, direct, atol=1e-9)
    assert t.n_matches.sum() == 2330 and t.n_files.sum() == m.file.nunique()
    assert (t.ci_low < t.k).all() and (t.k < t.ci_high).all()
    d = k_estimates.k_per_board_by(by="decade", n_boot=20, rng=1)
    assert {"bb 1950s", "us 2000s", "ec 2000s"} <= set(d.group)


def _dl_by_hand(k, se):
    """DerSimonian and Laird (1986), written from the paper: (mean, se, τ², Q)."""
    w = 1 / se**2
    q = float(np.sum(w * (k - np.sum(w * k) / w.sum()) ** 2))
    tau2 = max(0.0, (q - (k.size - 1)) / (w.sum() - np.sum(w**2) / w.sum()))
    w_re = 1 / (se**2 + tau2)
    return float(np.sum(w_re * k) / w_re.sum()), float(1 / np.sqrt(w_re.sum())), tau2, q


#: The 13 BCG vaccine trials (Colditz et al., JAMA 271 (1994) 698-702; metafor's dat.bcg):
#: TB cases and non-cases, vaccinated then control.
BCG = np.array(
    [
        [4, 119, 11, 128],
        [6, 300, 29, 274],
        [3, 228, 11, 209],
        [62, 13536, 248, 12619],
        [33, 5036, 47, 5761],
        [180, 1361, 372, 1079],
        [8, 2537, 10, 619],
        [505, 87886, 499, 87892],
        [29, 7470, 45, 7232],
        [17, 1699, 65, 1600],
        [186, 50448, 141, 27197],
        [5, 2493, 3, 2338],
        [27, 16886, 29, 17825],
    ],
    dtype=float,
)


def test_dersimonian_laird_on_the_bcg_trials():
    a, b, c, d = BCG.T
    log_rr = np.log(a / (a + b)) - np.log(c / (c + d))
    se = np.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d))
    mean, se_mean, tau2, q = k_estimates._dersimonian_laird(log_rr, se)
    # metafor's test_misc_metan_vs_rma.uni_with_dat.bcg: rma(method="DL") as Stata's
    # metan prints it: -0.7141 (95 % -1.0644 to -0.3638), Q = 152.2330
    z = stats.norm.ppf(0.975)
    assert mean == pytest.approx(-0.7141, abs=5e-5)
    assert (mean - z * se_mean, mean + z * se_mean) == pytest.approx((-1.0644, -0.3638), abs=5e-5)
    assert q == pytest.approx(152.2330, abs=5e-5)
    assert (mean, se_mean, tau2, q) == pytest.approx(_dl_by_hand(log_rr, se), abs=1e-9)


def test_dersimonian_laird_truncates_a_negative_tau2_at_zero():
    # Q = 0.0067 < G - 1 = 3: statsmodels' moment estimate of τ² is -0.027; the paper's
    # is 0, and the mean and se are the fixed-effect ones
    k, se = np.array([6.0, 6.01, 5.99, 6.0]), np.array([0.1, 0.2, 0.15, 0.3])
    assert combine_effects(k, se**2, method_re="dl").tau2 < 0
    mean, se_mean, tau2, q = k_estimates._dersimonian_laird(k, se)
    w = 1 / se**2
    assert tau2 == 0.0
    assert mean == pytest.approx(np.sum(w * k) / w.sum(), abs=1e-12)
    assert se_mean == pytest.approx(1 / np.sqrt(w.sum()), abs=1e-12)
    assert (mean, se_mean, tau2, q) == pytest.approx(_dl_by_hand(k, se), abs=1e-12)


def test_k_between_series_is_dersimonian_laird():
    r = k_estimates.k_between_series(n_boot=200, rng=3)
    g = r.groups
    k_hand, _, tau2_hand, q_hand = _dl_by_hand(g.k.to_numpy(), g.se.to_numpy())
    assert (r.k, r.tau**2, r.q) == pytest.approx((k_hand, tau2_hand, q_hand), abs=1e-9)
    res = combine_effects(g.k.to_numpy(), g.se.to_numpy() ** 2, method_re="dl", alpha=0.10)
    assert r.k == pytest.approx(res.mean_effect_re, abs=1e-9)
    assert r.tau**2 == pytest.approx(res.tau2, abs=1e-9)
    assert r.q == pytest.approx(res.q, abs=1e-9)
    se_re = res.summary_frame().loc["random effect", "sd_eff"]
    z = stats.norm.ppf(0.95)
    assert r.ci == pytest.approx((r.k - z * se_re, r.k + z * se_re), abs=1e-9)
    se = 1 / np.sqrt(np.sum(1 / (g.se**2 + r.tau**2)))
    half = stats.t.ppf(0.95, r.n_groups - 2) * np.sqrt(r.tau**2 + se**2)
    assert r.prediction == pytest.approx((r.k - half, r.k + half), abs=1e-9)
    # the finding the reports state: the series differ by more than their sampling error,
    # so the random-effects interval is wider than the pooled one
    assert r.q_p < 0.05 and r.tau > 0
    assert r.ci[1] - r.ci[0] > r.pooled_ci[1] - r.pooled_ci[0]
    assert r.prediction[1] - r.prediction[0] > r.ci[1] - r.ci[0]


def _spread_ml_scipy(m, n):
    """ML (K, δ) from the Gaussian density directly (bounded quasi-Newton on K², δ²)."""

    def negll(theta):
        v = n * theta[0] + n**2 * theta[1]
        return 0.5 * np.sum(np.log(v) + m**2 / v)

    res = optimize.minimize(
        negll,
        x0=[36.0, 0.5],
        bounds=[(1e-6, None), (0.0, None)],
        method="L-BFGS-B",
        options={"ftol": 1e-15, "gtol": 1e-10},
    )
    return np.sqrt(res.x)


def test_k_model_against_scipy():
    m = _margins()
    r = k_growth.k_model(n_boot=100, rng=1)
    k, delta = _spread_ml_scipy(m.imp_margin.to_numpy(float), m.n_boards.to_numpy(float))
    assert r.k == pytest.approx(k, abs=1e-3)
    assert r.delta == pytest.approx(delta, abs=1e-3)
    assert r.n_matches == 2330 and r.n_clusters == m.file.nunique() == 99
    assert r.k_ci[0] < r.k < r.k_ci[1] and r.delta_ci[0] <= r.delta < r.delta_ci[1]
    assert r.sigma(16) == pytest.approx(np.sqrt(16 * r.k**2 + 256 * r.delta**2), rel=1e-12)
    np.testing.assert_allclose(r.k_at([8, 32]), np.sqrt(r.k**2 + np.array([8, 32]) * r.delta**2))
    bb = k_growth.k_model(series="bb", n_boot=50, rng=1)
    g = m[m.series == "bb"]
    k_bb, _ = _spread_ml_scipy(g.imp_margin.to_numpy(float), g.n_boards.to_numpy(float))
    assert bb.k == pytest.approx(k_bb, abs=1e-3)
    assert "series bb" in bb.source


def test_k_model_table_flags():
    t = k_growth.k_model_table(n_boot=50, rng=1).set_index("group")
    assert list(t.index) == ["all", "bb", "ca", "dt", "ec", "ol", "sg", "us", "vb"]
    assert t.loc["all", "flag"] == "" and t.loc["all", "n_matches"] == 2330
    assert "41 matches < 100" in t.loc["ca", "flag"]
    assert "3 files < 10" in t.loc["ol", "flag"]
    assert "too alike" in t.loc["us", "flag"]  # 14 and 15 boards only
    for name in ("bb", "dt"):  # point estimates do not depend on the bootstrap
        assert t.loc[name, "k"] == pytest.approx(k_growth.k_model(series=name, n_boot=10).k)


def test_k_by_match_length():
    m = _margins()
    model = k_growth.k_model(n_boot=50, rng=1)
    t = k_growth.k_by_match_length(n_boot=100, rng=1, model=model)
    assert t.n_matches.sum() == 2330 and t.n_boards.sum() == 37_099  # the bands cover all
    for row in t.itertuples():
        hi = row.max_boards if row.max_boards == row.max_boards else 10_000  # NaN: open
        g = m[m.n_boards.between(row.min_boards, hi)]
        assert row.k_match == pytest.approx(np.sqrt((g.imp_margin**2).sum() / g.n_boards.sum()))
        assert row.inflation == pytest.approx((g.imp_margin**2).sum() / g.sum_sq_imps.sum())
        n = g.n_boards.to_numpy(float)
        expect = np.sqrt(np.sum(n * model.k**2 + n**2 * model.delta**2) / n.sum())
        assert row.k_model == pytest.approx(expect, rel=1e-12)
    assert list(t.band) == ["≤10", "11-14", "15-16", "17-20", "21+"]
    assert t.set_index("band").loc["21+", "flag"] == "39 matches < 50"
    assert (t.set_index("band").drop(index="21+").flag == "").all()


def test_implied_scales():
    model = k_growth.k_model(n_boot=50, rng=1)
    kb = k_estimates.k_per_board(n_boot=50, rng=1)
    t = k_growth.implied_scales(model=model, k_board=kb).set_index("n_boards")
    n = np.array([8, 12, 16, 32])
    np.testing.assert_allclose(t.top_model, Z_TOP * np.sqrt(n * model.k**2 + n**2 * model.delta**2))
    np.testing.assert_allclose(t.top_per_board, Z_TOP * kb.value * np.sqrt(n))
    assert t.loc[8, "top_probst"] == pytest.approx(30.7, abs=0.05)  # Probst Table 4
    assert round(t.loc[32, "top_probst"]) == 61  # Probst §3: 61 IMPs for 32 boards
    assert t.loc[8, "wbf_20_from"] == 43  # the WBF 2013 8-board table
    assert t.loc[16, "sigma_probst"] == pytest.approx(26.0, abs=1e-9)


def _binned_ml_scipy(counts, t):
    edges = np.r_[0.0, t, np.inf]

    def negll(log_s):
        s = np.exp(log_s)
        return -np.sum(counts * np.log(2 * np.diff(stats.norm.cdf(edges / s))))

    return np.exp(
        optimize.minimize_scalar(negll, bounds=(0, 4), method="bounded", options={"xatol": 1e-10}).x
    )


def test_brighton_sigma():
    table, t = brighton.brighton_counts()
    s = brighton.brighton_sigma()
    assert s.loc["all", "n"] == 3598 and len(s) == 4 + 14
    for subset, rows in (
        ("all", slice(None)),
        ("random_draw", [1, 2]),
        ("round_8", [8]),
        ("first_half", slice(1, 7)),
        ("second_half", slice(8, 14)),
    ):
        counts = table.loc[rows].to_numpy().reshape(-1, 11).sum(axis=0)
        assert s.loc[subset, "sigma"] == pytest.approx(_binned_ml_scipy(counts, t), abs=1e-5)
    # as the washington_sigma report and tests/test_fit.py print them
    assert s.loc["all", "sigma"] == pytest.approx(10.97, abs=0.005)
    assert s.loc["random_draw", "sigma"] == pytest.approx(11.66, abs=0.005)
    assert s.loc["round_8", "sigma"] == pytest.approx(9.38, abs=0.005)
    # Cooke's printed interval, from the 20-0 count of the random-draw rounds
    cooke = estimates.printed("cooke_random_draw_sigma")
    tail = fit.fit_sigma_tail(int(table.loc[[1, 2], 20].sum()), 514, t[-1])
    assert tail.ci == pytest.approx(cooke.ci, abs=0.005) and cooke.confidence == 0.9
    other = brighton.brighton_sigma(first_half_last_round=4, random_draw_rounds=[1])
    assert other.loc["random_draw", "sigma"] == pytest.approx(s.loc["round_1", "sigma"])
    assert other.loc["first_half", "rounds"] == "1-4"


def test_brighton_tests():
    tests, rounds = brighton.brighton_tests()
    assert tests.loc["halves", "df"] == 1 and tests.loc["rounds", "df"] == 13
    for name in ("halves", "rounds"):
        row = tests.loc[name]
        assert row.p_value == pytest.approx(stats.chi2.sf(row.statistic, row.df), rel=1e-12)
    np.testing.assert_allclose(
        rounds.p_holm, multipletests(rounds.p_value, method="holm")[1], atol=1e-12
    )
    assert list(rounds.index) == list(range(1, 15))
    assert tests.loc["halves", "p_value"] < 0.01  # the halves differ
    assert rounds.p_holm.idxmin() == 8  # round 8 is the one round apart from the rest


def test_swiss_pairs_sigma_and_ascherman():
    s = brighton.brighton_sigma()
    e = brighton.swiss_pairs_sigma()
    assert e.value == s.loc["all", "sigma"] and e.name == "sigma_whole_event"
    assert "rounds 1-14" in e.source
    late = brighton.swiss_pairs_sigma("swiss_rounds")
    assert late.value == s.loc["second_half", "sigma"]
    ratio = (100 * (41 / 84) / np.sqrt(8)) / (100 * (61 / 124) / np.sqrt(8))  # Probst §11
    a = brighton.swiss_pairs_sigma("random_draw", ascherman=True)
    assert a.value == pytest.approx(s.loc["random_draw", "sigma"] * ratio, rel=1e-12)
    # Cooke's 11.73 with the same correction gives Probst's "about 11.65%"
    cooke = estimates.printed("cooke_random_draw_sigma").value
    assert cooke * ratio == pytest.approx(
        estimates.printed("random_draw_sigma_ascherman").value, abs=0.015
    )


def test_printed_figures_are_as_printed_and_the_derived_are_computed():
    t = estimates.printed_figures()
    for figure, row in t.iterrows():
        assert row.value == pytest.approx(float(Fraction(row.printed)), abs=1e-12), figure
    assert t.loc["cooke_random_draw_sigma", ["range_low", "range_high"]].tolist() == [11.04, 12.55]
    # derived numbers of §4 and §11: computed, to the printed digits
    assert round(float(sigma.swiss_pairs_top_percent(8, n_results=63)), 2) == 67.39
    assert 50 + 100 * (61 / 124) / np.sqrt(8) == pytest.approx(67.39, abs=0.005)
    assert round(float(vp.gaussian_z(20)[-1]), 3) == 1.668
    assert round(50 / (1.668 * np.sqrt(8)), 3) == 10.598
    assert round(float(sigma.k_from_sigma(11.65, 8, percent=True)), 2) == 32.95
    assert estimates.printed("k_bavin").ci is None


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: k_estimates.k_per_board_by(by="year"), "by"),
        (lambda: k_growth.k_model(series="zz"), "series"),
        (lambda: k_growth.k_model(rng="x"), "rng"),
        (lambda: k_growth.k_by_match_length(bands=[(5, 2)]), "bands"),
        (lambda: k_growth.k_by_match_length(bands="ab"), "bands"),
        (lambda: k_growth.k_by_match_length(bands=[(400, 500)], model=None), "bands"),
        (lambda: k_growth.k_by_match_length(model=3), "model"),
        (lambda: k_growth.k_model_table(min_files=0), "min_files"),
        (lambda: k_growth.implied_scales(n_boards=[0]), "n_boards"),
        (lambda: brighton.brighton_sigma(first_half_last_round=14), "first_half_last_round"),
        (lambda: brighton.brighton_sigma(random_draw_rounds=[0]), "random_draw_rounds"),
        (lambda: brighton.swiss_pairs_sigma("late"), "conditions"),
        (lambda: brighton.swiss_pairs_sigma(ascherman="yes"), "ascherman"),
        (lambda: brighton.swiss_pairs_sigma(ascherman=True, n_results=5), "n_results"),
        (lambda: estimates.printed("nope"), "figure"),
    ],
)
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(BridgestatsError, match=rf"^{name}: must be"):
        call()


def test_k_match_is_the_one_match_k():
    m = _margins()
    r = k_estimates.k_match(n_boot=50, rng=1)
    t = m[m.n_boards.between(8, 32)]
    assert r.k == pytest.approx(np.sqrt((t.imp_margin**2).sum() / t.n_boards.sum()), abs=1e-9)
    assert r.inflation == pytest.approx((t.imp_margin**2).sum() / t.sum_sq_imps.sum())
    assert round(r.k, 3) == 6.612 and r.n_matches == len(t)
    assert "8-32 boards" in r.source
    with pytest.raises(BridgestatsError, match=r"^max_boards: must be"):
        k_estimates.k_match(min_boards=10, max_boards=9)


def test_given_margins_instead_of_the_shipped_ones():
    g = np.random.default_rng(5)
    n = np.repeat([8, 16, 32], 300)
    swings = [g.normal(0, 6, k).round() for k in n]
    frame = datasets.load("derived/match_margins").iloc[:0].reindex(range(n.size))
    frame = frame.assign(
        n_boards=n,
        imp_margin=[s.sum() for s in swings],
        sum_sq_imps=[(s**2).sum() for s in swings],
        event=np.repeat(["a", "b", "c"], 300),
    )
    kb = k_estimates.k_per_board(margins=frame, n_boot=20, rng=1)
    assert kb.value == pytest.approx(np.sqrt(frame.sum_sq_imps.sum() / n.sum()))
    assert kb.source.startswith("the given margins")
    by = k_estimates.k_per_board_by(by="event", margins=frame, n_boot=20, rng=1)
    assert list(by.group) == ["a", "b", "c"]
    # a user's files with too few matches per event: the error says what the data lack
    # (issue 26: rederive_k -p files=[...] raised KeyError: 'k' in a cell)
    with pytest.raises(BridgestatsError, match=r"3 event\(s\) with at most 300 match\(es\)"):
        k_estimates.k_per_board_by(by="event", margins=frame, min_matches=301, n_boot=20)
    model = k_growth.k_model(margins=frame, n_boot=20, rng=1)
    assert model.n_clusters == 3 and abs(model.k - 6) < 0.5  # simulated with K = 6, δ = 0
    t = k_growth.k_by_match_length(margins=frame, n_boot=20, rng=1, model=model)
    assert list(t.band) == ["≤10", "15-16", "21+"] and t.attrs["empty_bands"] == ["11-14", "17-20"]
    with pytest.raises(BridgestatsError, match=r"^margins: must"):
        k_estimates.k_per_board(margins=frame.drop(columns="sum_sq_imps"))


def test_outcome_frequencies_against_a_loop():
    """Per outcome from scipy's normal cdf in a plain loop (1e-12); whole IMPs with the
    continuity correction: the WBF 8-board band 1-3 → 11 holds margins in [0.5, 3.5)."""
    w = vp.wbf_scale(8)
    g = vp.gaussian_scale(sigma=18.0)
    f = frequencies.outcome_frequencies({"wbf": w, "gauss": g}, sigma=18.0)
    p_wbf = f[f.scale == "wbf"].probability.to_numpy()
    edges = np.r_[0.0, np.asarray(w.thresholds) - 0.5, np.inf]
    for j in range(11):
        lo, hi = edges[j], edges[j + 1]
        expect = 2 * (stats.norm.cdf(hi / 18) - stats.norm.cdf(lo / 18))
        assert p_wbf[j] == pytest.approx(expect, abs=1e-12)
    gauss = f[f.scale == "gauss"]
    np.testing.assert_allclose(gauss.ratio, 1.0, atol=1e-9)  # the design at its own σ
    assert f.groupby("scale").probability.sum().to_numpy() == pytest.approx([1, 1])
    neg = vp.gaussian_scale(sigma=18.0, negative=5)
    assert frequencies.outcome_frequencies({"n": neg}, sigma=18).equal_share.isna().all()
    with pytest.raises(BridgestatsError, match=r"^scales: must"):
        frequencies.outcome_frequencies({"x": 3}, sigma=1)
    with pytest.raises(BridgestatsError, match=r"^sigma: must"):
        frequencies.outcome_frequencies({"g": g}, sigma=0)


def test_sensitivity():
    g = vp.gaussian_scale(sigma=11.0)
    t = frequencies.sensitivity({"g": g}, sigmas=[9.0, 11.0, 13.0])
    z = stats.norm.ppf(0.5 + 19 / 42)
    np.testing.assert_allclose(t.p_top, 2 * stats.norm.sf(z * 11 / np.array([9.0, 11, 13])))
    assert t.top_ratio.iloc[1] == pytest.approx(1.0)
    assert t.worst_outcome.iloc[0] == t.worst_outcome.iloc[2] == "20-0"  # the tail moves most
    with pytest.raises(BridgestatsError, match=r"^sigmas: must"):
        frequencies.sensitivity({"g": g}, sigmas=[0])


# --- δ from within matches (issue 21) --------------------------------------------------------


def test_delta_within_match_by_hand():
    """The estimator written out as a loop over the shipped matches of 12-32 boards:
    δ² = Σ(m² − Σx²) / Σn(n − 1), K² = Σx²/Σn − δ². Tolerance 1e-12: the same sums."""
    mm = datasets.load("derived/match_margins")
    num = den = sq = boards = 0.0
    for m, n, s in zip(mm.imp_margin, mm.n_boards, mm.sum_sq_imps, strict=True):
        if 12 <= n <= 32:
            num += m * m - s
            den += n * (n - 1)
            sq += s
            boards += n
    d = k_growth.delta_within_match(n_boot=50, rng=0).set_index("group")
    assert d.loc["all", "n_matches"] == 2124  # data/derived/README.md: 2,124 of 12-32 boards
    assert d.loc["all", "delta2"] == pytest.approx(num / den, rel=1e-12)
    assert d.loc["all", "k"] == pytest.approx(math.sqrt(sq / boards - num / den), rel=1e-12)
    # K² + δ² is the per-board mean square: the two parts of the 6.1 IMPs per board
    np.testing.assert_allclose(d.k**2 + d.delta**2, d.k_board**2, rtol=1e-12)
    assert set(d.index) == {"all", *mm.series[mm.n_boards.between(12, 32)].unique()}
    assert (d.delta_ci_low <= d.delta + 1e-12).all() and (d.delta <= d.delta_ci_high + 1e-12).all()


def test_delta_within_match_recovers_a_simulated_delta():
    """6,000 simulated matches of 12-32 boards: per-board edges of sd 0.8 (normal), swings
    about the edge of sd 6 from a Laplace law (not normal: the estimator needs none), 200
    files of 30 matches whose edges are independent. True δ and K inside the 99 %
    bootstrap intervals, and the point within 0.1 of δ (about 3 of the bootstrap's SEs)."""
    g = np.random.default_rng(5)
    n = g.choice([12, 16, 20, 24, 32], size=6000)
    e = g.normal(0, 0.8, size=n.size)
    x = [ei + g.laplace(0, 6 / math.sqrt(2), size=ni) for ei, ni in zip(e, n, strict=True)]
    frame = pd.DataFrame(
        {
            "imp_margin": [xi.sum() for xi in x],
            "n_boards": n,
            "sum_sq_imps": [np.square(xi).sum() for xi in x],
            "file": np.repeat(np.arange(200), 30),
        }
    )
    d = k_growth.delta_within_match(margins=frame, confidence=0.99, n_boot=500, rng=1)
    row = d.iloc[0]
    assert row.group == "all" and len(d) == 1 and row.flag == ""
    assert row.delta_ci_low < 0.8 < row.delta_ci_high and abs(row.delta - 0.8) < 0.1
    assert row.k_ci_low < 6.0 < row.k_ci_high


def test_within_match_against_the_margins_only_likelihood():
    """Issue 21: on the 2,124 matches of 12-32 boards the margins-only likelihood gives
    K 3.98 and δ 1.30, impossible beside a per-board root mean square of 6.12; the
    within-match estimator splits those 6.12 into K 6.09 and δ 0.63."""
    mm = datasets.load("derived/match_margins")
    s = mm[mm.n_boards.between(12, 32)]
    ml = fit.fit_strength_spread(s.imp_margin, s.n_boards, n_boot=10, rng=0)
    assert (round(ml.k, 2), round(ml.delta, 2)) == (3.98, 1.30)
    d = k_growth.delta_within_match(n_boot=200, rng=0).set_index("group").loc["all"]
    assert (round(d.k, 2), round(d.delta, 2), round(d.k_board, 2)) == (6.09, 0.63, 6.12)
    assert ml.k**2 + ml.delta**2 < d.k_board**2 - 18  # the likelihood's parts miss 18 IMPs²


def test_k_by_length_within_series():
    t = k_growth.k_by_length_within_series(n_boot=50, rng=0)
    mm = datasets.load("derived/match_margins")
    us = mm[(mm.series == "us") & mm.n_boards.between(15, 16)]
    row = t[(t.series == "us") & (t.band == "15-16")].iloc[0]
    assert row.n_matches == len(us)
    assert row.k_match == pytest.approx(math.sqrt((us.imp_margin**2).sum() / us.n_boards.sum()))
    assert row.inflation == pytest.approx((us.imp_margin**2).sum() / us.sum_sq_imps.sum())
    assert (t.n_matches >= 20).all() and t.attrs["dropped"] > 0
    # the longest band of a series against its shortest, by hand from the table's rows
    g = k_growth.k_growth_within_series(t).set_index("series")
    assert set(g.index) == {s for s, n in t.series.value_counts().items() if n > 1}
    for series, r in g.iterrows():
        rows = t[t.series == series].sort_values("mean_boards")
        short, long = rows.iloc[0], rows.iloc[-1]
        assert (r.short_band, r.long_band) == (short.band, long.band)
        want = (
            "higher"
            if long.ci_low > short.ci_high
            else "lower"
            if long.ci_high < short.ci_low
            else "overlapping"
        )
        assert r.direction == want
    # US championships: 11-14 boards (5.36) well below 15-16 (6.42) in the shipped margins
    assert g.loc["us", "direction"] == "higher"
    with pytest.raises(BridgestatsError, match="table"):
        k_growth.k_growth_within_series(t.drop(columns="ci_low"))


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: k_growth.delta_within_match(min_boards=0), "min_boards"),
        (lambda: k_growth.delta_within_match(min_boards=40, max_boards=32), "max_boards"),
        (lambda: k_growth.delta_within_match(min_boards=33, max_boards=33), "min_boards"),
        (lambda: k_growth.delta_within_match(confidence=1.5), "confidence"),
        (lambda: k_growth.k_by_length_within_series(bands="x"), "bands"),
        (
            lambda: k_growth.k_by_length_within_series(
                margins=pd.DataFrame({"imp_margin": [1], "n_boards": [8], "sum_sq_imps": [1]})
            ),
            "margins",
        ),
    ],
)
def test_within_match_bad_input(call, name):
    with pytest.raises(BridgestatsError, match=name):
        call()
