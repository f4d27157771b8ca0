"""The board for every device and every learner (issue 17), in a real browser.

- Keys stay on the board: with a tile, a lit point or the seed box focused, pressing
  ``a b x c v z m y d d 1 2`` changes no cell of the notebook (JupyterLab and Notebook 7);
  Escape leaves the board, Tab moves on.
- Touch first: on a 768 × 1024 tablet (JupyterLab, file browser open) every tile and lit point
  is at least 44 × 44 CSS px, on a 390 × 844 phone (Notebook 7) at least 24 × 24, and a whole
  hand is played by taps without sideways page scrolling.
- Themes: every text of the widget outside the picture has 4.5:1 contrast in JupyterLab Light,
  Dark and Dark High Contrast, and with forced colours.
- Language: every Korean or Japanese text sits under ``lang="ko"`` / ``lang="ja"``.

The smallest target and the lowest contrast measured are printed (``-s`` shows them) and the
screenshots are kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    Frontend,
    JupyterServer,
    PlayDriver,
    open_notebook,
    settled,
    switch_lab_theme,
    write_notebook,
)

pytestmark = pytest.mark.browser

KEYS = ["a", "b", "x", "c", "v", "z", "m", "y", "d", "d", "1", "2"]


LEARNER_LEADS = 2025
"""A seed whose two-player deal the learner (seat 0) leads (every other test's 2024: the
computer leads)."""


def board_notebook(server: JupyterServer, lang: str = "en", seed: int = 2024) -> str:
    return write_notebook(server, f"board_{lang}_{seed}.ipynb", [
        ("markdown", "# The board"),
        ("code", f'LANG = "{lang}"\nfrom horserace_nb import Game\n'
                 "from horserace_nb.widgets import PlayWidget\n"
                 f"play = PlayWidget(Game(players=2, seed={seed}), human=0, lang=LANG, "
                 "match='hand')\nplay"),
        ("markdown", "Below: a cell of one's own."),
        ("code", "x = 1"),
    ])


def open_board(page: Any, server: JupyterServer, lang: str = "en",
               seed: int = 2024) -> tuple[Frontend, PlayDriver]:
    ui = open_notebook(page, server, board_notebook(server, lang, seed))
    driver = PlayDriver(page, ui)
    driver.wait_for_my_turn()
    return ui, driver


CELLS = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(c => [
    c.classList.contains('jp-CodeCell') ? 'code' :
    c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
    (c.querySelector('.jp-InputArea-editor') || c).innerText.trim().slice(0, 200)])"""


def press_keys(page: Any, focus: Any) -> None:
    focus.focus()
    for key in KEYS:
        page.keyboard.press(key)
        page.wait_for_timeout(40)


# ------------------------------------------------------------------ keys
CELLS_ANY = """() => [...document.querySelectorAll('.jp-Cell')].map(c => [
    c.classList.contains('jp-CodeCell') ? 'code' :
    c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
    c.classList.contains('jp-MarkdownCell') ? c.innerText.trim().slice(0, 200) :
    c.querySelectorAll('.jp-OutputArea-output').length])"""
"""Voilà's page (no editors; code cells show only their outputs): every cell, its kind, a
markdown cell's text, a code cell's number of outputs."""


