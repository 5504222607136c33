"""What the rooms of :mod:`bridgestats.fit` share: the bounds on simulation sizes, the checks
of counts, thresholds and confidence, and the cluster bootstrap."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import (
    as_array,
    as_finite_array,
    check_number,
    check_positive,
    check_rng,
    fail,
)

#: Most Monte Carlo draws :func:`frequency_test` makes (``n_sim``). 10⁶ puts the Monte Carlo
#: standard error of a p-value near 0.05 at 0.0002, far below any decision it serves; the
#: draws are made in chunks of :data:`_SIM_CHUNK` rows, so memory stays near 100 MB for 100
#: bands, and a million draws take seconds, not hours (10¹² would ask for 22 TiB).
MAX_N_SIM = 1_000_000
_SIM_CHUNK = 100_000
#: Most bootstrap replicates of :func:`estimate_k`, :func:`estimate_k_from_matches` and
#: :func:`butler_factor` (``n_boot``): 10⁶ replicates fix a 90% percentile interval's ends
#: to well under 1% of its width; their statistics (a few floats each) fit in memory.
MAX_N_BOOT = 1_000_000
#: Largest swing :func:`estimate_k` takes (in absolute value): an IMP swing is at most 24 per
#: board; 10⁶ leaves room for other units while every Σx² stays finite (1e300 overflowed).
MAX_SWING = 1e6


# --------------------------------------------------------------------------- validation


def _scalar(value):
    """A 0-d array (or a one-element one) as its scalar; anything else unchanged."""
    if isinstance(value, np.ndarray) and value.size == 1:
        return value.reshape(()).item()
    return value


def _check_confidence(confidence) -> float:
    """A confidence level: one number strictly between 0 and 1."""
    return check_number(confidence, "confidence", low=0, high=1, low_open=True, high_open=True)


def _check_counts(counts, name: str = "counts") -> np.ndarray:
    """Counts of observations per band: a 1-D array of numbers >= 0, not all 0."""
    arr = check_positive(counts, name, allow_zero=True)
    if arr.ndim != 1:
        raise fail(name, "one-dimensional", given=f"shape {arr.shape}")
    if arr.sum() <= 0:
        raise fail(name, "counts holding at least one observation", arr.tolist())
    return arr


#: What a scale's thresholds must be, as the messages say it.
_THRESHOLDS_RULE = "positive, strictly increasing margins (the winner's VP steps up at each)"


def _check_thresholds(thresholds) -> np.ndarray:
    """One scale's thresholds: a 1-D array of positive, strictly increasing margins."""
    t = as_finite_array(thresholds, "thresholds")
    if t.ndim != 1:
        raise fail("thresholds", "one-dimensional", given=f"shape {t.shape}")
    if t[0] <= 0 or np.any(np.diff(t) <= 0):
        raise fail("thresholds", _THRESHOLDS_RULE, t.tolist())
    return t


def _cluster_bootstrap(sums: np.ndarray, statistic, *, n_boot: int, rng) -> np.ndarray:
    """Percentile-bootstrap replicates of ``statistic`` resampling rows of ``sums``.

    ``sums`` holds per-cluster totals, shape (C, q); a resample draws C cluster indices
    with replacement and adds their rows. ``statistic`` maps totals of shape (b, q) to
    (b,) or (b, r). Indices are drawn in chunks of at most 2·10⁶ to bound memory.
    """
    gen = check_rng(rng)
    c = sums.shape[0]
    chunk = max(1, min(n_boot, 2_000_000 // c))
    columns = np.ascontiguousarray(np.asarray(sums, dtype=float).T)
    reps = []
    done = 0
    while done < n_boot:
        b = min(chunk, n_boot - done)
        idx = gen.integers(0, c, size=(b, c))
        reps.append(statistic(_resampled_totals(columns, idx)))
        done += b
    return np.concatenate(reps, axis=0)


def _resampled_totals(columns: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """The totals of each resample: ``sums[idx].sum(axis=1)``, ``columns`` being ``sums.T``
    (shape (q, C)) and ``idx`` the resamples' cluster indices (shape (b, C)).

    Column by column, each the last of a running sum along the resample: the additions of
    ``sums[idx].sum(axis=1)`` in its order (one cluster after another), so its value, in
    about a third of the time (no (b, C, q) array; contiguous reads): 2,000 resamples of
    the Butler factor's 18,080 boards 1.4 s -> 0.5 s, a third of it drawing the indices
    (``benchmarks/bench_committee.py``).
    """
    out = np.empty((idx.shape[0], columns.shape[0]))
    for j, column in enumerate(columns):
        out[:, j] = np.cumsum(column[idx], axis=1)[:, -1]
    return out


def _percentile_ci(reps: np.ndarray, confidence: float) -> np.ndarray:
    """Percentile interval per column, over the replicates where the statistic is defined:
    a resample can hold only units that leave it 0/0 (NaN), e.g. only boards whose
    results all agree (B) or only one-board matches (ρ); those replicates are left out."""
    a = (1 - confidence) / 2
    return np.nanquantile(reps, [a, 1 - a], axis=0)


def _percentile_bootstrap(sums: np.ndarray, statistic, *, n_boot: int, rng, confidence):
    """Percentile interval ``(lo, hi)`` and standard error (sd of the replicates, ddof 1) of
    a scalar ``statistic`` by :func:`_cluster_bootstrap` over the rows of ``sums``
    (replicates where the statistic is undefined left out, see :func:`_percentile_ci`)."""
    reps = _cluster_bootstrap(sums, statistic, n_boot=n_boot, rng=rng)
    lo, hi = _percentile_ci(reps, confidence)
    return (float(lo), float(hi)), float(np.nanstd(reps, ddof=1))


def _root_ratio(tot: np.ndarray) -> np.ndarray:
    """√(first column / second) of summed totals: K from (Σx², n), B from (Σ butler², Σ linear);
    NaN where both are 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sqrt(tot[:, 0] / tot[:, 1])


def _cluster_codes(cluster, n: int) -> np.ndarray:
    labels = as_array(cluster, "cluster", dtype=object).ravel()
    try:
        codes, _ = pd.factorize(labels, use_na_sentinel=True)
    except TypeError:  # an unhashable label
        raise fail("cluster", "hashable labels (numbers or text)", cluster) from None
    if codes.size != n:
        raise fail("cluster", f"one label per swing ({n})", given=f"{codes.size} labels")
    if np.any(codes < 0):
        pos = int(np.flatnonzero(codes < 0)[0])
        raise fail(f"cluster: position {pos}", "a label", np.ravel(cluster)[pos])
    return codes
