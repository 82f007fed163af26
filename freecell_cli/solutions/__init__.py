"""Solution files: read every common format, write our own.

Formats (auto-detected by :func:`detect_solution_format`):

* ``standard`` — moves in standard notation separated by spaces/newlines, ``#``
  comments; ``v<hex>`` counts (fc-solve ``-snx``).
* ``fc-solve`` — Freecell Solver's complete output for ``-m``, ``-m -sn``,
  ``-m -snx`` and ``-p -t -sam`` (states after each move are kept for checking).
* ``fcpro`` — FreeCell Pro files (``#617 Attempt: 1 NumFcs=4 (FCPro)``): automatic
  moves are left out, so they are read under the ``windows`` rules by default.
* ``freecell-cli`` — ours: ``#`` header lines ``key: value`` then the moves::

      # freecell-cli solution
      # deal: 617
      # variant: site
      # cells: 4
      # moves: 3
      5a 82 a2

* ``json`` — ``{"deal": 617, "variant": "site", "cells": 4, "moves": ["5a", ...]}``.

The rooms: :mod:`.model` (:class:`Solution`, and ``placed``: a solution where it
starts, its moves as played), :mod:`.detect` (which format), :mod:`.read` (whole
texts and streamed files), :mod:`.start` (where a solution starts, below the model),
:mod:`.write` (the text of every format ``freecell solve`` writes).

>>> s = parse_solution("# freecell-cli solution\\n# deal: 617\\n5a 82\\n")
>>> s.format, s.deal, s.tokens
('freecell-cli', 617, ['5a', '82'])
>>> parse_solution(format_solution(s)).deal
617
"""

from .detect import DETECT_CHARS as DETECT_CHARS
from .detect import detect_solution_format as detect_solution_format
from .model import JSON_FORMAT as JSON_FORMAT
from .model import MAGIC as MAGIC
from .model import SOLUTION_FORMATS as SOLUTION_FORMATS
from .model import Solution as Solution
from .model import Step as Step
from .model import check_cells as check_cells
from .model import check_start as check_start
from .model import solution_from as solution_from
from .read import fcs_notation as fcs_notation
from .read import open_solution as open_solution
from .read import parse_solution as parse_solution
from .start import disagreement as disagreement
from .write import format_solution as format_solution
from .write import solution_to_dict as solution_to_dict

__all__ = [
    "DETECT_CHARS", "JSON_FORMAT", "MAGIC", "SOLUTION_FORMATS", "Solution", "Step", "check_cells", "check_start",
    "detect_solution_format", "disagreement", "fcs_notation", "format_solution", "open_solution", "parse_solution",
    "solution_from", "solution_to_dict",
]
