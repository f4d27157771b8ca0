"""The teacher guide's class plans (issue 31, item 9): computed from the lessons' own counts,
every class within 45 minutes with time for the devices to load and for results to be handed
in, and every exit ticket asking only about rules taught in its own class."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_sources import builder, filled_texts

from horserace_nb.teaching.course import COURSE, designed, lesson, notebook, rules_of, sections

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ko", "ja")


BUILD = builder()


def _counts() -> dict[str, dict[str, float]]:
    return {slug: BUILD.lesson_counts(slug, cells) for slug, cells in BUILD.CELLS.items()}


def _plans() -> list:  # type: ignore[type-arg]
    return BUILD.class_plans(_counts())


def test_every_class_fits_45_minutes_by_the_guides_own_estimate() -> None:
    """Each class: the devices' loading, each lesson at the guide's estimate (100 words a
    minute, 1.5 minutes an item, 2 a replay, 8 a game; rounded up), a minute to open each
    further lesson, handing results in and the exit ticket, all within 45 minutes."""
    counts = _counts()
    for plan in _plans():
        total = BUILD.LOAD_MINUTES + BUILD.HAND_IN_MINUTES
        total += BUILD.EXIT_TASK_MINUTES * len(plan.exit)
        total += BUILD.SWITCH_MINUTES * (len(plan.blocks) - 1)
        for block in plan.blocks:
            c = counts[block.slug]
            estimate = (c["words"] / 100 + block.items * 1.5 + c["replays"] * 2
                        + c["games"] * 8)
            assert block.minutes >= estimate, block
            total += block.minutes
        assert total == plan.minutes <= 45, plan
        assert plan.rows()[0][:2] == ("load", BUILD.LOAD_MINUTES) and BUILD.LOAD_MINUTES >= 5
        assert ("hand_in", BUILD.HAND_IN_MINUTES, None) in plan.rows()
        assert BUILD.HAND_IN_MINUTES >= 5
        assert sum(minutes for _, minutes, _ in plan.rows()) == 45
        # room for what overruns (a device that fails, a question): a second teacher's read
        # found classes planned at 45 of 45 minutes
        assert 45 - plan.minutes >= BUILD.SPARE_MINUTES >= 3, plan


def test_exit_tickets_ask_only_what_their_class_taught() -> None:
    """Every task of a class's exit ticket is on rules its own lessons teach (class 1's old
    ticket asked about R18 and R23, taught in class 2); every class has a ticket."""
    for n, plan in enumerate(_plans(), 1):
        taught = {rule for block in plan.blocks for rule in lesson(block.slug).rules}
        # a lesson whose items partly go home: only the rules its items done in class practise
        # (a second teacher's read: class 5's ticket asked R20, whose items were homework)
        for block in plan.blocks:
            order = [p for section in sections(block.slug) for p in section][:block.items]
            if block.items < block.of:
                taught -= set(lesson(block.slug).rules) - {
                    rule for place in order
                    for rule in rules_of("exercise", "/".join(designed(block.slug)[place]))}
        assert plan.exit, f"class {n} has no exit ticket"
        for task in plan.exit:
            asked = set(BUILD.EXIT_TASKS[task])
            assert asked <= taught, f"class {n}: task {task} asks {asked - taught}, not taught"


@pytest.mark.parametrize("lang", LANGS)
def test_each_exit_task_cites_the_rules_it_is_filed_under(lang: str) -> None:
    """The rules a task's text cites (in every language) are those EXIT_TASKS files it under,
    so the check above looks at what the task really asks."""
    text = filled_texts(lang)
    for name, rules in BUILD.EXIT_TASKS.items():
        cited = set(re.findall(r"R\d+", text[f"guide.exit.{name}"]))
        assert cited <= set(rules) and cited, (name, cited)


def test_every_rule_lesson_alone_has_exit_tasks() -> None:
    """Each lesson that teaches rules, were it a class of its own (lesson 04 split in two, a
    lesson moved), has at least one exit-ticket task on its own rules."""
    for entry in COURSE:
        if entry.rules:
            assert any(set(rules) <= set(entry.rules) for rules in BUILD.EXIT_TASKS.values()), \
                entry.slug


def test_every_rule_lesson_is_planned_once_in_course_order() -> None:
    """The plans take every lesson that teaches rules, in the order of teaching.course.COURSE
    (the one place lessons are numbered), each once; what does not fit goes to homework."""
    planned = [block.slug for plan in _plans() for block in plan.blocks]
    assert planned == [entry.slug for entry in COURSE if entry.rules]
    for plan in _plans():
        for block in plan.blocks:
            assert block.items == block.of or BUILD.MIN_ITEMS_IN_CLASS <= block.items < block.of


def test_a_longer_lesson_keeps_its_reading_and_sends_items_home() -> None:
    """A lesson longer than a class (the guide's estimate) gets a class of its own, its
    reading, replays and games, and as many items as fit; a lesson that would need more than
    a class for those alone is refused with its name."""
    counts = _counts()
    slug = next(entry.slug for entry in COURSE if entry.rules)
    long = dict(counts)
    long[slug] = {**counts[slug], "items": 40.0}
    block = BUILD.class_plans(long)[0].blocks[0]
    assert block.slug == slug and 3 <= block.items < 40 and block.of == 40
    assert BUILD.class_plans(long)[0].minutes <= 45
    long[slug] = {**counts[slug], "words": 4000.0}
    with pytest.raises(ValueError, match=slug):
        BUILD.class_plans(long)


def test_a_class_with_no_task_on_its_rules_is_refused() -> None:
    """A class whose rules no exit-ticket task asks about is an error naming its lessons, not
    a ticket on other rules."""
    saved = dict(BUILD.EXIT_TASKS)
    try:
        BUILD.EXIT_TASKS.clear()
        BUILD.EXIT_TASKS["settle"] = ("R23",)
        with pytest.raises(ValueError, match="no exit-ticket task"):
            _plans()
    finally:
        BUILD.EXIT_TASKS.clear()
        BUILD.EXIT_TASKS.update(saved)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_shows_the_computed_plans(lang: str) -> None:
    """The guide's plans cell in each language: a table per class whose times run 0 to 45
    without a gap, the lessons' links from the course, and each ticket's tasks in the
    language; the figures are the plans' (nothing hard-coded in the texts)."""
    text = filled_texts(lang)
    markdown = BUILD.plans_markdown(text, text["guide.plans"], lang)
    plans = _plans()
    tables = re.findall(r"^\|[^\n]*\|$(?:\n^\|[^\n]*\|$)*", markdown, re.M)
    assert len(tables) == len(plans)
    for table, plan in zip(tables, plans, strict=True):
        times = [tuple(map(int, found)) for found in re.findall(r"^\| (\d+)\D+(\d+)", table,
                                                               re.M)]
        assert times[0][0] == 0 and times[-1][1] == 45
        assert all(a[1] == b[0] for a, b in zip(times, times[1:], strict=False))
        for block in plan.blocks:
            assert f"]({notebook(block.slug)})" in table
    for name in {task for plan in plans for task in plan.exit}:
        assert text[f"guide.exit.{name}"] in markdown
    assert "{" not in markdown


def test_the_guide_notebooks_hold_the_plans_as_built() -> None:
    """The built guides (notebooks/<lang>/..._teacher_guide.ipynb) carry this plan and link the
    rule card of their language."""
    import json

    for lang in LANGS:
        text = filled_texts(lang)
        want = BUILD.link_rules(BUILD.plans_markdown(text, text["guide.plans"], lang),
                               BUILD.rules_page(lang))
        guide = json.loads((ROOT / "notebooks" / lang / notebook("teacher_guide"))
                           .read_text(encoding="utf-8"))
        sources = ["".join(cell["source"]) for cell in guide["cells"]]
        assert want in sources, f"{lang}: rebuild the notebooks"
        assert any(f"](../rule-card.{lang}.svg)" in source for source in sources), lang
