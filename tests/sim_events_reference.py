"""Plain-Python reference of the event simulator's kernel (the tests' oracle, not the package).

``reference_events`` plays the same events as ``bridgestats.sim.events._simulate_kernel``
from the same pre-drawn random numbers, written for reading rather than speed: lists and
dicts, a recursive pairing search, ``sorted`` with a key for the standings. The tests
assert that the two agree exactly on a fixed seed; ``benchmarks/bench_sim.py`` times it as
the plain-Python baseline of the same simulation.
"""

from __future__ import annotations

import bisect


def _pair_top_down(listed, met, max_steps):
    """Top-down pairing with backtracking; pairs in the order they were made, or None."""
    steps = [0]

    def search(free):
        if not free:
            return []
        a, rest = free[0], free[1:]
        for i, b in enumerate(rest):
            if (a, b) in met:
                continue
            steps[0] += 1
            if steps[0] > max_steps:
                return None
            tail = search(rest[:i] + rest[i + 1 :])
            if tail is not None:
                return [(a, b), *tail]
            if steps[0] >= max_steps:
                return None
        return None

    found = search(list(listed))
    if found is not None:
        return found, 0
    pairs = [(listed[i], listed[i + 1]) for i in range(0, len(listed), 2)]
    return pairs, sum((a, b) in met for a, b in pairs)


def _circle(slots, r):
    m = len(slots)
    out = []
    for i in range(m // 2):
        j = m - 1 - i
        si = 0 if i == 0 else 1 + (i - 1 + r) % (m - 1)
        sj = 1 + (j - 1 + r) % (m - 1)
        out.append((slots[si], slots[sj]))
    return out


def _key(v):
    """A total in millionths (ties are ties whatever the float noise)."""
    return round(v * 1e6)


def _step(thresholds, margin):
    return bisect.bisect_right(thresholds, round(abs(margin) * 1e9) / 1e9)


def reference_events(
    strength,
    lot,
    keys,
    noise,
    *,
    table,
    support,
    cdf,
    sd,
    edge_mult,
    thresholds,
    win,
    lose,
    raw,
    bye_score,
    round_robin,
    first_seeded,
    later_score,
    lag,
    max_steps,
):
    """One dict per event: ``score``, ``margin``, ``rank``, ``opponents``, ``counts``,
    ``repeats`` (lists), from the kernel's inputs converted with ``.tolist()``."""
    events = []
    thresholds = list(thresholds)
    for e, s in enumerate(strength):
        n = len(s)
        m = n + n % 2
        lt = lot[e]
        vp, mg = [0.0] * n, [0.0] * n
        vp_lag, mg_lag = [0.0] * n, [0.0] * n
        met = set()
        opponents, counts, repeats = [], [], 0
        slots = None
        for r in range(len(noise[e])):
            if round_robin:
                if slots is None:
                    slots = sorted(range(m), key=keys[e][0].__getitem__)
                pairs = _circle(slots, r)
            elif r == 0 and first_seeded:
                seeds = sorted(range(n), key=lambda i: (-s[i], lt[i]))
                h = n // 2
                pairs = [(seeds[t], seeds[t + h]) for t in range(h)]
                if n % 2:
                    pairs.append((seeds[n - 1], n))
            else:
                if r == 0 or not later_score:
                    listed = sorted(range(m), key=keys[e][r if len(keys[e]) > 1 else 0].__getitem__)
                else:
                    v, g = (vp_lag, mg_lag) if lag else (vp, mg)
                    listed = sorted(
                        range(n), key=lambda i, v=v, g=g: (-_key(v[i]), -_key(g[i]), lt[i])
                    )
                    if n % 2:
                        listed.append(n)
                pairs, forced = _pair_top_down(listed, met, max_steps)
                repeats += forced
            vp_lag, mg_lag = vp[:], mg[:]
            opp = [None] * n
            count = [0] * (len(thresholds) + 1)
            for t, (a, b) in enumerate(pairs):
                if n in (a, b):
                    x = b if a == n else a
                    vp[x] += bye_score
                    met |= {(x, n), (n, x)}
                    opp[x] = -1
                    continue
                if table:
                    k = bisect.bisect_right(cdf, noise[e][r][t])
                    swing = support[min(k, len(support) - 1)]
                else:
                    swing = sd * noise[e][r][t]
                margin = swing + edge_mult * (s[a] - s[b])
                if raw:
                    va, vb = margin, -margin
                else:
                    j = _step(thresholds, margin)
                    count[j] += 1
                    if margin > 0:
                        va, vb = win[j], lose[j]
                    elif margin == 0:
                        va = vb = win[j]
                    else:
                        va, vb = lose[j], win[j]
                vp[a] += va
                vp[b] += vb
                mg[a] += margin
                mg[b] -= margin
                met |= {(a, b), (b, a)}
                opp[a], opp[b] = b, a
            opponents.append(opp)
            counts.append(count)
        final = sorted(range(n), key=lambda i: (-_key(vp[i]), -_key(mg[i]), lt[i]))
        rank = [0] * n
        for p, i in enumerate(final):
            rank[i] = p + 1
        events.append(
            {
                "score": vp,
                "margin": mg,
                "rank": rank,
                "opponents": opponents,
                "counts": counts,
                "repeats": repeats,
            }
        )
    return events
