"""freecell analyze: solve ranges of deals into a resumable JSON Lines file."""

from __future__ import annotations

import os
import sys
import time
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..bounds import MAX_WIDTH
from .checks import check_json_format, given, refuse_together, requires, seconds_limit
from .options import (
    ENGINE_HELP,
    VARIANT_HELP,
    EngineName,
    VariantName,
    command,
    seconds_number,
    seed_number,
    stdout_dash,
    whole_number,
)
from .output import Settings, err, errors_to_exit, fail, is_terminal

if TYPE_CHECKING:
    from ..analysis import Record
    from .options import Choice


if TYPE_CHECKING:  # an enum built at run time (see options.choice_enum)
    AnalyzeGame = Choice
else:
    from ..games import GAMES as _GAMES
    from .options import choice_enum

    # FreeCell, Spider (its own numbering and solver), and the FreeCell family's games
    AnalyzeGame = choice_enum("AnalyzeGame", ("freecell", "spider", *(g for g in _GAMES if g != "freecell")),
                              __name__)


class Executor(str, Enum):
    local = "local"
    dask = "dask"


@command()
def analyze_command(
    ctx: typer.Context,
    ranges: Annotated[Optional[list[str]], typer.Argument(metavar="RANGES...", help="1-32000, 617, 1-1000,5000-6000, daily:2026-11, random:500.")] = None,
    variant: Annotated[VariantName, typer.Option(metavar="VARIANT", help=VARIANT_HELP)] = VariantName("site"),
    cells: Annotated[Optional[int], typer.Option(metavar="N", help="Number of free cells, 0..15 (default 4). Not with --min-cells, which tries 0..--max-cells.", parser=whole_number(0, 15))] = None,
    engine: Annotated[EngineName, typer.Option(metavar="ENGINE", help=ENGINE_HELP + " Default here: auto (fast).")] = EngineName.auto,
    time_limit: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds per deal before giving up (0: no limit).", parser=seconds_number)] = 60.0,
    jobs: Annotated[Optional[int], typer.Option(metavar="N", help="Worker processes (default: the number of cores; never more than the cores, than the free memory holds, or than deals to do).", parser=whole_number(1))] = None,
    out: Annotated[Optional[str], typer.Option("--output", "-o", "--out", metavar="FILE", callback=stdout_dash, help="JSON Lines file (appended; resumable; locked while written). Default stdout.")] = None,
    executor: Annotated[Executor, typer.Option(metavar="EXECUTOR", help="local (processes on this machine) or dask (a Dask cluster).")] = Executor.local,
    scheduler: Annotated[Optional[str], typer.Option(metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786 (with --executor dask).")] = None,
    no_solutions: Annotated[bool, typer.Option("--no-solutions", help="Leave the moves out of the records.")] = False,
    seed: Annotated[Optional[str], typer.Option(metavar="SEED", help="Seed for random:N ranges (a whole number).", parser=seed_number)] = None,
    summary: Annotated[Optional[list[str]], typer.Option("--summary", metavar="FILE", help="Only print the summary of an existing results file; given twice (min-cells files), also the deals whose answer differs.")] = None,
    min_cells: Annotated[bool, typer.Option("--min-cells", help="For each deal, the fewest free cells it can be solved with (0..--max-cells), with a solution and a proof that one fewer is not enough (FreeCell, bakers-game and relaxed-freecell: the games whose deal leaves the free cells empty).")] = False,
    optimal: Annotated[bool, typer.Option("--optimal", help="For each deal, the fewest non-foundation moves, proven (solve --optimal), beside the default beam's line: the summary gives the optima and the beam's gap to them.")] = False,
    max_cells: Annotated[Optional[int], typer.Option("--max-cells", metavar="K", help="With --min-cells: the most free cells tried (default 4).", parser=whole_number(0, 15))] = None,
    width: Annotated[Optional[int], typer.Option("--width", metavar="W", help="The beam's width (default: its own): with --engine beam, each deal's (wider: shorter lines, slower); with --min-cells, the beam's at each count (wider finds lines the default misses, and is slower where there is none).", parser=whole_number(1, MAX_WIDTH))] = None,
    no_fcsolve: Annotated[bool, typer.Option("--no-fcsolve", help="With --min-cells: do not ask Freecell Solver first at each count (it takes a third of the count's time; without it, a long proof has it all).")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON (one line per settings group).")] = False,
    format: Annotated[Optional[str], typer.Option("--format", "-f", metavar="FORMAT", help="The summary as text (default) or json.")] = None,
    plot: Annotated[Optional[str], typer.Option("--plot", metavar="FILE", help="Draw histograms and verdicts to FILE.svg|png|pdf (needs the [plot] extra).")] = None,
    game: Annotated[AnalyzeGame, typer.Option(metavar="GAME", help="Which game's deals: freecell, spider (its own numbering), or a game of the FreeCell family (bakers-game, eight-off, seahaven-towers, forecell, relaxed-freecell: PySolFC's numbering, under the game's rules).")] = AnalyzeGame("freecell"),
    suits: Annotated[int, typer.Option(metavar="SUITS", help="Spider: 1, 2 or 4 suits.", parser=whole_number())] = 4,
    settings: Settings = Settings(),
) -> None:
    """Solve many deals and record one JSON line per deal; print a summary.

    Killed runs lose nothing: run again with the same --out (and the same
    settings) to do the rest.
    """
    if format not in (None, "text", "json"):
        raise fail(f"unknown output format {format!r} (text or json)")
    check_json_format(json, format)
    spider, family = game.value == "spider", game.value not in ("freecell", "spider")
    if spider:  # Spider has its own rules and solver: these would be ignored
        for name in ("variant", "cells", "engine"):
            refuse_together("--game spider", f"--{name}" if given(ctx, name) else None,
                            why="Spider has no variants, free cells or engines")
    if family:  # its own table and rules
        for name in ("variant", "cells"):
            refuse_together(f"--game {game.value}", f"--{name}" if given(ctx, name) else None,
                            why="a game of the FreeCell family has its own table and rules")
    requires("--suits" if given(ctx, "suits") else None, "--game spider", spider)
    requires("--seed" if seed is not None else None, "a random:N range",
             any("random:" in r for r in ranges or ()) or bool(summary))  # with --summary: refused below
    if executor is Executor.dask:
        refuse_together("--executor dask", "--jobs" if jobs is not None else None,
                        why="the Dask cluster's workers do the deals (dask worker --nworkers)")
    if min_cells:  # its own searches over 0..--max-cells cells
        for name in ("cells", "engine"):
            refuse_together("--min-cells", f"--{name}" if given(ctx, name) else None,
                            why="it tries 0 to --max-cells free cells with its own searches")
    if optimal:
        refuse_together("--optimal", "--min-cells" if min_cells else None, why="each is a mode of its own")
        refuse_together("--optimal", "--engine" if given(ctx, "engine") else None,
                        why="it runs the default beam, then the optimal search")
    if summary:  # it reads a file and runs nothing: options of a run would be ignored
        for name in ("variant", "cells", "engine", "time_limit", "jobs", "out", "executor", "scheduler",
                     "no_solutions", "seed", "min_cells", "optimal", "max_cells", "width", "no_fcsolve", "game", "suits"):
            spelled = "-o/--output" if name == "out" else "--" + name.replace("_", "-")
            refuse_together("--summary", spelled if given(ctx, name) else None,
                            why="a summary reads a results file, it runs nothing")
    if plot is not None:  # a bad name fails now, not after the run
        from ..plots import PLOT_FORMATS

        if "." not in plot or plot.rsplit(".", 1)[-1].lower() not in PLOT_FORMATS:
            raise fail(f"cannot tell the plot format of {plot!r}: name it .svg, .png or .pdf")
        from .checks import check_output

        check_output(plot, reads=(out, *(summary or ())), writes="the plot")
    if spider and suits not in (1, 2, 4):
        raise fail(f"--suits must be 1, 2 or 4, not {suits}")
    try:
        if max_cells is not None and not min_cells:
            raise fail("--max-cells goes with --min-cells")
        if width is not None and spider:
            raise fail("--width: Spider's solver has no beam width (the beam is FreeCell's and its family's)")
        if width is not None and not min_cells and (engine is not EngineName.beam or optimal):
            raise fail("--width goes with --engine beam, or with --min-cells (its beam at each count)")
        if no_fcsolve and not min_cells:
            raise fail("--no-fcsolve goes with --min-cells (the engine of a plain run is --engine)")
        if min_cells and spider:
            raise fail("--min-cells is for FreeCell deals: Spider has no free cells")
        if min_cells and family:
            from ..errors import InvalidArgument
            from ..mincells import check_game

            try:
                check_game(game.value)  # a deal that fills free cells: refused, saying why
            except InvalidArgument as e:
                raise fail(f"--min-cells: {e}") from None
            if no_fcsolve:
                raise fail(f"--no-fcsolve: Freecell Solver is never asked for {game.value}'s deals")
        if optimal and game.value != "freecell":
            raise fail("--optimal is for FreeCell deals")
        cells = 4 if cells is None else cells
        mode = ("min-cells", 4 if max_cells is None else max_cells) if min_cells else ("optimal", 4) if optimal else None
        _analyze(ranges, variant, cells, engine, time_limit, jobs, out, executor, scheduler, no_solutions, seed,
                 summary, json or format == "json", plot, game.value, suits, settings, mode, width, not no_fcsolve)
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


def _analyze(ranges: list[str] | None, variant: Choice, cells: int, engine: EngineName, time_limit: float,
             jobs: int | None, out: str | None, executor: Executor, scheduler: str | None, no_solutions: bool,
             seed: str | None, summary: list[str] | None, json: bool, plot: str | None, game: str, suits: int,
             settings: Settings, mode: tuple[str, int] | None = None, width: int | None = None,
             fcsolve: bool = True) -> None:
    from ..analysis import Analysis, Job, parse_ranges, summarize_file
    from ..files import display_name

    if summary:
        if ranges:
            raise fail("--summary takes a results file, not ranges")
        if len(summary) > 2:
            raise fail("--summary takes one results file, or two to compare")
        if len(summary) == 2 and plot is not None:
            raise fail("--plot draws one results file, not two")
        if summary.count("-") > 1:
            raise fail("stdin (-) can be read only once")
        if "-" in summary and plot is not None:
            raise fail("--plot reads the results file again: give a file, not - (stdin)")
        diff = None
        if len(summary) == 2:  # first: a file that cannot be compared fails before any output
            from ..analysis import compare_min_cells

            with errors_to_exit():
                diff = compare_min_cells(*summary)
        for k, path in enumerate(summary):
            with errors_to_exit():
                summaries = summarize_file(path)
            shown = "stdin" if path == "-" else display_name(path)
            if len(summaries) > 1:
                settings.note(f"note: {shown} mixes results of {len(summaries)} different settings: one summary each")
            _plot(path, None, plot, settings)
            for i, s in enumerate(summaries):
                if len(summary) == 2 and not json:
                    sys.stdout.write(("" if k == 0 else "\n") + f"{shown}:\n")
                _print_summary(s, json, settings, first=i == 0)
        if diff is not None:
            _print_differences(diff, summary, json)
        return
    if not ranges:
        raise fail("give deal ranges (e.g. 1-1000), or --summary FILE")
    limit = seconds_limit(time_limit)
    if scheduler is not None and executor is not Executor.dask:
        raise fail("--scheduler is for --executor dask")
    with errors_to_exit():
        deals = parse_ranges(ranges, seed)
        from ..solvers.engine import get_engine

        get_engine(engine.value)  # fail now, not in every worker
        job = Job(variant.value, cells, engine.value, limit, not no_solutions, game, suits,
                  *(mode or ("solve", 4)), width, fcsolve)
        # Locks --out (a second run stops here), refuses a device or a directory,
        # reads what is done and checks it was made with these settings: all before any work.
        run = Analysis(deals, job, out)
    settings.note(f"{run.already:,} of {run.total:,} deals already recorded in {display_name(out) if out else 'stdout'}: skipped") if run.already else None
    workers = 1
    if executor is Executor.local:
        from ..analysis.pool import usable_cores, worker_limit

        workers, why = worker_limit(jobs or usable_cores())
        if why and jobs is not None:  # the default is the cores: capped by memory only, say nothing
            settings.note(f"note: --jobs {jobs} capped to {workers} ({why})")
    progress = _Progress(run.total, run.already, settings, keep=plot is not None and out is None)
    interrupted = False
    try:
        with errors_to_exit():
            result = run.run(workers, executor.value, scheduler, on_record=progress.record)
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
        settings.note("interrupted: the summary covers the deals done so far")
        _print_summary(result.as_dict(), json, settings, records_on_stdout=out is None)
        raise typer.Exit(130)
    s = result.as_dict()
    _plot(out, progress.kept, plot, settings)
    _print_summary(s, json, settings, records_on_stdout=out is None)
    if s["counts"]["error"]:
        err(f"{s['counts']['error']} deal(s) could not be analysed: their records say why (verdict error)")


class _Progress:
    """A rich progress bar on stderr (only on a terminal)."""

    def __init__(self, total: int, done: int, settings: Settings, keep: bool = False) -> None:
        self.counts = {"solved": 0, "unsolvable": 0, "gave-up": 0, "error": 0}
        self.seen = 0
        self.kept: list[Record] | None = [] if keep else None  # for --plot when the records went to stdout
        self.start = time.perf_counter()
        self.bar = None
        if is_terminal(sys.stderr) and not settings.quiet:  # -q: no status, the bar neither
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("analyze"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                                TextColumn("{task.fields[counts]}"), console=Console(stderr=True))
            self.task = self.bar.add_task("analyze", total=total, completed=done, rate="", counts="")
            self.bar.start()

    def record(self, record: Record) -> None:
        self.seen += 1
        if self.kept is not None:
            self.kept.append(record)
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


def _print_summary(s: Record, as_json: bool, settings: Settings, records_on_stdout: bool = False,
                   first: bool = True) -> None:
    """The summary goes to stdout, unless the records themselves went there."""
    from ..analysis import describe_settings
    from ..analysis.summary import figures_text
    from ..text import json_line, plural

    target = sys.stderr if records_on_stdout else sys.stdout
    if records_on_stdout and settings.quiet:  # on stderr it is status: -q drops it
        return
    if as_json:
        target.write(json_line(s) + "\n")
        return
    rows = [("deals", str(s["deals"]))]
    most = s.get("settings", {}).get("max_cells") if s.get("mode") == "min-cells" else None
    # min-cells: "unsolvable" says that even the most cells tried are too few
    with_most = "" if most is None else f" with {plural(most, 'cell')}"
    unsolvable = "unsolvable" + with_most
    rows += [(v if v != "unsolvable" else unsolvable, str(s["counts"][v])) for v in ("solved", "unsolvable", "gave-up")]
    if s["counts"]["error"]:
        rows.append(("error", str(s["counts"]["error"])))
    if s["unsolvable"]:
        rows.append((f"deals unsolvable{with_most}" if with_most else "unsolvable deals",
                     " ".join(map(str, s["unsolvable"]))))
    if s["gave_up"]:
        rows.append(("gave-up deals", " ".join(map(str, s["gave_up"]))))
    if s["errors"]:
        rows.append(("error deals", " ".join(map(str, s["errors"]))))
    for key, label in (("move_count", "moves"), ("nonfoundation_moves", "non-foundation moves"),
                       ("seconds", "seconds")):
        f = s[key]
        if f:
            rows.append((label, figures_text(key, f)))
    if s["hardest"]:
        rows.append(("hardest (states)", ", ".join(f"{h['deal']} ({h['states']:,})" for h in s["hardest"][:5])))
    if s.get("mode") == "min-cells":
        for m, c in s["min_cells"].items():
            rows.append((f"need {m} cell{'s' if m != '1' else ''}", str(c)))
        for lo, hi, c in s["known_ranges"]:
            rows.append((f"between {lo} and {hi if hi is not None else 'more than the most tried'}", str(c)))
    if s.get("mode") == "optimal":
        rows.append(("proven optimal", f"{s['proven']} of {s['deals']}"))
        if s["optimum_figures"]:
            rows.append(("optimum", figures_text("nonfoundation_moves", s["optimum_figures"])))
            rows.append(("deals per optimum", ", ".join(f"{m}: {c}" for m, c in s["optimum"].items())))
        if s["beam_gap"]:
            rows.append(("beam's line longer by", ", ".join(f"{g}: {c}" for g, c in s["beam_gap"].items())))
        if s["open"]:
            rows.append(("not proven (deal: bound..best)", ", ".join(
                f"{n}: {lo if lo is not None else '?'}..{best if best is not None else '?'}"
                for n, lo, best in s["open"][:20]) + (" ..." if len(s["open"]) > 20 else "")))
    if "settings" in s:
        rows.append(("settings", describe_settings(s["settings"])))
    if settings.use_color(target):
        from rich.table import Table
        from rich.text import Text

        table = Table(title="analyze summary", show_header=False)
        for k, v in rows:
            table.add_row(Text(k), Text(v))  # Text, not markup: a "[bold]" in a record stays as it is
        out = settings.console(target)
        out.print(table)
        histogram = s.get("move_count_histogram") or []  # (moves, deals) pairs
        if histogram:
            from ..plots import text_histogram

            out.print("moves of the solved deals", style="bold")
            out.print("\n".join(text_histogram([m for m, _ in histogram], bar="█",
                                               weights=[c for _, c in histogram])), highlight=False)
    else:
        target.write(("" if first else "\n") + "".join(f"{k}: {v}\n" for k, v in rows))


def _print_differences(diff: Record, names: list[str], as_json: bool) -> None:
    """The deals whose min-cells answer differs between two files."""
    from ..text import json_line

    if as_json:
        sys.stdout.write(json_line({"compare": names, **diff}) + "\n")
        return
    from ..files import display_name

    a, b = (display_name(n) for n in names)
    lines = [f"\ncompared: {diff['both']} deal(s) in both files ({diff['only_a']} only in {a}, "
             f"{diff['only_b']} only in {b})",
             f"answers differ: {len(diff['differ'])}"]
    lines += [f"  deal {d['deal']}: {d['a']} in {a}, {d['b']} in {b}" for d in diff["differ"]]
    sys.stdout.write("\n".join(lines) + "\n")


def _plot(results: str | None, records: list[Record] | None, path: str | None, settings: Settings) -> None:
    """--plot: the records of the results file (the first record of a deal in
    each settings group, as the summary counts them: a file joined from two runs
    is drawn in two colours), or those the run printed."""
    if path is None:
        return
    from ..analysis.records import SETTINGS
    from ..analysis.results import read_records
    from ..plots import plot_summary

    with errors_to_exit():
        if records is None:
            assert results is not None  # with --plot, the records are kept when they went to stdout
            seen: set[tuple[object, ...]] = set()
            records = []
            for _, record in read_records(results):
                key = (record["deal"], *(record.get(k) for k in SETTINGS))
                if key not in seen:
                    seen.add(key)
                    records.append(record)
        plot_summary(records, path)
    from ..files import display_name

    settings.note(f"plot written to {display_name(path)}")
