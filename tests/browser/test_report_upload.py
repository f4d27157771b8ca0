"""Voilà in Chromium: a class report upload larger than Voilà's largest websocket message
(issue 28, defect 12).

280 learners' results files of about 40 KB (over 10 MiB in all) and one file over the report's
limit are picked at once on the English class report page: every learner arrives (the files go
one per message), the file too large is refused with its reason, the grid and both CSV links are
shown. With ``ipywidgets.FileUpload`` the whole pick was one message, dropped without a word.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

from .conftest import KERNEL_TIMEOUT_MS, REPO, JupyterServer, voila_url

pytestmark = pytest.mark.browser

NAME = notebook("class_report")
LEARNERS = 280


@pytest.fixture
def upload_page(voila_server: JupyterServer) -> str:
    """The English class report in the run's Voilà server (a copy under its own name)."""
    name = f"upload_{NAME}"
    shutil.copyfile(REPO / "notebooks" / "en" / NAME, voila_server.root / name)
    return voila_url(voila_server, name)


def _files(folder: Path) -> list[Path]:
    from horserace_nb.teaching.progress import MAX_BYTES, Result, results_file

    paths = []
    for n in range(LEARNERS):
        results = [Result("", "exercise", "total", 900_000_000 + k, stars=3, tries=1,
                          when=f"2026-11-{1 + k // 1440:02d}T{k // 60 % 24:02d}:{k % 60:02d}:00")
                   for k in range(290)]
        results.append(Result("02", "exercise", "open/line", 201000, stars=1 + n % 3,
                              tries=3 - n % 3, when="2026-12-01T09:00:00"))
        path = folder / f"learner-{n:03d}.json"
        path.write_text(results_file(results, learner=f"Learner {n}",
                                     saved="2026-12-01T10:00:00"), "utf-8")
        paths.append(path)
    huge = folder / "huge.json"
    huge.write_bytes(b" " * (MAX_BYTES + 10))
    return [*paths, huge]


def test_an_upload_over_10_mib_arrives_whole_in_voila(
        upload_page: str, page: Any, tmp_path: Path, screenshot: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    files = _files(tmp_path)
    assert sum(p.stat().st_size for p in files[:LEARNERS]) > 10 * 2 ** 20

    page.goto(upload_page)
    root = page.locator(".hr-report")
    expect(root).to_contain_text(t("report.no_files", "en"), timeout=KERNEL_TIMEOUT_MS)
    button = root.get_by_role("button", name=t("report.upload", "en"))
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files([str(p) for p in files])
    expect(root).to_contain_text(t("report.count", "en", count=LEARNERS),
                                 timeout=KERNEL_TIMEOUT_MS * 2)
    table = root.locator(".hr-report-table")
    expect(table).to_contain_text("Learner 0")
    expect(table).to_contain_text(f"Learner {LEARNERS - 1}")
    expect(root.locator(".hr-report-refused")).to_contain_text(
        t("report.refused", "en", name="huge.json",
          reason=t("report.why.large", "en")))
    expect(root.locator(".hr-report-grid tr")).to_have_count(LEARNERS + 1)
    expect(root.locator("a.hr-report-csv")).to_have_attribute("download", "class-report.csv")
    expect(root.locator("a.hr-report-grid-csv")).to_have_attribute("download",
                                                                   "class-items.csv")
    screenshot()
