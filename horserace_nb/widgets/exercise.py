"""A self-check exercise widget: work out a layout's end total and placement score."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..exercises import check_total
from ..i18n import check_lang, t
from ..layout import Layout
from .common import MessageArea, esc, safe

__all__ = ["TotalExercise"]


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
        self.messages.say_html(
            f"<div class='hr-msg hr-msg-{'ok' if ok else 'error'}' role='status' "
            f"style='color:{'#2a7a2a' if ok else '#b00020'}'>{esc(text)}</div>")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.ui)  # type: ignore[no-untyped-call]
