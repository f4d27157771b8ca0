"""The course: the one list of lessons (:data:`COURSE`), and which lesson asks what, so that a
recorded result can be put on the lesson map.

A lesson is known by its **slug** (``"turns"``), never by its place: its number is its place in
:data:`COURSE` (:func:`number`), its notebook ``<number>_<slug>.ipynb`` (:func:`notebook`), its
title the catalog's ``lesson.<slug>`` (:func:`title`). Results record the slug, and the seed of
its designed exercise set is the lesson's own (:attr:`Lesson.seed`), so inserting a lesson
renumbers the notebooks but keeps every learner's stored results on their lessons. Results
stored before lessons had slugs name the lesson by its number then; :data:`LEGACY_NUMBERS` reads
them (:func:`migrate`). When a lesson is split, the items that go to the new lesson are drawn
from its own seed, and the items that stay may change places: results stored before name them
by their places then (:data:`FORMER_SETS`), and :func:`lesson_item` reads them as the items they
are now (:data:`MOVED`), so they show on the map under the lesson that teaches them now.

A lesson's items are identified as results identify them (:mod:`horserace_nb.teaching.progress`):
``(kind, case, seed)``. The exercises of a lesson are its designed set (:func:`designed`, one
item per case, :func:`exercise_set`); a designed item's case is ``"<kind>/<case>"`` and its
seed the lesson's :attr:`~Lesson.seed` × 1000 + its place in the set. The lessons that record
other results say so in :attr:`Lesson.records`: the puzzles
(:data:`~horserace_nb.teaching.puzzles.PUZZLES`), the predictions asked on the worked examples,
the games against the computer.

>>> lesson_items("turns")[:2]
[('exercise', 'must_place/draw', 401000), ('exercise', 'next/single', 401001)]
>>> lesson_of("exercise", "settle/tie", 501006), lesson_of("exercise", "total", 7)
('settlement', '')
>>> lesson_of("puzzle", "fifteen", 0), number("puzzles"), notebook("turns")
('puzzles', 10, '04_turns.ipynb')
>>> lesson_of("exercise", "next/drawn", 401007), lesson_of("exercise", "next/drawn", 402000)
('drawing', 'drawing')
>>> rules_of("exercise", "next/drawn"), topic_of("exercise", "next/drawn")
(('R18',), 'next')
>>> migrate("04"), title("turns", "en")
('turns', '4. Turns')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..core.quoting import excerpt
from ..words.i18n import t
from .exercises import KINDS, ExerciseSet, base_seed
from .puzzles import PUZZLES

__all__ = ["Lesson", "COURSE", "LESSONS", "LEGACY_NUMBERS", "Item", "lesson", "number",
           "notebook", "title", "designed", "exercise_set", "sections", "migrate", "recorded_in",
           "lesson_items", "lesson_of", "rules_of", "topic_of", "PRACTICE_KIND",
           "QUESTION_KIND", "lesson_item", "guide_set", "FORMER_SETS", "MOVED"]

Item = tuple[str, str, int]
"""What was asked: ``(kind, case, seed)``: ``("exercise", "next/drawn", 402000)``,
``("puzzle", "fifteen", 0)``, ``("predict", "total@sequence", 5)``, ``("hand", "2p", 45)``."""


def _rules(*spans: int | tuple[int, int]) -> tuple[str, ...]:
    return tuple(f"R{n}" for span in spans
                 for n in ((span,) if isinstance(span, int) else range(span[0], span[1] + 1)))


@dataclass(frozen=True)
class Lesson:
    """One notebook of the course."""

    slug: str
    """Its name for ever (results, seeds and the catalog key its title have it): lower-case
    letters, digits and ``_``."""
    topic: str = ""
    """The topic of the rules it teaches (``setup``, ``joining``, ``scoring``, ``turns``,
    ``settlement``, ``end``), or ``""`` for a page that teaches none."""
    rules: tuple[str, ...] = ()
    """The rules it teaches."""
    exercises: tuple[str | tuple[str, str], ...] = ()
    """Its designed exercise set in teaching order: ``(kind, case)`` items, or a kind alone for
    every case of that kind in turn (:func:`designed`)."""
    seed: int = 0
    """The seed its designed items are drawn from (``seed * 1000 + i``); its own, never another
    lesson's, and never changed once learners have results of it."""
    records: tuple[str, ...] = ()
    """The kinds of result it records besides its exercises (``predict``, ``puzzle``,
    ``hand``, ``match``, ``call``)."""
    sections: tuple[tuple[int, ...], ...] = ()
    """How its designed set is practised inside the lesson: for each of its sections in
    order, the places in :attr:`exercises` (as :func:`designed` spells them out) of the items
    checked after it, in teaching order; every item in one section. ``()``: all at once."""
    teacher: bool = False
    """A page for the teacher (the guide with its answer keys, the class report): the learners'
    pages lead past it (their last page's *Next* is the start page), and the start page lists
    it apart, for the teacher."""

    @property
    def title_key(self) -> str:
        """The catalog key of its title (without its number)."""
        return f"lesson.{self.slug}"

    @property
    def on_map(self) -> bool:
        """It is on the learner's lesson map: it has exercises or records results."""
        return bool(self.exercises or self.records)


