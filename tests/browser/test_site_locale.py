"""The classroom site's JupyterLab in the learner's language (issue 32): a Korean (Japanese)
lesson opened by its link shows JupyterLab's own menus in Korean (Japanese), from the language
packs the site serves, in the same page load, and no news prompt.

One page load per language (the locale follows the page's lesson; a page shows one language),
and no kernel waited for: the menus are there once the lesson shows.
"""

from __future__ import annotations

import re
from typing import Any

from lab_names import lab_name, lab_path

LITE_TIMEOUT_MS = 120_000  # a cold page on a loaded machine
MENU_BAR = "#jp-menu-panel .lm-MenuBar-itemLabel"
NEWS = re.compile("Would you like to get notified about official Jupyter news|"
                  "Jupyter の公式ニュース|Jupyter 공식 뉴스")


def test_a_lesson_by_its_link_shows_jupyterlabs_menus_in_its_language(
        lite_url: str, page: Any) -> None:
    """``lab/index.html?path=ko/04_turns.ipynb`` (the start page's link): the menu bar is
    Korean, the Run menu holds the pack's "Run All Cells" (the lessons' *실행 → 모든 셀 실행*),
    the Help menu the lessons' *도움말 → Clear Browser Data*, and the page loaded once; then the
    Japanese lesson the same in Japanese. Neither shows JupyterLab's news prompt."""
    from playwright.sync_api import expect

    from horserace_nb.lite.pages import lesson_url

    loads: list[str] = []
    page.on("load", lambda pg: loads.append(pg.url))
    for count, lang in enumerate(("ko", "ja"), start=1):
        page.goto(f"{lite_url}/{lesson_url(f'{lang}/04_turns.ipynb')}")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=LITE_TIMEOUT_MS)
        run, run_all = lab_path(lang, "Run → Run All Cells")
        help_menu, clear = lab_path(lang, "Help → Clear Browser Data")
        bar = page.locator(MENU_BAR)
        expect(bar.filter(has_text=re.compile(f"^{re.escape(run)}$"))).to_have_count(1)
        assert run != "Run" and "File" not in bar.all_inner_texts(), bar.all_inner_texts()
        assert page.evaluate("() => document.documentElement.lang") == \
            {"ko": "ko-KR", "ja": "ja-JP"}[lang]
        shows_in_menu(page, run, run_all)
        shows_in_menu(page, help_menu, clear)
        assert lab_name(lang, "Run All Cells") == run_all
        expect(page.get_by_text(NEWS)).to_have_count(0)
        assert len(loads) == count, f"{lang}: the page loaded again: {loads}"


def shows_in_menu(page: Any, menu: str, item: str, tries: int = 3) -> None:
    """Open the menu bar's *menu* and see its *item* shown, then close it. The site's kernel
    starts while the menus are opened: on a loaded machine the focus it moves can close a menu
    just opened (one CI run in six), so a menu that closed before its item showed is opened
    again, at most *tries* times; the item must show in one of them."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries):
        page.get_by_role("menuitem", name=menu, exact=True).click()
        try:
            page.get_by_role("menuitem", name=item, exact=True).wait_for(timeout=15_000)
            return
        except PlaywrightTimeout:
            continue
        finally:
            page.keyboard.press("Escape")  # the menu closed, shown or not
    raise AssertionError(f"{item!r} never showed in the menu {menu!r}")
