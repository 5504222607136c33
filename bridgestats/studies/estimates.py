"""The shared ground of the estimates the reports use: the shipped data sets, the
:class:`Estimate` every one of them is, and Probst's printed figures.

Every estimate computes from the data the project ships and says so: its result names its
``source`` (the data set and the method), so that a report can print which estimate it used
and two reports cannot use two different figures for one quantity. The estimates
themselves are in the room of their study: the K of board swings
(:mod:`~bridgestats.studies.k_estimates`), the K(n) model and δ
(:mod:`~bridgestats.studies.k_growth`), the Brighton σ (:mod:`~bridgestats.studies.brighton`)
and what a scale does under σ (:mod:`~bridgestats.studies.frequencies`).

Printed figures (``seeds/probst_printed_figures``): :func:`printed_figures`, and
:func:`printed` for one of them, as an :class:`Estimate` like the others.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3, §10
   and §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from .. import datasets
from .._validate import (
    check_choice,
)

__all__ = [
    "BANDS",
    "CONDITIONS",
    "COUNTS",
    "MATCHES",
    "PRINTED",
    "SCALES",
    "SCORED_ON",
    "Estimate",
    "printed",
    "printed_figures",
]


#: The shipped data sets behind the estimates.
MATCHES = "derived/match_margins"
COUNTS = "seeds/brighton_2005_vp_counts"
SCALES = "seeds/swiss_pairs_scales"
PRINTED = "seeds/probst_printed_figures"
#: The scale Brighton 2005 was scored on (Probst §11).
SCORED_ON = "washington_2004"
#: Bands of match length (boards, inclusive; None: no upper end) of
#: :func:`k_by_match_length`: the archive's matches cluster at 15-16 boards (1,541 of 2,330)
#: with 19-20 next (356); ≤10 holds 67 one-board "matches" (boards whose segment could
#: not be rebuilt) and the Cavendish's short matches, 21+ the untagged finals.
BANDS = ((1, 10), (11, 14), (15, 16), (17, 20), (21, None))
#: Conditions of use of a Swiss pairs scale and the Brighton rounds whose σ fits them
#: (:func:`swiss_pairs_sigma`).
CONDITIONS = {
    "whole_event": "all 14 rounds: random draws first, then pairs of like score",
    "random_draw": "the random-draw rounds (1-2): pairs of any strength meet",
    "swiss_rounds": "the second half (rounds 8-14): pairs sorted by score meet",
}


@dataclass(frozen=True)
class Estimate:
    """One estimate, with its interval and where it comes from.

    Attributes
    ----------
    name : str
        What is estimated (``"k_per_board"``, ``"sigma_whole_event"`` ...).
    value : float
    ci : tuple of float or None
        Interval at ``confidence`` (None when the source gives none).
    confidence : float or None
    n : int
        Observations behind it (boards, matches), as ``n_unit`` says.
    n_unit : str
    unit : str
        Unit of ``value`` (``"IMPs per board"``, ``"MP %"``).
    source : str
        The data set and the method, for a report to print.
    """

    name: str
    value: float
    ci: tuple[float, float] | None
    confidence: float | None
    n: int
    n_unit: str
    unit: str
    source: str


# --------------------------------------------------------------------------- printed figures


def printed_figures():
    """The single figures Probst's article prints (``seeds/probst_printed_figures``).

    Returns
    -------
    pandas.DataFrame
        Index ``figure``; the seed's columns (its README), and ``label``, who (what),
        as a table names the figure: "John Manning (for round robins)".
    """
    table = datasets.load(PRINTED, dtype={"printed": str}).set_index("figure")
    return table.assign(label=table["who"] + " (" + table["what"] + ")")


def printed(figure):
    """One printed figure as an :class:`Estimate` (its range as ``ci`` where printed).

    Parameters
    ----------
    figure : str
        A name of the ``figure`` column of ``seeds/probst_printed_figures``
        (``"cooke_random_draw_sigma"``, ``"k_manning"``, ``"sheffield_sigma"`` ...).

    Returns
    -------
    Estimate
        ``value`` as printed; ``ci`` the printed interval or range (None where there is
        none), ``confidence`` its level where the article states one; ``n`` is 1.

    Examples
    --------
    >>> e = printed("cooke_random_draw_sigma")
    >>> print(e.value, e.ci, e.confidence, e.source)
    11.73 (11.04, 12.55) 0.9 seeds/probst_printed_figures: Jonathan Cooke, as printed in Probst §11
    """
    table = printed_figures()
    row = table.loc[check_choice(figure, "figure", list(table.index))]
    has_range = pd.notna(row.range_low)
    return Estimate(
        name=figure,
        value=float(row.value),
        ci=(float(row.range_low), float(row.range_high)) if has_range else None,
        confidence=None if pd.isna(row.confidence) else float(row.confidence),
        n=1,
        n_unit="printed figure",
        unit=row.unit,
        source=f"{PRINTED}: {row.who}, as printed in Probst §{row.section}",
    )
