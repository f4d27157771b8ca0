"""Voilà in Chromium: the teacher's class report (issue 20), files picked with the upload button.

The Korean class report notebook is shown by Voilà; two learners' results files and a file that
is not one are picked: the table, the chart and the refused file (with its reason, in Korean)
are shown, and the CSV link is there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

from .conftest import KERNEL_TIMEOUT_MS, JupyterServer, voila_url

pytestmark = pytest.mark.browser

NAME = notebook("class_report")


def test_the_class_report_reads_picked_files_in_voila(
        voila_server: JupyterServer, page: Any, tmp_path: Path, screenshot: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.teaching.progress import Result, results_file
    from horserace_nb.words.i18n import t

    files = []
    for name, stars in (("Mina", 3), ("Joon", 1)):
        result = Result("02", "exercise", "open", 101000, stars=stars, tries=4 - stars,
                        rules=("R9",) if stars < 3 else (), when="2026-12-01T09:00:00")
        path = tmp_path / f"{name}.json"
        path.write_text(results_file([result], learner=name, saved="2026-12-01T10:00:00"),
                        "utf-8")
        files.append(path)
    bad = tmp_path / "notes.json"
    bad.write_text("my homework", "utf-8")
    files.append(bad)

    page.goto(voila_url(voila_server, NAME))  # the session's Voilà shows it
    root = page.locator(".hr-report")
    expect(root).to_contain_text(t("report.no_files", "ko"), timeout=KERNEL_TIMEOUT_MS)
    with page.expect_file_chooser() as chooser:
        root.get_by_role("button", name=t("report.upload", "ko")).click()
    chooser.value.set_files([str(p) for p in files])
    table = root.locator(".hr-report-table")
    expect(table).to_contain_text("Mina", timeout=KERNEL_TIMEOUT_MS)
    expect(table).to_contain_text("Joon")
    expect(root.locator(".hr-report-refused")).to_contain_text(
        t("report.refused", "ko", name="notes.json", reason=t("report.why.json", "ko")))
    expect(root.locator(".hr-report-chart svg rect.hr-svg-bar[data-rule='R9']")).to_have_count(1)
    expect(root.locator("a.hr-report-csv")).to_have_attribute("download", "class-report.csv")
    screenshot()
