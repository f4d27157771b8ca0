"""The one-page rule card (issue 31, item 9): every rule in a catalog sentence per language and
the documented layout's picture on an A4 page, deterministic, nothing off the page, linked from
the teacher guide and the site's start page, shipped in the classroom site."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from horserace_nb.lite.contents import plan_contents
from horserace_nb.render import card
from horserace_nb.render.card import (
    CARD_SECTIONS,
    PAGE,
    CardOverflow,
    card_file,
    rule_card_svg,
)
from horserace_nb.render.text import text_width
from horserace_nb.teaching.course import notebook
from horserace_nb.words.i18n import t

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")
SVG = "{http://www.w3.org/2000/svg}"
_CATALOG = {lang: json.loads((ROOT / "horserace_nb" / "words" / "locales" / f"{lang}.json")
                             .read_text(encoding="utf-8")) for lang in LANGS}


def _keys() -> list[str]:
    keys = ["card.title", "card.subtitle", "card.footer"]
    for name, sentences in CARD_SECTIONS:
        keys += [f"card.h.{name}", *(f"card.{key}" for key in sentences)]
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_is_the_same_bytes_every_time_and_on_disk(lang: str) -> None:
    """Same language, byte-identical SVG; notebooks/rule-card.<lang>.svg is what the builder
    writes (rebuild with lessons/build.py)."""
    svg = rule_card_svg(lang)
    assert svg == rule_card_svg(lang)
    assert (NOTEBOOKS / card_file(lang)).read_text(encoding="utf-8") == svg


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_is_a_catalog_entry_of_its_language(lang: str) -> None:
    """Each text of the card is the catalog's entry in that language (Korean and Japanese
    their own, not the English fallback), and the card shows each of them."""
    svg = rule_card_svg(lang)
    root = ET.fromstring(svg)
    shown = "".join("".join(el.itertext()) for el in root.iter(f"{SVG}text"))
    shown = re.sub(r"\s|•", "", shown)
    for key in _keys():
        assert key in _CATALOG[lang], f"{lang}: {key} missing"
        if lang != "en":
            assert _CATALOG[lang][key] != _CATALOG["en"][key], key
        assert re.sub(r"\s", "", t(key, lang)) in shown, key


def test_the_card_cites_every_rule() -> None:
    """R1–R28 are each cited on the card (every language cites the same rules)."""
    for lang in LANGS:
        cited = {int(n) for key in _keys() for n in re.findall(r"R(\d+)", t(key, lang))}
        cited |= {n for a, b in (map(int, span) for key in _keys()
                                 for span in re.findall(r"R(\d+)–R(\d+)", t(key, lang)))
                  for n in range(a, b + 1)}
        assert cited == set(range(1, 29)), (lang, set(range(1, 29)) - cited)


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_is_one_a4_page_with_everything_on_it(lang: str) -> None:
    """A4 (210 × 297 mm), its language marked, the layout's picture in it, and every line of
    text inside the page's margins and inside its own column (estimated widths): nothing cut
    off or running into the other column."""
    root = ET.fromstring(rule_card_svg(lang))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    assert root.get("lang") == lang
    width, height = PAGE
    half = width / 2
    texts = [el for el in root.iter(f"{SVG}text") if el.get("font-size")]
    nested = [el for el in root.iter(f"{SVG}svg")][1:]
    assert len(nested) == 1  # the picture
    picture_texts = set(nested[0].iter(f"{SVG}text"))
    lines = 0
    for el in texts:
        if el in picture_texts:
            continue
        x, y, size = (float(el.get(name, "0")) for name in ("x", "y", "font-size"))
        right = x + text_width("".join(el.itertext()), size)
        assert x > 0 and right <= width - 30 and size < y <= height - 30, el.text
        if x < half and 130 < y < height - 60:  # the left column (not the title nor footer)
            assert right <= half + 5, el.text
        lines += 1
    assert lines > 40
    picture = nested[0]
    box = root.find(f".//{SVG}g[@transform]")
    assert box is not None
    tx, ty = map(float, re.findall(r"[\d.]+", box.get("transform", ""))[:2])
    assert tx + float(picture.get("width", "0")) <= width - 30
    assert ty + float(picture.get("height", "0")) <= height - 30


def test_text_too_long_for_the_page_is_refused_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card whose sentences cannot fit two columns at the smallest size raises CardOverflow
    (a ValueError naming the language); an unknown language is refused too."""
    monkeypatch.setattr(card, "t", lambda key, lang: "a very long sentence " * 40)
    with pytest.raises(CardOverflow, match="'en'"):
        rule_card_svg("en")
    with pytest.raises(ValueError):
        card_file("xx")


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_and_the_start_page_link_the_card_the_site_ships(lang: str) -> None:
    """The teacher guide of each language links its card; the site's start page
    (notebooks/index.ipynb) links all three; the classroom site ships the files."""
    guide = json.loads((NOTEBOOKS / lang / notebook("teacher_guide")).read_text("utf-8"))
    assert any(f"](../{card_file(lang)})" in "".join(cell["source"])
               for cell in guide["cells"])
    index = json.loads((NOTEBOOKS / "index.ipynb").read_text("utf-8"))
    assert f"]({card_file(lang)})" in "".join(index["cells"][0]["source"])
    assert card_file(lang) in plan_contents(NOTEBOOKS).files


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_link_to_the_card_in_the_site_opens_the_file_itself() -> None:
    """In the classroom site a notebook's link to a rule card opens the file as it is (the
    site's ``files/rule-card.<lang>.svg``, printable as one A4 page), not JupyterLab's viewer;
    other files stay JupyterLab's, the site's app pages the site's script's (run in Node.js,
    the script as the builder writes it)."""
    from horserace_nb.lite.pages import site_script

    script = site_script("9.9")
    start = script.index("  const APPS = ")
    consts = script[start:script.index("\n", script.index("  const PRINTABLE = "))]
    begin = script.index("  function siteRoot(")
    functions = script[begin:script.index('  document.addEventListener("click"', begin)]
    program = f"""
const document = {{getElementById: () => ({{getAttribute: () => "../"}})}};
const window = {{location: {{href: "http://h/site/lab/index.html?path=index.ipynb"}}}};
{consts}
{functions}
const hrefs = ["http://h/site/files/rule-card.ko.svg", "http://h/site/files/en/04_turns.ipynb",
               "http://h/site/files/lab/index.html?path=ko/04_turns.ipynb",
               "http://h/site/files/rule-card.xx.svg", "http://h/site/files/notes.svg"];
console.log(JSON.stringify(hrefs.map((href) => sitePage({{href}}))));
"""
    done = subprocess.run(["node", "-e", program], capture_output=True, text=True, check=True,
                          timeout=60)
    assert json.loads(done.stdout) == [
        "http://h/site/files/rule-card.ko.svg", None,
        "http://h/site/lab/index.html?path=ko/04_turns.ipynb", None, None]
    click = script[script.index('  document.addEventListener("click"'):]
    assert 'const file = page.startsWith(new URL("files/", siteRoot()).href);' in click
    assert 'if (file || event.ctrlKey' in click  # a tab of its own: the lesson stays open
