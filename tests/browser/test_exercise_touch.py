"""JupyterLab 4 on a 768 × 1024 touch tablet: the number boxes of a settlement exercise (lesson
05: pips received, rounded, points) and the play widget's seed box, menus and check boxes are a
finger high (44 CSS px), as its buttons are, and a check box shows its whole label. (Seen in the
lessons' screenshots: the boxes were 28 px high; on a phone a Korean check box's label was cut.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import KERNEL_TIMEOUT_MS, Frontend, JupyterServer, start_server, write_notebook

pytestmark = pytest.mark.browser

CODE = ('from horserace_nb.widgets import Exercises, PlayWidget\n'
        'display(Exercises.for_lesson("05"))\n'
        'PlayWidget(players=2, seed=45, match="hand", lang="ko")')
BOXES = """(root) => [...root.querySelectorAll(
    '.hr-exercise .widget-text input, .hr-play .widget-text input, .hr-play select')]
    .filter(e => e.offsetParent !== null)
    .map(e => [e.closest('.widget-text, .widget-dropdown').querySelector('.widget-label')
                .innerText.trim(), e.getBoundingClientRect().height])"""
CHECK_BOXES = """(root) => [...root.querySelectorAll(
    '.hr-play .widget-checkbox .widget-label-basic')]
    .filter(e => e.offsetParent !== null)
    .map(e => ({ text: e.innerText.trim(), height: e.getBoundingClientRect().height,
                 cut: e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right >
                      e.closest('.jp-OutputArea-output').getBoundingClientRect().right + 1 }))"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    server = start_server("lab", tmp_path_factory.mktemp("touch"), [])
    yield server
    server.stop()


def test_number_boxes_and_menus_are_a_finger_high_on_a_tablet(lab: JupyterServer,
                                                               device_page: Any) -> None:
    from playwright.sync_api import expect

    name = write_notebook(lab, "touch.ipynb", [("code", CODE)])
    page = device_page(768, 1024, touch=True)
    ui = Frontend(page, lab)
    page.goto(f"{lab.url}/lab/tree/{name}?reset")
    ui.wait_idle()
    ui.run_all()
    expect(page.locator(".hr-exercise .widget-text input").first).to_be_visible(
        timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator(".hr-play select").first).to_be_attached(timeout=KERNEL_TIMEOUT_MS)
    boxes = page.locator("body").evaluate(BOXES)
    assert len(boxes) >= 5, boxes  # three number boxes, the seed, the menus
    assert min(height for _, height in boxes) >= 44, boxes
    checks = page.locator("body").evaluate(CHECK_BOXES)
    assert len(checks) >= 3, checks  # draw until a tile fits, practice mode, the computer's moves
    assert all(check["height"] >= 44 and not check["cut"] for check in checks), checks
