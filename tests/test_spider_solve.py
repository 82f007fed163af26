import importlib
import random
from collections import deque

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from freecell_cli.cards import Card
from freecell_cli.spider.deals import deal
from freecell_cli.spider.position import Column, Position
from freecell_cli.spider.solve import GAVE_UP, SOLVED, UNSOLVABLE, Limits, solve
from freecell_cli.spider.verify import parse_solution, verify
from spider_helpers import cards, table


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


# -- the complete search: seed 003's examples, each both ways -----------------------------
solver = importlib.import_module("freecell_cli.spider.solve")  # (freecell_cli.spider.solve is the function)
budget = importlib.import_module("freecell_cli.spider.budget")
exhaustive = importlib.import_module("freecell_cli.spider.exhaustive")

CLUBS = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"  # a run of clubs waiting for its ace
R7 = ("C", "D", "D", "H", "H", "S", "S")  # 7 runs removed: the clubs' is the last (a partial table)
DEAL_STOCK = "AC AH AD AS AH AD AS AH AD AS"  # the clubs' ace for column 1, aces elsewhere (nothing goes on them)


def clubs(*columns, stock="", **kw):
    return table(CLUBS, *columns, stock=stock, removed=R7, **kw)


# Each pair: a position no play wins because of one rule of seed 003, and the same
# position with that rule's case turned the other way, which is won. Columns not
# written hold a KD each: they keep every column filled, and only the clubs' QC..2C
# can go on one (and back), which gains nothing.
EXAMPLES = {
    # 2nd table, row 3: of 9S 8H 7S only 7S moves, and no column ends in an 8 or is
    # empty; 9S 8S 7S moves as one onto the 10, uncovering the clubs' ace.
    "mixed run": (clubs("AC 9S 8H 7S", "TD"), clubs("AC 9S 8S 7S", "TD"), {}),
    # row 2: of 9S 8H 7H the last two move together, but only onto a 9 (there is none);
    # with a 9 at a column's end they go there, then 9S onto the 10.
    "mixed run, two move": (clubs("AC 9S 8H 7H", "TD"), clubs("AC 9S 8H 7H", "TD", "9D"), {}),
    # 9S 8S 7S on a 10 of hearts: TH 9S 8S 7S is not one run, so it cannot go onto the
    # jack; TS 9S 8S 7S can.
    "run on another suit": (clubs("AC TH 9S 8S 7S", "JD"), clubs("AC TS 9S 8S 7S", "JD"), {}),
    # nothing goes on an ace (K is not one rank below A): KH stays on the clubs' ace;
    # an ace goes on a 2 of any suit.
    "nothing on an ace": (clubs("AC KH", "AD"), clubs("AC AH", "2D"), {}),
    # no deal while a column is empty: the 20 cards on the table fill 10 columns only
    # when the clubs are split, and then the deal covers every end with an ace; the
    # unrestricted deal (the seed's "Unrestricted Deal" setting) gives the clubs their
    # ace at once.
    "deal with an empty column": (clubs(*["KD"] * 8, "", stock=DEAL_STOCK),
                                  clubs(*["KD"] * 8, "", stock=DEAL_STOCK), {"unrestricted": True}),
    # a complete K-A of mixed suits is not removed (7C..AC onto 8H makes one);
    # of one suit it is.
    "mixed K-A": (table("KC QC JC TC 9C 8H", "7C 6C 5C 4C 3C 2C AC", removed=R7),
                  table("KC QC JC TC 9C 8C", "7C 6C 5C 4C 3C 2C AC", removed=R7), {}),
}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_seed_examples_are_proven_unsolvable_and_their_flips_solved(name):
    lost, won, flip = EXAMPLES[name]
    proof = solve(lost, Limits(time=60), exhaustive=True)
    assert proof.verdict == UNSOLVABLE and proof.moves == [] and proof.reason == ""
    assert proof.states == proof.positions > 0
    # without --exhaustive the heuristic search runs out of moves first, then the
    # complete search settles it: the same proof, not "gave up"
    after = solve(lost, Limits(time=60))
    assert (after.verdict, after.positions) == (UNSOLVABLE, proof.positions) and after.states > proof.positions
    for exhaustive in (False, True):
        r = solve(won, Limits(time=60), exhaustive=exhaustive, **flip)
        assert r.verdict == SOLVED
        assert verify(parse_solution(" ".join(r.notation)), won, **flip).ok


def test_the_deal_example_is_also_won_when_the_empty_column_is_filled():
    r = solve(clubs(*["KD"] * 9, stock=DEAL_STOCK), Limits(time=60), exhaustive=True)
    assert r.verdict == SOLVED and r.notation == ["d"]


