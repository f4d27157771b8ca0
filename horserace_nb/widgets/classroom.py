"""The classroom page: one clean view with a match to play and the worked examples to replay,
for Voilà (no code on screen)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from ..examples import EXAMPLES
from ..i18n import check_lang, t
from .common import Lang, MessageArea, esc, lang_switch, safe
from .play import PlayWidget
from .replay import ReplayWidget

__all__ = ["Classroom"]


class Classroom(traitlets.HasTraits):
    """Two tabs — play a match, replay a worked example — under one language switch."""

    lang = Lang("en")

    def __init__(self, *, lang: str = "en", seed: int | None = None, **play_options: Any) -> None:
        super().__init__()
        check_lang(lang)
        self.messages = MessageArea()
        self.play = PlayWidget(lang=lang, **play_options) if seed is None else \
            PlayWidget(_seeded(seed), lang=lang, **play_options)
        self.example_choice = widgets.Dropdown(options=self._example_options(lang),
                                               value="sequence")
        self.replay = ReplayWidget("sequence", lang=lang)
        _hide(self.play.lang_switch, self.replay.lang_switch)  # one switch for the whole page
        self.replay_box = widgets.VBox([self.example_choice, self.replay.ui])
        self.tabs = widgets.Tab(children=[self.play.ui, self.replay_box])
        self.lang_switch = lang_switch(lang)
        self.heading = widgets.HTML()
        self.ui = widgets.VBox([
            widgets.HBox([self.heading, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            self.tabs, self.messages.box])
        self.ui.add_class("hr-classroom")
        self.example_choice.observe(self._on_example, names="value")
        self.lang_switch.observe(self._on_switch, names="value")
        self.lang = lang
        self._label()

    @staticmethod
    def _example_options(lang: str) -> list[tuple[str, str]]:
        return [(e.title(lang), key) for key, e in EXAMPLES.items()]

    @traitlets.observe("lang")
    def _on_lang(self, change: Any) -> None:
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
        self.replay = ReplayWidget(change["new"], lang=self.lang)
        _hide(self.replay.lang_switch)
        self.replay_box.children = [self.example_choice, self.replay.ui]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.ui)  # type: ignore[no-untyped-call]


def _hide(*controls: widgets.Widget) -> None:
    for control in controls:
        control.layout.display = "none"


def _seeded(seed: int) -> Any:
    from ..game import Game

    return Game(players=2, seed=seed)
