"""Build the tutorial notebooks in notebooks/{en,ko,ja}/ from one structure.

The code cells are the same in every language (only ``LANG`` differs); the markdown comes from
``text/<lang>.py``. Cells written here starting with ``CHECK`` keep their outputs (run here, then
compared by nbval, which ``--nbval-lax`` limits to cells tagged ``nbval-check-output``: the tag,
not a comment the learner would read); every other output is stripped. A code comment is written
``#:name`` here and becomes ``# `` and the text's ``code.name`` in the notebook's language. A cell that answers a task the learner works
out first ("work it out, then run the cell") starts with ``PREDICT``: it ships without its output,
tagged ``predict``, its first line the comment ``code.predict`` of ``text/<lang>.py`` (nothing is
answered before it is asked).

Three things are added to the markdown here, so the translators write plain text:

- every reference to a lesson is filled in from the course's one list
  (:data:`horserace_nb.teaching.course.COURSE`, :func:`lesson_refs`): ``{lesson:KEY}`` the number
  of the lesson that shows the markdown cell ``KEY`` (``{lesson:end.next_leader}`` → 5),
  ``{number:turns}``, ``{notebook:turns}`` and ``{name:turns}`` a lesson's number, file and
  title: a text never writes a lesson's number, file name or title of its own;
- every rule number "R17" outside code becomes a link to its anchor on the rules page of the
  notebook's language (its language file's ``_rules_page``: ``../rules.md``,
  ``../rules.ko.md``, ``../rules.ja.md``);
- every notebook ends with the navigation line ``nav`` (Back / Next / Start), whose titles are
  the lessons' titles (the catalog's ``lesson.<slug>``).

Run: ``.venv/bin/python lessons/build.py`` (add ``--check`` to only verify that
the notebooks on disk are what this script builds; ``--only 03`` to rebuild one lesson).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple

import nbformat
from nbclient import NotebookClient

from horserace_nb.core.actions import Place
from horserace_nb.lite.classroom_page import light_url
from horserace_nb.lite.contents import LESSONS_MANIFEST, lessons_manifest
from horserace_nb.lite.pages import lesson_url
from horserace_nb.render.card import card_file, rule_card_svg
from horserace_nb.teaching.course import (
    COURSE,
    designed,
    notebook,
    number,
    rules_of,
    sections,
    title,
)
from horserace_nb.teaching.course import lesson as find_lesson
from horserace_nb.teaching.puzzles import PUZZLES
from horserace_nb.words.i18n import LANGS, grammar, label, t

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEXT_DIR = Path(__file__).resolve().parent / "text"
CHECK = "# CHECK"
"""The first line of a code cell whose output nbval compares: dropped, the cell tagged
:data:`CHECK_TAG`."""
CHECK_TAG = "nbval-check-output"
COMMENT = re.compile(r"#:([a-z_0-9]+)")
"""A comment of a code cell, by name: ``#:rows`` becomes ``# `` and the text's ``code.rows``."""
PREDICT = "# PREDICT"
"""The first line of a code cell whose output answers the task above it: replaced by the
comment ``code.predict`` in the notebook's language; the cell ships without output."""
PREDICT_TAG = "predict"

# Each notebook: file name and cells; ("md", key) takes markdown from text/<lang>.py,
# ("code", source) is the same in every language ({lang} is replaced); ("site", key) is markdown
# with the site's {classroom} and {projector} pages and the {card} to print (the rule card),
# ("links", key) that and every lesson's link; ("plans", key) the class plans (class_plans).
SETUP = 'LANG = "{lang}"'


def predict_metadata() -> dict[str, Any]:
    """A predict cell's metadata: its tag, and its code collapsed (the code of a reveal would
    tell the answer: ``layout.place(...)`` in a ``try``); the learner can open it."""
    return {"tags": [PREDICT_TAG], "jupyter": {"source_hidden": True}}

def _lesson_exercises(lesson: str, section: int | None = None) -> str:
    """The exercise cell of *lesson* (its slug): its designed set (``teaching.course``), or
    the items checked after its *section* (from 1: ``teaching.course.sections``)."""
    part = "" if section is None else f", section={section}"
    return f'Exercises.for_lesson("{lesson}", lang=LANG{part})'


Cell = tuple[str, str]


def _check(lesson: str, section: int, lead: str = "practice.check") -> list[Cell]:
    """The checked items after a section of *lesson* (``teaching.course.sections``), under
    the markdown *lead* (what they ask, how to answer)."""
    return [("md", lead), ("code", _lesson_exercises(lesson, section))]


def _try(place: Place | None) -> str:
    """A puzzle's first try as its cell writes it: ``Place("[5|6]", "[5|5]", "straight_b")``."""
    assert place is not None and place.on is not None and place.side is not None
    return f'Place("{place.tile}", "{place.on}", "{place.side.value}")'


def _puzzle_cells() -> list[Cell]:
    """Two cells per puzzle, by number (a key such as "double_again" would give the trick away;
    the title is printed only after a try), each starting from the puzzle's first try (legal,
    not the best: the learner replaces it with their answer)."""
    cells: list[Cell] = []
    for place, puzzle in enumerate(PUZZLES.values(), 1):
        cells += [
            ("code", f"{CHECK}\nshow({place})"),
            ("code", f"{CHECK}\nhints = 0  #:hint_count\n"
                     f"my_turn = [{_try(puzzle.first_try)}]  #:my_turn\n"
                     f"ask({place}, hints, my_turn)"),
        ]
    return cells


