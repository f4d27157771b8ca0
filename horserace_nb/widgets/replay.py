"""Step through a worked example, a saved game or a live game's history.

>>> w = ReplayWidget()                       # the documented layout sequence
>>> w.step = 3                               # after [4|4]: 2 + 8 = 10
>>> w.current.layout.end_total()
10
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

import ipywidgets as widgets
import traitlets

from ..core import validate
from ..core.actions import Action
from ..core.game import Event, Game
from ..core.layout import Layout
from ..core.record import Record, loads
from ..core.record import parse as parse_record
from ..core.tiles import Side, Tile
from ..sessions.protocol import Text, board_moves, tile_position
from ..teaching.examples import EXAMPLES, Example
from ..teaching.exercises import EndTotal, Feedback, LayoutExercise, PlacementScore, PlayedPoint
from ..words import narration
from ..words.i18n import check_lang, t
from ..words.names import list_text, scoring_side, seat_name
from .board import Board, Choice, with_static_svg
from .common import Lang, MessageArea, esc, lang_switch, message_html, question_html, safe
from .store import Recorder

__all__ = ["ReplayWidget", "ReplayStep", "ReplaySteps", "build_steps", "step_texts"]


@dataclass(frozen=True)
class ReplayStep:
    """The state after one step: the layout, the event that led to it (``None`` at the start
    and where a new hand was dealt), and for games the whole game at that step (a copy made on
    demand)."""

    index: int
    layout: Layout
    event: Event | None = None
    game: Game | None = None
    dealt: bool = False


class ReplaySteps(Sequence[ReplayStep]):
    """The steps of a worked example or a game record, in memory and time linear in the record.

    A game keeps its events (the objects of one replay, shared), the parsed actions and a copy
    of the game every ``every`` steps (at most about 16 copies); a step is made on demand from
    the nearest copy at or before it, or from the last step shown when that is nearer, by
    replaying the actions in between.
    """

    CHECKPOINTS = 16

    def __init__(self, *, layouts: Sequence[Layout] | None = None,
                 record: dict[str, Any] | Record | None = None) -> None:
        self._layouts = list(layouts) if layouts is not None else None
        self._events: list[Event | None] = [None]
        self._actions: list[Action | None] = [None]
        self._checkpoints: dict[int, Game] = {}
        self._cursor: tuple[int, Game] | None = None
        self.every = 1
        if record is None:
            return
        parsed = record if isinstance(record, Record) else parse_record(record)
        actions = parsed.actions
        self.every = max(64, -(-len(actions) // self.CHECKPOINTS))
        game = Game.from_record(parsed, upto=0)
        self._checkpoints[0] = game.copy()
        for index, entry in enumerate(actions, start=1):
            action = None if entry is None else entry[1]
            if action is None:
                game.next_hand()
                self._events.append(None)
            else:
                self._events.append(game.apply(action))
            self._actions.append(action)
            if index % self.every == 0:
                self._checkpoints[index] = game.copy()
        self._cursor = (len(actions), game)

    def __len__(self) -> int:
        if self._layouts is not None:
            return len(self._layouts)
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> ReplayStep: ...

    @overload
    def __getitem__(self, index: slice) -> list[ReplayStep]: ...

    def __getitem__(self, index: int | slice) -> ReplayStep | list[ReplayStep]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"step {index} is not from 0 to {len(self) - 1}")
        if self._layouts is not None:
            return ReplayStep(index, self._layouts[index].copy())
        game = self._game_at(index).copy()
        return ReplayStep(index, game.layout, event=self._events[index], game=game,
                          dealt=index > 0 and self._actions[index] is None)

    def _game_at(self, index: int) -> Game:
        start = max(i for i in self._checkpoints if i <= index)
        cursor = self._cursor
        if cursor is not None and start <= cursor[0] <= index:
            at, game = cursor
        else:
            at, game = start, self._checkpoints[start].copy()
        while at < index:
            at += 1
            action = self._actions[at]
            if action is None:
                game.next_hand()
            else:
                game.apply(action)
        self._cursor = (at, game)
        return game


def build_steps(source: Any) -> tuple[ReplaySteps, Example | None]:
    """The steps of *source*: an example (or its key), a :class:`Game`, a game record dict, or
    its JSON text. Records are validated by replaying them (:class:`RecordError` if bad)."""
    if source is None:
        source = "sequence"
    if isinstance(source, str) and source in EXAMPLES:
        source = EXAMPLES[source]
    if isinstance(source, Example):
        if source.is_layout:
            return ReplaySteps(layouts=[Layout(), *source.layouts()]), source
        return ReplaySteps(record=source.play().record()), source
    if isinstance(source, Game):  # a live game's record is legal by construction
        return ReplaySteps(record=source.record()), None
    if isinstance(source, (str, bytes)):
        source = loads(source)  # read once; its form checked (RecordError)
    elif isinstance(source, dict):
        source = parse_record(source)
    else:
        raise ValueError(
            "a replay shows a worked example (or its name), a Game, a game record or its JSON, "
            f"not {type(source).__name__}")
    Game.from_record(source)  # replays it through the rules first: a bad record changes nothing
    return ReplaySteps(record=source), None


def step_texts(step: ReplayStep, total_steps: int, lang: str,
               example: Example | None = None) -> dict[str, Any]:
    """Everything a step says, in *lang*: ``heading``, ``sum``, ``turn``, ``details`` (list),
    ``alt`` (the layout's text alternative)."""
    check_lang(lang)
    out: dict[str, Any] = {"heading": "", "sum": "", "turn": "", "details": [],
                           "alt": step.layout.describe(lang)}
    counter = t("replay.step", lang, step=step.index, total=total_steps - 1)
    event, game = step.event, step.game
    if step.index == 0:
        out["heading"] = f"{counter} — {t('replay.start', lang)}"
    elif step.dealt:
        out["heading"] = f"{counter} — {t('replay.next_hand', lang)}"
    elif event is None:  # a layout example
        last = step.layout.tiles[-1]
        joined = step.layout.joined_by(last)
        on, side = (None, None) if joined is None else (joined.anchor, joined.anchor_side)
        out["heading"] = f"{counter} — {narration.placement_heading(last, on, side, lang)}"
        out["sum"] = narration.sum_line(step.layout, lang)
        out["turn"] = narration.as_if_from_hand(step.layout, lang)
    else:
        who = seat_name(event.seat, lang)
        if event.kind == "place":
            assert event.tile is not None
            what = narration.placement_heading(event.tile, event.on, event.side, lang)
            out["sum"] = narration.sum_line(event, lang)
        elif event.kind == "draw":
            what = t("replay.drew", lang, tile=event.tile)
        else:
            what = t("replay.passed", lang)
        out["heading"] = f"{counter} — {who}: {what}"
        out["turn"] = narration.turn_line(event, lang)
        if event.result is not None and game is not None:
            out["details"] = narration.settlement(event.result, lang).lines()
        if event.winners is not None:
            partners = game is not None and game.partners
            names = list_text([scoring_side(w, partners, lang) for w in event.winners], lang)
            out["details"] = [*out["details"], t("replay.winners", lang, winners=names)]
    if game is not None:
        scores = list_text(
            [t("replay.score_item", lang, who=scoring_side(i, game.partners, lang), score=s)
             for i, s in enumerate(game.scores)], lang)
        hands = t("replay.hands_sep", lang).join(
            t("replay.hand_item", lang, who=seat_name(i, lang),
              tiles=list_text([str(x) for x in h], lang) or "—")
            for i, h in enumerate(game.hands))
        out["details"] = [*out["details"],
                          t("replay.scores", lang, scores=scores, target=game.target),
                          t("replay.hands", lang, hands=hands),
                          t("replay.boneyard", lang, count=len(game.boneyard))]
    return out


class ReplayWidget(widgets.VBox):  # type: ignore[misc]
    """Replay a worked example (default: the documented layout sequence), a saved game record
    (dict or JSON text), or a live :class:`Game`'s history, one step at a time, on the same
    board as play (read-only).

    Drive it with the buttons, the slider or play/pause, or from code: ``w.step = 3``.

    **Predict mode** (``predict=True``, or the checkbox): before the Next button shows a
    placement, the learner answers a question about it — where the tile goes (clicked on the
    board), the end total, or the placement score, in turn — and gets feedback naming the rule;
    a right answer shows the step, "Show the step" shows it anyway. From code:
    :meth:`next_step`, :meth:`predict_answer`, :meth:`click_point`, :meth:`reveal`.

    :param size: the largest width of the board picture, in pixels (a number above 0).
    :param switch: show the widget's own language switch.
    :param predict: start in predict mode.
    """

    step = traitlets.Int(0)
    lang = Lang("en")
    show_switch = traitlets.Bool(True)
    predict = traitlets.Bool(False)
    """Ask before each placement is shown (predict mode)."""

    def __init__(self, source: Any = None, *, lang: str = "en", size: float = 640,
                 switch: bool = True, predict: bool = False) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        self.steps, self.example = build_steps(source)
        super().__init__()
        self.messages = MessageArea()
        last = len(self.steps) - 1
        self.first_button = widgets.Button(icon="fast-backward")
        self.prev_button = widgets.Button(icon="step-backward")
        self.next_button = widgets.Button(icon="step-forward")
        self.last_button = widgets.Button(icon="fast-forward")
        for button in (self.first_button, self.prev_button, self.next_button, self.last_button):
            button.layout = widgets.Layout(width="auto")
        self.slider = widgets.IntSlider(value=0, min=0, max=last, readout=True,
                                        continuous_update=True)
        self.play = widgets.Play(value=0, min=0, max=last, interval=1500)
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.lang_switch = lang_switch(lang)
        self.title = widgets.HTML()
        self.heading = widgets.HTML()
        self.board = Board(lang=lang, readonly=True)
        self.sum_line = widgets.HTML()
        self.turn_line = widgets.HTML()
        self.details = widgets.HTML()
        self.alt_text = widgets.HTML()
        self.alt_text.add_class("hr-alt")
        controls = widgets.HBox([self.first_button, self.prev_button, self.play,
                                 self.next_button, self.last_button, self.slider])
        self.question: LayoutExercise[Any] | None = None
        """The prediction asked before step :attr:`pending` is shown (predict mode)."""
        self.pending: int | None = None
        self.feedback: Feedback | None = None
        """The verdict on the last prediction."""
        self.predict_toggle = widgets.Checkbox(value=predict, indent=False)
        self.predict_prompt = widgets.HTML()
        self.predict_number = widgets.IntText(value=0, layout=widgets.Layout(width="10em"))
        self.predict_check = widgets.Button(button_style="primary", icon="check",
                                            layout=widgets.Layout(width="auto"))
        self.predict_reveal = widgets.Button(icon="eye", layout=widgets.Layout(width="auto"))
        self.predict_feedback = widgets.HTML()
        self.predict_box = widgets.VBox([
            self.predict_prompt,
            widgets.HBox([self.predict_number, self.predict_check, self.predict_reveal])])
        self.predict_box.add_class("hr-predict")
        self.recorder = Recorder(lang=lang)
        """Records each prediction answered or shown in the learner's browser (issue 20)."""
        self.children = [
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            controls, self.predict_toggle, self.heading, self.predict_box,
            self.predict_feedback, self.board, self.sum_line, self.turn_line, self.details,
            self.alt_text, self.messages.box, self.recorder.store,
        ]
        self.add_class("hr-replay")
        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.step - 1))
        self.next_button.on_click(lambda _: self._on_next())
        self.predict_check.on_click(lambda _: self._on_predict_check())
        self.predict_reveal.on_click(lambda _: self._on_reveal())
        widgets.link((self.predict_toggle, "value"), (self, "predict"))
        self.board.on_choice(self._on_board)
        self.board.on_refusal(self._on_refusal)
        self.last_button.on_click(lambda _: self._go(len(self.steps) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.lang_switch.observe(self._on_lang, names="value")
        self.show_switch = switch
        self.lang = lang
        self._render()

    @property
    def ui(self) -> ReplayWidget:
        """The widget itself (it is a VBox; kept for code written for earlier versions)."""
        return self

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and the board picture for front ends without widgets."""
        return with_static_svg(super()._repr_mimebundle_(**kwargs), self.board.svg)

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
        if not change["new"] and self.question is not None:
            self._drop_question()
            self._render()

    # ------------------------------------------------------------------ predict mode
    def next_step(self) -> None:
        """What the Next button does: in predict mode, ask about the next placement first
        (once); otherwise, or for a step that is not a placement, show it."""
        target = self.step + 1
        if target >= len(self.steps):
            return
        if self.predict and self.pending != target:
            question = self._question_for(target)
            if question is not None:
                self._ask(target, question)
                return
        self.step = target

    def predict_answer(self, value: Any) -> Feedback:
        """Answer the question asked (a number, or a ``(tile, side)`` point); a right answer
        shows the step.

        :raises ValueError: if no question is asked now.
        """
        if self.question is None or self.pending is None:
            raise ValueError("no prediction is asked now: press Next in predict mode first")
        feedback = self.question.check(value, self.lang)
        self.feedback = feedback
        self.recorder.tried(self.question, feedback)
        if feedback.ok:
            self._record()
            pending = self.pending
            self._drop_question()
            self.step = pending
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
            self.step = pending

    def _record(self) -> None:
        question, step = self.question, self.pending
        if question is not None and step is not None:
            source = self.example.key if self.example is not None else "game"
            self.recorder.finish(question, "predict", f"{question.kind}@{source}", step,
                                 stars=question.stars, tries=question.attempts)

    def _question_for(self, index: int) -> LayoutExercise[Any] | None:
        step = self.steps[index]
        placed = step.event.kind == "place" if step.event is not None else (
            not step.dealt and not step.layout.is_empty)
        if not placed or step.dealt:
            return None
        after = step.layout
        tile = after.tiles[-1]
        joined = after.joined_by(tile)
        before = Layout.from_placements(list(after.placements()[:-1]))
        kind = index % 3
        if (kind == 0 and joined is not None
                and len(before.legal_points(tile)) > 1):
            return PlayedPoint.at(before, tile, (joined.anchor, joined.anchor_side))
        return PlacementScore.on_layout(after) if kind == 2 else EndTotal.on_layout(after)

    def _ask(self, index: int, question: LayoutExercise[Any]) -> None:
        self.pending, self.question = index, question
        self.feedback = None
        self.predict_feedback.value = ""
        self._render()

    def _drop_question(self) -> None:
        if self.question is not None:
            self.question = None
            self.pending = None
            self.board.readonly = True
        self.predict_feedback.value = ""

    def _show_feedback(self) -> None:
        fb = self.feedback
        if fb is None:
            return
        kind = "ok" if fb.ok else "error"
        colour = "#2a7a2a" if fb.ok else "#b00020"
        self.predict_feedback.value = (f"<div class='hr-msg hr-msg-{kind}' role='status' "
                                       f"style='color:{colour}'>{esc(fb.message)}</div>")

    @safe
    def _on_next(self) -> None:
        self.next_step()

    @safe
    def _on_predict_check(self) -> None:
        self.predict_answer(self.predict_number.value)

    @safe
    def _on_reveal(self) -> None:
        self.reveal()

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
        """A message the board refused (stale, malformed, on a board to watch): say why."""
        self.messages.say_html(message_html(text(self.lang), "error"))

    @traitlets.observe("lang")
    def _on_lang_trait(self, change: Any) -> None:
        self.lang_switch.value = change["new"]
        self.board.lang = change["new"]
        if hasattr(self, "recorder"):
            self.recorder.store.lang = change["new"]
        if hasattr(self, "heading"):
            self._render()

    @traitlets.observe("show_switch")
    def _switch_shown(self, change: Any) -> None:
        self.lang_switch.layout.display = "" if change["new"] else "none"

    @safe
    def _go(self, index: int) -> None:
        self.step = max(0, min(index, len(self.steps) - 1))

    @safe
    def _on_slider(self, change: Any) -> None:
        self.step = change["new"]

    @safe
    def _on_lang(self, change: Any) -> None:
        self.lang = change["new"]

    @property
    def current(self) -> ReplayStep:
        """The step on show."""
        return self.steps[self.step]

    # ------------------------------------------------------------------ drawing
    def board_svg(self, step: ReplayStep | None = None) -> str:
        """The board of the current step, last placement highlighted."""
        from ..render.svg import layout_svg

        step = self.current if step is None else step
        last = step.layout.tiles[-1] if step.layout.tiles else None
        placed = step.event is None or step.event.kind == "place"
        return str(layout_svg(step.layout, lang=self.lang, size=self.size,
                              highlight=last if placed and not step.dealt else None))

    def _render_question(self) -> None:
        from ..render.svg import game_svg, layout_svg

        lang, question = self.lang, self.question
        assert question is not None and self.pending is not None
        self.predict_box.layout.display = ""
        asked = self.steps[self.pending]
        lines = []
        if isinstance(question, PlayedPoint):
            assert question.tile is not None
            position = tile_position(question.layout, question.tile)
            self.board.readonly = False
            self.board.show(str(game_svg(position, seat=0, lang=lang, size=self.size,
                                         interactive=True, highlight=None)),
                            board_moves(position, lang, preview=False, question=True),
                            str(question.tile))
            lines.append(t("predict.where.q", lang, tile=question.tile))
        else:
            self.board.readonly = True
            self.board.show(str(layout_svg(asked.layout, lang=lang, size=self.size,
                                           highlight=asked.layout.tiles[-1],
                                           show_numbers=False)), board_moves(None, lang))
            heading = step_texts(asked, len(self.steps), lang, self.example)["heading"]
            key = "predict.score.q" if isinstance(question, PlacementScore) else \
                "predict.total.q"
            lines += [heading, t(key, lang)]
        self.predict_prompt.value = question_html(lines)
        numeric = not isinstance(question, PlayedPoint)
        self.predict_number.layout.display = "" if numeric else "none"
        self.predict_check.layout.display = "" if numeric else "none"
        self.predict_number.description = t("exercise.answer_label", lang)
        self.predict_check.description = t("exercise.check", lang)
        self.predict_reveal.description = t("predict.reveal", lang)

    @safe
    def _render(self) -> None:
        lang = self.lang
        step = self.current
        texts = step_texts(step, len(self.steps), lang, self.example)
        title = self.example.title(lang) if self.example else t("replay.saved_game", lang)
        self.title.value = f"<h3 class='hr-title'>{esc(title)}</h3>"
        explanation = (f"<p class='hr-explanation'>{esc(self.example.explanation(lang))}</p>"
                       if self.example else "")
        self.heading.value = f"{explanation}<b class='hr-heading'>{esc(texts['heading'])}</b>"
        self.predict_toggle.description = t("predict.toggle", lang)
        if self.question is not None and self.pending is not None:
            self._render_question()
        else:
            self.predict_box.layout.display = "none"
            self.board.readonly = True
            self.board.show(self.board_svg(step), board_moves(None, lang))
        self.sum_line.value = (f"<div class='hr-sum'>{esc(texts['sum'])}</div>"
                               if texts["sum"] else "")
        self.turn_line.value = (f"<div class='hr-turn'>{esc(texts['turn'])}</div>"
                                if texts["turn"] else "")
        self.details.value = "".join(f"<div class='hr-detail'>{esc(line)}</div>"
                                     for line in texts["details"])
        self.alt_text.value = (f"<details><summary>{esc(t('replay.alt_label', lang))}</summary>"
                               f"<p lang='{esc(lang)}'>{esc(texts['alt'])}</p></details>")
        tips = {self.first_button: "replay.first", self.prev_button: "replay.previous",
                self.next_button: "replay.next", self.last_button: "replay.last"}
        for button, key in tips.items():
            button.tooltip = t(key, lang)
            button.description = t(key, lang)
        self.play.description = t("replay.play", lang)
        self.play.tooltip = t("replay.play", lang)
        self.slider.description = t("replay.step_label", lang)
        self.prev_button.disabled = self.first_button.disabled = self.step == 0
        self.next_button.disabled = self.last_button.disabled = self.step == len(self.steps) - 1
        self.messages.clear()
