"""bridgestats._jit: every kernel cached on disk, never loaded stale, and the package still
working where nothing can be written.

The cache tests run the package in fresh processes from a copy of ``bridgestats/`` (so
the edits they make touch no file of the checkout) and read numba's own counters
(``dispatcher.stats.cache_hits`` / ``cache_misses``), not timings. The read-only test
mounts that copy and a ``HOME`` read-only in a private mount namespace (``unshare -m``,
as root; skipped where the system refuses it): as root, file permissions alone would not
stop a write.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys

import pytest

from bridgestats import _jit
from bridgestats.paths import project_root

PKG = project_root() / "bridgestats"

#: In a child process: one Elo run; its kernel's cache hits and misses, and UNCACHED.
_ELO = r"""
import json
import pandas as pd
from bridgestats import _jit
from bridgestats.ratings import elo
log = pd.DataFrame({"round": 1, "board": range(1, 5), "north": list("ABCD"),
                    "south": list("EFGH"), "east": list("IJKL"), "west": list("MNOP"),
                    "pct_ns": [50.0, 60.0, 40.0, 55.0]})
pred, _ = elo.elo_forecast(log)
stats = elo._elo_kernel.stats
print(json.dumps({"hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values()),
                  "uncached": _jit.UNCACHED, "pred": pred.tolist()}))
"""


def _kernel_decorators() -> dict[str, list[str]]:
    """Package file -> the decorators named ``njit`` or ``jit`` in it, as written."""
    found = {}
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for dec in node.decorator_list:
                    name = ast.unparse(dec.func if isinstance(dec, ast.Call) else dec)
                    if name.split(".")[-1] in ("njit", "jit"):
                        found.setdefault(path.relative_to(PKG).as_posix(), []).append(
                            ast.unparse(dec)
                        )
    return found


def test_every_kernel_goes_through_jit_and_is_cached():
    found = _kernel_decorators()
    assert set(found) <= set(_jit.kernel_sources()), "a kernel file not importing _jit.njit"
    decorators = [d for ds in found.values() for d in ds]
    # the kernels of issue 24, and the guide table of sim/events.py in two (issue 32), the
    # late-entry Swiss of sim/swiss.py in two (issue 33)
    assert len(decorators) == 19 and len(found) == 8
    assert all(d.startswith("njit(cache=True") for d in decorators), decorators


def test_no_kernel_calls_itself():
    """numba segfaults loading a recursive kernel from its disk cache (numba issue 6061,
    open; seen here with the old recursive merge sort of sim/measures.py): no kernel may
    call itself."""
    for name in _kernel_decorators():
        for node in ast.walk(ast.parse((PKG / name).read_text())):
            if isinstance(node, ast.FunctionDef) and node.decorator_list:
                calls = {
                    c.func.id
                    for c in ast.walk(node)
                    if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                }
                assert node.name not in calls, f"{name}: {node.name} is recursive"


#: In a child process: every family of kernels once; the results and numba's counters.
_ALL = r"""
import json
import numpy as np
from bridgestats import _jit
from bridgestats.ratings import elo, ppi
from bridgestats.sim import club, events, measures, swiss
from bridgestats.ratings import gaussian
from bridgestats.studies import ratings_real_sim
log = club.board_log(club.simulate(np.full(30, 50.0), 300, n_months=2, record=True, rng=3))
res = events.simulate_events(8, n_rounds=3, n_events=20, rng=0)
out = {
    "ppi": ppi.rate_log(log).ratings["ppi"].round(9).tolist(),
    "elo": elo.elo_forecast(log)[0].round(9).tolist(),
    "gauss": gaussian.gaussian_forecast(
        ratings_real_sim.simulated_sessions(n_players=30, n_months=2, rng=1)
    ).select_dtypes("number").round(9).to_numpy().tolist(),
    "events": measures.summarise_events(res).round(9).to_dict(),
    "tau": measures.kendall_tau_b([[1, 2, 3, 3], [4, 1, 2, 2]],
                                  [[1, 3, 2, 2], [1, 2, 3, 4]]).tolist(),
    "swiss": swiss.simulate_ko_swiss(4, strength_sd=3.0, n_events=3, rng=2).score.tolist(),
}
hits = misses = 0
for module in (elo, ppi, club, events, measures, gaussian, swiss):
    for value in vars(module).values():
        if hasattr(value, "stats") and hasattr(value, "py_func"):
            hits += sum(value.stats.cache_hits.values())
            misses += sum(value.stats.cache_misses.values())
