"""The vp_scale_designer report's result (bridgestats.studies.designer_report): its
sentences and findings, made in the package, on the branches a committee's choices take."""

from __future__ import annotations

import pytest

from bridgestats.notebook import findings_problems
from bridgestats.studies import designer_report as dr


@pytest.fixture(scope="module")
def pairs():
    return dr.design(n_events=100, rng=1)


def test_findings_frame(pairs):
    found = pairs.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert findings_problems(found.to_dict(orient="records")) == []
    rec = found[found.section == "The recommendation"]
    assert rec["text"].tolist() == pairs.rec_lines and rec["headline"].iloc[:2].all()
    assert found.loc[found.section == "Conclusions", "text"].tolist() == pairs.conclusions()


def test_swiss_pairs_against_the_ebu_table(pairs):
    """The default: the recommendation is the scale shown, the EBU table is compared and
    played over 7, 8 and 9 boards; no WBF scale (MP %)."""
    assert pairs.from_evidence and pairs.wbf is None
    assert pairs.scale_markdown() == (
        "The scale without negative VPs is the recommendation's, printed above."
    )
    assert pairs.table_for is pairs.published_scale
    assert pairs.lengths_sentence().endswith("played over 7, 8, 9 boards:")
    assert pairs.published_sentence().startswith("Fitted σ of ")
    lines = pairs.conclusions()
    assert lines[0].startswith("With 5 negative VPs the last step is at ")
    assert lines[-1].startswith(f"On one table ({pairs.published_scale.name}) 7 boards give ")
    assert pairs.wbf_markdown().startswith("Not shown: the WBF 2013 scales are for IMP margins")


def test_teams_with_a_given_k_and_a_refused_table():
    """Teams with K = 6.5: the scale shown is not the recommendation's (its sentence says
    so first), the MP % table is refused, the WBF gives 20.00 from 43 IMPs at 8 boards."""
    d = dr.design("teams", 8, k=6.5, n_events=60, rng=2)
    assert not d.from_evidence and "must be a scale in IMPs" in d.published_refused
    assert d.published_sentence().startswith("Not compared: ")
    lines = d.conclusions()
    assert lines[0].startswith(f"The scale shown uses σ = {d.scale.sigma:.2f} IMPs (")
    assert "The WBF 2013 scale gives 20.00 VPs from 43 IMPs." in lines
    assert "(The recommendation above, from the evidence, is σ = " in d.sigma_sentence()
    assert d.inputs == []  # a K given: no evidence read for the scale shown


def test_a_form_without_evidence():
    d = dr.design("butler_online", 8, n_tables=6, published_id=None, n_events=60, rng=3)
    assert d.rec is None and d.sim is None and d.rec_lines == []
    assert d.no_evidence_sentence().startswith("No evidence-based recommendation for ")
    assert d.sources_markdown().endswith(": no evidence is shipped for this form.")
    assert d.published_sentence() == "No published table given (`published` is None)."
    assert not d.findings()["headline"].any()
