"""Classroom demos with the replay (issue 19 items 5 and 7): hidden sums and turn lines, the
replay's keys, projector mode on the replay, play and classroom widgets, and predict mode
accepting a point as good under the rules as the recorded one."""

from __future__ import annotations

import html
import re

import pytest

from horserace_nb import Game
from horserace_nb.core.layout import Layout
from horserace_nb.sessions.replay import PredictedPoint, build_steps, question_for, step_texts
from horserace_nb.teaching.examples import EXAMPLES
from horserace_nb.widgets import Classroom, PlayWidget, ReplayWidget
from horserace_nb.widgets.board import Board
from horserace_nb.widgets.replay import KEYS
from horserace_nb.words.i18n import LANGS, t

# ------------------------------------------------------------------------- predict equivalence


@pytest.mark.parametrize("lang", LANGS)
def test_step_6_either_branch_of_the_spinner_is_right(lang: str) -> None:
    """[1|5] on branch A or branch B of [1|1] both make 10 (R13, R15): the one the replay did
    not choose is right too, and the feedback says the replay chose another equal point."""
    w = ReplayWidget("sequence", predict=True, lang=lang)
    w.step = 5
    w.next_step()
    assert w.pending == 6 and w.question is not None
    fb = w.click_point("[1|1]", "branch_b")
    assert fb.ok and w.step == 6 and w.question is None  # the step is shown, as recorded
    assert fb.rules == ("R9", "R13", "R15")
    assert fb.message == t("replay.where.equal", lang, tile="[1|5]", sum="2 + 5 + 3 = 10",
                           points=_points(10, lang),
                           played=_point_name("[1|1]", "branch_a", lang),
                           played_sum="2 + 5 + 3 = 10")
    assert "hr-msg-ok" in w.predict_feedback.value
    assert w.current.layout.joined_by(w.current.layout.tiles[-1]).anchor_side.value == \
        "branch_a"


def test_step_6_the_recorded_branch_names_the_equal_one() -> None:
    steps, _ = build_steps("sequence")
    question = question_for(steps, 6)
    assert isinstance(question, PredictedPoint)
    fb = question.check(("[1|1]", "branch_a"), "en")
    assert fb.ok and question.stars == 3
    assert "On the branch B of [1|1] it would score just as much" in fb.message


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("point", [("[1|1]", "branch_b"), ("[3|4]", "low")])
def test_step_9_neither_point_scores_so_both_are_right_and_no_r15(lang: str,
                                                                 point: tuple[str, str]) -> None:
    """[1|3] on branch B of [1|1] makes 8, on the low end of [3|4] 3: neither scores, no rule
    decides between them; the feedback cites R9 only (never R15)."""
    steps, _ = build_steps("sequence")
    question = question_for(steps, 9)
    assert isinstance(question, PredictedPoint)
    fb = question.check(point, lang)
    assert fb.ok and fb.rules == ("R9",)
    assert "R15" not in fb.message and "R13" not in fb.message
    assert question.stars == 3


def test_predict_mode_shows_the_recorded_step_after_an_equal_answer() -> None:
    w = ReplayWidget("sequence", predict=True)
    w.step = 8
    w.next_step()
    fb = w.click_point("[3|4]", "low")
    assert fb.ok and w.step == 9 and w.board.readonly
    assert "the branch B of [1|1], where this replay places it" in w.predict_feedback.value
    result = w.recorder.store.results[-1]
    assert result.stars == 3 and result.tries == 1


def _two_point_layout() -> Layout:
    """[2|3] then [3|5]: the ends show 2 and 5; [2|5] makes 10 on the 2, 4 on the 5."""
    layout = Layout()
    layout.place("[2|3]", None, None)
    layout.place("[3|5]", "[2|3]", "high")
    return layout


def test_a_point_that_scores_less_is_wrong_and_says_the_scoring_decides() -> None:
    layout = _two_point_layout()
    question = PredictedPoint.at(layout, "[2|5]", ("[2|3]", "low"))
    (other,) = [p for p in layout.legal_points(question.tile) if p != question.played]
    fb = question.check(other, "en")
    assert not fb.ok and fb.rules == ("R9", "R13", "R15")
    assert "where this replay places it, it scores more" in fb.message
    assert question.check(("[2|3]", "low"), "en").ok


