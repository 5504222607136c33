"""The ratings_real report's result (bridgestats.studies.ratings_real_report): its tables
and findings, made in the package, against the studies they come from."""

from __future__ import annotations

import numpy as np
import pytest

from bridgestats.notebook import findings_problems
from bridgestats.studies import ratings_real_report as rr
from bridgestats.studies import ratings_words as rw
from bridgestats.studies.ratings_real import compare_systems, session_predictions

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report():
    return rr.ratings_report(rng=3, n_boot=30)  # the shipped identification: no refit


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert set(found["section"]) <= set(rr.SECTIONS.values())
    assert findings_problems(found.to_dict(orient="records")) == []
    assert report.summary()["ppi_verdict"] == found["text"].iloc[0]
    assert set(found["key"].dropna()) <= set(report.summary())


def test_one_generator_drawn_in_order(report):
    """The comparison draws first from the seeded generator: the same seed gives the same
    intervals when it is run alone."""
    preds = session_predictions(report.log.sessions, elo_k_factor=2.0, until=report.until)
    alone = compare_systems(
        preds, since=report.until, n_boot=30, level=0.9, unit="event", rng=np.random.default_rng(3)
    )
    assert np.allclose(alone["ci_low"], report.comparison["ci_low"], equal_nan=True)
    assert report.summary()["seed"] == 3


def test_tables(report):
    systems = report.systems_table()
    assert systems["system"].iloc[0] == rw.SYSTEM_NAMES[next(iter(rw.SYSTEM_NAMES))]
    intervals = report.intervals_table()
    assert set(intervals["metric"]) == {"RMSE", "RMSE − Elo's", "RMSE − player mean's"}
    assert report.partners_table()["players"].sum() == len(report.log.players)
    lpr = report.lpr_table()
    assert np.allclose(lpr["test1_rate"], 100 * report.lpr_by_k["test1_rate"])
    assert report.scored_sentence().startswith(f"Scored on the {report.n_scored:,} sessions ")
    assert report.pct == "90 %"
    if len(report.band_widths):
        share = report.band_widths["band"].between(3, 5).mean()
        assert report.bands_sentence().endswith(
            f"{100 * share:.0f} % of them lie within the page's 3 to 5 %."
        )
