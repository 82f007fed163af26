"""A replay as one self-contained HTML page: an inline SVG frame per step, the
move list beside the table, a slider, buttons and arrow keys, and the verdict.
Nothing is fetched: the card faces are defined once in the page and each frame
places them with ``<use>``; the script is a few lines of plain JavaScript.

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.replay import replay
>>> from freecell_cli.solutions import parse_solution
>>> page = to_html(replay(parse_solution("5a 82"), deal(617), find_variant("site")))
>>> page.count('<svg class="frame"'), page.count('<li data-k=')
(3, 3)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the page itself is game-neutral (Spider's replay uses it too)
    from .replay import Replay
    from .replay_frames import Frames

STYLE = """
body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 16px; background: #f4f4f0; color: #1b1b1b; }
h1 { font-size: 20px; margin: 0 0 6px; }
#verdict { font-weight: bold; margin: 0 0 10px; }
#verdict.ok { color: #14733b; } #verdict.fail { color: #b3261e; }
#main { display: flex; gap: 16px; align-items: flex-start; }
#table svg { display: block; max-width: 100%; height: auto; }
#moves { margin: 0; padding: 6px 6px 6px 44px; max-height: 640px; overflow-y: auto; min-width: 190px;
         background: #fff; border: 1px solid #ccc; font-family: DejaVu Sans Mono, monospace; font-size: 14px; }
