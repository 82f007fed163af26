"""Issue 20: the functions ``fc.spider`` exports check their arguments where they come
in, with FreeCell's error classes (ArgumentTypeError, also a TypeError, for a wrong
type; InvalidMove, InvalidPosition, InvalidArgument for a wrong value), never an
AttributeError, IndexError or a wrong answer from further in."""

import importlib

import pytest

import freecell_cli as fc
from freecell_cli.errors import (ArgumentTypeError, FreecellError, IllegalMove, InvalidArgument, InvalidDeal,
                                 InvalidMove, InvalidPosition, quote)
from freecell_cli.spider.position import Column, Position, check_position
from spider_helpers import cards, table

sp = fc.spider
verify_module = importlib.import_module("freecell_cli.spider.verify")
S1 = sp.deal(1, suits=1)
S4 = sp.deal(1, suits=4)
M23 = sp.Move.parse("23")


def _solution(text="23"):
    return verify_module.parse_solution(text)


def _with(**fields):
    """deal 1 (one suit) with fields replaced, as a frozen dataclass takes anything."""
    values = dict(suits=1, columns=S1.columns, stock=S1.stock, removed=(), moves=0, deal=1)
    values.update(fields)
    return Position(**values)


class _Thing:
    pass


BOUNDARY = [
    # the issue: a dict, bytes, an int or an object, and verify's arguments swapped
    (lambda: sp.apply({}, M23), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.apply(b"spider1", M23), ArgumentTypeError, "not bytes"),
    (lambda: sp.apply(5, M23), ArgumentTypeError, "not int"),
    (lambda: sp.apply(_Thing(), M23), ArgumentTypeError, "not _Thing"),
    (lambda: sp.apply(S1, "23"), ArgumentTypeError, "move must be a Spider Move (Move.parse('38')), not str"),
    (lambda: sp.apply(S1, {}), ArgumentTypeError, "move must be a Spider Move"),
    (lambda: sp.apply(S1, M23, "yes"), ArgumentTypeError, "unrestricted must be True or False, not 'yes'"),
    (lambda: sp.legal_moves(None), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.legal_moves(S1, 1), ArgumentTypeError, "unrestricted must be True or False, not 1"),
    (lambda: sp.resolve(b"x", M23), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.resolve(S1, 23), ArgumentTypeError, "move must be a Spider Move"),
    (lambda: sp.format_compact({}), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.format_compact(fc.deal(1)), ArgumentTypeError, "not a FreeCell Position"),
    (lambda: sp.format_json(5), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.format_position(_Thing()), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.format_position(S1, "xml"), InvalidArgument, "fmt must be one of compact, json, not 'xml'"),
    (lambda: sp.format_position(S1, None), ArgumentTypeError, "fmt must be one of compact, json, not None"),
    (lambda: sp.parse_position(sp.format_compact(S1), "xml"), InvalidArgument, "fmt must be one of compact, json"),
    (lambda: sp.parse_position(5), InvalidPosition, "a position is text, not int"),
    (lambda: sp.verify(S1, "23"), ArgumentTypeError,
     "solution must be a Spider Solution (parse_solution(text), fc.read_spider_solution(text or path)), not Position "
     "(verify takes the solution first, then the start)"),
    (lambda: sp.verify("23", S1), ArgumentTypeError, "solution must be a Spider Solution"),
    (lambda: sp.verify(_solution(), {}), ArgumentTypeError, "start must be a Spider Position"),
    (lambda: sp.verify(_solution(), S1, None), ArgumentTypeError, "unrestricted must be True or False, not None"),
    (lambda: sp.solve({}), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: sp.solve(S1, 60), ArgumentTypeError, "limits must be Limits(time=..., states=...), not int"),
    (lambda: sp.solve(S1, sp.Limits(time="60")), ArgumentTypeError, "limits.time must be a number of seconds"),
    (lambda: sp.solve(S1, sp.Limits(time=-1)), InvalidArgument, "limits.time must be 0 to 10,000,000 seconds"),
    (lambda: sp.solve(S1, sp.Limits(time=float("nan"))), InvalidArgument, "not nan"),
    (lambda: sp.solve(S1, sp.Limits(states=0)), InvalidArgument, "limits.states must be a whole number >= 1"),
    (lambda: sp.solve(S1, sp.Limits(progress=True)), ArgumentTypeError, "limits.progress must be a function"),
    (lambda: sp.solve(S1, sp.Limits(), "no"), ArgumentTypeError, "unrestricted must be True or False"),
    (lambda: S1.can_deal("no"), ArgumentTypeError, "unrestricted must be True or False, not 'no'"),  # was true
    (lambda: sp.Move.parse({}), InvalidMove, "a Spider move is text (38, 30v2, d), not dict"),
    (lambda: sp.Move.parse(b"23"), InvalidMove, "not bytes"),
    (lambda: sp.Move.parse(23), InvalidMove, "not int"),
    (lambda: sp.Move.parse(_Thing()), InvalidMove, "not _Thing"),
    (lambda: sp.Position.parse(5), InvalidPosition, "a position is text, not int"),
    # a Move built by hand: each field (a count of 0 or -1 moved cards it should not)
    (lambda: sp.apply(S1, sp.Move(1, 2, 0)), InvalidMove, "a move's count is 1 to 13 cards (a run holds no more), not 0"),
    (lambda: sp.apply(S1, sp.Move(1, 2, -1)), InvalidMove, "not -1"),
    (lambda: sp.apply(S1, sp.Move(1, 2, 14)), InvalidMove, "not 14"),
    (lambda: sp.apply(S1, sp.Move(1, 2, True)), ArgumentTypeError, "a move's count is a whole number or None"),
    (lambda: sp.apply(S1, sp.Move(1, 2, 1.0)), ArgumentTypeError, "not 1.0"),
    (lambda: sp.apply(S1, sp.Move(10, 2)), InvalidMove, "a move's source is a column index 0 to 9, not 10"),
    (lambda: sp.apply(S1, sp.Move(1, -1)), InvalidMove, "a move's dest is a column index 0 to 9, not -1"),
    (lambda: sp.apply(S1, sp.Move(1, 10**5000)), InvalidMove, "not <int too long to show>"),
    (lambda: sp.apply(S1, sp.Move("1", 2)), ArgumentTypeError, "a move's source is a column index 0 to 9"),
    (lambda: sp.apply(S1, sp.Move(1, None)), ArgumentTypeError, "(None for both in a deal), not None with the other"),
    (lambda: sp.apply(S1, sp.Move(None, None, 3)), InvalidMove, "a deal has no card count, not 3"),
    (lambda: sp.apply(S1, sp.Move(2, 2)), InvalidMove, "a move needs two different columns"),
    # a Position built by hand: each field
    (lambda: sp.apply(_with(columns=S1.columns[:9]), M23), InvalidPosition, "Spider has 10 columns, not 9"),
    (lambda: sp.apply(_with(columns=list(S1.columns)), M23), ArgumentTypeError,
     "a Spider position's columns are a tuple of Columns"),
    (lambda: sp.apply(_with(columns="x" * 10), M23), ArgumentTypeError, "columns are a tuple of Columns"),
    (lambda: sp.apply(_with(columns=(Column((), ("KS",)),) + S1.columns[1:]), M23), ArgumentTypeError,
     "column 1's face-up cards must be a tuple of Cards (Card.parse('TD')), not ('KS',)"),
    (lambda: sp.apply(_with(columns=(Column([], cards("KS")),) + S1.columns[1:]), M23), ArgumentTypeError,
     "column 1's face-down cards must be a tuple of Cards"),
    (lambda: sp.apply(_with(stock=list(S1.stock)), M23), ArgumentTypeError, "the stock must be a tuple of Cards"),
    (lambda: sp.apply(_with(suits=3), M23), InvalidPosition, "suits must be 1, 2 or 4, not 3"),
    (lambda: sp.apply(_with(suits=10**5000), M23), InvalidPosition, "not <int too long to show>"),
    (lambda: sp.apply(_with(suits="1"), M23), InvalidPosition, "suits must be 1, 2 or 4, not '1'"),
    (lambda: sp.apply(_with(removed="SS"), M23), ArgumentTypeError, "removed runs are a tuple of suit letters"),
    (lambda: sp.apply(_with(removed=("SS",)), M23), ArgumentTypeError, "removed runs are a tuple of suit letters"),
    (lambda: sp.apply(_with(moves="0"), M23), ArgumentTypeError, "a Spider position's move count is a whole number"),
    (lambda: sp.apply(_with(moves=True), M23), ArgumentTypeError, "move count is a whole number, not True"),
    (lambda: sp.apply(_with(moves=-1), M23), InvalidPosition, "move count -1 must be a whole number 0 to 999,999,999"),
    (lambda: sp.apply(_with(moves=10**5000), M23), InvalidPosition, "move count <int too long to show>"),
    (lambda: sp.apply(_with(deal=0), M23), InvalidDeal, "Spider deal number 0 is out of range"),
    (lambda: sp.apply(_with(deal="1"), M23), InvalidDeal, "Spider deal number must be an integer"),
    # ... which the formats wrote as they found it (move count -1, deal 0: text no reader takes)
    (lambda: sp.format_compact(_with(moves=-1)), InvalidPosition, "move count -1"),
    (lambda: sp.format_json(_with(deal=0)), InvalidDeal, "Spider deal number 0 is out of range"),
    (lambda: sp.format_json(_with(deal=10**30)), InvalidDeal, "is out of range"),  # orjson: TypeError, 64 bits
    (lambda: sp.deal(1, suits=10**5000), InvalidPosition, "suits must be 1, 2 or 4, not <int too long to show>"),
    # the scripting functions take the same checks
    (lambda: fc.spider_solve(_with(suits=3)), InvalidPosition, "suits must be 1, 2 or 4, not 3"),
    (lambda: fc.spider_verify(_with(columns=()), "23"), InvalidPosition, "Spider has 10 columns, not 0"),
    (lambda: fc.format_spider_solution(["23"], _with(moves=-1)), InvalidPosition, "move count -1"),
]


