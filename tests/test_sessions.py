"""The session models without widgets (issue 18 item 1): play, replay, review and puzzle,
tested without a browser or ipywidgets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import decisions

from horserace_nb import Draw, Game, Place
from horserace_nb.core.validate import MAX_SEED
from horserace_nb.sessions.play import PlayController
from horserace_nb.sessions.puzzle import PuzzleSession
from horserace_nb.sessions.replay import Prediction, ReplaySteps, build_steps, question_for
from horserace_nb.sessions.review import ReviewSession
from horserace_nb.teaching.bots import Bot, GreedyBot, RandomBot
from horserace_nb.teaching.progress import Result, ResultsError, read_record, record_of
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.words.i18n import t


def test_the_session_models_load_without_any_widget_library() -> None:
    code = ("import sys; import horserace_nb.sessions.play, horserace_nb.sessions.replay, "
            "horserace_nb.sessions.review, horserace_nb.sessions.puzzle; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'anywidget', 'traitlets') or m.startswith('horserace_nb.widgets')); "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------------- play
def test_undo_point_reads_the_games_actions_not_its_record(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Code read §2.3 item 4: the controller asks the game for its actions; encoding the whole
    record on every redraw is not needed."""
    c = PlayController(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"],
                            leader=0))
    c.place(Place("[1|4]"))  # 5 scores: seat 0 plays again (R17)

    def no_record() -> None:
        raise AssertionError("record() encoded")

    monkeypatch.setattr(c.game, "record", no_record)
    assert c.undo_point() == (1, 0, "[1|4]")
    c.undo()
    assert c.game.action_count == 0


