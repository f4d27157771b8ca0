"""Every Korean and Japanese lesson has the English lesson's shape (issue 22): the same cells in
the same order; in each Markdown cell the same headings (by level), bullet and numbered lists
with the same number of items, tables with the same number of rows, pictures and rule links; in
each code cell the same code, strings and comments aside, so the same widgets with the same
arguments. A learner who switches language finds the same task in the same place, and a teacher
who prepared from the English guide finds every step in the Korean one."""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path
from typing import Any

import mistune
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(path.name for path in (NOTEBOOKS / "en").glob("*.ipynb"))
RULE_LINK = re.compile(r"\[R(\d+)\]\(")

_markdown = mistune.create_markdown(renderer=None, plugins=["table"])


def _cells(lang: str, name: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(
        (NOTEBOOKS / lang / name).read_text(encoding="utf-8"))["cells"]
    return cells


def _blocks(tokens: list[dict[str, Any]]) -> list[str]:
    """The structural blocks of a Markdown AST, in order: headings by level, lists by kind and
    item count, tables by row count, pictures (nested lists and quotes included)."""
    shape: list[str] = []
    for token in tokens:
        kind = token["type"]
        children = token.get("children") or []
        if kind == "heading":
            shape.append(f"h{token['attrs']['level']}")
        elif kind == "list":
            ordered = "numbered" if token["attrs"].get("ordered") else "bullets"
            shape.append(f"{ordered}×{len(children)}")
        elif kind == "table":
            rows = sum(len(part.get("children") or []) for part in children
                       if part["type"] == "table_body")
            shape.append(f"table×{rows}")
            continue
        elif kind == "image":
            shape.append("picture")
        shape.extend(_blocks(children))
    return shape


def markdown_shape(source: str) -> tuple[list[str], list[str]]:
    """(blocks, rule numbers linked, sorted: word order differs) of one Markdown cell.

    >>> markdown_shape("## A\\n\\n- x\\n- y\\n\\nSee [R3](../rules.md#r3).")
    (['h2', 'bullets×2'], ['3'])
    >>> markdown_shape("It reaches\\n62. A tile")  # a number in a sentence is no list
    ([], [])
    """
    tokens = _markdown(source)
    assert isinstance(tokens, list)
    return _blocks(tokens), sorted(RULE_LINK.findall(source), key=int)


def code_shape(source: str) -> list[str]:
    """The tokens of a code cell with every string literal blanked and comments dropped."""
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENDMARKER}
    return ['""' if tok.type == tokenize.STRING else tok.string
            for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type not in skip]


def test_every_lesson_exists_in_every_language() -> None:
    for lang in ("ko", "ja"):
        assert sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb")) == LESSONS, lang


@pytest.mark.parametrize("lang", ["ko", "ja"])
@pytest.mark.parametrize("name", LESSONS)
def test_lesson_has_the_english_lessons_cells_sections_lists_and_widgets(
        name: str, lang: str) -> None:
    english, other = _cells("en", name), _cells(lang, name)
    kinds = [cell["cell_type"] for cell in english]
    assert [cell["cell_type"] for cell in other] == kinds, f"{lang}/{name}: other cells"
    for number, (en_cell, cell) in enumerate(zip(english, other, strict=True)):
        en_source, source = "".join(en_cell["source"]), "".join(cell["source"])
        where = f"{lang}/{name} cell {number}"
        if en_cell["cell_type"] == "code":
            assert code_shape(source) == code_shape(en_source), f"{where}: other code"
        else:
            (en_blocks, en_rules), (blocks, rules) = (markdown_shape(en_source),
                                                      markdown_shape(source))
            assert blocks == en_blocks, f"{where}: {blocks} where English has {en_blocks}"
            assert rules == en_rules, f"{where}: links R{rules}, English R{en_rules}"


_STRONG = re.compile(r"\*\*")
_CODE_SPAN = re.compile(r"`[^`\n]*`")


def _punct(char: str) -> bool:
    import unicodedata

    return unicodedata.category(char)[0] in "PS"


def unclosed_bold(source: str) -> list[str]:
    """The ``**…**`` spans of *source* that a CommonMark renderer (JupyterLab's) shows as
    literal asterisks: a ``**`` that closes must be right-flanking (CommonMark 6.2: not after a
    space, and after punctuation only when a space or punctuation follows), and one that opens
    left-flanking (the mirror rule). Korean and Japanese meet it where a particle follows a
    bold name that ends in punctuation (``**표 내려받기 (CSV)**와``)."""
    bad = []
    for paragraph in re.split(r"\n\s*\n", source):  # a span may run over lines, not paragraphs
        text = _CODE_SPAN.sub(lambda m: "x" * len(m.group()), paragraph.replace("\n", " "))
        opening = True
        for match in _STRONG.finditer(text):
            before = text[match.start() - 1] if match.start() else " "
            after = text[match.end()] if match.end() < len(text) else " "
            if opening:
                ok = not after.isspace() and (not _punct(after) or before.isspace()
                                              or _punct(before))
            else:
                ok = not before.isspace() and (not _punct(before) or after.isspace()
                                               or _punct(after))
            if not ok:
                bad.append(text[max(0, match.start() - 60):match.end() + 20].strip())
                break
            opening = not opening
    return bad


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_no_bold_text_shows_its_asterisks(lang: str) -> None:
    """Every ``**bold**`` of every lesson renders as bold: none shows its asterisks to the
    learner (lesson 11 in Korean did, after a button name ending in a bracket)."""
    assert unclosed_bold("**표 내려받기 (CSV)**와") and not unclosed_bold("**표 (CSV)** 버튼과")
    found = {name: bad for name in LESSONS
             for cell in _cells(lang, name) if cell["cell_type"] == "markdown"
             if (bad := unclosed_bold("".join(cell["source"])))}
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_no_learners_page_leads_on_to_the_teachers_answer_keys(lang: str) -> None:
    """A teacher's read: the puzzles' *Next* led learners to the teacher guide, whose stored
    outputs and exit tickets hold the answers. A learner's page leads on to the next learner's
    page, the last to the start page; the start page lists the teacher's pages apart."""
    from horserace_nb.teaching.course import COURSE, notebook

    folder = Path(__file__).resolve().parents[1] / "notebooks" / lang
    teachers = {notebook(lesson.slug) for lesson in COURSE if lesson.teacher}
    assert notebook("teacher_guide") in teachers
    for lesson in COURSE:
        if lesson.teacher:
            continue
        cells = json.loads((folder / notebook(lesson.slug)).read_text("utf-8"))["cells"]
        nav = "".join(cells[-1]["source"])
        links = re.findall(r"\]\(([^)]+\.ipynb)\)", nav)
        assert links and not set(links) & teachers, f"{lang}/{notebook(lesson.slug)}: {nav}"
    start = json.loads((folder / notebook("start")).read_text("utf-8"))["cells"]
    contents = next("".join(c["source"]) for c in start
                    if notebook("teacher_guide") in "".join(c["source"]))
    learners = contents.index(f"({notebook('puzzles')})")
    assert contents.index(f"({notebook('teacher_guide')})") > contents.index("\n\n", learners)
