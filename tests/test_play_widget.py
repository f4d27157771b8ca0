"""The play widget: a whole match by clicking, robust controls, explanations in three languages.

Driven headlessly: ``button.click()``, setting ``.value``, and the board's messages exactly as
its front end sends them (``board.receive({...})``) for a click on a hand tile or a lit point.
``Button.click()`` fires even on a disabled button, so every handler must re-check the state.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest
from conftest import in_fresh_thread

from horserace_nb import Draw, Game, Pass, Place
from horserace_nb.teaching.bots import GreedyBot
from horserace_nb.teaching.examples import EXAMPLES
from horserace_nb.widgets import PlayWidget
from horserace_nb.widgets.board import Board
from horserace_nb.widgets.common import LangSwitch
from horserace_nb.widgets.text import RuleText
from horserace_nb.words.i18n import side_name, t


# --------------------------------------------------------------------------- helpers
def all_widgets(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from all_widgets(child)


def text_of(w: PlayWidget, widget: widgets.HTML) -> str:
    """The visible text of an HTML widget, unescaped, one space between pieces."""
    return " ".join(html_text(widget.value))


def html_text(markup: str) -> list[str]:
    """Text nodes and tooltip-like attributes of HTML/SVG markup (what a person can read)."""
    attrs = re.findall(r'\b(?:title|aria-label|alt)=["\']([^"\']*)["\']', markup)
    markup = re.sub(r"</?a\b[^>]*>", "", markup)  # a rule link is part of its sentence
    pieces = re.sub(r"<[^>]+>", "\n", markup).split("\n") + attrs
    return [html.unescape(p).strip() for p in pieces if p.strip()]


def visible_strings(w: PlayWidget) -> list[str]:
    """Every string a person can read in the widget (the language switch names each language in
    itself; the error log holds tracebacks)."""
    out: list[str] = []
    for widget in all_widgets(w):
        if isinstance(widget, (LangSwitch, widgets.Output)):
            continue
        if getattr(widget.layout, "display", None) == "none":
            continue
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(widget, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
        if isinstance(widget, widgets.Dropdown):
            out.extend(label for label, _ in widget.options)
            continue  # its value is the chosen option's key; its label is what shows
        if isinstance(widget, Board):
            out.extend(html_text(widget.svg))
            out.append(widget.label)
            for entry in widget.moves.values():
                out.append(entry["announce"])
                out.extend(p[k] for p in entry["points"] for k in ("label", "preview"))
            continue
        value = getattr(widget, "value", None)
        if isinstance(widget, (widgets.HTML, RuleText)):
            out.extend(html_text(str(value)))
        elif isinstance(value, str) and value:
            out.append(value)
    return out


def latin_words(strings: list[str]) -> set[str]:
    return {word for s in strings for word in re.findall(r"[A-Za-z]{2,}", s)}


def message(w: PlayWidget) -> str:
    return text_of(w, w.messages.html)


def replays(game: Game) -> bool:
    """The game's record is reached again by replaying its actions through the rules."""
    record = game.record()
    return Game.from_record(record).record() == record


def lit(w: PlayWidget, tile: str) -> list[str]:
    """The labels of the points the board lights for *tile* (what its front end shows)."""
    return [p["label"] for p in w.board.moves.get(tile, {}).get("points", [])]


def click_tile(w: PlayWidget, tile: str) -> None:
    """A click on a hand tile, as the board's front end reports it."""
    w.board.receive({"kind": "select", "tile": tile, "rev": w.board.revision})


def click_point(w: PlayWidget, tile: str, index: int = 0, rev: int | None = None) -> None:
    """A click on the *index*-th lit point of *tile*, as the board's front end sends it."""
    point = w.board.moves[tile]["points"][index]
    w.board.receive({"kind": "place", "tile": tile, "on": point["on"], "side": point["side"],
                     "rev": w.board.revision if rev is None else rev})


def human_step(w: PlayWidget) -> None:
    """One human decision by clicking: the first tile the board offers and its first lit
    point; otherwise Draw or Pass (whichever is enabled)."""
    for tile in list(w.board.moves):
        click_tile(w, tile)
        click_point(w, tile)
        return
    if not w.draw_button.disabled:
        w.draw_button.click()
        return
    if not w.pass_button.disabled:
        w.pass_button.click()
        return
    raise AssertionError(f"no enabled control on the human's turn: {message(w)}")


