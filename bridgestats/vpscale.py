"""Victory Point scales: Gaussian equal-probability scales, negative VPs, published tables, WBF.

A scale turns a match margin into Victory Points. Here a scale is a :class:`VPScale`: the
ascending ``thresholds`` (margins at which the result steps to the next outcome), the VP
total ``max_vp`` and the number of ``negative`` steps below 0 for the loser. Margins are
in the scale's own unit: IMPs, aggregate points, or, for Swiss pairs, **the winner's
matchpoint percentage minus 50** (``centre=50`` records that the displayed scores are
``50 + margin``).

Outcome ``j`` (the number of thresholds the margin has reached) gives the winner
``min(max_vp/2 + j, max_vp)`` and the loser ``max_vp/2 − j`` VPs: the first ``max_vp/2``
steps move a VP from loser to winner; Pomfrey's negative steps then take VPs from the
loser only (20-0, 20-(−1), ..., 20-(−5)).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §2, §3,
   §10, §11, §13 and Tables 2-12; the project ships Tables 6-8 in ``data/seeds/``.
.. [2] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013
   (worldbridge.org): the continuous scale and its discrete 0-20 version.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

from ._validate import (
    as_finite_array,
    check_broadcast,
    check_flag,
    check_int,
    check_number,
    check_positive,
    check_whole,
    fail,
)
from .forms import event_form, form_sigma
from .sigma import swiss_pairs_top_percent

if TYPE_CHECKING:  # pandas loads only for the frames (``bridgestats scale`` prints without it)
    import pandas as pd

__all__ = [
    "MAX_BOARDS",
    "MAX_MARGIN",
    "MAX_NEGATIVE",
    "MAX_SIGMA",
    "MAX_STEP",
    "MAX_VP",
    "ScaleFit",
    "VPScale",
    "event_scale",
    "fit_scale_sigma",
    "gaussian_scale",
    "gaussian_z",
    "scale_from_thresholds",
    "sigma_from_top",
    "wbf_scale",
    "wbf_table",
    "wbf_vp",
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


# --- the Gaussian equal-probability scale ------------------------------------------------------


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


def _step_probabilities(max_vp: int, negative: int) -> np.ndarray:
    """One-sided cumulative probability from the mean at each threshold (in (0, 1/2))."""
    outcomes = max_vp + 1
    half = max_vp // 2
    p = (2.0 * np.arange(half) + 1.0) / (2.0 * outcomes)
    if negative:
        # Pomfrey: the top band keeps half its probability 1/(N+1); the other half is
        # split equally into the `negative` steps below it (Probst §2).
        j = np.arange(negative)
        extra = (0.5 + j / (2.0 * negative)) / outcomes
        p = np.concatenate([p, p[-1] + extra])
    return p


def gaussian_z(max_vp=20, *, negative=0):
    """Thresholds of the equal-probability N-0 scale in standard deviations.

    Parameters
    ----------
    max_vp : int, optional
        The VP total N (even, 2 to :data:`MAX_VP` = 2000): 20 for 20-0, 12 for 12-0, 4, 6, 8
        for Patton.
    negative : int, optional
        Negative-VP steps below 0 for the loser (Pomfrey's rule), 0 by default (0 to
        :data:`MAX_NEGATIVE` = 2000).

    Returns
    -------
    ndarray
        ``max_vp/2 + negative`` ascending z values.

    Notes
    -----
    The N + 1 outcomes N-0, ..., (N/2)-(N/2), ..., 0-N are equally likely between equally
    matched sides, so the central outcome covers |z| < z₀ and the k-th edge is [1]_

    .. math:: z_k = \\Phi^{-1}\\left(\\frac12 + \\frac{2k+1}{2(N+1)}\\right),
              \\quad k = 0, \\dots, N/2 - 1

    With ``negative`` = ν steps, the top band keeps half its probability and the other
    half is split equally:

    .. math:: z_{N/2 - 1 + j} = \\Phi^{-1}\\left(\\frac12 + \\frac{N-1}{2(N+1)}
              + \\frac{1}{N+1}\\left(\\frac12 + \\frac{j - 1}{2\\nu}\\right)\\right),
              \\quad j = 1, \\dots, \\nu

    Φ⁻¹ is the exact normal quantile (:meth:`statistics.NormalDist.inv_cdf`). Probst's printed
    values were interpolated linearly in a printed normal table (his Table 1) and written
    to three decimals, mostly rounded, some truncated, a few neither; they differ from
    these by up to 0.0007 in Table 2 and 0.0017 in Table 11 (0.763 against 0.7647).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2 and Tables 2 and 3; §10 (13-tiles);
       §13 (5-, 7- and 9-tiles).

    Examples
    --------
    Table 2 (0.059 0.180 0.303 0.431 0.566 0.712 0.876 1.068 1.309 1.668) and Table 3:

    >>> gaussian_z(20).round(3)
    array([0.06 , 0.18 , 0.303, 0.431, 0.566, 0.712, 0.876, 1.068, 1.309, 1.668])
    >>> gaussian_z(20, negative=5)[9:].round(3)
    array([1.668, 1.981, 2.074, 2.189, 2.345, 2.593])
    """
    m = _even_max_vp(max_vp)
    neg = _negative(negative)
    return _normal_quantile(0.5 + _step_probabilities(m, neg))


def sigma_from_top(top_margin, *, max_vp=20, centre=0.0):
    """The σ whose Gaussian scale starts its top outcome (20-0) at ``top_margin``.

    Parameters
    ----------
    top_margin : float or array_like
        Where the top outcome starts, in the scale's unit (e.g. 67.68 % with
        ``centre=50``).
    max_vp : int, optional
        The VP total (20).
    centre : float, optional
        The score of a tie (50 for matchpoint percentages, else 0).

    Returns
    -------
    float or ndarray
        σ = (top_margin − centre) / z_top.

    Notes
    -----
    .. math:: \\sigma = (P_{top} - c)/z_{N/2-1}, \\qquad z_9 = 1.668 \\text{ for 20-0}

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §4: "this gives a standard deviation
       for the 8 board match of 50/(1.668 x sqrt(8)) = 10.598".

    Examples
    --------
    The article divides by its printed 1.668 and gets 10.598; the exact z₉ = 1.66839
    gives 10.596:

    >>> float(sigma_from_top(50 + 50 / 8**0.5, centre=50))
    10.596
    """
    top = as_finite_array(top_margin, "top_margin") - check_number(_one(centre), "centre")
    check_positive(top, "top_margin - centre")
    z_top = gaussian_z(max_vp)[-1]
    s = top / z_top
    return s[()] if s.ndim == 0 else s


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
            raise fail("scale", f"a scale of VP steps for {what} (this one scores the margin)",
                       self.name or "raw")  # fmt: skip

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
        1.1 (§3). See ``tests/test_vpscale_tables.py`` for the cells.

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

    # -- exports -------------------------------------------------------------------------------

    def _display(self, step, decimals: int) -> dict[str, list[str]]:
        """Strings for printing, column by column: VPs, the margin range in displayed
        units, probability (plain lists: printing a scale needs no pandas).

        A negative loser's VPs are written in brackets (``20-(-5)``); a band that holds no
        whole margin shows ``none``, a band of one whole margin that margin (``0``).
        """
        self._tables("a table")
        vps = self.labels
        if step is None:
            fmt = f"{{:.{decimals}f}}".format
            lows = self.centre + np.concatenate([[0.0], self.thresholds])
            highs = [fmt(x) for x in lows[1:]] + [None]
            p = self.probabilities() if self.sigma is not None else None
        else:
            step, starts, p = self._integer_bands(step)
            fmt = _num
            lows = self.centre + np.concatenate([[0], starts]).astype(float)
            highs = [*(self.centre + b for b in (starts - step).tolist()), None]
            highs = [
                None if b is None else ("none" if b < a else fmt(b))
                for a, b in zip(lows, highs, strict=True)
            ]
        ranges = [  # a band of one whole margin is that margin: "0", not "0-0"
            f"{fmt(a)}+"
            if b is None
            else ("none" if b == "none" else (b if b == fmt(a) else f"{fmt(a)}-{b}"))
            for a, b in zip(lows, highs, strict=True)
        ]
        out = {"VPs": list(vps), self.unit: ranges}
        if p is not None:
            out["probability %"] = [f"{100 * x:.2f}" for x in p]
        return out

    def _default_step(self, step):
        """``step`` for an export: the scale's own when None; 0 asks for continuous ranges."""
        if step is None:
            return self.step
        return check_int(step, "step", minimum=0, maximum=MAX_STEP)

    def to_csv(self, *, step=None) -> str:
        """The tidy frame as CSV text: :meth:`integer_ranges` with a step, else :meth:`to_frame`.

        ``step`` defaults to the scale's own; ``step=0`` asks for the continuous frame.
        """
        step = self._default_step(step)
        frame = self.to_frame() if not step else self.integer_ranges(step=step)
        return frame.to_csv(index=False)

    def to_markdown(self, *, step=None, decimals=2) -> str:
        """A printable Markdown table (VPs, margin range, probability %).

        ``step`` defaults to the scale's own (whole-IMP ranges for IMP scales); ``step=0``
        shows continuous ranges to ``decimals`` places. The probabilities are those of the
        ranges shown (see :meth:`integer_ranges` for whole margins).

        Examples
        --------
        >>> print(gaussian_scale(4, sigma=9.1924, unit="IMPs").to_markdown(step=1))
        | VPs | IMPs | probability % |
        |---|---|---|
        | 2-2 | 0-2 | 21.44 |
        | 3-1 | 3-7 | 37.11 |
        | 4-0 | 8+ | 41.46 |
        <BLANKLINE>
        """
        step = self._default_step(step)
        shown = self._display(step or None, decimals)
        lines = ["| " + " | ".join(shown) + " |", "|" + "---|" * len(shown)]
        lines += ["| " + " | ".join(row) + " |" for row in zip(*shown.values(), strict=True)]
        title = f"**{self.name}**\n\n" if self.name else ""
        return title + "\n".join(lines) + "\n"

    def to_html(self, *, step=None, decimals=2) -> str:
        """A printable HTML table (VPs, margin range, probability %), caption = name.

        ``step`` as for :meth:`to_markdown`.
        """
        step = self._default_step(step)
        import pandas as pd

        shown = pd.DataFrame(self._display(step or None, decimals))
        table = shown.to_html(index=False, border=0)
        if self.name:
            table = table.replace(">\n", f">\n  <caption>{html.escape(self.name)}</caption>\n", 1)
        return table


