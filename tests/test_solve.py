import pytest

from fakeclock import FakeClock
from freecell_cli import Position, deal, find_variant, format_position, parse_position
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.solutions import Solution
from freecell_cli.solvers.builtin import BuiltinEngine
from freecell_cli.solvers.engine import GAVE_UP, SOLVED, UNSOLVABLE, Limits, SolverError, get_engine, solve
from freecell_cli.solvers.expand import expand_run
from freecell_cli.verify import verify
from oracle import needs_fcsolve
from positions import NO_FREE_TWO_EMPTY
from refimpl import replay, site_capacity, standard_capacity

SITE, STANDARD, WINDOWS, ATOMIC = (find_variant(n) for n in ("site", "standard", "windows", "atomic"))


def _independent_check(n, tokens, capacity):
    cols = [[str(c) for c in col] for col in deal(n).columns]
    index, kind, table = replay(cols, tokens, capacity)
    return index, table.cards_home()


@pytest.mark.parametrize("n", [1, 617, 5000000000])
@pytest.mark.parametrize("variant", [SITE, STANDARD, ATOMIC, WINDOWS], ids=lambda v: v.name)
def test_builtin_solves_pinned_deals_legally(n, variant):
    r = solve(deal(n), variant, "builtin", Limits(time=30))
    assert r.verdict == SOLVED and r.engine == "builtin"
    sol = Solution(tokens=r.notation, lines=[1] * len(r.notation))
    v = verify(sol, deal(n), variant)
    assert v.ok and v.moves == r.move_count
    if variant is ATOMIC:
        assert all((m.count or 1) == 1 for m in r.moves)
    if variant in (SITE, STANDARD):
        # An independent replayer agrees the moves are legal and finish the game.
        cap = site_capacity if variant is SITE else standard_capacity
        assert _independent_check(n, r.notation, cap) == (None, 52)


def test_site_solutions_may_use_runs_textbook_rules_refuse():
    """Under site, the search plans with 2^free x (empty + 1): with 4 free cells that
    is 16 cards where the textbook allows 5. Find one solution that uses such a run."""
    used = False
    for n in range(1, 40):
        r = solve(deal(n), SITE, "builtin", Limits(time=30))
        sol = Solution(tokens=r.notation, lines=[1] * len(r.notation))
        if not verify(sol, deal(n), STANDARD).valid:
            used = True
            break
    assert used


# Deals 1-10 of each game of the FreeCell family that have no solution (Freecell
# Solver's scan ends without one on each of them too).
FAMILY_UNSOLVABLE = {"bakers-game": {10}, "forecell": {1, 9, 10}}


@pytest.mark.parametrize("game", FAMILY)
def test_deals_1_to_10_of_every_game_are_settled_by_our_engines(game):
    from freecell_cli.solvers.beam import BeamEngine
    from freecell_cli.solvers.prove import ProveEngine

    rules = find_rules(game)
    ours = BeamEngine(complete=BuiltinEngine(), prover=ProveEngine())  # the default's chain, Freecell Solver left out
    for n in range(1, 11):
        r = solve(deal(n, game=game), rules, ours, Limits(time=60))  # a line is verified under the game's rules
        assert r.verdict == (UNSOLVABLE if n in FAMILY_UNSOLVABLE.get(game, ()) else SOLVED), (n, r.reason)
        if r.verdict == SOLVED:
            assert verify(r.solution(), deal(n, game=game), rules).ok


@needs_fcsolve
@pytest.mark.parametrize("game", FAMILY)
def test_freecell_solver_says_the_same_of_deals_1_to_10(game):
    for n in range(1, 11):
        r = solve(deal(n, game=game), find_rules(game), "fc-solve", Limits(time=60))
        assert r.verdict == (UNSOLVABLE if n in FAMILY_UNSOLVABLE.get(game, ()) else SOLVED), n


