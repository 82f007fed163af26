import pytest

from fakeclock import FakeClock
from freecell_cli import deal, find_variant, parse_position
from freecell_cli.solutions import Solution
from freecell_cli.solvers import beam
from freecell_cli.solvers.beam import Beam, BeamEngine, Weights
from freecell_cli.solvers.builtin import BuiltinEngine
from freecell_cli.solvers.engine import GAVE_UP, SOLVED, Limits, Result, SolverError, get_engine, solve
from freecell_cli.moves import Move, apply, resolve
from freecell_cli.solvers.fcsolve import FcSolveEngine
from freecell_cli.solvers.state import TO_HOME_FROM_CELL, play, start_state
from freecell_cli.verify import verify
from oracle import needs_fcsolve
from positions import NEARLY_WON
from refimpl import replay, site_capacity, standard_capacity

SITE, STANDARD, WINDOWS, ATOMIC = (find_variant(n) for n in ("site", "standard", "windows", "atomic"))


def _replays(n, tokens, capacity):
    cols = [[str(c) for c in col] for col in deal(n).columns]
    index, _, table = replay(cols, tokens, capacity)
    return index is None and table.cards_home() == 52


@pytest.mark.parametrize("variant", [SITE, STANDARD, WINDOWS, ATOMIC], ids=lambda v: v.name)
def test_beam_solutions_are_legal_under_the_variant(variant):
    for n in (1, 617):
        r = solve(deal(n), variant, BeamEngine(width=32), Limits(time=30))
        assert r.verdict == SOLVED and r.engine.startswith("beam")
        v = verify(Solution(tokens=r.notation, lines=[1] * len(r.notation)), deal(n), variant)
        assert v.ok and v.moves == r.move_count
        if variant in (SITE, STANDARD):
            cap = site_capacity if variant is SITE else standard_capacity
            assert _replays(n, r.notation, cap)  # an independent replayer agrees
        if variant is ATOMIC:
            assert all((m.count or 1) == 1 for m in r.moves)


def test_beam_is_shorter_than_the_builtin_engine():
    beam_nf = sum(solve(deal(n), SITE, BeamEngine(width=32)).nonfoundation_moves for n in range(1, 6))
    builtin_nf = sum(solve(deal(n), SITE, "builtin").nonfoundation_moves for n in range(1, 6))
    assert beam_nf < builtin_nf


def test_a_wider_beam_is_not_longer_here():
    short = solve(deal(1), SITE, BeamEngine(width=128)).nonfoundation_moves
    assert short <= solve(deal(1), SITE, BeamEngine(width=4)).nonfoundation_moves


def test_sorted_columns_end_the_search_with_moves_home_only():
    # Every column one run: nothing but moves to the foundation is left.
    r = solve(parse_position(NEARLY_WON), SITE, BeamEngine(width=4))
    assert r.verdict == SOLVED and r.nonfoundation_moves == 0 and r.move_count == 5
    p = parse_position("----:QQJJ:KC/KD/QHKS/QSKH")  # KS to a free cell, then all home
    r = solve(p, SITE, BeamEngine(width=4))
    assert r.verdict == SOLVED and r.nonfoundation_moves == 1


def test_won_position():
    assert solve(parse_position("----:KKKK:////////"), SITE, BeamEngine()).notation == []


def test_a_beam_that_finds_nothing_is_followed_by_other_weights_then_wider_ones(monkeypatch):
    tries = []
    real_run = Beam.run

    def run(self, *args, **kwargs):
        tries.append((self.width, self.weights == beam.ROBUST_WEIGHTS, self.all_home, self.per_parent))
        return None if self.width < 32 else real_run(self, *args, **kwargs)

    monkeypatch.setattr(Beam, "run", run)
    r = BeamEngine(width=8).solve(deal(1), SITE, Limits())
    assert r.verdict == SOLVED
    # First every card home with at most 8 children of a position per layer; then
    # other weights; then moves home as choices; then wider.
    assert tries == [(8, False, True, 8), (8, True, True, 0), (8, False, False, 0), (16, False, False, 0),
                     (32, False, False, 0)]


