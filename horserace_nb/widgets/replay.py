"""Step through a worked example, a saved game or a live game's history.

>>> w = ReplayWidget()                       # the documented layout sequence
>>> w.step = 3                               # after [4|4]: 2 + 8 = 10
>>> w.current.layout.end_total()
10
>>> quiet = ReplayWidget(sums=False, ask_sum=True)  # the class answers, then Show the sum
>>> quiet.step = 3
>>> quiet.sum_line.value.count("10"), quiet.sum_button.layout.display
(0, '')
>>> quiet.reveal_sum()
>>> "2 + 8 = 10" in quiet.sum_line.value
True
>>> silent = ReplayWidget(sums=False)        # sums off: not asked, no Show the sum
>>> silent.step = 3
>>> silent.sum_line.value, silent.sum_button.layout.display
('', 'none')
>>> quiet.press("next")                      # what → does while its board has the focus
>>> quiet.step
4
"""

from __future__ import annotations

import os
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core import validate
from ..core.tiles import Side, Tile
from ..sessions.exercise import read_number
from ..sessions.protocol import REPLAY_KEYS, Text, board_moves, tile_position
from ..sessions.replay import (
    Prediction,
    ReplayStep,
    build_steps,
    is_shortened,
    question_for,
    step_texts,
)
from ..teaching.authoring import example_from_code, read_example
from ..teaching.exercises import Feedback, LayoutExercise, PlacementScore, PlayedPoint
from ..words.i18n import check_lang, t
from ..words.names import sentences
from .base import View
from .board import Board, Choice
from .common import esc, keep_together, message_html, question_html, rule_links, safe
from .puzzle_here import PuzzleHere
from .store import Recorder
from .text import RuleText

__all__ = ["ReplayWidget", "KEYS"]

KEYS = REPLAY_KEYS
"""What the replay's keys report (its board's, which takes them: ``Board.keys``): ← previous,
→ next, Space play (or pause, or the next step when there is no play), Home first, End last."""


