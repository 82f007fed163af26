"""freecell spider: Spider Solitaire (1, 2 or 4 suits) — deal, show, move, verify,
solve, play. A typer sub-app, imported only when its commands run."""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..text import plural
from .common import (
    EXIT_GAVE_UP,
    EXIT_NEGATIVE,
    EXIT_OK,
    EXIT_USAGE,
    ColorMode,
    ColorOpt,
    JsonOpt,
    OutputOpt,
    PositionArg,
    PositionOpt,
    QuietOpt,
    ShowRefusedOpt,
    VerdictFormatOpt,
    VerdictJsonOpt,
    check_json_format,
    check_output,
    console,
    err,
    errors_to_exit,
    fail,
    inline_position,
    note,
    parse_move_args,
    read_text,
    refuse_together,
    requires,
    seconds_limit,
    seconds_number,
    seed_number,
    setup,
    use_color,
    verdicts_as_json,
    whole_number,
    write_output,
)

if TYPE_CHECKING:
    from ..spider.position import Position

app = typer.Typer(
    name="spider",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Spider Solitaire (seed 003 rules): deal, show, move, verify, solve, play.",
)


class Suits(str, Enum):
    one = "1"
    two = "2"
    four = "4"


class SpiderFormat(str, Enum):
    compact = "compact"
    json = "json"


SuitsOpt = Annotated[Suits, typer.Option("--suits", "-s", help="Number of suits: 1, 2 or 4.")]
DealSuitsOpt = Annotated[Optional[Suits], typer.Option("--suits", "-s", show_default=False,
                                                       help="Deal with 1, 2 or 4 suits (default 4).")]
SpiderDealOpt = Annotated[Optional[str], typer.Option(
    "--deal", metavar="N", show_default=False,
    help="Start from Spider deal N (1..10^19-1, PySolFC's numbering) instead of reading a position.")]
UnrestrictedOpt = Annotated[
    bool, typer.Option("--unrestricted-deal", help="Allow a deal from the stock while a column is empty.")
]
MOVE_HELP = ("Moves: 38 (column 3 onto column 8; 0 is column 10), 30v2 (2 cards of a run into an "
             "empty column 10), d (deal ten cards from the stock).")


def _read(argument: str | None = None, option: str | None = None) -> tuple[Position, str]:
    """A Spider position and its format, from the argument or -p: a file, - (stdin,
    the default), or the position itself (compact or JSON), as FreeCell's commands."""
    from ..spider.formats import detect_format, looks_compact, parse_position

    given = [x for x in (argument, option) if x is not None]
    if len(given) > 1:
        raise fail("give one position: an argument or -p/--position")
    source = given[0] if given else None
    text = inline_position(source, looks_compact)
    if text is not None:  # the text itself: the message quotes it, no file to name
        with errors_to_exit():
            return parse_position(text), detect_format(text)
    from ..errors import FreecellError
    from ..files import display_name

    text = read_text(source)
    name = "stdin" if source in (None, "-") else display_name(source)
    fmt = detect_format(text)
    try:
        return parse_position(text, fmt), fmt
    except FreecellError as e:  # named as FreeCell's commands name it
        message = str(e)
        raise fail(message if message.startswith(name) else f"{name}: {message}") from None


def _position_or_deal(argument: str | None, option: str | None, deal: str | None,
                      suits: Suits | None) -> Position:
    """The position a command works on: read (the argument or -p), or dealt with
    ``--deal N`` (``--suits``: the caller refuses it without ``--deal``)."""
    from ..spider.deals import deal as make_deal
    from ..spider.deals import parse_deal_number

    if deal is None:
        return _read(argument, option)[0]
    if argument is not None or option is not None:
        raise fail("give one position: an argument, -p/--position, or --deal")  # as FreeCell's commands
    with errors_to_exit():
        return make_deal(parse_deal_number(deal), int(suits.value) if suits else 4)


def _write(position: Position, fmt: str, output: str | None = None) -> None:
    from ..spider.formats import format_position

    write_output(format_position(position, fmt) + "\n", output)


