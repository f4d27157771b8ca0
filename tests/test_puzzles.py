"""Puzzles (issue 12 item 5): every answer verified by the engine, exactly for the turn and by
the strong player over the hand; every title, question and hint in every language; check()
says right and wrong with the rule."""

from __future__ import annotations

import re

import pytest

from horserace_nb import Game, Place
from horserace_nb.teaching.puzzles import PUZZLES, Puzzle, Turn
from horserace_nb.words.i18n import LANGS

KEYS = list(PUZZLES)
RULE = re.compile(r"R(\d+)")


def test_at_least_six_puzzles_teaching_different_rules() -> None:
    assert len(PUZZLES) >= 6
    taught = {rule for p in PUZZLES.values() for rule in p.rules}
    assert {"R13", "R15", "R17", "R18", "R21", "R26"} <= taught
    assert len({p.rules for p in PUZZLES.values()}) == len(PUZZLES)


@pytest.mark.parametrize("key", KEYS)
def test_the_position_is_a_real_mid_hand_position(key: str) -> None:
    puzzle = PUZZLES[key]
    game = puzzle.game()
    assert isinstance(game, Game) and game.to_play == puzzle.seat and not game.hand_over
    assert game.players == 2
    # all 28 tiles accounted for, a boneyard no bigger than the deal leaves (R5)
    assert len(game.layout.tiles) + sum(map(len, game.hands)) + len(game.boneyard) == 28
    assert len(game.boneyard) <= 14
    assert puzzle.game().to_json() == game.to_json()  # fresh and deterministic
    steps = puzzle.chain
    for step in steps:
        assert game.to_play == puzzle.seat
        game.apply(step)  # the answer is legal, step by step (R9–R12, R17)


@pytest.mark.parametrize("key", KEYS)
def test_the_answer_is_exactly_the_only_first_placement_with_its_property(key: str) -> None:
    """Exact, without hidden tiles: among every way the turn can go (R17), only turns that
    begin with the answer score / win the game (R26) / empty the hand (R21)."""
    puzzle = PUZZLES[key]
    turns = puzzle.turns()
    first = puzzle.chain[0]
    prop = PUZZLES[key].turns_on

    def has(turn: Turn) -> bool:
        return bool(turn.raw if prop == "scores" else getattr(turn, prop))

    assert {turn.chain[0] for turn in turns if has(turn)} == {first}
    assert any(turn.chain[: len(puzzle.chain)] == puzzle.chain and has(turn) for turn in turns)
    firsts = {turn.chain[0] for turn in turns}
    assert len(firsts) >= 2, "a puzzle offers a choice"


@pytest.mark.parametrize("key", KEYS)
def test_the_strong_player_ranks_the_answer_first_by_a_clear_margin(key: str) -> None:
    """Over the whole hand, from the puzzle seat's view only (the hidden tiles sampled), with
    the same deals for every candidate: the answer is first by at least 2 points."""
    puzzle = PUZZLES[key]
    options = puzzle.evaluate(rollouts=300, seed=11)
    assert options[0].action == puzzle.chain[0]
    assert options[0].value - options[1].value >= 2.0, [(str(o.action), o.value)
                                                         for o in options]
    if len(puzzle.chain) > 1:
        assert options[0].turn[: len(puzzle.chain)] == puzzle.chain


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_title_question_and_a_ladder_of_hints_in_every_language(key: str, lang: str) -> None:
    puzzle = PUZZLES[key]
    hints = puzzle.hints(lang)
    assert len(hints) >= 3 and puzzle.title(lang) and puzzle.question(lang)
    assert len(set(hints)) == len(hints)
    for hint in hints:
        assert RULE.search(hint), f"{key} {lang}: a hint names its rule: {hint}"
    # the last hint gives the answer: every tile of the answer's turn
    assert all(str(step.tile) in hints[-1] for step in puzzle.chain)
    # the first hint does not give the answer away
    assert not (str(puzzle.chain[0].tile) in hints[0] and str(puzzle.chain[0].on) in hints[0])
    # the hints cite the rules the puzzle teaches
    cited = {f"R{n}" for h in hints for n in RULE.findall(h)}
    assert set(puzzle.rules) <= cited


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_check_says_right_for_the_answer_and_wrong_for_the_others(key: str, lang: str) -> None:
    puzzle = PUZZLES[key]
    ok, message = puzzle.check(puzzle.answer, lang)
    assert ok and RULE.search(message) and "{" not in message
    ok, _ = puzzle.check(puzzle.chain[0], lang)
    assert ok
    game = puzzle.game()
    for action in game.legal_actions():
        if action != puzzle.chain[0]:
            assert isinstance(action, Place)
            ok, message = puzzle.check(action, lang)
            assert not ok and RULE.search(message) and str(action.tile) in message


def test_check_explains_in_words() -> None:
    fifteen = PUZZLES["fifteen"]
    ok, message = fifteen.check(Place("[5|6]", "[5|5]", "straight_b"))
    assert not ok and message.startswith(
        "Not the best: [5|6] on the straight B of [5|5]: 6 + 6 = 12, no score (R13, R15).")
    ok, message = fifteen.check(Place("[5|6]", "[3|6]", "high"), "ko")
    assert ok and message.startswith("정답입니다! [5|6]을 [3|6]의 높은 끝에 놓으면")
    target = PUZZLES["to_the_target"]
    ok, message = target.check(target.chain[:1])
    assert ok and "The best turn goes on with [2|4] (R17)." in message
    ok, message = target.check([target.chain[0], Place("[1|2]", "[2|2]", "straight_b")])
    assert not ok and message.startswith("A good start, but then [1|2]")
    ok, message = target.check(target.chain, "ja")
    assert ok and "61" in message and "R26" in message


def test_check_refuses_illegal_moves_and_moves_after_the_turn_with_the_rule() -> None:
    drawn = PUZZLES["drawn_tile"]
    ok, message = drawn.check(Place("[1|4]", "[2|3]", "low"))
    assert not ok and "(R18)" in message  # the drawn tile must be placed (R18)
    fifteen = PUZZLES["fifteen"]
    ok, message = fifteen.check(Place("[0|3]", "[3|6]", "high"), "ko")
    assert not ok and "그곳에는 놓을 수 없습니다" in message and "R9" in message
    ok, message = fifteen.check([Place("[3|5]", "[5|5]", "straight_b"),
                                 Place("[5|6]", "[3|6]", "high")])
    assert not ok and message.startswith("Not the best")
    ok, message = drawn.check([drawn.chain[0], Place("[0|3]", "[5|6]", "low")])
    assert not ok and message.startswith("Your turn ended after [5|6]") and "(R17)" in message


def test_bad_attempts_are_refused_clearly() -> None:
    puzzle: Puzzle = PUZZLES["fifteen"]
    for bad in ([], "[5|6]", [None], 3):
        with pytest.raises(ValueError, match="Place"):
            puzzle.check(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="language"):
        puzzle.hints("fr")
