"""Deals our solver has solved (and our verifier accepted), per number of suits:
what `spider deal --winnable` picks from. Regenerate with
``python benchmarks/bench_spider.py`` (the solved deals of its records)."""

WINNABLE: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 11)),
    2: frozenset(),
    4: frozenset({1, 4, 6}),
}