def check_keys_stay_on_the_board(page: Any, driver: PlayDriver, cells: str,
                                 in_notebook: bool = True) -> None:
    """``a b x c v z m y d d 1 2`` pressed on a hand tile, a lit point (the tile chosen by
    keyboard: focus goes on to its first point) and the seed box change nothing *cells* (a
    script) sees; every focusable control carries the platform's mark; Tab moves on; Escape
    leaves the board (for the notebook, *in_notebook*)."""
    from playwright.sync_api import expect

    before = page.evaluate(cells)
    tile = driver.root.locator(driver.PLAYABLE).first
    press_keys(page, tile)  # a hand tile
    assert page.evaluate(cells) == before
    tile = driver.root.locator(driver.PLAYABLE).first
    tile.focus()
    page.keyboard.press("Enter")
    lit = driver.root.locator(driver.LIT).first
    expect(lit).to_be_focused()
    for key in KEYS:  # a lit point
        page.keyboard.press(key)
        page.wait_for_timeout(40)
    assert page.evaluate(cells) == before
    # the seed box and the other inputs of the widget
    seed = driver.root.locator(".widget-text input:visible").first  # (the call box is hidden)
    seed.scroll_into_view_if_needed()
    seed.click()
    press_keys(page, seed)
    assert page.evaluate(cells) == before
    assert seed.input_value().replace(" ", "") == "".join(KEYS)  # the keys went into the box
    # every focusable control of the board carries the platform's mark (ipywidgets' text
    # boxes keep their keys themselves: the seed box above)
    unmarked = driver.root.locator(".hr-board-w").first.evaluate("""b => [b, ...b.querySelectorAll(
        '[tabindex="0"]')].filter(
        e => !e.hasAttribute('data-lm-suppress-shortcuts')).map(e => e.outerHTML.slice(0, 80))""")
    assert unmarked == []
    # and every control of the widget (its menus and check boxes: ipywidgets' own views) is
    # inside an element carrying it: Lumino looks for a shortcut only below the nearest mark
    unmarked = driver.root.evaluate("""r => [...r.querySelectorAll(
        '[tabindex="0"], input, textarea, select, button')].filter(
        e => !e.closest('[data-lm-suppress-shortcuts]')).map(e => e.outerHTML.slice(0, 80))""")
    assert unmarked == []
    # Tab moves on; Escape leaves the board (for the notebook)
    tile = driver.root.locator(driver.PLAYABLE).first
    tile.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('data-tile')") != \
        tile.get_attribute("data-tile")
    tile.focus()
    page.keyboard.press("Escape")  # the first clears the choice of a tile (focus stays on it)
    page.keyboard.press("Escape")  # the next leaves the board
    where = page.evaluate("""() => { const a = document.activeElement;
        return [!!a.closest('.hr-board'), !!a.closest('.jp-Notebook')]; }""")
    assert where == ([False, True] if in_notebook else [False, where[1]]), where
    assert page.evaluate(cells) == before


def test_keys_on_the_board_never_edit_notebook_7(notebook_server: JupyterServer, page: Any,
                                                 screenshot: Any) -> None:
    """Notebook 7: the keys pressed on the board change no cell. (JupyterLab: the board's page
    test below, whose page serves the contrast and language checks too; Voilà: test_voila.py.)"""
    ui, driver = open_board(page, notebook_server)
    cells = page.evaluate(CELLS)
    assert len(cells) == 4, cells
    check_keys_stay_on_the_board(page, driver, CELLS)
    ui.show(driver.root)
    screenshot("notebook")


class _LiteLab:
    """The site's JupyterLab as :class:`Frontend` needs it: its status bar says "Python
    (Pyodide) | Idle" as JupyterLab's does."""

    kind = "lab"


MODEL_CELLS = """() => {
    const model = window.jupyterapp.shell.currentWidget.content.model, cells = [];
    for (let i = 0; i < model.cells.length; i += 1) {
        const cell = model.cells.get(i);
        cells.push([cell.type, cell.sharedModel.getSource().slice(0, 200)]);
    }
    return cells;
}"""
"""The open notebook's cells as JupyterLab's model holds them (each cell's kind and source),
whether or not the windowed notebook has drawn them."""


