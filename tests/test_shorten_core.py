"""The compiled post-pass (freecell_cli/solvers/_shorten.c) against the Python one it
implements (shorten._shortcut_round): the same shortened line, move for move, on
beam lines, built-in lines and fc-solve lines under every variant, single moves and
pairs, with deadlines; bad input is a ValueError (issue 21). Skipped where the core
was not built. SHORTEN_CORE_FULL=1 runs deals 1-100 x site, standard, windows,
atomic x beam and built-in lines x depth 1 and 2 (some minutes); by default a fixed
sample of it covering every setting."""

from __future__ import annotations

import functools
import itertools
import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_cli import deal, find_variant
from freecell_cli.errors import FreecellError
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.position import Position
from freecell_cli.solvers import core, shorten
from freecell_cli.solvers.beam_search import Beam
from freecell_cli.solvers.engine import SOLVED, solve
from freecell_cli.solvers.fcsolve import fcsolve_available
from freecell_cli.solvers.rules import rules_of
from freecell_cli.solvers.state import (CELL_TO_COL, COL_TO_CELL, COL_TO_COL, TO_HOME_FROM_CELL, TO_HOME_FROM_COL,
                                        capacities, moves_from, play, start_state, to_path)
from freecell_cli.variants import Variant

try:  # directly: these tests compare the cores whatever FREECELL_CORE says
    from freecell_cli.solvers import _core  # type: ignore[attr-defined]
except ImportError:
    _core = None
needs_core = pytest.mark.skipif(_core is None, reason="the compiled core is not built")
VARIANTS = ("site", "standard", "windows", "atomic")


def _both(position: Position, variant: Variant, path, depth: int, deadline: float | None = None):
    python = shorten._shortcut_round(position, variant, path, depth, deadline)
    compiled = shorten._shortcut_round_compiled(_core, position, variant, path, depth, deadline)
    return python, compiled


def _cost(path) -> int:
    return sum(m[0] > TO_HOME_FROM_CELL for m in path)


@functools.lru_cache(maxsize=None)
def _lines(n: int, variant: str) -> tuple[tuple[str, list], ...]:
    """The beam's line (width 64) and the built-in engine's line of deal ``n``, unshortened."""
    v = find_variant(variant)
    out = []
    beam = Beam(deal(n), v, 64).run()
    if beam is not None:
        out.append(("beam", beam))
    r = solve(deal(n), v, "builtin", shorten=False)
    if r.verdict == SOLVED:
        out.append(("builtin", to_path(deal(n), v, r.moves)))
    return tuple(out)


# -- the grid of deals and settings ------------------------------------------------
GRID = list(itertools.product(range(1, 101), VARIANTS, (1, 2)))
if not os.environ.get("SHORTEN_CORE_FULL"):
    # Every deal once at depth 1 (its variant turning over), and every fifth deal
    # at depth 2: all four variants meet both depths.
    GRID = [g for g in GRID if VARIANTS[g[0] % 4] == g[1] and (g[2] == 1 or g[0] % 5 == 0)]


@needs_core
@pytest.mark.parametrize("n, variant, depth", GRID)
def test_the_same_line_as_python(n, variant, depth):
    lines = _lines(n, variant)
    assert lines  # every deal of 1-100 is solved by both engines
    for _, path in lines:
        python, compiled = _both(deal(n), find_variant(variant), path, depth)
        assert compiled == python
        assert _cost(compiled) <= _cost(path)


@needs_core
@pytest.mark.skipif(not fcsolve_available(), reason="Freecell Solver is not installed")
@pytest.mark.parametrize("variant", ["site", "standard", "windows"])
def test_the_same_line_as_python_on_fcsolve_lines(variant):
    v = find_variant(variant)
    for n in range(1, 11):
        r = solve(deal(n), v, "fc-solve", shorten=False)
        if r.verdict != SOLVED:
            continue
        path = to_path(deal(n), v, r.moves)
        for depth in (1, 2):
            python, compiled = _both(deal(n), v, path, depth)
            assert compiled == python
            assert _cost(compiled) < _cost(path)  # fc-solve's lines always have detours


