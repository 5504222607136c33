"""The batch's configuration: ``notebooks/reports.toml``, its entries and their runs.

A ``[[report]]`` entry names a notebook, parameter overrides and optionally a parameter
``grid``; :func:`expand_runs` turns the entries into one :class:`RunSpec` per grid
combination. Every problem in the file raises :class:`~bridgestats.errors.BridgestatsError`
naming the file and the entry.
"""

from __future__ import annotations

import collections
import dataclasses
import difflib
import hashlib
import itertools
import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from .. import paths
from ..errors import BridgestatsError

__all__ = [
    "ReportConfig",
    "ReportEntry",
    "RunSpec",
    "default_config_path",
    "expand_runs",
    "load_config",
    "run_name",
]

_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
# what the runner writes at the top of the reports folder besides <run>/ and <run>.failed/
# (its lock, temporary folders and kernel files are dot-names, which _NAME_RE refuses);
# compared without case, for file systems that ignore it
RESERVED_NAMES = ("index.html", "findings.html", "booklet.html", "committee_pack.pdf")
_TOP_KEYS = ("allow_missing", "timeout", "pack", "report")
#: The most runs one configuration may expand to: a batch of a few thousand notebooks takes
#: days on one machine, and a grid past that is almost always a mistake in the file.
MAX_RUNS = 5000
_ENTRY_KEYS = ("name", "notebook", "description", "parameters", "grid")
#: The longest run name: the runner's temporary folder ``.<run>.tmp-XXXXXXXX`` (14 more
#: characters, ASCII like the name) must fit a file name of 255 bytes (NAME_MAX of ext4,
#: APFS, NTFS). A name derived from grid values past it is shortened (:func:`run_name`).
MAX_RUN_NAME = 255 - len("..tmp-XXXXXXXX")


@dataclasses.dataclass(frozen=True)
class ReportEntry:
    """One ``[[report]]`` entry of the configuration file."""

    name: str
    notebook: Path
    description: str = ""
    parameters: Mapping = dataclasses.field(default_factory=dict)
    grid: Mapping = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class ReportConfig:
    """A parsed configuration file: its entries, whether missing notebooks are tolerated, the
    cells' timeout, and whether a batch that runs every entry prints the committee pack
    (``pack = true``: :mod:`bridgestats.reports.pack`)."""

    path: Path
    entries: tuple[ReportEntry, ...]
    allow_missing: bool = False
    timeout: float | None = None
    pack: bool = False


@dataclasses.dataclass(frozen=True)
class RunSpec:
    """One notebook execution: a report entry with one combination of its grid.

    ``overrides`` are the parameters passed to papermill (entry parameters, the grid
    combination, then the command line's, later ones winning).
    """

    name: str
    report: str
    notebook: Path
    overrides: Mapping = dataclasses.field(default_factory=dict)
    description: str = ""

    @property
    def missing(self) -> bool:
        """True when the notebook file does not exist (yet)."""
        return not self.notebook.is_file()


def default_config_path() -> Path:
    """``notebooks/reports.toml``, the default batch."""
    return paths.notebooks_dir() / "reports.toml"


