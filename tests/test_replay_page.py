import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from browser import SKIP_REASON, Browser, find_browser
from freecell_cli import deal, find_variant
from freecell_cli.replay import replay
from freecell_cli.replay_page import to_html
from freecell_cli.solutions import parse_solution

EXAMPLES = Path(__file__).parent.parent / "examples"
SITE = find_variant("site")


def page_of(name: str, number: int) -> str:
    return to_html(replay(parse_solution((EXAMPLES / name).read_text()), deal(number), SITE))


def test_page_structure():
    page = page_of("617.snx-out.txt", 617)
    assert page.startswith("<!DOCTYPE html>") and page == page_of("617.snx-out.txt", 617)
    frames = re.findall(r'<svg class="frame".*?</svg>', page, re.S)
    assert len(frames) == 104
    heights = {ET.fromstring(f).get("height") for f in frames}
    assert len(heights) == 1  # one height for every frame: the page does not jump
    assert all(f.count('href="#c-') == 52 for f in frames[:1])
    assert page.count('<g id="c-') == 52  # faces once for the whole page
    assert page.count("<li data-k=") == 104 and 'class="end">solved in 103 moves</li>' in page
    assert '<p id="verdict" class="ok">OK: solved in 103 moves (site)</p>' in page
    # self-contained: no script or style from elsewhere, no link at all
    assert not re.search(r'\bsrc=|<link|@import|url\(|https?://(?!www\.w3\.org/)', page)


def test_failing_page_marks_the_bad_move():
    page = page_of("4.snx-out.txt", 4)
    assert page.count('<svg class="frame"') == 66
    assert ('<li data-k="65" class="bad" value="66">13: 4 cards &gt; can move 3 '
            "(0 free cells, 2 empty columns)</li>") in page
    assert 'stroke="#ff3b30"' in page and 'class="fail">FAIL: move 66' in page


@pytest.fixture(scope="module")
def browser():
    binary = find_browser()
    if binary is None:
        pytest.skip(SKIP_REASON)
    b = Browser(binary)
    yield b
    b.close()


def test_arrow_keys_in_a_real_browser(tmp_path, browser):
    path = tmp_path / "r.html"
    path.write_text(page_of("4.snx-out.txt", 4))
    browser.open(path.as_uri())
    visible = ("[...document.querySelectorAll('svg.frame')].map((f, i) => f.style.display === 'none' ? -1 : i)"
               ".filter(i => i >= 0).join()")
    current = "document.querySelector('#moves li.current').textContent"
    assert browser.evaluate(visible) == "0" and browser.evaluate(current) == "4h"
    browser.press("ArrowRight", 39)
    assert browser.evaluate(visible) == "1" and browser.evaluate(current) == "4h"
    assert browser.evaluate("document.getElementById('counter').textContent") == "1 / 65"
    browser.press("End", 35)
    assert browser.evaluate(visible) == "65"
    assert browser.evaluate(current).startswith("13: 4 cards > can move 3")
    browser.press("ArrowLeft", 37)
    assert browser.evaluate("document.getElementById('slider').value") == "64"
    browser.evaluate("document.getElementById('start').click()")
    assert browser.evaluate(visible) == "0"


# -- issue 24: Debian's headless build is found as well as the full browser -------------------
@pytest.mark.parametrize("name", ["chromium", "chromium-headless-shell", "headless_shell"])
def test_the_browser_is_found_by_any_of_its_names(tmp_path, monkeypatch, name):
    import browser as helper

    fake = tmp_path / name
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("FREECELL_TEST_BROWSER", raising=False)
    monkeypatch.setattr(helper, "INSTALLED", ())
    assert find_browser() == str(fake)
    fake.unlink()
    assert find_browser() is None
    monkeypatch.setattr(helper, "INSTALLED", (str(fake),))  # a binary in /usr/lib/chromium, off PATH
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", "")
    assert find_browser() == str(fake)
    monkeypatch.setenv("FREECELL_TEST_BROWSER", str(tmp_path / "nothing-here"))
    assert find_browser() is None
