"""Profile-likelihood intervals of the Gaussian model's sds, for any of its likelihoods.

:func:`profile_intervals` walks each sd's profile deviance over a grid and finds where it
crosses the χ²₁ cut; the likelihood (the filter's, :mod:`.gaussian`, or the exact one,
:mod:`.gaussian_mixed`) comes in as a ``refit(held, start)`` callable.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import optimize, stats

from .._validate import check_int, check_number, fail


def profile_intervals(refit, model, best, *, sds, level, n_grid, n_sessions):
    """(intervals, curve) of each sd in ``sds`` (see ``gaussian.profile_likelihood``).

    ``refit(held, start)`` returns (model, negative log-likelihood) with the sds of
    ``held`` fixed and the others maximised from ``start`` (the nearest point of the curve
    fitted so far); ``best`` is the negative log-likelihood at ``model``, the maximum.
    """
    level = check_number(level, "level", low=0, high=1, low_open=True, high_open=True)
    n_grid = check_int(n_grid, "n_grid", minimum=2)
    names = [f.name for f in model.__dataclass_fields__.values()]
    sds = list(sds)
    for name in sds:
        if name not in names:
            raise fail("sds", f"names among {tuple(names)}", name)
    defaults = type(model)()
    cut = float(stats.chi2.ppf(level, 1))
    rows, curve = [], []
    for name in sds:
        est = getattr(model, name)
        cache, fitted = {}, {est: model}

        def deviance(value, name=name, cache=cache, fitted=fitted):
            if value not in cache:  # started from the nearest point fitted so far
                done = list(fitted)
                near = done[int(np.argmin([abs(v - value) for v in done]))]
                fitted[value], nll = refit({name: value}, fitted[near])
                cache[value] = 2.0 * (nll - best)
            return cache[value]

        scale = max(est, 0.25 * getattr(defaults, name))
        for value in np.linspace(0.0, 2.5 * scale, n_grid):
            deviance(float(value))
        low = 0.0 if deviance(0.0) < cut else _interval_end(deviance, est, 0.0, cut)
        high_edge = 2.5 * scale
        while deviance(high_edge) < cut and high_edge < 100.0:
            high_edge = min(2.0 * high_edge, 100.0)
        high = (
            _interval_end(deviance, est, high_edge, cut) if deviance(high_edge) >= cut else math.inf
        )
        rows.append(
            {
                "parameter": name,
                "estimate": est,
                "ci_low": low,
                "ci_high": high,
                "at_bound": bool(est <= 0),
                "n_sessions": int(n_sessions),
            }
        )
        curve.extend(
            {"parameter": name, "value": v, "deviance": max(d, 0.0)}
            for v, d in sorted(cache.items())
        )
        curve.append({"parameter": name, "value": est, "deviance": 0.0})
    curve_frame = pd.DataFrame(curve).sort_values(["parameter", "value"], kind="stable")
    return pd.DataFrame(rows), curve_frame.reset_index(drop=True)


def _interval_end(deviance, est, edge, cut):
    """Where the deviance crosses ``cut`` between the estimate and ``edge`` (Brent)."""
    return float(
        optimize.brentq(lambda v: deviance(v) - cut, min(est, edge), max(est, edge), xtol=1e-3)
    )
