"""The fewest free cells a deal needs (issue 14): the complete search, the
per-deal answer, the analyze mode, and a sample of a published table."""

import os
from pathlib import Path

import orjson
import pytest

from fakeclock import FakeClock
from freecell_cli import deal, find_variant
from freecell_cli.analysis import (
    InvalidResults,
    Job,
    SettingsMismatch,
    analyze,
    check_record,
    compare_min_cells,
    load_records,
    summarize_file,
)
from freecell_cli.errors import FreecellError
from freecell_cli.mincells import min_cells
from freecell_cli.solutions import Solution
from freecell_cli.solvers.engine import Limits
from freecell_cli.solvers.prove import prove
from freecell_cli.verify import verify

from cli_helpers import run
from oracle import needs_fcsolve

FIXTURE = Path(__file__).parent / "fixtures" / "min_cells_pringle.txt"


def _verified(record: dict, variant: str) -> bool:
    tokens = record["solution"].split()
    sol = Solution(tokens=tokens, lines=list(range(1, len(tokens) + 1)))
    return verify(sol, deal(record["deal"], cells=record["solution_cells"]), find_variant(variant)).solved


# -- the complete search --------------------------------------------------------
def test_prove_finds_no_way_where_there_is_none():
    r = prove(deal(2, cells=0), find_variant("standard"))
    assert (r.verdict, r.states, r.moves) == ("unsolvable", 1, [])
    r = prove(deal(3, cells=1), find_variant("standard"))
    assert (r.verdict, r.states) == ("unsolvable", 113)


def test_prove_finds_a_solution_and_stops_at_its_limit():
    r = prove(deal(8, cells=1), find_variant("standard"))
    assert r.verdict == "solved"
    sol = Solution(tokens=r.notation, lines=list(range(1, len(r.moves) + 1)))
    assert verify(sol, deal(8, cells=1), find_variant("standard")).solved
    r = prove(deal(1, cells=2), find_variant("standard"), Limits(states=5000))  # the last slice cut to it
    assert (r.verdict, r.states, r.reason) == ("gave-up", 5000, "state limit of 5,000 reached")


@pytest.mark.parametrize("variant", ["site", "standard", "windows", "atomic"])
def test_prove_explores_what_the_best_first_engine_explores(variant):
    """Both run out of positions on the same set: the best-first engine (its own
    move generator and play) counts every position it pops, so the depth-first
    search's inline play, sorted columns and skipped moves back lose nothing."""
    from freecell_cli.solvers.prove import _best_first, _drive

    for n, cells in ((3, 1), (15, 1), (32, 2), (169, 3), (11982, 2)):
        position, v = deal(n, cells=cells), find_variant(variant)
        theirs = _drive(position, v, Limits(), [(_best_first, 1)])
        ours = prove(position, v)
        assert (n, ours.verdict, ours.states) == (n, theirs.verdict, theirs.states)


def test_the_race_lets_the_best_first_search_go_after_its_share(monkeypatch):
    # Deal 1 needs more than 2 cells: the proof takes 70,882 positions depth first
    # and the best-first search would need 90,882. With its share cut to two
    # slices it stops there, lets its positions go, and the proof ends alone: the
    # same verdict, its own count plus the two slices.
    # (Turns of one slice each, so the best-first search has its turns before the
    # compiled proof ends: prove() gives that one 32 slices a turn.)
    from freecell_cli.solvers import prove as prove_module
    from freecell_cli.solvers.prove import _best_first_in_race, _depth_first, _drive

    position, v = deal(1, cells=2), find_variant("standard")
    alone = prove(position, v)
    assert (alone.verdict, alone.states) == ("unsolvable", 70_882)
    monkeypatch.setattr(prove_module, "RACE_STATES", 2 * prove_module.SLICE)
    raced = _drive(position, v, Limits(), [(_depth_first, 1), (_best_first_in_race, 1)])
    assert (raced.verdict, raced.states) == ("unsolvable", 70_882 + 2 * prove_module.SLICE)


@pytest.mark.parametrize("variant", ["site", "standard", "windows", "atomic"])
def test_prove_solutions_are_in_the_deals_column_order(variant):
    # The search keeps its columns sorted; the moves it gives must be the deal's.
    for n, cells in ((8, 1), (3, 2), (1, 4)):
        r = prove(deal(n, cells=cells), find_variant(variant), Limits(states=60_000))
        assert r.verdict == "solved"
        sol = Solution(tokens=r.notation, lines=list(range(1, len(r.moves) + 1)))
        assert verify(sol, deal(n, cells=cells), find_variant(variant)).solved, (n, cells)


