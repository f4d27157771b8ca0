"""Links into the JupyterLite classroom site, in Chromium (issue 28, items 13 and 15).

* A lesson's link whose path is not written plainly (``/en/…``, ``./``, ``//``, ``ko/../en/…``)
  opens the lesson with one kernel: the site's script starts the kernel early under the path
  JupyterLab opens, so the notebook joins it (it used to start a second one).
* A link to a lesson the site does not hold says so in the page's language, with a link to the
  start page (it used to say "Starting Python…" for good).
* The start page's own links open their lessons, each with a kernel of its own.

One page load for the first test (its checks of the kernel's early start and of a laptop's
width were a test and a page of their own before issue 29), two for the second (the missing
lesson, the start page by its link); the site is the session's (``lite_site``/``lite_url``
of ``conftest.py``). The start page's links to lessons: in ``test_lite.py``'s Japanese
narrow-screen page (:func:`check_a_link_of_the_start_page_opens_its_lesson`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from lab_names import KERNEL_IDLE

from horserace_nb.words.i18n import t

LITE_TIMEOUT_MS = 120_000  # a cold page: Pyodide, IPython and the widgets load in the browser

CURRENT_PATH_JS = """() => {
    const app = window.jupyterapp, widget = app && app.shell.currentWidget;
    return widget && widget.context ? widget.context.path : null;
}"""
RUNNING_JS = """() => {
    const services = window.jupyterapp.serviceManager;
    return [Array.from(services.sessions.running(), (model) => model.path),
            Array.from(services.kernels.running(), (model) => model.id).length];
}"""


def kernel_idle(page: Any) -> None:
    """The status bar shows the Pyodide kernel idle (after it has started)."""
    page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first.wait_for(
        timeout=LITE_TIMEOUT_MS)


@pytest.mark.browser
def test_a_lesson_link_written_oddly_starts_one_kernel(lite_url: str, page: Any) -> None:
    """``?path=/./ko/../en//04_turns.ipynb`` (a leading slash, ``./``, ``..`` and ``//`` at
    once), on a laptop's screen, opens en/04_turns.ipynb, says "Starting Python" in English
    (the lesson's language) and then that it is ready. The site's script starts the kernel while
    JupyterLab is still loading (its worker is there before the notebook's cells are); the
    notebook joins it: one kernel for the page, in one session of the plain path, and the
    lesson's cells run in it. The file browser stays beside the lesson (a laptop's width)."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    from .test_lite import (
        CELLS_SHOWN_JS,
        LAPTOP,
        check_a_lesson_by_its_link_has_the_whole_width,
        watch_traffic,
    )

    page.set_default_timeout(LITE_TIMEOUT_MS)
    page.set_viewport_size({"width": LAPTOP, "height": 844})
    traffic = watch_traffic(page)
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.add_init_script(CELLS_SHOWN_JS)
    page.goto(f"{lite_url}/lab/index.html?path=/./ko/../en//04_turns.ipynb")
    banner = page.locator("#hr-kernel-start")
    expect(banner).to_have_attribute("lang", "en")
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === 'en/04_turns.ipynb'")
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for()
    check_a_lesson_by_its_link_has_the_whole_width(page, LAPTOP, folded=False)
    kernel_idle(page)
    # in the page's own clock: when the kernel's worker was fetched, when the first cell showed
    worker, cells = page.evaluate("""() => [performance.getEntriesByType("resource")
        .filter((entry) => /\\.worker\\./.test(entry.name)).map((entry) => entry.startTime),
        window.hrCellsShownAt]""")
    assert len(worker) == 1 and cells is not None and worker[0] < cells, (worker, cells)
    expect(banner).to_have_count(0)
    expect(page.locator(".hr-sr-only[role=status]")).to_have_text(t("site.ready", "en"))
    # JupyterLab starts the notebook's own kernel about a second after the notebook shows:
    # by now a second one would be there
    page.wait_for_timeout(2_000)
    sessions, kernels = page.evaluate(RUNNING_JS)
    assert sessions == ["en/04_turns.ipynb"] and kernels == 1, (sessions, kernels)
    assert len(workers) == 1, f"{len(workers)} kernels started for one lesson: {workers}"
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.click()
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-NotebookPanel .jp-OutputArea-output .hr-replay, "
                 ".jp-NotebookPanel .jp-OutputArea-output svg").first.wait_for()
    assert page.locator(".jp-NotebookPanel .jp-OutputArea-output [data-mime-type="
                        "'application/vnd.jupyter.stderr']").count() == 0
    assert page.locator("#hr-address-missing").count() == 0
    assert traffic.outside == [] and traffic.failed == []
    assert page.horserace_errors == [], "errors in the browser console"


