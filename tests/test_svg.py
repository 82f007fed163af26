import sys
import xml.etree.ElementTree as ET

import pytest

from freecell_cli import Move, deal, find_variant, parse_position, resolve
from freecell_cli.errors import MissingExtra
from freecell_cli.svg import table_svg, to_png, to_svg
from cli_helpers import skip_without_cairo

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"
SITE = find_variant("site")


def placed(svg: str) -> list[str]:
    """The card names placed on the table, in drawing order."""
    root = ET.fromstring(svg.encode())
    return [u.get(XLINK)[3:] for u in root.findall("svg:use", NS) if u.get(XLINK).startswith("#c-")]


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg.encode())
    return [t.text for t in root.findall("svg:text", NS)]


def test_new_deal_has_52_cards_in_deal_order_and_labels():
    svg = to_svg(deal(617))
    root = ET.fromstring(svg.encode())
    assert root.get("width") == "812" and root.get("height") == "566"
    cards = placed(svg)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert cards[:7] == ["7D", "TD", "TH", "KD", "4C", "4S", "JD"]  # column 1, buried card first
    labels = texts(svg)
    assert labels[:4] == ["a", "b", "c", "d"] and labels[4:8] == ["h"] * 4
    assert labels[8:16] == [str(i) for i in range(1, 9)]
    assert labels[16:] == ["deal 617 | site rules", "can move 16 (4 free cells, 0 empty columns)"]
    # 52 faces defined once each, every suit shape defined
    assert len(root.findall("svg:defs/svg:g", NS)) == 52
    assert [p.get("id") for p in root.findall("svg:defs/svg:path", NS)] == ["s-C", "s-D", "s-H", "s-S"]


def test_self_contained_and_deterministic():
    svg = to_svg(deal(617))
    assert svg == to_svg(deal(617))
    assert "http" not in svg.replace("http://www.w3.org/", "")  # no external reference
    assert "<image" not in svg and "@import" not in svg and "url(" not in svg
    assert svg.isascii()


def test_colours_red_and_black():
    svg = to_svg(deal(617))
    assert '<g id="c-7D" fill="#c8102e">' in svg and '<g id="c-4C" fill="#161616">' in svg
    assert '<g id="c-JH" fill="#c8102e">' in svg and '<g id="c-QS" fill="#161616">' in svg


def test_free_cells_foundations_and_more_places():
    p = deal(617, cells=6, columns=9)
    svg = to_svg(p)
    labels = texts(svg)
    assert labels[:6] == list("abcdef") and labels[6:10] == ["h"] * 4
    assert labels[10:19] == [str(i) for i in range(1, 10)]
    root = ET.fromstring(svg.encode())
    assert root.get("width") == str(12 * 2 + 10 * 100 - 12)  # 6 cells + 4 foundations wider than 9 columns
    assert len(placed(svg)) == 52


def test_won_table_shows_the_four_kings():
    svg = to_svg(parse_position("----:KKKK:////////"))
    assert placed(svg) == ["KC", "KD", "KH", "KS"]
    assert "won: all four foundations are at K" in texts(svg)


def test_cards_in_cells_and_on_foundations():
    p = parse_position("----:QQQJ:KC/KD/KH/KSQS")
    p.cells[1] = p.columns[3].pop()
    svg = to_svg(p, find_variant("standard"))
    assert placed(svg) == ["QS", "QC", "QD", "QH", "JS", "KC", "KD", "KH", "KS"]
    assert texts(svg)[-3:] == ["position | standard rules", "can move 4 (3 free cells, 0 empty columns)",
                               "auto-complete: the rest can be sent home directly (freecell autoplay)"]


def test_highlight_frames_source_run_and_destination():
    p = deal(617)
    move = resolve(p, Move.parse("5a"), SITE)
    svg = to_svg(p, highlight=move, caption="next: 5a")
    root = ET.fromstring(svg.encode())
    frames = [r for r in root.findall("svg:rect", NS) if r.get("fill") == "none"]
    # column 5's last card (row 5) and free cell a
    assert [(f.get("x"), f.get("y"), f.get("stroke")) for f in frames] == [
        ("409", "341", "#ffb000"), ("9", "29", "#35c6ff")]
    assert texts(svg)[-1] == "next: 5a"


def test_rows_keep_one_height():
    short = table_svg(deal(617), SITE, rows=19, with_defs=False)
    assert "<defs>" not in short
    assert ET.fromstring(short.encode()).get("height") == str(566 + 12 * 30)


def test_png_when_cairosvg_is_installed():
    skip_without_cairo()
    data = to_png(deal(617))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 812  # IHDR width


def test_png_without_cairosvg_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(MissingExtra, match=r"pip install 'freecell-cli\[png\]'"):
        to_png(deal(1))


def test_the_readme_picture_is_current():
    from pathlib import Path

    picture = Path(__file__).parent.parent / "docs" / "deal-617.svg"
    assert picture.read_text() == to_svg(deal(617)), "regenerate: freecell deal 617 | freecell show -o docs/deal-617.svg"
