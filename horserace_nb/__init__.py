"""horserace_nb: learn the domino game Horse Race in Jupyter.

The rules core (tiles, layout, game, settlement, records) is pure Python; the SVG renderer
(:mod:`horserace_nb.render`) and the widgets (:mod:`horserace_nb.widgets`) build on it and are
imported only when used.
"""

from .core.actions import Action, Draw, Pass, Place
from .core.errors import IllegalMove, RecordError
from .core.game import Event, EventKind, Game, Reason, SeatView
from .core.layout import Connection, Ends, Layout
from .core.rules import HORSE_RACE, Rules, placement_score
from .core.settlement import HandResult, bonus, round_pips
from .core.tiles import FULL_SET, Side, Tile

__all__ = [
    "Action", "Connection", "Draw", "Ends", "Event", "EventKind", "FULL_SET", "Game",
    "HORSE_RACE", "HandResult", "IllegalMove", "Layout", "Pass", "Place", "Reason",
    "RecordError", "Rules", "SeatView", "Side", "Tile", "bonus", "placement_score",
    "round_pips",
]

__version__ = "0.1.0"
