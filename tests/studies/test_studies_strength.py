"""studies.strength: the strength spreads fitted to the shipped data (teams to the match
margins, clustered by file; Swiss pairs to Brighton 2005's counts, Probst Table 7)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgestats import datasets, fit
from bridgestats.errors import BridgestatsError
from bridgestats.studies import strength


@pytest.fixture(scope="module")
def spread():
    return strength.team_strength_spread(n_boot=200, rng=0)


def test_team_strength_spread_is_the_fit_clustered_by_file(spread):
    mm = datasets.load("derived/match_margins")
    files = mm.match.str.split("|").str[0]
    direct = fit.fit_strength_spread(mm.imp_margin, mm.n_boards, cluster=files, n_boot=200, rng=0)
    assert spread == direct
    assert spread.n_clusters == files.nunique() == 99


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: strength.pairs_strength_spread(strength_sds=(0, 9)), "strength_sds"),
        (lambda: strength.pairs_strength_spread(strength_sds=(1,)), "strength_sds"),
        (lambda: strength.pairs_strength_spread(strength_sds="abc"), "strength_sds"),
        (lambda: strength.pairs_strength_spread(rng="x"), "rng"),
    ],
)
def test_bad_input(call, name):
    with pytest.raises(BridgestatsError, match=name):
        call()


def test_pairs_strength_spread():
    """Round 1 and the second half as fit_sigma_binned gives them on Table 7; the curve
    falls with τ; σ₀² + 2τ² = σ₁²; τ lies inside its interval and the grid."""
    p = strength.pairs_strength_spread(strength_sds=(2, 3, 4, 5, 6), n_events=3, rng=2026)
    counts = (
        datasets.load("seeds/brighton_2005_vp_counts")
        .pivot(index="round", columns="vp_winner", values="count")
        .to_numpy()
    )
    rows = (
        datasets.load("seeds/swiss_pairs_scales")
        .query("scale == 'washington_2004' and vp_winner > 10")
        .sort_values("vp_winner")
    )
    t = rows.threshold_pct.to_numpy() - 50
    assert p.round1_sigma == pytest.approx(fit.fit_sigma_binned(counts[0], t).sigma)
    assert p.second_half_sigma == pytest.approx(fit.fit_sigma_binned(counts[7:].sum(0), t).sigma)
    assert p.sigma_equal**2 + 2 * p.strength_sd**2 == pytest.approx(p.round1_sigma**2)
    assert p.k == pytest.approx(p.sigma_equal * math.sqrt(8))
    assert np.all(np.diff(p.curve.sim_second_half_sigma) < 0)
    assert p.strength_sd_ci[0] <= p.strength_sd <= p.strength_sd_ci[1]
    print(
        f"\nBrighton: tau {p.strength_sd:.2f} % ({p.strength_sd_ci[0]:.2f}-"
        f"{p.strength_sd_ci[1]:.2f}), equal-pairs sigma {p.sigma_equal:.2f} %"
    )
    assert 2 < p.strength_sd < 6 and 8 < p.sigma_equal < p.round1_sigma
