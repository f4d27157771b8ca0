"""The JupyterLite classroom site in Chromium, offline: the tutorials run in the browser.

What a teacher does: ``python -m horserace_nb.lite build --output DIR``, put DIR on a static web
server. What a learner does: open a tutorial, Run → Run All Cells. The site is built once per
run (into a temporary folder; downloads are cached, see :func:`horserace_nb.lite.build_site`)
and served from 127.0.0.1 by a plain static file server (the ``lite_site`` and ``lite_url``
fixtures of ``conftest.py``, shared by every module that uses the site); the browser may not
reach anything else (every other request is aborted and counted). Each tutorial must draw
its board (the SVG picture of a layout inside a widget) without a traceback.

Building needs npm (the Pyodide core comes from the npm registry) and the ``lite`` extra:
without them the tests skip with a note, unless ``HORSERACE_REQUIRE_BROWSER=1`` (CI).
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from lab_names import KERNEL_IDLE, lab_path, lang_of

from horserace_nb.teaching.course import notebook

from .conftest import REPO, BuiltSite, settled, static_server, wait_for_stored_pictures

__all__ = ["static_server"]  # the benchmarks' loopback server, imported from here

LITE_TIMEOUT_MS = 120_000  # a cold page: Pyodide, IPython and the widgets load in the browser
TUTORIALS = [f"en/{notebook('joining_spinners')}", f"ja/{notebook('play')}"]
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
LANGS = ("en", "ko", "ja")


# --------------------------------------------------------------------------- the browser
@dataclass
class Traffic:
    """What the page asked for: requests that left the machine (aborted) and site files that
    failed."""

    outside: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def watch_traffic(page: Any) -> Traffic:
    """Abort and count every request that is not for loopback; count failing responses."""
    traffic = Traffic()

    def route(route: Any) -> None:
        url = route.request.url
        host = re.sub(r"^[a-z]+://", "", url).split("/")[0].rsplit(":", 1)[0]
        if host in LOOPBACK or url.startswith(("data:", "blob:", "about:")):
            route.fallback()
        else:
            traffic.outside.append(url)
            route.abort()

    page.route("**/*", route)
    page.on("response", lambda r: traffic.failed.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    return traffic


def kernel_idle(page: Any, timeout: int = LITE_TIMEOUT_MS) -> None:
    """The status bar shows the Pyodide kernel idle (after it has started)."""
    page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first.wait_for(timeout=timeout)


@dataclass
class Timings:
    """Seconds from the page load to: the notebook shown, the kernel ready, the first board."""

    shown: float
    kernel: float
    board: float


def open_and_run_all(page: Any, base_url: str, notebook: str) -> Timings:
    """Open *notebook* in the site's JupyterLab; once the status bar says the kernel is idle
    (cells run before would be dropped: JupyterLite's kernel is not there yet), Run → Run All
    Cells; wait for the first board drawn, then until every code cell has run and the kernel is
    idle again."""
    started = time.perf_counter()
    page.goto(f"{base_url}/lab/index.html?path={notebook}")
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for(timeout=LITE_TIMEOUT_MS)
    shown = time.perf_counter() - started
    kernel_idle(page)
    kernel = time.perf_counter() - started
    for label in lab_path(lang_of(notebook), "Run → Run All Cells"):  # in the lesson's language
        page.get_by_role("menuitem", name=label, exact=True).click()
    page.locator(".jp-OutputArea-output .hr-board svg, "
                 ".jp-OutputArea-output svg g.hr-svg-tile").first.wait_for(
        timeout=LITE_TIMEOUT_MS)
    board = time.perf_counter() - started
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 &&
                   prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""", timeout=LITE_TIMEOUT_MS)
    kernel_idle(page)
    return Timings(shown, kernel, board)


def computer_moves(page: Any, lang: str) -> None:
    """Click the play widget's "Computer's next move" until a tile lies on its board (the
    computer opens the hand in the tutorial's game)."""
    from horserace_nb.words.i18n import t

    play = page.locator(".hr-play").first
    tiles = play.locator(".hr-board svg g.hr-svg-tile")
    button = play.get_by_role("button", name=t("play.next", lang))
    for _ in range(4):
        if tiles.count():
            return
        button.click()
        with contextlib.suppress(Exception):
            tiles.first.wait_for(timeout=15_000)
    assert tiles.count(), "the computer's move drew no tile on the board"


