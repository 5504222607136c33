"""The one set of argument checks used by every layer of bridgestats (private).

Every check raises :class:`~bridgestats.errors.BridgestatsError` with one message style::

    <argument>: must be <what is allowed>; got <what was given>

so that a user reads the same sentence whichever function they called. Scalars are checked
by :func:`check_int`, :func:`check_number`, :func:`check_choice` and :func:`check_flag`;
arrays by :func:`as_finite_array`, :func:`check_positive` and :func:`check_whole` (arrays
that are not numbers, by :func:`as_array`: never ragged), and several arrays that must
broadcast together by :func:`check_broadcast`; frames by
:func:`check_frame` and :func:`check_column_range`; a random generator argument by
:func:`check_rng`. A flag is a real ``bool`` (``"no"`` is not ``False``), an integer is
never a ``bool``, a number is never a string (nor is a numeric string ``"30"`` a number).
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from .errors import BridgestatsError

__all__ = [
    "as_array",
    "as_finite_array",
    "check_broadcast",
    "check_choice",
    "check_column_range",
    "check_flag",
    "check_frame",
    "check_int",
    "check_k",
    "check_number",
    "check_positive",
    "check_rng",
    "check_whole",
    "fail",
]


def _shown(value) -> str:
    """``value`` as the message shows it: its repr, cut to 60 characters; an array as the
    list it holds (``[1.5, 2.0]``, ``[]``: never ``array([], dtype=float64)``).

    >>> _shown(np.array([], dtype=float)), _shown(np.float64(120.0)), _shown(np.arange(2.0))
    ('[] (none)', '120.0', '[0.0, 1.0]')
    """
    if isinstance(value, np.generic):
        value = value.item()  # 120.0, not np.float64(120.0)
    if isinstance(value, np.ndarray) and value.size <= 100:  # a long one: numpy's summary
        value = value.tolist()
    if isinstance(value, (list, tuple)) and not value:
        return f"{value!r} (none)"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(name: str, allowed: str, value=None, *, given: str | None = None) -> BridgestatsError:
    """The error for argument ``name`` given ``value`` where ``allowed`` is the rule.

    Returned, not raised, so that callers write ``raise fail(...)`` and tracebacks point at
    them. ``given`` describes what was given in words instead of showing ``value`` (for a
    value too large to show, such as an array's shape or a sum).

    >>> fail("n_boards", "an integer >= 1", 0)
    BridgestatsError('n_boards: must be an integer >= 1; got 0')
    >>> fail("counts", "one-dimensional", given="shape (2, 3)")
    BridgestatsError('counts: must be one-dimensional; got shape (2, 3)')
    """
    shown = _shown(value) if given is None else given
    return BridgestatsError(f"{name}: must be {allowed}; got {shown}")


def _range_text(minimum, maximum) -> str:
    if minimum is not None and maximum is not None:
        return f" in {minimum}-{maximum}"
    if minimum is not None:
        return f" >= {minimum}"
    if maximum is not None:
        return f" <= {maximum}"
    return ""


def check_int(value, name: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` as a Python ``int``, raising unless it is a whole number in range.

    Integers (Python or NumPy) are accepted, and floats holding a whole number (``1e5``, or
    ``8.0`` read from a file); a ``bool``, a string, a fraction or NaN is refused.

    >>> check_int(8.0, "n_boards", minimum=1)
    8
    >>> check_int(True, "n_boards", minimum=1)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: n_boards: must be an integer >= 1; got True
    >>> check_int(2.5, "n_rounds", minimum=1, maximum=50)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: n_rounds: must be an integer in 1-50; got 2.5
    """
    allowed = "an integer" + _range_text(minimum, maximum)
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise fail(name, allowed, value)
    if not isinstance(value, numbers.Integral):
        if not np.isfinite(value) or not float(value).is_integer():
            raise fail(name, allowed, value)
    number = int(value)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        raise fail(name, allowed, value)
    return number


def check_number(
    value,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """``value`` as a Python ``float``, raising unless it is one finite real number in range.

    ``low``/``high`` bound it (inclusive unless ``low_open``/``high_open``). A ``bool``, a
    string, an array, NaN or infinity is refused.

    >>> check_number(0.9, "confidence", low=0, high=1, low_open=True, high_open=True)
    0.9
    >>> check_number("0.9", "confidence", low=0, high=1, low_open=True, high_open=True)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: confidence: must be a number in (0, 1); got '0.9'
    >>> check_number(float("nan"), "k", low=0, low_open=True)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: k: must be a number > 0; got nan
    """
    allowed = "a number" + _interval_text(low, high, low_open, high_open)
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise fail(name, allowed, value)
    number = float(value)
    if not np.isfinite(number):
        raise fail(name, allowed, value)
    too_low = low is not None and (number <= low if low_open else number < low)
    too_high = high is not None and (number >= high if high_open else number > high)
    if too_low or too_high:
        raise fail(name, allowed, value)
    return number


#: The per-board sigma K a user may give (IMPs or MP per board, as the booklet allows): a
#: K below 1 makes one IMP win 20-0; above 50 no form of the seeds comes near.
K_RANGE = (1.0, 50.0)


def check_k(value, name: str = "k") -> float:
    """A per-board sigma ``K`` as a ``float`` in :data:`K_RANGE`, one rule everywhere.

    >>> check_k(6.5)
    6.5
    >>> check_k(1e-300, "--k")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: --k: must be a number in [1, 50]; got 1e-300
    """
    return check_number(value, name, low=K_RANGE[0], high=K_RANGE[1])


def check_imp_sigma(value, name: str, n_boards) -> float:
    """σ of an IMP margin over ``n_boards`` as a ``float``, held to the range a per-board K
    of :data:`K_RANGE` gives (σ = K√n): one rule with :func:`check_k`.

    >>> check_imp_sigma(18.0, "--sigma", 8)
    18.0
    >>> check_imp_sigma(1e-9, "--sigma", 8)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: --sigma: must be a number in [2.83, 141] IMPs for 8 \
boards (σ = K√n with K in [1, 50], as --k); got 1e-09
    """
    low, high = (k * math.sqrt(n_boards) for k in K_RANGE)
    allowed = (
        f"a number in [{low:.3g}, {high:.3g}] IMPs for {n_boards} boards (σ = K√n with K in"
        f" [{K_RANGE[0]:g}, {K_RANGE[1]:g}], as --k)"
    )
    if not (isinstance(value, (int, float)) and math.isfinite(value) and low <= value <= high):
        raise fail(name, allowed, value)
    return float(value)


def _interval_text(low, high, low_open, high_open) -> str:
    if low is not None and high is not None:
        left, right = "(" if low_open else "[", ")" if high_open else "]"
        return f" in {left}{low:g}, {high:g}{right}"
    if low is not None:
        return f" {'>' if low_open else '>='} {low:g}"
    if high is not None:
        return f" {'<' if high_open else '<='} {high:g}"
    return ""


def check_choice(value, name: str, allowed):
    """``value`` itself, raising unless it is one of ``allowed``.

    >>> check_choice("mid", "gaps", ("upper", "midpoint"))
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: gaps: must be one of 'upper', 'midpoint'; got 'mid'
    """
    try:
        hash(value)  # an array, list or dict is never a choice (nor compared elementwise)
        ok = bool(value in allowed)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise fail(name, "one of " + ", ".join(repr(a) for a in allowed), value)
    return value


def check_flag(value, name: str) -> bool:
    """``value`` as a ``bool``, raising unless it is ``True`` or ``False`` (NumPy's too).

    A string, a number or ``None`` is refused: ``ascherman="no"`` must not mean Ascherman.

    >>> check_flag(False, "ascherman")
    False
    >>> check_flag("no", "ascherman")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: ascherman: must be True or False; got 'no'
    """
    if not isinstance(value, bool | np.bool_):
        raise fail(name, "True or False", value)
    return bool(value)


def as_array(values, name: str, *, dtype=None) -> np.ndarray:
    """``values`` as an array (of any kind), raising if it is ragged or cannot be one.

    For arguments that are not numbers (strain letters, labels, flags): the check of
    shape that :func:`as_finite_array` makes for numbers.

    >>> as_array([["S"], ["H", "N"]], "strain")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: strain: must be a rectangular array (not ragged
    lists); got [['S'], ['H', 'N']]
    """
    try:
        return np.asarray(values, dtype=dtype)
    except (TypeError, ValueError, OverflowError) as exc:
        raise fail(name, "a rectangular array (not ragged lists)", values) from exc


def as_finite_array(values, name: str, *, dtype=float, allow_empty: bool = False) -> np.ndarray:
    """``values`` as an array, raising if it is not numbers, holds NaN/inf or is empty.

    >>> as_finite_array([1, 2], "scores")
    array([1., 2.])
    >>> as_finite_array([1, float("nan")], "scores")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: scores: must be finite numbers; got nan at position 1
    """
    if _holds_text(values):  # np.asarray(["30"], dtype=float) would read the text
        raise fail(name, "numbers (not text)", values)
    try:
        with warnings.catch_warnings():  # a complex number is not silently made real
            warnings.simplefilter("error", np.exceptions.ComplexWarning)
            arr = np.asarray(values, dtype=dtype)
    except np.exceptions.ComplexWarning as exc:
        raise fail(name, "real numbers", values) from exc
    except (TypeError, ValueError, OverflowError) as exc:
        raise fail(name, "numbers", values) from exc
    if not allow_empty and arr.size == 0:
        raise fail(name, "one or more numbers", values)
    if arr.dtype.kind in "fc":
        bad = ~np.isfinite(arr)
        if bad.any():
            pos = int(np.flatnonzero(bad.ravel())[0])
            raise BridgestatsError(
                f"{name}: must be finite numbers; got {arr.ravel()[pos]} at position {pos}"
            )
    return arr


def _holds_text(values) -> bool:
    """Whether ``values`` is text or an array/sequence holding text (str or bytes)."""
    if isinstance(values, str | bytes | np.str_ | np.bytes_):
        return True
    if isinstance(values, np.ndarray):
        if values.dtype.kind in "SU":
            return True
        if values.dtype.kind != "O":
            return False
        return any(isinstance(v, str | bytes) for v in values.ravel())
    if isinstance(values, list | tuple):
        return any(_holds_text(v) for v in values)
    return False


def check_broadcast(**arrays) -> list[np.ndarray]:
    """The arrays given by keyword, broadcast to one shape, or an error naming them.

    >>> [a.tolist() for a in check_broadcast(level=np.array([1, 2]), tricks=np.array(7))]
    [[1, 2], [7, 7]]
    >>> check_broadcast(level=np.array([1, 2]), strain=np.array([0, 1, 2]))
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: level, strain: must be shapes that broadcast
    together; got shapes (2,), (3,)
    """
    try:
        return list(np.broadcast_arrays(*arrays.values()))
    except ValueError:
        names = ", ".join(arrays)
        shapes = ", ".join(str(np.shape(a)) for a in arrays.values())
        raise fail(names, "shapes that broadcast together", given=f"shapes {shapes}") from None


def check_rng(rng, name: str = "rng") -> np.random.Generator:
    """``rng`` as a :class:`numpy.random.Generator` (SPEC 7), raising unless it is a seed.

    ``None`` (fresh entropy), an integer >= 0, a :class:`numpy.random.SeedSequence`, a bit
    generator or a Generator (returned as is) are accepted; a string, a float, a bool or a
    negative integer is refused.

    >>> int(check_rng(7).integers(10)) == int(check_rng(7).integers(10))
    True
    >>> check_rng("x")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: rng: must be None, an integer seed >= 0 or a
    numpy.random.Generator; got 'x'
    """
    if isinstance(rng, np.random.Generator):
        return rng
    seedlike = (np.random.SeedSequence, np.random.BitGenerator)
    ok = rng is None or isinstance(rng, seedlike)
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool | np.bool_):
        ok = int(rng) >= 0
    if not ok:
        raise fail(name, "None, an integer seed >= 0 or a numpy.random.Generator", rng)
    return np.random.default_rng(rng)


def check_positive(value, name: str, *, allow_zero: bool = False) -> np.ndarray:
    """``value`` as a float array, raising unless every element is > 0 (>= 0 if allowed).

    >>> check_positive(0, "n_boards")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: n_boards: must be > 0; got 0
    """
    arr = as_finite_array(value, name)
    ok = arr >= 0 if allow_zero else arr > 0
    if not np.all(ok):
        bad = arr[~ok].ravel()[0]
        shown = int(bad) if float(bad).is_integer() else float(bad)
        raise fail(name, ">= 0" if allow_zero else "> 0", shown)
    return arr


def check_whole(values, name: str, *, minimum=None, maximum=None) -> np.ndarray:
    """``values`` as an int64 array, raising unless every element is a whole number in range.

    >>> check_whole([1, 2.0], "level", minimum=0, maximum=7)
    array([1, 2])
    >>> check_whole([1, 9], "level", minimum=0, maximum=7)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: level: must be whole numbers in 0-7; got 9
    >>> check_whole(True, "n_results", minimum=1)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: n_results: must be whole numbers >= 1; got True
    """
    allowed = "whole numbers" + _range_text(minimum, maximum)
    try:
        raw = np.asarray(values)
    except (TypeError, ValueError):  # ragged: as_finite_array says so
        raw = values
    if getattr(raw, "dtype", None) == np.bool_:
        raise fail(name, allowed, values)  # a bool is not a count (as_finite_array casts it)
    arr = as_finite_array(raw, name, allow_empty=True)
    if arr.dtype.kind in "fc":
        if arr.dtype.kind == "c" or not np.all(arr == np.round(arr)):
            bad = arr[arr != np.round(arr)].ravel()
            raise fail(name, allowed, bad[0] if bad.size else values)
        if np.any(np.abs(arr) > 2**62):
            raise fail(name, allowed, arr[np.abs(arr) > 2**62].ravel()[0])
    elif arr.dtype.kind == "u" and arr.size and arr.max() > 2**62:
        raise fail(name, allowed, int(arr.max()))
    out = arr.astype(np.int64)
    bad = np.zeros(out.shape, dtype=bool)
    if minimum is not None:
        bad |= out < minimum
    if maximum is not None:
        bad |= out > maximum
    if bad.any():
        raise fail(name, allowed, int(out[bad].ravel()[0]))
    return out


def check_frame(frame, name: str, columns=(), *, allow_empty: bool = True):
    """``frame`` itself, raising unless it is a DataFrame holding every one of ``columns``.

    Examples
    --------
    >>> import pandas as pd
    >>> check_frame(pd.DataFrame({"board": [1]}), "log", ["board", "pct"])
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: log: must have the columns ['board', 'pct']; got a frame
    missing column(s) ['pct']
    >>> check_frame([1, 2], "frame")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: frame: must be a pandas DataFrame; got list
    """
    import pandas as pd  # here, not at the top: ``import bridgestats`` stays pandas-free

    if not isinstance(frame, pd.DataFrame):
        raise BridgestatsError(f"{name}: must be a pandas DataFrame; got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise BridgestatsError(
            f"{name}: must have the columns {list(columns)}; got a frame missing column(s) "
            f"{missing}"
        )
    if not allow_empty and len(frame) == 0:
        raise BridgestatsError(f"{name}: must have at least one row; got an empty frame")
    return frame


def check_column_range(frame, column: str, name: str, *, low: float, high: float) -> np.ndarray:
    """``frame[column]`` as floats, raising unless every entry is a number in low-high.

    The message names the argument, the row (position) and the value.

    >>> import pandas as pd
    >>> check_column_range(pd.DataFrame({"pct_ns": [55, "x"]}), "pct_ns", "log",
    ...                    low=0, high=100)
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: log: row 1: pct_ns: must be a number in 0-100; got 'x'
    """
    import pandas as pd  # here, not at the top: ``import bridgestats`` stays pandas-free

    values = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
    bad = ~np.isfinite(values) | (values < low) | (values > high)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise fail(
            f"{name}: row {row}: {column}", f"a number in {low:g}-{high:g}", frame[column].iloc[row]
        )
    return values
