"""Plain NumPy reference of the late-entry Swiss (the tests' oracle, not the package).

``reference_swiss_event`` is ``bridgestats.sim.swiss._swiss_event`` as it was before its
rounds went into a compiled kernel (issue 33): the same signature, drawing the same random
numbers in the same order, each round paired and scored with NumPy calls and
``VPScale.vp``. The tests put it in the package's place and assert that
``simulate_ko_swiss`` gives the same results, bit for bit; ``benchmarks/bench_committee.py``
times it as the plain baseline.
"""

from __future__ import annotations

import numpy as np

from bridgestats.sim.pairing import _pair_ordered


def reference_swiss_event(
    ev, strength, entry_round, scores, late, sd, sc, steps, n_rounds, gen, out
):
    """One event's Swiss (see :func:`simulate_ko_swiss`), written into ``out[...][ev]``."""
    ids = np.flatnonzero(entry_round >= 0)  # the Swiss pairs, as knock-out indices
    m = ids.size
    s = strength[ids]
    joins = entry_round[ids] if late else np.zeros(m, dtype=np.int64)
    vp = np.where(late, scores[entry_round[ids]], 0.0).astype(float)
    mg = np.zeros(m)
    lot = gen.random(m)
    met = np.zeros((m, m), dtype=np.bool_)
    place = np.zeros(m, dtype=np.int64)
    table = np.zeros(m, dtype=np.int64)
    for r in range(n_rounds):
        active = np.flatnonzero(joins <= r)
        new = active[joins[active] == r]
        if r == 0:
            listed = active[np.argsort(gen.random(active.size))]
        else:  # by score, then margin, then the lot (np.lexsort: last key first)
            listed = active[
                np.lexsort((lot[active], -np.round(mg[active], 6), -np.round(vp[active], 6)))
            ]
        pos = np.empty(m, dtype=np.int64)
        pos[listed] = np.arange(1, listed.size + 1)
        place[new] = pos[new]
        if r > 0 and new.size:
            met[np.ix_(new, new)] = True  # new entrants meet pairs already in the Swiss
        half = listed.size // 2
        pa = np.empty(half, dtype=np.int64)
        pb = np.empty(half, dtype=np.int64)
        out["repeats"][ev] += _pair_ordered(listed.astype(np.int64), met, steps, pa, pb)
        if r > 0 and new.size:
            met[np.ix_(new, new)] = False
        tables = np.arange(1, half + 1)
        is_new = joins == r
        table[pa[is_new[pa]]] = tables[is_new[pa]]
        table[pb[is_new[pb]]] = tables[is_new[pb]]
        margin = s[pa] - s[pb] + sd * gen.standard_normal(half)
        vp[pa] += sc.vp(margin)
        vp[pb] += sc.vp(-margin)
        mg[pa] += margin
        mg[pb] -= margin
        met[pa, pb] = True
        met[pb, pa] = True
    order = np.lexsort((lot, -np.round(mg, 6), -np.round(vp, 6)))
    rank = np.empty(m, dtype=np.int64)
    rank[order] = np.arange(1, m + 1)
    out["entry_score"][ev, ids] = scores[entry_round[ids]] if late else 0.0
    out["place_at_entry"][ev, ids] = place
    out["table_at_entry"][ev, ids] = table
    out["score"][ev, ids] = vp
    out["rank"][ev, ids] = rank
