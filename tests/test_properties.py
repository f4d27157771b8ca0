"""Property-based tests: random legal and illegal action sequences through layouts and games.

An independent reference model of R9–R14 (written here from RULES.md, not from the core) checks
every layout reached; games check the invariants a player relies on: all 28 tiles accounted
for, raw placement scores are multiples of 5 equal to the end total (R15), refused actions
change nothing, every hand ends, scores never decrease, hidden tiles stay hidden.
Settings are modest so the file runs in well under 30 s.
"""

from __future__ import annotations

from collections import defaultdict

from conftest import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horserace_nb import (
    FULL_SET,
    Draw,
    Game,
    IllegalMove,
    Layout,
    Pass,
    Place,
    Side,
    Tile,
    placement_score,
)
from horserace_nb.core.actions import Action
from horserace_nb.core.settlement import bonus

STRAIGHTS = (Side.STRAIGHT_A, Side.STRAIGHT_B)
BRANCHES = (Side.BRANCH_A, Side.BRANCH_B)
MODES = [(2, False), (3, False), (4, False), (4, True)]
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# =========================================================================== reference model
def reference(layout: Layout) -> tuple[list[tuple[Tile, Side, int]], list[tuple[Tile, int]]]:
    """Open points and contributions of a layout, from its connections alone (R10–R14)."""
    used: dict[Tile, set[Side]] = defaultdict(set)
    for c in layout.connections():
        used[c.anchor].add(c.anchor_side)
        used[c.tile].add(c.tile_side)
    points: list[tuple[Tile, Side, int]] = []
    counted: list[tuple[Tile, Side, int]] = []
    for t in layout.tiles:
        if t.is_double:
            if all(s in used[t] for s in STRAIGHTS):  # interior: branches open, count nothing
                points += [(t, s, t.low) for s in BRANCHES if s not in used[t]]
            else:  # both halves, once
                free = [s for s in STRAIGHTS if s not in used[t]]
                points += [(t, s, t.low) for s in free]
                counted.append((t, free[0], 2 * t.low))
        else:
            for s, n in ((Side.LOW, t.low), (Side.HIGH, t.high)):
                if s not in used[t]:
                    points.append((t, s, n))
                    counted.append((t, s, n))
    points.sort(key=lambda p: (p[0].index, p[1].code))
    counted.sort(key=lambda p: (p[0].index, p[1].code))
    return points, [(t, v) for t, _, v in counted]


def check_connections(layout: Layout) -> None:
    """R9: halves match; R10: a double joins by straight A; R11: a branch only after both
    straights; every point holds one tile."""
    filled: dict[Tile, set[Side]] = defaultdict(set)
    for c in layout.connections():
        assert c.anchor_side not in filled[c.anchor]
        assert c.anchor.number(c.anchor_side) == c.tile.number(c.tile_side)  # R9
        if c.tile.is_double:
            assert c.tile_side is Side.STRAIGHT_A  # R10
        if c.anchor.is_double and c.anchor_side in BRANCHES:
            assert all(s in filled[c.anchor] for s in STRAIGHTS)  # R11
        filled[c.anchor].add(c.anchor_side)
        filled[c.tile].add(c.tile_side)


def check_layout(layout: Layout) -> None:
    points, contributions = reference(layout)
    assert layout.open_points() == points
    assert layout.contributions() == contributions
    assert layout.end_total() == sum(v for _, v in contributions)
    assert layout.score() == placement_score(layout.end_total())
    check_connections(layout)
    for t, s, _ in points:  # R14: an unused branch is open but never counted
        assert layout.is_counted(t, s) == (not s.is_branch)


# =========================================================================== layouts
@SETTINGS
@given(st.data())
def test_r9_r15_random_layouts_match_the_reference_model(data: st.DataObject) -> None:
    layout = Layout()
    first = data.draw(st.sampled_from(FULL_SET), label="opening")
    raw = layout.place(first)
    assert raw == placement_score(first.pips)
    check_layout(layout)
    for _ in range(data.draw(st.integers(1, 27), label="length")):
        moves = [(t, a, s) for t in FULL_SET for a, s in layout.legal_points(t)]
        if not moves:
            break
        if data.draw(st.integers(0, 3), label="illegal?") == 0:
            tile = data.draw(st.sampled_from(FULL_SET))
            on = data.draw(st.sampled_from(FULL_SET))
            side = data.draw(st.sampled_from(list(Side)))
            if (tile, on, side) not in moves:
                before = (layout.tiles, layout.open_points(), layout.contributions(),
                          layout.describe("en"))
                try:
                    layout.place(tile, on, side)
                except IllegalMove as err:
                    assert f"{err.rule}" in str(err)
                else:
                    raise AssertionError(f"{tile} on {on} {side} was accepted")
                assert before == (layout.tiles, layout.open_points(), layout.contributions(),
                                  layout.describe("en"))
        tile, on, side = data.draw(st.sampled_from(moves), label="move")
        raw = layout.place(tile, on, side)
        assert raw % 5 == 0 and raw == placement_score(layout.end_total())  # R15
        check_layout(layout)


