"""Issue 11: one spelling, one meaning, every command (README, "Options")."""

import os
import subprocess
import sys

import orjson
import pytest

from cli_helpers import run
from freecell_cli import deal, format_position

D617 = format_position(deal(617))
POSITION_COMMANDS = ["show", "autoplay", "solve"]  # a positional POSITION and -p
READERS = POSITION_COMMANDS + ["move", "verify", "play", "replay"]


def help_text(command: str) -> str:
    code, out, _ = run(command, "--help")
    assert code == 0
    return " ".join(out.split())


@pytest.mark.parametrize("command", READERS)
def test_every_reader_takes_the_shared_options(command):
    text = help_text(command)
    for option in ("-p, --position POSITION", "--deal N", "--variant VARIANT", "-q, --quiet", "--color WHEN", "-h, --help"):
        assert option in text, (command, option)
    assert "--cells N" in text or "--cells" in text


@pytest.mark.parametrize("command", ["deal", "show", "move", "autoplay", "solve", "analyze"])
def test_output_and_json_everywhere(command):
    text = help_text(command)
    assert "-o, --output, --out FILE" in text and "--json" in text and "-f, --format" in text


def test_variants_and_engines_described_where_chosen():
    text = help_text("solve")
    for word in ("site: the default, the rules of the FreeCell web site this toolkit was made for: runs of up to "
                 "2^(empty free cells) x (empty columns + 1) cards move at once",
                 "standard: the textbook rules", "windows: Windows FreeCell", "atomic: one card a move",
                 "auto (Freecell Solver when installed", "builtin (our own search", "SECONDS"):
        assert word in text, word
    move = help_text("move")
    assert "h = home (the foundation)" in move and "36v4: 4 cards into the empty column 6" in move


def test_command_list_in_whole_sentences():
    code, out, _ = run("--help")
    lines = [line.strip() for line in out.splitlines() if line.startswith("  ") and not line.strip().startswith("-")]
    commands = [line for line in lines if line.split()[0] in
                ("deal", "show", "move", "autoplay", "solve", "verify", "analyze", "play", "replay")]
    assert len(commands) == 9 and all(line.endswith(".") and "..." not in line for line in commands)
    assert run("-h")[1] == out


@pytest.mark.parametrize("command", POSITION_COMMANDS)
def test_a_position_typed_inline(command):
    extra = ["--hint"] if command == "solve" else []
    as_arg = run(command, *extra, "--", D617)
    as_opt = run(command, *extra, "-p", D617)
    from_stdin = run(command, *extra, input=D617)
    assert as_arg[0] == as_opt[0] == from_stdin[0] == 0
    assert as_arg[1] == as_opt[1] == from_stdin[1]
    if command != "autoplay":  # autoplay answers in the format it read
        json_inline = run(command, *extra, "-p", format_position(deal(617), "json"))
        assert json_inline[1] == from_stdin[1]


def test_move_and_verify_take_inline_positions_and_deals():
    code, out, _ = run("move", "-p", D617, "5a", "82")
    assert code == 0 and out == run("move", "--deal", "617", "5a", "82")[1] == run("move", "5a", "82", input=D617)[1]
    code, out, _ = run("verify", "-p", D617, "examples/617.snx-out.txt")
    assert (code, out) == (0, "OK deal 617: solved in 103 moves (site)\n")
    code, out, err = run("show", "-p", D617, "--deal", "617")
    assert code == 2 and err == "error: give one position: an argument, -p/--position, or --deal\n"


def test_show_json():
    code, out, _ = run("show", "--deal", "617", "--json")
    d = orjson.loads(out)
    assert code == 0 and d["position"] == D617 and d["can_move"] == 16 and d["rules"] == "site"
    from freecell_cli import find_variant, legal_moves

    assert d["legal_moves"] == [str(m) for m in legal_moves(deal(617), find_variant("site"))]
    assert "5a" in d["legal_moves"] and "82" in d["legal_moves"]
    assert d["free_cells"] == 4 and d["empty_columns"] == 0 and d["won"] is False


@pytest.mark.parametrize("args", [["deal", "617"], ["move", "--deal", "617", "5a"], ["autoplay", "--deal", "617"],
                                  ["show", "--deal", "617", "-f", "plain"]])