@pytest.mark.parametrize("call,error,words", BOUNDARY)
def test_spider_functions_check_their_arguments(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)
    assert isinstance(raised.value, FreecellError)
    assert not isinstance(raised.value, ArgumentTypeError) or isinstance(raised.value, TypeError)


def test_a_count_of_zero_no_longer_moves_a_whole_column():
    # Move(0, 2, 0) into an empty column took every face-up card of column 1 (up[-0:])
    p = table("9S 8H 7H", "KD", "")
    with pytest.raises(InvalidMove):
        sp.apply(p, sp.Move(0, 2, 0))
    with pytest.raises(InvalidMove):
        sp.apply(p, sp.Move(0, 2, -1))  # took all but the first
    assert [str(c) for c in sp.apply(p, sp.Move(0, 2, 2)).columns[2].up] == ["8H", "7H"]


def test_partial_tables_are_still_played():
    """The check is of the fields' types and sizes, not of the decks: a table of a
    few cards (a puzzle, the rules' tests) plays, prints and reads its own text."""
    p = table("9S 8S 7S", "TH", "")
    q = sp.apply(p, sp.Move.parse("12"))
    assert sp.legal_moves(q) and sp.format_compact(q).startswith("spider4:.") and check_position(q) is q
    with pytest.raises(InvalidPosition):  # validate() is the decks'
        q.validate()


