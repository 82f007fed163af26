"""One deal's record: what to do with each deal (:class:`Job`), the record made
(:func:`analyze_deal`, :func:`error_record`), its check (:func:`check_record`),
and the settings it states."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..bounds import MAX_WIDTH
from ..deals import MAX_DEAL
from ..errors import FreecellError
from ..moves import plural
from ..text import escape
from ..solvers.result import Outcome
from ..games import FAMILY
from ..variants import VARIANTS

# the searches' verdicts as plain text (records are checked by type), and a failed deal's
VERDICTS = (*(v.value for v in Outcome), "error")
MODES = ("solve", "min-cells", "optimal")
SETTINGS = ("game", "mode", "suits", "variant", "cells", "max_cells", "width", "fcsolve", "requested_engine",
            "time_limit")  # what a resume must match

# One result record: a JSON object, as written to and read back from a results file
# (checked by check_record); its fields hold whatever JSON holds (numbers, text, lists,
# None), each checked where it is used. Summaries (Summary.as_dict) and settings are
# JSON objects of mixed values too, and take the same type.
Record = dict[str, Any]


# -- one deal -------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """What to do with each deal (sent to every worker). ``time_limit``: seconds
    per deal; None, 0 or infinity mean no limit (stored as None).

    >>> Job(time_limit=0).time_limit is None
    True
    >>> Job(time_limit=float("nan"))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.FreecellError: time limit must be a number of seconds >= 0 (0: no limit), not nan
    """

    variant: str = "site"
    cells: int = 4
    engine: str = "auto"
    time_limit: float | None = 60.0
    solutions: bool = True
    game: str = "freecell"  # or "spider", or a FreeCell family game's name
    suits: int = 4  # Spider's suits
    mode: str = "solve"  # or "min-cells": the fewest free cells each deal needs (mincells.py),
    # or "optimal": the fewest non-foundation moves, proven (solvers/optimal.py)
    max_cells: int = 4  # min-cells: the most cells tried
    width: int | None = None  # the beam's width (None: its own): min-cells' at each count, or engine beam's
    fcsolve: bool = True  # min-cells: Freecell Solver looks first at each count (where installed)

    def __post_init__(self) -> None:
        from ..variants import find_variant

        find_variant(self.variant)  # raises on an unknown one
        if self.game not in _GAMES:
            raise FreecellError(f"game must be one of {', '.join(_GAMES)}, not {self.game!r}")
        if self.game == "spider" and self.suits not in (1, 2, 4):
            raise FreecellError(f"Spider is played with 1, 2 or 4 suits, not {self.suits!r}")
        if type(self.cells) is not int or not 0 <= self.cells <= 15:
            raise FreecellError(f"cells must be 0 to 15, not {self.cells!r}")
        if self.mode not in MODES:
            raise FreecellError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        if self.mode == "min-cells" and self.game in FAMILY:
            from ..mincells import check_game

            check_game(self.game)  # a game whose deal fills free cells: refused, saying why
        elif self.mode != "solve" and self.game != "freecell":
            raise FreecellError(f"{self.mode} is for FreeCell deals")
        if type(self.max_cells) is not int or not 0 <= self.max_cells <= 15:
            raise FreecellError(f"max cells must be 0 to 15, not {self.max_cells!r}")
        if self.width is not None and (type(self.width) is not int or not 1 <= self.width <= MAX_WIDTH):
            raise FreecellError(f"width must be 1 to {MAX_WIDTH:,}, not {self.width!r}")
        if self.width is not None and self.game == "spider":
            raise FreecellError("Spider's solver has no beam width (the beam is FreeCell's and its family's)")
        if self.width is not None and self.mode != "min-cells" and (self.mode != "solve" or self.engine != "beam"):
            raise FreecellError("a width goes with engine beam, or with min-cells (its beam at each count)")
        if type(self.fcsolve) is not bool:
            raise FreecellError(f"fcsolve must be True or False, not {self.fcsolve!r}")
        if not self.fcsolve and (self.mode != "min-cells" or self.game != "freecell"):
            raise FreecellError("leaving Freecell Solver out goes with FreeCell's min-cells (it is asked "
                                "nothing else)")
        t = self.time_limit
        if t is not None:
            if isinstance(t, bool) or not isinstance(t, (int, float)) or math.isnan(t) or t < 0:
                raise FreecellError(f"time limit must be a number of seconds >= 0 (0: no limit), not {t!r}")
            object.__setattr__(self, "time_limit", None if t == 0 or math.isinf(t) else float(t))

    def settings(self) -> Record:
        """What a record made by this job says about how it was made.

        >>> Job(cells=2).settings()
        {'variant': 'site', 'cells': 2, 'requested_engine': 'auto', 'time_limit': 60.0}
        >>> Job(game="spider", suits=2).settings()
        {'game': 'spider', 'suits': 2, 'time_limit': 60.0}
        >>> Job(variant="standard", mode="min-cells", max_cells=3).settings()
        {'mode': 'min-cells', 'variant': 'standard', 'max_cells': 3, 'time_limit': 60.0}
        >>> Job(variant="standard", mode="min-cells", width=20000).settings()["width"]
        20000
        """
        # The beam's width and leaving Freecell Solver out are stated only when chosen,
        # so that a run with the defaults resumes the files made without the choice.
        chosen = {**_width(self), **({} if self.fcsolve else {"fcsolve": False})}
        if self.game == "spider":  # no variant, cells or engine there: its own rules and solver
            return {"game": "spider", "suits": self.suits, "time_limit": self.time_limit}
        if self.game != "freecell" and self.mode == "min-cells":  # a family game's: no variant
            return {"game": self.game, "mode": "min-cells", "max_cells": self.max_cells, **chosen,
                    "time_limit": self.time_limit}
        if self.game != "freecell":  # a family game: its own table and rules
            return {"game": self.game, **chosen, "requested_engine": self.engine, "time_limit": self.time_limit}
        if self.mode == "min-cells":  # its own searches; the time limit is per cell count
            return {"mode": "min-cells", "variant": self.variant, "max_cells": self.max_cells, **chosen,
                    "time_limit": self.time_limit}
        if self.mode == "optimal":  # the beam's line, then the proof: its own engines
            return {"mode": "optimal", "variant": self.variant, "cells": self.cells, "time_limit": self.time_limit}
        return {"variant": self.variant, "cells": self.cells, **chosen, "requested_engine": self.engine,
                "time_limit": self.time_limit}


def analyze_deal(n: int, job: Job) -> Record:
    """Solve one deal and return its record. Runs in a worker process.

    >>> r = analyze_deal(1, Job(engine="builtin", solutions=False))
    >>> r["deal"], r["verdict"], r["requested_engine"], r["time_limit"]
    (1, 'solved', 'builtin', 60.0)
    """
    if job.game == "spider":
        return analyze_spider_deal(n, job)
    if job.mode == "min-cells":
        from ..mincells import min_cells

        family = job.game if job.game != "freecell" else None
        record = min_cells(n, None if family else job.variant, job.max_cells, job.time_limit, job.solutions,
                           use_fcsolve=job.fcsolve, game=family, width=job.width)
        record["time_limit"] = job.time_limit
        return record
    if job.game != "freecell":
        return analyze_family_deal(n, job)
    if job.mode == "optimal":
        return analyze_optimal_deal(n, job)
    from ..deals import deal
    from ..solvers.engine import Limits, get_engine, solve
    from ..variants import find_variant

    result = solve(deal(n, cells=job.cells), find_variant(job.variant), get_engine(job.engine, width=job.width),
                   Limits(time=job.time_limit))
    d = result.to_dict()
    # The order records are written in (a torn last line is recognised by it).
    record = {"deal": n, "variant": job.variant, "cells": job.cells, **_width(job),
              **{k: d[k] for k in ("verdict", "move_count", "nonfoundation_moves", "seconds", "states", "engine")},
              "requested_engine": job.engine, "time_limit": job.time_limit}
    return _with_line(record, result, job)


def _width(job: Job) -> Record:
    """The beam's width as a record states it: only when one was chosen."""
    return {} if job.width is None else {"width": job.width}


