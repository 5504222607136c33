"""The catalogue of named VP scales: one entry per name, used by every part of the package.

A scale with a name (``"wbf"``, ``"washington_2004"``) is built here and only here, as a
:class:`~bridgestats.vp.VPScale` for a match of ``n_boards``: the simulators
(:mod:`bridgestats.sim`), the scale comparisons (:mod:`bridgestats.studies.scales`),
scoring an event (:mod:`bridgestats.apps.score`) and the command line take their
names from :data:`NAMED_SCALES`. A new named scale is one new entry (see
``CONTRIBUTING.md``), its display name in it (:data:`bridgestats.names.SCALES` reads the
entries, :data:`SCALE_NAMES`).

Scales that take a model's parameters rather than a name (a Gaussian scale for a K or a
σ, :func:`bridgestats.vp.event_scale`) are built by their functions, not listed.

The WBF entries are for simulated margins, which are not whole IMPs: the WBF tables are
defined for whole IMPs, so a margin is first rounded to the nearest whole IMP (its outcome
steps at 0.5, 1.5, ... IMPs, thresholds half an IMP below
:func:`~bridgestats.vp.wbf_scale`'s); on whole-IMP margins the two agree exactly.

References
----------
.. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
   Scoring Panel", World Bridge Federation, 2013 (worldbridge.org).
.. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), Table 8: the
   historical Swiss pairs scales for 7-9 boards (shipped as ``seeds/swiss_pairs_scales``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from .._validate import check_choice, check_int
from .._views import CatalogueView
from .scale import MAX_BOARDS, VPScale, scale_from_thresholds
from .wbf import wbf_scale

__all__ = [
    "NAMED_SCALES",
    "SCALE_NAMES",
    "SWISS_PAIRS_TABLES",
    "BookletPrint",
    "NamedScale",
    "named_scale",
    "team_scales",
]


@dataclass(frozen=True)
class BookletPrint:
    """How the booklet of VP scales (:mod:`bridgestats.apps.booklet`) prints a named scale.

    Attributes
    ----------
    boards : tuple of int or None
        One table for these board counts (a table made for 7-9 board matches); None: a
        column for every board count of the booklet.
    margins_down : bool
        The whole margins down and the winner's VPs inside (a continuous scale's 2-decimal
        VPs); False: the outcomes down and the first margin that earns each inside.
    sigma : float or None
        The match σ the published table was made for, when it says (the booklet's
        ``sigma`` column; None: blank).
    """

    boards: tuple[int, ...] | None = None
    margins_down: bool = False
    sigma: float | None = None


@dataclass(frozen=True)
class NamedScale:
    """One named scale of the catalogue.

    Attributes
    ----------
    id : str
        Its id (snake_case, as every id of the package).
    unit : str
        The margins' unit: ``"IMPs"`` or ``"MP %"`` (a simulator's board model must match).
    build : callable
        ``build(n_boards) -> VPScale`` (the Swiss pairs tables ignore ``n_boards``).
    source : str
        Where the scale comes from, one line.
    raw : bool
        The scale scores the margin itself (total IMPs or MP %), not VPs.
    name : str
        What a reader sees in place of the id (every page, table and the booklet;
        :func:`bridgestats.names.display_name` ``("scale", id)``).
    booklet : BookletPrint or None
        How the booklet of VP scales prints it (None: the booklet leaves it out). A scale
        marked here is a section of the booklet, named by :attr:`name`.
    """

    id: str
    unit: str
    build: Callable[[int], VPScale]
    source: str
    name: str = ""
    raw: bool = False
    booklet: BookletPrint | None = None

    def __post_init__(self):
        if not self.name:
            raise ValueError(f"NamedScale {self.id!r}: a display name (name=...) is required")


def _whole_imps(scale: VPScale, name: str) -> VPScale:
    """``scale`` (thresholds at whole IMPs) for margins rounded to the nearest whole IMP."""
    return dataclasses.replace(
        scale, thresholds=tuple(t - 0.5 for t in scale.thresholds), step=None, name=name
    )


def _wbf(n_boards: int) -> VPScale:
    name = f"WBF 2013 continuous, {n_boards} boards"
    return _whole_imps(wbf_scale(n_boards, discrete=False), name)


def _wbf_discrete(n_boards: int) -> VPScale:
    return _whole_imps(wbf_scale(n_boards), f"WBF 2013 discrete, {n_boards} boards")


def _wdl(n_boards: int) -> VPScale:
    # a 2-0 scale whose one threshold is the smallest margin apart from a tie (1e-9, the
    # resolution VPScale.vp compares at): win 2, draw 1, loss 0
    return VPScale((1e-9,), max_vp=2, name="win/draw/loss")


def _raw(unit: str) -> Callable[[int], VPScale]:
    def build(n_boards: int) -> VPScale:
        return VPScale((), raw=True, unit=unit, name=f"{unit} differential")

    return build


def _swiss_pairs(name: str) -> Callable[[int], VPScale]:
    def build(n_boards: int) -> VPScale:
        from .. import datasets  # pandas loads when a table is built, not to list the names

        rows = datasets.load("seeds/swiss_pairs_scales").query("scale == @name and vp_winner > 10")
        return scale_from_thresholds(
            rows.sort_values("vp_winner").threshold_pct.to_numpy(),
            centre=50,
            unit="MP %",
            name=f"Swiss pairs {NAMED_SCALES[name].name}",
        )

    return build


_PROBST_8 = "Probst, On VP Scales, Table 8 (seeds/swiss_pairs_scales), for 7-9 boards"

#: Every named scale, by id, in the order the comparisons list them.
NAMED_SCALES: dict[str, NamedScale] = {
    e.id: e
    for e in (
        NamedScale(
            "wbf",
            "IMPs",
            _wbf,
            "WBF 2013 continuous scale (2 decimals)",
            name="WBF 2013 (continuous)",
            booklet=BookletPrint(margins_down=True),
        ),
        NamedScale(
            "wbf_discrete",
            "IMPs",
            _wbf_discrete,
            "WBF 2013 discrete scale (0-20)",
            name="WBF 2013 (whole VPs)",
            booklet=BookletPrint(),
        ),
        NamedScale("wdl", "margin", _wdl, "win 2, draw 1, loss 0 points", name="win-draw-loss"),
        NamedScale(
            "imps",
            "IMPs",
            _raw("IMPs"),
            "total IMPs: the margin itself",
            name="total IMPs",
            raw=True,
        ),
        NamedScale(
            "mp",
            "MP %",
            _raw("MP %"),
            "total matchpoint %: the margin",
            name="matchpoints",
            raw=True,
        ),
        NamedScale(
            "triangular_2003",
            "MP %",
            _swiss_pairs("triangular_2003"),
            _PROBST_8,
            name="triangular (2003)",
        ),
        NamedScale(
            "washington_2004",
            "MP %",
            _swiss_pairs("washington_2004"),
            _PROBST_8,
            name="Washington (2004)",
        ),
        NamedScale(
            "ascherman_2006",
            "MP %",
            _swiss_pairs("ascherman_2006"),
            _PROBST_8,
            name="Ascherman (2006)",
        ),
        NamedScale(
            "random_draw", "MP %", _swiss_pairs("random_draw"), _PROBST_8, name="random draw"
        ),
        # the EBU's published 7-9 board table (σ = 11 % for 8 boards; the same thresholds as
        # seeds/ebu_swiss_pairs_7_9)
        NamedScale(
            "ebu_2006",
            "MP %",
            _swiss_pairs("ebu_2006"),
            _PROBST_8,
            name="EBU (2006)",
            booklet=BookletPrint(boards=(7, 8, 9), sigma=11.0),
        ),
    )
}
#: The display names of the Gaussian scales, which are built by a formula for a σ
#: (:func:`bridgestats.vp.gaussian_scale`), not listed in :data:`NAMED_SCALES`.
_GAUSSIAN_NAMES = {"gauss": "Gaussian equal-probability", "gaussian": "Gaussian equal-probability"}
#: Every scale id a reader may meet, with the name shown for it: the catalogue's entries'
#: names and the Gaussian scales' (:data:`bridgestats.names.SCALES` is this table).
SCALE_NAMES = CatalogueView(
    lambda: {**{i: e.name for i, e in NAMED_SCALES.items()}, **_GAUSSIAN_NAMES}
)
#: The historical Swiss pairs scales of Probst's Table 8, by id (entries of NAMED_SCALES).
SWISS_PAIRS_TABLES = tuple(n for n, e in NAMED_SCALES.items() if e.source == _PROBST_8)


def team_scales() -> tuple[str, ...]:
    """The ids of the named scales of VPs for team matches (IMP margins, not raw), as
    :data:`NAMED_SCALES` holds them now: ``bridgestats score --scale``.

    >>> team_scales()
    ('wbf', 'wbf_discrete')
    """
    return tuple(n for n, e in NAMED_SCALES.items() if e.unit == "IMPs" and not e.raw)


def named_scale(name, *, n_boards=8) -> VPScale:
    """The named scale ``name`` of :data:`NAMED_SCALES` for a match of ``n_boards``.

    Parameters
    ----------
    name : str
        An id of :data:`NAMED_SCALES`.
    n_boards : int, keyword-only
        Boards per match, 1 to :data:`~bridgestats.vp.MAX_BOARDS` (the WBF scales
        depend on it; 8 by default, the length the Swiss pairs tables were made for).

    Returns
    -------
    VPScale

    Examples
    --------
    >>> named_scale("wbf_discrete", n_boards=8).name
    'WBF 2013 discrete, 8 boards'
    >>> named_scale("wbf").vp([1, 10, -10, 0.4]).tolist()
    [10.44, 13.78, 6.22, 10.0]
    >>> named_scale("washington_2004").vp([0.57, 15.99, -16.0]).tolist()  # Brighton 2005
    [11, 20, 0]
    >>> named_scale("wdl").vp([1, 0, -1]).tolist()
    [2, 1, 0]
    """
    check_choice(name, "name", tuple(NAMED_SCALES))
    n = check_int(n_boards, "n_boards", minimum=1, maximum=MAX_BOARDS)
    return NAMED_SCALES[name].build(n)