def _num(x) -> str:
    x = float(x)
    return str(int(x)) if x.is_integer() else f"{x:g}"


def gaussian_scale(
    max_vp=20, *, sigma=1.0, negative=0, centre=0.0, unit="margin", step=None, name=None
):
    """The equal-probability (Gaussian) N-0 scale for matches with margin σ.

    Parameters
    ----------
    max_vp : int, optional
        The VP total (even, 2 to :data:`MAX_VP`): 20, 12 (aggregate, §10), 4, 6, 8 (Patton,
        §13), ...
    sigma : float, optional
        σ of the match margin in its unit (1: the scale in standard deviations); > 0 and at
        most :data:`MAX_SIGMA` (10⁶).
    negative : int, optional
        Negative-VP steps (Pomfrey's rule, §2), 0 by default (at most :data:`MAX_NEGATIVE`).
    centre, unit, step, name : optional
        Stored on the :class:`VPScale` (see there).

    Returns
    -------
    VPScale
        Thresholds ``sigma * gaussian_z(max_vp, negative=negative)``.

    Notes
    -----
    .. math:: t_k = \\sigma\\,\\Phi^{-1}\\left(\\frac12 + \\frac{2k+1}{2(N+1)}\\right)

    (and the negative steps of :func:`gaussian_z`).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §2-3 and Tables 2-5.

    Examples
    --------
    Table 4 (8 boards, K = 6.5, σ = 18.38): computed IMP range of 19-1 is 24.1-30.7:

    >>> from bridgestats.sigma import sigma_teams
    >>> np.round(gaussian_scale(sigma=sigma_teams(8)).thresholds[-2:], 1)
    array([24.1, 30.7])
    """
    s = check_number(_one(sigma), "sigma", low=0, high=MAX_SIGMA, low_open=True)
    z = gaussian_z(max_vp, negative=negative)
    return VPScale(
        tuple(s * z),
        max_vp=max_vp,
        negative=negative,
        sigma=s,
        centre=centre,
        unit=unit,
        step=step,
        name=name,
    )


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