ANYWIDGET_PROBE = (
    "import anywidget, traitlets; Probe = type('Probe', (anywidget.AnyWidget,), {"
    "'_esm': \"export default { render({ model, el }) { el.classList.add('hr-probe'); "
    "const show = () => { el.textContent = 'anywidget says ' + model.get('word'); }; "
    "show(); model.on('change:word', show); } }\", "
    "'word': traitlets.Unicode('hello').tag(sync=True)}); probe = Probe(); probe"
)


FOLDER_PROBE = (
    "import os\n"
    "open('hr_beside.py', 'w').write('WHERE = \"beside the notebook\"')\n"
    "open('colorsys.py', 'w').write('WHERE = \"the folder\"')\n"
    "import importlib; importlib.invalidate_caches()\n"  # files made after the start: as in CPython
    "import colorsys, hr_beside\n"
    "print('folder:', os.getcwd(), getattr(colorsys, 'WHERE', 'python'), hr_beside.WHERE)\n"
    "os.remove('hr_beside.py'); os.remove('colorsys.py')"
)
"""In the kernel, whose current folder is the notebook's (in the browser's storage): a module
the learner puts beside the notebook imports, and a standard module (colorsys) is Python's own
although the folder holds a file of that name (the site's ``sitecustomize`` finder)."""

BYTECODE_PROBE = (
    "import importlib.machinery as m, tarfile, horserace_nb.core.game as g, IPython\n"
    "def refuse(*a, **k): raise RuntimeError('compiled from source')\n"
    "m.SourceFileLoader.source_to_code = refuse\n"
    "loads = lambda mod: m.SourceFileLoader(mod.__name__, mod.__file__).get_code(mod.__name__)"
    " is not None\n"
    "print('bytecode:', loads(g), loads(IPython), tarfile.__file__.endswith('tarfile.pyc'))"
)
"""In the kernel: whether the project's and IPython's modules load from their .pyc (compiling
their source would raise), and the standard library's ``tarfile`` came from ``tarfile.pyc``."""


def add_cell_and_run(page: Any, code: str) -> None:
    """Add a code cell at the end of the notebook in front, as a learner does, and run it."""
    shown = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"  # not a tab behind
    page.locator(shown).last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # command mode: a new cell below
    page.locator(shown).last.locator(".cm-content").click()
    page.keyboard.insert_text(code)  # typed as a whole: no auto-closed brackets
    page.keyboard.press("Shift+Enter")


def output_problems(page: Any) -> list[str]:
    """Tracebacks and widget errors shown in any cell output."""
    problems = []
    for text in page.locator(".jp-OutputArea-output").all_inner_texts():
        if re.search(r"Traceback|Error displaying widget|Failed to load model|"
                     r"ModuleNotFoundError|PythonError", text):
            problems.append(text.strip()[:600])
    errors = page.locator(".jp-OutputArea-output[data-mime-type="
                          "'application/vnd.jupyter.stderr']")
    problems += [f"stderr: {t.strip()[:300]}" for t in errors.all_inner_texts()
                 if "Traceback" in t or "Error" in t]
    return problems


def notebook_id(notebook: str) -> str:
    return notebook.replace("/", "-").removesuffix(".ipynb")


