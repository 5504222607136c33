"""Scoring the results of a board: contract scores, IMPs, matchpoints, Neuberg, Butler and
cross-IMPs, and the scoring methods that score a whole frame of results.

One module per formula family; every formula is vectorised (scalars or numpy arrays in, the
same shape out, no Python loop per result):

- :mod:`~bridgestats.scoring.contracts`: a contract's text parsed (:func:`parse_contract`,
  :func:`parse_contracts`, :class:`Contract`) and declarer's score by Law 77
  (:func:`contract_score`);
- :mod:`~bridgestats.scoring.imp_table`: the WBF IMP table and its gap rules
  (:func:`imps`, :data:`GAP_RULES`);
- :mod:`~bridgestats.scoring.mp`: matchpoints and percentages of one board, Ascherman's
  too (:func:`matchpoints`, :func:`mp_percent`), and Neuberg's factoring (:func:`neuberg`);
- :mod:`~bridgestats.scoring.butler`: the Butler datum (:data:`DATUMS`,
  :func:`butler_datum`) and the IMPs against it (:func:`butler_imps`);
- :mod:`~bridgestats.scoring.cross`: cross-IMPs, each result against every other
  (:func:`cross_imps`);
- :mod:`~bridgestats.scoring.methods`: the scoring methods (:data:`METHODS`) and
  :func:`score_board_results`, a frame of many boards scored in one call.
"""

from .butler import DATUMS, butler_datum, butler_imps
from .contracts import STRAINS, Contract, contract_score, parse_contract, parse_contracts
from .cross import cross_imps
from .imp_table import GAP_RULES, IMP_TABLE_LOWER, IMP_TABLE_UPPER, imps
from .methods import METHODS, score_board_results
from .mp import matchpoints, mp_percent, neuberg

__all__ = [
    "DATUMS",
    "GAP_RULES",
    "IMP_TABLE_LOWER",
    "IMP_TABLE_UPPER",
    "METHODS",
    "STRAINS",
    "Contract",
    "butler_datum",
    "butler_imps",
    "contract_score",
    "cross_imps",
    "imps",
    "matchpoints",
    "mp_percent",
    "neuberg",
    "parse_contract",
    "parse_contracts",
    "score_board_results",
]
