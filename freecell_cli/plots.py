"""Pictures of an analysis (the records ``freecell analyze`` writes).

:func:`plot_summary` draws histograms of total and non-foundation moves, solver
time (log scale) and states, and the verdict counts, one colour per variant and
engine when the records hold more than one; it needs matplotlib
(``pip install 'freecell-cli[plot]'``), imported only here. :func:`text_histogram`
is the small terminal version, with no dependency.

>>> print("\\n".join(text_histogram([90, 95, 95, 101, 118], bins=3, width=10)))
 90-  99  ##########  3
100- 109  ###         1
110- 119  ###         1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import FreecellError, MissingExtra

if TYPE_CHECKING:  # matplotlib is imported only when a plot is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# One record of ``freecell analyze`` as read back from JSON: its fields hold whatever
# the JSON holds (numbers, text, None), each checked where it is used.
Record = dict[str, Any]

PLOT_FORMATS = ("svg", "png", "pdf")


class InvalidPlot(FreecellError):
    """A plot that cannot be drawn: nothing to draw, or an unknown file type."""


def integer_bins(values: Sequence[int], bins: int, weights: Sequence[int] | None = None) -> list[tuple[int, int, int]]:
    """``(low, high, count)`` for about ``bins`` equal ranges of whole numbers,
    starting at a round figure. ``weights``: how many times each value counts (a
    summary's histogram is value and count pairs: never expanded into a list).

    >>> integer_bins([3, 7, 12], 2), integer_bins([3, 12], 2, weights=[5, 1])
    ([(0, 4, 1), (5, 9, 1), (10, 14, 1)], [(0, 4, 5), (5, 9, 0), (10, 14, 1)])
    """
    if not values:
        return []
    lo, hi = min(values), max(values)
    step = max(1, math.ceil((hi - lo + 1) / bins))
    # round the width to 1, 2 or 5 times a power of ten so the labels read well
    power = 10 ** int(math.log10(step)) if step >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= step)
    start = lo - lo % step
    counts: dict[int, int] = {}
    for v, w in zip(values, weights if weights is not None else [1] * len(values)):
        counts[(v - start) // step] = counts.get((v - start) // step, 0) + w
    last = (hi - start) // step
    return [(start + i * step, start + (i + 1) * step - 1, counts.get(i, 0)) for i in range(last + 1)]


def text_histogram(values: Sequence[int], bins: int = 8, width: int = 30, bar: str = "#",
                   weights: Sequence[int] | None = None) -> list[str]:
    """Lines of a horizontal histogram: range, bar, count (``weights`` as in
    :func:`integer_bins`)."""
    rows = integer_bins(values, bins, weights)
    if not rows:
        return []
    top = max(c for _, _, c in rows)
    digits = len(str(rows[-1][1]))
    out = []
    for lo, hi, count in rows:
        length = round(width * count / top) if top else 0
        out.append(f"{lo:>{digits}}-{hi:>{digits + 1}}  {bar * length:<{width}}  {count}")
    return out


# Mantissas of the ticks a log axis may get, densest first; then powers of ten
# every 1, 2, 3... decades. The first choice that fits is taken (see log_ticks).
_MANTISSAS = ((1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 5), (1, 2, 5), (1, 3), (1,))


def log_ticks(lo: float, hi: float, most: int = 5) -> list[float]:
    """Ticks for a log axis from ``lo`` to ``hi`` (both > 0): at most ``most``
    round values, none closer to the next than a sixth of the axis when the
    range allows, so their labels never run into each other: 1, 2, 5 times a
    power of ten (or sparser) on a wide range, plain round steps on a narrow one.

    >>> log_ticks(0.0012, 0.06)
    [0.002, 0.005, 0.01, 0.02, 0.05]
    >>> log_ticks(30, 2_000_000)
    [100, 1000, 10000, 100000, 1000000]
    >>> log_ticks(1e-4, 1e4)
    [0.0001, 0.01, 1, 100, 10000]
    >>> log_ticks(0.011, 0.018), log_ticks(900, 1300), log_ticks(0.0501, 0.05012)
    ([0.012, 0.014, 0.016, 0.018], [900, 1000, 1100, 1200, 1300], [0.0501])
    """
    if not (0 < lo <= hi):
        raise ValueError(f"log_ticks needs 0 < lo <= hi, not {lo}, {hi}")
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    span = max(math.log10(hi) - math.log10(lo), 1e-12)

    def tidy(v: float) -> float:  # 0.30000000000000004 -> 0.3, 100.0 -> 100
        v = float(f"{v:.6g}")
        return int(v) if v >= 1 and v == int(v) else v

    def fits(ticks: list[float]) -> bool:
        gaps = [math.log10(b) - math.log10(a) for a, b in zip(ticks, ticks[1:])]
        return 2 <= len(ticks) <= most and min(gaps) >= span / 6

    top = math.floor(math.log10(hi))

    def inside(step: float) -> list[float]:  # the multiples of step from lo to hi (none past a few)
        if (hi - lo) / step > 4 * most:
            return []
        return [tidy(k * step) for k in range(math.ceil(lo / step - 1e-9), math.floor(hi / step + 1e-9) + 1)]

    choices = [[tidy(m * 10.0 ** e) for e in range(first, last + 1) for m in ms] for ms in _MANTISSAS]
    choices += [[tidy(10.0 ** e) for e in range(first, last + 1) if e % step == 0] for step in range(2, last - first + 2)]
    # round linear steps, for a narrow range (within one step of 1..9 times a power
    # of ten, or one where they give more ticks)
    steps = [m * 10.0 ** p for p in range(top, top - 16, -1) for m in (5, 2, 1)]
    if hi / lo >= 1.1:
        choices += [inside(step) for step in steps]
    fitting = [ticks for ticks in ([t for t in choice if lo <= t <= hi] for choice in choices) if fits(ticks)]
    if fitting:
        return max(fitting, key=len)  # the first of the most ticks
    # values that hardly differ: one tick, the roundest value between them
    return next(inside(step)[:1] for step in steps if inside(step))


def tick_text(value: float) -> str:
    """A tick's label, short and plain: 0.005, 2, 10k, 1.5M.

    >>> [tick_text(v) for v in (0.0001, 0.012, 2, 500, 10_000, 1_500_000)]
    ['0.0001', '0.012', '2', '500', '10k', '1.5M']
    """
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= size:
            return f"{value / size:.4g}{suffix}"
    return f"{value:.4g}" if value >= 1e-4 else f"{value:.1e}"


def _log_axis(axis: Any, lo: float, hi: float) -> None:
    """Give a log axis (matplotlib's XAxis or YAxis) from ``lo`` to ``hi`` the
    ticks of :func:`log_ticks`, labelled by :func:`tick_text`; the minor ticks
    stay marks. matplotlib's own labels are formulas (10^-3), which show as
    their source where formulas are off (a "$" in a record is no formula), and
    on a range within a decade it labels minor ticks too, which run together."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(FixedLocator(log_ticks(lo, hi)))
    axis.set_major_formatter(FuncFormatter(lambda v, _: tick_text(v)))
    axis.set_minor_locator(LogLocator(subs="all"))
    axis.set_minor_formatter(NullFormatter())


def _groups(records: list[Record]) -> dict[str, list[Record]]:
    """Records by variant and engine, in the order first met (labels escaped: a
    results file may come from anyone, and matplotlib's warnings quote them)."""
    from .text import escape

    keys = {(r.get("variant", "?"), r.get("engine", "?")) for r in records}
    out: dict[str, list[Record]] = {}
    for r in records:
        variant, engine = escape(r.get("variant", "?")), escape(r.get("engine", "?"))
        if len(keys) == 1:
            label = f"{variant}, {engine}"
        else:
            label = f"{variant} / {engine}"
        out.setdefault(label, []).append(r)
    return out


def plot_summary(records: list[Record], path: str | Path, title: str | None = None) -> None:
    """Draw the analysis of ``records`` to ``path`` (.svg, .png or .pdf), atomically."""
    target = Path(path)
    kind = target.suffix.lower().lstrip(".")
    if kind not in PLOT_FORMATS:
        raise InvalidPlot(f"cannot tell the plot format of {str(path)!r}: name it .svg, .png or .pdf")
    if not records:
        raise InvalidPlot("no records to plot")
    import logging

    _config_dir()
    # matplotlib logs to stderr when it cannot write its folders or builds its font
    # cache: nothing the user can act on while a plot is drawn (its errors still show)
    log = logging.getLogger("matplotlib")
    level = log.level
    log.setLevel(max(level, logging.ERROR))
    try:
        _draw(records, target, kind, title)
    finally:
        log.setLevel(level)


def _config_dir() -> None:
    """Give matplotlib a temporary config and cache folder when its own are not
    writable (a read-only or missing HOME): it would otherwise make one itself,
    with a warning on stderr. Done before it is imported, as it reads them then."""
    import importlib.util
    import os
    import sys

    if "matplotlib" in sys.modules or importlib.util.find_spec("matplotlib") is None:
        return  # read already, or not there to read them
    chosen = os.environ.get("MPLCONFIGDIR")
    try:  # the folders matplotlib would use (matplotlib/__init__.py, _get_config_or_cache_dir)
        if chosen:
            wanted = [chosen]
        elif sys.platform.startswith(("linux", "freebsd")):
            wanted = [os.path.join(os.environ.get(var) or str(Path.home() / sub), "matplotlib")
                      for var, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"))]
        else:
            wanted = [str(Path.home() / ".matplotlib")]
    except RuntimeError:  # no home folder to be found
        wanted = []
    if wanted and all(_writable_dir(d) for d in wanted):
        return
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="freecell-matplotlib-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["MPLCONFIGDIR"] = folder


def _writable_dir(path: str) -> bool:
    """The test matplotlib makes of its folders (made when missing)."""
    import os

    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return False
    return os.path.isdir(path) and os.access(path, os.W_OK)


def _draw(records: list[Record], target: Path, kind: str, title: str | None) -> None:
    from .files import atomic_write

    import io

    fig = _figure(records, title)
    buffer = io.BytesIO()
    metadata = {"Date": None} if kind in ("svg", "pdf") else {"Software": None}
    if kind == "pdf":
        metadata["CreationDate"] = None
        metadata.pop("Date")
    fig.savefig(buffer, format=kind, metadata=metadata)
    atomic_write(str(target), buffer.getvalue())


def _figure(records: list[Record], title: str | None) -> Figure:
    """The figure :func:`plot_summary` saves."""
    from .solvers.result import VERDICTS
    from .text import escape

    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingExtra("plots need matplotlib: pip install 'freecell-cli[plot]'") from None

    # The same records give the same bytes: fixed ids in SVG, no dates anywhere.
    matplotlib.rcParams["svg.hashsalt"] = "freecell-cli"
    matplotlib.rcParams["text.parse_math"] = False  # a "$" in a record's variant is no formula
    groups = _groups(records)
    labels = list(groups)
    fig = Figure(figsize=(12, 7.5), dpi=100)
    axes = fig.subplots(2, 3)
    # fixed margins: an automatic layout engine would double the drawing time
    fig.subplots_adjust(left=0.05, right=0.99, bottom=0.07, top=0.91, wspace=0.26, hspace=0.3)
    deals = len({r.get("deal") for r in records})
    pairs = f", {len(groups)} variant/engine pairs" if len(groups) > 1 else ""
    from .text import plural

    fig.suptitle(escape(title) if title else f"freecell analyze: {plural(deals, 'deal')}{pairs}")

    def solved(key: str) -> list[list[float]]:
        return [[r[key] for r in g if r.get("verdict") == "solved" and r.get(key) is not None] for g in groups.values()]

    def hist(ax: Axes, data: list[list[float]], name: str, log: bool = False) -> None:
        flat = [v for d in data for v in d if not log or v > 0]
        if not flat:
            ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
        else:
            lo, hi = min(flat), max(flat)
            edges: list[float] | int
            if log:
                top = max(hi, lo * 1.001)  # (one value: a bin of its own)
                a, b = math.log10(lo), math.log10(top)
                edges = [10 ** (a + (b - a) * i / 20) for i in range(21)]
                # the extremes exactly: a rounded last edge below the largest value would drop it
                edges[0], edges[-1] = lo, top * (1 + 1e-9)
                ax.set_xscale("log")
                data = [[v for v in d if v > 0] for d in data]
            else:
                edges = 20
            ax.hist(data, bins=edges, label=labels, range=None if log else (lo, hi + 1))
        ax.set_title(name)
        ax.set_ylabel("deals")

    hist(axes[0][0], solved("move_count"), "moves (solved deals)")
    hist(axes[0][1], solved("nonfoundation_moves"), "non-foundation moves (solved deals)")
    hist(axes[0][2], [[r.get("seconds") or 0 for r in g] for g in groups.values()], "solver time, s (log)", log=True)
    hist(axes[1][0], [[r.get("states") or 0 for r in g] for g in groups.values()], "states (log)", log=True)

    ax = axes[1][1]
    verdicts = [str(v) for v in VERDICTS]
    n = len(labels)
    for i, (label, g) in enumerate(groups.items()):
        counts = [sum(1 for r in g if r.get("verdict") == v) for v in verdicts]
        xs = [k + (i - (n - 1) / 2) * 0.8 / n for k in range(len(verdicts))]
        bars = ax.bar(xs, counts, width=0.8 / n, label=label)
        ax.bar_label(bars)
    ax.margins(y=0.12)  # room for the count above the tallest bar
    ax.set_xticks(range(len(verdicts)), verdicts)
    ax.set_title("verdicts")
    ax.set_ylabel("deals")

    ax = axes[1][2]
    for label, g in groups.items():
        pts = [(r["states"], r["seconds"]) for r in g if (r.get("states") or 0) > 0 and (r.get("seconds") or 0) > 0]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=8, alpha=0.6, label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("states")
    ax.set_ylabel("seconds")
    ax.set_title("time against states")
    axes[0][0].legend(fontsize="small")
    for ax in (axes[0][2], axes[1][0], axes[1][2]):  # every log axis, once its limits are known
        for axis, limits, fix in ((ax.xaxis, ax.get_xlim(), ax.set_xlim), (ax.yaxis, ax.get_ylim(), ax.set_ylim)):
            if axis.get_scale() == "log" and limits[0] > 0:
                fix(*limits)  # the ticks are placed for these limits: keep them
                _log_axis(axis, *limits)
    return fig


__all__ = ["InvalidPlot", "integer_bins", "log_ticks", "plot_summary", "text_histogram", "tick_text"]
