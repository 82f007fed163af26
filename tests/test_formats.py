import random

import pytest
from hypothesis import given, settings, strategies as st

from freecell_cli import apply, deal, find_variant, legal_moves
from freecell_cli.errors import InvalidPosition
from freecell_cli.formats import (
    FORMATS,
    detect_format,
    format_compact,
    format_fcs,
    format_position,
    parse_compact,
    parse_fcs,
    parse_position,
)
from oracle import FIXTURES, columns_text


@st.composite
def positions(draw):
    """A position reached by random legal play from a random deal."""
    n = draw(st.integers(1, 8_589_934_591))
    cells = draw(st.integers(0, 15))
    p = deal(n, cells=cells)
    rng = random.Random(draw(st.integers(0, 2**32)))
    site = find_variant("site")
    for _ in range(draw(st.integers(0, 60))):
        moves = legal_moves(p, site)
        if not moves:
            break
        apply(p, rng.choice(moves))
    if draw(st.booleans()):
        p.deal = None
    p.variant = draw(st.sampled_from([None, "site", "standard", "windows", "atomic"]))
    return p


@settings(max_examples=60, deadline=None)
@given(positions())
def test_compact_round_trip(p):
    text = format_compact(p)
    assert " " not in text and "\n" not in text and text.isascii()
    assert parse_compact(text) == p
    assert format_compact(parse_compact(text)) == text


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_format_round_trips_the_table(p):
    for fmt in FORMATS:
        text = format_position(p, fmt)
        assert detect_format(text) == fmt
        q = parse_position(text)  # issue 9, case 5: the cell count survives, 0 to 15
        assert q.same_table(p) and len(q.cells) == len(p.cells)
        if fmt != "fcs":  # fcs has no place for the deal number or variant
            assert q == p


def test_fcs_variants_of_the_syntax():
    text = """Founds: H-A C-0 D-2 S-0
FC: - 7S -
JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C 10D 8S 9C
"""
    with pytest.raises(InvalidPosition, match="card 2D is in column 2 but the diamonds foundation is already at 2"):
        parse_fcs(text)
    import re

    bare = re.sub(r"(?m)^: ", "", format_fcs(deal(1)).replace("TD", "10D"))
    assert bare.count(":") == 2  # only the Foundations and Freecells labels remain
    p = parse_fcs(bare)
    assert p.same_table(deal(1))


def test_fcs_reads_oracle_bare_lines():
    lines = (FIXTURES / "ms_deals.txt").read_text().split("# deal 617")[0]
    p = parse_position(lines.replace("# deal 1\n", ""))
    assert columns_text(p) == columns_text(deal(1))
    assert p.cells == [None] * 4


def test_fcs_more_cells_and_too_many_entries():
    base = format_fcs(deal(1)).splitlines()
    cols = "\n".join(base[2:])
    p = parse_fcs("Freecells: - - - - - -\n" + cols)
    assert len(p.cells) == 6
    with pytest.raises(InvalidPosition, match="too many free-cell entries: 3 cards for 2 free cells"):
        parse_fcs("Freecells: AS 2S 3S\n" + cols, cells=2)


@pytest.mark.parametrize("cells, slots, stated", [
    ("", 4, None),                      # fc-solve's, trimmed (or all empty, newer fc-solve)
    (" " * 16, 4, 4),                   # fc-solve 5.0: four blanks a slot
    (" " * 24, 6, 6),
    ("      6S", 4, None),              # newer fc-solve stops after the last card: 2 shown, 4
    ("  6S  9C  2H  6H  6C", 5, None),  # the last slot full: at least 5
    ("  6S  9C  2H  6H  6C    ", 6, 6),
    (" none", 0, 0),                    # ours, for no free cells
    (" - -", 2, 2),
])
def test_fcs_free_cell_count(cells, slots, stated):
    """Issue 20: a bare or trimmed line says nothing about the count (it was read as 0)."""
    from freecell_cli.formats.fcs import stated_cells

    p = deal(1)
    for card in cells.split():  # the exposed cards of deal 1, into the free cells
        if card not in ("-", "none"):
            assert str(next(col for col in p.columns if col and str(col[-1]) == card).pop()) == card
    text = "Freecells:" + cells + "\n" + "\n".join(format_fcs(p).splitlines()[2:])
    assert stated_cells(text) == stated
    q = parse_fcs(text)
    assert len(q.cells) == slots and [str(c) for c in q.cells if c] == [c for c in cells.split() if len(c) == 2]


def test_fcs_round_trips_every_cell_count():
    for cells in range(16):
        p = deal(1, cells=cells)
        assert len(parse_fcs(format_fcs(p)).cells) == cells
    assert format_fcs(deal(1, cells=0)).splitlines()[1] == "Freecells: none"


def test_fcs_reads_suit_symbols_in_foundations():
    """fc-solve's web page writes ♥-A; its cards already read (2♠)."""
    p = parse_fcs("Foundations: ♥-J ♣-K ♦-K ♠-Q\nFreecells:  K♠\n: K♥ Q♥\n")
    assert p.foundations == [13, 13, 11, 12] and [str(c) for c in p.columns[0]] == ["KH", "QH"]


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty input"),
        ("{", "bad JSON"),
        ('{"columns": 5}', "'columns' list"),
        ('{"format": "freecell-cli-game", "deal": 5}', "a saved game, not a position: `freecell play --resume FILE`"),
        ('{"format": "freecell-cli-spider-game"}', "a saved game, not a position: `freecell spider play --resume FILE`"),
        ('{"format": ["freecell-cli-game"]}', "needs an object with a 'columns' list"),
        ('{"columns": [["ZZ"]]}', "unknown card 'ZZ' in column 1"),
        ('{"columns": [], "foundations": {"X": 1}}', "'foundations'"),
        ("a:b", "needs 3 to 5 ':'-separated fields, got 2"),
        ("--:0000:JDXX", "unknown card 'XX' in column 1"),
        ("----:0000:JD:0", "deal field"),
        ("----:0000:JD:1:spider", "variant field"),
        ("Foundations: H-Z\n: JD", "bad foundation entry 'H-Z'"),
        ("\x00\x01", "binary"),
    ],
)
def test_malformed_positions(text, message):
    with pytest.raises(InvalidPosition, match=message):
        parse_position(text)


def test_json_carries_unsolvable_label():
    import orjson

    d = orjson.loads(format_position(deal(11982), "json"))
    assert d["unsolvable"] is True and d["deal"] == 11982
    assert orjson.loads(format_position(deal(617), "json"))["unsolvable"] is False


def test_a_json_deal_number_past_64_bits_is_said_by_its_value():
    # orjson reads an integer past 64 bits as a float: its digits past the 17th are
    # not the ones written, so the message gives its value (1e+30), not those digits.
    import json

    from freecell_cli.formats.json import format_json, parse_json

    for number, shown in ((10**30, "1e+30"), (-(10**30), "-1e+30"), (2**64, "1.84467e+19")):
        text = json.dumps({**json.loads(format_json(deal(1))), "deal": number})
        with pytest.raises(InvalidPosition) as e:
            parse_json(text)
        assert str(e.value) == f"deal number {shown} is out of range (1 to 8,589,934,591)"


def test_a_freecells_line_of_too_many_slots_is_named_by_its_line():
    from freecell_cli.formats.fcs import parse_fcs

    board = "Foundations: H-0 C-0 D-0 S-0\nFreecells:" + " " * 68 + "\n: 5H 3H\n: AS\n"
    with pytest.raises(InvalidPosition) as e:
        parse_fcs(board)
    assert str(e.value) == "line 2: too many free cells: 17 (at most 15)"
