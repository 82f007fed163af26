"""Helpers for tests: pinned layouts and the Freecell Solver oracle."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"

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
