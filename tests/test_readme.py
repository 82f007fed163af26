"""The README's examples run as shown: its Python sessions (doctest), and every
`$ freecell ...` line of its console blocks, run by bash in a folder of its own,
printing what the README shows below it.

How a console block is read (the README is written for people; these are the
conventions it keeps so that it can be checked):

- `$ ` starts a command; the lines up to the next one are what it prints, stdout
  and stderr together, in the README's order (each stream's lines in their own
  order), blank lines at the end aside. A command shown with nothing below it
  prints nothing.
- `...` or `…` on a line of its own stands for any lines (what follows it in
  parentheses is a remark); inside a line, for any text.
- A remark at the end of a line, after two spaces, in parentheses, naming an exit
  code (`(exit 1)`, `(stderr, exit 1)`, `(exit 1, nothing on stdout)`) gives the
  command's exit code (else 0) and, with `stderr`, where that line goes.
- Figures that change from run to run are masked on both sides: times (`0.05 s`),
  counts of states, the seconds of a summary.

Commands are run in order, in one temporary folder per README (files one makes,
later ones read; the examples folder is linked in), with `freecell` on PATH being
this tree's package and the saved games in the folder. The few commands that need a
terminal, a long time or what no example makes are listed in SKIP, each with why.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# Commands not run, each with the reason (the README's text after `$ `, comments included).
SKIP = {
    # minutes of work: a thousand deals, or a thousand proofs
    "freecell analyze 1-1000 --out a.jsonl            # one JSON line per deal, resumable": "long",
    "freecell analyze 1-1000,5000-6000 daily:2026-11 random:500 --seed 1 --out b.jsonl --jobs 2": "long",
    "freecell analyze 1-1000 --min-cells --variant standard --out std.jsonl --jobs 2": "long",
    "freecell analyze 1-1000 --min-cells --out site.jsonl --jobs 2      # the site's rules": "long",
    "freecell analyze --summary std.jsonl --summary site.jsonl          # both, and the deals that differ":
        "reads the two long runs above",
    "freecell analyze 1-100 --game spider --suits 2 -o spider2.jsonl": "long (a hundred Spider deals)",
    # the full-screen games and the step viewer need a terminal
    "freecell play 617          # or --daily [DATE], --random, --position FILE; no argument resumes": "terminal",
    "freecell spider play 5 --suits 2        # or --random, -p POSITION; no argument resumes": "terminal",
    "freecell spider play 5 --suits 2                        # undo, hint, d to deal, save FILE; resumes":
        "terminal",
    "freecell spider replay 5.txt                   # on a terminal: the step viewer": "terminal",
    # a session typed at the prompt, shown with its input (tests/test_lineplay.py plays such sessions)
    "freecell play --lines 617": "an interactive session",
    # a form of the command, not a command: POSITION stands for any position
    "freecell spider solve -p POSITION --exhaustive        # the complete search alone, no default time limit":
        "a placeholder",
}

# Commands whose output depends on what is installed: run only where it is.
NEEDS = {
    "fc-solve": lambda: _has_fcsolve(),
    "the compiled core": lambda: _has_core(),
}
NEEDED_BY = {
    "freecell solve --deal 617 --engine auto > /dev/null       # fast: fc-solve, then the post-pass": "fc-solve",
    "freecell solve --deal 781948 --json --engine auto   # fc-solve finds nothing under site; builtin does":
        "fc-solve",
    "freecell --version": "the compiled core",
    # seconds with the compiled core, a minute or more without it
    "freecell solve --deal 617 --optimize > /dev/null          # slower, shorter": "the compiled core",
    "freecell solve --deal 3 --variant standard --optimal > 3.sol": "the compiled core",
    "freecell solve --deal 1 --variant standard --optimal --max-states 20000 > 1.sol": "the compiled core",
}

ANNOTATION = re.compile(r"\s{2,}\(([^()]*\b(?:exit \d|stderr)\b[^()]*)\)$")
ELISION = re.compile(r"^\s*(?:\.\.\.|…)(?:\s{2,}\(.*\))?\s*$")
MASKS = [
    (re.compile(r"\b\d[\d,]*(?:\.\d+)? s\b"), "<N> s"),            # times: 0.05 s, 2.90 s
    (re.compile(r"\b\d[\d,]* states\b"), "<N> states"),            # states explored
    (re.compile(r"^seconds: .*"), "seconds: <masked>"),            # a summary's times
    (re.compile(r"^hardest \(states\): .*"), "hardest (states): <masked>"),
]


@dataclass
class Example:
    line: int                     # of the command in the README
    command: str                  # as the README shows it, after "$ "
    expected: list[str] = field(default_factory=list)   # the lines shown below it
    streams: list[str | None] = field(default_factory=list)  # "stderr" where a remark says so
    exit_code: int = 0
    nothing_on_stdout: bool = False


def examples(text: str) -> list[Example]:
    """The `$` commands of the README's console blocks, with what they print."""
    out: list[Example] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)```console\s*$", lines[i])
        i += 1
        if not fence:
            continue
        indent = len(fence.group(1))
        current: Example | None = None
        while i < len(lines) and lines[i].strip() != "```":
            raw = lines[i][indent:]
            if raw.startswith("$ "):
                command = raw[2:]
                current = Example(i + 1, command)
                remark = ANNOTATION.search(command)
                if remark:  # "(exit 3)" after the command itself
                    current.command = command[:remark.start()]
                    _read_remark(current, remark.group(1))
                out.append(current)
            elif current is not None:
                remark = ANNOTATION.search(raw)
                if remark:
                    raw = raw[:remark.start()]
                    _read_remark(current, remark.group(1))
                current.expected.append(raw)
                current.streams.append("stderr" if remark and "stderr" in remark.group(1) else None)
            i += 1
        i += 1
    for example in out:  # a blank line between two examples is the README's spacing, not output
        while example.expected and not example.expected[-1].strip():
            example.expected.pop()
            example.streams.pop()
    return out


