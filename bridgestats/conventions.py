"""The conventions of the scoring programs clubs use: one entry per program.

Two programs scoring the same travellers print different figures where the Laws leave
the scorer a choice: how a board played fewer times is factored, whether board scores
are rounded before they are added, how a pair that sat out is totalled, how the Butler
datum is taken. Each program's choices are one :class:`Conventions` in
:data:`CONVENTIONS`; :func:`conventions_of` picks the entry a file names (USEBIO
``PROGRAM_NAME``, PBN ``Generator``), :data:`DEFAULT` (Neuberg) where it names none.
A rule is a small function of :data:`FACTORING`, chosen by the entry's id (as
``scipy.stats.page_trend_test`` dispatches its methods), never a branch in the scorer.

Adding a program is one entry here: ``bridgestats score --conventions ID`` then offers
it, and a file naming the program is scored by it.

References
----------
.. [1] M. Bavin, "The Neuberg formula: match-pointing boards with an unequal number of
   scores", English Bridge Union (ebu.co.uk), Laws & Ethics articles.
.. [2] Issue 35 of this project, "Other programs' conventions are missing": ScoreBridge
   "does not factor a board played fewer times by Neuberg: each missing result is
   credited to every pair on the board as a tie (one matchpoint on a two-per-beat top),
   and a pair that did not play a board is scored over the boards it played".
.. [3] S. Hein, VALET (github.com/valet-bridge/valet, Apache-2.0), ``src/hand/Hand.cpp``
   ``Hand::calculateScores`` (the Butler datum is ``average(ownScoreVector)``, the mean
   of the board's scores by C++ integer division, ``sum / n``, in
   ``src/hand/products.cpp``) and ``src/scoring.cpp`` ``CalculateIMPs`` (a difference is
   rounded to 10 before the IMP table: "374 -> 370, 375 -> 380").
.. [4] The Compscore3 sessions of ``../shared/data/usebio`` (Australian clubs, 2026):
   161 of 161 printed line matchpoints, the Butler datum and IMPs of 140 lines and the
   cross-IMPs of 108 lines reproduced with the rules of its entry.
.. [5] VALET's own per-pair Butler output (``data/2005-World/Men/datum.txt`` of [3]): the
   boards and IMPs per board of the 69 pairs of the 2005 Bermuda Bowl round robin,
   reproduced to its two decimals from the same results (``data/derived/valet_datum.csv``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CONVENTIONS",
    "DEFAULT",
    "FACTORING",
    "Conventions",
    "check_conventions",
    "conventions_of",
    "neuberg_factoring",
    "tied_factoring",
]


# --------------------------------------------------------------------------- the rules


def neuberg_factoring(mp, n_results, n_expected, *, per_beat=2, credit=None):
    """Neuberg's formula: each of the A results counts E/A times, (M + p/2)·E/A − p/2 [1]_.

    A missing result is credited like the results present (``credit`` is not used).

    Examples
    --------
    >>> float(neuberg_factoring(6, 4, 5))  # a top of 6 on 4 results, factored to 5
    7.75
    """
    from .scoring import neuberg

    return neuberg(mp, n_results, n_expected, per_beat=per_beat)


def tied_factoring(mp, n_results, n_expected, *, per_beat=2, credit=0.5):
    """Each missing result credited to every result on the board as ``credit`` beats, a
    tie for 0.5 [2]_: M + credit·p·(E − A), on the same top p·(E − 1) as Neuberg's.

    Both rules give the board's average p(E − 1)/2 to the field; they differ on how far
    from the average a result on a short board can score (a top of 4 results factored
    to 5: 6 + 1 = 7 here, 7.75 by Neuberg).

    Examples
    --------
    >>> float(tied_factoring(6, 4, 5))
    7.0
    """
    import numpy as np

    m = np.asarray(mp, dtype=float)
    missing = np.asarray(n_expected, float) - np.asarray(n_results, float)
    out = m + credit * per_beat * missing
    return out[()] if np.ndim(out) == 0 else out


#: How a board played fewer times than expected is brought to the expected top, by id:
#: ``f(mp, n_results, n_expected, *, per_beat, credit)`` -> matchpoints on the expected top.
FACTORING = {"neuberg": neuberg_factoring, "tied": tied_factoring}

#: How a pair's total is written where it played fewer boards than the most of its
#: section: ``"summed"`` (its boards added up), ``"scaled"`` (scaled to the most boards,
#: Compscore: 124.0 on 26 of 27 boards printed 128.77), ``"either"`` (whichever more
#: printed totals agree with, for a program whose rule is not known).
TOTALS = ("summed", "scaled", "either")

#: What a pair's percentage is taken over: ``"played"``, the tops of the boards it
#: played (every program here: a board a pair did not play is not counted against it).
PERCENTAGE_BASES = ("played",)


# --------------------------------------------------------------------------- the catalogue


@dataclass(frozen=True)
class Conventions:
    """One scoring program's conventions.

    Attributes
    ----------
    id : str
        Its id (``bridgestats score --conventions ID``).
    name : str
        Its display name.
    programs : tuple of str
        How files name the program (USEBIO ``PROGRAM_NAME``, PBN ``Generator``), matched
        case-insensitively at the start of the name (``"compscore"`` takes
        ``Compscore3``).
    factoring : str
        A rule of :data:`FACTORING`: how a board played fewer times is scored.
    missing_credit : float
        What each missing result is worth to a result on a short board, in beats: 0.5 a
        tie (ScoreBridge); for Neuberg the formula stands for it (``nan``: none alone).
    board_decimals : int or None
        Board scores rounded to this many decimals before they are added (ACBLscore: 2),
        ``None``: the exact scores are added.
    total : str
        One of :data:`TOTALS`.
    percentage_base : str
        One of :data:`PERCENTAGE_BASES`.
    datum : str
        The Butler datum rule (:data:`bridgestats.scoring.DATUMS`).
    trim : float
        For ``datum="trimmed"``: the share of the results dropped at each end.
    gaps : str
        How a score difference between two IMP bands is read
        (:data:`bridgestats.scoring.GAP_RULES`): ``"upper"`` or ``"midpoint"`` (rounded
        to 10, halves up).
    source : str
        Where the rules come from.
    """

    id: str
    name: str
    programs: tuple = ()
    factoring: str = "neuberg"
    missing_credit: float = float("nan")
    board_decimals: int | None = None
    total: str = "either"
    percentage_base: str = "played"
    datum: str = "trimmed"
    trim: float = 0.1
    gaps: str = "upper"
    source: str = ""

    def factor(self, mp, n_results, n_expected, *, per_beat=2):
        """The matchpoints ``mp`` of a board of ``n_results`` on the top of
        ``n_expected`` results, by this program's :data:`FACTORING` rule."""
        rule = FACTORING[self.factoring]
        return rule(mp, n_results, n_expected, per_beat=per_beat, credit=self.missing_credit)

    def __post_init__(self):
        from ._validate import check_choice

        check_choice(self.factoring, "factoring", tuple(FACTORING))
        check_choice(self.total, "total", TOTALS)
        check_choice(self.percentage_base, "percentage_base", PERCENTAGE_BASES)
        # scoring.DATUMS, written out: this catalogue is read without pandas (the command
        # line lists it); tests/conventions checks the two agree
        check_choice(self.datum, "datum", ("trimmed", "mean", "rounded", "whole"))
        check_choice(self.gaps, "gaps", ("upper", "midpoint"))


