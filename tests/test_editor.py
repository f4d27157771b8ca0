"""The position editor (issue 33, point 2): the session model's every refusal (naming its rule,
changing nothing), undo and clear, "deal the rest" by seed, the code it gives; the widget driven
by board messages; a puzzle made from an editor position and solved in the PuzzleWidget with
the engine's verdict, its texts in several languages; a worked example recorded from a position
(point 4) and replayed by ReplayWidget.from_file; the links that open a code in the classroom
site."""

from __future__ import annotations

import copy
import json
import re
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from horserace_nb import Game
from horserace_nb.core.actions import Draw, Pass, Place
from horserace_nb.core.errors import IllegalMove
from horserace_nb.core.position_code import with_check
from horserace_nb.core.tiles import FULL_SET, Tile
from horserace_nb.sessions.editor import (
    BONEYARD,
    EditorError,
    EditorSession,
    ExampleDraft,
    PuzzleDraft,
    share_code,
    share_path,
)
from horserace_nb.teaching.authoring import AuthoringError, PuzzleSet
from horserace_nb.widgets import PositionEditor, PuzzleWidget, ReplayWidget, open_code
from horserace_nb.widgets.editor import ExampleMaker, PuzzleMaker

FIFTEEN = "hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj"  # the puzzle "fifteen"


def state(s: EditorSession) -> Any:
    return (s.placements, s.hands, s.boneyard, s.scores, s.target, s.to_play, s.players,
            s.partners, s.palette)


def refused(s: EditorSession, rule: str, action: Any) -> EditorError:
    """*action* is refused with an EditorError citing *rule*, in every language, and changes
    nothing."""
    before = copy.deepcopy(state(s))
    undo = s.can_undo()
    with pytest.raises(EditorError) as info:
        action()
    assert info.value.rule == rule
    for lang in ("en", "ko", "ja"):
        assert rule in info.value.localized(lang), info.value.localized(lang)
    assert state(s) == before and s.can_undo() == undo
    return info.value


@pytest.fixture
def spinner() -> EditorSession:
    """[1|4] opened, [4|4] on its high end (a spinner whose straight B is open)."""
    s = EditorSession(players=2)
    s.lay("[1|4]")
    s.lay("[4|4]", "[1|4]", "high")
    return s


# ---------------------------------------------------------------------------- laying tiles
def test_tiles_are_laid_where_the_rules_allow_and_score_as_placements(spinner: EditorSession
                                                                      ) -> None:
    assert spinner.lay("[3|4]", "[4|4]", "straight_b") == 0  # 1 + 8 - 8 + 3 ... ends 1, 3
    assert [p[0] for p in spinner.placements] == [Tile(1, 4), Tile(4, 4), Tile(3, 4)]
    assert Tile(3, 4) not in spinner.palette and len(spinner.palette) == 25
    assert spinner.holder_of("[3|4]") == "table"


def test_every_placement_refusal_cites_its_rule_and_changes_nothing(spinner: EditorSession
                                                                    ) -> None:
    refused(spinner, "R1", lambda: spinner.lay("[4|4]", "[1|4]", "low"))     # used already
    refused(spinner, "R9", lambda: spinner.lay("[3|5]", "[4|4]", "straight_b"))  # mismatch
    refused(spinner, "R11", lambda: spinner.lay("[4|6]", "[4|4]", "branch_a"))  # closed
    refused(spinner, "R12", lambda: spinner.lay("[1|6]", "[1|4]", "straight_a"))  # no side
    refused(spinner, "R9", lambda: spinner.lay("[4|6]", "[1|4]", "high"))    # taken
    refused(spinner, "R9", lambda: spinner.lay("[5|6]", "[5|5]", "straight_b"))  # not there
    refused(spinner, "R9", lambda: spinner.lay("[1|2]"))                       # no point
    refused(spinner, "R1", lambda: spinner.lay("[1|7]"))                       # no such tile
    empty = EditorSession()
    refused(empty, "R8", lambda: empty.lay("[1|2]", "[1|4]", "low"))          # opens alone


