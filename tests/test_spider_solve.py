from freecell_cli.spider.deals import deal
from freecell_cli.spider.solve import GAVE_UP, SOLVED, Limits, solve
from freecell_cli.spider.verify import parse_solution, verify
from spider_helpers import table


def test_solves_one_suit_deal_and_verifies():
    p = deal(5, suits=1)
    r = solve(p, Limits(time=30))
    assert r.verdict == SOLVED and r.move_count == len(r.notation) == len(r.steps())
    assert verify(parse_solution(" ".join(r.notation)), p).ok
    assert sum(1 for s in r.steps() if s == {"deal": True}) == 5
    assert all(set(s) == {"from", "to", "cards"} and 1 <= s["from"] <= 10 for s in r.steps() if "deal" not in s)


def test_gives_up_at_the_state_limit_and_never_claims_unsolvable():
    r = solve(deal(2, suits=4), Limits(time=None, states=300))
    assert r.verdict == GAVE_UP and r.reason == "state limit of 300 reached" and r.moves == []


def test_already_won_and_one_move_from_won():
    won = table("", "", "", "", "", "", "", "", "", "", suits=1, removed=("S",) * 8)
    assert solve(won).verdict == SOLVED and solve(won).moves == []
    p = table("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", "", suits=1,
              removed=("S",) * 7)
    assert solve(p).notation == ["21"]


def test_solves_a_four_suit_deal_and_verifies():
    # deal 23 falls to the first, smallest try; the limit is only a safety net
    p = deal(23, suits=4)
    r = solve(p, Limits(time=120))
    assert r.verdict == SOLVED
    v = verify(parse_solution(" ".join(r.notation)), p)
    assert v.ok and v.moves == r.move_count


def test_limits_and_solver_error_are_freecells():
    """One meaning for both games: the same classes as FreeCell's engines."""
    import importlib

    from freecell_cli.solvers import result

    spider_solve = importlib.import_module("freecell_cli.spider.solve")  # freecell_cli.spider.solve is the function

    assert spider_solve.Limits is result.Limits and spider_solve.SolverError is result.SolverError
    assert solve.__defaults__[0] == Limits(time=60.0)  # with no limits given, 60 s as before
