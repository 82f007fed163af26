import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_cli.errors import InvalidPosition
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import format_compact, format_json, parse_compact, parse_json, parse_position
from freecell_cli.spider.moves import apply, legal_moves

DEAL_1_ONE_SUIT = (
    "spider1:3SASKS7S3S.8S/KS6S8SJS9S.JS/KS4S2S6S7S.QS/JS4S8S2S4S.3S/5S8S2S9S.TS/JS6STS8S.AS/5STSAS4S.4S/"
    "5S8S7S2S.7S/KSJSASTS.QS/8SQS9S8S.7S:QSQS4STS9S2S3SASKS6S9S4SAS3S9SJS5S6SJS6SJSQS3S9STSAS2S9S7S5SKSQS"
    "TS7S5STS7S6SKSQS3S5S4SAS2SKS3S2S5S6S:-:0:1"
)


def test_compact_exact():
    assert format_compact(deal(1, suits=1)) == DEAL_1_ONE_SUIT


def test_json_shape():
    d = orjson.loads(format_json(deal(1, suits=2)))
    assert list(d) == ["game", "suits", "deal", "columns", "stock", "removed", "moves"]
    assert d["game"] == "spider" and d["suits"] == 2 and d["deal"] == 1 and d["moves"] == 0
    assert len(d["columns"]) == 10 and d["columns"][0] == {"down": ["3H", "AS", "KH", "7H", "3S"], "up": ["8H"]}
    assert len(d["stock"]) == 50 and d["removed"] == []


def played(n, suits, picks):
    p = deal(n, suits)
    for pick in picks:
        moves = legal_moves(p, unrestricted=True)
        if not moves:
            break
        p = apply(p, moves[pick % len(moves)], unrestricted=True)
    return p


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10**19 - 1), st.sampled_from([1, 2, 4]), st.lists(st.integers(0, 999), max_size=40))
def test_round_trips(n, suits, picks):
    p = played(n, suits, picks)
    assert parse_compact(format_compact(p)) == p
    assert parse_json(format_json(p)) == p
    assert parse_position(format_json(p)) == parse_position(format_compact(p)) == p


def test_empty_column_stock_and_removed_fields():
    p = parse_compact(DEAL_1_ONE_SUIT)
    assert format_compact(p).endswith(":-:0:1")  # nothing removed yet
    # a position with everything dealt and a run removed writes '-' for the stock
    # (the last run split in two: a complete one left standing cannot be: see test_spider_position)
    q = parse_compact("spider1:" + "/".join(["." for _ in range(8)] + [".KSQSJSTS9S8S7S6S5S4S3S2S", ".AS"])
                      + ":-:SSSSSSS:99")
    assert q.removed == ("S",) * 7 and q.stock == () and format_compact(q).endswith(":-:SSSSSSS:99")


@pytest.mark.parametrize("text,message", [
    (DEAL_1_ONE_SUIT.replace("spider1", "spider3"), "suits must be 1, 2 or 4, not 3"),
    ("spider4:./.:-:-:0", "Spider has 10 columns, not 2"),
    ("freecell:x", "not a compact Spider position"),
    ("spider4 :x", "not a compact Spider position"),
    ("spider4:a:b", "5 or 6 ':'-separated fields, not 3"),
    (DEAL_1_ONE_SUIT.replace("3SAS", "3SXS", 1), "unknown card 'XS' in column 1"),
    (DEAL_1_ONE_SUIT.replace(".8S/", "8S/", 1), "column 1 '3SASKS7S3S8S': write face-down cards, '.', then face-up"),
    (DEAL_1_ONE_SUIT.replace(":0:1", ":x:1"), "move count 'x' is not a whole number"),
    (DEAL_1_ONE_SUIT.replace(":0:1", ":0:0"), "deal field: Spider deal number 0 is out of range"),
])
def test_compact_refusals_quote_the_input(text, message):
    with pytest.raises(InvalidPosition, match=message.replace("(", r"\(")):
        parse_compact(text)


