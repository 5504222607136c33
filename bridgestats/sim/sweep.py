"""A sweep of simulated events over a grid of settings, on one machine or on a Dask cluster.

A *grid* maps parameters of :func:`~bridgestats.sim.measures.event_measures` to the values
to try; the sweep measures every combination (a *cell*) as an independent task and stacks
the measures in one tidy frame. The tasks run in this process, one after another, or
through ``dask.distributed`` when a scheduler is given: the results are the same either
way, whatever the order the tasks finish in, because each cell's random numbers are fixed
by the root seed and the cell alone.

Seeding
-------
A cell's generator is ``numpy.random.default_rng(SeedSequence(seed, spawn_key=(i,)))``,
the i-th child that ``SeedSequence(seed).spawn`` would give, where ``i`` is the cell's
place among the *event settings*: the grid without its ``scale`` axis, its axes taken in
the order of :data:`GRID_KEYS` (not the order the grid lists them) and each axis's values
in the order given. The scales of one setting share its generator, so they are compared
on common random numbers (the same strengths, lots and boards), as in
:func:`~bridgestats.sim.measures.event_measures`. Adding values to an axis renumbers the
cells after them; the same grid and seed always give the same frame.
"""

from __future__ import annotations

import itertools
import numbers
import sys
import time
from collections.abc import Mapping

import numpy as np
import pandas as pd

from bridgestats._validate import check_flag, check_int, check_rng, fail
from bridgestats.sim.events import _plan
from bridgestats.sim.measures import event_measures
from bridgestats.sim.pairing import MAX_STEPS
from bridgestats.vp import VPScale

__all__ = ["GRID_KEYS", "grid_cells", "run_sweep"]

#: The parameters a grid may vary (in the seeding order), with their defaults.
GRID_KEYS = {
    "n_entrants": None,
    "event_format": "swiss",
    "pairing": "score",
    "strength_sd": 0.0,
    "n_rounds": None,
    "n_boards": 8,
    "board": "swings",
    "k": None,
    "n_events": 1000,
    "top_k": None,
    "bye_score": None,
    "scale": "wbf",
}


def _axis(name, values):
    """The values of one axis: a list, tuple or array as given, any other value alone."""
    if isinstance(values, list | tuple | np.ndarray | range):
        out = list(values)
        if not out:
            raise fail(f"grid[{name!r}]", "one or more values", values)
        return out
    if isinstance(values, set | frozenset | dict):
        raise fail(f"grid[{name!r}]", "a value, or a list or tuple of values (ordered)", values)
    return [values]


def grid_cells(grid):
    """The cells of a sweep grid, in run order, each checked as an event setting.

    Parameters
    ----------
    grid : mapping
        Parameter name (a key of :data:`GRID_KEYS`; ``n_entrants`` is required) to a list
        or tuple of values, or to one value. Missing parameters take their defaults.

    Returns
    -------
    list of (int, dict)
        ``(setting, parameters)`` per cell: ``setting`` is the seed index of the cell's
        event setting (see the module docstring), ``parameters`` every key of
        :data:`GRID_KEYS`. The scale axis varies fastest.

    Examples
    --------
    >>> cells = grid_cells({"n_entrants": 8, "n_rounds": [3, 4], "scale": ["wbf", "wdl"]})
    >>> [(i, c["n_rounds"], c["scale"]) for i, c in cells]
    [(0, 3, 'wbf'), (0, 3, 'wdl'), (1, 4, 'wbf'), (1, 4, 'wdl')]
    """
    if not isinstance(grid, Mapping):
        raise fail("grid", "a mapping of parameter names to values", type(grid).__name__)
    unknown = [k for k in grid if k not in GRID_KEYS]
    if unknown:
        raise fail("grid", f"keys among {sorted(GRID_KEYS)}", unknown[0])
    if "n_entrants" not in grid:
        raise fail("grid", "a 'n_entrants' key (the field size)", sorted(grid))
    axes = {k: _axis(k, grid[k]) if k in grid else [v] for k, v in GRID_KEYS.items()}
    settings = [k for k in GRID_KEYS if k != "scale"]
    cells = []
    for i, values in enumerate(itertools.product(*(axes[k] for k in settings))):
        for scale in axes["scale"]:
            cell = dict(zip(settings, values, strict=True), scale=scale)
            _check_cell(cell)
            cells.append((i, cell))
    return cells


