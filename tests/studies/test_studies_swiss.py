"""bridgestats.sim.swiss and bridgestats.studies.swiss, late_entry and swiss_findings:
Brighton 2005's 20-0s, late entry and the report's findings from both.

References nobody here wrote: Probst's Table 7 (the seed's counts) and §11's prose (297 and
215 20-0s), §12's entry scores (14, 29, 45, 62 for 6 sessions; a total of 87 after 6
rounds), and the normal distribution (an equal-probability scale between equal pairs gives
every outcome its design share 1/21 or 2/21).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from scipy.special import ndtr

from bridgestats.errors import BridgestatsError
from bridgestats.sim.events import simulate_events
from bridgestats.sim.swiss import entry_scores, refined_scale, simulate_ko_swiss
from bridgestats.studies import swiss, swiss_findings
from bridgestats.studies.late_entry import late_entry, late_entry_verdict
from bridgestats.vp import named_scale


@pytest.fixture(scope="module")
def equal_sim():
    """Equal pairs at the 2004 scale's own σ (9.59 %): every outcome at its design share."""
    return swiss.brighton_simulation(strength_sd=0.0, k=9.59 * math.sqrt(8), n_events=8, rng=3)


@pytest.fixture(scope="module")
def spread_sim():
    return swiss.brighton_simulation(strength_sd=4.0, k=28.0, n_events=8, rng=5)


def test_observed_halves_agree_with_the_article():
    by_round, by_half = swiss.brighton_observed()
    assert by_round["n_matches"].tolist() == [257] * 14
    assert by_half.set_index("half")["n_20_0"].to_dict() == {
        "first_half": 297,
        "second_half": 215,
        "all": 512,
    }
    assert by_half["agrees"].all()


def test_entry_scores_reproduce_section_12():
    assert entry_scores(4).tolist() == [0, 14, 29, 45, 62]  # "Session 6 ... enter with 62"
    assert entry_scores(6)[-1] == 87  # "12,13,14,15,16,17 additively for a total of 87"
    assert np.diff(entry_scores(5)).tolist() == [13, 14, 15, 16, 17]  # "7 sessions with 13"
    assert np.diff(entry_scores(5, rule="2005")).tolist() == [12, 13, 14, 15, 16]
    with pytest.raises(BridgestatsError, match="rule"):
        entry_scores(3, rule="2007")


def test_refined_scale_scores_and_pairs_as_the_scale():
    """Same seed: the fine scale's counts folded back equal the 2004 scale's, and the
    ranks are identical (the pairings did not change)."""
    fine, coarse = refined_scale("washington_2004", step=0.25, top=40.0)
    base = named_scale("washington_2004")
    m = np.linspace(-45, 45, 9001)
    assert np.array_equal(fine.vp(m), base.vp(m))
    kw = dict(n_rounds=6, n_boards=8, board="pairs", k=30.0, strength_sd=3.0, n_events=3, rng=9)
    a = simulate_events(40, scale=fine, **kw)
    b = simulate_events(40, scale=base, **kw)
    folded = np.zeros_like(b.outcome_counts)
    np.add.at(folded, (slice(None), slice(None), coarse), a.outcome_counts)
    assert np.array_equal(folded, b.outcome_counts)
    assert np.array_equal(a.rank, b.rank)


def test_equal_pairs_give_the_design_frequencies(equal_sim):
    """Known answer: at σ = 9.59 % the 2004 scale's outcomes have the normal band
    probabilities of its printed thresholds (within 1e-3 of 1/21 and 2/21: 2-decimal
    thresholds); the simulated shares match them within 4 Monte Carlo SEs (matches are
    independent between equal pairs)."""
    t = np.asarray(named_scale("washington_2004").thresholds)
    cdf = 2 * ndtr(np.concatenate([[0.0], t, [np.inf]]) / 9.59) - 1
    p = np.diff(cdf)
    design = np.array([1] + [2] * 10) / 21
    assert np.abs(p - design).max() < 1e-3
    for i in range(len(equal_sim.pairings)):
        c = equal_sim.counts[i].sum(axis=(0, 1))
        n = c.sum()
        share = c / n
        assert np.all(np.abs(share - p) < 4 * np.sqrt(p * (1 - p) / n))