CELLS: dict[str, list[Cell]] = {
    "start": [
        ("md", "start.intro"),
        ("code", f"{CHECK}\n{SETUP}\nfrom horserace_nb.render.svg import layout_svg\n"
                 "from horserace_nb.teaching.examples import EXAMPLES\n\n"
                 "layout_svg(EXAMPLES['sequence'].layouts()[5], lang=LANG, size=560)"),
        ("md", "start.progress"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import Progress\n\nProgress(lang=LANG)"),
        ("md", "start.contents"),
        ("md", "start.rules"),
        ("md", "start.voila"),
    ],
    "tiles_players": [
        ("md", "tiles.intro"),
        ("code", f"{CHECK}\n{SETUP}\nfrom horserace_nb import FULL_SET, Game, Tile\n"
                 "from horserace_nb.render.svg import game_svg\n"
                 "from horserace_nb.widgets import Exercises, Reveal\n\n"
                 "for low in range(7):  #:rows\n"
                 "    print(*[tile for tile in FULL_SET if tile.low == low])"),
        ("md", "tiles.set"),
        ("code", f"{CHECK}\nprint(len(FULL_SET))\n"
                 "print(*[tile for tile in FULL_SET if tile.is_double])"),
        *_check("tiles_players", 1, "tiles.practice"),
        ("md", "tiles.players"),
        ("code", f"{CHECK}\ngame_svg(Game(players=4, partners=True, seed=3), seat=0, lang=LANG, "
                 "size=560)"),
        *_check("tiles_players", 2),
        ("md", "tiles.deal"),
        ("code", f"{PREDICT}\ndef answer():\n    for players in (2, 3, 4):\n"
                 "        game = Game(players=players, seed=5)\n"
                 "        print(players, '→', *[len(hand) for hand in game.hands], '|', "
                 "len(game.boneyard))\n\nReveal(answer, lang=LANG)"),
        ("md", "tiles.deal_picture"),
        ("code", f"{CHECK}\ngame = Game(players=3, seed=5)\ngame_svg(game, seat=0, lang=LANG, "
                 "size=560)"),
        *_check("tiles_players", 3),
        ("md", "tiles.lot"),
        ("code", f"{CHECK}\ngame = Game(players=4, seed=12)\n"
                 "for rolls in game.lots[0].rounds:  #:lot_rounds\n"
                 "    print(*[f'{seat + 1}: {roll}' for seat, roll in rolls.items()], sep='    ')\n"
                 "print(game.leader + 1)  #:first_leader\n"
                 "print(*[seat + 1 for seat, hand in enumerate(game.hands) if Tile(6, 6) in hand])"
                 "  #:holds_66"),
        *_check("tiles_players", 4),
        ("md", "tiles.first_tile"),
        ("code", f"{PREDICT}\ndef answer():\n"
                 "    return game_svg(Game(players=2, seed=2), seat=0, lang=LANG, size=560)\n\n"
                 "Reveal(answer, lang=LANG)"),
        ("md", "tiles.coders"),
        ("code", f"{CHECK}\nprint(Tile.parse('4|1'), Tile.parse('1-4'), Tile(6, 6))\n"
                 "print(*Game(players=3, seed=5).hands[0])  #:hand"),
    ],
    "joining_spinners": [
        ("md", "joining.intro"),
        ("code", f"{CHECK}\n{SETUP}\nfrom horserace_nb import IllegalMove, Layout\n"
                 "from horserace_nb.render.svg import layout_svg\n"
                 "from horserace_nb.widgets import Exercises, ReplayWidget, Reveal\n\n"
                 "layout = Layout()\nlayout.place('[1|4]')\n"
                 "layout.place('[4|4]', on='[1|4]', side='high')\n"
                 "layout_svg(layout, lang=LANG, size=560, show_numbers=False)"),
        ("md", "tiles.spinners"),
        ("code", "replay = ReplayWidget('sequence', lang=LANG, sums=False, turns=False, "
                 "ask_sum=False)\nreplay"),
        *_check("joining_spinners", 1, "tiles.exercises"),
        ("md", "tiles.step"),
        ("code", f"{PREDICT}\ndef answer():\n    replay.step = 4\n"
                 "    layout = replay.current.layout\n"
                 "    return layout_svg(layout, lang=LANG, highlight=layout.tiles[-1], size=560, "
                 "show_numbers=False)\n\nReveal(answer, lang=LANG)"),
        ("md", "tiles.walk"),
        ("code", "ReplayWidget('spinner_walk', lang=LANG, sums=False, turns=False, ask_sum=False)"),
        *_check("joining_spinners", 2, "tiles.exercises_branches"),
        ("md", "tiles.singles"),
        ("code", f"{PREDICT}\nlayout = Layout()\nlayout.place('[1|4]')\n"
                 "layout.place('[1|1]', on='[1|4]', side='low')\n"
                 "layout.place('[4|4]', on='[1|4]', side='high')\n\n\n"
                 "def answer():\n"
                 "    layout.place('[1|6]', on='[1|1]', side='straight_b')\n"
                 "    return layout_svg(layout, lang=LANG, highlight='[1|6]', size=560, "
                 "show_numbers=False)\n\nReveal(answer, lang=LANG)"),
        ("md", "tiles.branches"),
        ("code", f"{PREDICT}\ndef answer():\n    try:\n"
                 "        layout.place('[4|5]', on='[4|4]', side='branch_a')\n"
                 "    except IllegalMove as err:\n        print(err.localized(LANG))\n\n"
                 "Reveal(answer, lang=LANG)"),
        *_check("joining_spinners", 3, "tiles.exercises_joins"),
        ("md", "tiles.build"),
        ("code", f"{CHECK}\nlayout = Layout()  #:change\n"
                 "layout.place('[1|4]')\n"
                 "layout.place('[1|1]', on='[1|4]', side='low')\n"
                 "layout.place('[4|4]', on='[1|4]', side='high')\n"
                 "layout_svg(layout, lang=LANG, size=560, show_numbers=False)"),
    ],
    "scoring_ends": [
        ("md", "scoring.intro"),
        ("code", f"{CHECK}\n{SETUP}\nfrom horserace_nb import Layout\n"
                 "from horserace_nb.teaching.examples import EXAMPLES\n"
                 "from horserace_nb.words.i18n import side_name\n"
                 "from horserace_nb.render.svg import layout_svg\n"
                 "from horserace_nb.widgets import Exercises, ReplayWidget, Reveal\n\n"
                 "layout_svg(EXAMPLES['double_66'].layouts()[-1], lang=LANG, size=420, "
                 "show_numbers=False)"),
        ("md", "scoring.ends"),
        ("code", f"{CHECK}\nlayout_svg(EXAMPLES['double_66'].layouts()[-1], lang=LANG, size=420)"),
        *_check("scoring_ends", 1, "scoring.exercises"),
        ("md", "scoring.rules"),
        ("code", f"{PREDICT}\ndef answer():\n"
                 "    for tile in ('[0|5]', '[2|3]', '[1|2]', '[4|6]'):\n"
                 "        raw = Layout().place(tile)  #:opening\n"
                 "        print(tile, '→', raw, '→', raw // 5)\n\nReveal(answer, lang=LANG)"),
        *_check("scoring_ends", 2),
        ("md", "scoring.double_22"),
        ("code", f"{CHECK}\nexample = EXAMPLES['double_22']\nprint(example.explanation(LANG))\n"
                 "layout_svg(example.layouts()[-1], lang=LANG, size=420)"),
        ("md", "scoring.double_00"),
        ("code", f"{CHECK}\nexample = EXAMPLES['double_00']\nprint(example.explanation(LANG))\n"
                 "layout_svg(example.layouts()[-1], lang=LANG, size=420)"),
        ("md", "scoring.open_vs_counted"),
        ("code", f"{CHECK}\nlayout = EXAMPLES['sequence'].layouts()[4]\n"
                 "for tile, side, number in layout.open_points():\n"
                 "    mark = '●' if layout.is_counted(tile, side) else '○'\n"
                 "    print(mark, tile, side_name(side, LANG), number)\n"
                 "layout_svg(layout, lang=LANG, size=560)"),
        *_check("scoring_ends", 3),
        ("md", "scoring.predict"),
        ("code", "ReplayWidget('sequence', lang=LANG, predict=True, turns=False)"),
        *_check("scoring_ends", 4),
        ("md", "scoring.exercise_code"),
        ("code", f"{CHECK}\nfrom horserace_nb.teaching.exercises import check_total\n\n"
                 "layout = EXAMPLES['sequence'].layouts()[8]\n"
                 "my_total = None  #:my_total\nmy_score = None  #:my_score\n"
                 "print(check_total(layout, my_total, my_score, LANG)[1])\n"
                 "layout_svg(layout, lang=LANG, size=560, show_numbers=False)"),
    ],
    "turns": [
        ("md", "turns.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import Exercises, ReplayWidget\n\n"
                 "ReplayWidget('turn_chain', lang=LANG, turns=False)"),
        ("md", "turns.again"),
        *_check("turns", 1, "turns.exercises"),
        ("md", "turns.recorded"),
        *_check("turns", 2),
        ("md", "turns.must"),
        *_check("turns", 3),
        ("md", "turns.coders"),
        ("code", f"{CHECK}\nfrom horserace_nb import Draw, IllegalMove, Place\n"
                 "from horserace_nb.teaching.examples import EXAMPLES\n"
                 "from horserace_nb.words import names, narration\n\n"
                 "game = EXAMPLES['turn_chain'].new_game()\n"
                 "for action in EXAMPLES['turn_chain'].actions:\n"
                 "    event = game.apply(action)\n"
                 "    name = names.seat_name(event.seat, LANG)\n"
                 "    print(*narration.event_lines(event, LANG, name), sep='\\n')\n"
                 "    print('   ', *game.scores)  #:at_once"),
        ("md", "turns.must_place"),
        ("code", f"{CHECK}\ngame = EXAMPLES['turn_chain'].new_game()\ngame.apply(Place('[1|4]'))\n"
                 "try:\n    game.apply(Draw())\nexcept IllegalMove as err:\n    print(err.localized(LANG))"),
    ],
    "drawing": [
        ("md", "drawing.intro"),
        ("md", "turns.draw"),
        ("code", f"{SETUP}\nfrom horserace_nb import Game\n"
                 "from horserace_nb.widgets import Exercises, PlayWidget, ReplayWidget\n\n"
                 "ReplayWidget('turn_chain', lang=LANG)"),
        ("md", "turns.learn"),
        ("code", "PlayWidget(Game(players=2, seed=45), human=0, lang=LANG, match='hand', "
                 "learn=True)"),
        *_check("drawing", 1),
        ("md", "turns.pass"),
        ("code", "ReplayWidget('pass_then_domino', lang=LANG)"),
        ("md", "turns.blocked"),
        ("code", "ReplayWidget('blocked_teams', lang=LANG)"),
        *_check("drawing", 2),
        ("md", "turns.end_first"),
        ("code", "ReplayWidget('win_62', lang=LANG)"),
        *_check("drawing", 3),
    ],
    "settlement": [
        ("md", "settle.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import bonus, round_pips\n"
                 "from horserace_nb.widgets import Exercises, ReplayWidget\n\n"
                 "ReplayWidget('bonus_17', lang=LANG, explain_first=False)"),
        ("md", "settle.rounding"),
        ("code", f"{CHECK}\nfor pips in (17, 18, 22, 12, 11):\n"
                 "    print(pips, '→', round_pips(pips), '→', bonus(pips))"),
        *_check("settlement", 1, "settle.exercises"),
        ("md", "settle.partners"),
        ("code", "ReplayWidget('bonus_partners', lang=LANG)"),
        ("md", "settle.blocked"),
        ("code", "ReplayWidget('blocked_teams', lang=LANG)"),
        *_check("settlement", 2),
        ("md", "settle.ties"),
        ("code", "ReplayWidget('tie_individual', lang=LANG)"),
        ("md", "settle.tie_teams"),
        ("code", "ReplayWidget('tie_teams', lang=LANG)"),
        *_check("settlement", 3),
        ("md", "end.next_leader"),
        *_check("settlement", 4),
    ],
    "end_of_game": [
        ("md", "end.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import Exercises, ReplayWidget\n\n"
                 "ReplayWidget('shared_win', lang=LANG, explain_first=False)"),
        ("md", "end.winning"),
        *_check("end_of_game", 1, "end.exercises"),
        ("md", "end.shared"),
        *_check("end_of_game", 2),
        ("md", "end.last_tile"),
        ("code", "ReplayWidget('last_tile_game', lang=LANG)"),
        *_check("end_of_game", 3),
        ("md", "end.coders"),
        ("code", f"{CHECK}\nfrom horserace_nb import Game\n"
                 "from horserace_nb.teaching.bots import GreedyBot\n\n"
                 "bot = GreedyBot()\ngame = Game(players=2, seed=2)\n"
                 "while not game.hand_over:  #:both_seats\n"
                 "    game.apply(bot(game.view(game.to_play)))\n"
                 "print(game.leader + 1, '→', game.history[-1].seat + 1)  #:went_out\n"
                 "game.next_hand()\nprint(game.leader + 1)  #:leads_next"),
        ("md", "end.next_leader_blocked"),
        ("code", f"{CHECK}\ngame = Game(players=2, seed=209)\n"
                 "while not game.hand_over:\n    game.apply(bot(game.view(game.to_play)))\n"
                 "print(len(game.boneyard), *game.pips())  #:pips_left\n"
                 "game.next_hand()\n"
                 "for rolls in game.lots[-1].rounds:  #:new_lot\n"
                 "    print(*[f'{seat + 1}: {roll}' for seat, roll in rolls.items()], sep='    ')\n"
                 "print(game.leader + 1)"),
    ],
    "play": [
        ("md", "play.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n\n"
                 "play = PlayWidget(Game(players=2, seed=2024), human=0, lang=LANG, "
                 "level='beginner')\nplay"),
        ("md", "play.controls"),
        ("md", "play.call_first"),
        ("code", "PlayWidget(Game(players=2, seed=2025), human=0, lang=LANG, level='beginner', "
                 "match='hand', call_first=True)"),
        ("md", "play.class_length"),
        ("code", "PlayWidget(players=2, seed=45, lang=LANG, match='hand', pass_and_play=True)"),
        ("md", "play.review_buttons"),
        ("md", "play.coders"),
        ("code", f"{CHECK}\nfrom horserace_nb.teaching.bots import GreedyBot, RandomBot\n"
                 "from horserace_nb.render.svg import game_svg\n"
                 "from horserace_nb.teaching.review import review_game\n\n"
                 "game = Game(players=2, seed=2024)\nbots = [RandomBot(seed=1), GreedyBot()]\n"
                 "while not game.hand_over:  #:random_first\n"
                 "    game.apply(bots[game.to_play](game.view(game.to_play)))\n"
                 "review = review_game(game, 0, seed=1)\n"
                 "worst = max(review, key=lambda entry: entry.loss)\n"
                 "print(worst.explain(LANG))\n"
                 "game_svg(worst.position(), seat=0, lang=LANG, size=560,\n"
                 "         played=worst.action, best=worst.best)"),
        ("md", "play.review_yours"),
        ("code", "from horserace_nb.widgets import ReviewWidget\n\n"
                 "ReviewWidget(play.game, 0, lang=LANG)"),
    ],
    "classroom": [
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import Classroom\n\nClassroom(lang=LANG)"),
    ],
    "puzzles": [
        ("md", "puzzles.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import PuzzleWidget\n\n"
                 "PuzzleWidget(lang=LANG)"),
        ("md", "puzzles.board"),
        ("md", "puzzles.in_code"),
        ("code", f"{SETUP}\nfrom horserace_nb import Place\n"
                 "from horserace_nb.teaching.puzzles import PUZZLES\n"
                 "from horserace_nb.render.svg import game_svg\n\n\n"
                 "def show(number):\n    #:show_doc\n"
                 "    puzzle = list(PUZZLES.values())[number - 1]\n"
                 "    print(puzzle.question(LANG))\n"
                 "    return game_svg(puzzle.game(), seat=puzzle.seat, lang=LANG, size=560)\n\n\n"
                 "def ask(number, hints, my_turn):\n"
                 "    #:ask_doc\n"
                 "    puzzle = list(PUZZLES.values())[number - 1]\n"
                 "    for hint in puzzle.hints(LANG)[:hints]:\n        print('·', hint)\n"
                 "    right, verdict = puzzle.check(my_turn, LANG)\n"
                 "    print(verdict)\n"
                 "    if right:\n        print('—', puzzle.title(LANG))"),
        ("md", "puzzles.how"),
        *_puzzle_cells(),
    ],
    "teacher_guide": [
        ("site", "guide.intro"),
        ("counts", "guide.counts"),
        ("md", "guide.before"),
        ("plans", "guide.plans"),
        ("code", f"{CHECK}\n{SETUP}\nfrom horserace_nb.render.svg import layout_svg\n"
                 "from horserace_nb.teaching.examples import EXAMPLES\n"
                 "from horserace_nb.words import narration\n\n"
                 "layout = EXAMPLES['sequence'].layouts()[6]  #:seventh\n"
                 "display(layout_svg(layout, lang=LANG, size=420, show_numbers=False))\n"
                 "print('→', narration.sum_line(layout, LANG))  #:task_one"),
        ("md", "guide.homework"),
        ("md", "guide.key"),
        ("code", f"{CHECK}\nfrom horserace_nb.teaching.course import COURSE, guide_set, "
                 "sections\n\n"
                 "for lesson, course in enumerate(COURSE):  #:every_case\n"
                 "    for section in range(1, len(sections(course.slug)) + 1):  #:by_section\n"
                 "        drills = guide_set(course.slug, section=section)\n"
                 "        for number, drill in enumerate(drills.exercises, 1):\n"
                 "            rules = ', '.join(drill.item_rules)\n"
                 "            print(f'{lesson:02d} · {section}.{number} ({rules})')\n"
                 "            print(drill.question(LANG))\n"
                 "            print('→', drill.answer_text(LANG))\n            print()"),
        ("md", "guide.key_predict"),
        ("code", "from horserace_nb.widgets import Reveal\n\n\n"
                 "def answer():  #:on_request\n"
                 "    example = EXAMPLES['sequence']\n"
                 "    for number, (place, layout) in enumerate(zip(example.placements, "
                 "example.layouts()), 1):\n"
                 "        print(number, narration.placement_heading(place.tile, place.on, "
                 "place.side, LANG))\n"
                 "        print('   ', narration.sum_line(layout, LANG))\n\n"
                 "Reveal(answer, lang=LANG)"),
        ("md", "guide.key_puzzles"),
        ("code", "from horserace_nb.teaching.puzzles import PUZZLES\n\n\n"
                 "def answer():  #:on_request\n"
                 "    for key, puzzle in PUZZLES.items():\n"
                 "        print(puzzle.title(LANG))\n"
                 "        print('→', puzzle.check(list(puzzle.chain), LANG)[1])\n"
                 "        print()\n\n"
                 "Reveal(answer, lang=LANG)"),
        ("md", "guide.misconceptions"),
        ("site", "guide.run"),
        ("links", "guide.links"),
        ("md", "guide.class_length"),
        ("md", "guide.progress"),
        ("md", "guide.own"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import PositionEditor\n\n"
                 "PositionEditor(lang=LANG)  #:own_position"),
    ],
    "class_report": [
        ("md", "report.intro"),
        ("code", f"{SETUP}\nfrom horserace_nb.widgets import ClassReport\n\n"
                 "ClassReport(lang=LANG)  #:pick_files"),
        ("md", "report.folder"),
    ],
}
"""The cells of every lesson of :data:`~horserace_nb.teaching.course.COURSE`, by its slug."""

STRUCTURE: list[tuple[str, list[Cell]]] = [(notebook(lesson.slug), CELLS[lesson.slug])
                                           for lesson in COURSE]
"""Every notebook: its file name and cells, in course order."""


# ---------------------------------------------------------------------- the lessons' counts
# What the teacher guide's timing rests on: the words a learner reads and the tasks of every
# lesson, counted from the lessons as built (the English text; every language has the same cells).
READING_WORDS_PER_MINUTE = 100
MINUTES = {"item": 1.5, "replay": 2.0, "game": 8.0}
"""Minutes per exercise item, per replay stepped through, per one-hand game."""
_WORD = re.compile(r"[A-Za-z0-9']+")
_SECTION = re.compile(r"section=(\d+)")


def _core(cells: list[Cell]) -> list[Cell]:
    """The cells of a lesson's core path: everything before its "Optional: for coders" part."""
    for i, (kind, body) in enumerate(cells):
        if kind == "md" and body.endswith(".coders"):
            return cells[:i]
    return cells


def lesson_counts(slug: str, cells: list[Cell]) -> dict[str, float]:
    """Prose words, tasks and the estimated minutes of the core path of one lesson."""
    text = filled_texts("en")
    core = _core(cells)
    prose = " ".join(_CODE.sub(" ", text[body]) for kind, body in core if kind == "md")
    words = len(_WORD.findall(re.sub(r"^#+ .*$", "", prose, flags=re.M)))
    code = [body for kind, body in core if kind == "code"]
    items = 0
    for body in code:
        if "Exercises.for_lesson(" in body:
            part = _SECTION.search(body)
            items += (len(sections(slug)[int(part.group(1)) - 1]) if part
                      else len(designed(slug)))
        elif "PuzzleWidget(" in body:
            items += len(PUZZLES)
    replays = sum(body.count("ReplayWidget(") for body in code)
    games = sum(body.count("PlayWidget(") + body.count("Classroom(") for body in code)
    minutes = (words / READING_WORDS_PER_MINUTE + items * MINUTES["item"]
               + replays * MINUTES["replay"] + games * MINUTES["game"])
    return {"words": words, "items": items, "replays": replays, "games": games,
            "minutes": minutes}


def counts_table(text: dict[str, str], lang: str) -> str:
    """The guide's table of the counts of every lesson that teaches rules (titles in *lang*,
    the guide's language)."""
    rows = [text["guide.counts_head"], "|---|---:|---:|---:|---:|---:|"]
    for lesson in COURSE:
        if lesson.on_map:
            c = lesson_counts(lesson.slug, CELLS[lesson.slug])
            rows.append(f"| [{title(lesson.slug, lang)}]({notebook(lesson.slug)}) | "
                        f"{c['words']} | {c['items']} | {c['replays']} | {c['games']} | "
                        f"{round(c['minutes'])} |")
    return "\n".join(rows)


# ---------------------------------------------------------------------- the class plans
# The guide's 45-minute class plans, computed from the counts above (so they follow the lessons
# when these change): the lessons that teach rules, in course order, a class after another.
CLASS_MINUTES = 45
LOAD_MINUTES = 7
"""Devices load: the site's address, the language, the lesson, Python starting (the site was
opened once on every device before the class)."""
SWITCH_MINUTES = 1
"""Opening the class's next lesson: its Python starts."""
HAND_IN_MINUTES = 5
"""Results handed in: *Download my results*, the file to the teacher."""
EXIT_TASK_MINUTES = 1
EXIT_TASKS_MAX = 3
SPARE_MINUTES = 4
"""Kept free in every class for what overruns: a device that fails, a question, a slow start."""
MIN_ITEMS_IN_CLASS = 3
"""A lesson too long for one class keeps at least this many of its items in class."""
EXIT_TASKS: dict[str, tuple[str, ...]] = {
    "deal": ("R5",), "lot": ("R6",), "seats": ("R2",), "join": ("R9", "R12"),
    "spinner": ("R10", "R11"), "total": ("R13", "R15"), "no_score": ("R15",), "display": ("R3",),
    "must_place": ("R16",), "drawn": ("R18",), "again": ("R17",), "pass": ("R19",),
    "end_first": ("R20",), "settle": ("R23",),
    "leader": ("R7",), "blocked": ("R22", "R23"), "win": ("R26",), "shared": ("R27",)}
"""The exit-ticket tasks (text ``guide.exit.<name>``) and the rules each asks about: a class's
ticket asks only tasks whose rules that class's lessons teach."""


class Block(NamedTuple):
    """One lesson in a class: its minutes in class and the items of its set done there."""

    slug: str
    minutes: int
    items: int
    of: int
    read: int
    replays: int
    games: int


class ClassPlan(NamedTuple):
    """One 45-minute class: its lessons and its exit ticket."""

    blocks: tuple[Block, ...]
    exit: tuple[str, ...]

    @property
    def rules(self) -> frozenset[str]:
        """The rules the class's lessons teach."""
        return frozenset(rule for block in self.blocks for rule in find_lesson(block.slug).rules)

    def rows(self) -> list[tuple[str, int, Block | None]]:
        """The timetable: ``(what, minutes, block)``, ``what`` one of ``load``, ``switch``,
        ``lesson``, ``hand_in``, ``exit``, ``spare``."""
        rows: list[tuple[str, int, Block | None]] = [("load", LOAD_MINUTES, self.blocks[0])]
        for i, block in enumerate(self.blocks):
            if i:
                rows.append(("switch", SWITCH_MINUTES, block))
            rows.append(("lesson", block.minutes, block))
        rows.append(("hand_in", HAND_IN_MINUTES, None))
        rows.append(("exit", EXIT_TASK_MINUTES * len(self.exit), None))
        spare = CLASS_MINUTES - sum(minutes for _, minutes, _ in rows)
        if spare > 0:
            rows.append(("spare", spare, None))
        return rows

    @property
    def minutes(self) -> int:
        """The planned minutes, spare time left out."""
        return sum(minutes for what, minutes, _ in self.rows() if what != "spare")


def _budget(blocks: list[Block]) -> int:
    """The minutes left for lessons in a class that holds *blocks* (one more switch if any)."""
    return (CLASS_MINUTES - LOAD_MINUTES - HAND_IN_MINUTES - EXIT_TASKS_MAX * EXIT_TASK_MINUTES
            - SPARE_MINUTES - SWITCH_MINUTES * len(blocks)
            - sum(block.minutes for block in blocks))


def practised(block: Block) -> frozenset[str]:
    """The rules a class practises of a lesson: all the lesson's when every item is done in
    class, else those of its rules the items done there practise (the first :attr:`Block.items` in the lesson's
    section order; the rest is homework)."""
    if block.items == block.of:
        return frozenset(find_lesson(block.slug).rules)
    order = [place for section in sections(block.slug) for place in section]
    items = designed(block.slug)
    return frozenset(rule for place in order[:block.items]
                     for rule in rules_of("exercise", "/".join(items[place]))
                     if rule in find_lesson(block.slug).rules)


def _exit_tasks(blocks: list[Block]) -> tuple[str, ...]:
    """Up to :data:`EXIT_TASKS_MAX` tasks on the rules the class practised (:func:`practised`),
    taking each lesson in turn."""
    per_lesson = [[name for name, rules in EXIT_TASKS.items() if set(rules) <= practised(block)]
                  for block in blocks]
    chosen: list[str] = []
    while len(chosen) < EXIT_TASKS_MAX and any(per_lesson):
        for tasks in per_lesson:
            if tasks and len(chosen) < EXIT_TASKS_MAX:
                chosen.append(tasks.pop(0))
    if not chosen:
        slugs = ", ".join(block.slug for block in blocks)
        raise ValueError(f"no exit-ticket task (EXIT_TASKS) asks about the rules of {slugs}")
    return tuple(chosen)


def class_plans(counts: dict[str, dict[str, float]]) -> list[ClassPlan]:
    """The classes that take the rule lessons (:attr:`Lesson.rules`) in course order, from
    their *counts* (:func:`lesson_counts`): a lesson goes whole into the class if it fits, else
    into the next class; a lesson longer than a class keeps its reading, replays and games and
    as many items as fit (the rest is homework).

    :raises ValueError: if a lesson cannot keep :data:`MIN_ITEMS_IN_CLASS` items in a class of
        its own, or a class has no exit-ticket task.
    """
    classes: list[list[Block]] = [[]]
    for lesson in COURSE:
        if not lesson.rules:
            continue
        c = counts[lesson.slug]
        fixed = (c["words"] / READING_WORDS_PER_MINUTE + c["replays"] * MINUTES["replay"]
                 + c["games"] * MINUTES["game"])
        items = int(c["items"])
        whole = math.ceil(fixed + items * MINUTES["item"])
        if whole > _budget(classes[-1]) and classes[-1]:
            classes.append([])
        room = _budget(classes[-1])
        if whole <= room:
            k = items
        else:
            k = min(items, math.floor((room - fixed) / MINUTES["item"]))
            if k < min(MIN_ITEMS_IN_CLASS, items):
                raise ValueError(f"lesson {lesson.slug}: {math.ceil(fixed)} minutes of reading, "
                                 f"replays and games leave no room for {MIN_ITEMS_IN_CLASS} "
                                 f"items in a {CLASS_MINUTES}-minute class: split it")
        classes[-1].append(Block(lesson.slug, math.ceil(fixed + k * MINUTES["item"]), k, items,
                                 math.ceil(c["words"] / READING_WORDS_PER_MINUTE),
                                 int(c["replays"]), int(c["games"])))
    return [ClassPlan(tuple(blocks), _exit_tasks(blocks)) for blocks in classes if blocks]


def _rule_span(rules: tuple[str, ...]) -> str:
    """``("R9", "R10", "R11", "R12")`` → ``"R9–R12"``; ``("R1", "R2", "R5")`` → ``"R1, R2, R5"``."""
    numbers = sorted(int(rule[1:]) for rule in rules)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"R{run[0]}–R{run[-1]}" if len(run) > 2 else ", ".join(f"R{n}" for n in run)
                     for run in runs)