def test_a_point_that_scores_more_than_the_recorded_one_is_not_called_worse() -> None:
    layout = _two_point_layout()
    question = PredictedPoint.at(layout, "[2|5]", ("[3|5]", "high"))  # the game took the 4
    fb = question.check(("[2|3]", "low"), "ko")
    assert not fb.ok
    assert fb.message == t("exercise.not_quite", "ko", hint=t(
        "replay.where.more", "ko", tile="[2|5]", sum="5 + 5 = 10", points=_points(10, "ko")))
    right = question.check(("[3|5]", "high"), "ko")
    assert right.ok and "R15" in right.rules  # a scoring point was there: the score mattered


def test_a_point_the_tile_does_not_fit_is_still_refused_with_r9() -> None:
    steps, _ = build_steps("sequence")
    question = question_for(steps, 9)
    assert question is not None
    fb = question.check(("[5|5]", "straight_b"), "en")  # shows 5
    assert not fb.ok and "R9" in fb.rules


def _points(raw: int, lang: str) -> str:
    from horserace_nb.words.names import points_phrase

    return points_phrase(raw, lang)


def _point_name(tile: str, side: str, lang: str) -> str:
    from horserace_nb.words.names import point_name

    return point_name((tile, side), lang)


# ------------------------------------------------------------------------- hidden sums


def test_hidden_sum_is_neither_shown_nor_said_until_show_the_sum() -> None:
    w = ReplayWidget("sequence", sums=False, ask_sum=True)
    w.step = 3  # [4|4] on [1|4]: 2 + 8 = 10
    said = w.board.announcement["text"]
    assert "[4|4]" in said and "10" not in said and "R17" not in said
    assert "2 + 8" not in w.sum_line.value and t("replay.sum_prompt", "en") in w.sum_line.value
    assert w.turn_line.value == ""  # "a score from hand places again" would tell it
    assert w.sum_button.layout.display == "" and w.sum_button.description == "Show the sum"
    assert "hr-svg-end" not in w.board.svg  # no counted numbers on the board either
    assert "2 + 8" not in w.alt_text.value
    w.sum_button.click()
    assert "2 + 8 = 10" in w.sum_line.value and "R17" in w.turn_line.value
    assert w.sum_button.layout.display == "none" and "hr-svg-end" in w.board.svg
    assert "2 + 8 = 10" in w.board.announcement["text"]
    w.next_step()
    assert "5 = 5" not in w.sum_line.value and w.sum_button.layout.display == ""
    w.step = 3  # a sum once shown stays shown for its step
    assert "2 + 8 = 10" in w.sum_line.value


def test_hidden_sum_in_a_hand_replay_hides_the_scores_too() -> None:
    w = ReplayWidget("turn_chain", sums=False, ask_sum=True, lang="ko")
    placed = next(i for i in range(1, len(w.steps)) if w.steps[i].event is not None
                  and w.steps[i].event.kind == "place" and w.steps[i].event.raw > 0)
    w.step = placed
    scores = step_texts(w.current, len(w.steps), "ko")["scores"]

    def details() -> str:  # the text shown (the spans keeping a name on one line taken off)
        return re.sub(r"</?span\b[^>]*>", "", w.details.value)

    assert scores and scores not in details()
    assert t("replay.sum_prompt", "ko") in w.sum_line.value
    w.reveal_sum()
    assert scores in details()


def test_a_step_without_a_sum_has_nothing_to_show() -> None:
    w = ReplayWidget("turn_chain", sums=False, ask_sum=True)
    drew = next(i for i in range(1, len(w.steps)) if w.steps[i].event is not None
                and w.steps[i].event.kind == "draw")
    w.step = drew
    assert w.sum_button.layout.display == "none"
    w.step = 0
    assert w.sum_button.layout.display == "none"


