"""Computer players: legality in every mode, reproducibility, the greedy choice and its hint, the
strong player's information (it plays from its seat's view only) and its look-ahead.

Scripted deals use ``Game(hands=..., boneyard=..., leader=...)`` (boneyard drawn front first);
expected numbers are worked out from RULES.md in the comments.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from conftest import P, T

from horserace_nb import FULL_SET, Draw, Game, Layout, Pass, Place, SeatView, Tile
from horserace_nb.core.actions import Action
from horserace_nb.teaching.bots import (
    Bot,
    GreedyBot,
    HiddenInfo,
    RandomBot,
    StrongBot,
    hidden_info,
    hint,
    placement_total,
    play_game,
    sample_world,
)
from horserace_nb.words.i18n import LANGS

MODES = [(2, False), (3, False), (4, False), (4, True)]


def raw_after(layout: Layout, action: Action) -> int:
    """The raw placement score of *action*, by placing it on a copy (R13, R15)."""
    assert isinstance(action, Place)
    return layout.copy().place(action.tile, action.on, action.side)


def public(view: SeatView) -> tuple[object, ...]:
    """Everything a seat may know, as comparable values."""
    return (view.seat, view.hand, view.layout.tiles, view.layout.connections(),
            view.legal_actions, view.to_play, view.hand_sizes, view.boneyard_size, view.scores,
            view.history, view.pending, view.hand_number)


def random_positions(players: int, partners: bool, seeds: Sequence[int],
                     stride: int = 3) -> list[Game]:
    """Positions from random games (every *stride*-th decision with a choice, across hands)."""
    out: list[Game] = []
    for seed in seeds:
        game = Game(players=players, partners=partners, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not game.game_over and len(out) < 400:
            if game.hand_over:
                game.next_hand()
                continue
            legal = game.legal_actions()
            if n % stride == 0:
                out.append(game.copy())
            n += 1
            game.apply(rng.choice(legal))
    return out


# =========================================================================== legality
@pytest.mark.parametrize("players, partners", MODES)
def test_every_bot_returns_a_legal_action(players: int, partners: bool) -> None:
    """Over many random positions (draws, pending drawn tiles R18, continuations R17, passes R19
    included) every bot answers with one of the view's legal actions."""
    bots: list[Bot] = [RandomBot(seed=1), GreedyBot(), StrongBot(seed=1, rollouts=2)]
    kinds: set[str] = set()
    positions = random_positions(players, partners, seeds=[11, 12], stride=4)
    assert len(positions) > 40
    for game in positions:
        view = game.view(game.to_play)
        kinds.update(type(a).__name__ for a in view.legal_actions)
        if view.pending is not None:
            kinds.add("pending")
        if game.continuing:
            kinds.add("continuing")
        for bot in bots:
            assert bot(view) in view.legal_actions, (bot, view.legal_actions)
    assert {"Place", "Draw", "pending", "continuing"} <= kinds


@pytest.mark.parametrize("players, partners", MODES)
def test_whole_games_between_bots(players: int, partners: bool) -> None:
    """Mixed tables play whole games to the target (R26) through play_game."""
    pool: list[Bot] = [StrongBot(seed=3, rollouts=2), GreedyBot(), RandomBot(seed=4),
                       GreedyBot()]

    def checked(bot: Bot) -> Bot:
        def play(view: SeatView) -> Action:
            action = bot(view)
            assert action in view.legal_actions
            return action
        return play

    game = play_game([checked(b) for b in pool[:players]], players=players, partners=partners,
                     seed=21)
    assert game.game_over
    assert any(s >= game.target for s in game.scores)


# =========================================================================== RandomBot
def test_random_bot_is_reproducible_with_a_seed() -> None:
    def moves(seed: int) -> list[str]:
        game = play_game([RandomBot(seed=seed), RandomBot(seed=seed + 100)], seed=8)
        return [str(e.action) for e in game.history]

    assert moves(5) == moves(5)
    assert moves(5) != moves(6)


def test_random_bot_uses_every_legal_action() -> None:
    game = Game(hands=[["[1|4]", "[2|3]", "[5|6]"], ["[0|0]"]], leader=0)
    view = game.view(0)
    bot = RandomBot(seed=2)
    assert {bot(view) for _ in range(200)} == set(view.legal_actions)