# --------------------------------------------------------------------------- the checks
@pytest.mark.browser
@pytest.mark.parametrize("notebook", TUTORIALS, ids=notebook_id)
def test_tutorial_runs_offline(lite_url: str, page: Any, screenshot: Any,
                               notebook: str) -> None:
    page.set_default_timeout(LITE_TIMEOUT_MS)
    traffic = watch_traffic(page)
    timings = open_and_run_all(page, lite_url, notebook)
    print(f"\n[lite] {notebook}: {timings}")
    lang = notebook.split("/")[0]
    if page.locator(".hr-play").count():
        computer_moves(page, lang)  # the widget answers a click: the kernel runs in the page

    # the kernel is the site's own Pyodide, not a server's
    assert page.locator(".jp-StatusBar-TextItem", has_text="Pyodide").count()
    # the board: the SVG picture of a layout (its tiles) inside a widget view
    widget = page.locator(".jp-OutputArea-output .jupyter-widgets").first
    widget.wait_for()
    boards = page.locator(".jp-OutputArea-output .jupyter-widgets svg")
    assert boards.count() >= 1, "no widget shows a board"
    assert page.locator(".jp-OutputArea-output svg g.hr-svg-tile").count() >= 1, \
        "no tile is drawn in any output"
    assert output_problems(page) == []
    assert traffic.outside == [], f"the site asked for outside files: {traffic.outside}"
    assert traffic.failed == [], f"site files that failed: {traffic.failed}"
    assert page.horserace_errors == [], "errors in the browser console"
    page.locator(".jp-OutputArea-output .jupyter-widgets").first.evaluate(
        "e => e.scrollIntoView({block: 'start'})")
    settled(page)
    screenshot()

    if lang == "en":  # an anywidget (the board widget's base) renders and syncs in the site
        add_cell_and_run(page, ANYWIDGET_PROBE)
        probe = page.locator(".jp-OutputArea-output .hr-probe")
        probe.wait_for()
        assert probe.inner_text() == "anywidget says hello"
        add_cell_and_run(page, "probe.word = 'ciao'")
        page.wait_for_function(
            "() => document.querySelector('.hr-probe').textContent === 'anywidget says ciao'")
        assert output_problems(page) == []
        assert traffic.outside == [] and traffic.failed == []

        # the notebook's folder: a helper beside it imports; a standard module stays Python's
        add_cell_and_run(page, FOLDER_PROBE)
        answer = page.locator(".jp-OutputArea-output", has_text="folder:").last
        answer.wait_for()
        assert answer.inner_text().strip() == (
            f"folder: /drive/{lang} python beside the notebook"), answer.inner_text()

        # the kernel runs the .pyc the build compiled: the project's modules and IPython load
        # without compiling a line (source_to_code made to fail), the standard library
        # (tarfile: not frozen, unlike os) from its .pyc in the zip
        add_cell_and_run(page, BYTECODE_PROBE)
        answer = page.locator(".jp-OutputArea-output", has_text="bytecode:").last
        answer.wait_for()
        assert answer.inner_text().strip() == "bytecode: True True True", answer.inner_text()

        # a rule link in a widget's feedback, in the same page (test of its own before)
        check_a_rule_link_in_the_site_opens_the_rules_page_at_the_rule(page, screenshot)
    else:  # the play lesson: the keys on its board stay there (test of its own before)
        from .test_board_access import check_keys_on_the_board_never_edit_the_notebook_in_the_site

        check_keys_on_the_board_never_edit_the_notebook_in_the_site(page, lang)


# --------------------------------------------------------------------------- the site's files
def test_site_holds_every_notebook(lite_site: BuiltSite) -> None:
    """The site's tree is the repository's ``notebooks/``: same paths, each notebook as the
    site ships it (:func:`~horserace_nb.lite.site_notebook`)."""
    from horserace_nb.lite import notebook_tree, site_notebook

    notebooks = REPO / "notebooks"
    tree = notebook_tree(notebooks)
    assert {"index.ipynb", f"en/{notebook('joining_spinners')}",
            f"ko/{notebook('play')}", f"ja/{notebook('play')}"} <= set(tree)
    files = lite_site.path / "files"
    assert notebook_tree(files) == tree
    for name in tree:  # what that does in the browser: the stored-pictures test below
        source = (notebooks / name).read_text(encoding="utf-8")
        assert (files / name).read_text(encoding="utf-8") == site_notebook(source), name


def test_site_serves_what_its_lock_names(lite_site: BuiltSite) -> None:
    """Every package of the served lock is a file of the site with the lock's sha256; the
    kernel preloads the project (from the lock) and never asks PyPI."""
    import hashlib
    import json

    from horserace_nb.lite.build import site_settings

    pyodide = lite_site.path / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert {"horserace-nb", "ipywidgets", "anywidget", "psygnal", "micropip",
            "ipython"} <= set(lock["packages"])
    for key, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), key
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], key
    settings = site_settings(lite_site.path)
    assert settings["disablePyPIFallback"] is True
    preload = settings["loadPyodideOptions"]["packages"]
    assert preload[0] == "horserace-nb"
    assert set(preload) <= set(lock["packages"]), "only what the site serves is preloaded"
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"


def test_site_starts_the_kernel_without_asking(lite_site: BuiltSite) -> None:
    """The site's one kernel starts for every notebook, even one naming no language
    (``index.ipynb``): no "Select Kernel" box, no news fetched from the internet."""
    import json

    config = json.loads((lite_site.path / "jupyter-lite.json").read_text(encoding="utf-8"))
    overrides = config["jupyter-config-data"]["settingsOverrides"]
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"



