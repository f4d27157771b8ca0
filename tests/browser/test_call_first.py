"""Call it first (issue 31 item 7) on a 768 × 1024 touch tablet in JupyterLab, by taps, one page.

The learner leads a known position (``[1|4]``, ``[4|4]``, ``[0|1]`` in hand). With
``call_first=True`` a tapped tile's lit points carry no preview of the sum; tapping a point does
not place the tile but opens the call box (its buttons a finger high); a wrong end total is said
wrong, naming R13 and R15, in the message and the live region, and the tile is then placed; "It
does not score" is judged right for ``[4|4]`` (1 + 8 = 9); both calls are kept in the browser's
results (kind ``call``); unticking *Call it first* brings the preview back at once.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    KERNEL_TIMEOUT_MS,
    JupyterServer,
    PlayDriver,
    open_notebook,
    write_notebook,
)

pytestmark = pytest.mark.browser

CODE = ("from horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n"
        "PlayWidget(Game(hands=[['[1|4]', '[4|4]', '[0|1]'], ['[5|6]', '[2|2]']],\n"
        "                boneyard=['[3|3]', '[2|5]'], leader=0), call_first=True)")

CALLS_STORED = """() => Object.keys(localStorage)
    .map(k => localStorage.getItem(k) || '')
    .filter(v => v.includes('"kind":"call"') || v.includes('"kind": "call"')).length"""


def test_call_it_first_by_taps_on_a_tablet(lab_server: JupyterServer, device_page: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    page = device_page(768, 1024, touch=True)
    ui = open_notebook(page, lab_server, write_notebook(lab_server, "call_first.ipynb",
                                                        [("code", CODE)]))
    driver = PlayDriver(page, ui)
    root = driver.root
    expect(root.locator(driver.PLAYABLE).first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    ui.show(root)
    board = root.locator(".hr-board")
    call_box = root.locator(".hr-call")
    expect(call_box).to_be_hidden()

    # 1. no preview of the sum: the lit point says where, not what it would make
    root.locator(f"{driver.PLAYABLE}[data-tile='[1|4]']").tap()
    lit = root.locator(driver.LIT)
    expect(lit.first).to_be_visible()
    assert lit.first.get_attribute("aria-description") is None
    assert lit.first.get_attribute("data-preview") in (None, "")
    assert " = " not in board.locator(".hr-board-preview").inner_text()

    # 2. the tap on the point asks for the call; nothing is placed yet
    driver.settle(lit.first.tap)
    expect(call_box).to_be_visible()
    expect(root.locator(".hr-status")).to_contain_text("call the end total after [1|4]")
    expect(board.locator("svg g.hr-svg-tile[data-tile='[1|4]']")).to_have_count(0)
    for name in ("play.call_button", "play.call_yes", "play.call_no", "play.call_cancel"):
        box = call_box.get_by_role("button", name=t(name, "en")).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (name, box)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "call-first-tablet-asked.png"))

    # 3. a wrong total (4 + 1 = 5): said wrong with R13 and R15, then the tile is placed
    number = call_box.locator("input").first
    number.tap()
    number.fill("7")
    driver.settle(call_box.get_by_role("button", name=t("play.call_button", "en")).tap)
    message = root.locator(".hr-message")
    expect(message.first).to_contain_text("Not right: you called 7")
    expect(message.first).to_contain_text("R13, R15")
    expect(board.locator(".hr-board-live")).to_contain_text("Not right")
    expect(board.locator("svg g.hr-svg-tile[data-tile='[1|4]']")).to_have_count(1)
    expect(call_box).to_be_hidden()

    # 4. it scored 5, so the learner places again (R17): [4|4] on the 4 makes 1 + 8 = 9
    root.locator(f"{driver.PLAYABLE}[data-tile='[4|4]']").tap()
    expect(lit.first).to_be_visible()
    driver.settle(lit.first.tap)
    expect(call_box).to_be_visible()
    driver.settle(call_box.get_by_role("button", name=t("play.call_no", "en")).tap)
    expect(message.first).to_contain_text("Right")
    expect(message.first).to_contain_text("does not score")
    expect(board.locator("svg g.hr-svg-tile[data-tile='[4|4]']")).to_have_count(1)
    page.wait_for_function(f"() => ({CALLS_STORED})() >= 2", timeout=KERNEL_TIMEOUT_MS)

    # 5. unticked: the preview of the sum is back at once ([4|4] was a double: again, R17)
    driver.settle(root.get_by_role("checkbox", name=t("play.call_first", "en")).tap)
    root.locator(f"{driver.PLAYABLE}[data-tile='[0|1]']").tap()
    expect(lit.first).to_be_visible()
    expect(board.locator(".hr-board-preview")).to_contain_text(" = ")
    page.screenshot(path=str(ARTIFACTS / "call-first-tablet-off.png"))
