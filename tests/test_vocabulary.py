"""The vocabulary of bridgestats/__init__.py against every public signature and column.

The package's public names (each module's ``__all__``: functions, classes and their
methods, dataclass fields) are walked: none may be a spelling :data:`bridgestats.SYNONYMS`
rules out, no function takes ``seed`` (randomness goes through ``rng``), a name shared by
the public functions of three or more modules must be in :data:`bridgestats.VOCABULARY`
(a shared concept has one written meaning), and every entry of the vocabulary is used.
The package's string literals (column names, summary keys, ids) and the tidy columns of
:mod:`bridgestats.io` are checked against the synonyms too.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import pkgutil
from collections import defaultdict

import bridgestats
from bridgestats import SYNONYMS, VOCABULARY
from bridgestats.paths import notebooks_dir, project_root

# the layers whose signatures make the package's vocabulary (the report runner, the CLI and
# the shared services have their own small words: paths, jobs, timeouts)
_ANALYSIS = (
    "scoring",
    "sigma",
    "vpscale",
    "io",
    "datasets",
    "scales",
    "fit",
    "ratings",
    "sim",
    "studies",
    "apps",
)


def _public_modules():
    for info in pkgutil.walk_packages(bridgestats.__path__, "bridgestats."):
        parts = info.name.split(".")[1:]
        if any(p.startswith("_") for p in parts):
            continue
        yield importlib.import_module(info.name)


def _callables(module):
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name, None)
        if inspect.isclass(obj):
            yield obj
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and inspect.isfunction(value):
                    yield value
        elif callable(obj):
            yield obj


def _names():
    """{name: {(defining module, qualified name, kind)}} over every public signature."""
    found = defaultdict(set)
    for module in _public_modules():
        for obj in _callables(module):
            home = getattr(obj, "__module__", module.__name__)
            if not home.startswith("bridgestats"):
                continue
            if dataclasses.is_dataclass(obj):
                for f in dataclasses.fields(obj):
                    found[f.name].add((home, obj.__qualname__, "field"))
                continue
            try:
                sig = inspect.signature(obj)
            except (TypeError, ValueError):
                continue
            for p in sig.parameters.values():
                if p.name in ("self", "cls") or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                    continue
                found[p.name].add((home, obj.__qualname__, "argument"))
    return found


NAMES = _names()


def test_no_public_name_is_a_ruled_out_spelling():
    bad = {n: (SYNONYMS[n], sorted(NAMES[n])[:3]) for n in NAMES if n in SYNONYMS}
    assert not bad, f"spellings the vocabulary rules out (use the name given): {bad}"


def test_no_function_takes_a_seed_randomness_goes_through_rng():
    bad = sorted(q for home, q, kind in NAMES.get("seed", ()) if kind == "argument")
    assert not bad, f"take rng= instead of seed=: {bad}"


def test_a_name_shared_by_three_modules_is_in_the_vocabulary():
    shared = {}
    for name, uses in NAMES.items():
        homes = {home for home, _, kind in uses if home.split(".")[1] in _ANALYSIS}
        if len(homes) >= 3:
            shared[name] = sorted(homes)
    missing = {n: h for n, h in shared.items() if n not in VOCABULARY}
    assert not missing, f"shared names without a meaning in bridgestats.VOCABULARY: {missing}"


def test_every_vocabulary_entry_is_used_and_none_is_its_own_synonym():
    from bridgestats.io import COLUMNS

    used = set(NAMES) | set(COLUMNS)
    assert sorted(set(VOCABULARY) - used) == []
    assert not set(VOCABULARY) & set(SYNONYMS)
    assert set(SYNONYMS.values()) <= set(VOCABULARY)
    assert all(isinstance(v, str) and v for v in VOCABULARY.values())


def _literals(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def test_no_column_summary_key_or_id_is_a_ruled_out_spelling():
    # string literals of the package and of the notebooks' code: where columns, summary
    # keys and ids are written
    hits = []
    for path in sorted((project_root() / "bridgestats").rglob("*.py")):
        if path == project_root() / "bridgestats" / "__init__.py":
            continue  # the vocabulary itself names them
        for line, text in _literals(ast.parse(path.read_text())):
            if text in SYNONYMS:
                hits.append(f"{path.name}:{line} {text!r}")
    for nb in sorted(notebooks_dir().glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                try:
                    tree = ast.parse(source)
                except SyntaxError:  # IPython magics: not package code
                    continue
                hits += [f"{nb.name} {t!r}" for _, t in _literals(tree) if t in SYNONYMS]
    assert not hits, hits


def _catalogue_ids():
    from bridgestats.scoring import DATUMS, METHODS
    from bridgestats.sigma import FORMS
    from bridgestats.sim.events import EVENT_FORMATS, PAIRINGS
    from bridgestats.vp import NAMED_SCALES

    return [*NAMED_SCALES, *METHODS, *DATUMS, *FORMS, *EVENT_FORMATS, *PAIRINGS]


def test_ids_are_snake_case_in_the_catalogues():
    bad = [i for i in _catalogue_ids() if i != i.lower() or "-" in i or " " in i]
    assert not bad, bad


def test_no_id_is_written_with_hyphens_but_by_the_command_line():
    # "cross-imps" is how the command line spells cross_imps (bridgestats/cli.py translates
    # it); anywhere else in the package or a notebook's code it would be a second spelling
    hyphenated = {i.replace("_", "-") for i in _catalogue_ids() if "_" in i}
    hits = []
    for path in sorted((project_root() / "bridgestats").rglob("*.py")):
        if path.name == "cli.py":
            continue
        hits += [
            f"{path.name}:{n} {t!r}"
            for n, t in _literals(ast.parse(path.read_text()))
            if t in hyphenated
        ]
    for nb in sorted(notebooks_dir().glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] == "code":
                try:
                    tree = ast.parse("".join(cell["source"]))
                except SyntaxError:
                    continue
                hits += [f"{nb.name} {t!r}" for _, t in _literals(tree) if t in hyphenated]
    assert not hits, hits