def test_turns_false_leaves_out_the_turn_lines_and_scores_but_shows_the_sum() -> None:
    w = ReplayWidget("turn_chain", turns=False)
    for step in range(1, len(w.steps)):
        w.step = step
        assert w.turn_line.value == ""
        assert not any(text in w.details.value for text in ("Scores", "target"))
        assert "R17" not in w.board.announcement["text"]
    w.step = 1
    assert w.sum_line.value or w.steps[1].event.kind != "place"
    w.turns = True
    assert w.turn_line.value


@pytest.mark.parametrize("key", ["turn_chain", "spinner_walk", "sequence"])
@pytest.mark.parametrize("hidden", [{"turns": False}, {"sums": False},
                                    {"explain_first": False}])
def test_a_replay_that_asks_first_keeps_the_explanation_for_the_last_step(
        key: str, hidden: dict[str, bool]) -> None:
    """The explanation names what the learner is asked to find (lesson 04 opens by asking
    who places next): it shows only once the last step is reached."""
    w = ReplayWidget(key, **hidden)
    told = w.example.explanation("en")
    for step in range(len(w.steps) - 1):
        w.step = step
        assert "hr-explanation" not in w.heading.value, step
    w.step = len(w.steps) - 1
    assert html.escape(told) in w.heading.value
    w.step = 0
    setattr(w, next(iter(hidden)), True)  # shown again: the explanation with it
    assert html.escape(told) in w.heading.value


def test_the_hidden_sum_follows_a_language_switch_and_can_be_turned_on() -> None:
    w = ReplayWidget("sequence", sums=False, turns=False, ask_sum=True)
    w.step = 2
    w.lang = "ja"
    assert t("replay.sum_prompt", "ja") in w.sum_line.value
    assert w.sum_button.description == t("replay.show_sum", "ja")
    w.sums = True
    assert "= 6" in w.sum_line.value and w.sum_button.layout.display == "none"


def test_a_prediction_answered_shows_its_sum() -> None:
    w = ReplayWidget("sequence", predict=True, sums=False)
    w.next_step()
    assert w.sum_button.layout.display == "none"  # the question itself is asked
    assert w.predict_answer(5).ok and w.step == 1
    assert "= 5" in w.sum_line.value


@pytest.mark.parametrize("name", ["sums", "turns", "projector"])
@pytest.mark.parametrize("value", [1, "no", None])
def test_a_bad_flag_is_refused_naming_it(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=name):
        ReplayWidget(**{name: value})  # type: ignore[arg-type]


# ------------------------------------------------------------------------- keys


def test_keys_step_play_and_jump() -> None:
    w = ReplayWidget("sequence")
    w.board.receive({"kind": "key", "key": "next"})
    w.board.receive({"kind": "key", "key": "next"})
    assert w.step == 2
    w.board.receive({"kind": "key", "key": "previous"})
    assert w.step == 1
    w.press("last")
    assert w.step == len(w.steps) - 1
    w.press("next")  # nothing after the last step
    assert w.step == len(w.steps) - 1
    w.press("play")  # at the end: plays from the start
    assert w.play.playing and w.step == 0
    w.press("play")
    assert not w.play.playing
    w.step = 4
    w.press("first")
    assert w.step == 0
    w.press("previous")  # nothing before the first step
    assert w.step == 0


def test_each_step_by_key_is_said_once() -> None:
    w = ReplayWidget("sequence", lang="ko")
    count = w.board.announcement["n"]
    w.press("next")
    assert w.board.announcement["n"] == count + 1
    assert "[1|4]" in w.board.announcement["text"]


def test_in_predict_mode_there_is_no_play_and_space_asks_first() -> None:
    w = ReplayWidget("sequence", predict=True)
    assert w.play.layout.display == "none"
    w.press("play")
    assert w.step == 0 and w.pending == 1 and not w.play.playing
    w.press("play")  # asked already: Space shows the step, as Next does
    assert w.step == 1
    w.predict = False
    assert w.play.layout.display == ""


