"""The compiled optimal search (freecell_cli/solvers/_optimal.c) against the Python
one (solvers/optimal.py, the specification): the same verdict, line, count of
positions taken and bound, limits included."""

from __future__ import annotations

import pytest

from freecell_cli import deal, find_variant
from freecell_cli.games import FAMILY, find_rules
from freecell_cli.solvers.engine import Limits
from freecell_cli.solvers.optimal import _optimal_compiled, _optimal_python
from test_optimal import small_position
from test_rules import small_table

try:  # directly: these tests compare the cores whatever FREECELL_CORE says
    from freecell_cli.solvers import _core
except ImportError:  # pragma: no cover - where no compiler built it
    _core = None

needs_core = pytest.mark.skipif(_core is None, reason="the compiled core is not built")


def _both(position, variant, limits=Limits(), upper=None):
    v = find_rules(variant)
    return _optimal_python(position, v, limits, upper), _optimal_compiled(_core, position, v, limits, upper)


@needs_core
@pytest.mark.parametrize("variant", ["site", "standard", "windows", "atomic"])
@pytest.mark.parametrize("cells", [0, 1, 3])
def test_small_positions_alike(variant, cells):
    for seed in range(5):
        python, compiled = _both(small_position(500 + seed * 3 + cells, cells), variant)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("n,variant", [(2, "standard"), (1, "site"), (5, "windows"), (7, "atomic")])
def test_deals_capped_alike(n, variant):
    # (a few hundred positions: the Python bound costs some 100 us each)
    python, compiled = _both(deal(n), variant, Limits(states=600))
    assert compiled == python and python[0] == "gave-up" and python[2] == 768  # checked every 256


@needs_core
@pytest.mark.parametrize("game", FAMILY)
def test_small_positions_of_every_game_alike(game):
    for seed in range(12):
        python, compiled = _both(small_table(700 + seed, game), game)
        assert compiled == python


@needs_core
@pytest.mark.parametrize("n,game", [(2, "bakers-game"), (3, "eight-off"), (2, "seahaven-towers"), (2, "forecell"),
                                    (1, "relaxed-freecell")])
def test_deals_of_every_game_capped_alike(n, game):
    python, compiled = _both(deal(n, game=game), game, Limits(states=2_000))
    assert compiled == python and python[0] in ("gave-up", "solved")


@needs_core
def test_an_upper_bound_alike():
    for upper in (15, 19, 40):
        python, compiled = _both(deal(3), "standard", Limits(states=500), upper)
        assert compiled == python


@needs_core
def test_bad_input_is_a_value_error():
    v = find_variant("site")
    with pytest.raises(ValueError):
        _core.OptimalSearch((b"\x00\x00",), b"", (0, 0, 0, 0), 4, [[1] * 2] * 5, True)
    with pytest.raises(ValueError):
        _core.OptimalSearch((bytes(range(52)),), b"", (0, 0, 0, 0), 4, [[1] * 2] * 5, True, 999)
    s = _core.OptimalSearch((bytes(range(52)),), b"", (0, 0, 0, 0), 4, [[1, 1]] * 5, True)
    with pytest.raises(ValueError):
        s.run(0)
    del v
