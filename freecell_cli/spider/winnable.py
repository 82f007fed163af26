"""Deals our solver has solved (and our verifier accepted), per number of suits:
what `spider deal --winnable` picks from. From the records of
``python benchmarks/bench_spider.py`` (60 s each; 1 and 2 suits over deals 1-100,
4 suits over deals 1-20)."""

WINNABLE: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 101)),
    2: frozenset(range(1, 101)) - {43},
    4: frozenset({1, 4, 6, 7, 8, 9, 11, 12, 14, 15, 16, 19, 20}),
}