FULL = os.environ.get("FREECELL_MIN_CELLS_FULL") == "1"  # the slow checks too (minutes)


@pytest.mark.skipif(not FULL, reason="slow (10 s and more): set FREECELL_MIN_CELLS_FULL=1")
def test_the_race_finds_what_depth_first_alone_misses():
    # Deal 9 needs 2 cells (textbook): depth first wanders for 300,000+ positions.
    r = prove(deal(9, cells=2), find_variant("standard"), Limits(states=200_000), race=True)
    assert r.verdict == "solved"
    sol = Solution(tokens=r.notation, lines=list(range(1, len(r.moves) + 1)))
    assert verify(sol, deal(9, cells=2), find_variant("standard")).solved


# -- one deal -----------------------------------------------------------------
def test_min_cells_is_exported():  # lazily: tests/test_api.py
    import freecell_cli as fc

    assert fc.min_cells is min_cells and "min_cells" in fc.__all__


@pytest.mark.parametrize("use_fcsolve", [True, False])
def test_min_cells_record(use_fcsolve):
    r = min_cells(3, "standard", max_cells=2, use_fcsolve=use_fcsolve)
    assert {k: r[k] for k in ("deal", "mode", "variant", "max_cells", "verdict", "min_cells", "known")} == {
        "deal": 3, "mode": "min-cells", "variant": "standard", "max_cells": 2, "verdict": "solved",
        "min_cells": 2, "known": [2, 2]}
    assert r["proof"]["cells"] == 1 and r["proof"]["states"] == 113
    assert [(s["cells"], s["verdict"]) for s in r["searches"]] == [(2, "solved"), (1, "unsolvable")]
    assert r["solution_cells"] == 2 and _verified(r, "standard")
    assert check_record(r) is None


def test_min_cells_zero_has_no_proof():
    r = min_cells(8, "standard", max_cells=0)
    assert (r["verdict"], r["min_cells"], r["known"], r["proof"]) == ("gave-up", None, [0, None], None) or (
        r["verdict"], r["min_cells"]) == ("unsolvable", None)
    r = min_cells(8, "standard", max_cells=1)
    assert (r["min_cells"], r["known"], r["proof"]["cells"]) == (1, [1, 1], 0)


def test_min_cells_unsolvable_with_the_most_cells_tried():
    r = min_cells(2, "standard", max_cells=0)
    assert (r["verdict"], r["min_cells"], r["known"], r["proof"]) == (
        "unsolvable", None, [1, None], {"cells": 0, "states": 1, "seconds": r["proof"]["seconds"]})
    assert "solution" not in r


def test_a_proof_that_does_not_finish_leaves_a_range():
    # Deal 1 needs 3 cells (textbook); with the complete search capped, 2 cells stay open.
    r = min_cells(1, "standard", max_cells=3, solutions=False, state_limit=1000, use_fcsolve=False)
    assert (r["verdict"], r["min_cells"], r["known"]) == ("gave-up", None, [2, 3])
    assert [(s["cells"], s["verdict"]) for s in r["searches"]] == [(3, "solved"), (2, "gave-up"), (1, "unsolvable")]
    assert r["searches"][1]["reason"] == "state limit of 1,000 reached"
    assert r["proof"]["cells"] == 1 and "solution" not in r


# -- the analyze mode -----------------------------------------------------------
def test_analyze_min_cells_writes_resumes_and_keeps_modes_apart(tmp_path):
    out = tmp_path / "m.jsonl"
    job = Job(variant="standard", mode="min-cells", max_cells=2, time_limit=60)
    s = analyze([3, 8], job, out, jobs=1)
    assert s["mode"] == "min-cells" and s["min_cells"] == {"0": 0, "1": 1, "2": 1} and s["counts"]["solved"] == 2
    records = load_records(out)
    assert [(r["deal"], r["min_cells"], r["time_limit"]) for r in records] == [(3, 2, 60.0), (8, 1, 60.0)]
    assert analyze([3, 8], job, out)["deals"] == 2 and len(load_records(out)) == 2  # resumed: nothing redone
    with pytest.raises(SettingsMismatch, match="mode min-cells"):
        analyze([3], Job(variant="standard"), out)
    with pytest.raises(SettingsMismatch, match="at most 2 cells.*at most 3 cells"):
        analyze([3], Job(variant="standard", mode="min-cells", max_cells=3), out)
    plain = tmp_path / "p.jsonl"
    plain.write_bytes(b'{"deal":3,"verdict":"solved","variant":"standard","cells":4}\n')
    with pytest.raises(SettingsMismatch, match="mode solve"):
        analyze([3], job, plain)
    (summary,) = summarize_file(out)
    assert summary["min_cells"] == {"0": 0, "1": 1, "2": 1} and summary["settings"]["mode"] == "min-cells"


