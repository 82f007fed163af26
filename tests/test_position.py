import pytest

from freecell_cli import deal, parse_position
from freecell_cli.cards import Card
from freecell_cli.errors import InvalidPosition
from freecell_cli.position import Position
from positions import TWO_FREE_NO_EMPTY


def test_counts_and_runs():
    p = parse_position(TWO_FREE_NO_EMPTY)
    assert p.free_cells == 2 and p.empty_columns == 0 and p.cards_home == 16
    assert p.run_length(1) == 4 and p.run_length(0) == 2  # 9H on TC
    assert p.locate(Card.parse("7S")) == ("cell", 0)
    assert p.locate(Card.parse("5H")) == ("column", 1)
    assert p.locate(Card.parse("3C")) == ("foundation", 0)


def test_copy_is_independent():
    p = deal(1)
    q = p.copy()
    q.columns[0].pop()
    q.cells[0] = Card.parse("6S")
    assert p == deal(1) and q != p


def test_key_ignores_column_and_cell_order():
    a = parse_position("AS-:0000:" + "/".join(_cols()))
    b = parse_position("-AS:0000:" + "/".join(reversed(_cols())))
    assert a.key() == b.key() and not a.same_table(b)


def _cols():
    p = deal(5)
    cols = [[c for c in col if str(c) != "AS"] for col in p.columns]
    return ["".join(str(c) for c in col) for col in cols]


@pytest.mark.parametrize(
    "text,message",
    [
        ("----:0000:" + "/".join(_cols()), "missing card: AS"),
        ("ASAS--:0000:" + "/".join(_cols()), "duplicate card AS: in free cell a and in free cell b"),
        ("AS---:A000:" + "/".join(_cols()), "card AC is in column"),
        ("AS---:000Z:" + "/".join(_cols()), "foundations field '000Z'"),
        ("AS---:0000:XX" + "/".join(_cols()), "unknown card 'XX' in column 1"),
        ("AS---:000:" + "/".join(_cols()), "must be 4 ranks"),
        ("AS-" + "-" * 20 + ":0000:" + "/".join(_cols()), "too many free cells: 22"),
    ],
)
def test_validation_names_the_defect(text, message):
    with pytest.raises(InvalidPosition, match=message.replace("(", r"\(")):
        parse_position(text)


def test_repr_rebuilds():
    from freecell_cli import parse_position  # noqa: F401  (used by eval)

    p = deal(617)
    assert eval(repr(p)) == p


def test_too_many_columns():
    with pytest.raises(InvalidPosition, match="10 columns"):
        Position([[]] * 10).validate()


# -- issue 20: the constructor checks what it takes; validate() what the attributes became --
from freecell_cli.errors import ArgumentTypeError, FreecellError, InvalidArgument, InvalidDeal  # noqa: E402


@pytest.mark.parametrize("foundations,words", [
    ([14] * 4, "foundations must be four ranks 0 to 13 (clubs, diamonds, hearts, spades), not [14, 14, 14, 14]"),
    ([99] * 4, "not [99, 99, 99, 99]"),
    ([2**63] * 4, "foundations must be four ranks 0 to 13"),
    ([-1] * 4, "not [-1, -1, -1, -1]"),
    ([0, 0, 0, 14], "not [0, 0, 0, 14]"),
    ([0, 0, 0], "not [0, 0, 0]"),
    ([0] * 5, "not [0, 0, 0, 0, 0]"),
    ([], "not []"),
])
def test_constructor_refuses_foundations_off_the_ranks(foundations, words):
    with pytest.raises(InvalidPosition) as raised:
        Position(deal(617).columns, foundations=foundations)
    assert words in str(raised.value)


