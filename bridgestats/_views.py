"""A table read from its catalogue at each use: a read-only mapping over a function.

The tables other modules keep of a catalogue (the named scales' display names, the
booklet's sections) are :class:`CatalogueView`\\ s, so that an entry added to its catalogue
is in every table at once and no second copy can drift.

Layer 0: nothing of the package is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

__all__ = ["CatalogueView"]


class CatalogueView(Mapping):
    """The mapping ``read()`` returns, read again at each use.

    >>> table = {"a": 1}
    >>> view = CatalogueView(lambda: dict(table))
    >>> table["b"] = 2
    >>> dict(view), len(view), view["b"]
    ({'a': 1, 'b': 2}, 2, 2)
    """

    def __init__(self, read: Callable[[], dict]):
        self._read = read

    def __getitem__(self, key):
        return self._read()[key]

    def __iter__(self):
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __repr__(self) -> str:
        return repr(self._read())
