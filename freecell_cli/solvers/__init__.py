"""Solvers behind one interface (:mod:`.engine`): the built-in search and
Freecell Solver."""

from .engine import GAVE_UP, SOLVED, UNSOLVABLE, Fallback, Limits, Outcome, Result, SolverError, get_engine, solve

__all__ = ["GAVE_UP", "SOLVED", "UNSOLVABLE", "Fallback", "Limits", "Outcome", "Result", "SolverError", "get_engine",
           "solve"]
