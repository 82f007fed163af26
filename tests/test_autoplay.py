from freecell_cli import Move, deal, find_variant, parse_position
from freecell_cli.autoplay import autoplay, can_autocomplete, play_move
from positions import NEARLY_WON, TWO_FREE_NO_EMPTY

SAFE_STOPS = "----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS"


def test_collect_is_greedy_and_finishes():
    p = parse_position(SAFE_STOPS)
    made = autoplay(p, "collect")
    assert len(made) == 9 and p.is_won()


def test_safe_stops_where_a_card_is_still_needed():
    p = parse_position(SAFE_STOPS)
    assert [str(m) for m in autoplay(p, "safe")] == ["3h"]
    assert p.foundations == [12, 9, 12, 11]


def test_safe_rule_details():
    # 5H may go only when both black foundations are at 4 or more.
    p = parse_position(TWO_FREE_NO_EMPTY)  # all foundations at 4
    made = autoplay(p.copy(), "safe")
    assert "2h" in [str(m) for m in made]  # 5H (clubs 4, spades 4)


def test_autocomplete_detection():
    assert can_autocomplete(parse_position(NEARLY_WON))
    assert not can_autocomplete(deal(1))
    # QS under KS blocks spades, nothing else can help: not auto-completable.
    assert not can_autocomplete(parse_position("----:QQQJ:KC/KD/KH/QSKS"))


def test_windows_plays_automatic_moves_after_a_move():
    p = parse_position("----:QQQJ:KC/KD/KH/QSKS/")
    made = play_move(p, Move.parse("45"), find_variant("windows"))
    assert [str(m) for m in made] == ["45", "4h", "1h", "2h", "3h", "5h"]
    assert p.is_won()
    q = parse_position("----:QQQJ:KC/KD/KH/QSKS/")
    assert [str(m) for m in play_move(q, Move.parse("45"), find_variant("site"))] == ["45"]


def test_sorted_table_goes_home_under_the_safe_rule():
    """Seed 004's rule 4.1.4 (every column high to low: all cards go home) needs no
    code of its own: the safe rule clears such a table."""
    import random

    from freecell_cli.cards import CARDS

    from freecell_cli.position import Position

    rng = random.Random(4)
    for _ in range(50):
        cards = list(CARDS)
        rng.shuffle(cards)
        columns = [[] for _ in range(8)]
        for card in cards:  # into a column that has no card of that rank yet
            choices = [col for col in columns if all(c.rank != card.rank for c in col)]
            rng.choice(choices).append(card)
        columns = [sorted(col, key=lambda c: -c.rank) for col in columns]
        p = Position(columns).validate()
        autoplay(p, "safe")
        assert p.is_won()


def test_windows_solver_with_an_ace_exposed_at_the_start():
    """Windows moves nothing home before the first move; the search must not assume
    the start is already cleared (deal 2 starts with AS exposed)."""
    from freecell_cli.solvers.engine import solve

    assert str(deal(2).columns[0][-1]) == "AS"
    r = solve(deal(2), find_variant("windows"), "builtin")
    assert r.verdict == "solved"


def test_home_rule_is_the_rule_each_mode_asks():
    import pytest

    from freecell_cli.autoplay import home_rule
    from freecell_cli.cards import Card
    from freecell_cli.errors import FreecellError

    p = deal(1)
    p.foundations = [2, 2, 0, 0]  # (only the foundations are asked) clubs and diamonds at 2
    assert home_rule("collect")(p, Card.parse("3C")) and not home_rule("safe")(p, Card.parse("3C"))
    assert home_rule("safe")(p, Card.parse("AH"))
    with pytest.raises(FreecellError, match="unknown autoplay mode 'max'"):
        home_rule("max")
