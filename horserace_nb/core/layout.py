"""The all-spinner layout: where tiles connect, which ends count, and the placement score.

Every double is a spinner (R10): it has two straight sides and two branches, and its branches
open only once both straights are filled (R11). After every placement the contributions of all
scoring ends are added up (R13) and a positive multiple of 5 scores (R15).

The documented sequence (RULES.md, "worked examples"):

>>> layout = Layout()
>>> layout.place("[1|4]")
5
>>> layout.place("[1|1]", on="[1|4]", side="low")
0
>>> layout.place("[4|4]", on="[1|4]", side="high")
10
>>> layout.contributions()
[(Tile(1, 1), 2), (Tile(4, 4), 8)]
>>> layout.legal_points("[3|4]")
[(Tile(4, 4), <Side.STRAIGHT_B: 'straight_b'>)]
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from .actions import Place
from .errors import IllegalMove
from .quoting import EXCERPT_CHARS, excerpt
from .rules import HORSE_RACE, Rules, placement_score
from .tiles import BRANCHES, FULL_SET, MAX_PIPS, SIDE_ORDER, Side, Tile

if TYPE_CHECKING:
    from ..render.svg import SvgImage

__all__ = ["Layout", "Connection", "Ends", "placement_score", "sum_terms", "sum_text"]

_LOW, _HIGH = Side.LOW, Side.HIGH
_SA, _SB, _BA, _BB = Side.STRAIGHT_A, Side.STRAIGHT_B, Side.BRANCH_A, Side.BRANCH_B
# A connection point is kept as one int, tile.index * 8 + side.code: sorting the keys orders
# points by tile, then by the side's English name (RULES.md, worked examples).
_C_LOW, _C_HIGH, _C_SA, _C_SB, _C_BA, _C_BB = (s.code for s in (_LOW, _HIGH, _SA, _SB, _BA, _BB))


def _key(tile: Tile, side: Side) -> int:
    return tile.index * 8 + side.code


_SIDE_VALUES = ", ".join(repr(s.value) for s in Side)

_POINTS: list[tuple[Tile, Side] | None] = [
    (t, SIDE_ORDER[c]) if c < len(SIDE_ORDER) else None for t in FULL_SET for c in range(8)]


def _unkey(key: int) -> tuple[Tile, Side]:
    point = _POINTS[key]
    assert point is not None
    return point


# One Place per (tile, point): legal actions hand out the same objects again and again.
_PLACES: list[dict[int, Place]] = [{} for _ in FULL_SET]
_OPENING = -1


def _place(tile: Tile, key: int) -> Place:
    table = _PLACES[tile.index]
    action = table.get(key)
    if action is None:
        if key == _OPENING:
            action = Place(tile)
        else:
            on, side = _unkey(key)
            action = Place(tile, on, side)
        table[key] = action
    return action


def sum_terms(values: Iterable[int]) -> str:
    """The counted contributions as the rule texts add them up, ``"2 + 8"`` (``"0"`` for
    none): the one place where the terms of a sum are written (R13)."""
    return " + ".join(map(str, values)) or "0"


def sum_text(values: Iterable[int], total: int) -> str:
    """The sum of the counted contributions with its total, as the rule texts write it (R13).

    >>> sum_text([2, 8], 10), sum_text([], 0)
    ('2 + 8 = 10', '0 = 0')
    """
    return f"{sum_terms(values)} = {total}"


class Ends:
    """The scoring ends of a layout at one moment (R13): what each end contributed, in the
    worked examples' order. A read-only snapshot: later placements do not change it.
    """

    __slots__ = ("_scoring", "_sorted")

    def __init__(self, scoring: dict[int, int]) -> None:
        self._scoring = scoring
        self._sorted: tuple[tuple[Tile, int], ...] | None = None

    @property
    def contributions(self) -> tuple[tuple[Tile, int], ...]:
        """``(tile, contribution)`` pairs, ordered by tile, then side (R13)."""
        if self._sorted is None:
            self._sorted = tuple((FULL_SET[k >> 3], v) for k, v in sorted(self._scoring.items()))
        return self._sorted

    @property
    def values(self) -> tuple[int, ...]:
        """The contributions alone, in the same order."""
        return tuple(v for _, v in self.contributions)

    @property
    def total(self) -> int:
        return sum(self._scoring.values())

    def sum_text(self) -> str:
        """``"2 + 8 = 10"``."""
        return sum_text(self.values, self.total)

    def __len__(self) -> int:
        return len(self._scoring)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ends) and self._scoring == other._scoring

    def __hash__(self) -> int:
        return hash(self.contributions)

    def __repr__(self) -> str:
        return f"Ends({self.sum_text()})"


_NO_ENDS = Ends({})


class Connection(NamedTuple):
    """How a placed tile joined the layout: ``anchor``'s ``anchor_side`` holds ``tile``'s
    ``tile_side`` (R9, R10)."""

    anchor: Tile
    anchor_side: Side
    tile: Tile
    tile_side: Side


class Layout:
    """The tiles on the table, with their connection points and scoring ends.

    ``place`` validates before it changes anything: a refused placement raises
    :class:`IllegalMove` and leaves the layout as it was.
    """

    __slots__ = ("_tiles", "_joined", "_children", "_open", "_scoring", "_total", "_by_number",
                 "_sorted_open", "_mask")

    def __init__(self) -> None:
        self._tiles: list[Tile] = []
        # how each tile joined, by tile.index: (anchor, anchor side, own side); None for a tile
        # not down and for the opening tile
        self._joined: list[tuple[Tile, Side, Side] | None] = [None] * len(FULL_SET)
        self._children: dict[int, Tile] = {}
        # open connection point (as a key) -> the number it shows
        self._open: dict[int, int] = {}
        # scoring end -> contribution; a double is keyed at its straight A and counts once
        self._scoring: dict[int, int] = {}
        self._total = 0
        # how many open connection points show each number 0..6
        # for each number 0..6, the sorted keys of the open points showing it
        self._by_number: list[list[int]] = [[], [], [], [], [], [], []]
        self._sorted_open: list[tuple[int, int]] | None = None
        self._mask = 0  # bit tile.index set for every placed tile

    # ------------------------------------------------------------------ queries
    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self._mask >> tile.index & 1)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self._tiles)

    def __repr__(self) -> str:
        return f"<Layout {', '.join(map(str, self._tiles)) or 'empty'}; end total {self._total}>"

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles in placement order."""
        return tuple(self._tiles)

    @property
    def is_empty(self) -> bool:
        return not self._tiles

    def spinners(self) -> list[Tile]:
        """The doubles on the layout, in placement order; every double is a spinner (R10)."""
        return [t for t in self._tiles if t.is_double]

    def connections(self) -> list[Connection]:
        """Every connection in placement order, anchor first."""
        return [Connection(j[0], j[1], t, j[2])
                for t in self._tiles if (j := self._joined[t.index]) is not None]

    def joined_by(self, tile: Tile | str) -> Connection | None:
        """How *tile* joined the layout (``None`` for the opening tile)."""
        tile = Tile.parse(tile)
        if tile not in self:
            raise KeyError(f"{tile} is not on the layout")
        j = self._joined[tile.index]
        return None if j is None else Connection(j[0], j[1], tile, j[2])

    def child(self, tile: Tile | str, side: Side | str) -> Tile | None:
        """The tile attached to *side* of *tile*, if any."""
        return self._children.get(_key(Tile.parse(tile), Side.coerce(side)))

    def _points(self) -> list[tuple[int, int]]:
        """The open points as sorted ``(key, number)`` pairs, shared: do not change it."""
        if self._sorted_open is None:
            self._sorted_open = sorted(self._open.items())
        return self._sorted_open

    def open_points(self) -> list[tuple[Tile, Side, int]]:
        """Every open connection point with the number it shows, ordered by tile, then by the
        side's English name (R9–R11, R14).

        An unused branch of a filled spinner is open, though it does not count (R14).
        """
        return [(*_unkey(k), n) for k, n in self._points()]

    def contributions(self) -> list[tuple[Tile, int]]:
        """What each scoring end adds to the end total (R13), in the same order as
        :meth:`open_points`. A double with an open straight counts both halves, once; an opening
        single counts both ends, one entry each."""
        return [(FULL_SET[k >> 3], v) for k, v in sorted(self._scoring.items())]

    def scoring_points(self) -> list[tuple[Tile, Side, int]]:
        """Like :meth:`contributions`, with the side each contribution is counted at (for a
        double: its first open straight side)."""
        out = []
        for k, v in sorted(self._scoring.items()):
            tile, side = _unkey(k)
            if tile.is_double and k not in self._open:
                side = _SB
            out.append((tile, side, v))
        return out

    def ends(self) -> Ends:
        """A snapshot of the scoring ends (R13), cheap to take after every placement."""
        return Ends(self._scoring.copy()) if self._scoring else _NO_ENDS

    def sum_terms(self) -> str:
        """The counted contributions as they are added up, ``"2 + 8"`` (R13)."""
        return sum_terms(v for _, v in self.contributions())

    def sum_text(self) -> str:
        """The counted contributions and the end total, ``"2 + 8 = 10"`` (R13)."""
        return sum_text([v for _, v in self.contributions()], self._total)

    def is_counted(self, tile: Tile | str, side: Side | str) -> bool:
        """True if the open point *side* of *tile* is part of a scoring end (R13, R14).

        :raises ValueError: if *tile* is not a tile or *side* not a side.
        """
        tile, side = Tile.parse(tile), Side.coerce(side)
        key = _key(tile, side)
        if key not in self._open:
            return False
        return side in (_SA, _SB) if tile.is_double else key in self._scoring

    def end_total(self) -> int:
        """The sum of all contributions (R13)."""
        return self._total

    def score(self, rules: Rules = HORSE_RACE) -> int:
        """The raw placement score the current end total is worth (R15)."""
        return rules.placement_score(self._total)

    def total_after(self, tile: Tile | str, on: Tile | str | None = None,
                    side: Side | str | None = None, *, validate: bool = True) -> int:
        """The end total the layout would show after the placement, without making it (R13).

        >>> Layout.from_placements([("[1|4]", None, None)]).total_after("[4|4]", "[1|4]", "high")
        9

        With ``validate=False`` the placement must be one this layout offers (from
        :meth:`places_for` or :meth:`legal_points`): the look-ahead of computer players skips
        the check; anything else gives a wrong number.

        :raises IllegalMove: if the placement is not legal.
        """
        if validate:
            return self._total_after(*self.check(tile, on, side))
        return self._total_after(tile, on, side)  # type: ignore[arg-type]

    def _total_after(self, tile: Tile, on: Tile | None, side: Side | None) -> int:
        if on is None or side is None:
            return tile.pips
        anchor = on.index * 8
        key = anchor + side.code
        total = self._total
        if not on.is_double:
            total -= self._scoring[key]
        elif side is _SA or side is _SB:
            other = anchor + (_C_SB if side is _SA else _C_SA)
            if other not in self._open:  # both straights filled: the spinner turns interior
                total -= self._scoring[anchor + _C_SA]
        if tile.is_double:
            return total + tile.pips
        return total + (tile.high if tile.low == self._open[key] else tile.low)

    def accepts(self, number: int) -> bool:
        """True if some open point shows *number* (or the layout is empty).

        :raises ValueError: if *number* is not a whole number from 0 to 6 (R1).
        """
        # validate.is_whole written inline: the bots call this in their inner loop
        if type(number) is not int or not 0 <= number <= MAX_PIPS:
            raise ValueError(f"a tile's numbers are whole numbers from 0 to {MAX_PIPS} (R1), "
                             f"not {excerpt(number)}")
        return not self._tiles or bool(self._by_number[number])

    def can_place(self, tile: Tile | str) -> bool:
        """True if *tile* is not down and the layout has a point for it (any tile opens, R8).

        :raises ValueError: if *tile* is not a tile.
        """
        if type(tile) is not Tile:
            tile = Tile.parse(tile)
        if self._mask >> tile.index & 1:
            return False
        if not self._tiles:
            return True
        by_number = self._by_number
        return bool(by_number[tile.low] or by_number[tile.high])

    def legal_points(self, tile: Tile | str) -> list[tuple[Tile, Side]]:
        """The open points *tile* may be placed on, in :meth:`open_points` order.

        Empty for a tile that is already down and on an empty layout (the opening tile needs no
        point, R8).
        """
        tile = Tile.parse(tile)
        if tile in self:
            return []
        low, high = tile.low, tile.high
        return [_unkey(k) for k, n in self._points() if n == low or n == high]

    def places_for(self, tile: Tile) -> list[Place]:
        """The :class:`Place` actions that put *tile* (not on the layout) on each of its legal
        points, in point order; on an empty layout, the opening placement (R8, R9).

        >>> Layout.from_placements([("[1|4]", None, None)]).places_for(Tile(4, 4))
        [Place(tile=Tile(4, 4), on=Tile(1, 4), side=<Side.HIGH: 'high'>)]
        """
        return self.places_for_tiles((tile,))

    def places_for_tiles(self, tiles: Iterable[Tile]) -> list[Place]:
        """:meth:`places_for` for each of *tiles* in turn, in one list (a hand's legal
        placements, R16)."""
        if not self._tiles:
            return [_place(tile, _OPENING) for tile in tiles]
        by_number = self._by_number
        out: list[Place] = []
        for tile in tiles:
            keys = by_number[tile.low]
            if not tile.is_double:
                more = by_number[tile.high]
                if more:
                    keys = sorted(keys + more) if keys else more
            if not keys:
                continue
            table = _PLACES[tile.index]
            for key in keys:
                action = table.get(key)
                out.append(action if action is not None else _place(tile, key))
        return out

    def can_place_any(self, tiles: Iterable[Tile]) -> bool:
        """True if one of *tiles* (none of them on the layout) has a point here (R16, R19)."""
        if not self._tiles:
            return any(True for _ in tiles)
        by_number = self._by_number
        for tile in tiles:
            if by_number[tile.low] or by_number[tile.high]:
                return True
        return False

    # ------------------------------------------------------------------ placing
    def check(self, tile: Tile | str, on: Tile | str | None = None,
              side: Side | str | None = None) -> tuple[Tile, Tile | None, Side | None]:
        """Validate a placement without making it; return it normalized.

        :raises IllegalMove: naming the rule the placement breaks.
        """
        if type(tile) is Tile and (on is None or type(on) is Tile) and (
                side is None or type(side) is Side):
            return self._check(tile, on, side)
        tile = _parse_tile(tile)
        on = None if on is None else _parse_tile(on)
        if side is not None:
            try:
                side = Side.coerce(side)
            except ValueError:
                shown = side[:EXCERPT_CHARS] if isinstance(side, str) else excerpt(side)
                raise IllegalMove("error.bad_side", rule="R10", side=shown,
                                  sides=_SIDE_VALUES) from None
        return self._check(tile, on, side)

    def check_place(self, action: Place) -> None:
        """:meth:`check` for a :class:`Place` (whose tile and side are already of their types).

        :raises IllegalMove: naming the rule the placement breaks.
        """
        self._check(action.tile, action.on, action.side)

    def _check(self, tile: Tile, on: Tile | None, side: Side | None
               ) -> tuple[Tile, Tile | None, Side | None]:
        """:meth:`check` for a tile, anchor and side already of their types."""
        if self._mask >> tile.index & 1:
            raise IllegalMove("error.already_down", rule="R1", tile=tile)
        if not self._tiles:
            if on is not None or side is not None:
                raise IllegalMove("error.opening_alone", rule="R8", tile=tile)
            return tile, None, None
        if on is None or side is None:
            raise IllegalMove("error.need_point", rule="R9", tile=tile)
        number = self._open.get(on.index * 8 + side.code)
        if number is None:
            raise self._closed_point(tile, on, side)
        if not (tile.low == number or tile.high == number):
            raise IllegalMove("error.mismatch", rule="R9", tile=tile, on=on, side=side,
                              number=number)
        return tile, on, side

    def _closed_point(self, tile: Tile, on: Tile, side: Side) -> IllegalMove:
        if on not in self:
            return IllegalMove("error.not_on_layout", rule="R9", on=on, tile=tile)
        if side not in on.sides():
            return IllegalMove("error.no_such_side", rule="R12", on=on, side=side)
        base = on.index * 8
        if on.is_double and side in BRANCHES and (
                base + _C_SA in self._open or base + _C_SB in self._open):
            return IllegalMove("error.branch_closed", rule="R11", on=on)
        return IllegalMove("error.taken", rule="R9", on=on, side=side)

    def place(self, tile: Tile | str, on: Tile | str | None = None,
              side: Side | str | None = None) -> int:
        """Place *tile* on connection point *side* of layout tile *on* and return the raw
        placement score (R15). The opening tile is placed with neither *on* nor *side* (R8).

        :raises IllegalMove: if the placement breaks a rule; nothing changes then.
        """
        tile, on, side = self.check(tile, on, side)
        self.attach(tile, on, side)
        return placement_score(self._total)

    def attach(self, tile: Tile, on: Tile | None = None, side: Side | None = None
               ) -> Side | None:
        """Make a placement that is already known to be legal (from :meth:`check`,
        :meth:`places_for` or :meth:`legal_points`) without checking it again, and return the
        side by which the tile joined (``None`` for the opening tile). Like python-chess's
        ``Board.push``: the hot path of games and look-ahead. Anything else corrupts the
        layout; use :meth:`place` for a placement that may be illegal."""
        scoring = self._scoring
        opened = self._open
        by_number = self._by_number
        insort = bisect.insort
        self._sorted_open = None
        base = tile.index * 8
        low = tile.low
        if on is None or side is None:
            tile_side = None
            if tile.is_double:
                opened[base + _C_SA] = opened[base + _C_SB] = low
                by_number[low] += (base + _C_SA, base + _C_SB)  # the only open points
                scoring[base + _C_SA] = tile.pips
            else:
                high = tile.high
                opened[base + _C_LOW] = scoring[base + _C_LOW] = low
                opened[base + _C_HIGH] = scoring[base + _C_HIGH] = high
                by_number[low].append(base + _C_LOW)
                by_number[high].append(base + _C_HIGH)
            self._total += tile.pips
        else:
            anchor = on.index * 8
            key = anchor + side.code
            number = opened.pop(key)  # the anchor's point closes
            by_number[number].remove(key)
            total = self._total
            if not on.is_double:
                total -= scoring.pop(key)
            elif (side is _SA or side is _SB) and (
                    anchor + _C_SA not in opened and anchor + _C_SB not in opened):
                # both straights filled: interior, branches open (R11, R13)
                total -= scoring.pop(anchor + _C_SA)
                opened[anchor + _C_BA] = opened[anchor + _C_BB] = number
                insort(by_number[number], anchor + _C_BA)
                insort(by_number[number], anchor + _C_BB)
            # the new tile's free points
            if tile.is_double:
                tile_side = _SA
                opened[base + _C_SB] = number
                insort(by_number[number], base + _C_SB)
                scoring[base + _C_SA] = tile.pips
                total += tile.pips
            else:
                if low == number:
                    tile_side, free, free_n = _LOW, base + _C_HIGH, tile.high
                else:
                    tile_side, free, free_n = _HIGH, base + _C_LOW, low
                opened[free] = scoring[free] = free_n
                insort(by_number[free_n], free)
                total += free_n
            self._total = total
            self._joined[tile.index] = (on, side, tile_side)
            self._children[key] = tile
        self._tiles.append(tile)
        self._mask |= 1 << tile.index
        return tile_side

    # ------------------------------------------------------------------ helpers
    def copy(self) -> Layout:
        """An independent copy."""
        new = Layout.__new__(Layout)
        new._tiles = self._tiles.copy()
        new._joined = self._joined.copy()
        new._children = self._children.copy()
        new._open = self._open.copy()
        new._scoring = self._scoring.copy()
        new._total = self._total
        new._by_number = [keys.copy() for keys in self._by_number]
        new._sorted_open = self._sorted_open
        new._mask = self._mask
        return new

    def placements(self) -> list[tuple[Tile, Tile | None, Side | None]]:
        """Every placement as ``(tile, on, side)``, in order: what :meth:`from_placements`
        takes back.

        >>> layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
        >>> Layout.from_placements(layout.placements()).tiles == layout.tiles
        True
        """
        return [(t, None, None) if (j := self._joined[t.index]) is None else (t, j[0], j[1])
                for t in self._tiles]

    @classmethod
    def from_placements(cls, placements: list[tuple[Tile | str, Tile | str | None,
                                                    Side | str | None]]) -> Layout:
        """Build a layout by placing ``(tile, on, side)`` triples in order.

        >>> Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")]).end_total()
        15
        """
        layout = cls()
        for tile, on, side in placements:
            layout.place(tile, on, side)
        return layout

    @classmethod
    def random(cls, rng: random.Random | int | None = None, *,
               doubles_first: bool = False) -> Layout:
        """A maximal random layout: a random opening tile, then placements chosen uniformly
        among every (tile, legal point) pair until no tile of the set fits. With
        *doubles_first*, a double is placed whenever one fits (many spinners).

        >>> Layout.random(1).tiles == Layout.random(1).tiles
        True
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        layout = cls()
        layout.place(rng.choice(FULL_SET))
        while True:
            moves = [(tile, on, side) for tile in FULL_SET if tile not in layout
                     for on, side in layout.legal_points(tile)]
            if not moves:
                return layout
            if doubles_first:
                moves = [m for m in moves if m[0].is_double] or moves
            layout.attach(*rng.choice(moves))

    def describe(self, lang: str = "en") -> str:
        """The text alternative of the layout in ``"en"``, ``"ko"`` or ``"ja"``, in the format of
        the rule texts' worked examples."""
        from ..words.describe import describe_layout

        return describe_layout(self, lang)

    def _repr_svg_(self) -> SvgImage:
        from ..render.svg import layout_svg

        return layout_svg(self)



def _parse_tile(value: Tile | str) -> Tile:
    if type(value) is Tile:
        return value
    try:
        return Tile.parse(value)
    except ValueError:
        raise IllegalMove("error.bad_tile", rule="R1", text=excerpt(value)) from None
