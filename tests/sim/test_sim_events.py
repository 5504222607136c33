"""The event simulator: pairing invariants, the board model, scales, and the kernel's oracle."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sim_events_reference import reference_events

from bridgestats.errors import BridgestatsError
from bridgestats.sim import events as ev
from bridgestats.sim import measures
from bridgestats.sim.pairing import MAX_STEPS, pair_in_order, round_robin_schedule
from bridgestats.vp import VPScale, gaussian_scale, scale_from_thresholds, wbf_scale, wbf_vp

# --- pairing --------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 14))
def test_round_robin_meets_everyone_once(n):
    sched = round_robin_schedule(n)
    assert sched.shape == (n - 1 + n % 2, n)
    for i in range(n):
        opponents = [o for o in sched[:, i] if o >= 0]
        assert sorted(opponents) == [j for j in range(n) if j != i]
        assert (sched[:, i] == -1).sum() == n % 2  # one bye each in an odd field
    for r in range(sched.shape[0]):
        row = sched[r]
        assert all(row[o] == i for i, o in enumerate(row) if o >= 0)
        assert (row == -1).sum() == n % 2


def test_pair_in_order_backtracks_when_top_down_fails():
    met = np.zeros((4, 4), dtype=bool)
    met[2, 3] = met[3, 2] = True  # 1 v 2 then leaves 3 v 4, who have met
    pairs, repeats = pair_in_order([0, 1, 2, 3], met=met)
    assert pairs.tolist() == [[0, 2], [1, 3]] and repeats == 0


def test_pair_in_order_allows_repeats_only_when_unavoidable():
    met = ~np.eye(4, dtype=bool)
    pairs, repeats = pair_in_order([3, 2, 1, 0], met=met)
    assert pairs.tolist() == [[3, 2], [1, 0]] and repeats == 2


def test_pair_in_order_gives_the_bye_to_the_lowest_without_one():
    met = np.zeros((6, 6), dtype=bool)
    met[4, 5] = met[5, 4] = True  # entrant 4 has had the bye (5 is the phantom)
    pairs, repeats = pair_in_order([0, 1, 2, 3, 4], met=met)
    assert repeats == 0 and [3, -1] in pairs.tolist() and [2, 4] in pairs.tolist()


def test_pair_in_order_pairs_a_thousand_quickly():
    import time

    rng = np.random.default_rng(5)
    n = 1000
    met = np.zeros((n, n), dtype=bool)
    order = rng.permutation(n)
    pair_in_order(order, met=met)  # compile
    for _ in range(10):  # ten rounds of history
        pairs, _ = pair_in_order(rng.permutation(n), met=met)
        met[pairs[:, 0], pairs[:, 1]] = met[pairs[:, 1], pairs[:, 0]] = True
    start = time.perf_counter()
    pairs, repeats = pair_in_order(order, met=met)
    # a hang guard, not a speed test (an exponential search over 1,000 would not end)
    assert time.perf_counter() - start < 10.0 and repeats == 0
    assert sorted(pairs.ravel().tolist()) == list(range(n))


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"order": [0, 0, 1]}, "order"),
        ({"order": [0]}, "order"),
        ({"order": [0, 1], "met": np.zeros((3, 3), dtype=bool)}, "met"),
        ({"order": [0, 1], "met": np.zeros((2, 2))}, "met"),
        ({"order": [0, 1], "max_steps": 0}, "max_steps"),
    ],
)
def test_pair_in_order_rejects_bad_arguments(kwargs, name):
    order = kwargs.pop("order")
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        pair_in_order(order, **kwargs)


def test_round_robin_schedule_rejects_one_entrant():
    with pytest.raises(BridgestatsError, match=r"^n_entrants: "):
        round_robin_schedule(1)


# --- pairing inside the simulator -----------------------------------------------------------


def _check_rounds(opp, n):
    """Everyone plays every round, opponents are mutual, at most one bye per round."""
    for r in range(opp.shape[0]):
        row = opp[r]
        assert np.all((row >= -1) & (row < n))
        for i, o in enumerate(row):
            if o >= 0:
                assert row[o] == i and o != i
        assert (row == -1).sum() == n % 2


def _meetings(opp):
    pairs = [tuple(sorted((i, o))) for row in opp for i, o in enumerate(row) if o > i]
    return pairs


@pytest.mark.parametrize("pairing", sorted(ev.PAIRINGS))
@pytest.mark.parametrize("n", [15, 16])
def test_swiss_pairing_invariants(pairing, n):
    res = ev.simulate_events(
        n, n_rounds=8, pairing=pairing, strength_sd=0.5, n_events=40, keep_pairings=True, rng=3
    )
    assert res.repeats.sum() == 0
    for opp in res.opponents:
        _check_rounds(opp, n)
        meetings = _meetings(opp)
        assert len(meetings) == len(set(meetings))  # no repeat: always avoidable here
        byes = [i for row in opp for i, o in enumerate(row) if o == -1]
        assert len(byes) == len(set(byes)) == 8 * (n % 2)  # never a second bye


def test_seeded_first_round_is_top_half_against_bottom_half():
    strength = np.arange(10.0)[::-1]  # entrant 0 the strongest
    res = ev.simulate_events(
        10, n_rounds=1, pairing="seeded", strength=strength, keep_pairings=True, rng=0
    )
    assert res.opponents[0, 0].tolist() == [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]


def test_seeded_odd_field_gives_the_bye_to_the_lowest_seed():
    res = ev.simulate_events(
        5, n_rounds=1, pairing="seeded", strength=np.arange(5.0)[::-1], keep_pairings=True, rng=0
    )
    assert res.opponents[0, 0].tolist() == [2, 3, 0, 1, -1]


def test_swiss_repeats_are_counted_once_unavoidable():
    # 4 entrants, 4 rounds: only 3 opponents each, so round 4 must repeat
    res = ev.simulate_events(4, n_rounds=4, n_events=20, keep_pairings=True, rng=2)
    assert np.all(res.repeats == 2)
    for opp in res.opponents:
        _check_rounds(opp, 4)
        assert len(set(_meetings(opp[:3]))) == 6


@pytest.mark.parametrize("n", [7, 8])
def test_round_robin_meets_everyone_once_in_the_simulator(n):
    res = ev.simulate_events(n, event_format="round_robin", n_events=10, keep_pairings=True, rng=4)
    for opp in res.opponents:
        _check_rounds(opp, n)
        meetings = _meetings(opp)
        assert sorted(meetings) == list(itertools.combinations(range(n), 2))


def test_late_pairing_pairs_round_two_on_the_lot():
    # with standings one round late, round 2 is paired before round 1 is scored: on the
    # lot order, avoiding round 1's meetings; the score-paired event differs
    late = ev.simulate_events(
        16, n_rounds=3, pairing="late", n_events=30, keep_pairings=True, rng=8
    )
    now = ev.simulate_events(
        16, n_rounds=3, pairing="score", n_events=30, keep_pairings=True, rng=8
    )
    assert np.array_equal(late.opponents[:, 0], now.opponents[:, 0])
    assert not np.array_equal(late.opponents[:, 1], now.opponents[:, 1])


# --- the board model ------------------------------------------------------------------------


def test_swing_distribution_is_the_shipped_counts_symmetrised():
    imps, p = ev.swing_distribution()
    assert imps.tolist() == list(range(-24, 25))
    np.testing.assert_allclose(p, p[::-1])
    assert p.sum() == pytest.approx(1.0)
    # the shipped counts: 11,660 flat boards of 37,099
    assert p[imps == 0][0] == pytest.approx(11660 / 37099)


def test_match_swings_are_the_sum_of_board_swings():
    imps, p = ev.swing_distribution()
    two = np.add.outer(p, p)  # brute force: every pair of boards
    sums = np.add.outer(imps, imps)
    brute = np.bincount((sums + 48).ravel(), weights=np.outer(p, p).ravel(), minlength=97)
    m_imps, m_p = ev.match_swing_distribution(2)
    assert m_imps.tolist() == list(range(-48, 49))
    np.testing.assert_allclose(m_p, brute, atol=1e-15)
    assert two.shape == (49, 49)
    k2 = float(p @ imps**2.0)
    for n in (1, 8, 16):
        mi, mp = ev.match_swing_distribution(n)
        assert float(mp @ mi**2.0) == pytest.approx(n * k2, rel=1e-9)  # σ² = nK²


def test_margins_grow_with_the_edge_as_the_model_states():
    # two teams, edge 1 IMP a board, 16 boards, Gaussian K = 6.5: margin ~ N(16, 16·6.5²)
    res = ev.simulate_events(
        2,
        event_format="round_robin",
        n_boards=16,
        board="gaussian",
        strength=[1.0, 0.0],
        scale="imps",
        n_events=20_000,
        rng=11,
    )
    m = res.margin[:, 0]
    se = 6.5 * 4 / np.sqrt(m.size)
    assert abs(m.mean() - 16.0) < 4 * se
    assert m.std() == pytest.approx(26.0, rel=0.03)
    np.testing.assert_allclose(res.score[:, 0], m)  # raw IMPs: the score is the margin


def test_pairs_margins_have_the_swiss_pairs_sigma():
    from bridgestats.sigma import sigma_swiss_pairs

    res = ev.simulate_events(
        2, event_format="round_robin", board="pairs", scale="mp", n_events=20_000, rng=12
    )
    assert res.margin[:, 0].std() == pytest.approx(float(sigma_swiss_pairs(8)), rel=0.03)
    np.testing.assert_allclose(res.margin.sum(axis=1), 0, atol=1e-9)


def test_swings_board_model_has_the_measured_spread():
    res = ev.simulate_events(2, event_format="round_robin", scale="imps", n_events=40_000, rng=13)
    imps, p = ev.swing_distribution()
    k = np.sqrt(p @ imps**2.0)
    assert res.margin[:, 0].std() == pytest.approx(k * np.sqrt(8), rel=0.02)
    assert np.all(res.margin == np.round(res.margin))  # whole IMPs between equal sides


# --- scales --------------------------------------------------------------------------------

_GRID = np.concatenate([np.arange(-70, 71, 0.25), [18.38 * 0.059, -18.38 * 1.668]])


@pytest.mark.parametrize(
    "scale",
    [
        gaussian_scale(sigma=18.38),
        gaussian_scale(sigma=18.38, negative=5),
        gaussian_scale(12, sigma=30.0),
        wbf_scale(8),
        scale_from_thresholds([0.65, 1.98, 3.33, 4.74, 6.23, 7.83, 9.64, 11.75, 14.40, 18.35]),
    ],
)
def test_as_scale_keeps_the_scale_and_names_it(scale):
    sc = ev.as_scale(scale, n_boards=8)
    np.testing.assert_array_equal(sc.vp(_GRID), scale.vp(_GRID))
    assert sc.labels == scale.labels and sc.name


@pytest.mark.parametrize("n_boards", [1, 8, 16, 20, 32])
@pytest.mark.parametrize("discrete", [False, True])
def test_the_wbf_named_scales_equal_wbf_vp_on_whole_imps(n_boards, discrete):
    m = np.arange(-120, 121)
    sc = ev.as_scale("wbf_discrete" if discrete else "wbf", n_boards=n_boards)
    np.testing.assert_allclose(sc.vp(m), wbf_vp(m, n_boards, discrete=discrete), atol=1e-12)
    # a fraction of an IMP counts as the nearest whole IMP
    np.testing.assert_allclose(sc.vp(m + 0.3), sc.vp(m), atol=1e-12)


def test_the_swiss_pairs_named_scales_are_the_shipped_tables():
    from bridgestats import datasets
    from bridgestats.vp import SWISS_PAIRS_TABLES

    t8 = datasets.load("seeds/swiss_pairs_scales")
    assert sorted(SWISS_PAIRS_TABLES) == sorted(t8.scale.unique())
    for name, rows in t8.groupby("scale"):
        sc = ev.as_scale(name, n_boards=8)
        rows = rows.sort_values("vp_winner")
        starts = rows.threshold_pct.to_numpy()[1:] - 50
        assert sc.vp(starts).tolist() == rows.vp_winner.to_numpy()[1:].tolist()
        below = np.maximum(starts - 0.01, 0)
        assert sc.vp(below).tolist() == rows.vp_winner.to_numpy()[:-1].tolist()


def test_kernel_scores_as_the_scale():
    # every match's two scores from the kernel equal VPScale.vp of the two margins
    for scale in ("wbf", "wbf_discrete", "wdl", gaussian_scale(sigma=17.0, negative=3)):
        res = ev.simulate_events(
            2, event_format="round_robin", scale=scale, strength=[0.3, 0.0], n_events=2000, rng=6
        )
        sc = res.scale
        np.testing.assert_allclose(res.score[:, 0], sc.vp(res.margin[:, 0]))
        np.testing.assert_allclose(res.score[:, 1], sc.vp(res.margin[:, 1]))


def test_kernel_scores_margins_on_the_thresholds_as_the_scale():
    # an edge of 1/16 IMP a board puts every 8-board margin on a half IMP: exactly on the
    # WBF scales' thresholds (k - 0.5), where the kernel's cell search must agree
    for scale in ("wbf", "wbf_discrete"):
        res = ev.simulate_events(
            2, event_format="round_robin", scale=scale, strength=[1 / 16, 0.0], n_events=3000, rng=7
        )
        assert np.all(res.margin[:, 0] % 1 == 0.5)
        np.testing.assert_array_equal(res.score[:, 0], res.scale.vp(res.margin[:, 0]))
        np.testing.assert_array_equal(res.score[:, 1], res.scale.vp(res.margin[:, 1]))


# --- the kernel against the plain-Python reference ------------------------------------------

_CASES = [
    dict(n_entrants=12, n_rounds=6, pairing="score", scale="wbf"),
    dict(n_entrants=11, n_rounds=7, pairing="random", scale="wbf_discrete"),
    dict(n_entrants=13, n_rounds=6, pairing="seeded", scale="wdl", board="gaussian"),
    dict(n_entrants=10, n_rounds=5, pairing="late", scale="imps"),
    dict(n_entrants=9, n_rounds=9, pairing="score", scale="washington_2004", board="pairs"),
    dict(n_entrants=6, n_rounds=8, pairing="score", scale="wbf"),  # repeats forced
    dict(n_entrants=7, event_format="round_robin", scale="wbf"),
    # a large field, W/D/L: many level scores
    dict(n_entrants=131, n_rounds=3, pairing="score", scale="wdl"),
    dict(
        n_entrants=10,
        event_format="round_robin",
        n_rounds=4,
        board="gaussian",
        scale=gaussian_scale(sigma=18.38, negative=5),
    ),
]


@pytest.mark.parametrize("n", [2, 7, 64, 128, 129, 300])
def test_order_and_standings_are_stable_sorts_on_their_keys(n):
    # both ways of _order (counting up to 128 entries, two stable argsorts beyond) and of
    # the standings (one key for margin and lot, or three sorts for margins too large for
    # it) against Python's sorted: many level scores, margins level in millionths but not
    # as floats, and full ties of the lots, which go to the lower index
    rng = np.random.default_rng(n)
    by_index = -np.arange(n, dtype=float)
    for trial in range(10):
        lot = rng.random(n)
        if trial % 3 == 0:
            lot[: n // 2] = 0.5
        by_lot = ev._order(-lot, by_index)
        assert by_lot.tolist() == np.argsort(lot, kind="stable").tolist()
        lot_rank = np.empty(n)
        lot_rank[by_lot] = np.arange(n)
        vp = rng.integers(0, 6, n) + rng.choice([0.0, 1e-9], n)
        for big in (1.0, 1e10):  # 1e10 IMPs: past the one key's exact range
            mg = big * rng.integers(-3, 3, n) + rng.choice([0.0, -1e-9], n)
            got = ev._standings(vp, mg, lot_rank, big == 1.0)
            want = sorted(
                range(n), key=lambda i: (-round(vp[i] * 1e6), -round(mg[i] * 1e6), lot[i])
            )
            assert got.tolist() == want


def _reference(case, rng, n_events):
    """Draw the kernel's inputs as simulate_events does and run the reference on them."""
    options = {
        "n_rounds": None,
        "n_boards": 8,
        "event_format": "swiss",
        "pairing": "score",
        "board": "swings",
        "k": None,
        "strength": None,
        "strength_sd": 0.4,
        "bye_score": None,
        "max_steps": MAX_STEPS,
    }
    options.update({key: v for key, v in case.items() if key != "n_entrants"})
    plan = ev._plan(case["n_entrants"], **options)
    drawn = ev._draw(plan, np.random.default_rng(rng), n_events)
    fixed = {**plan.board._asdict(), **plan.scoring._asdict(), **plan.rules._asdict()}
    args = {key: v.tolist() if isinstance(v, np.ndarray) else v for key, v in fixed.items()}
    return reference_events(*(a.tolist() for a in drawn), **args)


