"""Deals our solver has solved (and our verifier accepted), per number of suits:
what `spider deal --winnable` picks from. From the records of
``python benchmarks/bench_spider.py`` (deals 1-100, 60 s each; the 2- and 4-suit
runs were partial when this was written)."""

WINNABLE: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 101)),
    2: frozenset(range(1, 25)),
    4: frozenset(range(1, 2)),
}
