"""The one message catalog: every message in every language, with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from horserace_nb.i18n import LANGS, MESSAGES, side_name, t
from horserace_nb.tiles import Side

FIELDS = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in FIELDS.parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_exists_in_every_language_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    assert set(entry) == set(LANGS), f"{key}: languages {sorted(entry)}"
    assert all(entry[lang].strip() for lang in LANGS), f"{key}: an empty message"
    names = {lang: placeholders(entry[lang]) for lang in LANGS}
    assert names["en"] == names["ko"] == names["ja"], f"{key}: {names}"


def test_korean_and_japanese_are_translated_not_copied() -> None:
    """A message with English words in it is translated (formats such as '{tile}: {value}'
    are the same everywhere and have no words)."""
    words = re.compile(r"[A-Za-z]{4,}")
    for key, entry in MESSAGES.items():
        english = words.findall(re.sub(r"\{[^}]*\}", "", entry["en"]))
        if not english:
            continue
        for lang in ("ko", "ja"):
            assert entry[lang] != entry["en"], f"{key} is not translated into {lang}"


def test_side_names_follow_the_glossary() -> None:
    """RULES.md's glossary: straight A / 직선 A / 直線側A, branch B / 갈래 B / 側枝B, …"""
    assert [side_name(s, "ko") for s in (Side.LOW, Side.HIGH, Side.STRAIGHT_A, Side.BRANCH_B)] \
        == ["낮은 끝", "높은 끝", "직선 A", "갈래 B"]
    assert [side_name(s, "ja") for s in (Side.LOW, Side.HIGH, Side.STRAIGHT_B, Side.BRANCH_A)] \
        == ["目が少ない端", "目が多い端", "直線側B", "側枝A"]


def test_unknown_language_and_key_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="en, ko, ja"):
        t("side.low", "fr")
    with pytest.raises(KeyError, match="no message"):
        t("no.such.key", "en")


def test_one_point_is_singular_in_english_only() -> None:
    assert t("score.points", "en", raw=5, display=1) == "5 raw (1 point)"
    assert t("score.points", "en", raw=55, display=11) == "55 raw (11 points)"
    assert t("score.points", "ko", raw=5, display=1) == "원점수 5 (표시 점수 1점)"


def test_every_turn_reason_has_its_sentence() -> None:
    """The replay widget says why a turn goes on or ends with the message "turn.<reason>"."""
    from horserace_nb.game import Reason

    reasons = [v for k, v in vars(Reason).items() if k.isupper()]
    assert reasons and all(f"turn.{r}" in MESSAGES for r in reasons)
