"""Where every tile of a layout lies on the table: pure geometry, no drawing (no svgwrite).

A single is 2 × 1 half-squares laid along its line; a double is laid crosswise (R10). Each tile
touches its parent with the matching halves facing each other; a spinner's straights continue
its line and its branches leave at right angles. Boxes are axis-aligned, in SVG user units
(:data:`UNIT` per half-square), and never overlap.

CONTRACT (other modules rely on these names):

- ``UNIT``: SVG user units per half-square.
- ``Box(x, y, w, h)``: a named tuple.
- ``Direction``: "E", "W", "N", "S" — a unit step on the table (E = +x, S = +y).
- ``TileGeometry``: ``tile``, ``box``, ``low_half`` and ``high_half`` (the boxes of the two
  halves; equal-sized squares), ``crosswise`` (a double across its line), ``direction`` (the
  direction its line runs away from its parent; "E" for the opening tile).
- ``PointGeometry``: ``tile``, ``side``, ``x``, ``y`` (the centre of the square just outside the
  tile's edge at that connection point, where a mark for it is drawn), ``direction`` (the way a
  tile placed there would run).
- ``Geometry``: ``tiles: dict[Tile, TileGeometry]`` in placement order,
  ``points: dict[tuple[Tile, Side], PointGeometry]`` for every open point of the layout,
  ``bounds: Box`` (all tiles and point marks), ``relayout: bool`` (True when the incremental
  layout found no free position and all tiles were laid out afresh).
- ``layout_geometry(layout) -> Geometry`` and ``layout_boxes(layout) -> dict[Tile, Box]``.

How tiles are laid
------------------
Tiles are laid in placement order, each positioned only from the tiles already down, like a
person laying tiles on a table (y grows downwards, as in SVG):

- The opening tile lies level with its centre at the origin; its line runs east ("E"). An
  opening single shows its low half on the west, its high half on the east; an opening double
  stands crosswise with straight A facing west and straight B facing east.
- Every connection point has a *direction* (the way a tile placed there runs): a single's end
  points away from the single; a double's straight B points along its line, straight A back
  towards its anchor; **branch A points to the left-hand side when looking along the double's
  line** (its ``direction``), branch B to the right-hand side. So on a line running east
  branch A is north; on a line running west (like ``[1|1]`` below) it is south.
- A single is laid straight on, its matching half against the point. A double is laid
  crosswise and centred on the line, straight A against the point: its straights are its two
  long sides (the line goes on through them), its branches its two short ends, at right angles
  to the line (R10).
- When the way straight on is blocked (or crowded, see below), the line **turns** like a tile
  laid round a corner: the matching half stays in the square in front of the point, the other
  half goes to the left or to the right. Less natural positions come last: a single laid along
  the side of its anchor's end half, a double beside its anchor's end with its line turned,
  tiles slid sideways by half a half-square or a whole one (the matching halves still touch).
- Each free position is scored ``2 × crowding + kind`` (kind: 0 straight on, 1 turned,
  2 beside/slid a little, 3 slid more), ties broken by kind, then by the new ends lying farther
  from the opening tile (outwards), then left before right. *Crowding* counts 2 for every mark
  square of a connection point not used yet (open, or a branch still to open) that the tile
  would cover and for each of its own points whose mark square is taken, and 1 for each square
  after such a mark square (where a tile laid straight on would lie). So lines go straight
  where nothing is in the way, turn before they run into other tiles and keep point marks
  free of tiles wherever they can.
- Only tiles already down are consulted, so laying a tile never moves earlier tiles -- unless
  it finds no free position at all. Then the layout is searched afresh: a deterministic
  depth-first search over the same ordered positions with conflict-directed backjumping (it
  goes back straight to the latest tile among those that block the stuck one), and
  :attr:`Geometry.relayout` is True. This is rare: about 1 placement in 30,000 in random full
  layouts, 1 in 1,000 when doubles are placed first (``benchmarks/bench_geometry.py``).

Halves: a single's ``low_half``/``high_half`` are the halves showing its low/high number; for a
double (both halves show the same number) ``low_half`` is the half on its branch A side. A
child's matching half always shares an edge segment with its anchor's half at that point
(either half of a double at a straight side; the end half at a branch), and a child touches
no other half of a single anchor.

The documented sequence (RULES.md, worked examples), in half-squares (``UNIT`` units):

>>> from horserace_nb.core.layout import Layout
>>> layout = Layout.from_placements([
...     ("[1|4]", None, None), ("[1|1]", "[1|4]", "low"), ("[4|4]", "[1|4]", "high"),
...     ("[3|4]", "[4|4]", "straight_b"), ("[1|2]", "[1|1]", "straight_b"),
...     ("[1|5]", "[1|1]", "branch_a"), ("[5|5]", "[1|5]", "high"),
...     ("[0|5]", "[5|5]", "straight_b"), ("[1|3]", "[1|1]", "branch_b")])
>>> geometry = layout_geometry(layout)
>>> for tile, g in geometry.tiles.items():
...     print(tile, g.direction, tuple(v / UNIT for v in g.box))
[1|4] E (-1.0, -0.5, 2.0, 1.0)
[1|1] W (-2.0, -1.0, 1.0, 2.0)
[4|4] E (1.0, -1.0, 1.0, 2.0)
[3|4] E (2.0, -0.5, 2.0, 1.0)
[1|2] W (-4.0, -0.5, 2.0, 1.0)
[1|5] S (-2.0, 1.0, 1.0, 2.0)
[5|5] S (-2.5, 3.0, 2.0, 1.0)
[0|5] S (-2.0, 4.0, 1.0, 2.0)
[1|3] N (-2.0, -3.0, 1.0, 2.0)
>>> geometry.relayout
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.layout import Layout
from ..core.tiles import Side, Tile

__all__ = ["UNIT", "Box", "Direction", "TileGeometry", "PointGeometry", "Geometry",
           "layout_geometry", "layout_boxes"]

UNIT = 40.0
"""SVG user units per half-square: a single is 2 × UNIT by 1 × UNIT."""

Direction = str  # "E", "W", "N", "S"


class Box(NamedTuple):
    """An axis-aligned rectangle in SVG user units."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box) -> bool:
        """True if the interiors intersect (touching edges do not overlap)."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)


@dataclass(frozen=True)
class TileGeometry:
    """Where one tile lies: its box, its two halves, whether it is crosswise (every double,
    R10) and the direction its line runs away from its anchor."""

    tile: Tile
    box: Box
    low_half: Box
    high_half: Box
    crosswise: bool
    direction: Direction


@dataclass(frozen=True)
class PointGeometry:
    """An open connection point: the centre ``x, y`` of the square just outside the tile at
    that point (where its mark is drawn) and the direction a tile placed there would run."""

    tile: Tile
    side: Side
    x: float
    y: float
    direction: Direction


@dataclass(frozen=True)
class Geometry:
    """The geometry of a whole layout (see :func:`layout_geometry`)."""

    tiles: dict[Tile, TileGeometry]
    points: dict[tuple[Tile, Side], PointGeometry]
    bounds: Box
    relayout: bool = False
    free: dict[tuple[Tile, Side], PointGeometry] = field(default_factory=dict)
    """Every side of a layout tile with nothing attached (not the side it joined by): the open
    points and a spinner's branches still closed (R11), for an exercise that asks which are
    open. (Not part of :attr:`bounds`.)"""


# ---------------------------------------------------------------------------------------------
# Internals work on the half-half-square grid ("ticks": UNIT / 2), so that a double centred on a
# line of singles has integer coordinates. A single is 4 × 2 ticks, a double 2 × 4 crosswise.
# Directions are ints in clockwise order on the screen (y down): E, S, W, N.

_NAMES = ("E", "S", "W", "N")
_DX = (1, 0, -1, 0)
_DY = (0, 1, 0, -1)
_LEFT, _RIGHT, _BACK = 3, 1, 2  # added to a direction (mod 4): left-hand side = anticlockwise
_TICK = UNIT / 2
_OFF = 256  # x offset for the occupancy bit masks: 28 tiles reach at most 5 × 28 ticks out

_LOW, _HIGH = Side.LOW, Side.HIGH
_SA, _SB, _BA, _BB = Side.STRAIGHT_A, Side.STRAIGHT_B, Side.BRANCH_A, Side.BRANCH_B

_Rect = tuple[int, int, int, int]  # x, y, w, h in ticks
_Point = tuple[int, int, int]  # x, y of the edge centre in ticks; outward direction
_LRect = tuple[int, int, int, int]  # f0, f1, l0, l1: forward / left ranges in the point's frame
_LPoint = tuple[int, int, int]  # f, l, direction relative to the point's direction
_Reserve = tuple[int, int, int, int]  # corners of the two squares in front of a point


class _Template(NamedTuple):
    """A way to lay a tile on a point, in the point's frame (f forward, l to the left)."""

    rank: int  # 0 straight on, 1 turned, 2 alongside / beside / double slid a little, 3 slid
    box: _LRect
    near: _LRect  # single: the matching half; double: the half on its branch A side
    far: _LRect
    turn: int  # the tile's line direction relative to the point's
    points: tuple[tuple[int, _LPoint], ...]  # (role, point): single 0 = free end; double sides


