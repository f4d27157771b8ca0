"""The puzzle widget, headless: every puzzle solved by clicking the board (the messages its front
end sends), wrong placements that change nothing, the hint ladder, Try again, Show answer,
moving between puzzles, stars and the language switch."""

from __future__ import annotations

import re

import pytest

from horserace_nb.core.actions import Place
from horserace_nb.teaching.puzzles import PUZZLES, Puzzle
from horserace_nb.widgets import PuzzleWidget


def click(w: PuzzleWidget, step: Place) -> None:
    """What the board's front end sends for a click on a hand tile, then on a lit point."""
    w.board.receive({"kind": "select", "tile": str(step.tile), "rev": w.board.revision})
    w.board.receive({"kind": "place", "tile": str(step.tile),
                     "on": None if step.on is None else str(step.on),
                     "side": None if step.side is None else step.side.value,
                     "rev": w.board.revision})


def best_turn(puzzle: Puzzle) -> tuple[Place, ...]:
    """The answer and, when the turn goes on after it (R17), the rest of a best turn: the
    first turn of :meth:`Puzzle.turns` that begins with the answer and wins, goes out or
    scores the most."""
    turns = [turn for turn in puzzle.turns() if turn.chain[:len(puzzle.chain)] == puzzle.chain]
    return max(turns, key=lambda turn: (turn.wins, turn.out, turn.raw)).chain


def lit(w: PuzzleWidget, step: Place) -> bool:
    points = w.board.moves.get(str(step.tile), {}).get("points", [])
    return {"on": str(step.on), "side": step.side.value} in [
        {"on": p["on"], "side": p["side"]} for p in points]


@pytest.mark.parametrize("key", list(PUZZLES))
def test_every_puzzle_is_solved_by_clicking_the_board_tile_by_tile(key: str) -> None:
    w = PuzzleWidget(key)
    puzzle = w.puzzle
    assert w.puzzle.key == key and not w.board.readonly
    assert puzzle.question("en") in w.question.value
    # the title and the rules name the trick: shown only after the first try (issue 19)
    number = list(PUZZLES).index(key) + 1
    assert puzzle.title("en") not in w.title.value and f"Puzzle {number}" in w.title.value
    assert w.rules_line.value == "" and puzzle.title("en") not in str(w.menu.options)
    turn = best_turn(puzzle)
    for i, step in enumerate(turn):
        assert lit(w, step), f"{step} is not lit"
        assert all(p["preview"] == "" for m in w.board.moves.values() for p in m["points"])
        rev = w.board.revision
        click(w, step)
        assert w.verdict is not None and w.verdict[0], w.message
        assert w.board.revision > rev and w.steps == turn[:i + 1]
        assert puzzle.title("en") in w.title.value and "R" in w.rules_line.value
        assert step.tile in w.game.layout and f'data-tile="{step.tile}"' in w.board.svg
        if i < len(turn) - 1:  # the turn goes on (R17): the next tile on the new board
            assert "R17" in w.message and not w.solved and not w.board.readonly
            assert w.board.moves and w.stars == 0
    assert w.solved and w.stars == 3 and w.message.startswith(puzzle.check(puzzle.chain)[1])
    assert "hr-msg-ok" in w.messages.html.value
    assert w.board.readonly and w.board.moves == {}
    assert "★★★" in w.stars_line.value and "3 of 18" in w.stars_line.value


def test_a_drawn_tile_is_chosen_by_python_and_the_only_one_offered() -> None:
    w = PuzzleWidget("drawn_tile")
    assert w.board.selected == "[5|6]" and list(w.board.moves) == ["[5|6]"]
    assert "drawn tile" in w.message


def test_a_wrong_placement_says_why_with_the_rule_and_changes_nothing() -> None:
    w = PuzzleWidget("fifteen")
    before = w.game.layout.placements()
    moves = w.board.moves
    verdict = w.place("[5|6]", "[5|5]", "straight_b")
    assert verdict is not None and not verdict[0]
    assert verdict[1].startswith("Not the best") and "R13" in verdict[1] and "R15" in verdict[1]
    assert "hr-msg-error" in w.messages.html.value
    assert w.game.layout.placements() == before and w.steps == () and w.board.moves == moves
    assert not w.solved and w.stars == 0
    assert w.play(best_turn(w.puzzle)) == (True, w.message) and w.stars == 2  # the second try