def _steps(block: Block, text: dict[str, str], lang: str) -> str:
    """What a class does with one lesson, in the guide's language."""
    steps = [text["guide.plan.read"].format(minutes=block.read)]
    if block.replays:
        key = "guide.plan.replay_one" if block.replays == 1 else "guide.plan.replays"
        steps.append(text[key].format(count=block.replays))
    if block.games:
        key = "guide.plan.game_one" if block.games == 1 else "guide.plan.games"
        steps.append(text[key].format(count=block.games))
    if block.items == block.of:
        steps.append(text["guide.plan.items_all"].format(items=block.of))
    else:
        steps.append(text["guide.plan.items_some"].format(items=block.items, of=block.of))
    return text["guide.plan.what"].format(
        title=title(block.slug, lang),
        rules=_rule_span(find_lesson(block.slug).rules),
        steps=text["guide.plan.joiner"].join(steps))


def plans_markdown(text: dict[str, str], intro: str, lang: str) -> str:
    """The guide's class plans (:func:`class_plans`) in the guide's language (*text*)."""
    counts = {slug: lesson_counts(slug, cells) for slug, cells in CELLS.items()}
    plans = class_plans(counts)
    parts = [intro.format(load=LOAD_MINUTES, switch=SWITCH_MINUTES, hand_in=HAND_IN_MINUTES,
                          exit=EXIT_TASK_MINUTES, classes=len(plans), limit=CLASS_MINUTES)]
    for n, plan in enumerate(plans, 1):
        parts.append(text["guide.plan.head"].format(n=n, count=len(plans), minutes=plan.minutes,
                                                    limit=CLASS_MINUTES))
        rows = [text["guide.plan.table_head"], "|---|---|---|"]
        start = 0
        for what, minutes, block in plan.rows():
            where = "" if block is None else text["guide.plan.where"].format(
                number=number(block.slug), notebook=notebook(block.slug))
            if what == "lesson" and block is not None:
                cell = _steps(block, text, lang)
            elif what in ("load", "switch") and block is not None:
                cell = text[f"guide.plan.{what}"].format(number=number(block.slug))
            else:
                cell = text[f"guide.plan.{what}"]
            time = text["guide.plan.time"].format(start=start, end=start + minutes)
            rows.append(f"| {time} | {cell} | {where} |")
            start += minutes
        parts.append("\n".join(rows))
        tasks = [f"{i}. {text[f'guide.exit.{name}']}" for i, name in enumerate(plan.exit, 1)]
        parts.append(text["guide.plan.exit_head"] + "\n\n" + "\n".join(tasks))
    return "\n\n".join(parts)