# Singles. Role 0 is the free end.
_S_STRAIGHT = _Template(0, (0, 4, -1, 1), (0, 2, -1, 1), (2, 4, -1, 1), 0, ((0, (4, 0, 0)),))
_S_CORNER_L = _Template(1, (0, 2, -1, 3), (0, 2, -1, 1), (0, 2, 1, 3), _LEFT,
                        ((0, (1, 3, _LEFT)),))
_S_CORNER_R = _Template(1, (0, 2, -3, 1), (0, 2, -1, 1), (0, 2, -3, -1), _RIGHT,
                        ((0, (1, -3, _RIGHT)),))
_S_ALONG_L = _Template(2, (-2, 0, 1, 5), (-2, 0, 1, 3), (-2, 0, 3, 5), _LEFT,
                       ((0, (-1, 5, _LEFT)),))
_S_ALONG_R = _Template(2, (-2, 0, -5, -1), (-2, 0, -3, -1), (-2, 0, -5, -3), _RIGHT,
                       ((0, (-1, -5, _RIGHT)),))


# Turning on a double's straight side (4 ticks long): the matching half lies against the end
# of that side, so that the other half does not touch the double.
_S_CORNER_L2 = _Template(1, (0, 2, 0, 4), (0, 2, 0, 2), (0, 2, 2, 4), _LEFT,
                         ((0, (1, 4, _LEFT)),))
