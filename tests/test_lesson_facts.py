"""The facts the feedback states, in every language (issue 31 item 8, issue 32's "wrong
instructions"): the hand bonus is said with its ÷5; the feedback says what the player does
next; a finished one-hand match says so."""

from __future__ import annotations

import html

import pytest

from horserace_nb import Game
from horserace_nb.teaching.exercises import NextPlayer
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.widgets import PlayWidget
from horserace_nb.words.i18n import t

LANGS = ("en", "ko", "ja")


# ------------------------------------------------------------------ the bonus is ÷ 5
DIVIDED = {"en": "divided by 5", "ko": "5로 나", "ja": "5で割"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_sentence_on_the_hand_bonus_divides_by_5(lang: str) -> None:
    """Puzzle 6's bonus sentence said the rounded pips are the bonus, leaving out the ÷5 of
    R23; so did its first hint and the strong player's hint for a last tile."""
    said = [t("bots.last_tile", lang)]
    for puzzle in PUZZLES.values():
        if "R23" in puzzle.rules:
            said.append(puzzle.right_text(lang))
            said += [hint for hint in puzzle.hints(lang) if "R23" in hint]
            said.append(puzzle.check(list(puzzle.chain), lang)[1])
    assert len(said) >= 4
    missing = [s for s in said if DIVIDED[lang] not in s]
    assert not missing, missing


# ------------------------------------------------------------------ what the feedback says
@pytest.mark.parametrize("lang", LANGS)
def test_a_player_who_draws_again_is_not_said_to_place(lang: str) -> None:
    """Who plays after a drawn tile that does not fit? Answering another player was told that
    the drawer "keeps placing" (ko 계속 놓습니다); the drawer draws again (R18)."""
    draws = {"en": "draws another tile", "ko": "하나를 더 뽑습니다", "ja": "もう1枚引きます"}
    exercise = NextPlayer(seed=1, case="draw_again")
    assert exercise.game.boneyard and exercise.answer == exercise.event.seat
    other = next(c for c in exercise.choices() if c not in (None, exercise.answer))
    message = exercise.check(other, lang).message
    assert draws[lang] in message and "(R18)" in message, message
    assert "계속 놓" not in message and "goes on" not in message


# ------------------------------------------------------------------ a finished one-hand match
@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_one_hand_match_says_it_is_over_and_to_start_a_new_game(lang: str) -> None:
    """The status said "Hand 1 is over: … then deal the next hand" although that button is
    hidden in a one-hand match; now it says the match is over and names *New game*, as the
    settlement panel does, and a computer move asked for then says the same."""
    w = PlayWidget(Game(players=2, seed=45), human=[], lang=lang, match="hand")
    moves = 0
    while not w.game.hand_over:
        w.next_button.click()  # *Computer's next move*
        moves += 1
        assert moves < 200
    assert w.controller.match_over and not w.game.game_over
    assert w.next_hand_button.layout.display == "none"
    status = html.unescape(w.status.value)
    assert t("play.new_game", lang) in status, status
    assert t("play.status_match_over", lang, button=t("play.new_game", lang)) in status
    assert t("play.next_hand", lang) not in status
    assert t("play.status_hand_over", lang, hand=1) not in status
    w.next_button.click()  # refused: nothing more is played
    (_, said), = w.controller.notes
    assert said(lang) == t("match.hand_over", lang)


