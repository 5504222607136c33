"""The Victory Point scale type: thresholds, VPs, outcomes, probabilities, tables.

A scale turns a match margin into Victory Points. Here a scale is a :class:`VPScale`: the
ascending ``thresholds`` (margins at which the result steps to the next outcome), the VP
total ``max_vp`` and the number of ``negative`` steps below 0 for the loser. Margins are
in the scale's own unit: IMPs, aggregate points, or, for Swiss pairs, **the winner's
matchpoint percentage minus 50** (``centre=50`` records that the displayed scores are
``50 + margin``).

Outcome ``j`` (the number of thresholds the margin has reached) gives the winner
``min(max_vp/2 + j, max_vp)`` and the loser ``max_vp/2 − j`` VPs: the first ``max_vp/2``
steps move a VP from loser to winner; Pomfrey's negative steps then take VPs from the
loser only (20-0, 20-(−1), ..., 20-(−5)). How a scale is printed (CSV, Markdown, HTML) is
:mod:`bridgestats.vp.render`.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §2, §3,
   §10, §11, §13 and Tables 2-12; the project ships Tables 6-8 in ``data/seeds/``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

from .._validate import (
    as_finite_array,
    check_flag,
    check_int,
    check_number,
    fail,
)
from . import render

if TYPE_CHECKING:  # pandas loads only for the frames (``bridgestats scale`` prints without it)
    import pandas as pd

__all__ = [
    "MAX_BOARDS",
    "MAX_MARGIN",
    "MAX_NEGATIVE",
    "MAX_SIGMA",
    "MAX_STEP",
    "MAX_VP",
    "VPScale",
    "scale_from_thresholds",
]

#: Largest VP total of a scale (``max_vp``). Real scales are 20-0, 25-0, 30-0, 12-0 or a
#: Patton 4-0 to 8-0, and a 100-0 is the largest seen; 2000 leaves room for any design
#: while a scale's tables stay small (10⁹ asked for 3.7 GiB and a wait of minutes).
MAX_VP = 2000
#: Most negative-VP steps below 0 (``negative``): Pomfrey's scales use 5 on a 20-0;
#: bounded like :data:`MAX_VP` for the same reason.
MAX_NEGATIVE = 2000
#: Most boards in one match (``n_boards``): the longest matches played (Bermuda Bowl
#: finals) have been 96 to 160 boards; 500 is beyond any event, while the WBF tables
#: (ceil(15√N) rows) stay instant (10⁹ boards made a table of 474 000 rows, 110 s).
MAX_BOARDS = 500
#: Largest σ of a Gaussian scale (``sigma``), in the margin's unit: the widest real one is
#: aggregate scoring, near 1800 points for 24 boards (Probst §10) and under 10 000 for
#: :data:`MAX_BOARDS`; 10⁶ keeps every threshold an exactly representable whole number
#: of steps (``--sigma 1e308`` printed int64 overflows).
MAX_SIGMA = 1e6
#: Largest threshold of a scale (a margin from ``centre``), for the same reason:
#: ``integer_ranges`` turns thresholds into int64 multiples of ``step``.
MAX_MARGIN = 1e9
#: Largest margin resolution ``step`` (1 IMP, 10 points in real scales), for that reason too.
MAX_STEP = 10**9

# --- validation helpers ---------------------------------------------------------------------


def _one(value):
    """A 0-d array as its scalar (a scale's σ may come from a vectorised formula)."""
    return value[()] if isinstance(value, np.ndarray) and value.ndim == 0 else value


def _negative(negative) -> int:
    return check_int(negative, "negative", minimum=0, maximum=MAX_NEGATIVE)


def _n_boards(n_boards) -> int:
    """One board count of a match: a whole number in 1-MAX_BOARDS."""
    return check_int(_one(n_boards), "n_boards", minimum=1, maximum=MAX_BOARDS)


def _one_positive(value, name: str) -> float:
    """One finite number > 0 (a scale has one σ)."""
    return check_number(_one(value), name, low=0, low_open=True)


def _even_max_vp(max_vp) -> int:
    m = check_int(max_vp, "max_vp", minimum=2, maximum=MAX_VP)
    if m % 2:
        raise fail("max_vp", "even (an N-0 scale has N/2 steps)", max_vp)
    return m


# --- the normal distribution, without scipy ----------------------------------------------------

_NORMAL = NormalDist()
_SQRT2 = math.sqrt(2.0)


def _normal_quantile(q) -> np.ndarray:
    """Φ⁻¹ elementwise: :meth:`statistics.NormalDist.inv_cdf` (Wichura's algorithm AS 241,
    accurate to about 1e-16), the standard library's, so that a scale is made without
    scipy (``tests/cli/test_cli_scale.py`` checks it against :func:`scipy.special.ndtri`)."""
    q = np.asarray(q, dtype=float)
    return np.array([_NORMAL.inv_cdf(v) for v in q.ravel()], dtype=float).reshape(q.shape)


def _normal_upper(x) -> np.ndarray:
    """P(Z >= x) elementwise, erfc(x/√2)/2 (:func:`math.erfc`: no cancellation in the
    upper tail; checked against :func:`scipy.special.ndtr` like :func:`_normal_quantile`)."""
    x = np.asarray(x, dtype=float)
    return np.array([0.5 * math.erfc(v / _SQRT2) for v in x.ravel()], dtype=float).reshape(x.shape)


@dataclass(frozen=True)
class VPScale:
    """An immutable Victory Point scale.

    Attributes
    ----------
    thresholds : tuple of float
        ``max_vp/2 + negative`` strictly ascending positive margins (relative to
        ``centre``), at most :data:`MAX_MARGIN` (10⁹); reaching ``thresholds[j]`` moves
        the result to outcome ``j + 1``.
    max_vp : int
        The VP total (even, 2 to :data:`MAX_VP`).
    negative : int
        Negative-VP steps for the loser below 0 (0 to :data:`MAX_NEGATIVE`).
    sigma : float or None
        The σ the scale was built for (Gaussian scales), ``None`` for published tables.
    centre : float
        The score of a tie in the displayed unit (50 for matchpoint %, else 0). Margins
        are always relative to it; exports show ``centre + margin``.
    unit : str
        Unit of the margins, for display ("IMPs", "MP %", "points").
    step : int or None
        Resolution of the margins (1 IMP, 10 points) used by :meth:`integer_ranges` and by
        the exports by default; ``None`` shows continuous ranges.
    name : str or None
        A label for the scale.
    vp_table : tuple of (float, float) or None
        The winner's and loser's VPs of each outcome, central outcome first, for a scale
        that does not move one VP per step (the WBF continuous scale's 2-decimal VPs);
        ``thresholds`` then has one margin fewer than the table, whatever ``max_vp``.
        ``None``: one VP per step, as above.
    outcome_labels : tuple of str or None
        A label per outcome, replacing :attr:`labels`' ``10-10``, ``11-9``, ...
    raw : bool
        Score the margin itself (total IMPs or MP %, Swiss teams by margin): no
        thresholds, and :meth:`vp` returns the margin.
    """

    thresholds: tuple[float, ...]
    max_vp: int = 20
    negative: int = 0
    sigma: float | None = None
    centre: float = 0.0
    unit: str = "margin"
    step: int | None = None
    name: str | None = None
    vp_table: tuple[tuple[float, float], ...] | None = None
    outcome_labels: tuple[str, ...] | None = None
    raw: bool = False

    def __post_init__(self):
        max_vp = _even_max_vp(self.max_vp)
        negative = _negative(self.negative)
        raw = check_flag(self.raw, "raw")
        t = as_finite_array(self.thresholds, "thresholds", allow_empty=raw).ravel()
        if raw and (t.size or self.vp_table is not None):
            raise fail(
                "thresholds", "empty for a raw scale (it scores the margin itself)", t.tolist()
            )
        if self.vp_table is not None:
            table = as_finite_array(self.vp_table, "vp_table")
            if table.ndim != 2 or table.shape[1] != 2 or table.shape[0] != t.size + 1:
                raise fail(
                    "vp_table",
                    f"{t.size + 1} (winner, loser) pairs: one per outcome, central first",
                    self.vp_table,
                )
            rows = tuple((float(w), float(lo)) for w, lo in table)
            object.__setattr__(self, "vp_table", rows)
        elif not raw and t.size != max_vp // 2 + negative:
            expected = max_vp // 2 + negative
            raise fail(
                "thresholds",
                f"{expected} margins (a {max_vp}-0 scale with {negative} negative steps)",
                t.tolist(),
            )
        if self.outcome_labels is not None:
            labels = tuple(self.outcome_labels)
            if len(labels) != t.size + 1 or not all(isinstance(x, str) for x in labels):
                raise fail("outcome_labels", f"{t.size + 1} strings (one per outcome)", labels)
            object.__setattr__(self, "outcome_labels", labels)
        object.__setattr__(self, "raw", raw)
        if raw:
            self._finish_fields(t, max_vp, negative)
            return
        if t[0] <= 0:
            raise fail("thresholds", "> 0 (relative to centre)", float(t[0]))
        if t[-1] > MAX_MARGIN:
            raise fail("thresholds", f"margins <= {MAX_MARGIN:g} (MAX_MARGIN)", float(t[-1]))
        if np.any(np.diff(t) <= 0):
            i = int(np.flatnonzero(np.diff(t) <= 0)[0])
            raise fail(
                "thresholds",
                f"strictly ascending (position {i + 1} is not above {t[i]:g})",
                float(t[i + 1]),
            )
        self._finish_fields(t, max_vp, negative)

    def _finish_fields(self, t: np.ndarray, max_vp: int, negative: int) -> None:
        if self.sigma is not None:
            object.__setattr__(self, "sigma", _one_positive(self.sigma, "sigma"))
        if self.step is not None:
            step = check_int(self.step, "step", minimum=1, maximum=MAX_STEP)
            object.__setattr__(self, "step", step)
        centre = check_number(_one(self.centre), "centre")
        object.__setattr__(self, "thresholds", tuple(float(x) for x in t))
        object.__setattr__(self, "max_vp", max_vp)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "centre", float(centre))

    # -- outcomes ------------------------------------------------------------------------------

    @property
    def vp_winner(self) -> np.ndarray:
        """The winner's VPs of each outcome, central outcome first (0 for a raw scale)."""
        if self.vp_table is not None:
            return np.array([w for w, _ in self.vp_table])
        if self.raw:
            return np.zeros(1)
        j = np.arange(len(self.thresholds) + 1)
        return np.minimum(self.max_vp // 2 + j, self.max_vp)

    @property
    def vp_loser(self) -> np.ndarray:
        """The loser's VPs of each outcome, central outcome first (negative below 0)."""
        if self.vp_table is not None:
            return np.array([lo for _, lo in self.vp_table])
        if self.raw:
            return np.zeros(1)
        return self.max_vp // 2 - np.arange(len(self.thresholds) + 1)

    @property
    def labels(self) -> list[str]:
        """Outcome labels, central outcome first: ``10-10``, ``11-9``, ..., ``20-(-5)``
        (``margin`` for a raw scale)."""
        if self.outcome_labels is not None:
            return list(self.outcome_labels)
        if self.raw:
            return ["margin"]
        return [
            f"{w:g}-{lo:g}" if lo >= 0 else f"{w:g}-({lo:g})"
            for w, lo in zip(self.vp_winner, np.round(self.vp_loser, 2), strict=True)
        ]

    @property
    def draw(self) -> float:
        """The VPs of a tied match (margin 0), the default score of a bye: 0 for raw."""
        return float(self.vp_winner[0])

    def outcome(self, margin):
        """The outcome index ``j`` of each margin (0: the central outcome; 0 for raw).

        Examples
        --------
        >>> VPScale((1e-9,), max_vp=2, name="win/draw/loss").outcome([0, 0.5, -3]).tolist()
        [0, 1, 1]
        """
        d = as_finite_array(margin, "margin")
        size = np.minimum(np.abs(d), 2 * MAX_MARGIN)
        j = np.searchsorted(np.asarray(self.thresholds), np.round(size, 9), side="right")
        return j[()] if j.ndim == 0 else j

    def _tables(self, what: str) -> None:
        if self.raw:
            raise fail(
                "scale",
                f"a scale of VP steps for {what} (this one scores the margin)",
                self.name or "raw",
            )

    def vp(self, margin):
        """VPs of the side whose margin is ``margin`` (negative: the losing side).

        A margin reaching a threshold (``|margin| >= threshold``) earns the step; margins
        are compared after rounding to 1e-9 of their unit, so that float noise (64.40 − 50
        is 14.400000000000006, 35.60 − 50 is −14.399999999999999) cannot split the two
        sides of a match. The two sides (margins m and −m) sum to ``max_vp``, less one per
        negative step reached.

        Parameters
        ----------
        margin : float or array_like
            Match margins in the scale's unit, relative to ``centre`` (for Swiss pairs the
            side's percentage minus 50).

        Returns
        -------
        int or ndarray of int
            VPs, the shape of ``margin``.

        Notes
        -----
        With J(m) = #{k : t_k <= |m|} and H = max_vp/2:

        .. math:: VP(m) = \\min(H + J(m), N) \\ (m \\ge 0), \\qquad VP(m) = H - J(m) \\ (m < 0)

        Examples
        --------
        >>> scale = scale_from_thresholds([0.65, 1.98, 3.33, 4.74, 6.23, 7.83, 9.64,
        ...                                11.75, 14.40, 18.35], name="EBU 7-9 boards")
        >>> scale.vp([0.64, 0.65, -5.0, 18.35, -20.0]).tolist()
        [10, 11, 6, 20, 0]
        """
        d = as_finite_array(margin, "margin")
        if self.raw:
            out = d.astype(float)
            return out[()] if out.ndim == 0 else out
        # |margin| beyond every threshold is the top outcome: clip first, so rounding a huge
        # margin (1e300) cannot overflow
        size = np.minimum(np.abs(d), 2 * MAX_MARGIN)
        j = np.searchsorted(np.asarray(self.thresholds), np.round(size, 9), side="right")
        out = np.where(d >= 0, self.vp_winner[j], self.vp_loser[j])
        return out[()] if out.ndim == 0 else out

    def probabilities(self, *, sigma=None) -> np.ndarray:
        """Probability of each outcome between equal sides, central outcome first.

        Each outcome counts both ways round (11-9 and 9-11), so the probabilities sum
        to 1. The margin is taken as normal with mean 0 and standard deviation ``sigma``
        (by default the scale's own).

        Parameters
        ----------
        sigma : float, optional
            σ of the margin between the sides (> 0); required for published tables.

        Returns
        -------
        ndarray
            One probability per outcome (``len(thresholds) + 1``), summing to 1.

        Notes
        -----
        .. math:: p_0 = 1 - 2\\Phi(-t_0/\\sigma), \\qquad
                  p_j = 2\\left[\\Phi(-t_{j-1}/\\sigma) - \\Phi(-t_j/\\sigma)\\right],
                  \\quad t_{J} = \\infty

        Examples
        --------
        Probst §11: the 2004 scale's 20-0 at 65.99 % when σ is that of a 67.39 % 20-0
        predicts 449 20-0s in Brighton's 3598 matches (Probst rounded z to 1.534 and
        truncated 449.75; the exact quantiles give 450):

        >>> from bridgestats.vp import sigma_from_top
        >>> w2004 = scale_from_thresholds([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40,
        ...                                10.23, 12.55, 15.99])
        >>> p = w2004.probabilities(sigma=sigma_from_top(67.39, centre=50))
        >>> round(3598 * float(p[-1]))
        450
        """
        self._tables("probabilities")
        s = self.sigma if sigma is None else sigma
        if s is None:
            raise fail("sigma", "given for a scale without a sigma of its own (a table)", s)
        s = _one_positive(s, "sigma")
        upper = _normal_upper(np.asarray(self.thresholds) / s)  # P(d >= t), one side
        tail = np.concatenate([[0.5], upper, [0.0]])
        return 2.0 * (tail[:-1] - tail[1:])

    # -- tables --------------------------------------------------------------------------------

    def to_frame(self) -> pd.DataFrame:
        """The scale as a tidy frame, one row per outcome, central outcome first.

        Columns: ``vp_winner``, ``vp_loser``, ``margin_from``, ``margin_to`` (the
        outcome holds margins ``margin_from <= |margin| < margin_to``; ``inf`` for the top
        outcome), ``probability`` (both ways round, under the scale's ``sigma``; NaN-free:
        the column is absent when the scale has no sigma). With ``centre != 0``, also
        ``score_from`` and ``score_to`` (``centre + margin``).
        """
        import pandas as pd

        self._tables("a table")
        t = np.asarray(self.thresholds)
        frame = pd.DataFrame(
            {
                "vp_winner": self.vp_winner,
                "vp_loser": self.vp_loser,
                "margin_from": np.concatenate([[0.0], t]),
                "margin_to": np.concatenate([t, [np.inf]]),
            }
        )
        if self.sigma is not None:
            frame["probability"] = self.probabilities()
        if self.centre != 0:
            frame["score_from"] = self.centre + frame["margin_from"]
            frame["score_to"] = self.centre + frame["margin_to"]
        return frame

    def integer_ranges(self, *, step=None) -> pd.DataFrame:
        """The scale for margins that are whole multiples of ``step`` (IMPs, 10 points).

        Rounding rule: a margin earns a step when it **reaches** the threshold, so the
        band of outcome j + 1 starts at the first multiple of ``step`` at or above
        ``thresholds[j]``: ``ceil(t / step) * step``. This is the rule of Probst's Table 5
        ("Sensible" column: 30.7 → 31, 36.4 → 37, ...), Table 6 (published ranges, step 10:
        173 → 180, ...), Tables 9 and 11 and most of Tables 10 and 12; the article breaks it
        in a few cells, mostly of the central band (e.g. Table 10, 3 boards: 2.03 IMPs
        → 3-3 is 0-1), and Probst says he scored 8-board 10-10 as 0-0 against a computed
        1.1 (§3). See ``tests/vp/test_tables.py`` for the cells.

        Parameters
        ----------
        step : int, optional
            The margin resolution; defaults to the scale's ``step``, else 1.

        Returns
        -------
        DataFrame
            ``vp_winner``, ``vp_loser``, ``margin_from``, ``margin_to`` (nullable integers;
            ``<NA>`` for the open top band). A band with ``margin_to < margin_from`` holds
            no whole margin (two thresholds between the same multiples of ``step``). With a
            ``sigma``, also ``probability``: the chance of the band between equal sides
            when the margin is normal and rounded to ``step`` (continuity correction:
            ``margin_from − step/2 <= |margin| < margin_to + step/2``); it differs from
            the design's equal probabilities by the rounding.

        Examples
        --------
        Table 9 (Patton 4-0, 2 boards, σ = 9.19): 0-2 → 2-2, 3-7 → 3-1, 8+ → 4-0.

        >>> from bridgestats.vp import gaussian_scale
        >>> gaussian_scale(4, sigma=9.1924).integer_ranges()
           vp_winner  vp_loser  margin_from  margin_to  probability
        0          2         2            0          2     0.214350
        1          3         1            3          7     0.371088
        2          4         0            8       <NA>     0.414562
        """
        import pandas as pd

        self._tables("a table")
        step, starts, probability = self._integer_bands(step)
        frame = pd.DataFrame(
            {
                "vp_winner": self.vp_winner,
                "vp_loser": self.vp_loser,
                "margin_from": pd.array(np.concatenate([[0], starts]), dtype="Int64"),
                "margin_to": pd.array([*list(starts - step), None], dtype="Int64"),
            }
        )
        if probability is not None:
            frame["probability"] = probability
        return frame

    def _integer_bands(self, step):
        """:meth:`integer_ranges` as arrays: the step, each band's first whole margin above
        the central band's (``int64``), and the bands' probabilities (None without a sigma)."""
        step = self.step if step is None else step
        step = 1 if step is None else check_int(step, "step", minimum=1, maximum=MAX_STEP)
        t = np.asarray(self.thresholds)
        starts = np.ceil(t / step) * step
        # the first multiple of step that reaches t, as vp() decides it (float-safe)
        starts = np.where(starts - step >= t, starts - step, starts).astype(np.int64)
        probability = None
        if self.sigma is not None:
            # band edges with the continuity correction; an empty band has width 0
            edges = np.concatenate([[0.0], starts - step / 2.0, [np.inf]])
            edges = np.maximum.accumulate(edges)
            upper = _normal_upper(edges / self.sigma)
            upper[0] = 0.5
            probability = 2.0 * (upper[:-1] - upper[1:])
        return step, starts, probability

    # -- exports (bridgestats.vp.render) -------------------------------------------------------

    def to_csv(self, *, step=None) -> str:
        """The tidy frame as CSV text (:func:`bridgestats.vp.render.scale_csv`)."""
        return render.scale_csv(self, step=step)

    def to_markdown(self, *, step=None, decimals=2) -> str:
        """A printable Markdown table (:func:`bridgestats.vp.render.scale_markdown`)."""
        return render.scale_markdown(self, step=step, decimals=decimals)

    def to_html(self, *, step=None, decimals=2) -> str:
        """A printable HTML table (:func:`bridgestats.vp.render.scale_html`)."""
        return render.scale_html(self, step=step, decimals=decimals)


def scale_from_thresholds(
    thresholds, *, max_vp=None, negative=0, centre=0.0, unit="margin", step=None, name=None
):
    """A scale from a published table of thresholds.

    Parameters
    ----------
    thresholds : array_like
        Ascending margins at which the outcome steps up, as published. For matchpoint %
        tables give the published percentages (50.65, ...) with ``centre=50``; they are
        stored relative to the centre (0.65, ...).
    max_vp : int, optional
        The VP total; by default ``2 * (len(thresholds) - negative)``.
    negative : int, optional
        How many of the thresholds are negative-VP steps (the last ones).
    centre, unit, step, name : optional
        Stored on the :class:`VPScale`.

    Returns
    -------
    VPScale
        With ``sigma=None``.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), Table 8 (Swiss pairs scales for 7-9
       boards: 2003 "triangular", 2004, Ascherman 2006, random draw, EBU 2006; shipped as
       ``data/seeds/swiss_pairs_scales.csv``).

    Examples
    --------
    The 2003 "triangular" scale of Table 8:

    >>> tri = scale_from_thresholds([50.5, 51.7, 53.1, 54.7, 56.5, 58.5, 60.7, 63.1,
    ...                              65.7, 68.5], centre=50, name="2003 triangular")
    >>> tri.max_vp, tri.thresholds[:2]
    (20, (0.5, 1.7))
    """
    t = as_finite_array(thresholds, "thresholds").ravel() - check_number(_one(centre), "centre")
    neg = _negative(negative)
    if max_vp is None:
        max_vp = 2 * (t.size - neg)
    if np.any(np.abs(t) > MAX_MARGIN):  # before rounding, which would overflow
        big = float(t[np.abs(t) > MAX_MARGIN][0])
        raise fail("thresholds", f"margins within ±{MAX_MARGIN:g} of centre (MAX_MARGIN)", big)
    return VPScale(
        tuple(np.round(t, 9)),
        max_vp=max_vp,
        negative=neg,
        centre=centre,
        unit=unit,
        step=step,
        name=name,
    )
