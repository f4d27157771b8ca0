"""The classroom site's own pages and links: the classroom page, a link for every lesson, the
start-up message.

* **The classroom page** is JupyterLite's REPL app with the code input hidden, running
  ``Classroom(lang=…)`` as soon as the kernel is ready (:func:`classroom_url`): the match
  against the computer and the worked examples, with a language switch, no code on screen.
* **A link for every lesson**: :func:`lesson_url` (``lab/index.html?path=ko/04_turns.ipynb``),
  relative to the site's root, so it works on any host and under any folder.
* **The start-up message**: :func:`site_script` is a small script the builder adds to the
  pages of the apps (:func:`add_script`). While a kernel starts it says so in the notebook's
  language (the catalog's ``site.starting``), it opens the site's pages from links in a
  notebook (JupyterLab would take them for files), and it starts the kernel of the address's
  notebook while the app still loads (the notebook joins it). An address naming a lesson the
  site does not hold says so (``site.missing``) with a link to the start page
  (``site.start_page``).

>>> classroom_url("ko")
'repl/index.html?kernel=python&hideCodeInput=1&showBanner=0&execute=1&hr=classroom&lang=ko&code=from+horserace_nb.widgets+import+Classroom%0AClassroom%28lang%3D%22ko%22%29'
>>> lesson_url("ja/08_play.ipynb")
'lab/index.html?path=ja/08_play.ipynb'
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from collections.abc import Collection, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..words.i18n import LANGS

SCRIPT_NAME = "horserace-site.js"
"""The site's own script, at the root of the site."""
APP_PAGES: tuple[str, ...] = ("lab/index.html", "repl/index.html")
"""The app pages that get the script (the apps the builder builds)."""
# The start-up message names no number of seconds: a learner's laptop is another machine, and
# on this one the figures still miss the goals. ``tests/benchmarks/bench_lite.py``, 2 cores,
# load 7-9, median of 3 (2026-12-01): first board 26.0 s cold, 25.5 s for a second notebook
# (37.4 s and 30.9 s while the message still pulsed: its animation cost Chromium ~7 s of CPU
# during the start); the kernel ready 14-15 s after its worker starts, which is ~0.5 s after
# the notebook is shown. ``tests/benchmarks/bench_lite_kernel.py`` (the same start in Node.js):
# about 5 s of CPU, Pyodide's boot 1.5, unpacking the preloaded wheels 2 (jedi alone 1.2: its
# 1,964 files), importing IPython 1; in Chromium the worker itself uses about as much.
LAB_LOCALES: dict[str, str] = {"ko": "ko_KR", "ja": "ja_JP"}
"""JupyterLab's locale (its language pack: ``jupyterlab-language-pack-ko-KR``, …) for each
language of the site but English, JupyterLab's own. The site's script sets it as the default of
the ``locale`` setting of ``@jupyterlab/translation-extension:plugin`` when a page opens, from
the address's lesson (as the start-up message's language): a Korean lesson opens with Korean
menus, in the same load. A language the learner picks under Settings → Language wins."""

_SCRIPT_TAG = '<script src="../{name}?v={version}"></script>'


def classroom_code(lang: str, projector: bool = False) -> str:
    """The code the classroom page runs (never shown).

    >>> classroom_code("ja", projector=True)
    'from horserace_nb.widgets import Classroom\\nClassroom(lang="ja", projector=True)'
    """
    extra = ", projector=True" if projector else ""
    return f'from horserace_nb.widgets import Classroom\nClassroom(lang="{lang}"{extra})'


