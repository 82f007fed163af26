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
