"""Build the tutorial notebooks in notebooks/{en,ko,ja}/ from one structure.

The code cells are the same in every language (only ``LANG`` differs); the markdown comes from
``nbtext/<lang>.py``. Cells marked ``# NBVAL_CHECK_OUTPUT`` keep their outputs (run here, then
compared by nbval); every other output is stripped.

Run: ``.venv/bin/python tests/tools/build_notebooks.py`` (add ``--check`` to only verify that
the notebooks on disk are what this script builds).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TEXT_DIR = Path(__file__).resolve().parent / "nbtext"
LANGS = ("en", "ko", "ja")
CHECK = "# NBVAL_CHECK_OUTPUT"

# Each notebook: file name and cells; ("md", key) takes markdown from nbtext/<lang>.py,
# ("code", source) is the same in every language ({lang} is replaced).
SETUP = 'LANG = "{lang}"'

STRUCTURE: list[tuple[str, list[tuple[str, str]]]] = [
    ("00_start.ipynb", [
        ("md", "start.intro"),
        ("md", "start.contents"),
        ("md", "start.voila"),
    ]),
    ("01_tiles_layout_spinners.ipynb", [
        ("md", "tiles.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import FULL_SET, IllegalMove, Layout, Tile"),
        ("md", "tiles.set"),
        ("code", f"{CHECK}\nprint(len(FULL_SET), Tile.parse('4|1'), Tile(6, 6).is_double)"),
        ("md", "tiles.spinners"),
        ("code", "from horserace_nb.widgets import ReplayWidget\n\nreplay = ReplayWidget(lang=LANG)\n"
                 "replay"),
        ("md", "tiles.step"),
        ("code", f"{CHECK}\nreplay.step = 4\nprint(replay.current.layout.describe(LANG))"),
        ("md", "tiles.build"),
        ("code", f"{CHECK}\nlayout = Layout()\nlayout.place('[1|4]')\n"
                 "layout.place('[1|1]', on='[1|4]', side='low')\n"
                 "layout.place('[4|4]', on='[1|4]', side='high')\nlayout"),
        ("md", "tiles.branches"),
        ("code", f"{CHECK}\ntry:\n    layout.place('[4|5]', on='[4|4]', side='branch_a')\n"
                 "except IllegalMove as err:\n    print(err.localized(LANG))"),
        ("md", "tiles.next"),
    ]),
    ("02_scoring_ends.ipynb", [
        ("md", "scoring.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import Layout\nfrom horserace_nb.examples import EXAMPLES"),
        ("md", "scoring.rules"),
        ("code", f"{CHECK}\nfor key in ('double_22', 'double_00', 'double_66'):\n"
                 "    example = EXAMPLES[key]\n    layout = example.layouts()[-1]\n"
                 "    print(example.title(LANG))\n    print(layout.describe(LANG))\n    print()"),
        ("md", "scoring.picture"),
        ("code", f"{CHECK}\nEXAMPLES['double_66'].layouts()[-1]"),
        ("md", "scoring.open_vs_counted"),
        ("code", f"{CHECK}\nlayout = EXAMPLES['sequence'].layouts()[4]\n"
                 "for tile, side, number in layout.open_points():\n"
                 "    print(tile, side.value, number, layout.is_counted(tile, side))\n"
                 "print(layout.contributions(), layout.end_total(), layout.score())"),
        ("md", "scoring.exercise"),
        ("code", "from horserace_nb.widgets.exercise import TotalExercise\n\n"
                 "TotalExercise(EXAMPLES['sequence'].layouts()[7], lang=LANG)"),
        ("md", "scoring.exercise_code"),
        ("code", f"{CHECK}\nfrom horserace_nb.exercises import check_total\n\n"
                 "my_total = None  # write your end total here\nmy_score = None  # and the raw score\n"
                 "print(check_total(EXAMPLES['sequence'].layouts()[8], my_total, my_score, LANG)[1])"),
    ]),
    ("03_turns.ipynb", [
        ("md", "turns.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import Draw, IllegalMove, Pass, Place\n"
                 "from horserace_nb.examples import EXAMPLES\nfrom horserace_nb.widgets import ReplayWidget"),
        ("md", "turns.chain"),
        ("code", "ReplayWidget('turn_chain', lang=LANG)"),
        ("md", "turns.by_code"),
        ("code", f"{CHECK}\ngame = EXAMPLES['turn_chain'].new_game()\n"
                 "for action in EXAMPLES['turn_chain'].actions:\n"
                 "    event = game.apply(action)\n"
                 "    print(event.seat, event.kind, event.tile, event.sum_text() if event.kind == 'place' else '',\n"
                 "          event.points, event.continues, event.reason)"),
        ("md", "turns.must_place"),
        ("code", f"{CHECK}\ngame = EXAMPLES['turn_chain'].new_game()\ngame.apply(Place('[1|4]'))\n"
                 "try:\n    game.apply(Draw())\nexcept IllegalMove as err:\n    print(err.localized(LANG))"),
        ("md", "turns.pass"),
        ("code", "ReplayWidget('pass_then_domino', lang=LANG)"),
    ]),
    ("04_end_of_hand.ipynb", [
        ("md", "end.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import bonus, round_pips\n"
                 "from horserace_nb.examples import EXAMPLES\nfrom horserace_nb.widgets import ReplayWidget"),
        ("md", "end.rounding"),
        ("code", f"{CHECK}\nfor pips in (17, 18, 22, 12):\n    print(pips, '→', round_pips(pips), '→', bonus(pips))"),
        ("md", "end.examples"),
        ("code", f"{CHECK}\nfor key in ('bonus_17', 'bonus_partners', 'blocked_teams', 'tie_individual', 'tie_teams'):\n"
                 "    example = EXAMPLES[key]\n    result = example.play().hand_result\n"
                 "    print(example.title(LANG))\n"
                 "    print('  ', result.reason, 'pips', result.pips, 'gains', result.gains)"),
        ("md", "end.replay"),
        ("code", "ReplayWidget('blocked_teams', lang=LANG)"),
        ("md", "end.winning"),
        ("code", f"{CHECK}\nfor key in ('win_62', 'shared_win'):\n    game = EXAMPLES[key].play()\n"
                 "    print(EXAMPLES[key].title(LANG), '→ scores', game.scores, 'winners', game.winners)"),
    ]),
    ("05_play.ipynb", [
        ("md", "play.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n\n"
                 "play = PlayWidget(Game(players=2, seed=2024), human=0, lang=LANG)\nplay"),
        ("md", "play.modes"),
    ]),
    ("06_classroom.ipynb", [
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import Classroom\n\nClassroom(lang=LANG)"),
    ]),
]


def _text(lang: str) -> dict[str, str]:
    spec = importlib.util.spec_from_file_location(f"nbtext_{lang}", TEXT_DIR / f"{lang}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.TEXT)


def build_notebook(cells: list[tuple[str, str]], lang: str, text: dict[str, str]) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, (kind, body) in enumerate(cells):
        cell_id = f"cell-{i:02d}"
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(text[body], id=cell_id))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(body.replace("{lang}", lang), id=cell_id))
    return nb


def execute_and_strip(nb: Any, cwd: Path) -> Any:
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if not cell.source.startswith(CHECK):
            cell.outputs = []
            cell.execution_count = None
        for output in cell.outputs:
            output.pop("execution_count", None) if output.get("output_type") != "execute_result" \
                else None
            if output.get("output_type") == "error":
                raise RuntimeError(f"cell failed: {cell.source[:80]}")
        cell.metadata = {}
    nb.metadata.pop("widgets", None)
    return nb


def render(nb: Any) -> str:
    return nbformat.writes(nb) + "\n"


INDEX = """# Horse Race · 경마 · ホースレース

- **English** — [start here](en/00_start.ipynb)
- **한국어** — [여기서 시작하세요](ko/00_start.ipynb)
- **日本語** — [ここから始めます](ja/00_start.ipynb)
"""


def build_all() -> dict[Path, str]:
    index = nbformat.v4.new_notebook()
    index.cells.append(nbformat.v4.new_markdown_cell(INDEX, id="cell-00"))
    index.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}
    out: dict[Path, str] = {NOTEBOOKS / "index.ipynb": render(index)}
    for lang in LANGS:
        text = _text(lang)
        folder = NOTEBOOKS / lang
        folder.mkdir(parents=True, exist_ok=True)
        for name, cells in STRUCTURE:
            nb = execute_and_strip(build_notebook(cells, lang, text), folder)
            out[folder / name] = render(nb)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="verify only; write nothing")
    args = parser.parse_args()
    built = build_all()
    stale = [p for p, s in built.items() if not p.exists() or p.read_text("utf-8") != s]
    if args.check:
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}")
        return 1 if stale else 0
    for path, content in built.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    print(json.dumps({"written": len(built), "changed": len(stale)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
