"""Screenshots of the Korean and Japanese lessons as a learner sees them, for native readers who
cannot run anything (issue 32 item 5): PNGs of JupyterLab in the lesson's language.

    .venv/bin/python tests/tools/lesson_screens.py [--out /work/screens-out] [--langs ko ja]
        [--sizes desktop tablet] [--lessons 00 07]

For each language a JupyterLab server on 127.0.0.1 (a temporary root holding a copy of
``notebooks/``, so that the lessons' links ``../rules.ko.md`` resolve; JupyterLab's interface
in the language, from its language pack: the user setting
``@jupyterlab/translation-extension:plugin`` → ``{"locale": "ko_KR"}``; a markdown file opens
in the Markdown preview, as on the classroom site) and Chromium:

- every lesson of ``notebooks/<lang>/`` opened, Run → Run All Cells (the menu in the language),
  then viewport-sized shots from the top of the notebook to its bottom, at desktop (1366×900)
  and tablet (820×1180, touch; the file browser closed, and not the teacher's guide and class
  report: :data:`TABLET_SKIP`) sizes: ``<lang>/<size>/<NN>_<lesson>_<k>.png``;
- on the desktop page, the widget states a learner meets: in every lesson with exercises the
  first exercise of each checked section answered wrongly, then rightly (a shot of the widget
  with each feedback); in the play lesson a whole hand against the computer (start, middle,
  end); in the puzzles lesson the first puzzle answered wrongly; the lesson map of 00 after
  those answers (the learner's name kept, the results downloaded); the class report empty,
  then with that results file uploaded;
- the rules page ``rules.<lang>.md`` in JupyterLab's Markdown preview, top to bottom (desktop).

``<out>/<lang>/index.md`` says what each PNG shows; ``<out>/index.md`` joins them. Each
language is written into a new folder and swapped in whole; the tool refuses an output folder
it did not make. It reuses the browser tests' helpers (tests/browser/conftest.py): the server
start, the Frontend's waits, the PlayDriver's settled clicks. Servers are stopped by PID.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_TIMEOUT_MS,
    Frontend,
    JupyterServer,
    PlayDriver,
    run_all_cells,
    shut_down_kernels,
    start_server,
)
from lab_names import lab_name, lab_path  # noqa: E402

from horserace_nb.teaching.course import COURSE  # noqa: E402
from horserace_nb.words.i18n import t  # noqa: E402

MARKER = ".lesson-screens"
"""The file that says an output folder is this tool's (it refuses any other)."""
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
}
LOCALES = {"ko": "ko_KR", "ja": "ja_JP"}
BROWSER_LOCALES = {"ko": "ko-KR", "ja": "ja-JP"}
OVERLAP = 56
"""Pixels each scroll shot repeats of the one before (a line cut at the bottom is whole in the
next)."""
NOTEBOOK_SCROLLER = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
MARKDOWN_SCROLLER = "[data-hr-scroller]"
"""The Markdown preview's scrolling element, once :func:`mark_scroller` has marked it."""
EXERCISE_LESSONS = tuple(lesson.slug for lesson in COURSE if lesson.exercises)
TABLET_SKIP = ("teacher_guide", "class_report")
"""The teacher's notebooks (the guide, the class report): read on a desktop, so shot at the
desktop size only (the whole run stays near 500 PNGs, not 560)."""

_LOOPBACK = re.compile(r"^(?:[a-z]+://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?/|data:|blob:"
                       r"|about:)")


# --------------------------------------------------------------------------- the record
@dataclass
class Shots:
    """The PNGs of one language, each with its line for the index."""

    folder: Path
    lang: str
    lines: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    _last: dict[str, bytes] = field(default_factory=dict)

    def take(self, page: Any, name: str, what: str, *, series: str = "") -> Path | None:
        """Save the viewport as ``<name>.png``; none when it shows what the last shot of
        *series* showed (a scroll that moved nothing)."""
        data = page.screenshot()
        if series and self._last.get(series) == data:
            return None
        if series:
            self._last[series] = data
        path = self.folder / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.lines.append((str(path.relative_to(self.folder.parent).as_posix()), what))
        print(f"  {path.relative_to(self.folder.parent)}: {what}", flush=True)
        return path

    def note(self, text: str) -> None:
        print(f"  NOTE: {text}", flush=True)
        self.notes.append(text)

    def index(self) -> str:
        name = {"ko": "Korean", "ja": "Japanese"}[self.lang]
        out = [f"## {name} ({self.lang})", ""]
        out += [f"- {note}" for note in self.notes]
        if self.notes:
            out.append("")
        out += [f"- `{path}` — {what}" for path, what in self.lines]
        return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- the server
