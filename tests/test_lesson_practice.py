"""Practice inside the lesson (issue 31, item 1): in every lesson that teaches rules, in every
language, no learner reads more than :data:`LIMIT` words before a checked answer; each section
ends in a few checked items on what it has just taught.

**What is read.** The Markdown cells as a learner sees them: fenced code and inline code left
out (code is run, not read as prose), a link counted by its text, headings counted. The
navigation line at the end is not prose.

**How words are counted** (:func:`words`), so that the three languages are held to the same
load:

- English: runs of letters, digits and apostrophes (``[A-Za-z0-9']+``);
- Korean: the spaced words (어절) that hold a letter or digit: Korean writes a space between
  words, and one 어절 carries about what one English word does;
- Japanese: the Japanese characters (kana, kanji, the long-vowel mark) divided by
  :data:`JA_CHARS_PER_WORD` (2.5: a Japanese reader takes in about 500 characters a minute,
  an English reader about 200 words), rounded up, plus any Latin words (``R17``, ``Python``)
  counted as in English.

**What is a checked answer** (:func:`checked`): a code cell whose widget checks what the
learner answers: a lesson's designed items (``Exercises.for_lesson(…)``), a replay that asks
for predictions (``predict=True``), a game where every placement is called first
(``call_first=True``), the puzzles (``PuzzleWidget(``).

Runs of reading are measured from the top of the lesson (or the last checked answer) to the
next checked answer; reading after the last one (the optional part for coders) comes before no
check and is not limited. Lessons still over the limit are listed in :data:`OVER_LIMIT`, which
the test reports: it fails if a lesson listed there is within the limit, too (take it off the
list).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import (
    COURSE,
    designed,
    exercise_set,
    lesson_of,
    notebook,
    sections,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LANGS = ("en", "ko", "ja")
LIMIT = 200
"""The most words a learner reads before a checked answer."""
JA_CHARS_PER_WORD = 2.5
"""Japanese characters per English word (about 500 characters a minute against 200 words)."""
ITEMS_PER_SECTION = (2, 4)
"""The checked items at the end of a section: at least 2, at most 4."""

TEACHING = tuple(lesson.slug for lesson in COURSE if lesson.exercises)
"""The lessons that teach rules: those with a designed exercise set."""

OVER_LIMIT: frozenset[tuple[str, str]] = frozenset()
"""``(slug, lang)`` of the lessons still over :data:`LIMIT` (expected to fail; reported)."""

_FENCE = re.compile(r"```.*?```", re.S)
_INLINE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_TAG = re.compile(r"<[^>\n]+>")
_LATIN = re.compile(r"[A-Za-z0-9']+")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
_CHECKED = ("Exercises.for_lesson(", "predict=True", "call_first=True", "PuzzleWidget(")


def prose(markdown: str) -> str:
    """What a learner reads of a Markdown cell: code left out, links by their text.

    >>> prose("Run `x = 1`, see [R17](../rules.md#r17).")
    'Run  , see R17.'
    """
    text = _INLINE.sub(" ", _FENCE.sub(" ", markdown))
    return _TAG.sub(" ", _LINK.sub(r"\1", text))


def words(text: str, lang: str) -> int:
    """The words of *text* in *lang*, by the rule of this module's docstring.

    >>> words("A double scores twice.", "en"), words("더블은 두 번 점수가 됩니다.", "ko")
    (4, 5)
    >>> words("ダブルは二回数えます。", "ja"), words("R17 の例", "ja")
    (4, 2)
    """
    if lang == "ja":
        kana = len(_JAPANESE.findall(text))
        return math.ceil(kana / JA_CHARS_PER_WORD) + len(_LATIN.findall(text))
    if lang == "ko":
        return sum(1 for token in text.split() if any(ch.isalnum() for ch in token))
    return len(_LATIN.findall(text))


def checked(source: str) -> bool:
    """A code cell whose widget checks the learner's answers."""
    return any(mark in source for mark in _CHECKED)


def _cells(lang: str, slug: str) -> list[dict[str, Any]]:
    nb = json.loads((NOTEBOOKS / lang / notebook(slug)).read_text(encoding="utf-8"))
    cells: list[dict[str, Any]] = nb["cells"][:-1]  # the navigation line is not prose
    return cells


