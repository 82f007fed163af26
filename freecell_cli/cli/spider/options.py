"""The options Spider's commands share: suits, formats, the unrestricted deal, and
the position group (read, or dealt with --deal and --suits)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ..options import Shared, shared

if TYPE_CHECKING:
    from ...spider.position import Position


class Suits(str, Enum):
    one = "1"
    two = "2"
    four = "4"


class SpiderFormat(str, Enum):
    compact = "compact"
    json = "json"


SuitsOpt = Annotated[Suits, typer.Option("--suits", "-s", metavar="SUITS", help="Number of suits: 1, 2 or 4.")]
DealSuitsOpt = Annotated[Optional[Suits], typer.Option("--suits", "-s", metavar="SUITS", show_default=False,
                                                       help="Deal with 1, 2 or 4 suits (default 4).")]
# verify's and replay's: the suits of the deal a solution is replayed on
ReplaySuitsOpt = Annotated[Optional[Suits], typer.Option(
    "--suits", "-s", metavar="SUITS", show_default=False,
    help="Replay --deal with 1, 2 or 4 suits (default: the file's, else 4).")]
# Spider's positions, with a Spider example (FreeCell's help shows FreeCell's)
SPIDER_POSITION_HELP = ("The position: a position file, - for stdin (the default), or the position itself in "
                        "compact or JSON form ('spider4:...', as `freecell spider deal 1` prints it).")
SpiderPositionArg = Annotated[Optional[str], typer.Argument(metavar="[POSITION]", show_default=False,
                                                           help=SPIDER_POSITION_HELP)]
SpiderPositionOpt = Annotated[Optional[str], typer.Option("--position", "-p", metavar="POSITION", show_default=False,
                                                          help=SPIDER_POSITION_HELP)]


SpiderDealOpt = Annotated[Optional[str], typer.Option(
    "--deal", metavar="N", show_default=False,
    help="Start from Spider deal N (1..10^19-1, PySolFC's numbering) instead of reading a position.")]
UnrestrictedOpt = Annotated[
    bool, typer.Option("--unrestricted-deal", help="Allow a deal from the stock while a column is empty.")
]
MOVE_HELP = ("Moves: 38 (column 3 onto column 8; 0 is column 10), 30v2 (2 cards of a run into an "
             "empty column 10), d (deal ten cards from the stock).")


@dataclass
class SpiderPositionOptions:
    """The position a Spider command works on: the argument or -p (a file, ``-``,
    or the position itself), or ``--deal N`` with ``--suits``."""

    argument: Optional[str] = None
    option: Optional[str] = None
    deal: Optional[str] = None
    suits: Optional[Suits] = None

    def check(self) -> None:
        """Refuse --suits without --deal (it says how to deal), before anything is read."""
        from ..checks import requires

        requires("--suits" if self.suits is not None else None, "--deal", self.deal is not None)

    def sources(self) -> tuple[str | None, ...]:
        """The file the position is read from (:func:`..checks.position_sources`)."""
        from ..checks import position_sources

        return position_sources(self.argument, self.option, self.deal)

    def read(self) -> Position:
        from .positions import position_or_deal

        return position_or_deal(self.argument, self.option, self.deal, self.suits)


def positions(deal: Any = SpiderDealOpt, argument: bool = True) -> Shared:
    """[POSITION] (unless ``argument`` is False), -p, --deal (``deal``: its
    annotation) and --suits, received as ``where``, a :class:`SpiderPositionOptions`."""
    params = {"position_arg": (SpiderPositionArg, None)} if argument else {}
    return shared(True, lambda v: {"where": SpiderPositionOptions(v.get("position_arg"), v["position"], v["deal"],
                                                                  v["suits"])},
                  **params, position=(SpiderPositionOpt, None), deal=(deal, None), suits=(DealSuitsOpt, None))
