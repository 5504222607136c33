"""The PPI page's claims and the LPR's limiting tests, on a session log of real players.

:func:`partnership_bonus` measures the page's pick-up claim, :func:`ppi_bands` the band a
player's PPI varies in, :func:`settling` how many boards a newcomer's rating needs (PPI,
Elo, the Gaussian model), :func:`lpr_periods` and :func:`lpr_rates` the Dutch LPR's two
limiting tests on each player's events. The session log is
:mod:`bridgestats.ratings.sessionlog`'s; the forecasts come from
:func:`bridgestats.studies.ratings_real.session_predictions`.

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the formula, k and w.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import check_frame, check_int, check_number, fail
from ..ratings._boardlog import check_board_log
from ..ratings.elo import _elo_run, elo_forecast
from ..ratings.gaussian import GaussianModel, fit_gaussian_model, gaussian_skills
from ..ratings.lpr import limit_change, performance_ratings
from ..ratings.ppi import rate_log
from ..ratings.sessionlog import (
    board_rows,
    check_session_log,
    first_boards,
    pair_index,
    player_index,
)
from .ratings_real import boot_weights, cluster_codes, cluster_sums

__all__ = ["lpr_periods", "lpr_rates", "partnership_bonus", "ppi_bands", "settling"]


def partnership_bonus(
    sessions,
    predictions,
    *,
    settled=100,
    new_below=100,
    n_boot=1000,
    level=0.9,
    unit="event",
    rng=None,
):
    """The PPI page's pick-up claim on real players: how far established partnerships beat
    what their PPIs predict, compared with new ones.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    predictions : pandas.DataFrame
        :func:`session_predictions` of ``sessions`` (its ``pred_ppi``).
    settled : int
        Only sessions where each of the four players had played at least this many boards
        before count (their PPIs have moved from 50 %: the PPI's m is k below 300).
    new_below : int
        A side's partnership is *new* when the two had played fewer than this many boards
        together before the session, else *established* (counted from the log's past only).
    n_boot, level, unit, rng
        The bootstrap, as in :func:`compare_systems` (``unit`` what it resamples: events,
        rounds of events or sessions, each with both its sides).

    Returns
    -------
    pandas.DataFrame
        Rows ``new``, ``established`` and ``bonus`` (established minus new) in column
        ``partnership``, with ``n_sides`` (pair-sessions), ``residual`` (mean of the side's
        session % minus its PPI expectation, in %), ``ci_low``, ``ci_high``.

    Notes
    -----
    The page: "about 2% could be added to the figure of a member who plays mostly with
    pick-up partners for comparison with a member who plays mostly with a small number of
    regular partners" [1]_. If a regular partnership's understanding adds δ to what its
    players score together, their PPIs carry δ; with a new partner they fall short of the
    expectation (a + b − c − d)/2 + 50 by δ when both partners carry it. So the bonus, the
    established partnerships' mean residual minus the new ones', measures the page's
    figure on the pair's percentage. Each session gives two sides (North-South's residual
    and its negative); a session's two sides are resampled together, within its unit.

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=40, n_months=3, partnership="pickup", rng=1)
    >>> from bridgestats.studies.ratings_real import session_predictions
    >>> pred = session_predictions(sim, model=GaussianModel())
    >>> table = partnership_bonus(sim, pred, settled=0, new_below=20, n_boot=50, unit="period",
    ...                           rng=1)
    >>> table["partnership"].tolist()
    ['new', 'established', 'bonus']
    """
    frame = check_session_log(sessions)
    check_frame(predictions, "predictions", ("pred_ppi", "pct_ns"))
    if len(predictions) != len(frame):
        raise fail("predictions", f"one row per session ({len(frame)})", len(predictions))
    settled = check_int(settled, "settled", minimum=0)
    new_below = check_int(new_below, "new_below", minimum=1)
    n_boot = check_int(n_boot, "n_boot", minimum=10)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    _, seats = player_index(frame)
    pairs, _ = pair_index(frame)
    n_boards = frame["n_boards"].to_numpy(np.int64)
    before_player = _boards_before(seats, n_boards)
    before_pair = _boards_before(pairs, n_boards)
    resid_ns = frame["pct_ns"].to_numpy(float) - predictions["pred_ppi"].to_numpy(float)
    keep = (before_player >= settled).all(axis=1)
    resid = np.column_stack([resid_ns, -resid_ns])[keep]
    established = (before_pair >= new_below)[keep]
    n = resid.shape[0]
    if n == 0 or established.all() or not established.any():
        raise fail(
            "sessions",
            "settled sessions with both new and established partnerships",
            f"{n} settled sessions",
        )
    codes = cluster_codes(frame[keep], unit)
    k = int(codes.max()) + 1
    weights = boot_weights(codes, n_boot, np.random.default_rng(rng))
    weights = np.vstack([np.ones(k), weights])  # row 0: the sample itself
    sums = {
        name: weights @ cluster_sums(codes, v, k)
        for name, v in (
            ("r_est", (resid * established).sum(axis=1)),
            ("n_est", established.sum(axis=1)),
            ("r_new", (resid * ~established).sum(axis=1)),
            ("n_new", (~established).sum(axis=1)),
        )
    }
    with np.errstate(invalid="ignore", divide="ignore"):  # a resample without one kind
        mean_est = sums["r_est"] / sums["n_est"]
        mean_new = sums["r_new"] / sums["n_new"]
    alpha = (1.0 - level) / 2.0
    rows = []
    for name, values, count in (
        ("new", mean_new, int((~established).sum())),
        ("established", mean_est, int(established.sum())),
        ("bonus", mean_est - mean_new, int(established.size)),
    ):
        lo, hi = np.nanquantile(values[1:], [alpha, 1.0 - alpha])
        rows.append(
            {
                "partnership": name,
                "n_sides": count,
                "residual": float(values[0]),
                "ci_low": float(lo),
                "ci_high": float(hi),
                "bootstrap_unit": unit,
            }
        )
    return pd.DataFrame(rows)


def _boards_before(ids, n_boards):
    """For each row and column of ``ids``: that id's boards in the rows above."""
    flat = ids.ravel()
    weights = np.repeat(n_boards, ids.shape[1])
    frame = pd.DataFrame({"id": flat, "w": weights})
    after = frame.groupby("id", sort=False)["w"].cumsum().to_numpy()
    return (after - weights).reshape(ids.shape)


