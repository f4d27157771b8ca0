"""The review widget (issue 12 item 6): a finished hand or game stepped through decision by
decision, the move played and the strong player's choice marked on the board, in en/ko/ja; and
the "Review this hand" / "Review this game" button of the play widget and the classroom page.

Driven headlessly like the play widget's tests: ``button.click()``, ``.value``, and the board's
messages as its front end sends them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import re
from typing import Any

import ipywidgets as widgets
import pytest
from conftest import decisions, in_fresh_thread

from horserace_nb import Game, Place
from horserace_nb.render.svg import game_svg
from horserace_nb.sessions.review import summarize
from horserace_nb.teaching.bots import Bot, GreedyBot, RandomBot, StrongBot
from horserace_nb.teaching.review import review_game
from horserace_nb.widgets import Classroom, PlayWidget, ReviewWidget
from horserace_nb.words.i18n import t

ROLLOUTS = 8  # enough to rank the moves of these positions; the widget's default is 200

FIFTEEN = ([("[2|5]", None, None), ("[2|3]", "[2|5]", "low"), ("[5|5]", "[2|5]", "high"),
            ("[3|6]", "[2|3]", "high")],
           [["[0|3]", "[3|5]", "[5|6]"], ["[0|0]", "[1|1]", "[0|1]", "[4|4]"]], ["[1|2]"])


def fifteen(move: Place) -> Game:
    """[5|6] on [3|6] high makes 10 + 5 = 15 (3 points); on [5|5] it makes 6 + 6 = 12, no
    score (R13, R15)."""
    game = Game.from_position(*FIFTEEN, 0)
    game.apply(move)
    return game


@pytest.fixture(scope="module")
def hand() -> Game:
    """One finished 2-player hand: seat 0 plays at random (it makes mistakes), seat 1 greedily."""
    game = Game(players=2, seed=5)
    bots: list[Bot] = [RandomBot(seed=1), GreedyBot()]
    while not game.hand_over:
        game.apply(bots[game.to_play](game.view(game.to_play)))
    return game




def text(markup: str) -> str:
    """The readable text of HTML or SVG markup."""
    markup = re.sub(r"</?(?:a|span)\b[^>]*>", "", markup)  # a rule link is part of its sentence
    return " ".join(html.unescape(p).strip() for p in re.sub(r"<[^>]+>", "\n", markup).split("\n")
                    if p.strip())


def hand_tiles(svg: str) -> list[str]:
    return re.findall(r'class="hr-svg-hand-tile[^"]*" data-tile="([^"]+)"', svg)


def marks(svg: str, kind: str) -> list[tuple[str, str]]:
    """(tile, side) of each point ringed as *kind* ("played" or "best")."""
    return re.findall(rf'<circle class="hr-svg-review-{kind}" [^>]*data-side="([^"]+)" '
                      rf'data-tile="([^"]+)"', svg)


def framed(svg: str, kind: str) -> list[str]:
    """The hand tiles framed as *kind*."""
    out = []
    for m in re.finditer(r'<g class="hr-svg-hand-tile[^"]*" data-tile="([^"]+)"[^>]*>(.*?)</g>',
                         svg):
        if f'class="hr-svg-review-{kind}"' in m.group(2):
            out.append(m.group(1))
    return out


# --------------------------------------------------------------------------- stepping
def test_the_widget_steps_through_exactly_the_seats_decisions(hand: Game) -> None:
    for seat in (0, 1):
        w = ReviewWidget(hand, seat, seed=1, rollouts=ROLLOUTS)
        w.run()  # (computed at once here; in Jupyter right after the widget is shown)
        assert w.ready
        expected = decisions(hand, seat)
        assert expected, "the hand has decisions to review"
        shown = []
        w.first_button.click()
        while True:
            entry = w.current
            assert entry is not None
            shown.append(entry.index)
            assert hand.actions[entry.index] == (seat, entry.action)
            assert text(w.counter.value) == (
                f"Decision {w.index + 1} of {len(expected)} · hand 1")
            # the position before the decision, from the seat's view: its hand face up
            assert hand_tiles(w.board.svg) == [str(x) for x in entry.position().hands[seat]]
            assert w.board.readonly
            assert text(w.explanation.value) == entry.explain("en")
            assert w.first_button.disabled == w.prev_button.disabled == (w.index == 0)
            if w.next_button.disabled:
                break
            w.next_button.click()
        assert shown == expected
        assert all(visible(b) for b in (w.first_button, w.prev_button, w.next_button,
                                        w.last_button))
        assert not visible(w.close_button)
        assert w.last_button.disabled
        w.prev_button.click()
        assert w.index == len(expected) - 2
        w.first_button.click()
        assert w.index == 0 and w.prev_button.disabled
        w.last_button.click()
        assert w.index == len(expected) - 1


def test_the_summary_counts_the_decisions_and_the_points_lost(hand: Game) -> None:
    w = ReviewWidget(hand, 0, seed=1, rollouts=ROLLOUTS)
    entries = review_game(hand, 0, seed=1, rollouts=ROLLOUTS)
    assert [e.index for e in w.entries] == [e.index for e in entries]
    s = w.summary
    assert s.decisions == len(entries)
    assert s.as_good == sum(e.loss < 0.05 for e in entries) < len(entries)
    assert s.lost == pytest.approx(sum(e.loss for e in entries)) and s.lost > 0
    assert text(w.summary_html.value) == (
        f"{len(entries)} decisions reviewed, {s.as_good} of them as good as the strong "
        f"computer player's choice; in all about {s.lost:.1f} points lost on average.")


def test_a_move_that_gives_up_the_game_is_counted_apart() -> None:
    [entry] = review_game(fifteen(Place("[5|6]", "[5|5]", "straight_b")), 0, seed=1,
                          rollouts=ROLLOUTS)
    losses = [0.0, 0.04, 3.5, StrongBot.WIN]
    s = summarize([dataclasses.replace(entry, loss=x) for x in losses])
    assert (s.decisions, s.as_good, s.gave_up) == (4, 2, 1)
    assert s.lost == pytest.approx(3.54)
    assert s.text("en").endswith("One decision gave up a real chance to win the game (R26); "
                                 "the points above leave it out.")
    assert "(R26)" in s.text("ko") and "(R26)" in s.text("ja")


# --------------------------------------------------------------------------- the marks
def test_played_and_better_moves_are_marked_for_a_decision_with_a_loss() -> None:
    game = fifteen(Place("[5|6]", "[5|5]", "straight_b"))
    w = ReviewWidget(game, 0, seed=1, rollouts=ROLLOUTS)
    [entry] = w.entries
    assert entry.loss > 0 and entry.best == Place("[5|6]", "[3|6]", "high")
    svg = w.board.svg
    assert marks(svg, "played") == [("straight_b", "[5|5]")]
    assert marks(svg, "best") == [("high", "[3|6]")]
    assert framed(svg, "played") == framed(svg, "best") == ["[5|6]"]
    # the legend under the board says which is which
    assert "dashed: your move" in text(svg)
    assert "green: the strong computer player's choice" in text(svg)
    assert "Better: [5|6] on the high end of [3|6]" in text(w.explanation.value)


def test_a_move_as_good_as_the_strong_players_is_marked_alone() -> None:
    w = ReviewWidget(fifteen(Place("[5|6]", "[3|6]", "high")), 0, seed=1, rollouts=ROLLOUTS)
    [entry] = w.entries
    assert entry.is_best
    svg = w.board.svg
    assert marks(svg, "played") == [("high", "[3|6]")] and framed(svg, "played") == ["[5|6]"]
    assert marks(svg, "best") == [] and framed(svg, "best") == []
    assert "dashed: your move" in text(svg) and "green:" not in text(svg)
    assert "would play the same" in text(w.explanation.value)


def test_game_svg_marks_two_different_tiles_and_refuses_moves_that_are_not_there() -> None:
    game = Game.from_position(*FIFTEEN, 0)
    played, best = Place("[0|3]", "[3|6]", "high"), Place("[5|6]", "[3|6]", "high")
    svg = game_svg(game, seat=0, played=played, best=best)
    assert framed(svg, "played") == ["[0|3]"] and framed(svg, "best") == ["[5|6]"]
    assert marks(svg, "played") == marks(svg, "best") == [("high", "[3|6]")]
    assert svg == game_svg(game, seat=0, played=played, best=best)  # deterministic
    assert "review" not in game_svg(game, seat=0)  # nothing changes without them
    with pytest.raises(ValueError, match="not in the hand"):
        game_svg(game, seat=0, played=Place("[0|0]", "[3|6]", "high"))
    with pytest.raises(ValueError, match="not an open connection point"):
        game_svg(game, seat=0, best=Place("[5|6]", "[2|5]", "low"))
    # an opening decision: no point to ring, the tiles are framed and the legend is drawn
    opening = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
    svg = game_svg(opening, seat=0, played=Place("[2|3]"), best=Place("[1|4]"))
    assert framed(svg, "played") == ["[2|3]"] and framed(svg, "best") == ["[1|4]"]
    assert "dashed: your move" in text(svg)


# --------------------------------------------------------------------------- languages
@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_language_switch_changes_the_text(lang: str) -> None:
    w = ReviewWidget(fifteen(Place("[5|6]", "[5|5]", "straight_b")), 0, seed=1,
                     rollouts=ROLLOUTS)
    [entry] = w.entries
    english = (w.title.value, w.summary_html.value, w.counter.value, w.board.svg)
    w.lang_switch.value = lang
    assert w.lang == lang and w.board.lang == lang
    assert text(w.explanation.value) == entry.explain(lang)
    assert text(w.counter.value) == t("reviewui.counter", lang, n=1, total=1, hand=1)
    assert text(w.title.value) == t("reviewui.title_game", lang,
                                    name=t("render.seat", lang, n=1))
    assert text(w.summary_html.value) == w.summary.text(lang)
    assert t("reviewui.legend_played", lang) in text(w.board.svg)
    assert all(a != b for a, b in zip(english, (w.title.value, w.summary_html.value,
                                               w.counter.value, w.board.svg), strict=True))
    assert w.next_button.description == t("replay.next", lang)
    # nothing English is left on screen but tile names and rule numbers
    shown = " ".join(text(h.value) for h in (w.title, w.summary_html, w.counter,
                                            w.explanation)) + " " + text(w.board.svg)
    assert not re.findall(r"\b(?!R\d|Horse\b|Race\b)[A-Za-z]{3,}\b", shown)  # the name
    w.lang = "en"
    assert w.lang_switch.value == "en" and text(w.explanation.value) == entry.explain("en")


def test_without_decisions_a_sentence_says_so() -> None:
    game = Game(hands=[["[1|4]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
    game.apply(Place("[1|4]"))  # the only legal move, and the hand is over (R20)
    assert game.hand_over
    w = ReviewWidget(game, 0)
    assert w.entries == [] and w.current is None
    assert text(w.status.value) == t("reviewui.none_game", "en", name="Player 1")
    assert w.nav.layout.display == w.board.layout.display == "none"
    w.next_button.click()  # nothing to step through: nothing happens, nothing breaks
    assert w.index == 0 and w.messages.last_error is None
    w.lang = "ko"
    assert text(w.status.value).startswith("이번 경기에서 1번 플레이어는 고를 일이 없었습니다.")
    other = ReviewWidget(game, 1, hand=1, lang="ja")
    assert other.entries == []
    assert other.status_text() == t("reviewui.none_hand", "ja", name="プレイヤー2", hand=1)
    assert "1" in other.status_text() and "プレイヤー2" in other.status_text()


def test_arguments_are_checked_before_anything_is_computed(hand: Game) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        (dict(seat=2), "seat"), (dict(seat=True), "seat"), (dict(seat=0, hand=2), "hand"),
        (dict(seat=0, rollouts=0), "rollouts"), (dict(seat=0, seed="1"), "seed"),
        (dict(seat=0, lang="fr"), "en, ko"), (dict(seat=0, size=0), "size"),
        (dict(seat=0, names=["a"]), "names")]
    for kwargs, match in cases:
        with pytest.raises(ValueError, match=match):
            ReviewWidget(hand, **kwargs)
    with pytest.raises(ValueError, match="Game"):
        ReviewWidget("not a game", 0)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- computed once
def test_without_an_event_loop_it_is_computed_at_once(hand: Game) -> None:
    w = in_fresh_thread(lambda: ReviewWidget(hand, 0, seed=1, rollouts=ROLLOUTS))
    assert w.ready and text(w.counter.value).startswith("Decision 1 of ")


def test_with_an_event_loop_it_says_reviewing_first_then_computes(hand: Game) -> None:
    async def scenario() -> tuple[bool, str, bool, str]:
        w = ReviewWidget(hand, 0, seed=1, rollouts=ROLLOUTS)
        before = (w.ready, text(w.status.value))
        await asyncio.sleep(0.01)
        return (*before, w.ready, text(w.counter.value))

    ready_before, status, ready_after, counter = in_fresh_thread(lambda: asyncio.run(scenario()))
    assert not ready_before
    assert status == t("reviewui.reviewing", "en", hand=1)
    assert ready_after and counter.startswith("Decision 1 of ")


def test_closing_before_the_review_runs_cancels_it(hand: Game) -> None:
    async def scenario() -> bool:
        w = ReviewWidget(hand, 0, rollouts=ROLLOUTS)
        w.close()
        await asyncio.sleep(0.01)
        return w.ready

    assert in_fresh_thread(lambda: asyncio.run(scenario())) is False


# --------------------------------------------------------------------------- play and classroom
def finish_hand(w: PlayWidget) -> None:
    """Click through the hand: the person takes the first tile and point the board lights,
    or Draw or Pass; the computer moves with Next."""
    while not w.game.hand_over:
        before = w.game.action_count
        if w.game.to_play in w.human:
            if w.board.moves:
                tile = next(iter(w.board.moves))
                w.board.receive({"kind": "select", "tile": tile, "rev": w.board.revision})
                point = w.board.moves[tile]["points"][0]
                w.board.receive({"kind": "place", "tile": tile, "on": point["on"],
                                 "side": point["side"], "rev": w.board.revision})
            elif not w.draw_button.disabled:
                w.draw_button.click()
            else:
                w.pass_button.click()
        else:
            w.next_button.click()
        assert w.game.action_count > before
        if not w.game.hand_over:
            assert w.review_button.disabled and w.review is None


def visible(widget: widgets.Widget) -> bool:
    return bool(widget.layout.display != "none")


def test_play_widget_offers_the_review_at_hand_end_and_opens_it() -> None:
    w = PlayWidget(Game(players=2, seed=4))
    w.review_rollouts = ROLLOUTS
    assert w.review_button.disabled and not visible(w.settlement)
    w.review_button.click()  # a disabled button's click changes nothing
    assert w.review is None and w.review_box.children == ()
    finish_hand(w)
    assert visible(w.settlement) and not w.review_button.disabled
    assert w.review_button.description == "Review this hand"
    w.review_button.click()
    review = w.review
    assert isinstance(review, ReviewWidget) and w.review_box.children == (review,)
    review.run()
    assert review.seat == 0 and review.session.hand == 1 and review.ready
    assert review.entries and [e.index for e in review.entries] == decisions(w.game, 0)
    assert visible(review.close_button) and not visible(review.lang_switch)
    w.review_button.click()  # open already: the same review, not computed again
    assert w.review is review
    w.lang = "ja"
    assert review.lang == "ja" and w.review_button.description == "このハンドを振り返る"
    assert review.close_button.description == "閉じる"
    review.close_button.click()
    assert w.review is None and w.review_box.children == ()
    w.review_button.click()
    assert w.review is not None and w.review is not review
    w.next_hand_button.click()  # play goes on: the review of the last hand closes
    assert w.review is None and w.review_box.children == () and w.review_button.disabled


def test_the_whole_game_is_offered_once_the_match_is_over() -> None:
    w = PlayWidget(Game(players=2, seed=4), match="hand")
    w.review_rollouts = ROLLOUTS
    finish_hand(w)
    assert w.controller.match_over
    assert w.review_button.description == "Review this game" and not w.review_button.disabled
    review = w.open_review()
    assert review is not None and review.session.hand is None
    assert text(review.title.value) == "Review of the game: Player 1"


def test_no_review_is_offered_without_a_person() -> None:
    w = PlayWidget(Game(players=2, seed=4), human=[])
    while not w.game.hand_over:
        w.next_button.click()
    assert not visible(w.review_button) and w.open_review() is None


def test_classroom_offers_the_review_in_its_language() -> None:
    page = Classroom(seed=4, lang="ko")
    page.play.review_rollouts = ROLLOUTS
    finish_hand(page.play)
    assert page.play.review_button.description == "이 라운드 복기하기"
    page.play.review_button.click()
    review = page.play.review
    assert review is not None and review.lang == "ko"
    assert text(review.title.value) == "1라운드 복기: 1번 플레이어"
    page.lang = "en"
    assert review.lang == "en" and text(review.title.value) == "Review of hand 1: Player 1"


def test_names_given_to_the_play_widget_are_used_in_the_review() -> None:
    w = PlayWidget(Game(players=2, seed=4), names=["Mina <b>", "Computer"])
    w.review_rollouts = ROLLOUTS
    finish_hand(w)
    review = w.open_review()
    assert review is not None
    assert "Review of hand 1: Mina &lt;b&gt;" in review.title.value
    assert review.entries and "Mina &lt;b&gt;" in review.board.svg


def test_review_this_hand_works_on_a_game_started_from_a_position() -> None:
    """Issue 16 item 4: a puzzle's position played to the hand's end and reviewed from the
    play widget's button: every decision is reviewed, no refusal about an empty layout."""
    from horserace_nb.teaching.puzzles import PUZZLES

    w = PlayWidget(PUZZLES["double_again"].game())
    w.review_rollouts = 2
    finish_hand(w)
    w.review_button.click()
    review = w.review
    assert review is not None
    review.run()
    assert review.ready and len(review.entries) >= 2
    assert [e.index for e in review.entries] == decisions(w.game, 0)


def test_the_review_board_is_redrawn_for_the_room_its_front_end_reports(hand: Game) -> None:
    """On a phone the decision's picture is drawn to the board's width (its status and
    captions read at their size there), at the same decision; a laptop's width as before."""
    import re

    def sizes(svg: str) -> list[float]:
        return [float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg)]

    w = ReviewWidget(hand, 0, seed=1, rollouts=ROLLOUTS)
    w.run()  # (computed at once here; in Jupyter right after the widget is shown)
    index, before = w.index, w.board.svg
    assert before
    w.board.room = 300
    assert w.index == index and max(sizes(w.board.svg)) > max(sizes(before))
    w.board.room = 1200
    assert w.board.svg == before


def test_a_review_of_a_game_not_yet_played_asks_to_play_first() -> None:
    """Run All Cells reviews the game above before anyone has played it: no "there were no
    choices" (ko and ja reads 5), but "play a hand first"."""
    w = ReviewWidget(Game(players=2, seed=2), 0, lang="ko")
    assert w.entries == [] and text(w.status.value) == t("reviewui.not_played", "ko")