# =========================================================================== GreedyBot
def test_greedy_takes_the_highest_placement_score() -> None:
    # Seat 1 opens [3|6] (3 + 6 = 9, no score) and ends its turn (R17). Seat 0 may put
    # [6|6] on the high end: 3 + 12 = 15 (RULES.md's single layout), [3|4] on the low end:
    # 4 + 6 = 10, or [0|6] on the high end: 3 + 0 = 3.
    game = Game(hands=[["[0|6]", "[3|4]", "[6|6]"], ["[3|6]", "[1|1]"]], leader=1)
    game.apply(P("[3|6]"))
    view = game.view(0)
    choice = GreedyBot()(view)
    assert choice == P("[6|6]", "[3|6]", "high")
    assert raw_after(view.layout, choice) == 15
    h = hint(view)
    assert (h.action, h.raw, h.points, h.total, h.continues) == (choice, 15, 3, 15, True)


def test_greedy_ties_prefer_going_on_then_the_heaviest_tile() -> None:
    # Seat 1 opens [0|1] (total 1). Nothing of seat 0 scores: [1|1] on the high end makes
    # 0 + 2 = 2, [1|6] 0 + 6 = 6, [0|3] 3 + 1 = 4, [0|2] 2 + 1 = 3 (R15: no score).
    # The double lets seat 0 place again (R17), so it comes first; without it, the heaviest.
    for hand, expected in ((["[0|2]", "[0|3]", "[1|1]", "[1|6]"], "[1|1]"),
                           (["[0|2]", "[0|3]", "[1|6]"], "[1|6]")):
        game = Game(hands=[hand, ["[0|1]", "[5|5]"]], leader=1)
        game.apply(P("[0|1]"))
        view = game.view(0)
        assert all(raw_after(view.layout, a) == 0 for a in view.legal_actions)
        choice = GreedyBot()(view)
        assert isinstance(choice, Place) and choice.tile == T(expected)
    keys = [key for key, _ in hint(view).reasons]
    assert "bots.heaviest" in keys and "bots.no_score" in keys


@pytest.mark.parametrize("players, partners", MODES)
def test_greedy_is_maximal_in_random_positions(players: int, partners: bool) -> None:
    for game in random_positions(players, partners, seeds=[31], stride=2):
        view = game.view(game.to_play)
        places = [a for a in view.legal_actions if isinstance(a, Place)]
        choice = GreedyBot()(view)
        if not places:
            assert choice == view.legal_actions[0]
            continue
        scores = [raw_after(view.layout, a) for a in places]
        assert isinstance(choice, Place)
        assert raw_after(view.layout, choice) == max(scores)
        for a, raw in zip(places, scores, strict=True):  # fast arithmetic = Layout.place
            total = placement_total(view.layout, a.tile, a.on, a.side)
            assert (total if total % 5 == 0 else 0) == raw


def test_hint_explains_in_every_language() -> None:
    # [1|4] opens for 5 (R15) and seat 0 goes on (R17); next, [1|6] on the low end: 6 + 4 = 10.
    game = Game(hands=[["[1|4]", "[1|6]", "[0|2]"], ["[5|6]", "[0|1]"]], leader=0)
    h = hint(game.view(0), "ko")
    assert h.action == P("[1|4]") and h.continues
    assert (h.next_tile, h.next_raw) == (T("[1|6]"), 10)
    assert [k for k, _ in h.reasons] == ["bots.open", "bots.scores", "bots.scored_again",
                                         "bots.next"]
    texts = {lang: h.text(lang) for lang in LANGS}
    assert h.message == texts["ko"]
    assert len(set(texts.values())) == 3
    assert all("[1|4]" in text and "[1|6]" in text for text in texts.values())
    assert "R17" in texts["en"]


