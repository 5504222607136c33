"""bridgestats: statistics for duplicate bridge scoring.

The package is layered; each layer imports only the layers above it in this list
(``tests/test_layers.py`` enforces it):

1. **formulas** (pure functions, no I/O but the evidence's shipped inputs):
   :mod:`~bridgestats.scoring` (contract scores, IMPs, matchpoints, Neuberg, Butler,
   cross-IMPs), :mod:`~bridgestats.conventions` (the scoring programs' conventions: how
   each factors a short board, rounds and totals, takes the Butler datum) and
   :mod:`~bridgestats.sigma` (σ of a match: Probst's models, the catalogue of event forms,
   the evidence's inputs and :func:`~bridgestats.sigma.form_sigma`, the one σ of a form).
2. **data and scales**: :mod:`~bridgestats.io` (result files in, tidy frames out),
   :mod:`~bridgestats.datasets` (the figures shipped in ``data/``),
   :mod:`~bridgestats.vp` (Victory Point scales: the type, Gaussian equal-probability with
   negative VPs, WBF 2013, an event's scale, the catalogue of named scales with their
   display names) and :mod:`~bridgestats.names` (the other display names); above
   them :mod:`~bridgestats.derive` (what is inferred from result files rather than read:
   teams from the seating, the rating log of real players).
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
One name per concept, everywhere (arguments, result fields, columns, summary keys): the
names shared across modules are :data:`VOCABULARY`, each with its one meaning, and
:data:`SYNONYMS` maps spellings the package does not use to the name it uses instead
(``tests/test_vocabulary.py`` walks every public signature against both). Ids of scoring
methods, named scales and event forms are snake_case (``"cross_imps"``, ``"wbf_discrete"``,
``"swiss_pairs"``); the command line spells them with hyphens and translates them in one
place (:mod:`bridgestats.cli`).
The catalogues of extensible concepts, each in one place: scoring methods
:data:`bridgestats.scoring.METHODS`, Butler datums :data:`bridgestats.scoring.DATUMS`, named
VP scales :data:`bridgestats.vp.NAMED_SCALES`, readers :data:`bridgestats.io.READERS`,
event forms :data:`bridgestats.sigma.FORMS`, scoring programs' conventions
:data:`bridgestats.conventions.CONVENTIONS`, rating systems
:data:`bridgestats.ratings.SYSTEMS` (see ``CONTRIBUTING.md``).
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
        "Contract",
        "contract_score",
        "parse_contract",
        "parse_contracts",
        "imps",
        "matchpoints",
        "mp_percent",
        "neuberg",
        "butler_datum",
        "butler_imps",
        "cross_imps",
        "score_board_results",
    ),
    "sigma": (
        "sigma_teams",
        "sigma_cross_imps",
        "sigma_butler_online",
        "sigma_swiss_pairs",
        "swiss_pairs_top_percent",
        "sigma_aggregate",
        "k_from_sigma",
        "EventForm",
        "form_sigma",
    ),
    "vp": (
        "VPScale",
        "gaussian_scale",
        "gaussian_z",
        "scale_from_thresholds",
        "fit_scale_sigma",
        "event_scale",
        "sigma_from_top",
        "wbf_vp",
        "wbf_scale",
        "wbf_table",
        "named_scale",
    ),
    "io": (
        "read_pbn",
        "read_pbn_totals",
        "read_lin",
        "read_valet",
        "read_acbl_travellers",
        "read_results",
        "team_board_swings",
        "match_margins",
        "field_results",
    ),
    "fit": (
        "fit_sigma_binned",
        "fit_sigma_groups",
        "fit_sigma_tail",
        "frequency_test",
        "estimate_k",
        "estimate_k_from_counts",
        "estimate_k_from_matches",
        "butler_factor",
        "band_probabilities",
        "fit_strength_spread",
    ),
    "ratings.lpr": ("performance_rating", "limit_change"),
}
_MODULES = (
    "errors",
    "paths",
    "scoring",
    "conventions",
    "sigma",
    "vp",
    "io",
    "datasets",
    "names",
    "derive",
    "fit",
    "ratings",
    "sim",
    "studies",
    "apps",
    "notebook",
    "reports",
    "cli",
)
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

#: The names shared by the package's modules, each with its one meaning (a name used by the
#: public functions of three or more modules must be here: ``tests/test_vocabulary.py``).
VOCABULARY = {
    # boards, results, contracts
    "board": "a board's number, or the column(s) that identify a board's results",
    "n_boards": "number of boards in a match or segment",
    "boards": "board counts to tabulate (a booklet's rows), or a frame of boards",
    "score_ns": "a table result's score in points, from North-South's side",
    "scores": "the results of one board (array of score_ns), or of several",
    "score": "a side's score (VPs, a match score), or final scores of simulated events",
    "score_diff": "a difference of two scores in points (the input of imps)",
    "imps": "IMPs of a board swing",
    "imp_margin": "a match margin in IMPs",
    "level": "a contract's level, 1-7 (0 passed out)",
    "strain": "a contract's strain, C D H S N",
    "doubled": "0, 1 (X) or 2 (XX)",
    "tricks": "tricks taken by declarer, 0-13",
    "vulnerable": "None, NS, EW or All",
    "event": "an event's name (data), or an event kind of the scale studies",
    "segment": "a stage, segment or round as printed",
    "room": "open or closed",
    "source": "where a figure or a row comes from (a file, a data set and method)",
    "record": "the line a record starts at; record=True: keep a log",
    "frame": "a tidy pandas DataFrame, one row per table result unless stated",
    "strict": "raise on the first unscorable record instead of counting it",
    # scoring
    "method": "a scoring method id of bridgestats.scoring.METHODS (or 'teams')",
    "datum": "a Butler datum rule of bridgestats.scoring.DATUMS, or a number",
    "trim": "the share of a board's results dropped at each end for the datum",
    "ascherman": "score matchpoints by Ascherman's percentage",
    "per_beat": "matchpoints per result beaten (2 in Europe, 1 in the ACBL)",
    "conventions": "a scoring program's conventions (bridgestats.conventions.CONVENTIONS)",
    "gaps": "where a score difference between two IMP bands goes (upper, midpoint)",
    "neuberg": "factor a board played fewer times by Neuberg's formula",
    "decimals": "the decimals a figure is rounded or printed to",
    "ranking": "a frame of ranked pairs or teams (total, place)",
    "printed": "figures as a file printed them (a column's name, or printed standings)",
    # σ models and scales
    "form": "an event form id of bridgestats.sigma.FORMS",
    "k": "the per-board standard deviation K of a swing (σ = K·√n)",
    "delta": "δ, the per-board edge's standard deviation between the sides",
    "b": "the Butler factor B",
    "sigma": "the standard deviation of a match margin, in the margin's unit",
    "conditions": "a Swiss pairs σ's conditions of use (whole_event, random_draw, swiss_rounds)",
    "sim": "a simulation's result (the frames a simulator returned), taken by a study",
    "tau": "τ, the spread of the pairs' true strengths (MP %)",
    "strength": "true strengths, one per entrant, in the margin's unit per board",
    "strength_sd": "the standard deviation true strengths are drawn with",
    "margin": "a match margin in the scale's own unit (IMPs, MP %, points)",
    "margins": "several match margins (imp_margin), or a frame of them",
    "max_vp": "the VP total of a scale (20 for 20-0)",
    "negative": "how many negative-VP steps a scale has below 0",
    "thresholds": "ascending margins at which the winner's VP steps up",
    "step": "the resolution of margins (1 IMP, 10 points), or a bin width",
    "unit": "the unit of a margin or a value (IMPs, MP %, points)",
    "raw": "score the margin itself, not VPs; or raw columns as a file printed them",
    "scale": "a VPScale, or the id of a named scale (bridgestats.vp.NAMED_SCALES)",
    "scales": "several scales (VPScales or ids of named scales), compared or tabulated",
    "n_tables": "tables in play (a Butler event's T; fit's per-board column)",
    "n_results": "results of one board (R of the σ models, the field size of Swiss pairs)",
    # statistics
    "counts": "observed counts per VP outcome, central outcome first",
    "confidence": "the level of an interval (0.90 unless stated)",
    "ci": "an interval (low, high) at the level confidence",
    "se": "a standard error (bootstrap, delta method or Monte Carlo)",
    "n": "a count of the units measured (swings, boards, matches)",
    "n_boot": "bootstrap resamples",
    "n_clusters": "the independent units resampled (matches)",
    "n_matches": "number of matches",
    "groups": "a frame of groups' fits (fit_sigma_groups)",
    "inflation": "a factor on σ for a field of unequal sides",
    "board_sd": "the spread of a board's percentage at an even table",
    "rng": "a seed or numpy.random.Generator; all randomness goes through it",
    "seed": "the integer seed a result was simulated with (a record, never an argument)",
    # simulation
    "n_entrants": "teams or pairs in an event",
    "n_rounds": "rounds of an event",
    "n_events": "events simulated",
    "n_sessions": "sessions of an event or a knock-out",
    "n_months": "calendar months simulated",
    "n_players": "players of a simulated club (at most bridgestats.sim.club.MAX_PLAYERS)",
    "pairing": "a Swiss pairing rule of bridgestats.sim.events.PAIRINGS",
    "max_steps": "the cap on one round's pairing search",
    "matches": "a frame of matches",
    "partnership": "'pickup' or 'fixed' partnerships",
    "activity": "boards a player plays per three months",
    "log": "a board log (one row per table and board) or a rating log",
    # ratings
    "sessions": "a session log (bridgestats.ratings.sessionlog): one row per table and round",
    "until": "the date before which a rating's parameters are fitted (the rest is scored)",
    "k_factor": "Elo's K: rating points per unit of (result − expectation), per board",
    "elo_k_factor": "Elo's K per board, where the function has other parameters",
    "predictions": "each system's forecasts of a log (columns pred_<system>)",
    "model": "a model's parameters (a GaussianModel, or a fitted σ model)",
    "held": "a model's parameters held at given values while the others are fitted",
    "n_grid": "points a profile-likelihood curve is drawn at",
    "drift_sd": "how fast true skills drift: a random walk's sd in % per √year",
    "name": "a label, or the id of a catalogue entry",
    "path": "a file or folder",
    "files": "result files and folders (a committee's own: None keeps the shipped data), or "
    "a count of files",
    "players": "the players of a log (derive.rating_players' frame), or how many",
    "first_half_last_round": "the last round of an event's first half",
    # reports and the committee brief
    "table": "a study's result frame, taken by the function that words or draws it",
    "rescored": "the frame of bridgestats.studies.rescore.rescore_events (events re-scored)",
    "alpha": "the family-wise error rate of a set of tests (0.05 unless stated)",
    "baselines": "event -> (scale, note, played): the scale each event's changes are counted "
    "against",
    "k_board": "K per board (IMPs), the σ of one board's swing, beside a match-level K",
    "min_boards": "the shortest match (boards) or the fewest boards a unit needs to count",
    "max_boards": "the longest match (boards) counted",
    "read_statement": "what was read from a committee's files (a derive.ReadStatement), or None",
    "parameters": "the inputs a result was made with, by name (a model's, a report's)",
    "spread": "the teams' strength-spread fit (K, δ with intervals: a KModel)",
    "qualifiers": "the qualifiers of each real event (the top of its standings)",
    "by_round": "an event's counts or figures by round (a frame, one row per round)",
    "pairings": "Swiss pairing rules compared (ids of bridgestats.sim.events.PAIRINGS)",
}

#: Spellings the package does not use, and the name it uses instead.
SYNONYMS = {
    "random_state": "rng",
    "n_board": "n_boards",
    "boards_per_match": "n_boards",
    "num_boards": "n_boards",
    "nboards": "n_boards",
    "imp_diff": "imp_margin",
    "score_difference": "score_diff",
    "conf": "confidence",
    "level_ci": "confidence",
    "maxvp": "max_vp",
    "n_negative": "negative",
    "datum_rule": "datum",
    "n_teams": "n_entrants",
    "field_size": "n_results",
    "n_pairs": "n_entrants",
    "scorer": "scale",
    "scorers": "scales",
}

__all__ = ["SYNONYMS", "VOCABULARY", "BridgestatsError", "__version__", *_WHERE]


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