def _with_line(record: Record, result: Any, job: Job) -> Record:
    """``record`` with the solution (when the job keeps them) and the reason a
    search gave (FreeCell's and Spider's results both have them)."""
    if job.solutions and result.verdict == "solved":
        record["solution"] = " ".join(result.notation)
    if result.reason:
        record["reason"] = result.reason
    return record


def analyze_optimal_deal(n: int, job: Job) -> Record:
    """The fewest non-foundation moves of one deal: the default beam's line first
    (kept: ``beam_moves``, its length, against which the optimum is measured), then
    ``solve --optimal`` (its first line --optimize's), both within the job's time limit. ``optimal``
    says whether the line recorded is proven shortest; ``lower_bound`` what is proven.

    >>> r = analyze_optimal_deal(3, Job(variant="standard", mode="optimal", solutions=False))
    >>> r["verdict"], r["optimal"], r["nonfoundation_moves"], r["lower_bound"], r["beam_moves"]
    ('solved', True, 18, 18, 19)
    """
    import time

    from ..deals import deal
    from ..solvers.engine import Limits, get_engine, solve
    from ..variants import find_variant

    start = time.perf_counter()
    position, variant = deal(n, cells=job.cells), find_variant(job.variant)
    beam = solve(position, variant, get_engine("beam"), Limits(time=job.time_limit))
    spent = time.perf_counter() - start
    left = None if job.time_limit is None else max(job.time_limit - spent, 0.001)
    result = solve(position, variant, get_engine("beam", optimal=True), Limits(time=left))
    if job.time_limit is not None and result.reason.startswith("time limit of "):
        # its limit was what the deal had left after the first beam: name the deal's own
        result.reason = f"time limit of {job.time_limit:g} s" + result.reason.split(" s", 1)[1]
    d = result.to_dict()
    record = {"deal": n, "mode": "optimal", "variant": job.variant, "cells": job.cells,
              **{k: d[k] for k in ("verdict", "move_count", "nonfoundation_moves")},
              "optimal": bool(result.optimal), "lower_bound": result.lower_bound,
              "beam_moves": beam.nonfoundation_moves if beam.verdict == "solved" else None,
              "seconds": round(time.perf_counter() - start, 4), "states": result.states + beam.states,
              "engine": d["engine"], "time_limit": job.time_limit}
    return _with_line(record, result, job)


