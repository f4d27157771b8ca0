"""A learner's progress: the results recorded in the browser, the results file handed to the
teacher, the merge of two lists, the Leitner schedule of misses, the lesson map and the class
report. Pure Python (no Jupyter): the widgets store and show what this module computes.

A :class:`Result` is one item done: an exercise, a puzzle, a prediction in a replay, or a hand or
match against the computer. Results are only ever added: every finished item is a new result
(its :attr:`~Result.key` includes the time), so that :func:`merge` of two lists (two tabs, a
reload) loses nothing, and when the same result comes twice the better copy is kept.

The results file (what "Download my results" saves), version 2 (written one result a line,
each result's fields in name order; any JSON layout is read)::

    {"format": "horserace_nb.results", "version": 2,
     "learner": "Mina", "site": "https://school.example", "saved": "2026-12-01T09:00:00Z",
     "results": [{"lesson": "scoring_ends", "kind": "exercise", "case": "total", "seed": 201001,
                  "stars": 2, "tries": 2, "hints": 0, "rules": ["R13"],
                  "when": "2026-12-01T08:55:12.120+00:00"}, ...],
     "rules": {"R13": {"practised": 4, "missed": 1}, ...},
     "games": [{"lesson": "play", "kind": "hand", "case": "2p", "seed": 45, "stars": 0,
                "tries": 0, "hints": 0, "rules": [], "when": "...", "points": 12, "lost": 3}]}

``lesson`` is the lesson's slug (:mod:`~horserace_nb.teaching.course`; ``""`` for practice
outside the lessons); ``kind`` is ``exercise``, ``puzzle``, ``predict``, ``call`` (items, in
``results``) or ``hand``, ``match`` (games, in ``games``); ``case`` the exercise kind
(``<kind>/<case>`` for a lesson's designed item, ``next/drawn``), the puzzle's key,
``<question kind>@<example>`` for a prediction, ``total`` or ``score`` for a call made in play
before a placement ("call it first": the end total after it, or whether it scores) or
``<players>p`` for a game; ``seed`` the position's seed (a puzzle's is 0, a prediction's the
replay step, a call's the game's); ``stars`` 0–3; ``tries`` the answers given; ``hints`` the
hints opened; ``rules`` the rules named in the feedback of the wrong tries; ``when`` an ISO 8601
time; for games ``points`` (the learner's score) and ``lost`` (the points lost by the learner's
decisions, as the review counts them, ``null`` when not reviewed). ``rules`` at the top level
sums up, per rule R1–R28, how many results practised it and how many missed it (the reader
checks its shape and numbers and recomputes it from the results).

:func:`read_results` refuses, with a :class:`ResultsError` whose message names the field, anything
that is not such a file: malformed JSON, another format or version, a field missing, unknown or
out of range, more than :data:`MAX_BYTES` or :data:`MAX_RESULTS`, stars more than
:func:`stars_allowed` gives for the tries and hints. It reads in time linear in the file's size.
Texts are cleaned as they are read (:func:`clean_text`: NFC, no control, invisible or
direction characters, no lone surrogate), and :func:`results_file` writes only what
:func:`read_results` reads: one set of limits for the writer and the reader
(:func:`within_limits` keeps, when a learner has more, the best and the latest result of every
item and the newest others).

The class report (:func:`class_data`, :func:`read_folder`) merges the files of one learner
(:func:`learner_key`: the same name up to case, spaces and invisible characters) into one row.

>>> r = Result("scoring_ends", "exercise", "total", 201001, stars=2, tries=2, rules=("R13",),
...            when="2026-12-01T08:55:12+00:00")
>>> text = results_file([r], learner="Mina", site="lab", saved="2026-12-01T09:00:00+00:00")
>>> read_results(text).results == (r,)
True
>>> merge([r], [r]) == [r]
True
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import functools
import hashlib
import io
import json
import os
import re
import stat
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.validate import MAX_SEED
from ..words.names import MAX_TEXT, clean_text, learner_key
from .course import (
    LESSONS,
    designed,
    lesson_item,
    lesson_items,
    lesson_of,
    migrate,
    number,
    rules_of,
    topic_of,
)
from .exercises import KINDS, MAX_STARS, stars_for

__all__ = [
    "FORMAT", "VERSION", "READS", "STORE_FORMAT", "MAX_BYTES", "MAX_RESULTS", "RULES",
    "ITEM_KINDS", "GAME_KINDS", "INTERVALS", "ResultsError", "Result", "ResultsFile", "merge",
    "record_of", "read_record", "results_file", "read_results", "store_value", "read_store",
    "Box",
    "LEGACY_RESULTS", "LEGACY_LEARNER", "LEGACY_BACKUP", "RESULT_ENTRY", "LEARNER_ENTRY",
    "BACKUP_ENTRY", "store_entry", "read_entry", "legacy_entries", "backup_entry", "compact",
    "schedule", "due", "practice_seed", "practice_topics", "cases_for", "designed_cases",
    "RuleState", "rule_states", "LessonState",
    "lesson_map", "next_step", "ClassData", "class_data", "file_name", "MAX_FILES",
    "MAX_TEXT", "clean_text", "learner_key", "stars_allowed", "within_limits", "read_folder",
    "read_roster", "read_file", "Content", "Learner", "ITEM_STATES", "item_state",
    "HANDIN_ENV", "HandInError", "handin_name", "hand_in", "first_tries",
]

FORMAT = "horserace_nb.results"
"""The results file's ``format`` field."""
STORE_FORMAT = "horserace_nb.store"
"""The ``format`` field of the value kept in the browser (``localStorage``)."""
VERSION = 2
"""The version of the results file written: version 2 names a result's lesson by its slug."""
READS = (1, 2)
"""The versions of the results file read: version 1 named a result's lesson by its number then
(:data:`~horserace_nb.teaching.course.LEGACY_NUMBERS`), read as the slug it meant."""
_STORE_VERSION = 1
MAX_BYTES = 2_000_000
"""The largest results file, in bytes of UTF-8, read by :func:`read_results` and written by
:func:`results_file` (a whole course is well under 100 KB); also the most one file of a class
report's folder or upload is read of."""
MAX_RESULTS = 10_000
"""The most results (items and games) in one results file, written or read."""
MAX_FILES = 5_000
"""The most files one class report reads (a folder's, or one upload's)."""
RULES: tuple[str, ...] = tuple(f"R{n}" for n in range(1, 29))
ITEM_KINDS = ("exercise", "puzzle", "predict", "call")
GAME_KINDS = ("hand", "match")
INTERVALS: tuple[int, ...] = (0, 1, 3, 7)
"""Days before a missed case comes back, by Leitner box 1–4: again the same day, the next day,
in three days, in a week. A miss puts it in box 1; a right answer when it is due moves it up
(out of the schedule after box 4); a half (right at the first try after one hint) keeps it where
it is, or puts a case not scheduled in box 2."""

