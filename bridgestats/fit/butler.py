"""The Butler factor B: Butler IMPs (against a datum) against head-to-head IMPs on the same
boards, and the per-board spreads of full fields it is measured from.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §5.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._validate import (
    as_finite_array,
    check_choice,
    check_int,
    check_positive,
    check_rng,
    check_whole,
    fail,
)
from ..errors import BridgestatsError
from ..scoring import imps as _imps
from ..scoring import score_board_results as _score_board_results
from ._common import (
    MAX_N_BOOT,
    _check_confidence,
    _percentile_bootstrap,
    _root_ratio,
)

# --------------------------------------------------------------------------- Butler factor


@dataclass(frozen=True)
class ButlerFactor:
    """Result of :func:`butler_factor`.

    Attributes
    ----------
    b : float
        The Butler (Bavin) factor B (Probst: between 1.18 and 1.2, "let's call it 6/5").
    ci : tuple of float
        Percentile-bootstrap interval over boards.
    se : float
        Bootstrap standard deviation.
    n_boards : int
        Boards used.
    confidence : float
        Level of ``ci``.
    """

    b: float
    ci: tuple[float, float]
    se: float
    n_boards: int
    confidence: float


def butler_factor(butler_sd, cross_rms, n_tables, *, confidence=0.90, n_boot=2000, rng=None):
    """The ratio B of Butler IMPs to head-to-head IMPs on the same boards (Probst's 6/5).

    Parameters
    ----------
    butler_sd : array_like
        Per board: the standard deviation over tables of the Butler IMPs (each result
        IMPed against the board's datum), e.g. ``butler_imps_sd`` of
        :func:`field_spreads`, or ``butler_imps_sd_mean`` (Probst's datum: B ≈ 1.189) or
        ``butler_imps_sd_trimmed`` (B ≈ 1.158) of
        ``data/derived/fullfield_board_spreads.csv``.
    cross_rms : array_like
        Per board: the root mean square of the head-to-head IMPs over all pairs of tables
        (the board's own K), e.g. ``cross_imps_rms``.
    n_tables : array_like
        Per board: tables (results) R; a Butler result is compared with C = R − 1 others.
    confidence : float, default 0.90
        Level of the percentile-bootstrap interval (boards resampled), strictly between 0 and 1.
    n_boot : int, default 2000
        Bootstrap replicates, 10 to :data:`MAX_N_BOOT` (10⁶).
    rng : int, numpy.random.Generator or None
        Seed (an integer >= 0) or generator (reproducible when given); anything else is
        refused.

    Returns
    -------
    ButlerFactor

    Notes
    -----
    Probst's σ of an online Butler match is ``B·K·√(n·C/(2R))`` [1]_ (§5). In points, a
    result minus the mean of R results (own included) has variance σ²·C/R, a head-to-head
    difference 2σ², so on a linear scale the Butler SD per board would be
    ``K·√(C/(2R))``; B is what the concave IMP table adds (a difference split in two
    scores more than half the IMPs: Probst's +420/+50 example). Pooling boards by their
    variances,

    ``B = √( Σ_b butler_sd_b² / Σ_b cross_rms_b² · C_b/(2R_b) )``.

    Bavin's conversion "multiply Butler IMPs by 5/6 of √(2R/C)" is 1/B with B = 6/5.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §5 ("Butler
       imps overstates the number of imps compared with teams of 4 by a factor that is
       between 1.18 and 1.2, let's call it 6/5"; σ = B × K × √(n × C/(2 × R)) + 1).

    Examples
    --------
    A board whose Butler SD is 6/5 of the linear expectation K·√(C/(2R)):

    >>> b = butler_factor([1.2 * 7 * np.sqrt(14 / 30)], [7.0], [15], rng=0)
    >>> print(f"{b.b:.3f}")
    1.200
    """
    bsd = check_positive(butler_sd, "butler_sd", allow_zero=True).ravel()
    crm = check_positive(cross_rms, "cross_rms", allow_zero=True).ravel()
    r = check_whole(n_tables, "n_tables", minimum=2).ravel().astype(float)  # two results
    if not (bsd.size == crm.size == r.size):
        raise fail(
            "cross_rms, n_tables",
            f"one entry per board like butler_sd ({bsd.size})",
            given=f"{crm.size} and {r.size} entries",
        )
    conf = _check_confidence(confidence)
    n_boot = check_int(n_boot, "n_boot", minimum=10, maximum=MAX_N_BOOT)
    rng = check_rng(rng)
    linear = crm**2 * (r - 1) / (2 * r)
    if linear.sum() <= 0:
        raise BridgestatsError("cross_rms: all 0, so B is undefined")
    sums = np.column_stack([bsd**2, linear])
    b = float(_root_ratio(sums.sum(axis=0, keepdims=True))[0])
    ci, se = _percentile_bootstrap(sums, _root_ratio, n_boot=n_boot, rng=rng, confidence=conf)
    return ButlerFactor(
        b=b,
        ci=ci,
        se=se,
        n_boards=int(bsd.size),
        confidence=conf,
    )


def _flatten_boards(scores) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenated results, the board index of each and the results per board (boards
    kept in input order, empty ones included)."""
    if isinstance(scores, str | bytes) or not isinstance(scores, Iterable):
        raise fail("scores", "a sequence of arrays, one per board", scores)
    arrays = [
        as_finite_array(a, f"scores (board {i})", allow_empty=True).ravel()
        for i, a in enumerate(scores)
    ]
    if not arrays:
        raise fail("scores", "one or more boards", given="none")
    lengths = np.array([a.size for a in arrays])
    return np.concatenate(arrays), np.repeat(np.arange(lengths.size), lengths), lengths


def field_spreads(scores, *, datum="mean", trim=0.1, gaps="upper"):
    """Per board of a full field: the spread of scores, Butler IMPs and head-to-head IMPs.

    Parameters
    ----------
    scores : sequence of array_like
        One array of North-South scores per board, every table that played it (e.g. the
        ``scores`` column of :func:`bridgestats.io.field_results`). Each board needs at
        least 2 results.
    datum : {"mean", "trimmed"}, default "mean"
        The Butler datum (:func:`bridgestats.scoring.butler_datum`). ``"mean"`` (all
        results, own included) is the datum behind Probst's √(C/(2R)); ``"trimmed"`` the
        tournament practice (drop the top and bottom ``trim``, round to 10).
    trim : float, default 0.1
        For ``datum="trimmed"``, in [0, 0.5).
    gaps : {"upper", "midpoint"}, default "upper"
        IMP gap rule for differences that are not multiples of 10
        (:func:`bridgestats.scoring.imps`).

    Returns
    -------
    pandas.DataFrame
        One row per board, in input order: ``n_tables`` (R), ``score_sd`` (population SD
        of the scores, points), ``butler_imps_sd`` (root mean square about 0 of each
        result's IMPs against the datum), ``cross_imps_rms`` (root mean square of
        imps(s_i − s_j) over the R(R − 1) ordered pairs i ≠ j: the board's head-to-head
        K). The last three are the inputs of :func:`butler_factor`.

    See Also
    --------
    bridgestats.io.field_results : the ``scores`` of each board from a tidy frame.
        ``data/derived/fullfield_board_spreads.csv`` holds these columns for the VALET
        archive, the Butler IMPs against both datums (``scripts/derive_archive_figures.py``):
        the trimmed datum gives B ≈ 1.158, the plain mean B ≈ 1.189.

    Notes
    -----
    ``butler_imps_sd² = Σ_i imps(s_i − d)²/R`` and
    ``cross_imps_rms² = Σ_{i≠j} imps(s_i − s_j)²/(R(R − 1))``. Butler IMPs come from
    :func:`bridgestats.scoring.score_board_results` (vectorised over boards); the pairwise
    IMPs from :func:`bridgestats.scoring.imps` on padded blocks of boards sorted by size.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §5 "How do we create a Butler Imp VP scale?".
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com): IMPs against the average
       score (the ``"mean"`` datum).

    Examples
    --------
    Probst's §5 board: +420 at one table, +50 to East-West at the other: 10 IMPs
    head-to-head, but 6 IMPs each way against a datum in the middle (net 12).

    >>> print(field_spreads([[420, -50]]).to_string())
       n_tables  score_sd  butler_imps_sd  cross_imps_rms
    0         2     235.0             6.0            10.0
    """

    check_choice(datum, "datum", ("mean", "trimmed"))
    values, board, n = _flatten_boards(scores)
    if np.any(n < 2):
        bad = int(np.flatnonzero(n < 2)[0])
        raise fail(f"scores: board {bad}", "2 or more results", given=f"{n[bad]} result(s)")
    mean = np.bincount(board, weights=values) / n
    score_sd = np.sqrt(np.bincount(board, weights=(values - mean[board]) ** 2) / n)
    frame = pd.DataFrame({"board": board, "score_ns": values})
    butler = _score_board_results(frame, method="butler", datum=datum, trim=trim, gaps=gaps)
    b_imps = butler["imps_ns"].to_numpy(dtype=float)
    butler_sd = np.sqrt(np.bincount(board, weights=b_imps**2) / n)
    cross_sq = _pairwise_imp_squares(values, board, n, gaps=gaps)
    return pd.DataFrame(
        {
            "n_tables": n,
            "score_sd": score_sd,
            "butler_imps_sd": butler_sd,
            "cross_imps_rms": np.sqrt(cross_sq / (n * (n - 1))),
        }
    )


def _pairwise_imp_squares(values, board, n, *, gaps) -> np.ndarray:
    """Σ_{i≠j} imps(s_i − s_j)² per board, on NaN-padded blocks of similar-sized boards."""
    order = np.argsort(n, kind="stable")
    starts = np.concatenate([[0], np.cumsum(n)])
    out = np.zeros(n.size)
    i = 0
    while i < order.size:  # one block of boards per pass, at most ~4·10⁶ pair cells
        rows = max(1, 4_000_000 // int(n[order[i:]].max() ** 2))
        block = order[i : i + rows]
        width = int(n[block].max())
        col = np.arange(width)
        idx = starts[block][:, None] + col[None, :]
        valid = col[None, :] < n[block][:, None]
        x = np.where(valid, values[np.where(valid, idx, 0)], 0.0)
        diff = x[:, :, None] - x[:, None, :]
        sq = _imps(diff, gaps=gaps).astype(float) ** 2
        pair_ok = valid[:, :, None] & valid[:, None, :]
        out[block] = np.sum(np.where(pair_ok, sq, 0.0), axis=(1, 2))
        i += rows
    return out