def classroom_url(lang: str, projector: bool = False) -> str:
    """The classroom page in *lang*, relative to the site's root: the REPL app, without its
    toolbar, banner or code input, running :func:`classroom_code` at once (``hr=classroom``
    makes the site's script hide the empty input box too; ``lang`` names the language of the
    start-up message). *projector*: the page for the class's projector, large text across the
    whole width (``Classroom(projector=True)``)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    query = urllib.parse.urlencode({
        "kernel": "python", "hideCodeInput": "1", "showBanner": "0", "execute": "1",
        "hr": "classroom", "lang": lang, "code": classroom_code(lang, projector)})
    return f"repl/index.html?{query}"


def lesson_url(notebook: str) -> str:
    """The direct link of *notebook* (a path in the site's tree), relative to the site's
    root: it opens the notebook in the site's JupyterLab."""
    return f"lab/index.html?path={urllib.parse.quote(notebook, safe='/')}"


def site_script(version: str) -> str:
    """The site's script (``site.js`` of this package) with the start-up messages of every
    language filled in, and the rule cards (``rule-card.<lang>.svg``), which a link in a
    notebook opens as they are, in a tab of their own, to print."""
    from ..render.card import card_file
    from ..words.i18n import t

    messages = {lang: {"starting": t("site.starting", lang),
                       "ready": t("site.ready", lang),
                       # {path} is filled in by the script, as text
                       "missing": t("site.missing", lang, path="{path}"),
                       "startPage": t("site.start_page", lang)} for lang in LANGS}
    source = resources.files(__package__).joinpath("site.js").read_text(encoding="utf-8")
    return (f"// horserace_nb {version}\n"
            + source.replace("__HR_MESSAGES__", json.dumps(messages, ensure_ascii=False))
            .replace("__HR_LOCALES__", json.dumps(LAB_LOCALES))
            .replace("__HR_PRINTABLE__", json.dumps([card_file(lang) for lang in LANGS])))


def add_script(site: Path, version: str, pages: Sequence[str] = APP_PAGES) -> None:
    """Write :data:`SCRIPT_NAME` at the root of *site* and load it from each app page of
    *pages* (before the page's own scripts, so the message is there from the start)."""
    (site / SCRIPT_NAME).write_text(site_script(version), encoding="utf-8")
    tag = _SCRIPT_TAG.format(name=SCRIPT_NAME, version=version)
    for page in pages:
        path = site / page
        html = path.read_text(encoding="utf-8")
        if SCRIPT_NAME in html:
            continue
        html, count = re.subn(r"(<script id=\"jupyter-config-data\")", tag + r"\n    \1", html,
                              count=1)
        if count != 1:
            raise ValueError(f"{page} of the site has no jupyter-config-data script to put the "
                             "site's script before")
        path.write_text(html, encoding="utf-8")


def has_script(site: Path, page: str) -> bool:
    """Whether the app page *page* of *site* loads the site's script."""
    path = site / page
    return path.is_file() and SCRIPT_NAME in path.read_text(encoding="utf-8")


LIGHT_PAGE = "classroom/index.html"
"""The light classroom page (:mod:`horserace_nb.lite.classroom_page`), from the site's root."""
LINKED_PAGES: tuple[str, ...] = (*APP_PAGES, LIGHT_PAGE)
"""The site's pages a notebook may link to: the apps' and the light classroom page."""

_LINK = re.compile(r"\]\(((?:\.\./)*(?:"
                   + "|".join(re.escape(page.split("/")[0]) for page in LINKED_PAGES)
                   + r")/index\.html\?[^)\s]+)\)")


def site_links(markdown: str) -> list[str]:
    """The links to the site's app pages in *markdown*, relative to the site's root
    (``../`` taken off).

    >>> site_links("[3](../lab/index.html?path=ko/04_turns.ipynb) [x](04_turns.ipynb)")
    ['lab/index.html?path=ko/04_turns.ipynb']
    """
    return [re.sub(r"^(\.\./)+", "", found) for found in _LINK.findall(markdown)]


def link_problem(site: Path, link: str, tree: Collection[str] | None = None) -> str | None:
    """What is wrong with *link* (relative to the root of *site*), or ``None``: its app must
    be one the site built, and a ``path`` it opens must be, exactly as written, a file of the
    site's own content tree *tree* (POSIX paths under ``files/``; default: what is there).
    Nothing outside the site is looked at: ``?path=../../etc/hostname`` leads nowhere, and so
    does a path that is not written plainly (``/en/…``, ``./``, ``//``)."""
    page, _, query = link.partition("?")
    if page not in LINKED_PAGES or not (site / page).is_file():
        return f"{link}: the site has no {page}"
    if tree is None:
        tree = content_tree(site)
    path = urllib.parse.parse_qs(query).get("path")
    if path and path[0] not in tree:
        return f"{link}: the site has no notebook {path[0]}"
    return None


def content_tree(site: Path) -> set[str]:
    """The files of *site*'s contents (under ``files/``), as POSIX paths relative to it; no
    symbolic link followed."""
    files = site / "files"
    found: set[str] = set()
    for parent, _, names in os.walk(files):
        for name in names:
            path = Path(parent) / name
            if not path.is_symlink() and path.is_file():
                found.add(path.relative_to(files).as_posix())
    return found


# --------------------------------------------------------------------------- puzzle sets
PUZZLE_SETS_MARK = "horserace-puzzle-sets"
"""The id of the start page's cell that lists the teacher's puzzle sets."""
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+!|~-])")


def puzzle_sets_cell(sets: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The start page's markdown cell listing the puzzle sets *sets* (``(path, PuzzleSet)``
    in the site's tree): one line a set, a link per language that opens it in the classroom
    page (:func:`~horserace_nb.sessions.editor.share_path`: the set's code travels in the
    address). The teacher's titles are escaped: they show as text.

    >>> from horserace_nb.teaching.authoring import make_puzzle, PuzzleSet
    >>> p = make_puzzle("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj",
    ...                 [{"tile": "[5|6]", "on": "[3|6]", "side": "high"}],
    ...                 question={"en": "Make 15."})
    >>> cell = puzzle_sets_cell([("week3.json", PuzzleSet("week3", [p], {"en": "Week 3"}))])
    >>> print(cell["source"].splitlines()[0])
    ## Puzzle sets from your teacher · 선생님이 만든 퍼즐 세트 · 先生が作ったパズルのセット
    >>> print(cell["source"].splitlines()[2][:46])
    - [Week 3: 1 puzzle](repl/index.html?kernel=py
    """
    from ..sessions.editor import share_path
    from ..words.i18n import t

    lines = [" · ".join(t("site.puzzle_sets", lang) for lang in LANGS), ""]
    for _path, puzzles in sets:
        code = puzzles.to_code()
        titles = dict(puzzles.title)
        links = []
        for lang in LANGS:
            title = titles.get(lang) or next(iter(titles.values()), puzzles.name)
            text = _MARKDOWN.sub(r"\\\1", t("site.puzzle_set", lang, title=title,
                                            count=len(puzzles.puzzles)))
            links.append(f"[{text}]({share_path(code, lang)})")
        lines.append("- " + " · ".join(links))
    return {"cell_type": "markdown", "id": PUZZLE_SETS_MARK, "metadata": {},
            "source": "## " + "\n".join(lines) + "\n"}