def filled_texts(lang: str) -> dict[str, str]:
    """The markdown of *lang* by key, every reference to a lesson filled in
    (:func:`lesson_refs`)."""
    module = text_module(lang)
    return {key: lesson_refs(body, lang) for key, body in module.TEXT.items()}


_LESSON_REF = re.compile(r"\{(lesson|number|notebook|name):([\w.]+)\}")


def lesson_showing(key: str) -> int:
    """The number of the lesson (its file's two digits) whose cells show the text *key*.

    :raises KeyError: if no lesson shows it.
    """
    for lesson in COURSE:
        if any(kind != "code" and body == key for kind, body in CELLS[lesson.slug]):
            return number(lesson.slug)
    raise KeyError(f"{{lesson:{key}}}: no lesson shows the text {key!r}")


def lesson_refs(markdown: str, lang: str = "en") -> str:
    """*markdown* with every reference to a lesson filled in, so that no text writes a lesson's
    number, file or title of its own:

    - ``{lesson:KEY}``: the number of the lesson that shows the text ``KEY``
      ("lesson {lesson:end.next_leader}" → "lesson 5");
    - ``{number:SLUG}``, ``{notebook:SLUG}``, ``{name:SLUG}``: the number, the notebook's file
      and the title (without its number, in *lang*) of the lesson ``SLUG``
      ("[lesson {number:turns}]({notebook:turns})" → "[lesson 4](04_turns.ipynb)").
    """
    def fill(match: re.Match[str]) -> str:
        what, key = match.groups()
        if what == "lesson":
            return str(lesson_showing(key))
        if what == "number":
            return str(number(key))
        return notebook(key) if what == "notebook" else t(find_lesson(key).title_key, lang)

    return _LESSON_REF.sub(fill, markdown)