# --------------------------------------------------------------------------- issue 21
def test_the_builder_checks_every_link_to_a_page_of_the_site(lite_site: BuiltSite) -> None:
    """Every direct link of the start page and the teacher guides (a lesson in every language,
    the classroom page) leads to a page and a notebook of the built site."""
    import json

    from horserace_nb.lite.classroom_page import light_url
    from horserace_nb.lite.pages import link_problem, site_links

    files = lite_site.path / "files"
    found: dict[str, list[str]] = {}
    for name in ["index.ipynb", *(f"{lang}/{notebook('teacher_guide')}" for lang in LANGS)]:
        cells = json.loads((files / name).read_text(encoding="utf-8"))["cells"]
        found[name] = [link for cell in cells for link in site_links("".join(cell["source"]))]
    lessons = sorted(n for n in lite_site.report.notebooks if re.match(r"(en|ko|ja)/\d\d_", n))
    for name, links in found.items():
        assert [link_problem(lite_site.path, link) for link in links] == [None] * len(links)
        opened = {link.split("path=")[1] for link in links if "path=" in link}
        assert opened == set(lessons), f"{name} lacks links to {set(lessons) - opened}"
    assert {light_url(lang) for lang in LANGS} <= set(found["index.ipynb"])  # issue 34


class _NoKernelStatus:
    """What :class:`PlayDriver` needs of a front end, for the REPL app: no kernel status on
    screen to wait for (as in Voilà), hence its longer pause."""

    class server:  # noqa: N801
        kind = "voila"

    def wait_idle(self) -> None:
        pass


@pytest.mark.browser
def test_the_classroom_page_plays_offline_without_code(lite_url: str, page: Any,
                                                      screenshot: Any) -> None:
    """The site's classroom page (one link, the REPL app): the start-up message in the page's
    language while Python starts, gone once the classroom shows; no code, no toolbar, no input
    box on screen; a learner's move is played on its board; nothing asked outside the site."""
    from playwright.sync_api import expect

    from horserace_nb.lite.pages import classroom_url
    from horserace_nb.words.i18n import t

    from .conftest import PlayDriver

    page.set_default_timeout(LITE_TIMEOUT_MS)
    traffic = watch_traffic(page)
    page.goto(f"{lite_url}/{classroom_url('ko')}")
    banner = page.locator("#hr-kernel-start")
    expect(banner).to_have_attribute("lang", "ko")
    expect(banner).to_contain_text(t("site.starting", "ko"))
    classroom = page.locator(".hr-classroom")
    classroom.wait_for()
    expect(banner).to_have_count(0)
    expect(page.locator(".hr-sr-only[role=status]")).to_have_text(t("site.ready", "ko"))
    # no code and no notebook chrome
    assert page.locator(".jp-CodeConsole .jp-InputArea:visible").count() == 0
    assert page.locator(".jp-Toolbar:visible").count() == 0
    assert page.locator(".jp-CodeConsole-promptCell:visible").count() == 0
    expect(classroom.get_by_role("tab", name=t("classroom.play_tab", "ko"))).to_be_visible()

    driver = PlayDriver(page, _NoKernelStatus())  # type: ignore[arg-type]
    driver.next_label, driver.draw_label = t("play.next", "ko"), t("play.draw", "ko")
    # the deal of the lab's play test (seed 2024: the computer leads), as a class would get it
    play = page.locator(".hr-play").first
    play.get_by_role("textbox", name=t("play.seed", "ko")).fill("2024")
    driver.click(play.get_by_role("button", name=t("play.new_game", "ko")))
    driver.check_placement(driver.place_first_fitting_tile())
    screenshot()
    assert output_problems(page) == []
    assert traffic.outside == [], f"the page asked for outside files: {traffic.outside}"
    assert traffic.failed == [], f"site files that failed: {traffic.failed}"
    # JupyterLite's REPL app itself logs one plugin it cannot start (it needs a notebook)
    assert [e for e in page.horserace_errors if "codemirror-extension:commands" not in e
            and "INotebookTracker" not in e] == []
    # the same page: a new game of the seed whose deal the learner leads (test_board_access.py)
    from .test_board_access import check_the_learner_leads_on_the_sites_classroom_page

    check_the_learner_leads_on_the_sites_classroom_page(page, "ko")
    screenshot("leads")
    assert traffic.outside == [] and traffic.failed == []


