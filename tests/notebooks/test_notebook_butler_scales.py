"""Run notebooks/butler_scales.ipynb with small parameters and check its summary."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def summary(run_notebook, tmp_path_factory):
    folder = tmp_path_factory.mktemp("butler_scales")
    summary = run_notebook(
        "butler_scales", folder, n_boot=50, n_boards=15, tables=15, online=True, negative=3
    )
    assert (folder / "figures" / "butler_totals.png").is_file()
    return summary


def test_summary(summary):
    assert 1.18 <= summary["butler_factor_mean"] <= 1.20
    lo, hi = summary["butler_factor_trimmed_ci"]
    assert lo < summary["butler_factor_trimmed"] < hi
    assert summary["totals_ratio"] > 1.0 and summary["n_rounds"] > 900
    scale = summary["scale"]
    assert scale["n_boards"] == 15 and len(scale["thresholds_equal"]) == 13
    # issue 33: the scale to print is the form's one σ (the booklet's), + 1 IMP online
    from bridgestats.sigma import form_sigma
    from bridgestats.vp import event_scale

    want = form_sigma("butler", 15, n_tables=15).sigma + 1.0
    assert scale["sigma"] == pytest.approx(want, rel=1e-12)
    printed = event_scale("butler", 15, sigma=want, negative=3)
    assert scale["thresholds"] == pytest.approx(list(printed.thresholds), rel=1e-12)
    assert scale["top_from"] == printed.integer_ranges()["margin_from"].iloc[10]
    assert scale["sigma_field"] > scale["sigma_equal"]
    assert summary["k_source"].startswith("data/derived/swing_counts.csv")
    assert sum(f["headline"] for f in summary["_findings"]) == 3


def test_it_says_first_what_its_data_can_and_cannot_test(summary, check_notebook_clean):
    first = check_notebook_clean("butler_scales").cells[0].source
    text = first.split("\n\n")[1]
    assert text.startswith(
        "This report tests Probst's model for *online* Butler with *face-to-face* World and "
        "European championship full fields re-scored as Butler IMPs"
    )
    assert "not shown to be differences in strength" in text.split(". ")[0]
    assert summary["data_scope"] == {
        "tests": "Probst's online-Butler model with face-to-face championship full fields "
        "re-scored as Butler IMPs: B and the spread of Butler totals",
        "cannot_test": "the online terms (K = 7, the shooting IMP, incomplete barometers); "
        "that the excess over the equal-pairs model is strength",
    }
    # the excess share: about a fifth of the variance, and called an excess, not strength
    share, (lo, hi) = (
        summary["totals_excess_variance_share"],
        summary["totals_excess_variance_share_ci"],
    )
    assert lo < share < hi and round(share, 2) == 0.22
    spread = next(f["text"] for f in summary["_findings"] if f["key"] == "totals_ratio")
    assert (
        f"{100 * share:.0f} % of their variance is an excess over the equal-pairs model, "
        "not shown to be differences in strength" in spread
    )
    assert "is the field's differences in strength" not in spread


def test_notebook_is_committed_clean(check_notebook_clean):
    check_notebook_clean("butler_scales")


def test_findings_are_one_sentence_each_and_end_as_sentences(summary):
    """bridgestats.notebook.findings_problems finds nothing; each finding ends with a full
    stop (they were fragments), and the headline ones are B, the totals and the scale."""
    assert "_findings_problems" not in summary
    assert all(f["text"].endswith(".") for f in summary["_findings"])
    keys = [f["key"] for f in summary["_findings"] if f["headline"]]
    assert keys == ["butler_factor_mean", "totals_ratio", "scale"]


@pytest.mark.shared
def test_b_from_a_committee_s_club_sessions(run_notebook, tmp_path_factory, shared_data):
    """The three real Compscore3 club sessions (../shared/data/usebio): B measured on their
    full-field boards, against the same spreads worked out here board by board (every
    table's Butler IMPs against the plain mean, every pair of tables' IMPs) and fitted by
    bridgestats.fit.butler_factor with the notebook's seed (tolerance 1e-9: the same sums
    in another order)."""
    import numpy as np

    from bridgestats.derive import read_committee
    from bridgestats.fit import butler_factor
    from bridgestats.scoring import imps

    folder = tmp_path_factory.mktemp("butler_own")
    files = [str(shared_data / "usebio")]
    s = run_notebook("butler_scales", folder, n_boot=50, files=files)
    sessions = read_committee(files).sessions_for("test")
    boards = sessions.groupby(["source", "event", "segment", "board"], dropna=False)["score_ns"]
    sd, rms, n = [], [], []
    for _, scores in boards:
        x = scores.to_numpy(float)
        diffs = [imps(a - b) for i, a in enumerate(x) for j, b in enumerate(x) if i != j]
        sd.append(np.sqrt(np.mean(np.asarray(imps(x - x.mean()), float) ** 2)))
        rms.append(np.sqrt(np.mean(np.square(diffs))))
        n.append(len(x))
    expected = butler_factor(sd, rms, n, n_boot=50, rng=np.random.default_rng(2026))
    assert len(n) == 89
    assert s["butler_factor_mean"] == pytest.approx(expected.b, rel=1e-9)
    assert files[0] in s["_inputs"]
