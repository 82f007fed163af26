import orjson
import pytest

from cli_helpers import run
from freecell_cli import Move, deal, format_position
from oracle import needs_fcsolve

D617 = format_position(deal(617))


def test_solve_pipe_then_verify(tmp_path):
    code, out, err = run("solve", input=D617)
    assert code == 0 and out.startswith("# freecell-cli solution\n# deal: 617\n# variant: site\n# cells: 4\n# moves: ")
    # The default engine is the beam search (short solutions).
    assert err.startswith("solved: ") and err.endswith(", beam\n")
    path = tmp_path / "617.sol"
    path.write_text(out)
    code, vout, _ = run("verify", str(path))
    n = int(out.split("# moves: ")[1].split()[0])
    assert (code, vout) == (0, f"OK deal 617: solved in {n} moves (site)\n")


def test_solve_from_a_position_writes_the_position(tmp_path):
    code, out, _ = run("move", "5a", input=D617)
    code, sol, _ = run("solve", input=out)
    assert code == 0 and "# position: JC---:0000:" in sol and "# deal:" not in sol
    path = tmp_path / "p.sol"
    path.write_text(sol)
    assert run("verify", str(path))[0] == 0


def test_json_fields():
    code, out, _ = run("solve", "--deal", "1", "--json", "--variant", "standard")
    d = orjson.loads(out)
    assert code == 0
    assert set(d) >= {"verdict", "engine", "moves", "move_count", "nonfoundation_moves", "seconds", "states", "deal", "variant"}
    assert d["verdict"] == "solved" and d["deal"] == 1 and d["variant"] == "standard"
    assert d["move_count"] == len(d["moves"])
    assert d["nonfoundation_moves"] == sum(1 for m in d["moves"] if not m.endswith("h"))


def test_unsolvable_and_gave_up_exit_codes():
    code, out, err = run("solve", "--deal", "11982", "--exhaustive", "--variant", "atomic")
    assert (code, out) == (1, "") and err.startswith("unsolvable: the search was complete (")
    code, out, err = run("solve", "--deal", "617", "--max-states", "10")
    assert (code, out) == (3, "") and err.startswith("gave up: state limit of 10 reached")


def test_hint():
    code, out, _ = run("solve", "--hint", input=D617)
    assert code == 0 and out.count("\n") == 1 and "moves to finish)" in out
    code, out, _ = run("solve", "--hint", "--deal", "11982", "--exhaustive")
    assert (code, out) == (1, "this position is unsolvable\n")
    # no verdict: no move to print, and the diagnostic on stderr (as without --hint)
    assert run("solve", "--hint", "--deal", "617", "--max-states", "10") == (
        3, "", "gave up: state limit of 10 reached (11 states explored)\n")
    assert run("solve", "--hint", "--deal", "617", "--max-states", "10", "-q") == (3, "", "")
    assert run("solve", "--hint", "--deal", "617", "--max-states", "10", "--json") == (
        3, '{"verdict":"gave-up","move":null,"reason":"state limit of 10 reached","move_count":0}\n', "")


def test_bare_formats_and_output_file(tmp_path):
    code, out, _ = run("solve", "--deal", "1", "--format", "snx")
    assert code == 0 and not out.startswith("#") and len(out.split("\n")[0].split()) == 10
    code, out, _ = run("solve", "--deal", "1", "--format", "verbose")
    assert out.startswith("Move a card from ") or out.startswith("Move ")
    target = tmp_path / "one.sol"
    code, out, _ = run("solve", "--deal", "1", "-o", str(target))
    assert code == 0 and out == "" and target.read_text().startswith("# freecell-cli solution")
    assert [p.name for p in tmp_path.iterdir()] == ["one.sol"]  # no temp file left behind


def test_bad_input():
    code, out, err = run("solve", "--deal", "0")
    assert code == 2 and err.startswith("error: deal number 0")
    code, out, err = run("solve", input="garbage:here")
    assert code == 2 and err.startswith("error: ")


@needs_fcsolve
def test_fcsolve_engine_on_the_command_line(tmp_path):
    code, out, err = run("solve", "--deal", "4", "--engine", "fc-solve")
    assert code == 0 and "fc-solve" in err
    path = tmp_path / "4.sol"
    path.write_text(out)
    assert run("verify", str(path))[0] == 0


