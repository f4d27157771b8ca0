"""Results, the results file, the merge, the Leitner schedule, the lesson map and the class data
(issue 20): pure Python, no Jupyter."""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from horserace_nb.teaching.course import (
    LESSONS,
    designed,
    exercise_set,
    lesson_items,
    lesson_of,
    number,
    rules_of,
)
from horserace_nb.teaching.exercises import KINDS
from horserace_nb.teaching.progress import (
    FORMAT,
    MAX_BYTES,
    MAX_RESULTS,
    RULES,
    VERSION,
    Box,
    Result,
    ResultsError,
    class_data,
    due,
    lesson_map,
    merge,
    next_step,
    practice_seed,
    read_folder,
    read_record,
    read_results,
    read_roster,
    read_store,
    record_of,
    results_file,
    rule_states,
    schedule,
    stars_allowed,
)
from horserace_nb.teaching.puzzles import PUZZLES

DAY = dt.date(2026, 12, 1)


def at(day: int, minute: int = 0) -> str:
    return f"2026-12-{day:02d}T09:{minute:02d}:00.000+00:00"


def ex(case: str = "total", seed: int = 1, stars: int = 3, tries: int = 1, day: int = 1,
       minute: int = 0, rules: tuple[str, ...] = (), lesson: str = "") -> Result:
    return Result(lesson, "exercise", case, seed, stars=stars, tries=tries, rules=rules,
                  when=at(day, minute))


def game(points: int = 12, lost: int | None = 3) -> Result:
    return Result("play", "hand", "2p", 45, when=at(1, 30), points=points, lost=lost)


def a_file(results: list[Result], learner: str = "Mina") -> str:
    return results_file(results, learner=learner, site="http://127.0.0.1", saved=at(1, 59))


# ------------------------------------------------------------------------------ the format
def test_a_file_round_trips_items_and_games() -> None:
    results = [ex(rules=("R13",), stars=2, tries=2), game(),
               Result("puzzles", "puzzle", "fifteen", 0, stars=1, tries=3, hints=2,
                      when=at(1, 5)),
               Result("scoring_ends", "predict", "where@sequence", 5, stars=3, tries=1,
                      when=at(1, 6))]
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
    (lambda d: d.update(version=3), "version"),
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
    tab1 = [ex("open/line", 201000, stars=1, tries=3, minute=1, lesson="joining_spinners")]
    tab2 = [ex("open/line", 201000, stars=3, tries=1, minute=2, lesson="joining_spinners"),
            ex("open/opening_double", 201001, stars=2, tries=2, minute=3,
               lesson="joining_spinners")]
    both = merge(tab1, tab2)
    assert len(both) == 3
    first = next(s for s in lesson_map(both) if s.lesson == "joining_spinners")
    assert (first.stars, first.possible) == (5, 3 * len(designed("joining_spinners")))
    assert first.not_done == tuple(lesson_items("joining_spinners")[2:])


# ------------------------------------------------------------------------------ Leitner
def test_a_miss_comes_back_the_same_day_then_next_day_in_three_days_in_a_week() -> None:
    case = "total/singles"
    history = [ex(case, stars=1, tries=3, day=1)]
    assert [b.topic for b in due(history, DAY)] == [case]
    history.append(ex(case, seed=2, day=1, minute=5))  # right: box 2, due the next day
    assert due(history, DAY) == [] and schedule(history)[case].due == dt.date(2026, 12, 2)
    history.append(ex(case, seed=3, day=1, minute=6))  # right again too early: nothing moves
    assert schedule(history)[case].box == 2
    history.append(ex(case, seed=4, day=2))
    assert schedule(history)[case].box == 3
    assert schedule(history)[case].due == dt.date(2026, 12, 5)
    history.append(ex(case, seed=5, day=5))
    assert schedule(history)[case].due == dt.date(2026, 12, 12)
    history.append(ex(case, seed=6, day=12))  # right in box 4: learnt
    assert case not in schedule(history)
    history.append(ex(case, seed=7, day=13, stars=0, tries=0))  # shown: a miss, box 1 again
    assert schedule(history)[case].box == 1


def test_a_missed_case_comes_back_as_that_case_not_as_any_of_its_kind() -> None:
    missed = ex("settle/round_down", 501001, stars=1, tries=3, rules=("R23",),
                lesson="settlement")
    assert [b.topic for b in due([missed], DAY)] == ["settle/round_down"]
    other = ex("settle/tie", 501006, stars=0, tries=2, rules=("R24",), lesson="settlement",
               minute=1)
    assert [b.topic for b in due([missed, other], DAY)] == ["settle/round_down", "settle/tie"]