@pytest.mark.parametrize("text,message", [
    ("[]", "needs an object with a 'columns' list"),
    ('{"format": "freecell-cli-spider-game"}', "a saved game, not a position: `freecell spider play --resume FILE`"),
    ('{"game": "freecell", "columns": []}', "'game' is 'freecell', not 'spider'"),
    ('{"columns": [[]]}', "column 1: expected an object with 'down' and 'up' lists"),
    ('{"columns": [{"up": ["ZZ"]}]}', "unknown card 'ZZ' in column 1 up"),
    ("{", "bad JSON"),
])
def test_json_refusals(text, message):
    with pytest.raises(InvalidPosition, match=message):
        parse_json(text)


@pytest.mark.parametrize("text, message", [
    ("", "empty input, no position"),
    (" \n", "empty input, no position"),
    ("spider1\x00", "binary data, not a position"),
    (b"\xff\xfe", "not UTF-8 text, not a position"),
    (3, "a position is text, not int"),
])
def test_what_cannot_be_a_position_is_refused_as_freecells(text, message):
    from freecell_cli.formats import parse_position as freecell_parse

    for parse in (parse_position, freecell_parse):
        with pytest.raises(InvalidPosition) as e:
            parse(text)
        assert str(e.value) == message


def test_bytes_are_read_as_freecells():
    assert parse_position(DEAL_1_ONE_SUIT.encode()) == deal(1, suits=1)
    assert parse_position(format_json(deal(1, suits=1)).encode("utf-8-sig")) == deal(1, suits=1)


@pytest.mark.parametrize("text, message", [
    (DEAL_1_ONE_SUIT.replace("3SAS", "3S10X", 1), "unknown card '10X' in column 1"),
    (DEAL_1_ONE_SUIT.replace(".7S:QSQS", ".7S:ZZQS"), "unknown card 'ZZ' in the stock"),
    ('{"columns": [{"down": [7]}]}', "column 1 down: expected a card string, got 7"),
    ('{"columns": [{"down": "7S"}]}', "column 1 down: expected a list of cards"),
])
def test_cards_are_refused_in_freecells_words(text, message):
    with pytest.raises(InvalidPosition) as e:
        parse_position(text)
    assert str(e.value) == message


def test_a_rank_may_be_written_10_as_in_freecell():
    assert parse_compact(DEAL_1_ONE_SUIT.replace("TS", "10S")) == deal(1, suits=1)


# -- numbers: ASCII digits, bounded, and what the compact form can hold (issue 20) -------
@pytest.mark.parametrize("head,message", [
    ("spider¹", "'spider¹': suits must be 1, 2 or 4, not '¹'"),  # '¹'.isdigit() is true; int() refuses it
    ("spider٤", "'spider٤': suits must be 1, 2 or 4, not '٤'"),
    ("spider" + "9" * 5000, "'spider9999999999999...': suits must be 1, 2 or 4, not '9999999999999999999...'"),
    ("spider04", "'spider04': suits must be 1, 2 or 4, not 4"),
    ("spider", "'spider': suits must be 1, 2 or 4, not ''"),
    ("spider3", "'spider3': suits must be 1, 2 or 4, not 3"),
    ("spider+4", "'spider+4': suits must be 1, 2 or 4, not '+4'"),
])
def test_compact_suit_count(head, message):
    with pytest.raises(InvalidPosition) as e:
        parse_compact(DEAL_1_ONE_SUIT.replace("spider1", head, 1))
    assert str(e.value) == message


@pytest.mark.parametrize("moves", ["¹", "١", "1000000000", "9" * 5000, "-1", "+1", "1_0"])
def test_compact_move_count(moves):
    with pytest.raises(InvalidPosition, match="^move count .* is not a whole number up to 9 digits$"):
        parse_compact(DEAL_1_ONE_SUIT.replace(":0:1", f":{moves}:1"))
    assert parse_compact(DEAL_1_ONE_SUIT.replace(":0:1", ":999999999:1")).moves == 999_999_999


@pytest.mark.parametrize("deal_text", ["¹", "٣", "9" * 5000, "10000000000000000000"])
def test_compact_deal_number(deal_text):
    with pytest.raises(InvalidPosition, match="^deal field: "):
        parse_compact(DEAL_1_ONE_SUIT.replace(":0:1", f":0:{deal_text}"))


