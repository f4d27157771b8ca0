"""Call it first (issue 31 item 7): in play, no preview of a placement's sum; the learner states
the end total after the placement (or whether it scores) before it is made, hears whether that
was right with R13 and R15, and the call is recorded like an item."""

from __future__ import annotations

import pytest

from horserace_nb import Game
from horserace_nb.core.actions import Place
from horserace_nb.core.tiles import Tile
from horserace_nb.sessions.play import PlayController
from horserace_nb.teaching.progress import Result, read_results, results_file, schedule
from horserace_nb.widgets import PlayWidget


def opening(call_first: bool = True) -> PlayController:
    """Seat 0 leads with [1|4] (4 + 1 = 5 scores), [2|3] (5 scores) or [0|0] (0: no score)."""
    return PlayController(Game(hands=[["[1|4]", "[1|2]", "[0|0]"], ["[5|6]"]],
                               boneyard=["[3|3]"], leader=0), call_first=call_first)


def said(c: PlayController) -> list[tuple[str, str]]:
    return [(kind, text("en")) for kind, text in c.notes]


def test_no_preview_of_the_sum_while_calling_first() -> None:
    previews = [p["preview"] for m in opening().moves("en").values() for p in m["points"]]
    assert previews and all(p == "" for p in previews)
    shown = [p["preview"] for m in opening(False).moves("en").values() for p in m["points"]]
    assert shown and all(p for p in shown)


def test_a_placement_waits_for_the_call_then_the_call_is_judged_and_it_is_placed() -> None:
    c = opening()
    assert c.place(Place("[1|4]")) is None
    assert c.game.layout.is_empty and Tile(1, 4) in c.game.hands[0]  # not placed yet
    assert c.calling == Place("[1|4]")
    assert "R13" in said(c)[0][1] and "call the end total" in c.status_text("en")
    event = c.call(5)
    assert event is not None and c.game.scores == [1, 0]
    kind, text = said(c)[0]
    assert kind == "ok" and text.startswith("Right") and "(R13, R15)" in text
    assert c.calls[-1].right and c.calls[-1].case == "total" and c.calling is None


@pytest.mark.parametrize(("tile", "called", "right"), [
    ("[1|4]", 6, False), ("[1|4]", True, True), ("[1|4]", False, False),
    ("[0|0]", False, True), ("[0|0]", True, False), ("[0|0]", 0, True), ("[1|2]", 3, True)])
def test_each_call_is_judged_by_the_end_total_and_whether_it_scores(
        tile: str, called: int | bool, right: bool) -> None:
    c = opening()
    c.place(Place(tile))
    c.call(called)
    kind, text = said(c)[0]
    assert (kind == "ok") is right and c.calls[-1].right is right
    assert text.startswith("Right" if right else "Not right") and "R13, R15" in text
    assert list(c.game.layout.tiles) == [Tile.parse(tile)]  # placed, right or wrong
    assert ("so it does not score" in text) is (tile != "[1|4]")
    assert c.calls[-1].case == ("score" if isinstance(called, bool) else "total")


def test_a_call_with_nothing_waiting_or_of_no_number_changes_nothing() -> None:
    c = opening()
    assert c.call(5) is None and said(c)[0][0] == "error" and c.calls == []
    c.place(Place("[1|4]"))
    for bad in (-1, 5.0, "5", None, 10**6):
        with pytest.raises(ValueError, match="R13"):
            c.call(bad)  # type: ignore[arg-type]
    assert c.calling == Place("[1|4]") and c.game.layout.is_empty and c.calls == []


def test_choosing_another_tile_or_cancelling_takes_the_waiting_placement_back() -> None:
    c = opening()
    c.place(Place("[1|4]"))
    c.select("[1|2]")
    assert c.calling is None and c.game.layout.is_empty
    c.place(Place("[1|2]"))
    c.cancel_call()
    assert c.calling is None and c.game.layout.is_empty and "not placed" in said(c)[0][1]
    c.place(Place("[3|4]"))  # not in the hand: refused as without calling first
    assert c.calling is None and said(c)[0][0] == "error"


def test_the_widget_asks_with_its_call_box_and_records_each_call_like_an_item() -> None:
    w = PlayWidget(Game(hands=[["[1|4]", "[4|4]", "[0|1]"], ["[5|6]"]], boneyard=["[3|3]"],
                        leader=0), call_first=True)
    assert w.call_box.layout.display == "none"
    w.select("[1|4]")
    w.place("[1|4]")
    assert w.call_box.layout.display == "" and w.game.layout.is_empty
    assert "call the end total after [1|4]" in w.status.value
    w.call_total.value = 7
    w.call_button.click()  # wrong: 5
    assert w.call_box.layout.display == "none" and w.game.scores == [1, 0]
    w.place("[4|4]", "[1|4]", "high")  # 1 + 4 + 4 = 9 (R13): no score
    w.call_no.click()
    calls = [r for r in w.recorder.store.results if r.kind == "call"]
    assert [(r.case, r.stars, r.tries, r.rules) for r in calls] == [
        ("total", 0, 1, ("R13", "R15")), ("score", 3, 1, ())]
    assert calls[0].lesson == "play"
    # read back from a results file, and the missed call is scheduled for practice
    text = results_file(calls, saved="2026-12-01T09:00:00+00:00")
    assert read_results(text).results == tuple(calls)
    assert schedule(calls)


def test_the_check_box_turns_calling_first_on_and_off_at_once() -> None:
    w = PlayWidget(Game(hands=[["[1|4]", "[4|4]"], ["[5|6]"]], boneyard=["[3|3]"], leader=0))
    assert w.board.moves["[1|4]"]["points"][0]["preview"]
    w.call_first_box.value = True
    assert w.board.moves["[1|4]"]["points"][0]["preview"] == ""
    w.place("[1|4]")
    assert w.game.layout.is_empty
    w.call_first_box.value = False
    assert w.controller.calling is None and w.call_box.layout.display == "none"
    w.place("[1|4]")
    assert not w.game.layout.is_empty


def test_a_call_result_is_an_item_result() -> None:
    r = Result("play", "call", "total", 45, stars=0, tries=1, rules=("R13", "R15"),
               when="2026-12-01T09:00:00")
    assert r.missed and not r.is_game
