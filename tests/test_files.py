"""files.raw_lines, the one line loop of analyze.read_records (and numbered_lines, solution files):
offsets, torn last lines, the line and file limits, read errors."""

import io
import re

import orjson
import pytest

from freecell_cli import files
from freecell_cli.analysis import InvalidResults, read_records
from freecell_cli.files import InputTooLarge, RawLine, UnreadableInput, raw_lines


def lines(data, line_limit=100, **options):
    return list(raw_lines(io.BytesIO(data), "f.txt", line_limit, **options))


# -- raw_lines --------------------------------------------------------------------
def test_lines_come_with_numbers_and_offsets():
    got = lines(b"ab\r\n\ncd\n")
    assert got == [RawLine(1, 0, b"ab\r\n", False), RawLine(2, 4, b"\n", False), RawLine(3, 5, b"cd\n", False)]
    assert [line.end for line in got] == [4, 5, 8]
    assert lines(b"") == []


def test_a_last_line_with_no_newline_is_torn_only_when_asked():
    assert lines(b"ab\ncd") == [RawLine(1, 0, b"ab\n", False), RawLine(2, 3, b"cd", False)]
    assert lines(b"ab\ncd", torn=True) == [RawLine(1, 0, b"ab\n", False), RawLine(2, 3, b"cd", True)]
    assert lines(b"cd", torn=True) == [RawLine(1, 0, b"cd", True)]
    assert lines(b"ab\ncd\n", torn=True)[-1] == RawLine(2, 3, b"cd\n", False)  # whole: not torn


def test_the_torn_line_is_the_last_one_given():
    stream = io.BytesIO(b"ab\ncd")
    it = raw_lines(stream, "f", 100, torn=True)
    assert [line.torn for line in it] == [False, True]
    stream.write(b"ef\n")  # a writer goes on: the reader has already said where the good part ends
    assert list(it) == []


def test_the_line_limit():
    assert lines(b"12345\n", line_limit=6) == [RawLine(1, 0, b"12345\n", False)]  # the newline counts
    assert lines(b"123456", line_limit=6, torn=True) == [RawLine(1, 0, b"123456", True)]  # at the limit: torn
    with pytest.raises(InputTooLarge) as e:
        lines(b"ok\n123456\n", line_limit=6)
    assert str(e.value) == "f.txt: line 2 is longer than 6 bytes"
    with pytest.raises(InputTooLarge) as e:
        lines(b"ok\n" + b"x" * 5000, line_limit=4096, line_what="record", torn=True)  # torn, but too long first
    assert str(e.value) == "f.txt: line 2 is longer than 4,096 bytes, the limit for a record"


def test_the_limit_of_the_whole_stream():
    assert len(lines(b"abc\n" * 5, limit=20, what="solution")) == 5  # exactly the limit
    with pytest.raises(InputTooLarge) as e:
        lines(b"abc\n" * 5 + b"x", limit=20, what="solution")
    assert str(e.value) == "f.txt is larger than 20 bytes, the limit for a solution"
    with pytest.raises(InputTooLarge, match="larger than 20 bytes"):  # the file's limit is told before the line's
        lines(b"x" * 30, line_limit=25, limit=20, what="solution")


def test_lines_are_read_one_at_a_time():
    class Endless(io.RawIOBase):  # `yes |`: there is always one more line
        def readable(self):
            return True

        def readinto(self, b):
            b[:4] = b"abc\n"
            return 4

    it = raw_lines(io.BufferedReader(Endless()), "stdin", 10)
    assert next(it) == RawLine(1, 0, b"abc\n", False) and next(it).start == 4
    with pytest.raises(InputTooLarge, match="stdin is larger than 1,000 bytes"):
        list(raw_lines(io.BufferedReader(Endless()), "stdin", 10, limit=1000, what="solution"))


def test_a_read_that_fails_is_unreadable_input():
    class Failing(io.RawIOBase):
        def readable(self):
            return True

        def readinto(self, b):
            raise OSError(5, "Input/output error")

    with pytest.raises(UnreadableInput) as e:
        list(raw_lines(io.BufferedReader(Failing()), "disk.txt", 10))
    assert str(e.value) == "cannot read disk.txt: Input/output error"


# -- read_records, through raw_lines -------------------------------------------------
def record(n):
    return orjson.dumps({"deal": n, "verdict": "solved"}) + b"\n"


