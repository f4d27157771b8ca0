"""Notebook 7 in Chromium: the results store across tabs, versions and learners (issue 28).

Two tabs of one site save 150 results each at the same moment (two kernels, each recording
through its own ``Store``): all 300 are kept, and both kernels read all 300 back. Then, on one
loaded page with ``Progress()``: the value an earlier version kept (``horserace_nb.results.v1``)
is copied into the site's own keys and removed, its results shown; *Load my results* merges a
file; a name the storage refuses is said so (and not said kept); *Start fresh* removes this
site's keys and nothing else (another site's key and another application's stay).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import KERNEL_TIMEOUT_MS, Frontend, JupyterServer, write_notebook

pytestmark = pytest.mark.browser

PER_TAB = 150
TAB_CODE = """import datetime as dt, pathlib, time
import ipywidgets as widgets
from horserace_nb.teaching.progress import Result
from horserace_nb.widgets.store import Store
store = Store()
said = widgets.HTML()  # what this kernel has read back (written at each report)
store.on_change(lambda s: setattr(
    said, "value", f"<p class='said'>read back {len(s.results)} pending {len(s.pending)}</p>"))
widgets.VBox([store, said])"""
GO = "store_go.flag"
SAVE_CODE = """import asyncio
async def save():  # in the background: the kernel reads the browser's reports meanwhile
    while not pathlib.Path({go!r}).exists():  # both tabs start at once
        await asyncio.sleep(0.01)
    base = dt.datetime(2026, 12, 1, 9, tzinfo=dt.timezone.utc)
    for n in range({count}):
        store.record(Result("", "exercise", "total", {tab} * 1000 + n, stars=3, tries=1,
                            when=(base + dt.timedelta(seconds=n)).isoformat(
                                timespec="milliseconds")))
        if n % {burst} == {burst} - 1:  # one tab saves one at a time, the other in bursts
            await asyncio.sleep(0.005 * {burst})
task = asyncio.get_event_loop().create_task(save())
"""
# How many distinct results the origin's storage holds, in any layout (the single value of
# earlier versions, or one entry per result).
COUNT = """() => {
    const seen = new Set();
    for (const key of Object.keys(localStorage)) {
        if (!key.startsWith("horserace_nb.")) continue;
        let value = null;
        try { value = JSON.parse(localStorage.getItem(key)); } catch (e) { continue; }
        const list = value && Array.isArray(value.results) ? value.results : [value];
        for (const r of list) if (r && r.when !== undefined) seen.add(`${r.seed}|${r.when}`);
    }
    return seen.size;
}"""
KEYS = """() => Object.keys(localStorage).filter(
    k => k.startsWith("horserace_nb.") || k === "other.app").sort()"""


@pytest.fixture
def store_server(notebook_server: JupyterServer) -> JupyterServer:
    """The run's Notebook 7 server with this module's notebooks (names of their own: the server
    serves every Notebook 7 test of the run). Notebook 7, not JupyterLab: the store is the same
    in both, and the run's JupyterLab worker is its longest."""
    for tab in (1, 2):
        write_notebook(notebook_server, f"store_tab{tab}.ipynb", [
            ("code", TAB_CODE),
            ("code", SAVE_CODE.format(go=GO, count=PER_TAB, tab=tab, burst=(1, 25)[tab - 1]))])
    write_notebook(notebook_server, "store_map.ipynb", [
        ("code", "from horserace_nb.widgets import Progress\nProgress()")])
    return notebook_server


