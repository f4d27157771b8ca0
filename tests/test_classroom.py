"""The classroom page widget: play and worked examples under one language switch."""

from __future__ import annotations

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
