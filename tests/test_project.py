"""The project's own files agree with each other: dependencies, README commands, CI."""

from __future__ import annotations

import re
import tomllib

from bridgestats.paths import project_root

ROOT = project_root()


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower()


def _pyproject_requirements() -> dict[str, str]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(meta["dependencies"])
    for extra in meta["optional-dependencies"].values():
        reqs.extend(extra)
    return {_name(r): r.replace(" ", "") for r in reqs}


def _environment_requirements() -> dict[str, str]:
    reqs = {}
    text = (ROOT / "environment.yml").read_text().split("dependencies:", 1)[1]
    for line in text.splitlines():
        m = re.match(r"^\s*-\s+([A-Za-z0-9_.\-]+[^#]*)$", line)
        if not m:
            continue
        spec = m.group(1).strip()
        name = _name(spec)
        if name in {"python", "pip", "pip:"} or spec.startswith("-e"):
            continue
        reqs[name] = spec.replace(" ", "")
    return reqs


def test_environment_yml_lists_the_same_dependencies_as_pyproject():
    assert _environment_requirements() == _pyproject_requirements()


def test_readme_names_the_two_commands_and_ci_runs_the_test_command():
    readme = (ROOT / "README.md").read_text()
    assert "make reports" in readme and "make test" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)


def test_makefile_has_the_readme_targets():
    makefile = (ROOT / "Makefile").read_text()
    for target in ("reports", "test"):
        assert re.search(rf"^{target}:", makefile, re.M)


#: Distribution name -> the name it is imported by, where the two differ.
_IMPORT_NAME = {"pyyaml": "yaml", "access-parser": "access_parser"}
#: The package's top layer, which needs the notebooks extra: the batch runner, what the
#: notebooks call to save their outputs and the figures they draw, and the command line.
_TOP = ("reports", "notebook.py", "figures", "cli")


def _imports_of(path) -> set[str]:
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def _extras() -> dict[str, set[str]]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    groups = {"core": meta["dependencies"], **meta["optional-dependencies"]}
    return {g: {_IMPORT_NAME.get(_name(r), _name(r)) for r in reqs} for g, reqs in groups.items()}


def test_dependencies_by_use():
    """Every core dependency is imported by the package below its top layer, and nothing
    below the top imports a dependency of an extra; nothing in the package imports a
    dependency of the dev extra (it is for the tests only)."""
    extras = _extras()
    package = ROOT / "bridgestats"
    lower, top = set(), set()
    for path in package.rglob("*.py"):
        is_top = path.relative_to(package).parts[0] in _TOP
        (top if is_top else lower).update(_imports_of(path))
    assert extras["core"] <= lower, f"core but unused below the top: {extras['core'] - lower}"
    optional = extras["notebooks"] | extras["dev"]
    assert not lower & optional, f"imported below the top from an extra: {lower & optional}"
    assert not (lower | top) & extras["dev"], "the package imports a dev-only dependency"


def test_one_format_ruffs_without_hand_exceptions():
    """No statement is laid out by hand past ruff format (issue 32: 1,016 lines marked to be
    skipped by it squeezed statements to fit line caps); ``make lint`` checks the layout."""
    markers = tuple("# fmt: " + word for word in ("skip", "off"))  # not spelled out here
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("bridgestats", "tests", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(marker in line for marker in markers)
    ]
    assert found == [], f"{len(found)} lines: {found[:5]}"


def test_reading_a_notebook_does_not_build_the_iri_grammar():
    """pyproject.toml keeps jsonschema below 4.25: from 4.25 ``import nbformat`` (through
    jsonschema's format checkers) imports rfc3987_syntax, which builds a lark grammar at
    import, 2.2 s of CPU in the batch and in each of its workers."""
    import subprocess
    import sys

    code = "import sys, nbformat, papermill; print('rfc3987_syntax' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
