"""Summaries of records, built one record at a time in little memory: counts per
verdict, move and time figures, the hardest deals; min-cells answers compared."""

from __future__ import annotations

import heapq
import math
import os
from array import array
from collections.abc import Iterable, Iterator

from .ranges import DealSet
from .records import _UNSET, SETTINGS, VERDICTS, Record, _compatible, check_record, record_settings
from .results import InvalidResults, _source_name, read_records

MAX_SETTINGS_GROUPS = 16  # a summary shows at most this many settings groups


class _Figures:
    """Mean, median and max of numbers, kept as a count per distinct value: moves
    and seconds (recorded to 0.1 ms) take few distinct values, so ten million
    records cost kilobytes, and the median stays exact."""

    __slots__ = ("counts", "n")

    def __init__(self) -> None:
        self.counts: dict[float, int] = {}
        self.n = 0

    def add(self, value: float) -> None:
        counts = self.counts
        counts[value] = counts.get(value, 0) + 1
        self.n += 1

    def result(self, digits: int) -> Record | None:
        if not self.n:
            return None
        ordered = sorted(self.counts.items())
        mean = math.fsum(v * c for v, c in ordered) / self.n

        def nth(i: int) -> float:  # the i-th value (0-based) in sorted order
            for v, c in ordered:
                if i < c:
                    return v
                i -= c
            raise AssertionError

        half = self.n // 2
        median = nth(half) if self.n % 2 else (nth(half - 1) + nth(half)) / 2
        # mean and median are floats whether the count is odd or even, so a median
        # reads 95.0 in every file, never 95 in one and 109.5 in another; the max is
        # a recorded value and keeps its type (a move count stays whole)
        return {"mean": float(round(mean, digits)), "median": float(round(median, digits)),
                "max": round(ordered[-1][0], digits)}


# the decimals a summary keeps and shows of each figure: moves to a tenth (a mean of
# whole numbers), seconds to the 0.1 ms records are written with
FIGURE_DIGITS = {"move_count": 1, "nonfoundation_moves": 1, "seconds": 4}


def figures_text(key: str, figures: Record) -> str:
    """The mean, median and max of one of a summary's figures (``move_count``,
    ``nonfoundation_moves``, ``seconds``) as text: mean and median always with
    the figure's decimals, the max of a move count whole (it is one deal's count).

    >>> figures_text("move_count", {"mean": 95.38, "median": 95, "max": 112})
    'mean 95.4, median 95.0, max 112'
    >>> figures_text("seconds", {"mean": 0.05, "median": 0.0376, "max": 2})
    'mean 0.0500, median 0.0376, max 2.0000'
    """
    digits = FIGURE_DIGITS[key]
    top = figures["max"]
    shown = f"{top:.{digits}f}" if key == "seconds" else str(top)
    return f"mean {figures['mean']:.{digits}f}, median {figures['median']:.{digits}f}, max {shown}"


class Summary:
    """A summary built one record at a time, in memory that does not grow with
    the records' size: counts per verdict, the deals that were not solved, move
    and time figures, the hardest deals by states explored.

    >>> s = Summary()
    >>> s.add({"deal": 5, "verdict": "solved", "move_count": 90, "states": 7})
    >>> s.add({"deal": 6, "verdict": "error", "reason": "worker died twice (signal 9)"})
    >>> d = s.as_dict(); d["counts"], d["errors"], d["hardest"][0]["deal"]
    ({'solved': 1, 'unsolvable': 0, 'gave-up': 0, 'error': 1}, [6], 5)
    """

    def __init__(self, settings: Record | None = None, hardest: int = 10) -> None:
        self.settings = dict(settings or {})
        self.deals = 0
        self.counts = {v: 0 for v in VERDICTS}
        self.lists = {v: array("q") for v in ("unsolvable", "gave-up", "error")}
        self.figures = {k: _Figures() for k in FIGURE_DIGITS}
        self.keep = hardest
        self.hardest: list[tuple[float, int, int, Record]] = []  # a min-heap of the top `keep`

    def add(self, record: Record, checked: bool = False) -> None:
        """Count one record (checked by :func:`check_record` unless ``checked``;
        fields it lacks are left out of the figures)."""
        problem = None if checked else check_record(record)
        if problem:
            raise InvalidResults(problem)
        n, verdict = record["deal"], record["verdict"]
        self.deals += 1
        self.counts[verdict] += 1
        if verdict in self.lists:
            self.lists[verdict].append(n)
        if verdict == "solved":
            for key in ("move_count", "nonfoundation_moves"):
                if key in record:
                    self.figures[key].add(record[key])
        if "seconds" in record:
            self.figures["seconds"].add(record["seconds"])
        states = record.get("states")
        if states is not None and self.keep > 0 and (len(self.hardest) < self.keep or states >= self.hardest[0][0]):
            # (states, -deal, -arrival): the top keeps the most states, then the lowest deal;
            # arrival breaks ties between two records of one deal, so dicts are never compared
            entry = (states, -n, -self.deals, {"deal": n, "seconds": record.get("seconds"),
                                               "states": states, "verdict": verdict})
            if len(self.hardest) < self.keep:
                heapq.heappush(self.hardest, entry)
            elif entry[:3] > self.hardest[0][:3]:
                heapq.heapreplace(self.hardest, entry)

    def as_dict(self) -> Record:
        out = {
            "deals": self.deals,
            "counts": dict(self.counts),
            "unsolvable": sorted(self.lists["unsolvable"]),
            "gave_up": sorted(self.lists["gave-up"]),
            "errors": sorted(self.lists["error"]),
            **{key: self.figures[key].result(FIGURE_DIGITS[key]) for key in FIGURE_DIGITS},
            "move_count_histogram": sorted(self.figures["move_count"].counts.items()),
            "hardest": [e[3] for e in sorted(self.hardest, key=lambda e: (-e[0], -e[1], -e[2]))],
        }
        if self.settings:
            out["settings"] = dict(self.settings)
        return out


