"""Exercise kinds on scoring (R13–R15): which open points count (``counted``: R13, R14), the
end total (``total``: R13), what a placement scores (``score``: R15), where a tile scores the
most (``where``: R15), and the replay's predict-mode question where a tile was placed
(:class:`PlayedPoint`, not a kind of its own). :func:`check_total` checks a worked example's end
total and score in a notebook cell.

>>> from horserace_nb.teaching.exercises import make_exercise
>>> drill = make_exercise("total", seed=7)
>>> drill.check(drill.answer, "en").ok, make_exercise("total", seed=7).answer == drill.answer
(True, True)
>>> "R13" in drill.check(drill.answer + 1, "ko").message
True
>>> from horserace_nb.teaching.examples import EXAMPLES
>>> layout = EXAMPLES["sequence"].layouts()[5]
>>> check_total(layout, 10, 10, "en")
(True, 'Right: 2 + 5 + 3 = 10, which scores 10 raw (2 points).')
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from ...core.layout import Layout
from ...core.rules import placement_score
from ...core.tiles import FULL_SET, STRAIGHTS, Side, Tile
from ...core.validate import whole
from ...words import narration
from ...words.i18n import check_lang, side_name, t
from ...words.names import and_list, point_name, points_phrase
from .base import (
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
    sum_text,
    truncated,
    wrong,
)

__all__ = ["check_total", "CountedPoints", "EndTotal", "PlacementScore", "BestPlacement",
           "PlayedPoint", "KINDS"]


def check_total(layout: Layout, total: int | None, raw: int | None,
                lang: str = "en") -> tuple[bool, str]:
    """Check a learner's end total and raw placement score for *layout* (R13, R15).

    Returns whether both are right and a sentence that says what to look at next.
    """
    values = [v for _, v in layout.contributions()]
    expression = narration.expression(layout).rsplit(" = ", 1)[0]
    right_total, right_raw = layout.end_total(), layout.score()
    if total is None or raw is None:
        return False, t("exercise.ask", lang)
    if total != right_total:
        ends = len(values)
        return False, t("exercise.wrong_total", lang, ends=ends)
    if raw != right_raw:
        key = "exercise.wrong_raw_zero" if right_raw == 0 else "exercise.wrong_raw"
        return False, t(key, lang, total=right_total)
    if right_raw == 0:  # "… = 6, which does not score", not "which scores 0 raw (0 points)"
        return True, t("exercise.right_zero", lang, sum=expression, total=right_total)
    return True, t("exercise.right", lang, sum=expression, total=right_total,
                   points=points_phrase(right_raw, lang))


def _scoring_hint(layout: Layout, lang: str) -> Hint:
    """A pointer at the scoring ends (marked), how many they are, without their sum (R13)."""
    points = [(tile, side) for tile, side, _ in layout.scoring_points()]
    return hint(t("exercise.hint.scoring_ends", lang, count=len(layout.contributions())),
                points=points)



class CountedPoints(LayoutExercise[frozenset[Point]]):
    """Which of the open points count toward the end total? (R13, R14) The layout always has an
    unused branch, which is open but counts nothing."""

    kind = "counted"
    answer_form = "points"
    rules = ("R13", "R14")
    cases = {
        "zero_end": ("R13",),  # an end showing 0 still counts
        "double_end": ("R13",),  # a double with an open straight side counts once
        "unused_branch": ("R14",),  # open but not counted
        "started_branch": ("R13", "R14"),  # a started branch counts through its outer end
    }
    practice = ("double_end", "started_branch")

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self.layout = search(rng, 3, 8, functools.partial(self._is_case, self.case))
            return
        self.layout = search(rng, 4, 10, lambda layout: any(
            not layout.is_counted(tile, side) for tile, side, _ in layout.open_points()))

    @property
    def answer(self) -> frozenset[Point]:
        layout = self.layout
        return frozenset((tile, side) for tile, side, _ in layout.open_points()
                         if layout.is_counted(tile, side))

    def choices(self) -> list[Point]:
        return [(tile, side) for tile, side, _ in self.layout.open_points()]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = parse_point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.counted.q", lang)]

    def _coerce(self, answer: object) -> frozenset[Point]:
        return parse_points(answer)

    def _verdict(self, answer: frozenset[Point], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return feedback(True, t("exercise.right_why", lang, why=t(
                "exercise.counted.right", lang, points=named_points(right, lang),
                sum=sum_text(self.layout))))
        extra = sorted(answer - right, key=point_key)
        missed = sorted(right - answer, key=point_key)
        open_numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        point = (extra or missed)[0]
        return wrong(lang, self._wrong_point(extra, missed, open_numbers, lang), [point],
                     [point[0]])

    def _wrong_point(self, extra: list[Point], missed: list[Point],
                     open_numbers: dict[Point, int], lang: str) -> str:
        if extra:
            point = extra[0]
            if point in open_numbers:
                return t("exercise.counted.branch", lang, point=point_name(point, lang))
            return t("exercise.counted.not_open", lang, point=point_name(point, lang))
        point = missed[0]
        tile = point[0]
        if tile.is_double:
            return t("exercise.counted.missed_double", lang, point=point_name(point, lang),
                     tile=tile, pips=tile.pips)
        if open_numbers[point] == 0:
            return t("exercise.counted.missed_zero", lang, point=point_name(point, lang))
        return t("exercise.counted.missed", lang, point=point_name(point, lang),
                 number=open_numbers[point])

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        points = layout.open_points()
        if not any(not layout.is_counted(tile, side) for tile, side, _ in points):
            return False  # always one open point that counts nothing: the question's trap
        spinners = layout.spinners()
        if case == "zero_end":
            return any(n == 0 and not tile.is_double and layout.is_counted(tile, side)
                       for tile, side, n in points)
        if case == "double_end":
            return any(tile.is_double and side.is_straight for tile, side, _ in points)
        if case == "unused_branch":
            return not any(branch_started(layout, d) for d in spinners)
        return any(branch_started(layout, d) for d in spinners)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        tiles = self.layout.spinners() or [tile for tile, _, _ in self.layout.open_points()]
        return [hint(t("exercise.counted.hint1", lang, rules=rules_text(self.item_rules))),
                hint(t("exercise.counted.hint2", lang), tiles=tiles)]

    def right_part(self, answer: object) -> frozenset[Point]:
        """The points of *answer* that count."""
        return self._coerce(answer) & self.answer

    def answer_text(self, lang: str = "en") -> str:
        return t("exercise.counted.answer", lang, points=named_points(self.answer, lang),
                 sum=sum_text(self.layout))


# ------------------------------------------------------------------------------- numbers

class EndTotal(LayoutExercise[int]):
    """What is the end total? (R13) Common slips get their own explanation: counting an interior
    double, one half of an open double, or an opening double twice."""

    kind = "total"
    answer_form = "number"
    rules = ("R13", "R14")
    cases = {
        "singles": ("R13",),  # no double: add the two ends
        "zero_end": ("R13",),  # an end showing 0 adds 0
        "double_end": ("R13",),  # a double with an open straight side adds both halves once
        "interior": ("R13", "R14"),  # a filled spinner adds nothing, nor do unused branches
    }
    practice = ("zero_end",)

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self.layout = search(rng, 3, 7, functools.partial(self._is_case, self.case))
            return
        want_double = rng.random() < 0.7
        self.layout = search(rng, 3, 9, lambda layout: bool(layout.spinners()) == want_double)

    @property
    def answer(self) -> int:
        return self.layout.end_total()

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.total.q", lang)]

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the end total")

    def _slips(self) -> list[tuple[int, str, Tile]]:
        """Totals a learner reaches by a known slip, with the message that explains it."""
        return self._slips_of(self.layout)

    @staticmethod
    def _slips_of(layout: Layout) -> list[tuple[int, str, Tile]]:
        total = layout.end_total()
        out = []
        for tile in layout.spinners():
            straights = [s for s in STRAIGHTS if layout.is_counted(tile, s)]
            if not straights:
                out.append((total + tile.pips, "exercise.total.interior", tile))
            else:
                out.append((total - tile.low, "exercise.total.double_half", tile))
                if len(straights) == 2:
                    out.append((total + tile.pips, "exercise.total.double_twice", tile))
        return out

    def _verdict(self, answer: int, lang: str) -> Feedback:
        layout = self.layout
        if answer == layout.end_total():
            return feedback(True, t("exercise.right_why", lang, why=t(
                "exercise.total.right", lang, sum=sum_text(layout))))
        for value, key, tile in self._slips():
            if answer == value:
                return wrong(lang, t(key, lang, tile=tile, pips=tile.pips), tiles=[tile])
        halved = [tile for tile in layout.spinners()  # every counted double as one half
                  if any(layout.is_counted(tile, side) for side in STRAIGHTS)]
        if len(halved) > 1 and answer == layout.end_total() - sum(tile.low for tile in halved):
            names = and_list([str(tile) for tile in halved], lang)
            return wrong(lang, t("exercise.total.doubles_half", lang, tiles=names), tiles=halved)
        why = t("exercise.total.wrong", lang, ends=len(layout.contributions()))
        return wrong(lang, why)

    def answer_text(self, lang: str = "en") -> str:
        return t("exercise.total.answer", lang, sum=sum_text(self.layout))

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        """*layout* shows the designed *case*, and no known slip (:meth:`_slips_of`) reaches
        its right total: a wrong method cannot get the item right (a double with pips above
        0; an interior ``[0|0]`` would add nothing, counted or not)."""
        total = layout.end_total()
        if any(value == total for value, _, _ in EndTotal._slips_of(layout)):
            return False
        spinners = layout.spinners()
        if case == "singles":
            return not spinners and layout.end_total() > 0
        if case == "zero_end":
            return any(n == 0 and not tile.is_double for tile, _, n in layout.scoring_points())
        if case == "double_end":
            return any(tile.is_double for tile, _, _ in layout.scoring_points())
        return any(filled(layout, d) and d.pips > 0 for d in spinners)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [hint(t("exercise.total.hint1", lang, rules=rules_text(self.item_rules))),
                _scoring_hint(self.layout, lang)]


class PlacementScore(LayoutExercise[int]):
    """How many raw points does this placement score? (R13, R15) The tile just placed is marked
    (:attr:`highlight`); about half of the placements score."""

    kind = "score"
    answer_form = "number"
    rules = ("R13", "R15")
    cases = {
        "opening": ("R15",),  # the opening tile scores like every other placement
        "scores": ("R3", "R15"),  # a multiple of 5: the raw score is the total itself
        "no_score": ("R13", "R15"),  # any other total scores nothing
        "double": ("R13", "R15"),  # a double placed at an end adds both halves
    }
    practice = ("double",)

    def _build(self, rng: random.Random) -> None:
        if self.case == "opening":
            tiles = [x for x in FULL_SET if Layout.from_placements([(x, None, None)]).score()]
            self.layout = Layout.from_placements([(rng.choice(tiles), None, None)])
            self.highlight = self.layout.tiles[-1]
            return
        if self.case is not None:
            self.layout = search(rng, 3, 7, functools.partial(self._is_case, self.case))
            self.highlight = self.layout.tiles[-1]
            return
        want_score = rng.random() < 0.55
        self.layout = search(rng, 2, 9, lambda layout: (layout.score() > 0) == want_score)
        self.highlight = self.layout.tiles[-1]

    def _adopt(self) -> None:
        if self.layout.is_empty:
            raise ValueError("a placement score needs a layout with the placement on it")
        self.highlight = self.layout.tiles[-1]

    @property
    def answer(self) -> int:
        return self.layout.score()

    def prompt(self, lang: str = "en") -> list[str]:
        joined = self.layout.joined_by(self.layout.tiles[-1])
        if joined is None:
            said = t("exercise.score.opened", lang, tile=self.layout.tiles[-1])
        else:
            said = t("exercise.score.placed", lang, tile=joined.tile, on=joined.anchor,
                     side=side_name(joined.anchor_side, lang))
        return [said, t("exercise.score.q", lang)]

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the score")

    def _verdict(self, answer: int, lang: str) -> Feedback:
        raw = self.answer
        if answer == raw:
            return feedback(True, t("exercise.right_why", lang, why=self._why(lang)))
        if raw and answer == raw // 5:
            why = t("exercise.score.display", lang)
        elif raw == 0 and answer == self.layout.end_total():  # the right total, no score
            why = t("exercise.score.total_no_score", lang, total=answer)
        elif answer % 5 or answer < 0:
            why = t("exercise.score.not_multiple", lang, answer=answer)
        elif raw == 0:
            why = t("exercise.score.wrong_zero", lang)
        else:
            why = t("exercise.score.wrong", lang)
        return wrong(lang, why)

    def _why(self, lang: str) -> str:
        raw = self.answer
        if raw:
            return t("exercise.score.scores", lang, sum=sum_text(self.layout),
                     points=points_phrase(raw, lang))
        return t("exercise.score.zero", lang, sum=sum_text(self.layout))

    def answer_text(self, lang: str = "en") -> str:
        return self._why(lang)

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        last = layout.tiles[-1]
        if case == "scores":
            return layout.score() > 0 and not last.is_double
        if case == "no_score":
            return layout.score() == 0 and layout.end_total() > 0 and not last.is_double
        return last.is_double and layout.joined_by(last) is not None and layout.is_counted(
            last, Side.STRAIGHT_B)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        scoring = _scoring_hint(self.layout, lang)
        return [hint(t("exercise.score.hint1", lang, rules=rules_text(self.item_rules))),
                Hint(scoring.message, scoring.rules, scoring.points, frozenset([
                    self.layout.tiles[-1]]))]


class BestPlacement(LayoutExercise[Point]):
    """Where does :attr:`tile` score the most? (R9, R13, R15) The answer is one connection point
    (clicked on the board); exactly one legal point scores the most, and it scores."""

    kind = "where"
    answer_form = "point"
    rules = ("R9", "R13", "R15")
    cases = {
        "two_points": ("R9", "R13", "R15"),  # a single that fits at two points
        "double_side": ("R13", "R15"),  # the best point is a double's straight side
        "branch": ("R11", "R13", "R15"),  # the best point is a filled spinner's branch
    }
    practice = ("double_side",)

    def _build(self, rng: random.Random) -> None:
        def draw() -> bool | None:
            layout = truncated(rng, 2, 8 if self.case is None else 6)
            tiles = [tile for tile in FULL_SET if tile not in layout]
            rng.shuffle(tiles)
            if self.case == "branch" and not any(filled(layout, d) for d in layout.spinners()):
                return None
            for tile in tiles:
                points = layout.legal_points(tile)
                if len(points) < 2:
                    continue
                scores = sorted(placement_score(layout.total_after(tile, *p)) for p in points)
                if scores[-1] > 0 and scores[-1] != scores[-2]:
                    self.layout, self.tile = layout, tile
                    if self.case is None or self._is_case(self.case):
                        return True
            return None

        sample(draw)

    def _is_case(self, case: str) -> bool:
        assert self.tile is not None
        if case == "two_points":
            return not self.tile.is_double and len(self.layout.legal_points(self.tile)) == 2
        if case == "double_side":
            return self.answer[1].is_straight
        return self.answer[1].is_branch

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        assert self.tile is not None
        points = self.layout.legal_points(self.tile)
        return [hint(t("exercise.where.hint1", lang, tile=self.tile,
                       rules=rules_text(self.item_rules))),
                hint(t("exercise.where.hint2", lang, tile=self.tile, count=len(points)),
                     points=points)]

    def _adopt(self) -> None:
        if self.tile is None or len(self.layout.legal_points(self.tile)) < 1:
            raise ValueError("a placement question needs a tile that fits the layout (R9)")

    def _after(self, point: Point) -> Layout:
        assert self.tile is not None
        after = self.layout.copy()
        after.place(self.tile, *point)
        return after

    @property
    def answer(self) -> Point:
        assert self.tile is not None
        tile = self.tile
        return max(self.layout.legal_points(tile),
                   key=lambda p: placement_score(self.layout.total_after(tile, *p)))

    def choices(self) -> list[Point]:
        assert self.tile is not None
        return self.layout.legal_points(self.tile)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = parse_point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.where.q", lang, tile=self.tile)]

    def _coerce(self, answer: object) -> Point:
        return parse_point(answer)

    def _verdict(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        if answer == self.answer:
            return feedback(True, t("exercise.right_why", lang, why=self._why(answer, lang)))
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        if answer not in numbers:
            why = t("exercise.where.closed", lang, point=point_name(answer, lang))
        elif answer not in self.layout.legal_points(self.tile):
            why = t("exercise.where.mismatch", lang, tile=self.tile,
                    point=point_name(answer, lang), number=numbers[answer])
        else:
            after = self._after(answer)
            key = "exercise.where.lower" if after.score() else "exercise.where.lower_zero"
            why = t(key, lang, sum=sum_text(after), points=points_phrase(after.score(), lang))
        return wrong(lang, why, [answer])

    def _why(self, point: Point, lang: str) -> str:
        after = self._after(point)
        return t("exercise.where.best", lang, tile=self.tile, point=point_name(point, lang),
                 sum=sum_text(after), points=points_phrase(after.score(), lang))

    def answer_text(self, lang: str = "en") -> str:
        return self._why(self.answer, lang)


class PlayedPoint(BestPlacement):
    """Where does :attr:`tile` go in this game or worked example? (R9) The replay's predict
    mode asks it before showing a placement: :meth:`at` gives the layout before, the tile and
    the point it was placed on."""

    kind = "played"
    played: Point

    @classmethod
    def at(cls, layout: Layout, tile: Tile | str, point: Point | Sequence[Any]) -> PlayedPoint:
        ex = cls.on_layout(layout, tile)
        played = parse_point(point)
        if played not in ex.layout.legal_points(Tile.parse(tile)):
            raise ValueError(f"{tile} cannot be placed on {played[0]} {played[1].value} (R9)")
        ex.played = played
        return ex

    @property
    def answer(self) -> Point:
        return self.played

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("predict.where.q", lang, tile=self.tile)]

    def _verdict(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        if answer == self.played or answer not in self.layout.legal_points(self.tile):
            return super()._verdict(answer, lang)
        after = self._after(answer)
        why = t("predict.where.other", lang, tile=self.tile, sum=sum_text(after),
                points=points_phrase(after.score(), lang))
        return wrong(lang, why)

    def _why(self, point: Point, lang: str) -> str:
        after = self._after(point)
        key = "predict.where.right" if after.score() else "predict.where.right_zero"
        return t(key, lang, tile=self.tile, point=point_name(point, lang), sum=sum_text(after),
                 points=points_phrase(after.score(), lang))




KINDS: tuple[type[Exercise[Any]], ...] = (CountedPoints, EndTotal, PlacementScore, BestPlacement)
"""The kinds of this topic, in teaching order (:class:`PlayedPoint` is asked by the replay, not
drawn from a seed)."""
