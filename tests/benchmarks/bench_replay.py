"""Replay memory and time for long records (issue 9 item 2): MB held by the replay widget's
steps and seconds to build them and to visit every step, for 4,000/8,000/16,000-action records.

Long games come from ``Game(players=2, target=...)`` (a high target keeps the match going)
played by RandomBot. Memory is measured with tracemalloc (the Python heap the steps keep).

    .venv/bin/python tests/benchmarks/bench_replay.py
"""

from __future__ import annotations

import gc
import time
import tracemalloc

from horserace_nb import Game
from horserace_nb.sessions.replay import ReplaySteps, build_steps
from horserace_nb.teaching.bots import RandomBot


def long_record(actions: int, seed: int = 1) -> dict[str, object]:
    game = Game(players=2, target=100_000, seed=seed)
    bots = [RandomBot(seed=seed), RandomBot(seed=seed + 1)]
    while game.action_count < actions:
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(bots[game.to_play](game.view(game.to_play)))
    return game.record()


def main() -> None:
    print(f"{'actions':>8} {'steps MB':>9} {'build s':>8} {'walk s':>7} {'back s':>7} "
          f"{'per step ms':>11}")
    for n in (4_000, 8_000, 16_000):
        record = long_record(n)
        gc.collect()
        tracemalloc.start()
        start = time.perf_counter()
        steps, _ = build_steps(record)
        build = time.perf_counter() - start
        size, _peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert isinstance(steps, ReplaySteps)
        start = time.perf_counter()
        for i in range(len(steps)):  # the Next button, step after step
            steps[i]
        walk = time.perf_counter() - start
        start = time.perf_counter()
        for i in range(len(steps) - 1, len(steps) - 201, -1):  # Previous, 200 times
            steps[i]
        back = time.perf_counter() - start
        print(f"{len(record['actions']):>8} {size / 2**20:>9.1f} {build:>8.2f} {walk:>7.2f} "
              f"{back:>7.2f} {1000 * walk / len(steps):>11.3f}")


if __name__ == "__main__":
    main()
