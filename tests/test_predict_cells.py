"""Nothing answered before it is asked (issue 31 item 2), in every lesson and every language:

- a code cell whose output answers the task above it ("work it out, then run the cell") ships
  without its output: tagged ``predict`` by ``lessons/build.py``, no stored output, its first
  line the comment that asks to answer first, in the notebook's language;
- every English task that asks to decide or predict *then run* the cell is followed by such a
  cell, and the same cell is one in Korean and Japanese (the lessons have the same cells);
- the task sentences of lesson 02's open points and singles do not state their answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_sources import texts

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "ko", "ja")
ASKS_FIRST = re.compile(r"\b(then run|before you run)\b", re.IGNORECASE)
"""An English task that is answered by running the next cell."""


def lessons(lang: str) -> list[Path]:
    return sorted((NOTEBOOKS / lang).glob("[0-9][0-9]_*.ipynb"))


def cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    body = cell["source"]
    return body if isinstance(body, str) else "".join(body)


def is_predict(cell: dict[str, Any]) -> bool:
    return cell["cell_type"] == "code" and "predict" in cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("lang", LANGS)
def test_a_cell_that_answers_a_task_ships_without_its_output(lang: str) -> None:
    comment = f"# {texts(lang)['code.predict']}"
    found = 0
    for path in lessons(lang):
        for i, cell in enumerate(cells(path)):
            if not is_predict(cell):
                continue
            found += 1
            where = f"{lang}/{path.name} cell {i}"
            assert cell["outputs"] == [] and cell["execution_count"] is None, where
            assert source(cell).splitlines()[0] == comment, where
            # its code collapsed: a reveal's code would tell the answer (a teacher's read)
            assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, where
    assert found >= 5  # lesson 01's deal, 02's step, singles and branch, 03's opening tiles


def test_every_then_run_task_is_followed_by_a_cell_without_output_in_every_language() -> None:
    tasks = []
    for path in lessons("en"):
        en = cells(path)
        for i, cell in enumerate(en[:-1]):
            if cell["cell_type"] == "markdown" and ASKS_FIRST.search(source(cell)):
                nxt = next(j for j in range(i + 1, len(en)) if en[j]["cell_type"] == "code")
                tasks.append((path.name, nxt))
    assert len(tasks) >= 5, tasks
    for name, index in tasks:
        for lang in LANGS:
            cell = cells(NOTEBOOKS / lang / name)[index]
            assert is_predict(cell) and not cell["outputs"], f"{lang}/{name} cell {index}"


ANSWERS = {
    "en": {"tiles.step": ("both straights are filled", "two branches are open"),
           "tiles.singles": ("joins by its 1", "its 6 is the new end")},
    "ko": {"tiles.step": ("두 직선이 모두 채워졌으므로", "두 갈래가 열립니다"),
           "tiles.singles": ("1로 붙으므로", "6이 새 끝이 됩니다")},
    "ja": {"tiles.step": ("両方とも埋まった", "二つの側枝が開きます"),
           "tiles.singles": ("1の端でつながるので", "6が新しい端になります")},
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_task_sentence_states_its_answer(lang: str) -> None:
    text = texts(lang)
    for key, answers in ANSWERS[lang].items():
        for answer in answers:
            assert answer not in text[key], (lang, key, answer)


def test_a_replay_before_lesson_3_asks_no_sum_and_offers_no_show_the_sum() -> None:
    """Adding up is taught in lesson 3: a replay before it holds the sums back without asking
    for them (the lesson does not tell the learner to skip a question)."""
    from horserace_nb.widgets import ReplayWidget

    replays = [source(cell) for lang in LANGS for path in lessons(lang) if path.name < "03"
               for cell in cells(path) if "ReplayWidget(" in source(cell)]
    assert replays and all("sums=False" in body and "ask_sum=False" in body for body in replays)
    skip = {"en": "skip", "ko": "건너뛰어", "ja": "飛ばして"}  # "skip its question for now"
    for lang in LANGS:
        assert skip[lang] not in texts(lang)["tiles.spinners"].lower()
    # sums off: no Show the sum (issue 31 item 2), whether or not the lesson says ask_sum=False
    for w in (ReplayWidget("sequence", sums=False, turns=False, ask_sum=False),
              ReplayWidget("sequence", sums=False, turns=False)):
        for step in range(1, len(w.steps)):
            w.step = step
            assert w.sum_line.value == "" and w.sum_button.layout.display == "none", step
            assert "hr-svg-end" not in w.board.svg  # the numbers stay hidden as well
    asked = ReplayWidget("sequence", sums=False, ask_sum=True)  # the class answers first
    asked.step = 3
    assert asked.sum_button.layout.display == "" and asked.sum_line.value


def run_lesson(path: Path) -> list[tuple[int, list[object], str]]:
    """Run every code cell of *path* in order, as *Run All Cells* does (a cell's last expression
    displayed, as IPython does): for each predict cell, what it displayed and printed."""
    import ast
    import contextlib
    import io

    namespace: dict[str, Any] = {}
    seen: list[tuple[int, list[object], str]] = []
    for i, cell in enumerate(cells(path)):
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(source(cell))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, f"{path.name}[{i}]", "exec"), namespace)
            shown = [] if last is None else [
                eval(compile(ast.Expression(last.value), f"{path.name}[{i}]", "eval"),
                     namespace)]
        if is_predict(cell):
            seen.append((i, shown, printed.getvalue()))
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_running_every_cell_shows_each_answer_only_when_the_learner_asks(lang: str) -> None:
    """A teacher's read: *Run All Cells*, as the start page says to run a lesson, printed the
    answer of every "answer first" task under its question. A predict cell shows *Show answer*
    (the catalog's label in the lesson's language) and nothing else; pressing it shows the
    answer: what the cell printed, or its picture with the picture's text alternative."""
    from horserace_nb.widgets import Reveal
    from horserace_nb.words.i18n import t

    found = 0
    for path in lessons(lang):
        if not any(is_predict(cell) for cell in cells(path)):
            continue
        for i, shown, printed in run_lesson(path):
            where = f"{lang}/{path.name} cell {i}"
            found += 1
            assert printed == "", f"{where} printed its answer at once: {printed!r}"
            assert len(shown) == 1 and isinstance(shown[0], Reveal), where
            reveal = shown[0]
            assert reveal.button.description == t("exercise.show_answer", lang), where
            assert not reveal.shown and reveal.answer.value == "", where
            reveal.button.click()
            assert reveal.shown and reveal.button.layout.display == "none", where
            assert "<pre>" in reveal.answer.value or "alt='" in reveal.answer.value, where
    assert found >= 6
