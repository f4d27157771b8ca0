"""The computer's levels as a learner meets them (issue 19 item 6): the time per decision of
each level's player (``level_bot``) and how often it wins a two-player match to 61 against the
medium level, every deal played twice with the seats swapped.

Run: ``nice -n 10 .venv/bin/python tests/benchmarks/bench_levels.py --deals 10``
"""

from __future__ import annotations

import argparse
import statistics
import time
import zlib

from horserace_nb import Game
from horserace_nb.teaching.bots import LEVELS, level_bot


def match(level: str, deal: int, seat: int, times: list[float]) -> float:
    """1 if *level* (at *seat*) wins against medium, 0.5 for a shared win, else 0."""
    bots = [level_bot("medium"), level_bot("medium")]
    bots[seat] = level_bot(level, seed=zlib.crc32(f"{deal}|{seat}".encode()))
    game = Game(players=2, seed=deal)
    while not game.game_over:
        while not game.hand_over:
            mover = game.to_play
            start = time.perf_counter()
            action = bots[mover](game.view(mover))
            if mover == seat:
                times.append(time.perf_counter() - start)
            game.apply(action)
        if not game.game_over:
            game.next_hand()
    winners = game.winners or []
    return (1.0 if winners == [seat] else 0.5 if seat in winners else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args()
    for level in LEVELS:
        times: list[float] = []
        wins = sum(match(level, deal, seat, times) for deal in range(args.deals)
                   for seat in (0, 1))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{level:9s} vs medium: {wins:4.1f}/{2 * args.deals} matches to 61 won; "
              f"{len(times)} decisions, p50 {1000 * statistics.median(times):.1f} ms, "
              f"p95 {1000 * p95:.1f} ms, max {1000 * times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
