"""The swiss_events report's result (bridgestats.studies.swiss_findings.swiss_events): its
tables and findings, made in the package, against the studies they come from."""

from __future__ import annotations

import dataclasses

import pytest

from bridgestats.notebook import findings_problems
from bridgestats.studies import swiss_findings as sf

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report():
    return sf.swiss_events(rng=4, n_events=30, late_sessions=[6], late_events=20)


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert set(found["section"]) == {"Conclusions"}
    assert findings_problems(found.to_dict(orient="records")) == []
    assert set(found["key"].dropna()) <= set(report.summary())


def test_headline_size_only_where_simulated(report):
    assert report.headline_sessions == 6
    parameters = {**report.parameters, "late_sessions": [7, 8]}
    other = dataclasses.replace(report, parameters=parameters)
    assert other.headline_sessions is None


def test_tables_and_sentences(report):
    assert report.observed_table()["agrees"].all()  # Table 7 against §11's prose
    assert report.summary()["brighton_observed_agrees_with_article"] is True
    sigmas = report.sigmas_table()
    observed = sigmas[sigmas["source"] == "Brighton"]
    assert observed["interval"].str.fullmatch(r"\d+\.\d\d-\d+\.\d\d").all()
    simulated = sigmas[sigmas["source"] != "Brighton"]
    assert simulated["interval"].str.endswith("(Monte Carlo)").all()
    assert report.fit_sentence().startswith(f"Round 1 σ {report.fit.round1_sigma:.2f} %, ")
    step = report.step
    assert report.step_sentence().startswith(f"X² of the step {step['x2_step']:.1f} and of ")
    assert report.late_table()["entry_scores"].map(type).eq(str).all()
    assert set(report.halves_table()["pairing"]) <= set(sf.PAIRING_NAMES.values())
