"""The first steps of the lessons' games work as written (issue 31 item 8), in en, ko and ja.

In lesson 04's "Try to draw" and lesson 07's games (seeds 45 and 2024) the computer, or player
2, leads: a learner who clicks a tile first is refused. The text before each game names the
button to press. Here a learner does what the text says, through the widget: presses the
buttons the text names, by the label the widget shows in that language, for as long as the game
asks for them, then places a tile; the placement is accepted.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from lesson_sources import builder, filled_texts

from horserace_nb import Game, Place
from horserace_nb.widgets import PlayWidget

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ko", "ja")
_QUOTED = re.compile(r"“([^”]+)”|「([^」]+)」|\*([^*]+)\*")
"""A button named in a text: “…” (en, ko statuses), 「…」 (ja), *…* (the lessons' markdown)."""


def _games(lang: str) -> Iterator[tuple[str, PlayWidget, str]]:
    """Every lesson game in *lang*: its notebook, the widget its cell makes, and the lesson
    text the learner reads before it."""
    build = builder()
    text = filled_texts(lang)
    for name, cells in build.STRUCTURE:
        for index, (kind, body) in enumerate(cells):
            if kind != "code" or "PlayWidget(" not in body:
                continue
            namespace: dict[str, Any] = {"Game": Game, "PlayWidget": PlayWidget, "LANG": lang}
            *head, last = body.replace("{lang}", lang).strip().splitlines()
            exec("\n".join(head), namespace)  # noqa: S102 - the lesson's own cell
            widget = eval(last, namespace)  # noqa: S307
            before = " ".join(next(text[key] for k, key in reversed(cells[:index])
                                   if k == "md").split())
            yield name, widget, before


def _all(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from _all(child)


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _named(text: str) -> set[str]:
    return {next(g for g in groups if g)
            for groups in _QUOTED.findall(text.replace("**", ""))}  # bold is not a name


def _button(w: PlayWidget, label: str) -> widgets.Button:
    """The visible button whose label is *label*, as the learner finds it."""
    found = [b for b in _all(w) if isinstance(b, widgets.Button) and b.description == label
             and b.layout.display != "none" and not b.disabled]
    assert len(found) == 1, (label, [b.description for b in _all(w)
                                     if isinstance(b, widgets.Button)])
    return found[0]


def _learner_places(w: PlayWidget) -> None:
    """The learner clicks a tile of the hand on show, then a lit point for it."""
    action = next(a for a in w.game.legal_actions() if isinstance(a, Place))
    before = len(w.game.layout)
    w.select(str(action.tile))
    w.place(str(action.tile), None if action.on is None else str(action.on),
            None if action.side is None else action.side.value)
    if w.controller.calling is not None:  # call it first: the lesson says to call the total
        after = w.game.copy()
        after.apply(action)
        w.call(after.layout.end_total())
    assert len(w.game.layout) == before + 1 and action.tile in w.game.layout.tiles, \
        _plain(w.messages.html.value)


@pytest.mark.parametrize("lang", LANGS)
def test_a_learner_who_does_what_the_text_says_places_a_first_tile(lang: str) -> None:
    games = 0
    for name, w, before in _games(lang):
        games += 1
        pressed = 0
        while True:
            status = _plain(w.status.value)
            asked = [label for label in _named(status)
                     if any(isinstance(b, widgets.Button) and b.description == label
                            and b.layout.display != "none" for b in _all(w))]
            if not asked:
                break
            label, = asked
            assert label in _named(before), (name, lang, label, before)  # the text says it
            _button(w, label).click()
            pressed += 1
            assert pressed < 40, (name, lang, status)
        _learner_places(w)
        assert not w.game.hand_over or w.game.layout.tiles
    assert games >= 4  # lesson 04's game; lesson 07's match, call it first, pass and play


@pytest.mark.parametrize("lang", LANGS)
def test_a_learner_who_clicks_a_tile_before_the_button_is_told_to_press_it(lang: str) -> None:
    """The refusal a learner meets who skips the text names the same button, so the first
    click teaches the step."""
    refused = 0
    for name, w, before in _games(lang):
        if w.game.to_play in w.human and not _named(_plain(w.status.value)):
            continue  # the learner leads: nothing to press first
        w.select(str(w.game.hands[w.game.to_play if w.game.to_play in w.human
                                  else w.human[0]][0]))
        said = _named(_plain(w.messages.html.value))
        assert said and said <= _named(before), (name, lang, said)
        refused += 1
    assert refused >= 3, refused  # lesson 04's game, lesson 07's match and pass and play