COURSE: tuple[Lesson, ...] = (
    Lesson("start"),
    Lesson("tiles_players", "setup", _rules(1, 2, 5, 6, 8), seed=101, exercises=(
        ("notation", "written"), ("notation", "count"), ("notation", "set"),
        ("seats", "partners"), ("seats", "individual"), ("deal", "two"), ("deal", "three"),
        ("deal", "four"), ("lot", "high_double"), ("lot", "reroll")),
           sections=((0, 1, 2), (3, 4), (5, 6, 7), (8, 9))),
    Lesson("joining_spinners", "joining", _rules((9, 12)), seed=201, exercises=(
        ("open", "line"), ("open", "opening_double"), ("open", "straights"),
        ("open", "branches"), ("joins", "low_joins"), ("joins", "high_joins"),
        ("open", "branch_double")),
           sections=((0, 1), (2, 3, 6), (4, 5))),
    Lesson("scoring_ends", "scoring", _rules(3, (13, 15)), seed=301, records=("predict",),
           exercises=(
               ("display", "to_display"), ("display", "to_raw"), ("counted", "zero_end"),
               ("counted", "unused_branch"), ("total", "singles"), ("total", "double_end"),
               ("total", "interior"), ("score", "opening"), ("opening", "any_tile"),
               ("score", "scores"), ("score", "no_score"), ("opening", "double"),
               ("where", "two_points"), ("where", "branch")),
           sections=((2, 4, 5), (0, 1, 7, 8), (3, 6, 11), (9, 10, 12, 13))),
    Lesson("turns", "turns", _rules(4, 16, 17), seed=401, exercises=(
        ("must_place", "draw"), ("next", "single"), ("next", "double"), ("next", "scored"),
        ("recorded", "at_once"), ("recorded", "in_turn"), ("must_place", "continue"),
        ("next", "zero_total"), ("next", "double_once")),
           sections=((1, 2, 7, 8), (3, 4, 5), (0, 6))),
    Lesson("drawing", "turns", _rules((18, 20)), seed=402, exercises=(
        ("next", "drawn"), ("next", "draw_again"), ("deal", "during"), ("must_place", "drawn"),
        ("next", "pass"), ("must_place", "pass"), ("next", "blocked"), ("next", "last_tile"),
        ("next", "target")),
           sections=((0, 1, 2, 3), (4, 5, 6), (7, 8))),
    Lesson("settlement", "settlement", _rules(7, (21, 25)), seed=501, exercises=(
        "settle", ("ties", "individual"), ("ties", "teams"), ("leader", "domino"),
        ("leader", "blocked")),
           sections=((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10))),
    Lesson("end_of_game", "end", _rules((26, 28)), seed=601, exercises=(
        "winner", ("one_settlement", "one_reaches"), ("one_settlement", "both_reach"),
        ("result", "placement"), ("result", "shared"), ("final_score", "settled"),
        ("final_score", "game_over")),
           sections=((0, 1, 3, 4), (2, 5, 6, 7), (8, 9))),
    Lesson("play", records=("hand", "match", "call")),
    Lesson("classroom"),
    Lesson("puzzles", records=("puzzle",)),
    Lesson("teacher_guide", teacher=True),
    Lesson("class_report", teacher=True),
)
"""The lessons in course order (the start page is number 0)."""

