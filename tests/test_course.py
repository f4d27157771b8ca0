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
    LEGACY_NUMBERS,
    LESSONS,
    exercise_set,
    lesson,
    lesson_items,
    migrate,
    notebook,
    number,
    title,
)
from horserace_nb.teaching.progress import (
    READS,
    VERSION,
    Result,
    class_data,
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


def _map(results: list[Result]) -> dict[str, list[Any]]:
    return {s.lesson: [s.stars, s.possible, [list(i) for i in s.not_done], s.games,
                       s.predictions] for s in lesson_map(results)}


def _expected(counted: dict[str, Any]) -> dict[str, list[Any]]:
    """The lesson map the code before slugs counted, its lessons' numbers read as slugs."""
    return {LEGACY_NUMBERS[row[0]]: row[1:] for row in counted["lesson_map"]}


# ------------------------------------------------------------------ results stored before slugs
def test_a_version_1_file_is_read_and_counted_for_the_same_lessons() -> None:
    text, results, counted = _v1()
    assert json.loads(text)["version"] == 1 and 1 in READS and VERSION == 2
    assert {r.lesson for r in results} <= {*LESSONS, ""}  # every number read as its slug
    assert {r.lesson for r in results} >= {"turns", "puzzles", "play", "scoring_ends"}
    assert _map(results) == _expected(counted)
    data = class_data([("Mina.json", text)])
    assert data.csv() == counted["csv"] and data.grid_csv() == counted["grid_csv"]


def test_a_version_1_file_written_again_is_version_2_with_slugs_and_the_same_results() -> None:
    text, results, counted = _v1()
    again = results_file(results, learner="Mina", site="lab", saved="2026-12-02T12:00:00Z")
    data = json.loads(again)
    assert data["version"] == 2
    assert {r["lesson"] for r in data["results"] + data["games"]} <= {*LESSONS, ""}
    assert list(read_results(again).results) == results
    merged = class_data([("old.json", text), ("new.json", again)])  # one learner, both files
    assert len(merged.rows()) == 1 and list(merged.rows()[0].results) == results
    assert merged.csv().splitlines()[1:] == [
        counted["csv"].splitlines()[1].replace("Mina.json", "old.json new.json")]


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
    assert title("turns", "ko") == "4. 차례" and title("start", "en") == "the start page"
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
    assert out["numbers"]["scoring_ends"] == 3 and out["numbers"]["doubles"] == 4
    assert out["numbers"]["turns"] == 5 and out["numbers"]["class_report"] == len(COURSE)
    assert out["turns_seeds"] == [e.seed for e in exercise_set("turns").exercises]
    assert out["doubles"] == [["exercise", "open/line", 701000]]
    before = _expected(counted)
    for counted_map in out["maps"]:  # the v1 file, the v2 file, the browser's entries
        assert counted_map.pop("doubles") == [0, 3, [["exercise", "open/line", 701000]], 0, 0]
        assert counted_map == before
    for header in out["csv"]:
        columns = re.findall(r"lesson (\d\d)", header)
        assert columns == ["01", "02", "03", "04", "05", "06", "07", "08", "10"]
