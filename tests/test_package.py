"""The package's top level: every re-exported name exists and is public in its module."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import bridgestats


@pytest.mark.parametrize("name", sorted(bridgestats._WHERE))
def test_reexported_name_is_public_in_its_module(name):
    module = importlib.import_module(f"bridgestats.{bridgestats._WHERE[name]}")
    assert name in module.__all__
    assert getattr(bridgestats, name) is getattr(module, name)


def test_no_name_is_exported_from_two_modules():
    names = [n for names in bridgestats._EXPORTS.values() for n in names]
    assert len(names) == len(set(names))


def test_every_module_is_reachable_and_unknown_names_raise():
    for module in bridgestats._MODULES:
        assert getattr(bridgestats, module).__name__ == f"bridgestats.{module}"
    with pytest.raises(AttributeError, match="no_such_thing"):
        bridgestats.no_such_thing  # noqa: B018


def test_import_is_light():
    """``import bridgestats`` loads neither pandas nor numba (the CLI starts fast)."""
    code = "import sys, bridgestats; print('pandas' in sys.modules, 'numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