def test_a_wrong_second_placement_keeps_the_first_and_hides_the_rest_of_the_answer() -> None:
    w = PuzzleWidget("double_again")
    first, second = w.puzzle.chain
    assert w.play(first) is not None and w.steps == (first,)
    other = next(a for a in w.game.legal_actions()
                 if isinstance(a, Place) and a != second)
    verdict = w.place(other.tile, other.on, other.side)
    assert verdict is not None and not verdict[0] and "R17" in verdict[1]
    assert str(second.tile) not in verdict[1]  # the answer's next tile is not given away
    assert w.steps == (first,) and w.game.layout.placements()[-1][0] == first.tile
    assert w.play(best_turn(w.puzzle)[1:]) is not None and w.solved and w.stars == 2


def test_hints_come_in_order_gentle_first_and_the_last_one_gives_the_answer() -> None:
    w = PuzzleWidget("to_the_target")
    hints = w.puzzle.hints("en")
    assert w.hint_button.description == "Hint (4 left)" and w.hints_box.value == ""
    for n, hint in enumerate(hints, start=1):
        assert w.hint() == hint
        assert w.hints_shown == hints[:n]
        shown = re.sub(r"</?(?:a|span)\b[^>]*>", "", w.hints_box.value)  # its rule links
        assert all(h.replace("'", "&#x27;") in shown for h in hints[:n])
        assert re.search(r"R\d+", hint)
    assert w.hint() is None and w.hint_button.disabled
    assert w.hint_button.description == "No more hints"
    assert hints[-1].startswith("Answer")
    w.play(w.puzzle.answer)
    assert w.solved and w.stars == 0  # the answer was read first


def test_every_hint_opened_costs_a_star() -> None:
    """Issue 19: each rung costs (today's rule was: only the last one, the answer)."""
    for opened, stars in ((0, 3), (1, 2), (2, 1)):
        w = PuzzleWidget("fifteen")
        for _ in range(opened):
            w.hint()
        assert w.session.stars_if_solved_now() == stars
        w.play(best_turn(w.puzzle))
        assert w.solved and w.stars == stars, opened
        assert "★" * stars + "☆" * (3 - stars) in w.stars_line.value
    w = PuzzleWidget("fifteen")
    w.place("[5|6]", "[5|5]", "straight_b")  # a wrong try: 2 at best, then a hint: 1
    w.hint()
    w.play(best_turn(w.puzzle))
    assert w.stars == 1 and w.hint_button.description == "Hint (2 left)"


def test_a_hint_does_not_show_the_title_a_try_or_the_answer_does() -> None:
    w = PuzzleWidget("spinner_fills")
    title = w.puzzle.title("en")
    w.hint()
    assert title not in w.title.value and w.rules_line.value == ""
    w.show_answer()
    assert title in w.title.value and "Rules:" in w.rules_line.value
    assert (title, "spinner_fills") in w.menu.options
    w.go("fifteen")
    assert "Puzzle 1" in w.title.value and w.rules_line.value == ""


def test_a_wrong_try_shows_the_rules_but_not_the_title_that_names_the_trick() -> None:
    w = PuzzleWidget("fifteen", lang="ja")
    title = w.puzzle.title("ja")
    assert not w.place("[5|6]", "[5|5]", "straight_b")[0]
    assert title not in w.title.value and "パズル 1" in w.title.value
    assert title not in str(w.menu.options) and "R" in w.rules_line.value
    assert w.play(w.puzzle.chain[0])[0] and title in w.title.value


def test_try_again_goes_back_to_the_position() -> None:
    w = PuzzleWidget("out_in_one_turn")
    start = w.game.layout.placements()
    w.play(w.puzzle.chain[0])
    assert len(w.game.layout.placements()) == len(start) + 1
    w.retry_button.click()
    assert w.game.layout.placements() == start and w.steps == () and not w.board.readonly
    assert w.play(w.puzzle.answer) is not None and w.solved


