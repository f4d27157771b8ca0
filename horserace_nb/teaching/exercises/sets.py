"""Runs of exercises: :class:`ExerciseSet` (kinds taken in turn, or designed items: a
lesson's are :func:`horserace_nb.teaching.course.exercise_set`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.quoting import excerpt
from ...core.validate import seed as check_seed
from ...core.validate import whole
from .base import MAX_STARS, Exercise
from .registry import KINDS, make_exercise

__all__ = ["ExerciseSet"]


class ExerciseSet:
    """A lesson's run of exercises: *count* of them, cycling through *kinds*, each drawn from
    its own seed derived from *seed* (the same set for the same arguments). :meth:`next` goes on
    to a fresh one past the end ("next, new seed"); :attr:`stars` adds up the stars.
    :meth:`designed` gives a set of designed items instead, one item per case (a lesson's:
    :func:`horserace_nb.teaching.course.exercise_set`).

    >>> drills = ExerciseSet(["total", "score"], seed=7, count=3)
    >>> [e.kind for e in drills.exercises]
    ['total', 'score', 'total']
    >>> drills.current.check(drills.current.answer).ok
    True
    >>> turns = ExerciseSet.designed([("next", "single"), ("next", "double")], seed=401)
    >>> [e.case for e in turns.exercises], turns.exercises[0].seed
    (['single', 'double'], 401000)
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
        """The lesson whose designed set this is (its slug:
        :func:`horserace_nb.teaching.course.exercise_set`), or ``""``."""
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
