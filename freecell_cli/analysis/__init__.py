"""Batch analysis of deal ranges: parallel, resumable JSON Lines, summaries.

A run appends one JSON line per deal and flushes it to disk, so a run killed at
any moment leaves only complete lines (plus at most one torn last line, the start
of a record, which the next run drops; nothing else is ever cut). Re-running with
the same file skips the deals already there. While a run writes a file it holds a
lock on it, so a second run cannot write the same deals twice; each record names
the settings it was made with, and a run resumes only a file made with its own
settings.

Memory stays small whatever the size of a run: ranges are produced lazily, the
deals already done are a bitmap (:class:`DealSet`), the results file is read one
line at a time, and summaries keep counts, not records.

The modules: :mod:`.ranges` (deal numbers), :mod:`.records` (one deal's record),
:mod:`.results` (the results file), :mod:`.pool` (worker processes),
:mod:`.executors` (local, Dask), :mod:`.summary`; :class:`Analysis` here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from ..errors import FreecellError
from .executors import ClusterLost, run_dask, run_local
from .pool import WORKER_MEMORY, WorkerFailed, WorkerPool, available_memory, cap_jobs, usable_cores, worker_limit
from .ranges import MAX_DEALS, DealRanges, DealSet, InvalidRange, parse_ranges
from .records import (
    MAX_RECORD_MOVES,
    MAX_RECORD_SECONDS,
    MAX_RECORD_STATES,
    SETTINGS,
    VERDICTS,
    Job,
    Record,
    analyze_deal,
    analyze_spider_deal,
    check_record,
    describe_settings,
    error_record,
    record_settings,
)
from .results import (
    InvalidResults,
    ResultsBusy,
    ResultsFile,
    SettingsMismatch,
    _StdoutRecords,
    is_torn_record,
    load_records,
    read_records,
    resume,
)
from .summary import (
    MAX_SETTINGS_GROUPS,
    MinCellsSummary,
    OptimalSummary,
    Summary,
    answer_of,
    compare_min_cells,
    summarize,
    summarize_file,
    summary_for,
)

__all__ = [
    "MAX_DEALS", "MAX_RECORD_MOVES", "MAX_RECORD_SECONDS", "MAX_RECORD_STATES", "MAX_SETTINGS_GROUPS", "SETTINGS",
    "VERDICTS", "WORKER_MEMORY",
    "Analysis", "ClusterLost", "DealRanges", "DealSet", "InvalidRange", "InvalidResults", "Job", "MinCellsSummary",
    "OptimalSummary", "Record", "ResultsBusy", "ResultsFile", "SettingsMismatch", "Summary", "WorkerFailed", "WorkerPool",
    "analyze", "analyze_deal", "analyze_spider_deal", "answer_of", "available_memory", "cap_jobs", "check_record",
    "compare_min_cells", "describe_settings", "error_record", "is_torn_record", "load_records", "parse_ranges",
    "read_records", "record_settings", "run_dask", "run_local", "summarize", "summarize_file", "summary_for",
    "usable_cores", "worker_limit",
]


class Analysis:
    """One run: its results file locked and its records read (checked, and made
    with the same settings: otherwise :class:`SettingsMismatch`), then the deals
    not yet there analysed and appended. ``out`` None writes records to stdout.

    Memory: the deals already done (a :class:`DealSet`) and a :class:`Summary`;
    no record is kept. ``total`` is the number of deals asked for, ``already`` how
    many of them the file had.
    """

    def __init__(self, deals: DealRanges | Iterable[int], job: Job, out: str | os.PathLike[str] | None = None):
        self.deals = deals if isinstance(deals, DealRanges) else DealRanges.of(deals)
        self.job = job
        self.out = out
        self.total = len(self.deals)
        self.writer: ResultsFile | _StdoutRecords = ResultsFile(out) if out is not None else _StdoutRecords()
        try:
            self._read()
        except BaseException:
            self.writer.close()
            raise

    def _read(self) -> None:
        self.done = DealSet()
        self.summary = summary_for(self.job.settings())
        self.already = 0
        if self.out is None:
            return

        def count(record: Record) -> None:
            self.summary.add(record, checked=True)
            self.already += 1

        self.done = resume(self.out, self.job.settings(), self.deals, count)

    def run(self, jobs: int = 1, executor: str = "local", scheduler: str | None = None,
            on_record: Callable[[Record], None] | None = None) -> Summary:
        """Analyse the deals not done yet; returns the summary of every deal asked
        for (done before, and now)."""
        if executor not in ("local", "dask"):
            raise FreecellError(f"unknown executor {executor!r} (choose from local, dask)")
        todo = self.deals.iterate(skip=self.done)
        source = run_dask(todo, self.job, scheduler) if executor == "dask" else run_local(todo, self.job, jobs)
        try:
            for record in source:
                if not self.done.add(record["deal"]):
                    continue
                self.writer.write(record)
                self.summary.add(record)
                if on_record:
                    on_record(record)
        finally:
            source.close()  # stops the workers, whatever ended the loop
        return self.summary

    def reread(self) -> Summary:
        """The summary from the file as it is now (after Ctrl-C, the file is the truth)."""
        self.writer.flush()
        if self.out is not None:
            self._read()
        return self.summary

    def close(self) -> None:
        self.writer.close()

    def __enter__(self) -> "Analysis":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def analyze(
    deals: DealRanges | Iterable[int],
    job: Job,
    out: str | Path | None = None,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
    on_record: Callable[[Record], None] | None = None,
) -> Record:
    """Analyse the deals not already in ``out`` and append their records; returns
    the summary (:meth:`Summary.as_dict`) of every deal asked for, old and new."""
    with Analysis(deals, job, out) as run:
        return run.run(jobs, executor, scheduler, on_record).as_dict()