def test_a_bad_key_is_refused_and_changes_nothing() -> None:
    w = ReplayWidget("sequence", lang="ja")
    w.step = 2
    with pytest.raises(ValueError, match="key"):
        w.press("up")
    for message in ({"kind": "key", "key": "up"}, {"kind": "key"}, {"kind": "key", "key": 3}):
        w.board.receive(message)
        assert w.step == 2
        assert t("board.bad_message", "ja") in w.messages.html.value
    for message in ("next", None, {"kind": "place", "key": "next"}):  # the board is to watch
        w.board.receive(message)
        assert w.step == 2
        assert t("board.readonly", "ja") in w.messages.html.value
    assert set(KEYS) == {"previous", "next", "play", "first", "last"}


def test_the_keys_label_says_the_keys_in_the_widgets_language() -> None:
    w = ReplayWidget("sequence")
    assert w.board.label == t("replay.keys_label", "en") and w.board.takes_keys
    w.lang = "ko"
    assert w.board.label == t("replay.keys_label", "ko") and w.board.lang == "ko"


def test_the_keys_are_the_boards_and_kept_from_the_notebook() -> None:
    """The replay's keys are taken by its board's own element (no other widget looks for the
    replay on the page)."""
    from pathlib import Path

    import horserace_nb.widgets.board as module

    js = (Path(module.__file__).parent / "board.js").read_text(encoding="utf-8")
    for needed in ("data-lm-suppress-shortcuts", "stopPropagation", "ArrowLeft", "ArrowRight",
                   '" "', "Home", "End", 'kind: "key"', "aria-keyshortcuts"):
        assert needed in js
    assert not (Path(module.__file__).parent / "replay.js").exists()
    plain = Board(lang="en", readonly=True)  # a board without keys refuses a key
    refused: list[object] = []
    plain.on_refusal(refused.append)
    plain.on_key(lambda key: refused.append(("key", key)))
    plain.receive({"kind": "key", "key": "next"})
    assert len(refused) == 1 and callable(refused[0])


# ------------------------------------------------------------------------- projector


def test_projector_mode_marks_the_replay_play_and_classroom() -> None:
    replay = ReplayWidget(projector=True)
    play = PlayWidget(Game(seed=3), projector=True)
    assert "hr-projector" in replay._dom_classes and "hr-projector" in play._dom_classes
    assert "hr-projector" not in ReplayWidget()._dom_classes
    replay.projector = False
    assert "hr-projector" not in replay._dom_classes
    room = Classroom(seed=4, projector=True)
    assert all("hr-projector" in w._dom_classes for w in (room, room.play, room.replay))
    room.example_choice.value = "turn_chain"  # the new replay is shown in projector mode too
    assert "hr-projector" in room.replay._dom_classes
    room.projector = False
    assert not any("hr-projector" in w._dom_classes for w in (room, room.play, room.replay))


@pytest.mark.parametrize("make", [lambda: PlayWidget(Game(seed=3), projector="yes"),
                                  lambda: Classroom(projector=1)])
def test_a_bad_projector_value_is_refused(make: object) -> None:
    with pytest.raises(ValueError, match="projector"):
        make()  # type: ignore[operator]


def test_projector_style_keeps_texts_large_and_colours_from_the_theme() -> None:
    from pathlib import Path

    import horserace_nb.widgets.board as module

    css = (Path(module.__file__).parent / "board.css").read_text(encoding="utf-8")
    block = css[css.index(".hr-projector {"):]
    assert "--jp-widgets-font-size: 24px" in block and "min-height: 52px" in block
    assert "#" not in block.split("*/", 1)[-1] and "rgb" not in block  # no colour of its own


def test_every_example_replays_with_hidden_sums_and_turns() -> None:
    for key in EXAMPLES:
        w = ReplayWidget(key, sums=False, turns=False)
        for step in range(len(w.steps)):
            w.step = step
            texts = step_texts(w.current, len(w.steps), "en", w.example, sums=False,
                               turns=False)
            assert texts["sum"] == texts["turn"] == texts["scores"] == ""
            if texts["sum_hidden"]:
                w.reveal_sum()
                assert w.sum_button.layout.display == "none"
        w.close()