def test_giving_tiles_and_taking_them_back(spinner: EditorSession) -> None:
    spinner.give("[5|6]", 0)
    spinner.give("[0|0]", 1)
    spinner.give("[2|2]", BONEYARD)
    spinner.give("[0|1]", BONEYARD)
    assert spinner.hands == [[Tile(5, 6)], [Tile(0, 0)]]
    assert spinner.boneyard == [Tile(2, 2), Tile(0, 1)]        # in drawing order
    refused(spinner, "R1", lambda: spinner.give("[5|6]", 1))      # one place only
    refused(spinner, "R2", lambda: spinner.give("[3|3]", 2))      # no third seat
    refused(spinner, "R2", lambda: spinner.give("[3|3]", "table"))
    refused(spinner, "R1", lambda: spinner.take_back("[1|4]"))    # on the table: undo it
    refused(spinner, "R1", lambda: spinner.take_back("[3|3]"))    # in the palette
    spinner.take_back("[2|2]")
    assert spinner.boneyard == [Tile(0, 1)] and Tile(2, 2) in spinner.palette


def test_players_scores_target_and_who_plays() -> None:
    s = EditorSession()
    s.set_players(4, partners=True)
    assert (s.players, s.partners, s.scores) == (4, True, [0, 0])  # one score per team (R2)
    s.set_score(1, 40)
    s.set_target(41)
    s.set_to_play(3)
    assert (s.scores, s.target, s.to_play) == ([0, 40], 41, 3)
    refused(s, "R2", lambda: s.set_players(5))
    refused(s, "R2", lambda: s.set_players(3, partners=True))
    refused(s, "R26", lambda: s.set_score(0, 41))     # at the target: the game is over
    refused(s, "R26", lambda: s.set_score(0, -1))
    refused(s, "R2", lambda: s.set_score(2, 1))       # two teams only
    refused(s, "R26", lambda: s.set_target(40))       # not above every score
    refused(s, "R2", lambda: s.set_to_play(4))
    refused(s, "R5", lambda: s.deal_rest(1.5))        # type: ignore[arg-type]
    s.set_players(3)
    assert (s.scores, s.to_play, len(s.hands)) == ([0, 0, 0], 2, 3)


def test_the_position_is_refused_until_it_can_be_played() -> None:
    s = EditorSession()
    s.lay("[6|6]")
    s.give("[0|1]", 0)
    refused(s, "R21", s.code)                      # player 2 holds nothing
    s.give("[0|2]", 1)
    refused(s, "R19", s.code)                      # nobody can place, no boneyard: blocked
    s.give("[0|3]", BONEYARD)
    game = Game.from_code(s.code())
    assert game.hands == [[Tile(0, 1)], [Tile(0, 2)]] and game.boneyard == [Tile(0, 3)]
    assert game.layout.placements() == s.placements


def test_undo_and_clear() -> None:
    s = EditorSession()
    assert s.undo() is False
    s.lay("[2|5]")
    s.give("[1|1]", 0)
    s.set_score(0, 7)
    s.clear()
    assert s.palette == list(FULL_SET) and s.scores == [0, 0] and s.placements == []
    assert s.undo() is True                        # undo brings the cleared position back
    assert (s.scores, s.hands[0], len(s.placements)) == ([7, 0], [Tile(1, 1)], 1)
    assert s.undo() and s.undo() and s.undo()
    assert s.palette == list(FULL_SET) and not s.can_undo()


