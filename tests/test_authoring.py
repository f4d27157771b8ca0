"""A teacher's own puzzles and worked examples (issue 33, points 3 and 4): made from a position
of a real game, checked by the engine when made and again when read, played by the same puzzle
session and widget as the built-in puzzles, saved as files and codes that are read as untrusted
input, and replayed step by step with predict mode."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from horserace_nb import Game, Place
from horserace_nb.core.actions import Draw
from horserace_nb.sessions.puzzle import PuzzleSession
from horserace_nb.teaching import authoring
from horserace_nb.teaching.authoring import (
    AuthoringError,
    PuzzleSet,
    candidates,
    example_from_code,
    make_example,
    make_puzzle,
    puzzle_set_from_code,
    read_example,
    read_puzzle_set,
    set_of_case,
)
from horserace_nb.teaching.progress import read_record, record_of
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.widgets import PuzzleWidget, ReplayWidget

#: seed 1, after 7 random actions: one best first placement, whose best turn scores 10 (R17)
ONE_BEST = "hr1.INIMIVMUV.EFSXZb-CJRYa-HPABQOKLGTWD.BDA-"
#: seed 2, after 7 random actions: [4|4] on [2|4] or on [4|6], each beginning a 45-point turn
TWO_BEST = "hr1.bYbRuPR.DFHIJNX-AESTVW-KLMGOQUCBZa.hBEEAAn"
FIFTEEN = PUZZLES["fifteen"].game().to_code()


def real_position(seed: int, actions: int) -> Game:
    """The game of *seed* after *actions* random legal actions (as the positions above)."""
    game, rnd = Game(players=2, seed=seed), random.Random(seed)
    for _ in range(actions):
        game.apply(rnd.choice(game.legal_actions()))
    return game


def click(w: PuzzleWidget, step: Place) -> None:
    w.board.receive({"kind": "select", "tile": str(step.tile), "rev": w.board.revision})
    w.board.receive({"kind": "place", "tile": str(step.tile),
                     "on": None if step.on is None else str(step.on),
                     "side": None if step.side is None else step.side.value,
                     "rev": w.board.revision})


def encoded(text: str, prefix: str = "hrp1.") -> str:
    """A code as the package writes one: the text, compressed, in URL-safe Base64."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8")))
    return prefix + packed.decode("ascii").rstrip("=")


def puzzle_rules(html: str) -> list[str]:
    return re.findall(r">(R\d+)</a>", html)


def best_first(code: str) -> list[Place]:
    return list(dict.fromkeys(c.chain[0] for c in candidates(code) if c.best))


def one_set() -> PuzzleSet:
    first = make_puzzle(ONE_BEST, [best_first(ONE_BEST)[0]],
                        question={"en": "Score the most this turn.", "ko": "이번 차례에 가장 "
                                  "많이 득점하세요.", "ja": "この手番で最も多く得点しましょう。"},
                        hints={"en": ["A double plays again (R17).", "Count 10."],
                               "ko": ["더블타일을 놓으면 한 번 더 놓습니다 (R17).",
                                      "10을 만드세요."],
                               "ja": ["ダブルを置くともう一度置けます (R17)。",
                                      "10を作りましょう。"]},
                        shown=[0])
    second = make_puzzle(TWO_BEST, best_first(TWO_BEST), question={"ko": "최선의 수는?"})
    return PuzzleSet("week3-endings", [first, second], title={"en": "Week 3", "ko": "3주차"})


