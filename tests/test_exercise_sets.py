"""Designed exercise sets (issue 19 items 1 and 5): every kind's cases draw a position that
really is that case, a lesson's set takes one item per case and cycles through them past the
end, every kind has a hint ladder that costs stars and never gives the answer, Try again keeps
what was right, "who plays next" answers each wrong seat with its own sentence, and a settlement
tells an adding-up slip from a wrong rule."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from horserace_nb.core.game import Reason
from horserace_nb.core.settlement import settle
from horserace_nb.core.tiles import Side
from horserace_nb.teaching.course import COURSE, designed, exercise_set
from horserace_nb.teaching.exercises import (
    KINDS,
    Exercise,
    ExerciseSet,
    SettlementAnswer,
    make_exercise,
)
from horserace_nb.teaching.exercises.joining import on_branch
from horserace_nb.words.i18n import t

LANGS = ("en", "ko", "ja")
SEEDS = (1, 2, 3)
RULE = re.compile(r"\bR\d+\b")
OWN = ("open", "counted", "total", "score", "where", "next", "settle", "winner")
"""The kinds tested here (the others are tested in test_basics.py)."""
CASES = [(kind, case) for kind in OWN for case in KINDS[kind].cases]


@functools.cache
def item(kind: str, case: str, seed: int) -> Exercise[Any]:
    return make_exercise(kind, seed, case)


def fresh(kind: str, case: str, seed: int = 1) -> Exercise[Any]:
    return make_exercise(kind, seed, case)


# ------------------------------------------------------------------------------- the cases
def test_every_kind_has_designed_cases_of_at_most_three_rules() -> None:
    for kind, cls in KINDS.items():  # every kind, those of test_basics.py too
        assert len(cls.cases) >= (3 if kind in OWN else 1), kind
        for case, rules in cls.cases.items():
            assert 1 <= len(rules) <= 3 and all(re.fullmatch(r"R([1-9]|1\d|2[0-8])", r)
                                                for r in rules), (kind, case, rules)
            if kind not in OWN:
                continue
            ex = item(kind, case, 1)
            assert ex.case == case and ex.item_rules == rules
            assert ex.progress_case == f"{kind}/{case}"


def _is_case(ex: Any) -> bool:
    """The position of *ex* really is its case (checked with the layout and the engine)."""
    kind, case, layout = ex.kind, ex.case, ex.layout
    open_points = {(tile, side) for tile, side, _ in layout.open_points()}
    if kind == "open":
        answer = ex.answer
        if case == "line":
            return not layout.spinners() and len(answer) == 2
        branches = {p for p in answer if p[1].is_branch}
        if case == "opening_double":
            first = layout.tiles[0]
            return (first.is_double and (first, Side.STRAIGHT_B) in answer and not branches
                    and layout.joined_by(first) is None)
        if case == "straights":
            return not branches and any(
                tile.is_double and side.is_straight and layout.joined_by(tile) is not None
                for tile, side in answer)
        if case == "branch_double":  # an open branch of a double that lies on a branch
            return any(on_branch(layout, tile) for tile, _ in branches)
        return bool(branches)
    if kind == "counted":
        answer = ex.answer
        if not open_points - answer:
            return False  # an open point that counts nothing: always there
        if case == "zero_end":
            return any(n == 0 and (tile, side) in answer for tile, side, n in layout.open_points()
                       if not tile.is_double)
        if case == "double_end":
            return any(tile.is_double and side.is_straight for tile, side in answer)
        started = any(layout.child(d, s) is not None for d in layout.spinners()
                      for s in (Side.BRANCH_A, Side.BRANCH_B))
        return started == (case == "started_branch")
    if kind == "total":
        values = dict(layout.contributions())
        if case == "singles":
            return not layout.spinners()
        if case == "zero_end":
            return 0 in [v for tile, v in layout.contributions() if not tile.is_double]
        if case == "double_end":
            return any(tile.is_double and v == tile.pips for tile, v in values.items())
        return any(d not in values for d in layout.spinners())  # an interior double
    if kind == "score":
        last = layout.tiles[-1]
        if case == "opening":
            return len(layout) == 1 and ex.answer > 0
        if case == "scores":
            return ex.answer > 0 and ex.answer % 5 == 0
        if case == "no_score":
            return ex.answer == 0 and layout.end_total() > 0
        return last.is_double and len(layout) > 1
    if kind == "where":
        points = layout.legal_points(ex.tile)
        if case == "two_points":
            return len(points) == 2 and not ex.tile.is_double
        return ex.answer[1].is_straight if case == "double_side" else ex.answer[1].is_branch
    if kind == "next":
        event, game = ex.event, ex.game
        reason = event.reason
        if case == "drawn":  # the last event is a drawn tile that scored: still the turn ends
            return (reason is Reason.DRAWN and ex.drawn and event.raw > 0
                    and ex.answer == (event.seat + 1) % game.players)
        if case == "last_tile":
            return (reason is Reason.DOMINO and ex.answer is None and not game.hands[event.seat]
                    and (event.tile.is_double or event.raw > 0))
        if case == "target":
            return (reason is Reason.GAME_WON and ex.answer is None and event.raw > 0
                    and not ex.drawn and event.scores[event.seat] >= game.target
                    and event.scores[event.seat] - event.display < game.target)
        if case == "pass":
            return reason is Reason.PASS and not game.boneyard
        nxt = (event.seat + 1) % game.players
        if case == "zero_total":  # a single from hand leaves 0: no score, the turn ends
            return reason is Reason.SINGLE and event.total == 0 and ex.answer == nxt
        if case == "double_once":  # after a scoring double, a single that does not score
            double = game.history[-2]
            return (reason is Reason.SINGLE and double.reason is Reason.DOUBLE_SCORED
                    and double.seat == event.seat and ex.answer == nxt)
        if case == "blocked":
            return (reason is Reason.BLOCKED and ex.answer is None and not game.boneyard
                    and not any(layout.can_place_any(h) for h in game.hands))
        if case == "draw_again":
            return event.kind == "draw" and not layout.can_place(event.tile) \
                and ex.answer == event.seat
        goes_on = case in ("double", "scored")
        wanted = {"single": Reason.SINGLE, "double": Reason.DOUBLE, "scored": Reason.SCORED}
        return reason is wanted[case] and (ex.answer == event.seat) == goes_on
    if kind == "settle":
        result, game = ex.result, ex.game
        pips = ex.answer.pips
        blocked = result.reason == "blocked"
        if case == "round_down":
            return pips % 5 in (1, 2) and not blocked
        if case == "round_up":
            return pips % 5 in (3, 4) and not blocked
        if case == "tie":
            return blocked and len(result.winners) > 1
        return (blocked == case.startswith("blocked") and len(result.winners) == 1
                and game.partners == case.endswith("partners"))
    scenario = {"placement": ex.placer is not None and len(ex.answer) == 1,
                "settlement": ex.placer is None and len(ex.answer) == 1,
                "shared": len(ex.answer) > 1, "nobody": not ex.answer}
    return scenario[case]


@pytest.mark.parametrize(("kind", "case"), CASES)
def test_each_designed_case_draws_a_position_of_that_case(kind: str, case: str) -> None:
    for seed in SEEDS:
        ex = item(kind, case, seed)
        assert _is_case(ex), (kind, case, seed, ex.question("en"))
        assert ex.check(ex.answer, "en").ok
        again = fresh(kind, case, seed)  # the same seed and case: the same position
        assert again.question("en") == ex.question("en") and repr(again.answer) == repr(ex.answer)
    faces = {item(kind, case, s).question("en") + repr(item(kind, case, s).answer)
             for s in SEEDS}
    assert len(faces) >= 2, (kind, case)


@pytest.mark.parametrize("case", list(KINDS["settle"].cases))
def test_settlements_stay_small_and_agree_with_the_rules(case: str) -> None:
    """Issue 19: a settlement could hold 12 tiles in one hand; a designed one holds at most 5,
    and the sum to add stays small."""
    for seed in SEEDS:
        ex = item("settle", case, seed)
        game, right = ex.game, ex.answer
        assert max(len(hand) for hand in game.hands) <= 5
        assert right.pips <= 40 and not game.boneyard or ex.result.reason == "domino"
        domino = game.history[-1].seat if ex.result.reason == "domino" else None
        result = settle(game.pips(), partners=game.partners, domino=domino)
        assert right.winners == frozenset(result.winners) == frozenset(game.hand_result.winners)
        assert (right.pips, right.rounded, right.points) == (
            result.bonuses[0].pips, result.bonuses[0].rounded, result.bonuses[0].points)
        if ex.result.reason == "blocked":
            assert not game.boneyard and not any(game.layout.can_place_any(h)
                                                 for h in game.hands)


def test_a_next_target_item_shows_the_scores_before_the_placement() -> None:
    ex = item("next", "target", 1)
    event = ex.event
    before = event.scores[event.seat] - event.display
    text = ex.question("en")
    assert f"The target is {ex.game.target}." in text and f": {before}" in text
    assert "R26" in ex.answer_text("ko") and "R20" in ex.check(0, "ja").message


# ------------------------------------------------------------------------------- the sets
def test_a_lessons_set_is_one_item_per_case_then_fresh_ones_cycling_through_the_cases() -> None:
    assert all(lesson.exercises for lesson in COURSE if lesson.rules)  # each rule lesson's set
    assert sorted(c for slug in ("turns", "drawing") for k, c in designed(slug)
                  if k == "next") == sorted(KINDS["next"].cases)  # split between the two
    drills = exercise_set("settlement")
    cases = [e.case for e in drills.exercises]
    assert [(e.kind, e.case) for e in drills.exercises] == list(designed("settlement"))
    assert drills.lesson == "settlement"
    assert [e.seed for e in drills.exercises] == [501000 + i for i in range(len(cases))]
    for _ in cases:
        drills.next()
    past = [drills.current.case]
    for _ in range(2):
        past.append(drills.next().case)
    assert past == cases[:3]  # past the set: the cases again, in order
    seeds = [e.seed for e in drills.exercises]
    assert len(set(seeds)) == len(seeds)  # each position from a fresh seed
    first = [e.question("en") for e in exercise_set("settlement").exercises]
    assert first == [e.question("en") for e in exercise_set("settlement").exercises]
    assert exercise_set("turns", seed=9).exercises[0].seed == 9000
    old = exercise_set("04")  # a notebook saved before lessons had slugs
    assert old.lesson == "turns" and [e.seed for e in old.exercises][:1] == [401000]


def test_sets_refuse_unknown_lessons_kinds_and_cases() -> None:
    for lesson in ("12", "play", "Turns", 4):
        with pytest.raises(ValueError, match="lesson: one of tiles_players, joining_spinners"):
            exercise_set(lesson)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="case: one of single"):
        ExerciseSet.designed([("next", "nope")])
    with pytest.raises(ValueError, match=r"kind: one of notation, .*, open, "):
        ExerciseSet.designed([("nope", "x")])
    with pytest.raises(ValueError, match=r"\(kind, case\) pairs"):
        ExerciseSet.designed("next")
    with pytest.raises(ValueError, match="case: one of line"):
        make_exercise("open", 1, "single")


def test_the_widget_shows_a_lessons_set_and_records_designed_items() -> None:
    from horserace_nb.widgets.exercise import Exercises

    w = Exercises.for_lesson("turns", lang="ko")
    assert (w.exercise.kind, w.exercise.case) == designed("turns")[0] and w.lang == "ko"
    assert w.drills.lesson == "turns" and len(w.drills.exercises) == len(designed("turns"))
    w.answer(w.exercise.answer)
    [result] = w.recorder.store.results
    assert (result.lesson, result.case, result.seed) == ("turns", "/".join(designed("turns")[0]),
                                                         401000)
    assert (w.next().kind, w.exercise.case) == designed("turns")[1]
    w.close()


# ------------------------------------------------------------------------------- hints
def _answer_words(ex: Exercise[Any], lang: str) -> list[str]:
    """What would give the answer away in a hint: the answer's sentence, and its sum."""
    out = [ex.answer_text(lang)]
    if ex.kind in ("total", "score"):
        out.append(ex.layout.sum_text() if ex.layout.contributions() else "")
    return [w for w in out if w]


