"""An item for each part of a rule that had none (issue 31 item 6): a double on a branch is a
spinner too (R10), a total of 0 scores nothing (R15), a scoring double gives one more
placement, not two (R17), a drawn tile that fits cannot be swapped for a hand tile (R18), a
blocked hand recognised from the tiles (R19), a last tile that reaches the target leaves no
settlement (R21, R26). Each is answerable right and wrong in en/ko/ja, the same for the same
seed, in a lesson's set, and its wrong method gets a sentence of its own naming the rule."""

from __future__ import annotations

import re
from typing import Any

import pytest

from horserace_nb.core.actions import Place
from horserace_nb.core.errors import IllegalMove
from horserace_nb.core.tiles import STRAIGHTS, Tile
from horserace_nb.teaching.course import designed, lesson_item, lesson_items, lesson_of, rules_of
from horserace_nb.teaching.exercises import KINDS, Exercise, make_exercise
from horserace_nb.teaching.exercises.joining import on_branch
from horserace_nb.widgets import Exercises
from horserace_nb.words.i18n import t

LANGS = ("en", "ko", "ja")
SEEDS = range(1, 5)
RULE = re.compile(r"\bR\d+\b")
NEW = {
    ("open", "branch_double"): ("joining_spinners", "R10"),
    ("next", "zero_total"): ("turns", "R15"),
    ("next", "double_once"): ("turns", "R17"),
    ("must_place", "drawn"): ("drawing", "R18"),
    ("next", "blocked"): ("drawing", "R19"),
    ("final_score", "settled"): ("end_of_game", "R21"),
    ("final_score", "game_over"): ("end_of_game", "R26"),
}


def wrongs(ex: Exercise[Any]) -> list[Any]:
    """Wrong answers of the item's form: every wrong choice, or numbers near the answer and
    the points of each wrong method."""
    right = ex.answer
    if ex.answer_form == "points":
        return [right - {p} for p in right] + [right | {p} for p in ex.choices()
                                              if p not in right]
    if ex.answer_form == "number":
        return [v for v in {right + 1, right - 1, right + 5, right * 5, 0} if v != right]
    return [c for c in ex.choices() if c != right]


@pytest.mark.parametrize(("kind", "case"), list(NEW))
def test_each_new_item_is_answerable_right_and_wrong_in_every_language(kind: str,
                                                                       case: str) -> None:
    lesson, rule = NEW[(kind, case)]
    assert (kind, case) in designed(lesson)
    assert rule in KINDS[kind].cases[case] and rule in rules_of("exercise", f"{kind}/{case}")
    for seed in SEEDS:
        ex = make_exercise(kind, seed, case)
        again = make_exercise(kind, seed, case)
        for lang in LANGS:
            question = ex.question(lang)
            assert question == again.question(lang) and "{" not in question
            fb = ex.verdict(ex.answer, lang)
            assert fb.ok and set(fb.rules) & set(ex.item_rules), (kind, case, seed, lang)
            assert set(fb.rules) == set(RULE.findall(fb.message))
            for answer in wrongs(ex):
                bad = ex.verdict(answer, lang)
                assert not bad.ok and bad.rules, (kind, case, seed, answer)
                assert set(bad.rules) == set(RULE.findall(bad.message))
                assert "{" not in bad.message
            steps = ex.hint_steps(lang)
            assert len(steps) >= 2 and steps[0].rules
            assert all(ex.answer_text(lang) not in s.message for s in steps)
        assert repr(ex.answer) == repr(again.answer)
        assert ex.layout.placements() == again.layout.placements()
    faces = {repr(make_exercise(kind, seed, case).layout.placements()) for seed in range(1, 9)}
    assert len(faces) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_items_through_the_lessons_widgets(lang: str) -> None:
    """Each new item of a lesson's set answered wrong, then right, as a learner would."""
    for lesson in ("joining_spinners", "turns", "end_of_game"):
        w = Exercises.for_lesson(lesson, lang=lang)
        for _ in range(len(w.drills.exercises)):
            ex = w.exercise
            if (ex.kind, ex.case) in NEW:
                assert not w.answer(wrongs(ex)[0]).ok
                w.try_again()
                fb = w.answer(ex.answer)
                assert fb.ok and ex.stars == 2
            w.next()


