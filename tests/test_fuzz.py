"""Fuzzing every reader and the CLI entry points: whatever the input, a reader
returns what reads back as it was written, or raises a FreecellError of one line;
a command ends with an exit code of the README's table, and a refusal (exit 2) is
one line `error: ...` on stderr with nothing on stdout.

`make test` runs a bounded number of examples; `make fuzz` (FUZZ_EXAMPLES=…) many more.
"""

import io
import os
import random
import sys

import orjson
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cli_helpers import runner
from freecell_cli import Move, deal, find_variant, format_position, parse_position
from freecell_cli.cli import app
from freecell_cli.deals import MAX_DEAL, parse_deal_number
from freecell_cli.errors import FreecellError
from freecell_cli.formats.fcs import format_fcs
from freecell_cli.solutions import format_solution, parse_solution
from freecell_cli.verify import start_position, verify

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
SITE = find_variant("site")

# Valid texts to mutate: mutations of real input find more than random bytes do.
SEEDS = [
    format_position(deal(617)),
    format_position(deal(1, cells=2)) ,
    format_fcs(deal(5)),
    format_position(deal(11982), "json"),
    "# freecell-cli solution\n# deal: 617\n# variant: site\n# cells: 4\n5a 82 a2\n",
    "#617 Attempt: 1 NumFcs=4 (FCPro)\n5a 58\n",
    "-=-=-=-=-\n\nMove a card from stack 4 to freecell 0\n\n====\n\nMove 3 cards from stack 1 to stack 2\n"
    "\nFoundations: H-0 C-0 D-0 S-0\nFreecells:  JH            \n: 7D\nThis game is solveable.\n",
    '{"deal": 617, "variant": "site", "cells": 4, "moves": ["5a", "82"]}',
    "5a 82 a2 36v4 8h ah",
]
ALPHABET = st.sampled_from(list("0123456789aAbcdhsSHCDKQJT-:/#,; \n\t{}[]\"v.²\x00\xff") + ["10", "♠", "Move "])


@st.composite
def mutated(draw, seeds=SEEDS, alphabet=ALPHABET):
    text = draw(st.sampled_from(seeds))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 6))):
        i = rng.randrange(len(text) + 1)
        op = rng.randrange(4)
        piece = draw(alphabet)
        if op == 0:
            text = text[:i] + piece + text[i:]
        elif op == 1:
            text = text[:i] + text[i + rng.randint(1, 8):]
        elif op == 2:
            text = text[:i] + piece * rng.randint(1, 300) + text[i:]
        else:
            text = text[:i]  # truncated
    return text


TEXTS = st.one_of(mutated(), st.text(max_size=300), st.lists(ALPHABET, max_size=60).map("".join))


def _json_values():
    return st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["columns", "cells", "foundations", "deal", "variant", "moves", "position",
                             "start", "steps", "redo", "elapsed", "daily", "automatic", "C", "x"]), inner,
            max_size=6),
        max_leaves=20)


def _one_line(message):
    """A refusal says something, on one line (the CLI prints it after `error: `)."""
    assert message.strip() and not any(ch in message for ch in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), \
        repr(message)


def _read(call, *args):
    """``call(*args)``, or None when it refuses: with a FreecellError of one line."""
    try:
        return call(*args)
    except FreecellError as e:
        _one_line(str(e))
        return None


def _position_reads_back(p):
    for fmt in ("compact", "fcs", "json"):
        assert parse_position(format_position(p, fmt)).same_table(p), (fmt, format_position(p))


@FUZZ
@given(TEXTS)
def test_position_readers(text):
    for fmt in (None, "compact", "fcs", "json"):
        p = _read(parse_position, text, fmt)
        if p is not None:
            _position_reads_back(p)


def _solution_reads_back(sol):
    again = parse_solution(format_solution(sol))
    assert again.notation() == sol.notation() and (again.deal, again.variant, again.cells, again.empty_column) == (
        sol.deal, sol.variant, sol.cells, sol.empty_column)
    assert (again.position is None) == (sol.position is None)
    assert again.position is None or again.position.same_table(sol.position)