FORMER_SETS: dict[int, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    401: (("turns", "drawing"), (
        ("must_place", "draw"), ("next", "single"), ("next", "double"), ("next", "scored"),
        ("recorded", "at_once"), ("recorded", "in_turn"), ("must_place", "continue"),
        ("next", "drawn"), ("next", "draw_again"), ("deal", "during"), ("next", "pass"),
        ("must_place", "pass"), ("next", "last_tile"), ("next", "target"),
        ("next", "zero_total"), ("next", "double_once"), ("must_place", "drawn"),
        ("next", "blocked"))),
}
"""The designed sets lessons had before a lesson was split, by the seed they were drawn from:
the lessons that took their items over, and the items in their places of then (``seed * 1000 +
place``). Lesson 4 (``turns``, R4 and R16–R20) became ``turns`` (R4, R16, R17) and ``drawing``
(R18–R20). Fixed for ever: results stored then name the items so (:data:`MOVED`)."""

LEGACY_NUMBERS: dict[str, str] = {
    "00": "start", "01": "tiles_players", "02": "joining_spinners", "03": "scoring_ends",
    "04": "turns", "05": "settlement", "06": "end_of_game", "07": "play", "08": "classroom",
    "09": "puzzles", "10": "teacher_guide", "11": "class_report"}
"""What the lesson numbers meant before lessons had slugs (results file version 1, the browser's
entries of then, ``Exercises.for_lesson("04")`` in a notebook saved then): fixed for ever,
whatever the course's order is now."""

_SLUG = re.compile(r"[a-z][a-z0-9_]{0,39}")
_BY_SLUG = {lesson.slug: lesson for lesson in COURSE}
_NUMBER = {lesson.slug: n for n, lesson in enumerate(COURSE)}

LESSONS: tuple[str, ...] = tuple(lesson.slug for lesson in COURSE if lesson.on_map)
"""The lessons on the map, in course order: those with exercises or other results."""

PRACTICE_KIND = {"puzzle": "where"}
"""The exercise kind that practises what a missed puzzle asked (the best placement)."""
QUESTION_KIND = {"played": "where"}
"""The exercise kind of a prediction's question that has no kind of its own: "where does the
tile go next" (kind ``played``) is the best-placement kind's question."""


def _moved() -> dict[Item, Item]:
    out: dict[Item, Item] = {}
    for seed, (heirs, items) in FORMER_SETS.items():
        now = {pair: (slug, i) for slug in heirs for i, pair in enumerate(designed(slug))}
        for place, (kind, case) in enumerate(items):
            if (kind, case) not in now:
                raise ValueError(f"FORMER_SETS: {seed}: {kind}/{case} is in none of "
                                 f"{', '.join(heirs)}")
            slug, i = now[(kind, case)]
            old = ("exercise", f"{kind}/{case}", seed * 1000 + place)
            new = ("exercise", f"{kind}/{case}", _BY_SLUG[slug].seed * 1000 + i)
            if old != new:
                out[old] = new
    return out


def migrate(lesson_field: str) -> str:
    """A result's ``lesson`` as it is kept now: a number of :data:`LEGACY_NUMBERS` becomes the
    lesson's slug; anything else is returned as it is."""
    return LEGACY_NUMBERS.get(lesson_field, lesson_field)


def lesson(key: str) -> Lesson:
    """The lesson of *key*: its slug, or the number it had before slugs
    (:data:`LEGACY_NUMBERS`).

    :raises ValueError: naming the lessons, for any other key.
    """
    found = _BY_SLUG.get(migrate(key)) if isinstance(key, str) else None
    if found is None:
        raise ValueError(f"lesson: one of {', '.join(_BY_SLUG)}, not {excerpt(key)}")
    return found


