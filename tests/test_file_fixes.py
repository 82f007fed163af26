"""Solution files round-trip and are checked: solve --json carries its start and
free cells, counts on moves from a free cell, header checks, a won position's
0 moves in every format, solve's format checked before the search, and verify
stopping at the first refused move."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli import Move, deal, format_position
from freecell_cli.errors import InvalidMove

OURS = "# freecell-cli solution\n"


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
