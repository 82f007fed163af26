"""The summary of the min-cells datasets (issue 25): the fewest free cells of
each deal under `standard` and under `site`, side by side, checked against the
published textbook table.

    python docs/results/report.py --standard FILE... --site FILE... [--table msfc32k-min-fc[.gz]]

Each FILE is a results file of ``freecell analyze --min-cells`` (plain or .gz);
a deal's answer is its record in the last file that settles it, so give the 60 s
run first and the longer reruns of its gave-up deals after it. ``--table`` is
theodorepringle/MicrosoftFreeCell32000-minimal-freecells' ``msfc32k-min-fc``
(lines ``deal cells``; a copy, gzipped, is ``msfc32k-min-fc.gz`` here). Prints Markdown on stdout; exit 2 for a file that cannot be read, 1 when our standard
answers contradict the table (a range that excludes its number counts), else 0.

For each deal whose answer differs between the variants, the move that makes
the difference is found by replaying the site's solution (at the site's count of
cells) under the textbook rules: the first move those rules refuse.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import zlib
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import orjson

from freecell_cli import deal, find_variant
from freecell_cli.analysis import answer_of, check_record
from freecell_cli.bounds import MAX_DEAL
from freecell_cli.errors import FreecellError
from freecell_cli.text import escape
from freecell_cli.solutions import Solution
from freecell_cli.variants import Variant
from freecell_cli.verify import Verdict, verify

Record = dict[str, Any]


class Refused(ValueError):
    """A file that cannot be read as it should be (main: its message, exit 2)."""


def read_bytes(path: str) -> bytes:
    """What a file holds, gunzipped when its name ends in .gz."""
    try:
        raw = Path(path).read_bytes()
        return gzip.decompress(raw) if path.endswith(".gz") else raw
    except (OSError, EOFError, zlib.error) as e:  # missing, unreadable, or not gzip after all
        raise Refused(f"{path}: cannot be read: {getattr(e, 'strerror', None) or e}")


# What a min-cells record must hold for the report (the record check lets an
# analyze record leave out what its mode does not write).
NEEDED = ("variant", "min_cells", "known", "proof", "move_count", "seconds")


def records(path: str, variant: str) -> Iterator[Record]:
    """The records of a results file of ``variant``; a torn last line (a run
    stopped while writing) is skipped, any other bad line stops the report."""
    lines = read_bytes(path).split(b"\n")
    if not any(raw.strip() for raw in lines):
        raise Refused(f"{path}: no records")
    for lineno, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError:
            if lineno == len(lines):  # the last line, with no newline after it
                continue
            raise Refused(f"{path}: line {lineno} is not JSON")
        problem = check_record(record)
        if problem is not None or record.get("mode") != "min-cells":
            raise Refused(f"{path}: line {lineno}: {problem or 'not a min-cells record'}")
        missing = [k for k in NEEDED if k not in record]
        if missing:
            raise Refused(f"{path}: line {lineno}: no {', '.join(missing)}")
        if record["variant"] != variant:
            raise Refused(f"{path}: line {lineno}: a {escape(record['variant'])} record, given as --{variant}")
        cells = record.get("solution_cells")
        if "solution" in record and (type(cells) is not int or not 0 <= cells <= 15):
            raise Refused(f"{path}: line {lineno}: a solution needs \"solution_cells\" 0 to 15")
        top = record.get("max_cells", 4)
        if record["min_cells"] is not None and record["min_cells"] > top or record["known"][0] > top + 1:
            raise Refused(f"{path}: line {lineno}: an answer past \"max_cells\" {top}")
        yield record


def answers(paths: list[str], variant: str) -> dict[int, Record]:
    """Each deal's record: the last one that settles it (min_cells known), else
    the first one."""
    out: dict[int, Record] = {}
    for path in paths:
        for r in records(path, variant):
            n = r["deal"]
            if n not in out or (r["min_cells"] is not None and out[n]["min_cells"] is None) or (
                    r["min_cells"] is not None and r.get("max_cells", 4) > out[n].get("max_cells", 4)):
                out[n] = r
    return out


def span(r: Record) -> tuple[int, int | None]:
    """The cells a record allows: (lowest, highest), None for no upper bound."""
    if r["min_cells"] is not None:
        return r["min_cells"], r["min_cells"]
    lo, hi = r["known"]
    return lo, hi


def differing_move(site: Record) -> str:
    """The first move of the site's line the textbook rules refuse, or why there is none."""
    if "solution" not in site:
        return "(no solution in the record)"
    verdict = replay_line(site, "site", find_variant("standard"))
    if verdict.error is None:
        return "(the site's line is legal under standard too)"
    return f'move {verdict.error.index} `{verdict.error.move}`: {verdict.error.reason}'