@pytest.mark.parametrize(("kind", "case"), CASES)
def test_every_kind_has_a_hint_ladder_rule_first_then_a_pointer(kind: str, case: str) -> None:
    ex = item(kind, case, 1)
    for lang in LANGS:
        steps = ex.hint_steps(lang)
        assert len(steps) >= 2, (kind, case)
        first, second = steps[0], steps[1]
        assert set(ex.item_rules) <= set(first.rules) or set(first.rules) & set(ex.item_rules)
        assert first.rules == tuple(dict.fromkeys(RULE.findall(first.message)))
        assert not first.points and not first.tiles  # a reminder of the rule, no pointer
        assert second.points or second.tiles or kind in ("settle", "winner") or \
            ex.event.kind == "pass", (kind, case)
        for step in steps:
            assert "{" not in step.message
            for words in _answer_words(ex, lang):
                assert words not in step.message, (kind, case, lang, step.message)
            if ex.answer_form in ("points", "point"):
                right = ex.answer if ex.answer_form == "points" else frozenset([ex.answer])
                assert step.points != right, (kind, case)
    en = ex.hint_steps("en")
    assert en != ex.hint_steps("ko") and len(en) == len(ex.hint_steps("ja"))


def test_rung_one_names_the_cases_own_rules() -> None:
    for kind in ("open", "counted", "total", "score", "where"):
        for case, rules in KINDS[kind].cases.items():
            assert item(kind, case, 1).hint_steps("en")[0].rules == rules, (kind, case)
    assert item("next", "drawn", 1).hint_steps("ko")[0].rules == ("R18",)
    assert item("settle", "tie", 1).hint_steps("ja")[0].rules == ("R22", "R24")
    assert item("winner", "shared", 1).hint_steps("en")[0].rules == ("R27",)