@FUZZ
@given(TEXTS)
def test_solution_readers_and_replay(text):
    for fmt in (None, "standard", "fc-solve", "fcpro", "freecell-cli", "json"):
        sol = _read(parse_solution, text, fmt)
        if sol is None:
            continue
        _solution_reads_back(sol)
        start = _read(start_position, sol, 617 if sol.deal is None and sol.position is None else None)
        if start is not None:
            verdict = verify(sol, start, SITE, all_errors=True)
            _one_line(verdict.summary())
            assert verdict.valid == (not verdict.problems)


@FUZZ
@given(_json_values())
def test_json_shapes(value):
    from freecell_cli.game import Game

    import json

    text = json.dumps(value)  # big integers and NaN too, which orjson then refuses to read
    p = _read(parse_position, text)
    if p is not None:
        _position_reads_back(p)
    sol = _read(parse_solution, text, "json")
    if sol is not None:
        _solution_reads_back(sol)
    game = _read(Game.from_dict, value)
    if game is not None:
        again = Game.from_dict(game.to_dict())
        assert again.position == game.position and again.played() == game.played()


@FUZZ
@given(st.text(max_size=12) | st.integers().map(str) | st.sampled_from(["²", "٣", "1_000", "#5", "9" * 5000]))
def test_moves_and_numbers(token):
    move = _read(Move.parse, token)
    if move is not None:  # written in its own form, it reads back the same
        assert str(Move.parse(str(move))) == str(move)
    n = _read(parse_deal_number, token)
    if n is not None:
        assert type(n) is int and 1 <= n <= MAX_DEAL and parse_deal_number(f"{n:,}") == n


@FUZZ
@given(st.text(max_size=30))
def test_game_commands(line):
    from freecell_cli.game import Game

    g = Game.new(617)
    out = g.play(line)  # refused or played, never raised
    if not out.ok:
        _one_line(out.message)
    else:
        assert len(g.played()) == len(line.replace(",", " ").split())  # each move played
    again = Game.from_dict(g.to_dict())  # whatever was played is saved whole
    assert again.position == g.position and again.played() == g.played()
    from freecell_cli.play import Session

    s = Session(g, interactive=False, out=io.StringIO())
    s.handle(line if not line.strip().lower().startswith(("new", "daily", "save", "h")) else "show")
    again = Game.from_dict(g.to_dict())
    assert again.position == g.position and again.played() == g.played()


COMMANDS = [
    ["show"], ["show", "--legal"], ["move", "5a"], ["move", "5a", "82"], ["autoplay", "--moves"],
    ["verify", "--deal", "617", "-"], ["verify", "--json", "--deal", "1", "--all-errors", "-"],
    ["verify", "--position", "-", "x"], ["verify", "-"], ["deal"], ["solve", "--hint", "--max-states", "500"],
]


def entry(args, stdin):
    """The real entry point (`freecell ...`, usage errors included), in-process:
    (exit code, stdout, stderr)."""
    from freecell_cli.cli import main

    streams = [io.TextIOWrapper(io.BytesIO(data), encoding="utf-8") for data in (stdin.encode(), b"", b"")]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(sys, "argv", ["freecell", *args])
        for name, stream in zip(("stdin", "stdout", "stderr"), streams):
            m.setattr(sys, name, stream)
        with pytest.raises(SystemExit) as exited:
            main()
    for stream in streams[1:]:
        stream.flush()
    out, err = (stream.buffer.getvalue().decode() for stream in streams[1:])
    return exited.value.code, out, err


