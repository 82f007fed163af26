"""Helpers for tests: pinned layouts and the Freecell Solver oracle."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
# macroxue/freecell's published solutions are GPL-3 (this project is MIT): not copied
# here. Its repository's solutions/ folder, given here, lets their tests run.
MACROXUE_SOLUTIONS = os.environ.get("MACROXUE_SOLUTIONS")

HAVE_BOARD = shutil.which("make-microsoft-freecell-board") is not None
HAVE_FCSOLVE = shutil.which("fc-solve") is not None
needs_board = pytest.mark.skipif(
    not HAVE_BOARD, reason="make-microsoft-freecell-board absent (apt-get install freecell-solver-bin)"
)
needs_fcsolve = pytest.mark.skipif(
    not HAVE_FCSOLVE, reason="fc-solve absent (apt-get install freecell-solver-bin)"
)


def pinned_deals() -> dict[int, list[str]]:
    """Layouts printed by make-microsoft-freecell-board -t N, kept in the repo."""
    out: dict[int, list[str]] = {}
    current = None
    for line in (FIXTURES / "ms_deals.txt").read_text().splitlines():
        if line.startswith("# deal "):
            current = int(line.split()[-1])
            out[current] = []
        elif line.strip():
            out[current].append(line.strip())
    return out


def board(n: int) -> list[str]:
    """Column lines from the oracle for deal n."""
    text = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(n)], capture_output=True, text=True, check=True
    ).stdout
    return [line.strip() for line in text.splitlines() if line.strip()]


def columns_text(position) -> list[str]:
    return [" ".join(str(c) for c in col) for col in position.columns]


def macroxue_lines() -> list[str]:
    """macroxue's published lines of deals 1-100 (its -A) and 1941 (its -a, the one
    line of its first 2000 with moves home), from MACROXUE_SOLUTIONS; skips without it."""
    if not MACROXUE_SOLUTIONS:
        pytest.skip("set MACROXUE_SOLUTIONS to macroxue/freecell's solutions/ folder (not copied: GPL-3)")
    folder = Path(MACROXUE_SOLUTIONS)
    first = (folder / "block.1").read_text().splitlines()[:100]
    return first + [next(x for x in (folder / "block.2").read_text().splitlines() if x.startswith("1941:"))]
