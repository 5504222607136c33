"""The compare_scales report's result (bridgestats.studies.compare_scales): its findings,
made in the package, against the frames they word (tiny simulations: slow only for the
re-scoring of the 51 shipped championships)."""

from __future__ import annotations

import pytest

from bridgestats.notebook import findings_problems
from bridgestats.studies import compare_scales as cs
from bridgestats.studies import rescore, scales

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report():
    return cs.scale_comparison(
        n_events=30,
        n_events_swiss=30,
        n_events_other_rules=20,
        rng=5,
        rr_teams=6,
        swiss_teams=8,
        swiss_rounds=3,
        pairs_pairs=8,
        pairs_rounds=3,
        shooting_boards_left=[1, 2],
    )


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert set(found["section"]) == set(cs.SECTIONS.values())
    assert findings_problems(found.to_dict(orient="records")) == []
    simulated = scales.conclusions(
        report.measures, shooting=report.shooting_incentive, pairings=report.pairing_rules
    )
    real = rescore.conclusions(report.changes)
    assert found["text"].tolist() == [
        *simulated,
        *(f"Real events re-scored: {s}" for s in real),
        report._size_sentence(),
    ]
    heads = found.loc[found.headline, "text"].tolist()
    assert (
        all(
            "P(strongest wins) is highest" in t or "re-scored: Gaussian 20-0 changes" in t
            for t in heads
        )
        and heads
    )
    assert set(found["key"]) <= set(report.summary())


def test_size_sentence_counts_the_unresolved(report):
    text = report._size_sentence()
    differences = report.overview["scale_differences"]
    unresolved = sum(r["verdict"] == "unresolved" for r in differences)
    assert text.startswith("At these sizes (30 events per scale in the round robin, 30 in each ")
    assert f"{report.overview['n_events_simulated']:,} events in all" in text
    assert f", and {unresolved} of the {len(differences)} comparisons with the reference" in text
    se = report.measures.query("measure == 'p_strongest_wins'")["se"].max()
    assert f"the largest SE of P(strongest wins) is {se:.3f}" in text


def test_tables_and_summary(report):
    table = report.measures_table()
    assert list(table.columns[:3]) == ["event", "pairing", "scale"]
    assert all(" ± " in v for v in table["p_strongest_wins"])  # every figure with its SE
    by_scale = report.changes_by_scale()
    s = report.summary()
    assert s["qualifier_changes_range"] == {
        scale: [int(r.events_changed_low), int(r.events_changed_high)]
        for scale, r in by_scale.iterrows()
    }
    assert s["team_strength_sd"] == pytest.approx(s["team_delta"] / 2**0.5, rel=1e-12)
    assert (report.standings()["baseline"] != "").all()
    assert report.teams_sentence().endswith(f"= {report.team_strength_sd:.3f} IMPs per board.")
    assert report.rescored_sentence().startswith("51 events, ")
