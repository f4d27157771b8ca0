"""A rule number in a widget's feedback, followed to that rule (issue 19 item 4) in Notebook 7
and in Voilà showing a folder (``voila notebooks/``): neither renders a markdown file, so the
link opens the rules page as a notebook (``notebooks/rules.ipynb``, written by
``lessons/build.py``) in a new tab, scrolled to the rule. (JupyterLab: test_exercise_board.py.)

The notebook is written where the lessons keep theirs (``notebooks/en/``, the rules pages one
folder up), so that the link resolves as it does in a lesson.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    KERNEL_TIMEOUT_MS,
    PICKABLE,
    POINTS_PATH,
    JupyterServer,
    PlayDriver,
    open_points_exercise,
    write_points_exercise,
)

pytestmark = pytest.mark.browser


def test_a_rule_link_opens_the_rules_page_at_the_rule_in_voila(
        voila_server: JupyterServer, page: Any, screenshot: Any) -> None:
    driver = open_points_exercise(page, write_points_exercise(voila_server))
    check_a_rule_link_opens_the_rules_page_at_the_rule(voila_server, page, driver, POINTS_PATH,
                                                       screenshot)


# Notebook 7: in the phone's page of test_devices.py, which shows the same exercise (a test and
# a page of its own before issue 29)


def check_a_rule_link_opens_the_rules_page_at_the_rule(server: JupyterServer, page: Any,
                                                       driver: PlayDriver, path: str,
                                                       screenshot: Any) -> None:
    """In *page*, which shows the counted-points exercise of seed 4 (*driver*'s root) in the
    notebook *path* of *server*: a point that is open but counts nothing, checked, gives
    feedback whose rule link opens the rules page in a new tab, scrolled to the rule; the
    lesson stays where it was."""
    from playwright.sync_api import expect

    from horserace_nb.widgets.exercise import Exercises
    from horserace_nb.words.i18n import t

    ex = Exercises("counted", seed=4).exercise
    extra = next(p for p in ex.choices() if p not in ex.answer)  # open, but counts nothing
    spot = driver.root.locator(
        f"{PICKABLE}[data-tile='{extra[0]}'][data-side='{extra[1].value}']")
    driver.settle(spot.click)
    driver.click(driver.root.get_by_role("button", name=t("exercise.check", "en")))
    link = driver.root.locator(".hr-msg-error a.hr-rule").first
    expect(link).to_have_attribute("data-notebook", "../rules.ipynb")
    number = str(link.get_attribute("data-rule")).lstrip("r")

    with page.context.expect_page(timeout=KERNEL_TIMEOUT_MS) as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    app = "voila/render" if server.kind == "voila" else "notebooks"
    assert rules.url.startswith(f"{server.url}/{app}/notebooks/rules.ipynb"), rules.url
    heading = rules.locator("h3:visible", has_text=f"R{number} ·")
    expect(heading).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
    rules.wait_for_function(  # scrolled to the rule: its heading near the top of the view
        """(e) => { const r = e.getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight * 0.4; }""",
        arg=heading.element_handle(), timeout=15_000)
    rules.wait_for_timeout(1500)  # and still there once the page has settled
    top = heading.evaluate("e => e.getBoundingClientRect().top / window.innerHeight")
    assert 0 <= top < 0.4, top
    shot = screenshot("lesson")  # the lesson stays where it was, beside the new tab
    rules.screenshot(path=str(shot.with_name(shot.name.replace("-lesson", "-rule"))))
    assert page.url.endswith(path), page.url
