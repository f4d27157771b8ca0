"""One module for every name a person reads (seats, teams, lists, points) and one narration of a
hand's settlement, shown alike by the play widget and the replay."""

from __future__ import annotations

import html
import re

import pytest

from horserace_nb.core.settlement import settle
from horserace_nb.teaching.examples import EXAMPLES
from horserace_nb.widgets import PlayWidget, ReplayWidget
from horserace_nb.words import narration
from horserace_nb.words.i18n import LANGS, grammar
from horserace_nb.words.names import (
    and_list,
    list_text,
    point_name,
    points_phrase,
    scoring_side,
    scoring_sides,
    seat_name,
    seat_names,
    sentences,
    team_name,
)


def test_seats_and_teams_in_every_language() -> None:
    assert seat_names(3, "en") == ["Player 1", "Player 2", "Player 3"]
    assert seat_name(1, "ko") == "2번 플레이어" and seat_name(1, "ja") == "プレイヤー2"
    assert seat_name(1, "en", ["Ann", None]) == "Player 2"
    assert seat_name(0, "en", ["Ann", None]) == "Ann"
    assert team_name("Ann", "Cy", "ko") == "Ann·Cy 조"
    assert scoring_side(1, True, "en") == "Player 2 & Player 4"
    assert scoring_side(1, False, "ja") == "プレイヤー2"
    assert scoring_sides(seat_names(4, "ja"), True, "ja") == ["プレイヤー1・プレイヤー3",
                                                              "プレイヤー2・プレイヤー4"]


def test_lists_and_sentences_follow_the_language_files() -> None:
    assert list_text(["A", "B"], "en") == "A, B" and list_text(["A", "B"], "ja") == "A、B"
    assert list_text([], "ko") == "" and list_text([], "ko", none=True) == "없음"
    assert and_list([], "en") == "none"
    assert and_list(["1번 플레이어", "3번 플레이어"], "ko") == "1번 플레이어와 3번 플레이어"
    assert and_list(["A", "B", "C"], "en") == "A, B and C"
    assert sentences(["Oui.", "", "Non."], "en") == "Oui. Non."
    assert sentences(["はい。", "いいえ。"], "ja") == "はい。いいえ。"
    for lang in LANGS:
        assert sentences(["x.", "y!"], lang) == grammar("_sentence_joiner", lang).join(["x.", "y!"])
        # a part written as a line is ended as the language ends a sentence
        stop = grammar("_full_stop", lang)
        assert sentences(["x", "y (R17)"], lang) == grammar("_sentence_joiner", lang).join(
            ["x" + stop, "y (R17)" + stop])
    assert sentences(["Ann to play", "Boneyard: 5 tiles"], "en") == \
        "Ann to play. Boneyard: 5 tiles."
    assert sentences(["1번 플레이어의 차례", "남은 타일 더미: 10개"], "ko") == \
        "1번 플레이어의 차례. 남은 타일 더미: 10개."
    assert sentences(["プレイヤー1の手番", "タロン (山札)：10枚"], "ja") == \
        "プレイヤー1の手番。タロン (山札)：10枚。"


def test_points_by_name() -> None:
    assert point_name(("[1|1]", "straight_b"), "en") == "the straight B of [1|1]"
    assert points_phrase(5, "en") == "5 raw (1 point)"
    assert points_phrase(10, "ko") == "원점수 10 (표시 점수 2점)"


def test_settlement_sentences_name_the_payers_and_the_rule() -> None:
    text = narration.settlement(settle([4, 4, 4, 14], partners=False, domino=None), "en")
    assert text.reason.endswith("(R22).") and "(R24)" in text.tie
    assert text.bonuses[0] == ("Bonus for Player 1 from the pips of Player 2, Player 3 and "
                               "Player 4: 22 → 20 → 4 points (R23).")
    assert text.pips[3] == "Player 4 holds 14 pips."
    teams = narration.settlement(settle([1, 5, 17, 6], partners=True, domino=None), "ko")
    assert teams.team_totals == ("1번 플레이어·3번 플레이어 조: 합계 18",
                                 "2번 플레이어·4번 플레이어 조: 합계 11")
    assert teams.bonuses == ("2번 플레이어·4번 플레이어 조의 가점 (1번 플레이어와 3번 플레이어의 "
                             "눈값 합계): 18 → 20 → 4점 (R23).",)
    assert not teams.tie and teams.lines()[0] == teams.reason


def _text(markup: str) -> str:
    markup = re.sub(r"</?(?:a|span)\b[^>]*>", "", markup)  # a rule link is part of its sentence
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("key", ["bonus_17", "blocked_teams"])
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_play_and_replay_tell_a_settlement_in_the_same_sentences(key: str, lang: str) -> None:
    """Once written, shown twice: the play widget's settlement panel and the replay's last step
    say the same reason and bonus sentences (R21–R23)."""
    game = EXAMPLES[key].play()
    assert game.hand_result is not None
    said = narration.settlement(game.hand_result, lang)
    play = PlayWidget(game, human=list(range(game.players)), lang=lang)
    panel = " ".join(_text(play.settlement_html.value).split())
    replay = ReplayWidget(key, lang=lang)
    replay.step = replay.slider.max
    details = " ".join(_text(replay.details.value).split())
    for line in (said.reason, *said.bonuses, *said.team_totals):
        assert line in panel and line in details, line
