"""What native Korean and Japanese readers found cut or broken in the lessons' screenshots,
checked on the HTML, CSS and SVG the widgets produce (the page itself:
tests/browser/test_screen_fit.py)."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from horserace_nb.core.game import Game
from horserace_nb.render.svg import game_svg, hand_strip
from horserace_nb.render.theme import CJK_FONTS, DEFAULT_THEME
from horserace_nb.sessions.exercise import read_number
from horserace_nb.teaching.progress import Result, results_file
from horserace_nb.widgets import ClassReport, Exercises, ReplayWidget
from horserace_nb.widgets.common import keep_together, rule_links
from horserace_nb.words.i18n import t

WIDGETS = Path(__file__).parent.parent / "horserace_nb" / "widgets"


# ------------------------------------------------------------------ 1. the board fits its box
def css_rules(text: str) -> list[tuple[str, str, str]]:
    """(media condition or "", selector, body) of every rule of a flat style sheet with
    one level of @media."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules: list[tuple[str, str, str]] = []
    for media, inner in re.findall(r"@media([^{]*)\{((?:[^{}]*\{[^}]*\})*)\s*\}", text):
        rules += [(media.strip(), s.strip(), b) for s, b in re.findall(r"([^{}]+)\{([^}]*)\}",
                                                                         inner)]
    flat = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}", "", text)
    rules += [("", s.strip(), b) for s, b in re.findall(r"([^{}]+)\{([^}]*)\}", flat)]
    return rules


def test_a_boards_picture_is_held_at_its_natural_width_only_on_a_touch_screen() -> None:
    """The picture scales to the width of its box (max-width 100 %, height auto); the least
    width that keeps a lit point finger-wide applies on touch screens only (and board.js sets
    it only for a board that takes taps): on a desktop a long layout and its legend were cut
    at the right of an exercise's box, its texts drawn ~2×."""
    rules = css_rules((WIDGETS / "board.css").read_text(encoding="utf-8"))
    pictures = [(media, body) for media, sel, body in rules
                if sel == ".hr-board-w .hr-board-svg svg"]
    plain = " ".join(body for media, body in pictures if not media)
    assert "max-width: 100%" in plain and "height: auto" in plain
    held = [media for media, body in pictures if "min-width" in body]
    assert held and all("pointer: coarse" in media for media in held), pictures
    js = (WIDGETS / "board.js").read_text(encoding="utf-8")
    assert re.search(r"if \(box && box\.width && !readonly\) frame\.style\.setProperty"
                     r"\(\"--hr-natural\"", js)
    assert 'frame.style.removeProperty("--hr-natural")' in js


def test_an_exercise_board_keeps_its_view_box_and_draws_at_most_its_size() -> None:
    w = Exercises.for_lesson("drawing", lang="ja", section=1)
    svg = ElementTree.fromstring(w.board.svg)
    box = [float(v) for v in svg.get("viewBox", "").split()]
    assert box[2] > float(svg.get("width", "0")) == w.size  # scaled down to its size
    assert w.board.readonly  # a picture only looked at: no least width (board.js)


# ------------------------------------------------------------------ 2. the class report
def learner_file(name: str) -> tuple[str, bytes]:
    result = Result("", "exercise", "total", 900_000_000, stars=3, tries=1, rules=(),
                    when="2026-11-01T10:00:00")
    return (f"{name}.json", results_file([result], learner=name,
                                         saved="2026-12-01T10:00:00.000+00:00").encode())


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_reports_names_stay_on_one_line_and_the_table_scrolls_in_its_box(lang: str) -> None:
    report = ClassReport(lang=lang)
    report.read([learner_file("佐藤 花")])
    table = report.table.value
    assert table.startswith("<div class='hr-report-scroll' style='overflow-x:auto;max-width:100%'>")
    row_heads = re.findall(r"<th scope='row' style='([^']*)'>", table)
    assert row_heads and all("white-space:nowrap" in s for s in row_heads)
    col_heads = re.findall(r"<th scope='col' style='([^']*)'>", table)
    assert len(col_heads) >= 3 and all("min-width" in s or "nowrap" in s for s in col_heads)
    if lang == "ko":  # Korean breaks between words, never inside one
        assert all("word-break:keep-all" in s for s in col_heads[1:])
    else:  # Japanese: no break before a small kana or ー (a keep-all heading would not break)
        assert all("line-break:strict" in s and "word-break:normal" in s for s in col_heads[1:])
    report.close()


# ------------------------------------------------------------------ 3. rule numbers whole
@pytest.mark.parametrize("text, kept", [
    ("끝 합계는 10입니다 (R13).", "(R13)."),
    ("誰も飛ばしません (R8, R18)。", "(R8, R18)。"),
    ("한 번만 셉니다 (R13–R15).", "(R13–R15)."),
    ("see R23.", "R23."),
])
def test_a_rule_reference_and_its_brackets_stay_on_one_line(text: str, kept: str) -> None:
    markup = rule_links(text, "ko")
    spans = re.findall(r'<span class="hr-ref" style="white-space:nowrap">(.*?)</span>', markup)
    assert [re.sub(r"<[^>]+>", "", s) for s in spans] == [kept]
    assert re.sub(r"<[^>]+>", "", markup) == text  # the text itself unchanged