def test_every_solution_of_a_batch_passes_verify(tmp_path):
    """Solutions from every engine, written by solve and read back by verify."""
    from freecell_cli.solvers.fcsolve import fcsolve_available

    engines = ["beam", "builtin"] + (["fc-solve"] if fcsolve_available() else [])
    files = []
    for engine in engines:
        for n in range(1, 11 if engine == "beam" else 31):
            code, out, _ = run("solve", "--deal", str(n), "--engine", engine)
            assert code == 0
            path = tmp_path / f"{engine}-{n}.sol"
            path.write_text(out)
            files.append(str(path))
    code, out, _ = run("verify", *files)
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(files)
    # Several files: each line names its file.
    assert all(line.startswith(f"OK {f}: deal ") and line.endswith("(site)") for f, line in zip(files, lines))


def test_auto_falls_back_to_builtin_where_fc_solve_finds_nothing():
    """Under site, fc-solve finds no solution of 781948 (textbook rules); the
    built-in engine does, and auto reports both."""
    from freecell_cli.solvers.fcsolve import fcsolve_available

    code, out, err = run("solve", "--deal", "781948", "--json", "--engine", "auto")
    d = orjson.loads(out)
    assert code == 0 and d["verdict"] == "solved"
    assert d["engine"] == ("fc-solve+builtin" if fcsolve_available() else "builtin")


def test_width_and_optimize_options():
    code, out, err = run("solve", "--deal", "1", "--width", "16", "--json")
    d = orjson.loads(out)
    assert code == 0 and d["verdict"] == "solved" and d["engine"] == "beam"
    code, out, err = run("solve", "--deal", "1", "--engine", "auto", "--width", "16")
    assert (code, out) == (2, "") and err == "error: --width, --optimize and --optimal go with --engine beam\n"
    code, out, err = run("solve", "--deal", "1", "--width", "0")
    assert code == 2 and out == "" and "Traceback" not in err


ONE_MOVE = "----:QQJJ:QSKS/KC/KD/KHQH"  # KS must leave QS: one non-foundation move, then all home


def test_optimal_proves_the_fewest_non_foundation_moves(tmp_path):
    code, out, err = run("solve", "-p", ONE_MOVE, "--variant", "standard", "--optimal")
    assert code == 0 and out.startswith("# freecell-cli solution\n")
    assert err.startswith("optimal: 1 non-foundation move (proven, ") and err.endswith(" s)\n")
    path = tmp_path / "one.sol"
    path.write_text(out)
    assert run("verify", str(path))[0] == 0
    code, out, _ = run("solve", "-p", ONE_MOVE, "--variant", "standard", "--optimal", "--json")
    d = orjson.loads(out)
    assert (code, d["verdict"], d["optimal"], d["lower_bound"], d["nonfoundation_moves"]) == (0, "solved", True, 1, 1)
    # Nothing but moves home left: 0.
    code, out, err = run("solve", "-p", "----:QQQJ:KC/KD/KH/KSQS", "--optimal", "--json")
    assert (code, orjson.loads(out)["nonfoundation_moves"], orjson.loads(out)["optimal"]) == (0, 0, True)


def test_optimal_stopped_by_a_limit_gives_the_best_line_and_the_bound():
    code, out, err = run("solve", "--deal", "1", "--variant", "standard", "--optimal", "--time-limit", "30",
                         "--max-states", "20000")
    assert code == 3 and out.startswith("# freecell-cli solution\n")  # the beam's line, verified
    assert err.startswith("gave up: best ") and ", at least " in err
    best, least = err.split("gave up: best ")[1].split(" (")[0].split(", at least ")
    assert int(least) < int(best)


@pytest.mark.parametrize("args,message", [
    (["--optimize"], "--optimal and --optimize cannot be combined: the optimal search is a complete search of its own"),
    (["--exhaustive"], "--optimal and --exhaustive cannot be combined: the optimal search is a complete search of its own"),
    (["--hint"], "--optimal and --hint cannot be combined: the optimal search is a complete search of its own"),
    (["--engine", "auto"], "--width, --optimize and --optimal go with --engine beam"),
])
def test_optimal_refuses_what_it_would_ignore(args, message):
    assert run("solve", "--deal", "617", "--optimal", *args) == (2, "", f"error: {message}\n")


def test_a_position_file_that_cannot_be_read_is_named(tmp_path):
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("garbage\n")
    assert run("solve", str(garbage)) == (2, "", f"error: {garbage}: line 1: unknown card 'garbage'\n")


@pytest.mark.parametrize("args,message", [
    (["--exhaustive", "--optimize"], "--exhaustive and --optimize cannot be combined: a complete search has no beam"),
    (["--exhaustive", "--width", "5"], "--exhaustive and --width 5 cannot be combined: a complete search has no beam"),
    (["--exhaustive", "--engine", "auto", "--preset", "ve"],
     "--exhaustive and --preset ve cannot be combined: with --engine auto the complete search is the built-in "
     "engine's (--engine fc-solve takes a preset)"),
    (["--engine", "fc-solve", "--preset", ""], "--preset needs a name (fc-solve's -l; the default is lg)"),
    (["--engine", "beam", "--preset", "ve"], "--preset goes with --engine fc-solve or auto"),
])
def test_options_that_would_be_ignored_are_refused(args, message):
    assert run("solve", "--deal", "617", *args) == (2, "", f"error: {message}\n")


