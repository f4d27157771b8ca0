"""What the widgets record, the store's protocol, Progress and ClassReport without a browser
(issue 20)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from lesson_sources import builder

from horserace_nb import Game
from horserace_nb.teaching.course import designed
from horserace_nb.teaching.progress import (
    LEGACY_RESULTS,
    Result,
    ResultsError,
    read_record,
    read_results,
    record_of,
    results_file,
    store_entry,
)
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.widgets import ClassReport, Exercises, PlayWidget, Progress, PuzzleWidget
from horserace_nb.widgets.replay import ReplayWidget
from horserace_nb.widgets.store import Store
from horserace_nb.widgets.text import RuleText
from horserace_nb.words.i18n import t

LESSON = "joining_spinners"

STORE_JS = Path(__file__).resolve().parents[1] / "horserace_nb" / "widgets" / "store.js"


def clocked(store: Store) -> None:
    ticks = iter(range(10_000))
    store.clock = lambda: f"2026-12-01T09:{next(ticks) % 60:02d}:00.000+00:00"


def read_back(store: Store, records: list[Any] | None = None, **extra: Any) -> None:
    """What store.js reports after writing the pending entries (or, with *records*, when the
    browser holds those records)."""
    stored = dict(store.pending) if records is None else dict(entries(records))
    store.receive({"kind": "read", "stored": stored, "legacy": {},
                   "site": "http://127.0.0.1/", "problems": [], **extra})


def entries(records: list[Any]) -> list[tuple[str, str]]:
    """The browser's entries of *records* (one that is not a result under a key of its own)."""
    out = []
    for i, record in enumerate(records):
        try:
            out.append(store_entry(read_record(record)))
        except ResultsError:
            out.append((f"r.forged{i}", json.dumps(record)))
    return out


# ------------------------------------------------------------------------------ recording
def test_an_exercise_records_stars_tries_and_the_rules_of_its_wrong_tries() -> None:
    w = Exercises.for_lesson("joining_spinners")
    ex = w.exercise
    wrong = frozenset(ex.choices()) - ex.answer or frozenset()
    w.answer(wrong)
    w.answer(ex.answer)
    w.answer(ex.answer)  # again: nothing more is recorded
    [result] = w.recorder.store.results
    assert (result.lesson, result.kind, result.case, result.seed) == (
        "joining_spinners", "exercise", "open/line", 201000)
    assert (result.stars, result.tries) == (2, 2) and result.rules
    w.next()
    w.show_answer()  # shown first: no stars, recorded
    w.next()
    w.check()  # no point chosen: a wrong answer (no point is open), then left
    w.next()
    w.next()  # not tried at all: nothing recorded
    kept = w.recorder.store.results
    assert [(r.seed, r.stars, r.tries) for r in kept] == [(201000, 2, 2), (201001, 0, 0),
                                                         (201002, 0, 1)]
    assert [r.case for r in kept] == ["open/line", "open/opening_double", "open/straights"]


def test_an_exercise_left_after_a_wrong_try_is_recorded_as_a_miss() -> None:
    w = Exercises("total", seed=5)
    w.answer(w.exercise.answer + 1)
    w.next()
    [result] = w.recorder.store.results
    assert (result.stars, result.tries) == (0, 1) and "R13" in result.rules


def test_a_puzzle_records_when_solved_and_when_shown() -> None:
    w = PuzzleWidget("fifteen")
    puzzle = PUZZLES["fifteen"]
    turns = [turn for turn in puzzle.turns() if turn.chain[:len(puzzle.chain)] == puzzle.chain]
    w.play(list(max(turns, key=lambda turn: (turn.wins, turn.out, turn.raw)).chain))
    assert w.solved
    w.go("spinner_fills")
    w.show_answer()
    results = w.recorder.store.results
    assert [(r.lesson, r.case, r.stars) for r in results] == [("puzzles", "fifteen", 3),
                                                             ("puzzles", "spinner_fills", 0)]


def test_a_prediction_records_its_question() -> None:
    w = ReplayWidget("sequence", predict=True)
    w.step = 5
    w.next_step()
    question = w.question
    assert question is not None
    w.predict_answer(question.answer)
    [result] = w.recorder.store.results
    assert result.kind == "predict" and result.case == f"{question.kind}@sequence"
    assert (result.lesson, result.seed, result.stars) == ("scoring_ends", 6, 3)


