"""studies.scales: the committee's tribunal (candidate scales and pairing rules on simulated
events; summary and computed conclusions)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from bridgestats import fit, notebook
from bridgestats.errors import BridgestatsError
from bridgestats.notebook import finding
from bridgestats.sim.events import PAIRINGS
from bridgestats.studies import scales, strength
from bridgestats.vp import gaussian_z

SMALL = {"n_entrants": 16, "n_rounds": 5}


@pytest.fixture(scope="module")
def spread():
    return strength.team_strength_spread(n_boot=200, rng=0)


def test_candidate_scales_teams(spread):
    """Six scales; the Gaussian ones at σ = √(nK² + n²δ²), thresholds σ·z_k (Probst Table 2)."""
    sc = scales.candidate_scales("round robin", spread=spread)
    assert [s.name for s in sc][2:] == [
        "WBF 2013 continuous, 16 boards",
        "WBF 2013 discrete, 16 boards",
        "win/draw/loss",
        "IMPs differential",
    ]
    sigma = math.sqrt(16 * spread.k**2 + 256 * spread.delta**2)
    np.testing.assert_allclose(sc[0].thresholds, sigma * gaussian_z(20), rtol=1e-12)
    np.testing.assert_allclose(sc[1].thresholds, sigma * gaussian_z(20, negative=5), rtol=1e-12)
    assert min(sc[1].vp_loser) == -5 and min(sc[0].vp_loser) == 0
    assert scales.candidate_scales("Swiss teams", n_boards=12, spread=spread)[2].name == (
        "WBF 2013 continuous, 12 boards"
    )
    pairs = scales.candidate_scales("Swiss pairs")
    assert len(pairs) == 6 and pairs[-1].raw and all(s.unit == "MP %" for s in pairs)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: scales.candidate_scales("knock-out"), "event"),
        (lambda: scales.candidate_scales("Swiss teams", spread=(6.0, 0.5)), "spread"),
        (lambda: scales.compare_scales("Swiss teams", strength_sd=-1), "strength_sd"),
        (lambda: scales.compare_scales("Swiss teams", strength_sd=0.5, seats=4), "overrides"),
        (lambda: scales.compare_scales("Swiss teams", strength_sd=0.5, pairings=["x"]), "pairings"),
        (lambda: scales.headline(pd.DataFrame()), "measures"),
        (lambda: scales.conclusions([1, 2]), "measures"),
        (lambda: scales.scale_shooting("Swiss pairs"), "event"),
        (lambda: scales.compare_scales("Swiss teams", strength_sd=0.5, rng=-1), "rng"),
        (
            lambda: scales.compare_scales(
                "Swiss teams", scales=["wbf", "wdl"], strength_sd=0.5, reference="ebu_2006"
            ),
            "reference",
        ),
        (
            lambda: scales.compare_scales(
                "Swiss teams", scales=["wbf", "wdl"], strength_sd=0.5, reference="nonsense"
            ),
            "reference",
        ),
        (lambda: scales.scale_verdicts(pd.DataFrame({"event": []}), alpha=1.5), "alpha"),
    ],
)
def test_bad_input(call, name):
    with pytest.raises(BridgestatsError, match=name):
        call()


@pytest.fixture(scope="module")
def swiss():
    return scales.compare_scales(
        "Swiss teams", scales=["wbf", "wdl"], strength_sd=0.5, n_events=150, rng=3, **SMALL
    )


def test_compare_scales_frame(swiss):
    assert list(swiss.columns) == [
        "event",
        "scale",
        "pairing",
        "measure",
        "round",
        "k",
        "outcome",
        "value",
        "se",
        "n_events",
        "reference",
        "p_value",
        "p_holm",
    ]
    assert set(swiss.pairing) == set(PAIRINGS) and set(swiss.event) == {"Swiss teams"}
    p = swiss[swiss.measure == "p_strongest_wins"]
    assert len(p) == 2 * len(PAIRINGS) and (p.n_events == 150).all()
    # every Monte Carlo figure has its SE, the binomial one for a share
    assert swiss.se.notna().all()
    # one paired row per rule and measure: win/draw/loss against the WBF reference
    d = swiss[swiss.measure.str.endswith("_vs_reference")]
    assert len(d) == 3 * len(PAIRINGS) and set(d.scale) == {"win/draw/loss"}
    assert set(d.reference) == {"WBF 2013 continuous, 8 boards"}
    assert swiss.loc[~swiss.index.isin(d.index), "reference"].isna().all()
    np.testing.assert_allclose(p.se, np.sqrt(p.value * (1 - p.value) / 150))
    top = swiss[swiss.measure == "p_top_k"]
    assert (top.k == 2).all()
    # outcome shares of a round add up to 1
    share = swiss[(swiss.measure == "outcome_share") & swiss["round"].notna()]
    sums = share.groupby(["scale", "pairing", "round"]).value.sum()
    np.testing.assert_allclose(sums, 1.0)


def test_common_random_numbers_and_extremes():
    """A huge spread: the strongest nearly always wins under every scale; the round robin
    ignores the pairing rules; the same rng gives the same frame."""
    big = scales.compare_scales(
        "round robin", scales=["wbf", "imps"], strength_sd=20.0, n_events=40, rng=5, n_entrants=8
    )
    assert set(big.pairing) == {"round_robin"}
    p = big[big.measure == "p_strongest_wins"]
    assert (p.value >= 0.9).all()  # the two strongest can be close: 20-VP caps tie them
    again = scales.compare_scales(
        "round robin", scales=["wbf", "imps"], strength_sd=20.0, n_events=40, rng=5, n_entrants=8
    )
    pd.testing.assert_frame_equal(big, again)
    equal = scales.compare_scales(
        "Swiss teams",
        scales=["wbf"],
        pairings=["random"],
        strength_sd=0.0,
        n_events=20,
        rng=5,
        **SMALL,
    )
    assert "p_strongest_wins" not in set(equal.measure)  # no unique strongest side


def test_headline(swiss):
    h = scales.headline(swiss)
    keys = ["Swiss teams: WBF 2013 continuous, 8 boards", "Swiss teams: win/draw/loss"]
    assert sorted(h["p_strongest_wins"]) == keys == sorted(h["kendall_tau"])
    row = swiss.query("measure == 'p_strongest_wins' and pairing == 'score'").iloc[0]
    assert h["p_strongest_wins"][f"Swiss teams: {row.scale}"] == row.value
    assert h["p_strongest_wins_se"][f"Swiss teams: {row.scale}"] == row.se
    assert h["n_events_simulated"] == 150 * 2 * len(PAIRINGS)
    assert h["n_events_per_format"] == {"Swiss teams": 150}
    (row,) = [r for r in h["scale_differences"] if r["measure"] == "p_strongest_wins"]
    d = swiss.query("measure == 'p_strongest_wins_vs_reference' and pairing == 'score'")
    assert row["diff"] == d.value.iloc[0] and row["se_paired"] == d.se.iloc[0]
    assert {k for k in row} == {
        "format",
        "measure",
        "scale",
        "reference",
        "diff",
        "se_paired",
        "p_holm",
        "verdict",
    }


def test_conclusions_are_computed(swiss):
    lines = scales.conclusions(swiss)
    p = swiss.query("measure == 'p_strongest_wins' and pairing == 'score'")
    p = p.sort_values("value", ascending=False)
    top, low = p.iloc[0], p.iloc[-1]  # one sentence: the highest and the lowest, then verdicts
    assert f"highest under {top.scale} ({100 * top.value:.1f} % ± {100 * top.se:.1f} %)" in lines[0]
    assert f"lowest under {low.scale} ({100 * low.value:.1f} % ± {100 * low.se:.1f} %)" in lines[0]
    v = scales.scale_verdicts(swiss).query("measure == 'p_strongest_wins' and pairing == 'score'")
    clause = lines[0].split("; against WBF 2013 continuous, 8 boards, ")[1]
    # the scales that differ are named with their paired difference; the others counted
    for r in v.itertuples():
        shown = f"{r.scale} ({100 * r.diff:+.1f} ± {100 * r.se_paired:.1f} percentage points)"
        assert (shown in clause) == (r.verdict == "differs")
    n_open = int((v.verdict == "unresolved").sum())
    n_same = int((v.verdict == "not distinguishable").sum())
    open_words = f"{n_open} scale{' is' if n_open == 1 else 's are'} unresolved"
    assert (open_words in clause) == (n_open > 0)
    assert (f"{n_same} cannot be told from it" in clause) == (n_same > 0)
    assert clause.startswith("no scale differs") == (v.verdict != "differs").all()
    # each one sentence
    assert all(
        notebook.findings_problems([finding(x, section="s", headline=True)]) == [] for x in lines
    )
    assert any("by pairing rule" in s for s in lines)
    # the verdict follows the numbers: one scale z = 4 from the reference differs, z = 0.5
    # does not, z = 2.2 (within 1.5 of the simultaneous 2.24 for two comparisons) is open
    fake = pd.DataFrame(
        {
            "event": "Swiss teams",
            "scale": ["ref", "a", "b"],
            "pairing": "score",
            "measure": ["p_strongest_wins"] + ["p_strongest_wins_vs_reference"] * 2,
            "round": pd.NA,
            "k": pd.NA,
            "outcome": None,
            "value": [0.5, -0.08, 0.01],
            "se": 0.02,
            "n_events": 1000,
            "reference": [None, "ref", "ref"],
        }
    )
    z = fake.value / fake.se
    fake["p_value"] = 2 * stats.norm.sf(z.abs())
    fake.loc[0, "p_value"] = np.nan
    fake.loc[1:, "p_holm"] = fit.holm(fake.p_value[1:])
    v = scales.scale_verdicts(fake).set_index("scale")
    assert v.verdict.to_dict() == {"a": "differs", "b": "not distinguishable"}
    # the threshold is the family's simultaneous one (Bonferroni over 2), not Holm's steps
    np.testing.assert_allclose(v.z_critical, [stats.norm.isf(0.05 / 4)] * 2)
    # |z| = 3.7: Holm rejects (p_holm < 0.05) but 3.7 is within 1.5 of 2.24: open
    fake.loc[1, "value"] = -3.7 * 0.02
    fake["p_value"] = 2 * stats.norm.sf((fake.value / fake.se).abs())
    fake.loc[1:, "p_holm"] = fit.holm(fake.p_value[1:])
    v = scales.scale_verdicts(fake).set_index("scale")
    assert bool(v.loc["a", "differs"]) and v.loc["a", "verdict"] == "unresolved"
    fake.loc[1, "value"] = -2.2 * 0.02
    fake["p_value"] = 2 * stats.norm.sf((fake.value / fake.se).abs())
    fake.loc[1:, "p_holm"] = fit.holm(fake.p_value[1:])
    v = scales.scale_verdicts(fake).set_index("scale")
    assert v.loc["a", "verdict"] == "unresolved" and bool(v.loc["a", "close_call"])
    plain = fake.iloc[[0, 0]].assign(scale=["a", "b"], value=[0.456, 0.51])
    line = scales.conclusions(pd.concat([fake, plain], ignore_index=True))[0]
    assert "highest under b (51.0 % ± 2.0 %) and lowest under a (45.6 % ± 2.0 %)" in line
    # one short clause: the differing scales named, the others counted (the table names them)
    assert line.endswith("no scale differs, 1 scale is unresolved and 1 cannot be told from it.")


def test_reference_by_name_or_shorthand():
    kw = dict(
        scales=["wdl", "wbf"], pairings=["score"], strength_sd=0.5, n_events=30, rng=1, **SMALL
    )
    default = scales.compare_scales("Swiss teams", **kw)
    named = scales.compare_scales("Swiss teams", reference="wdl", **kw)
    assert set(default.reference.dropna()) == {"WBF 2013 continuous, 8 boards"}
    assert set(named.reference.dropna()) == {"win/draw/loss"}
    d = default[default.measure == "kendall_tau_vs_reference"].value.item()
    n = named[named.measure == "kendall_tau_vs_reference"].value.item()
    assert d == pytest.approx(-n, abs=1e-12)  # the same events, the sign reversed


def test_headline_verdict_does_not_flip_between_seeds():
    """Two seeds, 2,000 events each: every verdict against the WBF reference, and every
    pairing rule's against pairing by score, is the same or open ("unresolved") under one
    of them; win/draw/loss's worse Kendall τ (about 10 paired SEs) is found under both.
    (scripts/check_scale_verdicts.py repeats this at the report's sizes.)"""
    runs = [
        scales.headline(
            scales.compare_scales(
                "round robin",
                scales=["wbf", "wdl", "imps"],
                strength_sd=0.5,
                n_events=2000,
                n_entrants=10,
                n_boards=8,
                rng=seed,
            ),
            pairings=scales.compare_pairings(
                "Swiss teams", strength_sd=0.5, n_events=2000, rng=seed, **SMALL
            ),
        )
        for seed in (1, 2)
    ]
    for h in runs:
        assert h["n_events_per_format"] == {"round robin": 2000}
        assert len(h["scale_differences"]) == 2 * 3
        assert len(h["pairing_differences"]) == 3 * 3
    for key, rows in (("scale", "scale_differences"), ("pairing", "pairing_differences")):
        a, b = ({(r["measure"], r[key]): r["verdict"] for r in h[rows]} for h in runs)
        flips = {k for k in a if {a[k], b[k]} == {"differs", "not distinguishable"}}
        assert not flips, (rows, flips)
    a, b = (
        {(r["measure"], r["scale"]): r["verdict"] for r in h["scale_differences"]} for h in runs
    )
    assert a["kendall_tau", "win/draw/loss"] == b["kendall_tau", "win/draw/loss"] == "differs"


def test_compare_pairings_paired_by_event():
    """The rules on one seed meet the same strengths: P(strongest wins) is defined on the
    same events under every rule, so the paired mean difference is the difference of the
    two shares (1e-12); a rule's figures are those compare_scales gives for it on the same
    rng and sizes; the paired SE is sd(d)/√E of the per-event outcomes, recomputed here
    from the simulator (the seed compare_scales hands it)."""
    kw = dict(strength_sd=0.5, n_events=300, rng=4, **SMALL)
    d = scales.compare_pairings("Swiss teams", pairings=["score", "random", "late"], **kw)
    assert set(d.scale) == {"WBF 2013 continuous, 8 boards"}
    assert d.loc[d.pairing == "score", "reference"].isna().all()
    own = scales.compare_scales("Swiss teams", scales=["wbf"], pairings=["score", "random"], **kw)
    for r in own[own.measure.isin(["p_strongest_wins", "kendall_tau"])].itertuples():
        row = d[(d.pairing == r.pairing) & (d.measure == r.measure)].iloc[0]
        assert (row.value, row.se) == (r.value, r.se)
    p = d[d.measure == "p_strongest_wins"].set_index("pairing")
    assert p.loc["random", "diff"] == pytest.approx(
        p.loc["random", "value"] - p.loc["score", "value"], abs=1e-12
    )
    from bridgestats.sim.events import simulate_events

    seed = int(np.random.default_rng(int(np.random.default_rng(4).integers(2**63))).integers(2**63))
    won = []
    for rule in ("score", "random"):
        res = simulate_events(pairing=rule, strength_sd=0.5, n_events=300, rng=seed, **SMALL)
        won.append(res.rank[np.arange(300), res.strength.argmax(axis=1)] == 1)
    e = won[1].astype(float) - won[0]
    assert p.loc["random", "se_paired"] == pytest.approx(e.std(ddof=1) / math.sqrt(300), rel=1e-12)
    assert set(d.verdict.dropna()) <= {"differs", "not distinguishable", "unresolved"}
    with pytest.raises(BridgestatsError, match="pairings"):
        scales.compare_pairings("Swiss teams", pairings=["random", "late"], **kw)
    with pytest.raises(BridgestatsError, match="event"):
        scales.compare_pairings("round robin", strength_sd=0.5)


def test_compare_pairings_reuses_the_runs_it_is_given(monkeypatch):
    """compare_scales' runs (return_outcomes) with the same rng and sizes are the rules'
    own: given as ``known``, the score rule is not simulated again and the frame is the one
    computed without them, exactly; runs of another seed, scale or size are not used."""
    kw = dict(strength_sd=0.5, n_events=300, rng=4, **SMALL)
    rules = ["score", "random", "late"]
    plain = scales.compare_pairings("Swiss teams", pairings=rules, **kw)
    frame, known = scales.compare_scales(
        "Swiss teams", scales=["wbf", "wdl"], pairings=["score"], return_outcomes=True, **kw
    )
    assert len(known) == 2 and known[0].attrs["fingerprint"] != known[1].attrs["fingerprint"]
    assert frame.equals(
        scales.compare_scales("Swiss teams", scales=["wbf", "wdl"], pairings=["score"], **kw)
    )
    _, other_seed = scales.compare_scales(
        "Swiss teams",
        scales=["wbf"],
        pairings=["score"],
        return_outcomes=True,
        **{**kw, "rng": 5},
    )
    calls = []
    real = scales.simulate_events
    monkeypatch.setattr(scales, "simulate_events", lambda **a: calls.append(a) or real(**a))
    reused = scales.compare_pairings("Swiss teams", pairings=rules, known=known, **kw)
    pd.testing.assert_frame_equal(reused, plain, check_exact=True)
    assert [c["pairing"] for c in calls] == ["random", "late"]
    calls.clear()
    scales.compare_pairings("Swiss teams", pairings=rules, known=other_seed + known[1:], **kw)
    assert [c["pairing"] for c in calls] == rules
    with pytest.raises(BridgestatsError, match="known"):
        scales.compare_pairings("Swiss teams", pairings=rules, known=known[0], **kw)


def test_shooting_and_breakage(spread):
    sh = scales.scale_shooting("Swiss teams", boards_left=[1])
    imps = sh[sh.scale == "IMPs differential"]
    assert np.allclose(imps.gain, 0) and np.allclose(imps.gain_vp20, 0)
    wdl = sh[sh.scale == "win/draw/loss"]
    np.testing.assert_allclose(wdl.gain_vp20, 10 * wdl.gain)
    wbf = sh[sh.scale.str.startswith("WBF 2013 continuous")]
    np.testing.assert_allclose(wbf.gain_vp20, wbf.gain)
    assert wbf.loc[wbf.deficit == 10, "gain"].round(3).tolist() == [0.154]  # sim.measures' doc
    lines = scales.conclusions(pd.DataFrame(columns=["event"]), shooting=sh)
    assert lines[0].endswith("and least under IMPs differential (nothing at any deficit).")
    assert lines[0].startswith("Swiss teams, 1 board left: shooting (doubling the variance) pays")
    b = scales.scale_breakage("Swiss pairs")
    assert b.margin.max() == 25 and set(b.event) == {"Swiss pairs"}
    wash = b[b.scale == "Swiss pairs Washington (2004)"]
    assert wash.value.sum() == 10  # 10-10 to 20-0 over 0-25 %: each VP step once
