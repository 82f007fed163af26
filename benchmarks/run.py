"""Benchmarks (`make bench`). Figures are printed as a table and written to
bench-results/latest.json (and appended to bench-results/history.jsonl) so runs
can be compared. The machines are shared and noisy: compare ratios measured in
the same run, not absolute times across runs.

    python benchmarks/run.py [startup] [verify] [solve] ...
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from bench_startup import bench_startup  # noqa: E402
from bench_verify import bench_verify  # noqa: E402

SECTIONS = {"startup": bench_startup, "verify": bench_verify}
from bench_analyze import bench_analyze  # noqa: E402
from bench_solve import bench_solve, bench_unsolvable  # noqa: E402

SECTIONS["solve"] = bench_solve
SECTIONS["unsolvable"] = bench_unsolvable
SECTIONS["analyze"] = bench_analyze
from bench_prove import bench_prove  # noqa: E402

SECTIONS["prove"] = bench_prove
from bench_spider import bench_spider  # noqa: E402
from bench_macroxue import bench_macroxue  # noqa: E402

SECTIONS["macroxue"] = bench_macroxue  # skipped unless MACROXUE_SOLVER names its built solver
SECTIONS["spider"] = bench_spider  # deals 1-10 of each mode; the README's 1-100 figures: bench_spider.py
from bench_optimal import bench_optimal  # noqa: E402

SECTIONS["optimal"] = bench_optimal  # deals 1-10 under both variants; the README's figures: bench_optimal.py


def main(argv: list[str]) -> int:
    wanted = argv or list(SECTIONS)
    unknown = [w for w in wanted if w not in SECTIONS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    results = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    for name in wanted:
        print(f"== {name}", flush=True)
        figures = SECTIONS[name]()
        for key, value in figures.items():
            print(f"  {key:<48} {value}")
        results[name] = figures
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    # BENCH_RESULTS names the file (default latest.json): parts of one run made
    # side by side each write their own, then they are merged.
    latest = out / os.environ.get("BENCH_RESULTS", "latest.json")
    latest.write_text(json.dumps(results, indent=2) + "\n")
    with open(out / "history.jsonl", "a") as f:
        f.write(json.dumps(results) + "\n")
    print(f"written to {latest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
