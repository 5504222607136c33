"""Built as a wheel and installed outside the checkout, bridgestats still finds its data and
runs its default reports.

The wheel is built by pip from a copy of the repository (as ``pip install .`` would: in
pip's isolated build environment, whose setuptools comes from the index pip is configured
with, the one ``make`` installs from; the project's virtual environment may hold an older
setuptools that cannot read ``pyproject.toml``). It is installed with ``--no-deps`` into a
fresh virtual environment made from the base interpreter. That environment sees the
dependencies through a ``.pth`` file naming this interpreter's ``site-packages``: a folder a
``.pth`` file names is only put on ``sys.path``, its own ``.pth`` files are not run, so the
editable install of the checkout that may live there (``make``'s) stays out; the tests check
that the package imported there is the wheel's. Everything then runs in a temporary folder
outside the checkout, with no ``PYTHONPATH`` and no ``BRIDGESTATS_*`` variables, and with a
decoy ``python3`` (and ``bridgestats``) kernelspec on ``JUPYTER_PATH`` that fails when
started: the reports run all the same, on the project's own kernel.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import site
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from bridgestats import datasets
from bridgestats.paths import data_dir, in_checkout, notebooks_dir, project_root

ROOT = project_root()
pytestmark = pytest.mark.skipif(
    not in_checkout(), reason="the wheel is built from the repository, which is not here"
)
#: the report run from the installed wheel: the fastest of the default batch
REPORT = "vp_scale_designer"
#: folders that are never part of the package, wherever they are
_NOT_SHIPPED = {"__pycache__", ".ipynb_checkpoints"}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files(folder: Path) -> list[Path]:
    """The files below ``folder`` that ship (no caches, no dot-names)."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file()
        and not p.name.startswith(".")
        and p.suffix != ".pyc"
        and not _NOT_SHIPPED & set(p.relative_to(folder).parts)
    )


def _folders(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in [folder, *folder.rglob("*")]
        if p.is_dir()
        and not _NOT_SHIPPED & set(p.relative_to(folder).parts)
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )


#: checkout folder -> where it goes in the wheel (pyproject.toml's package-dir mapping)
SHIPPED = {
    ROOT / "bridgestats": "bridgestats",
    ROOT / "data": "bridgestats/_data",
    ROOT / "notebooks": "bridgestats/_notebooks",
}


def _in_wheel(path: Path) -> str:
    for folder, target in SHIPPED.items():
        if path.is_relative_to(folder):
            return Path(target, path.relative_to(folder)).as_posix()
    raise AssertionError(f"{path} is not shipped")