def analyze_family_deal(n: int, job: Job) -> Record:
    """Solve one deal of a FreeCell family game (the engine asked for, under the
    game's rules: Freecell Solver under its preset; the line verified under the
    game's rules) and return its record."""
    from ..deals import deal
    from ..games import find_rules
    from ..solvers.engine import Limits, get_engine, solve

    result = solve(deal(n, game=job.game), find_rules(job.game), get_engine(job.engine, width=job.width),
                   Limits(time=job.time_limit))
    d = result.to_dict()
    record = {"deal": n, "game": job.game, **_width(job),
              **{k: d[k] for k in ("verdict", "move_count", "nonfoundation_moves", "seconds", "states", "engine")},
              "requested_engine": job.engine, "time_limit": job.time_limit}
    return _with_line(record, result, job)


def analyze_spider_deal(n: int, job: Job) -> Record:
    """Solve one Spider deal (the solver verifies its line) and return its record."""
    from ..spider.deals import deal
    from ..spider.solve import Limits, solve

    result = solve(deal(n, job.suits), Limits(time=job.time_limit))
    record = {"deal": n, **job.settings(), "verdict": result.verdict, "move_count": result.move_count,
              "seconds": round(result.seconds, 4), "states": result.states}
    return _with_line(record, result, job)


def error_record(n: int, job: Job, reason: str) -> Record:
    """The record of a deal that could not be analysed (its worker died twice,
    the engine failed): verdict ``error`` and why.

    >>> error_record(5, Job(), "worker died twice (signal 9)")["verdict"]
    'error'
    """
    return {"deal": n, **job.settings(), "verdict": "error", "reason": reason}


