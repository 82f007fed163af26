import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import run
from freecell_cli import deal, format_position

EXAMPLES = Path(__file__).parent.parent / "examples"
FREECELL = [sys.executable, "-m", "freecell_cli"]


def pairs(out: str) -> list[tuple[str, str]]:
    lines = out.splitlines()
    return list(zip(lines[0::2], lines[1::2]))


def test_piped_output_equals_replaying_with_move():
    code, out, err = run("replay", "--deal", "617", str(EXAMPLES / "617.snx-out.txt"))
    assert code == 0 and err == "OK deal 617: solved in 103 moves (site)\n"
    steps = pairs(out)
    assert len(steps) == 103 and steps[0][0] == "7a"
    start = format_position(deal(617))
    moves = [m for m, _ in steps]
    for k in [*range(1, 104, 10), 103]:
        code, moved, _ = run("move", *moves[:k], input=start)
        assert code == 0 and moved == steps[k - 1][1] + "\n", k
    assert steps[-1][1] == "----:KKKK:///////:617"


def test_windows_automatic_moves_are_steps_of_their_own():
    code, out, err = run("replay", str(EXAMPLES / "3.fcpro.txt"))
    assert code == 0 and err == "OK deal 3: solved in 113 moves (windows)\n"
    steps = pairs(out)
    assert len(steps) == 113 and sum(m.endswith("  # automatic") for m, _ in steps) == 31
    # the position after a file move and the automatic moves it set off is what `move` prints
    played = [m for m, _ in steps if not m.endswith("# automatic")]
    last_of_first_10 = [i for i, (m, _) in enumerate(steps) if not m.endswith("# automatic")][10] - 1
    code, moved, _ = run("move", "--variant", "windows", "--empty-column", "max", *played[:10],
                         input=format_position(deal(3)))
    assert moved.split(":")[:3] == steps[last_of_first_10][1].split(":")[:3]


def test_failing_solution_stops_before_the_bad_move():
    code, out, err = run("replay", "--deal", "4", str(EXAMPLES / "4.snx-out.txt"), "-f", "json")
    assert code == 1
    assert err == 'FAIL deal 4 (site): move 66 "13": 4 cards > can move 3 (0 free cells, 2 empty columns)\n'
    assert out.count('"columns"') == 65


def test_position_option_and_stdin(tmp_path):
    start = tmp_path / "start.txt"
    start.write_text(format_position(deal(617)) + "\n")
    code, out, err = run("replay", "-p", str(start), "-", input="5a 82\n")
    assert code == 1 and err == "FAIL deal 617 (site): all 2 moves legal, not solved: 0 cards home\n"
    assert [m for m, _ in pairs(out)] == ["5a", "82"]


def test_errors():
    code, _, err = run("replay", "-p", "-", "-", input="x")
    assert code == 2 and err == "error: stdin (-) can be read only once\n"
    code, _, err = run("replay", "-", input="5a 82\n")
    assert code == 2 and err == "error: stdin: the solution names no deal: give --deal N or --position FILE\n"
    code, _, err = run("replay", "--deal", "617", "-", input="5a zz\n")
    assert code == 2 and err.startswith("error: stdin: line 1: not a move: 'zz'")
    code, _, err = run("replay", "--deal", "617", "/nonexistent.sol")
    assert code == 2 and err.startswith("error: cannot read /nonexistent.sol")
    code, _, err = run("replay", "--deal", "617", "--solution-format", "xml", "-", input="5a")
    assert code == 2 and "unknown solution format 'xml'" in err


def test_html_page(tmp_path):
    page = tmp_path / "r.html"
    code, out, err = run("replay", "--deal", "4", str(EXAMPLES / "4.snx-out.txt"), "--html", str(page))
    assert code == 1 and out == ""
    assert err == ("wrote " + str(page) + ": 66 frames; FAIL deal 4 (site): move 66 \"13\": "
                   "4 cards > can move 3 (0 free cells, 2 empty columns)\n")
    text = page.read_text()
    assert text.count('<svg class="frame"') == 66 and 'class="bad"' in text


