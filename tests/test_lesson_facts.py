"""The facts the lessons and the feedback state, in every language (issue 31 item 8, issue 32's
"wrong instructions"): the lesson a text sends the learner to is the one that teaches the rule;
the hand bonus is said with its ÷5; the first step a lesson's game needs is said before it; the
feedback says what the player does next; a finished one-hand match says so."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_sources import builder, filled_texts

from horserace_nb import Game
from horserace_nb.teaching.course import LESSONS, designed, notebook, number, rules_of
from horserace_nb.teaching.exercises import NextPlayer
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.widgets import PlayWidget
from horserace_nb.words.i18n import t

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")


# ------------------------------------------------------------------ the lesson that teaches R7
LESSON_NUMBER = {"en": re.compile(r"\blessons? (\d+)"), "ko": re.compile(r"(\d+)강"),
                 "ja": re.compile(r"第(\d+)課")}
"""A lesson named in a sentence: "lesson 5", "5강", "第5課"."""
_SENTENCE = re.compile(r"(?<=[.!?。])\s+|\n\n")


def _r7_lesson() -> str:
    """The slug of the lesson whose designed items practise R7 (who leads the next hand)."""
    lessons = {lesson for lesson in LESSONS
               if any("R7" in rules_of("exercise", f"{kind}/{case}")
                      for kind, case in designed(lesson))}
    assert len(lessons) == 1, lessons
    return lessons.pop()


def _markdown(build: Any, lang: str) -> dict[str, list[str]]:
    """The markdown cells of every notebook of *lang* as the builder writes them (the same as
    on disk: ``test_notebooks`` checks that they are in sync), by notebook."""
    text = filled_texts(lang)
    out = {}
    for index, (name, cells) in enumerate(build.STRUCTURE):
        nb = build.build_notebook(cells, lang, text, index)
        out[name] = [c.source for c in nb.cells if c.cell_type == "markdown"]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_that_sends_to_r7_names_the_lesson_that_teaches_it(lang: str) -> None:
    """Lesson 01 and the start page said that who leads the next hand is taught in lesson 6; it
    is taught, and practised, in lesson 5 (R7)."""
    lesson = _r7_lesson()
    build = builder()
    assert build.lesson_showing("end.next_leader") == number(lesson)
    notebooks = _markdown(build, lang)
    named = []
    for name, markdown in notebooks.items():
        for cell in markdown:
            for sentence in _SENTENCE.split(cell):
                if "#r7)" in sentence:
                    named += [(name, n) for n in LESSON_NUMBER[lang].findall(sentence)]
    assert named, f"{lang}: no sentence sends the learner to the lesson on R7"
    assert all(n == str(number(lesson)) for _, n in named), (lang, named)
    contents = next(cell for cell in notebooks[notebook("start")]
                    if notebook("tiles_players") in cell)
    items = re.split(r"\n(?=\d+\. )", contents)
    with_r7 = [item.split("](", 1)[1].split(")", 1)[0] for item in items if "#r7)" in item]
    assert with_r7 == [notebook(lesson)], (lang, with_r7)


def test_a_lesson_reference_names_a_text_a_lesson_shows() -> None:
    build = builder()
    assert build.lesson_refs("lesson {lesson:end.next_leader} (R7)") == \
        f"lesson {number(_r7_lesson())} (R7)"
    with pytest.raises(KeyError, match="no lesson shows"):
        build.lesson_refs("{lesson:end.nowhere}")


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


# ------------------------------------------------------------------ the first step of a game
_BUTTON = re.compile(r"“([^”]+)”|「([^」]+)」")


@pytest.mark.parametrize("lang", LANGS)
def test_the_text_before_each_lesson_game_names_the_button_its_first_step_needs(
        lang: str) -> None:
    """In lessons 04 and 07 the computer (or player 2) leads: the first click on a tile is
    refused until the learner presses the button the game's status names. The text before the
    game names that button, as the learner sees it in that language."""
    build = builder()
    text = filled_texts(lang)
    games = 0
    for name, cells in build.STRUCTURE:
        for index, (kind, body) in enumerate(cells):
            if kind != "code" or "PlayWidget(" not in body:
                continue
            namespace: dict[str, Any] = {"Game": Game, "PlayWidget": PlayWidget, "LANG": lang}
            source = body.replace("{lang}", lang)
            *head, last = source.strip().splitlines()
            exec("\n".join(head), namespace)  # noqa: S102 - the lesson's own cell
            widget = eval(last, namespace)  # noqa: S307
            status = widget.controller.status_text(lang)
            wanted = [a or b for a, b in _BUTTON.findall(status)]
            if not wanted:
                continue  # the learner acts first
            games += 1
            before = " ".join(next(text[key] for k, key in reversed(cells[:index])
                                   if k == "md").split())  # a label may wrap
            assert all(button in before for button in wanted), (name, lang, wanted, before)
    assert games >= 3  # lesson 04's game, lesson 07's two


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


# ------------------------------------------------------------------ shortened hands said so
SHORTENED = {"en": "shortened", "ko": "간추린", "ja": "短縮"}
_REPLAY = re.compile(r"ReplayWidget\('(\w+)'")


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_that_replays_a_hand_of_fewer_than_28_tiles_says_it_is_shortened(
        lang: str) -> None:
    """The hand examples deal only the tiles they need (lesson 04's blocked hand opens with
    `[3|3]`, nobody holds a 3 and the boneyard is empty): no deal of the 28 tiles gives that.
    A lesson says so before its first such replay."""
    from horserace_nb.teaching.examples import EXAMPLES

    build = builder()
    text = filled_texts(lang)
    lessons = 0
    for name, cells in build.STRUCTURE:
        for index, (kind, body) in enumerate(cells):
            keys = _REPLAY.findall(body) if kind == "code" else []
            short = [key for key in keys if EXAMPLES[key].setup and _tiles(EXAMPLES[key]) < 28]
            if not short:
                continue
            lessons += 1
            before = " ".join(text[key] for k, key in cells[:index] if k == "md")
            assert SHORTENED[lang] in before, (name, lang, short)
            break
    assert lessons >= 3  # lessons 04, 05, 06


def _tiles(example: Any) -> int:
    """The tiles a hand example's deal holds: the hands and the boneyard."""
    setup = example.setup
    return sum(len(hand) for hand in setup["hands"]) + len(setup.get("boneyard", ()))
