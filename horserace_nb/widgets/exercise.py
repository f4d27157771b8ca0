"""Exercise widgets: :class:`ExerciseWidget` (alias :data:`Exercises`) shows the exercises of
:mod:`horserace_nb.teaching.exercises` on the board with instant feedback;
:class:`TotalExercise` checks a given layout's end total and placement score."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core import validate
from ..core.layout import Layout
from ..core.tiles import Side, Tile
from ..sessions.protocol import Text, board_moves, place_message, tile_position
from ..teaching.exercises import (
    Exercise,
    ExerciseSet,
    Feedback,
    SettlementAnswer,
    check_total,
)
from ..words.i18n import check_lang, t
from .base import View, replace_children
from .board import Board, Choice
from .common import MessageArea, esc, message_html, question_html, safe, stars_html
from .store import Recorder

__all__ = ["TotalExercise", "ExerciseWidget", "Exercises"]


class TotalExercise:
    """Shows *layout* without its numbers and asks for the end total and the raw score."""

    def __init__(self, layout: Layout, *, lang: str = "en", size: int = 520) -> None:
        from ..render.svg import layout_svg

        self.layout = layout
        self.lang = check_lang(lang)
        self.messages = MessageArea()
        self.board = widgets.HTML(str(layout_svg(layout, lang=lang, size=size,
                                                 show_numbers=False)))
        self.total = widgets.IntText(value=0, layout=widgets.Layout(width="12em"))
        self.raw = widgets.IntText(value=0, layout=widgets.Layout(width="12em"))
        self.check_button = widgets.Button(button_style="primary")
        self.total.description = t("exercise.total_label", lang)
        self.raw.description = t("exercise.raw_label", lang)
        self.check_button.description = t("exercise.check", lang)
        self.result: tuple[bool, str] | None = None
        self.check_button.on_click(self._on_check)
        self.ui = widgets.VBox([self.board, widgets.HBox([self.total, self.raw,
                                                          self.check_button]),
                                self.messages.box])
        self.messages.say(t("exercise.ask", lang))

    @safe
    def _on_check(self, _: Any) -> None:
        self.result = check_total(self.layout, self.total.value, self.raw.value, self.lang)
        ok, text = self.result
        self.messages.say_html(message_html(text, "ok" if ok else "error"))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.ui)  # type: ignore[no-untyped-call]


# ============================================================================ drills on the board

class ExerciseWidget(View):
    """Exercises on the board with instant feedback: a position, a question, the answer
    controls (points or seats as toggle buttons, a point clicked on the board, numbers), and
    Check / Try again / Show answer / Next (a fresh seed) with a stars line.

    >>> w = Exercises("total", seed=7)
    >>> w.answer(w.exercise.answer).ok
    True

    :param kinds: one kind or a list (:data:`~horserace_nb.teaching.exercises.KINDS`), taken in
        turn.
    :param seed: the same seed gives the same exercises (a class can share them).
    :param count: how many before Next goes on to fresh ones.
    :param size: the board's largest width in pixels; a settlement's layout (a whole hand) may
        be drawn up to :attr:`WIDE` times wider, never wider than the notebook.
    """

    WIDE = 1.5
    """How much wider than *size* a settlement's layout may be drawn."""

    def __init__(self, kinds: str | Sequence[str] = "total", *, seed: int = 1, count: int = 3,
                 lang: str = "en", size: float = 560) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        self.drills = ExerciseSet(kinds, seed=seed, count=count)
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
        self.retry_button = button(icon="undo")
        self.show_button = button(icon="eye")
        self.next_button = button(icon="step-forward")
        self.toggles: list[widgets.ToggleButton] = []
        self.recorder = Recorder(lang=lang)
        """Records each exercise finished in the learner's browser (issue 20)."""
        self.children = [
            widgets.HBox([self.counter, self.stars_line],
                         layout=widgets.Layout(justify_content="space-between")),
            self.board, self.prompt, self.choice_box, self.numbers_box,
            widgets.HBox([self.check_button, self.retry_button, self.show_button,
                          self.next_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.messages.box, self.recorder.store,
        ]
        self.add_class("hr-exercise")
        self.check_button.on_click(lambda _: self._on_check())
        self.retry_button.on_click(lambda _: self.try_again())
        self.show_button.on_click(lambda _: self._on_show())
        self.next_button.on_click(lambda _: self._on_next())
        self.board.on_choice(self._on_board)
        self.board.on_refusal(self._on_refusal)
        self.feedback: Feedback | None = None
        """The verdict on the last answer checked (in ``lang``: written again on a switch)."""
        self._again: Callable[[str], Feedback] | None = None  # self.feedback in any language
        self._shown: Exercise[Any] | None = None  # the exercise the controls are built for
        self.start()

    # ------------------------------------------------------------------ the API
    @property
    def exercise(self) -> Exercise[Any]:
        """The exercise on show."""
        return self.drills.current

    def choose(self, *choices: Any) -> None:
        """Select exactly these of the exercise's choices (points, seats or sides) on the toggle
        buttons, as a learner would by clicking them."""
        options = self.exercise.choices()
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
        chosen = [c for b, c in zip(self.toggles, ex.choices(), strict=True) if b.value]
        form = ex.answer_form
        if form in ("points", "sides"):
            return frozenset(chosen)
        if form in ("seat", "option"):
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
        points or sides, a seat (``None``: nobody), or a point (as if clicked on the board)."""
        form = self.exercise.answer_form
        if form == "point":
            tile, side = value
            return self.click_point(tile, side)
        if form == "number":
            self.set_numbers(value)
        elif form == "settlement":
            self.choose(*value.winners)
            self.set_numbers(value.pips, value.rounded, value.points)
        elif form in ("seat", "option"):  # one choice (an option key, a seat or None)
            self.choose(value)
        else:
            self.choose(*value)
        return self.check()

    def click_point(self, on: Tile | str, side: Side | str) -> Feedback:
        """What clicking the lit point *side* of *on* does (the board sends the same).

        :raises ValueError: for an exercise that is not answered on the board.
        """
        ex = self.exercise
        if ex.answer_form != "point" or ex.tile is None:
            raise ValueError(f"click_point answers an exercise on the board (where); this one "
                             f"({ex.kind}) is answered with its controls: use answer()")
        self.feedback = None
        self.board.receive(place_message(ex.tile, on, side, self.board.revision))
        if self.feedback is None:  # refused by the board: the sentence is in the message area
            raise ValueError("click_point: the board refused the click (its message area "
                             "says why)")
        return self.feedback

    def try_again(self) -> None:
        """Clear the answer and the message (the exercise and its attempts stay)."""
        self.messages.clear()
        self.feedback, self._again = None, None
        for button in self.toggles:
            button.value = False
        for field in (self.number, self.pips, self.rounded, self.points):
            field.value = 0

    def show_answer(self) -> str:
        """Show the answer with its rule (no stars for an exercise not yet solved)."""
        ex = self.exercise
        text = ex.reveal(self.lang)
        self._record()
        self.messages.tell(lambda lang: t("exercise.shown", lang, text=ex.answer_text(lang)),
                           self.lang)
        self._show_stars()
        return text

    def next(self) -> Exercise[Any]:
        """On to the next exercise (a fresh seed past the set's end)."""
        if self.exercise.attempts:
            self._record()  # left after a try: recorded as it stands
        self.drills.next()
        self.try_again()
        self._show_exercise()
        return self.exercise

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_check(self) -> None:
        self.check()

    @safe
    def _on_show(self) -> None:
        self.show_answer()

    @safe
    def _on_next(self) -> None:
        self.next()

    @safe
    def _on_board(self, choice: Choice) -> None:
        ex = self.exercise
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
    def _judge(self, answer: Any) -> Feedback:
        ex = self.exercise
        feedback = ex.check(answer, self.lang)  # counts the attempt (once)
        return self._say(lambda lang: ex.verdict(answer, lang), feedback)

    def _record(self) -> None:
        ex = self.exercise
        self.recorder.finish(ex, "exercise", ex.kind, ex.seed, stars=ex.stars, tries=ex.attempts)

    def _say(self, again: Callable[[str], Feedback], feedback: Feedback | None = None
             ) -> Feedback:
        """Show a verdict; *again* writes it in any language (a switch says it again)."""
        feedback = again(self.lang) if feedback is None else feedback
        self.feedback, self._again = feedback, again
        self.recorder.tried(self.exercise, feedback)
        if self.exercise.solved:
            self._record()
        self.messages.tell(lambda lang: again(lang).message, self.lang,
                           kind="ok" if feedback.ok else "error")
        self.board.announce(feedback.message)  # the widget's one live region
        self._show_stars()
        return feedback

    def _show_stars(self) -> None:
        drills = self.drills
        self.stars_line.value = stars_html(self.exercise.stars, t(
            "exercise.stars", self.lang, stars=drills.stars, max=drills.max_stars))

    @safe
    def _show_exercise(self) -> None:
        from ..render.svg import game_svg, layout_svg

        lang, ex = self.lang, self.exercise
        counter = t("exercise.counter", lang, n=self.drills.index + 1,
                    total=len(self.drills.exercises))
        self.counter.value = f"<b>{esc(counter)}</b>"
        self.prompt.value = question_html(ex.prompt(lang))
        form = ex.answer_form
        if form == "point":
            assert ex.tile is not None
            position = tile_position(ex.layout, ex.tile)
            self.board.readonly = False
            self.board.show(str(game_svg(position, seat=0, lang=lang, size=self.size,
                                         interactive=True, highlight=None)),
                            board_moves(position, lang, preview=False, question=True),
                            str(ex.tile))
        else:
            self.board.readonly = True
            numbers = form in ("seat", "settlement")  # turns and settlements: show the counts
            # a finished hand's layout is long: let it be wider than the others (the board
            # never gets wider than the notebook), so that its tiles stay readable
            size = self.size * self.WIDE if form == "settlement" else self.size
            self.board.show(str(layout_svg(ex.layout, lang=lang, size=size,
                                           highlight=ex.highlight, show_numbers=numbers)))
        self.board.layout.display = "none" if form == "sides" else ""
        label = t("exercise.winners_label" if form in ("sides", "settlement")
                  else "exercise.choose_label", lang)
        if self._shown is not ex:  # a new exercise: new toggles, the old ones closed
            self._shown = ex
            self.toggles = [widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
                            for _ in ex.choices()]
            if form in ("seat", "option"):
                for button in self.toggles:
                    button.observe(self._only_one, names="value")
            replace_children(self.choice_box,
                             [self.choose_label, *self.toggles] if self.toggles else [],
                             keep=[self.choose_label])
        for button, choice in zip(self.toggles, ex.choices(), strict=True):
            button.description = ex.choice_label(choice, lang)  # a switch keeps the choices
        self.choose_label.value = esc(label)
        self.number.description = t("exercise.answer_label", lang)
        self.pips.description = t("exercise.pips_label", lang)
        self.rounded.description = t("exercise.rounded_label", lang)
        self.points.description = t("exercise.points_label", lang)
        self.numbers_box.children = (
            [self.number] if form == "number" else
            [self.pips, self.rounded, self.points] if form == "settlement" else [])
        self.check_button.description = t("exercise.check", lang)
        self.check_button.layout.display = "none" if form == "point" else ""
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


def _same(a: Any, b: Any) -> bool:
    """Equal choices, a point given as text included."""
    if isinstance(a, tuple) and isinstance(b, (tuple, list)) and len(b) == 2:
        try:
            return a == (Tile.parse(b[0]), Side.coerce(b[1]))
        except ValueError:
            return False
    return bool(a == b) and type(a) is type(b)
