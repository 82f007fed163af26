"""The options the commands share, each spelled once: their types, parsers and help
texts (README, "Options"), and :func:`command`, the decorator that declares the
shared groups (-q and --color in every command; --json and -o; the position) in a
command's signature and hands the command what they mean."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum, EnumMeta
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Optional, TypeVar

import typer
from typer.core import TyperCommand

from ..formats.detect import FORMATS
from ..games import GAMES
from ..variants import VARIANTS
from .output import Settings

if TYPE_CHECKING:
    from ..position import Position
    from ..variants import Variant

R = TypeVar("R")


class Choice(str, Enum):
    """The base of the option enums built at run time from a library registry
    (:func:`choice_enum`): each member's name and value are the registry's name."""


def choice_enum(name: str, values: Iterable[str], module: str = __name__) -> type[Choice]:
    """An enum of ``values`` for a typer option (``module``: where it is defined)."""
    # Choice(name, names) through its metaclass: mypy reads a call of the class itself as
    # str's constructor (Choice is a str), and `X = Enum(...)` as an enum it should know.
    made = EnumMeta.__call__(Choice, name, {value: value for value in values}, module=module)
    assert issubclass(made, Choice)  # the functional API subclasses the enum it is called on
    return made


# Choices come from the library's registries, so a new variant or format shows up here.
# Their members are known only at run time: to the type checker each is a Choice (get a
# member by value, Format("compact"), never by attribute).
if TYPE_CHECKING:
    Format = Choice
    VariantName = Choice
    GameName = Choice
else:
    Format = choice_enum("Format", FORMATS)
    VariantName = choice_enum("VariantName", VARIANTS)
    GameName = choice_enum("GameName", GAMES)


# -- numbers on the command line --------------------------------------------------
# int() and float() take more than the README promises (ASCII digits): '١٢' and '１２'
# (other scripts' digits), '1_2', ' 3', '+3', 'nan', 'inf', '1e309'. Every numeric
# option reads its text with one of these parsers instead (typer's parser=): the
# length is checked before the pattern, the pattern before conversion, the range
# after; a refusal is one usage line naming the option and quoting the value.
_MAX_DIGITS = 30  # the most characters a number may have on the command line
_WHOLE = r"-?[0-9]+"
_DECIMAL = r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"  # no exponent, no nan or inf: seconds are written out


def _number_text(value: object, pattern: str, what: str) -> str:
    """The option's text when it is a number in ASCII digits, else a usage error."""
    import re

    from ..errors import quote

    text = value if isinstance(value, str) else str(value)
    if len(text) > _MAX_DIGITS:
        raise typer.BadParameter(f"{quote(text)} is too long for a number (at most {_MAX_DIGITS} characters)")
    if not re.fullmatch(pattern, text):
        raise typer.BadParameter(f"{quote(text)} is not {what} in ASCII digits")
    return text


def _in_range(number: float, text: str, minimum: float, maximum: float | None, unit: str = "") -> None:
    # The minus sign is read only to say a value is out of range: "-0" is not 0.
    if number < minimum or maximum is not None and number > maximum or text.startswith("-") and minimum >= 0:
        span = f"{minimum:,} or more" if maximum is None else f"{minimum:,} to {maximum:,}"
        raise typer.BadParameter(f"{text} is out of range ({span}{unit})")


def whole_number(minimum: int = 0, maximum: int | None = None) -> Callable[[object], int]:
    """A typer parser for a whole-number option from ``minimum`` to ``maximum``.

    >>> whole_number(0, 15)("12")
    12
    """
    def parse(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool):  # the option's default
            return value
        text = _number_text(value, _WHOLE, "a whole number")
        number = int(text)
        _in_range(number, text, minimum, maximum)
        return number

    parse.__name__ = "integer"  # the type click names (<integer>) for an option without a metavar
    return parse


