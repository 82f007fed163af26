"""The search engines behind one interface (:mod:`.result`: limits in, a result
out; :mod:`.engine`: get_engine composes them, solve verifies what they find):
the beam (:mod:`.beam`), the best-first search (:mod:`.builtin`), the complete
search (:mod:`.prove`, compiled when the core is built: :mod:`.core`), Freecell
Solver (:mod:`.fcsolve`), all on the compact state of :mod:`.state`."""

from .engine import GAVE_UP, SOLVED, UNSOLVABLE, Fallback, Limits, Outcome, Result, SolverError, get_engine, solve

__all__ = ["GAVE_UP", "SOLVED", "UNSOLVABLE", "Fallback", "Limits", "Outcome", "Result", "SolverError", "get_engine",
           "solve"]
