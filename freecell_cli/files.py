"""Writing files safely: a reader sees the old content or the new, never half.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> atomic_write(str(path), "hello\\n"); path.read_text()
'hello\\n'
"""

from __future__ import annotations

import os
from pathlib import Path


def atomic_write(path: str, text: str | bytes) -> None:
    """Write ``text`` (or bytes, as they are) to a temporary file beside ``path``,
    sync it, then rename it over ``path``."""
    import tempfile

    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        mode = "wb" if isinstance(text, bytes) else "w"
        with os.fdopen(fd, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file private (0600); give it the mode any new file gets
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o22)  # reading the umask means setting it: put it back at once
    os.umask(mask)
    return mask
