"""The compiled post-pass (solvers/_shorten.c) against the Python one, the beam
compiled in both (issue 21). One process, CPU time of this process per deal; the two
post-passes take turns deal by deal.

    python benchmarks/bench_shorten_core.py default [N] [W...]   BeamEngine(width=W) (64 512), site and standard
    python benchmarks/bench_shorten_core.py optimize [N]         BeamEngine(optimize=True), standard

Each line of output is one JSON record. ``cpu`` is the whole solve() (search,
post-pass, verifier), ``shorten_cpu`` the post-pass alone (shorten_path).
"""

from __future__ import annotations

import json
import statistics
import sys
import time


def _rows(variant_name: str, deals: range, engine_args: dict) -> dict[str, list[dict]]:
    from freecell_cli import deal, find_variant
    from freecell_cli.solvers import beam, core, shorten
    from freecell_cli.solvers.beam import BeamEngine
    from freecell_cli.solvers.engine import Limits, solve

    if core.compiled() is None:
        sys.exit("the compiled core is not in use: build it (and leave FREECELL_CORE unset)")
    variant = find_variant(variant_name)
    spent = [0.0]
    real_path, real_compiled = beam.shorten_path, shorten._shortcut_round_compiled

    def timed_path(*args, **kwargs):  # type: ignore[no-untyped-def]
        t = time.process_time()
        try:
            return real_path(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - t

    def python_round(core_module, *args):  # type: ignore[no-untyped-def]
        return shorten._shortcut_round(*args)

    beam.shorten_path = timed_path  # type: ignore[assignment]
    out: dict[str, list[dict]] = {"python": [], "compiled": []}
    try:
        for n in deals:
            for which in ("python", "compiled") if n % 2 else ("compiled", "python"):
                shorten._shortcut_round_compiled = real_compiled if which == "compiled" else python_round  # type: ignore[assignment]
                spent[0] = 0.0
                t = time.process_time()
                r = solve(deal(n), variant, BeamEngine(**engine_args), Limits(time=120))
                out[which].append({"deal": n, "verdict": r.verdict, "nf": r.nonfoundation_moves,
                                   "notation": " ".join(r.notation), "cpu": time.process_time() - t,
                                   "shorten_cpu": spent[0]})
    finally:
        beam.shorten_path = real_path  # type: ignore[assignment]
        shorten._shortcut_round_compiled = real_compiled  # type: ignore[assignment]
    return out


def _report(label: dict, out: dict[str, list[dict]]) -> None:
    for which, rows in out.items():
        solved = [r for r in rows if r["verdict"] == "solved"]
        print(json.dumps({**label, "post-pass": which, "deals": len(rows), "solved": len(solved),
                          "mean non-foundation moves": round(statistics.mean(r["nf"] for r in solved), 2),
                          "median cpu ms": round(statistics.median(r["cpu"] for r in rows) * 1000, 1),
                          "mean cpu ms": round(statistics.mean(r["cpu"] for r in rows) * 1000, 1),
                          "median post-pass cpu ms": round(statistics.median(r["shorten_cpu"] for r in rows) * 1000, 2),
                          "mean post-pass cpu ms": round(statistics.mean(r["shorten_cpu"] for r in rows) * 1000, 2)}),
              flush=True)
    same = sum(a["notation"] == b["notation"] for a, b in zip(out["python"], out["compiled"]))
    print(json.dumps({**label, "same line": f"{same}/{len(out['python'])}"}), flush=True)


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "default"
    n = int(argv[1]) if len(argv) > 1 else 100
    if mode == "default":
        for width in [int(w) for w in argv[2:]] or [64, 512]:
            for variant in ("site", "standard"):
                _report({"variant": variant, "width": width}, _rows(variant, range(1, n + 1), {"width": width}))
    elif mode == "optimize":
        _report({"variant": "standard", "optimize": True}, _rows("standard", range(1, n + 1), {"optimize": True}))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
