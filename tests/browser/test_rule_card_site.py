"""The rule card in the classroom site (issue 31, item 9): the site's start page links the card
of each language, and the link opens the file itself in a tab of its own (to print), the start
page staying where it was. One loaded page serves the checks."""

from __future__ import annotations

from typing import Any

import pytest

from horserace_nb.render.card import card_file
from horserace_nb.words.i18n import t

LINK_TEXT = "인쇄용 한 장짜리 규칙 카드"  # the Korean line of the start page (lessons/build.py)


@pytest.mark.browser
def test_the_start_page_opens_the_rule_card_to_print(lite_url: str, page: Any) -> None:
    page.goto(f"{lite_url}/lab/index.html?path=index.ipynb")
    page.wait_for_function("() => !!window.jupyterapp")
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    link = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a",
                        has_text=LINK_TEXT)
    link.wait_for(timeout=60_000)
    before = page.url
    with page.context.expect_page(timeout=30_000) as opened:
        link.click()
    card = opened.value
    card.wait_for_load_state()
    assert card.url == f"{lite_url}/files/{card_file('ko')}"
    title = card.locator("svg > title").first.text_content()
    assert title == t("card.title", "ko")
    box = card.evaluate("() => { const r = document.documentElement.getBoundingClientRect();"
                        " return [Math.round(r.width), Math.round(r.height)]; }")
    assert box == [794, 1123]  # 210 × 297 mm at 96 CSS pixels an inch: one A4 page
    assert page.url == before  # the start page stays
    assert page.horserace_errors == [], "errors in the browser console"