def test_compact_removed_letters_are_ascii():
    # 'ß'.upper() is 'SS': one letter must not count as two runs
    runs = "spider1:" + "/".join(["."] * 8 + [".KSQSJSTS9S8S7S6S5S4S3S2S", ".AS"])
    assert parse_compact(runs + ":-:SSSSSSS:0").removed == ("S",) * 7
    with pytest.raises(InvalidPosition) as e:
        parse_compact(runs + ":-:SSSSSß:0")
    assert str(e.value) == "removed runs 'SSSSSß': write one suit letter (C, D, H or S) a run"


def _json(**changes):
    d = orjson.loads(format_json(deal(1, suits=1)))
    d.update(changes)
    return orjson.dumps(d).decode()


@pytest.mark.parametrize("field,value,message", [
    ("moves", 10**18, "'moves' must be a whole number 0 to 999,999,999, not 1000000000000000000"),
    ("moves", 10**9, "'moves' must be a whole number 0 to 999,999,999, not 1000000000"),
    ("moves", -1, "'moves' must be a whole number 0 to 999,999,999, not -1"),
    ("moves", 3.0, "'moves' must be a whole number 0 to 999,999,999, not 3.0"),
    ("moves", True, "'moves' must be a whole number 0 to 999,999,999, not True"),
    ("moves", "3", "'moves' must be a whole number 0 to 999,999,999, not '3'"),
    ("suits", 1.0, "'suits': suits must be 1, 2 or 4, not 1.0"),
    ("suits", True, "'suits': suits must be 1, 2 or 4, not True"),
    ("suits", "1", "'suits': suits must be 1, 2 or 4, not '1'"),
    ("suits", 2**40, "'suits': suits must be 1, 2 or 4, not 1099511627776"),
    ("deal", 1.0, "deal field: Spider deal number must be an integer, got 1.0"),
    ("deal", True, "deal field: Spider deal number must be an integer, got True"),
    ("deal", 10**19, "deal field: Spider deal number 10000000000000000000 is out of range (1 to 9,999,999,999,999,999,999)"),
    # past 64 bits a JSON reader makes a float: its value is said, not its wrong digits
    ("deal", 10**30, "deal field: Spider deal number 1e+30 is out of range (1 to 9,999,999,999,999,999,999)"),
    ("deal", 5e18, "deal field: Spider deal number must be an integer, got 5e+18"),  # a float as written
    ("removed", ["ſ"], "'removed' must be a list of suit letters"),  # 'ſ'.upper() is 'S'
])
def test_json_numbers_are_bounded_as_the_compact_form(field, value, message):
    import json

    text = json.dumps({**orjson.loads(format_json(deal(1, suits=1))), field: value})
    with pytest.raises(InvalidPosition) as e:
        parse_json(text)
    assert str(e.value) == message


def test_json_at_the_bounds_reads_back():
    # the last deal's table, said to be after the most moves a position holds
    last = orjson.loads(format_json(deal(10**19 - 1, suits=1)))
    last["moves"] = 999_999_999
    p = parse_json(orjson.dumps(last).decode())
    assert (p.moves, p.deal) == (999_999_999, 10**19 - 1)
    assert parse_compact(format_compact(p)) == p


def test_a_position_after_moves_is_refused_where_no_move_reaches_its_deal():
    # after moves a column's face-down cards are still the deal's first ones there
    # and the stock the end of the deal's: deal 1's table is not deal 2's
    refused = r"^the position says deal 2 \(1 suit\), but its cards are not deal 2.s$"
    with pytest.raises(InvalidPosition, match=refused):
        parse_json(_json(moves=3, deal=2))
    played = apply(deal(1, suits=1), legal_moves(deal(1, suits=1))[-1])  # d: ten cards dealt
    assert len(played.stock) == 40 and parse_json(format_json(played)) == played
    for part in ("stock", "down"):  # the same cards, in another order
        other = orjson.loads(format_json(played))
        cards = other["stock"] if part == "stock" else other["columns"][0]["down"]
        assert cards != cards[::-1]
        cards.reverse()
        with pytest.raises(InvalidPosition, match="^the position says deal 1 "):
            parse_json(orjson.dumps(other).decode())