# =========================================================================== games
def wild_actions(game: Game) -> st.SearchStrategy[Action]:
    """Any action, legal or not."""
    tile = st.sampled_from(FULL_SET)
    placements = st.one_of(
        st.builds(Place, tile),
        st.builds(Place, tile, st.sampled_from(FULL_SET), st.sampled_from(list(Side))),
        st.builds(lambda t, p: Place(t, p[0], p[1]), tile,
                  st.sampled_from([(a, s) for a, s, _ in game.layout.open_points()] or
                                  [(FULL_SET[0], Side.STRAIGHT_A)])),
    )
    return st.one_of(placements, st.just(Draw()), st.just(Pass()))


def visible_tiles(game: Game, seat: int) -> set[Tile]:
    view = game.view(seat)
    seen = set(view.hand) | set(view.layout.tiles)
    seen |= {e.tile for e in view.history if e.hand == game.hand_number and e.tile is not None}
    seen |= {a.tile for a in view.legal_actions if isinstance(a, Place)}
    if view.pending is not None:
        seen.add(view.pending)
    for e in view.history:
        if e.kind == "draw" and e.seat != seat:
            assert e.tile is None  # others' draws are hidden
    return seen


def check_game(game: Game) -> None:
    tiles = [t for h in game.hands for t in h] + game.boneyard + list(game.layout.tiles)
    assert sorted(tiles) == list(FULL_SET)  # 28 tiles, each once
    check_layout(game.layout)


@SETTINGS
@given(st.sampled_from(MODES), st.integers(0, 10**6), st.data())
def test_random_games_keep_every_invariant(mode: tuple[int, bool], seed: int,
                                           data: st.DataObject) -> None:
    players, partners = mode
    game = Game(players=players, partners=partners, seed=seed)
    hands_to_play = data.draw(st.integers(1, 3), label="hands")
    for _ in range(hands_to_play):
        actions_this_hand = 0
        while not game.hand_over:
            actions_this_hand += 1
            # 28 placements + every boneyard tile drawn + at most players-1 passes a placement
            assert actions_this_hand <= 28 + 14 + 29 * (players - 1)
            if data.draw(st.integers(0, 4), label="try illegal") == 0:
                wild = data.draw(wild_actions(game), label="wild")
                if wild not in game.legal_actions():
                    before = snapshot(game)
                    try:
                        game.apply(wild)
                    except IllegalMove as err:
                        assert f"{err.rule}" in str(err)
                    else:
                        raise AssertionError(f"{wild} was accepted but is not listed as legal")
                    assert snapshot(game) == before
            legal = game.legal_actions()
            assert legal and all(game.is_legal(a) for a in legal)
            action = data.draw(st.sampled_from(legal), label="action")
            old = game.scores
            seat = game.to_play
            event = game.apply(action)
            side = game.side_of(seat)
            # scores never decrease; nobody loses points (R23)
            assert all(new >= was for new, was in zip(game.scores, old, strict=True))
            if event.kind == "place":
                assert event.total == sum(v for _, v in event.contributions)
                assert event.raw % 5 == 0 and event.raw == placement_score(event.total)  # R15
                gained = game.scores[side] - old[side]
                if event.result is None:
                    assert gained == event.points
                    assert all(game.scores[s] == old[s] for s in range(len(old)) if s != side)
                else:
                    assert gained == event.points + event.result.gains.get(side, 0)
                if event.continues:
                    assert game.to_play == seat and not game.hand_over  # R17
            else:  # a draw or a pass scores only through a settlement
                gains = {} if event.result is None else event.result.gains
                assert [n - o for n, o in zip(game.scores, old, strict=True)] == [
                    gains.get(s, 0) for s in range(len(old))]
            if event.result is not None:  # settlement: R23, R24
                result = event.result
                for b in result.bonuses:
                    assert b.points == bonus(b.pips) and b.pips == sum(
                        result.pips[s] for s in b.from_seats)
                    assert all(game.side_of(s) != b.winner for s in b.from_seats)
            check_game(game)
            if data.draw(st.integers(0, 9), label="peek") == 0:
                for s in range(players):
                    hidden = set(game.boneyard)
                    for other in range(players):
                        if other != s:
                            hidden |= set(game.hands[other])
                    assert not visible_tiles(game, s) & hidden
        if game.hand_result is not None:
            assert game.hand_result.winners  # a winner or co-winners (R28)
        if game.game_over:
            # nobody was at the target before, so the winners are exactly those at it (R26, R27)
            reached = [s for s, v in enumerate(game.scores) if v >= game.target]
            assert sorted(game.winners or []) == reached
            break
        game.next_hand()
    # the record replays to the same game, and so does the same seed with the same choices
    loaded = Game.from_json(game.to_json())
    assert loaded.record() == game.record()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(MODES), st.integers(0, 10**6), st.integers(0, 2**32))
def test_same_seed_and_choices_give_the_same_game(mode: tuple[int, bool], seed: int,
                                                  choice_seed: int) -> None:
    import random

    games = []
    for _ in range(2):
        game = Game(players=mode[0], partners=mode[1], seed=seed)
        rng = random.Random(choice_seed)
        for _ in range(150):
            if game.game_over:
                break
            if game.hand_over:
                game.next_hand()
            else:
                game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    assert games[0].record() == games[1].record()
    assert [lot.rounds for lot in games[0].lots] == [lot.rounds for lot in games[1].lots]
