"""bridgestats.fit: throughput of the σ fits and of the cluster bootstrap.

1. Fitting σ to many samples of VP counts (simulation studies, per-round tables):
   :func:`~bridgestats.fit.fit_sigma_groups` (all groups in one vectorised pass) against a
   Python loop of :func:`~bridgestats.fit.fit_sigma_binned` (the baseline), same counts,
   same process. The ratio is the speed-up of the vectorised path.
2. The cluster bootstrap of :func:`~bridgestats.fit.estimate_k`: swings per second for
   37,000 swings in 2,400 matches (the size of the teams archive) and 1,000 replicates,
   against the iid bootstrap of the same swings (the baseline: one cluster per swing).
"""

from __future__ import annotations

import numpy as np

from benchmarks._timing import best_time as _best
from bridgestats.fit import estimate_k, fit_sigma_binned, fit_sigma_groups

#: The 2004 Swiss pairs scale, MP % above 50: J. Probst, "On VP Scales" (c. 2006), Table 8
#: (``data/seeds/swiss_pairs_scales.csv``, ``scale == "washington_2004"``).
THRESHOLDS = np.array([0.57, 1.73, 2.90, 4.13, 5.43, 6.83, 8.40, 10.23, 12.55, 15.99])


def _counts(rng, n_groups: int, n_matches: int) -> np.ndarray:
    margins = np.abs(rng.normal(0.0, 11.0, size=(n_groups, n_matches)))
    idx = np.searchsorted(THRESHOLDS, margins, side="right")
    return np.stack([np.bincount(row, minlength=THRESHOLDS.size + 1) for row in idx])


def run(quick: bool = False) -> dict:
    """Run both benchmarks, print throughput and ratios, return the figures."""
    rng = np.random.default_rng(0)
    n_groups = 200 if quick else 2000
    counts = _counts(rng, n_groups, 514)
    fit_sigma_groups(counts[:5], THRESHOLDS)  # warm-up
    t_loop = _best(lambda: [fit_sigma_binned(c, THRESHOLDS) for c in counts], 1 if quick else 2)
    t_vec = _best(lambda: fit_sigma_groups(counts, THRESHOLDS), 3)
    print(f"   σ fits of {n_groups} samples of 514 matches:")
    print(f"     loop of fit_sigma_binned  {n_groups / t_loop:10.0f} fits/s (baseline)")
    print(
        f"     fit_sigma_groups          {n_groups / t_vec:10.0f} fits/s  "
        f"ratio {t_loop / t_vec:5.1f}x"
    )

    n_matches, per_match = (400, 16) if quick else (2400, 16)
    n_boot = 200 if quick else 1000
    swings = np.round(rng.normal(0, 6.5, size=(n_matches, per_match))).ravel()
    cluster = np.repeat(np.arange(n_matches), per_match)
    t_iid = _best(lambda: estimate_k(swings, n_boot=n_boot, rng=1), 2)
    t_cluster = _best(lambda: estimate_k(swings, cluster=cluster, n_boot=n_boot, rng=1), 2)
    rate = swings.size * n_boot
    print(f"   K bootstrap, {swings.size} swings, {n_boot} replicates:")
    print(
        f"     iid (one unit per swing)  {rate / t_iid / 1e6:10.1f} M swing-replicates/s (baseline)"
    )
    print(
        f"     clusters ({n_matches} matches)  {rate / t_cluster / 1e6:10.1f} M "
        f"swing-replicates/s  ratio {t_iid / t_cluster:5.1f}x"
    )
    return {
        "fits_per_s_loop": n_groups / t_loop,
        "fits_per_s_groups": n_groups / t_vec,
        "bootstrap_iid_s": t_iid,
        "bootstrap_cluster_s": t_cluster,
    }


if __name__ == "__main__":
    run()