def _record(n, answer, variant="site", known=None, verdict="solved"):
    return {"deal": n, "mode": "min-cells", "variant": variant, "max_cells": 4, "time_limit": 60.0,
            "verdict": verdict, "min_cells": answer, "known": known or [answer, answer], "proof": None}


def test_compare_two_files(tmp_path):
    a, b = tmp_path / "site.jsonl", tmp_path / "std.jsonl"
    a.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in (
        _record(1, 2), _record(2, 1), _record(3, None, known=[1, 3], verdict="gave-up"), _record(9, 0))))
    b.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in (
        _record(1, 3, "standard"), _record(2, 1, "standard"), _record(3, 2, "standard"),
        _record(4, None, "standard", known=[5, None], verdict="unsolvable"))))
    assert compare_min_cells(a, b) == {"both": 3, "only_a": 1, "only_b": 1, "differ": [
        {"deal": 1, "a": "2", "b": "3"}, {"deal": 3, "a": "1..3", "b": "2"}]}
    (s,) = summarize_file(b)
    assert s["min_cells"] == {"0": 0, "1": 1, "2": 1, "3": 1, "4": 0} and s["unsolvable"] == [4]
    plain = tmp_path / "plain.jsonl"
    plain.write_bytes(b'{"deal":3,"verdict":"solved"}\n')
    with pytest.raises(InvalidResults, match="line 1: not a min-cells record"):
        compare_min_cells(a, plain)
    # two files that cannot be compared: refused before any summary is printed
    code, stdout, stderr = run("analyze", "--summary", str(a), "--summary", str(plain))
    assert (code, stdout) == (2, "") and "not a min-cells record" in stderr
    code, stdout, _ = run("analyze", "--summary", str(a), "--summary", str(b))
    assert code == 0
    assert "answers differ: 2\n  deal 1: 2 in " in stdout and "deal 3: 1..3 in" in stdout
    assert "need 3 cells: 1" in stdout


def test_bad_min_cells_records_are_named(tmp_path):
    bad = _record(1, 2, known=[1, 2])
    assert check_record(bad) == '"known" [1,2] does not agree with "min_cells" 2'
    assert check_record({**_record(1, 2), "known": "x"}) == '"known" is not [lowest, highest] cells: "x"'
    assert check_record({**_record(1, 2), "min_cells": -1, "known": [0, 1]}).startswith('"min_cells" is not')


def _min_cells_run(n: int, most: int, out, *more: str) -> str:
    """``analyze N --min-cells --variant standard --max-cells MOST ... --out OUT``:
    its stdout (the summary), the run asserted to end well."""
    code, stdout, stderr = run("analyze", str(n), "--min-cells", "--variant", "standard", "--max-cells", str(most),
                               *more, "--jobs", "1", "--out", str(out))
    assert code == 0, stderr
    return stdout


def test_cli_min_cells(tmp_path):
    out = tmp_path / "m.jsonl"
    stdout = _min_cells_run(3, 2, out)
    assert "need 2 cells: 1" in stdout and "mode min-cells" in stdout
    assert load_records(out)[0]["min_cells"] == 2
    code, _, stderr = run("analyze", "3", "--max-cells", "2")
    assert code == 2 and "--max-cells goes with --min-cells" in stderr
    code, stdout, stderr = run("analyze", "3", "--min-cells", "--cells", "2")  # not silently ignored
    assert (code, stdout) == (2, "") and "--min-cells and --cells cannot be combined" in stderr
    assert "Traceback" not in stderr
    code, _, stderr = run("analyze", "3", "--min-cells", "--game", "spider")
    assert (code, stderr) == (2, "error: --min-cells is for FreeCell deals: Spider has no free cells\n")
    code, _, stderr = run("analyze", "--summary", str(out), "--summary", str(out), "--summary", str(out))
    assert code == 2 and "one results file, or two" in stderr


