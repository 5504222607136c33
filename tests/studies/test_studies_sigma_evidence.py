"""studies.sigma_evidence: one σ(n) per form, the same in the booklet, the designer, the
candidate scales of compare_scales and the simulators (issue 21)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgestats.apps import booklet as bk
from bridgestats.errors import BridgestatsError
from bridgestats.studies import estimates, scales
from bridgestats.studies import sigma_evidence as se

SECTION = {"teams": "teams", "swiss-pairs": "swiss pairs", "butler": "butler",
           "cross-imps": "cross-imps (teams of eight)"}  # fmt: skip


@pytest.fixture(scope="module")
def booklet_frame():
    return bk.booklet(bk.default_sources(), boards=[4, 8, 16, 32])


@pytest.mark.parametrize("form", list(SECTION))
@pytest.mark.parametrize("n", [4, 8, 16, 32])
def test_booklet_and_designer_print_the_same_table(booklet_frame, form, n):
    """Same form, length and sources: the booklet's band starts and the designer's
    recommended scale (``recommendation``, which the notebook shows) are identical."""
    rec = se.recommendation(form, n)
    rows = booklet_frame[(booklet_frame["section"] == SECTION[form])
                         & (booklet_frame["n_boards"] == n)]  # fmt: skip
    assert rows["sigma"].iloc[0] == rec["sigma"]
    # the continuous edges to rounding of the centre's addition (1e-12), the printed starts
    # character for character
    np.testing.assert_allclose(rows["threshold"].to_numpy()[1:] - rec["scale"].centre,
                               np.asarray(rec["thresholds"]), rtol=0, atol=1e-12)  # fmt: skip
    printed = [r[3] for r in bk._rows(SECTION[form], n, rec["scale"], whole=form != "swiss-pairs")]
    assert rows["margin_from"].tolist() == printed


def test_k_delta_tau_have_one_value():
    """K and δ: the K(n) model's point estimates, whichever function a report calls
    (rederive_k and the designer call estimates.k_model, compare_scales
    scales.team_strength_spread; the bootstrap moves only the intervals); τ and k of Swiss
    pairs: swiss_pairs_strength, computed once."""
    ev = se.evidence_inputs()
    for fit in (estimates.k_model(n_boot=50, rng=3), scales.team_strength_spread(n_boot=50, rng=4)):
        assert fit.k == pytest.approx(ev["k"], rel=1e-12)
        assert fit.delta == pytest.approx(ev["delta"], rel=1e-12)
    assert se.swiss_pairs_strength()["strength_sd"] == ev["strength_sd"]
    src = bk.default_sources()
    assert (src.k, src.delta, src.pairs_k) == (ev["k"], ev["delta"], ev["pairs_k"])
    # compare_scales' candidate Gaussian scales use the same σ(n)
    gauss = scales.candidate_scales("round robin", n_boards=16)[0]
    assert gauss.thresholds[-1] == pytest.approx(se.recommendation("teams", 16)["thresholds"][-1])


def test_tau_interval_holds_its_monte_carlo_error():
    f = se.swiss_pairs_strength()
    lo, hi = f["strength_sd_ci"]
    assert 0 < f["strength_sd_mc_se"] < 0.1  # 40 events per τ: about 0.04 %
    assert lo < f["strength_sd"] - 1.645 * f["strength_sd_mc_se"]
    assert hi > f["strength_sd"] + 1.645 * f["strength_sd_mc_se"]
    # round 1 is the model's σ at 8 boards: √(k²/8 + 2τ²) = σ₁
    assert math.sqrt(f["k"] ** 2 / 8 + 2 * f["strength_sd"] ** 2) == pytest.approx(f["sigma_8"])


def test_outside_figures():
    # Probst §3: K = 6.5, δ = 0, 8 boards: "Std dev=18.38"
    assert abs(se.form_sigma_from("teams", 8, k=6.5) - 18.38) < 0.005
    # Probst §3 cross-IMPed teams of eight: 2√2 × the teams σ (8 boards: 52.0 at K 6.5)
    assert se.form_sigma_from("cross-imps", 8, k=6.5) == pytest.approx(52.0, abs=0.005)
    # the EBU 7-9 table is the Gaussian scale at σ = 11 % (data/seeds): the pairs formula
    # at 8 boards returns σ₈ itself, whatever k
    assert se.form_sigma_from("swiss-pairs", 8, k=6, sigma_pairs_8=11.0, pairs_k=27.6) == 11.0
    # Probst §10: Sheffield σ 1790 over 24 boards
    assert se.form_sigma_evidence("aggregate", 24).sigma == pytest.approx(1790.0)


def test_mp_and_imps_are_not_compared():
    se.check_comparable("MP %", "MP %")
    with pytest.raises(BridgestatsError, match=r"^published: must be a scale in IMPs"):
        se.check_comparable("IMPs", "MP %")


def test_recommendation_answers_every_form_and_moves_with_sigma():
    for form in se.EVIDENCE_FORMS:
        r = se.recommendation(form, 16)
        assert set(r) >= {"form", "n_boards", "sigma", "sigma_ci", "sigma_source",
                          "thresholds", "p_20_0"}  # fmt: skip
        assert r["p_20_0_off"]["low"] < r["p_20_0"] < r["p_20_0_off"]["high"]
        assert abs(r["p_20_0"] - 2 / 21) < 0.01  # equal probability, up to whole-IMP printing
    with pytest.raises(BridgestatsError, match=r"^form: must be one of"):
        se.recommendation("rubber", 8)
