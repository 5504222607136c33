"""Every notebook's parameters are typed and documented, as papermill's own inspection reads
them (``papermill --help-notebook``), and the runner refuses a value of the wrong type."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.paths import notebooks_dir
from bridgestats.reports import check_parameters, inspect_parameters, parse_type, value_matches

papermill = pytest.importorskip("papermill")

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 5


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_parameter_has_a_type_and_a_help_text(notebook):
    found = papermill.inspect_notebook(str(notebook))
    assert found, f"{notebook.name}: no parameters found"
    untyped = [name for name, p in found.items() if p["inferred_type_name"] == "None"]
    undocumented = [name for name, p in found.items() if not p["help"].strip()]
    assert not untyped, f"{notebook.name}: no type for {untyped}"
    assert not undocumented, f"{notebook.name}: no help text for {undocumented}"
    # papermill reads every assignment of the cell (it skips lines it cannot split)
    assert set(found) == set(inspect_parameters(notebook))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_default_is_a_literal_of_its_declared_type(notebook):
    for name, p in inspect_parameters(notebook).items():
        assert p.literal, f"{notebook.name}: {name}'s default is not a literal"
        assert value_matches(p.default, parse_type(p.type)), (
            f"{notebook.name}: {name} = {p.default!r} is not {p.type}"
        )


@pytest.mark.parametrize(
    ("annotation", "good", "bad"),
    [
        ("int", [8, -1], [8.5, True, "8", None]),
        ("float", [8, 6.5], [True, "6.5", None]),
        ('"float or None"', [None, 6.5, 6], ["x", [6.5]]),
        ("list[float]", [[1, 2.5], []], [1.0, ["a"], [None]]),
        ("dict[str, float]", [{"a": 1.0}, {}], [{"a": "b"}, {1: 2.0}, [("a", 1.0)]]),
        ("str or None", ["seeds/x", None], [1]),
        ("bool", [True, False], [0, 1, "no"]),
    ],
)
def test_value_matches(annotation, good, bad):
    spec = parse_type(annotation)
    assert all(value_matches(v, spec) for v in good)
    assert not any(value_matches(v, spec) for v in bad)


def test_check_parameters_refuses_a_wrong_type_naming_parameter_and_type():
    designer = notebooks_dir() / "vp_scale_designer.ipynb"
    merged = check_parameters(designer, {"n_boards": 12, "k": 6, "tables": None})
    assert merged["n_boards"] == 12 and merged["k"] == 6
    with pytest.raises(BridgestatsError, match=r"parameter n_boards .* must be int; got 'eight'"):
        check_parameters(designer, {"n_boards": "eight"}, run="designer")
    with pytest.raises(BridgestatsError, match=r"parameter k .* must be float or None; got 'x'"):
        check_parameters(designer, {"k": "x"})


def test_the_runner_refuses_a_wrong_type_before_anything_runs(tmp_path):
    """``-p n_boards=eight`` is refused by ``bridgestats reports`` with one line and exit 2,
    and no report folder is made."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgestats.cli",
            "reports",
            "--only",
            "vp_scale_designer",
            "-p",
            "n_boards=eight",
            "--reports-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1
    assert "parameter n_boards of notebook vp_scale_designer.ipynb: must be int" in proc.stderr
    assert not any(tmp_path.iterdir())


def test_list_prints_each_parameters_type_and_help():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgestats.cli",
            "reports",
            "--list",
            "--only",
            "vp_scale_designer",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "n_boards: int = 8  # boards per match" in proc.stdout
    assert "k: float or None = None  # per-board" in proc.stdout


#: The notebooks' code lines in all (issue 32: "notebook code at most 1,500 lines in all"):
#: a notebook is its parameters cell and a call or a few per section; what it concludes is
#: made in the package (bridgestats.studies, bridgestats.figures) and tested there.
MAX_CODE_LINES = 1_500


def _code_lines(notebook) -> int:
    cells = json.loads(notebook.read_text())["cells"]
    return sum(len("".join(c["source"]).splitlines()) for c in cells if c["cell_type"] == "code")


def test_notebooks_are_thin():
    """The code cells of all notebooks hold at most MAX_CODE_LINES lines, and none defines a
    function or a class (STYLE.md: any def or class belongs in the package, with a test)."""
    lines = {nb.stem: _code_lines(nb) for nb in NOTEBOOKS}
    biggest = ", ".join(f"{name} {n}" for name, n in sorted(lines.items(), key=lambda x: -x[1]))
    assert sum(lines.values()) <= MAX_CODE_LINES, (
        f"notebook code: {sum(lines.values()):,} lines > {MAX_CODE_LINES:,} ({biggest})"
    )
    for nb in NOTEBOOKS:
        for cell in json.loads(nb.read_text())["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code":
                assert not re.search(r"^\s*(def|class)\s", source, re.M), (
                    f"{nb.name}: a def or class in a cell: move it into the package"
                )
