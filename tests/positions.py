"""Hand-built positions used across tests (all 52 cards, validated)."""

# 2 empty free cells, no empty column; column 2 ends with the run 8S 7H 6S 5H,
# column 1 ends with 9H.
TWO_FREE_NO_EMPTY = (
    "7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/6D5D8H"
)
# No empty free cell, 2 empty columns, same run and target.
NO_FREE_TWO_EMPTY = (
    "7S6H9S6C:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H5C/KSQSJSTS/9C8C7C5S/9D8D7D//"
)
# 2 empty free cells, 1 empty column (column 8).
TWO_FREE_ONE_EMPTY = (
    "7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/"
)
# Everything home but the kings and the queen of spades.
NEARLY_WON = "----:QQQJ:KC/KD/KH/KSQS"


def walk(n: int, cells: int, variant: str, steps: int, seed: int, columns: int = 8):
    """Deal ``n`` after up to ``steps`` random legal moves (seeded): a mid-game
    position, for the tests that compare the search cores."""
    import random

    from freecell_cli import deal, find_variant
    from freecell_cli.moves import apply, legal_moves

    rng = random.Random(seed)
    p = deal(n, cells=cells, columns=columns)
    v = find_variant(variant)
    for _ in range(steps):
        moves = legal_moves(p, v)
        if not moves:
            break
        apply(p, rng.choice(moves))
    return p


def walk_game(n: int, game: str, steps: int, seed: int):
    """Deal ``n`` of a FreeCell family ``game`` after up to ``steps`` random legal
    moves under its rules (seeded)."""
    import random

    from freecell_cli import deal
    from freecell_cli.games import find_rules
    from freecell_cli.moves import apply, legal_moves

    rng = random.Random(seed)
    p = deal(n, game=game)
    rules = find_rules(game)
    for _ in range(steps):
        moves = legal_moves(p, rules)
        if not moves:
            break
        apply(p, rng.choice(moves))
    return p
