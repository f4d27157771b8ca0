"""JupyterLab 4 in Chromium: the replay and play widgets render and answer clicks.

What a learner does: open the notebook, Run → Run All Cells, wait for the kernel to be idle,
then click the widget's buttons. Expected texts come from the widgets' own Python code run here
(the same default example and language), never from copies of the rendered page.
"""

from __future__ import annotations

from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

from .conftest import wait_for_stored_pictures

pytestmark = pytest.mark.browser

REPLAY = notebook("joining_spinners")
PLAY = notebook("play")


def test_a_lessons_stored_pictures_show_then_replay_next_steps_the_board(
        lab_server: Any, frontend: Any, replay_check: Any, screenshot: Any, page: Any) -> None:
    """Trusted as the README's set-up trusts the lessons, a lesson opens with its worked
    examples drawn (the outputs stored in it), before a cell runs; then, Run All Cells, its
    replay's Next steps the board (one page for both checks)."""
    name = REPLAY
    page.goto(f"{lab_server.url}/lab/tree/{name}?reset")
    wait_for_stored_pictures(page)
    assert page.locator(".jp-NotebookPanel .jp-InputPrompt", has_text="[*]").count() == 0
    screenshot()
    ui = frontend(lab_server)
    ui.wait_idle()
    ui.run_all()
    replay = replay_check()
    ui.show(replay)
    screenshot("replay")
    replay.screenshot(path=str(screenshot("full").with_name(
        "test_lab-test_replay_next_steps_the_board-widget.png")))
    # nothing answered before it is asked: after Run All Cells the next cell, an "answer
    # first" task, shows Show answer and no picture; the picture comes when it is pressed
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    reveal = page.locator(".hr-reveal").first
    reveal.scroll_into_view_if_needed()
    expect(reveal.locator("img")).to_have_count(0)
    reveal.get_by_role("button", name=t("exercise.show_answer", "en")).click()
    expect(reveal.locator("img[alt]")).to_have_count(1)
    assert reveal.locator("img").get_attribute("alt")
    screenshot("answer")


def test_play_places_a_tile(lab_server: Any, frontend: Any, play: Any, screenshot: Any) -> None:
    name = PLAY
    ui = frontend(lab_server)
    ui.open(name)
    ui.run_all()
    driver = play(lab_server)
    result = driver.place_first_fitting_tile()  # click the tile, then a lit point
    driver.check_placement(result)
    result = driver.place_first_fitting_tile(keyboard=True)  # focus, Enter, Enter
    driver.check_placement(result)
    driver.show_choice()  # a tile chosen, its points lit, one previewed (the README picture)
    ui.show(driver.root)
    screenshot()
    driver.root.screenshot(path=str(screenshot("full").with_name(
        "test_lab-test_play_places_a_tile-widget.png")))
