"""*Show answer* under a task: the answer is worked out only when the learner asks for it.

A lesson cell that answers a task the learner works out first ("answer the task above, then …")
ends with ``Reveal(answer, lang=LANG)``: running the cell, or every cell of the lesson at once
(*Run All Cells*), shows the button, not the answer. Pressing it runs ``answer()`` and shows
below the button what it printed and the picture it returned (with the picture's text
alternative), in the lesson's language.

>>> from horserace_nb.widgets.reveal import Reveal
>>> box = Reveal(lambda: print(6 * 7), lang="ko")
>>> box.shown, box.button.description, box.answer.value
(False, '답 보기', '')
>>> box.show()
>>> box.shown, "<pre>42\\n</pre>" in box.answer.value
(True, True)
"""

from __future__ import annotations

import base64
import contextlib
import io
from collections.abc import Callable

import ipywidgets as widgets

from ..render.svg import SvgImage, text_alternative
from ..words.i18n import check_lang, t
from .common import esc

__all__ = ["Reveal"]


class Reveal(widgets.VBox):  # type: ignore[misc]
    """A *Show answer* button; below it, once pressed, what *answer* printed and returned.

    :param answer: the task's answer, worked out when the button is pressed: what it prints is
        shown as text, a picture it returns (``layout_svg``, ``game_svg``) as the picture.
    :param lang: the language of the button (``en``, ``ko``, ``ja``).
    :raises horserace_nb.words.i18n.UnknownLanguage: for a language with no catalog.
    """

    def __init__(self, answer: Callable[[], object], lang: str = "en") -> None:
        self.lang = check_lang(lang)
        if not callable(answer):
            raise TypeError("answer: a function to run when the learner presses Show answer")
        self._answer = answer
        self.button = widgets.Button(description=t("exercise.show_answer", self.lang),
                                     tooltip=t("exercise.show_answer", self.lang),
                                     layout=widgets.Layout(width="auto", min_height="44px",
                                                           min_width="44px"))
        self.answer = widgets.HTML()
        self.button.on_click(lambda _button: self.show())
        super().__init__([self.button, self.answer])
        self.add_class("hr-reveal")

    @property
    def shown(self) -> bool:
        """Whether the answer is shown (the button was pressed)."""
        return bool(self.answer.value)

    def show(self) -> None:
        """Work the answer out and show it in place of the button (once)."""
        if self.shown:
            return
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            value = self._answer()
        parts = [f"<pre>{esc(printed.getvalue())}</pre>"] if printed.getvalue() else []
        if isinstance(value, SvgImage):
            data = base64.b64encode(value.encode("utf-8")).decode("ascii")
            parts.append(f"<img src='data:image/svg+xml;base64,{data}' "
                         f"alt='{esc(text_alternative(value))}' style='max-width: 100%'>")
        elif value is not None:
            parts.append(f"<pre>{esc(repr(value))}</pre>")
        self.answer.value = (f"<div class='hr-reveal-answer' lang='{esc(self.lang)}' "
                             f"role='status'>{''.join(parts) or '—'}</div>")
        self.button.layout.display = "none"
