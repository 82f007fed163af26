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
