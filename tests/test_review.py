"""Post-game review (issue 12 item 6): one entry per decision of a seat, the strong player's
choice beside it, the expected loss compared on the same sampled deals, and a sentence in
en/ko/ja."""

from __future__ import annotations

import statistics

import pytest
from conftest import decisions

from horserace_nb import Game, Place
from horserace_nb.teaching.bots import Bot, GreedyBot, RandomBot, StrongBot, play_game
from horserace_nb.teaching.review import AS_GOOD, ReviewEntry, review_game
from horserace_nb.words.i18n import LANGS

FIFTEEN = ([("[2|5]", None, None), ("[2|3]", "[2|5]", "low"), ("[5|5]", "[2|5]", "high"),
            ("[3|6]", "[2|3]", "high")],
           [["[0|3]", "[3|5]", "[5|6]"], ["[0|0]", "[1|1]", "[0|1]", "[4|4]"]], ["[1|2]"])


def fifteen(move: Place) -> Game:
    """[5|6] on [3|6] high makes 10 + 5 = 15; on [5|5] it makes 6 + 6 = 12 (R13, R15)."""
    game = Game.from_position(*FIFTEEN, 0)
    game.apply(move)
    return game




@pytest.fixture(scope="module")
def match() -> Game:
    return play_game([RandomBot(seed=3), GreedyBot()], seed=21, target=31)


def test_one_entry_per_decision_in_order_with_what_was_played(match: Game) -> None:
    for seat in (0, 1):
        entries = review_game(match, seat, seed=1, rollouts=8)
        assert [e.index for e in entries] == decisions(match, seat)
        assert entries, "the match has decisions to review"
        for e in entries:
            assert match.actions[e.index] == (seat, e.action)
            assert e.seat == seat and e.worlds == 8
            assert e.view.seat == seat and e.action in e.view.legal_actions
            assert e.best in e.view.legal_actions and e.best_turn[0] == e.best
            assert e.loss >= 0
            assert e.options[0].action == e.best
            assert {o.action for o in e.options} == {
                a for a in e.view.legal_actions if isinstance(a, Place)}