def test_a_wider_beam_is_a_setting_of_its_own(tmp_path):
    r = min_cells(3, "standard", max_cells=2, width=64, use_fcsolve=False)
    assert (r["min_cells"], r["width"]) == (2, 64) and list(r)[:5] == ["deal", "mode", "variant", "max_cells", "width"]
    assert "width" not in min_cells(3, "standard", max_cells=2, use_fcsolve=False)  # the beam's own: unstated
    assert check_record({**_record(1, 2), "width": 0}) == '"width" is not a beam width (1 to 1,000,000): 0'
    assert check_record({**_record(1, 2), "width": None}) == '"width" is not a beam width (1 to 1,000,000): null'
    assert check_record({**_record(1, 2), "width": 64}) is None
    solved = {"deal": 1, "verdict": "solved"}
    assert check_record({**solved, "width": 64}) == '"width" goes with engine beam, and the record names no engine'
    assert check_record({**solved, "requested_engine": "auto", "width": 64}) == (
        '"width" goes with engine beam, not with "auto"')
    assert check_record({**solved, "game": "spider", "requested_engine": "beam", "width": 64}) == (
        '"width" is not a setting of Spider\'s records (its solver has no beam width)')
    assert check_record({**solved, "mode": "optimal", "width": 64}) == (
        '"width" is a setting of min-cells records and engine beam\'s, not of "optimal" ones')
    assert check_record({**solved, "requested_engine": "beam", "width": 64}) is None
    assert check_record({**solved, "requested_engine": "beam", "width": "x"}) == (
        '"width" is not a beam width (1 to 1,000,000): "x"')
    assert check_record({**solved, "mode": "optimal", "fcsolve": False}) == (
        '"fcsolve" is a setting of min-cells records, not of "optimal" ones')
    with pytest.raises(FreecellError, match="a width goes with engine beam, or with min-cells"):
        Job(width=64)  # engine auto
    with pytest.raises(FreecellError, match="Spider's solver has no beam width"):
        Job(game="spider", engine="beam", width=64)
    code, stdout, stderr = run("analyze", "1", "--game", "spider", "--width", "5")
    assert (code, stdout, stderr) == (
        2, "", "error: --width: Spider's solver has no beam width (the beam is FreeCell's and its family's)\n")
    with pytest.raises(FreecellError, match="width must be 1 to 1,000,000, not 0"):
        Job(mode="min-cells", width=0)
    with pytest.raises(FreecellError, match="width must be"):
        min_cells(3, "standard", max_cells=2, width=0)
    # a file made with the beam's own width is not resumed with another, nor the other way round
    out = tmp_path / "m.jsonl"
    analyze([3], Job(variant="standard", mode="min-cells", max_cells=2, width=64), out, jobs=1)
    assert load_records(out)[0]["width"] == 64
    with pytest.raises(SettingsMismatch, match=r"line 1: beam width 64; this run: the beam's own width\)"):
        analyze([3, 8], Job(variant="standard", mode="min-cells", max_cells=2), out)
    own = tmp_path / "own.jsonl"
    analyze([3], Job(variant="standard", mode="min-cells", max_cells=2), own, jobs=1)
    with pytest.raises(SettingsMismatch, match=r"line 1: the beam's own width; this run: beam width 64\)"):
        analyze([3, 8], Job(variant="standard", mode="min-cells", max_cells=2, width=64), own)


def test_cli_min_cells_width(tmp_path):
    out = tmp_path / "m.jsonl"
    stdout = _min_cells_run(3, 2, out, "--width", "64")
    assert "beam width 64" in stdout and load_records(out)[0]["width"] == 64
    code, stdout, stderr = run("analyze", "3", "--width", "64")  # engine auto
    assert (code, stdout, stderr) == (
        2, "", "error: --width goes with --engine beam, or with --min-cells (its beam at each count)\n")
    code, stdout, stderr = run("analyze", "3", "--min-cells", "--width", "0")
    assert (code, stdout) == (2, "") and "--width" in stderr and "Traceback" not in stderr
    code, stdout, stderr = run("analyze", "--summary", str(out), "--width", "64")
    assert (code, stdout) == (2, "") and "--summary and --width cannot be combined" in stderr