def lab_server(lang: str, base: Path) -> JupyterServer:
    """A JupyterLab server over a copy of ``notebooks/`` (its root's ``notebooks/``), its
    interface in *lang*, markdown files opened in the Markdown preview."""
    server = start_server("lab", base, [])
    shutil.copytree(REPO / "notebooks", server.root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "en"))
    copies = sorted(str(p) for p in (server.root / "notebooks").rglob("*.ipynb"))
    subprocess.run([str(Path(sys.executable).with_name("jupyter")), "trust", *copies],
                   env=server.env, check=True, capture_output=True)
    settings = server.base / "config" / "lab" / "user-settings" / "@jupyterlab"
    for plugin, file, values in (
            ("translation-extension", "plugin", {"locale": LOCALES[lang]}),
            ("docmanager-extension", "plugin",
             {"defaultViewers": {"markdown": "Markdown Preview"}})):
        folder = settings / plugin
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{file}.jupyterlab-settings").write_text(json.dumps(values), "utf-8")
    return server


class LessonFrontend(Frontend):
    """The browser tests' :class:`Frontend` with JupyterLab's interface in *lang*: its status
    bar's "Idle" and its Run → Run All Cells as the language pack names them."""

    def __init__(self, page: Any, server: JupyterServer, lang: str) -> None:
        super().__init__(page, server)
        self.lang = lang
        self.idle = lab_name(lang, "Python (Pyodide) | Idle").split("| ")[1]

    def wait_idle(self) -> None:
        self.page.locator(".jp-StatusBar-TextItem",
                          has_text=re.compile(r"\|\s*" + re.escape(self.idle))) \
            .first.wait_for(timeout=KERNEL_TIMEOUT_MS)

    def run_all(self) -> None:
        run_all_cells(self.page, lab_path(self.lang, "Run → Run All Cells"),
                      timeout=KERNEL_TIMEOUT_MS * 2)
        self.wait_idle()

    def open_lesson(self, path: str, *, sidebar: bool = True) -> None:
        """Open the notebook at *path* afresh (``?reset``); without *sidebar*, the file
        browser closed (as on a tablet, where it takes a third of the width)."""
        self.page.goto(f"{self.server.url}/lab/tree/{path}?reset")
        self.page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(
            timeout=KERNEL_TIMEOUT_MS)
        self.wait_idle()
        if not sidebar:
            tab = self.page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
            if tab.count():
                tab.first.click()
                self.page.wait_for_timeout(300)


# --------------------------------------------------------------------------- page helpers
_SETTLE = """async (sel) => {
    const frame = () => new Promise(r => requestAnimationFrame(() => r()));
    await frame(); await frame();
    const root = document.querySelector(sel);
    const images = root ? [...root.querySelectorAll('img')] : [];
    const box = root ? root.getBoundingClientRect() : null;
    const near = images.filter(i => { const r = i.getBoundingClientRect();
        return box && r.bottom >= box.top && r.top <= box.bottom; });
    await Promise.all(near.map(i => i.complete ? null :
        new Promise(r => { i.onload = i.onerror = r; setTimeout(r, 3000); })));
    await frame();
}"""


def settle(page: Any, scroller: str) -> None:
    """Let the view draw what scrolled in (JupyterLab skips drawing cells out of view)."""
    page.evaluate(_SETTLE, scroller)
    page.wait_for_timeout(200)


def visible_cells(page: Any) -> tuple[int, int, int, str]:
    """The first and last cell in the notebook's view (from 1), the number of cells, and the
    first words of the first heading or text in view."""
    found: list[Any] = page.evaluate(
        """(sel) => {
            const s = document.querySelector(sel);
            const box = s.getBoundingClientRect();
            const cells = [...s.querySelectorAll('.jp-Notebook .jp-Cell')];
            const shown = [];
            cells.forEach((c, i) => { const r = c.getBoundingClientRect();
                if (r.height > 0 && r.bottom > box.top + 8 && r.top < box.bottom - 8)
                    shown.push(i); });
            let words = '';
            for (const i of shown) {
                const h = cells[i].querySelector(
                    '.jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, .jp-RenderedMarkdown h3');
                if (h) { words = h.textContent; break; }
            }
            if (!words && shown.length) {
                const m = cells[shown[0]].querySelector('.jp-RenderedMarkdown, .cm-content');
                words = m ? m.textContent : '';
            }
            return [shown.length ? shown[0] + 1 : 0,
                    shown.length ? shown[shown.length - 1] + 1 : 0, cells.length,
                    words.replace(/¶/g, '').replace(/\\s+/g, ' ').trim().slice(0, 60)];
        }""", NOTEBOOK_SCROLLER)
    return int(found[0]), int(found[1]), int(found[2]), str(found[3])


