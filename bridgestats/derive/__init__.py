"""Derived shapes: what is inferred from result files rather than read from them.

A reader of :mod:`bridgestats.io` returns what a file prints; this layer (between the data
and the statistics) derives what no file states:

- :mod:`~bridgestats.derive.teams`: :func:`reconstruct_teams` recovers a round robin's
  teams and matches from the seating alone (the files carry no team names) and
  :func:`round_robin_checks` checks them;
- :mod:`~bridgestats.derive.committee`: :func:`read_committee` reads a committee's own
  files and folders (every reader of :data:`bridgestats.io.READERS` and the match results
  CSV) and sorts them by what they hold (team matches, Swiss pairs rounds, pairs
  sessions); :func:`read_statement` says in one sentence and a table what was read and
  skipped;
- :mod:`~bridgestats.derive.ratinglog`: :func:`read_fullfield` reads a VALET folder with
  each file's player names; :func:`rating_board_log` scores every table against its board's
  whole field (matchpoint % and Butler IMPs), players linked across events by
  :func:`normalise_name`, in time order; :func:`rating_sessions` makes one row per table and
  round (the shipped ``data/derived/rating_sessions.csv``) and :func:`rating_players`
  describes the players; :func:`committee_board_log` makes the board log of a committee's
  pairs sessions (players by their number where the file gives one, else by name).
"""

from .committee import HOLDS, CommitteeResults, ReadStatement, read_committee, read_statement
from .ratinglog import (
    committee_board_log,
    normalise_name,
    rating_board_log,
    rating_players,
    rating_sessions,
    read_fullfield,
)
from .teams import reconstruct_teams, round_robin_checks

__all__ = [
    "HOLDS",
    "CommitteeResults",
    "ReadStatement",
    "committee_board_log",
    "normalise_name",
    "rating_board_log",
    "rating_players",
    "rating_sessions",
    "read_committee",
    "read_fullfield",
    "read_statement",
    "reconstruct_teams",
    "round_robin_checks",
]