def test_a_replays_hand_list_keeps_each_players_name_on_one_line() -> None:
    w = ReplayWidget("blocked_teams", lang="ja")
    names = re.findall(r'<span class="hr-keep" style="white-space:nowrap">([^<]*)</span>',
                       w.details.value)
    assert {"プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4"} <= set(names)
    assert "プレイヤー4</span>：" in w.details.value
    assert keep_together('<a href="x">A</a> A', ["A"]).count("hr-keep") == 2  # not in a tag


# ------------------------------------------------------------------ 4. menus as wide as their text
def test_the_games_menus_are_as_wide_as_their_longest_choice() -> None:
    rules = css_rules((WIDGETS / "board.css").read_text(encoding="utf-8"))
    selects = " ".join(body for media, sel, body in rules
                       if not media and ".hr-play .widget-dropdown select" in sel)
    boxes = " ".join(body for media, sel, body in rules
                     if not media and sel.startswith(".hr-play .widget-dropdown,"))
    assert "width: auto" in selects and "flex: 0 1 auto" in selects and "max-width: 100%" in selects
    assert "width: auto" in boxes


# ------------------------------------------------------------------ 5. CJK fonts per language
@pytest.mark.parametrize("lang, own, other", [("ja", "ja", "ko"), ("ko", "ko", "ja")])
def test_a_pictures_fonts_put_its_own_languages_cjk_fonts_first(lang: str, own: str,
                                                                 other: str) -> None:
    """The board's texts in Japanese were drawn with a Korean font (ー like a dash): the
    Japanese fonts must come before every Korean one in a Japanese picture, and the other way
    round."""
    svg = str(game_svg(Game(players=4, partners=True, seed=3), seat=0, lang=lang))
    stack = re.search(r'<svg[^>]* font-family="([^"]*)"', svg)
    assert stack is not None
    names = [n.strip().strip("'") for n in stack.group(1).replace("&#x27;", "'").split(",")]
    mine = [names.index(n.strip("'")) for n in CJK_FONTS[own].split(", ")]
    theirs = [names.index(n.strip("'")) for n in CJK_FONTS[other].split(", ")
              if n.strip("'") in names]
    assert max(mine) < min(theirs), names
    assert len(names) == len(set(names)) and names[-1] == "sans-serif"
    strip = hand_strip(Game(players=2, seed=1), seat=0, lang=lang)
    assert f"font-family:{DEFAULT_THEME.fonts(lang)}".replace("'", "&#x27;") in strip
    assert game_svg(Game(players=4, partners=True, seed=3), seat=0, lang=lang) == svg


# ------------------------------------------------------------------ 6. the number box
def test_a_number_box_starts_empty_and_an_empty_box_is_not_0() -> None:
    w = Exercises("total", seed=7, lang="ko")
    assert w.number.value == "" and w.number.placeholder == t("exercise.number_placeholder",
                                                              "ko")
    feedback = w.check()
    assert not feedback.ok and feedback.message == t("exercise.no_answer", "ko")
    w.number.value = "열"
    assert w.check().message == t("exercise.not_a_number", "ko")
    assert w.exercise.attempts == 0  # neither counted as a try
    w.number.value = f" {w.exercise.answer} "
    assert w.check().ok and w.exercise.attempts == 1
    w.next()
    assert w.number.value == ""


def test_a_typed_number_is_read_as_a_learner_types_it() -> None:
    assert [read_number(x) for x in ["0", " 15 ", "１５", "-3", "−3", "", "1.5", "1e3",
                                     "1" * 10]] == [0, 15, 15, -3, -3, None, None, None, None]


# ------------------------------------------------------------------ 7. the download icon
def test_download_my_results_has_an_icon_as_its_neighbours() -> None:
    js = (WIDGETS / "store.js").read_text(encoding="utf-8")
    assert 'icon.className = "fa fa-download"' in js
    assert "button.replaceChildren(icon, document.createTextNode(label))" in js


def test_a_replays_prediction_box_starts_empty_and_an_empty_box_is_not_0() -> None:
    w = ReplayWidget("sequence", predict=True, lang="ja")
    w.next_step()
    assert w.question is not None and w.predict_number.value == ""
    assert w.predict_number.placeholder == t("exercise.number_placeholder", "ja")
    w.predict_check.click()
    assert t("exercise.no_answer", "ja") in w.predict_feedback.value and w.step == 0
    w.predict_number.value = "５"  # [1|4] then [1|1]: 4 + 1 = 5, typed full-width
    w.predict_check.click()
    assert w.step == 1 and w.question is None


def test_a_japanese_report_heading_keeps_its_katakana_words_whole() -> None:
    report = ClassReport(lang="ja")
    report.read([learner_file("佐藤 花")])
    assert "<span style='white-space:nowrap'>プレイヤー</span>" in report.table.value
    report.close()


def test_a_japanese_picture_draws_its_full_width_colon_with_a_fixed_width_font() -> None:
    """The proportional IPAPGothic draws "：" half wide ("置いた牌:[1|2]", ja read 4, D1): the
    fixed-width IPAGothic comes first, in the picture's stack and in the default one."""
    svg = str(game_svg(Game(players=2, seed=1), seat=0, lang="ja"))
    stack = re.search(r'<svg[^>]* font-family="([^"]*)"', svg)
    assert stack is not None
    for names in (stack.group(1).replace("&#x27;", "'"), DEFAULT_THEME.font_family):
        assert names.index("'IPAGothic'") < names.index("'IPAPGothic'"), names