_EXTENT = """(sel) => {
    const s = document.querySelector(sel);
    const cells = s.querySelectorAll('.jp-Notebook .jp-Cell');
    let height = s.scrollHeight;
    if (cells.length) {  // the notebook's room to scroll past its end is not shown
        const last = cells[cells.length - 1].getBoundingClientRect();
        const end = last.bottom - s.getBoundingClientRect().top + s.scrollTop + 24;
        height = Math.min(height, Math.max(end, s.clientHeight));
    }
    return [height, s.clientHeight];
}"""


def scroll_shots(page: Any, shots: Shots, scroller: str, name: str,
                 describe: Callable[[], str]) -> int:
    """Shots of *scroller* from its top to its bottom, one view at a time (a little
    overlap; a view with no cell left out); returns how many were kept."""
    page.evaluate("(sel) => { document.querySelector(sel).scrollTop = 0; }", scroller)
    settle(page, scroller)
    kept, k, y = 0, 1, 0
    while True:
        height, view = page.evaluate(_EXTENT, scroller)
        what = describe()
        if "no cell" not in what and shots.take(page, f"{name}_{k:02d}", what,
                                                series=name) is not None:
            kept += 1
            k += 1
        if y + view >= height - 4:
            return kept
        y = min(y + view - OVERLAP, height - view)
        page.evaluate("([sel, y]) => { document.querySelector(sel).scrollTop = y; }",
                      [scroller, y])
        settle(page, scroller)


def bring_into_view(page: Any, element: Any, *, bottom: bool = False) -> None:
    """Scroll the notebook so that *element* is in view: whole and centred if it fits, else
    its top at the top (or, with *bottom*, its bottom at the bottom: the feedback under a
    tall widget)."""
    element.evaluate(
        """(e, [sel, bottom]) => {
            const s = document.querySelector(sel);
            const box = s.getBoundingClientRect(), r = e.getBoundingClientRect();
            let d;
            if (r.height <= box.height - 16) d = r.top - box.top - (box.height - r.height) / 2;
            else if (bottom) d = r.bottom - box.bottom + 8;
            else d = r.top - box.top - 8;
            s.scrollTop += d;
        }""", [NOTEBOOK_SCROLLER, bottom])
    settle(page, NOTEBOOK_SCROLLER)


def fresh_driver(page: Any, ui: Frontend, root: Any, lang: str) -> PlayDriver:
    """The browser tests' PlayDriver (settled clicks) on *root* (its change counter restarted
    for this widget), its button names in *lang*."""
    page.evaluate("() => { window.__hrWatch = undefined; }")
    driver = PlayDriver(page, ui)
    driver.root = root
    driver.next_label = t("play.next", lang)
    driver.draw_label = t("play.draw", lang)
    return driver


def button(root: Any, label: str) -> Any:
    return root.locator("button", has_text=re.compile(re.escape(label))).first


def menu_labels(page: Any) -> list[str]:
    return [str(x).strip() for x in
            page.locator("#jp-menu-panel .lm-MenuBar-itemLabel").all_inner_texts()]


# --------------------------------------------------------------------------- exercises
def sections(path: Path) -> list[tuple[int, str]]:
    """The checked sections of a lesson notebook: (section, slug) of each
    ``Exercises.for_lesson(slug, …, section=k)`` cell, in order."""
    cells = json.loads(path.read_text("utf-8"))["cells"]
    found = []
    for cell in cells:
        match = re.search(r"Exercises\.for_lesson\(\"(\w+)\".*section=(\d+)\)",
                          "".join(cell["source"]))
        if cell["cell_type"] == "code" and match:
            found.append((int(match[2]), match[1]))
    return found


def _toggle_states(root: Any) -> list[bool]:
    return [bool(x) for x in root.locator(".widget-toggle-button").evaluate_all(
        "els => els.map(e => e.classList.contains('mod-active'))")]


