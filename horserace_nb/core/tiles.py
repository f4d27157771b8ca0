"""Tiles of a double-six set and the sides of a tile's connection points (R1, R10, R12).

>>> Tile(4, 1)
Tile(1, 4)
>>> str(Tile.parse("4|1"))
'[1|4]'
>>> Tile.parse("[3|3]").is_double
True
>>> len(FULL_SET)
28
"""

from __future__ import annotations

import enum
import re
from typing import ClassVar

from .quoting import excerpt

__all__ = ["Tile", "Side", "FULL_SET", "MAX_PIPS", "STRAIGHTS", "BRANCHES", "ENDS", "SIDE_ORDER"]

MAX_PIPS = 6
"""The highest number on a tile of a double-six set (R1)."""

_TILE_TEXT = re.compile(r"\[?\s*(\d)\s*[|\-:,/ ]\s*(\d)\s*\]?")
MAX_TILE_TEXT = 32
"""The longest text :meth:`Tile.parse` reads: longer text is refused at once, so parsing takes
time proportional to at most this many characters, whatever it is given."""


class Side(str, enum.Enum):
    """A connection point of a tile (R10, R12).

    A single has a ``low`` and a ``high`` end; a double (a spinner) has two straight sides and
    two branches. The values are the names used in saved games; every function that takes a side
    also accepts its value:

    >>> Side("straight_a") is Side.STRAIGHT_A
    True
    """

    code: int  #: position in :data:`SIDE_ORDER`

    LOW = "low"
    HIGH = "high"
    STRAIGHT_A = "straight_a"
    STRAIGHT_B = "straight_b"
    BRANCH_A = "branch_a"
    BRANCH_B = "branch_b"

    def __str__(self) -> str:
        return str(self.value)

    @property
    def is_straight(self) -> bool:
        """True for the two straight sides of a double."""
        return self in STRAIGHTS

    @property
    def is_branch(self) -> bool:
        """True for the two branches of a double."""
        return self in BRANCHES

    @classmethod
    def coerce(cls, value: Side | str) -> Side:
        """Return the side named by *value* (an enum member or its value).

        :raises ValueError: if *value* names no side.
        """
        if isinstance(value, Side):
            return value
        side = _BY_VALUE.get(value) if isinstance(value, str) else None
        if side is None:
            names = ", ".join(repr(s.value) for s in cls)
            raise ValueError(f"{excerpt(value)} is not a side; use one of {names} (R10, R12)")
        return side


SIDE_ORDER: tuple[Side, ...] = (Side.BRANCH_A, Side.BRANCH_B, Side.HIGH, Side.LOW,
                                 Side.STRAIGHT_A, Side.STRAIGHT_B)
"""The sides in the order of their English names (branch A, branch B, high end, low end,
straight A, straight B), which orders every listing of points (RULES.md, worked examples)."""
for _code, _side in enumerate(SIDE_ORDER):
    _side.code = _code  # a plain int for fast point keys

_BY_VALUE = {s.value: s for s in Side}

STRAIGHTS = (Side.STRAIGHT_A, Side.STRAIGHT_B)
BRANCHES = (Side.BRANCH_A, Side.BRANCH_B)
ENDS = (Side.LOW, Side.HIGH)


class Tile:
    """One domino ``[low|high]`` of the double-six set (R1).

    Tiles are immutable, hashable and ordered by ``(low, high)``. There is one instance per tile,
    so ``Tile(1, 4) is Tile(4, 1)``.

    >>> sorted([Tile(6, 6), Tile(0, 5), Tile(1, 4)])
    [Tile(0, 5), Tile(1, 4), Tile(6, 6)]
    >>> Tile(2, 2).pips
    4
    """

    __slots__ = ("low", "high", "is_double", "pips", "index")
    _instances: ClassVar[dict[tuple[int, int], Tile]] = {}

    low: int
    high: int
    is_double: bool
    pips: int
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        if type(a) is int and type(b) is int:  # not bool, not 1.0 (they hash alike)
            tile = cls._instances.get((a, b))
            if tile is not None:
                return tile
        for n in (a, b):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_PIPS:
                raise ValueError(
                    f"a tile's halves are whole numbers from 0 to {MAX_PIPS} (R1), not {n!r}"
                )
        raise AssertionError("unreachable")  # every valid pair is interned below

    @classmethod
    def _make(cls, low: int, high: int, index: int) -> Tile:
        self = object.__new__(cls)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "is_double", low == high)
        object.__setattr__(self, "pips", low + high)
        object.__setattr__(self, "index", index)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str | Tile) -> Tile:
        """Read a tile written as ``"[1|4]"``, ``"[4|1]"``, ``"1-4"`` or ``"4|1"``.

        >>> Tile.parse("1-4") is Tile.parse("[4|1]")
        True

        :raises ValueError: if *text* is not a tile of the double-six set.
        """
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a tile is written like '[1|4]', not {excerpt(text)}")
        m = None if len(text) > MAX_TILE_TEXT else _TILE_TEXT.fullmatch(text.strip())
        if not m:
            raise ValueError(f"{excerpt(text)} is not a tile; write it like '[1|4]' or '1-4' (R1)")
        low, high = int(m.group(1)), int(m.group(2))
        if low > MAX_PIPS or high > MAX_PIPS:
            raise ValueError(f"{excerpt(text)} is not a tile of the double-six set: a tile's "
                             f"halves are 0 to {MAX_PIPS} (R1)")
        return cls(low, high)

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __hash__(self) -> int:  # deterministic across processes; equality is identity
        return self.index

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    def has(self, number: int) -> bool:
        """True if one half of the tile shows *number*."""
        return number == self.low or number == self.high

    def other(self, number: int) -> int:
        """The number on the half opposite the half showing *number*.

        >>> Tile(1, 4).other(1)
        4
        """
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise ValueError(f"{self} has no half showing {number}")

    def number(self, side: Side | str) -> int:
        """The number a connection point of this tile shows (R9).

        For a double every side shows its number; for a single ``low`` and ``high``.
        """
        side = Side.coerce(side)
        if self.is_double:
            return self.low
        if side is Side.LOW:
            return self.low
        if side is Side.HIGH:
            return self.high
        raise ValueError(f"{self} is not a double and has no {side.value} side (R10, R12)")

    def sides(self) -> tuple[Side, ...]:
        """The connection points this kind of tile has."""
        return STRAIGHTS + BRANCHES if self.is_double else ENDS


def _build() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for low in range(MAX_PIPS + 1):
        for high in range(low, MAX_PIPS + 1):
            tile = Tile._make(low, high, len(tiles))
            Tile._instances[(low, high)] = tile
            Tile._instances[(high, low)] = tile
            tiles.append(tile)
    return tuple(tiles)


FULL_SET: tuple[Tile, ...] = _build()
"""All 28 tiles of the double-six set in order, ``[0|0]`` to ``[6|6]`` (R1)."""