def test_output_files(tmp_path, args):
    path = tmp_path / "out.txt"
    code, out, _ = run(*args, "-o", str(path))
    assert code == 0 and out == "" and path.read_text() == run(*args)[1]
    code, out, _ = run(*args, "--out", str(path))  # the old spelling
    assert code == 0 and path.read_text() == run(*args)[1]


def test_quiet_drops_status_lines_only():
    code, out, err = run("deal", "11982")
    assert err == "note: deal 11982 is one of the 8 unsolvable deals of 1..1,000,000\n"
    code, out2, err = run("deal", "11982", "-q")
    assert (code, out2, err) == (0, out, "")
    code, out, err = run("solve", "--deal", "1", "-q", "--engine", "builtin")
    assert code == 0 and err == "" and out.startswith("# freecell-cli solution")
    code, out, err = run("deal", "0", "-q")
    assert code == 2 and err.startswith("error: ")  # errors are never quiet


def test_color_always_never_and_environment():
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}

    def show(*args, **extra):
        p = subprocess.run([sys.executable, "-m", "freecell_cli", "show", "--deal", "617", *args],
                           capture_output=True, text=True, env={**env, **extra})
        assert p.returncode == 0, p.stderr
        return p.stdout

    assert "\x1b[" not in show()  # a pipe: plain
    assert "\x1b[" in show("--color", "always")
    assert "\x1b[" in show(FORCE_COLOR="1")
    assert "\x1b[" not in show("--color", "always", "-f", "plain")
    assert "\x1b[" not in show("--color", "never")
    assert show("--color", "never") == show()
    # never means no escape at all, even bold and dim, whatever the environment says
    assert "\x1b[" not in show("-f", "rich", "--color", "never", FORCE_COLOR="1")
    # always means colour even where the terminal says it has none (rich leaves it out for TERM=dumb)
    assert "\x1b[1;31m" in show("--color", "always", TERM="dumb")
    assert "\x1b[1;31m" in show("--color", "always", TERM="dumb", NO_COLOR="1")  # the option wins


def test_legacy_spellings_still_work():
    code, out, _ = run("verify", "--deal", "617", "--format", "fc-solve", "examples/617.sam.txt")
    assert code == 0
    code, out, _ = run("verify", "--deal", "617", "--solution-format", "fc-solve", "examples/617.sam.txt")
    assert code == 0
    code, out, _ = run("verify", "--deal", "617", "-f", "json", "examples/617.snx-out.txt")
    assert code == 0 and orjson.loads(out)["valid"] is True
    code, out, err = run("verify", "--deal", "617", "-f", "yaml", "examples/617.snx-out.txt")
    assert code == 2 and "unknown output format 'yaml'" in err


def test_completion_is_offered():
    code, out, _ = run("--help")
    assert "--install-completion" in out and "--show-completion" in out


