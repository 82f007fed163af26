from pathlib import Path

from freecell_cli import deal, find_variant, parse_position
from freecell_cli.replay import describe, max_rows, replay
from freecell_cli.solutions import parse_solution

EXAMPLES = Path(__file__).parent.parent / "examples"
SITE = find_variant("site")


def test_steps_follow_verify_and_end_won():
    r = replay(parse_solution((EXAMPLES / "617.snx-out.txt").read_text()), deal(617), SITE)
    assert len(r) == 103 and r.frames == 104 and r.verdict.ok
    assert r.position(0) == deal(617) and r.position(103).is_won()
    assert r.next_move(103) == (None, False)
    assert r.caption(103) == "solved in 103 moves"
    assert all(not s.automatic for s in r.steps)
    assert max_rows(r) == 9


def test_every_format_verify_reads():
    # the verbose and -sam outputs of fc-solve give the same positions as -snx
    snx = replay(parse_solution((EXAMPLES / "617.snx-out.txt").read_text()), deal(617), SITE)
    for name in ("617.verbose.txt", "617.sam.txt"):
        r = replay(parse_solution((EXAMPLES / name).read_text()), deal(617), SITE)
        assert [s.after.same_table(t.after) for s, t in zip(r.steps, snx.steps)] == [True] * 103, name


def test_windows_automatic_moves_each_a_step():
    sol = parse_solution((EXAMPLES / "3.fcpro.txt").read_text())
    r = replay(sol, deal(3), find_variant("windows"), sol.empty_column)
    autos = [s for s in r.steps if s.automatic]
    assert len(r) == 113 and len(autos) == 31 and r.verdict.ok
    first = autos[0]
    assert r.caption(r.steps.index(first)).startswith(f"after move {first.index}, by itself (windows): ")
    # an automatic step takes one card home: the foundations grow by exactly one
    k = r.steps.index(first)
    assert r.position(k + 1).cards_home == r.position(k).cards_home + 1


def test_refused_move_is_the_last_frame():
    r = replay(parse_solution((EXAMPLES / "4.snx-out.txt").read_text()), deal(4), SITE)
    assert len(r) == 65 and not r.verdict.valid
    move, bad = r.next_move(65)
    assert (str(move), bad) == ("13", True)
    assert r.caption(65) == "move 66 refused: 13, 4 cards > can move 3 (0 free cells, 2 empty columns)"


def test_describe():
    p = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/6D5D8H")
    from freecell_cli import Move, resolve

    assert describe(p, resolve(p, Move.parse("21"), SITE)) == "4 cards 8S..5H from column 2 onto 9H in column 1"
    assert describe(p, resolve(p, Move.parse("a8"), SITE)) == "7S from free cell a onto 8H in column 8"
    assert describe(p, resolve(p, Move.parse("5h"), SITE)) == "5S from column 5 home"


def test_pipe_lines():
    r = replay(parse_solution("5a 82"), deal(617), SITE)
    lines = list(r.lines())
    assert lines[0] == "5a\n" and lines[2] == "82\n" and len(lines) == 4
    assert lines[1].startswith("JC---:0000:") and lines[1].endswith(":617\n")
    fcs = list(r.lines("fcs"))
    assert fcs[1].startswith("Foundations: H-0 C-0 D-0 S-0\nFreecells: JC - - -\n")


def test_refused_run_is_framed_whole():
    import xml.etree.ElementTree as ET

    r = replay(parse_solution((EXAMPLES / "4.snx-out.txt").read_text()), deal(4), SITE)
    root = ET.fromstring(r.frame_svg(65).encode())
    frames = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if e.get("fill") == "none"]
    # the 4 cards JC..8D of column 1 (solid) and QD at the end of column 3 (dashed), both red
    assert [(f.get("x"), f.get("height"), f.get("stroke"), f.get("stroke-dasharray")) for f in frames] == [
        ("9", str(3 * 30 + 124 + 6), "#ff3b30", None), ("209", str(124 + 6), "#ff3b30", "9 5")]


def test_macroxue_auto_play_written_out_is_a_step_of_its_own():
    # deal 617 as its solver's -A writes it: its auto play's moves are steps the file's solver made
    line = "617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412"
    sol = parse_solution(line)
    r = replay(sol, deal(617), find_variant("standard"))
    assert r.verdict.ok and len(r) == 87 and r.file_moves == 35
    written = [s for s in r.steps if s.automatic]
    assert len(written) == 52 and all(s.written for s in written)
    k = r.steps.index(written[0])
    assert r.caption(k) == "after move 8, by itself (the file's solver): 4h, AC from column 4 home"
    assert r.caption(k - 1).startswith("move 8 of 35: 4d, ")


def test_macroxue_refused_move_is_the_last_frame():
    r = replay(parse_solution("7:1rc1"), deal(7), find_variant("standard"))
    assert len(r) == 2 and r.next_move(2) == (None, False)
    assert r.caption(2) == "move 2 refused: c1, the reserve holds 1 card: c names no card"
