"""Spider solver figures: deals 1..N of each suit mode, a time limit each, one run.

    python benchmarks/bench_spider.py [--suits 1,2,4] [--deals 100] [--time-limit 60] [--out DIR]

Each mode's records go to DIR/spider-<suits>.jsonl (resumable: deals already there
are skipped); the summary is printed and returned. `make bench` runs it with
--deals 10 so the whole bench stays short; the README's figures come from --deals 100.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_mode(suits: int, deals: int, time_limit: float, out: Path) -> dict:
    from freecell_cli.spider.deals import deal
    from freecell_cli.spider.solve import Limits, solve

    path = out / f"spider-{suits}.jsonl"
    records = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                r = json.loads(line)
                records[r["deal"]] = r
            except (ValueError, KeyError):
                pass
    with open(path, "a") as f:
        for n in range(1, deals + 1):
            if n in records:
                continue
            r = solve(deal(n, suits), Limits(time=time_limit))  # verified inside solve
            rec = {"deal": n, "suits": suits, "verdict": r.verdict, "moves": r.move_count,
                   "seconds": round(r.seconds, 3), "states": r.states}
            records[n] = rec
            f.write(json.dumps(rec) + "\n")
            f.flush()
    return summarize([records[n] for n in range(1, deals + 1)])


def summarize(records: list[dict]) -> dict:
    solved = [r for r in records if r["verdict"] == "solved"]
    times = [r["seconds"] for r in records]
    return {
        "deals": len(records),
        "solved": len(solved),
        "gave_up": [r["deal"] for r in records if r["verdict"] != "solved"],
        "median_seconds": round(statistics.median(times), 2) if times else None,
        "median_seconds_solved": round(statistics.median([r["seconds"] for r in solved]), 2) if solved else None,
        "mean_moves": round(statistics.mean([r["moves"] for r in solved]), 1) if solved else None,
    }


def bench_spider(deals: int = 10, time_limit: float = 60.0, suits=(1, 2, 4)) -> dict:
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    figures = {}
    for s in suits:
        # a fresh file per bench run: figures from this run only
        (out / f"spider-{s}.jsonl").unlink(missing_ok=True)
        figures[f"spider {s} suit(s), deals 1-{deals}"] = run_mode(s, deals, time_limit, out)
    return figures


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--suits", default="1,2,4")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--out", default=str(ROOT / "bench-results"))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for s in (int(x) for x in a.suits.split(",")):
        print(s, json.dumps(run_mode(s, a.deals, a.time_limit, out)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
