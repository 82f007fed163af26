"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def time_command(cmd: list[str], runs: int = 20, input: str | None = None) -> dict[str, float]:
    """Median and minimum wall time of a whole process, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, input=input, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return {"median_ms": round(statistics.median(times), 1), "min_ms": round(min(times), 1)}


def interleaved(cmds: dict[str, list[str]], runs: int = 20) -> dict[str, dict[str, float]]:
    """Time several commands alternately so that machine noise hits them alike."""
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append((time.perf_counter() - start) * 1000)
    return {k: {"median_ms": round(statistics.median(v), 1), "min_ms": round(min(v), 1)} for k, v in times.items()}
