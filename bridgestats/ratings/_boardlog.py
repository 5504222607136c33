"""The board log read by the forecasting ratings (Elo, Glicko-2): one check for both (private).

A board log is a frame with columns ``round`` (playing order and, for Glicko-2, the rating
period), ``board``, ``north``, ``south``, ``east``, ``west`` (player ids) and ``pct_ns``
(North-South's percentage, 0-100). Rows are taken in ``round`` order, keeping the frame's
order within a round.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_column_range, check_frame
from ..errors import BridgestatsError

_SEATS = ("north", "south", "east", "west")
_COLUMNS = ("round", "board", *_SEATS, "pct_ns")


def seats_distinct(seats):
    """For each row of an (n, 4) array of player ids: are the four different?

    Six vectorised comparisons (``DataFrame.nunique(axis=1)`` loops over rows in Python:
    about 40 s for the 373,087 boards of the real-results session log).
    """
    seats = np.asarray(seats)
    distinct = np.ones(len(seats), dtype=bool)
    for i in range(4):
        for j in range(i + 1, 4):
            distinct &= seats[:, i] != seats[:, j]
    return distinct


def check_board_log(log):
    """The log sorted by round, its player ids and the seats as indices into them.

    Returns ``(frame, ids, index, order)``: the checked frame in rating order, the distinct
    player ids, an (n, 4) array of seat indices into ``ids`` and the permutation that sorted
    the rows (``frame = log.iloc[order]``).
    """
    check_frame(log, "log", _COLUMNS, allow_empty=False)
    frame = log[list(_COLUMNS)].reset_index(drop=True)
    pct = check_column_range(frame, "pct_ns", "log", low=0, high=100)
    if frame["round"].isna().any():
        row = int(np.flatnonzero(frame["round"].isna().to_numpy())[0])
        raise BridgestatsError(f"log: row {row}: round is missing")
    # the seats as codes into the distinct ids (in order of first appearance, as
    # pd.unique gives them; a missing id is an id of its own, refused below): one hashing
    # pass, then integer comparisons (on 373,087 boards, 270 ms with pd.unique, four
    # get_indexer and comparisons of the ids; ~110 ms so)
    codes, ids = pd.factorize(frame[list(_SEATS)].to_numpy().ravel(), use_na_sentinel=False)
    codes = codes.reshape(-1, len(_SEATS))
    missing = np.isin(codes, np.flatnonzero(pd.isna(ids))).any(axis=1)
    bad = ~seats_distinct(codes) | missing
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise BridgestatsError(f"log: row {row}: needs four different players")
    rounds = frame["round"]
    if rounds.dtype == object or pd.api.types.is_string_dtype(rounds):
        # text sorts "10" before "2": rounds printed as text (e.g. read_valet's segment)
        # are taken as numbers, and text that is not a number is refused
        numeric = pd.to_numeric(rounds, errors="coerce")
        if numeric.isna().any():
            row = int(np.flatnonzero(numeric.isna().to_numpy())[0])
            raise BridgestatsError(
                f"log: row {row}: round {rounds.iloc[row]!r} is not a number (rounds give "
                "the playing order; as text, '10' would sort before '2')"
            )
        rounds = numeric
    order = np.argsort(rounds.to_numpy(), kind="stable")
    frame = frame.assign(pct_ns=pct, round=rounds).iloc[order]
    return frame, ids, codes[order], order
