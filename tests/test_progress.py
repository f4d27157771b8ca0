"""Results, the results file, the merge, the Leitner schedule, the lesson map and the class data
(issue 20): pure Python, no Jupyter."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from horserace_nb.teaching.course import LESSON_SETS, LESSONS, lesson_items, lesson_of, rules_of
from horserace_nb.teaching.exercises import ExerciseSet
from horserace_nb.teaching.progress import (
    FORMAT,
    MAX_BYTES,
    VERSION,
    Result,
    ResultsError,
    class_data,
    due,
    lesson_map,
    merge,
    next_step,
    practice_seed,
    read_record,
    read_results,
    read_store,
    record_of,
    results_file,
    rule_states,
    schedule,
)

DAY = dt.date(2026, 12, 1)


def at(day: int, minute: int = 0) -> str:
    return f"2026-12-{day:02d}T09:{minute:02d}:00.000+00:00"


def ex(case: str = "total", seed: int = 1, stars: int = 3, tries: int = 1, day: int = 1,
       minute: int = 0, rules: tuple[str, ...] = (), lesson: str = "") -> Result:
    return Result(lesson, "exercise", case, seed, stars=stars, tries=tries, rules=rules,
                  when=at(day, minute))


def game(points: int = 12, lost: int | None = 3) -> Result:
    return Result("07", "hand", "2p", 45, when=at(1, 30), points=points, lost=lost)


def a_file(results: list[Result], learner: str = "Mina") -> str:
    return results_file(results, learner=learner, site="http://127.0.0.1", saved=at(1, 59))


# ------------------------------------------------------------------------------ the format
def test_a_file_round_trips_items_and_games() -> None:
    results = [ex(rules=("R13",), stars=2, tries=2), game(),
               Result("09", "puzzle", "fifteen", 0, stars=1, tries=3, hints=2, when=at(1, 5)),
               Result("03", "predict", "where@sequence", 5, stars=3, tries=1, when=at(1, 6))]
    text = a_file(results)
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert [g["kind"] for g in data["games"]] == ["hand"] and data["games"][0]["lost"] == 3
    assert "R13" in data["rules"]
    back = read_results(text, name="mina.json")
    assert back.learner == "Mina" and back.name == "mina.json"
    assert list(back.results) == merge(results)
    assert read_results(text.encode("utf-8")).results == back.results


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="other.results"), "format"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.pop("learner"), "learner"),
    (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d["results"][0].update(stars=7), "results[0].stars"),
    (lambda d: d["results"][0].update(stars=True), "results[0].stars"),
    (lambda d: d["results"][0].update(tries=-1), "results[0].tries"),
    (lambda d: d["results"][0].update(seed=2.5), "results[0].seed"),
    (lambda d: d["results"][0].update(rules=["R29"]), "results[0].rules"),
    (lambda d: d["results"][0].update(when="yesterday"), "results[0].when"),
    (lambda d: d["results"][0].update(when="2026-13-01T09:00:00"), "results[0].when"),
    (lambda d: d["results"][0].pop("case"), "results[0].case"),
    (lambda d: d["results"][0].update(kind="hand"), "results[0]"),
    (lambda d: d["games"][0].update(lost=-4), "games[0].lost"),
    (lambda d: d["rules"].update(R13={"practised": 1, "missed": 5}), "rules.R13.missed"),
])
def test_a_changed_file_is_refused_naming_the_field(change: Any, field: str) -> None:
    data = json.loads(a_file([ex(stars=2, tries=2, rules=("R13",)), game()]))
    change(data)
    with pytest.raises(ResultsError, match=field.replace("[", r"\[").replace("]", r"\]")):
        read_results(json.dumps(data))


@pytest.mark.parametrize("text, why", [
    ("", "not JSON"), ("{", "not JSON"), ("[]", "JSON object"), ("null", "JSON object"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply|not JSON"),
    (b"\xff\xfe", "UTF-8"), ("x" * (MAX_BYTES + 1), "larger than"),
    ('{"format": "horserace_nb.results", "version": 1, "results": NaN}', "missing|results"),
])
def test_what_is_not_a_results_file_is_refused(text: str | bytes, why: str) -> None:
    with pytest.raises(ResultsError, match=why):
        read_results(text)


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20))
def test_any_json_is_read_or_refused_with_a_results_error(value: Any) -> None:
    for data in (value, {"format": FORMAT, "version": 1, "learner": "", "site": "",
                         "saved": at(1), "results": [value] if not isinstance(value, list)
                         else value, "rules": {}, "games": []}):
        with contextlib.suppress(ResultsError):
            read_results(json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_are_refused_with_a_results_error(text: str | bytes) -> None:
    with pytest.raises(ResultsError):
        read_results(text)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_mutated_field_is_read_or_refused_never_crashes(data: st.DataObject) -> None:
    record = record_of(ex(stars=2, tries=2, rules=("R13",)))
    key = data.draw(st.sampled_from(sorted(record)))
    record[key] = data.draw(st.none() | st.integers() | st.text(max_size=12)
                            | st.lists(st.text(max_size=4), max_size=3))
    try:
        read_record(record)
    except ResultsError as exc:
        assert key in str(exc) or "result" in str(exc)


def test_the_browser_list_keeps_what_it_can_read() -> None:
    good = record_of(ex())
    results, bad = read_store([good, {"kind": "nonsense"}, 5])
    assert results == [ex()] and bad == 2
    assert read_store("not a list") == ([], 0)


# ------------------------------------------------------------------------------ the merge
results_st = st.lists(st.builds(
    lambda case, seed, stars, tries, minute: ex(case, seed, stars, tries, minute=minute),
    st.sampled_from(["total", "open"]), st.integers(1, 3), st.integers(0, 3),
    st.integers(1, 4), st.integers(0, 3)), max_size=8)


@settings(max_examples=100, deadline=None)
@given(results_st, results_st, results_st)
def test_the_merge_is_idempotent_commutative_associative_and_loses_nothing(
        a: list[Result], b: list[Result], c: list[Result]) -> None:
    assert merge(a, a) == merge(a)
    assert merge(a, b) == merge(b, a)
    assert merge(merge(a, b), c) == merge(a, merge(b, c))
    keys = {r.key for r in a + b}
    assert {r.key for r in merge(a, b)} == keys
    for r in a + b:  # a better copy never loses to a worse one
        kept = next(m for m in merge(a, b) if m.key == r.key)
        assert kept.rank() >= r.rank()


def test_two_tabs_lose_nothing_and_the_map_keeps_the_best_stars() -> None:
    tab1 = [ex("open/line", 201000, stars=1, tries=3, minute=1, lesson="02")]
    tab2 = [ex("open/line", 201000, stars=3, tries=1, minute=2, lesson="02"),
            ex("open/opening_double", 201001, stars=2, tries=2, minute=3, lesson="02")]
    both = merge(tab1, tab2)
    assert len(both) == 3
    first = next(s for s in lesson_map(both) if s.lesson == "02")
    assert (first.stars, first.possible) == (5, 3 * len(LESSON_SETS["02"]))
    assert first.not_done == tuple(lesson_items("02")[2:])


# ------------------------------------------------------------------------------ Leitner
def test_a_miss_comes_back_the_same_day_then_next_day_in_three_days_in_a_week() -> None:
    history = [ex(stars=1, tries=3, day=1)]
    assert [b.topic for b in due(history, DAY)] == ["total"]
    history.append(ex(seed=2, day=1, minute=5))  # right: box 2, due the next day
    assert due(history, DAY) == [] and schedule(history)["total"].due == dt.date(2026, 12, 2)
    history.append(ex(seed=3, day=1, minute=6))  # right again too early: nothing moves
    assert schedule(history)["total"].box == 2
    history.append(ex(seed=4, day=2))
    assert schedule(history)["total"].box == 3
    assert schedule(history)["total"].due == dt.date(2026, 12, 5)
    history.append(ex(seed=5, day=5))
    assert schedule(history)["total"].due == dt.date(2026, 12, 12)
    history.append(ex(seed=6, day=12))  # right in box 4: learnt
    assert "total" not in schedule(history)
    history.append(ex(seed=7, day=13, stars=0, tries=0))  # shown: a miss, box 1 again
    assert schedule(history)["total"].box == 1


def test_puzzles_and_predictions_come_back_as_exercises_of_their_kind() -> None:
    misses = [Result("09", "puzzle", "fifteen", 0, stars=0, tries=2, when=at(1)),
              Result("03", "predict", "score@sequence", 8, stars=2, tries=2, when=at(1, 1)),
              game()]
    assert sorted(b.topic for b in due(misses, DAY)) == ["score", "where"]


def test_practice_positions_are_fresh() -> None:
    seed = practice_seed([ex(seed=900_000_001)])
    assert seed == 900_001
    results = [ex(seed=s) for s in (101000, 900_000_000)]
    used = {r.seed for r in results}
    assert all(practice_seed(results) * 1000 + i not in used for i in range(5))


# ------------------------------------------------------------------------------ rules, map
def test_rules_are_new_practised_missed_lately_or_mastered() -> None:
    states = {s.rule: s for s in rule_states(
        [ex("total", s, minute=s) for s in range(3)]
        + [ex("score", 9, stars=1, tries=3, rules=("R15",), minute=9)])}
    assert states["R13"].state == "mastered" and states["R13"].practised == 4
    assert states["R15"].state == "missed" and states["R15"].missed == 1
    assert states["R1"].state == "new"
    assert {s.state for s in rule_states([ex()])} == {"new", "practised"}


def test_the_course_matches_the_lessons_designed_exercises() -> None:
    for lesson in LESSON_SETS:
        drills = ExerciseSet.for_lesson(lesson)
        items = [("exercise", e.progress_case, e.seed) for e in drills.exercises]
        assert lesson_items(lesson) == items and lesson in LESSONS
        assert all(lesson_of(*item) == lesson for item in items)
        assert [rules_of(*item[:2]) for item in items] == [e.item_rules for e in drills.exercises]
        past = drills.next() if len(drills.exercises) == 1 else None
        for _ in drills.exercises[1:]:
            past = drills.next()
        past = drills.next()  # past the set: a fresh position of the first case, off the map
        assert past is not None and past.case == drills.exercises[0].case
        assert lesson_of("exercise", past.progress_case, past.seed) == ""
    assert lesson_of("exercise", "open", 101000) == ""  # the old sampled sets are not on it


def test_what_to_do_next() -> None:
    first, second = LESSONS[:2]
    assert next_step([], DAY) == ("progress.next_lesson", {"lesson": first})
    done = [ex(case, seed, lesson=first) for _, case, seed in lesson_items(first)]
    assert next_step(done, DAY) == ("progress.next_lesson", {"lesson": second})
    assert next_step([*done, ex(stars=0)], DAY) == ("progress.next_practise", {"count": 1})


# ------------------------------------------------------------------------------ the class
def test_the_class_data_shows_good_files_and_refuses_the_others() -> None:
    files = [("mina.json", a_file([ex("open/line", 201000, lesson="02"), game(lost=5),
                                   ex("score", 3, stars=1, tries=3, rules=("R15",))])),
             ("joon.json", a_file([], learner="Joon")),
             ("notes.txt", "my homework"),
             ("v2.json", a_file([]).replace('"version": 1', '"version": 2'))]
    data = class_data(files, roster=["Mina", "Joon", "Aiko"])
    assert data.learners() == ["Mina", "Joon"]
    assert [name for name, _ in data.refused] == ["notes.txt", "v2.json"]
    assert data.refused[1][1].code == "version" and "version" in str(data.refused[1][1])
    assert data.not_started() == ["Joon", "Aiko"]
    assert data.rules_missed() == [("R15", 1)]
    lesson = LESSONS.index("02")
    assert data.table()[0][1][lesson] == (3, 3 * len(LESSON_SETS["02"]))
    rows = data.csv().splitlines()
    assert rows[0].startswith(f"learner,lesson {LESSONS[0]}")
    assert rows[1].split(",")[1 + lesson] == "3" and rows[1].endswith(",1,5,R15")


def test_a_name_that_looks_like_a_formula_stays_text_in_the_csv() -> None:
    data = class_data([("x.json", a_file([], learner="=HYPERLINK(1)"))])
    assert data.csv().splitlines()[1].startswith("'=HYPERLINK")
