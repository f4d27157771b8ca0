"""Step through a worked example, a saved game or a live game's history.

>>> w = ReplayWidget()                       # the documented layout sequence
>>> w.step = 3                               # after [4|4]: 2 + 8 = 10
>>> w.current.layout.end_total()
10
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

import ipywidgets as widgets
import traitlets

from .. import narration
from ..actions import Action
from ..examples import EXAMPLES, Example
from ..game import Event, Game
from ..i18n import check_lang, t
from ..layout import Layout
from ..record import parse as parse_record
from ..settlement import HandResult
from .board import Board, check_size, with_static_svg
from .common import Lang, MessageArea, esc, lang_switch, safe

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
                 record: dict[str, Any] | None = None) -> None:
        self._layouts = list(layouts) if layouts is not None else None
        self._events: list[Event | None] = [None]
        self._actions: list[Action | None] = [None]
        self._checkpoints: dict[int, Game] = {}
        self._cursor: tuple[int, Game] | None = None
        self.every = 1
        if record is None:
            return
        parsed = parse_record(record)
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
    if isinstance(source, Game):
        source = source.record()
    elif isinstance(source, (str, bytes)):
        source = json.loads(Game.from_json(source).to_json())
    if not isinstance(source, dict):
        raise TypeError(
            "a replay shows a worked example (or its name), a Game, a game record or its JSON, "
            f"not {type(source).__name__}")
    Game.from_record(source)  # validates the whole record first: a bad record changes nothing
    return ReplaySteps(record=source), None


def _who(index: int, partners: bool, lang: str) -> str:
    return (t("replay.team", lang, team=index) if partners
            else t("replay.seat", lang, seat=index))


def _settlement_lines(result: HandResult, game: Game, lang: str) -> list[str]:
    lines = [t("settle.reason_" + result.reason, lang)]
    for seat, pips in enumerate(result.pips):
        lines.append(t("settle.pips", lang, seat=seat, pips=pips))
    for b in result.bonuses:
        lines.append(t("settle.bonus", lang, who=_who(b.winner, game.partners, lang),
                       pips=b.pips, rounded=b.rounded, points=b.points))
    return lines


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
        who = t("replay.seat", lang, seat=event.seat)
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
            out["details"] = _settlement_lines(event.result, game, lang)
        if event.winners is not None:
            partners = game is not None and game.partners
            names = ", ".join(_who(w, partners, lang) for w in event.winners)
            out["details"] = [*out["details"], t("replay.winners", lang, winners=names)]
    if game is not None:
        scores = ", ".join(f"{_who(i, game.partners, lang)}: {s}"
                           for i, s in enumerate(game.scores))
        hands = "; ".join(
            f"{t('replay.seat', lang, seat=i)}: {', '.join(map(str, h)) or '—'}"
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

    :param size: the largest width of the board picture, in pixels (a number above 0).
    :param switch: show the widget's own language switch.
    """

    step = traitlets.Int(0)
    lang = Lang("en")
    show_switch = traitlets.Bool(True)

    def __init__(self, source: Any = None, *, lang: str = "en", size: float = 640,
                 switch: bool = True) -> None:
        check_lang(lang)
        self.size = check_size(size)
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
        self.children = [
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            controls, self.heading, self.board, self.sum_line, self.turn_line, self.details,
            self.alt_text, self.messages.box,
        ]
        self.add_class("hr-replay")
        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.step - 1))
        self.next_button.on_click(lambda _: self._go(self.step + 1))
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
        self._render()

    @traitlets.observe("lang")
    def _on_lang_trait(self, change: Any) -> None:
        self.lang_switch.value = change["new"]
        self.board.lang = change["new"]
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
        self.board.show(self.board_svg(step))
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
