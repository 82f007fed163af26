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
    assert str(e.value) == "deal number 1e+80 is out of range (1 to 8,589,934,591)"  # its value: not its 81 digits
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


# -- as_dealt: a position labelled with a deal is held to it -----------------------

def _walk(n: int, steps: int, seed: int, game: str | None = None) -> list:
    """Positions of deal ``n`` after 0..steps random legal moves (every move kept)."""
    from freecell_cli import legal_moves
    from freecell_cli.autoplay import play_move
    from freecell_cli.games import find_rules

    rules = find_rules(game or "site")
    rng = random.Random(seed)
    p = deal(n, game=game)
    out = [p.copy()]
    for _ in range(steps):
        moves = legal_moves(p, rules)
        if not moves:
            break
        play_move(p, rng.choice(moves), rules)
        out.append(p.copy())
    return out


@pytest.mark.parametrize("n, game", [(617, None), (1, None), (11982, None), (5, "bakers-game"),
                                     (3, "eight-off"), (2, "seahaven-towers")])
def test_every_position_a_game_reaches_is_its_deals(n, game):
    from freecell_cli.deals import as_dealt
    from freecell_cli.formats.compact import format_compact, parse_compact
    from freecell_cli.formats.json import format_json, parse_json

    for seed in range(3):
        for p in _walk(n, 120, seed, game):
            assert as_dealt(p) is p
            assert parse_compact(format_compact(p)) == p
            assert parse_json(format_json(p)) == p


def test_a_swapped_deal_is_refused_with_the_column_and_cards():
    from freecell_cli.deals import as_dealt
    from freecell_cli.errors import InvalidPosition

    p = deal(617)
    p.columns[2][3], p.columns[2][4] = p.columns[2][4], p.columns[2][3]  # 9S 9C -> 9C 9S
    with pytest.raises(InvalidPosition, match=r"^the position says deal 617, but its cards are not deal 617's: "
                                              r"in column 3, 9C lies on 3H, where neither the deal nor a move puts it$"):
        as_dealt(p)
    with pytest.raises(InvalidPosition, match="not deal 618's"):
        as_dealt(_relabelled(617, 618))


def _relabelled(n: int, label: int):
    p = deal(n)
    p.deal = label
    return p


def test_a_run_built_on_the_deals_cards_or_in_an_emptied_column_is_kept():
    from freecell_cli.cards import Card
    from freecell_cli.deals import as_dealt

    p = deal(617)  # column 1: 7D TD TH KD 4C 4S JD
    p.columns[0] = p.columns[0][:3]  # 7D TD TH, then: a run the moves could have built on TH
    for text in ("9S", "8H", "7C"):
        p.columns[0].append(Card.parse(text))
    assert as_dealt(p) is p
    p.columns[1] = [Card.parse("QC"), Card.parse("JH")]  # emptied, then any card, then built on
    assert as_dealt(p) is p


def test_a_family_game_is_held_to_its_own_deal_and_rule():
    from freecell_cli.deals import as_dealt
    from freecell_cli.errors import InvalidPosition

    p = deal(5, game="bakers-game")
    col = p.columns[0]
    col[-2], col[-1] = col[-1], col[-2]
    if col[-1].follows_suit(col[-2]):  # the swap made a legal suit pair: swap two others
        col[0], col[1] = col[1], col[0]
    with pytest.raises(InvalidPosition, match="not deal 5's"):
        as_dealt(p)


def test_the_readers_refuse_a_relabelled_table():
    from freecell_cli.errors import InvalidPosition
    from freecell_cli.formats.compact import format_compact, parse_compact
    from freecell_cli.formats.json import format_json, parse_json

    p = _relabelled(617, 618)
    with pytest.raises(InvalidPosition, match="not deal 618's"):
        parse_compact(format_compact(p))
    with pytest.raises(InvalidPosition, match="not deal 618's"):
        parse_json(format_json(p))
    q = deal(617, columns=6)  # a deal on 6 columns is held to the deal on 6
    assert parse_compact(format_compact(q)) == q


