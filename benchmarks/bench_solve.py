"""Solver benchmark: every engine on deals 1..N and a random sample of 1..1,000,000.

Reports per engine (and beam width) and variant: verdicts, median / 95th-percentile
solver time per deal, time ratio to raw `fc-solve -l lg` on the same deals, mean
move count and mean non-foundation moves; raw `fc-solve -l lg` and `-l ve` on the
same deals. Every solution counted here passed our verifier (solve() re-verifies
before returning). BENCH_DEALS=N shortens the run; see bench_solve() for the rest.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import time


def _deals() -> list[int]:
    """Deals 1..BENCH_DEALS (default 1000), then BENCH_SAMPLE random deals of
    1..1,000,000 (default a tenth as many, at least 10; always the same ones)."""
    n = int(os.environ.get("BENCH_DEALS", "1000"))
    k = int(os.environ.get("BENCH_SAMPLE", str(max(n // 10, 10))))
    sample = random.Random(2026).sample(range(1, 1_000_001), max(n // 10, 10, k))[:k]
    return list(range(1, n + 1)) + sample


def _summary(name, rows, raw_total=None) -> dict:
    times = sorted(r["seconds"] for r in rows)
    solved = [r for r in rows if r["verdict"] == "solved"]
    out = {
        "deals": len(rows),
        "solved / unsolvable / gave up": "{} / {} / {}".format(
            len(solved), sum(r["verdict"] == "unsolvable" for r in rows), sum(r["verdict"] == "gave-up" for r in rows)
        ),
        "median solver time per deal (ms)": round(statistics.median(times) * 1000, 1),
        "95th percentile (ms)": round(times[int(0.95 * (len(times) - 1))] * 1000, 1),
        "max (ms)": round(times[-1] * 1000, 1),
        "total (s)": round(sum(times), 2),
        "slowest deals (deal: s)": ", ".join(
            f"{r['deal']}: {r['seconds']:.2f}" for r in sorted(rows, key=lambda r: -r["seconds"])[:5]),
    }
    cpu = [r["cpu"] for r in rows if r["cpu"] is not None]
    if cpu:
        # CPU time of this process: less inflated than wall time on a loaded machine.
        out["median CPU time per deal (ms)"] = round(statistics.median(cpu) * 1000, 1)
    gave_up = [r["deal"] for r in rows if r["verdict"] == "gave-up"]
    if gave_up:
        out["gave up on deals"] = ", ".join(map(str, gave_up))
    if solved:
        out["mean move count"] = round(statistics.mean(r["moves"] for r in solved), 1)
        out["mean non-foundation moves"] = round(statistics.mean(r["nonfoundation"] for r in solved), 1)
    if raw_total:
        out["time ratio to raw fc-solve -l lg"] = round(sum(times) / raw_total, 2)
    return {f"{name}: {k}": v for k, v in out.items()}


def _timed(n, fn) -> dict:
    start, cpu = time.perf_counter(), time.process_time()
    row = fn(n)
    row.setdefault("cpu", time.process_time() - cpu)
    return {"deal": n, "seconds": time.perf_counter() - start, **row}


def _raw_fcsolve(preset: str):
    """fc-solve itself (textbook rules), a process per deal."""
    from freecell_cli import deal
    from freecell_cli.formats import format_position

    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}

    def run(n: int) -> dict:
        board = format_position(deal(n), "fcs")
        out = subprocess.run(["fc-solve", "-m", "-snx", "-l", preset, "-"], input=board, capture_output=True,
                             text=True, env=env).stdout
        tokens = [t for line in out.splitlines() if line and line[0] in "12345678abcd" for t in line.split()]
        return {"verdict": "solved" if "solveable" in out else "gave-up", "moves": len(tokens),
                "nonfoundation": sum(not t[1:].startswith("h") for t in tokens),
                "cpu": None}  # a child's CPU time is counted in 10 ms ticks here: not told

    return run


def _library_fcsolve(preset: str):
    """fc-solve in-process through the bindings (textbook rules), or None without them."""
    from freecell_cli import deal
    from freecell_cli.solvers import fcsolve
    from freecell_cli.solvers.engine import Limits

    cls = fcsolve._library()
    if cls is None:
        return None

    def run(n: int) -> dict:
        ret, moves, _ = fcsolve._LibraryRun(cls, deal(n), preset).run(Limits())
        return {"verdict": "solved" if ret == 0 else "gave-up", "moves": len(moves),
                "nonfoundation": sum(m.dest.kind != "foundation" for m in moves)}

    return run


def _engine(variant, eng, shorten=True):
    from freecell_cli import deal
    from freecell_cli.solvers.engine import Limits, solve

    def run(n: int) -> dict:
        r = solve(deal(n), variant, eng, Limits(time=60), shorten=shorten)
        return {"verdict": r.verdict, "moves": r.move_count, "nonfoundation": r.nonfoundation_moves}

    return run


def bench_solve() -> dict:
    """Every engine under each variant of BENCH_VARIANTS (default site,standard) on
    the same deals; raw Freecell Solver -l lg and -l ve once (textbook rules).
    --optimize runs on the first BENCH_OPTIMIZE_DEALS deals (default 100): it is
    slow (BENCH_OPTIMIZE_VARIANTS: only under these). BENCH_ENGINES limits the
    engines (comma-separated names as below).

    The runs take turns deal by deal (deal 1 under every engine, then deal 2...),
    so a change in the machine's load hits them alike and their times compare."""
    from freecell_cli import find_variant
    from freecell_cli.solvers.beam import BeamEngine
    from freecell_cli.solvers.engine import get_engine

    deals = _deals()
    opt_deals = deals[: int(os.environ.get("BENCH_OPTIMIZE_DEALS", "100"))]
    variants = os.environ.get("BENCH_VARIANTS", "site,standard").split(",")
    wanted = os.environ.get("BENCH_ENGINES", "raw,beam,optimize,builtin,fc-solve").split(",")
    n_first = int(os.environ.get("BENCH_DEALS", "1000"))
    figures: dict = {"deals": f"1..{n_first} + {len(deals) - n_first} random ({len(deals)})",
                     "--optimize deals": f"the first {len(opt_deals)}"}
    have_fcs = shutil.which("fc-solve") is not None
    # (name, deals, run one deal); raw -l lg as a process per deal is the reference of the ratios.
    runs: list[tuple[str, list[int], object]] = []
    # BENCH_RAW_PROCESS: the presets also timed as a process per deal (default
    # both; `-l ve` that way takes long and says little more than in-process).
    per_process = os.environ.get("BENCH_RAW_PROCESS", "lg,ve").split(",")
    if have_fcs and "raw" in wanted:
        for preset in ("lg", "ve"):
            if preset in per_process:
                runs.append((f"raw fc-solve -l {preset} (textbook rules, process per deal)", deals,
                             _raw_fcsolve(preset)))
            lib = _library_fcsolve(preset)
            if lib is not None:
                runs.append((f"raw fc-solve -l {preset} (textbook rules, in-process bindings)", deals, lib))
    for vname in variants:
        variant = find_variant(vname)
        if "beam" in wanted:
            runs.append((f"[{vname}] beam (width {BeamEngine.WIDTH}, default)", deals, _engine(variant, get_engine("beam"))))
        if "optimize" in wanted and vname in os.environ.get("BENCH_OPTIMIZE_VARIANTS", vname).split(","):
            e = get_engine("beam", optimize=True)
            assert isinstance(e, BeamEngine)
            runs.append((f"[{vname}] beam --optimize (width {e.width}, {len(e.plans())} searches)", opt_deals,
                         _engine(variant, e)))
        if "builtin" in wanted:
            runs.append((f"[{vname}] builtin", deals, _engine(variant, get_engine("builtin"))))
        if have_fcs and "fc-solve" in wanted:
            runs.append((f"[{vname}] fc-solve engine, no post-pass", deals,
                         _engine(variant, get_engine("fc-solve"), shorten=False)))
            runs.append((f"[{vname}] fc-solve engine + post-pass", deals, _engine(variant, get_engine("fc-solve"))))
    rows: dict[str, list[dict]] = {name: [] for name, _, _ in runs}
    wanted_deals = [set(on) for _, on, _ in runs]
    for n in deals:
        for (name, _, fn), on in zip(runs, wanted_deals):
            if n in on:
                rows[name].append(_timed(n, fn))
    reference = "raw fc-solve -l lg (textbook rules, process per deal)"
    raw_total = sum(r["seconds"] for r in rows[reference]) if reference in rows else None
    for name, on, _ in runs:
        figures.update(_summary(name, rows[name], raw_total if on is deals and name != reference else None))
    # Issue 21's yardstick: the default solve's median CPU time per deal against
    # raw -l ve's (in-process), the same deals in the same run.
    ve = [r["cpu"] for r in rows.get("raw fc-solve -l ve (textbook rules, in-process bindings)", [])]
    for name, _, _ in runs:
        if ve and name.endswith("default)"):
            ours = statistics.median(r["cpu"] for r in rows[name])
            figures[f"{name}: median CPU over raw -l ve's"] = round(ours / statistics.median(ve), 3)
    return figures


def bench_unsolvable() -> dict:
    """The 8 labelled deals, searched to the end under each variant."""
    from freecell_cli import UNSOLVABLE, deal, find_variant
    from freecell_cli.solvers.engine import Limits, solve

    figures = {}
    for n in sorted(UNSOLVABLE):
        # atomic (single cards only) multiplies the states; 11982 is the one asked for.
        for v in ("site", "standard") + (("atomic",) if n == 11982 else ()):
            start = time.perf_counter()
            r = solve(deal(n), find_variant(v), "builtin", Limits(time=900), exhaustive=True)
            moves = f", {r.move_count} moves" if r.verdict == "solved" else ""
            figures[f"deal {n} {v}"] = f"{r.verdict}, {r.states:,} states, {time.perf_counter() - start:.1f} s{moves}"
    return figures
