"""The site's light classroom page in Chromium, offline (issue 34): ``classroom/index.html``.

The notebook's ``Classroom`` without JupyterLab: Python in a Web Worker, the widgets drawn by
ipywidgets' HTML manager with anywidget's front end (:mod:`horserace_nb.lite.classroom_page`).
Two pages are opened once for the whole module, at the same time, as two learners would: a
phone in Korean and a tablet in Japanese on the projector page. Each serves many checks: the
opening classroom at once (its board with its text alternative, "Python is starting" in the
page's language), a whole hand played by taps, the board's keys and contrast, two different
deals, and the hand played here on the lesson map of the site's start page (the same progress
store).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from horserace_nb.lite.classroom_page import START_SECONDS, light_url
from horserace_nb.teaching.course import lesson_of
from horserace_nb.words.i18n import t

from .conftest import ARTIFACTS
from .test_board_access import BOXES, CONTRAST, KEYS, NO_SIDEWAYS
from .test_lite import LITE_TIMEOUT_MS, kernel_idle, watch_traffic

TILES = ".hr-board svg g.hr-svg-hand-tile"
PLAYABLE = ".hr-board svg g.hr-svg-hand-tile.hr-playable"
LIT = ".hr-board svg .hr-svg-spot.hr-lit"
STORED = r"""() => Object.keys(localStorage).filter(k => /^horserace_nb\.\/\|r\./.test(k))
    .map(k => localStorage.getItem(k))"""  # the site's results (the site's root is "/")
QUIET = """() => window.hrLightBusy === 0 &&
    performance.now() - (window.__hrLightChanged || 0) > 250"""
WATCH = """() => { if (window.__hrLightWatch) return;
    window.__hrLightWatch = new MutationObserver(() => {
        window.__hrLightChanged = performance.now(); });
    window.__hrLightWatch.observe(document.body,
        {subtree: true, childList: true, attributes: true, characterData: true}); }"""
OPENING_SHOWN = "() => !!document.querySelector('#hr-opening .hr-board .hr-board-svg > svg')"
"""The opening classroom (its widget state, written when the site was built) is drawn."""
OPENING_BOARD = "document.querySelector('#hr-opening .hr-board .hr-board-svg > svg')"
DEVICES = {"phone": (390, 844, "ko", False), "tablet": (820, 1180, "ja", True)}


@dataclass
class LightPage:
    """A light classroom page, opened and ready; what it showed before Python was ready."""

    page: Any
    context: Any
    lang: str
    traffic: Any
    at_once: dict[str, Any] = field(default_factory=dict)

    @property
    def root(self) -> Any:
        return self.page.locator(".hr-play").first

    def settle(self, action: Any) -> None:
        """Do *action*; wait until Python has handled every message and the page is still."""
        self.page.evaluate("() => { window.__hrLightChanged = performance.now(); }")
        action()
        self.page.wait_for_function(QUIET, polling=50, timeout=30_000)

    def seed(self) -> str:
        return str(self.root.evaluate(
            "r => (r.innerText.match(/\\b\\d{3,}\\b/g) || []).join(' ')"))


def _open(browser: Any, base: str, device: str) -> LightPage:
    width, height, lang, projector = DEVICES[device]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    traffic = watch_traffic(page)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.horserace_errors = errors
    page.goto(f"{base}/{light_url(lang, projector=projector)}", wait_until="commit")
    light = LightPage(page, context, lang, traffic)
    # at once: the opening classroom (inert), its board's text alternative, the message,
    # before Python is ready
    page.wait_for_function(OPENING_SHOWN, polling=20)
    light.at_once = page.evaluate(f"""() => ({{
        lang: document.documentElement.lang,
        board_lang: {OPENING_BOARD}.closest('.hr-board').lang,
        alt: [...{OPENING_BOARD}.querySelectorAll(':scope > title, :scope > desc')]
            .map(e => e.textContent).join('\\n'),
        width: {OPENING_BOARD}.viewBox.baseVal.width,
        inert: document.getElementById('hr-opening').inert,
        said: document.getElementById('hr-light-said').textContent,
        ready: document.body.dataset.hrState || ''}})""")
    return light


def _wait_ready(light: LightPage) -> None:
    light.page.wait_for_selector("body[data-hr-state=ready]", timeout=LITE_TIMEOUT_MS)
    light.page.evaluate(WATCH)
    light.page.wait_for_function(QUIET, polling=50, timeout=30_000)


@pytest.fixture(scope="module")
def light_pages(browser: Any, lite_url: str) -> Iterator[dict[str, LightPage]]:
    """The phone (ko) and the tablet (ja, projector) pages, opened at the same time."""
    pages: dict[str, LightPage] = {}
    try:
        for device in DEVICES:
            pages[device] = _open(browser, lite_url, device)
        for light in pages.values():
            _wait_ready(light)
        yield pages
    finally:
        for light in pages.values():
            with contextlib.suppress(Exception):
                light.context.close()


def _button(light: LightPage, key: str) -> Any:
    return light.root.get_by_role("button", name=t(key, light.lang), exact=True)


def play_a_hand_by_taps(light: LightPage, device: str) -> int:
    """Tap until the hand is over: a playable tile and its first lit point, else the
    computer's next move, a draw or a pass. Every target at least 44 CSS px (24 on a phone),
    no sideways scrolling. The taps made."""
    from playwright.sync_api import expect

    need = 24 if device == "phone" else 44
    taps = 0
    for _ in range(120):
        if light.root.locator(".hr-settlement:visible").count():
            break
        playable = light.root.locator(PLAYABLE)
        if playable.count():
            boxes = light.root.evaluate(BOXES)
            assert min(min(w, h) for _, w, h in boxes) >= need - 0.01, boxes  # (23.9994: 24)
            tile = playable.first
            chosen = tile.get_attribute("data-tile")
            if tile.get_attribute("aria-pressed") != "true":  # not chosen already
                tile.tap()
            lit = light.root.locator(LIT)
            expect(lit.first).to_be_visible()
            light.settle(lit.first.tap)
            expect(light.root.locator(f"{TILES}[data-tile='{chosen}']")).to_have_count(0)
            taps += 2
            continue
        for key in ("play.next", "play.draw", "play.pass"):
            button = _button(light, key)
            if button.count() and button.first.is_visible() and button.first.is_enabled():
                light.settle(button.first.tap)
                taps += 1
                break
        else:
            pytest.fail(f"nothing to tap on the {device}: "
                        f"{light.root.inner_text()[:600]}")
    else:
        pytest.fail(f"the hand did not end on the {device}")
    sideways = light.root.evaluate(NO_SIDEWAYS)
    assert sideways["page"] <= sideways["vw"] + 1, sideways
    assert light.root.locator(".hr-msg-error").count() == 0
    return taps


def test_the_board_at_once_in_the_pages_language_and_two_deals(
        light_pages: dict[str, LightPage]) -> None:
    """Each page showed the opening classroom (inert), its board with its text alternative in
    the page's language and "Python is starting — about N seconds", before Python was ready;
    the live classroom replaced it; the two pages (two learners) got different deals; nothing
    left the machine."""
    for device, light in light_pages.items():
        at_once = light.at_once
        assert at_once["lang"] == light.lang and at_once["width"] > 0, (device, at_once)
        assert at_once["said"] == t("light.starting", light.lang, seconds=START_SECONDS)
        assert at_once["board_lang"] == light.lang and at_once["alt"] and at_once["inert"]
        page = light.page
        assert page.locator("#hr-opening").count() == 0  # the picture gave way to the board
        assert page.locator(f"{TILES}").count() > 0
        assert page.locator("#hr-light-done").inner_text() == t("site.ready", light.lang)
        assert light.traffic.outside == [] and light.traffic.failed == [], light.traffic
        assert page.horserace_errors == [], page.horserace_errors
    phone, tablet = light_pages["phone"], light_pages["tablet"]
    hands = [light.root.locator(TILES).evaluate_all(
        "els => els.map(e => e.getAttribute('data-tile')).join(' ')")
        for light in (phone, tablet)]
    assert (phone.seed(), hands[0]) != (tablet.seed(), hands[1]), (phone.seed(), hands)
    assert tablet.page.locator("body.hr-projector-page").count() == 1


def test_keys_and_contrast_of_the_board_on_the_phone(light_pages: dict[str, LightPage]) -> None:
    """On the phone: a tile chosen with Enter sends focus to its first lit point; the other
    keys change nothing; Escape clears the choice; every text of the play widget outside the
    picture has 4.5:1 contrast."""
    from playwright.sync_api import expect

    light = light_pages["phone"]
    page = light.page
    playable = light.root.locator(PLAYABLE)
    if not playable.count():
        for _ in range(20):
            if playable.count():
                break
            for key in ("play.next", "play.draw"):
                button = _button(light, key)
                if button.count() and button.first.is_enabled():
                    light.settle(button.first.click)
                    break
    tile = playable.first
    before = light.root.locator(TILES).count()
    tile.focus()
    page.keyboard.press("Enter")
    lit = light.root.locator(LIT).first
    expect(lit).to_be_focused()
    for key in KEYS:
        page.keyboard.press(key)
    assert light.root.locator(TILES).count() == before  # no key placed or removed a tile
    page.keyboard.press("Escape")
    expect(light.root.locator(LIT)).to_have_count(0)
    measured = light.root.evaluate(CONTRAST)
    assert len(measured) > 10, measured
    low = [m for m in measured if m[1] < 4.5]
    assert not low, low


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_whole_hand_by_taps(light_pages: dict[str, LightPage], device: str) -> None:
    """A whole hand played by taps, on the phone and on the tablet."""
    light = light_pages[device]
    taps = play_a_hand_by_taps(light, device)
    assert taps >= 2
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    light.page.screenshot(path=str(ARTIFACTS / f"light-{device}-end.png"), full_page=True)


def test_the_hand_played_here_shows_on_the_lesson_map(light_pages: dict[str, LightPage]) -> None:
    """The hand played on the phone's page is kept in the site's progress store, and the
    start page of the site's JupyterLab (same browser) shows it on the lesson map."""
    light = light_pages["phone"]
    page = light.page
    if not page.evaluate(STORED):  # this test alone: play the hand first
        play_a_hand_by_taps(light, "phone")
    page.wait_for_function(f"() => ({STORED})().length > 0", timeout=30_000)
    stored = [json.loads(v) for v in page.evaluate(STORED)]
    lessons = {r["lesson"] for r in stored}
    assert lessons == {lesson_of("hand", "2p", 0)}, stored
    lesson = lessons.pop()
    lab = light.context.new_page()
    try:
        lab.set_default_timeout(LITE_TIMEOUT_MS)
        base = page.url.split("/classroom/")[0]
        lab.goto(f"{base}/lab/index.html?path={light.lang}/00_start.ipynb")
        lab.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for()
        kernel_idle(lab)
        from lab_names import lab_path

        for label in lab_path(light.lang, "Run → Run All Cells"):  # the menus in its language
            lab.get_by_role("menuitem", name=label, exact=True).click()
        row = lab.locator(f".hr-progress-map tr[data-lesson='{lesson}']")
        from playwright.sync_api import expect

        expect(row).to_contain_text(t("progress.games", light.lang, count=1),
                                    timeout=LITE_TIMEOUT_MS)
    finally:
        lab.close()


def test_a_page_whose_python_cannot_start_says_so_and_links_the_other_page(
        lite_url: str, page: Any) -> None:
    """Python's files cannot be had (here: the Pyodide core refused): the page keeps its opening
    picture, says in its language that Python could not start, and links the REPL classroom page
    of its language (which needs no Web Worker of its own)."""
    from playwright.sync_api import expect

    from horserace_nb.lite.pages import classroom_url

    page.route("**/static/pyodide/pyodide.mjs*", lambda route: route.abort())
    page.goto(f"{lite_url}/{light_url('ja')}")
    status = page.locator("#hr-light-status.hr-light-failed")
    expect(status).to_be_visible(timeout=30_000)
    expect(status).to_contain_text(t("light.failed", "ja"))
    link = status.get_by_role("link", name=t("light.repl_link", "ja"))
    assert link.get_attribute("href") == f"../{classroom_url('ja')}"
    page.wait_for_function(OPENING_SHOWN)  # the opening classroom stays
    assert page.locator("html").get_attribute("lang") == "ja"
