"""What the widgets share: the message area, safe callbacks, the language switch, HTML helpers
(the widget shell itself, :class:`~horserace_nb.widgets.base.View`, builds on these).

Callback errors never get lost: prints from widget callbacks vanish in JupyterLab, so every
callback runs through :func:`safe`, which shows an :class:`~horserace_nb.IllegalMove` as a
plain sentence in the message area and any other error with its traceback in a log below it.
"""

from __future__ import annotations

import functools
import html
import re
import traceback
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.errors import IllegalMove
from ..sessions.common import Note, Text
from ..teaching.exercises import MAX_STARS
from ..words import i18n
from ..words.i18n import check_lang, t
from .text import RuleText, join_modules

__all__ = ["MessageArea", "safe", "esc", "lang_switch", "lang_options", "LangSwitch", "Lang",
           "Text", "Note",
           "KINDS", "MESSAGE_KINDS", "message_html", "messages_html", "question_html", "stars_html",
           "rules_page", "rules_notebook", "rule_links", "keep_together"]

F = TypeVar("F", bound=Callable[..., Any])


KINDS = ("info", "ok", "error", "hint")
"""The roles of a message line: its CSS class is ``hr-msg hr-msg-<kind>`` (the colours come
from the theme in the board's style sheet, never from Python: they follow JupyterLab's light,
dark and high-contrast themes)."""
MESSAGE_KINDS = KINDS


def esc(text: object) -> str:
    """Escape *text* for HTML (an ipywidgets HTML widget sets innerHTML unsanitized)."""
    return html.escape(str(text), quote=True)


_RULE = re.compile(r"(?<![\w/#])R([1-9]|1\d|2[0-8])(?![\w])")


def rules_page(lang: str) -> str:
    """The rules page of *lang* as a lesson links it, relative to the lesson's folder (the page
    is in the notebooks' folder, its language file's ``_rules_page``; its anchors ``#r1`` …
    ``#r28``).

    >>> rules_page("ko")
    '../rules.ko.md'
    """
    return "../" + i18n.grammar("_rules_page", lang)


def rules_notebook(lang: str) -> str:
    """The rules page of *lang* as a notebook (``lessons/build.py`` writes it beside the page:
    one markdown cell, the same anchors), relative to a lesson's folder: what Notebook 7 and
    Voilà render, where they cannot render a markdown file.

    >>> rules_notebook("ko")
    '../rules.ko.ipynb'
    """
    return rules_page(lang).removesuffix(".md") + ".ipynb"


def rule_links(text: str, lang: str) -> str:
    """*text* escaped for HTML, every rule number R1–R28 in it a link to that rule on the rules
    page of *lang* (opening in a new tab). The front end (``board.js``) opens it where the
    page is: the rendered page at the rule in JupyterLab and the JupyterLite site, the page
    as a notebook (``data-notebook``, :func:`rules_notebook`) at the rule in Notebook 7 and
    Voilà. Where a widget gives text to a screen reader, it
    gives the plain text instead.

    A reference in brackets, or one followed by punctuation, stays on one line (a span with
    ``white-space: nowrap``).

    >>> rule_links("Straights first (R11) <b>", "ja")  # doctest: +NORMALIZE_WHITESPACE
    'Straights first <span class="hr-ref" style="white-space:nowrap">(<a class="hr-rule"
    href="../rules.ja.md#r11" data-rule="r11" data-notebook="../rules.ja.ipynb" target="_blank"
    rel="noopener">R11</a>)</span> &lt;b&gt;'
    >>> rule_links("AR1, R3, R3x", "en").count("<a ")
    1
    """
    page = rules_page(lang)
    notebook = rules_notebook(lang)
    linked = _RULE.sub(
        lambda m: (f'<a class="hr-rule" href="{page}#r{m.group(1)}" data-rule="r{m.group(1)}" '
                   f'data-notebook="{notebook}" target="_blank" rel="noopener">'
                   f'R{m.group(1)}</a>'), esc(text))
    return _REFERENCE.sub(lambda m: f'<span class="hr-ref" style="{_KEEP}">{m.group(0)}</span>',
                          linked)