out.update(hits=hits, misses=misses, uncached=_jit.UNCACHED)
print(json.dumps(out, default=str))
"""


@pytest.mark.slow
def test_every_kernel_family_loaded_from_the_cache_gives_the_same_numbers(package_copy):
    env = {"HOME": str(package_copy.parent / "home")}
    first = _run(package_copy, env, script=_ALL)
    second = _run(package_copy, env, script=_ALL)
    assert first.pop("hits") == 0 and first.pop("misses") > 0
    assert second.pop("misses") == 0 and second.pop("hits") > 0
    assert first == second


def test_the_stamp_is_the_text_of_every_kernel_file():
    assert len(_jit.kernels_stamp()) == 64
    assert "sim/events.py" in _jit.kernel_sources() and "ratings/ppi.py" in _jit.kernel_sources()


@pytest.fixture
def package_copy(tmp_path):
    """A copy of ``bridgestats/`` (no caches) in ``tmp_path/src``."""
    src = tmp_path / "src"
    shutil.copytree(PKG, src / "bridgestats", ignore=shutil.ignore_patterns("__pycache__"))
    return src


def _run(src, env=None, prefix=(), script=_ELO):
    full = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    data = str(project_root() / "data")  # the copy has the package, not the shipped data
    full.update({"PYTHONPATH": str(src), "BRIDGESTATS_DATA": data, **(env or {})})
    done = subprocess.run(
        [*prefix, sys.executable, "-c", script], env=full, cwd=src, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_second_process_loads_the_kernel_and_an_edit_elsewhere_compiles_it_again(
    package_copy,
):
    env = {"HOME": str(package_copy.parent / "home")}  # no user-wide cache from elsewhere
    first = _run(package_copy, env)
    assert (first["hits"], first["misses"], first["uncached"]) == (0, 1, [])
    assert list((package_copy / "bridgestats" / "ratings" / "__pycache__").glob("elo.*.nbi"))
    second = _run(package_copy, env)
    assert (second["hits"], second["misses"]) == (1, 0)
    assert second["pred"] == first["pred"]
    # an edit to another kernel file (which elo's kernel does not even call) makes every
    # kernel's stamp change: compiled again, not loaded
    ppi = package_copy / "bridgestats" / "ratings" / "ppi.py"
    ppi.write_text(ppi.read_text() + "\n# edited\n")
    third = _run(package_copy, env)
    assert (third["hits"], third["misses"]) == (0, 1)


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount --bind / / 2>/dev/null || mount -t tmpfs x /mnt"],
        capture_output=True,
    )
    return done.returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="mount namespaces are Linux's")
def test_a_read_only_install_without_a_writable_home_still_works(package_copy, tmp_path):
    if not _unshare_works():
        pytest.skip("unshare -m is refused here (needs root in a mount namespace)")
    home = tmp_path / "home"
    home.mkdir()
    cache = tmp_path / "numba-cache"
    script = tmp_path / "run.sh"
    script.write_text(
        "set -e\n"
        f"for d in {package_copy} {home}; do mount --bind $d $d; "
        "mount -o remount,ro,bind $d $d; done\n"
        f"if touch {package_copy}/bridgestats/x 2>/dev/null; then exit 3; fi\n"
        'exec "$@"\n'
    )
    prefix = ["unshare", "-m", "sh", str(script)]
    env = {"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    ro = _run(package_copy, env, prefix)
    assert ro["uncached"] and "bridgestats.ratings.elo._elo_kernel" in ro["uncached"]
    assert ro["hits"] == 0  # compiled in memory (numba counts a miss of its null cache)
    writable = _run(package_copy, {**env, "NUMBA_CACHE_DIR": str(cache)}, prefix)
    assert (writable["uncached"], writable["misses"]) == ([], 1)
    assert writable["pred"] == ro["pred"]
    assert list(cache.rglob("elo.*.nbi"))
