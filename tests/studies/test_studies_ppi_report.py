"""The ppi_half_life report's result (bridgestats.studies.ppi_report): its sentences and
findings, made in the package, against the simulations they word."""

from __future__ import annotations

import numpy as np
import pytest

from bridgestats.notebook import findings_problems
from bridgestats.studies import ppi_report as pr
from bridgestats.studies.ppi import PAGE_ACTIVITY, half_lives

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report():
    return pr.ppi_report(
        rng=7,
        activities=[416.0],
        n_players=150,
        n_shocked=20,
        wander_players=30,
        wander_months=24,
        newcomer_per_strength=6,
        newcomer_months=6,
        compare_players=40,
        compare_months=3,
    )


def test_findings_frame(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert findings_problems(found.to_dict(orient="records")) == []
    assert found["headline"].sum() == 4
    assert set(found["key"]) <= set(report.summary())
    assert len(found) == 5 + len(report.claims)
    fx = report.at_page["fixed"]
    assert (
        found["text"]
        .iloc[0]
        .startswith(
            f"One bad session at {PAGE_ACTIVITY:g} boards a quarter halves after {fx.months:.2f} ± "
        )
    )


def test_one_generator_drawn_in_order(report):
    """The half-lives draw first from the seeded generator: the same seed gives the same
    half-lives when they are run alone."""
    alone = half_lives(
        activities=[416.0], rng=np.random.default_rng(7), n_players=150, n_shocked=20
    )
    assert alone[416.0, "fixed"].boards == report.at_page["fixed"].boards
    assert report.summary()["seed"] == 7


def test_sentences(report):
    conclusions = report.conclusions()
    assert conclusions[1].startswith('The page\'s "halving every three months" is the fixed')
    assert "600 ln 2 = 415.9 boards" in conclusions[1]
    assert conclusions[5:] == [pr.claim_sentence(r) for r in report.claims.itertuples()]
    best, sentence = report.best
    assert (best is None or best in pr.SYSTEMS) and "ppi (" not in sentence  # names, not ids
    assert [s.split(":")[0] for s in report.half_life_sentences()] == [
        "With a fixed partnership",
        "With pick-up partners",
    ]
    assert report.newcomer_sentence().startswith(
        f"A newcomer after 12 boards at 40 %: {report.newcomer_held:.2f} % with the others held"
    )
    t = report.half_life_table()
    assert "pick-up" in set(t["partnership"]) and "pickup" not in set(t["partnership"])