def test_leaving_freecell_solver_out_is_stated_and_kept_apart(tmp_path):
    r = min_cells(8, "standard", max_cells=1, use_fcsolve=False)
    assert r["fcsolve"] is False and all(s["search"] != "fc-solve" for s in r["searches"])
    assert check_record({**_record(1, 2), "fcsolve": "no"}) == '"fcsolve" is not true or false: "no"'
    with pytest.raises(FreecellError, match="leaving Freecell Solver out goes with FreeCell's min-cells"):
        Job(fcsolve=False)
    with pytest.raises(FreecellError, match="leaving Freecell Solver out"):
        Job(game="bakers-game", mode="min-cells", fcsolve=False)
    with pytest.raises(FreecellError, match="fcsolve must be True or False, not 'no'"):
        Job(mode="min-cells", fcsolve="no")
    assert "fcsolve" not in min_cells(3, game="bakers-game", max_cells=4, use_fcsolve=False)  # never asked there
    out = tmp_path / "m.jsonl"
    analyze([8], Job(variant="standard", mode="min-cells", max_cells=1, fcsolve=False), out, jobs=1)
    assert load_records(out)[0]["fcsolve"] is False
    with pytest.raises(SettingsMismatch, match=r"line 1: Freecell Solver not asked; this run: Freecell Solver asked\)"):
        analyze([3, 8], Job(variant="standard", mode="min-cells", max_cells=1), out)
    asked = tmp_path / "asked.jsonl"
    analyze([8], Job(variant="standard", mode="min-cells", max_cells=1), asked, jobs=1)
    with pytest.raises(SettingsMismatch, match=r"line 1: Freecell Solver asked; this run: Freecell Solver not asked\)"):
        analyze([3, 8], Job(variant="standard", mode="min-cells", max_cells=1, fcsolve=False), asked)
    code, stdout, stderr = run("analyze", "3", "--min-cells", "--game", "bakers-game", "--no-fcsolve")
    assert (code, stdout, stderr) == (
        2, "", "error: --no-fcsolve: Freecell Solver is never asked for bakers-game's deals\n")
    code, stdout, stderr = run("analyze", "8", "--no-fcsolve")
    assert (code, stdout) == (2, "") and "--no-fcsolve goes with --min-cells" in stderr
    stdout = _min_cells_run(8, 1, tmp_path / "c.jsonl", "--no-fcsolve")
    assert "Freecell Solver not asked" in stdout and load_records(tmp_path / "c.jsonl")[0]["fcsolve"] is False


# -- a published textbook table -------------------------------------------------
def _published() -> list[tuple[int, int]]:
    if not FIXTURE.exists():
        pytest.skip("the sample of the published table is not shipped here")
    pairs = []
    for line in FIXTURE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, answer = line.split()
            pairs.append((int(n), int(answer)))
    return pairs


# Quick to settle (under a second each); the whole sample, which takes minutes,
# runs with FREECELL_MIN_CELLS_FULL=1.
QUICK = (3, 8, 15, 32, 169)  # answers 2, 1, 2, 3, 4


def test_agrees_with_the_published_textbook_table():
    pairs = _published()
    assert len(pairs) >= 30
    for n, answer in pairs:
        if not FULL and n not in QUICK:
            continue
        r = min_cells(n, "standard", max_cells=4, time_limit=None, solutions=False)
        assert (n, r["min_cells"]) == (n, answer)


def test_a_count_that_runs_out_of_time_names_the_limit_given(monkeypatch):
    # The complete search gets what the count has left (at least 0.001 s); the
    # record names the count's own limit, not that rest.
    from freecell_cli import mincells
    from freecell_cli.solvers import builtin, core, engine, prove, shorten

    # 2 ms a look at the clock: a few looks, and 2 cells are not settled in 0.01 s.
    # The pure-Python searches, so that the positions seen by then are the same
    # whether the compiled core is built or not.
    FakeClock(step=0.002).install(monkeypatch, mincells, builtin, engine, prove, shorten)
    monkeypatch.setattr(core, "compiled", lambda: None)
    r = min_cells(1, "site", max_cells=2, time_limit=0.01, use_fcsolve=False)
    timed_out = [s for s in r["searches"] if s["verdict"] == "gave-up"]
    assert [s["cells"] for s in timed_out] == [2], r["searches"]
    assert timed_out[0]["reason"] == f"time limit of 0.01 s reached after {timed_out[0]['states']:,} states"