def text_module(lang: str) -> Any:
    """The module ``lessons/text/<lang>.py`` (its ``TEXT``: the markdown by key, as written)."""
    spec = importlib.util.spec_from_file_location(f"nbtext_{lang}", TEXT_DIR / f"{lang}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rules_page(lang: str) -> str:
    """The rules page the notebooks of *lang* link to, relative to a lesson (its language
    file's ``_rules_page``: ``../rules.ko.md``)."""
    return "../" + grammar("_rules_page", lang)


_CODE = re.compile(r"(```.*?```|`[^`\n]*`|\[[^\]\n]*\]\([^)\n]*\))", re.S)
_RULE = re.compile(r"(?<![\w#/])R([1-9]\d?)(?!\d)")


_RANGE = re.compile(r"(\[R\d+\]\([^)\n]*\))–(?=\[R\d+\]\()")
_JOIN = "\u2060"  # WORD JOINER: no line break on either side of the range's dash


def link_rules(markdown: str, page: str) -> str:
    """Every rule number outside code and outside an existing link, as a link to its anchor on
    *page*: "R17" → "[R17](../rules.md#r17)". A range of rules stays on one line: a word joiner
    (U+2060, invisible: checked in JupyterLab) on each side of its dash, where a browser would
    break ("(R13–" ⏎ "R15)").

    >>> link_rules("(R13–R15)", "p").replace("\u2060", "^")
    '([R13](p#r13)^–^[R15](p#r15))'
    """
    parts = _CODE.split(markdown)
    for i in range(0, len(parts), 2):
        parts[i] = _RULE.sub(lambda m: f"[R{m.group(1)}]({page}#r{m.group(1)})", parts[i])
    return _RANGE.sub(lambda m: f"{m.group(1)}{_JOIN}–{_JOIN}", "".join(parts))


def nav_line(index: int, text: dict[str, str], lang: str) -> str:
    """The last cell of notebook *index*: Back, Next and Start links."""
    names = [name for name, _ in STRUCTURE]
    titles = [title(lesson.slug, lang) for lesson in COURSE]
    back = ("../index.ipynb", text["title.index"]) if index == 0 else (
        names[index - 1], titles[index - 1])
    # a learner's page leads on to the next learner's page, past the teacher's pages (the
    # guide holds the answer keys): the last one's Next is the start page
    later = [i for i in range(index + 1, len(names)) if COURSE[i].teacher == COURSE[index].teacher]
    nxt = (names[later[0]], titles[later[0]]) if later else (names[0], titles[0])
    return text["nav"].format(back=back[0], back_title=back[1], next=nxt[0],
                              next_title=nxt[1], start=names[0], start_title=titles[0])


def build_notebook(cells: list[tuple[str, str]], lang: str, text: dict[str, str],
                   index: int | None = None) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    page = rules_page(lang)
    bodies = list(cells)
    if index is not None:
        bodies.append(("nav", str(index)))
    for i, (kind, body) in enumerate(bodies):
        cell_id = f"cell-{i:02d}"
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(link_rules(text[body], page),
                                                          id=cell_id))
        elif kind in ("links", "site"):  # {classroom}, {projector}: the site's pages
            body_text = link_rules(text[body].format(
                classroom="../" + light_url(lang),
                projector="../" + light_url(lang, projector=True),
                card="../" + card_file(lang)), page)
            if kind == "links":
                body_text = f"{body_text}\n\n{lesson_table('../')}"
            nb.cells.append(nbformat.v4.new_markdown_cell(body_text, id=cell_id))
        elif kind == "plans":  # the class plans, computed from the lessons' counts
            nb.cells.append(nbformat.v4.new_markdown_cell(
                link_rules(plans_markdown(text, text[body], lang), page), id=cell_id))
        elif kind == "counts":
            nb.cells.append(nbformat.v4.new_markdown_cell(
                link_rules(f"{text[body]}\n\n{counts_table(text, lang)}", page), id=cell_id))
        elif kind == "nav":
            nb.cells.append(nbformat.v4.new_markdown_cell(nav_line(int(body), text, lang),
                                                          id=cell_id))
        else:
            nb.cells.append(code_cell(body, lang, text, cell_id))
    return nb


