"""Start-up cost of a pipe stage: `freecell deal 1` against `python -c "import typer"`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from common import BIN, interleaved


def bench_startup() -> dict:
    freecell = str(BIN / "freecell")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # Stale or missing .pyc files would then be compiled on every run: measure
        # what a user's machine does (make's install step compiles the package).
        import compileall

        compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "freecell_cli"), quiet=1)
    t = interleaved(
        {
            "python": [sys.executable, "-c", "pass"],
            "import typer": [sys.executable, "-c", "import typer"],
            "freecell deal 1": [freecell, "deal", "1"],
            "freecell deal 1 | show (show alone)": [freecell, "show", "--plain", "examples/start-617.txt"],
        },
        runs=25,
    )
    typer_ms = t["import typer"]["min_ms"]
    return {
        "python -c pass (min ms)": t["python"]["min_ms"],
        "python -c 'import typer' (min ms)": typer_ms,
        "freecell deal 1 (min ms)": t["freecell deal 1"]["min_ms"],
        "freecell show (min ms)": t["freecell deal 1 | show (show alone)"]["min_ms"],
        "deal 1 minus import typer (ms, target <= 40)": round(t["freecell deal 1"]["min_ms"] - typer_ms, 1),
        "deal 1 minus import typer, medians (ms)": round(
            t["freecell deal 1"]["median_ms"] - t["import typer"]["median_ms"], 1
        ),
    }
