"""Bridge Club Live's PPI rating: the page's formula and a rating engine over a board log.

The formula (:func:`weighting`, :func:`expected_pct`, :func:`update`, :func:`displayed`)
and the engine that rates a dated board log as the scheme does (:func:`rate_log`). The
population simulator of club play that exercises it lives in :mod:`bridgestats.sim`, the
studies of the page's claims in :mod:`bridgestats.studies`.

The page contradicts itself twice: w is "the preceding 90 days" in one place and "the
previous 3 calendar months ... Updated monthly" in the formula (the formula is followed),
and one board's share of a regular's PPI is "one six hundredth (or 0.0167%)" in one place
and "a sixth of one percent" in another (1/600 = 0.1667 %: the first parenthesis is off by
a factor of ten; :func:`bridgestats.studies.page_claims`).

Vocabulary of this module (in addition to the package's): ``ppi`` a player's PPI in %;
``k`` qualifying boards played since the start; ``w`` qualifying boards played in the
previous three calendar months; ``m`` the weighting factor; ``pct`` a board percentage;
``m_scale`` a factor on m (1: the page's rule), the one knob for how fast the PPI forgets,
read by :func:`weighting`, :func:`weighting_scalar`, :func:`update` and :func:`rate_log`.

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator), the ratings page of
   bridgeclublive.com (Information > Bridge > Ratings): the formula, k and w, the rules for
   m, newcomers at 50 %, display to one decimal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._jit import njit
from .._validate import (
    as_finite_array,
    check_broadcast,
    check_column_range,
    check_frame,
    check_positive,
    check_whole,
    fail,
)
from ..errors import BridgestatsError
from ._boardlog import seats_distinct

__all__ = [
    "RatingRun",
    "check_m_scale",
    "displayed",
    "expected_ns_by_m_scale",
    "expected_pct",
    "rate_log",
    "update",
    "weighting",
    "weighting_scalar",
]

# The page's thresholds, as in [1]: m = 30 below 30 boards, k up to 300, then 300 / 2w / 600
# by the boards w of the previous three months, halved below 46 %.
_K_NEW, _K_ESTABLISHED = 30, 300
_W_LOW, _W_HIGH = 150, 300
_HALVING_BELOW = 46.0
_VISIBLE_AFTER = 50  # boards before a PPI is shown, as in [1]
_DECIMALS = 5  # "calculated to five decimal points", as in [1]
_START = 50.0  # newcomers start at 50 %, as in [1]
_M_SCALE_MIN, _M_SCALE_MAX = 1.0 / 15.0, 1e6  # the factors on m that rate (check_m_scale)


# --- the formula -----------------------------------------------------------------------


def weighting(k, w, a, *, m_scale=1.0):
    """The weighting factor m of the PPI formula, times ``m_scale``.

    Parameters
    ----------
    k : int or array_like
        Qualifying boards the player has played since the start of the scheme (before this
        board): whole numbers >= 0.
    w : float or array_like
        Qualifying boards the player played in the previous three calendar months: numbers
        in 0-k (those boards are among the k; not necessarily whole, as :func:`rate_log`
        spreads an initial ``w`` over three months).
    a : float or array_like
        The player's PPI before the board, in % (0-100).
    m_scale : float
        A factor on the page's m (1/15 to 10⁶, :func:`check_m_scale`; 1, the default, is the
        page's rule exactly). The PPI is a moving average whose weight on a board decays by
        1 − 1/m per later board, so its memory (half-life about m·ln 2 boards) grows in
        proportion: above 1 it forgets more slowly, below 1 faster.

    Returns
    -------
    ndarray
        m, broadcast over the inputs (float).

    Raises
    ------
    BridgestatsError
        An argument outside its range, not numbers, or shapes that do not broadcast
        (naming the argument).

    Notes
    -----
    As on the page [1]_::

        m = 30    if k < 30
        m = k     if 30 <= k <= 300
        m = 300   if k > 300 and w < 150
        m = 2·w   if k > 300 and 150 <= w <= 300
        m = 600   if k > 300 and w > 300
        m = m / 2 if a < 46

    then m · ``m_scale`` (exactly m when ``m_scale`` is 1).

    The page says "between 30 and 300" and "between 150 and 300" without saying whether the
    ends are included. Both ends are taken as included: at k = 30, w = 150 and w = 300 the
    neighbouring rules then give the same m (30, 300, 600), so the choice changes nothing
    there. At k = 300 the choice matters: m = 300 here (the k rule), whereas the k > 300
    rules would give 300, 2w or 600; m jumps from 300 to up to 600 at the 301st board
    whichever way the boundary goes. "a is less than 46" is strict: a = 46 is not halved.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula and the rules for m.

    Examples
    --------
    >>> weighting([10, 30, 200, 300, 301, 301, 501], [0, 0, 0, 0, 100, 200, 416], 50)
    array([ 30.,  30., 200., 300., 300., 400., 600.])
    >>> weighting(5000, 416, [46.0, 45.99])
    array([600., 300.])
    >>> weighting([10, 5000], [0, 416], 50, m_scale=2.0)   # forgetting half as fast
    array([  60., 1200.])
    """
    k, w, a = _check_kwa(k, w, a)
    m_scale = check_m_scale(m_scale)
    established = np.select(
        [w < _W_LOW, w <= _W_HIGH], [float(_K_ESTABLISHED), 2.0 * w], default=2.0 * _W_HIGH
    )
    m = np.select([k < _K_NEW, k <= _K_ESTABLISHED], [float(_K_NEW), k], default=established)
    return np.where(a < _HALVING_BELOW, m / 2.0, m).astype(float) * m_scale


def check_m_scale(m_scale, name="m_scale") -> float:
    """``m_scale`` as a float: a number in 1/15 to 1,000,000 (else an error naming ``name``).

    Below 1/15 a newcomer's m below 46 % (15) times the factor is under 1, and one board
    would move a rating further than the board's own deviation from its expectation (the
    ratings overshoot and swing apart); above 10⁶ a regular's m (6·10⁸) would not move a
    rating in a lifetime of boards.

    >>> check_m_scale(2)
    2.0
    >>> check_m_scale(0.01)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: m_scale: must be a number in 1/15-1,000,000 (a factor
    on the page's m); got 0.01
    """
    allowed = "a number in 1/15-1,000,000 (a factor on the page's m)"
    if isinstance(m_scale, bool | np.bool_) or not isinstance(m_scale, int | float | np.number):
        raise fail(name, allowed, m_scale)
    value = float(m_scale)
    if not (_M_SCALE_MIN <= value <= _M_SCALE_MAX):  # NaN fails too
        raise fail(name, allowed, m_scale)
    return value


def _check_ppi(values, name: str) -> np.ndarray:
    """PPIs: finite numbers in 0-100 (a percentage)."""
    arr = as_finite_array(values, name)
    bad = (arr < 0) | (arr > 100)
    if bad.any():
        raise fail(name, "PPIs in 0-100 (%)", arr[bad].ravel()[0])
    return arr


def _check_kwa(k, w, a):
    """k (whole boards >= 0), w (boards in 0-k) and a (a PPI), broadcast together."""
    k = check_whole(k, "k", minimum=0)
    if k.size == 0:
        raise fail("k", "one or more numbers", k)
    w = check_positive(w, "w", allow_zero=True)
    a = _check_ppi(a, "a")
    k, w, a = check_broadcast(k=k, w=w, a=a)
    if np.any(w > k):
        where = np.flatnonzero((w > k).ravel())[0]
        raise fail(
            "w",
            "<= k (the boards of the last three months are among the k)",
            given=f"w = {w.ravel()[where]:g} with k = {k.ravel()[where]}",
        )
    return k, w, a


def expected_pct(a, b, c, d):
    """The board percentage expected of a pair with PPIs a, b against c, d.

    Parameters
    ----------
    a, b, c, d : float or array_like
        The PPIs (0-100) of the pair (a, b) and of its opponents (c, d); shapes that
        broadcast together.

    Returns
    -------
    ndarray
        E, broadcast over the inputs.

    Notes
    -----
    E = (a + b − c − d)/2 + 50, the expectation inside the PPI formula [1]_.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula.

    Examples
    --------
    >>> float(expected_pct(55, 53, 50, 48))
    55.0
    """
    a, b, c, d = (_check_ppi(x, n) for x, n in zip((a, b, c, d), "abcd", strict=True))
    a, b, c, d = check_broadcast(a=a, b=b, c=c, d=d)
    return (a + b - c - d) / 2.0 + 50.0


def update(a, p, b, c, d, *, k, w, m_scale=1.0):
    """The player's PPI after one board: A = a + (p − ((a + b − c − d)/2 + 50)) / m.

    Parameters
    ----------
    a : float or array_like
        The player's PPI before the board (%, 0-100).
    p : float or array_like
        The player's percentage on the board (0-100).
    b, c, d : float or array_like
        Partner's, left-hand and right-hand opponents' PPIs before the board (0-100).
    k, w : int or array_like
        Boards since the start (whole, >= 0) and in the previous three calendar months
        (0-k; see :func:`weighting`).
    m_scale : float
        A factor on m (1/15 to 10⁶; 1 is the page's rule; see :func:`weighting`).

    The seven arrays broadcast together (else an error naming them).

    Returns
    -------
    ndarray
        A, broadcast over the inputs, unrounded (the engine :func:`rate_log` rounds to five
        decimals).

    Notes
    -----
    A = a + (p − ((a + b − c − d)/2 + 50)) / m, with m = :func:`weighting` (k, w, a) [1]_
    (times ``m_scale``).

    With equal m at a table the four changes sum to zero and partners move together.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula.

    Examples
    --------
    The page: a top (or bottom) moves a regular player (m = 600) by about 0.08 %.

    >>> round(float(update(50, 100, 50, 50, 50, k=5000, w=416)) - 50, 4)
    0.0833
    """
    p = as_finite_array(p, "p")
    if np.any((p < 0) | (p > 100)):
        raise fail("p", "board percentages in 0-100", p[(p < 0) | (p > 100)].ravel()[0])
    a, b, c, d = (_check_ppi(x, n) for x, n in zip((a, b, c, d), "abcd", strict=True))
    k = check_whole(k, "k", minimum=0)
    w = check_positive(w, "w", allow_zero=True)
    a, p, b, c, d, k, w = check_broadcast(a=a, p=p, b=b, c=c, d=d, k=k, w=w)
    m = weighting(k, w, a, m_scale=m_scale)  # checks w <= k
    return a + (p - expected_pct(a, b, c, d)) / m


def displayed(ppi):
    """The PPI as shown on a profile: one decimal, halves rounded up.

    Parameters
    ----------
    ppi : float or array_like
        PPIs in % (0-100).

    Notes
    -----
    The page: "PPI's are displayed to one decimal point (although they are calculated to
    five decimal points) ... your actual PPI is between 50.95% and 50.99% and the figure has
    been rounded up in the display" [1]_. Values are first rounded to the five calculated
    decimals so that 50.95 (binary 50.9499...) shows as 51.0.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): display to one decimal.

    Examples
    --------
    >>> displayed([50.95, 50.99, 51.06, 51.14, 50.94999])
    array([51. , 51. , 51.1, 51.1, 50.9])
    """
    ppi = _check_ppi(ppi, "ppi")
    return np.floor(np.round(ppi * 10.0, _DECIMALS - 1) + 0.5) / 10.0


# --- the rating engine over a dated board log --------------------------------------------

_SEATS = ("north", "south", "east", "west")
_LOG_COLUMNS = ("date", "board", *_SEATS, "pct_ns")


@dataclass(frozen=True)
class RatingRun:
    """The result of :func:`rate_log`.

    Attributes
    ----------
    boards : pandas.DataFrame
        One row per player and board, in rating order: ``date``, ``board``, ``player``,
        ``seat`` (north/south/east/west), ``pct`` (the player's board %), ``expected``
        (the expected %), ``k``, ``w``, ``m``, ``ppi_before``, ``ppi_after`` (five
        decimals) and ``visible`` (the PPI is shown after this board: k + 1 >= 50).
    ratings : pandas.DataFrame
        One row per player, sorted by player: ``player``, ``ppi`` (five decimals),
        ``ppi_shown`` (one decimal, :func:`displayed`), ``boards`` (k at the end) and
        ``visible``.
    """

    boards: pd.DataFrame
    ratings: pd.DataFrame

    @property
    def expected_ns(self) -> np.ndarray:
        """North-South's expected % of each row of the log, in rating order: the PPI's
        forecast of the table result (``boards`` holds four rows per table, North first,
        and North's expectation is the pair's).

        The one adaptor from the PPI's player rows to a forecast per table, used by the
        rating-system interface (:class:`~bridgestats.ratings.systems.Ppi`) and the studies.

        >>> log = pd.DataFrame({"date": "2024-03-04", "board": [1, 2], "north": "N",
        ...                     "south": "S", "east": "E", "west": "W", "pct_ns": 60.0})
        >>> rate_log(log).expected_ns.round(2).tolist()   # four newcomers: 50 % first
        [50.0, 50.67]
        """
        return self.boards["expected"].to_numpy()[0::4]


def rate_log(log, *, initial=None, m_scale=1.0):
    """Rate a dated log of boards board by board, as the PPI scheme does.

    Parameters
    ----------
    log : pandas.DataFrame
        One row per table result, with columns ``date`` (anything
        :func:`pandas.to_datetime` reads), ``board`` (a label, kept in the output),
        ``north``, ``south``, ``east``, ``west`` (player ids, any hashable) and ``pct_ns``
        (North-South's percentage on the board, 0-100; East-West get 100 − pct_ns). Every
        row is a qualifying board. Rows are rated in date order; rows with the same date
        keep their order in ``log`` (so list a session's boards in playing order).
    initial : pandas.DataFrame, optional
        Players' state before the log: columns ``player``, ``ppi`` (0-100), ``k`` (whole,
        >= 0) and optionally ``w`` (whole, 0-k: boards in the three calendar months before
        the log's first month, counted as w/3 in each). Players not listed are newcomers:
        PPI 50, k = 0, w = 0.
    m_scale : float
        A factor on every m (1/15 to 10⁶; 1, the default, is the page's rule exactly, bit
        for bit): above 1 the PPI forgets more slowly, below 1 faster (see
        :func:`weighting`).

    Returns
    -------
    RatingRun
        Per player-board rows and the final ratings.

    Raises
    ------
    BridgestatsError
        Missing columns, unparseable dates, a percentage outside 0-100 or missing, a
        player in two seats of one row (the message names the row), or ``m_scale`` outside
        1/15 to 10⁶.

    Notes
    -----
    On each board each of the four players is updated by :func:`update` from the
    **pre-board** PPIs of the table (the four updates are simultaneous). Bookkeeping:

    - k is the number of the player's boards before this one (in ``initial`` and the
      log);
    - w is "updated monthly" [1]_: for a board in calendar month M it is the number of the
      player's boards in months M−3, M−2 and M−1, fixed for the whole of month M. (The
      page contradicts itself here: its introduction speaks of the boards "played in the
      preceding 90 days", a rolling window, while the formula's definition says "during
      the previous 3 calendar months ... Updated monthly"; the formula's definition is
      followed);
    - PPIs are kept to five decimals after each board (rounded half to even) and shown to
      one (:func:`displayed`); a PPI is visible once the player has played 50 boards.

    References
    ----------
    .. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula, k and w,
       "updated monthly", newcomers at 50 %, shown after 50 boards, five decimals
       calculated, one shown.

    Examples
    --------
    The page's newcomer: 40 % over 12 boards at a table of regular 50 % players.

    >>> log = pd.DataFrame({"date": "2024-03-04", "board": range(1, 13), "north": "new",
    ...                     "south": "P", "east": "E", "west": "W", "pct_ns": 40.0})
    >>> regulars = pd.DataFrame({"player": ["P", "E", "W"], "ppi": 50.0, "k": 5000,
    ...                          "w": 416})
    >>> run = rate_log(log, initial=regulars)
    >>> round(float(run.ratings.set_index("player").loc["new", "ppi"]), 2)
    46.4
    """
    frame = _check_log(log)
    m_scale = check_m_scale(m_scale)
    n = len(frame)
    init, players, k, w = _prepared(frame, initial)
    pct_ns = frame["pct_ns"].to_numpy(dtype=float)
    ppi0 = init["ppi"].to_numpy(dtype=float)
    before, after, m, final = _rate_log_kernel(players, pct_ns, k, w, ppi0, _DECIMALS, m_scale)
    pct = np.column_stack([pct_ns, pct_ns, 100.0 - pct_ns, 100.0 - pct_ns])
    exp_ns = (before[:, 0] + before[:, 1] - before[:, 2] - before[:, 3]) / 2.0 + 50.0
    expected = np.column_stack([exp_ns, exp_ns, 100.0 - exp_ns, 100.0 - exp_ns])
    boards = pd.DataFrame(
        {
            "date": np.repeat(frame["date"].to_numpy(), 4),
            "board": np.repeat(frame["board"].to_numpy(), 4),
            "player": init["player"].to_numpy()[players.ravel()],
            # the four names typed once and taken (1.5 M strings typed one by one: 0.15 s)
            "seat": pd.Series(np.array(_SEATS)).array.take(np.tile(np.arange(4), n)),
            "pct": pct.ravel(),
            "expected": expected.ravel(),
            "k": k.ravel(),
            "w": w.ravel(),
            "m": m.ravel(),
            "ppi_before": before.ravel(),
            "ppi_after": after.ravel(),
            "visible": k.ravel() + 1 >= _VISIBLE_AFTER,
        }
    )
    total_k = init["k"].to_numpy() + np.bincount(players.ravel(), minlength=len(init))
    ratings = pd.DataFrame(
        {
            "player": init["player"].to_numpy(),
            "ppi": final,
            "ppi_shown": displayed(final),
            "boards": total_k,
            "visible": total_k >= _VISIBLE_AFTER,
        }
    )
    played = np.bincount(players.ravel(), minlength=len(init)) > 0
    ratings = ratings[played | init["listed"].to_numpy()]
    return RatingRun(boards=boards, ratings=ratings.sort_values("player").reset_index(drop=True))


def expected_ns_by_m_scale(log, m_scales, *, initial=None) -> np.ndarray:
    """North-South's expected % of each row of the log under each factor on m, at once.

    Column j is ``rate_log(log, initial=initial, m_scale=m_scales[j]).expected_ns``, bit
    for bit: the log is checked, sorted and its k and w counted once (they do not depend
    on m), and only the rating pass runs per factor (a sixth of the time of six
    :func:`rate_log` calls on the real players' log, ``benchmarks/bench_committee.py``).

    Parameters
    ----------
    log : pandas.DataFrame
        A board log, as :func:`rate_log` reads it.
    m_scales : sequence of float
        Factors on m, each as :func:`check_m_scale` allows.
    initial : pandas.DataFrame, optional
        Players' state before the log, as :func:`rate_log` reads it.

    Returns
    -------
    numpy.ndarray
        Shape (rows of the log, factors), rows in rating order (by date, stable).

    Examples
    --------
    >>> log = pd.DataFrame({"date": "2024-03-04", "board": [1, 2], "north": "N",
    ...                     "south": "S", "east": "E", "west": "W", "pct_ns": 60.0})
    >>> expected_ns_by_m_scale(log, [1.0, 0.5]).round(2).tolist()
    [[50.0, 50.0], [50.67, 51.33]]
    """
    frame = _check_log(log)
    if isinstance(m_scales, str) or not hasattr(m_scales, "__iter__"):
        raise fail("m_scales", "a sequence of factors on m", m_scales)
    scales = [check_m_scale(f, "m_scales") for f in m_scales]
    init, players, k, w = _prepared(frame, initial)
    pct_ns = frame["pct_ns"].to_numpy(dtype=float)
    ppi0 = init["ppi"].to_numpy(dtype=float)
    out = np.empty((len(frame), len(scales)))
    for j, f in enumerate(scales):
        before = _rate_log_kernel(players, pct_ns, k, w, ppi0, _DECIMALS, f)[0]
        out[:, j] = (before[:, 0] + before[:, 1] - before[:, 2] - before[:, 3]) / 2.0 + 50.0
    return out


def _prepared(frame, initial):
    """The part of rating a checked log that does not depend on m: every player's state
    before the log, each seat's index into it, and k and w per seat."""
    # each seat's row of init: the seats coded once (ids in order of first appearance),
    # each id looked up once
    n = len(frame)
    codes, ids = pd.factorize(frame[list(_SEATS)].to_numpy().ravel())
    init = _initial_state(initial, ids)
    players = pd.Index(init["player"]).get_indexer(ids)[codes].reshape(n, len(_SEATS))
    month = frame["date"].dt.year.to_numpy() * 12 + frame["date"].dt.month.to_numpy() - 1
    k, w = _log_bookkeeping(players, month, init)
    return init, players, k, w


def _check_log(log) -> pd.DataFrame:
    check_frame(log, "log", _LOG_COLUMNS, allow_empty=False)
    frame = log[list(_LOG_COLUMNS)].reset_index(drop=True)
    dates = pd.to_datetime(frame["date"], errors="coerce")
    if dates.isna().any():
        row = int(np.flatnonzero(dates.isna().to_numpy())[0])
        raise BridgestatsError(f"log: row {row}: date {frame['date'].iloc[row]!r} is not a date")
    pct = check_column_range(frame, "pct_ns", "log", low=0, high=100)
    seats = frame[list(_SEATS)]
    if seats.isna().any().any():
        row = int(np.flatnonzero(seats.isna().any(axis=1).to_numpy())[0])
        raise BridgestatsError(f"log: row {row}: a seat has no player")
    dup = ~seats_distinct(seats.to_numpy())
    if dup.any():
        row = int(np.flatnonzero(dup)[0])
        raise BridgestatsError(f"log: row {row}: a player sits in two seats {seats.iloc[row]}")
    frame = frame.assign(date=dates, pct_ns=pct)
    return frame.sort_values("date", kind="stable").reset_index(drop=True)


def _initial_state(initial, ids) -> pd.DataFrame:
    if initial is None:
        init = pd.DataFrame({"player": [], "ppi": [], "k": [], "w": []})
    else:
        check_frame(initial, "initial", ("player", "ppi", "k"))  # "w" optional
        init = initial.assign(w=initial["w"] if "w" in initial.columns else 0)
        init = init[["player", "ppi", "k", "w"]]
        _check_ppi(init["ppi"].to_numpy(), "initial.ppi")
        k = check_whole(init["k"].to_numpy(), "initial.k", minimum=0)
        w = check_whole(init["w"].to_numpy(), "initial.w", minimum=0)
        if np.any(w > k):
            row = int(np.flatnonzero(w > k)[0])
            raise fail(
                "initial.w", "<= initial.k", given=f"w = {w[row]} with k = {k[row]} in row {row}"
            )
        if init["player"].duplicated().any():
            raise BridgestatsError("initial: a player is listed twice")
    listed = pd.Index(init["player"])
    new = [p for p in ids if p not in listed]
    newcomers = pd.DataFrame({"player": new, "ppi": _START, "k": 0, "w": 0})
    both = pd.concat([init.assign(listed=True), newcomers.assign(listed=False)], ignore_index=True)
    return both.astype({"ppi": float, "k": np.int64, "w": float})


def _log_bookkeeping(players, month, init):
    """k (boards before) and w (boards in the three previous calendar months) per seat."""
    n, n_players = len(players), len(init)
    flat = players.ravel()
    rank = pd.Series(flat).groupby(flat).cumcount().to_numpy()  # rows are in date order
    k = init["k"].to_numpy()[flat] + rank
    # monthly counts per player, months relative to the log's first month; the three
    # months before it carry initial w/3 each
    m0 = month.min()
    rel = np.repeat(month - m0, 4) + 3
    n_months = int(rel.max()) + 1
    counts = np.bincount(flat * n_months + rel, minlength=n_players * n_months)
    counts = counts.reshape(n_players, n_months).astype(float)
    counts[:, :3] += init["w"].to_numpy()[:, None] / 3.0
    cum = np.concatenate([np.zeros((n_players, 1)), np.cumsum(counts, axis=1)], axis=1)
    w = cum[flat, rel] - cum[flat, rel - 3]
    return k.reshape(n, 4), w.reshape(n, 4)


@njit(cache=True)
def weighting_scalar(k, w, a, m_scale=1.0):
    """:func:`weighting` of one player as a compiled scalar function, for compiled loops.

    The same rules as :func:`weighting` (``m_scale`` included, 1 when omitted), without
    its checks, callable from ``numba.njit`` code (the rating engine here and the simulator
    of :mod:`bridgestats.sim`).

    Examples
    --------
    >>> weighting_scalar(5000, 416.0, 50.0), weighting_scalar(5000, 416.0, 45.0)
    (600.0, 300.0)
    >>> weighting_scalar(5000, 416.0, 50.0, 0.5)
    300.0
    """
    if k < _K_NEW:
        m = float(_K_NEW)
    elif k <= _K_ESTABLISHED:
        m = float(k)
    elif w < _W_LOW:
        m = float(_K_ESTABLISHED)
    elif w <= _W_HIGH:
        m = 2.0 * w
    else:
        m = 2.0 * _W_HIGH
    if a < _HALVING_BELOW:
        m *= 0.5
    return m * m_scale


@njit(cache=True)
def _rate_log_kernel(players, pct_ns, k, w, ppi0, decimals, m_scale):
    ppi = ppi0.copy()
    n = players.shape[0]
    before = np.empty((n, 4))
    after = np.empty((n, 4))
    ms = np.empty((n, 4))
    scale = 10.0**decimals
    for r in range(n):
        for s in range(4):
            before[r, s] = ppi[players[r, s]]
        exp_ns = (before[r, 0] + before[r, 1] - before[r, 2] - before[r, 3]) / 2.0 + 50.0
        dev_ns = pct_ns[r] - exp_ns
        for s in range(4):
            dev = dev_ns if s < 2 else -dev_ns
            m = weighting_scalar(k[r, s], w[r, s], before[r, s], m_scale)
            ms[r, s] = m
            new = np.round((before[r, s] + dev / m) * scale) / scale
            after[r, s] = new
            ppi[players[r, s]] = new
    return before, after, ms, ppi