def test_builtin_engine_takes_over_when_no_beam_finds_a_line(monkeypatch):
    monkeypatch.setattr(Beam, "run", lambda self, *a, **k: None)
    r = solve(deal(1), SITE, BeamEngine(width=8, max_width=16, complete=BuiltinEngine()), Limits(time=30))
    assert r.verdict == SOLVED and r.engine == "beam+builtin"


class _Absent:
    """Freecell Solver as get_engine gives it where it is not installed."""

    name, shortens = "fc-solve", False

    def solve(self, position, variant, limits, exhaustive=False):
        raise SolverError("cannot run fc-solve: not installed")


def test_an_fcsolve_that_cannot_run_is_passed_by(monkeypatch):
    monkeypatch.setattr(Beam, "run", lambda self, *a, **k: None)
    engine = BeamEngine(width=8, max_width=16, complete=BuiltinEngine(), fcsolve=_Absent())
    r = solve(deal(1), SITE, engine, Limits(time=30))
    assert r.verdict == SOLVED and r.engine == "beam+builtin"


def test_a_beam_given_no_other_engine_gives_up(monkeypatch):
    monkeypatch.setattr(Beam, "run", lambda self, *a, **k: None)
    r = BeamEngine(width=8, max_width=16).solve(deal(1), SITE, Limits(time=30))
    assert (r.verdict, r.engine, r.reason) == (GAVE_UP, "beam", "no beam found a line")
    with pytest.raises(SolverError, match="a beam search proves nothing"):
        BeamEngine().solve(deal(1), SITE, Limits(), exhaustive=True)


def test_get_engine_gives_the_beam_its_fallbacks():
    e = get_engine("beam")
    assert isinstance(e.complete, BuiltinEngine) and isinstance(e.fcsolve, FcSolveEngine)
    assert e.fcsolve.replan is e.complete  # fc-solve re-plans with the same built-in engine


@needs_fcsolve
def test_fcsolve_comes_before_the_builtin_engine_when_no_beam_finds_a_line(monkeypatch):
    asked = []

    def budgeted(self, position, variant, limits, exhaustive=False):
        asked.append(limits.states)  # only the first call, on a budget, may come
        return Result(GAVE_UP, "builtin", states=limits.states, reason="state limit reached")

    monkeypatch.setattr(Beam, "run", lambda self, *a, **k: None)
    monkeypatch.setattr(BuiltinEngine, "solve", budgeted)
    engine = BeamEngine(width=8, max_width=16, complete=BuiltinEngine(), fcsolve=FcSolveEngine())
    r = solve(deal(1), SITE, engine, Limits(time=30))
    assert r.verdict == SOLVED and r.engine == "beam+fc-solve"
    assert asked == [BeamEngine.BUILTIN_BUDGET]
    single = FcSolveEngine().solve(deal(1), SITE, Limits(time=30)).moves
    nonfoundation = lambda moves: sum(m.dest.kind != "foundation" for m in moves)  # noqa: E731
    assert nonfoundation(r.moves) < nonfoundation(single)  # the post-pass ran


@needs_fcsolve
def test_the_hint_after_617s_5a_comes_from_fcsolve_when_the_beams_close_on_themselves():
    # From width 64, every beam up to 256 closes on itself here (the built-in
    # engine would take seconds for a line of 113 moves).
    p = deal(617)
    apply(p, resolve(p, Move.parse("5a"), SITE))
    r = solve(p, SITE, get_engine("beam", width=64), Limits(time=60))
    assert r.verdict == SOLVED and r.engine == "beam+fc-solve"
    assert r.states > BeamEngine.BUILTIN_BUDGET  # the budgeted complete search came first


def test_the_default_width_finds_the_hint_after_617s_5a_itself():
    p = deal(617)
    apply(p, resolve(p, Move.parse("5a"), SITE))
    r = solve(p, SITE, get_engine("beam"), Limits(time=60))
    assert r.verdict == SOLVED and r.engine == "beam" and r.nonfoundation_moves < 45


def test_the_complete_search_on_a_budget_comes_first():
    # 901776 under standard: no beam of width 32 to 128 finds a line; the
    # built-in engine settles it within its budget.
    r = solve(deal(901776), STANDARD, get_engine("beam", width=32), Limits(time=60))
    assert r.verdict == SOLVED and r.engine == "beam+builtin"