def replay_line(record: Record, name: str, rules: Variant) -> Verdict:
    """The verdict on a record's line (of variant ``name``'s run) from its deal
    with its count of cells, under ``rules``; a line that is no line stops the report."""
    tokens = record["solution"].split()
    try:
        return verify(Solution(tokens=tokens, lines=list(range(1, len(tokens) + 1))),
                      deal(record["deal"], cells=record["solution_cells"]), rules)
    except FreecellError as e:
        raise Refused(f"deal {record['deal']}: {name}'s line cannot be replayed: {e}") from None


def settle_across(variants: dict[str, dict[int, Record]]) -> list[str]:
    """Settles what one variant's records leave open from another's, in place,
    by two sound rules, and returns a line for each deal so settled:

    - where variant A's moves with k cells are all variant B's (Variant.within:
      the site's with at most 1 cell are the textbook's), a count B proved too
      few is too few for A: A's lowest possible count rises;
    - a line B's search found, replayed under A's rules from the deal with its
      count of cells, is A's line: A's highest count falls.

    A range that closes becomes the answer; a range that empties would mean a
    wrong proof somewhere, and stops the report."""
    notes: list[str] = []
    replayed: set[tuple[str, str, int, int]] = set()  # (variant, other, deal, cells): each line replayed once
    changed = True
    while changed:
        changed = False
        for a, table in variants.items():
            va = find_variant(a)
            for b, other in variants.items():
                if a == b:
                    continue
                vb = find_variant(b)
                for n, ra in sorted(table.items()):
                    rb = other.get(n)
                    if rb is None or ra["min_cells"] is not None or ra["verdict"] in ("unsolvable", "error"):
                        continue
                    lo, hi = span(ra)
                    new_lo, new_hi, why, line = lo, hi, [], None
                    b_lo = rb.get("max_cells", 4) + 1 if rb["verdict"] == "unsolvable" else span(rb)[0]
                    most = max((k for k in range(ra.get("max_cells", 4) + 1) if va.within(vb, k)), default=-1)
                    if min(b_lo, most + 1) > lo:
                        new_lo = min(b_lo, most + 1)
                        why.append(f"{b} proved {new_lo - 1} cell{'' if new_lo == 2 else 's'} too few, and {a}'s "
                                   f"moves with {'at most ' if most else ''}{most} cell{'' if most == 1 else 's'} "
                                   f"are {b}'s")
                    tried = (a, b, n, rb.get("solution_cells", -1))
                    if rb.get("solution") and (hi is None or rb["solution_cells"] < hi) and tried not in replayed:
                        replayed.add(tried)
                        if replay_line(rb, b, va).ok:
                            new_hi, line = rb["solution_cells"], rb
                            why.append(f"{b}'s {new_hi}-cell line is legal under {a}")
                    if not why:
                        continue
                    if new_hi is not None and new_lo > new_hi:
                        raise Refused(f"deal {n}: {a}'s records and {b}'s disagree ({lo}..{hi} against {why})")
                    settled = new_lo == new_hi
                    ra = dict(ra, known=[new_lo, new_hi], min_cells=new_lo if settled else None,
                              verdict="solved" if settled else ra["verdict"])
                    if line is not None:
                        ra.update(solution=line["solution"], solution_cells=line["solution_cells"],
                                  move_count=line["move_count"])
                    table[n] = ra
                    notes.append(f"{a} {n}: {answer_of(ra)} ({'; '.join(why)})")
                    changed = True
    return notes


def distribution(table: dict[int, Record]) -> Counter[str]:
    return Counter(answer_of(r) for r in table.values())


def published_table(path: str) -> dict[int, int]:
    """The published table (``deal cells`` a line; gzipped when it ends in .gz)."""
    try:
        text = read_bytes(path).decode("ascii")
    except UnicodeDecodeError as e:
        raise Refused(f"{path}: cannot be read: {e}")
    table: dict[int, int] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        found = re.fullmatch(r"\s*([0-9]{1,10}) +([0-9]{1,2})\s*", line)
        if found is None or not 1 <= int(found.group(1)) <= MAX_DEAL or int(found.group(2)) > 15:
            raise Refused(f"{path}: line {lineno} is not 'deal cells' (a deal number, then 0 to 15)")
        n = int(found.group(1))
        if n in table:
            raise Refused(f"{path}: line {lineno}: deal {n} again")
        table[n] = int(found.group(2))
    return table