def click_through(w: PlayWidget, *, until: Any = None, limit: int = 5000) -> int:
    """Click until the game ends (or ``until(w)`` holds); every click must make progress."""
    steps = 0
    while not w.game.game_over and not (until and until(w)):
        before = w.game.action_count
        if w.game.hand_over:
            w.next_hand_button.click()
        elif w.game.to_play in w.human:
            human_step(w)
        else:
            w.next_button.click()
        assert w.game.action_count > before, message(w)
        steps += 1
        assert steps < limit, "the match does not end"
    return steps


def target_label(tile: str, on: str | None = None, side: str | None = None,
                 lang: str = "en") -> str:
    if on is None or side is None:
        return t("play.target_open", lang, tile=tile)
    return t("play.target", lang, on=on, side=side_name(side, lang))


def place(w: PlayWidget, action: Place) -> None:
    """Click the tile of *action* on the board, then its lit point."""
    on = None if action.on is None else str(action.on)
    side = None if action.side is None else action.side.value
    tile = str(action.tile)
    label = target_label(tile, on, side, w.lang)
    click_tile(w, tile)
    assert label in lit(w, tile), (label, lit(w, tile))
    click_point(w, tile, lit(w, tile).index(label))


def play_script(w: PlayWidget, actions: tuple[Any, ...]) -> None:
    for action in actions:
        before = w.game.action_count
        if isinstance(action, Place):
            place(w, action)
        elif isinstance(action, Draw):
            w.draw_button.click()
        else:
            w.pass_button.click()
        assert w.game.action_count == before + 1, message(w)


def example_widget(key: str, **kw: Any) -> PlayWidget:
    game = EXAMPLES[key].new_game()
    kw.setdefault("human", list(range(game.players)))
    return PlayWidget(game, **kw)


# --------------------------------------------------------------------------- whole matches
@pytest.mark.parametrize(("players", "partners", "seed"),
                         [(2, False, 11), (3, False, 12), (4, True, 13)])
def test_a_full_match_is_played_to_the_end_by_clicking(players: int, partners: bool,
                                                       seed: int) -> None:
    """R2, R26–R28: a match in every mode, clicked through against GreedyBot, ends with
    winners, and every action in its record replays through the rules."""
    w = PlayWidget(Game(players=players, partners=partners, seed=seed), human=0)
    click_through(w)
    game = w.game
    assert game.winners
    assert any(game.scores[s] >= game.target for s in game.winners)
    assert replays(game)
    seats = {a["seat"] for a in game.record()["actions"] if a.get("action") == "place"}
    assert seats == set(range(players))
    settlement = text_of(w, w.settlement_html)
    assert w.settlement.layout.display != "none"
    winners = [w._side_name(s, "en") for s in game.winners]
    assert all(name in settlement for name in winners)
    assert w.next_hand_button.disabled and w.next_button.disabled
    if partners:
        assert "players 1 + 3" in text_of(w, w.scoreboard)
        assert "players 2 + 4" in text_of(w, w.scoreboard)


def test_computer_only_demonstration_and_hot_seat() -> None:
    """human=[]: the computer plays every seat, one move per click; human=[0, 1]: both seats
    are played with the buttons and there is no computer move to make."""
    demo = PlayWidget(Game(seed=4), human=[])
    assert demo.human_box.layout.display == "none"
    click_through(demo)
    assert demo.game.winners and replays(demo.game)

    hot = PlayWidget(Game(seed=4), human=[0, 1])
    assert hot.computer_box.layout.display == "none"
    click_through(hot, until=lambda w: w.game.hand_number > 1)
    assert replays(hot.game)


