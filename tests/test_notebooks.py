"""The tutorial notebooks: the same numbered set in every language, in sync with their builder,
stored without outputs except the checked ones (nbval runs them: see pyproject.toml)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab_names import LAB_NAMES, lab_name
from lesson_sources import builder, filled_texts

from horserace_nb.lite.pages import site_links
from horserace_nb.teaching.course import COURSE, notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")


def _load(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", ["rules", "rules.ko", "rules.ja"])
def test_each_rules_page_has_its_notebook_in_sync(page: str) -> None:
    """``notebooks/<page>.ipynb`` (what a widget's rule link opens in Notebook 7 and Voilà,
    which render notebooks but not markdown files) is its page, one markdown cell, as the
    builder writes it: every rule's anchor kept, the other languages' links to their
    notebooks, which exist."""
    build = builder()
    path = NOTEBOOKS / f"{page}.ipynb"
    markdown = (NOTEBOOKS / f"{page}.md").read_text(encoding="utf-8")
    assert path.read_text(encoding="utf-8") == build.build_rules_notebook(markdown), \
        "out of date: run .venv/bin/python lessons/build.py"
    cells = _load(path)["cells"]
    assert [c["cell_type"] for c in cells] == ["markdown"]
    source = "".join(cells[0]["source"])
    for n in range(1, 29):
        assert f'<a id="r{n}"></a>R{n} · ' in source
    others = re.findall(r"\]\((rules[^)#]*)\)", source)
    assert len(others) == 2 and all(o.endswith(".ipynb") and (NOTEBOOKS / o).is_file()
                                    for o in others), others


def test_every_language_has_the_same_numbered_notebooks() -> None:
    names = {lang: sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb")) for lang in LANGS}
    assert names["en"] == names["ko"] == names["ja"]
    assert [n[:2] for n in names["en"]] == [f"{i:02d}" for i in range(len(names["en"]))]
    assert names["en"] == [notebook(lesson.slug) for lesson in COURSE]  # the one list


@pytest.mark.parametrize("lang", LANGS)
def test_notebooks_match_their_builder(lang: str) -> None:
    """Code cells are identical across languages (only LANG differs) and the markdown is the
    catalog text of that language: rebuild the structure (without running it) and compare."""
    build = builder()
    text = filled_texts(lang)
    for index, (name, cells) in enumerate(build.STRUCTURE):
        expected = build.build_notebook(cells, lang, text, index)
        stored = _load(NOTEBOOKS / lang / name)
        assert [c["cell_type"] for c in stored["cells"]] == [c.cell_type for c in expected.cells]
        for got, want in zip(stored["cells"], expected.cells, strict=True):
            assert "".join(got["source"]) == want.source, f"{lang}/{name}: rebuild the notebooks"


@pytest.mark.parametrize("lang", LANGS)
def test_outputs_are_stored_only_where_they_are_checked(lang: str) -> None:
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in _load(path)["cells"]:
            if cell["cell_type"] != "code":
                continue
            if "nbval-check-output" not in cell["metadata"].get("tags", []):
                assert cell["outputs"] == [], f"{path.name}: unchecked cell with output"
            else:
                assert cell["outputs"], f"{path.name}: a checked cell without its output"
                assert all(o["output_type"] != "error" for o in cell["outputs"])


def test_start_pages_link_every_tutorial_in_order() -> None:
    for lang in LANGS:
        start = _load(NOTEBOOKS / lang / "00_start.ipynb")
        text = next(source for source in ("".join(c["source"]) for c in start["cells"])
                    if "01_tiles_players.ipynb" in source)  # the contents
        links = re.findall(r"\]\((\d\d_[a-z_]+\.ipynb)\)", text)
        expected = sorted(p.name for p in (NOTEBOOKS / lang).glob("[01][0-9]_*.ipynb")
                          if not p.name.startswith("00"))
        assert links == expected
    index = "".join("".join(c["source"]) for c in _load(NOTEBOOKS / "index.ipynb")["cells"])
    for lang in LANGS:
        assert f"({lang}/00_start.ipynb)" in index
    for page in ("rules.md", "rules.ko.md", "rules.ja.md"):
        assert f"({page})" in index and (NOTEBOOKS / page).exists()


@pytest.mark.parametrize("lang", ("ko", "ja"))
def test_korean_and_japanese_use_the_glossary(lang: str) -> None:
    """RULES.md's glossary: the seed texts' vocabulary, not ad-hoc translations."""
    words = {"ko": ["스피너", "직선", "갈래", "남은 타일 더미", "라운드", "원점수"],
             "ja": ["分岐ダブル", "直線側", "側枝", "タロン", "ハンド", "換算前の得点"]}[lang]
    text = "".join("".join("".join(c["source"]) for c in _load(p)["cells"])
                   for p in (NOTEBOOKS / lang).glob("*.ipynb"))
    if "TODO-TRANSLATE" in text:
        pytest.skip(f"{lang}: the new lesson text is not translated yet (TODO-TRANSLATE)")
    for word in words:
        assert word in text, word


# ---------------------------------------------------------------------------- links and outputs
RULES_PAGES = {"en": "rules.md", "ko": "rules.ko.md", "ja": "rules.ja.md"}
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]+)\)")


def _markdown(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in _load(path)["cells"] if c["cell_type"] == "markdown"]


def _anchors(page: Path) -> set[str]:
    return set(re.findall(r'<a id="([a-z0-9]+)"></a>', page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LANGS)
def test_every_notebook_ends_with_back_next_and_start_links(lang: str) -> None:
    names = sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb"))
    for i, name in enumerate(names):
        last = _markdown(NOTEBOOKS / lang / name)[-1]
        targets = [target for _, target in _LINK.findall(last)]
        assert len(targets) == 3, f"{lang}/{name}: the last cell links Back, Next and Start"
        back, forward, start = targets
        assert back == (names[i - 1] if i else "../index.ipynb"), name
        # Next: the next page of the same kind, a learner's or the teacher's (a learner's
        # page never leads to the guide's answer keys); after the last, the start page
        teacher = {notebook(lesson.slug): lesson.teacher for lesson in COURSE}
        later = [n for n in names[i + 1:] if teacher[n] == teacher[name]]
        assert forward == (later[0] if later else names[0]), name
        assert start == "00_start.ipynb"
        for target in targets:
            assert (NOTEBOOKS / lang / target).resolve().exists(), f"{name}: {target}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_relative_link_resolves(lang: str) -> None:
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in _markdown(path):
            for _, target in _LINK.findall(_CODE.sub("", cell)):
                if "://" in target or site_links(f"]({target})"):
                    continue  # a page of the classroom site: tests/test_lite.py checks those
                file, _, anchor = target.partition("#")
                assert (path.parent / file).resolve().exists(), f"{path.name}: {target}"
                if file.endswith(".md") and anchor:
                    assert anchor in _anchors(path.parent / file), f"{path.name}: {target}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_number_links_to_its_anchor_on_the_rules_page_of_the_language(
        lang: str) -> None:
    page = NOTEBOOKS / RULES_PAGES[lang]
    anchors = _anchors(page)
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in _markdown(path):
            prose = _CODE.sub("", cell)
            linked = {(text, target) for text, target in _LINK.findall(prose)}
            for text, target in linked:
                if re.fullmatch(r"R\d+", text):
                    assert target == f"../{RULES_PAGES[lang]}#r{text[1:]}", (path.name, target)
                    assert f"r{text[1:]}" in anchors
            bare = _LINK.sub("", prose)
            assert not re.search(r"(?<![\w#/])R\d+\b", bare), \
                f"{lang}/{path.name}: a rule number without its link: {bare[:200]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_is_taught_in_a_lesson(lang: str) -> None:
    cited: set[int] = set()
    for path in [NOTEBOOKS / lang / notebook(c.slug) for c in COURSE if c.rules]:
        for cell in _markdown(path):
            cited |= {int(n) for n in re.findall(r"\]\(\.\./rules[a-z.]*\.md#r(\d+)\)", cell)}
    assert sorted(set(range(1, 29)) - cited) == []


# What a ko/ja learner may see in a checked output besides their language: tiles, numbers,
# rule numbers, the side letters A/B, the legend's sample "n" and the game's name.
_NOT_ENGLISH = re.compile(r"\[\d\|\d\]|\bR\d+\b|\b[ABn]\b|Horse Race|&amp;")


def _shown_text(output: dict) -> str:  # type: ignore[type-arg]
    if output["output_type"] == "stream":
        return "".join(output["text"])
    data = output.get("data", {})
    if "image/svg+xml" in data:  # the words drawn and the text alternative, not the markup
        return " ".join(re.findall(r">([^<>]+)<", "".join(data["image/svg+xml"])))
    if "text/html" in data:
        return re.sub(r"<[^>]+>", " ", "".join(data["text/html"]))
    return "".join(data.get("text/plain", ""))


@pytest.mark.parametrize("lang", ("ko", "ja"))
def test_korean_and_japanese_lessons_show_no_english_output(lang: str) -> None:
    """The checked outputs are pictures, numbers, tiles and sentences in the lesson's language:
    no Python value (True, a dict, a repr) and no English word."""
    checked = 0
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in _load(path)["cells"]:
            if cell["cell_type"] != "code" or "nbval-check-output" not in cell["metadata"].get(
                    "tags", []):
                continue
            for output in cell["outputs"]:
                checked += 1
                words = re.findall(r"[A-Za-z]{2,}", _NOT_ENGLISH.sub(" ", _shown_text(output)))
                assert not words, f"{lang}/{path.name}: English in an output: {words[:10]}"
    assert checked > 20


# ---------------------------------------------------------------------------- lessons 04–11
MY_KEYS = ("turns.", "settle.", "end.", "play.", "guide.", "report.")
"""The text of lessons 04–08, 10 and 11 (the other lessons have their own checks)."""
_QUOTED = {"en": re.compile(r"\*([^*]+)\*"), "ko": re.compile(r"\*([^*]+)\*"),
           "ja": re.compile(r"「([^」]+)」")}
# Not the widgets' labels: keys, and JupyterLab's own names (below), as it shows them.
_KEYS = {"Tab", "Enter", "Escape", "Esc"}


def _labels(lang: str) -> list[re.Pattern[str]]:
    catalog = json.loads((ROOT / "horserace_nb" / "words" / "locales" / f"{lang}.json")
                         .read_text(encoding="utf-8"))
    patterns = []
    for value in catalog.values():
        if not isinstance(value, str):
            continue
        for label in {value, value.split(" (")[0]}:  # "초급 (무작위로 놓기)" is shown as 초급 too
            parts = re.split(r"\{[^{}]*\}", label)
            if len("".join(parts).strip()) < 2:  # "{text}", "{a} {b}": no label of its own
                continue
            patterns.append(re.compile(".+".join(re.escape(p) for p in parts) + r"\Z"))
    return patterns


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_name_the_controls_as_the_widgets_show_them(lang: str) -> None:
    """Every control a lesson quotes (*…*, ja 「…」) is a label of the widgets in that language
    (a catalog text), a heading of the lessons, or JupyterLab's own: a teacher who reads "press
    *새 게임*" finds that button (the Korean review's finding 1)."""
    text = filled_texts(lang)
    headings = {h.strip() for body in text.values()
                for h in re.findall(r"^#+ (?:\d+\. )?(.+)$", body, re.M)}
    headings |= {h.split("：")[0].split(": ")[0] for h in headings}
    patterns = _labels(lang)
    _not_widget = _KEYS | {lab_name(lang, name) for name in LAB_NAMES}
    wrong = []
    for key, body in text.items():
        if not key.startswith(MY_KEYS):
            continue
        prose = re.sub(r"\*\*[^*]+\*\*", "", _CODE.sub("", body))  # bold is not a quote
        prose = re.sub(r"ルール文書(?:では|の)「[^」]+」", "", prose)  # the seed's word, cited
        for quoted in _QUOTED[lang].findall(prose):
            quoted = " ".join(quoted.split())  # a label may wrap at the end of a line
            if quoted in _not_widget or quoted in headings or any(
                    p.match(quoted) for p in patterns):
                continue
            wrong.append((key, quoted))
    assert not wrong, f"{lang}: not a label the widgets show: {wrong}"


