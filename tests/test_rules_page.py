"""The project's rules page (docs/rules.md, rules.ko.md, rules.ja.md): every rule R1–R28 has its
anchor, the three languages link each other, every rule the program or a tutorial cites is on the
page, and the page states the same key numbers as the team's restatement of the rule texts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = {"en": DOCS / "rules.md", "ko": DOCS / "rules.ko.md", "ja": DOCS / "rules.ja.md"}
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"
RULES = [f"r{n}" for n in range(1, 29)]

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
RULE_HEADING = re.compile(r'^### <a id="(r\d+)"></a>R(\d+) · \S', re.MULTILINE)
CITED = re.compile(r"\bR(\d+)\b")


def _text(lang: str) -> str:
    return PAGES[lang].read_text(encoding="utf-8")


def _rule_section(text: str, number: int) -> str:
    """The text of rule *number*: from its anchor to the next rule's anchor or section heading."""
    start = text.index(f'<a id="r{number}"></a>')
    end = re.search(r'^(### <a id="r\d+"|## )', text[start + 1:], re.MULTILINE)
    return text[start:] if end is None else text[start:start + 1 + end.start()]


def _table_rows(text: str) -> set[tuple[str, ...]]:
    """Every Markdown table row as a tuple of stripped cells (quoted rows included)."""
    rows = set()
    for line in text.splitlines():
        line = line.lstrip("> ").strip()
        if line.startswith("|") and line.endswith("|"):
            rows.add(tuple(cell.strip() for cell in line.strip("|").split("|")))
    return rows


@pytest.mark.parametrize("lang", PAGES)
def test_every_rule_has_one_anchor_in_order(lang: str) -> None:
    """`rules.md#r17` must land on R17: anchors r1…r28, each once, in order, each on its rule."""
    text = _text(lang)
    ids = [a for a in ANCHOR.findall(text) if re.fullmatch(r"r\d+", a)]
    assert ids == RULES
    headings = RULE_HEADING.findall(text)
    assert [anchor for anchor, _ in headings] == RULES
    assert all(anchor == f"r{number}" for anchor, number in headings)


@pytest.mark.parametrize("lang", PAGES)
def test_internal_links_land_on_an_anchor_and_page_is_plain_markdown(lang: str) -> None:
    text = _text(lang)
    targets = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert targets, "the contents list links the sections"
    assert targets <= set(ANCHOR.findall(text))
    assert "<script" not in text.lower()


@pytest.mark.parametrize("lang", PAGES)
def test_the_top_line_links_the_other_two_languages(lang: str) -> None:
    top = _text(lang).splitlines()[0]
    others = {path.name for other, path in PAGES.items() if other != lang}
    assert set(re.findall(r"\]\((rules(?:\.\w\w)?\.md)\)", top)) == others


def test_every_rule_the_program_and_tutorials_cite_is_on_every_page() -> None:
    files = [p for p in (ROOT / "horserace_nb").rglob("*") if p.suffix in {".py", ".js", ".css"}]
    files += list((ROOT / "notebooks").rglob("*.ipynb"))
    cited = {int(n) for path in files for n in CITED.findall(path.read_text(encoding="utf-8"))}
    assert {1, 17, 28} <= cited, "the catalog cites rules; if not, this test reads the wrong files"
    for lang in PAGES:
        anchors = set(ANCHOR.findall(_text(lang)))
        missing = sorted(n for n in cited if f"r{n}" not in anchors)
        assert not missing, f"{PAGES[lang].name} lacks rules cited by the code: {missing}"


def _shared_rules() -> str:
    if not SHARED_RULES.exists():
        pytest.skip("../shared/RULES.md is absent (it exists only beside CI and the checkout)")
    return SHARED_RULES.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", PAGES)
def test_key_numbers_agree_with_the_restatement(lang: str) -> None:
    """Hand sizes, boneyard sizes, the target and the 5-raw point, as RULES.md states them."""
    rules = _shared_rules()
    deal = re.search(r"Deal (\d+) each \(2 players\), (\d+) each \(3\), (\d+) each \(4\)", rules)
    left = re.search(r"\((\d+) / (\d+) / (\d+)\)\s+is the boneyard", rules)
    per_point = re.search(r"(\d+) raw pips = 1 display point", rules)
    target = re.search(r"The target is (\d+) display\s+points \((\d+) raw\)", rules)
    assert deal and left and per_point and target, "RULES.md changed its wording; update the test"

    text = _text(lang)
    deal_rows = _table_rows(_rule_section(text, 5))
    for players, hand, rest in zip(("2", "3", "4"), deal.groups(), left.groups(), strict=True):
        assert (players, hand, rest) in deal_rows
    point_rows = _table_rows(_rule_section(text, 3))
    assert (per_point[1], "1") in point_rows
    assert (target[2], target[1]) in point_rows
    assert target[1] in _rule_section(text, 26)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_rule_texts_terms_are_used(lang: str) -> None:
    """Every Korean or Japanese term of RULES.md's glossary is used in that language's page
    before its own glossary (a parenthesised gloss aside)."""
    rules = _shared_rules()
    column = {"ko": 1, "ja": 2}[lang]
    glossary = rules[rules.index("## Glossary"):]
    terms = [row[column] for row in _table_rows(glossary) if row[0] not in {"en", "---"}]
    assert len(terms) >= 10
    text = _text(lang)
    prose = text[:text.index('<a id="glossary"></a>')]
    words = [re.sub(r"\s*\(.*?\)", "", word) for term in terms for word in term.split(" / ")]
    missing = [word for word in words if word not in prose]
    assert not missing


BONEYARD = {"en": "boneyard", "ko": "남은 타일 더미", "ja": "タロン"}


@pytest.mark.parametrize("lang", PAGES)
def test_the_boneyard_is_introduced_before_the_word_is_used(lang: str) -> None:
    """The first use of the word is its definition, in bold, in the deal (R5)."""
    text = _text(lang)
    first = text.lower().index(BONEYARD[lang])
    assert text.index('<a id="r5"></a>') < first < text.index('<a id="r6"></a>')
    assert text[first - 2:first] == "**"
