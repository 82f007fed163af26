"""freecell analyze: solve ranges of deals into a resumable JSON Lines file."""

from __future__ import annotations

import os
import sys
import time
from enum import Enum
from typing import Annotated, Optional

import typer

from .common import EngineName, VariantName, err, errors_to_exit, fail, is_terminal, seconds_limit


class Executor(str, Enum):
    local = "local"
    dask = "dask"


def analyze_command(
    ranges: Annotated[Optional[list[str]], typer.Argument(metavar="RANGES...", help="1-32000, 617, 1-1000,5000-6000, daily:2026-11, random:500.")] = None,
    variant: Annotated[VariantName, typer.Option(help="Rules.")] = VariantName.site,
    cells: Annotated[int, typer.Option(help="Free cells.", min=0, max=15)] = 4,
    engine: Annotated[EngineName, typer.Option(help="auto: Freecell Solver when installed, else builtin.")] = EngineName.auto,
    time_limit: Annotated[float, typer.Option(help="Seconds per deal before giving up (0: no limit).", min=0)] = 60.0,
    jobs: Annotated[Optional[int], typer.Option(help="Worker processes (default: the number of cores; never more than deals to do).", min=1)] = None,
    out: Annotated[Optional[str], typer.Option("--out", "-o", help="JSON Lines file (appended; resumable; locked while written). Default stdout.")] = None,
    executor: Annotated[Executor, typer.Option(help="local processes, or a Dask cluster.")] = Executor.local,
    scheduler: Annotated[Optional[str], typer.Option(help="Dask scheduler address, e.g. tcp://host:8786 (with --executor dask).")] = None,
    no_solutions: Annotated[bool, typer.Option("--no-solutions", help="Leave the moves out of the records.")] = False,
    seed: Annotated[Optional[str], typer.Option(help="Seed for random:N ranges.")] = None,
    summary: Annotated[Optional[str], typer.Option("--summary", help="Only print the summary of an existing results file.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON (one line per settings group).")] = False,
) -> None:
    """Solve many deals and record one JSON line per deal; print a summary.

    Killed runs lose nothing: run again with the same --out (and the same
    settings) to do the rest.
    """
    try:
        _analyze(ranges, variant, cells, engine, time_limit, jobs, out, executor, scheduler, no_solutions, seed,
                 summary, json)
    except BrokenPipeError:
        # The reader has gone (| head): the workers are stopped by now; end quietly
        # with 0. (click turns EPIPE into exit 1 before the top-level guard sees it.)
        _point_stdout_at_devnull()
        raise typer.Exit(0) from None


def _point_stdout_at_devnull() -> None:
    """So the interpreter's last flush of what stdout still holds is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests): nothing will be flushed to a pipe


def _analyze(ranges, variant, cells, engine, time_limit, jobs, out, executor, scheduler, no_solutions, seed,
             summary, json) -> None:
    from ..analyze import Analysis, Job, parse_ranges, summarize_file

    if summary is not None:
        if ranges:
            raise fail("--summary takes a results file, not ranges")
        with errors_to_exit():
            summaries = summarize_file(summary)
        if len(summaries) > 1:
            err(f"note: {summary} mixes results of {len(summaries)} different settings: one summary each")
        for i, s in enumerate(summaries):
            _print_summary(s, json, first=i == 0)
        return
    if not ranges:
        raise fail("give deal ranges (e.g. 1-1000), or --summary FILE")
    limit = seconds_limit(time_limit)
    if scheduler is not None and executor is not Executor.dask:
        raise fail("--scheduler is for --executor dask")
    with errors_to_exit():
        deals = parse_ranges(ranges, seed)
        from ..solve.engine import get_engine

        get_engine(engine.value)  # fail now, not in every worker
        job = Job(variant.value, cells, engine.value, limit, not no_solutions)
        # Locks --out (a second run stops here), refuses a device or a directory,
        # reads what is done and checks it was made with these settings: all before any work.
        run = Analysis(deals, job, out)
    progress = _Progress(run.total, run.already)
    interrupted = False
    try:
        with errors_to_exit():
            result = run.run(jobs or os.cpu_count() or 1, executor.value, scheduler, on_record=progress.record)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
        if not interrupted:
            run.close()
    if interrupted:
        try:
            with errors_to_exit():
                result = run.reread()
        finally:
            run.close()
        err("interrupted: the summary covers the deals done so far")
        _print_summary(result.as_dict(), json, records_on_stdout=out is None)
        raise typer.Exit(130)
    s = result.as_dict()
    _print_summary(s, json, records_on_stdout=out is None)
    if s["counts"]["error"]:
        err(f"{s['counts']['error']} deal(s) could not be analysed: their records say why (verdict error)")


class _Progress:
    """A rich progress bar on stderr (only on a terminal)."""

    def __init__(self, total: int, done: int) -> None:
        self.counts = {"solved": 0, "unsolvable": 0, "gave-up": 0, "error": 0}
        self.seen = 0
        self.start = time.perf_counter()
        self.bar = None
        if is_terminal(sys.stderr):
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("analyze"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                                TextColumn("{task.fields[counts]}"), console=Console(stderr=True))
            self.task = self.bar.add_task("analyze", total=total, completed=done, rate="", counts="")
            self.bar.start()

    def record(self, record: dict) -> None:
        self.seen += 1
        self.counts[record["verdict"]] = self.counts.get(record["verdict"], 0) + 1
        if self.bar is not None:
            rate = self.seen / max(time.perf_counter() - self.start, 1e-9)
            c = self.counts
            errors = f" error {c['error']}" if c["error"] else ""
            self.bar.update(self.task, advance=1, rate=f"{rate:.1f}/s",
                            counts=f"solved {c['solved']} unsolvable {c['unsolvable']} gave up {c['gave-up']}{errors}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _print_summary(s: dict, as_json: bool, records_on_stdout: bool = False, first: bool = True) -> None:
    """The summary goes to stdout, unless the records themselves went there."""
    import orjson

    from ..analyze import describe_settings

    target = sys.stderr if records_on_stdout else sys.stdout
    if as_json:
        target.write(orjson.dumps(s).decode() + "\n")
        return
    rows = [("deals", str(s["deals"]))]
    rows += [(v, str(s["counts"][v])) for v in ("solved", "unsolvable", "gave-up")]
    if s["counts"]["error"]:
        rows.append(("error", str(s["counts"]["error"])))
    if s["unsolvable"]:
        rows.append(("unsolvable deals", " ".join(map(str, s["unsolvable"]))))
    if s["gave_up"]:
        rows.append(("gave-up deals", " ".join(map(str, s["gave_up"]))))
    if s["errors"]:
        rows.append(("error deals", " ".join(map(str, s["errors"]))))
    for key, label in (("move_count", "moves"), ("nonfoundation_moves", "non-foundation moves"),
                       ("seconds", "seconds")):
        f = s[key]
        if f:
            rows.append((label, f"mean {f['mean']}, median {f['median']}, max {f['max']}"))
    if s["hardest"]:
        rows.append(("hardest (states)", ", ".join(f"{h['deal']} ({h['states']:,})" for h in s["hardest"][:5])))
    if "settings" in s:
        rows.append(("settings", describe_settings(s["settings"])))
    if is_terminal(target):
        from rich.console import Console
        from rich.table import Table

        table = Table(title="analyze summary", show_header=False)
        for k, v in rows:
            table.add_row(k, v)
        Console(file=target).print(table)
    else:
        target.write(("" if first else "\n") + "".join(f"{k}: {v}\n" for k, v in rows))