def test_equal_pairs_need_the_scale_sigma(equal_sim):
    """Equal pairs at σ 9.59: the flattest and the 20-0-share σ are 9.59 within 4 SE + 0.01
    (the grid's 0.005 step and the 0.1 % bins)."""
    eq = swiss.equal_probability_sigma(equal_sim)
    sim = eq[eq.source == "simulated"]
    assert len(sim) == 2 * 2 * 2  # rules x halves x criteria
    assert np.all(np.abs(sim.sigma - 9.59) < 4 * sim.se + 0.01)


def test_twenty_zeros_invariants(spread_sim, equal_sim):
    by_round, by_half = swiss.twenty_zeros(spread_sim)
    assert len(by_round) == 2 * 14 and len(by_half) == 2 * 3
    assert (by_half.band_low <= by_half["mean"]).all() and (
        by_half["mean"] <= by_half.band_high
    ).all()
    h = by_half.set_index(["pairing", "half"])
    for rule in spread_sim.pairings:
        assert h.loc[(rule, "difference"), "mean"] == pytest.approx(
            h.loc[(rule, "first_half"), "mean"] - h.loc[(rule, "second_half"), "mean"]
        )
        assert h.loc[(rule, "first_half"), "observed"] == 297
    # each event plays 14 x 257 matches; a half's 20-0s are the sum of its rounds'
    assert (spread_sim.counts.sum(axis=-1) == 257).all()
    r = by_round.groupby("pairing").apply(lambda g: g["mean"].iloc[:7].sum(), include_groups=False)
    for rule in spread_sim.pairings:
        assert r[rule] == pytest.approx(h.loc[(rule, "first_half"), "mean"])
    # pairing by score brings closer pairs together: fewer 20-0s in the second half than
    # a random draw (margin: 8 events, the SEs of the two means, 3 SE)
    gap = h.loc[("random", "second_half"), "mean"] - h.loc[("score", "second_half"), "mean"]
    se = math.hypot(h.loc[("random", "second_half"), "se"], h.loc[("score", "second_half"), "se"])
    assert gap > 3 * se
    # equal pairs: the halves differ by chance only, whatever the pairing (4 SE)
    eh = swiss.twenty_zeros(equal_sim)[1].set_index(["pairing", "half"])
    for rule in equal_sim.pairings:
        d = eh.loc[(rule, "difference")]
        assert abs(d["mean"]) < 4 * d["se"]


def test_brighton_simulation_is_reproducible():
    a = swiss.brighton_simulation(strength_sd=3.0, k=28.0, pairings=["score"], n_events=2, rng=1)
    swiss._brighton_rule.cache_clear()  # simulated afresh, not the run kept
    b = swiss.brighton_simulation(strength_sd=3.0, k=28.0, pairings=["score"], n_events=2, rng=1)
    c = swiss.brighton_simulation(strength_sd=3.0, k=28.0, pairings=["score"], n_events=2, rng=2)
    assert np.array_equal(a.counts, b.counts) and np.array_equal(a.margins, b.margins)
    assert not np.array_equal(a.counts, c.counts)


def test_a_brighton_run_kept_is_the_run_simulated_afresh():
    # swiss_events asks for one run twice (the simulation and brighton_difference's fitted
    # row): the second comes from the cache, equal to a fresh one, and the caller's arrays
    # are its own
    args = dict(strength_sd=3.5, k=27.0, pairings=["random", "score"], n_events=3, rng=5)
    swiss._brighton_rule.cache_clear()
    fresh = swiss.brighton_simulation(**args)
    kept = swiss.brighton_simulation(**args)
    assert swiss._brighton_rule.cache_info().hits == 2
    for name in ("counts", "margins", "edges"):
        np.testing.assert_array_equal(getattr(kept, name), getattr(fresh, name))
        getattr(kept, name)[...] = 0  # writable, and not the cache's
    again = swiss.brighton_simulation(**args)
    np.testing.assert_array_equal(again.counts, fresh.counts)
    # a different input is a different run
    other = swiss.brighton_simulation(**{**args, "k": 27.5})
    assert not np.array_equal(other.margins, fresh.margins)