def reading_runs(lang: str, slug: str) -> tuple[list[int], int]:
    """The words read before each checked answer of a lesson, in order, and the words read
    after its last one."""
    runs: list[int] = []
    run = 0
    for cell in _cells(lang, slug):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            run += words(prose(source), lang)
        elif checked(source):
            runs.append(run)
            run = 0
    return runs, run


def figures() -> dict[str, dict[str, Any]]:
    """Every teaching lesson's figures by language: the words before its first checked answer,
    the longest run, and its checked cells (for the report: ``python -m
    tests.test_lesson_practice``)."""
    out: dict[str, dict[str, Any]] = {}
    for slug in TEACHING:
        for lang in LANGS:
            runs, tail = reading_runs(lang, slug)
            out.setdefault(slug, {})[lang] = {
                "first": runs[0] if runs else None, "longest": max(runs, default=None),
                "checks": len(runs), "after_last": tail}
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", TEACHING)
def test_no_learner_reads_more_than_200_words_before_a_checked_answer(slug: str,
                                                                      lang: str) -> None:
    runs, _ = reading_runs(lang, slug)
    assert runs, f"{slug} ({lang}): no checked answer at all"
    over = [(i, n) for i, n in enumerate(runs) if n > LIMIT]
    if (slug, lang) in OVER_LIMIT:
        assert over, f"{slug} ({lang}) is within {LIMIT} words now: take it off OVER_LIMIT"
        pytest.xfail(f"{slug} ({lang}): still over {LIMIT} words before a check: {over}")
    assert not over, f"{slug} ({lang}): words before checked answers {runs}, limit {LIMIT}"


@pytest.mark.parametrize("slug", TEACHING)
def test_each_section_checks_2_to_4_items_and_the_sections_make_the_whole_set(slug: str) -> None:
    parts = sections(slug)
    low, high = ITEMS_PER_SECTION
    assert all(low <= len(part) <= high for part in parts), (slug, parts)
    assert sorted(p for part in parts for p in part) == list(range(len(designed(slug))))


@pytest.mark.parametrize("slug", TEACHING)
def test_a_section_serves_the_whole_sets_items_recorded_as_the_lessons(slug: str) -> None:
    """A section's items are the whole set's at those places (case, seed, question), so a
    result recorded in a section is on the lesson map as the whole set's item; past its end a
    section draws what the whole set draws for the same case past its end."""
    whole = exercise_set(slug)
    total = len(whole.exercises)
    for number, part in enumerate(sections(slug), 1):
        drills = exercise_set(slug, section=number)
        assert drills.lesson == slug
        for place, drill in zip(part, drills.exercises, strict=True):
            same = whole.exercises[place]
            assert (drill.kind, drill.case, drill.seed) == (same.kind, same.case, same.seed)
            assert drill.question("en") == same.question("en")
            assert lesson_of("exercise", drill.progress_case, drill.seed) == slug
        while drills.index < len(part):
            drills.next()
        fresh = drills.current  # the first past the section's end
        assert (fresh.case, fresh.seed) == (whole.exercises[part[0]].case,
                                            whole.seed * 1000 + part[0] + total)
        assert lesson_of("exercise", fresh.progress_case, fresh.seed) == ""


def test_a_section_the_lesson_does_not_have_is_refused_by_name() -> None:
    last = len(sections("turns"))
    for bad in (0, last + 1, -1, "1", True, 1.0):
        with pytest.raises(ValueError, match=rf"section: a section of turns, 1 to {last}"):
            exercise_set("turns", section=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", TEACHING)
def test_every_section_is_checked_in_the_lesson_in_order(slug: str, lang: str) -> None:
    """Each lesson shows its sections' items in order, each once, in every language."""
    shown = [int(m.group(1)) for cell in _cells(lang, slug) if cell["cell_type"] == "code"
             for m in re.finditer(rf'Exercises\.for_lesson\("{slug}", lang=LANG, '
                                  r"section=(\d+)\)", "".join(cell["source"]))]
    assert shown == list(range(1, len(sections(slug)) + 1)), (slug, lang, shown)


if __name__ == "__main__":  # the figures for a report
    print(json.dumps(figures(), indent=1))