# --------------------------------------------------------------------------- explanations
def test_continuations_and_drawn_tiles_are_announced() -> None:
    """R16–R18, through the scripted turn of the rule examples: a score, a double and a
    scoring double let the player go on; a tile that fits nowhere is explained; a drawn tile
    must be placed at once and ends the turn even when it scores."""
    w = example_widget("turn_chain")
    actions = EXAMPLES["turn_chain"].actions
    play_script(w, actions[:1])
    assert "Scored 5 raw (1 point)" in message(w) and "places again" in message(w)
    play_script(w, actions[1:2])
    assert "A double from hand" in message(w) and "places again" in message(w)
    play_script(w, actions[2:3])
    assert "A scoring double" in message(w) and "one more placement, not two" in message(w)
    # [2|5]: no open point shows a 2 or a 5 (R9); Draw is the only legal action (R16, R18)
    assert not w.draw_button.disabled and w.pass_button.disabled
    assert "[2|5]" not in w.board.moves  # not a button on the board
    before = w.game.record()
    click_tile(w, "[2|5]")
    assert "fits nowhere" in message(w)
    assert w.game.record() == before
    play_script(w, actions[3:4])  # draws [3|4]: it fits and must be placed (R18)
    assert "drew [3|4]" in message(w) and "must be placed now" in message(w)
    assert list(w.board.moves) == ["[3|4]"] and w.board.selected == "[3|4]"
    assert lit(w, "[3|4]") == [target_label("[3|4]", "[4|4]", "straight_b")]
    pending = w.game.record()
    click_tile(w, "[2|5]")  # another tile while the drawn tile must be placed
    assert "must be placed at once" in message(w)
    assert w.game.record() == pending and str(w.game.pending) == "[3|4]"
    play_script(w, actions[4:5])
    assert "freshly drawn tile: the turn ends" in message(w)
    assert w.game.to_play == 1
    play_script(w, actions[5:])
    assert "freshly drawn tile: the turn ends" in message(w)
    assert replays(w.game)


def test_no_score_ends_the_turn_pass_and_settlement() -> None:
    """R17, R19, R21, R23 (pass_then_domino): a non-scoring single ends the turn, Pass is
    enabled only when nothing fits and the boneyard is empty, and the last tile wins the hand
    with the opponent's 5 + 2 = 7 pips → 5 → 1 point."""
    w = example_widget("pass_then_domino")
    actions = EXAMPLES["pass_then_domino"].actions
    play_script(w, actions[:2])
    assert "A single that does not score: the turn ends" in message(w)
    assert not w.pass_button.disabled and w.draw_button.disabled
    play_script(w, actions[2:3])
    assert "pass" in message(w)
    play_script(w, actions[3:])
    settlement = text_of(w, w.settlement_html)
    assert "7 → 5 → 1" in settlement
    assert w.settlement.layout.display != "none" and not w.next_hand_button.disabled
    assert w.game.scores == [2, 0]  # 1 from the opening [1|4] (R15) + 1 bonus (R23)


def test_settlement_shows_the_rounding_of_the_rule_text() -> None:
    """R23: the opponent keeps 17 pips → 15 → 3 points; the panel lists the remaining pips."""
    w = example_widget("bonus_17", human=0)
    play_script(w, EXAMPLES["bonus_17"].actions)
    settlement = text_of(w, w.settlement_html)
    assert "17 → 15 → 3" in settlement
    assert "[2|4] [5|6]" in settlement and "17" in settlement
    before = w.game.hand_number
    w.next_hand_button.click()
    assert w.game.hand_number == before + 1 and w.settlement.layout.display == "none"
    assert "leads hand 2" in message(w)


def test_game_won_by_a_placement_and_shared_win() -> None:
    """R26: 60 + 2 = 62 ends the game at once, no settlement, the winning placement shown;
    R27: two teams reaching 61 in one settlement share the win."""
    w = example_widget("win_62", human=0)
    play_script(w, EXAMPLES["win_62"].actions)
    settlement = text_of(w, w.settlement_html)
    assert w.game.winners == [0]
    assert "no settlement" in settlement and "winning placement" in settlement
    assert "4 + 6 = 10" in settlement or "6 + 4 = 10" in settlement
    assert "62" in settlement
    assert w.next_hand_button.layout.display == "none"

    w = example_widget("shared_win", human=0)
    play_script(w, EXAMPLES["shared_win"].actions)
    settlement = text_of(w, w.settlement_html)
    assert sorted(w.game.winners or []) == [0, 1]
    assert "Shared win" in settlement
    assert "Player 1 & Player 3" in settlement and "Player 2 & Player 4" in settlement
    assert "12 → 10 → 2" in settlement


def test_hint_explains_the_greedy_move() -> None:
    """The hint names GreedyBot's move and why, in the learner's language."""
    game = Game(hands=[["[5|5]", "[0|1]"], ["[4|6]"]], boneyard=["[2|2]"], leader=0)
    w = PlayWidget(game)
    w.hint_button.click()
    assert "Hint: Open with [5|5]." in message(w)
    assert "10" in message(w) and "play again" in message(w)
    assert w.game.action_count == 0
    w.lang = "ko"
    assert "힌트: [5|5]로 시작합니다." in message(w)