def test_each_hint_opened_costs_a_star_and_opening_them_all_still_leaves_one() -> None:
    for opened, stars in ((0, 3), (1, 2), (2, 1), (3, 1)):
        ex = fresh("settle", "domino", 2)
        shown = [ex.hint("en") for _ in range(opened)]
        assert all(h is not None for h in shown[:len(ex.hint_steps())])
        assert ex.hints_used == min(opened, len(ex.hint_steps()))
        assert ex.check(ex.answer).ok and ex.stars == stars, opened
    ex = fresh("total", "interior", 1)
    assert [ex.hint() is not None for _ in range(3)] == [True, True, False]
    assert ex.hints_used == 2  # nothing counted once every rung is open
    ex.check(ex.answer + 1)
    assert ex.check(ex.answer).ok and ex.stars == 1


# ------------------------------------------------------------------------------- feedback
def test_try_again_keeps_the_points_fields_and_sides_that_were_right() -> None:
    ex = item("open", "straights", 1)
    right = sorted(ex.answer, key=str)
    wrong_extra = next(c for c in ex.choices() if c not in ex.answer)
    answer = frozenset(right[1:]) | {wrong_extra}
    assert not ex.verdict(answer).ok and ex.right_part(answer) == frozenset(right[1:])
    counted = item("counted", "unused_branch", 1)
    assert counted.right_part(counted.choices()) == counted.answer
    ex = item("settle", "partners", 1)
    r = ex.answer
    slip = SettlementAnswer(r.winners, r.pips + 1, r.rounded, r.points)
    assert ex.right_part(slip) == {"winners": r.winners, "rounded": r.rounded,
                                   "points": r.points}
    assert ex.right_part(r.points) == {"winners": r.winners, "pips": r.pips,
                                       "rounded": r.rounded, "points": r.points}
    win = item("winner", "shared", 1)
    one = frozenset([min(win.answer)])
    assert win.right_part(one | {max(win.choices())} - win.answer) == one
    assert item("total", "singles", 1).right_part(3) is None  # a number: nothing to keep
    with pytest.raises(ValueError):
        ex.right_part("seven")


