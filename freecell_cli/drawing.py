"""The text of a game screen (:meth:`freecell_cli.keyboard.KeyBoard.render`), drawn
with rich for a terminal of a given size, as :mod:`freecell_cli.layout` fits it:
the status, the places, the columns (a long one compressed), what is held, the
message, the notes and the key line; or the help, in pages. Also the columns
of ``show``'s coloured picture (:func:`column_table`), for both games.

>>> from freecell_cli.board import Board
>>> from freecell_cli.game import Game
>>> print(render(Board(Game.new(617)), 40, 12).plain)
terminal 40×12: FreeCell needs 50×14
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .layout import clip, column_rows, gap_text, pages, reflow, table_rows, wrap

if TYPE_CHECKING:  # rich is imported only when the screen is drawn
    from rich.table import Table
    from rich.text import Text

    from .cards import Card

# backgrounds only (light ones: a card on them is drawn black or red)
HELD, TARGET, HINT_FROM, HINT_TO = "on bright_white", "on bright_green", "on yellow", "on cyan"
COLUMN = "column"  # the kind of a column's spot, in both games


class AnyBoard(Protocol):
    """What drawing needs of a screen's board (:class:`freecell_cli.keyboard.KeyBoard`):
    described here so that the board imports its drawing and not the other way round."""

    KEYS_HELP: str
    HELP_INDENT: int
    MIN_ROWS: int
    help_pages: int  # the board's help is laid out here: drawing says how many pages it took

    @property
    def focus(self) -> Any: ...  # a Spot

    @property
    def held(self) -> tuple[Any, int] | None: ...

    @property
    def help(self) -> bool: ...

    @property
    def help_page(self) -> int: ...

    @property
    def typed(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def tone(self) -> str: ...

    def too_small(self, width: int, height: int | None) -> str: ...

    def status(self) -> str: ...

    def short_status(self) -> str: ...

    def draw_places(self, out: Text, width: int) -> None: ...

    def table_columns(self) -> tuple[Sequence[Sequence[Card | None]], int]: ...

    def selection_line(self) -> str: ...

    def typing_line(self) -> str: ...

    def notes(self) -> str: ...

    def hint_spots(self) -> tuple[Any, Any]: ...

    def targets(self) -> set[Any]: ...

    def footer(self, width: int) -> str: ...

    def column_spot(self, index: int) -> Any: ...

    def spot_style(self, spot: Any, targets: set[Any], hint_src: Any, hint_dst: Any) -> str: ...

    def run_at_focus(self) -> int: ...


def render(board: AnyBoard, width: int = 100, height: int | None = None) -> Text:
    """The screen as a :class:`rich.text.Text` (its ``.plain`` is the snapshot),
    fitted to a terminal of ``width`` × ``height`` (None: as tall as it needs):
    no line is wider than ``width`` less the padding, and with a height, the
    text fits in it with the focus and the lines below the table on it."""
    from rich.text import Text

    small = board.too_small(width, height)
    if small:
        return Text(small, style="bold")
    room = max(width - 2, 8)  # the screen's padding: a column each side
    long_status = board.status()
    status = wrap(long_status if len(long_status) <= room else board.short_status(), room)
    places = Text()
    board.draw_places(places, room)
    columns, hint_count = board.table_columns()
    depth = max([len(c) for c in columns] + [1])
    if board.help:
        return render_help(board, status, places, room, height)
    selection = wrap(board.selection_line() or " ", room)
    if board.typed:
        text = board.message if board.message.startswith(f"typing a move: {board.typed}_ (") else board.typing_line()
        tone = "bold"
    else:
        text, tone = board.message or " ", {"error": "bold red", "good": "bold green"}.get(board.tone, "")
    message = wrap(text, room)
    note = wrap(board.notes() or " ", room)
    rows, blanks = depth, 4
    if height is not None:
        fixed = places.plain.count("\n") + 2  # the places, the columns' numbers, the key line
        parts = [note, selection, status, message]  # the order they give up their lines in

        def spare() -> int:
            return height - fixed - sum(len(p) for p in parts)

        floor = min(depth, board.MIN_ROWS)
        for i, lines in enumerate(parts):
            if spare() < floor:
                parts[i] = clip(lines, len(lines) - (floor - spare()), room)
        note, selection, status, message = parts
        rows = max(min(depth, spare()), 1)  # fewer: the long columns are compressed
        blanks = max(min(4, spare() - rows), 0)
    out = Text()
    for line in status:
        out.append(line + "\n", style="bold")
    out.append("\n" if blanks >= 1 else "")
    out.append_text(places)
    out.append("\n" if blanks >= 4 else "")
    hint_src, hint_dst = board.hint_spots()
    draw_columns(board, out, columns, board.targets(), hint_src, hint_dst, hint_count, rows)
    out.append("\n" if blanks >= 2 else "")
    for lines, style in ((selection, "cyan"), (message, tone), (note, "yellow")):
        for line in lines:
            out.append(line + "\n", style=style)
    out.append("\n" if blanks >= 3 else "")
    out.append(board.footer(room), style="dim")  # no newline after it: the screen would add a line
    return out


def render_help(board: AnyBoard, status: list[str], places: Text, room: int, height: int | None) -> Text:
    """The help page: under the table when both fit, else alone, in pages that
    Space turns."""
    from rich.text import Text

    helps = reflow(board.KEYS_HELP, room, board.HELP_INDENT)
    columns, hint_count = board.table_columns()
    depth = max([len(c) for c in columns] + [1])
    out = Text()
    if height is None or len(status) + places.plain.count("\n") + depth + 4 + len(helps) <= height:
        board.help_pages = 1
        for line in status:
            out.append(line + "\n", style="bold")
        out.append("\n")
        out.append_text(places)
        out.append("\n")
        hint_src, hint_dst = board.hint_spots()
        draw_columns(board, out, columns, board.targets(), hint_src, hint_dst, hint_count)
        out.append("\n")
        out.append("\n".join(helps), style="bold")
        return out
    book = pages(helps, height)
    board.help_pages = len(book)
    page = min(board.help_page, len(book) - 1)
    out.append("\n".join(book[page]), style="bold")
    if len(book) > 1:
        more = page + 1 < len(book)
        note = (f"page {page + 1} of {len(book)}: " + ("Space shows the next, any other key closes" if more
                                                        else "any key closes"))
        out.append("\n" + (note if len(note) <= room else f"{page + 1}/{len(book)}" + (" Space: more" if more
                                                                                      else "")), style="dim")
    return out


def draw_columns(board: AnyBoard, out: Text, columns: Sequence[Sequence[Card | None]], targets: set[Any],
                 hint_src: Any, hint_dst: Any, hint_count: int, rows: int | None = None) -> None:
    """The columns: a header of numbers, then the cards row by row (None: a card
    face down), with the focus, what is held, where it can go and the hint marked.
    ``hint_count`` cards move in the hinted move. With ``rows``, a longer column
    is compressed into that many (:func:`~freecell_cli.layout.column_rows`)."""
    for i in range(len(columns)):
        spot = board.column_spot(i)
        st = board.spot_style(spot, targets, hint_src, hint_dst)
        out.append(">" if spot == board.focus else " ")
        out.append(f"{i + 1:^3}", style=st or "dim")
        out.append("+" if spot in targets else " ")
        out.append(" ")
    out.append("\n")
    held_src, held_n = board.held if board.held is not None else (None, 0)
    focus_run = board.run_at_focus() if board.focus.kind == COLUMN and board.held is None else 0
    shown: list[list[int | range]] = []
    for i, col in enumerate(columns):
        spot = board.column_spot(i)
        run = held_n if spot == held_src else (focus_run if spot == board.focus else 0)
        shown.append(list(range(len(col))) if rows is None else
                     column_rows(len(col), rows, len(col) - run if run else None))
    depth = max((len(c) for c in shown), default=0)
    for row in range(max(depth, 1)):
        for i, col in enumerate(columns):
            spot = board.column_spot(i)
            mark, st = " ", ""
            if row < len(shown[i]):
                entry = shown[i][row]
                from_end = len(col) - (entry.start if isinstance(entry, range) else entry)
                if isinstance(entry, range):  # cards left out: the held or focused ones keep their mark
                    if spot == held_src and from_end <= held_n:
                        mark, st = "*", HELD
                    elif spot == board.focus and from_end <= focus_run:
                        st = "reverse"
                    out.append(mark)
                    out.append(gap_text(entry), style=st or "dim")
                    out.append("  ")
                    continue
                card = col[entry]
                if card is None:  # face down: never part of a run
                    out.append(" ")
                    out.append(" ##", style="blue")
                    out.append("  ")
                    continue
                if spot == held_src and from_end <= held_n:
                    mark, st = "*", HELD
                elif spot == board.focus and from_end <= focus_run:
                    mark, st = (">" if from_end == focus_run else " "), "reverse"
                elif from_end == 1 and spot in targets:
                    st = TARGET
                elif from_end == 1 and spot == hint_dst:
                    st = HINT_TO
                elif spot == hint_src and from_end <= hint_count:
                    st = HINT_FROM
                out.append(mark)
                out.append_text(card_text(card, st))
                out.append("  ")
            elif row == 0:
                st = TARGET if spot in targets else ("reverse" if spot == board.focus else "")
                out.append(" ")
                out.append(" · " if st else "   ", style=st)
                out.append("  ")
            else:
                out.append("      ")
        out.rstrip()
        out.append("\n")


def card_text(card: Card | None, style: str = "") -> Text:
    """A card as the table shows it: three characters, red or black, bold."""
    from rich.text import Text

    if card is None:
        return Text("   ", style=style)
    if "on " in style:  # a light background: a fixed foreground (white would vanish)
        colour = "red" if card.is_red else "black"
    else:
        colour = "red" if card.is_red else ""
    return Text(f"{card.symbol():>3}", style=" ".join(x for x in ("bold", colour, style) if x))


def column_table(columns: Sequence[Sequence[Any]], rows: int | None, marks: Mapping[tuple[int, int], str],
                 card: Callable[[Any, str], Text]) -> Table:
    """The columns of a table as ``show`` draws them for a terminal, in either
    game (:func:`freecell_cli.render.render_rich`, Spider's): numbered, in at
    most ``rows`` rows (a long column compressed as the game screen compresses
    it, its first marked card kept), ``marks`` styling places by (column, row);
    ``card(item, mark)`` draws one of a column's items ("" when unmarked). A
    marked place past a column's end is a move's landing in an empty column."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for i in range(len(columns)):
        table.add_column(Text(str(i + 1), style="dim"), justify="right", min_width=3)
    shown = table_rows([len(c) for c in columns], rows, marks)
    for r in range(max([len(c) for c in shown] + [1 if marks else 0])):
        line: list[Text] = []
        for i, col in enumerate(columns):
            entry = shown[i][r] if r < len(shown[i]) else None
            if entry is None:
                line.append(Text("   ", style=marks.get((i, r)) or ""))
            elif isinstance(entry, range):
                mark = marks.get((i, entry.start))
                line.append(Text(gap_text(entry), style=f"black {mark}" if mark else "dim"))
            else:
                line.append(card(col[entry], marks.get((i, entry)) or ""))
        table.add_row(*line)
    return table