def test_position_rebuilds_the_game_before_the_decision(match: Game) -> None:
    entries = review_game(match, 0, seed=1, rollouts=4)
    for e in entries[:: max(1, len(entries) // 5)]:
        position = e.position()
        assert position.to_play == 0 and position.hand_number == e.hand
        assert position.action_count == e.index
        assert position.hands[0] == list(e.view.hand)
        assert position.is_legal(e.best) and position.is_legal(e.action)


def test_the_loss_is_zero_for_the_best_move_and_positive_for_a_clear_mistake() -> None:
    [bad] = review_game(fifteen(Place("[5|6]", "[5|5]", "straight_b")), 0, seed=2, rollouts=64)
    assert bad.best == Place("[5|6]", "[3|6]", "high")
    assert bad.loss > 2  # 3 points left on the table now, and more later
    assert not bad.is_best
    [good] = review_game(fifteen(Place("[5|6]", "[3|6]", "high")), 0, seed=2, rollouts=64)
    assert good.is_best and good.loss == 0.0
    # the same worlds value the same moves the same, whichever was played
    assert [(o.action, o.value) for o in good.options] == [
        (o.action, o.value) for o in bad.options]
    assert good.loss == 0.0 and bad.loss == pytest.approx(
        bad.options[0].value - next(o.value for o in bad.options if o.action == bad.action))


def test_every_loss_is_zero_when_the_move_played_is_the_best(match: Game) -> None:
    entries = review_game(match, 1, seed=5, rollouts=8)
    assert any(e.is_best for e in entries)
    assert all(e.loss == 0.0 for e in entries if e.is_best)
    # a different move as good as the best is said to be so, not called a mistake
    for e in entries:
        if not e.is_best and e.loss < AS_GOOD:
            assert "no better on average" in e.explain("en")


def test_a_loaded_record_reviews_exactly_like_the_live_game(match: Game) -> None:
    loaded = Game.from_json(match.to_json())
    live = review_game(match, 0, seed=9, rollouts=6)
    again = review_game(loaded, 0, seed=9, rollouts=6)
    assert live == again  # deterministic for the same seed, live or loaded
    assert [e.explain("ko") for e in live] == [e.explain("ko") for e in again]


def test_a_live_game_in_progress_and_one_hand_only() -> None:
    game = Game(players=2, seed=44)
    bot = GreedyBot()
    for _ in range(6):
        if game.hand_over:
            break
        game.apply(bot(game.view(game.to_play)))
    entries = review_game(game, game.to_play, seed=0, rollouts=4)
    assert all(e.index < game.action_count for e in entries)
    full = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=8, target=21)
    assert full.hand_number >= 2
    second = review_game(full, 0, seed=0, rollouts=4, hand=2)
    assert second and {e.hand for e in second} == {2}


def test_a_different_seed_may_change_the_values_but_not_the_decisions(match: Game) -> None:
    a = review_game(match, 0, seed=1, rollouts=4)
    b = review_game(match, 0, seed=2, rollouts=4)
    assert [(e.index, e.action) for e in a] == [(e.index, e.action) for e in b]


def test_the_random_player_loses_more_than_the_strong_player() -> None:
    """Ten seeded hands, random against strong (seats alternate); each seat is reviewed on the
    same terms. The random player's mean loss per decision is several times the strong one's
    (measured: about 1.0 against 0.1 points)."""
    random_losses: list[float] = []
    strong_losses: list[float] = []
    for n in range(10):
        game = Game(players=2, seed=100 + n)
        rnd, strong = n % 2, 1 - n % 2
        bots: dict[int, Bot] = {rnd: RandomBot(seed=n), strong: StrongBot(seed=n, rollouts=40)}
        while not game.hand_over:
            game.apply(bots[game.to_play](game.view(game.to_play)))
        random_losses += [e.loss for e in review_game(game, rnd, seed=7, rollouts=48)]
        strong_losses += [e.loss for e in review_game(game, strong, seed=7, rollouts=48)]
    assert len(random_losses) >= 20 and len(strong_losses) >= 20
    assert statistics.mean(random_losses) > 3 * statistics.mean(strong_losses)
    assert statistics.mean(random_losses) > statistics.mean(strong_losses) + 0.4


@pytest.mark.parametrize("lang", LANGS)
def test_explain_in_every_language(lang: str) -> None:
    [bad] = review_game(fifteen(Place("[5|6]", "[5|5]", "straight_b")), 0, seed=2, rollouts=32)
    [good] = review_game(fifteen(Place("[5|6]", "[3|6]", "high")), 0, seed=2, rollouts=32)
    for entry in (bad, good):
        text = entry.explain(lang)
        assert "[5|6]" in text and "{" not in text and "R15" in text
    assert "15" in bad.explain(lang) and "12" in bad.explain(lang)
    assert f"{bad.loss:.1f}" in bad.explain(lang)
    assert "[3|6]" in good.explain(lang)
    if lang == "ko":
        assert "[5|6]을 [5|5]의 직선 B에 놓았습니다" in bad.explain(lang)
        assert "원점수 15, 표시 점수 3점을 얻습니다" in bad.explain(lang)
    if lang == "ja":
        assert "[5|6] を [5|5] の直線側Bに置きました" in bad.explain(lang)
    if lang == "en":
        assert bad.explain(lang).startswith(
            "You played [5|6] on the straight B of [5|5]: 6 + 6 = 12, no score (R13, R15). "
            "Better: [5|6] on the high end of [3|6]: 10 + 5 = 15 → 15 raw (3 points)")
        assert good.explain(lang).endswith("The strong computer player would play the same.")


def test_explain_names_the_win_and_the_rest_of_the_turn() -> None:
    game = Game.from_position(
        [("[3|6]", None, None), ("[3|3]", "[3|6]", "low"), ("[6|6]", "[3|6]", "high"),
         ("[2|6]", "[6|6]", "straight_b")],
        [["[1|2]", "[1|4]", "[2|2]", "[2|4]"], ["[0|0]", "[0|1]", "[5|5]"]], ["[0|5]"], 0,
        scores=[57, 50])
    game.apply(Place("[2|4]", "[2|6]", "low"))  # 59, and [2|2] can no longer follow
    entry = review_game(game, 0, seed=0, rollouts=16)[0]
    assert entry.best == Place("[2|2]", "[2|6]", "low")
    assert entry.best_turn == (Place("[2|2]", "[2|6]", "low"), Place("[2|4]", "[2|2]",
                                                                       "straight_b"))
    text = entry.explain("en")
    assert "That turn goes on with [2|4] (R17)." in text
    assert "wins the game (R26)" in text and entry.loss > 10
    for lang in LANGS:
        assert "R26" in entry.explain(lang)


def test_bad_arguments_are_refused_clearly(match: Game) -> None:
    with pytest.raises(ValueError, match="seat"):
        review_game(match, 2)
    with pytest.raises(ValueError, match="rollouts"):
        review_game(match, 0, rollouts=0)
    with pytest.raises(ValueError, match="hand"):
        review_game(match, 0, hand=0)
    with pytest.raises(ValueError, match="game"):
        review_game("not a game", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="language"):
        review_game(fifteen(Place("[5|6]", "[3|6]", "high")), 0, rollouts=2)[0].explain("fr")


def test_entries_are_immutable() -> None:
    [entry] = review_game(fifteen(Place("[5|6]", "[3|6]", "high")), 0, rollouts=2)
    assert isinstance(entry, ReviewEntry)
    with pytest.raises(AttributeError):
        entry.loss = 3.0  # type: ignore[misc]


def test_every_puzzle_position_reviews_its_whole_hand() -> None:
    """Issue 16 item 4: a game started with ``Game.from_position`` (every puzzle) is reviewed
    past its first placement: the sampled deals start from the position's layout."""
    from horserace_nb.teaching.puzzles import PUZZLES

    for key, puzzle in PUZZLES.items():
        game = puzzle.game()
        bots: list[Bot] = [GreedyBot(), GreedyBot()]
        while not game.hand_over:
            game.apply(bots[game.to_play](game.view(game.to_play)))
        for seat in (0, 1):
            entries = review_game(game, seat, rollouts=2)
            assert [e.index for e in entries] == decisions(game, seat), key
            assert all(e.loss >= 0 for e in entries)


def test_a_hand_the_game_never_reached_is_refused_like_the_review_widget_does(
        match: Game) -> None:
    """Issue 16 item 12: not ``[]`` (which reads as "no decisions")."""
    from horserace_nb.sessions.review import ReviewSession

    last = match.hand_number
    assert review_game(match, 0, hand=last, rollouts=2) is not None
    for hand in (last + 1, last + 5, True):
        with pytest.raises(ValueError) as raised:
            review_game(match, 0, hand=hand, rollouts=2)
        with pytest.raises(ValueError) as widget:
            ReviewSession(match, 0, hand=hand)
        assert str(raised.value) == str(widget.value)
        assert f"from 1 to {last}" in str(raised.value)
