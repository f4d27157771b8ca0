"""Reviews aimed at the miss (issue 31 item 4): "Practise my mistakes" brings back the missed
case in a fresh position; a missed prediction is recorded and comes back as the cases of the rules
it missed (the schedule's own rules are tested in test_progress.py)."""

from __future__ import annotations

from horserace_nb.teaching.exercises import KINDS
from horserace_nb.teaching.progress import Result, record_of, store_entry
from horserace_nb.widgets import Progress
from horserace_nb.widgets.replay import ReplayWidget
from horserace_nb.widgets.store import Store


def read_back(store: Store, results: list[Result]) -> None:
    """What store.js reports when the browser holds *results*."""
    store.receive({"kind": "read", "stored": dict(store_entry(r) for r in results),
                   "legacy": {}, "site": "http://127.0.0.1/", "problems": []})


def test_practise_my_mistakes_brings_back_the_missed_case_in_a_fresh_position() -> None:
    missed = Result("settlement", "exercise", "settle/round_down", 501001, stars=1, tries=3,
                    rules=("R23",), when="2026-12-01T08:00:00")
    p = Progress()
    read_back(p.store, [missed])
    practice = p.practise()
    assert practice is not None
    assert [e.progress_case for e in practice.drills.exercises] == ["settle/round_down"]
    fresh = practice.exercise
    assert fresh.seed != missed.seed
    assert record_of(missed)["case"] == fresh.progress_case
    practice.answer(fresh.answer)  # right: the case moves up a box, nothing is due today
    assert p.due_count == 0


def test_a_missed_prediction_is_recorded_and_comes_back_as_the_cases_of_its_rules() -> None:
    w = ReplayWidget("sequence", predict=True)
    w.next_step()
    assert w.question is not None
    w.predict_answer(w.question.answer + 1)  # wrong: R13
    w.predict_answer(w.question.answer)
    [recorded] = [r for r in w.recorder.store.results if r.kind == "predict"]
    assert recorded.missed and "R13" in recorded.rules
    assert recorded.case == "total@sequence"  # the end total after [1|1]
    p = Progress()
    read_back(p.store, [recorded])
    practice = p.practise()
    assert practice is not None
    cases = [e.progress_case for e in practice.drills.exercises]
    assert cases and all("/" in case for case in cases)
    for case in cases:  # each a designed case that turns on a rule the prediction missed
        kind, name = case.split("/")
        assert set(KINDS[kind].cases[name]) & set(recorded.rules), case


def test_the_store_keeps_what_a_half_needs_when_it_lets_old_results_go() -> None:
    """compact() keeps, for a case in the schedule, every result since its last miss: a half is
    not one (it keeps the box it finds), so the results before it stay and the box is kept."""
    from horserace_nb.teaching.progress import compact, schedule

    def at(day: int, minute: int = 0) -> str:
        return f"2026-12-{day:02d}T09:{minute:02d}:00+00:00"

    case = "total/singles"
    history = [Result("", "exercise", case, 1, stars=1, tries=3, when=at(1)),
               Result("", "exercise", case, 2, stars=3, tries=1, when=at(1, 1)),
               Result("", "exercise", case, 3, stars=3, tries=1, when=at(2)),
               Result("", "exercise", case, 4, stars=2, tries=1, hints=1, when=at(5))]
    assert schedule(history)[case].box == 3  # the half on its due day keeps box 3
    others = [Result("", "exercise", "score/opening", 10 + n, stars=3, tries=1,
                     when=at(6, n)) for n in range(40)]
    kept = compact([*history, *others], count=20)
    assert len(kept) < len(history) + len(others)
    assert schedule(kept) == schedule([*history, *others])