# -- records --------------------------------------------------------------------
def _show(value: object) -> str:
    """A field of a record as JSON, escaped (JSON leaves C1 codes and U+202E raw), cut short."""
    import orjson

    try:
        text = orjson.dumps(value).decode()
    except TypeError:
        text = repr(value)
    text = escape(text)
    return text if len(text) <= 40 else text[:40] + "…"


def _is_seconds(value: object) -> bool:
    """Seconds as records hold them: a number from 0 to :data:`MAX_RECORD_SECONDS`."""
    return (type(value) is float or type(value) is int) and 0 <= value <= MAX_RECORD_SECONDS  # NaN fails


def _is_number(value: object) -> bool:
    """A finite number >= 0 (not a bool: JSON ``true`` is no count)."""
    return ((type(value) is int and value >= 0)
            or (type(value) is float and 0 <= value < math.inf))  # NaN fails both


_VERDICT_SET = frozenset(VERDICTS)
# Records hold whole numbers for counts and finite seconds: bounds far above any real
# run (a solution is hundreds of moves, a deal's search under a billion seconds), so a
# value past them is damage, caught here and not as an overflow in a histogram.
MAX_RECORD_MOVES = 1_000_000
MAX_RECORD_STATES = 10**15
MAX_RECORD_SECONDS = 1e9
_COUNT_FIELDS = (("move_count", MAX_RECORD_MOVES), ("nonfoundation_moves", MAX_RECORD_MOVES),
                 ("states", MAX_RECORD_STATES))
_TEXT_FIELDS = ("game", "variant", "requested_engine", "engine", "solution", "reason")
_VARIANT_NAMES = tuple(VARIANTS)  # the names records are written with
_GAMES = ("freecell", "spider", *FAMILY)  # the games records are written for


def check_record(record: object) -> str | None:
    """What is wrong with a result record, or None when it is sound: ``deal`` a
    deal number, ``verdict`` one of :data:`VERDICTS`, and each field present as
    records are written: counts whole numbers (not floats, not ``true``) within
    their bounds, seconds finite, under :data:`MAX_RECORD_SECONDS`.

    >>> check_record({"deal": 1, "verdict": "solved", "move_count": 1.5})
    '"move_count" is not a whole number from 0 to 1,000,000: 1.5'
    >>> check_record({"deal": 1, "verdict": "solved"}) is None
    True
    """
    # type() tests, not isinstance: this runs once per line of files with millions of lines.
    if type(record) is not dict:
        return f"not a JSON object: {_show(record)}"
    get = record.get
    deal = get("deal")
    if type(deal) is not int or not 1 <= deal <= MAX_DEAL:
        return f'"deal" is not a deal number (1 to {MAX_DEAL:,}): {_show(deal)}'
    verdict = get("verdict")
    if type(verdict) is not str or verdict not in _VERDICT_SET:
        return f'"verdict" is not one of {", ".join(VERDICTS)}: {_show(verdict)}'
    for key, top in _COUNT_FIELDS:
        value = get(key, 0)
        if type(value) is not int or not 0 <= value <= top:
            return f'"{key}" is not a whole number from 0 to {top:,}: {_show(value)}'
    value = get("seconds", 0)
    if not _is_seconds(value):
        return f'"seconds" is not a number of seconds from 0 to {MAX_RECORD_SECONDS:,.0f}: {_show(value)}'
    value = get("suits", 4)
    if type(value) is not int or value not in (1, 2, 4):
        return f'"suits" is not 1, 2 or 4: {_show(value)}'
    value = get("time_limit")
    if value is not None and not _is_number(value):
        return f'"time_limit" is not a number of seconds or null: {_show(value)}'
    value = get("cells", 0)
    if type(value) is not int or not 0 <= value <= 15:
        return f'"cells" is not 0 to 15: {_show(value)}'
    for key in _TEXT_FIELDS:
        value = get(key, "")
        if type(value) is not str:
            return f'"{key}" is not text: {_show(value)}'
    value = get("variant")  # names we write: a record's settings are compared by them
    if value is not None and value not in _VARIANT_NAMES:
        return f'"variant" is not one of {", ".join(_VARIANT_NAMES)}: {_show(value)}'
    value = get("game")
    if value is not None and value not in _GAMES:
        return f'"game" is not one of {", ".join(_GAMES)}: {_show(value)}'
    mode = get("mode", "min-cells" if "min_cells" in record else "solve")
    if "fcsolve" in record and mode != "min-cells":  # a setting of a min-cells run only
        return f'"fcsolve" is a setting of min-cells records, not of {_show(mode)} ones'
    if "width" in record:
        problem = _width_problem(record, mode)
        if problem is not None:
            return problem
    if record.get("mode") == "optimal":
        return _check_optimal(record)
    if "mode" in record or "min_cells" in record:
        return _check_min_cells(record)
    return None