@pytest.mark.parametrize("case", list(KINDS["next"].cases))
def test_who_plays_next_answers_each_wrong_seat_with_its_own_sentence(case: str) -> None:
    ex = item("next", case, 1)
    for lang in LANGS:
        wrongs = [c for c in ex.choices() if c != ex.answer]
        messages = [ex.verdict(c, lang).message for c in wrongs]
        assert len(set(messages)) == len(messages), (case, lang, messages)
        for choice, message in zip(wrongs, messages, strict=True):
            fb = ex.verdict(choice, lang)
            assert not fb.ok and fb.rules and set(fb.rules) & set(ex.rules + ("R8", "R26"))
            if choice is not None:  # the sentence is about the seat chosen
                assert ex.choice_label(choice, lang) in message
            if ex.event.kind == "place":
                assert fb.tiles == {ex.event.tile}


def test_who_plays_next_says_why_that_seat() -> None:
    drawn = item("next", "drawn", 1)
    fb = drawn.verdict(drawn.event.seat, "en")
    assert "does not go on" in fb.message and "R18" in fb.rules
    double = item("next", "double", 1)
    other = next(c for c in double.choices() if c not in (None, double.answer))
    assert "has to wait" in double.verdict(other, "en").message
    assert "R21" in double.verdict(None, "en").rules  # the hand is not over
    single = item("next", "single", 2)
    skip = [c for c in single.choices() if c not in (None, single.answer, single.event.seat)]
    for seat in skip:  # a seat further on: clockwise, one seat at a time
        assert "clockwise" in single.verdict(seat, "en").message
    last = item("next", "last_tile", 1)
    assert "does not play" in last.verdict(last.event.seat, "en").message


