"""Runs of exercises: :class:`ExerciseSet` (kinds taken in turn, or designed items: a
lesson's are :func:`horserace_nb.teaching.course.exercise_set`), and a learner's own positions
of designed items (:func:`learner_code`, :func:`own_seed`, :func:`base_seed`).

A learner's own item is the designed item's case in a position drawn from a seed of the
learner's own: ``-(code << 32 | seed)``, *code* (1 to 2²⁰ − 1) a stable hash of the learner's
name (:func:`learner_code`: SHA-256, not Python's salted ``hash``), *seed* the item's seed
without a name. So two learners get different positions for the same case, the same learner
the same positions on every device, and :func:`base_seed` tells which designed item a learner's
seed stands for (the lesson map counts it as that item). No other seed is below −2³².

>>> code = learner_code("Mina Kim")
>>> code == learner_code(" mina  KIM "), 0 < code < 2 ** 20, learner_code("")
(True, True, 0)
>>> base_seed(own_seed(401003, code)), base_seed(401003), own_seed(401003, 0)
(401003, 401003, 401003)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from ...core.quoting import excerpt
from ...core.validate import seed as check_seed
from ...core.validate import whole
from ...words.names import clean_text, learner_key
from .base import MAX_STARS, Exercise
from .registry import KINDS, make_exercise

__all__ = ["ExerciseSet", "learner_code", "own_seed", "base_seed", "LEARNER_CODES"]

LEARNER_CODES = 1 << 20
"""Learners' codes are 1 to ``LEARNER_CODES - 1`` (0: no name): with the seed below 2³² in the
low bits, every learner's seed stays within what a browser keeps exactly (2⁵³)."""
_SHIFT = 32
_LOW = (1 << _SHIFT) - 1


def learner_code(name: str) -> int:
    """The learner's code: 1 to :data:`LEARNER_CODES` − 1 from SHA-256 of the name as the class
    report knows a learner (:func:`~horserace_nb.words.names.learner_key`: case, spaces and
    invisible characters do not count); 0 for no name. Linear in the name's first 320
    characters (the rest is not read)."""
    if not isinstance(name, str):
        raise ValueError(f"learner: a name (text), not {excerpt(name)}")
    key = learner_key(name)
    if not key:
        return 0
    digest = hashlib.sha256(("horserace_nb.learner:" + key).encode("utf-8")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % (LEARNER_CODES - 1)


def own_seed(seed: int, code: int) -> int:
    """The seed of the learner *code*'s own position of the item whose seed without a name is
    *seed* (0 < seed < 2³²); *seed* itself for code 0."""
    if not code:
        return seed
    if not 0 < seed <= _LOW:
        raise ValueError(f"seed: from 1 to {_LOW} for a learner's own items, not {excerpt(seed)}")
    return -((code << _SHIFT) | seed)


def base_seed(seed: int) -> int:
    """The seed without a name of the item a learner's own seed (:func:`own_seed`) stands for;
    any other seed as it is."""
    if seed < -_LOW:
        return -seed & _LOW
    return seed


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

    def _begin(self, items: tuple[tuple[str, str | None], ...], seed: int, count: int,
               learner: str = "") -> None:
        self.learner = clean_text(learner)
        """The learner whose own positions these are (:func:`own_seed`), or ``""``."""
        self.code = learner_code(self.learner)
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
    def designed(cls, items: Sequence[tuple[str, str]], *, seed: int = 1,
                 learner: str = "") -> ExerciseSet:
        """A set of designed items ``(kind, case)``, one exercise each; past the end
        :meth:`next` cycles through the cases again with fresh seeds. With a *learner*'s name,
        the same cases in the same order, each in the learner's own position
        (:func:`own_seed`).

        :raises ValueError: for an unknown kind or case, or no items; with a learner, for a
            seed that is not from 1 to 4294966.
        """
        if not isinstance(learner, str):
            raise ValueError(f"learner: a name (text), not {excerpt(learner)}")
        if learner_key(learner) and not 0 < check_seed(seed) < _LOW // 1000:
            raise ValueError(f"seed: from 1 to {_LOW // 1000 - 1} for a learner's own items, "
                             f"not {excerpt(seed)}")
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
        drills._begin(tuple(items), seed, len(items), learner)
        return drills

    def _make(self, i: int) -> Exercise[Any]:
        kind, case = self.items[i % len(self.items)]
        return make_exercise(kind, own_seed(self.seed * 1000 + i, self.code), case)

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