def test_brighton_simulation_rejects_bad_input():
    with pytest.raises(BridgestatsError, match="pairings"):
        swiss.brighton_simulation(strength_sd=1.0, k=28.0, pairings=["best"])
    with pytest.raises(BridgestatsError, match="strength_sd"):
        swiss.brighton_simulation(strength_sd=-1.0, k=28.0)
    with pytest.raises(BridgestatsError, match="sim"):
        swiss.twenty_zeros("events")


def test_ko_swiss_structure():
    """Knock-out of 2^S pairs: 2^(S-s) losers of round s join Swiss round s-1 on
    entry_scores[s-1]; everyone in the Swiss is ranked once; the two finalists are not."""
    r = simulate_ko_swiss(5, k=30.0, strength_sd=3.0, scale="mp", n_events=4, rng=2)
    assert r.n_swiss == 30 and (r.repeats == 0).all()
    for ev in range(4):
        assert np.bincount(r.entry_round[ev] + 1).tolist() == [2, 16, 8, 4, 2]
        ranks = r.rank[ev][r.entry_round[ev] >= 0]
        assert sorted(ranks.tolist()) == list(range(1, 31))
        late = r.entry_round[ev] >= 0
        np.testing.assert_array_equal(r.entry_score[ev][late], r.entry[r.entry_round[ev][late]])
        # the knock-out's stronger survivors: finalists are on average stronger
    finalists = r.entry_round == -1
    assert r.strength[finalists].mean() > r.strength[r.entry_round == 0].mean()
    pct = r.percentile
    assert np.nanmax(pct) == 100 and np.nanmin(pct) == 0 and np.isnan(pct[finalists]).all()


def test_ko_swiss_scores_add_up_and_new_entrants_meet_old_pairs():
    """Raw MP scale: each Swiss pair's score is its entry score plus its margins, which
    sum to zero over a round; with the VP scale, new entrants' first opponents are
    already in the Swiss (table numbers: each table holds one new entrant at most)."""
    r = simulate_ko_swiss(5, k=30.0, strength_sd=3.0, scale="mp", n_events=3, rng=4)
    in_swiss = r.entry_round >= 0
    total = np.where(in_swiss, r.score - r.entry_score, 0.0).sum(axis=1)
    np.testing.assert_allclose(total, 0.0, atol=1e-8)
    for ev in range(3):
        for m in range(1, 4):
            tables = r.table_at_entry[ev][r.entry_round[ev] == m]
            assert len(set(tables.tolist())) == len(tables)


def test_ko_swiss_default_scale_and_bad_input():
    """The default scale is EBU 2006's 11 % carried to 18 boards by the field's σ(18)/σ(8),
    σ²(n) = k²/n + 2τ²: 20-0 from 11·σ(18)/σ(8)·z₉; τ = 0 is Probst's √(8/18)."""
    from bridgestats.sigma import sigma_swiss_pairs_spread
    from bridgestats.sim.swiss import carry_factor, ebu_2006_scale
    from bridgestats.vp import gaussian_z

    s = ebu_2006_scale(18, k=27.6, strength_sd=4.0)
    ratio = sigma_swiss_pairs_spread(18, k=27.6, strength_sd=4.0) / sigma_swiss_pairs_spread(
        8, k=27.6, strength_sd=4.0
    )
    assert s.thresholds[-1] == pytest.approx(11 * ratio * gaussian_z(20)[-1], rel=1e-12)
    assert carry_factor(18, k=30.0, strength_sd=0.0) == pytest.approx(2 / 3, rel=1e-12)
    with pytest.raises(BridgestatsError, match="scale"):
        simulate_ko_swiss(4, scale="wbf")
    with pytest.raises(BridgestatsError, match="entry"):
        simulate_ko_swiss(4, entry=[0, 10])
    with pytest.raises(BridgestatsError, match="n_sessions"):
        simulate_ko_swiss(13)
    with pytest.raises(BridgestatsError, match="rules"):
        late_entry(rules=[])