def _width_problem(record: Record, mode: str) -> str | None:
    """What is wrong with a record's ``width``: where it is stated (a min-cells
    record, or an engine-beam solve record of FreeCell or its family) and its value
    (a beam width; stated only when given, so never null)."""
    get = record.get
    if get("game") == "spider":
        return '"width" is not a setting of Spider\'s records (its solver has no beam width)'
    if mode != "min-cells":
        if mode != "solve":
            return f'"width" is a setting of min-cells records and engine beam\'s, not of {_show(mode)} ones'
        engine = get("requested_engine")
        if engine != "beam":
            return ('"width" goes with engine beam, and the record names no engine' if engine is None
                    else f'"width" goes with engine beam, not with {_show(engine)}')
    value = get("width")
    if type(value) is not int or not 1 <= value <= MAX_WIDTH:
        return f'"width" is not a beam width (1 to {MAX_WIDTH:,}): {_show(value)}'
    return None


def _check_optimal(record: Record) -> str | None:
    """What is wrong with the fields of an optimal record (:func:`analyze_optimal_deal`)."""
    get = record.get
    if type(get("optimal", False)) is not bool:
        return f'"optimal" is not true or false: {_show(get("optimal"))}'
    for key in ("lower_bound", "beam_moves"):
        value = get(key)
        if value is not None and (type(value) is not int or not 0 <= value <= MAX_RECORD_MOVES):
            return f'"{key}" is not a count of moves or null: {_show(value)}'
    if get("optimal") and get("lower_bound") != get("nonfoundation_moves"):
        return f'an optimal line\'s "lower_bound" {_show(get("lower_bound"))} is not its length'
    return None


def _cell_count(value: object) -> bool:
    return type(value) is int and 0 <= value <= 16