# --------------------------------------------------------------------------- robustness
def test_disabled_buttons_change_nothing() -> None:
    """Clicking any disabled button (handlers fire anyway) leaves the game exactly as it was,
    on the human's turn, on the computer's turn and at the end of a hand."""
    w = PlayWidget(Game(seed=31), human=0)
    seen: set[str] = set()
    while not w.game.game_over and len(seen) < 3:
        game = w.game
        state = ("hand_over" if game.hand_over else
                 "human" if game.to_play in w.human else "computer")
        if state not in seen:
            seen.add(state)
            disabled = [b for b in all_widgets(w)
                        if isinstance(b, widgets.Button) and b.disabled]
            assert disabled
            before = game.record()
            for button in disabled:
                button.click()
                assert w.game is game and game.record() == before, button.description
        click_through(w, until=lambda x, n=game.action_count: x.game.action_count > n)
    assert seen == {"human", "computer", "hand_over"}


def test_rapid_double_clicks_never_corrupt_the_game() -> None:
    """Every click twice in a row through a whole match: the second click of a target, of
    Draw or of Pass does nothing but explain; Next never acts for the human's seat; the record
    replays and every human action was one the human clicked."""
    w = PlayWidget(Game(seed=17), human=0)
    human_actions = 0
    steps = 0
    while not w.game.game_over:
        steps += 1
        assert steps < 3000
        game = w.game
        if game.hand_over:
            w.next_hand_button.click()
            n = w.game.action_count
            w.next_hand_button.click()
            assert w.game.action_count == n
        elif game.to_play in w.human:
            tiles = list(w.board.moves)
            n = game.action_count
            draw_again = False
            if tiles:
                click_tile(w, tiles[0])
                click_tile(w, tiles[0])
                rev = w.board.revision
                point = w.board.moves[tiles[0]]["points"][0]
                message_ = {"kind": "place", "tile": tiles[0], "on": point["on"],
                            "side": point["side"], "rev": rev}
                w.board.receive(dict(message_))
                assert game.action_count == n + 1
                human_actions += 1
                w.board.receive(dict(message_))  # the same click again: stale, refused
            else:
                control = w.draw_button if not w.draw_button.disabled else w.pass_button
                control.click()
                assert game.action_count == n + 1
                human_actions += 1
                draw_again = control is w.draw_button and not w.draw_button.disabled
                control.click()  # Pass again: nothing happens...
            if draw_again:  # ...but a second draw is a legal action of its own (R18)
                assert game.action_count == n + 2
                human_actions += 1
            else:
                assert game.action_count == n + 1
        else:
            n = game.action_count
            w.next_button.click()
            w.next_button.click()
            assert game.action_count in (n + 1, n + 2)
    record = w.game.record()
    clicked = sum(1 for a in record["actions"] if a.get("seat") == 0)
    assert clicked == human_actions
    assert replays(w.game)


def test_tile_clicks_during_the_computers_turn_change_nothing() -> None:
    game = Game(seed=5, leader=1)
    w = PlayWidget(game, human=0)
    assert game.to_play == 1
    assert w.board.moves == {}  # no tile is a button on the computer's turn
    before = game.record()
    for tile in game.hands[0]:
        click_tile(w, str(tile))
        w.place(str(tile))
    w.draw_button.click()
    w.pass_button.click()
    w.hint_button.click()
    assert game.record() == before
    assert "not your turn" in message(w)


def test_stale_buttons_only_explain() -> None:
    """A placement sent for an earlier picture, or a tile no longer in the hand, does nothing
    but explain."""
    w = PlayWidget(Game(hands=[["[1|4]", "[4|6]", "[2|3]"], ["[0|0]"]], boneyard=["[5|5]"],
                        leader=0))
    old = w.board.revision
    click_tile(w, "[1|4]")
    click_point(w, "[1|4]")  # opens: 5, scores, plays again (R17)
    before = w.game.record()
    w.board.receive({"kind": "place", "tile": "[4|6]", "on": None, "side": None, "rev": old})
    assert w.game.record() == before
    assert "changed before that choice arrived" in message(w)
    click_tile(w, "[1|4]")  # [1|4] is on the layout now
    assert "not in your hand any more" in message(w)
    assert w.game.record() == before and replays(w.game)


