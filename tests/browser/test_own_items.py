"""JupyterLab 4 in Chromium: items of one's own (issue 31 item 3). A lesson's exercises in a
browser that keeps no name ask for it once; the name typed is kept in the browser's storage
(the lesson map's entry) and the exercises become the learner's own positions; run again, the
notebook asks nothing and shows the same own positions.

Expected texts come from the package's own Python objects."""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from horserace_nb.teaching.course import exercise_set
from horserace_nb.words.i18n import t

from .conftest import KERNEL_TIMEOUT_MS, Frontend, JupyterServer

pytestmark = pytest.mark.browser

NAME = "own.ipynb"
SOURCE = 'from horserace_nb.widgets import Exercises\nExercises.for_lesson("settlement")'
LEARNER = "Mina <b>Kim</b>"


def test_the_name_is_asked_once_kept_and_gives_the_learners_own_items(
        lab_server: JupyterServer, page: Any, screenshot: Any) -> None:
    from playwright.sync_api import expect

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                       "display_name": "Python 3 (ipykernel)"}
    nbformat.write(notebook, str(lab_server.root / NAME))
    ui = Frontend(page, lab_server)
    page.goto(f"{ui.server.url}/lab/tree/{NAME}?reset")
    ui.wait_idle()
    ui.run_all()
    root = page.locator(".hr-exercise").first
    plain = exercise_set("settlement").current.prompt("en")[0]
    expect(root).to_contain_text(plain, timeout=KERNEL_TIMEOUT_MS)
    expect(root).to_contain_text(t("exercise.name_ask", "en"), timeout=KERNEL_TIMEOUT_MS)
    box = root.get_by_role("textbox", name=t("progress.name_label", "en"))
    box.fill(LEARNER)
    keep = root.get_by_role("button", name=t("progress.name_save", "en"))
    size = keep.bounding_box()
    assert size is not None and size["height"] >= 44
    keep.click()
    own = exercise_set("settlement", learner=LEARNER).current.prompt("en")[0]
    assert own != plain
    expect(root).to_contain_text(own, timeout=KERNEL_TIMEOUT_MS)
    expect(root).to_contain_text(t("exercise.own_items", "en", name=LEARNER))
    expect(root.locator(".hr-exercise b", has_text="Kim")).to_have_count(0)  # (escaped)
    page.wait_for_function("""() => Object.keys(localStorage).some(k =>
        k.endsWith('|learner') && localStorage.getItem(k) === 'Mina <b>Kim</b>')""",
                           timeout=KERNEL_TIMEOUT_MS)
    ui.show(root)
    screenshot()

    ui.run_all()  # again: nothing asked, the learner's own items at once
    root = page.locator(".hr-exercise").first
    expect(root).to_contain_text(own, timeout=KERNEL_TIMEOUT_MS)
    expect(root).not_to_contain_text(t("exercise.name_ask", "en"))
