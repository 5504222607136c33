"""The reports' kernel: named for the project everywhere it is named, and always the runner's
own interpreter, whatever kernelspecs are installed."""

from __future__ import annotations

import json
import re
import sys

import pytest

from bridgestats.paths import notebooks_dir, project_root
from bridgestats.reports.execute import KERNEL_NAME, kernel_manager_class

pytest.importorskip("jupyter_client")

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))


def test_the_kernel_has_the_projects_name():
    assert KERNEL_NAME == "bridgestats"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_names_the_runners_kernel(path):
    spec = json.loads(path.read_text())["metadata"]["kernelspec"]
    assert spec == {
        "display_name": "Python 3 (bridgestats)",
        "language": "python",
        "name": KERNEL_NAME,
    }


def test_make_installs_the_kernel_under_that_name():
    makefile = (project_root() / "Makefile").read_text()
    (line,) = [x for x in makefile.splitlines() if "ipykernel install" in x]
    assert re.search(rf"--name {KERNEL_NAME}\b", line)
    assert '--display-name "Python 3 (bridgestats)"' in line


def _decoy(folder, name):
    spec = {"argv": ["decoy-kernel", "{connection_file}"], "display_name": "decoy", "language": "x"}
    (folder / "kernels" / name).mkdir(parents=True)
    (folder / "kernels" / name / "kernel.json").write_text(json.dumps(spec))


def test_installed_kernelspecs_cannot_stand_in_for_the_runners_kernel(tmp_path, monkeypatch):
    from jupyter_client.kernelspec import KernelSpecManager

    for name in ("python3", KERNEL_NAME):
        _decoy(tmp_path, name)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    # a plain lookup finds the decoys: they are what jupyter_client would start
    specs = KernelSpecManager()
    assert specs.get_kernel_spec("python3").argv[0] == "decoy-kernel"
    assert specs.get_kernel_spec(KERNEL_NAME).argv[0] == "decoy-kernel"
    manager = kernel_manager_class(tmp_path / ".kernels")(kernel_name=KERNEL_NAME)
    spec = manager.kernel_spec
    assert spec.argv[:3] == [sys.executable, "-m", "ipykernel_launcher"]
    assert spec.language == "python"
