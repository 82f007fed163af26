"""analyze: --jobs 2 against --jobs 1 on the same deals (whole processes)."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time

from common import BIN


def bench_analyze() -> dict:
    deals = os.environ.get("BENCH_ANALYZE_DEALS", "1-200")
    figures = {"deals": deals}
    times = {}
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "a.jsonl")
            start = time.perf_counter()
            subprocess.run([str(BIN / "freecell"), "analyze", deals, "--out", out, "--jobs", str(jobs)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[jobs] = time.perf_counter() - start
        figures[f"--jobs {jobs} (s)"] = round(times[jobs], 2)
    figures["speed-up of --jobs 2"] = round(times[1] / times[2], 2)
    return figures