def _set_toggles(driver: PlayDriver, choices: list[Any], wanted: list[Any]) -> None:
    from horserace_nb.sessions.exercise import same_choice

    toggles = driver.root.locator(".widget-toggle-button")
    for i, choice in enumerate(choices):
        want = any(same_choice(choice, w) for w in wanted)
        if _toggle_states(driver.root)[i] != want:
            driver.click(toggles.nth(i))


def _set_numbers(driver: PlayDriver, values: list[int]) -> None:
    from horserace_nb.words.i18n import LANGS, t

    boxes = driver.root.locator(", ".join(  # the number boxes: empty, with their placeholder
        f'input[placeholder="{t("exercise.number_placeholder", lang)}"]' for lang in LANGS))
    for i, value in enumerate(values):
        box = boxes.nth(i)
        box.fill(str(value))
        box.press("Enter")
    driver.page.wait_for_timeout(400)  # the values' change sent before Check's click


def _pick(driver: PlayDriver, points: list[Any]) -> None:
    for on, side in points:
        driver.click(driver.root.locator(
            f"svg .hr-svg-spot.hr-pickable[data-tile='{on}'][data-side='{side.value}']"))


def _check(driver: PlayDriver, lang: str) -> None:
    driver.click(button(driver.root, t("exercise.check", lang)))


def answer_exercise(driver: PlayDriver, ex: Any, lang: str, right: bool) -> str:
    """Give *ex* (the exercise the widget shows) a wrong answer (``right=False``: the first
    one there is) or its answer, through the widget's controls; returns what was answered."""
    from horserace_nb.sessions.exercise import FORMS, same_choice
    from horserace_nb.teaching.exercises import SettlementAnswer

    form, answer = FORMS[ex.answer_form], ex.answer
    if form.places:
        point = answer if right else next(p for p in ex.choices()
                                          if not same_choice(p, answer))
        on, side = point
        driver.settle(driver.root.locator(
            f"svg circle.hr-svg-spot.hr-lit[data-tile='{on}'][data-side='{side.value}']").click)
        return f"{ex.tile} placed at {on} {side.value}"
    if form.picks:
        extra = [p for p in ex.choices() if p not in answer]
        picked = _picked_points(driver, ex)
        if right:
            _pick(driver, [p for p in ex.choices() if (p in picked) != (p in answer)])
            _check(driver, lang)
            return "the right points: " + ", ".join(f"{on} {s.value}" for on, s in answer)
        wrong = set(answer) | {extra[0]} if extra else set(list(answer)[1:])
        _pick(driver, [p for p in ex.choices() if (p in picked) != (p in wrong)])
        _check(driver, lang)
        return "points " + ", ".join(f"{on} {s.value}" for on, s in ex.choices() if (on, s)
                                     in wrong)
    if ex.answer_form == "settlement":
        assert isinstance(answer, SettlementAnswer)
        _set_toggles(driver, list(ex.choices()), list(answer.winners))
        values = [answer.pips, answer.rounded, answer.points] if right else \
            [answer.pips, answer.rounded + 5, answer.points + 1]
        _set_numbers(driver, values)
        _check(driver, lang)
        return f"winners {sorted(answer.winners)}, pips/rounded/points {values}"
    if form.numbers:
        value = int(answer) if right else int(answer) + 1
        _set_numbers(driver, [value])
        _check(driver, lang)
        return f"the number {value}"
    choices = list(ex.choices())
    if form.one:
        chosen = answer if right else next(c for c in choices if not same_choice(c, answer))
        _set_toggles(driver, choices, [chosen])
        _check(driver, lang)
        return f"the choice {ex.choice_label(chosen, lang)}"
    wanted = list(answer) if right else [c for c in choices if c not in answer]
    _set_toggles(driver, choices, wanted)
    _check(driver, lang)
    return "the choices " + ", ".join(ex.choice_label(c, lang) for c in wanted)


def _picked_points(driver: PlayDriver, ex: Any) -> set[Any]:
    picked = driver.root.locator("svg .hr-svg-spot.hr-picked").evaluate_all(
        "els => els.map(e => [e.getAttribute('data-tile'), e.getAttribute('data-side')])")
    return {p for p in ex.choices() if [str(p[0]), p[1].value] in picked}