def _read_remark(example: Example, remark: str) -> None:
    code = re.search(r"\bexit (\d)\b", remark)
    if code:
        example.exit_code = int(code.group(1))
    example.nothing_on_stdout = example.nothing_on_stdout or "nothing on stdout" in remark


def _mask(line: str) -> str:
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def _line_matches(expected: str, actual: str) -> bool:
    expected, actual = _mask(expected), _mask(actual)
    if "..." not in expected and "…" not in expected:
        return expected == actual
    parts = re.split(r"\.\.\.|…", expected)
    return re.fullmatch(".*?".join(map(re.escape, parts)), actual, re.S) is not None


def output_matches(example: Example, out: list[str], err: list[str]) -> bool:
    """Whether the README's lines are the two streams' lines interleaved (each
    stream in its order), `...` lines standing for any number of lines."""
    expected = example.expected
    seen: set[tuple[int, int, int]] = set()
    todo = [(0, 0, 0)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        i, j, k = state
        if i == len(expected):
            if j == len(out) and k == len(err):
                return True
            continue
        if ELISION.match(expected[i]):
            todo.append((i + 1, j, k))
            if j < len(out):
                todo.append((i, j + 1, k))
            if k < len(err):
                todo.append((i, j, k + 1))
            continue
        if j < len(out) and example.streams[i] != "stderr" and _line_matches(expected[i], out[j]):
            todo.append((i + 1, j + 1, k))
        if k < len(err) and _line_matches(expected[i], err[k]):
            todo.append((i + 1, j, k + 1))
    return False


def _has_fcsolve() -> bool:
    from freecell_cli.solvers.fcsolve import fcsolve_available

    return fcsolve_available()


def _has_core() -> bool:
    from freecell_cli.solvers import core

    return core.built() is not None


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder to run the README's commands in: the examples linked in, `freecell`
    on PATH running this tree, saved games kept inside."""
    here = tmp_path_factory.mktemp("readme")
    (here / "examples").symlink_to(ROOT / "examples")
    (here / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "analyze-1-100.jsonl", here / "docs")
    bin_dir = here / ".bin"
    bin_dir.mkdir()
    shim = bin_dir / "freecell"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m freecell_cli "$@"\n')
    shim.chmod(0o755)
    return here


def _environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FREECELL_", "COLUMNS", "LINES")) and k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PATH=f"{folder / '.bin'}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(ROOT),
               XDG_DATA_HOME=str(folder / ".data"), TERM="dumb")
    return env


def run_example(example: Example, folder: Path) -> tuple[int, list[str], list[str]]:
    p = subprocess.run(["bash", "-o", "pipefail", "-c", example.command], cwd=folder, env=_environment(folder),
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout.splitlines(), p.stderr.splitlines()


ALL = examples(README.read_text())


def test_readme_python_examples():
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried >= 5 and failures == 0


def test_the_readme_has_its_examples():
    """The parser finds the commands (a changed fence or prompt would drop them silently)."""
    commands = [e.command for e in ALL]
    assert len(commands) >= 60
    assert commands[0] == "freecell deal 617"
    assert all(c.startswith(("freecell ", "echo ", "head ", "grep ", "FREECELL_CORE=")) for c in commands), commands
    assert set(SKIP) <= set(commands) and set(NEEDED_BY) <= set(commands)  # no stale entries


@pytest.fixture(scope="module")
def ran(folder):
    """Every command in order (later ones read the files earlier ones make): what
    differs from the README, each with the README's line."""
    problems = []
    for example in ALL:
        if example.command in SKIP:
            continue
        needed = NEEDED_BY.get(example.command)
        if needed and not NEEDS[needed]():
            continue
        code, out, err = run_example(example, folder)
        if code != example.exit_code or (example.nothing_on_stdout and out) or not output_matches(example, out, err):
            problems.append(f"README line {example.line}: $ {example.command}\n  exit {code} "
                            f"(README: {example.exit_code})\n  stdout:\n" + "".join(f"    {x}\n" for x in out)
                            + "  stderr:\n" + "".join(f"    {x}\n" for x in err)
                            + "  README:\n" + "".join(f"    {x}\n" for x in example.expected))
    return problems


def test_readme_shell_examples(ran):
    assert not ran, "\n".join(ran)


def test_the_pictures_the_readme_makes_are_its_pictures(folder, ran):
    """`show -o 617.svg` and `spider show -o docs/spider-deal-1.svg` draw the
    pictures the README shows."""
    assert (folder / "617.svg").read_bytes() == (ROOT / "docs" / "deal-617.svg").read_bytes()
    assert (folder / "docs" / "spider-deal-1.svg").read_bytes() == (ROOT / "docs" / "spider-deal-1.svg").read_bytes()


# -- the reader of the README's conventions ------------------------------------------------
def test_the_conventions_are_read_as_documented():
    text = ("```console\n$ a  (exit 3)\n$ b\nout  (stderr, exit 1)\n...  (a remark)\nx ... y\n```\n"
            "  ```console\n  $ c\n  one\n  ```\n")
    a, b, c = examples(text)
    assert (a.command, a.exit_code, a.expected) == ("a", 3, [])
    assert (b.exit_code, b.expected, b.streams) == (1, ["out", "...  (a remark)", "x ... y"], ["stderr", None, None])
    assert (c.command, c.expected) == ("c", ["one"])
    assert output_matches(b, ["x 1 2 y"], ["out"])
    assert output_matches(b, ["p", "q", "x - y"], ["out"])
    assert not output_matches(b, ["out", "x - y"], [])           # that line goes to stderr
    assert not output_matches(b, ["x - y", "z"], ["out"])        # nothing may follow
    assert output_matches(Example(1, "d", ["solved: 87 moves, 100,230 states, 0.05 s"], [None]),
                          [], ["solved: 87 moves, 9 states, 12.5 s"])
    assert not output_matches(Example(1, "d", ["solved: 87 moves"], [None]), ["solved: 88 moves"], [])
