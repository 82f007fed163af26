"""The compact search state (freecell_cli.solvers.state): the safe rule, the move
generator against the rules of moves.py, play and to_moves, the canonical key."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from freecell_cli import apply, deal, find_variant, legal_moves
from freecell_cli.autoplay import _safe, automatic_moves, autoplay
from freecell_cli.cards import CARDS
from freecell_cli.moves import CELL, COLUMN, FOUNDATION
from freecell_cli.solvers.state import (CELL_TO_COL, COL_TO_CELL, COL_TO_COL, SOLVED_FOUND, TO_HOME_FROM_CELL,
                                        TO_HOME_FROM_COL, capacities, in_search_order, is_safe, key_of, moves,
                                        moves_from, play, safe_home, start_state, to_moves, to_path)
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.solvers.rules import FREECELL, RULES, rules_of
from freecell_cli.variants import VARIANTS

ALL_FOUNDATIONS = list(itertools.product(range(14), repeat=4))


# -- the safe rule ----------------------------------------------------------------
def test_is_safe_is_autoplays_safe_rule_on_every_card_and_foundation():
    # autoplay's rule is asked only of a card that is next of its suit: so is_safe.
    p = deal(1)  # the rule reads only the foundations
    for found in ALL_FOUNDATIONS:
        p.foundations = list(found)
        for card in CARDS:
            theirs = found[card.suit_index] == card.rank - 1 and _safe(p, card)
            assert is_safe(card.index, found) == theirs, (card, found)


@pytest.mark.parametrize("game", FAMILY)
def test_is_safe_is_autoplays_rule_under_every_game(game):
    # By suit every next card is safe (the one card that could land on it is
    # home); in alternate colours, kings only into empty columns or not, FreeCell's rule.
    rules = rules_of(find_rules(game))
    p = deal(1, game=game)
    for found in ALL_FOUNDATIONS[::7]:
        p.foundations = list(found)
        for card in CARDS:
            theirs = found[card.suit_index] == card.rank - 1 and _safe(p, card)
            assert is_safe(card.index, found, rules) == theirs, (game, card, found)


def test_the_rules_records():
    assert [(r.build, r.empty, r.code) for r in RULES] == [
        ("alternate", "any", 0), ("suit", "any", 1), ("alternate", "kings", 2), ("suit", "kings", 3)]
    assert rules_of(find_variant("windows")) is FREECELL
    assert {g: rules_of(find_rules(g)).code for g in FAMILY} == {
        "bakers-game": 1, "eight-off": 3, "seahaven-towers": 3, "forecell": 2, "relaxed-freecell": 0}
    for r in RULES:
        for c in CARDS:
            for d in CARDS:
                assert r.fit[c.index][d.index] == find_rules(
                    "bakers-game" if r.suit else "standard").fits(c, d), (r, c, d)
        assert r.below == [tuple(c for c in range(52) if r.fit[c][d]) for d in range(52)]


def test_safe_home_sends_what_autoplays_safe_mode_sends():
    # The same rule, made until nothing more goes: the same cards home.
    rng = random.Random(3)
    for n in range(1, 30):
        p = deal(n, cells=rng.randint(0, 6))
        for _ in range(rng.randint(0, 60)):
            options = legal_moves(p, find_variant("standard"))
            if not options:
                break
            apply(p, rng.choice(options))
        cols = [bytes(c.index for c in col) for col in p.columns]
        cells = bytes(sorted(c.index for c in p.cells if c is not None))
        found = list(p.foundations)
        safe_home(cols, cells, found)
        autoplay(p, "safe")
        assert found == p.foundations


@pytest.mark.parametrize("game", FAMILY)
def test_safe_home_sends_what_autoplays_safe_mode_sends_under_every_game(game):
    rng = random.Random(len(game))
    rules = find_rules(game)
    for n in range(1, 15):
        p = deal(n, game=game)
        for _ in range(rng.randint(0, 80)):
            options = legal_moves(p, rules)
            if not options:
                break
            apply(p, rng.choice(options))
        cols = [bytes(c.index for c in col) for col in p.columns]
        cells = bytes(sorted(c.index for c in p.cells if c is not None))
        found = list(p.foundations)
        safe_home(cols, cells, found, rules_of(rules))
        autoplay(p, "safe")
        assert found == p.foundations


def test_play_uses_the_safe_rule_for_the_uncovered_card():
    # 3C under 2D: moving 2D uncovers 3C; it goes home only once 2D and 2H are home.
    cols = (bytes([8, 5]), b"", b"")
    assert play(cols, b"", (2, 1, 2, 2), (COL_TO_CELL, 0, 0, 1))[3] == []  # 2D itself is the next diamond
    after = play(cols, b"", (2, 2, 2, 2), (COL_TO_COL, 0, 1, 1))
    assert after[3] == [(TO_HOME_FROM_COL, 0, 0, 1)] and after[2] == (3, 2, 2, 2)


# -- the move generator -----------------------------------------------------------
def _state_of(p):
    """The position as a state as it is (no safe moves made)."""
    return (tuple(bytes(c.index for c in col) for col in p.columns),
            bytes(sorted(c.index for c in p.cells if c is not None)), tuple(p.foundations))


def _brute_force(p, variant):
    """Every move of moves.legal_moves, as a search move; less the moves of a
    whole column into an empty one (the generator leaves them out: they change
    nothing but the columns' order)."""
    out = set()
    for m in legal_moves(p, variant):
        src, dst = m.source, m.dest
        if src.kind == CELL:
            code = p.cells[src.index].index
            out.add((TO_HOME_FROM_CELL, code, 0, 1) if dst.kind == FOUNDATION else (CELL_TO_COL, code, dst.index, 1))
        elif dst.kind == FOUNDATION:
            out.add((TO_HOME_FROM_COL, src.index, 0, 1))
        elif dst.kind == CELL:
            out.add((COL_TO_CELL, src.index, 0, 1))
        else:
            assert dst.kind == COLUMN
            if m.count == len(p.columns[src.index]) and not p.columns[dst.index]:
                continue
            out.add((COL_TO_COL, src.index, dst.index, m.count))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 1_000_000), st.integers(0, 8), st.sampled_from(sorted(VARIANTS)),
       st.lists(st.integers(0, 999), max_size=80))