def exercise_states(page: Any, ui: LessonFrontend, shots: Shots, lesson: str, path: Path) -> None:
    """The first exercise of each checked section: a wrong answer and its feedback, then the
    right answer and its feedback."""
    from horserace_nb.widgets import Exercises

    lang = ui.lang
    for section, slug in sections(path):
        cell = page.locator(".jp-CodeCell").filter(
            has=page.locator(".cm-content", has_text=f"section={section})"))
        root = cell.locator(".hr-exercise").first
        try:
            bring_into_view(page, root)
            driver = fresh_driver(page, ui, root, lang)
            ex = Exercises.for_lesson(slug, section=section).exercise
            for right in (False, True):
                said = answer_exercise(driver, ex, lang, right)
                kind = "ok" if right else "error"
                shown = root.locator(f".hr-msg-{kind}")
                shown.first.wait_for(timeout=30_000)
                bring_into_view(page, root, bottom=True)
                state = "right" if right else "wrong"
                shots.take(page, f"{lesson}_s{section}_{state}",
                           f"{lesson}, section {section}'s exercises (item 1, {ex.kind}): "
                           f"answered {state} — {said}; the widget with its feedback")
        except Exception as exc:  # a shot missed is said in the index, the run goes on
            shots.note(f"{lesson} section {section}: the exercise could not be driven "
                       f"({type(exc).__name__}: {str(exc).splitlines()[0][:160]})")


# --------------------------------------------------------------------------- play, puzzle
def play_a_hand(page: Any, ui: LessonFrontend, shots: Shots, lesson: str) -> None:
    """The first game of the play lesson: one whole hand against the computer, each tile the
    first that fits on its first lit point; shots at the start, the middle and the end."""
    lang = ui.lang
    root = page.locator(".hr-play").first
    bring_into_view(page, root)
    driver = fresh_driver(page, ui, root, lang)
    shots.take(page, f"{lesson}_game_start", f"{lesson}, first game (against the computer, "
               "beginner): the start, before any move")
    over = [re.escape(t(key, lang, hand=1, button="§")).replace("§", ".*")
            for key in ("play.status_hand_over", "play.status_game_over",
                        "play.status_match_over")]
    done = re.compile("|".join(over))
    placed, middle = 0, False
    for _ in range(300):
        status = driver.texts()["status"]
        if done.search(status):
            break
        if root.locator(driver.PLAYABLE).count():
            tile = root.locator(driver.PLAYABLE).first
            placed_tile = tile.get_attribute("data-tile")
            if tile.get_attribute("aria-pressed") != "true":  # (a drawn tile comes chosen)
                tile.click()
            lit = root.locator(driver.LIT).first
            lit.wait_for()
            driver.settle(lit.click)
            placed += 1
            if placed == 3 and not middle:
                middle = True
                bring_into_view(page, root)
                shots.take(page, f"{lesson}_game_middle",
                           f"{lesson}, first game: the middle of the hand (the learner has "
                           f"placed 3 tiles, the last {placed_tile})")
            continue
        clicked = False
        for label in (driver.next_label, driver.draw_label, t("play.pass", lang)):
            candidate = root.get_by_role("button", name=label)
            if candidate.count() and candidate.first.is_visible() \
                    and candidate.first.is_enabled():
                driver.click(candidate.first)
                clicked = True
                break
        if not clicked:
            break
    else:
        shots.note(f"{lesson}: the hand did not end within 300 actions")
    element_shots(page, shots, root, f"{lesson}_game_end",
                  f"{lesson}, first game: the hand played to its end ({placed} tiles placed "
                  "by the learner), the widget from its top (board, status) to its bottom "
                  "(the settlement, the moves)", most=4)


