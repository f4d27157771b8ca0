"""The classroom page widget: play and worked examples under one language switch."""

from __future__ import annotations

from pathlib import Path

import pytest

from horserace_nb.teaching.examples import EXAMPLES
from horserace_nb.widgets import Classroom
from horserace_nb.words.i18n import t


def test_one_switch_relabels_the_whole_page() -> None:
    room = Classroom(lang="en", seed=2024)
    assert room.play.game.seed == 2024
    assert room.play.lang_switch.layout.display == "none"
    assert room.replay.lang_switch.layout.display == "none"
    room.lang_switch.value = "ja"
    assert room.play.lang == room.replay.lang == "ja"
    assert room.tabs.get_title(0) == t("classroom.play_tab", "ja")
    assert room.tabs.get_title(1) == t("classroom.replay_tab", "ja")
    assert t("classroom.title", "ja") in room.heading.value
    assert [label for label, _ in room.example_choice.options] == [
        e.title("ja") for e in EXAMPLES.values()]


def test_choosing_an_example_replays_it_in_the_page_language() -> None:
    room = Classroom(lang="ko")
    room.example_choice.value = "tie_individual"
    assert room.replay.example is EXAMPLES["tie_individual"]
    assert room.replay.lang == "ko"
    assert room.replay_box.children[1] is room.replay
    assert room.replay.lang_switch.layout.display == "none"
    room.replay.last_button.click()
    assert "→ 20 → 4" in room.replay.details.value


def test_voila_started_in_the_project_folder_waits_for_the_classroom_to_show(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With 6 or more learners opening the classroom page at once on a 2-core server, a
    kernel's output came later than nbclient's default 4-second wait: Voilà dropped the widget
    and the pages showed no board (tests/benchmarks/bench_voila.py). ``voila.json`` in the project
    folder, which Voilà started there (as the README says) reads, waits long enough."""
    import nbformat
    from voila.app import Voila
    from voila.execute import VoilaExecutor

    root = Path(__file__).resolve().parents[1]
    monkeypatch.chdir(root)
    app = Voila()
    assert str(root) in app.config_file_paths  # the folder Voilà is started in
    app.load_config_file("voila", path=app.config_file_paths)
    notebook = nbformat.v4.new_notebook()
    assert VoilaExecutor(notebook).iopub_timeout < 60  # the library's own wait
    assert VoilaExecutor(notebook, config=app.config).iopub_timeout >= 120


def test_voila_started_in_the_project_folder_starts_a_classs_kernels_without_port_races(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """20 kernels started at once over TCP raced for ports: one died ("Address already in
    use") and a preheated pool of 20 never filled. Over Unix sockets there are no ports."""
    from jupyter_client.manager import KernelManager
    from voila.app import Voila

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    app = Voila()
    app.load_config_file("voila", path=app.config_file_paths)
    assert KernelManager().transport == "tcp"  # the library's own choice
    assert KernelManager(config=app.config).transport == "ipc"
