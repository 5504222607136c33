"""The population simulator of club play: a club's players rated by the PPI, board by board.

:func:`simulate` plays a club month by month: who comes to each session, pick-up or fixed
partnerships, the movement, each board's percentage from the players' true strengths, and
the PPI updates of the four players (:mod:`bridgestats.ratings.ppi`), compiled with numba.
:func:`board_log` turns a recorded run into a board log for
:func:`~bridgestats.ratings.ppi.rate_log` and the Elo and Glicko-2 forecasts of
:mod:`bridgestats.ratings`. The constants :data:`BOARD_SD`, :data:`STRENGTH_SD` and
:data:`EVEN_TABLE_SD` calibrate the model on real club matchpoint play.

The compiled kernel reads and writes one named structure, :class:`ClubState` (a
``NamedTuple`` of arrays and scalars that numba takes as one argument): the population
and its ratings, the month's draws, and the trace and log being filled.

Vocabulary (in addition to the package's and :mod:`bridgestats.ratings.ppi`'s):
``strength`` a simulated player's true level on the PPI scale (the PPI a perfect rating
would show); ``activity`` boards played per three months; ``partnership`` ``"fixed"`` or
``"pickup"``.

References
----------
.. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula, k, w and the
   weighting rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._jit import njit
from .._validate import (
    as_array,
    as_finite_array,
    check_choice,
    check_flag,
    check_int,
    check_number,
    check_positive,
    check_rng,
    fail,
)
from ..errors import BridgestatsError
from ..ratings.ppi import weighting_scalar

# The largest club and the longest run simulated: a club of 10000 players for a century
# is far beyond any study here, and n_players x months x sessions x boards stays within
# what the compiled kernel runs in minutes, not days.
MAX_PLAYERS = 10_000
MAX_MONTHS = 1200

__all__ = [
    "BOARD_SD",
    "EVEN_TABLE_SD",
    "MAX_MONTHS",
    "MAX_PLAYERS",
    "STRENGTH_SD",
    "ClubState",
    "Simulation",
    "board_log",
    "board_sd_of",
    "simulate",
]

_START = 50.0  # newcomers start at 50 %, as in [1]

# --- constants measured on real matchpoint data ------------------------------------------

#: Pooled standard deviation (in %) of a pair's board percentage in real club matchpoint
#: play: ``club-matchpoints/travellers.csv`` of the project's real-results archive (the
#: ``shared`` data folder beside the repository), 29,076 traveller lines with both matchpoint
#: columns, pct = 100·mp_ns / top with top = max(mp_ns + mp_ew) over the
#: board's lines (ACBL's 1-per-beat top, n − 1): sd = 30.15 %, mean 49.98 %. The figure is
#: above 28.87 % (100/√12, a continuous uniform) because small fields (median 12 results)
#: spread percentages further (n results without ties: 100·√((n+1)/(12(n−1))) = 31.4 % at
#: n = 12) and ties pull them in. ``tests/test_sim_data.py`` re-measures it.
BOARD_SD = 30.15

#: Standard deviation (in %) of a player's true strength on the PPI scale, a rough figure
#: from the same club's pair session percentages (``pair_standings.csv``, 2,553 MP rows,
#: sd 7.33 % over about 25.5 boards): the pair's strength sd is
#: √(7.33² − 30.15²/25.5) = 4.25 %, and a pair's PPI-scale advantage over average opponents
#: is (a + b)/2 − 50, so one player's sd is 4.25·√2 = 6.0 %.
STRENGTH_SD = 6.0

#: Spread (in %) of the board percentage at an even table in the simulator's model, chosen
#: so that a population with strength sd :data:`STRENGTH_SD` has the pooled spread
#: :data:`BOARD_SD`: √(30.15² − 6.0²) = 29.5 (the table's strength difference has sd equal
#: to one player's strength sd).
EVEN_TABLE_SD = 29.5


@dataclass(frozen=True)
class Simulation:
    """The result of :func:`simulate`.

    Attributes
    ----------
    strength : ndarray
        True strengths (PPI scale, %), one per player, at the start.
    ppi : ndarray
        PPIs at the end of the run.
    k : ndarray
        Boards played since the start (including ``initial_k``) at the end of the run.
    monthly : ndarray
        PPIs at the end of each month, shape (n_months, n_players).
    monthly_boards : ndarray
        Boards played in each month, shape (n_months, n_players).
    trace : pandas.DataFrame
        One row per tracked player and session played: ``player``, ``month``,
        ``session``, ``time`` (months since the start, month + session / sessions per
        month, at the end of the session), ``k`` (boards played after the session) and
        ``ppi`` (after the session).
    n_updates : int
        Player-board updates made (four per table and board).
    log : pandas.DataFrame or None
        With ``record=True``, one row per table and board in playing order: ``month``,
        ``session`` (within the month), ``round`` (within the month), ``north``,
        ``south``, ``east``, ``west`` (player indices), ``pct_ns`` (the board %) and
        ``expected_ns`` (the model's true expectation μ).
    monthly_strength : ndarray
        True strengths each month was played at, shape (n_months, n_players): every row
        ``strength`` unless the strengths drift (``drift_sd``).
    """

    strength: np.ndarray
    ppi: np.ndarray
    k: np.ndarray
    monthly: np.ndarray
    monthly_boards: np.ndarray
    trace: pd.DataFrame
    n_updates: int
    log: pd.DataFrame | None = None
    monthly_strength: np.ndarray | None = None


def board_sd_of(tau):
    """Spread (in %) at an even table of the simulator's board model with latent sd ``tau``.

    Notes
    -----
    For p = 100·Φ(τ·Z), Z standard normal: E[Φ(τZ)²] = P(X1 ≤ τZ, X2 ≤ τZ) with X1, X2
    independent standard normals, an orthant probability of a bivariate normal with
    correlation ρ = τ²/(1 + τ²), 1/4 + arcsin(ρ)/(2π). So sd = 100·√(arcsin(ρ)/(2π)).
    τ = 1 gives the uniform distribution, sd 100/√12.

    Examples
    --------
    >>> round(float(board_sd_of(1.0)), 4)
    28.8675
    """
    tau = check_positive(tau, "tau")
    rho = tau**2 / (1.0 + tau**2)
    return 100.0 * np.sqrt(np.arcsin(rho) / (2.0 * np.pi))


def _tau_of(board_sd: float) -> float:
    """Inverse of :func:`board_sd_of`: τ² = x/(1 − x), x = sin(2π(sd/100)²)."""
    x = math.sin(2.0 * math.pi * (board_sd / 100.0) ** 2)
    return math.sqrt(x / (1.0 - x))


_SIM_MU_CLIP = (1.0, 99.0)  # expected % kept inside (0, 100) so that Φ⁻¹ is finite


class ClubState(NamedTuple):
    """The state one month of the simulator's kernel reads and writes, as one structure.

    A ``NamedTuple``, which numba compiles as a typed tuple: the kernel takes it as its only
    argument, reads the scalars and writes into the arrays in place (the arrays are shared
    with the driver; a new month is ``state._replace(month=..., active=..., ...)``).

    Attributes
    ----------
    month : int
        The month simulated (0 first).
    strength : ndarray
        True strengths, one per player (%).
    fixed : bool
        Fixed partnerships (players 2j and 2j + 1) rather than pick-up partners.
    n_rounds, per_round : int
        Rounds per session and boards per round.
    tau : float
        The board model's latent spread τ (:func:`board_sd_of`).
    ppi, k : ndarray
        Each player's PPI and boards since the start (updated in place).
    w : ndarray
        Each player's boards in the three previous calendar months (fixed for the month).
    shock_state : ndarray of int
        0 not shocked, 1 waiting for the shock session, 2 in it, 3 after it.
    shock_month : int
        The month of the shock, 0 to ``n_months`` − 1.
    shock_pct : float
        The board percentage of the shocked session (0-100).
    active : ndarray of bool
        The month's attendance, shape (sessions, players or pairs).
    u, z : ndarray of float32
        The month's uniform draws (shuffles) and standard normal draws (board noise),
        consumed in order.
    slot : ndarray of int
        Each player's row in the trace arrays, or −1 if untracked.
    trace_ppi, trace_k, trace_time, trace_session : ndarray
        Tracked players' PPI, k, time and session number after each session they play,
        shape (tracked, sessions in the run); ``trace_len`` the rows filled per player.
    log_seats, log_pct, log_mu, log_round : ndarray
        The month's table-board log (seats N, S, E, W; board %; true expectation; round in
        the month), empty unless recording.
    pct_mode, board_pct : int, ndarray
        The month's board percentages before any shock, one per z: 0 made from the draws
        (``board_pct`` empty), 1 made and kept in ``board_pct``, 2 read from it (a run
        sharing the draws of one with the same strengths, see :func:`simulate`).
    """

    month: int
    strength: np.ndarray
    fixed: bool
    n_rounds: int
    per_round: int
    tau: float
    ppi: np.ndarray
    k: np.ndarray
    w: np.ndarray
    shock_state: np.ndarray
    shock_month: int
    shock_pct: float
    active: np.ndarray
    u: np.ndarray
    z: np.ndarray
    slot: np.ndarray
    trace_ppi: np.ndarray
    trace_k: np.ndarray
    trace_time: np.ndarray
    trace_session: np.ndarray
    trace_len: np.ndarray
    log_seats: np.ndarray
    log_pct: np.ndarray
    log_mu: np.ndarray
    log_round: np.ndarray
    pct_mode: int
    board_pct: np.ndarray


def simulate(
    strength,
    activity,
    *,
    n_months=12,
    sessions_per_month=30,
    n_boards=12,
    boards_per_round=2,
    partnership="pickup",
    board_sd=EVEN_TABLE_SD,
    initial_ppi=_START,
    initial_k=0,
    history=0.0,
    shocked=None,
    shock_month=0,
    shock_pct=25.0,
    track=None,
    record=False,
    drift_sd=0.0,
    rng=None,
    draws=None,
):
    """Simulate a club's players rated by the PPI, session by session and board by board.

    Parameters
    ----------
    strength : array_like
        True strength of each player on the PPI scale (%, 0-100), e.g. 50 + 6·N(0, 1);
        2 to 10000 players (:data:`MAX_PLAYERS`).
    activity : float or array_like
        Boards each player plays on average per three months (per player; for fixed
        partnerships the pair plays at its two players' mean activity), 0 to
        3 · ``sessions_per_month`` · ``n_boards``.
    n_months : int
        Calendar months simulated, 1-1200 (:data:`MAX_MONTHS`).
    sessions_per_month : int
        Sessions (one a day, say) offered each month, 1-100.
    n_boards : int
        Boards per session, 1-100, a multiple of ``boards_per_round``.
    boards_per_round : int
        Boards played against the same opponents before the movement changes tables
        (1 to ``n_boards``).
    partnership : {"pickup", "fixed"}
        ``"fixed"``: players 2j and 2j + 1 always play together (so ``len(strength)``
        must be even); ``"pickup"``: each session the players present are paired at random.
    board_sd : float
        Spread (%) of the board percentage at an even table (see Notes), in (0, 50).
    initial_ppi, initial_k : float or array_like
        PPI (0-100) and boards since the start (whole, >= 0) before the first month
        (newcomers: 50 and 0).
    history : float or array_like
        Boards played in the three months before the start (w of the first month), in
        0-``initial_k``.
    shocked : array_like of int, optional
        Players whose first session in month ``shock_month`` (or later, if they do not play
        that month) is a bad one: their pair's board percentage is ``shock_pct`` on every
        board of that session.
    shock_month : int
        The month of the shock, 0 to ``n_months`` − 1.
    shock_pct : float
        The board percentage of the shocked session (0-100).
    track : array_like of int, optional
        Players whose PPI is recorded after each session they play (``Simulation.trace``).
    record : bool
        Keep the log of every table-board (``Simulation.log``).
    drift_sd : float
        How fast true strengths drift, in % per √year (>= 0): after each month every
        player's strength takes a random-walk step of sd drift_sd·√(1/12), held within
        0-100 (``Simulation.monthly_strength``). 0, the default, draws nothing: a run is
        then the same as without the argument.
    rng : None, int or numpy.random.Generator
        The source of all randomness.
    draws : list, optional
        The months' random draws shared by runs from one integer seed ``rng`` and one
        schedule (the same strengths' count, ``activity``, ``n_months``,
        ``sessions_per_month``, ``n_boards``, ``boards_per_round``, ``partnership``),
        without drift: the first run fills an empty list, later runs read the months it
        holds instead of drawing them again (the same numbers: common random numbers
        without their cost), and, where their strengths are the first run's, its boards'
        percentages before any shock (the same numbers, made from the same strengths and
        draws, without an erfc per board). Refused with ``drift_sd`` > 0 or another
        ``rng``.

    Returns
    -------
    Simulation

    Notes
    -----
    **Schedule.** Each session each player (pick-up) or pair (fixed) comes with probability
    q = activity / (3 · sessions_per_month · n_boards), independently. Pick-up players
    present are shuffled and paired in order (an odd one out sits the session out). The
    session has n_boards / boards_per_round rounds; each round the pairs are shuffled and
    paired into tables in order, the first pair sitting North-South (an odd pair out sits
    the round out). So a player's expected boards per three months are slightly below
    ``activity``.

    **Board model.** At a table with true strengths s (N, S against E, W), the expected
    North-South percentage is that of the PPI formula, μ = 50 + (sN + sS − sE − sW)/2
    (clipped to 1-99), and the percentage is

        p = 100·Φ(√(1 + τ²)·Φ⁻¹(μ/100) + τ·Z),   Z ~ N(0, 1),

    so that E[p] = μ exactly and p stays within 0-100. τ is set by ``board_sd``, the spread
    at μ = 50 (:func:`board_sd_of`). The default :data:`EVEN_TABLE_SD` = 29.5 % with strength
    sd :data:`STRENGTH_SD` = 6 % reproduces the pooled spread of real club matchpoint
    boards, :data:`BOARD_SD` = 30.15 % (measured on ``club-matchpoints/travellers.csv``:
    100·mp_ns / top over 29,076 traveller lines).

    **Ratings.** Each table-board updates its four players by
    :func:`~bridgestats.ratings.ppi.update` from their
    pre-board PPIs, with their own k (boards since the start, including ``initial_k``) and
    w (boards of the three previous calendar months, fixed within a month: "updated
    monthly"). PPIs are not rounded to five decimals here (the rounding moves a PPI by at
    most 5e-6 per board; :func:`~bridgestats.ratings.ppi.rate_log` does round).

    **Why numba.** Each update needs the PPIs left by every earlier board of the four
    players, so the work is a sequential scan; vectorising within one round of one session
    would leave numpy handling a few hundred tables per call. The compiled loop
    (``@numba.njit``) makes about 5-6·10⁷ player-board updates per second end to end on a
    2-core machine (``benchmarks/bench_ppi.py``); the plain-Python reference of the same
    model (``tests/_oracles.py``, the tests' oracle) about 3-6·10⁵. The kernel takes its
    state as one :class:`ClubState`.

    Randomness is drawn month by month from ``rng`` (activity, shuffles, board noise) and
    does not depend on the ratings, so two runs from the same seed that differ only in a
    shock see the same schedule and the same noise (common random numbers).

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page: the formula, k, w and the weighting rules.

    Examples
    --------
    >>> sim = simulate(np.full(40, 50.0), 300, n_months=2, rng=1)
    >>> sim.monthly.shape, bool(sim.n_updates > 0)
    ((2, 40), True)
    """
    return _simulate(
        strength,
        activity,
        n_months=n_months,
        sessions_per_month=sessions_per_month,
        n_boards=n_boards,
        boards_per_round=boards_per_round,
        partnership=partnership,
        board_sd=board_sd,
        initial_ppi=initial_ppi,
        initial_k=initial_k,
        history=history,
        shocked=shocked,
        shock_month=shock_month,
        shock_pct=shock_pct,
        track=track,
        record=record,
        drift_sd=drift_sd,
        rng=rng,
        kernel=_simulate_month,
        draws=draws,
    )


def _per_player(value, name, n_players):
    arr = as_finite_array(value, name)
    if arr.ndim == 0:
        return np.full(n_players, float(arr))
    if arr.shape != (n_players,):
        raise fail(name, f"a number or one value per player ({n_players})", value)
    return arr.astype(float)


def _player_ids(value, name, n_players):
    if value is None:
        return np.zeros(0, dtype=np.int64)
    ids = as_array(value, name).ravel()
    if ids.size and (ids.dtype.kind not in "iu" or ids.min() < 0 or ids.max() >= n_players):
        raise fail(name, f"player indices 0-{n_players - 1}", value)
    return ids.astype(np.int64)


def _simulate(
    strength,
    activity,
    *,
    n_months,
    sessions_per_month,
    n_boards,
    boards_per_round,
    partnership,
    board_sd,
    initial_ppi,
    initial_k,
    history,
    shocked,
    shock_month,
    shock_pct,
    track,
    rng,
    kernel,
    record=False,
    drift_sd=0.0,
    draws=None,
):
    strength = as_finite_array(strength, "strength").ravel().astype(float)
    n_players = strength.size
    if n_players < 2 or n_players > MAX_PLAYERS:
        raise fail(
            "strength", f"one value per player, 2-{MAX_PLAYERS} players", given=f"{n_players}"
        )
    if np.any((strength < 0) | (strength > 100)):
        raise fail(
            "strength",
            "strengths on the PPI scale, 0-100 (%)",
            strength[(strength < 0) | (strength > 100)][0],
        )
    check_choice(partnership, "partnership", ("pickup", "fixed"))
    fixed = partnership == "fixed"
    if fixed and n_players % 2:
        raise fail("strength", "an even number of players for fixed partnerships", n_players)
    n_months = check_int(n_months, "n_months", minimum=1, maximum=MAX_MONTHS)
    sessions = check_int(sessions_per_month, "sessions_per_month", minimum=1, maximum=100)
    n_boards = check_int(n_boards, "n_boards", minimum=1, maximum=100)
    per_round = check_int(boards_per_round, "boards_per_round", minimum=1, maximum=n_boards)
    if n_boards % per_round:
        raise fail("n_boards", f"a multiple of boards_per_round ({per_round})", n_boards)
    board_sd = check_number(board_sd, "board_sd", low=0, high=50, low_open=True, high_open=True)
    shock_pct = check_number(shock_pct, "shock_pct", low=0, high=100)
    shock_month = check_int(shock_month, "shock_month", minimum=0, maximum=n_months - 1)
    record = check_flag(record, "record")
    drift_sd = check_number(drift_sd, "drift_sd", low=0)
    act = _per_player(activity, "activity", n_players)
    most = 3.0 * sessions * n_boards
    if np.any(act < 0) or np.any(act > most):
        raise fail(
            "activity",
            f"boards per three months in 0-{most:g} (3 x sessions_per_month x n_boards)",
            act[(act < 0) | (act > most)][0],
        )
    q = act / most
    if fixed:
        q = (q[0::2] + q[1::2]) / 2.0
    ppi = _per_player(initial_ppi, "initial_ppi", n_players).copy()
    if np.any((ppi < 0) | (ppi > 100)):
        raise fail("initial_ppi", "PPIs in 0-100 (%)", ppi[(ppi < 0) | (ppi > 100)][0])
    k = _per_player(initial_k, "initial_k", n_players)
    if np.any((k < 0) | (k != np.round(k))):
        raise fail("initial_k", "whole numbers of boards >= 0", k[(k < 0) | (k != np.round(k))][0])
    hist = _per_player(history, "history", n_players)
    if np.any(hist < 0) or np.any(hist > k):
        raise fail(
            "history",
            "boards in 0-initial_k (the boards of the last three months are among them)",
            hist[(hist < 0) | (hist > k)][0],
        )
    shock_state = np.zeros(n_players, dtype=np.int64)
    shock_state[_player_ids(shocked, "shocked", n_players)] = 1
    tracked = _player_ids(track, "track", n_players)
    slot = np.full(n_players, -1, dtype=np.int64)
    slot[tracked] = np.arange(tracked.size)
    max_len = n_months * sessions

    if draws is not None:
        if not isinstance(draws, list):
            raise fail("draws", "a list (empty, or filled by a run from the same seed)", draws)
        if drift_sd > 0 or not isinstance(rng, (int, np.integer)) or isinstance(rng, bool):
            raise fail(
                "draws",
                "runs from one integer seed rng without drift (drift_sd 0)",
                f"rng={type(rng).__name__}, drift_sd={drift_sd:g}",
            )
        if 0 < len(draws) < n_months:  # the months after them would need the seed's stream
            raise fail("draws", f"the draws of {n_months} months or more", len(draws))
    gen = check_rng(rng)
    tau = _tau_of(board_sd)
    n_rounds = n_boards // per_round
    schedule = None
    if draws is not None:  # what the months' draws depend on: the seed and the schedule
        schedule = (int(rng), sessions, n_rounds, per_round, fixed, q.tobytes())
        schedule += (strength.tobytes(),)
    state = ClubState(
        month=0,
        strength=strength,
        fixed=fixed,
        n_rounds=n_rounds,
        per_round=per_round,
        tau=tau,
        ppi=ppi,
        k=k,
        w=np.zeros(n_players),
        shock_state=shock_state,
        shock_month=shock_month,
        shock_pct=shock_pct,
        active=np.zeros((0, 0), dtype=bool),
        u=np.zeros(0, dtype=np.float32),
        z=np.zeros(0, dtype=np.float32),
        slot=slot,
        trace_ppi=np.zeros((tracked.size, max_len)),
        trace_k=np.zeros((tracked.size, max_len)),
        trace_time=np.zeros((tracked.size, max_len)),
        trace_session=np.zeros((tracked.size, max_len), dtype=np.int64),
        trace_len=np.zeros(tracked.size, dtype=np.int64),
        log_seats=np.zeros((0, 4), dtype=np.int64),
        log_pct=np.zeros(0),
        log_mu=np.zeros(0),
        log_round=np.zeros(0, dtype=np.int64),
        pct_mode=0,
        board_pct=np.zeros(0),
    )
    past = np.repeat((hist / 3.0)[None, :], 3, axis=0)  # boards in months M-3, M-2, M-1
    monthly = np.empty((n_months, n_players))
    monthly_boards = np.empty((n_months, n_players))
    monthly_strength = np.empty((n_months, n_players))
    n_updates = 0
    logs = []
    for month in range(n_months):
        pct_mode, board_pct = 0, np.zeros(0)
        if draws is not None and month < len(draws):
            made_by, active, u, z, board_pct = draws[month]
            if made_by[:-1] != schedule[:-1]:
                raise fail("draws", "the draws of a run from this seed and schedule", "others")
            # the boards' percentages too, where the strengths are the same
            pct_mode = 2 if made_by[-1] == schedule[-1] else 0
        else:
            active = gen.random((sessions, q.size), dtype=np.float32) < q
            n_active = active.sum(axis=1)
            n_pairs = n_active if fixed else n_active // 2
            n_u = int(n_rounds * n_pairs.sum() + (0 if fixed else n_active.sum()))
            n_z = int(n_rounds * per_round * (n_pairs // 2).sum())
            u = gen.random(n_u, dtype=np.float32)
            z = gen.standard_normal(n_z, dtype=np.float32)
            if draws is not None:
                pct_mode, board_pct = 1, np.empty(z.size)
                draws.append((schedule, active, u, z, board_pct))
        n_z = z.size
        w = past.sum(axis=0)
        k_before = k.copy()
        rows = n_z if record else 0
        state = state._replace(
            month=month,
            active=active,
            u=u,
            z=z,
            w=w,
            log_seats=np.zeros((rows, 4), dtype=np.int64),
            log_pct=np.zeros(rows),
            log_mu=np.zeros(rows),
            log_round=np.zeros(rows, dtype=np.int64),
            pct_mode=pct_mode,
            board_pct=board_pct,
        )
        n_updates += kernel(state)
        if record:
            logs.append(_log_frame(state, n_rounds))
        played = k - k_before
        past = np.vstack([past[1:], played[None, :]])
        monthly[month] = ppi
        monthly_boards[month] = played
        monthly_strength[month] = state.strength
        if drift_sd > 0:  # a random-walk step per month, drawn after the month's play
            step = drift_sd * math.sqrt(1.0 / 12.0) * gen.standard_normal(n_players)
            state = state._replace(strength=np.clip(state.strength + step, 0.0, 100.0))
    trace = _trace_frame(tracked, state, sessions)
    log = pd.concat(logs, ignore_index=True) if record else None
    return Simulation(
        strength, ppi, k, monthly, monthly_boards, trace, int(n_updates), log, monthly_strength
    )


def board_log(sim, *, start="2001-01-01"):
    """The table-board log of a simulation as a board log for the ratings.

    The log suits :func:`~bridgestats.ratings.ppi.rate_log` (by ``date``) and the Elo and
    Glicko-2 forecasts of :mod:`bridgestats.ratings` (by ``round``).

    Parameters
    ----------
    sim : Simulation
        A run made with ``record=True`` in which some boards were played.
    start : str
        Date of the first month (every board is dated the first of its month; rows keep
        the playing order within a month).

    Returns
    -------
    pandas.DataFrame
        ``date``, ``round`` (the session's number over the whole run: a rating period),
        ``board`` (the row's number), ``north``, ``south``, ``east``, ``west`` (player
        indices), ``pct_ns`` and ``expected_ns`` (the model's true expectation).

    Examples
    --------
    >>> sim = simulate(np.full(16, 50.0), 300, n_months=1, record=True, rng=1)
    >>> board_log(sim).columns.tolist()[:4]
    ['date', 'round', 'board', 'north']
    """
    if not isinstance(sim, Simulation) or sim.log is None:
        raise fail("sim", "a Simulation made with record=True", type(sim).__name__)
    log = sim.log
    if not len(log):
        raise BridgestatsError(
            "sim: no boards were played in the simulation (raise activity or n_months)"
        )
    n_sessions = int(log["session"].max()) + 1
    try:
        first = pd.Timestamp(start)
    except (TypeError, ValueError) as exc:
        raise fail("start", "a date (such as '2001-01-01')", start) from exc
    if pd.isna(first):
        raise fail("start", "a date (such as '2001-01-01')", start)
    dates = pd.DatetimeIndex(
        [first + pd.DateOffset(months=int(m)) for m in range(int(log["month"].max()) + 1)]
    )
    return pd.DataFrame(
        {
            "date": dates[log["month"].to_numpy()],
            "round": log["month"].to_numpy() * n_sessions + log["session"].to_numpy(),
            "board": np.arange(len(log)),
            "north": log["north"].to_numpy(),
            "south": log["south"].to_numpy(),
            "east": log["east"].to_numpy(),
            "west": log["west"].to_numpy(),
            "pct_ns": log["pct_ns"].to_numpy(),
            "expected_ns": log["expected_ns"].to_numpy(),
        }
    )


def _log_frame(state, n_rounds):
    seats, rnd = state.log_seats, state.log_round
    return pd.DataFrame(
        {
            "month": state.month,
            "session": rnd // n_rounds,
            "round": rnd,
            "north": seats[:, 0],
            "south": seats[:, 1],
            "east": seats[:, 2],
            "west": seats[:, 3],
            "pct_ns": state.log_pct,
            "expected_ns": state.log_mu,
        }
    )


def _trace_frame(tracked, state, sessions):
    trace_len = state.trace_len
    rows = np.arange(state.trace_ppi.shape[1])[None, :] < trace_len[:, None]
    session = state.trace_session[rows]
    return pd.DataFrame(
        {
            "player": np.repeat(tracked, trace_len),
            "month": session // sessions,
            "session": session % sessions,
            "time": state.trace_time[rows],
            "k": state.trace_k[rows],
            "ppi": state.trace_ppi[rows],
        }
    )


@njit(cache=True, fastmath=True)
def _ndtri(p):
    """Φ⁻¹(p) by Acklam's rational approximation (relative error below 1.15e-9)."""
    a0, a1, a2 = -3.969683028665376e01, 2.209460984245205e02, -2.759285104469687e02
    a3, a4, a5 = 1.383577518672690e02, -3.066479806614716e01, 2.506628277459239e00
    b0, b1, b2 = -5.447609879822406e01, 1.615858368580409e02, -1.556989798598866e02
    b3, b4 = 6.680131188771972e01, -1.328068155288572e01
    c0, c1, c2 = -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e00
    c3, c4, c5 = -2.549732539343734e00, 4.374664141464968e00, 2.938163982698783e00
    d0, d1, d2, d3 = (
        7.784695709041462e-03,
        3.224671290700398e-01,
        2.445134137142996e00,
        (3.754408661907416e00),
    )
    p_low = 0.02425
    if p < p_low:
        q = math.sqrt(-2.0 * math.log(p))
        x = (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / (
            (((d0 * q + d1) * q + d2) * q + d3) * q + 1.0
        )
    elif p <= 1.0 - p_low:
        q = p - 0.5
        r = q * q
        x = (
            (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5)
            * q
            / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1.0)
        )
    else:
        q = math.sqrt(-2.0 * math.log(1.0 - p))
        x = -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / (
            (((d0 * q + d1) * q + d2) * q + d3) * q + 1.0
        )
    return x


@njit(cache=True, fastmath=True)
def _board_eta(mu, root):
    """Latent location of a table with expected % mu: √(1 + τ²)·Φ⁻¹(μ/100), μ clipped."""
    mu = min(max(mu, _SIM_MU_CLIP[0]), _SIM_MU_CLIP[1])
    return root * _ndtri(mu / 100.0)


@njit(cache=True, fastmath=True)
def _board_pct(eta, tau, z):
    """North-South's board %: 100·Φ(η + τ·z)."""
    return 50.0 * math.erfc(-(eta + tau * z) / math.sqrt(2.0))


@njit(cache=True, fastmath=True)
def _simulate_month(state):
    """One month of :func:`simulate` (compiled) on ``state``. Returns the number of updates."""
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
    pct_mode, board_pct = state.pct_mode, state.board_pct
    n_sessions, n_units = active.shape
    n_players = strength.size
    root = math.sqrt(1.0 + tau * tau)
    pair_a = np.empty(n_players, dtype=np.int64)
    pair_b = np.empty(n_players, dtype=np.int64)
    units = np.empty(n_units, dtype=np.int64)
    order = np.empty(n_players, dtype=np.int64)
    iu = 0
    iz = 0
    updates = 0
    for s in range(n_sessions):
        n_act = 0
        for j in range(n_units):
            if active[s, j]:
                units[n_act] = j
                n_act += 1
        if fixed:
            n_pairs = n_act
            for j in range(n_pairs):
                pair_a[j] = 2 * units[j]
                pair_b[j] = 2 * units[j] + 1
        else:
            for i in range(n_act - 1, -1, -1):  # Fisher-Yates, one uniform per player
                j = min(int(u[iu] * (i + 1)), i)
                iu += 1
                units[i], units[j] = units[j], units[i]
            n_pairs = n_act // 2
            for j in range(n_pairs):
                pair_a[j] = units[2 * j]
                pair_b[j] = units[2 * j + 1]
        for j in range(n_pairs):
            for pl in (pair_a[j], pair_b[j]):
                if shock_state[pl] == 1 and month >= shock_month:
                    shock_state[pl] = 2
        for r in range(n_rounds):
            for j in range(n_pairs):
                order[j] = j
            for i in range(n_pairs - 1, -1, -1):  # Fisher-Yates, one uniform per pair
                j = min(int(u[iu] * (i + 1)), i)
                iu += 1
                order[i], order[j] = order[j], order[i]
            for t in range(n_pairs // 2):
                pn, ps = pair_a[order[2 * t]], pair_b[order[2 * t]]
                pe, pw = pair_a[order[2 * t + 1]], pair_b[order[2 * t + 1]]
                mu = 50.0 + (strength[pn] + strength[ps] - strength[pe] - strength[pw]) / 2.0
                mu = min(max(mu, _SIM_MU_CLIP[0]), _SIM_MU_CLIP[1])
                eta = _board_eta(mu, root)
                shock_ns = shock_state[pn] == 2 or shock_state[ps] == 2
                shock_ew = shock_state[pe] == 2 or shock_state[pw] == 2
                for _b in range(per_round):
                    if pct_mode == 2:  # made by a run of the same draws and strengths
                        p = board_pct[iz]
                    else:
                        p = _board_pct(eta, tau, z[iz])
                        if pct_mode == 1:
                            board_pct[iz] = p
                    if shock_ns:
                        p = shock_pct
                    elif shock_ew:
                        p = 100.0 - shock_pct
                    if log_pct.size:
                        log_seats[iz, 0], log_seats[iz, 1] = pn, ps
                        log_seats[iz, 2], log_seats[iz, 3] = pe, pw
                        log_pct[iz] = p
                        log_mu[iz] = mu
                        log_round[iz] = s * n_rounds + r
                    iz += 1
                    an, as_, ae, aw = ppi[pn], ppi[ps], ppi[pe], ppi[pw]
                    dev = p - ((an + as_ - ae - aw) / 2.0 + 50.0)
                    ppi[pn] = an + dev / weighting_scalar(k[pn], w[pn], an)
                    ppi[ps] = as_ + dev / weighting_scalar(k[ps], w[ps], as_)
                    ppi[pe] = ae - dev / weighting_scalar(k[pe], w[pe], ae)
                    ppi[pw] = aw - dev / weighting_scalar(k[pw], w[pw], aw)
                    k[pn] += 1.0
                    k[ps] += 1.0
                    k[pe] += 1.0
                    k[pw] += 1.0
                    updates += 4
        for j in range(n_pairs):
            for pl in (pair_a[j], pair_b[j]):
                if shock_state[pl] == 2:
                    shock_state[pl] = 3
                ts = slot[pl]
                if ts >= 0:
                    n = trace_len[ts]
                    trace_ppi[ts, n] = ppi[pl]
                    trace_k[ts, n] = k[pl]
                    trace_time[ts, n] = month + (s + 1.0) / n_sessions
                    trace_session[ts, n] = month * n_sessions + s
                    trace_len[ts] = n + 1
    return updates
