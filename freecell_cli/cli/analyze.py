"""freecell analyze: solve ranges of deals into a resumable JSON Lines file."""

from __future__ import annotations

import os
import sys
import time
from enum import Enum
from typing import Annotated, Optional

import typer

from .common import EngineName, VariantName, check_output, err, errors_to_exit, fail, is_terminal, seconds_limit


class Game(str, Enum):
    freecell = "freecell"
    spider = "spider"


class Executor(str, Enum):
    local = "local"
    dask = "dask"


def analyze_command(
    ranges: Annotated[Optional[list[str]], typer.Argument(metavar="RANGES...", help="1-32000, 617, 1-1000,5000-6000, daily:2026-11, random:500.")] = None,
    variant: Annotated[VariantName, typer.Option(help="Rules.")] = VariantName.site,
    cells: Annotated[int, typer.Option(help="Free cells.", min=0, max=15)] = 4,
    engine: Annotated[EngineName, typer.Option(help="auto: Freecell Solver when installed, else builtin.")] = EngineName.auto,
    time_limit: Annotated[float, typer.Option(help="Seconds per deal before giving up.", min=0)] = 60.0,
    jobs: Annotated[Optional[int], typer.Option(help="Worker processes (default: the number of cores).", min=1)] = None,
    out: Annotated[Optional[str], typer.Option("--out", "-o", help="JSON Lines file (appended; resumable). Default stdout.")] = None,
    executor: Annotated[Executor, typer.Option(help="local processes, or a Dask cluster.")] = Executor.local,
    scheduler: Annotated[Optional[str], typer.Option(help="Dask scheduler address, e.g. tcp://host:8786.")] = None,
    no_solutions: Annotated[bool, typer.Option("--no-solutions", help="Leave the moves out of the records.")] = False,
    seed: Annotated[Optional[str], typer.Option(help="Seed for random:N ranges.")] = None,
    summary: Annotated[Optional[str], typer.Option("--summary", help="Only print the summary of an existing results file.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    plot: Annotated[
        Optional[str], typer.Option("--plot", help="Draw histograms and verdicts to OUT.svg|png|pdf (needs the [plot] extra).")
    ] = None,
    game: Annotated[Game, typer.Option(help="Which game's deals: freecell, or spider (its own numbering).")] = Game.freecell,
    suits: Annotated[int, typer.Option(help="Spider: 1, 2 or 4 suits.", min=1, max=4)] = 4,
) -> None:
    """Solve many deals and record one JSON line per deal; print a summary.

    Killed runs lose nothing: run again with the same --out to do the rest.
    """
    from ..analyze import Job, analyze, load_records, parse_ranges, summarize

    if plot is not None:  # a bad name fails now, not after the run
        from ..plots import PLOT_FORMATS

        if plot.rsplit(".", 1)[-1].lower() not in PLOT_FORMATS or "." not in plot:
            raise fail(f"cannot tell the plot format of {plot!r}: name it .svg, .png or .pdf")
    if summary is not None:
        if ranges:
            raise fail("--summary takes a results file, not ranges")
        if not os.path.exists(summary):
            raise fail(f"cannot read {summary}: No such file or directory")
        with errors_to_exit():
            records = load_records(summary)
        _plot(records, plot)
        _print_summary(summarize(records), json, records=records)
        return
    if not ranges:
        raise fail("give deal ranges (e.g. 1-1000), or --summary FILE")
    with errors_to_exit():
        deals = parse_ranges(ranges, seed)
        old = load_records(out, repair=True) if out is not None else []
        already = {r["deal"] for r in old}
        from ..solve.engine import get_engine

        get_engine(engine.value)  # fail now, not in every worker
    if game is Game.spider and suits not in (1, 2, 4):
        raise fail(f"--suits must be 1, 2 or 4, not {suits}")
    job = Job(variant.value, cells, engine.value, time_limit or None, not no_solutions, game.value, suits)
    todo = sum(1 for n in deals if n not in already)
    progress = _Progress(len(deals), len(deals) - todo)
    records: list[dict] = []
    interrupted = False
    try:
        with errors_to_exit():
            records = analyze(deals, job, out, jobs or os.cpu_count() or 1, executor.value, scheduler,
                              on_record=progress.record, old=old)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
    if interrupted:
        wanted = set(deals)
        records = [r for r in load_records(out) if r["deal"] in wanted] if out else progress.seen
        err("interrupted: the summary covers the deals done so far")
        _print_summary(summarize(records), json, out is None, records=records)
        raise typer.Exit(130)
    _plot(records, plot)
    _print_summary(summarize(records), json, out is None, records=records)


def _plot(records: list[dict], path: str | None) -> None:
    if path is None:
        return
    from ..plots import plot_summary

    with errors_to_exit():
        try:
            plot_summary(records, path)
        except OSError as e:
            raise fail(f"cannot write {path}: {e.strerror or e}") from None


class _Progress:
    """A rich progress bar on stderr (only on a terminal)."""

    def __init__(self, total: int, done: int) -> None:
        self.counts = {"solved": 0, "unsolvable": 0, "gave-up": 0}
        self.seen: list[dict] = []
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
        self.seen.append(record)
        self.counts[record["verdict"]] = self.counts.get(record["verdict"], 0) + 1
        if self.bar is not None:
            rate = len(self.seen) / max(time.perf_counter() - self.start, 1e-9)
            c = self.counts
            self.bar.update(self.task, advance=1, rate=f"{rate:.1f}/s",
                            counts=f"solved {c['solved']} unsolvable {c['unsolvable']} gave up {c['gave-up']}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _print_summary(s: dict, as_json: bool, records_on_stdout: bool = False, records: list[dict] | None = None) -> None:
    """The summary goes to stdout, unless the records themselves went there."""
    import orjson

    target = sys.stderr if records_on_stdout else sys.stdout
    if as_json:
        target.write(orjson.dumps(s).decode() + "\n")
        return
    rows = [("deals", str(s["deals"]))]
    rows += [(v, str(s["counts"][v])) for v in ("solved", "unsolvable", "gave-up")]
    if s["unsolvable"]:
        rows.append(("unsolvable deals", " ".join(map(str, s["unsolvable"]))))
    if s["gave_up"]:
        rows.append(("gave-up deals", " ".join(map(str, s["gave_up"]))))
    for key, label in (("move_count", "moves"), ("nonfoundation_moves", "non-foundation moves"),
                       ("seconds", "seconds")):
        f = s[key]
        if f:
            rows.append((label, f"mean {f['mean']}, median {f['median']}, max {f['max']}"))
    if s["hardest"]:
        rows.append(("hardest (states)", ", ".join(f"{h['deal']} ({h['states']:,})" for h in s["hardest"][:5])))
    if is_terminal(target):
        from rich.console import Console
        from rich.table import Table

        table = Table(title="analyze summary", show_header=False)
        for k, v in rows:
            table.add_row(k, v)
        console = Console(file=target)
        console.print(table)
        moves = [r["move_count"] for r in records or () if r.get("verdict") == "solved" and r.get("move_count")]
        if moves:
            from ..plots import text_histogram

            console.print("moves of the solved deals", style="bold")
            console.print("\n".join(text_histogram(moves, bar="█")), highlight=False)
    else:
        target.write("".join(f"{k}: {v}\n" for k, v in rows))