def load_config(path=None) -> ReportConfig:
    """Read and validate a reports configuration file (default ``notebooks/reports.toml``).

    Every problem (a file that is not UTF-8, unknown key, missing ``notebook``, bad grid,
    duplicate name, a name the runner reserves: ``index.html``) raises
    :class:`~bridgestats.errors.BridgestatsError` naming the file and the entry.
    Notebook paths are resolved relative to the file's folder; whether they exist is
    checked when the runs are expanded (see :func:`expand_runs`).

    >>> cfg = load_config()
    >>> cfg.path.name, cfg.entries[0].name, cfg.allow_missing
    ('reports.toml', 'committee_brief', False)
    """
    path = Path(default_config_path() if path is None else path)
    if not path.is_file():
        raise BridgestatsError(f"config: no such file {str(path)!r}")
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise BridgestatsError(f"{path}: cannot read the file ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise BridgestatsError(
            f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason}); TOML files are UTF-8"
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BridgestatsError(f"{path}: not valid TOML: {exc}") from exc
    unknown = sorted(set(data) - set(_TOP_KEYS))
    if unknown:
        raise BridgestatsError(
            f"{path}: unknown top-level key(s) {', '.join(unknown)};"
            f" allowed: {', '.join(_TOP_KEYS)}"
        )
    allow_missing = data.get("allow_missing", False)
    if not isinstance(allow_missing, bool):
        raise BridgestatsError(f"{path}: allow_missing must be true or false")
    raw = data.get("report", [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise BridgestatsError(f"{path}: 'report' must be an array of tables ([[report]])")
    entries = tuple(_parse_entry(e, i, path) for i, e in enumerate(raw))
    seen: set[str] = set()
    for entry in entries:
        if entry.name in seen:
            raise BridgestatsError(f"{path}: report name {entry.name!r} is used twice")
        seen.add(entry.name)
    pack = data.get("pack", False)
    if not isinstance(pack, bool):
        raise BridgestatsError(f"{path}: pack must be true or false")
    timeout = data.get("timeout")
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int) or not 1 <= timeout <= 10**7
    ):  # nbclient's timeout is a whole number of seconds (an Integer trait): 0.5 fails there
        raise BridgestatsError(
            f"{path}: timeout must be a whole number of seconds from 1 to 10000000, got {timeout!r}"
        )
    return ReportConfig(
        path=path, entries=entries, allow_missing=allow_missing, timeout=timeout, pack=pack
    )


def _parse_entry(raw: dict, index: int, path: Path) -> ReportEntry:
    where = f"{path}: report {index + 1}"
    if "name" in raw:
        where += f" ({raw['name']!r})"
    unknown = sorted(set(raw) - set(_ENTRY_KEYS))
    if unknown:
        raise BridgestatsError(
            f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_ENTRY_KEYS)}"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not _NAME_RE.match(name) or name.endswith(".failed"):
        raise BridgestatsError(
            f"{where}: 'name' must be letters, digits, '_', '-', '.' (not ending in .failed);"
            f" got {name!r}"
        )
    if len(name) > MAX_RUN_NAME:
        raise BridgestatsError(
            f"{where}: 'name' must be at most {MAX_RUN_NAME} characters (the runner's"
            f" temporary folder .<name>.tmp-XXXXXXXX must fit a file name of 255 bytes);"
            f" got {len(name)}"
        )
    if name.lower() in RESERVED_NAMES:
        raise BridgestatsError(
            f"{where}: 'name' {name!r} is reserved (the runner writes"
            f" {', '.join(RESERVED_NAMES)} in the reports folder)"
        )
    notebook = raw.get("notebook")
    if not isinstance(notebook, str) or not notebook.endswith(".ipynb"):
        raise BridgestatsError(
            f"{where}: 'notebook' must be a path ending in .ipynb, got {notebook!r}"
        )
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise BridgestatsError(f"{where}: 'description' must be a string")
    parameters = raw.get("parameters", {})
    if not isinstance(parameters, dict):
        raise BridgestatsError(f"{where}: 'parameters' must be a table of NAME = value")
    grid = raw.get("grid", {})
    if not isinstance(grid, dict):
        raise BridgestatsError(f"{where}: 'grid' must be a table of NAME = [values]")
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise BridgestatsError(f"{where}: grid {key!r} must be a non-empty list of values")
        if len({json.dumps(v, sort_keys=True) for v in values}) != len(values):
            raise BridgestatsError(f"{where}: grid {key!r} repeats a value: {values!r}")
        if key in parameters:
            raise BridgestatsError(f"{where}: {key!r} is both in 'parameters' and in 'grid'")
    return ReportEntry(
        name=name,
        notebook=(path.parent / notebook).resolve(),
        description=description,
        parameters=dict(parameters),
        grid={k: list(v) for k, v in grid.items()},
    )


