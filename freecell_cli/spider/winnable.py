"""Deals our solver has solved (and our verifier accepted), per number of suits:
what `spider deal --winnable` picks from. From the records of
``python benchmarks/bench_spider.py`` (60 s each; 1 and 2 suits over deals 1-100,
4 suits over deals 1-20)."""

WINNABLE: dict[int, frozenset[int]] = {
    1: frozenset(range(1, 101)),
    2: frozenset({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100}),
    4: frozenset({1, 4, 6, 7, 8, 9, 11, 12, 14, 15, 16, 19, 20}),
}
