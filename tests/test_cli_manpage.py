"""The manual page (freecell_cli/cli/manpage.py): valid roff, every command and
option in it, and the shipped copy (man/freecell.1, installed as
share/man/man1/freecell.1) the same as what `freecell --man` prints."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import typer

from cli_helpers import run
from freecell_cli.cli import build_app
from freecell_cli.cli.manpage import _text, man_page

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "man" / "freecell.1"
# the requests of man(7) and groff that the page uses; any other line starting with
# "." or "'" would be read as an unknown request
REQUESTS = {".TH", ".SH", ".SS", ".TP", ".PP", ".B", ".RS", ".RE", ".nf", ".fi", ".nh", ".ad"}


@pytest.fixture(scope="module")
def page():
    return man_page(typer.main.get_command(build_app()))


def _tree():
    """(path, command, context) of every visible command, as the page walks them."""
    root = typer.main.get_command(build_app())
    out = []

    def walk(group, ctx, path):
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command.hidden:
                continue
            sub_ctx = command.context_class(command, info_name=name, parent=ctx, **command.context_settings)
            out.append((f"{path} {name}", command, sub_ctx))
            if hasattr(command, "list_commands"):
                walk(command, sub_ctx, f"{path} {name}")

    walk(root, root.context_class(root, info_name="freecell", **root.context_settings), "freecell")
    return out


def test_man_prints_the_page_and_the_shipped_copy_is_current(page):
    assert run("--man") == (0, page, "")
    assert SHIPPED.read_text() == page, "the help changed: make man (or freecell --man > man/freecell.1)"


def test_the_page_is_roff_that_man_reads(page):
    lines = page.splitlines()
    assert lines[0].startswith('.TH FREECELL 1 "" "freecell-cli ')
    assert page.isascii()  # anything else is written \[uXXXX]
    for line in lines:
        if line.startswith((".", "'")):
            assert line.split()[0] in REQUESTS, line
        # escapes: fonts, hyphen-minus, backslash, zero-width, code points; nothing else
        rest = re.sub(r"\\(f[BIRP]|-|e|&|\[u[0-9A-F]{4,6}\])", "", line)
        assert "\\" not in rest, line
    sections = [line.split(None, 1)[1] for line in lines if line.startswith(".SH ")]
    assert sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT",
                        "FILES", "EXAMPLES", "SEE ALSO"]
    assert page.count(".nf") == page.count(".fi") and page.count(".RS") == page.count(".RE")


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_reads_it_without_a_warning(page, tmp_path):
    path = tmp_path / "freecell.1"
    path.write_text(page)
    checked = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(path)], capture_output=True, text=True)
    assert (checked.returncode, checked.stderr) == (0, "")
    shown = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", "-rLL=200n", str(path)],
                           capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}).stdout
    for path_text, command, ctx in _tree():
        assert f"\n   {path_text}\n" in shown, path_text  # the subsection heading
        assert f"{path_text} {' '.join(command.collect_usage_pieces(ctx))}" in shown  # the usage line
    assert "freecell --man > ~/.local/share/man/man1/freecell.1" in " ".join(shown.split())


def test_every_command_and_option_is_listed(page):
    tree = _tree()
    paths = [p for p, _, _ in tree]
    assert {"freecell deal", "freecell solve", "freecell analyze", "freecell spider",
            "freecell spider solve", "freecell spider replay"} <= set(paths)
    sections = re.split(r'^\.SS "', page, flags=re.M)[1:]
    assert [s.split('"', 1)[0].replace("\\-", "-") for s in sections] == paths  # in --help's order
    for (path, command, ctx), section in zip(tree, sections):
        for param in command.get_params(ctx):
            if param.get_help_record(ctx) is None:
                continue
            for name in getattr(param, "opts", []):
                if name.startswith("-"):
                    assert rf"\fB{_text(name)}\fR" in section, (path, name)


def test_text_is_escaped():
    assert _text(".TH x") == r"\&.TH x" and _text("'quoted") == r"\&'quoted"
    assert _text(r"a\b --x") == r"a\eb \-\-x"
    assert _text("2^free × (empty + 1) — ♠") == r"2^free \[u00D7] (empty + 1) \[u2014] \[u2660]"
    assert _text("a\tb") == "a b"


def test_the_root_help_names_the_option():
    code, out, _ = run("--help")
    assert code == 0 and "--man" in out


def test_the_package_installs_the_page():
    """setup.py puts it in share/man/man1 (where man looks beside the bin folder on
    PATH), and the source archive carries it."""
    setup = (ROOT / "setup.py").read_text()
    assert 'data_files=[("share/man/man1", ["man/freecell.1"])]' in setup
    assert "include man/freecell.1" in (ROOT / "MANIFEST.in").read_text().splitlines()