def exercise_set(key: str, *, seed: int | None = None, learner: str = "",
                 section: int | None = None) -> ExerciseSet:
    """The designed exercise set of the lesson *key* (its slug, or the number it had before
    slugs: :data:`LEGACY_NUMBERS`), one item per case (:func:`designed`), drawn from the
    lesson's own :attr:`~Lesson.seed` unless *seed* is given. With a *learner*'s name, the
    same cases in the same order, each in the learner's own position
    (:func:`~horserace_nb.teaching.exercises.own_seed`); the lesson map counts each as the
    lesson's item (:func:`lesson_item`). With *section* (from 1), only the items checked after
    that section of the lesson (:func:`sections`), each the same item as in the whole set.

    >>> turns = exercise_set("turns")
    >>> [e.case for e in turns.exercises][:3], turns.exercises[0].seed, turns.lesson
    (['draw', 'single', 'double'], 401000, 'turns')
    >>> mina = exercise_set("turns", learner="Mina")
    >>> [e.case for e in mina.exercises][:3], lesson_item(("exercise", "must_place/draw",
    ...                                                      mina.exercises[0].seed))
    (['draw', 'single', 'double'], ('exercise', 'must_place/draw', 401000))
    >>> second = exercise_set("turns", section=2)
    >>> [(e.case, e.seed) for e in second.exercises] == [
    ...     (turns.exercises[i].case, turns.exercises[i].seed) for i in sections("turns")[1]]
    True

    :raises ValueError: naming the lessons that have one, for any other key; naming the
        lesson's sections, for a section it does not have.
    """
    found = _BY_SLUG.get(migrate(key)) if isinstance(key, str) else None
    if found is None or not found.exercises:
        with_sets = [lesson.slug for lesson in COURSE if lesson.exercises]
        raise ValueError(f"lesson: one of {', '.join(with_sets)}, not {excerpt(key)}")
    part = None
    if section is not None:
        parts = sections(found.slug)
        if type(section) is not int or not 1 <= section <= len(parts):
            raise ValueError(f"section: a section of {found.slug}, 1 to {len(parts)}, "
                             f"not {excerpt(section)}")
        part = parts[section - 1]
    drills = ExerciseSet.designed(designed(found.slug), seed=found.seed if seed is None else seed,
                                  learner=learner, part=part)
    drills.lesson = found.slug
    return drills


def guide_set(key: str, *, section: int | None = None) -> ExerciseSet:
    """The teacher guide's example of each designed case of the lesson *key*: the same cases in
    the same order, in positions no learner is given (drawn from the lesson's seed negated;
    a learner gets the lesson's own positions or those of a name,
    :func:`~horserace_nb.teaching.exercises.own_seed`), so the guide that ships with the site
    is no key to the learners' items; with *section*, the cases checked after that section.

    >>> guide = guide_set("turns")
    >>> [e.case for e in guide.exercises][:2], guide.exercises[0].seed
    (['draw', 'single'], -401000)
    """
    return exercise_set(key, seed=-lesson(key).seed, section=section)


def sections(slug: str) -> tuple[tuple[int, ...], ...]:
    """The places in the lesson's designed set of the items checked after each of its
    sections, in order (:attr:`Lesson.sections`; one section of all its items if it gives
    none, ``()`` for a lesson without a set).

    >>> sections("turns")[:2]
    ((1, 2, 7, 8), (3, 4, 5))
    """
    found = lesson(slug)
    if not found.exercises:
        return ()
    return found.sections or (tuple(range(len(designed(slug)))),)


def number(slug: str) -> int:
    """The lesson's number: its place in :data:`COURSE`."""
    return _NUMBER[lesson(slug).slug]


def notebook(slug: str) -> str:
    """The lesson's notebook file: ``"04_turns.ipynb"``."""
    return f"{number(slug):02d}_{lesson(slug).slug}.ipynb"


def title(slug: str, lang: str = "en") -> str:
    """The lesson's title in *lang*, numbered (``"4. Turns"``; the start page has no number)."""
    found = lesson(slug)
    text = t(found.title_key, lang)
    n = number(found.slug)
    return t("lesson.numbered", lang, number=n, title=text) if n else text


@functools.cache
def designed(slug: str) -> tuple[tuple[str, str], ...]:
    """The lesson's designed exercise items ``(kind, case)``, in order (a kind alone in
    :attr:`Lesson.exercises` is every case of it in turn); ``()`` for a lesson without."""
    out: list[tuple[str, str]] = []
    for entry in lesson(slug).exercises:
        out += ([(entry, case) for case in KINDS[entry].cases] if isinstance(entry, str)
                else [entry])
    return tuple(out)