@dataclass(frozen=True)
class ScaleFit:
    """Result of :func:`fit_scale_sigma`.

    Attributes
    ----------
    sigma : float
        The least-squares σ.
    residuals : ndarray
        Published threshold minus fitted threshold (``sigma * z``), relative to centre.
    z : ndarray
        The Gaussian scale's thresholds in σ units.
    rms : float
        Root mean square of the residuals.
    thresholds : ndarray
        The published thresholds, relative to ``centre``.
    max_vp, negative : int
        The table's VP total and negative steps.
    centre : float
        The score of a tie (50 for matchpoint %).
    """

    sigma: float
    residuals: np.ndarray
    z: np.ndarray
    rms: float
    thresholds: np.ndarray
    max_vp: int = 20
    negative: int = 0
    centre: float = 0.0

    def to_frame(self) -> pd.DataFrame:
        """One row per threshold: ``vp_winner``, ``vp_loser`` (of the outcome it starts),
        ``published`` and ``fitted`` (in displayed units, ``centre`` added) and
        ``residual`` (published − fitted)."""
        import pandas as pd

        j = np.arange(1, self.z.size + 1)
        half = self.max_vp // 2
        return pd.DataFrame(
            {
                "vp_winner": np.minimum(half + j, self.max_vp),
                "vp_loser": half - j,
                "published": self.centre + self.thresholds,
                "fitted": self.centre + self.sigma * self.z,
                "residual": self.residuals,
            }
        )


