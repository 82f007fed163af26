import pytest

from freecell_cli import deal, find_variant, parse_position
from freecell_cli.render import render_plain, render_rich
from positions import NEARLY_WON

SITE = find_variant("site")


def test_plain_picture_of_deal_1():
    text = render_plain(deal(1), SITE)
    assert text.isascii()
    lines = text.splitlines()
    assert lines[0] == "deal 1 | site | can move 16 (4 free cells, 0 empty columns)"
    assert lines[1] == "cells a:-- b:-- c:-- d:--   home C:-- D:-- H:-- S:--"
    assert lines[3] == "  1   2   3   4   5   6   7   8"
    assert lines[4] == " JD  2D  9H  JC  5D  7H  7C  5H"
    assert lines[10] == " 6S  9C  2H  6H"
    assert len(lines) == 11


def test_notes_unsolvable_and_autocomplete():
    assert "unsolvable: deal 11982 cannot be won from the start" in render_plain(deal(11982), SITE)
    assert "unsolvable" not in render_plain(deal(617), SITE)
    text = render_plain(parse_position(NEARLY_WON), find_variant("standard"))
    assert "auto-complete" in text and "standard | can move 5" in text


def test_rich_picture_uses_suit_symbols_and_colour():
    from rich.console import Console

    console = Console(record=True, width=80, color_system="truecolor", force_terminal=True)
    console.print(render_rich(deal(1), SITE))
    plain = console.export_text(clear=False)
    assert "J♦" in plain and "6♠" in plain and "can move 16" in plain
    styled = console.export_text(styles=True)
    assert "\x1b[" in styled


def test_rich_picture_marks_a_move():
    from rich.console import Console

    from freecell_cli import Move, resolve
    from freecell_cli.render import _marks

    p = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/6D5D8H")
    move = resolve(p, Move.parse("21"), SITE)
    assert _marks(p, move, False) == {**{("column", 1, r): "on yellow" for r in range(4, 8)},
                                      ("column", 0, 4): "on cyan"}
    bad = "underline on bright_white"
    assert _marks(p, Move.parse("5h"), True) == {("column", 4, 3): bad, ("foundation", 3, 0): bad}

    def draw(**kw):
        console = Console(record=True, width=80, color_system="truecolor", force_terminal=True)
        console.print(render_rich(p, SITE, **kw))
        return console.export_text(styles=True)

    marked = draw(highlight=move)
    assert "\x1b[1;30;43m 8♠" in marked and "\x1b[1;31;43m 7♥" in marked and "\x1b[1;31;46m 9♥" in marked
    assert "43m" not in draw()


def test_rich_picture_in_fewer_rows_compresses_the_long_columns_and_keeps_the_cards_moved():
    from rich.console import Console

    from freecell_cli import Move, resolve

    p = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/6D5D8H")
    move = resolve(p, Move.parse("21"), SITE)  # 8S..5H: the last four cards of column 2

    def draw(**kw):
        console = Console(record=True, width=80, color_system="truecolor", force_terminal=True)
        console.print(render_rich(p, SITE, move, **kw))
        return console

    plain = draw(rows=4).export_text().splitlines()
    assert plain[3:7] == [" ⋮2   ⋮4   K♥   K♠   9♣   9♦   9♠   6♦",
                          " J♣   8♠   Q♥   Q♠   8♣   8♦   6♣   5♦",
                          " T♣   ⋮2   J♥   J♠   7♣   7♦   5♣   8♥",
                          " 9♥   5♥   T♥   T♠   5♠               "]
    assert plain[7:] == ["", "site | can move 4 (2 free cells, 0 empty columns)",
                         "auto-complete: the rest can be sent home directly (freecell autoplay)"]
    styled = draw(rows=4).export_text(styles=True)
    assert "\x1b[2m ⋮4\x1b[0m" in styled  # cards left out, none moved: dim
    assert "\x1b[1;30;43m 8♠\x1b[0m" in styled and "\x1b[30;43m ⋮2\x1b[0m" in styled  # the run moved, marked
    assert draw(rows=8).export_text(styles=True) == draw().export_text(styles=True)  # enough rows: all of it


@pytest.mark.parametrize("cells, columns", [(4, 8), (8, 8), (0, 9), (15, 9), (1, 4)])
def test_rich_width_holds_the_places_and_the_columns(cells, columns):
    from rich.console import Console

    from freecell_cli.render import rich_width

    p = deal(1, cells=cells, columns=columns)
    console = Console(record=True, width=rich_width(p), color_system=None)
    console.print(render_rich(p, SITE))
    lines = console.export_text().splitlines()
    assert lines[0].count("[") == cells + 4 and lines[0].rstrip().endswith("[ ♠ ]")  # on one line
    assert lines[2].split() == [str(i + 1) for i in range(columns)]
    assert lines[3].split() == [c[0].symbol() for c in p.columns]