def _slug(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return re.sub(r"[^A-Za-z0-9.\-]+", "_", text).strip("_") or "_"


def run_name(report: str, chosen: Mapping) -> str:
    """The name of the run of entry ``report`` at the grid values ``chosen``:
    ``<report>__<key>-<value>_...``, or, when that is longer than :data:`MAX_RUN_NAME`,
    its first characters and ``-h`` with 10 hex digits of its SHA-256 (distinct runs keep
    distinct names; the run's values are in its ``run.json`` and the index).

    >>> run_name("e", {"a": 1, "b": "x y"})
    'e__a-1_b-x_y'
    >>> long = run_name("e", {"label": "x" * 300})
    >>> len(long), long[:12], long[-12:-10]
    (241, 'e__label-xxx', '-h')
    """
    name = report
    if chosen:
        name += "__" + "_".join(f"{k}-{_slug(v)}" for k, v in chosen.items())
    if len(name) <= MAX_RUN_NAME:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:10]
    return f"{name[: MAX_RUN_NAME - 12].rstrip('_.-')}-h{digest}"


def expand_runs(config: ReportConfig, *, only=(), params=None) -> list[RunSpec]:
    """The runs of ``config``: every entry, its grid expanded, filtered by ``only``.

    A grid ``{a = [1, 2], b = ["x"]}`` on entry ``e`` gives runs ``e__a-1_b-x`` and
    ``e__a-2_b-x``. ``params`` (the command line's) override the configured values; a
    grid axis set in ``params`` collapses to that single value. ``only`` selects runs by
    entry name or run name; an unknown name is an error listing the known ones. A listed
    notebook that does not exist is an error unless ``config.allow_missing``.

    >>> entry = ReportEntry("e", Path("e.ipynb"), grid={"a": [1, 2], "b": ["x"]})
    >>> runs = expand_runs(ReportConfig(Path("r.toml"), (entry,), allow_missing=True))
    >>> [(r.name, dict(r.overrides)) for r in runs]
    [('e__a-1_b-x', {'a': 1, 'b': 'x'}), ('e__a-2_b-x', {'a': 2, 'b': 'x'})]
    """
    params = dict(params or {})
    total = 0
    for entry in config.entries:  # counted before any run is made (a grid multiplies)
        n = 1
        for key, values in entry.grid.items():
            n *= 1 if key in params else len(values)
        total += n
        if total > MAX_RUNS:
            raise BridgestatsError(
                f"{config.path}: the grids expand to more than {MAX_RUNS:,} runs (report"
                f" {entry.name!r} alone gives {n:,}); split the batch or narrow its grids"
            )
    runs = []
    for entry in config.entries:
        axes = {k: v for k, v in entry.grid.items() if k not in params}
        keys = list(axes)
        for combo in itertools.product(*(axes[k] for k in keys)):
            chosen = dict(zip(keys, combo, strict=True))
            name = run_name(entry.name, chosen)
            overrides = {**entry.parameters, **chosen, **params}
            runs.append(RunSpec(name, entry.name, entry.notebook, overrides, entry.description))
    names = [r.name for r in runs]
    dupes = sorted(n for n, count in collections.Counter(names).items() if count > 1)
    if dupes:
        raise BridgestatsError(f"{config.path}: two runs would be named {dupes[0]!r}")
    only = [only] if isinstance(only, str) else list(only)
    if only:
        known = sorted({r.report for r in runs} | set(names))
        for wanted in only:
            if wanted not in known:
                raise BridgestatsError(
                    f"only: no report or run named {wanted!r}{suggest(wanted, known)};"
                    f" known: {', '.join(known)}"
                )
        runs = [r for r in runs if r.name in only or r.report in only]
    if not config.allow_missing:
        for run in runs:
            if run.missing:
                raise BridgestatsError(
                    f"{config.path}: report {run.report!r}: notebook {str(run.notebook)!r}"
                    " does not exist (set allow_missing = true while notebooks are being written)"
                )
    return runs


def suggest(name: str, known) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known`` to a misspelt ``name``, else "".

    >>> suggest("sed", ["seed", "n"])
    " (did you mean 'seed'?)"
    """
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
