"""The rules our searches play (freecell_cli/solvers/rules.py) against an independent
breadth-first search over whole positions (moves.legal_moves, no move made for the
player), on small tables of every game of the FreeCell family: the complete search
says "unsolvable" exactly when no win exists, and the optimal search finds the
fewest non-foundation moves, though both send cards home by the safe rule (by suit:
every card that can go home), keep columns sorted and move into the first empty
column only."""

from __future__ import annotations

import random

import pytest

from freecell_cli.games import FAMILY, find_game, find_rules
from freecell_cli.position import Position
from freecell_cli.solvers import prove
from freecell_cli.solvers.builtin import Search
from freecell_cli.solvers.engine import SOLVED, UNSOLVABLE, Limits, solve
from freecell_cli.solvers.optimal import OptimalEngine, _optimal_compiled, _optimal_python, lower_bound
from freecell_cli.solvers.rules import rules_of
from freecell_cli.solvers.state import start_state
from positions import bfs_optimum, random_table

try:  # directly: the compiled searches are compared too, whatever FREECELL_CORE says
    from freecell_cli.solvers import _core  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - where no compiler built it
    _core = None

SEEDS = range(40)


def small_table(seed: int, game: str) -> Position:
    """A random small table (3-5 columns, 0-2 free cells, 10-16 cards left: the
    lowest ranks of each suit home) to search under ``game``'s rules: its
    reachable positions are few enough for the breadth-first oracle, and some
    have no win. (No game label: a family game's position has the game's table.)"""
    rng = random.Random(seed * 31 + len(game))
    ncols, ncells = rng.randint(3, 5), rng.randint(0, 2)
    return random_table(rng, (7, 13), (10, 16), ncols, ncells, ncells, fill_first=True)


def small_game_position(seed: int, game: str) -> Position:
    """A random table of ``game`` itself (its columns and free cells) with 9-14
    cards left, dealt at random into its columns and up to two of its free cells."""
    g = find_game(game)
    return random_table(random.Random(seed * 31 + len(game)), (9, 13), (9, 14), g.columns, g.cells, 2, game=game)


@pytest.mark.parametrize("game", FAMILY)
def test_the_complete_search_says_unsolvable_exactly_when_no_win_exists(game):
    rules = find_rules(game)
    searches = [prove._depth_first_python] + ([prove._depth_first_compiled] if _core is not None else [])
    verdicts = set()
    for seed in SEEDS:
        p = small_table(seed, game)
        want = SOLVED if bfs_optimum(p, rules) is not None else UNSOLVABLE
        verdicts.add(want)
        for search in searches:
            r = prove._drive(p, rules, Limits(), [(search, 1)])
            assert r.verdict == want, (seed, search.__name__, r)
        verdict, _, _ = Search(p, rules, Limits()).run()  # the best-first search is complete too
        assert verdict == want, seed
    assert verdicts == {SOLVED, UNSOLVABLE}  # (else this test could not fail either way)


@pytest.mark.parametrize("game", FAMILY)
def test_the_optimal_search_finds_the_breadth_first_optimum(game):
    rules = find_rules(game)
    for seed in SEEDS:
        p = small_table(seed, game)
        want = bfs_optimum(p, rules)
        found = [_optimal_python(p, rules)] + ([_optimal_compiled(_core, p, rules, Limits(), None)] if _core is not None else [])
        for verdict, path, _, bound in found:
            if want is None:
                assert verdict == UNSOLVABLE, seed
            else:
                assert (verdict, bound, sum(m[0] > 1 for m in path)) == (SOLVED, want, want), seed
                assert lower_bound(tuple(sorted(start_state(p, rules)[0])), rules_of(rules)) <= want
        assert found[-1] == found[0]  # the compiled search takes the same positions


@pytest.mark.parametrize("game", FAMILY)
def test_lines_on_a_games_own_table_are_its_own(game):
    # solve() verifies every line under the game's rules: the complete search's,
    # the optimal one's (the fewest moves, as the oracle says) and the beam's.
    rules = find_rules(game)
    for seed in range(4):
        p = small_game_position(seed, game)
        want = bfs_optimum(p, rules)
        assert want is not None  # (such tables are all won)
        assert solve(p, rules, prove.ProveEngine(race=False)).verdict == SOLVED
        r = solve(p, rules, OptimalEngine())
        assert (r.verdict, r.nonfoundation_moves, r.optimal) == (SOLVED, want, True)
        assert solve(p, rules, "beam").nonfoundation_moves >= want


def test_by_suit_every_card_that_can_go_home_goes():
    # 2C is home and 3C on top: by suit 3C goes home at once (then every club, and
    # the diamonds under them), though 2D is not home; FreeCell's rule waits for it.
    from freecell_cli import parse_position

    table = "----:2AKK:KD3C/QDJDTD9D8D7D/6D5D4D3D/2DKCQCJCTC9C8C7C6C5C4C////"
    for game, found in (("bakers-game", (13, 13, 13, 13)), ("forecell", (2, 1, 13, 13))):
        assert start_state(parse_position(f"{game}:{table}"), find_rules(game))[2] == found, game
