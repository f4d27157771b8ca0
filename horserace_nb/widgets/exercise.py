"""Exercise widgets: :class:`ExerciseWidget` (alias :data:`Exercises`) shows the exercise session
of :mod:`horserace_nb.sessions.exercise` on the board with instant feedback."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core import validate
from ..core.tiles import Side, Tile
from ..sessions.exercise import ExerciseSession, read_number
from ..sessions.protocol import (
    Text,
    board_moves,
    place_message,
    point_message,
    point_ref,
    tile_position,
)
from ..teaching.course import exercise_set
from ..teaching.exercises import Exercise, ExerciseSet, Feedback, Hint, Point
from ..words.i18n import check_lang, t
from ..words.names import clean_text
from .base import View, replace_children
from .board import Board, Choice
from .common import esc, question_html, safe, stars_html
from .store import Recorder
from .text import RuleText

__all__ = ["ExerciseWidget", "Exercises"]




# ============================================================================ drills on the board

class ExerciseWidget(View):
    """Exercises on the board with instant feedback: a position, a question, the answer
    controls, and Check / Hint / Try again / Show answer / Next (a fresh seed) with a stars
    line. The session (:class:`~horserace_nb.sessions.exercise.ExerciseSession`: the judging,
    the hints, the stars, the next item) is :attr:`session`; this view shows it.

    How each answer form is given (:data:`~horserace_nb.sessions.exercise.FORMS`, the one table
    the controls are built from):

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
        self.prompt = RuleText()
        self.board = Board(lang=lang, readonly=True)
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choose_label = widgets.HTML()
        # the number boxes start empty, with a placeholder (0 may be the right answer: a box
        # that starts with it would answer for the learner); what is typed is read on Check
        number_box = functools.partial(widgets.Text, value="",
                                       layout=widgets.Layout(width="14em"))
        self.number = number_box()
        self.pips = number_box()
        self.rounded = number_box()
        self.points = number_box()
        self.fields = {"answer": self.number, "pips": self.pips, "rounded": self.rounded,
                       "points": self.points}
        """The number boxes by the name an answer form gives them (their texts as typed)."""
        for field in self.fields.values():
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
        self.recorder = Recorder(lang=lang)
        """Records each exercise finished in the learner's browser (issue 20)."""
        self.session = ExerciseSession(self.drills, tried=self.recorder.tried,
                                       finished=self._record)
        """The exercises without widgets: what this view shows."""
        self.lesson = ""
        """The lesson whose items take the name kept in the browser (:meth:`for_lesson`
        without a learner), or ``""``."""
        self.section: int | None = None
        """The lesson's section whose items these are (:meth:`for_lesson`), or ``None``."""
        self.own_line = widgets.HTML()
        self.name_text = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_text.style.description_width = "initial"
        self.name_button = button(icon="user", layout=widgets.Layout(width="auto",
                                                                     min_height="44px"))
        self.name_box = widgets.HBox([self.name_text, self.name_button],
                                     layout=widgets.Layout(flex_flow="row wrap",
                                                           display="none"))
        self.children = [
            self.own_line, self.name_box,
            widgets.HBox([self.counter, self.stars_line],
                         layout=widgets.Layout(justify_content="space-between")),
            self.prompt, self.board, self.choice_box, self.numbers_box,
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
        self.name_button.on_click(lambda _: self._on_name())
        self.board.on_choice(self._on_board)
        self.board.on_refusal(self._on_refusal)
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it,
        # the points chosen and the marks kept
        self.board.observe(lambda _: self._show_exercise(), names="room")
        self._shown: Exercise[Any] | None = None  # the exercise the controls are built for
        self.start()

    @classmethod
    def for_lesson(cls, lesson: str, *, lang: str = "en", size: float = 560,
                   learner: str | None = None, section: int | None = None) -> ExerciseWidget:
        """The designed exercises of *lesson* (its slug, ``"turns"``; the number it had before
        slugs, ``"04"``, is read too): one per case, then fresh ones cycling through the cases
        (:func:`~horserace_nb.teaching.course.exercise_set`); with *section* (from 1), only
        the items checked after that section of the lesson, the same items as in the whole
        set (:func:`~horserace_nb.teaching.course.sections`).

        With a *learner*'s name, the same cases in the same order in the learner's own
        positions (a classmate's are different); ``""``: the lesson's own positions. By
        default (``None``), the name kept in this browser (the lesson map's): the lesson's
        own positions until the browser reports it, then the learner's own, if no item has
        been answered yet; a browser that keeps no name asks for it once, above the
        exercises (it is then kept for every lesson).

        >>> Exercises.for_lesson("turns").exercise.progress_case
        'must_place/draw'
        >>> Exercises.for_lesson("turns", learner="Mina").drills.learner
        'Mina'
        >>> Exercises.for_lesson("turns", section=3).exercise.progress_case
        'must_place/draw'
        """
        if learner is not None:
            return cls(exercise_set(lesson, learner=learner, section=section), lang=lang,
                       size=size)
        widget = cls(exercise_set(lesson, section=section), lang=lang, size=size)
        widget.lesson = widget.drills.lesson
        widget.section = section
        widget.recorder.store.on_change(lambda _: widget._from_store())
        return widget

    def use_learner(self, name: str) -> bool:
        """Show *name*'s own positions of the lesson's items (:meth:`for_lesson` without a
        learner) if no item has been answered yet; ``False`` (nothing changed) otherwise."""
        if not self.lesson or self.drills.learner == clean_text(name):
            return False
        ex = self.exercise
        if self.drills.index or ex.attempts or ex.hints_used or ex.revealed:
            return False
        self.drills = exercise_set(self.lesson, learner=name, section=self.section)
        self.session = ExerciseSession(self.drills, tried=self.recorder.tried,
                                       finished=self._record)
        self._clear()
        self._show_exercise()
        return True

    def keep_name(self, name: str) -> None:
        """The name typed in the box asked for once: kept in this browser (as the lesson map
        keeps it), then this lesson's items in the learner's own positions."""
        cleaned = clean_text(name)
        if not cleaned:
            return
        self.recorder.store.set_learner(cleaned)  # (the store tells this view: own items)
        if self.drills.learner == cleaned:  # said in the live region, for a screen reader
            self.messages.tell(lambda lang: t("exercise.own_items", lang, name=cleaned),
                               self.lang, kind="ok")

    # ------------------------------------------------------------------ the API
    @property
    def exercise(self) -> Exercise[Any]:
        """The exercise on show."""
        return self.session.exercise

    @property
    def feedback(self) -> Feedback | None:
        """The verdict on the last answer checked (in ``lang``: written again on a switch)."""
        return self.session.feedback

    @property
    def picked(self) -> list[Point]:
        """The points chosen on the board now (an exercise answered with points), in the order
        of the exercise's choices."""
        return list(self.session.picked)

    def choose(self, *choices: Any) -> None:
        """Select exactly these of the exercise's choices, as a learner would: points on the
        board, seats, sides or options on the toggle buttons."""
        chosen = self.session.matching(choices)
        if self.session.form.picks:
            self.session.picked = chosen
            self.board.pick(chosen)
            return
        for button, option in zip(self.toggles, self.exercise.choices(), strict=True):
            button.value = option in chosen

    def set_numbers(self, *values: int) -> None:
        """Type *values* into the number fields (one, or pips / rounded / points)."""
        for name, value in zip(self.session.form.numbers, values, strict=False):
            self.fields[name].value = str(value)

    def current_answer(self) -> Any:
        """The answer the controls hold now, in the exercise's form."""
        return self.session.form.answer(self._chosen(), self._numbers())

    def check(self) -> Feedback:
        """Check the answer the controls hold (the Check button)."""
        return self._show_verdict(self.session.check_typed(
            self._chosen(), {name: field.value for name, field in self.fields.items()},
            self.lang))

    def answer(self, value: Any) -> Feedback:
        """Put *value* into the controls and check it: a number, a SettlementAnswer, a set of
        points or sides, a seat (``None``: nobody), an option's key, or a point (as if clicked
        on the board)."""
        form = self.session.form
        if form.places:
            tile, side = value
            feedback = self.click_point(tile, side)
            assert feedback is not None
            return feedback
        chosen, numbers = form.fill(value)
        if form.toggles or form.board:
            self.choose(*chosen)
        for name, number in numbers.items():
            self.fields[name].value = str(number)
        return self.check()

    def click_point(self, on: Tile | str, side: Side | str) -> Feedback | None:
        """What clicking the point *side* of *on* on the board does (the board sends the
        same): for a question about several points it chooses the point, or takes it back if
        it was chosen (``None``: nothing is checked until Check); for "where does the tile
        score most" it places the tile there and checks (the feedback).

        :raises ValueError: for an exercise that is not answered on the board, or a point the
            board does not offer.
        """
        ex, form = self.exercise, self.session.form
        if form.picks:
            before = self.picked
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
        if not form.places or ex.tile is None:
            raise ValueError(f"click_point answers an exercise on the board (open, counted, "
                             f"where); this one ({ex.kind}) is answered with its controls: "
                             f"use answer()")
        self.session.feedback = None
        self.board.receive(place_message(ex.tile, on, side, self.board.revision))
        if self.session.feedback is None:  # refused by the board: the message area says why
            raise ValueError("click_point: the board refused the click (its message area "
                             "says why)")
        return self.session.feedback

    def hint(self) -> Hint | None:
        """Open the next rung of the exercise's hint ladder (the Hint button): its sentence in
        the message area, what it points at marked on the board, a star less to win; ``None``
        (and a sentence saying so) once every rung is open."""
        step, said = self.session.hint(self.lang)
        self.messages.tell(said, self.lang, kind="hint")
        self.board.announce(said(self.lang) if callable(said) else said)
        self._show_marks()
        if step is not None:
            self._show_stars()
        return step

    def try_again(self) -> None:
        """Clear the answer, the message and the marks, keeping what was right in the last
        answer (:meth:`~horserace_nb.teaching.exercises.Exercise.right_part`: the points
        rightly chosen stay chosen, right numbers stay in their boxes); the exercise and its
        attempts stay."""
        kept = self.session.try_again()
        self._clear()
        if kept is not None:
            chosen, numbers = kept
            self.choose(*chosen)
            for name, number in numbers.items():
                self.fields[name].value = str(number)
            self.messages.tell(lambda lang: t("exercise.kept", lang), self.lang)

    def show_answer(self) -> str:
        """Show the answer with its rule (no stars for an exercise not yet solved)."""
        ex = self.exercise
        text = self.session.reveal(self.lang)
        self._show_marks()
        self.messages.tell(lambda lang: t("exercise.shown", lang, text=ex.answer_text(lang)),
                           self.lang)
        self._show_stars()
        return text

    def next(self) -> Exercise[Any]:
        """On to the next exercise (a fresh seed past the set's end)."""
        self.session.next()
        self._clear()
        self._show_exercise()
        return self.exercise

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_check(self) -> None:
        self.check()

    @safe
    def _on_name(self) -> None:
        self.keep_name(self.name_text.value)

    @safe
    def _from_store(self) -> None:
        store = self.recorder.store
        if store.learner:
            self.use_learner(store.learner)
        self._show_name(self.lang)

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
            if not self.session.pick((choice.on, choice.side)):
                self._on_refusal(lambda lang: t("board.bad_message", lang))
                return
            self.board.pick(self.session.picked)
            return
        tile = ex.tile
        if not self.session.form.places or tile is None:  # the board asks nothing
            self._on_refusal(lambda lang: t("board.readonly", lang))
            return
        if choice.tile is not tile:  # another tile: not an answer to this question
            other = choice.tile
            self._show_verdict(self.session.say(
                lambda lang: Feedback(False, t("exercise.other_tile", lang, tile=tile,
                                               other=other)), self.lang))
            return
        if choice.kind == "select":
            return  # the board lights the tile's points itself
        if choice.on is None or choice.side is None:  # the layout is not empty: no opening
            self._show_verdict(self.session.say(
                lambda lang: Feedback(False, t("exercise.click_point", lang)), self.lang))
            return
        self._show_verdict(self.session.judge((choice.on, choice.side), self.lang))

    def _on_refusal(self, text: Text) -> None:
        """A message the board refused (stale, malformed, on a board to watch): say why (again
        in the new language after a switch)."""
        self.messages.tell(text, self.lang, kind="error")

    def relocalize(self, lang: str) -> None:
        self.recorder.store.lang = lang
        self._show_exercise()
        said = self.session.said(lang)  # the last verdict in the new language (the message
        if said is not None:  # area writes its lines again itself)
            self.session.feedback = said

    # ------------------------------------------------------------------ drawing
    def _chosen(self) -> list[Any]:
        """The choices the controls hold: the points picked on the board, or the toggles
        pressed."""
        if self.session.form.picks:
            return self.picked
        return [c for b, c in zip(self.toggles, self.exercise.choices() if self.toggles else [],
                                  strict=True) if b.value]

    def _numbers(self) -> dict[str, int]:
        """The boxes' whole numbers (a box empty or not holding one: 0)."""
        return {name: read_number(field.value) or 0 for name, field in self.fields.items()}

    def _clear(self) -> None:
        """No answer in the controls, no message, no marks (the session clears its own)."""
        self.messages.clear()
        for button in self.toggles:
            button.value = False
        for field in self.fields.values():
            field.value = ""
        self.board.pick([])
        self.board.mark()

    def _show_marks(self) -> None:
        """Mark on the board what the session's last sentence talks about (nothing: none)."""
        marks = self.session.marks
        if marks is None:
            self.board.mark()
        else:
            self.board.mark(*marks)

    def _record(self, ex: Exercise[Any]) -> None:
        self.recorder.finish(ex, "exercise", ex.progress_case, ex.seed, stars=ex.stars,
                             tries=ex.attempts)

    def _show_verdict(self, feedback: Feedback) -> Feedback:
        """Show the session's verdict, again in the new language after a switch; what it
        talks about is marked on the board."""
        again = self.session.again
        assert again is not None
        self.messages.tell(lambda lang: again(lang).message, self.lang,
                           kind="ok" if feedback.ok else "error")
        self.board.announce(feedback.message)  # the widget's one live region: plain text
        self._show_marks()
        self._show_stars()
        return feedback

    def _show_stars(self) -> None:
        stars, text = self.session.stars(self.lang)
        self.stars_line.value = stars_html(stars, text)

    def _draw_place(self, ex: Exercise[Any], room: int | None) -> None:
        """A tile to place: the board takes the click on a point and checks it."""
        assert ex.tile is not None
        from ..render.svg import game_svg

        position = tile_position(ex.layout, ex.tile)
        self.board.readonly = False
        self.board.show(str(game_svg(position, seat=0, lang=self.lang, size=self.size,
                                     interactive=True, highlight=None, room=room)),
                        board_moves(position, self.lang, preview=False, question=True),
                        str(ex.tile))

    def _draw_pick(self, ex: Exercise[Any], room: int | None) -> None:
        """Points to choose: a spot on each, a click toggles it."""
        from ..render.svg import layout_svg

        choices = ex.choices()
        self.board.readonly = False
        self.board.show(
            str(layout_svg(ex.layout, lang=self.lang, size=self.size, highlight=ex.highlight,
                           show_numbers=False, spots=choices, room=room)),
            spots=[{**point_ref(*c), "label": ex.choice_label(c, self.lang)} for c in choices])
        self.board.pick(self.session.picked)  # a switch keeps the points chosen

    def _draw_shown(self, ex: Exercise[Any], room: int | None) -> None:
        """The position only (the answer is given with the controls)."""
        from ..render.svg import layout_svg

        form = self.session.form
        self.board.readonly = True
        # a finished hand's layout is long: let it be wider than the others (the board never
        # gets wider than the notebook), so that its tiles stay readable
        size = self.size * self.WIDE if form.wide else self.size
        self.board.show(str(layout_svg(ex.layout, lang=self.lang, size=size,
                                       highlight=ex.highlight, show_numbers=form.counts,
                                       room=room)))

    def _show_name(self, lang: str) -> None:
        """The learner's own positions said, or the name asked (once: while the browser keeps
        none)."""
        store = self.recorder.store
        asking = bool(self.lesson) and store.read and not store.learner
        self.name_box.layout.display = "" if asking else "none"
        self.name_text.description = t("progress.name_label", lang)
        self.name_text.placeholder = t("progress.name_placeholder", lang)
        self.name_button.description = t("progress.name_save", lang)
        if asking:
            line = t("exercise.name_ask", lang)
        elif self.drills.learner:
            line = t("exercise.own_items", lang, name=self.drills.learner)
        else:
            line = ""
        self.own_line.value = f"<div lang='{lang}'>{esc(line)}</div>" if line else ""

    @safe
    def _show_exercise(self) -> None:
        lang, ex, form = self.lang, self.exercise, self.session.form
        self._show_name(lang)
        self.counter.value = f"<b>{esc(self.session.counter(lang))}</b>"
        self.prompt.value = question_html(ex.prompt(lang), lang)
        room = self.board.room or None  # the board's width on the page (a phone)
        if self._shown is not ex:  # a new exercise: nothing chosen, nothing marked
            self.session.picked, self.session.marks = [], None
        draw: dict[str, Callable[[Exercise[Any], int | None], None]] = {
            "place": self._draw_place, "pick": self._draw_pick, "": self._draw_shown}
        draw[form.board](ex, room)
        if self.session.marks is not None:  # a switch keeps what the message talks about
            self.board.mark(*self.session.marks)
        # a question that is not about a layout (a deal, a lot, raw points) shows no board:
        # an empty one would only say that the leader may open with any tile
        self.board.layout.display = "none" if not form.on_board and ex.layout.is_empty else ""
        if self._shown is not ex:  # a new exercise: new toggles, the old ones closed
            self._shown = ex
            self.toggles = ([widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
                             for _ in ex.choices()] if form.toggles else [])
            if form.one:
                for button in self.toggles:
                    button.observe(self._only_one, names="value")
            shown = [self.choose_label, *self.toggles] if (
                self.toggles or form.picks) else []
            replace_children(self.choice_box, shown, keep=[self.choose_label])
        for button, choice in zip(self.toggles, ex.choices() if self.toggles else [],
                                  strict=True):
            button.description = ex.choice_label(choice, lang)  # a switch keeps the choices
        self.choose_label.value = esc(t(form.label, lang))
        for name, field in self.fields.items():
            field.description = t(_FIELD_LABELS[name], lang)
            field.placeholder = t("exercise.number_placeholder", lang)
        self.numbers_box.children = [self.fields[name] for name in form.numbers]
        self.check_button.description = t("exercise.check", lang)
        self.check_button.layout.display = "" if form.check else "none"
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

_FIELD_LABELS = {"answer": "exercise.answer_label", "pips": "exercise.pips_label",
                 "rounded": "exercise.rounded_label", "points": "exercise.points_label"}
"""The catalog key of each number box's label."""
