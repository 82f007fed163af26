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
