"""The complete search (solvers/prove.py): positions per CPU second on the 1-cell
proofs of deals that take long (issue 14), each capped at a number of
positions so the run stays short.

Set BENCH_PROVE_BASELINE to a directory holding another checkout's
``freecell_cli`` (for example ``git archive <commit> freecell_cli | tar -x -C
DIR``): both are timed in the same run, alternately, and the ratio is given.
That ratio, not the absolute figures, is what a shared machine can measure.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from common import BIN

ROOT = Path(__file__).parent.parent
DEALS = (970, 607, 90, 899)  # 1 cell is too few for each: whole proofs, not hunts for a solution
CAP = int(os.environ.get("BENCH_PROVE_STATES", "200000"))
FULL = (970, 1)  # a whole proof (1,783,101 positions), by the default core only: no cap, no table sized ahead
ROUNDS = int(os.environ.get("BENCH_PROVE_ROUNDS", "2"))

# Run in a fresh process per tree so each imports its own freecell_cli.
CODE = """
import json, resource, sys, time
from freecell_cli import deal, find_variant
from freecell_cli.solvers.engine import Limits
from freecell_cli.solvers.prove import prove
try:
    from freecell_cli.solvers.core import name
    core = name()
except ImportError:  # a tree from before the compiled core
    core = "python"
n, cap, cells = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
position, variant = deal(n, cells=cells), find_variant("standard")
prove(deal(3, cells=1), variant)  # everything imported and warmed before the figures
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
r = prove(position, variant, Limits(states=cap or None))
cpu = time.process_time() - start
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss) * 1024
print(json.dumps({"states": r.states, "cpu": cpu, "verdict": r.verdict, "core": core, "bytes": grown}))
"""


def _one(tree: Path, n: int, core: str | None = None, cap: int = CAP, cells: int = 1) -> dict:
    # In the tree (``-c`` puts the current directory first on the path) and with
    # it on PYTHONPATH: the installed freecell_cli may be another checkout's.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("FREECELL_CORE", None)
    if core:
        env["FREECELL_CORE"] = core
    out = subprocess.run([str(BIN / "python"), "-c", CODE, str(n), str(cap), str(cells)], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def bench_prove() -> dict:
    # (tree, FREECELL_CORE) per name: this tree's default core (compiled when
    # built), its pure-Python core, and another checkout when asked for.
    trees: dict[str, tuple[Path, str | None]] = {"this tree": (ROOT, None), "python core": (ROOT, "python")}
    baseline = os.environ.get("BENCH_PROVE_BASELINE")
    if baseline:
        trees["baseline"] = (Path(baseline), "python")
    rates: dict[str, dict[int, list[float]]] = {k: {n: [] for n in DEALS} for k in trees}
    memory: dict[str, list[float]] = {k: [] for k in trees}
    states: dict[str, dict[int, str]] = {k: {} for k in trees}
    cores: dict[str, str] = {}
    for _ in range(ROUNDS):
        for n in DEALS:
            for name, (tree, core) in trees.items():  # alternately: the load hits both alike
                r = _one(tree, n, core)
                rates[name][n].append(r["states"] / r["cpu"])
                memory[name].append(r["bytes"] / r["states"])
                states[name][n] = f'{r["verdict"]} {r["states"]}'
                cores[name] = r["core"]

    figures: dict = {"deals (1 cell, standard)": ",".join(map(str, DEALS)), "positions per proof (cap)": CAP}
    for name in trees:
        figures[f"{name}: core"] = cores[name]
        for n in DEALS:
            figures[f"{name}: deal {n} positions/CPU s (median)"] = round(statistics.median(rates[name][n]))
        figures[f"{name}: bytes per stored position (median)"] = round(statistics.median(memory[name]), 1)
    ratios = [statistics.median(rates["this tree"][n]) / statistics.median(rates["python core"][n]) for n in DEALS]
    figures["compiled over python core (per deal)"] = [round(r, 1) for r in ratios]
    figures["compiled over python core (median)"] = round(statistics.median(ratios), 1)
    if baseline:
        ratios = [statistics.median(rates["this tree"][n]) / statistics.median(rates["baseline"][n]) for n in DEALS]
        figures["speed-up over the baseline (per deal)"] = [round(r, 2) for r in ratios]
    whole = _one(ROOT, FULL[0], None, 0, FULL[1])
    figures[f"whole proof, deal {FULL[0]} with {FULL[1]} cell ({whole['core']} core)"] = (
        f"{whole['verdict']} {whole['states']:,} positions, {whole['cpu']:.2f} CPU s, "
        f"{round(whole['states'] / whole['cpu']):,} per CPU s, {whole['bytes'] / whole['states']:.1f} bytes each")
    # A capped search ends after the same count whichever order it explores in,
    # unless it finds a solution first (the order decides when).
    for name in trees:
        figures[f"{name}: verdict and positions per deal"] = [states[name][n] for n in DEALS]
    return figures


if __name__ == "__main__":
    for key, value in bench_prove().items():
        print(f"{key:<48} {value}")
    sys.exit(0)