def test_the_items_before_keep_their_seeds() -> None:
    """The new items come after a lesson's earlier items: those keep their seeds (learners'
    stored results stay on them); lesson 04's, split since into turns and drawing, are read
    as the items they are now (course.lesson_item), on the lesson that teaches them."""
    before = [("exercise", f"{k}/{c}", 401000 + i) for i, (k, c) in enumerate((
        ("must_place", "draw"), ("next", "single"), ("next", "double"), ("next", "scored"),
        ("recorded", "at_once"), ("recorded", "in_turn"), ("must_place", "continue"),
        ("next", "drawn"), ("next", "draw_again"), ("deal", "during"), ("next", "pass"),
        ("must_place", "pass"), ("next", "last_tile"), ("next", "target")))]
    assert lesson_items("turns")[:7] == before[:7]  # kept in their places
    now = [lesson_item(item) for item in before]
    assert now[7:] == [item for item in lesson_items("drawing") if item[1] in
                       {case for _, case, _ in before[7:]}]
    assert [lesson_of(*item) for item in before] == ["turns"] * 7 + ["drawing"] * 7
    joining = lesson_items("joining_spinners")
    assert [c for _, c, _ in joining[:6]] == [
        "open/line", "open/opening_double", "open/straights", "open/branches",
        "joins/low_joins", "joins/high_joins"]
    assert joining[5][2] == 201005
    assert lesson_items("end_of_game")[8][1:] == ("final_score/settled", 601008)


# ------------------------------------------------------------------ each wrong method


@pytest.mark.parametrize("seed", SEEDS)
def test_a_double_on_a_branch_is_a_spinner_too(seed: int) -> None:
    ex = make_exercise("open", seed, "branch_double")
    doubles = [d for d in ex.layout.spinners() if on_branch(ex.layout, d)
               and all(ex.layout.child(d, s) is not None or ex.layout.joined_by(d)
                       is not None for s in STRAIGHTS)]
    branches = frozenset(p for p in ex.answer if p[0] in doubles and p[1].is_branch)
    assert branches  # a learner who thinks only the main line's doubles spin misses them
    for lang in LANGS:
        fb = ex.verdict(ex.answer - branches, lang)
        assert not fb.ok and fb.rules == ("R10", "R11")
        assert fb.tiles <= set(doubles) and fb.tiles


@pytest.mark.parametrize("seed", SEEDS)
def test_a_single_leaving_a_total_of_0_ends_the_turn(seed: int) -> None:
    ex = make_exercise("next", seed, "zero_total")
    assert ex.event.total == 0 and not ex.event.tile.is_double
    assert ex.answer == (ex.event.seat + 1) % ex.players
    for lang in LANGS:  # "0 is a multiple of 5, so it scores and the player goes on"
        fb = ex.verdict(ex.event.seat, lang)
        assert t("exercise.next.rule_zero", lang) in fb.message and "R15" in fb.rules
        assert "R15" in ex.verdict(ex.answer, lang).rules


@pytest.mark.parametrize("seed", SEEDS)
def test_a_scoring_double_gives_one_more_placement_not_two(seed: int) -> None:
    ex = make_exercise("next", seed, "double_once")
    double, single = ex.game.history[-2:]
    assert double.tile.is_double and double.raw > 0 and double.seat == single.seat
    assert not single.tile.is_double and single.raw == 0
    assert str(double.tile) in ex.question("en") and str(single.tile) in ex.question("en")
    for lang in LANGS:  # "a double and a score: two more placements"
        fb = ex.verdict(single.seat, lang)
        assert t("exercise.next.rule_once", lang) in fb.message and fb.rules == ("R17",)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_drawn_tile_that_fits_cannot_be_swapped_for_a_hand_tile(seed: int) -> None:
    ex = make_exercise("must_place", seed, "drawn")
    drawn = ex.drawn
    assert drawn is not None and ex.answer == str(drawn)
    others = [tile for tile in ex.hand if tile != drawn]
    # the core refuses the swap too (R18), and drawing again or passing
    for tile in others:
        for point in ex.layout.open_points():
            with pytest.raises(IllegalMove):
                ex.game.check(Place(tile, point[0], point[1]))
    for lang in LANGS:
        for tile in others:
            fb = ex.verdict(str(tile), lang)
            assert t("basics.must_place.w_swap", lang, tile=tile, drawn=drawn) in fb.message
            assert fb.rules == ("R18",)
        assert "R18" in ex.verdict("draw", lang).rules and "R18" in ex.verdict("pass",
                                                                                 lang).rules


