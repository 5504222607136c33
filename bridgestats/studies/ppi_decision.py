"""Does the PPI forget too fast or too slow, and what should change? The committee's answer.

Bridge Club Live's PPI is a moving average: each board moves a player's rating by the
board's deviation over m, the page's weighting (:func:`bridgestats.ratings.ppi.weighting`),
so a board's weight decays by 1 − 1/m per later board and the rating's memory is about
m·ln 2 boards. :func:`ppi_decision` runs the PPI with m times each factor of a grid
(``m_scale`` of :class:`~bridgestats.ratings.systems.Ppi`: above 1 it forgets more slowly,
below 1 faster) over a session log, scores every factor on the same sessions after
``until`` as :func:`~bridgestats.studies.ratings_real.compare_systems` scores the systems
(the PPI fits nothing, so every session after ``until`` is out of sample), and says which
way the evidence points, with the paired gain of the best factor over the page's m and its
bootstrap interval (whole events resampled). :func:`ppi_calibration_sentence` says what the
PPI's calibration slope means for players.

Vocabulary (in addition to the package's): ``factor`` a multiplier of the page's m (the
``m_scale`` of :mod:`bridgestats.ratings.ppi`); ``gain`` the RMSE per session of the page's
PPI minus a factor's (positive: the factor predicts better).

References
----------
.. [1] Bridge Club Live, "PPI" (Past Performance Indicator) ratings page,
   bridgeclublive.com (Information > Bridge > Ratings): the formula and the rules for m.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import check_int, check_number, fail
from ..ratings.ppi import check_m_scale
from ..ratings.sessionlog import before_mask, check_session_log
from ..ratings.systems import ppi_forecasts
from .ratings_real import boot_weights, cluster_codes, cluster_sums

__all__ = [
    "FACTORS",
    "PARAMETER",
    "VERDICTS",
    "half_life_boards",
    "m_rule",
    "ppi_calibration_sentence",
    "ppi_decision",
]

#: The default grid of factors on the page's m: four times faster to eight times slower.
FACTORS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)

#: The parameter the decision is about, as the committee's summary names it.
PARAMETER = "m, the PPI's weighting"

#: The three verdicts of :func:`ppi_decision`.
VERDICTS = ("too fast", "too slow", "about right (no change the evidence supports)")

# A regular's m on the page (k > 300 boards, w > 300 in the last three months, PPI >= 46):
# the m of the players whose memory the committee asks about.
_REGULAR_M = 600.0


def _num(x: float) -> str:
    """A figure of the m rule in words: 4 significant digits, thousands separated."""
    return f"{x:,.4g}"


def _times(factor: float, symbol: str) -> str:
    return symbol if factor == 1 else f"{_num(factor)}{symbol}"


def half_life_boards(m) -> np.ndarray:
    """Boards after which a board's weight in a PPI with weighting m has halved.

    ln ½ / ln(1 − 1/m): each later board keeps 1 − 1/m of it (m > 1).

    >>> round(float(half_life_boards(600)), 1)
    415.5
    """
    m = np.asarray(m, dtype=float)
    return np.log(0.5) / np.log1p(-1.0 / m)


def m_rule(factor) -> str:
    """The PPI's weighting m times ``factor``, in words (the page's rule scaled).

    Parameters
    ----------
    factor : float
        The factor on the page's m (1/15 to 10⁶).

    Returns
    -------
    str

    Examples
    --------
    >>> print(m_rule(1))
    the page's m: 30 below 30 boards, k from 30 to 300 boards, then 300, 2w or 600 by the
    boards w of the last three months, halved below 46 %
    >>> m_rule(4)[:61]
    "m × 4 the page's rule: 120 below 30 boards, 4k from 30 to 300"
    """
    factor = check_m_scale(factor, "factor")
    head = "the page's m" if factor == 1 else f"m × {_num(factor)} the page's rule"
    return (
        f"{head}: {_num(30 * factor)} below 30 boards, {_times(factor, 'k')} from 30 to 300 "
        f"boards, then {_num(300 * factor)}, {_times(2 * factor, 'w')} or "
        f"{_num(600 * factor)} by the boards w of the last three months, halved below 46 %"
    )


def _check_factors(factors) -> np.ndarray:
    if isinstance(factors, str) or not hasattr(factors, "__iter__"):
        raise fail("factors", "a sequence of factors on the page's m, 1 among them", factors)
    grid = np.array([check_m_scale(f, "factors") for f in factors], dtype=float)
    if grid.size < 2 or not np.any(grid == 1.0):
        raise fail("factors", "two or more factors, 1 (the page's m) among them", list(factors))
    if np.unique(grid).size != grid.size:
        raise fail("factors", "distinct factors", list(factors))
    return np.sort(grid)


def ppi_decision(
    sessions, *, until, factors=FACTORS, n_boot=2000, level=0.9, unit="event", rng=None
):
    """Does the PPI forget too fast or too slow? Its m scaled by each factor, scored out of
    sample, with the verdict, the preferred m and its gain over the page's m.

    Parameters
    ----------
    sessions : pandas.DataFrame
        A session log in time order (:mod:`bridgestats.ratings.sessionlog`).
    until : str
        The split :func:`~bridgestats.studies.ratings_real.compare_systems` uses: every
        factor is scored on the sessions dated on or after ``until`` (the PPI has no
        parameter fitted on the sessions before it; their RMSE is shown as a check).
    factors : sequence of float
        Factors on the page's m (each in 1/15 to 10⁶ as
        :func:`~bridgestats.ratings.ppi.check_m_scale` allows, distinct, 1 among them);
        sorted.
    n_boot : int
        Bootstrap resamples (>= 100: the gain's Bonferroni interval reaches into the tails).
    level : float
        Coverage of the intervals, in (0, 1): of each RMSE and slope alone, and jointly of
        the gains of all factors against 1 (Bonferroni).
    unit : {"event", "period", "session"}
        What the bootstrap resamples, as in
        :func:`~bridgestats.studies.ratings_real.compare_systems`: whole events by default,
        the independent unit (sessions of one event share players).
    rng : None, int or numpy.random.Generator
        Source of the resampling.

    Returns
    -------
    table : pandas.DataFrame
        One row per factor, in increasing order: ``factor``; ``regular_m`` (a regular
        player's m, 600 × factor: k > 300 boards, w > 300, PPI at or above 46 %);
        ``half_life_boards`` (boards after which a board's weight in a regular's PPI has
        halved, ln ½ / ln(1 − 1/m)); ``rmse``, ``rmse_ci_low``, ``rmse_ci_high`` (RMSE of
        the session %, per session, on the scored sessions, interval at ``level``);
        ``gain``, ``gain_ci_low``, ``gain_ci_high`` (the page's PPI's RMSE minus this
        factor's on the same resamples: positive when the factor predicts better; 0 at
        factor 1; interval at ``gain_level``); ``gain_level`` (1 − (1 − level)/c, c the
        number of factors other than 1: Bonferroni); ``calibration_slope``,
        ``calibration_slope_ci_low``, ``calibration_slope_ci_high`` (least squares of the
        actual % − 50 on the forecast % − 50, as in ``compare_systems``: below 1 the
        forecasts are too extreme, above 1 too timid); ``explained_share`` (with
        ``pct_ns_var`` in the log, else NaN: (MSE of always 50 % − MSE)/(MSE of always 50 %
        − noise floor²), the share of the explainable variance the factor's PPI captures,
        as in ``compare_systems``); ``rmse_fit`` (RMSE on the sessions
        before ``until``, nothing fitted there: a check that the choice does not hang on
        the split); ``best`` (lowest ``rmse``); ``behind_best`` (``rmse`` minus the best's)
        and ``as_good_as_best`` (the paired interval of ``behind_best``, at ``gain_level``,
        reaches 0: the data do not tell this factor from the best); ``n_sessions``,
        ``n_clusters`` (the scored
        sessions and the units resampled) and ``bootstrap_unit``.
    decision : dict
        Exactly ``verdict`` (one of :data:`VERDICTS`), ``parameter``
        (:data:`PARAMETER`), ``value`` (``factor``, the best factor, and ``m_rule``, the
        m it implies in words, :func:`m_rule`), ``gain`` and ``gain_ci`` ([low, high], in
        % RMSE per session: the best factor's gain and its Bonferroni interval) and
        ``sentence`` (the answer in one sentence).

    Notes
    -----
    The verdict is "too fast" when the best factor is above 1 and its gain's interval lies
    above 0, "too slow" when it is below 1 and the interval lies above 0, and "about right
    (no change the evidence supports)" otherwise. The best factor is chosen on the very
    sessions it is scored on, among c factors compared with 1: its gain is read off
    intervals that hold all c gains at once with probability at least ``level``
    (Bonferroni: each at 1 − (1 − level)/c), so the chosen one's interval keeps its
    coverage whichever is chosen. A best factor at either end of the grid is said so in
    the sentence and in ``m_rule``: the evidence may prefer one further out. Every factor
    is scored on the same sessions and every resample draws the same units for every
    factor, so the gains keep their pairing.

    Examples
    --------
    >>> from bridgestats.studies.ratings_real_sim import simulated_sessions
    >>> sim = simulated_sessions(n_players=40, n_months=4, rng=3)
    >>> table, decision = ppi_decision(sim, until="2001-03-01", factors=(0.5, 1, 2),
    ...                                n_boot=200, unit="period", rng=1)
    >>> table["factor"].tolist(), sorted(decision)
    ([0.5, 1.0, 2.0], ['gain', 'gain_ci', 'parameter', 'sentence', 'value', 'verdict'])
    >>> decision["verdict"] in VERDICTS
    True
    """
    frame = check_session_log(sessions)
    grid = _check_factors(factors)
    n_boot = check_int(n_boot, "n_boot", minimum=100)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    if until is None:
        raise fail("until", "a date splitting the log (the sessions from it on are scored)", None)
    fit_rows = before_mask(frame, until)
    scored = ~fit_rows
    if not scored.any():
        raise fail("until", "a date on or before the log's last session", until)
    pct = frame["pct_ns"].to_numpy(float)
    forecasts = ppi_forecasts(frame, grid)
    codes = cluster_codes(frame[scored], unit)
    k = int(codes.max()) + 1
    weights = boot_weights(codes, n_boot, np.random.default_rng(rng))
    count = cluster_sums(codes, np.ones(codes.size), k)
    y = pct[scored] - 50.0
    rmse, rmse_boot, slope, slope_boot = [], [], [], []
    for j in range(grid.size):
        x = forecasts[scored, j] - 50.0
        se = cluster_sums(codes, (x - y) ** 2, k)
        rmse.append(math.sqrt(se.sum() / count.sum()))
        rmse_boot.append(np.sqrt((weights @ se) / (weights @ count)))
        sums = [cluster_sums(codes, v, k) for v in (x, y, x * x, x * y)]
        slope.append(_slope(*(s.sum() for s in sums), count.sum()))
        slope_boot.append(_slope(*(weights @ s for s in sums), weights @ count))
    rmse, rmse_boot = np.array(rmse), np.array(rmse_boot)
    one = int(np.flatnonzero(grid == 1.0)[0])
    gain, gain_boot = rmse[one] - rmse, rmse_boot[one] - rmse_boot
    alpha = 1.0 - level
    gain_level = 1.0 - alpha / (grid.size - 1)
    fit_err = forecasts[fit_rows] - pct[fit_rows, None]
    share = np.full(grid.size, np.nan)
    if "pct_ns_var" in frame:
        # the noise floor as compare_systems has it: a session mean's variance from its
        # boards' variance about it (divisor n), unbiased by n − 1; one board adds 0
        nb = frame.loc[scored, "n_boards"].to_numpy(float)
        var = frame.loc[scored, "pct_ns_var"].to_numpy(float)
        noise = np.mean(np.divide(var, nb - 1, out=np.zeros(nb.size), where=nb > 1))
        flat = np.mean(y**2)
        share = (flat - rmse**2) / (flat - noise)
    best = int(np.argmin(rmse))
    behind_boot = rmse_boot - rmse_boot[best]  # paired: the same resamples
    behind_low = np.quantile(behind_boot, (1 - gain_level) / 2, axis=1)
    table = pd.DataFrame(
        {
            "factor": grid,
            "regular_m": _REGULAR_M * grid,
            "half_life_boards": half_life_boards(_REGULAR_M * grid),
            "rmse": rmse,
            "rmse_ci_low": np.quantile(rmse_boot, alpha / 2, axis=1),
            "rmse_ci_high": np.quantile(rmse_boot, 1 - alpha / 2, axis=1),
            "gain": gain,
            "gain_ci_low": np.quantile(gain_boot, (1 - gain_level) / 2, axis=1),
            "gain_ci_high": np.quantile(gain_boot, 1 - (1 - gain_level) / 2, axis=1),
            "gain_level": gain_level,
            "calibration_slope": slope,
            "calibration_slope_ci_low": np.nanquantile(np.array(slope_boot), alpha / 2, axis=1),
            "calibration_slope_ci_high": np.nanquantile(
                np.array(slope_boot), 1 - alpha / 2, axis=1
            ),
            "explained_share": share,
            "rmse_fit": np.sqrt(np.mean(fit_err**2, axis=0)),
            "best": np.arange(grid.size) == best,
            "behind_best": rmse - rmse[best],
            "as_good_as_best": behind_low <= 0,
            "n_sessions": int(scored.sum()),
            "n_clusters": k,
            "bootstrap_unit": unit,
        }
    )
    return table, _decision(table, level=level, since=until)


def _slope(sx, sy, sxx, sxy, n):
    """Least-squares slope of y on x from sums (arrays of resamples or numbers)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        sxx_c = sxx - sx**2 / n
        out = np.where(sxx_c > 1e-9 * n, (sxy - sx * sy / n) / sxx_c, np.nan)
    return float(out) if out.ndim == 0 else out


def _decision(table, *, level, since):
    """The committee's dict from the table (see :func:`ppi_decision`)."""
    row = table[table["best"]].iloc[0]
    factor = float(row["factor"])
    lo, hi = float(row["gain_ci_low"]), float(row["gain_ci_high"])
    if factor > 1 and lo > 0:
        verdict = VERDICTS[0]
    elif factor < 1 and lo > 0:
        verdict = VERDICTS[1]
    else:
        verdict = VERDICTS[2]
    grid = table["factor"].to_numpy()
    edge = ""
    if factor == grid.max() and factor != 1:
        edge = "the largest factor tried, so a larger m may do better still"
    elif factor == grid.min() and factor != 1:
        edge = "the smallest factor tried, so a smaller m may do better still"
    elif factor == 1 and (grid.min() == 1 or grid.max() == 1):
        edge = "at the end of the factors tried, so the other side of 1 is untested"
    rule = m_rule(factor) + (f" ({edge})" if edge else "")
    pct = round(100 * level)
    n_comp = len(grid) - 1
    where = f"over {int(row['n_sessions']):,} sessions from {pd.Timestamp(since):%Y-%m-%d}"
    note = (
        f"({pct} % intervals for all {n_comp} factors against the page's m at once, "
        f"resampling {row['bootstrap_unit']}s)"
    )
    gain_text = f"{row['gain']:.3f} % lower RMSE per session ({lo:+.3f} to {hi:+.3f}) {where}"
    if verdict == VERDICTS[2]:
        if factor == 1:
            sentence = (
                f"The PPI's forgetting is about right: no factor on m predicts better "
                f"than the page's m {where} {note}, so nothing should change"
            )
        else:
            sentence = (
                f"The PPI's forgetting is about right: m × {_num(factor)} predicts "
                f"best, but its {gain_text} is not told apart from none {note}, so no "
                "change to m is supported"
            )
    else:
        how = "too fast" if verdict == VERDICTS[0] else "too slowly"
        memory = (
            f"a board counts half in a regular player's PPI after "
            f"{row['half_life_boards']:,.0f} later boards"
        )
        today = float(table.loc[table["factor"] == 1, "half_life_boards"].iloc[0])
        sentence = (
            f"The PPI forgets {how}: with m × {_num(factor)} ({memory} instead of "
            f"{today:,.0f}) it predicts with {gain_text}"
        )
        page_share = float(table.loc[table["factor"] == 1, "explained_share"].iloc[0])
        if math.isfinite(row["explained_share"]) and math.isfinite(page_share):
            sentence += (
                f", capturing {100 * row['explained_share']:.0f} % of the explainable "
                f"variance instead of {100 * page_share:.0f} %"
            )
        alike = [_num(f) for f in table.loc[table["as_good_as_best"] & ~table["best"], "factor"]]
        if alike:
            verb = "does" if len(alike) == 1 else "do"
            sentence += f", and m × {' and × '.join(alike)} {verb} about as well"
        sentence += f" {note}"
    if edge:
        sentence += f"; {_num(factor)} is {edge}"
    decision = {
        "verdict": verdict,
        "parameter": PARAMETER,
        "value": {"factor": factor, "m_rule": rule},
        "gain": float(row["gain"]),
        "gain_ci": [lo, hi],
        "sentence": sentence + ".",
    }
    return decision


def ppi_calibration_sentence(table, *, level=0.9, edge=5.0):
    """What the page's PPI's calibration slope means for players, in one sentence.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`ppi_decision`'s table.
    level : float
        The intervals' coverage, for the sentence.
    edge : float
        The forecast edge (% above 50) the sentence is told with.

    Returns
    -------
    str

    Examples
    --------
    >>> t = pd.DataFrame({"factor": [1.0, 4.0], "calibration_slope": [0.6, 1.02],
    ...     "calibration_slope_ci_low": [0.55, 0.9], "calibration_slope_ci_high": [0.66, 1.1],
    ...     "best": [False, True]})
    >>> print(ppi_calibration_sentence(t))
    The page's PPI has a calibration slope of 0.60 (90 %: 0.55 to 0.66): a pair it expects
    to score 5 % above 50 % scores on average 3.0 % above, so its forecasts are too extreme,
    because each session moves a rating too far: a player's PPI after a good run overstates
    how much better they play, and after a bad one how much worse; with m × 4, the best
    factor, the slope is 1.02.
    """
    if not isinstance(table, pd.DataFrame) or not {"factor", "calibration_slope", "best"} <= set(
        table.columns
    ):
        raise fail("table", "ppi_decision's table", type(table).__name__)
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    edge = check_number(edge, "edge", low=0, high=50, low_open=True)
    page = table[table["factor"] == 1]
    if page.empty:
        raise fail("table", "a row at factor 1 (the page's m)", "none")
    page, best = page.iloc[0], table[table["best"]].iloc[0]
    s, lo, hi = (
        float(page[c])
        for c in ("calibration_slope", "calibration_slope_ci_low", "calibration_slope_ci_high")
    )
    head = (
        f"The page's PPI has a calibration slope of {s:.2f} ({round(100 * level)} %: "
        f"{lo:.2f} to {hi:.2f}): a pair it expects to score {edge:g} % above 50 % scores "
        f"on average {s * edge:.1f} % above"
    )
    slopes = table.sort_values("factor")["calibration_slope"].to_numpy(float)
    rising = bool(np.all(np.diff(slopes) > 0))  # the slower it forgets, the higher the slope
    if hi < 1:
        meaning = "its forecasts are too extreme"
        if rising:
            meaning += (
                ", because each session moves a rating too far: a player's PPI after "
                "a good run overstates how much better they play, and after a bad "
                "one how much worse"
            )
    elif lo > 1:
        meaning = "its forecasts are too timid"
        if rising:
            meaning += (
                ", because each session moves a rating too little: a player's PPI "
                "lags behind how they play now"
            )
    else:
        meaning = "its forecasts are as spread as the results (a slope of 1 is inside)"
    tail = ""
    if float(best["factor"]) != 1:
        tail = (
            f"; with m × {_num(float(best['factor']))}, the best factor, the slope is "
            f"{float(best['calibration_slope']):.2f}"
        )
    return f"{head}, so {meaning}{tail}."