class MinCellsSummary(Summary):
    """The summary of min-cells records (:mod:`.mincells`): besides the verdicts
    (solved: the answer is known; unsolvable: even the most cells tried are proven
    too few; gave-up: only a range is known), how many deals need each number of
    cells, and how many have each range when the answer is not known.

    >>> s = MinCellsSummary()
    >>> s.add({"deal": 1, "verdict": "solved", "mode": "min-cells", "min_cells": 3, "known": [3, 3]})
    >>> s.add({"deal": 2, "verdict": "gave-up", "mode": "min-cells", "min_cells": None, "known": [1, 2]})
    >>> d = s.as_dict(); d["min_cells"], d["known_ranges"]
    ({'0': 0, '1': 0, '2': 0, '3': 1}, [[1, 2, 1]])
    """

    def __init__(self, settings: Record | None = None, hardest: int = 10) -> None:
        super().__init__(settings, hardest)
        self.needs: dict[int, int] = {}
        self.ranges: dict[tuple[int, int | None], int] = {}

    def add(self, record: Record, checked: bool = False) -> None:
        super().add(record, checked)
        m = record.get("min_cells")
        if m is not None:
            self.needs[m] = self.needs.get(m, 0) + 1
        elif record["verdict"] == "gave-up":
            known = tuple(record.get("known") or (0, None))
            self.ranges[known] = self.ranges.get(known, 0) + 1

    def as_dict(self) -> Record:
        out = super().as_dict()
        out["mode"] = "min-cells"
        top = max([self.settings.get("max_cells", 0), *self.needs]) if self.deals else -1
        out["min_cells"] = {str(m): self.needs.get(m, 0) for m in range(top + 1)}  # every count, 0 up
        out["known_ranges"] = [[lo, hi, c] for (lo, hi), c in
                               sorted(self.ranges.items(), key=lambda e: (e[0][0], 99 if e[0][1] is None else e[0][1]))]
        return out


class OptimalSummary(Summary):
    """The summary of optimal records (``analyze --optimal``): besides the
    verdicts, how many lines are proven shortest, how many deals have each
    optimum, and by how many moves the default beam's line missed it.

    >>> s = OptimalSummary()
    >>> s.add({"deal": 1, "verdict": "solved", "mode": "optimal", "optimal": True, "nonfoundation_moves": 29,
    ...        "lower_bound": 29, "beam_moves": 29})
    >>> s.add({"deal": 4, "verdict": "solved", "mode": "optimal", "optimal": True, "nonfoundation_moves": 27,
    ...        "lower_bound": 27, "beam_moves": 28})
    >>> s.add({"deal": 5, "verdict": "solved", "mode": "optimal", "optimal": False, "nonfoundation_moves": 36,
    ...        "lower_bound": 32, "beam_moves": 36})
    >>> d = s.as_dict(); d["proven"], d["optimum"], d["beam_gap"], d["open"]
    (2, {'27': 1, '29': 1}, {'0': 1, '1': 1}, [[5, 32, 36]])
    """

    def __init__(self, settings: Record | None = None, hardest: int = 10) -> None:
        super().__init__(settings, hardest)
        self.optima: dict[int, int] = {}
        self.gaps: dict[int, int] = {}
        self.open: list[tuple[int, int | None, int | None]] = []  # (deal, lower bound, best line)
        self.optimum_figures = _Figures()

    def add(self, record: Record, checked: bool = False) -> None:
        super().add(record, checked)
        m = record.get("nonfoundation_moves")
        if record.get("optimal") and m is not None:
            self.optima[m] = self.optima.get(m, 0) + 1
            self.optimum_figures.add(m)
            beam = record.get("beam_moves")
            if beam is not None:
                self.gaps[beam - m] = self.gaps.get(beam - m, 0) + 1
        elif record["verdict"] in ("solved", "gave-up"):
            self.open.append((record["deal"], record.get("lower_bound"),
                              m if record["verdict"] == "solved" else None))

    def as_dict(self) -> Record:
        out = super().as_dict()
        out["mode"] = "optimal"
        out["proven"] = sum(self.optima.values())
        out["optimum"] = {str(m): c for m, c in sorted(self.optima.items())}
        out["optimum_figures"] = self.optimum_figures.result(1)
        out["beam_gap"] = {str(g): c for g, c in sorted(self.gaps.items())}
        out["open"] = [list(t) for t in sorted(self.open)]
        return out