def test_an_unknown_preset_is_refused_with_auto_too():
    from freecell_cli.solvers.fcsolve import fcsolve_available

    expected = ("error: fc-solve does not know 'nonsense' (preset 'nonsense'?)\n" if fcsolve_available()
                else "error: --preset nonsense: Freecell Solver is not installed, so nothing would use it\n")
    assert run("solve", "--deal", "617", "--engine", "auto", "--preset", "nonsense") == (2, "", expected)


def test_two_positions_are_refused():
    """-p twice, or a bare position that starts with - besides -p: click would keep the last."""
    import subprocess
    import sys

    d1, d2 = run("deal", "1")[1].strip(), run("deal", "2")[1].strip()
    for args in (["-p", d1, d2], ["-p", d1, "-p", d2], [d1, d2]):
        p = subprocess.run([sys.executable, "-m", "freecell_cli", "solve", "-q", *args], capture_output=True, text=True)
        assert (p.returncode, p.stdout, p.stderr) == (
            2, "", "error: give one position: an argument, -p/--position, or --deal\n")


# -- solve --json | verify - ---------------------------------------------------------
def _after_5a():
    from freecell_cli import apply, find_variant, resolve

    p = deal(617)
    apply(p, resolve(p, Move.parse("5a"), find_variant("site")))
    return format_position(p)


@pytest.mark.parametrize("args, who, variant", [
    (["--deal", "1"], "deal 1", "site"),
    (["--deal", "1", "--cells", "6"], "deal 1", "site"),
    (["--deal", "2", "--cells", "2"], "deal 2", "site"),
    ([_after_5a()], "deal 617", "site"),
    (["--deal", "1", "--variant", "standard"], "deal 1", "standard"),
    (["--deal", "1", "--variant", "windows"], "deal 1", "windows"),
    (["--deal", "1", "--variant", "atomic"], "deal 1", "atomic"),
])
def test_solve_json_verifies(args, who, variant):
    code, out, err = run("solve", "-q", *args, "--json")
    assert code == 0, err
    d = orjson.loads(out)
    code, verdict, err = run("verify", "-", input=out)
    assert (code, verdict, err) == (0, f"OK {who}: solved in {d['move_count']} moves ({variant})\n", "")


def test_solve_json_keeps_its_fields_and_adds_the_start():
    code, out, _ = run("solve", "-q", "--deal", "1", "--cells", "6", "--json")
    d = orjson.loads(out)
    assert list(d) == ["verdict", "engine", "moves", "move_count", "nonfoundation_moves", "seconds", "states",
                       "deal", "variant", "reason", "position", "cells"]
    assert (d["deal"], d["position"], d["cells"]) == (1, None, 6)
    code, out, _ = run("solve", "-q", _after_5a(), "--json")
    d = orjson.loads(out)
    assert (d["deal"], d["position"], d["cells"]) == (617, _after_5a(), 4)


OURS = "# freecell-cli solution\n"


# -- a won position: 0 moves in every format ----------------------------------------
WON = "----:KKKK:/"


@pytest.mark.parametrize("fmt, text", [
    ([], f"{OURS}# position: {WON}\n# variant: site\n# cells: 4\n# moves: 0\n"),
    (["-f", "file"], f"{OURS}# position: {WON}\n# variant: site\n# cells: 4\n# moves: 0\n"),
    (["-f", "sn"], f"{OURS}# moves: 0\n"),
    (["-f", "snx"], f"{OURS}# moves: 0\n"),
    (["-f", "verbose"], "This game is solveable.\n"),
    (["--json"], None),
])
def test_a_won_positions_solution_round_trips(fmt, text):
    code, out, _ = run("solve", "-q", "-p", WON, *fmt)
    assert code == 0
    if text is not None:
        assert out == text
    assert run("verify", "-p", WON, "-", input=out) == (0, "OK stdin: solved in 0 moves (site)\n", "")


def test_format_solution_of_no_moves():
    import freecell_cli as fc

    s = fc.read_solution(f"{OURS}# moves: 0\n")
    start = fc.parse_position(WON)
    assert fc.format_solution(s, "snx", position=start) == f"{OURS}# moves: 0\n"
    assert fc.format_solution(s, "verbose", position=start) == "This game is solveable.\n"
    assert fc.verify(start, fc.format_solution(s, "sn", position=start)).ok


