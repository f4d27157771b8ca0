"""Classroom demos in a real browser (issue 19 item 7).

- The replay's keys: with the replay focused (a click on it, or on one of its buttons), → and ←
  step, Home and End jump, Space plays and pauses; none of these keys, nor ``a b x m d d``,
  reaches the notebook (JupyterLab and Notebook 7).
- Projector mode at 1920 × 1080 (JupyterLab Light and Dark): every text of the replay, play and
  classroom widgets outside the picture is at least 24 px, the picture's own captions are drawn
  at least 24 px high, and the board fills the width; with reduced motion a step shows without
  animation. The figures are printed (``-s``), the
  screenshots kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    KERNEL_TIMEOUT_MS,
    JupyterServer,
    open_notebook,
    settled,
    switch_lab_theme,
    write_notebook,
)

pytestmark = pytest.mark.browser

CELLS = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(c => [
    c.classList.contains('jp-CodeCell') ? 'code' :
    c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
    (c.querySelector('.jp-InputArea-editor') || c).innerText.trim().slice(0, 200)])"""


def _headings() -> list[str]:
    from horserace_nb.sessions.replay import build_steps, step_texts

    steps, example = build_steps("sequence")
    return [step_texts(s, len(steps), "en", example)["heading"] for s in steps]


# ------------------------------------------------------------------ keys
def test_replay_keys_step_and_never_reach_jupyterlab(lab_server: JupyterServer, page: Any,
                                                     screenshot: Any) -> None:
    check_replay_keys_step_and_never_reach_the_notebook(lab_server, page, screenshot)


def test_replay_keys_step_and_never_reach_notebook_7(notebook_server: JupyterServer,
                                                     page: Any, screenshot: Any) -> None:
    check_replay_keys_step_and_never_reach_the_notebook(notebook_server, page, screenshot)


def check_replay_keys_step_and_never_reach_the_notebook(server: JupyterServer, page: Any,
                                                        screenshot: Any) -> None:
    from playwright.sync_api import expect

    kind = server.kind
    name = write_notebook(server, "replay_keys.ipynb", [
        ("markdown", "# Replay keys"),
        ("code", "from horserace_nb.widgets import ReplayWidget\n"
                 "replay = ReplayWidget('sequence')\nreplay"),
        ("code", "x = 1"),
    ])
    ui = open_notebook(page, server, name)
    headings = _headings()
    replay = page.locator(".hr-replay").first
    heading = replay.locator(".hr-heading")
    expect(heading).to_have_text(headings[0], timeout=KERNEL_TIMEOUT_MS)
    cells = page.evaluate(CELLS)
    assert len(cells) == 3, cells
    # a click on the replay's board gives it the focus: it takes the replay's keys
    board = replay.locator(".hr-board-w").first
    board.click()
    assert board.evaluate("b => document.activeElement === b")
    assert board.get_attribute("data-lm-suppress-shortcuts") == "true"
    assert board.get_attribute("aria-keyshortcuts") == "ArrowLeft ArrowRight Space Home End"
    page.keyboard.press("ArrowRight")
    expect(heading).to_have_text(headings[1])
    page.keyboard.press("ArrowRight")
    expect(heading).to_have_text(headings[2])
    page.keyboard.press("ArrowLeft")
    expect(heading).to_have_text(headings[1])
    page.keyboard.press("End")
    expect(heading).to_have_text(headings[-1])
    page.keyboard.press("Home")
    expect(heading).to_have_text(headings[0])
    # Space plays (one step every 1.5 s) and pauses
    page.keyboard.press(" ")
    expect(heading).to_have_text(headings[2], timeout=8_000)
    page.keyboard.press(" ")
    page.wait_for_timeout(300)
    paused = heading.inner_text()
    page.wait_for_timeout(2_500)
    assert heading.inner_text() == paused, "Space did not pause the play"
    # the focus stays on the board as the picture changes
    before = headings.index(heading.inner_text().strip())
    page.keyboard.press("ArrowRight")
    expect(heading).to_have_text(headings[before + 1])
    assert board.evaluate("b => document.activeElement === b")
    # the notebook's own shortcuts never act: the cells are as they were
    board.focus()
    for key in ["a", "b", "x", "m", "d", "d", "ArrowDown", "ArrowUp", " ", " ", "Home"]:
        page.keyboard.press(key)
        page.wait_for_timeout(40)
    assert page.evaluate(CELLS) == cells
    # Escape leaves the replay for the notebook
    board.focus()
    page.keyboard.press("Escape")
    where = page.evaluate("""() => { const a = document.activeElement;
        return [!!a.closest('.hr-replay'), !!a.closest('.jp-Notebook')]; }""")
    assert where == [False, True], where
    assert page.evaluate(CELLS) == cells
    expect(heading).to_have_text(headings[0])
    ui.show(replay)
    screenshot(kind)