BANNER_GONE_JS = """window.hrBannerGone = 0;
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.removedNodes) {
      if (node.id === "hr-kernel-start") window.hrBannerGone += 1;
    }
  }
}).observe(document, { subtree: true, childList: true });"""
"""Counts the times the start-up message is taken off the page."""

CELLS_SHOWN_JS = """window.hrCellsShownAt = null;
new MutationObserver((changes, watcher) => {
  if (document.querySelector(".jp-NotebookPanel .jp-CodeCell")) {
    window.hrCellsShownAt = performance.now();
    watcher.disconnect();
  }
}).observe(document, { subtree: true, childList: true });"""
"""Notes (``performance.now()``) when the first code cell of a notebook is in the page."""


PHONE, TABLET_UPRIGHT, LAPTOP = 390, 820, 1280
"""Widths (CSS px) at which a lesson opened by its link is checked: folded below 1000."""


def check_a_lesson_by_its_link_has_the_whole_width(page: Any, width: int, folded: bool) -> None:
    """On a phone or a tablet held upright, a lesson opened by its link has the width: the
    file browser (which JupyterLab opens beside it, half the width or more) is folded away,
    and the lesson's pictures fit in it; on a laptop the file browser stays. (The page was
    loaded at *width*, the lesson's cells shown.)"""
    # JupyterLab puts back its layout (which opens the file browser again), then the page is
    # laid out (a fold shows at the next frame: later on a busy machine)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    wide = f"""() => document.querySelector(".jp-NotebookPanel")
        .getBoundingClientRect().width > {width - 100}"""  # the two side bars: 76 px
    if folded:
        folded_wide = f"() => window.jupyterapp.shell.leftCollapsed && ({wide})()"
        page.wait_for_function(folded_wide)
        # and it ends so: JupyterLab may open the file browser once more after it has put back
        # its layout (seen on a busy machine at 390 and 820 px); the script folds it again,
        # and the page shows the fold at its next frame
        page.wait_for_timeout(1_000)
        page.wait_for_function(folded_wide, timeout=5_000)
        # its stored pictures fit the width, in their proportions (JupyterLab draws an SVG
        # output as an <img>, and its style fits only an <svg> to the width: on a phone they
        # were cut at the right)
        page.locator(".jp-RenderedSVG > img").first.wait_for()
        pictures = page.evaluate("""() => Array.from(document.querySelectorAll(
            ".jp-RenderedSVG > img"), (img) => {
              const box = img.getBoundingClientRect();
              const output = img.closest(".jp-OutputArea-output").getBoundingClientRect();
              return { right: box.right, room: output.right, width: box.width,
                       height: box.height, ratio: img.naturalHeight / img.naturalWidth };
            })""")
        assert pictures and all(
            picture["width"] > 0 and picture["right"] <= picture["room"] + 0.5
            and abs(picture["height"] / picture["width"] - picture["ratio"]) < 0.02
            for picture in pictures), pictures
    else:
        page.wait_for_timeout(1_000)
        assert page.evaluate("() => window.jupyterapp.shell.leftCollapsed") is False
        assert page.evaluate(wide) is False


@pytest.mark.parametrize(("notebook", "width"), [("ko/01_tiles_players.ipynb", PHONE),
                                               ("ja/03_scoring_ends.ipynb", TABLET_UPRIGHT)],
                         ids=["ko-phone", "ja-tablet-upright"])
def test_a_lesson_by_its_link_on_a_narrow_screen(
        lite_url: str, page: Any, screenshot: Any, notebook: str, width: int) -> None:
    """A lesson opened by its link on a phone (Korean) and on a tablet held upright (Japanese):
    it says, in its language, that Python is starting, and the message goes once (when the
    kernel is idle); it opens with its worked examples' pictures drawn (the outputs stored in
    it), not their text: the site ships its lessons trusted (untrusted, JupyterLab shows only
    an output's plain text); it has the screen's width
    (:func:`check_a_lesson_by_its_link_has_the_whole_width`); and it is unchanged once its
    kernel has started. Then (ja) the start page's link to the Korean lesson of the same file
    name opens that lesson with a kernel of its own."""
    import json

    from playwright.sync_api import expect

    from horserace_nb.lite.pages import lesson_url
    from horserace_nb.words.i18n import t

    stored = json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))
    titles = ["".join(output["data"]["text/plain"]).splitlines()[0]
              for cell in stored["cells"] for output in cell.get("outputs", [])
              if "image/svg+xml" in output.get("data", {})]
    assert len(titles) >= 2  # (lesson 01's opening-tile picture is a prediction: not stored)
    lang = notebook.split("/")[0]
    page.set_default_timeout(LITE_TIMEOUT_MS)
    page.set_viewport_size({"width": width, "height": 844})
    traffic = watch_traffic(page)
    page.add_init_script(BANNER_GONE_JS)
    page.goto(f"{lite_url}/{lesson_url(notebook)}")
    banner = page.locator("#hr-kernel-start")
    expect(banner).to_have_attribute("lang", lang)
    expect(banner).to_have_text(t("site.starting", lang))
    shown = wait_for_stored_pictures(page)
    text = page.locator(".jp-NotebookPanel .jp-OutputArea-output").all_inner_texts()
    assert not any(title in output for title in titles for output in text), text
    # a printed output's lines as printed (not joined by commas, as a list of lines would be)
    printed = next(text for cell in stored["cells"] for output in cell.get("outputs", [])
                   if output["output_type"] == "stream"
                   and "\n" in (text := "".join(output["text"]).strip()))
    found = page.locator(".jp-OutputArea-output", has_text=printed.splitlines()[0]).first
    found.wait_for()
    text = str(found.text_content())  # (its text as written: JupyterLab draws only what is
    # in view, and off it the rendered text reads empty)
    assert text.strip() == printed, (printed, text)
    shown.first.scroll_into_view_if_needed()
    screenshot(f"stored-pictures-{lang}")
    check_a_lesson_by_its_link_has_the_whole_width(page, width, folded=True)
    # the start-up message goes once the kernel is idle, and only then
    kernel_idle(page)
    expect(banner).to_have_count(0, timeout=5_000)
    expect(page.locator(".hr-sr-only[role=status]")).to_have_text(t("site.ready", lang))
    assert page.evaluate("window.hrBannerGone") == 1
    # and the lesson is opened unchanged: its kernel, once started, changes nothing in it (else
    # JupyterLab would save it as the learner's own copy, hiding the site's next version)
    page.wait_for_timeout(1_000)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty") \
        is False
    assert traffic.outside == [] and traffic.failed == []
    assert page.horserace_errors == [], "errors in the browser console"
    if lang == "ja":  # the start page's link to the Korean lesson of the same file name
        from .test_site_links import check_a_link_of_the_start_page_opens_its_lesson

        check_a_link_of_the_start_page_opens_its_lesson(page, lite_url, traffic)


EXERCISE = 'from horserace_nb.widgets.exercise import Exercises\nExercises("counted", seed=4)'


def check_a_rule_link_in_the_site_opens_the_rules_page_at_the_rule(page: Any,
                                                                   screenshot: Any) -> None:
    """A rule number in a widget's feedback, in the site's JupyterLab (a lesson open, run):
    JupyterLab's link command opens the rules page rendered, scrolled to the rule (issue 19
    item 4)."""
    from playwright.sync_api import expect

    from horserace_nb.widgets.exercise import Exercises
    from horserace_nb.words.i18n import t

    add_cell_and_run(page, EXERCISE)
    ex = Exercises("counted", seed=4).exercise
    extra = next(p for p in ex.choices() if p not in ex.answer)  # open, but counts nothing
    root = page.locator(".hr-exercise").last
    spot = root.locator(f"svg .hr-svg-spot.hr-pickable[data-tile='{extra[0]}']"
                        f"[data-side='{extra[1].value}']")
    spot.click()
    expect(spot).to_have_attribute("aria-pressed", "true")
    root.get_by_role("button", name=t("exercise.check", "en")).click()
    link = root.locator(".hr-msg-error a.hr-rule").first
    expect(link).to_have_attribute("href", re.compile(r"^\.\./rules\.md#r\d+$"))
    number = str(link.get_attribute("data-rule")).lstrip("r")
    link.click()
    heading = page.locator(".jp-RenderedMarkdown:visible h3", has_text=f"R{number} ·")
    expect(heading).to_have_count(1)
    page.wait_for_function(  # scrolled to the rule: its heading near the top of the view
        """(e) => { const r = e.getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight * 0.4; }""",
        arg=heading.element_handle(), timeout=15_000)
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text="rules.md")).to_have_count(1)
    screenshot("rule")
