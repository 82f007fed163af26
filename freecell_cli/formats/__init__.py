"""Position text formats: compact (the project's own), Freecell Solver, JSON.

Each module has a parser and a formatter side by side; :mod:`.detect` picks the
right parser for a text. Names are imported on first use so that a command only
loads the formats it meets.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

_EXPORTS = {
    "FORMATS": "detect", "detect_format": "detect", "format_position": "detect", "parse_position": "detect",
    "format_compact": "compact", "parse_compact": "compact",
    "format_fcs": "fcs", "parse_fcs": "fcs",
    "format_json": "json", "parse_json": "json",
}


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


if TYPE_CHECKING:
    from .compact import format_compact, parse_compact
    from .detect import FORMATS, detect_format, format_position, parse_position
    from .fcs import format_fcs, parse_fcs
    from .json import format_json, parse_json

__all__ = [
    "FORMATS", "detect_format", "format_compact", "format_fcs", "format_json", "format_position",
    "parse_compact", "parse_fcs", "parse_json", "parse_position",
]