def test_ko_swiss_counterfactual_shares_the_knockout():
    kw = dict(k=30.0, strength_sd=3.0, scale="mp", n_events=3, rng=8)
    a = simulate_ko_swiss(5, **kw)
    b = simulate_ko_swiss(5, late_entry=False, **kw)
    assert np.array_equal(a.strength, b.strength)
    assert np.array_equal(a.entry_round, b.entry_round)
    assert np.nanmax(b.entry_score) == 0
    assert np.array_equal(a.rank, simulate_ko_swiss(5, **kw).rank)  # reproducible


def test_late_entry_with_equal_pairs_and_no_head_start():
    """Equal pairs entering late on 0 VPs have fewer rounds to collect VPs in: having missed
    2 or 3 of 4 rounds they finish far below their counterfactual selves (> 20 points)."""
    r = simulate_ko_swiss(
        5, k=30.0, strength_sd=0.0, scale="ebu_2006", entry=[0, 0, 0, 0], n_events=20, rng=6
    )
    cf = simulate_ko_swiss(
        5, k=30.0, strength_sd=0.0, scale="ebu_2006", late_entry=False, n_events=20, rng=6
    )
    late = r.entry_round >= 2
    assert np.nanmean(r.percentile[late]) < np.nanmean(cf.percentile[late]) - 20


def test_late_entry_frames():
    by_entry, overall, finishes = late_entry(
        n_sessions=[4, 5], rules=["2005", "2006"], k=30.0, strength_sd=3.0, n_events=6, rng=1
    )
    assert len(overall) == 4 and len(by_entry) == 2 * (3 + 4)
    assert (overall.repeats == 0).all()
    e5 = by_entry[(by_entry.n_sessions == 5) & (by_entry.rule == "2006")]
    assert e5.entry_score.tolist() == entry_scores(3).tolist()
    assert e5.pairs.tolist() == [16, 8, 4, 2]
    np.testing.assert_allclose(e5.gap, e5.percentile - e5.counterfactual, atol=1e-9)
    assert ((by_entry.p_wins >= 0) & (by_entry.p_wins <= 1)).all()
    # per size the share of winners by rounds missed sums to 1
    for _, g in by_entry.groupby(["n_sessions", "rule"]):
        assert g.p_wins.sum() == pytest.approx(
            1.0
        ) and g.p_wins_counterfactual.sum() == pytest.approx(1.0)
    assert set(finishes.rule) == {"2005", "2006", "counterfactual"}
    assert (finishes.missed >= 1).all()
    assert len(finishes[(finishes.n_sessions == 5) & (finishes.rule == "2006")]) == 6 * (8 + 4 + 2)


WAYS = "over-rewards|under-rewards|neither over- nor under-rewards"


def test_the_late_entry_verdict_says_where_the_two_measures_part():
    """Issue 33: "over-rewards the rounds missed; late entrants win less often" read as a
    contradiction; the verdict says it is the average against the top."""
    row = {
        "gap": 1.6,
        "gap_se": 0.3,
        "p_late_wins": 0.48,
        "p_late_wins_se": 0.04,
        "p_late_wins_counterfactual": 0.79,
        "p_late_wins_counterfactual_se": 0.03,
    }
    assert late_entry_verdict(row) == (
        "over-rewards the rounds missed on average but under-rewards them at the top"
    )
    even = {**row, "gap": 0.2, "p_late_wins": 0.77}  # within 2 SE both
    assert late_entry_verdict(even) == (
        "neither over- nor under-rewards the rounds missed, on average and at the top"
    )
    assert late_entry_verdict({**row, "gap": -1.0}) == (
        "under-rewards the rounds missed, on average and at the top"
    )


