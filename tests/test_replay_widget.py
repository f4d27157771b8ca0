"""The replay widget: stepping through worked examples and games (issue: widgets)."""

from __future__ import annotations

import json
import re

import ipywidgets as widgets
import pytest
import traitlets
from conftest import seed_text

from horserace_nb import Game, RecordError
from horserace_nb.teaching.examples import EXAMPLES
from horserace_nb.widgets import ReplayWidget
from horserace_nb.widgets.common import LangSwitch


def _seed_scores() -> dict[str, tuple[int, int, int]]:
    """'[4|4]' -> (total, raw, display) from the Korean text's own summary lines."""
    lines = seed_text("ko").splitlines()
    out = {}
    for i, line in enumerate(lines):
        m = re.match(r"놓은 타일 (\[\d\|\d\])$", line)
        if m:
            s = re.match(r"합산한 기여값: .* = (\d+)\. 타일 놓기 가점 \(원점수\): (\d+) "
                         r"\(표시 점수: (\d+)\)\.$", lines[i + 1])
            assert s, lines[i + 1]
            out[m.group(1)] = tuple(int(g) for g in s.groups())  # type: ignore[assignment]
    return out


def _visible_strings(root: widgets.Widget) -> list[str]:
    out: list[str] = []

    def walk(w: widgets.Widget) -> None:
        for attr in ("description", "tooltip", "value"):
            v = getattr(w, attr, None)
            if isinstance(v, str) and v:
                out.append(v)
        if isinstance(w, LangSwitch):
            return  # the language switch names each language in itself
        for child in getattr(w, "children", ()):
            walk(child)

    walk(root)
    return out