def test_right_at_the_first_try_after_one_hint_counts_half_not_a_miss() -> None:
    case = "next/drawn"
    half = Result("turns", "exercise", case, 401007, stars=2, tries=1, hints=1, when=at(1))
    assert half.half and half.missed  # (fewer than 3 stars: the map still shows 2)
    assert schedule([half])[case] == Box(case, 2, dt.date(2026, 12, 2))  # not today: box 2
    assert due([half], DAY) == []
    second = ex(case, seed=2, stars=2, tries=2, day=1, minute=5)  # a second try: a miss
    assert not second.half and schedule([second])[case].box == 1
    two_hints = Result("turns", "exercise", case, 3, stars=1, tries=1, hints=2, when=at(1))
    assert not two_hints.half and schedule([two_hints])[case].box == 1
    # scheduled in box 2 and due: a half keeps it in box 2, due again the next day
    history = [ex(case, stars=0, tries=2, day=1), ex(case, seed=2, day=1, minute=1),
               Result("", "exercise", case, 3, stars=2, tries=1, hints=1, when=at(2))]
    assert schedule(history)[case] == Box(case, 2, dt.date(2026, 12, 3))


def test_a_missed_puzzle_comes_back_as_the_cases_of_its_rules() -> None:
    drawn = Result("puzzles", "puzzle", "drawn_tile", 0, stars=0, tries=2, rules=("R13",),
                   when=at(1))
    assert [b.topic for b in due([drawn], DAY)] == ["next/drawn"]  # R18, not R13 or "where"
    target = Result("puzzles", "puzzle", "to_the_target", 0, stars=1, tries=3, when=at(1))
    topics = [b.topic for b in due([target], DAY)]
    assert len(topics) == 2 and all(t.split("/")[0] in KINDS for t in topics)
    for topic, rule in zip(topics, PUZZLES["to_the_target"].rules, strict=True):
        kind, case = topic.split("/")
        assert rule in KINDS[kind].cases[case]  # each comes back as a case of its rule


def test_predictions_and_calls_come_back_as_cases_of_the_rules_they_missed() -> None:
    misses = [Result("scoring_ends", "predict", "total@sequence", 4, stars=1, tries=3,
                     rules=("R14",), when=at(1)),
              Result("scoring_ends", "predict", "played@sequence", 6, stars=0, tries=0,
                     when=at(1, 1)),
              Result("play", "call", "score", 45, stars=0, tries=1, rules=("R13", "R15"),
                     when=at(1, 2)),
              game()]
    topics = [b.topic for b in due(misses, DAY)]
    assert "total/interior" in topics  # the case where R14 turns the total
    assert any(t.startswith("where/") for t in topics)  # "where does it go": best placement
    assert any(t.startswith("score/") for t in topics)
    assert all(t.split("/")[1] in KINDS[t.split("/")[0]].cases for t in topics)


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
    for lesson in [slug for slug in LESSONS if designed(slug)]:
        drills = exercise_set(lesson)
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
    assert next_step([*done, ex("total/singles", stars=0)], DAY) == (
        "progress.next_practise", {"count": 1})


# ------------------------------------------------------------------------------ the class
def test_the_class_data_shows_good_files_and_refuses_the_others() -> None:
    files = [("mina.json", a_file([ex("open/line", 201000, lesson="joining_spinners"),
                                   game(lost=5),
                                   ex("score", 3, stars=1, tries=3, rules=("R15",))])),
             ("joon.json", a_file([], learner="Joon")),
             ("notes.txt", "my homework"),
             ("v3.json", a_file([]).replace('"version": 2', '"version": 3'))]
    data = class_data(files, roster=["Mina", "Joon", "Aiko"])
    assert data.learners() == ["Mina", "Joon"]
    assert [name for name, _ in data.refused] == ["notes.txt", "v3.json"]
    assert data.refused[1][1].code == "version" and "version" in str(data.refused[1][1])
    assert data.not_started() == ["Joon", "Aiko"]
    assert data.rules_missed() == [("R15", 1)]
    lesson = LESSONS.index("joining_spinners")
    assert data.table()[0][1][lesson] == (3, 3 * len(designed("joining_spinners")))
    rows = data.csv().splitlines()
    assert rows[0].startswith(f"learner,lesson {number(LESSONS[0]):02d}")
    assert rows[1].split(",")[1 + lesson] == "3" and rows[1].endswith(",1,5,R15,mina.json")