def test_callback_errors_land_in_the_message_area() -> None:
    """A computer player that raises, or returns an illegal action: the message area says so,
    the game is unchanged and play can go on."""
    def broken(view: Any) -> Any:
        raise RuntimeError("the bot broke down")

    game = Game(seed=5, leader=1)
    w = PlayWidget(game, human=0, bots={1: broken})
    before = game.record()
    w.next_button.click()
    assert "the bot broke down" in message(w) and "Something went wrong" in message(w)
    assert w.messages.last_error == "RuntimeError: the bot broke down"
    assert w.game is game and game.record() == before

    w.bots[1] = lambda view: Pass()  # not allowed while a tile can be placed (R16)
    w.next_button.click()
    assert "not allowed" in message(w) and "(R16" in message(w)
    assert game.record() == before

    w.bots[1] = GreedyBot()
    w.next_button.click()
    assert game.action_count == len(before["actions"]) + 1


def test_undo_restores_the_previous_human_decision() -> None:
    """Practice mode: undo goes back to the human's previous placement decision, taking back
    the computer moves after it; again and again; never past the first decision."""
    w = PlayWidget(Game(seed=23), human=0)
    assert w.undo_button.disabled
    decisions: list[dict[str, Any]] = []

    def human_and_record(x: PlayWidget) -> None:
        if x.board.moves:
            decisions.append(x.game.record())
        human_step(x)

    for _ in range(40):
        if w.game.hand_over:
            break
        if w.game.to_play in w.human:
            human_and_record(w)
        else:
            w.next_button.click()
    assert len(decisions) >= 2
    assert not w.undo_button.disabled
    w.undo_button.click()
    assert w.game.record() == decisions[-1]
    assert w.game.to_play == 0 and w.next_button.disabled
    assert w.board.moves  # the hand's tiles are buttons again
    w.undo_button.click()
    assert w.game.record() == decisions[-2]
    w.practice.value = False
    assert w.undo_button.disabled
    game = w.game
    w.undo_button.click()
    assert w.game is game and "practice mode" in message(w)


def test_same_seed_same_deal_and_the_seed_is_shown() -> None:
    """R5, R6: the seed box deals the same game for everyone in the class."""
    first, second = PlayWidget(), PlayWidget()
    assert str(first.game.seed) in text_of(first, first.seed_info)
    for w in (first, second):
        w.mode_dropdown.value = "3"
        w.seed_text.value = "42"
        w.new_game_button.click()
    a, b = first.game, second.game
    assert a.seed == b.seed == 42 and a.players == 3
    assert a.hands == b.hands and a.boneyard == b.boneyard and a.leader == b.leader
    assert a.hands == Game(players=3, seed=42).hands
    assert "42" in text_of(first, first.seed_info)
    first.seed_text.value = "forty-two"
    first.new_game_button.click()
    assert first.game is a and "whole number" in message(first)


def test_new_game_in_every_mode() -> None:
    w = PlayWidget(Game(seed=1), human=0)
    w.mode_dropdown.value = "3"
    if w.next_button.disabled:
        human_step(w)
    else:
        w.next_button.click()
    w.lang = "ja"
    assert w.mode_dropdown.value == "3"  # a choice not yet played survives redraws
    for mode, players, partners in (("4p", 4, True), ("4", 4, False), ("3", 3, False),
                                    ("2", 2, False)):
        w.mode_dropdown.value = mode
        w.seed_text.value = "9"
        w.new_game_button.click()
        assert (w.game.players, w.game.partners) == (players, partners)
        assert sorted(w.bots) == list(range(1, players)) and w.human == [0]
        assert len(text_of(w, w.scoreboard).split("/")) == (2 if partners else players) + 1
        click_through(w, until=lambda x: x.game.hand_over)
        assert replays(w.game)


# --------------------------------------------------------------------------- languages, names
def _at_human_turn() -> PlayWidget:
    w = PlayWidget(Game(seed=21), human=0)
    click_through(w, until=lambda x: x.game.to_play in x.human and x.game.action_count > 2)
    return w


def _state_hint() -> PlayWidget:
    w = _at_human_turn()
    w.hint_button.click()
    return w


def _state_chosen() -> PlayWidget:
    w = _at_human_turn()
    click_tile(w, next(iter(w.board.moves)))
    return w


def _state_refused() -> PlayWidget:
    w = PlayWidget(Game(seed=21, leader=1), human=0)
    click_tile(w, str(w.game.hands[0][0]))  # refused: not your turn
    return w


def _state_illegal() -> PlayWidget:
    w = _at_human_turn()
    w.pass_button.click()  # disabled: the core's refusal is shown in words (R16/R18)
    assert "pass" in message(w)
    return w


