"""Position text formats: compact (the project's own), Freecell Solver, JSON.

Each module has a parser and a formatter side by side; :mod:`.detect` picks the
right parser for a text. Names are imported on first use so that a command only
loads the formats it meets.
"""

from importlib import import_module
from typing import TYPE_CHECKING

_EXPORTS = {
    "FORMATS": "detect", "detect_format": "detect", "format_position": "detect", "parse_position": "detect",
    "format_compact": "compact", "parse_compact": "compact",
    "format_fcs": "fcs", "parse_fcs": "fcs",
    "format_json": "json", "parse_json": "json",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'freecell_cli.formats' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .compact import format_compact, parse_compact
    from .detect import FORMATS, detect_format, format_position, parse_position
    from .fcs import format_fcs, parse_fcs
    from .json import format_json, parse_json

__all__ = sorted(_EXPORTS)