def _elo_trajectory(boards, k_factor, seats, expected=None):
    """Elo ratings of the four seats before each board, and each board's change to them
    (``seats``: the boards' :func:`player_index`; ``expected``: their
    :func:`~bridgestats.ratings.elo.elo_forecast` at ``k_factor``, made if None)."""
    if expected is None:
        expected, _ = elo_forecast(boards, k_factor=k_factor)
    score_ns = boards["pct_ns"].to_numpy(float) / 100.0
    step = k_factor * (score_ns - expected / 100.0)
    sign = np.array([1.0, 1.0, -1.0, -1.0])
    delta = step[:, None] * sign[None, :]
    after = 1500.0 + pd.Series(delta.ravel()).groupby(seats.ravel()).cumsum().to_numpy()
    before = (after - delta.ravel()).reshape(seats.shape)
    return before, delta, score_ns


def lpr_periods(sessions, *, k_factor=2.0):
    """The Dutch LPR's two limiting tests applied to each player's rating periods (events).

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    k_factor : float
        Elo's K per board (:func:`~bridgestats.ratings.elo.elo_forecast`): the game-by-game
        changes whose sum over a period is Rtt.

    Returns
    -------
    pandas.DataFrame
        One row per player and event: ``player``, ``event``, ``n_boards``,
        ``last_rating`` (Rl, the Elo rating before the event), ``change`` (Rtt, the sum of
        the board-by-board Elo changes in it), ``lpr`` (the performance rating of the
        event), ``new_rating`` (Rn, :func:`~bridgestats.ratings.lpr.limit_change`) and
        ``outcome``: ``"test1"`` (Rn set to the LPR), ``"test2"`` (Rn kept at Rl because
        the LPR points the other way), ``"unchanged"`` (Rtt rounds to 0 or the LPR equals
        Rl) or ``"passed"`` (Rn = Rl + Rtt).

    Notes
    -----
    Each board is a game of the player's pair against the opposing pair, scored pct/100,
    with the Elo expectation of :func:`~bridgestats.ratings.elo.elo_forecast` (pair
    ratings the means of their players', 400 points per factor 10). The LPR is the rating
    R of the player at which the expected total over the event equals the score, the
    partner and opponents at their ratings before each board:
    Σ 1/(1 + 10^(−(R − r_j)/800)) = score with r_j = c_j + d_j − b_j, which is
    :func:`~bridgestats.ratings.lpr.performance_ratings` of the half-ratings r_j/2 (its
    400-point curve), doubled. The tests are the page's [4]_, in the reading of
    :func:`~bridgestats.ratings.lpr.limit_change`.

    References
    ----------
    .. [4] "LPR en limiteringen", the Dutch rating system's page on the LPR and its
       limiting tests (Nederlandse Bridge Bond, in Dutch).

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=24, n_months=2, rng=4)
    >>> periods = lpr_periods(sim.assign(event=sim["date"]))
    >>> sorted(set(periods["outcome"]) - {"passed", "unchanged", "test1", "test2"})
    []
    """
    return _LprLog(sessions).periods(k_factor)


