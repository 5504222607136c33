"""A notebook's parameters: read from its ``parameters`` cell, checked before anything runs.

The cell tagged ``parameters`` is read, never executed, with papermill's own inspection
(:func:`papermill.inspect_notebook`: each name, its default as source text and the help
comment at the end of its line). Each default is then evaluated as a literal: the house
style asks for literals only in that cell, and a default that is not one (``scale = 2 *
sigma``) is kept as its source text, since papermill would silently keep it whatever the
run asks for. papermill reads the cell line by line; where that reading loses an assignment
(it skips a line holding two ``=``, and cuts a value at a ``#`` inside a string), the
cell's Python syntax tree gives it instead.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

from ..errors import BridgestatsError
from .config import suggest

__all__ = [
    "Parameter",
    "check_parameters",
    "inspect_parameters",
    "notebook_parameters",
    "notebook_title",
    "parse_param",
]


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One assignment of a notebook's ``parameters`` cell.

    ``default`` is the literal value, or the source text when it is not a literal
    (``literal`` is then False); ``help`` is the comment ending its line ("" if none).
    """

    name: str
    default: object
    literal: bool = True
    help: str = ""


def _read_notebook(notebook):
    import nbformat

    path = Path(notebook)
    try:
        return nbformat.read(path, as_version=4)
    except (OSError, ValueError) as exc:  # nbformat's NotJSONError is a ValueError
        raise BridgestatsError(f"notebook: cannot read {str(path)!r}: {exc}") from exc


def notebook_title(notebook) -> str:
    """The first heading of the notebook's first markdown cell ("" if it has none)."""
    for cell in _read_notebook(notebook).cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
            return ""
    return ""


def inspect_parameters(notebook) -> dict[str, Parameter]:
    """The notebook's parameters by name (none without a ``parameters`` cell).

    In the cell's order, except that an assignment papermill's reader skipped comes last.

    A cell that is not valid Python raises :class:`~bridgestats.errors.BridgestatsError`.
    """
    nb = _read_notebook(notebook)
    cell = next(
        (
            c
            for c in nb.cells
            if c.cell_type == "code" and "parameters" in c.get("metadata", {}).get("tags", [])
        ),
        None,
    )
    if cell is None:
        return {}
    exact = _assignments(cell.source, notebook)
    import papermill

    found = {}
    for name, item in papermill.inspect_notebook(str(notebook)).items():
        value, literal = _literal(item["default"])
        comment = item["help"]
        if name in exact and exact[name] != (value, literal):
            # papermill cut the value at a "#" in a string: what followed is no comment
            (value, literal), comment = exact[name], ""
        found[name] = Parameter(name, value, literal, comment)
    for name, (value, literal) in exact.items():  # a line papermill's reader skipped
        found.setdefault(name, Parameter(name, value, literal))
    return found


def _literal(source: str) -> tuple[object, bool]:
    try:
        return ast.literal_eval(source), True
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return source, False


def _assignments(source: str, notebook) -> dict[str, tuple[object, bool]]:
    """``name -> (value, literal)`` of the cell's top-level assignments (the syntax tree)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise BridgestatsError(f"{notebook}: the parameters cell does not parse: {exc}") from exc
    found = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                try:
                    found[target.id] = (ast.literal_eval(node.value), True)
                except ValueError:
                    found[target.id] = (ast.get_source_segment(source, node.value), False)
    return found


def notebook_parameters(notebook) -> dict:
    """The names and default values assigned in the notebook's ``parameters`` cell.

    The cell tagged ``parameters`` is parsed (not executed); a default that is not a
    literal is returned as its source text. A notebook without such a cell has none.
    """
    return {name: p.default for name, p in inspect_parameters(notebook).items()}


def check_parameters(notebook, params, *, run: str | None = None) -> dict:
    """Check ``params`` names against the notebook's parameters; return defaults | params.

    An unknown (e.g. misspelt) name raises
    :class:`~bridgestats.errors.BridgestatsError` naming the run, the name, the
    notebook's known parameters and the closest match.
    """
    defaults = notebook_parameters(notebook)
    for name in params:
        if name not in defaults:
            known = ", ".join(sorted(defaults)) or "(none: the notebook has no parameters cell)"
            who = f"run {run!r}: " if run else ""
            raise BridgestatsError(
                f"{who}unknown parameter {name!r}{suggest(name, defaults)} for notebook"
                f" {Path(notebook).name}; its parameters: {known}"
            )
    return {**defaults, **params}


def parse_param(text: str) -> tuple[str, object]:
    """Parse a command-line ``NAME=VALUE``: a Python or JSON literal, else the string.

    >>> parse_param("n_boards=8"), parse_param("quick=true"), parse_param("scale=wbf")
    (('n_boards', 8), ('quick', True), ('scale', 'wbf'))
    >>> parse_param("sigma=[10.5, 11]")
    ('sigma', [10.5, 11])
    """
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name.isidentifier():
        raise BridgestatsError(f"param: expected NAME=VALUE with NAME an identifier, got {text!r}")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        pass
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value
