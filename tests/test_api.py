"""The scripting API (issue 15): exported names, solve/verify/solution files/analyze,
errors on bad arguments, and exported functions that submodules never hide."""

import importlib
import subprocess
import sys
import types

import pytest

import freecell_cli as fc
from freecell_cli.errors import FreecellError

CLASHING = ["autoplay", "solve", "verify", "analyze", "replay"]


# -- the trap: a submodule named like an exported function ---------------------
@pytest.mark.parametrize("name", CLASHING)
def test_exported_function_survives_its_submodule_import(name):
    importlib.import_module(f"freecell_cli.{name}")  # binds the submodule, in plain Python
    value = getattr(fc, name)
    assert isinstance(value, types.FunctionType), value
    from freecell_cli import autoplay, analyze, replay, solve, verify  # noqa: F401

    assert isinstance(locals()[name], types.FunctionType)
    # the submodule is still there for `from freecell_cli.<name> import ...`
    assert isinstance(sys.modules[f"freecell_cli.{name}"], types.ModuleType)


def test_trap_in_a_fresh_interpreter_submodules_first():
    """Import every clashing submodule before touching the package's names."""
    code = (
        "import freecell_cli.autoplay, freecell_cli.solve.engine, freecell_cli.verify, "
        "freecell_cli.analyze, freecell_cli.replay, freecell_cli.spider.solve, freecell_cli.spider.verify\n"
        "import types, freecell_cli as fc\n"
        "from freecell_cli import autoplay, solve, verify, analyze, replay\n"
        "from freecell_cli.solve.engine import get_engine\n"
        "from freecell_cli.spider import solve as ssolve, verify as sverify\n"
        "fs = [autoplay, solve, verify, analyze, replay, fc.solve, fc.verify, ssolve, sverify, fc.spider.solve]\n"
        "assert all(isinstance(f, types.FunctionType) for f in fs), fs\n"
        "print(fc.solve(fc.deal(617)).verdict)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "solved\n"


def test_other_assignments_still_work(monkeypatch):
    monkeypatch.setattr(fc, "solve", "patched")
    assert fc.solve == "patched"


def test_issue_command_line():
    code = "import freecell_cli as fc; print(fc.solve(fc.deal(617)).verdict)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (out.returncode, out.stdout) == (0, "solved\n"), out.stderr


def test_lazy_exports_stay_lazy():
    code = ("import sys, freecell_cli as fc; fc.deal(1); "
            "print(sorted(m for m in sys.modules if m.startswith('freecell_cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    loaded = eval(out.stdout)
    assert "freecell_cli.api" not in loaded and "freecell_cli.solve" not in loaded, loaded
    assert "freecell_cli.mincells" not in loaded, loaded


def test_every_export_is_documented_with_an_example():
    for name in fc.__all__:
        value = getattr(fc, name)
        if isinstance(value, (types.FunctionType, type)) and name not in ("FreecellError",):
            assert value.__doc__, name
    for name in ["solve", "hint", "verify", "read_solution", "format_solution", "analyze", "spider_solve",
                 "spider_verify", "read_spider_solution", "format_spider_solution", "min_cells"]:
        assert ">>> " in getattr(fc, name).__doc__, name


# -- the lists of exported names agree ------------------------------------------
def type_checking_imports(package):
    """``{name: module}`` of the imports under ``if TYPE_CHECKING:`` in a package's
    ``__init__`` (what type checkers see of its lazy exports); module "" is the package."""
    import ast

    tree = ast.parse(open(package.__file__, encoding="utf-8").read())
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: node.module or "" for node in block.body if isinstance(node, ast.ImportFrom)
            for alias in node.names}


@pytest.mark.parametrize("package", ["freecell_cli", "freecell_cli.formats", "freecell_cli.spider"])
def test_lazy_exports_are_listed_alike_and_resolve(package):
    pkg = importlib.import_module(package)
    exports = pkg._EXPORTS
    assert sorted(pkg.__all__) == sorted(exports) and len(set(pkg.__all__)) == len(pkg.__all__)
    # a type checker sees each name from the module it is loaded from
    seen = type_checking_imports(pkg)
    assert seen == exports, package
    for name, where in exports.items():
        value = getattr(pkg, name)
        module = importlib.import_module(f"{package}.{where or name}")
        assert value is (module if not where else getattr(module, name)), name
    assert set(exports) <= set(dir(pkg))


def test_the_package_exports_what_the_api_module_does():
    from freecell_cli import api

    assert sorted(n for n, where in fc._EXPORTS.items() if where == "api") == sorted(api.__all__)
    assert fc.SOLUTION_WRITE_FORMATS is api.SOLUTION_WRITE_FORMATS


# -- solve, hint, verify ----------------------------------------------------------
def test_solve_result_and_solution_verify():
    r = fc.solve(fc.deal(617), "site", engine="builtin")
    assert r.verdict == "solved" and r.variant == "site"
    v = fc.verify(fc.deal(617), r)
    assert v.ok and v.moves == r.move_count
    assert fc.verify(None, r.solution()).ok  # the header names the deal
    assert fc.verify(617, fc.format_solution(r)).ok


def test_solve_gives_up_and_unsolvable():
    assert fc.solve(fc.deal(617), engine="builtin", max_states=10).verdict == "gave-up"
    r = fc.solve(fc.deal(11982), engine="builtin", exhaustive=True)
    assert r.verdict == "unsolvable"
    with pytest.raises(FreecellError):
        r.solution()


def test_hint():
    h = fc.hint(fc.deal(1), engine="builtin")
    assert h.verdict == "solved" and h.move is not None and str(h).startswith(str(h.move))
    assert h.to_dict()["move"] == str(h.move)


@pytest.mark.parametrize("fmt", ["file", "freecell-cli", "snx", "standard", "verbose", "fc-solve", "json"])
def test_every_written_format_reads_back(fmt):
    r = fc.solve(fc.deal(617), engine="builtin")
    text = fc.format_solution(r, fmt)
    s = fc.read_solution(text)
    assert fc.verify(617, s, "site").ok
    # from a Solution too, replayed from the given start
    assert fc.verify(617, fc.format_solution(fc.read_solution(" ".join(r.notation)), fmt, position=617)).ok


def test_sn_refuses_what_it_cannot_say():
    r = fc.solve(fc.deal(617), engine="builtin")
    try:
        text = fc.format_solution(r, "sn")
    except FreecellError as e:
        assert "empty column" in str(e)
    else:
        assert fc.verify(617, text).ok


def test_read_solution_from_a_path(tmp_path):
    r = fc.solve(fc.deal(5), engine="builtin")
    path = tmp_path / "five.sol"
    path.write_text(fc.format_solution(r))
    for source in (path, str(path)):
        s = fc.read_solution(source)
        assert s.deal == 5 and fc.verify(None, s).ok
        assert fc.verify(None, source).ok
    streamed = fc.read_solution(path, stream=True)
    assert fc.verify(None, streamed).ok


def test_spider():
    start = fc.spider.deal(2, suits=1)
    r = fc.spider_solve(start, time_limit=60)
    assert r.verdict == "solved"
    text = fc.format_spider_solution(r)
    assert fc.spider_verify(None, text).ok
    assert fc.spider_verify(2, r.notation and " ".join(r.notation), suits=1).ok
    assert fc.read_spider_solution(text).deal == 2


def test_analyze_records_are_the_json_lines_records():
    from freecell_cli.analyze import Job, analyze_deal, check_record

    records = list(fc.analyze([3, 1], engine="builtin", time_limit=30))
    assert [r["deal"] for r in records] == [3, 1]
    for r in records:
        assert check_record(r) is None
        expected = analyze_deal(r["deal"], Job(engine="builtin", time_limit=30))
        assert {k: v for k, v in r.items() if k != "seconds"} == {k: v for k, v in expected.items()
                                                                     if k != "seconds"}
    assert [r["deal"] for r in fc.analyze("1-2", engine="builtin", solutions=False)] == [1, 2]


# -- bad arguments: FreecellError, never anything else ----------------------------
BAD_CALLS = [
    lambda: fc.solve("617"),
    lambda: fc.solve(fc.deal(1), "nonsense"),
    lambda: fc.solve(fc.deal(1), 3),
    lambda: fc.solve(fc.deal(1), engine="nope"),
    lambda: fc.solve(fc.deal(1), engine=42),
    lambda: fc.solve(fc.deal(1), time_limit="x"),
    lambda: fc.solve(fc.deal(1), time_limit=float("nan")),
    lambda: fc.solve(fc.deal(1), max_states=0),
    lambda: fc.solve(fc.deal(1), engine="builtin", width=3),
    lambda: fc.solve(fc.deal(1), exhaustive="yes"),
    lambda: fc.hint(None),
    lambda: fc.verify(fc.deal(1), 42),
    lambda: fc.verify(True, "5a"),
    lambda: fc.verify("x", "5a"),
    lambda: fc.verify(None, "5a"),
    lambda: fc.verify(617, "zz"),
    lambda: fc.verify(617, "5a", empty_column="some"),
    lambda: fc.verify(617, "5a", format="word"),
    lambda: fc.verify(0, "5a"),
    lambda: fc.read_solution(b"5a"),
    lambda: fc.read_solution("5a\x00"),
    lambda: fc.format_solution("5a"),
    lambda: fc.format_solution(fc.read_solution("5a"), "pdf", position=617),
    lambda: fc.format_solution(fc.read_solution("5a 5a 5a 5a 5a"), "verbose", position=617),
    lambda: fc.analyze(["1"], engine="nope"),
    lambda: fc.analyze("1-x"),
    lambda: fc.analyze([1.5]),
    lambda: fc.analyze(5),
    lambda: fc.analyze("1", cells=99),
    lambda: fc.analyze("1", jobs=0),
    lambda: fc.analyze("1", time_limit="x"),
    lambda: fc.spider_solve(fc.deal(1)),
    lambda: fc.spider_verify(1, "23", suits=3),
    lambda: fc.spider_verify("x", "23"),
    lambda: fc.read_spider_solution(None),
    lambda: fc.format_spider_solution(7),
    lambda: fc.format_spider_solution(["23"]),
]


@pytest.mark.parametrize("call", BAD_CALLS)
def test_bad_arguments_raise_freecell_errors(call):
    with pytest.raises(FreecellError):
        result = call()
        if hasattr(result, "__next__"):
            next(result)
