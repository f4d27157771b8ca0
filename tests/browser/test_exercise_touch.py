"""JupyterLab 4 on a 768 × 1024 touch tablet: the number boxes of a settlement exercise (lesson
05: pips received, rounded, points) and the play widget's seed box, menus and check boxes are a
finger high (44 CSS px), as its buttons are, and a check box shows its whole label. (Seen in the
lessons' screenshots: the boxes were 28 px high; on a phone a Korean check box's label was cut.)
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import KERNEL_TIMEOUT_MS

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


def check_number_boxes_and_menus_are_a_finger_high(page: Any, root: Any) -> None:
    """In the output of :data:`CODE` (*root*: its cell, in a 768 × 1024 touch page of
    JupyterLab; test_devices.py opens it): the number boxes, the seed box, the menus and the check
    boxes are at least 44 px high, and no check box's label is cut."""
    from playwright.sync_api import expect

    root.evaluate("e => e.scrollIntoView({block: 'start'})")
    expect(root.locator(".hr-exercise .widget-text input").first).to_be_visible(
        timeout=KERNEL_TIMEOUT_MS)
    expect(root.locator(".hr-play select").first).to_be_attached(timeout=KERNEL_TIMEOUT_MS)
    boxes = root.evaluate(BOXES)
    assert len(boxes) >= 5, boxes  # three number boxes, the seed, the menus
    assert min(height for _, height in boxes) >= 44, boxes
    checks = root.evaluate(CHECK_BOXES)
    assert len(checks) >= 3, checks  # draw until a tile fits, practice mode, the computer's moves
    assert all(check["height"] >= 44 and not check["cut"] for check in checks), checks
