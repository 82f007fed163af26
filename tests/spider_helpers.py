"""Small Spider tables for rule tests: only the columns a test looks at hold cards."""

from freecell_cli.cards import Card
from freecell_cli.spider.position import Column, Position


def cards(text: str) -> tuple:
    return tuple(Card.parse(t) for t in text.split())


def table(*columns: str, stock: str = "", suits: int = 4, removed: tuple = ()) -> Position:
    """Columns written "down cards | up cards" (or just the up cards); up to ten,
    the rest get one filler card (a king, so nothing else goes on them by accident
    unless a test wants it) — pass "" for an empty column."""
    cols = []
    for text in columns:
        down, _, up = text.rpartition("|")
        cols.append(Column(cards(down), cards(up)))
    while len(cols) < 10:
        cols.append(Column((), cards("KD")))
    return Position(suits, tuple(cols), cards(stock), removed)


def sorted_table(suits: int = 4, removed: tuple = ()) -> list[list[str]]:
    """A table the rules allow, as ten lists of face-up card texts: one set K..2
    a column for each set still in play (at most eight), the aces in columns 9
    and 10. Tests change it, then build it with :func:`from_lists`."""
    from collections import Counter

    from freecell_cli.spider.cards import copies, suit_letters

    left = Counter({s: copies(suits) for s in suit_letters(suits)}) - Counter(removed)
    sets = [s for s in suit_letters(suits) for _ in range(left[s])]
    cols: list[list[str]] = [[r + s for r in "KQJT98765432"] for s in sets] + [[] for _ in range(8 - len(sets))]
    aces = ["A" + s for s in sets]
    return cols + [aces[:4], aces[4:]]


def from_lists(cols: list, suits: int = 4, removed: tuple = (), stock: str = "", down: dict | None = None,
               moves: int = 0) -> Position:
    """Ten lists of card texts as a Position; ``down`` {column index: how many of
    its first cards are face down}."""
    down = down or {}
    columns = tuple(Column(cards(" ".join(c[: down.get(i, 0)])), cards(" ".join(c[down.get(i, 0):])))
                    for i, c in enumerate(cols))
    return Position(suits, columns, cards(stock), removed, moves)
