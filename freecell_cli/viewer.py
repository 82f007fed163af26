"""The terminal step viewer of ``freecell replay`` and ``freecell spider replay``:
the table as ``show`` draws it, the move about to be made marked, keys to step,
jump and play.

>>> decode_keys(b"n\\x1b[Cq")
['next', 'next', 'quit']
>>> decode_keys(b"\\x1b[D\\x1b[H\\x1b[4~ ")
['back', 'start', 'end', 'play']
"""

from __future__ import annotations

import os
import select
import sys
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:  # rich is imported only when the viewer runs
    from rich.console import Console, RenderableType


class Steps(Protocol):
    """What the viewer shows: a replay of either game (:class:`freecell_cli.replay.Replay`,
    :class:`freecell_cli.spider.replay.Replay`)."""

    @property
    def frames(self) -> int: ...  # the start, then one after each step

    @property
    def head(self) -> str: ...  # the game, as the first line names it

    def next_move(self, k: int) -> tuple[object, bool]: ...  # the move about to be made, refused?

    def caption(self, k: int) -> str: ...

    def rich_frame(self, k: int) -> RenderableType: ...

HELP = "right/n next   left/b back   Home/g start   End/G end   p/space play-pause   q quit"

# Escape sequences terminals send for the keys we use (xterm and vt220 forms).
_SEQUENCES = {
    b"\x1b[C": "next", b"\x1bOC": "next", b"\x1b[D": "back", b"\x1bOD": "back",
    b"\x1b[H": "start", b"\x1bOH": "start", b"\x1b[1~": "start", b"\x1b[7~": "start",
    b"\x1b[F": "end", b"\x1bOF": "end", b"\x1b[4~": "end", b"\x1b[8~": "end",
}
_SINGLE = {
    "n": "next", "l": "next", "\r": "next", "\n": "next", "b": "back", "h": "back",
    "g": "start", "0": "start", "G": "end", "$": "end", "p": "play", " ": "play",
    "q": "quit", "Q": "quit", "\x03": "quit", "\x04": "quit",
}


def decode_keys(data: bytes) -> list[str]:
    """Actions for the bytes read from a terminal in cbreak mode (unknown keys are dropped)."""
    out: list[str] = []
    i = 0
    while i < len(data):
        if data[i : i + 1] == b"\x1b":
            for seq, action in _SEQUENCES.items():
                if data.startswith(seq, i):
                    out.append(action)
                    i += len(seq)
                    break
            else:
                if i + 1 == len(data):  # a lone Escape
                    out.append("quit")
                    i += 1
                elif data[i + 1 : i + 2] in (b"[", b"O"):  # an unknown sequence: skip to its final byte
                    i += 2
                    while i < len(data) and not 0x40 <= data[i] <= 0x7E:
                        i += 1
                    i += 1
                else:  # Alt+key: ignore the Escape
                    i += 1
            continue
        single = _SINGLE.get(chr(data[i]))
        if single:
            out.append(single)
        i += 1
    return out


class Viewer:
    """Steps through a replay (:class:`Steps`); ``keys`` is a terminal's file descriptor."""

    def __init__(self, r: Steps, keys: int, out: TextIO = sys.stdout, delay: float = 0.6) -> None:
        self.replay = r
        self.keys = keys
        self.out = out
        self.delay = max(delay, 0.02)
        self.k = 0
        self.playing = False

    @property
    def last(self) -> int:
        return self.replay.frames - 1

    def act(self, action: str) -> bool:
        """Carry out one action; False when it is time to quit."""
        if action == "quit":
            return False
        if action == "play":
            self.playing = not self.playing
            if self.playing and self.k == self.last:
                self.k = 0
            return True
        self.playing = False
        if action == "next":
            self.k = min(self.k + 1, self.last)
        elif action == "back":
            self.k = max(self.k - 1, 0)
        elif action == "start":
            self.k = 0
        elif action == "end":
            self.k = self.last
        return True

    def tick(self) -> None:
        """One frame forward while playing; stop at the end."""
        self.k = min(self.k + 1, self.last)
        if self.k == self.last:
            self.playing = False

    def draw(self, console: Console) -> None:
        from rich.text import Text

        r = self.replay
        state = "playing" if self.playing else "paused" if self.k < self.last else "end"
        _, bad = r.next_move(self.k)
        console.clear()
        console.print(Text(f"{r.head} | step {self.k} / {self.last} | {state}", style="bold"))
        console.print(r.rich_frame(self.k))
        style = "bold red" if bad else "bold yellow" if self.k < self.last else "bold green"
        console.print(Text(r.caption(self.k), style=style))
        console.print(Text(HELP, style="dim"))

    def run(self) -> None:
        import termios
        import tty

        from rich.console import Console

        console = Console(file=self.out, highlight=False)
        saved = termios.tcgetattr(self.keys)
        try:
            tty.setcbreak(self.keys)
            running = True
            while running:
                self.draw(console)
                ready, _, _ = select.select([self.keys], [], [], self.delay if self.playing else None)
                if not ready:
                    self.tick()
                    continue
                data = os.read(self.keys, 64)
                if not data:
                    break
                for action in decode_keys(data):
                    if not self.act(action):
                        running = False
                        break
        except KeyboardInterrupt:
            pass
        finally:
            termios.tcsetattr(self.keys, termios.TCSADRAIN, saved)


__all__ = ["HELP", "Steps", "Viewer", "decode_keys"]