def main(argv: list[str] | None = None) -> int:
    try:
        return report(argv)
    except Refused as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def report(argv: list[str] | None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--standard", nargs="+", default=[], metavar="FILE")
    ap.add_argument("--site", nargs="+", default=[], metavar="FILE")
    ap.add_argument("--table", metavar="FILE", help="msfc32k-min-fc (deal cells per line)")
    args = ap.parse_args(argv)
    published = published_table(args.table) if args.table else {}  # a bad table fails before the work
    if not args.standard and not args.site:
        raise Refused("give the results files: --standard FILE... and/or --site FILE...")
    variants = {name: answers(paths, name) for name, paths in (("standard", args.standard), ("site", args.site))
                if paths}
    across = settle_across(variants)
    out: list[str] = []
    keys = sorted({k for t in variants.values() for k in distribution(t)}, key=lambda s: (len(s), s))
    out.append("| fewest free cells | " + " | ".join(variants) + " |")
    out.append("|---|" + "---|" * len(variants))
    dists = {name: distribution(t) for name, t in variants.items()}
    for k in keys:
        out.append(f"| {k} | " + " | ".join(f"{dists[v][k]:,}" for v in variants) + " |")
    out.append("| deals | " + " | ".join(f"{len(t):,}" for t in variants.values()) + " |")
    out.append("")
    for name, t in variants.items():
        seconds = sum(r["seconds"] for r in t.values())
        biggest = sorted((r for r in t.values() if r["proof"]), key=lambda r: -r["proof"]["states"])[:5]
        out.append(f"{name}: {seconds / 3600:.2f} h of search in all (one core), the slowest deal "
                   f"{max(r['seconds'] for r in t.values()):.0f} s; the biggest proofs: "
                   + ", ".join(f"deal {r['deal']} ({r['proof']['cells']} cell{'' if r['proof']['cells'] == 1 else 's'},"
                                         f" {r['proof']['states']:,} positions)"
                               for r in biggest))
        open_ = [r for r in t.values() if r["min_cells"] is None and r["verdict"] != "unsolvable"]
        if open_:
            out.append(f"{name}: not settled: " + ", ".join(f"{r['deal']} ({answer_of(r)})" for r in
                                                          sorted(open_, key=lambda r: r["deal"])))
    if across:
        out.append("")
        out.append(f"settled, or narrowed, by the other variant's records ({len(across)}):")
        out.append("")
        out.extend(f"- {line}" for line in across)
    contradictions = 0
    if args.table and "standard" in variants:
        agree = open_ok = 0
        wrong = []
        for n, r in sorted(variants["standard"].items()):
            if n not in published:
                continue
            lo, hi = span(r)
            if r["verdict"] == "unsolvable":
                lo, hi = r["max_cells"] + 1, None
            if lo == hi == published[n]:
                agree += 1
            elif lo <= published[n] and (hi is None or published[n] <= hi):
                open_ok += 1
            else:
                wrong.append(f"deal {n}: ours {answer_of(r)}, published {published[n]}")
        contradictions = len(wrong)
        out.append("")
        out.append(f"standard against the published table: {agree:,} equal, {open_ok:,} not settled by us but "
                   f"within our range, {len(wrong)} contradict" + (": " + "; ".join(wrong) if wrong else ""))
    if "standard" in variants and "site" in variants:
        std, site = variants["standard"], variants["site"]
        differ = [n for n in sorted(std.keys() & site.keys())
                  if std[n]["min_cells"] is not None and site[n]["min_cells"] is not None
                  and std[n]["min_cells"] != site[n]["min_cells"]]
        out.append("")
        both = sum(1 for n in std.keys() & site.keys()
                   if std[n]["min_cells"] is not None and site[n]["min_cells"] is not None)
        out.append(f"deals whose answer differs ({len(differ)} of {both:,} settled under both):")
        out.append("")
        out.append("| deal | standard | site | the site's first move the textbook refuses |")
        out.append("|---|---|---|---|")
        for n in differ:
            move = differing_move(site[n]) if site[n]["min_cells"] < std[n]["min_cells"] else ""
            out.append(f"| {n} | {std[n]['min_cells']} | {site[n]['min_cells']} | {move} |")
    sys.stdout.write("\n".join(out) + "\n")
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
