"""studies.sigma_evidence: one σ(n) per form, the same in the booklet, the designer, the
candidate scales of compare_scales and the simulators (issue 21)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgestats.apps import booklet as bk
from bridgestats.errors import BridgestatsError
from bridgestats.sigma import evidence_inputs, form_sigma
from bridgestats.studies import k_growth, scales
from bridgestats.studies import sigma_evidence as se

SECTION = {form: form for form in ("teams", "swiss_pairs", "butler", "cross_imps")}  # by id


@pytest.fixture(scope="module")
def booklet_frame():
    return bk.booklet(bk.default_sources(), boards=[4, 8, 16, 32])


@pytest.mark.parametrize("form", list(SECTION))
@pytest.mark.parametrize("n", [4, 8, 16, 32])
def test_booklet_and_designer_print_the_same_table(booklet_frame, form, n):
    """Same form, length and sources: the booklet's band starts and the designer's
    recommended scale (``recommendation``, which the notebook shows) are identical."""
    rec = se.recommendation(form, n)
    rows = booklet_frame[
        (booklet_frame["section"] == SECTION[form]) & (booklet_frame["n_boards"] == n)
    ]
    assert rows["sigma"].iloc[0] == rec["sigma"]
    # the continuous edges to rounding of the centre's addition (1e-12), the printed starts
    # character for character
    np.testing.assert_allclose(
        rows["threshold"].to_numpy()[1:] - rec["scale"].centre,
        np.asarray(rec["thresholds"]),
        rtol=0,
        atol=1e-12,
    )
    printed = [r[3] for r in bk._rows(SECTION[form], n, rec["scale"], whole=form != "swiss_pairs")]
    assert rows["margin_from"].tolist() == printed


def test_k_delta_tau_have_one_value():
    """K and δ: the within-match estimator on the 12-32-board matches (TEAMS_FIT), whatever
    a report calls (the booklet, candidate_scales' default, rescore's default); τ and k of
    Swiss pairs: swiss_pairs_strength, computed once."""
    ev = evidence_inputs()
    within = k_growth.delta_within_match(min_boards=12, max_boards=32, n_boot=50, rng=3)
    within = within.set_index("group").loc["all"]
    # the bootstrap moves only the intervals
    assert within.k == pytest.approx(ev["k"], rel=1e-12)
    assert within.delta == pytest.approx(ev["delta"], rel=1e-12)
    assert se.TEAMS_FIT["estimator"] == "within_match"
    assert se.swiss_pairs_strength()["strength_sd"] == ev["strength_sd"]
    src = bk.default_sources()
    assert (src.k, src.delta, src.pairs_k) == (ev["k"], ev["delta"], ev["pairs_k"])
    # compare_scales' candidate Gaussian scales use the same σ(n)
    gauss = scales.candidate_scales("round robin", n_boards=16)[0]
    assert gauss.thresholds[-1] == pytest.approx(se.recommendation("teams", 16)["thresholds"][-1])


def test_the_teams_delta_is_the_within_match_one_not_the_likelihoods():
    """Why TEAMS_FIT is the within-match estimator: the margins-only K(n) likelihood moves
    with which matches it sees (every match: K 6.02, δ 0.67; the 12-32-board ones: K 3.98,
    δ 1.30, a K far below the per-board rms √(K² + δ²) of the same matches), while the
    within-match K and δ are consistent with that rms by construction."""
    from bridgestats import datasets

    ev = evidence_inputs()
    m = datasets.load("derived/match_margins")
    genuine = m[m.n_boards.between(12, 32)]
    rms = math.sqrt(genuine.sum_sq_imps.sum() / genuine.n_boards.sum())
    assert math.hypot(ev["k"], ev["delta"]) == pytest.approx(rms, rel=1e-12)
    restricted = k_growth.k_model(margins=genuine, n_boot=20, rng=1)
    assert math.hypot(restricted.k, restricted.delta) < rms - 1.5  # 4.18 against 6.12
    everything = k_growth.k_model(n_boot=20, rng=1)
    assert ev["delta_ci"][0] < everything.delta < ev["delta_ci"][1]  # 0.67 in 0.49-0.75
    assert 0.45 < ev["delta_ci"][0] < ev["delta"] < ev["delta_ci"][1] < 0.8


def test_tau_interval_holds_its_monte_carlo_error():
    f = se.swiss_pairs_strength()
    lo, hi = f["strength_sd_ci"]
    assert 0 < f["strength_sd_mc_se"] < 0.1  # 40 events per τ: about 0.04 %
    assert lo < f["strength_sd"] - 1.645 * f["strength_sd_mc_se"]
    assert hi > f["strength_sd"] + 1.645 * f["strength_sd_mc_se"]
    # round 1 is the model's σ at 8 boards: √(k²/8 + 2τ²) = σ₁
    assert math.sqrt(f["k"] ** 2 / 8 + 2 * f["strength_sd"] ** 2) == pytest.approx(f["sigma_8"])


def test_outside_figures():
    # Probst §3: K = 6.5, δ = 0, 8 boards: "Std dev=18.38", through the evidence's model
    # with its inputs replaced and through Probst's
    teams = {"k": 6.5, "delta": 0.0}
    assert abs(form_sigma("teams", 8, inputs=teams).sigma - 18.38) < 0.005
    assert abs(form_sigma("teams", 8, source="probst", k=6.5).sigma - 18.38) < 0.005
    # Probst §3 cross-IMPed teams of eight: 2√2 × the teams σ (8 boards: 52.0 at K 6.5)
    assert form_sigma("cross_imps", 8, inputs=teams).sigma == pytest.approx(52.0, abs=0.005)
    # the EBU 7-9 table is the Gaussian scale at σ = 11 % (data/seeds): the pairs formula
    # at 8 boards returns σ₈ itself, whatever k
    pairs = {"sigma_pairs_8": 11.0, "pairs_k": 27.6}
    assert form_sigma("swiss_pairs", 8, inputs=pairs).sigma == pytest.approx(11.0, rel=1e-12)
    # Probst §10: Sheffield σ 1790 over 24 boards
    assert form_sigma("aggregate", 24).sigma == pytest.approx(1790.0)
    # a value replaced without its interval leaves σ without one
    assert form_sigma("teams", 8, inputs=teams).sigma_ci is None


def test_mp_and_imps_are_not_compared():
    se.check_comparable("MP %", "MP %")
    with pytest.raises(BridgestatsError, match=r"^published: must be a scale in IMPs"):
        se.check_comparable("IMPs", "MP %")


def test_recommendation_answers_every_form_and_moves_with_sigma():
    for form in se.EVIDENCE_FORMS:
        r = se.recommendation(form, 16)
        assert set(r) >= {
            "form",
            "n_boards",
            "sigma",
            "sigma_ci",
            "sigma_source",
            "thresholds",
            "p_20_0",
        }
        assert r["p_20_0_off"]["low"] < r["p_20_0"] < r["p_20_0_off"]["high"]
        assert abs(r["p_20_0"] - 2 / 21) < 0.01  # equal probability, up to whole-IMP printing
    with pytest.raises(BridgestatsError, match=r"^form: must be one of"):
        se.recommendation("rubber", 8)


#: The fits of K, δ and τ: a notebook that calls one makes a second value of a quantity that
#: every report takes from sigma_evidence. rederive_k is the page that shows the alternatives
#: (the K(n) likelihood, the within-match estimate by series) and says which one the scales
#: use (its summary's delta_used_by_scales, tests/test_notebook_rederive_k.py).
_FITS = (
    "pairs_strength_spread(",
    "team_strength_spread(",
    "fit_strength_spread(",
    "k_model(",
    "delta_within_match(",
    "pairs_strength_from_curve(",
)
#: Summary keys that hold K, δ or τ, by report (checked over a built reports folder).
_KEYS = {
    "team_k": "k",
    "team_delta": "delta",
    "pairs_strength_sd": "strength_sd",
    "brighton_fit_strength_sd": "strength_sd",
    "pairs_k": "pairs_k",
    "brighton_fit_k": "pairs_k",
    "k_within_match": "k",
    "delta_within_match": "delta",
}


def test_no_report_fits_k_delta_or_tau_itself():
    import json

    from bridgestats.paths import notebooks_dir

    for nb in sorted(notebooks_dir().glob("*.ipynb")):
        if nb.stem == "rederive_k":
            continue
        code = "\n".join(
            "".join(c["source"])
            for c in json.loads(nb.read_text())["cells"]
            if c["cell_type"] == "code"
        )
        calls = [f for f in _FITS if f in code]
        assert not calls, f"{nb.name} fits {calls} itself: take it from sigma_evidence"


def test_every_built_report_shows_one_k_delta_and_tau():
    """Over a reports folder (a fresh ``make reports`` in reports/, or the one named by
    BRIDGESTATS_BROWSER_REPORTS): every summary key holding K, δ, τ or the pairs' k has the
    evidence's value (rederive_k's within-match figures on the shipped margins included)."""
    import json
    import os
    from pathlib import Path

    from bridgestats.paths import project_root

    root = Path(os.environ.get("BRIDGESTATS_BROWSER_REPORTS") or project_root() / "reports")
    summaries = sorted(root.glob("*/summary.json"))
    if not summaries:
        pytest.skip(f"no built reports in {root} (make reports)")
    ev = evidence_inputs()
    seen = {}
    for path in summaries:
        s = json.loads(path.read_text())
        run = path.parent / "run.json"
        parameters = json.loads(run.read_text()).get("parameters", {}) if run.is_file() else {}
        if parameters.get("files"):
            continue  # rederive_k run on other files shows their figures
        for key, quantity in _KEYS.items():
            if key in s:
                seen.setdefault(quantity, set()).add((path.parent.name, s[key]))
                assert s[key] == pytest.approx(ev[quantity], rel=1e-12), (path, key)
    assert seen, "no report shows K, δ or τ"


def test_conditions_sigma_is_brightons_fit_for_those_rounds():
    """The designer's deliberately other σ for Swiss pairs: all 14 Brighton rounds scored on
    the 2004 scale (Probst Table 7, Table 8's Washington 2004 thresholds), fitted directly
    by bridgestats.fit (washington_sigma's 10.97 %), interval included; at 8 boards σ is σ₈
    itself, at 16 it is carried as √(σ₈² + k²(1/16 − 1/8)) with the one fit's k."""
    from bridgestats import datasets, fit

    t2004 = [0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99]
    counts = datasets.load("seeds/brighton_2005_vp_counts").groupby("vp_winner")["count"].sum()
    direct = fit.fit_sigma_binned(counts.to_numpy(), t2004)
    s = se.conditions_sigma(8, "whole_event")
    assert s.sigma == pytest.approx(direct.sigma, rel=1e-9)
    assert s.sigma == pytest.approx(10.97, abs=0.005)
    assert s.sigma_ci == pytest.approx(direct.ci, rel=1e-9)
    assert s.source.startswith("σ₈ 10.97 % for all 14 rounds")
    k = evidence_inputs()["pairs_k"]
    s16 = se.conditions_sigma(16, "whole_event").sigma
    assert s16 == pytest.approx(math.sqrt(direct.sigma**2 + k**2 * (1 / 16 - 1 / 8)), rel=1e-12)


def _printed_sigmas(summary: dict, run: str):
    """(form, n_boards, n_tables, σ, 20-0 threshold or None, where) for every σ of a form a
    report's summary prints: its ``form_sigmas``, the designer's recommendation, the Butler
    scale to print and the committee brief's recommendations."""
    for row in summary.get("form_sigmas") or []:
        top = row.get("top_margin")
        yield row["form"], row["n_boards"], 15, row["sigma"], top, f"{run}: form_sigmas"
    rec = summary.get("recommendation")
    if isinstance(rec, dict) and "thresholds" in rec:
        yield (
            rec["form"],
            rec["n_boards"],
            15,
            rec["sigma"],
            rec["thresholds"][-1],
            f"{run}: recommendation",
        )
    scale = summary.get("scale")
    if isinstance(scale, dict) and scale.get("form") == "butler":
        shooting = 1.0 if scale.get("online") else 0.0
        yield (
            "butler",
            scale["n_boards"],
            scale["tables"],
            scale["sigma"] - shooting,
            scale["thresholds"][9] if not shooting else None,
            f"{run}: scale",
        )
    for row in summary.get("recommendations") or []:
        yield (
            row["form"],
            row["n_boards"],
            row.get("n_tables", 15),
            row["sigma"],
            row["thresholds"][-1],
            f"{run}: recommendations",
        )


def test_every_built_report_prints_one_sigma_per_form_and_length(capsys):
    """Issue 33: every σ and 20-0 threshold any report summary prints for a form and length
    is the one of bridgestats.sigma.form_sigma, the booklet's CSV and ``bridgestats scale``,
    within 0.005 (in the form's unit): the designer's recommendation, butler_scales' scale,
    rederive_k's K(n) and vp_frequencies' teams σ(n), the committee brief's table."""
    import io
    import json
    import os
    from pathlib import Path

    import pandas as pd

    from bridgestats.apps import booklet as bk
    from bridgestats.cli import main
    from bridgestats.paths import project_root
    from bridgestats.vp import gaussian_z

    root = Path(os.environ.get("BRIDGESTATS_BROWSER_REPORTS") or project_root() / "reports")
    summaries = sorted(root.glob("*/summary.json"))
    if not summaries:
        pytest.skip(f"no built reports in {root} (make reports)")
    book = bk.booklet(bk.default_sources(), boards=range(4, 33))
    z_top = float(gaussian_z(20)[-1])
    seen = []
    for path in summaries:
        run = (
            json.loads((path.parent / "run.json").read_text())
            if (path.parent / "run.json").is_file()
            else {}
        )
        if (run.get("parameters") or {}).get("files"):
            continue  # a report on other files shows their figures
        s = json.loads(path.read_text())
        for form, n, tables, sigma, top, where in _printed_sigmas(s, path.parent.name):
            want = form_sigma(form, n, n_tables=tables).sigma
            assert sigma == pytest.approx(want, abs=0.005), where
            if top is not None:
                assert top == pytest.approx(z_top * want, abs=0.005), where
            seen.append((form, n, where))
            if tables == 15 and 4 <= n <= 32:  # the booklet prints 15 tables, 4-32 boards
                rows = book[(book["section"] == form) & (book["n_boards"] == n)]
                assert rows["sigma"].iloc[0] == pytest.approx(sigma, abs=0.005), where
                code = main(
                    [
                        "scale",
                        "--form",
                        form.replace("_", "-"),
                        "--boards",
                        str(n),
                        "--format",
                        "csv",
                    ]
                )
                out = capsys.readouterr().out
                assert code == 0
                cli = pd.read_csv(io.StringIO(out))
                if "score_from" in cli:  # MP %: the band starts as scores, continuous
                    np.testing.assert_allclose(cli["score_from"], rows["threshold"], atol=0.005)
                else:  # whole margins as printed
                    assert list(cli["margin_from"]) == [int(x) for x in rows["margin_from"]]
    assert {"vp_scale_designer", "butler_scales", "rederive_k", "vp_frequencies"} <= {
        w.split(":")[0] for _, _, w in seen
    }, seen


def test_the_20_0_share_is_said_of_the_matches_its_sigma_is_of():
    """Issue 33, item 5: the designer said 'between sides met at random 9.5 % are 20-0' of a
    scale built on the whole event's σ, under which sides met at random end 20-0 more often;
    the sentence now names the matches of its σ, and gives pairs met at random beside them
    (at the form's σ, scipy's normal)."""
    from scipy import stats

    rec = se.recommendation("swiss_pairs", 8, conditions="whole_event")
    top = rec["thresholds"][-1]
    at_random = form_sigma("swiss_pairs", 8).sigma
    assert "in the matches of all 14 rounds 9.5 % of matches are 20-0" in rec["sentence"]
    share = 100 * 2 * stats.norm.sf(top / at_random)
    assert f"between sides met at random (σ {at_random:.2f} MP %) {share:.1f} %" in rec["sentence"]
    plain = se.recommendation("swiss_pairs", 8)["sentence"]
    assert "between sides met at random 9.5 % of matches are 20-0" in plain
