"""The course: which lesson asks what, so that a recorded result can be put on the lesson map.

A lesson's items are identified as results identify them (:mod:`horserace_nb.teaching.progress`):
``(kind, case, seed)``. The exercises of a lesson are its designed set,
:data:`LESSON_SETS` (one item per case, ``ExerciseSet.for_lesson``); a designed item's case is
``"<kind>/<case>"`` and its seed :func:`~horserace_nb.teaching.exercises.lesson_seed` × 1000 + its
place in the set. The puzzles are :data:`~horserace_nb.teaching.puzzles.PUZZLES` (lesson 09);
predictions are asked on the worked examples of lesson 03; games against the computer are
lesson 07.

>>> lesson_items("04")[:2]
[('exercise', 'must_place/draw', 401000), ('exercise', 'next/single', 401001)]
>>> lesson_of("exercise", "settle/tie", 501006), lesson_of("exercise", "total", 7)
('05', '')
>>> lesson_of("puzzle", "fifteen", 0)
'09'
>>> rules_of("exercise", "next/drawn"), topic_of("exercise", "next/drawn")
(('R18',), 'next')
"""

from __future__ import annotations

import functools

from .exercises import KINDS, LESSON_SETS, lesson_seed
from .puzzles import PUZZLES

__all__ = ["LESSON_SETS", "LESSON_EXERCISES", "LESSONS", "Item", "lesson_items", "lesson_of",
           "rules_of", "topic_of", "PRACTICE_KIND", "QUESTION_KIND", "GAME_LESSON",
           "PREDICT_LESSON", "PUZZLE_LESSON"]

Item = tuple[str, str, int]
"""What was asked: ``(kind, case, seed)``: ``("exercise", "next/drawn", 401003)``,
``("puzzle", "fifteen", 0)``, ``("predict", "total@sequence", 5)``, ``("hand", "2p", 45)``."""

LESSON_EXERCISES: dict[str, tuple[tuple[str, ...], int, int]] = {
    "02": (("open",), 101, 3),
    "03": (("counted", "total", "score", "where"), 201, 4),
    "04": (("next",), 301, 3),
    "05": (("settle",), 401, 2),
    "06": (("winner",), 601, 2),
}
"""The sampled sets the lessons' cells show before the designed sets: (kinds, seed, count) of an
``Exercises`` widget. ``lessons/build.py`` writes them until the lessons use
``Exercises.for_lesson``; they are not on the lesson map (:data:`LESSON_SETS` is)."""

PREDICT_LESSON = "03"
PUZZLE_LESSON = "09"
GAME_LESSON = "07"
LESSONS: tuple[str, ...] = tuple(sorted({*LESSON_SETS, PREDICT_LESSON, GAME_LESSON,
                                         PUZZLE_LESSON}))
"""The lessons on the map: those with exercises, predictions, games or puzzles (00 is the start
page, 08 the classroom page, 10 the teacher guide, 11 the class report)."""

PRACTICE_KIND = {"puzzle": "where"}
"""The exercise kind that practises what a missed puzzle asked (the best placement)."""
QUESTION_KIND = {"played": "where"}
"""The exercise kind of a prediction's question that has no kind of its own: "where does the
tile go next" (kind ``played``) is the best-placement kind's question."""


@functools.cache
def _exercise_items() -> dict[Item, str]:
    out: dict[Item, str] = {}
    for lesson, items in LESSON_SETS.items():
        seed = lesson_seed(lesson)
        for i, (kind, case) in enumerate(items):  # as ExerciseSet.for_lesson draws them
            out[("exercise", f"{kind}/{case}", seed * 1000 + i)] = lesson
    return out


def lesson_items(lesson: str) -> list[Item]:
    """The items of *lesson* that earn stars (its designed exercises, or the puzzles), in
    order."""
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
    """The exercise kind of an item: an exercise's own kind (a designed item's too), a
    prediction's question kind (``where`` for "where does the tile go"), a call's (``total`` or
    ``score``, made in play before a placement), ``where`` for a puzzle; ``None`` for a game.

    >>> topic_of("predict", "total@sequence"), topic_of("puzzle", "fifteen")
    ('total', 'where')
    >>> topic_of("predict", "played@sequence"), topic_of("call", "score")
    ('where', 'score')
    """
    if kind == "exercise":
        head = case.split("/", 1)[0]
        return head if head in KINDS else None
    if kind in ("predict", "call"):
        head = case.split("@", 1)[0]
        head = QUESTION_KIND.get(head, head)
        return head if head in KINDS else None
    return PRACTICE_KIND.get(kind)


def rules_of(kind: str, case: str) -> tuple[str, ...]:
    """The rules an item practises: a designed exercise item's case's, an exercise kind's, or
    a puzzle's."""
    if kind == "puzzle":
        puzzle = PUZZLES.get(case)
        return tuple(puzzle.rules) if puzzle is not None else ()
    topic = topic_of(kind, case)
    if topic is None:
        return ()
    if kind == "exercise" and "/" in case:
        designed = KINDS[topic].cases.get(case.split("/", 1)[1])
        if designed is not None:
            return tuple(designed)
    return tuple(KINDS[topic].rules)