@pytest.mark.parametrize("case", _CASES, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_kernel_equals_plain_python_reference(case):
    n_events = 25
    res = ev.simulate_events(**case, strength_sd=0.4, n_events=n_events, keep_pairings=True, rng=99)
    ref = _reference(case, 99, n_events)
    for e, r in enumerate(ref):
        np.testing.assert_array_equal(res.score[e], r["score"])
        np.testing.assert_array_equal(res.margin[e], r["margin"])
        np.testing.assert_array_equal(res.rank[e], r["rank"])
        np.testing.assert_array_equal(res.opponents[e], r["opponents"])
        assert res.repeats[e] == r["repeats"]
        if not res.scale.raw:
            np.testing.assert_array_equal(res.outcome_counts[e], r["counts"])
    if case["n_entrants"] == 6:
        assert res.repeats.sum() > 0  # the case exercises the forced-repeat path


# --- what the simulator must show -----------------------------------------------------------


@pytest.mark.parametrize("negative", [0, 5])
def test_equal_sides_meet_every_outcome_equally_often(negative):
    # equal strengths, Gaussian boards (K = 6.5), the equal-probability scale at σ = K√8:
    # each outcome's share of all matches is the scale's probability (each of the 21
    # results 20-0 ... 0-20 1/21 without negative VPs; the counts fold a result with its
    # mirror); chi-square goodness of fit, 5 % level, fixed seed. Matches between
    # equal sides are independent whatever the pairing, so the test is exact.
    sigma = 6.5 * np.sqrt(8)
    scale = gaussian_scale(sigma=sigma, negative=negative)
    res = ev.simulate_events(32, n_rounds=7, board="gaussian", scale=scale, n_events=400, rng=2024)
    counts = res.outcome_counts.sum(axis=(0, 1))
    expected = counts.sum() * scale.probabilities()
    if negative == 0:
        np.testing.assert_allclose(scale.probabilities(), [1 / 21] + [2 / 21] * 10)
    chi2, p = stats.chisquare(counts, expected)
    assert p > 0.05, (chi2, p, counts)


def test_a_wrong_sigma_is_detected():
    # the same test has power: scored at 0.8 σ the outcomes are far from equal
    sigma = 6.5 * np.sqrt(8)
    scale = gaussian_scale(sigma=0.8 * sigma)
    res = ev.simulate_events(32, n_rounds=7, board="gaussian", scale=scale, n_events=400, rng=2024)
    counts = res.outcome_counts.sum(axis=(0, 1))
    assert stats.chisquare(counts, counts.sum() * scale.probabilities()).pvalue < 1e-6
    # ... and follow the scale's probabilities at the true σ
    assert stats.chisquare(counts, counts.sum() * scale.probabilities(sigma=sigma)).pvalue > 0.05


@pytest.mark.parametrize("event_format", ["swiss", "round_robin"])
def test_huge_strength_spread_the_strongest_almost_always_wins(event_format):
    # neighbours 5 IMPs a board apart: the better side is 40 IMPs up over 8 boards (2.3 σ)
    res = ev.simulate_events(
        20,
        n_rounds=9 if event_format == "swiss" else None,
        event_format=event_format,
        strength=5.0 * np.arange(20),
        n_events=500,
        rng=31,
    )
    best = res.strength.argmax(axis=1)
    p = np.mean(res.rank[np.arange(res.n_events), best] == 1)
    assert p > 0.98


def test_standings_rank_by_score_then_margin():
    # WBF continuous VPs: 2-decimal totals whose float sums differ in the last bits for the
    # same total (hundreds of ties here); a tie is a tie, decided by the margin
    res = ev.simulate_events(64, n_rounds=8, strength_sd=0.5, n_events=300, rng=3)
    n_ties = 0
    for e in range(res.n_events):
        order = np.argsort(res.rank[e])
        score = np.round(res.score[e][order], 6)
        margin = np.round(res.margin[e][order], 6)
        assert np.all(np.diff(score) <= 0)
        tied = np.diff(score) == 0
        assert np.all(np.diff(margin)[tied] <= 0)
        n_ties += tied.sum()
    assert n_ties > 50


def test_bye_score_defaults_to_the_draw_and_can_be_set():
    res = ev.simulate_events(
        3, event_format="round_robin", scale="imps", n_events=5, keep_pairings=True, rng=1
    )
    np.testing.assert_allclose(res.score, res.margin)  # a bye adds 0 IMPs
    res = ev.simulate_events(
        3, event_format="round_robin", n_events=50, bye_score=12.0, keep_pairings=True, rng=1
    )
    assert np.allclose(res.score.sum(axis=1), 3 * 20 + 3 * 12)  # 3 matches, 3 byes


def test_same_seed_same_events():
    a = ev.simulate_events(17, n_rounds=5, strength_sd=0.5, n_events=300, rng=5)
    b = ev.simulate_events(17, n_rounds=5, strength_sd=0.5, n_events=300, rng=5)
    np.testing.assert_array_equal(a.rank, b.rank)
    np.testing.assert_array_equal(a.score, b.score)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"n_entrants": 1}, "n_entrants"),
        ({"n_entrants": 1001}, "n_entrants"),
        ({"n_boards": 0}, "n_boards"),
        ({"event_format": "knockout"}, "event_format"),
        ({"pairing": "dutch"}, "pairing"),
        ({"board": "cards"}, "board"),
        ({"board": "gaussian", "k": -1}, "k"),
        ({"k": 6.5}, "k"),
        ({"scale": "vp"}, "scale"),
        ({"board": "pairs"}, "scale"),  # the WBF scale takes IMPs
        ({"scale": "ebu_2006"}, "scale"),  # a Swiss pairs scale takes MP %
        ({"strength": [1.0, 2.0]}, "strength"),
        ({"strength": np.zeros(8), "strength_sd": 1.0}, "strength_sd"),
        ({"strength_sd": -1.0}, "strength_sd"),
        ({"n_rounds": None}, "n_rounds"),
        ({"n_rounds": 0}, "n_rounds"),
        ({"event_format": "round_robin", "n_rounds": 8}, "n_rounds"),
        ({"n_events": 0}, "n_events"),
        ({"bye_score": float("nan")}, "bye_score"),
        ({"keep_pairings": "yes"}, "keep_pairings"),
        ({"max_steps": 0}, "max_steps"),
    ],
)
def test_simulate_events_rejects_bad_arguments(kwargs, name):
    args = {"n_entrants": 8, "n_rounds": 3, **kwargs}
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        ev.simulate_events(args.pop("n_entrants"), **args)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: ev.as_scale(3, n_boards=8), "scale"),
        (lambda: ev.as_scale("wbf", n_boards=0), "n_boards"),
        (lambda: ev.as_scale("brighton", n_boards=8), "scale"),
        (lambda: ev.match_swing_distribution(0), "n_boards"),
        (lambda: VPScale((2.0, 1.0), max_vp=4), "thresholds"),
        (lambda: VPScale((1.0,), vp_table=((1, 1), (2, 0), (3, 0))), "vp_table"),
        (lambda: ev.as_scale("wdl", n_boards=8).vp("x"), "margin"),
    ],
)
def test_scales_reject_bad_arguments(call, name):
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        call()


