"""A finished one-hand match says so (issue 31 item 8), wherever a learner plays one: lesson
04's "Try to draw", lesson 07's pass and play, the classroom page; in en, ko and ja.

The status used to say "Hand 1 is over: … then deal the next hand", although *Deal the next
hand* is hidden in a one-hand match. Played here through the widget as a learner plays (clicks
on tiles and lit points, *Draw a tile*, *Pass*, *Computer's next move*, and between turns of
pass and play *I am Player 2 — show my tiles*): at the end, nothing the learner can read sends
them to the next hand, the status says the match is over and names *New game*, which is there
to press, and pressing it deals a new match.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator

import ipywidgets as widgets
import pytest

from horserace_nb import Draw, Game, Place
from horserace_nb.widgets import Classroom, PlayWidget
from horserace_nb.widgets.common import LangSwitch
from horserace_nb.words.i18n import t

LANGS = ("en", "ko", "ja")
GAMES: dict[str, Callable[[str], PlayWidget]] = {
    "lesson 04, try to draw": lambda lang: PlayWidget(Game(players=2, seed=45), human=0,
                                                      lang=lang, match="hand", learn=True),
    "lesson 07, pass and play": lambda lang: PlayWidget(players=2, seed=45, lang=lang,
                                                        match="hand", pass_and_play=True),
    "the classroom page": lambda lang: Classroom(lang=lang, match="hand").play,
}


def _all(root: widgets.Widget) -> Iterator[widgets.Widget]:
    if getattr(root.layout, "display", None) == "none" or isinstance(root, LangSwitch):
        return
    yield root
    for child in getattr(root, "children", ()):
        yield from _all(child)


def _readable(w: PlayWidget) -> str:
    """Everything a learner can read on the widget: texts and the labels of shown controls."""
    parts = []
    for widget in _all(w):
        value = getattr(widget, "value", None)
        if isinstance(widget, widgets.HTML) and isinstance(value, str):
            parts.append(re.sub(r"<[^>]+>", " ", value))
        for attr in ("description", "tooltip"):
            text = getattr(widget, attr, None)
            if isinstance(text, str):
                parts.append(text)
    return " ".join(html.unescape(" ".join(parts)).split())


def _play_the_hand(w: PlayWidget) -> None:
    """Play the hand through the widget's controls, as the learner would."""
    for _ in range(400):
        if w.game.hand_over:
            return
        if w.game.to_play not in w.human:
            w.next_button.click()  # Computer's next move
            continue
        if w.controller.covered:  # pass and play: the next player takes the screen
            w.reveal_button.click()
            continue
        actions = w.game.legal_actions()
        action = next((a for a in actions if isinstance(a, Place)), actions[0])
        if isinstance(action, Place):
            w.select(str(action.tile))
            w.place(str(action.tile), None if action.on is None else str(action.on),
                    None if action.side is None else action.side.value)
        elif isinstance(action, Draw):
            w.draw_button.click()
        else:
            w.pass_button.click()
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", sorted(GAMES))
def test_a_finished_one_hand_match_says_it_is_over_and_offers_a_new_game(where: str,
                                                                        lang: str) -> None:
    w = GAMES[where](lang)
    _play_the_hand(w)
    assert w.controller.match_over and w.game.hand_over
    said = _readable(w)
    new_game = t("play.new_game", lang)
    assert t("play.status_match_over", lang, button=new_game) in said, said
    assert t("play.next_hand", lang) not in said, said  # no next hand to deal
    assert t("play.status_hand_over", lang, hand=1) not in said, said
    assert w.next_hand_button.layout.display == "none"
    buttons = [b for b in _all(w) if isinstance(b, widgets.Button) and b.description == new_game]
    assert len(buttons) == 1 and not buttons[0].disabled, where
    old = w.game
    buttons[0].click()  # what the status says to do
    assert w.game is not old and not w.game.hand_over and not w.controller.match_over