class ReplayWidget(View):
    """Replay a worked example (default: the documented layout sequence), a saved game record
    (dict or JSON text), or a live :class:`Game`'s history, one step at a time, on the same
    board as play (read-only).

    Drive it with the buttons, the slider or play/pause, the keys while its board has the focus
    (a click on the picture; ← and → step, Space plays or pauses, Home and End: :meth:`press`),
    or from code: ``w.step = 3``.

    **Hidden sums** (``sums=False``, for lessons that have not taught adding up yet): a step's
    sum is neither shown nor said — nor the numbers on the board, the turn line and the
    scores, which would give it away — and there is no *Show the sum*. For a class that
    answers first, ``ask_sum=True`` asks for the sum and offers *Show the sum*
    (:meth:`reveal_sum`), which shows it for that step.
    ``turns=False`` leaves out the turn lines and the scores (lessons before turns are taught).
    With either, or ``explain_first=False`` (a lesson that asks first what the example shows),
    the example's explanation, which tells the answers, waits for the last step.

    **Predict mode** (``predict=True``, or the checkbox): before the Next button shows a
    placement, the learner answers a question about it — where the tile goes (clicked on the
    board), the end total, or the placement score, in turn — and gets feedback naming the rule;
    a right answer shows the step, "Show the step" shows it anyway. From code:
    :meth:`next_step`, :meth:`predict_answer`, :meth:`click_point`, :meth:`reveal`.

    :param size: the largest width of the board picture, in pixels (a number above 0).
    :param switch: show the widget's own language switch.
    :param predict: start in predict mode (there is no play then: Space steps).
    :param sums: show each step's sum at once; ``False``: not at all (with *ask_sum*, after
        *Show the sum*).
    :param ask_sum: with ``sums=False``, ask for the sum and offer *Show the sum* (the
        default, ``False``: neither, nothing is asked that the lesson has not taught).
    :param turns: show the turn lines and the scores.
    :param explain_first: show the example's explanation from the first step.
    :param projector: projector mode (:attr:`~horserace_nb.widgets.base.View.projector`).
    """

    step = traitlets.Int(0)
    predict = traitlets.Bool(False)
    """Ask before each placement is shown (predict mode)."""
    sums = traitlets.Bool(True)
    """Show each step's sum at once (``False``: after *Show the sum*)."""
    turns = traitlets.Bool(True)
    """Show the turn lines and the scores."""
    ask_sum = traitlets.Bool(False)
    """With hidden sums: ask for the sum and offer *Show the sum* (``False``: neither)."""
    explain_first = traitlets.Bool(True)
    """Show the example's explanation from the first step (``False``: at the last step only)."""

    def __init__(self, source: Any = None, *, lang: str = "en", size: float = 640,
                 switch: bool = True, predict: bool = False, sums: bool = True,
                 turns: bool = True, explain_first: bool = True,
                 projector: bool = False, ask_sum: bool = False) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        sums, turns = validate.flag(sums, "sums"), validate.flag(turns, "turns")
        explain_first = validate.flag(explain_first, "explain_first")
        projector = validate.flag(projector, "projector")
        ask_sum = validate.flag(ask_sum, "ask_sum")
        self.steps, self.example = build_steps(source)
        self.shortened = is_shortened(self.steps)
        """The hand replayed was dealt from fewer than the 28 tiles (a rule text's example):
        the replay says so above its board (R1, R5)."""
        self._announced: tuple[object, int] | None = None  # the step the live region last said
        self._sums_shown: set[int] = set()  # the steps whose hidden sum was shown
        super().__init__(lang=lang, switch=switch)
        self.sums, self.turns, self.projector = sums, turns, projector
        self.explain_first, self.ask_sum = explain_first, ask_sum
        last = len(self.steps) - 1

        def button(icon: str) -> widgets.Button:  # each its own Layout, made with the button
            return widgets.Button(icon=icon, layout=widgets.Layout(width="auto"))

        self.first_button = button("fast-backward")
        self.prev_button = button("step-backward")
        self.next_button = button("step-forward")
        self.last_button = button("fast-forward")
        self.slider = widgets.IntSlider(value=0, min=0, max=last, readout=True,
                                        continuous_update=True)
        self.play = widgets.Play(value=0, min=0, max=last, interval=1500)
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.title = widgets.HTML()
        self.heading = RuleText()
        self.board = Board(lang=lang, readonly=True, takes_keys=True)
        """The picture; it has the replay's keys (it takes the focus: a click on it)."""
        self.sum_line = RuleText()
        self.sum_button = widgets.Button(icon="eye", layout=widgets.Layout(
            width="auto", align_self="flex-start"))
        self.turn_line = RuleText()
        self.details = RuleText()
        self.alt_text = widgets.HTML()
        self.alt_text.add_class("hr-alt")
        controls = widgets.HBox([self.first_button, self.prev_button, self.play,
                                 self.next_button, self.last_button, self.slider])
        self.prediction: Prediction | None = None
        """The prediction asked now (predict mode), ``None`` when none is."""
        self._answered: Prediction | None = None  # the feedback shown is about this one
        self.predict_toggle = widgets.Checkbox(value=predict, indent=False)
        self.predict_prompt = RuleText()
        # empty, with a placeholder: a box holding 0 would answer for the learner (0 may be right)
        self.predict_number = widgets.Text(value="", layout=widgets.Layout(width="10em"))
        self.predict_check = widgets.Button(button_style="primary", icon="check",
                                            layout=widgets.Layout(width="auto"))
        self.predict_reveal = widgets.Button(icon="eye", layout=widgets.Layout(width="auto"))
        self.predict_feedback = RuleText()
        self.predict_box = widgets.VBox([
            self.predict_prompt,
            widgets.HBox([self.predict_number, self.predict_check, self.predict_reveal])])
        self.predict_box.add_class("hr-predict")
        self.recorder = Recorder(lang=lang)
        """Records each prediction answered or shown in the learner's browser (issue 20)."""
        self.puzzle_here = PuzzleHere(lambda: None if self.current.game is None
                                      else self.current.game.copy(), lang=lang)
        """"Make a puzzle from here": a teacher's puzzle at the step on show (a game's)."""
        self.children = [
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            controls, self.predict_toggle, self.heading, self.predict_box,
            self.predict_feedback, self.board, self.sum_line, self.sum_button, self.turn_line,
            self.details, self.alt_text, self.messages.box, self.puzzle_here,
            self.recorder.store,
        ]
        self.add_class("hr-replay")
        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.step - 1))
        self.next_button.on_click(lambda _: self._on_next())
        self.predict_check.on_click(lambda _: self._on_predict_check())
        self.predict_reveal.on_click(lambda _: self._on_reveal())
        self.sum_button.on_click(lambda _: self._on_reveal_sum())
        self.board.on_key(self._on_key)
        widgets.link((self.predict_toggle, "value"), (self, "predict"))
        self.board.on_choice(self._on_board)
        self.board.on_refusal(self._on_refusal)
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it
        self.board.observe(lambda _: self._render(), names="room")
        self.last_button.on_click(lambda _: self._go(len(self.steps) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.start()

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], **options: Any) -> ReplayWidget:
        """A teacher's worked example from its file (:meth:`TeacherExample.save
        <horserace_nb.teaching.authoring.TeacherExample.save>`), every step checked again by
        the engine; *options* as for the constructor (``lang``, ``predict`` …).

        :raises AuthoringError: naming the field of the file at fault.
        """
        return cls(read_example(path), **options)

    @classmethod
    def from_code(cls, code: str, **options: Any) -> ReplayWidget:
        """A teacher's worked example from its code (``hre1.…``)."""
        return cls(example_from_code(code), **options)

    @property
    def question(self) -> LayoutExercise[Any] | None:
        """The prediction asked before step :attr:`pending` is shown (predict mode)."""
        return None if self.prediction is None else self.prediction.question

    @property
    def pending(self) -> int | None:
        """The step asked about (predict mode), or ``None``."""
        return None if self.prediction is None else self.prediction.index

    @property
    def feedback(self) -> Feedback | None:
        """The verdict on the last prediction (in ``lang``), while it is shown."""
        answered = self._answered
        return None if answered is None else answered.feedback(self.lang)

    # ------------------------------------------------------------------ driving
    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        value = proposal["value"]
        last = len(self.steps) - 1
        if not 0 <= value <= last:
            raise traitlets.TraitError(f"step must be from 0 to {last}, not {value}")
        return int(value)

    @traitlets.observe("step")
    def _on_step(self, change: Any) -> None:
        self.slider.value = change["new"]
        self._drop_question()
        self._render()

    @traitlets.observe("predict")
    def _on_predict(self, change: Any) -> None:
        if change["new"]:
            self.play.playing = False  # a play would show the steps without asking
        if self.question is not None and not change["new"]:
            self._drop_question()
        if self.started:
            self._render()

    @traitlets.observe("sums", "turns", "explain_first", "ask_sum")
    def _on_shown_lines(self, _change: Any) -> None:
        if self.started:
            self._render()

    # ------------------------------------------------------------------ keys and the sum
    def press(self, key: str) -> None:
        """What a key does while the replay's board has the focus (one of :data:`KEYS`):
        → ``"next"`` (in predict mode: asks first), ← ``"previous"``, Home ``"first"``,
        End ``"last"``, Space ``"play"``: plays from here (from the start at the last step) or
        pauses; in predict mode, where there is no play, it steps like →.

        :raises ValueError: for another key (nothing changes).
        """
        if key not in KEYS:
            raise ValueError(f"key: one of {', '.join(KEYS)}, not {key!r}")
        last = len(self.steps) - 1
        if key == "next" or (key == "play" and self.predict):
            self.next_step()
        elif key == "previous":
            self._go(self.step - 1)
        elif key == "first":
            self._go(0)
        elif key == "last":
            self._go(last)
        elif self.play.playing:
            self.play.playing = False
        else:
            if self.step == last:
                self.step = 0
            self.play.playing = True

    @property
    def sum_shown(self) -> bool:
        """The sum of the step on show is shown (always, unless ``sums=False``)."""
        return self.sums or self.step in self._sums_shown

    def reveal_sum(self) -> None:
        """Show (and say) the hidden sum of the step on show ("Show the sum")."""
        if self.sum_shown:
            return
        self._sums_shown.add(self.step)
        self._render()
        texts = step_texts(self.current, len(self.steps), self.lang, self.example,
                           turns=self.turns)
        self.board.announce(sentences((texts["sum"], texts["turn"]), self.lang))

    # ------------------------------------------------------------------ predict mode
    def next_step(self) -> None:
        """What the Next button does: in predict mode, ask about the next placement first
        (once); otherwise, or for a step that is not a placement, show it."""
        target = self.step + 1
        if target >= len(self.steps):
            return
        if self.predict and self.pending != target:
            question = question_for(self.steps, target)
            if question is not None:
                self._ask(target, question)
                return
        self.step = target

    def predict_answer(self, value: Any) -> Feedback:
        """Answer the question asked (a number, or a ``(tile, side)`` point); a right answer
        shows the step.

        :raises ValueError: if no question is asked now.
        """
        prediction = self.prediction
        if prediction is None:
            raise ValueError("no prediction is asked now: press Next in predict mode first")
        feedback = prediction.check(value, self.lang)
        self.recorder.tried(prediction.question, feedback)
        if feedback.ok:
            self._record()
            self._drop_question()
            self._sums_shown.add(prediction.index)  # answered: nothing left to hide
            self.step = prediction.index
        self._answered = prediction
        self._show_feedback()
        return feedback

    def click_point(self, on: Tile | str, side: Side | str) -> Feedback:
        """What clicking a lit point on the board does while a "where" question is asked."""
        if self.question is None or self.question.tile is None:
            raise ValueError("no placement is asked now")
        return self.predict_answer((Tile.parse(on), Side.coerce(side)))

    def reveal(self) -> None:
        """Show the step asked about without answering ("Show the step")."""
        if self.pending is not None:
            pending = self.pending
            if self.question is not None:
                self.question.reveal(self.lang)
                self._record()
            self._drop_question()
            self._sums_shown.add(pending)
            self.step = pending

    def _record(self) -> None:
        question, step = self.question, self.pending
        if question is not None and step is not None:
            source = self.example.key if self.example is not None else "game"
            self.recorder.finish(question, "predict", f"{question.kind}@{source}", step,
                                 stars=question.stars, tries=question.attempts)

    def _ask(self, index: int, question: LayoutExercise[Any]) -> None:
        self.prediction = Prediction(index, question)
        self._answered = None
        self.predict_feedback.value = ""
        self._render()

    def _drop_question(self) -> None:
        if self.prediction is not None:
            self.prediction = None
            self.board.readonly = True
        self._answered = None
        self.predict_feedback.value = ""

    def _show_feedback(self) -> None:
        fb = self.feedback
        if fb is None:
            return
        self.predict_feedback.value = message_html(fb.message, "ok" if fb.ok else "error",
                                                   self.lang)

    @safe
    def _on_next(self) -> None:
        self.next_step()

    @safe
    def _on_predict_check(self) -> None:
        text = self.predict_number.value.strip()
        number = read_number(text) if text else None
        if number is None:  # asked again: no try counted
            key = "exercise.not_a_number" if text else "exercise.no_answer"
            self.predict_feedback.value = message_html(t(key, self.lang), "error", self.lang)
            return
        self.predict_answer(number)

    @safe
    def _on_reveal(self) -> None:
        self.reveal()

    @safe
    def _on_reveal_sum(self) -> None:
        self.reveal_sum()

    @safe
    def _on_key(self, key: str) -> None:
        self.press(key)

    @safe
    def _on_board(self, choice: Choice) -> None:
        question = self.question
        if question is None or question.tile is None:  # nothing asked on the board now
            self._on_refusal(lambda lang: t("board.readonly", lang))
        elif choice.tile is not question.tile:  # another tile: not an answer to the question
            tile, other = question.tile, choice.tile
            self._on_refusal(lambda lang: t("exercise.other_tile", lang, tile=tile,
                                            other=other))
        elif choice.kind == "place":
            if choice.on is None or choice.side is None:  # no opening on a layout
                self._on_refusal(lambda lang: t("exercise.click_point", lang))
            else:
                self.predict_answer((choice.on, choice.side))

    def _on_refusal(self, text: Text) -> None:
        """A message the board refused (stale, malformed, on a board to watch): say why (again
        in the new language after a switch)."""
        self.messages.tell(text, self.lang, kind="error")

    def relocalize(self, lang: str) -> None:
        self.recorder.store.lang = lang
        self.puzzle_here.lang = lang
        self._render()
        self._show_feedback()  # the last verdict, said again in the new language

    @safe
    def _go(self, index: int) -> None:
        self.step = max(0, min(index, len(self.steps) - 1))

    @safe
    def _on_slider(self, change: Any) -> None:
        self.step = change["new"]

    @property
    def current(self) -> ReplayStep:
        """The step on show."""
        return self.steps[self.step]

    # ------------------------------------------------------------------ drawing
    def board_svg(self, step: ReplayStep | None = None, *, numbers: bool = True) -> str:
        """The board of the current step, last placement highlighted; without the counted
        numbers, the end total and the score when *numbers* is false (a hidden sum)."""
        from ..render.svg import layout_svg

        step = self.current if step is None else step
        last = step.layout.tiles[-1] if step.layout.tiles else None
        placed = step.event is None or step.event.kind == "place"
        return str(layout_svg(step.layout, lang=self.lang, size=self.size,
                              highlight=last if placed and not step.dealt else None,
                              show_numbers=numbers, room=self.board.room or None))

    def _render_question(self) -> None:
        from ..render.svg import game_svg, layout_svg

        lang, prediction = self.lang, self.prediction
        assert prediction is not None
        question = prediction.question
        self.predict_box.layout.display = ""
        asked = self.steps[prediction.index]
        lines = []
        if isinstance(question, PlayedPoint):
            assert question.tile is not None
            position = tile_position(question.layout, question.tile)
            self.board.readonly = False
            self.board.show(str(game_svg(position, seat=0, lang=lang, size=self.size,
                                         interactive=True, highlight=None,
                                         room=self.board.room or None)),
                            board_moves(position, lang, preview=False, question=True),
                            str(question.tile))
            lines.append(t("predict.where.q", lang, tile=question.tile))
        else:
            self.board.readonly = True
            self.board.show(str(layout_svg(asked.layout, lang=lang, size=self.size,
                                           highlight=asked.layout.tiles[-1],
                                           show_numbers=False, room=self.board.room or None)),
                            board_moves(None, lang))
            heading = step_texts(asked, len(self.steps), lang, self.example)["heading"]
            key = "predict.score.q" if isinstance(question, PlacementScore) else \
                "predict.total.q"
            lines += [heading, t(key, lang)]
        self.predict_prompt.value = question_html(lines, lang)
        numeric = not isinstance(question, PlayedPoint)
        self.predict_number.layout.display = "" if numeric else "none"
        self.predict_check.layout.display = "" if numeric else "none"
        self.predict_number.description = t("exercise.answer_label", lang)
        self.predict_number.placeholder = t("exercise.number_placeholder", lang)
        self.predict_check.description = t("exercise.check", lang)
        self.predict_reveal.description = t("predict.reveal", lang)

    @safe
    def _render(self) -> None:
        lang = self.lang
        step = self.current
        texts = step_texts(step, len(self.steps), lang, self.example, sums=self.sum_shown,
                           turns=self.turns)
        title = self.example.title(lang) if self.example else t("replay.saved_game", lang)
        written = self.example.text_lang(lang) if self.example else lang  # a teacher's may
        self.title.value = f"<h3 class='hr-title' lang='{esc(written)}'>{esc(title)}</h3>"
        # the example's explanation tells what its steps show: while sums or turns are hidden
        # (the lesson asks first), it waits for the last step
        told = (self.explain_first and self.sums and self.turns
                or self.step == len(self.steps) - 1)
        explanation = (f"<p class='hr-explanation' lang='{esc(written)}'>"
                       f"{esc(self.example.explanation(lang))}</p>"
                       if self.example and told and self.example.explanation(lang) else "")
        note = (f"<div class='hr-note' lang='{esc(written)}' style='margin-top:0.2em'>"
                f"{rule_links(texts['note'], lang)}</div>" if texts["note"] else "")
        shortened = (f"<p class='hr-shortened hr-muted' lang='{esc(lang)}'>"
                     f"{rule_links(t('replay.shortened', lang), lang)}</p>"
                     if self.shortened else "")
        self.heading.value = (f"{shortened}{explanation}"
                              f"<b class='hr-heading'>{esc(texts['heading'])}</b>{note}")
        self.predict_toggle.description = t("predict.toggle", lang)
        if self.prediction is not None:
            self._render_question()
        else:
            self.predict_box.layout.display = "none"
            self.board.readonly = True
            self.board.show(self.board_svg(step, numbers=not texts["sum_hidden"]),
                            board_moves(None, lang))
            if self._announced != (self.example, self.step):  # each step said once
                self._announced = (self.example, self.step)
                self.board.announce(sentences(
                    (texts["heading"], texts["note"], texts["sum"], texts["turn"]), lang))
        hidden = texts["sum_hidden"] and self.prediction is None
        asked = hidden and self.ask_sum  # (ask_sum=False: adding up not taught yet)
        if hidden:
            self.sum_line.value = (f"<div class='hr-sum hr-sum-hidden hr-muted'>"
                                   f"{esc(t('replay.sum_prompt', lang))}</div>" if asked else "")
        else:
            self.sum_line.value = (f"<div class='hr-sum'>{rule_links(texts['sum'], lang)}</div>"
                                   if texts["sum"] else "")
        self.sum_button.description = t("replay.show_sum", lang)
        self.sum_button.tooltip = t("replay.show_sum", lang)
        self.sum_button.layout.display = "" if asked else "none"
        self.turn_line.value = (f"<div class='hr-turn'>{rule_links(texts['turn'], lang)}</div>"
                                if texts["turn"] else "")
        lines = [texts["scores"], *texts["details"]] if texts["scores"] else texts["details"]
        self.details.value = "".join(
            f"<div class='hr-detail'>{keep_together(rule_links(line, lang), texts['keep'])}"
            "</div>" for line in lines)
        self.alt_text.value = (f"<details><summary>{esc(t('replay.alt_label', lang))}</summary>"
                               f"<p lang='{esc(lang)}'>{esc(texts['alt'])}</p></details>")
        tips = {self.first_button: "replay.first", self.prev_button: "replay.previous",
                self.next_button: "replay.next", self.last_button: "replay.last"}
        for button, key in tips.items():
            button.tooltip = t(key, lang)
            button.description = t(key, lang)
        self.play.description = t("replay.play", lang)
        self.play.tooltip = t("replay.play", lang)
        self.play.layout.display = "none" if self.predict else ""  # Space steps then
        self.slider.description = t("replay.step_label", lang)
        self.prev_button.disabled = self.first_button.disabled = self.step == 0
        self.next_button.disabled = self.last_button.disabled = self.step == len(self.steps) - 1
        self.messages.clear()