def test_unsolvable_deal_11982_is_proven_under_atomic():
    r = BuiltinEngine().solve(deal(11982), ATOMIC, Limits(time=120), exhaustive=True)
    assert r.verdict == UNSOLVABLE and r.states > 1000


def test_limits_give_up():
    r = solve(deal(617), SITE, "builtin", Limits(states=5))
    assert r.verdict == GAVE_UP and "state limit of 5" in r.reason
    # No time at all: given up before the first state (the clock never runs back).
    r = solve(deal(617), SITE, "builtin", Limits(time=0.0))
    assert (r.verdict, r.reason, r.states) == (GAVE_UP, "time limit of 0 s reached after 0 states", 0)


def test_won_and_nearly_won_positions():
    p = parse_position("----:QQQJ:KC/KD/KH/KSQS")
    r = solve(p, SITE, "builtin")
    assert r.verdict == SOLVED and sorted(r.notation) == ["1h", "2h", "3h", "4h", "4h"]
    won = parse_position("----:KKKK:////////")
    assert solve(won, SITE, "builtin").notation == []


def test_search_state_is_canonical():
    from freecell_cli.solvers.state import key_of, start_state

    cols, cells, found = start_state(deal(1), SITE)
    assert key_of(cols, cells) == key_of(tuple(reversed(cols)), cells)


def test_expand_run_uses_single_moves_only():
    p = parse_position(NO_FREE_TWO_EMPTY)
    moves = expand_run(p, 1, 0, 4, SITE)
    assert all(m.count == 1 for m in moves) and len(moves) == 9
    assert [str(c) for c in p.columns[0][-5:]] == ["9H", "8S", "7H", "6S", "5H"]


def test_unknown_engine():
    with pytest.raises(SolverError, match="unknown engine"):
        get_engine("stockfish")


@needs_fcsolve
@pytest.mark.parametrize("variant", [SITE, STANDARD, ATOMIC, WINDOWS], ids=lambda v: v.name)
def test_fcsolve_engine_output_is_legal_under_the_variant(variant):
    for n in (1, 4, 10, 617):  # deal 4's fc-solve line breaks the site's rule at move 66
        r = solve(deal(n), variant, "fc-solve", Limits(time=30))
        assert r.verdict == SOLVED
        v = verify(Solution(tokens=r.notation, lines=[1] * len(r.notation)), deal(n), variant)
        assert v.ok


@needs_fcsolve
def test_fcsolve_unsolvable_and_limits():
    assert solve(deal(11982), STANDARD, "fc-solve").verdict == UNSOLVABLE
    r = solve(deal(11982), SITE, "fc-solve")
    assert r.verdict == GAVE_UP and "textbook" in r.reason
    r = solve(deal(617), SITE, "fc-solve", Limits(states=10))
    assert r.verdict == GAVE_UP and "state limit" in r.reason


@needs_fcsolve
def test_fcsolve_program_path_without_bindings(monkeypatch):
    from freecell_cli.solvers import fcsolve

    monkeypatch.setitem(fcsolve._LIB_STATE, "cls", None)
    for variant in (SITE, WINDOWS):
        r = solve(deal(4), variant, "fc-solve", Limits(time=30))
        assert r.verdict == SOLVED and r.engine.startswith("fc-solve")
    assert solve(deal(11982), STANDARD, "fc-solve").verdict == UNSOLVABLE
    assert solve(deal(617), SITE, "fc-solve", Limits(states=10)).verdict == GAVE_UP


def _two_cells_982():
    p = deal(982)
    p.cells = [None, None]
    return p  # under standard fc-solve searches long and stores much here


