import datetime
import random

import pytest

from freecell_cli.deals import (
    MAX_DEAL,
    UNSOLVABLE,
    daily_number,
    deal,
    is_unsolvable,
    parse_date,
    parse_deal_number,
    random_number,
)
from freecell_cli.errors import InvalidDeal
from oracle import board, columns_text, needs_board, pinned_deals


@pytest.mark.parametrize("n,columns", sorted(pinned_deals().items()))
def test_pinned_layouts(n, columns):
    # Pinned from make-microsoft-freecell-board: 1, 617, 11982, both sides of
    # 2^31 and 2^32, a FreeCell Pro deal above 2^32 and the last one.
    assert columns_text(deal(n)) == columns


def _sample_numbers():
    rng = random.Random(20261129)
    ranges = [(1, 32000), (32001, 1_000_000), (1_000_001, 2**31 - 1),
              (2**31, 2**32 - 1), (2**32, MAX_DEAL)]
    nums = set()
    for lo, hi in ranges:
        nums.update(rng.randint(lo, hi) for _ in range(60))
        nums.update({lo, hi})
    return sorted(nums)


@needs_board
def test_against_oracle_in_every_range():
    numbers = _sample_numbers()
    assert len(numbers) >= 300
    mismatches = [n for n in numbers if columns_text(deal(n)) != board(n)]
    assert mismatches == []


def test_deal_shape_and_cells():
    p = deal(1, cells=6)
    assert [len(c) for c in p.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert p.cells == [None] * 6 and p.deal == 1
    p.validate()


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, True, 1.5])
def test_out_of_range(bad):
    with pytest.raises(InvalidDeal):
        deal(bad)


@pytest.mark.parametrize("text", ["0", "-5", "abc", "8589934592", "", "1e3"])
def test_parse_deal_number_rejects(text):
    with pytest.raises(InvalidDeal):
        parse_deal_number(text)


def test_parse_deal_number_accepts():
    assert parse_deal_number("#617") == 617
    assert parse_deal_number("1,000,000") == 1_000_000


def test_unsolvable_labels():
    assert len(UNSOLVABLE) == 8
    assert is_unsolvable(11982) and not is_unsolvable(617)


def test_daily_is_deterministic_in_range_and_skips_unsolvable():
    start = datetime.date(2026, 1, 1)
    seen = set()
    for i in range(3000):
        n = daily_number(start + datetime.timedelta(days=i))
        assert 1 <= n <= 1_000_000 and n not in UNSOLVABLE
        seen.add(n)
    assert len(seen) == 3000  # no repeats
    assert daily_number(datetime.date(2026, 11, 29)) == daily_number(datetime.date(2026, 11, 29))


def test_nth_solvable_is_a_bijection_onto_solvable_numbers():
    from freecell_cli.deals import nth_solvable

    assert [nth_solvable(i) for i in range(5)] == [1, 2, 3, 4, 5]
    assert nth_solvable(999_991) == 1_000_000
    for k, u in enumerate(sorted(UNSOLVABLE)):
        # Around each unsolvable number: consecutive slots give consecutive
        # numbers, skipping exactly that one.
        slots = range(u - k - 5, u - k + 5)
        got = [nth_solvable(s) for s in slots]
        assert u not in got
        assert got == [n for n in range(got[0], got[-1] + 1) if n != u]


def test_parse_date_and_random():
    assert parse_date("2026-11-29") == datetime.date(2026, 11, 29)
    with pytest.raises(InvalidDeal):
        parse_date("29/11/2026")
    assert random_number(5) == random_number(5)
    assert 1 <= random_number() <= 1_000_000


def test_a_json_integer_too_big_for_64_bits_is_out_of_range_not_a_float():
    import orjson

    from freecell_cli.deals import check_deal_number
    from freecell_cli.errors import InvalidDeal

    big = orjson.loads("1" + "0" * 80)  # orjson reads it as 1e+80
    with pytest.raises(InvalidDeal) as e:
        check_deal_number(big)
    assert str(e.value) == "deal number with over 60 digits is out of range (1 to 8,589,934,591)"
    with pytest.raises(InvalidDeal) as e:
        check_deal_number(617.5)
    assert str(e.value) == "deal number must be an integer, got 617.5"


@pytest.mark.parametrize("text", ["1_2", "12,34", "1,000_000", "1__000", "#", "#-5", "5e2", "١٢", "0x10", "+5"])
def test_deal_numbers_group_their_digits_by_three_or_not_at_all(text):
    """Issue 20: separators were dropped anywhere (`deal 1_2` was deal 12)."""
    with pytest.raises(InvalidDeal, match="not a deal number"):
        parse_deal_number(text)


def test_deal_numbers_in_their_written_forms():
    assert [parse_deal_number(t) for t in ("617", "#617", "1,000,000", "1_000_000", " 5 ", "007")] == [
        617, 617, 1_000_000, 1_000_000, 5, 7]
    assert parse_deal_number("0" * 4991 + "5") == 5  # leading zeros count for nothing
    with pytest.raises(InvalidDeal, match="over 60 digits"):
        parse_deal_number("5" * 4991)
