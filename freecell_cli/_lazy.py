"""Names a package exports, imported on first use (PEP 562), and kept when a
submodule of the same name is imported."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from importlib import import_module
from typing import Any


class ExportingPackage(types.ModuleType):
    """A package module whose exported names win over its submodules.

    Importing ``pkg.solve`` makes Python bind the submodule as the attribute
    ``pkg.solve``, which would hide an exported function ``solve``. This class
    refuses that one binding: ``sys.modules`` still holds the submodule (so
    ``from pkg.solve.engine import x`` works), while ``pkg.solve`` stays the
    function, whichever was imported first. Any other assignment goes through.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if (
            isinstance(value, types.ModuleType)
            and value.__name__ == f"{self.__name__}.{name}"
            and name in self.__dict__.get("_EXPORTS", ())
        ):
            return  # the import system binding a submodule over an exported name
        super().__setattr__(name, value)


def lazy_exports(package: str, exports: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``name`` from ``package.<exports[name]>``
    the first time it is asked for, and keeps it in ``namespace``; ``exports[name]``
    empty names the submodule ``package.<name>`` itself.

    The package's module becomes an :class:`ExportingPackage` (``exports`` should
    be its ``_EXPORTS``), so an exported name never turns into a submodule."""
    module = sys.modules[package]
    if not isinstance(module, ExportingPackage):
        module.__class__ = ExportingPackage
    for name in exports:
        # A submodule bound before this call (imported by the package's own code) goes.
        if isinstance(namespace.get(name), types.ModuleType) and namespace[name].__name__ == f"{package}.{name}":
            del namespace[name]

    def __getattr__(name: str) -> Any:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(f".{where or name}", package)
        value = module if not where else getattr(module, name)  # "": the submodule itself
        namespace[name] = value
        return value

    return __getattr__