@needs_fcsolve
@pytest.mark.parametrize("path", ["library", "program"])
def test_fcsolve_gives_up_at_its_cap_of_stored_positions(monkeypatch, path):
    # Without a cap a hard search took gigabytes (and crashed under ulimit -v).
    from freecell_cli.solvers import fcsolve

    monkeypatch.setattr(fcsolve, "_LIB_STATE", {})  # handles are made with the cap: make new ones
    monkeypatch.setattr(fcsolve, "stored_cap", lambda: 20_000)
    if path == "program":
        monkeypatch.setitem(fcsolve._LIB_STATE, "cls", None)
    elif fcsolve._library() is None:
        pytest.skip("no freecell_solver bindings")
    r = solve(_two_cells_982(), STANDARD, "fc-solve", Limits(time=60))
    assert r.verdict == GAVE_UP
    assert r.reason == ("Freecell Solver's cap of 20,000 stored positions reached (about 0.0 GB); "
                        "--engine builtin searches on")


def test_the_cap_of_stored_positions_follows_ulimit(monkeypatch):
    import resource

    from freecell_cli.solvers import fcsolve

    real = resource.getrlimit
    monkeypatch.setattr(resource, "getrlimit", lambda which: real(which))
    if all(real(w)[0] == resource.RLIM_INFINITY for w in (resource.RLIMIT_AS, resource.RLIMIT_DATA)):
        assert fcsolve.stored_cap() == fcsolve.MAX_STORED
    limited = {resource.RLIMIT_AS: (1 << 30, resource.RLIM_INFINITY)}
    monkeypatch.setattr(resource, "getrlimit", lambda which: limited.get(which, (resource.RLIM_INFINITY,) * 2))
    assert fcsolve.stored_cap() == (1 << 29) // fcsolve.STORED_BYTES  # half of 1 GiB, 1.1 KB each


@needs_fcsolve
def test_fcsolve_keeps_a_short_time_limit(monkeypatch):
    # The time is looked at between chunks of iterations, the first one small: a
    # limit already past at the first look stops the search after that chunk.
    from freecell_cli.solvers import fcsolve

    if fcsolve._library() is None:
        pytest.skip("the chunks are the library's; the program is stopped by its own timeout")
    FakeClock(step=1.0).install(monkeypatch, fcsolve)  # each look a second later
    r = solve(_two_cells_982(), STANDARD, "fc-solve", Limits(time=0.01))
    assert r.verdict == GAVE_UP and r.reason == "time limit of 0.01 s reached"
    assert r.states == fcsolve._LibraryRun.FIRST_CHUNK


@needs_fcsolve
def test_fcsolve_says_which_column_is_too_tall_for_it():
    cards = [c for col in deal(1).columns for c in col]
    p = parse_position(format_position(Position([cards[0::2], cards[1::2]], 4)))
    with pytest.raises(SolverError, match=r"^Freecell Solver takes at most 20 cards in a column; column 1 has 26 "):
        solve(p, STANDARD, "fc-solve")
    assert solve(p, STANDARD, "auto", Limits(time=30)).engine == "builtin"  # auto goes on with ours


def test_library_moves_match_the_program():
    """The bindings' decoded moves are the program's -snx moves (same preset)."""
    import shutil
    import subprocess

    from freecell_cli.formats import format_position
    from freecell_cli.solutions import parse_solution
    from freecell_cli.solvers import fcsolve

    cls = fcsolve._library()
    if cls is None or shutil.which("fc-solve") is None:
        pytest.skip("needs both the freecell_solver bindings and fc-solve")
    for n in (1, 4, 617):
        _, moves, _ = fcsolve._LibraryRun(cls, deal(n), "lg").run(Limits())
        out = subprocess.run(["fc-solve", "-m", "-snx", "-l", "lg", "-"], input=format_position(deal(n), "fcs"),
                             capture_output=True, text=True).stdout
        sol = parse_solution(out)
        assert [(m.source, m.dest.kind, m.dest.index if m.dest.kind != "foundation" else -1) for m in moves] == [
            (m.source, m.dest.kind, m.dest.index) for m in (sol.move(i) for i in range(len(sol)))]