def test_a_name_that_looks_like_a_formula_stays_text_in_the_csv() -> None:
    data = class_data([("x.json", a_file([], learner="=HYPERLINK(1)"))])
    assert data.csv().splitlines()[1].startswith("'=HYPERLINK")


# ------------------------------------------------------------------------------ issue 28
def test_a_lone_surrogate_or_invisible_characters_in_a_name_are_cleaned_at_read_time() -> None:
    """Defect 8: a name holding a lone surrogate broke the whole report (UnicodeEncodeError in
    the CSV); control, direction and zero-width characters are dropped as the file is read."""
    text = a_file([ex()]).replace('"learner": "Mina"',
                                  '"learner": "Mi\\ud800na\\u202e\\u200b\\u0007"')
    data = class_data([("x.json", text), ("y.json", a_file([], learner="Joon"))])
    assert data.learners() == ["Mi\ufffdna", "Joon"]
    data.csv().encode("utf-8")  # no UnicodeEncodeError
    data.grid_csv().encode("utf-8")
    assert read_results(text.encode("utf-8")).learner == "Mi\ufffdna"


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "2.0", '"2"'])
def test_a_version_that_is_not_exactly_the_number_1_or_2_is_refused(version: str) -> None:
    """Defect 21: ``true`` and ``1.0`` equal 1 in Python, but are not version 1."""
    text = a_file([]).replace('"version": 2', f'"version": {version}')
    with pytest.raises(ResultsError) as err:
        read_results(text)
    assert err.value.code == "version"


@pytest.mark.parametrize("stars, tries, hints", [(3, 7, 5), (3, 0, 0), (1, 0, 0), (3, 2, 0),
                                                 (2, 1, 2)])
def test_stars_the_widgets_never_award_are_refused(stars: int, tries: int, hints: int) -> None:
    """Defect 20: the stars are checked against the tries and hints with the widgets' rule."""
    data = json.loads(a_file([ex()]))
    data["results"][0].update(stars=stars, tries=tries, hints=hints)
    with pytest.raises(ResultsError, match=r"results\[0\]\.stars"):
        read_results(json.dumps(data))


@pytest.mark.parametrize("stars, tries, hints", [(3, 1, 0), (2, 2, 0), (1, 7, 5), (0, 0, 0),
                                                 (0, 4, 1), (1, 1, 0)])
def test_stars_the_widgets_award_are_read(stars: int, tries: int, hints: int) -> None:
    assert stars <= stars_allowed(tries, hints)
    data = json.loads(a_file([ex()]))
    data["results"][0].update(stars=stars, tries=tries, hints=hints)
    assert read_results(json.dumps(data)).results[0].stars == stars


def test_the_writer_never_writes_what_the_reader_refuses() -> None:
    """Defect 18: 9,000 results made a file of over 2 MB that the report refused. The writer
    keeps within the reader's limits: the best and latest result of every lesson item first,
    then the newest others."""
    best = [ex(case, seed, stars=3, tries=1, lesson="joining_spinners", day=1)
            for _, case, seed in lesson_items("joining_spinners")]
    lesson_results = [ex(case, seed, stars=1, tries=3, lesson="joining_spinners",
                         day=2)  # the latest
                      for _, case, seed in lesson_items("joining_spinners")]
    practice = [Result("", "exercise", "total", 900_000_000 + n, stars=3, tries=1,
                       rules=tuple(RULES[:3]),
                       when=f"2026-12-{3 + n // 2000:02d}T{n % 2000 // 60 % 24:02d}:"
                            f"{n % 60:02d}:00.000+00:00")
                for n in range(11_000)]
    text = a_file(best + lesson_results + practice)
    assert len(text.encode("utf-8")) <= MAX_BYTES
    back = read_results(text)
    assert len(back.results) <= MAX_RESULTS
    kept = set(back.results)
    assert set(best) <= kept and set(lesson_results) <= kept  # best and latest per item
    newest = max(practice, key=lambda r: (r.when, r.seed))
    assert newest in kept
    assert min(r.when for r in back.results if r.lesson == "") > min(r.when for r in practice)


def test_the_writer_brings_impossible_stars_down_and_cleans_the_name() -> None:
    wrong = Result("", "exercise", "total", 7, stars=3, tries=7, hints=5, when=at(1))
    back = read_results(results_file([wrong], learner="Mi\ud800na", saved=at(2)))
    assert back.results[0].stars == stars_allowed(7, 5) == 1
    assert back.learner == "Mi\ufffdna"


