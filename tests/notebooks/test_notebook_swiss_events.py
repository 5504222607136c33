"""Run notebooks/swiss_events.ipynb with papermill (tiny sizes) and check its summary.

Checked against what the notebook does not compute itself: Probst's Table 7 (297 and 215
20-0s), round 1's σ refitted here by bridgestats.fit.fit_sigma_binned, σ₁² = σ₀² + 2τ² (the
fit's model), and §12's entry scores (rule 2006 for 6 sessions: 14, 29, 45, 62).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from bridgestats import datasets
from bridgestats.fit import fit_sigma_binned
from bridgestats.studies import sigma_evidence

TINY = {
    "seed": 11,
    "n_events": 3,
    "late_sessions": [5, 6],
    "late_events": 5,
}
THRESHOLDS_2004 = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])


@pytest.fixture(scope="module")
def run(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("swiss_events")
    return run_notebook("swiss_events", folder, **TINY), folder


def test_notebook_is_committed_clean(check_notebook_clean):
    nb = check_notebook_clean("swiss_events")
    params = nb.cells[1].source.splitlines()
    assert all(": " in line.split("=")[0] and "  # " in line for line in params)


def test_brighton_figures(run):
    s, folder = run
    for name in ("twenty_zeros_by_round", "late_entry_finishes"):
        assert (folder / "figures" / f"{name}.png").stat().st_size > 10_000
    assert s["brighton_observed_20_0"] == {"first_half": 297, "second_half": 215, "all": 512}
    assert s["brighton_observed_agrees_with_article"] is True
    for half in ("first_half", "second_half", "difference"):
        x = s[f"brighton_sim_20_0_{half}"]
        assert x["band_90"]["low"] <= x["mean"] <= x["band_90"]["high"] and x["se"] > 0
    assert s["brighton_sim_20_0_difference"]["observed"] == 82
    counts = datasets.load("seeds/brighton_2005_vp_counts").query("round == 1")
    s1 = fit_sigma_binned(counts.sort_values("vp_winner")["count"], THRESHOLDS_2004).sigma
    assert s["brighton_round1_sigma"] == pytest.approx(s1, rel=1e-9)
    tau, s0 = s["brighton_fit_strength_sd"], s["brighton_fit_sigma_equal_pairs"]
    # one τ in every report: the project's one fit (sigma_evidence), interval and all
    fit = sigma_evidence.swiss_pairs_strength()
    assert tau == fit["strength_sd"] == s["pairs_strength_sd"]
    assert s["brighton_fit_strength_sd_ci"] == list(fit["strength_sd_ci"])
    assert s["pairs_k"] == fit["k"] == s["brighton_fit_k"]
    assert s["_inputs"]["derived/swiss_pairs_strength_curve"]
    assert s0**2 + 2 * tau**2 == pytest.approx(s1**2, rel=1e-9)
    assert s["brighton_fit_k"] == pytest.approx(s0 * math.sqrt(8), rel=1e-9)
    assert s["brighton_verdict"] in {"explains", "explains part of", "does not explain"}
    eq = s["brighton_equal_probability_sigma"]
    assert set(eq) == {"first_half", "second_half"}
    assert set(eq["first_half"]) == {
        "observed ML normal",
        "observed 20-0 share",
        "simulated flattest",
        "simulated 20-0 share",
    }


def test_brighton_stated_as_evidence_allows(run):
    s, folder = run
    assert (folder / "figures" / "twenty_zeros_step.png").stat().st_size > 10_000
    assert "brighton_share_explained" not in s  # 82 is one event's difference, not fixed
    d = s["brighton_difference_single_event"]
    assert set(d) == {"low", "fit", "high"}
    lo, hi = s["brighton_fit_strength_sd_ci"]
    assert [d[p]["strength_sd"] for p in ("low", "fit", "high")] == [
        lo,
        s["brighton_fit_strength_sd"],
        hi,
    ]
    for row in d.values():
        assert row["observed"] == 82
        assert row["z"] == pytest.approx((82 - row["mean"]) / row["sd"], rel=1e-12)
        assert 0 <= row["p_at_least"] <= 1 and row["sd"] > 0
    # one quantity, one value: the fitted τ's expected difference is the simulation's
    assert d["fit"]["mean"] == s["brighton_sim_20_0_difference"]["mean"]
    assert d["fit"]["se"] == s["brighton_sim_20_0_difference"]["se"]
    t = s["brighton_step_test"]
    # the step model's X² is Table 7's own: computed here from the article's counts
    by_round = [40, 50, 36, 39, 42, 46, 44, 20, 34, 34, 29, 32, 32, 34]
    halves = (by_round[:7], by_round[7:])
    x2 = sum((o - sum(h) / 7) ** 2 / (sum(h) / 7) for h in halves for o in h)
    assert t["x2_step"] == pytest.approx(x2, rel=1e-12) and round(x2, 2) == 8.1
    assert t["df"] == 12 and t["n_events"] == TINY["n_events"]
    assert t["gain"] == pytest.approx(t["x2_smooth"] - t["x2_step"], rel=1e-12)
    assert s["brighton_step_causes"][0].startswith("a change of movement")
    assert len(s["brighton_step_causes"]) == 5
    text = " ".join(f["text"] for f in s["_findings"])
    assert "is one event's difference, not a fixed quantity" in text
    assert "a step at round 8" in text and "accounts for" not in text


def test_late_entry_figures(run):
    s, _ = run
    # the headline is Probst's case, 6 sessions (the notebook's default), rule 2006: §12's
    # 14, 29, 45, 62; rule 2005 on the 2004 scale enters on 12, 25, 39, 54
    assert s["late_entry_n_sessions"] == 6 and s["late_entry_rule"] == "2006"
    assert s["late_entry_scores"] == [0, 14, 29, 45, 62]
    # EBU 2006's 11 % carried by the field's σ(18)/σ(8), σ²(n) = k²/n + 2τ² (not √(8/18):
    # 7.33 %), k and τ the one fit's
    fit = sigma_evidence.swiss_pairs_strength()
    k, tau = fit["k"], fit["strength_sd"]
    carried = 11 * math.sqrt(k**2 / 18 + 2 * tau**2) / math.sqrt(k**2 / 8 + 2 * tau**2)
    assert s["late_entry_scale"] == f"EBU 2006 for 18 boards, Gaussian 20-0 at σ {carried:.2f} %"
    assert carried == pytest.approx(8.41, abs=0.005)
    by_rule = s["late_entry_by_rule"]
    assert set(by_rule) == {"2005", "2006"}
    assert by_rule["2005"]["entry_scores"] == [0, 12, 25, 39, 54]
    assert by_rule["2006"]["entry_scores"] == [0, 14, 29, 45, 62]
    assert by_rule["2005"]["scale"] == (
        f"Washington (2004) for 18 boards (thresholds × {carried / 11:.3f}, σ(18)/σ(8))"
    )
    assert by_rule["2006"]["scale"] == s["late_entry_scale"]
    assert by_rule["2006"]["percentile_gap"] == s["late_entry_percentile_gap"]
    assert by_rule["2006"]["verdict"] == s["late_entry_verdict"]
    assert set(s["late_entry_gap_by_size"]) == {
        "5 sessions, rule 2005",
        "5 sessions, rule 2006",
        "6 sessions, rule 2005",
        "6 sessions, rule 2006",
    }
    assert 0 <= s["late_entry_p_late_wins"]["mean"] <= 1
    assert 1 <= s["late_entry_last_table_at_entry"] <= 31  # 62 pairs: 31 tables
    assert " the rounds missed" in s["late_entry_verdict"]
    assert set(s["_inputs"]) == {
        "seeds/brighton_2005_vp_counts",
        "seeds/swiss_pairs_scales",
        "derived/swiss_pairs_strength_curve",
    }


def test_the_page_reads_as_a_document(run):
    """Issue 22: findings one sentence each, the two verdicts the headline; tables, not
    frames' text (no NaN, no index); nothing printed."""
    s, folder = run
    found = s["_findings"]
    assert [f["key"] for f in found if f["headline"]] == ["brighton_verdict", "late_entry_verdict"]
    for f in found:
        assert f["text"].endswith(".") and ". " not in f["text"], f["text"]
    out = json.loads((folder / "out.ipynb").read_text())
    for cell in out["cells"]:
        for o in cell.get("outputs", []):
            assert o["output_type"] != "stream", "".join(o.get("text", ""))[:200]
            text = "".join(o.get("data", {}).get("text/plain", ""))
            assert "NaN" not in text and "dtype" not in text and "<NA>" not in text, text[:200]
            html = "".join(o.get("data", {}).get("text/html", ""))
            assert "NaN" not in html and "<NA>" not in html