def _check_cell(cell):
    """Raise the simulator's own error (naming the parameter) for a setting it refuses."""
    check_int(cell["n_events"], "n_events", minimum=1)
    _plan(
        cell["n_entrants"],
        n_rounds=cell["n_rounds"],
        n_boards=cell["n_boards"],
        event_format=cell["event_format"],
        pairing=cell["pairing"],
        board=cell["board"],
        k=cell["k"],
        scale=cell["scale"],
        strength=None,
        strength_sd=cell["strength_sd"],
        bye_score=cell["bye_score"],
        max_steps=MAX_STEPS,
    )


def _run_cell(seed, setting, cell):
    """One task: the measures of one cell, from its own generator (a Dask worker runs this)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(setting,)))
    params = {k: v for k, v in cell.items() if k != "scale"}
    return event_measures(scales=[cell["scale"]], rng=rng, max_steps=MAX_STEPS, **params)


def _label(value):
    if isinstance(value, VPScale):
        return value.name
    return value


# grid parameters shown as columns, under names that do not clash with the measures'
# (``k`` there is the qualifiers of p_top_k, ``n_events`` the events measured)
_COLUMNS = {
    "n_entrants": "n_entrants",
    "event_format": "event_format",
    "strength_sd": "strength_sd",
    "n_rounds": "n_rounds",
    "n_boards": "n_boards",
    "board": "board",
    "k": "board_k",
    "n_events": "n_simulated",
    "top_k": "top_k",
    "bye_score": "bye_score",
}


def _frame(cells, frames):
    parts = []
    for (setting, cell), frame in zip(cells, frames, strict=True):
        frame = frame.copy()
        frame.insert(0, "setting", setting)
        for pos, (key, column) in enumerate(_COLUMNS.items()):
            frame.insert(1 + pos, column, _label(cell[key]))
        parts.append(frame)
    out = pd.concat(parts, ignore_index=True)
    return out.astype({"setting": "int64"})


class _Progress:
    """``sweep: 3/8 cells`` on standard error, rewritten in place, when it is a terminal."""

    def __init__(self, total: int, shown: bool, where: str):
        self.total, self.done, self.where = total, 0, where
        self.shown = shown and sys.stderr.isatty()
        self.start = time.perf_counter()
        self._write()

    def _write(self, end=""):
        if self.shown:
            seconds = time.perf_counter() - self.start
            line = f"\rsweep{self.where}: {self.done}/{self.total} cells, {seconds:.0f} s"
            print(line, end=end, file=sys.stderr, flush=True)

    def update(self):
        self.done += 1
        self._write()

    def close(self):
        self._write(end="\n")


def _root_seed(rng) -> int:
    """The sweep's root seed: ``rng`` itself when an integer, else drawn from it."""
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool | np.bool_):
        return check_int(rng, "rng", minimum=0)
    if rng is None:
        raise fail("rng", "an integer seed >= 0 or a numpy.random.Generator", rng)
    return int(check_rng(rng).integers(2**63))


