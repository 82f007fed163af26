"""Batch analysis of deal ranges: parallel, resumable JSON Lines, summaries.

A run appends one JSON line per deal and flushes it to disk, so a run killed at
any moment leaves only complete lines (plus at most one torn last line, which the
next run drops). Re-running with the same file skips the deals already there.

>>> parse_ranges(["1-3,617", "2"])
[1, 2, 3, 617]
>>> len(parse_ranges(["daily:2026-02"]))
28
"""

from __future__ import annotations

import calendar
import os
import random
import statistics
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import FreecellError

VERDICTS = ("solved", "unsolvable", "gave-up")


class InvalidRange(FreecellError):
    """A deal range that cannot be read."""


class InvalidResults(FreecellError):
    """A results file with a damaged line before its end."""


def parse_ranges(specs: Iterable[str], seed: int | str | None = None) -> list[int]:
    """Deal numbers from specs like ``1-32000``, ``617``, ``1-1000,5000-6000``,
    ``daily:2026-11`` (every daily deal of a month; ``daily:2026-11-29`` one day)
    and ``random:500`` (``seed`` makes it reproducible). Order kept, repeats dropped."""
    from .deals import SITE_DEALS, check_deal_number, daily_number, parse_date

    out: dict[int, None] = {}
    rng = random.Random(seed)
    for spec in specs:
        for part in spec.split(","):
            part = part.strip()
            if not part:
                continue
            try:
                if part.startswith("daily:"):
                    when = part[6:]
                    if len(when) == 7:  # YYYY-MM
                        year, month = int(when[:4]), int(when[5:7])
                        days = calendar.monthrange(year, month)[1]
                        for d in range(1, days + 1):
                            out[daily_number(parse_date(f"{when}-{d:02d}"))] = None
                    else:
                        out[daily_number(parse_date(when))] = None
                elif part.startswith("random:"):
                    count = int(part[7:])
                    if not 1 <= count <= SITE_DEALS:
                        raise InvalidRange(f"random count must be 1..{SITE_DEALS:,}")
                    for n in rng.sample(range(1, SITE_DEALS + 1), count):
                        out[n] = None
                elif "-" in part:
                    lo_text, hi_text = part.split("-", 1)
                    lo, hi = int(lo_text), int(hi_text)
                    check_deal_number(lo)
                    check_deal_number(hi)
                    if lo > hi:
                        raise InvalidRange(f"range {part!r} runs backwards")
                    if hi - lo >= 10_000_000:
                        raise InvalidRange(f"range {part!r} is too large (at most 10,000,000 deals)")
                    for n in range(lo, hi + 1):
                        out[n] = None
                else:
                    out[check_deal_number(int(part))] = None
            except ValueError as e:
                if isinstance(e, FreecellError):
                    raise InvalidRange(f"{part!r}: {e}") from None
                raise InvalidRange(f"not a deal range: {part!r} (e.g. 1-1000, 617, daily:2026-11, random:500)") from None
    return list(out)


@dataclass(frozen=True)
class Job:
    """What to do with each deal (sent to every worker)."""

    variant: str = "site"
    cells: int = 4
    engine: str = "auto"
    time_limit: float | None = 60.0
    solutions: bool = True
    game: str = "freecell"  # or "spider"
    suits: int = 4  # Spider's suits


def analyze_spider_deal(n: int, job: Job) -> dict:
    """Solve one Spider deal (the solver verifies its line) and return its record."""
    from .spider.deals import deal
    from .spider.solve import Limits, solve

    result = solve(deal(n, job.suits), Limits(time=job.time_limit))
    record = {"deal": n, "game": "spider", "suits": job.suits, "verdict": result.verdict,
              "move_count": result.move_count, "seconds": round(result.seconds, 4), "states": result.states}
    if job.solutions and result.verdict == "solved":
        record["solution"] = " ".join(result.notation)
    if result.reason:
        record["reason"] = result.reason
    return record


def analyze_deal(n: int, job: Job) -> dict:
    """Solve one deal and return its record. Runs in a worker process."""
    if job.game == "spider":
        return analyze_spider_deal(n, job)
    from .deals import deal
    from .solve.engine import Limits, get_engine, solve
    from .variants import find_variant

    result = solve(deal(n, cells=job.cells), find_variant(job.variant), get_engine(job.engine),
                   Limits(time=job.time_limit))
    record = {
        "deal": n,
        "variant": job.variant,
        "cells": job.cells,
        "verdict": result.verdict,
        "move_count": result.move_count,
        "nonfoundation_moves": result.nonfoundation_moves,
        "seconds": round(result.seconds, 4),
        "states": result.states,
        "engine": result.engine,
    }
    if job.solutions and result.verdict == "solved":
        record["solution"] = " ".join(result.notation)
    if result.reason:
        record["reason"] = result.reason
    return record


