"""The exercises without widgets: the answer forms (:data:`FORMS`, one table from a form to the
controls it is answered with), and :class:`ExerciseSession`: the exercise on show, the answer
the controls hold, the judging, the hint ladder, the stars, what to mark on the board and the
next item. :class:`~horserace_nb.widgets.ExerciseWidget` only shows it.

>>> session = ExerciseSession(ExerciseSet("total", seed=7))
>>> session.form.numbers, session.form.board
(('answer',), '')
>>> chosen, numbers = session.form.fill(session.exercise.answer)
>>> session.check(chosen, numbers).ok, session.exercise.stars
(True, 3)
>>> session.next().kind, session.counter("en")
('total', 'Exercise 2 of 3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.quoting import excerpt
from ..core.tiles import Side, Tile
from ..core.validate import whole
from ..teaching.exercises import (
    Exercise,
    ExerciseSet,
    Feedback,
    Hint,
    Point,
    SettlementAnswer,
    stars_for,
)
from ..words.i18n import t
from .protocol import Text

__all__ = ["AnswerForm", "FORMS", "NO_CHOICE", "ExerciseSession", "read_number", "same_choice"]

NO_CHOICE = object()
"""The answer of a one-choice form before anything is chosen."""

Chosen = list[Any]
"""The choices chosen (points, seats, sides or options), in the order of the exercise's."""
Numbers = dict[str, int]
"""The number fields' values by field name."""


def read_number(text: str) -> int | None:
    """The whole number a box holds (spaces around it, full-width digits and a minus sign
    allowed, at most 9 digits), or ``None``.

    >>> read_number(" 15 "), read_number("１５"), read_number("−3"), read_number("1.5")
    (15, 15, -3, None)
    """
    text = text.strip().replace("\u2212", "-").replace("\uff0d", "-")
    sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text)
    if not digits or len(digits) > 9 or not all(c.isdecimal() for c in digits):
        return None
    return sign * int(digits)


