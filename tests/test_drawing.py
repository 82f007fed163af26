from layers import imported_from


def test_drawing_imports_no_board():
    # the boards (keyboard.py and each game's) import drawing.py to draw themselves:
    # drawing knows a board only by the Protocol it describes (AnyBoard)
    above = ("freecell_cli.keyboard", "freecell_cli.board", "freecell_cli.spider.board", "freecell_cli.screen")
    assert imported_from("freecell_cli.drawing", above) == set()


def test_column_table_numbers_compresses_and_marks_a_landing_in_an_empty_column():
    import io

    from rich.console import Console
    from rich.text import Text

    from freecell_cli.drawing import column_table

    drawn = []

    def item(x, mark):
        drawn.append((x, mark))
        return Text(str(x), style=mark)

    # column 1: 12 items, the 3rd marked (kept in sight); column 2 empty, a move lands there
    table = column_table([list(range(12)), []], 5, {(0, 2): "on yellow", (1, 0): "on cyan"}, item)
    console = Console(file=io.StringIO(), width=40, color_system=None)
    console.print(table)
    lines = console.file.getvalue().splitlines()
    assert [line.rstrip() for line in lines] == ["  1    2", " ⋮2", "  2", " ⋮7", " 10", " 11"]
    assert (2, "on yellow") in drawn and all(mark == "" for x, mark in drawn if x != 2)
    coloured = Console(file=io.StringIO(), width=40, force_terminal=True, color_system="standard")
    coloured.print(table)
    assert "\x1b[46m   " in coloured.file.getvalue().splitlines()[1]  # the landing in the empty column, on cyan
