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
               learner: str = "", part: tuple[int, ...] = ()) -> None:
        self.learner = clean_text(learner)
        """The learner whose own positions these are (:func:`own_seed`), or ``""``."""
        self.code = learner_code(self.learner)
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
                 learner: str = "", part: Sequence[int] | None = None) -> ExerciseSet:
        """A set of designed items ``(kind, case)``, one exercise each; past the end
        :meth:`next` cycles through the cases again with fresh seeds. With a *learner*'s name,
        the same cases in the same order, each in the learner's own position
        (:func:`own_seed`).

        *part*: serve only the items at these places of *items*, in this order (a lesson's
        section: :func:`horserace_nb.teaching.course.exercise_set`), each drawn as the whole
        set draws it, and past the end the fresh ones the whole set draws for the same cases:
        a part answered on its own is the same exercises, recorded as the same, as the whole.

        :raises ValueError: for an unknown kind or case, or no items; with a learner, for a
            seed that is not from 1 to 4294966; for a part that is empty or names a place twice
            or past the items.
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
        places = tuple(range(len(items))) if part is None else part
        if (isinstance(places, (str, bytes)) or not isinstance(places, Sequence) or not places
                or any(type(p) is not int or not 0 <= p < len(items) for p in places)
                or len(set(places)) != len(places)):
            raise ValueError(f"part: places 0 to {len(items) - 1} of the items, each once, "
                             f"not {excerpt(part)}")
        drills = cls.__new__(cls)
        drills._begin(tuple(items), seed, len(places), learner, tuple(places))
        return drills

    def _make(self, i: int) -> Exercise[Any]:
        # the i-th of the part is the whole set's item at its place, then, round by round,
        # the whole set's fresh item of the same case (for the whole set: place i)
        rounds, at = divmod(i, len(self.part))
        place = self.part[at] + len(self.items) * rounds
        kind, case = self.items[place % len(self.items)]
        return make_exercise(kind, own_seed(self.seed * 1000 + place, self.code), case)

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
