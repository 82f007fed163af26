"""analyze under faults and hostile input (issue 9): dead workers, huge ranges,
damaged or mixed results files, two writers."""

import importlib
import itertools
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc

import orjson
import pytest

from analyze_workers import die_on, exit_at_once, fail_on
from fakeclock import FakeClock
from freecell_cli import files
from freecell_cli.analysis import (
    MAX_DEALS,
    Analysis,
    DealSet,
    InvalidRange,
    InvalidResults,
    Job,
    ResultsBusy,
    ResultsFile,
    SettingsMismatch,
    WorkerFailed,
    WorkerPool,
    analyze,
    check_record,
    load_records,
    parse_ranges,
    read_records,
    summarize,
    summarize_file,
)
from freecell_cli.deals import daily_number
from freecell_cli.errors import FreecellError
from freecell_cli.files import InputTooLarge

SITE4 = {"variant": "site", "cells": 4, "requested_engine": "builtin", "time_limit": 60.0}


def rec(n, verdict="solved", **fields):
    return {"deal": n, **SITE4, "verdict": verdict, "move_count": 90, "nonfoundation_moves": 40,
            "seconds": 0.25, "states": n * 10, **fields}


def write(path, *records, tail=b""):
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records) + tail)


# -- 1. dead workers ------------------------------------------------------------
def errors_as_tuples(item, why):
    return ("error", item, why)


def test_a_worker_that_dies_twice_on_a_deal_gives_an_error_record():
    pool = WorkerPool(die_on, (3,), jobs=2, on_error=errors_as_tuples)
    results = list(pool.map(range(1, 7)))
    assert sorted(r for r in results if isinstance(r, int)) == [10, 20, 40, 50, 60]
    assert [r for r in results if isinstance(r, tuple)] == [("error", 3, "worker died twice (signal 9)")]


def test_a_worker_that_dies_once_is_replaced_and_the_deal_tried_again(tmp_path):
    pool = WorkerPool(die_on, (2, str(tmp_path / "died")), jobs=2, on_error=errors_as_tuples)
    assert sorted(pool.map(range(1, 5))) == [10, 20, 30, 40]
    assert (tmp_path / "died").exists()  # the item was tried twice, by two workers


def test_an_exception_in_the_work_is_an_error_in_workers_and_in_process():
    for jobs in (1, 2):
        results = list(WorkerPool(fail_on, (2,), jobs=jobs, on_error=errors_as_tuples).map([1, 2, 3]))
        assert sorted(map(str, results)) == ["('error', 2, 'RuntimeError: no 2')", "10", "30"]


def test_workers_that_die_before_doing_anything_end_the_run():
    with pytest.raises(WorkerFailed, match=r"keep dying before finishing anything \(exit code 3\)$"):
        list(WorkerPool(exit_at_once, jobs=2, on_error=errors_as_tuples).map([1, 2, 3]))


def test_never_more_workers_than_items():
    pool = WorkerPool(die_on, (0,), jobs=1000)
    assert list(pool.map([7])) == [70] and pool.started == 1


def test_bad_jobs():
    for jobs in (0, -1, True, 1.5):
        with pytest.raises(FreecellError, match="jobs must be a whole number"):
            WorkerPool(die_on, jobs=jobs)


