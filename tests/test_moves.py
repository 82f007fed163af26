import pytest
from hypothesis import given, settings, strategies as st

from freecell_cli import Move, apply, deal, find_variant, legal_moves, parse_position, resolve, undo
from freecell_cli.errors import IllegalMove, InvalidMove
from freecell_cli.moves import CELL, COLUMN, FOUNDATION, Place, can_move, parse_moves
from positions import NO_FREE_TWO_EMPTY, TWO_FREE_NO_EMPTY, TWO_FREE_ONE_EMPTY
from cli_helpers import run

SITE, STANDARD, WINDOWS, ATOMIC = (find_variant(n) for n in ("site", "standard", "windows", "atomic"))


def check(text, move, variant):
    p = parse_position(text)
    return resolve(p, Move.parse(move), variant)


# -- the capacity cases the project exists for ---------------------------------
def test_two_free_cells_no_empty_column_four_cards():
    assert check(TWO_FREE_NO_EMPTY, "21", SITE).count == 4
    with pytest.raises(IllegalMove, match=r"^4 cards > can move 3 \(2 free cells, 0 empty columns\)$"):
        check(TWO_FREE_NO_EMPTY, "21", STANDARD)


def test_no_free_cell_two_empty_columns_four_cards():
    with pytest.raises(IllegalMove, match=r"^4 cards > can move 3 \(0 free cells, 2 empty columns\)$"):
        check(NO_FREE_TWO_EMPTY, "21", SITE)
    assert check(NO_FREE_TWO_EMPTY, "21", STANDARD).count == 4
    with pytest.raises(IllegalMove, match=r"^4 cards > can move 1 "):
        check(NO_FREE_TWO_EMPTY, "21", ATOMIC)


def test_empty_destination_column_is_not_counted():
    p = parse_position(TWO_FREE_ONE_EMPTY)
    assert can_move(p, SITE) == 8 and can_move(p, SITE, to_empty_column=True) == 4
    assert can_move(p, STANDARD) == 6 and can_move(p, STANDARD, to_empty_column=True) == 3
    m = resolve(p, Move.parse("28v4"), SITE)
    assert (m.count, m.to_empty, str(m)) == (4, True, "28v4")
    with pytest.raises(IllegalMove, match=r"^4 cards > can move 3 \(2 free cells, 0 other empty columns\)$"):
        resolve(p, Move.parse("28v4"), STANDARD)
    with pytest.raises(IllegalMove, match="column 2 has a run of 4 cards, not 5"):
        resolve(p, Move.parse("28v5"), SITE)


def test_bare_move_into_empty_column_moves_one_or_max():
    p = parse_position(TWO_FREE_ONE_EMPTY)
    assert resolve(p, Move.parse("28"), SITE).count == 1
    assert resolve(p, Move.parse("28"), SITE, empty_column="max").count == 4
    assert resolve(p, Move.parse("28"), STANDARD, empty_column="max").count == 3


def test_run_fitting_is_decided_by_the_target():
    p = parse_position(TWO_FREE_ONE_EMPTY)
    # 7H (and below it 6S 5H) fits on 8C? 8C is not exposed; use an empty column then a target
    m = resolve(p, Move.parse("21"), SITE)
    assert m.count == 4
    with pytest.raises(IllegalMove, match="3 cards cannot go on 9H"):
        resolve(p, Move(Place(COLUMN, 1), Place(COLUMN, 0), 3, False), SITE)


# -- refusals in the site's terms ----------------------------------------------
@pytest.mark.parametrize(
    "move,reason",
    [
        ("ch", "free cell c is empty"),
        ("c1", "free cell c is empty"),
        ("6h", "7D cannot go to the foundation (diamonds at 4)"),
        ("a1", "7S cannot go on 9H"),
        ("4a", "free cell a holds 7S"),
        ("ab", "moving a card between free cells changes nothing"),
        ("24", "no card of the run 8S..5H fits on TS"),
        ("13", "no card of the run TC..9H fits on TH"),
    ],
)
def test_refusals(move, reason):
    with pytest.raises(IllegalMove) as e:
        check(TWO_FREE_NO_EMPTY, move, SITE)
    assert str(e.value) == reason


def test_foundation_refusal_when_empty_and_column_empty():
    p = deal(1)
    with pytest.raises(IllegalMove, match=r"^6S cannot go to the foundation \(spades empty\)$"):
        resolve(p, Move.parse("1h"), SITE)
    p = parse_position(TWO_FREE_ONE_EMPTY)
    with pytest.raises(IllegalMove, match="^column 8 is empty$"):
        resolve(p, Move.parse("8a"), SITE)


@pytest.mark.parametrize(
    "text,message",
    [("9z", "not a move"), ("h1", "never leave the foundation"),
     ("5", "not a move"), ("5a1", "not a move"), ("36v0", "at least 1"), ("3av2", "column destination"),
     ("", "not a move"), ("5 a", "not a move")],
)
def test_malformed_moves(text, message):
    with pytest.raises(InvalidMove, match=message):
        Move.parse(text)