def test_a_finished_hand_is_recorded_once_and_its_points_lost_when_reviewed() -> None:
    from test_play_widget import click_through

    w = PlayWidget(Game(players=2, seed=45), human=0, match="hand")
    w.review_rollouts = 4
    click_through(w, until=lambda x: x.game.hand_over)
    w._refresh()  # drawn again: still one result
    results = w.recorder.store.results
    assert len(results) == 1 and results[0].kind == "match" and results[0].lost is None
    assert results[0].lesson == "play" and results[0].case == "2p" and results[0].seed == 45
    review = w.open_review()
    assert review is not None
    review.run()  # computed later where an event loop runs: now, here
    [reviewed] = w.recorder.store.results
    assert reviewed.lost is not None and reviewed.when == results[0].when


# ------------------------------------------------------------------------------ the store
def test_the_store_drops_what_the_browser_reports_stored() -> None:
    store = Store()
    clocked(store)
    first = store.record(Result("", "exercise", "total", 1, stars=3, tries=1, when=store.clock()))
    assert len(store.pending) == 1
    read_back(store)
    assert store.pending == [] and store.results == [first] and store.read


def test_an_unreadable_value_is_said_in_the_widget_language() -> None:
    store = Store(lang="ko")
    sent: list[Any] = []
    store.send = sent.append  # type: ignore[method-assign]
    legacy = {LEGACY_RESULTS: "{not json"}
    read_back(store, [], legacy=legacy)  # set aside first: a backup entry to write
    [[backup, text]] = store.pending
    assert backup.startswith("backup.") and text == "{not json" and sent == []
    read_back(store, None, legacy=legacy)  # the backup is stored: the old value goes
    assert sent == [{"kind": "remove", "entries": [], "legacy": [[LEGACY_RESULTS, "{not json"]]}]
    assert store.notice == t("store.backup", "ko", key=backup)
    store.lang = "ja"
    assert store.notice.startswith("保存された結果")
    read_back(store, [{"kind": "forged"}, record_of(Result("", "exercise", "total", 1,
                                                           when="2026-12-01T09:00:00"))])
    assert store.notice == t("store.bad_records", "ja", count=1) and len(store.results) == 1
    store.receive("garbage")  # ignored
    store.receive({"kind": "read", "stored": "nope", "problems": ["unavailable"]})
    assert store.notice == t("store.unavailable", "ja")


def test_the_download_is_a_results_file_named_after_the_learner() -> None:
    p = Progress()
    clocked(p.store)
    read_back(p.store, [record_of(Result(LESSON, "exercise", "open", 101000, stars=3, tries=1,
                                         when="2026-12-01T08:00:00"))])
    p.set_name("  Mina   Kim ")
    assert p.store.learner == "Mina Kim"
    assert p.store.file_name == "horserace-results-Mina-Kim-2026-12-01.json"
    back = read_results(p.store.file_text)
    assert back.learner == "Mina Kim" and len(back.results) == 1


# ------------------------------------------------------------------------------ Progress
def test_progress_shows_the_map_rules_next_step_and_practises_fresh_positions() -> None:
    p = Progress(lang="ko")
    p.today = lambda: dt.date(2026, 12, 1)
    read_back(p.store, [record_of(Result(LESSON, "exercise", "open/line", 201000, stars=1,
                                         tries=3, rules=("R9",), when="2026-12-01T08:00:00"))])
    items = len(designed("joining_spinners"))
    assert f"별 {3 * items}개 중 1개" in p.map_html.value
    assert f"연습 문제 {items - 1}개" in p.map_html.value
    assert "href='../rules.ko.md#r9'" in p.rules_html.value
    assert "data-rule='R9'" in p.rules_html.value and "최근에 틀림" in p.rules_html.value
    assert p.practise_button.description == t("progress.practise", "ko", count=1)
    assert "먼저 틀린 문제를 연습하세요" in p.next_html.value
    practice = p.practise()
    assert practice is not None and practice.exercise.kind == "open"
    assert practice.exercise.seed not in {r.seed for r in p.results}
    practice.answer(practice.exercise.answer)  # right: up to box 2, due tomorrow
    assert p.due_count == 0 and len(p.results) == 2
    assert p.practise() is None and p.practice is None
    assert p.messages.html.value.count(t("progress.practise_none", "ko")) == 1