def test_hint_for_a_drawn_tile_a_draw_and_the_target() -> None:
    # Seat 0 cannot place on [5|6] (ends 5 and 6) and draws [0|6]: it fits and must be placed;
    # the placement ends the turn (R18). [0|6] on the high end: 5 + 0 = 5 scores.
    game = Game(hands=[["[1|2]", "[2|3]"], ["[5|6]", "[4|4]"]], boneyard=["[0|6]", "[3|3]"],
                leader=1)
    game.apply(P("[5|6]"))
    view = game.view(0)
    assert hint(view).action == Draw()
    assert [k for k, _ in hint(view).reasons] == ["bots.draw"]
    game.apply(Draw())
    h = hint(game.view(0))
    assert h.action == P("[0|6]", "[5|6]", "high") and h.raw == 5 and not h.continues
    assert [k for k, _ in h.reasons][:3] == ["bots.drawn_fits", "bots.place", "bots.scores"]
    assert "bots.drawn_ends" in [k for k, _ in h.reasons]
    # At 59 of 61, the same 5 raw (1 point) is not enough; 10 raw (2 points) wins (R26).
    game = Game(hands=[["[4|6]", "[1|4]"], ["[0|0]"]], leader=0, scores=[59, 0])
    h = hint(game.view(0))
    assert h.action == P("[4|6]") and h.wins_game
    assert ("bots.target", {"score": 61, "target": 61}) in h.reasons


def test_hint_pass() -> None:
    # Nothing fits [5|6] and the boneyard is empty; seat 1 still holds [5|5]: pass (R19).
    game = Game(hands=[["[1|2]", "[2|3]"], ["[5|6]", "[5|5]"]], leader=1)
    game.apply(P("[5|6]"))
    h = hint(game.view(0), "ja")
    assert h.action == Pass() and [k for k, _ in h.reasons] == ["bots.pass"]
    assert "パス" in h.message


# =========================================================================== StrongBot
def test_strong_bot_is_deterministic_with_fixed_rollouts() -> None:
    positions = [g for g in random_positions(2, False, seeds=[41], stride=5)
                 if len(g.legal_actions()) > 1][:8]
    assert positions
    for game in positions:
        view = game.view(game.to_play)
        a = StrongBot(seed=9, rollouts=6).decide(view)
        bot = StrongBot(seed=9, rollouts=6)
        bot(game.copy().view(game.to_play))  # an earlier decision changes nothing
        b = bot.decide(view)
        assert a.action == b.action and a.turns == b.turns and a.worlds == b.worlds == 6


def test_strong_bot_returns_a_single_legal_action_at_once() -> None:
    game = Game(hands=[["[1|2]", "[2|3]"], ["[5|6]", "[4|4]"]], boneyard=["[0|0]"], leader=1)
    game.apply(P("[5|6]"))
    decision = StrongBot(seed=1, rollouts=50).decide(game.view(0))
    assert decision.action == Draw() and decision.worlds == 0


def _draw_scenario(variant: int) -> Game:
    """Seat 0 opens [6|6] (12, a double: it goes on, R17) and adds [4|6] on straight A
    (12 + 4 = 16: no score, the turn ends). Seat 1 shows neither 4 nor 6: it draws a tile that
    does not fit (kept) and then [5|6], which it must place at once (R18). The two variants show
    seat 0 the same thing; they differ in seat 1's hand, the tile it kept and the boneyard order.
    """
    mine = ["[6|6]", "[1|2]", "[2|5]", "[0|3]", "[3|4]", "[1|5]", "[4|6]"]
    if variant == 0:
        other = ["[0|0]", "[0|1]", "[0|2]", "[0|5]", "[1|1]", "[1|3]", "[2|3]"]
        front = ["[2|2]", "[5|6]"]
    else:
        other = ["[0|2]", "[0|5]", "[1|3]", "[2|2]", "[3|3]", "[3|5]", "[5|5]"]
        front = ["[0|0]", "[5|6]"]
    used = {T(x) for x in mine + other + front}
    rest = [x for x in FULL_SET if x not in used]
    bone = [T(x) for x in front] + (rest if variant == 0 else rest[::-1])
    game = Game(hands=[mine, other], boneyard=bone, leader=0)
    for action in (P("[6|6]"), P("[4|6]", "[6|6]", "straight_a"), Draw(), Draw(),
                   P("[5|6]", "[6|6]", "straight_b")):
        game.apply(action)
    return game


