"""Layout geometry: tiles laid as on a table, touching their anchors, never overlapping.

Rules: R9 (a placement matches one half to an open point), R10 (doubles crosswise, four
connection points: straights continue the line, branches leave at right angles), R11 (branches
open after both straights), R12 (a single joins by its matching end).

Definitions the tests check (see :mod:`horserace_nb.render.geometry`):

- two boxes *touch* when they share an edge segment of positive length;
- the *matching half* of a single is the half showing the number of the side it joins by
  (``low_half`` for its low end); both halves of a double show its number;
- a child's matching half touches its anchor's half at that point: for a single anchor the half
  showing the anchor side's number, and the child touches nothing else of the anchor; for a
  double anchor the edge on that side: straight B faces the double's ``direction``, straight A
  the opposite way, branch A the left-hand side looking along ``direction``, branch B the
  right-hand side; a branch is the short end of the half on its side (``low_half`` is the half
  on the branch A side);
- a double child joins by its straight A, the edge facing away from its ``direction``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from horserace_nb.core.layout import Layout
from horserace_nb.core.tiles import Side, Tile
from horserace_nb.render.geometry import (
    UNIT,
    Box,
    Geometry,
    TileGeometry,
    layout_boxes,
    layout_geometry,
)

LEFT_OF = {"E": "N", "N": "W", "W": "S", "S": "E"}  # on the screen, y downwards
RIGHT_OF = {v: k for k, v in LEFT_OF.items()}
OPPOSITE = {"E": "W", "W": "E", "N": "S", "S": "N"}

Placement = tuple[Tile | str, Tile | str | None, Side | str | None]
DOCUMENTED: list[Placement] = [
    ("[1|4]", None, None), ("[1|1]", "[1|4]", "low"), ("[4|4]", "[1|4]", "high"),
    ("[3|4]", "[4|4]", "straight_b"), ("[1|2]", "[1|1]", "straight_b"),
    ("[1|5]", "[1|1]", "branch_a"), ("[5|5]", "[1|5]", "high"),
    ("[0|5]", "[5|5]", "straight_b"), ("[1|3]", "[1|1]", "branch_b")]


# ------------------------------------------------------------------------------ helpers
def random_full_layout(rng: random.Random, doubles_first: bool = False) -> Layout:
    """A maximal random layout (see :meth:`Layout.random`)."""
    return Layout.random(rng, doubles_first=doubles_first)


def prefixes(layout: Layout) -> Iterator[Layout]:
    """The layout after each placement, in placement order."""
    prefix = Layout()
    for placement in layout.placements():
        prefix.place(*placement)
        yield prefix


def shared(a: Box, b: Box) -> float:
    """The length of the edge segment two boxes share (0 if they do not touch along an edge)."""
    if a.x + a.w == b.x or b.x + b.w == a.x:
        return max(0.0, min(a.y + a.h, b.y + b.h) - max(a.y, b.y))
    if a.y + a.h == b.y or b.y + b.h == a.y:
        return max(0.0, min(a.x + a.w, b.x + b.w) - max(a.x, b.x))
    return 0.0


def on_edge(anchor: Box, child: Box, facing: str) -> bool:
    """True if *child* touches *anchor* along the edge of *anchor* facing *facing*."""
    if facing == "E":
        edge = child.x == anchor.x + anchor.w
    elif facing == "W":
        edge = child.x + child.w == anchor.x
    elif facing == "S":
        edge = child.y == anchor.y + anchor.h
    else:
        edge = child.y + child.h == anchor.y
    return edge and shared(anchor, child) > 0


def side_facing(g: TileGeometry, side: Side) -> str:
    """The direction a double's side faces (R10; branch A on the left-hand side)."""
    return {Side.STRAIGHT_B: g.direction, Side.STRAIGHT_A: OPPOSITE[g.direction],
            Side.BRANCH_A: LEFT_OF[g.direction], Side.BRANCH_B: RIGHT_OF[g.direction]}[side]


def halves(g: TileGeometry, side: Side) -> tuple[Box, Box]:
    """(the half at *side*, the other half) of a tile."""
    if side in (Side.LOW, Side.BRANCH_A):
        return g.low_half, g.high_half
    if side in (Side.HIGH, Side.BRANCH_B):
        return g.high_half, g.low_half
    raise ValueError(side)


def inside(inner: Box, outer: Box) -> bool:
    return (outer.x <= inner.x and inner.x + inner.w <= outer.x + outer.w
            and outer.y <= inner.y and inner.y + inner.h <= outer.y + outer.h)