def run_sweep(grid, *, rng, scheduler=None, progress=True):
    """Measure simulated events over every cell of ``grid``, here or on a Dask cluster.

    Parameters
    ----------
    grid : mapping
        Parameter name to values (see :func:`grid_cells` and :data:`GRID_KEYS`): any of
        ``n_entrants`` (required), ``event_format``, ``pairing``, ``strength_sd``,
        ``n_rounds``, ``n_boards``, ``board``, ``k``, ``n_events``, ``top_k``,
        ``bye_score`` and ``scale`` (ids of :data:`bridgestats.vp.NAMED_SCALES` or
        :class:`~bridgestats.vp.VPScale` s), as in
        :func:`~bridgestats.sim.measures.event_measures`.
    rng : int or numpy.random.Generator, keyword-only
        The root seed (an integer >= 0): each cell's generator is derived from it and the
        cell's place alone (see the module docstring), so the frame is the same wherever
        the cells run and in whatever order. A Generator (or SeedSequence) gives the root
        seed as its next 63-bit integer.
    scheduler : distributed.Client, optional
        A Dask client connected to its scheduler (``distributed.Client("tcp://host:8786")``,
        or a ``LocalCluster``'s): the cells run as tasks on its workers, which need
        bridgestats and ``dask``/``distributed`` (the notebooks extra) installed. The
        client is the caller's: it is left open. By default the cells run here, one after
        another.
    progress : bool, optional
        Cells done, on standard error when it is a terminal (one line, rewritten).

    Returns
    -------
    DataFrame
        One block of :func:`~bridgestats.sim.measures.event_measures` rows per cell, in
        cell order: ``setting`` (the seed index of the cell's event setting), the grid's
        parameters (``n_entrants``, ``event_format``, ``strength_sd``, ``n_rounds``,
        ``n_boards``, ``board``, ``board_k`` (the grid's ``k``, the per-board sd),
        ``n_simulated`` (its ``n_events``), ``top_k``, ``bye_score``; the scale is the
        ``scale`` column, by name, and the pairing rule the ``pairing`` column), then
        ``measure``, ``round``, ``k`` (qualifiers), ``outcome``, ``value``, ``se`` (the
        Monte Carlo standard error) and ``n_events`` (the events measured) as in
        :func:`~bridgestats.sim.measures.summarise_events`.

    Raises
    ------
    BridgestatsError
        A grid key that is not a parameter, an empty axis, a cell the simulator refuses
        (naming the parameter), a bad ``rng``, or a scheduler that is not a client (an
        address string is refused with how to connect one).

    Notes
    -----
    The package below its top layer imports no dependency of an extra, so this module
    takes a connected client rather than an address and shows progress without tqdm.
    On Ctrl-C the cells still pending on the cluster are cancelled before the interrupt
    goes on; a task that fails on a worker raises its error here.

    Examples
    --------
    Two pairing rules, two scales, a 10-team Swiss of 4 rounds:

    >>> m = run_sweep({"n_entrants": 10, "n_rounds": 4, "pairing": ["random", "score"],
    ...                "strength_sd": 0.5, "n_events": 200, "scale": ["wbf", "wdl"]},
    ...               rng=1, progress=False)
    >>> p = m[m.measure == "p_strongest_wins"]
    >>> print(p[["setting", "pairing", "scale", "value", "se"]].round(3).to_string(index=False))
     setting pairing                         scale  value    se
           0  random WBF 2013 continuous, 8 boards  0.205 0.029
           0  random                 win/draw/loss  0.190 0.028
           1   score WBF 2013 continuous, 8 boards  0.275 0.032
           1   score                 win/draw/loss  0.235 0.030
    """
    cells = grid_cells(grid)
    root = _root_seed(rng)
    show = check_flag(progress, "progress")
    if scheduler is None:
        frames = []
        bar = _Progress(len(cells), show, "")
        try:
            for setting, cell in cells:
                frames.append(_run_cell(root, setting, cell))
                bar.update()
        finally:
            bar.close()
    else:
        frames = _on_client(cells, root, scheduler, show)
    return _frame(cells, frames)


def _on_client(cells, root, client, show):
    """The cells as tasks of a Dask client (duck-typed: no import of an extra here)."""
    if isinstance(client, str):
        raise fail(
            "scheduler",
            "a connected client, e.g. distributed.Client(address) (dask and distributed "
            "are in the notebooks extra: pip install 'bridgestats[notebooks]')",
            client,
        )
    if not callable(getattr(client, "submit", None)):
        raise fail("scheduler", "None or a dask.distributed Client", type(client).__name__)
    futures = []
    bar = None
    try:
        for setting, cell in cells:
            futures.append(client.submit(_run_cell, root, setting, cell, pure=False))
        address = getattr(getattr(client, "scheduler", None), "address", "")
        bar = _Progress(len(cells), show, f" on {address}" if address else "")
        frames = []
        for future in futures:  # in cell order; the workers run them in any order
            frames.append(future.result())
            bar.update()
        return frames
    except KeyboardInterrupt:
        client.cancel(futures)  # nothing left running for a sweep nobody waits for
        raise
    finally:
        if bar is not None:
            bar.close()
