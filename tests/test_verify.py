import random
import re
import subprocess

import pytest

from freecell_cli import deal, find_variant
from freecell_cli.solutions import parse_solution
from freecell_cli.verify import start_position, verify
from oracle import FIXTURES, needs_board, needs_fcsolve
from refimpl import KIND_PATTERNS, replay, site_capacity, standard_capacity

SITE, STANDARD = find_variant("site"), find_variant("standard")
EXAMPLES = FIXTURES.parent.parent / "examples"


def fcsolve_solution(n: int) -> str:
    board = subprocess.run(["make-microsoft-freecell-board", "-t", str(n)], capture_output=True, text=True, check=True).stdout
    return subprocess.run(["fc-solve", "-m", "-snx", "-l", "lg", "-"], input=board, capture_output=True,
                          text=True, check=True, env={"FREECELL_SOLVER_QUIET": "1"}).stdout


def columns_of(n):
    return [[str(c) for c in col] for col in deal(n).columns]


@needs_board
@needs_fcsolve
def test_fcsolve_solutions_against_independent_replay():
    """Every -l lg solution is valid under standard; under site it fails exactly
    at the first run the independent replayer finds over 2^free x (empty + 1)."""
    rejected = 0
    deals = range(1, 301)
    for n in deals:
        sol = parse_solution(fcsolve_solution(n))
        start = start_position(sol, deal=n)
        std = verify(sol, start, STANDARD)
        assert std.ok, (n, std.summary())
        ref_std = replay(columns_of(n), sol.tokens, standard_capacity)
        assert ref_std[0] is None and ref_std[2].cards_home() == 52
        index, kind, _ = replay(columns_of(n), sol.tokens, site_capacity)
        site = verify(sol, start, SITE)
        if index is None:
            assert site.ok, (n, site.summary())
        else:
            rejected += 1
            assert not site.valid and site.error.index == index, (n, site.summary(), index)
            assert kind == "capacity" and re.search(KIND_PATTERNS[kind], site.error.reason)
    # About a quarter of fc-solve's solutions break the site's rule.
    assert 0.1 * len(deals) < rejected < 0.4 * len(deals)


def _mutations(tokens, rng):
    k = rng.randrange(len(tokens))
    yield "drop", tokens[:k] + tokens[k + 1:]
    if k + 1 < len(tokens):
        swapped = list(tokens)
        swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
        yield "swap", swapped
    changed = list(tokens)
    src = changed[k][0]
    dests = [d for d in "12345678abcdh" if d != src]
    changed[k] = src + rng.choice(dests)
    yield "dest", changed
    yield "cut", tokens[: rng.randrange(1, len(tokens))]


@pytest.mark.parametrize("name", ["617.snx-out.txt", "4.snx-out.txt"])
def test_mutated_solutions_rejected_at_the_right_move(name):
    text = (EXAMPLES / name).read_text()
    n = int(name.split(".")[0])
    tokens = parse_solution(text).tokens
    rng = random.Random(n)
    checked = 0
    for _ in range(60):
        for kind_of_mutation, mutated in _mutations(tokens, rng):
            sol = parse_solution(" ".join(mutated))
            got = verify(sol, deal(n), STANDARD)
            index, kind, table = replay(columns_of(n), mutated, standard_capacity)
            if index is None:
                assert got.valid
                assert got.solved == (table.cards_home() == 52)
                if not got.solved:
                    assert got.summary() == (
                        f"all {len(mutated)} moves legal, not solved: {table.cards_home()} cards home"
                    )
            else:
                assert not got.valid and got.error.index == index, (kind_of_mutation, got.summary(), index, kind)
                assert re.search(KIND_PATTERNS[kind], got.error.reason), (kind, got.error.reason)
            checked += 1
    assert checked >= 200


def test_sam_states_are_checked_and_resynchronised():
    text = (EXAMPLES / "617.sam.txt").read_text()
    sol = parse_solution(text)
    assert sol.position is not None and len(sol.states) == len(sol)
    assert verify(sol, start_position(sol), SITE).ok
    # Corrupt the state printed after move 10: verify must say so, at move 10.
    idx = 9
    state = sol.states[idx]
    m = re.search(r"(?m)^: (\S+) (\S+)", state)
    sol.states[idx] = state.replace(m.group(0), f": {m.group(2)} {m.group(1)}", 1)
    v = verify(sol, start_position(sol), SITE)
    assert not v.valid and v.error.index == 10
    assert "position after this move differs from the file's: column" in v.error.reason
    # With --all-errors the replay resynchronises on the file's states and goes on.
    sol.tokens[19] = "ah" if sol.tokens[19] != "ah" else "bh"
    sol.explicit.pop(19, None)
    v = verify(sol, start_position(sol), SITE, all_errors=True)
    # 10: the corrupted state; 11: the next state does not follow from it; 20: the bad move.
    assert [p.index for p in v.problems] == [10, 11, 20]


def test_windows_counts_automatic_moves():
    from freecell_cli import parse_position

    sol = parse_solution("45")
    start = parse_position("----:QQQJ:KC/KD/KH/QSKS/")
    v = verify(sol, start, find_variant("windows"))
    assert v.ok and v.moves == 6
    v = verify(sol, start, SITE)
    assert v.valid and not v.solved and v.moves == 1


def test_start_position_rules():
    from freecell_cli.errors import InvalidSolution

    with pytest.raises(InvalidSolution, match="names no deal"):
        start_position(parse_solution("5a"))
    sol = parse_solution("# freecell-cli solution\n# deal: 617\n# cells: 2\n5a")
    assert len(start_position(sol).cells) == 2
    assert start_position(sol, deal=617).deal == 617
    with pytest.raises(InvalidSolution, match="^deal 1 was given, but the solution is for deal 617$"):
        start_position(sol, deal=1)  # a deal that contradicts the file's header is refused


def test_steps_the_files_solver_made_are_played_but_not_numbered():
    from freecell_cli.moves import Move
    from freecell_cli.solutions import Solution
    from freecell_cli.verify import verify

    sol = Solution()
    sol.add("5r", 1, Move.parse("5a"))
    sol.add("ah", 1, Move.parse("ah"), automatic=True)  # (not legal: JC cannot go home)
    v = verify(sol, deal(617), find_variant("standard"))
    assert (v.valid, v.file_moves, v.error.index, v.error.move, v.error.step) == (False, 1, 1, "ah", 1)
    assert v.error.reason == "JC cannot go to the foundation (clubs empty) (the file's solver moved it home by itself, after move 1)"
    sol = Solution()
    sol.add("5r", 1, Move.parse("5a"))
    sol.add("c1", 1, Move.parse("c1"), refused="the reserve holds 1 card: c names no card")
    sol.add("1r", 1, Move.parse("1b"))
    v = verify(sol, deal(617), find_variant("standard"))
    assert (v.error.index, v.error.reason, v.file_moves) == (2, "the reserve holds 1 card: c names no card", 3)
