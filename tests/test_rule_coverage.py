"""Every rule R1–R28 is practised by doing (issue 19 item 2): for each rule, the lesson items
whose answer turns on it — the designed exercise items of the lessons (by their case's
rules, as the lesson map counts them), the puzzles (by their rules) and the predict steps of
lesson 03's replay. The table is printed (``pytest -s``); a rule without an item fails.

The rules that only the new exercise kinds of the ``kinds`` branch practise are marked
``xfail(strict=True)``: once those kinds are in the lessons the marks must go (a strict xfail
fails as soon as its rule is covered)."""

from __future__ import annotations

import functools

import pytest

from horserace_nb.sessions.replay import build_steps, question_for
from horserace_nb.teaching.course import (
    LESSONS,
    designed,
    exercise_set,
    lesson_items,
    recorded_in,
    rules_of,
)

RULES = tuple(f"R{n}" for n in range(1, 29))
PREDICT_EXAMPLE = "sequence"
"""The worked example lesson 03 replays in predict mode."""


@functools.cache
def coverage() -> dict[str, tuple[str, ...]]:
    """Rule → the lesson items that practise it, as ``"<lesson> <kind>:<case>"``."""
    found: dict[str, list[str]] = {rule: [] for rule in RULES}
    for lesson in LESSONS:
        for kind, case, _seed in lesson_items(lesson):
            for rule in rules_of(kind, case):
                found[rule].append(f"{lesson} {kind}:{case}")
    steps, _ = build_steps(PREDICT_EXAMPLE)
    for index in range(len(steps)):
        question = question_for(steps, index)
        if question is not None:
            for rule in question.item_rules:
                found[rule].append(f"{recorded_in('predict')} predict:{question.kind}@"
                                   f"{PREDICT_EXAMPLE} step {index}")
    return {rule: tuple(items) for rule, items in found.items()}


def test_print_the_coverage_table() -> None:
    table = coverage()
    width = max(len(rule) for rule in RULES)
    print("\nrule  items practising it")
    for rule in RULES:
        items = table[rule]
        shown = "; ".join(items[:4]) + (f"; … ({len(items)} in all)" if len(items) > 4 else "")
        print(f"{rule:<{width}}  {shown or '— none —'}")
    assert set(table) == set(RULES)


def test_the_items_rules_are_the_rules_the_items_turn_on() -> None:
    """The table reads the rules as the lesson map does (rules_of); they are the designed
    items' own item_rules."""
    drills = exercise_set("turns")
    assert [rules_of("exercise", e.progress_case) for e in drills.exercises] == [
        e.item_rules for e in drills.exercises]


@pytest.mark.parametrize("rule", RULES)
def test_every_rule_is_practised_by_a_lesson_item(rule: str) -> None:
    assert coverage()[rule], f"{rule}: no lesson item practises it"


def test_every_designed_case_is_in_a_lesson_set() -> None:
    """Each kind's designed cases are all asked somewhere in the lessons, but those its kind
    keeps for practice (``practice``: for "Next exercise", not in a lesson's first run)."""
    from horserace_nb.teaching.exercises import KINDS

    asked = {item for lesson in LESSONS for item in designed(lesson)}
    missing = [(kind, case) for kind, cls in KINDS.items() for case in cls.cases
               if (kind, case) not in asked and case not in cls.practice]
    assert not missing, f"designed cases in no lesson set: {missing}"
    practice = {(kind, case) for kind, cls in KINDS.items() for case in cls.practice}
    assert practice <= {(kind, case) for kind, cls in KINDS.items() for case in cls.cases}
    assert not practice & asked, practice & asked
