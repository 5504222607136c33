"""The butler_scales report's result (bridgestats.studies.butler.butler_report): its
conclusions, made in the package, against the figures they word."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bridgestats import datasets
from bridgestats.notebook import findings_problems
from bridgestats.studies import butler as bt

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report():
    return bt.butler_report(rng=5, n_boot=50, negative=2)


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert findings_problems(found.to_dict(orient="records")) == []
    assert found["text"].tolist() == report.conclusions()
    assert found["headline"].tolist() == [True, True, False, True]
    assert set(found["key"]) <= set(report.summary())


def test_b_against_probst_printed_range(report):
    """Probst: B 'between 1.18 and 1.2' (seeds/probst_figures: 1.19 ± 0.01); the sentence
    says whether the plain datum's B lies in it, and the other wording where it does not."""
    b = float(report.factors.set_index("datum").loc["mean", "b"])
    first = report.conclusions()[0]
    assert first.endswith("holds for the plain datum." if 1.18 <= b <= 1.2 else "does not hold.")
    factors = report.factors.copy()
    factors.loc[factors["datum"] == "mean", "b"] = 1.5
    other = dataclasses.replace(report, factors=factors)
    assert other.conclusions()[0].endswith("so Probst's 'between 1.18 and 1.2' does not hold.")


def test_tables(report):
    t = report.thresholds_table()
    assert t["VPs from"].tolist()[-3:] == ["20-0", "20--1", "20--2"]  # two negative VPs
    assert len(t) == 12
    assert report.factors_table()["datum"].tolist() == list(bt.DATUM_NAMES.values())
    swings = datasets.load("derived/swing_counts").groupby("imps")["count"].sum()
    k = np.sqrt((swings.index.to_numpy() ** 2 * swings.to_numpy()).sum() / swings.sum())
    assert report.k_est.k == pytest.approx(k, rel=1e-9)  # K = √(Σ count·imps² / Σ count)
    assert report.k_sentence().startswith(f"K per board: {k:.3f} IMPs (90 %: ")
    assert report.summary()["seed"] == 5