def test_fcsolve_absent_says_how_to_install(monkeypatch):
    from freecell_cli.solvers import fcsolve

    monkeypatch.setitem(fcsolve._LIB_STATE, "cls", None)
    monkeypatch.setattr(fcsolve.shutil, "which", lambda name: None)
    with pytest.raises(SolverError, match="apt-get install freecell-solver-bin"):
        get_engine("fc-solve")
    assert get_engine("auto").name == "builtin"
    from cli_helpers import run

    code, out, err = run("solve", "--deal", "1", "--engine", "fc-solve")
    assert code == 2 and out == "" and err.count("\n") == 1 and "freecell-solver-bin" in err


def test_labelled_deal_781948_is_solvable_under_the_sites_rules():
    """The site labels it unsolvable; textbook rules agree, but its own runs of
    2^free x (empty + 1) cards open a way. Checked by our verifier and by the
    independent replayer, from the solution kept in examples/."""
    from freecell_cli.solutions import parse_solution
    from oracle import FIXTURES

    sol = parse_solution((FIXTURES.parent.parent / "examples" / "781948-site.sol").read_text())
    assert sol.deal == 781948 and sol.variant == "site"
    assert verify(sol, deal(781948), SITE).ok
    std = verify(sol, deal(781948), STANDARD)
    assert not std.valid and "cards > can move" in std.error.reason
    assert _independent_check(781948, sol.tokens, site_capacity) == (None, 52)
    assert solve(deal(781948), STANDARD, "builtin", Limits(time=60)).verdict == UNSOLVABLE
    assert solve(deal(781948), SITE, "builtin", Limits(time=60)).verdict == SOLVED


@pytest.mark.parametrize("n", [146692, 455889])
def test_other_labelled_deals_are_unsolvable_under_site(n):
    assert solve(deal(n), SITE, "builtin", Limits(time=120), exhaustive=True).verdict == UNSOLVABLE


@needs_fcsolve
def test_unknown_fcsolve_preset_is_an_error():
    from freecell_cli.solvers.fcsolve import FcSolveEngine

    with pytest.raises(SolverError, match="nonsense"):
        solve(deal(1), SITE, FcSolveEngine(preset="nonsense"))
    assert solve(deal(1), SITE, FcSolveEngine(preset="qsi")).verdict == SOLVED


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 1_000_000), st.integers(3, 6), st.lists(st.integers(0, 999), max_size=25),
       st.sampled_from(["site", "standard", "windows"]))
def test_solutions_from_random_positions_verify(n, cells, picks, variant_name):
    """From positions reached by random play (any number of free cells), every
    solution the built-in engine returns replays legally under the variant."""
    from freecell_cli import apply, legal_moves

    variant = find_variant(variant_name)
    p = deal(n, cells=cells)
    for k in picks:
        moves = legal_moves(p, variant)
        if not moves:
            break
        apply(p, moves[k % len(moves)])
    r = solve(p, variant, "builtin", Limits(time=5))  # solve() re-verifies; check again here
    if r.verdict == SOLVED:
        sol = Solution(tokens=r.notation, lines=[1] * len(r.notation))
        assert verify(sol, p, variant).ok
    else:
        assert r.verdict in (GAVE_UP, UNSOLVABLE)


def test_time_limit_in_the_last_phase(monkeypatch):
    from freecell_cli.solvers import builtin

    monkeypatch.setattr(BuiltinEngine, "PHASES", ((0.8, 10), (0.0, None)))
    with monkeypatch.context() as m:
        FakeClock(step=0.05).install(m, builtin)  # 0.3 s: a few looks at the clock, every 256 states
        r = BuiltinEngine().solve(deal(11982), SITE, Limits(time=0.3))
    assert r.verdict == GAVE_UP and r.reason == f"time limit of 0.3 s reached after {r.states:,} states"
    assert 10 < r.states < 10_000  # the first phase's 10, then the last phase's until the limit
    r = BuiltinEngine().solve(deal(11982), SITE, Limits(states=50))
    assert r.verdict == GAVE_UP and r.reason == "state limit of 50 reached" and r.states == 50


