"""The scripting API (issue 15): exported names, solve/verify/solution files/analyze,
errors on bad arguments, and exported functions that submodules never hide."""

import importlib
import subprocess
import sys
import types

import pytest

import freecell_cli as fc
from freecell_cli.errors import FreecellError, InvalidSolution

CLASHING = ["autoplay", "verify", "analyze", "replay"]


# -- the trap: a submodule named like an exported function ---------------------
@pytest.mark.filterwarnings("ignore:freecell_cli.analyze is deprecated")
@pytest.mark.parametrize("name", CLASHING)
def test_exported_function_survives_its_submodule_import(name):
    importlib.import_module(f"freecell_cli.{name}")  # binds the submodule, in plain Python
    value = getattr(fc, name)
    assert isinstance(value, types.FunctionType), value
    from freecell_cli import autoplay, analyze, replay, solve, verify  # noqa: F401

    assert isinstance(locals()[name], types.FunctionType)
    # the submodule is still there for `from freecell_cli.<name> import ...`
    assert isinstance(sys.modules[f"freecell_cli.{name}"], types.ModuleType)


def test_solvers_package_names_nothing_the_package_exports():
    """The engines' package is `solvers`: `fc.solve` is never shadowed by it, and
    a plain `import ... as` reaches its modules (issue 21)."""
    import freecell_cli.solvers.beam as beam

    assert beam.BeamEngine.name == "beam"
    assert isinstance(fc.solve, types.FunctionType)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("freecell_cli.solve")


