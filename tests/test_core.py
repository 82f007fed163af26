"""The compiled search core (freecell_cli/solvers/_core.c) against the pure-Python
one it implements: the same moves, the same keys, the same complete search
(issue 21). Skipped where the core was not built; `make test` builds it."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_cli import deal, find_variant
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.position import Position
from freecell_cli.solvers import prove
from freecell_cli.solvers.builtin import Search
from freecell_cli.solvers.rules import rules_of
from freecell_cli.solvers.state import capacities, key_of, play
from freecell_cli.solvers.engine import Limits

try:  # directly: these tests compare the cores whatever FREECELL_CORE says
    from freecell_cli.solvers import _core  # type: ignore[attr-defined]
except ImportError:
    _core = None
needs_core = pytest.mark.skipif(_core is None, reason="the compiled core is not built")
VARIANTS = ("site", "standard", "windows", "atomic")


from positions import walk as _walk, walk_game  # noqa: E402


def _corpus() -> list[tuple[Position, str]]:
    out = []
    for i, variant in enumerate(VARIANTS):
        for n, cells in ((1, 4), (617, 2), (11982, 0), (5, 1), (1941, 8), (7, 15)):
            out.append((deal(n, cells=cells), variant))
        for seed in range(12):
            cells = (0, 1, 2, 3, 4, 6, 9, 15)[seed % 8]
            out.append((_walk(100 + seed, cells, variant, 40 + 15 * seed, seed * 7 + i), variant))
    return out


CORPUS = _corpus()


def _family_corpus() -> list[tuple[Position, str]]:
    # Every game of the FreeCell family (by suit, kings only, 10 columns, 8 cells,
    # runs of any length): deals and positions after random play under its rules.
    out = []
    for i, game in enumerate(FAMILY):
        for n in (1, 2, 10, 23, 617):
            out.append((deal(n, game=game), game))
        for seed in range(6):
            out.append((walk_game(100 + seed, game, 30 + 12 * seed, seed * 7 + i), game))
    return out


FAMILY_CORPUS = _family_corpus()


def _state(position: Position, variant: str) -> tuple[Search, tuple]:
    s = Search(position, find_rules(variant), Limits())
    return s, s.start_state()


@needs_core
@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_the_same_moves_in_the_same_order(index):
    position, variant = CORPUS[index]
    s, (cols, cells, found) = _state(position, variant)
    caps = prove.capacities(s.ncells, len(cols), s.variant.capacity)
    want = prove._moves(cols, cells, found, s.ncells - len(cells), caps)
    assert _core.moves(cols, cells, found, s.ncells, caps) == want


@needs_core
@pytest.mark.parametrize("index", range(len(FAMILY_CORPUS)))
def test_the_same_moves_in_the_same_order_in_every_game(index):
    position, game = FAMILY_CORPUS[index]
    s, (cols, cells, found) = _state(position, game)
    rules = rules_of(s.variant)
    caps = prove.capacities(s.ncells, len(cols), s.variant.capacity)
    want = prove._moves(cols, cells, found, s.ncells - len(cells), caps, rules)
    assert _core.moves(cols, cells, found, s.ncells, caps, rules.code) == want


@needs_core
def test_keys_equal_exactly_when_the_positions_are_the_same_in_every_game():
    by_python: dict[bytes, bytes] = {}
    by_core: dict[bytes, bytes] = {}
    for position, game in FAMILY_CORPUS:
        s, state = _state(position, game)
        rules = rules_of(s.variant)
        for move in s.successors(*state):
            child = play(*state, move, True, rules)[:3]
            for state2 in [child] + [play(*child, m, True, rules)[:3] for m in s.successors(*child)]:
                cols, cells, found = state2
                pk, ck = key_of(tuple(sorted(cols)), cells), _core.key(cols, cells, found)
                assert by_python.setdefault(pk, ck) == ck
                assert by_core.setdefault(ck, pk) == pk
    assert len(by_python) > 1500  # (fewer moves by suit: fewer positions two moves away)


@needs_core
def test_keys_equal_exactly_when_the_positions_are_the_same():
    # Every position two moves from each corpus position: the compiled key tells
    # two apart exactly when Python's canonical key does.
    by_python: dict[bytes, bytes] = {}
    by_core: dict[bytes, bytes] = {}
    for position, variant in CORPUS:
        s, state = _state(position, variant)
        closed = s.variant.automatic is None
        for move in s.successors(*state):
            child = play(*state, move, closed)[:3]
            for state2 in [child] + [play(*child, m, True)[:3] for m in s.successors(*child)]:
                cols, cells, found = state2
                pk, ck = key_of(tuple(sorted(cols)), cells), _core.key(cols, cells, found)
                assert len(ck) == _core.KEYLEN == 39
                assert by_python.setdefault(pk, ck) == ck
                assert by_core.setdefault(ck, pk) == pk
    assert len(by_python) > 2000  # the corpus is no toy


@needs_core
def test_the_key_ignores_the_order_of_columns_and_cells():
    s, (cols, cells, found) = _state(_walk(3, 4, "site", 30, 1), "site")
    rng = random.Random(5)
    shuffled = list(cols)
    rng.shuffle(shuffled)
    assert _core.key(tuple(shuffled), bytes(reversed(cells)), found) == _core.key(cols, cells, found)
    other = (cols[1], cols[0]) + cols[2:] if cols[0] and cols[1] else cols
    moved = (cols[0][:-1], cols[1] + cols[0][-1:]) + cols[2:]  # a card moved: another position
    assert _core.key(moved, cells, found) != _core.key(other, cells, found)


def _search(gen, position: Position, variant: str, cap: int) -> tuple:
    s = Search(position, find_rules(variant), Limits())
    run = gen(s)
    yielded = []
    try:
        while True:
            yielded.append(next(run))
            if yielded[-1] >= cap:
                return ("capped", yielded, None)
    except StopIteration as done:
        verdict, path, states = done.value
        return (verdict, yielded + [states], path)


@needs_core
@pytest.mark.parametrize("index", range(0, len(CORPUS), 3))
def test_the_complete_search_explores_the_same_positions(index):
    # The same verdict, the same counts at every hand-over, the same line.
    position, variant = CORPUS[index]
    cap = 12_000
    want = _search(prove._depth_first_python, position, variant, cap)
    assert _search(prove._depth_first_compiled, position, variant, cap) == want


@needs_core
@pytest.mark.parametrize("limit", [100, 4095, 5000])
def test_a_state_limit_below_a_slice_is_the_hand_over_of_both_cores(limit):
    # They hand over at multiples of the limit's slice (the limit itself when it is
    # below 4,096), so a search given 100 positions stops at 100, not 4,096.
    got = []
    for gen in (prove._depth_first_python, prove._depth_first_compiled):
        run = gen(Search(deal(11982), find_rules("site"), Limits(states=limit)))
        got.append([next(run) for _ in range(3)])
    every = min(limit, prove.SLICE)
    assert got[0] == got[1] == [every, 2 * every, 3 * every]


@needs_core
@pytest.mark.parametrize("limit", [1, 2, 100, 4097, 5000, 12_345])
def test_a_race_stops_at_the_state_limit_with_either_core(limit):
    # Its last slices are cut to the limit, whatever the turns give each search.
    for first, weight in ((prove._depth_first_python, 1), (prove._depth_first_compiled, 32)):
        r = prove._drive(deal(11982), find_rules("site"), Limits(states=limit),
                         [(first, weight), (prove._best_first_in_race, 1)])
        assert (r.verdict, r.states, r.reason) == ("gave-up", limit, f"state limit of {limit:,} reached")


@needs_core
@pytest.mark.parametrize("index", range(0, len(FAMILY_CORPUS), 2))
def test_the_complete_search_explores_the_same_positions_in_every_game(index):
    position, game = FAMILY_CORPUS[index]
    want = _search(prove._depth_first_python, position, game, 12_000)
    assert _search(prove._depth_first_compiled, position, game, 12_000) == want


@needs_core
@pytest.mark.parametrize("n, game, verdict, states", [
    (10, "bakers-game", "unsolvable", 5019), (22, "bakers-game", "unsolvable", 1138),
    (1, "forecell", "unsolvable", 1), (2, "seahaven-towers", "solved", 52)])
def test_proofs_agree_to_the_position_in_every_game(n, game, verdict, states):
    got = [_search(gen, deal(n, game=game), game, 10**9)
           for gen in (prove._depth_first_python, prove._depth_first_compiled)]
    assert got[0] == got[1] and (got[0][0], got[0][1][-1]) == (verdict, states)


@needs_core
@pytest.mark.parametrize("n, cells, variant, verdict, states", [
    (1, 1, "standard", "unsolvable", 63), (3, 1, "standard", "unsolvable", 113),
    (5, 2, "site", "solved", 5243), (6, 1, "windows", "unsolvable", 54), (7, 0, "atomic", "unsolvable", 90)])
def test_proofs_agree_to_the_position(n, cells, variant, verdict, states):
    for gen in (prove._depth_first_python, prove._depth_first_compiled):
        got = _search(gen, deal(n, cells=cells), variant, 10**9)
        assert (got[0], got[1][-1]) == (verdict, states)


@needs_core
@pytest.mark.parametrize("n, cells, variant", [(81, 2, "standard"), (83, 2, "site")])
def test_moves_overwritten_in_the_ring_are_generated_again_alike(n, cells, variant):
    # Searches that go thousands of positions deep and come back: the compiled
    # core's ring of moves (_core.c, MoveRing) has to generate the moves of the
    # positions it returns to again, and the line found is the Python core's.
    from freecell_cli.solvers.core import built

    s = Search(deal(n, cells=cells), find_rules(variant), Limits())
    run = built().DepthFirst(*s.start_state(), s.ncells, capacities(s.ncells, 8, s.variant.capacity),
                             s.variant.automatic is None, 0, rules_of(s.variant).code)
    while run.run(4096) == 0:
        pass
    assert run.status == 1 and run.regenerated > 0
    want = _search(prove._depth_first_python, deal(n, cells=cells), variant, 10**9)
    assert want[0] == "solved"
    assert _search(prove._depth_first_compiled, deal(n, cells=cells), variant, 10**9) == want


@needs_core
def test_a_found_line_is_played_and_verified():
    from freecell_cli.solvers.engine import solve

    r = solve(deal(5, cells=2), find_variant("site"), prove.ProveEngine(race=False))
    assert r.verdict == "solved" and r.move_count > 0  # solve() verifies it


@needs_core
def test_the_set_reports_its_memory():
    s, (cols, cells, found) = _state(deal(970, cells=1), "standard")
    run = _core.DepthFirst(cols, cells, found, 1, prove.capacities(1, 8, s.variant.capacity), True)
    while run.run(4096) == 0 and run.states < 60_000:
        pass
    assert run.stored == run.states
    # 39 bytes a key, the table's 4-byte slots at most 85% full, keys allocated
    # half again at most ahead: well under 100 bytes, above the key itself.
    assert 39 < run.memory / run.stored < 100


# -- the boundary: bad input is an error, never a crash ------------------------
@needs_core
@pytest.mark.parametrize("args, message", [
    (((b"\x00\x01",), b"", (0, 0, 0, 0), 4, [[1, 1]] * 5, True), "missing"),
    (((b"\x00\x00",), b"", (0, 0, 0, 0), 4, [[1, 1]] * 5, True), "twice"),
    (((bytes([60]),), b"", (0, 0, 0, 0), 4, [[1, 1]] * 5, True), "0 to 51"),
    ((tuple([b""] * 11), b"", (13,) * 4, 4, [[1] * 12] * 5, True), "1 to 10 columns"),
    (((b"",), b"", (13, 13, 13, 14), 4, [[1, 1]] * 5, True), "0 to 13"),
    (((b"",), b"", (13, 13, 13), 4, [[1, 1]] * 5, True), "tuple of 4"),
    (((b"",), b"", (13,) * 4, 16, [[1, 1]] * 17, True), "ncells"),
    (((b"",), b"", (13,) * 4, 1, [[1, 1]], True), "caps"),
    (((b"",), b"", (13,) * 4, 0, [[1, -1]], True), "negative"),
    (((b"",), b"", (13,) * 4, 0, [[1, "x"]], True), "whole numbers"),
    ((["abc"], b"", (13,) * 4, 0, [[1, 1]], True), "tuple of bytes"),
    (((b"",), b"", (13,) * 4, 0, [[1, 1]], True, 0, 4), "rules: a code 0 to 3"),
    (((b"",), b"", (13,) * 4, 0, [[1, 1]], True, 0, -1), "rules: a code 0 to 3"),
])
def test_bad_input_is_a_value_error(args, message):
    with pytest.raises(ValueError, match=message):
        _core.DepthFirst(*args)


@needs_core
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(cols=st.lists(st.binary(max_size=60), min_size=0, max_size=11), cells=st.binary(max_size=20),
       found=st.lists(st.integers(-3, 20), min_size=0, max_size=5), ncells=st.integers(-2, 20),
       caps=st.lists(st.lists(st.integers(-5, 2**70), max_size=12), max_size=18))
def test_anything_given_is_checked(cols, cells, found, ncells, caps):
    # Refused with a one-line error, or taken: then a whole deck was given and
    # what comes back is well formed (a search runs, moves and a key come out).
    calls = {"search": lambda: _core.DepthFirst(tuple(cols), cells, tuple(found), ncells, caps, True),
             "moves": lambda: _core.moves(tuple(cols), cells, tuple(found), ncells, caps),
             "key": lambda: _core.key(tuple(cols), cells, tuple(found))}
    for what, call in calls.items():
        try:
            out = call()
        except (ValueError, TypeError, OverflowError) as e:
            assert str(e) and "\n" not in str(e), (what, e)
            continue
        assert sum(map(len, cols)) + len(cells) + sum(found) == 52, what
        if what == "search":
            assert out.run(64) in (0, 1, 2) and isinstance(out.path(), list)
        elif what == "moves":
            assert all(len(m) == 4 for m in out)
        else:
            assert len(out) == _core.KEYLEN


@needs_core
def test_run_needs_a_positive_slice_and_a_set_up_search():
    s, (cols, cells, found) = _state(deal(1), "site")
    run = _core.DepthFirst(cols, cells, found, 4, prove.capacities(4, 8, s.variant.capacity), True)
    with pytest.raises(ValueError, match="slice"):
        run.run(0)
    with pytest.raises(ValueError, match="not set up"):
        _core.DepthFirst.__new__(_core.DepthFirst).run(10)
    with pytest.raises(ValueError, match="once"):
        run.__init__(cols, cells, found, 4, prove.capacities(4, 8, s.variant.capacity), True)


# -- choosing the core ---------------------------------------------------------------
def _version(env_core: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "FREECELL_CORE"}
    if env_core is not None:
        env["FREECELL_CORE"] = env_core
    return subprocess.run([sys.executable, "-m", "freecell_cli", "--version"], env=env,
                          capture_output=True, text=True)


def test_freecell_core_python_forces_the_pure_core():
    out = _version("python")
    assert out.returncode == 0 and out.stdout.endswith("(search core: python)\n")


def test_version_names_the_core_in_use():
    out = _version(None)
    assert out.stdout.endswith(f"(search core: {'compiled' if _core is not None else 'python'})\n")


def test_a_bad_freecell_core_is_said():
    out = _version("fortran")
    assert out.returncode == 0
    assert "search core: unavailable (FREECELL_CORE must be one of compiled, python, not 'fortran')" in out.stdout

def _random_table(rng, ncols: int, ncells: int, left: int, game: str | None = None) -> Position:
    """``left`` cards on a table of ``ncols`` columns and ``ncells`` free cells, the
    others home (cards home per suit, lowest first), dealt at random."""
    from freecell_cli.cards import Card

    found = [0, 0, 0, 0]
    for _ in range(52 - left):
        found[rng.choice([s for s in range(4) if found[s] < 13])] += 1
    cards = [Card(r + 1, "CDHS"[s]) for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(cards)
    in_cells = cards[:rng.randint(0, min(ncells, len(cards)))]
    columns: list[list] = [[] for _ in range(ncols)]
    for c in cards[len(in_cells):]:
        columns[rng.randrange(ncols)].append(c)
    return Position(columns, in_cells + [None] * (ncells - len(in_cells)), found, game=game)



@needs_core
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_small_positions_searched_to_the_end_alike(data):
    # A random table with 10-24 cards left, 1-9 columns, 0-15 free cells, any
    # variant: both searches run to their verdict and agree on every count.
    ncols = data.draw(st.integers(1, 9), "columns")
    ncells = data.draw(st.integers(0, 15), "cells")
    left = data.draw(st.integers(10, 24), "cards left")
    variant = data.draw(st.sampled_from(VARIANTS), "variant")
    rng = random.Random(data.draw(st.integers(0, 2**32), "seed"))
    position = _random_table(rng, ncols, ncells, left)
    want = _search(prove._depth_first_python, position, variant, 10**9)
    assert _search(prove._depth_first_compiled, position, variant, 10**9) == want


@needs_core
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_small_positions_searched_to_the_end_alike_in_every_game(data):
    # The same under the family's rules, on tables of 1-10 columns.
    ncols = data.draw(st.integers(1, 10), "columns")
    # (a table of 10 columns is Seahaven Towers', with its 4 free cells: only its label lets it have them)
    ncells = 4 if ncols == 10 else data.draw(st.integers(0, 8), "cells")
    left = data.draw(st.integers(10, 24), "cards left")
    game = data.draw(st.sampled_from(FAMILY), "game")
    rng = random.Random(data.draw(st.integers(0, 2**32), "seed"))
    position = _random_table(rng, ncols, ncells, left, game="seahaven-towers" if ncols == 10 else None)
    want = _search(prove._depth_first_python, position, game, 10**9)
    assert _search(prove._depth_first_compiled, position, game, 10**9) == want


# CORE_STRESS=1: the core built again with rings of 1,024 moves and 16 positions,
# so moves are generated again and positions read back from their keys all the
# time, against the Python core on whole searches (a C compiler needed; minutes).
_STRESS = """
import sys
from freecell_cli import deal
from freecell_cli.games import find_rules
from freecell_cli.solvers import prove
from freecell_cli.solvers.builtin import Search
from freecell_cli.solvers.core import built
from freecell_cli.solvers.engine import Limits

