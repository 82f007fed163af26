"""Analyse a range of deals, then check every recorded solution with the verifier.

    python examples/analyze_range.py 1-1000 a.jsonl [--jobs 2]

Resumable: run it again with the same file to finish an interrupted run.
"""

from __future__ import annotations

import subprocess
import sys

from freecell_cli import deal, find_variant
from freecell_cli.analysis import load_records, parse_ranges
from freecell_cli.solutions import Solution
from freecell_cli.verify import verify


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ranges, out, *rest = argv
    subprocess.run([sys.executable, "-m", "freecell_cli", "analyze", ranges, "--out", out, *rest], check=True)
    wanted = set(parse_ranges([ranges]))
    records = [r for r in load_records(out) if r["deal"] in wanted]
    bad = []
    for r in records:
        if r["verdict"] != "solved":
            bad.append((r["deal"], r["verdict"]))
            continue
        tokens = r["solution"].split()
        v = verify(Solution(tokens=tokens, lines=[1] * len(tokens)), deal(r["deal"], cells=r["cells"]),
                   find_variant(r["variant"]))
        if not v.ok or v.moves != r["move_count"]:
            bad.append((r["deal"], v.summary()))
    print(f"{len(records)} records, {len(records) - len(bad)} solved and verified")
    for n, why in bad:
        print(f"deal {n}: {why}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