_MAX_TRIES = 1000
_MAX_HINTS = 50
_MAX_POINTS = 100_000
_MAX_SEED = MAX_SEED  # what a browser keeps exactly: the bound every seed is made within
_MAX_TEXT = MAX_TEXT
_CASE = re.compile(r"[A-Za-z0-9_@.=/-]{1,40}")
_LESSON = re.compile(r"(?:\d{2}|[a-z][a-z0-9_]{0,39})?")
_WHEN = re.compile(r"\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?"
                   r"(?:Z|[+-]\d{2}:\d{2})?")
_RULE_SET = frozenset(RULES)
_FIELDS = ("lesson", "kind", "case", "seed", "stars", "tries", "hints", "rules", "when")
_GAME_FIELDS = ("points", "lost")
_TOP = ("format", "version", "learner", "site", "saved", "results", "rules", "games")


class ResultsError(ValueError):
    """A results file or a stored value that cannot be read; the message names the field.

    :attr:`code` says why in a word, for a sentence in the reader's language: ``large``,
    ``json`` (not JSON text), ``format`` (not a results file), ``version`` (another version)
    or ``field`` (:attr:`field` missing, unknown or out of range); for a file of a folder,
    ``link`` (a symbolic link, not followed), ``folder``, ``special`` (a FIFO, socket or
    device), ``denied`` (no permission), ``unreadable`` (another error) or ``many`` (past
    :data:`MAX_FILES`).
    """

    def __init__(self, message: str, *, code: str = "field", field: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.field = field or message.split(":", 1)[0]


@dataclass(frozen=True)
class Result:
    """One item done (see the module's documentation for the fields)."""

    lesson: str
    kind: str
    case: str
    seed: int
    stars: int = 0
    tries: int = 0
    hints: int = 0
    rules: tuple[str, ...] = ()
    when: str = ""
    points: int | None = None
    lost: int | None = None

    @property
    def item(self) -> tuple[str, str, int]:
        """What was asked: ``(kind, case, seed)``."""
        return self.kind, self.case, self.seed

    @property
    def key(self) -> tuple[str, str, str, int, str]:
        """The result's identity: the same item done at the same time."""
        return self.lesson, self.kind, self.case, self.seed, self.when

    @property
    def is_game(self) -> bool:
        return self.kind in GAME_KINDS

    @property
    def missed(self) -> bool:
        """Not right at the first try (a game is never a miss)."""
        return not self.is_game and self.stars < MAX_STARS

    @property
    def half(self) -> bool:
        """Right at the first try after one hint: half a miss, not a miss, for the Leitner
        schedule (:func:`schedule`)."""
        return (not self.is_game and self.tries == 1 and self.hints == 1
                and self.stars == MAX_STARS - 1)

    @property
    def day(self) -> dt.date:
        return dt.date.fromisoformat(self.when[:10])

    def rank(self) -> tuple[int, int, int, int, str]:
        """Orders two copies of one result: more stars, then fewer tries, then fewer hints
        are better, then a game whose points lost are known (then the text, so that the
        order is total; ``store.js`` orders them alike)."""
        return (self.stars, -self.tries, -self.hints, int(self.lost is not None),
                _dump(record_of(self)))


def record_of(result: Result) -> dict[str, Any]:
    """The result as a JSON object (the results file's and the browser's form)."""
    out: dict[str, Any] = {"lesson": result.lesson, "kind": result.kind, "case": result.case,
                           "seed": result.seed, "stars": result.stars, "tries": result.tries,
                           "hints": result.hints, "rules": list(result.rules),
                           "when": result.when}
    if result.is_game:
        out["points"] = result.points
        out["lost"] = result.lost
    return out


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ResultsError(f"{where}: a whole number from {low} to {high}, not {_short(value)}")
    return value


def stars_allowed(tries: int, hints: int) -> int:
    """The most stars an item answered *tries* times with *hints* hints opened can have: what
    the widgets award when its last try solves it (:func:`~horserace_nb.teaching.exercises.
    stars_for`); 0 without a try (the answer shown). Fewer stars are possible (the answer
    shown first, a hint not recorded).

    >>> stars_allowed(1, 0), stars_allowed(2, 0), stars_allowed(7, 5), stars_allowed(0, 0)
    (3, 2, 1, 0)
    """
    return stars_for(tries, tries > 0, False, hints)


def _text(value: Any, where: str, pattern: re.Pattern[str] | None = None) -> str:
    if not isinstance(value, str) or len(value) > _MAX_TEXT or (
            pattern is not None and not _matches(pattern, value)):
        raise ResultsError(f"{where}: not a valid value ({_short(value)})")
    return value


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


@functools.lru_cache(maxsize=4096)
def _is_day(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=4096)
def _matches(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.fullmatch(text) is not None


def _when(value: Any, where: str) -> str:
    text = _text(value, where)
    if not _WHEN.fullmatch(text):  # the time's ranges are in the pattern
        raise ResultsError(f"{where}: not a valid value ({_short(value)})")
    if not _is_day(text[:10]):
        raise ResultsError(f"{where}: not a date and time ({_short(value)})")
    return text


def read_record(value: Any, where: str = "result") -> Result:
    """One result from its JSON object.

    :raises ResultsError: naming the field that is missing, unknown or out of range.
    """
    if not isinstance(value, dict):
        raise ResultsError(f"{where}: an object, not {_short(value)}")
    kind = value.get("kind")
    if kind not in ITEM_KINDS + GAME_KINDS:
        raise ResultsError(f"{where}.kind: one of {', '.join(ITEM_KINDS + GAME_KINDS)}, not "
                           f"{_short(kind)}")
    names = _FIELDS + (_GAME_FIELDS if kind in GAME_KINDS else ())
    if len(value) != len(names) or not value.keys() <= set(names):
        for name in value:
            if name not in names:
                raise ResultsError(f"{where}: unknown field {_short(name)}")
        for name in names:
            if name not in value:
                raise ResultsError(f"{where}.{name}: missing")
    rules = value["rules"]
    if not isinstance(rules, list) or len(rules) > len(RULES):
        raise ResultsError(f"{where}.rules: a list of rules R1–R28, not {_short(rules)}")
    for rule in rules:
        if not isinstance(rule, str) or rule not in _RULE_SET:
            raise ResultsError(f"{where}.rules: R1–R28, not {_short(rule)}")
    if len(set(rules)) != len(rules):
        raise ResultsError(f"{where}.rules: a rule named twice")
    points = lost = None
    if kind in GAME_KINDS:
        points = None if value["points"] is None else _int(value["points"], f"{where}.points",
                                                           0, _MAX_POINTS)
        lost = None if value["lost"] is None else _int(value["lost"], f"{where}.lost", 0,
                                                       _MAX_POINTS)
    stars, tries, hints, seed = value["stars"], value["tries"], value["hints"], value["seed"]
    lesson, case, when = value["lesson"], value["case"], value["when"]
    if not (type(stars) is int and 0 <= stars <= MAX_STARS  # the usual case, quickly
            and type(tries) is int and 0 <= tries <= _MAX_TRIES
            and type(hints) is int and 0 <= hints <= _MAX_HINTS
            and type(seed) is int and -_MAX_SEED <= seed <= _MAX_SEED):
        stars = _int(stars, f"{where}.stars", 0, MAX_STARS)
        tries = _int(tries, f"{where}.tries", 0, _MAX_TRIES)
        hints = _int(hints, f"{where}.hints", 0, _MAX_HINTS)
        seed = _int(seed, f"{where}.seed", -_MAX_SEED, _MAX_SEED)
    if stars > stars_allowed(tries, hints):
        raise ResultsError(f"{where}.stars: at most {stars_allowed(tries, hints)} with {tries} "
                           f"tries and {hints} hints, not {stars}")
    if not (type(lesson) is str and len(lesson) <= 40 and _matches(_LESSON, lesson)):
        _text(lesson, f"{where}.lesson", _LESSON)
    lesson = migrate(lesson)  # a lesson's number of version 1: its slug
    if not (type(case) is str and len(case) <= _MAX_TEXT and _matches(_CASE, case)):
        _text(case, f"{where}.case", _CASE)
    if not (type(when) is str and len(when) <= _MAX_TEXT and _WHEN.fullmatch(when)
            and _is_day(when[:10])):
        _when(when, f"{where}.when")
    return Result(lesson=lesson, kind=kind, case=case, seed=seed, stars=stars, tries=tries,
                  hints=hints, rules=tuple(rules), when=when, points=points, lost=lost)


def merge(*lists: Iterable[Result]) -> list[Result]:
    """All the results of *lists*, each once: when one result (same :attr:`~Result.key`) comes
    twice, the better copy (:meth:`~Result.rank`). Idempotent, commutative and associative;
    sorted by time.

    >>> a = Result("02", "exercise", "open", 101000, stars=1, tries=3, when="2026-12-01T09:00:00")
    >>> b = Result("02", "exercise", "open", 101000, stars=3, tries=1, when="2026-12-01T09:00:00")
    >>> merge([a], [b]) == merge([b], [a]) == [b]
    True
    """
    best: dict[tuple[str, str, str, int, str], Result] = {}
    for results in lists:
        for result in results:
            old = best.get(result.key)
            if old is None or result.rank() > old.rank():
                best[result.key] = result
    return sorted(best.values(), key=lambda r: (r.when, r.key))


# ------------------------------------------------------------------------------ files
@dataclass(frozen=True)
class ResultsFile:
    """A results file as read: who, where, when saved, and the results (games included)."""

    learner: str
    site: str
    saved: str
    results: tuple[Result, ...]
    name: str = ""
    """Where it was read from (a file name), for the class report."""


def _rule_counts(results: Sequence[Result]) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for state in rule_states(results):
        if state.practised:
            counts[state.rule] = {"practised": state.practised, "missed": state.missed}
    return counts


_RESERVE = 4096
"""Bytes of a results file kept for all but its results: the names, the dates, the rules."""


def _size(result: Result) -> int:
    """The bytes *result* takes in a results file or the browser's value (with a separator)."""
    return len(_dump(record_of(result)).encode("utf-8")) + 4


def _writable(result: Result) -> Result | None:
    """*result* as :func:`read_record` reads it (stars no more than :func:`stars_allowed`),
    or ``None`` if it cannot be read at all."""
    allowed = stars_allowed(result.tries, result.hints)
    if result.stars > allowed:
        result = replace(result, stars=allowed)
    try:
        return read_record(record_of(result))
    except ResultsError:
        return None


def within_limits(results: Iterable[Result], *, count: int = MAX_RESULTS,
                  size: int = MAX_BYTES - _RESERVE) -> list[Result]:
    """The results (merged, in time order) that a results file keeps: all of them when they
    fit in *count* results and *size* bytes (:data:`MAX_RESULTS`, :data:`MAX_BYTES`);
    otherwise first the best, the first and the latest result of every lesson item (the lesson
    map and its first tries), then
    those of the other items, then the others, the newest first in each, while they fit.
    Results :func:`read_record` would refuse are left out (stars above :func:`stars_allowed`
    are brought down to it). The writer (:func:`results_file`) and the browser's store use
    it, so that nothing written is refused when it is read back.

    >>> many = [Result("", "exercise", "total", s, stars=3, tries=1,
    ...                when=f"2026-12-01T09:{s // 60:02d}:{s % 60:02d}") for s in range(100)]
    >>> [r.seed for r in within_limits(many, count=3)]
    [97, 98, 99]
    """
    merged = [r for r in (_writable(r) for r in merge(results)) if r is not None]
    if len(merged) <= count and sum(_size(r) for r in merged) <= size:
        return merged
    best: dict[tuple[str, str, int], Result] = {}
    latest: dict[tuple[str, str, int], Result] = {}
    earliest: dict[tuple[str, str, int], Result] = {}  # (a lesson item's first try)
    for result in merged:
        if not result.is_game:
            old = best.get(result.item)
            if old is None or result.rank() > old.rank():
                best[result.item] = result
            latest[result.item] = result
            earliest.setdefault(lesson_item(result.item), result)
    first = {r.key: r for r in (*best.values(), *latest.values(), *earliest.values())}

    def tier(result: Result) -> int:
        if result.key not in first:
            return 2
        return 0 if result.lesson else 1

    ordered = sorted(reversed(merged), key=tier)  # the newest first in each tier
    kept: list[Result] = []
    used = 0
    for result in ordered:
        used += _size(result)
        if len(kept) >= count or used > size:
            break
        kept.append(result)
    return merge(kept)


def _list(records: Sequence[str]) -> str:
    return "[\n  " + ",\n  ".join(records) + "\n ]" if records else "[]"


def results_file(results: Iterable[Result], *, learner: str = "", site: str = "",
                 saved: str) -> str:
    """The results file (JSON text, version :data:`VERSION`) for *results*: one result a line,
    never more than :func:`read_results` reads (:func:`within_limits`)."""
    kept = within_limits(results)
    head = {"format": FORMAT, "version": VERSION, "learner": clean_text(learner),
            "site": clean_text(site), "saved": saved}
    items = [_dump(record_of(r)) for r in kept if not r.is_game]
    games = [_dump(record_of(r)) for r in kept if r.is_game]
    return ("{\n" + "".join(f" {_dump(k)}: {_dump(v)},\n" for k, v in head.items())
            + f' "results": {_list(items)},\n "rules": {_dump(_rule_counts(kept))},\n'
            + f' "games": {_list(games)}\n}}\n')


def _load(text: str | bytes, limit: int) -> Any:
    if len(text) > limit or (isinstance(text, str) and  # a character is 1 to 4 bytes
                             len(text.encode("utf-8", "surrogatepass")) > limit):
        raise ResultsError(f"file: larger than {limit // 1000} KB; not a results file",
                           code="large")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ResultsError("file: not UTF-8 text", code="json") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ResultsError("file: nested too deeply; not a results file", code="json") from None
    except ValueError as exc:
        raise ResultsError(f"file: not JSON ({str(exc)[:60]})", code="json") from None


def _envelope(data: Any, fmt: str, names: Sequence[str]) -> dict[str, Any]:
    versions = READS
    if not isinstance(data, dict):
        raise ResultsError(f"file: a JSON object with format {fmt!r}, not {_short(data)}",
                           code="format")
    if data.get("format") != fmt:
        raise ResultsError(f"format: {fmt!r} expected, not {_short(data.get('format'))}",
                           code="format")
    if type(data.get("version")) is not int or data.get("version") not in versions:
        raise ResultsError(f"version: {versions[-1]} expected (this package reads version "
                           f"{' and '.join(map(str, versions))}), not "
                           f"{_short(data.get('version'))}", code="version")
    for name in data:
        if name not in names:
            raise ResultsError(f"file: unknown field {_short(name)}")
    return data


def _records(value: Any, where: str, games: bool | None) -> list[Result]:
    if not isinstance(value, list):
        raise ResultsError(f"{where}: a list, not {_short(value)}")
    if len(value) > MAX_RESULTS:
        raise ResultsError(f"{where}: more than {MAX_RESULTS} results", code="large")
    out = []
    for i, entry in enumerate(value):
        result = read_record(entry, f"{where}[{i}]")
        if games is not None and result.is_game != games:
            raise ResultsError(f"{where}[{i}].kind: {result.kind!r} belongs in "
                               f"{'games' if result.is_game else 'results'}")
        out.append(result)
    return out


def read_results(text: str | bytes, *, name: str = "") -> ResultsFile:
    """Read a results file.

    :raises ResultsError: for anything that is not a results file of this version, naming the
        field (linear in the size of *text*; nothing else is raised).
    """
    data = _envelope(_load(text, MAX_BYTES), FORMAT, _TOP)
    for needed in _TOP:
        if needed not in data:
            raise ResultsError(f"{needed}: missing")
    learner = data["learner"]
    if not isinstance(learner, str) or len(learner) > _MAX_TEXT:
        raise ResultsError(f"learner: a name of at most {_MAX_TEXT} characters")
    site = data["site"]
    if not isinstance(site, str) or len(site) > _MAX_TEXT:
        raise ResultsError(f"site: a text of at most {_MAX_TEXT} characters")
    learner, site = clean_text(learner), clean_text(site)
    saved = _when(data["saved"], "saved")
    results = _records(data["results"], "results", False)
    games = _records(data["games"], "games", True)
    if len(results) + len(games) > MAX_RESULTS:
        raise ResultsError(f"results: more than {MAX_RESULTS} results", code="large")
    _check_summary(data["rules"])
    merged = merge(results, games)
    return ResultsFile(learner, site, saved, tuple(merged), clean_text(name, 255))


def _check_summary(summary: Any) -> None:
    """The per-rule summary: its shape and numbers (the report recomputes it from the results,
    which the rules of a later version may count differently)."""
    if not isinstance(summary, dict):
        raise ResultsError(f"rules: an object, not {_short(summary)}")
    for rule, counts in summary.items():
        if rule not in RULES:
            raise ResultsError(f"rules: R1–R28, not {_short(rule)}")
        if not isinstance(counts, dict) or set(counts) != {"practised", "missed"}:
            raise ResultsError(f"rules.{rule}: an object with practised and missed")
        practised = _int(counts["practised"], f"rules.{rule}.practised", 0, MAX_RESULTS)
        _int(counts["missed"], f"rules.{rule}.missed", 0, practised)


# ------------------------------------------------------------------------------ the store
# The browser keeps a site's results under keys of their own (see widgets/store.py): the
# functions below are the store's rules, in Python (the front end only writes, removes what
# it is told and reports).
LEGACY_RESULTS = "horserace_nb.results.v1"
"""The one value that held every result before per-result keys (read once, copied into the
site's keys, then removed)."""
LEGACY_LEARNER = "horserace_nb.learner"
LEGACY_BACKUP = "horserace_nb.backup."
RESULT_ENTRY = "r."
"""A stored result's key within the site's keys: ``r.`` and a hash of its text."""
LEARNER_ENTRY = "learner"
BACKUP_ENTRY = "backup."


def store_entry(result: Result) -> tuple[str, str]:
    """The key (within the site's keys) and the text under which *result* is kept: the key is
    a hash of the text, so that one key only ever holds one text (two tabs that write at
    once write different keys, or the same text under the same key: nothing is overwritten).

    >>> r = Result("", "exercise", "total", 7, stars=3, tries=1, when="2026-12-01T09:00:00")
    >>> key, text = store_entry(r)
    >>> key.startswith("r.") and read_entry(key, text) == r
    True
    """
    return _entry(RESULT_ENTRY, _dump(record_of(result)))


def _entry(kind: str, text: str) -> tuple[str, str]:
    return kind + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20], text


def read_entry(key: str, text: Any) -> Result | None:
    """The result kept under *key*, or ``None`` when its text cannot be read."""
    if not key.startswith(RESULT_ENTRY) or not isinstance(text, str) or len(text) > 10_000:
        return None
    try:
        return read_record(json.loads(text))
    except (ValueError, RecursionError):  # ResultsError is a ValueError
        return None


def legacy_entries(text: Any) -> list[tuple[str, str]] | None:
    """The entries that keep every record of the old single value
    (:data:`LEGACY_RESULTS`, whose text is :func:`store_value`'s), one key each; a record that
    cannot be read is kept as it was, under a key of its own (shown as not read, never lost).
    ``None`` when the value itself cannot be read (not JSON, another format or version): it is
    then copied whole to a backup (:func:`backup_entry`)."""
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict) or value.get("format") != STORE_FORMAT or \
            value.get("version") != _STORE_VERSION or type(value.get("version")) is not int or \
            not isinstance(value.get("results"), list):
        return None
    out = []
    for record in value["results"]:
        try:
            out.append(store_entry(read_record(record)))
        except ResultsError:
            out.append(_entry(RESULT_ENTRY, _dump(record)))
    return out


