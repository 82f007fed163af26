"""Freecell Solver as an engine: the PyPI bindings when importable, else the
``fc-solve`` program.

Its moves follow the textbook rules. Translated into ours, any run over the
variant's capacity (the site's is smaller with few free cells and several empty
columns) is carried out one card at a time (:mod:`.expand`), so the result is legal
under the variant. Under ``windows`` its explicit foundation moves that the game
makes by itself are dropped; when its line does not survive the automatic moves,
the built-in engine re-plans.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time

from ..autoplay import automatic_moves
from ..errors import FreecellError
from ..formats.fcs import format_fcs
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, apply, can_move, resolve
from ..position import Position
from ..solutions import parse_solution
from ..variants import Variant
from .engine import GAVE_UP, SOLVED, UNSOLVABLE, Limits, Result, SolverError
from .expand import expand_run

DEFAULT_PRESET = "lg"


def fcsolve_available() -> bool:
    return shutil.which("fc-solve") is not None


class FcSolveEngine:
    name = "fc-solve"

    def __init__(self, preset: str | None = None):
        self.preset = preset or DEFAULT_PRESET

    def command(self, position: Position, limits: Limits) -> list[str]:
        cmd = ["fc-solve", "-m", "-snx", "--freecells-num", str(len(position.cells)),
               "--stacks-num", str(len(position.columns))]
        if self.preset != "none":
            cmd += ["-l", self.preset]
        if limits.states is not None:
            cmd += ["--max-iters", str(limits.states)]
        return cmd

    def run_raw(self, position: Position, limits: Limits) -> tuple[str, float]:
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                self.command(position, limits) + ["-"],
                input=format_fcs(position), capture_output=True, text=True,
                timeout=limits.time, env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
            )
        except subprocess.TimeoutExpired:
            return "", time.perf_counter() - start
        except OSError as e:
            raise SolverError(f"cannot run fc-solve: {e}") from None
        if proc.returncode not in (0, 1) and "solve" not in proc.stdout:
            raise SolverError(f"fc-solve failed: {proc.stderr.strip().splitlines()[-1:] or proc.returncode}")
        return proc.stdout, time.perf_counter() - start

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        start = time.perf_counter()
        out, _ = self.run_raw(position, limits)
        if not out:
            return Result(GAVE_UP, self.name, seconds=time.perf_counter() - start,
                          reason=f"time limit of {limits.time:g} s reached")
        sol = parse_solution(out, "fc-solve")
        states = _states_checked(out)
        if sol.claims_solved is not True:
            gave_up = limits.states is not None and states >= limits.states
            if gave_up:
                reason = f"state limit of {limits.states:,} reached"
            elif variant.name == "site":
                gave_up, reason = True, "fc-solve found no solution under textbook rules; the site's runs differ"
            else:
                reason = ""
            return Result(GAVE_UP if gave_up else UNSOLVABLE, self.name, states=states,
                          seconds=time.perf_counter() - start, reason=reason)
        try:
            moves = translate(position, variant, sol)
        except FreecellError as e:
            from .builtin import BuiltinEngine

            left = None if limits.time is None else max(limits.time - (time.perf_counter() - start), 0.1)
            r = BuiltinEngine().solve(position, variant, Limits(left, limits.states))
            r.reason = f"fc-solve's solution could not be played under {variant.name} ({e}); re-planned with the built-in engine"
            r.engine = f"{self.name}+builtin"
            return r
        return Result(SOLVED, self.name, moves, len(moves), states, time.perf_counter() - start)


def _states_checked(out: str) -> int:
    for line in out.splitlines():
        if line.startswith("Total number of states checked is"):
            return int(line.rstrip(".").split()[-1])
    return 0


def translate(position: Position, variant: Variant, sol) -> list:
    """fc-solve's moves as moves legal under ``variant``.

    A shadow position follows fc-solve's own moves under the textbook rules, so we
    know which cards each move carries even after the variant's automatic moves
    (windows) have sent some of them home."""
    standard = _standard()
    shadow = position.copy()
    p = position.copy()
    out = []
    for i in range(len(sol)):
        planned = resolve(shadow, sol.move(i), standard)
        cards = _cards_moved(shadow, planned)
        apply(shadow, planned)
        if all(p.foundations[c.suit_index] >= c.rank for c in cards):
            continue  # the game already sent them home
        move = _relocate(p, planned, cards)
        try:
            r = resolve(p, move, variant)
        except FreecellError:
            r = resolve(p, move, standard)
            if r.source.kind != COLUMN or r.dest.kind != COLUMN or r.count <= 1:
                raise
            if r.count <= can_move(p, variant, r.to_empty):
                raise
            out.extend(expand_run(p, r.source.index, r.dest.index, r.count, variant))
        else:
            apply(p, r)
            out.append(r)
        automatic_moves(p, variant.automatic)
    if not p.is_won():
        raise SolverError("fc-solve's moves do not finish the game here")
    return out


def _cards_moved(p: Position, move: Move) -> list:
    if move.source.kind == CELL:
        return [p.cells[move.source.index]]
    return p.columns[move.source.index][-(move.count or 1):]


def _relocate(p: Position, move: Move, cards: list) -> Move:
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
