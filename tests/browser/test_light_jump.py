"""The light classroom page's board does not jump when Python is ready (issue 34, part 2).

Before Python is ready the page shows the classroom as Python will make it (its widget state,
written when the site was built: :func:`horserace_nb.lite.classroom_page.opening_state`), inert,
with "Python is starting — about N seconds" over the page's foot; then the live classroom takes
its place. On a phone the board must land where the opening's was: same place, same width, within
2 px (its height is the deal's, which Python draws by lot: the page keeps the opening's room until
Python's next picture, where the live deal's is shorter).
"""

from __future__ import annotations

from typing import Any

from horserace_nb.lite.classroom_page import START_SECONDS, light_url, page_texts
from horserace_nb.words.i18n import t

from .conftest import ARTIFACTS
from .test_lite import LITE_TIMEOUT_MS

PHONE = (390, 844)
OPENING = """() => {
    const svg = document.querySelector('#hr-opening .hr-board .hr-board-svg > svg');
    const img = document.getElementById('hr-opening-board');  // the picture, if no classroom
    const board = svg && svg.viewBox.baseVal.width > 0 && svg.viewBox.baseVal.width <= 400 ? svg
        : img && !img.hidden && img.complete && img.naturalWidth > 0 ? img : null;
    if (!board) return null;
    const r = board.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height]; }"""
"""The board shown before Python is ready (drawn for the phone's width), where it is."""
LIVE = """() => { const e = document.querySelector('#hr-live .hr-board .hr-board-svg > svg');
    if (!e) return null; const r = e.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height]; }"""


def test_the_board_lands_where_the_opening_board_was_on_a_phone(browser: Any,
                                                                lite_url: str) -> None:
    """A phone in Korean: before Python is ready, the opening classroom's board (drawn for the
    phone's width) with "Python is starting" in Korean, no control taking a tap, and the opening
    board's text alternative for assistive technology; once it is ready, the live board at the
    same place and width, within 2 px, the message and the text alternative gone, and the tab
    not chosen not shown."""
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  locale="en-US", has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{lite_url}/{light_url('ko')}", wait_until="commit")
        page.wait_for_function(OPENING, polling=20)
        page.wait_for_timeout(200)  # settled: nothing more comes before Python
        assert page.evaluate("document.body.dataset.hrState || ''") == "", \
            "Python was ready before the opening board could be measured"
        before = page.evaluate(OPENING)
        said = page.locator("#hr-light-said").inner_text()
        inert = page.evaluate("document.getElementById('hr-opening').inert")
        alt = page.locator("#hr-opening-alt").text_content()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "light-jump-before.png"))
        page.wait_for_selector("body[data-hr-state=ready]", timeout=LITE_TIMEOUT_MS)
        after = page.evaluate(LIVE)
        page.screenshot(path=str(ARTIFACTS / "light-jump-after.png"))
        status_shown = page.locator("#hr-light-status").is_visible()
        alt_left = page.locator("#hr-opening-alt").count()
        # the tab not chosen (the worked examples) is not shown under the match
        hidden = page.evaluate("""() => [...document.querySelectorAll('#hr-live .lm-mod-hidden')]
            .map(e => getComputedStyle(e).display)""")
    finally:
        context.close()
    assert before is not None and after is not None, (before, after)
    # where it is and how wide (its height is the deal's: who leads is drawn by lot)
    moved = [round(b - a, 1) for a, b in zip(before[:3], after[:3], strict=True)]
    assert all(abs(d) <= 2 for d in moved), ("x, y, width moved by", moved, before, after)
    assert said == t("light.starting", "ko", seconds=START_SECONDS)
    assert inert is True
    # the inert classroom is hidden from assistive technology: its board is read from here
    assert alt == page_texts("test")["text"]["ko"]["alt"] and alt  # type: ignore[index]
    assert not status_shown and alt_left == 0
    assert hidden and set(hidden) == {"none"}, hidden
    assert errors == [], errors
