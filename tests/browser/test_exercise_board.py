"""JupyterLab 4 in Chromium (issue 19 item 4): a "which open points count" exercise answered by
clicking points on the board — a click toggles a point, Check checks — and a rule number in the
feedback followed to that rule on the rules page. On a desktop window (JupyterLab) and on a
390 × 844 phone (Notebook 7).

The notebook is written here, where the lessons keep theirs (``notebooks/en/``, the rules page
one folder up), so that the rule link resolves as it does in a lesson.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    KERNEL_TIMEOUT_MS,
    JupyterServer,
    PlayDriver,
    open_points_exercise,
    settled,
    write_points_exercise,
)

pytestmark = pytest.mark.browser

SPOT = "svg circle.hr-svg-spot.hr-pickable[data-tile='{on}'][data-side='{side}']"


def toggle(driver: PlayDriver, point: Any, pressed: str) -> None:
    from playwright.sync_api import expect

    spot = driver.root.locator(SPOT.format(on=point[0], side=point[1].value))
    driver.settle(spot.click)
    expect(spot).to_have_attribute("aria-pressed", pressed)


def test_open_points_are_clicked_on_the_board_and_a_rule_link_opens_the_rule(
        lab_server: JupyterServer, page: Any, screenshot: Any) -> None:
    """One page: the wrong answer's rule link is followed (the rules page opens in a tab of
    the same JupyterLab, at the rule), then back in the lesson's tab the answer is put right."""
    from playwright.sync_api import expect

    from horserace_nb.widgets.exercise import Exercises
    from horserace_nb.words.i18n import t

    ex = Exercises("counted", seed=4).exercise
    driver = open_points_exercise(page, write_points_exercise(lab_server))
    root = driver.root
    spots = root.locator("svg .hr-svg-spot.hr-pickable")
    expect(spots).to_have_count(len(ex.choices()))
    labels = spots.evaluate_all("els => els.map(e => [e.getAttribute('role'), "
                                "e.getAttribute('aria-label'), e.getAttribute('tabindex')])")
    assert labels == [["button", ex.choice_label(c), "0"] for c in ex.choices()]
    assert root.get_by_role("button", name="[1|1] straight B").count() <= 1  # no text toggles
    assert root.locator(".widget-toggle-button").count() == 0

    # a point that is open but counts nothing, with the right ones but one: wrong, with R14
    extra = next(p for p in ex.choices() if p not in ex.answer)
    right = sorted(ex.answer, key=str)
    toggle(driver, extra, "true")
    toggle(driver, extra, "false")  # a second click takes it back
    toggle(driver, extra, "true")
    for point in right:
        toggle(driver, point, "true")
    driver.click(root.get_by_role("button", name=t("exercise.check", "en")))
    error = root.locator(".hr-msg-error")
    expect(error).to_contain_text("R14")
    link = error.locator("a.hr-rule[data-rule='r14']")
    expect(link).to_have_attribute("href", "../rules.md#r14")
    expect(link).to_have_attribute("target", "_blank")
    screenshot("wrong")

    # the rule link: the rules page opens in JupyterLab, rendered, at R14
    link = driver.root.locator(".hr-msg-error a.hr-rule").first
    rule = link.get_attribute("data-rule")
    link.click()
    number = rule.lstrip("r")
    heading = page.locator(".jp-RenderedMarkdown:visible h3", has_text=f"R{number} ·")
    expect(heading).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(  # scrolled to the rule: its heading near the top of the view
        """(e) => { const r = e.getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight * 0.4; }""",
        arg=heading.element_handle(), timeout=10_000)
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text="rules.md")).to_have_count(1)
    screenshot("rule")
    # back to the lesson's tab, as it was
    page.locator(".lm-TabBar-tab", has_text="points.ipynb").first.click()
    expect(error).to_be_visible()

    # Try again, take the extra point back: right
    driver.click(root.get_by_role("button", name=t("exercise.try_again", "en")))
    for point in right:  # the right points are kept, the wrong one is taken back
        expect(root.locator(SPOT.format(on=point[0], side=point[1].value))).to_have_attribute(
            "aria-pressed", "true")
    expect(root.locator(SPOT.format(on=extra[0], side=extra[1].value))).to_have_attribute(
        "aria-pressed", "false")
    driver.click(root.get_by_role("button", name=t("exercise.check", "en")))
    expect(root.locator(".hr-msg-ok")).to_contain_text(ex.check(ex.answer).message[:40])
    expect(root.locator(".hr-stars")).to_contain_text("★★☆")


def check_on_a_phone_the_points_are_finger_sized_buttons(page: Any, driver: PlayDriver,
                                                        name: str) -> None:
    """The counted-points exercise of *driver* (seed 4) in a 390 × 844 touch page of Notebook
    7 (test_devices.py opens it): a point of the answer is at least 24 px, a tap presses it."""
    from playwright.sync_api import expect

    from horserace_nb.widgets.exercise import Exercises

    from .conftest import ARTIFACTS

    ex = Exercises("counted", seed=4).exercise
    point = sorted(ex.answer, key=str)[0]
    spot = driver.root.locator(SPOT.format(on=point[0], side=point[1].value))
    spot.scroll_into_view_if_needed()
    box = spot.bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= 24, box
    driver.settle(spot.tap)
    expect(spot).to_have_attribute("aria-pressed", "true")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.root.evaluate("e => e.scrollIntoView({block: 'start'})")
    settled(page)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