def test_format_json_is_json():
    a = orjson.loads(run("solve", "--deal", "1", "-f", "json", "--variant", "standard")[1])
    b = orjson.loads(run("solve", "--deal", "1", "--json", "--variant", "standard")[1])
    a.pop("seconds"), b.pop("seconds")
    assert a == b


# -- issue 24: the status line counts the whole solve; the give-up line says the count once --------
def test_the_status_line_never_goes_back_between_the_searchs_phases():
    """The beams count their states from 0 each, the complete search after them
    too: the line adds the phases up, on its own clock."""
    import io

    from freecell_cli import solve
    from freecell_cli.cli.output import SearchStatus

    calls = []
    result = solve(deal(11982), max_states=40_000, progress=lambda states, seconds: calls.append((states, seconds)))
    assert any(b[0] < a[0] for a, b in zip(calls, calls[1:]))  # the phases' own counts do go back
    ticks = iter(range(len(calls) + 1))
    status = SearchStatus(io.StringIO(), clock=lambda: float(next(ticks)))
    for states, seconds in calls:
        status.update(states, seconds)
    status.close()
    lines = status.stream.getvalue().split("\r")[1:-1]
    shown = [int(line.split()[1].replace(",", "")) for line in lines]
    assert shown == sorted(shown) and shown[-1] <= result.states
    assert lines[-1] == f"searching: {shown[-1]:,} states, {len(calls)}.0 s "  # the clock: one tick a report
    assert status.stream.getvalue().endswith("\r\x1b[K")  # the line is wiped at the end


@pytest.mark.parametrize("reason, note", [
    ("time limit of 5 s reached after 312,512 states", "gave up: time limit of 5 s reached after 312,512 states\n"),
    ("state limit of 10 reached", "gave up: state limit of 10 reached (312,512 states explored)\n"),
    ("", "gave up: limit reached (312,512 states explored)\n"),
])
def test_the_give_up_line_says_the_count_once(monkeypatch, reason, note):
    from freecell_cli import api
    from freecell_cli.solvers.result import GAVE_UP, Result

    monkeypatch.setattr(api, "solve", lambda *a, **k: Result(GAVE_UP, "beam", states=312_512, reason=reason))
    assert run("solve", "--deal", "617") == (3, "", note)



def test_a_state_limit_reached_in_the_last_search_is_named_as_given():
    # The complete search runs on what the beams left, to the limit exactly; the line names the user's limit.
    assert run("solve", "--deal", "11982", "--variant", "standard", "--max-states", "250000") == (
        3, "", "gave up: state limit of 250,000 reached (250,000 states explored)\n")


def test_format_macroxue_writes_a_line_verify_reads():
    code, out, _ = run("solve", "-q", "--deal", "617", "-f", "macroxue")
    assert code == 0 and out == "617:2r214r464r4r41724774121r7174831683c8212rc282872728323r343r5r6351561412\n"
    assert run("verify", "-", input=out) == (0, "OK deal 617: solved in 87 moves (standard)\n", "")
    assert run("verify", "--variant", "site", "-", input=out) == (0, "OK deal 617: solved in 87 moves (site)\n", "")
    code, out, err = run("solve", "-q", "--deal", "617", "--variant", "windows", "-f", "macroxue")
    assert code == 0 and run("verify", "-q", "-", input=out)[0] == 0


def test_format_macroxue_refuses_what_its_lines_cannot_say():
    code, out, err = run("solve", "-q", "-p", format_position(deal(617, cells=5)), "-f", "macroxue")
    assert (code, out) == (2, "") and "format macroxue writes a solution of a deal from its opening layout" in err


def test_format_macroxue_refuses_a_run_longer_than_its_rules_allow():
    # the site's capacity lets deal 5's line move 4 cards where the textbook's, its lines', lets 3
    code, out, err = run("solve", "-q", "--deal", "5", "-f", "macroxue")
    assert (code, out) == (2, "")
    assert err.startswith("error: format macroxue cannot write move ") and err.endswith(
        ": 4 cards, more than its solver moves at once (3: the rules of its lines are standard's); "
        "use format file or snx\n")
    code, out, _ = run("solve", "-q", "--deal", "5", "--variant", "standard", "-f", "macroxue")
    assert code == 0 and run("verify", "-q", "-", input=out)[0] == 0


def test_a_state_limit_of_one_is_the_start_position_alone():
    # The complete search's start counts as explored: a limit of 1 ends there, in either core.
    assert run("solve", "--deal", "1", "--exhaustive", "--max-states", "1") == (
        3, "", "gave up: state limit of 1 reached (1 state explored)\n")
