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
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    Frontend,
    JupyterServer,
    PlayDriver,
    set_lab_theme,
    write_notebook,
)

pytestmark = pytest.mark.browser

KEYS = ["a", "b", "x", "c", "v", "z", "m", "y", "d", "d", "1", "2"]


def board_notebook(server: JupyterServer, lang: str = "en") -> str:
    return write_notebook(server, f"board_{lang}.ipynb", [
        ("markdown", "# The board"),
        ("code", f'LANG = "{lang}"\nfrom horserace_nb import Game\n'
                 "from horserace_nb.widgets import PlayWidget\n"
                 "play = PlayWidget(Game(players=2, seed=2024), human=0, lang=LANG, "
                 "match='hand')\nplay"),
        ("markdown", "Below: a cell of one's own."),
        ("code", "x = 1"),
    ])


def open_board(page: Any, server: JupyterServer, lang: str = "en") -> tuple[Frontend, PlayDriver]:
    name = board_notebook(server, lang)
    ui = Frontend(page, server)
    if server.kind == "lab":
        page.goto(f"{server.url}/lab/tree/{name}?reset")
    else:
        page.goto(f"{server.url}/notebooks/{name}")
    ui.wait_idle()
    ui.run_all()
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
@pytest.mark.parametrize("kind", ["lab", "notebook"])
def test_keys_on_the_board_never_edit_the_notebook(kind: str, request: pytest.FixtureRequest,
                                                   page: Any, screenshot: Any) -> None:
    server = request.getfixturevalue(f"{kind}_server")
    ui, driver = open_board(page, server)
    cells = page.evaluate(CELLS)
    assert len(cells) == 4, cells
    tile = driver.root.locator(driver.PLAYABLE).first
    # a hand tile
    press_keys(page, tile)
    assert page.evaluate(CELLS) == cells
    # a lit point (the tile chosen by keyboard: focus goes on to its first point)
    tile = driver.root.locator(driver.PLAYABLE).first
    tile.focus()
    page.keyboard.press("Enter")
    lit = driver.root.locator(driver.LIT).first
    from playwright.sync_api import expect
    expect(lit).to_be_focused()
    for key in KEYS:
        page.keyboard.press(key)
        page.wait_for_timeout(40)
    assert page.evaluate(CELLS) == cells
    # the seed box and the other inputs of the widget
    seed = driver.root.locator(".widget-text input").first
    seed.scroll_into_view_if_needed()
    seed.click()
    press_keys(page, seed)
    assert page.evaluate(CELLS) == cells
    assert seed.input_value().replace(" ", "") == "".join(KEYS)  # the keys went into the box
    # every focusable control carries the platform's mark
    unmarked = driver.root.evaluate("""r => [...r.querySelectorAll(
        '[tabindex="0"], input, textarea, select')].filter(
        e => !e.hasAttribute('data-lm-suppress-shortcuts')).map(e => e.outerHTML.slice(0, 80))""")
    assert unmarked == []
    # Tab moves on; Escape leaves the board for the notebook
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
    assert where == [False, True], where
    assert page.evaluate(CELLS) == cells
    ui.show(driver.root)
    screenshot(kind)


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


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_whole_hand_by_taps(device: str, request: pytest.FixtureRequest,
                              device_page: Any) -> None:
    from playwright.sync_api import expect

    width, height, kind, need = DEVICES[device]
    server = request.getfixturevalue(f"{kind}_server")
    page = device_page(width, height, touch=True)
    ui, driver = open_board(page, server)
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


@pytest.fixture
def themed_lab(lab_server: JupyterServer) -> Iterator[JupyterServer]:
    yield lab_server
    set_lab_theme(lab_server, "JupyterLab Light")


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_text_of_the_widget_has_contrast(theme: str, themed_lab: JupyterServer,
                                               page: Any) -> None:
    set_lab_theme(themed_lab, THEMES[theme])
    if theme == "forced-colours":
        page.emulate_media(forced_colors="active", contrast="more")
    ui, driver = open_board(page, themed_lab)
    # something of every kind of message: a placement (ok), an error (a tile that cannot be
    # played, asked about), the settlement later is covered by the play test
    driver.place_first_fitting_tile()
    idle = driver.root.locator(".hr-board g.hr-svg-hand-tile.hr-idle")
    if idle.count():
        driver.settle(idle.first.click)
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


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_every_korean_and_japanese_text_is_marked(lang: str, lab_server: JupyterServer,
                                                  page: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import label, t

    ui, driver = open_board(page, lab_server)  # the learner's turn (the driver reads English)
    if lang != "en":  # then the widget's own switch
        driver.settle(driver.root.locator(".hr-lang").get_by_text(label(lang)).click)
        expect(driver.root).to_have_attribute("lang", lang)
        expect(driver.root.locator(".hr-title")).to_contain_text(t("play.title", lang, target=61))
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
