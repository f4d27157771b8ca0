"""Runs of exercises: :class:`ExerciseSet` (a lesson's designed set, or kinds taken in turn),
the lessons' designed items :data:`LESSON_SETS` and their seeds (:func:`lesson_seed`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...core.quoting import excerpt
from ...core.validate import seed as check_seed
from ...core.validate import whole
from .base import MAX_STARS, Exercise
from .registry import KINDS, make_exercise

__all__ = ["LESSON_SETS", "lesson_seed", "ExerciseSet"]


LESSON_SETS: dict[str, tuple[tuple[str, str], ...]] = {
    "01": (("notation", "written"), ("notation", "count"), ("notation", "set"),
           ("seats", "partners"), ("seats", "individual"), ("deal", "two"), ("deal", "three"),
           ("deal", "four"), ("lot", "high_double"), ("lot", "reroll")),
    "02": (*(("open", case) for case in KINDS["open"].cases),
           ("joins", "low_joins"), ("joins", "high_joins")),
    "03": (("display", "to_display"), ("display", "to_raw"), ("counted", "zero_end"),
           ("counted", "unused_branch"), ("total", "singles"), ("total", "double_end"),
           ("total", "interior"), ("score", "opening"), ("opening", "any_tile"),
           ("score", "scores"), ("score", "no_score"), ("opening", "double"),
           ("where", "two_points"), ("where", "branch")),
    "04": (("must_place", "draw"), ("next", "single"), ("next", "double"), ("next", "scored"),
           ("recorded", "at_once"), ("recorded", "in_turn"), ("must_place", "continue"),
           ("next", "drawn"), ("next", "draw_again"), ("deal", "during"), ("next", "pass"),
           ("must_place", "pass"), ("next", "last_tile"), ("next", "target")),
    "05": (*(("settle", case) for case in KINDS["settle"].cases),
           ("ties", "individual"), ("ties", "teams"), ("leader", "domino"),
           ("leader", "blocked")),
    "06": (*(("winner", case) for case in KINDS["winner"].cases),
           ("one_settlement", "one_reaches"), ("one_settlement", "both_reach"),
           ("result", "placement"), ("result", "shared")),
}
"""Every lesson's designed exercise items ``(kind, case)``, in teaching order (re-exported by
:mod:`horserace_nb.teaching.course`): one item per case, the cases a teacher would take in
turn. :meth:`ExerciseSet.for_lesson` draws them."""


def lesson_seed(lesson: str) -> int:
    """The seed of a lesson's exercise set: ``"04"`` → 401 (its items are drawn from
    ``401000``, ``401001``, …).

    >>> lesson_seed("04")
    401
    """
    if not isinstance(lesson, str) or not re.fullmatch(r"\d{2}", lesson):
        raise ValueError(f"lesson: two digits such as '04', not {excerpt(lesson)}")
    return int(lesson) * 100 + 1


class ExerciseSet:
    """A lesson's run of exercises: *count* of them, cycling through *kinds*, each drawn from
    its own seed derived from *seed* (the same set for the same arguments). :meth:`next` goes on
    to a fresh one past the end ("next, new seed"); :attr:`stars` adds up the stars.
    :meth:`for_lesson` gives a lesson's designed set instead: one item per case.

    >>> drills = ExerciseSet(["total", "score"], seed=7, count=3)
    >>> [e.kind for e in drills.exercises]
    ['total', 'score', 'total']
    >>> drills.current.check(drills.current.answer).ok
    True
    >>> turns = ExerciseSet.for_lesson("04")
    >>> [e.case for e in turns.exercises][:3], turns.exercises[0].seed
    (['draw', 'single', 'double'], 401000)
    """

    def __init__(self, kinds: str | Sequence[str], *, seed: int = 1, count: int = 3) -> None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not names or any(not isinstance(k, str) or k not in KINDS for k in names):
            raise ValueError(f"kinds: one or more of {', '.join(KINDS)}, not {excerpt(kinds)}")
        whole(count, "count", low=1, what="a whole number of exercises ≥ 1")
        self._begin(tuple((name, None) for name in names), seed, count)

    def _begin(self, items: tuple[tuple[str, str | None], ...], seed: int, count: int) -> None:
        self.items = items
        """The ``(kind, case)`` pairs taken in turn (case ``None``: any position)."""
        self.kinds = tuple(kind for kind, _ in items)
        self.seed = check_seed(seed)
        self.lesson = ""
        """The lesson whose designed set this is (:meth:`for_lesson`), or ``""``."""
        self.exercises: list[Exercise[Any]] = [self._make(i) for i in range(count)]
        self.index = 0

    @classmethod
    def designed(cls, items: Sequence[tuple[str, str]], *, seed: int = 1) -> ExerciseSet:
        """A set of designed items ``(kind, case)``, one exercise each; past the end
        :meth:`next` cycles through the cases again with fresh seeds.

        :raises ValueError: for an unknown kind or case, or no items.
        """
        if (isinstance(items, (str, bytes)) or not isinstance(items, Sequence) or not items
                or any(not isinstance(i, tuple) or len(i) != 2 for i in items)):
            raise ValueError(f"items: (kind, case) pairs, not {excerpt(items)}")
        for kind, case in items:
            if kind not in KINDS:
                raise ValueError(f"kind: one of {', '.join(KINDS)}, not {excerpt(kind)}")
            if case not in KINDS[kind].cases:
                raise ValueError(f"case: one of {', '.join(KINDS[kind].cases)} for {kind}, "
                                 f"not {excerpt(case)}")
        drills = cls.__new__(cls)
        drills._begin(tuple(items), seed, len(items))
        return drills

    @classmethod
    def for_lesson(cls, lesson: str, *, seed: int | None = None) -> ExerciseSet:
        """The designed set of *lesson* (:data:`LESSON_SETS`), drawn from
        :func:`lesson_seed` unless *seed* is given.

        :raises ValueError: for a lesson without exercises.
        """
        if lesson not in LESSON_SETS:
            raise ValueError(f"lesson: one of {', '.join(LESSON_SETS)}, not {excerpt(lesson)}")
        drills = cls.designed(LESSON_SETS[lesson],
                              seed=lesson_seed(lesson) if seed is None else seed)
        drills.lesson = lesson
        return drills

    def _make(self, i: int) -> Exercise[Any]:
        kind, case = self.items[i % len(self.items)]
        return make_exercise(kind, self.seed * 1000 + i, case)

    @property
    def current(self) -> Exercise[Any]:
        return self.exercises[self.index]

    def next(self) -> Exercise[Any]:
        """Go on to the next exercise, drawing a fresh one past the end."""
        self.index += 1
        if self.index == len(self.exercises):
            self.exercises.append(self._make(self.index))
        return self.current

    @property
    def stars(self) -> int:
        return sum(e.stars for e in self.exercises)

    @property
    def max_stars(self) -> int:
        return MAX_STARS * len(self.exercises)
