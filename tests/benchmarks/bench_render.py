"""Benchmark: drawing SVG pictures (target: at most 5 ms median per picture).

Measures, per call, the median wall time of

- ``layout_svg`` for maximal random layouts (random tiles at random legal points until nothing
  fits: 26–28 tiles), the geometry included, and with a highlight and the legal targets of a tile;
- ``game_svg`` for full game views (2, 3 and 4 players, partners): mid-hand states of random
  games, every seat's view;
- ``layout_geometry`` alone, for comparison (the geometry module's own cost).

CPU time per call (``time.process_time``) is reported with the wall time: on a shared machine
the wall time also counts other processes.

Run: .venv/bin/python tests/benchmarks/bench_render.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from horserace_nb import Game, Layout
from horserace_nb.render import game_svg, layout_geometry, layout_svg

TARGET_MS = 5.0


def random_layout(seed: int) -> Layout:
    """A maximal random layout (:meth:`Layout.random`)."""
    return Layout.random(seed)

def mid_hand_game(seed: int, players: int, partners: bool) -> Game:
    """A random game stopped two thirds of the way through its first hand."""

    def play(limit: int) -> tuple[Game, int]:
        rng = random.Random(seed)
        game = Game(players=players, partners=partners, seed=seed)
        steps = 0
        while not game.hand_over and steps < limit:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        return game, steps

    return play(play(10_000)[1] * 2 // 3)[0]


def median_ms(calls: list[Callable[[], object]], repeat: int) -> tuple[float, float, float]:
    """Median CPU time, its 90th percentile, and median wall time (ms) of single calls, over
    *repeat* passes through *calls*. CPU time (``time.process_time``) is the figure to judge:
    wall time also counts the time other processes hold the cores."""
    for call in calls:  # warm up
        call()
    cpu, wall = [], []
    for _ in range(repeat):
        for call in calls:
            start, start_wall = time.process_time(), time.perf_counter()
            call()
            cpu.append((time.process_time() - start) * 1000)
            wall.append((time.perf_counter() - start_wall) * 1000)
    cpu.sort()
    return statistics.median(cpu), cpu[int(len(cpu) * 0.9)], statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    layouts = [random_layout(seed) for seed in range(10)]
    sizes = sorted(len(x) for x in layouts)
    rows: list[tuple[str, float, float, float, int]] = []

    def add(name: str, calls: list[Callable[[], object]], size: int) -> None:
        rows.append((name, *median_ms(calls, args.repeat), size))

    add("layout_geometry (maximal layouts)",
        [lambda x=x: layout_geometry(x) for x in layouts], 0)
    add("layout_svg (maximal layouts)", [lambda x=x: layout_svg(x) for x in layouts],
        max(len(layout_svg(x)) for x in layouts))

    def with_targets(x: Layout) -> Callable[[], object]:
        """The layout less its last tile, with that tile's legal points as targets."""
        last = x.tiles[-1]
        shorter = Layout.from_placements(x.placements()[:-1])
        targets = shorter.legal_points(last)
        assert targets
        return lambda: layout_svg(shorter, highlight=shorter.tiles[-1], targets=targets,
                                  lang="ja")

    add("layout_svg (highlight + targets, ja)", [with_targets(x) for x in layouts], 0)
    games = [mid_hand_game(seed, p, partners) for seed in range(4)
             for p, partners in ((2, False), (3, False), (4, False), (4, True))]
    add("game_svg (mid-hand views, every seat)",
        [lambda g=g, s=s: game_svg(g, seat=s) for g in games for s in range(g.players)],
        max(len(game_svg(g, seat=0)) for g in games))

    print(f"layouts: {len(layouts)} maximal random layouts of {sizes[0]}–{sizes[-1]} tiles; "
          f"games: {len(games)} mid-hand games; {args.repeat} passes")
    print(f"{'picture':40} {'median ms':>10} {'p90 ms':>8} {'wall ms':>8} {'max bytes':>10}")
    print(f"{'':40} {'(CPU)':>10} {'(CPU)':>8} {'(median)':>8}")
    for name, med, p90, wall, size in rows:
        print(f"{name:40} {med:10.2f} {p90:8.2f} {wall:8.2f} {size or '':>10}")
    worst = max(med for name, med, *_ in rows if "svg" in name)
    verdict = "meets" if worst <= TARGET_MS else "MISSES"
    print(f"slowest SVG median {worst:.2f} ms: {verdict} the {TARGET_MS:g} ms target")


if __name__ == "__main__":
    main()