@functools.lru_cache(maxsize=None)
def _game_lines(n: int, game: str) -> tuple[tuple[str, list], ...]:
    """The beam's line (width 64), the built-in engine's and Freecell Solver's (when
    installed) of deal ``n`` of a family game, unshortened."""
    v, p = find_rules(game), deal(n, game=game)
    out = []
    beam = Beam(p, v, 64).run()
    if beam is not None:
        out.append(("beam", beam))
    for engine in ("builtin",) + (("fc-solve",) if fcsolve_available() else ()):
        r = solve(p, v, engine, shorten=False)
        if r.verdict == SOLVED:
            out.append((engine, to_path(p, v, r.moves)))
    return tuple(out)


@needs_core
@pytest.mark.parametrize("n, game, depth", [(n, game, 1 + (n + i) % 2)
                                             for i, game in enumerate(FAMILY) for n in range(1, 7)])
def test_the_same_line_as_python_in_every_game(n, game, depth):
    p, v = deal(n, game=game), find_rules(game)
    lines = _game_lines(n, game)
    for _, path in lines:
        python, compiled = _both(p, v, path, depth)
        assert compiled == python
        assert _cost(compiled) <= _cost(path)
    assert lines or (game, n) == ("forecell", 1)  # (no move at all)


def _random_walk(position: Position, variant: Variant, steps: int, seed: int) -> list:
    """``steps`` random moves of the variant from ``position`` (search moves): a line
    that goes back and forth, full of loops and detours, and need not finish."""
    rng = random.Random(seed)
    state = start_state(position, variant)
    ncells = len(position.cells)
    rules = rules_of(variant)
    path = []
    for i in range(steps):
        found = moves_from(*state, ncells, variant.capacity, rules)
        rng.shuffle(found)
        for m in found:  # a move with moves after it, when there is one
            child = play(*state, m, variant.automatic is None or i > 0, rules)[:3]
            if moves_from(*child, ncells, variant.capacity, rules):
                break
        else:
            if not found:
                break
        state = child
        path.append(m)
    return path


@needs_core
@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(n=st.integers(1, 32_000), cells=st.integers(0, 10), columns=st.integers(4, 9),
       steps=st.integers(0, 120), seed=st.integers(0, 2**32), depth=st.sampled_from([1, 2]),
       variant=st.sampled_from(VARIANTS))
def test_random_walks_on_any_table_give_the_same_line(n, cells, columns, steps, seed, depth, variant):
    v = find_variant(variant)
    p = deal(n, cells=cells, columns=columns)
    path = _random_walk(p, v, steps, seed)
    python, compiled = _both(p, v, path, depth)
    assert compiled == python
    # the new line ends where the old one does
    ends = []
    for line in (path, compiled):
        state = start_state(p, v)
        for i, m in enumerate(line):
            state = play(*state, m, v.automatic is None or i > 0)[:3]
        ends.append((sorted(state[0]), state[1], state[2]))
    assert ends[0] == ends[1]


# -- deadlines ---------------------------------------------------------------------
@needs_core
@pytest.mark.parametrize("depth", [1, 2])
def test_a_past_deadline_leaves_the_line_as_it_is_in_both(depth):
    (_, path), *_ = _lines(7, "site")
    python, compiled = _both(deal(7), find_variant("site"), path, depth, time.perf_counter() - 1)
    assert compiled == python == path


@needs_core
def test_a_far_deadline_changes_nothing():
    (_, path), *_ = _lines(7, "site")
    far = time.perf_counter() + 3600
    assert _both(deal(7), find_variant("site"), path, 2, far) == _both(deal(7), find_variant("site"), path, 2)