def fit_scale_sigma(thresholds, *, max_vp=20, negative=0, centre=0.0):
    """The σ of the Gaussian scale closest to a published threshold table.

    Parameters
    ----------
    thresholds : array_like or VPScale
        Published ascending thresholds (IMPs, points, or % with ``centre=50``).
    max_vp : int, optional
        The VP total of the table (20).
    negative : int, optional
        How many of the thresholds are negative-VP steps.
    centre : float, optional
        The score of a tie (50 for matchpoint % tables), subtracted first.

    Returns
    -------
    ScaleFit

    Notes
    -----
    The Gaussian thresholds are linear in σ, t_k = σ z_k, so least squares has the
    closed form

    .. math:: \\hat\\sigma = \\frac{\\sum_k z_k t_k}{\\sum_k z_k^2}

    For tables of whole-IMP band starts L, the continuous threshold lies in (L − 1, L]:
    pass ``L - 0.5`` for an unbiased fit.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 and Table 8 ("the STD of the 2004
       table is 9.59"; "Max settled on STD = 11%"; the EBU 2006 column, shipped as
       ``data/seeds/ebu_swiss_pairs_7_9.csv``).

    Examples
    --------
    The EBU Swiss pairs table for 7-9 boards:

    >>> fit = fit_scale_sigma([50.65, 51.98, 53.33, 54.74, 56.23, 57.83, 59.64, 61.75,
    ...                        64.40, 68.35], centre=50)
    >>> round(fit.sigma, 2), round(float(np.abs(fit.residuals).max()), 3)
    (11.0, 0.007)
    >>> fit.to_frame().round(3).tail(2)
       vp_winner  vp_loser  published  fitted  residual
    8         19         1      64.40  64.401    -0.001
    9         20         0      68.35  68.352    -0.002
    """
    if isinstance(thresholds, VPScale):
        scale = thresholds
        t = np.asarray(scale.thresholds)
        max_vp, negative, centre = scale.max_vp, scale.negative, scale.centre
    else:
        t = as_finite_array(thresholds, "thresholds").ravel() - check_number(_one(centre), "centre")
    z = gaussian_z(max_vp, negative=negative)
    if t.size != z.size:
        raise fail(
            "thresholds",
            f"{z.size} margins (a {max_vp}-0 scale with {negative} negative steps)",
            t.tolist(),
        )
    sigma = float(z @ t / (z @ z))
    if sigma <= 0:
        raise fail("thresholds", "above the centre (a fitted sigma > 0)", t.tolist())
    residuals = t - sigma * z
    rms = float(np.sqrt(np.mean(residuals**2)))
    return ScaleFit(sigma, residuals, z, rms, t, int(max_vp), int(negative), float(centre))


