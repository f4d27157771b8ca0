"""The one list of lessons (teaching/course.py): a lesson is known by its slug, so results
stored before lessons had slugs (their lesson's number, results file version 1) and results
stored before a lesson is inserted are still read and counted for the same lesson.

The fixture ``tests/fixtures/results_v1/`` was written by the code before slugs
(``tests/tools/results_v1_fixture.py`` on f30c435): a results file, the browser's per-result
entries and its old single value, and the lesson map and CSVs that code counted from them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import (
    COURSE,
    FORMER_SETS,
    LEGACY_NUMBERS,
    LESSONS,
    MOVED,
    exercise_set,
    lesson,
    lesson_item,
    lesson_items,
    lesson_of,
    migrate,
    notebook,
    number,
    title,
)
from horserace_nb.teaching.exercises import MAX_STARS, own_seed
from horserace_nb.teaching.progress import (
    READS,
    VERSION,
    Result,
    class_data,
    first_tries,
    legacy_entries,
    lesson_map,
    read_entry,
    read_results,
    results_file,
)

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "results_v1"


def _v1() -> tuple[str, list[Result], dict[str, Any]]:
    text = (FIXTURE / "Mina.json").read_text(encoding="utf-8")
    counted = json.loads((FIXTURE / "counted.json").read_text(encoding="utf-8"))
    return text, list(read_results(text).results), counted


_THEN = {heir: heirs[0] for heirs, _ in FORMER_SETS.values() for heir in heirs}
"""A lesson split off another since the fixture was written → the lesson it was part of."""


def _then_items(slug: str) -> list[tuple[str, str, int]]:
    """The lesson's items as the code before its split numbered them (:data:`FORMER_SETS`)."""
    seed = lesson(slug).seed
    if seed not in FORMER_SETS:
        return lesson_items(slug)
    return [("exercise", f"{kind}/{case}", seed * 1000 + place)
            for place, (kind, case) in enumerate(FORMER_SETS[seed][1])]


