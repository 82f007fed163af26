from rich.console import Console

from freecell_cli.spider.deals import deal
from freecell_cli.spider.render import render_plain, render_rich
from spider_helpers import table


def test_plain_opening():
    assert render_plain(deal(1, suits=2)) == (
        "deal 1 | 2 suits | stock 50 cards (5 deals) | removed 0 of 8 | moves 0\n\n"
        "  1   2   3   4   5   6   7   8   9  10\n"
        + " ##  ##  ##  ##  ##  ##  ##  ##  ##  ##\n" * 4
        + " ##  ##  ##  ##  TH  AH  4H  7H  QS  7S\n"
        " 8H  JS  QS  3S\n"
    )


def test_notes():
    p = table("", "5D", stock="AS " * 10, removed=("H",))
    text = render_plain(p)
    assert text.endswith("\nremoved: H\n\nno deal while column 1 is empty\n")
    assert "no deal" not in render_plain(p, unrestricted=True)


def test_rich_draws_symbols():
    console = Console(record=True, width=80, color_system=None)
    console.print(render_rich(deal(1, suits=4)))
    text = console.export_text()
    assert "##" in text and "8♥" in text and "stock 50 cards" in text


def test_rich_in_fewer_rows_compresses_the_long_columns_and_keeps_the_run_moved():
    from freecell_cli.spider.moves import Move, resolve

    # column 1: three face down, then QS, 7D and the run 8S..2S that goes onto 9S in column 2
    p = table("AH AH AH|QS 7D 8S 7S 6S 5S 4S 3S 2S", "9S", stock="AS " * 10)
    move = resolve(p, Move.parse("12"))

    def draw(**kw):
        console = Console(record=True, width=80, color_system="truecolor", force_terminal=True)
        console.print(render_rich(p, highlight=move, **kw))
        return console

    plain = draw(rows=5).export_text().splitlines()
    assert [line.split()[:2] for line in plain[3:]] == [["⋮5", "9♠"], ["8♠"], ["⋮4"], ["3♠"], ["2♠"]]
    styled = draw(rows=5).export_text(styles=True)
    assert "\x1b[2m ⋮5\x1b[0m" in styled  # left out, not moved: dim
    assert "\x1b[1;30;43m 8♠\x1b[0m" in styled and "\x1b[30;43m ⋮4\x1b[0m" in styled  # the run moved, marked
    assert draw(rows=12).export_text(styles=True) == draw().export_text(styles=True)


def test_rich_width_holds_the_ten_columns():
    from freecell_cli.spider.render import rich_width

    console = Console(record=True, width=rich_width(deal(1, suits=4)), color_system=None)
    console.print(render_rich(deal(1, suits=4)))
    lines = console.export_text().splitlines()  # the status wraps, the table does not
    assert lines[3].split() == [str(i) for i in range(1, 11)] and lines[-1].split() == ["8♥", "J♣", "Q♠", "3♠"]
