"""Every exercise kind by name, gathered from the topic modules' ``KINDS`` (no import side
effect registers anything: a new kind is listed in its topic module only), and
:func:`make_exercise`.

>>> list(KINDS)[:3], make_exercise("total", seed=7).kind
(['notation', 'seats', 'display'], 'total')
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ...core.quoting import excerpt
from ...core.validate import seed as check_seed
from . import end, joining, scoring, settlement, setup, turns
from .base import Exercise

__all__ = ["TOPICS", "KINDS", "make_exercise"]

TOPICS: tuple[ModuleType, ...] = (setup, joining, scoring, turns, settlement, end)
"""The topic modules, in the order of the rules (R1–R8, R9–R12, R13–R15, R16–R20, R21–R25,
R26–R28); each lists its kinds in ``KINDS``."""

KINDS: dict[str, type[Exercise[Any]]] = {
    cls.kind: cls for cls in (*setup.KINDS, *joining.KINDS, *scoring.KINDS, *turns.KINDS,
                              *settlement.KINDS, *end.KINDS)}
"""Every exercise kind by name, topic by topic."""

if len(KINDS) != sum(len(topic.KINDS) for topic in TOPICS):  # pragma: no cover - a new kind
    raise RuntimeError("two exercise kinds share a name")  # named like an old one


def make_exercise(kind: str, seed: int = 1, case: str | None = None) -> Exercise[Any]:
    """The exercise of *kind* (and designed *case*) drawn from *seed* (same arguments, same
    exercise).

    :raises ValueError: for an unknown kind or case or a seed that is not a whole number.
    """
    if kind not in KINDS:
        raise ValueError(f"kind: one of {', '.join(KINDS)}, not {excerpt(kind)}")
    return KINDS[kind](check_seed(seed), case)
