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
4. **ratings** (stand alone): :mod:`~bridgestats.ppi` (Bridge Club Live's PPI) and
   :mod:`~bridgestats.lpr` (the Dutch LPR and its limiting tests).
5. **top**: :mod:`~bridgestats.reports` (the papermill batch runner),
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

from importlib.metadata import PackageNotFoundError, version

from .errors import BridgestatsError

try:
    __version__ = version("bridgestats")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = ["BridgestatsError", "__version__"]

# Public names of the lower layers are re-exported here as each module lands.
