"""Exercise kinds on joining (R9–R12): which connection points are open (``open``: R9–R11,
R14) and which end of a single joins (``joins``: R12).

>>> from horserace_nb.teaching.exercises import make_exercise
>>> drill = make_exercise("open", seed=3, case="line")
>>> drill.check(drill.answer).ok, drill.answer_form
(True, 'points')
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from ...core.layout import Layout
from ...core.tiles import FULL_SET, Side, Tile
from ...words.i18n import check_lang, side_name, t
from ...words.names import point_name
from .base import (
    BasicExercise,
    Exercise,
    Feedback,
    Hint,
    LayoutExercise,
    Point,
    branch_started,
    feedback,
    filled,
    hint,
    named_points,
    parse_point,
    parse_points,
    point_key,
    rules_text,
    sample,
    search,
    truncated,
    wrong,
)

__all__ = ["on_branch", "OpenPoints", "Joins", "KINDS"]


def _free_sides(layout: Layout) -> list[Point]:
    """Every side of a layout tile with nothing attached (not the side the tile joined by)."""
    out = []
    for tile in layout.tiles:
        joined = layout.joined_by(tile)
        for side in tile.sides():
            if joined is not None and side is joined.tile_side:
                continue
            if layout.child(tile, side) is None:
                out.append((tile, side))
    return out


def on_branch(layout: Layout, tile: Tile) -> bool:
    """*tile* lies on a line that leaves a spinner by a branch (R10: a double there is a
    spinner too)."""
    joined = layout.joined_by(tile)
    while joined is not None:
        if joined.anchor_side.is_branch:
            return True
        joined = layout.joined_by(joined.anchor)
    return False


class OpenPoints(LayoutExercise[frozenset[Point]]):
    """Which connection points are open? (R9, R11, R14) The choices are every free side of the
    layout's tiles; a spinner's branches are open only once both straights are filled."""

    kind = "open"
    answer_form = "points"
    rules = ("R9", "R10", "R11", "R14")
    cases = {
        "line": ("R9",),  # singles only: the two free ends
        "opening_double": ("R10", "R11"),  # the first tile a double, one straight side taken
        "straights": ("R10", "R11"),  # a double on the line: its straight B open, no branch
        "branches": ("R11", "R14"),  # a filled spinner: its unused branches are open
        "branch_double": ("R10", "R11"),  # a double on a branch is a spinner too
    }

    def _build(self, rng: random.Random) -> None:
        if self.case == "branch_double":  # a longer layout: a branch, and a double on it
            self.layout = search(rng, 6, 10, functools.partial(self._is_case, self.case))
            return
        if self.case is not None:
            self.layout = search(rng, 3, 7, functools.partial(self._is_case, self.case))
            return
        self.layout = search(rng, 3, 8, lambda layout: bool(layout.spinners()))

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        spinners = layout.spinners()
        if case == "line":
            return not spinners and len(layout) <= 6
        full = [d for d in spinners if filled(layout, d)]
        if case == "branch_double":  # its straights filled, its branches unused: open (R10)
            return any(on_branch(layout, d) and not branch_started(layout, d) for d in full)
        if case == "opening_double":
            first = layout.tiles[0]
            return (first.is_double and spinners == [first] and not full
                    and layout.child(first, Side.STRAIGHT_A) is not None)
        if case == "straights":
            return not full and any(layout.joined_by(d) is not None for d in spinners)
        return any(not branch_started(layout, d) for d in full) and len(layout) <= 7

    @property
    def answer(self) -> frozenset[Point]:
        return frozenset((tile, side) for tile, side, _ in self.layout.open_points())

    def choices(self) -> list[Point]:
        return _free_sides(self.layout)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = parse_point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.open.q", lang)]

    def _coerce(self, answer: object) -> frozenset[Point]:
        return parse_points(answer)

    def _verdict(self, answer: frozenset[Point], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return feedback(True, t("exercise.right_why", lang,
                                    why=t("exercise.open.right", lang, count=len(right),
                                          points=named_points(right, lang))))
        extra = sorted(answer - right, key=point_key)
        missed = sorted(right - answer, key=point_key)
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        if extra:
            point = extra[0]
            tile, side = point
            if tile.is_double and side.is_branch:
                why = t("exercise.open.closed_branch", lang, point=point_name(point, lang),
                        tile=tile)
            else:
                why = t("exercise.open.taken", lang, point=point_name(point, lang))
        else:
            point = missed[0]
            tile, side = point
            if tile.is_double and side.is_branch and on_branch(self.layout, tile):
                why = t("exercise.open.missed_branch_double", lang,
                        point=point_name(point, lang), tile=tile)
            elif tile.is_double and side.is_branch:
                why = t("exercise.open.missed_branch", lang, point=point_name(point, lang),
                        tile=tile)
            elif tile.is_double:
                why = t("exercise.open.missed_straight", lang, point=point_name(point, lang),
                        tile=tile)
            else:
                why = t("exercise.open.missed", lang, point=point_name(point, lang),
                        number=numbers[point])
        return wrong(lang, why, [point], [tile])

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        first = hint(t("exercise.open.hint1", lang, rules=rules_text(self.item_rules)))
        doubles = self.layout.spinners()
        if doubles:
            return [first, hint(t("exercise.open.hint_doubles", lang), tiles=doubles)]
        ends = {tile for tile, _, _ in self.layout.open_points()}
        return [first, hint(t("exercise.open.hint_ends", lang), tiles=ends)]

    def right_part(self, answer: object) -> frozenset[Point]:
        """The points of *answer* that are open."""
        return self._coerce(answer) & self.answer

    def answer_text(self, lang: str = "en") -> str:
        right = self.answer
        return t("exercise.open.answer", lang, count=len(right),
                 points=named_points(right, lang))



class Joins(BasicExercise[Point]):
    """Which end of a single joins (R12): place :attr:`tile` so that a given end of it becomes
    the new open end. The matching end joins, so the answer is the one point showing the other
    number (answered by clicking the point on the board)."""

    kind = "joins"
    answer_form = "point"
    rules = ("R9", "R12")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "low_joins": ("R9", "R12"), "high_joins": ("R9", "R12")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        low_joins = case == "low_joins"

        def draw() -> tuple[Layout, Tile, int, int] | None:
            layout = truncated(rng, 2, 7, 0.4)
            tiles = [tile for tile in FULL_SET if not tile.is_double and tile not in layout]
            rng.shuffle(tiles)
            for tile in tiles:
                joining, free = (tile.low, tile.high) if low_joins else (tile.high, tile.low)
                points = layout.legal_points(tile)
                shows = {(on, side): on.number(side) for on, side in points}
                if (sum(n == joining for n in shows.values()) == 1
                        and any(n == free for n in shows.values())):
                    return layout, tile, joining, free
            return None

        self.layout, self.tile, self.joining, self.free = sample(draw)

    @property
    def free_side(self) -> Side:
        """The end of :attr:`tile` asked to become the new end."""
        assert self.tile is not None
        return Side.HIGH if self.free == self.tile.high else Side.LOW

    @property
    def answer(self) -> Point:
        assert self.tile is not None
        return next((on, side) for on, side in self.layout.legal_points(self.tile)
                    if on.number(side) == self.joining)

    def choices(self) -> list[Point]:
        assert self.tile is not None
        return self.layout.legal_points(self.tile)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = self._coerce(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("basics.joins.q", lang, tile=self.tile,
                  end=side_name(self.free_side, lang), n=self.free)]

    def _coerce(self, answer: object) -> Point:
        return parse_point(answer)

    def _right_marks(self, answer: Point) -> tuple[list[Point], list[Tile | None]]:
        return [answer], [self.tile]

    def _miss(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        where = point_name(answer, lang)
        if answer not in numbers:
            return wrong(lang, t("basics.joins.w_closed", lang, point=where), [answer])
        number = numbers[answer]
        if not self.tile.has(number):
            return wrong(lang, t("basics.joins.w_mismatch", lang, tile=self.tile, point=where,
                                 number=number), [answer], [self.tile])
        joined = Side.LOW if number == self.tile.low else Side.HIGH
        other = self.tile.other(number)
        return wrong(lang, t("basics.joins.w_other_end", lang, tile=self.tile, point=where,
                             number=number, joined=side_name(joined, lang), other=other,
                             wanted=self.free), [answer], [self.tile])

    def answer_text(self, lang: str = "en") -> str:
        assert self.tile is not None
        joined = Side.HIGH if self.free_side is Side.LOW else Side.LOW
        return t("basics.joins.answer", lang, tile=self.tile,
                 point=point_name(self.answer, lang), number=self.joining,
                 joined=side_name(joined, lang), free=side_name(self.free_side, lang),
                 n=self.free)

    def _pointer(self, lang: str) -> Hint:
        assert self.tile is not None
        return hint(t("basics.joins.hint_other", lang, tile=self.tile, n=self.free,
                      m=self.joining), tiles=[self.tile])



KINDS: tuple[type[Exercise[Any]], ...] = (OpenPoints, Joins)
"""The kinds of this topic, in teaching order."""
