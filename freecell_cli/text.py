"""Text for messages: made safe to print, cut short, counted.

A solution file, a saved game or a results file may come from a stranger: a field
printed raw could move the cursor, clear the screen or write the clipboard (OSC 52).
Every text that came from input goes through :func:`escape` (bare, inside our own
quotes) or :func:`freecell_cli.errors.quote` (a ``repr``) before it is printed.

>>> escape("5a\\x1b]52;c;aGk=\\x07")
'5a\\\\x1b]52;c;aGk=\\\\x07'
>>> escape("ok as it is")
'ok as it is'

A message stays one short line whatever it shows: :func:`quote`, :func:`short_repr`,
:func:`shown`, :func:`token_shown` and ``escape(text, width)`` cut what they show
(:func:`cut`), and none fails on an int too long to turn into text.
"""

from __future__ import annotations

import re


def escape(text: object, width: int | None = None) -> str:
    """``text`` with every character that is not printable (control characters,
    C1 codes, ESC, line and format marks such as U+202E) written as its Python
    escape, cut to ``width`` characters (with ``...``) when given.

    >>> escape("a\\u202eb\\nc"), escape("x" * 10, width=6)
    ('a\\\\u202eb\\\\nc', 'xxx...')
    """
    s = text if isinstance(text, str) else str(text)
    if not s.isprintable():
        s = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in s)
    return s if width is None else cut(s, width)


def cut(text: str, width: int) -> str:
    """``text``, or its first characters and ``...`` when it is longer than ``width``.

    >>> cut("abcdefgh", 6), cut("abc", 6)
    ('abc...', 'abc')
    """
    return text if len(text) <= width else text[: max(0, width - 3)] + "..."


def cut_words(text: str, width: int = 256) -> str:
    """``text`` with each word (a run without white space) longer than ``width``
    cut in its middle, its start and end kept: a diagnostic that quotes a
    5,000-character argument or path stays a line to read. A position or a path
    of the usual length is kept whole.

    >>> cut_words("cannot read " + "a/" * 20 + "x.sol: gone", 20)
    'cannot read a/a/a/a/.../a/x.sol: gone'
    """
    if len(text) <= width:
        return text
    head = (width - 3) // 2
    tail = width - 3 - head
    return re.sub(rf"\S{{{width + 1},}}", lambda m: m.group()[:head] + "..." + m.group()[-tail:], text)


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``, ``1,000 states``.

    >>> plural(1, "card"), plural(1000, "state")
    ('1 card', '1,000 states')
    """
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def all_legal(n: int) -> str:
    """The start of a verdict on ``n`` moves that are all legal.

    >>> all_legal(0), all_legal(1), all_legal(3)
    ('no moves', 'the one move legal', 'all 3 moves legal')
    """
    return "no moves" if n == 0 else "the one move legal" if n == 1 else f"all {plural(n, 'move')} legal"


def clock(seconds: float) -> str:
    """A game's time as its clock shows it: ``m:ss``, or ``h:mm:ss`` from an hour.

    >>> clock(75.9), clock(3725)
    ('1:15', '1:02:05')
    """
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _too_long(value: object) -> str:
    return f"<{type(value).__name__} too long to show>"


def quote(text: object, width: int = 40) -> str:
    """``repr`` of a piece of input, cut to ``width`` characters: an error message
    stays one short line whatever it quotes.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    try:
        text = repr(text)
    except ValueError:  # an int of over 4300 digits has no repr
        text = _too_long(text)
    end = text[-1] if text[-1] in "'\"" else ""  # a string's closing quote stays; a number has none
    return text if len(text) <= width else text[: width - 3 - len(end)] + "..." + end


def short_repr(value: object) -> str:
    """``value`` as an error message shows it: its repr, cut short (an int of over
    60 digits is said to be one).

    >>> short_repr("x" * 50), short_repr(10**70)
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'with over 60 digits')
    """
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "with over 60 digits"
    return cut(text, 40)


def shown(value: object, width: int = 20) -> str:
    """The first ``width`` characters of ``str(value)``, a field of a file as a
    message shows it (an int too long to turn into text is said to be one).

    >>> shown("x" * 30), shown(10**5000)
    ('xxxxxxxxxxxxxxxxxxxx', '<int too long to show>')
    """
    try:
        return str(value)[:width]
    except ValueError:  # an int of over 4300 digits has no str
        return _too_long(value)


def token_shown(token: str) -> str:
    """A move as typed, as a refusal names it: as it is when short and printable,
    else quoted (:func:`quote`).

    >>> token_shown("58"), token_shown("5\\x1b")
    ('58', "'5\\\\x1b'")
    """
    return token if len(token) <= 20 and token.isprintable() else quote(token, 24)


def json_line(value: object) -> str:
    """``value`` as one line of JSON for a terminal: orjson escapes the control
    characters below U+0020 but writes C1 codes, line separators and format marks
    (U+202E) as they are, valid JSON that a terminal would still act on; here they
    are ``\\uXXXX`` escapes too, so the line reads back the same.

    >>> json_line({"move": "5a\\x9b2J\\u202e"})
    '{"move":"5a\\\\u009b2J\\\\u202e"}'
    """
    import orjson

    text = orjson.dumps(value).decode()
    if text.isprintable():  # not isascii(): DEL (0x7f) is ASCII, and orjson leaves it raw
        return text
    return "".join(ch if ch.isprintable() else _json_escape(ch) for ch in text)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a surrogate pair, as JSON writes a character past the BMP
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
