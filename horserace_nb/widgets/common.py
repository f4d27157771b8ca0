"""What the widgets share: the message area, safe callbacks, the language switch, HTML helpers.

Callback errors never get lost: prints from widget callbacks vanish in JupyterLab, so every
callback runs through :func:`safe`, which shows an :class:`~horserace_nb.IllegalMove` as a
plain sentence in the message area and any other error with its traceback in a log below it.
"""

from __future__ import annotations

import functools
import html
import traceback
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from ..core.errors import IllegalMove
from ..teaching.exercises import MAX_STARS
from ..words.i18n import LANGS, check_lang, label, t

__all__ = ["MessageArea", "safe", "esc", "lang_switch", "Lang"]

F = TypeVar("F", bound=Callable[..., Any])


def esc(text: object) -> str:
    """Escape *text* for HTML (an ipywidgets HTML widget sets innerHTML unsanitized)."""
    return html.escape(str(text), quote=True)


_COLOURS = {"info": "#1d3557", "ok": "#2a7a2a", "error": "#b00020"}


def message_html(text: str, kind: str = "info") -> str:
    """Feedback (escaped) for the message area, as :meth:`MessageArea.say
    <horserace_nb.widgets.common.MessageArea.say>` writes it but with a compact line height:
    feedback of two or three lines reads as one paragraph."""
    kind = kind if kind in _COLOURS else "info"
    return (f"<div class='hr-msg hr-msg-{kind}' role='status' "
            f"style='color:{_COLOURS[kind]};line-height:1.45;margin:0.2em 0'>{esc(text)}</div>")


def question_html(lines: Sequence[str]) -> str:
    """A question as one compact block: what happened, a sentence a line, then the question
    itself in bold (a paragraph each would leave large gaps in a notebook's line height)."""
    *story, ask = [esc(line) for line in lines] or [""]
    body = "<br>".join([*story, f"<b>{ask}</b>"])
    return (f"<div class='hr-question' style='line-height:1.45;margin:0.3em 0'>{body}</div>")


def stars_html(stars: int, total: str) -> str:
    """The stars line of an exercise or a puzzle: ★★☆ for this one, then *total* in words
    (read by screen readers instead of the star signs)."""
    line = "★" * stars + "☆" * (MAX_STARS - stars)
    return (f"<span class='hr-stars' aria-label='{esc(total)}'>"
            f"<span aria-hidden='true'>{line}</span> — {esc(total)}</span>")


class MessageArea:
    """A line for what just happened or went wrong, and a log for unexpected errors.

    >>> area = MessageArea()
    >>> area.say("hello <b>")
    >>> "hello &lt;b&gt;" in area.html.value
    True
    """

    def __init__(self) -> None:
        self.html = widgets.HTML(value="", layout=widgets.Layout(min_height="1.5em"))
        self.html.add_class("hr-message")
        self.log = widgets.Output(layout=widgets.Layout(max_height="12em", overflow="auto"))
        self.log.add_class("hr-log")
        self.box = widgets.VBox([self.html, self.log])
        self.last_error: str | None = None

    def say(self, text: str, *, kind: str = "info") -> None:
        """Show *text* (escaped) as the current message; kind is "info", "ok" or "error"."""
        self.html.value = message_html(text, kind)

    def say_html(self, markup: str) -> None:
        """Show markup the caller has already escaped."""
        self.html.value = markup

    def clear(self) -> None:
        self.html.value = ""

    def error(self, exc: BaseException, lang: str) -> None:
        """Show an error: a learner's sentence for an illegal move, a traceback otherwise."""
        if isinstance(exc, IllegalMove):
            self.last_error = exc.localized(lang)
            self.say(self.last_error, kind="error")
            return
        self.last_error = f"{type(exc).__name__}: {exc}"
        self.say(t("widget.unexpected_error", lang, error=self.last_error), kind="error")
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.log.append_stdout(text)


def safe(method: F) -> F:
    """Decorate a widget callback method: errors go to ``self.messages`` in ``self.lang``."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never lost
            self.messages.error(exc, getattr(self, "lang", "en"))
            return None

    return wrapper  # type: ignore[return-value]


class Lang(traitlets.Unicode):  # type: ignore[type-arg]
    """A trait holding one of the catalog's languages (one locale file each); anything else is
    refused with the list of languages there are."""

    def validate(self, obj: Any, value: Any) -> str:
        value = super().validate(obj, value)
        try:
            return check_lang(value)
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None


def lang_switch(value: str) -> widgets.ToggleButtons:
    """The language switch: every language with a file in the catalog, each named in itself
    (its ``_label``), whatever the current language."""
    switch = widgets.ToggleButtons(
        options=[(label(code), code) for code in LANGS], value=value,
        style={"button_width": "6em"})
    switch.add_class("hr-lang")
    return switch
