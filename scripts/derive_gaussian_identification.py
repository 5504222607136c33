"""Derive data/derived/gaussian_profile_{intervals,curve}.csv: the Gaussian model's exact fit.

Run: ``.venv/bin/python scripts/derive_gaussian_identification.py`` (about half an hour
of CPU, its six profiles in parallel processes; deterministic, no randomness). It runs
:func:`bridgestats.studies.ratings_identification.gaussian_identification` with
:data:`bridgestats.studies.ratings_identification.IDENTIFICATION` (the fitting window, level and
profile grid of the report ``ratings_real``) on the shipped session log
``derived/rating_sessions``: the five sds by the exact likelihood of the sessions before
2010 (:mod:`bridgestats.ratings.gaussian_mixed`), each with its profile interval and
curve, and the partnership sd again on the multi-partner sessions. Each row carries the
arguments and the SHA-256 of the log's content
(:func:`~bridgestats.studies.ratings_identification.log_digest`) it was derived from; the report
takes these figures only when both match, and computes them otherwise.
``data/derived/README.md`` documents the files; ``tests/datasets/test_derived_data.py``
checks them against the current log and, slowly, against a fresh evaluation of the
likelihood.
"""

from __future__ import annotations

import sys

from bridgestats import datasets
from bridgestats.paths import data_dir
from bridgestats.studies.ratings_identification import (
    IDENTIFICATION,
    PROFILE_CURVE,
    PROFILE_INTERVALS,
    gaussian_identification,
    log_digest,
)

N_JOBS = 6  # the six profiles (five sds, and the partnership sd's second fit) in parallel


def derive():
    """(intervals, curve) with their provenance columns, as shipped."""
    sessions = datasets.load("derived/rating_sessions")
    intervals, curve = gaussian_identification(
        sessions, **IDENTIFICATION, shipped=False, n_jobs=N_JOBS
    )
    provenance = {**IDENTIFICATION, "log_digest": log_digest(sessions)}
    return intervals.assign(**provenance), curve.assign(**provenance)


def main() -> int:
    for name, frame in zip((PROFILE_INTERVALS, PROFILE_CURVE), derive(), strict=True):
        path = data_dir() / f"{name}.csv"
        # floats as Python's repr (pandas' default): they read back bit for bit
        frame.to_csv(path, index=False, lineterminator="\n")
        print(f"{path}: {len(frame)} rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