def test_auto_names_the_users_limit_when_both_engines_give_up():
    from freecell_cli.solvers.engine import Fallback, Result

    class Fake:
        shortens = False

        def __init__(self, name, reason):
            self.name, self.reason = name, reason

        def solve(self, position, variant, limits, exhaustive=False):
            return Result(GAVE_UP, self.name, states=5, reason=self.reason(limits))

    first = Fake("fc-solve", lambda limits: "Freecell Solver's cap of 10 stored positions reached")
    second = Fake("builtin", lambda limits: f"time limit of {limits.time:g} s reached after 5 states")
    r = Fallback(first, second).solve(deal(1), SITE, Limits(time=30))
    assert r.reason == "Freecell Solver's cap of 10 stored positions reached; then the time limit of 30 s reached"
    second = Fake("builtin", lambda limits: f"state limit of {limits.states:,} reached")
    r = Fallback(first, second).solve(deal(1), SITE, Limits(states=1_000))
    assert r.reason == "Freecell Solver's cap of 10 stored positions reached; then the state limit of 1,000 reached"


def test_limits_say_what_is_left_and_when_they_are_reached():
    from freecell_cli.solvers.result import Limits

    assert Limits(time=10, states=1000).remaining(4.0, 250) == Limits(6.0, 750)
    assert Limits(time=1).remaining(5.0, 10) == Limits(0.0, None)  # never below zero
    assert Limits().remaining(99.0, 99) == Limits()
    assert Limits(states=10).reached(0.0, 10) and Limits(time=2).reached(2.0) and not Limits().reached(1e9, 10**9)


def test_a_results_dict_is_what_solve_json_prints():
    from freecell_cli import deal as make_deal, find_variant
    from freecell_cli.solvers.engine import solve as run

    r = run(make_deal(617), find_variant("site"), "builtin")
    d = r.to_dict()
    assert d == {"verdict": "solved", "engine": "builtin", "moves": r.notation, "move_count": r.move_count,
                 "nonfoundation_moves": r.nonfoundation_moves, "seconds": round(r.seconds, 4), "states": r.states,
                 "deal": 617, "variant": "site", "reason": None}


def test_an_engine_object_says_whether_it_shortens():
    import freecell_cli as fc
    from freecell_cli.errors import ArgumentTypeError

    class NoFlag:
        name = "mine"

        def solve(self, position, variant, limits, exhaustive=False):
            raise AssertionError("not reached")

    with pytest.raises(ArgumentTypeError, match="an engine object has a name"):
        fc.solve(deal(1), engine=NoFlag())


def test_a_verdict_is_its_string_everywhere():
    import json

    from freecell_cli.solvers.result import VERDICTS, Outcome, Result

    r = solve(deal(1), SITE, "builtin")
    assert r.verdict is Outcome.SOLVED and r.verdict == SOLVED == "solved"
    assert json.dumps(r.to_dict()["verdict"]) == '"solved"' and f"{r.verdict}" == "solved"
    assert repr(r.verdict) == "'solved'" and VERDICTS == ("solved", "unsolvable", "gave-up")
    assert Result("gave-up", "mine").verdict is Outcome.GAVE_UP  # a plain string is taken


def test_a_result_with_no_known_verdict_is_refused():
    from freecell_cli.errors import FreecellError
    from freecell_cli.solvers.result import Result

    with pytest.raises(FreecellError, match="a result's verdict is one of solved, unsolvable, gave-up, not 'won'"):
        Result("won", "mine")


def test_records_and_hints_hold_the_verdict_as_a_plain_string():
    # analyze's check_record tests the type (str): an Outcome there was refused.
    import freecell_cli as fc

    assert type(solve(deal(1), SITE, "builtin").to_dict()["verdict"]) is str
    assert type(fc.hint(deal(1), engine="builtin").verdict) is str
    record = fc.min_cells(8, "standard", max_cells=1)
    assert all(type(s["verdict"]) is str for s in record["searches"])
