"""Exercises with instant feedback: a fresh position from a seed, one question, and an answer
to every attempt that explains it with the rule (R-numbers), hints, a retry and "show answer".

A package by rule topic: :mod:`.base` (the framework: :class:`Exercise`, :class:`Feedback`,
:class:`Hint`, the stars, the answers' checks, the one sampling loop), one module per topic with
its kinds in ``KINDS`` (:mod:`.setup` R1–R8, :mod:`.joining` R9–R12, :mod:`.scoring` R13–R15,
:mod:`.turns` R16–R20, :mod:`.settlement` R21–R25, :mod:`.end` R26–R28), :mod:`.registry`
(:data:`KINDS` gathered from them, :func:`make_exercise`) and :mod:`.sets`
(:class:`ExerciseSet`; the lessons' designed sets are the course's:
:func:`horserace_nb.teaching.course.exercise_set`). A new kind is a class in its
topic module, listed in that module's ``KINDS``, with its sentences in the catalogs.

>>> drill = make_exercise("total", seed=7)
>>> drill.check(drill.answer, "en").ok, make_exercise("total", seed=7).answer == drill.answer
(True, True)
"""

from __future__ import annotations

from .base import (
    MAX_STARS,
    Exercise,
    Feedback,
    Hint,
    LayoutExercise,
    Point,
    SettlementAnswer,
    stars_for,
)
from .end import GameWinner, Result
from .joining import Joins, OpenPoints
from .registry import KINDS, TOPICS, make_exercise
from .scoring import (
    BestPlacement,
    CountedPoints,
    EndTotal,
    PlacementScore,
    PlayedPoint,
    check_total,
)
from .sets import LEARNER_CODES, ExerciseSet, base_seed, learner_code, own_seed
from .settlement import OneSettlement, Settlement, Ties, line_length
from .setup import Deal, Display, Leader, Lot, Notation, Opening, Recorded, Seats
from .turns import MustPlace, NextPlayer

__all__ = ["check_total", "Feedback", "SettlementAnswer", "Exercise", "OpenPoints",
           "CountedPoints", "Hint", "EndTotal", "PlacementScore", "BestPlacement", "NextPlayer",
           "Settlement", "GameWinner", "LayoutExercise", "PlayedPoint", "KINDS", "line_length",
           "make_exercise", "ExerciseSet", "Point", "MAX_STARS", "stars_for", "TOPICS",
           "Notation", "Seats", "Display", "Recorded", "Deal", "Lot", "Leader", "Opening",
           "Joins", "MustPlace", "Ties", "OneSettlement", "Result", "learner_code", "own_seed",
           "base_seed", "LEARNER_CODES"]