def _can_place(ex: Any) -> bool:
    return any(ex.layout.can_place(tile) for hand in ex.game.hands for tile in hand)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_blocked_hand_is_recognised_from_the_tiles_not_told(seed: int) -> None:
    blocked = make_exercise("next", seed, "blocked")
    passed = make_exercise("next", seed, "pass")
    assert blocked.answer is None and not _can_place(blocked) and not blocked.game.boneyard
    for ex in (blocked, passed):
        for lang in LANGS:
            text = ex.question(lang)
            assert t("basics.blocked", lang) not in text  # never said: read from the tiles
            for seat, hand in enumerate(ex.game.hands):
                assert all(str(tile) in text for tile in hand), (seat, text)
        # the first hint is the same rule for both: it does not tell which
        assert ex.hint_steps("en")[0].message == t("exercise.next.rule_hands", "en")
    for lang in LANGS:
        for seat in range(blocked.players):
            fb = blocked.verdict(seat, lang)
            assert t("exercise.next.rule_blocked", lang) in fb.message and fb.rules == ("R19",)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_last_tile_that_reaches_the_target_leaves_no_settlement(seed: int) -> None:
    over = make_exercise("final_score", seed, "game_over")
    assert over.game.winners == [over.seat] and over.answer >= 61
    assert over.answer == over.before + over.event.display
    settled = make_exercise("final_score", seed, "settled")
    assert settled.game.winners is None
    assert settled.answer == settled.before + settled.event.display + settled.gain
    # the full set: every tile on the layout, in a hand or in the boneyard (a real hand)
    for ex in (over, settled):
        held = [tile for hand in ex.game.hands for tile in hand]
        assert len(ex.layout) + len(held) + len(ex.game.boneyard) == 28
    for lang in LANGS:
        with_bonus = over.verdict(over.answer + over.gain, lang)
        assert not with_bonus.ok and with_bonus.rules == ("R21", "R26")
        assert t("basics.final_score.w_settled", lang, name="", score=over.answer,
                 target=61).split(" ")[-1] in with_bonus.message
        no_bonus = settled.verdict(settled.before + settled.event.display, lang)
        assert not no_bonus.ok and no_bonus.rules == ("R21", "R23")
        raw_bonus = settled.verdict(settled.before + settled.event.display
                                    + settled.gain * 5, lang)
        assert raw_bonus.rules == ("R3", "R23")


def test_every_new_sentence_is_written_in_every_language() -> None:
    from horserace_nb.words.i18n import MESSAGES

    keys = [k for k in MESSAGES if k.startswith(("basics.final_score.", "basics.must_place.w_",
                                                  "exercise.next.rule_", "exercise.next.why_"))]
    keys += ["exercise.open.missed_branch_double", "exercise.next.hint_hands",
             "exercise.settle.pt_raw", "exercise.settle.p_one"]
    for key in keys:
        ko, ja = MESSAGES[key]["ko"], MESSAGES[key]["ja"]
        assert re.search(r"[가-힣]", ko) and ko.rstrip().endswith((".", ")", "?")), key
        assert re.search(r"[ぁ-んァ-ン一-龥]", ja) and ja.rstrip().endswith(("。", "？")), key


def test_a_tile_string_is_the_same_in_every_language() -> None:
    """The tiles the new prompts name are written [low|high] in every language (R1)."""
    ex = make_exercise("must_place", 1, "drawn")
    assert ex.drawn is not None
    for lang in LANGS:
        assert str(Tile(ex.drawn.low, ex.drawn.high)) in ex.question(lang)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_target_items_scores_say_they_are_before_the_placement(lang: str) -> None:
    """A teacher's read: lesson 04's target item listed "Scores: …" after the placement's
    sentence, which reads as the scores after it; they are the scores before it."""
    from horserace_nb.teaching.exercises import make_exercise
    from horserace_nb.words.i18n import t
    from horserace_nb.words.names import list_text, seat_name

    ex = make_exercise("next", 7, "target")
    event = ex.event
    before = list(event.scores)
    before[event.seat] -= event.display
    assert before[event.seat] < ex.game.target <= event.scores[event.seat]
    scores = list_text((t("exercise.winner.score_item", lang, name=seat_name(s, lang), points=v)
                        for s, v in enumerate(before)), lang, none=True)
    assert t("exercise.next.scores_before", lang, scores=scores,
             target=ex.game.target) in ex.prompt(lang)


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_scoring_double_of_double_once_is_said_to_come_from_hand(lang: str) -> None:
    """A teacher's read: the item on R17's one more placement (not two) said "Player 4 places
    [1|1] …" without "from hand", which decides between R17 (one more) and R18 (turn over)."""
    from horserace_nb.words.i18n import side_name, t
    from horserace_nb.words.names import seat_name

    seen = 0
    for seed in range(1, 30):
        ex = make_exercise("next", seed, "double_once")
        double = ex.game.history[-2]
        if double.on is None or double.side is None:
            continue  # the opening tile: from hand by the rule (R8)
        seen += 1
        assert t("exercise.next.placed", lang, name=seat_name(double.seat, lang),
                 tile=double.tile, on=double.on, side=side_name(double.side, lang)) \
            in ex.prompt(lang)
    assert seen >= 3