# --- measures -------------------------------------------------------------------------------


def _hand_made(strength, rank, scale="imps"):
    strength = np.asarray(strength, dtype=float)
    rank = np.asarray(rank)
    e, n = rank.shape
    return ev.EventResults(
        strength=strength,
        score=-rank.astype(float),
        margin=np.zeros((e, n)),
        rank=rank,
        outcome_counts=np.zeros((e, 1, 1), dtype=np.int64),
        opponents=None,
        repeats=np.zeros(e, dtype=np.int64),
        scale=ev.as_scale(scale, n_boards=8),
    )


def test_measures_of_hand_made_events():
    strength = [[3, 2, 1, 0], [3, 2, 1, 0], [3, 2, 1, 0], [1, 1, 0, 0]]
    rank = [[1, 2, 3, 4], [2, 1, 3, 4], [1, 3, 2, 4], [1, 2, 3, 4]]
    m = measures.summarise_events(_hand_made(strength, rank), top_k=2).set_index("measure")
    # strongest unique in events 1-3, winning in 1 and 3
    assert m.loc["p_strongest_wins", "value"] == pytest.approx(2 / 3)
    assert m.loc["p_strongest_wins", "se"] == pytest.approx(np.sqrt(2 / 9 / 3))
    assert m.loc["p_strongest_wins", "n_events"] == 3
    # the two strongest are the top two in events 1, 2 and 4 (0 and 1 tie for strongest)
    assert m.loc["p_top_k", "value"] == pytest.approx(3 / 4) and m.loc["p_top_k", "k"] == 2
    taus = [1.0, 2 / 3, 2 / 3, stats.kendalltau([1, 1, 0, 0], [-1, -2, -3, -4]).statistic]
    assert m.loc["kendall_tau", "value"] == pytest.approx(np.mean(taus))
    assert m.loc["kendall_tau", "se"] == pytest.approx(np.std(taus, ddof=1) / 2)
    assert "outcome_share" not in m.index  # a raw-margin scale has no outcomes