# -- the JSON Lines file --------------------------------------------------------
def load_records(path: str | Path, repair: bool = False) -> list[dict]:
    """The complete, valid records of a results file. A torn or invalid last line
    (a run killed while writing) is dropped, and cut off the file when ``repair``."""
    import orjson

    p = Path(path)
    if not p.exists():
        return []
    data = p.read_bytes()
    records = []
    good_end = 0
    pos = 0
    while pos < len(data):
        nl = data.find(b"\n", pos)
        if nl < 0:
            break  # torn last line: no newline yet
        line = data[pos:nl]
        try:
            rec = orjson.loads(line)
            if not isinstance(rec, dict) or not isinstance(rec.get("deal"), int):
                raise ValueError
        except ValueError:
            if nl + 1 < len(data):
                lineno = data.count(b"\n", 0, pos) + 1
                raise InvalidResults(f"{p}: line {lineno} is not a result record") from None
            break  # a bad last line is treated as torn
        records.append(rec)
        pos = nl + 1
        good_end = pos
    if repair and good_end < len(data):
        with open(p, "r+b") as f:
            f.truncate(good_end)
            f.flush()
            os.fsync(f.fileno())
    return records


class RecordWriter:
    """Appends records, one complete line per write, flushed and synced."""

    def __init__(self, path: str | Path | None):
        import sys

        self.path = path
        self.file = open(path, "ab") if path is not None else sys.stdout.buffer
        self.sync = path is not None

    def write(self, record: dict) -> None:
        import orjson

        self.file.write(orjson.dumps(record) + b"\n")
        self.file.flush()
        if self.sync:
            os.fsync(self.file.fileno())

    def close(self) -> None:
        if self.path is not None:
            self.file.close()


# -- executors ------------------------------------------------------------------
def run_local(deals: list[int], job: Job, jobs: int) -> Iterator[dict]:
    """Records as workers finish them (any order)."""
    if jobs <= 1:
        for n in deals:
            yield analyze_deal(n, job)
        return
    import multiprocessing
    from functools import partial

    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    pool = ctx.Pool(jobs, initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(partial(analyze_deal, job=job), deals, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def run_dask(deals: list[int], job: Job, scheduler: str | None, client=None) -> Iterator[dict]:
    """Records from a Dask distributed cluster (``pip install 'freecell-cli[dask]'``)."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise FreecellError("the dask executor needs dask.distributed: pip install 'freecell-cli[dask]'") from None
    own = client is None
    if own:
        try:
            client = Client(scheduler, timeout="10s") if scheduler else Client(processes=True)
        except OSError as e:
            raise FreecellError(f"cannot reach the Dask scheduler {scheduler}: {e}") from None
    try:
        futures = client.map(analyze_deal, deals, job=job, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        if own:
            client.close()


# -- summary --------------------------------------------------------------------
def summarize(records: list[dict], hardest: int = 10) -> dict:
    """Counts per verdict, the unsolvable and gave-up deals, move and time figures."""
    counts = {v: 0 for v in VERDICTS}
    for r in records:
        counts[r.get("verdict", "gave-up")] = counts.get(r.get("verdict", "gave-up"), 0) + 1
    solved = [r for r in records if r.get("verdict") == "solved"]
    times = [r.get("seconds", 0.0) for r in records]

    def figures(values: list[float], digits: int) -> dict | None:
        if not values:
            return None
        return {"mean": round(statistics.mean(values), digits), "median": round(statistics.median(values), digits),
                "max": round(max(values), digits)}

    return {
        "deals": len(records),
        "counts": counts,
        "unsolvable": sorted(r["deal"] for r in records if r.get("verdict") == "unsolvable"),
        "gave_up": sorted(r["deal"] for r in records if r.get("verdict") == "gave-up"),
        "move_count": figures([r["move_count"] for r in solved], 1),
        "nonfoundation_moves": figures([r["nonfoundation_moves"] for r in solved if "nonfoundation_moves" in r], 1),
        "seconds": figures(times, 4),
        "hardest": [
            {"deal": r["deal"], "seconds": r.get("seconds"), "states": r.get("states"), "verdict": r.get("verdict")}
            for r in sorted(records, key=lambda r: (-(r.get("states") or 0), r["deal"]))[:hardest]
        ],
    }


def analyze(
    deals: list[int],
    job: Job,
    out: str | Path | None = None,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
    on_record: Callable[[dict], None] | None = None,
    old: list[dict] | None = None,
) -> list[dict]:
    """Analyse deals not already in ``out``; returns every record (old and new).
    ``old``: the records of ``out`` when the caller has already read them."""
    if old is None:
        old = load_records(out, repair=True) if out is not None else []
    done = {r["deal"] for r in old}
    todo = [n for n in deals if n not in done]
    writer = RecordWriter(out)
    new: list[dict] = []
    try:
        source = run_dask(todo, job, scheduler) if executor == "dask" else run_local(todo, job, jobs)
        for record in source:
            if record["deal"] in done:
                continue
            done.add(record["deal"])
            writer.write(record)
            new.append(record)
            if on_record:
                on_record(record)
    finally:
        writer.close()
    wanted = set(deals)
    return [r for r in old if r["deal"] in wanted] + new