def check_keys_on_the_board_never_edit_the_notebook_in_the_site(page: Any, lang: str) -> None:
    """The JupyterLite site (the same mechanism as JupyterLab's): in a lesson with a game run in
    the browser's Python (*page* shows it, run; its first play widget's board in *lang*), the
    keys pressed on its board change no cell, as the page shows them and as the notebook's
    model holds them. (A test of its own, on the classroom lesson, before issue 29: now in
    the page of the play lesson's run in ``test_lite.py``.)"""
    from horserace_nb.words.i18n import t

    from .test_lite import output_problems

    ui = Frontend(page, _LiteLab())  # type: ignore[arg-type]
    driver = PlayDriver(page, ui)
    driver.next_label, driver.draw_label = t("play.next", lang), t("play.draw", lang)
    driver.root.scroll_into_view_if_needed()
    driver.wait_for_my_turn()
    cells = f"() => [({CELLS})(), ({MODEL_CELLS})()]"
    before = page.evaluate(cells)
    assert before[0] and len(before[1]) >= len(before[0]), before
    check_keys_stay_on_the_board(page, driver, cells)
    assert output_problems(page) == []


# ------------------------------------------------------------------ the learner leads
MOTION = r"""(root) => {
    // each time the picture is marked as just changed: how its parts move, at that moment
    window.__hrMarks = [];
    const seconds = (list) => Math.max(0, ...list.split(',').map(v => parseFloat(v) || 0));
    const look = () => {
        const svg = root.querySelector('.hr-board svg');
        if (!svg || !svg.classList.contains('hr-changed')) return;
        const style = (e) => e ? getComputedStyle(e) : null;
        const tile = style(svg.querySelector('g.hr-svg-tile.hr-new'));
        const captions = [...svg.querySelectorAll('text.hr-svg-caption')].map(style);
        const moving = [...root.querySelectorAll('*')].map(e => {
            const s = getComputedStyle(e);
            const a = s.animationName !== 'none' ? seconds(s.animationDuration) : 0;
            const t = s.transitionProperty !== 'none' ? seconds(s.transitionDuration) : 0;
            return [e.tagName + '.' + (e.getAttribute('class') || ''), a, t];
        }).filter(([, a, t]) => a > 0 || t > 0);
        window.__hrMarks.push({
            tile: svg.querySelector('g.hr-svg-tile.hr-new') ?
                svg.querySelector('g.hr-svg-tile.hr-new').getAttribute('data-tile') : null,
            tileAnimation: tile ? [tile.animationName, seconds(tile.animationDuration)] : null,
            captions: captions.map(c => [c.animationName, seconds(c.animationDuration)]),
            moving});
    };
    new MutationObserver(look).observe(root, {subtree: true, attributes: true,
                                              attributeFilter: ['class']});
}"""


def leads_notebook(server: JupyterServer) -> str:
    """Two boards of the seed whose deal the learner leads: one for each motion setting."""
    board = (f"PlayWidget(Game(players=2, seed={LEARNER_LEADS}), human=0, lang='en', "
             "match='hand')")
    return write_notebook(server, "leads.ipynb", [
        ("code", "from horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget"),
        ("code", board), ("code", board)])


def test_the_learner_leads_and_the_placement_is_shown(lab_server: JupyterServer, page: Any,
                                                      screenshot: Any) -> None:
    """Seed 2025: the learner leads an empty layout. Choosing a tile lights the centre place;
    a click on it places the tile. The tile just placed and the captions with its score are
    marked and animated for at most 300 ms (then the computer's move the same way); with
    ``prefers-reduced-motion: reduce`` they are marked and nothing moves. One page: the first
    board without, the second with reduced motion."""
    ui = open_notebook(page, lab_server, leads_notebook(lab_server))
    for index, motion in enumerate(["no-preference", "reduce"]):
        page.evaluate("() => { window.__hrWatch = undefined; }")  # watch this board
        driver = PlayDriver(page, ui)
        driver.root = page.locator(".hr-play").nth(index)
        ui.show(driver.root)
        driver.wait_for_my_turn()
        check_the_learner_leads(page, ui, driver, motion, screenshot)