def mark_square(x: float, y: float) -> Box:
    return Box(x - UNIT / 2, y - UNIT / 2, UNIT, UNIT)


def check_layout(layout: Layout, geometry: Geometry) -> None:
    """Every property a picture of the layout relies on (R9–R12)."""
    tiles = geometry.tiles
    assert list(tiles) == list(layout.tiles)
    items = list(tiles.values())
    # no two tiles overlap (touching is fine)
    for k, a in enumerate(items):
        for b in items[k + 1:]:
            assert not a.box.overlaps(b.box), (a, b)
    for g in items:
        # shape: a single 2 × 1 along its line, a double crosswise (R10)
        along = g.direction in ("E", "W")
        long_w = (g.box.w, g.box.h) == (2 * UNIT, UNIT)
        long_h = (g.box.w, g.box.h) == (UNIT, 2 * UNIT)
        assert long_w or long_h, g
        assert g.crosswise is g.tile.is_double
        assert (long_w == along) is not g.tile.is_double, g
        # the halves: two squares that make up the box
        for half in (g.low_half, g.high_half):
            assert (half.w, half.h) == (UNIT, UNIT) and inside(half, g.box)
        assert not g.low_half.overlaps(g.high_half)
    for conn in layout.connections():
        a, c = tiles[conn.anchor], tiles[conn.tile]
        if conn.tile.is_double:  # joins by straight A, its edge facing back (R10)
            assert on_edge(c.box, a.box, OPPOSITE[c.direction]), conn
            child_match, child_other = c.box, None
        else:
            child_match, child_other = halves(c, conn.tile_side)
        if conn.anchor.is_double:
            facing = side_facing(a, conn.anchor_side)
            assert on_edge(a.box, child_match, facing), conn
            if conn.anchor_side.is_branch:  # the short end of the half on that side
                assert shared(halves(a, conn.anchor_side)[0], child_match) > 0, conn
            else:  # straights continue the line; branches leave at right angles (R10)
                assert facing in (a.direction, OPPOSITE[a.direction])
        else:  # R9, R12: the matching halves face each other, nothing else touches
            anchor_match, anchor_other = halves(a, conn.anchor_side)
            assert shared(anchor_match, child_match) > 0, conn
            assert shared(anchor_other, c.box) == 0, conn
        if child_other is not None:
            assert shared(child_other, a.box) == 0, conn
    # open points: the mark square lies just outside the tile at that point
    assert [(t, s) for t, s, _ in layout.open_points()] == list(geometry.points)
    for (tile, side), p in geometry.points.items():
        g = tiles[tile]
        mark = mark_square(p.x, p.y)
        assert not mark.overlaps(g.box)
        if tile.is_double:
            assert p.direction == side_facing(g, side)
            assert on_edge(g.box, mark, p.direction)
            if side.is_branch:
                assert shared(halves(g, side)[0], mark) == UNIT
        else:
            assert shared(halves(g, side)[0], mark) == UNIT
            assert on_edge(g.box, mark, p.direction)
    # the bounds hold every tile and every point mark
    for g in items:
        assert inside(g.box, geometry.bounds)
    for p in geometry.points.values():
        assert inside(mark_square(p.x, p.y), geometry.bounds)


def boxes(geometry: Geometry) -> list[tuple[Tile, Box, Box, Box, str]]:
    return [(t, g.box, g.low_half, g.high_half, g.direction) for t, g in geometry.tiles.items()]


@pytest.fixture(scope="module")
def random_layouts() -> list[Layout]:
    """2,000 uniformly random full layouts and 400 spinner-heavy ones (seeded)."""
    return ([random_full_layout(random.Random(seed)) for seed in range(2000)]
            + [random_full_layout(random.Random(seed), doubles_first=True)
               for seed in range(400)])


# ------------------------------------------------------------------------------ random layouts
def test_random_full_layouts_never_overlap_and_touch_their_anchors_R9_R10_R12(
        random_layouts: list[Layout]) -> None:
    """No two tiles overlap; each touches its anchor with the matching halves; doubles lie
    crosswise (R10), singles 2:1 along their line; point marks sit just outside their point."""
    assert sum(len(layout) == 28 for layout in random_layouts) > 300
    for layout in random_layouts:
        check_layout(layout, layout_geometry(layout))


