"""horserace_nb: learn the domino game Horse Race in Jupyter.

The rules core (tiles, layout, game, settlement, records) is pure Python; the SVG renderer
(:mod:`horserace_nb.render`) and the widgets (:mod:`horserace_nb.widgets`) build on it. Every
name below is imported on first use (PEP 562): ``import horserace_nb.widgets`` or ``from
horserace_nb import Tile`` loads only what it needs (in the browser's Python every module
counts).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    "Action": "actions", "Draw": "actions", "Pass": "actions", "Place": "actions",
    "IllegalMove": "errors", "RecordError": "errors",
    "Event": "game", "EventKind": "game", "Game": "game", "Reason": "game", "SeatView": "game",
    "Connection": "layout", "Ends": "layout", "Layout": "layout",
    "HORSE_RACE": "rules", "Rules": "rules", "placement_score": "rules",
    "HandResult": "settlement", "bonus": "settlement", "round_pips": "settlement",
    "FULL_SET": "tiles", "Side": "tiles", "Tile": "tiles",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'horserace_nb' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".core.{_HOME[name]}", __name__), name)
    globals()[name] = value  # once found, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
