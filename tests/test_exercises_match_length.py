"""A class-length game (issue 12 item 7): the play widget and the classroom page offer 31 points
or one hand as teaching variants beside the rules' 61 (R26)."""

from __future__ import annotations

import random

import pytest

from horserace_nb import Game
from horserace_nb.sessions.play import MATCHES
from horserace_nb.widgets import Classroom, PlayWidget


def finish_hand(w: PlayWidget) -> None:
    rng = random.Random(1)
    game = w.game
    while not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    w.lang = "ko"  # any refresh redraws the controls
    w.lang = "en"


def test_the_menu_offers_61_31_and_one_hand_labelled_as_teaching_variants() -> None:
    w = PlayWidget(Game(seed=3), human=[])
    labels = dict((v, k) for k, v in w.match_dropdown.options)
    assert set(labels) == set(MATCHES) and w.match_dropdown.value == "61"
    assert "the rules" in labels["61"] and "teaching variant" in labels["31"]
    assert "teaching variant" in labels["hand"] and w.match_note.value == ""
    w.lang = "ja"
    assert "授業用" in dict((v, k) for k, v in w.match_dropdown.options)["31"]


def test_a_31_point_match_uses_rules_target_31() -> None:
    w = PlayWidget(match="31", lang="ko")
    assert w.game.target == 31 and w.game.rules.target == 31
    assert "수업용 변형" in w.match_note.value and "61" in w.match_note.value
    assert "31" in w.title.value
    w.seed_text.value = "5"
    w.new_game_button.click()
    assert w.game.target == 31 and w.game.seed == 5
    w.match_dropdown.value = "61"
    w.new_game_button.click()
    assert w.game.target == 61 and w.match_note.value == ""


def test_one_hand_stops_after_the_first_settlement() -> None:
    w = PlayWidget(Game(seed=11), human=[])
    w.match_dropdown.value = "hand"
    w.seed_text.value = "11"
    w.new_game_button.click()
    assert w.controller.match == "hand" and w.game.target == 61
    assert "one hand" in w.match_note.value
    # the title says the match, not "the first to 61 points wins" (ko read 4, C16)
    assert "one hand" in w.title.value and "61" not in w.title.value
    finish_hand(w)
    assert w.game.hand_over and w.controller.match_over
    assert w.next_hand_button.layout.display == "none" and w.next_hand_button.disabled
    assert "one-hand match is over" in w.settlement_html.value
    hand = w.game.hand_number
    w.controller.next_hand()
    assert w.game.hand_number == hand and any(
        "one-hand" in text("en") for _, text in w.controller.notes)


def test_match_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="match is one of 61, 31, hand"):
        PlayWidget(match="45")
    with pytest.raises(ValueError, match="plays to 61"):
        PlayWidget(Game(seed=1), match="31")
    assert PlayWidget(Game(seed=1, target=31)).match_dropdown.value == "31"


def test_the_classroom_offers_the_match_menu_and_a_short_match() -> None:
    page = Classroom(seed=4, match="31", lang="ja")
    assert page.play.game.target == 31 and page.play.game.seed == 4
    assert "授業用" in page.play.match_note.value
    assert page.play.match_dropdown in page.play.setup_box.children[0].children
