"""The JupyterLite site in Chromium: stars kept in the browser (issue 20).

A learner solves lesson 1's first exercise in the site's start page (a cell added as a learner
does), reloads the page (a new Pyodide kernel) and runs the start page again: ``Progress()``
shows the stars, read from the site's ``localStorage``. The site is the one
``conftest.py`` builds for the run (shared with ``test_lite.py``, whose helpers this module
uses; it skips where that module does).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from horserace_nb.teaching.course import designed, exercise_set

from .conftest import settled
from .test_lite import (
    LITE_TIMEOUT_MS,
    add_cell_and_run,
    kernel_idle,
    output_problems,
    watch_traffic,
)

START = "en/00_start.ipynb"
STORED = r"""() => Object.keys(localStorage).filter(k => /^horserace_nb\.\/.*\|r\./.test(k))
    .map(k => localStorage.getItem(k))"""  # the site's results, one entry each
DRILL = 'from horserace_nb.widgets import Exercises\nExercises.for_lesson("joining_spinners")'
SPOT = "svg circle.hr-svg-spot.hr-pickable[data-tile='{on}'][data-side='{side}']"


def open_and_run(page: Any, base_url: str, notebook: str, *, reload: bool = False) -> None:
    """Open *notebook* in the site's JupyterLab (or, with *reload*, reload the page showing it),
    wait for the kernel, Run All Cells, and wait until every code cell has run and the kernel
    is idle again."""
    if reload:
        page.reload()
    else:
        page.goto(f"{base_url}/lab/index.html?path={notebook}")
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for()
    kernel_idle(page)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 &&
                   prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""", timeout=LITE_TIMEOUT_MS)
    kernel_idle(page)


@pytest.mark.browser
def test_stars_survive_a_reload_in_the_site(lite_url: str, page: Any, screenshot: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    page.set_default_timeout(LITE_TIMEOUT_MS)
    traffic = watch_traffic(page)
    open_and_run(page, lite_url, START)
    add_cell_and_run(page, DRILL)
    exercise = exercise_set("joining_spinners").current
    root = page.locator(".hr-exercise").last
    expect(root.locator(".hr-board svg")).to_be_visible()
    for tile, side in exercise.answer:
        spot = root.locator(SPOT.format(on=tile, side=side.value))
        spot.click()
        expect(spot).to_have_attribute("aria-pressed", "true")
    root.get_by_role("button", name="Check").click()
    expect(root.locator(".hr-msg-ok")).to_be_visible()
    page.wait_for_function(f"() => ({STORED})().some(v => v.includes('{exercise.seed}'))")
    stored = [json.loads(v) for v in page.evaluate(STORED)]
    assert [(r["lesson"], r["stars"]) for r in stored] == [("joining_spinners", 3)]

    open_and_run(page, lite_url, START, reload=True)  # the page reloaded: a new kernel
    row = page.locator(".hr-progress-map tr[data-lesson='joining_spinners']")
    # (the reopened lesson may show the prompts of its saved run before this run is through:
    # the map can come later than open_and_run returns; CI once took over 5 s)
    expect(row).to_contain_text(
        t("progress.stars", "en", stars=3, max=3 * len(designed("joining_spinners"))),
        timeout=LITE_TIMEOUT_MS)
    assert output_problems(page) == []
    assert traffic.outside == [] and traffic.failed == []
    page.locator(".hr-progress").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    settled(page)
    screenshot()
