"""The compiled beam search (freecell_cli/solvers/_beam.c) against the Python one
it implements (Beam.run_python): the same line and the same count of states for
the same plan, the same stops at the limits (issue 21). Skipped where the core
was not built. BEAM_CORE_FULL=1 runs the whole grid of deals 1-60 x site,
standard, windows x widths 16, 64, 256 x all_home x per_parent 0 and 4 (some
minutes); by default a fixed sample of it covering every setting."""

from __future__ import annotations

import itertools
import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_cli import deal, find_variant
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.position import Position
from freecell_cli.solvers import core
from freecell_cli.solvers.beam import ROBUST_WEIGHTS, Beam, BeamEngine, Weights
from freecell_cli.solvers.engine import SOLVED, Limits, solve
from freecell_cli.solvers.state import capacities, start_state

try:  # directly: these tests compare the cores whatever FREECELL_CORE says
    from freecell_cli.solvers import _core  # type: ignore[attr-defined]
except ImportError:
    _core = None
needs_core = pytest.mark.skipif(_core is None, reason="the compiled core is not built")


def _both(position: Position, variant: str, width: int, all_home: bool = True, per_parent: int = 0,
          weights: Weights = Weights(), max_states: int | None = None, deadline: float | None = None):
    out = []
    for compiled in (False, True):
        b = Beam(position, find_rules(variant), width, weights, all_home=all_home, per_parent=per_parent)
        if compiled:
            path = b.run_compiled(_core, deadline, max_states)
        else:
            path = b.run_python(deadline, max_states)
        out.append((path, b.states, b.stopped, b.refills))
    return out


# -- the grid of deals and plans ---------------------------------------------------
GRID = list(itertools.product(range(1, 61), ("site", "standard", "windows"), (16, 64, 256), (True, False), (0, 4)))
if not os.environ.get("BEAM_CORE_FULL"):
    # Every deal and variant once, the settings turning over (all 12 of them
    # meet every variant); width 256 on a third of them.
    GRID = [g for i, g in enumerate(GRID) if i % 12 == (g[0] * 5 + len(g[1])) % 12]


@needs_core
@pytest.mark.parametrize("n, variant, width, all_home, per_parent", GRID)
def test_the_same_line_and_states_as_python(n, variant, width, all_home, per_parent):
    python, compiled = _both(deal(n), variant, width, all_home, per_parent)
    assert compiled == python
    assert python[0] is not None or python[3] > 0  # a beam that found nothing took up its reserve first


# Every game of the FreeCell family: deals 1-8 of each, the settings turning over.
FAMILY_GRID = [(n, game, (16, 64)[i % 2], i % 3 != 0, (0, 4, 8)[i % 3])
               for i, (n, game) in enumerate(itertools.product(range(1, 9), FAMILY))]


@needs_core
@pytest.mark.parametrize("n, game, width, all_home, per_parent", FAMILY_GRID)
def test_the_same_line_and_states_in_every_game(n, game, width, all_home, per_parent):
    python, compiled = _both(deal(n, game=game), game, width, all_home, per_parent)
    assert compiled == python


from positions import walk as _walk, walk_game  # noqa: E402


MIDGAME = [(_walk(200 + i, (0, 1, 2, 3, 4, 6, 8, 15)[i % 8], variant, 20 + 9 * i, i, (7, 8, 9, 8)[i % 4]), variant)
           for i, variant in enumerate(("site", "standard", "windows", "atomic") * 6)]


FAMILY_MIDGAME = [(walk_game(300 + i, game, 15 + 9 * i, i), game) for i, game in enumerate(FAMILY * 2)]


@needs_core
@pytest.mark.parametrize("index", range(len(FAMILY_MIDGAME)))
def test_mid_game_positions_of_every_game(index):
    position, game = FAMILY_MIDGAME[index]
    for width, all_home, per_parent in ((8, True, 4), (32, False, 0)):
        python, compiled = _both(position, game, width, all_home, per_parent)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("index", range(len(MIDGAME)))
