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