def _ended_by_the_table(args, stdin):
    """A command ends with an exit code of the README's table; refused (2), it says
    why in one line `error: ...` on stderr and writes nothing on stdout but, with
    --json, the record that names the error; a negative verdict (1) or a limit (3)
    adds at most one line on stderr."""
    code, out, err = entry(args, stdin)
    assert code in (0, 1, 2, 3), (args, stdin, code, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert (err[:7], err.count("\n"), err[-1:]) == ("error: ", 1, "\n"), (args, stdin, out, err)
        _one_line(err[7:-1])
        if "--json" in args:
            assert all(orjson.loads(line)["error"] for line in out.splitlines()), (args, stdin, out)
        else:
            assert out == "", (args, stdin, out)
    elif code in (1, 3):
        assert err.count("\n") <= 1, (args, stdin, err)
    return code, out, err


@settings(max_examples=max(EXAMPLES // 2, 20), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(COMMANDS), TEXTS, st.lists(st.lists(ALPHABET, max_size=4).map("".join), max_size=2))
def test_cli_commands(command, stdin, extra):
    args = command + (extra if command[0] in ("deal", "move") else [])
    code, out, _ = _ended_by_the_table(args, stdin)
    if code == 0 and args[0] == "deal":  # a position: it reads back
        _position_reads_back(parse_position(out))


@pytest.mark.parametrize("seed", range(3))
def test_random_legal_play_never_breaks_the_formats(seed):
    # Long random games through every format and back: the table is kept exactly.
    from freecell_cli import apply, legal_moves

    rng = random.Random(seed)
    p = deal(rng.randint(1, 8_589_934_591), cells=rng.randint(0, 15))
    for _ in range(200):
        moves = legal_moves(p, SITE)
        if not moves:
            break
        apply(p, rng.choice(moves))
        for fmt in ("compact", "fcs", "json"):
            assert parse_position(format_position(p, fmt)).same_table(p)


# -- Spider ------------------------------------------------------------------------
# Positions the rules cannot reach must be refused, numbers must be ASCII and bounded:
# whatever a Spider reader accepts is a table the rules allow, and reads back as written.
from freecell_cli.spider.deals import deal as spider_deal  # noqa: E402
from freecell_cli.spider.formats import format_compact as spider_compact  # noqa: E402
from freecell_cli.spider.formats import format_json as spider_json  # noqa: E402
from freecell_cli.spider.formats import parse_position as spider_parse  # noqa: E402

_RUN = "KSQSJSTS9S8S7S6S5S4S3S2S"
SPIDER_SEEDS = [
    spider_compact(spider_deal(1, 1)),
    spider_compact(spider_deal(2, 2)),
    spider_compact(spider_deal(3, 4)),
    spider_json(spider_deal(4, 2)).strip(),
    "spider1:" + "/".join([f".{_RUN}", ".AS"] + ["."] * 8) + ":-:SSSSSSS:99:7",  # one run from the win
    "spider1:" + "/".join([f".{_RUN}AS"] + ["."] * 9) + ":-:SSSSSSS:0",  # that run left standing
    "spider4:" + "/".join(["."] * 10) + ":-:SSS:0",
    "# spider deal 5, 2 suits, 3 moves\n23 d 47\n",
    "# spider start spider1:" + "/".join([f".{_RUN}", ".AS"] + ["."] * 8) + ":-:SSSSSSS:0\n23 32 21\n",
]
SPIDER_ALPHABET = st.sampled_from(list("0123456789SHCDAKQJTshv.:/-d #,\n{}[]\"") + [
    "spider", "¹", "²", "١", "ß", "ſ", "10", "♠", "\x00", "AS", "KH", "SSS", "9" * 30, "1e3", "true", "1.0"])
SPIDER_TEXTS = st.one_of(mutated(SPIDER_SEEDS, SPIDER_ALPHABET), st.lists(SPIDER_ALPHABET, max_size=60).map("".join))


def _check_reachable(p):
    """What the rules allow, said independently of Position.validate."""
    from collections import Counter

    from freecell_cli.cards import Card

    per = 8 // p.suits
    letters = {1: "S", 2: "SH", 4: "CDHS"}[p.suits]
    removed = Counter(p.removed)
    counts = Counter(p.stock) + Counter(c for col in p.columns for c in col.cards)
    assert all(removed[s] <= per for s in removed) and set(removed) <= set(letters)
    assert counts == Counter({Card(r, s): per - removed[s] for s in letters for r in range(1, 14)
                              if per - removed[s]})
    for i, col in enumerate(p.columns):
        assert len(col.down) <= (5 if i < 4 else 4) and (col.up or not col.down)
        up = [(c.rank, c.suit) for c in col.up]
        assert not any(up[j:j + 13] == [(13 - k, up[j][1]) for k in range(13)] for j in range(len(up)))
    assert len(p.stock) % 10 == 0 and len(p.stock) <= 50
    assert type(p.moves) is int and 0 <= p.moves <= 999_999_999 and type(p.suits) is int


def _spider_reader_ok(text, fmt=None):
    p = _read(spider_parse, text, fmt)
    if p is None:
        return
    _check_reachable(p)
    assert spider_parse(spider_compact(p)) == p == spider_parse(spider_json(p))


@FUZZ
@given(SPIDER_TEXTS)
def test_spider_position_readers(text):
    for fmt in (None, "compact", "json"):
        _spider_reader_ok(text, fmt)


def _spider_json_values():
    return st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
        | st.sampled_from(["AS", "KH", "S", "H", "ß", "ſ", "spider"]),
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
            st.sampled_from(["game", "suits", "deal", "columns", "down", "up", "stock", "removed", "moves"]),
            inner, max_size=7),
        max_leaves=25)


@FUZZ
@given(_spider_json_values(), st.sampled_from(["suits", "deal", "moves", "removed", None]))
def test_spider_json_shapes(value, field):
    import json

    _spider_reader_ok(json.dumps(value))
    # a real position with one field replaced: floats, bools, huge numbers, odd letters
    d = json.loads(spider_json(spider_deal(9, 2)))
    if field is not None:
        d[field] = value
        _spider_reader_ok(json.dumps(d))


@FUZZ
@given(st.integers(1, 10**6), st.sampled_from([1, 2, 4]), st.lists(st.integers(0, 2**16), min_size=1, max_size=8),
       st.sampled_from(["move", "down", "removed", "stock", "moves", "suits"]))
def test_spider_tables_changed_by_hand(n, suits, picks, change):
    # A real deal, then one kind of change an edited file makes: accepted only if still reachable.
    from freecell_cli.spider.position import Column, Position

    p = spider_deal(n, suits)
    cols = [list(c.down) + list(c.up) for c in p.columns]
    downs = [len(c.down) for c in p.columns]
    stock, removed, moves, s = list(p.stock), list(p.removed), p.moves, suits
    rng = random.Random(picks[0])
    if change == "move":  # cards from one column to another, face up
        for pick in picks:
            a, b = pick % 10, (pick // 10) % 10
            if len(cols[a]) > downs[a] + 1:
                cols[b].append(cols[a].pop())
    elif change == "down":
        i = picks[0] % 10
        downs[i] = min(len(cols[i]) - 1, downs[i] + 1 + picks[-1] % 3)
    elif change == "removed":
        removed += [rng.choice("SHCDX") for _ in picks]
    elif change == "stock":
        for pick in picks:
            if stock:
                cols[pick % 10].append(stock.pop())
    elif change == "moves":
        moves = rng.choice([10**9, 10**18, -1, True, 2.0, 999_999_999])
    else:
        s = rng.choice([1, 2, 4, 3, 4.0, True])
    columns = tuple(Column(tuple(c[:d]), tuple(c[d:])) for c, d in zip(cols, downs))
    q = Position(s, columns, tuple(stock), tuple(removed), moves)
    try:
        q.validate()
    except FreecellError as e:
        _one_line(str(e))
        return
    _check_reachable(q)


@FUZZ
@given(SPIDER_TEXTS)
def test_spider_solution_readers_and_replay(text):
    from freecell_cli.spider.verify import format_solution as spider_format
    from freecell_cli.spider.verify import parse_solution as spider_solution
    from freecell_cli.spider.verify import start_position as spider_start
    from freecell_cli.spider.verify import verify as spider_verify

    sol = _read(spider_solution, text)
    if sol is None:
        return
    start = _read(spider_start, sol, 1 if sol.deal is None and sol.start is None else None, None)
    if start is None:
        return
    _one_line(spider_verify(sol, start).summary())
    again = spider_solution(spider_format(list(sol.tokens), start))  # written again, it reads back
    assert again.tokens == sol.tokens and spider_start(again) == start


SPIDER_COMMANDS = [["spider", "show"], ["spider", "show", "--json"], ["spider", "move", "d"],
                   ["spider", "verify", "--deal", "1", "-s", "1", "-"], ["spider", "verify", "--json", "-"]]


@settings(max_examples=max(EXAMPLES // 2, 20), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(SPIDER_COMMANDS), SPIDER_TEXTS)
def test_spider_cli_commands(command, stdin):
    code, out, _ = _ended_by_the_table(command, stdin)
    if code == 0 and command == ["spider", "show", "--json"]:  # the table read: it reads back
        _spider_reader_ok(out)

# -- control characters in any input never reach the terminal raw -------------------------
CONTROLS = ["\x1b", "\x1b]52;c;aGk=\x07", "\x1b[2J", "\x9b", "\x9b2J", "\x07", "\r", "\x08", "\x7f", "\x85",
            "\u202e", "\u2028", "\ufeff", "\x00", "[bold]", "$\\frac{$"]


def _hostile_seeds():
    from freecell_cli.analysis import Job
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact as spider_compact

    record = orjson.dumps({"deal": 5, **Job().settings(), "verdict": "solved", "move_count": 90, "states": 7,
                           "seconds": 0.5}).decode()
    return {
        "position": SEEDS[:4],
        "solution": SEEDS[4:],
        "spider position": [spider_compact(spider_deal(1, 1))],
        "spider solution": ["# spider deal 1, 1 suit, 2 moves\n23 47\n", "23 d 32"],
        "results": [record, record.replace('"site"', '"standard"') + "\n" + record],
        "line play": ["5a\nu\nr\nnew 5\ndaily\nsave s.sol\nshow\n", "23\nd\nnew 3\nsave s.sol\n"],  # no h: a hint may take 10 s
        "moves": ["5a 82 a2", "23 47 d"],
        "name": ["617.sol", "results.jsonl"],
    }


HOSTILE_SEEDS = _hostile_seeds()
# (arguments, what stdin holds or None, where the hostile text goes: "stdin" or an argument "ARG")
HOSTILE_COMMANDS = [
    (["show", "-"], "position", "stdin"),
    (["verify", "--deal", "617", "--all-errors", "-"], "solution", "stdin"),
    (["verify", "-"], "solution", "stdin"),
    (["replay", "--deal", "617", "-"], "solution", "stdin"),
    (["move", "--deal", "617", "ARG"], "moves", "ARG"),
    (["spider", "show", "-"], "spider position", "stdin"),
    (["spider", "verify", "--deal", "1", "-"], "spider solution", "stdin"),
    (["spider", "move", "ARG"], "moves", "ARG"),
    (["analyze", "--summary", "-"], "results", "stdin"),
    (["play", "617"], "line play", "stdin"),
    (["spider", "play", "1", "-s", "1"], "line play", "stdin"),
    (["verify", "ARG"], "name", "ARG"),
    (["show", "ARG"], "name", "ARG"),
    (["spider", "verify", "ARG"], "name", "ARG"),
    (["analyze", "--summary", "ARG"], "name", "ARG"),
    (["deal", "ARG"], "moves", "ARG"),
]


@st.composite
def hostile(draw, kind):
    """A seed of ``kind`` with control, C1 and format characters put in anywhere."""
    text = draw(st.sampled_from(HOSTILE_SEEDS[kind]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(1, 4))):
        i = rng.randrange(len(text) + 1)
        text = text[:i] + draw(st.sampled_from(CONTROLS)) + text[i:]
    return text


def _printed_clean(args, stdin, tmp_path):
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact as spider_compact

    if args[:2] == ["spider", "move"]:  # the moves are the hostile part: the position is sound
        stdin = spider_compact(spider_deal(1, 1))
    env = {"NO_COLOR": "1", "FORCE_COLOR": None, "XDG_DATA_HOME": str(tmp_path / "data")}
    result = runner.invoke(app, args, input=stdin, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, stdin, result.exception)
    for stream in (result.stdout, result.stderr):
        raw = [ch for ch in stream if not (ch.isprintable() or ch in "\n\t")]
        assert not raw, (args, stdin, raw, stream[-300:])


# A third of the examples: each runs a command (the test below runs every one of them once).
@settings(max_examples=max(EXAMPLES // 3, 20), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_no_control_character_is_printed_raw(tmp_path, monkeypatch, data):
    monkeypatch.chdir(tmp_path)  # play's `save s.sol` (its name mangled too) writes here
    args, kind, where = data.draw(st.sampled_from(HOSTILE_COMMANDS))
    text = data.draw(hostile(kind))
    if where == "stdin":
        _printed_clean(args, text, tmp_path)
    else:  # no argument holds a NUL (the system refuses one)
        _printed_clean([text.replace("\x00", "") if a == "ARG" else a for a in args], None, tmp_path)


@pytest.mark.parametrize("args, kind, where", HOSTILE_COMMANDS)
def test_every_reader_escapes_an_osc52_write(tmp_path, monkeypatch, args, kind, where):
    # Each command once per run, whatever hypothesis draws: the seed with every kind of control in it.
    monkeypatch.chdir(tmp_path)  # play's `save s.sol` writes here
    seed = HOSTILE_SEEDS[kind][0]
    text = seed[:2] + "\x1b]52;c;aGk=\x07\x9b2J\r\u202e" + seed[2:]
    if where == "stdin":
        _printed_clean(args, text, tmp_path)
    else:  # no argument holds a NUL (the system refuses one)
        _printed_clean([text.replace("\x00", "") if a == "ARG" else a for a in args], None, tmp_path)


# -- saved games from strangers, the library with wrong arguments -------------------------
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-2**70, max_value=2**70)
    | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


def _saved_games():
    from freecell_cli.game import Game
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.play import Game as SpiderGame

    g = Game.new(617)
    g.play("5a 82 a2 8a")
    g.undo()
    s = SpiderGame(spider_deal(1, 1), False)
    return [(Game, g.to_dict()), (SpiderGame, s.to_dict())]


@FUZZ
@given(which=st.sampled_from([0, 1]), data=st.data())
def test_a_save_with_any_field_changed_is_read_or_refused_as_damaged(which, data):
    """Every field of both save files, set to anything JSON holds (or dropped, or one
    added): the game reads it back as written, or refuses it with a FreecellError."""
    cls, good = _saved_games()[which]
    d = dict(good)
    key = data.draw(st.sampled_from(sorted(set(d) | {"game"}) + ["extra"]), label="field")
    if data.draw(st.booleans(), label="drop") and key in d:
        del d[key]
    else:
        d[key] = data.draw(_JSON_VALUES, label="value")
    game = _read(cls.from_dict, d)
    if game is None:
        return
    again = game.to_dict()
    if which == 0 and d.get("game") == "freecell":  # FreeCell's saves are written without it (older versions read them)
        del d["game"]
    assert {k: v for k, v in again.items() if k != "elapsed"} == {k: v for k, v in d.items() if k != "elapsed"}


_ANY = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats()
        | st.text(max_size=8) | st.binary(max_size=4) | st.lists(st.integers(), max_size=3)
        | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _calls():
    """(name, function, the arguments of a call that works): each argument is then
    replaced by anything, one at a time."""
    import freecell_cli as fc

    p = deal(617)
    m = fc.resolve(p, Move.parse("5a"), "site")
    return [
        ("deal", fc.deal, [617]),
        ("parse_position", fc.parse_position, [format_position(p)]),
        ("format_position", fc.format_position, [p, "compact"]),
        ("legal_moves", fc.legal_moves, [p, "site"]),
        ("resolve", fc.resolve, [p, Move.parse("5a"), "site"]),
        ("apply", lambda q, mv: fc.apply(q.copy() if isinstance(q, fc.Position) else q, mv), [p, m]),
        ("can_move", fc.can_move, [p, "site"]),
        ("autoplay", lambda q, v: fc.autoplay(q.copy() if isinstance(q, fc.Position) else q, v), [p, "site"]),
        ("verify", fc.verify, [617, "5a 82"]),
        ("read_solution", fc.read_solution, ["5a 82"]),
        ("find_variant", fc.find_variant, ["site"]),
        ("random_number", fc.random_number, [3]),
        ("daily_number", fc.daily_number, ["2026-11-30"]),
        ("is_unsolvable", fc.is_unsolvable, [617]),
        ("parse_moves", fc.parse_moves, ["5a 82"]),
        ("capacity", lambda f, e: fc.find_variant("site").capacity(f, e), [2, 1]),
    ]


@FUZZ
@given(data=st.data())
def test_the_librarys_functions_refuse_wrong_arguments_at_the_boundary(data):
    """A public function given anything in place of one argument returns, or raises a
    FreecellError (a ValueError) or a TypeError of one line: never an error from
    deep inside (AttributeError, IndexError, OverflowError, MemoryError ...)."""
    name, function, args = data.draw(st.sampled_from(_calls()), label="function")
    i = data.draw(st.integers(0, len(args) - 1), label="argument")
    args = list(args)
    args[i] = data.draw(_ANY, label="value")
    try:
        function(*args)
    except (FreecellError, TypeError) as e:
        _one_line(str(e))