def test_deal_the_rest_is_the_same_for_the_same_seed() -> None:
    def dealt(seed: int) -> Any:
        s = EditorSession(players=3)
        s.lay("[3|3]")
        s.lay("[3|5]", "[3|3]", "straight_b")
        s.give("[0|0]", 0)
        s.deal_rest(seed)
        return s

    a, b, c = dealt(7), dealt(7), dealt(8)
    assert (a.hands, a.boneyard) == (b.hands, b.boneyard)
    assert (a.hands, a.boneyard) != (c.hands, c.boneyard)
    assert Tile(0, 0) in a.hands[0] and a.palette == []
    # 6 each dealt (R5), the two on the table taken from the players before the one to act
    assert [len(h) for h in a.hands] == [6, 5, 5] and len(a.boneyard) == 10
    game = Game.from_code(a.code())
    assert "_" not in a.code().split(".")[2]       # a position a deal and play can give
    assert game.players == 3


def test_loading_a_code_and_a_bad_one() -> None:
    game = Game(players=4, partners=True, seed=3)
    s = EditorSession()
    s.load(game.to_code())
    assert s.code() == game.to_code() and s.partners
    refused(s, "format", lambda: s.load("hr1.nonsense"))
    good = "hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj"
    twice = with_check(good[:-1].replace("DUa-F", "DUa-D"))   # [0|3] twice, [0|5] missing
    error = refused(s, "R1", lambda: s.load(twice))
    assert error.params["part"] == "hands"
    assert s.undo() and s.players == 2


# ---------------------------------------------------------------------------- a puzzle
def test_a_puzzle_made_in_the_editor_is_solved_in_the_puzzle_widget() -> None:
    s = EditorSession()
    s.lay("[2|5]")
    s.lay("[2|3]", "[2|5]", "low")
    s.lay("[5|5]", "[2|5]", "high")
    s.lay("[3|6]", "[2|3]", "high")
    for tile in ("[5|6]", "[3|5]", "[0|3]"):
        s.give(tile, 0)
    s.deal_rest(seed=5)
    draft = PuzzleDraft()
    draft.start(s.code())
    best = [c for c in draft.candidates if c.best]
    worse = [c for c in draft.candidates if not c.best]
    assert best and worse and best[0].raw > worse[-1].raw
    draft.mark(worse[-1].number)                   # not the best: refused (a "best" puzzle)
    with pytest.raises(AuthoringError) as info:
        draft.add({"en": "Score the most."})
    assert info.value.code == "best" and draft.puzzles == []
    draft.mark(worse[-1].number)
    draft.mark(best[0].number)
    draft.add({"en": "Score the most."}, hints={"en": ["Count the ends."]})
    widget = PuzzleWidget(draft.puzzle_set("week3"), lang="en")
    assert widget.puzzle.result_case() == "week3/1"   # recorded under the set's name
    wrong = worse[-1].chain[0]
    verdict = widget.place(wrong.tile, wrong.on, wrong.side)
    assert verdict is not None and verdict[0] is False and not widget.solved
    widget.try_again()
    assert widget.play(best[0].chain)[0] and widget.solved   # type: ignore[index]
    assert widget.stars == 2


def test_a_good_move_puzzle_accepts_an_answer_that_is_not_the_best() -> None:
    draft = PuzzleDraft()
    draft.start("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj")
    draft.mark(4)
    draft.add({"ko": "좋은 수를 찾으세요."}, kind="good")
    with pytest.raises(AuthoringError):
        draft.add({"en": "?"})                     # nothing marked now
    assert draft.puzzle_set("good1").puzzles[0].kind == "good"


def test_the_puzzle_maker_widget_saves_the_set_and_its_link(tmp_path: Any) -> None:
    maker = PuzzleMaker("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj", lang="ja",
                        folder=tmp_path, name="week3")
    maker.turns.children[0].value = True
    maker.question.value = "15点を作りましょう。"
    maker.add_button.click()
    maker.save_button.click()
    saved = PuzzleSet.from_json((tmp_path / "week3.json").read_text(encoding="utf-8"))
    assert saved.name == "week3" and len(saved.puzzles) == 1
    assert maker.code_line.code.startswith("hrp1.")
    assert "open_code" in urllib.parse.unquote_plus(maker.code_line.path)
    (tmp_path / "other.json").write_text("{}", encoding="utf-8")
    maker.set_name.value = "other"
    maker.save_button.click()                      # not a puzzle-set file: left as it is
    assert (tmp_path / "other.json").read_text(encoding="utf-8") == "{}"
    assert "hr-msg-error" in maker.messages.html.value


