"""horserace_nb: learn the domino game Horse Race in Jupyter.

The rules core (tiles, layout, game, settlement, records) is pure Python; the SVG renderer
(:mod:`horserace_nb.render`) and the widgets (:mod:`horserace_nb.widgets`) build on it and are
imported only when used.
"""

from .actions import Action, Draw, Pass, Place
from .errors import IllegalMove, RecordError
from .game import Event, Game, Reason, SeatView
from .layout import Connection, Layout, placement_score
from .settlement import HandResult, bonus, round_pips
from .tiles import FULL_SET, Side, Tile

__all__ = [
    "Action", "Connection", "Draw", "Event", "FULL_SET", "Game", "HandResult", "IllegalMove",
    "Layout", "Pass", "Place", "Reason", "RecordError", "SeatView", "Side", "Tile", "bonus",
    "placement_score", "round_pips",
]

__version__ = "0.1.0"