def event_scale(
    form,
    n_boards,
    *,
    k=None,
    sigma=None,
    max_vp=20,
    negative=0,
    n_tables=None,
    comparisons=None,
    n_results=None,
    ascherman=False,
):
    """The Gaussian scale for an event: σ from the form's model (or given), then the scale.

    Parameters
    ----------
    form : str
        An event form id of :data:`bridgestats.forms.FORMS` (``"teams"``, ``"cross_imps"``,
        ``"butler"``, ``"butler_online"``, ``"swiss_pairs"``, ``"aggregate"``).
    n_boards : int
        Boards per match, > 0 and at most :data:`MAX_BOARDS` (500).
    k : float, optional
        Per-board σ of Probst's model (default: the model's, see
        :func:`bridgestats.forms.form_sigma`).
    sigma : float, optional
        The match σ directly (instead of ``k``; the evidence's σ of
        :func:`bridgestats.evidence.evidence_sigma` is given so); > 0 and at most
        :data:`MAX_SIGMA` (10⁶), which the σ from ``k`` must also respect.
    max_vp, negative : int, optional
        The scale's total and negative steps (see :func:`gaussian_scale` for their ranges).
    n_tables : float, optional
        Tables in play, for the forms whose model takes them (the Butler forms).
    comparisons, n_results : float, optional
        C and R for ``cross_imps`` (default 4 and 4). For ``swiss_pairs``, ``n_results`` is
        the field size: σ then comes from the normal-scoring 20-0 of
        :func:`bridgestats.sigma.swiss_pairs_top_percent` (§4, §11) instead of ``k``.
    ascherman : bool, optional
        ``swiss_pairs`` only: σ from the Ascherman 20-0 (§11), field size irrelevant.

    Returns
    -------
    VPScale
        With the form's ``unit``, ``centre`` (50 for Swiss pairs) and ``step`` (1 IMP, 10
        points; None for percentages) from its :class:`~bridgestats.forms.EventForm`.

    Notes
    -----
    σ, in order of precedence: ``sigma``; for Swiss pairs with ``n_results`` or
    ``ascherman``, (P₂₀₋₀ − 50)/z_top; otherwise the form's model with ``k``.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3-5, §10, §11.

    Examples
    --------
    >>> event_scale("swiss_pairs", 8, sigma=11).to_frame()["score_from"].round(2).tolist()[:3]
    [50.0, 50.66, 51.98]
    >>> round(event_scale("swiss_pairs", 8, n_results=63).thresholds[-1] + 50, 2)  # §11
    67.39
    """
    entry = event_form(form)
    # one scale: every number is one number (ranges are checked by the models)
    n_boards = check_number(_one(n_boards), "n_boards", low=0, high=MAX_BOARDS, low_open=True)
    for name, value in {
        "k": k,
        "sigma": sigma,
        "n_tables": n_tables,
        "comparisons": comparisons,
        "n_results": n_results,
    }.items():
        if value is not None:
            check_number(_one(value), name)
    ascherman = check_flag(ascherman, "ascherman")
    negative = _negative(negative)
    if sigma is not None and k is not None:
        raise fail("sigma", "None when k is given (give one of them, not both)", sigma)
    swiss_top = form == "swiss_pairs" and (n_results is not None or ascherman)
    if ascherman and form != "swiss_pairs":
        raise fail("ascherman", "False unless form is 'swiss_pairs'", ascherman)
    if swiss_top and (k is not None or sigma is not None):
        name = "k" if k is not None else "sigma"
        raise fail(
            name,
            "None with results/ascherman (the Swiss pairs field model replaces k/sigma)",
            k if k is not None else sigma,
        )
    if n_results is not None and form != "swiss_pairs" and "n_results" not in entry.options:
        raise fail("n_results", "None unless form is 'cross_imps' (R) or 'swiss_pairs' (the "
                   "field size)", n_results)  # fmt: skip
    options = {"n_tables": n_tables, "comparisons": comparisons}
    if not swiss_top:
        options["n_results"] = n_results
    options = {name: value for name, value in options.items() if value is not None}
    if swiss_top:
        top = swiss_pairs_top_percent(
            n_boards,
            n_results=21 if n_results is None else n_results,
            ascherman=ascherman,
            max_vp=max_vp,
        )
        sigma = sigma_from_top(top, max_vp=max_vp, centre=50.0)
    elif sigma is None:
        sigma = form_sigma(form, n_boards, k=k, **options)
    else:  # the model's options mean nothing beside a given σ, but still must fit the form
        for name, value in options.items():
            if name not in entry.options:
                form_sigma(form, n_boards, **{name: value})  # raises, naming the option
    sigma = check_number(_one(sigma), "sigma", low=0, high=MAX_SIGMA, low_open=True)
    title = entry.name[:1].upper() + entry.name[1:]  # the form's display name
    name = f"{title}, {_num(n_boards)} boards, σ {sigma:.4g} {entry.unit}"
    if negative:
        name += f", {negative} negative VPs"
    return gaussian_scale(
        max_vp,
        sigma=sigma,
        negative=negative,
        centre=entry.centre,
        unit=entry.unit,
        step=entry.step,
        name=name,
    )


