"""Result files in, tidy frames out.

Readers
-------
:func:`read_pbn` (PBN 1.0/2.x, plain or gzip, ``ScoreTable`` expanded),
:func:`read_lin` (BBO vugraph LIN), :func:`read_valet` (VALET pipe format, full fields),
:func:`read_acbl_travellers` (ACBL club traveller CSV), :func:`read_usebio` (USEBIO 1.2/1.3
XML, the EBU's results format: travellers with the scorer's own figures; the pairs' and
teams' totals and places by :func:`read_usebio_participants`), :func:`read_bws` (a
Bridgemate scoring database, ``.BWS``: the results the table devices sent; its movement and
players by :func:`read_bws_movement` and :func:`read_bws_players`), and :func:`read_results`,
which picks the reader from each file's name by the table :data:`READERS` (one
:class:`Reader` entry per format). Each accepts a path, a list of paths or a directory
(searched recursively) and the keyword ``strict``. A reader parses its files into raw
columns and ends with :func:`finish`, which normalises and scores them and attaches the
:class:`LoadSummary`: a new format is a module ending in ``finish`` and one entry in
:data:`READERS`.

:func:`read_scale_csv` reads a VP scale as ``bridgestats scale --format csv`` writes it,
every row checked against the others (``bridgestats score --scale-file``).

:func:`read_pbn_totals` reads the PBN ``TotalScoreTable`` sections (session totals per
pair, PBN 2.1 §5.8): not table results, so not the tidy schema below but one row per
table entry with ``source``, ``record``, the ``event``/``segment``/``section``/``date``
in force and the table's own columns (see its docstring). It takes the same arguments.

The tidy schema
---------------
Every reader returns a :class:`pandas.DataFrame` with **one row per table result**, scores
from **North-South's side**, in file order, with at least these columns
(:data:`COLUMNS`):

================  ======================================================================
``source``        the file (its path below the directory given, else its name)
``record``        line number where the record starts (for a ``ScoreTable``: its row)
``event``         event name as printed (VALET: the folder, e.g. ``2009-World/Men``)
``segment``       stage / segment / round as printed (PBN ``Stage``, else ``Round``;
                  LIN ``vg`` segment; VALET round; ACBL section)
``board``         board number (nullable ``Int64``)
``room``          ``"open"``/``"closed"`` where the file says so, else missing
``table``         table number or name where printed
``pair_ns``       pair ids where printed (ACBL, ``ScoreTable``), ``pair_ew`` likewise
``home_team``     team names where printed (PBN ``HomeTeam``/``VisitTeam``, LIN ``vg``),
                  ``visit_team`` likewise
``north`` ...     the players ``north``, ``east``, ``south``, ``west`` where known
``contract``      normalised: ``"4SX"``, ``"3N"``, ``"6HXX"``, ``"Pass"``
``level``         1-7, 0 when passed out (``Int64``)
``strain``        ``C D H S N`` (missing when passed out)
``doubled``       0, 1 (X), 2 (XX) (``Int64``)
``declarer``      ``N E S W`` (missing when passed out)
``tricks``        tricks taken by declarer, 0-13 (``Int64``; missing when passed out)
``vulnerable``    ``None``, ``NS``, ``EW`` or ``All``
``score_ns``      North-South's score in points, **computed** by
                  :func:`bridgestats.scoring.contract_score` from contract, declarer,
                  tricks and vulnerability (0 when passed out); NaN when the record
                  cannot be scored, and then ``skip_reason`` says why. The one
                  exception: a PBN ``ScoreTable`` without a ``Contract`` column
                  gives only scores, and its ``Score_NS`` (or −``Score_EW``) is taken
                  as printed (the contract columns stay missing)
``skip_reason``   missing when scorable, else one of :data:`SKIP_REASONS`
================  ======================================================================

followed by what the file itself printed, under its own names, so that it can be compared
with what bridgestats computes: ``score_ns_printed`` (the printed score turned to
North-South's side), PBN ``Score``, ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage``,
``Deal``, ``Dealer``, ``Date``, ``Site``, ``Stage``, ``Round``, ``Section``, ``Scoring``
and every ``ScoreTable`` column (``MP_NS``, ``Percentage_NS``, ``IMP_NS``,
``Multiplicity`` ...: a line standing for k tables becomes k rows, so a board's rows are
its whole field), and ``irregular`` (True where PBN's irregularity marker ``^`` stood
before the declarer, contract or result, ``"^S"``, ``"^9"``: the value after it is read
and scored); LIN ``rs``; ACBL ``mp_ns``, ``mp_ew``, ``made``, ``score_flag``; VALET ``lead``.

Nothing is dropped: a record that cannot be scored keeps its row, with ``score_ns`` NaN
and its ``skip_reason``. Passed-out boards are scorable (0). No file format here marks a
fouled board; two rooms whose printed deals differ are not paired by
:func:`team_board_swings`, which counts them as ``"different deals"``. ``score_ns`` is the
computed score wherever the file gives a contract, so those scores follow one rule; a
printed score that differs is counted, not used.

The load summary
----------------
Every reader attaches a :class:`LoadSummary` as ``frame.attrs["summary"]`` (also returned
by :func:`summary_of`): ``files`` (read) and ``files_found`` (given or found in the
folders searched, read or not; suffixes match whatever their case, so ``R1.PBN`` is read),
``records``, ``scorable``, ``skipped`` (by reason),
``printed_scores`` and ``score_mismatches`` (printed score vs computed) and ``notes``
(repairs made while reading, such as vulnerability taken from the board number). The
summary describes the frame as loaded; pandas may carry it onto slices, where it no
longer counts their rows.

``strict=True`` turns the first unscorable record into a :class:`ParseError`; a file that
cannot be parsed at all raises :class:`ParseError` (a
:class:`~bridgestats.errors.BridgestatsError`) naming the file, the line and the reason.

Match results
-------------
:func:`read_match_results` reads the one CSV of match results any scoring program can
export (``event, round, home, visitors, boards`` and ``imps_home, imps_visitors`` for team
matches or ``pct_home, pct_visitors`` for Swiss pairs, optionally ``vp_home,
vp_visitors`` and ``date``): one row per match, not per table result, so it is not among
:data:`READERS`; :func:`is_match_csv` tells such a file by its header. The columns are
:data:`MATCH_RESULT_COLUMNS`; a row that cannot be used keeps its ``skip_reason``.

Shapes for the statistics
-------------------------
:func:`team_board_swings` pairs the two rooms of each board of a team match,
:func:`match_margins` sums them per match, :func:`field_results` gathers every table of
a full-field board (:func:`bridgestats.fit.field_spreads` measures each board's spread
from them: score SD, Butler IMP SD, cross-IMP RMS, for the Butler factor).

Derived shapes
--------------
Teams reconstructed from the seating and the rating log of real players are derived, not
read: they live in :mod:`bridgestats.derive`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names below, for type checkers and editors
    from ._records import COLUMNS, SKIP_REASONS, LoadSummary, ParseError, finish, summary_of
    from .acbl import read_acbl_travellers
    from .bws import read_bws, read_bws_movement, read_bws_players
    from .frames import field_results, match_margins, team_board_swings
    from .lin import read_lin
    from .matches import MATCH_RESULT_COLUMNS, is_match_csv, read_match_results
    from .pbn import read_pbn
    from .pbn_totals import read_pbn_totals
    from .results import READERS, Reader, read_results, reader_for
    from .scale_csv import read_scale_csv
    from .usebio import read_usebio, read_usebio_participants
    from .valet import read_valet

#: The module of each public name: a name is imported at its first use (PEP 562), so a
#: command that reads one format imports that reader only (``bridgestats score`` of a
#: USEBIO file does not import the PBN, LIN and VALET readers).
_HOME = {
    **dict.fromkeys(
        ("COLUMNS", "SKIP_REASONS", "LoadSummary", "ParseError", "finish", "summary_of"),
        "_records",
    ),
    "read_acbl_travellers": "acbl",
    **dict.fromkeys(("read_bws", "read_bws_movement", "read_bws_players"), "bws"),
    **dict.fromkeys(("field_results", "match_margins", "team_board_swings"), "frames"),
    "read_lin": "lin",
    **dict.fromkeys(("MATCH_RESULT_COLUMNS", "is_match_csv", "read_match_results"), "matches"),
    "read_pbn": "pbn",
    "read_pbn_totals": "pbn_totals",
    **dict.fromkeys(("READERS", "Reader", "read_results", "reader_for"), "results"),
    "read_scale_csv": "scale_csv",
    "read_usebio": "usebio",
    "read_usebio_participants": "usebio",
    "read_valet": "valet",
}


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "COLUMNS",
    "MATCH_RESULT_COLUMNS",
    "READERS",
    "SKIP_REASONS",
    "LoadSummary",
    "ParseError",
    "Reader",
    "field_results",
    "finish",
    "is_match_csv",
    "match_margins",
    "read_acbl_travellers",
    "read_bws",
    "read_bws_movement",
    "read_bws_players",
    "read_lin",
    "read_match_results",
    "read_pbn",
    "read_pbn_totals",
    "read_results",
    "read_scale_csv",
    "read_usebio",
    "read_usebio_participants",
    "read_valet",
    "reader_for",
    "summary_of",
    "team_board_swings",
]
