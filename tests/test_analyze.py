import contextlib
import datetime
import random
import signal
import subprocess
import sys
import time

import orjson
import pytest

from freecell_cli.analysis import (
    InvalidRange,
    InvalidResults,
    Job,
    analyze,
    load_records,
    parse_ranges,
    run_dask,
    summarize,
)
from freecell_cli.deals import daily_number
from freecell_cli.errors import FreecellError
from freecell_cli.solutions import Solution
from freecell_cli.verify import verify

FREECELL = [sys.executable, "-m", "freecell_cli"]


def test_parse_ranges():
    assert list(parse_ranges(["1-3,5", "2", "617"])) == [1, 2, 3, 5, 617]
    nov = list(parse_ranges(["daily:2026-11"]))
    assert len(nov) == 30 and nov[0] == daily_number(datetime.date(2026, 11, 1))
    assert list(parse_ranges(["daily:2026-11-29"])) == [daily_number(datetime.date(2026, 11, 29))]
    a = list(parse_ranges(["random:50"], seed=3))
    assert a == list(parse_ranges(["random:50"], seed=3)) and len(set(a)) == 50


@pytest.mark.parametrize("spec", ["0", "5-2", "x", "1-", "random:0", "daily:2026-13", "1-99999999999", "3-a"])
def test_bad_ranges(spec):
    with pytest.raises(InvalidRange):
        parse_ranges([spec])


def test_load_records_drops_a_torn_last_line(tmp_path):
    path = tmp_path / "r.jsonl"
    good = b'{"deal":1,"verdict":"solved"}\n{"deal":2,"verdict":"solved"}\n'
    path.write_bytes(good + b'{"deal":3,"verd')
    assert [r["deal"] for r in load_records(path)] == [1, 2]
    assert path.read_bytes().endswith(b"verd")  # not repaired unless asked
    assert [r["deal"] for r in load_records(path, repair=True)] == [1, 2]
    assert path.read_bytes() == good
    path.write_bytes(b'{"deal":1,"verdict":"solved"}\ngarbage\n{"deal":2,"verdict":"solved"}\n')
    with pytest.raises(InvalidResults, match=r"r.jsonl: line 2 is not a result record \(is it a results file\?\)$"):
        load_records(path)


def test_analyze_writes_verified_records_and_resumes(tmp_path):
    out = tmp_path / "a.jsonl"
    job = Job(time_limit=30)
    first = analyze([1, 2, 3], job, out, jobs=2)
    assert first["deals"] == 3 and first["counts"]["solved"] == 3
    again = analyze([1, 2, 3, 4], job, out, jobs=1)
    lines = [orjson.loads(x) for x in out.read_bytes().splitlines()]
    assert sorted(r["deal"] for r in lines) == [1, 2, 3, 4]  # nothing written twice
    assert again["deals"] == 4
    from freecell_cli import deal, find_variant

    for r in lines:
        assert set(r) >= {"deal", "variant", "verdict", "move_count", "nonfoundation_moves", "seconds", "states", "engine",
                          "solution", "requested_engine", "time_limit"}
        tokens = r["solution"].split()
        v = verify(Solution(tokens=tokens, lines=[1] * len(tokens)), deal(r["deal"]), find_variant("site"))
        assert v.ok and v.moves == r["move_count"]


def test_a_beam_width_is_used_stated_and_held_on_resume(tmp_path):
    from freecell_cli import deal, find_variant
    from freecell_cli.analysis import SettingsMismatch
    from freecell_cli.solvers.engine import Limits, get_engine, solve

    out = tmp_path / "w.jsonl"
    analyze([1, 2], Job(engine="beam", width=8), out, jobs=1)
    records = load_records(out)
    assert [list(r)[:4] for r in records] == [["deal", "variant", "cells", "width"]] * 2
    for r in records:  # the line of a beam 8 wide, not of the default one
        line = solve(deal(r["deal"]), find_variant("site"), get_engine("beam", width=8), Limits(time=30)).notation
        assert (r["width"], r["solution"]) == (8, " ".join(line))
    with pytest.raises(SettingsMismatch, match=r"line 1: beam width 8; this run: the beam's own width\)"):
        analyze([1, 2, 3], Job(engine="beam"), out)
    family = analyze([1], Job(engine="beam", width=8, game="bakers-game"), tmp_path / "b.jsonl", jobs=1)
    assert family["counts"]["solved"] == 1 and load_records(tmp_path / "b.jsonl")[0]["width"] == 8
    with pytest.raises(FreecellError, match="a width goes with engine beam"):
        Job(engine="builtin", width=8)
    with pytest.raises(FreecellError, match="a width goes with engine beam"):
        Job(engine="beam", mode="optimal", width=8)