def test_summarise_events_given_its_outcomes_is_the_same_frame():
    # event_measures hands summarise_events the per-event outcomes it pairs, rather than
    # have them made twice: the frame is the one made from the results alone
    res = ev.simulate_events(12, n_rounds=5, strength_sd=0.5, n_events=300, rng=4)
    per_event = measures.event_outcomes(res, top_k=3)
    pd.testing.assert_frame_equal(
        measures.summarise_events(res, top_k=3, outcomes=per_event),
        measures.summarise_events(res, top_k=3),
        check_exact=True,
    )
    for wrong in (per_event.iloc[:-1], measures.event_outcomes(res, top_k=2), "outcomes"):
        with pytest.raises(BridgestatsError, match=r"^outcomes: .*300 events with k = 3"):
            measures.summarise_events(res, top_k=3, outcomes=wrong)


def test_measures_with_equal_strengths():
    res = ev.simulate_events(
        16,
        n_rounds=5,
        board="gaussian",
        n_events=600,
        rng=21,
        scale=gaussian_scale(sigma=6.5 * np.sqrt(8)),
    )
    m = measures.summarise_events(res)
    # no strongest entrant, no order to recover: those measures are left out, not NaN
    assert set(m.measure) == {"outcome_share"}
    pooled = m[m["round"].isna()]
    assert pooled.value.sum() == pytest.approx(1.0)
    by_round = m[m["round"].notna()]
    assert sorted(set(by_round["round"])) == [1, 2, 3, 4, 5]
    expected = dict(zip(res.scale.labels, [1 / 21] + [2 / 21] * 10, strict=True))
    z = (by_round.value - by_round.outcome.map(expected)) / by_round.se
    assert np.all(np.abs(z) < 4.5)  # 55 shares, each within 4.5 SE
    assert np.all(by_round.n_events == 600)


