"""The tutorial notebooks: the same numbered set in every language, in sync with their builder,
stored without outputs except the checked ones (nbval runs them: see pyproject.toml)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")


def _builder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tests" / "tools" / "build_notebooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_language_has_the_same_numbered_notebooks() -> None:
    names = {lang: sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb")) for lang in LANGS}
    assert names["en"] == names["ko"] == names["ja"]
    assert [n[:2] for n in names["en"]] == [f"{i:02d}" for i in range(len(names["en"]))]
    assert len(names["en"]) == 7  # start page + the six tutorials


@pytest.mark.parametrize("lang", LANGS)
def test_notebooks_match_their_builder(lang: str) -> None:
    """Code cells are identical across languages (only LANG differs) and the markdown is the
    catalog text of that language: rebuild the structure (without running it) and compare."""
    builder = _builder()
    text = builder._text(lang)
    for name, cells in builder.STRUCTURE:
        expected = builder.build_notebook(cells, lang, text)
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
            source = "".join(cell["source"])
            if not source.startswith("# NBVAL_CHECK_OUTPUT"):
                assert cell["outputs"] == [], f"{path.name}: unchecked cell with output"
            else:
                assert cell["outputs"], f"{path.name}: a checked cell without its output"
                assert all(o["output_type"] != "error" for o in cell["outputs"])


def test_start_pages_link_every_tutorial_in_order() -> None:
    for lang in LANGS:
        start = _load(NOTEBOOKS / lang / "00_start.ipynb")
        text = "".join("".join(c["source"]) for c in start["cells"])
        links = re.findall(r"\]\((0\d_[a-z_]+\.ipynb)\)", text)
        expected = sorted(p.name for p in (NOTEBOOKS / lang).glob("0[1-9]_*.ipynb"))
        assert links == expected
    index = "".join("".join(c["source"]) for c in _load(NOTEBOOKS / "index.ipynb")["cells"])
    for lang in LANGS:
        assert f"({lang}/00_start.ipynb)" in index


@pytest.mark.parametrize("lang", ("ko", "ja"))
def test_korean_and_japanese_use_the_glossary(lang: str) -> None:
    """RULES.md's glossary: the seed texts' vocabulary, not ad-hoc translations."""
    words = {"ko": ["스피너", "직선", "갈래", "남은 타일 더미", "라운드", "원점수"],
             "ja": ["分岐ダブル", "直線側", "側枝", "タロン", "ハンド", "換算前の得点"]}[lang]
    text = "".join("".join("".join(c["source"]) for c in _load(p)["cells"])
                   for p in (NOTEBOOKS / lang).glob("*.ipynb"))
    for word in words:
        assert word in text, word