def _frames(lang: str) -> tuple[str, str, str]:
    slip = t("exercise.settle.slip", lang, hint="").strip()
    rule = t("exercise.settle.rule", lang, hint="").strip()
    divide = t("exercise.settle.slip_divide", lang, hint="").strip()
    return slip, rule, divide


@pytest.mark.parametrize("lang", LANGS)
def test_a_settlement_tells_an_adding_up_slip_from_a_wrong_rule(lang: str) -> None:
    slip, rule, divide = _frames(lang)

    def said(ex: Any, answer: Any) -> str:
        fb = ex.verdict(answer, lang)
        assert not fb.ok and fb.rules
        return fb.message

    for case in KINDS["settle"].cases:
        ex = item("settle", case, 1)
        r = ex.answer
        others = frozenset(ex.choices()) - r.winners
        assert rule in said(ex, SettlementAnswer(others, r.pips, r.rounded, r.points))
        assert slip in said(ex, SettlementAnswer(r.winners, r.pips + 1, r.rounded, r.points))
        low = r.pips - r.pips % 5
        wrong_way = low + 5 if r.rounded == low else low
        assert rule in said(ex, SettlementAnswer(r.winners, r.pips, wrong_way, r.points))
        assert rule in said(ex, SettlementAnswer(r.winners, r.pips, r.pips, r.points)) \
            or r.pips % 5 == 0
        far = r.rounded + 10  # any wrong rounding is the rounding rule mixed up (R23)
        assert rule in said(ex, SettlementAnswer(r.winners, r.pips, far, r.points))
        assert divide in said(ex, SettlementAnswer(r.winners, r.pips, r.rounded, r.points + 1))
        assert divide in said(ex, r.points + 1)
        assert rule in said(ex, r.rounded) and "R3" in ex.verdict(r.rounded, lang).rules
    blocked = item("settle", "blocked", 1)
    r = blocked.answer
    own = blocked.result.side_pips()[min(r.winners)]
    message = said(blocked, SettlementAnswer(r.winners, r.pips + own, r.rounded, r.points))
    assert rule in message and t("exercise.settle.p_own", lang) in message
    team = item("settle", "partners", 1)
    r = team.answer
    partner = team.result.side_pips()[min(r.winners)]
    message = said(team, SettlementAnswer(r.winners, r.pips + partner, r.rounded, r.points))
    assert rule in message and t("exercise.settle.p_partners", lang) in message
    tie = item("settle", "tie", 1)
    r = tie.answer
    message = said(tie, SettlementAnswer(r.winners, r.pips // 2, r.rounded, r.points))
    assert rule in message and "R24" in message


def test_feedback_marks_the_point_or_tile_it_talks_about() -> None:
    ex = item("open", "straights", 1)
    missed = sorted(ex.answer, key=str)[0]
    fb = ex.verdict(ex.answer - {missed})
    assert fb.points == {missed} and fb.tiles == {missed[0]}
    where = item("where", "two_points", 1)
    other = next(c for c in where.choices() if c != where.answer)
    assert where.verdict(other).points == {other}
    total = item("total", "double_end", 1)
    double = next(tile for tile, _ in total.layout.contributions() if tile.is_double)
    fb = total.verdict(total.answer - double.low)  # one half of the double only
    assert fb.tiles == {double} and "R13" in fb.rules
