import orjson

from cli_helpers import run, skip_without_cairo
from freecell_cli import deal, format_position
from positions import NEARLY_WON

SAFE_STOPS = "----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS"


def test_show_plain_when_piped():
    code, out, err = run("show", input=format_position(deal(1)))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "deal 1 | site | can move 16 (4 free cells, 0 empty columns)"
    assert out.isascii()


def test_show_legal_and_variant():
    code, out, _ = run("show", "--legal", "--variant", "standard", input=format_position(deal(1)))
    assert code == 0
    assert "standard | can move 5 (4 free cells, 0 empty columns)" in out
    last = out.splitlines()[-1]
    assert last.startswith("legal moves (") and " 1a " in last + " "


def test_show_file_argument_and_unsolvable(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(format_position(deal(11982)))
    code, out, _ = run("show", str(path))
    assert code == 0 and "unsolvable: deal 11982 cannot be won from the start" in out


def test_autoplay_collect_and_safe():
    code, out, err = run("autoplay", "--moves", input=SAFE_STOPS)
    assert (code, out) == (0, "----:KKKK:///\n")
    assert err.splitlines()[0] == "9 moves: 3h 4h 1h 3h 3h 2h 2h 2h 4h"
    code, out, err = run("autoplay", "--mode", "safe", "--moves", input=SAFE_STOPS)
    assert out == "----:Q9QJ:KC/KDQDJD/TDKH/KSQS\n"
    assert err.splitlines() == ["1 move: 3h", "auto-complete: the rest can be sent home directly (--mode collect)"]
    # -q drops the status lines, not the list --moves asked for
    code, out, err = run("autoplay", "--mode", "safe", "--moves", "-q", input=SAFE_STOPS)
    assert (code, err) == (0, "1 move: 3h\n")


def test_autoplay_json_lists_moves():
    code, out, _ = run("autoplay", "--moves", "-f", "json", input=NEARLY_WON)
    d = orjson.loads(out)
    assert d["autoplay"] == {"mode": "collect", "moves": ["4h", "1h", "2h", "3h", "4h"], "count": 5}
    assert d["foundations"] == {"C": 13, "D": 13, "H": 13, "S": 13}


def test_show_says_autocomplete():
    code, out, _ = run("show", input=NEARLY_WON)
    assert "auto-complete: the rest can be sent home directly" in out


def test_show_svg_on_stdout_and_to_files(tmp_path):
    from freecell_cli.svg import to_svg

    code, out, _ = run("show", "-f", "svg", input=format_position(deal(617)))
    assert code == 0 and out == to_svg(deal(617))
    code, out, _ = run("show", "-o", str(tmp_path / "t.svg"), input=format_position(deal(617)))
    assert (code, out) == (0, "") and (tmp_path / "t.svg").read_text() == to_svg(deal(617))


def test_show_picture_errors(tmp_path):
    code, out, err = run("show", "-o", str(tmp_path / "t.gif"), input=format_position(deal(1)))
    assert code == 2 and err == (f"error: cannot tell the picture format of '{tmp_path / 't.gif'}': "
                                 "name it .svg or .png, or give -f\n")
    code, out, err = run("show", "-o", str(tmp_path / "no" / "t.svg"), input=format_position(deal(1)))
    assert code == 2 and err == f"error: cannot write {tmp_path / 'no' / 't.svg'}: no folder {tmp_path / 'no'}\n"


def test_show_png_without_cairosvg(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)
    code, out, err = run("show", "-o", str(tmp_path / "t.png"), input=format_position(deal(1)))
    assert code == 2 and "pip install 'freecell-cli[png]'" in err
    assert not (tmp_path / "t.png").exists()


def test_show_png_file(tmp_path):
    skip_without_cairo()
    code, _, _ = run("show", "-o", str(tmp_path / "t.png"), input=format_position(deal(1)))
    assert code == 0 and (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"


def test_show_refuses_a_table_its_deal_number_cannot_be():
    # An edited deal field (or cards edited under it) is bad input, not a label to
    # print: deal 617's table said to be deal 618, and deal 617 with two cards swapped.
    text = format_position(deal(617))
    code, out, err = run("show", input=text.replace(":617", ":618"))
    assert (code, out) == (2, "") and err == (
        "error: stdin: the position says deal 618, but its cards are not deal 618's: in column 1, "
        "TD lies on 7D, where neither the deal nor a move puts it\n")
    swapped = text.replace("7DTDTH", "TD7DTH")
    code, out, err = run("show", input=swapped)
    assert (code, out) == (2, "") and err == (
        "error: stdin: the position says deal 617, but its cards are not deal 617's: in column 1, "
        "7D lies on TD, where neither the deal nor a move puts it\n")
    code, out, _ = run("show", input=swapped.replace(":617", ""))  # no label: any table
    assert code == 0 and out.startswith("site | can move 16")
