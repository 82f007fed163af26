"""Text from input, made safe to print.

A solution file, a saved game or a results file may come from a stranger: a field
printed raw could move the cursor, clear the screen or write the clipboard (OSC 52).
Every text that came from input goes through :func:`escape` (bare, inside our own
quotes) or :func:`freecell_cli.errors.quote` (a ``repr``) before it is printed.

>>> escape("5a\\x1b]52;c;aGk=\\x07")
'5a\\\\x1b]52;c;aGk=\\\\x07'
>>> escape("ok as it is")
'ok as it is'
"""

from __future__ import annotations


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
    if width is not None and len(s) > width:
        s = s[: max(0, width - 3)] + "..."
    return s


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
