"""The FreeCell family (freecell_cli/games.py): each game's rules as its sources give
them, the rules at work in moves, PySolFC's deals, the games' positions in every
format, and Freecell Solver's solutions checked under each game's rules and under
FreeCell's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import freecell_cli as fc
from freecell_cli.deals import deal, parse_game_deal, pysol_order
from freecell_cli.errors import IllegalMove, InvalidArgument, InvalidDeal, InvalidPosition
from freecell_cli.formats import format_position, parse_position
from freecell_cli.games import FAMILY, GAMES, check_rules, find_game, find_rules, is_unlimited
from freecell_cli.moves import Move, apply, legal_moves, resolve
from freecell_cli.solutions import parse_solution
from freecell_cli.variants import Variant, find_variant
from freecell_cli.verify import verify

import familyref
from oracle import needs_fcsolve

FIXTURE = Path(__file__).parent / "fixtures" / "family_pysolfc.txt"


# -- the rules as data: each game as Freecell Solver's preset and PySolFC's class give it ----
@pytest.mark.parametrize("name,build,empty,cells,columns,filled,capacity,pysol,fcs", [
    ("bakers-game", "suit", "any", 4, 8, (), "supermove", 45, "bakers_game"),
    ("eight-off", "suit", "kings", 8, 8, (0, 2, 4, 6), "cells", 258, "eight_off"),
    ("seahaven-towers", "suit", "kings", 4, 10, (1, 2), "cells", 9, "seahaven_towers"),
    ("forecell", "alternate", "kings", 4, 8, (0, 1, 2, 3), "cells", 46, "forecell"),
    ("relaxed-freecell", "alternate", "any", 4, 8, (), "unlimited", 5, "relaxed_freecell"),
])
def test_each_game_is_a_row_of_data(name, build, empty, cells, columns, filled, capacity, pysol, fcs):
    g = find_game(name)
    assert (g.build, g.empty, g.cells, g.columns, g.filled, g.capacity, g.pysol, g.fcs) == (
        build, empty, cells, columns, filled, capacity, pysol, fcs)
    rules = g.rules
    assert (rules.name, rules.game, rules.build, rules.empty, rules.automatic) == (name, name, build, empty, None)
    assert find_rules(name) is rules and find_game(fcs).name == name  # fc-solve's spelling finds it too


@pytest.mark.parametrize("name,free,empty,expected", [
    ("bakers-game", 4, 0, 5), ("bakers-game", 2, 2, 12),  # (free + 1) x 2^empty, as FreeCell's sources
    ("eight-off", 7, 3, 8), ("seahaven-towers", 1, 8, 2), ("forecell", 0, 2, 1),  # free + 1: kings only
    ("relaxed-freecell", 0, 0, 52),  # any run
])
def test_capacity_as_the_sources_give_it(name, free, empty, expected):
    assert find_rules(name).capacity(free, empty) == expected


def test_freecell_is_the_default_game_and_keeps_its_variants():
    g = find_game(None)
    assert (g.name, g.family, g.rules.name) == ("freecell", False, "site")
    assert FAMILY == ("bakers-game", "eight-off", "seahaven-towers", "forecell", "relaxed-freecell")
    assert set(GAMES) == {"freecell", *FAMILY}
    assert is_unlimited(find_rules("relaxed-freecell")) and not is_unlimited(find_variant("standard"))
    with pytest.raises(InvalidArgument, match="unknown game 'spider'"):
        find_game("spider")


def test_rules_of_another_game_are_refused():
    assert check_rules(None, deal(1, game="eight-off")).name == "eight-off"
    assert check_rules(None, deal(1)).name == "site"
    with pytest.raises(InvalidArgument, match="bakers-game is Baker's Game's rules, and the position is FreeCell's"):
        check_rules("bakers-game", deal(1))
    with pytest.raises(InvalidArgument, match="standard is FreeCell's rules, and the position is Forecell's"):
        check_rules("standard", deal(1, game="forecell"))


# -- the rules at work ----------------------------------------------------------------
def play(text, moves, rules=None, empty_column="one"):
    p = parse_position(text)
    v = check_rules(rules, p)
    for m in moves.split():
        apply(p, resolve(p, Move.parse(m, len(p.columns)), v, empty_column))
    return p


def refused(text, move, rules=None):
    p = parse_position(text)
    with pytest.raises(IllegalMove) as e:
        resolve(p, Move.parse(move, len(p.columns)), check_rules(rules, p))
    return str(e.value)


SUITS = "bakers-game:----:QKQJ:KH/KS/KCQS/////"  # QS may go on KS (its suit) or KH (the other colour)


def test_a_same_suit_build_is_baker_s_and_not_freecell_s():
    assert format_position(play(SUITS, "32")) == "bakers-game:----:QKQJ:KH/KSQS/KC/////"
    assert refused(SUITS, "31") == "QS cannot go on KH"
    freecell = SUITS.split(":", 1)[1]
    assert format_position(play(freecell, "31")) == "----:QKQJ:KHQS/KS/KC/////"
    assert refused(freecell, "32") == "QS cannot go on KS"


def test_a_run_builds_by_suit():
    p = parse_position("bakers-game:----:QKTJ:QHJH/KS/KCQSKH/////")  # QH JH: a run; QS KH: none
    assert [p.run_length(i) for i in range(3)] == [2, 1, 1]
    assert p.run_length(0, "alternate") == 1


KINGS = "eight-off:KC-------:QKQJ:KSQS/KH//////"  # a same-suit run headed by a king; a king in a cell


def test_only_a_king_goes_into_an_empty_column():
    assert refused(KINGS, "13") == "QS cannot go into empty column 3: only a king can"
    assert format_position(play(KINGS, "13v2")) == "eight-off:KC-------:QKQJ:/KH/KSQS/////"
    assert format_position(play(KINGS, "a3")) == "eight-off:--------:QKQJ:KSQS/KH/KC/////"
    # FreeCell Pro's reading of a plain move (as many as fit) takes the run from its king
    assert format_position(play(KINGS, "13", empty_column="max")) == "eight-off:KC-------:QKQJ:/KH/KSQS/////"
    moves = [str(m) for m in legal_moves(parse_position(KINGS), find_rules("eight-off"))]
    assert "13v2" in moves and "13" not in moves and "a3" in moves


def test_a_single_card_from_a_free_cell_is_held_to_kings_only_too():
    assert refused("forecell:KCQS--:QKQJ:KH/KS//////", "b3") == "QS cannot go into empty column 3: only a king can"


CELLS_ONLY = "seahaven-towers:KHKSQS-:9KQJ:QCJCTC/KC////////"  # 1 free cell, 8 empty columns


def test_where_kings_only_the_empty_columns_carry_nothing():
    assert refused(CELLS_ONLY, "12") == "3 cards > can move 2 (1 free cell, 8 empty columns)"
    p = parse_position(CELLS_ONLY)
    assert [str(c) if c else "-" for c in p.cells] == ["KH", "KS", "QS", "-"] and len(p.columns) == 10


RELAXED = "relaxed-freecell:9SJSKSQH:TTT8:KD/QSJHTS/KC/KH/QD/JD/QC/JC"  # no free cell, no empty column


def test_relaxed_freecell_moves_any_run_at_once():
    assert format_position(play(RELAXED, "21")) == "relaxed-freecell:9SJSKSQH:TTT8:KDQSJHTS//KC/KH/QD/JD/QC/JC"
    freecell = "9SJSKSQH:TTT8:KD/QSJHTS/KC/KH/QD/JD/QC/JC"
    assert refused(freecell, "21") == "3 cards > can move 1 (0 free cells, 0 empty columns)"
    assert refused(freecell, "21", "standard") == "3 cards > can move 1 (0 free cells, 0 empty columns)"


def test_safe_autoplay_where_columns_build_by_suit():
    table = "----:20KK:AD2D3D4D5D6D7D8D9DTDJDQDKD/KCQCJCTC9C8C7C6C5C4C3C//////"
    assert fc.autoplay(parse_position(table), "safe") == []  # Windows: 3C waits for the red 2s
    made = fc.autoplay(parse_position("bakers-game:" + table), "safe")
    assert [str(m) for m in made] == ["2h"] * 11  # nothing goes on a 3C but the 2C, home already


# -- deals: PySolFC's numbering, Microsoft's with ms ------------------------------------
def fixture_layouts():
    out, key = {}, None
    for line in FIXTURE.read_text().splitlines():
        if line.startswith("game "):
            _, game, number = line.split()
            key = (game, number)
            out[key] = ([], [])
        elif line.startswith("cells: "):
            out[key][0].extend(line.split()[1:])
        else:
            out[key][1].append(line.split())
    return out


LAYOUTS = fixture_layouts()


def ours(game, number):
    n, microsoft = parse_game_deal(number, game)
    p = deal(n, game=game, microsoft=microsoft)
    return [str(c) if c else "-" for c in p.cells], [[str(c) for c in col] for col in p.columns]


@pytest.mark.parametrize("game,number", sorted(LAYOUTS))
def test_deals_are_pysolfc_s(game, number):
    """fixtures/family_pysolfc.txt, made by pysol_cards (fixtures/make_family_pysolfc.py)."""
    assert ours(game, number) == LAYOUTS[(game, number)]


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("number", ["3", "4", "5", "31998", "32002", "987654", "ms32001", "ms3000000000"])
def test_deals_against_pysol_cards_itself(game, number):
    pytest.importorskip("pysol_cards")
    import sys

    sys.path.insert(0, str(FIXTURE.parent))
    try:
        from make_family_pysolfc import layout
    finally:
        sys.path.pop(0)
    n, microsoft = parse_game_deal(number, game)
    assert ours(game, number) == layout(game, n, microsoft)


def test_pysolfc_shuffles_32000_with_the_twister():
    """PySolFC: Microsoft's generator below 32000 (pysol_cards alone takes 32000 too)."""
    random = pytest.importorskip("pysol_cards.random")
    from pysol_cards.cards import createCards

    cards = random.MTRandom(32000).shuffle(createCards(1))[::-1]
    theirs = ["A23456789TJQK"[c.rank - 1] + "CSHD"[c.suit] for c in cards]
    assert theirs == [str(fc.Card(i // 4 + 1, "CDHS"[i % 4])) for i in pysol_order(32000)]


def test_below_32000_the_numberings_agree_and_baker_s_game_is_freecell_s_deal():
    from freecell_cli.deals import _ms_order

    assert pysol_order(31999) == _ms_order(31999) and pysol_order(32000) != _ms_order(32000)
    assert deal(617, game="bakers-game").same_table(deal(617))
    assert deal(617, game="bakers-game", microsoft=True) == deal(617, game="bakers-game")
    big = deal(100000, game="bakers-game", microsoft=True)
    assert big.same_table(deal(100000)) and big.deal is None  # Microsoft's 100000 is not PySolFC's
    assert not deal(100000, game="bakers-game").same_table(deal(100000))


def test_the_deal_fills_the_game_s_free_cells():
    cells = {g: "".join(str(c) if c else "-" for c in deal(1, game=g).cells) for g in FAMILY}
    assert cells == {"bakers-game": "----", "eight-off": "6S-9C-2H-6H-", "seahaven-towers": "-2H6H-",
                     "forecell": "6S9C2H6H", "relaxed-freecell": "----"}
    assert [len(c) for c in deal(1, game="seahaven-towers").columns] == [5] * 10


def test_a_family_deal_has_its_own_table():
    with pytest.raises(InvalidDeal, match="Eight Off is dealt on 8 columns with 8 free cells"):
        deal(1, cells=4, game="eight-off")
    with pytest.raises(InvalidDeal, match="microsoft= is for the family's games"):
        deal(1, microsoft=True)
    assert parse_game_deal("MS617", "forecell") == (617, True)
    with pytest.raises(InvalidDeal, match="not a deal number: 'ms617'"):
        parse_game_deal("ms617")  # FreeCell's numbers are Microsoft's already


# -- the positions: the compact marker, JSON, fc-solve's board ---------------------------
@pytest.mark.parametrize("game", FAMILY)
def test_positions_round_trip_in_every_format(game):
    p = deal(7, game=game)
    text = format_position(p)
    assert text.startswith(f"{game}:") and text.endswith(":7")
    assert parse_position(text) == p
    assert parse_position(format_position(p, "json")) == p
    board = format_position(p, "fcs")  # a board names no game: said when it is read
    assert parse_position(board, game=game).same_table(p) and parse_position(board, game=game).game == game


def test_the_marker_is_the_game_s_name_first_and_freecell_s_positions_have_none():
    assert format_position(deal(1, game="forecell")).startswith("forecell:6S9C2H6H:0000:JDKD2S4C3S6D/")
    assert format_position(deal(1)) == format_position(parse_position(format_position(deal(1))))
    assert format_position(deal(1)).startswith("----:0000:JDKD2S4C3S6D6S/")
    assert "game" not in format_position(deal(1), "json")
    assert '"game":"eight-off"' in format_position(deal(1, game="eight-off"), "json")


@pytest.mark.parametrize("text,message", [
    ("eight-off:----:0000:JDKD2S4C3S6D6S/2DKCKS5CTD8S9C/9H9S9DTS4S8D2H/JC5SQDQHTHQS6H/5DADJS4H8H6C/"
     "7HQCASAC2C3D/7CKHAH4DJH8C/5H3H3C7S7DTC:1", "Eight Off has 8 columns and 8 free cells, not 8 and 4"),
    ("bakers-game:----:KKKK:////////:-:standard", "a Baker's Game position has no variant"),
])
def test_a_family_position_is_checked(text, message):
    with pytest.raises(InvalidPosition, match=message):
        parse_position(text)


def test_a_position_is_taken_as_a_game_s_or_refused():
    assert deal(1).as_game("relaxed-freecell").game == "relaxed-freecell"
    with pytest.raises(InvalidPosition, match="the position is Forecell's, not Baker's Game's"):
        deal(1, game="forecell").as_game("bakers-game")
    with pytest.raises(InvalidPosition, match="Eight Off has 8 columns and 8 free cells, not 8 and 4"):
        deal(1).as_game("eight-off")


# -- Freecell Solver's solutions: valid under the game, refused under FreeCell where it differs --
def fcsolve(game, n):
    board = format_position(deal(n, game=game), "fcs")
    out = subprocess.run(["fc-solve", "--game", find_game(game).fcs, "-m", "-snx", "-"], input=board,
                         capture_output=True, text=True, timeout=120).stdout
    return out


def freecell_rules_on(game):
    """FreeCell's rules as Freecell Solver and PySolFC play them, on ``game``'s table."""
    g = find_game(game)
    return Variant("freecell-on-" + game, lambda free, empty: (free + 1) << empty, "standard",
                   cells=g.cells, columns=g.columns, game=game)


@needs_fcsolve
@pytest.mark.parametrize("game", FAMILY)
def test_fcsolve_solutions_verify_under_their_game_and_fail_under_freecell_s_rules(game):
    refused_somewhere = False
    for n in range(1, 6):
        out = fcsolve(game, n)
        start = deal(n, game=game)
        if "This game is solveable" not in out:
            assert (game, n) == ("forecell", 1)  # no move at all: four full free cells, no king at an end
            assert not legal_moves(start, find_rules(game))
            continue
        sol = parse_solution(out, "fc-solve", game=game)
        tokens = sol.tokens  # as fc-solve wrote them (its eighth free cell is k)
        columns = [[str(c) for c in col] for col in start.columns]
        cells = [str(c) if c else None for c in start.cells]
        assert familyref.replay(columns, cells, tokens, game) == (None, None, 52)
        v = fc.verify(n, out, game=game)
        assert v.ok and v.variant == game, v.summary()
        # the same moves under FreeCell's rules stop at the first move that breaks them
        index, reason, _ = familyref.replay(columns, cells, tokens, "freecell")
        under = verify(parse_solution(out, game=game), start, freecell_rules_on(game))
        assert (under.error.index if under.error else None) == index, (n, reason, under.summary())
        refused_somewhere |= index is not None
    # Forecell only restricts FreeCell (kings only, runs through the free cells alone):
    # each of its lines is a FreeCell line. The others break FreeCell's rules somewhere.
    assert refused_somewhere == (game != "forecell")


@needs_fcsolve
@pytest.mark.parametrize("game", FAMILY)
def test_solve_uses_freecell_solver_under_the_game_s_preset(game):
    r = fc.solve(deal(2, game=game), engine="fc-solve")
    assert (r.verdict, r.engine, r.variant) == ("solved", "fc-solve", game)
    assert fc.verify(deal(2, game=game), r).ok
    assert r.solution().game == game


@pytest.mark.parametrize("game", FAMILY)
def test_our_engines_play_a_family_game(game):
    # The default engine (the beam), the best-first search, the complete search
    # (exhaustive) and the optimal one: each line verified under the game's rules.
    p = deal(2, game=game)
    for kw in ({}, {"engine": "builtin"}, {"exhaustive": True}, {"optimal": True, "time_limit": 20}):
        r = fc.solve(p, **kw)
        assert (r.verdict, r.variant) == ("solved", game), kw
        assert fc.verify(p, r).ok and r.solution().game == game
    assert fc.solve(deal(1, game="forecell"), exhaustive=True).verdict == "unsolvable"  # no move at all
