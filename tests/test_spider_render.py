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
