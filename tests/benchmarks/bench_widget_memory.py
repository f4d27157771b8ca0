"""Widget memory over many cycles (issue 16 item 7): for each widget, 200 open/close cycles and
200 language switches (plus the replacements each widget makes: a review opened and closed in
play, an example chosen in the classroom, Exercises' Next, a puzzle redrawn), printing the live
widget count (ipywidgets' registry of open widgets) and the Python heap (tracemalloc) before
and after. Flat means nothing is left behind in the kernel (nor, each widget being a view in
the browser, in the page).

    .venv/bin/python tests/benchmarks/bench_widget_memory.py [cycles]
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from ipywidgets.widgets import widget as widget_module

from horserace_nb import Game
from horserace_nb.widgets import (
    Classroom,
    Exercises,
    PlayWidget,
    PuzzleWidget,
    ReplayWidget,
    ReviewWidget,
)


def live() -> int:
    return len(widget_module._instances)


def hand_over_play() -> PlayWidget:
    w = PlayWidget(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=[], leader=0))
    w.review_rollouts = 4
    w.place("[1|4]")
    w.place("[2|3]", "[1|4]", "low")
    return w


def measure(name: str, cycle: Callable[[], Any], cycles: int) -> None:
    cycle()  # the first cycle may build what is kept
    gc.collect()
    widgets_before, (heap_before, _) = live(), tracemalloc.get_traced_memory()
    start = time.perf_counter()
    for _ in range(cycles):
        cycle()
    seconds = time.perf_counter() - start
    gc.collect()
    widgets_after, (heap_after, _) = live(), tracemalloc.get_traced_memory()
    print(f"{name:<34} widgets {widgets_before:5d} → {widgets_after:5d} "
          f"({widgets_after - widgets_before:+5d})   heap {heap_before / 2**20:6.2f} → "
          f"{heap_after / 2**20:6.2f} MiB ({(heap_after - heap_before) / 2**20:+6.2f})   "
          f"{1000 * seconds / cycles:6.1f} ms/cycle")


def switcher(w: Any) -> Callable[[], None]:
    def switch() -> None:
        w.lang = "ja" if w.lang == "ko" else "ko"
    return switch


def main(cycles: int = 200) -> None:
    tracemalloc.start()
    makers: dict[str, Callable[[], Any]] = {
        "Exercises": lambda: Exercises(["open", "where", "settle"], seed=2),
        "PuzzleWidget": PuzzleWidget,
        "ReplayWidget": lambda: ReplayWidget("sequence", predict=True),
        "PlayWidget": lambda: PlayWidget(Game(seed=4)),
        "Classroom": lambda: Classroom(seed=4),
        "ReviewWidget": lambda: ReviewWidget(
            Game(hands=[["[1|4]"], ["[5|6]"]], boneyard=[], leader=0), 0, rollouts=4),
    }
    print(f"{cycles} cycles each")
    for name, make in makers.items():
        measure(f"{name} open/close", lambda make=make: make().close(), cycles)
        measure(f"{name} language switch", switcher(make()), cycles)
    play = hand_over_play()

    def review() -> None:
        play.open_review()
        play.close_review()

    measure("Play: review opened/closed", review, cycles)
    room = Classroom(seed=4)
    keys = ["spinner_walk", "sequence"]

    def example() -> None:
        keys.reverse()
        room.example_choice.value = keys[0]

    measure("Classroom: example chosen", example, cycles)
    measure("Exercises: Next", Exercises(["open", "total", "where", "settle"], seed=2).next,
            cycles)
    puzzle = PuzzleWidget()
    measure("PuzzleWidget: next puzzle", puzzle.next, cycles)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