@pytest.mark.parametrize("kwargs,error,words", [
    (dict(foundations=[True, 0, 0, 0]), ArgumentTypeError, "foundations must be ranks (whole numbers)"),
    (dict(foundations=[1.0, 0, 0, 0]), ArgumentTypeError, "foundations must be ranks (whole numbers)"),
    (dict(foundations=[float("nan")] * 4), ArgumentTypeError, "foundations must be ranks"),
    (dict(foundations=5), ArgumentTypeError, "foundations must be a list, not 5"),
    (dict(cells=[None] * 16), InvalidPosition, "too many free cells: 16 (at most 15)"),
    (dict(cells=-1), InvalidPosition, "free cells must be 0 to 15, not -1"),
    (dict(cells=2**63), InvalidPosition, "free cells must be 0 to 15"),
    (dict(deal=0), InvalidDeal, "deal number 0 is out of range"),
    (dict(deal=-5), InvalidDeal, "deal number -5 is out of range (1 to 8,589,934,591)"),
    (dict(deal=10**30), InvalidDeal, "is out of range"),
    (dict(deal=True), ArgumentTypeError, "deal must be a deal number or None, not True"),
    (dict(deal=617.0), ArgumentTypeError, "deal must be a deal number or None, not 617.0"),
    (dict(variant="nonsense"), InvalidArgument, "unknown variant 'nonsense'"),
    (dict(variant=b"site"), ArgumentTypeError, "variant must be a variant's name or None"),
])
def test_constructor_checks_every_argument(kwargs, error, words):
    with pytest.raises(error) as raised:
        Position(deal(617).columns, **kwargs)
    assert words in str(raised.value)


@pytest.mark.parametrize("columns,words", [
    ([[]] * 10, "10 columns (between 1 and 9 are supported; Seahaven Towers' table has 10: --game "
                "seahaven-towers, if it is one)"),
    ([[]] * 11, "11 columns (between 1 and 9 are supported)"),
    ([], "0 columns (between 1 and 9 are supported)"),
])
def test_constructor_refuses_column_counts(columns, words):
    with pytest.raises(InvalidPosition) as raised:
        Position(columns)
    assert words in str(raised.value)


def test_a_family_games_column_limit_is_said_as_its_own():
    # Seahaven Towers has 10 columns: the limit said is 10, not FreeCell's 9.
    with pytest.raises(InvalidPosition, match=r"^11 columns \(between 1 and 10 are supported\)$"):
        Position([[]] * 11, game="seahaven-towers")


def test_the_variant_label_is_stored_as_the_formats_write_it():
    # " site" was written into the compact form as is, which then did not read back
    from freecell_cli import format_position

    p = Position(deal(617).columns, variant=" Windows")
    assert p.variant == "windows" and parse_position(format_position(p)) == p


def _mutated(change):
    p = deal(617)
    change(p)
    return p


MUTATIONS = [
    (lambda p: p.foundations.__setitem__(slice(None), [14] * 4), InvalidPosition, "foundations must be four ranks"),
    (lambda p: p.foundations.__setitem__(0, -1), InvalidPosition, "not [-1, 0, 0, 0]"),
    (lambda p: p.foundations.__setitem__(slice(None), [13] * 4), InvalidPosition,
     "card 7D is in column 1 but the diamonds foundation is already at K"),
    (lambda p: p.foundations.append(0), InvalidPosition, "not [0, 0, 0, 0, 0]"),
    (lambda p: setattr(p, "foundations", (0, 0, 0, 0)), ArgumentTypeError, "a position's foundations must be a list"),
    (lambda p: p.columns[0].append(p.columns[1][0]), InvalidPosition, "duplicate card AD: in column 1 and in column 2"),
    (lambda p: p.columns[0].pop(), InvalidPosition, "missing card: JD"),
    (lambda p: p.columns[0].append("KS"), ArgumentTypeError, "column 1 must hold Cards (Card.parse('TD')), not 'KS'"),
    (lambda p: p.columns[0].append(None), ArgumentTypeError, "column 1 must hold Cards"),
    (lambda p: p.columns.__setitem__(0, tuple(p.columns[0])), ArgumentTypeError, "column 1 must be a list"),
    (lambda p: p.columns.extend([[], []]), InvalidPosition, "10 columns"),
    (lambda p: p.cells.extend([None] * 12), InvalidPosition, "too many free cells: 16"),
    (lambda p: p.cells.__setitem__(0, 5), ArgumentTypeError, "cells must hold Cards or None"),
    (lambda p: setattr(p, "columns", 5), ArgumentTypeError, "a position's columns must be a list, not 5"),
    (lambda p: setattr(p, "deal", -5), InvalidDeal, "deal number -5 is out of range"),
    (lambda p: setattr(p, "deal", "617"), ArgumentTypeError, "deal must be a deal number or None, not '617'"),
    (lambda p: setattr(p, "variant", " site"), InvalidPosition,
     "variant must be one of site, standard, windows, atomic or None, not ' site'"),
    (lambda p: setattr(p, "variant", 5), ArgumentTypeError, "variant must be a variant's name or None, not 5"),
]