# -- issue 25: a depth-first line too long for a record ---------------------------
def test_a_long_line_is_solved_again_by_the_beam(monkeypatch):
    # The 1..32,000 run stopped at deal 21186, whose 1-cell line from the complete
    # search was 1,191,500 moves: a record line no reader takes. Here any line over
    # 10 moves counts as long.
    from freecell_cli import mincells

    kept = min_cells(3, "standard", max_cells=2, use_fcsolve=False)
    monkeypatch.setattr(mincells, "LONG_LINE", 10)
    again = min_cells(3, "standard", max_cells=2, use_fcsolve=False)
    assert again["move_count"] <= kept["move_count"] and _verified(again, "standard")
    assert (again["min_cells"], again["proof"]["cells"]) == (kept["min_cells"], kept["proof"]["cells"])
    assert check_record(again) is None


def test_a_long_line_is_solved_again_by_a_beam_of_the_width_asked(monkeypatch):
    from freecell_cli import mincells
    from freecell_cli.solvers import engine

    widths = []
    real = engine.get_engine

    def spy(name, *args, **kwargs):
        widths.append((name, kwargs.get("width")))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(mincells, "LONG_LINE", 10)
    monkeypatch.setattr(engine, "get_engine", spy)
    r = min_cells(3, "standard", max_cells=2, use_fcsolve=False, width=50)
    assert ("beam", 50) in widths and ("beam", None) not in widths
    assert r["width"] == 50 and _verified(r, "standard")


def test_a_line_still_too_long_is_left_out_with_a_reason(monkeypatch):
    from freecell_cli import mincells

    monkeypatch.setattr(mincells, "RECORD_LINE", 10)
    r = min_cells(3, "standard", max_cells=2, use_fcsolve=False)
    assert (r["verdict"], r["min_cells"], r["move_count"]) == ("solved", 2, 0)
    assert "solution" not in r and "solution_cells" not in r
    assert r["reason"].startswith("the solution found with 2 cells is ") and r["reason"].endswith(
        "moves, too long for a record: solve the deal with --cells 2 for one")
    assert check_record(r) is None


# -- issue 27: the FreeCell family ------------------------------------------------
def _verified_family(record: dict) -> bool:
    """The record's line wins its game's deal on ``solution_cells`` empty free cells,
    under the game's rules."""
    from freecell_cli.games import find_rules
    from freecell_cli.position import Position

    tokens = record["solution"].split()
    sol = Solution(tokens=tokens, lines=list(range(1, len(tokens) + 1)))
    table = Position([c[:] for c in deal(record["deal"], game=record["game"]).columns], record["solution_cells"])
    return verify(sol, table, find_rules(record["game"])).solved


@pytest.mark.parametrize("n, game, max_cells, answer", [
    (3, "bakers-game", 4, 3),  # FreeCell's deal 3 needs 2 under standard: by suit it needs one more
    (5, "bakers-game", 4, 4),
    (3, "relaxed-freecell", 2, 1),  # any run moves at once: one cell does
])
def test_the_games_whose_free_cells_start_empty_ask_it_of_their_own_deals(n, game, max_cells, answer):
    r = min_cells(n, game=game, max_cells=max_cells, use_fcsolve=False)
    assert (r["deal"], r["game"], r["mode"], r["verdict"], r["min_cells"], r["known"]) == (
        n, game, "min-cells", "solved", answer, [answer, answer])
    assert r["proof"]["cells"] == answer - 1 and "variant" not in r
    assert list(r)[:4] == ["deal", "game", "mode", "max_cells"]  # the order records are written in
    assert r["solution_cells"] == answer and _verified_family(r) and check_record(r) is None


@pytest.mark.parametrize("n, cells, game", [(3, 2, "bakers-game"), (3, 0, "relaxed-freecell")])
def test_a_family_proof_agrees_with_a_breadth_first_search(n, cells, game):
    """The proof's count, searched again over whole positions (every legal move of
    the game's rules, nothing pruned): no win there either."""
    from positions import bfs_optimum

    from freecell_cli.games import find_rules
    from freecell_cli.mincells import _table

    r = min_cells(n, game=game, max_cells=cells + 1, use_fcsolve=False, solutions=False)
    assert r["proof"]["cells"] == cells
    assert bfs_optimum(_table(n, cells, game), find_rules(game), cap=300_000) is None


