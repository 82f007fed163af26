"""Spider pictures: freecell_cli.spider.svg and `freecell spider show -f svg|png`, `-o FILE.svg|png`."""

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import freecell_cli as fc
from cli_helpers import run, skip_without_cairo
from freecell_cli.cli import app
from freecell_cli.errors import ArgumentTypeError, InvalidMove, MissingExtra
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import format_compact, parse_position
from freecell_cli.spider.moves import DEAL, Move, apply, resolve
from freecell_cli.spider.svg import table_height, table_svg, to_png, to_svg
from spider_helpers import from_lists, sorted_table, table

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"
D1 = deal(1, suits=4)
STATUS_D1 = "deal 1 | 4 suits | stock 50 cards (5 deals) | removed 0 of 8 | moves 0"


def uses(svg: str) -> list[tuple[str, str, str]]:
    """What is placed on the table: (what, x, y), in drawing order ("back" for a card back)."""
    root = ET.fromstring(svg.encode())
    return [(u.get(XLINK)[1:].removeprefix("c-"), u.get("x"), u.get("y")) for u in root.findall("svg:use", NS)]


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg.encode()).findall("svg:text", NS)]


def frames(svg: str) -> list[tuple[str, str, str, str | None]]:
    """The marks of a highlighted move: (x, y, colour, dash)."""
    root = ET.fromstring(svg.encode())
    return [(r.get("x"), r.get("y"), r.get("stroke"), r.get("stroke-dasharray"))
            for r in root.findall("svg:rect", NS) if r.get("fill") == "none"]


def removed_two() -> fc.spider.Position:
    """A 1-suit table with two runs removed, columns 7 and 8 empty, no stock."""
    return from_lists(sorted_table(1, ("S", "S")), suits=1, removed=("S", "S")).validate()


# -- the library -------------------------------------------------------------------------
def test_a_deal_backs_faces_stock_and_labels():
    svg = to_svg(D1)
    root = ET.fromstring(svg.encode())
    assert (root.get("width"), root.get("height")) == ("1012", "424")
    assert root.find("svg:title", NS).text == "Spider deal 1 (4 suits)"
    placed = uses(svg)
    # the stock: five backs a little apart, then column 1: five backs 12 px apart, its face-up card
    assert placed[:5] == [("back", str(12 + 5 * i), "32") for i in range(5)]
    assert placed[5:11] == [("back", "12", "194"), ("back", "12", "206"), ("back", "12", "218"),
                            ("back", "12", "230"), ("back", "12", "242"), ("8H", "12", "254")]
    assert [p[0] for p in placed].count("back") == 5 + 44
    faces = [p[0] for p in placed if p[0] != "back"]
    assert faces == ["8H", "JC", "QS", "3S", "TH", "AH", "4H", "7H", "QC", "7C"]
    assert texts(svg) == ["stock: 5 deals", "50", "removed: 0 of 8 runs", *map(str, range(1, 11)), STATUS_D1]
    # the faces of the cards shown, and the back, defined once each
    assert len(root.findall("svg:defs/svg:g", NS)) == 10 + 1 and root.find("svg:defs/svg:g[@id='back']", NS) is not None


def test_self_contained_and_deterministic():
    svg = to_svg(D1)
    assert svg == to_svg(deal(1, suits=4)) and svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    assert "http" not in svg.replace("http://www.w3.org/", "")  # no external reference
    assert "<image" not in svg and "@import" not in svg and "url(" not in svg
    assert svg.isascii()


def test_removed_runs_are_a_row_of_kings_and_an_empty_stock_is_a_place():
    p = removed_two()
    svg = to_svg(p)
    placed = uses(svg)
    assert placed[:2] == [("KS", "212", "32"), ("KS", "312", "32")]  # from the third place on, one a run
    root = ET.fromstring(svg.encode())
    dashed = [(r.get("x"), r.get("y")) for r in root.findall("svg:rect", NS) if r.get("stroke-dasharray") == "6 4"]
    assert dashed == [("12.5", "32.5"), *((f"{x}.5", "32.5") for x in range(412, 1012, 100)),  # stock, 6 runs to come
                      ("612.5", "194.5"), ("712.5", "194.5")]  # the empty columns 7 and 8
    assert texts(svg)[:3] == ["stock: empty", "0", "removed: 2 of 8 runs"]
    assert texts(svg)[-1] == "1 suit | stock 0 cards (0 deals) | removed 2 of 8 | moves 0"


def test_a_won_table_shows_eight_kings():
    won = parse_position("spider2:./././././././././.:-:SHSHSHSH:500:9")
    svg = to_svg(won)
    assert [p[0] for p in uses(svg)] == ["KS", "KH"] * 4
    assert texts(svg)[-2:] == ["deal 9 | 2 suits | stock 0 cards (0 deals) | removed 8 of 8 | moves 500",
                               "won: all 8 runs removed"]


