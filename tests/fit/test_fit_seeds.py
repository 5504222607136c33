"""The seed tables in data/seeds/ against the article's own totals and formulas.

Source: J. Probst, "On VP Scales" (c. 2006), Tables 6, 7 and 8 (the EBU 7-9 board table is
Table 8's "EBU 2006" column).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from scipy import stats

from bridgestats import datasets
from bridgestats.paths import project_root

SEED = project_root().parent / "shared" / "seeds" / "001_d1e63a5d90e05b9a.txt"

# Table 7's printed "Total" column (counts of each winner's VP over the 14 rounds).
TABLE7_TOTALS = {
    10: 144,
    11: 311,
    12: 275,
    13: 297,
    14: 346,
    15: 314,
    16: 308,
    17: 317,
    18: 362,
    19: 412,
    20: 512,
}


def _z21():
    """Exact 21-tile quantiles Φ⁻¹(0.5 + (2k+1)/42), k = 0..9 (Probst §2)."""
    return stats.norm.ppf(0.5 + (2 * np.arange(10) + 1) / 42)


def test_brighton_counts_match_printed_totals():
    df = datasets.load("seeds/brighton_2005_vp_counts")
    assert list(df.columns) == ["round", "vp_winner", "count"]
    assert len(df) == 14 * 11
    by_vp = df.groupby("vp_winner")["count"].sum().to_dict()
    assert by_vp == TABLE7_TOTALS
    assert (df.groupby("round")["count"].sum() == 257).all()  # "257 results for each of 14"
    assert df["count"].sum() == 3598
    top = df[df.vp_winner == 20]
    assert top[top["round"] <= 7]["count"].sum() == 297  # §11: 297 in the first half
    assert top[top["round"] > 7]["count"].sum() == 215  # and 215 in the second


def test_brighton_counts_equal_the_seed_text():
    """Re-read Table 7 from the seed (when present): the CSV is a faithful transcription."""
    if not SEED.is_file():
        pytest.skip("the seed documents are absent")
    text = SEED.read_text()
    start = text.index("VP\\Match")
    tokens = [int(t) for t in text[start : text.index("\n", start)].split()[16:]]
    rows = np.array(tokens).reshape(11, 16)  # VP, 14 rounds, total
    df = datasets.load("seeds/brighton_2005_vp_counts")
    table = df.pivot(index="vp_winner", columns="round", values="count")
    np.testing.assert_array_equal(table.index, rows[:, 0])
    np.testing.assert_array_equal(table.to_numpy(), rows[:, 1:15])
    np.testing.assert_array_equal(rows[:, 1:15].sum(axis=1), rows[:, 15])


def test_sheffield_bands():
    df = datasets.load("seeds/sheffield_aggregate_bands")
    np.testing.assert_array_equal(df.observed, [41, 66, 52, 62, 74, 60, 63])
    assert df.observed.sum() == 418
    np.testing.assert_array_equal(df.vp_winner + df.vp_loser, 12)
    # z column = exact 13-tiles to the printed 3 decimals (tolerance: half a unit in the 3rd).
    z13 = stats.norm.ppf(0.5 + (2 * np.arange(6) + 1) / 26)
    np.testing.assert_allclose(df.z_high[:6].astype(float), z13, atol=0.0005 + 1e-9)
    # column 3 is z × 1790, rounded or truncated to whole points (tolerance 1 point).
    np.testing.assert_allclose(df.computed_high[:6].astype(float), df.z_high[:6] * 1790, atol=1)
    # the published thresholds are the computed ones moved to a multiple of 10.
    assert np.all(np.abs(df.published_low[1:] - df.computed_low[1:]) <= 10)


@pytest.mark.parametrize(
    ("scale", "sigma"),
    [
        ("washington_2004", 9.59),
        ("ascherman_2006", 10.35),
        ("random_draw", 11.65),
        ("ebu_2006", 11.0),
    ],
)
def test_swiss_pairs_scales_are_gaussian(scale, sigma):
    """50 + σ·z reproduces each Gaussian column of Table 8 (tolerance 0.015 %: σ printed to
    2-3 significant digits, z to 3 decimals, thresholds rounded or truncated to 0.01), except
    the Ascherman 17-3 typo (59.01 printed, 59.07 meant; see data/seeds/README.md)."""
    df = datasets.load("seeds/swiss_pairs_scales")
    g = df[(df.scale == scale) & (df.vp_winner > 10)]
    assert g.sigma.eq(sigma).all()
    residual = g.threshold_pct.to_numpy() - (50 + sigma * _z21())
    typo = (scale == "ascherman_2006") & (g.vp_winner.to_numpy() == 17)
    assert np.all(np.abs(residual[~typo]) < 0.015)
    if typo.any():
        assert residual[typo][0] == pytest.approx(59.01 - (50 + sigma * _z21()[6]), abs=1e-9)
        assert 50 + sigma * 0.876 == pytest.approx(59.07, abs=0.005)
        assert g.upper_pct[g.vp_winner == 16].iloc[0] == 59.07


def test_swiss_pairs_scales_structure():
    df = datasets.load("seeds/swiss_pairs_scales")
    assert sorted(df.scale.unique()) == sorted(
        ["triangular_2003", "washington_2004", "ascherman_2006", "random_draw", "ebu_2006"]
    )
    for _, g in df.groupby("scale"):
        assert list(g.vp_winner) == list(range(10, 21))
        assert np.all(np.diff(g.threshold_pct) > 0)
        assert g.upper_pct.isna().sum() == 1  # only 20-0 is open
    tri = df[df.scale == "triangular_2003"].threshold_pct.to_numpy()
    np.testing.assert_allclose(np.diff(np.diff(tri[1:])), 0.2, atol=1e-9)  # "triangular"
    assert df[df.scale == "triangular_2003"].sigma.isna().all()


def test_ebu_table_is_sigma_11():
    df = datasets.load("seeds/ebu_swiss_pairs_7_9")
    np.testing.assert_array_equal(df.vp_winner, np.arange(11, 21))
    # Exact quantiles: within 0.01 (Probst's z carry interpolation errors of ±0.0007, × 11).
    np.testing.assert_allclose(df.threshold_pct, 50 + 11 * _z21(), atol=0.01)
    # Probst's printed z (Table 8), rounded to 2 decimals: tolerance 0.005 plus float slack.
    z_printed = datasets.load("seeds/swiss_pairs_scales").query("vp_winner > 10").z_low[:10]
    np.testing.assert_allclose(df.threshold_pct, 50 + 11 * z_printed.to_numpy(), atol=0.0051)
    t8 = datasets.load("seeds/swiss_pairs_scales")
    ebu06 = t8[(t8.scale == "ebu_2006") & (t8.vp_winner > 10)].threshold_pct.to_numpy()
    np.testing.assert_array_equal(df.threshold_pct.to_numpy(), ebu06)


def test_seed_readme_names_every_file():
    readme = (datasets.path("seeds/ebu_swiss_pairs_7_9").parent / "README.md").read_text()
    for name in datasets.names():
        if name.startswith("seeds/"):
            assert re.search(rf"`{re.escape(name.split('/')[1])}\.csv`", readme), name
