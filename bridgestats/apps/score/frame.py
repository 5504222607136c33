"""The keys every table of a scored event shares, and the frame as it is taken in.

Part of :mod:`bridgestats.apps.score`: the columns that name a board (``source``,
``event``, ``segment``, ``board``) and a section (the same without ``board``), key columns
as text for grouping, and a partnership named by its two players.
"""

from __future__ import annotations

import pandas as pd

_KEYS = ["source", "event", "segment", "board"]
_SECTION = ["source", "event", "segment"]


def _key_text(values: pd.Series) -> pd.Series:
    """A key column as text for grouping; missing as ``""``."""
    v = values.astype("object")
    return v.where(v.notna(), "").astype(str)


def _partnership(first: pd.Series, second: pd.Series) -> pd.Series:
    """Two players' names as one pair id, ``"A & B"`` in alphabetical order (whoever sat
    North); missing unless both are named."""
    a, b = _key_text(first).str.strip(), _key_text(second).str.strip()
    low, high = a.where(a <= b, b), b.where(a <= b, a)
    return (low + " & " + high).where((a != "") & (b != ""), None)


def _bare(frame: pd.DataFrame) -> pd.DataFrame:
    """A shallow copy without ``attrs`` (pandas deep-copies them onto every column taken)."""
    out = frame.copy(deep=False)
    out.attrs = {}
    return out
