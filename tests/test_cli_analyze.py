import orjson

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
    assert code == 2 and err == f"error: cannot write {tmp_path / 'no' / 'p.svg'}: No such file or directory\n"