def test_repair_cuts_the_torn_line_where_the_good_part_ends(tmp_path):
    path = tmp_path / "r.jsonl"
    good = record(1) + record(2)
    path.write_bytes(good + b'{"deal":3,"ver')  # the start of a record as we write them
    assert [n for n, _ in read_records(path, repair=True)] == [1, 2]
    assert path.read_bytes() == good
    path.write_bytes(good + b'{"deal":3,"ver\x00\x00\n')  # and the zeros a crash leaves after it
    assert [n for n, _ in read_records(path, repair=True)] == [1, 2]
    assert path.read_bytes() == good
    assert [n for n, _ in read_records(path, repair=True)] == [1, 2] and path.read_bytes() == good
    # Not the start of one of ours (spaced as we never write, or ended by a newline
    # of its own): someone's text, refused and kept whole (issue 20).
    for tail in (b'{"deal": 3, "ver', b'{"deal":3,"ver\n'):
        path.write_bytes(good + tail)
        with pytest.raises(InvalidResults, match=r"line 3 is not a result record"):
            list(read_records(path, repair=True))
        assert path.read_bytes() == good + tail


def test_a_bad_record_before_an_over_long_line_is_named_first(tmp_path, monkeypatch):
    monkeypatch.setitem(files.LIMITS, "results record", 100)
    path = tmp_path / "r.jsonl"
    path.write_bytes(record(1) + b'{"deal":2,"ver\n' + b"{" + b"x" * 200 + b"\n")
    with pytest.raises(InvalidResults, match=r"r.jsonl: line 2 is not a result record \(is it a results file\?\)$"):
        list(read_records(path))
    path.write_bytes(record(1) + b"{" + b"x" * 200)  # a torn line over the limit is still too long
    with pytest.raises(InputTooLarge, match=r"r.jsonl: line 2 is longer than 100 bytes, the limit for a record$"):
        list(read_records(path, repair=True))
    assert path.read_bytes().endswith(b"x" * 200)  # and nothing is cut


def test_a_killed_writers_temporary_file_is_swept_by_the_next_write(tmp_path):
    import os
    import subprocess
    import sys

    target = tmp_path / "keep.html"
    # A writer killed outright leaves its temporary file; its pid no longer runs.
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".keep.html.{dead}.abc123.tmp"
    stale.write_text("half a page")
    alive = tmp_path / f".keep.html.{os.getppid()}.xyz789.tmp"  # a writer still at work
    alive.write_text("being written")
    other = tmp_path / f".other.html.{dead}.abc123.tmp"  # another file's: not ours to judge
    other.write_text("x")
    unrelated = tmp_path / ".keep.html.notes.tmp"
    unrelated.write_text("y")
    files.atomic_write(str(target), "<html></html>\n")
    assert target.read_text() == "<html></html>\n"
    assert not stale.exists()
    assert alive.exists() and other.exists() and unrelated.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["keep.html", alive.name, other.name, unrelated.name])


def test_before_replace_runs_once_the_new_text_is_safe_and_the_old_file_still_in_place(tmp_path):
    """A saved game moves the old save aside only then: a write that fails before
    (a full disk) has moved nothing."""
    target = tmp_path / "game.json"
    target.write_text("old")
    seen = []

    def check():
        temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        seen.append((target.read_text(), [p.read_text() for p in temps]))

    files.atomic_write(str(target), "new", before_replace=check)
    assert seen == [("old", ["new"])] and target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_what_before_replace_raises_is_raised_and_nothing_is_written(tmp_path):
    from freecell_cli.errors import FreecellError

    target = tmp_path / "game.json"
    target.write_text("old")

    def refuse():
        raise FreecellError("cannot move it aside")

    with pytest.raises(FreecellError, match="^cannot move it aside$"):
        files.atomic_write(str(target), "new", before_replace=refuse)
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_write_that_fails_never_calls_before_replace(tmp_path, monkeypatch):
    import errno
    import os

    def full(f, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write_synced", full)
    target = tmp_path / "game.json"
    target.write_text("old")
    called = []
    with pytest.raises(files.OutputError) as e:
        files.atomic_write(str(target), "new", before_replace=lambda: called.append(1))
    assert str(e.value) == f"cannot write {target}: No space left on device" and called == []
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_numbered_lines_at_any_block_size(tmp_path, chunk):
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(b"\xef\xbb\xbf5a\n\n \r\n\t82 \r\n\n\nah")
    assert list(numbered_lines(str(path), chunk=chunk)) == [(1, "5a"), (4, "\t82 "), (7, "ah")]


@pytest.mark.parametrize("data, message", [
    (b"5a\n\n\x00\n", "line 3: binary data, not a solution"),
    (b"5a\n\n\xff\n", "line 3: not UTF-8 text"),
])
def test_numbered_lines_refuses_binary_data_and_what_is_not_utf8(tmp_path, data, message):
    from freecell_cli.errors import FreecellError
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(data)
    with pytest.raises(FreecellError) as e:
        list(numbered_lines(str(path), chunk=2))
    assert str(e.value) == f"{path}: {message}"


def test_numbered_lines_gives_the_lines_before_the_limit_first(monkeypatch):
    import io
    import sys

    from freecell_cli import files

    monkeypatch.setitem(files.LIMITS, "solution", 10)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"5a\n\n82\nah\n8h\n")))
    got = []
    with pytest.raises(files.InputTooLarge, match="stdin is larger than 10 bytes, the limit for a solution"):
        for line in files.numbered_lines("-", chunk=4):
            got.append(line)
    assert got == [(1, "5a"), (3, "82"), (4, "ah")]


