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
ROUNDS = int(os.environ.get("BENCH_PROVE_ROUNDS", "2"))

# Run in a fresh process per tree so each imports its own freecell_cli.
CODE = """
import json, sys, time
from freecell_cli import deal, find_variant
from freecell_cli.solvers.engine import Limits
from freecell_cli.solvers.prove import prove
n, cap = int(sys.argv[1]), int(sys.argv[2])
start = time.process_time()
r = prove(deal(n, cells=1), find_variant("standard"), Limits(states=cap))
print(json.dumps({"states": r.states, "cpu": time.process_time() - start, "verdict": r.verdict}))
"""


def _one(tree: Path, n: int) -> dict:
    # In the tree (``-c`` puts the current directory first on the path) and with
    # it on PYTHONPATH: the installed freecell_cli may be another checkout's.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([str(BIN / "python"), "-c", CODE, str(n), str(CAP)], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def bench_prove() -> dict:
    trees = {"this tree": ROOT}
    baseline = os.environ.get("BENCH_PROVE_BASELINE")
    if baseline:
        trees["baseline"] = Path(baseline)
    rates: dict[str, dict[int, list[float]]] = {k: {n: [] for n in DEALS} for k in trees}
    states: dict[str, dict[int, int]] = {k: {} for k in trees}
    for _ in range(ROUNDS):
        for n in DEALS:
            for name, tree in trees.items():  # alternately: the load hits both alike
                r = _one(tree, n)
                rates[name][n].append(r["states"] / r["cpu"])
                states[name][n] = f'{r["verdict"]} {r["states"]}'

    figures: dict = {"deals (1 cell, standard)": ",".join(map(str, DEALS)), "positions per proof (cap)": CAP}
    for name in trees:
        for n in DEALS:
            figures[f"{name}: deal {n} positions/CPU s (median)"] = round(statistics.median(rates[name][n]))
    if baseline:
        ratios = [statistics.median(rates["this tree"][n]) / statistics.median(rates["baseline"][n]) for n in DEALS]
        figures["speed-up over the baseline (per deal)"] = [round(r, 2) for r in ratios]
    # A capped search ends after the same count whichever order it explores in,
    # unless it finds a solution first (the order decides when).
    for name in trees:
        figures[f"{name}: verdict and positions per deal"] = [states[name][n] for n in DEALS]
    return figures


if __name__ == "__main__":
    for key, value in bench_prove().items():
        print(f"{key:<48} {value}")
    sys.exit(0)