@pytest.mark.parametrize("game, dealt", [
    ("eight-off", "Eight Off deals 4 cards into free cells a, c, e and g, so it has no deal with fewer than 4"),
    ("seahaven-towers", "Seahaven Towers deals 2 cards into free cells b and c, so it has no deal with fewer than 2"),
    ("forecell", "Forecell deals 4 cards into free cells a, b, c and d, so it has no deal with fewer than 4"),
])
def test_the_games_whose_deal_fills_free_cells_are_refused_saying_why(game, dealt):
    from freecell_cli.errors import InvalidArgument

    why = (f"{dealt} free cells; min-cells counts from 0 and takes the games whose deal leaves the free cells "
           "empty (freecell, bakers-game, relaxed-freecell)")
    with pytest.raises(InvalidArgument) as e:
        min_cells(3, game=game)
    assert str(e.value) == why
    with pytest.raises(InvalidArgument) as e:
        Job(game=game, mode="min-cells")
    assert str(e.value) == why
    assert run("analyze", "3", "--min-cells", "--game", game) == (2, "", f"error: --min-cells: {why}\n")


def test_a_family_game_takes_no_variant():
    from freecell_cli.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match=r"^a variant goes with FreeCell: Baker's Game has rules of its own "
                                              r"\(bakers-game\)$"):
        min_cells(3, "standard", game="bakers-game")
    assert Job(game="bakers-game", mode="min-cells", max_cells=3).settings() == {
        "game": "bakers-game", "mode": "min-cells", "max_cells": 3, "time_limit": 60.0}


def test_cli_min_cells_of_a_family_game(tmp_path):
    out = tmp_path / "b.jsonl"
    code, stdout, stderr = run("analyze", "3-4", "--min-cells", "--game", "bakers-game", "--jobs", "1",
                               "--out", str(out))
    assert code == 0, stderr
    assert "need 3 cells: 1\nneed 4 cells: 1\n" in stdout
    assert stdout.endswith("settings: game bakers-game, mode min-cells, at most 4 cells, time limit 60 s\n")
    records = load_records(out)
    assert [(r["deal"], r["game"], r["min_cells"]) for r in records] == [(3, "bakers-game", 3), (4, "bakers-game", 4)]
    assert all(_verified_family(r) for r in records)
    code, stdout, stderr = run("analyze", "3-4", "--game", "bakers-game", "--out", str(out))  # solve mode: refused
    assert (code, stdout) == (2, "") and "holds results made with other settings" in stderr
    code, stdout, stderr = run("analyze", "3", "--min-cells", "--game", "bakers-game", "--variant", "standard")
    assert (code, stdout) == (2, "") and "--game bakers-game and --variant cannot be combined" in stderr


@needs_fcsolve
@pytest.mark.parametrize("n, game, preset, answer", [
    (3, "bakers-game", "bakers_game", 3), (4, "bakers-game", "bakers_game", 4),
    (3, "relaxed-freecell", "relaxed_freecell", 1),
])
def test_freecell_solver_agrees_on_the_family_answers(n, game, preset, answer):
    """Freecell Solver under the game's preset, on the same tables: it solves the
    deal with the answer's free cells and runs out of positions with one fewer."""
    import subprocess

    from freecell_cli.formats.fcs import format_fcs
    from freecell_cli.mincells import _table

    def fcs(cells: int) -> str:
        p = subprocess.run(["fc-solve", "--game", preset, "--freecells-num", str(cells), "-"],
                           input=format_fcs(_table(n, cells, game)), capture_output=True, text=True, timeout=120)
        return ("solved" if "This game is solveable" in p.stdout else
                "unsolvable" if "I could not solve" in p.stdout else p.stdout[-200:])

    assert min_cells(n, game=game, use_fcsolve=False, solutions=False)["min_cells"] == answer
    assert (fcs(answer), fcs(answer - 1)) == ("solved", "unsolvable")


def test_the_min_cells_summary_says_unsolvable_with_how_many_cells(tmp_path):
    out = tmp_path / "u.jsonl"
    stdout = _min_cells_run(1, 2, out)
    assert "\nunsolvable with 2 cells: 1\n" in stdout and "\ndeals unsolvable with 2 cells: 1\n" in stdout
    code, stdout, _ = run("analyze", "--summary", str(out))
    assert code == 0 and "\nunsolvable with 2 cells: 1\n" in stdout
