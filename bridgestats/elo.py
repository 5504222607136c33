"""Elo-style and Glicko-2 ratings of pairs' board percentages, and forecast scores.

The comparison asked of the PPI (:mod:`bridgestats.ppi`): how well does a rating predict
the next board's percentage? Each system here reads a board log, predicts every board from
the ratings held before it and then updates; :func:`forecast_scores` scores any set of such
predictions (the PPI's come from :func:`bridgestats.ppi.rate_log`, column ``expected``).

Board logs are frames with columns ``round`` (playing order and, for Glicko-2, the rating
period), ``board``, ``north``, ``south``, ``east``, ``west`` (player ids) and ``pct_ns``
(North-South's percentage, 0-100). Rows are taken in ``round`` order, keeping the frame's
order within a round.

References
----------
.. [1] A. E. Elo, *The Rating of Chessplayers, Past and Present*, 1978: the logistic
   expected score with 400 points per factor 10 of the odds.
.. [2] M. E. Glickman, "Example of the Glicko-2 system", 2013 (glicko.net): the rating
   period update, as implemented by the ``glicko2`` package (version 2.1.0).
.. [3] Bridge Club Live, PPI page, seed ``000_6f3cc6fccc91b47e.txt``: the pair expectation
   (a + b − c − d)/2 + 50 that the team ratings here mirror.
"""

from __future__ import annotations

import math

import numba
import numpy as np
import pandas as pd
from scipy import stats

from ._validate import as_finite_array, check_column_range, check_frame, check_positive
from .errors import BridgestatsError

__all__ = ["elo_forecast", "forecast_scores", "glicko2_forecast"]

_SEATS = ("north", "south", "east", "west")
_COLUMNS = ("round", "board", *_SEATS, "pct_ns")
_GLICKO_SCALE = 173.7178  # Glickman's conversion between Glicko and Glicko-2 units [2]


def _check_log(log):
    check_frame(log, "log", _COLUMNS, allow_empty=False)
    frame = log[list(_COLUMNS)].reset_index(drop=True)
    pct = check_column_range(frame, "pct_ns", "log", low=0, high=100)
    if frame["round"].isna().any():
        row = int(np.flatnonzero(frame["round"].isna().to_numpy())[0])
        raise BridgestatsError(f"log: row {row}: round is missing")
    seats = frame[list(_SEATS)]
    dup = seats.nunique(axis=1).to_numpy() < 4
    if seats.isna().any().any() or dup.any():
        row = int(np.flatnonzero(dup | seats.isna().any(axis=1).to_numpy())[0])
        raise BridgestatsError(f"log: row {row}: needs four different players")
    rounds = frame["round"]
    if rounds.dtype == object or pd.api.types.is_string_dtype(rounds):
        # text sorts "10" before "2": rounds printed as text (e.g. read_valet's segment)
        # are taken as numbers, and text that is not a number is refused
        numeric = pd.to_numeric(rounds, errors="coerce")
        if numeric.isna().any():
            row = int(np.flatnonzero(numeric.isna().to_numpy())[0])
            raise BridgestatsError(
                f"log: row {row}: round {rounds.iloc[row]!r} is not a number (rounds give "
                "the playing order; as text, '10' would sort before '2')"
            )
        rounds = numeric
    order = np.argsort(rounds.to_numpy(), kind="stable")
    frame = frame.assign(pct_ns=pct, round=rounds).iloc[order]
    ids = pd.unique(seats.to_numpy().ravel())
    index = np.column_stack([pd.Index(ids).get_indexer(frame[s].to_numpy()) for s in _SEATS])
    return frame, ids, index, order


def elo_forecast(log, *, k_factor=2.0, scale=400.0, initial=1500.0):
    """Predict each board of ``log`` from Elo-style player ratings, updated board by board.

    Parameters
    ----------
    log : pandas.DataFrame
        A board log (see the module docstring).
    k_factor : float
        Rating points per unit of (result − expectation), the result being pct_ns/100.
    scale : float
        Points per factor 10 in the odds (400 as in chess).
    initial : float
        Every player's starting rating.

    Returns
    -------
    predictions : ndarray
        Predicted North-South percentage of each row of ``log`` (in the frame's order).
    ratings : pandas.Series
        Final rating of each player, indexed by player id.

    Notes
    -----
    A pair's rating is its players' mean, as in the PPI's expectation [3]_; North-South
    expect E = 1/(1 + 10^(−(R_NS − R_EW)/scale)) [1]_ and score S = pct_ns/100; each
    North-South player gains K·(S − E) and each East-West player loses as much. Near 50 %
    one PPI point is 16/ln 10 = 6.95 Elo points (scale 400), so K = 695/m mirrors a PPI
    weighting m: K = 1.16 is the PPI's m = 600, and K = 2 (the default) its m = 350.

    Examples
    --------
    >>> log = pd.DataFrame({"round": [1, 2], "board": [1, 1], "north": ["a", "a"],
    ...                     "south": ["b", "b"], "east": ["c", "c"], "west": ["d", "d"],
    ...                     "pct_ns": [70.0, 60.0]})
    >>> pred, ratings = elo_forecast(log, k_factor=10)
    >>> pred.round(3).tolist(), ratings.round(1).tolist()
    ([50.0, 50.576], [1502.9, 1502.9, 1497.1, 1497.1])
    """
    k_factor = float(check_positive(k_factor, "k_factor"))
    scale = float(check_positive(scale, "scale"))
    initial = float(as_finite_array(initial, "initial"))
    frame, ids, index, order = _check_log(log)
    ratings = np.full(ids.size, initial)
    pred_sorted = _elo_kernel(index, frame["pct_ns"].to_numpy() / 100.0, ratings, k_factor, scale)
    predictions = np.empty_like(pred_sorted)
    predictions[order] = pred_sorted
    return 100.0 * predictions, pd.Series(ratings, index=ids, name="elo")


