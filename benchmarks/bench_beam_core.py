"""The compiled beam (solvers/_beam.c) against the Python one, and wider beams
against Freecell Solver (issue 21). One process, CPU time of this process per deal.

    python benchmarks/bench_beam_core.py cores [N]         default BeamEngine, both cores, deals 1..N (100)
    python benchmarks/bench_beam_core.py widths [N] W...   compiled, BeamEngine(width=W), deals 1..N
    python benchmarks/bench_beam_core.py fcsolve [N]       fc-solve -l ve in-process (the bindings), deals 1..N

N may be ``set``: the solve benchmark's deals (1..200 and its 100 random ones of
1..1,000,000, as bench_solve.py with BENCH_DEALS=200 BENCH_SAMPLE=100), each
solved by ``get_engine("beam", width=W)`` (the engine with its fallbacks): the
README's table of widths.

Each line of output is one JSON record. ``beam_cpu`` is the time in Beam.run (the
search itself); ``cpu`` the whole solve() (the search, the Python post-pass that
shortens the line, the verification).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Iterable


def _summary(label: dict, rows: list[dict]) -> dict:
    solved = [r for r in rows if r["verdict"] == "solved"]
    return {**label, "deals": len(rows), "solved": len(solved),
            "mean non-foundation moves": round(statistics.mean(r["nf"] for r in solved), 2) if solved else None,
            "median cpu ms": round(statistics.median(r["cpu"] for r in rows) * 1000, 1),
            "mean cpu ms": round(statistics.mean(r["cpu"] for r in rows) * 1000, 1),
            "median beam cpu ms": round(statistics.median(r.get("beam_cpu", 0) for r in rows) * 1000, 1),
            "total beam cpu s": round(sum(r.get("beam_cpu", 0) for r in rows), 2)}


def _solve_rows(variant_name: str, deals: Iterable[int], width: int | None, composed: bool = False) -> list[dict]:
    from freecell_cli import deal, find_variant
    from freecell_cli.solvers.beam import Beam, BeamEngine
    from freecell_cli.solvers.engine import Limits, get_engine, solve

    variant = find_variant(variant_name)
    spent = [0.0]
    real_run = Beam.run

    def timed_run(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        t = time.process_time()
        try:
            return real_run(self, *args, **kwargs)
        finally:
            spent[0] += time.process_time() - t

    Beam.run = timed_run  # type: ignore[method-assign]
    rows = []
    try:
        for n in deals:
            spent[0] = 0.0
            t = time.process_time()
            engine = get_engine("beam", width=width) if composed else BeamEngine(width=width)
            r = solve(deal(n), variant, engine, Limits(time=120))
            rows.append({"deal": n, "verdict": r.verdict, "nf": r.nonfoundation_moves, "states": r.states,
                         "notation": " ".join(r.notation), "cpu": time.process_time() - t, "beam_cpu": spent[0]})
    finally:
        Beam.run = real_run  # type: ignore[method-assign]
    return rows


def cores(n: int) -> None:
    from freecell_cli.solvers import core

    for variant in ("site", "standard"):
        per_core = {}
        for which in ("python", "compiled"):
            core._STATE["core"] = core.built() if which == "compiled" else None
            rows = _solve_rows(variant, range(1, n + 1), None)
            per_core[which] = rows
            print(json.dumps(_summary({"variant": variant, "core": which, "width": 64}, rows)), flush=True)
        same = sum(a["notation"] == b["notation"] and a["states"] == b["states"]
                   for a, b in zip(per_core["python"], per_core["compiled"]))
        py, c = per_core["python"], per_core["compiled"]
        print(json.dumps({"variant": variant, "same line and states": f"{same}/{n}",
                          "speed-up, beam search (total)": round(sum(r["beam_cpu"] for r in py) /
                                                                  sum(r["beam_cpu"] for r in c), 1),
                          "speed-up, solve() (total)": round(sum(r["cpu"] for r in py) / sum(r["cpu"] for r in c), 2),
                          "speed-up, solve() (median)": round(statistics.median(r["cpu"] for r in py) /
                                                               statistics.median(r["cpu"] for r in c), 2)}),
              flush=True)


def _deals(which: str) -> tuple[list[int], bool]:
    """Deals 1..N, or the solve benchmark's set (then the composed engine)."""
    if which != "set":
        return list(range(1, int(which) + 1)), False
    import random

    return list(range(1, 201)) + random.Random(2026).sample(range(1, 1_000_001), 100), True


def widths(which: str, ws: list[int]) -> None:
    from freecell_cli.solvers import core

    core._STATE["core"] = core.built()
    deals, composed = _deals(which)
    for w in ws:
        for variant in ("site", "standard"):
            rows = _solve_rows(variant, deals, w, composed)
            print(json.dumps(_summary({"variant": variant, "core": "compiled", "width": w}, rows)), flush=True)


def fcsolve(which: str) -> None:
    from freecell_cli import deal
    from freecell_cli.solvers import fcsolve as fcs
    from freecell_cli.solvers.engine import Limits

    cls = fcs._library()
    if cls is None:
        print(json.dumps({"fc-solve": "the bindings are not installed"}))
        return
    rows = []
    for k in _deals(which)[0]:
        t = time.process_time()
        ret, moves, _ = fcs._LibraryRun(cls, deal(k), "ve").run(Limits())
        rows.append({"verdict": "solved" if ret == 0 else "gave-up", "cpu": time.process_time() - t,
                     "nf": sum(m.dest.kind != "foundation" for m in moves)})
    print(json.dumps(_summary({"fc-solve": "-l ve, in-process, textbook rules"}, rows)), flush=True)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "cores"
    count = sys.argv[2] if len(sys.argv) > 2 else "100"
    if what == "cores":
        cores(int(count))
    elif what == "widths":
        widths(count, [int(w) for w in sys.argv[3:]] or [64, 128, 256, 512, 1024])
    else:
        fcsolve(count)