def test_mid_game_positions_and_other_tables(index):
    position, variant = MIDGAME[index]
    for width, all_home, per_parent in ((8, True, 4), (32, False, 0), (48, True, 0)):
        python, compiled = _both(position, variant, width, all_home, per_parent)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("weights", [ROBUST_WEIGHTS, Weights(2, 2, 2, 1, 1, 1), Weights(home=0, depth=0, empty=-3),
                                     Weights(-1, 5, 0, 2, 3, 1)])
def test_other_weights(weights):
    for n in (2, 11, 617):
        python, compiled = _both(deal(n), "standard", 24, n != 11, 4 if n == 2 else 0, weights)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("width", [0, 1, 2, 3])
def test_beams_too_narrow_to_find_a_line(width):
    # Layers come out empty: the reserve is taken up as often in both.
    for n in (1, 5):
        python, compiled = _both(deal(n), "site", width, False)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("position", ["----:KKKK:////////", "----:QQJJ:KC/KD/QHKS/QSKH", "KS--:QQQQ:KC/KD/KH/"])
def test_positions_that_need_no_search(position):
    from freecell_cli import parse_position

    for variant in ("site", "windows"):
        for all_home in (True, False):
            python, compiled = _both(parse_position(position), variant, 4, all_home)
            assert compiled == python and python[0] is not None


# -- the limits ----------------------------------------------------------------------
@needs_core
@pytest.mark.parametrize("max_states", [0, 1, 17, 500, 4_000, 25_000])
def test_a_state_limit_stops_both_at_the_same_count(max_states):
    stopped = []
    for n, variant, all_home in ((1, "site", True), (3, "standard", False), (9, "windows", False)):
        python, compiled = _both(deal(n), variant, 64, all_home, 4 if all_home else 0, max_states=max_states)
        assert compiled == python
        if python[2] is not None:  # (else it found a line, or nothing before the limit)
            assert python[2] == "states" and python[0] is None and python[1] >= max_states
            stopped.append(n)
    assert stopped or max_states == 25_000


@needs_core
def test_a_past_deadline_stops_both_after_the_first_layer():
    python, compiled = _both(deal(4), "site", 64, deadline=time.perf_counter() - 1)
    assert compiled == python and python[0] is None and python[2] == "time" and python[1] > 0


@needs_core
def test_a_deadline_stops_the_compiled_beam_in_time():
    b = Beam(deal(5), find_variant("standard"), 100_000)  # minutes of work
    start = time.perf_counter()
    assert b.run_compiled(_core, start + 0.3) is None
    assert b.stopped == "time" and time.perf_counter() - start < 5


@needs_core
def test_progress_is_told_the_same_counts():
    told: list[list[int]] = [[], []]
    for i, compiled in enumerate((False, True)):
        b = Beam(deal(7), find_variant("site"), 32, all_home=True, per_parent=4)
        run = b.run_compiled if compiled else b.run_python
        args = (_core,) if compiled else ()
        run(*args, None, None, lambda states, seconds, i=i: told[i].append(states))  # type: ignore[operator]
    assert told[0] == told[1] and len(told[0]) > 10


@needs_core
def test_an_error_in_progress_comes_out():
    def progress(states, seconds):
        raise KeyError("stop")

    b = Beam(deal(7), find_variant("site"), 32)
    with pytest.raises(KeyError):
        b.run_compiled(_core, None, None, progress)


# -- the engine uses it ------------------------------------------------------------------
@needs_core
def test_the_engine_runs_its_beams_compiled_when_the_core_is_in_use(monkeypatch):
    monkeypatch.setitem(core._STATE, "core", _core)
    monkeypatch.setattr(Beam, "run_python", lambda *a, **k: pytest.fail("the Python beam ran"))
    compiled = solve(deal(1), find_variant("site"), BeamEngine())
    monkeypatch.undo()
    monkeypatch.setitem(core._STATE, "core", None)  # FREECELL_CORE=python
    monkeypatch.setattr(Beam, "run_compiled", lambda *a, **k: pytest.fail("the compiled beam ran"))
    python = solve(deal(1), find_variant("site"), BeamEngine())
    assert compiled.verdict == python.verdict == SOLVED
    assert compiled.notation == python.notation and compiled.states == python.states


