"""Run notebooks/committee_brief.ipynb with small parameters and check its summary (issue 33).

Every σ and threshold the brief prints is the one of bridgestats.sigma.form_sigma (the
booklet's); the scale in use now is the WBF 2013 continuous scale (20.00 from 43 IMPs at 8
boards and 85 at 32, the WBF Scoring Panel's tables) and the EBU's 2006 Swiss pairs table
(20-0 from 68.35 %, Probst Table 8); P(strongest wins) carries its paired SE; the
qualifier changes are compare_scales' (the rescored championships).
"""

from __future__ import annotations

import pytest

from bridgestats.sigma import form_sigma


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("committee_brief")
    return run_notebook(
        "committee_brief",
        folder,
        n_events=200,
        ppi_boot=200,
        events={"teams": [8, 32], "swiss_pairs": [8], "aggregate": [24]},
    )


def test_notebook_is_committed_clean(check_notebook_clean):
    nb = check_notebook_clean("committee_brief")
    assert nb.cells[0].source.startswith("# The committee brief")


def test_it_is_first_in_the_batch():
    import tomllib

    from bridgestats.paths import notebooks_dir

    config = tomllib.loads((notebooks_dir() / "reports.toml").read_text())
    assert config["report"][0]["name"] == "committee_brief"


def test_recommendations_are_the_one_sigma_beside_the_current_scale(summary):
    rows = {(r["form"], r["n_boards"]): r for r in summary["recommendations"]}
    assert set(rows) == {("teams", 8), ("teams", 32), ("swiss_pairs", 8), ("aggregate", 24)}
    for (form, n), r in rows.items():
        one = form_sigma(form, n)
        assert r["sigma"] == pytest.approx(one.sigma, abs=0.005)
        if one.sigma_ci is None:  # aggregate: Probst's printed Sheffield figure
            assert r["sigma_ci"] == [None, None]
        else:
            assert r["sigma_ci"] == pytest.approx(list(one.sigma_ci), abs=0.005)
    assert rows[("teams", 8)]["recommended_20_0_from"] == 30  # the booklet's and the CLI's
    assert rows[("teams", 8)]["current_20_0_from"] == 43  # WBF 2013, 8 boards
    assert rows[("teams", 32)]["recommended_20_0_from"] == 67
    assert rows[("teams", 32)]["current_20_0_from"] == 85
    assert rows[("swiss_pairs", 8)]["current_20_0_from"] == pytest.approx(68.35)
    # equal sides: 2/21 of matches end 20-0 on a continuous equal-probability scale
    assert rows[("swiss_pairs", 8)]["p_20_0_equal"] == pytest.approx(2 / 21, rel=1e-9)
    for key in ("teams", 8), ("teams", 32), ("swiss_pairs", 8):
        r = rows[key]
        assert 0 < r["p_strongest_wins"] < 1 and r["strongest_diff_se"] > 0
        assert r["verdict"] in ("differs", "not distinguishable", "unresolved")
    assert rows[("aggregate", 24)]["p_strongest_wins"] is None  # no strongest side
    teams = rows[("teams", 8)]
    assert teams["qualifier_changes"] >= 0 and "WBF 2013 continuous" in teams["baseline"]
    assert rows[("swiss_pairs", 8)]["qualifier_changes"] is None


def test_the_wbf_statement_is_tested_by_shape(summary):
    shapes = {r["shape"] for r in summary["wbf_statement"]}
    assert shapes == {"similar", "different"}
    similar = [r for r in summary["wbf_statement"] if r["shape"] == "similar"]
    assert [(r["scale"], r["other"]) for r in similar] == [
        ("WBF 2013 continuous", "WBF 2013 discrete")
    ]
    heads = [f for f in summary["_findings"] if f["headline"]]
    assert any(f["key"] == "wbf_statement" for f in heads)
    assert "_findings_problems" not in summary


def test_the_ppi_answer_is_the_decision_on_the_real_players(summary):
    """Issue 33 (b): too fast, too slow or right, the m the evidence prefers and its
    out-of-sample gain with its interval, in one sentence (studies.ppi_decision, tested
    there against an independent computation and drifting simulated clubs)."""
    d = summary["ppi_decision"]
    assert set(d) == {"verdict", "parameter", "value", "gain", "gain_ci"}
    assert d["verdict"] == "too fast" and d["value"]["factor"] == 4.0  # the shipped log
    lo, hi = d["gain_ci"]
    assert 0 < lo < d["gain"] < hi
    texts = [f["text"] for f in summary["_findings"] if f["key"] == "ppi_decision"]
    assert texts[0].startswith("The PPI forgets too fast: with m × 4")
    assert "calibration slope of 0.60" in texts[1]


def test_with_the_committees_files_the_qualifiers_are_its_own(run_notebook, tmp_path):
    """Issue 36, item 4: given the committee's files, 'would it have changed who
    qualified' is answered on its own events (the Bermuda Bowl 2013 round robin of the
    sample), against the scale they were scored on, with its cut."""
    from bridgestats.paths import data_dir

    sample = str(data_dir() / "committee" / "teams_matches.csv")
    s = run_notebook(
        "committee_brief",
        tmp_path,
        n_events=100,
        ppi_boot=100,
        qualifiers=4,
        files=[sample],
        events={"teams": [16]},
    )
    (row,) = s["recommendations"]
    assert "against the scale each was scored on (WBF 2013 continuous)" in row["baseline"]
    assert {r["n_events"] for r in s["wbf_statement"]} == {1}
    texts = " ".join(f["text"] for f in s["_findings"])
    assert "in 1 real round robin re-scored" in texts and "the top 4 qualifying" in texts
    assert "cannot be tested on 1 event" in texts
    assert sample in s["_inputs"]