def test_trap_in_a_fresh_interpreter_submodules_first():
    """Import every clashing submodule before touching the package's names."""
    code = (
        "import freecell_cli.autoplay, freecell_cli.solvers.engine, freecell_cli.verify, "
        "freecell_cli.analyze, freecell_cli.replay, freecell_cli.spider.solve, freecell_cli.spider.verify\n"
        "import types, freecell_cli as fc\n"
        "from freecell_cli import autoplay, solve, verify, analyze, replay\n"
        "from freecell_cli.solvers.engine import get_engine\n"
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
    assert "freecell_cli.api" not in loaded and "freecell_cli.solvers" not in loaded, loaded
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


@pytest.mark.parametrize("fmt", ["file", "snx", "sn", "verbose", "json"])
@pytest.mark.parametrize("header", ["", "# freecell-cli solution\n# deal: 617\n"])
@pytest.mark.parametrize("given", [{}, {"position": 617}, {"variant": "windows"}])
def test_a_streamed_solution_is_written_as_the_same_file_read_whole(tmp_path, fmt, header, given):
    # every move of a solution opened as a stream is written, as when read whole
    path = tmp_path / "some.sol"
    path.write_text(header + "5a 82 a2\n")
    if not header and "position" not in given:
        with pytest.raises(InvalidSolution, match="names no deal"):
            fc.format_solution(fc.read_solution(path, stream=True), fmt, **given)
        return
    whole = fc.format_solution(fc.read_solution(path), fmt, **given)
    assert fc.format_solution(fc.read_solution(path, stream=True), fmt, **given) == whole
    assert "5a" in whole or "stack 4" in whole


def test_a_streamed_solution_is_still_whole_once_written(tmp_path):
    path = tmp_path / "some.sol"
    path.write_text("# freecell-cli solution\n# deal: 617\n5a 82\na2\n")
    s = fc.read_solution(path, stream=True)
    fc.format_solution(s, "snx")
    assert s.tokens == ["5a", "82", "a2"] and s.lines == [3, 3, 4] and fc.verify(None, s).valid


def test_a_result_verified_names_the_lines_of_its_file():
    # a Result is verified as its own file reads back: the same lines in the verdict
    r = fc.solve(fc.deal(5), engine="builtin")
    direct = fc.verify(fc.deal(6), r)
    assert not direct.ok
    assert direct.to_dict() == fc.verify(fc.deal(6), fc.format_solution(r)).to_dict()
    assert direct.error is not None and direct.error.line >= 6


def test_a_solution_written_with_a_start_or_variant_given_says_them():
    # file and json do not replay: given a start or a variant, the header names both
    s = fc.read_solution("5a 82 a2")
    assert fc.format_solution(s, position=617, variant="windows") == (
        "# freecell-cli solution\n# deal: 617\n# variant: windows\n# cells: 4\n# moves: 3\n5a 82 a2\n")
    s = fc.read_solution("# freecell-cli solution\n# deal: 617\n5a 82 a2\n")
    assert fc.format_solution(s, "json", variant="atomic") == (
        '{"format":"freecell-cli-solution","deal":617,"position":null,"variant":"atomic","cells":4,'
        '"moves":["5a","82","a2"]}\n')
    # a FreeCell Pro file keeps its way of moving into empty columns
    s = fc.read_solution("#617 Attempt: 1 NumFcs=4 (FCPro)\n5a 82 a2\n")
    assert fc.format_solution(s, variant="windows") == (
        "# freecell-cli solution\n# deal: 617\n# variant: windows\n# cells: 4\n# empty-column: max\n"
        "# moves: 3\n5a 82 a2\n")


def test_a_result_written_under_another_variant_or_start_is_played_there_first():
    from freecell_cli.errors import IllegalMove, InvalidArgument

    r = fc.solve(fc.deal(617), engine="builtin")
    text = fc.format_solution(r, variant="standard")  # its moves are legal there too
    assert text.splitlines()[:4] == ["# freecell-cli solution", "# deal: 617", "# variant: standard", "# cells: 4"]
    assert fc.verify(None, text).solved
    # windows sends cards home by itself: the line's own move of a card home comes too late
    with pytest.raises(IllegalMove, match=r'^move 11 "8h": column 8 is empty \(under the windows rules\)$'):
        fc.format_solution(r, variant="windows")
    with pytest.raises(IllegalMove, match=r"\(under the atomic rules\)$"):
        fc.format_solution(r, "snx", variant="atomic")
    with pytest.raises(InvalidArgument, match=r"^position= is not where the result starts "
                                              r"\(deal 618 was given; it starts from deal 617\)$"):
        fc.format_solution(r, position=618)
    assert fc.format_solution(r, "snx", position=617) == fc.format_solution(r, "snx")


def test_a_solution_placed_where_its_moves_cannot_be_played_is_refused():
    """A header names where the moves start and the rules: the file format too
    plays them there first (a file that cannot verify is not written)."""
    from freecell_cli.errors import ArgumentTypeError, IllegalMove

    s = fc.read_solution("5a 82 a2")
    assert fc.format_solution(s, position=617).endswith("# moves: 3\n5a 82 a2\n")
    for fmt in ("file", "json", "snx", "verbose"):
        with pytest.raises(IllegalMove, match=r'^line 1: move 2 "82": .* \(under the site rules\)$'):
            fc.format_solution(s, fmt, position=618)
    own = fc.read_solution("# freecell-cli solution\n# deal: 618\n5a 82 a2")  # its own header places it
    for fmt in ("file", "json", "snx"):
        with pytest.raises(IllegalMove, match=r'^line 3: move 2 "82": 3S cannot go on 5D \(under the site rules\)$'):
            fc.format_solution(own, fmt)
    own = fc.read_solution("# freecell-cli solution\n# deal: 617\n5a 82 a2")
    assert fc.format_solution(own) == "# freecell-cli solution\n# deal: 617\n# moves: 3\n5a 82 a2\n"  # as it is
    # a hand-built Result's moves are played too, whatever its variant
    from freecell_cli.spider.deals import deal as spider_deal

    with pytest.raises(ArgumentTypeError, match=r"not Result of Spider's \(format_spider_solution writes those\)$"):
        fc.format_solution(fc.spider_solve(spider_deal(1, suits=1), time_limit=10))
    hand = fc.Result("solved", "mine", [fc.Move.parse(m) for m in ("5a", "11", "a5")], 3, variant="site")
    with pytest.raises(IllegalMove, match=r'^move 2 "11": column 1 is both source and destination'):
        fc.format_solution(hand, position=617)


@pytest.mark.parametrize("write", [
    lambda r: fc.format_solution(r), lambda r: fc.format_solution(r, "snx"), lambda r: fc.verify(617, r)])
def test_a_result_without_a_solution_or_a_start_is_refused(write):
    from freecell_cli.errors import InvalidArgument
    from freecell_cli.solvers.result import Result

    with pytest.raises(InvalidArgument, match="^only a solved result has a solution, not one that 'gave-up'$"):
        write(Result(verdict="gave-up", engine="builtin"))
    solved = fc.solve(fc.deal(617), engine="builtin")
    unplaced = Result(verdict="solved", engine="builtin", moves=solved.moves)  # made by hand: no start
    with pytest.raises(InvalidArgument, match=r"^give the position the result starts from \(position=\.\.\.\)$"):
        write(unplaced)
    assert fc.format_solution(unplaced, position=617) == fc.format_solution(solved)


def test_old_paths_of_the_start_of_a_solution():
    # start_position and with_cells moved from verify.py, disagreement from model.py
    from freecell_cli.solutions import disagreement, start
    from freecell_cli.solutions.model import disagreement as model_disagreement
    from freecell_cli.verify import start_position, with_cells

    assert start_position is start.start_position and with_cells is start.with_cells
    assert disagreement is model_disagreement is start.disagreement


def test_spider():
    start = fc.spider.deal(2, suits=1)
    r = fc.spider_solve(start, time_limit=60)
    assert r.verdict == "solved"
    text = fc.format_spider_solution(r)
    assert fc.spider_verify(None, text).ok
    assert fc.spider_verify(2, r.notation and " ".join(r.notation), suits=1).ok
    assert fc.read_spider_solution(text).deal == 2


def test_analyze_records_are_the_json_lines_records():
    from freecell_cli.analysis import Job, analyze_deal, check_record

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


def test_errors_by_kind_bad_input_is_a_valueerror_a_failure_a_runtimeerror():
    """A run-time failure (solver, worker, cluster, a file another process holds, an
    output) is a FreecellRuntimeError, a RuntimeError: never a ValueError, so
    ``except FreecellError`` means bad input only."""
    from freecell_cli.analysis import ClusterLost, InvalidResults, ResultsBusy, WorkerFailed
    from freecell_cli.files import Busy, InputTooLarge, OutputError, UnreadableInput
    from freecell_cli.solvers.result import SolverError
    from freecell_cli.spider.solve import SolverError as SpiderSolverError

    assert SpiderSolverError is SolverError
    for failure in (SolverError, WorkerFailed, ClusterLost, Busy, ResultsBusy, OutputError):
        assert issubclass(failure, fc.FreecellRuntimeError) and issubclass(failure, RuntimeError), failure
        assert not issubclass(failure, (FreecellError, ValueError)), failure
    for bad in (InvalidResults, InputTooLarge, UnreadableInput, fc.InvalidPosition, fc.InvalidArgument):
        assert issubclass(bad, FreecellError) and not issubclass(bad, RuntimeError), bad
    assert issubclass(ResultsBusy, Busy)  # one busy file, whoever holds it


# -- issue 20: every public function checks every argument, at the boundary -------------
# (call, the exception, words of its message). ArgumentTypeError is a TypeError and a
# FreecellError; InvalidArgument a FreecellError (a ValueError).
from freecell_cli.errors import (  # noqa: E402
    ArgumentTypeError, IllegalMove, InvalidArgument, InvalidDeal, InvalidMove, InvalidPosition)

P617 = fc.deal(617)
SITE = fc.find_variant("site")
SPIDER = fc.spider.deal(1, suits=1)


def _p():
    return P617.copy()


BOUNDARY = [
    # the issue's cases
    (lambda: fc.solve(_p(), progress=True), ArgumentTypeError, "progress must be a function of (states, seconds)"),
    (lambda: fc.solve(_p(), engine="fc-solve", preset=5), ArgumentTypeError, "preset must be text, not 5"),
    (lambda: fc.solve(_p(), time_limit=10**29), InvalidArgument, "time_limit must be 0 to 10,000,000 seconds"),
    (lambda: fc.min_cells(3, time_limit="x"), ArgumentTypeError, "time_limit must be a number of seconds, not 'x'"),
    (lambda: fc.Position([[fc.Card(1, "S")]], cells=None), ArgumentTypeError, "cells must be a list, not None"),
    (lambda: fc.Position([[1, 2]]), ArgumentTypeError, "column 1 must hold Cards"),
    (lambda: fc.verify("5a", _p(), SITE), ArgumentTypeError, "position must be a Position, a deal number or None"),
    (lambda: fc.solve(_p(), SITE, "builtin", 5), TypeError, "positional argument"),  # Python's own
    (lambda: fc.apply(_p(), fc.Move.parse("9a")), IllegalMove, "there is no column 9 (8 columns)"),  # refused, as verify
    (lambda: fc.apply(_p(), fc.Move.parse("58")), InvalidMove, "move 58 is not resolved"),
    (lambda: fc.apply(_p(), fc.Move.parse("ah")), InvalidMove, "move ah is not resolved"),
    (lambda: fc.min_cells(3, time_limit=-1), InvalidArgument, "time_limit must be 0 to 10,000,000 seconds"),
    (lambda: fc.min_cells(3, time_limit=float("nan")), InvalidArgument, "not nan"),
    (lambda: fc.min_cells(3, time_limit=True), ArgumentTypeError, "time_limit must be a number of seconds, not True"),
    (lambda: fc.min_cells(3, state_limit="x"), ArgumentTypeError, "state_limit must be a whole number, not 'x'"),
    # solve, hint, spider_solve: the same limits, one checker
    (lambda: fc.solve(_p(), time_limit=float("nan")), InvalidArgument, "time_limit must be 0 to 10,000,000 seconds"),
    (lambda: fc.solve(_p(), time_limit=-0.5), InvalidArgument, "not -0.5"),
    (lambda: fc.solve(_p(), time_limit=10_000_001), InvalidArgument, "not 10000001"),
    (lambda: fc.solve(_p(), time_limit=10**5000), InvalidArgument, "<int too long to show>"),
    (lambda: fc.solve(_p(), time_limit=True), ArgumentTypeError, "time_limit must be a number of seconds, not True"),
    (lambda: fc.solve(_p(), time_limit="60"), ArgumentTypeError, "not '60'"),
    (lambda: fc.solve(_p(), max_states=0), InvalidArgument, "max_states must be a whole number >= 1, not 0"),
    (lambda: fc.solve(_p(), max_states=1.5), ArgumentTypeError, "max_states must be a whole number, not 1.5"),
    (lambda: fc.solve(_p(), max_states=True), ArgumentTypeError, "max_states must be a whole number, not True"),
    (lambda: fc.solve(_p(), width=0), InvalidArgument, "width must be a whole number from 1 to 1,000,000, not 0"),
    (lambda: fc.solve(_p(), width=10**20), InvalidArgument, "width must be a whole number from 1 to 1,000,000"),
    (lambda: fc.solve(_p(), width="64"), ArgumentTypeError, "width must be a whole number, not '64'"),
    (lambda: fc.solve(_p(), width=64, exhaustive=True), InvalidArgument, "not with exhaustive"),
    (lambda: fc.solve(_p(), engine="builtin", optimize=True), InvalidArgument, "go with engine='beam'"),
    (lambda: fc.solve(_p(), preset="ve"), InvalidArgument, "preset goes with engine='fc-solve' or 'auto'"),
    (lambda: fc.solve(_p(), engine="auto", preset="ve", exhaustive=True), InvalidArgument, "not auto with exhaustive"),
    (lambda: fc.solve(_p(), engine="fc-solve", preset=" "), InvalidArgument, "preset needs a name"),
    (lambda: fc.solve(_p(), exhaustive="yes"), ArgumentTypeError, "exhaustive must be True or False, not 'yes'"),
    (lambda: fc.solve(_p(), shorten=1), ArgumentTypeError, "shorten must be True or False, not 1"),
    (lambda: fc.solve(_p(), optimize=None), ArgumentTypeError, "optimize must be True or False, not None"),
    (lambda: fc.solve(_p(), variant=5), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.solve(_p(), engine=5), ArgumentTypeError, "engine must be a name"),
    (lambda: fc.solve(_p(), engine="nope"), InvalidArgument, "unknown engine 'nope'"),
    (lambda: fc.solve(5), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.hint(_p(), progress=5), ArgumentTypeError, "progress must be a function"),
    (lambda: fc.hint(_p(), time_limit=-1), InvalidArgument, "time_limit must be 0 to 10,000,000 seconds"),
    (lambda: fc.spider_solve(SPIDER, progress=True), ArgumentTypeError, "progress must be a function"),
    (lambda: fc.spider_solve(SPIDER, time_limit=10**29), InvalidArgument, "time_limit must be 0 to 10,000,000"),
    (lambda: fc.spider_solve(SPIDER, max_states="x"), ArgumentTypeError, "max_states must be a whole number"),
    (lambda: fc.spider_solve(SPIDER, unrestricted="x"), ArgumentTypeError, "unrestricted must be True or False"),
    # min_cells: every argument, before the first search
    (lambda: fc.min_cells(3, state_limit=0), InvalidArgument, "state_limit must be a whole number >= 1, not 0"),
    (lambda: fc.min_cells(3, state_limit=True), ArgumentTypeError, "state_limit must be a whole number, not True"),
    (lambda: fc.min_cells(3, max_cells=16), InvalidArgument, "max_cells must be a whole number from 0 to 15"),
    (lambda: fc.min_cells(3, max_cells=True), ArgumentTypeError, "max_cells must be a whole number, not True"),
    (lambda: fc.min_cells(3, solutions="no"), ArgumentTypeError, "solutions must be True or False"),
    (lambda: fc.min_cells(3, use_fcsolve=0), ArgumentTypeError, "use_fcsolve must be True or False"),
    (lambda: fc.min_cells("3"), InvalidDeal, "deal number must be an integer"),
    (lambda: fc.min_cells(3, variant="nope"), FreecellError, "unknown variant 'nope'"),
    # verify, read_solution, format_solution
    (lambda: fc.verify(_p(), "5a", cells="4"), ArgumentTypeError, "cells must be a whole number, not '4'"),
    (lambda: fc.verify(_p(), "5a", cells=16), InvalidArgument, "cells must be a whole number from 0 to 15"),
    (lambda: fc.verify(_p(), "5a", cells=True), ArgumentTypeError, "cells must be a whole number, not True"),
    (lambda: fc.verify(_p(), "5a", variant=5), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.verify(_p(), "5a", empty_column=1), ArgumentTypeError, "empty_column must be one of one, max"),
    (lambda: fc.verify(_p(), "5a", all_errors="x"), ArgumentTypeError, "all_errors must be True or False"),
    (lambda: fc.verify(_p(), "5a", format=5), ArgumentTypeError, "format must be text, not 5"),
    (lambda: fc.read_solution("5a", stream="x"), ArgumentTypeError, "stream must be True or False"),
    (lambda: fc.format_solution(fc.read_solution("5a"), 5), ArgumentTypeError, "format must be text, not 5"),
    (lambda: fc.format_solution(fc.read_solution("5a"), position="617"), ArgumentTypeError,
     "position must be a Position, a deal number or None, not '617'"),
    (lambda: fc.format_solution(5), ArgumentTypeError, "format_solution needs a Solution or a Result"),
    # Spider's scripting functions
    (lambda: fc.spider_verify(1, "23", suits=True), ArgumentTypeError, "suits must be a whole number, not True"),
    (lambda: fc.spider_verify(1, "23", suits=3), InvalidArgument, "Spider is played with 1, 2 or 4 suits"),
    (lambda: fc.spider_verify(1.5, "23"), ArgumentTypeError, "position must be a Spider Position"),
    (lambda: fc.spider_verify(SPIDER, "23", unrestricted=1), ArgumentTypeError, "unrestricted must be True or False"),
    (lambda: fc.format_spider_solution(["23"], 0), ArgumentTypeError, "position must be a Spider Position"),
    # the game core
    (lambda: fc.apply(_p(), "5a"), ArgumentTypeError, "move must be a Move (Move.parse(text)), not str"),
    (lambda: fc.apply(5, fc.Move.parse("5a")), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("cell", -1), fc.Place("column", 0), 1)), InvalidMove,
     "there is no free cell number -1 (4 free cells)"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 0), fc.Place("table", 0), 1)), ArgumentTypeError,
     "a move's places are Places (column, cell or foundation)"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 0), fc.Place("column", 1), 0)), InvalidMove,
     "a move's count is a whole number >= 1, not 0"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("foundation", 0), fc.Place("column", 1), 1)), InvalidMove,
     "cards never leave the foundation"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 0), fc.Place("column", 1), 1)), IllegalMove,
     "JD cannot go on KS"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 4), fc.Place("foundation", 0), 1)), IllegalMove,
     "JC cannot go to the foundation"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 6), fc.Place("cell", 0), 2)), IllegalMove,
     "only one card can go to free cell a"),
    (lambda: fc.undo(_p(), fc.resolve(_p(), fc.Move.parse("5a"), SITE)), IllegalMove,
     "cannot undo 5a: it did not lead to this table"),
    (lambda: fc.undo(_p(), fc.Move.parse("58")), InvalidMove, "move 58 is not resolved"),
    (lambda: fc.undo(_p(), fc.Move.parse("9a")), IllegalMove, "there is no column 9"),
    (lambda: fc.resolve(fc.deal(1, cells=2), fc.Move.parse("1c"), SITE), IllegalMove,
     "there is no free cell c (2 free cells)"),
    (lambda: fc.undo(_p(), "5a"), ArgumentTypeError, "move must be a Move"),
    (lambda: fc.resolve(_p(), "5a", SITE), ArgumentTypeError, "move must be a Move"),
    (lambda: fc.resolve(_p(), fc.Move.parse("5a"), 5), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.resolve(_p(), fc.Move.parse("5a"), SITE, "all"), InvalidArgument, "empty_column must be one of one, max"),
    (lambda: fc.resolve(None, fc.Move.parse("5a"), SITE), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.can_move(_p(), SITE, "yes"), ArgumentTypeError, "to_empty_column must be True or False"),
    (lambda: fc.can_move("x", SITE), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.legal_moves(_p(), 5), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.legal_moves([], SITE), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.autoplay(5), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.autoplay(_p(), 5), ArgumentTypeError, "mode must be one of collect, safe, not 5"),
    (lambda: fc.autoplay(_p(), "all"), InvalidArgument, "mode must be one of collect, safe, not 'all'"),
    (lambda: fc.automatic_moves(_p(), 7), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.can_autocomplete("x"), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.parse_moves(5), InvalidMove, "moves are text in standard notation, not int"),
    (lambda: fc.replay(5, _p(), SITE), ArgumentTypeError, "solution must be a Solution"),
    (lambda: fc.replay(fc.read_solution("5a"), 5, SITE), ArgumentTypeError, "start must be a Position"),
    (lambda: fc.replay(fc.read_solution("5a"), _p(), 5), ArgumentTypeError, "variant must be a Variant or a name"),
    (lambda: fc.replay(fc.read_solution("5a"), _p(), SITE, "all"), InvalidArgument, "empty_column must be one of"),
    # positions, deals
    (lambda: fc.Position(5), ArgumentTypeError, "columns must be a list, not 5"),
    (lambda: fc.Position(["KS"]), ArgumentTypeError, "column 1 must be a list, not 'KS'"),
    (lambda: fc.Position([[]], cells=[1]), ArgumentTypeError, "cells must hold Cards or None"),
    (lambda: fc.Position([[]], cells=16), InvalidPosition, "free cells must be 0 to 15, not 16"),
    (lambda: fc.Position([[]], cells=True), ArgumentTypeError, "cells must be a list, not True"),
    (lambda: fc.Position([[]], foundations=["K", 0, 0, 0]), ArgumentTypeError, "foundations must be ranks"),
    (lambda: fc.Position([[]], deal="617"), ArgumentTypeError, "deal must be a deal number or None"),
    (lambda: fc.Position([[]], variant=5), ArgumentTypeError, "variant must be a variant's name or None"),
    (lambda: fc.format_position(5), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.random_number(float("nan")), ArgumentTypeError, "seed must be a whole number, a text or None"),
    (lambda: fc.random_number(True), ArgumentTypeError, "not True"),
    (lambda: fc.spider.random_number(1.5), ArgumentTypeError, "seed must be a whole number, a text or None"),
    (lambda: fc.is_unsolvable("11982"), ArgumentTypeError, "a deal number is a whole number, not '11982'"),
]