def test_pyproject_lists_every_folder_of_the_package_its_data_and_notebooks():
    """setuptools is given the packages as a list (find cannot map data/ into the package):
    a folder added without adding it there would be left out of the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {
        "bridgestats._data": "data",
        "bridgestats._notebooks": "notebooks",
    }
    expected = {
        _in_wheel(folder).replace("/", ".") for source in SHIPPED for folder in _folders(source)
    }
    assert sorted(config["packages"]) == sorted(expected)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from a copy of the repository (the checkout stays clean: no
    ``build/`` or ``*.egg-info`` left in it, none reused from an earlier build)."""
    src = tmp_path_factory.mktemp("src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for path in ROOT.iterdir():
        if path.is_file() and not path.name.startswith("."):
            shutil.copy2(path, src / path.name)
    for folder in SHIPPED:
        shutil.copytree(folder, src / folder.name, ignore=ignore)
    dist = tmp_path_factory.mktemp("dist")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", dist, src]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, f"pip wheel failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    (built,) = dist.glob("bridgestats-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_holds_the_package_its_templates_data_and_notebooks(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        expected = {_in_wheel(p): p for source in SHIPPED for p in _files(source)}
        missing = sorted(set(expected) - names)
        assert not missing, f"not in the wheel: {missing}"
        for name, path in expected.items():  # the very bytes of the checkout
            assert _sha256(zf.read(name)) == _sha256(path.read_bytes()), name
        entry_points = zf.read(f"{wheel.name.split('-py3')[0]}.dist-info/entry_points.txt")
    templates = {n for n in names if n.startswith("bridgestats/reports/templates/")}
    assert {Path(n).name for n in templates} >= {
        "about.html.j2",
        "index.css",
        "index.html.j2",
        "report.html.j2",
    }
    assert {n for n in names if n.startswith("bridgestats/_notebooks/")} == {
        f"bridgestats/_notebooks/{p.name}"
        for p in [*notebooks_dir().glob("*.ipynb"), notebooks_dir() / "reports.toml"]
    }
    assert any(n.startswith("bridgestats/_data/seeds/") and n.endswith(".csv") for n in names)
    # nothing else of the repository (tests, scripts, the top-level folders themselves)
    stray = sorted(n for n in names if not n.startswith(("bridgestats/", "bridgestats-")))
    assert not stray, f"in the wheel but not the package: {stray}"
    assert b"bridgestats = bridgestats.cli:main" in entry_points


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> dict:
    """A fresh virtual environment with the wheel installed: its interpreter, scripts,
    ``site-packages``, a working folder outside the checkout and the environment to run in."""
    base = tmp_path_factory.mktemp("installed")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(env_dir)
    scripts = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    install = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps"]
    proc = subprocess.run(
        [*install, "--no-index", wheel], capture_output=True, text=True, timeout=300, check=False
    )
    assert proc.returncode == 0, f"pip install failed:\n{proc.stdout}\n{proc.stderr}"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    site_packages = Path(purelib)
    deps = [p for p in [*site.getsitepackages(), site.getusersitepackages()] if Path(p).is_dir()]
    (site_packages / "bridgestats_test_dependencies.pth").write_text("\n".join(deps) + "\n")
    # a user's own kernels, which must not stand in for the project's: each fails at start
    decoy = base / "jupyter" / "kernels"
    for name in ("python3", "bridgestats"):
        (decoy / name).mkdir(parents=True)
        spec = {
            "argv": [sys.executable, "-c", "raise SystemExit('decoy kernel')", "{connection_file}"],
            "display_name": f"decoy {name}",
            "language": "python",
        }
        (decoy / name / "kernel.json").write_text(json.dumps(spec))
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH", "VIRTUAL_ENV"}
        and not k.startswith(("BRIDGESTATS_", "JUPYTER"))
    }
    env |= {
        "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
        "VIRTUAL_ENV": str(env_dir),
        # the decoys first; then the data files of the dependencies' environment (nbconvert's
        # templates), which the trick above does not bring: pip would install them here
        "JUPYTER_PATH": os.pathsep.join([str(decoy.parent), *_jupyter_data_of_the_deps()]),
        "JUPYTER_DATA_DIR": str(base / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(base / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(base / "jupyter-runtime"),
        "IPYTHONDIR": str(base / "ipython"),
    }
    work = base / "work"
    work.mkdir()
    return {
        "python": python,
        "scripts": scripts,
        "site_packages": site_packages,
        "work": work,
        "env": env,
    }


def _jupyter_data_of_the_deps() -> list[str]:
    """The Jupyter data folders of this environment that hold nbconvert's templates."""
    jupyter_paths = pytest.importorskip("jupyter_core.paths")  # the notebooks extra

    return [p for p in jupyter_paths.jupyter_path() if Path(p, "nbconvert").is_dir()]


def _run(installed, *args, timeout=300) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [str(a) for a in args],
        cwd=installed["work"],
        env=installed["env"],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert proc.returncode == 0, f"{args[1:]} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}"
    return proc


_DATASETS_SCRIPT = """
import json, sys
import bridgestats, bridgestats.datasets as ds, bridgestats.paths as paths
sets = {}
for name in ds.names():
    frame = ds.load(name)
    sets[name] = {"shape": list(frame.shape), "columns": list(frame.columns),
                  "sha256": ds.sha256(name)}
print(json.dumps({
    "file": bridgestats.__file__,
    "editable": sorted(m for m in sys.modules if "editable" in m),
    "in_checkout": paths.in_checkout(),
    "data_dir": str(paths.data_dir()),
    "notebooks_dir": str(paths.notebooks_dir()),
    "reports_dir": str(paths.reports_dir()),
    "shared": paths.shared_data_dir(),
    "sets": sets,
}))
"""


@pytest.mark.slow
def test_installed_the_datasets_load_from_the_package(installed):
    import pandas as pd

    got = json.loads(_run(installed, installed["python"], "-c", _DATASETS_SCRIPT).stdout)
    site_packages = installed["site_packages"]
    # the wheel's package, not the checkout's (no editable finder came along)
    assert Path(got["file"]).is_relative_to(site_packages) and got["editable"] == []
    assert got["in_checkout"] is False and got["shared"] is None
    assert Path(got["data_dir"]) == site_packages / "bridgestats" / "_data"
    assert Path(got["notebooks_dir"]) == site_packages / "bridgestats" / "_notebooks"
    assert Path(got["reports_dir"]) == installed["work"] / "reports"
    # every data set of the checkout, the same bytes, read into the same frames
    assert sorted(got["sets"]) == datasets.names()
    for name, found in got["sets"].items():
        frame = pd.read_csv(data_dir() / f"{name}.csv")
        assert found["shape"] == list(frame.shape), name
        assert found["columns"] == list(frame.columns), name
        assert found["sha256"] == datasets.sha256(name), name


_DECOY_SCRIPT = """
from jupyter_client.kernelspec import KernelSpecManager
print(" ".join(KernelSpecManager().get_kernel_spec("python3").argv))
"""


@pytest.mark.slow
def test_installed_bridgestats_reports_runs_on_its_own_kernel_into_the_working_folder(
    installed,
):
    # the decoy is what a plain "python3" kernel would be here
    assert "decoy kernel" in _run(installed, installed["python"], "-c", _DECOY_SCRIPT).stdout
    site_packages = installed["site_packages"]
    before = _files(site_packages)
    proc = _run(installed, installed["scripts"] / "bridgestats", "reports", "--only", REPORT)
    assert "1 ok, 0 failed" in proc.stdout + proc.stderr
    out = installed["work"] / "reports"
    assert (out / "index.html").is_file() and REPORT in (out / "index.html").read_text()
    html = out / REPORT / f"{REPORT}.html"
    assert "About this report" in html.read_text(encoding="utf-8")
    record = json.loads((out / REPORT / "run.json").read_text())
    assert record["status"] == "ok", record["error"]
    assert record["kernel"] == "bridgestats"
    assert Path(record["python"]) == installed["python"]  # the environment's interpreter
    assert record["git"] == {"revision": None, "dirty": None}
    notebook = (notebooks_dir() / f"{REPORT}.ipynb").read_bytes()
    assert record["notebook_sha256"] == _sha256(notebook)
    summary = json.loads((out / REPORT / "summary.json").read_text())
    # the inputs the notebook read in the wheel (its default published table and the
    # evidence behind its σ) are the checkout's shipped files, byte for byte
    inputs = summary["_inputs"]
    assert "seeds/ebu_swiss_pairs_7_9" in inputs
    assert inputs == {name: datasets.sha256(name) for name in inputs}
    # nothing written into the installation (caches aside)
    assert _files(site_packages) == before
