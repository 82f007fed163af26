"""solvers/features.py: what the heuristic searches measure of a column."""

from hypothesis import given
from hypothesis import strategies as st

from freecell_cli.solvers import features
from freecell_cli.solvers.features import column_info, disorder

columns = st.lists(st.integers(0, 51), unique=True, max_size=20).map(bytes)


@given(columns)
def test_disorder_counts_cards_above_a_lower_card(col: bytes) -> None:
    expected = sum(any(col[j] >> 2 < col[i] >> 2 for j in range(i)) for i in range(len(col)))
    assert disorder(col) == expected


@given(columns)
def test_depth_table_says_how_many_cards_lie_on_each(col: bytes) -> None:
    dis, table = column_info(col)
    assert dis == disorder(col)
    assert len(table) == 54 and table[53] == 0
    for code in range(52):
        assert table[code] == (len(col) - 1 - col.index(code) if code in col else 0)


def test_measured_columns_are_cached_until_cleared() -> None:
    features.clear()
    info = column_info(bytes([0, 51, 4]))
    assert features.INFO[bytes([0, 51, 4])] == info and features.size() == 1
    features.clear()
    assert features.size() == 0 and disorder(bytes([51, 0])) == 0