# --- WBF 2013 --------------------------------------------------------------------------------

# the golden-ratio conjugate of the WBF formula (the WBF Scoring Panel's 2013 technical
# report, reference [2] of the module docstring)
_TAU = (math.sqrt(5.0) - 1.0) / 2.0


def _wbf_x(n_boards: float) -> float:
    return 15.0 * math.sqrt(n_boards)


def _wbf_curve(imp_margin, n_boards: float) -> np.ndarray:
    """The winner's VP on the unrounded WBF curve, capped at 20."""
    x = _wbf_x(n_boards)
    v = 10.0 + 10.0 * (1.0 - _TAU ** (3.0 * imp_margin / x)) / (1.0 - _TAU**3)
    return np.minimum(v, 20.0)


def _wbf_hundredths(n_boards: float) -> np.ndarray:
    """Winner's VPs in hundredths for IMP margins 0, 1, ... up to the first 20.00.

    Half-up rounding to 2 decimals, then the concavity correction: while some IMP is
    worth more than the one before it (d[m+1] > d[m], with d[m] = c[m+1] − c[m]), add 0.01
    to the value between them, at margin m + 1. The
    curve reaches 20 at ceil(15√N); for some N (e.g. 111) the value one IMP earlier
    already rounds to 20.00, and the table stops there.
    """
    top = math.ceil(_wbf_x(n_boards))
    v = _wbf_curve(np.arange(top + 1, dtype=float), n_boards)
    c = np.floor(v * 100.0 + 0.5 + 1e-9).astype(np.int64)
    while True:
        d = np.diff(c)
        bad = np.flatnonzero(d[1:] > d[:-1])
        if bad.size == 0:
            return c[: int(np.argmax(c == 2000)) + 1]
        c[bad + 1] += 1


def _wbf_discrete_uppers(n_boards: float) -> np.ndarray:
    """Upper IMP margins u0..u9 of the discrete bands 10, ..., 19 (see :func:`wbf_vp`)."""
    x = _wbf_x(n_boards)
    v = np.arange(10.5, 20.0, 1.0)
    # inverse of the curve at half VPs, floored
    u = np.floor(
        x / 3.0 * np.log(1.0 - (v - 10.0) * (1.0 - _TAU**3) / 10.0) / np.log(_TAU) + 1e-9
    ).astype(np.int64)
    while True:
        if u[1] - u[0] < 2 * u[0] + 1 and u[0] > 0:
            u[0] -= 1
            continue
        widths = np.diff(u)  # band j + 1 holds widths[j] margins
        narrower = np.flatnonzero(widths[1:] < widths[:-1])
        if narrower.size == 0:
            return u
        u[narrower[0] + 1] -= 1