@pytest.mark.parametrize("change,error,words", MUTATIONS)
def test_validate_names_what_the_attributes_became(change, error, words):
    with pytest.raises(error) as raised:
        _mutated(change).validate()
    assert words in str(raised.value)


@pytest.mark.parametrize("change,error,words", MUTATIONS)
def test_repr_never_raises(change, error, words):
    p = _mutated(change)
    assert repr(p).startswith("Position(")  # not parse_position(...), whose text would not read back


def test_repr_of_a_partial_table_rebuilds_it():
    p = Position([[Card.parse("KS")], []], 1, [0, 0, 0, 0])
    assert eval(repr(p), {"Position": Position, "Card": Card}) == p


def test_pictures_take_partial_tables_but_no_impossible_field():
    p = Position([[Card.parse("KS"), Card.parse("QH")], []], 2)
    assert "KS" in str(p) and "KS" in p._repr_svg_()
    q = deal(617)
    q.foundations[:] = [14] * 4  # str() raised IndexError (a rank past K)
    for picture in (str, Position._repr_svg_, Position.__rich__):
        with pytest.raises(InvalidPosition, match="foundations must be four ranks 0 to 13"):
            picture(q)


@pytest.mark.parametrize("call,error,words", [
    (lambda p: p.run_length(8), InvalidArgument, "column must be a whole number from 0 to 7, not 8"),
    (lambda p: p.run_length(-1), InvalidArgument, "column must be a whole number from 0 to 7, not -1"),
    (lambda p: p.run_length(2**63), InvalidArgument, "column must be a whole number from 0 to 7"),
    (lambda p: p.run_length(True), ArgumentTypeError, "column must be a whole number, not True"),
    (lambda p: p.run_length(1.0), ArgumentTypeError, "column must be a whole number, not 1.0"),
    (lambda p: p.run_length("1"), ArgumentTypeError, "column must be a whole number, not '1'"),
    (lambda p: p.locate("KS"), ArgumentTypeError, "card must be a Card (Card.parse('TD')), not 'KS'"),
    (lambda p: p.locate(None), ArgumentTypeError, "card must be a Card"),
    (lambda p: p.same_table(5), ArgumentTypeError, "other must be a Position, not int"),
])
def test_methods_check_their_arguments(call, error, words):
    with pytest.raises(error) as raised:
        call(deal(1))
    assert words in str(raised.value)


def test_the_fast_check_agrees_with_the_long_one():
    """validate() takes the short way only when the long one would find nothing:
    along random games, every position passes both ways; a card swapped for another
    fails both ways; a card swapped for an equal one built by hand takes the long
    way, which passes."""
    import random

    from freecell_cli import find_variant
    from freecell_cli.cards import CARDS
    from freecell_cli.moves import apply, legal_moves

    rng = random.Random(20)
    site = find_variant("site")

    def passes(p):
        try:
            p.validate()
        except FreecellError:
            return False
        return True

    for n in (1, 617, 11982):
        p = deal(n, cells=rng.choice([0, 4, 7]), columns=rng.choice([4, 8, 9]))
        for _ in range(80):
            assert p._is_whole_deck() and passes(p)
            places = [(col, k) for col in [*p.columns, p.cells] for k, card in enumerate(col) if card is not None]
            col, k = rng.choice(places)
            i = p.columns.index(col) if col in p.columns else None
            for replacement, valid in [(rng.choice([c for c in CARDS if c != col[k]]), False),
                                       (Card(col[k].rank, col[k].suit), True)]:
                changed = p.copy()
                (changed.columns[i] if i is not None else changed.cells)[k] = replacement
                assert not changed._is_whole_deck()
                assert passes(changed) == valid
            moves = legal_moves(p, site)
            if not moves:
                break
            apply(p, rng.choice(moves))