def test_measures_standard_errors_match_the_spread_of_replicates():
    values = []
    for seed in range(30):
        res = ev.simulate_events(12, n_rounds=5, strength_sd=0.5, n_events=100, rng=seed)
        m = measures.summarise_events(res).set_index("measure")
        values.append(m.loc[["p_strongest_wins", "kendall_tau"], ["value", "se"]].to_numpy())
    v = np.array(values)  # (replicates, measure, value/se)
    spread = v[:, :, 0].std(axis=0, ddof=1)
    mean_se = v[:, :, 1].mean(axis=0)
    np.testing.assert_allclose(spread, mean_se, rtol=0.4)  # sd of a 30-sample sd: ~13 %


def test_event_measures_use_common_random_numbers():
    m = measures.event_measures(
        10, scales=["imps", "imps", "wbf"], n_rounds=4, strength_sd=0.5, n_events=200, rng=3
    )
    first = m[m.scale == "IMPs differential"]
    half = len(first) // 2
    a = first.iloc[:half].reset_index(drop=True)
    b = first.iloc[half:].reset_index(drop=True)
    pd.testing.assert_frame_equal(a, b)
    assert set(m.pairing) == {"score"}
    assert list(m.columns) == ["scale", "pairing", *measures.COLUMNS[1:]]


