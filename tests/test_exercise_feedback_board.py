"""Issue 19 items 4 and 5, the exercise widget headless: feedback and hints marked on the board
and cleared, the Hint button and its cost in stars, Try again keeping what was right, the
``option`` answer form, and rule numbers as links to the rules page of the widget's language."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.core.tiles import Tile
from horserace_nb.teaching import exercises
from horserace_nb.teaching.exercises import (
    KINDS,
    CountedPoints,
    Exercise,
    Feedback,
    Hint,
    Point,
    Settlement,
    SettlementAnswer,
)
from horserace_nb.widgets.common import rule_links
from horserace_nb.widgets.exercise import Exercises
from horserace_nb.words.i18n import t

NOTEBOOKS_DIR = Path(__file__).resolve().parents[1] / "notebooks"


class MarkedCounted(CountedPoints):
    """``counted`` whose feedback and hints point at the board, and whose Try again keeps the
    points rightly chosen (as the kinds' own overrides do)."""

    kind = "test_marked"

    def _verdict(self, answer: frozenset[Point], lang: str) -> Feedback:
        feedback = super()._verdict(answer, lang)
        wrong = (answer - self.answer) | (self.answer - answer)
        return replace(feedback, points=frozenset(sorted(wrong, key=str)[:1]),
                       tiles=frozenset({self.layout.tiles[0]}))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        point = sorted(self.answer, key=str)[0]
        return [Hint(t("exercise.hint.rules", lang, rules="R13, R14"), ("R13", "R14")),
                Hint("Look here (R14).", ("R14",), points=frozenset({point})),
                Hint("And at this tile.", (), tiles=frozenset({point[0]}))]

    def right_part(self, answer: object) -> object:
        return frozenset(answer) & self.answer if isinstance(answer, frozenset) else None


class Choice(Exercise[str]):
    """A tiny exercise of the ``option`` form: one of three keys."""

    kind = "test_option"
    answer_form = "option"
    rules = ("R5",)

    def _build(self, rng: random.Random) -> None:
        self.right = rng.choice(("seven", "six", "five"))

    @property
    def answer(self) -> str:
        return self.right

    def choices(self) -> list[str]:
        return ["seven", "six", "five"]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return {"seven": "7 tiles", "six": "6 tiles", "five": "5 tiles"}[choice]

    def prompt(self, lang: str = "en") -> list[str]:
        return ["How many tiles does each player get?"]

    def _coerce(self, answer: object) -> str:
        if answer not in self.choices():
            raise ValueError(f"one of {self.choices()}, not {answer!r}")
        return str(answer)

    def _verdict(self, answer: str, lang: str) -> Feedback:
        ok = answer == self.right
        return Feedback(ok, "Right (R5)." if ok else "Count again (R5).", ("R5",))

    def answer_text(self, lang: str = "en") -> str:
        return f"{self.right} (R5)"


class SettleKeeping(Settlement):
    kind = "test_settle"

    def right_part(self, answer: object) -> object:
        assert isinstance(answer, SettlementAnswer)
        right = self.answer
        return {name: getattr(answer, name) for name in ("winners", "pips", "rounded", "points")
                if getattr(answer, name) == getattr(right, name)}


@pytest.fixture(autouse=True)
def test_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    for cls in (MarkedCounted, Choice, SettleKeeping):
        monkeypatch.setitem(KINDS, cls.kind, cls)
    monkeypatch.setattr(exercises, "KINDS", KINDS)


def wrong_points(w: Any) -> frozenset[Point]:
    answer = sorted(w.exercise.answer, key=str)
    return frozenset(answer[1:])  # one right point missed, the others right


# ------------------------------------------------------------------------------ marks
def test_the_feedback_marks_its_point_and_tile_and_the_next_exercise_clears_them() -> None:
    w = Exercises("test_marked", seed=4)
    ex = w.exercise
    bad = w.answer(wrong_points(w))
    assert not bad.ok and bad.points and bad.tiles
    marks = w.board.marks
    assert marks["kind"] == "error"
    assert {(p["on"], p["side"]) for p in marks["points"]} == {
        (str(a), b.value) for a, b in bad.points}
    assert marks["tiles"] == [str(ex.layout.tiles[0])]
    w.lang = "ja"  # a switch redraws the picture: the marks stay with the message
    assert w.board.marks == marks
    w.next()
    assert w.board.marks["kind"] == "" and w.board.marks["points"] == []


def test_try_again_clears_the_marks_and_a_right_answer_marks_in_the_ok_colour() -> None:
    w = Exercises("test_marked", seed=4)
    w.answer(wrong_points(w))
    w.try_again()
    assert w.board.marks["kind"] == ""
    good = w.answer(w.exercise.answer)
    assert good.ok and w.board.marks["kind"] in ("ok", "")


def test_the_boards_style_sheet_colours_marks_from_the_theme() -> None:
    from horserace_nb.widgets.board import Board

    css = Board._css
    assert "[data-mark=\"hint\"]" in css and "var(--hr-hint" in css and "hr-picked" in css
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b", css.split("hr-picked")[1].split("}")[0])