def test_a_failing_solve_is_an_error_record(tmp_path, monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.executors")  # where run_local finds analyze_deal
    from freecell_cli.solvers.engine import SolverError

    real = mod.analyze_deal

    def flaky(n, job):
        if n == 2:
            raise SolverError("fc-solve does not know 12 free cells")
        return real(n, job)

    monkeypatch.setattr(mod, "analyze_deal", flaky)
    s = analyze([1, 2], Job(engine="builtin", solutions=False), tmp_path / "e.jsonl")
    assert s["counts"] == {"solved": 1, "unsolvable": 0, "gave-up": 0, "error": 1} and s["errors"] == [2]
    errors = [r for r in load_records(tmp_path / "e.jsonl") if r["verdict"] == "error"]
    assert errors == [{"deal": 2, "variant": "site", "cells": 4, "verdict": "error",
                       "reason": "fc-solve does not know 12 free cells", "requested_engine": "builtin",
                       "time_limit": 60.0}]


# -- 3. ranges: lazy, capped, exact -----------------------------------------------
def naive(specs, seed=None):
    """The ranges the slow way: every number in a list, repeats dropped."""
    out = {}
    for spec in specs:
        for part in filter(None, (p.strip() for p in spec.split(","))):
            lo, _, hi = part.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                out[n] = None
    return list(out)


def test_ranges_match_the_naive_expansion():
    rng = random.Random(9)
    for _ in range(60):
        parts = []
        for _ in range(rng.randint(1, 6)):
            lo = rng.randint(1, 3000)
            parts.append(f"{lo}-{lo + rng.randint(0, 2500)}" if rng.random() < 0.6 else str(lo))
        specs = [",".join(parts[:2]), ",".join(parts[2:])]
        want = naive(specs)
        r = parse_ranges(specs)
        assert list(r) == want and len(r) == len(want)
        probe = rng.sample(range(1, 6000), 50)
        assert [n in r for n in probe] == [n in set(want) for n in probe]
        skip = DealSet(rng.sample(range(1, 6000), 2000))
        assert list(r.iterate(skip=skip)) == [n for n in want if n not in skip]


def test_daily_and_random_parts_mix_with_ranges():
    day = daily_number(__import__("datetime").date(2026, 11, 29))
    r = parse_ranges([f"{day}-{day + 2}", "daily:2026-11-29", "random:40", "1-5"], seed=4)
    numbers = list(r)
    assert numbers[:3] == [day, day + 1, day + 2] and len(numbers) == len(set(numbers)) == len(r)
    assert set(numbers[3:]) >= {1, 2, 3, 4, 5}
    assert numbers == list(parse_ranges([f"{day}-{day + 2}", "daily:2026-11-29", "random:40", "1-5"], seed=4))


def test_ten_million_deals_cost_kilobytes_until_they_are_produced():
    tracemalloc.start()
    try:
        r = parse_ranges(["1-4000000,4000001-8000000", "8000001-10000000"])
        first = list(itertools.islice(r, 3))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(r) == MAX_DEALS and first == [1, 2, 3] and 10_000_000 in r and 10_000_001 not in r
    assert peak < 100_000


@pytest.mark.parametrize("specs, message", [
    (["1-9999999,10000001-19999999"], "'1-9999999,10000001-19999999' asks for 19,999,998 deals; one run takes at most 10,000,000"),
    (["1-5000000", "1-5000001"], "'1-5000000 1-5000001' asks for 10,000,001 deals; one run takes at most 10,000,000"),
    ([","], "no deals in ','"),
    ([], "no deals in ''"),
    (["²"], "not a deal range: '²' (e.g. 1-1000, 617, daily:2026-11, random:500)"),
    (["1_0"], "not a deal range: '1_0' (e.g. 1-1000, 617, daily:2026-11, random:500)"),
    (["1" * 5000], "'" + "1" * 59 + "...': deal number " + "1" * 20 + "… is too large"),  # errors.quote's cut
    (["8589934592"], "'8589934592': deal number 8589934592 is out of range (1 to 8,589,934,591)"),
    (["daily:2026-13"], "'daily:2026-13': no month 13"),
    (["random:1000001"], "'random:1000001': the random count must be 1 to 1,000,000"),
    (["1,Ms100-200"], "'Ms100-200': analyze reads the game's own numbers (PySolFC's, for a family game), "
                      "not Microsoft's (ms617); below 32,000 they are the same deals: '100-200'"),
])
def test_bad_ranges(specs, message):
    with pytest.raises(InvalidRange) as e:
        parse_ranges(specs)
    assert str(e.value) == message


def test_the_range_text_is_capped():
    with pytest.raises(InvalidRange, match=r"^the deal ranges are longer than 65,536 characters: '1,1,1"):
        parse_ranges(["1," * 40000])


def test_deal_set_agrees_with_a_set():
    rng = random.Random(2)
    numbers = [rng.randint(1, 1 << 33) for _ in range(2000)] + list(range(5000, 9000))
    s, ref = DealSet(), set()
    for n in numbers:
        assert s.add(n) == (n not in ref)
        ref.add(n)
    assert len(s) == len(ref) and list(s) == sorted(ref) and list(s.copy()) == sorted(ref)
    assert list(s.missing(4990, 9010)) == [*range(4990, 5000), *range(9000, 9011)]
    assert "5000" not in s and 5000 in s


# -- 9. results records are checked as they are read ------------------------------
@pytest.mark.parametrize("record, problem", [
    ({"deal": 1}, '"verdict" is not one of solved, unsolvable, gave-up, error: null'),
    ({"deal": True, "verdict": "solved"}, '"deal" is not a deal number (1 to 8,589,934,591): true'),
    ({"deal": 0, "verdict": "solved"}, '"deal" is not a deal number (1 to 8,589,934,591): 0'),
    ({"deal": 1, "verdict": "won"}, '"verdict" is not one of solved, unsolvable, gave-up, error: "won"'),
    ({"deal": 1, "verdict": "solved", "states": "x"}, '"states" is not a whole number from 0 to 1,000,000,000,000,000: "x"'),
    ({"deal": 1, "verdict": "solved", "seconds": False}, '"seconds" is not a number of seconds from 0 to 1,000,000,000: false'),
    ({"deal": 1, "verdict": "solved", "move_count": -1}, '"move_count" is not a whole number from 0 to 1,000,000: -1'),
    ({"deal": 1, "verdict": "solved", "cells": 99}, '"cells" is not 0 to 15: 99'),
    ({"deal": 1, "verdict": "solved", "variant": 5}, '"variant" is not text: 5'),
    ({"deal": 1, "verdict": "solved", "time_limit": "60"}, '"time_limit" is not a number of seconds or null: "60"'),
    ([1], "not a JSON object: [1]"),
])
def test_check_record(record, problem):
    assert check_record(record) == problem


def test_a_bad_line_before_the_end_is_named(tmp_path):
    path = tmp_path / "r.jsonl"
    write(path, rec(1), {"deal": 2, "verdict": "solved", "states": "many"}, rec(3))
    with pytest.raises(InvalidResults) as e:
        list(read_records(path))
    assert str(e.value) == f'{path}: line 2: "states" is not a whole number from 0 to 1,000,000,000,000,000: "many"'
    write(path, rec(1), rec(3), tail=b'{"deal": 4, "verdict": "maybe"}\n')  # JSON, so not torn: wrong
    with pytest.raises(InvalidResults, match="line 3: \"verdict\""):
        list(read_records(path))


def test_a_torn_last_line_is_dropped_and_repaired(tmp_path):
    path = tmp_path / "r.jsonl"
    for tail in (b'{"deal":3,"verd', b'{"deal":3,"verd\x00\x00\n'):
        write(path, rec(1), rec(2), tail=tail)
        assert [r["deal"] for _, r in read_records(path)] == [1, 2]
        assert path.read_bytes().endswith(tail)
        assert [n for n, _ in read_records(path, repair=True)] == [1, 2]
        assert not path.read_bytes().endswith(tail) and path.read_bytes().endswith(b"}\n")


def test_a_line_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setitem(files.LIMITS, "results record", 300)
    path = tmp_path / "r.jsonl"
    write(path, rec(1), rec(2, solution="1a " * 200))
    with pytest.raises(InputTooLarge, match=r"r.jsonl: line 2 is longer than 300 bytes, the limit for a record$"):
        list(read_records(path))


def test_summaries_use_what_records_have():
    s = summarize([{"deal": 1, "verdict": "solved"}, {"deal": 2, "verdict": "error", "reason": "x"},
                   rec(3, states=5, seconds=1.5), rec(4, "gave-up")])
    assert s["deals"] == 4 and s["counts"] == {"solved": 2, "unsolvable": 0, "gave-up": 1, "error": 1}
    assert s["errors"] == [2] and s["gave_up"] == [4]
    assert s["seconds"] == {"mean": 0.875, "median": 0.875, "max": 1.5}
    assert [h["deal"] for h in s["hardest"]] == [4, 3]
    with pytest.raises(InvalidResults, match=r'^record 2: "states" is not a whole number from 0 to 1,000,000,000,000,000: "x"$'):
        summarize([rec(1), rec(2, states="x")])


# -- 6. one writer; a deal recorded twice counts once ------------------------------
def test_a_second_writer_is_refused_before_anything(tmp_path):
    path = tmp_path / "s.jsonl"
    first = ResultsFile(path)
    try:
        with pytest.raises(ResultsBusy, match=r"^another analyze is writing .*s\.jsonl; wait for it to finish$"):
            Analysis([1], Job(engine="builtin"), path)
    finally:
        first.close()
    ResultsFile(path).close()  # free again


def test_a_deal_recorded_twice_counts_once_first_wins(tmp_path):
    path = tmp_path / "d.jsonl"
    write(path, rec(1), rec(2, "gave-up"), rec(2), rec(1, "unsolvable"))
    (s,) = summarize_file(path)
    assert s["deals"] == 2 and s["counts"]["gave-up"] == 1 and s["counts"]["unsolvable"] == 0
    with Analysis([1, 2], Job(engine="builtin"), path) as run:
        assert run.already == 2 and run.summary.deals == 2
    assert [r["verdict"] for r in load_records(path)] == ["solved", "gave-up"]


# -- 7. settings are recorded and must match --------------------------------------
def test_resume_refuses_other_settings(tmp_path):
    path = tmp_path / "a.jsonl"
    write(path, rec(1, variant="standard", cells=2), rec(2, variant="standard", cells=2))
    before = path.read_bytes()
    with pytest.raises(SettingsMismatch) as e:
        Analysis([1, 2, 3], Job(engine="builtin"), path)
    assert str(e.value) == (f"{path} holds results made with other settings (line 1: variant standard, 2 cells; "
                            "this run: variant site, 4 cells): run with the same settings, or write to another file")
    with pytest.raises(SettingsMismatch, match=r"\(line 1: engine builtin, time limit 60 s; this run: engine auto, no time limit\)"):
        Analysis([1], Job(variant="standard", cells=2, engine="auto", time_limit=0), path)
    assert path.read_bytes() == before


def test_old_records_are_compared_on_what_they_state(tmp_path):
    path = tmp_path / "old.jsonl"
    old = [{k: v for k, v in rec(n).items() if k not in ("requested_engine", "time_limit")} for n in (1, 2)]
    write(path, *old)
    with Analysis([1, 2], Job(engine="auto", time_limit=30), path) as run:
        assert run.already == 2
    with pytest.raises(SettingsMismatch, match="line 1: 4 cells; this run: 3 cells"):
        Analysis([1], Job(cells=3), path)
    write(path, *old, rec(3))  # one group: the old records told less, not something else
    (s,) = summarize_file(path)
    assert s["deals"] == 3 and s["settings"] == SITE4


def test_a_summary_of_mixed_settings_has_a_summary_per_group(tmp_path):
    path = tmp_path / "m.jsonl"
    write(path, rec(1), rec(2), rec(1, cells=2), rec(3), rec(1, time_limit=None))
    groups = summarize_file(path)
    assert [(g["deals"], g["settings"]) for g in groups] == [
        (3, SITE4), (1, {**SITE4, "cells": 2}), (1, {**SITE4, "time_limit": None})]
    write(path, *(rec(1, time_limit=float(t)) for t in range(1, 18)))
    with pytest.raises(InvalidResults, match="line 17: the file mixes more than 16 different settings"):
        summarize_file(path)


def test_job_refuses_nonsense():
    assert Job(time_limit=float("inf")).time_limit is None
    for bad in ({"time_limit": float("nan")}, {"time_limit": -1}, {"cells": 16}, {"variant": "bogus"}):
        with pytest.raises(FreecellError):
            Job(**bad)


# -- processes: a real worker killed, a closed pipe ---------------------------------
FREECELL = [sys.executable, "-m", "freecell_cli"]


def processes():
    """{pid: (parent pid, session id)} of every process (Linux /proc)."""
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[int(entry)] = (int(fields[1]), int(fields[3]))
    return out


def descendants(pid):
    table = processes()
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, (ppid, _) in table.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def shielded_from_sigint(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            masks = dict(line.split(":\t", 1) for line in f if line.startswith(("SigBlk", "SigIgn")))
    except OSError:
        return True  # gone already
    return any(int(masks[k], 16) & 1 << (signal.SIGINT - 1) for k in ("SigBlk", "SigIgn"))


linux_only = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")


@linux_only
@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="--jobs 2 is capped to the one core: no workers")
def test_a_worker_killed_with_sigkill_mid_run_is_replaced(tmp_path):
    out = tmp_path / "k.jsonl"
    proc = subprocess.Popen(FREECELL + ["analyze", "1-24", "--jobs", "2", "--engine", "builtin", "--no-solutions",
                                        "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        workers: set = set()
        while not workers and proc.poll() is None:  # the grandchildren: fork server -> workers
            time.sleep(0.02)
            workers = {p for p in descendants(proc.pid) if processes().get(p, (0,))[0] != proc.pid}
        # Ctrl-C on a terminal reaches every process of the group: the run's helpers
        # are shielded from birth (blocked, then ignored), so none prints a traceback
        for pid in descendants(proc.pid):
            assert shielded_from_sigint(pid), pid
        os.kill(min(workers), signal.SIGKILL)
        stdout, stderr = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert proc.returncode == 0 and stderr == "", stderr
    deals = [orjson.loads(line)["deal"] for line in out.read_bytes().splitlines()]
    assert sorted(deals) == list(range(1, 25))  # each once: the killed worker's deal was done again
    assert stdout.startswith("deals: 24\nsolved: 24\n")


@linux_only
def test_a_closed_pipe_ends_quietly_and_stops_the_workers(tmp_path):
    proc = subprocess.Popen(FREECELL + ["analyze", "1-200", "--jobs", "2", "--engine", "builtin", "--no-solutions"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    stderr = proc.stderr.read()
    proc.wait(timeout=300)
    assert orjson.loads(first)["verdict"] == "solved"
    assert proc.returncode == 0 and stderr == b""  # no "Exception ignored", no traceback
    # The fork server leaves when it sees the run gone (workers were stopped
    # before): waited for, the deadline only a safety net for a slow machine.
    deadline = time.monotonic() + 120
    while any(session == proc.pid for _, session in processes().values()) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(session == proc.pid for _, session in processes().values())


# -- issue 20: a torn last line is only ever the start of one of our records ----------
def our_records():
    """One record of every kind this program writes, by the writers themselves."""
    from freecell_cli.analysis import analyze_deal, error_record
    spider_solve = importlib.import_module("freecell_cli.spider.solve")  # the package's `solve` is the function
    spider_budget = importlib.import_module("freecell_cli.spider.budget")

    with pytest.MonkeyPatch.context() as m:
        FakeClock(step=1.0).install(m, spider_solve, spider_budget)  # past the limit at the first look
        gave_up = analyze_deal(2, Job(game="spider", suits=1, time_limit=0.01))
    assert gave_up["reason"] == "time limit of 0.01 s reached"
    return [
        analyze_deal(1, Job(engine="builtin")),  # with its solution
        gave_up,  # with a reason
        analyze_deal(1, Job(mode="min-cells", variant="standard", max_cells=1)),  # proof, searches
        error_record(5, Job(), 'worker "died" \\ twice (signal 9)'),
        error_record(5, Job(game="spider", suits=2), "x"),
        error_record(5, Job(mode="min-cells"), "x"),
    ]


def test_every_cut_of_every_kind_of_record_is_a_torn_record():
    from freecell_cli.analysis import is_torn_record

    for record in our_records():
        line = orjson.dumps(record)
        for cut in range(1, len(line) + 1):
            assert is_torn_record(line[:cut]), line[:cut]
            assert is_torn_record(line[:cut] + b"\x00" * 7 + b"\n"), line[:cut]  # a crash's zeros


@pytest.mark.parametrize("line", [
    b'{"moves": ["5a", "82"], "deal": 617}',  # a JSON solution
    b'{"deal":617,"moves":["5a","82"]}',  # one that begins as ours do
    b'{"deal":617,"solution":"5a 82","note":"mine"}',
    b'{"deal": 617, "variant": "site"',  # typed: orjson writes no spaces
    b'{"variant":"site","deal":1',  # the deal comes first
    b'{"deal":0,', b'{"deal":01', b'{"deal":99999999999', b'{"deal":1x',
    b'{"deal":1,"verdict":"maybe"}',  # whole, but no record
    b'{"deal":1,"verdict":"solved"}{',
    b'{"deal":1,"cells":99,"verd',  # a field no record holds
    b'{"deal":1,"deal":2',  # a key twice
    b'{"deal":1,"notes":"',  # no record has this key
    b'{"deal":1,"solution":"5a\x01',  # a control character inside a string
    b'{"deal":1,"solution":"5a\n',  # a newline ends a whole record only
    b'{"deal":1,"verdict"x',
    b'{todo: rerun 1-100}', b'{"todo": "rerun 1-100"', b'{\x00\x00x',
])
def test_other_lines_are_not_torn_records(line):
    from freecell_cli.analysis import is_torn_record

    assert not is_torn_record(line)


@pytest.mark.parametrize("tail", [
    b'{"moves": ["5a", "82"], "deal": 617}',  # a JSON solution saved without a newline
    b'{"moves": ["5a", "82"], "deal": 617}\n',
    b'{"deal":617,"moves":["5a","82"]}',
    b'{"deal":3,"verdict":"maybe"}',  # whole JSON, no record: named, never cut
    b'{"deal":3,"note":"rerun"',
    b'{not json\n',
])
def test_a_last_line_that_is_not_ours_is_refused_never_cut(tmp_path, tail):
    path = tmp_path / "r.jsonl"
    write(path, rec(1), rec(2), tail=tail)
    before = path.read_bytes()
    with pytest.raises(InvalidResults, match=r"line 3( is not a result record \(is it a results file\?\)|: .*)$"):
        list(read_records(path, repair=True))
    with pytest.raises(InvalidResults):
        Analysis([1, 2, 3], Job(engine="builtin"), path)
    assert path.read_bytes() == before


def test_a_torn_record_of_each_kind_is_still_dropped_and_cut(tmp_path):
    path = tmp_path / "r.jsonl"
    for record in our_records():
        line = orjson.dumps(record)
        for tail in (line[:len(line) // 2], line, line[:20] + b"\x00\x00\x00\n"):
            write(path, rec(1), tail=tail)
            assert [n for n, _ in read_records(path, repair=True)] == [1]
            assert path.read_bytes() == orjson.dumps(rec(1)) + b"\n"


# -- issue 20: numbers are checked as strictly as they are written ----------------
@pytest.mark.parametrize("field, value, problem", [
    ("move_count", 1.5, '"move_count" is not a whole number from 0 to 1,000,000: 1.5'),
    ("move_count", 1.7e308, '"move_count" is not a whole number from 0 to 1,000,000: 1.7e+308'),
    ("move_count", 1_000_001, '"move_count" is not a whole number from 0 to 1,000,000: 1000001'),
    ("move_count", True, '"move_count" is not a whole number from 0 to 1,000,000: true'),
    ("nonfoundation_moves", 40.0, '"nonfoundation_moves" is not a whole number from 0 to 1,000,000: 40.0'),
    ("states", 10**15 + 1, '"states" is not a whole number from 0 to 1,000,000,000,000,000: 1000000000000001'),
    ("states", 5e3, '"states" is not a whole number from 0 to 1,000,000,000,000,000: 5000.0'),
    ("seconds", 1.7e308, '"seconds" is not a number of seconds from 0 to 1,000,000,000: 1.7e+308'),
    ("seconds", float("nan"), '"seconds" is not a number of seconds from 0 to 1,000,000,000: null'),
    ("seconds", -0.5, '"seconds" is not a number of seconds from 0 to 1,000,000,000: -0.5'),
    ("suits", 3, '"suits" is not 1, 2 or 4: 3'),
    ("suits", 4.0, '"suits" is not 1, 2 or 4: 4.0'),
])
def test_numbers_not_as_written_are_refused(field, value, problem):
    assert check_record(rec(1, **{field: value})) == problem
    with pytest.raises(InvalidResults, match=f"^record 1: {problem[:20]}"):
        summarize([rec(1, **{field: value})])


def test_as_written_numbers_at_their_bounds_are_sound():
    assert check_record(rec(1, move_count=1_000_000, states=10**15, seconds=1e9)) is None
    assert check_record(rec(1, seconds=3, move_count=0)) is None  # whole seconds, from a record by hand
    mc = {"deal": 1, "mode": "min-cells", "verdict": "unsolvable", "min_cells": None, "known": [2, None]}
    assert check_record({**mc, "proof": {"cells": 1, "states": 63, "seconds": 0.01}}) is None
    assert check_record({**mc, "proof": {"cells": 1, "states": 6.5, "seconds": 0.01}}).startswith('"proof" is not')
    assert check_record({**mc, "proof": {"cells": 1, "states": 6, "seconds": 1e300}}).startswith('"proof" is not')


# -- issue 20: no more workers than the cores and the memory hold -----------------
@pytest.mark.parametrize("jobs, cores, memory, fds, workers", [
    (300, 2, 8 * 2**30, None, 2),  # the cores
    (1000, 2, None, None, 2),  # memory unknown: the cores
    (2, 2, 8 * 2**30, None, 2),
    (1, 64, 8 * 2**30, 10_000, 1),
    (300, 64, 1 * 2**30, None, 6),  # the memory: 160 MB a worker
    (300, 64, 100 * 2**20, None, 1),  # not even one worker's worth: still one
    (300, 64, 0, 0, 1),
    (300, 64, None, 40, 10),  # the file descriptors: 4 a worker
])
def test_cap_jobs(jobs, cores, memory, fds, workers):
    from freecell_cli.analysis import cap_jobs

    assert cap_jobs(jobs, cores, memory, fds) == workers


def test_worker_limit_says_why(monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.pool")  # where worker_limit finds its measures
    monkeypatch.setattr(mod, "usable_cores", lambda: 2)
    monkeypatch.setattr(mod, "available_memory", lambda: 3 * 2**30)
    monkeypatch.setattr(mod, "_free_fds", lambda: 1000)
    assert mod.worker_limit(2) == (2, None) and mod.worker_limit(1) == (1, None)
    assert mod.worker_limit(300) == (2, "2 cores, 3.0 GB of memory available, 160 MB a worker")
    monkeypatch.setattr(mod, "usable_cores", lambda: 4)
    monkeypatch.setattr(mod, "available_memory", lambda: None)
    monkeypatch.setattr(mod, "_free_fds", lambda: 9)
    assert mod.worker_limit(8) == (2, "4 cores, 9 file descriptors free")
    monkeypatch.setattr(mod, "usable_cores", lambda: 1)
    assert mod.worker_limit(8) == (1, "1 core")


def test_this_machine_is_measured():
    from freecell_cli.analysis import available_memory, usable_cores

    assert 1 <= usable_cores() <= (os.cpu_count() or 1)
    memory = available_memory()
    assert memory is None or 0 <= memory < 2**60


def test_worker_limit_names_little_memory_in_mb(monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.pool")  # where worker_limit finds its measures
    monkeypatch.setattr(mod, "usable_cores", lambda: 8)
    monkeypatch.setattr(mod, "available_memory", lambda: 500 * 2**20)
    monkeypatch.setattr(mod, "_free_fds", lambda: None)
    assert mod.worker_limit(8) == (3, "8 cores, 500 MB of memory available, 160 MB a worker")


def test_a_pipe_that_cannot_be_made_is_a_worker_failure(monkeypatch):
    import multiprocessing.context

    def no_pipe(self, duplex=True):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(multiprocessing.context.BaseContext, "Pipe", no_pipe)
    with pytest.raises(WorkerFailed, match="^cannot start a worker process: Too many open files$"):
        list(WorkerPool(die_on, (0,), jobs=2).map([1, 2]))


def test_a_records_variant_and_game_are_names_we_write():
    """Issue 20: 'variant': 'bogus' passed the record checks (and then compared as a setting)."""
    from freecell_cli.analysis import check_record

    assert check_record({"deal": 1, "verdict": "solved", "variant": "standard", "game": "freecell"}) is None
    assert check_record({"deal": 1, "verdict": "solved", "variant": "bogus"}) == (
        '"variant" is not one of site, standard, windows, atomic: "bogus"')
    assert check_record({"deal": 1, "verdict": "solved", "game": "x\u202ey"}) == (
        '"game" is not one of freecell, spider, bakers-game, eight-off, seahaven-towers, forecell, '
        'relaxed-freecell: "x\\u202ey"')
