"""The "Make a puzzle from here" button of a replay, a review and a game (issue 33, point 3):
light to import (the puzzle maker is imported on its first click: a first board needs none of
it), it opens a :class:`~horserace_nb.widgets.editor.PuzzleMaker` below itself at the position
on show; the puzzles made stay in one set while the replay, review or game moves on. Its
"Make a worked example" button opens an :class:`~horserace_nb.widgets.editor.ExampleMaker` at
the position on show in the same way (a new one each time).

>>> from horserace_nb import Game
>>> here = PuzzleHere(lambda: Game.from_code("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj"))
>>> here.button.click(); len(here.maker.draft.candidates) if here.maker else 0
4
>>> here.example_button.click(); here.example_maker.draft.code if here.example_maker else ""
'hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj'
>>> over = PuzzleHere(lambda: None); over.button.click(); "hr-msg-error" in over.messages.html.value
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..core.game import Game
from ..words.i18n import check_lang, t
from .base import View, replace_children

if TYPE_CHECKING:
    from .editor import ExampleMaker, PuzzleMaker

__all__ = ["PuzzleHere"]


class PuzzleHere(View):
    """The buttons and the puzzle maker or example maker they open.

    :param position: gives the position on show (``None``: a step that holds no whole
        position to play from, such as a layout example's).
    :param site: the classroom site's address for the set's link ("": the page's own site).
    :param folder: where the maker saves the set file.
    """

    def __init__(self, position: Callable[[], Game | None], *, lang: str = "en",
                 site: str = "", folder: str | os.PathLike[str] = ".") -> None:
        check_lang(lang)
        self._position = position
        self._site = site
        self._folder = folder
        super().__init__(lang=lang, switch=False)
        self.button = widgets.Button(icon="puzzle-piece", layout=widgets.Layout(
            width="auto", min_height="44px", min_width="44px"))
        self.example_button = widgets.Button(icon="film", layout=widgets.Layout(
            width="auto", min_height="44px", min_width="44px"))
        self.box = widgets.VBox([])
        self.example_box = widgets.VBox([])
        self.maker: PuzzleMaker | None = None
        self.example_maker: ExampleMaker | None = None
        self.children = [widgets.HBox([self.button, self.example_button],
                                      layout=widgets.Layout(flex_flow="row wrap")),
                         self.messages.box, self.box, self.example_box]
        self.add_class("hr-maker")
        self.button.on_click(lambda _: self._open())
        self.example_button.on_click(lambda _: self._open_example())
        self.start()

    def relocalize(self, lang: str) -> None:
        self.button.description = t("editor.make_puzzle", lang)
        self.example_button.description = t("editor.make_example", lang)
        if self.maker is not None:
            self.maker.lang = lang
        if self.example_maker is not None:
            self.example_maker.lang = lang

    def _open(self) -> None:
        from ..sessions.editor import authoring_refusal
        from ..teaching.authoring import AuthoringError
        from .editor import PuzzleMaker

        game = self._position()
        if game is None or game.hand_over:
            self.messages.tell(lambda lang: t("author.no_game", lang), self.lang, kind="error")
            return
        try:
            if self.maker is None:
                self.maker = PuzzleMaker(game, lang=self.lang, switch=False, site=self._site,
                                         folder=self._folder)
                replace_children(self.box, [self.maker])
            else:
                self.maker.start_at(game)
        except AuthoringError as exc:
            self.messages.tell(authoring_refusal(exc), self.lang, kind="error")
            return
        self.messages.clear()


    def _open_example(self) -> None:
        from ..sessions.editor import authoring_refusal
        from ..teaching.authoring import AuthoringError
        from .editor import ExampleMaker

        game = self._position()
        if game is None or game.hand_over:
            self.messages.tell(lambda lang: t("author.no_game_example", lang), self.lang,
                               kind="error")
            return
        try:
            maker = ExampleMaker(game, lang=self.lang, switch=False, site=self._site,
                                 folder=self._folder)
        except AuthoringError as exc:
            self.messages.tell(authoring_refusal(exc), self.lang, kind="error")
            return
        self.example_maker = maker
        replace_children(self.example_box, [maker])  # closes the one before
        self.messages.clear()
