"""Test oracles: plain-Python references of the compiled kernels (not part of the package).

:func:`reference_update` is the PPI formula in plain scalars; :func:`reference_month` is
one month of :func:`bridgestats.sim.simulate` written independently of its compiled kernel
(lists, the standard library's ``statistics.NormalDist``, :func:`reference_update`),
taking the same :class:`bridgestats.sim.ClubState`. ``tests/test_sim_club.py`` compares
the kernel with it; ``benchmarks/bench_ppi.py`` times it. :func:`plain_lpr_periods` is the
LPR's player-events made board by board, the plain construction the shared one of
``studies.ratings_real_claims`` is held to (``benchmarks/bench_ratings_real.py`` times it).
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd

# the simulator's clip of the expected %, restated here: the oracle does not read the
# package's private constants
_MU_CLIP = (1.0, 99.0)


def reference_update(a, p, b, c, d, k, w, m_scale=1.0):
    """The PPI formula in plain Python scalars (the oracle of the compiled simulator), m
    times ``m_scale`` (1: the page's m, as the simulator plays it)."""
    if k < 30:
        m = 30.0
    elif k <= 300:
        m = float(k)
    elif w < 150:
        m = 300.0
    elif w <= 300:
        m = 2.0 * w
    else:
        m = 600.0
    if a < 46:
        m /= 2.0
    m *= m_scale
    return a + (p - ((a + b - c - d) / 2 + 50)) / m


def reference_month(state):
    """Plain-Python reference of the simulator's compiled month, written independently of it.

    Same :class:`~bridgestats.sim.ClubState`, same random streams, same schedule rules;
    uses lists, the standard library's ``statistics.NormalDist`` for Φ and Φ⁻¹ and
    :func:`reference_update`. Writes into the state's arrays and returns the number of
    player-board updates, as the kernel does.
    """
    month, strength, active, u, z = state.month, state.strength, state.active, state.u, state.z
    fixed, n_rounds, per_round, tau = state.fixed, state.n_rounds, state.per_round, state.tau
    ppi, k, w, slot = state.ppi, state.k, state.w, state.slot
    shock_state, shock_month, shock_pct = state.shock_state, state.shock_month, state.shock_pct
    trace_ppi, trace_k, trace_time = state.trace_ppi, state.trace_k, state.trace_time
    trace_session, trace_len = state.trace_session, state.trace_len
    log_seats, log_pct, log_mu, log_round = (
        state.log_seats,
        state.log_pct,
        state.log_mu,
        state.log_round,
    )
    normal = NormalDist()
    stream_u = iter(u.tolist())
    stream_z = iter(z.tolist())
    n_sessions = active.shape[0]
    count = 0
    row = 0

    def shuffle(items):
        for i in reversed(range(len(items))):
            j = min(int(next(stream_u) * (i + 1)), i)
            items[i], items[j] = items[j], items[i]

    for s in range(n_sessions):
        present = [j for j, here in enumerate(active[s].tolist()) if here]
        if fixed:
            pairs = [(2 * j, 2 * j + 1) for j in present]
        else:
            shuffle(present)
            pairs = [(present[2 * j], present[2 * j + 1]) for j in range(len(present) // 2)]
        for pair in pairs:
            for pl in pair:
                if shock_state[pl] == 1 and month >= shock_month:
                    shock_state[pl] = 2
        for rnd in range(n_rounds):
            seating = list(pairs)
            shuffle(seating)
            for t in range(len(seating) // 2):
                (pn, ps), (pe, pw) = seating[2 * t], seating[2 * t + 1]
                mu = 50 + (strength[pn] + strength[ps] - strength[pe] - strength[pw]) / 2
                mu = min(max(mu, _MU_CLIP[0]), _MU_CLIP[1])
                eta = math.sqrt(1 + tau**2) * normal.inv_cdf(mu / 100)
                for _board in range(per_round):
                    p = 100 * normal.cdf(eta + tau * next(stream_z))
                    if 2 in (shock_state[pn], shock_state[ps]):
                        p = shock_pct
                    elif 2 in (shock_state[pe], shock_state[pw]):
                        p = 100 - shock_pct
                    if len(log_pct):
                        log_seats[row] = (pn, ps, pe, pw)
                        log_pct[row], log_mu[row], log_round[row] = p, mu, s * n_rounds + rnd
                    row += 1
                    old = {pl: float(ppi[pl]) for pl in (pn, ps, pe, pw)}
                    for me, partner, lho, rho, mine in (
                        (pn, ps, pe, pw, p),
                        (ps, pn, pe, pw, p),
                        (pe, pw, pn, ps, 100 - p),
                        (pw, pe, pn, ps, 100 - p),
                    ):
                        ppi[me] = reference_update(
                            old[me], mine, old[partner], old[lho], old[rho], k[me], w[me]
                        )
                    for pl in (pn, ps, pe, pw):
                        k[pl] += 1
                    count += 4
        for pair in pairs:
            for pl in pair:
                if shock_state[pl] == 2:
                    shock_state[pl] = 3
                if slot[pl] >= 0:
                    ts, n = slot[pl], trace_len[slot[pl]]
                    trace_ppi[ts, n] = ppi[pl]
                    trace_k[ts, n] = k[pl]
                    trace_time[ts, n] = month + (s + 1) / n_sessions
                    trace_session[ts, n] = month * n_sessions + s
                    trace_len[ts] = n + 1
    return count


def plain_lpr_periods(sessions, k_factor):
    """The LPR's player-events made the plain way: every board four rows of a long table,
    grouped by player and event (the construction lpr_periods had before it numbered the
    player-events on the sessions and shared them across K)."""
    from bridgestats.ratings.elo import elo_forecast
    from bridgestats.ratings.lpr import performance_ratings
    from bridgestats.ratings.sessionlog import board_rows, check_session_log, player_index

    frame = check_session_log(sessions)
    boards = board_rows(frame)
    expected, _ = elo_forecast(boards, k_factor=k_factor)
    ids, seats = player_index(boards)
    score_ns = boards["pct_ns"].to_numpy(float) / 100.0
    delta = (k_factor * (score_ns - expected / 100.0))[:, None] * np.array([1.0, 1, -1, -1])
    after = 1500.0 + pd.Series(delta.ravel()).groupby(seats.ravel()).cumsum().to_numpy()
    before = (after - delta.ravel()).reshape(seats.shape)
    partner = before[:, [1, 0, 3, 2]]
    opponents = before[:, [2, 2, 0, 0]] + before[:, [3, 3, 1, 1]]
    event = frame["event"].astype(str).to_numpy() if "event" in frame else np.full(len(frame), "")
    long = pd.DataFrame(
        {
            "player": ids[seats.ravel()],
            "event": np.repeat(np.repeat(event, frame["n_boards"].to_numpy()), 4),
            "before": before.ravel(),
            "delta": delta.ravel(),
            "score": np.column_stack([score_ns, score_ns, 1 - score_ns, 1 - score_ns]).ravel(),
            "r": (opponents - partner).ravel(),
        }
    )
    period = long.groupby(["player", "event"], sort=False).ngroup().to_numpy()
    first = np.unique(period, return_index=True)[1]
    rl = long["before"].to_numpy()[first]
    score = np.bincount(period, weights=long["score"].to_numpy())
    lpr = 2.0 * performance_ratings(score, long["r"].to_numpy() / 2.0, period, own_ratings=rl / 2)
    return pd.DataFrame(
        {
            "player": long["player"].to_numpy()[first],
            "event": long["event"].to_numpy()[first],
            "n_boards": np.bincount(period),
            "last_rating": rl,
            "change": np.bincount(period, weights=long["delta"].to_numpy()),
            "lpr": lpr,
        }
    )
