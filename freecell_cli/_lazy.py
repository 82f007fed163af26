"""Names a package exports, imported on first use (PEP 562)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_exports(package: str, exports: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``name`` from ``package.<exports[name]>``
    the first time it is asked for, and keeps it in ``namespace``."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    return __getattr__