def test_a_checked_position_is_checked_once():
    """A frozen position stays as it was checked: the next check of the same object
    is free, so a game's loop pays once; another object is checked again."""
    p = S4
    for token in ["23", "d"]:
        p = sp.apply(p, sp.Move.parse(token))
        assert check_position(p) is p
    twin = Position(p.suits, p.columns, p.stock, p.removed, p.moves, p.deal)
    assert check_position(twin) is twin
    with pytest.raises(InvalidPosition, match="move count -1"):
        check_position(Position(p.suits, p.columns, p.stock, p.removed, -1, p.deal))


def test_repr_never_raises():
    assert repr(_with(moves=-1)).startswith("Position(1, (Column(")
    assert repr(S1).startswith("Position.parse('spider1:")


def test_the_solver_and_the_verifier_still_agree():
    r = sp.solve(S1, sp.Limits(time=60))
    assert r.verdict == "solved"
    v = sp.verify(_solution(" ".join(r.notation)), S1)
    assert v.ok and v.moves == r.move_count


def test_a_position_takes_the_deals_range():
    from dataclasses import replace

    from freecell_cli.spider.deals import MAX_DEAL

    p = sp.deal(1, suits=1)
    assert check_position(replace(p, deal=MAX_DEAL)).deal == MAX_DEAL
    assert replace(p, deal=MAX_DEAL).validate().deal == MAX_DEAL
    with pytest.raises(InvalidDeal, match="out of range"):
        check_position(replace(p, deal=MAX_DEAL + 1))
    with pytest.raises(InvalidPosition, match="deal field: Spider deal number .* out of range"):
        replace(p, deal=MAX_DEAL + 1).validate()


