"""Items of one's own (issue 31 item 3): a learner's name draws the lesson's designed cases, in
the same order, in positions of the learner's own; without a name, the lesson's own positions
as before; the name kept in the browser and asked once; the first try recorded beside the best
stars and shown on the lesson map and in the class report; the teacher guide explains each case
with an example no learner gets, and the class report lists each learner's items with their
answers. Names are untrusted: bounded, cleaned, escaped."""

from __future__ import annotations

import time
from typing import Any

import pytest

from horserace_nb.teaching.course import (
    COURSE,
    designed,
    exercise_set,
    guide_set,
    lesson_item,
    lesson_items,
    lesson_of,
)
from horserace_nb.teaching.exercises import (
    Exercise,
    ExerciseSet,
    base_seed,
    learner_code,
    own_seed,
)
from horserace_nb.teaching.progress import (
    Result,
    class_data,
    compact,
    first_tries,
    lesson_map,
    results_file,
    store_entry,
    within_limits,
)
from horserace_nb.widgets import ClassReport, Exercises, Progress
from horserace_nb.widgets.common import esc
from horserace_nb.words.i18n import t

WITH_SETS = [c.slug for c in COURSE if c.exercises]
NO_POSITION = {"notation/set"}
"""Designed cases asked without a position (how many tiles make the set): the same for all."""
SAVED = "2026-12-01T10:00:00.000+00:00"


def shown(ex: Exercise[Any], lang: str = "en") -> tuple[str, str]:
    """What a learner sees of an item and what its key says."""
    return ex.question(lang), ex.answer_text(lang)


@pytest.mark.parametrize("slug", WITH_SETS)
def test_two_learners_get_the_same_cases_in_the_same_order_in_different_positions(
        slug: str) -> None:
    mina = exercise_set(slug, learner="Mina Kim")
    jun = exercise_set(slug, learner="Jun Park")
    cases = [f"{k}/{c}" for k, c in designed(slug)]
    assert [e.progress_case for e in mina.exercises] == cases
    assert [e.progress_case for e in jun.exercises] == cases
    pairs = list(zip(mina.exercises, jun.exercises, exercise_set(slug).exercises, strict=True))
    differ = [a.progress_case for a, b, _ in pairs if shown(a) != shown(b)]
    assert len(differ) >= len(pairs) - 2, (slug, differ)  # (a count of 0–6 may coincide)
    more = [exercise_set(slug, learner=n).exercises for n in ("A", "B", "C", "D")]
    for i, (a, b, plain) in enumerate(pairs):
        if a.progress_case in NO_POSITION:
            assert shown(a) == shown(b) == shown(plain)
        else:  # each case's own: four more learners draw several positions of it
            others = {shown(drills[i]) for drills in more}
            assert len(others | {shown(a), shown(b)}) >= 3, a.progress_case
        assert a.check(a.answer).ok and b.check(b.answer).ok  # each its own right answer
        assert lesson_item(("exercise", a.progress_case, a.seed)) == \
            lesson_item(("exercise", b.progress_case, b.seed)) == \
            ("exercise", plain.progress_case, plain.seed)
        assert lesson_of("exercise", a.progress_case, a.seed) == slug


@pytest.mark.parametrize("slug", WITH_SETS)
def test_without_a_name_every_item_is_as_before(slug: str) -> None:
    """The lesson's own seeds and the very same texts in every language: no name, an empty
    name, a name of spaces and invisible characters alike."""
    seed = next(c.seed for c in COURSE if c.slug == slug)
    before = ExerciseSet.designed(designed(slug), seed=seed)  # what exercise_set drew before
    for drills in (exercise_set(slug), exercise_set(slug, learner=""),
                   exercise_set(slug, learner=" \u200b\t"),
                   Exercises.for_lesson(slug, learner="").drills):
        assert [e.seed for e in drills.exercises] == [seed * 1000 + i
                                                      for i in range(len(designed(slug)))]
        for lang in ("en", "ko", "ja"):
            assert [shown(e, lang) for e in drills.exercises] == \
                [shown(e, lang) for e in before.exercises]


def test_a_name_is_the_same_learner_however_it_is_typed_and_its_code_is_stable() -> None:
    """The code is SHA-256 of the name as the class report knows a learner (not Python's
    salted hash: the same in every process, on every device)."""
    # (fixed for ever: a learner's stored results name these positions)
    assert learner_code("Mina Kim") == learner_code("  mina\u200b KIM ") == 293821
    assert learner_code("Mina Kim") != learner_code("Mina Kin")
    seeds = [e.seed for e in exercise_set("turns", learner="Mina Kim").exercises]
    assert seeds == [e.seed for e in exercise_set("turns", learner="MINA  kim").exercises]
    assert all(-(2 ** 53) < s < -(2 ** 32) for s in seeds)
    assert [base_seed(s) for s in seeds] == [401000 + i for i in range(len(seeds))]
    assert own_seed(401000, 0) == 401000 and base_seed(-5) == -5 and base_seed(7) == 7