# --------------------------------------------------------------------------- replay
def test_steps_of_a_long_game_are_made_on_demand_and_match_the_record() -> None:
    """Issue 9 item 2: a long record keeps a bounded number of game copies (memory linear in
    the record), and any step, forward or backward, equals the game replayed to that point."""
    game = Game(players=2, target=400, seed=5)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not game.game_over:
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(bots[game.to_play](game.view(game.to_play)))
    record = game.record()
    steps = ReplaySteps(record=record)
    n = len(record["actions"])
    assert len(steps) == n + 1 and n > 300
    assert len(steps._checkpoints) <= ReplaySteps.CHECKPOINTS + 1
    for index in (n, 3, n // 2, n // 2 + 1, 1, n - 1, 0, n // 3):
        step = steps[index]
        assert step.game is not None
        assert step.game.record() == Game.from_record(record, upto=index).record()
        assert step.layout is step.game.layout


def test_a_prediction_is_said_again_in_another_language_without_counting() -> None:
    steps, _ = build_steps("sequence")
    index = next(i for i in range(1, len(steps)) if question_for(steps, i) is not None)
    question = question_for(steps, index)
    assert question is not None
    prediction = Prediction(index, question)
    with pytest.raises(ValueError, match="no prediction"):
        prediction.feedback("en")
    wrong = prediction.check(-1, "en")
    attempts = question.attempts
    again = prediction.feedback("ko")
    assert not wrong.ok and not again.ok and again.rules == wrong.rules
    assert again.message != wrong.message and question.attempts == attempts


# --------------------------------------------------------------------------- review
def test_the_review_is_computed_hand_by_hand_once() -> None:
    game = Game(players=2, seed=8, target=31)
    bots: list[Bot] = [RandomBot(seed=2), GreedyBot()]
    while game.hand_number < 2 or not game.hand_over:
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(bots[game.to_play](game.view(game.to_play)))
    session = ReviewSession(game, 0, seed=1, rollouts=4)
    assert session.hands == (1, 2) and not session.done
    seen: list[int] = []
    entries = session.run(seen.append)
    assert seen == [1, 2] and session.done
    assert [e.index for e in entries] == decisions(game, 0)
    assert {e.hand for e in entries} == {1, 2}
    session.run(seen.append)
    assert seen == [1, 2]  # not computed again
    game.next_hand()  # the session holds a copy: play going on changes nothing
    assert [e.index for e in session.entries] == decisions(game, 0)
    assert ReviewSession(game, 0, hand=2).hands == (2,)





# --------------------------------------------------------------------------- puzzle
def test_a_puzzle_session_judges_counts_and_says_each_placement() -> None:
    session = PuzzleSession(index=list(PUZZLES).index("fifteen"))
    puzzle = session.puzzle
    ok, (kind, text) = session.judge(Place("[5|6]", "[5|5]", "straight_b"))
    assert not ok and kind == "error" and session.steps == () and session.record.attempts == 1
    assert "R" in text("en") and text("ko") != text("en")
    for step in puzzle.chain:
        ok, (kind, text) = session.judge(step)
        assert ok and kind == "ok"
    assert not session.solved and not session.done  # 15 scores: the turn goes on (R17)
    ok, _ = session.judge(Place("[3|5]", "[5|5]", "straight_b"))
    assert ok and session.solved and session.done and session.stars == 2
    session.reset()
    assert session.steps == () and not session.done and session.solved  # the stars stay
    assert session.hint() and session.hints_shown("ja")
    session.go(1)
    assert session.index == 1 and session.puzzle is not puzzle and session.record.hints == 0
    session.show_answer()
    assert session.shown and session.done and session.record.revealed and session.stars == 0


# --------------------------------------------------------------------------- the seed
def test_pass_and_play_says_no_seed_until_the_match_is_over() -> None:
    """Issue 28 item 6: the seed deals every hand of the match (in another tab, the same game
    with every hand face up): in pass and play no note names it, not even between hands."""
    seed = 86_420_975_310
    c = PlayController(Game(seed=3), pass_and_play=True)
    c.match = "hand"
    assert c.new_game("2", str(seed)) and c.game.seed == seed
    said = " ".join(text(lang) for _, text in c.notes for lang in ("en", "ko", "ja"))
    assert str(seed) not in said and "New game: 2 players." in said
    assert not c.seed_shown
    while not c.game.hand_over:
        if c.covered:
            c.reveal()
        action = GreedyBot()(c.game.view(c.game.to_play))
        if isinstance(action, Place):
            c.place(action)
        else:
            c.draw() if isinstance(action, Draw) else c.pass_turn()
        assert not c.seed_shown or c.game.hand_over
        assert all(str(seed) not in text("en") for _, text in c.notes)
    assert c.match_over and c.seed_shown  # one-hand match over: the seed may be shown
    for lang in ("en", "ko", "ja"):  # the status does not ask for a next hand that never comes
        assert c.status_text(lang) == t("play.status_match_over", lang,
                                        button=t("play.new_game", lang))
    against = PlayController(Game(seed=3))
    assert against.new_game("2", str(seed)) and against.seed_shown
    assert str(seed) in against.notes[0][1]("en")


@pytest.mark.parametrize("typed", [str(MAX_SEED + 1), "1" + "0" * 23, "-1", "9" * 5000])
def test_a_seed_a_browser_cannot_keep_is_refused_where_it_is_typed(typed: str) -> None:
    """Issue 28 item 17: a seed above 2**53 - 1 came back from the browser as 1e+23 with the
    game's result, which was refused, the game lost from the lesson map. Refused when typed,
    with a sentence naming the seed and its range; nothing changes."""
    c = PlayController(Game(seed=3))
    game = c.game
    assert not c.new_game("2", typed)
    assert c.game is game and c.notes[0][0] == "error"
    assert "The seed" in c.notes[0][1]("en") and f"0 to {MAX_SEED}" in c.notes[0][1]("en")
    assert "시드" in c.notes[0][1]("ko") and "シード" in c.notes[0][1]("ja")
    assert len(c.notes[0][1]("en")) < 300
    if typed != "-1":  # the API takes negative seeds (the box keeps to 0 … MAX_SEED)
        with pytest.raises(ValueError, match=rf"^seed is a whole number from -{MAX_SEED} to "
                                             rf"{MAX_SEED}"):
            Game(seed=int(typed) if len(typed) < 100 else MAX_SEED + 1)


def browser_round_trip(record: dict[str, object]) -> object:
    """A result record as a browser keeps it: JSON numbers are doubles, written back in
    JavaScript's shortest form (``1e+23`` past 10**21)."""
    def number(text: str) -> object:
        value = float(text)
        return int(value) if abs(value) < 1e21 else value
    return json.loads(json.dumps(record), parse_int=number)


def test_the_largest_seed_typed_comes_back_from_the_browser_exactly() -> None:
    """A game dealt from the largest seed the box takes is recorded, kept by the browser and
    read back as it was (the lesson map keeps it)."""
    c = PlayController(Game(seed=3))
    assert c.new_game("2", str(MAX_SEED)) and c.game.seed == MAX_SEED
    result = Result("", "hand", "2p", c.game.seed, when="2026-12-03T10:00:00", points=3)
    assert read_record(browser_round_trip(record_of(result))) == result
    huge = Result("", "hand", "2p", 10**23, when="2026-12-03T10:00:00", points=3)
    with pytest.raises(ResultsError, match="seed"):  # what a larger seed came to
        read_record(browser_round_trip(record_of(huge)))