def keep_together(markup: str, words: Sequence[str]) -> str:
    """*markup* (HTML) with each of *words* (plain text, a player's name) in it kept on one
    line: a browser breaks Japanese between any two kana ("プレイ" ⏎ "ヤー4") where the line
    is full, and Korean between syllables where ``keep-all`` does not reach.

    >>> keep_together("手牌：プレイヤー1：[0|1]", ["プレイヤー1"])
    '手牌：<span class="hr-keep" style="white-space:nowrap">プレイヤー1</span>：[0|1]'
    """
    words = sorted({esc(w) for w in words if w.strip()}, key=len, reverse=True)
    if not words:
        return markup
    pattern = re.compile("|".join(re.escape(w) for w in words) + r"(?![^<>]*>)")
    return pattern.sub(lambda m: f'<span class="hr-keep" style="{_KEEP}">{m.group(0)}</span>',
                       markup)


_KEEP = "white-space:nowrap"
_REFERENCE = re.compile(
    r"(?:[(（][^()（）<]{0,12}(?:<a class=\"hr-rule\"[^>]*>R\d+</a>[^()（）<]{0,12}){1,4}[)）]"
    r"|<a class=\"hr-rule\"[^>]*>R\d+</a>(?=[.,:;。、，．：；!?！？]))[.,:;。、，．：；!?！？]?")
"""A reference to rules in a text whose numbers are links: a bracket holding one to four
rule links ("(R23)", "(R13–R15)", "(R8, R18)", "(R26, lesson 4)") or a link followed by
punctuation, with the punctuation after it. :func:`rule_links` keeps it on one line: a
browser breaks a line after a link drawn as an inline block ("(R23" ⏎ ")."), after a dash
("(R13–" ⏎ "R15)") and, in Korean and Japanese, between any two letters."""


def _line(text: str, kind: str, lang: str | None = None) -> str:
    kind = kind if kind in KINDS else "info"
    body = esc(text) if lang is None else rule_links(text, lang)
    return (f"<div class='hr-msg hr-msg-{kind}' style='line-height:1.45;margin:0.2em 0'>"
            f"{body}</div>")


def messages_html(lines: Sequence[tuple[str, str]], lang: str | None = None, *,
                  live: bool = False) -> str:
    """Message lines ``(kind, text)`` (escaped), one ``div.hr-msg.hr-msg-<kind>`` each, in one
    block marked with *lang*, their rule numbers links to the rules page of *lang*
    (:func:`rule_links`); "" without lines. The lines are silent: each widget's board is
    its one live region (``Board.announce``), which screen readers read out; a widget without
    a board makes its message area its one live region instead (*live*: ``role="status"``).

    >>> markup = messages_html([("ok", "Right <b>")], "ko")
    >>> markup.startswith('<div class="hr-msgs" lang="ko">')
    True
    >>> "<div class='hr-msg hr-msg-ok'" in markup and "Right &lt;b&gt;" in markup
    True
    """
    if not lines:
        return ""
    marked = "" if lang is None else f' lang="{esc(lang)}"'
    marked += ' role="status"' if live else ""
    body = "".join(_line(text, kind, lang) for kind, text in lines)
    return f'<div class="hr-msgs"{marked}>{body}</div>'


def message_html(text: str, kind: str = "info", lang: str | None = None, *,
                 live: bool = False) -> str:
    """One message line (escaped) as :class:`MessageArea` writes it: compact line height, so
    that feedback of two or three lines reads as one paragraph; kind is one of :data:`KINDS`."""
    return messages_html([(kind, text)], lang, live=live)


def question_html(lines: Sequence[str], lang: str | None = None) -> str:
    """A question as one compact block: what happened, a sentence a line, then the question
    itself in bold (a paragraph each would leave large gaps in a notebook's line height); with
    *lang*, its rule numbers are links (:func:`rule_links`)."""
    *story, ask = [esc(line) if lang is None else rule_links(line, lang)
                   for line in lines] or [""]
    body = "<br>".join([*story, f"<b>{ask}</b>"])
    return (f"<div class='hr-question' style='line-height:1.45;margin:0.3em 0'>{body}</div>")


def stars_html(stars: int, total: str) -> str:
    """The stars line of an exercise or a puzzle: ★★☆ for this one, then *total* in words
    (read by screen readers instead of the star signs)."""
    line = "★" * stars + "☆" * (MAX_STARS - stars)
    return (f"<span class='hr-stars' aria-label='{esc(total)}'>"
            f"<span aria-hidden='true'>{line}</span> — {esc(total)}</span>")