@pytest.mark.parametrize("call,error,words", BOUNDARY)
def test_public_functions_check_their_arguments(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)
    assert isinstance(raised.value, FreecellError) or error is TypeError  # what the README promises
    if isinstance(raised.value, ArgumentTypeError):
        assert isinstance(raised.value, TypeError)


def test_a_refused_apply_or_undo_changes_nothing():
    p = _p()
    for move in [fc.Move.parse("9a"), fc.Move.parse("58"), fc.Move(fc.Place("column", 0), fc.Place("column", 1), 1)]:
        with pytest.raises(FreecellError):
            fc.apply(p, move)
        assert p == P617
    m = fc.resolve(p, fc.Move.parse("5a"), "site")
    fc.apply(p, m)
    after = p.copy()
    with pytest.raises(IllegalMove):
        fc.undo(p, fc.resolve(after, fc.Move.parse("82"), "site"))  # a move not yet played
    assert p == after
    fc.undo(p, m)
    assert p == P617


def test_apply_and_undo_take_every_move_resolve_gives():
    """Checked apply and undo refuse nothing the rules allow: a whole solution,
    automatic moves and runs into empty columns included, played and taken back."""
    result = fc.solve(fc.deal(1), "windows", engine="builtin")
    p, played = fc.deal(1), []
    for move in result.moves:
        fc.apply(p, move)
        played += [move, *fc.automatic_moves(p, "windows")]
    assert p.is_won() and any(m.to_empty and m.count > 1 for m in played)
    for move in reversed(played):
        fc.undo(p, move)
    assert p == fc.deal(1)