def test_layout_is_stable_while_tiles_are_added_R10(random_layouts: list[Layout]) -> None:
    """Laying a tile moves no earlier tile, and ``relayout`` is set exactly when it does;
    every step is a valid layout of its own."""
    moved = placements = 0
    for layout in random_layouts[:2000:10] + random_layouts[2000:2200]:
        before: list[tuple[Tile, Box, Box, Box, str]] = []
        for prefix in prefixes(layout):
            geometry = layout_geometry(prefix)
            now = boxes(geometry)
            changed = now[:len(before)] != before
            assert geometry.relayout is changed, list(prefix.tiles)
            if changed:
                moved += 1
                check_layout(prefix, geometry)
            before = now
            placements += 1
    # spinner-heavy layouts do need the occasional re-layout; they stay rare
    assert 0 < moved * 100 < placements


def test_same_layout_same_geometry(random_layouts: list[Layout]) -> None:
    """Deterministic: the same layout gives equal geometry, also when built separately."""
    for layout in random_layouts[:300]:
        first = layout_geometry(layout)
        again = layout_geometry(layout)
        rebuilt = Layout.from_placements(layout.placements())
        separate = layout_geometry(rebuilt)
        assert boxes(first) == boxes(again) == boxes(separate)
        assert list(first.points.items()) == list(separate.points.items())
        assert first.bounds == separate.bounds
        assert layout_boxes(layout) == {t: g.box for t, g in first.tiles.items()}


def test_open_point_marks_stay_clear_of_tiles(random_layouts: list[Layout]) -> None:
    """A point's mark (the square in front of it, where the next tile would begin) is kept free
    of tiles wherever the layout can: lines turn before they cover another point's square."""
    covered = total = 0
    for layout in random_layouts:
        geometry = layout_geometry(layout)
        tile_boxes = [g.box for g in geometry.tiles.values()]
        for p in geometry.points.values():
            total += 1
            covered += any(mark_square(p.x, p.y).overlaps(box) for box in tile_boxes)
    assert covered * 100 < total  # under 1%, in crowded corners only


# ------------------------------------------------------------------------------ examples
def test_documented_sequence_lies_as_a_person_lays_it_R10_R11() -> None:
    """The worked examples' sequence: [1|4] level, [1|1] and [4|4] crosswise at its ends and
    centred on its line (R10), [3|4] and [1|2] continue the line, branches at right angles."""
    layout = Layout.from_placements(DOCUMENTED)
    geometry = layout_geometry(layout)
    check_layout(layout, geometry)
    assert not geometry.relayout
    g = {str(t): tg for t, tg in geometry.tiles.items()}
    opening = g["[1|4]"].box
    assert (opening.w, opening.h) == (2 * UNIT, UNIT) and g["[1|4]"].direction == "E"
    assert opening.x < 0 < opening.x + opening.w and opening.y < 0 < opening.y + opening.h
    assert g["[1|4]"].low_half.x < g["[1|4]"].high_half.x  # low end on the left
    line_y = opening.y + opening.h / 2

    def centre_y(box: Box) -> float:
        return box.y + box.h / 2

    def centre_x(box: Box) -> float:
        return box.x + box.w / 2

    one, four = g["[1|1]"].box, g["[4|4]"].box
    assert (one.w, one.h) == (four.w, four.h) == (UNIT, 2 * UNIT)  # crosswise: upright
    assert one.x + one.w == opening.x and centre_y(one) == line_y
    assert four.x == opening.x + opening.w and centre_y(four) == line_y
    three_four = g["[3|4]"]
    assert three_four.box.x == four.x + four.w and centre_y(three_four.box) == line_y
    assert (three_four.box.w, three_four.box.h) == (2 * UNIT, UNIT)
    assert three_four.high_half.x < three_four.low_half.x  # the 4 against [4|4]
    one_two = g["[1|2]"]
    assert one_two.box.x + one_two.box.w == one.x and centre_y(one_two.box) == line_y
    # [1|1]'s line runs west, so branch A (left-hand side) is south, branch B north
    assert g["[1|1]"].direction == "W"
    one_five, one_three = g["[1|5]"].box, g["[1|3]"].box
    assert one_five.y == one.y + one.h and centre_x(one_five) == centre_x(one)
    assert one_three.y + one_three.h == one.y and centre_x(one_three) == centre_x(one)
    five = g["[5|5]"].box
    assert (five.w, five.h) == (2 * UNIT, UNIT) and five.y == one_five.y + one_five.h
    assert centre_x(five) == centre_x(one_five)
    assert g["[0|5]"].box.y == five.y + five.h