@needs_core
def test_a_deadline_stops_the_compiled_round_part_way():
    # A long line at depth 2 (a second of work) with a deadline a moment away:
    # the round stops searching but still walks the line back, so it cuts less
    # than without and ends where the line ends.
    site = find_variant("site")
    path = _random_walk(deal(3, cells=6), site, 20_000, 1)
    stopped = shorten._shortcut_round_compiled(_core, deal(3, cells=6), site, path, 2, time.perf_counter() + 0.01)
    whole = shorten._shortcut_round_compiled(_core, deal(3, cells=6), site, path, 2, None)
    assert _cost(whole) < _cost(stopped) <= _cost(path)
    ends = []
    for line in (path, stopped):
        state = start_state(deal(3, cells=6), site)
        for m in line:
            state = play(*state, m, True)[:3]
        ends.append((sorted(state[0]), state[1], state[2]))
    assert ends[0] == ends[1]


# -- the callers use it ---------------------------------------------------------------
@needs_core
def test_shorten_path_runs_compiled_when_the_core_is_in_use(monkeypatch):
    kind, path = _lines(5, "standard")[-1]  # the built-in engine's line: rounds of pairs cut it
    assert kind == "builtin"
    v = find_variant("standard")
    monkeypatch.setitem(core._STATE, "core", _core)
    monkeypatch.setattr(shorten, "_shortcut_round", lambda *a, **k: pytest.fail("the Python round ran"))
    compiled = shorten.shorten_path(deal(5), v, path, 2)
    monkeypatch.undo()
    monkeypatch.setitem(core._STATE, "core", None)  # FREECELL_CORE=python
    monkeypatch.setattr(shorten, "_shortcut_round_compiled", lambda *a, **k: pytest.fail("the compiled round ran"))
    python = shorten.shorten_path(deal(5), v, path, 2)
    assert compiled == python and _cost(compiled) < _cost(path)


# -- the boundary: bad input is an error, never a crash ---------------------------------
GOOD = start_state(deal(1), find_variant("site"))
CAPS = capacities(4, 8, find_variant("site").capacity)
TOP0 = GOOD[0][0][-1]  # the card on top of column 1


@needs_core
@pytest.mark.parametrize("change, message", [
    ({"path": "1a"}, "list of moves"),
    ({"path": [(4, 0, 0)]}, "tuple"),
    ({"path": [[4, 0, 0, 1]]}, "tuple"),
    ({"path": [(4, 0, 0, 1.0)]}, "whole numbers"),
    ({"path": [(4, 0, 0, -1)]}, "whole numbers"),
    ({"path": [(4, 2**70, 0, 1)]}, "whole numbers"),
    ({"path": [(5, 0, 0, 1)]}, "kind"),
    ({"path": [(4, 8, 0, 1)]}, "to a free cell"),
    ({"path": [(4, 0, 1, 1)]}, "to a free cell"),
    ({"path": [(4, 0, 0, 1)] * 5}, "none is free"),
    ({"path": [(TO_HOME_FROM_COL, 0, 0, 1)]}, "before the card below"),
    ({"path": [(TO_HOME_FROM_CELL, TOP0, 0, 1)]}, "not in one"),
    ({"path": [(CELL_TO_COL, TOP0, 1, 1)]}, "not in one"),
    ({"path": [(COL_TO_CELL, 0, 0, 1), (CELL_TO_COL, TOP0, 9, 1)]}, "is \\(2, card, column, 1\\)"),
    ({"path": [(COL_TO_COL, 0, 0, 1)]}, "two columns"),
    ({"path": [(COL_TO_COL, 0, 1, 8)]}, "more cards than"),
    ({"path": [(COL_TO_COL, 0, 1, 0)]}, "more cards than"),
    ({"cols": (b"\x00\x01",)}, "missing"),
    ({"ncells": 16}, "ncells"),
    ({"ncells": 2**70}, "ncells"),
    ({"ncells": "4"}, "ncells"),
    ({"caps": [[1] * 9] * 4}, "caps"),
    ({"budget": "soon"}, "budget"),
])
def test_bad_input_is_a_value_error(change, message):
    args = dict(cols=GOOD[0], cells=GOOD[1], found=GOOD[2], ncells=4, caps=CAPS, closed=True, path=[],
                pairs=True, budget=None)
    args.update(change)
    with pytest.raises(ValueError, match=message):
        _core.shortcut_round(**args)