WRONG = [None, True, False, 1.5, float("nan"), float("inf"), 2**63, 10**19, -1, 0, 10**5000, "", "x", "23",
         b"23", {}, {"a": 1}, [], [1], (1, 2), _Thing()]


def _sweep_cases():
    s = S1
    return {
        "apply": (sp.apply, [s, M23, False]),
        "resolve": (sp.resolve, [s, M23, False]),
        "legal_moves": (sp.legal_moves, [s, False]),
        "deal": (sp.deal, [1, 1]),
        "random_number": (sp.random_number, [1]),
        "format_compact": (sp.format_compact, [s]),
        "format_json": (sp.format_json, [s]),
        "format_position": (sp.format_position, [s, "compact"]),
        "parse_position": (sp.parse_position, [sp.format_compact(s), "compact"]),
        "verify": (sp.verify, [_solution(), s, False]),
        "solve": (sp.solve, [s, sp.Limits(time=5, states=20), False]),
        "Limits": (lambda *a: sp.solve(s, sp.Limits(*a)), [5, 20, None]),
        "Move.parse": (sp.Move.parse, ["23"]),
        "Move": (lambda *a: sp.apply(s, sp.Move(*a)), [1, 2, None]),
        "Position.parse": (sp.Position.parse, [sp.format_compact(s)]),
        "Position": (lambda *a: sp.apply(Position(*a), M23), [1, s.columns, s.stock, (), 0, 1]),
        "Column": (lambda *a: sp.apply(_with(columns=(Column(*a),) + s.columns[1:]), M23), [s.columns[0].down,
                                                                                             s.columns[0].up]),
        "can_deal": (s.can_deal, [False]),  # ("no" was true)
    }


SWEEP = _sweep_cases()


@pytest.mark.parametrize("name", list(SWEEP))
def test_no_wrong_value_escapes_as_another_exception(name):
    function, args = SWEEP[name]
    escaped = []
    for i in range(len(args)):
        for wrong in WRONG:
            a = list(args)
            a[i] = wrong
            try:
                function(*a)
            except FreecellError as e:
                if not str(e).strip() or "\n" in str(e) or "\r" in str(e):  # a refusal is one line that says something
                    escaped.append(f"{name} arg {i}={quote(wrong, 20)}: "
                                   f"{type(e).__name__} not of one line: {str(e)[:80]!r}")
            except Exception as e:  # noqa: BLE001  (what the sweep is looking for)
                escaped.append(f"{name} arg {i}={quote(wrong, 20)}: {type(e).__name__}: {str(e)[:80]}")
    assert not escaped, "\n".join(escaped)
