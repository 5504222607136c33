"""bridgestats: statistics for duplicate bridge scoring.

The package is layered; each layer imports only the layers above it in this list
(``tests/test_layers.py`` enforces it):

1. **formulas** (pure functions, no I/O): :mod:`~bridgestats.scoring` (contract scores,
   IMPs, matchpoints, Neuberg, Butler, cross-IMPs), :mod:`~bridgestats.sigma` (the
   standard-deviation models of match results), :mod:`~bridgestats.vpscale` (Victory
   Point scales: Gaussian equal-probability, negative VPs, WBF 2013).
2. **data**: :mod:`~bridgestats.io` (result files in, tidy frames out) and
   :mod:`~bridgestats.datasets` (the figures shipped in ``data/``).
3. **statistics**: :mod:`~bridgestats.fit` (estimators and goodness-of-fit tests; takes
   frames or arrays, never reads files).
4. **ratings** (stand alone) and **simulation**: :mod:`~bridgestats.ratings` (Bridge Club
   Live's PPI and its rating engine, the Dutch LPR and its limiting tests, Elo, Glicko-2
   and forecast scores) and :mod:`~bridgestats.sim` (the population simulator of club
   play).
5. **studies**: :mod:`~bridgestats.studies` (the analyses the reports show, as functions
   returning tidy frames: the PPI page's claims, how well ratings predict).
6. **applications**: :mod:`~bridgestats.apps` (what a scorer or a committee runs:
   scoring an event, the booklet of VP scales).
7. **top**: :mod:`~bridgestats.reports` (the papermill batch runner),
   :mod:`~bridgestats.notebook` (what a notebook calls to save its summary and figures)
   and :mod:`~bridgestats.cli` (the ``bridgestats`` command).

Shared services used by every layer: :mod:`~bridgestats.errors` (the domain error) and
:mod:`~bridgestats.paths` (where the project's folders are).

Vocabulary
----------
One name per concept, everywhere (arguments, columns, summary keys):

``n_boards``      number of boards in a match or segment
``score_ns``      a table result's score in points, from North-South's side
``scores``        the results of one board (array of ``score_ns``)
``score_diff``    a difference of two scores in points (the input of :func:`imps`)
``imps``          IMPs (of a board swing); ``imp_margin`` a match margin in IMPs
``margin``        a match margin in the scale's own unit (IMPs, MP %, points)
``k``             the per-board standard deviation K of a swing (σ = K·√n)
``sigma``         the standard deviation of a match margin, in the margin's unit
``max_vp``        the VP total of a scale (20 for 20-0)
``negative``      how many negative-VP steps a scale has below 0
``thresholds``    ascending margins at which the winner's VP steps up
``counts``        observed counts per VP outcome, central outcome first
``level``, ``strain``, ``doubled``, ``tricks``, ``vulnerable``   a contract and its result
``board``, ``event``, ``segment``, ``room``   where a result comes from
``confidence``    the level of an interval (0.90 unless stated)
``rng``           a seed or ``numpy.random.Generator``; all randomness goes through it
"""

import importlib

from .errors import BridgestatsError


def _version() -> str:
    """The installed distribution's version, read on first use of ``__version__``
    (importlib.metadata costs a command that never asks for it ~30-100 ms of start-up)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bridgestats")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0+unknown"


#: The main public names of each module, re-exported here and imported on first use (so
#: that ``import bridgestats`` stays light: the CLI need not load numba or pandas to print
#: its help). Everything else stays under its module (``bridgestats.ratings.ppi.update``).
_EXPORTS = {
    "scoring": (
        "Contract", "contract_score", "parse_contract", "parse_contracts", "imps",
        "matchpoints", "mp_percent", "neuberg", "butler_datum", "butler_imps", "cross_imps",
        "score_board_results",
    ),
    "sigma": (
        "sigma_teams", "sigma_cross_imps", "sigma_butler_online", "sigma_swiss_pairs",
        "swiss_pairs_top_percent", "sigma_aggregate", "k_from_sigma", "form_sigma",
    ),
    "vpscale": (
        "VPScale", "gaussian_scale", "gaussian_z", "scale_from_thresholds", "fit_scale_sigma",
        "event_scale", "sigma_from_top", "wbf_vp", "wbf_scale", "wbf_table",
    ),
    "io": (
        "read_pbn", "read_pbn_totals", "read_lin", "read_valet", "read_acbl_travellers",
        "read_results",
        "team_board_swings", "match_margins", "field_results",
    ),
    "fit": (
        "fit_sigma_binned", "fit_sigma_groups", "fit_sigma_tail", "frequency_test",
        "estimate_k", "estimate_k_from_counts", "estimate_k_from_matches", "butler_factor",
        "band_probabilities", "fit_strength_spread",
    ),
    "ratings.lpr": ("performance_rating", "limit_change"),
}  # fmt: skip
_MODULES = (
    "errors", "paths", "scoring", "sigma", "vpscale", "io", "datasets", "fit", "ratings",
    "sim", "studies", "apps", "notebook", "reports", "cli",
)  # fmt: skip
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = ["BridgestatsError", "__version__", *_WHERE]


def __getattr__(name):
    if name == "__version__":
        globals()["__version__"] = value = _version()
        return value
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'bridgestats' has no attribute {name!r}")


def __dir__():
    return sorted({*globals(), "__version__", *_WHERE, *_MODULES})