def test_show_answer_plays_it_on_the_board_without_stars() -> None:
    w = PuzzleWidget("double_again", lang="ko")
    w.show_button.click()
    assert w.shown and w.steps == w.puzzle.chain and w.board.readonly
    assert all(s.tile in w.game.layout for s in w.puzzle.chain)
    assert w.puzzle.hints("ko")[-1] in w.message and "R17" in w.message
    assert w.stars == 0
    w.board.readonly = False  # a click that reaches Python anyway changes nothing
    rev = w.board.revision
    w.board.receive({"kind": "place", "tile": "[0|2]", "on": "[2|2]", "side": "straight_b",
                     "rev": rev})
    assert w.steps == w.puzzle.chain and "다시 풀기" in w.message


def test_a_stale_click_is_refused_with_a_sentence() -> None:
    w = PuzzleWidget("fifteen")
    step = w.puzzle.answer
    assert isinstance(step, Place)
    w.board.receive({"kind": "place", "tile": str(step.tile), "on": str(step.on),
                     "side": step.side.value if step.side else None,
                     "rev": w.board.revision - 1})
    assert w.steps == () and "hr-msg-error" in w.messages.html.value


def test_moving_between_puzzles_keeps_each_ones_stars() -> None:
    w = PuzzleWidget()
    keys = list(PUZZLES)
    assert w.puzzle.key == keys[0] and "Puzzle 1 of 6" in w.counter.value
    w.play(best_turn(w.puzzle))
    w.next_button.click()
    assert w.puzzle.key == keys[1] and "Puzzle 2 of 6" in w.counter.value
    assert w.menu.value == keys[1] and w.stars == 0 and w.total_stars == 3
    w.menu.value = keys[4]
    assert w.puzzle.key == keys[4] and w.steps == ()
    w.previous_button.click()
    w.previous_button.click()
    assert w.puzzle.key == keys[2]
    w.go(0)
    assert w.solved and w.stars == 3 and not w.board.readonly  # solved, ready to play again
    assert w.previous().key == keys[-1] and w.next().key == keys[0]
    labels = [label for label, _ in w.menu.options]
    assert labels[0] == PUZZLES[keys[0]].title("en")  # solved: its title is shown
    assert labels[1:] == [f"Puzzle {n}" for n in range(2, 7)]  # not tried: no give-away


def _plain(markup: str) -> str:
    """HTML without its rule links' tags and the spans keeping a reference on one line (the
    text stays)."""
    return re.sub(r"</?(?:a|span)\b[^>]*>", "", markup)


def test_the_language_switch_rewrites_everything_shown() -> None:
    w = PuzzleWidget("fifteen")
    w.hint()
    w.place("[5|6]", "[5|5]", "straight_b")
    w.lang = "ko"
    p = w.puzzle
    assert "퍼즐 1" in w.title.value and p.question("ko") in _plain(w.question.value)
    assert "규칙" in w.rules_line.value or "R13" in w.rules_line.value
    assert p.hints("ko")[0] in _plain(w.hints_box.value)
    assert w.hint_button.description.startswith("힌트")
    assert w.message == p.check(Place("[5|6]", "[5|5]", "straight_b"), "ko")[1]
    assert w.board.lang == "ko" and "퍼즐 1 / 6" in w.counter.value
    assert [label for label, _ in w.menu.options][0] == "퍼즐 1"  # only a wrong try: untitled
    assert [label for label, _ in w.menu.options][1] == "퍼즐 2"
    w.lang = "ja"
    assert p.question("ja") in _plain(w.question.value) and "R13" in w.message
    assert w.play(p.answer) is not None and "正解" in w.message
    with pytest.raises(Exception, match="en, ko, ja"):
        w.lang = "fr"


def test_a_puzzle_of_ones_own_comes_first_and_bad_arguments_are_refused() -> None:
    base = PUZZLES["fifteen"]
    mine = Puzzle("fifteen", base.rules, base.layout, base.hand, base.answer,
                  base.opponent_tiles, scores=(3, 3))
    w = PuzzleWidget(mine)
    assert w.puzzle is mine and len(w.puzzles) == len(PUZZLES) + 1
    assert PuzzleWidget(PUZZLES["drawn_tile"]).puzzle.key == "drawn_tile"
    with pytest.raises(ValueError, match="fifteen"):
        PuzzleWidget("nope")
    with pytest.raises(ValueError, match="size"):
        PuzzleWidget(size=0)
    with pytest.raises(ValueError, match="a puzzle"):
        PuzzleWidget().go(99)