def decimal_number(minimum: float, maximum: float, unit: str = "") -> Callable[[object], float]:
    """A typer parser for a decimal option (``2``, ``0.5``, ``.5``) from ``minimum`` to ``maximum``.

    >>> decimal_number(0.02, 60)("0.5")
    0.5
    """
    def parse(value: object) -> float:
        if isinstance(value, float):  # the option's default
            return value
        text = _number_text(value, _DECIMAL, "a number")
        number = float(text)
        _in_range(number, text, minimum, maximum, unit)
        return number

    parse.__name__ = "float"
    return parse


def seconds_number(value: object) -> float:
    """--time-limit's parser: seconds, 0 (no limit) to the library's longest limit."""
    from ..checks import MAX_SECONDS  # here: that module is not needed to start

    return decimal_number(0, MAX_SECONDS, " seconds; 0: no limit")(value)


seconds_number.__name__ = "float"


def seed_number(value: object) -> str:
    """--seed's parser: a seed is a whole number (0 or more) in ASCII digits. It is passed on as
    its text, written the usual way (``007`` is ``7``), so a seed draws the deals
    it drew before (random seeds a text and a number differently)."""
    text = _number_text(value, _WHOLE, "a whole number")
    _in_range(int(text), text, 0, None)
    return str(int(text))


seed_number.__name__ = "integer"

POSITION_HELP = ("a position file, - for stdin (the default), or the position itself in compact or "
                 "JSON form (one that starts with - goes after -p: -p '----:0000:...')")
VARIANT_HELP = "Rules: " + "; ".join(f"{v.name}: {v.description}" for v in VARIANTS.values()) + "."