def test_pairing_rules_share_their_random_numbers():
    """Every pairing rule draws the same strengths, lots, first-round keys and table
    numbers from the seed, and leaves the generator in the same state, so the rules of one
    seed meet the same events chunk after chunk; a random draw's later rounds take their
    keys from a second stream (not round 1's keys repeated)."""
    drawn, states = {}, {}
    for rule in ev.PAIRINGS:
        plan = ev._plan(
            12,
            n_rounds=5,
            n_boards=8,
            event_format="swiss",
            pairing=rule,
            board="swings",
            k=None,
            scale="wbf",
            strength=None,
            strength_sd=0.5,
            bye_score=None,
            max_steps=MAX_STEPS,
        )
        gen = np.random.default_rng(4)
        drawn[rule] = ev._draw(plan, gen, 6)
        states[rule] = gen.bit_generator.state
    for rule, (s, lot, keys, noise) in drawn.items():
        base = drawn["score"]
        for a, b in ((s, base[0]), (lot, base[1]), (keys[:, :1], base[2]), (noise, base[3])):
            np.testing.assert_array_equal(a, b)
        assert states[rule] == states["score"]
    keys = drawn["random"][2]
    assert keys.shape == (6, 5, 12) and not np.array_equal(keys[:, 1], keys[:, 0])
    # end to end (the generator's equal state after a chunk carries this to every chunk)
    runs = [
        ev.simulate_events(
            12, n_rounds=5, strength_sd=0.5, pairing=rule, n_events=30, rng=5
        ).strength
        for rule in ev.PAIRINGS
    ]
    for other in runs[1:]:
        np.testing.assert_array_equal(other, runs[0])


def test_paired_se_is_the_se_of_the_per_event_difference():
    """The oracle: the same events simulated here scale by scale (the seed event_measures
    draws), each event's outcome computed by hand from strengths and ranks (Kendall's τ by
    scipy), the difference d_e against the reference and its SE sd(d)/√E (ddof 1).
    Tolerance 1e-12: the same numbers summed in another order."""
    kw = dict(n_rounds=5, n_boards=8, strength_sd=0.5, n_events=300)
    m = measures.event_measures(
        12, scales=["wbf", "wdl", "imps"], reference=0, top_k=2, rng=11, **kw
    )
    seed = int(np.random.default_rng(11).integers(2**63))
    per = {}
    for name in ("wbf", "wdl", "imps"):
        res = ev.simulate_events(12, scale=name, rng=seed, **kw)
        e = np.arange(kw["n_events"])
        won = (res.rank[e, res.strength.argmax(axis=1)] == 1).astype(float)
        strongest = [set(np.argsort(-s)[:2]) for s in res.strength]
        first_two = [set(np.argsort(r)[:2]) for r in res.rank]
        top = np.array([a == b for a, b in zip(strongest, first_two, strict=True)], float)
        tau = np.array(
            [stats.kendalltau(s, -r).statistic for s, r in zip(res.strength, res.rank, strict=True)]
        )
        per[ev.as_scale(name, n_boards=8).name] = (won, top, tau)
    ref = per["WBF 2013 continuous, 8 boards"]
    d = m[m.measure.str.endswith("_vs_reference")]
    assert len(d) == 6 and set(d.reference) == {"WBF 2013 continuous, 8 boards"}
    for r in d.itertuples():
        j = measures.PAIRED_MEASURES.index(r.measure.removesuffix("_vs_reference"))
        diff = per[r.scale][j] - ref[j]
        assert r.n_events == kw["n_events"]
        np.testing.assert_allclose(r.value, diff.mean(), rtol=0, atol=1e-12)
        np.testing.assert_allclose(r.se, diff.std(ddof=1) / np.sqrt(diff.size), rtol=1e-12)
        # paired, not independent: the SE is below √(se₁² + se₂²) on common random numbers
        se = m[(m.measure == r.measure.removesuffix("_vs_reference"))].set_index("scale").se
        assert r.se < np.hypot(se[r.scale], se["WBF 2013 continuous, 8 boards"])
    for _, fam in d.groupby("measure"):  # Holm over the two scales of one measure
        lo, hi = sorted(fam.p_value)
        want = {lo: min(1, 2 * lo), hi: min(1, max(2 * lo, hi))}
        np.testing.assert_allclose(fam.p_holm, fam.p_value.map(want), rtol=1e-12)
        np.testing.assert_allclose(fam.p_value, 2 * stats.norm.sf(np.abs(fam.value / fam.se)))


