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


class TooBig(Exception):
    """The breadth-first oracle met more positions than its cap."""


def bfs_optimum(position, variant, cap: int = 100_000):
    """The fewest non-foundation moves to win, by 0-1 breadth-first search over
    whole positions (every legal move under ``variant``, and its automatic moves):
    None when no win exists; :class:`TooBig` past ``cap`` positions. The oracle
    of the optimal search and of the family's rules."""
    from collections import deque

    from freecell_cli.autoplay import play_move
    from freecell_cli.moves import FOUNDATION, legal_moves

    def key(p) -> tuple:
        return (tuple(sorted(tuple(c.index for c in col) for col in p.columns)),
                tuple(sorted(c.index for c in p.cells if c is not None)), tuple(p.foundations))

    best = {key(position): 0}
    queue = deque([(0, position.copy())])
    while queue:
        g, p = queue.popleft()
        if best[key(p)] < g:
            continue
        if all(f == 13 for f in p.foundations):
            return g
        if len(best) > cap:
            raise TooBig(len(best))
        for move in legal_moves(p, variant):
            q = p.copy()
            play_move(q, move, variant)
            cost = move.dest.kind != FOUNDATION
            k = key(q)
            if k in best and best[k] <= g + cost:
                continue
            best[k] = g + cost
            if cost:
                queue.append((g + 1, q))
            else:
                queue.appendleft((g, q))
    return None


def random_table(rng, ranks: tuple[int, int], sizes: tuple[int, int], ncols: int, ncells: int, in_cells: int,
                 game: str | None = None, fill_first: bool = False):
    """A random table: the cards below a random rank (in ``ranks``) home in each
    suit, until ``sizes`` bounds the cards left; those shuffled, up to ``in_cells``
    of them into the free cells, the rest dealt at random into ``ncols`` columns
    (``fill_first``: one into each column first). The small tables of the
    breadth-first oracle's tests."""
    from freecell_cli.cards import SUITS, Card
    from freecell_cli.position import Position

    while True:
        found = [rng.randint(*ranks) for _ in range(4)]
        left = [Card(r, s) for s, f in zip(SUITS, found) for r in range(f + 1, 14)]
        if sizes[0] <= len(left) <= sizes[1]:
            break
    rng.shuffle(left)
    k = rng.randint(0, in_cells)
    cols: list[list] = [[] for _ in range(ncols)]
    for i, c in enumerate(left[k:]):
        cols[i % ncols if fill_first and i < ncols else rng.randrange(ncols)].append(c)
    return Position(cols, left[:k] + [None] * (ncells - k), found, game=game).validate()