def test_two_tabs_saving_at_once_keep_every_result(store_server: JupyterServer,
                                                   page: Any) -> None:
    (store_server.root / GO).unlink(missing_ok=True)
    other = page.context.new_page()  # the same browser, the same storage
    other.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        (store_server.url, "data:", "blob:")) else route.abort())
    tabs = [(page, "store_tab1.ipynb"), (other, "store_tab2.ipynb")]
    for tab, name in tabs:
        tab.goto(f"{store_server.url}/notebooks/{name}")
        Frontend(tab, store_server).wait_idle()
        tab.get_by_role("menuitem", name="Run", exact=True).click()
        tab.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    for tab, _ in tabs:  # both waiting for the signal
        tab.locator(".hr-store").first.wait_for(state="attached", timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    (store_server.root / GO).write_text("go", "utf-8")
    # each kernel reads back both tabs' results, with none of its own left pending (a tab that
    # saves one at a time is at "pending 0" between two saves: wait for the whole count)
    everything = f"read back {2 * PER_TAB} pending 0"
    for tab, _ in tabs:
        tab.locator(".said", has_text=re.compile(f"^{everything}$")).wait_for(
            timeout=KERNEL_TIMEOUT_MS)
    said = [tab.locator(".said").inner_text() for tab, _ in tabs]
    assert (page.evaluate(COUNT), said) == (2 * PER_TAB, [everything] * 2)
    keys = page.evaluate(KEYS)
    assert len(keys) == 2 * PER_TAB and all(k.startswith("horserace_nb./|r.") for k in keys)
    other.close()


def test_old_value_load_refused_name_and_start_fresh_on_the_progress_page(
        store_server: JupyterServer, page: Any, tmp_path: Path, screenshot: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.teaching.progress import Result, results_file, store_value
    from horserace_nb.words.i18n import t

    def result(n: int, stars: int = 3) -> Result:
        return Result("02", "exercise", "open/line", 201000, stars=stars, tries=4 - stars,
                      when=f"2026-11-0{n}T09:00:00.000+00:00")

    old = [result(1, 1), result(2, 2)]
    page.add_init_script(  # an earlier version's value, and keys that are not this site's
        "if (!sessionStorage.getItem('seeded')) {"
        f"localStorage.setItem('horserace_nb.results.v1', {json.dumps(store_value(old))});"
        "localStorage.setItem('horserace_nb./3b/|r.x', 'another site');"
        "localStorage.setItem('other.app', 'not ours');"
        "sessionStorage.setItem('seeded', '1'); }")
    ui = Frontend(page, store_server)
    page.goto(f"{store_server.url}/notebooks/store_map.ipynb")
    ui.wait_idle()
    ui.run_all()
    root = page.locator(".hr-progress").first
    row = root.locator(".hr-progress-map tr[data-lesson='joining_spinners']")
    expect(row).to_have_attribute("data-stars", "2", timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function("() => localStorage.getItem('horserace_nb.results.v1') === null",
                           timeout=KERNEL_TIMEOUT_MS)
    keys = page.evaluate(KEYS)
    assert sum(k.startswith("horserace_nb./|r.") for k in keys) == 2, keys

    # Load my results: a file of another device, and a file that is not one
    good = tmp_path / "tablet.json"
    good.write_text(results_file([result(3), result(4, 0)], learner="Mina",
                                 saved="2026-12-01T09:00:00"), "utf-8")
    bad = tmp_path / "notes.json"
    bad.write_text("not json", "utf-8")
    button = root.locator(".widget-upload")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files([str(good), str(bad)])
    messages = root.locator(".hr-message")
    expect(messages).to_contain_text(t("progress.loaded", "en", name="tablet.json", count=2),
                                     timeout=KERNEL_TIMEOUT_MS)
    expect(messages).to_contain_text(t("progress.load_refused", "en", name="notes.json",
                                       reason=t("report.why.json", "en")))
    expect(row).to_have_attribute("data-stars", "3")
    assert button.bounding_box()["height"] >= 44
    page.wait_for_function("() => Object.keys(localStorage).filter("
                           "k => k.startsWith('horserace_nb./|r.')).length === 4")
    expect(root).to_contain_text(t("progress.name_kept", "en", name="Mina"))

    # the storage refuses the name: said so, and not said kept
    page.evaluate("""() => {
        window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException("full", "QuotaExceededError"); };
    }""")
    name = root.get_by_role("textbox")
    name.fill("Joon")
    root.get_by_role("button", name=t("progress.name_save", "en")).click()
    notice = root.locator(".hr-store-notice")
    expect(notice).to_have_text(t("store.name_refused", "en"),
                                timeout=KERNEL_TIMEOUT_MS)
    expect(root).not_to_contain_text(re.compile("Your name is kept"))
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")

    # Start fresh: this site's keys go, nothing else
    root.get_by_role("button", name=t("progress.reset", "en")).click()
    root.get_by_role("button", name=t("progress.reset_confirm", "en")).click()
    expect(messages).to_contain_text(t("progress.reset_done", "en"))
    page.wait_for_function("() => !Object.keys(localStorage).some("
                           "k => k.startsWith('horserace_nb./|'))")
    assert page.evaluate(KEYS) == ["horserace_nb./3b/|r.x", "other.app"]
    expect(row).to_have_attribute("data-stars", "0")
    ui.show(root)
    screenshot()
