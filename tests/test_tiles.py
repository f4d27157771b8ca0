"""Tiles and sides (R1, R10, R12)."""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest

from horserace_nb import FULL_SET, Side, Tile
from horserace_nb.core.tiles import SIDE_ORDER


def test_r1_full_set_has_28_distinct_tiles_from_0_0_to_6_6() -> None:
    assert len(FULL_SET) == 28
    assert len(set(FULL_SET)) == 28
    pairs = {(t.low, t.high) for t in FULL_SET}
    assert pairs == {(a, b) for a in range(7) for b in range(a, 7)}
    assert str(FULL_SET[0]) == "[0|0]" and str(FULL_SET[-1]) == "[6|6]"


def test_r1_seven_doubles_and_pip_totals() -> None:
    doubles = [t for t in FULL_SET if t.is_double]
    assert [str(t) for t in doubles] == [f"[{n}|{n}]" for n in range(7)]
    # every number appears on 8 halves of the set: 7 tiles, the double showing it twice
    for n in range(7):
        assert sum((t.low == n) + (t.high == n) for t in FULL_SET) == 8
    assert sum(t.pips for t in FULL_SET) == 168
    assert Tile(2, 2).pips == 4 and Tile(1, 4).pips == 5


def test_r1_a_tile_is_written_low_then_high_and_is_one_object() -> None:
    assert Tile(4, 1) is Tile(1, 4)
    assert str(Tile(4, 1)) == "[1|4]"
    assert (Tile(4, 1).low, Tile(4, 1).high) == (1, 4)
    assert Tile(4, 1) == Tile(1, 4) and hash(Tile(4, 1)) == hash(Tile(1, 4))


@pytest.mark.parametrize("text", ["[1|4]", "[4|1]", "1-4", "4|1", " [ 1 | 4 ] ", "4-1"])
def test_r1_parse_accepts_the_usual_ways_of_writing_a_tile(text: str) -> None:
    assert Tile.parse(text) is Tile(1, 4)


@pytest.mark.parametrize("text", ["[7|1]", "[1|44]", "x", "", "[1|]", "1", "[-1|2]", "[1|4|5]"])
def test_r1_parse_refuses_what_is_not_a_double_six_tile(text: str) -> None:
    with pytest.raises(ValueError, match="R1"):
        Tile.parse(text)


@pytest.mark.parametrize("pair", [(7, 0), (-1, 3), (0, 7), (1.5, 2), (1.0, 2), (True, 1), ("1", 2)])
def test_r1_constructor_refuses_numbers_outside_0_to_6(pair: tuple[object, object]) -> None:
    with pytest.raises(ValueError, match="R1"):
        Tile(*pair)  # type: ignore[arg-type]


def test_r1_tiles_are_ordered_low_number_then_high_number() -> None:
    shuffled = sorted(FULL_SET, key=lambda t: (t.high * 7 + t.low) % 11)
    assert sorted(shuffled) == sorted(FULL_SET, key=lambda t: (t.low, t.high))
    assert Tile(0, 6) < Tile(1, 1) < Tile(1, 2)
    assert list(FULL_SET) == sorted(FULL_SET)


def test_r1_tiles_are_immutable_and_survive_copy_and_pickle() -> None:
    tile = Tile(3, 5)
    with pytest.raises(AttributeError):
        tile.low = 1  # type: ignore[misc]
    assert copy.copy(tile) is tile and copy.deepcopy(tile) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_r12_a_single_has_a_low_end_and_a_high_end() -> None:
    tile = Tile(1, 4)
    assert set(tile.sides()) == {Side.LOW, Side.HIGH}
    assert tile.number(Side.LOW) == 1 and tile.number("high") == 4
    assert tile.other(1) == 4 and tile.other(4) == 1
    with pytest.raises(ValueError, match="R12"):
        tile.number(Side.BRANCH_A)
    with pytest.raises(ValueError):
        tile.other(2)


def test_r10_a_double_has_four_connection_points_showing_its_number() -> None:
    tile = Tile(4, 4)
    assert set(tile.sides()) == {Side.STRAIGHT_A, Side.STRAIGHT_B, Side.BRANCH_A, Side.BRANCH_B}
    assert all(tile.number(s) == 4 for s in tile.sides())


def test_sides_are_named_by_their_saved_values_and_coerced() -> None:
    assert {s.value for s in Side} == {"low", "high", "straight_a", "straight_b", "branch_a",
                                       "branch_b"}
    for side in Side:
        assert Side.coerce(side.value) is side and Side.coerce(side) is side
    with pytest.raises(ValueError, match="not a side"):
        Side.coerce("north")


def test_side_order_is_alphabetical_by_english_name() -> None:
    """RULES.md (worked examples): points are listed by the side's English name in alphabetical
    order: branch A, branch B, high end, low end, straight A, straight B."""
    english = {Side.BRANCH_A: "branch A", Side.BRANCH_B: "branch B", Side.HIGH: "high end",
               Side.LOW: "low end", Side.STRAIGHT_A: "straight A", Side.STRAIGHT_B: "straight B"}
    assert list(SIDE_ORDER) == sorted(Side, key=lambda s: english[s])
    assert [s.code for s in SIDE_ORDER] == list(range(6))
    for a, b in itertools.combinations(SIDE_ORDER, 2):
        assert (english[a] < english[b]) == (a.code < b.code)