@needs_core
def test_a_line_that_cannot_be_played_is_a_freecell_error_of_shorten_path(monkeypatch):
    monkeypatch.setitem(core._STATE, "core", _core)
    other = (TOP0 + 1) % 52  # not the card in the free cell
    with pytest.raises(FreecellError, match=f"move 2 of 2, \\(2, {other}, 0, 1\\): .*not in one"):
        shorten.shorten_path(deal(1), find_variant("site"), [(COL_TO_CELL, 0, 0, 1), (CELL_TO_COL, other, 0, 1)])


@needs_core
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(cols=st.lists(st.binary(max_size=60), min_size=0, max_size=11), cells=st.binary(max_size=20),
       found=st.lists(st.integers(-3, 20), min_size=0, max_size=5), ncells=st.integers(-2, 20),
       caps=st.lists(st.lists(st.integers(-5, 2**70), max_size=12), max_size=18),
       path=st.lists(st.tuples(*[st.integers(-2, 300)] * 4), max_size=30), pairs=st.booleans(),
       budget=st.one_of(st.none(), st.floats(allow_nan=True)))
def test_anything_given_is_checked(cols, cells, found, ncells, caps, path, pairs, budget):
    try:
        out = _core.shortcut_round(tuple(cols), cells, tuple(found), ncells, caps, True, path, pairs, budget)
    except ValueError:
        return
    assert isinstance(out, list)


@needs_core
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(n=st.integers(1, 32_000), path=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 52), st.integers(0, 9),
                                                         st.integers(0, 14)), max_size=40),
       pairs=st.booleans())
def test_any_moves_on_a_deal_are_checked(n, path, pairs):
    # Near-moves: most are refused at once, some are played a few steps in.
    cols, cells, found = start_state(deal(n), find_variant("standard"))
    caps = capacities(4, 8, find_variant("standard").capacity)
    try:
        out = _core.shortcut_round(cols, cells, found, 4, caps, True, path, pairs, None)
    except ValueError:
        return
    assert _cost(out) <= _cost(path)


@needs_core
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(n=st.integers(1, 32_000), seed=st.integers(0, 2**32), steps=st.integers(0, 60), pairs=st.booleans())
def test_moves_against_the_rules_but_playable_give_pythons_line(n, seed, steps, pairs):
    # A card may land on any column (Python's play does not ask the rules):
    # both cores take such a line alike.
    rng = random.Random(seed)
    v = find_variant("standard")
    state = start_state(deal(n), v)
    path = []
    for _ in range(steps):
        cols, cells, _ = state
        full = [i for i, c in enumerate(cols) if c]
        options = []
        if cells:
            options.append((CELL_TO_COL, rng.choice(cells), rng.randrange(len(cols)), 1))
        if full:
            a = rng.choice(full)
            b = rng.choice([i for i in range(len(cols)) if i != a])
            options.append((COL_TO_COL, a, b, rng.randint(1, len(cols[a]))))
            if len(cells) < 4:
                options.append((COL_TO_CELL, a, 0, 1))
        if not options:
            break
        m = rng.choice(options)
        state = play(*state, m, True)[:3]
        path.append(m)
    python, compiled = _both(deal(n), v, path, 2 if pairs else 1)
    assert compiled == python


@needs_core
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(n=st.integers(1, 32_000), game=st.sampled_from(FAMILY), steps=st.integers(0, 120),
       seed=st.integers(0, 2**32), depth=st.sampled_from([1, 2]))
def test_random_walks_in_every_game_give_the_same_line(n, game, steps, seed, depth):
    v, p = find_rules(game), deal(n, game=game)
    path = _random_walk(p, v, steps, seed)
    python, compiled = _both(p, v, path, depth)
    assert compiled == python
    rules = rules_of(v)
    ends = []
    for line in (path, compiled):
        state = start_state(p, v)
        for m in line:
            state = play(*state, m, True, rules)[:3]
        ends.append((sorted(state[0]), state[1], state[2]))
    assert ends[0] == ends[1]
