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
    n = int(os.environ.get("BENCH_DEALS", "1000"))
    sample = random.Random(2026).sample(range(1, 1_000_001), max(n // 10, 10))
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
    }
    if solved:
        out["mean move count"] = round(statistics.mean(r["moves"] for r in solved), 1)
        out["mean non-foundation moves"] = round(statistics.mean(r["nonfoundation"] for r in solved), 1)
    if raw_total:
        out["time ratio to raw fc-solve -l lg"] = round(sum(times) / raw_total, 2)
    return {f"{name}: {k}": v for k, v in out.items()}


def _raw_fcsolve(deals, preset: str) -> list[dict]:
    """fc-solve itself (textbook rules), a process per deal."""
    from freecell_cli import deal
    from freecell_cli.formats import format_position

    rows = []
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    for n in deals:
        board = format_position(deal(n), "fcs")
        start = time.perf_counter()
        out = subprocess.run(["fc-solve", "-m", "-snx", "-l", preset, "-"], input=board, capture_output=True,
                             text=True, env=env).stdout
        elapsed = time.perf_counter() - start
        tokens = [t for line in out.splitlines() if line and line[0] in "12345678abcd" for t in line.split()]
        rows.append({"verdict": "solved" if "solveable" in out else "gave-up", "seconds": elapsed,
                     "moves": len(tokens), "nonfoundation": sum(not t[1:].startswith("h") for t in tokens)})
    return rows


def _library_fcsolve(deals, preset: str) -> list[dict] | None:
    """fc-solve in-process through the bindings (textbook rules), or None without them."""
    from freecell_cli import deal
    from freecell_cli.solve import fcsolve
    from freecell_cli.solve.engine import Limits

    cls = fcsolve._library()
    if cls is None:
        return None
    rows = []
    for n in deals:
        start = time.perf_counter()
        ret, moves, _ = fcsolve._LibraryRun(cls, deal(n), preset).run(Limits())
        rows.append({"verdict": "solved" if ret == 0 else "gave-up", "seconds": time.perf_counter() - start,
                     "moves": len(moves), "nonfoundation": sum(m.dest.kind != "foundation" for m in moves)})
    return rows


def _engine_rows(deals, variant, eng, shorten=True) -> list[dict]:
    from freecell_cli import deal
    from freecell_cli.solve.engine import Limits, solve

    rows = []
    for n in deals:
        start = time.perf_counter()
        r = solve(deal(n), variant, eng, Limits(time=60), shorten=shorten)
        rows.append({"verdict": r.verdict, "seconds": time.perf_counter() - start, "moves": r.move_count,
                     "nonfoundation": r.nonfoundation_moves})
    return rows


def bench_solve() -> dict:
    """Every engine under each variant of BENCH_VARIANTS (default site,standard) on
    the same deals; raw Freecell Solver -l lg and -l ve once (textbook rules).
    --optimize runs on the first BENCH_OPTIMIZE_DEALS deals (default 100): it is
    slow. BENCH_ENGINES limits the engines (comma-separated names as below)."""
    from freecell_cli import find_variant
    from freecell_cli.solve.beam import BeamEngine
    from freecell_cli.solve.engine import get_engine

    deals = _deals()
    opt_deals = deals[: int(os.environ.get("BENCH_OPTIMIZE_DEALS", "100"))]
    variants = os.environ.get("BENCH_VARIANTS", "site,standard").split(",")
    wanted = os.environ.get("BENCH_ENGINES", "raw,beam,optimize,builtin,fc-solve").split(",")
    figures: dict = {"deals": f"1..{len(deals) - max(len(deals) // 11, 10)} + random sample ({len(deals)})",
                     "--optimize deals": f"the first {len(opt_deals)}"}
    have_fcs = shutil.which("fc-solve") is not None
    raw_total = None
    # BENCH_RAW_PROCESS: the presets also timed as a process per deal (default
    # both; `-l ve` that way takes long and says little more than in-process).
    per_process = os.environ.get("BENCH_RAW_PROCESS", "lg,ve").split(",")
    if have_fcs and "raw" in wanted:
        for preset in ("lg", "ve"):
            if preset in per_process:
                rows = _raw_fcsolve(deals, preset)
                if preset == "lg":
                    raw_total = sum(r["seconds"] for r in rows)
                figures.update(_summary(f"raw fc-solve -l {preset} (textbook rules, process per deal)", rows))
            lib = _library_fcsolve(deals, preset)
            if lib is not None:
                figures.update(_summary(f"raw fc-solve -l {preset} (textbook rules, in-process bindings)", lib))
    for vname in variants:
        variant = find_variant(vname)
        runs = []
        if "beam" in wanted:
            runs.append((f"beam (width {BeamEngine.WIDTH}, default)", BeamEngine(), deals, True))
        if "optimize" in wanted:
            e = BeamEngine(optimize=True)
            runs.append((f"beam --optimize (width {e.width}, {len(e.plans())} searches)", e, opt_deals, True))
        if "builtin" in wanted:
            runs.append(("builtin", get_engine("builtin"), deals, True))
        if have_fcs and "fc-solve" in wanted:
            runs.append(("fc-solve engine, no post-pass", get_engine("fc-solve"), deals, False))
            runs.append(("fc-solve engine + post-pass", get_engine("fc-solve"), deals, True))
        for name, eng, on, shorten in runs:
            rows = _engine_rows(on, variant, eng, shorten)
            figures.update(_summary(f"[{vname}] {name}", rows, raw_total if on is deals else None))
    return figures


def bench_unsolvable() -> dict:
    """The 8 labelled deals, searched to the end under each variant."""
    from freecell_cli import UNSOLVABLE, deal, find_variant
    from freecell_cli.solve.engine import Limits, solve

    figures = {}
    for n in sorted(UNSOLVABLE):
        # atomic (single cards only) multiplies the states; 11982 is the one asked for.
        for v in ("site", "standard") + (("atomic",) if n == 11982 else ()):
            start = time.perf_counter()
            r = solve(deal(n), find_variant(v), "builtin", Limits(time=900), exhaustive=True)
            moves = f", {r.move_count} moves" if r.verdict == "solved" else ""
            figures[f"deal {n} {v}"] = f"{r.verdict}, {r.states:,} states, {time.perf_counter() - start:.1f} s{moves}"
    return figures
