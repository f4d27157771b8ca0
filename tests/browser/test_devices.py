"""Touch screens (issues 17, 19): one page per device serves every touch check of that device.

- A 768 × 1024 tablet, JupyterLab: the settlement exercise's number boxes and the play widget's
  seed box, menus and check boxes are a finger high (test_exercise_touch.py); two learners tap
  through two turns of pass-and-play (test_pass_and_play.py); a whole hand is played by taps,
  every target at least 44 px, with the file browser open (test_board_access.py).
- A 390 × 844 phone, Notebook 7: the counted-points exercise's points are finger-sized buttons
  (test_exercise_board.py); pass-and-play's two turns; a whole hand by taps, every target at
  least 24 px; a wrong answer's rule link opens the rules page at the rule, in a new tab
  (test_rule_links.py).

Each device's notebook holds the three widgets, one per cell; each check scrolls its widget into
view and reads only it (the checks live in the modules named, with what they assert).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    KERNEL_TIMEOUT_MS,
    PICKABLE,
    POINTS_CODE,
    JupyterServer,
    PlayDriver,
    artifact_name,
    open_notebook,
    write_notebook,
)
from .test_board_access import check_a_whole_hand_by_taps
from .test_exercise_board import check_on_a_phone_the_points_are_finger_sized_buttons
from .test_exercise_touch import CODE as TOUCH_CODE
from .test_exercise_touch import check_number_boxes_and_menus_are_a_finger_high
from .test_pass_and_play import PASS_AND_PLAY_CODE, check_two_learners_tap_through_two_turns
from .test_rule_links import check_a_rule_link_opens_the_rules_page_at_the_rule

pytestmark = pytest.mark.browser

BOARD_CODE = ("from horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n"
              "PlayWidget(Game(players=2, seed=2024), human=0, lang='en', match='hand')")
"""The board of test_board_access.py's board notebook (seed 2024: the computer leads)."""


def board_driver(page: Any, ui: Any, root: Any) -> PlayDriver:
    """A play driver on the board *root*, at the learner's turn."""
    page.evaluate("() => { window.__hrWatch = undefined; }")  # watch this widget
    driver = PlayDriver(page, ui)
    driver.root = root
    ui.show(root)
    driver.wait_for_my_turn()
    return driver


def test_a_tablet_in_jupyterlab(lab_server: JupyterServer, device_page: Any) -> None:
    page = device_page(768, 1024, touch=True)
    name = write_notebook(lab_server, "tablet.ipynb", [
        ("code", TOUCH_CODE), ("code", PASS_AND_PLAY_CODE), ("code", BOARD_CODE)])
    ui = open_notebook(page, lab_server, name)
    check_number_boxes_and_menus_are_a_finger_high(page, page.locator(".jp-CodeCell").nth(0))
    # the settlement's play widget is the first .hr-play; pass-and-play the second
    check_two_learners_tap_through_two_turns(page, ui, page.locator(".hr-play").nth(1),
                                             "tablet")
    driver = board_driver(page, ui, page.locator(".hr-play").nth(2))
    check_a_whole_hand_by_taps(page, ui, driver, "tablet")


def test_a_phone_in_notebook_7(notebook_server: JupyterServer, device_page: Any,
                               request: pytest.FixtureRequest) -> None:
    from playwright.sync_api import expect

    page = device_page(390, 844, touch=True)
    # where the lessons are (notebooks/en/), as the points exercise's rule links expect
    name = write_notebook(notebook_server, "notebooks/en/phone.ipynb", [
        ("code", POINTS_CODE), ("code", PASS_AND_PLAY_CODE), ("code", BOARD_CODE)])
    ui = open_notebook(page, notebook_server, name)
    points = PlayDriver(page, ui)
    points.root = page.locator(".hr-exercise").first
    expect(points.root.locator(PICKABLE).first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    check_on_a_phone_the_points_are_finger_sized_buttons(
        page, points, artifact_name(request.node).replace(
            "test_a_phone_in_notebook_7", "test_on_a_phone_the_points_are_finger_sized_buttons"))
    check_two_learners_tap_through_two_turns(page, ui, page.locator(".hr-play").nth(0),
                                             "phone")
    driver = board_driver(page, ui, page.locator(".hr-play").nth(1))
    check_a_whole_hand_by_taps(page, ui, driver, "phone")
    # the points exercise again: a wrong answer's rule link opens the rules page at the rule
    page.evaluate("() => { window.__hrWatch = undefined; }")  # watch the exercise again

    def screenshot(suffix: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{artifact_name(request.node)}-{suffix}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    check_a_rule_link_opens_the_rules_page_at_the_rule(notebook_server, page, points, name,
                                                       screenshot)
