"""freecell_cli — FreeCell deals, positions, rules and solutions.

>>> from freecell_cli import deal, find_variant, Move, resolve, apply, format_position, legal_moves
>>> p = deal(617)
>>> site = find_variant("site")
>>> for text in ["5a", "82"]:
...     apply(p, resolve(p, Move.parse(text), site))
>>> format_position(p)[:20]
'JC---:0000:7DTDTHKD4'
>>> len(legal_moves(p, site))
10
"""

from typing import TYPE_CHECKING

from ._lazy import lazy_exports

# Names are imported on first use (PEP 562) so that `freecell deal 1` in a pipe
# does not pay for modules it never touches.
_EXPORTS = {
    "Hint": "hints", "SOLUTION_WRITE_FORMATS": "api", "analyze": "api", "format_solution": "api",
    "format_spider_solution": "api", "hint": "api", "read_solution": "api", "read_solutions": "api", "read_spider_solution": "api",
    "solve": "api", "spider_solve": "api", "spider_verify": "api", "verify": "api", "verify_each": "api",
    # the game core, with its arguments checked (the engines call the modules' own)
    "apply": "api", "automatic_moves": "api", "autoplay": "api", "can_autocomplete": "api", "can_move": "api",
    "legal_moves": "api", "resolve": "api", "undo": "api",
    "Result": "solvers.engine", "Limits": "solvers.engine", "Verdict": "verify", "Solution": "solutions",
    "replay": "api", "Replay": "replay", "spider": "",
    "Card": "cards",
    "UNSOLVABLE": "deals", "daily_number": "deals", "deal": "deals", "is_unsolvable": "deals",
    "random_number": "deals",
    "ArgumentTypeError": "errors", "FreecellError": "errors", "FreecellRuntimeError": "errors", "IllegalMove": "errors", "InvalidArgument": "errors",
    "InvalidCard": "errors", "InvalidDeal": "errors", "InvalidMove": "errors", "InvalidPosition": "errors",
    "InvalidSolution": "errors",
    "format_position": "api", "parse_position": "formats",
    "Move": "moves", "Place": "moves", "parse_moves": "moves",
    "min_cells": "mincells",
    "Position": "position",
    "VARIANTS": "variants", "Variant": "variants", "find_variant": "variants",
    "GAMES": "games", "Game": "games", "find_game": "games", "find_rules": "games",
}


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


if TYPE_CHECKING:
    from . import spider
    from .api import (
        SOLUTION_WRITE_FORMATS,
        analyze,
        apply,
        automatic_moves,
        autoplay,
        can_autocomplete,
        can_move,
        format_position,
        format_solution,
        format_spider_solution,
        hint,
        legal_moves,
        read_solution,
        read_solutions,
        read_spider_solution,
        replay,
        resolve,
        solve,
        spider_solve,
        spider_verify,
        undo,
        verify,
        verify_each,
    )
    from .hints import Hint
    from .replay import Replay
    from .solutions import Solution
    from .solvers.engine import Limits, Result
    from .verify import Verdict
    from .cards import Card
    from .deals import UNSOLVABLE, daily_number, deal, is_unsolvable, random_number
    from .errors import (
        ArgumentTypeError,
        FreecellError,
        FreecellRuntimeError,
        IllegalMove,
        InvalidArgument,
        InvalidCard,
        InvalidDeal,
        InvalidMove,
        InvalidPosition,
        InvalidSolution,
    )
    from .formats import parse_position
    from .mincells import min_cells
    from .moves import Move, Place, parse_moves
    from .position import Position
    from .variants import VARIANTS, Variant, find_variant
    from .games import GAMES, Game, find_game, find_rules

__version__ = "0.1.0"

__all__ = [
    "Hint",
    "Limits",
    "Replay",
    "Result",
    "SOLUTION_WRITE_FORMATS",
    "Solution",
    "Verdict",
    "analyze",
    "format_solution",
    "format_spider_solution",
    "hint",
    "read_solution",
    "read_solutions",
    "read_spider_solution",
    "replay",
    "solve",
    "spider",
    "spider_solve",
    "spider_verify",
    "verify",
    "verify_each",
    "UNSOLVABLE",
    "VARIANTS",
    "GAMES",
    "Game",
    "ArgumentTypeError",
    "Card",
    "FreecellError",
    "FreecellRuntimeError",
    "IllegalMove",
    "InvalidArgument",
    "InvalidCard",
    "InvalidDeal",
    "InvalidMove",
    "InvalidPosition",
    "InvalidSolution",
    "Move",
    "Place",
    "Position",
    "Variant",
    "apply",
    "autoplay",
    "automatic_moves",
    "can_autocomplete",
    "can_move",
    "daily_number",
    "deal",
    "find_game",
    "find_rules",
    "find_variant",
    "format_position",
    "is_unsolvable",
    "legal_moves",
    "min_cells",
    "parse_moves",
    "parse_position",
    "random_number",
    "resolve",
    "undo",
]
