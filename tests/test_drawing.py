from layers import imported_from


def test_drawing_imports_no_board():
    # the boards (keyboard.py and each game's) import drawing.py to draw themselves:
    # drawing knows a board only by the Protocol it describes (AnyBoard)
    above = ("freecell_cli.keyboard", "freecell_cli.board", "freecell_cli.spider.board", "freecell_cli.screen")
    assert imported_from("freecell_cli.drawing", above) == set()
