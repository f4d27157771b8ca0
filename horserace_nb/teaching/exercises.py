"""Exercises with instant feedback: a fresh position from a seed, one question, and an answer
to every attempt that explains it with the rule (R-numbers), a retry and "show answer".

Kinds (:data:`KINDS`): ``open`` (which points are open, R9–R11, R14), ``counted`` (which open
points count, R13, R14), ``total`` (the end total, R13), ``score`` (what a placement scores,
R15), ``where`` (where a tile scores the most: a point, R15), ``next`` (who plays next, R17–R21),
``settle`` (the settlement with rounding, R21–R25), ``winner`` (who wins or shares the game,
R26, R27). :class:`ExerciseSet` groups them for a lesson.

>>> drill = make_exercise("total", seed=7)
>>> drill.check(drill.answer, "en").ok, make_exercise("total", seed=7).answer == drill.answer
(True, True)
>>> "R13" in drill.check(drill.answer + 1, "ko").message
True

The first helper, :func:`check_total`, checks a worked example's end total and score:

>>> from horserace_nb.teaching.examples import EXAMPLES
>>> layout = EXAMPLES["sequence"].layouts()[5]
>>> check_total(layout, 10, 10, "en")
(True, 'Right: 2 + 5 + 3 = 10, which scores 10 raw (2 points).')
"""

from __future__ import annotations

import functools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ..core.game import Event, Game, Reason
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.rules import HORSE_RACE, placement_score
from ..core.settlement import settle
from ..core.tiles import FULL_SET, STRAIGHTS, Side, Tile
from ..core.validate import seed as check_seed
from ..core.validate import whole
from ..words import narration
from ..words.i18n import check_lang, side_name, t
from ..words.names import and_list, list_text, point_name, points_phrase, scoring_side, seat_name

__all__ = ["check_total", "Feedback", "SettlementAnswer", "Exercise", "OpenPoints",
           "CountedPoints", "Hint", "EndTotal", "PlacementScore", "BestPlacement", "NextPlayer",
           "Settlement", "GameWinner", "LayoutExercise", "PlayedPoint", "KINDS", "line_length",
           "make_exercise", "ExerciseSet", "Point", "MAX_STARS", "stars_for", "register_kinds"]


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
    return True, t("exercise.right", lang, sum=expression, total=right_total,
                   points=points_phrase(right_raw, lang))


# =============================================================================== drills
#
# Exercises that draw a fresh position from a seed (so an answer cannot be recalled from a replay
# above it), ask one question in en/ko/ja, and answer every attempt with a sentence that names
# the rule. No widgets here: :mod:`horserace_nb.widgets.exercise` shows them on the board.

Point = tuple[Tile, Side]
"""A connection point: ``(tile on the layout, side)``."""

A = TypeVar("A")
E = TypeVar("E", bound="LayoutExercise[Any]")


MAX_STARS = 3
"""The most stars one exercise or puzzle earns."""


