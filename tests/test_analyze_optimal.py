"""analyze --optimal (issue 26): the fewest non-foundation moves of each deal,
proven, beside the default beam's line; records, their check, the summary."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli.analysis import Job, OptimalSummary, analyze_deal, check_record, summarize_file


def test_a_record_says_what_is_proven():
    r = analyze_deal(3, Job(variant="standard", mode="optimal"))
    assert {k: r[k] for k in ("deal", "mode", "variant", "cells", "verdict", "nonfoundation_moves", "optimal",
                              "lower_bound", "beam_moves", "engine", "time_limit")} == {
        "deal": 3, "mode": "optimal", "variant": "standard", "cells": 4, "verdict": "solved",
        "nonfoundation_moves": 18, "optimal": True, "lower_bound": 18, "beam_moves": 19, "engine": "beam+optimal",
        "time_limit": 60.0}
    assert len(r["solution"].split()) == r["move_count"] and check_record(r) is None


def test_a_limit_leaves_the_beams_line_and_the_bound():
    r = analyze_deal(5, Job(variant="standard", mode="optimal", time_limit=3, solutions=False))
    # (the best line is the beam's 36, or --optimize's 33 when its wide beam ends within the limit)
    assert (r["verdict"], r["optimal"], r["beam_moves"]) == ("solved", False, 36)
    assert r["nonfoundation_moves"] in (33, 36) and 25 <= r["lower_bound"] < r["nonfoundation_moves"]
    assert r["reason"].startswith("time limit of 3 s reached after ")
    assert check_record(r) is None


@pytest.mark.parametrize("change, problem", [
    ({"optimal": 1}, '"optimal" is not true or false: 1'),
    ({"lower_bound": -1}, '"lower_bound" is not a count of moves or null: -1'),
    ({"beam_moves": "19"}, '"beam_moves" is not a count of moves or null: "19"'),
    ({"lower_bound": 17}, 'an optimal line\'s "lower_bound" 17 is not its length'),
])
def test_bad_optimal_fields_are_named(change, problem):
    record = {"deal": 3, "mode": "optimal", "variant": "standard", "cells": 4, "verdict": "solved",
              "nonfoundation_moves": 18, "optimal": True, "lower_bound": 18, "beam_moves": 19}
    assert check_record(record) is None
    assert check_record({**record, **change}) == problem


def test_the_cli_runs_resumes_and_summarizes(tmp_path):
    out = tmp_path / "opt.jsonl"
    code, stdout, err = run("analyze", "2-3", "--optimal", "--variant", "standard", "--jobs", "1", "-o", str(out),
                            "--no-solutions")
    assert code == 0 and "proven optimal: 2 of 2\n" in stdout  # the summary: the records went to the file
    records = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    assert [(r["deal"], r["nonfoundation_moves"], r["optimal"], r["beam_moves"]) for r in records] == [
        (2, 21, True, 22), (3, 18, True, 19)]
    code, _, err = run("analyze", "2-3", "--optimal", "--variant", "standard", "--jobs", "1", "-o", str(out),
                       "--no-solutions")
    assert code == 0 and "2 of 2 deals already recorded" in err
    code, _, err = run("analyze", "2-3", "--variant", "standard", "--jobs", "1", "-o", str(out))
    assert code == 2 and "settings" in err  # a solve run cannot resume an optimal file


def test_the_summary_of_optimal_records(tmp_path):
    path = tmp_path / "opt.jsonl"
    base = {"mode": "optimal", "variant": "standard", "cells": 4, "time_limit": 60.0, "verdict": "solved"}
    rows = [{"deal": 1, "nonfoundation_moves": 29, "optimal": True, "lower_bound": 29, "beam_moves": 29},
            {"deal": 4, "nonfoundation_moves": 27, "optimal": True, "lower_bound": 27, "beam_moves": 28},
            {"deal": 5, "nonfoundation_moves": 36, "optimal": False, "lower_bound": 32, "beam_moves": 36}]
    path.write_bytes(b"".join(orjson.dumps({"deal": r["deal"], **base, **r}) + b"\n" for r in rows))
    summary = summarize_file(path)[0]
    assert (summary["proven"], summary["optimum"], summary["beam_gap"], summary["open"]) == (
        2, {"27": 1, "29": 1}, {"0": 1, "1": 1}, [[5, 32, 36]])
    code, out, _ = run("analyze", "--summary", str(path))
    assert code == 0 and out.endswith(
        "proven optimal: 2 of 3\n"
        "optimum: mean 28.0, median 28.0, max 29\n"
        "deals per optimum: 27: 1, 29: 1\n"
        "beam's line longer by: 0: 1, 1: 1\n"
        "not proven (deal: bound..best): 5: 32..36\n"
        "settings: mode optimal, variant standard, 4 cells, time limit 60 s\n")
    assert isinstance(OptimalSummary(), OptimalSummary)


@pytest.mark.parametrize("args, message", [
    (["--min-cells"], "error: --optimal and --min-cells cannot be combined: each is a mode of its own\n"),
    (["--engine", "builtin"],
     "error: --optimal and --engine cannot be combined: it runs the default beam, then the optimal search\n"),
    (["--game", "spider"], "error: --optimal is for FreeCell deals\n"),
])
def test_refused_combinations(args, message):
    assert run("analyze", "3", "--optimal", *args) == (2, "", message)