def test_a_beam_never_says_unsolvable(monkeypatch):
    # 11982 is unsolvable: the beam gives up at its limit; only the complete
    # search (--exhaustive: the prover) may prove it.
    r = BeamEngine(width=16).solve(deal(11982), STANDARD, Limits(states=5_000))
    assert r.verdict == GAVE_UP and r.reason == "state limit of 5,000 reached"
    with monkeypatch.context() as m:
        FakeClock(step=1.0).install(m, beam)  # past the limit at the first look
        r = BeamEngine(width=16).solve(deal(11982), STANDARD, Limits(time=0))
    assert r.verdict == GAVE_UP and r.reason == f"time limit of 0 s reached after {r.states:,} states"
    from freecell_cli.solvers.prove import ProveEngine

    called = []
    monkeypatch.setattr(ProveEngine, "solve", lambda self, p, v, l, exhaustive=False:
                        called.append(exhaustive) or Result("unsolvable", "prove"))
    assert get_engine("beam").solve(deal(11982), STANDARD, Limits(), exhaustive=True).verdict == "unsolvable"
    assert called == [True]


def test_exhaustive_proves_then_looks_for_a_short_line():
    # Deal 1 is solvable: the proof's line is long, the beams then find a
    # shorter one on what is left (the result says both engines).
    r = solve(deal(1), SITE, get_engine("beam"), Limits(time=60), exhaustive=True)
    assert r.verdict == SOLVED and r.engine == "prove+beam" and r.nonfoundation_moves < 40
    # The proof finds deal 1's line within 800 positions; the 90 or so left are too
    # few for a beam, so the proof's own (shortened) line is the answer.
    r = solve(deal(1), SITE, get_engine("beam"), Limits(states=800), exhaustive=True)
    assert (r.verdict, r.engine) == (SOLVED, "prove") and r.states < 800


def test_a_wide_beam_keeps_to_its_limits_within_a_layer(monkeypatch):
    # One layer of a beam this wide offers tens of thousands of positions: the
    # limits are checked after each position expanded, not only between layers.
    r = BeamEngine(width=100_000).solve(deal(617), SITE, Limits(states=2_000))
    assert r.verdict == GAVE_UP and r.reason == "state limit of 2,000 reached"
    assert 2_000 <= r.states < 2_000 + 60  # at most the children of one position more
    # A clock a second later at each look: 50 looks. Looked at only between
    # layers, that would be 50 layers, millions of positions.
    FakeClock(step=1.0).install(monkeypatch, beam)
    r = BeamEngine(width=100_000).solve(deal(617), SITE, Limits(time=50))
    assert r.verdict == GAVE_UP and r.reason == f"time limit of 50 s reached after {r.states:,} states"
    assert r.states < 200_000


def test_progress_is_reported():
    seen = []
    solve(deal(1), SITE, BeamEngine(width=16), Limits(progress=lambda states, seconds: seen.append(states)))
    assert seen and seen == sorted(seen)


def test_optimize_is_no_longer_than_one_search(monkeypatch):
    monkeypatch.setattr(BeamEngine, "WIDTH", 16)  # keep the test fast
    monkeypatch.setattr(BeamEngine, "OPTIMIZE_FACTOR", 4)
    plain = solve(deal(5), SITE, BeamEngine())
    engine = BeamEngine(optimize=True)
    assert [(p.width, p.per_parent) for p in engine.plans()] == [(16, BeamEngine.PER_PARENT), (64, BeamEngine.PER_PARENT)]
    best = solve(deal(5), SITE, engine)
    assert best.verdict == SOLVED and best.nonfoundation_moves <= plain.nonfoundation_moves
    # Given a width, --optimize searches that wide once (and tries pairs in the post-pass).
    assert [p.width for p in BeamEngine(width=40, optimize=True).plans()] == [40]