def stars_for(attempts: int, solved: bool, revealed: bool, hints: int = 0) -> int:
    """Stars for one exercise or puzzle: 3 at the first try, 2 at the second, 1 later, each hint
    opened costing one more (never below 1 when solved); 0 when unsolved or when the answer was
    shown first.

    >>> stars_for(1, True, False), stars_for(5, True, False), stars_for(1, True, True)
    (3, 1, 0)
    >>> stars_for(1, True, False, hints=1), stars_for(1, True, False, hints=2)
    (2, 1)
    """
    if not solved or revealed:
        return 0
    return max(1, MAX_STARS + 1 - attempts - hints)


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or not, and a sentence that explains it with the rule
    (its R-numbers are in *rules* and in the sentence)."""

    ok: bool
    message: str
    rules: tuple[str, ...] = ()
    points: frozenset[tuple[Tile, Side]] = frozenset()
    """Connection points the sentence talks about, for the board to mark."""
    tiles: frozenset[Tile] = frozenset()
    """Tiles the sentence talks about, for the board to mark."""


@dataclass(frozen=True)
class Hint:
    """One rung of an exercise's hint ladder (:meth:`Exercise.hint_steps`): a sentence (its
    R-numbers also in *rules*) and what it points at on the board: connection *points* and
    *tiles* to mark. The first rung reminds of the rule; later rungs point at the board."""

    message: str
    rules: tuple[str, ...] = ()
    points: frozenset[tuple[Tile, Side]] = frozenset()
    tiles: frozenset[Tile] = frozenset()


@dataclass(frozen=True)
class SettlementAnswer:
    """An answer to a settlement exercise (R21–R25): the hand's winners (seats, or teams with
    partners, 0-based), the pips each winner receives, that sum rounded, and the points."""

    winners: frozenset[int]
    pips: int
    rounded: int
    points: int


def _rules_in(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(re.findall(r"R\d+", text)))


def _feedback(ok: bool, message: str) -> Feedback:
    return Feedback(ok, message, _rules_in(message))


def _point(value: object) -> Point:
    if (isinstance(value, (str, bytes)) or not isinstance(value, Sequence)
            or len(value) != 2):
        raise ValueError(f"a point is a (tile, side) pair, not {excerpt(value)}")
    tile, side = value
    if not isinstance(tile, (Tile, str)) or not isinstance(side, (Side, str)):
        raise ValueError(f"a point is a (tile, side) pair, not {excerpt(value)}")
    return Tile.parse(tile), Side.coerce(side)


def _points(value: object) -> frozenset[Point]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"the answer is a collection of (tile, side) points, not "
                         f"{excerpt(value)}")
    return frozenset(_point(p) for p in value)


def _seat_set(value: object, sides: int) -> frozenset[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"the answer is a collection of seats (or teams), not {excerpt(value)}")
    out = frozenset(whole(s, "a seat") for s in value)
    if any(not 0 <= s < sides for s in out):
        raise ValueError(f"seats (or teams) are numbered from 0 to {sides - 1}, not "
                         f"{excerpt(sorted(out))}")
    return out


def _named_points(points: Iterable[Point], lang: str) -> str:
    return list_text((point_name(p, lang) for p in sorted(points, key=_point_key)), lang,
                     none=True)


def _point_key(point: Point) -> tuple[int, str]:
    return point[0].index, point[1].value


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"horserace-exercise:{kind}:{seed}")


def _sum(layout: Layout) -> str:
    return layout.sum_text() if len(layout.contributions()) else f"0 = {layout.end_total()}"


def _truncated(rng: random.Random, low: int, high: int) -> Layout:
    full = Layout.random(rng, doubles_first=rng.random() < 0.45)
    count = rng.randint(low, max(low, min(high, len(full))))
    return Layout.from_placements(list(full.placements()[:count]))


class Exercise(ABC, Generic[A]):
    """One exercise: a position drawn from *seed*, a question, the expected :attr:`answer`, and
    :meth:`check` for every attempt (retry as often as you like), :meth:`answer_text` for "show
    answer". The same kind and seed always give the same exercise.

    ``attempts``, ``solved`` and ``revealed`` record how it went; :attr:`stars` scores it like a
    lesson task: 3 when right at the first try, 2 at the second, 1 later, 0 once the answer was
    shown before it was solved.
    """

    kind: ClassVar[str]
    """The kind's name (a key of :data:`KINDS`)."""
    answer_form: ClassVar[str]
    """What the answer is: ``"points"`` (several connection points), ``"point"`` (one point,
    chosen on the board), ``"number"``, ``"seat"`` (a seat or ``None`` for nobody),
    ``"sides"`` (several seats or teams) or ``"settlement"`` (:class:`SettlementAnswer`)."""
    rules: ClassVar[tuple[str, ...]]
    """The rules the exercise practises."""
    cases: ClassVar[dict[str, tuple[str, ...]]] = {}
    """The kind's designed cases, in teaching order: a case's name → the rules that case turns
    on (at most three). :meth:`_build` draws a position of :attr:`case` when one is given."""

    def __init__(self, seed: int = 1, case: str | None = None) -> None:
        if case is not None and case not in self.cases:
            raise ValueError(f"case: one of {', '.join(self.cases) or 'none'} for "
                             f"{self.kind}, not {excerpt(case)}")
        self._start(check_seed(seed), case)

        self._build(_rng(self.kind if case is None else f"{self.kind}/{case}", self.seed))

    @property
    def item_rules(self) -> tuple[str, ...]:
        """The rules this item turns on: its case's, or the kind's."""
        return self.cases[self.case] if self.case is not None else self.rules

    def _start(self, seed: int, case: str | None = None) -> None:
        self.seed = seed
        self.case = case
        """The designed case drawn (a key of :attr:`cases`), or ``None`` for any position."""
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self.hints_used = 0
        """How many rungs of :meth:`hint_steps` were opened (each costs a star)."""
        self.layout: Layout = Layout()
        """The position on the table."""
        self.highlight: Tile | None = None
        """A tile on the layout to mark (the one just placed), or ``None``."""
        self.tile: Tile | None = None
        """A tile to place (in the learner's hand), or ``None``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed {self.seed}>"

    @abstractmethod
    def _build(self, rng: random.Random) -> None:
        """Draw the position from *rng*."""

    @property
    @abstractmethod
    def answer(self) -> A:
        """The expected answer."""

    @abstractmethod
    def prompt(self, lang: str = "en") -> list[str]:
        """The question as sentences: what happened, then what to answer."""

    @abstractmethod
    def _coerce(self, answer: object) -> A:
        """The learner's *answer* as the answer's type; ValueError if it is not one."""

    @abstractmethod
    def _verdict(self, answer: A, lang: str) -> Feedback:
        """Feedback on a well-formed answer."""

    @abstractmethod
    def answer_text(self, lang: str = "en") -> str:
        """The answer with its reason and rule ("show answer")."""

    def question(self, lang: str = "en") -> str:
        """The prompt as one text, a sentence a line."""
        return "\n".join(self.prompt(check_lang(lang)))

    def choices(self) -> list[Any]:
        """The options a widget offers (points, seats, sides); empty for a number."""
        return []

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        """A button's label for one of :meth:`choices`."""
        return str(choice)

    def check(self, answer: object, lang: str = "en") -> Feedback:
        """Check *answer*: right or wrong, with a sentence naming the rule. ``None`` means no
        answer yet (asks for one and counts no attempt).

        :raises ValueError: if *answer* is not of the kind the exercise asks for.
        """
        feedback = self.verdict(answer, lang)
        if answer is None and self.answer_form != "seat":
            return feedback
        if not self.solved:
            self.attempts += 1
            self.solved = feedback.ok
        return feedback

    def verdict(self, answer: object, lang: str = "en") -> Feedback:
        """The feedback :meth:`check` gives *answer*, counting nothing: the same verdict again,
        in another language after a switch.

        :raises ValueError: if *answer* is not of the kind the exercise asks for.
        """
        lang = check_lang(lang)
        if answer is None and self.answer_form != "seat":
            return Feedback(False, t("exercise.no_answer", lang))
        return self._verdict(self._coerce(answer), lang)

    def reveal(self, lang: str = "en") -> str:
        """Show the answer (a widget's "show answer"): :meth:`answer_text`, and no stars unless
        it was already solved."""
        if not self.solved:
            self.revealed = True
        return self.answer_text(lang)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        """The hint ladder, gentle first: a reminder of the rule, then a pointer on the board
        (at least two rungs; none of them gives the whole answer away)."""
        lang = check_lang(lang)
        rules = ", ".join(self.rules)
        return [Hint(t("exercise.hint.rules", lang, rules=rules), self.rules),
                Hint(t("exercise.hint.answer_form", lang), self.rules)]

    def hint(self, lang: str = "en") -> Hint | None:
        """Open the next rung of :meth:`hint_steps` (it costs a star, :func:`stars_for`), or
        ``None`` when every rung is open (nothing is counted then)."""
        steps = self.hint_steps(lang)
        if self.hints_used >= len(steps):
            return None
        if not self.solved:
            self.hints_used += 1
            return steps[self.hints_used - 1]
        return steps[min(self.hints_used, len(steps) - 1)]

    def right_part(self, answer: object) -> object:
        """What of a wrong *answer* was right, for "Try again" to keep (the points rightly
        chosen, the settlement's right fields); ``None`` keeps nothing."""
        return None

    @property
    def stars(self) -> int:
        return stars_for(self.attempts, self.solved, self.revealed, self.hints_used)