@numba.njit(cache=False)
def _elo_kernel(index, score, ratings, k_factor, scale):
    """Sequential Elo over rows (compiled: each row needs the ratings the rows before left)."""
    n = index.shape[0]
    out = np.empty(n)
    for r in range(n):
        n_, s_, e_, w_ = index[r, 0], index[r, 1], index[r, 2], index[r, 3]
        diff = (ratings[n_] + ratings[s_] - ratings[e_] - ratings[w_]) / 2.0
        expected = 1.0 / (1.0 + 10.0 ** (-diff / scale))
        out[r] = expected
        step = k_factor * (score[r] - expected)
        ratings[n_] += step
        ratings[s_] += step
        ratings[e_] -= step
        ratings[w_] -= step
    return out


def glicko2_forecast(log, *, initial_rd=350.0, volatility=0.06, tau=0.5):
    """Predict each board of ``log`` from Glicko-2 ratings updated once per ``round``.

    Parameters
    ----------
    log : pandas.DataFrame
        A board log (see the module docstring); each distinct ``round`` is a rating period.
    initial_rd : float
        Starting rating deviation (Glicko scale, 350 for an unrated player).
    volatility : float
        Starting volatility σ.
    tau : float
        The system constant τ.

    Returns
    -------
    predictions : ndarray
        Predicted North-South percentage of each row of ``log`` (in the frame's order).
    ratings : pandas.DataFrame
        Per player (index): ``rating``, ``rd`` and ``volatility`` at the end.

    Notes
    -----
    Board results are fractional scores S = pct_ns/100, which the ``glicko2`` package
    accepts. A pair plays as the mean of its players: for player a (partner b, opponents
    c, d) the board is a game against a virtual opponent of rating (c + d)/2 − (b − a)/2,
    so that the difference is the pairs' (a + b)/2 − (c + d)/2 as in the PPI [3]_, and of
    deviation √((φb² + φc² + φd²)/4). North-South are predicted, with all four players'
    deviations, E = 1/(1 + exp(−g(φ)·(μ_NS − μ_EW))), g(φ) = 1/√(1 + 3φ²/π²),
    φ² = (φN² + φS² + φE² + φW²)/4 on the Glicko-2 scale [2]_. Players absent from a
    period have their deviation widened (``did_not_compete``).

    The package's step 5 (new volatility) reads μ² where Glickman's f(x) has φ² (glicko2
    2.1.0, ``Player._f``); it is used as published. Glickman's worked example (μ = 0, so
    it cannot tell) comes out as printed: 1464.05, 151.52, 0.05999
    (``tests/test_ppi_compare.py``).

    Examples
    --------
    >>> log = pd.DataFrame({"round": [1, 2], "board": [1, 1], "north": ["a", "a"],
    ...                     "south": ["b", "b"], "east": ["c", "c"], "west": ["d", "d"],
    ...                     "pct_ns": [70.0, 60.0]})
    >>> pred, ratings = glicko2_forecast(log)
    >>> bool(pred[0] == 50.0 and pred[1] > 50.0)
    True
    """
    import glicko2  # optional dependency (the "notebooks" extra)

    initial_rd = float(check_positive(initial_rd, "initial_rd"))
    volatility = float(check_positive(volatility, "volatility"))
    tau = float(check_positive(tau, "tau"))
    frame, ids, index, order = _check_log(log)
    glicko2.Player._tau = tau
    players = [glicko2.Player(rating=1500.0, rd=initial_rd, vol=volatility) for _ in ids]
    score = frame["pct_ns"].to_numpy() / 100.0
    rounds = frame["round"].to_numpy()
    starts = np.flatnonzero(np.r_[True, rounds[1:] != rounds[:-1]])
    ends = np.r_[starts[1:], len(frame)]
    pred_sorted = np.empty(len(frame))
    for lo, hi in zip(starts, ends, strict=True):  # one rating period per round
        mu = np.array([(p.rating - 1500.0) / _GLICKO_SCALE for p in players])
        phi = np.array([p.rd / _GLICKO_SCALE for p in players])
        seats = index[lo:hi]
        diff = (mu[seats[:, 0]] + mu[seats[:, 1]] - mu[seats[:, 2]] - mu[seats[:, 3]]) / 2.0
        phi2 = (phi[seats] ** 2).sum(axis=1) / 4.0
        g = 1.0 / np.sqrt(1.0 + 3.0 * phi2 / math.pi**2)
        pred_sorted[lo:hi] = 1.0 / (1.0 + np.exp(-g * diff))
        _glicko_period(players, seats, score[lo:hi])
    predictions = np.empty_like(pred_sorted)
    predictions[order] = pred_sorted
    ratings = pd.DataFrame(
        {
            "rating": [p.rating for p in players],
            "rd": [p.rd for p in players],
            "volatility": [p.vol for p in players],
        },
        index=ids,
    )
    return 100.0 * predictions, ratings