def code_cell(body: str, lang: str, text: dict[str, str], cell_id: str) -> Any:
    """A code cell of *body* in *lang*: its comments in the language (``#:name``), a predict
    cell's first comment ``code.predict`` and its metadata (no stored output), a checked
    cell's tag."""
    metadata: dict[str, Any] = {}
    if body.startswith(PREDICT + "\n"):  # answered by running: no stored output
        body = f"# {text['code.predict']}\n{body[len(PREDICT) + 1:]}"
        metadata = predict_metadata()
    elif body.startswith(CHECK + "\n"):
        body = body[len(CHECK) + 1:]
        metadata = {"tags": [CHECK_TAG]}
    source = COMMENT.sub(lambda m: "# " + text[f"code.{m.group(1)}"], body)
    return nbformat.v4.new_code_cell(source.replace("{lang}", lang), id=cell_id,
                                     metadata=metadata)


def execute_and_strip(nb: Any, cwd: Path) -> Any:
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        predict, checked = PREDICT_TAG in tags, CHECK_TAG in tags
        if not checked or predict:
            cell.outputs = []
            cell.execution_count = None
        for output in cell.outputs:
            output.pop("execution_count", None) if output.get("output_type") != "execute_result" \
                else None
            if output.get("output_type") == "error":
                raise RuntimeError(f"cell failed: {cell.source[:80]}")
        cell.outputs = _joined_streams(cell.outputs)
        cell.metadata = predict_metadata() if predict else {"tags": [CHECK_TAG]} if checked \
            else {}
    nb.metadata.pop("widgets", None)
    return nb