@pytest.mark.parametrize("lang", ("ko", "ja"))
def test_lessons_name_jupyterlabs_menus_as_its_language_pack_shows_them(lang: str) -> None:
    """Every JupyterLab name a Korean (Japanese) lesson quotes, anywhere in the lessons, is the
    language pack's translation of JupyterLab's English name (*실행 → 모든 셀 실행*, not *Run →
    Run All Cells*): the site and JupyterLab show the lessons' language (issue 32)."""
    names = {english: lab_name(lang, english) for english in LAB_NAMES}
    assert names["Run → Run All Cells"] == {"ko": "실행 → 모든 셀 실행",
                                            "ja": "実行 → すべてのセルを実行"}[lang]
    quoted = [(key, " ".join(q.split())) for key, body in filled_texts(lang).items()
              for q in _QUOTED[lang].findall(re.sub(r"\*\*[^*]+\*\*", "", _CODE.sub("", body)))]
    english = [(key, q) for key, q in quoted if q in names and names[q] != q]
    assert not english, f"{lang}: JupyterLab's English names, not the pack's: {english}"
    paths = [(key, q) for key, q in quoted if ("→" in q or " | " in q)
             and q not in names.values()]
    assert not paths, f"{lang}: not JupyterLab's names as the pack shows them: {paths}"
    assert names["Run → Run All Cells"] in {q for _, q in quoted}


