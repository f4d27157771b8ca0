"""JupyterLab 4 in Chromium: an exercise solved and a predict-mode step answered by clicking
the board, as a learner does (issue 12 item 4).

The notebook is written here (the tutorials are the lead's): one cell shows a "where does the
tile score most" exercise, one a replay in predict mode at the step before a "where does the tile
go" question. Expected answers come from the same Python objects built here.
"""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from .conftest import KERNEL_TIMEOUT_MS, Frontend, JupyterServer, PlayDriver

pytestmark = pytest.mark.browser

NAME = "drills.ipynb"
EXERCISE = 'from horserace_nb.widgets.exercise import Exercises\nExercises("where", seed=5)'
REPLAY = ("from horserace_nb.widgets import ReplayWidget\n"
          "r = ReplayWidget(\"sequence\", predict=True)\nr.step = 5\nr")
SPOT = "svg circle.hr-svg-spot.hr-lit[data-tile='{on}'][data-side='{side}']"


def with_drills(server: JupyterServer) -> JupyterServer:
    """Write the drills notebook into *server*'s root."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(EXERCISE),
                                               nbformat.v4.new_code_cell(REPLAY)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                       "language": "python"}
    nbformat.write(notebook, str(server.root / NAME))
    return server


def driver_for(page: Any, server: JupyterServer, selector: str) -> PlayDriver:
    """The play driver's wait-until-settled clicks, on another widget (its change counter
    watches one widget: start it afresh)."""
    page.evaluate("() => { window.__hrWatch = undefined; }")
    driver = PlayDriver(page, Frontend(page, server))
    driver.root = page.locator(selector).first
    return driver


def test_an_exercise_and_a_predict_step_solved_by_clicking(
        lab_server: JupyterServer, page: Any, screenshot: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.widgets import ReplayWidget
    from horserace_nb.widgets.exercise import Exercises
    from horserace_nb.words.i18n import t

    drills_server = with_drills(lab_server)
    ui = Frontend(page, drills_server)
    page.goto(f"{drills_server.url}/lab/tree/{NAME}?reset")
    ui.wait_idle()
    ui.run_all()

    # the exercise: the tile is in hand, its legal points lit; a wrong point, then the right one
    exercise = Exercises("where", seed=5).exercise
    drills = driver_for(page, drills_server, ".hr-exercise")
    expect(drills.root.locator("svg .hr-svg-spot.hr-lit").first).to_be_visible(
        timeout=KERNEL_TIMEOUT_MS)
    wrong = next(p for p in exercise.choices() if p != exercise.answer)
    drills.settle(drills.root.locator(SPOT.format(on=wrong[0], side=wrong[1].value)).click)
    expect(drills.root.locator(".hr-msg-error")).to_contain_text("R15")
    on, side = exercise.answer
    drills.settle(drills.root.locator(SPOT.format(on=on, side=side.value)).click)
    expect(drills.root.locator(".hr-msg-ok")).to_contain_text(
        exercise.check(exercise.answer).message)
    expect(drills.root.locator(".hr-stars")).to_contain_text("★★☆")

    # predict mode: Next asks where [1|5] goes; clicking its point reveals the step
    expected = ReplayWidget("sequence", predict=True)
    expected.step = 5
    expected.next_step()
    question = expected.question
    assert question is not None and question.answer_form == "point"
    replay = driver_for(page, drills_server, ".hr-replay")
    replay.click(replay.root.get_by_role("button", name=t("replay.next", "en")))
    expect(replay.root.locator(".hr-predict")).to_contain_text(str(question.tile))
    on, side = question.answer
    replay.settle(replay.root.locator(SPOT.format(on=on, side=side.value)).click)
    expect(replay.root.locator(".hr-msg-ok")).to_contain_text("R9")
    expected.click_point(on, side)
    heading = expected.heading.value.split("<b class='hr-heading'>")[-1].split("</b>")[0]
    expect(replay.root.locator(".hr-heading")).to_have_text(heading)
    expect(replay.root.locator(".hr-predict")).to_be_hidden()
    ui.show(replay.root)
    screenshot()