def test_terminal_viewer_keys(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    sol = tmp_path / "s.sol"
    sol.write_text("5a 82 a2\n")
    child = pexpect.spawn(FREECELL[0], [*FREECELL[1:], "replay", "--deal", "617", "--delay", "0.02", str(sol)],
                          encoding="utf-8", dimensions=(40, 100), timeout=20,
                          env={**os.environ, "COLUMNS": "100"})
    try:
        child.expect("step 0 / 3 \\| paused")
        child.expect("move 1 of 3: 5a, JC from column 5 to free cell a")
        child.send("\x1b[C")
        child.expect("step 1 / 3")
        child.expect("move 2 of 3: 82, QH from column 8 onto KS in column 2")
        child.send("\x1b[D")
        child.expect("step 0 / 3")
        child.send("G")
        child.expect("step 3 / 3 \\| end")
        child.expect("all 3 moves legal, not solved: 0 cards home")
        child.send("p")  # from the end, play starts again from the first frame and stops at the end
        child.expect("step 1 / 3 \\| playing")
        child.expect("step 3 / 3 \\| end")
        child.send("q")
        child.expect("FAIL deal 617 \\(site\\): all 3 moves legal, not solved: 0 cards home")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1


def test_replay_does_not_slow_deal_start_up():
    # `deal` builds only its own command: the replay modules stay unimported
    code = ("import sys, freecell_cli.cli as c; c.build_app('deal');"
            "print(sorted(m for m in sys.modules if m.startswith('freecell_cli.') and "
            "m.split('.')[-1] in ('replay', 'svg', 'viewer', 'replay_page', 'plots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out == "[]\n"


def test_a_bare_position_first_is_the_position(tmp_path):
    moves = " ".join((EXAMPLES / "617.snx-out.txt").read_text().splitlines()[2:13]).split()
    rest = tmp_path / "rest.txt"
    rest.write_text(" ".join(moves[1:]) + "\n")
    position = run("move", moves[0], "--deal", "617")[1].strip()
    code, out, err = run("replay", position, str(rest))
    assert (code, err) == (0, "OK deal 617: solved in 102 moves (site)\n")
    assert out.startswith(f"7b\n") and len(pairs(out)) == 102
    assert run("replay", position) == (2, "", "error: no solution file given after the position (- for stdin)\n")
    assert run("replay", position, str(rest), "--deal", "617") == (
        2, "", "error: give one position: an argument, -p/--position, or --deal\n")
    assert run("replay", str(rest), str(rest)) == (
        2, "", "error: give one solution file, after the position when it is given bare (a compact position)\n")


def test_errors_name_the_solution_file(tmp_path):
    garbage, empty = tmp_path / "garbage.txt", tmp_path / "empty.txt"
    garbage.write_text("garbage\n")
    empty.write_text("")
    assert run("replay", "--deal", "1", str(garbage)) == (2, "", f"error: {garbage}: line 1: not a move: 'garbage'\n")
    assert run("replay", "--deal", "1", str(empty)) == (2, "", f"error: {empty}: empty file, no moves\n")
    assert run("replay", "--deal", "1", "-", input="") == (2, "", "error: stdin: empty file, no moves\n")


def test_html_dash_is_stdout(tmp_path):
    code, out, err = run("replay", "--deal", "617", str(EXAMPLES / "617.snx-out.txt"), "--html", "-")
    assert (code, err) == (0, "104 frames; OK deal 617: solved in 103 moves (site)\n")
    assert out.startswith("<!DOCTYPE html>") and not (tmp_path / "-").exists() and not os.path.exists("-")


# -- issue 20: a reader that goes away ends the command quietly ----------------------------
# A solution that moves the queen of spades to the empty column and back: legal
# for ever, never solved (verdict FAIL, exit 1 when the output is all read).
SHUTTLE = "----:KKKJ:QS//KS"


def _shell_env(unbuffered: bool) -> dict[str, str]:
    """The environment with Python's stdout buffered (the default) or not
    (PYTHONUNBUFFERED: one write(2) for a whole text, which a reader that leaves
    midway cuts short)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return {**env, "PYTHONUNBUFFERED": "1"} if unbuffered else env


def _into_head(args: list[str], unbuffered: bool, tmp_path: Path) -> tuple[int, str]:
    """`freecell ARGS | head -c 100`: freecell's exit code and stderr."""
    import shlex

    line = " ".join(shlex.quote(a) for a in [*FREECELL, *args])
    err = tmp_path / "err.txt"
    done = subprocess.run(["bash", "-c", f"{line} 2>{shlex.quote(str(err))} | head -c 100 >/dev/null; "
                                         "exit ${PIPESTATUS[0]}"],
                          env=_shell_env(unbuffered), stdin=subprocess.DEVNULL, timeout=300)
    return done.returncode, err.read_text()


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("moves,html", [(100, True), (10_000, False)], ids=["html", "pipe"])
def test_a_closed_pipe_ends_quietly(tmp_path, unbuffered, moves, html):
    """`replay --html - | head -c 100` (a 650 KB page) and the piped steps (200 KB):
    exit 0 and no line, not the verdict's note and exit 1."""
    solution = tmp_path / "shuttle.sol"
    solution.write_text(" ".join(["12 21"] * (moves // 2)) + "\n")
    args = ["replay", "-p", SHUTTLE, str(solution), *(["--html", "-"] if html else [])]
    whole = subprocess.run([*FREECELL, *args], capture_output=True, timeout=300)
    assert len(whole.stdout) > 150_000 and whole.returncode == 1  # more than a pipe holds; FAIL when read
    assert _into_head(args, unbuffered, tmp_path) == (0, "")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("html", [True, False], ids=["html", "pipe"])
def test_no_reader_at_all_ends_quietly(tmp_path, unbuffered, html):
    """stdout a pipe whose reader is gone before the first write; three moves, so
    the piped steps fit in stdout's buffer, and the verdict's note came first."""
    solution = tmp_path / "three.sol"
    solution.write_text("5a 82 a2\n")
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([*FREECELL, "replay", "--deal", "617", str(solution), *(["--html", "-"] if html else [])],
                              stdout=write, stderr=subprocess.PIPE, text=True, env=_shell_env(unbuffered),
                              stdin=subprocess.DEVNULL, timeout=300)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")  # not 1 (FAIL: not solved), nor its line


def test_a_macroxue_file_is_replayed_at_the_line_of_its_deal(tmp_path):
    path = tmp_path / "block"
    path.write_text("1:6r\n617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412\n")
    code, out, err = run("replay", "--deal", "617", str(path))
    assert code == 0 and err == "OK deal 617: solved in 87 moves (standard)\n"
    steps = pairs(out)
    assert len(steps) == 87 and sum(m.endswith("  # automatic") for m, _ in steps) == 52
    assert [m for m, _ in steps[:3]] == ["4a", "46", "2b"]
    assert run("replay", str(path)) == (2, "", f"error: {path}: line 2: a second solution (deal 617): the file holds "
                                               "one a line; give a deal to take its line (--deal N), or verify them "
                                               "all (freecell verify)\n")
    assert run("replay", "--deal", "5", str(path)) == (2, "", f"error: {path}: no line for deal 5\n")


@pytest.mark.parametrize("args, writes", [
    (["replay", "--deal", "617", "x.sol", "--html", "x.sol"], "the page"),
    (["replay", "-p", "s.pos", "x.sol", "--html", "./s.pos"], "the page"),
    (["solve", "s.pos", "-o", "s.pos"], "the solution"),
    (["solve", "-p", "s.pos", "-o", "link.pos"], "the solution"),
    (["show", "s.pos", "-f", "svg", "-o", "s.pos"], "the picture"),
    (["show", "s.pos", "--json", "-o", "s.pos"], "the JSON"),
    (["spider", "show", "sp.pos", "-f", "svg", "-o", "sp.pos"], "the picture"),
    (["spider", "solve", "sp.pos", "-o", "sp.pos"], "the solution"),
    (["spider", "replay", "-p", "sp.pos", "sp.sol", "--html", "sp.sol"], "the page"),
])
def test_an_output_that_is_an_input_file_is_refused_before_any_work(args, writes, tmp_path, monkeypatch):
    """It would write another kind of file over the input (a solution over its
    position, a page over its solution). move and autoplay may: a position over its own."""
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact

    monkeypatch.chdir(tmp_path)
    files = {"x.sol": "5a 82 a2\n", "s.pos": format_position(deal(617)) + "\n",
             "sp.pos": format_compact(spider_deal(3, suits=1)) + "\n", "sp.sol": "d\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "link.pos").symlink_to("s.pos")
    code, out, err = run(*args)
    target = args[-1]
    assert (code, out, err) == (2, "", f"error: {target} is a file this command reads: {writes} written there "
                                       "would take its place (write to another file)\n")
    assert {name: (tmp_path / name).read_text() for name in files} == files


def test_autoplay_and_move_still_write_a_position_over_its_own(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.pos").write_text(format_position(deal(617)) + "\n")
    assert run("move", "-p", "s.pos", "5a", "-o", "s.pos")[0] == 0
    assert run("autoplay", "s.pos", "-o", "s.pos")[0] == 0
    assert (tmp_path / "s.pos").read_text().startswith("JC---:")


def test_an_output_that_is_the_file_stdin_reads_is_refused(tmp_path, monkeypatch):
    """`solve -o q.txt < q.txt`: the position comes through stdin, from the same
    file (a subprocess: the test runner's stdin is not a file)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "q.txt").write_text(format_position(deal(617)) + "\n")

    def freecell(*args):
        with open(tmp_path / "q.txt") as stdin:
            return subprocess.run([sys.executable, "-m", "freecell_cli", *args], stdin=stdin,
                                  capture_output=True, text=True)

    for args in (["solve", "-q", "-o", "q.txt"], ["solve", "-", "-o", "./q.txt"], ["show", "-f", "svg", "-o", "q.txt"]):
        p = freecell(*args)
        assert p.returncode == 2 and p.stderr.startswith(f"error: {args[-1]} is a file this command reads: ")
    assert (tmp_path / "q.txt").read_text().startswith("----:0000:")
    assert freecell("solve", "--deal", "617", "-q", "-o", "q.txt").returncode == 0  # stdin is not read: no refusal
    assert (tmp_path / "q.txt").read_text().startswith("# freecell-cli solution")


def test_analyze_refuses_a_plot_over_the_results_it_reads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("analyze", "1-2", "-o", "r.jsonl", "-q")[0] == 0
    kept = (tmp_path / "r.jsonl").read_text()
    (tmp_path / "r.svg").symlink_to("r.jsonl")
    for args in (["analyze", "1-2", "-o", "r.jsonl", "--plot", "r.svg"], ["analyze", "--summary", "r.jsonl", "--plot", "r.svg"]):
        code, out, err = run(*args)
        assert (code, err) == (2, "error: r.svg is a file this command reads: the plot written there would take "
                                  "its place (write to another file)\n")
    assert (tmp_path / "r.jsonl").read_text() == kept