def test_summary_and_conclusions(spread_sim):
    _, by_half = swiss.twenty_zeros(spread_sim)
    sig = swiss.equal_probability_sigma(spread_sim)
    by_entry, overall, _ = late_entry(n_sessions=[4], rules=["2006"], n_events=4, rng=2)
    s = swiss_findings.summary_figures(by_half, sig, overall)
    first = s["brighton_sim_20_0_first_half"]
    assert set(first) == {"mean", "se", "band_90", "observed"} and first["observed"] == 297
    assert first["band_90"]["low"] <= first["mean"] <= first["band_90"]["high"]
    assert s["brighton_verdict"] in {"explains", "explains part of", "does not explain"}
    assert s["late_entry_scores"] == [0, 16, 33]
    assert re.fullmatch(
        f"({WAYS}) the rounds missed(, on average and at the top| on average but ({WAYS}) "
        "them at the top)",
        s["late_entry_verdict"],
    )
    found = swiss_findings.conclusions(by_half, sig, by_entry, overall)
    text = [f["text"] for f in found]
    assert text[0].count(f"so pairing by score {s['brighton_verdict']} Brighton's fall") == 1
    assert any("With 4 sessions and the 2006 entry rule" in x for x in text)
    assert any("§11's 225 20-0s per half assume equal pairs" in x for x in text)
    assert s["brighton_article_predicted_per_half"] == 225
    # each finding one sentence (one full stop, at the end: none inside a number's decimals
    # is followed by a space), keyed to a summary figure, the headline ones the two verdicts
    for f in found:
        assert f["text"].endswith(".") and ". " not in f["text"], f["text"]
        assert f["key"] in s, f["key"]
    assert [f["key"] for f in found if f["headline"]] == ["brighton_verdict", "late_entry_verdict"]


# Table 7's 20-0s by round (Probst §11), typed here from the article, not from the seed file
TABLE_7_20_0 = [40, 50, 36, 39, 42, 46, 44, 20, 34, 34, 29, 32, 32, 34]


def test_step_test_against_independent_arithmetic(spread_sim):
    t = swiss.brighton_step_test(spread_sim)
    halves = (TABLE_7_20_0[:7], TABLE_7_20_0[7:])
    x2_step = sum((o - sum(h) / 7) ** 2 / (sum(h) / 7) for h in halves for o in h)
    assert t["x2_step"] == pytest.approx(x2_step, rel=1e-12)
    assert round(t["x2_step"], 2) == 8.1  # flat within each half
    mean = spread_sim.counts[1, :, :, -1].mean(axis=0)
    x2_smooth = sum((o - m) ** 2 / m for o, m in zip(TABLE_7_20_0, mean, strict=True))
    assert t["x2_smooth"] == pytest.approx(x2_smooth, rel=1e-12)
    assert t["df"] == 12 and t["gain"] == pytest.approx(t["x2_smooth"] - t["x2_step"])
    from scipy.stats import chi2

    assert t["p_step"] == pytest.approx(chi2.sf(x2_step, 12))
    assert [t["by_round"][r]["observed"] for r in range(1, 15)] == TABLE_7_20_0
    assert 0 <= t["p_gain"] <= 1 and t["n_events"] == 8
    with pytest.raises(BridgestatsError, match="pairing"):
        swiss.brighton_step_test(spread_sim, pairing="swiss count-back")