def test_moves_are_the_legal_moves(n, cells, name, picks):
    """On positions reached by random play, the generator gives exactly the
    moves the rules allow (the completeness of a proof rests on it)."""
    variant = find_variant(name)
    p = deal(n, cells=cells)
    caps = capacities(cells, len(p.columns), variant.capacity)
    for k in [None, *picks]:
        if k is not None:
            options = legal_moves(p, variant)
            if not options:
                break
            apply(p, options[k % len(options)])
            automatic_moves(p, variant)
        cols, cs, found = _state_of(p)
        ours = moves(cols, cs, found, cells - len(cs), caps)
        assert len(ours) == len(set(ours))  # no move twice
        assert set(ours) == _brute_force(p, variant)
        assert set(moves_from(cols, cs, found, cells, variant.capacity)) == set(ours)
        assert sorted(in_search_order(ours, cols)) == sorted(ours)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 1_000_000), st.sampled_from(FAMILY), st.lists(st.integers(0, 999), max_size=80))
def test_moves_are_the_legal_moves_of_every_game(n, game, picks):
    """The same under the family's rules: by suit, kings only into an empty
    column, 10 columns, 8 free cells, runs of any length."""
    rules = find_rules(game)
    p = deal(n, game=game)
    cells = len(p.cells)
    caps = capacities(cells, len(p.columns), rules.capacity)
    for k in [None, *picks]:
        if k is not None:
            options = legal_moves(p, rules)
            if not options:
                break
            apply(p, options[k % len(options)])
        cols, cs, found = _state_of(p)
        ours = moves(cols, cs, found, cells - len(cs), caps, rules_of(rules))
        assert len(ours) == len(set(ours))
        assert set(ours) == _brute_force(p, rules)
        assert set(moves_from(cols, cs, found, cells, rules.capacity, rules_of(rules))) == set(ours)


def test_the_generator_takes_only_kings_into_an_empty_column():
    from freecell_cli import parse_position

    p = parse_position("eight-off:QC-------:JKJJ:KHKSQS/QH/////KC/")  # QC in a cell, QH alone in column 2
    rules = find_rules("eight-off")
    cols, cs, found = _state_of(p)
    ours = moves_from(cols, cs, found, len(p.cells), rules.capacity, rules_of(rules))
    assert set(ours) == _brute_force(p, rules)
    # KS QS (a run by suit) may go to an empty column, QC, QH and QS alone may not (nor KC: it is its
    # whole column)
    assert sorted(m for m in ours if m[0] in (CELL_TO_COL, COL_TO_COL) and not cols[m[2]]) == [
        (COL_TO_COL, 0, 2, 2)]


def test_the_generator_agrees_on_hand_built_tables():
    from positions import NO_FREE_TWO_EMPTY, TWO_FREE_NO_EMPTY, TWO_FREE_ONE_EMPTY
    from freecell_cli import parse_position

    # The last: a whole column that is one run (KH QS) and an empty one.
    for text in (TWO_FREE_NO_EMPTY, NO_FREE_TWO_EMPTY, TWO_FREE_ONE_EMPTY, "----:QQQJ:KC/KD/KHQS/KS//"):
        for name in sorted(VARIANTS):
            p, variant = parse_position(text), find_variant(name)
            cols, cs, found = _state_of(p)
            ours = moves_from(cols, cs, found, len(p.cells), variant.capacity)
            assert set(ours) == _brute_force(p, variant), (text, name)