def check_the_learner_leads(page: Any, ui: Frontend, driver: PlayDriver, motion: str,
                            screenshot: Any) -> None:
    from playwright.sync_api import expect

    page.emulate_media(reduced_motion=motion)
    board = driver.root.locator(".hr-board")
    assert board.locator("svg g.hr-svg-tile").count() == 0, "the layout is not empty"
    assert driver.root.locator(driver.PLAYABLE).count() >= 1
    # before a choice the centre place is no button
    assert driver.root.locator(driver.LIT).count() == 0
    driver.root.evaluate(MOTION)
    tile = driver.root.locator(driver.PLAYABLE).first
    chosen = tile.get_attribute("data-tile")
    tile.click()
    centre = driver.root.locator(driver.LIT)
    expect(centre).to_have_count(1)  # the one place of an empty layout, lit
    expect(centre).to_have_attribute("role", "button")
    expect(driver.root.locator(".hr-board-preview")).to_contain_text(" = ")
    driver.settle(centre.click)
    expect(board.locator(f"svg g.hr-svg-tile[data-tile='{chosen}']")).to_have_count(1)
    expect(board.locator(f"svg g.hr-svg-hand-tile[data-tile='{chosen}']")).to_have_count(0)
    page.wait_for_function("() => window.__hrMarks.length > 0")
    mark = page.evaluate("window.__hrMarks[0]")
    assert mark["tile"] == chosen, mark
    assert mark["captions"], mark  # the placement's captions: the tile, the sum, the score
    if motion == "reduce":
        assert mark["tileAnimation"][0] == "none" or mark["tileAnimation"][1] == 0, mark
        assert all(name == "none" or sec == 0 for name, sec in mark["captions"]), mark
        assert mark["moving"] == [], mark
    else:
        assert mark["tileAnimation"][0] == "hr-pop" and 0 < mark["tileAnimation"][1] <= 0.3
        assert all(name == "hr-flash" and 0 < sec <= 0.3 for name, sec in mark["captions"])
        assert all(a <= 0.3 and t <= 0.3 for _, a, t in mark["moving"]), mark
    # the mark goes (the highlight's glow stays)
    page.wait_for_function("e => !e.querySelector('svg.hr-changed')",
                           arg=board.element_handle())
    # the computer's move is shown the same way before the turn comes back
    next_move = driver.root.get_by_role("button", name=driver.next_label)
    for _ in range(4):
        if not next_move.is_enabled():  # the learner plays again (R17) or draws first
            break
        driver.click(next_move)
        if page.evaluate("window.__hrMarks.length") > 1:
            again = page.evaluate("window.__hrMarks[window.__hrMarks.length - 1]")
            assert again["tile"] and again["tile"] != chosen, again
            if motion == "reduce":
                assert again["moving"] == [], again
            else:
                assert again["tileAnimation"][0] == "hr-pop", again
            break
    ui.show(driver.root)
    screenshot(motion)




