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