# ------------------------------------------------------------------------------ hints
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_hint_of_every_lesson_says_hint_once(lang: str) -> None:
    """The widget heads each rung "Hint 1 of 2:"; the rung itself does not say "Hint:" again
    (it read "Hint 1 of 2: Hint: …" in all three languages)."""
    from horserace_nb.teaching.course import LESSONS, designed

    word = t("exercise.hint", lang)
    for lesson in [slug for slug in LESSONS if designed(slug)]:
        w = Exercises.for_lesson(lesson, lang=lang)
        for _ in designed(lesson):
            while w.hint() is not None:
                text = re.sub(r"<[^>]+>", "", w.messages.html.value)
                assert text.count(word) == 1, f"{w.exercise.progress_case}: {text}"
            w.next()


def test_each_hint_rung_is_said_marked_and_costs_a_star_of_those_still_to_win() -> None:
    w = Exercises("test_marked", seed=4, lang="ko")
    assert "★★★" in w.stars_line.value  # nothing tried yet: three still to win
    first = w.hint()
    assert first is not None and not first.points
    assert "hr-msg-hint" in w.messages.html.value and "힌트 1 / 3:" in w.messages.html.value
    assert w.board.marks["kind"] == ""  # a reminder of the rule marks nothing
    assert "★★☆" in w.stars_line.value and w.exercise.hints_used == 1
    second = w.hint()
    assert second is not None and second.points
    assert w.board.marks["kind"] == "hint" and len(w.board.marks["points"]) == 1
    assert "★☆☆" in w.stars_line.value
    w.lang = "ja"  # the hint is written again, still marked
    assert "ヒント 2 / 3" in w.messages.html.value and w.board.marks["kind"] == "hint"
    w.hint()
    assert w.board.marks["tiles"] and w.exercise.hints_used == 3
    assert w.hint() is None
    assert t("exercise.no_more_hints", "ja") in w.messages.html.value
    assert w.exercise.hints_used == 3
    assert w.answer(w.exercise.answer).ok and w.exercise.stars == 1  # never below 1


def test_the_hint_button_opens_a_rung_and_a_solved_first_try_after_one_hint_earns_two() -> None:
    w = Exercises("counted", seed=2)  # the base ladder: two rungs
    assert w.hint_button.description == "Hint"
    w.hint_button.click()
    assert w.exercise.hints_used == 1 and "hr-msg-hint" in w.messages.html.value
    assert w.answer(w.exercise.answer).ok and w.exercise.stars == 2
    assert "★★☆" in w.stars_line.value


# ------------------------------------------------------------------------------ try again
def test_try_again_keeps_the_points_rightly_chosen_on_the_board() -> None:
    w = Exercises("test_marked", seed=4)
    ex = w.exercise
    extra = next(p for p in ex.choices() if p not in ex.answer)
    chosen = wrong_points(w) | {extra}
    assert not w.answer(chosen).ok
    w.try_again()
    kept = chosen & ex.answer
    assert set(w.picked) == kept and len(w.board.picked) == len(kept)
    assert t("exercise.kept", "en") in w.messages.html.value
    assert "hr-msg-error" not in w.messages.html.value


def test_try_again_keeps_a_settlements_right_fields_in_their_boxes() -> None:
    w = Exercises("test_settle", seed=3)
    right = w.exercise.answer
    bad = SettlementAnswer(right.winners, right.pips, right.rounded + 5, right.points + 1)
    assert not w.answer(bad).ok
    w.try_again()
    assert (w.pips.value, w.rounded.value, w.points.value) == (str(right.pips), "", "")
    assert {c for b, c in zip(w.toggles, w.exercise.choices(), strict=True) if b.value} == \
        set(right.winners)


