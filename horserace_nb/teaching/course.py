"""The course: which lesson asks what, so that a recorded result can be put on the lesson map.

A lesson's items are identified as results identify them (:mod:`horserace_nb.teaching.progress`):
``(kind, case, seed)``. The exercises of a lesson are an
:class:`~horserace_nb.teaching.exercises.ExerciseSet` given by :data:`LESSON_EXERCISES`
(``lessons/build.py`` writes the lessons' cells from it); the puzzles are
:data:`~horserace_nb.teaching.puzzles.PUZZLES` (lesson 09); predictions are asked on the worked
examples of lesson 03; games against the computer are lesson 07.

>>> [item for item in lesson_items("02")]
[('exercise', 'open', 101000), ('exercise', 'open', 101001), ('exercise', 'open', 101002)]
>>> lesson_of("exercise", "total", 201001), lesson_of("exercise", "total", 7)
('03', '')
>>> lesson_of("puzzle", "fifteen", 0)
'09'
"""

from __future__ import annotations

import functools

from .exercises import KINDS
from .puzzles import PUZZLES

__all__ = ["LESSON_EXERCISES", "LESSONS", "Item", "lesson_items", "lesson_of", "rules_of",
           "topic_of", "PRACTICE_KIND", "GAME_LESSON", "PREDICT_LESSON", "PUZZLE_LESSON"]

Item = tuple[str, str, int]
"""What was asked: ``(kind, case, seed)``: ``("exercise", "total", 201001)``,
``("puzzle", "fifteen", 0)``, ``("predict", "total@sequence", 5)``, ``("hand", "2p", 45)``."""

LESSON_EXERCISES: dict[str, tuple[tuple[str, ...], int, int]] = {
    "02": (("open",), 101, 3),
    "03": (("counted", "total", "score", "where"), 201, 4),
    "04": (("next",), 301, 3),
    "05": (("settle",), 401, 2),
    "06": (("winner",), 601, 2),
}
"""The exercises of every lesson: (kinds, seed, count) of its ``Exercises`` widget."""

PREDICT_LESSON = "03"
PUZZLE_LESSON = "09"
GAME_LESSON = "07"
LESSONS: tuple[str, ...] = ("02", "03", "04", "05", "06", "07", "09")
"""The lessons on the map (01 has no exercise yet; 08 is the classroom page, 10 the teacher
guide, 11 the class report)."""

PRACTICE_KIND = {"puzzle": "where"}
"""The exercise kind that practises what a missed puzzle asked (the best placement)."""


@functools.cache
def _exercise_items() -> dict[Item, str]:
    out: dict[Item, str] = {}
    for lesson, (kinds, seed, count) in LESSON_EXERCISES.items():
        for i in range(count):  # as ExerciseSet draws them
            out[("exercise", kinds[i % len(kinds)], seed * 1000 + i)] = lesson
    return out


def lesson_items(lesson: str) -> list[Item]:
    """The items of *lesson* that earn stars (its exercises, or the puzzles), in order."""
    if lesson == PUZZLE_LESSON:
        return [("puzzle", key, 0) for key in PUZZLES]
    return [item for item, where in _exercise_items().items() if where == lesson]


def lesson_of(kind: str, case: str, seed: int) -> str:
    """The lesson an item belongs to, or ``""`` (practice outside the lessons)."""
    if kind == "exercise":
        return _exercise_items().get((kind, case, seed), "")
    if kind == "puzzle":
        return PUZZLE_LESSON if case in PUZZLES else ""
    if kind == "predict":
        return PREDICT_LESSON
    return GAME_LESSON


def topic_of(kind: str, case: str) -> str | None:
    """The exercise kind that practises an item (fresh positions of it are drawn to practise a
    miss): an exercise's own kind, a prediction's question kind, ``where`` for a puzzle;
    ``None`` for a game.

    >>> topic_of("predict", "total@sequence"), topic_of("puzzle", "fifteen")
    ('total', 'where')
    """
    if kind == "exercise":
        return case if case in KINDS else None
    if kind == "predict":
        head = case.split("@", 1)[0]
        return head if head in KINDS else None
    return PRACTICE_KIND.get(kind)


def rules_of(kind: str, case: str) -> tuple[str, ...]:
    """The rules an item practises (its exercise kind's or its puzzle's)."""
    if kind == "puzzle":
        puzzle = PUZZLES.get(case)
        return tuple(puzzle.rules) if puzzle is not None else ()
    topic = topic_of(kind, case)
    return tuple(KINDS[topic].rules) if topic is not None else ()
