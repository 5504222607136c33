"""The evidence's inputs of every form's σ(n), as shipped: one reader, read fast.

The inputs of every form's σ(n) (K and δ of the K(n) model, the Swiss pairs σ₈, k and τ,
the Butler factor B, the aggregate K; each with its interval at :data:`CONFIDENCE` and its
source) are fitted once to the shipped data by
:func:`bridgestats.studies.sigma_evidence.fit_evidence_inputs` and shipped as
``data/derived/sigma_evidence_inputs.csv`` (:data:`INPUTS`, made by
``scripts/derive_sigma_evidence_inputs.py``). :func:`evidence_inputs` reads that file with
the standard library (no pandas, no scipy: ``bridgestats scale`` prints the evidence's
scale in a fraction of a second) and refuses it when the data it was fitted to or the fits'
parameters have changed since; ``tests/datasets/test_derived_data.py`` fits the inputs again
and refuses a file that differs. :func:`bridgestats.sigma.form_sigma` turns them into the
σ of an n-board match of a form, with its interval and source: the one σ every report, the
booklet, the designer and ``bridgestats scale`` print.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §10,
   §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import json

from .._validate import fail
from ..paths import data_dir
from .forms import FormTable

__all__ = [
    "BUTLER_FIT",
    "CONFIDENCE",
    "EVIDENCE_FORMS",
    "INPUTS",
    "INPUT_NAMES",
    "PAIRS_CURVE",
    "PAIRS_FIT",
    "PAIRS_FIT_INPUT",
    "TEAMS_FIT",
    "evidence_inputs",
    "input_rows",
]

#: The forms the evidence measures (those of :data:`bridgestats.sigma.FORMS` with an
#: ``evidence`` σ), and their units.
EVIDENCE_FORMS = FormTable("unit", evidence=True)
#: The level of every interval the evidence carries (the fits are run at it, not assumed).
CONFIDENCE = 0.90
#: The fit of K and δ behind every teams scale: the within-match estimator
#: (:func:`bridgestats.studies.k_growth.delta_within_match`: δ² = Σ(m² − Σx²)/Σn(n − 1),
#: K² = Σx²/Σn − δ², each match identifying δ on its own) over the matches of 12-32 boards,
#: its interval resampling files. Not the margins-only likelihood of the K(n) model
#: (:func:`~bridgestats.studies.k_growth.k_model`, K 6.02, δ 0.67), which parts K from δ by
#: the spread of match lengths alone and leans on 67 one-board pseudo-matches and 22
#: untagged finals of 33-100 boards (restricted to the 2,124 matches of 12-32 boards it
#: gives K 3.98, δ 1.30: a K below the per-board rms √(K² + δ²) = 6.12 of the same matches
#: by far more than δ allows).
TEAMS_FIT = {
    "estimator": "within_match",
    "min_boards": 12,
    "max_boards": 32,
    "n_boot": 2000,
    "rng": 2026,
}
#: The one Swiss pairs strength fit every report uses
#: (:func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength`):
#: :func:`bridgestats.studies.strength.pairs_strength_spread` on this grid of τ (MP %), this
#: many Brighton-sized events per τ and this seed. 40 events per τ make the Monte Carlo SE
#: of τ about 0.05 % (against a sampling half-width of about 0.5 %); it is carried into the
#: interval all the same. The simulated curve (about 20 s) is shipped as
#: :data:`PAIRS_CURVE` (``scripts/derive_swiss_pairs_strength.py``).
PAIRS_FIT = {
    "strength_sds": (0.0, 1.0, 2.0, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0),
    "n_events": 40,
    "rng": 20260101,
}
#: The data set the Swiss pairs fit is simulated for (its SHA-256 is shipped with the curve).
PAIRS_FIT_INPUT = "seeds/brighton_2005_vp_counts"
#: The shipped simulated curve of :data:`PAIRS_FIT`.
PAIRS_CURVE = "derived/swiss_pairs_strength_curve"
#: The Butler factor B: the trimmed datum's, its interval from this many board resamples.
BUTLER_FIT = {"datum": "trimmed", "n_boot": 200, "rng": 0}
#: The shipped inputs (a data set of :mod:`bridgestats.datasets`).
INPUTS = "derived/sigma_evidence_inputs"

#: Each input's group: the ``*_source`` text it shares, the data sets it is fitted to and
#: the parameters of its fit (recorded in the shipped file and checked when it is read).
_GROUPS = {
    "k_source": (("derived/match_margins",), TEAMS_FIT),
    "pairs_source": ((PAIRS_FIT_INPUT, PAIRS_CURVE), PAIRS_FIT),
    "b_source": (("derived/fullfield_board_spreads",), BUTLER_FIT),
    "aggregate_source": (("seeds/probst_printed_figures",), {"figure": "sheffield_sigma"}),
}
_INPUT_GROUP = {
    "k": "k_source",
    "delta": "k_source",
    "sigma_pairs_8": "pairs_source",
    "pairs_k": "pairs_source",
    "strength_sd": "pairs_source",
    "b": "b_source",
    "aggregate_k": "aggregate_source",
}
#: The inputs' names, in the shipped file's order.
INPUT_NAMES = tuple(_INPUT_GROUP)
_COLUMNS = (
    "input",
    "value",
    "ci_low",
    "ci_high",
    "confidence",
    "source",
    "fit",
    "data",
    "data_sha256",
)


def _sha256(name: str) -> str:
    return hashlib.sha256((data_dir() / f"{name}.csv").read_bytes()).hexdigest()


def _fit_text(parameters: dict) -> str:
    return json.dumps({**parameters, "confidence": CONFIDENCE}, sort_keys=True)


def input_rows(inputs: dict) -> list[dict]:
    """The rows of the shipped file for ``inputs`` (a dict as :func:`evidence_inputs`
    returns): one per input, with its interval, source, fit parameters and the SHA-256 of
    the data sets it was fitted to (``scripts/derive_sigma_evidence_inputs.py`` writes them).
    """
    rows = []
    for name, group in _INPUT_GROUP.items():
        data, fit = _GROUPS[group]
        lo, hi = inputs.get(f"{name}_ci") or ("", "")
        rows.append(
            {
                "input": name,
                "value": repr(float(inputs[name])),
                "ci_low": lo if lo == "" else repr(float(lo)),
                "ci_high": hi if hi == "" else repr(float(hi)),
                "confidence": repr(float(inputs["confidence"])),
                "source": inputs[group],
                "fit": _fit_text(fit),
                "data": " ".join(data),
                "data_sha256": " ".join(_sha256(d) for d in data),
            }
        )
    return rows


@functools.cache
def _shipped() -> tuple:
    path = data_dir() / f"{INPUTS}.csv"
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    stale = "run scripts/derive_sigma_evidence_inputs.py"
    if [r["input"] for r in rows] != list(_INPUT_GROUP):
        raise fail(
            INPUTS, f"one row per input {list(_INPUT_GROUP)} ({stale})", [r["input"] for r in rows]
        )
    out = {}
    for row in rows:
        name, group = row["input"], _INPUT_GROUP[row["input"]]
        data, fit = _GROUPS[group]
        if row["fit"] != _fit_text(fit) or row["data"] != " ".join(data):
            raise fail(
                INPUTS,
                f"inputs fitted with {_fit_text(fit)} to {' '.join(data)} ({stale})",
                f"{name}: {row['fit']} to {row['data']}",
            )
        shas = row["data_sha256"].split()
        for d, sha in zip(data, shas, strict=True):
            if _sha256(d) != sha:
                raise fail(
                    INPUTS,
                    f"inputs fitted to the shipped {d} ({stale})",
                    f"{name} fitted to a {d} of SHA-256 {sha[:12]}...",
                )
        out[name] = float(row["value"])
        if row["ci_low"] != "":
            out[f"{name}_ci"] = (float(row["ci_low"]), float(row["ci_high"]))
        out[group] = row["source"]
        out["confidence"] = float(row["confidence"])
    return tuple(out.items())


def evidence_inputs() -> dict:
    """The inputs of every form's σ(n), as shipped (:data:`INPUTS`), checked for staleness.

    Returns
    -------
    dict
        ``k``, ``k_ci``, ``delta``, ``delta_ci`` (:data:`TEAMS_FIT`), ``k_source``;
        ``sigma_pairs_8``, ``sigma_pairs_8_ci``, ``pairs_k``, ``strength_sd``,
        ``strength_sd_ci``, ``pairs_source`` (:data:`PAIRS_FIT`); ``b``, ``b_ci``,
        ``b_source`` (:data:`BUTLER_FIT`); ``aggregate_k``, ``aggregate_source`` (Probst's
        Sheffield σ); ``confidence``. The same figures as
        :func:`bridgestats.studies.sigma_evidence.fit_evidence_inputs` computes
        (``tests/datasets/test_derived_data.py``).

    Examples
    --------
    >>> ev = evidence_inputs()
    >>> print(f"K {ev['k']:.2f}, delta {ev['delta']:.2f}, tau {ev['strength_sd']:.2f}, "
    ...       f"B {ev['b']:.3f}")
    K 6.09, delta 0.63, tau 4.02, B 1.158
    """
    return dict(_shipped())