def test_default_is_the_documented_sequence_and_totals_match_the_texts() -> None:
    """R13, R15: every step's sum line states the total and score the rule texts state."""
    w = ReplayWidget()
    documented = _seed_scores()
    assert w.slider.max == len(EXAMPLES["sequence"].placements)
    checked = 0
    for step in range(1, w.slider.max + 1):
        w.step = step
        layout = w.current.layout
        assert "hr-highlight" in w.board.svg or "highlight" in w.board.svg
        tile = str(layout.tiles[-1])
        total, raw = layout.end_total(), layout.score()
        assert f"= {total}" in w.sum_line.value
        if raw:
            assert f"→ {raw} raw, {raw // 5} point" in w.sum_line.value
        else:
            assert "no score" in w.sum_line.value
        if tile in documented and documented[tile][0] == total:
            assert documented[tile] == (total, raw, raw // 5)
            checked += 1
    assert checked >= 7  # every documented step of the sequence


def test_buttons_slider_and_code_drive_the_same_step() -> None:
    w = ReplayWidget()
    assert w.step == 0 and w.prev_button.disabled
    w.next_button.click()
    w.next_button.click()
    assert w.step == 2 and w.slider.value == 2
    w.slider.value = 5
    assert w.step == 5
    w.last_button.click()
    assert w.step == w.slider.max and w.next_button.disabled
    w.first_button.click()
    assert w.step == 0
    w.step = 3
    assert w.slider.value == 3 and "[4|4]" in w.heading.value
    w.play.value = 4  # the Play control is linked to the slider
    assert w.step == 4


def test_step_out_of_range_is_refused_and_changes_nothing() -> None:
    w = ReplayWidget()
    w.step = 2
    with pytest.raises(traitlets.TraitError, match="from 0 to 9"):
        w.step = 10
    assert w.step == 2


def test_board_changes_with_the_step() -> None:
    w = ReplayWidget()
    w.step = 1
    first = w.board.svg
    w.next_button.click()
    assert w.board.svg != first
    assert "[1|1]" in w.alt_text.value


def test_language_switch_changes_every_visible_string() -> None:
    w = ReplayWidget("turn_chain")
    w.step = 5
    english = set(_visible_strings(w))
    w.lang_switch.value = "ko"
    assert w.lang == "ko"
    korean = _visible_strings(w)
    words = re.compile(r"[A-Za-z]{3,}")
    leftovers = [s for s in korean if s in english and words.search(re.sub(r"<[^>]*>", "", s))]
    assert not leftovers
    w.lang = "ja"
    assert "プレイヤー1" in w.heading.value


def test_text_alternative_follows_the_language() -> None:
    w = ReplayWidget(lang="ja")
    w.step = 3
    assert "数える寄与値：2 + 8 = 10。" in w.alt_text.value


@pytest.mark.parametrize("key", [k for k, e in EXAMPLES.items() if not e.is_layout])
def test_every_hand_example_replays_to_its_settlement(key: str) -> None:
    example = EXAMPLES[key]
    w = ReplayWidget(key)
    assert w.slider.max == len(example.actions)
    w.step = w.slider.max
    game = example.play()
    assert w.current.game is not None and w.current.game.scores == game.scores
    for gain in (game.hand_result.gains.values() if game.hand_result else ()):
        assert f"→ {gain}" in w.details.value


def test_saved_game_record_and_live_game() -> None:
    game = Game(players=3, seed=11)
    while not game.hand_over:
        game.apply(game.legal_actions()[0])
    live = ReplayWidget(game)
    saved = ReplayWidget(game.to_json())
    assert live.slider.max == saved.slider.max == game.action_count
    live.step = saved.step = live.slider.max
    assert live.details.value == saved.details.value


def test_tampered_record_is_refused() -> None:
    game = Game(players=2, seed=3)
    game.apply(game.legal_actions()[0])
    record = game.record()
    record["actions"][0]["tile"] = "[6|6]" if record["actions"][0]["tile"] != "[6|6]" else "[0|0]"
    with pytest.raises(RecordError):
        ReplayWidget(json.dumps(record))


def test_a_long_game_replays_to_its_last_step() -> None:
    from horserace_nb.teaching.bots import RandomBot

    game = Game(players=2, target=200, seed=5)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not game.game_over:
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(bots[game.to_play](game.view(game.to_play)))
    w = ReplayWidget(game)
    w.step = len(w.steps) - 1
    assert w.current.game is not None and w.current.game.scores == game.scores


@pytest.mark.parametrize("size", ["abc", -1, 0, float("nan"), float("inf"), True, None])
def test_a_bad_size_is_refused_naming_the_parameter(size: object) -> None:
    with pytest.raises(ValueError, match="size"):
        ReplayWidget(size=size)  # type: ignore[arg-type]


def test_the_replay_board_is_read_only_and_static_views_get_the_picture() -> None:
    w = ReplayWidget()
    w.step = 2
    assert w.board.readonly and w.board.moves == {}
    before = w.step, w.board.svg
    w.board.receive({"kind": "place", "tile": "[1|2]", "on": None, "side": None,
                     "rev": w.board.revision})
    assert (w.step, w.board.svg) == before
    bundle = w._repr_mimebundle_()
    assert bundle["text/html"].count("<svg") == 1 and "hr-svg-tile" in bundle["text/html"]


# ------------------------------------------------------------------------------- predict mode

def test_predict_mode_asks_before_showing_a_placement_and_names_the_rule() -> None:
    w = ReplayWidget("sequence", predict=True)
    w.next_step()
    assert w.step == 0 and w.pending == 1 and w.question is not None
    assert w.predict_box.layout.display == "" and "end total" in w.predict_prompt.value
    assert "hr-svg-end" not in w.board.svg  # the numbers are hidden until the step is shown
    wrong = w.predict_answer(w.question.answer + 1)
    assert not wrong.ok and "R13" in wrong.rules and w.step == 0
    assert "hr-msg-error" in w.predict_feedback.value
    right = w.predict_answer(5)  # [1|4] then [1|1]: 4 + 1 = 5
    assert right.ok and w.step == 1 and w.question is None
    assert "R13" in w.predict_feedback.value and w.predict_box.layout.display == "none"
    w.next_step()
    assert w.pending == 2 and "raw points" in w.predict_prompt.value  # the score, in turn
    assert w.predict_answer(0).ok and w.step == 2


def test_predict_where_is_answered_by_clicking_the_board() -> None:
    w = ReplayWidget("sequence", predict=True, lang="ja")
    w.step = 5
    w.next_step()
    question = w.question
    assert question is not None and question.answer_form == "point" and w.pending == 6
    assert not w.board.readonly and w.board.selected == "[1|5]"
    fb = w.click_point("[1|2]", "high")  # shows 2: [1|5] does not join there
    assert not fb.ok and "R9" in fb.rules and w.step == 5
    on, side = question.answer
    w.board.receive({"kind": "place", "tile": "[1|5]", "on": str(on), "side": side.value,
                     "rev": w.board.revision})
    assert w.feedback is not None and w.feedback.ok and w.step == 6 and w.board.readonly
    assert "側枝A" in w.predict_feedback.value


def test_predict_mode_can_be_skipped_turned_off_and_leaves_other_steps_alone() -> None:
    w = ReplayWidget("sequence")
    w.next_step()
    assert w.step == 1 and w.question is None  # predict mode is off by default
    w.predict_toggle.value = True
    assert w.predict
    w.next_step()
    assert w.question is not None
    w.reveal()
    assert w.step == 2 and w.question is None
    w.next_step()
    w.next_step()  # Next again while asked: shows the step
    assert w.step == 3 and w.question is None
    w.next_step()
    w.predict = False
    assert w.question is None and w.predict_box.layout.display == "none"
    with pytest.raises(ValueError, match="no prediction"):
        w.predict_answer(3)


def test_predict_mode_in_a_game_skips_draws_and_passes() -> None:
    w = ReplayWidget(EXAMPLES["turn_chain"], predict=True, lang="ko")
    asked = []
    while w.step < len(w.steps) - 1:
        w.next_step()
        if w.question is not None:
            asked.append(w.pending)
            assert w.current.index == w.pending - 1
            assert w.steps[w.pending].event is not None
            assert w.steps[w.pending].event.kind == "place"
            w.predict_answer(w.question.answer)
    assert asked and w.step == len(w.steps) - 1


def test_predict_mode_says_every_board_refusal_in_the_widgets_language() -> None:
    """Issue 16 item 9: a stale or malformed click, a click on a tile the question is not
    about, or a click on the board while it is for watching: a sentence each, nothing
    changes."""
    from horserace_nb.words.i18n import t

    w = ReplayWidget("sequence", predict=True, lang="ko")
    w.board.receive({"kind": "place", "tile": "[1|2]", "on": None, "side": None,
                     "rev": w.board.revision})
    assert t("board.readonly", "ko") in w.messages.html.value and w.step == 0
    w.step = 5
    w.next_step()
    question = w.question
    assert question is not None and question.answer_form == "point"
    on, side = question.answer
    sent = {"kind": "place", "tile": "[1|5]", "on": str(on), "side": side.value,
            "rev": w.board.revision - 1}
    w.board.receive(sent)
    assert t("board.stale", "ko") in w.messages.html.value and w.step == 5
    w.board.receive({**sent, "rev": w.board.revision, "side": "sideways"})
    assert t("board.bad_message", "ko") in w.messages.html.value
    w.board.receive({**sent, "rev": w.board.revision, "tile": "[6|6]"})
    assert t("exercise.other_tile", "ko", tile="[1|5]", other="[6|6]") in w.messages.html.value
    assert w.step == 5 and w.pending == 6 and w.feedback is None



def test_the_replay_board_is_redrawn_for_the_room_its_front_end_reports() -> None:
    """On a phone each step's picture is drawn to the board's width (its captions read at
    their size there), at the same step and for the steps after it; a laptop's width draws it
    as before."""
    def sizes(svg: str) -> list[float]:
        return [float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg)]

    w = ReplayWidget(lang="ko")
    w.step = len(w.steps) - 2
    at_laptop = [w.board.svg]
    w.step += 1
    at_laptop.append(w.board.svg)
    w.board.room = 300
    assert w.step == len(w.steps) - 1
    assert min(sizes(w.board.svg)) > min(sizes(at_laptop[1]))
    w.step -= 1
    assert min(sizes(w.board.svg)) > min(sizes(at_laptop[0]))
    w.board.room = 1200
    assert w.board.svg == at_laptop[0]