def check_the_learner_leads_on_the_sites_classroom_page(page: Any, lang: str = "en") -> None:
    """The site's no-code classroom page (the REPL app) open, seed 2025 typed in: a chosen tile
    lights the centre place of the empty layout; a tap on it places the tile (test_lite.py's
    classroom page test, in the page it has open)."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    from .test_lite import LITE_TIMEOUT_MS, _NoKernelStatus

    driver = PlayDriver(page, _NoKernelStatus())  # type: ignore[arg-type]
    play = page.locator(".hr-play").first
    play.get_by_role("textbox", name=t("play.seed", lang)).fill(str(LEARNER_LEADS))
    driver.click(play.get_by_role("button", name=t("play.new_game", lang)))
    board = play.locator(".hr-board")
    expect(board.locator("svg g.hr-svg-hand-tile.hr-playable").first).to_be_visible()
    assert board.locator("svg g.hr-svg-tile").count() == 0, "the layout is not empty"
    tile = play.locator(driver.PLAYABLE).first
    chosen = tile.get_attribute("data-tile")
    tile.click()
    centre = play.locator(driver.LIT)
    expect(centre).to_have_count(1)
    driver.settle(centre.click)
    expect(board.locator(f"svg g.hr-svg-tile[data-tile='{chosen}']")).to_have_count(
        1, timeout=LITE_TIMEOUT_MS)  # the browser's Python answers
    assert play.locator(".hr-msg-error").count() == 0


# ------------------------------------------------------------------ touch
BOXES = """(root) => [...root.querySelectorAll(
    '.hr-board g.hr-svg-hand-tile.hr-playable, .hr-board .hr-svg-spot.hr-lit')].map(e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('data-tile') || e.tagName, r.width, r.height]; })"""

NO_SIDEWAYS = """(root) => {
    const vw = document.documentElement.clientWidth;
    const scrollers = [...document.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className);
    return {vw, right: root.getBoundingClientRect().right,
            page: document.documentElement.scrollWidth, scrollers}; }"""


def smallest(driver: PlayDriver) -> tuple[float, list[Any]]:
    boxes = driver.root.evaluate(BOXES)
    return min(min(w, h) for _, w, h in boxes), boxes


DEVICES = {"tablet": (768, 1024, "lab", 44), "phone": (390, 844, "notebook", 24)}


def check_a_whole_hand_by_taps(page: Any, ui: Frontend, driver: PlayDriver,
                               device: str) -> None:
    """A whole hand played by taps on the board of *driver* (seed 2024, the learner's turn), in
    the touch page of *device* (test_devices.py opens it): every tile and lit point at least
    the device's size, no sideways scrolling."""
    from playwright.sync_api import expect

    width, height, kind, need = DEVICES[device]
    if kind == "lab":  # the file browser open beside the notebook, as in a classroom
        browser_panel = page.locator("#filebrowser")
        if not browser_panel.is_visible():
            page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        expect(browser_panel).to_be_visible()
    least = 1e9
    taps = 0
    shot = False
    for _ in range(80):
        if driver.root.locator(".hr-settlement:visible").count() and \
                driver.root.locator(".hr-settle").count():
            break
        playable = driver.root.locator(driver.PLAYABLE)
        if playable.count():
            size, boxes = smallest(driver)
            least = min(least, size)
            assert size >= need, boxes
            tile = playable.first
            tile.tap()
            lit = driver.root.locator(driver.LIT)
            expect(lit.first).to_be_visible()
            size, boxes = smallest(driver)
            least = min(least, size)
            assert size >= need, boxes
            if not shot:
                ui.show(driver.root)
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"board-{device}.png"))
                shot = True
            driver.settle(lit.first.tap)
            taps += 2
            continue
        for label in (driver.next_label, driver.draw_label, "Pass"):
            button = driver.root.get_by_role("button", name=label)
            if button.count() and button.first.is_visible() and button.first.is_enabled():
                driver.settle(button.first.tap)
                taps += 1
                break
        else:
            pytest.fail(f"nothing to tap: {driver.texts()}")
    else:
        pytest.fail("the hand did not end")
    sideways = driver.root.evaluate(NO_SIDEWAYS)
    assert sideways["right"] <= sideways["vw"] + 1 and sideways["page"] <= sideways["vw"] + 1, \
        sideways
    assert not sideways["scrollers"], sideways
    print(f"\n{device} {width}x{height} ({kind}): smallest target {least:.1f} px, {taps} taps")
    ui.show(driver.root)
    page.screenshot(path=str(ARTIFACTS / f"board-{device}-end.png"))


# ------------------------------------------------------------------ contrast
CONTRAST = r"""(root) => {
    const parse = (text) => {
        let m = text.match(/rgba?\(([^)]+)\)/);
        if (m) { const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
                 return [p[0] / 255, p[1] / 255, p[2] / 255, p.length > 3 ? p[3] : 1]; }
        m = text.match(/color\(srgb ([^)]+)\)/);
        if (m) { const p = m[1].split(/[ /]+/).filter(Boolean).map(Number);
                 return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
        return null;
    };
    const over = (top, bottom) => {
        const a = top[3];
        return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
    };
    const background = (el) => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        let colour = [1, 1, 1, 1];
        for (const layer of layers.reverse()) colour = over(layer, colour);
        return colour;
    };
    const lum = (c) => {
        const f = (v) => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('svg, .hr-svg-strip, .hr-board-live')) continue;
        if (el.closest('button:disabled, input:disabled, select:disabled, .mod-disabled'))
            continue;  // inactive controls are exempt (WCAG 1.4.3)
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        if (style.visibility === 'hidden' || r.width === 0 || r.height === 0) continue;
        if (el.closest('[style*="display: none"]')) continue;
        let opacity = 1;
        for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        const bg = background(el);
        const fg0 = parse(style.color);
        if (!fg0) { out.push([text.slice(0, 60), 0, style.color]); continue; }
        const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * opacity], bg);
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        out.push([text.slice(0, 60), (a + 0.05) / (b + 0.05), style.color]);
    }
    return out;
}"""

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark",
          "high-contrast": "JupyterLab Dark High Contrast", "forced-colours": "JupyterLab Light"}