def test_a_freecell_table_read_as_a_family_games_keeps_its_number_only_where_it_is_that_games_deal():
    # A FreeCell text names no game; read as Baker's Game's its number is
    # Microsoft's: kept for deal 617 as dealt (PySolFC's 617 is the same deal),
    # dropped above 32,000 (PySolFC's 100000 is another deal) and after FreeCell
    # moves Baker's Game does not make.
    from freecell_cli import legal_moves
    from freecell_cli.autoplay import play_move
    from freecell_cli.formats.compact import format_compact, parse_compact
    from freecell_cli.formats.json import format_json, parse_json
    from freecell_cli.variants import find_variant

    moved = deal(617)
    play_move(moved, next(m for m in legal_moves(moved, "site") if str(m) == "82"), find_variant("site"))
    for p, label in ((deal(617), 617), (deal(100000), None), (moved, None)):
        for fmt, parse in ((format_compact, parse_compact), (format_json, parse_json)):
            read = parse(fmt(p), game="bakers-game")
            assert (read.game, read.deal) == ("bakers-game", label) and read.same_table(p)
    # A family game's own text is held to its deal, not forgiven.
    own = deal(100000, game="bakers-game")
    own.columns[0][0], own.columns[0][1] = own.columns[0][1], own.columns[0][0]
    from freecell_cli.errors import InvalidPosition

    with pytest.raises(InvalidPosition, match="not deal 100000's"):
        parse_compact(format_compact(own))


def test_a_deal_on_other_columns_says_so():
    from freecell_cli.errors import InvalidPosition
    from freecell_cli.formats.compact import format_compact, parse_compact

    text = format_compact(deal(617))
    with pytest.raises(InvalidPosition, match=r"^the position says deal 617 on 9 columns, but its cards are not "
                                              r"deal 617's: in column 1, TD lies on 7D"):
        parse_compact(text.replace(":617", "/:617"))


def test_is_opening_compares_the_table_with_the_deal_as_its_game_deals_it():
    from freecell_cli.deals import is_opening

    p = deal(617)
    assert is_opening(p) and not is_opening(p, 618)
    unlabelled = p.copy()
    unlabelled.deal = None
    assert not is_opening(unlabelled) and is_opening(unlabelled, 617)  # no label: a number must be given
    assert is_opening(deal(617, cells=6)) and is_opening(deal(5, game="bakers-game"))
    assert not is_opening(deal(617, columns=9))  # FreeCell's deal n is dealt on 8 columns
    moved = p.copy()
    moved.cells[0] = moved.columns[4].pop()
    assert not is_opening(moved)
    with pytest.raises(InvalidDeal):
        is_opening(unlabelled, 0)


def test_library_checks_of_dates_flags_and_numbers():
    from freecell_cli.errors import ArgumentTypeError

    day = datetime.date(2024, 1, 1)
    assert daily_number(datetime.datetime(2024, 1, 1, 12)) == daily_number(day)  # a moment: its day
    late = datetime.datetime(2024, 1, 1, 23, tzinfo=datetime.timezone(datetime.timedelta(hours=-5)))
    assert daily_number(late) == daily_number(datetime.date(2024, 1, 2))  # its UTC day
    for text in ("20240101", "2024-W01-1", "2024-1-1", 5):
        with pytest.raises(InvalidDeal, match=r"^not a date \(YYYY-MM-DD\)"):
            parse_date(text)
    assert parse_date(" 2024-01-01 ") == day
    for n in (-1, 0, 2**70):
        with pytest.raises(InvalidDeal, match="out of range"):
            is_unsolvable(n)
    with pytest.raises(ArgumentTypeError, match=r"^microsoft must be True or False, not 'yes'$"):
        deal(617, microsoft="yes")
    east = datetime.timezone(datetime.timedelta(hours=14))
    with pytest.raises(InvalidDeal, match=r"^the UTC day of 0001-01-01 00:00:00\+14:00 is out of the range of dates$"):
        daily_number(datetime.datetime.min.replace(tzinfo=east))
