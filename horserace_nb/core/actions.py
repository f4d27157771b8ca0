"""The actions a player can take on their turn: place a tile, draw, pass (R16–R19).

>>> Place("[1|4]")
Place(tile=Tile(1, 4), on=None, side=None)
>>> str(Place("1-2", on="[1|1]", side="straight_b"))
'[1|2] on [1|1] straight_b'
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import Side, Tile

__all__ = ["Place", "Draw", "Pass", "Action"]


@dataclass(frozen=True, slots=True, init=False)
class Place:
    """Place *tile* on the connection point *side* of the layout tile *on* (R9).

    The opening tile of a hand has neither *on* nor *side* (R8). Tiles may be given as text and
    sides as their values; they are converted.
    """

    tile: Tile
    on: Tile | None
    side: Side | None

    def __init__(self, tile: Tile | str, on: Tile | str | None = None,
                 side: Side | str | None = None) -> None:
        if (on is None) != (side is None):
            raise ValueError(
                "a placement names both the layout tile and its side, or neither for the "
                "opening tile (R8, R9)"
            )
        object.__setattr__(self, "tile", Tile.parse(tile))
        object.__setattr__(self, "on", None if on is None else Tile.parse(on))
        object.__setattr__(self, "side", None if side is None else Side.coerce(side))

    def __str__(self) -> str:
        if self.on is None or self.side is None:
            return f"{self.tile}"
        return f"{self.tile} on {self.on} {self.side.value}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard (R18)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no legal placement and an empty boneyard (R19)."""

    def __str__(self) -> str:
        return "pass"


Action = Place | Draw | Pass