def _glicko_period(players, seats, score):
    """Update every player once with the period's boards (virtual opponents as documented)."""
    rating = np.array([p.rating for p in players])
    rd = np.array([p.rd for p in players])
    games = {}
    for (n_, s_, e_, w_), s in zip(seats.tolist(), score.tolist(), strict=True):
        for me, partner, c, d, result in (
            (n_, s_, e_, w_, s),
            (s_, n_, e_, w_, s),
            (e_, w_, n_, s_, 1.0 - s),
            (w_, e_, n_, s_, 1.0 - s),
        ):
            opponent = (rating[c] + rating[d]) / 2.0 - (rating[partner] - rating[me]) / 2.0
            spread = math.sqrt((rd[partner] ** 2 + rd[c] ** 2 + rd[d] ** 2) / 4.0)
            games.setdefault(me, ([], [], []))
            games[me][0].append(opponent)
            games[me][1].append(spread)
            games[me][2].append(result)
    for i, player in enumerate(players):
        if i in games:
            player.update_player(*games[i])
        else:
            player.did_not_compete()


def forecast_scores(actual, predictions, *, ratings=None, strength=None):
    """Score board predictions: mean squared error, Brier score, skill, rank correlation.

    Parameters
    ----------
    actual : array_like
        Board percentages (0-100).
    predictions : dict of str -> array_like
        Each system's predicted percentages, aligned with ``actual``.
    ratings : dict of str -> pandas.Series, optional
        Each system's final ratings, indexed by player id; with ``strength``, their
        Spearman correlation with the true strengths is reported.
    strength : pandas.Series, optional
        True strengths (simulation) indexed by player id.

    Returns
    -------
    pandas.DataFrame
        One row per system: ``system``, ``mse`` (in %²), ``brier`` (in fraction units,
        mse/10⁴), ``skill`` (1 − mse / mse of always predicting 50 %), ``bias`` (mean of
        prediction − actual, %) and, with ``strength``, ``spearman``.

    Notes
    -----
    The Brier score of a fractional outcome S ∈ [0, 1] and forecast E is (E − S)²; its mean
    is the MSE in fraction units. The skill score compares with the uninformed 50 %.

    Examples
    --------
    >>> forecast_scores([40.0, 60.0], {"perfect": [40.0, 60.0], "flat": [50.0, 50.0]})
        system    mse  brier  skill  bias
    0  perfect    0.0   0.00    1.0   0.0
    1     flat  100.0   0.01    0.0   0.0
    """
    actual = as_finite_array(actual, "actual").ravel()
    base = np.mean((actual - 50.0) ** 2)
    if base == 0:
        raise BridgestatsError("actual: every board is 50 %; the skill score is undefined")
    rows = []
    for name, pred in predictions.items():
        pred = as_finite_array(pred, f"predictions[{name!r}]").ravel()
        if pred.shape != actual.shape:
            raise BridgestatsError(
                f"predictions[{name!r}]: {pred.size} values for {actual.size} boards"
            )
        mse = float(np.mean((pred - actual) ** 2))
        row = {
            "system": name,
            "mse": mse,
            "brier": mse / 1e4,
            "skill": 1.0 - mse / base,
            "bias": float(np.mean(pred - actual)),
        }
        if strength is not None and ratings is not None and name in ratings:
            both = pd.concat([ratings[name].rename("r"), strength.rename("s")], axis=1,
                             join="inner")  # fmt: skip
            row["spearman"] = float(stats.spearmanr(both["r"], both["s"]).statistic)
        rows.append(row)
    return pd.DataFrame(rows)