def check_the_board_has_contrast(page: Any, ui: Frontend, driver: PlayDriver,
                                 theme: str) -> None:
    """Every text of the play widget outside the picture has 4.5:1 in the page's theme (the
    page has made a placement and asked about a tile that cannot be played: every kind of
    message shows); the picture keeps its table palette and a visible frame."""
    ui.show(driver.root)
    page.screenshot(path=str(ARTIFACTS / f"board-{theme}.png"))
    measured = driver.root.evaluate(CONTRAST)
    assert len(measured) > 10, measured
    worst = min(measured, key=lambda m: m[1])
    print(f"\n{theme}: {len(measured)} texts, lowest contrast {worst[1]:.2f}:1 ({worst[0]!r}, "
          f"{worst[2]})")
    low = [m for m in measured if m[1] < 4.5]
    assert not low, low
    # the picture keeps its table palette and a visible frame
    frame = driver.root.locator(".hr-board-svg").evaluate(
        "e => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).borderTopWidth]")
    assert frame[0] == "solid" and frame[1] != "0px", frame
    table = driver.root.locator(".hr-board-svg rect.hr-svg-table").get_attribute("fill")
    assert table and table.startswith("#")


def in_theme(page: Any, theme: str) -> None:
    """Put the JupyterLab page in the theme of :data:`THEMES` *theme* (forced colours: Light,
    with the system's forced colours and more contrast emulated)."""
    switch_lab_theme(page, THEMES[theme])
    if theme == "forced-colours":
        page.emulate_media(forced_colors="active", contrast="more")
    else:
        page.emulate_media(forced_colors="none", contrast="no-preference")


def test_the_board_in_jupyterlab_keys_contrast_and_language(themed_lab: JupyterServer,
                                                            page: Any, screenshot: Any) -> None:
    """One JupyterLab page of the board (seed 2024) serves: the keys pressed on the board change
    no cell; every text of the widget has 4.5:1 contrast in Light, Dark, Dark High Contrast and
    with forced colours (the theme switched in the page); every Korean and Japanese text is
    marked, in an English, a Korean and a Japanese board (the widget's own switch)."""
    ui, driver = open_board(page, themed_lab)
    cells = page.evaluate(CELLS)
    assert len(cells) == 4, cells
    check_keys_stay_on_the_board(page, driver, CELLS)
    ui.show(driver.root)
    screenshot("lab")
    # something of every kind of message: a placement (ok), an error (a tile that cannot be
    # played, asked about), the settlement later is covered by the play test
    driver.place_first_fitting_tile()
    idle = driver.root.locator(".hr-board g.hr-svg-hand-tile.hr-idle")
    if idle.count():
        driver.settle(idle.first.click)
    for theme in THEMES:
        in_theme(page, theme)
        check_the_board_has_contrast(page, ui, driver, theme)
    in_theme(page, "light")
    driver.wait_for_my_turn()
    for lang in ["en", "ko", "ja"]:
        check_korean_and_japanese_marked(page, ui, driver, lang)


