import pytest

from freecell_cli.errors import FreecellError
from freecell_cli.variants import VARIANTS, find_variant


@pytest.mark.parametrize(
    "free,empty,expected",
    [
        (0, 0, 1),   # site: no free cell, no empty column -> 1 card
        (2, 0, 4),   # 2 free cells -> 4 onto a non-empty column
        (2, 1, 8),   # 2 free cells + 1 empty column -> 8 onto a non-empty column
        (4, 0, 16),  # 4 free cells -> 16 (textbook: 5)
        (0, 2, 3),   # 0 free cells, 2 empty columns -> 3 (textbook: 4)
        (1, 0, 2),
        (3, 1, 16),
    ],
)
def test_site_capacity_examples(free, empty, expected):
    assert find_variant("site").capacity(free, empty) == expected


@pytest.mark.parametrize(
    "free,empty,expected",
    [(0, 0, 1), (4, 0, 5), (4, 1, 10), (4, 2, 20), (0, 2, 4), (2, 0, 3), (2, 1, 6)],
)
def test_standard_capacity_examples(free, empty, expected):
    # seed 001: 4 free cells, no empty column -> 5; one -> 10; two -> 20.
    assert find_variant("standard").capacity(free, empty) == expected
    assert find_variant("windows").capacity(free, empty) == expected


def test_atomic_and_lookup():
    assert find_variant("atomic").capacity(4, 4) == 1
    assert find_variant(None).name == "site"
    assert find_variant(" Standard ").name == "standard"
    assert find_variant("windows").automatic == "safe"
    assert all(VARIANTS[n].automatic is None for n in ("site", "standard", "atomic"))
    assert repr(find_variant("site")) == "find_variant('site')"
    with pytest.raises(FreecellError, match="unknown variant 'spider'"):
        find_variant("spider")


# -- issue 20: capacity and Variant check their arguments, in one place -------------------
from freecell_cli.errors import ArgumentTypeError, InvalidArgument, quote  # noqa: E402
from freecell_cli.variants import Variant  # noqa: E402


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize("free,empty,error,words", [
    (-1, 0, InvalidArgument, "free_cells must be a whole number from 0 to 15, not -1"),  # site: negative shift count
    (2**63, 0, InvalidArgument, "free_cells must be a whole number from 0 to 15, not 9223372036854775808"),  # MemoryError
    (10**19, 0, InvalidArgument, "free_cells must be a whole number from 0 to 15"),  # OverflowError
    (16, 0, InvalidArgument, "free_cells must be a whole number from 0 to 15, not 16"),
    (0, -1, InvalidArgument, "empty_columns must be a whole number from 0 to 9, not -1"),  # standard: negative shift
    (0, 2**63, InvalidArgument, "empty_columns must be a whole number from 0 to 9"),
    (0, 10, InvalidArgument, "empty_columns must be a whole number from 0 to 9, not 10"),
    (10**5000, 0, InvalidArgument, "<int too long to show>"),
    (True, 0, ArgumentTypeError, "free_cells must be a whole number, not True"),
    (1.0, 0, ArgumentTypeError, "free_cells must be a whole number, not 1.0"),
    (float("nan"), 0, ArgumentTypeError, "free_cells must be a whole number, not nan"),
    (None, 0, ArgumentTypeError, "free_cells must be a whole number, not None"),
    ("4", 0, ArgumentTypeError, "free_cells must be a whole number, not '4'"),
    (0, b"1", ArgumentTypeError, "empty_columns must be a whole number, not b'1'"),
    (0, {}, ArgumentTypeError, "empty_columns must be a whole number, not {}"),
], ids=lambda value: quote(value, 20))  # (a 5000-digit int has no str)
def test_capacity_checks_its_arguments(name, free, empty, error, words):
    with pytest.raises(error) as raised:
        find_variant(name).capacity(free, empty)
    assert words in str(raised.value) and isinstance(raised.value, FreecellError)


def test_capacity_takes_every_count_a_table_has():
    for v in VARIANTS.values():
        assert [v.capacity(f, e) > 0 for f in range(16) for e in range(10)] == [True] * 160
    assert find_variant("site").capacity(15, 9) == 2**15 * 10


@pytest.mark.parametrize("args,kwargs,error,words", [
    (("x", 5, "1"), {}, ArgumentTypeError, "capacity_formula must be a function of (free_cells, empty_columns)"),
    ((5, lambda f, e: 1, "1"), {}, ArgumentTypeError, "a variant's name and formula_text are text"),
    (("x", lambda f, e: 1, "1"), dict(automatic="all"), InvalidArgument, "automatic must be one of safe, not 'all'"),
    (("x", lambda f, e: 1, "1"), dict(cells=16), InvalidArgument, "cells must be a whole number from 0 to 15"),
    (("x", lambda f, e: 1, "1"), dict(columns=0), InvalidArgument, "columns must be a whole number from 1 to 9"),
    (("x", lambda f, e: 1, "1"), dict(description=5), ArgumentTypeError, "description must be text, not 5"),
])
def test_a_variant_built_by_hand_is_checked(args, kwargs, error, words):
    with pytest.raises(error) as raised:
        Variant(*args, **kwargs)
    assert words in str(raised.value)
    mine = Variant("mine", lambda f, e: f + e + 1, "free + empty + 1")
    assert mine.capacity(2, 1) == 4


@pytest.mark.parametrize("name,error,words", [
    (5, ArgumentTypeError, "a variant is named by text (site, standard, windows, atomic), not int"),
    (b"site", ArgumentTypeError, "not bytes"),
    ("spider", InvalidArgument, "unknown variant 'spider'"),
])
def test_find_variant_errors(name, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        find_variant(name)


def test_within_compares_every_run_the_rules_allow():
    site, standard, windows, atomic = (find_variant(n) for n in ("site", "standard", "windows", "atomic"))
    # the site's 2^f x (e + 1) is the textbook's (f + 1) x 2^e or less while f <= 1
    assert [site.within(standard, k) for k in range(5)] == [True, True, False, False, False]
    assert not any(standard.within(site, k) for k in range(5))  # 0 cells, 2 empty columns: 4 > 3
    assert all(v.within(v, 4) for v in (site, standard, windows, atomic))
    assert atomic.within(site, 15) and atomic.within(standard, 15)
    # the same runs, but Windows sends cards home by itself: its lines are not the textbook's
    assert not windows.within(standard, 0) and not standard.within(windows, 0)
    # another game's rules (building by suit) are never FreeCell's
    from freecell_cli.games import find_rules

    assert not find_rules("bakers-game").within(standard, 0)


def test_an_empty_variant_name_is_no_name_for_the_default():
    from freecell_cli.errors import InvalidArgument

    for name in ("", "  ", "\x1bsite"):
        with pytest.raises(InvalidArgument, match=r"^unknown variant '.*' \(choose from site, standard"):
            find_variant(name)
    assert find_variant(None).name == "site" and find_variant(" Site ").name == "site"