class MessageArea:
    """The lines for what just happened or went wrong, and a log for unexpected errors.

    What it shows is kept as sentences that can be written in any language (:data:`Note`):
    :meth:`relocalize` writes them again in another one (a language switch).

    >>> area = MessageArea()
    >>> area.show([("ok", lambda lang: {"en": "Right", "ko": "맞았습니다"}[lang])], "en")
    >>> "Right" in area.html.value
    True
    >>> area.relocalize("ko")
    >>> "맞았습니다" in area.html.value and 'lang="ko"' in area.html.value
    True
    >>> area.say("hello <b>")
    >>> "hello &lt;b&gt;" in area.html.value
    True
    """

    def __init__(self) -> None:
        self.html = RuleText(value="", layout=widgets.Layout(min_height="1.5em"))
        """The lines (their rule links open the rules page at the rule: :class:`RuleText`)."""
        self.html.add_class("hr-message")
        self.log = widgets.Output(layout=widgets.Layout(max_height="12em", overflow="auto"))
        self.log.add_class("hr-log")
        self.box = widgets.VBox([self.html, self.log])
        self.last_error: str | None = None
        self.notes: list[Note] = []
        """What is shown now, one note a line (written again on a language switch)."""
        self.lang: str | None = None
        """The language of the lines shown last (their rule links go to its rules page)."""
        self.live = False
        """The lines are a live region (``role="status"``): only in a widget without a board,
        whose board would be its live region otherwise."""

    def show(self, notes: Sequence[Note], lang: str) -> None:
        """Show one line per note ``(kind, text)``, written in *lang*."""
        self.notes = list(notes)
        self.last_error = None
        self.relocalize(lang)

    def tell(self, text: Text, lang: str, *, kind: str = "info") -> None:
        """Show one sentence (written in *lang* now, in the new language after a switch)."""
        self.show([(kind, text)], lang)

    def relocalize(self, lang: str) -> None:
        """Write what is shown again in *lang* (a fixed text stays as it is)."""
        self.lang = lang
        if self.notes:
            self.html.value = messages_html([(kind, text(lang)) for kind, text in self.notes],
                                            lang, live=self.live)

    def say(self, text: str, *, kind: str = "info") -> None:
        """Show *text* (escaped) as the current message, as it is (not written again on a
        switch: :meth:`tell` is); kind is one of :data:`KINDS`."""
        self.notes = []
        self.html.value = message_html(text, kind, self.lang, live=self.live)

    def say_html(self, markup: str) -> None:
        """Show markup the caller has already escaped."""
        self.notes = []
        self.html.value = markup

    def clear(self) -> None:
        self.notes = []
        self.html.value = ""

    def error(self, exc: BaseException, lang: str) -> None:
        """Show an error: a learner's sentence for an illegal move, a traceback otherwise."""
        if isinstance(exc, IllegalMove):
            self.show([("error", exc.localized)], lang)
            self.last_error = exc.localized(lang)
            return
        shown = f"{type(exc).__name__}: {exc}"
        self.show([("error", lambda code: t("widget.unexpected_error", code, error=shown))],
                  lang)
        self.last_error = shown
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


def lang_options() -> list[tuple[str, str]]:
    """The languages of the catalog, each named in itself (its locale file's ``_label``), for
    a language switch: a new locale file shows up in every switch.

    >>> lang_options()[:3]
    [('English', 'en'), ('한국어', 'ko'), ('日本語', 'ja')]
    """
    return [(i18n.label(code), code) for code in i18n.LANGS]


class LangSwitch(anywidget.AnyWidget):
    """The language switch: one button a language, each named in itself and marked with its own
    ``lang`` (``lang_switch.js``, in its own element); ``value`` is the language chosen.

    >>> switch = LangSwitch(value="ko")
    >>> ("한국어", "ko") in switch.options, switch.value
    (True, 'ko')
    """

    _esm = join_modules("lang_switch.js")
    _css = (".hr-lang-buttons { display: flex; flex-wrap: wrap; gap: 2px; }\n"
            ".hr-lang-button { width: 6em; }\n"
            "@media (pointer: coarse) { .hr-lang-button { min-height: 44px; } }\n")
    value = Lang("en").tag(sync=True)
    options: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The languages offered, ``(name in itself, code)`` (:func:`lang_options`)."""

    def __init__(self, value: str = "en", **kwargs: Any) -> None:
        super().__init__(value=check_lang(value), options=lang_options(), **kwargs)


def lang_switch(value: str) -> LangSwitch:
    """The language switch, each language named in itself."""
    switch = LangSwitch(value)
    switch.add_class("hr-lang")
    return switch