@app.command("deal")
def deal_command(
    number: Annotated[Optional[str], typer.Argument(help="Deal number 1..10^19-1 (PySolFC's numbering).",
                                                    show_default=False)] = None,
    suits: SuitsOpt = Suits.four,
    random: Annotated[bool, typer.Option("--random", help="A random deal of 1..1,000,000.")] = False,
    seed: Annotated[Optional[str], typer.Option(metavar="SEED", help="Seed for --random or --winnable (reproducible; a whole number).", parser=seed_number)] = None,
    winnable: Annotated[bool, typer.Option("--winnable", help="Only a deal our solver has solved (random among them unless N is given).")] = False,
    format: Annotated[Optional[SpiderFormat], typer.Option("--format", "-f", help="Output format: compact (the default) or json.")] = None,
    json: JsonOpt = False,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Print a Spider deal as a position."""
    import random as _random

    from ..spider.deals import deal, parse_deal_number, random_number
    from ..spider.winnable import WINNABLE

    setup(quiet, color)
    check_json_format(json, format)
    requires("--seed" if seed is not None else None, "--random or --winnable", random or winnable)
    refuse_together("N" if number is not None else None, "--seed" if seed is not None else None,
                    why="--seed picks a random deal")
    check_output(output)
    s = int(suits.value)
    said = None  # said after the deal: a reader gone (| head) ends the command before it
    with errors_to_exit():
        if number is not None and random:
            raise fail("--random takes no deal number")
        if winnable:
            pool = WINNABLE[s]
            if number is not None:
                n = parse_deal_number(number)
                if n not in pool:
                    err(f"deal {n} is not among the {len(pool)} {s}-suit deals our solver has solved")
                    raise typer.Exit(EXIT_NEGATIVE)
            else:
                n = _random.Random(seed).choice(sorted(pool))
                said = f"winnable deal: {n}"
        elif random:
            n = random_number(seed)
            said = f"random deal: {n}"
        elif number is None:
            raise fail("give a deal number, --random or --winnable")
        else:
            n = parse_deal_number(number)
        position = deal(n, s)
    _write(position, "json" if json else (format or SpiderFormat.compact).value, output)
    if said is not None:
        note(said)


@app.command("show")
def show_command(
    position_arg: PositionArg = None,
    position_opt: PositionOpt = None,
    deal: SpiderDealOpt = None,
    suits: DealSuitsOpt = None,
    plain: Annotated[bool, typer.Option("--plain", help="ASCII only (automatic when not a terminal).")] = False,
    legal: Annotated[bool, typer.Option("--legal", help="Also list every legal move.")] = False,
    unrestricted: UnrestrictedOpt = False,
    json: Annotated[bool, typer.Option("--json", help="The position, whether it is won and every legal move, as JSON.")] = False,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Draw the table: columns (## face down), stock and removed runs.

    The position is read (an argument, -p, or stdin), or dealt with --deal N
    (and --suits S).
    """
    from ..spider.moves import legal_moves
    from ..spider.render import render_plain

    setup(quiet, color)
    refuse_together("--json" if json else None, "--plain" if plain else None, why="--json prints data, not a picture")
    requires("--suits" if suits is not None else None, "--deal", deal is not None)
    check_output(output)
    position = _position_or_deal(position_arg, position_opt, deal, suits)
    moves = legal_moves(position, unrestricted)
    if json:
        from ..spider.formats import format_compact, position_to_dict
        from ..text import json_line

        d = {"position": format_compact(position), **position_to_dict(position), "won": position.is_won(),
             "legal_moves": [str(m) for m in moves]}
        write_output(json_line(d) + "\n", output)
        return
    listed = f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n" if legal else ""
    if plain or output is not None or not use_color():
        write_output(render_plain(position, unrestricted) + listed, output)
    else:
        from ..spider.render import render_rich

        console().print(render_rich(position, unrestricted))
        sys.stdout.write(listed)


@app.command("move", help=f"Apply moves in order and print the resulting position. {MOVE_HELP} "
                         "A refused move prints nothing on stdout, says why, and exits 1.")
def move_command(
    moves: Annotated[list[str], typer.Argument(metavar="MOVE...", help=MOVE_HELP)],
    position_file: PositionOpt = None,
    unrestricted: UnrestrictedOpt = False,
    format: Annotated[Optional[SpiderFormat], typer.Option("--format", "-f", help="Output format (default: as read).")] = None,
    json: JsonOpt = False,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    from ..errors import FreecellError, IllegalMove
    from ..spider.moves import Move, apply, split_moves
    from ..text import escape

    setup(quiet, color)
    check_json_format(json, format)
    check_output(output)
    tokens, parsed = parse_move_args(moves, split_moves, Move.parse)
    position, fmt = _read(position_file)
    for i, (token, move) in enumerate(zip(tokens, parsed), 1):
        try:
            position = apply(position, move, unrestricted)
        except IllegalMove as e:
            raise fail(f'move {i} "{escape(token)}": {e}', EXIT_NEGATIVE) from None
    _write(position, "json" if json else (format.value if format else fmt), output)


@app.command("verify", short_help="Check Spider solution files: legal, and won?")
def verify_command(
    solutions: Annotated[list[str], typer.Argument(metavar="SOLUTION...", help="Solution files (- for stdin).")],
    deal: Annotated[Optional[str], typer.Option(
        "--deal", metavar="N", show_default=False,
        help="Deal number, when the file names none (it must agree with the deal a file names).")] = None,
    suits: Annotated[Optional[Suits], typer.Option("--suits", "-s", help="Replay --deal with 1, 2 or 4 suits (default: the file's, else 4).")] = None,
    position_file: PositionOpt = None,
    unrestricted: UnrestrictedOpt = False,
    format: VerdictFormatOpt = None,
    json: VerdictJsonOpt = False,
    show: ShowRefusedOpt = False,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Replay Spider solution files: exit 0 when every one is legal and wins, 1 when
    one is refused at some move or does not win, 2 when one cannot be read."""
    from pathlib import Path

    from ..errors import FreecellError
    from ..files import InputTooLarge, UnreadableInput, display_name, file_name
    from ..spider.deals import parse_deal_number
    from ..spider.formats import format_compact
    from ..spider.render import render_plain
    from ..api import spider_verify
    from ..text import json_line

    setup(quiet, color)
    if format not in (None, "text", "json"):
        raise fail(f"unknown output format {format[:40]!r} (text or json)")
    json = verdicts_as_json(json, format, show)
    if sum(s == "-" for s in solutions) + (position_file == "-") > 1:
        raise fail("stdin (-) can be read only once")
    try:
        n = parse_deal_number(deal) if deal is not None else None
    except FreecellError as e:
        raise fail(f"--deal: {e}") from None
    if position_file is not None:
        refuse_together("-p/--position", "--deal" if deal is not None else None,
                        "--suits" if suits is not None else None, why="the position is the start")
    start = _read(None, position_file)[0] if position_file is not None else None
    worst = EXIT_OK
    for name in solutions:
        label = "stdin" if name == "-" else display_name(name)
        # JSON escapes what it holds: its "file" is the name itself (undecodable bytes as \xNN), as verify's
        file = "stdin" if name == "-" else file_name(name)
        problem = None
        try:
            if not name:  # Path("") would be ".", a directory
                raise UnreadableInput("cannot read '': an empty file name is not a file")
            # Streamed, as FreeCell's verify: the header now, the moves as the replay needs them.
            verdict = spider_verify(start if start is not None else n, Path(name),
                                    suits=int(suits.value) if suits else None, unrestricted=unrestricted)
        except (UnreadableInput, InputTooLarge) as e:
            problem = str(e)
            err(f"error: {problem}")  # it names the file: "cannot read s.txt: ...", "s.txt: line 3: not UTF-8 text"
        except FreecellError as e:
            problem = str(e)
            err(f"error: {label}: {problem}")
        if problem is not None:
            if json:  # still one object for this file
                sys.stdout.write(json_line({"file": file, "valid": None, "solved": None, "moves": 0,
                                               "error": {"index": None, "move": None, "reason": problem}}) + "\n")
            worst = max(worst, EXIT_USAGE)
            continue
        if not verdict.ok:
            worst = max(worst, EXIT_NEGATIVE)
        if json:
            sys.stdout.write(json_line({"file": file, **verdict.to_dict()}) + "\n")
            continue
        who = f"deal {verdict.deal} ({plural(verdict.suits, 'suit')})" if verdict.deal is not None else label
        if len(solutions) > 1 and who != label:  # several files: each line names its file, as FreeCell's verify
            who = f"{label}: {who}"
        sys.stdout.write(f"{'OK' if verdict.ok else 'FAIL'} {who}: {verdict.summary()}\n")
        if show and verdict.before_error is not None:  # as FreeCell's verify --show: the table, then the position
            sys.stdout.write(render_plain(verdict.before_error, unrestricted))
            sys.stdout.write(format_compact(verdict.before_error) + "\n")
    raise typer.Exit(worst)


@app.command("solve", short_help="Find a winning line (the solver sees every card).")
def solve_command(
    position_arg: PositionArg = None,
    position_opt: PositionOpt = None,
    deal: Annotated[Optional[str], typer.Option(help="Solve this deal instead of reading a position.")] = None,
    suits: DealSuitsOpt = None,
    time_limit: Annotated[float, typer.Option(metavar="SECONDS", help="Give up after SECONDS (0: no limit).", parser=seconds_number)] = 60.0,
    max_states: Annotated[Optional[int], typer.Option(metavar="N", help="Give up after N states.", parser=whole_number(1))] = None,
    unrestricted: UnrestrictedOpt = False,
    json: Annotated[bool, typer.Option("--json", help="The result as JSON (into -o FILE when given).")] = False,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Find a winning line (the solver sees every card) and print it as a solution
    file that `spider verify` accepts. Exit 0 solved, 3 gave up (the search prunes,
    so it never answers 1, unsolvable). Every line is replayed by our verifier first."""
    from ..api import format_spider_solution, spider_solve
    from ..spider.solve import SOLVED
    from ..text import json_line

    setup(quiet, color)
    requires("--suits" if suits is not None else None, "--deal", deal is not None)
    limit = seconds_limit(time_limit)
    check_output(output)  # now, not after a long search
    position = _position_or_deal(position_arg, position_opt, deal, suits)
    with errors_to_exit():
        result = spider_solve(position, time_limit=limit, max_states=max_states, unrestricted=unrestricted)
    if json:
        d = {"verdict": result.verdict, "moves": result.notation, "steps": result.steps(),
             "move_count": result.move_count, "seconds": round(result.seconds, 4), "states": result.states,
             "deal": position.deal, "suits": position.suits, "reason": result.reason or None}
        write_output(json_line(d) + "\n", output)
    elif result.verdict == SOLVED:
        with errors_to_exit():
            write_output(format_spider_solution(result, position), output)
    if result.verdict == SOLVED:
        note(f"solved: {result.move_count} moves, {result.states:,} states, {result.seconds:.2f} s")
        raise typer.Exit(EXIT_OK)
    note(f"gave up: {result.reason} ({result.states:,} states explored)")
    raise typer.Exit(EXIT_GAVE_UP)


@app.command("play", short_help="Play Spider in the terminal (resumes the saved game).")
def play_command(
    ctx: typer.Context,
    number: Annotated[Optional[str], typer.Argument(metavar="[N]", help="Deal number.")] = None,
    deal_option: Annotated[Optional[str], typer.Option(
        "--deal", metavar="N", show_default=False, help="Play Spider deal N (as N).")] = None,
    suits: DealSuitsOpt = None,
    random: Annotated[bool, typer.Option("--random", help="A random deal.")] = False,
    position_file: PositionOpt = None,
    unrestricted: UnrestrictedOpt = False,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Play Spider in the terminal; with no argument, resume the unfinished game.

    When stdin is not a terminal, commands are read line by line and the table is
    printed plain; a win prints `won deal N in M moves`.
    """
    from ..spider.deals import deal, parse_deal_number
    from ..spider.play import Game, Session, interactive_lines, load_game, new_random_game

    setup(quiet, color)
    if deal_option is not None:  # the conflicts of FreeCell's play --deal and of spider show --deal
        if number is not None:
            raise fail("give the deal as N or --deal N, not both")
        if position_file is not None:
            raise fail("give one position: an argument, -p/--position, or --deal")
        number = deal_option
    s = int(suits.value) if suits else 4
    with errors_to_exit():
        if sum([random, position_file is not None, number is not None]) > 1:
            raise fail("choose one of N, --random, --position")
        if position_file is not None:
            refuse_together("-p/--position", "--suits" if suits is not None else None, why="the position has its suits")
        from ..saves import lock_saves
        from ..spider.play import check_save_place

        check_save_place()  # as FreeCell's play: a place that cannot take the save is said now
        ctx.call_on_close(lock_saves("spider").release)  # one session at a time on spider.json
        saved = load_game(warn=err)  # a damaged save is moved aside, never overwritten
        if random:
            game = new_random_game(s, unrestricted=unrestricted)
            note(f"playing deal {game.start.deal}, chosen at random")  # as FreeCell's play
        elif position_file is not None:
            game = Game(_read(None, position_file)[0], unrestricted)
        elif number is not None:
            game = Game(deal(parse_deal_number(number), s), unrestricted)
        else:
            if saved is not None and not saved.position.is_won():
                differ = []  # what the resumed game would ignore: say so, as FreeCell's play
                if suits is not None and s != saved.start.suits:
                    differ.append(f"--suits {s}")
                if unrestricted and not saved.unrestricted:
                    differ.append("--unrestricted-deal")
                if differ:
                    rule = " and no deal while a column is empty" if unrestricted and not saved.unrestricted else ""
                    raise fail(f"{' and '.join(differ)}: the saved game is played with "
                               f"{plural(saved.start.suits, 'suit')}{rule}; give N or --random to start a "
                               "new game with them")
                game = saved
                note(f"resuming {'deal ' + str(game.start.deal) if game.start.deal else 'a game'} at move {game.position.moves}")
            else:
                game = new_random_game(s, unrestricted=unrestricted)
                note(f"{'the last game was won' if saved is not None else 'no saved game'}: "
                     f"playing deal {game.start.deal}, chosen at random")
    if game is not saved:  # the new game takes spider.json now; an unfinished one there is kept aside
        from ..spider.play import take_save

        with errors_to_exit():
            take_save(game, err)
    from .common import is_terminal, play_lines

    session = Session(game, is_terminal(sys.stdin))
    play_lines(session, lambda: interactive_lines(session))  # as FreeCell's play