_S_CORNER_R2 = _Template(1, (0, 2, -4, 0), (0, 2, -2, 0), (0, 2, -4, -2), _RIGHT,
                         ((0, (1, -4, _RIGHT)),))


def _s_slid(o: int) -> _Template:
    return _Template(3, (0, 4, o - 1, o + 1), (0, 2, o - 1, o + 1), (2, 4, o - 1, o + 1), 0,
                     ((0, (4, o, 0)),))


# Doubles. Roles 1..3 are straight B, branch A, branch B (straight A joins).
def _d_slid(o: int, rank: int) -> _Template:
    return _Template(rank, (0, 2, o - 2, o + 2), (0, 2, o, o + 2), (0, 2, o - 2, o), 0,
                     ((1, (2, o, 0)), (2, (1, o + 2, _LEFT)), (3, (1, o - 2, _RIGHT))))


# A double beside its anchor's end half (touching only that half), its line turned.
_D_BESIDE_L = _Template(2, (-2, 2, 1, 3), (-2, 0, 1, 3), (0, 2, 1, 3), _LEFT,
                        ((1, (0, 3, _LEFT)), (2, (-2, 2, _BACK)), (3, (2, 2, 0))))
_D_BESIDE_R = _Template(2, (-2, 2, -3, -1), (0, 2, -3, -1), (-2, 0, -3, -1), _RIGHT,
                        ((1, (0, -3, _RIGHT)), (2, (2, -2, 0)), (3, (-2, -2, _BACK))))

