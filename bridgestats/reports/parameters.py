"""A notebook's parameters: read from its ``parameters`` cell, checked before anything runs.

The cell tagged ``parameters`` is read, never executed, with papermill's own inspection
(:func:`papermill.inspect_notebook`: each name, its default as source text and the help
comment at the end of its line). Each default is then evaluated as a literal: the house
style asks for literals only in that cell, and a default that is not one (``scale = 2 *
sigma``) is kept as its source text, since papermill would silently keep it whatever the
run asks for. papermill reads the cell line by line; where that reading loses an assignment
(it skips a line holding two ``=``, and cuts a value at a ``#`` inside a string), the
cell's Python syntax tree gives it instead.

Each assignment is written with its type and a help comment, as papermill reads them
(``n_boards: int = 8  # boards per match``), and a value a run gives is checked against
that type before anything runs. The types a cell may write are ``int``, ``float`` (an
``int`` is accepted), ``str``, ``bool``, ``list[T]``, ``dict[K, V]`` and
``"T or None"`` (quoted, so that the cell runs as it is and linters read it; papermill's
reader takes neither ``T | None`` nor a name the cell would have to import, such as
``Optional[T]``, which is read too).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import math
import os
import sys
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
    "parse_type",
    "resolve_paths",
    "value_matches",
]

#: Parameters that name the user's own files: ``files`` (files and folders) and
#: ``files_scale`` when it names a scale CSV (ends in ``.csv``; otherwise it is a scale's
#: id). A report runs in its own folder, so :func:`resolve_paths` makes them absolute
#: against the folder the batch was started from before any run starts.
PATH_PARAMETERS = ("files", "files_scale")


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One assignment of a notebook's ``parameters`` cell.

    ``default`` is the literal value, or the source text when it is not a literal
    (``literal`` is then False); ``help`` is the comment ending its line ("" if none);
    ``type`` the annotation as written (``"int"``, ``"Optional[float]"``; "" if none).
    """

    name: str
    default: object
    literal: bool = True
    help: str = ""
    type: str = ""


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
    A notebook is inspected once while its file is unchanged (a grid of thousands of runs
    of one notebook reads it once).

    A cell that is not valid Python raises :class:`~bridgestats.errors.BridgestatsError`.
    """
    try:
        info = os.stat(notebook)
    except (OSError, TypeError, ValueError):
        return _inspect(notebook)  # which says what is wrong with it
    key = (os.path.abspath(notebook), info.st_mtime_ns, info.st_size, info.st_ino)
    return dict(_inspect_cached(key))


@functools.lru_cache(maxsize=64)
def _inspect_cached(key: tuple) -> dict[str, Parameter]:
    return _inspect(key[0])


def _inspect(notebook) -> dict[str, Parameter]:
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
        annotation = item["inferred_type_name"]
        found[name] = Parameter(
            name, value, literal, comment, "" if annotation == "None" else annotation
        )
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
    """Check ``params`` against the notebook's parameters; return defaults | params.

    An unknown (e.g. misspelt) name raises :class:`~bridgestats.errors.BridgestatsError`
    naming the run, the name, the notebook's known parameters and the closest match; a value
    of the wrong type (``n_boards="eight"`` where the cell says ``n_boards: int``) raises
    naming the run, the parameter, the type the cell declares and the value given.
    """
    declared = inspect_parameters(notebook)
    who = f"run {run!r}: " if run else ""
    for name, value in params.items():
        if name not in declared:
            known = ", ".join(sorted(declared)) or "(none: the notebook has no parameters cell)"
            raise BridgestatsError(
                f"{who}unknown parameter {name!r}{suggest(name, declared)} for notebook"
                f" {Path(notebook).name}; its parameters: {known}"
            )
        annotation = declared[name].type
        if annotation and not value_matches(value, parse_type(annotation)):
            raise BridgestatsError(
                f"{who}parameter {name} of notebook {Path(notebook).name}: must be "
                f"{annotation}; got {value!r:.60}"
            )
    return {**{name: p.default for name, p in declared.items()}, **params}


def resolve_paths(params: dict, *, run: str | None = None, cwd=None) -> dict:
    """``params`` with the paths of :data:`PATH_PARAMETERS` made absolute against ``cwd``.

    A report's kernel runs in the report's own folder, so a relative ``files`` path given on
    the command line (``-p 'files=["club/"]'``) would be read from there and not found. The
    batch calls this before any run starts: each path is taken relative to ``cwd`` (the
    folder ``bridgestats reports`` was started from), checked to exist, and replaced by its
    absolute form, which ``run.json`` then records.

    Parameters
    ----------
    params : dict
        A run's parameters (:func:`check_parameters`' result).
    run : str, optional, keyword-only
        The run, named in an error.
    cwd : str or Path, optional, keyword-only
        The folder relative paths are taken from (default: the current working directory).

    Returns
    -------
    dict
        A copy of ``params``, ``files`` a list of absolute paths and ``files_scale`` an
        absolute path where it names a CSV; every other value as given.

    Raises
    ------
    BridgestatsError
        A path that names no file or folder, naming the run, the parameter, the path and the
        folder it was looked for in.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> here = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (here / "club.csv").write_text("event,round\\n")
    >>> out = resolve_paths({"files": ["club.csv"], "files_scale": "ebu_2006", "n": 3},
    ...                     cwd=here)
    >>> out["files"] == [str(here.resolve() / "club.csv")], out["files_scale"], out["n"]
    (True, 'ebu_2006', 3)
    """
    base = Path(os.getcwd() if cwd is None else cwd).resolve()
    who = f"run {run!r}: " if run else ""
    out = dict(params)

    def absolute(name: str, value) -> str:
        path = base / Path(os.path.expanduser(str(value)))
        if not str(value) or not path.exists():
            raise BridgestatsError(
                f"{who}parameter {name}: no file or folder {str(value)!r} (relative paths are"
                f" read from the folder the batch was started in, {str(base)!r})"
            )
        return str(path.resolve())

    files = out.get("files")
    if isinstance(files, str):
        out["files"] = [absolute("files", files)]
    elif isinstance(files, list | tuple):
        out["files"] = [absolute("files", f) for f in files]
    scale = out.get("files_scale")
    if isinstance(scale, str) and scale.lower().endswith(".csv"):
        out["files_scale"] = absolute("files_scale", scale)
    return out


def parse_type(annotation: str) -> tuple:
    """A parameter's annotation as a nested tuple, for :func:`value_matches`.

    >>> parse_type("int"), parse_type("list[float]"), parse_type('"dict[str, int] or None"')
    (('int',), ('list', ('float',)), ('optional', ('dict', ('str',), ('int',))))
    >>> parse_type("int | None")
    Traceback (most recent call last):
    ...
    bridgestats.errors.BridgestatsError: annotation: must be int, float, str, bool, list[T],
    dict[K, V] or "T or None"; got 'int | None'
    """
    try:
        node = ast.parse(annotation.strip().strip("'\""), mode="eval").body
        return _type_of(node)
    except (SyntaxError, ValueError) as exc:
        raise BridgestatsError(
            'annotation: must be int, float, str, bool, list[T], dict[K, V] or "T or None"; '
            f"got {annotation!r}"
        ) from exc


_SCALARS = ("int", "float", "str", "bool")
_GENERICS = {"list": 1, "List": 1, "dict": 2, "Dict": 2, "Optional": 1}


def _type_of(node) -> tuple:
    if (
        isinstance(node, ast.BoolOp)
        and isinstance(node.op, ast.Or)
        and len(node.values) == 2
        and isinstance(node.values[1], ast.Constant)
        and node.values[1].value is None
    ):
        return ("optional", _type_of(node.values[0]))
    if isinstance(node, ast.Name) and node.id in _SCALARS:
        return (node.id,)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        head = node.value.id
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if _GENERICS.get(head) == len(args):
            return (head.lower(), *(_type_of(a) for a in args))
    raise ValueError(ast.dump(node))


def value_matches(value, spec: tuple) -> bool:
    """Whether ``value`` (a literal) is of the type ``spec`` (from :func:`parse_type`).

    An ``int`` is a ``float``; a ``bool`` is neither; a tuple is a list.

    >>> value_matches(8, ("float",)), value_matches(True, ("int",)), value_matches(None, ("int",))
    (True, False, False)
    """
    kind = spec[0]
    if kind == "optional":
        return value is None or value_matches(value, spec[1])
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "float":  # a finite number: NaN, 1e999 (inf) and 10**400 pass no float check
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if isinstance(value, int):  # compared exactly: no conversion that could overflow
            return -sys.float_info.max <= value <= sys.float_info.max
        return math.isfinite(value)
    if kind == "str":
        return isinstance(value, str)
    if kind == "list":
        return isinstance(value, list | tuple) and all(value_matches(v, spec[1]) for v in value)
    return isinstance(value, dict) and all(  # "dict"
        value_matches(k, spec[1]) and value_matches(v, spec[2]) for k, v in value.items()
    )


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
    if len(value) > 100_000:
        raise BridgestatsError(f"param: {name}: the value is longer than 100,000 characters")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    try:  # NaN and Infinity are no JSON literals: they stay text (and fail a float check)
        return name, json.loads(value, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError):
        return name, value
    except RecursionError:
        raise BridgestatsError(
            f"param: {name}: the value is nested too deeply (brackets within brackets)"
        ) from None


def _no_constant(text: str):
    raise ValueError(f"{text} is not a number here")
