import importlib
import os

import orjson
import pytest

from cli_helpers import run


def test_analyze_to_stdout_and_summary_on_stderr():
    code, out, err = run("analyze", "1-3", "--jobs", "1", "--no-solutions")
    assert code == 0
    records = [orjson.loads(x) for x in out.splitlines()]
    assert sorted(r["deal"] for r in records) == [1, 2, 3] and "solution" not in records[0]
    assert err.startswith("deals: 3\nsolved: 3\nunsolvable: 0\ngave-up: 0\n")


def test_summary_of_a_file(tmp_path):
    path = tmp_path / "a.jsonl"
    code, out, _ = run("analyze", "5,11982", "--out", str(path), "--jobs", "1", "--json")
    assert code == 0
    s = orjson.loads(out)
    assert s["counts"]["solved"] == 1 and s["counts"]["unsolvable"] + s["counts"]["gave-up"] == 1
    code, out2, _ = run("analyze", "--summary", str(path), "--json")
    assert code == 0 and orjson.loads(out2)["deals"] == 2


def test_errors():
    assert run("analyze")[0] == 2
    code, out, err = run("analyze", "5-2")
    assert code == 2 and "runs backwards" in err
    code, out, err = run("analyze", "--summary", "/nonexistent.jsonl")
    assert code == 2 and "cannot read" in err


def test_summary_plot(tmp_path):
    import pytest

    pytest.importorskip("matplotlib")
    results = tmp_path / "r.jsonl"
    results.write_text("".join(
        orjson.dumps({"deal": n, "variant": "site", "cells": 4, "verdict": "solved", "move_count": 100 + n,
                      "nonfoundation_moves": 50 + n, "seconds": 0.01 * n, "states": 100 * n,
                      "engine": "builtin"}).decode() + "\n" for n in range(1, 21)))
    code, out, err = run("analyze", "--summary", str(results), "--plot", str(tmp_path / "p.png"))
    assert code == 0 and out.startswith("deals: 20\nsolved: 20\n")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    code, _, err = run("analyze", "--summary", str(results), "--plot", str(tmp_path / "p.gif"))
    assert code == 2 and err == f"error: cannot tell the plot format of '{tmp_path / 'p.gif'}': name it .svg, .png or .pdf\n"
    code, _, err = run("analyze", "--summary", str(results), "--plot", str(tmp_path / "no" / "p.svg"))
    assert code == 2 and err == f"error: cannot write {tmp_path / 'no' / 'p.svg'}: no folder {tmp_path / 'no'}\n"


def test_the_plot_of_a_joined_file_has_each_settings_group(tmp_path):
    pytest.importorskip("matplotlib")
    results = tmp_path / "r.jsonl"
    _records(results, *(_rec(n, engine=e, requested_engine=e) for e in ("builtin", "fc-solve") for n in (1, 2, 3)))
    code, out, err = run("analyze", "--summary", str(results), "--plot", str(tmp_path / "p.svg"))
    assert code == 0 and out.count("deals: 3\n") == 2  # two summaries: two series in the plot
    picture = (tmp_path / "p.svg").read_text()
    assert "site / builtin" in picture and "site / fc-solve" in picture and "3 deals, 2 variant/engine pairs" in picture


# -- issue 9: one line and exit 2 before any work --------------------------------
def _bad(*args):
    code, out, err = run("analyze", *args)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    return err


def test_usage_errors_are_one_line():
    assert _bad(",") == "error: no deals in ','\n"
    assert _bad("1", "--scheduler", "garbage") == "error: --scheduler is for --executor dask\n"
    assert _bad("²") == "error: not a deal range: '²' (e.g. 1-1000, 617, daily:2026-11, random:500)\n"
    assert _bad("1-9999999,10000001-19999999") == (
        "error: '1-9999999,10000001-19999999' asks for 19,999,998 deals; one run takes at most 10,000,000\n")


