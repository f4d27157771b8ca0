"""A worked example's hand is a real 28-tile deal or says it is shortened (issue 31 item 8).

The rule texts' hand examples deal only the tiles they need: lesson 04's blocked hand opens with
`[3|3]`, nobody holds a 3 and the boneyard is empty, which no deal of the 28 tiles gives. The
lessons said so in their text, but the classroom page replays the same examples with no lesson
around them: the replay itself says so, above its board, in the learner's language.
"""

from __future__ import annotations

import html
import re

import pytest

from horserace_nb import FULL_SET, Game
from horserace_nb.teaching.bots import GreedyBot
from horserace_nb.teaching.examples import EXAMPLES, HAND_EXAMPLES, LAYOUT_EXAMPLES
from horserace_nb.widgets import Classroom, ReplayWidget
from horserace_nb.words.i18n import t

LANGS = ("en", "ko", "ja")


def _said(widget: ReplayWidget) -> str:
    """What the replay shows above its board, as text (the rule links as their numbers)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.heading.value))


def _dealt(key: str) -> int:
    game = EXAMPLES[key].new_game()
    return sum(len(hand) for hand in game.hands) + len(game.boneyard)


def test_the_rule_texts_hand_examples_are_shortened_deals() -> None:
    """What the replay reports: every hand example deals fewer than the 28 tiles (R1, R5)."""
    assert HAND_EXAMPLES and all(_dealt(key) < len(FULL_SET) for key in HAND_EXAMPLES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(HAND_EXAMPLES))
def test_a_replay_of_a_shortened_hand_says_so_at_every_step(key: str, lang: str) -> None:
    w = ReplayWidget(key, lang=lang)
    sentence = t("replay.shortened", lang)
    assert w.shortened
    for step in range(len(w.steps)):
        w.step = step
        assert sentence in _said(w), (key, lang, step)
    assert "hr-shortened" in w.heading.value and f"lang='{lang}'" in w.heading.value


@pytest.mark.parametrize("source", [*sorted(LAYOUT_EXAMPLES), "game"])
def test_a_layout_sequence_or_a_full_deal_does_not_say_it_is_shortened(source: str) -> None:
    if source == "game":  # a hand dealt from the whole set, played out
        game, bot = Game(players=3, seed=7), GreedyBot()
        while not game.hand_over:
            game.apply(bot(game.view(game.to_play)))
        w = ReplayWidget(game)
    else:
        w = ReplayWidget(source)
    assert not w.shortened
    for lang in LANGS:
        w.lang = lang
        assert t("replay.shortened", lang) not in _said(w) and "hr-shortened" not in \
            w.heading.value


def test_the_classroom_pages_examples_say_it_in_the_language_chosen() -> None:
    """The classroom page (no lesson text around it): choosing a shortened hand says so, and a
    switch of language says it again in the new language."""
    page = Classroom(lang="en")
    page.example_choice.value = "blocked_teams"
    assert t("replay.shortened", "en") in _said(page.replay)
    page.lang = "ja"
    assert t("replay.shortened", "ja") in _said(page.replay)
    assert t("replay.shortened", "en") not in _said(page.replay)
    page.example_choice.value = "sequence"
    assert t("replay.shortened", "ja") not in _said(page.replay)
