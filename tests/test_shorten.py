import pytest

from freecell_cli import deal, find_variant
from freecell_cli.moves import FOUNDATION
from freecell_cli.solutions import Solution
from freecell_cli.solvers.engine import SOLVED, solve
from freecell_cli.solvers.shorten import shorten_moves, shorten_path
from freecell_cli.solvers.state import CELL_TO_COL, COL_TO_CELL, COL_TO_COL, play, start_state, to_path
from freecell_cli.verify import verify
from oracle import needs_fcsolve

SITE, STANDARD, WINDOWS, ATOMIC = (find_variant(n) for n in ("site", "standard", "windows", "atomic"))


def _nf(moves):
    return sum(m.dest.kind != FOUNDATION for m in moves)


def _ok(moves, n, variant):
    return verify(Solution(tokens=[str(m) for m in moves], lines=[1] * len(moves)), deal(n), variant).ok


def test_single_card_stretches_become_site_runs():
    single = solve(deal(3), ATOMIC, "builtin", shorten=False).moves
    short = shorten_moves(deal(3), SITE, single)
    assert _nf(short) < _nf(single) and _ok(short, 3, SITE)
    assert any((m.count or 1) > 1 for m in short)  # at least one run now moves at once


def test_a_loop_on_the_line_is_cut():
    cols, _, _ = start_state(deal(1), SITE)
    # 1a, 2b, a back on column 1... as search moves: out to the free cells and back.
    c1, c2 = cols[0][-1], cols[1][-1]
    path = [(COL_TO_CELL, 0, 0, 1), (COL_TO_CELL, 1, 0, 1), (CELL_TO_COL, c2, 1, 1), (CELL_TO_COL, c1, 0, 1)]
    assert shorten_path(deal(1), SITE, path) == []


def test_a_stretch_one_move_does_is_replaced():
    # Two cards of a run carried one at a time through a free cell: one site move does it.
    r = solve(deal(1), ATOMIC, "builtin", shorten=False)
    path = to_path(deal(1), SITE, r.moves)
    short = shorten_path(deal(1), SITE, path)
    assert sum(m[0] >= CELL_TO_COL for m in short) < sum(m[0] >= CELL_TO_COL for m in path)
    assert any(m[0] == COL_TO_COL and m[3] > 1 for m in short)


@pytest.mark.parametrize("variant", [SITE, STANDARD, WINDOWS], ids=lambda v: v.name)
def test_builtin_lines_through_the_post_pass_stay_legal(variant):
    for n in (2, 617):
        raw = solve(deal(n), variant, "builtin", shorten=False)
        short = shorten_moves(deal(n), variant, raw.moves)
        assert _nf(short) <= _nf(raw.moves)
        assert verify(Solution(tokens=[str(m) for m in short], lines=[1] * len(short)), deal(n), variant).ok


def test_lines_that_do_not_finish_are_left_alone():
    r = solve(deal(1), SITE, "builtin", shorten=False)
    assert shorten_moves(deal(1), SITE, r.moves[:10]) == r.moves[:10]


def test_a_move_from_an_empty_column_is_left_to_the_verifier():
    # shorten_moves gives the moves back as they were, never an IndexError.
    from freecell_cli.moves import COLUMN, Move, Place

    n = len(deal(1).columns[0])
    moves = [Move(Place(COLUMN, 0), Place(COLUMN, 1), 1)] * n + [Move(Place(COLUMN, 0), Place(COLUMN, 2), 1)]
    assert shorten_moves(deal(1), SITE, moves) == moves


@needs_fcsolve
@pytest.mark.parametrize("variant", [SITE, STANDARD, WINDOWS], ids=lambda v: v.name)
def test_fcsolve_engine_output_goes_through_the_post_pass(variant):
    for n in (1, 4):
        raw = solve(deal(n), variant, "fc-solve", shorten=False)
        short = solve(deal(n), variant, "fc-solve")  # solve() shortens, then verifies
        assert short.verdict == SOLVED and short.nonfoundation_moves < raw.nonfoundation_moves
        assert _ok(short.moves, n, variant)


def test_pairs_of_moves_cut_at_least_as_much_as_single_moves():
    r = solve(deal(1), ATOMIC, "builtin", shorten=False)
    path = to_path(deal(1), SITE, r.moves)

    def cost(p):
        return sum(m[0] >= CELL_TO_COL for m in p)

    one, two = shorten_path(deal(1), SITE, path, depth=1), shorten_path(deal(1), SITE, path, depth=2)
    assert cost(two) <= cost(one) < cost(path)
    for p in (one, two):  # both replay to the end in the search's own terms
        state = start_state(deal(1), SITE)
        for i, m in enumerate(p):
            state = play(*state, m, True)[:3]
        assert state[2] == (13, 13, 13, 13)