def test_reset_is_asked_twice() -> None:
    p = Progress()
    sent: list[Any] = []
    p.store.send = sent.append  # type: ignore[method-assign]
    read_back(p.store, [record_of(Result(LESSON, "exercise", "open", 101000, stars=3, tries=1,
                                         when="2026-12-01T08:00:00"))])
    p.reset_button.click()
    assert sent == [] and len(p.results) == 1 and p.confirm_box.layout.display == ""
    p.cancel_button.click()
    p.reset_button.click()
    p.confirm_button.click()
    assert sent == [{"kind": "clear"}] and p.results == []
    assert t("progress.reset_done", "en") in p.messages.html.value


def _statuses(view: Any) -> list[str]:
    """The HTML widgets of *view* whose markup is a live region (``role="status"``)."""
    import ipywidgets as widgets

    from horserace_nb.widgets.base import _tree

    return [w.value for w in _tree(view)
            if isinstance(w, (widgets.HTML, RuleText))
            and "role='status'" in w.value.replace('"', "'")]


def test_progress_and_the_class_report_are_views_with_one_live_region(tmp_path: Path) -> None:
    from ipywidgets.widgets import widget as widget_module

    from horserace_nb.widgets.base import View

    before = set(widget_module._instances)
    p = Progress(lang="ko")
    read_back(p.store, [record_of(Result(LESSON, "exercise", "open", 101000, stars=1, tries=3,
                                         rules=("R9",), when="2026-12-01T08:00:00"))])
    assert isinstance(p, View) and p.started and p.lang_switch.layout.display == "none"
    assert _statuses(p) == []  # the "next step" line is not a live region
    p.reset_button.click()  # the message area is Progress's one live region
    assert _statuses(p) == [p.messages.html.value]
    p.lang = "ja"
    assert p.store.lang == "ja" and t("progress.title", "ja") in p.title.value
    assert p.practise() is not None and p.practice is not None and p.practice.lang == "ja"
    p.lang = "en"
    assert p.practice.lang == "en"
    p.close()
    assert set(widget_module._instances) <= before
    (tmp_path / "b.json").write_text('{"format": "horserace_nb.results", "version": 9}', "utf-8")
    report = ClassReport(tmp_path, lang="ko")
    assert isinstance(report, View) and _statuses(report) == [report.refused.value]
    report.lang = "ja"
    assert t("report.why.version", "ja") in report.refused.value
    report.close()
    assert set(widget_module._instances) <= before


def test_the_rules_pages_are_the_lessons_rules_pages() -> None:

    from horserace_nb.widgets.common import rules_page

    assert all(builder().rules_page(lang) == rules_page(lang) for lang in ("en", "ko", "ja"))
    assert rules_page("ko") == "../rules.ko.md"


# ------------------------------------------------------------------------------ ClassReport
def test_the_class_report_shows_the_class_and_refuses_bad_files(tmp_path: Path) -> None:
    seed = 301000 + designed("scoring_ends").index(("counted", "unused_branch"))
    miss = Result("scoring_ends", "exercise", "counted/unused_branch", seed, stars=1, tries=3,
                  rules=("R13",),
                  when="2026-12-01T08:00:00")
    (tmp_path / "a.json").write_text(results_file([miss], learner="Mina",
                                                  saved="2026-12-01T09:00:00"), "utf-8")
    (tmp_path / "b.json").write_text('{"format": "horserace_nb.results", "version": 9}', "utf-8")
    report = ClassReport(tmp_path, roster=["Mina", "Aiko"], lang="ja")
    assert "Mina" in report.table.value
    assert f"1/{3 * len(designed('scoring_ends'))}" in report.table.value
    assert 'data-rule="R13"' in report.chart.value and 'lang="ja"' in report.chart.value
    assert "Aiko" in report.not_started.value
    assert t("report.why.version", "ja") in report.refused.value
    assert "download='class-report.csv'" in report.csv_link.value
    report.read([("c.json", b"\xff")])
    assert t("report.why.json", "ja") in report.refused.value
    aiko = results_file([], learner="Aiko", saved="2026-12-01T09:00:00").encode()
    for message, buffers in (({"kind": "begin", "batch": "1", "count": 1}, []),
                             ({"kind": "file", "batch": "1", "index": 0, "name": "d.json",
                               "size": len(aiko)}, [memoryview(aiko)]),
                             ({"kind": "end", "batch": "1", "count": 1}, [])):
        report.upload._handle_custom_msg(message, buffers)
    assert report.data.learners() == ["Mina", "Aiko"]
    assert "Aiko" in report.not_started.value  # a file, but nothing done yet