def wbf_vp(imp_margin, n_boards, *, discrete=False):
    """VPs on the WBF 2013 scale for whole-IMP margins (negative: the losing side).

    Parameters
    ----------
    imp_margin : int or array_like
        Match margins in whole IMPs, from the side whose VPs are wanted.
    n_boards : int or array_like
        Boards in the match, whole numbers 1 to :data:`MAX_BOARDS` (500); broadcast against
        ``imp_margin`` (shapes that do not broadcast raise, naming both).
    discrete : bool, optional
        The 0-20 whole-VP version instead of the 2-decimal one.

    Returns
    -------
    float or ndarray
        VPs (2 decimals, or whole VPs with ``discrete=True``); the two sides sum to 20.

    Notes
    -----
    With τ = (√5 − 1)/2 and X = 15√N, the winner of an M-IMP match gets [1]_

    .. math:: V = 10 + 10\\,\\frac{1 - \\tau^{3M/X}}{1 - \\tau^3}, \\quad V \\le 20

    and the loser 20 − V. The published tables round V half-up to 2 decimals, then add
    0.01 wherever the next IMP would be worth more than the previous one, until the
    table is concave. The discrete version's band upper ends are the curve's inverse at
    10.5, 11.5, ..., 19.5, floored, then widened from the bottom until no band is
    narrower than the one below it (the 10-10 band holding 2·u₀ + 1 margins).

    References
    ----------
    .. [1] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF
       IMP to VP Scales: Technical Report of the WBF Scoring Panel", World Bridge
       Federation, 2013 (worldbridge.org): the continuous scale, its rounding and
       concavity correction, and the discrete 0-20 scale; the 8-board values of the
       published tables are the doctest.

    Examples
    --------
    >>> wbf_vp([1, 10, 40, 43, -10], 8).tolist()
    [10.44, 13.78, 19.74, 20.0, 6.22]
    >>> wbf_vp([0, 3, 4, 16, 17, 38, 39], 8, discrete=True).tolist()
    [10, 11, 12, 15, 16, 19, 20]
    """
    m = check_whole(imp_margin, "imp_margin")  # the WBF tables are for whole IMPs
    n = check_whole(n_boards, "n_boards", minimum=1, maximum=MAX_BOARDS)
    discrete = check_flag(discrete, "discrete")
    m, n = check_broadcast(imp_margin=m, n_boards=n)
    if m.size == 0:  # no results: no tables to build
        return np.zeros(m.shape, dtype=np.int64 if discrete else float)
    # one lookup table per distinct board count (winner's VPs, in hundredths, for margins
    # 0 ... the first 20.00), concatenated, then one vectorised lookup for all results
    boards, which = np.unique(n, return_inverse=True)
    tables = [_wbf_winner_table(int(nb), discrete) for nb in boards]
    sizes = np.array([t.size for t in tables])
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    flat = np.concatenate(tables)
    which = which.reshape(m.shape)
    a = np.minimum(np.abs(m), sizes[which] - 1)
    win = flat[offsets[which] + a]
    out = np.where(m >= 0, win, 2000 - win)
    out = out // 100 if discrete else out / 100.0
    return out[()] if out.ndim == 0 else out


def _wbf_winner_table(n_boards: int, discrete: bool) -> np.ndarray:
    """Winner's VPs in hundredths for whole margins 0, 1, ... up to the first 20 VPs."""
    if not discrete:
        return _wbf_hundredths(float(n_boards))
    u = _wbf_discrete_uppers(float(n_boards))
    return 100 * (10 + np.searchsorted(u, np.arange(u[-1] + 2), side="left"))


