"""The package's compiled kernels: :func:`numba.njit`, cached on disk where numba can write.

Every kernel is declared ``@njit(cache=True, ...)`` with the :func:`njit` of this module.
numba then keeps the machine code of each kernel beside its source (``__pycache__``), or in
``NUMBA_CACHE_DIR`` when that is set, or in the user's cache folder (``~/.cache/numba``),
so only the first process after an install or an edit compiles; every later one loads the
code in milliseconds.

**Freshness.** numba checks a cached kernel against its own source file only, but a kernel
carries the code of the kernels it calls and the constants it reads, some of them in other
files (``sim/club.py`` calls ``ratings/ppi.py``'s weighting, ``sim/events.py`` the pairing
kernels). So here the stamp a cache is checked against is the kernel's file *and* the text
of every file of the package that declares kernels (:func:`kernel_sources`): editing any of
them compiles every kernel again once, and a stale kernel is never loaded.

**Nowhere to write.** A read-only install whose user has no writable cache folder either
(a container's read-only file system, ``HOME`` unwritable) leaves numba nowhere to write,
where plain ``numba.njit(cache=True)`` raises ``RuntimeError`` at import. Here such a kernel
is compiled in memory instead, as with ``cache=False``: the package works, each process
compiles again, and :data:`UNCACHED` names the kernels so (the benchmarks print it).
Setting ``NUMBA_CACHE_DIR`` to a writable folder restores the cache; nothing here sets it,
as a library must not change process-wide state.

This uses numba's cache locators (``numba.core.caching``), the classes numba's own
``NUMBA_CACHE_LOCATOR_CLASSES`` setting selects from; without them (another numba) the
kernels are compiled uncached, never loaded stale.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import numba

try:  # numba >= 0.61 names them publicly; earlier ones with a leading underscore
    from numba.core import caching as _caching

    _LOCATORS = tuple(
        getattr(_caching, name, None) or getattr(_caching, "_" + name)
        for name in ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
    )
    _IMPL = _caching.CompileResultCacheImpl
    _FUNCTION_CACHE = _caching.FunctionCache
except (ImportError, AttributeError):  # pragma: no cover - a numba without these classes
    _LOCATORS = ()

#: Qualified names (``module.function``) of the kernels compiled without a disk cache in
#: this process, because there was no writable place for one.
UNCACHED: list[str] = []

_PACKAGE = Path(__file__).resolve().parent
_MARK = "_jit import njit"  # how a module of the package declares kernels


@functools.cache
def kernel_sources() -> tuple[str, ...]:
    """The package's files that declare kernels (paths relative to the package, sorted):
    those importing :func:`njit` from this module."""
    return tuple(
        sorted(
            path.relative_to(_PACKAGE).as_posix()
            for path in _PACKAGE.rglob("*.py")
            if _MARK in path.read_text(encoding="utf-8")
        )
    )


@functools.cache
def kernels_stamp() -> str:
    """SHA-256 of the text of every file in :func:`kernel_sources`: part of every kernel's
    cache stamp, so an edit to any of them invalidates every cached kernel."""
    digest = hashlib.sha256()
    for name in kernel_sources():
        digest.update(name.encode() + b"\0" + (_PACKAGE / name).read_bytes() + b"\0")
    return digest.hexdigest()


def _stamped(locator):
    class Stamped(locator):
        def get_source_stamp(self):
            return (super().get_source_stamp(), kernels_stamp())

    Stamped.__name__ = Stamped.__qualname__ = f"Stamped{locator.__name__.lstrip('_')}"
    return Stamped


if _LOCATORS:

    class _Impl(_IMPL):
        _locator_classes = tuple(_stamped(locator) for locator in _LOCATORS)

    class _Cache(_FUNCTION_CACHE):
        _impl_class = _Impl


def njit(*, cache: bool = True, **options):
    """``numba.njit(**options)`` as a decorator, with the kernel cached on disk when
    ``cache`` is true (checked against :func:`kernels_stamp` as well as its own file) or
    compiled in memory, and recorded in :data:`UNCACHED`, when there is nowhere to write.

    >>> @njit(cache=True, fastmath=True)
    ... def twice(x):
    ...     return 2 * x
    >>> twice(21)
    42
    >>> UNCACHED[-1]  # written in a doctest: no source file to keep a cache for
    'bridgestats._jit.twice'
    """

    def decorate(func):
        kernel = numba.njit(cache=False, **options)(func)
        if cache:
            try:
                if not _LOCATORS:
                    raise RuntimeError("no locator available: numba's cache classes")
                # what Dispatcher.enable_caching does, with the stamped locators
                kernel._cache = _Cache(kernel.py_func)
            except RuntimeError as exc:
                if "no locator available" not in str(exc):
                    raise
                UNCACHED.append(f"{func.__module__}.{func.__qualname__}")
        return kernel

    return decorate