def test_the_checked_core_is_the_exported_one():
    """The package exports the checked functions; the engines call the modules' own."""
    from freecell_cli import api, autoplay, moves  # noqa: F401

    for name in ("apply", "undo", "resolve", "can_move", "legal_moves", "autoplay", "automatic_moves",
                 "can_autocomplete"):
        assert getattr(fc, name) is getattr(api, name), name
    assert fc.legal_moves(fc.deal(1), "site") == importlib.import_module("freecell_cli.moves").legal_moves(
        fc.deal(1), SITE)


# -- issue 20, an adversarial pass: positions that break the deck, Variant.capacity, and
#    every exported function with every kind of wrong value -------------------------------
from freecell_cli.errors import quote  # noqa: E402


def _broken(change):
    """deal 617 with its attributes changed by hand (they are the caller's to set)."""
    p = fc.deal(617)
    change(p)
    return p


def _past_king(p):
    p.foundations[:] = [14] * 4


def _below_empty(p):
    p.foundations[:] = [-1] * 4


KINGS_HOME_AND_OUT = fc.Position(fc.deal(617).columns, foundations=[13] * 4)  # 104 cards: the constructor
# checks types and ranges; the deck is validate()'s (a table may be built a card at a time)
KINGS_WORDS = "card 7D is in column 1 but the diamonds foundation is already at K"

