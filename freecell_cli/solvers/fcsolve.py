"""Freecell Solver as an engine: libfreecell-solver through the PyPI bindings
(``freecell_solver``) when they and the library load, else the ``fc-solve`` program.

Its moves follow the textbook rules. Translated into ours, any run over the
variant's capacity (the site's is smaller with few free cells and several empty
columns) is carried out one card at a time (:mod:`.expand`), so the result is legal
under the variant. Under ``windows`` its explicit foundation moves that the game
makes by itself are dropped; when its line does not survive the automatic moves,
the engine given as ``replan`` (the built-in one, from :func:`.engine.get_engine`)
re-plans.

A game of the FreeCell family is given to it under its own ``--game`` preset
(``bakers_game``, ``eight_off``...: :attr:`freecell_cli.games.Game.fcs`), whose
rules are the game's: its moves are taken as they are, each checked under the
game's rules, and none is re-planned.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from typing import Any

from ..autoplay import automatic_moves
from ..cards import Card
from ..errors import FreecellError
from ..formats.fcs import format_fcs
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, apply, can_move, resolve
from ..position import Position
from ..solutions import parse_solution
from ..variants import Variant
from .expand import expand_run
from .result import GAVE_UP, SOLVED, UNSOLVABLE, Engine, Limits, Result, SolverError

DEFAULT_PRESET = "lg"


def fcsolve_available() -> bool:
    return _library() is not None or shutil.which("fc-solve") is not None


# Freecell Solver keeps every position it stores until the search ends: about
# 1 KB each (measured: 1,000,000 took 1.0 GB; a search grows some 150 MB a second).
# Without a cap a hard deal under a 60 s limit took gigabytes, and where the
# address space is limited (ulimit -v) the library crashed on a failed malloc.
STORED_BYTES = 1_100
MAX_STORED = 1_000_000  # about 1 GB; the proofs of the 8 labelled deals store 25,000 at most
MAX_COLUMN = 20  # cards in a column the library takes (as built by Debian)


def stored_cap() -> int:
    """How many positions fc-solve may store: :data:`MAX_STORED`, or less when the
    process's address space or data size is limited (ulimit -v / -d)."""
    from ..bounds import stored_cap as capped

    return capped(MAX_STORED, STORED_BYTES)


# The freecell_solver bindings are untyped (cffi, no stubs): their FreecellSolver
# class and its instances are Any to the type checker.
_LIB_STATE: dict[str | tuple[Any, ...], Any] = {}


def _library() -> Any:
    """The bindings' FreecellSolver class, or None when they or the library are missing."""
    if "cls" not in _LIB_STATE:
        try:
            import freecell_solver

            freecell_solver.FreecellSolver()  # loads libfreecell-solver.so.0
            _LIB_STATE["cls"] = freecell_solver.FreecellSolver
        except Exception:  # ImportError, OSError from dlopen, cffi errors
            _LIB_STATE["cls"] = None
    return _LIB_STATE["cls"]


# fcs_move_t: type, source, destination, number of cards (libfreecell-solver's layout).
_STACK_TO_STACK, _STACK_TO_CELL, _CELL_TO_STACK, _CELL_TO_CELL, _STACK_TO_HOME, _CELL_TO_HOME = range(6)


def _decode(raw: tuple[int, int, int, int]) -> Move:
    kind, src, dst, n = raw
    home = Place(FOUNDATION, -1)
    if kind == _STACK_TO_STACK:
        return Move(Place(COLUMN, src), Place(COLUMN, dst), n)
    if kind == _STACK_TO_CELL:
        return Move(Place(COLUMN, src), Place(CELL, dst), 1)
    if kind == _CELL_TO_STACK:
        return Move(Place(CELL, src), Place(COLUMN, dst), 1)
    if kind == _STACK_TO_HOME:
        return Move(Place(COLUMN, src), home, 1)
    if kind == _CELL_TO_HOME:
        return Move(Place(CELL, src), home, 1)
    raise SolverError(f"libfreecell-solver move of unknown type {kind}")


