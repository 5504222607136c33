"""The rederive_k report's result (bridgestats.studies.rederive_k): its findings, made in
the package, against the estimates they word; its branches on a committee's files."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bridgestats import datasets
from bridgestats.notebook import findings_problems
from bridgestats.studies import rederive_k as rk


@pytest.fixture(scope="module")
def report():
    return rk.rederive_k(n_boot=20, rng=3)


def test_findings_frame_one_sentence_each_in_the_report_sections(report):
    found = report.findings()
    assert list(found.columns) == ["text", "section", "key", "headline"]
    assert set(found["section"]) <= set(rk.SECTIONS.values())
    assert findings_problems(found.to_dict(orient="records")) == []
    # how big K is, how well it is known, how it grows, what it means for a scale
    assert found.loc[found.headline, "section"].tolist() == [
        rk.SECTIONS[s] for s in ("board", "between", "length", "published")
    ]
    assert len(found) == 11  # the shipped archive: between series, within series, by series


def test_findings_word_the_estimates(report):
    text = report.findings()["text"].tolist()
    m = datasets.load("derived/match_margins")
    k = np.sqrt(m["sum_sq_imps"].sum() / m["n_boards"].sum())  # 6.13 (PROVENANCE)
    assert text[0].startswith(f"Per board, K = {k:.2f} IMPs (90% interval ")
    assert "over 37,099 boards in 2,330 matches" in text[0]
    # the series differ (Cochran's Q p < 0.1): the pooled interval understates the spread
    assert report.between.q_p < 0.1 and text[2].startswith("The series differ")
    s = report.scale_model
    assert f"K = {s.k:.2f}" in text[5] and "δ's interval excludes 0" in text[5]
    assert text[8].startswith("For 8-board matches the scale every report prints")
    assert f"{report.candidates['top_margin'].iloc[2]:.1f} IMPs" in text[8]


def test_the_other_wordings(report):
    """The branches the shipped data do not take: series consistent with one K, a δ whose
    interval reaches 0."""
    between = dataclasses.replace(report.between, q_p=0.5)
    model = dataclasses.replace(report.scale_model, delta_ci=(0.0, 0.7))
    other = dataclasses.replace(report, between=between, scale_model=model)
    text = other.findings()["text"].tolist()
    assert text[2].startswith("The series are consistent with one K (Cochran's Q p = 0.5, ")
    assert "δ's interval reaches 0, so growth with length is not established here" in text[5]


def test_sentences_of_the_sections(report):
    assert report.swing_sentence() is None  # the shipped margins hold no board swings
    assert report.count_sentence() == "2,330 matches, 37,099 boards:"
    assert report.groups_sentence() == "Every group has 5 matches or more."
    by_group = report.by_group.copy()
    by_group.attrs["dropped"] = 1
    one_left_out = dataclasses.replace(report, by_group=by_group)
    assert one_left_out.groups_sentence() == "1 group with fewer than 5 matches left out."
    assert report.model_sentence().endswith("Bands without a match: none.")
    assert report.series_table()["size"].sum() == 2_330
    assert report.match_table()["what"].tolist() == [
        "K from margins (IMPs)",
        "K per board (IMPs)",
        "variance-inflation ratio",
    ]


def _pbn_match(home, visit, tricks_open, tricks_closed):
    """Records of a 4-board match, every board 4S by North (none vulnerable)."""
    out = []
    for board, (t_o, t_c) in enumerate(zip(tricks_open, tricks_closed, strict=True), start=1):
        for room, t in (("Open", t_o), ("Closed", t_c)):
            out.append(
                f'[Event "T"]\n[Stage "R1"]\n[HomeTeam "{home}"]\n[VisitTeam "{visit}"]\n'
                f'[Board "{board}"]\n[Vulnerable "None"]\n[Room "{room}"]\n'
                f'[Declarer "N"]\n[Contract "4S"]\n[Result "{t}"]\n'
            )
    return out


def test_on_files_one_event(tmp_path):
    path = tmp_path / "two_matches.pbn"
    records = _pbn_match("A", "B", [10, 11, 8, 10], [9, 10, 10, 10])
    records += _pbn_match("C", "D", [11, 9, 10, 9], [8, 10, 10, 10])
    path.write_text("\n".join(records))
    r = rk.rederive_k(
        [str(path)], n_boot=20, rng=1, min_group_matches=1, min_match_boards=4, delta_min_boards=4
    )
    swings = np.array([10, 1, -11, 0, 11, -10, 0, -10])
    assert r.per_swing.k == pytest.approx(np.sqrt(np.mean(swings**2)), abs=1e-12)
    assert r.swing_sentence().startswith(
        f"K from the swings (`fit.estimate_k`): {r.per_swing.k:.3f}"
    )
    assert r.between is None and r.between_sentence() == "1 group: no between-group interval."
    assert r.inputs == [str(path)] and r.series_by == "event"
    found = r.findings()
    # no between-series line, no within-series lines, no series of δ
    assert len(found) == 7 and not found["text"].str.startswith("The series").any()
    assert r.summary()["delta_by_series"] == {}