def _check_min_cells(record: Record) -> str | None:
    """What is wrong with the min-cells fields of a record (see :mod:`.mincells`)."""
    get = record.get
    mode = get("mode", "min-cells")
    if mode not in MODES:
        return f'"mode" is not one of {", ".join(MODES)}: {_show(mode)}'
    if mode == "solve":
        return None
    value = get("max_cells", 4)
    if type(value) is not int or not 0 <= value <= 15:
        return f'"max_cells" is not 0 to 15: {_show(value)}'
    if type(get("fcsolve", True)) is not bool:
        return f'"fcsolve" is not true or false: {_show(get("fcsolve"))}'
    value = get("min_cells")
    if value is not None and not _cell_count(value):
        return f'"min_cells" is not a number of cells or null: {_show(value)}'
    known = get("known", [0, None])
    if (type(known) is not list or len(known) != 2 or not _cell_count(known[0])
            or not (known[1] is None or _cell_count(known[1]))):
        return f'"known" is not [lowest, highest] cells: {_show(known)}'
    if value is not None and known != [value, value]:
        return f'"known" {_show(known)} does not agree with "min_cells" {value}'
    proof = get("proof")
    if proof is not None and (type(proof) is not dict or not _cell_count(proof.get("cells"))
                              or type(proof.get("states", 0)) is not int
                              or not 0 <= proof.get("states", 0) <= MAX_RECORD_STATES
                              or not _is_seconds(proof.get("seconds", 0))):
        return f'"proof" is not {{"cells", "states", "seconds"}} or null: {_show(proof)}'
    return None




_UNSET = object()  # a setting a record does not state


def record_settings(record: Record) -> Record:
    """The settings a record states (records from before version 0.2 state only
    variant and cells)."""
    return {k: record[k] for k in SETTINGS if k in record}


def _with_defaults(settings: Record) -> Record:
    """The settings with the game and mode a record leaves out when they are the
    first ones (freecell, solve)."""
    out = dict(settings)
    out.setdefault("game", "freecell")
    if out["game"] == "freecell":
        out.setdefault("mode", "solve")
    if out["game"] != "spider":  # the beam's own width
        out.setdefault("width", None)
    if out.get("mode") == "min-cells":  # Freecell Solver asked
        out.setdefault("fcsolve", True)
    return out


def _compatible(a: Record, b: Record) -> bool:
    # A record that names no game is a FreeCell one (the game came later); one
    # that names no mode solved its deal (min-cells came later).
    # A min-cells record that names no width used the beam's own, and Freecell
    # Solver unless it says not.
    return a.get("game", "freecell") == b.get("game", "freecell") and a.get("mode", "solve") == b.get(
        "mode", "solve") and a.get("width") == b.get("width") and a.get("fcsolve", True) == b.get(
        "fcsolve", True) and all(
        a[k] == b[k] for k in SETTINGS if k in a and k in b)


def describe_settings(settings: Record, keys: Iterable[str] = SETTINGS) -> str:
    """``variant site, 4 cells, engine auto, time limit 60 s`` (the keys it has).

    >>> describe_settings({"variant": "standard", "cells": 2, "time_limit": None})
    'variant standard, 2 cells, no time limit'
    """
    def count(v: object, word: str) -> str:  # max_cells is checked only in min-cells records
        return plural(v, word) if type(v) in (int, float) else f"{word}s {_show(v)}"  # type: ignore[arg-type]

    words = []
    for k in keys:
        if k not in settings:
            continue
        v = settings[k]
        # A record's text fields are read from a results file, which may come from
        # anyone: escaped, so that no field can drive the terminal.
        if k == "game":
            words.append(f"game {escape(v)}")
        elif k == "mode":
            words.append(f"mode {escape(v)}")
        elif k == "max_cells":
            words.append(f"at most {count(v, 'cell')}")
        elif k == "fcsolve":
            words.append("Freecell Solver not asked" if v is False else "Freecell Solver asked" if v is True
                         else f"fcsolve {_show(v)}")
        elif k == "width":
            words.append(f"beam width {v:,}" if type(v) is int else "the beam's own width" if v is None
                         else f"beam width {_show(v)}")
        elif k == "suits":
            words.append(count(v, "suit"))
        elif k == "variant":
            words.append(f"variant {escape(v)}")
        elif k == "cells":
            words.append(count(v, "cell"))
        elif k == "requested_engine":
            words.append(f"engine {escape(v)}")
        else:
            words.append("no time limit" if v is None else f"time limit {v:g} s")
    return ", ".join(words) or "settings not recorded"