class LayoutExercise(Exercise[A]):
    """An exercise about a layout alone, which can also be asked about a given layout (a replay's
    predict mode): :meth:`on_layout`."""

    @classmethod
    def on_layout(cls: type[E], layout: Layout, tile: Tile | str | None = None) -> E:
        """The exercise asked about *layout* (and *tile* for a placement question) instead of a
        position drawn from a seed (its ``seed`` is 0)."""
        if not isinstance(layout, Layout):
            raise ValueError(f"layout is a Layout, not {excerpt(layout)}")
        ex = cls.__new__(cls)
        ex._start(0)
        ex.layout = layout.copy()
        ex.tile = None if tile is None else Tile.parse(tile)
        ex._adopt()
        return ex

    def _adopt(self) -> None:
        """Check and complete a layout given by :meth:`on_layout`."""


# ------------------------------------------------------------------------------- points

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


class OpenPoints(LayoutExercise[frozenset[Point]]):
    """Which connection points are open? (R9, R11, R14) The choices are every free side of the
    layout's tiles; a spinner's branches are open only once both straights are filled."""

    kind = "open"
    answer_form = "points"
    rules = ("R9", "R10", "R11", "R14")

    def _build(self, rng: random.Random) -> None:
        while True:
            layout = _truncated(rng, 3, 8)
            if layout.spinners():
                self.layout = layout
                return

    @property
    def answer(self) -> frozenset[Point]:
        return frozenset((tile, side) for tile, side, _ in self.layout.open_points())

    def choices(self) -> list[Point]:
        return _free_sides(self.layout)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = _point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.open.q", lang)]

    def _coerce(self, answer: object) -> frozenset[Point]:
        return _points(answer)

    def _verdict(self, answer: frozenset[Point], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return _feedback(True, t("exercise.right_why", lang,
                                     why=t("exercise.open.right", lang, count=len(right),
                                           points=_named_points(right, lang))))
        extra = sorted(answer - right, key=_point_key)
        missed = sorted(right - answer, key=_point_key)
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        if extra:
            tile, side = extra[0]
            if tile.is_double and side.is_branch:
                hint = t("exercise.open.closed_branch", lang, point=point_name(extra[0], lang),
                         tile=tile)
            else:
                hint = t("exercise.open.taken", lang, point=point_name(extra[0], lang))
        else:
            tile, side = missed[0]
            if tile.is_double and side.is_branch:
                hint = t("exercise.open.missed_branch", lang, point=point_name(missed[0], lang),
                         tile=tile)
            else:
                hint = t("exercise.open.missed", lang, point=point_name(missed[0], lang),
                         number=numbers[missed[0]])
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        right = self.answer
        return t("exercise.open.answer", lang, count=len(right),
                 points=_named_points(right, lang))


class CountedPoints(LayoutExercise[frozenset[Point]]):
    """Which of the open points count toward the end total? (R13, R14) The layout always has an
    unused branch, which is open but counts nothing."""

    kind = "counted"
    answer_form = "points"
    rules = ("R13", "R14")

    def _build(self, rng: random.Random) -> None:
        while True:
            layout = _truncated(rng, 4, 10)
            if any(not layout.is_counted(tile, side) for tile, side, _ in layout.open_points()):
                self.layout = layout
                return

    @property
    def answer(self) -> frozenset[Point]:
        layout = self.layout
        return frozenset((tile, side) for tile, side, _ in layout.open_points()
                         if layout.is_counted(tile, side))

    def choices(self) -> list[Point]:
        return [(tile, side) for tile, side, _ in self.layout.open_points()]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = _point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.counted.q", lang)]

    def _coerce(self, answer: object) -> frozenset[Point]:
        return _points(answer)

    def _verdict(self, answer: frozenset[Point], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return _feedback(True, t("exercise.right_why", lang, why=t(
                "exercise.counted.right", lang, points=_named_points(right, lang),
                sum=_sum(self.layout))))
        extra = sorted(answer - right, key=_point_key)
        missed = sorted(right - answer, key=_point_key)
        open_numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        if extra:
            point = extra[0]
            if point in open_numbers:
                hint = t("exercise.counted.branch", lang, point=point_name(point, lang))
            else:
                hint = t("exercise.counted.not_open", lang, point=point_name(point, lang))
        else:
            point = missed[0]
            tile = point[0]
            if tile.is_double:
                hint = t("exercise.counted.missed_double", lang, point=point_name(point, lang),
                         tile=tile, pips=tile.pips)
            elif open_numbers[point] == 0:
                hint = t("exercise.counted.missed_zero", lang, point=point_name(point, lang))
            else:
                hint = t("exercise.counted.missed", lang, point=point_name(point, lang),
                         number=open_numbers[point])
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        return t("exercise.counted.answer", lang, points=_named_points(self.answer, lang),
                 sum=_sum(self.layout))


# ------------------------------------------------------------------------------- numbers

class EndTotal(LayoutExercise[int]):
    """What is the end total? (R13) Common slips get their own explanation: counting an interior
    double, one half of an open double, or an opening double twice."""

    kind = "total"
    answer_form = "number"
    rules = ("R13", "R14")

    def _build(self, rng: random.Random) -> None:
        want_double = rng.random() < 0.7
        while True:
            layout = _truncated(rng, 3, 9)
            if bool(layout.spinners()) == want_double:
                self.layout = layout
                return

    @property
    def answer(self) -> int:
        return self.layout.end_total()

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.total.q", lang)]

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the end total")

    def _slips(self) -> list[tuple[int, str, Tile]]:
        """Totals a learner reaches by a known slip, with the message that explains it."""
        layout, total = self.layout, self.layout.end_total()
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
            return _feedback(True, t("exercise.right_why", lang, why=t(
                "exercise.total.right", lang, sum=_sum(layout))))
        for value, key, tile in self._slips():
            if answer == value:
                hint = t(key, lang, tile=tile, pips=tile.pips)
                break
        else:
            hint = t("exercise.total.wrong", lang, ends=len(layout.contributions()))
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        return t("exercise.total.answer", lang, sum=_sum(self.layout))


class PlacementScore(LayoutExercise[int]):
    """How many raw points does this placement score? (R13, R15) The tile just placed is marked
    (:attr:`highlight`); about half of the placements score."""

    kind = "score"
    answer_form = "number"
    rules = ("R13", "R15")

    def _build(self, rng: random.Random) -> None:
        want_score = rng.random() < 0.55
        while True:
            layout = _truncated(rng, 2, 9)
            if (layout.score() > 0) == want_score:
                self.layout = layout
                self.highlight = layout.tiles[-1]
                return

    def _adopt(self) -> None:
        if self.layout.is_empty:
            raise ValueError("a placement score needs a layout with the placement on it")
        self.highlight = self.layout.tiles[-1]

    @property
    def answer(self) -> int:
        return self.layout.score()

    def prompt(self, lang: str = "en") -> list[str]:
        placed = self.layout.joined_by(self.layout.tiles[-1])
        if placed is None:
            said = t("exercise.score.opened", lang, tile=self.layout.tiles[-1])
        else:
            said = t("exercise.score.placed", lang, tile=placed.tile, on=placed.anchor,
                     side=side_name(placed.anchor_side, lang))
        return [said, t("exercise.score.q", lang)]

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the score")

    def _verdict(self, answer: int, lang: str) -> Feedback:
        raw = self.answer
        if answer == raw:
            return _feedback(True, t("exercise.right_why", lang, why=self._why(lang)))
        if raw and answer == raw // 5:
            hint = t("exercise.score.display", lang)
        elif answer % 5 or answer < 0:
            hint = t("exercise.score.not_multiple", lang, answer=answer)
        elif raw == 0:
            hint = t("exercise.score.wrong_zero", lang)
        else:
            hint = t("exercise.score.wrong", lang)
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def _why(self, lang: str) -> str:
        raw = self.answer
        if raw:
            return t("exercise.score.scores", lang, sum=_sum(self.layout),
                     points=points_phrase(raw, lang))
        return t("exercise.score.zero", lang, sum=_sum(self.layout))

    def answer_text(self, lang: str = "en") -> str:
        return self._why(lang)


class BestPlacement(LayoutExercise[Point]):
    """Where does :attr:`tile` score the most? (R9, R13, R15) The answer is one connection point
    (clicked on the board); exactly one legal point scores the most, and it scores."""

    kind = "where"
    answer_form = "point"
    rules = ("R9", "R13", "R15")

    def _build(self, rng: random.Random) -> None:
        while True:
            layout = _truncated(rng, 2, 8)
            tiles = [tile for tile in FULL_SET if tile not in layout]
            rng.shuffle(tiles)
            for tile in tiles:
                points = layout.legal_points(tile)
                if len(points) < 2:
                    continue
                scores = sorted(placement_score(layout.total_after(tile, *p)) for p in points)
                if scores[-1] > 0 and scores[-1] != scores[-2]:
                    self.layout, self.tile = layout, tile
                    return

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
        tile, side = _point(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("exercise.where.q", lang, tile=self.tile)]

    def _coerce(self, answer: object) -> Point:
        return _point(answer)

    def _verdict(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        if answer == self.answer:
            return _feedback(True, t("exercise.right_why", lang, why=self._why(answer, lang)))
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        if answer not in numbers:
            hint = t("exercise.where.closed", lang, point=point_name(answer, lang))
        elif answer not in self.layout.legal_points(self.tile):
            hint = t("exercise.where.mismatch", lang, tile=self.tile,
                     point=point_name(answer, lang), number=numbers[answer])
        else:
            after = self._after(answer)
            key = "exercise.where.lower" if after.score() else "exercise.where.lower_zero"
            hint = t(key, lang, sum=_sum(after), points=points_phrase(after.score(), lang))
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def _why(self, point: Point, lang: str) -> str:
        after = self._after(point)
        return t("exercise.where.best", lang, tile=self.tile, point=point_name(point, lang),
                 sum=_sum(after), points=points_phrase(after.score(), lang))

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
        played = _point(point)
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
        hint = t("predict.where.other", lang, tile=self.tile, sum=_sum(after),
                 points=points_phrase(after.score(), lang))
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def _why(self, point: Point, lang: str) -> str:
        after = self._after(point)
        key = "predict.where.right" if after.score() else "predict.where.right_zero"
        return t(key, lang, tile=self.tile, point=point_name(point, lang), sum=_sum(after),
                 points=points_phrase(after.score(), lang))


# ------------------------------------------------------------------------------- turns

_NEXT_REASONS = (Reason.DOUBLE, Reason.SCORED, Reason.SINGLE, Reason.DRAWN,
                 Reason.DRAW_PLAYABLE, Reason.DRAW_AGAIN, Reason.PASS, Reason.DOMINO)


def line_length(layout: Layout) -> int:
    """How many tiles lie on the layout's main line (the line through the first tile, drawn
    across the board): every tile not reached through a spinner's branch (R11), which are
    drawn across it. The width of the picture grows with it."""
    joined = {c.tile: c for c in layout.connections()}
    count = 0
    for tile in layout.tiles:
        while tile in joined and not joined[tile].anchor_side.is_branch:
            tile = joined[tile].anchor
        count += tile not in joined
    return count


def _random_play(game: Game, rng: random.Random, until: Callable[[Game, Event], bool]
                 ) -> Event | None:
    """Play random legal actions until *until* holds for an event (then return it) or the hand
    ends."""
    while not game.hand_over:
        event = game.apply(rng.choice(game.legal_actions()))
        if until(game, event):
            return event
    return None


def _shows(wanted: Reason, strict: bool, _game: Game, event: Event) -> bool:
    """True if *event* is the kind of turn wanted; *strict*: a drawn tile or a last tile that
    is a double or scores (the cases where the turn still ends)."""
    reason = event.reason
    if wanted is Reason.DOUBLE:
        return reason in (Reason.DOUBLE, Reason.DOUBLE_SCORED)
    if reason is not wanted:
        return False
    if strict and wanted in (Reason.DRAWN, Reason.DOMINO):
        assert event.tile is not None
        return event.tile.is_double or event.raw > 0
    return True


class NextPlayer(Exercise[int | None]):
    """Who plays next after this action? (R17 continuation, R18 drawn tile, R19 pass, R20–R21
    the hand ends) The position comes from seeded random play; the answer is a seat, or
    ``None`` when the hand is over."""

    kind = "next"
    answer_form = "seat"
    rules = ("R17", "R18", "R19", "R20", "R21")

    def _build(self, rng: random.Random) -> None:
        wanted = rng.choice(_NEXT_REASONS)
        for attempt in range(400):
            found = functools.partial(_shows, wanted, attempt < 200)
            game = Game(players=rng.choice((2, 3, 4)), seed=rng.randrange(1, 10**9))
            event = _random_play(game, rng, found)
            if event is not None:
                self.game, self.event = game, event
                self.layout = game.layout.copy()
                self.highlight = event.tile if event.kind == "place" else None
                history = game.history
                self.drawn = (event.kind == "place" and len(history) > 1
                              and history[-2].kind == "draw" and history[-2].seat == event.seat)
                return
        raise RuntimeError("no position found")  # pragma: no cover - 400 hands always do

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def answer(self) -> int | None:
        return None if self.game.hand_over else self.game.to_play

    def choices(self) -> list[int | None]:
        return [*range(self.players), None]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        if choice is None:
            return t("exercise.next.nobody", lang)
        return seat_name(whole(choice, "a seat"), lang)

    def prompt(self, lang: str = "en") -> list[str]:
        event, name = self.event, seat_name(self.event.seat, lang)
        if event.kind == "draw":
            said = t("exercise.next.drew", lang, name=name, tile=event.tile)
        elif event.kind == "pass":
            said = t("exercise.next.passed", lang, name=name)
        elif event.on is None:
            said = t("exercise.next.opened", lang, name=name, tile=event.tile)
        else:
            assert event.side is not None
            said = t("exercise.next.placed_drawn" if self.drawn else "exercise.next.placed",
                     lang, name=name, tile=event.tile, on=event.on,
                     side=side_name(event.side, lang))
        counts = list_text((t("exercise.next.hand_count", lang, name=seat_name(s, lang),
                              count=len(h)) for s, h in enumerate(self.game.hands)), lang,
                           none=True)
        return [said, t("exercise.next.state", lang, hands=counts,
                        count=len(self.game.boneyard)),
                t("exercise.next.q", lang)]

    def _coerce(self, answer: object) -> int | None:
        if answer is None:
            return None
        seat = whole(answer, "a seat")
        if not 0 <= seat < self.players:
            raise ValueError(f"seats are numbered from 0 to {self.players - 1}, not {seat}")
        return seat

    def _reason_key(self) -> str:
        assert self.event.reason is not None
        return str(self.event.reason)

    def _verdict(self, answer: int | None, lang: str) -> Feedback:
        if answer == self.answer:
            return _feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        key = self._reason_key()
        rule = "same" if key in ("double", "scored", "double_scored") else key
        return _feedback(False, t("exercise.not_quite", lang,
                                  hint=t(f"exercise.next.rule_{rule}", lang)))

    def answer_text(self, lang: str = "en") -> str:
        event = self.event
        nxt = self.answer
        return t(f"exercise.next.why_{self._reason_key()}", lang,
                 name=seat_name(event.seat, lang), tile=event.tile, total=event.total,
                 next="" if nxt is None else seat_name(nxt, lang))


# ------------------------------------------------------------------------------- hand end

class Settlement(Exercise[SettlementAnswer]):
    """Settle the hand (R21–R25): who wins it, the pips received, rounded, and the points.
    Hands end by a last tile or blocked, for 2, 3 or 4 players or partnerships. :meth:`check`
    also takes a plain number: the points alone."""

    kind = "settle"
    answer_form = "settlement"
    rules = ("R21", "R22", "R23", "R24", "R25")
    LINE: ClassVar[int] = 12
    """The most tiles on the layout's main line (:func:`line_length`): a finished hand laid in
    one long line would shrink to an unreadable strip on the board."""

    def _build(self, rng: random.Random) -> None:
        blocked = rng.random() < 0.4
        partners = rng.random() < 0.3
        # the hand ending as chosen, with a short main line so that the picture of the whole
        # layout stays readable; failing that, the shortest such hand seen (blocked hands are
        # rare and long), or any short hand
        best: tuple[int, Game] | None = None
        for attempt in range(600):
            game = Game(players=4 if partners else rng.choice((2, 3, 4)), partners=partners,
                        seed=rng.randrange(1, 10**9))
            _random_play(game, rng, lambda g, e: False)
            if game.hand_result is None:  # pragma: no cover - scores start at 0: none is won
                continue
            line = line_length(game.layout)
            if (game.hand_result.reason == "blocked") == blocked:
                if line <= self.LINE:
                    break
                if best is None or line < best[0]:
                    best = (line, game)
            if attempt >= 300 and best is not None:
                game = best[1]
                break
            if attempt >= 300 and line <= self.LINE:
                break
        result = game.hand_result
        assert result is not None  # every hand played ends, and the last one kept was over
        self.game, self.result = game, result
        self.layout = game.layout.copy()

    @property
    def partners(self) -> bool:
        return self.game.partners

    @property
    def answer(self) -> SettlementAnswer:
        bonus = self.result.bonuses[0]
        return SettlementAnswer(frozenset(self.result.winners), bonus.pips, bonus.rounded,
                                bonus.points)

    def choices(self) -> list[int]:
        return list(range(2 if self.partners else self.game.players))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return scoring_side(whole(choice, "a side"), self.partners, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        game, result = self.game, self.result
        lines = []
        if self.partners:
            lines.append(t("exercise.settle.teams", lang, a=scoring_side(0, True, lang),
                           b=scoring_side(1, True, lang)))
        if result.reason == "domino":
            last = game.history[-1]
            lines.append(t("exercise.settle.domino", lang, name=seat_name(last.seat, lang),
                           tile=last.tile))
        else:
            lines.append(t("exercise.settle.blocked", lang))
        for seat, hand in enumerate(game.hands):
            name = seat_name(seat, lang)
            lines.append(t("exercise.settle.holds", lang, name=name,
                           tiles=" ".join(map(str, hand))) if hand
                         else t("exercise.settle.empty", lang, name=name))
        lines.append(t("exercise.settle.q", lang))
        return lines

    def _coerce(self, answer: object) -> SettlementAnswer:
        if isinstance(answer, SettlementAnswer):
            _seat_set(answer.winners, len(self.choices()))
            for name in ("pips", "rounded", "points"):
                whole(getattr(answer, name), name)
            return answer
        points = whole(answer, "the answer (a SettlementAnswer or the points)")
        right = self.answer
        return SettlementAnswer(right.winners, right.pips, right.rounded, points)

    def _verdict(self, answer: SettlementAnswer, lang: str) -> Feedback:
        right, result = self.answer, self.result
        if answer == right:
            return _feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        if answer.winners != right.winners:
            if result.reason == "domino":
                key = "exercise.settle.w_domino_team" if self.partners else \
                    "exercise.settle.w_domino"
            elif self.partners:
                key = "exercise.settle.w_blocked_teams"
            else:
                key = "exercise.settle.w_blocked"
            hint = t(key, lang)
        elif answer.pips != right.pips:
            if len(right.winners) > 1:
                key = "exercise.settle.p_tie_teams" if self.partners else \
                    "exercise.settle.p_tie"
            elif self.partners:
                key = "exercise.settle.p_partners"
            else:
                key = "exercise.settle.p_sum"
            hint = t(key, lang)
        elif answer.rounded != right.rounded:
            hint = t("exercise.settle.r_round", lang, pips=right.pips)
        else:
            hint = t("exercise.settle.pt_divide", lang, rounded=right.rounded)
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        right = self.answer
        labels = [scoring_side(w, self.partners, lang) for w in sorted(right.winners)]
        if len(labels) > 1:
            key, names = (("exercise.settle.answer_tie_teams", list_text(labels, lang, none=True))
                          if self.partners else
                          ("exercise.settle.answer_tie", and_list(labels, lang)))
        else:
            key = "exercise.settle.answer_team" if self.partners else "exercise.settle.answer"
            names = labels[0]
        return t(key, lang, who=names, pips=right.pips, rounded=right.rounded,
                 points=right.points, rule="R21" if self.result.reason == "domino" else "R22")


class GameWinner(Exercise[frozenset[int]]):
    """Who wins the game, or do several share it? (R26, R27) A placement that reaches the target,
    a settlement that brings one side or several there, or one that brings nobody there. The
    answer is the set of winning sides (seats, or teams with partners); empty: the game goes
    on."""

    kind = "winner"
    answer_form = "sides"
    rules = ("R26", "R27")

    def _build(self, rng: random.Random) -> None:
        target = HORSE_RACE.target
        self.scenario = rng.choice(("placement", "settlement", "shared", "none"))
        self.partners = rng.random() < 0.3
        self.players = 4 if self.partners else rng.choice((2, 3, 4))
        sides = 2 if self.partners else self.players
        scores = [rng.randint(target - 25, target - 1) for _ in range(sides)]
        self.placer: int | None = None
        self.points = 0
        self.gains: dict[int, int] = {}
        if self.scenario == "placement":
            side = rng.randrange(sides)
            scores[side] = target - rng.randint(1, 4)
            self.points = target - scores[side] + rng.randint(0, 2)
            self.placer = side + 2 * rng.randrange(2) if self.partners else side
        else:
            while True:
                pips = [rng.randint(0, 25) for _ in range(self.players)]
                shared = self.scenario == "shared"
                if shared:  # a blocked hand tied for lowest (R24)
                    if self.partners:
                        pips[3] = pips[0] + pips[2] - pips[1]
                        if pips[3] < 0:
                            continue
                    else:
                        low = min(pips)
                        pips[rng.choice([s for s in range(self.players) if pips[s] != low]
                                        or [0])] = low
                domino = None if shared else rng.randrange(self.players)
                if domino is not None:
                    pips[domino] = 0
                result = settle(pips, partners=self.partners, domino=domino)
                if (len(result.winners) > 1) == shared and all(result.gains.values()):
                    break
            self.gains = dict(result.gains)
            for side, gain in self.gains.items():
                if self.scenario == "none":
                    scores[side] = rng.randint(target - 25, target - gain - 1)
                else:
                    scores[side] = rng.randint(target - gain, target - 1)
        self.scores = tuple(scores)

    @property
    def answer(self) -> frozenset[int]:
        target = HORSE_RACE.target
        after = list(self.scores)
        if self.placer is not None:
            after[self.placer % 2 if self.partners else self.placer] += self.points
        for side, gain in self.gains.items():
            after[side] += gain
        return frozenset(s for s, v in enumerate(after) if v >= target)

    def final_scores(self) -> tuple[int, ...]:
        """Every side's score after the placement or the settlement."""
        after = list(self.scores)
        if self.placer is not None:
            after[self.placer % 2 if self.partners else self.placer] += self.points
        for side, gain in self.gains.items():
            after[side] += gain
        return tuple(after)

    def choices(self) -> list[int]:
        return list(range(len(self.scores)))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return scoring_side(whole(choice, "a side"), self.partners, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        target = HORSE_RACE.target
        scores = list_text((t("exercise.winner.score_item", lang,
                              name=scoring_side(s, self.partners, lang), points=v)
                            for s, v in enumerate(self.scores)), lang, none=True)
        lines = [t("exercise.winner.scores", lang, scores=scores, target=target)]
        if self.placer is not None:
            lines.append(t("exercise.winner.placement", lang,
                           name=seat_name(self.placer, lang), points=self.points))
        else:
            gains = list_text((t("exercise.winner.gain", lang,
                                 name=scoring_side(s, self.partners, lang), points=g)
                               for s, g in sorted(self.gains.items())), lang, none=True)
            lines.append(t("exercise.winner.settlement", lang, gains=gains))
        lines.append(t("exercise.winner.q", lang))
        return lines

    def _coerce(self, answer: object) -> frozenset[int]:
        return _seat_set(answer, len(self.scores))

    def _verdict(self, answer: frozenset[int], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return _feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        target = HORSE_RACE.target
        if self.scenario == "placement" and answer - right:
            hint = t("exercise.winner.rule_at_once", lang, target=target)
        elif len(right) > 1:
            hint = t("exercise.winner.rule_shared", lang, target=target)
        else:
            hint = t("exercise.winner.rule_reach", lang, target=target)
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        right, target = sorted(self.answer), HORSE_RACE.target
        after = self.final_scores()
        if not right:
            return t("exercise.winner.answer_none", lang, target=target)
        names = and_list([scoring_side(s, self.partners, lang) for s in right], lang)
        if len(right) > 1:
            finals = list_text((t("exercise.winner.score_item", lang,
                                  name=scoring_side(s, self.partners, lang), points=after[s])
                                for s in right), lang, none=True)
            return t("exercise.winner.answer_shared", lang, names=names, scores=finals,
                     target=target)
        key = "exercise.winner.answer_team" if self.partners else "exercise.winner.answer_one"
        return t(key, lang, name=names, score=after[right[0]], target=target)


# ------------------------------------------------------------------------------- sets

KINDS: dict[str, type[Exercise[Any]]] = {
    cls.kind: cls for cls in (OpenPoints, CountedPoints, EndTotal, PlacementScore,
                              BestPlacement, NextPlayer, Settlement, GameWinner)}
"""Every exercise kind by name: ``open``, ``counted``, ``total``, ``score``, ``where``, ``next``,
``settle``, ``winner``, and the kinds of :mod:`~horserace_nb.teaching.basics`."""


def register_kinds(*kinds: type[Exercise[Any]]) -> None:
    """Add *kinds* to :data:`KINDS` by name (:mod:`~horserace_nb.teaching.basics` adds its own
    when :mod:`horserace_nb.teaching` is imported)."""
    KINDS.update((cls.kind, cls) for cls in kinds)


def make_exercise(kind: str, seed: int = 1, case: str | None = None) -> Exercise[Any]:
    """The exercise of *kind* (and designed *case*) drawn from *seed* (same arguments, same
    exercise).

    :raises ValueError: for an unknown kind or case or a seed that is not a whole number.
    """
    if kind not in KINDS:
        raise ValueError(f"kind: one of {', '.join(KINDS)}, not {excerpt(kind)}")
    return KINDS[kind](check_seed(seed), case)


class ExerciseSet:
    """A lesson's run of exercises: *count* of them, cycling through *kinds*, each drawn from
    its own seed derived from *seed* (the same set for the same arguments). :meth:`next` goes on
    to a fresh one past the end ("next, new seed"); :attr:`stars` adds up the stars.

    >>> drills = ExerciseSet(["total", "score"], seed=7, count=3)
    >>> [e.kind for e in drills.exercises]
    ['total', 'score', 'total']
    >>> drills.current.check(drills.current.answer).ok
    True
    """

    def __init__(self, kinds: str | Sequence[str], *, seed: int = 1, count: int = 3) -> None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not names or any(not isinstance(k, str) or k not in KINDS for k in names):
            raise ValueError(f"kinds: one or more of {', '.join(KINDS)}, not {excerpt(kinds)}")
        whole(count, "count", low=1, what="a whole number of exercises ≥ 1")
        self.kinds = tuple(names)
        self.seed = check_seed(seed)
        self.exercises: list[Exercise[Any]] = [self._make(i) for i in range(count)]
        self.index = 0

    def _make(self, i: int) -> Exercise[Any]:
        return make_exercise(self.kinds[i % len(self.kinds)], self.seed * 1000 + i)

    @property
    def current(self) -> Exercise[Any]:
        return self.exercises[self.index]

    def next(self) -> Exercise[Any]:
        """Go on to the next exercise, drawing a fresh one past the end."""
        self.index += 1
        if self.index == len(self.exercises):
            self.exercises.append(self._make(self.index))
        return self.current

    @property
    def stars(self) -> int:
        return sum(e.stars for e in self.exercises)

    @property
    def max_stars(self) -> int:
        return MAX_STARS * len(self.exercises)