def test_search_order_puts_an_empty_destination_last_and_more_cards_first():
    cols = (b"\x01", b"", b"\x02")
    given = [(COL_TO_COL, 0, 1, 1), (COL_TO_COL, 0, 2, 1), (COL_TO_CELL, 0, 0, 1), (TO_HOME_FROM_COL, 2, 0, 1),
             (COL_TO_COL, 2, 1, 2), (COL_TO_COL, 2, 1, 3)]
    assert in_search_order(given, cols) == [(TO_HOME_FROM_COL, 2, 0, 1), (COL_TO_COL, 0, 2, 1), (COL_TO_COL, 0, 1, 1),
                                            (COL_TO_COL, 2, 1, 3), (COL_TO_COL, 2, 1, 2), (COL_TO_CELL, 0, 0, 1)]


# -- play, to_moves, to_path --------------------------------------------------------
@pytest.mark.parametrize("name", ["site", "standard", "windows", "atomic"])
def test_play_and_to_moves_follow_the_rules(name):
    """A random walk of search moves, turned into real moves, replays under the
    variant to the position the search's own play() reached; to_path gives the
    walk back."""
    variant = find_variant(name)
    rng = random.Random(len(name))
    for n in (1, 617, 11982):
        p = deal(n)
        caps = capacities(len(p.cells), len(p.columns), variant.capacity)
        state = start_state(p, variant)
        closed = variant.automatic is None
        path = []
        for _ in range(40):
            options = moves(*state, len(p.cells) - len(state[1]), caps)
            if not options:
                break
            step = rng.choice(options)
            state = play(*state, step, closed or bool(path))[:3]
            path.append(step)
        real = to_moves(p, variant, path)
        q = p.copy()
        for m in real:
            apply(q, m)
            automatic_moves(q, variant)
        assert q.foundations == list(state[2])
        assert key_of(*_state_of(q)[:2]) == key_of(state[0], state[1])


@pytest.mark.parametrize("game", FAMILY)
def test_play_and_to_moves_follow_every_games_rules(game):
    variant = find_rules(game)
    rules = rules_of(variant)
    rng = random.Random(len(game))
    for n in (1, 2, 617):
        p = deal(n, game=game)
        caps = capacities(len(p.cells), len(p.columns), variant.capacity)
        state = start_state(p, variant)
        path = []
        for _ in range(60):
            options = moves(*state, len(p.cells) - len(state[1]), caps, rules)
            if not options:
                break
            step = rng.choice(options)
            state = play(*state, step, True, rules)[:3]
            path.append(step)
        real = to_moves(p, variant, path)  # each resolved under the game's rules
        q = p.copy()
        for m in real:
            apply(q, m)
        assert q.foundations == list(state[2])
        assert key_of(*_state_of(q)[:2]) == key_of(state[0], state[1])


def test_to_path_and_to_moves_round_trip_a_solution():
    from freecell_cli.solvers.engine import solve

    for name in ("site", "standard", "windows"):
        variant = find_variant(name)
        r = solve(deal(5), variant, "builtin")
        path = to_path(deal(5), variant, r.moves)
        assert [str(m) for m in to_moves(deal(5), variant, path)] == r.notation
        state = start_state(deal(5), variant)
        for i, step in enumerate(path):
            state = play(*state, step, variant.automatic is None or i > 0)[:3]
        assert state[2] == SOLVED_FOUND


# -- the key ------------------------------------------------------------------------
@given(st.integers(1, 1_000_000), st.integers(0, 8), st.randoms(use_true_random=False))
def test_the_key_ignores_the_order_of_columns_and_free_cells(n, cells, rng):
    p = deal(n, cells=cells)
    variant = find_variant("standard")
    for _ in range(cells + 3):  # fill some free cells, in any slots
        options = [m for m in legal_moves(p, variant) if m.dest.kind == CELL]
        if not options:
            break
        apply(p, rng.choice(options))
    q = p.copy()
    rng.shuffle(q.columns)
    rng.shuffle(q.cells)
    assert key_of(*_state_of(p)[:2]) == key_of(*_state_of(q)[:2])
    r = p.copy()
    if len(r.columns[0]) > 1:  # another position: another key
        r.columns[0][-1], r.columns[0][-2] = r.columns[0][-2], r.columns[0][-1]
        assert key_of(*_state_of(r)[:2]) != key_of(*_state_of(p)[:2])
