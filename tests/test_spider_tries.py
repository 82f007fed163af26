"""The heuristic search's schedule: tries in order until one wins, or until one has
searched everything its moves reach."""

import importlib

from freecell_cli.spider.budget import Budget
from freecell_cli.spider.deals import deal
from freecell_cli.spider.heuristic import Search
from freecell_cli.spider.solve import Limits
from spider_helpers import table

tries = importlib.import_module("freecell_cli.spider.tries")


def run(position, schedule, monkeypatch):
    """The schedule's tries on ``position``: the goal, the report, the tries made."""
    made = []
    real = tries.phased

    def spy(search, width, budget, clock, swaps, lifo):
        made.append(tries.Try(width, budget, swaps, lifo))
        return real(search, width, budget, clock, swaps, lifo)

    monkeypatch.setattr(tries, "phased", spy)
    monkeypatch.setattr(tries, "SCHEDULE", schedule)
    s = Search(position)
    goal, cut = tries.heuristic(s, Budget(Limits(time=None), 10**7, s.cache, s.infos))
    return goal, cut, made


def test_tries_follow_the_schedule_until_one_wins(monkeypatch):
    # one start a phase and 3 expansions from it cannot win a deal; 250 from 8 do
    schedule = [tries.Try(1, 3), tries.Try(8, 250, swaps=True), tries.Try(8, 250, lifo=True)]
    goal, cut, made = run(deal(3, suits=1), schedule, monkeypatch)
    assert goal is not None and goal.removed == 8
    assert made == schedule[:2]


def test_a_try_that_saw_everything_ends_the_schedule(monkeypatch):
    lost = table("AC 9S 8H 7S", "TD", removed=("C", "D", "D", "H", "H", "S", "S"))
    goal, cut, made = run(lost, [tries.Try(2, 250), tries.Try(8, 250)], monkeypatch)
    assert (goal, cut, made) == (None, False, [tries.Try(2, 250)])


def test_the_schedule_has_an_end(monkeypatch):
    # every try cut short and none won: the schedule runs out, still cut short
    goal, cut, made = run(deal(2, suits=4), [tries.Try(1, 3), tries.Try(1, 4)], monkeypatch)
    assert (goal, cut, len(made)) == (None, True, 2)
