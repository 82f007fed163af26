import sys
import xml.etree.ElementTree as ET

import pytest

from freecell_cli.errors import MissingExtra
from freecell_cli.plots import InvalidPlot, integer_bins, plot_summary, text_histogram


def records() -> list[dict]:
    out = []
    for i in range(1, 31):
        for variant, engine, extra in (("site", "builtin", 0), ("standard", "fc-solve", 20)):
            verdict = "gave-up" if i == 30 and engine == "builtin" else "solved"
            out.append({"deal": i, "variant": variant, "engine": engine, "verdict": verdict,
                        "move_count": 90 + i + extra, "nonfoundation_moves": 40 + i + extra,
                        "seconds": 0.001 * i * (1 + extra), "states": 50 * i + extra})
    return out


def test_integer_bins_and_text_histogram():
    assert integer_bins([], 5) == []
    assert integer_bins([100, 100], 5) == [(100, 100, 2)]
    assert integer_bins([91, 120, 135, 99], 5) == [(90, 99, 2), (100, 109, 0), (110, 119, 0), (120, 129, 1),
                                                   (130, 139, 1)]
    assert text_histogram([91, 120, 135, 99], bins=5, width=4) == [
        " 90-  99  ####  2", "100- 109        0", "110- 119        0", "120- 129  ##    1", "130- 139  ##    1"]


def test_plot_file_written_non_empty(tmp_path):
    import os

    pytest.importorskip("matplotlib")
    first = tmp_path / "a.svg"
    plot_summary(records(), first)
    data = first.read_bytes()
    assert len(data) > 10_000
    root = ET.fromstring(data)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert b"site / builtin" in data and b"standard / fc-solve" in data  # one series per variant and engine
    umask = os.umask(0o22)
    os.umask(umask)
    assert first.stat().st_mode & 0o777 == 0o666 & ~umask  # not the 0600 of a temporary file


def test_plot_errors(tmp_path, monkeypatch):
    with pytest.raises(InvalidPlot, match=r"name it \.svg, \.png or \.pdf"):
        plot_summary(records(), tmp_path / "a.gif")
    with pytest.raises(InvalidPlot, match="no records to plot"):
        plot_summary([], tmp_path / "a.svg")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtra, match=r"pip install 'freecell-cli\[plot\]'"):
        plot_summary(records(), tmp_path / "a.svg")
    assert not (tmp_path / "a.svg").exists()


# -- issue 20: matplotlib says nothing when it cannot write its folders ----------------
def test_no_matplotlib_warnings_when_home_is_not_writable(tmp_path):
    import os
    import subprocess
    import tempfile

    import orjson

    import freecell_cli

    pytest.importorskip("matplotlib")
    results = tmp_path / "r.jsonl"
    results.write_bytes(b"".join(orjson.dumps({**r, "verdict": "solved"}) + b"\n" for r in records()[::2]))
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(freecell_cli.__file__))  # this tree, from any folder
    before = set(os.listdir(tempfile.gettempdir()))
    read_only = tmp_path / "read-only"
    read_only.mkdir()
    read_only.chmod(0o555)
    # /proc refuses new folders even to root, for whom the chmod 555 HOME is still writable
    for home in ("/proc/no-such-home", str(a_file), *([str(read_only)] if os.geteuid() else [])):
        p = subprocess.run([sys.executable, "-m", "freecell_cli", "analyze", "--summary", str(results),
                            "--plot", str(tmp_path / "p.svg")], capture_output=True, text=True,
                           env={**env, "HOME": home}, cwd=tmp_path)
        assert (p.returncode, p.stderr) == (0, f"plot written to {tmp_path / 'p.svg'}\n"), p.stderr
        assert (tmp_path / "p.svg").read_bytes().startswith(b"<?xml")
        (tmp_path / "p.svg").unlink()
    left = set(os.listdir(tempfile.gettempdir())) - before
    assert not any(n.startswith("freecell-matplotlib-") for n in left)  # removed at exit


def test_a_plot_leaves_matplotlib_logging_as_it_was(tmp_path):
    import logging

    pytest.importorskip("matplotlib")
    log = logging.getLogger("matplotlib")
    log.setLevel(logging.INFO)
    try:
        plot_summary(records(), tmp_path / "a.svg")
        assert log.level == logging.INFO
    finally:
        log.setLevel(logging.NOTSET)