class _LibraryRun:
    """One solve through the bindings, with iteration limits (and time, checked
    between chunks of iterations)."""

    SOLVED, UNSOLVABLE, SUSPENDED = 0, 1, 5
    FIRST_CHUNK, CHUNK = 1_000, 50_000

    def __init__(self, cls: Any, position: Position, preset: str):  # cls: the bindings' class (untyped)
        game = _game_args(position)
        key = (len(position.cells), len(position.columns), preset, *game)
        handle = _LIB_STATE.get(key)
        if handle is None:
            handle = cls()
            args = [*game, "--freecells-num", str(key[0]), "--stacks-num", str(key[1]),
                    "--max-stored-states", str(stored_cap())]
            if preset != "none":
                args += ["-l", preset]
            parsed = handle.input_cmd_line(args)
            if parsed["last_arg"] != len(args):  # it stopped at an argument it does not take
                stop = parsed["last_arg"] - len(game)
                if stop < 4:  # the table's size: the library was built for fewer cells or columns
                    raise SolverError(f"Freecell Solver cannot play with {key[0]} free cells and "
                                      f"{key[1]} columns (as built here)")
                raise SolverError(f"fc-solve does not know {' '.join(args[stop + len(game):])!r} (preset {preset!r}?)")
            _LIB_STATE[key] = handle
        self.handle = handle
        self.position = position

    def run(self, limits: Limits) -> tuple[int, list[Move], int]:
        """(status, moves, states checked). A time limit is checked between chunks
        of iterations, small at first (a short limit is kept) and growing.
        ``full`` says the search stopped at its cap of stored positions."""
        h = self.handle
        start = time.perf_counter()
        cap = limits.states
        chunk = self.FIRST_CHUNK
        if limits.time is None and cap is None:
            budget = 1 << 62
        else:
            budget = chunk if cap is None else min(chunk, cap)
        h.limit_iterations(budget)
        ret = h.solve_board(format_fcs(self.position))
        self.full = False
        while ret == self.SUSPENDED:
            if h.get_num_times() < budget:
                # Stopped short of its iterations: the cap of stored positions
                # (a resume would return at once, for ever).
                self.full = True
                break
            if cap is not None and budget >= cap:
                break
            if limits.time is not None and time.perf_counter() - start > limits.time:
                break
            chunk = min(chunk * 2, self.CHUNK)
            budget = budget + chunk if cap is None else min(budget + chunk, cap)
            h.limit_iterations(budget)
            ret = h.resume_solution()
        states = h.get_num_times()
        moves: list[Move] = []
        if ret == self.SOLVED:
            while (m := h.get_next_move()) is not None:
                moves.append(_decode(tuple(h.ffi.buffer(m)[0:4])))
        h.recycle()
        return ret, moves, states