def test_step_test_calibration_follows_the_smooth_model():
    # events simulated under the model: the observed gain of a step is rare among them, and
    # a simulated event's own gain is not (its p is about uniform: not below 0.05 for most)
    sim = swiss.brighton_simulation(
        strength_sd=4.0, k=27.6, pairings=("score",), n_events=60, rng=8
    )
    t = swiss.brighton_step_test(sim)
    assert t["p_gain"] < 0.05  # Brighton's step: beyond the smooth model's own steps
    tz = sim.counts[0, :, :, -1].astype(float)
    m = tz.mean(axis=0)
    gains = ((tz - m) ** 2 / m).sum(1) - np.array(
        [sum(((h - h.mean()) ** 2 / h.mean()).sum() for h in (e[:7], e[7:])) for e in tz]
    )
    assert np.mean([np.mean(gains >= g) < 0.05 for g in gains]) < 0.15


def test_brighton_difference_over_tau_interval():
    from types import SimpleNamespace

    fit = SimpleNamespace(
        strength_sd=4.0,
        strength_sd_ci=(3.2, 4.4),
        round1_sigma=11.3,
        k=math.sqrt(11.3**2 - 32) * math.sqrt(8),
    )
    d = swiss.brighton_difference(fit, n_events=40, rng=4).set_index("point")
    assert d["observed"].tolist() == [82, 82, 82] and d.loc["fit", "strength_sd"] == 4.0
    # each τ with its own σ₀: σ₁² = σ₀² + 2τ², round 1's σ fixed
    for point, tau in (("low", 3.2), ("fit", 4.0), ("high", 4.4)):
        assert d.loc[point, "k"] ** 2 / 8 + 2 * tau**2 == pytest.approx(11.3**2)
    np.testing.assert_allclose(d["z"], (82 - d["mean"]) / d["sd"])
    # one quantity, one value: the fitted τ's row is the event brighton_simulation plays
    same = swiss.brighton_simulation(strength_sd=4.0, k=fit.k, n_events=40, rng=4)
    main = swiss.twenty_zeros(same)[1].set_index(["pairing", "half"])
    assert d.loc["fit", "mean"] == main.loc[("score", "difference"), "mean"]
    # one event's difference spreads widely (sd about 20), far more than the mean's SE
    assert (d["sd"] > 12).all() and (d["se"] < d["sd"] / 5).all()
    # common random numbers: more strength spread, more sorting, a larger fall
    assert d.loc["low", "mean"] < d.loc["fit", "mean"] < d.loc["high", "mean"]
    bad = SimpleNamespace(strength_sd=9.0, strength_sd_ci=(8.0, 9.0), round1_sigma=11.3, k=1.0)
    with pytest.raises(BridgestatsError, match="fit"):
        swiss.brighton_difference(bad, n_events=2, rng=1)


def test_summary_and_conclusions_state_brighton_as_evidence_allows(spread_sim):
    from types import SimpleNamespace

    _, by_half = swiss.twenty_zeros(spread_sim)
    sig = swiss.equal_probability_sigma(spread_sim)
    _, overall, _ = late_entry(n_sessions=[4], rules=["2006"], n_events=4, rng=2)
    fit = SimpleNamespace(
        strength_sd=4.0,
        strength_sd_ci=(3.2, 4.4),
        round1_sigma=11.3,
        k=math.sqrt(11.3**2 - 32) * math.sqrt(8),
    )
    diff = swiss.brighton_difference(fit, n_events=10, rng=4)
    step = swiss.brighton_step_test(spread_sim)
    s = swiss_findings.summary_figures(by_half, sig, overall, difference=diff, step=step)
    assert "brighton_share_explained" not in s  # the observed 82 is not a fixed quantity
    assert set(s["brighton_difference_single_event"]) == {"low", "fit", "high"}
    assert s["brighton_difference_single_event"]["fit"]["observed"] == 82
    assert s["brighton_step_test"]["x2_step"] == step["x2_step"]
    assert "by_round" not in s["brighton_step_test"]
    assert s["brighton_step_causes"] == list(swiss.STEP_CAUSES)
    found = swiss_findings.conclusions(by_half, sig, None, overall, difference=diff, step=step)
    text = [f["text"] for f in found]
    assert "is one event's difference, not a fixed quantity" in text[1]
    assert not any("accounts for" in x for x in text)
    assert all(x.endswith(".") and ". " not in x for x in text)  # one sentence each
    assert any("step at round 8" in x and "a change of field" in x for x in text)


