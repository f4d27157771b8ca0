"""One term per concept (issue 22): the glossary of each rules page (notebooks/rules.md,
rules.ko.md, rules.ja.md) lists, in its last column, the variants of that page's language not to
use for each concept; no catalog entry, lesson (Markdown, or a string a code cell prints) or
rules-page text outside the glossary uses one. A learner meets one word for one idea, the word
of the rule texts, in every widget, lesson and page of their language."""

from __future__ import annotations

import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CATALOGS = ROOT / "horserace_nb" / "words" / "locales"
PAGES = {"en": NOTEBOOKS / "rules.md", "ko": NOTEBOOKS / "rules.ko.md",
         "ja": NOTEBOOKS / "rules.ja.md"}
TERM_COLUMN = {"en": "English", "ko": "한국어", "ja": "日本語"}
VARIANTS_COLUMN = {"en": "Not to use", "ko": "비슷하지만 쓰지 않는 말", "ja": "使わない言い方"}
GLOSSARY = '<a id="glossary"></a>'
VARIANT = re.compile(r"`([^`]+)`")
SEED_CITATION = re.compile(r"ルール文書(?:では|の)「[^」]+」")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _split_page(lang: str) -> tuple[str, str]:
    """(the page before its glossary, the glossary section)."""
    text = PAGES[lang].read_text(encoding="utf-8")
    start = text.index(GLOSSARY)
    heading = text.rfind("\n", 0, start) + 1
    end = text.find("\n## ", start)
    return text[:heading], text[heading:] if end < 0 else text[heading:end]


def variants(lang: str) -> dict[str, str]:
    """The glossary's variants not to use in *lang* → the term to use instead."""
    lines = [line for line in _split_page(lang)[1].splitlines() if line.startswith("|")]
    assert lines, f"{PAGES[lang].name}: no glossary table"
    header = _cells(lines[0])
    assert header[-1] == VARIANTS_COLUMN[lang], (
        f"{PAGES[lang].name}: the glossary's last column must be {VARIANTS_COLUMN[lang]!r}, "
        f"the variants not to use")
    term = header.index(TERM_COLUMN[lang])
    found: dict[str, str] = {}
    for line in lines[2:]:
        cells = _cells(line)
        assert len(cells) == len(header), f"{PAGES[lang].name}: {line!r} has other columns"
        for variant in VARIANT.findall(cells[-1]):
            assert variant not in cells[term], f"{variant!r} is also the term {cells[term]!r}"
            found[variant] = cells[term]
    return found


def _code_strings(source: str) -> Iterator[str]:
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            yield token.string


def texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a reader of *lang* sees: catalog values, lesson Markdown and
    code strings, the rules page before its glossary."""
    catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    for key, value in catalog.items():
        if isinstance(value, str):
            yield f"{lang}.json {key}", value
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells):
            source = "".join(cell["source"])
            where = f"{lang}/{path.name} cell {number}"
            if cell["cell_type"] == "markdown":  # a lesson may cite the seed's word too
                yield where, SEED_CITATION.sub("", source)
            else:
                yield from ((where, string) for string in _code_strings(source))
    # the rules page may cite the seed's own word for a term, in quotes, by name ("ルール文書で
    # は「完全な加点」"): a citation, not a use
    yield PAGES[lang].name, SEED_CITATION.sub("", _split_page(lang)[0])


@pytest.mark.parametrize("lang", list(PAGES))
def test_no_text_uses_a_variant_the_glossary_rules_out(lang: str) -> None:
    ruled_out = variants(lang)
    uses = [f"{where}: {variant!r} (say {term!r})"
            for where, text in texts(lang)
            for variant, term in ruled_out.items() if variant in text]
    assert not uses, f"{len(uses)} uses of ruled-out variants:\n" + "\n".join(uses)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_korean_and_japanese_glossaries_rule_out_variants(lang: str) -> None:
    """The review found drifting terms in both languages: their glossaries must name some."""
    assert len(variants(lang)) >= 5, f"{PAGES[lang].name}: only {variants(lang)} ruled out"


ONE_WORD: dict[str, dict[str, re.Pattern[str]]] = {
    "ko": {
        # the seed's verb for a tile is 놓다; 두다 is 바둑's (a move, 수를 두다). Auxiliary 두다
        # ("적어 두세요", "남겨 둡니다") stays: only 두다 as the move itself is listed
        "놓다 (a tile is placed, not played as in 바둑)": re.compile(
            r"(?:수를|똑같이|끝까지|무작위로|실제로|수준으로|이어서|차례를|단계를|보드에서) ?"
            r"(?:두|둘|둔|둡|둬|뒀)|둘 (?:차례|곳|수 있는 모든)"),
        # the layout's picture is 배치판; 보드 only in the seed's 크리비지 보드 (and 키보드)
        "배치판": re.compile(r"(?<!키)(?<!크리비지 )보드"),
        # the glossary writes these as whole words; their conjugated forms are caught here
        "기여값 (a noun, not the verb 기여하다)": re.compile(r"[을를] 기여[하합한할해]"),
        "라운드 (played out, not dealt: 라운드를 나누다)": re.compile(r"라운드를 나[누눠]"),
        "끝 합계 (합산한 기여값 labels the picture)": re.compile(r"합산한 기여값(?:이|은|으로)"),
        "두 반쪽의 합을 한 번만 셈 (한 번 더 is placing again)": re.compile(r"한 번 더(?:합|하고)"),
    },
    "ja": {
        "ステップ (a step of a replay or an example; 段階的 is another word)":
            re.compile(r"段階(?!的)"),
        "盤面": re.compile(r"(?<!キー)ボード"),
        "置く (a tile is placed, not played as in 囲碁 or 将棋)": re.compile(r"打[つてっ]|打ち方"),
    },
}
"""Terms the glossary cannot guard by a plain variant (the variant is also part of a right
word: 키보드, 크리비지 보드, 적어 두세요, 段階的): a pattern of the wrong use → the term to use."""


@pytest.mark.parametrize("lang", list(ONE_WORD))
def test_one_word_where_a_plain_variant_would_catch_right_words(lang: str) -> None:
    """ko: 배치판 and 놓다, the rule texts' words (not 보드, not 바둑's 두다); ja: ステップ,
    盤面 and 置く (not 段階, ボード, 打つ) in every catalog entry, lesson and rules page."""
    uses = [f"{where}: {found.group()!r} (say {term})"
            for where, text in texts(lang)
            for term, wrong in ONE_WORD[lang].items()
            for found in wrong.finditer(text)]
    assert not uses, f"{len(uses)} uses of a word to avoid:\n" + "\n".join(uses)
