"""The domain error of bridgestats and small validators shared by every layer.

Bad input raises :class:`BridgestatsError`, a :class:`ValueError` subclass whose message
names the argument and what is allowed. Never ``assert`` for validation, never a silent NaN.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "BridgestatsError",
    "as_finite_array",
    "check_choice",
    "check_column_range",
    "check_frame",
    "check_positive",
]


class BridgestatsError(ValueError):
    """Bad input to a bridgestats function: the message names the argument and the rule."""


def as_finite_array(values, name: str, *, dtype=float, allow_empty: bool = False) -> np.ndarray:
    """Return ``values`` as an array, raising if it holds NaN/inf or (unless allowed) nothing.

    >>> as_finite_array([1, 2], "scores")
    array([1., 2.])
    >>> as_finite_array([1, float("nan")], "scores")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: scores: must be finite numbers, NaN or inf at position 1
    """
    try:
        arr = np.asarray(values, dtype=dtype)
    except (TypeError, ValueError) as exc:
        raise BridgestatsError(f"{name}: must be numbers, got {values!r:.80}") from exc
    if not allow_empty and arr.size == 0:
        raise BridgestatsError(f"{name}: must not be empty")
    if arr.dtype.kind == "f":
        bad = ~np.isfinite(arr)
        if bad.any():
            pos = int(np.flatnonzero(bad.ravel())[0])
            raise BridgestatsError(f"{name}: must be finite numbers, NaN or inf at position {pos}")
    return arr


def check_positive(value, name: str, *, allow_zero: bool = False) -> np.ndarray:
    """Raise unless every element of ``value`` is > 0 (or >= 0 with ``allow_zero``).

    >>> check_positive(0, "n_boards")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: n_boards: must be > 0, got 0
    """
    arr = as_finite_array(value, name)
    ok = arr >= 0 if allow_zero else arr > 0
    if not np.all(ok):
        bad = arr[~ok].ravel()[0]
        rule = ">= 0" if allow_zero else "> 0"
        shown = int(bad) if float(bad).is_integer() else float(bad)
        raise BridgestatsError(f"{name}: must be {rule}, got {shown}")
    return arr


def check_choice(value, name: str, allowed) -> object:
    """Raise unless ``value`` is one of ``allowed``.

    >>> check_choice("mid", "gaps", ("upper", "midpoint"))
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: gaps: must be one of 'upper', 'midpoint'; got 'mid'
    """
    if value not in allowed:
        choices = ", ".join(repr(a) for a in allowed)
        raise BridgestatsError(f"{name}: must be one of {choices}; got {value!r}")
    return value


def check_frame(frame, name: str, columns=(), *, allow_empty: bool = True):
    """Raise unless ``frame`` is a pandas DataFrame holding every one of ``columns``.

    Parameters
    ----------
    frame : object
        The argument to check.
    name : str
        The argument's name, for the message.
    columns : sequence of str, default ()
        Columns it must have (others are allowed).
    allow_empty : bool, default True, keyword-only
        ``False`` also rejects a frame with no rows.

    Returns
    -------
    pandas.DataFrame
        ``frame`` itself.

    Examples
    --------
    >>> import pandas as pd
    >>> check_frame(pd.DataFrame({"board": [1]}), "log", ["board", "pct"])
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: log: missing column(s) ['pct']; needs ['board', 'pct']
    >>> check_frame([1, 2], "frame")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: frame: must be a pandas DataFrame, got list
    >>> check_frame(pd.DataFrame({"board": []}), "log", ["board"], allow_empty=False)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: log: must not be empty
    """
    import pandas as pd  # here, not at the top: ``import bridgestats`` stays pandas-free

    if not isinstance(frame, pd.DataFrame):
        raise BridgestatsError(f"{name}: must be a pandas DataFrame, got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise BridgestatsError(f"{name}: missing column(s) {missing}; needs {list(columns)}")
    if not allow_empty and len(frame) == 0:
        raise BridgestatsError(f"{name}: must not be empty")
    return frame


def check_column_range(frame, column: str, name: str, *, low: float, high: float) -> np.ndarray:
    """``frame[column]`` as floats, raising unless every entry is a number in low-high.

    The message names the argument, the row (position) and the value.

    Examples
    --------
    >>> import pandas as pd
    >>> check_column_range(pd.DataFrame({"pct_ns": [55, 40.5]}), "pct_ns", "log",
    ...                    low=0, high=100)
    array([55. , 40.5])
    >>> check_column_range(pd.DataFrame({"pct_ns": [55, "x"]}), "pct_ns", "log",
    ...                    low=0, high=100)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: log: row 1: pct_ns x must be a number in 0-100
    """
    import pandas as pd  # here, not at the top: ``import bridgestats`` stays pandas-free

    values = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
    bad = ~np.isfinite(values) | (values < low) | (values > high)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise BridgestatsError(
            f"{name}: row {row}: {column} {frame[column].iloc[row]} must be a number in "
            f"{low:g}-{high:g}"
        )
    return values
