"""The heuristic search's own logic: the move pruning (and the swaps it lets
through on request), the deal's score by lookup, and the phased search's report of
whether a try was cut short."""

import random

from freecell_cli.spider.budget import Budget
from freecell_cli.spider.deals import deal
from freecell_cli.spider.moves import DEAL, Move, apply, notation
from freecell_cli.spider.heuristic import Search, column_score, node_steps, phased
from freecell_cli.spider.solve import Limits
from freecell_cli.spider.verify import Solution, verify
from spider_helpers import table


def moves(position, swaps=False):
    s = Search(position)
    return {(c.move[0], c.move[1], c.n) for c in s.children(s.root, set(), swaps)}


def line(position, steps):
    """The search's steps in notation, as :func:`~freecell_cli.spider.solve.solve` writes them."""
    out = []
    for step in steps:
        move = DEAL if step is None else Move(*step)
        out.append(str(notation(position, move)))
        position = apply(position, move)
    return tuple(out)


def test_a_swap_is_tried_only_on_request():
    # 5H on 6S (column 1) could go onto 6C (column 2), uncovering 6S for 5S
    # (column 3): pruned by default (the run already follows a 6), tried with swaps
    p = table("4D | 6S 5H", "6C", "7D 5S")
    assert (0, 1, 1) not in moves(p)
    assert (0, 1, 1) in moves(p, swaps=True)
    # onto its own suit's 6 it is always tried; a part of a same-suit run never
    # goes onto another suit, swaps or not
    assert (0, 1, 1) in moves(table("4D | 6S 5H", "6H"))
    q = table("4D | 7H 6H 5H", "6C", "7S", "8C")
    for swaps in (False, True):
        assert {(0, 1, 1), (0, 2, 2)}.isdisjoint(moves(q, swaps)) and (0, 3, 3) in moves(q, swaps)


def test_the_deals_score_by_lookup_is_the_dealt_columns_score():
    rng = random.Random(7)
    for suits in (1, 2, 4):
        s = Search(deal(rng.randint(1, 10**6), suits))
        node, seen = s.root, set()
        checked = 0
        for _ in range(60):  # down a random line of moves, checking every node on the way
            h = s.dealt_score(node)
            dealt = s.dealt(node)
            assert dealt.h == s.evaluate(dealt.cols, dealt.k, dealt.removed)
            if h is not None:
                assert h == dealt.h
                checked += 1
            kids = s.children(node, seen)
            if not kids:
                break
            node = rng.choice(kids)
            assert node.h == s.evaluate(node.cols, node.k, node.removed)
        assert checked > 0


def test_the_deals_score_defers_a_run_the_deal_completes():
    # the deal's AS lands on column 1's 2S: a complete run of spades leaves
    p = table("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", *["KD"] * 9, suits=1,
              stock="AS KS KS KS KS KS KS KS KS KS", removed=("S",) * 6)
    s = Search(p)
    assert s.dealt_score(s.root) is None
    dealt = s.dealt(s.root)
    assert dealt.removed == 1 and dealt.cols[0] == b""
    assert dealt.h == s.evaluate(dealt.cols, 1, 1) and column_score(b"", {}) < 0


def test_a_try_reports_whether_it_was_cut_short():
    p = deal(3, suits=1)
    for lifo in (False, True):
        s = Search(p)
        goal, cut = phased(s, 2, 250, Budget(Limits(time=None), 10**7, s.cache), lifo=lifo)
        assert goal is not None
        assert verify(Solution(line(p, node_steps(goal))), p).ok
    # a position with a handful of moves and no win: one try sees all of it
    lost = table("AC 9S 8H 7S", "TD", removed=("C", "D", "D", "H", "H", "S", "S"))
    s = Search(lost)
    assert phased(s, 2, 250, Budget(Limits(time=None), 10**7, s.cache)) == (None, False)
    # a deal's first phase has more positions than 5 expansions reach
    s = Search(p)
    assert phased(s, 1, 5, Budget(Limits(time=None), 10**7, s.cache))[1] is True