def _state_settlement() -> PlayWidget:
    w = example_widget("pass_then_domino", human=0)
    actions = EXAMPLES["pass_then_domino"].actions
    play_script(w, actions[:2])
    w.next_button.click()
    play_script(w, actions[3:])
    return w


def _state_example(key: str, upto: int | None = None) -> PlayWidget:
    w = example_widget(key)
    play_script(w, EXAMPLES[key].actions[:upto])
    return w


STATES: dict[str, Callable[[], PlayWidget]] = {
    "hint": _state_hint, "chosen": _state_chosen, "refused": _state_refused,
    "illegal": _state_illegal,
    "settlement": _state_settlement, "won": lambda: _state_example("win_62"),
    "shared": lambda: _state_example("shared_win"),
    "drawn": lambda: _state_example("turn_chain", 4),
}


@pytest.mark.parametrize("state", sorted(STATES))
def test_language_switch_changes_every_visible_string(state: str) -> None:
    """Every visible string (buttons, labels, menus, status, scores, messages, settlement,
    board text) follows the language switch; only tile notation, numbers and names stay."""
    w = STATES[state]()
    english = latin_words(visible_strings(w))
    assert len(english) > 60
    allowed = {"Horse", "Race"}  # the game's name, kept beside 경마 in Korean titles
    w.lang_switch.value = "ko"
    assert w.lang == "ko"
    korean = visible_strings(w)
    assert latin_words(korean) <= allowed, latin_words(korean) - allowed
    w.lang = "ja"
    assert w.lang_switch.value == "ja"
    assert latin_words(visible_strings(w)) <= allowed
    w.lang = "en"
    assert latin_words(visible_strings(w)) == english


def test_korean_and_japanese_vocabulary() -> None:
    """Glossary words from RULES.md: 남은 타일 더미 / タロン (boneyard), 라운드 / ハンド (hand),
    파트너전 / ペア戦 (partnership)."""
    w = example_widget("turn_chain", lang="ko")
    play_script(w, EXAMPLES["turn_chain"].actions[:4])
    assert "남은 타일 더미" in message(w)
    assert "파트너전" in " ".join(label for label, _ in w.mode_dropdown.options)
    w.lang = "ja"
    assert "タロン" in message(w)
    assert "ペア戦" in " ".join(label for label, _ in w.mode_dropdown.options)
    assert "ハンド" in w.next_hand_button.description
    w.lang = "ko"
    assert "라운드" in w.next_hand_button.description


def test_hostile_names_are_escaped_everywhere() -> None:
    hostile = ["<img src=x onerror=alert(1)>", 'Bob & "Eve" </b><script>alert(2)</script>']
    game = Game(hands=[["[1|3]", "[0|0]"], ["[5|6]", "[2|4]", "[3|3]"]], boneyard=["[4|4]"],
                leader=1)
    w = PlayWidget(game, human=0, names=hostile)
    click_through(w, until=lambda x: x.game.hand_over)
    for lang in ("en", "ko"):
        w.lang = lang
        markup = " ".join(x.value for x in all_widgets(w)
                          if isinstance(x, (widgets.HTML, RuleText)))
        assert "<img" not in markup and "<script" not in markup
        assert "&lt;img src=x onerror=alert(1)&gt;" in markup
        assert "&lt;script&gt;" in markup
    assert hostile[0] in text_of(w, w.scoreboard)
    assert all(name in text_of(w, w.settlement_html) for name in hostile)


def test_constructor_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="human seat"):
        PlayWidget(Game(), human=2)
    with pytest.raises(ValueError, match="one name per seat"):
        PlayWidget(Game(), names=["only one"])
    with pytest.raises(ValueError, match="played by a person"):
        PlayWidget(Game(), human=0, bots={0: GreedyBot()})
    with pytest.raises(ValueError, match="game"):
        PlayWidget("not a game")  # type: ignore[arg-type]
    w = PlayWidget(Game(seed=3), human=1, lang="ja")
    assert w.lang == "ja" and w.human == [1] and isinstance(w.bots[0], GreedyBot)
    with pytest.raises(Exception, match="language"):
        w.lang = "fr"
    assert w.lang == "ja"


