"""Scoring an event file: each result's score, the ranking, team matches and their VPs, and
how all of it agrees with the figures the file printed.

The application behind ``bridgestats score FILE``. It takes a tidy frame from
:func:`bridgestats.io.read_results` and scores it with the package's own formulas
(:func:`bridgestats.scoring.score_board_results` and :func:`~bridgestats.scoring.neuberg`
for pairs, :func:`bridgestats.io.team_board_swings` for two-room teams,
:mod:`bridgestats.vp` for Victory Points); nothing is re-derived here. One room per
step:

- :mod:`bridgestats.conventions`: the scoring programs' conventions, one entry per
  program (:data:`CONVENTIONS`: factoring, board rounding, totals, the Butler datum),
  chosen by the program a file names (:func:`conventions_of`);
- :mod:`~.detect`: the method the file declares (:func:`declared_method`: PBN ``Scoring``,
  USEBIO ``EVENT_TYPE``/``SCORING_METHOD``, two rooms of a team match, ACBL matchpoints);
- :mod:`~.boards`: :func:`board_scores`, one row per table result with its matchpoints
  (Neuberg for boards played fewer times, Ascherman's percentage) or Butler IMPs (datum:
  mean, trimmed, rounded) or cross-IMPs;
- :mod:`~.ranking`: :func:`pair_ranking`, the pairs' totals, percentages or IMPs and
  places (ties shared), each direction of a Mitchell ranked apart;
- :mod:`~.teams`: :func:`team_matches` and :func:`team_ranking`, each two-room match's
  IMPs and VPs on a chosen scale (a scale file: :func:`bridgestats.io.read_scale_csv`);
- :mod:`~.adjusted`: artificial adjusted scores (:func:`adjusted_split`);
- :mod:`~.agreement`: :func:`agreement` with the file's printed scores,
  :func:`ranking_agreement` with its printed standings, :func:`assigned_lines`;
- :mod:`~.standings`: the standings a file printed (:func:`printed_standings`);
- :mod:`~.event`: :func:`score_event`, all of them at once, in an :class:`EventScore`;
  :func:`score_files`, each file of a folder by its own method.
"""

from ...conventions import CONVENTIONS, Conventions, conventions_of
from .adjusted import adjusted_split
from .agreement import agreement, assigned_lines, ranking_agreement
from .boards import board_scores
from .detect import declared_method
from .event import EventScore, score_event, score_files
from .ranking import pair_ranking
from .standings import compare_standings, printed_standings, read_standings_csv
from .teams import team_matches, team_ranking

__all__ = [
    "CONVENTIONS",
    "Conventions",
    "EventScore",
    "adjusted_split",
    "agreement",
    "assigned_lines",
    "board_scores",
    "compare_standings",
    "conventions_of",
    "declared_method",
    "pair_ranking",
    "printed_standings",
    "ranking_agreement",
    "read_standings_csv",
    "score_event",
    "score_files",
    "team_matches",
    "team_ranking",
]
