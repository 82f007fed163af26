"""What the tests of the game screens share: keys pressed on a board, the screen
run headless, and a game in a real terminal (pexpect)."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest


def keys(board: Any, *names: str) -> None:
    """Press each key on ``board`` (FreeCell's or Spider's), in order."""
    for k in names:
        board.press(k)


def drive(board: Any, script, size=(100, 30)):
    """Run the game screen headless; ``script(pilot, app)`` is a coroutine."""
    from freecell_cli.screen import GameScreen

    app = GameScreen(board)

    async def main():
        async with app.run_test(size=size) as pilot:
            await script(pilot, app)

    asyncio.run(main())
    return app


def spawn(env: dict[str, str], *args: str):
    """``freecell ARGS`` in a pseudo-terminal of 32x110 (skips without pexpect)."""
    pexpect = pytest.importorskip("pexpect")
    return pexpect.spawn(sys.executable, ["-m", "freecell_cli", *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(32, 110))