def test_a_garbage_scheduler_is_one_line():
    pytest.importorskip("dask.distributed")
    err = _bad("1", "--executor", "dask", "--scheduler", "garbage", "--engine", "builtin")
    assert err.startswith("error: cannot reach the Dask scheduler 'garbage': ")


def test_output_and_summary_paths_are_checked_before_work(tmp_path):
    assert _bad("1", "--out", str(tmp_path)) == f"error: cannot write {tmp_path}: it is a directory\n"
    assert _bad("1", "--out", "/dev/full") == (
        "error: cannot write /dev/full: not a regular file (leave --out out to write to stdout)\n")
    os.mkfifo(tmp_path / "fifo")  # opening it for writing would wait for a reader
    assert _bad("1", "--out", str(tmp_path / "fifo")) == (
        f"error: cannot write {tmp_path}/fifo: not a regular file (leave --out out to write to stdout)\n")
    (tmp_path / "f").write_text("")
    assert _bad("1", "--out", str(tmp_path / "f" / "x")) == f"error: cannot write {tmp_path}/f/x: Not a directory\n"
    assert _bad("--summary", str(tmp_path)) == f"error: {tmp_path} is a directory, not a results file\n"
    assert _bad("--summary", "/dev/zero") == (
        "error: /dev/zero: line 1 is longer than 1,048,576 bytes, the limit for a record\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused(tmp_path):
    tmp_path.chmod(0o500)
    try:
        assert _bad("1", "--out", str(tmp_path / "a.jsonl")).startswith(f"error: cannot write {tmp_path}/a.jsonl: ")
    finally:
        tmp_path.chmod(0o700)


def _records(path, *records):
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))


def _rec(n, **fields):
    return {"deal": n, "variant": "site", "cells": 4, "verdict": "solved", "move_count": 90,
            "nonfoundation_moves": 40, "seconds": 0.5, "states": n, "engine": "builtin",
            "requested_engine": "builtin", "time_limit": 60.0, **fields}


def test_summary_of_damaged_records(tmp_path):
    path = tmp_path / "r.jsonl"
    _records(path, _rec(1), {"deal": 2, "verdict": "solved"}, _rec(3, states="x"), _rec(4))
    assert _bad("--summary", str(path)) == f'error: {path}: line 3: "states" is not a whole number from 0 to 1,000,000,000,000,000: "x"\n'
    _records(path, _rec(1), {"deal": 2, "verdict": "solved"})  # no states, no seconds: fine
    code, out, err = run("analyze", "--summary", str(path))
    assert code == 0 and out.startswith("deals: 2\nsolved: 2\n") and "hardest (states): 1 (1)\n" in out


# -- issue 24: one format for a mean or a median, whatever the counts ------------------
@pytest.mark.parametrize("moves, seconds, shown", [
    ((95,), (2,), ("mean 95.0, median 95.0, max 95", "mean 2.0000, median 2.0000, max 2.0000")),
    ((90, 100, 112), (0.05, 0.1, 0.3),                      # an odd count: the median is a record's
     ("mean 100.7, median 100.0, max 112", "mean 0.1500, median 0.1000, max 0.3000")),
    ((90, 100, 119, 130), (0.0376, 0.0503, 0.2, 0.2451),    # an even count, a half
     ("mean 109.8, median 109.5, max 130", "mean 0.1333, median 0.1252, max 0.2451")),
    ((100, 124), (1, 3),                                    # an even count, whole
     ("mean 112.0, median 112.0, max 124", "mean 2.0000, median 2.0000, max 3.0000")),
])
def test_means_and_medians_have_one_format(tmp_path, moves, seconds, shown):
    path = tmp_path / "r.jsonl"
    _records(path, *(_rec(n, move_count=m, nonfoundation_moves=m - 50, seconds=t)
                     for n, (m, t) in enumerate(zip(moves, seconds), 1)))
    code, out, err = run("analyze", "--summary", str(path))
    assert code == 0 and err == ""
    rows = dict(line.split(": ", 1) for line in out.splitlines())
    assert (rows["moves"], rows["seconds"]) == shown
    code, out, _ = run("analyze", "--summary", str(path), "--json")
    figures = orjson.loads(out)["move_count"]
    assert code == 0 and type(figures["mean"]) is type(figures["median"]) is float and type(figures["max"]) is int


