"""The full-screen games (``freecell play`` and ``freecell spider play`` on a
terminal), drawn with Textual.

It only draws and maps keys: what a key does is the board's business (FreeCell's
:class:`~freecell_cli.board.Board`, Spider's :class:`~freecell_cli.spider.board.Board`,
both :class:`~freecell_cli.keyboard.KeyBoard`), the rules and saving are the game's.
Only the two ``play`` commands import this module (Textual takes a while to import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from .text import escape

if TYPE_CHECKING:
    from rich.text import Text
    from textual.events import Key

    from .keyboard import KeyBoard

    Board = KeyBoard[Any, Any, Any, Any]

NAMED_KEYS = {"left", "right", "up", "down", "tab", "shift+tab", "enter", "space", "escape", "backspace"}


class GameScreen(App[None]):
    """Shows the board and hands it the keys; computes hints off the main thread."""

    CSS = """
    Screen { overflow-y: auto; }
    #table { width: 100%; padding: 0 1; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "interrupt", show=False, priority=True),
        Binding("ctrl+q", "interrupt", show=False, priority=True),
        Binding("ctrl+z", "suspend_process", show=False, priority=True),
    ]

    def __init__(self, board: Board, hint_seconds: float = 10.0) -> None:
        super().__init__()
        self.board = board
        self.hint_seconds = hint_seconds
        self.interrupted = False
        self.signalled: int | None = None  # the terminating signal that ended the game

    def _terminated(self, signum: int) -> None:
        self.signalled = signum
        self.exit()

    def compose(self) -> ComposeResult:
        yield Static(id="table")

    def on_mount(self) -> None:
        import asyncio
        import signal

        # A terminating signal ends the game as Q does (the terminal given back,
        # the game saved after every move already); the process then dies of it.
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(signum, self._terminated, signum)
        self.title = self.board.TITLE
        # immediate: the process stops right after the suspend signal (Ctrl-Z)
        self.app_suspend_signal.subscribe(self, lambda app: self.board.pause_clock(), immediate=True)
        self.app_resume_signal.subscribe(self, lambda app: self.board.resume_clock(), immediate=True)
        self.board.resume_clock()  # stopped while the screen was being set up
        self.redraw()
        self.set_interval(1.0, self.redraw)  # the clock

    def redraw(self) -> None:
        content: Text | str
        try:
            content = self.board.render(self.size.width, self.size.height)
        except Exception as e:  # a bug: one line, never a traceback
            from rich.text import Text

            # Text, not markup, and escaped: the message may quote a field of the save
            content = Text(f"internal error, please report it: {type(e).__name__}: {escape(e)} (Q quits, the game is saved)")
        self.query_one("#table", Static).update(content)

    def screen_text(self) -> str:
        """The game as plain text (what a snapshot compares)."""
        return self.board.snapshot(self.size.width, self.size.height)

    def on_key(self, event: Key) -> None:
        key = event.key
        if key not in NAMED_KEYS:
            if not (event.is_printable and event.character):
                return
            key = event.character
        event.stop()
        event.prevent_default()
        try:
            action = self.board.press(key)
            if action == "quit":
                self.exit()
                return
            if action == "hint":
                self.start_hint()
        except Exception as e:  # a bug: one line on the screen, and the game goes on
            self.board.say(f"internal error, please report it: {type(e).__name__}: {e}", "error")
        self.redraw()

    def start_hint(self) -> None:
        import threading

        job, key = self.board.hint_job(self.hint_seconds)

        def work() -> None:
            hint = job()
            if not self.is_running:  # the game has ended meanwhile: nobody to tell
                return
            try:
                self.call_from_thread(self.hint_done, hint, key)
            except RuntimeError:  # it ended just now
                pass

        # A daemon thread, not one of Textual's workers: Q and Ctrl-C end the game at
        # once instead of waiting for a hint nobody will read (up to its time limit).
        threading.Thread(target=work, name="hint", daemon=True).start()

    def hint_done(self, hint: Any, key: tuple[object, ...]) -> None:
        self.board.show_hint(hint, key)
        self.redraw()

    def action_interrupt(self) -> None:
        self.interrupted = True
        self.exit()


def run_screen(board: Board) -> bool:
    """Play on the terminal until the player quits; True when left with Ctrl-C."""
    app = GameScreen(board)
    app.run(mouse=False)
    if app.signalled is not None:  # die of it, as the signal meant, the terminal restored
        import os
        import signal

        signal.signal(app.signalled, signal.SIG_DFL)
        os.kill(os.getpid(), app.signalled)
    return app.interrupted
