"""The optimal search (issue 26): how many deals are proven within a time limit,
and the optimum beside the default beam's and --optimize's lines on the same deals.

One process per deal and variant (`freecell solve --optimal --json`), one at a
time. BENCH_OPTIMAL_DEALS (default 1-10; the README's figures: 1-100),
BENCH_OPTIMAL_SECONDS (default 60) and BENCH_OPTIMAL_VARIANTS (default
standard,site) choose the run; BENCH_OPTIMAL_OUT names a JSON Lines file that
receives one record per deal (for the tables in the README). BENCH_OPTIMAL_FROM
names such a file (gzipped or not) to summarise instead of solving again.

BENCH_OPTIMAL_MACROXUE names one of macroxue/freecell's published solution files
(its repository's solutions/block.N, ``DEAL:MOVES`` a line, textbook rules, every
card sent home as soon as it can go; not shipped here): each deal's line is set
beside the optimum. Its moves that are not ``..h`` are non-foundation moves, our
count too. A line shorter than a proven optimum, or than a proven lower bound,
would mean a bug in the proof (or a move our rules refuse): it is listed.
"""

from __future__ import annotations

import gzip
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


def macroxue_lines(path: str) -> dict[int, int]:
    """Deal -> non-foundation moves of each line of a macroxue/freecell solution file."""
    out = {}
    with open(path) as f:
        for line in f:
            deal, _, moves = line.strip().partition(":")
            pairs = [moves[i:i + 2] for i in range(0, len(moves), 2)]
            out[int(deal)] = sum(not p.endswith("h") for p in pairs)
    return out


def _recorded(path: str) -> list[dict]:
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        return [json.loads(line) for line in f if line.strip()]


def _beside_macroxue(variant: str, rows: list[dict], theirs: dict[int, int]) -> dict:
    rows = [r for r in rows if r["deal"] in theirs]
    proven = [r for r in rows if r["proven"]]
    if not rows:
        return {}
    longer = [f"{r['deal']}: {theirs[r['deal']]} against {r['moves']}" for r in proven if theirs[r["deal"]] > r["moves"]]
    return {
        f"{variant} macroxue's line optimal (proven deals)": f"{len(proven) - len(longer)} of {len(proven)}",
        f"{variant} macroxue's mean (proven deals)": round(statistics.mean(theirs[r["deal"]] for r in proven), 2)
        if proven else None,
        f"{variant} macroxue's line longer than the optimum": longer,
        f"{variant} macroxue's line below a proven bound (must be none)": [
            r["deal"] for r in rows if theirs[r["deal"]] < (r["moves"] if r["proven"] else r["lower_bound"])],
        f"{variant} mean over all deals: macroxue / our best line / beam / --optimize": " / ".join(
            f"{statistics.mean(x):.2f}" for x in ([theirs[r["deal"]] for r in rows], [r["moves"] for r in rows],
                                                   [r["beam"] for r in rows], [r["optimize"] for r in rows])),
    }


def bench_optimal() -> dict:
    deals = _deals(os.environ.get("BENCH_OPTIMAL_DEALS", "1-10"))
    seconds = os.environ.get("BENCH_OPTIMAL_SECONDS", "60")
    variants = os.environ.get("BENCH_OPTIMAL_VARIANTS", "standard,site").split(",")
    out_path = os.environ.get("BENCH_OPTIMAL_OUT")
    recorded = os.environ.get("BENCH_OPTIMAL_FROM")
    theirs_path = os.environ.get("BENCH_OPTIMAL_MACROXUE")
    theirs = macroxue_lines(theirs_path) if theirs_path else {}
    old = _recorded(recorded) if recorded else []
    figures: dict = {}
    for variant in variants:
        rows = [r for r in old if r["variant"] == variant and r["deal"] in deals]
        for n in deals if not recorded else ():
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
        figures.update(_beside_macroxue(variant, rows, theirs))
    return figures


if __name__ == "__main__":
    for key, value in bench_optimal().items():
        print(f"{key:<48} {value}")