def test_a_second_run_on_the_same_file_stops(tmp_path):
    from freecell_cli.analysis import ResultsFile

    path = tmp_path / "s.jsonl"
    _records(path, _rec(1))
    holder = ResultsFile(path)  # a run in progress
    try:
        assert _bad("1-3", "--out", str(path), "--engine", "builtin") == (
            f"error: another analyze is writing {path}; wait for it to finish\n")
    finally:
        holder.close()
    assert path.read_bytes() == orjson.dumps(_rec(1)) + b"\n"


def test_other_settings_are_not_resumed_and_mixed_files_say_so(tmp_path):
    path = tmp_path / "a.jsonl"
    _records(path, *(_rec(n, variant="standard", cells=2) for n in range(1, 6)))
    assert _bad("1-5", "--out", str(path), "--engine", "builtin") == (
        f"error: {path} holds results made with other settings (line 1: variant standard, 2 cells; "
        "this run: variant site, 4 cells): run with the same settings, or write to another file\n")
    code, out, err = run("analyze", "1-5", "--out", str(path), "--engine", "builtin", "--variant", "standard",
                         "--cells", "2")
    assert code == 0 and out.startswith("deals: 5\nsolved: 5\n")  # the same settings: all done already
    with path.open("ab") as f:
        f.write(orjson.dumps(_rec(1)) + b"\n")
    code, out, err = run("analyze", "--summary", str(path))
    assert code == 0 and err == f"note: {path} mixes results of 2 different settings: one summary each\n"
    assert out.count("deals: ") == 2 and out.startswith("deals: 5\n") and "\n\ndeals: 1\n" in out
    assert "settings: variant standard, 2 cells, engine builtin, time limit 60 s\n" in out
    code, out, err = run("analyze", "--summary", str(path), "--json")
    assert [orjson.loads(line)["settings"]["cells"] for line in out.splitlines()] == [2, 4]