WIDGETS_CODE = [
    ("code", "from horserace_nb import Game, Place\nfrom horserace_nb.widgets import (\n"
             "    ClassReport, Classroom, Exercises, Progress, PuzzleWidget, ReplayWidget,\n"
             "    ReviewWidget)\n"
             "import pathlib, tempfile\n"
             "from horserace_nb.teaching.progress import Result, results_file"),
    ("code", "ReplayWidget()"),
    ("code", "ex = Exercises(['open'], seed=101, count=3)\nex"),
    ("code", "ex.answer([])  # a wrong answer: its feedback"),
    ("code", "puzzle = PuzzleWidget('fifteen')\npuzzle"),
    ("code", "puzzle.place('[3|5]', '[5|5]', 'straight_b')  # not the best: said"),
    ("code", "game = Game.from_position(\n"
             "    [('[2|5]', None, None), ('[2|3]', '[2|5]', 'low'), ('[5|5]', '[2|5]', 'high'),\n"
             "     ('[3|6]', '[2|3]', 'high')],\n"
             "    [['[0|3]', '[3|5]', '[5|6]'], ['[0|0]', '[1|1]', '[0|1]', '[4|4]']],"
             " ['[1|2]'], 0)\n"
             "_ = game.apply(Place('[5|6]', '[5|5]', 'straight_b'))\n"
             "ReviewWidget(game, 0, seed=1, rollouts=8)"),
    ("code", "Progress()"),
    ("code", "folder = pathlib.Path(tempfile.mkdtemp())\n"
             "results = [Result('01', 'exercise', 'open', 101000, stars=3, tries=1,\n"
             "                  when='2026-12-01T09:00:00'),\n"
             "           Result('02', 'exercise', 'total', 7000, stars=1, tries=3,\n"
             "                  rules=('R13',), when='2026-12-01T09:05:00')]\n"
             "_ = (folder / 'mina.json').write_text(results_file(results, learner='Mina',\n"
             "    saved='2026-12-01T10:00:00'), encoding='utf-8')\n"
             "_ = (folder / 'notes.txt').write_text('not results')\n"
             "ClassReport(folder)"),
    ("code", "Classroom(seed=2024)"),
]
"""A notebook below the board with every other widget that shows text outside a picture:
replay, exercises (a wrong answer's feedback), puzzle (a move that is not the best), review,
progress, class report (a refused file), classroom."""

STORED = [  # lesson 1 mastered, a rule missed in lesson 2: every mark of the progress map
    ("01", "open", 101000, 3, "2026-11-20T09:00:00"), ("01", "open", 101001, 3,
                                                       "2026-11-25T09:00:00"),
    ("01", "open", 101002, 3, "2026-11-28T09:00:00"), ("02", "total", 7000, 0,
                                                       "2026-12-01T09:05:00")]


def stored_results() -> str:
    """The learner's results as the store keeps them in ``localStorage``."""
    import json

    from horserace_nb.teaching.progress import Result, record_of

    results = [record_of(Result(lesson, "exercise", case, seed, stars=stars,
                                tries=1 if stars else 3, rules=() if stars else ("R13",),
                                when=when))
               for lesson, case, seed, stars, when in STORED]
    return json.dumps({"format": "horserace_nb.store", "version": 1, "results": results})


OTHER_WIDGETS = {"replay": ".hr-replay", "exercises": ".hr-exercise", "puzzle": ".hr-puzzle",
                 "review": ".hr-review", "progress": ".hr-progress", "class report": ".hr-report",
                 "classroom": ".hr-classroom"}


def test_every_text_of_every_widget_has_contrast(themed_lab: JupyterServer, page: Any) -> None:
    """The widgets other than play (above): each shows text, and every text of it has 4.5:1
    (each widget scrolled into view first: JupyterLab draws only the cells in view), in every
    theme of :data:`THEMES`, switched in the one page."""
    from playwright.sync_api import expect

    page.add_init_script(f"localStorage.setItem('horserace_nb.results.v1', "
                         f"{stored_results()!r})")
    name = write_notebook(themed_lab, "widgets.ipynb", WIDGETS_CODE)
    ui = Frontend(page, themed_lab)
    page.goto(f"{themed_lab.url}/lab/tree/{name}?reset")
    ui.wait_idle()
    ui.run_all()
    for theme in THEMES:
        in_theme(page, theme)
        check_every_widget_has_contrast(page, theme, expect)


