"""studies.designer: what the designer's recommended scale does, for every form.

The simulator's board model for each form must give the form's own σ(n) (the formula of
sigma_evidence, 1e-12: the same arithmetic by another route); paired differences must be
tighter than unpaired ones (common random numbers) and the verdicts must not change with
the seed; the real-qualifier counts are those of studies.rescore for the Gaussian scale at
each event's own length, whose σ is the evidence's; legends must lie clear of the data in
display coordinates.
"""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.sigma import evidence_inputs, form_sigma
from bridgestats.studies import designer, sigma_evidence

matplotlib.use("Agg")


@pytest.mark.parametrize("form", ["teams", "butler", "cross_imps", "swiss_pairs"])
def test_the_simulated_model_has_the_forms_sigma(form):
    n = 12
    m = designer.simulated_model(form, n, n_tables=15)
    ev = evidence_inputs()
    want = form_sigma(form, n).sigma
    if form == "teams":  # swings: K of the measured board swings stands for the model's K
        got = math.sqrt(n * ev["k"] ** 2 + n**2 * 2 * m["strength_sd"] ** 2)
    elif form == "swiss_pairs":  # pairs: mean of n board percentages plus the edge
        got = math.sqrt(m["k"] ** 2 / n + 2 * m["strength_sd"] ** 2)
    else:  # normal boards of sd f·K, strengths f·δ/√2
        got = math.sqrt(n * m["k"] ** 2 + n**2 * 2 * m["strength_sd"] ** 2)
    assert got == pytest.approx(want, rel=1e-12)


@pytest.fixture(scope="module")
def teams_sim():
    return [designer.simulated_comparison("teams", 8, n_events=1000, rng=s) for s in (1, 2)]


def test_simulated_comparison_is_paired_and_stable(teams_sim):
    a, b = teams_sim
    assert a["scale"].iloc[0] == designer.DESIGNER_SCALE
    assert a[["diff", "se_paired", "p_holm"]].iloc[0].isna().all()
    rest = a.iloc[1:]
    # common random numbers: the paired SE of the Gaussian scales a σ 15 % off (scales
    # close to the recommended) is well under the SE of two independent estimates
    close = rest[rest["scale"].str.startswith("σ")]
    unpaired = np.hypot(close["se"], a["se"].iloc[0])
    assert (close["se_paired"] < unpaired).all()
    # the 20-0 share of the recommended scale: 2/21 between sides met at random; paired by
    # score the sides are closer, so fewer 20-0s; the σ 15 % smaller scale has more
    p = a.set_index("scale")["p_20_0"]
    assert p["σ 15 % smaller"] > p[designer.DESIGNER_SCALE] > p["σ 15 % larger"]
    # the page's statement (every alternative within a bound, simultaneous 95 % intervals)
    # moves between seeds by no more than 4 SEs of the largest paired difference; which
    # alternatives pass a test at 5 % is not stated, as it changes with the seed
    se = np.hypot(rest["se_paired"].max(), b["se_paired"].iloc[1:].max())
    assert abs(designer.comparison_bound(a) - designer.comparison_bound(b)) < 4 * se
    # and each difference moves between seeds by no more than 4 paired SEs
    assert (
        np.abs(rest["diff"].to_numpy() - b["diff"].iloc[1:].to_numpy())
        < 4 * np.hypot(rest["se_paired"], b["se_paired"].iloc[1:])
    ).all()


def test_findings_are_one_sentence_each(teams_sim):
    rec = sigma_evidence.recommendation("teams", 8)
    q = designer.real_qualifier_changes("teams")
    lines = designer.designer_findings(rec, teams_sim[0], q)
    assert len(lines) == 4
    from bridgestats.notebook import finding, findings_problems

    assert findings_problems([finding(t, section="s", headline=True) for t in lines]) == []
    sigma = form_sigma("teams", 8).sigma
    want = f"Teams of four, 8 boards: print the Gaussian 20-0 scale at σ = {sigma:.2f}"
    assert lines[0].startswith(want)


def test_aggregate_is_not_simulated_and_not_rescored():
    assert designer.simulated_comparison("aggregate", 24, n_events=100) is None
    assert "strength term" in designer.not_simulated_reason("aggregate")
    q = designer.real_qualifier_changes("aggregate")
    assert not q["applicable"] and "teams-of-four" in q["reason"]


def test_real_qualifiers_are_rescores_gaussian_at_each_length():
    from bridgestats.studies import rescore, scales

    r = rescore.rescore_events()
    q = designer.real_qualifier_changes("teams", rescored=r)
    row = q["scales"].set_index("scale").loc[designer.DESIGNER_SCALE]
    changes = rescore.qualifier_changes(r)
    g = changes[changes["scale"] == "Gaussian 20-0"]
    assert row["count"] == g["count"].sum() and row["count_high"] == g["count_high"].sum()
    assert q["events"] == 51
    assert row["count_low"] <= row["count"] <= row["count_high"]
    # the rescored Gaussian scale is the evidence's σ(n) at each real length
    for n in (16, 20, 24, 32):  # rescore_events' default: candidate_scales' (the evidence)
        name = scales.candidate_scales("round robin", n_boards=n)[0].name
        assert f"σ {form_sigma('teams', n).sigma:.1f}" in name


@pytest.mark.parametrize("form", list(sigma_evidence.EVIDENCE_FORMS))
def test_evidence_table_ends_with_the_forms_sigma(form):
    t = designer.evidence_table(form, 16)
    assert not t["value"].isna().any()
    if form == "swiss_pairs":
        row = t[t["estimate"].str.contains("all 14 rounds") & ~t["estimate"].str.contains("Asch")]
        want = sigma_evidence.conditions_sigma(16, "whole_event").sigma
        assert float(row["value"].iloc[0]) == pytest.approx(want, rel=1e-12)
    else:
        want = form_sigma(form, 16).sigma
        assert t["value"].iloc[-1] == pytest.approx(want, rel=1e-12)


def test_designer_sigma_refuses_what_it_cannot_use():
    with pytest.raises(BridgestatsError, match="n_results"):
        designer.designer_sigma("teams", 8, n_results=20)
    with pytest.raises(BridgestatsError, match="tables"):
        designer.designer_sigma("butler_online", 8)
    with pytest.raises(BridgestatsError, match="form"):
        designer.designer_sigma("bridge", 8)
    # Probst's Table 4: K = 6.5 over 8 boards is σ = 18.38
    assert designer.designer_sigma("teams", 8, k=6.5)[0] == pytest.approx(18.38, abs=0.005)
