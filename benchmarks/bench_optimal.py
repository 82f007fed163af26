"""The optimal search (issue 26): how many deals are proven within a time limit,
and the optimum beside the default beam's and --optimize's lines on the same deals.

One process per deal and variant (`freecell solve --optimal --json`), one at a
time. BENCH_OPTIMAL_DEALS (default 1-10; the README's figures: 1-100),
BENCH_OPTIMAL_SECONDS (default 60) and BENCH_OPTIMAL_VARIANTS (default
standard,site) choose the run; BENCH_OPTIMAL_OUT names a JSON Lines file that
receives one record per deal (for the tables in the README).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess

from common import BIN


def _deals(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def _solve(n: int, variant: str, *args: str) -> dict:
    p = subprocess.run([str(BIN / "freecell"), "solve", "--deal", str(n), "--variant", variant, "--json", *args],
                       capture_output=True, text=True)
    if p.returncode not in (0, 3):
        raise RuntimeError(f"deal {n} {variant} {args}: exit {p.returncode}: {p.stderr.strip()}")
    return json.loads(p.stdout)


def bench_optimal() -> dict:
    deals = _deals(os.environ.get("BENCH_OPTIMAL_DEALS", "1-10"))
    seconds = os.environ.get("BENCH_OPTIMAL_SECONDS", "60")
    variants = os.environ.get("BENCH_OPTIMAL_VARIANTS", "standard,site").split(",")
    out_path = os.environ.get("BENCH_OPTIMAL_OUT")
    figures: dict = {}
    for variant in variants:
        rows = []
        for n in deals:
            opt = _solve(n, variant, "--optimal", "--time-limit", seconds)
            beam = _solve(n, variant)
            optimize = _solve(n, variant, "--optimize")
            row = {"deal": n, "variant": variant, "proven": bool(opt.get("optimal")),
                   "moves": opt.get("nonfoundation_moves"), "lower_bound": opt.get("lower_bound"),
                   "seconds": opt["seconds"], "beam": beam["nonfoundation_moves"],
                   "optimize": optimize["nonfoundation_moves"]}
            rows.append(row)
            if out_path:
                with open(out_path, "a") as f:
                    f.write(json.dumps(row) + "\n")
        proven = [r for r in rows if r["proven"]]
        figures[f"{variant} proven within {seconds} s"] = f"{len(proven)} of {len(rows)}"
        if proven:
            figures[f"{variant} mean optimum (proven deals)"] = round(statistics.mean(r["moves"] for r in proven), 2)
            figures[f"{variant} mean beam / --optimize (same deals)"] = (
                f"{statistics.mean(r['beam'] for r in proven):.2f} / {statistics.mean(r['optimize'] for r in proven):.2f}")
            figures[f"{variant} median seconds to the proof"] = round(statistics.median(r["seconds"] for r in proven), 2)
        figures[f"{variant} deals not proven"] = [
            f"{r['deal']}: {r['lower_bound']}..{r['moves']}" for r in rows if not r["proven"]]
    return figures