class _LprLog:
    """A session log made ready for :func:`lpr_periods` at any K: what does not depend on
    K (the checked log, its boards, each board's player-event) is worked out once, and
    each K's table once (:func:`lpr_rates` and the report ask for several K, one twice).

    The player-events are numbered on the sessions (four per session, in order of first
    appearance) and repeated to their boards: the boards of a session share its players
    and event, so the numbering is the one the boards would give, at a 17th of the cost.
    """

    def __init__(self, sessions):
        frame = check_session_log(sessions)
        self.boards = board_rows(frame)
        n_boards = frame["n_boards"].to_numpy()
        ids, seats = player_index(frame)
        event = frame["event"].astype(str).to_numpy() if "event" in frame else None
        event_code = pd.factorize(event)[0] if event is not None else np.zeros(len(frame), np.int64)
        key = seats * (int(event_code.max()) + 1) + event_code[:, None]
        period, _ = pd.factorize(key.ravel())  # one rating period per player and event
        first = np.unique(period, return_index=True)[1]  # its first session and seat
        # each board's row of the long table (board-major, seats in order), as above
        start = 4 * first_boards(frame)[first // 4] + first % 4
        self.ids, self.seats = ids, np.repeat(seats, n_boards, axis=0)
        self.period = np.repeat(period.reshape(seats.shape), n_boards, axis=0).ravel()
        self.first = start
        self.player = ids[seats.ravel()[first]]
        self.event = (event if event is not None else np.full(len(frame), ""))[first // 4]
        self._tables = {}
        self._checked = None

    def periods(self, k_factor):
        """:func:`lpr_periods` at ``k_factor``."""
        k_factor = check_number(k_factor, "k_factor", low=0, low_open=True)
        if k_factor not in self._tables:
            self._tables[k_factor] = self._periods(k_factor)
        return self._tables[k_factor]

    def _periods(self, k_factor):
        # Elo at this K, the board log checked once for every K (as elo_forecast checks it)
        k_factor = check_number(k_factor, "k_factor", low=0, high=400, low_open=True)
        if self._checked is None:
            self._checked = check_board_log(self.boards)
        expected, _ = _elo_run(self._checked, k_factor)
        before, delta, score_ns = _elo_trajectory(self.boards, k_factor, self.seats, expected)
        partner = before[:, [1, 0, 3, 2]]
        opponents = before[:, [2, 2, 0, 0]] + before[:, [3, 3, 1, 1]]
        period = self.period
        rl = before.ravel()[self.first]
        score = np.column_stack([score_ns, score_ns, 1 - score_ns, 1 - score_ns]).ravel()
        score = np.bincount(period, weights=score)
        r = (opponents - partner).ravel()
        lpr = 2.0 * performance_ratings(score, r / 2.0, period, own_ratings=rl / 2.0)
        out = pd.DataFrame(
            {
                "player": self.player,
                "event": self.event,
                "n_boards": np.bincount(period),
                "last_rating": rl,
                "change": np.bincount(period, weights=delta.ravel()),
                "lpr": lpr,
            }
        )
        rl, rtt, lpr = (out[c].to_numpy() for c in ("last_rating", "change", "lpr"))
        new = limit_change(rl, rtt, lpr)
        out["new_rating"] = new
        moved = ~np.isclose(new, rl + rtt, rtol=0, atol=1e-9)
        unchanged = (np.abs(rtt) < 0.5) | (np.abs(lpr - rl) < 0.5)
        out["outcome"] = np.select(
            [moved & unchanged, moved & np.isclose(new, lpr, rtol=0, atol=1e-9), moved],
            ["unchanged", "test1", "test2"],
            default=np.where(unchanged, "unchanged", "passed"),
        )
        return out

    def rates(self, k_factors):
        """:func:`lpr_rates` at ``k_factors`` (checked)."""
        rows = []
        for k in k_factors:
            outcome = self.periods(k)["outcome"]
            rows.append(
                {
                    "k_factor": float(k),
                    "n_periods": int(outcome.size),
                    "test1_rate": float(np.mean(outcome == "test1")),
                    "test2_rate": float(np.mean(outcome == "test2")),
                }
            )
        return pd.DataFrame(rows)


def lpr_rates(sessions, *, k_factors=(1.0, 2.0, 4.0, 8.0)):
    """How often each of the LPR's limiting tests intervenes, for several Elo K.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`lpr_periods`).
    k_factors : sequence of float
        Elo's K per board, each > 0.

    Returns
    -------
    pandas.DataFrame
        One row per K: ``k_factor``, ``n_periods`` (player-events), ``test1_rate`` and
        ``test2_rate`` (shares of the player-events where each test intervenes).

    Notes
    -----
    The rates depend on K: Rtt, the sum of an event's board-by-board changes, grows with K
    while the LPR does not, so the tests (which bound Rl + Rtt by the LPR) intervene more
    often for a larger K. On the shipped log: test 1 in 0.03 %, 0.55 %, 4.6 % and 18.9 %
    of 6,704 player-events for K = 1, 2, 4, 8; test 2 in 0, 0.57 %, 2.9 % and 6.9 % (with
    the Bundesliga season dated 2016; at 2009: 0.52 %, 19.1 %; 0.64 %, 3.0 %, 7.2 %).

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=24, n_months=2, rng=4)
    >>> lpr_rates(sim.assign(event=sim["date"]), k_factors=[2, 8])["k_factor"].tolist()
    [2.0, 8.0]
    """
    if isinstance(k_factors, (str, bytes)) or not hasattr(k_factors, "__iter__"):
        raise fail("k_factors", "a sequence of numbers > 0", k_factors)
    ks = [check_number(k, "k_factors", low=0, low_open=True) for k in k_factors]
    if not ks:
        raise fail("k_factors", "at least one K", "an empty sequence")
    return _LprLog(sessions).rates(ks)


def ppi_bands(sessions, *, burn_in=300, min_boards=300):
    """The band each real player's PPI varies in: the page's "3 to 5%" claim.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`).
    burn_in : int
        Boards a player's PPI needs before it counts (300: the PPI's m reaches its
        regular values, 300 to 600, once k exceeds 300).
    min_boards : int
        Boards after the burn-in a player needs to be measured.

    Returns
    -------
    pandas.DataFrame
        One row per player measured: ``player``, ``n_sessions`` and ``n_boards`` counted
        after the burn-in, ``band`` (the width of the central 95 % of the player's PPIs
        after each of those sessions, in %), ``sd`` (their standard deviation) and
        ``mean``.

    Notes
    -----
    The page: "It is expected that for most players, your PPI will tend to vary within a
    band of around 3 to 5% in the long term" [1]_. The PPI is :func:`rate_log`'s exactly
    as the page defines it, each session given as its boards at the session's mean %.

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=24, n_months=6, rng=2)
    >>> bands = ppi_bands(sim, burn_in=100, min_boards=100)
    >>> bool((bands["band"] > 0).all())
    True
    """
    frame = check_session_log(sessions)
    burn_in = check_int(burn_in, "burn_in", minimum=0)
    min_boards = check_int(min_boards, "min_boards", minimum=1)
    boards = board_rows(frame)
    run = rate_log(boards).boards
    last = np.cumsum(frame["n_boards"].to_numpy()) - 1  # each session's last board
    rows = np.concatenate([4 * last + s for s in range(4)])
    end = run.iloc[np.sort(rows)]
    end = end.assign(n=np.tile(frame["n_boards"].to_numpy(), 4)[np.argsort(rows)])
    end = end[end["k"] + 1 >= burn_in]
    g = end.groupby("player")
    out = g.agg(
        n_sessions=("ppi_after", "size"),
        n_boards=("n", "sum"),
        band=("ppi_after", lambda x: float(np.quantile(x, 0.975) - np.quantile(x, 0.025))),
        sd=("ppi_after", "std"),
        mean=("ppi_after", "mean"),
    ).reset_index()
    return out[out["n_boards"] >= min_boards].reset_index(drop=True)


#: Elo points per PPI point near 50 % (scale 400): 16/ln 10, as in
#: :func:`~bridgestats.ratings.elo.elo_forecast`.
_ELO_PER_PPI = 16.0 / math.log(10.0)


def settling(sessions, *, model=None, elo_k_factor=2.0, tolerance=1.0, min_boards=600):
    """How many boards a newcomer needs before each system's rating settles.

    Parameters
    ----------
    sessions : pandas.DataFrame
        The session log (as for :func:`session_predictions`); every player is a newcomer
        at their first session.
    model : GaussianModel or None
        The Gaussian model (``None``: :func:`fit_gaussian_model` on the whole log).
    elo_k_factor : float
        Elo's K per board.
    tolerance : float
        Settled means within this many % (on the PPI scale) of the player's rating at the
        end of the log, from then on.
    min_boards : int
        Players with fewer boards in the log are left out (their "later value" would be
        too close to their start).

    Returns
    -------
    pandas.DataFrame
        One row per system (``ppi``, ``elo``, ``gaussian``): ``system``, ``n_players``,
        ``median_boards``, ``q25_boards``, ``q75_boards`` (boards played when the rating
        settled, over the players) and ``median_total`` (their boards in the log).

    Notes
    -----
    A rating's value after each of the player's sessions is compared with its value after
    the player's last session; the rating has settled after the first session from which
    every later value stays within ``tolerance``. Ratings are put on the PPI's scale, the
    percentage a player adds to their pair's expectation times two: the PPI itself, the
    Gaussian model's skill θ + 50, and Elo's (rating − 1500)/6.95 + 50 (16/ln 10 = 6.95
    Elo points per PPI point near 50 %). Glicko-2 is left out: its forecast function does
    not return the ratings held between periods. A player's last value settles by
    definition, so the figure is bounded by the player's boards in the log: compare it
    with ``median_total``.

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=24, n_months=4, rng=2)
    >>> settling(sim, model=GaussianModel(), min_boards=200)["system"].tolist()
    ['ppi', 'elo', 'gaussian']
    """
    frame = check_session_log(sessions)
    tolerance = check_number(tolerance, "tolerance", low=0, low_open=True)
    min_boards = check_int(min_boards, "min_boards", minimum=1)
    if model is None:
        model = fit_gaussian_model(frame)
    elif not isinstance(model, GaussianModel):
        raise fail("model", "a GaussianModel or None", type(model).__name__)
    n_boards = frame["n_boards"].to_numpy()
    last = np.cumsum(n_boards) - 1  # each session's last board
    boards = board_rows(frame)
    ppi = rate_log(boards).boards["ppi_after"].to_numpy().reshape(-1, 4)[last]
    ids, seats = player_index(frame)  # the boards' seats: their sessions', repeated
    seats = np.repeat(seats, n_boards, axis=0)
    before, delta, _ = _elo_trajectory(boards, elo_k_factor, seats)
    elo = 50.0 + ((before + delta) - 1500.0)[last] / _ELO_PER_PPI
    post = gaussian_skills(frame, model=model)
    players = ids[seats[last].ravel()]
    rows = []
    for system, values in (("ppi", ppi), ("elo", elo), ("gaussian", 50.0 + post)):
        long = pd.DataFrame(
            {"player": players, "value": values.ravel(), "n": np.repeat(n_boards, 4)}
        )
        g = long.groupby("player", sort=False)
        long["boards"] = g["n"].cumsum()
        final = g["value"].transform("last")
        off = (long["value"] - final).abs()
        worst_after = off.iloc[::-1].groupby(long["player"].iloc[::-1]).cummax().iloc[::-1]
        long["settled"] = worst_after <= tolerance
        total = g["n"].transform("sum")
        kept = long[total >= min_boards]
        first = kept[kept["settled"]].groupby("player", sort=False)["boards"].first()
        totals = kept.groupby("player", sort=False)["n"].sum()
        rows.append(
            {
                "system": system,
                "n_players": int(first.size),
                "median_boards": float(first.median()),
                "q25_boards": float(first.quantile(0.25)),
                "q75_boards": float(first.quantile(0.75)),
                "median_total": float(totals.median()),
            }
        )
    return pd.DataFrame(rows)