@pytest.mark.parametrize("chunk", [1, 3, 4, 1 << 20])
@pytest.mark.parametrize("data, lines", [
    (b"\n" * 10 + b"5a", [(11, "5a")]),
    (b"\n \n\t\n\r\n" * 3 + b"5a\n  \n82\n\n", [(13, "5a"), (15, "82")]),
    (b"   ", []),
])
def test_numbered_lines_counts_blank_blocks(tmp_path, chunk, data, lines):
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(data)
    assert list(numbered_lines(str(path), chunk=chunk)) == lines


# -- the place of an output file: what is really wrong (issue 20) ----------------------
@pytest.mark.parametrize("folder", ["/proc", "/sys"])
def test_a_folder_that_takes_no_file_is_not_called_missing(folder):
    """`/proc/x` was `no folder /proc`: /proc is there, and makes no file (ENOENT)."""
    import os
    import tempfile

    if not os.path.isdir(folder):
        pytest.skip(f"no {folder} here")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder)
    except OSError as e:
        reason = e.strerror
    else:
        os.close(fd)
        os.unlink(tmp)
        pytest.skip(f"{folder} takes new files here")
    want = f"cannot write {folder}/x: cannot make a file in {folder}: {reason}"
    for call in (lambda: files.check_output_path(f"{folder}/x"), lambda: files.atomic_write(f"{folder}/x", "5a\n")):
        with pytest.raises(files.OutputError) as e:
            call()
        assert str(e.value) == want


def test_a_missing_folder_and_a_file_as_a_folder_are_named(tmp_path):
    (tmp_path / "plain").write_text("")
    (tmp_path / "gone").symlink_to(tmp_path / "nothing")  # a link to no folder is no folder
    for path, why in ((tmp_path / "none" / "x", f"no folder {tmp_path / 'none'}"),
                      (tmp_path / "none" / "deeper" / "x", f"no folder {tmp_path / 'none' / 'deeper'}"),
                      (tmp_path / "plain" / "x", f"{tmp_path / 'plain'} is not a folder"),
                      (tmp_path / "gone" / "x", f"no folder {tmp_path / 'gone'}")):
        for call in (files.check_output_path, lambda p: files.atomic_write(p, "5a\n")):
            with pytest.raises(files.OutputError) as e:
                call(str(path))
            assert str(e.value) == f"cannot write {path}: {why}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gone", "plain"]


def test_a_link_to_a_missing_folder_names_that_folder(tmp_path):
    """A save that is a link into a folder that is gone said 'no folder' of the link's
    own folder, which is there."""
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "gone" / "x.json")
    with pytest.raises(files.OutputError, match=rf"^cannot write {re.escape(str(link))}: no folder {re.escape(str(tmp_path / 'gone'))}$"):
        files.atomic_write(str(link), "{}")


def test_a_lock_on_an_open_file_itself(tmp_path):
    """A file appended in place (a results file) holds its own lock: no lock file
    beside it, a second holder is Busy, and release or closing the file frees it."""
    path = tmp_path / "a.jsonl"
    with open(path, "ab") as f, open(path, "ab") as g:
        first = files.Lock(path, "busy {pid}", f.fileno())
        with pytest.raises(files.Busy, match="^busy unknown$"):  # no pid: nothing was written to the file
            files.Lock(path, "busy {pid}", g.fileno())
        first.release()
        second = files.Lock(path, "busy", g.fileno())
        with pytest.raises(files.Busy):
            files.Lock(path, "busy", f.fileno())
        second.release()
    with open(path, "ab") as f:
        files.Lock(path, "busy", f.fileno())
    with open(path, "ab") as g:  # f closed: its lock went with it
        files.Lock(path, "busy", g.fileno()).release()
    assert [p.name for p in tmp_path.iterdir()] == ["a.jsonl"] and path.read_bytes() == b""