# ---------------------------------------------------------------------------- the widget
def send(editor: PositionEditor, **message: Any) -> None:
    editor.board.receive({**message, "rev": editor.board.revision})


def test_the_editor_widget_builds_a_position_from_board_messages() -> None:
    editor = PositionEditor(lang="ko")
    assert len(editor.board.moves) == 28 and "data-tile=\"[6|6]\"" in editor.board.hand
    send(editor, kind="place", tile="[2|5]", on=None, side=None)
    send(editor, kind="select", tile="[6|6]")      # fits nowhere: said, citing R9
    assert "R9" in editor.messages.html.value and "[6|6]" in editor.messages.html.value
    send(editor, kind="place", tile="[5|5]", on="[2|5]", side="high")
    assert editor.board.moves["[5|6]"]["points"] == [
        {"on": "[5|5]", "side": "straight_b", "label": editor.board.moves["[5|6]"]["points"][0][
            "label"], "preview": "", "said": ""}]
    editor.put_on.value = 1                         # now a tap gives the tile to player 2
    send(editor, kind="select", tile="[0|0]")
    editor.put_on.value = BONEYARD
    send(editor, kind="select", tile="[0|1]")
    assert editor.session.hands[1] == [Tile(0, 0)] and editor.session.boneyard == [Tile(0, 1)]
    assert editor.code_line.code == ""             # player 1 holds nothing yet (R21)
    assert "R21" in editor.code_note.value
    editor.deal_button.click()
    assert editor.code_line.code == editor.session.code() != ""
    assert editor.session.hands[1][0] == Tile(0, 0)
    held = editor.held.children[0].children[1]      # a tile of player 1's hand: give it back
    tile = held.description
    held.click()
    assert Tile.parse(tile) in editor.session.palette
    editor.undo_button.click()
    assert Tile.parse(tile) not in editor.session.palette
    editor.mode.value = "4p"
    assert editor.session.partners and len(editor.scores.children) == 2
    editor.lang = "ja"
    assert editor.deal_button.description == "残りを配る"


def test_open_code_opens_each_kind_and_refuses_a_bad_one() -> None:
    position = Game(seed=2).to_code()
    assert isinstance(open_code(position, lang="ko"), PositionEditor)
    puzzles = PuzzleDraft()
    puzzles.start("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj")
    puzzles.mark(1)
    puzzles.add({"en": "Make 15."})
    assert isinstance(open_code(puzzles.puzzle_set("w").to_code()), PuzzleWidget)
    bad = open_code("hr1.AAAA")
    assert "role='alert'" in bad.value


def test_links_carry_the_code_and_nothing_else() -> None:
    code = Game(seed=4).to_code()
    path = share_path(code, "ja")
    page, _, query = path.partition("?")
    fields = urllib.parse.parse_qs(query)
    assert page == "repl/index.html" and fields["lang"] == ["ja"]
    assert fields["code"] == [share_code(code, "ja")] and code in fields["code"][0]
    for bad in ('hr1.x")\nimport os', "javascript:1", "hr1.é", 7):
        with pytest.raises(ValueError):
            share_code(bad, "en")                  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        share_code(code, "fr")


