"""No task sentence states its answer (issue 31 item 2), in every lesson notebook and every
language: a task ("Your task", "Predict", "Make your guess"; 해 보기, 예측해 보세요, 골라 본 뒤;
やってみましょう, 予想) is followed by nothing that gives its answer away before the learner has
answered: no "the answer is", and none of the answers a task's cell shows when it is run.

The Korean and Japanese lessons are written on their own, so a give-away can creep into one
language only: lesson 01's opening tile said "(모두 됩니다 …)" and "答えは、どれでもかまいません"
after the question, while the English asked to decide first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_sources import texts

from horserace_nb.teaching.course import COURSE, notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")
TEACHER = {"teacher_guide", "class_report"}
"""The teacher's pages print the answers on purpose (the answer key, the exit ticket)."""

TASK = {
    "en": re.compile(r"\*\*Your task:\*\*|\*\*Predict\*\*|Make\s+your\s+guess"),
    "ko": re.compile(r"\*\*해 보기:\*\*|\*\*예측해 보세요\.\*\*|골라\s+본 뒤"),
    "ja": re.compile(r"\*\*やってみましょう：\*\*|\*\*予想してみましょう\*\*|予想して\s*から"),
}
"""Where a task starts in a markdown cell, by language."""
GIVES_AWAY = {
    "en": re.compile(r"\bthe answer is\b|\banswer:|\(all of them|\bany of them\b", re.I),
    "ko": re.compile(r"답은|정답은|모두 됩니다"),
    "ja": re.compile(r"答えは|正解は|どれでもかまいません"),
}
"""Words that tell an answer: "the answer is", "(all of them …)"."""

_TILE_OR_RULE = re.compile(r"\[\d\|\d\]|\bR\d+\b|\(\.\./rules[^)]*\)|\{[^}]*\}|\d+(?=\s*(?:강|課))"
                           r"|(?<=第)\d+")
NUMBER_ANSWERS = {
    # 28 - 2×7, 28 - 3×6, 28 - 4×5: the boneyard the deal's cell prints
    "tiles.deal": {"14", "10", "8"},
}
"""A task whose answer is numbers, the same in every language: none of them is in the task."""
WORD_ANSWERS = {
    "en": {"tiles.first_tile": ("any of them", "all seven"),
           "tiles.branches": ("open only after", "it may not", "No:"),
           "scoring.rules": ("`[0|5]` and `[4|6]`", "`[4|6]` scores")},
    "ko": {"tiles.first_tile": ("모두 됩니다", "어떤 타일이든 됩니다"),
           "tiles.branches": ("놓을 수 없습니다",),
           "scoring.rules": ("`[0|5]`와 `[4|6]`",)},
    "ja": {"tiles.first_tile": ("どれでもかまいません", "どれでも始められます"),
           "tiles.branches": ("置けません",),
           "scoring.rules": ("`[0|5]` と `[4|6]`",)},
}
"""The answers a task's cell shows, as each language would say them."""


def _lessons(lang: str) -> list[tuple[str, Path]]:
    return [(lesson.slug, NOTEBOOKS / lang / notebook(lesson.slug)) for lesson in COURSE
            if lesson.slug not in TEACHER]


def _markdown(path: Path) -> list[str]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "markdown"]


def _tasks(lang: str) -> list[tuple[str, str]]:
    """Every task of every lesson of *lang*: (notebook, the text from the task on)."""
    found = []
    for slug, path in _lessons(lang):
        for cell in _markdown(path):
            match = TASK[lang].search(cell)
            if match:
                start = cell.rfind("\n\n", 0, match.start()) + 1  # the task's paragraph on
                found.append((slug, cell[start:]))
    return found


def _task_part(markdown: str, lang: str) -> str:
    match = TASK[lang].search(markdown)
    assert match, (lang, markdown[:80])
    return markdown[markdown.rfind("\n\n", 0, match.start()) + 1:]


def test_every_language_asks_the_same_tasks() -> None:
    """The scan finds every lesson's tasks in every language: the same number, lesson by
    lesson (a task marker written differently would hide a task from the scan)."""
    counts = {lang: [slug for slug, _ in _tasks(lang)] for lang in LANGS}
    assert len(counts["en"]) >= 10, counts["en"]
    assert counts["ko"] == counts["en"] and counts["ja"] == counts["en"], counts


@pytest.mark.parametrize("lang", LANGS)
def test_no_task_says_its_answer(lang: str) -> None:
    gives = [(slug, m.group(0)) for slug, task in _tasks(lang)
             for m in [GIVES_AWAY[lang].search(task)] if m]
    assert not gives, gives


@pytest.mark.parametrize("lang", LANGS)
def test_no_task_states_the_answer_its_cell_shows(lang: str) -> None:
    text = texts(lang)
    for key, answers in WORD_ANSWERS[lang].items():
        task = _task_part(text[key], lang)
        stated = [answer for answer in answers if answer in task]
        assert not stated, (lang, key, stated)
    for key, numbers in NUMBER_ANSWERS.items():
        task = _TILE_OR_RULE.sub(" ", _task_part(text[key], lang))
        said = numbers & set(re.findall(r"\d+", task))
        assert not said, (lang, key, said)


def test_the_number_answers_are_what_the_cell_prints() -> None:
    """The boneyard counts checked above are the deal cell's answers (R1, R5)."""
    from horserace_nb import Game

    printed = {str(len(Game(players=players, seed=5).boneyard)) for players in (2, 3, 4)}
    assert printed == NUMBER_ANSWERS["tiles.deal"]