def _joined_streams(outputs: list[Any]) -> list[Any]:
    """Consecutive pieces of one stream as one output: the kernel may flush a print in two
    pieces, which would make the stored notebook differ from run to run."""
    joined: list[Any] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (last is not None and output.get("output_type") == "stream"
                and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
            last["text"] = "".join(last["text"]) + "".join(output["text"])
        else:
            joined.append(output)
    return joined


def render(nb: Any) -> str:
    return nbformat.writes(nb) + "\n"


INDEX_HEAD = """# Horse Race · 경마 · ホースレース

- **English** — [start here](en/{start_page}) · [the rules](rules.md) ([on one page to print]({card_en})) · [the classroom page]({classroom_en}): a match against the computer and the worked examples, no code ([for the projector]({projector_en}): large text, the whole width)
- **한국어** — [여기서 시작하세요](ko/{start_page}) · [규칙](rules.ko.md) ([인쇄용 한 장짜리 규칙 카드]({card_ko})) · [수업용 페이지]({classroom_ko}): 코드 없이 컴퓨터와 겨루고 규칙 예시를 봅니다 ([프로젝터용]({projector_ko}): 화면 전체에 큰 글자로)
- **日本語** — [ここから始めましょう](ja/{start_page}) · [ルール](rules.ja.md) ([印刷用の1枚のルールカード]({card_ja})) · [授業用ページ]({classroom_ja}): コードなしでコンピューターと対局し、例題を見ます ([プロジェクター用]({projector_ja}): 画面いっぱいに大きな文字で)

## {every_lesson}
"""

INDEX_FOOT = """Each link opens one lesson on a page of its own. To send learners straight to a lesson, give them the site's address followed by the part after the site in the table, for example `lab/index.html?path=ko/{example}`; the [teacher guide](en/{guide}) lists every link.

각 링크는 강의 하나를 따로 엽니다. 학습자를 바로 한 강의로 보내려면 사이트 주소 뒤에 표의 링크 부분을 붙여 알려 주세요 (예: `lab/index.html?path=ko/{example}`). [교사용 안내서](ko/{guide})에 모든 링크가 있습니다.

各リンクはレッスンを一つずつ別のページで開きます。学習者をレッスンへ直接案内するには、サイトのアドレスの後に表のリンクの部分を付けて伝えてください（例：`lab/index.html?path=ja/{example}`）。すべてのリンクは[先生向けガイド](ja/{guide})にあります。
"""


def lesson_table(prefix: str = "") -> str:
    """A table of every lesson in every language, each a direct link (``lab/index.html?path=…``)
    relative to the site's root, with *prefix* (``../`` from a lesson's folder) before it."""
    rows = ["| " + " | ".join(label(lang) for lang in LANGS) + " |", "|---" * len(LANGS) + "|"]
    for n, lesson in enumerate(COURSE):
        cells = []
        for lang in LANGS:
            name = title(lesson.slug, lang)
            if not n:  # the start page, numbered here
                name = t("lesson.numbered", lang, number=0,
                         title=f"{name[:1].upper()}{name[1:]}")
            cells.append(f"[{name}]({prefix}{lesson_url(f'{lang}/{notebook(lesson.slug)}')})")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def build_index() -> str:
    index = nbformat.v4.new_notebook()
    head = INDEX_HEAD.format(
        **{f"classroom_{lang}": light_url(lang) for lang in LANGS},
        **{f"projector_{lang}": light_url(lang, projector=True) for lang in LANGS},
        **{f"card_{lang}": card_file(lang) for lang in LANGS},
        start_page=notebook("start"),
        every_lesson=" · ".join(t("site.every_lesson", lang) for lang in LANGS))
    names = {"example": notebook("turns"), "guide": notebook("teacher_guide")}
    source = f"{head}\n{lesson_table()}\n\n{INDEX_FOOT.format(**names)}"
    index.cells.append(nbformat.v4.new_markdown_cell(source, id="cell-00"))
    index.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}
    return render(index)