def test_huge_spread_round_robin_recovers_the_order():
    m = measures.event_measures(
        10, event_format="round_robin", strength=5.0 * np.arange(10), n_events=200, top_k=3, rng=4
    ).set_index("measure")
    assert m.loc["p_strongest_wins", "value"] > 0.98
    assert m.loc["p_top_k", "value"] > 0.9
    assert m.loc["kendall_tau", "value"] > 0.9
    assert set(m.pairing) == {"round_robin"}


@pytest.mark.parametrize("top_k", [1, 2, 3, 5])
def test_event_outcomes_are_the_plain_restatement_with_tied_strengths(top_k):
    # strengths tied in pairs and at random (the k-th and (k+1)-th strongest tie in some
    # events, the strongest in others), each event restated by sorting it (the order
    # statistics of the partial sort, the masks for the top k)
    rng = np.random.default_rng(top_k)
    n, n_events = 12, 400
    strength = rng.integers(0, 6, size=(n_events, n)) / 2.0
    strength[:5] = 1.0  # all equal: no τ, no strongest, no top k
    rank = np.argsort(rng.random((n_events, n)), axis=1) + 1
    res = _hand_made(strength, rank)
    got = measures.event_outcomes(res, top_k=top_k)
    for e in range(n_events):
        s, r = strength[e], rank[e]
        ranked = np.sort(s)[::-1]
        won = float(r[s.argmax()] == 1) if ranked[0] > ranked[1] else np.nan
        top = np.nan
        if ranked[top_k - 1] > ranked[top_k]:
            top = float(set(np.argsort(-s)[:top_k]) == set(np.argsort(r)[:top_k]))
        tau = stats.kendalltau(s, -r).statistic
        np.testing.assert_equal(got.loc[e, ["p_strongest_wins", "p_top_k"]].tolist(), [won, top])
        np.testing.assert_allclose(got.loc[e, "kendall_tau"], tau, rtol=0, atol=1e-12)
    assert got.iloc[:5, 1:].isna().all().all()
    plain = measures.summarise_events(res, top_k=top_k)
    given = measures.summarise_events(res, top_k=top_k, outcomes=got)
    pd.testing.assert_frame_equal(given, plain, check_exact=True)
    with pytest.raises(BridgestatsError, match="outcomes"):
        measures.summarise_events(res, top_k=top_k + 1, outcomes=got)  # another k
    with pytest.raises(BridgestatsError, match="outcomes"):
        measures.summarise_events(res, top_k=top_k, outcomes=got.iloc[1:])


@pytest.mark.parametrize("n", [2, 3, 7, 64, 1000])
def test_kendall_tau_b_is_scipys_with_ties(n):
    # scipy.stats.kendalltau is the independent implementation; small integer values give
    # ties in x, in y and in both. Tolerance 1e-12: both compute the same exact integer
    # counts and the same float operations, so only the last bit could differ.
    rng = np.random.default_rng(n)
    rows = 40 if n < 1000 else 3
    x = rng.integers(0, max(2, n // 3), size=(rows, n)).astype(float)
    y = np.where(
        rng.random((rows, n)) < 0.5,
        rng.integers(0, 4, size=(rows, n)),
        rng.standard_normal((rows, n)),
    )
    x[0] = rng.standard_normal(n)  # a row with no ties at all
    got = measures.kendall_tau_b(x, y)
    want = [stats.kendalltau(a, b).statistic for a, b in zip(x, y, strict=True)]
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_kendall_tau_b_edge_cases():
    # a constant row has no τ (scipy: NaN); perfect agreement and reversal are ±1
    got = measures.kendall_tau_b(
        [[1, 1, 1], [1, 2, 3], [1, 2, 3]], [[1, 2, 3], [5, 6, 7], [3, 2, 1]]
    )
    assert np.isnan(got[0]) and got[1:].tolist() == [1.0, -1.0]
    assert np.isnan(stats.kendalltau([1, 1, 1], [1, 2, 3]).statistic)
    x = np.random.default_rng(5).standard_normal((2, 3, 9))
    assert measures.kendall_tau_b(x, -x).shape == (2, 3)
    assert measures.kendall_tau_b([0.0, 1.0], [2.0, 3.0]) == 1.0


@pytest.mark.parametrize(
    ("x", "y", "name"),
    [
        ([1, 2, 3], [1, 2], "y"),
        (1.0, 1.0, "y"),
        ([1.0], [2.0], "x"),
        ([1, np.nan], [1, 2], "x"),
        ([1, 2], ["a", "b"], "y"),
    ],
)
def test_kendall_tau_b_rejects_bad_arguments(x, y, name):
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        measures.kendall_tau_b(x, y)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: measures.summarise_events("events"), "results"),
        (lambda: measures.summarise_events(_hand_made([[1, 0]], [[1, 2]]), top_k=2), "top_k"),
        (lambda: measures.summarise_events(_hand_made([[1, 0]], [[1, 2]]), top_k=0), "top_k"),
        (lambda: measures.event_measures(8, scales="wbf", n_rounds=3), "scales"),
        (lambda: measures.event_measures(8, scales=[], n_rounds=3), "scales"),
        (lambda: measures.event_measures(8, scales=["elo"], n_rounds=3), "scale"),
        (lambda: measures.event_measures(8, n_rounds=3, n_events=0), "n_events"),
    ],
)
def test_measures_reject_bad_arguments(call, name):
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        call()