_WORD_EN = re.compile(r"[A-Za-z0-9']+")


@pytest.mark.parametrize("name", [notebook(slug) for slug in ("turns", "drawing", "settlement",
                                                                  "end_of_game")])
def test_micro_lessons_open_with_a_task_and_keep_the_prose_short(name: str) -> None:
    """The lessons from turns to the end of the game (English): a task (a code cell that shows
    a widget) within the first 200 words, at most about 150 words of prose between two tasks,
    and the exercises of the lesson's designed set before its optional part."""
    cells = _load(NOTEBOOKS / "en" / name)["cells"][:-1]  # the navigation line is not prose
    runs, words, optional = [], 0, False
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if "Optional: for coders" in source:
                optional = True
            prose = _LINK.sub(r"\1", _CODE.sub(" ", source))  # a link counts by its text
            words += len(_WORD_EN.findall(re.sub(r"^#+ .*$", "", prose, flags=re.M)))
        elif not optional:
            runs.append(words)
            words = 0
    assert runs, name
    assert runs[0] <= 200, (name, runs)
    assert max(runs[1:], default=0) <= 150, (name, runs)
    code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    slug = name[3:-len(".ipynb")]
    assert any(f'Exercises.for_lesson("{slug}", lang=LANG' in c for c in code), name


