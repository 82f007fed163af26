"""How the game screen's text fits the terminal (layout.py): the compressed
columns, the key line, the wrapped and clipped lines, the help's pages, the line
on a terminal too small. The screen drawn with them is tested in test_screen.py,
the replay viewer in test_viewer.py."""

import pytest

from freecell_cli.layout import clip, column_rows, fit_keys, pages, reflow, too_small, wrap


@pytest.mark.parametrize("length", range(0, 25))
def test_a_compressed_column_shows_each_card_once_its_last_and_the_run_start(length):
    for rows, keep in [(rows, keep) for rows in range(2, 21) for keep in [None, *range(length)]]:
        shown = column_rows(length, rows, keep)
        covered = [i for entry in shown for i in (entry if isinstance(entry, range) else [entry])]
        assert covered == list(range(length))  # in order, none twice, none lost
        assert len(shown) <= max(rows, 1) and all(len(e) for e in shown if isinstance(e, range))
        if length:
            assert shown[-1] == length - 1
        if keep is not None and rows >= 4:
            assert keep in shown


def test_the_key_line_keeps_the_keys_of_highest_priority_in_their_order():
    keys = [(9, "47 move"), (7, "←→ focus"), (2, "R redo"), (2, "F auto"), (10, "? help")]
    assert fit_keys(keys, 100) == "47 move ←→ focus R redo F auto ? help"
    assert fit_keys(keys, 30) == "47 move ←→ focus R redo ? help"
    assert fit_keys(keys, 23) == "47 move ←→ focus ? help"
    assert fit_keys(keys, 1) == "? help"  # the last one stays


def test_the_line_on_a_terminal_too_small_is_the_longest_that_fits():
    assert too_small(64, 20, "Spider", 64, 20) == too_small(100, None, "Spider", 64, 20) == ""
    assert too_small(80, 19, "Spider", 64, 20) == "the terminal is 80×19; Spider needs at least 64×20 (Q quits)"
    assert too_small(60, None, "Spider", 64, 20) == "terminal 60 columns wide: Spider needs 64×20 (Q quits)"
    for width in range(1, 80):
        line = too_small(width, 10, "replay", 80, 20)
        assert len(line) <= max(width - 2, len("replay needs 80×20")) and "80×20" in line


def test_wrap_and_clip():
    assert wrap("short", 10) == ["short"]
    assert wrap("  two  spaces kept when it fits", 40) == ["  two  spaces kept when it fits"]
    assert wrap("one two three four", 9) == ["one two", "three", "four"]
    assert clip(["a", "b", "c"], 0, 5) == ["a…"]  # at least one line
    assert clip(["abcdef"], 1, 4) == ["abcdef"]  # nothing left out: unchanged


def test_the_help_reflowed_and_in_pages():
    page = "Keys\n  U    undo the\n       last move\n  R    redo"
    assert reflow(page, 20, 7) == page.splitlines()
    assert reflow(page, 15, 7) == ["Keys", "  U    undo the", "       last", "       move", "  R    redo"]
    assert pages(list("abcde"), 3) == [["a", "b"], ["c", "d"], ["e"]]
    assert pages(list("abc"), 3) == [["a", "b", "c"]]
