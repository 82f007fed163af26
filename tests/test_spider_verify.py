import pytest

from freecell_cli.errors import InvalidSolution
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import parse_compact
from freecell_cli.spider.verify import Solution, format_solution, parse_solution, start_position, verify
from cli_helpers import run
from spider_helpers import table


def test_valid_not_won():
    v = verify(parse_solution("23 47"), deal(1, suits=1))
    assert (v.valid, v.solved, v.moves, v.removed) == (True, False, 2, 0)
    assert v.to_dict() == {"valid": True, "solved": False, "moves": 2, "suits": 1, "deal": 1, "removed": 0,
                           "error": None}


def test_invalid_at_move_k():
    v = verify(parse_solution("23\n32 47"), deal(1, suits=1))
    assert not v.valid and v.moves == 1
    assert v.error.to_dict() == {"index": 2, "move": "32", "reason": "JS cannot go on 9S: it needs a card one rank higher"}


def test_malformed_token_is_an_error_at_that_move():
    # Malformed is not refused: the file cannot be read (as FreeCell's solutions).
    with pytest.raises(InvalidSolution, match=r"^line 2: not a Spider move: 'zz'"):
        parse_solution("23\nzz")
    with pytest.raises(InvalidSolution, match=r"^move 2 \"zz\": not a Spider move: 'zz'"):
        verify(Solution(("23", "zz")), deal(1, suits=1))


def test_won():
    p = table("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", "", suits=1,
              removed=("S",) * 7)
    v = verify(parse_solution("21"), p)
    assert v.ok and v.summary() == "solved in 1 move"


def test_header_round_trip():
    text = format_solution(["23", "d"], deal(3, suits=2))
    assert text == "# spider deal 3, 2 suits, 2 moves\n23 d\n"
    s = parse_solution(text)
    assert (s.tokens, s.deal, s.suits) == (("23", "d"), 3, 2)
    assert start_position(s) == deal(3, suits=2)
    assert start_position(s, deal=3, suits=2) == deal(3, suits=2)
    # A deal or suit count that contradicts the header is refused, not taken over it.
    with pytest.raises(InvalidSolution, match="^deal 4 was given, but the solution is for deal 3$"):
        start_position(s, deal=4)
    with pytest.raises(InvalidSolution, match="^1 suit given, but the solution is for 2 suits$"):
        start_position(s, suits=1)


def test_header_with_a_start_position():
    p = verify(parse_solution("23"), deal(1, suits=1)).final
    text = format_solution(["47"], p)
    assert text.startswith("# spider start spider1:") and text.endswith(" (1 move)\n47\n")
    s = parse_solution(text)
    assert start_position(s) == p and verify(s, start_position(s)).valid


def test_no_start():
    with pytest.raises(InvalidSolution, match="names no deal"):
        start_position(parse_solution("23"))
    with pytest.raises(InvalidSolution, match="start position in the header"):
        parse_solution("# spider start spider9:x\n")
    assert parse_compact  # (imported for the header parser's sake)


def test_a_one_move_header_reads_back():
    text = format_solution(["41"], deal(3, suits=2))
    assert text == "# spider deal 3, 2 suits, 1 move\n41\n"
    s = parse_solution(text)
    assert verify(s, start_position(s)).moves == 1


def test_a_start_that_names_a_deal_it_is_not_is_never_written_as_that_deal():
    """A position built with deal 9's cards and 0 moves, said to be deal 5, was written
    `# spider deal 5`: a file that replays another game."""
    from dataclasses import replace

    from freecell_cli.errors import InvalidPosition

    with pytest.raises(InvalidPosition, match="^the position says deal 5 \\(1 suit\\), but its cards are not deal 5's$"):
        format_solution(["23"], replace(deal(9, suits=1), deal=5))
    played = verify(parse_solution("d"), deal(9, suits=1)).final
    with pytest.raises(InvalidPosition, match="deal 5"):  # after a move: its stock is not deal 5's
        format_solution(["23"], replace(played, deal=5))
    assert format_solution(["23"], played).startswith("# spider start spider1:")


# -- streaming (issue 20): as FreeCell's open_solution / verify ---------------------------
from freecell_cli.spider.verify import open_solution  # noqa: E402


