"""Notebook 7 in Chromium: the same checks as in JupyterLab, in the classic-style interface.

Open the notebook (``/notebooks/<name>``), Run → Run All Cells, wait until the kernel is idle,
then use the widgets. See ``test_lab.py`` for what each check expects.
"""

from __future__ import annotations

from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

pytestmark = pytest.mark.browser

REPLAY = notebook("joining_spinners")
PLAY = notebook("play")


def test_play_places_a_tile(notebook_server: Any, frontend: Any, play: Any,
                            screenshot: Any) -> None:
    name = PLAY
    ui = frontend(notebook_server)
    ui.open(name)
    ui.run_all()
    driver = play(notebook_server)
    result = driver.place_first_fitting_tile()  # click the tile, then a lit point
    driver.check_placement(result)
    result = driver.place_first_fitting_tile(keyboard=True)  # focus, Enter, Enter
    driver.check_placement(result)
    ui.show(driver.root)
    screenshot()


def test_replay_next_steps_the_board(notebook_server: Any, frontend: Any, replay_check: Any,
                                     screenshot: Any) -> None:
    name = REPLAY
    ui = frontend(notebook_server)
    ui.open(name)
    ui.run_all()
    ui.show(replay_check())
    screenshot()
