"""Spider Solitaire (1, 2 or 4 suits): deals, positions, moves, verification, a solver.

A second game beside FreeCell, sharing its card text and error classes.

>>> from freecell_cli.spider import deal, apply, Move, format_compact
>>> p = apply(deal(1, suits=1), Move.parse("23"))
>>> p.moves, format_compact(p)[:33]
(1, 'spider1:3SASKS7S3S.8S/KS6S8SJS.9S')
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

_EXPORTS = {
    "Column": "position", "Position": "position",
    "DEAL": "moves", "Move": "moves", "apply": "moves", "legal_moves": "moves", "resolve": "moves",
    "deal": "deals", "random_number": "deals",
    "format_compact": "formats", "format_json": "formats", "format_position": "formats",
    "parse_position": "formats",
    "verify": "verify", "Verdict": "verify",
    "solve": "solve", "Limits": "solve", "Result": "solve",
    "to_svg": "svg", "to_png": "svg",
}

__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


if TYPE_CHECKING:
    from .deals import deal, random_number
    from .formats import format_compact, format_json, format_position, parse_position
    from .moves import DEAL, Move, apply, legal_moves, resolve
    from .position import Column, Position
    from .solve import Limits, Result, solve
    from .svg import to_png, to_svg
    from .verify import Verdict, verify

__all__ = sorted(_EXPORTS)