# Candidate lists by (tile kind, anchor kind). Edge half-widths: a single's end and a branch
# are 2 ticks wide, a double's straight side 4: slides keep the matching halves touching.
_SINGLE_ON_END = (_S_STRAIGHT, _S_CORNER_L, _S_CORNER_R, _S_ALONG_L, _S_ALONG_R,
                  _s_slid(1), _s_slid(-1))
_SINGLE_ON_BRANCH = (_S_STRAIGHT, _S_CORNER_L, _S_CORNER_R, _s_slid(1), _s_slid(-1))
_SINGLE_ON_STRAIGHT = (_S_STRAIGHT, _S_CORNER_L2, _S_CORNER_R2, _s_slid(1), _s_slid(-1),
                       _s_slid(2), _s_slid(-2))
_DOUBLE_ON_END = (_d_slid(0, 0), _d_slid(1, 2), _d_slid(-1, 2), _D_BESIDE_L, _D_BESIDE_R,
                  _d_slid(2, 3), _d_slid(-2, 3))
_DOUBLE_SIDES = (_SA, _SB, _BA, _BB)


class _Placed(NamedTuple):
    """A candidate position, in global ticks, with its cost (lower is better)."""

    cost: tuple[int, int, int, int]
    box: _Rect
    near: _Rect
    far: _Rect
    direction: int
    points: tuple[tuple[int, _Point], ...]


def _rect(px: int, py: int, d: int, r: _LRect) -> _Rect:
    f0, f1, l0, l1 = r
    dx, dy = _DX[d], _DY[d]
    lft = (d + _LEFT) & 3
    lx, ly = _DX[lft], _DY[lft]
    xa, xb = px + f0 * dx + l0 * lx, px + f1 * dx + l1 * lx
    ya, yb = py + f0 * dy + l0 * ly, py + f1 * dy + l1 * ly
    if xa > xb:
        xa, xb = xb, xa
    if ya > yb:
        ya, yb = yb, ya
    return xa, ya, xb - xa, yb - ya


def _point(px: int, py: int, d: int, p: _LPoint) -> _Point:
    f, left, turn = p
    lft = (d + _LEFT) & 3
    return (px + f * _DX[d] + left * _DX[lft], py + f * _DY[d] + left * _DY[lft],
            (d + turn) & 3)


# Precomputed templates per point direction, as offsets from the point: (template, box, near,
# far, line direction, points), so that laying a candidate is a few additions.
_Pre = tuple[_Template, _Rect, _Rect, _Rect, int, tuple[tuple[int, _Point], ...]]


def _precompute(templates: tuple[_Template, ...]) -> tuple[tuple[_Pre, ...], ...]:
    out = []
    for d in range(4):
        out.append(tuple(
            (t, _rect(0, 0, d, t.box), _rect(0, 0, d, t.near), _rect(0, 0, d, t.far),
             (d + t.turn) & 3, tuple((role, _point(0, 0, d, p)) for role, p in t.points))
            for t in templates))
    return tuple(out)


_PRE_SINGLE_ON_END = _precompute(_SINGLE_ON_END)
_PRE_SINGLE_ON_BRANCH = _precompute(_SINGLE_ON_BRANCH)
_PRE_SINGLE_ON_STRAIGHT = _precompute(_SINGLE_ON_STRAIGHT)
_PRE_DOUBLE_ON_END = _precompute(_DOUBLE_ON_END)

_SEARCH_BUDGET = 200_000
"""Candidate positions tried by the depth-first search before it gives up (never reached in
the benchmarks; see ``benchmarks/bench_geometry.py``)."""


