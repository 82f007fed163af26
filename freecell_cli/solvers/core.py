"""Which search core runs: the compiled one (``_core.c``) when it was built, else
pure Python. Both give the same results; the compiled one is faster.

``FREECELL_CORE=python`` forces the pure one (one run can time both);
``FREECELL_CORE=compiled`` makes a missing compiled core an error instead of a
silent fallback. Only the solvers import this module: start-up of the other
commands does not pay for it.

>>> name() in ("compiled", "python")
True
"""

from __future__ import annotations

import os
from types import ModuleType

from .result import SolverError

CHOICES = ("compiled", "python")
_STATE: dict[str, ModuleType | None] = {}


def _import() -> tuple[ModuleType | None, str]:
    """The compiled module, or None and why it could not be imported."""
    try:
        from . import _core  # type: ignore[attr-defined]
    except ImportError as e:
        return None, str(e)
    return _core, ""


def _load() -> ModuleType | None:
    if "core" in _STATE:
        return _STATE["core"]
    wanted = os.environ.get("FREECELL_CORE", "").strip().lower()
    if wanted and wanted not in CHOICES:
        raise SolverError(f"FREECELL_CORE must be one of {', '.join(CHOICES)}, not {wanted[:40]!r}")
    module, why = _import() if wanted != "python" else (None, "")
    if module is None and wanted == "compiled":
        raise SolverError(f"FREECELL_CORE=compiled, but the compiled core is not built ({why}): "
                          "reinstall with a C compiler and the Python headers")
    _STATE["core"] = module
    return module


def built() -> ModuleType | None:
    """The compiled core's module when it was built, whatever ``FREECELL_CORE``
    says (the tests compare the two cores in one process), else None."""
    return _import()[0]


def compiled() -> ModuleType | None:
    """The compiled core's module, or None when the pure-Python one runs."""
    return _load()


def name() -> str:
    """``compiled`` or ``python``: the core the solvers use."""
    return "compiled" if _load() is not None else "python"
