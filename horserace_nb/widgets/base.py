"""The widget shell: every widget of the package is a :class:`View`.

A view is an ``ipywidgets.VBox`` that owns what every widget needs once:

- the ``lang`` trait and the language switch (``show_switch``; its choices are the catalog's
  languages, each named in itself, so a new locale file shows up in every switch); on a
  change the view's ``board`` follows, :meth:`View.relocalize` redraws the words and the message
  area writes its lines again in the new language;
- one start-up guard: nothing is redrawn before :meth:`View.start` (the end of the
  subclass's ``__init__``);
- one message area (:class:`~horserace_nb.widgets.common.MessageArea`, ``self.messages``);
- projector mode (``projector``: the class ``hr-projector``, styled in ``board.css``);
- one display path: the widget, and the board picture as a static fallback for front ends
  without widgets (nbconvert, notebook viewers) where the view has a ``board``;
- closing: :meth:`View.close` closes the view and every widget in it (children, their layouts
  and styles, and the controls it holds but does not show now); :func:`replace_children`
  shows new children in a box and closes the ones it replaces.

>>> import ipywidgets as widgets
>>> box = widgets.VBox([widgets.Label("a")])
>>> old = box.children[0]
>>> replace_children(box, [widgets.Label("b")])
>>> old.comm is None                 # closed: no widget left behind in the kernel
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..words.i18n import check_lang
from .board import Board, with_static_svg
from .common import Lang, MessageArea, lang_switch, safe

__all__ = ["View", "VIEW_CLASS", "close_widget", "replace_children", "running_loop"]

VIEW_CLASS = "hr-view"
"""The class of every view's element: its board's front end marks that element with the view's
``lang`` (``board.js``; an ipywidgets box has no trait for an attribute)."""


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running this callback (the kernel's loop in JupyterLab, Notebook 7 and
    Voilà: widget messages and cells are handled in it), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _widgets_in(value: object) -> Iterator[widgets.Widget]:
    if isinstance(value, widgets.Widget):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, widgets.Widget):
                yield item


def _held(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widgets *widget* refers to: its synced traits (children, layout, style), and for a
    view also the controls it keeps as attributes (shown or not)."""
    for name in widget.keys:
        yield from _widgets_in(getattr(widget, name, None))
    if isinstance(widget, View):
        for value in vars(widget).values():
            yield from _widgets_in(value)


def _tree(root: widgets.Widget) -> list[widgets.Widget]:
    seen = {id(root)}
    stack, found = [root], []
    while stack:
        widget = stack.pop()
        found.append(widget)
        for inner in _held(widget):
            if id(inner) not in seen:
                seen.add(id(inner))
                stack.append(inner)
    return found


def close_widget(widget: widgets.Widget) -> None:
    """Close *widget* and every widget in it (a view stops what it runs in the background
    first)."""
    tree = _tree(widget)
    for inner in tree:
        if isinstance(inner, View) and inner.started:  # (a half-built one runs nothing)
            inner.stop()
    for inner in tree:
        widgets.Widget.close(inner)


def replace_children(box: widgets.Box, children: Iterable[widgets.Widget],
                     keep: Sequence[widgets.Widget] = ()) -> None:
    """Show *children* in *box* and close every widget it showed before that it does not show
    now (with everything in it), unless it is in *keep* (a control the caller shows again
    later)."""
    old = box.children
    box.children = tuple(children)
    kept = {id(w) for w in (*box.children, *keep)}
    for widget in old:
        if id(widget) not in kept:
            close_widget(widget)


class View(widgets.VBox):  # type: ignore[misc]
    """The shell of every widget: ``lang``, the language switch, the message area, the start-up
    guard, the display path and closing.

    A subclass builds its controls after ``super().__init__(lang=…, switch=…)`` (``self.lang``
    and ``self.messages`` exist by then), sets ``self.children``, and ends its ``__init__``
    with :meth:`start`. It redraws its words in :meth:`relocalize`, and stops what it runs in
    the background in :meth:`stop`.

    :param lang: one of the catalog's languages.
    :param switch: show the view's own language switch (a page with one switch for everything
        sets ``False``).
    """

    lang = Lang("en")
    show_switch = traitlets.Bool(True)
    """Show the language switch (``self.lang_switch``, placed by the subclass)."""
    projector = traitlets.Bool(False)
    """Projector mode, for a class watching one screen: the board fills the width, every text
    is at least 24 px on a 1920 px wide screen and the controls are spaced for a room (the
    class ``hr-projector``, styled by the board's style sheet with the theme's colours)."""

    def __init__(self, *, lang: str = "en", switch: bool = True) -> None:
        check_lang(lang)
        self._started = False
        super().__init__()
        self.messages = MessageArea()
        self.messages.lang = lang
        self.lang_switch = lang_switch(lang)
        self.lang_switch.observe(self._on_lang_switch, names="value")
        self.add_class(VIEW_CLASS)
        self.show_switch = switch
        self.lang = lang

    def own_board(self) -> Board | None:
        """The view's board (its ``board`` attribute), if it has one: it follows ``lang`` and
        is the static fallback."""
        board = getattr(self, "board", None)
        return board if isinstance(board, Board) else None

    def start(self) -> None:
        """The view is built: show it in ``lang``; from now on a language change redraws."""
        self._started = True
        self.relocalize(self.lang)

    @property
    def started(self) -> bool:
        """:meth:`start` was called (before that, observers do not redraw)."""
        return getattr(self, "_started", False)  # also from __del__ of a half-built view

    def relocalize(self, lang: str) -> None:
        """Redraw every word of the view in *lang* (the message area is written again by the
        shell after this)."""

    def stop(self) -> None:
        """Stop what the view runs in the background (a timer, a scheduled computation);
        called by :meth:`close` before anything is closed."""

    # ------------------------------------------------------------------ language
    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        lang = change["new"]
        switch = getattr(self, "lang_switch", None)
        if switch is not None:
            switch.value = lang
        board = self.own_board()
        if board is not None:
            board.lang = lang
        if getattr(self, "_started", False):
            self.relocalize(lang)
            self.messages.relocalize(lang)

    @traitlets.observe("projector")
    def _projector_changed(self, change: Any) -> None:
        if change["new"]:
            self.add_class("hr-projector")
        else:
            self.remove_class("hr-projector")

    @traitlets.observe("show_switch")
    def _switch_shown(self, change: Any) -> None:
        switch = getattr(self, "lang_switch", None)
        if switch is not None:
            switch.layout.display = "" if change["new"] else "none"

    @safe
    def _on_lang_switch(self, change: Any) -> None:
        self.lang = change["new"]

    # ------------------------------------------------------------------ display, closing
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and the board picture for front ends without widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        board = self.own_board()
        return bundle if board is None else with_static_svg(bundle, board.svg)

    def close(self) -> None:
        """Close the view and every widget in it (nothing is left behind in the kernel or the
        browser)."""
        close_widget(self)
