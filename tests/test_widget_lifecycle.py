"""Issue 16 items 5-7: nothing stale, nothing leaked. A language switch says the last feedback
again in the new language; the classroom's switch keeps the replay and its step; a widget that
is replaced or closed is closed with everything in it, so the number of live widgets stays
flat over many cycles (counted in ipywidgets' registry of open widgets)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import pytest
from conftest import in_fresh_thread
from ipywidgets.widgets import widget as widget_module

from horserace_nb import Game
from horserace_nb.widgets import (
    Classroom,
    Exercises,
    PlayWidget,
    PuzzleWidget,
    ReplayWidget,
    ReviewWidget,
)
from horserace_nb.widgets.board import Board
from horserace_nb.words.i18n import t

CYCLES = 20


def live() -> int:
    """The widgets open now (each has a comm to the front end)."""
    return len(widget_module._instances)


def growth(cycle: Callable[[], Any], cycles: int = CYCLES) -> int:
    """How many more widgets are open after *cycles* cycles than after the first one (the
    first may build what is kept, e.g. a language's labels)."""
    cycle()
    before = live()
    for _ in range(cycles):
        cycle()
    return live() - before


def one_hand_over() -> Game:
    """A 2-player hand that one placement ends (the last tile of seat 0: domino)."""
    game = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=[], leader=0)
    return game


# --------------------------------------------------------------------------- item 5
def test_exercise_feedback_and_a_shown_answer_are_said_again_in_the_new_language() -> None:
    w = Exercises("total", seed=7)
    wrong = w.answer(w.exercise.answer + 1)
    assert not wrong.ok
    w.lang = "ko"
    again = w.exercise.verdict(w.exercise.answer + 1, "ko")
    assert w.feedback == again and again.message != wrong.message
    assert again.message in _text(w.messages.html.value)
    assert "hr-msg-error" in w.messages.html.value and 'lang="ko"' in w.messages.html.value
    assert w.exercise.attempts == 1  # saying it again counts no attempt
    w.show_answer()
    w.lang = "ja"
    shown = t("exercise.shown", "ja", text=w.exercise.answer_text("ja"))
    assert shown in _text(w.messages.html.value)


def test_a_switch_keeps_the_learners_choices_on_the_toggles() -> None:
    w = Exercises("next", seed=3)
    w.toggles[0].value = True
    w.lang = "ko"
    assert w.toggles[0].value and w.toggles[0].description == w.exercise.choice_label(
        w.exercise.choices()[0], "ko")


def test_a_switch_keeps_the_points_chosen_on_the_board() -> None:
    w = Exercises("open", seed=3)
    first = w.exercise.choices()[0]
    w.click_point(*first)
    w.lang = "ko"
    assert w.picked == [first] and len(w.board.picked) == 1
    assert w.board.spots[0]["label"] == w.exercise.choice_label(first, "ko")


def test_predict_feedback_is_said_again_in_the_new_language() -> None:
    w = ReplayWidget("sequence", predict=True)
    w.next_step()
    question = w.question
    assert question is not None and question.answer_form == "number"
    wrong = w.predict_answer(question.answer + 1)
    w.lang = "ko"
    again = question.verdict(question.answer + 1, "ko")
    assert w.feedback == again and again.message != wrong.message
    assert again.message in _text(w.predict_feedback.value)
    right = w.predict_answer(question.answer)
    assert right.ok and w.question is None
    w.lang = "ja"
    assert question.verdict(question.answer, "ja").message in _text(w.predict_feedback.value)


# --------------------------------------------------------------------------- item 6
def test_the_classroom_switch_keeps_the_replay_and_its_step() -> None:
    room = Classroom(seed=3)
    room.example_choice.value = "spinner_walk"
    replay = room.replay
    replay.step = 3
    for lang in ("ko", "ja", "en", "ko"):
        room.lang = lang
        assert room.replay is replay and replay.step == 3 and replay.lang == lang
    assert room.example_choice.value == "spinner_walk"
    assert room.replay_box.children[1] is replay

    def switch() -> None:
        room.lang = "ja" if room.lang == "ko" else "ko"

    assert growth(switch) == 0


