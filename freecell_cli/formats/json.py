"""JSON positions (orjson).

    {"columns": [["JD", "KD", ...], ...], "cells": [null, "7S", null, null],
     "foundations": {"C": 0, "D": 1, "H": 0, "S": 0}, "deal": 1, "variant": null}

Foundations are ranks 0..13. ``unsolvable`` is added for labelled deals, ``game``
for a family game's position (``"game": "bakers-game"``; none: FreeCell).

>>> from freecell_cli import deal
>>> parse_json(format_json(deal(617))) == deal(617)
True
"""

from __future__ import annotations

from typing import Any

from ..cards import SUITS
from ..errors import FreecellError, InvalidPosition, quote
from ..position import Position
from .compact import position_card as _card


def position_to_dict(position: Position) -> dict[str, Any]:
    from ..deals import is_unsolvable

    d: dict[str, Any] = {
        "columns": [[str(c) for c in col] for col in position.columns],
        "cells": [None if c is None else str(c) for c in position.cells],
        "foundations": dict(zip(SUITS, position.foundations)),
        "deal": position.deal,
        "variant": position.variant,
    }
    if position.game is not None:
        d["game"] = position.game  # (the 8 labelled deals are FreeCell's: no "unsolvable")
    elif position.deal is not None:
        d["unsolvable"] = is_unsolvable(position.deal)
    return d


def format_json(position: Position) -> str:
    import orjson

    return orjson.dumps(position_to_dict(position)).decode() + "\n"


SAVED_GAMES = {"freecell-cli-game": "freecell play", "freecell-cli-spider-game": "freecell spider play"}


def saved_game_hint(d: Any) -> str | None:
    """What to say when a saved game is given where a position goes (None: it is not one).

    >>> saved_game_hint({"format": "freecell-cli-game", "start": "..."})
    'a saved game, not a position: `freecell play --resume FILE` goes on with it'
    """
    kind = d.get("format") if isinstance(d, dict) else None
    command = SAVED_GAMES.get(kind) if isinstance(kind, str) else None
    return None if command is None else f"a saved game, not a position: `{command} --resume FILE` goes on with it"


def position_from_dict(d: Any, default_game: str | None = None) -> Position:
    from ..deals import check_deal_number
    from ..games import find_game
    from ..variants import find_variant

    if not isinstance(d, dict) or not isinstance(d.get("columns"), list):
        raise InvalidPosition(saved_game_hint(d) or "JSON position needs an object with a 'columns' list")
    columns = []
    for i, col in enumerate(d["columns"]):
        if not isinstance(col, list):
            raise InvalidPosition(f"column {i + 1}: expected a list of cards")
        columns.append([_card(c, f"column {i + 1}") for c in col])
    raw_cells = d.get("cells", [None] * 4)
    if not isinstance(raw_cells, list):
        raise InvalidPosition("'cells' must be a list (null for an empty cell)")
    cells = [None if c is None else _card(c, f"free cell {i + 1}") for i, c in enumerate(raw_cells)]
    raw_found = d.get("foundations", {})
    if not isinstance(raw_found, dict) or set(raw_found) - set(SUITS):
        raise InvalidPosition("'foundations' must map C, D, H, S to ranks 0..13")
    foundations = []
    for s in SUITS:
        f = raw_found.get(s, 0)
        if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f <= 13:
            raise InvalidPosition(f"foundation {s}: rank {quote(f)} is not 0..13")
        foundations.append(f)
    deal = d.get("deal")
    variant = d.get("variant")
    game = d.get("game", default_game)
    try:
        if deal is not None:
            check_deal_number(deal)
        if variant is not None:
            variant = find_variant(variant).name
        if game is not None:
            game = find_game(game).name
    except FreecellError as e:
        raise InvalidPosition(str(e)) from None
    from ..deals import as_dealt

    position = Position(columns, cells, foundations, deal=deal, variant=variant, game=game).validate()
    return as_dealt(position, "game" not in d and position.game is not None)  # (a FreeCell object read as a game's)


def parse_json(text: str | bytes, game: str | None = None) -> Position:
    """Read a JSON position; ``game``: the family game of one that names none."""
    return position_from_dict(load_json(text), game)


def load_json(text: str | bytes) -> Any:
    """The JSON value of a position's text: bad JSON is :class:`InvalidPosition`
    (FreeCell's and Spider's ``parse_json``)."""
    import orjson

    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as e:
        raise InvalidPosition(f"bad JSON: {e}") from None