class FcSolveEngine:
    """Freecell Solver under ``preset``; ``replan``: the engine that plans again
    when its line cannot be played under the variant (without one, that is a
    :class:`SolverError`)."""

    name = "fc-solve"
    shortens = False

    def __init__(self, preset: str | None = None, replan: Engine | None = None):
        self.preset = preset or DEFAULT_PRESET
        self.asked = preset
        self.replan = replan

    def preset_for(self, position: Position) -> str:
        """The preset a position is solved with: the one asked for, else lg for
        FreeCell and none for a family game (fc-solve's default scan: lg's scans,
        made for FreeCell, were seen to put an 8 into an empty column of
        Seahaven Towers, whose empty columns take kings only; its default scan keeps
        the game's rules, on deals 1-40 of every game).

        >>> from freecell_cli import deal
        >>> FcSolveEngine().preset_for(deal(1)), FcSolveEngine().preset_for(deal(1, game="eight-off"))
        ('lg', 'none')
        """
        if self.asked is not None:
            return self.preset
        return DEFAULT_PRESET if position.game is None else "none"

    def command(self, position: Position, limits: Limits) -> list[str]:
        cmd = ["fc-solve", "-m", "-snx", *_game_args(position), "--freecells-num", str(len(position.cells)),
               "--stacks-num", str(len(position.columns)), "--max-stored-states", str(stored_cap())]
        preset = self.preset_for(position)
        if preset != "none":
            cmd += ["-l", preset]
        if limits.states is not None:
            cmd += ["--max-iters", str(limits.states)]
        return cmd

    def run_raw(self, position: Position, limits: Limits) -> str:
        """fc-solve's output; empty when the time limit ran out."""
        try:
            proc = subprocess.run(
                self.command(position, limits) + ["-"],
                input=format_fcs(position), capture_output=True, text=True,
                timeout=limits.time, env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
            )
        except subprocess.TimeoutExpired:
            return ""
        except OSError as e:
            raise SolverError(f"cannot run fc-solve: {e}") from None
        if proc.returncode not in (0, 1) and "solve" not in proc.stdout:
            raise SolverError(f"fc-solve failed: {proc.stderr.strip().splitlines()[-1:] or proc.returncode}")
        return proc.stdout

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        cls = _library()
        if cls is not None:
            return self._solve_library(cls, position, variant, limits)
        return self._solve_program(position, variant, limits)

    def _solve_library(self, cls: Any, position: Position, variant: Variant, limits: Limits) -> Result:
        start = time.perf_counter()
        _check_columns(position)
        run = _LibraryRun(cls, position, self.preset_for(position))
        ret, moves, states = run.run(limits)
        if ret == _LibraryRun.SOLVED:
            return self._finish(position, variant, limits, moves, states, start)
        if ret == _LibraryRun.UNSOLVABLE:
            return self._not_solved(variant, limits, states, start, complete=True)
        if ret != _LibraryRun.SUSPENDED:  # e.g. 8, an invalid state: not a time-out
            raise SolverError(f"libfreecell-solver refused the position (status {ret})")
        if run.full:
            reason = _full_reason(position)
        elif limits.states is not None and states >= limits.states:
            reason = f"state limit of {limits.states:,} reached"
        else:
            reason = f"time limit of {limits.time:g} s reached"
        return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start, reason=reason)

    def _not_solved(self, variant: Variant, limits: Limits, states: int, start: float, complete: bool) -> Result:
        if not complete:
            gave_up, reason = True, f"state limit of {limits.states:,} reached"
        elif variant.name == "site":
            gave_up, reason = True, ("fc-solve found no solution under textbook rules; the site's runs differ "
                                     "(--engine auto or builtin makes the proof under site)")
        else:
            gave_up, reason = False, ""
        return Result(GAVE_UP if gave_up else UNSOLVABLE, self.name, states=states,
                      seconds=time.perf_counter() - start, reason=reason)

    def _finish(self, position: Position, variant: Variant, limits: Limits, planned: list[Move],
                states: int, start: float) -> Result:
        try:
            moves = translate(position, variant, planned)
        except FreecellError as e:
            if self.replan is None:
                raise SolverError(f"fc-solve's solution could not be played under {variant.name} ({e})") from None
            rest = limits.remaining(time.perf_counter() - start)  # fc-solve's states were its own
            r = self.replan.solve(position, variant, Limits(None if rest.time is None else max(rest.time, 0.1),
                                                             rest.states))
            r.reason = f"fc-solve's solution could not be played under {variant.name} ({e}); re-planned with the built-in engine"
            r.engine = f"{self.name}+{self.replan.name}"
            return r
        return Result(SOLVED, self.name, moves, len(moves), states, time.perf_counter() - start)

    def _solve_program(self, position: Position, variant: Variant, limits: Limits) -> Result:
        start = time.perf_counter()
        _check_columns(position)
        out = self.run_raw(position, limits)
        if not out:
            return Result(GAVE_UP, self.name, seconds=time.perf_counter() - start,
                          reason=f"time limit of {limits.time:g} s reached")
        sol = parse_solution(out, "fc-solve", game=position.game)
        states = _states_checked(out)
        if sol.claims_solved is not True:
            if _generated(out) >= stored_cap():  # it says "could not solve" at its cap as well
                return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start,
                              reason=_full_reason(position))
            complete = not (limits.states is not None and states >= limits.states)
            return self._not_solved(variant, limits, states, start, complete)
        planned = [sol.move(i) for i in range(len(sol))]
        return self._finish(position, variant, limits, planned, states, start)


