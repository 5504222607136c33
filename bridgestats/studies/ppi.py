"""Studies of the claims of Bridge Club Live's PPI page, by simulation and by the formula.

How long one bad session weighs on a PPI (:func:`shock_response`, :func:`half_life_table`),
how far a regular player's PPI wanders (:func:`stationary_wander`) and where a newcomer's PPI
goes (:func:`newcomer_claim`, :func:`newcomer_trajectory`). The simulations run
:func:`bridgestats.sim.simulate`; the ratings are :mod:`bridgestats.ratings`. The page's
claims side by side with these figures are :mod:`bridgestats.studies.ppi_claims`; how well
the PPI predicts the next board against Elo and Glicko-2,
:mod:`bridgestats.studies.ppi_forecast`.

Every Monte Carlo figure comes with its standard error: the median of a sample by the
Maritz-Jarrett estimate [2]_, a mean by sd/√n, each treating the players (or boards) as
independent draws (they share one simulated club, so the errors are approximate).

References
----------
.. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula, the weighting rules
   and the claims tested here (the newcomer example, a top or a bottom, a board's share,
   the half-life at 416 boards a quarter, the band of 3 to 5 %).
.. [2] J. S. Maritz and R. G. Jarrett, "A note on estimating the variance of the sample
   median", *Journal of the American Statistical Association* 73, 1978
   (:func:`scipy.stats.mstats.mjci`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import mstats

from .._validate import (
    as_finite_array,
    check_choice,
    check_int,
    check_number,
    check_rng,
    fail,
)
from ..errors import BridgestatsError
from ..ratings.ppi import rate_log, update, weighting
from ..sim.club import EVEN_TABLE_SD, MAX_PLAYERS, STRENGTH_SD, simulate

__all__ = [
    "PAGE_ACTIVITY",
    "HalfLife",
    "Wander",
    "half_life_frame",
    "half_life_table",
    "half_lives",
    "newcomer_claim",
    "newcomer_trajectory",
    "shock_response",
    "stationary_wander",
]

#: Boards per three months of the page's "reasonably, but not extremely, active player" [1]_:
#: the activity its half-life and band claims are tested at.
PAGE_ACTIVITY = 416.0

_START = 50.0  # newcomers start at 50 %, as in [1]
_VISIBLE_AFTER = 50  # boards before a PPI is shown, as in [1]
_ESTABLISHED_K = 10_000  # boards before the start for "regular" simulated players


@dataclass(frozen=True)
class HalfLife:
    """The memory of the PPI after one bad session (:func:`shock_response`).

    Attributes
    ----------
    activity : float
        Boards per three months of the population (> 0, at most 10000).
    partnership : str
        ``"fixed"`` or ``"pickup"``.
    boards, months : float
        Median half-life over the shocked players, in the player's own boards and in
        calendar months.
    boards_se, months_se : float
        Their Monte Carlo standard errors (Maritz-Jarrett, over the shocked players who
        halved; NaN with fewer than 3).
    boards_interval, months_interval : tuple of float
        5 % and 95 % quantiles of the half-life over the shocked players.
    theory_boards, theory_months : float
        The single-player formula: ln 2 / −ln(1 − c/m), c = 1 for a fixed partnership (the
        partner carries the same deficit, so the expectation corrects twice as fast) and
        c = 1/2 for pick-up partners; months at activity/3 boards a month (simulated
        players play slightly fewer: sit-outs when an odd number of players or pairs come,
        most often at low activity, so the simulated months can be longer).
    m : float
        The weighting factor of a player with this activity
        (:func:`~bridgestats.ratings.ppi.weighting`).
    n_shocked : int
        Shocked players; ``n_unreached`` of them had not halved by the end of the run
        (excluded from the quantiles).
    boards_per_quarter, boards_per_quarter_se : float
        Boards the shocked players actually played per three months in the baseline run
        (below ``activity`` by the sit-outs), mean over them and its standard error.
    response : pandas.DataFrame
        ``month`` (whole months since the shock session), ``effect``: the mean over
        shocked players of the PPI difference (shocked − baseline run) as a fraction of
        the difference just after the shock, at the last session of that month, and
        ``se``, its standard error over the players.
    """

    activity: float
    partnership: str
    boards: float
    boards_interval: tuple
    months: float
    months_interval: tuple
    theory_boards: float
    theory_months: float
    m: float
    n_shocked: int
    n_unreached: int
    response: pd.DataFrame
    boards_per_quarter: float
    boards_se: float
    months_se: float
    boards_per_quarter_se: float


def _median_se(values) -> float:
    """Maritz-Jarrett standard error of the sample median [2]_; NaN below 3 values."""
    values = np.asarray(values, dtype=float)
    if values.size < 3:
        return math.nan
    return float(mstats.mjci(values, prob=[0.5])[0])


def _mean_se(values) -> float:
    """Standard error of the sample mean, sd/√n (ddof 1); NaN below 2 values."""
    values = np.asarray(values, dtype=float)
    if values.size < 2:
        return math.nan
    return float(values.std(ddof=1) / math.sqrt(values.size))


def _established_args(activity, partnership, n_players, *, min_players):
    """Checked ``activity`` and ``n_players`` of a population of regulars, its m (the
    weighting of an established player at 50 %) and c, the share of a result's deficit a
    player carries (1 in a fixed partnership, ½ with pick-up partners)."""
    check_choice(partnership, "partnership", ("pickup", "fixed"))
    n_players = check_int(n_players, "n_players", minimum=min_players, maximum=MAX_PLAYERS)
    # w <= k: the regulars' k is _ESTABLISHED_K
    activity = check_number(activity, "activity", low=0, high=_ESTABLISHED_K, low_open=True)
    m = float(weighting(_ESTABLISHED_K, activity, 50.0))
    c = 1.0 if partnership == "fixed" else 0.5
    return activity, n_players, m, c


def _established_options(start, activity, **model):
    """The :func:`~bridgestats.sim.simulate` options of regulars who start at ``start``
    with k = 10,000 and ``activity`` boards of history; ``model`` holds partnership,
    board_sd, sessions_per_month and n_boards."""
    return dict(initial_ppi=start, initial_k=_ESTABLISHED_K, history=activity, **model)


def _established_population(strength_sd, n_players, partnership, gen):
    strength = 50.0 + strength_sd * gen.standard_normal(n_players)
    start = strength.copy()
    if partnership == "fixed":  # partners share every result: start at the pair's mean
        start = np.repeat((strength[0::2] + strength[1::2]) / 2.0, 2)
    return strength, start


def shock_response(
    *,
    activity=PAGE_ACTIVITY,
    partnership="fixed",
    n_players=200,
    n_shocked=20,
    shock_pct=25.0,
    min_level=48.0,
    months_after=None,
    strength_sd=STRENGTH_SD,
    board_sd=EVEN_TABLE_SD,
    sessions_per_month=30,
    n_boards=12,
    rng=None,
):
    """How fast the effect of one bad session fades: the PPI's half-life, by simulation.

    Parameters
    ----------
    activity : float
        Boards per three months of every player (> 0, at most 10000: the regulars' k).
    partnership : {"fixed", "pickup"}
        How players pair up (see :func:`~bridgestats.sim.simulate`).
    n_players : int
        Population size (regular players, starting at their true strength), at most
        10000 (:data:`bridgestats.sim.club.MAX_PLAYERS`).
    n_shocked : int
        Players (one per pair for fixed partnerships) given one bad session in month 1,
        each in a run of its own (so that no two shocks meet at a table).
    shock_pct : float
        Board percentage of the bad session.
    min_level : float
        Shocked players are the first ``n_shocked`` whose starting PPI is at least this
        (%, 0-100): the claim is about a regular player above the 46 % threshold, below which m is
        halved and the memory is half as long. 48 % keeps a 12-board session at 25 % (a
        drop of about 0.5 %) above the threshold.
    months_after : int, optional
        Months simulated after the shock; by default three theoretical half-lives + 2.
    strength_sd, board_sd, sessions_per_month, n_boards
        Population and model (see :func:`~bridgestats.sim.simulate`).
    rng : None, int or numpy.random.Generator
        Source of randomness (an integer seed >= 0; anything else is refused).

    Returns
    -------
    HalfLife

    Notes
    -----
    The runs share one seed (common random numbers): the baseline and, for each shocked
    player, the same run with that player's shock. The schedule and the board noise do not
    depend on ratings, so the difference of a shocked player's PPI between the runs is the
    shock's effect alone. The half-life is
    where |difference| first falls to half its value after the shock session, linearly
    interpolated between sessions, counted in the player's own boards and in months.

    For a single player the effect d decays as d·(1 − c/m) per board: with pick-up partners
    the expectation (a + b − c − d)/2 + 50 carries half the deficit (c = ½); in a fixed
    partnership both partners carry it (c = 1). At m = 600 that is 831 boards (pick-up)
    and 416 boards (fixed): the page's "416 boards in three months ... halving every three
    months" [1]_ is the fixed-partnership figure (600·ln 2 = 415.9).

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page: the half-life claim.

    Examples
    --------
    >>> hl = shock_response(activity=416, partnership="fixed", n_players=80, n_shocked=8,
    ...                     rng=3)
    >>> round(hl.theory_boards), round(hl.theory_months, 2)
    (416, 3.0)
    """
    activity, n_players, m, c = _established_args(activity, partnership, n_players, min_players=8)
    n_shocked = check_int(n_shocked, "n_shocked", minimum=1)
    min_level = check_number(min_level, "min_level", low=0, high=100)
    step = 2 if partnership == "fixed" else 1
    if n_shocked * step > n_players:
        raise fail("n_shocked", f"at most {n_players // step} for {n_players} players", n_shocked)
    theory_boards = math.log(2.0) / -math.log1p(-c / m)
    theory_months = theory_boards / (activity / 3.0)
    if months_after is None:
        months_after = math.ceil(3 * theory_months) + 2
    months_after = check_int(months_after, "months_after", minimum=1)
    gen = check_rng(rng)
    strength, start = _established_population(strength_sd, n_players, partnership, gen)
    candidates = np.flatnonzero(start[::step] >= min_level) * step
    if candidates.size < n_shocked:
        raise BridgestatsError(
            f"n_shocked: only {candidates.size} players start at or above min_level "
            f"{min_level}; lower n_shocked or min_level, or raise n_players"
        )
    shocked = candidates[:n_shocked]
    seed = int(gen.integers(2**63))
    common = _established_options(
        start,
        activity,
        partnership=partnership,
        board_sd=board_sd,
        sessions_per_month=sessions_per_month,
        n_boards=n_boards,
    )
    common.update(n_months=1 + months_after, shock_month=1, shock_pct=shock_pct, track=shocked)
    draws = []  # every run draws the same numbers: drawn once, by the baseline
    base_run = simulate(strength, activity, rng=seed, draws=draws, **common)
    base = base_run.trace
    per_player = []
    for player in shocked:  # one run per shocked player: no shock meets another
        hit = simulate(
            strength,
            activity,
            rng=seed,
            shocked=[player],
            draws=draws,
            **{**common, "track": [player]},
        ).trace
        per_player.append(_half_life_one(base[base["player"] == player], hit))
    boards = np.array([b for b, _, _ in per_player])
    months = np.array([t for _, t, _ in per_player])
    response = _mean_response([r for _, _, r in per_player])
    reached = np.isfinite(boards)
    if not reached.any():
        raise BridgestatsError(
            f"months_after: no shocked player's effect halved within {months_after} months"
        )
    q = np.quantile(boards[reached], [0.05, 0.5, 0.95])
    qm = np.quantile(months[reached], [0.05, 0.5, 0.95])
    per_quarter = 3.0 * base_run.monthly_boards[:, shocked].mean(axis=0)
    return HalfLife(
        activity=activity,
        partnership=partnership,
        boards=float(q[1]),
        boards_interval=(float(q[0]), float(q[2])),
        months=float(qm[1]),
        months_interval=(float(qm[0]), float(qm[2])),
        theory_boards=theory_boards,
        theory_months=theory_months,
        m=m,
        n_shocked=n_shocked,
        boards_per_quarter=3.0 * float(base_run.monthly_boards[:, shocked].mean()),
        n_unreached=int((~reached).sum()),
        response=response,
        boards_se=_median_se(boards[reached]),
        months_se=_median_se(months[reached]),
        boards_per_quarter_se=_mean_se(per_quarter),
    )


def _half_life_one(base: pd.DataFrame, hit: pd.DataFrame):
    """One shocked player: boards and months until the effect halves, and its course."""
    effect = hit["ppi"].to_numpy() - base["ppi"].to_numpy()
    after = np.flatnonzero(hit["month"].to_numpy() >= 1)  # the shock session and later
    effect = effect[after]
    rel = effect / effect[0]
    b = hit["k"].to_numpy()[after] - hit["k"].to_numpy()[after[0]]
    t = hit["time"].to_numpy()[after] - hit["time"].to_numpy()[after[0]]
    course = pd.DataFrame({"months": t, "effect": rel})
    below = np.flatnonzero(np.abs(rel) <= 0.5)
    if below.size == 0:
        return np.nan, np.nan, course
    j = below[0]
    r0, r1 = abs(rel[j - 1]), abs(rel[j])
    f = (r0 - 0.5) / (r0 - r1)  # linear interpolation between the two sessions
    return b[j - 1] + f * (b[j] - b[j - 1]), t[j - 1] + f * (t[j] - t[j - 1]), course


def _mean_response(courses):
    """Mean relative effect at the last session of each whole month since the shock."""
    both = pd.concat(
        [
            c.assign(player=i, month=np.floor(c["months"]).astype(int))
            for i, c in enumerate(courses)
        ],
        ignore_index=True,
    )
    last = both.groupby(["player", "month"]).tail(1)
    return last.groupby("month", as_index=False)["effect"].agg(effect="mean", se=_mean_se)


def half_lives(
    *,
    activities=(120.0, 240.0, PAGE_ACTIVITY, 600.0),
    partnerships=("fixed", "pickup"),
    rng=None,
    **options,
):
    """:func:`shock_response` over activity levels and partnership kinds.

    Parameters
    ----------
    activities : sequence of float
        Boards per three months.
    partnerships : sequence of {"fixed", "pickup"}
    rng : None, int or numpy.random.Generator
    **options
        Passed to :func:`shock_response` (``n_players``, ``n_shocked``, ...).

    Returns
    -------
    dict
        ``(activity, partnership) -> HalfLife``, in the order run (partnership, then
        activity). One run gives both the table (:func:`half_life_frame`) and any single
        figure quoted from it, so a report cannot quote two simulations of one quantity.

    Examples
    --------
    >>> hls = half_lives(activities=[416.0], partnerships=["fixed"], n_players=40,
    ...                  n_shocked=4, rng=1)
    >>> list(hls), round(hls[416.0, "fixed"].theory_boards, 1)
    ([(416.0, 'fixed')], 415.5)
    """
    gen = check_rng(rng)
    out = {}
    for partnership in partnerships:
        for activity in activities:
            hl = shock_response(activity=activity, partnership=partnership, rng=gen, **options)
            out[hl.activity, hl.partnership] = hl
    return out


def half_life_frame(half_lives):
    """The :class:`HalfLife` results of :func:`half_lives` as a tidy frame.

    Parameters
    ----------
    half_lives : dict
        ``(activity, partnership) -> HalfLife``, as :func:`half_lives` returns.

    Returns
    -------
    pandas.DataFrame
        One row per (activity, partnership): ``activity``, ``partnership``, ``m``,
        ``half_life_boards``, ``half_life_boards_se``, ``boards_lo``, ``boards_hi``,
        ``half_life_months``, ``half_life_months_se``, ``months_lo``, ``months_hi``
        (5-95 % over shocked players), ``theory_boards``, ``theory_months``,
        ``boards_per_quarter`` (as actually played), ``n_shocked``, ``n_unreached``.
    """
    if not isinstance(half_lives, dict) or not all(
        isinstance(v, HalfLife) for v in half_lives.values()
    ):
        raise fail(
            "half_lives", "a dict of HalfLife (as half_lives returns)", type(half_lives).__name__
        )
    rows = []
    for hl in half_lives.values():
        rows.append(
            {
                "activity": hl.activity,
                "partnership": hl.partnership,
                "m": hl.m,
                "half_life_boards": hl.boards,
                "half_life_boards_se": hl.boards_se,
                "boards_lo": hl.boards_interval[0],
                "boards_hi": hl.boards_interval[1],
                "half_life_months": hl.months,
                "half_life_months_se": hl.months_se,
                "months_lo": hl.months_interval[0],
                "months_hi": hl.months_interval[1],
                "theory_boards": hl.theory_boards,
                "theory_months": hl.theory_months,
                "boards_per_quarter": hl.boards_per_quarter,
                "n_shocked": hl.n_shocked,
                "n_unreached": hl.n_unreached,
            }
        )
    return pd.DataFrame(rows)


def half_life_table(
    *,
    activities=(120.0, 240.0, PAGE_ACTIVITY, 600.0),
    partnerships=("fixed", "pickup"),
    rng=None,
    **options,
):
    """:func:`shock_response` over activity levels and partnership kinds, as a frame.

    ``half_life_frame(half_lives(...))``: see :func:`half_lives` for the parameters and
    :func:`half_life_frame` for the columns.

    Examples
    --------
    >>> t = half_life_table(activities=[416.0], partnerships=["fixed"], n_players=40,
    ...                     n_shocked=4, rng=1)
    >>> t[["activity", "partnership", "m", "theory_boards"]].round(1).to_dict("records")
    [{'activity': 416.0, 'partnership': 'fixed', 'm': 600.0, 'theory_boards': 415.5}]
    """
    return half_life_frame(
        half_lives(activities=activities, partnerships=partnerships, rng=rng, **options)
    )


@dataclass(frozen=True)
class Wander:
    """How far a regular player's PPI wanders around its level (:func:`stationary_wander`).

    Attributes
    ----------
    activity, partnership
        The population simulated.
    band : float
        Median over players of the width of the central ``coverage`` range of the
        player's PPI (after each session, after burn-in), in %.
    band_se : float
        Its Monte Carlo standard error (Maritz-Jarrett over players).
    band_interval : tuple of float
        5 % and 95 % quantiles of that width over players.
    sd, sd_se : float
        Median over players of the sd of the player's PPI, and its standard error.
    theory_sd : float
        The single-player approximation board_sd / √(2·c·m), c as in :class:`HalfLife`:
        the deviation is an AR(1) with coefficient 1 − c/m and shocks of sd board_sd/m,
        whose variance is (board_sd/m)² / (2c/m) to first order.
    coverage : float
        The share of the time inside the band.
    players : pandas.DataFrame
        Per player: ``player``, ``strength``, ``mean``, ``sd``, ``band``.
    """

    activity: float
    partnership: str
    band: float
    band_interval: tuple
    sd: float
    theory_sd: float
    coverage: float
    players: pd.DataFrame
    band_se: float
    sd_se: float


def stationary_wander(
    *,
    activity=PAGE_ACTIVITY,
    partnership="pickup",
    n_players=200,
    n_months=120,
    burn_in_months=12,
    coverage=0.95,
    strength_sd=STRENGTH_SD,
    board_sd=EVEN_TABLE_SD,
    sessions_per_month=30,
    n_boards=12,
    rng=None,
):
    """The band in which a regular player's PPI wanders, by simulation.

    Parameters
    ----------
    activity, partnership, n_players, strength_sd, board_sd, sessions_per_month, n_boards
        Population and model (see :func:`~bridgestats.sim.simulate`); players start at
        their true strength (pair mean for fixed partnerships) with k = 10,000.
    n_months : int
        Months observed after the burn-in.
    burn_in_months : int
        Months simulated first and discarded.
    coverage : float
        Share of the time the band covers (0.95: from the 2.5 % to the 97.5 % quantile of
        the player's PPI after each session).
    rng : None, int or numpy.random.Generator

    Returns
    -------
    Wander

    Notes
    -----
    The page expects "for most players, your PPI will tend to vary within a band of around
    3 to 5 % in the long term" [1]_. For one player with pick-up partners the deviation
    from the level follows e' = e(1 − 1/(2m)) + ε/m, ε the board's noise (sd ≈ board_sd),
    so sd(e) ≈ board_sd/√m (1.2 % at m = 600: a 95 % band 4.7 % wide); in a fixed
    partnership e' = e(1 − 1/m) + ε/m, sd ≈ board_sd/√(2m) (0.85 %, band 3.3 %).

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page: the volatility claim.

    Examples
    --------
    >>> wd = stationary_wander(n_players=40, n_months=36, rng=2)
    >>> round(wd.theory_sd, 2)
    1.2
    """
    activity, n_players, m, c = _established_args(activity, partnership, n_players, min_players=4)
    n_months = check_int(n_months, "n_months", minimum=1)
    burn_in = check_int(burn_in_months, "burn_in_months", minimum=0)
    coverage = check_number(coverage, "coverage", low=0, high=1, low_open=True, high_open=True)
    gen = check_rng(rng)
    strength, start = _established_population(strength_sd, n_players, partnership, gen)
    options = _established_options(
        start,
        activity,
        partnership=partnership,
        board_sd=board_sd,
        sessions_per_month=sessions_per_month,
        n_boards=n_boards,
    )
    sim = simulate(
        strength,
        activity,
        n_months=burn_in + n_months,
        track=np.arange(n_players),
        rng=gen,
        **options,
    )
    trace = sim.trace[sim.trace["month"] >= burn_in]
    tail = (1.0 - coverage) / 2.0
    grouped = trace.groupby("player")["ppi"]
    players = pd.DataFrame(
        {
            "mean": grouped.mean(),
            "sd": grouped.std(),
            "band": grouped.quantile(1.0 - tail) - grouped.quantile(tail),
        }
    ).reset_index()
    players.insert(1, "strength", strength[players["player"].to_numpy()])
    theory_sd = board_sd * math.sqrt(1.0 / (2.0 * c * m))
    q = players["band"].quantile([0.05, 0.5, 0.95]).to_numpy()
    return Wander(
        activity=activity,
        partnership=partnership,
        band=float(q[1]),
        band_interval=(float(q[0]), float(q[2])),
        sd=float(players["sd"].median()),
        theory_sd=theory_sd,
        coverage=coverage,
        players=players,
        band_se=_median_se(players["band"]),
        sd_se=_median_se(players["sd"]),
    )


def newcomer_claim(*, pct=40.0, n_boards=12, table_ppi=50.0, others="moving"):
    """The page's newcomer: PPI after ``n_boards`` at ``pct`` % at a table of regulars.

    Parameters
    ----------
    pct : float
        The newcomer's percentage on every board (0-100).
    n_boards : int
        Boards played (1-10000).
    table_ppi : float
        PPI (0-100) of the partner and both opponents (regulars: k = 10,000, w = 416).
    others : {"moving", "held"}
        ``"moving"``: the whole table is rated by :func:`~bridgestats.ratings.ppi.rate_log`
        (the partner's PPI moves too, by 1/600 of each board's deviation); ``"held"``: the
        other three stay at ``table_ppi``, as the page's example reads.

    Returns
    -------
    float
        The newcomer's PPI (five decimals) after the boards.

    Notes
    -----
    The page: "a newcomer plays at a table where the other three players also have a PPI
    figure of 50% and over 12 boards the newcomer scores 40% overall. His PPI will go down
    from 50% to about 46% straight away" [1]_. With m = 30 (k < 30) the deviation from the
    fixed point 30 % shrinks by 1 − 1/60 a board: 30 + 20·(59/60)^12 = 46.35 with the
    others held at 50; the partner's own small drop gives 46.40.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page: the newcomer example.

    Examples
    --------
    >>> round(newcomer_claim(), 2), round(newcomer_claim(others="held"), 2)
    (46.4, 46.35)
    """
    n_boards = check_int(n_boards, "n_boards", minimum=1, maximum=10_000)
    pct = check_number(pct, "pct", low=0, high=100)
    table_ppi = check_number(table_ppi, "table_ppi", low=0, high=100)
    others = check_choice(others, "others", ("moving", "held"))
    if others == "held":
        a = _START
        for k in range(n_boards):  # a newcomer: k boards so far, all of them recent
            a = float(update(a, pct, table_ppi, table_ppi, table_ppi, k=k, w=k))
        return round(a, 5)
    log = pd.DataFrame(
        {
            "date": "2024-01-15",
            "board": np.arange(1, n_boards + 1),
            "north": "newcomer",
            "south": "partner",
            "east": "east",
            "west": "west",
            "pct_ns": float(pct),
        }
    )
    regulars = pd.DataFrame(
        {
            "player": ["partner", "east", "west"],
            "ppi": float(table_ppi),
            "k": _ESTABLISHED_K,
            "w": PAGE_ACTIVITY,
        }
    )
    run = rate_log(log, initial=regulars)
    return float(run.ratings.set_index("player").loc["newcomer", "ppi"])


def newcomer_trajectory(
    *,
    strengths=(40.0, 50.0, 60.0),
    n_per_strength=30,
    n_regulars=300,
    activity=PAGE_ACTIVITY,
    partnership="pickup",
    n_months=12,
    step=25,
    strength_sd=STRENGTH_SD,
    board_sd=EVEN_TABLE_SD,
    sessions_per_month=30,
    n_boards=12,
    rng=None,
):
    """Newcomers' PPI against boards played, by simulation among regular players.

    Parameters
    ----------
    strengths : sequence of float
        True strengths of the newcomers (%).
    n_per_strength : int
        Newcomers of each strength (>= 1; with the regulars at most 10000 players).
    n_regulars : int
        Regular players (start at their true strength, k = 10,000), 4-10000.
    activity, partnership, strength_sd, board_sd, sessions_per_month, n_boards
        See :func:`~bridgestats.sim.simulate`; newcomers play as often as regulars.
    n_months : int
        Months simulated.
    step : int
        Grid of boards played (0, step, 2·step, ...) at which the PPI is read
        (interpolated between sessions), 1-100000.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    pandas.DataFrame
        ``strength``, ``boards`` (boards played), ``mean``, ``se`` (its standard error
        over the newcomers), ``q05``, ``q95`` (the newcomers' PPI), ``n`` (newcomers who
        had reached that many boards), ``visible`` (boards >= 50, the PPI is shown).

    Notes
    -----
    Newcomers start at 50 % with k = 0 and w = 0 (so m = 30 for 30 boards, then k, then
    300 until the first months give w >= 150). In a fixed partnership newcomers are paired
    with each other, so use ``"pickup"`` for the page's situation.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page: newcomers at 50 %, the weighting rules.

    Examples
    --------
    >>> tr = newcomer_trajectory(n_per_strength=4, n_regulars=40, n_months=2, rng=1)
    >>> tr.columns.tolist()
    ['strength', 'boards', 'mean', 'se', 'q05', 'q95', 'n', 'visible']
    """
    strengths = as_finite_array(strengths, "strengths").ravel()
    n_per = check_int(n_per_strength, "n_per_strength", minimum=1, maximum=MAX_PLAYERS)
    n_regulars = check_int(n_regulars, "n_regulars", minimum=4, maximum=MAX_PLAYERS)
    step = check_int(step, "step", minimum=1, maximum=100_000)
    gen = check_rng(rng)
    regular, start = _established_population(strength_sd, n_regulars, partnership, gen)
    newcomers = np.repeat(strengths, n_per)
    strength = np.concatenate([regular, newcomers])
    n_new = newcomers.size
    sim = simulate(
        strength,
        activity,
        n_months=n_months,
        sessions_per_month=sessions_per_month,
        n_boards=n_boards,
        partnership=partnership,
        board_sd=board_sd,
        initial_ppi=np.concatenate([start, np.full(n_new, _START)]),
        initial_k=np.concatenate([np.full(n_regulars, _ESTABLISHED_K), np.zeros(n_new)]),
        history=np.concatenate([np.full(n_regulars, activity), np.zeros(n_new)]),
        track=np.arange(n_regulars, n_regulars + n_new),
        rng=gen,
    )
    trace = sim.trace
    top = int(trace["k"].max()) if len(trace) else 0
    grid = np.arange(0, top + 1, step)
    rows = []
    for player, g in trace.groupby("player"):
        ks = np.concatenate([[0.0], g["k"].to_numpy()])
        ps = np.concatenate([[_START], g["ppi"].to_numpy()])
        reach = grid[grid <= ks[-1]]
        rows.append(
            pd.DataFrame(
                {"strength": strength[player], "boards": reach, "ppi": np.interp(reach, ks, ps)}
            )
        )
    long = pd.concat(rows, ignore_index=True)
    out = long.groupby(["strength", "boards"])["ppi"].agg(
        mean="mean",
        se=_mean_se,
        q05=lambda x: x.quantile(0.05),
        q95=lambda x: x.quantile(0.95),
        n="size",
    )
    out = out.reset_index()
    return out.assign(visible=out["boards"] >= _VISIBLE_AFTER)