def check_every_widget_has_contrast(page: Any, theme: str, expect: Any) -> None:
    lowest: dict[str, tuple[float, str]] = {}
    low: list[Any] = []
    for widget, selector in OTHER_WIDGETS.items():
        root = page.locator(f".jp-OutputArea-output {selector}").first
        root.evaluate("e => e.scrollIntoView({block: 'start'})")
        expect(root).to_be_visible()
        settled(page)
        if widget == "progress":  # the stored results read: mastered and missed marks
            expect(root.locator(".hr-rule-mastered").first).to_be_visible()
            expect(root.locator(".hr-rule-missed").first).to_be_visible()
        measured = root.evaluate(CONTRAST)
        assert len(measured) >= 3, (widget, measured)
        worst = min(measured, key=lambda m: m[1])
        lowest[widget] = (worst[1], worst[0])
        low += [(widget, *m) for m in measured if m[1] < 4.5]
        if widget in ("progress", "class report", "exercises"):
            page.screenshot(path=str(ARTIFACTS / f"widgets-{theme}-{widget.replace(' ', '-')}"
                                                 ".png"))
    print(f"\n{theme}: lowest contrast per widget: " + ", ".join(
        f"{w} {c:.2f}:1 ({text!r})" for w, (c, text) in lowest.items()))
    assert not low, low


# ------------------------------------------------------------------ language
LANG_CHECK = r"""(root) => {
    const bad = [];
    let count = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent;
        const want = /[\uac00-\ud7a3]/.test(text) ? 'ko' :
                     /[\u3040-\u30ff]/.test(text) ? 'ja' :
                     /[\u4e00-\u9fff]/.test(text) ? 'ja' : null;
        if (!want) continue;
        count += 1;
        const holder = n.parentElement && n.parentElement.closest('[lang]');
        const lang = holder ? holder.getAttribute('lang') : document.documentElement.lang;
        if (lang !== want) bad.push([text.trim().slice(0, 40), lang, want]);
    }
    return {count, bad};
}"""


def check_korean_and_japanese_marked(page: Any, ui: Frontend, driver: PlayDriver,
                                     lang: str) -> None:
    """Every Korean or Japanese text of the play widget of *driver* (at the learner's turn)
    sits under its ``lang``, with the widget in *lang* (switched by its own switch)."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import label, t

    if lang != "en":  # then the widget's own switch
        driver.settle(driver.root.locator(".hr-lang").get_by_text(label(lang)).click)
        chosen = driver.root.locator(f"{driver.PLAYABLE}[aria-pressed='true']")
        if chosen.count():  # the choice of the language before: cleared, to choose anew
            chosen.first.focus()
            page.keyboard.press("Escape")
        expect(driver.root).to_have_attribute("lang", lang)
        # the page's game is a one-hand match: its title says so (play.title_hand)
        expect(driver.root.locator(".hr-title")).to_contain_text(t("play.title_hand", lang))
        driver.root.locator(driver.PLAYABLE).first.click()  # a choice, its preview
    page.wait_for_timeout(300)
    found = driver.root.evaluate(LANG_CHECK)
    print(f"\n{lang}: {found['count']} Korean/Japanese text runs, {len(found['bad'])} unmarked")
    assert found["count"] >= (2 if lang == "en" else 20), found
    assert found["bad"] == [], found["bad"]
    # the switch's labels, in an English widget too
    names = driver.root.locator(".hr-lang button, .hr-lang .widget-toggle-button").evaluate_all(
        "els => els.map(e => [e.textContent.trim(), e.getAttribute('lang')])")
    assert ["한국어", "ko"] in names and ["日本語", "ja"] in names, names
    ui.show(driver.root)
    page.screenshot(path=str(ARTIFACTS / f"board-{lang}.png"))
    assert not re.search("Traceback", driver.root.inner_text())