#moves li { cursor: pointer; padding: 1px 4px; }
#moves li.auto { color: #666; }
#moves li.deal { color: #1f4e9c; font-weight: bold; }
#moves li.removes { color: #14733b; }
#moves li.bad { color: #b3261e; font-weight: bold; }
#moves li.end { list-style: none; font-weight: bold; }
#moves li.current { background: #ffd45c; }
#controls { margin: 10px 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
#controls button { font-size: 15px; min-width: 44px; }
#slider { flex: 1; min-width: 200px; }
"""

SCRIPT = """
(function () {
  var frames = document.querySelectorAll('#table svg.frame');
  var items = document.querySelectorAll('#moves li');
  var slider = document.getElementById('slider');
  var counter = document.getElementById('counter');
  var playButton = document.getElementById('play');
  var delay = DELAY_MS, k = 0, timer = null;
  function show(n) {
    n = Math.max(0, Math.min(frames.length - 1, n));
    frames[k].style.display = 'none'; items[k].classList.remove('current');
    k = n;
    frames[k].style.display = ''; items[k].classList.add('current');
    items[k].scrollIntoView({block: 'nearest'});
    slider.value = k; counter.textContent = k + ' / ' + (frames.length - 1);
    document.body.setAttribute('data-frame', k);
    if (k === frames.length - 1) stop();
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; } playButton.textContent = '\\u25b6 play'; }
  function play() {
    if (timer) { stop(); return; }
    if (k === frames.length - 1) show(0);
    playButton.textContent = '\\u23f8 pause';
    timer = setInterval(function () { show(k + 1); }, delay);
  }
  document.getElementById('start').onclick = function () { stop(); show(0); };
  document.getElementById('prev').onclick = function () { stop(); show(k - 1); };
  document.getElementById('next').onclick = function () { stop(); show(k + 1); };
  document.getElementById('end').onclick = function () { stop(); show(frames.length - 1); };
  playButton.onclick = play;
  slider.oninput = function () { stop(); show(parseInt(slider.value, 10)); };
  items.forEach(function (li) { li.onclick = function () { stop(); show(parseInt(li.getAttribute('data-k'), 10)); }; });
  document.addEventListener('keydown', function (e) {
    var keys = {ArrowRight: function () { stop(); show(k + 1); }, ArrowLeft: function () { stop(); show(k - 1); },
                Home: function () { stop(); show(0); }, End: function () { stop(); show(frames.length - 1); },
                ' ': play};
    if (keys[e.key] && e.target !== slider) { e.preventDefault(); keys[e.key](); }
  });
  show(0);
})();
"""


def to_html(r: Replay, title: str | None = None, delay: float = 0.6) -> str:
    """The whole page (UTF-8 text). ``delay``: seconds between frames when playing."""
    from .svg import defs

    items = [item(k, f"{step.move} (auto)" if step.automatic else str(step.move), "auto" if step.automatic else None)
             for k, step in enumerate(r.steps)]
    from .games import game_of

    return replay_html(r, title, game=game_of(r.start).title, rules=f"{r.variant.name} rules", detail=r.verdict.variant,
                       defs=defs(), items=items, delay=delay)


def replay_html(r: Frames[Any, Any], title: str | None, *, game: str, rules: str, detail: str, defs: str,
                items: list[str], delay: float) -> str:
    """The page of a replay of either game: named ``title`` or after the deal
    (``game``: the game's name), ``rules`` in the heading, ``detail`` after a verdict
    that is not a failure, ``defs`` the card faces, ``items`` the move list's
    entries of the steps (:func:`item`; the verdict's is added here)."""
    start, verdict = r.start, r.verdict
    name = title or (f"{game} deal {start.deal}" if start.deal is not None else f"{game} solution")
    if verdict.error is not None:
        summary = f"FAIL: {verdict.summary()}"
    elif verdict.solved:
        summary = f"OK: {verdict.summary()} ({detail})"
    else:
        summary = f"not solved: {verdict.summary()} ({detail})"
    height = r.tallest()
    footer = max(len(r.frame_lines(k)) for k in range(r.frames))
    frames = [r.frame_svg(k, height=height, footer=footer, with_defs=False) for k in range(r.frames)]
    last = len(r.steps)
    if verdict.error is not None:
        end = item(last, f"{verdict.error.move}: {verdict.error.reason}", "bad")
    else:
        end = item(last, verdict.summary(), "end", numbered=False)
    return page(name, rules, summary, verdict.ok, defs, frames, [*items, end], delay)


def item(k: int, text: str, cls: str | None = None, numbered: bool = True) -> str:
    """The move list's entry for frame ``k`` (``text`` escaped here); ``numbered``
    False for the verdict after the last move."""
    attrs = (f' class="{cls}"' if cls else "") + (f' value="{k + 1}"' if numbered else "")
    return f'<li data-k="{k}"{attrs}>{escape(text)}</li>'


def page(name: str, rules: str, summary: str, ok: bool, defs: str, frames: list[str], items: list[str],
         delay: float = 0.6) -> str:
    """A replay page of either game: ``frames`` one ``<svg>`` element each (drawn
    without their card definitions, which ``defs`` holds once), ``items`` one
    :func:`item` each, ``summary`` the verdict line (``ok`` colours it)."""
    last = len(frames) - 1
    hidden = ' style="display:none"'
    shown = [svg.replace("<svg ", f'<svg class="frame" data-k="{k}"{hidden if k else ""} ', 1)
             for k, svg in enumerate(frames)]
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f"<title>{escape(name)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        f"<h1>{escape(name)} &middot; {escape(rules)}</h1>\n",
        f'<p id="verdict" class="{"ok" if ok else "fail"}">{escape(summary)}</p>\n',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="0" height="0" '
        f'style="position:absolute" aria-hidden="true">{defs}</svg>\n',
        '<div id="controls"><button id="start" title="start (Home)">|&#x25c0;</button>'
        '<button id="prev" title="back (left arrow)">&#x25c0;</button>'
        '<button id="play" title="play / pause (space)">&#x25b6; play</button>'
        '<button id="next" title="forward (right arrow)">&#x25b6;</button>'
        '<button id="end" title="end (End)">&#x25b6;|</button>'
        f'<input id="slider" type="range" min="0" max="{last}" value="0">'
        f'<span id="counter">0 / {last}</span></div>\n',
        '<div id="main">\n<div id="table">\n', "".join(shown), "</div>\n",
        f'<ol id="moves">\n{chr(10).join(items)}\n</ol>\n</div>\n',
        f"<script>{SCRIPT.replace('DELAY_MS', str(max(int(delay * 1000), 50)))}</script>\n</body>\n</html>\n",
    ])


__all__ = ["item", "page", "replay_html", "to_html"]