def puzzle_wrong(page: Any, ui: LessonFrontend, shots: Shots, lesson: str) -> None:
    """The first puzzle answered wrongly: the first tile of the hand that fits, on its first
    lit point that is not the answer."""
    from horserace_nb.widgets import PuzzleWidget

    lang = ui.lang
    from horserace_nb import Place

    turn = PuzzleWidget(lang=lang).puzzle.answer
    answer = turn if isinstance(turn, Place) else turn[0]  # its first placement
    wanted = (str(answer.tile), str(answer.on), answer.side.value if answer.side else None)
    root = page.locator(".hr-puzzle").first
    bring_into_view(page, root)
    shots.take(page, f"{lesson}_puzzle1_start", f"{lesson}, the puzzle widget: puzzle 1 before "
               "any answer")
    driver = fresh_driver(page, ui, root, lang)
    tiles = root.locator(driver.PLAYABLE)
    for i in range(tiles.count()):
        tile = tiles.nth(i)
        name = tile.get_attribute("data-tile")
        tile.click()
        lit = root.locator(driver.LIT)
        lit.first.wait_for()
        for j in range(lit.count()):
            on, side = lit.nth(j).get_attribute("data-tile"), lit.nth(j).get_attribute(
                "data-side")
            if (name, on, side) != wanted:
                driver.click(lit.nth(j))
                root.locator(".hr-msg-error").first.wait_for(timeout=30_000)
                bring_into_view(page, root, bottom=True)
                shots.take(page, f"{lesson}_puzzle1_wrong",
                           f"{lesson}, puzzle 1 answered wrongly ({name} on {on} {side}; the "
                           f"answer starts with {' '.join(map(str, wanted))}): the "
                           "feedback")
                return
    shots.note(f"{lesson}: no wrong placement found for puzzle 1")


# --------------------------------------------------------------------------- map, report
def lesson_map(page: Any, ui: LessonFrontend, shots: Shots, lesson: str, path: str,
               downloads: Path) -> Path | None:
    """00_start again after the answers: the lesson map, the learner's name kept, the
    results downloaded (the file the report reads)."""
    lang = ui.lang
    ui.open_lesson(path)
    ui.run_all()
    root = page.locator(".hr-progress").first
    if not root.count():
        root = page.locator(".jp-CodeCell").last.locator(".jp-OutputArea").first
    bring_into_view(page, root)
    shots.take(page, f"{lesson}_map_after", f"{lesson}, the lesson map (My progress) after the "
               "answers above, the play lesson's hand and the puzzle: its top")
    bring_into_view(page, root, bottom=True)
    shots.take(page, f"{lesson}_map_after_bottom", f"{lesson}, the lesson map after the "
               "answers: its bottom (the rules' states, the buttons)")
    name = {"ko": "김서연", "ja": "佐藤 花"}[lang]
    box = root.locator("input[type=text]").first
    if box.count():
        box.fill(name)
        driver = fresh_driver(page, ui, root, lang)
        driver.click(button(root, t("progress.name_save", lang)))
        bring_into_view(page, root, bottom=True)
        shots.take(page, f"{lesson}_map_name_kept",
                   f"{lesson}, the lesson map: the name {name} typed and kept")
    download = button(root, t("progress.download", lang))
    if not download.count():
        shots.note(f"{lesson}: no “{t('progress.download', lang)}” button found")
        return None
    with page.expect_download(timeout=60_000) as info:
        download.click()
    target = downloads / (info.value.suggested_filename or "results.json")
    info.value.save_as(str(target))
    return target


def class_report(page: Any, ui: LessonFrontend, shots: Shots, lesson: str,
                 results: Path | None) -> None:
    """The class report: empty, then with the learner's downloaded results file uploaded."""
    lang = ui.lang
    root = page.locator(".hr-report").first
    root.wait_for(timeout=KERNEL_TIMEOUT_MS)
    bring_into_view(page, root)
    shots.take(page, f"{lesson}_report_empty",
               f"{lesson}, the class report before any file is picked (its empty state)")
    if results is None:
        shots.note(f"{lesson}: the report shown empty only (no results file was downloaded)")
        return
    driver = fresh_driver(page, ui, root, lang)
    with page.expect_file_chooser() as chooser:
        button(root, t("report.upload", lang)).click()
    driver.settle(lambda: chooser.value.set_files([str(results)]))
    page.wait_for_timeout(1500)
    ui.wait_idle()
    element_shots(page, shots, root, f"{lesson}_report_loaded",
                  f"{lesson}, the class report with one learner's results file (the one "
                  f"downloaded from the lesson map, {results.name})")


def element_shots(page: Any, shots: Shots, element: Any, name: str, what: str,
                  most: int = 8) -> None:
    """Shots of a tall widget from its top to its bottom (at most *most*)."""
    bring_into_view(page, element)
    for k in range(1, most + 1):
        shots.take(page, f"{name}_{k}", f"{what}: view {k}", series=name)
        below = element.evaluate(
            """(e, [sel, overlap]) => {
                const s = document.querySelector(sel);
                const box = s.getBoundingClientRect(), r = e.getBoundingClientRect();
                if (r.bottom <= box.bottom + 2) return false;
                s.scrollTop += Math.min(s.clientHeight - overlap, r.bottom - box.bottom + 8);
                return true;
            }""", [NOTEBOOK_SCROLLER, OVERLAP])
        if not below:
            return
        settle(page, NOTEBOOK_SCROLLER)
    shots.note(f"{name}: the widget goes on below its view {most} (not shot)")