@pytest.mark.parametrize("key", ["fifteen", "spinner_fills", "double_again"])
def test_the_turn_goes_on_after_the_answer_and_the_learner_places_the_next_tile(
        key: str) -> None:
    """Issue 16 item 11: these answers score (or are a double) from hand, so the turn goes on
    (R17): the board stays playable, the puzzle is not solved until the turn is complete."""
    w = PuzzleWidget(key)
    puzzle = w.puzzle
    assert w.play(puzzle.answer) == (True, w.message)
    assert not w.done and not w.solved and not w.board.readonly and w.board.moves
    assert w.message.startswith(puzzle.check(puzzle.chain)[1]) and "R17" in w.message
    assert "hr-msg-ok" in w.messages.html.value
    rest = best_turn(puzzle)[len(puzzle.chain):]
    assert rest and w.play(rest) == (True, w.message)
    assert w.done and w.solved and w.stars == 3 and w.board.readonly
    assert str(rest[-1].tile) in w.message  # the turn's end is said


def test_a_weaker_placement_after_the_answer_is_explained_and_changes_nothing() -> None:
    """spinner_fills: after the answer, [0|2] on a branch of [6|6]… scores again before [4|5];
    [4|5] at once scores nothing and ends the turn 10 raw short."""
    w = PuzzleWidget("spinner_fills")
    w.play(w.puzzle.answer)
    before = w.game.layout.placements()
    verdict = w.place("[4|5]", "[2|5]", "high")
    assert verdict is not None and not verdict[0] and "R17" in verdict[1]
    assert w.game.layout.placements() == before and not w.solved and not w.board.readonly
    assert w.play(best_turn(w.puzzle)[1:]) is not None and w.solved and w.stars == 2


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_click_on_a_hand_tile_that_fits_nowhere_is_explained(lang: str) -> None:
    """Issue 16 item 9: as play does (``play.fits_nowhere``), in the widget's language."""
    from horserace_nb.words.i18n import t

    w = PuzzleWidget("fifteen", lang=lang)
    w.select("[0|3]")  # the open ends show 6 and 5 (R9)
    assert w.message == t("play.fits_nowhere", lang, tile="[0|3]", low=0, high=3)
    assert "hr-msg-error" in w.messages.html.value and w.steps == ()
    w.select("[5|6]")  # a tile that fits: the board lights it, nothing is said
    assert w.message == t("play.fits_nowhere", lang, tile="[0|3]", low=0, high=3)


def test_a_double_click_on_the_answer_keeps_right() -> None:
    """Issue 16 item 8: the second sending of the placement just made is acknowledged: the
    read-only board does not answer it with "This board is for watching"."""
    w = PuzzleWidget("drawn_tile")
    step = w.puzzle.answer
    assert isinstance(step, Place) and step.side is not None
    sent = {"kind": "place", "tile": str(step.tile), "on": str(step.on),
            "side": step.side.value, "rev": w.board.revision}
    w.board.receive(dict(sent))
    assert w.solved and w.board.readonly and w.message.startswith("Right!")
    said, html = w.message, w.messages.html.value
    w.board.receive(dict(sent))
    assert w.message == said and w.messages.html.value == html and w.solved
    w.board.receive({**sent, "rev": sent["rev"] - 1})  # older still: refused, with a sentence
    assert "watching" in w.message



def test_the_puzzle_board_is_redrawn_for_the_room_its_front_end_reports() -> None:
    """On a phone the puzzle's picture is drawn to the board's width (its texts readable
    there), the position and the moves unchanged; a laptop's width draws it as before."""
    def sizes(svg: str) -> list[float]:
        return [float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg)]

    w = PuzzleWidget("fifteen", lang="ja")
    before, moves = w.board.svg, dict(w.board.moves)
    w.board.room = 300
    narrow = w.board.svg
    assert narrow != before and w.board.moves == moves
    assert max(sizes(narrow)) > max(sizes(before))  # drawn larger, to be shown smaller
    w.board.room = 1200
    assert w.board.svg == before
    revision = w.board.revision
    w.board.room = 1300  # a room that changes nothing: no new picture (no tap goes stale)
    assert w.board.revision == revision