@pytest.mark.browser
def test_a_link_to_a_missing_lesson_says_so_and_links_the_start_page(lite_url: str,
                                                                     page: Any) -> None:
    """``?path=ko/99_missing.ipynb``: no "Starting Python" left on screen, no kernel; a note in
    Korean names the path (as text) and links the start page (a touch target of 44 px), a
    screen reader hears it; the link opens the start page, and the note is gone there."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    from .test_lite import watch_traffic

    page.set_default_timeout(LITE_TIMEOUT_MS)
    traffic = watch_traffic(page)
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    asked = "ko/99_<b>missing</b>.ipynb"
    page.goto(f"{lite_url}/lab/index.html?path={asked}")
    note = page.locator("#hr-address-missing")
    expect(note).to_be_visible(timeout=LITE_TIMEOUT_MS)  # once JupyterLite's files are read
    said = t("site.missing", "ko", path=asked)
    expect(note).to_have_attribute("lang", "ko")
    expect(note).to_contain_text(said)  # the path as text, not markup
    assert note.locator("b").count() == 0
    expect(page.locator(".hr-sr-only[role=status]")).to_have_text(said)
    link = note.get_by_role("link", name=t("site.start_page", "ko"))
    assert link.get_attribute("href").endswith("/lab/index.html?path=index.ipynb")
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44, box
    page.wait_for_timeout(3_000)  # still so a while later: the start-up message never comes
    expect(page.locator("#hr-kernel-start")).to_have_count(0)
    expect(note).to_be_visible()
    assert workers == [], f"a kernel started for a missing lesson: {workers}"

    link.click()
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=index\.ipynb$"))
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === 'index.ipynb'")
    # (the start page's notebook drawn: on a loaded machine after more than expect's 5 s)
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(
        "Horse Race", timeout=LITE_TIMEOUT_MS)
    expect(page.locator("#hr-address-missing")).to_have_count(0)
    assert traffic.outside == [], f"the site asked for outside files: {traffic.outside}"


def check_a_link_of_the_start_page_opens_its_lesson(page: Any, lite_url: str,
                                                    traffic: Any) -> None:
    """The start page's table (loaded in *page*, where the Japanese lesson 3 was open): a
    direct link opens the Korean lesson 3 as a page of its own, with a kernel of its own,
    whose folder is the lesson's, although the Japanese lesson of the same file name comes back
    beside it (JupyterLab reopens what was open; JupyterLite would give a second notebook of
    the same file name the first one's kernel, but the site's script starts this one by its
    path). (The second half of a test of ``test_lite.py`` before issue 29, whose first half
    is the start-up message check of the same page.)"""
    from .conftest import VIEWPORT
    from .test_lite import add_cell_and_run

    page.set_viewport_size(VIEWPORT)  # a laptop's: the start page's table beside the files
    page.goto(f"{lite_url}/lab/index.html?path=index.ipynb")
    # JupyterLab puts back what was open (the Japanese lesson), then the site's script brings
    # the address's notebook to the front: the start page is in front once that is done
    page.wait_for_function("() => !!window.jupyterapp")
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === 'index.ipynb'")
    page.wait_for_timeout(1_000)
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === 'index.ipynb'", timeout=20_000)
    title = re.escape(t("lesson.scoring_ends", "ko"))  # the lesson's title in the catalog
    link = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a",
                        has_text=re.compile(rf"^3\. {title}$"))
    link.click()
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=ko/03_scoring_ends\.ipynb$"))
    page.wait_for_function(f"() => ({CURRENT_PATH_JS})() === 'ko/03_scoring_ends.ipynb'")
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").first.wait_for()
    kernel_idle(page)
    add_cell_and_run(page, "import os; print('cwd:', os.getcwd())")
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output",
                 has_text="cwd: /drive/ko").wait_for()
    assert traffic.outside == [] and traffic.failed == []