# --------------------------------------------------------------------------- a language
def lessons_of(lang: str, only: list[str]) -> list[Path]:
    paths = sorted((REPO / "notebooks" / lang).glob("[0-9][0-9]_*.ipynb"))
    return [p for p in paths if not only or p.name[:2] in only]


def run_language(browser: Any, lang: str, sizes: list[str], only: list[str], out: Path,
                 base: Path) -> Shots:
    shots = Shots(out, lang)
    server = lab_server(lang, base / lang)
    downloads = base / lang / "downloads"
    downloads.mkdir(parents=True)
    try:
        for size in sizes:
            context = browser.new_context(locale=BROWSER_LOCALES[lang], accept_downloads=True,
                                          **SIZES[size])
            context.set_default_timeout(30_000)
            try:
                page = context.new_page()
                page.route("**/*", lambda route: route.continue_()
                           if _LOOPBACK.match(route.request.url) else route.abort())
                page.on("dialog", lambda dialog: dialog.accept())
                run_size(page, server, shots, lang, size, only, downloads)
            finally:
                context.close()
    finally:
        server.stop()
    return shots


def run_size(page: Any, server: JupyterServer, shots: Shots, lang: str, size: str,
             only: list[str], downloads: Path) -> None:
    ui = LessonFrontend(page, server, lang)
    desktop = size == "desktop"
    results: Path | None = None
    for path in lessons_of(lang, only):
        lesson, started = path.stem, time.monotonic()
        slug = lesson[3:]  # "08_play" → "play" (the course numbers the notebooks)
        if not desktop and slug in TABLET_SKIP:
            continue
        where = f"notebooks/{lang}/{path.name}"
        shut_down_kernels(server)
        try:
            ui.open_lesson(where, sidebar=desktop)
            if lesson.startswith("00") and desktop:
                labels = menu_labels(page)
                run = lab_path(lang, "Run → Run All Cells")[0]
                shots.note(f"JupyterLab's menu bar ({size}): {' · '.join(labels)}"
                           + ("" if run in labels else f" — NOT in {lang}: no “{run}”"))
            ui.run_all()
            scroll_shots(page, shots, NOTEBOOK_SCROLLER, f"{size}/{lesson}",
                         functools.partial(_describe, page, lesson, "after Run All Cells"))
            if desktop:
                if slug in EXERCISE_LESSONS:
                    exercise_states(page, ui, shots, f"{size}/{lesson}", path)
                elif slug == "play":
                    play_a_hand(page, ui, shots, f"{size}/{lesson}")
                elif slug == "puzzles":
                    puzzle_wrong(page, ui, shots, f"{size}/{lesson}")
                elif slug == "class_report":
                    class_report(page, ui, shots, f"{size}/{lesson}", results)
        except Exception as exc:
            shots.note(f"{size} {lesson}: stopped by {type(exc).__name__}: "
                       f"{str(exc).splitlines()[0][:200]}")
            with contextlib.suppress(Exception):
                shots.take(page, f"{size}/{lesson}_FAILED", f"{lesson}: where it stopped")
        print(f"{lang} {size} {lesson}: {time.monotonic() - started:.0f} s", flush=True)
        if desktop and slug == "teacher_guide" and (not only or "00" in only):
            try:
                first = lessons_of(lang, ["00"])[0]
                results = lesson_map(page, ui, shots, f"{size}/{first.stem}",
                                     f"notebooks/{lang}/{first.name}", downloads)
            except Exception as exc:
                shots.note(f"the lesson map after the answers: stopped by "
                           f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
    if desktop:
        try:
            rules_page(page, ui, shots, lang)
        except Exception as exc:
            shots.note(f"the rules page: stopped by {type(exc).__name__}: "
                       f"{str(exc).splitlines()[0][:200]}")
    shut_down_kernels(server)


def _describe(page: Any, lesson: str, state: str) -> str:
    first, last, count, words = visible_cells(page)
    cells = f"cells {first}–{last} of {count}" if first else "no cell"
    return f"{lesson}, {state}: {cells}" + (f" (“{words}…”)" if words else "")


def rules_page(page: Any, ui: LessonFrontend, shots: Shots, lang: str) -> None:
    name = f"rules.{lang}.md"
    page.goto(f"{ui.server.url}/lab/tree/notebooks/{name}?reset")
    page.locator(".jp-MarkdownViewer:not(.lm-mod-hidden) .jp-RenderedMarkdown h1").first.wait_for(
        timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    page.evaluate("""() => {
        const panel = document.querySelector('.jp-MarkdownViewer:not(.lm-mod-hidden)');
        const all = [panel, ...panel.querySelectorAll('*')];
        const s = all.find(e => e.scrollHeight > e.clientHeight + 4 &&
                                /(auto|scroll)/.test(getComputedStyle(e).overflowY));
        (s || panel).setAttribute('data-hr-scroller', '');
    }""")

    def where() -> str:
        heading = page.evaluate(
            """(sel) => { const s = document.querySelector(sel);
                const top = s.getBoundingClientRect().top;
                const hs = [...s.querySelectorAll('h1, h2, h3')];
                let last = hs[0];
                for (const h of hs) if (h.getBoundingClientRect().top < top + 40) last = h;
                return last ? last.textContent.replace(/¶/g, '').trim().slice(0, 60) : ''; }""",
            MARKDOWN_SCROLLER)
        return f"{name} in JupyterLab's Markdown preview: the part under “{heading}”"

    scroll_shots(page, shots, MARKDOWN_SCROLLER, f"desktop/{name.replace('.md', '')}", where)


# --------------------------------------------------------------------------- the output
def swap_in(out: Path, lang: str, partial: Path) -> None:
    """Put the finished *partial* folder at ``<out>/<lang>`` (the old one removed after)."""
    target = out / lang
    old = out / f".{lang}.old"
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        target.rename(old)
    partial.rename(target)
    if old.exists():
        shutil.rmtree(old)


def write_index(out: Path) -> None:
    parts = ["# Horse Race lessons on screen (Korean, Japanese)", "",
             "JupyterLab with its interface in the lesson's language; each lesson opened and "
             "Run → Run All Cells, then shot from its top to its bottom (desktop 1366×900, "
             "tablet 820×1180 with touch, the file browser closed; the teacher's notebooks "
             f"{' and '.join(TABLET_SKIP)} at the desktop size only); the widget states a "
             "learner meets on the desktop page. Made by `tests/tools/lesson_screens.py`.", ""]
    for lang in ("ko", "ja"):
        index = out / lang / "index.md"
        if index.is_file():
            parts.append(index.read_text("utf-8"))
    (out / "index.md").write_text("\n".join(parts), "utf-8")


def prepare_out(out: Path) -> None:
    if out.exists() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise SystemExit(f"{out} is not empty and was not made by this tool ({MARKER} "
                         "missing): choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("made by tests/tools/lesson_screens.py\n", "utf-8")


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/work/screens-out"))
    parser.add_argument("--langs", nargs="+", default=["ko", "ja"], choices=sorted(LOCALES))
    parser.add_argument("--sizes", nargs="+", default=list(SIZES), choices=list(SIZES))
    parser.add_argument("--lessons", nargs="*", default=[],
                        help="only these lessons, by number (00 07); all by default")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    prepare_out(out)
    if "tablet" in args.sizes:
        print(f"tablet: the file browser closed; lessons {', '.join(TABLET_SKIP)} at the "
              "desktop size only", flush=True)
    started = time.monotonic()
    with chromium() as browser:
        for lang in args.langs:
            with tempfile.TemporaryDirectory(prefix=f"screens-{lang}-") as tmp:
                partial = out / f".{lang}.partial"
                if partial.exists():
                    shutil.rmtree(partial)
                partial.mkdir()
                shots = run_language(browser, lang, args.sizes, args.lessons, partial,
                                     Path(tmp))
                count = len(shots.lines)
                shots.notes.insert(0, f"{count} PNGs; the run took "
                                      f"{time.monotonic() - started:.0f} s so far")
                (partial / "index.md").write_text(
                    shots.index().replace(f"`{partial.name}/", f"`{lang}/"), "utf-8")
                swap_in(out, lang, partial)
                print(f"{lang}: {count} PNGs in {out / lang}", flush=True)
    write_index(out)
    print(f"done in {time.monotonic() - started:.0f} s: {out / 'index.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
