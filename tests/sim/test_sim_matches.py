"""One simulated event match by match (bridgestats.sim.matches): its σ, draw and VPs."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.sim.matches import simulate_match_results
from bridgestats.vp import named_scale


def _margins(m):
    if "pct_home" in m:
        return ((m["pct_home"] - m["pct_visitors"]) / 2).dropna().to_numpy()
    return (m["imps_home"] - m["imps_visitors"]).dropna().to_numpy()


@pytest.mark.parametrize(
    ("form", "n_boards", "sigma"),
    [("swiss_pairs", 8, 32.95 / np.sqrt(8)), ("teams", 12, 6.5 * np.sqrt(12))],
)
def test_equal_sides_give_margins_of_the_stated_sigma(form, n_boards, sigma):
    m = simulate_match_results(200, n_rounds=10, n_boards=n_boards, form=form, rng=7)
    assert m.attrs["sigma"] == pytest.approx(sigma)
    x = _margins(m)
    # n x²/σ² is χ²(n) for normal margins about 0: the two-sided 99.9 % band of the
    # statistic (IMP margins are rounded to whole IMPs: a variance of +1/12, 0.1 % of σ²)
    stat = np.sum(x**2) / sigma**2
    lo, hi = stats.chi2.ppf([0.0005, 0.9995], len(x))
    assert lo < stat < hi


def test_a_swiss_pairs_every_entrant_once_a_round_and_never_twice_against_one():
    m = simulate_match_results(15, n_rounds=6, strength_sd=3.0, rng=3)
    for _, r in m.groupby("round"):
        sides = [*r["home"], *r.loc[r.visitors != "bye", "visitors"]]
        assert sorted(sides) == sorted(f"Pair {i}" for i in range(1, 16))
        assert (r["visitors"] == "bye").sum() == 1
    met = m[m.visitors != "bye"].apply(lambda r: frozenset((r.home, r.visitors)), axis=1)
    assert met.is_unique
    assert m.groupby("home")["visitors"].apply(lambda v: (v == "bye").sum()).max() == 1


def test_vps_are_the_scale_of_the_margin_and_a_round_robin_meets_everyone_once():
    m = simulate_match_results(
        6,
        pairing="round_robin",
        form="teams",
        n_boards=16,
        scale="wbf",
        rng=2,
        first_date="2025-01-06",
    )
    scale = named_scale("wbf", n_boards=16)
    margin = _margins(m)
    np.testing.assert_allclose(m["vp_home"], scale.vp(margin))
    np.testing.assert_allclose(m["vp_home"] + m["vp_visitors"], 20.0)
    pairs = {frozenset(p) for p in zip(m.home, m.visitors, strict=True)}
    assert pairs == {
        frozenset(p) for p in itertools.combinations(sorted(set(m.home) | set(m.visitors)), 2)
    }
    assert m["date"].iloc[-1] == "2025-02-03"  # round 5, four weeks after round 1


def test_bad_arguments_are_named():
    with pytest.raises(BridgestatsError, match="n_rounds"):
        simulate_match_results(8)
    with pytest.raises(BridgestatsError, match="form"):
        simulate_match_results(8, n_rounds=2, form="aggregate")
