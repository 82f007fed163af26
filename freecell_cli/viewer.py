"""The terminal step viewer of ``freecell replay`` and ``freecell spider replay``:
the table as ``show`` draws it, the move about to be made marked, keys to step,
jump and play.

Each frame fits the terminal as the game screens fit theirs
(:mod:`freecell_cli.layout`): the long columns compressed (``⋮N`` for N cards left
out; the cards the move takes and the last ones stay), the lines around the table
kept, the key line cut to the keys that fit; below the size a frame needs, one
line says so. A resized terminal is redrawn at once.

>>> decode_keys(b"n\\x1b[Cq")
['next', 'next', 'quit']
>>> decode_keys(b"\\x1b[D\\x1b[H\\x1b[4~ ")
['back', 'start', 'end', 'play']
"""

from __future__ import annotations

import os
import select
import signal
import sys
from typing import TYPE_CHECKING, Protocol, TextIO

from .layout import MIN_ROWS, fit_keys, too_small

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

    def rich_frame(self, k: int, rows: int | None = None) -> RenderableType: ...  # at most ``rows`` rows of cards

    def depth(self, k: int) -> int: ...  # the rows of cards of frame k drawn in full

    @property
    def min_width(self) -> int: ...  # the terminal columns a frame needs


TITLE = "replay"  # what the line on a terminal too small names
# the key line, fitted to the terminal's width (:func:`~freecell_cli.layout.fit_keys`):
# the keys of lowest priority go first; all of them fit in 80 columns
KEYS = ((9, "→/n next"), (8, "←/b back"), (4, "Home/g start"), (4, "End/G end"), (6, "p/space play/pause"),
        (10, "q quit"))

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

    def screen(self, console: Console) -> RenderableType:
        """What the terminal of ``console`` shows now, fitted to its size: the title
        line, the frame (its long columns compressed into the rows left), the
        caption and the key line; or, on a terminal too small for the frame with
        :data:`~freecell_cli.layout.MIN_ROWS` rows of cards, one line saying so.
        The last line ends without a newline (one would scroll the terminal by a line).

        >>> from rich.console import Console
        >>> from freecell_cli import deal, find_variant, read_solution
        >>> from freecell_cli.replay import replay
        >>> v = Viewer(replay(read_solution("5a 82"), deal(617), find_variant("site")), keys=-1)
        >>> v.screen(Console(width=40, height=12)).plain
        'terminal 40×12: replay needs 45×14'
        """
        from rich.console import Group
        from rich.text import Text

        width, height = console.size
        r, k = self.replay, self.k
        state = "playing" if self.playing else "paused" if k < self.last else "end"
        _, bad = r.next_move(k)
        title = Text(f"{r.head} | step {k} / {self.last} | {state}", style="bold")
        style = "bold red" if bad else "bold yellow" if k < self.last else "bold green"
        caption = Text(r.caption(k), style=style)
        keys = Text(fit_keys(KEYS, width), style="dim", end="")
        depth = r.depth(k)
        full = r.rich_frame(k)  # drawn whole: measured, and shown when it fits

        def lines(renderable: RenderableType, w: int) -> int:
            return len(console.render_lines(renderable, console.options.update_width(w), pad=False))

        # on a terminal wide enough, the height it needs at its width; else a size that will do.
        # ``fixed``: the lines of the screen but for the rows of cards
        wide = max(width, r.min_width)
        fixed = lines(title, wide) + lines(full, wide) - depth + lines(caption, wide) + lines(keys, wide)
        small = too_small(width, height, TITLE, wide, fixed + min(depth, MIN_ROWS))
        if small:
            return Text(small, style="bold", end="")
        rows = height - fixed
        return Group(title, full if rows >= depth else r.rich_frame(k, rows), caption, keys)

    def draw(self, console: Console) -> None:
        screen = self.screen(console)
        console.clear()
        console.print(screen, end="")

    def run(self) -> None:
        import termios
        import tty

        from rich.console import Console

        console = Console(file=self.out, highlight=False)
        saved = termios.tcgetattr(self.keys)
        # a resize (SIGWINCH) wakes the wait for a key through a pipe: the frame is drawn again
        resized, wake = os.pipe()
        os.set_blocking(wake, False)

        def on_resize(signum: int, frame: object) -> None:
            try:
                os.write(wake, b"\0")
            except BlockingIOError:  # the pipe is full: a redraw is on its way
                pass

        before = signal.signal(signal.SIGWINCH, on_resize)
        try:
            tty.setcbreak(self.keys)
            running = True
            while running:
                self.draw(console)
                ready, _, _ = select.select([self.keys, resized], [], [], self.delay if self.playing else None)
                if not ready:
                    self.tick()
                    continue
                if resized in ready:
                    os.read(resized, 64)
                    if self.keys not in ready:
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
            signal.signal(signal.SIGWINCH, before if before is not None else signal.SIG_DFL)
            os.close(resized)
            os.close(wake)
            termios.tcsetattr(self.keys, termios.TCSADRAIN, saved)


__all__ = ["KEYS", "Steps", "Viewer", "decode_keys"]