def backup_entry(text: str) -> tuple[str, str]:
    """The entry that sets aside a stored value that cannot be read (``backup.`` and a hash of
    the text: the same value is set aside once)."""
    return _entry(BACKUP_ENTRY, text)


def store_value(results: Iterable[Result]) -> str:
    """The old single value (:data:`LEGACY_RESULTS`), as browsers kept it before per-result
    keys (what :func:`legacy_entries` reads)."""
    return _dump({"format": STORE_FORMAT, "version": _STORE_VERSION,
                  "results": [record_of(r) for r in merge(results)]})


def read_store(records: Any) -> tuple[list[Result], int]:
    """The results of a list of records, and how many could not be read (those are left
    out: one bad record never hides the others); past :data:`MAX_RESULTS`, the newest."""
    if not isinstance(records, list):
        return [], 0
    good, bad = [], 0
    for entry in records:
        try:
            good.append(read_record(entry))
        except ResultsError:
            bad += 1
    return merge(good)[-MAX_RESULTS:], bad


@functools.lru_cache(maxsize=1 << 16)
def _file_bytes(result: Result) -> int:
    """About the bytes *result* takes in a results file (indented as :func:`results_file`)."""
    text = json.dumps(record_of(result), ensure_ascii=False, indent=1)
    return len(text.encode("utf-8", "surrogatepass")) + 3 * (text.count("\n") + 1) + 2


