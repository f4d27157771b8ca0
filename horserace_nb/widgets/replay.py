"""Step through a worked example, a saved game or a live game's history.

>>> w = ReplayWidget()                       # the documented layout sequence
>>> w.step = 3                               # after [4|4]: 2 + 8 = 10
>>> w.current.layout.end_total()
10
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import traitlets

from ..examples import EXAMPLES, Example
from ..game import Event, Game, Reason
from ..i18n import check_lang, side_name, t
from ..layout import Layout
from ..record import parse_action
from ..settlement import HandResult
from .common import Lang, MessageArea, esc, lang_switch, safe

__all__ = ["ReplayWidget", "ReplayStep", "build_steps", "step_texts"]


@dataclass(frozen=True)
class ReplayStep:
    """The state after one step: the layout, the event that led to it (``None`` at the start
    and where a new hand was dealt), and for games a snapshot of the whole game."""

    index: int
    layout: Layout
    event: Event | None = None
    game: Game | None = None
    dealt: bool = False


def _layout_steps(example: Example) -> list[ReplayStep]:
    steps = [ReplayStep(0, Layout())]
    for i, layout in enumerate(example.layouts(), start=1):
        steps.append(ReplayStep(i, layout))
    return steps


def _game_steps(record: dict[str, Any]) -> list[ReplayStep]:
    """One step per recorded action; the record must already have been validated."""
    game = Game.from_record(record, upto=0)
    steps = [ReplayStep(0, game.layout.copy(), game=game.copy())]
    for index, raw in enumerate(record["actions"], start=1):
        entry = parse_action(raw, index - 1)
        action = None if entry is None else entry[1]
        if action is None:
            game.next_hand()
        else:
            game.apply(action)
        event = None if action is None else game.history[-1]
        steps.append(ReplayStep(index, game.layout.copy(), event=event, game=game.copy(),
                                dealt=action is None))
    return steps


def build_steps(source: Any) -> tuple[list[ReplayStep], Example | None]:
    """The steps of *source*: an example (or its key), a :class:`Game`, a game record dict, or
    its JSON text. Records are validated by replaying them (:class:`RecordError` if bad)."""
    if source is None:
        source = "sequence"
    if isinstance(source, str) and source in EXAMPLES:
        source = EXAMPLES[source]
    if isinstance(source, Example):
        if source.is_layout:
            return _layout_steps(source), source
        return _game_steps(source.play().record()), source
    if isinstance(source, Game):
        source = source.record()
    elif isinstance(source, (str, bytes)):
        source = json.loads(Game.from_json(source).to_json())
    if not isinstance(source, dict):
        raise TypeError(
            "a replay shows a worked example (or its name), a Game, a game record or its JSON, "
            f"not {type(source).__name__}")
    Game.from_record(source)  # validates the whole record first: a bad record changes nothing
    return _game_steps(source), None


def _points_phrase(raw: int, lang: str) -> str:
    return t("score.points", lang, raw=raw, display=raw // 5)


def _sum_line(layout: Layout, lang: str) -> str:
    values = " + ".join(str(v) for _, v in layout.contributions()) or "0"
    total = layout.end_total()
    raw = layout.score()
    if raw:
        return t("score.sum", lang, sum=values, total=total, raw=raw, display=raw // 5)
    return t("score.no_score", lang, sum=values, total=total)


def _placement_heading(tile: Any, on: Any, side: Any, lang: str) -> str:
    if on is None:
        return t("replay.opened", lang, tile=tile)
    return t("replay.placed", lang, tile=tile, on=on, side=side_name(side, lang))


# Every reason an event gives (Reason in game.py) has the catalog key "turn.<reason>"; these
# also say the points scored.
_WITH_POINTS = {Reason.SCORED, Reason.DOUBLE_SCORED}


def _reason_line(reason: str, raw: int, lang: str) -> str:
    points = _points_phrase(raw, lang) if reason in _WITH_POINTS else ""
    return t(f"turn.{reason}", lang, points=points)


def _turn_line(event: Event, lang: str) -> str:
    return _reason_line(event.reason, event.raw, lang) if event.reason else ""


def _as_if_from_hand(layout: Layout, lang: str) -> str:
    """For a layout example: what R17 would say had the tile come from a hand."""
    tile, raw = layout.tiles[-1], layout.score()
    reason = (Reason.DOUBLE_SCORED if tile.is_double and raw else Reason.DOUBLE
              if tile.is_double else Reason.SCORED if raw else Reason.SINGLE)
    return _reason_line(reason, raw, lang)


def _settlement_lines(result: HandResult, game: Game, lang: str) -> list[str]:
    lines = [t("settle.reason_" + result.reason, lang)]
    for seat, pips in enumerate(result.pips):
        lines.append(t("settle.pips", lang, seat=seat, pips=pips))
    for b in result.bonuses:
        who = (t("replay.team", lang, team=b.winner) if game.partners
               else t("replay.seat", lang, seat=b.winner))
        lines.append(t("settle.bonus", lang, who=who, pips=b.pips, rounded=b.rounded,
                       points=b.points))
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
        out["heading"] = f"{counter} — {_placement_heading(last, on, side, lang)}"
        out["sum"] = _sum_line(step.layout, lang)
        out["turn"] = _as_if_from_hand(step.layout, lang)
    else:
        who = t("replay.seat", lang, seat=event.seat)
        if event.kind == "place":
            what = _placement_heading(event.tile, event.on, event.side, lang)
            out["sum"] = _sum_line(step.layout, lang)
        elif event.kind == "draw":
            what = t("replay.drew", lang, tile=event.tile)
        else:
            what = t("replay.passed", lang)
        out["heading"] = f"{counter} — {who}: {what}"
        out["turn"] = _turn_line(event, lang)
        if event.result is not None and game is not None:
            out["details"] = _settlement_lines(event.result, game, lang)
        if event.winners is not None:
            names = ", ".join(
                t("replay.team", lang, team=w) if game is not None and game.partners
                else t("replay.seat", lang, seat=w) for w in event.winners)
            out["details"] = [*out["details"], t("replay.winners", lang, winners=names)]
    if game is not None:
        scores = ", ".join(
            f"{t('replay.team', lang, team=i) if game.partners else t('replay.seat', lang, seat=i)}"
            f": {s}" for i, s in enumerate(game.scores))
        hands = "; ".join(
            f"{t('replay.seat', lang, seat=i)}: {', '.join(map(str, h)) or '—'}"
            for i, h in enumerate(game.hands))
        out["details"] = [*out["details"],
                          t("replay.scores", lang, scores=scores, target=game.target),
                          t("replay.hands", lang, hands=hands),
                          t("replay.boneyard", lang, count=len(game.boneyard))]
    return out


class ReplayWidget(traitlets.HasTraits):
    """Replay a worked example (default: the documented layout sequence), a saved game record
    (dict or JSON text), or a live :class:`Game`'s history, one step at a time.

    Drive it with the buttons, the slider or play/pause, or from code: ``w.step = 3``.
    """

    step = traitlets.Int(0)
    lang = Lang("en")

    def __init__(self, source: Any = None, *, lang: str = "en", size: int = 640) -> None:
        super().__init__()
        self.steps, self.example = build_steps(source)
        self.size = size
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
        self.lang_switch = lang_switch(check_lang(lang))
        self.title = widgets.HTML()
        self.heading = widgets.HTML()
        self.board = widgets.HTML()
        self.board.add_class("hr-board")
        self.sum_line = widgets.HTML()
        self.turn_line = widgets.HTML()
        self.details = widgets.HTML()
        self.alt_text = widgets.HTML()
        self.alt_text.add_class("hr-alt")
        controls = widgets.HBox([self.first_button, self.prev_button, self.play,
                                 self.next_button, self.last_button, self.slider])
        self.ui = widgets.VBox([
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            controls, self.heading, self.board, self.sum_line, self.turn_line, self.details,
            self.alt_text, self.messages.box,
        ])
        self.ui.add_class("hr-replay")
        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.step - 1))
        self.next_button.on_click(lambda _: self._go(self.step + 1))
        self.last_button.on_click(lambda _: self._go(len(self.steps) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.lang_switch.observe(self._on_lang, names="value")
        self.lang = lang
        self._render()

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
        self._render()

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
    def board_svg(self) -> str:
        """The board of the current step, last placement highlighted."""
        from ..render.svg import layout_svg

        step = self.current
        last = step.layout.tiles[-1] if step.layout.tiles else None
        placed = step.event is None or step.event.kind == "place"
        return str(layout_svg(step.layout, lang=self.lang, size=self.size,
                              highlight=last if placed and not step.dealt else None))

    @safe
    def _render(self) -> None:
        lang = self.lang
        texts = step_texts(self.current, len(self.steps), lang, self.example)
        title = self.example.title(lang) if self.example else t("replay.saved_game", lang)
        self.title.value = f"<h3 class='hr-title'>{esc(title)}</h3>"
        explanation = (f"<p class='hr-explanation'>{esc(self.example.explanation(lang))}</p>"
                       if self.example else "")
        self.heading.value = f"{explanation}<b class='hr-heading'>{esc(texts['heading'])}</b>"
        self.board.value = self.board_svg()
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

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.ui)  # type: ignore[no-untyped-call]
