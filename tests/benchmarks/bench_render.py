"""Benchmark: drawing SVG pictures, against python-chess's ``chess.svg.board()`` in the same run.

Targets: at most 5 ms median per picture, and at most 3× the median of ``chess.svg.board()``
(a mid-game position with its last move marked, the reference of a pure-function SVG board).

Measures, per call, the median time of

- ``layout_svg`` for maximal random layouts (random tiles at random legal points until nothing
  fits: 26–28 tiles), the geometry included, and with a highlight and the legal targets of a tile;
- ``game_svg`` for full game views (2, 3 and 4 players, partners): mid-hand states of random
  games, every seat's view;
- ``layout_geometry`` alone, for comparison (the geometry module's own cost);
- ``chess.svg.board()`` (python-chess, from the ``test`` extra).

The measurements are interleaved (every pass calls each of them in turn), so a change in the
load of a shared machine affects them alike. CPU time per call (``time.process_time``) is
reported with the wall time: on a shared machine the wall time also counts other processes.

Run: .venv/bin/python tests/benchmarks/bench_render.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import chess
import chess.svg

from horserace_nb import Game, Layout
from horserace_nb.render import game_svg, layout_geometry, layout_svg

TARGET_MS = 5.0
TARGET_RATIO = 3.0  # at most this many times chess.svg.board()
MID_GAME = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
            "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"]


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


def chess_board() -> chess.Board:
    """A mid-game position (the Closed Ruy Lopez, Breyer variation: 20 plies)."""
    board = chess.Board()
    for move in MID_GAME:
        board.push_san(move)
    return board


Timing = tuple[float, float, float]


def median_ms(groups: list[list[Callable[[], object]]], repeat: int) -> list[Timing]:
    """Per group of *calls*: the median CPU time, its 90th percentile, and the median wall time
    (ms) of single calls, over *repeat* passes; each pass goes through every group in turn.
    CPU time (``time.process_time``) is the figure to judge: wall time also counts the time
    other processes hold the cores."""
    for calls in groups:  # warm up
        for call in calls:
            call()
    cpu: list[list[float]] = [[] for _ in groups]
    wall: list[list[float]] = [[] for _ in groups]
    for _ in range(repeat):
        for i, calls in enumerate(groups):
            for call in calls:
                start, start_wall = time.process_time(), time.perf_counter()
                call()
                cpu[i].append((time.process_time() - start) * 1000)
                wall[i].append((time.perf_counter() - start_wall) * 1000)
    out = []
    for c, w in zip(cpu, wall, strict=True):
        c.sort()
        out.append((statistics.median(c), c[int(len(c) * 0.9)], statistics.median(w)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    layouts = [random_layout(seed) for seed in range(10)]
    sizes = sorted(len(x) for x in layouts)
    names: list[str] = []
    groups: list[list[Callable[[], object]]] = []
    byte_sizes: list[int] = []

    def add(name: str, calls: list[Callable[[], object]], size: int) -> None:
        names.append(name)
        groups.append(calls)
        byte_sizes.append(size)

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
    board = chess_board()
    last = board.peek()
    add("chess.svg.board (mid-game, last move)",
        [lambda: chess.svg.board(board, lastmove=last, size=400)] * 10,
        len(chess.svg.board(board, lastmove=last, size=400)))

    rows = median_ms(groups, args.repeat)
    print(f"layouts: {len(layouts)} maximal random layouts of {sizes[0]}–{sizes[-1]} tiles; "
          f"games: {len(games)} mid-hand games; {args.repeat} passes; "
          f"python-chess {chess.__version__}")
    print(f"{'picture':40} {'median ms':>10} {'p90 ms':>8} {'wall ms':>8} {'max bytes':>10}")
    print(f"{'':40} {'(CPU)':>10} {'(CPU)':>8} {'(median)':>8}")
    for name, (med, p90, wall), size in zip(names, rows, byte_sizes, strict=True):
        print(f"{name:40} {med:10.2f} {p90:8.2f} {wall:8.2f} {size or '':>10}")
    ours = {name: med for name, (med, *_) in zip(names, rows, strict=True) if "_svg" in name}
    chess_ms = rows[-1][0]
    worst_name, worst = max(ours.items(), key=lambda item: item[1])
    verdict = "meets" if worst <= TARGET_MS else "MISSES"
    print(f"slowest SVG median {worst:.2f} ms ({worst_name}): {verdict} the {TARGET_MS:g} ms "
          "target")
    for name, med in ours.items():
        ratio = med / chess_ms
        verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
        print(f"{name:40} {ratio:5.2f}× chess.svg.board ({chess_ms:.2f} ms): {verdict} "
              f"the {TARGET_RATIO:g}× target")


if __name__ == "__main__":
    main()