def test_the_note_about_dealing_follows_the_deal_rule():
    p = table("KS QS", "", stock="AS " * 10, suits=1)
    assert texts(to_svg(p))[-1] == "no deal while column 2 is empty"
    assert "no deal while" not in " ".join(texts(to_svg(p, unrestricted=True)))


def test_taller_columns_make_a_taller_picture_and_one_height_for_frames():
    p = apply(apply(D1, DEAL), DEAL)
    assert ET.fromstring(to_svg(p).encode()).get("height") == str(424 + 2 * 30)
    assert table_height(p) == 5 * 12 + 2 * 30 + 124
    short = table_svg(D1, height=table_height(p) + 30, with_defs=False)
    assert "<defs>" not in short and ET.fromstring(short.encode()).get("height") == str(424 + 3 * 30)


def test_highlight_a_move_and_a_deal():
    p = apply(D1, DEAL)
    svg = to_svg(p, highlight=resolve(p, Move.parse("54")), caption="next: 54")
    # column 5's last card (4 backs, 1 card up: row 5) solid; column 4's end dashed
    assert frames(svg) == [("409", "269", "#ffb000", None), ("309", "281", "#35c6ff", "9 5")]
    assert texts(svg)[-1] == "next: 54"
    dealt = frames(to_svg(D1, highlight=DEAL))
    assert dealt[0] == (str(12 + 4 * 5 - 3), "29", "#ffb000", None)  # the pile's top back
    assert len(dealt) == 11 and {f[3] for f in dealt[1:]} == {"9 5"}
    # a refused move (unresolved, red): the run it would take is guessed
    bad = frames(table_svg(D1, highlight=Move.parse("12"), bad=True))
    assert bad == [("9", "251", "#ff3b30", None), ("109", "251", "#ff3b30", "9 5")]


def test_arguments_are_checked():
    with pytest.raises(ArgumentTypeError, match="must be a Spider Position"):
        to_svg("spider1:...")
    with pytest.raises(ArgumentTypeError, match="must be a Spider Position"):
        to_svg(fc.deal(1))
    with pytest.raises(ArgumentTypeError):
        to_svg(D1, unrestricted="no")
    with pytest.raises(InvalidMove):
        to_svg(D1, highlight=Move(3, 3))


def test_exported_and_shown_in_a_notebook():
    assert fc.spider.to_svg is to_svg and fc.spider.to_png is to_png
    assert D1._repr_svg_() == to_svg(D1)


def test_png_when_cairosvg_is_installed():
    skip_without_cairo()
    data = to_png(D1)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1012, 424)  # IHDR


def test_png_without_cairosvg_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(MissingExtra, match=r"pip install 'freecell-cli\[png\]'"):
        to_png(D1)


def test_the_readme_picture_is_current():
    picture = Path(__file__).parent.parent / "docs" / "spider-deal-1.svg"
    assert picture.read_text() == to_svg(D1), "regenerate: freecell spider show --deal 1 -o docs/spider-deal-1.svg"


# -- spider show -------------------------------------------------------------------------
def test_show_svg_on_stdout_and_into_files(tmp_path):
    assert run("spider", "show", "--deal", "1", "-f", "svg") == (0, to_svg(D1), "")
    assert run("spider", "show", "-f", "svg", input=format_compact(D1)) == (0, to_svg(D1), "")
    for name in ("t.svg", "T.SVG"):
        assert run("spider", "show", "--deal", "1", "-o", str(tmp_path / name)) == (0, "", "")
        assert (tmp_path / name).read_text() == to_svg(D1)
    p = removed_two()
    assert run("spider", "show", format_compact(p), "-o", str(tmp_path / "r.svg")) == (0, "", "")
    assert (tmp_path / "r.svg").read_text() == to_svg(p)


def test_show_o_with_another_name_writes_text_or_what_f_says(tmp_path):
    text = run("spider", "show", "--deal", "1", "--plain")[1]
    assert run("spider", "show", "--deal", "1", "-o", str(tmp_path / "t.txt")) == (0, "", "")
    assert (tmp_path / "t.txt").read_text() == text and text.startswith(STATUS_D1 + "\n")
    assert run("spider", "show", "--deal", "1", "-f", "svg", "-o", str(tmp_path / "t.pic")) == (0, "", "")
    assert (tmp_path / "t.pic").read_text() == to_svg(D1)
    assert run("spider", "show", "--deal", "1", "-f", "plain", "-o", str(tmp_path / "t.plain")) == (0, "", "")
    assert (tmp_path / "t.plain").read_text() == text