class _Table:
    """The tiles down so far: an occupancy bit mask per row of ticks, and for every connection
    point not used yet (open ones and branches still to open) its reserved squares (see
    :func:`_reserve`)."""

    __slots__ = ("occ", "marks")

    def __init__(self) -> None:
        self.occ: dict[int, int] = {}
        self.marks: dict[tuple[Tile, Side], _Reserve] = {}

    def free(self, x: int, y: int, w: int, h: int) -> bool:
        mask = ((1 << w) - 1) << (x + _OFF)
        get = self.occ.get
        for row in range(y, y + h):
            if get(row, 0) & mask:
                return False
        return True

    def toggle(self, x: int, y: int, w: int, h: int) -> None:
        mask = ((1 << w) - 1) << (x + _OFF)
        occ = self.occ
        for row in range(y, y + h):
            occ[row] = occ.get(row, 0) ^ mask

    def covered(self, box: _Rect) -> tuple[int, int]:
        """How many reserved mark squares *box* overlaps, and how many of the squares in front
        of them (where a tile laid straight on would lie)."""
        x, y, w, h = box
        x1, y1 = x + w, y + h
        n = r = 0
        for mx, my, rx, ry in self.marks.values():
            if mx < x1 and x < mx + 2 and my < y1 and y < my + 2:
                n += 1
            elif rx < x1 and x < rx + 2 and ry < y1 and y < ry + 2:
                r += 1
        return n, r


def _reserve(p: _Point) -> _Reserve:
    """The top left corners of the square in front of a point (2 × 2 ticks, where its mark is
    drawn and a tile placed there begins) and of the square after it."""
    x, y, d = p
    return x + _DX[d] - 1, y + _DY[d] - 1, x + 3 * _DX[d] - 1, y + 3 * _DY[d] - 1


def _candidates(table: _Table, pre: tuple[_Pre, ...], px: int, py: int,
                straight_only: bool, blocked: list[_Rect]) -> tuple[list[_Placed], bool]:
    """The free positions for a tile on the point at ``(px, py)``, best first, and whether
    the list is complete; the boxes of the positions that are taken go to *blocked*.

    With *straight_only*, return just the straight position when it is free and covers or
    blocks no mark (nothing can beat it then: the rest is only needed if the search comes
    back), else all of them.
    """
    out: list[_Placed] = []
    free = table.free
    for index, (t, b, n, f, direction, pts) in enumerate(pre):
        box = (b[0] + px, b[1] + py, b[2], b[3])
        if not free(*box):
            blocked.append(box)
            straight_only = False
            continue
        gpts = tuple((role, (x + px, y + py, d)) for role, (x, y, d) in pts)
        # crowding: 2 for each mark square it covers and for each of its own mark squares that
        # is taken, 1 for each square in front of a mark (room for a tile laid straight on)
        covered, runway = table.covered(box)
        crowding = 2 * covered + runway
        out_x = out_y = 0
        for _, (x, y, d) in gpts:
            dx, dy = _DX[d], _DY[d]
            if not free(x + dx - 1, y + dy - 1, 2, 2):
                crowding += 2
            if not free(x + 3 * dx - 1, y + 3 * dy - 1, 2, 2):
                crowding += 1
            out_x += x
            out_y += y
        k = len(gpts)
        outwards = -(out_x * out_x + out_y * out_y) // (k * k)
        cost = (2 * crowding + t.rank, t.rank, outwards, index)
        out.append(_Placed(cost,
                           box, (n[0] + px, n[1] + py, n[2], n[3]),
                           (f[0] + px, f[1] + py, f[2], f[3]), direction, gpts))
        if straight_only:
            if not crowding:
                return out, False
            straight_only = False
    out.sort()
    return out, True


class _Anchor(NamedTuple):
    """How a tile joins: the anchor's point, the index of the anchor tile, the templates."""

    key: tuple[Tile, Side]
    parent: int
    pre: tuple[tuple[_Pre, ...], ...]


def _opening(tile: Tile) -> _Placed:
    if tile.is_double:  # crosswise, straight A west, straight B east, branch A north
        return _Placed((0, 0, 0, 0), (-1, -2, 2, 4), (-1, -2, 2, 2), (-1, 0, 2, 2), 0,
                       ((0, (-1, 0, 2)), (1, (1, 0, 0)), (2, (0, -2, 3)), (3, (0, 2, 1))))
    # level: low half west, high half east (roles: see _role_sides)
    return _Placed((0, 0, 0, 0), (-2, -1, 4, 2), (-2, -1, 2, 2), (0, -1, 2, 2), 0,
                   ((0, (2, 0, 0)), (1, (-2, 0, 2))))


