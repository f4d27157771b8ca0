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

from ..core.actions import Place
from ..core.game import Event, Game, Reason
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.rules import HORSE_RACE, placement_score
from ..core.settlement import HandResult, settle
from ..core.tiles import BRANCHES, FULL_SET, STRAIGHTS, Side, Tile
from ..core.validate import seed as check_seed
from ..core.validate import whole
from ..words import narration
from ..words.i18n import check_lang, side_name, t
from ..words.names import and_list, list_text, point_name, points_phrase, scoring_side, seat_name

__all__ = ["check_total", "Feedback", "SettlementAnswer", "Exercise", "OpenPoints",
           "CountedPoints", "Hint", "EndTotal", "PlacementScore", "BestPlacement", "NextPlayer",
           "Settlement", "GameWinner", "LayoutExercise", "PlayedPoint", "KINDS", "line_length",
           "make_exercise", "ExerciseSet", "Point", "MAX_STARS", "stars_for",
           "register_kinds"]


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

    @classmethod
    def of(cls, result: HandResult) -> SettlementAnswer:
        """The right answer for a settled hand: its winners and the first winner's bonus."""
        bonus = result.bonuses[0]
        return cls(frozenset(result.winners), bonus.pips, bonus.rounded, bonus.points)


def _rules_in(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(re.findall(r"R\d+", text)))


def _feedback(ok: bool, message: str, points: Iterable[Point] = (),
              tiles: Iterable[Tile | None] = ()) -> Feedback:
    return Feedback(ok, message, _rules_in(message), frozenset(points),
                    frozenset(x for x in tiles if x is not None))


def _hint(message: str, points: Iterable[Point] = (), tiles: Iterable[Tile | None] = ()
          ) -> Hint:
    return Hint(message, _rules_in(message), frozenset(points),
                frozenset(x for x in tiles if x is not None))


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
    """The end total as the feedback writes it: ``"2 + 8 = 10"``, but ``"10"`` for one end or
    none (not ``"10 = 10"``)."""
    return layout.sum_text() if len(layout.contributions()) > 1 else str(layout.end_total())


def _truncated(rng: random.Random, low: int, high: int) -> Layout:
    full = Layout.random(rng, doubles_first=rng.random() < 0.45)
    count = rng.randint(low, max(low, min(high, len(full))))
    return Layout.from_placements(list(full.placements()[:count]))


def _search(rng: random.Random, low: int, high: int, wanted: Callable[[Layout], bool]
            ) -> Layout:
    """A layout of *low* to *high* tiles (a designed case's position) for which *wanted*
    holds."""
    for _ in range(5000):
        layout = _truncated(rng, low, high)
        if wanted(layout):
            return layout
    raise RuntimeError("no layout found")  # pragma: no cover - every case is common enough


def _filled(layout: Layout, tile: Tile) -> bool:
    """Both straight sides of the double *tile* are taken: its branches are open (R11)."""
    joined = layout.joined_by(tile)
    return all(layout.child(tile, s) is not None
               or (joined is not None and joined.tile_side is s) for s in STRAIGHTS)


def _branch_started(layout: Layout, tile: Tile) -> bool:
    return any(layout.child(tile, s) is not None for s in BRANCHES)


def _rules_text(rules: Sequence[str]) -> str:
    return ", ".join(rules)