def test_a_won_position_needs_no_search():
    won = table("", "", "", "", "", "", "", "", "", "", suits=1, removed=("S",) * 8)
    r = solve(won, exhaustive=True)
    assert (r.verdict, r.moves, r.states) == (SOLVED, [], 0)


def test_the_complete_search_takes_every_empty_column_while_the_stock_has_cards():
    """With cards in the stock the columns are not alike (the next deal gives each
    its own card): a run may go into any empty column, a whole column too. With the
    stock empty the key sorts the columns, so the first empty one stands for all, and
    a whole column moved into an empty one would be the same position."""
    from freecell_cli.spider.cards import code

    def col(text):
        return bytes(code(c) for c in cards(text))

    cols = (col("QD JD"), b"", col("5C"), b"") + (col("KC"),) * 6
    moves = exhaustive._steps(cols, 0, 1, False)  # one deal left in the stock
    assert {(0, 1, 1), (0, 1, 2), (0, 3, 1), (0, 3, 2)} <= set(moves)  # JD, or QD JD, into either
    assert {(2, 1, 1), (2, 3, 1), (4, 3, 1)} <= set(moves)  # a whole column into either
    assert None not in moves  # no deal: two columns are empty
    assert exhaustive._steps(cols, 0, 1, True)[-1] is None  # unrestricted: the deal too
    moves = exhaustive._steps(cols, 1, 1, False)  # the stock dealt out
    assert [m for m in moves if m is not None and m[1] in (1, 3)] == [(0, 1, 1)]
    assert exhaustive._key(cols, 1, 1) == exhaustive._key(cols[2:] + cols[:2], 1, 1)
    assert exhaustive._key(cols, 0, 1) != exhaustive._key(cols[2:] + cols[:2], 0, 1)


def test_limits_stop_the_complete_search():
    lost = EXAMPLES["deal with an empty column"][0]
    r = solve(lost, Limits(time=None, states=100), exhaustive=True)
    assert (r.verdict, r.reason, r.states, r.positions) == (GAVE_UP, "state limit of 100 reached", 100, 100)
    r = solve(lost, Limits(time=None), exhaustive=True, max_stored=50)
    assert (r.verdict, r.reason, r.states, r.positions) == (GAVE_UP, "position limit of 50 reached", 50, 50)
    # the state limit counts both searches: the heuristic one's expansions, then positions
    r = solve(lost, Limits(time=None, states=2000))
    assert (r.verdict, r.reason, r.states) == (GAVE_UP, "state limit of 2,000 reached", 2000)
    assert 0 < r.positions < 2000


def test_the_cap_on_stored_positions_stops_the_heuristic_search():
    r = solve(deal(2, suits=4), Limits(time=None), max_stored=2000)
    assert (r.verdict, r.reason, r.positions) == (GAVE_UP, "position limit of 2,000 reached", 0)
    assert r.states > 0  # (expansions: what a phase stores is let go at the next deal)


def test_stored_cap_follows_the_address_space_limit(monkeypatch):
    import resource

    assert budget.stored_cap() <= budget.MAX_STORED
    limits = {resource.RLIMIT_AS: (400_000_000, resource.RLIM_INFINITY)}
    monkeypatch.setattr(resource, "getrlimit", lambda which: limits.get(which, (resource.RLIM_INFINITY,) * 2))
    assert budget.stored_cap() == 200_000_000 // budget.STORED_BYTES
    monkeypatch.setattr(budget, "MAX_STORED", 1000)
    assert budget.stored_cap() == 1000


def test_exhaustive_and_the_cap_are_checked():
    from freecell_cli.errors import ArgumentTypeError, InvalidArgument

    p = clubs("AC 9S 8H 7S", "TD")
    with pytest.raises(ArgumentTypeError):
        solve(p, exhaustive="yes")
    with pytest.raises(InvalidArgument):
        solve(p, max_stored=0)


def test_api_exhaustive_lifts_the_default_time_limit(monkeypatch):
    import freecell_cli as fc

    seen = []
    real = solver.solve
    monkeypatch.setattr(solver, "solve", lambda p, limits, *a: seen.append(limits) or real(p, limits, *a))
    p = clubs("AC 9S 8H 7S", "TD")
    assert fc.spider_solve(p, exhaustive=True).verdict == "unsolvable"
    assert fc.spider_solve(p).verdict == "unsolvable"
    assert fc.spider_solve(p, time_limit=0).verdict == "unsolvable"
    assert [lim.time for lim in seen] == [None, 60.0, None]