def _role_sides(tile: Tile, tile_side: Side | None) -> tuple[Side, ...]:
    """The sides of *tile* that a position's points stand for, indexed by role."""
    if tile.is_double:
        return _DOUBLE_SIDES
    if tile_side is None:
        return (_HIGH, _LOW)
    return (_HIGH,) if tile_side is _LOW else (_LOW,)


def _search(tiles: tuple[Tile, ...], anchors: list[_Anchor | None],
            sides: list[tuple[Side, ...]]
            ) -> tuple[list[_Placed], bool, dict[tuple[Tile, Side], _Point]]:
    """Lay every tile in order, each from the positions of the tiles before it.

    Normally every tile takes its best free position (greedy). If a tile finds none, the search
    backtracks: a depth-first search over the same ordered candidates with conflict-directed
    backjumping (it jumps straight back to the latest tile whose position, or whose ancestors'
    positions, took the stuck tile's places). It is complete and deterministic, and until a
    tile gets stuck it is the greedy layout, so adding a tile moves no earlier tile unless it
    gets stuck.

    Returns the positions, whether the last tile could not be laid next to the positions found
    for the earlier ones (a re-layout), and where every connection point lies.
    """
    n = len(tiles)
    table = _Table()
    marks = table.marks
    chosen: list[_Placed] = []
    lists: list[list[_Placed]] = [[] for _ in range(n)]
    nexts = [0] * n
    complete = [False] * n  # lists[i] holds every candidate (not just the straight one)
    blocked: list[list[_Rect]] = [[] for _ in range(n)]
    conflicts = [0] * n  # bit set of earlier tiles whose positions limit tile i
    ancestry = [0] * n  # bit set of the tiles tile i hangs from (they fix its candidates)
    for i, anchor in enumerate(anchors):
        if anchor is not None:
            ancestry[i] = ancestry[anchor.parent] | 1 << anchor.parent
    saved: list[_Reserve] = [(0, 0, 0, 0)] * n
    positions: dict[tuple[Tile, Side], _Point] = {}
    relayout = reached_last = False
    budget = _SEARCH_BUDGET
    i = 0
    entering = True
    while i < n:
        tile = tiles[i]
        anchor = anchors[i]
        if entering:
            reached_last = reached_last or i == n - 1
            conflicts[i] = ancestry[i]
            blocked[i] = []
            if anchor is None:
                lists[i] = [_opening(tile)]
                complete[i] = True
            else:
                saved[i] = marks.pop(anchor.key)
                px, py, d = positions[anchor.key]
                lists[i], complete[i] = _candidates(table, anchor.pre[d], px, py, True,
                                                    blocked[i])
            nexts[i] = 0
        elif not complete[i] and anchor is not None:
            px, py, d = positions[anchor.key]
            lists[i], complete[i] = _candidates(table, anchor.pre[d], px, py, False, blocked[i])
            nexts[i] = 1  # the straight position came first and was tried already
        if nexts[i] < len(lists[i]):
            budget -= 1
            if budget < 0:
                raise RuntimeError("no overlap-free layout found within the search budget")
            placed = lists[i][nexts[i]]
            nexts[i] += 1
            table.toggle(*placed.box)
            role_sides = sides[i]
            for role, p in placed.points:
                key = (tile, role_sides[role])
                positions[key] = p
                marks[key] = _reserve(p)
            chosen.append(placed)
            i += 1
            entering = True
            continue
        # No free position left for tile i: jump back to the latest tile in its conflict set.
        conflict = conflicts[i]
        for bx, by, bw, bh in blocked[i]:
            for j, other in enumerate(chosen):
                ox, oy, ow, oh = other.box
                if ox < bx + bw and bx < ox + ow and oy < by + bh and by < oy + oh:
                    conflict |= 1 << j | ancestry[j]
        back = conflict.bit_length() - 1
        if back < 0:
            raise RuntimeError("no overlap-free layout exists for these tiles")
        if reached_last:
            relayout = True  # the tiles before the last one move
        if anchor is not None:
            marks[anchor.key] = saved[i]
        while i > back:
            i -= 1
            placed = chosen.pop()
            table.toggle(*placed.box)
            for role, _ in placed.points:
                del marks[(tiles[i], sides[i][role])]
            if i > back:
                a = anchors[i]
                if a is not None:
                    marks[a.key] = saved[i]
        conflicts[back] |= conflict & ~(1 << back)
        entering = False
    return chosen, relayout, positions