def _one(chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
    return chosen[0] if chosen else NO_CHOICE


def _several(chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
    return frozenset(chosen)


def _number(chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
    return numbers["answer"]


def _settlement(chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
    return SettlementAnswer(frozenset(chosen), numbers["pips"], numbers["rounded"],
                            numbers["points"])


def _clicked(chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
    return None  # a point is answered by a click on the board, which checks at once


def _fill_one(value: object) -> tuple[Chosen, Numbers]:
    return [value], {}


def _fill_several(value: object) -> tuple[Chosen, Numbers]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"the answer is a collection of choices, not {excerpt(value)}")
    return list(value), {}


def _fill_number(value: object) -> tuple[Chosen, Numbers]:
    return [], {"answer": whole(value, "the answer")}


def _fill_settlement(value: object) -> tuple[Chosen, Numbers]:
    if not isinstance(value, (SettlementAnswer, Mapping)):
        raise ValueError(f"the answer is a SettlementAnswer, not {excerpt(value)}")
    winners = _part(value, "winners")
    numbers = {name: part for name in ("pips", "rounded", "points")
               if isinstance(part := _part(value, name), int)}
    return ([] if winners is None else _fill_several(winners)[0]), numbers


def _fill_nothing(value: object) -> tuple[Chosen, Numbers]:
    return [], {}


def _part(value: object, name: str) -> Any:
    """One field of a settlement: a mapping's entry (a kept part) or an attribute."""
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)


@dataclass(frozen=True)
class AnswerForm:
    """How an answer form is given, and so which controls show it: the board's part
    (:attr:`board`), toggle buttons for the choices (:attr:`toggles`), number fields
    (:attr:`numbers`); how the controls' values make the answer (:meth:`answer`) and how an
    answer, or the right part of one, goes back into them (:meth:`fill`)."""

    board: str
    """``"pick"``: the choices are points chosen on the board (a click toggles one);
    ``"place"``: a click on a point places the exercise's tile there and checks; ``""``: the
    board only shows the position."""
    toggles: str
    """``"one"``: toggle buttons, one pressed at most; ``"several"``: any of them; ``""``:
    none."""
    numbers: tuple[str, ...]
    """The number fields, by name (``answer``; ``pips``, ``rounded``, ``points``)."""
    label: str
    """The catalog key of the line over the choices."""
    compose: Callable[[Sequence[Any], Mapping[str, int]], Any]
    put: Callable[[object], tuple[Chosen, Numbers]]
    counts: bool = False
    """The layout is drawn with its numbers (turns and settlements: the counts matter)."""
    wide: bool = False
    """The layout is a finished hand, drawn wider than the others."""

    @property
    def picks(self) -> bool:
        """The choices are points chosen on the board."""
        return self.board == "pick"

    @property
    def places(self) -> bool:
        """A click on a point places the exercise's tile there and checks."""
        return self.board == "place"

    @property
    def one(self) -> bool:
        """One toggle pressed at most: pressing one releases the others."""
        return self.toggles == "one"

    @property
    def check(self) -> bool:
        """A Check button: every form but a click on the board's point."""
        return not self.places

    @property
    def on_board(self) -> bool:
        """The question is about the board's points: the board is shown even when empty."""
        return bool(self.board)

    def answer(self, chosen: Sequence[Any], numbers: Mapping[str, int]) -> Any:
        """The answer the controls hold: *chosen* choices and the *numbers* by field."""
        return self.compose(chosen, numbers)

    def fill(self, value: object) -> tuple[Chosen, Numbers]:
        """What the controls hold for *value* (an answer, or the right part of one): the
        choices to choose and the numbers by field.

        :raises ValueError: for a value that is not of the form (a number that is not whole,
            choices that are not a collection, a settlement that is not one).
        """
        return self.put(value)


FORMS: dict[str, AnswerForm] = {
    "points": AnswerForm("pick", "", (), "exercise.pick_points", _several, _fill_several),
    "point": AnswerForm("place", "", (), "exercise.choose_label", _clicked, _fill_nothing),
    "seat": AnswerForm("", "one", (), "exercise.choose_label", _one, _fill_one, counts=True),
    "option": AnswerForm("", "one", (), "exercise.choose_label", _one, _fill_one),
    "sides": AnswerForm("", "several", (), "exercise.winners_label", _several, _fill_several),
    "number": AnswerForm("", "", ("answer",), "exercise.choose_label", _number, _fill_number),
    "settlement": AnswerForm("", "several", ("pips", "rounded", "points"),
                             "exercise.winners_label", _settlement, _fill_settlement,
                             counts=True, wide=True),
}
"""Every answer form (:attr:`~horserace_nb.teaching.exercises.Exercise.answer_form`) and how it
is given: the one place a view looks up its controls."""


def same_choice(a: Any, b: Any) -> bool:
    """Equal choices, a point given as text included."""
    if isinstance(a, tuple) and isinstance(b, (tuple, list)) and len(b) == 2:
        try:
            return a == (Tile.parse(b[0]), Side.coerce(b[1]))
        except ValueError:
            return False
    return bool(a == b) and type(a) is type(b)


class ExerciseSession:
    """A run through *drills*: the exercise on show and its :attr:`form`, the points chosen on
    the board (:attr:`picked`), the last verdict (:attr:`feedback`, again in any language by
    :meth:`said`), what the board marks (:attr:`marks`), the hints, the stars and the next item.

    *tried* is told every verdict and *finished* every exercise done (solved, its answer shown,
    or left after a try), for a view to record them.
    """

    def __init__(self, drills: ExerciseSet, *,
                 tried: Callable[[Exercise[Any], Feedback], None] | None = None,
                 finished: Callable[[Exercise[Any]], None] | None = None) -> None:
        self.drills = drills
        self.tried = tried or (lambda exercise, feedback: None)
        self.finished = finished or (lambda exercise: None)
        self.picked: list[Point] = []
        """The points chosen on the board (a ``pick`` form), in the order of the choices."""
        self.feedback: Feedback | None = None
        """The verdict on the last answer checked."""
        self.marks: tuple[frozenset[Point], frozenset[Tile], str] | None = None
        """What the board marks: the points and tiles the last sentence talks about, and its
        kind (``ok``, ``error``, ``hint``)."""
        self.again: Callable[[str], Feedback] | None = None
        """:attr:`feedback` in any language (``None``: no verdict)."""
        self._answer: Any = None

    @property
    def exercise(self) -> Exercise[Any]:
        """The exercise on show."""
        return self.drills.current

    @property
    def form(self) -> AnswerForm:
        """How the exercise on show is answered."""
        return FORMS[self.exercise.answer_form]

    def matching(self, choices: Iterable[Any]) -> list[Any]:
        """The exercise's choices that are among *choices* (a point may be given as text), in
        the exercise's order."""
        wanted = list(choices)
        return [o for o in self.exercise.choices() if any(same_choice(o, c) for c in wanted)]

    def pick(self, point: tuple[Tile | None, Side | None]) -> bool:
        """A point clicked on the board: chosen, or taken back; ``False`` if it is not one of
        the choices of a ``pick`` form."""
        options: list[Point] = self.exercise.choices()
        match = next((o for o in options if o == point), None)
        if not self.form.picks or match is None:
            return False
        chosen = set(self.picked) ^ {match}
        self.picked = [o for o in options if o in chosen]
        return True

    # ------------------------------------------------------------------ verdicts
    def judge(self, answer: Any, lang: str = "en") -> Feedback:
        """Check *answer* (an attempt is counted once) and say the verdict (in *lang*).

        :raises ValueError: if *answer* is not of the kind the exercise asks for.
        """
        ex = self.exercise
        feedback = ex.check(answer, lang)
        self._answer = answer
        return self.say(lambda code: ex.verdict(answer, code), lang, feedback)

    def say(self, again: Callable[[str], Feedback], lang: str = "en",
            feedback: Feedback | None = None) -> Feedback:
        """Make *again* (a verdict in any language) the one on show and mark what it talks
        about; a solved exercise is finished."""
        feedback = again(lang) if feedback is None else feedback
        self.feedback, self.again = feedback, again
        self.tried(self.exercise, feedback)
        if self.exercise.solved:
            self.finished(self.exercise)
        self.marks = (feedback.points, feedback.tiles, "ok" if feedback.ok else "error")
        return feedback

    def check(self, chosen: Sequence[Any], numbers: Mapping[str, int], lang: str = "en"
              ) -> Feedback:
        """Check what the controls hold (*chosen* choices, *numbers* by field): nothing chosen
        yet in a one-choice form is asked for again (no attempt is counted)."""
        answer = self.form.answer(chosen, numbers)
        if answer is NO_CHOICE:
            return self.say(lambda code: Feedback(False, t("exercise.no_answer", code)), lang)
        return self.judge(answer, lang)

    def check_typed(self, chosen: Sequence[Any], typed: Mapping[str, str], lang: str = "en"
                    ) -> Feedback:
        """Check what the controls hold, the number boxes as typed (*typed*: their texts by
        field): a box of the form left empty is asked for ("choose or enter an answer"), a
        text that is not a whole number is refused ("type a whole number"); neither counts as
        an attempt (an empty box is not 0, which may be the right answer)."""
        numbers: Numbers = {}
        for name in self.form.numbers:
            text = typed.get(name, "").strip()
            if not text:
                return self.say(lambda code: Feedback(False, t("exercise.no_answer", code)),
                                lang)
            number = read_number(text)
            if number is None:
                return self.say(
                    lambda code: Feedback(False, t("exercise.not_a_number", code)), lang)
            numbers[name] = number
        return self.check(chosen, numbers, lang)

    def said(self, lang: str) -> Feedback | None:
        """The last verdict in *lang* (``None``: none)."""
        return None if self.again is None else self.again(lang)

    def hint(self, lang: str) -> tuple[Hint | None, Text]:
        """Open the next rung of the hint ladder: the rung (``None`` once every rung is open)
        and its sentence in any language ("Hint 1 of 2: …")."""
        ex = self.exercise
        before, solved = ex.hints_used, ex.solved
        step = ex.hint(lang)
        if step is None:
            self.marks = None
            return None, lambda code: t("exercise.no_more_hints", code)
        total = len(ex.hint_steps(lang))
        index = min(before, total - 1) if solved else before
        self.marks = (step.points, step.tiles, "hint")

        def said(code: str) -> str:
            return t("exercise.hint_given", code, n=index + 1, total=total,
                     text=ex.hint_steps(code)[index].message)

        return step, said

    def try_again(self) -> tuple[Chosen, Numbers] | None:
        """Clear the verdict and the marks; what the controls keep of the last answer (its
        right part: :meth:`~horserace_nb.teaching.exercises.Exercise.right_part`), or
        ``None``."""
        ex = self.exercise
        keep = None if self._answer is None or ex.solved else ex.right_part(self._answer)
        self.clear()
        if keep is None:
            return None
        chosen, numbers = self.form.fill(keep)
        chosen = self.matching(chosen)
        if self.form.picks:
            self.picked = list(chosen)
        return (chosen, numbers) if chosen or numbers else None

    def reveal(self, lang: str) -> str:
        """Show the answer (no stars unless it was solved): the exercise is finished."""
        text = self.exercise.reveal(lang)
        self.finished(self.exercise)
        self.marks = None
        return text

    def next(self) -> Exercise[Any]:
        """On to the next exercise (a fresh seed past the set's end); one left after a try is
        finished as it stands."""
        if self.exercise.attempts:
            self.finished(self.exercise)
        self.drills.next()
        self.clear()
        return self.exercise

    def clear(self) -> None:
        """No answer, no verdict, no marks (the exercise and its attempts stay)."""
        self.feedback, self.again, self._answer = None, None, None
        self.picked = []
        self.marks = None

    # ------------------------------------------------------------------ what to show
    def counter(self, lang: str) -> str:
        """"Exercise 2 of 3"."""
        return t("exercise.counter", lang, n=self.drills.index + 1,
                 total=len(self.drills.exercises))

    def stars(self, lang: str) -> tuple[int, str]:
        """The stars line: the stars won here (or still to win: one fewer for each try and
        hint) and its sentence with the set's total."""
        drills, ex = self.drills, self.exercise
        if ex.solved or ex.revealed:
            return ex.stars, t("exercise.stars", lang, stars=drills.stars, max=drills.max_stars)
        left = stars_for(ex.attempts + 1, True, False, ex.hints_used)
        return left, t("exercise.stars_open", lang, stars=drills.stars, max=drills.max_stars,
                       left=left)
