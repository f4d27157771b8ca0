"""Voilà in Chromium: the notebook as a page without code, as a teacher shows it to a class
(``voila <notebook>``; here one Voilà shows their folder, each at
``/voila/render/<notebook>``). Voilà runs the notebook itself; the widgets must work as in
JupyterLab.
See ``test_lab.py`` for what each check expects.
"""

from __future__ import annotations

from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

pytestmark = pytest.mark.browser

REPLAY = notebook("joining_spinners")
PLAY = notebook("play")


def no_code_shown(page: Any, name: str) -> None:
    """The page shows the notebook's text and widgets, not its code: no line of a code cell
    appears on it."""
    import nbformat

    from .conftest import NOTEBOOKS

    notebook = nbformat.read(NOTEBOOKS[name], as_version=4)
    lines = {line.strip() for cell in notebook.cells if cell.cell_type == "code"
             for line in cell.source.splitlines()
             if len(line.strip()) > 8 and not line.strip().startswith("#")}
    assert lines, "the notebook has no code to hide"
    text = page.locator("body").inner_text()
    shown = sorted(line for line in lines if line in text)
    assert not shown, f"Voilà shows code: {shown}"
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0


def test_play_places_a_tile(voila_servers: Any, frontend: Any, play: Any, page: Any,
                            screenshot: Any) -> None:
    """Lesson 7 in Voilà: a tile placed by clicks, one by the keyboard, no code shown; then, in
    the same page, the keys pressed on the board change nothing."""
    name = PLAY
    server = voila_servers(name)
    ui = frontend(server)
    ui.open(name)
    driver = play(server)
    result = driver.place_first_fitting_tile()  # click the tile, then a lit point
    driver.check_placement(result)
    result = driver.place_first_fitting_tile(keyboard=True)  # focus, Enter, Enter
    driver.check_placement(result)
    no_code_shown(page, name)
    ui.show(driver.root)
    screenshot()
    # the same page: the keys pressed on the board change nothing (test_board_access.py)
    keys_change_nothing(page, driver)


def keys_change_nothing(page: Any, driver: Any) -> None:
    """Voilà: the page of lesson 7 (its cells' outputs) is the same after the keys."""
    from .test_board_access import CELLS_ANY, check_keys_stay_on_the_board

    driver.wait_for_my_turn()
    cells = page.evaluate(CELLS_ANY)
    assert len(cells) > 5 and ["code", 1] in cells, cells
    check_keys_stay_on_the_board(page, driver, CELLS_ANY, in_notebook=False)


def test_replay_next_steps_the_board(voila_servers: Any, frontend: Any, replay_check: Any,
                                     page: Any, screenshot: Any) -> None:
    name = REPLAY
    server = voila_servers(name)
    ui = frontend(server)
    ui.open(name)
    replay = replay_check()
    no_code_shown(page, name)
    ui.show(replay)
    screenshot()


def test_classroom_page_shows_play_and_examples_without_code(
        voila_servers: Any, frontend: Any, page: Any, screenshot: Any) -> None:
    """The classroom page (06): a board to play on, the worked examples in a second tab, one
    language switch that relabels the page, and no code."""
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    name = notebook("classroom")
    server = voila_servers(name)
    ui = frontend(server)
    ui.open(name)
    room = page.locator(".hr-classroom").first
    expect(room.locator(".hr-play .hr-board svg.hr-svg-horserace")).to_be_visible(timeout=60_000)
    no_code_shown(page, name)
    expect(room.locator(".hr-title").first).to_have_text(t("classroom.title", "en"))
    room.locator(".hr-lang").first.get_by_role("button", name="한국어").click()
    expect(room.locator(".hr-title").first).to_have_text(t("classroom.title", "ko"))
    page.get_by_role("tab", name=t("classroom.replay_tab", "ko")).click()
    expect(room.locator(".hr-replay .hr-board svg")).to_be_visible()
    expect(room.locator(".hr-replay .hr-heading")).to_contain_text("단계")
    ui.show(room)
    screenshot()