def recorded_in(kind: str) -> str:
    """The lesson that records results of *kind* (``predict``, ``puzzle``, ``hand``, …), or
    ``""``."""
    return next((lesson.slug for lesson in COURSE if kind in lesson.records), "")


@functools.cache
def _exercise_items() -> dict[Item, str]:
    out: dict[Item, str] = {}
    for slug in LESSONS:
        seed = lesson(slug).seed
        for i, (kind, case) in enumerate(designed(slug)):  # as exercise_set draws them
            out[("exercise", f"{kind}/{case}", seed * 1000 + i)] = slug
    return out


def lesson_items(slug: str) -> list[Item]:
    """The items of a lesson that earn stars (its designed exercises, or the puzzles), in
    order."""
    if "puzzle" in lesson(slug).records:
        return [("puzzle", key, 0) for key in PUZZLES]
    return [item for item, where in _exercise_items().items() if where == slug]


def lesson_item(item: Item) -> Item:
    """The lesson item *item* answers: a learner's own position of a designed item
    (:func:`~horserace_nb.teaching.exercises.own_seed`) is that item; a designed item as a
    lesson's set had it before the lesson was split (:data:`MOVED`) is that item where it is
    now; any other item is itself.

    >>> lesson_item(("exercise", "next/drawn", 401007))  # lesson 4's before the split
    ('exercise', 'next/drawn', 402000)
    >>> lesson_item(("exercise", "next/single", 401001))  # in the same place still
    ('exercise', 'next/single', 401001)
    """
    kind, case, seed = item
    if kind != "exercise":
        return item
    if seed < 0:
        item = kind, case, base_seed(seed)
    return MOVED.get(item, item)


def lesson_of(kind: str, case: str, seed: int) -> str:
    """The slug of the lesson an item belongs to (a learner's own position of it too), or
    ``""`` (practice outside the lessons)."""
    if kind == "exercise":
        return _exercise_items().get(lesson_item((kind, case, seed)), "")
    if kind == "puzzle":
        return recorded_in("puzzle") if case in PUZZLES else ""
    return recorded_in(kind)


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
        case_rules = KINDS[topic].cases.get(case.split("/", 1)[1])
        if case_rules is not None:
            return tuple(case_rules)
    return tuple(KINDS[topic].rules)


MOVED: dict[Item, Item] = _moved()
"""The designed items whose place changed when a lesson was split (:data:`FORMER_SETS`): the
item as results stored before name it → the item it is now, in the lesson that teaches it now
(:func:`lesson_item`), so a result stored before shows on the lesson map where its case is
taught now. ``("exercise", "next/drawn", 401007)`` → ``("exercise", "next/drawn", 402000)``."""


def _check() -> None:
    """The list's own rules, checked at import: slugs well formed and unique, seeds unique; a
    lesson's designed items each once, its sections adding up to them; no item as a set had
    it before a split (:data:`MOVED`) another item now."""
    seeds = [lesson.seed for lesson in COURSE if lesson.exercises]
    for each in COURSE:
        items = designed(each.slug) if each.exercises else ()
        if len(set(items)) != len(items):
            raise ValueError(f"COURSE: {each.slug}: every designed item once")
        places = sorted(p for part in each.sections for p in part)
        if each.sections and (places != list(range(len(items)))
                              or not all(each.sections)):
            raise ValueError(f"COURSE: {each.slug}: sections holding each of its "
                             f"{len(items)} designed items once")
    if len(_BY_SLUG) != len(COURSE) or any(not _SLUG.fullmatch(s) for s in _BY_SLUG):
        raise ValueError("COURSE: every slug once, lower-case letters, digits and _")
    if len(set(seeds)) != len(seeds) or 0 in seeds:
        raise ValueError("COURSE: every lesson with exercises has a seed of its own")
    now = _exercise_items()
    if any(old in now for old in MOVED):
        raise ValueError("COURSE: an item moved by a split (FORMER_SETS) is another item now")


_check()