def test_summary():
    records = [
        {"deal": 1, "verdict": "solved", "move_count": 90, "nonfoundation_moves": 40, "seconds": 0.1, "states": 10},
        {"deal": 2, "verdict": "solved", "move_count": 110, "nonfoundation_moves": 50, "seconds": 0.3, "states": 30},
        {"deal": 11982, "verdict": "unsolvable", "move_count": 0, "nonfoundation_moves": 0, "seconds": 2.0, "states": 61643},
        {"deal": 7, "verdict": "gave-up", "move_count": 0, "nonfoundation_moves": 0, "seconds": 60.0, "states": 5},
    ]
    s = summarize(records)
    assert s["counts"] == {"solved": 2, "unsolvable": 1, "gave-up": 1, "error": 0}
    assert s["unsolvable"] == [11982] and s["gave_up"] == [7]
    assert s["move_count"] == {"mean": 100, "median": 100.0, "max": 110}
    assert s["hardest"][0]["deal"] == 11982


def _lines(path):
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _run_and_kill(out, records):
    """Start a run and SIGKILL it as soon as it has appended ``records`` lines (or
    has ended): the kill comes while the next record may be half written."""
    target = _lines(out) + records
    proc = subprocess.Popen(FREECELL + ["analyze", "1-300", "--out", str(out), "--jobs", "2", "--no-solutions"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.poll() is None and _lines(out) < target:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


def test_kill_9_after_random_records_then_resume(tmp_path):
    out = tmp_path / "r.jsonl"
    rng = random.Random(7)
    for _ in range(4):
        before = len(load_records(out))
        _run_and_kill(out, rng.randint(1, 40))
        assert len(load_records(out)) > before  # every complete line is valid (raises otherwise)
    done = subprocess.run(FREECELL + ["analyze", "1-300", "--out", str(out), "--jobs", "2", "--no-solutions"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = out.read_bytes().splitlines()
    deals = [orjson.loads(x)["deal"] for x in lines]
    assert len(deals) == 300 and sorted(deals) == list(range(1, 301))


def test_ctrl_c_stops_cleanly(tmp_path):
    out = tmp_path / "c.jsonl"
    proc = subprocess.Popen(FREECELL + ["analyze", "1-300", "--out", str(out), "--jobs", "2", "--no-solutions"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for(lambda: out.exists() and out.read_bytes().count(b"\n") >= 2)  # records written: mid-run
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    n = len(load_records(out))
    assert stdout.startswith(f"deals: {n}\n") and 0 < n < 300


def test_dask_executor_matches_local(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        job = Job(time_limit=30, solutions=False)
        analyze(list(range(1, 51)), job, tmp_path / "local.jsonl", jobs=2)
        remote = analyze(list(range(1, 51)), job, tmp_path / "dask.jsonl", executor="dask",
                         scheduler=cluster.scheduler_address)
        # a window smaller than the deals: futures are topped up as they finish
        windowed = list(run_dask(range(1, 11), job, cluster.scheduler_address, window=3))
    finally:
        cluster.close()

    def verdicts(name):
        return {r["deal"]: (r["verdict"], r["move_count"]) for r in load_records(tmp_path / name)}

    assert remote["deals"] == 50 and verdicts("dask.jsonl") == verdicts("local.jsonl")
    assert sorted(r["deal"] for r in windowed) == list(range(1, 11))
    assert len((tmp_path / "dask.jsonl").read_bytes().splitlines()) == 50


# -- issue 20: a Dask scheduler that dies, or never answers --------------------------
def _env(**extra):
    import os

    import freecell_cli

    root = os.path.dirname(os.path.dirname(freecell_cli.__file__))
    return {**os.environ, "PYTHONPATH": root, **extra}  # the workers import this tree too


def _wait_for(predicate, seconds=120):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@contextlib.contextmanager
def dask_cluster(tmp_path):
    """A `dask scheduler` and a `dask worker` (two threads), processes of their
    own, so that a test can kill or stop the scheduler: its address."""
    import json

    pytest.importorskip("dask.distributed")
    info = tmp_path / "scheduler.json"
    dask = [sys.executable, "-m", "dask"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": _env()}
    scheduler = subprocess.Popen(dask + ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                         "--scheduler-file", str(info)], **quiet)
    worker = None
    try:
        _wait_for(lambda: info.exists() and info.stat().st_size > 0)
        address = json.loads(info.read_text())["address"]
        worker = subprocess.Popen(dask + ["worker", address, "--nworkers", "1", "--nthreads", "2",
                                          "--no-dashboard"], **quiet)
        yield address, scheduler
    finally:
        for p in (scheduler, worker):
            if p is not None:
                p.kill()
                p.wait()


LOST = ("): the deals it had not finished have no record, so running again with the same --out does them\n")


@pytest.mark.parametrize("how", ["killed", "stopped"])
def test_a_lost_scheduler_ends_the_run_with_one_error_and_resume_does_the_rest(tmp_path, how):
    out = tmp_path / "d.jsonl"
    with dask_cluster(tmp_path) as (address, scheduler):
        run = subprocess.Popen(FREECELL + ["analyze", "1-150", "--executor", "dask", "--scheduler", address,
                                           "--engine", "builtin", "--no-solutions", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=_env(DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s"))
        try:
            _wait_for(lambda: out.exists() and out.read_bytes().count(b"\n") >= 3)
            # mid-run, deals out on the worker: killed (the connection closes), or
            # stopped (SIGSTOP: the connection stays open, nothing answers)
            scheduler.send_signal(signal.SIGKILL if how == "killed" else signal.SIGSTOP)
            stdout, stderr = run.communicate(timeout=120)
        finally:
            run.kill()
    assert (run.returncode, stdout) == (2, "")
    assert stderr.startswith(f"error: lost the Dask scheduler '{address}' in the middle of the run (")
    assert stderr.endswith(LOST) and stderr.count("\n") == 1, stderr  # no log lines, no traceback
    if how == "stopped":
        assert stderr == f"error: lost the Dask scheduler '{address}' in the middle of the run (no answer from it within 2 s" + LOST
    records = load_records(out)
    assert 3 <= len(records) < 150 and {r["verdict"] for r in records} == {"solved"}  # no error records
    done = subprocess.run(FREECELL + ["analyze", "1-150", "--engine", "builtin", "--no-solutions", "--out", str(out),
                                      "--jobs", "2"], capture_output=True, text=True, env=_env())
    assert done.returncode == 0 and done.stderr == f"{len(records)} of 150 deals already recorded in {out}: skipped\n"
    deals = [orjson.loads(line)["deal"] for line in out.read_bytes().splitlines()]
    assert sorted(deals) == list(range(1, 151))  # each once: the lost deals done by the resume


def test_long_deals_are_not_taken_for_a_lost_scheduler(tmp_path):
    """A quiet spell longer than the connect timeout is fine while the scheduler answers."""
    import dask

    with dask_cluster(tmp_path) as (address, _), dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        # Spider deal 2 with 4 suits gives up at its time limit: 2.5 s without a result
        (record,) = run_dask([2], Job(game="spider", suits=4, time_limit=2.5, solutions=False), address)
    assert (record["deal"], record["verdict"], record["reason"]) == (2, "gave-up", "time limit of 2.5 s reached")


def test_a_scheduler_that_never_answers_is_one_error_not_a_wait(tmp_path):
    import socket
    import threading

    pytest.importorskip("dask.distributed")
    server = socket.create_server(("127.0.0.1", 0))
    taken = []

    def accept():  # takes connections, says nothing
        while True:
            try:
                taken.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        p = subprocess.run(FREECELL + ["analyze", "1-3", "--executor", "dask", "--scheduler", address,
                                       "--engine", "builtin"], capture_output=True, text=True, timeout=120,
                           env=_env(DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s"))
    finally:
        server.close()
        for s in taken:
            s.close()
    assert taken  # it did connect
    assert (p.returncode, p.stdout, p.stderr) == (2, "", f"error: cannot reach the Dask scheduler '{address}': "
                                                  "no Dask handshake within 1 s (is a Dask scheduler listening there?)\n")