def _scoring_hint(layout: Layout, lang: str) -> Hint:
    """A pointer at the scoring ends (marked), how many they are, without their sum (R13)."""
    points = [(tile, side) for tile, side, _ in layout.scoring_points()]
    return _hint(t("exercise.hint.scoring_ends", lang, count=len(layout.contributions())),
                 points=points)


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

    @property
    def progress_case(self) -> str:
        """The item's ``case`` as results record it: the kind, or ``"<kind>/<case>"`` for a
        designed case (:mod:`horserace_nb.teaching.progress`)."""
        return self.kind if self.case is None else f"{self.kind}/{self.case}"

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
    cases = {
        "line": ("R9",),  # singles only: the two free ends
        "opening_double": ("R10", "R11"),  # the first tile a double, one straight side taken
        "straights": ("R10", "R11"),  # a double on the line: its straight B open, no branch
        "branches": ("R11", "R14"),  # a filled spinner: its unused branches are open
    }

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self.layout = _search(rng, 3, 7, functools.partial(self._is_case, self.case))
            return
        while True:
            layout = _truncated(rng, 3, 8)
            if layout.spinners():
                self.layout = layout
                return

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        spinners = layout.spinners()
        if case == "line":
            return not spinners and len(layout) <= 6
        filled = [d for d in spinners if _filled(layout, d)]
        if case == "opening_double":
            first = layout.tiles[0]
            return (first.is_double and spinners == [first] and not filled
                    and layout.child(first, Side.STRAIGHT_A) is not None)
        if case == "straights":
            return not filled and any(layout.joined_by(d) is not None for d in spinners)
        return any(not _branch_started(layout, d) for d in filled) and len(layout) <= 7

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
            point = extra[0]
            tile, side = point
            if tile.is_double and side.is_branch:
                hint = t("exercise.open.closed_branch", lang, point=point_name(point, lang),
                         tile=tile)
            else:
                hint = t("exercise.open.taken", lang, point=point_name(point, lang))
        else:
            point = missed[0]
            tile, side = point
            if tile.is_double and side.is_branch:
                hint = t("exercise.open.missed_branch", lang, point=point_name(point, lang),
                         tile=tile)
            elif tile.is_double:
                hint = t("exercise.open.missed_straight", lang, point=point_name(point, lang),
                         tile=tile)
            else:
                hint = t("exercise.open.missed", lang, point=point_name(point, lang),
                         number=numbers[point])
        return _feedback(False, t("exercise.not_quite", lang, hint=hint), [point], [tile])

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        first = _hint(t("exercise.open.hint1", lang, rules=_rules_text(self.item_rules)))
        doubles = self.layout.spinners()
        if doubles:
            return [first, _hint(t("exercise.open.hint_doubles", lang), tiles=doubles)]
        ends = {tile for tile, _, _ in self.layout.open_points()}
        return [first, _hint(t("exercise.open.hint_ends", lang), tiles=ends)]

    def right_part(self, answer: object) -> frozenset[Point]:
        """The points of *answer* that are open."""
        return self._coerce(answer) & self.answer

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
    cases = {
        "zero_end": ("R13",),  # an end showing 0 still counts
        "double_end": ("R13",),  # a double with an open straight side counts once
        "unused_branch": ("R14",),  # open but not counted
        "started_branch": ("R13", "R14"),  # a started branch counts through its outer end
    }

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self.layout = _search(rng, 3, 8, functools.partial(self._is_case, self.case))
            return
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
        point = (extra or missed)[0]
        return _feedback(False, t("exercise.not_quite", lang,
                                  hint=self._wrong_point(extra, missed, open_numbers, lang)),
                         [point], [point[0]])

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
            return not any(_branch_started(layout, d) for d in spinners)
        return any(_branch_started(layout, d) for d in spinners)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        tiles = self.layout.spinners() or [tile for tile, _, _ in self.layout.open_points()]
        return [_hint(t("exercise.counted.hint1", lang, rules=_rules_text(self.item_rules))),
                _hint(t("exercise.counted.hint2", lang), tiles=tiles)]

    def right_part(self, answer: object) -> frozenset[Point]:
        """The points of *answer* that count."""
        return self._coerce(answer) & self.answer

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
    cases = {
        "singles": ("R13",),  # no double: add the two ends
        "zero_end": ("R13",),  # an end showing 0 adds 0
        "double_end": ("R13",),  # a double with an open straight side adds both halves once
        "interior": ("R13", "R14"),  # a filled spinner adds nothing, nor do unused branches
    }

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self.layout = _search(rng, 3, 7, functools.partial(self._is_case, self.case))
            return
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
                return _feedback(False, t("exercise.not_quite", lang, hint=t(
                    key, lang, tile=tile, pips=tile.pips)), tiles=[tile])
        hint = t("exercise.total.wrong", lang, ends=len(layout.contributions()))
        return _feedback(False, t("exercise.not_quite", lang, hint=hint))

    def answer_text(self, lang: str = "en") -> str:
        return t("exercise.total.answer", lang, sum=_sum(self.layout))

    @staticmethod
    def _is_case(case: str, layout: Layout) -> bool:
        spinners = layout.spinners()
        if case == "singles":
            return not spinners and layout.end_total() > 0
        if case == "zero_end":
            return any(n == 0 and not tile.is_double for tile, _, n in layout.scoring_points())
        if case == "double_end":
            return any(tile.is_double for tile, _, _ in layout.scoring_points())
        return any(_filled(layout, d) for d in spinners)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [_hint(t("exercise.total.hint1", lang, rules=_rules_text(self.item_rules))),
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

    def _build(self, rng: random.Random) -> None:
        if self.case == "opening":
            tiles = [x for x in FULL_SET if Layout.from_placements([(x, None, None)]).score()]
            self.layout = Layout.from_placements([(rng.choice(tiles), None, None)])
            self.highlight = self.layout.tiles[-1]
            return
        if self.case is not None:
            self.layout = _search(rng, 3, 7, functools.partial(self._is_case, self.case))
            self.highlight = self.layout.tiles[-1]
            return
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
        return [_hint(t("exercise.score.hint1", lang, rules=_rules_text(self.item_rules))),
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

    def _build(self, rng: random.Random) -> None:
        while True:
            layout = _truncated(rng, 2, 8 if self.case is None else 6)
            tiles = [tile for tile in FULL_SET if tile not in layout]
            rng.shuffle(tiles)
            if self.case == "branch" and not any(_filled(layout, d) for d in layout.spinners()):
                continue
            for tile in tiles:
                points = layout.legal_points(tile)
                if len(points) < 2:
                    continue
                scores = sorted(placement_score(layout.total_after(tile, *p)) for p in points)
                if scores[-1] > 0 and scores[-1] != scores[-2]:
                    self.layout, self.tile = layout, tile
                    if self.case is None or self._is_case(self.case):
                        return

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
        return [_hint(t("exercise.where.hint1", lang, tile=self.tile,
                        rules=_rules_text(self.item_rules))),
                _hint(t("exercise.where.hint2", lang, tile=self.tile, count=len(points)),
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
        return _feedback(False, t("exercise.not_quite", lang, hint=hint), [answer])

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


def _after_a_draw(game: Game) -> bool:
    """The last event placed the tile its player had just drawn (R18)."""
    history = game.history
    event = history[-1]
    return (event.kind == "place" and len(history) > 1 and history[-2].kind == "draw"
            and history[-2].seat == event.seat)


def _is_next_case(case: str | None, game: Game, event: Event) -> bool:
    """*event* shows the designed case of :class:`NextPlayer`."""
    reason = event.reason
    scored = event.tile is not None and (event.tile.is_double or event.raw > 0)
    if case == "drawn":
        return reason is Reason.DRAWN and event.raw > 0
    if case == "last_tile":
        return reason is Reason.DOMINO and scored
    if case == "target":
        return reason is Reason.GAME_WON and not _after_a_draw(game)
    wanted = {"single": Reason.SINGLE, "double": Reason.DOUBLE, "scored": Reason.SCORED,
              "draw_again": Reason.DRAW_AGAIN, "pass": Reason.PASS}
    return reason is wanted[str(case)]


class NextPlayer(Exercise[int | None]):
    """Who plays next after this action? (R17 continuation, R18 drawn tile, R19 pass, R20–R21
    the hand ends) The position comes from seeded random play; the answer is a seat, or
    ``None`` when the hand is over."""

    kind = "next"
    answer_form = "seat"
    rules = ("R17", "R18", "R19", "R20", "R21")
    cases = {
        "single": ("R8", "R17"),  # a single from hand that does not score ends the turn
        "double": ("R17",),  # a double from hand: the same player goes on
        "scored": ("R15", "R17"),  # a scoring single from hand: the same player goes on
        "drawn": ("R18",),  # a drawn tile that scores still ends the turn
        "draw_again": ("R18",),  # a drawn tile that does not fit: draw again
        "pass": ("R19",),  # no tile fits, the boneyard is empty: pass, clockwise
        "last_tile": ("R20", "R21"),  # a last tile that is a double or scores ends the hand
        "target": ("R20", "R26"),  # a score from hand that reaches the target ends the game
    }

    def _build(self, rng: random.Random) -> None:
        wanted = rng.choice(_NEXT_REASONS) if self.case is None else None
        target = HORSE_RACE.target
        for attempt in range(400):
            players = rng.choice((2, 3, 4))
            scores = None
            if wanted is not None:
                found = functools.partial(_shows, wanted, attempt < 200)
            else:
                found = functools.partial(_is_next_case, self.case)
                if self.case == "target":
                    scores = [target - rng.randint(1, 4) for _ in range(players)]
            game = Game(players=players, seed=rng.randrange(1, 10**9), scores=scores)
            event = _random_play(game, rng, found)
            if event is not None:
                self.game, self.event = game, event
                self.layout = game.layout.copy()
                self.highlight = event.tile if event.kind == "place" else None
                self.drawn = _after_a_draw(game)
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
        lines = [said, t("exercise.next.state", lang, hands=counts,
                         count=len(self.game.boneyard))]
        if self.case == "target":  # the scores before the placement, and the target
            before = list(event.scores)
            before[event.seat] -= event.display
            scores = list_text((t("exercise.winner.score_item", lang, name=seat_name(s, lang),
                                  points=v) for s, v in enumerate(before)), lang, none=True)
            lines.append(t("exercise.winner.scores", lang, scores=scores,
                           target=self.game.target))
        return [*lines, t("exercise.next.q", lang)]

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

    def _rule_sentence(self, lang: str) -> str:
        """The turn rule the event turns on, as a sentence with its R-numbers."""
        key = self._reason_key()
        rule = "same" if key in ("double", "scored", "double_scored") else key
        return t(f"exercise.next.rule_{rule}", lang, target=self.game.target)

    def _verdict(self, answer: int | None, lang: str) -> Feedback:
        event = self.event
        tiles = [event.tile] if event.kind == "place" else []
        if answer == self.answer:
            return _feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)),
                             tiles=tiles)
        return _feedback(False, t("exercise.not_quite", lang, hint=self._why_not(answer, lang)),
                         tiles=tiles)

    def _why_not(self, answer: int | None, lang: str) -> str:
        """Why the seat *answer* (``None``: nobody) is not next: a sentence of its own for each
        wrong choice."""
        event, right = self.event, self.answer
        name = seat_name(event.seat, lang)
        choice = self.choice_label(answer, lang)
        rule = self._rule_sentence(lang)
        if right is None:  # the hand or the game is over: nobody plays
            return t("exercise.next.over", lang, choice=choice, rule=rule)
        if answer is None:
            return t("exercise.next.not_over", lang)
        if right == event.seat:  # the same player goes on: places again, or draws again
            draws = self._reason_key() == "draw_again" and bool(self.game.boneyard)
            key = "exercise.next.wait_draw" if draws else "exercise.next.wait"
            return t(key, lang, choice=choice, name=name, rule=rule)
        if answer == event.seat:  # the turn has ended
            return t("exercise.next.turn_over", lang, name=name, rule=rule)
        return t("exercise.next.clockwise", lang, choice=choice, name=name,
                 rules=", ".join(dict.fromkeys(("R8", *_rules_in(rule)))))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        event = self.event
        first = _hint(t("exercise.hint.rule", lang, rule=self._rule_sentence(lang)))
        if event.kind == "pass":
            return [first, _hint(t("exercise.next.hint_pass", lang))]
        if event.kind == "draw":
            assert event.tile is not None
            points = [(tile, side) for tile, side, _ in self.layout.open_points()]
            return [first, _hint(t("exercise.next.hint_draw", lang, tile=event.tile),
                                 points=points)]
        return [first, _hint(t("exercise.next.hint_place", lang, tile=event.tile),
                             tiles=[event.tile])]

    def answer_text(self, lang: str = "en") -> str:
        event = self.event
        nxt = self.answer
        return t(f"exercise.next.why_{self._reason_key()}", lang,
                 name=seat_name(event.seat, lang), tile=event.tile, total=event.total,
                 next="" if nxt is None else seat_name(nxt, lang),
                 score=event.scores[self.game.side_of(event.seat)] if event.scores else 0,
                 target=self.game.target)


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
    HAND: ClassVar[int] = 5
    """The most tiles a player holds in a designed case's settlement (added up in a minute)."""
    PIPS: ClassVar[int] = 40
    """The most pips a winner receives in a designed case's settlement."""
    cases = {
        "domino": ("R21", "R23"),  # going out, individual play
        "round_down": ("R23",),  # a remainder of 1 or 2 rounds down
        "round_up": ("R23",),  # a remainder of 3 or 4 rounds up
        "blocked": ("R22", "R23"),  # blocked, individual play: the lowest total wins
        "partners": ("R2", "R21", "R23"),  # going out in partnerships: the partner pays nothing
        "blocked_partners": ("R22", "R23"),  # blocked partnerships: the teams' totals
        "tie": ("R22", "R24"),  # blocked and tied for lowest: a full bonus each
    }

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self._build_case(rng, self.case)
            return
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

    def _build_case(self, rng: random.Random, case: str) -> None:
        partners = case in ("partners", "blocked_partners")
        blocked = case in ("blocked", "blocked_partners", "tie")

        def fits(result: HandResult) -> bool:
            pips = result.bonuses[0].pips
            if not 5 <= pips <= self.PIPS or (len(result.winners) > 1) != (case == "tie"):
                return False
            if case == "round_down":
                return pips % 5 in (1, 2)
            if case == "round_up":
                return pips % 5 in (3, 4)
            return case == "tie" or pips % 5 != 0  # a sum that needs rounding

        for _ in range(20000):
            players = 4 if partners else rng.choice((3,) if case == "tie" else (2, 3, 4))
            game = (self._blocked_hand(rng, players, partners, fits) if blocked
                    else self._domino_hand(rng, players, partners, fits))
            if game is not None:
                assert game.hand_result is not None
                self.game, self.result = game, game.hand_result
                self.layout = game.layout.copy()
                return
        raise RuntimeError("no settlement found")  # pragma: no cover - found in a few hundred

    def _domino_hand(self, rng: random.Random, players: int, partners: bool,
                     fits: Callable[[HandResult], bool]) -> Game | None:
        """A hand won by a last tile: a layout, the winner holding its last tile, the others a
        few tiles each, the rest in the boneyard; the last tile placed."""
        layout = _truncated(rng, 5, 11)
        if line_length(layout) > self.LINE or len(layout) < 2:
            return None
        *before, (last, on, side) = layout.placements()
        rest = [x for x in FULL_SET if x not in layout]
        rng.shuffle(rest)
        winner = rng.randrange(players)
        hands: list[list[Tile]] = []
        for seat in range(players):
            size = 1 if seat == winner else rng.randint(1, self.HAND - 1)
            hands.append([last] if seat == winner else rest[:size])
            if seat != winner:
                rest = rest[size:]
        game = Game.from_position(before, hands, rest, winner, partners=partners,
                                  seed=rng.randrange(1, 10**9))
        game.apply(Place(last, on, side))
        result = game.hand_result
        return game if result is not None and result.reason == "domino" and fits(result) \
            else None

    def _blocked_hand(self, rng: random.Random, players: int, partners: bool,
                      fits: Callable[[HandResult], bool]) -> Game | None:
        """A blocked hand: a layout to which no other tile of the set fits, the tiles left
        shared among the players (a few each), the boneyard empty."""
        layout = Layout.random(rng)
        pool = [x for x in FULL_SET if x not in layout]
        if not players <= len(pool) <= self.HAND * players or line_length(layout) > self.LINE:
            return None
        for _ in range(40):
            rng.shuffle(pool)
            cuts = sorted(rng.sample(range(1, len(pool)), players - 1))
            hands = [pool[a:b] for a, b in zip([0, *cuts], [*cuts, len(pool)], strict=True)]
            if max(map(len, hands)) > self.HAND:
                continue
            result = settle([sum(x.pips for x in h) for h in hands], partners=partners,
                            domino=None)
            if fits(result):
                return Game.from_position(layout, hands, [], 0, partners=partners,
                                          seed=rng.randrange(1, 10**9))
        return None

    @property
    def partners(self) -> bool:
        return self.game.partners

    @property
    def answer(self) -> SettlementAnswer:
        return SettlementAnswer.of(self.result)

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

    def _winners_rule(self, lang: str) -> str:
        """Who wins the hand, as the rule says it (R21, R22, R24)."""
        if self.result.reason == "domino":
            key = "exercise.settle.w_domino_team" if self.partners else \
                "exercise.settle.w_domino"
        elif self.partners:
            key = "exercise.settle.w_blocked_teams"
        else:
            key = "exercise.settle.w_blocked"
        return t(key, lang)

    def _pips_slips(self) -> dict[int, str]:
        """Pip sums reached by a wrong rule, with the catalog key that names the rule: the
        winner's own pips counted or subtracted, the partner's counted, a tie's bonus split or
        the co-winners left out (R23, R24)."""
        right, result = self.answer, self.result
        sides = result.side_pips()
        winner = min(right.winners)
        own = sides[winner]
        out: dict[int, str] = {}
        if len(right.winners) > 1:
            key = "exercise.settle.p_tie_teams" if self.partners else "exercise.settle.p_tie"
            out[right.pips // len(right.winners)] = key
            out[right.pips - sum(sides[w] for w in right.winners if w != winner)] = key
        if self.partners:
            out.setdefault(right.pips + own, "exercise.settle.p_partners")
        elif own:
            out.setdefault(right.pips + own, "exercise.settle.p_own")
        if own:
            out.setdefault(right.pips - own, "exercise.settle.p_sum")
        out.pop(right.pips, None)
        return out

    def _verdict(self, answer: SettlementAnswer, lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return _feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        slip = False
        if answer.winners != right.winners:
            hint = self._winners_rule(lang)
        elif answer.pips != right.pips:
            key = self._pips_slips().get(answer.pips)
            if key is not None:
                hint = t(key, lang)
            else:
                slip = True
                payers = self.result.bonuses[0].from_seats
                hint = t("exercise.settle.s_sum", lang,
                         names=and_list([seat_name(s, lang) for s in payers], lang))
        elif answer.rounded != right.rounded:
            low = right.pips - right.pips % 5
            if answer.rounded in (low, low + 5) or answer.rounded == right.pips:
                hint = t("exercise.settle.r_round", lang, pips=right.pips)  # the wrong way
            else:
                slip = True
                hint = t("exercise.settle.s_round", lang, pips=right.pips, low=low,
                         high=low + 5)
        else:
            slip = True
            hint = t("exercise.settle.pt_divide", lang, rounded=right.rounded)
        frame = "exercise.settle.slip" if slip else "exercise.settle.rule"
        return _feedback(False, t("exercise.not_quite", lang, hint=t(frame, lang, hint=hint)))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        pips = list_text((t("exercise.settle.pips_item", lang, name=seat_name(s, lang), pips=p)
                          for s, p in enumerate(self.result.pips)), lang, none=True)
        winners = _hint(t("exercise.hint.rule", lang, rule=self._winners_rule(lang)))
        remaining = _hint(t("exercise.settle.hint_pips", lang, pips=pips))
        rounding = _hint(t("exercise.settle.hint_round", lang))
        if self.case in ("round_down", "round_up"):  # the case turns on the rounding
            return [rounding, remaining, winners]
        return [winners, remaining, rounding]

    def right_part(self, answer: object) -> dict[str, object]:
        """The fields of *answer* that are right, by name (``winners``, ``pips``,
        ``rounded``, ``points``)."""
        given, right = self._coerce(answer), self.answer
        return {name: getattr(given, name) for name in ("winners", "pips", "rounded", "points")
                if getattr(given, name) == getattr(right, name)}

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
    cases = {
        "placement": ("R20", "R26"),  # a placement reaches the target: the game ends at once
        "settlement": ("R26",),  # a settlement brings one side to the target or more
        "shared": ("R27",),  # several sides reach it in the same settlement: a shared win
        "nobody": ("R26",),  # nobody reaches it: the game goes on
    }

    def _build(self, rng: random.Random) -> None:
        target = HORSE_RACE.target
        self.scenario = (rng.choice(("placement", "settlement", "shared", "none"))
                         if self.case is None else
                         "none" if self.case == "nobody" else self.case)
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

    def _rule_key(self) -> str:
        if self.scenario == "placement":
            return "exercise.winner.rule_at_once"
        return "exercise.winner.rule_shared" if self.scenario == "shared" else \
            "exercise.winner.rule_reach"

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        target = HORSE_RACE.target
        gains = dict(self.gains)
        if self.placer is not None:
            gains[self.placer % 2 if self.partners else self.placer] = self.points
        sums = list_text(
            (t("exercise.winner.sum_item", lang, name=scoring_side(s, self.partners, lang),
               score=v, gain=gains[s]) if s in gains else
             t("exercise.winner.score_item", lang, name=scoring_side(s, self.partners, lang),
               points=v) for s, v in enumerate(self.scores)), lang, none=True)
        return [_hint(t("exercise.hint.rule", lang, rule=t(self._rule_key(), lang,
                                                           target=target))),
                _hint(t("exercise.winner.hint_sums", lang, sums=sums, target=target))]

    def right_part(self, answer: object) -> frozenset[int]:
        """The sides of *answer* that win."""
        return self._coerce(answer) & self.answer

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
    :meth:`designed` gives a set of designed items instead, one item per case (a lesson's:
    :func:`horserace_nb.teaching.course.exercise_set`).

    >>> drills = ExerciseSet(["total", "score"], seed=7, count=3)
    >>> [e.kind for e in drills.exercises]
    ['total', 'score', 'total']
    >>> drills.current.check(drills.current.answer).ok
    True
    >>> turns = ExerciseSet.designed([("next", "single"), ("next", "double")], seed=401)
    >>> [e.case for e in turns.exercises], turns.exercises[0].seed
    (['single', 'double'], 401000)
    """

    def __init__(self, kinds: str | Sequence[str], *, seed: int = 1, count: int = 3) -> None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not names or any(not isinstance(k, str) or k not in KINDS for k in names):
            raise ValueError(f"kinds: one or more of {', '.join(KINDS)}, not {excerpt(kinds)}")
        whole(count, "count", low=1, what="a whole number of exercises ≥ 1")
        self._begin(tuple((name, None) for name in names), seed, count)

    def _begin(self, items: tuple[tuple[str, str | None], ...], seed: int, count: int) -> None:
        self.items = items
        """The ``(kind, case)`` pairs taken in turn (case ``None``: any position)."""
        self.kinds = tuple(kind for kind, _ in items)
        self.seed = check_seed(seed)
        self.lesson = ""
        """The lesson whose designed set this is (its slug:
        :func:`horserace_nb.teaching.course.exercise_set`), or ``""``."""
        self.exercises: list[Exercise[Any]] = [self._make(i) for i in range(count)]
        self.index = 0

    @classmethod
    def designed(cls, items: Sequence[tuple[str, str]], *, seed: int = 1) -> ExerciseSet:
        """A set of designed items ``(kind, case)``, one exercise each; past the end
        :meth:`next` cycles through the cases again with fresh seeds.

        :raises ValueError: for an unknown kind or case, or no items.
        """
        if (isinstance(items, (str, bytes)) or not isinstance(items, Sequence) or not items
                or any(not isinstance(i, tuple) or len(i) != 2 for i in items)):
            raise ValueError(f"items: (kind, case) pairs, not {excerpt(items)}")
        for kind, case in items:
            if kind not in KINDS:
                raise ValueError(f"kind: one of {', '.join(KINDS)}, not {excerpt(kind)}")
            if case not in KINDS[kind].cases:
                raise ValueError(f"case: one of {', '.join(KINDS[kind].cases)} for {kind}, "
                                 f"not {excerpt(case)}")
        drills = cls.__new__(cls)
        drills._begin(tuple(items), seed, len(items))
        return drills

    def _make(self, i: int) -> Exercise[Any]:
        kind, case = self.items[i % len(self.items)]
        return make_exercise(kind, self.seed * 1000 + i, case)

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
