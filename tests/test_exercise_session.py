"""The exercise session without widgets (issue 30 item 2): the one table of answer forms, the
judging, the hints, the stars, Try again and the next item, all testable with no browser."""

from __future__ import annotations

from typing import Any

import pytest

from horserace_nb.sessions.exercise import FORMS, NO_CHOICE, ExerciseSession
from horserace_nb.teaching.exercises import KINDS, ExerciseSet, SettlementAnswer


def test_every_kind_has_its_answer_form_in_the_table() -> None:
    assert {cls.answer_form for cls in KINDS.values()} <= set(FORMS)
    # every form is given one way: on the board, or with toggles and number fields
    for form in FORMS.values():
        assert form.board in ("pick", "place", "")
        assert form.toggles in ("one", "several", "")
        assert form.places != form.check


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_right_answer_through_the_forms_controls_is_right(kind: str) -> None:
    """The answer put into a form's controls (:meth:`AnswerForm.fill`) and read back from them
    (:meth:`AnswerForm.answer`) is the exercise's answer: right at the first try."""
    first = next(iter(KINDS[kind].cases))
    finished: list[Any] = []
    session = ExerciseSession(ExerciseSet.designed([(kind, first)], seed=3),
                              finished=finished.append)
    ex, form = session.exercise, session.form
    if form.places:
        feedback = session.judge(ex.answer)
    else:
        chosen, numbers = form.fill(ex.answer)
        numbers = {name: 0 for name in ("answer", "pips", "rounded", "points")} | numbers
        feedback = session.check(session.matching(chosen), numbers, "ko")
    assert feedback.ok and ex.solved and ex.stars == 3
    assert finished == [ex] and session.said("ja") is not None
    assert session.marks is not None and session.marks[2] == "ok"


def test_nothing_chosen_is_asked_for_again_and_counts_no_attempt() -> None:
    session = ExerciseSession(ExerciseSet.designed([("lot", "reroll")], seed=1))
    assert session.form.answer([], {}) is NO_CHOICE
    feedback = session.check([], {})
    assert not feedback.ok and session.exercise.attempts == 0


def test_points_are_picked_and_try_again_keeps_the_right_ones() -> None:
    session = ExerciseSession(ExerciseSet.designed([("counted", "unused_branch")], seed=2))
    ex = session.exercise
    right, options = ex.answer, ex.choices()
    wrong = next(p for p in options if p not in right)
    for point in [*right, wrong]:
        assert session.pick(point)
    assert set(session.picked) == {*right, wrong}
    assert session.pick(wrong) and wrong not in session.picked  # taken back …
    assert session.pick(wrong) and wrong in session.picked  # … and chosen again
    assert not session.check(session.picked, {}).ok and ex.attempts == 1
    kept = session.try_again()
    assert kept is not None and set(kept[0]) == set(right) and set(session.picked) == set(right)
    assert session.feedback is None and session.marks is None and ex.attempts == 1
    assert not session.pick((None, None))  # not a point of the board


def test_try_again_keeps_a_settlements_right_fields() -> None:
    session = ExerciseSession(ExerciseSet.designed([("settle", "round_up")], seed=4))
    right = session.exercise.answer
    answer = SettlementAnswer(right.winners, right.pips, right.rounded + 5, right.points + 1)
    assert not session.judge(answer).ok
    kept = session.try_again()
    assert kept is not None
    chosen, numbers = kept
    assert set(chosen) == set(right.winners) and numbers == {"pips": right.pips}


def test_hints_mark_the_board_and_cost_stars_then_next_records_a_tried_item() -> None:
    finished: list[Any] = []
    session = ExerciseSession(ExerciseSet("total", seed=7, count=2), finished=finished.append)
    assert session.stars("en")[0] == 3
    step, said = session.hint("en")
    assert step is not None and session.marks is not None and session.marks[2] == "hint"
    assert step.message in said("en")
    assert session.stars("en")[0] == 2
    first = session.exercise
    session.next()
    assert finished == [] and session.exercise is not first  # not tried: not recorded
    session.judge(session.exercise.answer + 1)
    session.next()
    assert len(finished) == 1 and session.counter("en").startswith("Exercise 3")
    while session.hint("en")[0] is not None:
        pass
    assert session.marks is None  # no more hints: nothing marked


@pytest.mark.parametrize(("kind", "bad"), [("total", "7"), ("total", 2.5), ("sides", 3),
                                           ("settle", 12), ("counted", "open")])
def test_a_value_not_of_the_form_is_refused_and_counts_nothing(kind: str, bad: object) -> None:
    """``ExerciseWidget.answer`` puts a value into the controls through the form: one that is
    not of the form is refused with a ValueError, not judged as whatever the controls held."""
    from horserace_nb.widgets.exercise import Exercises

    name = {"sides": "winner"}.get(kind, kind)
    w = Exercises(name, seed=2)
    with pytest.raises(ValueError, match="answer"):
        w.answer(bad)
    assert w.exercise.attempts == 0 and w.feedback is None