def summary_for(settings: Record, hardest: int = 10) -> Summary:
    """An empty summary of the right kind for records made with ``settings``."""
    if settings.get("mode") == "min-cells":
        return MinCellsSummary(settings, hardest)
    if settings.get("mode") == "optimal":
        return OptimalSummary(settings, hardest)
    return Summary(settings, hardest)


def answer_of(record: Record) -> str:
    """A min-cells record's answer in a word: ``2``, ``>4`` (unsolvable with the
    most cells tried), ``1..2`` (gave up: only the range is known), ``error``.

    >>> answer_of({"verdict": "gave-up", "known": [1, None], "max_cells": 4})
    '1..>4'
    """
    if record["verdict"] == "error":
        return "error"
    m = record.get("min_cells")
    if m is not None:
        return str(m)
    lo, hi = record.get("known") or (0, None)
    if record["verdict"] == "unsolvable":
        return f">{record.get('max_cells', 4)}"
    return f"{lo}..{hi if hi is not None else '>' + str(record.get('max_cells', 4))}"


def compare_min_cells(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> Record:
    """The deals whose min-cells answer differs between two results files (for
    example one made under ``site``, one under ``standard``): ``{"both": deals in
    both, "only_a", "only_b": deals in one only, "differ": [{"deal", "a", "b"}]}``
    with answers as :func:`answer_of` gives them, by deal number. Keeps one short
    answer per deal of ``a`` in memory."""
    def records(path: str | os.PathLike[str]) -> Iterator[Record]:
        for lineno, record in read_records(path):
            if record.get("mode") != "min-cells":
                raise InvalidResults(f"{_source_name(path)}: line {lineno}: not a min-cells record "
                                     "(made by analyze --min-cells)")
            yield record

    answers: dict[int, str] = {}
    for record in records(a):
        answers.setdefault(record["deal"], answer_of(record))  # the first record of a deal wins
    differ = []
    both = 0
    seen = DealSet()
    for record in records(b):
        n = record["deal"]
        if not seen.add(n):
            continue
        if n in answers:
            both += 1
            theirs = answer_of(record)
            if answers[n] != theirs:
                differ.append({"deal": n, "a": answers[n], "b": theirs})
    differ.sort(key=lambda d: d["deal"])
    return {"both": both, "only_a": len(answers) - both, "only_b": len(seen) - both, "differ": differ}


def summarize(records: Iterable[Record], hardest: int = 10) -> Record:
    """Counts per verdict, the unsolvable, gave-up and error deals, move and time
    figures, the hardest deals (records are checked; see :class:`Summary`)."""
    s = Summary(hardest=hardest)
    for i, r in enumerate(records, 1):
        try:
            s.add(r)
        except InvalidResults as e:
            raise InvalidResults(f"record {i}: {e}") from None
    return s.as_dict()


def summarize_file(path: str | os.PathLike[str], hardest: int = 10) -> list[Record]:
    """The summaries of a results file, one per settings group (a file written by
    resumed runs has one; files joined by hand may have several, at most
    :data:`MAX_SETTINGS_GROUPS`). A deal recorded twice in a group counts once
    (the first record), and each summary has the group's ``settings``."""
    groups: list[tuple[Record, Summary, DealSet]] = []
    last_key: tuple[object, ...] | None = None
    for lineno, record in read_records(path):
        key = tuple(record.get(k, _UNSET) for k in SETTINGS)
        if key != last_key:  # most lines have the settings of the line before
            last_key = key
            stated = record_settings(record)
            for group in groups:
                if _compatible(group[0], stated):
                    group[0].update(stated)  # a record from before 0.2 may have told less
                    break
            else:
                if len(groups) == MAX_SETTINGS_GROUPS:
                    raise InvalidResults(f"{_source_name(path)}: line {lineno}: the file mixes more than "
                                         f"{MAX_SETTINGS_GROUPS} different settings")
                group = (stated, summary_for(stated, hardest), DealSet())
                groups.append(group)
            _, summary, seen = group
        if seen.add(record["deal"]):
            summary.add(record, checked=True)
    out = []
    for settings, summary, _ in groups:
        summary.settings = settings
        out.append(summary.as_dict())
    return out or [Summary(hardest=hardest).as_dict()]
