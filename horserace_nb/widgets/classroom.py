"""The classroom page: one clean view with a match to play and the worked examples to replay,
for Voilà (no code on screen)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from ..core.game import Game
from ..teaching.examples import EXAMPLES
from ..words.i18n import check_lang, t
from .common import Lang, MessageArea, esc, lang_switch, safe
from .play import PlayWidget
from .replay import ReplayWidget

__all__ = ["Classroom"]


class Classroom(widgets.VBox):  # type: ignore[misc]
    """Two tabs — play a match, replay a worked example — under one language switch.

    It holds a :class:`PlayWidget` and a :class:`ReplayWidget` as they are (each without its own
    language switch) and sets their ``lang``. The play tab's match menu offers the class-length
    teaching variants (31 points, one hand); ``Classroom(match="31")`` starts with one."""

    lang = Lang("en")

    def __init__(self, *, lang: str = "en", seed: int | None = None, **play_options: Any) -> None:
        check_lang(lang)
        super().__init__()
        self.messages = MessageArea()
        match = play_options.get("match")
        game = None if seed is None else Game(
            players=2, seed=seed, target=31 if match == "31" else None)
        self.play = PlayWidget(game, lang=lang, switch=False, **play_options)
        self.example_choice = widgets.Dropdown(options=self._example_options(lang),
                                               value="sequence")
        self.replay = ReplayWidget("sequence", lang=lang, switch=False)
        self.replay_box = widgets.VBox([self.example_choice, self.replay])
        self.tabs = widgets.Tab(children=[self.play, self.replay_box])
        self.lang_switch = lang_switch(lang)
        self.heading = widgets.HTML()
        self.children = [
            widgets.HBox([self.heading, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            self.tabs, self.messages.box]
        self.add_class("hr-classroom")
        self.example_choice.observe(self._on_example, names="value")
        self.lang_switch.observe(self._on_switch, names="value")
        self.lang = lang
        self._label()

    @staticmethod
    def _example_options(lang: str) -> list[tuple[str, str]]:
        return [(e.title(lang), key) for key, e in EXAMPLES.items()]

    @property
    def ui(self) -> Classroom:
        """The page itself (a VBox; kept for code written for earlier versions)."""
        return self

    @traitlets.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if not hasattr(self, "tabs"):
            return
        lang = check_lang(change["new"])
        self.lang_switch.value = lang
        self.play.lang = lang
        self.replay.lang = lang
        current = self.example_choice.value
        self.example_choice.options = self._example_options(lang)
        self.example_choice.value = current
        self._label()

    def _label(self) -> None:
        lang = self.lang
        self.heading.value = f"<h2 class='hr-title'>{esc(t('classroom.title', lang))}</h2>"
        self.tabs.set_title(0, t("classroom.play_tab", lang))
        self.tabs.set_title(1, t("classroom.replay_tab", lang))
        self.example_choice.description = t("classroom.example", lang)

    @safe
    def _on_switch(self, change: Any) -> None:
        self.lang = change["new"]

    @safe
    def _on_example(self, change: Any) -> None:
        old = self.replay
        self.replay = ReplayWidget(change["new"], lang=self.lang, switch=False)
        self.replay_box.children = [self.example_choice, self.replay]
        old.close()