def test_open_solution_reads_the_header_now_and_the_moves_once(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("# spider deal 1, 1 suit\n\n23\n\n  47 , d\n")
    s = open_solution(str(f))
    assert (s.deal, s.suits, s.tokens) == (1, 1, ())  # the moves are still in the file
    assert [(step.token, step.line) for step in s.steps()] == [("23", 3), ("47", 5), ("d", 5)]
    assert list(s.steps()) == []  # read once
    s = open_solution(str(f))
    v = verify(s, start_position(s))
    assert (v.valid, v.moves) == (True, 3)


def test_parse_solution_keeps_the_line_of_each_move():
    s = parse_solution("# spider deal 1, 1 suit\n23\n\n47 d\n")
    assert s.tokens == ("23", "47", "d") and s.lines == (2, 4, 4)
    assert [(step.token, step.line) for step in s.steps()] == [("23", 2), ("47", 4), ("d", 4)]
    assert list(s.steps()) == list(s.steps())  # held in memory: as often as wanted


def test_the_first_refused_move_stops_reading(monkeypatch):
    # An endless file: verify must stop at move 2, the first refused one.
    import itertools

    import freecell_cli.files

    read = []

    def endless(source, what="solution"):
        for n in itertools.islice(itertools.count(1), 100_000):  # bounded, should it read on
            read.append(n)
            yield n, "# spider deal 1, 1 suit" if n == 1 else "23 32"

    monkeypatch.setattr(freecell_cli.files, "numbered_lines", endless)
    v = verify(open_solution("whatever"), deal(1, suits=1))
    assert (v.valid, v.moves, v.error.index, v.error.move) == (False, 1, 2, "32")
    assert read == [1, 2]


def test_what_lies_after_a_refused_move_is_not_read(tmp_path):
    # a malformed token, a wrong move count, bytes that are not UTF-8: all unseen, as FreeCell's verify
    f = tmp_path / "s.txt"
    f.write_bytes(b"# spider deal 1, 1 suit, 9 moves\n23 32\nzz\n\xff\n")
    s = open_solution(str(f))
    v = verify(s, start_position(s))
    assert (v.valid, v.error.index) == (False, 2)
    # the same held in memory is checked whole first
    with pytest.raises(InvalidSolution, match=r"^line 3: not a Spider move: 'zz'"):
        parse_solution("# spider deal 1, 1 suit, 9 moves\n23 32\nzz\n")


@pytest.mark.parametrize("text,message", [
    ("# spider deal 1, 1 suit\n23\n\n\n47 zz\n", "line 5: not a Spider move: 'zz'"),
    ("# spider deal 1, 1 suit, 3 moves\n23\n47\n", "line 1: the header says 3 moves, the file has 2"),
    ("23 47\n# spider deal 1, 1 suit\n", "line 2: the header naming the start must come before the moves"),
    ("# spider deal 1\n23\n# spider 2 suits\n", "line 3: the header naming the start must come before the moves"),
    ("# spider deal 1, 1 suit\n23 " + "x" * 5000 + "\n", "line 2: not a Spider move: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),
])
def test_streamed_errors_name_their_line(tmp_path, text, message):
    f = tmp_path / "s.txt"
    f.write_text(text)
    with pytest.raises(InvalidSolution) as e:  # (streamed, a late header is met in the replay: --deal 1)
        s = open_solution(str(f))
        verify(s, start_position(s, deal=1, suits=1))
    assert str(e.value).startswith(message)
    with pytest.raises(InvalidSolution) as e:  # in memory: the same words
        s = parse_solution(text)
        verify(s, start_position(s, deal=1, suits=1))
    assert str(e.value).startswith(message)


def test_a_move_count_header_after_the_moves_is_still_read(tmp_path):
    # it says nothing about the start, so it may come last (as before)
    s = parse_solution("# spider deal 1, 1 suit\n23 47\n# spider: 2 moves\n")
    assert s.tokens == ("23", "47")
    with pytest.raises(InvalidSolution, match="^line 3: the header says 3 moves, the file has 2$"):
        parse_solution("# spider deal 1, 1 suit\n23 47\n# spider: 3 moves\n")


def test_the_api_streams_a_file_and_reads_text_whole(tmp_path):
    import freecell_cli as fc

    f = tmp_path / "s.txt"
    f.write_text("# spider deal 1, 1 suit\n23 47\n")
    streamed = fc.read_spider_solution(f, stream=True)
    assert streamed.tokens == () and streamed.stream is not None
    assert fc.format_spider_solution(streamed) == "# spider deal 1, 1 suit, 2 moves\n23 47\n"
    assert fc.read_spider_solution(f).tokens == ("23", "47")
    v = fc.spider_verify(None, f)
    assert (v.valid, v.moves, v.deal) == (True, 2, 1)


@pytest.mark.parametrize("text, message", [
    ("# freecell-cli solution\n# deal: 617\n# moves: 2\n14 26\n",
     "line 1: this is a FreeCell solution ('# freecell-cli solution'): use freecell verify"),
    ('{"format":"freecell-cli-solution","deal":617,"position":null,"variant":"site","cells":4,"moves":["5a"]}',
     "this is a FreeCell solution (JSON): use freecell verify"),
])
def test_a_freecell_solution_is_sent_to_freecell_verify(text, message, tmp_path):
    """Its header is comments to Spider's reader, and 14 26 are Spider moves too:
    read as Spider's, the other game's file would get a verdict."""
    with pytest.raises(InvalidSolution) as e:
        parse_solution(text)
    assert str(e.value) == message
    path = tmp_path / "f.sol"
    path.write_text(text)
    code, out, err = run("spider", "verify", "--deal", "5", str(path))
    assert (code, out, err) == (2, "", f"error: {path}: {message}\n")