def test_hidden_info_follows_draws_and_passes() -> None:
    """A player who drew held no tile showing an open number (R16, R18): sampled worlds never
    give it one."""
    game = _draw_scenario(0)
    view = game.view(0)
    assert [e.tile for e in view.history if e.kind == "draw"] == [None, None]  # hidden
    info = hidden_info(view)
    assert len(info.slots) == 8 and info.boneyard_size == 12
    fours_and_sixes = {t for t in FULL_SET if 4 in (t.low, t.high) or 6 in (t.low, t.high)}
    for i in range(40):
        hands, boneyard = sample_world(info, random.Random(i), 2)
        assert not hands[0] and len(hands[1]) == 8 and len(boneyard) == 12
        assert sorted(hands[1] + boneyard) == sorted(info.unknown)
        assert not fours_and_sixes & set(hands[1])
    # the true hand satisfies the inference
    assert not fours_and_sixes & set(game.hands[1])


def fits(info: HiddenInfo, seat: int, tiles: list[Tile]) -> bool:
    """True if *tiles* can be matched one to one with *seat*'s slots, each tile showing none
    of its slot's forbidden numbers (bipartite matching by augmenting paths)."""
    slots = [i for i, (s, _) in enumerate(info.slots) if s == seat]
    if len(slots) != len(tiles):
        return False
    match: dict[int, Tile] = {}

    def assign(tile: Tile, seen: set[int]) -> bool:
        for i in slots:
            if info.allows(i, tile) and i not in seen:
                seen.add(i)
                if i not in match or assign(match[i], seen):
                    match[i] = tile
                    return True
        return False

    return all(assign(tile, set()) for tile in tiles)


@pytest.mark.parametrize("players, partners", MODES)
def test_hidden_info_is_true_of_real_games(players: int, partners: bool) -> None:
    """In random games, every opponent's real hand fits the inferred constraints: its tiles can
    be matched to its slots (a tile per slot, none showing a forbidden number)."""
    for game in random_positions(players, partners, seeds=[51, 52], stride=2):
        seat = game.to_play
        info = hidden_info(game.view(seat))
        for other in range(players):
            if other == seat:
                continue
            assert fits(info, other, game.hands[other]), (game, other)


def test_strong_bot_does_not_peek() -> None:
    """Two games that differ only in what seat 0 cannot see (seat 1's hand, the tile it drew and
    kept, the boneyard order) give the same decision for the same seed."""
    games = [_draw_scenario(0), _draw_scenario(1)]
    a, b = (g.view(0) for g in games)
    assert public(a) == public(b)
    assert games[0].hands[1] != games[1].hands[1] and games[0].boneyard != games[1].boneyard
    assert len(a.legal_actions) > 1
    for seed in range(4):
        da = StrongBot(seed=seed, rollouts=8).decide(a)
        db = StrongBot(seed=seed, rollouts=8).decide(b)
        assert da.action == db.action and da.turns == db.turns


def test_strong_bot_does_not_peek_in_random_positions() -> None:
    """Reshuffle the tiles seat 0 cannot see (the others' unplayed tiles and the boneyard)
    before any draw of the hand, replay the same public moves: same view, same decision."""
    checked = 0
    for players, partners in MODES:
        for game in random_positions(players, partners, seeds=[61], stride=1)[:20]:
            seat = game.to_play
            events = [e for e in game.history if e.hand == game.hand_number]
            if game.hand_number != 1 or any(e.kind != "place" for e in events):
                continue
            if len(game.legal_actions()) < 2:
                continue
            played = [[e.tile for e in events if e.seat == s and e.tile is not None]
                      for s in range(players)]
            hidden = [t for s in range(players) if s != seat for t in game.hands[s]]
            hidden += game.boneyard
            random.Random(checked).shuffle(hidden)
            hands: list[list[Tile]] = []
            for s in range(players):
                if s == seat:
                    hands.append(played[s] + game.hands[s])
                else:
                    size = len(game.hands[s])
                    hands.append(played[s] + hidden[:size])
                    hidden = hidden[size:]
            other = Game(players=players, partners=partners, hands=hands, boneyard=hidden,
                         leader=game.leader)
            for e in events:
                other.apply(e.action)
            va, vb = game.view(seat), other.view(seat)
            assert public(va) == public(vb)
            if game.hands == other.hands and game.boneyard == other.boneyard:
                continue
            da = StrongBot(seed=checked, rollouts=4).decide(va)
            db = StrongBot(seed=checked, rollouts=4).decide(vb)
            assert da.action == db.action and da.turns == db.turns
            checked += 1
    assert checked >= 10