_SAVED = "2026-12-01T09:00:00.000+00:00"


def _fits(results: Sequence[Result], count: int, size: int) -> bool:
    if len(results) > count:
        return False
    if sum(_file_bytes(r) for r in results) <= size * 9 // 10:
        return True  # (clearly under: the file is not written to be measured)
    wide = "\U0001F600" * _MAX_TEXT  # (the widest name and site: 4 bytes a letter)
    text = results_file(results, learner=wide, site=wide, saved=_SAVED)
    return len(text.encode("utf-8", "surrogatepass")) <= size


def compact(results: Iterable[Result], *, count: int = MAX_RESULTS,
            size: int = MAX_BYTES) -> list[Result]:
    """What the browser keeps of *results*: all of them (:func:`merge`) while their results
    file holds at most *count* results and *size* bytes, the limits :func:`read_results`
    reads (:data:`MAX_RESULTS`, :data:`MAX_BYTES`). Past either, about a tenth is let go, so
    that this happens seldom; kept are first what the learner's map and schedule need:

    - the best result of every lesson item (the lesson map's stars never drop) and its first
      (:func:`first_tries` stays as it was);
    - for every case still in the Leitner :func:`schedule`, its last miss and every result
      after it (the schedule stays as it is);

    then the newest results. So the newest are always kept (and read back); what goes first is
    the oldest results of items already counted at their best: the counts of games,
    predictions and rules practised then cover the results kept. Sorted by time.

    >>> old = [Result("", "exercise", "total", n, stars=3, tries=1,
    ...               when=f"2026-12-01T09:{n:02d}:00") for n in range(60)]
    >>> [r.seed for r in compact(old, count=50)][:2], len(compact(old, count=50))
    ([15, 16], 45)
    """
    merged = merge(results)
    if _fits(merged, count, size):
        return merged
    items = {item for lesson in LESSONS for item in lesson_items(lesson)}
    needed: dict[tuple[str, str, str, int, str], Result] = {}
    best: dict[tuple[str, str, int], Result] = {}
    for result in merged:
        if lesson_item(result.item) in items and (
                result.item not in best or result.rank()[:4] > best[result.item].rank()[:4]):
            best[result.item] = result
    for result in best.values():
        needed[result.key] = result
    earliest: dict[tuple[str, str, int], Result] = {}
    for result in merged:  # (in time order: the first result of every lesson item)
        if lesson_item(result.item) in items:
            earliest.setdefault(lesson_item(result.item), result)
    for result in earliest.values():  # the first try stays what it was
        needed[result.key] = result
    waiting = schedule(merged)
    since: dict[str, list[Result]] = {}
    for result in merged:
        for topic in practice_topics(result):
            if topic in waiting:
                restart = result.missed and not result.half  # (a half keeps the box it finds)
                since[topic] = [result] if restart else [*since.get(topic, []), result]
    for kept in since.values():
        for result in kept:
            needed[result.key] = result
    rest = [r for r in reversed(merged) if r.key not in needed]
    ordered = sorted(needed.values(), key=lambda r: (r.when, r.key), reverse=True) + rest
    limit, budget = count * 9 // 10, size * 9 // 10
    kept, used = [], 0
    for result in ordered:
        used += _file_bytes(result)
        if len(kept) >= limit or used > budget:
            break
        kept.append(result)
    out = merge(kept)
    while out and not _fits(out, count, size):  # (the estimate was short: rarely, if ever)
        drop = {r.key for r in kept[len(kept) * 19 // 20:]}
        kept = [r for r in kept if r.key not in drop]
        out = merge(kept)
    return out


def file_name(learner: str, day: dt.date) -> str:
    """The downloaded file's name: ``horserace-results-Mina-2026-12-01.json`` (letters of any
    script kept, other signs dropped).

    >>> file_name("민아 K.", dt.date(2026, 12, 1))
    'horserace-results-민아-K-2026-12-01.json'
    """
    words = re.findall(r"\w+", learner)
    name = "-".join(words)[:40] or "learner"
    return f"horserace-results-{name}-{day.isoformat()}.json"


# ------------------------------------------------------------------------------ Leitner
@dataclass(frozen=True)
class Box:
    """Where a missed topic stands in the Leitner schedule: a designed case ``"<kind>/<case>"``
    (:func:`practice_topics`)."""

    topic: str
    box: int
    """1–4 (see :data:`INTERVALS`)."""
    due: dt.date


@functools.cache
def designed_cases() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every designed case ``"<kind>/<case>"`` with the rules it turns on: the lessons' items
    in teaching order (:func:`~horserace_nb.teaching.course.designed`), then the other cases
    of every exercise kind."""
    out: dict[str, tuple[str, ...]] = {}
    for slug in LESSONS:
        for kind, case in designed(slug):
            out.setdefault(f"{kind}/{case}", rules_of("exercise", f"{kind}/{case}"))
    for kind, cls in KINDS.items():
        for case, rules in cls.cases.items():
            out.setdefault(f"{kind}/{case}", tuple(rules))
    return tuple(out.items())


def cases_for(rules: Iterable[str], kind: str = "") -> tuple[str, ...]:
    """For each of *rules* in turn, the designed case that practises it most narrowly: one of
    *kind* first, then the one that turns on the fewest rules, then the first in teaching order
    (each case once).

    >>> cases_for(["R18"]), cases_for(["R13", "R15"], "score")
    (('next/drawn',), ('score/no_score', 'score/opening'))
    """
    cases = designed_cases()
    chosen: list[str] = []
    for rule in rules:
        ranked = [(topic.split("/", 1)[0] != kind, len(turns_on), i, topic)
                  for i, (topic, turns_on) in enumerate(cases) if rule in turns_on]
        if ranked:
            topic = min(ranked)[3]
            if topic not in chosen:
                chosen.append(topic)
    return tuple(chosen)


def practice_topics(result: Result) -> tuple[str, ...]:
    """The designed cases (``"<kind>/<case>"``) that practise what *result* asked, in fresh
    positions: a designed item's own case; for a puzzle, the cases of its rules; for a
    prediction, a call made in play or an exercise of any position, the cases of the rules its
    wrong tries named (of all the rules it practises, when it named none or was right), of its
    own kind first (:func:`cases_for`); none for a game.

    >>> practice_topics(Result("05", "exercise", "settle/round_down", 501001))
    ('settle/round_down',)
    >>> practice_topics(Result("09", "puzzle", "drawn_tile", 0))
    ('next/drawn',)
    >>> practice_topics(Result("03", "predict", "total@sequence", 4, rules=("R14",)))
    ('total/interior',)
    """
    if result.is_game:
        return ()
    designed = dict(designed_cases())
    if result.kind == "exercise" and result.case in designed:
        return (result.case,)
    rules = rules_of(result.kind, result.case)
    if result.kind != "puzzle" and result.missed and result.rules:
        rules = result.rules
    return cases_for(rules, topic_of(result.kind, result.case) or "")


def schedule(results: Iterable[Result]) -> dict[str, Box]:
    """The Leitner boxes of the cases missed and not yet learnt, per designed case
    (:func:`practice_topics`), from the results in time order: a miss puts each of its cases in
    box 1 (due that day); a right answer on or after its due day moves it up one box (due
    :data:`INTERVALS` days later), and right in box 4 takes it out; a half (right at the first
    try after one hint, :attr:`Result.half`) keeps a case where it is (due again after its
    box's days), or puts a case not scheduled in box 2 (due the next day).

    >>> miss = Result("", "exercise", "total/singles", 1, stars=1, tries=3,
    ...               when="2026-12-01T09:00:00")
    >>> schedule([miss])["total/singles"].box
    1
    >>> right = Result("", "exercise", "total/singles", 2, stars=3, tries=1,
    ...                when="2026-12-01T09:10:00")
    >>> schedule([miss, right])["total/singles"]
    Box(topic='total/singles', box=2, due=datetime.date(2026, 12, 2))
    """
    boxes: dict[str, Box] = {}
    for result in merge(results):
        day = result.day
        for topic in practice_topics(result):
            box = boxes.get(topic)
            if result.half:
                if box is None:
                    boxes[topic] = Box(topic, 2, day + dt.timedelta(days=INTERVALS[1]))
                elif day >= box.due:
                    boxes[topic] = Box(topic, box.box,
                                       day + dt.timedelta(days=INTERVALS[box.box - 1]))
                continue
            if result.missed:
                boxes[topic] = Box(topic, 1, day)
                continue
            if box is None or day < box.due:
                continue
            if box.box == len(INTERVALS):
                del boxes[topic]
            else:
                boxes[topic] = Box(topic, box.box + 1,
                                   day + dt.timedelta(days=INTERVALS[box.box]))
    return boxes


def due(results: Iterable[Result], today: dt.date) -> list[Box]:
    """The topics due on *today* (their box's day has come), the lowest box first."""
    return sorted((b for b in schedule(results).values() if b.due <= today),
                  key=lambda b: (b.box, b.due, b.topic))


def practice_seed(results: Iterable[Result]) -> int:
    """A seed for a set of practice exercises that no result has used: the positions drawn from
    it (``seed * 1000 + i``) are fresh, never one seen before."""
    base = 900_000
    for result in results:
        if result.kind == "exercise" and result.seed >= base * 1000:
            base = max(base, result.seed // 1000 + 1)
    return base


# ------------------------------------------------------------------------------ rules and map
@dataclass(frozen=True)
class RuleState:
    """How a rule stands: ``new`` (never practised), ``missed`` (missed in one of its last three
    results), ``mastered`` (three results or more, none of the last three missed it) or
    ``practised``."""

    rule: str
    practised: int
    missed: int
    state: str


_LATELY = 3


def _misses(result: Result) -> set[str]:
    """The rules a result missed: those named in a wrong try's feedback, or all the item's
    rules for a miss that named none (the answer shown without trying)."""
    if not result.missed:
        return set()
    return set(result.rules) or set(rules_of(result.kind, result.case))


def rule_states(results: Iterable[Result]) -> list[RuleState]:
    """The state of every rule R1–R28 from *results*."""
    history: dict[str, list[bool]] = {rule: [] for rule in RULES}
    for result in merge(results):
        missed = _misses(result)
        for rule in set(rules_of(result.kind, result.case)) | missed:
            if rule in history:
                history[rule].append(rule in missed)
    out = []
    for rule in RULES:
        seen = history[rule]
        lately = seen[-_LATELY:]
        state = ("new" if not seen else "missed" if any(lately)
                 else "mastered" if len(seen) >= _LATELY else "practised")
        out.append(RuleState(rule, len(seen), sum(seen), state))
    return out


@dataclass(frozen=True)
class LessonState:
    """A lesson on the map: stars won of the stars possible, the items not done yet (not
    solved), and the games and predictions done."""

    lesson: str
    stars: int
    possible: int
    not_done: tuple[tuple[str, str, int], ...]
    games: int = 0
    predictions: int = 0
    first: int = 0
    """The items right at the first try: the first answer ever given to the item (in any
    position of it) right, without a hint (:func:`first_tries`)."""

    @property
    def items(self) -> int:
        """How many items the lesson has that earn stars."""
        return self.possible // MAX_STARS

    @property
    def started(self) -> bool:
        return self.stars > 0 or self.games > 0 or self.predictions > 0 or (
            len(self.not_done) < len(lesson_items(self.lesson)))


def _best(results: Iterable[Result]) -> dict[tuple[str, str, int], int]:
    best: dict[tuple[str, str, int], int] = {}
    for result in results:
        item = lesson_item(result.item)
        best[item] = max(best.get(item, -1), result.stars)
    return best


def first_tries(results: Iterable[Result]) -> dict[tuple[str, str, int], bool]:
    """Per lesson item done (a learner's own position counts as its item:
    :func:`~horserace_nb.teaching.course.lesson_item`), whether its first result in time was
    right at the first try without a hint (all the stars): what the learner knew, not what
    practice, a neighbour's answer or memory brought later.

    >>> first = Result("", "exercise", "total/singles", 301004, stars=1, tries=3,
    ...                when="2026-12-01T09:00:00")
    >>> again = Result("", "exercise", "total/singles", 301004, stars=3, tries=1,
    ...                when="2026-12-01T09:05:00")
    >>> first_tries([again, first])
    {('exercise', 'total/singles', 301004): False}
    """
    out: dict[tuple[str, str, int], bool] = {}
    for result in merge(results):
        if not result.is_game:
            out.setdefault(lesson_item(result.item), result.stars >= MAX_STARS)
    return out


def lesson_map(results: Iterable[Result]) -> list[LessonState]:
    """Every lesson of :data:`~horserace_nb.teaching.course.LESSONS`: its best stars per item
    (a better try never loses to a worse one), what is not solved yet."""
    results = list(results)
    best = _best(results)
    first = first_tries(results)
    counts = Counter((lesson_of(*r.item), r.kind in GAME_KINDS, r.kind == "predict")
                     for r in results)
    out = []
    for lesson in LESSONS:
        items = lesson_items(lesson)
        stars = sum(max(0, best.get(item, 0)) for item in items)
        not_done = tuple(item for item in items if best.get(item, 0) <= 0)
        out.append(LessonState(lesson, stars, MAX_STARS * len(items), not_done,
                               games=counts[(lesson, True, False)],
                               predictions=counts[(lesson, False, True)],
                               first=sum(1 for item in items if first.get(item))))
    return out


def next_step(results: Iterable[Result], today: dt.date) -> tuple[str, dict[str, Any]]:
    """What to do next, as a catalog key and its parameters: the mistakes due first, then the
    first lesson not finished, else a game.

    >>> next_step([], dt.date(2026, 12, 1)) == ("progress.next_lesson", {"lesson": LESSONS[0]})
    True
    """
    results = list(results)
    waiting = due(results, today)
    if waiting:
        return "progress.next_practise", {"count": len(waiting)}
    for state in lesson_map(results):
        if state.not_done or (state.possible == 0 and not state.games):
            return "progress.next_lesson", {"lesson": state.lesson}
    return "progress.next_play", {}


# ------------------------------------------------------------------------------ the class
ITEM_STATES = ("first", "later", "missed", "")
"""How a learner stands on one lesson item, in the class report's grid: right at the first try
(the first answer ever given to it right, without a hint: :func:`first_tries`), right later
(after more tries, hints or another go), missed (done, never solved), or not done (``""``)."""


def item_state(best: int | None, first: bool | None = None) -> str:
    """The state (:data:`ITEM_STATES`) of an item whose best stars are *best* (``None``: not
    done) and whose first result was right at the first try (*first*; ``None``: as *best*
    says).

    >>> item_state(3), item_state(3, first=False), item_state(0), item_state(None)
    ('first', 'later', 'missed', '')
    """
    if best is None:
        return ""
    if first is None:
        first = best >= MAX_STARS
    return "first" if first else "later" if best > 0 else "missed"


@dataclass(frozen=True)
class Learner:
    """One learner of the class report: the files of one name (:func:`learner_key`) merged."""

    name: str
    """The name shown (the newest file's)."""
    key: str
    files: tuple[str, ...]
    """The files merged, in the order read."""
    results: tuple[Result, ...]


@dataclass
class ClassData:
    """A class's results files: the files read (in the order given), the files refused with
    their reasons, the roster; one row per learner (:meth:`rows`: the files of one learner
    merged) and what the report shows."""

    files: list[ResultsFile] = field(default_factory=list)
    refused: list[tuple[str, ResultsError]] = field(default_factory=list)
    roster: tuple[str, ...] = ()
    _rows: list[Learner] | None = field(default=None, repr=False, compare=False)
    _maps: dict[int, list[LessonState]] = field(default_factory=dict, repr=False,
                                                compare=False)
    _grid: list[tuple[str, list[str]]] | None = field(default=None, repr=False, compare=False)

    def rows(self) -> list[Learner]:
        """The learners, in the order of their first file: the files of one name (up to case,
        spaces, invisible characters: :func:`learner_key`) merged into one row; a file without
        a name is a learner of its own, shown by its file's name (computed once)."""
        if self._rows is None:
            groups: dict[str, list[ResultsFile]] = {}
            for f in self.files:
                key = learner_key(f.learner)
                groups.setdefault(key or "\0" + f.name + "\0" + str(len(groups)), []).append(f)
            self._rows = [
                Learner(max(group, key=lambda f: f.saved).learner or group[0].name, key,
                        tuple(f.name for f in group),
                        tuple(group[0].results if len(group) == 1
                              else merge(*(f.results for f in group))))
                for key, group in groups.items()]
        return self._rows

    def lessons(self, index: int) -> list[LessonState]:
        """The lesson map of learner *index* (computed once)."""
        if index not in self._maps:
            self._maps[index] = lesson_map(self.rows()[index].results)
        return self._maps[index]

    def learners(self) -> list[str]:
        return [row.name for row in self.rows()]

    def merged(self) -> list[tuple[str, tuple[str, ...]]]:
        """The learners whose files were merged: (name, the files)."""
        return [(row.name, row.files) for row in self.rows() if len(row.files) > 1]

    def table(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Learner × lesson: (stars, possible) per lesson of the map."""
        return [(name, [(s.stars, s.possible) for s in self.lessons(i)])
                for i, name in enumerate(self.learners())]

    def items(self) -> list[tuple[str, tuple[str, str, int]]]:
        """The lesson items of the grid, in lesson order: (lesson, item)."""
        return [(lesson, item) for lesson in LESSONS for item in lesson_items(lesson)]

    def grid(self) -> list[tuple[str, list[str]]]:
        """Learner × lesson item (:meth:`items`): each item's state (:data:`ITEM_STATES`)
        (computed once)."""
        if self._grid is None:
            self._grid = self._states()
        return self._grid

    def _states(self) -> list[tuple[str, list[str]]]:
        items = [item for _, item in self.items()]
        out = []
        for row in self.rows():
            best: dict[tuple[str, str, int], int] = {}
            for result in row.results:
                if not result.is_game:
                    item = lesson_item(result.item)
                    best[item] = max(best.get(item, 0), result.stars)
            first = first_tries(row.results)
            out.append((row.name, [item_state(best.get(item), first.get(item, False))
                                   for item in items]))
        return out

    def rules_missed(self, top: int = 10) -> list[tuple[str, int]]:
        """The rules most missed across the class: (rule, misses), most first (a result in
        two files of one learner counts once)."""
        counts: Counter[str] = Counter()
        for row in self.rows():
            for result in row.results:
                counts.update(_misses(result))
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], int(kv[0][1:])))
        return ranked[:top]

    def not_started(self) -> list[str]:
        """Learners with a file and no result, then the roster's names with no file (names
        compared by :func:`learner_key`)."""
        rows = self.rows()
        names = [row.name for row in rows if not row.results]
        have = {row.key for row in rows}
        return names + [n for n in self.roster if learner_key(n) not in have]

    def csv(self) -> str:
        """The table as CSV: learner, then stars per lesson (and the stars possible, the items
        right at the first try), games, points lost in games reviewed, rules missed, the files
        read."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", *[f"lesson {number(lesson):02d}" for lesson in LESSONS],
                         "stars", "possible", "first try", "games", "points lost",
                         "rules missed", "files"])
        for i, row in enumerate(self.rows()):
            states = self.lessons(i)
            games = [r for r in row.results if r.is_game]
            lost = sum(r.lost for r in games if r.lost is not None)
            missed = sorted({rule for r in row.results for rule in _misses(r)},
                            key=lambda rule: int(rule[1:]))
            writer.writerow([_cell(row.name), *[s.stars for s in states],
                             sum(s.stars for s in states), sum(s.possible for s in states),
                             sum(s.first for s in states), len(games), lost, " ".join(missed),
                             _cell(" ".join(row.files))])
        return out.getvalue()

    def grid_csv(self) -> str:
        """The grid as CSV: learner, then per lesson item (``<number> <kind>:<case>:<seed>``,
        the lesson's number)
        ``first``, ``later``, ``missed`` or empty (see :data:`ITEM_STATES`)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", *[f"{number(lesson):02d} {kind}:{case}:{seed}"
                                      for lesson, (kind, case, seed) in self.items()]])
        for name, states in self.grid():
            writer.writerow([_cell(name), *states])
        return out.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet cell that is never read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r", "\n", "|") else text


Content = str | bytes | ResultsError
"""A file's contents for :func:`class_data`, or why it could not be read."""


def _refusal(exc: OSError) -> ResultsError:
    if isinstance(exc, PermissionError):
        return ResultsError(f"file: not allowed to read it ({exc.strerror})", code="denied")
    return ResultsError(f"file: could not be read ({exc.strerror or type(exc).__name__})",
                        code="unreadable")


def read_file(path: str | os.PathLike[str]) -> bytes | ResultsError:
    """A file's first :data:`MAX_BYTES` + 1 bytes, never following a symbolic link nor opening
    anything but a regular file (a FIFO would wait for a writer for ever); or why not."""
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        return _refusal(exc)
    if stat.S_ISLNK(mode):
        return ResultsError("file: a symbolic link (not followed)", code="link")
    if stat.S_ISDIR(mode):
        return ResultsError("file: a folder, not a file", code="folder")
    if not stat.S_ISREG(mode):
        return ResultsError("file: a special file (a pipe, socket or device), not read",
                            code="special")
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        handle = os.open(path, flags)
    except OSError as exc:
        return _refusal(exc)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):  # changed since: read nothing
            return ResultsError("file: a special file (a pipe, socket or device), not read",
                                code="special")
        chunks, left = [], MAX_BYTES + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        return _refusal(exc)
    finally:
        os.close(handle)


def read_folder(folder: str | os.PathLike[str]) -> Iterator[tuple[str, bytes | ResultsError]]:
    """(name, contents or why not) of a folder's files, each read as it is reached (one at a
    time in memory): its ``*.json`` entries in name order, then its other files (names
    starting with a dot and folders not named ``*.json`` are left out). No symbolic link is
    followed, nothing but a regular file is opened, at most :data:`MAX_BYTES` + 1 bytes are
    read of a file and :data:`MAX_FILES` files of the folder (the others are refused as too
    many).

    :raises ResultsError: at once, if *folder* cannot be listed.
    """
    try:
        with os.scandir(folder) as listing:
            entries = []
            for entry in listing:
                if entry.name.startswith("."):
                    continue
                is_json = entry.name.lower().endswith(".json")
                if not is_json and not entry.is_file(follow_symlinks=False):
                    continue
                entries.append((not is_json, entry.name, entry.path))
    except OSError as exc:
        raise ResultsError(f"folder: {clean_text(str(folder), 255)!r} cannot be read "
                           f"({exc.strerror or type(exc).__name__})", code="unreadable") from None
    entries.sort()
    many = ResultsError(f"file: more than {MAX_FILES} files; not read", code="many")
    return ((name, read_file(path) if n < MAX_FILES else many)
            for n, (_, name, path) in enumerate(entries))


def read_roster(source: str | os.PathLike[str] | Iterable[str]) -> tuple[str, ...]:
    """The class's names: a text file's lines (a path, ``~`` the home folder; UTF-8, empty
    lines and lines starting with ``#`` left out) or the names given, each cleaned
    (:func:`clean_text`) and each learner once (:func:`learner_key`), at most
    :data:`MAX_FILES`.

    :raises ResultsError: naming the roster file if it cannot be read.
    """
    if isinstance(source, (str, os.PathLike)):
        contents = read_file(os.path.expanduser(source))
        if isinstance(contents, ResultsError):
            raise ResultsError(f"roster: {contents}", code=contents.code)
        if len(contents) > MAX_BYTES:
            raise ResultsError(f"roster: larger than {MAX_BYTES // 1000} KB", code="large")
        try:
            lines: Iterable[str] = contents.decode("utf-8-sig").splitlines()
        except UnicodeDecodeError:
            raise ResultsError("roster: not UTF-8 text", code="json") from None
        lines = [line for line in lines if not line.lstrip().startswith("#")]
    else:
        lines = source
    names: dict[str, str] = {}
    for line in lines:
        name = clean_text(str(line))
        if name and learner_key(name) not in names:
            names[learner_key(name)] = name
            if len(names) >= MAX_FILES:
                break
    return tuple(names.values())


def class_data(files: Iterable[tuple[str, Content]],
               roster: str | os.PathLike[str] | Iterable[str] = ()) -> ClassData:
    """Read *files* (``(name, contents)`` pairs, the contents possibly why a file could not be
    read) and the *roster* (:func:`read_roster`): the results files in order, every other
    file refused with its reason (the others are still read); at most :data:`MAX_FILES` files
    are read, the others refused."""
    data = ClassData(roster=read_roster(roster))
    for n, (name, text) in enumerate(files):
        name = clean_text(str(name), 255)
        try:
            if isinstance(text, ResultsError):
                raise text
            if n >= MAX_FILES:
                raise ResultsError(f"file: more than {MAX_FILES} files; not read", code="many")
            data.files.append(read_results(text, name=name))
        except ResultsError as exc:
            data.refused.append((name, exc))
    return data


# ------------------------------------------------------------------------------ handing in
HANDIN_ENV = "HORSERACE_HANDIN"
"""The environment variable naming the class's hand-in folder (a hub sets it for every
learner's server): where "Hand in my results" writes, and the folder the teacher's
``ClassReport(folder)`` reads."""


class HandInError(ValueError):
    """A hand-in refused; nothing was written. :attr:`code` says why in a word, for a
    sentence in the learner's language: ``missing`` (the folder does not exist or is not a
    folder), ``denied`` (the folder is not writable), ``name`` (a name that would leave the
    folder: a path separator, or only dots), ``noname`` (no name) or ``failed`` (the file
    could not be written, e.g. the disk is full)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def handin_name(learner: str) -> str:
    """The file a learner's hand-in is written to: the letters and digits (any script) of the
    name's :func:`learner_key`, then 10 hex digits of its SHA-256 — one file per learner, so a
    learner's next hand-in replaces her own file and never another learner's (two names the
    class report counts as one learner share it; ``Mina K`` and ``Mina-K`` do not).

    >>> handin_name("Mina K") == handin_name(" mina  k ")
    True
    >>> handin_name("Mina K") != handin_name("Mina-K")
    True
    >>> handin_name("민아 K.")[:22]
    'horserace-handin-민아-k-'
    >>> handin_name("../../etc")
    Traceback (most recent call last):
    ...
    horserace_nb.teaching.progress.HandInError: learner: '../../etc' would leave the hand-in folder
    """
    name = clean_text(learner)
    if "/" in learner or "\\" in learner or "\0" in learner or (name and not name.strip(".")):
        raise HandInError(f"learner: {_short(learner)} would leave the hand-in folder",
                          code="name")
    key = learner_key(name)
    if not key:
        raise HandInError("learner: no name", code="noname")
    words = "-".join(re.findall(r"\w+", key))[:40] or "learner"  # (only the key: one file)
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]
    return f"horserace-handin-{words}-{digest}.json"


def hand_in(text: str, folder: str | os.PathLike[str], learner: str) -> str:
    """Write the results file *text* (:func:`results_file`) into the hand-in *folder* as
    :func:`handin_name` of *learner*, atomically: a temporary file (its name starts with a
    dot, so :func:`read_folder` leaves it out) in the same folder, then ``os.replace`` — the
    teacher's report reads the old file or the new one, never half of one. Returns the
    path written.

    :raises HandInError: naming why (a missing or unwritable folder, a bad name, a failed
        write); nothing is left behind then.
    """
    target_name = handin_name(learner)
    path = os.path.expanduser(os.fspath(folder))
    if not path or not os.path.isdir(path):
        raise HandInError(f"folder: {clean_text(path, 255)!r} is not a folder", code="missing")
    if not os.access(path, os.W_OK | os.X_OK):
        raise HandInError(f"folder: {clean_text(path, 255)!r} is not writable", code="denied")
    data = text.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise HandInError(f"file: larger than {MAX_BYTES // 1000} KB", code="failed")
    target = os.path.join(path, target_name)
    try:
        handle, temp = tempfile.mkstemp(prefix=".horserace-handin-", suffix=".tmp", dir=path)
    except PermissionError:
        raise HandInError(f"folder: {clean_text(path, 255)!r} is not writable",
                          code="denied") from None
    except OSError as exc:
        raise HandInError(f"file: could not be written ({exc.strerror})", code="failed") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o644)  # the teacher reads it (the folder's own mode keeps others out)
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise HandInError(f"file: could not be written ({exc.strerror})", code="failed") from None
    return target
