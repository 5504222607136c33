"""The results of one board, checked once for every formula of one board."""

from __future__ import annotations

import numpy as np

from .._validate import as_finite_array, fail


def _board(scores) -> np.ndarray:
    """The results of one board as a 1-D float array; empty or non-finite raises."""
    arr = as_finite_array(scores, "scores")
    if arr.ndim != 1:
        raise fail("scores", "the results of one board (1-D)", arr)
    return arr