# --------------------------------------------------------------------------- auto modes
def test_auto_draw_draws_until_a_tile_fits() -> None:
    """R18: with auto-draw, the learner's draws happen by themselves, one tile at a time, up to
    the first tile that fits, which is then offered for placing."""
    w = example_widget("turn_chain")
    w.auto_draw.value = True
    for action in EXAMPLES["turn_chain"].actions[:3]:
        assert isinstance(action, Place)
        place(w, action)
    assert w.game.pending is not None and str(w.game.pending) == "[3|4]"
    assert lit(w, "[3|4]") == [target_label("[3|4]", "[4|4]", "straight_b")]
    assert "drew [3|4]" in message(w)
    events = w.game.history
    assert [e.kind for e in events] == ["place", "place", "place", "draw"]




def test_auto_play_needs_a_running_loop() -> None:
    def scenario() -> None:
        w = PlayWidget(Game(seed=5, leader=1), human=0)
        before = w.game.record()
        w.auto_play.value = True
        assert w.auto_play.value is False and "event loop" in message(w)
        assert w.game.record() == before

    in_fresh_thread(scenario)


def test_auto_play_moves_the_computer_with_a_pause() -> None:
    """In a running asyncio loop (as in Jupyter), automatic play makes one computer move per
    pause and stops at the end of the hand; a new game cancels a move scheduled for the old."""
    async def scenario() -> tuple[Game, PlayWidget]:
        w = PlayWidget(Game(seed=8), human=[])
        w.auto_delay = 0.001
        w.auto_play.value = True
        for _ in range(3000):
            await asyncio.sleep(0.001)
            if w.game.hand_over:
                break
        demo = w.game
        await asyncio.sleep(0.02)
        assert demo.hand_over and demo.hand_number == 1  # never deals the next hand itself
        assert replays(demo)
        w.auto_delay = 0.05
        w.seed_text.value = "3"
        w.next_hand_button.click()
        assert w._timer is not None
        old = w.game
        count = old.action_count
        w.new_game_button.click()
        await asyncio.sleep(0.01)
        assert old.action_count == count
        w.auto_play.value = False
        return demo, w

    demo, w = in_fresh_thread(lambda: asyncio.run(scenario()))
    assert demo.hand_number == 2 and w.game is not demo and w.game.seed == 3


def test_a_double_click_on_a_lit_point_is_acknowledged_not_refused() -> None:
    """Issue 16 item 8: the second sending of the placement just applied (same tile, point,
    and the revision before the picture it brought) changes nothing and says nothing: the
    first one's feedback stays. Anything older, or another placement, is still refused."""
    w = PlayWidget(Game(hands=[["[1|4]", "[4|6]", "[2|3]"], ["[0|0]"]], boneyard=["[5|5]"],
                        leader=0))
    click_tile(w, "[1|4]")
    sent = {"kind": "place", "tile": "[1|4]", "on": None, "side": None,
            "rev": w.board.revision}
    w.board.receive(dict(sent))
    before, said, rev = w.game.record(), message(w), w.board.revision
    assert "opened with [1|4]" in said
    w.board.receive(dict(sent))  # the double click's second message
    assert w.game.record() == before and message(w) == said and w.board.revision == rev
    w.board.receive({**sent, "tile": "[4|6]"})  # not the placement just applied
    assert "changed before that choice arrived" in message(w) and w.game.record() == before


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_scoreboard_and_the_variant_note_link_their_rules(lang: str) -> None:
    """"(R3, R26)" under the scores and "(R26)" in the teaching variant's note were plain text
    (lessons 04 and 07 in JupyterLab), unlike every other rule number of the widget."""
    w = PlayWidget(players=2, seed=45, match="hand", lang=lang)
    for rule, html_text in (("r3", w.scoreboard.value), ("r26", w.scoreboard.value),
                            ("r26", w.match_note.value)):
        assert re.search(rf"<a [^>]*data-rule=['\"]{rule}['\"]", html_text), html_text


# --------------------------------------------------------------------------- the board's room
def test_the_board_is_redrawn_for_the_room_its_front_end_reports() -> None:
    """A phone's front end reports the board's width: the picture is drawn again to it (its
    texts readable there), with the same moves and the same game; a laptop's width, or none,
    draws it as before."""
    from traitlets import TraitError

    from horserace_nb.render.svg import game_svg

    w = PlayWidget(Game(players=2, seed=45), human=0, lang="ko")
    click_through(w, until=lambda w: len(w.game.layout) >= 4)
    game, moves, before = w.game, dict(w.board.moves), w.board.svg
    args: dict[str, Any] = {"seat": w.controller.viewer, "lang": "ko",
                            "names": w.controller.names("ko"), "size": w.size,
                            "interactive": True, "own_hand": False}
    assert before == str(game_svg(game, **args))
    w.board.room = 300
    assert w.board.svg == str(game_svg(game, **args, room=300)) != before
    assert w.board.moves == moves and w.game is game
    revision = w.board.revision
    w.board.room = 1200
    assert w.board.svg == before
    w.board.room = 1300  # a room that changes nothing: no new picture (no tap goes stale)
    assert w.board.revision == revision + 1
    with pytest.raises(TraitError):
        w.board.room = -10
    assert w.board.room == 1300 and w.board.svg == before


