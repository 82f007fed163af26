"""Verification speed: moves per second in-process, and one whole `freecell verify`."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from common import BIN, time_command

ROOT = Path(__file__).parent.parent


def _solutions(count: int) -> list[tuple[int, str]]:
    """fc-solve -l lg solutions of deals 1..count when fc-solve is here, else the examples."""
    if shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board"):
        out = []
        for n in range(1, count + 1):
            board = subprocess.run(["make-microsoft-freecell-board", "-t", str(n)], capture_output=True, text=True).stdout
            text = subprocess.run(["fc-solve", "-m", "-snx", "-l", "lg", "-"], input=board, capture_output=True,
                                  text=True, env={"FREECELL_SOLVER_QUIET": "1"}).stdout
            out.append((n, text))
        return out
    return [(617, (ROOT / "examples/617.snx-out.txt").read_text())]


def bench_verify() -> dict:
    from freecell_cli import deal, find_variant
    from freecell_cli.solutions import parse_solution
    from freecell_cli.verify import verify

    sols = _solutions(200)
    parsed = [(n, parse_solution(text)) for n, text in sols]
    standard = find_variant("standard")
    site = find_variant("site")
    moves = 0
    start = time.perf_counter()
    for n, sol in parsed:
        v = verify(sol, deal(n), standard)
        moves += v.moves
    elapsed = time.perf_counter() - start
    start = time.perf_counter()
    rejected = sum(not verify(sol, deal(n), site).ok for n, sol in parsed)
    site_elapsed = time.perf_counter() - start

    start = time.perf_counter()
    for _, text in sols:
        parse_solution(text)
    parse_elapsed = time.perf_counter() - start
    whole = time_command([str(BIN / "freecell"), "verify", "--deal", "617", str(ROOT / "examples/617.snx-out.txt")], runs=15)
    return {
        "solutions (fc-solve -l lg)": len(parsed),
        "moves replayed (standard)": moves,
        "verify speed, standard (moves/s)": round(moves / elapsed),
        "verify, site: solutions rejected": f"{rejected}/{len(parsed)}",
        "verify time per solution, site (ms)": round(site_elapsed / len(parsed) * 1000, 2),
        "parse time per solution (ms)": round(parse_elapsed / len(parsed) * 1000, 2),
        "whole process: freecell verify 617 (median ms)": whole["median_ms"],
        "whole process: freecell verify 617 (min ms)": whole["min_ms"],
    }