def test_moves_into_empty_columns_are_pruned():
    # Column 3 is one run: none of its cards go to an empty column; column 2
    # would only move whole; only the leftmost empty column is a target.
    p = parse_position("----:QQ97:8SKC/KD/KHQSJHTS/9SKSQHJSTH////")
    b = Beam(p, SITE, 8)
    cols, cells, found = start_state(p, SITE)
    node = b.node(cols, cells, found, None)
    candidates = []
    b.closed_at_start = True
    assert b.expand(node, candidates, set(), set()) is None
    moves = [c[4] if c[2] is None else c[2][7][1] for c in candidates]
    to_empty = [m for m in moves if m[0] == 3 and not cols[m[2]]]
    assert sorted((m[1], m[3]) for m in to_empty) == [(0, 1), (3, 1), (3, 2), (3, 3), (3, 4)]
    assert {m[2] for m in to_empty} == {4}


def test_get_engine_beam_options():
    e = get_engine("beam", width=12, optimize=True)
    assert isinstance(e, BeamEngine) and e.width == 12 and e.optimize and e.shorten_depth == 2
    assert Weights().home == 3


def test_the_first_beam_sends_every_card_home_that_can_go():
    # all_home: no position in the line has a card that could go home and did not.
    b = Beam(deal(3), SITE, 16, all_home=True)
    path = b.run()
    assert path is not None
    state = start_state(deal(3), SITE)
    for m in path:
        cols, cells, found = state
        if m[0] > TO_HOME_FROM_CELL:
            waiting = [c for c in [col[-1] for col in cols if col] + list(cells) if found[c & 3] == c >> 2]
            assert not waiting
        state = play(*state, m, True)[:3]
    assert state[2] == (13, 13, 13, 13)
    assert not Beam(deal(3), WINDOWS, 16, all_home=True).all_home  # windows plays its own moves home


def test_the_first_beam_keeps_few_children_of_one_position():
    b = Beam(deal(9), SITE, 32, all_home=True, per_parent=2)
    counts = []
    real_select = b._select

    def select(pool, width, kept):
        layer, done, leftover = real_select(pool, width, kept)
        parents: dict[int, int] = {}
        for node in layer:
            if node[7] is not None:  # (parent's back chain, move): one parent, one chain
                parents[id(node[7][0])] = parents.get(id(node[7][0]), 0) + 1
        counts.append(max(parents.values(), default=0))
        return layer, done, leftover

    b._select = select
    b.run_python()  # the specification's own selection (the compiled one gives the same line)
    assert counts and max(counts) <= 2
    assert BeamEngine().plans()[0].per_parent == BeamEngine.PER_PARENT == 8


def test_optimize_starts_with_the_default_search():
    assert BeamEngine(optimize=True).plans()[0] == BeamEngine().plans()[0]
    assert max(p.width for p in BeamEngine(optimize=True).plans()) == 768 * 32


def test_deals_1_to_20_are_no_longer_than_before():
    # 560 non-foundation moves in all before the cap per position and the new
    # fallbacks (each deal's own count goes up or down a little); every line verified.
    results = [solve(deal(n), SITE, BeamEngine()) for n in range(1, 21)]
    assert all(r.verdict == SOLVED and r.engine == "beam" for r in results)
    assert sum(r.nonfoundation_moves for r in results) <= 560


def test_the_garbage_collector_is_as_the_caller_left_it():
    import gc

    assert gc.isenabled()
    solve(deal(1), SITE, BeamEngine(width=8))
    assert gc.isenabled()
    gc.disable()
    try:
        solve(deal(1), SITE, BeamEngine(width=8))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_when_every_search_gives_up_the_users_time_limit_is_named(monkeypatch):
    from freecell_cli.solvers import builtin, engine, fcsolve, prove, shorten

    monkeypatch.setattr(Beam, "run", lambda self, *a, **k: None)  # no beam finds a line
    # One clock for every search on the way (the complete one, fc-solve, the
    # prover): each has what the others left, and the time runs out in one of them.
    FakeClock(step=0.01).install(monkeypatch, beam, builtin, engine, fcsolve, prove, shorten)
    r = solve(deal(11982), SITE, BeamEngine(width=8, max_width=16, complete=BuiltinEngine()), Limits(time=0.3))
    assert r.verdict == GAVE_UP and r.engine == "beam+builtin"
    assert r.reason == f"time limit of 0.3 s reached after {r.states:,} states"