# ---------------------------------------------------------------------------- from here
def test_make_a_puzzle_from_here_in_a_game_and_a_replay() -> None:
    from horserace_nb.teaching.authoring import candidates
    from horserace_nb.widgets import PlayWidget, ReplayWidget

    play = PlayWidget(seed=11, lang="ko")
    play.puzzle_here.button.click()
    maker = play.puzzle_here.maker
    assert maker is not None and maker.lang == "ko"
    assert [c.chain for c in maker.draft.candidates] == [c.chain for c in candidates(play.game)]
    play.lang = "ja"
    assert maker.lang == "ja" and play.puzzle_here.button.description == "ここからパズルを作る"
    game = Game(seed=12)
    while not game.hand_over and len(game.layout) < 4:
        game.apply(game.legal_actions()[0])
    replay = ReplayWidget(game)
    replay.step = 2
    replay.puzzle_here.button.click()
    assert replay.puzzle_here.maker is not None
    assert replay.puzzle_here.maker.draft.code == replay.current.game.to_code()  # type: ignore
    layout = ReplayWidget()                         # a layout example holds no hands
    layout.puzzle_here.button.click()
    assert layout.puzzle_here.maker is None
    assert "hr-msg-error" in layout.puzzle_here.messages.html.value


def test_make_a_worked_example_from_here_in_a_replay() -> None:
    game = Game(seed=12)
    while not game.hand_over and len(game.layout) < 4:
        game.apply(game.legal_actions()[0])
    replay = ReplayWidget(game, lang="ja")
    replay.step = 2
    replay.puzzle_here.example_button.click()
    maker = replay.puzzle_here.example_maker
    assert maker is not None and maker.lang == "ja"
    assert maker.draft.code == replay.current.game.to_code()  # type: ignore[union-attr]
    assert replay.puzzle_here.example_button.description == "解説つきの例を作る"
    layout = ReplayWidget(lang="ko")                # a layout example holds no hands
    layout.puzzle_here.example_button.click()
    assert layout.puzzle_here.example_maker is None
    assert "풀이 예제를 만들 수 없습니다" in layout.puzzle_here.messages.html.value


