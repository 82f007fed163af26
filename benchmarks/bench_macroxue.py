"""Our beam beside macroxue/freecell's (a C++ layered beam search), same deals,
same run (issue 21): mean non-foundation moves and median CPU per deal, per width.

macroxue's solver is not shipped: build it from its public repository and give
its path in MACROXUE_SOLVER (the section is skipped without it):

    git clone https://github.com/macroxue/freecell && cd freecell/solver
    g++ -O3 -std=c++0x -o solver solver.cc node.cc move.cc options.cc tableau.cc deals.cc -pthread
    MACROXUE_SOLVER=$PWD/solver make bench   # or: python benchmarks/run.py macroxue

It plays the textbook rules with every card that can go home sent home (`-A`,
its "Moves" are the moves that are not to the foundation), so ours runs under
`standard` and counts the same way. Widths: theirs 2^5..2^12 (BENCH_MACROXUE_EXP,
"5-12"), ours BENCH_MACROXUE_WIDTHS ("32,64,128,256,512"); deals 1..40
(BENCH_MACROXUE_DEALS). BENCH_MACROXUE_PLOT=FILE.svg|png draws the two curves.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import time

MOVES = re.compile(r"Moves: (\d+)")


def _theirs(solver: str, deal: int, exp: int) -> tuple[int | None, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Its stdin must be a pipe (a seekable stdin is read as a solution to continue).
    out = subprocess.run([solver, "-A", str(deal), str(exp)], input="", capture_output=True, text=True,
                         timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = MOVES.findall(out.stdout)
    # The last report is the solution's (0 moves left to estimate).
    solved = [int(m) for m, est in re.findall(r"Moves: (\d+)\s+Estimate: (\d+)", out.stdout) if est == "0"]
    return (solved[-1] if solved else None) if found else None, cpu


def _ours(deal: int, width: int) -> tuple[int | None, float]:
    import freecell_cli as fc
    from freecell_cli.solvers.engine import get_engine, solve

    start = time.process_time()
    r = solve(fc.deal(deal), fc.find_variant("standard"), get_engine("beam", width=width))
    cpu = time.process_time() - start
    return (r.nonfoundation_moves if r.verdict == "solved" else None), cpu


def _range(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def bench_macroxue() -> dict:
    solver = os.environ.get("MACROXUE_SOLVER")
    if not solver or not os.access(solver, os.X_OK):
        return {"skipped": "set MACROXUE_SOLVER to a built macroxue/freecell solver (see bench_macroxue.py)"}
    deals = _range(os.environ.get("BENCH_MACROXUE_DEALS", "1-40"))
    exps = _range(os.environ.get("BENCH_MACROXUE_EXP", "5-12"))
    widths = [int(w) for w in os.environ.get("BENCH_MACROXUE_WIDTHS", "32,64,128,256,512").split(",")]
    from freecell_cli.solvers.core import name

    figures: dict = {"deals": f"{deals[0]}-{deals[-1]} ({len(deals)})", "rules": "standard, every card home (-A)",
                     "our search core": name()}
    curves: dict[str, list[tuple[int, float, float]]] = {"macroxue": [], "ours": []}
    rows = [("macroxue", 1 << e, lambda d, e=e: _theirs(solver, d, e)) for e in exps]
    rows += [("ours", w, lambda d, w=w: _ours(d, w)) for w in widths]
    for who, width, run in rows:
        moves, cpus, failed = [], [], 0
        for d in deals:
            m, cpu = run(d)
            cpus.append(cpu)
            if m is None:
                failed += 1
            else:
                moves.append(m)
        mean, median = statistics.mean(moves), statistics.median(cpus) * 1000
        curves[who].append((width, mean, median))
        figures[f"{who} width {width}"] = (f"mean {mean:.2f} non-foundation moves, median CPU {median:.1f} ms"
                                           + (f", {failed} not solved" if failed else ""))
    plot = os.environ.get("BENCH_MACROXUE_PLOT")
    if plot:
        _plot(curves, plot, figures["deals"])
        figures["plot"] = plot
    return figures


def _plot(curves: dict[str, list[tuple[int, float, float]]], path: str, deals: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for who, style in (("macroxue", "s--"), ("ours", "o-")):
        pts = curves[who]
        ax.plot([p[2] for p in pts], [p[1] for p in pts], style, label=who)
        for width, mean, ms in pts:
            ax.annotate(str(width), (ms, mean), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("median CPU per deal (ms, log scale)")
    ax.set_ylabel("mean non-foundation moves")
    ax.set_title(f"Beam width against line length, deals {deals}, standard rules")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    for key, value in bench_macroxue().items():
        print(f"{key:<48} {value}")