def wbf_scale(n_boards, *, discrete=True) -> VPScale:
    """The WBF 2013 scale for ``n_boards`` as a :class:`VPScale`: discrete 0-20 or continuous.

    Parameters
    ----------
    n_boards : int
        Boards in the match, a whole number 1 to :data:`MAX_BOARDS` (500).
    discrete : bool, keyword-only
        The whole-VP 0-20 scale (the default); ``False``: the continuous scale's
        2-decimal VPs (one outcome per distinct VP score, in :attr:`VPScale.vp_table`).

    Returns
    -------
    VPScale
        Discrete: thresholds u₀ + 1, ..., u₉ + 1, the first IMP margin of each band 11,
        ..., 20 (see :func:`wbf_vp` for the band rule). Continuous: a threshold at each
        whole IMP margin where the winner's VPs change (1, 2, ... up to the first 20.00).
        ``unit="IMPs"``, ``step=1``: margins are whole IMPs, and one earns an outcome when
        it reaches its threshold.

    References
    ----------
    .. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
       Scoring Panel", World Bridge Federation, 2013 (worldbridge.org): the discrete 0-20
       scale (8 boards: 0 → 10, 1-3 → 11, ..., 31-38 → 19, 39+ → 20) and the continuous
       one (8 boards: 1 IMP 10.44, 10 IMPs 13.78, 20.00 from 43).

    Examples
    --------
    >>> wbf_scale(8).thresholds
    (1.0, 4.0, 7.0, 10.0, 13.0, 17.0, 21.0, 26.0, 31.0, 39.0)
    >>> s = wbf_scale(8, discrete=False)
    >>> len(s.labels), s.labels[:2], s.vp([1, 10, -10, 43]).tolist()
    (44, ['10-10', '10.44-9.56'], [10.44, 13.78, 6.22, 20.0])
    """
    nb = _n_boards(n_boards)
    if not check_flag(discrete, "discrete"):
        win = _wbf_hundredths(float(nb))
        keep = np.concatenate([[0], np.flatnonzero(np.diff(win) != 0) + 1])
        w = win[keep]
        return VPScale(
            tuple(float(m) for m in keep[1:]),
            unit="IMPs",
            step=1,
            name=f"WBF 2013 continuous, {nb} boards",
            vp_table=tuple((x / 100.0, (2000 - x) / 100.0) for x in w.tolist()),
        )
    u = _wbf_discrete_uppers(float(nb))
    return VPScale(
        tuple((u + 1).astype(float)),
        unit="IMPs",
        step=1,
        name=f"WBF 2013 discrete, {nb} boards",
    )


def wbf_table(n_boards, *, discrete=False) -> pd.DataFrame:
    """The WBF 2013 scale for ``n_boards`` as a frame.

    Parameters
    ----------
    n_boards : int
        Boards in the match, a whole number 1 to :data:`MAX_BOARDS` (500).
    discrete : bool, optional
        The whole-VP 0-20 version (band ranges) instead of the 2-decimal table.

    Returns
    -------
    DataFrame
        Continuous: one row per whole-IMP margin from 0 to the first with 20.00
        (ceil(15√N), or one less when that already rounds to 20.00),
        columns ``imp_margin``, ``vp_winner``, ``vp_loser``. Discrete: the
        :meth:`VPScale.integer_ranges` of :func:`wbf_scale`.

    Notes
    -----
    The formula, rounding and concavity correction are those of :func:`wbf_vp`.

    References
    ----------
    .. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
       Scoring Panel", World Bridge Federation, 2013 (worldbridge.org) (8 boards: 1 IMP
       10.44, 10 IMPs 13.78, 40 IMPs 19.74, 20.00 from 43).

    Examples
    --------
    >>> wbf_table(8).tail(2)
        imp_margin  vp_winner  vp_loser
    42          42      19.95      0.05
    43          43      20.00      0.00
    """
    if check_flag(discrete, "discrete"):
        return wbf_scale(n_boards).integer_ranges()
    import pandas as pd

    nb = _n_boards(n_boards)
    c = _wbf_hundredths(float(nb))
    return pd.DataFrame(
        {"imp_margin": np.arange(c.size), "vp_winner": c / 100.0, "vp_loser": (2000 - c) / 100.0}
    )