def run(gen, p, v):
    s = Search(p, find_rules(v), Limits())
    g, counts = gen(s), []
    try:
        while True:
            counts.append(next(g))
            if counts[-1] > 300_000:
                return ("capped", counts, None)
    except StopIteration as done:
        return (done.value[0], counts + [done.value[2]], done.value[1])

compared = 0
for v in ("standard", "site"):
    for n in range(1, 21):
        for cells in (0, 1, 2):
            a = run(prove._depth_first_compiled, deal(n, cells=cells), v)
            if a[0] != "capped":
                assert a == run(prove._depth_first_python, deal(n, cells=cells), v), (v, n, cells)
                compared += 1
print(built().__file__, compared)
"""


@needs_core
@pytest.mark.skipif(not os.environ.get("CORE_STRESS"), reason="CORE_STRESS=1 runs it (a build and minutes)")
def test_small_rings_explore_the_same_positions(tmp_path):
    import shutil
    import sysconfig
    from pathlib import Path

    root = Path(__file__).parent.parent
    shutil.copytree(root / "freecell_cli", tmp_path / "freecell_cli", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    solvers = tmp_path / "freecell_cli" / "solvers"
    so = solvers / Path(_core.__file__).name
    sources = [str(solvers / f) for f in ("_core.c", "_beam.c", "_beam_type.c", "_shorten.c", "_optimal.c")]
    subprocess.run(["gcc", "-DMOVES=1024", "-DRING=16", "-O2", "-std=c99", "-fPIC", "-shared",
                    "-I" + sysconfig.get_paths()["include"], *sources, "-o", str(so)], check=True)
    out = subprocess.run([sys.executable, "-c", _STRESS], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)},
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    where, compared = out.stdout.split()
    assert where == str(so) and int(compared) >= 100  # (117: three of the 120 reach the cap)
