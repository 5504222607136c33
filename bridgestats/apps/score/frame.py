"""The keys every table of a scored event shares, and the frame as it is taken in.

Part of :mod:`bridgestats.apps.score`: the columns that name a board (``source``,
``event``, ``segment``, ``board``) and a section (the same without ``board``), key columns
as text for grouping, and a partnership named by its two players.
"""

from __future__ import annotations

import pandas as pd

from ..._validate import check_frame
from ...errors import BridgestatsError

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


def _sources(frame: pd.DataFrame) -> str:
    """The files a frame was read from, as an error names them."""
    if "source" not in frame or not len(frame):
        return "the frame"
    names = list(dict.fromkeys(_key_text(frame["source"])))
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _why_unscorable(frame: pd.DataFrame) -> str:
    """Why no record of ``frame`` can be scored, in words: the boards that carry a printed
    score but no result, a file of deals only, or the records skipped by reason."""
    n = len(frame)
    if n == 0:
        return "it holds no records"
    reasons = (
        frame["skip_reason"].value_counts() if "skip_reason" in frame else pd.Series(dtype="int64")
    )
    printed = (
        frame["score_ns_printed"].notna()
        if "score_ns_printed" in frame
        else pd.Series(False, index=frame.index)
    )
    no_result = (frame["skip_reason"] == "no result") if "skip_reason" in frame else printed & False
    if (no_result & printed).any():
        k = int((no_result & printed).sum())
        return f"{k} records carry a score but no result" + (
            f" ({n - k} other records skipped)" if n > k else ""
        )
    nothing = all(
        c not in frame or frame[c].isna().all() or (_key_text(frame[c]).str.strip() == "").all()
        for c in ("contract", "pair_ns", "north", "score_ns")
    )
    if nothing and "Deal" in frame and frame["Deal"].notna().any():
        return f"a file of deals only ({n} deals, no contract, result or score: a hand record)"
    if len(reasons):
        return "every record was skipped: " + ", ".join(f"{v} {k}" for k, v in reasons.items())
    return f"none of its {n} records has a score"


def _take_in(frame, *, needed=("board", "score_ns")) -> pd.DataFrame:
    """The frame a scorer takes: checked once at the door (a DataFrame with ``needed``
    and at least one scorable record), as a shallow copy without ``attrs``.

    Raises
    ------
    BridgestatsError
        ``"no scorable result in FILE: N boards carry a score but no result"``, ``"...:
        a file of deals only"``, or the records skipped by reason.
    """
    check_frame(frame, "frame", needed)
    ok = frame["score_ns"].notna() & frame["board"].notna()
    if "skip_reason" in frame:
        adjusted = frame["skip_reason"] == "adjusted score"
        ok = (ok & frame["skip_reason"].isna()) | adjusted.fillna(False).astype(bool)
    if not ok.any():
        raise BridgestatsError(f"no scorable result in {_sources(frame)}: {_why_unscorable(frame)}")
    return _bare(frame)
