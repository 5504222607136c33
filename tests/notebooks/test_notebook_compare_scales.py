"""Run notebooks/compare_scales.ipynb with papermill (tiny sizes) and check its summary.

The figures are recomputed here from the package (same seed, same sizes): K and δ by
fit.fit_strength_spread on the shipped margins; the summary's counts by hand; the Monte Carlo
figures checked for range and for their binomial SE.
"""

from __future__ import annotations

import json
import math
import re

import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.sigma import evidence_inputs
from bridgestats.studies import rescore

TINY = {
    "seed": 7,
    "n_events": 30,
    "n_events_swiss": 40,
    "n_events_other_rules": 20,
    "rr_teams": 8,
    "rr_boards": 16,
    "swiss_teams": 16,
    "swiss_rounds": 4,
    "swiss_boards": 8,
    "pairs_pairs": 16,
    "pairs_rounds": 4,
    "pairs_boards": 8,
    "shooting_boards_left": [1],
}
N_SCALES = 6  # per event: see studies.scales.candidate_scales


@pytest.fixture(scope="module")
def run(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("compare_scales")
    return run_notebook("compare_scales", folder, **TINY), folder


def test_notebook_is_committed_clean(check_notebook_clean):
    nb = check_notebook_clean("compare_scales")
    params = nb.cells[1].source.splitlines()
    assert all(": " in line.split("=")[0] and "  # " in line for line in params)  # typed, helped
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## Real championships re-scored" in text and "not yet" not in text


def test_summary_keys_and_counts(run):
    s, folder = run
    # round robin: 6 scales x n_events; each Swiss: 6 x n_events_swiss + 6 x 3 other rules x 20
    per_swiss = N_SCALES * (TINY["n_events_swiss"] + 3 * TINY["n_events_other_rules"])
    assert s["n_events_simulated"] == N_SCALES * TINY["n_events"] + 2 * per_swiss
    for key in ("p_strongest_wins", "p_strongest_wins_se", "kendall_tau"):
        assert len(s[key]) == 3 * N_SCALES
        assert {k.split(": ")[0] for k in s[key]} == {"round robin", "Swiss teams", "Swiss pairs"}
    for key, p in s["p_strongest_wins"].items():
        assert 0 <= p <= 1
        # strengths drawn from a normal: the strongest is unique
        n = TINY["n_events"] if key.startswith("round robin") else TINY["n_events_swiss"]
        assert s["p_strongest_wins_se"][key] == pytest.approx(math.sqrt(p * (1 - p) / n))
        assert -1 <= s["kendall_tau"][key] <= 1
    assert any(
        k.startswith("round robin: WBF 2013 continuous, 16 boards") for k in s["kendall_tau"]
    )
    for name in (
        "p_strongest_wins",
        "outcome_share_by_round",
        "shooting_incentive",
        "qualifier_changes",
    ):
        assert (folder / "figures" / f"{name}.png").stat().st_size > 10_000


def test_scale_differences(run):
    """Every scale against one reference, paired by simulated event: for P(strongest wins)
    the paired mean difference is the difference of the two shares (the same events: the
    strongest side is unique in every one), to 1e-12; Holm over the 5 other scales."""
    s, _ = run
    assert s["n_events_per_format"] == {
        "round robin": TINY["n_events"],
        "Swiss teams": TINY["n_events_swiss"],
        "Swiss pairs": TINY["n_events_swiss"],
    }
    rows = pd.DataFrame(s["scale_differences"])
    assert len(rows) == 3 * 3 * (N_SCALES - 1)
    refs = rows.groupby("format")["reference"].unique().map(list).to_dict()
    assert refs == {
        "round robin": ["WBF 2013 continuous, 16 boards"],
        "Swiss teams": ["WBF 2013 continuous, 8 boards"],
        "Swiss pairs": ["Swiss pairs EBU (2006)"],
    }
    p = s["p_strongest_wins"]
    for r in rows[rows["measure"] == "p_strongest_wins"].itertuples():
        want = p[f"{r.format}: {r.scale}"] - p[f"{r.format}: {r.reference}"]
        assert r.diff == pytest.approx(want, abs=1e-12)
        assert r.se_paired >= 0 and 0 <= r.p_holm <= 1
    assert set(rows["verdict"]) <= {"differs", "not distinguishable", "unresolved"}
    for _, fam in rows.groupby(["format", "measure"]):
        assert len(fam) == N_SCALES - 1 and (fam["p_holm"] >= 0).all()


def test_pairing_rules_paired_by_event(run):
    """The Swiss events' pairing rules on the reference scale, each against pairing by
    score on the same simulated events (studies.scales.compare_pairings), and the sentence
    that reports them says so."""
    s, _ = run
    rows = pd.DataFrame(s["pairing_differences"])
    assert len(rows) == 2 * 3 * 3  # two Swiss events, three measures, three other rules
    assert set(rows["reference"]) == {"score"}
    assert set(rows["pairing"]) == {"random", "seeded", "late"}
    assert rows.groupby("format")["scale"].unique().map(list).to_dict() == {
        "Swiss teams": ["WBF 2013 continuous, 8 boards"],
        "Swiss pairs": ["Swiss pairs EBU (2006)"],
    }
    assert (rows["se_paired"] >= 0).all() and rows["p_holm"].between(0, 1).all()
    assert set(rows["verdict"]) <= {"differs", "not distinguishable", "unresolved"}
    sentences = [f["text"] for f in s["_findings"] if "by pairing rule" in f["text"]]
    assert len(sentences) == 2
    assert all(
        re.search(r"on the same [\d,]+ events, (no rule differs|.+ differs?\b)", t)
        for t in sentences
    )


def test_headline_findings_answer_the_question(run):
    """The findings the index shows first are those a committee asks for: how often the
    strongest side wins under each scale, in each simulated event, and what the Gaussian
    scale would have changed in the real events; none is a list run on (one sentence, no
    problems recorded)."""
    s, _ = run
    assert "_findings_problems" not in s
    heads = [f["text"] for f in s["_findings"] if f["headline"]]
    assert [t.split(":")[0] for t in heads] == [
        "round robin",
        "Swiss teams, paired by score",
        "Swiss pairs, paired by score",
        "Real events re-scored",
    ]
    assert all("P(strongest wins) is highest under" in t for t in heads[:3])
    assert heads[3].startswith("Real events re-scored: Gaussian 20-0 changes the qualifiers")


def test_real_events_rescored(run):
    """The CSV next to the report and the summary's qualifier_changes, recomputed from the
    package with the evidence's σ(n) (sigma_evidence, as every report); the teams each scale
    puts in and out, named, as many as the counts."""
    s, folder = run
    csv = pd.read_csv(folder / "rescored_events.csv")
    assert list(csv.columns) == [
        "event",
        "scale",
        "team",
        "rank",
        "score",
        "qualified",
        "tied_at_cut",
        "tied_for_first",
        "baseline",
    ]
    # the pre-2013 events say their baseline is not the scale they played (no citable table
    # of the WBF 25-point scale was found)
    old = csv[csv["event"].str[:4].astype(int) < 2013]
    assert old["baseline"].str.startswith("not the scale played").all()
    matches = datasets.load("derived/rescored_matches")
    teams = pd.concat(
        [
            matches[["event", "team_a"]].set_axis(["e", "t"], axis=1),
            matches[["event", "team_b"]].set_axis(["e", "t"], axis=1),
        ]
    )
    assert len(csv) == N_SCALES * len(teams.drop_duplicates()) == 6 * 947
    want = rescore.qualifier_changes(rescore.rescore_events(matches))
    got = s["qualifier_changes"]
    assert set(got) == set(matches["event"]) and len(got) == 51
    for row in want.itertuples():
        assert got[row.event][row.scale] == row.count
    assert all(v["WBF 2013 continuous"] == 0 for v in got.values())
    assert sum(v["win/draw/loss"] for v in got.values()) == int(
        want.loc[want["scale"] == "win/draw/loss", "count"].sum()
    )
    assert (csv.groupby(["event", "scale"])["qualified"].sum() == 8).all()
    # the range of events changed over every order of the teams tied at the cut
    w = want[want["scale"] == "win/draw/loss"]
    assert (
        s["qualifier_changes_range"]["win/draw/loss"]
        == [int((w["count_low"] > 0).sum()), int((w["count_high"] > 0).sum())]
        == [26, 40]
    )
    assert s["qualifier_changes_range"]["WBF 2013 continuous"] == [0, 0]
    wdl = csv[csv["scale"] == "win/draw/loss"]
    assert wdl.groupby("event")["tied_at_cut"].any().sum() == 22


def test_strength_spreads(run):
    """One K, δ and τ: the report's are the evidence's (sigma_evidence), and K and δ are
    recomputed here by hand from the shipped Σx² and margins of the 12-32-board matches."""
    s, _ = run
    ev = evidence_inputs()
    assert (s["team_k"], s["team_delta"]) == (ev["k"], ev["delta"])
    assert s["team_k_ci"] == list(ev["k_ci"]) and s["team_delta_ci"] == list(ev["delta_ci"])
    mm = datasets.load("derived/match_margins")
    mm = mm[mm.n_boards.between(12, 32)]
    d2 = (mm.imp_margin**2 - mm.sum_sq_imps).sum() / (mm.n_boards * (mm.n_boards - 1)).sum()
    assert s["team_delta"] == pytest.approx(math.sqrt(d2), rel=1e-12)
    assert s["team_k"] == pytest.approx(
        math.sqrt(mm.sum_sq_imps.sum() / mm.n_boards.sum() - d2), rel=1e-12
    )
    assert s["team_strength_sd"] == pytest.approx(s["team_delta"] / math.sqrt(2))
    assert (s["pairs_strength_sd"], s["pairs_k"]) == (ev["strength_sd"], ev["pairs_k"])
    assert s["pairs_strength_sd_ci"] == list(ev["strength_sd_ci"])
    # Brighton: sigma_equal^2 + 2 tau^2 = round-1 sigma^2
    assert s["pairs_sigma_equal"] ** 2 + 2 * s["pairs_strength_sd"] ** 2 == pytest.approx(
        s["pairs_round1_sigma"] ** 2
    )
    assert s["pairs_second_half_sigma"] < s["pairs_round1_sigma"]


def test_teams_in_and_out_are_named_and_the_csv_linked(run):
    s, folder = run
    swaps = pd.DataFrame(s["qualifier_swaps"])
    counts = {(e, k): v for e, row in s["qualifier_changes"].items() for k, v in row.items()}
    assert len(swaps) == sum(v > 0 for v in counts.values())
    for r in swaps.itertuples():
        assert (
            len(r.teams_in.split("; "))
            == len(r.teams_out.split("; "))
            == counts[(r.event, r.scale)]
        )
    out = json.loads((folder / "out.ipynb").read_text())
    html = "".join(
        "".join(o.get("data", {}).get("text/html", ""))
        for c in out["cells"]
        for o in c.get("outputs", [])
    )
    markdown = "".join(
        "".join(o.get("data", {}).get("text/markdown", ""))
        for c in out["cells"]
        for o in c.get("outputs", [])
    )
    assert "(rescored_events.csv)" in markdown and "Bermuda Bowl 2013" in html
    for cell in out["cells"]:  # nothing printed, no frame's text
        for o in cell.get("outputs", []):
            assert o["output_type"] != "stream", "".join(o.get("text", ""))[:200]
            text = "".join(o.get("data", {}).get("text/plain", ""))
            assert "NaN" not in text and "dtype" not in text, text[:200]
    assert (folder / "figures" / "qualifier_changes_by_event.png").stat().st_size > 10_000


@pytest.fixture(scope="module")
def own(run_notebook, tmp_path_factory):
    """One tiny run on a committee's files: the two samples of data/committee (the real
    Bermuda Bowl 2013 round robin and a simulated club Swiss pairs), 4 qualifiers."""
    folder = tmp_path_factory.mktemp("compare_scales_own")
    files = [
        str(datasets.path("committee/teams_matches")),
        str(datasets.path("committee/swiss_pairs_rounds")),
    ]
    return run_notebook("compare_scales", folder, **TINY, files=files, qualifiers=4), files


def test_a_committee_s_events_are_re_scored_with_its_cut(own):
    s, files = own
    changes = s["qualifier_changes"]
    assert set(changes) == {"Bermuda Bowl 2013, round robin", "Simulated club Swiss pairs"}
    assert changes["Bermuda Bowl 2013, round robin"]["WBF 2013 continuous"] == 0
    assert changes["Simulated club Swiss pairs"]["Swiss pairs EBU (2006)"] == 0
    # against the package on the same files, with the same cut of 4
    own_input = rescore_input_for(files)
    rescored = rescore.rescore_events(own_input.matches, n_qualify=4)
    expected = rescore.qualifier_changes(rescored, baselines=own_input.baselines)
    for row in expected.itertuples():
        assert changes[row.event][row.scale] == row.count
    assert {r["scale"] for r in s["qualifier_swaps"]} <= set(expected["scale"])
    assert set(s["_inputs"]) >= set(files)


def rescore_input_for(files):
    from bridgestats.studies.committee import rescore_input

    return rescore_input(files)
