"""Position text formats: compact (the project's own), Freecell Solver, JSON.

Each module has a parser and a formatter side by side; :mod:`.detect` picks the
right parser for a text.
"""

from .compact import format_compact, parse_compact
from .detect import FORMATS, detect_format, format_position, parse_position
from .fcs import format_fcs, parse_fcs
from .json import format_json, parse_json

__all__ = [
    "FORMATS",
    "detect_format",
    "format_compact",
    "format_fcs",
    "format_json",
    "format_position",
    "parse_compact",
    "parse_fcs",
    "parse_json",
    "parse_position",
]
