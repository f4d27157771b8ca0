"""Argument checks, written once (core/validate.py): a bool or a float is not a whole number or a
seat, and the message names the parameter, says what it takes and quotes what it got, wherever
the check is used (the core, the teaching layer, the sessions, the widgets)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from horserace_nb import Game, Rules
from horserace_nb.core import validate
from horserace_nb.core.tiles import Tile
from horserace_nb.render.svg import game_svg
from horserace_nb.teaching.exercises import ExerciseSet, make_exercise
from horserace_nb.teaching.review import review_game


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, [1]])
def test_not_a_whole_number(value: object) -> None:
    assert not validate.is_whole(value)
    with pytest.raises(ValueError, match=r"^count is a whole number, not "):
        validate.whole(value, "count")


def test_bounds_and_messages() -> None:
    assert validate.whole(0, "n", low=0, high=3) == 0
    with pytest.raises(ValueError, match=r"^n is a whole number from 1 to 3, not 4$"):
        validate.whole(4, "n", low=1, high=3)
    with pytest.raises(ValueError, match=r"^hand: hands are numbered from 1, not 0$"):
        validate.whole(0, "hand", low=1, says="hands are numbered from 1")
    assert validate.seat(3, 4) == 3 and validate.is_seat(0, 2) and not validate.is_seat(True, 2)
    with pytest.raises(ValueError, match=r"^leader is a seat from 0 to 1, not True$"):
        validate.seat(True, 2, "leader")
    with pytest.raises(ValueError, match=r"^partners is True or False, not 1$"):
        validate.flag(1, "partners")
    assert validate.size(300) == 300.0
    for bad in (True, 0, -1, float("nan"), float("inf"), "300"):
        with pytest.raises(ValueError, match=r"^size is the largest width"):
            validate.size(bad)


def test_tile_sequences() -> None:
    assert validate.tiles(("[1|4]", Tile(2, 3)), "hand") == [Tile(1, 4), Tile(2, 3)]
    assert validate.hands([["1-4"], []], "hands") == [[Tile(1, 4)], []]
    with pytest.raises(ValueError, match=r"^boneyard is a list of tiles, not '\[1\|4\]'$"):
        validate.tiles("[1|4]", "boneyard")
    with pytest.raises(ValueError, match=r"^hands\[1\]: "):
        validate.hands([["[1|4]"], ["[1|9]"]], "hands")
    with pytest.raises(ValueError, match=r"has 29 tiles; the set has 28 \(R1\)"):
        validate.tiles(["[0|0]"] * 29, "hand")


def test_a_huge_value_is_refused_quickly_and_quoted_briefly() -> None:
    """Linear time at most, and the message never quotes the whole value."""
    huge = "x" * 5_000_000
    start = time.perf_counter()
    for check in (lambda: validate.whole(huge, "seed"), lambda: validate.tiles(huge, "hand"),
                  lambda: validate.size(huge)):
        with pytest.raises(ValueError) as err:
            check()
        assert len(str(err.value)) < 200
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: Game(seed=True), r"^seed is a whole number from -9007199254740991 to "
                              r"9007199254740991 \(the largest a browser keeps exactly\), "
                              r"not True$"),
    (lambda: Game(leader=2, seed=1), r"^leader is a seat from 0 to 1, not 2$"),
    (lambda: Game(partners=1), r"^partners is True or False, not 1$"),
    (lambda: Game(target=0), r"^target: the target is a positive whole number of points \(R26\)"),
    (lambda: Game(seed=1).view(1.0), r"^seat is a seat from 0 to 1, not 1.0$"),
    (lambda: Game.from_record(Game(seed=1).record(), upto=-1),
     r"^upto is a number of actions ≥ 0, not -1$"),
    (lambda: Rules(target=True), r"^Rules: target must be a whole number ≥ 1, not True$"),
    (lambda: make_exercise("total", 1.5), r"^seed is a whole number from -9007199254740991 "
                                          r"to 9007199254740991 \(the largest a browser "
                                          r"keeps exactly\), not 1.5$"),
    (lambda: ExerciseSet("total", count=0), r"^count is a whole number of exercises ≥ 1"),
    (lambda: review_game(Game(seed=1), True), r"^seat is a seat from 0 to 1, not True$"),
    (lambda: review_game(Game(seed=1), 0, hand=0),
     r"^hand is a hand of this game, from 1 to 1, not 0$"),
    (lambda: game_svg(Game(seed=1), seat=False), r"^seat is a seat from 0 to 1, not False$"),
])
def test_every_layer_says_the_same_thing(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
