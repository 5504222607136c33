"""The claims of Bridge Club Live's PPI page side by side with the measured figures, each
with its interval and a verdict (:func:`page_claims`): the newcomer example, a top or a
bottom, a board's share, the half-life of three months and the band of 3 to 5 %, measured by
:mod:`bridgestats.studies.ppi` and computed from the formula (:mod:`bridgestats.ratings.ppi`).

References
----------
.. [1] Bridge Club Live, "PPI" page (bridgeclublive.com): the formula, the weighting rules
   and the claims tested here (the newcomer example, a top or a bottom, a board's share,
   the half-life at 416 boards a quarter, the band of 3 to 5 %).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from .._validate import check_number, fail
from ..ratings.ppi import update, weighting
from .ppi import _ESTABLISHED_K, PAGE_ACTIVITY, HalfLife, Wander, newcomer_claim

__all__ = ["VERDICTS", "page_claims"]


# claim id, the page's sentence [1], the condition it is tested under, the page's figure as
# printed, and the interval of measured values that confirm it (the page's figure with a
# tolerance for its rounding: ±0.5 % on "about 46 %", ±0.005 on "approximately 0.08 %",
# 2 % relative on a board's share, ±0.5 month on "three months", the band as given)
_CLAIMS = (
    (
        "newcomer_46",
        "over 12 boards the newcomer scores 40% overall. His PPI will go down from 50% to "
        "about 46% straight away",
        "a table of three regulars held at 50 %",
        "about 46 %",
        45.5,
        46.5,
    ),
    (
        "newcomer_46_moving",
        "over 12 boards the newcomer scores 40% overall. His PPI will go down from 50% to "
        "about 46% straight away",
        "a table of three regulars at 50 %, rated too",
        "about 46 %",
        45.5,
        46.5,
    ),
    (
        "top_or_bottom_0_08",
        "a top or a bottom will increase or decrease your figure by approximately 0.08%",
        "a regular player (m = 600)",
        "0.08 %",
        0.075,
        0.085,
    ),
    (
        "board_share_sixth",
        "each board that has just been played will account for a sixth of one percent of "
        "your figure",
        "a regular player (m = 600)",
        "1/6 %",
        (100 / 600) * 0.98,
        (100 / 600) * 1.02,
    ),
    (
        "board_share_0_0167",
        "the most recent board that you play accounts for one six hundredth (or 0.0167%) of "
        "your PPI",
        "a regular player (m = 600)",
        "0.0167 %",
        0.0167 * 0.98,
        0.0167 * 1.02,
    ),
    (
        "half_life_fixed",
        "for a reasonably, but not extremely, active player playing 416 qualifying boards in "
        "a three month period an effect of halving-every-three-months would hold true",
        "fixed partnership, 416 boards per three months",
        "3 months",
        2.5,
        3.5,
    ),
    (
        "half_life_pickup",
        "for a reasonably, but not extremely, active player playing 416 qualifying boards in "
        "a three month period an effect of halving-every-three-months would hold true",
        "pick-up partners, 416 boards per three months",
        "3 months",
        2.5,
        3.5,
    ),
    (
        "wander_band",
        "for most players, your PPI will tend to vary within a band of around 3 to 5% in the "
        "long term",
        "pick-up partners, 416 boards per three months, 95 % band",
        "3 to 5 %",
        3.0,
        5.0,
    ),
)

# Claims whose page figure is the page's own slip, not a claim about the PPI: the figure it
# should have printed, and why.
_SLIPS = {
    "board_share_0_0167": (
        100 / 600,
        "the page's own slip: one six hundredth is 1/600 = 0.167 %, as its 'sixth of one "
        "percent' says; 0.0167 % is off by a factor of ten",
    ),
}

_CLAIM_COLUMNS = (
    "claim",
    "statement",
    "condition",
    "page_figure",
    "low",
    "high",
    "measured",
    "measured_se",
    "measured_lo",
    "measured_hi",
    "verdict",
    "note",
)

#: The verdicts of :func:`page_claims`.
VERDICTS = ("confirmed", "refuted", "undecided", "page's slip")


def page_claims(*, half_life_fixed, half_life_pickup, wander, newcomer=None, confidence=0.95):
    """The page's claims, each with the measured figure, its interval and a verdict.

    Parameters
    ----------
    half_life_fixed, half_life_pickup : HalfLife
        :func:`~bridgestats.studies.ppi.shock_response` at :data:`PAGE_ACTIVITY` (416)
        boards per three months, fixed and pick-up partnerships; their median half-life in
        months is measured.
    wander : Wander
        :func:`~bridgestats.studies.ppi.stationary_wander` of regulars (pick-up partners,
        416 boards per three months); its median 95 % band is measured.
    newcomer : float, optional
        :func:`~bridgestats.studies.ppi.newcomer_claim` with the table rated too (exact);
        computed when omitted.
        The figure with the table held at 50 % is always computed here.
    confidence : float
        Level of the interval on each Monte Carlo figure (0.5-0.9999; 0.95):
        measured ± z·se, z the normal quantile.

    Returns
    -------
    pandas.DataFrame
        One row per claim: ``claim`` (a short id), ``statement`` (the page's sentence),
        ``condition`` (what the claim is tested on), ``page_figure`` (the page's figure as
        printed), ``low`` and ``high`` (the measured values that confirm it: the page's
        figure with the tolerance of its rounding), ``measured``, ``measured_se`` (its
        Monte Carlo standard error; 0 for the figures computed exactly from the formula),
        ``measured_lo`` and ``measured_hi`` (its interval), ``verdict`` and ``note``.
        The verdict (:data:`VERDICTS`) is drawn from the interval, not the point:
        ``"confirmed"`` when the whole interval lies in [low, high], ``"refuted"`` when
        none of it does, ``"undecided"`` otherwise (more simulation would decide it), and
        ``"page's slip"`` where the page's figure is a misprint of its own other figure
        (``note`` says which).

    Notes
    -----
    The top-or-bottom claim and the two figures the page gives for a board's share of the
    PPI at m = 600 [1]_ are computed here from :func:`~bridgestats.ratings.ppi.update` and
    :func:`~bridgestats.ratings.ppi.weighting`: 50/600 = 0.0833 % and 100/600 = 0.1667 %,
    so "one six hundredth (or 0.0167%)" is off by a factor of ten: the page's own slip for
    1/600 = 0.167 %, which its "sixth of one percent" states correctly.

    Examples
    --------
    >>> from bridgestats.studies.ppi import shock_response, stationary_wander
    >>> hl = {p: shock_response(partnership=p, n_players=40, n_shocked=4, rng=3)
    ...       for p in ("fixed", "pickup")}
    >>> wd = stationary_wander(n_players=40, n_months=36, rng=2)
    >>> claims = page_claims(half_life_fixed=hl["fixed"], half_life_pickup=hl["pickup"],
    ...                      wander=wd)
    >>> for row in claims.iloc[[0, 2, 4]].itertuples():
    ...     print(f"{row.claim}: {row.measured:.4f} {row.verdict}")
    newcomer_46: 46.3470 confirmed
    top_or_bottom_0_08: 0.0833 confirmed
    board_share_0_0167: 0.1667 page's slip
    """
    for name, value, kind in (
        ("half_life_fixed", half_life_fixed, HalfLife),
        ("half_life_pickup", half_life_pickup, HalfLife),
        ("wander", wander, Wander),
    ):
        if not isinstance(value, kind):
            raise fail(name, f"a {kind.__name__}", type(value).__name__)
    if newcomer is None:
        newcomer = newcomer_claim()
    newcomer = check_number(newcomer, "newcomer", low=0, high=100)
    confidence = check_number(confidence, "confidence", low=0.5, high=0.9999)
    z = float(norm.ppf(0.5 + confidence / 2))
    top = float(update(50.0, 100.0, 50.0, 50.0, 50.0, k=_ESTABLISHED_K, w=PAGE_ACTIVITY)) - 50.0
    share = 100.0 / float(weighting(_ESTABLISHED_K, PAGE_ACTIVITY, 50.0))  # % per board
    measured = {
        "newcomer_46": (newcomer_claim(others="held"), 0.0),
        "newcomer_46_moving": (newcomer, 0.0),
        "top_or_bottom_0_08": (top, 0.0),
        "board_share_sixth": (share, 0.0),
        "board_share_0_0167": (share, 0.0),
        "half_life_fixed": (half_life_fixed.months, half_life_fixed.months_se),
        "half_life_pickup": (half_life_pickup.months, half_life_pickup.months_se),
        "wander_band": (wander.band, wander.band_se),
    }
    rows = []
    for claim, statement, condition, figure, low, high in _CLAIMS:
        value, se = measured[claim]
        lo, hi = value - z * se, value + z * se
        note = ""
        if not np.isfinite(se):
            verdict = "undecided"
            note = "no standard error (too few shocked players halved)"
        elif low <= lo and hi <= high:
            verdict = "confirmed"
        elif hi < low or lo > high:
            verdict = "refuted"
        else:
            verdict = "undecided"
            note = "the interval straddles the claim's bound: simulate more players"
        if claim in _SLIPS:
            meant, why = _SLIPS[claim]
            if abs(value - meant) <= 1e-9 * meant:
                verdict, note = "page's slip", why
        rows.append(
            (
                claim,
                statement,
                condition,
                figure,
                low,
                high,
                float(value),
                float(se),
                float(lo),
                float(hi),
                verdict,
                note,
            )
        )
    return pd.DataFrame(rows, columns=list(_CLAIM_COLUMNS))