def test_weights_count_values_without_expanding_them():
    assert integer_bins([91, 120, 135], 5, weights=[2, 1, 10**9]) == [
        (90, 99, 2), (100, 109, 0), (110, 119, 0), (120, 129, 1), (130, 139, 10**9)]
    assert text_histogram([91, 99, 120, 135], bins=5, width=4) == text_histogram([91, 99, 120, 135], bins=5, width=4,
                                                                                 weights=[1, 1, 1, 1])


# -- issue 24: readable ticks on the log axes at any range ------------------------------
def _spread(lo, hi, n):
    return [lo * (hi / lo) ** (i / max(n - 1, 1)) for i in range(n)]


def _records_between(seconds, states, n=60, groups=1):
    out = []
    for g in range(groups):
        for i, (t, s) in enumerate(zip(_spread(*seconds, n), _spread(*states, n)), 1):
            out.append({"deal": i, "variant": "site", "engine": ("builtin", "fc-solve")[g], "verdict": "solved",
                        "move_count": 90 + i % 40, "nonfoundation_moves": 40 + i % 30,
                        "seconds": round(t * (1 + g), 4), "states": round(s)})
    return out


def _texts_shown(fig):
    """(text, window box) of every label drawn: tick labels within the axes' view,
    axis labels, titles, the counts above the bars."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    shown = []
    for ax in fig.axes:
        for axis, view in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            lo, hi = sorted(view)
            ticks = axis.get_major_ticks()
            for loc, tick in zip(axis.get_majorticklocs(), ticks):
                if lo <= loc <= hi and tick.label1.get_visible() and tick.label1.get_text():
                    shown.append(tick.label1)
            assert not any(t.get_text() for t in axis.get_minorticklabels()), "minor ticks are never labelled"
        shown += [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts]
    shown = [t for t in shown if t.get_visible() and t.get_text()]
    return [(t.get_text(), t.get_window_extent(renderer)) for t in shown]


@pytest.mark.parametrize("seconds, states, groups", [
    ((0.0012, 0.0532), (44, 965), 1),       # deals 1-60 with fc-solve: the range that ran together
    ((0.011, 0.018), (900, 1300), 1),       # within one step of a decade
    ((0.0501, 0.0501), (500, 500), 1),      # every deal alike
    ((0.0001, 4000.0), (3, 3_000_000), 2),  # eight decades, two engines
    ((0.2, 60.0), (10_000, 90_000_000), 1),
    ((0.0001, 0.0009), (1, 9), 1),
])
def test_tick_labels_never_overlap(seconds, states, groups):
    pytest.importorskip("matplotlib")
    from freecell_cli.plots import _figure

    texts = _texts_shown(_figure(_records_between(seconds, states, groups=groups), None))
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            wide = min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0)
            tall = min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0)
            assert wide <= 0 or tall <= 0, f"{a!r} runs into {b!r} ({seconds}, {states})"
    labels = [t for t, _ in texts]
    assert not any("$" in t or "mathdefault" in t for t in labels)  # plain numbers, not formulas


@pytest.mark.parametrize("lo, hi", [(0.0012, 0.0532), (0.011, 0.018), (0.05, 0.0501), (1e-4, 4e3), (3, 3e6),
                                    (1.5, 1.6), (0.7, 1.3), (9, 11), (1, 10), (0.0001, 0.0009), (7, 7)])
def test_log_ticks_are_few_round_and_inside(lo, hi):
    from freecell_cli.plots import log_ticks, tick_text

    ticks = log_ticks(lo, hi)
    assert 1 <= len(ticks) <= 5 and ticks == sorted(set(ticks))
    assert all(lo <= t <= hi for t in ticks) or len(ticks) == 1
    assert all(len(tick_text(t)) <= 6 for t in ticks)
    if hi / lo >= 1.5:
        assert len(ticks) >= 2


@pytest.mark.parametrize("seconds, states", [((0.0012, 0.0605), (44, 965)), ((0.0001, 1000.0), (1, 10**8)),
                                             ((0.0501, 0.0501), (500, 500))])
def test_every_deal_is_in_the_log_histograms(seconds, states):
    # A rounded last bin edge below the largest value dropped that deal from the bars.
    pytest.importorskip("matplotlib")
    from freecell_cli.plots import _figure

    records = _records_between(seconds, states)
    fig = _figure(records, None)
    counted = [round(sum(p.get_height() for p in ax.patches)) for ax in fig.axes
               if ax.get_xscale() == "log" and ax.patches]
    assert counted and all(c == len(records) for c in counted), counted