def test_places_outside_the_table_are_refused_moves():
    """A well-formed move to a place this table lacks is refused (IllegalMove), as
    Games::Solitaire::Verify refuses a move to a third free cell of a 2-cell game."""
    p = deal(1)
    with pytest.raises(IllegalMove, match=r"there is no column 9 \(8 columns\)"):
        resolve(p, Move.parse("91"), SITE)
    with pytest.raises(IllegalMove, match=r"there is no free cell e \(4 free cells\)"):
        resolve(p, Move.parse("1e"), SITE)
    with pytest.raises(IllegalMove, match=r"there is no free cell c \(2 free cells\)"):
        resolve(deal(1, cells=2), Move.parse("1c"), SITE)


def test_notation_round_trip_and_cells_past_h():
    for text in ["5a", "ah", "58", "36v4", "1g", "i2", "8h", "3p", "2vA"[:0] or "27vc"]:
        assert str(Move.parse(text)) == text
    assert Move.parse("1i").dest == Place(CELL, 7)  # h is the foundation: cells go a-g, i...
    assert Move.parse("1h").dest.kind == FOUNDATION
    assert [str(m) for m in parse_moves(" 5a  58\n8h,ah ")] == ["5a", "58", "8h", "ah"]
    assert eval(repr(Move.parse("36v4"))) == Move.parse("36v4")
    resolved = resolve(parse_position(TWO_FREE_NO_EMPTY), Move.parse("21"), SITE)
    assert resolved.count == 4 and eval(repr(resolved)) == resolved
    assert repr(resolved) == "Move(Place(kind='column', index=1), Place(kind='column', index=0), 4, False)"


# -- apply / undo / legal moves --------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 1_000_000), st.lists(st.integers(0, 10_000), max_size=40))
def test_apply_undo_restores_exactly(n, choices):
    p = deal(n)
    history = []
    for c in choices:
        moves = legal_moves(p, SITE)
        if not moves:
            break
        m = moves[c % len(moves)]
        before = p.copy()
        apply(p, m)
        p.validate()
        history.append((m, before))
    for m, before in reversed(history):
        undo(p, m)
        assert p == before


def test_legal_moves_are_all_legal_and_complete():
    p = parse_position(TWO_FREE_ONE_EMPTY)
    moves = {str(m) for m in legal_moves(p, SITE)}
    assert {"21", "28", "28v2", "28v3", "28v4", "a8", "b8", "1c", "2c", "7c"} <= moves
    assert "21" in moves and "ab" not in moves
    assert "21" not in {str(m) for m in legal_moves(p, ATOMIC)}
    # Every listed move resolves again to itself.
    for m in legal_moves(p, SITE):
        assert resolve(p, Move.parse(str(m)), SITE) == m


def test_same_source_and_destination_is_illegal_not_malformed():
    # Issue 9, case 16: "88" is well formed; the rules refuse it.
    from freecell_cli.errors import IllegalMove

    m = Move.parse("88")
    with pytest.raises(IllegalMove, match="column 8 is both source and destination"):
        resolve(deal(617), m, find_variant("site"))


# -- a count on a move from a free cell ---------------------------------------------
@pytest.mark.parametrize("text", ["a8v2", "a8V2", "b3v10"])
def test_a_count_on_a_move_from_a_free_cell_is_refused(text):
    with pytest.raises(InvalidMove, match="a free cell holds one card"):
        Move.parse(text)


def test_a_count_of_one_from_a_free_cell_is_still_one_card():
    assert str(Move.parse("a8v1")) == "a8"


def test_move_refuses_a_count_from_a_free_cell():
    assert run("move", "--deal", "617", "5a", "a8v2") == (
        2, "", "error: move 2 \"a8v2\": not a move: 'a8v2' (a free cell holds one card, not 2)\n")


def test_verify_refuses_a_count_from_a_free_cell(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("5a a8v2\n")
    assert run("verify", "--deal", "617", str(path)) == (
        2, "", f"error: {path}: line 1: not a move: 'a8v2' (a free cell holds one card, not 2)\n")


def test_resolve_refuses_a_hand_built_count_from_a_free_cell():
    from freecell_cli import apply, find_variant, resolve
    from freecell_cli.moves import CELL, COLUMN, Place

    p, site = deal(617), find_variant("site")
    apply(p, resolve(p, Move.parse("5a"), site))
    with pytest.raises(InvalidMove, match="a free cell holds one card, not 2"):
        resolve(p, Move(Place(CELL, 0), Place(COLUMN, 7), 2, True), site)


@pytest.mark.parametrize("columns, error", [
    (None, "ArgumentTypeError"), ("x", "ArgumentTypeError"), (True, "ArgumentTypeError"), (2.5, "ArgumentTypeError"),
    (-3, "InvalidArgument"), (0, "InvalidArgument"), (11, "InvalidArgument"),
])
def test_the_columns_a_move_may_name_are_checked(columns, error):
    from freecell_cli.moves import parse_moves

    with pytest.raises(Exception) as e:
        parse_moves("5a", columns=columns)
    assert type(e.value).__name__ == error and str(e.value).startswith("columns must be a whole number")
    assert [str(m) for m in parse_moves("5a 108", columns=10)] == ["5a", "108"]
