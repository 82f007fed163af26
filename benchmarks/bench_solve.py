"""Solver benchmark: every engine on deals 1..N and a random sample of 1..1,000,000.

Reports per engine: verdicts, median / 95th-percentile solver time per deal, time
ratio to raw `fc-solve -l lg` on the same deals, mean move count and mean
non-foundation moves. Every solution printed here passed our verifier (solve()
re-verifies before returning). BENCH_DEALS=N shortens the run.
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


def bench_solve() -> dict:
    from freecell_cli import deal, find_variant
    from freecell_cli.solve.engine import Limits, get_engine, solve

    deals = _deals()
    site = find_variant(os.environ.get("BENCH_VARIANT", "site"))
    figures: dict = {"variant": site.name, "deals": f"1..{len(deals) - max(len(deals) // 11, 10)} + random sample"}
    have_fcs = shutil.which("fc-solve") is not None
    raw_total = None
    if have_fcs and shutil.which("make-microsoft-freecell-board"):
        from freecell_cli.formats import format_position

        raw_rows = []
        env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
        for n in deals:
            board = format_position(deal(n), "fcs")
            start = time.perf_counter()
            out = subprocess.run(["fc-solve", "-m", "-snx", "-l", "lg", "-"], input=board, capture_output=True,
                                 text=True, env=env).stdout
            elapsed = time.perf_counter() - start
            tokens = [t for line in out.splitlines() if line and line[0] in "12345678abcd" for t in line.split()]
            raw_rows.append({"verdict": "solved" if "solveable" in out else "gave-up", "seconds": elapsed,
                             "moves": len(tokens), "nonfoundation": sum(not t[1:].startswith("h") for t in tokens)})
        raw_total = sum(r["seconds"] for r in raw_rows)
        figures.update(_summary("raw fc-solve -l lg (standard rules, process per deal)", raw_rows))
    engines = ["builtin"] + (["fc-solve"] if have_fcs else [])
    for name in engines:
        eng = get_engine(name)
        rows = []
        for n in deals:
            start = time.perf_counter()
            r = solve(deal(n), site, eng, Limits(time=60))
            rows.append({"verdict": r.verdict, "seconds": time.perf_counter() - start, "moves": r.move_count,
                         "nonfoundation": r.nonfoundation_moves})
        figures.update(_summary(f"{name} engine", rows, raw_total))
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
