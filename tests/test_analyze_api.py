"""fc.analyze, the library's batch analysis (issue 20): deals read lazily, as
records are asked for, and no more workers than the machine holds."""

import importlib
import itertools

import pytest

import freecell_cli as fc
from freecell_cli.errors import FreecellError

CHEAP = {"engine": "builtin", "solutions": False, "time_limit": 30}


class Counted:
    """An endless iterator of deal numbers that counts what was taken from it."""

    def __init__(self):
        self.taken = 0

    def __iter__(self):
        for n in itertools.count(1):
            self.taken += 1
            yield n


@pytest.mark.parametrize("deals", [itertools.count(1), range(1, 10**12)], ids=["count", "range"])
def test_endless_and_huge_deal_sources_start_at_once(deals):
    records = list(itertools.islice(fc.analyze(deals, **CHEAP), 3))
    assert [r["deal"] for r in records] == [1, 2, 3] and {r["verdict"] for r in records} == {"solved"}


def test_no_more_deals_are_taken_than_the_workers_need():
    source = Counted()
    records = fc.analyze(source, **CHEAP)
    assert source.taken == 0  # nothing read before the first record is asked for
    assert [r["deal"] for r in itertools.islice(records, 3)] == [1, 2, 3] and source.taken == 3
    records.close()
    source = Counted()
    records = fc.analyze(source, jobs=2, **CHEAP)
    done = sorted(r["deal"] for r in itertools.islice(records, 3))
    records.close()  # stops the workers
    assert len(done) == 3 and set(done) <= set(range(1, 6)) and source.taken <= 5  # 3 done, 2 at most in work


def test_repeats_are_dropped_and_bad_numbers_raise_when_reached():
    assert [r["deal"] for r in fc.analyze([3, 1, 3, 1], **CHEAP)] == [3, 1]
    records = fc.analyze(itertools.chain([1], itertools.repeat(0)), **CHEAP)
    assert next(records)["deal"] == 1
    with pytest.raises(FreecellError, match=r"^deal number 0 is out of range \(1 to 8,589,934,591\)$"):
        next(records)
    records = fc.analyze(itertools.chain([2], ["7"]), **CHEAP)
    assert next(records)["deal"] == 2
    with pytest.raises(FreecellError, match="^a deal number is a whole number, not '7'$"):
        next(records)
    with pytest.raises(FreecellError, match="^deals must be deal numbers or range text, not int$"):
        fc.analyze(5)  # at the call: nothing to iterate


def test_the_library_caps_its_workers_too(monkeypatch):
    mod = importlib.import_module("freecell_cli.analysis.pool")  # run_local finds WorkerPool there, worker_limit its measures
    started = []
    real = mod.WorkerPool

    class Recording(real):
        def __init__(self, func, args=(), jobs=1, on_error=mod._raise_failure):
            started.append(jobs)
            super().__init__(func, args, jobs, on_error)

    monkeypatch.setattr(mod, "WorkerPool", Recording)
    monkeypatch.setattr(mod, "usable_cores", lambda: 1)
    assert [r["deal"] for r in fc.analyze([1, 2], jobs=300, **CHEAP)] == [1, 2]  # in this process: in order
    monkeypatch.setattr(mod, "usable_cores", lambda: 2)
    monkeypatch.setattr(mod, "available_memory", lambda: 200 * 2**20)  # one worker's worth
    assert sorted(r["deal"] for r in fc.analyze([1, 2], jobs=300, **CHEAP)) == [1, 2]
    assert started == [1, 1]


def test_the_old_module_path_still_works_and_says_it_is_deprecated():
    import subprocess
    import sys

    code = ("import warnings\nwarnings.simplefilter('always')\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    from freecell_cli.analyze import Analysis, parse_ranges\n"
            "import freecell_cli.analysis as a\n"
            "assert Analysis is a.Analysis and parse_ranges is a.parse_ranges\n"
            "print([str(x.message) for x in w if x.category is DeprecationWarning])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "['freecell_cli.analyze is deprecated: import from freecell_cli.analysis']\n"


def test_a_beam_width_goes_to_every_deal_and_into_its_record():
    (r,) = fc.analyze([3], engine="beam", width=16, time_limit=30)
    assert (r["deal"], r["width"], r["verdict"]) == (3, 16, "solved")
    with pytest.raises(FreecellError, match="width goes with engine='beam', not with engine='builtin'"):
        next(fc.analyze([3], engine="builtin", width=16))
    for wrong in (0, -1, 10**7, True, 2.0, "16"):
        with pytest.raises(FreecellError, match="width"):
            next(fc.analyze([3], engine="beam", width=wrong))
