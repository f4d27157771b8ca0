"""JupyterLab 4 in Chromium: progress that lasts (issue 20).

A learner solves an exercise of lesson 1; the page is reloaded and another notebook shows
``Progress()``, then its kernel is restarted: the stars are still there, read from the browser's
``localStorage``. A stored value that cannot be read is set aside under a backup key with one
sentence, and recording goes on. "Download my results" saves a file that ``ClassReport`` reads.

The notebooks are written here; expected texts come from the package's own Python objects.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

from horserace_nb.teaching.course import LESSONS, designed, exercise_set

from .conftest import KERNEL_TIMEOUT_MS, Frontend, JupyterServer

pytestmark = pytest.mark.browser

DRILL = "drill.ipynb"
MAP = "map.ipynb"
KEY = "horserace_nb.results.v1"  # (the single value of earlier versions)
STORED = r"""() => Object.keys(localStorage).filter(k => /^horserace_nb\.\/.*\|r\./.test(k))
    .map(k => localStorage.getItem(k))"""  # the site's results, one entry each
SPOT = "svg circle.hr-svg-spot.hr-pickable[data-tile='{on}'][data-side='{side}']"
CELLS = {
    DRILL: 'from horserace_nb.widgets import Exercises\nExercises.for_lesson("joining_spinners")',
    MAP: "from horserace_nb.widgets import Progress\nProgress()",
}


def with_progress_notebooks(server: JupyterServer) -> JupyterServer:
    """Write the drill and the map notebooks into *server*'s root."""
    for name, source in CELLS.items():
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        notebook.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                           "display_name": "Python 3 (ipykernel)"}
        nbformat.write(notebook, str(server.root / name))
    return server


def open_and_run(ui: Frontend, name: str) -> None:
    ui.page.goto(f"{ui.server.url}/lab/tree/{name}?reset")
    ui.wait_idle()
    ui.run_all()


def solve_first_exercise(page: Any) -> None:
    """Lesson 2's first exercise: click the open points on the board, then Check."""
    from playwright.sync_api import expect


    exercise = exercise_set("joining_spinners").current
    root = page.locator(".hr-exercise").first
    expect(root.locator(".hr-board svg")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    for tile, side in exercise.answer:
        spot = root.locator(SPOT.format(on=tile, side=side.value))
        spot.click()
        expect(spot).to_have_attribute("aria-pressed", "true", timeout=KERNEL_TIMEOUT_MS)
    root.get_by_role("button", name="Check").click()
    expect(root.locator(".hr-msg-ok")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(f"() => ({STORED})().some(v => v.includes('{exercise.seed}'))",
                           timeout=KERNEL_TIMEOUT_MS)


def lesson_row(page: Any, lesson: str) -> Any:
    return page.locator(f".hr-progress-map tr[data-lesson='{lesson}']")


def test_stars_survive_a_reload_and_a_kernel_restart_and_show_in_another_notebook(
        lab_server: JupyterServer, page: Any, tmp_path: Path, screenshot: Any) -> None:
    """Then, in the same page, the map's "Download my results" (the class report test that
    was a test of its own: its page solved the same exercise and opened the same map)."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    progress_server = with_progress_notebooks(lab_server)
    ui = Frontend(page, progress_server)
    open_and_run(ui, DRILL)
    solve_first_exercise(page)
    stored = [json.loads(v) for v in page.evaluate(STORED)]
    assert [(r["lesson"], r["seed"], r["stars"]) for r in stored] == [
        ("joining_spinners", 201000, 3)]

    open_and_run(ui, MAP)  # a new page load (the page reloaded, another notebook)
    stars = t("progress.stars", "en", stars=3, max=3 * len(designed("joining_spinners")))
    expect(lesson_row(page, "joining_spinners")).to_contain_text(stars, timeout=KERNEL_TIMEOUT_MS)

    # Kernel → Restart Kernel…, then run the cell again: the stars come back from the browser
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name="Restart Kernel…").click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    ui.wait_idle()
    ui.run_all()
    expect(lesson_row(page, "joining_spinners")).to_contain_text(stars, timeout=KERNEL_TIMEOUT_MS)
    expect(lesson_row(page, "joining_spinners")).to_contain_text(t("progress.todo_exercises", "en",
                                                       count=len(designed("joining_spinners")) - 1))
    expect(page.locator(".hr-rule[data-rule='R9']")).to_contain_text(
        t("progress.rule_practised", "en"))
    ui.show(page.locator(".hr-progress").first)
    screenshot()
    check_the_downloaded_results_are_read_by_the_class_report(ui, page, tmp_path, screenshot)


def test_a_corrupt_stored_value_is_set_aside_and_recording_goes_on(
        lab_server: JupyterServer, page: Any, screenshot: Any) -> None:
    from playwright.sync_api import expect

    progress_server = with_progress_notebooks(lab_server)
    ui = Frontend(page, progress_server)
    # the value stored before the page's first load (its first load only: not again when the
    # drill is opened below)
    page.add_init_script(f"""if (!sessionStorage.getItem('hr-corrupted')) {{
        sessionStorage.setItem('hr-corrupted', '1');
        localStorage.setItem({KEY!r}, '{{not json at all'); }}""")
    open_and_run(ui, MAP)
    notice = page.locator(".hr-progress .hr-store-notice")
    expect(notice).to_contain_text("could not be read", timeout=KERNEL_TIMEOUT_MS)
    backups = page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('horserace_nb./|backup.'))
        .map(k => localStorage.getItem(k))""")
    assert backups == ["{not json at all"]
    assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    ui.show(page.locator(".hr-progress").first)
    screenshot()

    open_and_run(ui, DRILL)  # recording goes on
    solve_first_exercise(page)
    assert len(page.evaluate(STORED)) == 1


def check_the_downloaded_results_are_read_by_the_class_report(
        ui: Frontend, page: Any, tmp_path: Path, screenshot: Any) -> None:
    """The map shows lesson 2's first exercise solved (three stars): the learner's name kept,
    "Download my results" saves a file that ClassReport reads."""
    from playwright.sync_api import expect

    from horserace_nb.widgets import ClassReport
    from horserace_nb.words.i18n import t

    root = page.locator(".hr-progress").first
    stars = t("progress.stars", "en", stars=3, max=3 * len(designed("joining_spinners")))
    expect(lesson_row(page, "joining_spinners")).to_contain_text(stars, timeout=KERNEL_TIMEOUT_MS)
    name = root.get_by_role("textbox")
    name.fill("Mina Kim")
    name.press("Enter")
    root.get_by_role("button", name=t("progress.name_save", "en")).click()
    expect(root).to_contain_text(t("progress.name_kept", "en", name="Mina Kim"))
    with page.expect_download() as info:
        root.get_by_role("button", name=t("progress.download", "en")).click()
    download = info.value
    assert download.suggested_filename.startswith("horserace-results-Mina-Kim-")
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    report = ClassReport([path])
    assert report.data.learners() == ["Mina Kim"] and not report.data.refused
    lesson = LESSONS.index("joining_spinners")
    assert report.data.table()[0][1][lesson] == (3, 3 * len(designed("joining_spinners")))
    ui.show(root)
    screenshot("download")
