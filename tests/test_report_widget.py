"""The class report widget with untrusted files (issue 28), without a browser: uploads of any
size, files of one learner merged, the grid, the roster, folders with FIFOs and links, and every
name escaped wherever it is shown."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from lesson_sources import texts

from horserace_nb.teaching.course import LESSONS, lesson_items
from horserace_nb.teaching.progress import MAX_BYTES, Result, results_file
from horserace_nb.widgets import ClassReport
from horserace_nb.words.i18n import t

SAVED = "2026-12-01T10:00:00.000+00:00"


def learner_file(name: str, count: int = 1, stars: int = 3) -> bytes:
    results = [Result("", "exercise", "total", 900_000_000 + n, stars=stars,
                      tries=1 if stars == 3 else 4, rules=("R13",) if stars < 3 else (),
                      when=f"2026-11-{1 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00")
               for n in range(count)]
    return results_file(results, learner=name, saved=SAVED).encode("utf-8")


def upload(report: ClassReport, files: list[tuple[str, bytes | None]], picked: int | None = None,
           batch: str = "b1") -> list[dict[str, Any]]:
    """Send *files* as the uploader's front end does: one message a file (a file too large
    announced without its contents), then the end. Returns the messages sent."""
    sent: list[dict[str, Any]] = []

    def send(message: dict[str, Any], buffers: list[Any]) -> None:
        sent.append({**message, "bytes": sum(len(b) for b in buffers)})
        report.upload._handle_custom_msg(message, buffers)

    count = len(files) if picked is None else picked
    send({"kind": "begin", "batch": batch, "count": count}, [])
    for index, (name, content) in enumerate(files):
        head = {"kind": "file", "batch": batch, "index": index, "name": name,
                "size": MAX_BYTES + 1 if content is None else len(content)}
        send(head, [] if content is None else [memoryview(content)])
    send({"kind": "end", "batch": batch, "count": count}, [])
    return sent


def test_an_upload_over_10_mib_arrives_whole_one_file_a_message() -> None:
    """Defect 12: 280 files of 40 KB (over 10 MiB, Voilà's largest message) were lost without a
    word with FileUpload, which sends them in one message."""
    files = [(f"learner-{n:03d}.json", learner_file(f"Learner {n}", 290)) for n in range(280)]
    assert all(len(c) >= 38_000 for _, c in files)
    assert sum(len(c) for _, c in files) > 10 * 2 ** 20
    report = ClassReport(lang="ko")
    sent = upload(report, files)  # type: ignore[arg-type]
    assert max(m["bytes"] for m in sent) <= MAX_BYTES
    assert len(report.data.learners()) == 280 and not report.data.refused
    assert t("report.count", "ko", count=280) in report.count.value
    report.close()


def test_a_file_too_large_or_missing_is_said_never_silent() -> None:
    report = ClassReport(lang="ja")
    upload(report, [("mina.json", learner_file("Mina")), ("huge.json", None)], picked=3)
    assert report.data.learners() == ["Mina"]
    assert t("report.refused", "ja", name="<bdi>huge.json</bdi>",
             reason=t("report.why.large", "ja")) in report.refused.value
    assert t("report.incomplete", "ja", count=2, total=3) in report.refused.value
    upload(report, [("mina.json", learner_file("Mina"))], batch="b2")  # a new pick replaces it
    assert report.refused.value == ""
    report.close()


def test_messages_of_another_batch_or_malformed_are_ignored() -> None:
    report = ClassReport()
    for message in ({"kind": "file", "batch": "x", "name": "a.json"}, "nonsense",
                    {"kind": "begin", "batch": "1", "count": -1}, {"kind": "end", "batch": 5}):
        report.upload._handle_custom_msg(message, [])
    assert report.data.learners() == [] and report.upload.files == []
    report.close()


def test_a_lone_surrogate_in_a_name_does_not_break_the_report() -> None:
    """Defect 8: the whole report (table, CSV) was lost to a UnicodeEncodeError."""
    text = learner_file("Mina").replace(b'"learner": "Mina"', b'"learner": "Mi\\ud800na"')
    report = ClassReport(lang="en")
    report.read([("x.json", text), ("y.json", learner_file("Joon"))])
    assert "Mi\ufffdna" in report.table.value and "Joon" in report.table.value
    assert "class-report.csv" in report.csv_link.value
    assert not report.messages.box.children or "Error" not in str(report.messages.box)
    report.close()


HOSTILE = "<img src=x onerror=alert(1)>"


def test_names_and_file_names_are_escaped_wherever_shown(tmp_path: Path) -> None:
    report = ClassReport(roster=[HOSTILE + "2"], lang="en")
    report.read([(HOSTILE + ".json", learner_file(HOSTILE, stars=1)),
                 ("b.json", learner_file(HOSTILE.upper(), stars=1)),
                 (HOSTILE + "bad.json", b"no")])
    shown = [report.table.value, report.grid.value, report.merged.value,
             report.not_started.value, report.refused.value, report.chart.value]
    assert all("<img" not in html for html in shown)
    assert "&lt;img" in report.table.value and "&lt;img" in report.merged.value
    assert "&lt;img" in report.not_started.value and "&lt;img" in report.refused.value
    report.close()


def test_the_report_merges_one_learners_files_and_says_which() -> None:
    report = ClassReport(roster=["Mina", "Aiko"], lang="ko")
    report.read([("mina-mon.json", learner_file("Mina", 2)),
                 ("mina-fri.json", learner_file(" MINA\u200b", 3))])
    assert report.data.learners() == ["Mina"]  # the first file's name (saved alike)
    assert "mina-mon.json" in report.merged.value and "mina-fri.json" in report.merged.value
    assert t("report.merged_title", "ko") in report.merged.value
    assert "Aiko" in report.not_started.value and "Mina" not in report.not_started.value
    report.close()


def test_the_grid_shows_the_lesson_chosen_and_downloads_every_item() -> None:
    lesson = next(n for n in LESSONS if len(lesson_items(n)) > 2)
    (kind, case, seed), (kind2, case2, seed2) = lesson_items(lesson)[:2]
    results = [Result(lesson, kind, case, seed, stars=3, tries=1, when="2026-12-01T09:00:00"),
               Result(lesson, kind2, case2, seed2, stars=0, tries=2,
                      when="2026-12-01T09:01:00")]
    report = ClassReport(lang="ja")
    report.read([("m.json", results_file(results, learner="Mina", saved=SAVED))])
    report.grid_lesson.value = lesson
    grid = report.grid.value
    assert f"data-lesson='{lesson}'" in grid
    assert grid.count("<td") == len(lesson_items(lesson))
    assert grid.count("data-state='first'") == 1 and grid.count("data-state='missed'") == 1
    assert t("report.grid_legend", "ja") in grid
    assert "class-items.csv" in report.csv_link.value
    report.close()


def test_a_roster_file_lists_who_has_not_started(tmp_path: Path) -> None:
    roster = tmp_path / "class-3a.txt"
    roster.write_text("Mina\nJoon\nAiko\n", "utf-8")
    report = ClassReport(roster=roster)
    report.read([("m.json", learner_file("mina"))])
    assert "Joon" in report.not_started.value and "Aiko" in report.not_started.value
    assert "Mina" not in report.not_started.value
    report.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_folder_with_a_fifo_is_read_at_once_with_the_real_reasons(tmp_path: Path) -> None:
    """Defect 19: a FIFO named ``*.json`` hung the report for ever."""
    (tmp_path / "mina.json").write_bytes(learner_file("Mina"))
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "sub.json").mkdir()
    (tmp_path / "link.json").symlink_to(tmp_path / "mina.json")
    made: list[ClassReport] = []
    thread = threading.Thread(target=lambda: made.append(ClassReport(tmp_path, lang="en")),
                              daemon=True)
    thread.start()
    thread.join(30)
    assert made, "the report waited on the FIFO"
    report = made[0]
    assert report.data.learners() == ["Mina"]
    for name, why in (("pipe.json", "special"), ("sub.json", "folder"), ("link.json", "link")):
        assert t("report.refused", "en", name=f"<bdi>{name}</bdi>",
                 reason=t(f"report.why.{why}", "en")) in report.refused.value
    report.close()


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_lesson_11_suggests_a_results_folder_outside_the_published_notebooks(lang: str) -> None:
    """Defect 4: ``ClassReport("results/")`` in lesson 11 is ``notebooks/<lang>/results/``, which
    the site builder publishes with every learner's results file."""
    import re

    code = texts(lang)["report.folder"]
    calls = re.findall(r'ClassReport\("([^"]*)"(?:, roster="([^"]*)")?', code)
    assert calls
    notebooks = (Path(__file__).parents[1] / "notebooks" / lang).resolve()
    for path in (p for call in calls for p in call if p):
        where = Path(os.path.expanduser(path))
        assert where.is_absolute(), path  # not relative to the lesson's folder
        assert notebooks not in (notebooks / where).resolve().parents, path