# --------------------------------------------------------------------------- pass and play's seed
SECRET_SEED = 86_420_975_310  # eleven digits: never a coordinate or a count by chance


def synced_state(root: widgets.Widget) -> str:
    """Every trait of every widget of the tree as it is synced to the front end (references to
    other widgets left out: their ids are random)."""
    parts = []
    for widget in all_widgets(root):
        state = widget.get_state()
        parts.append(json.dumps(state, default=str, ensure_ascii=False))
    return re.sub(r"IPY_MODEL_[0-9a-f]+", "", " ".join(parts))


def shows_seed(w: PlayWidget, seed: int) -> bool:
    """The seed anywhere the players could read it: a synced trait, the text a person reads
    (in any form a number is written)."""
    text = synced_state(w) + " ".join(visible_strings(w))
    return any(form in text for form in {str(seed), f"{seed:,}", f"{seed:_}"})


def play_covered_turns(w: PlayWidget, seed: int, *, until: Callable[[PlayWidget], bool]) -> None:
    """Pass and play through the controls (each player takes the screen, then clicks), the
    seed nowhere on any step."""
    steps = 0
    while not until(w):
        assert not shows_seed(w, seed), f"the seed is shown at step {steps}: {message(w)}"
        if w.controller.covered:
            w.reveal_button.click()
        elif w.game.hand_over:
            w.next_hand_button.click()
        else:
            human_step(w)
        steps += 1
        assert steps < 2000


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_pass_and_play_hides_the_seed_until_the_match_is_over(lang: str) -> None:
    """Issue 28 item 6: the seed deals every hand of the match, so while the hands are secret it
    is nowhere the players see (picture, status, notes, seed box, text alternatives, synced
    traits); after a hand it stays hidden (it would give away the next hand's deal); once the
    match is over it is shown, to play the same deal again."""
    w = PlayWidget(Game(seed=SECRET_SEED), pass_and_play=True, lang=lang)
    assert w.controller.covered and not shows_seed(w, SECRET_SEED)
    assert t("play.seed_hidden", lang) in text_of(w, w.seed_info)
    play_covered_turns(w, SECRET_SEED, until=lambda w: w.game.hand_over)
    assert not w.game.game_over and not shows_seed(w, SECRET_SEED)  # the next hand's deal
    play_covered_turns(w, SECRET_SEED, until=lambda w: w.game.hand_number == 2
                       and w.game.action_count > 0)
    one = PlayWidget(Game(seed=SECRET_SEED), pass_and_play=True, lang=lang, match="hand")
    play_covered_turns(one, SECRET_SEED, until=lambda w: w.game.hand_over)
    assert one.controller.match_over
    assert str(SECRET_SEED) in text_of(one, one.seed_info)  # over: the same deal again


def test_a_seed_typed_for_pass_and_play_is_said_nowhere_and_leaves_the_seed_box() -> None:
    """Typing N into *New game* deals N's game in any tab: after the deal the box is emptied,
    the new-game note names no seed; a game set in code says none either."""
    w = PlayWidget(Game(seed=3), human=0)
    w.pass_and_play_box.value = True
    w.seed_text.value = str(SECRET_SEED)
    w.new_game_button.click()
    assert w.game.seed == SECRET_SEED and w.controller.pass_and_play and w.controller.covered
    assert w.seed_text.value == "" and not shows_seed(w, SECRET_SEED)
    assert "New game: 2 players." in message(w)
    w.game = Game(seed=SECRET_SEED + 1)
    assert not shows_seed(w, SECRET_SEED + 1)
    w.pass_and_play_box.value = False  # against the computer again: the seed is shown
    w.seed_text.value = str(SECRET_SEED)
    w.new_game_button.click()
    assert shows_seed(w, SECRET_SEED) and w.seed_text.value == str(SECRET_SEED)
