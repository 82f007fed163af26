"""How a game screen's text fits the terminal (:meth:`~freecell_cli.keyboard.KeyBoard.render`):
lines wrapped to its width and clipped when it is short, the key line cut to the
keys that fit, the rows of a long column compressed so its last cards and the run in
focus stay on the screen, and the help in pages. Plain strings only: no terminal, no
rich.

>>> fit_keys([(3, "U undo"), (1, "R redo"), (9, "? help")], 14)
'U undo ? help'
>>> column_rows(19, 6)
[range(0, 14), 14, 15, 16, 17, 18]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

GAP = "⋮"  # a row standing for cards left out of a long column ("⋮12": twelve cards)
MIN_ROWS = 4  # the rows of cards a table keeps before the lines around it give up theirs


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """``text`` in lines of at most ``width`` characters: itself when it fits, else cut
    between words (``indent`` spaces before each line after the first).

    >>> wrap("picked up JC from column 5", 12)
    ['picked up JC', 'from column', '5']
    >>> wrap("  H    hint, with why", 14, indent=7)
    ['  H    hint,', '       with', '       why']
    """
    if len(text) <= width:
        return [text]
    import textwrap

    return textwrap.wrap(text, max(width, indent + 2), subsequent_indent=" " * indent,
                         break_on_hyphens=False) or [""]


def reflow(text: str, width: int, indent: int) -> list[str]:
    """The lines of a help page (``text``: entries whose description starts at
    column ``indent`` and may go on in lines indented as far): themselves when they
    fit in ``width``, else each entry's description wrapped again from its start.

    >>> page = "Keys\\n  U    undo the last\\n       move\\n  R    redo"
    >>> reflow(page, 30, 7) == page.splitlines()
    True
    >>> reflow(page, 14, 7)
    ['Keys', '  U    undo', '       the', '       last', '       move', '  R    redo']
    """
    lines = text.splitlines()
    if all(len(line) <= width for line in lines):
        return lines
    entries: list[str] = []
    for line in lines:
        if entries and line[:indent].isspace() and line[indent:indent + 1].strip():
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    return [part for entry in entries for part in wrap(entry, width, indent)]


def clip(lines: list[str], n: int, width: int) -> list[str]:
    """The first ``n`` (at least one) of ``lines``; the last ends in ``…`` when some
    were left out.

    >>> clip(["one two", "three four", "five"], 2, 10)
    ['one two', 'three fou…']
    """
    n = max(n, 1)
    if len(lines) <= n:
        return lines
    kept = lines[:n]
    kept[-1] = kept[-1][: width - 1] + "…"
    return kept


def too_small(width: int, height: int | None, title: str, need_width: int, need_height: int) -> str:
    """The line shown instead of a screen on a terminal of ``width`` × ``height``
    (None: any height) smaller than the ``need_width`` × ``need_height`` that
    ``title`` needs, or "" when it fits: the longest wording that fits on one line
    with a column of padding each side.

    >>> too_small(80, 12, "replay", 48, 16)
    'the terminal is 80×12; replay needs at least 48×16 (Q quits)'
    >>> too_small(40, 12, "replay", 48, 16), too_small(48, 16, "replay", 48, 16)
    ('terminal 40×12: replay needs 48×16', '')
    """
    if width >= need_width and (height is None or height >= need_height):
        return ""
    size = f"{width} columns wide" if height is None else f"{width}×{height}"
    need = f"{need_width}×{need_height}"
    short = f"terminal {size}: {title} needs {need}"
    for text in (f"the terminal is {size}; {title} needs at least {need} (Q quits)",
                 f"terminal {size}; {title} needs at least {need} (Q quits)", short + " (Q quits)", short):
        if len(text) <= width - 2:
            return text
    return f"{title} needs {need}"


def fit_keys(keys: Sequence[tuple[int, str]], width: int) -> str:
    """The key line: ``keys`` (a priority, the text), in their order, one space apart,
    without the ones of lowest priority (the later of equal ones first) that do not fit
    in ``width``. What is left out is on the help page.

    >>> keys = [(5, "←→ focus"), (2, "U undo"), (2, "R redo"), (9, "? help")]
    >>> fit_keys(keys, 40), fit_keys(keys, 22), fit_keys(keys, 5)
    ('←→ focus U undo R redo ? help', '←→ focus U undo ? help', '? help')
    """
    kept = list(keys)
    while len(kept) > 1 and len(" ".join(text for _, text in kept)) > width:
        lowest = min(p for p, _ in kept)
        last = max(i for i, (p, _) in enumerate(kept) if p == lowest)
        del kept[last]
    return " ".join(text for _, text in kept)


def column_rows(length: int, rows: int, keep: int | None = None) -> list[int | range]:
    """What a column of ``length`` cards shows in at most ``rows`` rows: the index of
    each card drawn, and for cards left out one row, their range (drawn as ``⋮N``).
    The last cards are always drawn, and card ``keep`` (where the run in focus or
    the one held starts) too when there are four rows or more.

    >>> column_rows(5, 6)
    [0, 1, 2, 3, 4]
    >>> column_rows(19, 6, keep=3)
    [range(0, 3), 3, range(4, 16), 16, 17, 18]
    >>> column_rows(19, 6, keep=0)
    [0, range(1, 15), 15, 16, 17, 18]
    """
    if length <= rows:
        return list(range(length))
    rows = max(rows, 2)
    tail = rows - 1
    if keep is None or keep >= length - tail or rows < 4:
        return [range(0, length - tail), *range(length - tail, length)]
    head: list[int | range] = [range(0, keep)] if keep else []
    tail = rows - len(head) - 2
    return [*head, keep, range(keep + 1, length - tail), *range(length - tail, length)]


def table_rows(lengths: Sequence[int], rows: int | None, marked: Iterable[tuple[int, int]] = ()) -> list[list[int | range]]:
    """:func:`column_rows` for each column of a table (``lengths``), in at most
    ``rows`` rows (None: every card), each column keeping the first of its cards
    in ``marked`` (column, card) pairs: the cards a move takes stay in sight.

    >>> table_rows([3, 19], 6, [(1, 5), (1, 6)])
    [[0, 1, 2], [range(0, 5), 5, range(6, 16), 16, 17, 18]]
    """
    first: dict[int, int] = {}
    for i, card in marked:
        first[i] = min(card, first.get(i, card))
    return [column_rows(n, n if rows is None else rows, first.get(i)) for i, n in enumerate(lengths)]


def gap_text(cards: range) -> str:
    """The three characters of a row of left-out cards.

    >>> gap_text(range(0, 12)), gap_text(range(3, 8))
    ('⋮12', ' ⋮5')
    """
    return f"{GAP}{len(cards)}".rjust(3)


def pages(lines: list[str], height: int) -> list[list[str]]:
    """``lines`` in pages of ``height`` lines, one page when they fit; else each page
    leaves its last line for the pager's note.

    >>> pages(["a", "b", "c"], 3), pages(["a", "b", "c"], 2)
    ([['a', 'b', 'c']], [['a'], ['b'], ['c']])
    """
    if len(lines) <= height:
        return [lines]
    per = max(height - 1, 1)
    return [lines[i:i + per] for i in range(0, len(lines), per)]