# every public function that takes a position, given one that breaks the deck
TAKES_A_POSITION = [
    ("format_position", lambda p: fc.format_position(p)),
    ("format_position json", lambda p: fc.format_position(p, "json")),
    ("legal_moves", lambda p: fc.legal_moves(p, "site")),
    ("verify", lambda p: fc.verify(p, "5a")),
    ("verify Position with cells", lambda p: fc.verify(p, "5a", cells=2)),
    ("solve", lambda p: fc.solve(p, engine="builtin", max_states=10)),
    ("hint", lambda p: fc.hint(p, engine="builtin", max_states=10)),
    ("apply", lambda p: fc.apply(p, fc.resolve(fc.deal(617), fc.Move.parse("5a"), "site"))),
    ("undo", lambda p: fc.undo(p, fc.Move.parse("ah"))),
    ("resolve", lambda p: fc.resolve(p, fc.Move.parse("5a"), "site")),
    ("can_move", lambda p: fc.can_move(p, "site")),
    ("autoplay", lambda p: fc.autoplay(p)),
    ("automatic_moves", lambda p: fc.automatic_moves(p, "windows")),
    ("can_autocomplete", lambda p: fc.can_autocomplete(p)),
    ("replay", lambda p: fc.replay(fc.read_solution("5a"), p, "site")),
    ("format_solution", lambda p: fc.format_solution(fc.read_solution("5a"), "snx", position=p)),
]


