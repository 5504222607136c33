"""A committee's Swiss pairs and team matches as rounds × VP outcome, and σ fitted on them
(bridgestats.studies.committee.round_counts with studies.brighton.brighton_sigma)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from bridgestats import datasets
from bridgestats.derive import read_committee
from bridgestats.errors import BridgestatsError
from bridgestats.sim.matches import simulate_match_results
from bridgestats.studies import brighton
from bridgestats.studies.committee import interval_verdict, round_counts
from bridgestats.vp import named_scale


@pytest.mark.slow
def test_the_known_sigma_of_simulated_swiss_events_is_covered_at_its_level(tmp_path):
    """40 simulated Swiss pairs of equal pairs (σ = 32.95/√8 = 11.65 % known), each written
    as a committee's CSV, read, counted on the EBU 2006 bands and fitted: the 90 %
    profile interval of all rounds must hold σ in about 36 of 40 (Binomial(40, 0.9): 30 or
    fewer has probability 0.5 %), and the mean σ̂ lie within 2 % of σ (the binned ML is
    nearly unbiased at 320 matches; its sd is about 4 % per event, 0.7 % over 40)."""
    covered, fits = 0, []
    for seed in range(40):
        event = simulate_match_results(64, n_rounds=10, rng=seed)
        path = tmp_path / f"e{seed}.csv"
        event.to_csv(path, index=False)
        counts = round_counts([path])
        fit = brighton.brighton_sigma(counts=counts, first_half_last_round=None).loc["all"]
        covered += fit.ci_low < event.attrs["sigma"] < fit.ci_high
        fits.append(fit.sigma)
    sigma = 32.95 / np.sqrt(8)
    assert covered > 30
    assert stats.binom.cdf(30, 40, 0.9) < 0.006
    assert np.mean(fits) == pytest.approx(sigma, rel=0.02)


def test_the_real_event_counted_by_hand():
    """The Bermuda Bowl 2013 sample: round 1's eleven matches counted on the WBF discrete
    scale for 16 boards by hand from the CSV, and the scale found from the printed VPs."""
    counts = round_counts([datasets.path("committee/teams_matches")])
    assert counts.scale_id == "wbf" and counts.vp_agree == counts.vp_printed == 231
    assert counts.binned_id == "wbf_discrete" and counts.by_round.shape == (21, 11)
    raw = datasets.load("committee/teams_matches")
    r1 = raw[raw["round"] == 1]
    margins = (r1["imps_home"] - r1["imps_visitors"]).abs()
    uppers = named_scale("wbf_discrete", n_boards=16).thresholds
    by_hand = pd.Series([int(np.sum(margins >= t)) for t in uppers])  # reaching each step
    table = counts.by_round.loc[1].to_numpy()
    assert table.sum() == 11
    np.testing.assert_array_equal(table[::-1].cumsum()[::-1][1:], by_hand)


def test_matches_of_another_length_and_without_a_round_are_left_out_and_counted(tmp_path):
    path = tmp_path / "l.csv"
    path.write_text(
        "event,round,home,visitors,boards,imps_home,imps_visitors\n"
        "L,1,A,B,16,40,12\nL,1,C,D,16,3,20\nL,2,A,C,16,25,25\n"
        "L,2,B,D,12,31,7\n"
    )
    counts = round_counts(read_committee(path))
    assert counts.left_out == {"other number of boards": 1}
    assert int(counts.by_round.to_numpy().sum()) == 3
    with pytest.raises(BridgestatsError, match="files: washington_sigma needs Swiss pairs"):
        round_counts(read_committee(path), form="swiss_pairs")


def test_the_shipped_path_is_brighton():
    counts = round_counts(None)
    table, _ = brighton.brighton_counts()
    pd.testing.assert_frame_equal(counts.by_round, table)
    assert counts.read_statement is None and counts.scale_name == "Washington (2004)"
    assert list(counts.published(["ebu_2006"])) == ["ebu_2006", "washington_2004"]


def test_an_interval_decides_only_when_it_holds_one_figure():
    refs = {"a": 9.0, "b": 11.0}
    assert interval_verdict("x", (8, 12), refs).endswith("too wide to decide between them.")
    assert "alone" in interval_verdict("x", (10, 12), refs)
    assert "rules them all out" in interval_verdict("x", (12, 13), refs)


def test_the_random_draw_rounds_of_a_committee_s_event_say_only_what_applies():
    """On the Swiss pairs sample the random-draw rounds are set beside their own 20-0 count,
    never beside Cooke's printed Brighton figure; the 20-0-only σ recomputed here from the
    CSV by the proportion's formula σ = t / Φ⁻¹(1 − p/2) (scipy; tolerance 1e-9), t the
    EBU 2006 table's 20-0 threshold. Brighton's own counts keep Cooke's figure."""
    from bridgestats.studies.committee import random_draw_sigma, subset_sigma

    counts = round_counts([datasets.path("committee/swiss_pairs_rounds")])
    r = random_draw_sigma(counts, subset_sigma(counts), random_draw_rounds=(1, 2))
    raw = datasets.load("committee/swiss_pairs_rounds")
    first = raw[raw["round"] <= 2]
    t = named_scale("ebu_2006", n_boards=8).thresholds[-1]
    p = float(np.mean((first["pct_home"] - 50).abs() >= t))
    assert r.tail.sigma == pytest.approx(t / stats.norm.ppf(1 - p / 2), rel=1e-9)
    assert "Cooke" not in r.sentence + r.note + " ".join(r.table["estimate"])
    assert r.sentence.startswith("Rounds 1 and 2: σ = ")
    assert f"of their {len(first)} matches" in r.sentence
    assert list(r.table["estimate"]) == [
        "the 20-0 proportion alone (Wald)",
        "maximum likelihood on all 11 counts",
    ]
    from bridgestats.studies.brighton import brighton_round_counts

    brighton = brighton_round_counts()
    b = random_draw_sigma(brighton, subset_sigma(brighton))
    assert "Cooke's printed 11.73 (11.04-12.55)" in b.sentence
    assert b.table["estimate"].iloc[0] == "Cooke, as printed"


def test_the_scale_scored_on_may_be_a_scale_csv(tmp_path):
    """files_scale as a scale CSV (as ``bridgestats scale --format csv`` writes one): the EBU
    2006 table written to a file and read back counts the Swiss pairs sample exactly as the
    named scale does, and every printed VP agrees with it."""
    path = tmp_path / "club_scale.csv"
    path.write_text(named_scale("ebu_2006", n_boards=8).to_csv())
    files = [datasets.path("committee/swiss_pairs_rounds")]
    by_csv, named = round_counts(files, scale=str(path)), round_counts(files, scale="ebu_2006")
    pd.testing.assert_frame_equal(by_csv.by_round, named.by_round)
    assert by_csv.scale_id == "given" and by_csv.scale_name == "the scale of club_scale.csv"
    assert by_csv.vp_agree == by_csv.vp_printed == 320
