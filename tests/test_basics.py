"""The exercise kinds written for the rules the first drills did not practise (issue 19 item 2,
now in the topic modules of :mod:`horserace_nb.teaching.exercises`): every rule that
had no exercise (R1-R8, R12, R16, R24, R25, R28) gets items whose answer depends on it, computed
by the core, and whose feedback names it, for every wrong choice, in en/ko/ja."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from typing import Any

import pytest

from horserace_nb.core.actions import Draw, Pass, Place
from horserace_nb.core.layout import Layout
from horserace_nb.core.tiles import FULL_SET, Side, Tile
from horserace_nb.teaching import exercises
from horserace_nb.teaching.exercises import (
    KINDS,
    Deal,
    Display,
    Exercise,
    Joins,
    Leader,
    Lot,
    MustPlace,
    Notation,
    OneSettlement,
    Opening,
    Recorded,
    Result,
    Seats,
    SettlementAnswer,
    Ties,
    make_exercise,
)
from horserace_nb.teaching.exercises.base import BasicExercise
from horserace_nb.words.i18n import MESSAGES

LANGS = ("en", "ko", "ja")
SEEDS = range(1, 5)
RULE = re.compile(r"\bR\d+\b")
BASICS: tuple[type[Exercise[Any]], ...] = (
    Notation, Seats, Display, Recorded, Deal, Lot, Leader, Opening, Joins, MustPlace, Ties,
    OneSettlement, Result)
CASES = [(cls.kind, case) for cls in BASICS for case in cls.cases]
OPTION_LIKE = ("option", "seat", "point")


def wrong_choices(ex: Exercise[Any]) -> list[Any]:
    """Every wrong answer of a choice form; for the other forms a few of the right shape."""
    right = ex.answer
    if ex.answer_form in OPTION_LIKE:
        return [c for c in ex.choices() if c != right]
    if ex.answer_form == "number":
        return [v for v in {right + 1, right - 1, right * 5, right // 5, 0} if v != right]
    if ex.answer_form == "sides":
        sides = ex.choices()
        return [frozenset(c) for n in range(len(sides) + 1)
                for c in itertools.combinations(sides, n) if frozenset(c) != right]
    assert isinstance(right, SettlementAnswer)
    others = frozenset(s for s in ex.choices() if s not in right.winners)
    out = [SettlementAnswer(frozenset({min(right.winners)}), right.pips, right.rounded,
                            right.points),
           SettlementAnswer(right.winners | others, right.pips, right.rounded, right.points),
           SettlementAnswer(right.winners, right.pips + 1, right.rounded, right.points),
           SettlementAnswer(right.winners, right.pips, right.rounded + 5, right.points),
           SettlementAnswer(right.winners, right.pips, right.rounded, right.points + 1)]
    return [answer for answer in out if answer != right]


# ------------------------------------------------------------------------------- every kind

def test_every_kind_is_registered_with_designed_cases() -> None:
    assert [cls.kind for cls in BASICS] == [
        "notation", "seats", "display", "recorded", "deal", "lot", "leader", "opening",
        "joins", "must_place", "ties", "one_settlement", "result"]
    for cls in BASICS:
        assert KINDS[cls.kind] is cls
        assert cls.cases and all(1 <= len(rules) <= 3 for rules in cls.cases.values())
        assert set(exercises.__all__) >= {cls.__name__ for cls in BASICS}
    # the kinds are there for whoever imports only the exercises module
    code = ("import horserace_nb.teaching.exercises as e; "
            "print(all(k in e.KINDS for k in ('deal', 'must_place', 'result')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr


@pytest.mark.parametrize(("kind", "case"), CASES)
def test_every_case_right_and_wrong_names_its_rule_in_every_language(kind: str,
                                                                     case: str) -> None:
    for seed in SEEDS:
        ex = make_exercise(kind, seed, case)
        assert ex.case == case and ex.item_rules == KINDS[kind].cases[case]
        for lang in LANGS:
            question = ex.question(lang)
            assert question and "{" not in question
            fb = ex.verdict(ex.answer, lang)
            assert fb.ok, (kind, case, seed, lang, fb.message)
            assert set(fb.rules) == set(RULE.findall(fb.message)) and fb.rules
            assert set(fb.rules) & set(ex.item_rules), (kind, case, fb.rules)
            assert RULE.search(ex.answer_text(lang))
            for wrong in wrong_choices(ex):
                bad = ex.verdict(wrong, lang)
                assert not bad.ok, (kind, case, seed, wrong)
                assert bad.rules and set(bad.rules) == set(RULE.findall(bad.message))
                assert "{" not in bad.message
        assert ex.attempts == 0  # verdict counts nothing


@pytest.mark.parametrize("cls", BASICS, ids=lambda c: c.kind)
def test_each_misconception_has_its_own_sentence(cls: type[Exercise[Any]]) -> None:
    """Wrong choices that rest on different mistakes are answered differently: across a few
    positions a kind has at least two different wrong-answer sentences."""
    sentences = set()
    for case, seed in itertools.product(cls.cases, SEEDS):
        ex = make_exercise(cls.kind, seed, case)
        sentences |= {ex.verdict(w, "en").message for w in wrong_choices(ex)}
    assert len(sentences) >= 3, sentences


@pytest.mark.parametrize("cls", BASICS, ids=lambda c: c.kind)
def test_same_seed_and_case_same_exercise(cls: type[Exercise[Any]]) -> None:
    for case in cls.cases:
        a, b = make_exercise(cls.kind, 7, case), make_exercise(cls.kind, 7, case)
        for lang in LANGS:
            assert a.question(lang) == b.question(lang)
            assert a.answer_text(lang) == b.answer_text(lang)
        assert repr(a.answer) == repr(b.answer) and a.layout.placements() == b.layout.placements()
        assert a.choices() == b.choices()
    faces = {make_exercise(cls.kind, seed).question("en") for seed in range(1, 13)}
    assert len(faces) >= 6


@pytest.mark.parametrize("cls", BASICS, ids=lambda c: c.kind)
def test_bad_answers_are_refused_clearly_and_change_nothing(cls: type[Exercise[Any]]) -> None:
    ex = make_exercise(cls.kind, 3, next(iter(cls.cases)))
    bad: list[object] = ["x" * 10_000, 2.5, object(), [1, 2, 3], -1, 99]
    if ex.answer_form in ("number", "settlement"):  # a settlement also takes the points
        bad = ["x" * 10_000, 2.5, object(), [1, 2], True]
    refused = 0
    for answer in bad:
        try:
            ex.check(answer, "en")
        except ValueError as exc:
            refused += 1
            assert len(str(exc)) < 300 and ("answer" in str(exc) or "side" in str(exc)
                                            or "choice" in str(exc) or "point" in str(exc))
        assert ex.attempts == 0 and not ex.solved and ex.hints_used == 0
    assert refused >= len(bad) - 1
    with pytest.raises(ValueError, match="case"):
        make_exercise(cls.kind, 1, "no_such_case")


@pytest.mark.parametrize("cls", BASICS, ids=lambda c: c.kind)
def test_hint_ladders_remind_of_the_rule_then_point_and_cost_stars(
        cls: type[Exercise[Any]]) -> None:
    for case in cls.cases:
        ex = make_exercise(cls.kind, 2, case)
        for lang in LANGS:
            steps = ex.hint_steps(lang)
            assert len(steps) >= 2
            assert steps[0].rules and set(steps[0].rules) & set(cls.rules + ex.item_rules)
            assert len({s.message for s in steps}) == len(steps)
            assert all("{" not in s.message and ex.answer_text(lang) not in s.message
                       for s in steps)
        first = ex.hint("ko")
        assert first is not None and first.message == ex.hint_steps("ko")[0].message
        assert ex.hint("ko") is not None and ex.hints_used == 2
        ex.check(ex.answer)
        assert ex.solved and ex.stars == 1


def test_every_basics_message_is_written_in_korean_and_japanese() -> None:
    keys = [k for k in MESSAGES if k.startswith("basics.")]
    assert len(keys) > 150
    for key in keys:
        ko, ja = MESSAGES[key]["ko"], MESSAGES[key]["ja"]
        if len(re.sub(r"\{[^}]*\}", "", ko)) > 4:  # a sentence, not a format like "{a}: {b}"
            assert re.search(r"[가-힣]", ko), key
            assert re.search(r"[ぁ-んァ-ン一-龥]", ja), key
    # every kind whose first hint is its rule's reminder (BasicExercise) has one, and only they
    rules = {k.split(".")[1] for k in keys if k.endswith(".hint_rule")}
    assert rules == {kind for kind, cls in KINDS.items() if issubclass(cls, BasicExercise)}
    assert rules >= {cls.kind for cls in BASICS}


# ------------------------------------------------------------------------------- R1-R8

def test_notation_writes_low_first_and_counts_the_set() -> None:
    written = Notation(4, "written")
    tile = written.shown
    assert written.answer == f"[{tile.low}|{tile.high}]" == str(tile)
    fb = written.check(f"[{tile.high}|{tile.low}]", "en")
    assert not fb.ok and fb.rules == ("R1",) and "lower number first" in fb.message
    assert "R1" in written.verdict("either", "ja").rules
    count = Notation(2, "count")
    assert count.answer == str(sum(t.has(count.number) for t in FULL_SET)) == "7"
    assert "once" in count.verdict("8", "en").message
    assert "too" in count.verdict("6", "en").message
    whole_set = Notation(1, "set")
    assert whole_set.answer == "28"
    assert "doubles" in whole_set.verdict("21", "en").message
    assert "same tile" in whole_set.verdict("49", "en").message


def test_seats_partners_sit_opposite_and_alone_nobody_shares() -> None:
    for seed in SEEDS:
        ex = Seats(seed, "partners")
        seat = ex.event.seat
        assert ex.game.partners and ex.answer == (seat + 2) % 4
        assert ex.game.side_of(ex.answer) == ex.game.side_of(seat)
        beside = (seat + 1) % 4
        assert "opposite" in ex.verdict(beside, "en").message
        assert "share one score" in ex.verdict(None, "en").message
        alone = Seats(seed, "individual")
        assert alone.answer is None and not alone.game.partners
        fb = alone.verdict((alone.event.seat + 1) % alone.players, "ko")
        assert not fb.ok and fb.rules == ("R2",) and "개인전" in fb.message


def test_display_points_are_raw_divided_by_5_and_61_is_305() -> None:
    for seed in SEEDS:
        ex = Display(seed, "to_display")
        assert ex.raw == ex.layout.score() > 0 and ex.answer * 5 == ex.raw
        assert "raw score" in ex.verdict(ex.raw, "en").message
    target = next(e for e in (Display(s, "to_raw") for s in range(1, 60)) if e.points == 61)
    assert target.answer == 305 and "305" in target.answer_text("en")
    fb = target.check(61, "en")
    assert not fb.ok and fb.rules == ("R3",) and "display score" in fb.message


def test_recorded_score_shows_at_once_after_every_placement() -> None:
    for seed in SEEDS:
        ex = Recorded(seed, "at_once")
        event = ex.events[-1]
        assert ex.answer == ex.before + event.display and event.display > 0
        fb = ex.verdict(ex.before, "en")
        assert fb.rules == ("R4",) and "the moment it is made" in fb.message
        two = Recorded(seed, "in_turn")
        first, second = two.events
        assert first.continues and first.seat == second.seat and first.raw and second.raw
        assert two.answer == two.before + first.display + second.display
        assert {"R4", "R17"} <= set(two.verdict(two.before + second.display, "en").rules)


def test_deal_sizes_and_boneyard_follow_r5() -> None:
    table = {"two": (2, 7, 14), "three": (3, 6, 10), "four": (4, 5, 8)}
    for case, (players, size, boneyard) in table.items():
        for seed in range(1, 9):
            ex = Deal(seed, case)
            assert ex.players == players
            assert ex.answer == (size if ex.ask == "hand" else boneyard)
            wrong = ex.verdict(7 if size != 7 else 6, "en")
            assert not wrong.ok and "R5" in wrong.rules
    for seed in SEEDS:
        later = Deal(seed, "during")
        assert later.placed + later.draws > 0
        start = later.size if later.ask == "hand" else later.start
        fb = later.verdict(start, "en")
        assert not fb.ok and "R5" in fb.rules


def test_lot_the_last_round_decides_and_a_high_double_gives_no_right() -> None:
    for case in Lot.cases:
        for seed in SEEDS:
            ex = Lot(seed, case)
            assert ex.answer == ex.game.lots[0].winner == ex.game.leader
            assert ex.holder != ex.answer
            assert (len(ex.lot.rounds) >= 2) == (case == "reroll")
            fb = ex.verdict(ex.holder, "en")
            assert fb.rules == ("R6",) and "no right to lead" in fb.message
    rerolls = [(ex, s) for ex in (Lot(seed, "reroll") for seed in range(1, 20))
               for s in ex.lot.rounds[-1] if s not in (ex.answer, ex.holder)]
    assert rerolls
    for ex, seat in rerolls:
        assert "rolled again" in ex.verdict(seat, "en").message


def test_leader_last_tile_leads_and_a_blocked_hand_draws_a_new_lot() -> None:
    for seed in SEEDS:
        out = Leader(seed, "domino")
        assert out.result.reason == "domino" and out.answer == out.event.seat
        assert "R7" in out.verdict(None, "en").rules
        blocked = Leader(seed, "blocked")
        assert blocked.result.reason == "blocked" and blocked.answer is None
        fb = blocked.verdict(blocked.event.seat, "ja")
        assert not fb.ok and "R7" in fb.rules and "くじ" in fb.message
        for winner in set(blocked.result.winners) - {blocked.event.seat}:
            assert "R22" in blocked.verdict(winner, "en").rules


def test_opening_any_tile_scores_like_a_placement() -> None:
    for case in Opening.cases:
        for seed in SEEDS:
            ex = Opening(seed, case)
            best = Tile.parse(ex.answer)
            assert best in ex.hand and best.is_double == (case == "double")
            scores = {t: Layout.from_placements([(t, None, None)]).score() for t in ex.hand}
            assert scores[best] > max(v for t, v in scores.items() if t is not best)
            for tile in ex.hand:
                if tile is not best:
                    fb = ex.verdict(str(tile), "en")
                    assert {"R8", "R15"} <= set(fb.rules), fb.message


# ------------------------------------------------------------------------------- R12

def test_joins_the_matching_end_joins_and_the_other_becomes_the_new_end() -> None:
    for case in Joins.cases:
        for seed in SEEDS:
            ex = Joins(seed, case)
            assert ex.tile is not None and not ex.tile.is_double
            on, side = ex.answer
            after = ex.layout.copy()
            after.place(ex.tile, on, side)
            free = [n for t, s, n in after.open_points() if t is ex.tile]
            assert free == [ex.free]
            assert ex.free_side is (Side.HIGH if case == "low_joins" else Side.LOW)
            for other in ex.choices():
                if other != ex.answer:
                    fb = ex.verdict(other, "en")
                    assert fb.rules == ("R12",) and other in fb.points
                    assert ex.tile in fb.tiles
            right = ex.verdict(ex.answer, "ko")
            assert right.ok and ex.answer in right.points and "R12" in right.rules


# ------------------------------------------------------------------------------- R16

def test_must_place_draw_and_pass_are_refused_naming_r16() -> None:
    for case in MustPlace.cases:
        for seed in SEEDS:
            ex = MustPlace(seed, case)
            game = ex.game
            assert not game.is_legal(Draw()) and not game.is_legal(Pass())
            assert ex.answer in ex.choices() and {"draw", "pass"} <= set(ex.choices())
            assert any(isinstance(a, Place) and str(a.tile) == ex.answer
                       for a in game.legal_actions())
            assert bool(game.boneyard) == (case != "pass")
            assert game.continuing == (case == "continue")
            for choice in ("draw", "pass"):  # a tile just drawn fits: placed at once (R18)
                fb = ex.check(choice, "en")
                assert not fb.ok and ("R18" if case == "drawn" else "R16") in fb.rules
            if case == "drawn":
                assert ex.check(ex.answer, "ko").ok and ex.stars == 1
                continue
            assert ("R19" in ex.verdict("pass", "en").rules) == (case != "continue")
            assert ("R17" in ex.verdict("draw", "en").rules) == (case == "continue")
            assert ex.check(ex.answer, "ko").ok and ex.stars == 1
    ex = MustPlace(2, "draw")
    assert ex.choice_label("draw", "ja") == "牌を引く"
    assert ex.choice_label(ex.answer, "ko").endswith("놓기")


def test_must_place_is_answered_through_the_widget_as_one_option() -> None:
    from horserace_nb.widgets.exercise import Exercises

    w = Exercises("must_place", seed=5, lang="ko")
    ex = w.exercise
    bad = w.answer("draw")
    rule = "R18" if ex.built == "drawn" else "R16"  # a tile just drawn fits, or one in hand
    assert not bad.ok and rule in bad.rules and rule in w.messages.html.value
    w.try_again()
    assert w.answer(ex.answer).ok and ex.solved


# ------------------------------------------------------------------------------- R24-R28

def test_ties_every_tied_player_receives_a_full_bonus() -> None:
    for case in Ties.cases:
        for seed in SEEDS:
            ex = Ties(seed, case)
            result, right = ex.result, ex.answer
            totals = result.side_pips()
            assert len(right.winners) >= 2 and len({totals[w] for w in right.winners}) == 1
            assert min(totals) == totals[min(right.winners)]
            assert all(len(hand) <= 3 for hand in ex.game.hands)  # small enough to add up
            split = SettlementAnswer(right.winners, right.pips // len(right.winners),
                                     right.rounded, right.points)
            assert "split" in ex.verdict(split, "en").message
            one = SettlementAnswer(frozenset({min(right.winners)}), right.pips, right.rounded,
                                   right.points)
            assert "R24" in ex.verdict(one, "en").rules
            kept = ex.right_part(split)
            assert kept == {"winners": right.winners, "rounded": right.rounded,
                            "points": right.points}
    solo = next(e for e in (Ties(s, "individual") for s in range(1, 40))
                if len(e.game.hands) - len(e.answer.winners) >= 1)
    right = solo.answer
    losers = sum(v for s, v in enumerate(solo.result.side_pips()) if s not in right.winners)
    if losers != right.pips // len(right.winners):
        fb = solo.verdict(SettlementAnswer(right.winners, losers, right.rounded, right.points),
                          "en")
        assert "Co-winners" in fb.message and "R24" in fb.rules


def test_one_settlement_applies_the_bonuses_together() -> None:
    for seed in SEEDS:
        both = OneSettlement(seed, "both_reach")
        assert len(both.answer) >= 2 and both.answer == set(both.result.winners)
        assert all(both.game.scores[s] >= 61 for s in both.answer)
        fb = both.verdict(frozenset({min(both.answer)}), "en")
        assert {"R25", "R27"} <= set(fb.rules)
        one = OneSettlement(seed, "one_reaches")
        (winner,) = one.answer
        short = [s for s in one.result.winners if s != winner]
        fb = one.verdict(frozenset(one.result.winners), "en")
        assert short and "R26" in fb.rules and str(one.game.scores[short[0]]) in fb.message
        assert one.right_part(frozenset(one.result.winners)) == {winner}


def test_result_is_a_winner_or_co_winners_with_no_margin() -> None:
    for seed in SEEDS:
        placed = Result(seed, "placement")
        assert placed.event is not None and placed.game.game_over
        assert placed.answer == f"win:{placed.event.seat}"
        assert placed.before[placed.event.seat] + placed.event.display >= 61
        assert placed.verdict("margin", "en").rules == ("R28",)
        shared = Result(seed, "shared")
        assert shared.answer == "shared" and len(shared.game.winners or []) == 2
        top = max(shared.game.winners or [], key=lambda s: shared.game.scores[s])
        assert shared.verdict(f"win:{top}", "en").rules == ("R27",)
        assert "R28" in shared.verdict("margin", "ko").rules


# ------------------------------------------------------------------------------- lessons

def test_lesson_items_place_every_designed_case_once() -> None:
    from horserace_nb.teaching.course import LESSONS, designed

    kinds = {cls.kind for cls in BASICS}
    items = [item for lesson in LESSONS for item in designed(lesson) if item[0] in kinds]
    assert sorted(items) == sorted(CASES)
    practised = {rule for kind, case in items for rule in KINDS[kind].cases[case]}
    assert {"R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R12", "R16", "R24", "R25",
            "R28"} <= practised
