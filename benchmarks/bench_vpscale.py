"""VP scale throughput against baselines timed in the same process (best of a few repeats).

- :meth:`bridgestats.vp.VPScale.vp` on 10^7 margins (a 20-0 scale with 5 negative
  steps) against a bare ``numpy.searchsorted`` in its thresholds (goal: within 3x; ``vp``
  also validates, rounds away float noise and maps both signs);
- :func:`bridgestats.vp.wbf_vp` on 10^6 whole-IMP margins over 8 different board
  counts against evaluating the unrounded WBF curve with numpy (goal: within 3x; the table
  is built once per board count and looked up);
- the same against a per-result Python loop over ``math`` (the obvious scalar code),
  timed on 10^4 results and extrapolated linearly.
"""

from __future__ import annotations

import math

import numpy as np

from benchmarks._timing import best_time as _best
from bridgestats.vp import gaussian_scale, wbf_vp

_TAU = (math.sqrt(5) - 1) / 2


def _curve(m, n):
    """Baseline: the unrounded WBF curve, capped (no half-up rounding, no correction)."""
    x = 15.0 * np.sqrt(n)
    v = 10.0 + 10.0 * (1.0 - _TAU ** (3.0 * np.abs(m) / x)) / (1.0 - _TAU**3)
    v = np.minimum(v, 20.0)
    return np.where(m >= 0, v, 20.0 - v)


def _loop(ms, ns):
    out = []
    for m, n in zip(ms, ns, strict=True):
        x = 15.0 * math.sqrt(n)
        v = min(10.0 + 10.0 * (1.0 - _TAU ** (3.0 * abs(m) / x)) / (1.0 - _TAU**3), 20.0)
        out.append(round(v if m >= 0 else 20.0 - v, 2))
    return out


def run(quick: bool = False) -> None:
    rng = np.random.default_rng(2013)
    n = 10**6 if quick else 10**7
    scale = gaussian_scale(sigma=18.38, negative=5)
    margins = rng.normal(0.0, 18.38, n)
    t = np.asarray(scale.thresholds)
    t_ours = _best(lambda: scale.vp(margins))
    t_base = _best(lambda: np.searchsorted(t, np.abs(margins), side="right"))
    print(
        f"VPScale.vp {n:.0e}: {n / t_ours / 1e6:7.1f} M/s; bare searchsorted "
        f"{n / t_base / 1e6:7.1f} M/s; ratio ours/bare {t_ours / t_base:.2f} (goal < 3)"
    )

    n = 10**5 if quick else 10**6
    boards = rng.choice([6, 7, 8, 10, 12, 14, 16, 20], n)
    imp_margins = rng.integers(-60, 61, n)
    t_ours = _best(lambda: wbf_vp(imp_margins, boards))
    t_base = _best(lambda: _curve(imp_margins, boards))
    print(
        f"wbf_vp {n:.0e} (8 board counts): {n / t_ours / 1e6:7.1f} M/s; numpy curve "
        f"{n / t_base / 1e6:7.1f} M/s; ratio ours/curve {t_ours / t_base:.2f} (goal < 3)"
    )
    k = 10**4
    t_loop = _best(lambda: _loop(imp_margins[:k].tolist(), boards[:k].tolist())) * n / k
    print(f"wbf_vp vs a Python loop (extrapolated from {k:.0e}): speed-up {t_loop / t_ours:.0f}x")


if __name__ == "__main__":  # pragma: no cover
    run()
