"""Derive data/derived/sigma_evidence_inputs.csv: the inputs of every form's σ(n), fitted once.

Run: ``.venv/bin/python scripts/derive_sigma_evidence_inputs.py`` (a few seconds;
deterministic: every fit has its seed). It runs
:func:`bridgestats.studies.sigma_evidence.fit_evidence_inputs` (K and δ of
the K(n) model, the Swiss pairs σ₈, k and τ, the Butler factor B and the aggregate K, each
with its interval and source) and writes one row per input with the parameters of its fit
and the SHA-256 of the data sets it was fitted to
(:func:`bridgestats.sigma.input_rows`). :func:`bridgestats.sigma.evidence_inputs`
reads the file in every process without pandas or scipy and refuses it when those data or
parameters have changed; ``data/derived/README.md`` documents it and
``tests/datasets/test_derived_data.py`` fits the inputs again and compares.
"""

from __future__ import annotations

import csv
import sys

from bridgestats.paths import data_dir
from bridgestats.sigma import INPUTS, input_rows
from bridgestats.studies.sigma_evidence import fit_evidence_inputs


def derive() -> list[dict]:
    """The rows of the file, as shipped (floats as Python's repr: they read back bit for bit)."""
    return input_rows(fit_evidence_inputs())


def main() -> int:
    path = data_dir() / f"{INPUTS}.csv"
    rows = derive()
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{path}: {len(rows)} rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
