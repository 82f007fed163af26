"""The optimal search (solvers/optimal.py) against an independent breadth-first
search over whole positions (moves.legal_moves and the variant's own play)."""

from __future__ import annotations

import random

import pytest

from freecell_cli import deal, find_variant, parse_position
from freecell_cli.cards import Card
from freecell_cli.position import Position
from freecell_cli.solvers.engine import GAVE_UP, SOLVED, Limits, get_engine, solve
from freecell_cli.solvers.optimal import OptimalEngine, column_bound, lower_bound, optimal_search
from freecell_cli.solvers.state import start_state
from positions import TooBig, random_table
from positions import bfs_optimum as oracle

VARIANTS = ("site", "standard", "windows", "atomic")


def small_position(seed: int, cells: int) -> Position:
    """A random table with 10-16 cards left: the lowest ranks of each suit home,
    the rest dealt at random into 8 columns and (some of) the free cells."""
    return random_table(random.Random(seed), (8, 13), (10, 16), 8, cells, min(cells, 2))


def bfs_optimum(position: Position, variant_name: str, cap: int = 20_000) -> int | None:
    """The oracle (tests/positions.py), skipped where it would take too long."""
    try:
        return oracle(position, find_variant(variant_name), cap)
    except TooBig:
        pytest.skip("too big for the breadth-first oracle")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("cells", [0, 1, 2, 4])
def test_the_optimum_is_the_breadth_first_searchs(variant, cells):
    for seed in range(3):
        p = small_position(seed * 7 + cells, cells)
        want = bfs_optimum(p, variant)
        verdict, path, _, bound = optimal_search(p, find_variant(variant))
        if want is None:
            assert verdict == "unsolvable"
            continue
        assert verdict == SOLVED and bound == want, (p, variant)
        r = solve(p, find_variant(variant), OptimalEngine())  # verified by solve()
        assert r.verdict == SOLVED and r.optimal and r.nonfoundation_moves == want == r.lower_bound


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_lower_bound_never_exceeds_the_optimum(variant):
    for seed in range(6):
        p = small_position(1000 + seed, 2)
        want = bfs_optimum(p, variant, cap=8_000)
        if want is not None:
            cols, _, _ = start_state(p, find_variant(variant))
            assert lower_bound(cols) <= want, p


def test_column_bound_counts_runs_with_a_stuck_card():
    c = lambda text: bytes(Card.parse(t).index for t in text.split())  # noqa: E731
    assert column_bound(c("AC 2C")) == 1  # the 2 must leave before the ace goes home
    assert column_bound(c("2C AC")) == 0
    assert column_bound(c("2S 9H 8S")) == 1  # 8S is stuck; one move may take it with 9H
    assert column_bound(c("2C 5D 9H 8S 3C 6D")) == 2  # 3C and 6D are stuck, in runs of their own
    assert column_bound(c("2C 3C")) == 1 and column_bound(c("3C 2C")) == 0
    assert column_bound(c("KH QS")) == 0


def test_a_position_with_only_moves_home_left_says_zero():
    p = parse_position("----:QQQJ:KC/KD/KH/KSQS")
    r = solve(p, find_variant("site"), OptimalEngine())
    assert (r.verdict, r.nonfoundation_moves, r.optimal, r.lower_bound) == (SOLVED, 0, True, 0)


@pytest.mark.parametrize("n", [2, 3])
def test_the_optimum_never_exceeds_the_beams_line(n):
    standard = find_variant("standard")
    beam = solve(deal(n), standard, get_engine("beam"))
    r = solve(deal(n), standard, OptimalEngine(get_engine("beam")), Limits(time=120))
    assert r.verdict == SOLVED and r.optimal
    assert r.nonfoundation_moves <= beam.nonfoundation_moves
    assert r.to_dict()["optimal"] is True and r.to_dict()["lower_bound"] == r.nonfoundation_moves


def test_a_limit_gives_the_beams_line_and_the_bound_proven():
    r = solve(deal(1), find_variant("standard"), OptimalEngine(get_engine("beam")), Limits(states=2_000))
    assert r.verdict == SOLVED and r.optimal is False
    assert r.lower_bound is not None and r.lower_bound < r.nonfoundation_moves
    alone = solve(deal(1), find_variant("standard"), OptimalEngine(), Limits(states=2_000))
    assert alone.verdict == GAVE_UP and alone.lower_bound is not None
    assert "at least" in alone.reason
