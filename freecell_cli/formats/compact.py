"""The compact position format: one line, one shell word, ASCII.

Grammar (fields separated by ``:``)::

    position    = [ game ":" ] cells ":" foundations ":" columns [ ":" deal [ ":" variant ] ]
    game        = bakers-game | eight-off | seahaven-towers | forecell | relaxed-freecell
                                          a family game's position (none: FreeCell's);
                                          it has no variant field
    cells       = { "-" | card }          one entry per free-cell slot, in order
    foundations = rank rank rank rank     clubs, diamonds, hearts, spades;
                                          rank is 0 (empty) A 2-9 T J Q K
    columns     = column { "/" column }   left to right
    column      = { card }                from the buried end to the exposed card
    card        = rank suit               e.g. TD, 7S, AH
    deal        = decimal number | "-"    held to the deal (deals.as_dealt)
    variant     = site | standard | windows | atomic

Deal 1 with nothing moved yet::

    ----:0000:JDKD2S4C3S6D6S/2DKCKS5CTD8S9C/…/5H3H3C7S7DTC:1

and Eight Off's deal 1, four of its eight free cells dealt::

    eight-off:6S-9C-2H-6H-:0000:JDKD2S4C3S6D/…/5H3H3C7S7DTC:1

>>> from freecell_cli import deal
>>> text = format_compact(deal(1))
>>> text[:25], text[-6:]
('----:0000:JDKD2S4C3S6D6S/', '7DTC:1')
>>> parse_compact(text) == deal(1)
True
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import RANK_CHARS, Card
from ..errors import InvalidCard, InvalidPosition, quote
from ..position import Position
from ..games import FAMILY as _FAMILY
from ..text import escape

def looks_compact(text: str) -> bool:
    """One word with a colon in it. (A plain scan: no regular expression, so no
    backtracking on long input.)"""
    t = text.strip()
    return ":" in t and not any(ch.isspace() for ch in t)


def format_compact(position: Position) -> str:
    """The one-line text of ``position``: a family game's starts with its name.

    >>> from freecell_cli import deal
    >>> format_compact(deal(1, game="forecell"))[:29]
    'forecell:6S9C2H6H:0000:JDKD2S'
    """
    cells = "".join("-" if c is None else str(c) for c in position.cells)
    found = "".join(RANK_CHARS[f] for f in position.foundations)
    cols = "/".join("".join(str(c) for c in col) for col in position.columns)
    text = f"{cells}:{found}:{cols}"
    if position.variant is not None:
        text += f":{position.deal if position.deal is not None else '-'}:{position.variant}"
    elif position.deal is not None:
        text += f":{position.deal}"
    if position.game is not None:
        text = f"{position.game}:{text}"
    return text


def _cards(text: str, where: str, allow_empty_slot: bool) -> list[Card | None]:
    return [None if allow_empty_slot and token == "-" else position_card(token, where)  # a column has no gap
            for token in card_tokens(text, "-" if allow_empty_slot else "")]


def card_tokens(text: str, empty: str = "") -> Iterator[str]:
    """The cards of ``text``, written one after another, as tokens: a card is two
    characters, or three when the rank is written 10; ``empty`` (one character, when
    given) is an empty slot. FreeCell's compact format and Spider's.

    >>> list(card_tokens("7S10H-TD", "-"))
    ['7S', '10H', '-', 'TD']
    """
    i = 0
    while i < len(text):
        if empty and text[i] == empty:
            yield empty
            i += 1
            continue
        size = 3 if text.startswith("10", i) else 2
        yield text[i : i + size]
        i += size


def position_card(token: object, where: str) -> Card:
    """The card ``token`` names, read in a position (``where`` in it): anything else
    is :class:`InvalidPosition` ("unknown card 'XS' in column 1"). Both games' formats."""
    if not isinstance(token, str):
        raise InvalidPosition(f"{where}: expected a card string, got {quote(token)}")
    try:
        return Card.parse(token)
    except InvalidCard:
        raise InvalidPosition(f"unknown card {quote(token)} in {where}") from None


def parse_compact(text: str, game: str | None = None) -> Position:
    """Read a compact position and validate it; ``game``: the family game of a
    text that names none."""
    from ..deals import parse_deal_number
    from ..errors import FreecellError
    from ..variants import find_variant

    line = text.strip()
    if not line or any(ch.isspace() for ch in line):
        raise InvalidPosition(f"not a compact position (one word expected): {text[:60]!r}")
    if line.startswith("spider"):  # the other game's format: say which command reads it
        raise InvalidPosition(f"this is a Spider position ({escape(line[:12])}...): use freecell spider show, move, solve")
    fields = line.split(":")
    read_as_game = game is not None  # a FreeCell text, unless it names its game
    if fields[0].lower() in _FAMILY:  # (no card or free-cell text is a game's name)
        game = fields.pop(0).lower()
        read_as_game = False
    if len(fields) < 3 or len(fields) > 5:
        raise InvalidPosition(
            f"compact position needs 3 to 5 ':'-separated fields, got {len(fields)}"
        )
    cells_text, found_text, cols_text = fields[:3]
    cells = _cards(cells_text, "the free cells", True)
    if len(found_text) != 4:
        raise InvalidPosition(
            f"foundations field {quote(found_text)} must be 4 ranks (clubs, diamonds, hearts, spades)"
        )
    try:
        foundations = [RANK_CHARS.index(ch.upper()) for ch in found_text]
    except ValueError:
        raise InvalidPosition(f"foundations field {quote(found_text)}: ranks are 0 A 2-9 T J Q K") from None
    columns = []
    for i, col in enumerate(cols_text.split("/")):
        columns.append(_cards(col, f"column {i + 1}", False))
    deal = variant = None
    if len(fields) >= 4 and fields[3] not in ("", "-"):
        try:
            deal = parse_deal_number(fields[3])
        except FreecellError as e:
            raise InvalidPosition(f"deal field: {e}") from None
    if len(fields) == 5 and fields[4] not in ("", "-"):
        try:
            variant = find_variant(fields[4]).name
        except FreecellError as e:
            raise InvalidPosition(f"variant field: {e}") from None
    from ..deals import as_dealt

    position = Position(columns, cells, foundations, deal=deal, variant=variant,  # type: ignore[arg-type]  # validate() refuses a gap
                        game=game).validate()
    return as_dealt(position, read_as_game and position.game is not None)