def test_each_entry_rule_on_the_scale_of_its_year():
    from bridgestats.sim.swiss import RULE_SCALES, rule_scale

    assert RULE_SCALES == {"2005": "washington_2004", "2006": "ebu_2006"}
    # Probst's Table 8, W'ton 2004 column (typed from the article): 11-9 ... 20-0 from
    table_8_2004 = [50.57, 51.73, 52.90, 54.13, 55.43, 56.83, 58.40, 60.23, 62.55, 65.99]
    field = {"k": 27.6, "strength_sd": 4.0}
    s8 = rule_scale("2005", 8, **field)
    np.testing.assert_allclose(s8.thresholds, np.array(table_8_2004) - 50, atol=1e-9)
    s18 = rule_scale("2005", 18, **field)
    # σ(18)/σ(8) = √(27.6²/18 + 32)/√(27.6²/8 + 32), by hand
    ratio = math.sqrt(27.6**2 / 18 + 32) / math.sqrt(27.6**2 / 8 + 32)
    np.testing.assert_allclose(s18.thresholds, (np.array(table_8_2004) - 50) * ratio, atol=1e-9)
    assert np.array_equal(s18.vp_winner, s8.vp_winner) and s18.vp([12.3]).tolist() == [20.0]
    assert rule_scale("2006", 18, **field).thresholds[-1] == pytest.approx(
        11 * ratio * 1.66839, abs=1e-4
    )
    # τ = 0: Probst's normalisation √(8/n), the only case where σ₈·√(8/n) holds
    zero = rule_scale("2005", 18, k=27.6, strength_sd=0.0)
    np.testing.assert_allclose(zero.thresholds, (np.array(table_8_2004) - 50) * 2 / 3, atol=1e-9)
    with pytest.raises(BridgestatsError, match="rule"):
        rule_scale("2004", 8, **field)


def test_late_entry_plays_each_rule_on_its_scale_and_headlines_six_sessions():
    _, overall, finishes = late_entry(
        n_sessions=[6, 8], rules=["2005", "2006"], k=30.0, strength_sd=3.0, n_events=3, rng=1
    )
    scales = dict(zip(overall.rule, overall.scale, strict=False))
    assert scales["2005"].startswith("Washington (2004) for 18 boards (thresholds × 0.7")
    assert scales["2006"].startswith("EBU 2006 for 18 boards")
    # one counterfactual per scale, on the same knock-outs
    cf = finishes[finishes.rule == "counterfactual"]
    assert set(cf.scale) == set(scales.values())
    s = swiss_findings.summary_figures(*_brighton_frames(), overall)
    assert s["late_entry_n_sessions"] == 6  # Probst's case, not the largest simulated (8)
    assert s["late_entry_scores"] == [0, 14, 29, 45, 62]
    assert s["late_entry_by_rule"]["2005"]["entry_scores"] == [0, 12, 25, 39, 54]
    # at 8 sessions the two rules enter on the same scores
    o8 = overall[overall.n_sessions == 8].set_index("rule")
    assert o8.loc["2005", "entry_scores"] == o8.loc["2006", "entry_scores"]
    one = late_entry(n_sessions=[4], rules=["2005", "2006"], scale_sigma_8=11.0, n_events=2, rng=1)[
        1
    ]
    assert one.scale.nunique() == 1  # a number puts every rule on one Gaussian scale


def _brighton_frames():
    sim = swiss.brighton_simulation(strength_sd=4.0, k=28.0, n_events=3, rng=5)
    return swiss.twenty_zeros(sim)[1], swiss.equal_probability_sigma(sim)