def _grouped(states: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """A lesson map by lesson as the fixture's code had them: a lesson split since counts its
    parts together (stars, possible stars, items not done in any order, games, predictions)."""
    out: dict[str, list[Any]] = {}
    for slug, (stars, possible, not_done, games, predictions) in states.items():
        then = _THEN.get(slug, slug)
        row = out.setdefault(then, [0, 0, [], 0, 0])
        row[0] += stars
        row[1] += possible
        row[2] = sorted(row[2] + [list(i) for i in not_done])
        row[3] += games
        row[4] += predictions
    return out


def _map(results: list[Result]) -> dict[str, list[Any]]:
    return _grouped({s.lesson: [s.stars, s.possible, [list(i) for i in s.not_done], s.games,
                                s.predictions] for s in lesson_map(results)})


def _expected(counted: dict[str, Any]) -> dict[str, list[Any]]:
    """The lesson map the code before slugs counted, its lessons' numbers read as slugs, with
    the items added to the lessons since (issue 31 item 6: at the end of a lesson's set, so
    that the items before keep their seeds) as possible stars not won and items not done; the
    items of a lesson split since (:data:`FORMER_SETS`) as the items they are now."""
    out = {}
    for row in counted["lesson_map"]:
        slug = LEGACY_NUMBERS[row[0]]
        stars, possible, not_done, *rest = row[1:]
        added = [list(i) for i in _then_items(slug)[possible // MAX_STARS:]] if possible \
            else []
        out[slug] = [stars, possible + MAX_STARS * len(added),
                     sorted(list(lesson_item(tuple(i))) for i in not_done + added), *rest]
    return out


# ------------------------------------------------------------------ results stored before slugs
def _columns(csv_text: str, lesson_of_number: dict[str, str]) -> dict[str, str]:
    """The CSV's one learner row by column, a lesson's column (``lesson 04``, ``04 kind:…``)
    named by the lesson's slug; the totals (stars, possible) left out: they count every lesson
    of the list. An item's column is named by the item it is now (:func:`lesson_item`), a
    lesson split since by the lesson it was part of, its parts' stars added up."""
    head, row = csv_text.splitlines()[:2]
    out: dict[str, str] = {}
    for name, cell in zip(head.split(","), row.split(","), strict=True):
        match = re.fullmatch(r"(lesson )?(\d\d)( .*)?", name)
        if match:
            slug, rest = lesson_of_number[match.group(2)], match.group(3) or ""
            item = re.fullmatch(r" (exercise):(.+):(-?\d+)", rest)
            if item:
                kind, case, seed = lesson_item((item.group(1), item.group(2),
                                                int(item.group(3))))
                name = f"{lesson_of(kind, case, seed)} {kind}:{case}:{seed}"
            else:
                name = f"{_THEN.get(slug, slug)}{rest}"
                if not rest and name in out:
                    cell = str(int(out[name]) + int(cell))
        if name not in ("stars", "possible"):
            out[name] = cell
    return out


def test_a_version_1_file_is_read_and_counted_for_the_same_lessons() -> None:
    text, results, counted = _v1()
    assert json.loads(text)["version"] == 1 and 1 in READS and VERSION == 2
    assert {r.lesson for r in results} <= {*LESSONS, ""}  # every number read as its slug
    assert {r.lesson for r in results} >= {"turns", "puzzles", "play", "scoring_ends"}
    expected = _expected(counted)
    assert {slug: row for slug, row in _map(results).items() if slug in expected} == expected
    data = class_data([("Mina.json", text)])
    now = {f"{number(c.slug):02d}": c.slug for c in COURSE}
    for ours, theirs in ((data.csv(), counted["csv"]), (data.grid_csv(), counted["grid_csv"])):
        before = _columns(theirs, LEGACY_NUMBERS)
        assert {k: v for k, v in _columns(ours, now).items() if k in before} == before


def test_a_version_1_file_written_again_is_version_2_with_slugs_and_the_same_results() -> None:
    text, results, counted = _v1()
    again = results_file(results, learner="Mina", site="lab", saved="2026-12-02T12:00:00Z")
    data = json.loads(again)
    assert data["version"] == 2
    assert {r["lesson"] for r in data["results"] + data["games"]} <= {*LESSONS, ""}
    assert list(read_results(again).results) == results
    merged = class_data([("old.json", text), ("new.json", again)])  # one learner, both files
    assert len(merged.rows()) == 1 and list(merged.rows()[0].results) == results
    assert merged.csv().splitlines()[1].endswith(",old.json new.json")
    assert merged.csv().replace("old.json new.json", "Mina.json") == \
        class_data([("Mina.json", text)]).csv()


def test_the_browsers_entries_and_old_value_of_before_are_read_as_the_same_results() -> None:
    _, results, _ = _v1()
    entries = json.loads((FIXTURE / "store_entries.json").read_text(encoding="utf-8"))
    read = [read_entry(key, text) for key, text in entries.items()]
    assert sorted(read, key=lambda r: r.when) == results  # type: ignore[arg-type, return-value]
    value = json.loads((FIXTURE / "store_value.json").read_text(encoding="utf-8"))
    copied = legacy_entries(value)
    assert copied is not None
    assert sorted((read_entry(k, t) for k, t in copied),
                  key=lambda r: r.when) == results  # type: ignore[arg-type, return-value]


def test_a_lesson_number_of_before_names_its_lesson_for_ever() -> None:
    assert migrate("04") == "turns" and migrate("turns") == "turns" and migrate("") == ""
    assert migrate("42") == "42"  # not a lesson of then: kept as it was (never lost)
    assert exercise_set("04").lesson == "turns"  # Exercises.for_lesson("04") of a saved notebook
    assert [e.seed for e in exercise_set("04").exercises] == \
        [e.seed for e in exercise_set("turns").exercises]
    assert lesson("09").slug == "puzzles"
    with pytest.raises(ValueError, match="lesson: one of start, tiles_players"):
        lesson("nope")


def test_the_list_gives_each_lesson_its_number_notebook_title_and_seed() -> None:
    assert [notebook(c.slug) for c in COURSE][:2] == ["00_start.ipynb", "01_tiles_players.ipynb"]
    assert number("class_report") == len(COURSE) - 1
    assert title("turns", "ko") == f"{number('turns')}. 차례"
    assert title("start", "en") == "the start page"
    seeds = [c.seed for c in COURSE if c.exercises]
    assert len(set(seeds)) == len(seeds) and all(seeds)
    assert lesson_items("turns")[0] == ("exercise", "must_place/draw", 401000)
    assert [c.slug for c in COURSE if c.on_map] == list(LESSONS)


# ------------------------------------------------------------------ a lesson inserted
INSERTED = ('    Lesson("doubles", "joining", _rules(10, 11), seed=701,\n'
            '           exercises=(("open", "line"),)),\n')

_PROBE = r"""
import json, sys
from horserace_nb.teaching.course import COURSE, LESSONS, exercise_set, lesson_items, number
from horserace_nb.teaching.progress import class_data, lesson_map, read_entry, read_results

texts = json.loads(sys.stdin.read())
out = {"numbers": {c.slug: number(c.slug) for c in COURSE}, "maps": [], "csv": [],
       "turns_seeds": [e.seed for e in exercise_set("turns").exercises],
       "doubles": lesson_items("doubles")}
for text in texts["files"]:
    results = list(read_results(text).results)
    out["maps"].append({s.lesson: [s.stars, s.possible, [list(i) for i in s.not_done], s.games,
                                   s.predictions] for s in lesson_map(results)})
    out["csv"].append(class_data([("x.json", text)]).csv().splitlines()[0])
stored = [read_entry(k, t) for k, t in texts["entries"].items()]
out["maps"].append({s.lesson: [s.stars, s.possible, [list(i) for i in s.not_done], s.games,
                               s.predictions] for s in lesson_map(stored)})
print(json.dumps(out))
"""


def test_inserting_a_lesson_keeps_every_stored_result_on_its_lesson(tmp_path: Path) -> None:
    """A copy of the package whose list has a lesson inserted after lesson 3 reads the results
    stored before: the version-1 file (numbers), a version-2 file written by this code (slugs)
    and the browser's entries. Every lesson keeps its stars, its items and its seeds; the
    lessons after the new one are renumbered (their notebooks and the CSV's columns), and the
    new lesson starts empty."""
    text, results, counted = _v1()
    v2 = results_file(results, learner="Mina", site="lab", saved="2026-12-02T12:00:00Z")
    copy = tmp_path / "horserace_nb"
    shutil.copytree(ROOT / "horserace_nb", copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    course = copy / "teaching" / "course.py"
    source = course.read_text(encoding="utf-8")
    at = source.index('    Lesson("turns", ')
    course.write_text(source[:at] + INSERTED + source[at:], encoding="utf-8")
    entries = json.loads((FIXTURE / "store_entries.json").read_text(encoding="utf-8"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", _PROBE], input=json.dumps(
        {"files": [text, v2], "entries": entries}), capture_output=True, text=True, env=env,
        cwd=tmp_path, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    at_turns = number("turns")
    assert out["numbers"].pop("doubles") == at_turns
    assert out["numbers"] == {c.slug: number(c.slug) + (number(c.slug) >= at_turns)
                              for c in COURSE}  # the later lessons one further on
    assert out["turns_seeds"] == [e.seed for e in exercise_set("turns").exercises]
    assert out["doubles"] == [["exercise", "open/line", 701000]]
    before = _expected(counted)
    for counted_map in out["maps"]:  # the v1 file, the v2 file, the browser's entries
        assert counted_map.pop("doubles") == [0, 3, [["exercise", "open/line", 701000]], 0, 0]
        assert _grouped(counted_map) == before
    columns = sorted(out["numbers"][slug] for slug in LESSONS) + [at_turns]
    for header in out["csv"]:  # the CSV's columns: the lessons' numbers now
        assert re.findall(r"lesson (\d\d)", header) == [f"{n:02d}" for n in sorted(columns)]


# ------------------------------------------------------------------ a lesson split
def test_a_result_stored_before_the_split_shows_on_the_lesson_that_teaches_it_now() -> None:
    """Lesson 4 (``turns``) was split: R18–R20 went to ``drawing``, drawn from its own seed,
    and the items ``turns`` kept closed up. A result stored before, on the item as the old set
    numbered it (seed 401007: the drawn tile), counts for that item on ``drawing``'s map, a
    learner's own position of it too, and a kept item that changed places for ``turns``."""
    drawn = ("exercise", "next/drawn", 401007)
    assert lesson("drawing").seed not in {c.seed for c in COURSE if c.slug != "drawing"}
    assert lesson_of(*drawn) == "drawing" and lesson_item(drawn) in lesson_items("drawing")
    old = Result("turns", *drawn, stars=3, tries=1, when="2026-12-01T09:00:00")
    moved = Result("04", "exercise", "next/zero_total", 401014, stars=2, tries=2,
                   when="2026-12-01T09:01:00")
    mine = Result("turns", "exercise", "next/blocked", own_seed(401017, 77), stars=1, tries=3,
                  when="2026-12-01T09:02:00")
    states = {s.lesson: s for s in lesson_map([old, moved, mine])}
    drawing, turns = states["drawing"], states["turns"]
    assert drawing.stars == 3 + 1 and drawing.first == 1
    assert lesson_item(drawn) not in drawing.not_done
    assert ("exercise", "next/blocked", 402006) not in drawing.not_done
    assert turns.stars == 2 and ("exercise", "next/zero_total", 401007) not in turns.not_done
    assert first_tries([old])[lesson_item(drawn)] is True
    grid = class_data([("Mina.json", results_file([old, moved, mine], learner="Mina",
                                                  site="lab", saved="2026-12-02T12:00:00Z"))])
    states_now = dict(zip([i for _, i in grid.items()], grid.grid()[0][1], strict=True))
    assert states_now[("exercise", "next/drawn", 402000)] != ""
    # every item of the set before the split is an item of one of the two lessons now
    for seed, (heirs, items) in FORMER_SETS.items():
        for place, (kind, case) in enumerate(items):
            item = ("exercise", f"{kind}/{case}", seed * 1000 + place)
            assert lesson_of(*item) in heirs and lesson_item(item) in lesson_items(
                lesson_of(*item)), item
    assert all(new not in MOVED for new in MOVED.values())
