"""Turns, continuations, drawing, passing, blocking, settlement, winning and modes (R2–R8,
R15–R28), through scripted and dealt games.

Scripted deals use ``Game(hands=..., boneyard=..., leader=...)``: the boneyard is drawn front
first. Every expected number below is worked out from RULES.md in the comments.
"""

from __future__ import annotations

import random

import pytest
from conftest import P, T, documented_sequence, snapshot, worked_examples

from horserace_nb import FULL_SET, Draw, Game, IllegalMove, Pass, Place, Reason, Tile
from horserace_nb.core.settlement import Bonus, bonus, round_pips, settle


def places(game: Game) -> list[Place]:
    return [a for a in game.legal_actions() if isinstance(a, Place)]


def refuse(game: Game, action: object, rule: str) -> IllegalMove:
    """Apply *action*, expect an IllegalMove citing *rule*, and check nothing changed."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as err:
        game.apply(action)  # type: ignore[arg-type]
    assert err.value.rule == rule, str(err.value)
    assert f"{rule})" in str(err.value) or f"{rule}," in str(err.value), str(err.value)
    assert snapshot(game) == before
    assert not game.is_legal(action)  # type: ignore[arg-type]
    return err.value


# ======================================================================= modes and deal (R2, R5)
@pytest.mark.parametrize("players, partners, size, bone", [
    (2, False, 7, 14), (3, False, 6, 10), (4, False, 5, 8), (4, True, 5, 8)])
@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_r5_deal_sizes_and_boneyard(players: int, partners: bool, size: int, bone: int,
                                    seed: int) -> None:
    game = Game(players=players, partners=partners, seed=seed)
    assert [len(h) for h in game.hands] == [size] * players
    assert len(game.boneyard) == bone
    everything = [t for h in game.hands for t in h] + game.boneyard
    assert sorted(everything) == list(FULL_SET)  # all 28, each once (R1)
    assert game.layout.is_empty


@pytest.mark.parametrize("players, partners, sides", [(2, False, 2), (3, False, 3),
                                                      (4, False, 4), (4, True, 2)])
def test_r2_one_score_per_player_or_per_partnership(players: int, partners: bool,
                                                    sides: int) -> None:
    game = Game(players=players, partners=partners, seed=5)
    assert game.scores == [0] * sides
    assert [game.side_of(s) for s in range(players)] == (
        [s % 2 for s in range(players)] if partners else list(range(players)))


@pytest.mark.parametrize("players, partners", [(1, False), (5, False), (2, True), (3, True),
                                               (True, False)])
def test_r2_only_2_3_4_players_and_partnerships_of_four(players: int, partners: bool) -> None:
    with pytest.raises(ValueError, match="R2"):
        Game(players=players, partners=partners, seed=1)


def test_r2_partners_share_one_score_team_is_seat_mod_2() -> None:
    # Seat 2 opens [1|4]: 4 + 1 = 5 → raw 5, 1 point for team 0 (seats 0 + 2) (R15, R2).
    game = Game(players=4, partners=True, leader=2,
                hands=[["[6|6]"], ["[5|5]"], ["[1|4]", "[3|3]"], ["[2|2]"]], boneyard=["[0|0]"])
    event = game.apply(P("[1|4]"))
    assert event.points == 1 and game.scores == [1, 0]
    assert game.view(0).scores == game.view(2).scores == (1, 0)


def test_r3_target_is_61_display_points_and_display_is_raw_over_5() -> None:
    game = Game(seed=1)
    assert game.target == 61
    event = Game(hands=[["[5|5]", "[0|1]"], ["[6|6]"]], leader=0,
                 boneyard=["[0|0]"]).apply(P("[5|5]"))
    assert (event.total, event.raw, event.points) == (10, 10, 2)


def test_r4_scores_are_recorded_the_moment_they_are_made() -> None:
    game = Game(hands=[["[2|3]", "[3|3]", "[0|6]"], ["[6|6]"]], leader=0, boneyard=["[0|0]"])
    event = game.apply(P("[2|3]"))  # 2 + 3 = 5
    assert game.scores == [1, 0] and event.scores == (1, 0)


def test_r8_leader_may_open_with_any_tile() -> None:
    game = Game(players=3, seed=11)
    hand = game.hands[game.leader]
    assert game.to_play == game.leader
    assert game.legal_actions() == [Place(t) for t in hand]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r8_play_goes_clockwise(players: int) -> None:
    """Each seat places one non-scoring single: [1|3] opens (4), [3|6] on its high end (1 + 6 =
    7), [1|2] on its low end (2 + 6 = 8), [2|5] on [1|2] (5 + 6 = 11): seat i → seat i + 1."""
    leader = players - 1
    steps = [P("[1|3]"), P("[3|6]", "[1|3]", "high"), P("[1|2]", "[1|3]", "low"),
             P("[2|5]", "[1|2]", "high")][:players]
    fillers = ["[0|0]", "[4|4]", "[5|5]", "[0|4]"]
    order = [leader] + list(range(leader))
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat, step in zip(order, steps, strict=True):
        hands[seat] = [str(step.tile), fillers[seat]]
    game = Game(players=players, hands=hands, leader=leader, boneyard=["[0|1]", "[1|1]"])
    for seat, step in zip(order, steps, strict=True):
        assert game.to_play == seat
        event = game.apply(step)
        assert event.raw == 0 and not event.continues
    assert game.to_play == leader


# =========================================================================== lots (R6, R7)
def test_r6_lot_is_deterministic_for_a_seed() -> None:
    for seed in (1, 2, 3, 1234):
        a, b = Game(players=4, seed=seed), Game(players=4, seed=seed)
        assert a.leader == b.leader == a.lots[0].winner == a.to_play
        assert a.lots[0].rounds == b.lots[0].rounds


def test_r6_lot_redraws_among_tied_candidates_only() -> None:
    rounds_seen = 0
    for seed in range(60):
        lot = Game(players=4, seed=seed).lots[0]
        candidates = set(range(4))
        for rolls in lot.rounds:
            assert set(rolls) == candidates  # only the tied candidates draw again
            best = max(rolls.values())
            candidates = {s for s, v in rolls.items() if v == best}
            rounds_seen += 1
        assert candidates == {lot.winner}
    assert rounds_seen > 60  # some lots needed a re-draw


def test_r6_lot_is_neutral_every_seat_can_lead() -> None:
    leaders = [Game(players=4, seed=seed).leader for seed in range(200)]
    assert min(leaders.count(s) for s in range(4)) >= 25


def test_r6_a_high_double_gives_no_right_to_lead() -> None:
    def highest_double_holder(game: Game) -> int | None:
        doubles = [(t, s) for s, h in enumerate(game.hands) for t in h if t.is_double]
        return max(doubles)[1] if doubles else None

    assert any(highest_double_holder(g) not in (None, g.leader)
               for g in (Game(players=4, seed=s) for s in range(40)))


def test_r7_domino_player_leads_next_hand() -> None:
    # Seat 0 opens [0|1] (total 1, no score, turn ends); seat 1 places its last tile [1|2] on the
    # high end (0 + 2 = 2): domino by seat 1.
    game = Game(hands=[["[0|1]", "[6|6]"], ["[1|2]"]], leader=0, seed=3)
    game.apply(P("[0|1]"))
    event = game.apply(P("[1|2]", "[0|1]", "high"))
    assert event.reason == Reason.DOMINO and game.hand_over
    lots = len(game.lots)
    game.next_hand()
    assert game.hand_number == 2 and game.leader == 1 and game.to_play == 1
    assert len(game.lots) == lots  # no lot after a domino


def test_r7_new_lot_after_a_blocked_hand() -> None:
    game = Game(hands=[["[6|6]", "[0|1]"], ["[1|2]"]], leader=0, seed=3)
    game.apply(P("[6|6]"))  # nobody else holds a 6 and the boneyard is empty: blocked
    assert game.hand_result is not None and game.hand_result.reason == "blocked"
    lots = len(game.lots)
    game.next_hand()
    assert len(game.lots) == lots + 1
    assert game.lots[-1].hand == 2 and game.leader == game.lots[-1].winner == game.to_play


def test_r7_next_hand_only_after_the_hand_ends() -> None:
    game = Game(seed=4)
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=r"R21"):
        game.next_hand()
    assert snapshot(game) == before


# =========================================================================== continuation (R17)
def test_r17_documented_sequence_is_one_turn_of_continuations() -> None:
    """The RULES.md sequence from one hand: [1|4] scores → again; [1|1] double → again; [4|4]
    scoring double → again; [3|4], [1|2], [1|5] score → again; [5|5] double → again; [0|5]
    scores → again; [1|3] scores nothing (8) and is a single → the turn ends (R17)."""
    seq = documented_sequence()
    seat0 = [str(p[0]) for p in seq] + ["[6|6]"]
    game = Game(hands=[seat0, ["[2|6]"]], leader=0)
    stated = {e.tile: e for e in worked_examples("ko")}
    reasons = []
    total_points = 0
    for tile, on, side in seq:
        assert game.to_play == 0
        event = game.apply(Place(tile, on, side))
        reasons.append(event.reason)
        total_points += event.points
        if tile in stated:
            numbers = stated[tile].numbers
            assert (event.total, event.raw, event.points) == (
                numbers["total"], numbers["raw"], numbers["display"])
            assert event.sum_text() == f"{numbers['sum']} = {numbers['total']}"
            assert [v for _, v in event.contributions] == numbers["terms"]
        else:  # [5|5]: 2 + 3 + 10 = 15 (R13)
            assert (tile, event.raw) == (T("[5|5]"), 15)
    assert reasons == [Reason.SCORED, Reason.DOUBLE, Reason.DOUBLE_SCORED, Reason.SCORED,
                       Reason.SCORED, Reason.SCORED, Reason.DOUBLE_SCORED, Reason.SCORED,
                       Reason.SINGLE]
    assert game.to_play == 1 and not game.continuing
    assert game.scores == [total_points, 0] == [1 + 0 + 2 + 1 + 1 + 2 + 3 + 1 + 0, 0]


def test_r17_double_lets_the_same_player_place_again() -> None:
    game = Game(hands=[["[1|1]", "[1|2]", "[6|6]"], ["[0|3]"]], leader=0, boneyard=["[0|0]"])
    event = game.apply(P("[1|1]"))  # total 2: no score, but a double
    assert (event.continues, event.reason, game.to_play, game.continuing) == (
        True, Reason.DOUBLE, 0, True)


def test_r17_scoring_tile_lets_the_same_player_place_again() -> None:
    game = Game(hands=[["[1|4]", "[4|6]", "[6|6]"], ["[0|3]"]], leader=0, boneyard=["[0|0]"])
    event = game.apply(P("[1|4]"))  # 4 + 1 = 5
    assert (event.raw, event.continues, event.reason, game.to_play) == (5, True, Reason.SCORED, 0)


def test_r17_non_scoring_single_ends_the_turn() -> None:
    game = Game(hands=[["[1|2]", "[2|6]"], ["[0|3]"]], leader=0, boneyard=["[0|0]"])
    event = game.apply(P("[1|2]"))  # 1 + 2 = 3
    assert (event.raw, event.continues, event.reason, game.to_play) == (0, False, Reason.SINGLE, 1)


def test_r17_scoring_double_gives_one_more_placement_not_two() -> None:
    # [5|5] opens: 10 → raw 10 and a double: one more placement. [3|5] on straight A: [5|5] 10
    # + 3 = 13 → no score, a single: the turn ends although [2|5] would still fit.
    game = Game(hands=[["[5|5]", "[3|5]", "[2|5]"], ["[6|6]"]], leader=0, boneyard=["[0|1]"])
    first = game.apply(P("[5|5]"))
    assert (first.raw, first.reason, first.continues) == (10, Reason.DOUBLE_SCORED, True)
    second = game.apply(P("[3|5]", "[5|5]", "straight_a"))
    assert (second.total, second.raw, second.continues) == (13, 0, False)
    assert game.to_play == 1 and not game.continuing
    assert T("[2|5]") in game.hands[0]
    assert game.legal_actions() == [Draw()]  # seat 1 holds only [6|6]
    assert game.scores == [2, 0]


def test_r17_continuing_is_obligatory_unable_player_draws() -> None:
    """R17 Reading: after [1|1] (a double) seat 0 must go on; holding only [3|4] it cannot place,
    so it follows R18: draw (no pass while the boneyard has tiles)."""
    game = Game(hands=[["[1|1]", "[3|4]"], ["[1|6]"]], leader=0,
                boneyard=["[2|3]", "[0|1]", "[5|5]"])
    game.apply(P("[1|1]"))
    assert game.continuing and game.to_play == 0
    assert game.legal_actions() == [Draw()]
    refuse(game, Pass(), "R18")
    drawn = game.apply(Draw())
    assert (drawn.tile, drawn.reason, game.to_play) == (T("[2|3]"), Reason.DRAW_AGAIN, 0)
    assert T("[2|3]") in game.hands[0]  # an unplayable drawn tile goes to hand (R18)
    drawn = game.apply(Draw())
    assert (drawn.tile, drawn.reason, game.pending) == (T("[0|1]"), Reason.DRAW_PLAYABLE,
                                                        T("[0|1]"))
    event = game.apply(P("[0|1]", "[1|1]", "straight_b"))  # [1|1] 2 + 0 = 2
    assert (event.raw, event.reason, event.continues, game.to_play) == (0, Reason.DRAWN, False, 1)


def test_r17_r19_pass_in_a_continuation_ends_the_turn() -> None:
    game = Game(hands=[["[1|1]", "[5|6]"], ["[1|2]", "[4|4]"]], leader=0)
    game.apply(P("[1|1]"))  # double: go on; [5|6] does not fit; boneyard empty
    assert game.continuing and game.legal_actions() == [Pass()]
    event = game.apply(Pass())
    assert (event.kind, event.reason, game.to_play, game.continuing) == ("pass", Reason.PASS, 1,
                                                                        False)
    assert not game.hand_over


# =========================================================================== drawing (R16, R18)
def test_r16_draw_refused_when_a_placement_exists() -> None:
    game = Game(seed=8)
    err = refuse(game, Draw(), "R16")
    assert "R16" in err.localized("ko") and "R16" in err.localized("ja")
    game = Game(hands=[["[1|2]", "[6|6]"], ["[2|3]", "[0|0]"]], leader=0, boneyard=["[4|5]"])
    game.apply(P("[1|2]"))
    refuse(game, Draw(), "R16")  # seat 1 can put [2|3] on the high end
    refuse(game, Pass(), "R16")


def test_r18_drawn_tile_must_be_placed_and_ends_the_turn_even_scoring_double() -> None:
    """Seat 1 cannot place; draws [2|4] (unplayable, kept) then [1|1], which fits only [1|3]'s
    low end. [1|1] there: [1|1] 2 + [1|3] high 3 = 5 → raw 5 (1 point), and although it is a
    scoring double the turn ends (R18)."""
    game = Game(hands=[["[1|3]", "[6|6]"], ["[5|6]"]], leader=0,
                boneyard=["[2|4]", "[1|1]", "[0|0]"])
    game.apply(P("[1|3]"))
    assert game.legal_actions() == [Draw()]
    first = game.apply(Draw())
    assert (first.tile, first.reason, game.pending, game.to_play) == (
        T("[2|4]"), Reason.DRAW_AGAIN, None, 1)
    second = game.apply(Draw())
    assert (second.tile, second.reason, game.pending) == (T("[1|1]"), Reason.DRAW_PLAYABLE,
                                                          T("[1|1]"))
    assert game.boneyard == [T("[0|0]")]
    assert game.legal_actions() == [P("[1|1]", "[1|3]", "low")]
    refuse(game, Draw(), "R18")  # stop at the first playable tile
    refuse(game, Pass(), "R18")
    refuse(game, P("[2|4]", "[1|3]", "low"), "R18")  # no substitution, even of a drawn tile
    refuse(game, P("[5|6]", "[1|3]", "high"), "R18")
    event = game.apply(P("[1|1]", "[1|3]", "low"))
    assert (event.total, event.raw, event.points) == (5, 5, 1)
    assert (event.continues, event.reason, game.to_play) == (False, Reason.DRAWN, 0)
    assert game.scores == [0, 1]
    assert sorted(game.hands[1]) == [T("[2|4]"), T("[5|6]")]


def test_r18_player_chooses_where_to_place_the_drawn_tile() -> None:
    game = Game(hands=[["[1|1]", "[3|4]"], ["[1|6]"]], leader=0, boneyard=["[0|1]", "[5|5]"])
    game.apply(P("[1|1]"))
    game.apply(Draw())
    assert game.pending == T("[0|1]")
    assert game.legal_actions() == [P("[0|1]", "[1|1]", "straight_a"),
                                    P("[0|1]", "[1|1]", "straight_b")]
    game.apply(P("[0|1]", "[1|1]", "straight_a"))
    assert game.layout.child("[1|1]", "straight_a") is T("[0|1]")


# ======================================================================= passing, blocking (R19)
def test_r19_pass_only_with_no_placement_and_empty_boneyard() -> None:
    game = Game(hands=[["[1|3]", "[3|5]", "[2|6]"], ["[6|6]", "[0|6]"]], leader=0)
    refuse(game, Pass(), "R16")
    game.apply(P("[1|3]"))  # 1 + 3 = 4
    assert game.to_play == 1 and game.legal_actions() == [Pass()]
    refuse(game, Draw(), "R19")
    event = game.apply(Pass())
    assert (event.reason, game.to_play, game.hand_over) == (Reason.PASS, 0, False)


def test_r19_pass_refused_while_the_boneyard_has_tiles() -> None:
    game = Game(hands=[["[1|3]", "[6|6]"], ["[5|6]"]], leader=0, boneyard=["[2|4]"])
    game.apply(P("[1|3]"))
    refuse(game, Pass(), "R18")


def test_r19_blocked_the_moment_nobody_can_place_after_a_draw_no_pass_asked() -> None:
    """[6|6] opens (12, double: go on). Seat 0 holds [0|1]: draws [2|3], unplayable; the boneyard
    is now empty and no hand holds a 6: blocked at once (R19). Seat 0 keeps 1 + 5 = 6, seat 1
    keeps 3: seat 1 wins (R22) and scores 6 → 5 → 1 (R23)."""
    game = Game(hands=[["[6|6]", "[0|1]"], ["[1|2]"]], leader=0, boneyard=["[2|3]"])
    game.apply(P("[6|6]"))
    assert not game.hand_over
    event = game.apply(Draw())
    assert event.hand_over and event.reason == Reason.BLOCKED
    assert game.hand_over and game.legal_actions() == []
    result = game.hand_result
    assert result is not None and event.result == result
    assert (result.reason, result.winners, result.pips, result.gains) == (
        "blocked", (1,), (6, 3), {1: 1})
    assert game.scores == [0, 1]
    refuse(game, Pass(), "R20")
    assert not any(e.kind == "pass" for e in game.history)


def test_r19_r20_blocked_right_after_a_placement_ends_the_continuation() -> None:
    game = Game(hands=[["[6|6]", "[0|1]"], ["[1|2]"]], leader=0)
    event = game.apply(P("[6|6]"))
    assert event.hand_over and event.reason == Reason.BLOCKED and not event.continues
    refuse(game, P("[0|1]", "[6|6]", "straight_b"), "R20")


def test_r20_a_domino_with_a_double_ends_the_hand_not_the_turn_only() -> None:
    """[2|2] is seat 0's last tile: a double would let it go on (R17), but the hand is over and
    nothing more is placed (R20, R21)."""
    game = Game(hands=[["[2|2]"], ["[2|5]", "[1|1]"]], leader=0, boneyard=["[0|0]"])
    event = game.apply(P("[2|2]"))
    assert (event.reason, event.continues, event.hand_over) == (Reason.DOMINO, False, True)
    assert game.legal_actions() == [] and not game.continuing
    assert game.scores == [bonus(7 + 2), 0]  # seat 1 keeps 7 + 2 = 9 → 10 → 2
    refuse(game, P("[2|5]", "[2|2]", "straight_a"), "R20")
    refuse(game, Draw(), "R20")


def test_r5_r18_every_boneyard_tile_may_be_drawn() -> None:
    """[6|6] opens (12, a double: go on). Seat 0 holds only [0|0]: it draws [0|1], [2|3], [1|2]
    (none fits) and then the very last boneyard tile [0|6], which it must place."""
    game = Game(hands=[["[6|6]", "[0|0]"], ["[1|1]"]], leader=0,
                boneyard=["[0|1]", "[2|3]", "[1|2]", "[0|6]"])
    game.apply(P("[6|6]"))
    reasons = [game.apply(Draw()).reason for _ in range(4)]
    assert reasons == [Reason.DRAW_AGAIN] * 3 + [Reason.DRAW_PLAYABLE]
    assert game.boneyard == [] and game.pending == T("[0|6]")
    event = game.apply(P("[0|6]", "[6|6]", "straight_a"))  # 12 + 0 = 12: no score
    assert (event.raw, event.reason, game.to_play, game.hand_over) == (0, Reason.DRAWN, 1, False)
    assert game.hands[0] == [T("[0|0]"), T("[0|1]"), T("[1|2]"), T("[2|3]")]


# =========================================================================== settlement (R21–R25)
def test_r23_settlement_functions_round_to_the_nearest_five() -> None:
    """Remainder 1 or 2 rounds down, 3 or 4 rounds up (R23)."""
    for pips in range(0, 60):
        rem = pips % 5
        expected = pips - rem if rem in (0, 1, 2) else pips + 5 - rem
        assert round_pips(pips) == expected and bonus(pips) == expected // 5
    assert (round_pips(17), bonus(17)) == (15, 3)
    assert (round_pips(18), bonus(18)) == (20, 4)
    assert (round_pips(22), bonus(22)) == (20, 4)
    assert (round_pips(12), bonus(12)) == (10, 2)


def test_r23_settle_17_gives_3() -> None:
    result = settle([0, 17], partners=False, domino=0)
    assert (result.reason, result.winners, result.gains) == ("domino", (0,), {0: 3})
    assert result.bonuses == (Bonus(0, 17, 15, 3, (1,)),)


def test_r23_settle_partner_excluded_7_vs_9_plus_8_gives_3() -> None:
    result = settle([0, 9, 7, 8], partners=True, domino=0)
    assert result.winners == (0,) and result.gains == {0: 3}
    assert result.bonuses == (Bonus(0, 17, 15, 3, (1, 3)),)


def test_r22_r23_settle_blocked_teams_18_against_11_gives_4() -> None:
    result = settle([1, 5, 17, 6], partners=True, domino=None)
    assert (result.reason, result.winners, result.gains) == ("blocked", (1,), {1: 4})
    assert result.side_pips() == (18, 11)


def test_r24_settle_individual_tie_4_4_4_14_each_get_4() -> None:
    result = settle([4, 4, 4, 14], partners=False, domino=None)
    assert result.winners == (0, 1, 2) and result.gains == {0: 4, 1: 4, 2: 4}
    for b in result.bonuses:  # from all other players, co-winners included, nothing split
        assert (b.pips, b.rounded, b.points) == (22, 20, 4)
        assert set(b.from_seats) == {0, 1, 2, 3} - {b.winner}


def test_r24_settle_teams_tied_at_12_get_2_each_once_per_team() -> None:
    result = settle([3, 6, 9, 6], partners=True, domino=None)
    assert result.winners == (0, 1) and result.gains == {0: 2, 1: 2}
    assert len(result.bonuses) == 2


def test_r23_winner_own_pips_not_subtracted_and_losers_gain_nothing() -> None:
    result = settle([10, 17, 30], partners=False, domino=None)
    assert result.gains == {0: bonus(47)}  # 47 → 45 → 9, not 47 - 10
    assert result.gains[0] == 9


def test_r21_r23_domino_17_gives_3_in_a_game() -> None:
    # Seat 0 opens its last tile [0|1] (total 1, no score): domino. Seat 1 keeps 12 + 5 = 17.
    game = Game(hands=[["[0|1]"], ["[6|6]", "[2|3]"]], leader=0)
    event = game.apply(P("[0|1]"))
    assert event.reason == Reason.DOMINO and event.hand_over and not event.continues
    assert game.hand_result is not None
    assert game.hand_result.bonuses == (Bonus(0, 17, 15, 3, (1,)),)
    assert game.scores == [3, 0]


def test_r15_r21_last_tile_scores_before_settlement() -> None:
    # [2|3] opens and empties seat 0's hand: 5 → 1 point, then 12 + 5 = 17 → 3 points.
    game = Game(hands=[["[2|3]"], ["[6|6]", "[1|4]"]], leader=0)
    event = game.apply(P("[2|3]"))
    assert event.points == 1 and event.reason == Reason.DOMINO
    assert game.scores == [4, 0]


@pytest.mark.parametrize("leader", [0, 1, 2, 3])
def test_r21_r23_partnership_domino_partner_7_opponents_9_and_8_gives_3(leader: int) -> None:
    hands: list[list[str]] = [[], [], [], []]
    hands[leader] = ["[0|1]"]  # opens and goes out: total 1, no score
    hands[(leader + 2) % 4] = ["[3|4]"]  # partner: 7, excluded
    hands[(leader + 1) % 4] = ["[4|5]"]  # opponents: 9 + 8 = 17 → 15 → 3
    hands[(leader + 3) % 4] = ["[2|6]"]
    game = Game(players=4, partners=True, hands=hands, leader=leader)
    game.apply(P("[0|1]"))
    expected = [0, 0]
    expected[leader % 2] = 3
    assert game.scores == expected
    assert game.hand_result is not None and game.hand_result.winners == (leader % 2,)


def test_r22_r23_blocked_partnership_18_against_11_team_two_gets_4() -> None:
    """Team 0 keeps 1 + 17 = 18 (seat 0 holds the lightest single hand), team 1 keeps 5 + 6 =
    11: combined totals are compared, team 1 wins 18 → 20 → 4 (R22, R23)."""
    game = Game(players=4, partners=True, leader=0,
                hands=[["[6|6]", "[0|1]"], ["[0|5]"], ["[5|5]", "[3|4]"], ["[1|5]"]])
    event = game.apply(P("[6|6]"))  # nobody else holds a 6: blocked
    assert event.reason == Reason.BLOCKED
    result = game.hand_result
    assert result is not None and result.pips == (1, 5, 17, 6)
    assert result.winners == (1,) and result.gains == {1: 4}
    assert game.scores == [0, 4]


def test_r24_blocked_individual_4_4_4_14_three_players_get_4() -> None:
    game = Game(players=4, leader=0,
                hands=[["[6|6]", "[0|4]"], ["[1|3]"], ["[2|2]"], ["[4|5]", "[2|3]"]])
    game.apply(P("[6|6]"))
    result = game.hand_result
    assert result is not None and result.pips == (4, 4, 4, 14)
    assert game.scores == [4, 4, 4, 0]


def test_r24_r25_blocked_teams_tied_at_12_get_2_each() -> None:
    game = Game(players=4, partners=True, leader=0,
                hands=[["[6|6]", "[1|2]"], ["[2|4]"], ["[4|5]"], ["[1|5]"]])
    game.apply(P("[6|6]"))
    result = game.hand_result
    assert result is not None and result.side_pips() == (12, 12)
    assert game.scores == [2, 2]


# =========================================================================== winning (R26–R28)
def test_r26_placement_reaching_61_wins_at_once_mid_continuation() -> None:
    """60 + 2 = 62: [5|5] opens for raw 10 (2 points). A double would let seat 0 go on (R17), but
    the game is over before anything else (R26, R20)."""
    game = Game(hands=[["[5|5]", "[5|6]"], ["[6|6]"]], leader=0, scores=[60, 0],
                boneyard=["[0|0]"])
    event = game.apply(P("[5|5]"))
    assert game.scores == [62, 0] and game.winners == [0] and game.game_over
    assert event.game_over and event.reason == Reason.GAME_WON and not event.continues
    assert event.winners == (0,)
    assert game.legal_actions() == [] and game.hand_result is None
    refuse(game, P("[5|6]", "[5|5]", "straight_a"), "R26")
    with pytest.raises(IllegalMove, match="R26"):
        game.next_hand()


def test_r26_win_on_a_later_placement_of_a_continuation() -> None:
    # 59: [1|4] opens for 5 (60, go on); [1|6] on the low end: 6 + 4 = 10 → 62.
    game = Game(hands=[["[1|4]", "[1|6]", "[6|6]"], ["[3|3]"]], leader=0, scores=[59, 0],
                boneyard=["[0|0]"])
    game.apply(P("[1|4]"))
    assert game.scores == [60, 0] and not game.game_over and game.continuing
    game.apply(P("[1|6]", "[1|4]", "low"))
    assert game.scores == [62, 0] and game.winners == [0]


def test_r26_r21_winning_with_the_last_tile_skips_the_settlement() -> None:
    game = Game(hands=[["[5|5]"], ["[6|6]", "[2|3]"]], leader=0, scores=[60, 0])
    event = game.apply(P("[5|5]"))
    assert game.winners == [0] and event.reason == Reason.GAME_WON
    assert game.hand_result is None and event.result is None
    assert game.scores == [62, 0]  # not 62 + 3 for the 17 left in seat 1's hand


def test_r26_partnership_wins_when_a_partner_reaches_61() -> None:
    game = Game(players=4, partners=True, leader=2, scores=[59, 0],
                hands=[["[6|6]"], ["[3|3]"], ["[5|5]", "[0|1]"], ["[4|4]"]], boneyard=["[0|0]"])
    game.apply(P("[5|5]"))
    assert game.scores == [61, 0] and game.winners == [0]


def test_r26_settlement_bonus_reaching_61_ends_the_game() -> None:
    game = Game(hands=[["[0|1]"], ["[6|6]", "[2|3]"]], leader=0, scores=[58, 40])
    game.apply(P("[0|1]"))
    assert game.scores == [61, 40] and game.winners == [0]
    with pytest.raises(IllegalMove, match="R26"):
        game.next_hand()


def test_r27_teams_at_59_gaining_2_in_a_tied_blocked_hand_win_together() -> None:
    game = Game(players=4, partners=True, leader=0, scores=[59, 59],
                hands=[["[6|6]", "[1|2]"], ["[2|4]"], ["[4|5]"], ["[1|5]"]])
    game.apply(P("[6|6]"))
    assert game.scores == [61, 61]
    assert sorted(game.winners or []) == [0, 1] and game.game_over


def test_r25_r27_r28_co_winners_whatever_their_final_scores() -> None:
    # 4, 4, 4, 14: seats 0, 1, 2 gain 4 each (R24): 57 → 61, 58 → 62, 50 → 54 (R27).
    game = Game(players=4, leader=0, scores=[57, 58, 50, 60],
                hands=[["[6|6]", "[0|4]"], ["[1|3]"], ["[2|2]"], ["[4|5]", "[2|3]"]])
    game.apply(P("[6|6]"))
    assert game.scores == [61, 62, 54, 60]
    assert sorted(game.winners or []) == [0, 1]  # a winner or co-winners; no margin (R28)
    refuse(game, P("[0|4]"), "R26")


# =========================================================================== refusals (R1–R26)
def _midgame() -> Game:
    game = Game(hands=[["[1|4]", "[1|1]", "[4|4]", "[2|6]"], ["[3|4]", "[5|6]"]], leader=0,
                boneyard=["[0|0]", "[0|2]"])
    game.apply(P("[1|4]"))
    game.apply(P("[1|1]", "[1|4]", "low"))
    return game  # seat 0 continues after the double; [4|4] fits [1|4] high


@pytest.mark.parametrize("action, rule", [
    (P("[4|4]", "[1|1]", "branch_a"), "R11"),
    (P("[2|6]", "[1|1]", "straight_b"), "R9"),
    (P("[3|4]", "[1|4]", "high"), "R5"),  # seat 1's tile
    (P("[0|0]", "[1|1]", "straight_b"), "R5"),  # in the boneyard
    (P("[1|4]", "[1|1]", "straight_b"), "R1"),  # already down
    (P("[4|4]", "[1|4]", "straight_a"), "R12"),
    (P("[4|4]"), "R9"),
    (Draw(), "R16"),
    (Pass(), "R16"),
])
def test_every_illegal_move_names_its_rule_and_changes_nothing(action: object, rule: str) -> None:
    game = _midgame()
    err = refuse(game, action, rule)
    for lang in ("ko", "ja"):
        assert rule in err.localized(lang)
    game.apply(P("[4|4]", "[1|4]", "high"))  # the game goes on normally afterwards


def test_refusals_change_nothing_in_a_dealt_game_of_each_mode() -> None:
    for players, partners in ((2, False), (3, False), (4, False), (4, True)):
        game = Game(players=players, partners=partners, seed=21)
        rng = random.Random(21)
        for _ in range(25):
            if game.hand_over:
                break
            for bad in (Pass(), Draw(), Place(rng.choice(FULL_SET))):
                if bad not in game.legal_actions():
                    before = snapshot(game)
                    with pytest.raises(IllegalMove, match=r"\(R\d+"):
                        game.apply(bad)
                    assert snapshot(game) == before
            game.apply(rng.choice(game.legal_actions()))


def test_not_an_action_is_refused() -> None:
    game = Game(seed=3)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply("draw")  # type: ignore[arg-type]
    assert snapshot(game) == before


# =========================================================================== view (hidden info)
def test_view_shows_only_what_the_seat_may_know() -> None:
    game = Game(hands=[["[1|3]", "[6|6]"], ["[5|6]"]], leader=0,
                boneyard=["[2|4]", "[1|1]", "[0|0]"])
    game.apply(P("[1|3]"))
    game.apply(Draw())  # seat 1 draws [2|4]
    game.apply(Draw())  # seat 1 draws [1|1]: pending
    mine, other = game.view(1), game.view(0)
    assert mine.hand == tuple(game.hands[1]) and other.hand == tuple(game.hands[0])
    assert mine.pending == T("[1|1]") and other.pending is None
    assert mine.legal_actions == (P("[1|1]", "[1|3]", "low"),) and other.legal_actions == ()
    assert [e.tile for e in mine.history if e.kind == "draw"] == [T("[2|4]"), T("[1|1]")]
    assert [e.tile for e in other.history if e.kind == "draw"] == [None, None]
    assert other.hand_sizes == mine.hand_sizes == (1, 3)
    assert other.boneyard_size == 1 and other.to_play == 1
    # no tile hidden from seat 0 (seat 1's hand, the boneyard) is reachable through its view
    visible = set(other.hand) | set(other.layout.tiles) | {e.tile for e in other.history}
    visible |= {a.tile for a in other.legal_actions if isinstance(a, Place)}
    hidden = set(game.hands[1]) | set(game.boneyard)
    assert not visible & hidden
    # the view's layout is a copy
    other.layout.place("[3|5]", "[1|3]", "high")
    assert T("[3|5]") not in game.layout


def test_view_refuses_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError):
        Game(seed=1).view(2)


# =========================================================================== determinism
def _play(game: Game, policy_seed: int, steps: int) -> None:
    rng = random.Random(policy_seed)
    for _ in range(steps):
        if game.game_over:
            return
        if game.hand_over:
            game.next_hand()
            continue
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("players, partners", [(2, False), (3, False), (4, True)])
def test_same_seed_same_deal_lot_and_game(players: int, partners: bool) -> None:
    a = Game(players=players, partners=partners, seed=77)
    b = Game(players=players, partners=partners, seed=77)
    assert (a.hands, a.boneyard, a.leader) == (b.hands, b.boneyard, b.leader)
    _play(a, 5, 400)
    _play(b, 5, 400)
    assert a.record() == b.record()
    assert [e.tile for e in a.history] == [e.tile for e in b.history]
    assert a.scores == b.scores and [lot.winner for lot in a.lots] == [lot.winner for lot in
                                                                       b.lots]


def test_different_seeds_deal_differently() -> None:
    deals = {tuple(map(tuple, Game(seed=s).hands)) for s in range(10)}
    assert len(deals) == 10


def test_a_whole_game_reaches_the_target_and_every_hand_ends() -> None:
    game = Game(players=3, seed=12)
    rng = random.Random(12)
    hands = 0
    while not game.game_over:
        actions = 0
        while not game.hand_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
            assert actions <= 28 + 14 + 4 * 29  # placements + draws + passes bound
        hands += 1
        assert hands < 100
        if not game.game_over:
            game.next_hand()
    assert max(game.scores) >= 61
    assert game.winners == [s for s, v in enumerate(game.scores) if v >= 61]


# ---------------------------------------------------------------------- positions (look-ahead)
def test_from_position_starts_mid_hand_and_saves_and_loads() -> None:
    """A position (layout, hands, boneyard, seat to act) plays on by the rules and its record
    replays (R9, R16–R18)."""
    from horserace_nb.teaching.examples import EXAMPLES

    layout = EXAMPLES["sequence"].layouts()[3]  # [1|4] [1|1] [4|4] [3|4]
    game = Game.from_position(layout, [["[1|2]", "[5|6]"], ["[0|0]", "[2|6]"]], ["[0|3]"], 1,
                              scores=[3, 0])
    assert game.layout.tiles == layout.tiles and game.to_play == 1
    assert game.legal_actions() == [Draw()]  # 1, 3, 4 are open: seat 1 must draw (R18)
    event = game.apply(Draw())
    assert event.tile == Tile(0, 3) and game.pending == Tile(0, 3)
    again = Game.from_json(game.to_json())
    assert again.record() == game.record()


def test_from_position_refuses_impossible_positions() -> None:
    from horserace_nb.teaching.examples import EXAMPLES

    layout = EXAMPLES["sequence"].layouts()[2]
    with pytest.raises(ValueError, match="R1"):
        Game.from_position(layout, [["[1|4]"], ["[0|0]"]], [], 0)
    with pytest.raises(ValueError, match="R18"):
        Game.from_position(layout, [["[2|5]"], ["[0|0]"]], [], 0, pending="[2|5]")


def test_view_tells_whether_the_seat_to_act_goes_on() -> None:
    """R17: after a double from hand the same seat continues, and its view says so."""
    game = Game(hands=[["[1|4]", "[1|1]", "[1|2]"], ["[4|6]"]], leader=0)
    game.apply(Place("[1|4]"))
    assert game.view(0).continuing
    game.apply(Place("[1|2]", on="[1|4]", side="low"))  # 2 + 4 = 6: the turn ends
    assert not game.view(1).continuing


def test_a_last_tile_that_reaches_the_target_ends_the_game_unsettled() -> None:
    """R21's exception, R26: the game ends on the placement; no settlement follows."""
    from horserace_nb.teaching.examples import EXAMPLES

    game = EXAMPLES["last_tile_game"].play()
    assert game.game_over and game.winners == [0] and game.scores == [61, 0]
    assert game.hand_result is None and game.history[-1].reason == "game_won"
    assert not game.hands[0] and game.hands[1]  # the opponent's pips gave no bonus
