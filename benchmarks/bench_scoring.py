"""Scoring throughput: IMPs, matchpoints and contract scores against baselines.

Each figure is timed next to its baseline in the same process (best of a few repeats):

- :func:`bridgestats.scoring.imps` on 10^7 differences (integer and float) against a bare
  ``numpy.searchsorted`` in the IMP table's upper edges (goal: within 1.5x);
- :func:`bridgestats.scoring.matchpoints` on one board of 10^5 results against a naive
  pairwise reference (numpy broadcasting, n² comparisons) timed on a smaller board and
  extrapolated by n² (goal: > 100x);
- :func:`bridgestats.scoring.contract_score` on 10^6 random contracts against the
  ``endplay`` oracle called in a Python loop on a sample, extrapolated linearly;
- :func:`bridgestats.scoring.cross_imps` on one board of 10^4 results against the n²
  broadcast of :func:`imps`, extrapolated by n²;
- :func:`bridgestats.scoring.score_board_results` on 387,000 rows (the size of the valet
  archive) against ``groupby().transform`` calling :func:`mp_percent` once per board.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from benchmarks._timing import best_time as _best
from bridgestats.scoring import (
    IMP_TABLE_UPPER,
    contract_score,
    cross_imps,
    imps,
    matchpoints,
    mp_percent,
    score_board_results,
)


def _pairwise_mp(x):
    """Naive reference: all n² comparisons at once (2 per beat, 1 per tie)."""
    diff = x[:, None] - x[None, :]
    return 2.0 * (diff > 0).sum(axis=1) + (diff == 0).sum(axis=1) - 1


def _bench_imps(rng, n):
    for label, d in [
        ("int", rng.integers(-400, 400, n) * 10),
        ("float", rng.normal(0, 800, n)),
    ]:
        t_ours = _best(lambda d=d: imps(d))
        t_base = _best(lambda d=d: np.searchsorted(IMP_TABLE_UPPER, d))
        print(
            f"imps ({label:5s}) {n:.0e}: {n / t_ours / 1e6:8.1f} M/s; bare searchsorted "
            f"{n / t_base / 1e6:8.1f} M/s; time ratio ours/bare {t_ours / t_base:.2f} "
            "(goal <= 1.5)"
        )


def _bench_matchpoints(rng, n, n_ref):
    x = rng.integers(-100, 100, n) * 10.0
    t_ours = _best(lambda: matchpoints(x))
    small = x[:n_ref]
    np.testing.assert_array_equal(matchpoints(small), _pairwise_mp(small))
    t_ref = _best(lambda: _pairwise_mp(small), repeat=2) * (n / n_ref) ** 2
    print(
        f"matchpoints, one board of {n:.0e}: {t_ours * 1e3:.1f} ms; pairwise reference "
        f"{t_ref:.1f} s (timed at n={n_ref}, x(n/{n_ref})^2); speed-up {t_ref / t_ours:,.0f}x "
        "(goal > 100x)"
    )


def _bench_cross_imps(rng, n, n_ref):
    x = rng.integers(-100, 100, n) * 10.0
    t_ours = _best(lambda: cross_imps(x, average=False), repeat=2)
    small = x[:n_ref]
    t_ref = _best(lambda: imps(small[:, None] - small[None, :]).sum(axis=1), repeat=2)
    t_ref *= (n / n_ref) ** 2
    print(
        f"cross_imps, one board of {n:.0e}: {t_ours * 1e3:.1f} ms; n² imps broadcast "
        f"{t_ref:.2f} s (timed at n={n_ref}, x(n/{n_ref})^2); speed-up {t_ref / t_ours:,.0f}x"
    )


def _random_contracts(rng, n):
    return (
        rng.integers(1, 8, n),
        rng.choice(np.array(list("CDHSN")), n),
        rng.integers(0, 3, n),
        rng.integers(0, 14, n),
        rng.integers(0, 2, n).astype(bool),
    )


def _endplay_loop(level, strain, doubled, tricks, vul):
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    denoms = {
        "C": Denom.clubs,
        "D": Denom.diamonds,
        "H": Denom.hearts,
        "S": Denom.spades,
        "N": Denom.nt,
    }
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
    return [
        Contract(
            level=int(lv),
            denom=denoms[s],
            declarer=Player.north,
            penalty=penalties[db],
            result=int(tr) - int(lv) - 6,
        ).score(Vul.both if v else Vul.none)
        for lv, s, db, tr, v in zip(level, strain, doubled, tricks, vul, strict=True)
    ]


def _bench_contracts(rng, n, n_ref):
    args = _random_contracts(rng, n)
    t_ours = _best(lambda: contract_score(*args))
    sample = tuple(a[:n_ref] for a in args)
    np.testing.assert_array_equal(contract_score(*sample), _endplay_loop(*sample))
    t_ref = _best(lambda: _endplay_loop(*sample), repeat=1) * (n / n_ref)
    print(
        f"contract_score {n:.0e}: {n / t_ours / 1e6:.1f} M/s; endplay loop "
        f"{n / t_ref / 1e3:.1f} k/s (timed on {n_ref:,}, extrapolated); speed-up "
        f"{t_ref / t_ours:,.0f}x"
    )


def _bench_frame(rng, n, n_boards):
    f = pd.DataFrame(
        {"board": rng.integers(0, n_boards, n), "score_ns": rng.integers(-100, 100, n) * 10.0}
    )
    t_ours = _best(lambda: score_board_results(f), repeat=2)
    per_board = f.groupby("board").score_ns.transform(lambda s: mp_percent(s.to_numpy()))
    np.testing.assert_allclose(score_board_results(f).pct_ns, per_board, rtol=1e-12)
    t_base = _best(
        lambda: f.groupby("board").score_ns.transform(lambda s: mp_percent(s.to_numpy())), 1
    )
    print(
        f"score_board_results (mp), {n:,} rows on {n_boards:,} boards: {n / t_ours / 1e6:.2f} "
        f"M rows/s; groupby.transform(mp_percent) per board {n / t_base / 1e6:.2f} M rows/s; "
        f"speed-up {t_base / t_ours:.0f}x"
    )
    t_cross = _best(lambda: score_board_results(f, method="cross_imps"), repeat=1)
    print(f"score_board_results (cross_imps), same frame: {n / t_cross / 1e6:.2f} M rows/s")


def run(quick=False):
    """Print the throughput figures (``quick``: 10x smaller sizes, for a smoke run)."""
    rng = np.random.default_rng(20260101)
    scale = 10 if quick else 1
    _bench_imps(rng, 10**7 // scale)
    _bench_matchpoints(rng, 10**5 // scale, 3_000 // scale)
    _bench_cross_imps(rng, 10**4 // scale, 1_000 // scale)
    _bench_contracts(rng, 10**6 // scale, 20_000 // scale)
    _bench_frame(rng, 387_000 // scale, 17_000 // scale)  # the size of the valet archive


if __name__ == "__main__":
    run()