def test_deals_that_could_not_be_analysed_are_counted(tmp_path, monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.executors")  # where run_local finds analyze_deal

    def broken(n, job):
        raise mod.FreecellError(f"engine broke on {n}")

    monkeypatch.setattr(mod, "analyze_deal", broken)
    code, out, err = run("analyze", "7", "--jobs", "1", "--out", str(tmp_path / "e.jsonl"), "--engine", "builtin")
    assert code == 0 and out.startswith("deals: 1\nsolved: 0\nunsolvable: 0\ngave-up: 0\nerror: 1\nerror deals: 7\n")
    assert err == "1 deal(s) could not be analysed: their records say why (verdict error)\n"


def test_quiet_drops_the_summary_on_stderr():
    code, out, err = run("analyze", "1-2", "--jobs", "1", "--no-solutions", "--engine", "builtin", "-q")
    assert (code, err) == (0, "") and len(out.splitlines()) == 2


def test_seed_without_a_random_range_is_refused():
    assert run("analyze", "1-2", "--seed", "3") == (2, "", "error: --seed goes with a random:N range\n")
    def deals():
        code, out, err = run("analyze", "random:2", "--seed", "3", "--jobs", "1", "--no-solutions", "-q")
        assert (code, err) == (0, "")
        return [orjson.loads(line)["deal"] for line in out.splitlines()]

    assert deals() == deals() == [909905, 485596]


def test_summary_of_stdin(tmp_path):
    path = tmp_path / "a.jsonl"
    assert run("analyze", "1-3", "--out", str(path), "--jobs", "1", "--no-solutions", "-q")[0] == 0
    text = path.read_text()
    from_file = run("analyze", "--summary", str(path))
    assert from_file[0] == 0 and from_file[1].startswith("deals: 3\nsolved: 3\n")
    assert run("analyze", "--summary", "-", input=text) == from_file
    assert run("analyze", "--summary", "-", input="garbage\n") == (
        2, "", "error: stdin: line 1 is not a result record (is it a results file?)\n")
    assert run("analyze", "--summary", "-", "--summary", "-", input=text) == (
        2, "", "error: stdin (-) can be read only once\n")
    assert run("analyze", "--summary", "-", "--plot", str(tmp_path / "p.svg"), input=text) == (
        2, "", "error: --plot reads the results file again: give a file, not - (stdin)\n")


def test_a_gzipped_results_file_is_named_as_such_and_kept_whole(tmp_path):
    import gzip

    path = tmp_path / "r.jsonl.gz"
    path.write_bytes(gzip.compress(orjson.dumps(_rec(1)) + b"\n"))
    content = path.read_bytes()
    message = f"error: {path} is gzip-compressed: `gunzip -k` it, and give the plain file\n"
    assert _bad("--summary", str(path)) == message
    assert _bad("1-2", "--engine", "builtin", "--out", str(path)) == message
    assert path.read_bytes() == content


# -- issue 20: --out never cuts a file that is not all our records ---------------------
@pytest.mark.parametrize("content", [
    b'{"moves": ["5a", "82", "ah"], "deal": 617, "variant": "site"}',  # a JSON solution, no newline
    b'{"jobs": 2, "engine": "builtin"}',  # a config
    b'{todo: rerun the gave-up deals',  # a note typed without a newline
    b"rerun the gave-up deals",
    b'{"deal":617,"note":"hard one"}',  # begins as a record does
])
def test_a_file_that_is_not_results_is_refused_and_kept_whole(tmp_path, content):
    path = tmp_path / "mine.json"
    path.write_bytes(content)
    mode, mtime = path.stat().st_mode, path.stat().st_mtime_ns
    assert _bad("1-2", "--engine", "builtin", "--out", str(path)) == (
        f"error: {path}: line 1 is not a result record (is it a results file?)\n")
    assert _bad("--summary", str(path)) == f"error: {path}: line 1 is not a result record (is it a results file?)\n"
    assert path.read_bytes() == content and (path.stat().st_mode, path.stat().st_mtime_ns) == (mode, mtime)
    # after records too: the last line is kept whole, and named
    records = b"".join(orjson.dumps(_rec(n)) + b"\n" for n in (1, 2))
    path.write_bytes(records + content)
    assert _bad("1-3", "--engine", "builtin", "--out", str(path)) == (
        f"error: {path}: line 3 is not a result record (is it a results file?)\n")
    assert path.read_bytes() == records + content


def test_a_torn_real_record_is_still_repaired(tmp_path):
    path = tmp_path / "r.jsonl"
    assert run("analyze", "1-2", "--engine", "builtin", "--out", str(path), "--jobs", "1", "-q")[0] == 0
    whole = path.read_bytes()
    path.write_bytes(whole + whole.splitlines(keepends=True)[0][:70])  # a run killed in a line
    code, out, err = run("analyze", "1-3", "--engine", "builtin", "--out", str(path), "--jobs", "1")
    assert (code, err) == (0, f"2 of 3 deals already recorded in {path}: skipped\n")
    assert out.startswith("deals: 3\nsolved: 3\n")
    lines = path.read_bytes().splitlines(keepends=True)
    assert b"".join(lines[:2]) == whole and len(lines) == 3 and orjson.loads(lines[2])["deal"] == 3


# -- issue 20: numbers a summary or a plot cannot take are malformed input -----------------
@pytest.mark.parametrize("field, value, shown", [
    ("move_count", 1.5, '"move_count" is not a whole number from 0 to 1,000,000: 1.5'),
    ("move_count", 1.7e308, '"move_count" is not a whole number from 0 to 1,000,000: 1.7e+308'),
    ("seconds", 1.7e308, '"seconds" is not a number of seconds from 0 to 1,000,000,000: 1.7e+308'),
    ("states", 2.5, '"states" is not a whole number from 0 to 1,000,000,000,000,000: 2.5'),
])
@pytest.mark.parametrize("extra", [(), ("--color", "always"), ("--plot", "p.svg"), ("--json",)])
def test_summary_of_numbers_not_as_written(tmp_path, monkeypatch, field, value, shown, extra):
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "r.jsonl"
    _records(path, _rec(1), _rec(2, **{field: value}), _rec(3))
    assert _bad("--summary", str(path), *extra) == f"error: {path}: line 2: {shown}\n"
    assert not (tmp_path / "p.svg").exists()


def test_summary_on_a_terminal_draws_the_move_histogram(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    path = tmp_path / "r.jsonl"
    _records(path, *(_rec(n, move_count=80 + 3 * n, seconds=0.25 * n) for n in range(1, 11)),
             _rec(11, move_count=1_000_000, seconds=1e9, states=10**15))  # the bounds: still drawn
    code, out, err = run("analyze", "--summary", str(path), "--color", "always")
    assert (code, err) == (0, "")
    assert "analyze summary" in out and "moves of the solved deals" in out
    assert out.count("█") > 0 and "1000000" in out.replace(",", "")


# -- issue 20: --jobs is capped by the cores and the memory, and says so ----------------
def test_too_many_jobs_are_capped_with_a_note(tmp_path, monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.pool")  # where worker_limit finds its measures
    monkeypatch.setattr(mod, "usable_cores", lambda: 2)
    monkeypatch.setattr(mod, "available_memory", lambda: 2**30)
    monkeypatch.setattr(mod, "_free_fds", lambda: 1000)
    args = ("1-2", "--engine", "builtin", "--no-solutions", "--out", str(tmp_path / "a.jsonl"))
    code, out, err = run("analyze", *args, "--jobs", "300")
    assert code == 0 and out.startswith("deals: 2\nsolved: 2\n")
    assert err == "note: --jobs 300 capped to 2 (2 cores, 1.0 GB of memory available, 160 MB a worker)\n"
    monkeypatch.setattr(mod, "usable_cores", lambda: 64)
    code, out, err = run("analyze", *args, "--jobs", "1000", "-o", str(tmp_path / "b.jsonl"))
    assert code == 0 and err == "note: --jobs 1000 capped to 6 (64 cores, 1.0 GB of memory available, 160 MB a worker)\n"
    assert run("analyze", *args, "--jobs", "1000", "-q", "-o", str(tmp_path / "c.jsonl"))[2] == ""
    code, out, err = run("analyze", *args, "--jobs", "2", "-o", str(tmp_path / "d.jsonl"))
    assert (code, err) == (0, "")  # within the cap: no note
    monkeypatch.setattr(mod, "available_memory", lambda: 200 * 2**20)
    code, out, err = run("analyze", *args, "-o", str(tmp_path / "e.jsonl"))
    assert (code, err) == (0, "")  # the default (the cores) capped by memory: nothing to say


def test_every_reader_of_results_refuses_a_last_line_that_is_not_ours(tmp_path):
    solution = '{"moves": ["5a", "82"], "deal": 617}'  # no newline
    assert run("analyze", "--summary", "-", input=solution) == (
        2, "", "error: stdin: line 1 is not a result record (is it a results file?)\n")
    mc = {"deal": 1, "mode": "min-cells", "variant": "site", "max_cells": 4, "verdict": "solved", "min_cells": 1,
          "known": [1, 1], "time_limit": 60.0}
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _records(a, mc)
    b.write_bytes(orjson.dumps(mc) + b"\n" + solution.encode())
    assert _bad("--summary", str(a), "--summary", str(b)) == (
        f"error: {b}: line 2 is not a result record (is it a results file?)\n")
    assert _bad("--summary", str(b), "--plot", str(tmp_path / "p.svg")) == (
        f"error: {b}: line 2 is not a result record (is it a results file?)\n")
    assert b.read_bytes().endswith(solution.encode())