# --- breakage and the shooting incentive ----------------------------------------------------


def test_breakage_is_the_scales_steps():
    b = measures.breakage(
        ["wbf", "wbf_discrete", gaussian_scale(sigma=18.38, negative=5)], max_margin=60
    )
    cont = b[b.scale.str.contains("continuous")]
    m = cont.margin.to_numpy()
    np.testing.assert_allclose(cont.value, wbf_vp(m + 1, 8) - wbf_vp(m, 8), atol=1e-12)
    disc = b[b.scale.str.contains("discrete")]
    assert set(disc.value) == {0.0, 1.0} and disc.value.sum() == 10  # 10-10 up to 20-0
    np.testing.assert_allclose(disc.value_behind, disc.value)  # no negative VPs: symmetric
    neg = b[b.scale.str.startswith("Gaussian")]
    assert neg.value.sum() == 10 and neg.value_behind.sum() == 15  # down to 20-(-5)


def test_expected_score_against_direct_sums():
    imps, p = ev.swing_distribution()
    sc = ev.as_scale("wbf", n_boards=8)
    for margin in (-12.0, -3.0, 0.0, 7.0):
        direct = float(p @ sc.vp(margin + imps))
        assert measures.expected_score("wbf", margin) == pytest.approx(direct, abs=1e-12)
    # two boards left, shooting: the swing of four boards
    i4, p4 = ev.match_swing_distribution(4)
    direct = float(p4 @ sc.vp(-9.0 + i4))
    got = measures.expected_score("wbf", -9.0, boards_left=2, variance_factor=2)
    assert got == pytest.approx(direct, abs=1e-12)
    assert measures.expected_score("wbf", 0.0) == pytest.approx(10.0)  # symmetry
    assert measures.expected_score("imps", -4.0) == pytest.approx(-4.0)


def test_expected_score_gaussian_against_monte_carlo():
    z = np.random.default_rng(0).standard_normal(400_000)
    for scale in ("wbf_discrete", "wdl", gaussian_scale(sigma=18.38, negative=5)):
        sc = ev.as_scale(scale, n_boards=8)
        for margin in (-20.0, -5.0, 3.0):
            draws = sc.vp(margin + 6.5 * np.sqrt(2) * z)
            got = measures.expected_score(scale, margin, board="gaussian", boards_left=2)
            assert abs(got - draws.mean()) < 4 * draws.std() / np.sqrt(z.size)


def test_shooting_pays_behind_on_the_wbf_scale_and_never_on_imps():
    s = measures.shooting_incentive(["wbf", "imps"], max_deficit=30)
    wbf = s[s.scale.str.startswith("WBF")]
    assert wbf.gain.iloc[0] == pytest.approx(0.0, abs=1e-12)  # level: symmetric
    assert np.all(wbf.gain.iloc[1:] > 0)  # behind, the loser's VPs are convex in the margin
    np.testing.assert_allclose(s[s.scale == "IMPs differential"].gain, 0.0, atol=1e-9)
    np.testing.assert_allclose(wbf.expected_score_shooting - wbf.expected_score, wbf.gain)
    g = measures.shooting_incentive(["wbf"], board="gaussian", boards_left=2, max_deficit=30)
    assert np.all(g.gain.iloc[1:] > 0) and list(g.boards_left.unique()) == [2]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: measures.breakage("wbf"), "scales"),
        (lambda: measures.breakage(["wbf"], max_margin=0), "max_margin"),
        (lambda: measures.expected_score("wbf", -3, boards_left=9), "boards_left"),
        (lambda: measures.expected_score("wbf", -3, board="pairs"), "board"),
        (lambda: measures.expected_score("wbf", -3, variance_factor=3), "variance_factor"),
        (lambda: measures.expected_score("wbf", -3, variance_factor=True), "variance_factor"),
        (lambda: measures.expected_score("wbf", "x"), "margin"),
        (lambda: measures.expected_score("wbf", -3, k=6.5), "k"),
        (lambda: measures.expected_score("wbf", -3, board="gaussian", k=0), "k"),
        (lambda: measures.shooting_incentive(["wbf"], max_deficit=-1), "max_deficit"),
        (lambda: measures.shooting_incentive([]), "scales"),
    ],
)
def test_breakage_and_shooting_reject_bad_arguments(call, name):
    with pytest.raises(BridgestatsError, match=rf"^{name}: "):
        call()


@pytest.mark.parametrize(("board", "form"), [("gaussian", "teams"), ("pairs", "swiss_pairs")])
def test_default_k_is_the_forms_catalogue_k(board, form, monkeypatch):
    """The simulator's default K is the form's in ``bridgestats.sigma.FORMS`` (Probst's
    6.5 IMPs and 32.95 %), the same events as with that K given."""
    from bridgestats.sigma import FORMS

    kw = dict(n_rounds=3, board=board, n_events=20, rng=7)
    scale = "wbf" if board == "gaussian" else "ebu_2006"
    default = ev.simulate_events(8, scale=scale, **kw)
    given = ev.simulate_events(8, scale=scale, k=FORMS[form].k, **kw)
    other = ev.simulate_events(8, scale=scale, k=FORMS[form].k * 1.5, **kw)
    np.testing.assert_array_equal(default.margin, given.margin)
    assert not np.array_equal(default.margin, other.margin)