@pytest.mark.parametrize("name,call", TAKES_A_POSITION, ids=[n for n, _ in TAKES_A_POSITION])
@pytest.mark.parametrize("broken,words", [
    # the issue: IndexError in formats/compact.py (a rank past K), KKKK printed and a
    # verify that said valid (a negative index), "solved" with every card still out
    (_broken(_past_king), "foundations must be four ranks 0 to 13 (clubs, diamonds, hearts, spades), not [14, 14"),
    (_broken(_below_empty), "foundations must be four ranks 0 to 13 (clubs, diamonds, hearts, spades), not [-1, -1"),
    (KINGS_HOME_AND_OUT, KINGS_WORDS),
    (_broken(lambda p: p.columns[0].append(p.columns[1][0])), "duplicate card AD: in column 1 and in column 2"),
    (_broken(lambda p: p.columns[2].clear()), "missing cards: "),
    (_broken(lambda p: p.columns[0].append("KS")), "column 1 must hold Cards"),
], ids=["14", "-1", "kings", "duplicate", "missing", "text"])
def test_a_position_that_breaks_the_deck_is_refused_everywhere(name, call, broken, words):
    p = broken.copy()
    with pytest.raises(FreecellError) as raised:
        call(p)
    assert words in str(raised.value)
    assert isinstance(raised.value, (fc.InvalidPosition, fc.ArgumentTypeError))
    assert p == broken  # refused before anything changed


@pytest.mark.parametrize("change", [_past_king, _below_empty, lambda p: p.columns[0].append("KS")])
def test_a_picture_refuses_what_it_cannot_draw(change):
    # str() is a picture: of a partial table too (one built a card at a time), never
    # of a rank past K (it raised IndexError) or below none (it drew kings)
    with pytest.raises(FreecellError):
        str(_broken(change))
    assert "KD" in str(KINGS_HOME_AND_OUT)


def test_the_issue_in_its_own_words():
    with pytest.raises(fc.InvalidPosition, match=r"foundations must be four ranks 0 to 13"):
        fc.Position(fc.deal(617).columns, foundations=[14] * 4)
    for value in (99, 2**63, -1):
        with pytest.raises(fc.InvalidPosition):
            fc.Position(fc.deal(617).columns, foundations=[value] * 4)
    # the wrong answers are errors now: verify said valid=True, solved=True
    with pytest.raises(fc.InvalidPosition, match=KINGS_WORDS):
        fc.verify(KINGS_HOME_AND_OUT, "5a")
    p = fc.deal(617)
    p.foundations[:] = [-1] * 4
    with pytest.raises(fc.InvalidPosition):  # it printed KKKK
        fc.format_position(p)


def test_a_whole_game_still_plays_through_the_checked_functions():
    p = fc.deal(617)
    result = fc.solve(p, engine="builtin")
    for token in result.notation:
        fc.apply(p, fc.resolve(p, fc.Move.parse(token), "site"))
    assert p.is_won() and fc.format_position(p).startswith("----:KKKK:") and fc.verify(617, result).ok


