"""A button's or a menu's name is quoted one way in each language (issue 32, the native reads):
Korean lessons *…* (Markdown; the control-name test checks every such quote against the
widgets' labels), the Korean catalog “…” (plain text); Japanese 「…」 in both. A quote of
another kind slips past the control-name test, and two kinds on one page read as two things.
A menu command that already ends in the verb is not followed by it again ("*모든 셀 실행*을
실행" / "「すべてのセルを実行」を実行"): the lessons say to choose it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lesson_sources import filled_texts

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT / "horserace_nb" / "words" / "locales"
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def _catalog(lang: str) -> dict[str, str]:
    data = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if isinstance(value, str)}


def _labels(lang: str) -> set[str]:
    """Short catalog entries without a placeholder: the names buttons, boxes and menus show
    (a label with a bracketed note is also shown without it: "31점까지 (수업용 변형)")."""
    labels = set()
    for value in _catalog(lang).values():
        for label in (value, value.split(" (")[0]):
            if "{" not in label and len(label) <= 20 and not label.endswith((".", "。", ":")):
                labels.add(label)
    return labels


def _lesson_prose(lang: str) -> dict[str, str]:
    """The lessons' Markdown (a code cell's comment, ``code.*``, is plain text: it quotes as
    the catalog does, where *…* would show its asterisks)."""
    return {key: CODE.sub("", body) for key, body in filled_texts(lang).items()
            if not key.startswith("code.")}


def _code_comments(lang: str) -> dict[str, str]:
    return {key: body for key, body in filled_texts(lang).items() if key.startswith("code.")}


OTHER_QUOTES = {
    "ko": re.compile(r"\*\*([^*\n]+)\*\*|‘([^’\n]+)’|“([^”\n]+)”|「([^」\n]+)」"),
    "ja": re.compile(r"\*\*([^*\n]+)\*\*|‘([^’\n]+)’|“([^”\n]+)”|『([^』\n]+)』"),
}
"""Quotes other than the language's own in its lessons (ko *…*, ja 「…」)."""

# words the lessons set in bold as terms or emphasis that are also a label somewhere (a menu's
# item, a place in the editor, a side of a double, a heading): not a control being quoted
TERMS = {"ko": {"배치", "남은 타일 더미", "보유 타일", "라운드", "더블타일", "일반 타일", "원점수",
                "표시 점수", "차례", "득점", "선공자", "수업용 변형", "끝", "상대", "국면 코드",
                "경마", "다음", "차례를 넘깁니다", "국면 편집기"},
         "ja": {"配置", "タロン", "手牌", "ハンド", "ダブル", "シンプル", "得点", "手番", "先手",
                "換算前の得点", "表示得点", "パス", "授業用の短縮ルール", "端", "相手",
                "局面コード", "ブロック", "個人戦", "ペア戦", "シード", "直線側A", "直線側B",
                "側枝A", "側枝B", "得点端", "もう一度", "精算", "局面エディター"}}


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_lessons_quote_a_control_the_languages_one_way(lang: str) -> None:
    labels = _labels(lang) - TERMS[lang]
    other = [(key, next(group for group in found.groups() if group))
             for key, prose in _lesson_prose(lang).items()
             for found in OTHER_QUOTES[lang].finditer(prose)]
    wrong = [(key, quoted) for key, quoted in other if " ".join(quoted.split()) in labels]
    assert not wrong, (f"{lang}: a control quoted otherwise than "
                       f"{ {'ko': '*…*', 'ja': '「…」'}[lang]}: {wrong}")


@pytest.mark.parametrize(("lang", "other"), [("ko", re.compile(r"‘[^’]*’|「[^」]*」")),
                                             ("ja", re.compile(r"‘[^’]*’|“[^”]*”|『[^』]*』"))])
def test_the_catalog_quotes_names_the_languages_one_way(lang: str, other: re.Pattern[str]) -> None:
    """ko “…”, ja 「…」 around a button's, a set's or a file's name in the widgets' texts and
    the code cells' comments (plain text: no *…*, ko read 4, D1)."""
    wrong = [(key, found) for key, value in {**_catalog(lang), **_code_comments(lang)}.items()
             for found in [*other.findall(value), *re.findall(r"\*[^*]+\*", value)]]
    assert not wrong, f"{lang}: quoted otherwise than the catalog's own quotes: {wrong}"


REPEATED_VERB = {"ko": re.compile(r"실행\*?(?:을|를) 실행"), "ja": re.compile(r"実行」を実行")}


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_menu_command_is_chosen_not_run_again(lang: str) -> None:
    texts = {**_lesson_prose(lang), **_catalog(lang)}
    wrong = [(key, found) for key, text in texts.items()
             for found in REPEATED_VERB[lang].findall(text)]
    assert not wrong, f"{lang}: a command's name followed by its own verb again: {wrong}"