# --------------------------------------------------------------------------- item 7
def test_a_closed_review_closes_everything_in_it() -> None:
    before = set(widget_module._instances)
    w = in_fresh_thread(lambda: ReviewWidget(one_hand_over(), 0, rollouts=4))
    inner = [x for key, x in widget_module._instances.items() if key not in before]
    assert len(inner) > 20 and w in inner
    w.close()
    assert set(widget_module._instances) <= before
    assert all(x.comm is None for x in inner)  # no view of them left in the browser


@pytest.mark.parametrize("make", [
    lambda: Board(),
    lambda: ReplayWidget("sequence"),
    lambda: Exercises("where", seed=2),
], ids=["board", "replay", "exercises"])
def test_a_closed_widget_is_freed(make: Callable[[], widgets.Widget]) -> None:
    """Closed means gone from memory too: nothing keeps a closed board (anywidget keeps a
    reference to every instance of a widget whose ES module is given as a file Path)."""
    def closed() -> weakref.ref[widgets.Widget]:
        w = make()
        w.close()
        return weakref.ref(w)

    ref = closed()
    gc.collect()
    assert ref() is None


def test_review_opened_and_closed_in_play_leaks_nothing() -> None:
    def build() -> PlayWidget:
        w = PlayWidget(one_hand_over())
        w.review_rollouts = 4
        w.place("[1|4]")  # 5: a point, and seat 0 plays again
        w.place("[2|3]", "[1|4]", "low")
        assert w.game.hand_over
        return w

    w = in_fresh_thread(build)

    def cycle() -> None:
        assert w.open_review() is not None
        w.close_review()

    assert in_fresh_thread(lambda: growth(cycle)) == 0


def test_choosing_examples_in_the_classroom_leaks_nothing() -> None:
    room = Classroom(seed=3)
    keys = ["spinner_walk", "sequence"]

    def cycle() -> None:
        keys.reverse()
        room.example_choice.value = keys[0]

    assert growth(cycle) == 0


def test_exercises_next_leaks_nothing() -> None:
    w = Exercises(["open", "total", "where", "winner", "settle"], seed=2)
    assert growth(w.next) == 0


@pytest.mark.parametrize("make", [
    lambda: Exercises(["open", "where", "settle"], seed=2),
    lambda: PuzzleWidget(),
    lambda: ReplayWidget("sequence", predict=True),
    lambda: PlayWidget(Game(seed=4)),
], ids=["exercises", "puzzle", "replay", "play"])
def test_a_language_switch_leaks_nothing(make: Callable[[], widgets.Widget]) -> None:
    w = make()

    def switch() -> None:
        w.lang = "ja" if w.lang == "ko" else "ko"

    assert growth(switch) == 0


def test_puzzle_redraws_leak_nothing() -> None:
    w = PuzzleWidget()

    def cycle() -> None:
        w.next()
        w.try_again()
        w.hint()

    assert growth(cycle) == 0


@pytest.mark.parametrize("make", [
    lambda: Exercises("total", seed=2),
    lambda: PuzzleWidget(),
    lambda: ReplayWidget("sequence"),
    lambda: PlayWidget(Game(seed=4)),
    lambda: Classroom(seed=4),
    lambda: ReviewWidget(one_hand_over(), 0, rollouts=4),
], ids=["exercises", "puzzle", "replay", "play", "classroom", "review"])
def test_opening_and_closing_a_widget_leaves_nothing_open(make: Callable[[], Any]) -> None:
    """Memory stays flat: each widget opened and closed ~20 times, the count of open widgets
    back where it was (tests/benchmarks/bench_widget_memory.py prints the figures for 200)."""
    def cycle() -> None:
        make().close()

    assert in_fresh_thread(lambda: growth(cycle)) == 0


def _text(markup: str) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", markup))