# ---------------------------------------------------------------------------- the engine's list
def test_candidates_list_every_turn_with_raw_and_display_points_best_first() -> None:
    assert real_position(1, 7).to_code() == ONE_BEST  # a position of a real game
    assert real_position(2, 7).to_code() == TWO_BEST
    game = Game.from_code(ONE_BEST)
    listed = candidates(game)
    turns = make_puzzle(game, [listed[0]], question={"en": "?"}).turns()
    assert len(listed) == len(turns) and {c.turn for c in listed} == set(turns)  # Puzzle.turns
    assert [c.number for c in listed] == list(range(1, len(listed) + 1))
    assert [c.turn.value for c in listed] == sorted((c.turn.value for c in listed), reverse=True)
    assert all(c.display == c.raw // 5 for c in listed) and listed[0].raw == 10
    assert [c.best for c in listed] == [c.turn.value == listed[0].turn.value for c in listed]
    assert "R13" in listed[0].text(ONE_BEST, "en") and listed[0].text(ONE_BEST, "ja")


# ---------------------------------------------------------------------------- the verdict
def test_a_puzzle_from_a_real_position_is_solved_in_the_session_with_the_engines_verdict() -> None:
    puzzle = one_set().puzzles[0]
    session = PuzzleSession([puzzle])
    assert session.game.to_code() == ONE_BEST and session.puzzle.seat == 1
    worse = next(c for c in candidates(ONE_BEST) if not c.best).chain[0]
    ok, note = session.judge(worse)
    assert not ok and note[1]("en").startswith("Not the best") and session.steps == ()
    assert "R13" in note[1]("en") and note[1]("ko") != note[1]("en")
    best = max((c for c in candidates(ONE_BEST)), key=lambda c: c.turn.value).chain
    for step in best:
        ok, note = session.judge(step)
        assert ok, note[1]("en")
    assert session.solved and session.done and session.stars == 2
    assert "10 raw (2 points)" in session.said[1]("en")


def test_a_marked_answer_that_is_not_the_best_is_refused_unless_a_good_move_is_asked() -> None:
    worse = next(c for c in candidates(ONE_BEST) if not c.best and c.raw == 5)
    with pytest.raises(AuthoringError,
                       match=r"answers\[0\]: the engine finds a better turn") as err:
        make_puzzle(ONE_BEST, [worse], question={"en": "?"})
    assert err.value.code == "best" and err.value.field == "answers[0]"
    with pytest.raises(AuthoringError, match=r"answers\[1\]"):  # the second of two
        make_puzzle(ONE_BEST, [best_first(ONE_BEST)[0], worse.chain[0]], question={"en": "?"})
    good = make_puzzle(ONE_BEST, [worse], question={"en": "Find a good move."}, kind="good")
    session = PuzzleSession([good])
    for step in worse.chain:
        assert session.judge(step)[0]
    assert session.solved and "good one" in session.said[1]("en")
    other = best_first(ONE_BEST)[0]  # better, but not what this teacher asked for
    session.reset()
    ok, note = PuzzleSession([good]).judge(other)
    assert not ok and note[1]("en").startswith("Not an answer this puzzle accepts")


def test_answers_the_rules_forbid_are_refused_naming_the_rule() -> None:
    with pytest.raises(AuthoringError, match=r"answers\[0\]: .*R9") as err:
        make_puzzle(FIFTEEN, [Place("[0|3]", "[3|6]", "high")], question={"en": "?"})
    assert err.value.code == "rules"
    with pytest.raises(AuthoringError, match=r"answers\[0\]: the turn is over .*R17"):
        make_puzzle(FIFTEEN, [[Place("[5|6]", "[5|5]", "straight_b"),
                               Place("[3|5]", "[5|6]", "low")]], question={"en": "?"},
                    kind="good")
    cases: list[tuple[dict[str, Any], str]] = [
                       ({"kind": "easy"}, "kind"), ({"shown": [0]}, "shown"),
                       ({"shown": [5]}, "shown"), ({"question": {"fr": "?"}}, "question"),
                       ({"question": {"en": ""}}, "question.en"),
                       ({"hints": {"en": ["1", "2", "3", "4"]}}, "hints.en"),
                       ({"hints": {"ko": ["1"]}}, "hints.ko"),
                       ({"position": "hr1.xx"}, "position")]
    for bad, field in cases:
        args: dict[str, Any] = {"position": FIFTEEN, "question": {"en": "?"}, **bad}
        with pytest.raises(AuthoringError, match=rf"^{field.replace('.', '[.]')}: "):
            make_puzzle(args.pop("position"), [Place("[5|6]", "[3|6]", "high")], **args)


def test_several_accepted_answers_are_each_right_and_the_turn_goes_on_to_its_best() -> None:
    firsts = best_first(TWO_BEST)
    assert len(firsts) == 2 and firsts[0].tile == firsts[1].tile
    puzzle = make_puzzle(TWO_BEST, firsts, question={"en": "Play the double well."})
    assert puzzle.answers == tuple((f,) for f in firsts)
    best = max(c.turn.value for c in candidates(TWO_BEST))
    for first in firsts:
        assert puzzle.check(first)[0]
        session = PuzzleSession([puzzle])
        turn = max((c.turn for c in candidates(TWO_BEST) if c.chain[0] == first),
                   key=lambda turn: turn.value)
        assert turn.value == best and len(turn.chain) == 6
        for step in turn.chain:
            ok, note = session.judge(step)
            assert ok, note[1]("en")
        assert session.solved and session.stars == 3
        session.reset()  # a placement that keeps less than the best is refused
        session.judge(first)
        worse = next(c.chain[1] for c in candidates(TWO_BEST)
                     if c.chain[0] == first and c.turn.value < best and len(c.chain) > 1
                     and not any(d.chain[:2] == c.chain[:2] and d.turn.value == best
                                 for d in candidates(TWO_BEST)))
        assert not session.judge(worse)[0]
    one = make_puzzle(TWO_BEST, firsts[:1], question={"en": "?"})  # the other left out
    ok, message = one.check(firsts[1])
    assert not ok and "as good as the answer" in message


# ---------------------------------------------------------------------------- the widget
def test_puzzle_widget_plays_a_set_from_its_file_and_records_under_the_sets_name(
        tmp_path: Path) -> None:
    path = one_set().save(tmp_path / "week3.json")
    w = PuzzleWidget.from_file(path, lang="ko")
    assert [p.key for p in w.puzzles] == ["week3-endings/1", "week3-endings/2"]
    assert "이번 차례에 가장" in w.question.value and "lang='ko'" in w.question.value
    assert "2번 플레이어의 보유 타일" not in w.hands_line.value  # the solver is seat 1
    assert "1번 플레이어의 보유 타일" in w.hands_line.value
    assert w.hint() == "더블타일을 놓으면 한 번 더 놓습니다 (R17)."
    best = max(candidates(ONE_BEST), key=lambda c: c.turn.value).chain
    for step in best:
        click(w, step)
        assert w.verdict is not None and w.verdict[0], w.message
    assert w.solved and w.stars == 2  # at the first try, one hint opened
    assert puzzle_rules(w.rules_line.value) == ["R13", "R15", "R17"]  # the best turn's
    results = w.recorder.store.results
    assert [(r.lesson, r.kind, r.case, r.stars, r.hints) for r in results] == [
        ("", "puzzle", "week3-endings/1", 2, 1)]
    assert read_record(record_of(results[0])) == results[0]  # within the reader's checks
    assert set_of_case(results[0].case) == ("week3-endings", 1)
    assert authoring.set_stars(results) == {"week3-endings": {1: 2}}
    w.next()
    assert "lang='ko'" in w.question.value and "최선의 수는?" in w.question.value
    w.lang = "en"  # written in Korean only: shown as such, marked so
    assert "lang='ko'" in w.question.value and "Week 3: puzzle 2" not in w.title.value
    assert w.hint() is not None and w.hints_left == 0 and "Answer:" in w.hints_shown[-1]
    assert PuzzleWidget.from_code(one_set().to_code()).puzzles == w.puzzles


def test_the_teachers_words_are_escaped_where_shown() -> None:
    evil = "<img src=x onerror=alert(1)>"
    puzzle = make_puzzle(FIFTEEN, [Place("[5|6]", "[3|6]", "high")],
                         question={"en": evil}, hints={"en": [evil]})
    w = PuzzleWidget(PuzzleSet("x", [puzzle], title={"en": evil}))
    w.hint()
    assert "<img" not in w.question.value + w.hints_box.value + w.title.value
    assert "&lt;img" in w.question.value and "&lt;img" in w.hints_box.value


def test_a_puzzle_outside_a_set_is_played_and_not_recorded() -> None:
    puzzle = make_puzzle(FIFTEEN, [Place("[5|6]", "[3|6]", "high")], question={"en": "?"})
    w = PuzzleWidget(puzzle)
    assert w.puzzle is puzzle and w.puzzle.title("en") == "Your teacher's puzzle"
    w.show_answer()
    assert w.recorder.store.results == [] and puzzle.result_case() is None


# ---------------------------------------------------------------------------- files and codes
def test_the_file_and_the_code_read_back_exactly(tmp_path: Path) -> None:
    puzzles = one_set()
    path = puzzles.save(tmp_path / "set.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "horserace_nb.puzzles" and data["version"] == 1
    assert data["puzzles"][0]["position"] == ONE_BEST and data["puzzles"][0]["shown"] == [0]
    assert data["puzzles"][1]["texts"] == {"ko": {"question": "최선의 수는?", "hints": []}}
    assert read_puzzle_set(path) == puzzles
    code = puzzles.to_code()
    assert code.startswith("hrp1.") and all(c.isalnum() or c in "-_." for c in code)
    assert puzzle_set_from_code(code) == puzzles
    assert puzzles.save(path) == path  # its own file is replaced
    other = tmp_path / "notes.json"
    other.write_text('{"mine": true}', encoding="utf-8")
    with pytest.raises(AuthoringError, match="not a 'horserace_nb.puzzles' file"):
        puzzles.save(other)
    assert other.read_text(encoding="utf-8") == '{"mine": true}'  # left as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json", "set.json"]
    for where in (tmp_path, tmp_path / "no" / "set.json"):
        with pytest.raises(AuthoringError, match="^path: "):
            puzzles.save(where)
    over = real_position(1, 7)
    while not over.hand_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(AuthoringError, match=r"^position: .*\(R2[01]\)"):
        candidates(over)


def _mutations() -> list[tuple[str, Any, str]]:
    """(what, how the file's data changes, the field the refusal names)."""
    def at(*path: Any) -> Any:
        def change(value: Any) -> Any:
            def apply(data: Any) -> None:
                *head, last = path
                for key in head:
                    data = data[key]
                if value is KeyError:
                    del data[last]
                else:
                    data[last] = value
            return apply
        return change
    p0 = ("puzzles", 0)
    return [
        ("format", at("format")("horserace_nb.game"), "format"),
        ("version", at("version")(2), "version"),
        ("version as text", at("version")("1"), "version"),
        ("unknown field", at("extra")(1), "file"),
        ("name missing", at("name")(KeyError), "name"),
        ("name with a space", at("name")("week 3"), "name"),
        ("name too long", at("name")("x" * 31), "name"),
        ("title language", at("title")({"fr": "Semaine"}), "title"),
        ("title too long", at("title")({"en": "x" * 81}), "title.en"),
        ("no puzzles", at("puzzles")([]), "puzzles"),
        ("too many puzzles", at("puzzles")([{}] * 61), "puzzles"),
        ("puzzle not an object", at("puzzles", 0)([]), "puzzles[0]"),
        ("puzzle field unknown", at(*p0, "why")("x"), "puzzles[0]"),
        ("position missing", at(*p0, "position")(KeyError), "puzzles[0].position"),
        ("position mistyped", at(*p0, "position")(ONE_BEST[:-1] + "B"),
         "puzzles[0].position"),
        ("position not text", at(*p0, "position")(7), "puzzles[0].position"),
        ("kind", at(*p0, "kind")("easy"), "puzzles[0].kind"),
        ("answers empty", at(*p0, "answers")([]), "puzzles[0].answers"),
        ("answer not a list", at(*p0, "answers", 0)("x"), "puzzles[0].answers[0]"),
        ("answer tile", at(*p0, "answers", 0, 0, "tile")("[7|7]"), "puzzles[0].answers[0][0]"),
        ("answer side", at(*p0, "answers", 0, 0, "side")("left"), "puzzles[0].answers[0][0]"),
        ("answer illegal", at(*p0, "answers", 0, 0, "on")("[0|0]"), "puzzles[0].answers[0]"),
        ("answer not the best", at(*p0, "answers", 0)(
            [{"tile": "[0|4]", "on": "[4|4]", "side": "straight_b"}]),
         "puzzles[0].answers[0]"),
        ("texts empty", at(*p0, "texts")({}), "puzzles[0].texts"),
        ("texts language", at(*p0, "texts", "fr")({"question": "?"}), "puzzles[0].texts"),
        ("question missing", at(*p0, "texts", "en", "question")(KeyError),
         "puzzles[0].texts.en"),
        ("question too long", at(*p0, "texts", "en", "question")("x" * 601),
         "puzzles[0].question.en"),
        ("hints unequal", at(*p0, "texts", "en", "hints")(["one"]), "puzzles[0].hints"),
        ("four hints", at(*p0, "texts", "ko", "hints")(["1", "2", "3", "4"]),
         "puzzles[0].hints.ko"),
        ("hint not text", at(*p0, "texts", "en", "hints", 0)(3), "puzzles[0].hints.en[0]"),
        ("shown the solver", at(*p0, "shown")([1]), "puzzles[0].shown"),
        ("shown not seats", at(*p0, "shown")("0"), "puzzles[0].shown"),
    ]


@pytest.mark.parametrize(("what", "change", "field"), _mutations(),
                         ids=[m[0] for m in _mutations()])
def test_a_mutated_file_is_refused_with_a_sentence_naming_the_field(
        what: str, change: Any, field: str) -> None:
    data = json.loads(one_set().to_json())
    change(data)
    with pytest.raises(AuthoringError) as err:
        PuzzleSet.from_json(json.dumps(data))
    assert err.value.field == field, str(err.value)
    assert str(err.value).startswith(f"{field}: ") and len(str(err.value)) > len(field) + 8
    with pytest.raises(AuthoringError):  # and as a code
        puzzle_set_from_code(encoded(json.dumps(data)))


def test_oversized_deep_or_damaged_input_is_refused_quickly() -> None:
    text = one_set().to_json()
    big = text[:-2] + " " * authoring.MAX_BYTES + "}\n"
    damaged: list[tuple[str | bytes, str]] = [
        (big, "large"), ("[" * 100_000, "json"), ("{", "json"), (b"\xff", "json"),
        ("[]", "format")]
    for bad, code in damaged:
        with pytest.raises(AuthoringError) as err:
            PuzzleSet.from_json(bad)
        assert err.value.code == code and str(err.value)
    code = one_set().to_code()
    codes: list[Any] = [code[:-5], code[:8], code + "A", code.replace("hrp1", "hrp2"), code + "!",
                "hrp1." + "A" * (authoring.MAX_CODE_LENGTH + 1), 42,
                encoded(" " * (authoring.MAX_BYTES + 10))]
    for bad_code in codes:
        with pytest.raises(AuthoringError, match="^code: "):
            puzzle_set_from_code(bad_code)
    rnd = random.Random(33)
    for _ in range(200):  # single characters changed: refused or read, nothing else
        i = rnd.randrange(len(text))
        mutated = text[:i] + rnd.choice('{}[]",:0123456789abcxyz -|') + text[i + 1:]
        try:
            PuzzleSet.from_json(mutated)
        except AuthoringError as exc:
            assert exc.field and str(exc).startswith(exc.field)


def test_a_made_up_position_with_too_many_ways_to_play_is_refused() -> None:
    doubles = ["[0|0]", "[1|1]", "[2|2]", "[3|3]", "[4|4]", "[5|5]", "[6|6]"]
    rest = ["[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|5]", "[0|6]", "[1|2]", "[1|3]", "[1|4]",
            "[1|5]", "[1|6]", "[2|3]", "[2|4]", "[2|5]", "[2|6]", "[3|4]", "[3|5]", "[3|6]",
            "[4|5]", "[4|6]", "[5|6]"]
    game = Game.from_position([], [doubles + rest[:12], rest[12:14]], rest[14:], 0)
    with pytest.raises(AuthoringError, match=r"position: the turn can go more than 1000 ways"):
        make_puzzle(game, [Place("[0|0]")], question={"en": "?"})


# ---------------------------------------------------------------------------- worked examples
def _example() -> authoring.TeacherExample:
    game = Game.from_code(FIFTEEN)
    steps: list[Place | Draw] = [Place("[5|6]", "[3|6]", "high"),
                                 Place("[3|5]", "[5|5]", "straight_b")]
    after = game.copy()
    for step in steps:
        after.apply(step)
    steps.append(next(a for a in after.legal_actions() if isinstance(a, (Place, Draw))))
    return make_example(FIFTEEN, steps, name="fives", title={"en": "Fifteen first",
                                                             "ja": "まず15"},
                        text={"en": "Watch the ends.", "ja": "端を見ましょう。"},
                        notes=[{"en": "15 scores 3 (R15).", "ja": "15で3点 (R15)。"}])


def test_an_example_file_replays_step_by_step_with_predict_mode(tmp_path: Path) -> None:
    example = _example()
    path = example.save(tmp_path / "fives.json")
    assert read_example(path) == example and example_from_code(example.to_code()) == example
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "horserace_nb.example" and data["position"] == FIFTEEN
    assert data["steps"][0] == {"action": "place", "tile": "[5|6]", "on": "[3|6]",
                                "side": "high", "say": {"en": "15 scores 3 (R15).",
                                                        "ja": "15で3点 (R15)。"}}
    w = ReplayWidget.from_file(path, lang="ja", predict=True)
    assert len(w.steps) == 4 and w.steps[0].game is not None
    assert w.steps[0].game.to_code() == FIFTEEN and "まず15" in w.title.value
    w.next_step()  # asked first, as the rule texts' examples
    assert w.pending == 1 and w.question is not None and w.step == 0
    answer = w.question.answer
    feedback = w.predict_answer(answer)
    assert feedback.ok and w.step == 1
    assert "15で3点" in w.heading.value and "lang='ja'" in w.heading.value
    results = w.recorder.store.results
    assert [(r.kind, r.case.split("@")[1], r.seed) for r in results] == [("predict", "fives", 1)]
    w.predict = False
    w.next_step()
    assert w.step == 2 and "hr-note" not in w.heading.value  # no sentence on this step
    w.lang = "en"
    w.step = 1
    assert "15 scores 3" in w.heading.value and "Watch the ends." in w.heading.value


def test_example_steps_are_checked_by_the_engine_when_made_and_read() -> None:
    with pytest.raises(AuthoringError, match=r"^steps\[1\]: .*\(R\d+\)") as err:
        make_example(FIFTEEN, [Place("[5|6]", "[3|6]", "high"), Place("[0|3]", "[3|6]", "high")],
                     name="bad", title={"en": "Bad"})
    assert err.value.code == "rules"
    with pytest.raises(AuthoringError, match=r"^steps\[0\].say: written in the languages"):
        make_example(FIFTEEN, [Place("[5|6]", "[3|6]", "high")], name="x",
                     title={"en": "T"}, notes=[{"ko": "이것"}])
    data = json.loads(_example().to_json())
    changes: list[tuple[Callable[[Any], None], str]] = [
        (lambda d: d["steps"][1].update(side="low"), "steps[1]"),
                          (lambda d: d["steps"][0].update(action="jump"), "steps[0]"),
                          (lambda d: d.update(steps=[]), "steps"),
                          (lambda d: d.update(position="hr1."), "position"),
                          (lambda d: d.update(name="../x"), "name"),
                          (lambda d: d["steps"].append({"action": "draw", "x": 1}), "steps[3]")]
    for change, field in changes:
        mutated = json.loads(json.dumps(data))
        change(mutated)
        with pytest.raises(AuthoringError) as err:
            authoring.TeacherExample.from_json(json.dumps(mutated))
        assert err.value.field == field, str(err.value)


def test_a_file_whose_puzzles_together_go_too_many_ways_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's work is bounded per file, not only per puzzle: the second puzzle of 138
    ways passes a budget of 150."""
    firsts = best_first(TWO_BEST)
    text = PuzzleSet("many", [make_puzzle(TWO_BEST, firsts, question={"en": "?"})] * 2).to_json()
    assert len(candidates(TWO_BEST)) == 138
    monkeypatch.setattr(authoring, "MAX_FILE_TURNS", 150)
    with pytest.raises(AuthoringError, match=r"^puzzles\[1\]: .*more than 150 ways") as err:
        PuzzleSet.from_json(text)
    assert err.value.code == "large"
    monkeypatch.setattr(authoring, "MAX_FILE_TURNS", 276)
    assert len(PuzzleSet.from_json(text).puzzles) == 2


def test_a_steps_sentence_waits_with_a_hidden_sum() -> None:
    """The teacher's sentence may tell the sum: while the sum is held back (the class answers
    first) it is held back too, and shown with the sum."""
    w = ReplayWidget(_example(), sums=False, ask_sum=True)
    w.step = 1
    assert "15 scores 3" not in w.heading.value and w.sum_button.layout.display == ""
    w.reveal_sum()
    assert "15 scores 3" in w.heading.value


def test_an_accepted_answer_shorter_than_the_first_solves_the_puzzle_when_its_turn_ends() -> None:
    """The session completes the answer the learner played, not the first one: a one-placement
    turn accepted after a two-placement one ends the puzzle at once."""
    listed = candidates(ONE_BEST)
    long, short = listed[0], next(c for c in listed if len(c.chain) == 1)
    assert len(long.chain) == 2 and short.raw == 0
    puzzle = make_puzzle(ONE_BEST, [long, short], question={"en": "?"}, kind="good")
    session = PuzzleSession([puzzle])
    ok, _ = session.judge(short.chain[0])
    assert ok and session.solved and session.done and session.stars == 3
    session = PuzzleSession([puzzle])
    assert session.judge(long.chain[0])[0] and not session.solved and not session.done
    assert session.judge(long.chain[1])[0] and session.solved and session.done