@pytest.mark.parametrize("call,error,words", [
    (lambda: fc.format_position(_p(), 5), ArgumentTypeError, "format must be one of compact, fcs, json, not 5"),
    (lambda: fc.format_position(_p(), "xml"), InvalidArgument, "format must be one of compact, fcs, json, not 'xml'"),
    (lambda: fc.format_position("----:0000:"), ArgumentTypeError, "position must be a Position"),
    (lambda: fc.replay(fc.read_solution("5a"), _p(), SITE, grow_cells="yes"), ArgumentTypeError,
     "grow_cells must be True or False, not 'yes'"),
    (lambda: fc.find_variant("site").capacity(-1, 0), InvalidArgument, "free_cells must be a whole number from 0 to 15"),
    (lambda: fc.find_variant("site").capacity(2**63, 0), InvalidArgument, "free_cells must be a whole number"),
    (lambda: fc.find_variant("site").capacity(10**19, 0), InvalidArgument, "free_cells must be a whole number"),
    (lambda: fc.find_variant("standard").capacity(0, -1), InvalidArgument, "empty_columns must be a whole number"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 10**5000), fc.Place("cell", 0), 1)), InvalidMove,
     "there is no column <int too long to show>"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("cell", -10**5000), fc.Place("column", 0), 1)), InvalidMove,
     "there is no free cell number <int too long to show>"),
    (lambda: fc.apply(_p(), fc.Move(fc.Place("column", 4), fc.Place("foundation", 10**5000), 1)), InvalidMove,
     "there is no foundation <int too long to show>"),
    (lambda: next(fc.analyze([1], time_limit=10**5000)), InvalidArgument, "time_limit must be 0 to 10,000,000"),
    (lambda: next(fc.analyze([1], cells=10**5000)), InvalidArgument, "cells must be a whole number from 0 to 15"),
    (lambda: next(fc.analyze([1], cells="4")), ArgumentTypeError, "cells must be a whole number, not '4'"),
    (lambda: next(fc.analyze([1], game=10**5000)), ArgumentTypeError, "game must be one of freecell, spider"),
    (lambda: next(fc.analyze([1], game="chess")), InvalidArgument, "game must be one of freecell, spider"),
    (lambda: next(fc.analyze([1], game="spider", suits=True)), ArgumentTypeError, "suits must be a whole number"),
], ids=lambda value: quote(value, 20) if not callable(value) else None)
def test_issue_20_siblings(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


class _Thing:
    pass


WRONG = [None, True, False, 1.5, float("nan"), float("inf"), 2**63, 10**19, -1, 0, 10**5000, "", "x",
         b"5a", {}, {"a": 1}, [], [1], (1, 2), _Thing()]


def _sweep_cases():
    """A valid call of each function (function, positional args, keyword args); the
    sweep puts each wrong value in each parameter in turn."""
    import datetime

    p, s = fc.deal(617), fc.spider.deal(1, suits=1)
    quick = dict(engine="builtin", time_limit=5, max_states=20)
    return {
        "solve": (fc.solve, [p], quick),
        "hint": (fc.hint, [p], quick),
        "verify": (fc.verify, [p, "5a"], dict(variant=None, cells=None, empty_column=None, all_errors=False,
                                              format=None)),
        "apply": (fc.apply, [p, fc.resolve(p, fc.Move.parse("5a"), SITE)], {}),
        "undo": (fc.undo, [p, fc.Move.parse("ah")], {}),
        "resolve": (fc.resolve, [p, fc.Move.parse("5a"), "site", "one"], {}),
        "can_move": (fc.can_move, [p, "site", False], {}),
        "legal_moves": (fc.legal_moves, [p, "site"], {}),
        "autoplay": (fc.autoplay, [p, "collect"], {}),
        "automatic_moves": (fc.automatic_moves, [p, "windows"], {}),
        "can_autocomplete": (fc.can_autocomplete, [p], {}),
        "format_position": (fc.format_position, [p, "compact"], {}),
        "parse_position": (fc.parse_position, [fc.format_position(p), "compact"], {}),
        "deal": (fc.deal, [1, 4, 8], {}),
        "is_unsolvable": (fc.is_unsolvable, [1], {}),
        "random_number": (fc.random_number, [1], {}),
        "daily_number": (fc.daily_number, [datetime.date(2026, 1, 1)], {}),
        "parse_moves": (fc.parse_moves, ["5a 82"], {}),
        "find_variant": (fc.find_variant, ["site"], {}),
        "capacity": (SITE.capacity, [4, 1], {}),
        "Variant": (fc.Variant, ["mine", lambda f, e: 1, "1"], dict(automatic=None, cells=4, columns=8)),
        "Position": (fc.Position, [p.columns, 4, [0, 0, 0, 0], 617, "site"], {}),
        "Position.run_length": (p.run_length, [0], {}),
        "Position.locate": (p.locate, [fc.Card.parse("KS")], {}),
        "Position.same_table": (p.same_table, [p], {}),
        "Card": (fc.Card, [1, "S"], {}),
        "Card.parse": (fc.Card.parse, ["KS"], {}),
        "Move.parse": (fc.Move.parse, ["5a"], {}),
        "read_solution": (fc.read_solution, ["5a"], dict(format=None, stream=False)),
        "format_solution": (fc.format_solution, [fc.read_solution("5a"), "snx"], dict(position=617, variant=None)),
        "replay": (fc.replay, [fc.read_solution("5a"), p, "site", None, False], {}),
        "Solution": (lambda *a: fc.verify(None, fc.Solution(*a)), [["5a"], [1], "standard", 617, None, "site", 4,
                                                                  "one"], {}),
        "spider_solve": (fc.spider_solve, [s], dict(time_limit=5, max_states=20, unrestricted=False)),
        "spider_verify": (fc.spider_verify, [s, "23"], dict(suits=None, unrestricted=False)),
        "read_spider_solution": (fc.read_spider_solution, ["23"], dict(stream=False)),
        "format_spider_solution": (fc.format_spider_solution, [["23"], s], {}),
        "min_cells": (fc.min_cells, [8, "standard", 0, 5], dict(solutions=True, state_limit=20, use_fcsolve=False)),
        "analyze": (fc.analyze, [[1], "site"], dict(cells=4, engine="builtin", time_limit=5, solutions=True, jobs=1,
                                                  game="freecell", suits=4, seed=None)),
    }


SWEEP = _sweep_cases()


@pytest.mark.parametrize("name", list(SWEEP))
def test_no_wrong_value_escapes_as_another_exception(name):
    """Each wrong value in each parameter: a result, or a FreecellError (an
    ArgumentTypeError is also a TypeError); never an IndexError, AttributeError,
    a bare ValueError, OverflowError, MemoryError... from further in."""
    function, args, kwargs = SWEEP[name]
    escaped = []
    slots = [(i, None) for i in range(len(args))] + [(None, k) for k in kwargs]
    for i, key in slots:
        if name == "analyze" and key == "jobs":
            continue  # worker processes: the checker is the one of every count (jobs=0 and "2" are in BOUNDARY)
        for wrong in WRONG:
            a = [x.copy() if isinstance(x, fc.Position) else x for x in args]
            k = dict(kwargs)
            if key is None:
                a[i] = wrong
            else:
                k[key] = wrong
            try:
                result = function(*a, **k)
                if hasattr(result, "__next__"):
                    next(result, None)
            except FreecellError as e:
                if not str(e).strip() or "\n" in str(e) or "\r" in str(e):  # a refusal is one line that says something
                    escaped.append(f"{name} {'arg %d' % i if key is None else key}={quote(wrong, 20)}: "
                                   f"{type(e).__name__} not of one line: {str(e)[:80]!r}")
            except Exception as e:  # noqa: BLE001  (what the sweep is looking for)
                escaped.append(f"{name} {'arg %d' % i if key is None else key}={quote(wrong, 20)}: "
                               f"{type(e).__name__}: {str(e)[:80]}")
    assert not escaped, "\n".join(escaped)


def _kings_out():
    p = fc.deal(617)
    p.foundations[:] = [13] * 4
    return p


@pytest.mark.parametrize("call,error,words", [
    # fc.Solution is exported: one built by hand raised IndexError (no line for its move)
    (lambda: fc.verify(617, fc.Solution(tokens=["5a"])), InvalidArgument,
     "a Solution's lines are a list of line numbers, one a token (1), not []"),
    (lambda: fc.verify(617, fc.Solution(tokens=[5], lines=[1])), ArgumentTypeError,
     "a Solution's tokens are a list of move texts, not [5]"),
    (lambda: fc.verify(617, fc.Solution(tokens="5a")), ArgumentTypeError, "a Solution's tokens are a list"),
    (lambda: fc.verify(None, fc.Solution(tokens=["5a"], lines=[1], position=_kings_out())), InvalidPosition,
     "card 7D is in column 1 but the diamonds foundation is already at K"),  # the start the file names
    (lambda: fc.verify(None, fc.Solution(tokens=["5a"], lines=[1], position=617)), ArgumentTypeError,
     "a Solution's position is a Position or None, not 617"),
    (lambda: fc.verify(617, fc.Solution(tokens=["5a"], lines=[1], empty_column="all")), InvalidArgument,
     "a Solution's empty_column must be one of one, max, not 'all'"),
    (lambda: fc.verify(617, fc.Solution(tokens=["5a"], lines=[1], explicit={0: "5a"})), ArgumentTypeError,
     "a Solution's explicit moves are a dict of Moves"),
    (lambda: fc.replay(fc.Solution(tokens=[5], lines=[1]), _p(), "site"), ArgumentTypeError,
     "a Solution's tokens are a list of move texts"),
    (lambda: fc.format_solution(fc.Solution(tokens=["5a"], lines=[1], position=_kings_out()), "snx"),
     InvalidPosition, "card 7D is in column 1"),
])
def test_a_solution_built_by_hand_is_checked(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_a_solution_built_with_add_replays():
    s = fc.Solution()
    s.add("5a", 1)
    s.add("82", 1)
    assert fc.verify(617, s).summary() == "all 2 moves legal, not solved: 0 cards home"


# -- issue 24: the package docstring's example runs as pasted ---------------------------
def test_the_package_example_runs_in_a_fresh_session():
    """Doctest gives an example the module's globals, where a lazily loaded name may
    sit already; a user pasting it has none: run it with an empty namespace."""
    import doctest

    test = doctest.DocTestParser().get_doctest(fc.__doc__, {}, "freecell_cli", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda text: None)
    assert runner.tries >= 5 and runner.failures == 0


# -- files of one solution a line (macroxue's) ------------------------------------------
LINES = "1:6r6r\n617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412\n0:1r\n"


def test_read_solutions_reads_a_line_at_a_time(tmp_path):
    path = tmp_path / "block"
    path.write_text(LINES)
    solutions = fc.read_solutions(path)
    assert [(s.deal, s.source_line) for s in (next(solutions), next(solutions))] == [(1, 1), (617, 2)]
    with pytest.raises(InvalidSolution, match="line 3: deal number 0 is out of range"):
        next(solutions)
    assert [s.deal for s in fc.read_solutions("5a 82")] == [None]  # any other format: its one solution


def test_verify_each_reads_on_past_a_line_it_cannot_read(tmp_path):
    path = tmp_path / "block"
    path.write_text(LINES + "3:5r45481r2r3512275625758r26458r62386r\n")
    got = list(fc.verify_each(None, path))
    assert [(v.deal, v.ok, v.line) if isinstance(v, fc.Verdict) else str(v) for v in got] == [
        (1, False, 1), (617, True, 2), "line 3: deal number 0 is out of range (1 to 8,589,934,591)", (3, True, 4)]
    assert [v.deal for v in fc.verify_each(617, path)] == [617]
    assert [v.ok for v in fc.verify_each(617, fc.read_solution("5a 82 a2"))] == [False]  # a Solution: its verdict
    with pytest.raises(InvalidSolution, match="no line for deal 5"):
        list(fc.verify_each(5, path))
    with pytest.raises(InvalidSolution, match="unknown solution format 'nope'"):
        list(fc.verify_each(None, path, format="nope"))


def test_verify_takes_the_line_of_the_deal_it_is_given(tmp_path):
    path = tmp_path / "block"
    path.write_text(LINES)
    assert fc.verify(617, path).ok and fc.verify(fc.deal(617), str(path)).ok
    assert fc.read_solution(path, deal=617).file_moves == 35
    with pytest.raises(InvalidSolution, match="line 2: a second solution \\(deal 617\\): the file holds one a line"):
        fc.verify(None, path)
    with pytest.raises(InvalidSolution, match="macroxue's solutions are FreeCell's, not Baker's Game's"):
        fc.read_solution(LINES, game="bakers-game")