#: The programs' conventions, by id. :data:`DEFAULT` where a file names no program here.
CONVENTIONS = {
    c.id: c
    for c in (
        Conventions(
            "neuberg",
            "Neuberg (no program named)",
            source="Neuberg's formula [1]; the Butler datum trimmed by a tenth at each end",
        ),
        Conventions(
            "compscore",
            "Compscore",
            programs=("compscore",),
            total="scaled",
            source="measured on real Compscore3 sessions [4]: Neuberg factoring, a "
            "sit-out pair's total scaled to the section's most boards, the Butler datum "
            "trimmed by a tenth at each end",
        ),
        Conventions(
            "scorebridge",
            "ScoreBridge",
            programs=("scorebridge",),
            factoring="tied",
            missing_credit=0.5,
            total="summed",
            source="issue 35 [2]: each missing result a tie with every pair, a pair "
            "scored over the boards it played",
        ),
        Conventions(
            "acblscore",
            "ACBLscore",
            programs=("acblscore", "acbl score"),
            board_decimals=2,
            total="summed",
            source="the ACBL club recaps of ../shared/data: board matchpoints printed to "
            "two decimals and totalled as printed",
        ),
        Conventions(
            "valet",
            "VALET",
            programs=("valet",),
            datum="whole",
            gaps="midpoint",
            total="summed",
            source="VALET's source [3]: the datum is the mean of the board's scores cut to "
            "whole points (integer division), a difference rounded to 10 (halves up) "
            "before the IMP table; its per-pair Butler output reproduced for all 69 pairs "
            "of a championship [5]",
        ),
    )
}

DEFAULT = CONVENTIONS["neuberg"]


def check_conventions(conventions) -> Conventions:
    """A :class:`Conventions` or the id of one of :data:`CONVENTIONS` (``None``:
    :data:`DEFAULT`), as the entry."""
    if conventions is None:
        return DEFAULT
    if isinstance(conventions, Conventions):
        return conventions
    from ._validate import check_choice

    return CONVENTIONS[check_choice(conventions, "conventions", tuple(CONVENTIONS))]


def conventions_of(programs) -> tuple[Conventions, str]:
    """The conventions of the program a file names, and why they were chosen.

    Parameters
    ----------
    programs : iterable of str
        The program names the file writes (USEBIO ``PROGRAM_NAME``, PBN ``Generator``).

    Returns
    -------
    (Conventions, str)
        The first entry of :data:`CONVENTIONS` one of the names starts with (case
        ignored), and ``"PROGRAM_NAME Compscore3"``-like words; else :data:`DEFAULT` and
        ``"no program named"`` (or ``"program X: not in the catalogue"``).

    Examples
    --------
    >>> c, why = conventions_of(["Compscore3"])
    >>> c.id, why
    ('compscore', 'the file names Compscore3')
    >>> conventions_of([])[0].id
    'neuberg'
    """
    names = [str(p).strip() for p in programs if p is not None and str(p).strip()]
    for name in dict.fromkeys(names):
        low = name.lower()
        for c in CONVENTIONS.values():
            if any(low.startswith(p) for p in c.programs):
                return c, f"the file names {name}"
    if names:
        return DEFAULT, f"the file names {names[0]}, not in the catalogue"
    return DEFAULT, "no program named"