def test_try_again_keeps_nothing_for_a_kind_that_keeps_nothing() -> None:
    w = Exercises("counted", seed=4)
    wrong = [p for p in w.exercise.choices() if p not in w.exercise.answer][:1]
    assert wrong, "the position has an open point that does not count"
    w.answer(wrong)  # nothing of it was right
    w.try_again()
    assert w.picked == [] and w.messages.html.value == ""


# ------------------------------------------------------------------------------ option form
def test_the_option_form_is_one_choice_labelled_by_choice_label() -> None:
    w = Exercises("test_option", seed=1)
    ex = w.exercise
    assert [b.description for b in w.toggles] == ["7 tiles", "6 tiles", "5 tiles"]
    assert "Check" in w.check_button.description and w.check_button.layout.display == ""
    assert "Choose or enter" in w.check().message and ex.attempts == 0
    w.toggles[0].value = True
    w.toggles[1].value = True
    assert [b.value for b in w.toggles] == [False, True, False]
    wrong = next(c for c in ex.choices() if c != ex.answer)
    assert not w.answer(wrong).ok and ex.attempts == 1
    assert w.answer(ex.answer).ok and ex.stars == 2
    assert 'href="../rules.md#r5"' in w.messages.html.value


# ------------------------------------------------------------------------------ rule links
@pytest.mark.parametrize(("lang", "page"), [("en", "../rules.md"), ("ko", "../rules.ko.md"),
                                            ("ja", "../rules.ja.md")])
def test_rule_numbers_in_feedback_are_links_to_the_rules_page_of_the_language(
        lang: str, page: str) -> None:
    w = Exercises("counted", seed=4, lang=lang)
    bad = w.answer(wrong_points(w))
    html = w.messages.html.value
    for rule in bad.rules:
        number = rule[1:]
        assert (f'<a class="hr-rule" href="{page}#r{number}" data-rule="r{number}" '
                f'data-notebook="{page[:-3]}.ipynb" target="_blank" rel="noopener">{rule}</a>'
                ) in html
        # the page as a notebook (Notebook 7, Voilà) exists, with the rule's anchor
        notebook = json.loads((NOTEBOOKS_DIR / f"{page[3:-3]}.ipynb").read_text("utf-8"))
        assert f'<a id="r{number}"></a>' in "".join(notebook["cells"][0]["source"])
    # the screen reader hears the plain sentence, without markup
    assert w.board.announcement["text"] == bad.message and "<a" not in bad.message
    # a switch writes the links again for the other language's page
    other = "ko" if lang != "ko" else "ja"
    w.lang = other
    assert f'href="../{"rules.ko.md" if other == "ko" else "rules.ja.md"}#r' in \
        w.messages.html.value


def test_rule_links_escape_the_text_and_link_only_rule_numbers() -> None:
    beyond = "R" + str(28 + 1)  # (spelt so: every rule the code cites is on the rules page)
    html = rule_links(f"<b>R3</b> & R28, not {beyond}, R0, R3x or PR12", "en")
    assert html.startswith("&lt;b&gt;<a ") and "&amp;" in html
    assert re.findall(r"#r(\d+)", html) == ["3", "28"]


def test_show_answer_and_hints_link_their_rules_too() -> None:
    w = Exercises("total", seed=7, lang="ko")
    w.hint()
    assert 'href="../rules.ko.md#r13"' in w.messages.html.value
    w.show_answer()
    assert 'href="../rules.ko.md#r13"' in w.messages.html.value


def test_a_tile_on_the_board_can_be_marked_in_the_layout_picture() -> None:
    w = Exercises("test_marked", seed=4)
    tile = w.exercise.layout.tiles[0]
    assert f'data-tile="{tile}"' in w.board.svg and isinstance(tile, Tile)


def test_the_other_widgets_texts_link_their_rule_numbers_too() -> None:
    from horserace_nb.widgets import PuzzleWidget, ReplayWidget

    puzzle = PuzzleWidget("fifteen", lang="ko")
    puzzle.hint()
    assert 'href="../rules.ko.md#r' in puzzle.hints_box.value
    assert puzzle.rules_line.value == ""  # the rules line waits for the first try
    puzzle.show_answer()
    assert 'class="hr-rule" href="../rules.ko.md#r' in puzzle.rules_line.value
    replay = ReplayWidget("turn_chain", lang="ja")
    lines = "".join(w.value for w in (replay.sum_line, replay.turn_line, replay.details))
    for _ in range(12):
        if "R1" in lines:
            break
        replay.next_step()
        lines = "".join(w.value for w in (replay.sum_line, replay.turn_line, replay.details))
    assert 'href="../rules.ja.md#r' in lines