def test_each_documented_step_keeps_earlier_tiles_in_place() -> None:
    previous: dict[Tile, Box] = {}
    for prefix in prefixes(Layout.from_placements(DOCUMENTED)):
        geometry = layout_geometry(prefix)
        assert not geometry.relayout
        now = {t: g.box for t, g in geometry.tiles.items()}
        assert all(now[t] == box for t, box in previous.items())
        previous = now


def test_opening_double_is_crosswise_with_both_straights_open_R10() -> None:
    """A double that opens the hand stands crosswise; straight A and B lie along the line."""
    layout = Layout.from_placements([("[2|2]", None, None)])
    geometry = layout_geometry(layout)
    check_layout(layout, geometry)
    g = geometry.tiles[Tile(2, 2)]
    assert (g.box.w, g.box.h) == (UNIT, 2 * UNIT)
    points = geometry.points
    assert set(points) == {(Tile(2, 2), Side.STRAIGHT_A), (Tile(2, 2), Side.STRAIGHT_B)}
    assert points[(Tile(2, 2), Side.STRAIGHT_A)].direction == "W"
    assert points[(Tile(2, 2), Side.STRAIGHT_B)].direction == "E"


def test_single_then_double_and_branches_at_right_angles_R10_R11() -> None:
    """[3|6] + [6|6]: the double crosswise at the high end; once both straights are filled its
    branches open at right angles to the line (R11), branch A on the left-hand side."""
    layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
    geometry = layout_geometry(layout)
    check_layout(layout, geometry)
    six = geometry.tiles[Tile(6, 6)]
    assert six.box.x == geometry.tiles[Tile(3, 6)].box.x + 2 * UNIT
    assert set(geometry.points) == {(Tile(3, 6), Side.LOW), (Tile(6, 6), Side.STRAIGHT_B)}
    layout.place("[2|6]", "[6|6]", "straight_b")
    layout.place("[1|3]", "[3|6]", "low")
    geometry = layout_geometry(layout)
    check_layout(layout, geometry)
    branch_a = geometry.points[(Tile(6, 6), Side.BRANCH_A)]
    branch_b = geometry.points[(Tile(6, 6), Side.BRANCH_B)]
    assert (branch_a.direction, branch_b.direction) == ("N", "S")
    assert branch_a.x == branch_b.x == six.box.x + UNIT / 2
    assert branch_a.y < six.box.y < six.box.y + six.box.h < branch_b.y


def test_empty_layout_has_no_geometry() -> None:
    geometry = layout_geometry(Layout())
    assert geometry.tiles == {} and geometry.points == {} and not geometry.relayout
    assert geometry.bounds == Box(0.0, 0.0, 0.0, 0.0)


def test_a_blocked_line_turns_like_a_tile_laid_round_a_corner_R9_R10() -> None:
    """A line that would run into another tile turns: the tile's matching half stays in the
    square in front of the point and the line goes on at a right angle (R9)."""
    layout = Layout.from_placements([
        ("[1|1]", None, None), ("[1|2]", "[1|1]", "straight_a"),
        ("[1|3]", "[1|1]", "straight_b"), ("[3|3]", "[1|3]", "high"),
        ("[3|5]", "[3|3]", "straight_b"), ("[3|6]", "[3|3]", "branch_a"),
        ("[2|6]", "[3|6]", "high"), ("[1|4]", "[1|1]", "branch_a"),
        ("[4|4]", "[1|4]", "high"), ("[4|5]", "[4|4]", "straight_b")])
    before = layout_geometry(layout)
    point = before.points[(Tile(4, 4), Side.BRANCH_B)]
    mark = mark_square(point.x, point.y)
    step = {"E": (UNIT, 0.0), "W": (-UNIT, 0.0), "S": (0.0, UNIT), "N": (0.0, -UNIT)}
    dx, dy = step[point.direction]
    straight_on = Box(min(mark.x, mark.x + dx), min(mark.y, mark.y + dy),
                      UNIT + abs(dx), UNIT + abs(dy))
    assert straight_on.overlaps(before.tiles[Tile(2, 6)].box)  # the way is blocked

    layout.place("[0|4]", "[4|4]", "branch_b")
    after = layout_geometry(layout)
    check_layout(layout, after)
    assert not after.relayout
    turned = after.tiles[Tile(0, 4)]
    assert turned.high_half == mark  # the 4 against [4|4]'s branch B
    assert turned.direction in (LEFT_OF[point.direction], RIGHT_OF[point.direction])
