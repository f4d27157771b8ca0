"""Text alternatives of layouts and game views (RULES.md, "worked examples"; glossary).

The Korean and Japanese sentences must be, character for character, the long lines that follow
each worked example in the seed texts; they are read from the texts themselves. English follows
the same structure with the glossary's labels.
"""

from __future__ import annotations

import re

import pytest
from conftest import (
    NONE_WORD,
    WorkedExample,
    all_examples,
    glossary,
    layout_for,
    need_rule_texts,
    with_rule_texts,
    worked_examples,
)

from horserace_nb import Layout, Side, Tile
from horserace_nb.core.settlement import HandResult
from horserace_nb.words.describe import (
    describe_layout,
    status_sentences,
    summary,
    summary_sentences,
)
from horserace_nb.words.i18n import LANGS, side_name
from horserace_nb.words.names import scoring_sides

EXAMPLES = with_rule_texts(all_examples())


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_describe_is_the_seed_texts_sentence_character_for_character(
        example: WorkedExample) -> None:
    """``Layout.describe("ko"/"ja")`` equals the long line after "놓은 타일 [x|y]" /
    "置いた牌：[x|y]" (R9–R15 as the texts state them)."""
    assert layout_for(example.tile).describe(example.lang) == example.long


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_summary_is_the_seed_texts_short_line(example: WorkedExample) -> None:
    assert summary(layout_for(example.tile), example.lang) == example.short


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_caption_lines_are_the_two_sentences_of_the_short_line(example: WorkedExample) -> None:
    """The picture's caption shows the sum and the score on a line each: together they are the
    seed text's short line, split after its first sentence."""
    lines = summary_sentences(layout_for(example.tile), example.lang)
    sep = "" if example.lang == "ja" else " "
    assert len(lines) == 2 and sep.join(lines) == example.short
    assert example.numbers["sum"] in lines[0] and str(example.numbers["raw"]) in lines[1]


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_exercise_text_alternative_keeps_the_layout_and_hides_the_answer(
        example: WorkedExample) -> None:
    """``numbers=False`` (an exercise): the texts' listings of tiles, spinners, connections and
    open points, without the sum, the score or the contributions."""
    text = describe_layout(layout_for(example.tile), example.lang, numbers=False)
    sections = example.sections
    for key in ("tiles", "spinners", "connections", "points"):
        assert sections[key] in text, key
    assert sections["contributions"] not in text
    assert all(sentence not in text for sentence in summary_sentences(
        layout_for(example.tile), example.lang))
    assert describe_layout(Layout(), example.lang, numbers=False) == Layout().describe(
        example.lang)


def test_status_names_teams_the_blocked_hand_and_the_winners() -> None:
    """With partners the scores, gains and winners are per team (seats 0 + 2, 1 + 3; R2); a
    blocked hand says so (R20); a finished game names the winning side."""
    names = ["Ann", "Ben", "Cho", "Dai"]
    sides = scoring_sides(names, True, "en")
    assert sides == ["Ann & Cho", "Ben & Dai"]
    blocked = HandResult(reason="blocked", winners=(1,), gains={1: 4}, pips=(9, 2, 7, 1),
                         partners=True)
    assert status_sentences("en", sides=sides, names=names, target=61, scores=[30, 44],
                            to_play=0, hand_over=True, result=blocked) == [
        "Scores (target 61): Ann & Cho 30, Ben & Dai 44", "Hand blocked: Ben & Dai +4"]
    lines = status_sentences("en", sides=sides, names=names, target=61, scores=[61, 44],
                             to_play=0, hand_over=True, result=blocked, winners=(0,))
    assert lines[1] == "Game over: Ann & Cho won"
    lines = status_sentences("en", sides=names[:2], names=names[:2], target=61, scores=[5, 0],
                             to_play=1, hand_over=False, pending=Tile(2, 5))
    assert lines[1] == "Ben must place the drawn tile [2|5] (R18)"


def test_every_documented_example_is_covered_in_both_languages() -> None:
    need_rule_texts()
    assert len(worked_examples("ko")) == len(worked_examples("ja")) == 11


EN = re.compile(
    r"^(?P<summary>counted contributions?: (?P<sum>[\d +]+) = (?P<total>\d+)\. "
    r"placement score \(raw\): (?P<raw>\d+) \(display points?: (?P<display>\d+)\)\.) "
    r"tiles?: (?P<tiles>[^.]+)\. spinners?: (?P<spinners>[^.]+)\. "
    r"connections?: (?P<connections>[^.]+)\. open connection points?: (?P<points>[^.]+)\. "
    r"counted contributions?: (?P<contributions>[^.]+)\.$",
    re.IGNORECASE)


def _to_english(text: str, lang: str) -> str:
    """Translate a section of a ko/ja listing with the glossary's side names."""
    for names in sorted(glossary().values(), key=lambda n: -len(n[lang])):
        text = text.replace(f"({names[lang]}", f"({names['en']}")
    return "none" if text == NONE_WORD[lang] else text


@pytest.mark.parametrize("example", with_rule_texts(worked_examples("ko")), ids=str)
def test_english_text_alternative_has_the_same_structure_with_glossary_labels(
        example: WorkedExample) -> None:
    """English: the same sections in the same order, labelled with the glossary's terms (counted
    contribution, placement score (raw), display points, tile, spinner, open connection point),
    side names from the glossary, and the same listings as the Korean text."""
    text = layout_for(example.tile).describe("en")
    m = EN.match(text)
    assert m, text
    numbers = example.numbers
    assert (m["sum"], int(m["total"]), int(m["raw"]), int(m["display"])) == (
        numbers["sum"], numbers["total"], numbers["raw"], numbers["display"])
    ko = example.sections
    for key in ("tiles", "spinners", "connections", "points", "contributions"):
        assert m[key] == _to_english(ko[key], "ko"), key
    assert summary(layout_for(example.tile), "en") == m["summary"]


def test_glossary_side_names_are_used_in_every_language() -> None:
    for en, names in glossary().items():
        side = Side(en.lower().replace(" end", "").replace(" ", "_"))
        for lang in LANGS:
            assert side_name(side, lang) == names[lang]


def test_describe_lists_open_points_by_tile_then_side_name() -> None:
    """RULES.md: open points by tile (low number, then high), then by the side's English name."""
    layout = layout_for(Tile(1, 3))
    text = layout.describe("en")
    points = re.search(r"Open connection points: ([^.]+)\.", text, re.IGNORECASE)
    assert points
    items = re.findall(r"\[(\d)\|(\d)\] \(([a-z AB]+), \d\)", points[1])
    keys = [(int(a), int(b), side) for a, b, side in items]
    assert keys == sorted(keys) and len(keys) == len(layout.open_points())


def test_describe_is_deterministic_and_does_not_change_the_layout() -> None:
    layout = layout_for(Tile(0, 5))
    first = [layout.describe(lang) for lang in LANGS]
    assert [layout.describe(lang) for lang in LANGS] == first
    assert layout.tiles == layout_for(Tile(0, 5)).tiles


def test_empty_layout_has_a_text_alternative_in_every_language() -> None:
    texts = [Layout().describe(lang) for lang in LANGS]
    assert all(texts) and len(set(texts)) == 3


def test_describe_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="language"):
        layout_for(Tile(2, 2)).describe("fr")
