"""Deals against PySolFC's own layouts (fixtures/spider_pysolfc.txt, made with the
pysol_cards generators by fixtures/make_spider_pysolfc.py)."""

from pathlib import Path

import pytest

from freecell_cli.errors import InvalidDeal
from freecell_cli.spider.deals import MAX_DEAL, ROWS, deal, parse_deal_number, pysol_rows, random_number

FIXTURE = Path(__file__).parent / "fixtures" / "spider_pysolfc.txt"


def pysolfc_games():
    games = {}
    for block in FIXTURE.read_text().split("game ")[1:]:
        lines = block.strip().splitlines()
        seed, _, suits = lines[0].split()
        rows = [line.split(": ")[1].split() for line in lines[1:11]]
        stock = lines[11].split(": ")[1].split()
        games[int(seed), int(suits)] = rows, stock
    return games


GAMES = pysolfc_games()


def ours(card, suits):
    # PySolFC's one- and two-suit games are played with clubs; we call them spades
    return card.replace("C", "S") if suits < 4 else card


@pytest.mark.parametrize("seed,suits", sorted(GAMES))
def test_pysolfc_layouts(seed, suits):
    rows, stock = GAMES[seed, suits]
    got_rows, got_stock = pysol_rows(seed, suits)
    assert [[str(c) for c in r] for r in got_rows] == [[ours(c, suits) for c in r] for r in rows]
    assert [str(c) for c in got_stock] == [ours(c, suits) for c in stock]
    # our columns are PySolFC's rows relabelled, the stock alike
    p = deal(seed, suits)
    for i, r in enumerate(ROWS):
        assert [str(c) for c in p.columns[i].cards] == [ours(c, suits) for c in rows[r]]
        assert [str(c) for c in p.stock[i::10]] == [ours(c, suits) for c in stock[r::10]]


def test_both_generators_are_used():
    assert (31999, 4) in GAMES and (32000, 4) in GAMES  # Microsoft below 32000, Mersenne Twister from it


def test_deal_numbers():
    assert parse_deal_number("#1,000") == 1000
    assert deal(MAX_DEAL, 1).validate().deal == MAX_DEAL
    for bad in ("0", "x", str(MAX_DEAL + 1)):
        with pytest.raises(InvalidDeal):
            parse_deal_number(bad)


def test_random_numbers_are_reproducible():
    assert random_number(7) == random_number(7) and random_number("a") == random_number("a")
    assert 1 <= random_number() <= 1_000_000


# -- refusals: one form, FreeCell's (freecell_cli.deals) ------------------------------------
SPIDER_RANGE = "is out of range (1 to 9,999,999,999,999,999,999)"


@pytest.mark.parametrize("text, message", [
    ("0", f"Spider deal number 0 {SPIDER_RANGE}"),
    ("#0,000", f"Spider deal number 0 {SPIDER_RANGE}"),
    ("10000000000000000000", f"Spider deal number 10000000000000000000 {SPIDER_RANGE}"),
    ("1" * 45, f"Spider deal number {'1' * 37}... {SPIDER_RANGE}"),
    ("9" * 5000, f"Spider deal number with over 60 digits {SPIDER_RANGE}"),
    ("x", "not a deal number: 'x'"),
    ("x" * 60, f"not a deal number: '{'x' * 36}..."),
])
def test_deal_number_refusals_read_as_freecells(text, message):
    from freecell_cli.deals import parse_deal_number as freecell_parse
    from freecell_cli.errors import InvalidDeal
    from freecell_cli.spider.deals import parse_deal_number

    with pytest.raises(InvalidDeal) as e:
        parse_deal_number(text)
    assert str(e.value) == message
    if message.startswith("not a deal number"):  # the very words of FreeCell's
        with pytest.raises(InvalidDeal) as f:
            freecell_parse(text)
        assert str(e.value) == str(f.value)
    else:  # FreeCell's form, with Spider's name and range
        with pytest.raises(InvalidDeal) as f:
            freecell_parse("0")
        assert str(f.value) == "deal number 0 is out of range (1 to 8,589,934,591)"


def test_check_deal_number_refuses_what_is_not_an_integer_as_freecell():
    from freecell_cli.deals import check_deal_number as freecell_check
    from freecell_cli.errors import InvalidDeal
    from freecell_cli.spider.deals import check_deal_number

    for value in ("7", 1.5, True, None):
        with pytest.raises(InvalidDeal) as e:
            check_deal_number(value)
        with pytest.raises(InvalidDeal) as f:
            freecell_check(value)  # type: ignore[arg-type]
        assert str(e.value) == "Spider " + str(f.value)
