"""The washington_sigma report's result (bridgestats.studies.washington_sigma): its
findings, made in the package, against the fits they word, and the wordings the shipped
Brighton counts do not reach."""

from __future__ import annotations

import dataclasses

import pytest

from bridgestats import vp
from bridgestats.notebook import findings_problems
from bridgestats.studies import washington_sigma as ws


@pytest.fixture(scope="module")
def report():
    return ws.washington_sigma()


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert findings_problems(found.to_dict(orient="records")) == []
    assert found["headline"].tolist() == [i in {0, 5, 7} for i in range(len(found))]
    assert found["section"].iloc[[1, 4, 5]].tolist() == [
        "σ round by round",
        "Do the halves differ? Do the rounds?",
        "The random-draw rounds",
    ]
    assert found["text"].iloc[5] == report.random_draw.sentence


def test_findings_word_the_fits(report):
    text = report.findings()["text"].tolist()
    every = report.group_fits.loc["all"]
    # the 2004 scale was built for 9.59 % (Probst §11); Brighton's σ lies above it
    assert report.built_for == pytest.approx(9.59, abs=0.005)
    assert text[0] == (
        f"All 3,598 matches: σ = {every.sigma:.2f} % (90%: {every.ci_low:.2f}-"
        f"{every.ci_high:.2f}), above the 9.59 % the Washington (2004) scale was "
        "built for."
    )
    halves = report.tests.loc["halves"]
    assert text[3].startswith("The halves differ" if halves.p_value < 0.05 else "No difference")
    sigmas = {n: vp.fit_scale_sigma(s).sigma for n, s in report.published.items()}
    closest = min(sigmas, key=lambda n: abs(sigmas[n] - every.sigma))
    assert report.summary()["closest_published"] == closest


def test_the_other_wordings(report):
    """Halves alike and rounds homogeneous at a level the data do not reach (alpha 1e-12)."""
    other = dataclasses.replace(report, alpha=1e-12)
    text = other.findings()["text"].tolist()
    assert text[3].startswith("No difference between the halves is shown at the 1e-12 level")
    assert "(no heterogeneity shown at the 1e-12 level)" in text[4]
    assert "round none differ at 1e-12" in text[4]


def test_tables(report):
    assert report.goodness_table()["observed"].sum() == 3_598
    assert report.goodness_table()["result"].iloc[0] == "10-10"
    scales = report.scales_table()
    assert scales["result"].iloc[-1] == "σ (MP %)" and len(scales) == 11
    assert set(report.scale_columns()) == set(scales.columns)
    assert report.subsets_table()["subset"].tolist() == list(ws.SUBSETS.values())
    assert report.tests_sentence().endswith("Each round against the others:")
    assert report.inputs[-1] == "seeds/probst_printed_figures"