def test_show_legal_beside_a_picture(tmp_path):
    listed = "legal moves (7): 23 29 47 52 81 01 d\n"
    assert run("spider", "show", "--deal", "1", "-f", "svg", "--legal") == (0, to_svg(D1), listed)  # the SVG stays whole
    assert run("spider", "show", "--deal", "1", "--legal", "-o", str(tmp_path / "t.svg")) == (0, listed, "")
    assert (tmp_path / "t.svg").read_text() == to_svg(D1)


def test_show_unrestricted_deal_in_the_picture():
    cols = sorted_table(1)
    for c in cols[:6]:
        del c[-1]  # six 2s ...
    cols[9] = []  # ... and four aces to the stock: column 10 empty
    p = from_lists(cols, suits=1, stock="AS AS AS AS 2S 2S 2S 2S 2S 2S").validate()
    text = format_compact(p)
    assert run("spider", "show", text, "-f", "svg") == (0, to_svg(p), "")
    assert texts(to_svg(p))[-1] == "no deal while column 10 is empty"
    assert run("spider", "show", text, "-f", "svg", "--unrestricted-deal") == (0, to_svg(p, unrestricted=True), "")
    assert texts(to_svg(p, unrestricted=True))[-1].startswith("1 suit | stock 10 cards (1 deal)")


@pytest.mark.parametrize("args, message", [
    (["-f", "plain", "-o", "{d}/t.svg"], "-o {d}/t.svg and -f plain cannot be combined: a .svg file holds SVG"),
    (["-f", "rich", "-o", "{d}/t.SVG"], "-o {d}/t.SVG and -f rich cannot be combined: a .svg file holds SVG"),
    (["--plain", "-o", "{d}/t.png"], "-o {d}/t.png and --plain cannot be combined: a .png file holds PNG"),
    (["--json", "-o", "{d}/t.svg"], "-o {d}/t.svg and --json cannot be combined: a .svg file holds SVG"),
    (["-f", "svg", "-o", "{d}/t.png"], "-o {d}/t.png and -f svg cannot be combined: a .png file holds PNG"),
    (["-f", "png", "-o", "{d}/t.svg"], "-o {d}/t.svg and -f png cannot be combined: a .svg file holds SVG"),
    (["--json", "-f", "svg"], "--json and -f svg cannot be combined: --json prints data, not a picture"),
    (["--json", "--plain"], "--json and --plain cannot be combined: --json prints data, not a picture"),
    (["--plain", "-f", "png"], "--plain and -f png cannot be combined: --plain is -f plain"),
    (["-o", "{d}/no/t.svg"], "cannot write {d}/no/t.svg: no folder {d}/no"),
])
def test_show_refuses_what_contradicts_the_file_name(tmp_path, args, message):
    """Refused before anything is read or written: one line, exit 2, no file."""
    args = [a.format(d=tmp_path) for a in args]
    assert run("spider", "show", "--deal", "1", *args) == (2, "", f"error: {message.format(d=tmp_path)}\n")
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_format_is_one_usage_line():
    """Through the real entry point (typer's own usage errors are made one line there)."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "freecell_cli", "spider", "show", "--deal", "1", "-f", "gif"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: Invalid value for '--format' / '-f': 'gif' is not one of 'plain', 'rich', 'svg', 'png'. "
               "(see 'freecell spider show --help')\n")


def test_show_a_bad_position_writes_no_picture(tmp_path):
    target = tmp_path / "t.svg"
    assert run("spider", "show", "-o", str(target), input="spider1:garbage\n") == (
        2, "", "error: stdin: a compact Spider position has 5 or 6 ':'-separated fields, not 2\n")
    assert run("spider", "show", "-o", str(target), input="\x89PNG\r\n\x1a\n\x00\x00")[0] == 2
    assert not target.exists()


def test_show_png_file_and_stdout(tmp_path):
    skip_without_cairo()
    assert run("spider", "show", "--deal", "1", "-o", str(tmp_path / "t.png")) == (0, "", "")
    data = (tmp_path / "t.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == 1012
    result = CliRunner().invoke(app, ["spider", "show", "--deal", "1", "-f", "png"])
    assert result.exit_code == 0 and result.stdout_bytes == to_png(D1)


def test_show_png_without_cairosvg(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    code, out, err = run("spider", "show", "--deal", "1", "-o", str(tmp_path / "t.png"))
    assert (code, out) == (2, "") and err == (
        "error: PNG output needs cairosvg: pip install 'freecell-cli[png]' (and the cairo library, "
        "Debian: libcairo2), or write .svg\n")
    assert not (tmp_path / "t.png").exists()