def _scaled(r: _Rect) -> Box:
    return Box(r[0] * _TICK, r[1] * _TICK, r[2] * _TICK, r[3] * _TICK)


def layout_geometry(layout: Layout) -> Geometry:
    """Where every tile of *layout* lies and where its open points are marked.

    Deterministic: the same layout always gives the same geometry. Earlier tiles keep their
    boxes when a tile is added, unless no free position exists for it (then
    ``relayout`` is True). Boxes never overlap (touching is fine). For an empty layout the
    bounds are an empty box at the origin.
    """
    tiles = layout.tiles
    anchors: list[_Anchor | None] = []
    sides: list[tuple[Side, ...]] = []
    joins: list[Side | None] = []
    index: dict[Tile, int] = {}
    for tile in tiles:
        index[tile] = len(index)
        conn = layout.joined_by(tile)
        if conn is None:
            anchors.append(None)
            sides.append(_role_sides(tile, None))
            joins.append(None)
            continue
        if tile.is_double:
            pre = _PRE_DOUBLE_ON_END
        elif not conn.anchor.is_double:
            pre = _PRE_SINGLE_ON_END
        elif conn.anchor_side.is_straight:
            pre = _PRE_SINGLE_ON_STRAIGHT
        else:
            pre = _PRE_SINGLE_ON_BRANCH
        anchors.append(_Anchor((conn.anchor, conn.anchor_side), index[conn.anchor], pre))
        sides.append(_role_sides(tile, conn.tile_side))
        joins.append(conn.tile_side)
    chosen, relayout, positions = _search(tiles, anchors, sides) if tiles else ([], False, {})

    out: dict[Tile, TileGeometry] = {}
    x0 = y0 = x1 = y1 = 0
    for tile, placed, join in zip(tiles, chosen, joins, strict=True):
        bx, by, bw, bh = placed.box
        x0, y0, x1, y1 = min(x0, bx), min(y0, by), max(x1, bx + bw), max(y1, by + bh)
        near, far = _scaled(placed.near), _scaled(placed.far)
        if join is _HIGH:
            near, far = far, near
        out[tile] = TileGeometry(tile, _scaled(placed.box), near, far, tile.is_double,
                                 _NAMES[placed.direction])
    points: dict[tuple[Tile, Side], PointGeometry] = {}
    for tile, side, _ in layout.open_points():
        px, py, d = positions[(tile, side)]
        cx, cy = px + _DX[d], py + _DY[d]
        x0, y0, x1, y1 = min(x0, cx - 1), min(y0, cy - 1), max(x1, cx + 1), max(y1, cy + 1)
        points[(tile, side)] = PointGeometry(tile, side, cx * _TICK, cy * _TICK, _NAMES[d])
    free: dict[tuple[Tile, Side], PointGeometry] = {}
    for (tile, side), (px, py, d) in positions.items():
        joined = layout.joined_by(tile)
        if layout.child(tile, side) is not None or (joined is not None
                                                     and side is joined.tile_side):
            continue
        free[(tile, side)] = points.get((tile, side)) or PointGeometry(
            tile, side, (px + _DX[d]) * _TICK, (py + _DY[d]) * _TICK, _NAMES[d])
    bounds = _scaled((x0, y0, x1 - x0, y1 - y0)) if tiles else Box(0.0, 0.0, 0.0, 0.0)
    return Geometry(out, points, bounds, relayout, free)


def layout_boxes(layout: Layout) -> dict[Tile, Box]:
    """Every placed tile's box (see :func:`layout_geometry`)."""
    return {t: g.box for t, g in layout_geometry(layout).tiles.items()}
