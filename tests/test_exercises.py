"""Exercises with instant feedback (issue 12 item 4): fresh positions from a seed, a verdict on
every answer that explains it with the rule in en/ko/ja, a retry, "show answer" and stars."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from horserace_nb.core.game import Game
from horserace_nb.core.settlement import settle
from horserace_nb.core.tiles import Side, Tile
from horserace_nb.teaching.exercises import (
    KINDS,
    BestPlacement,
    CountedPoints,
    EndTotal,
    Exercise,
    ExerciseSet,
    GameWinner,
    NextPlayer,
    OpenPoints,
    PlacementScore,
    Settlement,
    SettlementAnswer,
    make_exercise,
)

LANGS = ("en", "ko", "ja")
SEEDS = range(1, 13)
RULE = re.compile(r"\bR\d+\b")
BOTH_FORMS = re.compile(r"[을를이가은는과와]\([을를이가은는과와]\)|\(으\)로")


def wrong_answers(ex: Exercise[Any]) -> list[Any]:
    """A few wrong answers of the right form for *ex*."""
    right = ex.answer
    if ex.answer_form == "points":
        out = [frozenset(right - {p}) for p in sorted(right, key=str)[:2]]
        out += [frozenset(right | {c}) for c in ex.choices() if c not in right][:2]
        return out
    if ex.answer_form == "number":
        return [right + 1, right + 5, right // 5 if right else 3]
    if ex.answer_form == "point":
        return [c for c in ex.choices() if c != right]
    if ex.answer_form in ("seat", "option"):
        return [c for c in ex.choices() if c != right]
    if ex.answer_form == "sides":
        sides = ex.choices()
        subsets = [frozenset(c) for n in range(len(sides) + 1)
                   for c in itertools.combinations(sides, n)]
        return [s for s in subsets if s != right][:4]
    assert isinstance(right, SettlementAnswer)
    others = frozenset(s for s in ex.choices() if s not in right.winners) or frozenset({0})
    return [SettlementAnswer(others, right.pips, right.rounded, right.points),
            SettlementAnswer(right.winners, right.pips + 1, right.rounded, right.points),
            SettlementAnswer(right.winners, right.pips, right.rounded + 5, right.points),
            SettlementAnswer(right.winners, right.pips, right.rounded, right.points + 1),
            right.points + 2]


def exercises() -> list[Exercise[Any]]:
    return [make_exercise(kind, seed) for kind in KINDS for seed in SEEDS]


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_right_answer_is_right_with_its_rule_in_every_language(kind: str) -> None:
    for seed in SEEDS:
        ex = make_exercise(kind, seed)
        for lang in LANGS:
            fb = ex.check(ex.answer, lang)
            assert fb.ok, (kind, seed, lang, fb.message)
            assert fb.rules and set(fb.rules) == set(RULE.findall(fb.message))
            assert set(fb.rules) & set(ex.rules), (kind, seed, fb.rules, ex.rules)
            shown = ex.answer_text(lang)
            assert RULE.search(shown), shown
            assert not BOTH_FORMS.search(fb.message + shown)


@pytest.mark.parametrize("kind", list(KINDS))
def test_wrong_answers_are_wrong_and_explained_with_a_rule(kind: str) -> None:
    for seed in SEEDS:
        ex = make_exercise(kind, seed)
        wrongs = wrong_answers(ex)
        assert wrongs, (kind, seed)
        for answer, lang in itertools.product(wrongs, LANGS):
            fb = ex.check(answer, lang)
            assert not fb.ok, (kind, seed, answer)
            assert fb.rules and RULE.search(fb.message), fb.message
            assert "{" not in fb.message and not BOTH_FORMS.search(fb.message)
        assert ex.check(ex.answer).ok  # a retry after wrong answers


@pytest.mark.parametrize("kind", list(KINDS))
def test_same_seed_same_exercise_other_seeds_differ(kind: str) -> None:
    def face(ex: Exercise[Any]) -> tuple[Any, ...]:
        return (ex.question("en"), repr(ex.answer), tuple(ex.layout.placements()), ex.tile)

    assert face(make_exercise(kind, 5)) == face(make_exercise(kind, 5))
    faces = {face(make_exercise(kind, seed)) for seed in SEEDS}
    assert len(faces) >= len(SEEDS) - 2, kind


def test_questions_are_written_in_each_language_with_people_counted_from_one() -> None:
    ex = make_exercise("next", 2)
    en, ko, ja = (ex.question(lang) for lang in LANGS)
    assert en != ko != ja
    seat = ex.event.seat
    # the same words as the board and the play widget (render.seat)
    assert f"Player {seat + 1}" in en and f"{seat + 1}번 플레이어" in ko
    assert f"プレイヤー{seat + 1}" in ja
    assert "Seat" not in en and "자리" not in ko and "席" not in ja
    assert re.search(r"[가-힣]", ko) and re.search(r"[ぁ-んァ-ン一-龥]", ja)
    assert not re.search(r"[A-Za-z]{4,}", ko + ja)


# ------------------------------------------------------------------------------- kinds

def test_open_points_teach_when_branches_open() -> None:
    """R11: a branch of a spinner whose straights are not both filled is not open; once they
    are, both branches are open (and count nothing, R14)."""
    closed = opened = 0
    for seed in range(1, 40):
        ex = OpenPoints(seed)
        right = ex.answer
        assert right == {(t, s) for t, s, _ in ex.layout.open_points()}
        assert right <= set(ex.choices())
        for point in ex.choices():
            tile, side = point
            if point in right or not (tile.is_double and side.is_branch):
                continue
            closed += 1
            fb = ex.check(right | {point}, "en")
            assert "R11" in fb.rules and str(tile) in fb.message
        for point in right:
            if point[0].is_double and point[1].is_branch:
                opened += 1
                fb = ex.check(right - {point}, "ko")
                assert {"R11", "R14"} <= set(fb.rules) and "갈래" in fb.message
    assert closed and opened


def test_counted_points_leave_out_unused_branches() -> None:
    for seed in range(1, 20):
        ex = CountedPoints(seed)
        right = ex.answer
        branches = [p for p in ex.choices() if p not in right]
        assert branches and all(p[0].is_double and p[1].is_branch for p in branches)
        fb = ex.check(right | {branches[0]}, "ja")
        assert not fb.ok and fb.rules == ("R14",) and "側枝" in fb.message
        assert sum(v for _, v in ex.layout.contributions()) == ex.layout.end_total()


def test_end_total_names_the_slip_about_doubles() -> None:
    """Counting an interior double, or one half of an open double, gets its own sentence."""
    seen: set[str] = set()
    for seed in range(1, 60):
        ex = EndTotal(seed)
        layout = ex.layout
        for tile in layout.spinners():
            counted = layout.is_counted(tile, Side.STRAIGHT_A) or layout.is_counted(
                tile, Side.STRAIGHT_B)
            slip = layout.end_total() - tile.low if counted else layout.end_total() + tile.pips
            if slip == layout.end_total():  # [0|0]: half of nothing is nothing
                continue
            fb = ex.check(slip, "en")
            assert not fb.ok and fb.rules == ("R13",) and str(tile) in fb.message
            seen.add("half" if counted else "interior")
            assert ("both halves" in fb.message) == counted
            assert ("interior" in fb.message) == (not counted)
    assert seen == {"half", "interior"}
    fb = EndTotal(3).check(EndTotal(3).answer + 17, "en")
    assert "scoring end" in fb.message and fb.rules == ("R13", "R14")


def test_placement_score_answers_raw_points_and_explains_the_multiple_of_5() -> None:
    scoring = [e for e in (PlacementScore(s) for s in range(1, 30)) if e.answer]
    nothing = [e for e in (PlacementScore(s) for s in range(1, 30)) if not e.answer]
    assert scoring and nothing
    ex = scoring[0]
    assert ex.answer == ex.layout.score() and ex.highlight == ex.layout.tiles[-1]
    fb = ex.check(ex.answer // 5, "en")
    assert not fb.ok and {"R3", "R15"} <= set(fb.rules) and "display" in fb.message
    fb = ex.check(ex.answer + 3, "ko")  # not a multiple of 5: add up again, not "0"
    from horserace_nb.words.i18n import t

    assert not fb.ok and t("exercise.score.not_multiple", "ko", answer=ex.answer + 3) \
        in fb.message and {"R13", "R15"} <= set(fb.rules)
    right = nothing[0].check(0, "ja")
    assert right.ok and "R15" in right.rules
    assert nothing[0].check(10, "en").rules == ("R13", "R15")


def test_best_placement_is_a_point_and_the_others_score_less() -> None:
    for seed in range(1, 15):
        ex = BestPlacement(seed)
        assert ex.tile is not None and ex.tile not in ex.layout
        best = ex.answer
        scores = {p: ex.layout.copy() for p in ex.choices()}
        for point, layout in scores.items():
            layout.place(ex.tile, *point)
        top = scores[best].score()
        assert top > 0 and all(lay.score() < top for p, lay in scores.items() if p != best)
        assert ex.check((str(best[0]), best[1].value)).ok  # text form, as the board sends it
    ex = BestPlacement(1)
    taken = next((t, s) for t in ex.layout.tiles for s in t.sides()
                 if (t, s) not in {(a, b) for a, b, _ in ex.layout.open_points()})
    assert ex.check(taken, "en").rules == ("R9", "R11")


def test_next_player_covers_every_turn_rule_and_agrees_with_the_game() -> None:
    reasons: set[str] = set()
    for seed in range(1, 70):
        ex = NextPlayer(seed)
        reasons.add(str(ex.event.reason))
        game = ex.game
        assert ex.answer == (None if game.hand_over else game.to_play)
        if ex.answer is not None:
            assert game.legal_actions()
    assert reasons >= {"double", "scored", "single", "drawn", "draw_playable", "draw_again",
                       "pass", "domino"}


@pytest.mark.parametrize(("reason", "rule"), [
    ("double", "R17"), ("single", "R17"), ("drawn", "R18"), ("draw_playable", "R18"),
    ("draw_again", "R18"), ("pass", "R19"), ("domino", "R21")])
def test_next_player_wrong_answers_cite_the_turn_rule(reason: str, rule: str) -> None:
    ex = next(e for e in (NextPlayer(s) for s in range(1, 200))
              if str(e.event.reason) == reason)
    for lang in LANGS:
        wrong = next(c for c in ex.choices() if c != ex.answer)
        fb = ex.check(wrong, lang)
        assert not fb.ok and rule in fb.rules, (lang, fb.message)
        assert rule in ex.check(ex.answer, lang).rules


def test_drawn_tile_and_last_tile_positions_still_end_the_turn() -> None:
    """The interesting cases of R18 and R20: a drawn double or scoring tile ends the turn; a
    last tile that is a double or scores ends the hand."""
    for reason in ("drawn", "domino"):
        ex = next(e for e in (NextPlayer(s) for s in range(1, 200))
                  if str(e.event.reason) == reason)
        assert ex.event.tile is not None
        assert ex.event.tile.is_double or ex.event.raw > 0
        assert ex.answer != ex.event.seat


def test_settlement_matches_the_rules_and_explains_each_step() -> None:
    kinds: set[tuple[str, bool, bool]] = set()
    for seed in range(1, 40):
        ex = Settlement(seed)
        result = settle(ex.game.pips(), partners=ex.partners,
                        domino=ex.game.history[-1].seat if ex.result.reason == "domino"
                        else None)
        right = ex.answer
        assert right.winners == frozenset(result.winners)
        assert (right.pips, right.rounded, right.points) == (
            result.bonuses[0].pips, result.bonuses[0].rounded, result.bonuses[0].points)
        kinds.add((ex.result.reason, ex.partners, len(right.winners) > 1))
        steps = wrong_answers(ex)
        rules = [ex.check(a, "en").rules for a in steps[:4]]
        assert rules[0][-1] in ("R21", "R24") and rules[1] in (("R23",), ("R24",))
        assert rules[2] == ("R23",) and rules[3] == ("R23",)
        assert ex.check(right.points).ok and not ex.check(right.points + 1).ok
    assert {(r, p) for r, p, _ in kinds} == {("domino", False), ("domino", True),
                                             ("blocked", False), ("blocked", True)}


def test_rounding_hint_states_the_rule() -> None:
    ex = Settlement(1)
    right = ex.answer
    fb = ex.check(SettlementAnswer(right.winners, right.pips, right.rounded + 5, right.points),
                  "ja")
    assert "切り下げ" in fb.message and "切り上げ" in fb.message and fb.rules == ("R23",)


def test_game_winner_scenarios() -> None:
    seen: dict[str, int] = {}
    for seed in range(1, 60):
        ex = GameWinner(seed)
        seen[ex.scenario] = seen.get(ex.scenario, 0) + 1
        finals = ex.final_scores()
        assert ex.answer == {s for s, v in enumerate(finals) if v >= 61}
        if ex.scenario == "shared":
            assert len(ex.answer) > 1
            fb = ex.check(frozenset([max(ex.answer, key=lambda s: finals[s])]), "en")
            assert fb.rules == ("R27",)
        elif ex.scenario == "none":
            assert not ex.answer and ex.check(frozenset()).ok
        else:
            assert len(ex.answer) == 1
        if ex.scenario == "placement":
            extra = frozenset(ex.choices())
            assert ex.check(extra, "ko").rules == ("R20", "R26")
    assert set(seen) == {"placement", "settlement", "shared", "none"}


def test_game_winner_agrees_with_the_game_for_a_shared_win() -> None:
    """R27 as the engine plays it: two teams at 59 tied in a blocked hand both reach 61."""
    game = Game.from_position([("[3|3]", None, None)], hands=[["[0|6]"], ["[1|5]"],
                                                              ["[2|4]"], ["[0|1]", "[0|5]"]],
                              boneyard=[], to_play=0, partners=True, scores=[59, 59])
    assert game.hand_over and game.winners == [0, 1]


# ------------------------------------------------------------------------------- attempts

def test_retry_stars_and_show_answer() -> None:
    ex = make_exercise("total", 4)
    assert ex.check(None).ok is False and ex.attempts == 0  # no answer: no attempt
    assert "R13" in ex.check(ex.answer + 1).message
    assert ex.attempts == 1 and not ex.solved and ex.stars == 0
    assert ex.check(ex.answer).ok and ex.solved and ex.stars == 2
    ex.check(ex.answer + 1)
    assert ex.attempts == 2 and ex.solved  # attempts stop counting once solved
    first = make_exercise("where", 4)
    assert first.check(first.answer).ok and first.stars == 3
    shown = make_exercise("settle", 4)
    assert "R23" in shown.reveal("ko") and shown.revealed and shown.stars == 0
    shown.check(shown.answer)
    assert shown.solved and shown.stars == 0  # solved after seeing the answer: no stars


def test_next_player_takes_none_for_nobody() -> None:
    ex = next(e for e in (NextPlayer(s) for s in range(1, 100)) if e.answer is None)
    assert ex.check(None).ok and ex.choices()[-1] is None
    assert ex.choice_label(None, "ko").startswith("아무도")


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match=r"kind: one of notation, .*, open, joins, counted, "):
        make_exercise("nope", 1)
    with pytest.raises(ValueError, match="seed is a whole number"):
        make_exercise("total", "7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed is a whole number"):
        EndTotal(True)
    with pytest.raises(ValueError, match="end total is a whole number"):
        make_exercise("total", 1).check("12")
    with pytest.raises(ValueError, match=r"\(tile, side\)"):
        make_exercise("open", 1).check(["[1|1]"])
    with pytest.raises(ValueError):
        make_exercise("open", 1).check([("[1|9]", "low")])
    with pytest.raises(ValueError, match="numbered from 0"):
        make_exercise("winner", 1).check({7})
    with pytest.raises(ValueError, match="numbered from 0"):
        make_exercise("next", 1).check(9)
    with pytest.raises(ValueError, match="language"):
        make_exercise("total", 1).check(3, "fr")


def test_points_may_be_given_as_text() -> None:
    ex = make_exercise("counted", 2)
    as_text = {(str(t), s.value) for t, s in ex.answer}
    assert ex.check(as_text).ok
    assert ex.choice_label(ex.choices()[0], "ja").startswith(str(ex.choices()[0][0]))
    assert isinstance(ex.choices()[0][0], Tile)


# ------------------------------------------------------------------------------- sets

def test_an_exercise_set_cycles_kinds_and_draws_fresh_ones_past_the_end() -> None:
    drills = ExerciseSet(["total", "score", "next"], seed=7, count=4)
    assert [e.kind for e in drills.exercises] == ["total", "score", "next", "total"]
    again = ExerciseSet(["total", "score", "next"], seed=7, count=4)
    assert [e.question() for e in again.exercises] == [e.question() for e in drills.exercises]
    other = ExerciseSet(["total", "score", "next"], seed=8, count=4)
    assert [e.question() for e in other.exercises] != [e.question() for e in drills.exercises]
    assert drills.exercises[0].answer != drills.exercises[3].answer or \
        drills.exercises[0].layout.tiles != drills.exercises[3].layout.tiles
    for _ in range(4):
        drills.current.check(drills.current.answer)
        drills.next()
    assert drills.index == 4 and len(drills.exercises) == 5 and drills.current.kind == "score"
    assert drills.stars == 12 and drills.max_stars == 15
    single = ExerciseSet("winner", seed=1)
    assert len(single.exercises) == 3 and {e.kind for e in single.exercises} == {"winner"}
    with pytest.raises(ValueError, match="kinds"):
        ExerciseSet([], seed=1)
    with pytest.raises(ValueError, match="count"):
        ExerciseSet("total", count=0)


def test_winners_are_named_in_grammatical_sentences_in_each_language() -> None:
    """One player wins, a team (two players) win, several players tie and win (R21-R27):
    English verbs agree with the names; Korean joins two names with 와/과 as the sound
    requires; nobody is a "seat"."""
    seen: dict[tuple[str, bool, int], Exercise[Any]] = {}
    for seed in range(1, 120):
        for cls in (Settlement, GameWinner):
            ex = cls(seed)
            winners = ex.answer.winners if isinstance(ex, Settlement) else ex.answer
            seen.setdefault((cls.kind, ex.partners, min(len(winners), 2)), ex)
    assert {k for k in seen if k[2]} == {(kind, partners, n) for kind in ("settle", "winner")
                                         for partners in (False, True) for n in (1, 2)}
    for (_kind, partners, count), ex in seen.items():
        en, ko, ja = (ex.answer_text(lang) for lang in LANGS)
        assert "Seat" not in en and "자리" not in ko and "席" not in ja
        if not count:
            continue
        if count == 1 and not partners:
            assert re.match(r"Player \d (wins|reaches)", en), en
        else:
            assert re.match(r"(Both teams \(.*?\)|Player \d(( &| and|,) Player \d)+) "
                            r"(win|reach|tie)\b", en), en
            assert " wins " not in en.split("(")[0] and " reaches " not in en, en
        if count == 2 and not partners:
            assert re.match(r"\d번 플레이어와 \d번 플레이어[가는] ", ko), ko
            assert re.match(r"プレイヤー\dとプレイヤー\dが", ja), ja
        if partners and count == 1:
            assert "조가" in ko and "のペアが" in ja


def test_names_are_joined_with_the_particle_the_sound_needs() -> None:
    from horserace_nb.words.names import and_list

    assert and_list(["Player 1"], "en") == "Player 1"
    assert and_list(["Player 1", "Player 2"], "en") == "Player 1 and Player 2"
    assert and_list(["하나", "셋"], "ko") == "하나와 셋"
    assert and_list(["셋", "하나"], "ko") == "셋과 하나"
    assert and_list(["A", "B", "C"], "ja") == "A、BとC"
