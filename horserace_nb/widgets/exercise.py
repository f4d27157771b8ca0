"""Exercise widgets: :class:`ExerciseWidget` (alias :data:`Exercises`) shows the exercises of
:mod:`horserace_nb.teaching.exercises` on the board with instant feedback."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..core import validate
from ..core.tiles import Side, Tile
from ..sessions.protocol import (
    Text,
    board_moves,
    place_message,
    point_message,
    point_ref,
    tile_position,
)
from ..teaching.course import exercise_set
from ..teaching.exercises import (
    Exercise,
    ExerciseSet,
    Feedback,
    Hint,
    Point,
    SettlementAnswer,
    stars_for,
)
from ..words.i18n import check_lang, t
from .base import View, replace_children
from .board import Board, Choice
from .common import esc, question_html, safe, stars_html
from .store import Recorder

__all__ = ["ExerciseWidget", "Exercises", "POINTS_FORMS", "ONE_CHOICE_FORMS"]


# ============================================================================ drills on the board

POINTS_FORMS = ("points",)
"""Answer forms answered by choosing several points on the board (a click toggles one)."""
ONE_CHOICE_FORMS = ("seat", "option")
"""Answer forms answered by one of the choices (toggle buttons, only one pressed)."""


class ExerciseWidget(View):
    """Exercises on the board with instant feedback: a position, a question, the answer
    controls, and Check / Hint / Try again / Show answer / Next (a fresh seed) with a stars
    line.

    How each answer form is given:

    - ``points`` (which points are open, which count): the points are clicked **on the board**,
      a click toggles one (shown chosen), then Check; the board's keyboard access (Tab or the
      arrows, then Enter or Space) does the same;
    - ``point`` (where a tile scores the most): the point is clicked on the board, which checks
      at once;
    - ``seat``, ``option`` (one of :meth:`~horserace_nb.teaching.exercises.Exercise.choices`,
      labelled by ``choice_label``), ``sides``: toggle buttons; ``number`` and ``settlement``:
      number boxes.

    The feedback's :attr:`~horserace_nb.teaching.exercises.Feedback.points` and ``tiles`` (and a
    hint's) are marked on the board until the next answer, hint or exercise; rule numbers in
    every text are links to the rules page of the widget's language. *Hint* opens the next rung
    of the exercise's hint ladder (each costs a star: the stars line shows what is still to
    win); *Try again* keeps what was right
    (:meth:`~horserace_nb.teaching.exercises.Exercise.right_part`: the points rightly chosen
    stay chosen, the right numbers stay in their boxes).

    >>> w = Exercises("total", seed=7)
    >>> w.answer(w.exercise.answer).ok
    True

    :param kinds: one kind or a list (:data:`~horserace_nb.teaching.exercises.KINDS`), taken in
        turn, or an :class:`~horserace_nb.teaching.exercises.ExerciseSet` (*seed* and *count*
        are then its own).
    :param seed: the same seed gives the same exercises (a class can share them).
    :param count: how many before Next goes on to fresh ones.
    :param size: the board's largest width in pixels; a settlement's layout (a whole hand) may
        be drawn up to :attr:`WIDE` times wider, never wider than the notebook.
    """

    WIDE = 1.5
    """How much wider than *size* a settlement's layout may be drawn."""

    def __init__(self, kinds: str | Sequence[str] | ExerciseSet = "total", *, seed: int = 1,
                 count: int = 3, lang: str = "en", size: float = 560) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        self.drills = (kinds if isinstance(kinds, ExerciseSet)
                       else ExerciseSet(kinds, seed=seed, count=count))
        super().__init__(lang=lang, switch=False)
        self.counter = widgets.HTML()
        self.stars_line = widgets.HTML()
        self.prompt = widgets.HTML()
        self.board = Board(lang=lang, readonly=True)
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choose_label = widgets.HTML()
        self.number = widgets.IntText(value=0, layout=widgets.Layout(width="14em"))
        self.pips = widgets.IntText(value=0, layout=widgets.Layout(width="14em"))
        self.rounded = widgets.IntText(value=0, layout=widgets.Layout(width="14em"))
        self.points = widgets.IntText(value=0, layout=widgets.Layout(width="14em"))
        for field in (self.number, self.pips, self.rounded, self.points):
            field.style.description_width = "initial"
        self.numbers_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        button = functools.partial(widgets.Button, layout=widgets.Layout(width="auto"))
        self.check_button = button(button_style="primary", icon="check")
        self.hint_button = button(icon="lightbulb-o")
        self.retry_button = button(icon="undo")
        self.show_button = button(icon="eye")
        self.next_button = button(icon="step-forward")
        self.toggles: list[widgets.ToggleButton] = []
        """The choices' toggle buttons (seats, sides, winners, options); none for points,
        which are chosen on the board."""
        self.picked: list[Point] = []
        """The points chosen on the board now (an exercise answered with points), in the order
        of the exercise's choices."""
        self.recorder = Recorder(lang=lang)
        """Records each exercise finished in the learner's browser (issue 20)."""
        self.children = [
            widgets.HBox([self.counter, self.stars_line],
                         layout=widgets.Layout(justify_content="space-between")),
            self.board, self.prompt, self.choice_box, self.numbers_box,
            widgets.HBox([self.check_button, self.hint_button, self.retry_button,
                          self.show_button, self.next_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.messages.box, self.recorder.store,
        ]
        self.add_class("hr-exercise")
        self.check_button.on_click(lambda _: self._on_check())
        self.hint_button.on_click(lambda _: self._on_hint())
        self.retry_button.on_click(lambda _: self._on_retry())
        self.show_button.on_click(lambda _: self._on_show())
        self.next_button.on_click(lambda _: self._on_next())
        self.board.on_choice(self._on_board)
        self.board.on_refusal(self._on_refusal)
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it,
        # the points chosen and the marks kept
        self.board.observe(lambda _: self._show_exercise(), names="room")
        self.feedback: Feedback | None = None
        """The verdict on the last answer checked (in ``lang``: written again on a switch)."""
        self._again: Callable[[str], Feedback] | None = None  # self.feedback in any language
        self._answer: Any = None  # the last answer checked (what Try again keeps part of)
        self._marks: tuple[frozenset[Point], frozenset[Tile], str] | None = None
        self._shown: Exercise[Any] | None = None  # the exercise the controls are built for
        self.start()

    @classmethod
    def for_lesson(cls, lesson: str, *, lang: str = "en", size: float = 560) -> ExerciseWidget:
        """The designed exercises of *lesson* (its slug, ``"turns"``; the number it had before
        slugs, ``"04"``, is read too): one per case, then fresh ones cycling through the cases
        (:func:`~horserace_nb.teaching.course.exercise_set`).

        >>> Exercises.for_lesson("turns").exercise.progress_case
        'must_place/draw'
        """
        return cls(exercise_set(lesson), lang=lang, size=size)

    # ------------------------------------------------------------------ the API
    @property
    def exercise(self) -> Exercise[Any]:
        """The exercise on show."""
        return self.drills.current

    def choose(self, *choices: Any) -> None:
        """Select exactly these of the exercise's choices, as a learner would: points on the
        board, seats, sides or options on the toggle buttons."""
        options = self.exercise.choices()
        if self.exercise.answer_form in POINTS_FORMS:
            self.picked = [o for o in options if any(_same(o, c) for c in choices)]
            self.board.pick(self.picked)
            return
        for button, option in zip(self.toggles, options, strict=True):
            button.value = any(_same(option, c) for c in choices)

    def set_numbers(self, *values: int) -> None:
        """Type *values* into the number fields (one, or pips / rounded / points)."""
        fields = ([self.pips, self.rounded, self.points]
                  if self.exercise.answer_form == "settlement" else [self.number])
        for field, value in zip(fields, values, strict=False):
            field.value = value

    def current_answer(self) -> Any:
        """The answer the controls hold now, in the exercise's form."""
        ex = self.exercise
        form = ex.answer_form
        if form in POINTS_FORMS:
            return frozenset(self.picked)
        chosen = [c for b, c in zip(self.toggles, ex.choices(), strict=True) if b.value]
        if form == "sides":
            return frozenset(chosen)
        if form in ONE_CHOICE_FORMS:
            return chosen[0] if chosen else _NO_CHOICE
        if form == "number":
            return self.number.value
        if form == "settlement":
            return SettlementAnswer(frozenset(chosen), self.pips.value, self.rounded.value,
                                    self.points.value)
        return None  # a point: answered by clicking the board

    def check(self) -> Feedback:
        """Check the answer the controls hold (the Check button)."""
        answer = self.current_answer()
        if answer is _NO_CHOICE:
            return self._say(lambda lang: Feedback(False, t("exercise.no_answer", lang)))
        return self._judge(answer)

    def answer(self, value: Any) -> Feedback:
        """Put *value* into the controls and check it: a number, a SettlementAnswer, a set of
        points or sides, a seat (``None``: nobody), an option's key, or a point (as if clicked
        on the board)."""
        form = self.exercise.answer_form
        if form == "point":
            tile, side = value
            feedback = self.click_point(tile, side)
            assert feedback is not None
            return feedback
        if form == "number":
            self.set_numbers(value)
        elif form == "settlement":
            self.choose(*value.winners)
            self.set_numbers(value.pips, value.rounded, value.points)
        elif form in ONE_CHOICE_FORMS:
            self.choose(value)
        else:
            self.choose(*value)
        return self.check()

    def click_point(self, on: Tile | str, side: Side | str) -> Feedback | None:
        """What clicking the point *side* of *on* on the board does (the board sends the
        same): for a question about several points it chooses the point, or takes it back if
        it was chosen (``None``: nothing is checked until Check); for "where does the tile
        score most" it places the tile there and checks (the feedback).

        :raises ValueError: for an exercise that is not answered on the board, or a point the
            board does not offer.
        """
        ex = self.exercise
        form = ex.answer_form
        if form in POINTS_FORMS:
            before = list(self.picked)
            refused: list[bool] = []
            self.board.on_refusal(lambda text: refused.append(True))
            try:
                self.board.receive(point_message(on, side, self.board.revision))
            finally:
                self.board.on_refusal(self._on_refusal)
            if refused or before == self.picked:
                raise ValueError(f"click_point: {on} {Side.coerce(side).value} is not one of "
                                 f"the points on the board")
            return None
        if form != "point" or ex.tile is None:
            raise ValueError(f"click_point answers an exercise on the board (open, counted, "
                             f"where); this one ({ex.kind}) is answered with its controls: "
                             f"use answer()")
        self.feedback = None
        self.board.receive(place_message(ex.tile, on, side, self.board.revision))
        if self.feedback is None:  # refused by the board: the sentence is in the message area
            raise ValueError("click_point: the board refused the click (its message area "
                             "says why)")
        return self.feedback

    def hint(self) -> Hint | None:
        """Open the next rung of the exercise's hint ladder (the Hint button): its sentence in
        the message area, what it points at marked on the board, a star less to win; ``None``
        (and a sentence saying so) once every rung is open."""
        ex, lang = self.exercise, self.lang
        before, solved = ex.hints_used, ex.solved
        step = ex.hint(lang)
        if step is None:
            self._clear_marks()
            self.messages.tell(lambda code: t("exercise.no_more_hints", code), lang,
                               kind="hint")
            self.board.announce(t("exercise.no_more_hints", lang))
            return None
        total = len(ex.hint_steps(lang))
        index = min(before, total - 1) if solved else before

        def said(code: str) -> str:
            return t("exercise.hint_given", code, n=index + 1, total=total,
                     text=ex.hint_steps(code)[index].message)

        self.messages.tell(said, lang, kind="hint")
        self.board.announce(said(lang))
        self._mark(step.points, step.tiles, "hint")
        self._show_stars()
        return step

    def try_again(self) -> None:
        """Clear the answer, the message and the marks, keeping what was right in the last
        answer (:meth:`~horserace_nb.teaching.exercises.Exercise.right_part`: the points
        rightly chosen stay chosen, right numbers stay in their boxes); the exercise and its
        attempts stay."""
        ex = self.exercise
        keep = None if self._answer is None or ex.solved else ex.right_part(self._answer)
        self._clear()
        if keep is not None and self._keep(keep):
            self.messages.tell(lambda lang: t("exercise.kept", lang), self.lang)

    def show_answer(self) -> str:
        """Show the answer with its rule (no stars for an exercise not yet solved)."""
        ex = self.exercise
        text = ex.reveal(self.lang)
        self._record()
        self._clear_marks()
        self.messages.tell(lambda lang: t("exercise.shown", lang, text=ex.answer_text(lang)),
                           self.lang)
        self._show_stars()
        return text

    def next(self) -> Exercise[Any]:
        """On to the next exercise (a fresh seed past the set's end)."""
        if self.exercise.attempts:
            self._record()  # left after a try: recorded as it stands
        self.drills.next()
        self._clear()
        self._show_exercise()
        return self.exercise

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_check(self) -> None:
        self.check()

    @safe
    def _on_hint(self) -> None:
        self.hint()

    @safe
    def _on_retry(self) -> None:
        self.try_again()

    @safe
    def _on_show(self) -> None:
        self.show_answer()

    @safe
    def _on_next(self) -> None:
        self.next()

    @safe
    def _on_board(self, choice: Choice) -> None:
        ex = self.exercise
        if choice.kind == "point":
            self._toggle(choice)
            return
        tile = ex.tile
        if ex.answer_form != "point" or tile is None:  # the board shows, it asks nothing
            self._on_refusal(lambda lang: t("board.readonly", lang))
            return
        if choice.tile is not tile:  # another tile: not an answer to this question
            other = choice.tile
            self._say(lambda lang: Feedback(False, t("exercise.other_tile", lang, tile=tile,
                                                     other=other)))
            return
        if choice.kind == "select":
            return  # the board lights the tile's points itself
        if choice.on is None or choice.side is None:  # the layout is not empty: no opening
            self._say(lambda lang: Feedback(False, t("exercise.click_point", lang)))
            return
        self._judge((choice.on, choice.side))

    def _toggle(self, choice: Choice) -> None:
        """A spot clicked on the board: choose the point, or take it back."""
        point = (choice.on, choice.side)
        options = self.exercise.choices()
        if self.exercise.answer_form not in POINTS_FORMS or point not in options:
            self._on_refusal(lambda lang: t("board.bad_message", lang))
            return
        chosen = set(self.picked) ^ {point}
        self.picked = [o for o in options if o in chosen]
        self.board.pick(self.picked)

    def _on_refusal(self, text: Text) -> None:
        """A message the board refused (stale, malformed, on a board to watch): say why (again
        in the new language after a switch)."""
        self.messages.tell(text, self.lang, kind="error")

    def relocalize(self, lang: str) -> None:
        self.recorder.store.lang = lang
        self._show_exercise()
        if self._again is not None:  # the last verdict in the new language (the message
            self.feedback = self._again(lang)  # area writes its lines again itself)

    # ------------------------------------------------------------------ drawing
    def _clear(self) -> None:
        """No answer, no message, no marks (the exercise and its attempts stay)."""
        self.messages.clear()
        self.feedback, self._again, self._answer = None, None, None
        for button in self.toggles:
            button.value = False
        for field in (self.number, self.pips, self.rounded, self.points):
            field.value = 0
        self.picked = []
        self.board.pick([])
        self._clear_marks()

    def _keep(self, keep: object) -> bool:
        """Put back the right part of the last answer; whether anything was put back."""
        form = self.exercise.answer_form
        if form in (*POINTS_FORMS, "sides"):
            kept = list(keep) if isinstance(keep, Iterable) and not isinstance(keep, str) else []
            self.choose(*kept)
            return bool(kept)
        if form == "settlement":
            found = False
            winners = _part(keep, "winners")
            if winners is not None:
                self.choose(*winners)
                found = True
            for name, box in (("pips", self.pips), ("rounded", self.rounded),
                              ("points", self.points)):
                value = _part(keep, name)
                if isinstance(value, int):
                    box.value, found = value, True
            return found
        if form == "number" and isinstance(keep, int):
            self.number.value = keep
            return True
        if form in ONE_CHOICE_FORMS:
            self.choose(keep)
            return any(b.value for b in self.toggles)
        return False

    def _mark(self, points: Iterable[Point], tiles: Iterable[Tile], kind: str) -> None:
        self._marks = (frozenset(points), frozenset(tiles), kind)
        self.board.mark(self._marks[0], self._marks[1], kind)

    def _clear_marks(self) -> None:
        self._marks = None
        self.board.mark()

    def _judge(self, answer: Any) -> Feedback:
        ex = self.exercise
        feedback = ex.check(answer, self.lang)  # counts the attempt (once)
        self._answer = answer
        return self._say(lambda lang: ex.verdict(answer, lang), feedback)

    def _record(self) -> None:
        ex = self.exercise
        self.recorder.finish(ex, "exercise", ex.progress_case, ex.seed, stars=ex.stars,
                             tries=ex.attempts)

    def _say(self, again: Callable[[str], Feedback], feedback: Feedback | None = None
             ) -> Feedback:
        """Show a verdict; *again* writes it in any language (a switch says it again). What
        it talks about is marked on the board."""
        feedback = again(self.lang) if feedback is None else feedback
        self.feedback, self._again = feedback, again
        self.recorder.tried(self.exercise, feedback)
        if self.exercise.solved:
            self._record()
        self.messages.tell(lambda lang: again(lang).message, self.lang,
                           kind="ok" if feedback.ok else "error")
        self.board.announce(feedback.message)  # the widget's one live region: plain text
        self._mark(feedback.points, feedback.tiles, "ok" if feedback.ok else "error")
        self._show_stars()
        return feedback

    def _show_stars(self) -> None:
        drills, ex, lang = self.drills, self.exercise, self.lang
        total = t("exercise.stars", lang, stars=drills.stars, max=drills.max_stars)
        if ex.solved or ex.revealed:
            self.stars_line.value = stars_html(ex.stars, total)
            return
        # not solved yet: the stars still to win here, one fewer for each try and hint
        left = stars_for(ex.attempts + 1, True, False, ex.hints_used)
        self.stars_line.value = stars_html(
            left, t("exercise.stars_open", lang, stars=drills.stars, max=drills.max_stars,
                    left=left))

    @safe
    def _show_exercise(self) -> None:
        from ..render.svg import game_svg, layout_svg

        lang, ex = self.lang, self.exercise
        counter = t("exercise.counter", lang, n=self.drills.index + 1,
                    total=len(self.drills.exercises))
        self.counter.value = f"<b>{esc(counter)}</b>"
        self.prompt.value = question_html(ex.prompt(lang), lang)
        form = ex.answer_form
        room = self.board.room or None  # the board's width on the page (a phone)
        if self._shown is not ex:  # a new exercise: nothing chosen, nothing marked
            self.picked, self._marks = [], None
        if form == "point":
            assert ex.tile is not None
            position = tile_position(ex.layout, ex.tile)
            self.board.readonly = False
            self.board.show(str(game_svg(position, seat=0, lang=lang, size=self.size,
                                         interactive=True, highlight=None, room=room)),
                            board_moves(position, lang, preview=False, question=True),
                            str(ex.tile))
        elif form in POINTS_FORMS:
            choices = ex.choices()
            self.board.readonly = False
            self.board.show(
                str(layout_svg(ex.layout, lang=lang, size=self.size, highlight=ex.highlight,
                               show_numbers=False, spots=choices, room=room)),
                spots=[{**point_ref(*c), "label": ex.choice_label(c, lang)} for c in choices])
            self.board.pick(self.picked)  # a switch keeps the points chosen
        else:
            self.board.readonly = True
            numbers = form in ("seat", "settlement")  # turns and settlements: show the counts
            # a finished hand's layout is long: let it be wider than the others (the board
            # never gets wider than the notebook), so that its tiles stay readable
            size = self.size * self.WIDE if form == "settlement" else self.size
            self.board.show(str(layout_svg(ex.layout, lang=lang, size=size,
                                           highlight=ex.highlight, show_numbers=numbers,
                                           room=room)))
        if self._marks is not None:  # a switch keeps what the message talks about marked
            self.board.mark(*self._marks)
        # a question that is not about a layout (a deal, a lot, raw points) shows no board:
        # an empty one would only say that the leader may open with any tile
        self.board.layout.display = "none" if form not in (*POINTS_FORMS, "point") and \
            ex.layout.is_empty else ""
        label = ("exercise.pick_points" if form in POINTS_FORMS else
                 "exercise.winners_label" if form in ("sides", "settlement") else
                 "exercise.choose_label")
        if self._shown is not ex:  # a new exercise: new toggles, the old ones closed
            self._shown = ex
            self.toggles = ([] if form in POINTS_FORMS else
                            [widgets.ToggleButton(value=False,
                                                  layout=widgets.Layout(width="auto"))
                             for _ in ex.choices()])
            if form in ONE_CHOICE_FORMS:
                for button in self.toggles:
                    button.observe(self._only_one, names="value")
            shown = [self.choose_label, *self.toggles] if (
                self.toggles or form in POINTS_FORMS) else []
            replace_children(self.choice_box, shown, keep=[self.choose_label])
        for button, choice in zip(self.toggles, ex.choices() if self.toggles else [],
                                  strict=True):
            button.description = ex.choice_label(choice, lang)  # a switch keeps the choices
        self.choose_label.value = esc(t(label, lang))
        self.number.description = t("exercise.answer_label", lang)
        self.pips.description = t("exercise.pips_label", lang)
        self.rounded.description = t("exercise.rounded_label", lang)
        self.points.description = t("exercise.points_label", lang)
        self.numbers_box.children = (
            [self.number] if form == "number" else
            [self.pips, self.rounded, self.points] if form == "settlement" else [])
        self.check_button.description = t("exercise.check", lang)
        self.check_button.layout.display = "none" if form == "point" else ""
        self.hint_button.description = t("exercise.hint", lang)
        self.retry_button.description = t("exercise.try_again", lang)
        self.show_button.description = t("exercise.show_answer", lang)
        self.next_button.description = t("exercise.next", lang)
        self._show_stars()

    def _only_one(self, change: Any) -> None:
        if change["new"]:
            for button in self.toggles:
                if button is not change["owner"]:
                    button.value = False

Exercises = ExerciseWidget
"""``Exercises("total", seed=7, lang="ko")``: the name a lesson writes."""

_NO_CHOICE = object()


def _part(keep: object, name: str) -> Any:
    """One field of a kept settlement: a mapping's entry or an attribute (``None``: not
    kept)."""
    if isinstance(keep, Mapping):
        return keep.get(name)
    return getattr(keep, name, None)


def _same(a: Any, b: Any) -> bool:
    """Equal choices, a point given as text included."""
    if isinstance(a, tuple) and isinstance(b, (tuple, list)) and len(b) == 2:
        try:
            return a == (Tile.parse(b[0]), Side.coerce(b[1]))
        except ValueError:
            return False
    return bool(a == b) and type(a) is type(b)
