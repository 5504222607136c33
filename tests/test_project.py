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