def test_names_are_untrusted_bounded_and_refused_when_not_text() -> None:
    huge = "Mina" + "x" * 5_000_000
    start = time.perf_counter()
    code = learner_code(huge)
    assert time.perf_counter() - start < 0.5  # only the name's first characters are read
    assert code == learner_code(huge[:80])
    drills = exercise_set("settlement", learner="<b>Mina</b>\u202e" + "y" * 500)
    assert len(drills.learner) == 80 and "\u202e" not in drills.learner
    for bad in (None, 5, b"Mina", ["Mina"]):
        with pytest.raises(ValueError, match="learner"):
            exercise_set("turns", learner=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        exercise_set("turns", learner="Mina", seed=0)
    with pytest.raises(ValueError, match="seed"):
        exercise_set("turns", learner="Mina", seed=2 ** 40)


def test_the_widget_takes_the_name_kept_in_the_browser_and_asks_once_when_none() -> None:
    w = Exercises.for_lesson("turns", lang="ko")
    plain = [e.seed for e in w.drills.exercises]
    assert plain == [e.seed for e in exercise_set("turns").exercises]
    assert w.name_box.layout.display == "none"  # nothing reported yet: nothing asked
    w.recorder.store.receive({"kind": "read", "stored": {}, "legacy": {}, "site": "",
                              "problems": []})
    assert w.name_box.layout.display == ""  # the browser keeps no name: asked, once
    assert t("exercise.name_ask", "ko") in w.own_line.value and "lang='ko'" in w.own_line.value
    sent: list[Any] = []
    w.recorder.store.send = lambda content, *a, **k: sent.append(content)  # type: ignore
    w.name_text.value = "<i>Mina</i>"
    w._on_name()  # the button, pressed
    assert sent == [{"kind": "learner", "name": "<i>Mina</i>"}]  # kept as the map keeps it
    assert w.name_box.layout.display == "none"
    assert [e.seed for e in w.drills.exercises] == \
        [e.seed for e in exercise_set("turns", learner="<i>Mina</i>").exercises]
    assert "&lt;i&gt;Mina&lt;/i&gt;" in w.own_line.value and "<i>" not in w.own_line.value
    assert "&lt;i&gt;Mina" in w.messages.html.value and "hr-msg-ok" in w.messages.html.value
    assert w.exercise.progress_case == "must_place/draw"


def test_a_name_reported_after_an_answer_leaves_the_items_as_they_are() -> None:
    w = Exercises.for_lesson("settlement")
    w.answer(w.exercise.answer)
    before = [e.seed for e in w.drills.exercises]
    w.recorder.store.receive({"kind": "read", "stored": {"learner": "Jun"}, "legacy": {},
                              "site": "", "problems": []})
    assert [e.seed for e in w.drills.exercises] == before
    fresh = Exercises.for_lesson("settlement")
    fresh.recorder.store.receive({"kind": "read", "stored": {"learner": "Jun"}, "legacy": {},
                                  "site": "", "problems": []})
    assert fresh.drills.learner == "Jun" and fresh.name_box.layout.display == "none"
    assert [e.seed for e in fresh.drills.exercises] == \
        [e.seed for e in exercise_set("settlement", learner="Jun").exercises]


def test_an_own_item_is_recorded_on_its_lesson_and_counts_on_the_map() -> None:
    w = Exercises.for_lesson("joining_spinners", learner="Mina")
    w.answer(w.exercise.answer)
    w.next()
    results = w.recorder.store.results
    assert [(r.lesson, r.seed) for r in results] == [
        ("joining_spinners", w.drills.exercises[0].seed)]
    state = next(s for s in lesson_map(results) if s.lesson == "joining_spinners")
    assert state.stars == 3 and state.first == 1
    assert lesson_items("joining_spinners")[0] not in state.not_done


def item(seed: int, stars: int, minute: int, case: str = "open/line", hints: int = 0,
         tries: int = 1) -> Result:
    return Result("joining_spinners", "exercise", case, seed, stars=stars, tries=tries,
                  hints=hints, when=f"2026-12-01T09:{minute:02d}:00")


def test_the_first_try_is_recorded_beside_the_best_stars() -> None:
    """Right at the first attempt without a hint: the first result of the item (in any of its
    positions); a later three stars (practice, a neighbour's answer, memory) is not one."""
    mine = own_seed(201000, learner_code("Mina"))
    results = [item(201000, 1, 0, tries=3), item(mine, 3, 5),  # missed, then right
               item(201004, 2, 1, "joins/low_joins", hints=1),  # a hint: not a first try
               item(201005, 3, 2, "joins/high_joins")]  # right at once
    state = next(s for s in lesson_map(results) if s.lesson == "joining_spinners")
    assert (state.stars, state.first, state.items) == (3 + 2 + 3, 1,
                                                        len(designed("joining_spinners")))
    assert first_tries(results) == {("exercise", "open/line", 201000): False,
                                    ("exercise", "joins/low_joins", 201004): False,
                                    ("exercise", "joins/high_joins", 201005): True}
    data = class_data([("a.json", results_file(results, learner="Mina", saved=SAVED))])
    states = dict(zip([i for _, i in data.items()], data.grid()[0][1], strict=True))
    assert [states[i] for i in lesson_items("joining_spinners")] == [
        "later", "", "", "", "later", "first", ""]  # (the seventh: R10's, added later)


def test_the_map_and_the_report_show_first_try_mastery() -> None:
    results = [item(201000, 1, 0, tries=3), item(201000, 3, 5), item(201005, 3, 2,
                                                                      "joins/high_joins")]
    p = Progress(lang="ja")
    p.store.receive({"kind": "read", "stored": dict(store_entry(r) for r in results),
                     "legacy": {}, "site": "", "problems": []})
    row = p.map_html.value.split("data-lesson='joining_spinners'")[1].split("</tr>")[0]
    count = len(designed("joining_spinners"))
    assert "data-first='1'" in row and t("progress.first_try", "ja", first=1, count=count) in row
    assert t("progress.col_first", "ja") in p.map_html.value
    report = ClassReport(lang="ko")
    report.read([("mina.json", results_file(results, learner="Mina", saved=SAVED))])
    assert t("report.cell", "ko", stars=6, possible=3 * count, first=1) in report.table.value


def test_the_report_lists_each_learners_own_items_with_their_answers() -> None:
    report = ClassReport(lang="en")
    names = ["<script>alert(1)</script>", "Jun"]
    report.read([(f"{n}.json", results_file([item(201000, 3, 0)], learner=n, saved=SAVED))
                 for n in names])
    report.grid_lesson.value = "settlement"
    for row, name in enumerate(names):
        report.items_learner.value = row
        html = report.items.value
        own = exercise_set("settlement", learner=name)
        assert own.exercises[0].seed != exercise_set("settlement").exercises[0].seed
        assert [e.seed for e in report.own_items(row, "settlement").exercises] == \
            [e.seed for e in own.exercises]
        for ex in own.exercises:
            assert esc(ex.question("en")) in html
            assert esc(t("exercise.shown", "en", text=ex.answer_text("en"))) in html
        assert "<script>" not in html and esc(name) in html
    assert report.items_learner.options == (("<script>alert(1)</script>", 0), ("Jun", 1))


@pytest.mark.parametrize("slug", WITH_SETS)
def test_the_guides_examples_are_no_key_to_any_learners_items(slug: str) -> None:
    """The guide ships in the pupils' site: its example of each case is a position no learner
    gets (not the lesson's own, not a name's), the same cases in the same order."""
    guide = guide_set(slug)
    assert [e.progress_case for e in guide.exercises] == [f"{k}/{c}" for k, c in designed(slug)]
    plain = exercise_set(slug)
    same = []
    for ex, mine in zip(guide.exercises, plain.exercises, strict=True):
        assert ex.seed not in {mine.seed, base_seed(mine.seed)} and lesson_of(
            "exercise", ex.progress_case, ex.seed) == ""
        if shown(ex) == shown(mine) and ex.progress_case not in NO_POSITION:
            same.append(ex.progress_case)
    assert len(same) <= 2, same  # (a case of very few positions, such as a deal, may coincide)


def test_the_guide_notebooks_print_the_guides_examples_not_the_lessons_items() -> None:
    import json
    from pathlib import Path

    from horserace_nb.teaching.course import notebook

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for lang in ("en", "ko", "ja"):
        cells = json.loads((root / lang / notebook("teacher_guide")).read_text("utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert any("guide_set(course.slug" in c for c in code)
        assert not any("exercise_set(" in c for c in code)


def test_what_the_browser_and_the_file_keep_past_their_limits_keeps_each_first_try() -> None:
    """The first result of a lesson item stays when the oldest results are let go (the browser's
    store, the results file): a miss followed by three stars is not turned into a first try."""
    miss = item(201000, 1, 0, tries=3)
    others = [Result("", "exercise", "total", 900_000_000 + n, stars=3, tries=1,
                     when=f"2026-12-01T1{n // 60}:{n % 60:02d}:00") for n in range(80)]
    later = Result("joining_spinners", "exercise", "open/line", 201000, stars=3, tries=1,
                   when="2026-12-02T09:00:00")
    results = [miss, *others, later]
    assert first_tries(results)[("exercise", "open/line", 201000)] is False
    for kept in (compact(results, count=50), within_limits(results, count=50)):
        assert len(kept) < len(results) and miss in kept and later in kept
        assert first_tries(kept)[("exercise", "open/line", 201000)] is False
    data = class_data([("m.json", results_file(results, learner="Mina", saved=SAVED))])
    head, row = data.csv().splitlines()[:2]
    assert dict(zip(head.split(","), row.split(","), strict=True))["first try"] == "0"


def test_each_item_of_a_learner_is_numbered_once() -> None:
    """The items' titles carry the lesson's number and the item's ("6. …: item 1"): the list
    adds no number of its own (ko read 4, D4: "1. 1. 타일과 플레이어: 1번 문제")."""
    report = ClassReport(lang="ko")
    report.read([("mina.json", results_file([item(201000, 3, 0)], learner="Mina", saved=SAVED))])
    report.grid_lesson.value = "settlement"
    report.items_learner.value = 0
    html = report.items.value
    assert "<ol" not in html and "list-style:none" in html and html.count("<li>") > 3