def test_the_readme_set_up_trusts_every_lesson(tmp_path: Path) -> None:
    """The README's command that opens the tutorials first trusts every notebook (JupyterLab
    shows a stored picture only in a trusted notebook, else its text): run as the command runs
    it, in a Jupyter data folder of its own, every lesson is then trusted."""
    import os
    import shlex
    import subprocess
    import sys

    import nbformat
    from nbformat.sign import NotebookNotary

    from horserace_nb.lite import notebook_tree

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines()
                   if line.startswith("python3 -m venv") and "jupyter lab" in line)
    steps = [shlex.split(step) for step in command.split("&&")]
    trust = next(step for step in steps if step[:2] == [".venv/bin/jupyter", "trust"])
    assert steps.index(trust) < next(i for i, step in enumerate(steps) if "lab" in step[:2])
    data = tmp_path / "jupyter-data"
    env = {**os.environ, "JUPYTER_DATA_DIR": str(data)}
    # the shell's globs, from the checkout (where the README runs it)
    names = sorted({str(path.relative_to(ROOT)) for pattern in trust[2:]
                    for path in ROOT.glob(pattern)})
    assert names == [f"notebooks/{name}" for name in notebook_tree(NOTEBOOKS)]
    jupyter = Path(sys.executable).with_name("jupyter")  # the venv's, as .venv/bin/jupyter
    subprocess.run([str(jupyter), *trust[1:2], *names], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    notary = NotebookNotary(data_dir=str(data))
    for name in names:
        assert notary.check_signature(nbformat.read(ROOT / name, as_version=4)), name


@pytest.mark.parametrize("lang", ("ko", "ja"))
def test_korean_and_japanese_code_comments_are_in_the_lessons_language(lang: str) -> None:
    """A learner reads the comments of the code cells: written in the lesson's language (a
    name of the code in backticks, a rule number and a tile excepted), never English."""
    comments = 0
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in _load(path)["cells"]:
            if cell["cell_type"] != "code":
                continue
            for line in "".join(cell["source"]).splitlines():
                found = re.search(r"(?:^|\s)# (.*)$", line)
                if not found:
                    continue
                comments += 1
                words = re.findall(r"[A-Za-z]{2,}", re.sub(r"`[^`]*`|\bR\d+\b", " ", found[1]))
                assert not words, f"{lang}/{path.name}: English in a comment: {line.strip()}"
    assert comments > 20
