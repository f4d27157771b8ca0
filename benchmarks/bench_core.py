"""Benchmark: random full hands through Game.legal_actions / Game.apply (issue: rules core).

Prints hands per second on one core (target: at least 10,000 random 2-player hands per second).
Run: .venv/bin/python benchmarks/bench_core.py [--hands N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from horserace_nb import Game


def play_hands(count: int, players: int, partners: bool, start_seed: int) -> int:
    """Play *count* random hands; return the number of actions taken."""
    actions = 0
    choose = random.Random(start_seed).choice  # the random player's own choices
    for seed in range(start_seed, start_seed + count):
        game = Game(players=players, partners=partners, seed=seed)
        legal, apply = game.legal_actions, game.apply
        while not game.hand_over:
            apply(choose(legal()))
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000, help="hands per timed round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for players, partners in ((2, False), (3, False), (4, False), (4, True)):
        rates = []
        actions = 0
        for r in range(args.rounds):
            t0 = time.process_time()
            actions = play_hands(args.hands, players, partners, r * args.hands)
            rates.append(args.hands / (time.process_time() - t0))
        label = f"{players} players{' (partners)' if partners else ''}"
        print(f"{label:22s} median {statistics.median(rates):9,.0f} hands/s "
              f"(best {max(rates):,.0f}, worst {min(rates):,.0f}; "
              f"{actions / args.hands:.1f} actions per hand)")


if __name__ == "__main__":
    main()