def test_one_learners_files_merge_into_one_row_naming_the_files() -> None:
    """Defects 10 and 22: Monday's and Friday's file of one learner were two learners; a
    zero-width space split her from the roster; a right-to-left override reversed the names
    after it."""
    monday = a_file([ex("score", 3, stars=1, tries=3, rules=("R15",))], learner="Mina Kim")
    friday = results_file([ex("score", 3, stars=1, tries=3, rules=("R15",)),
                           ex(seed=9, minute=9)], learner=" mina\u200b  KIM ", saved=at(5))
    other = a_file([ex()], learner="\u202eJoon")
    data = class_data([("mina-mon.json", monday), ("joon.json", other),
                       ("mina-fri.json", friday)],
                      roster=["MINA KIM", "Jo\u200bon", "Aiko"])
    assert data.learners() == ["mina KIM", "Joon"]
    assert data.merged() == [("mina KIM", ("mina-mon.json", "mina-fri.json"))]
    assert data.rules_missed() == [("R15", 1)]  # the same miss in two files counts once
    assert data.not_started() == ["Aiko"]
    rows = data.csv().splitlines()
    assert len(rows) == 3 and rows[1].endswith("mina-mon.json mina-fri.json")


def test_files_without_a_name_stay_apart() -> None:
    data = class_data([("a.json", a_file([ex()], learner="")),
                       ("b.json", a_file([ex()], learner=""))])
    assert data.learners() == ["a.json", "b.json"] and data.merged() == []


def test_the_grid_shows_each_learner_on_each_lesson_item() -> None:
    (_, case1, seed1), (_, case2, seed2), (_, case3, seed3) = lesson_items("joining_spinners")[:3]
    results = [ex(case1, seed1, lesson="joining_spinners"),
               ex(case2, seed2, stars=1, tries=2, lesson="joining_spinners", minute=1),
               ex(case3, seed3, stars=0, tries=2, lesson="joining_spinners", minute=2)]
    data = class_data([("m.json", a_file(results))])
    items = [item for _, item in data.items()]
    assert len(items) == sum(len(lesson_items(lesson)) for lesson in LESSONS)
    states = dict(zip(items, data.grid()[0][1], strict=True))
    assert states[("exercise", case1, seed1)] == "first"
    assert states[("exercise", case2, seed2)] == "later"
    assert states[("exercise", case3, seed3)] == "missed"
    assert states[lesson_items("joining_spinners")[3]] == ""
    rows = data.grid_csv().splitlines()
    assert rows[0].startswith("learner,01 ") and rows[1].startswith("Mina,")
    assert rows[1].count("first") == 1 and rows[1].count("missed") == 1


@pytest.mark.parametrize("name", ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "|cmd"])
def test_names_and_file_names_never_read_as_formulas(name: str) -> None:
    data = class_data([(f"{name}.json", a_file([ex()], learner=name))])
    for text in (data.csv(), data.grid_csv()):
        row = next(csv.reader(io.StringIO(text.splitlines()[1])))
        assert row[0][:1] not in "=+-@\t|"
    assert next(csv.reader(io.StringIO(data.csv().splitlines()[1])))[-1].startswith("'")


def test_a_roster_is_a_text_file_of_names(tmp_path: Path) -> None:
    roster = tmp_path / "roster.txt"
    roster.write_text("\ufeff# class 3a\nMina\n\nJoon\u200b\n  aiko \nMINA\n", "utf-8")
    assert read_roster(roster) == ("Mina", "Joon", "aiko")
    assert read_roster(["Mina", " mina "]) == ("Mina",)
    with pytest.raises(ResultsError, match="roster"):
        read_roster(tmp_path / "missing.txt")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_folder_is_read_without_following_fifos_or_links(tmp_path: Path) -> None:
    """Defect 19: a FIFO named ``*.json`` hung the report; a sub-folder or an unreadable file
    was refused as "not JSON text"."""
    (tmp_path / "mina.json").write_text(a_file([ex()]), "utf-8")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "sub.json").mkdir()
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / "link.json").symlink_to(tmp_path / "mina.json")
    secret = tmp_path / "secret.json"
    secret.write_text(a_file([ex()], learner="Joon"), "utf-8")
    secret.chmod(0)
    unreadable = os.geteuid() != 0 if hasattr(os, "geteuid") else True
    files = read_folder(tmp_path)
    data = class_data(files)
    why = {name: exc.code for name, exc in data.refused}
    assert data.learners() == ["Mina"] + ([] if unreadable else ["Joon"])
    assert why["pipe.json"] == "special" and why["sub.json"] == "folder"
    assert why["link.json"] == "link"
    if unreadable:
        assert why["secret.json"] == "denied"
    assert ".ipynb_checkpoints" not in why