# -- a property: the complete search against a plain breadth-first search ------------------
def _bfs(position, unrestricted=False, cap=4000):
    """A plain breadth-first search written from the seed's rules alone (cards as
    (rank, suit), every move tried on every column, each position once, no symmetry,
    no pruning). True when a position is won, False when none is, None past ``cap``."""
    cols = tuple((tuple((c.rank, c.suit) for c in col.down), tuple((c.rank, c.suit) for c in col.up))
                 for col in position.columns)
    stock = tuple((c.rank, c.suit) for c in position.stock)
    need = 8 - len(position.removed)

    def settle(down, up):  # a complete same-suit K..A at the end leaves; the card under turns up
        removed = 0
        if len(up) >= 13 and all(up[-1 - i] == (i + 1, up[-1][1]) for i in range(13)):
            up, removed = up[:-13], 1
        if not up and down:
            down, up = down[:-1], down[-1:]
        return (down, up), removed

    seen = {(cols, stock)}
    queue = deque([(cols, stock, 0)])
    while queue:
        cols, stock, removed = queue.popleft()
        if removed == need:
            return True
        nexts = []
        for s, (sdown, sup) in enumerate(cols):
            for n in range(1, len(sup) + 1):
                moving = sup[-n:]
                if any(a[1] != b[1] or a[0] != b[0] + 1 for a, b in zip(moving, moving[1:])):
                    break  # not a same-suit descending run: neither is any longer piece
                for d, (ddown, dup) in enumerate(cols):
                    if d != s and (not dup or dup[-1][0] == moving[0][0] + 1):
                        new = list(cols)
                        new[s], _ = settle(sdown, sup[:-n])
                        new[d], got = settle(ddown, dup + moving)
                        nexts.append((tuple(new), stock, removed + got))
        if stock and (unrestricted or all(up for _, up in cols)):
            new, got = [], 0
            for (down, up), card in zip(cols, stock[:10]):
                col, g = settle(down, up + (card,))
                new.append(col)
                got += g
            nexts.append((tuple(new), stock[10:], removed + got))
        for nxt in nexts:
            if nxt[:2] not in seen:
                seen.add(nxt[:2])
                queue.append(nxt)
        if len(seen) > cap:
            return None
    return False


def _random_small_position(rng: random.Random) -> Position:
    """The last run's suit in two to four same-suit pieces, some covered by a stray
    card, the other columns mostly a single ace or king, a few cards face down, and
    half the time one deal in the stock (mostly aces, sometimes the last run's own)."""
    suits = rng.choice([1, 2, 4])
    letters = {1: "S", 2: "SH", 4: "CDHS"}[suits]
    main = rng.choice(letters)

    def card():
        return Card(rng.randint(1, 13), rng.choice(letters))

    run = [Card(r, main) for r in range(13, 0, -1)]
    cuts = sorted(rng.sample(range(1, 13), rng.randint(1, 3)))
    cols: list[list[Card]] = [[] for _ in range(10)]
    for i, piece in zip(rng.sample(range(10), len(cuts) + 1), [run[a:b] for a, b in zip([0] + cuts, cuts + [13])]):
        cols[i] = ([card()] if rng.random() < 0.5 else []) + piece + ([card()] if rng.random() < 0.4 else [])
    for col in cols:
        if not col and rng.random() < 0.97:
            col.append(Card(rng.choice([1, 13]), rng.choice(letters)) if rng.random() < 0.85 else card())
    stock: tuple = ()
    if rng.random() < 0.5:
        stock = tuple(Card(1, rng.choice(letters)) if rng.random() < 0.8 else card() for _ in range(10))
        ace = Card(1, main)
        holder = next((col for col in cols if col and col[-1] == ace), None)
        if holder is not None and rng.random() < 0.5:
            holder.pop()
            i = rng.randrange(10)
            stock = stock[:i] + (ace,) + stock[i + 1:]
    columns = []
    for col in cols:
        down = rng.randint(0, min(len(col) - 1, 2)) if col else 0
        columns.append(Column(tuple(col[:down]), tuple(col[down:])))
    removed = ("S",) * 7 if suits == 1 else tuple(sorted(letters * 4))[:7]
    return Position(suits, tuple(columns), stock, removed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.booleans())
def test_complete_search_agrees_with_a_plain_breadth_first_search(seed, unrestricted):
    p = _random_small_position(random.Random(seed))
    r = solve(p, Limits(time=None), unrestricted, exhaustive=True, max_stored=3000)
    assume(r.verdict != GAVE_UP)
    won = _bfs(p, unrestricted)
    assume(won is not None)  # (the breadth-first search has no symmetry: it can need more positions)
    event(r.verdict)
    assert won == (r.verdict == SOLVED)