def _full_reason(position: Position) -> str:
    return (f"Freecell Solver's cap of {stored_cap():,} stored positions reached (about "
            f"{stored_cap() * STORED_BYTES / 1e9:.1f} GB); --engine builtin searches on")


def _game_args(position: Position) -> list[str]:
    """fc-solve's ``--game`` preset of a family game's position (none for FreeCell:
    its defaults are FreeCell's)."""
    if position.game is None:
        return []
    from ..games import find_game

    return ["--game", find_game(position.game).fcs]


def _check_columns(position: Position) -> None:
    for i, col in enumerate(position.columns):
        if len(col) > MAX_COLUMN:
            raise SolverError(f"Freecell Solver takes at most {MAX_COLUMN} cards in a column; column {i + 1} "
                              f"has {len(col)} (--engine builtin or beam take any)")


def _generated(out: str) -> int:
    for line in out.splitlines():
        if line.startswith("This scan generated"):
            return int(line.rstrip(".").split()[-2])
    return 0


def _states_checked(out: str) -> int:
    for line in out.splitlines():
        if line.startswith("Total number of states checked is"):
            return int(line.rstrip(".").split()[-1])
    return 0


def translate(position: Position, variant: Variant, planned: list[Move]) -> list[Move]:
    """fc-solve's moves as moves legal under ``variant``.

    A shadow position follows fc-solve's own moves under the textbook rules, so we
    know which cards each move carries even after the variant's automatic moves
    (windows) have sent some of them home. A family game's moves are played as
    they are, under the game's rules (fc-solve played them under the same)."""
    if variant.game != "freecell":
        p = position.copy()
        out: list[Move] = []
        for step in planned:
            r = resolve(p, step, variant)
            apply(p, r)
            out.append(r)
        if not p.is_won():
            raise SolverError("fc-solve's moves do not finish the game here")
        return out
    standard = _standard()
    shadow = position.copy()
    p = position.copy()
    out = []
    for step in planned:
        if variant.automatic is None:
            move = step  # no automatic moves: the shadow would be this very position
        else:
            step = resolve(shadow, step, standard)
            cards = _cards_moved(shadow, step)
            apply(shadow, step)
            if all(p.foundations[c.suit_index] >= c.rank for c in cards):
                continue  # the game already sent them home
            move = _relocate(p, step, cards)
        try:
            r = resolve(p, move, variant)
        except FreecellError:
            r = resolve(p, move, standard)
            assert r.count is not None  # resolve fills the count in
            if r.source.kind != COLUMN or r.dest.kind != COLUMN or r.count <= 1:
                raise
            if r.count <= can_move(p, variant, r.to_empty):
                raise
            out.extend(expand_run(p, r.source.index, r.dest.index, r.count, variant))
        else:
            apply(p, r)
            out.append(r)
        if variant.automatic is not None:
            automatic_moves(p, variant)
    if not p.is_won():
        raise SolverError("fc-solve's moves do not finish the game here")
    return out


def _cards_moved(p: Position, move: Move) -> list[Card]:
    if move.source.kind == CELL:
        return [p.cells[move.source.index]]  # type: ignore[list-item]  # resolved: a card is there
    return p.columns[move.source.index][-(move.count or 1):]


def _relocate(p: Position, move: Move, cards: list[Card]) -> Move:
    """The same move on ``p``, where free-cell slots may differ."""
    src, dst = move.source, move.dest
    if src.kind == CELL:
        where = p.locate(cards[0])
        if where is None or where[0] != CELL:
            raise SolverError(f"{cards[0]} is not in a free cell here")
        src = Place(CELL, where[1])
    if dst.kind == CELL:
        if None not in p.cells:
            raise SolverError("no free cell here")
        dst = Place(CELL, p.cells.index(None))
    if dst.kind == FOUNDATION:
        dst = Place(FOUNDATION, -1)
    return Move(src, dst, move.count, move.to_empty)


def _standard() -> Variant:
    from ..variants import find_variant

    return find_variant("standard")
