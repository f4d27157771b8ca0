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
    >>> part = ExerciseSet.designed(turns.items, seed=401, part=[1])  # one item of it
    >>> part.exercises[0].seed == turns.exercises[1].seed
    True
    """

    def __init__(self, kinds: str | Sequence[str], *, seed: int = 1, count: int = 3) -> None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not names or any(not isinstance(k, str) or k not in KINDS for k in names):
            raise ValueError(f"kinds: one or more of {', '.join(KINDS)}, not {excerpt(kinds)}")
        whole(count, "count", low=1, what="a whole number of exercises ≥ 1")
        self._begin(tuple((name, None) for name in names), seed, count)

    def _begin(self, items: tuple[tuple[str, str | None], ...], seed: int, count: int,
               part: tuple[int, ...] = ()) -> None:
        self.items = items
        """The ``(kind, case)`` pairs taken in turn (case ``None``: any position)."""
        self.part = part or tuple(range(len(items)))
        """The places in :attr:`items` this set serves, in order (all of them, unless it is a
        part of a designed set: :meth:`designed`)."""
        self.kinds = tuple(kind for kind, _ in items)
        self.seed = check_seed(seed)
        self.lesson = ""
        """The lesson whose designed set this is (its slug:
        :func:`horserace_nb.teaching.course.exercise_set`), or ``""``."""
        self.exercises: list[Exercise[Any]] = [self._make(i) for i in range(count)]
        self.index = 0

    @classmethod
    def designed(cls, items: Sequence[tuple[str, str]], *, seed: int = 1,
                 part: Sequence[int] | None = None) -> ExerciseSet:
        """A set of designed items ``(kind, case)``, one exercise each; past the end
        :meth:`next` cycles through the cases again with fresh seeds.

        *part*: serve only the items at these places of *items*, in this order (a lesson's
        section: :func:`horserace_nb.teaching.course.exercise_set`), each drawn as the whole
        set draws it, and past the end the fresh ones the whole set draws for the same cases:
        a part answered on its own is the same exercises, recorded as the same, as the whole.

        :raises ValueError: for an unknown kind or case, or no items; for a part that is
            empty or names a place twice or past the items.
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
        places = tuple(range(len(items))) if part is None else part
        if (isinstance(places, (str, bytes)) or not isinstance(places, Sequence) or not places
                or any(type(p) is not int or not 0 <= p < len(items) for p in places)
                or len(set(places)) != len(places)):
            raise ValueError(f"part: places 0 to {len(items) - 1} of the items, each once, "
                             f"not {excerpt(part)}")
        drills = cls.__new__(cls)
        drills._begin(tuple(items), seed, len(places), tuple(places))
        return drills

    def _make(self, i: int) -> Exercise[Any]:
        # the i-th of the part is the whole set's item at its place, then, round by round,
        # the whole set's fresh item of the same case (for the whole set: place i)
        rounds, at = divmod(i, len(self.part))
        place = self.part[at] + len(self.items) * rounds
        kind, case = self.items[place % len(self.items)]
        return make_exercise(kind, self.seed * 1000 + place, case)

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