def test_weights_the_core_cannot_take_run_in_python():
    assert Beam(deal(1), find_variant("site"), 4).compilable()
    assert not Beam(deal(1), find_variant("site"), 4, Weights(home=10**7)).compilable()
    assert not Beam(deal(1), find_variant("site"), 4, Weights(cells=1.5)).compilable()  # type: ignore[arg-type]
    assert not Beam(deal(1), find_variant("site"), 2**40).compilable()


@needs_core
def test_a_search_runs_once():
    cols, cells, found = start_state(deal(1), find_variant("site"))
    s = _core.BeamSearch(cols, cells, found, 4, capacities(4, 8, find_variant("site").capacity), True, 8,
                         tuple(Weights().__dict__.values()), 250, True, 0)
    s.run()
    with pytest.raises(ValueError, match="once"):
        s.run()
    with pytest.raises(ValueError, match="once"):
        s.__init__(cols, cells, found, 4, [[1] * 9] * 5, True, 8, (1,) * 6, 250, True, 0)


# -- the boundary: bad input is an error, never a crash ---------------------------------
GOOD = start_state(deal(1), find_variant("site"))
CAPS = capacities(4, 8, find_variant("site").capacity)


@needs_core
@pytest.mark.parametrize("change, message", [
    ({"cols": (b"\x00\x01",)}, "missing"),
    ({"ncells": 16}, "ncells"),
    ({"caps": [[1] * 9] * 4}, "caps"),
    ({"weights": (1, 2, 3)}, "weights"),
    ({"weights": (1, 2, 3, 4, 5, 2**70)}, "weights"),
    ({"weights": (1, 2, 3, 4, 5, 1.0)}, "whole numbers"),
    ({"width": 2**40}, "width"),
])
def test_bad_input_is_a_value_error(change, message):
    args = dict(cols=GOOD[0], cells=GOOD[1], found=GOOD[2], ncells=4, caps=CAPS, closed=True, width=8,
                weights=(2, 3, 2, 0, 1, 0), max_depth=250, all_home=True, per_parent=0)
    args.update(change)
    with pytest.raises(ValueError, match=message):
        _core.BeamSearch(**args)


@needs_core
@pytest.mark.parametrize("kwargs, message", [
    ({"time_left": float("nan")}, "NaN"), ({"max_states": 1.5}, "max_states"), ({"progress": 3}, "progress")])
def test_bad_run_arguments_are_value_errors(kwargs, message):
    s = _core.BeamSearch(*GOOD, 4, CAPS, True, 8, (2, 3, 2, 0, 1, 0), 250, True, 0)
    with pytest.raises(ValueError, match=message):
        s.run(**kwargs)


@needs_core
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(cols=st.lists(st.binary(max_size=60), min_size=0, max_size=11), cells=st.binary(max_size=20),
       found=st.lists(st.integers(-3, 20), min_size=0, max_size=5), ncells=st.integers(-2, 20),
       caps=st.lists(st.lists(st.integers(-5, 2**70), max_size=12), max_size=18),
       width=st.integers(-2**63, 2**63 - 1), weights=st.lists(st.integers(-2**65, 2**65), max_size=7),
       depth=st.integers(-2**63, 2**63 - 1), per_parent=st.integers(-2**63, 2**63 - 1))
def test_anything_given_is_checked(cols, cells, found, ncells, caps, width, weights, depth, per_parent):
    try:
        s = _core.BeamSearch(tuple(cols), cells, tuple(found), ncells, caps, True, width, tuple(weights), depth,
                             True, per_parent)
    except (ValueError, TypeError, OverflowError):
        return
    s.run(0.05, 2_000)


@needs_core
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(n=st.integers(1, 32_000), cells=st.integers(0, 15), columns=st.integers(4, 9),
       width=st.integers(-1, 40), per_parent=st.integers(-1, 5), all_home=st.booleans(),
       weights=st.tuples(*[st.integers(-9, 9)] * 6), variant=st.sampled_from(["site", "standard", "windows"]))
def test_whatever_the_table_and_plan_the_cores_agree(n, cells, columns, width, per_parent, all_home, weights, variant):
    python, compiled = _both(deal(n, cells=cells, columns=columns), variant, width, all_home, per_parent,
                             Weights(*weights), max_states=3_000)
    assert compiled == python