RULES_PAGES = list(dict.fromkeys(grammar("_rules_page", lang).removesuffix(".md")
                                 for lang in LANGS))
"""The rules pages (each language file's ``_rules_page``), without their suffix: ``notebooks/<page>.md`` is the page
itself, ``notebooks/<page>.ipynb`` the same page as a notebook of one markdown cell, which
the widgets' rule links open where a front end renders notebooks but not markdown files
(Notebook 7, Voilà)."""


def build_rules_notebook(markdown: str) -> str:
    """The rules page *markdown* as a notebook of one markdown cell, its links to the other
    languages' pages turned to their notebooks; its anchors (``<a id="r17"></a>``) kept."""
    for page in RULES_PAGES:
        markdown = markdown.replace(f"]({page}.md)", f"]({page}.ipynb)")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell(markdown, id="rules"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    return render(nb)


def build_all(only: str | None = None) -> dict[Path, str]:
    out: dict[Path, str] = {NOTEBOOKS / "index.ipynb": build_index()}
    out |= {NOTEBOOKS / card_file(lang): rule_card_svg(lang) for lang in LANGS}
    for page in RULES_PAGES:
        source = (NOTEBOOKS / f"{page}.md").read_text(encoding="utf-8")
        out[NOTEBOOKS / f"{page}.ipynb"] = build_rules_notebook(source)
    for lang in LANGS:
        text = filled_texts(lang)
        folder = NOTEBOOKS / lang
        folder.mkdir(parents=True, exist_ok=True)
        for i, (name, cells) in enumerate(STRUCTURE):
            if only is not None and not name.startswith(only):
                continue
            nb = execute_and_strip(build_notebook(cells, lang, text, i), folder)
            out[folder / name] = render(nb)
    return out


def generated() -> list[str]:
    """Every notebook this script writes, relative to ``notebooks/``: the classroom site trusts
    exactly these, as ``notebooks/.lessons.json`` records them (path and sha256)."""
    names = ["index.ipynb", *(f"{page}.ipynb" for page in RULES_PAGES)]
    return names + [f"{lang}/{name}" for lang in LANGS for name, _ in STRUCTURE]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="verify only; write nothing")
    parser.add_argument("--only", help="build only the notebooks whose name starts with this")
    args = parser.parse_args()
    built = build_all(args.only)
    stale = [p for p, s in built.items() if not p.exists() or p.read_text("utf-8") != s]
    manifest = NOTEBOOKS / LESSONS_MANIFEST
    if args.check:
        if not stale and (not manifest.exists() or manifest.read_text("utf-8")
                          != lessons_manifest(NOTEBOOKS, generated())):
            stale.append(manifest)
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}")
        return 1 if stale else 0
    for path, content in built.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    manifest.write_text(lessons_manifest(NOTEBOOKS, generated()), encoding="utf-8")
    print(json.dumps({"written": len(built), "changed": len(stale)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
