"""What a notebook calls to leave its machine-readable results next to its report.

The batch runner (:mod:`bridgestats.reports`) executes each notebook with the run's folder
as the working directory, so these helpers write there: ``summary.json`` (headline
figures, read by the runner into ``reports/index.html`` and by the tests) and
``figures/<name>.png``.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import numpy as np

from . import datasets
from ._validate import check_flag, fail
from .errors import BridgestatsError

__all__ = ["finding", "input_hashes", "jsonable", "run_sweep", "save_figure", "save_summary"]


def jsonable(value):
    """Convert numpy scalars/arrays, tuples and dataclass-like results to JSON types.

    >>> jsonable({"k": np.float64(6.5), "ci": (6.1, np.float32(7.0)), "n": np.int64(3)})
    {'k': 6.5, 'ci': [6.1, 7.0], 'n': 3}
    """
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (np.floating, float)):
        f = float(value)
        return None if math.isnan(f) else f
    return value


def input_hashes(inputs) -> dict[str, str]:
    """SHA-256 of each input: a shipped data set name (``"seeds/brighton_2005"``) or a path.

    A folder (the readers of :mod:`bridgestats.io` take folders) is hashed as the SHA-256
    of its listing: one line ``<SHA-256 of the file>  <path below the folder>`` per file,
    sorted by path, so that any change to any file below it changes the hash.
    """
    hashes = {}
    for item in inputs:
        file = Path(item)
        if file.is_dir():
            hashes[str(item)] = _folder_hash(file)
            continue
        if not file.is_file():
            file = datasets.path(str(item))
        hashes[str(item)] = hashlib.sha256(file.read_bytes()).hexdigest()
    return hashes


def _folder_hash(folder: Path) -> str:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(folder).as_posix()}\n"
        for p in files
    )
    return hashlib.sha256(listing.encode()).hexdigest()


def finding(text: str, *, section: str, key: str | None = None, headline: bool = False) -> dict:
    """One finding of a report: a sentence with its number, and the section that shows it.

    Parameters
    ----------
    text : str
        The finding in one sentence, with its number, unit and interval, as a committee
        member should read it ("K per board: 6.13 IMPs (90 %: 6.09-6.17) from 37,099
        boards").
    section : str
        The notebook's markdown heading (its text, without the ``#``) of the section that
        shows it: ``reports/findings.html`` links to it.
    key : str, optional
        The summary key holding the number (checked by :func:`save_summary`).
    headline : bool
        Shown in ``reports/index.html`` in place of the headline keys.

    Examples
    --------
    >>> finding("sigma: 11.0 %", section="The fit", key="sigma", headline=True)
    {'text': 'sigma: 11.0 %', 'section': 'The fit', 'key': 'sigma', 'headline': True}
    """
    for name, value in (("text", text), ("section", section)):
        if not isinstance(value, str) or not value.strip():
            raise fail(name, "a non-empty string", value)
    if key is not None and not isinstance(key, str):
        raise fail("key", "a summary key (str) or None", key)
    headline = check_flag(headline, "headline")
    return {"text": text.strip(), "section": section.strip(), "key": key, "headline": headline}


def save_summary(
    summary: dict,
    *,
    inputs=(),
    headline=(),
    findings=(),
    path: str | Path = "summary.json",
) -> Path:
    """Write the notebook's headline figures as JSON (NaN becomes null) and return the path.

    ``inputs`` names the files the notebook read (data set names or paths); their SHA-256
    are stored under the key ``"_inputs"`` so that every report records what it used.
    ``headline`` optionally names the keys that ``reports/index.html`` shows first, in that
    order (stored under ``"_headline"``); without it the index shows the first few numbers.
    ``findings`` are the report's findings in words (:func:`finding`), stored under
    ``"_findings"``: ``reports/findings.html`` lists them with links to their sections, and
    the index shows those marked ``headline`` in place of the headline keys.

    >>> import json, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = save_summary({"sigma": 11.0, "n": 8}, headline=["sigma"], path=f"{tmp}/s.json")
    ...     json.loads(out.read_text())
    {'_headline': ['sigma'], '_inputs': {}, 'n': 8, 'sigma': 11.0}
    """
    payload = dict(jsonable(summary))
    headline = [headline] if isinstance(headline, str) else list(headline)
    unknown = [key for key in headline if key not in payload]
    if unknown:
        known = ", ".join(sorted(payload))
        raise BridgestatsError(f"headline: {unknown[0]!r} is not a summary key; keys: {known}")
    if headline:
        payload["_headline"] = headline
    findings = list(findings)
    for i, item in enumerate(findings):
        if not isinstance(item, dict) or set(item) != {"text", "section", "key", "headline"}:
            raise fail(f"findings[{i}]", "a finding(...)", item)
        if item["key"] is not None and item["key"] not in payload:
            known = ", ".join(sorted(payload))
            raise BridgestatsError(
                f"findings[{i}]: key {item['key']!r} is not a summary key; keys: {known}"
            )
    if findings:
        payload["_findings"] = findings
    payload["_inputs"] = input_hashes(inputs)
    path = Path(path)
    path.write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n")
    return path


def save_figure(fig, name: str, *, folder: str | Path = "figures", dpi: int = 110) -> Path:
    """Save a matplotlib figure as ``<folder>/<name>.png`` and return the path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    return path


def run_sweep(grid, *, seed, scheduler=None, progress=True):
    """:func:`bridgestats.sim.sweep.run_sweep`, with a scheduler given by its address too.

    ``scheduler`` may be a scheduler address (``"tcp://host:8786"``): a
    ``distributed.Client`` is connected to it for the sweep and closed after (the notebooks
    extra provides ``dask.distributed``); a connected client is used as given and left
    open; None runs the cells here. Same seed, same frame, wherever it runs.
    """
    from .sim import sweep

    if isinstance(scheduler, str):
        try:
            from distributed import Client
        except ImportError:  # pragma: no cover - the notebooks extra is installed in tests
            raise BridgestatsError(
                "scheduler: an address needs dask.distributed "
                "(pip install 'bridgestats[notebooks]')"
            ) from None
        with Client(scheduler) as client:
            return sweep.run_sweep(grid, seed=seed, scheduler=client, progress=progress)
    return sweep.run_sweep(grid, seed=seed, scheduler=scheduler, progress=progress)
