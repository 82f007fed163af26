"""Deals our solver has solved (and our verifier accepted), per number of suits:
what `spider deal --winnable` picks from. From the records of
``python benchmarks/bench_spider.py`` (60 s each, deals 1-100)."""

WINNABLE: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 101)),
    2: frozenset(range(1, 101)),
    4: frozenset(range(1, 101)) - {17},
}