def test_strong_bot_takes_a_placement_that_reaches_the_target() -> None:
    """At 59 of 61, [4|6] opens for 10 raw (2 points): 61 wins at once (R26); [1|2] or [2|3]
    would not."""
    game = Game(hands=[["[1|2]", "[2|3]", "[4|6]", "[0|1]"], ["[0|0]", "[5|5]"]],
                boneyard=["[3|3]", "[2|2]"], leader=0, scores=[59, 58])
    for seed in range(3):
        assert StrongBot(seed=seed, rollouts=8)(game.view(0)) == P("[4|6]")


def test_strong_bot_plays_the_whole_turn() -> None:
    """At 58 of 61, [0|5] scores 5 now (1 point) but leaves nothing to continue with, while
    [6|6] scores nothing (12) yet lets seat 0 place again (R17): [3|6] on it makes 3 + 12 = 15,
    3 points, 61: the game is won (R26). The greedy player takes the 5; the strong player sees
    the whole continuation chain."""
    game = Game(hands=[["[4|4]", "[3|6]", "[0|5]", "[6|6]"], ["[1|5]", "[2|3]", "[3|4]"]],
                boneyard=["[0|0]", "[1|1]", "[2|2]", "[0|1]", "[0|2]"], leader=0,
                scores=[58, 0])
    view = game.view(0)
    assert GreedyBot()(view) == P("[0|5]")
    for seed in range(3):
        assert StrongBot(seed=seed, rollouts=8)(view) == P("[6|6]")


def test_strong_bot_time_budget() -> None:
    game = Game(seed=77)
    view = game.view(game.to_play)
    decision = StrongBot(seed=1, budget_s=0.05).decide(view)
    assert decision.action in view.legal_actions
    assert decision.worlds >= 1


def test_strong_hint_explains_points_now_and_the_sampled_turn_in_every_language() -> None:
    """Issue 6: the hint uses the strong bot and says why — immediate points (R15) and what
    the sampled deals say of the whole turn; the same position always gets the same hint."""
    from horserace_nb.teaching.bots import hint
    from horserace_nb.words.i18n import LANGS

    game = Game(players=2, seed=2024)
    view = game.view(game.to_play)
    first = hint(view, "en", strong=True)
    assert first.action in view.legal_actions
    assert first == hint(view, "en", strong=True)
    keys = [key for key, _ in first.reasons]
    assert "bots.strong" in keys and ("bots.scores" in keys or "bots.no_score" in keys)
    texts = {lang: first.text(lang) for lang in LANGS}
    assert len(set(texts.values())) == 3


def test_strong_hint_falls_back_to_greedy_when_the_search_fails(monkeypatch) -> None:
    from horserace_nb.teaching import bots

    def broken(self, view):  # type: ignore[no-untyped-def]
        raise RuntimeError("search failed")

    monkeypatch.setattr(bots.StrongBot, "decide", broken)
    game = Game(players=2, seed=2024)
    view = game.view(game.to_play)
    assert bots.hint(view, "en", strong=True) == bots.GreedyBot().explain(view, "en")


def puzzle_games_with_a_placement() -> list[tuple[str, Game]]:
    """Every puzzle's position (``Game.from_position``) with the answer's first placement made
    and the hand played on greedily to the next decision (two legal actions or more): the
    hidden-hand sampling must replay the hand from the position's layout (issue 16 item 4)."""
    from horserace_nb.teaching.puzzles import PUZZLES

    out = []
    for key, puzzle in PUZZLES.items():
        game = puzzle.game()
        game.apply(puzzle.chain[0])
        while not game.hand_over and len(game.legal_actions()) < 2:
            game.apply(game.legal_actions()[0])
        assert not game.hand_over, key
        out.append((key, game))
    return out


@pytest.mark.parametrize("key,game", puzzle_games_with_a_placement())
def test_the_strong_player_and_its_hint_work_from_every_puzzle_position(key: str,
                                                                        game: Game) -> None:
    view = game.view(game.to_play)
    info = hidden_info(view)  # the true deal satisfies what the history says
    others = [x for s in range(game.players) if s != view.seat for x in game.hands[s]]
    assert set(others) | set(game.boneyard) <= set(info.unknown)
    assert StrongBot(seed=1, rollouts=8)(view) in view.legal_actions
    advice = hint(view, "en", strong=True)  # the strong player's, not the greedy fallback
    assert "bots.strong" in [reason for reason, _ in advice.reasons], key