def test_a_bare_position_that_starts_with_a_dash_is_read_as_the_position():
    """Most compact positions start with '-' (an empty free cell): given bare they
    are the position, not an unknown option."""
    position = "----:0000:JDKD2S4C3S6D6S/2DKCKS5CTD8S9C/9H9S9DTS4S8D2H/JC5SQDQHTHQS6H/5DADJS4H8H6C/7HQCASAC2C3D/7CKHAH4DJH8C/5H3H3C7S7DTC:1"

    def freecell(*args):
        p = subprocess.run([sys.executable, "-m", "freecell_cli", *args], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    assert freecell("show", "--plain", position)[1] == freecell("show", "--plain", "--deal", "1")[1]
    assert freecell("move", position, "1a") == (0, "6S---" + position[4:].replace("6D6S/", "6D/", 1) + "\n", "")
    # after -p, or after --, nothing is rewritten: after --, move itself reads it as the position
    assert freecell("show", "--plain", "-p", position)[0] == 0
    assert freecell("move", "--", position, "1a") == freecell("move", position, "1a")
    # a field too many: refused for what it is, not as an unknown option
    assert freecell("move", position + ":standard:extra", "1a") == (
        2, "", "error: compact position needs 3 to 5 ':'-separated fields, got 6\n")


# -- issue 20: numbers on the command line are ASCII digits --------------------------
def entry(capsys, monkeypatch, *args):
    """The real entry point (`freecell ...`), in-process: (exit code, stdout, stderr)."""
    from freecell_cli.cli import main

    monkeypatch.setattr(sys, "argv", ["freecell", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    return exited.value.code, out, err


# Every numeric option of every command: the command line before it, the option, what
# it holds ("a whole number" or "a number": decimals), a value out of its range and
# that range as the message gives it. test_the_table_has_every_numeric_option keeps
# it complete.
NUMERIC_OPTIONS = [
    (["deal", "1"], "--cells", "a whole number", "16", "0 to 15"),
    (["deal", "--random"], "--seed", "a whole number", "-5", "0 or more"),
    (["show", "--deal", "1"], "--cells", "a whole number", "16", "0 to 15"),
    (["move", "--deal", "1", "5a"], "--cells", "a whole number", "-1", "0 to 15"),
    (["autoplay", "--deal", "1"], "--cells", "a whole number", "99", "0 to 15"),
    (["solve", "--deal", "1"], "--cells", "a whole number", "16", "0 to 15"),
    (["solve", "--deal", "1"], "--width", "a whole number", "0", "1 to 1,000,000"),
    (["solve", "--deal", "1"], "--time-limit", "a number", "10000001", "0 to 10,000,000 seconds; 0: no limit"),
    (["solve", "--deal", "1"], "--max-states", "a whole number", "0", "1 or more"),
    (["verify", "--deal", "1", "x.sol"], "--cells", "a whole number", "16", "0 to 15"),
    (["analyze", "1"], "--cells", "a whole number", "16", "0 to 15"),
    (["analyze", "1"], "--time-limit", "a number", "-1", "0 to 10,000,000 seconds; 0: no limit"),
    (["analyze", "1"], "--jobs", "a whole number", "0", "1 or more"),
    (["analyze", "random:2"], "--seed", "a whole number", "-1", "0 or more"),
    (["analyze", "1", "--min-cells"], "--max-cells", "a whole number", "16", "0 to 15"),
    (["analyze", "1", "--min-cells"], "--width", "a whole number", "1000001", "1 to 1,000,000"),
    (["analyze", "1", "--game", "spider"], "--suits", "a whole number", "-4", "0 or more"),
    (["play", "1"], "--cells", "a whole number", "16", "0 to 15"),
    (["replay", "--deal", "1", "x.sol"], "--cells", "a whole number", "16", "0 to 15"),
    (["replay", "--deal", "1", "x.sol"], "--delay", "a number", "0.01", "0.02 to 60 seconds"),
    (["spider", "deal", "--random"], "--seed", "a whole number", "-7", "0 or more"),
    (["spider", "solve", "--deal", "1"], "--time-limit", "a number", "-0.5", "0 to 10,000,000 seconds; 0: no limit"),
    (["spider", "solve", "--deal", "1"], "--max-states", "a whole number", "0", "1 or more"),
    (["spider", "replay", "--deal", "1", "x.sol"], "--delay", "a number", "60.5", "0.02 to 60 seconds"),
]
NOT_ASCII_NUMBERS = ["١٢", "１２", "²", "1_2", " 3", "3 ", "+3", "0x10", "nan", "inf", "-inf", "1e3", "True", "", "-", "."]


def _path(command):
    """The command's words (`spider solve`), as in its usage line and the app's tree."""
    return tuple(command[: 2 if command[0] == "spider" else 1])


def _where(command):
    return "freecell " + " ".join(_path(command))


@pytest.mark.parametrize("command,option,what,_out,_span", NUMERIC_OPTIONS)
@pytest.mark.parametrize("value", NOT_ASCII_NUMBERS)
def test_numeric_options_take_ascii_digits_only(capsys, monkeypatch, command, option, what, _out, _span, value):
    from freecell_cli.errors import quote

    code, out, err = entry(capsys, monkeypatch, *command, option, value)
    assert (code, out, err) == (2, "", f"error: Invalid value for '{option}': {quote(value)} is not {what} "
                                       f"in ASCII digits (see '{_where(command)} --help')\n")


@pytest.mark.parametrize("command,option,what,value,span", [o for o in NUMERIC_OPTIONS if o[3] is not None])
def test_numeric_options_out_of_range(capsys, monkeypatch, command, option, what, value, span):
    code, out, err = entry(capsys, monkeypatch, *command, option, value)
    assert (code, out, err) == (2, "", f"error: Invalid value for '{option}': {value} is out of range ({span}) "
                                       f"(see '{_where(command)} --help')\n")


@pytest.mark.parametrize("command,option,what,_value,span", [o for o in NUMERIC_OPTIONS if o[3] is not None])
def test_a_minus_sign_only_says_out_of_range(capsys, monkeypatch, command, option, what, _value, span):
    """'-0' was read as 0: a sign is never part of a number an option takes."""
    code, out, err = entry(capsys, monkeypatch, *command, option, "-0")
    assert (code, out, err) == (2, "", f"error: Invalid value for '{option}': -0 is out of range ({span}) "
                                       f"(see '{_where(command)} --help')\n")


@pytest.mark.parametrize("command,option", sorted({(tuple(c), o) for c, o, *_ in NUMERIC_OPTIONS}))
def test_numeric_options_refuse_a_long_number_before_reading_it(capsys, monkeypatch, command, option):
    code, out, err = entry(capsys, monkeypatch, *command, option, "9" * 5000)
    assert (code, out, err) == (2, "", f"error: Invalid value for '{option}': '{'9' * 35}...' is too long for a "
                                       f"number (at most 30 characters) (see '{_where(command)} --help')\n")


def test_the_table_has_every_numeric_option():
    """Every option that is not text, a flag or a choice (and every --seed) reads its
    value with one of the ASCII parsers, and is in NUMERIC_OPTIONS: a new one is tested."""
    import typer

    from freecell_cli.cli import COMMANDS, SUBAPPS, build_app

    found = set()

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, path + (name,))
        for param in getattr(command, "params", []):
            kind = type(param.type).__name__
            if kind in ("StringParamType", "BoolParamType", "TyperChoice", "Choice") and param.name != "seed":
                continue
            assert kind == "FuncParamType", (path, param.opts, kind)  # click's int and float take '١٢'
            found.add((path, param.opts[0]))

    for name in [*COMMANDS, *SUBAPPS]:
        walk(typer.main.get_command(build_app(name)), ())
    assert found == {(_path(c), o) for c, o, *_ in NUMERIC_OPTIONS}


@pytest.mark.parametrize("command,option,value,expected", [
    (["deal", "1"], "--cells", "007", "-------:0000:JDKD2S4C3S6D6S/"),  # 7 cells: leading zeros are digits
    (["solve", "--deal", "617", "-q", "--engine", "builtin"], "--time-limit", "30.", "# freecell-cli solution"),
    (["solve", "--deal", "617", "-q", "--engine", "builtin"], "--time-limit", "090.25", "# freecell-cli solution"),
])
def test_ascii_numbers_are_read(capsys, monkeypatch, command, option, value, expected):
    code, out, err = entry(capsys, monkeypatch, *command, option, value)
    assert code == 0 and out.startswith(expected), (code, out, err)


def test_a_seed_is_a_whole_number_and_draws_what_it_drew(capsys, monkeypatch):
    """--seed 7 and --seed 007 are one seed, passed on as the text "7": the deal it
    always drew (random seeds the text "7" and the number 7 differently)."""
    from freecell_cli.deals import random_number

    seven = entry(capsys, monkeypatch, "deal", "--random", "--seed", "7")
    assert seven == entry(capsys, monkeypatch, "deal", "--random", "--seed", "007")
    assert seven[0] == 0 and seven[2] == f"random deal: {random_number('7')}\n"
    assert entry(capsys, monkeypatch, "deal", "--random", "--seed", "-3")[0] == 2  # 0 or more (issue 20)


# -- issue 22: one preamble, declared once; -q and --color belong to one run ------------
EVERY_COMMAND = [["deal"], ["show"], ["move"], ["autoplay"], ["solve"], ["verify"], ["analyze"], ["play"],
                 ["replay"], *(["spider", c] for c in ("deal", "show", "move", "verify", "solve", "play"))]


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_every_command_has_quiet_and_color_once(command):
    code, out, _ = run(*command, "--help")
    assert code == 0
    text = " ".join(out.split())
    assert text.count("-q, --quiet No status lines on stderr (errors still show).") == 1, command
    assert text.count("--color WHEN Colour: auto") == 1, command


def test_quiet_and_color_do_not_carry_over_to_the_next_run():
    """-q and --color are one run's settings (kept in its typer context): the next
    command in the same process starts from the defaults."""
    from freecell_cli.deals import random_number

    assert run("deal", "--random", "--seed", "5", "-q")[2] == ""
    assert run("deal", "--random", "--seed", "5")[2] == f"random deal: {random_number('5')}\n"
    assert "\x1b[" in run("show", "--deal", "1", "--color", "always")[1]
    assert "\x1b[" not in run("show", "--deal", "1")[1]  # not a terminal: plain again


def test_a_busy_save_is_a_run_time_failure_with_exit_2(tmp_path):
    """A save another session holds (files.Busy, a FreecellRuntimeError) is still one
    line and exit 2, as when it was a FreecellError."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    code = ("import os, sys; os.environ['XDG_DATA_HOME'] = sys.argv[1]\n"
            "from freecell_cli.saves import lock_saves\n"
            "held = lock_saves()\n"
            "print('held', flush=True); sys.stdin.read()\n")
    holder = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout.readline() == "held\n"
        p = subprocess.run([sys.executable, "-m", "freecell_cli", "play", "1"], input="q\n", capture_output=True,
                           text=True, env=env, timeout=60)
    finally:
        holder.communicate("")
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == (f"error: another freecell play (pid {holder.pid}) is using game.json and daily.json in "
                        f"{tmp_path / 'freecell'}: quit it first\n")


# -- issue 24: one metavar style, every command's help, both games -----------------------------
def _every_command():
    from freecell_cli.cli import COMMANDS
    from freecell_cli.cli.spider import SUMMARIES as SPIDER

    return [[], *([c] for c in COMMANDS), ["spider"], *(["spider", c] for c in SPIDER)]


def _help(command):
    code, out, err = run(*command, "--help")
    assert (code, err) == (0, "")
    return out


_METAVAR = r"\[?[A-Z][A-Z_]*(\.\.\.)?\]?(\.\.\.)?"  # N, [N], FILE, SOLUTION..., [RANGES...]


@pytest.mark.parametrize("command", _every_command(), ids=lambda c: " ".join(c) or "freecell")
def test_every_help_names_its_values_alike(command):
    """One style: UPPERCASE names, optional arguments in brackets; never typer's
    <str>, <int range>, <a|b> or {REQUIRED}."""
    import re

    out = _help(command)
    for bad in ("<str>", "<int", "{", "<1|", "<compact", "<local"):
        assert bad not in out, (command, bad)
    usage = out.splitlines()[0]
    assert usage.startswith(f"Usage: freecell {' '.join(command)}".rstrip() + " [OPTIONS]"), usage
    for word in usage.split("[OPTIONS]")[1].split():
        assert re.fullmatch(_METAVAR, word) or word in ("COMMAND", "[ARGS]..."), (command, word)
    section = None
    for line in out.splitlines():
        if line and not line.startswith(" "):
            section = line
        entry = re.match(r"  (\S.*?)(?:  |$)", line)
        if entry is None or section not in ("Options:", "Arguments:"):
            continue
        for part in entry.group(1).split(", "):
            words = part.split()
            values = words[1:] if words[0].startswith("-") else words  # an option's value, or the argument
            for word in values:
                assert re.fullmatch(_METAVAR, word), (command, line)


@pytest.mark.parametrize("command", [c for c in _every_command() if c[:1] == ["spider"] and len(c) == 2])
def test_every_spider_position_help_shows_a_spider_position(command):
    text = " ".join(_help(command).split())
    assert "----:0000" not in text
    if "--position POSITION" in text:
        assert ("The position: a position file, - for stdin (the default), or the position itself in compact or "
                "JSON form ('spider4:...', as `freecell spider deal 1` prints it).") in text


@pytest.mark.parametrize("command", _every_command(), ids=lambda c: " ".join(c) or "freecell")
def test_the_site_s_rules_are_said_in_words_once_a_page(command):
    """The default rules named by what they are, the capacity formula given once;
    no 'the site's rules' without it, no seed of the specification."""
    text = " ".join(_help(command).split())
    assert "the site's" not in text and "seed 00" not in text
    formula = "2^(empty free cells) x (empty columns + 1)"
    assert text.count(formula) == (1 if "site" in text else 0), command


def test_deal_reads_no_position_and_its_help_says_so():
    text = " ".join(_help(["deal"]).split())
    assert "the position's" not in text
    assert "--cells N Number of free cells, 0..15 (default 4)." in text
    assert ("atomic: one card a move. Written into the position, which the other commands then play under it "
            "(default: none written, which they read as site).") in text