# ------------------------------------------------------------------ projector
SIZES = r"""(root) => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('svg, .hr-board-live, style, script')) continue;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || r.width === 0 || r.height === 0) continue;
        out.push([text.slice(0, 50), parseFloat(style.fontSize), el.tagName + '.' +
                  (el.className && el.className.baseVal === undefined ? el.className : '')]);
    }
    const captions = [];
    for (const svg of root.querySelectorAll('.hr-board-svg > svg')) {
        const box = svg.viewBox.baseVal;
        if (!svg.getBoundingClientRect().width) continue;  // a tab not shown
        const scale = svg.getBoundingClientRect().width / box.width;
        for (const t of svg.querySelectorAll('text.hr-svg-caption')) {
            const size = parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize);
            captions.push([t.textContent.slice(0, 40), size * scale]);
        }
    }
    const board = root.querySelector('.hr-board-svg > svg');
    const fill = board ? board.getBoundingClientRect().width / root.getBoundingClientRect().width
                       : 0;
    const height = board ? board.getBoundingClientRect().height / window.innerHeight : 0;
    return {texts: out, captions, fill, height};
}"""

PROJECTOR_CELLS = [
    ("markdown", "# Projector"),
    ("code", "from horserace_nb import Game\n"
             "from horserace_nb.widgets import Classroom, PlayWidget, ReplayWidget"),
    ("code", "replay = ReplayWidget('sequence', projector=True, sums=False)\n"
             "replay.step = 3\nreplay"),
    ("code", "play = PlayWidget(Game(players=2, seed=2024), projector=True, match='hand')\n"
             "play"),
    ("code", "room = Classroom(seed=4, projector=True, lang='ko')\nroom"),
]

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def test_projector_mode_is_readable_from_the_back_of_the_room(
        themed_lab: JupyterServer, device_page: Any) -> None:
    """One 1920 × 1080 page: the checks in JupyterLab Light, then in Dark (switched in the
    page), each with reduced motion last."""
    page = device_page(1920, 1080)
    name = write_notebook(themed_lab, "projector.ipynb", PROJECTOR_CELLS)
    ui = open_notebook(page, themed_lab, name)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    widgets = {"replay": page.locator(".hr-replay.hr-projector").first,
               "play": page.locator(".hr-play.hr-projector").first,
               "classroom": page.locator(".hr-classroom.hr-projector").first}
    for theme in THEMES:
        switch_lab_theme(page, THEMES[theme])
        check_projector_mode(page, ui, widgets, theme)
        check_projector_reduced_motion(page, ui, widgets)
        page.emulate_media(reduced_motion="no-preference")


def check_projector_mode(page: Any, ui: Any, widgets: dict[str, Any], theme: str) -> None:
    from playwright.sync_api import expect

    for label, root in widgets.items():
        ui.show(root)
        expect(root.locator(".hr-board-svg svg").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        settled(page)
        measured = root.evaluate(SIZES)
        texts, captions = measured["texts"], measured["captions"]
        assert len(texts) > 5, texts
        small = [m for m in texts if m[1] < 24]
        smallest = min(texts, key=lambda m: m[1])
        caption = min((c[1] for c in captions), default=0)
        print(f"\n{theme} {label}: {len(texts)} texts, smallest {smallest[1]:.1f} px "
              f"({smallest[0]!r}); picture captions {caption:.1f} px; board "
              f"{measured['fill']:.0%} of the width, {measured['height']:.0%} of the "
              f"screen's height")
        page.screenshot(path=str(ARTIFACTS / f"projector-{theme}-{label}-top.png"))
        root.evaluate("e => e.scrollIntoView({block: 'end'})")
        settled(page)
        page.screenshot(path=str(ARTIFACTS / f"projector-{theme}-{label}-end.png"))
        assert not small, small
        assert caption >= 24, captions
        # the board fills the width, unless that would make it taller than the screen
        assert measured["fill"] > 0.9 or measured["height"] > 0.8, measured


def check_projector_reduced_motion(page: Any, ui: Any, widgets: dict[str, Any]) -> None:
    # reduced motion: the brief mark of what just changed does not move (it does otherwise)
    replay = widgets["replay"]
    ui.show(replay)
    mark = """e => { const svg = e.querySelector('svg'); const tile = svg.querySelector(
        'g.hr-svg-tile'); svg.classList.add('hr-changed'); tile.classList.add('hr-new');
        const name = getComputedStyle(tile).animationName;
        svg.classList.remove('hr-changed'); tile.classList.remove('hr-new'); return name; }"""
    frame = replay.locator(".hr-board-svg")
    assert frame.evaluate(mark) == "hr-pop"
    page.emulate_media(reduced_motion="reduce")
    assert frame.evaluate(mark) == "none"