# ---------------------------------------------------------------------------- the site
def test_a_puzzle_set_dropped_in_the_notebooks_shows_on_the_start_page(tmp_path: Any) -> None:
    import json
    from pathlib import Path

    from horserace_nb.lite.build import site_contents
    from horserace_nb.lite.contents import plan_contents
    from horserace_nb.lite.pages import site_links
    from horserace_nb.teaching.authoring import make_puzzle, puzzle_set_from_code

    notebooks = tmp_path / "notebooks"
    (notebooks / "sets").mkdir(parents=True)
    start = Path(__file__).parent.parent / "notebooks" / "index.ipynb"
    (notebooks / "index.ipynb").write_bytes(start.read_bytes())
    puzzle = make_puzzle("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj",
                         [{"tile": "[5|6]", "on": "[3|6]", "side": "high"}],
                         question={"en": "Make 15."})
    PuzzleSet("week3", [puzzle], {"en": "Week [3] <b>", "ko": "3주차"}).save(
        notebooks / "sets" / "week3.json")
    (notebooks / "broken.json").write_text('{"format": "horserace_nb.puzzles", "version": 1}',
                                           encoding="utf-8")
    (notebooks / "other.json").write_text('{"a": 1}', encoding="utf-8")
    plan = plan_contents(notebooks)
    for _ in range(2):                             # built twice: one list, not two
        site_contents(notebooks, tmp_path / "site", plan)
    cells = json.loads((tmp_path / "site" / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    listed = [cell for cell in cells if "hrp1." in cell["source"]]
    assert len(listed) == 1 and listed[0]["cell_type"] == "markdown"
    text = listed[0]["source"]
    assert "Week \\[3\\] \\<b\\>: 1 puzzle" in text and "3주차: 퍼즐 1개" in text
    links = site_links(text)
    assert len(links) == 3 and all(link.startswith("repl/index.html?") for link in links)
    code = urllib.parse.parse_qs(links[1].partition("?")[2])["code"][0]
    opened = code.split('"')[1]
    assert puzzle_set_from_code(opened).name == "week3"
    assert any("broken.json" in line and "not listed" in line for line in plan.notes())
    assert (tmp_path / "site" / "broken.json").is_file()    # shipped, not listed


def test_the_class_report_shows_a_set_s_results_under_its_name() -> None:
    from horserace_nb.teaching.progress import Result, results_file
    from horserace_nb.widgets import ClassReport

    def learner(name: str, results: list[Result]) -> tuple[str, bytes]:
        return (f"{name}.json", results_file(results, learner=name,
                                             saved="2026-12-02T10:00:00").encode("utf-8"))

    when = "2026-12-01T09:00:00"
    report = ClassReport(lang="ko")
    report.read([
        learner("Mina", [Result("", "puzzle", "week3/1", 0, stars=3, tries=1, when=when),
                         Result("", "puzzle", "week3/2", 0, stars=1, tries=3, when=when)]),
        learner("Joon", [Result("", "puzzle", "fifteen", 0, stars=2, tries=2, when=when)])])
    shown = report.sets.value
    assert "week3" in shown and "별 4개, 푼 퍼즐 2개" in shown
    assert "fifteen" not in shown                  # a built-in puzzle is no teacher's set
    report.lang = "en"
    assert "4 ★, 2 puzzles solved" in report.sets.value


# ---------------------------------------------------------------------------- texts per language
def test_the_puzzle_maker_keeps_each_language_s_texts_and_the_solver_reads_hers(
        tmp_path: Path) -> None:
    maker = PuzzleMaker(FIFTEEN, lang="en", folder=tmp_path, name="langs")
    maker.turns.children[0].value = True
    maker.question.value = "Make 15."
    maker.hints[0].value = "Count the ends."
    maker.text_lang.value = "ko"                   # the fields switch to Korean: empty
    assert maker.question.value == "" and maker.hints[0].value == ""
    maker.question.value = "15를 만드세요."
    maker.hints[0].value = "끝의 눈을 세어 보세요."
    maker.text_lang.value = "en"                   # English comes back as written
    assert maker.question.value == "Make 15." and maker.hints[0].value == "Count the ends."
    assert maker.texts() == ({"en": "Make 15.", "ko": "15를 만드세요."},
                             {"en": ["Count the ends."], "ko": ["끝의 눈을 세어 보세요."]})
    maker.add_button.click()
    maker.save_button.click()
    data = json.loads((tmp_path / "langs.json").read_text(encoding="utf-8"))
    assert data["puzzles"][0]["texts"] == {
        "en": {"question": "Make 15.", "hints": ["Count the ends."]},
        "ko": {"question": "15를 만드세요.", "hints": ["끝의 눈을 세어 보세요."]}}
    puzzle = PuzzleSet.from_json(json.dumps(data)).puzzles[0]
    assert puzzle.question("ko") == "15를 만드세요." and puzzle.hints("ko")[0].startswith("끝의")
    assert puzzle.question("ja") == "Make 15." and puzzle.text_lang("ja") == "en"  # falls back
    widget = PuzzleWidget.from_file(tmp_path / "langs.json", lang="ko")
    assert "15를 만드세요." in widget.question.value and "lang='ko'" in widget.question.value


def test_hints_in_one_language_only_are_refused_naming_the_field(tmp_path: Path) -> None:
    maker = PuzzleMaker(FIFTEEN, lang="en", folder=tmp_path)
    maker.turns.children[0].value = True
    maker.question.value = "Make 15."
    maker.hints[0].value = "Count the ends."
    maker.text_lang.value = "ja"
    maker.question.value = "15を作りましょう。"      # no hint: not as many as in English
    maker.add_button.click()
    assert maker.draft.puzzles == [] and "hints" in maker.messages.html.value


# ---------------------------------------------------------------------------- worked examples
def test_a_worked_example_recorded_step_by_step_replays_with_predict_mode(
        tmp_path: Path) -> None:
    draft = ExampleDraft(FIFTEEN)
    draft.play(Place("[5|6]", "[3|6]", "high"), "15 scores 3 (R15).")
    before = draft.game().to_code()
    for action in (Draw(), Pass(), Place("[0|0]", "[5|6]", "high")):  # what the rules refuse
        with pytest.raises(IllegalMove) as info:
            draft.play(action, "never kept")
        assert info.value.rule in info.value.localized("ko")
    assert draft.game().to_code() == before and len(draft.steps) == 1
    second = draft.game().legal_actions()[0]
    draft.play(second)
    draft.play(draft.game().legal_actions()[0], "  Then   the other player.  ")
    assert draft.notes == ["15 scores 3 (R15).", "", "Then the other player."]
    draft.play(draft.game().legal_actions()[0], "taken back")
    assert draft.undo() and len(draft.steps) == 3
    path = draft.example("fives", "First 15", lang="en").save(tmp_path / "fives.json")
    w = ReplayWidget.from_file(path, lang="en", predict=True)
    assert len(w.steps) == 4 and "First 15" in w.title.value
    w.next_step()                                  # asked first, as the rule texts' examples
    assert w.pending == 1 and w.question is not None
    assert w.predict_answer(w.question.answer).ok and w.step == 1
    heading = re.sub(r"</?span\b[^>]*>", "", w.heading.value)  # (R15) kept on one line
    assert "15 scores 3 (" in heading and "lang='en'" in w.heading.value
    w.predict = False
    w.next_step()
    assert w.step == 2 and "hr-note" not in w.heading.value
    w.next_step()
    assert w.step == 3 and "Then the other player." in w.heading.value
    assert "taken back" not in path.read_text(encoding="utf-8")


def test_the_example_maker_opens_from_the_editor_and_saves_without_overwriting(
        tmp_path: Path) -> None:
    editor = PositionEditor(FIFTEEN, lang="ko", folder=tmp_path)
    editor.example_button.click()
    maker = editor.example_maker
    assert isinstance(maker, ExampleMaker) and maker.draft.code == FIFTEEN
    assert maker.board.moves and "[5|6]" in maker.board.moves
    maker.save_button.click()                      # no step yet: refused, nothing written
    assert "hr-msg-error" in maker.messages.html.value and not list(tmp_path.iterdir())
    maker.note.value = "15를 만들어 3점입니다 (R15)."
    maker.board.receive({"kind": "place", "tile": "[5|6]", "on": "[3|6]", "side": "high",
                         "rev": maker.board.revision})
    assert maker.draft.notes == ["15를 만들어 3점입니다 (R15)."] and maker.note.value == ""
    maker.pass_button.click()                      # a tile fits: refused citing R16
    assert "R16" in maker.messages.html.value and len(maker.draft.steps) == 1
    maker.undo_button.click()
    assert maker.draft.steps == []
    maker.note.value = "15를 만들어 3점입니다 (R15)."
    maker.board.receive({"kind": "place", "tile": "[5|6]", "on": "[3|6]", "side": "high",
                         "rev": maker.board.revision})
    maker.text_lang.value = "ko"
    maker.example_title.value = "먼저 15"
    maker.name.value = "first15"
    maker.save_button.click()
    saved = tmp_path / "first15.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["title"] == {"ko": "먼저 15"}
    assert maker.code_line.code.startswith("hre1.")
    assert "open_code" in urllib.parse.unquote_plus(maker.code_line.path)
    assert open_code(maker.code_line.code, lang="ko") is not None
    (tmp_path / "other.json").write_text("{}", encoding="utf-8")
    maker.name.value = "other"
    maker.save_button.click()                      # not an example file: left as it is
    assert (tmp_path / "other.json").read_text(encoding="utf-8") == "{}"
    assert "hr-msg-error" in maker.messages.html.value