class Command(TyperCommand):
    """Every command's class: its usage line names a required argument as its help
    does (``MOVE...``), not in typer's braces (``{MOVE...}``), so that the usage
    lines of all the commands, optional arguments in brackets, read alike."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
                for piece in super().collect_usage_pieces(ctx)]

# One spelling, one meaning, in every command (README, "Options").
PositionArg = Annotated[Optional[str], typer.Argument(metavar="[POSITION]", show_default=False,
                                                     help=f"The position: {POSITION_HELP}.")]
PositionOpt = Annotated[Optional[str], typer.Option("--position", "-p", metavar="POSITION", show_default=False,
                                                    help=f"The position: {POSITION_HELP}.")]
DealOpt = Annotated[Optional[str], typer.Option("--deal", metavar="N", show_default=False,
                                                help="Start from deal N (1..8,589,934,591, Microsoft / FreeCell Pro).")]
CellsOpt = Annotated[Optional[int], typer.Option("--cells", metavar="N", parser=whole_number(0, 15), show_default=False,
                                                 help="Number of free cells, 0..15 (default: the position's, or 4).")]
VariantOpt = Annotated[Optional[VariantName], typer.Option("--variant", metavar="VARIANT", show_default=False,
                                                          help=VARIANT_HELP + " Default: the position's, else site.")]
# deal's: it reads no position, it makes one
DealCellsOpt = Annotated[Optional[int], typer.Option("--cells", metavar="N", parser=whole_number(0, 15),
                                                     show_default=False, help="Number of free cells, 0..15 (default 4).")]
DealVariantOpt = Annotated[Optional[VariantName], typer.Option(
    "--variant", metavar="VARIANT", show_default=False,
    help=VARIANT_HELP + " Written into the position, which the other commands then play under it "
                        "(default: none written, which they read as site).")]
GAME_HELP = ("The game: freecell, or one of the FreeCell family: " + ", ".join(n for n in GAMES if n != "freecell")
             + " (its own rules and table; deal numbers PySolFC's, ms617 Microsoft's). Default: the position's, "
             "else freecell.")
GameOpt = Annotated[Optional[GameName], typer.Option("--game", metavar="GAME", show_default=False, help=GAME_HELP)]
DealGameOpt = Annotated[Optional[GameName], typer.Option(  # deal's: it reads no position
    "--game", metavar="GAME", show_default=False,
    help=GAME_HELP.replace("Default: the position's, else freecell.", "Default: freecell."))]
def stdout_dash(value: Optional[str]) -> Optional[str]:
    """The callback of every -o option: ``-o -`` is stdout (None), as ``-`` is stdin."""
    return None if value == "-" else value


OutputOpt = Annotated[Optional[str], typer.Option("--output", "-o", "--out", metavar="FILE", show_default=False,
                                                  callback=stdout_dash,
                                                  help="Write to FILE (atomically) instead of stdout (- is stdout).")]
FormatOpt = Annotated[Optional[Format], typer.Option("--format", "-f", metavar="FORMAT",
                                                   help="Output format: compact, fcs, json (default: as read).")]
JSON_HELP = "The result as JSON on stdout."
JsonOpt = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No status lines on stderr (errors still show).")]
class EmptyColumn(str, Enum):
    one = "one"
    max = "max"


# verify's, replay's (and spider verify's --deal): a solution file and where it starts
SolutionDealOpt = Annotated[Optional[str], typer.Option(
    "--deal", metavar="N", show_default=False,
    help="Deal number, when the file names none (it must agree with the deal a file names).")]
SolutionVariantOpt = Annotated[Optional[VariantName], typer.Option(
    "--variant", metavar="VARIANT", show_default=False, help=VARIANT_HELP + " Default: the file's, else site.")]
ReadEmptyColumnOpt = Annotated[Optional[EmptyColumn], typer.Option(
    metavar="HOW", help="Read a plain move into an empty column as one card (one), or as many as fit (max).")]
# verify's and spider verify's: a verdict per file
VerdictFormatOpt = Annotated[Optional[str], typer.Option(
    "--format", "-f", metavar="FORMAT", show_default=False,
    help="Print the verdicts as text (the default) or json (one line per file).")]
VerdictJsonOpt = Annotated[bool, typer.Option("--json", help="One JSON object per file (JSON Lines), as -f json.")]
ShowRefusedOpt = Annotated[bool, typer.Option(
    "--show", help="After a refused move, draw the table before it and print that position.")]


class ColorMode(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


ColorOpt = Annotated[ColorMode, typer.Option(
    "--color", metavar="WHEN",
    help="Colour: auto (on a terminal, unless NO_COLOR is set), always (also FORCE_COLOR; for less -R), never.")]

ENGINE_HELP = ("Solver: beam (a layered beam search for short solutions; solve's default), "
               "auto (Freecell Solver when installed, the built-in search when it finds nothing or "
               "cannot take the table), builtin (our own search under the variant's own moves; proofs), "
               "fc-solve (Freecell Solver, its moves translated to the variant).")


class EngineName(str, Enum):
    beam = "beam"
    auto = "auto"
    builtin = "builtin"
    fc_solve = "fc-solve"




# -- the groups of options several commands declare alike ----------------------------
class Shared(NamedTuple):
    """Options several commands declare alike: typer's parameters, whether they go
    before the command's own options (the position) or after them (the output),
    and ``receive``, which turns their values (by parameter name) into the
    keywords the command takes."""

    params: tuple[Any, ...]  # inspect.Parameter, keyword-only
    first: bool
    receive: Callable[[dict[str, Any]], dict[str, Any]]


def shared(first: bool, receive: Callable[[dict[str, Any]], dict[str, Any]], **params: tuple[Any, Any]) -> Shared:
    """A :class:`Shared` group of ``params``: name=(annotation, default)."""
    import inspect

    made = tuple(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)
                 for name, (annotation, default) in params.items())
    return Shared(made, first, receive)


@dataclass
class PositionOptions:
    """The position a FreeCell command works on, as its shared options give it: the
    argument or -p (a file, ``-``, or the position itself), or --deal; --cells sets
    the free cells, --variant the rules (:func:`positions`)."""

    argument: Optional[str] = None
    option: Optional[str] = None
    deal: Optional[str] = None
    cells: Optional[int] = None
    variant: Optional[VariantName] = None
    game: Optional[GameName] = None

    def read(self, record_variant: bool = False) -> tuple[Position, str]:
        """The position and the format it came in (compact for a deal); with
        ``record_variant``, --variant is written into the position."""
        from .inputs import get_position

        return get_position(self.argument, self.option, self.deal, self.cells, self.variant, record_variant,
                            self.game)

    def sources(self) -> tuple[str | None, ...]:
        """The file the position is read from (:func:`.checks.position_sources`)."""
        from .checks import position_sources

        return position_sources(self.argument, self.option, self.deal)

    def rules(self, position: Position) -> Variant:
        """The rules ``position`` is played under: --variant, else its own (its
        game's, its variant, else site)."""
        from ..games import check_rules
        from .output import errors_to_exit

        with errors_to_exit():
            return check_rules(self.variant.value if self.variant else None, position)


def positions(argument: bool = True) -> Shared:
    """[POSITION] (unless ``argument`` is False), -p, --deal, --cells, --variant and
    --game, received as ``where``, a :class:`PositionOptions`."""
    params = {"position_arg": (PositionArg, None)} if argument else {}
    return shared(True, lambda v: {"where": PositionOptions(v.get("position_arg"), v["position"], v["deal"],
                                                            v["cells"], v["variant"], v["game"])},
                  **params, position=(PositionOpt, None), deal=(DealOpt, None), cells=(CellsOpt, None),
                  variant=(VariantOpt, None), game=(GameOpt, None))


def output(json: Optional[str] = JSON_HELP) -> Shared:
    """--json (with the help text ``json``; None: the command declares its own) and
    -o/--output, received as ``json`` and ``output``."""
    params: dict[str, tuple[Any, Any]] = {}
    if json is not None:
        params["json"] = (Annotated[bool, typer.Option("--json", help=json)], False)
    params["output"] = (OutputOpt, None)
    return shared(False, dict, **params)


def command(*groups: Shared) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Declare ``groups``, and -q and --color, in the decorated command's signature
    (the position first, the rest after its own options), so typer reads them as
    the command's own. The command takes what the groups give (``where``, ``json``,
    ``output``) and, when it asks for it, ``settings``: the :class:`Settings` of -q
    and --color, also kept as the typer context's ``obj``."""
    def decorate(func: Callable[..., R]) -> Callable[..., R]:
        import functools
        import inspect

        sig = inspect.signature(func, eval_str=True)
        taken = {"settings", *(name for g in groups for name in _received(g))}
        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in sig.parameters.values() if p.name not in taken]
        ctx_name = next((p.name for p in own if p.annotation is typer.Context), None)
        extra = [] if ctx_name else [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)]
        params = (extra + [p for g in groups if g.first for p in g.params] + own
                  + [p for g in groups if not g.first for p in g.params] + list(_PREAMBLE.params))
        wants_settings = "settings" in sig.parameters

        @functools.wraps(func)
        def run(**kwargs: Any) -> R:
            ctx = kwargs[ctx_name] if ctx_name else kwargs.pop("ctx")
            for group in groups:
                kwargs.update(group.receive({p.name: kwargs.pop(p.name) for p in group.params}))
            settings = Settings.from_options(kwargs.pop("quiet"), kwargs.pop("color").value)
            ctx.obj = settings
            if wants_settings:
                kwargs["settings"] = settings
            return func(**kwargs)

        assert len({p.name for p in params}) == len(params), [p.name for p in params]  # a name declared twice
        run.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in params}
        return run

    return decorate


def _received(group: Shared) -> Iterable[str]:
    """The keywords ``group`` hands the command (what its ``receive`` returns)."""
    return group.receive({p.name: p.default for p in group.params}).keys()


# -q and --color: every command has them
_PREAMBLE = shared(False, dict, quiet=(QuietOpt, False), color=(ColorOpt, ColorMode.auto))
