"""The session log every rating system of :mod:`bridgestats.ratings.systems` reads.

A session log is a frame in time order, one row per table and round (two pairs meeting for
``n_boards`` boards): columns ``date``, ``round``, ``north``, ``south``, ``east``, ``west``
(player ids), ``n_boards`` and ``pct_ns`` (North-South's mean percentage over the
session's boards, 0-100); ``event`` when present. :func:`bridgestats.derive.rating_sessions`
makes it from real results. A rating period is one round of one event.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_column_range, check_frame, fail

__all__ = [
    "SEATS",
    "before_mask",
    "board_rows",
    "check_session_log",
    "first_boards",
    "pair_index",
    "player_index",
]

SEATS = ("north", "south", "east", "west")
COLUMNS = ("date", "round", *SEATS, "n_boards", "pct_ns")
DAYS_PER_YEAR = 365.25


def check_session_log(sessions) -> pd.DataFrame:
    """The checked log, its ``date`` parsed, with ``period`` (round of an event, in order)."""
    check_frame(sessions, "sessions", COLUMNS, allow_empty=False)
    frame = sessions.reset_index(drop=True)
    check_column_range(frame, "pct_ns", "sessions", low=0, high=100)
    dates = pd.to_datetime(frame["date"], errors="coerce")
    if dates.isna().any():
        raise fail("sessions.date", "dates", frame["date"][dates.isna()].iloc[0])
    if not dates.is_monotonic_increasing:
        raise fail(
            "sessions", "rows in time order (sorted by date)", "a date earlier than the row before"
        )
    n_boards = frame["n_boards"].to_numpy()
    if (n_boards < 1).any():
        raise fail("sessions.n_boards", ">= 1", int(n_boards.min()))
    event = frame["event"] if "event" in frame else pd.Series("", index=frame.index)
    rounds = pd.to_numeric(frame["round"], errors="coerce").to_numpy(float)
    if np.isnan(rounds).any():
        raise fail("sessions.round", "numbers", frame["round"][np.isnan(rounds)].iloc[0])
    same = (dates.to_numpy()[1:] == dates.to_numpy()[:-1]) & (
        event.to_numpy()[1:] == event.to_numpy()[:-1]
    )
    if (same & (rounds[1:] < rounds[:-1])).any():
        raise fail(
            "sessions",
            "rows in time order (rounds of an event in order)",
            "a round before the round above it",
        )
    # a rating period is one round of one event, numbered in order of first appearance
    # (each part coded, the codes combined: as the rows' tuples would be, without them)
    parts = [pd.factorize(part)[0] for part in (dates, event.astype(str), frame["round"])]
    key = (parts[0] * (parts[1].max() + 1) + parts[1]) * (parts[2].max() + 1) + parts[2]
    period = pd.factorize(key)[0]
    if (np.diff(period) < 0).any():
        raise fail(
            "sessions",
            "each round's tables together (sorted by date, event, round)",
            "a round whose rows are apart",
        )
    return frame.assign(date=dates, period=period)


def player_index(frame):
    """The distinct player ids and an (n, 4) array of each seat's index into them."""
    codes, ids = pd.factorize(frame[list(SEATS)].to_numpy().ravel(), use_na_sentinel=False)
    return ids, codes.reshape(-1, len(SEATS))


def pair_index(frame):
    """A partnership id per side (the two players, in either seat) and the number of pairs."""
    ns = np.sort(frame[["north", "south"]].astype(str).to_numpy(), axis=1)
    ew = np.sort(frame[["east", "west"]].astype(str).to_numpy(), axis=1)
    keys = np.concatenate([ns[:, 0] + "\x1f" + ns[:, 1], ew[:, 0] + "\x1f" + ew[:, 1]])
    codes, uniques = pd.factorize(keys)
    n = len(frame)
    return np.column_stack([codes[:n], codes[n:]]), uniques.size


def years(frame) -> np.ndarray:
    """Each session's time in years since the log's first session."""
    return (frame["date"] - frame["date"].iloc[0]).dt.days.to_numpy() / DAYS_PER_YEAR


def board_rows(frame) -> pd.DataFrame:
    """Each session's boards as rows of a board log, every board at the session's mean %.

    The board-by-board systems (PPI, Elo, Glicko-2) read this: the shipped log keeps
    sessions, not boards. ``round`` is the session's rating period.
    """
    reps = frame["n_boards"].to_numpy(dtype=np.int64)
    idx = np.repeat(np.arange(len(frame)), reps)
    boards = frame.iloc[idx]
    return pd.DataFrame(
        {
            "date": boards["date"].to_numpy(),
            "round": boards["period"].to_numpy(),
            "board": np.arange(idx.size),
            **{s: boards[s].to_numpy() for s in SEATS},
            "pct_ns": boards["pct_ns"].to_numpy(float),
        }
    )


def first_boards(frame) -> np.ndarray:
    """The row of :func:`board_rows` that holds each session's first board."""
    return np.concatenate([[0], np.cumsum(frame["n_boards"].to_numpy())[:-1]])


def before_mask(frame, until, name="until") -> np.ndarray:
    """Rows dated before ``until`` (all when ``None``); an error when none is."""
    if until is None:
        return np.ones(len(frame), dtype=bool)
    mask = (frame["date"] < pd.Timestamp(until)).to_numpy()
    if not mask.any():
        raise fail(name, "a date after the log's first session", until)
    return mask
