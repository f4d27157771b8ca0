"""The classroom page: one clean view with a match to play and the worked examples to replay,
for Voilà (no code on screen)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core import validate
from ..core.game import Game
from ..teaching.examples import EXAMPLES
from ..words.i18n import check_lang, t
from .base import View, replace_children
from .common import esc, safe
from .play import PlayWidget
from .replay import ReplayWidget

__all__ = ["Classroom"]


class Classroom(View):
    """Two tabs — play a match, replay a worked example — under one language switch.

    It holds a :class:`PlayWidget` and a :class:`ReplayWidget` as they are (each without its own
    language switch) and sets their ``lang``: a switch redraws them in the new language, the
    match and the replay's step as they were. Choosing another example replaces the replay
    (the old one is closed). The play tab's match menu offers the class-length teaching
    variants (31 points, one hand); ``Classroom(match="31")`` starts with one. Its row beside
    *New game* offers the computer's level and pass and play; ``Classroom(level="beginner")``
    starts with that level, ``Classroom(pass_and_play=True, players=2)`` with a pair at one
    screen, ``Classroom(call_first=True)`` with *Call it first* ticked (the learner states the
    end total before each placement; the check box under the board turns it off) (the other
    options go to :class:`PlayWidget` as they are).
    ``Classroom(projector=True)`` shows the whole page, play and replay, in projector mode."""

    def __init__(self, *, lang: str = "en", seed: int | None = None, level: str = "medium",
                 projector: bool = False,
                 **play_options: Any) -> None:
        check_lang(lang)
        projector = validate.flag(projector, "projector")
        match = play_options.get("match")
        game = None if seed is None else Game(
            players=play_options.pop("players", None) or 2,
            partners=play_options.pop("partners", False), seed=seed,
            target=31 if match == "31" else None)
        play = PlayWidget(game, lang=lang, switch=False, level=level, projector=projector,
                          **play_options)
        super().__init__(lang=lang)
        self.play = play
        self._example_quiet = False
        self.example_choice = widgets.Dropdown(options=self._example_options(lang),
                                               value="sequence")
        self.replay = ReplayWidget("sequence", lang=lang, switch=False, projector=projector)
        self.replay_box = widgets.VBox([self.example_choice, self.replay])
        self.tabs = widgets.Tab(children=[self.play, self.replay_box])
        self.heading = widgets.HTML()
        self.children = [
            widgets.HBox([self.heading, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between")),
            self.tabs, self.messages.box]
        self.add_class("hr-classroom")
        self.example_choice.observe(self._on_example, names="value")
        self.observe(self._on_projector, names="projector")
        self.projector = projector
        self.start()

    @staticmethod
    def _example_options(lang: str) -> list[tuple[str, str]]:
        return [(e.title(lang), key) for key, e in EXAMPLES.items()]

    def relocalize(self, lang: str) -> None:
        self.play.lang = lang
        self.replay.lang = lang
        current = self.example_choice.value
        self._example_quiet = True  # new labels for the same examples: the replay stays
        try:
            self.example_choice.options = self._example_options(lang)
            self.example_choice.value = current
        finally:
            self._example_quiet = False
        self.heading.value = f"<h2 class='hr-title'>{esc(t('classroom.title', lang))}</h2>"
        self.tabs.set_title(0, t("classroom.play_tab", lang))
        self.tabs.set_title(1, t("classroom.replay_tab", lang))
        self.example_choice.description = t("classroom.example", lang)

    def _on_projector(self, change: Any) -> None:
        self.play.projector = self.replay.projector = change["new"]

    @safe
    def _on_example(self, change: Any) -> None:
        if self._example_quiet or change["new"] is None:
            return
        self.replay = ReplayWidget(change["new"], lang=self.lang, switch=False,
                                   projector=self.projector)
        replace_children(self.replay_box, [self.example_choice, self.replay])
